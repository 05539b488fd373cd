#!/usr/bin/env python3
"""A combination judge with house rules the profile words of issue 32 describe:
``house_words.py RULE[,RULE…] [--undeclared]``.

It answers ``classify``, ``beats`` and ``plays`` as the reference does, except for the
house rules named (every one when none is):

- ``run_top``: runs stop at K, as aeoleader/510k's ``MAX_RUN_VALUE = 13`` (a straight,
  pair run or airplane body reaching the ace is no such run);
- ``jokers``: jokers join no other cards (``7 7 7 SJ SJ`` is no triple+pair; no joker
  kicker or wing), as aeoleader/510k's;
- ``wings``: four of a rank is never among an airplane's wings, as singles or as pairs,
  and a triple next to the body is body, as RLCard's Dou Dizhu;
- ``winged``: winged airplanes of at most 4 triples (single wings) and 3 (pair wings),
  as a 20-card hand caps them (RLCard), while bare airplanes keep this game's lengths.

Its hello declares them (``run_top: "K"``, ``jokers: "alone"``, ``wings: "strict"``,
``runs: {"airplane+singles": [2, 4], "airplane+pairs": [2, 3]}``), and the suite then runs
green from the hello alone; ``--undeclared`` says nothing of them, and the scenarios the
words would skip fail.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from fivetenk.impl import sdk
from fivetenk.impl.adapter import ReferenceEngine
from fivetenk.reference import Combo, parse_cards

ACE, SJ = 14, 16
RULES = ("run_top", "jokers", "wings", "winged")
WORDS: dict[str, dict[str, Any]] = {
    "run_top": {"run_top": "K"}, "jokers": {"jokers": "alone"}, "wings": {"wings": "strict"},
    "winged": {"runs": {"airplane+singles": [2, 4], "airplane+pairs": [2, 3]}},
}
RUNS = ("straight", "pairs", "airplane", "airplane+singles", "airplane+pairs")
NAMES = {"J": 11, "Q": 12, "K": 13, "A": 14, "2": 15, "SJ": 16, "BJ": 17}


def counts(cards: Any) -> Counter[int]:
    return Counter(int(card.rank) for card in parse_cards(cards))


def play_ranks(play: str) -> Counter[int]:
    return Counter(NAMES[w] if w in NAMES else int(w) for w in play.split(":", 1)[1].split())


class HouseWords(sdk.Engine):
    name = "house-words judge"
    version = "1"
    protocol = "1.4"
    capabilities = ("classify", "beats", "plays")

    def __init__(self, rules: tuple[str, ...], declared: bool) -> None:
        self.reference = ReferenceEngine(name=self.name)
        self.rules = rules
        profile: dict[str, Any] = {}
        for rule in rules:
            profile.update(WORDS[rule])
        self.profile = profile if declared else {}

    def allowed(self, reading: str, ranks: Counter[int]) -> bool:
        """Whether a reading of the kit's notation is one this judge has, for cards of
        these ranks (none known: only the reading is judged)."""
        combo = Combo.parse(reading)
        word = combo.shape.value
        high = int(combo.key)
        low = high - combo.length + 1
        if "run_top" in self.rules and word in RUNS and high == ACE:
            return False
        if "jokers" in self.rules and ranks and 0 < sum(
                n for r, n in ranks.items() if r >= SJ) < sum(ranks.values()):
            return False
        if word in ("airplane+singles", "airplane+pairs"):
            if "winged" in self.rules and combo.length > (4 if word == "airplane+singles"
                                                          else 3):
                return False
            if "wings" in self.rules and ranks and (
                    ranks.get(low - 1, 0) >= 3 or (high < ACE and ranks.get(high + 1, 0) >= 3)
                    or any(n >= 4 for r, n in ranks.items() if not low <= r <= high)):
                return False
        return True

    def start(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("setup") is not None:
            raise ValueError("the judge plays no hands")
        return self.reference.start(request)

    def classify(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = self.reference.classify(request)
        if "readings" not in answer:
            return answer  # refused as bad input: the same here
        ranks = counts(request["cards"])
        readings = [r for r in answer["readings"] if self.allowed(r, ranks)]
        return {"legal": bool(readings), "readings": readings}

    def beats(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = self.reference.beats(request)
        reading = answer.get("reading")
        if not isinstance(reading, str):
            return answer
        tops = self.reference.classify({"cmd": "classify", "cards": request["top"]})
        top_ok = all(self.allowed(r, counts(request["top"]))
                     for r in tops.get("readings", [])[:1])
        if not (self.allowed(reading, counts(request["reply"])) and top_ok):
            return {"beats": False, "reading": None}
        return answer

    def plays(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = self.reference.plays(request)
        if "plays" not in answer:
            return answer
        listed = [p for p in answer["plays"]
                  if self.allowed(p.split(":", 1)[0], play_ranks(p))]
        return {"count": len(listed), "plays": listed}


def main(argv: list[str]) -> int:
    named = [a for a in argv if not a.startswith("--")]
    rules = tuple(r for r in (named[0].split(",") if named else RULES) if r in RULES)
    return sdk.serve(HouseWords(rules, "--undeclared" not in argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
