"""The trick on the table (rules 13–15).

A trick starts with a lead by the player whose turn it is (R13.1, R15.1); the leader must
play, anyone else may play a combination that beats the current top play or pass (R13.2,
D18). ``passed`` holds the seats that have passed since the last successful play (default
``turn`` variant) or, under the ``trick`` variant, every seat that passed in this trick
(locked out). The trick ends when every other player still holding cards is in ``passed``
(R13.3); the last successful player captures every scoring card played in it (R14.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .combos import Combo


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """One entry of a trick: a play (``cards`` and the reading ``combo``) or a pass."""

    seat: int
    cards: tuple[Card, ...] | None = None
    combo: Combo | None = None

    @property
    def is_pass(self) -> bool:
        return self.cards is None

    def to_json(self) -> dict[str, Any]:
        if self.cards is None or self.combo is None:
            return {"seat": self.seat, "pass": True}
        return {
            "seat": self.seat,
            "cards": [str(c) for c in self.cards],
            "combo": self.combo.notation(),
        }


@dataclass(slots=True)
class Trick:
    """The current trick: who led, every entry, the top play and the points on the table."""

    leader: int
    top_seat: int
    top: Combo
    points: int = 0
    plays: list[TrickPlay] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)

    def copy(self) -> Trick:
        return Trick(self.leader, self.top_seat, self.top, self.points, list(self.plays),
                     set(self.passed))

    def to_observation(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "plays": [p.to_json() for p in self.plays],
            "top": {"seat": self.top_seat, "combo": self.top.notation()},
            "points": self.points,
        }

    def to_position(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "plays": [p.to_json() for p in self.plays],
            "passed": sorted(self.passed),
        }
