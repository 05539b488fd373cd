#!/usr/bin/env python3
"""A one-deck Dou-Dizhu-like combination judge: ``dou_dizhu.py [--undeclared]`` (issue 20).

It answers ``classify``, ``beats`` and ``plays`` as a Dou Dizhu judge does, where that
game differs from this one (everything else is the reference engine's answer):

- one deck of 54 cards: a card set holding two copies of a face is not a card set to it
  (``ok: false``);
- pair runs of 3 to 10 pairs (a run of two pairs is no combination);
- the strict wing rule: a triple next to an airplane's body is body, never wings, and four
  of a rank is never a pair of wings;
- four of a rank with two singles, or with two pairs, is legal (it has no reading in the
  kit's notation, so ``classify`` says legal with no reading);
- no 5,10,K.

Its handshake says all that with the profile words of ruling D39 (``pack``, ``runs``,
``wings``, ``extra_shapes``) and ``shapes`` without ``5-10-K``: the suite then runs green
with no expectations file. ``--undeclared`` sends the handshake of an engine that says
nothing of it: the scenarios the declaration skips then fail or error.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from fivetenk.impl import sdk
from fivetenk.impl.adapter import ReferenceEngine
from fivetenk.impl.words import SHAPES
from fivetenk.reference import Combo, parse_cards

ACE = 14
DECLARED: dict[str, Any] = {
    "pack": 1, "runs": {"pairs": [3, 10]}, "wings": "strict",
    "extra_shapes": ["four+singles", "four+pairs"],
}


def counts(cards: list[str]) -> Counter[int]:
    return Counter(int(card.rank) for card in parse_cards(cards))


def allowed(reading: str, ranks: Counter[int]) -> bool:
    """Whether a reading of the kit's notation is one Dou Dizhu has, for cards of these
    ranks (their counts; none known: only the reading is judged)."""
    if reading.startswith("5-10-K"):
        return False
    combo = Combo.parse(reading)
    word = combo.shape.value
    if word == "pairs" and not 3 <= combo.length <= 10:
        return False
    if word in ("airplane+singles", "airplane+pairs") and ranks:
        high = int(combo.key)
        low = high - combo.length + 1
        if ranks.get(low - 1, 0) >= 3 or (high < ACE and ranks.get(high + 1, 0) >= 3):
            return False  # a triple next to the body is body
        if word == "airplane+pairs" and any(n >= 4 for r, n in ranks.items()
                                            if not low <= r <= high):
            return False  # a bomb is never a pair of wings
    return True


def extra(ranks: Counter[int]) -> bool:
    """Four of a rank with two singles (not both jokers) or two pairs: four-with-two."""
    total = sum(ranks.values())
    for four, n in ranks.items():
        if n != 4 or four >= 16:
            continue
        rest = {r: m for r, m in ranks.items() if r != four}
        if total == 6 and not (rest.get(16) and rest.get(17)):
            return True
        if total == 8 and sorted(rest.values()) == [2, 2]:
            return True
    return False


def play_ranks(play: str) -> Counter[int]:
    """The rank counts of a listed play, ``"airplane+singles 3-4: 3 3 3 4 4 4 9 9"``."""
    names = {"J": 11, "Q": 12, "K": 13, "A": 14, "2": 15, "SJ": 16, "BJ": 17}
    found: Counter[int] = Counter()
    for word in play.split(":", 1)[1].split():
        found[names[word] if word in names else int(word)] += 1
    return found


class DouDizhu(sdk.Engine):
    name = "dou-dizhu judge"
    version = "one deck"
    protocol = "1.3"  # the conventions of protocol.md, section 8 (the reference's answers)
    capabilities = ("classify", "beats", "plays")
    shapes = tuple(s for s in SHAPES if s != "5-10-K")

    def __init__(self, declared: bool) -> None:
        self.reference = ReferenceEngine(name=self.name)
        self.declared = declared
        self.profile = DECLARED if declared else {}
        if not declared:
            self.shapes = None

    def one_deck(self, *sets: Any) -> None:
        cards = [c for s in sets if isinstance(s, list) for c in s]
        twice = [card for card, n in Counter(cards).items() if n > 1]
        if twice:
            raise ValueError(f"{twice[0]} twice: one deck holds one of each card")

    def start(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("setup") is not None:
            raise ValueError("the judge plays no hands")
        return self.reference.start(request)

    def classify(self, request: dict[str, Any]) -> dict[str, Any]:
        self.one_deck(request.get("cards"))
        answer = self.reference.classify(request)
        if "readings" not in answer:
            return answer  # refused as bad input: the same here
        ranks = counts(request["cards"])
        readings = [r for r in answer["readings"] if allowed(r, ranks)]
        return {"legal": bool(readings) or extra(ranks), "readings": readings}

    def beats(self, request: dict[str, Any]) -> dict[str, Any]:
        self.one_deck(request.get("reply"), request.get("top"))
        answer = self.reference.beats(request)
        reading = answer.get("reading")
        reply, top = counts(request["reply"]), counts(request["top"])
        tops = self.reference.classify({"cmd": "classify", "cards": request["top"]})
        top_ok = all(allowed(r, top) for r in tops.get("readings", [])[:1])
        if isinstance(reading, str) and not (allowed(reading, reply) and top_ok):
            return {"beats": False, "reading": None}
        if extra(reply) or extra(top):
            return {"beats": False, "reading": None}
        return answer

    def plays(self, request: dict[str, Any]) -> dict[str, Any]:
        self.one_deck(request.get("hand"), request.get("top"))
        answer = self.reference.plays(request)
        listed = [p for p in answer.get("plays", [])
                  if allowed(p.split(":", 1)[0], play_ranks(p))]
        return {"count": len(listed), "plays": listed}


if __name__ == "__main__":
    sys.exit(sdk.serve(DouDizhu("--undeclared" not in sys.argv)))
