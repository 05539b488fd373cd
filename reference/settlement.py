"""How a hand ends, the defender total, bands and advancement (rules 17–22).

Bands on the defender total (D23, R21.1–R21.7)::

    0        bankers win, each +3          R21.1
    5–55     bankers win, each +2          R21.2
    60–115   bankers win, each +1          R21.3
    120–175  defenders win, nobody moves   R21.4, R22.3
    180–235  defenders win, each +1        R21.5
    240–295  defenders win, each +2        R21.6
    300      defenders win, each +3        R21.7

Each winning-side member advances from their own level (R22.1, R22.2); an advance that
passes A wins the match (R07.2, D24).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

from . import provenance
from .cards import Card, Rank

TOTAL_POINTS = 300
"""Points in the pack (R06.2, R20.2)."""

Side = Literal["bankers", "defenders"]


class Ending(Enum):
    """How a hand ended."""

    BANKERS_OUT = "bankers_out"
    """Both calls resolved and every banker-side player is out (R17.2, D20)."""
    DEFENDERS_OUT = "defenders_out"
    """Both calls resolved and every defender is out (R17.3, D20)."""
    ONE_PLAYER_LEFT = "one_player_left"
    """A call is still unresolved and a play left one player holding cards (R18.1, D21)."""

    @property
    def clause(self) -> str:
        return _ENDING_CLAUSES[self]


_ENDING_CLAUSES = {
    Ending.BANKERS_OUT: "R17.2",
    Ending.DEFENDERS_OUT: "R17.3",
    Ending.ONE_PLAYER_LEFT: "R18.1",
}


@dataclass(frozen=True, slots=True)
class Band:
    """One row of the band table (D23): defender totals ``low``–``high`` inclusive."""

    label: str
    low: int
    high: int
    winners: Side
    advance: int
    clause: str


BANDS: tuple[Band, ...] = (
    Band("0", 0, 0, "bankers", 3, "R21.1"),
    Band("5-55", 5, 55, "bankers", 2, "R21.2"),
    Band("60-115", 60, 115, "bankers", 1, "R21.3"),
    Band("120-175", 120, 175, "defenders", 0, "R21.4"),
    Band("180-235", 180, 235, "defenders", 1, "R21.5"),
    Band("240-295", 240, 295, "defenders", 2, "R21.6"),
    Band("300", 300, 300, "defenders", 3, "R21.7"),
)


def band_for(defender_total: int) -> Band:
    """The band of a defender total (D23); totals are multiples of 5 in 0–300."""
    if defender_total % 5 or not 0 <= defender_total <= TOTAL_POINTS:
        raise ValueError(f"a defender total is a multiple of 5 in 0-300, not {defender_total}")
    for band in BANDS:
        if band.low <= defender_total <= band.high:
            return band
    raise AssertionError("unreachable: the bands cover 0-300")


def advance_levels(
    levels: Sequence[Rank], winners: Iterable[int], steps: int
) -> tuple[list[Rank], list[int], list[int]]:
    """Advance each winner ``steps`` levels from their own level (R22.1, D24).

    Returns ``(new levels, steps per seat, match winners)``. An advance that passes A wins
    the match (A+1, K+2, Q+3, R07.2); the level shown stays A. J+3 stops at A. Several
    players passing A together are joint winners (D24).
    """
    new = list(levels)
    advanced = [0] * len(levels)
    match_winners: list[int] = []
    if steps:
        for seat in sorted(set(winners)):
            target = int(levels[seat]) + steps
            advanced[seat] = steps
            if target > Rank.ACE:
                provenance.applies("D24", "D32")  # a match win; the level shown stays A
                match_winners.append(seat)
            new[seat] = Rank(min(target, Rank.ACE))
    return new, advanced, match_winners


@dataclass(frozen=True, slots=True)
class HandResult:
    """The settlement of one hand (rules 17–22).

    ``table_points`` (the cards on the table in the final trick) and ``kitty_points`` (the
    six buried cards, face value, R19.2/D22) go to seats; ``remnant_points`` (scoring cards
    still in hands) go to a side (whole-side ending, R17.2/R17.3) or to the seat that made
    the last play (one player left, R18.2). ``captured`` are the points of completed
    tricks per seat, so ``sum(captured) + table + kitty + remnant == 300`` (R20.2).
    """

    ending: Ending
    banker: int
    banker_side: tuple[int, ...]
    defenders: tuple[int, ...]
    kitty: tuple[Card, ...]
    kitty_points: int
    kitty_to: int
    table_points: int
    table_to: int
    remnant_points: int
    remnant_to: Side | int
    captured: tuple[int, ...]
    defender_total: int
    banker_total: int
    band: Band
    advanced: tuple[int, ...]
    levels: tuple[Rank, ...]
    match_winners: tuple[int, ...]

    @property
    def winners(self) -> Side:
        return self.band.winners

    @property
    def advance(self) -> int:
        return self.band.advance

    @property
    def credited(self) -> list[int]:
        """What each seat was credited with as a seat: its captured points (R14.1), the
        table and kitty points it received (R18.2, R19.3) and the remnant when it went to a
        seat (R18.2). A remnant given to a side (R17.2, R17.3) is no seat's, so the
        defenders' entries plus a remnant given to the defenders make the defender total
        (R20.1, D22)."""
        credited = list(self.captured)
        credited[self.table_to] += self.table_points
        credited[self.kitty_to] += self.kitty_points
        if isinstance(self.remnant_to, int):
            credited[self.remnant_to] += self.remnant_points
        return credited

    @property
    def winning_seats(self) -> tuple[int, ...]:
        """The seats of the winning side (eligible revealers next hand, D6)."""
        return self.banker_side if self.band.winners == "bankers" else self.defenders

    def to_json(self) -> dict[str, Any]:
        """The ``result`` object of the canonical observation."""
        return {
            "ending": self.ending.value,
            "banker_side": list(self.banker_side),
            "defenders": list(self.defenders),
            "kitty": [str(c) for c in sorted(self.kitty)],
            "kitty_points": self.kitty_points,
            "kitty_to": self.kitty_to,
            "table_points": self.table_points,
            "table_to": self.table_to,
            "remnant_points": self.remnant_points,
            "remnant_to": self.remnant_to,
            "defender_total": self.defender_total,
            "banker_total": self.banker_total,
            "band": self.band.label,
            "winners": self.band.winners,
            "advance": self.band.advance,
            "advanced": list(self.advanced),
            "levels": [r.symbol for r in self.levels],
            "match_winners": list(self.match_winners),
            "credited": self.credited,
        }


def settle(
    *,
    ending: Ending,
    banker: int,
    banker_side: Iterable[int],
    kitty: Sequence[Card],
    kitty_to: int,
    table_points: int,
    table_to: int,
    remnant_points: int,
    remnant_to: Side | int,
    captured: Sequence[int],
    levels: Sequence[Rank],
) -> HandResult:
    """Total the points for the final sides (D17, D22, R20.1), pick the band (D23) and
    advance the winners (D24)."""
    bankers = tuple(sorted(set(banker_side)))
    defenders = tuple(s for s in range(len(captured)) if s not in bankers)
    kitty_points = sum(c.points for c in kitty)
    total = sum(captured[s] for s in defenders)
    if kitty_to in defenders:
        total += kitty_points
    if table_to in defenders:
        total += table_points
    if remnant_to == "defenders" or (isinstance(remnant_to, int) and remnant_to in defenders):
        total += remnant_points
    band = band_for(total)
    if band.winners == "bankers" and band.advance and len(bankers) > 1:
        provenance.applies("D23")  # every banker-side member advances
    winners = bankers if band.winners == "bankers" else defenders
    new_levels, advanced, match_winners = advance_levels(levels, winners, band.advance)
    return HandResult(
        ending=ending,
        banker=banker,
        banker_side=bankers,
        defenders=defenders,
        kitty=tuple(sorted(kitty)),
        kitty_points=kitty_points,
        kitty_to=kitty_to,
        table_points=table_points,
        table_to=table_to,
        remnant_points=remnant_points,
        remnant_to=remnant_to,
        captured=tuple(captured),
        defender_total=total,
        banker_total=TOTAL_POINTS - total,
        band=band,
        advanced=tuple(advanced),
        levels=tuple(new_levels),
        match_winners=tuple(match_winners),
    )
