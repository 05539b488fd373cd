"""Phrases for how a hand ends and is settled (rules 16–22): the ending, the totals, the band,
the winners and their advances, who receives the table, kitty and remnant points.
"""

from __future__ import annotations

from ..scenario import ScenarioError
from .registry import SEAT, Builder, number, observe, seat_list, sorted_cards, step


@step("then", r'the hand ends with "(?P<ending>[a-z_]+)"', 'the hand ends with "bankers_out"')
def _ending(b: Builder, ending: str) -> None:
    observe(b, "result.ending", ending)


@step("then", r"the hand goes on", "the hand goes on")
def _goes_on(b: Builder) -> None:
    observe(b, "result", None)


@step("then", r"the defender total is (?P<points>\d+)", "the defender total is 125")
def _defender_total(b: Builder, points: str) -> None:
    observe(b, "result.defender_total", number(points))


@step("then", r"the banker total is (?P<points>\d+)", "the banker total is 175")
def _banker_total(b: Builder, points: str) -> None:
    """The banker side's total, 300 minus the defender total (R20.2, D22)."""
    observe(b, "result.banker_total", number(points))


@step("then", r'the band is "(?P<band>[0-9-]+)"', 'the band is "120-175"')
def _band(b: Builder, band: str) -> None:
    observe(b, "result.band", band)


@step("then", r"the (?P<side>bankers|defenders) win", "the defenders win")
def _winners(b: Builder, side: str) -> None:
    observe(b, "result.winners", side)


@step("then", r"each winner advances (?P<n>[0-3]) levels?", "each winner advances 1 level")
def _advance_by(b: Builder, n: str) -> None:
    observe(b, "result.advance", int(n))


@step("then", r'the advances are "(?P<steps>[0-3](?: [0-3]){5})"',
      'the advances are "3 3 0 0 0 0"')
def _advances(b: Builder, steps: str) -> None:
    """Levels each seat advanced at settlement, seat 0 first (R07.1, R22.1, D24)."""
    observe(b, "result.advanced", [int(x) for x in steps.split()])


@step("then", r"the (?P<what>kitty|table) points \((?P<points>\d+)\) go to " + SEAT,
      "the kitty points (20) go to seat 3")
def _points_to(b: Builder, what: str, points: str, seat: str) -> None:
    observe(b, f"result.{what}_points", number(points))
    observe(b, f"result.{what}_to", int(seat))


@step("then", r"the remnant points \((?P<points>\d+)\) go to the (?P<side>bankers|defenders)",
      "the remnant points (35) go to the bankers")
def _remnant(b: Builder, points: str, side: str) -> None:
    observe(b, "result.remnant_points", number(points))
    observe(b, "result.remnant_to", side)


@step("then", r"the last hand's points \((?P<points>\d+)\) go to " + SEAT,
      "the last hand's points (15) go to seat 4")
def _last_hand(b: Builder, points: str, seat: str) -> None:
    """One player left: the scoring cards still held go to the player who made the final
    play (R18.2, D21)."""
    observe(b, "result.remnant_points", number(points))
    observe(b, "result.remnant_to", int(seat))


@step("then", r'the settlement shows the buried cards "(?P<cards>[^"]+)"',
      'the settlement shows the buried cards "3D 3C 4D 4C 6D 6C"')
def _burial_shown(b: Builder, cards: str) -> None:
    """R10.2, D7: the kitty exposed at settlement is the six buried cards."""
    tokens = sorted_cards(cards)
    if len(tokens) != 6:
        raise ScenarioError(f"six cards are buried, not {len(tokens)} (R10.1)")
    observe(b, "result.kitty", tokens)


@step("then", r'the settled (?P<side>banker side|defenders) (?:is|are) "(?P<seats>[^"]*)"',
      'the settled banker side is "0 1"')
def _settled_side(b: Builder, side: str, seats: str) -> None:
    """The sides the hand was settled with (R12.2, D16, D17)."""
    path = "result.banker_side" if side == "banker side" else "result.defenders"
    observe(b, path, sorted(seat_list(seats)))


_LEVELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@step("then", r'the settled levels are "(?P<levels>[^"]+)"',
      'the settled levels are "4 3 4 3 3 3"')
def _settled_levels(b: Builder, levels: str) -> None:
    """The levels the settlement gives, one per seat; a seat passing A is shown at A (R22.1,
    R07.2, D24)."""
    values = levels.split()
    if len(values) != 6 or any(v not in _LEVELS for v in values):
        raise ScenarioError(
            f"give the settled levels as six levels 3…A, one per seat, not {levels!r}")
    observe(b, "result.levels", values)


@step("then", r'the levels are now "(?P<levels>[^"]+)"', 'the levels are now "4 3 4 3 3 3"')
def _new_levels(b: Builder, levels: str) -> None:
    observe(b, "levels", levels.split())
