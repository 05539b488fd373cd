"""Partner calls: which faces may be called, ordinals, and resolution by play (rule 11).

- D13: for each suit the only callable face is the highest rank A, K, Q, … of which at
  least one copy is not buried (cards in the banker's hand count as in play); the two calls
  name distinct faces, hence two different suits; never a 2 or a joker (R11.2, R11.3).
- D14: the ordinal is 1st–3rd and, under the default ``bounded`` variant, not more than
  the unburied copies of the face; the ``any`` variant accepts any of 1–3 (R11.4).
- D15/D16: every copy of the face put on the table counts; several copies in one play take
  consecutive ordinals; whoever plays the specified occurrence resolves the call.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from . import provenance
from .actions import CallSpec
from .cards import DECKS, Card, Rank, Suit
from .variants import DEFAULT, Variants

CALL_RANKS: tuple[Rank, ...] = tuple(Rank(r) for r in range(Rank.ACE, Rank.THREE - 1, -1))
"""Ranks a call may name, in the order the descent tries them (R11.2): A, K, Q, …, 3."""


def callable_face(suit: Suit, buried: Counter[Card]) -> Card | None:
    """The one callable face of ``suit`` (D13): the highest rank A, K, Q, … with at least
    one copy of that suit not buried; ``None`` only if every copy is buried."""
    for rank in CALL_RANKS:
        face = Card(rank, suit)
        if buried[face] < DECKS:
            return face
    return None


def call_problem(
    calls: Sequence[CallSpec], buried: Iterable[Card], variants: Variants = DEFAULT
) -> tuple[str, str] | None:
    """Why ``calls`` cannot be announced after burying ``buried``: ``(message, code)``
    with the code of the rejection in D35's table (:mod:`reference.rejections`), or
    ``None`` when the pair of calls is legal."""
    counts = Counter(buried)
    if len(calls) != 2:
        return (f"the banker announces exactly two calls, not {len(calls)}", "call-count")
    for call in calls:
        face = call.face
        if face.suit is None or face.rank == Rank.TWO:
            return (f"{face} cannot be called: never a 2 or a joker", "call-two-or-joker")
        expected = callable_face(face.suit, counts)
        if face != expected:
            buried_note = (
                f"{face} is not callable: in {face.suit.symbol} the callable face is "
                f"{expected}, the highest rank with a copy not buried"
            )
            provenance.applies("D13")  # one callable face per suit
            return (buried_note, "call-not-callable")
    if calls[0].face == calls[1].face:
        return (
            f"the two calls name the same face {calls[0].face}: faces must differ",
            "call-same-face",
        )
    for call in calls:
        if not 1 <= call.ordinal <= DECKS:
            return (
                f"call {call.face}: the ordinal must be the 1st, 2nd or 3rd play, "
                f"not {call.ordinal}",
                "call-ordinal",
            )
        limit = DECKS - counts[call.face]
        if variants.call_ordinal == "bounded" and call.ordinal > limit:
            provenance.applies("D14")  # bounded by the copies not buried
            return (
                f"call {call.face}: occurrence {call.ordinal} cannot be played, only "
                f"{limit} cop{'y is' if limit == 1 else 'ies are'} not buried",
                "call-ordinal",
            )
    return None


@dataclass(slots=True)
class CallState:
    """A call during play: ``played`` copies of the face have been put on the table so far
    (D15); ``resolved_by`` is the seat that played the specified occurrence (D16)."""

    face: Card
    ordinal: int
    played: int = 0
    resolved_by: int | None = None

    def record(self, seat: int, copies: int) -> bool:
        """Count ``copies`` of the face played by ``seat`` (consecutive ordinals, D15);
        return whether this play resolves the call (D16)."""
        before = self.played
        self.played = before + copies
        if self.resolved_by is None and before < self.ordinal <= self.played:
            self.resolved_by = seat
            return True
        return False

    def to_json(self) -> dict[str, Any]:
        return {
            "face": str(self.face),
            "ordinal": self.ordinal,
            "played": self.played,
            "resolved_by": self.resolved_by,
        }

    def copy(self) -> CallState:
        return CallState(self.face, self.ordinal, self.played, self.resolved_by)
