"""Phrases for how a hand ends and is settled (rules 16–22): the ending, the totals, the band,
the winners and their advances, who receives the table, kitty and remnant points (one
phrase for the remnant, to a side or to a seat), whether the whole-side check is active
(R17.1) and what each seat was credited with (R20.1).

``whole_side_check`` and ``result.credited`` are optional observation fields (an adapter
written before them stays valid): a scenario checking one fails against an engine that
leaves it out, saying the reply has no such field.
"""

from __future__ import annotations

from typing import Any

from ..model.scenario import ScenarioError
from .registry import (
    OBSERVATION_PHRASES,
    SEAT,
    Builder,
    number,
    observe,
    seat_list,
    six_numbers,
    sorted_cards,
    step,
)


@step("then", r'the hand ends with "(?P<ending>[a-z_]+)"', 'the hand ends with "bankers_out"')
def _ending(b: Builder, ending: str) -> None:
    observe(b, "result.ending", ending)


@step("then", r"the hand goes on", "the hand goes on")
def _goes_on(b: Builder) -> None:
    observe(b, "result", None)


@step("then", r"the defender total is (?P<points>\d+)", "the defender total is 125")
def _defender_total(b: Builder, points: str) -> None:
    observe(b, "result.defender_total", number(points))


@step("then", r"the banker total is (?P<points>\d+)", "the banker total is 175",
      rulings=("D22",))
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


@step("then", r"the remnant points \((?P<points>\d+)\) go to (?:the (?P<side>bankers|defenders)|"
              + SEAT + r")",
      "the remnant points (35) go to the bankers")
def _remnant(b: Builder, points: str, side: str = "", seat: str = "") -> None:
    """The one phrase for the remnant pair (``result.remnant_points``, ``result.remnant_to``):
    the scoring cards still held go to the side that is out at a whole-side ending (R17.2,
    R17.3, D20), or, when one player is left, to the seat that made the final play (R18.2,
    D21)."""
    observe(b, "result.remnant_points", number(points))
    observe(b, "result.remnant_to", side or int(seat))


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


# ---------------------------------------------------------------------------------------------
# The whole-side check and the points credited to each seat (optional observation fields)
# ---------------------------------------------------------------------------------------------


@step("then", r"the whole-side check is (?P<state>active|not active)",
      "the whole-side check is active")
def _whole_side_check(b: Builder, state: str) -> None:
    """Whether a play can end the hand by a whole side going out: only once both calls are
    resolved (R17.1, D20); until then only one player left ends it (R18.1, D21). Reads the
    optional observation field ``whole_side_check``: an engine that leaves it out fails
    the step with "missing"."""
    observe(b, "whole_side_check", state == "active")


@step("then", SEAT + r" is credited with (?P<points>\d+) points?",
      "seat 3 is credited with 40 points")
def _credited(b: Builder, seat: str, points: str) -> None:
    """What the settlement credits one seat with as a seat: its captured points plus the
    table, kitty and remnant points it received (R14.1, R18.2, R19.3); a remnant given to a
    side is no seat's (R17.2, R17.3). Reads the optional ``result.credited``."""
    observe(b, f"result.credited.{seat}", number(points))


@step("then", r'the credited points are "(?P<points>[^"]+)"',
      'the credited points are "0 25 0 0 0 275"')
def _credited_all(b: Builder, points: str) -> None:
    """``result.credited`` for every seat, seat 0 first (see :func:`_credited`); the
    defenders' entries, plus a remnant given to the defenders, make the defender total
    (R20.1, D22)."""
    observe(b, "result.credited", six_numbers(points, "the credited points"))


# ---------------------------------------------------------------------------------------------
# Writing observation checks back in these phrases (fuzz cases, render, dispute)
# ---------------------------------------------------------------------------------------------


def _words(value: Any) -> str:
    return " ".join(str(v) for v in value) if isinstance(value, list) else ""


def _settlement_phrases(expect: dict[str, Any]) -> list[tuple[str, tuple[str, ...]]]:
    """The phrases above for the paths of an observe step that have one (each is kept only
    if it reads back as exactly these values: :func:`.registry.phrased_checks`)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    get = expect.get
    if isinstance(get("result.ending"), str):
        out.append((f'Then the hand ends with "{get("result.ending")}"', ("result.ending",)))
    if isinstance(get("result.band"), str):
        out.append((f'Then the band is "{get("result.band")}"', ("result.band",)))
    if get("result.winners") in ("bankers", "defenders"):
        out.append((f"Then the {get('result.winners')} win", ("result.winners",)))
    if type(get("result.advance")) is int:
        n = get("result.advance")
        out.append((f"Then each winner advances {n} level{'s' * (n != 1)}",
                    ("result.advance",)))
    if isinstance(get("result.advanced"), list):
        out.append((f'Then the advances are "{_words(get("result.advanced"))}"',
                    ("result.advanced",)))
    for what in ("kitty", "table"):
        points, to = get(f"result.{what}_points"), get(f"result.{what}_to")
        if type(points) is int and type(to) is int:
            out.append((f"Then the {what} points ({points}) go to seat {to}",
                        (f"result.{what}_points", f"result.{what}_to")))
    points, to = get("result.remnant_points"), get("result.remnant_to")
    if type(points) is int and (type(to) is int or to in ("bankers", "defenders")):
        whom = f"seat {to}" if type(to) is int else f"the {to}"
        out.append((f"Then the remnant points ({points}) go to {whom}",
                    ("result.remnant_points", "result.remnant_to")))
    if isinstance(get("result.kitty"), list):
        out.append((f'Then the settlement shows the buried cards "{_words(get("result.kitty"))}"',
                    ("result.kitty",)))
    if isinstance(get("result.banker_side"), list):
        out.append((f'Then the settled banker side is "{_words(get("result.banker_side"))}"',
                    ("result.banker_side",)))
    if isinstance(get("result.defenders"), list):
        out.append((f'Then the settled defenders are "{_words(get("result.defenders"))}"',
                    ("result.defenders",)))
    if isinstance(get("result.levels"), list):
        out.append((f'Then the settled levels are "{_words(get("result.levels"))}"',
                    ("result.levels",)))
    if isinstance(get("levels"), list):
        out.append((f'Then the levels are now "{_words(get("levels"))}"', ("levels",)))
    for name in ("defender_total", "banker_total"):
        if type(get(f"result.{name}")) is int:
            out.append((f"Then the {name.replace('_', ' ')} is {get(f'result.{name}')}",
                        (f"result.{name}",)))
    if isinstance(get("whole_side_check"), bool):
        state = "active" if get("whole_side_check") else "not active"
        out.append((f"Then the whole-side check is {state}", ("whole_side_check",)))
    if isinstance(get("result.credited"), list):
        out.append((f'Then the credited points are "{_words(get("result.credited"))}"',
                    ("result.credited",)))
    if isinstance(get("captured"), list):
        out.append((f'Then the captured points are "{_words(get("captured"))}"', ("captured",)))
    if isinstance(get("out"), list):
        out.append((f'Then the out seats are "{_words(get("out"))}"', ("out",)))
    return out


OBSERVATION_PHRASES.append(_settlement_phrases)
