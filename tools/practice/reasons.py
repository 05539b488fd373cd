"""What a heuristic suggestion is made of, and the wording of its reasons (issues 11, 21, 34).

A :class:`Suggestion` is an action, a reason citing R24.1 (:data:`CLAUSE`) and the part of
it the choice follows (:data:`AIMS`), the alternatives weighed (:class:`Alternative`) and
the facts the reason states (:class:`Claim`, checked by :mod:`fivetenk.practice.claims`).
The helpers below word a phrase and build the claim stating it, so words and data come
from one place; :mod:`fivetenk.practice.strategy` decides which to say. Split out of
strategy.py, which re-exports the public names it has always offered.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..reference import Action, Card, Play, Rank

CLAUSE = "R24.1"
"""The rule-24 clause every reason follows."""

AIMS = {
    "control": "retain control",
    "protect": "protect teammates",
    "partner": "find hidden partners",
    "finish": "finish the whole side",
    "stop": "prevent the opponents doing so first",
}
"""The parts of R24.1 a reason may cite, keyed by a short name."""


@dataclass(frozen=True)
class Claim:
    """A fact a reason states, carried as data beside its words (issue 21).

    ``text`` is the phrase of the reason (or of an alternative's why-not) that states it,
    word for word; ``kind`` and ``data`` are what it says, computed from the state the seat
    may know; :func:`fivetenk.practice.claims.verify` checks it against the engine. The
    kinds:

    - ``control``: ``share`` of the ``size`` cards in hand are the ``big`` control cards
      (A and higher, R02.1) plus two per rank of four or more (``bombs``);
    - ``points``: the ``cards`` are worth ``points`` (5, 10, K; R19.1);
    - ``banker_holds``: the banker holds ``faces`` (face → copies);
    - ``fewest``: no legal pair of calls (R11) has its faces held fewer than ``held``
      times by the banker;
    - ``ranks``: ``faces`` rank lower than (``order`` ``lower``), or the same as
      (``same``), the faces ``than`` (R02.1; suits never rank outside a suited 5,10,K,
      R04.2);
    - ``beaters``: the plays beating ``top`` from the seat's hand are exactly ``plays``
      (R03.3, R04, R05), none when the list is empty;
    - ``beats``: the play ``cards`` (read as ``shape``) beats ``top``;
    - ``trick_points``: the trick on the table holds ``points``;
    - ``hand_size``: ``seat`` holds ``cards`` cards;
    - ``empties``: the play ``cards`` is every card in hand;
    - ``group``: the hand holds ``count`` cards of rank ``rank``;
    - ``side``: seat ``other`` is a ``teammate``, an ``opponent`` or ``unknown`` as far as
      the seat can tell (the banker side, revealed partners and its own called cards, R11);
    - ``holds_left``: the seat holds every copy of ``face`` not yet played (``played``);
    - ``side_points``: the banker side's captures and the seat's come to ``points``;
    - ``burial``: the burial ``cards`` take, per rank, ``used`` of the ``held`` cards of
      the hand (a bomb said so; a group said broken only when part of it is taken);
    - ``burial_measure``: by ``measure`` (points, control cards, cards of groups, rank
      total) the burial ``cards`` and the burial ``than`` come to ``values``;
    - ``breaks``: a play takes ``used`` of the ``held`` cards of rank ``rank``;
    - ``outranks``: the play ``cards`` read as ``shape`` ranks above ``than`` read as
      ``than_shape`` (R04);
    - ``holds_called``: the seat, off the banker side, holds ``held`` copies of the open
      call's ``face`` (``ordinal``, ``played`` so far): enough to play the called
      occurrence (R11).
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **self.data}


def claim(kind: str, text: str, **data: Any) -> Claim:
    return Claim(kind, text, data)


@dataclass(frozen=True)
class Alternative:
    """An action the strategy considered and why it did not choose it."""

    action: Action
    why_not: str
    claims: tuple[Claim, ...] = ()


@dataclass(frozen=True)
class Suggestion:
    """The suggested action, its reason (citing ``clause``), the facts the reason states
    (``claims``, each one a phrase of the reason) and the alternatives. ``numbers`` are
    the strong player's figures (:mod:`fivetenk.practice.search`), empty otherwise."""

    action: Action
    reason: str
    clause: str = CLAUSE
    alternatives: list[Alternative] = field(default_factory=list)
    claims: tuple[Claim, ...] = ()
    numbers: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out = {
            "action": self.action.to_json(),
            "reason": self.reason,
            "clause": self.clause,
            "alternatives": [{"action": a.action.to_json(), "why_not": a.why_not,
                              "claims": [c.to_json() for c in a.claims]}
                             for a in self.alternatives],
            "claims": [c.to_json() for c in self.claims],
        }
        if self.numbers:
            out["numbers"] = self.numbers
        return out


def reason(aim: str, text: str) -> str:
    return f"{CLAUSE} {AIMS[aim]}: {text}"


_GROUP = {2: "pair", 3: "triple"}


def group_name(rank: Rank, held: int) -> str:
    """``pair 6``, ``triple 9``, ``bomb of 5 7s`` (R05: four or more of a rank)."""
    return f"bomb of {held} {rank.symbol}s" if held >= 4 else f"{_GROUP[held]} {rank.symbol}"


def _taken(cards: list[Card], hand: list[Card]) -> list[dict[str, Any]]:
    """Per rank of ``cards`` (low first): how many of them and how many the hand holds."""
    held = Counter(c.rank for c in hand)
    used = Counter(c.rank for c in cards)
    return [{"rank": r.symbol, "used": n, "held": held[r]} for r, n in sorted(used.items())]


def burial_text(cards: list[Card], hand: list[Card]) -> str:
    """What a burial takes, rank by rank, from the hand it is made from: loose cards,
    whole groups, or part of a group (saying when that breaks a bomb)."""
    held = Counter(c.rank for c in hand)
    used = Counter(c.rank for c in cards)
    loose = [r.symbol for r, n in sorted(used.items()) if held[r] == 1]
    parts = [f"the loose {' '.join(loose)}"] if loose else []
    for r, n in sorted(used.items()):
        m = held[r]
        if m == 1:
            continue
        if n == m:
            parts.append(f"the whole {group_name(r, m)}")
        else:
            parts.append(f"{n} of the {group_name(r, m)}"
                         + (" (breaking a bomb)" if m >= 4 else ""))
    return " and ".join(parts) if len(parts) < 3 else \
        ", ".join(parts[:-1]) + " and " + parts[-1]


def burial_claim(cards: list[Card], hand: list[Card], text: str) -> Claim:
    return claim("burial", text, cards=[str(c) for c in cards], taken=_taken(cards, hand))


def beats_claim(text: str, cards: list[Card], play: Play, top: Any) -> Claim:
    return claim("beats", text, cards=[str(c) for c in cards], shape=play.combo.notation(),
                 top=str(top))


def side_claim(text: str, other: int, side: str) -> Claim:
    return claim("side", text, other=other, side=side)


def worth_claim(cards: list[Card] | tuple[Card, ...], text: str) -> Claim:
    return claim("points", text, cards=[str(c) for c in cards],
                 points=sum(c.points for c in cards))


def n_cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def breaks(play: Play, counts: Counter[Rank]) -> tuple[str, tuple[Claim, ...]]:
    """The groups ``play`` takes part of (a bomb said so, R05), as a phrase and its claims;
    ``("", ())`` when it breaks none."""
    used = Counter(play.ranks)
    phrases, facts = [], []
    for r, n in sorted(used.items()):
        if counts[r] > n:
            said = f"breaks the {group_name(r, counts[r])}"
            phrases.append(said)
            facts.append(claim("breaks", said, rank=r.symbol, used=n, held=counts[r]))
    return " and ".join(phrases), tuple(facts)
