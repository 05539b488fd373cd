"""Extra scenario steps for the play features (registered into :data:`fivetenk.steps.REGISTRY`).

Rules 13–22 and 24 talk about turns, tricks, endings and settlement. The steps here give
them domain phrases instead of the generic ``the observation at "…" is …`` step:

- ``When seats 3, 4 and 5 pass`` — several passes in seat order (one ``act`` step each);
- ``Then the trick is over and seat 2 leads next`` — the trick closed, the next lead;
- ``Then the captured points are "…"`` — every seat's captured points at once;
- ``Then the trick's plays are "…"`` — every play (cards and reading) and pass of the trick;
- settlement details: the banker total, the last hand's points given to a seat (the
  one-player-left ending) and the settled levels. The settled sides, the kitty shown and
  each seat's advance have phrases in :mod:`fivetenk.steps_match`.

Every step only adds expectations to an ``observe`` step (or ``act`` steps), so the
scenarios render back to Gherkin through the generic observation renderer of
:mod:`fivetenk.game_steps` and need no renderer of their own.
"""

from __future__ import annotations

import re
from typing import Any

from .reference.cards import format_cards, parse_cards
from .reference.errors import RulesError
from .scenario import ScenarioError
from .steps import Builder, number, step

SEAT = r"seat (?P<seat>[0-5])"


def _observe(b: Builder, path: str, value: Any) -> None:
    """Expect ``value`` at ``path`` of the observation (a new or the last observe step)."""
    b.expect(b.observation(), path, value)


def _seat_list(text: str) -> list[int]:
    """Seats from ``"0 3"`` (space or comma separated); ScenarioError outside 0–5 or twice."""
    seats = [int(t) for t in re.split(r"[,\s]+", text.strip())] if text.strip() else []
    if any(not 0 <= s <= 5 for s in seats):
        raise ScenarioError(f"seats are 0–5, not {text!r}")
    if len(set(seats)) != len(seats):
        raise ScenarioError(f"a seat is named twice in {text!r}")
    return seats


def _six_ints(text: str, what: str) -> list[int]:
    """Six integers, one per seat, from ``"0 25 0 0 0 0"``."""
    values = text.split()
    if len(values) != 6 or not all(v.isascii() and v.isdigit() for v in values):
        raise ScenarioError(f"give {what} as six whole numbers, one per seat, not {text[:60]!r}")
    return [number(v) for v in values]


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


@step("when", r"seats (?P<seats>[0-5](?:, [0-5])* and [0-5]) pass",
      "seats 3, 4 and 5 pass")
def _seats_pass(b: Builder, seats: str) -> None:
    """Several passes, in the order written; each must be accepted."""
    for seat in _seat_list(seats.replace(" and ", ", ")):
        b.assume(b.add({"op": "act", "action": {"type": "pass", "seat": seat},
                        "expect": {"accepted": True}}), "accepted")


# ---------------------------------------------------------------------------------------------
# Tricks and turns
# ---------------------------------------------------------------------------------------------


@step("then", r"the trick is over and " + SEAT + r" leads next",
      "the trick is over and seat 2 leads next")
def _trick_over(b: Builder, seat: str) -> None:
    """No trick on the table, and ``seat`` must lead the next one (R13.3, R15.1)."""
    _observe(b, "trick", None)
    _observe(b, "pending", {"seat": int(seat), "decision": "play"})


@step("then", r'the captured points are "(?P<points>[^"]+)"',
      'the captured points are "0 25 0 0 0 275"')
def _captured_all(b: Builder, points: str) -> None:
    """The points captured in completed tricks, per seat (R14.1)."""
    _observe(b, "captured", _six_ints(points, "the captured points"))


_PLAY_ENTRY = re.compile(
    r"(?P<seat>[0-5]): (?:(?P<pass>pass)|(?P<cards>[^=;]+?) = (?P<combo>[^=;]+?))")
_LEVELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _trick_entry(text: str) -> dict[str, Any]:
    """``1: 7S 7H = pair 7`` or ``3: pass`` → one entry of ``trick.plays``."""
    match = _PLAY_ENTRY.fullmatch(text.strip())
    if match is None:
        raise ScenarioError(f'write each entry of the trick as "1: 7S 7H = pair 7" or "3: pass", '
                            f"not {text.strip()[:60]!r}")
    if match["pass"]:
        return {"seat": int(match["seat"]), "pass": True}
    try:
        cards = format_cards(parse_cards(match["cards"], allow_empty=False)).split()
    except RulesError as err:
        raise ScenarioError(str(err)) from None
    return {"seat": int(match["seat"]), "cards": cards, "combo": match["combo"].strip()}


@step("then", r'the trick\'s plays are "(?P<entries>[^"]+)"',
      'the trick\'s plays are "1: 7S 7H = pair 7; 2: pass; 3: 9S 9D = pair 9"')
def _trick_plays(b: Builder, entries: str) -> None:
    """Every play (its cards in canonical order and the reading it took, D10) and every pass
    (R13.2) of the trick on the table, in order."""
    _observe(b, "trick.plays", [_trick_entry(e) for e in entries.split(";")])


# ---------------------------------------------------------------------------------------------
# Settlement
# ---------------------------------------------------------------------------------------------


@step("then", r"the banker total is (?P<points>\d+)", "the banker total is 175")
def _banker_total(b: Builder, points: str) -> None:
    """The banker side's total, 300 minus the defender total (R20.2, D22)."""
    _observe(b, "result.banker_total", number(points))


@step("then", r'the settled levels are "(?P<levels>[^"]+)"',
      'the settled levels are "4 3 4 3 3 3"')
def _settled_levels(b: Builder, levels: str) -> None:
    """The levels the settlement gives, one per seat; a seat passing A is shown at A (R22.1,
    R07.2, D24)."""
    values = levels.split()
    if len(values) != 6 or any(v not in _LEVELS for v in values):
        raise ScenarioError(
            f"give the settled levels as six levels 3…A, one per seat, not {levels!r}")
    _observe(b, "result.levels", values)


@step("then", r"the last hand's points \((?P<points>\d+)\) go to " + SEAT,
      "the last hand's points (15) go to seat 4")
def _last_hand(b: Builder, points: str, seat: str) -> None:
    """One player left: the scoring cards still held go to the player who made the final
    play (R18.2, D21)."""
    _observe(b, "result.remnant_points", number(points))
    _observe(b, "result.remnant_to", int(seat))
