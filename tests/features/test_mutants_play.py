"""Broken engines that the play scenarios (rules 13–22) must catch.

Each mutant monkeypatches one piece of the reference engine as it is used at run time
(methods of :class:`fivetenk.reference.table.Table`, which plays the tricks, and of
:class:`fivetenk.reference.game.Game`, the ``settle`` function the game calls, the
``band_for`` function settlement calls) so that it breaks exactly one clause. The
shipped scenarios of that clause's rule are then run against the patched engine, and the
named scenarios must fail: if a mutant survives, the features do not pin the clause down.
A last test checks that the unpatched engine passes every scenario of rules 13–22 and 24.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.model.scenario import Scenario
from fivetenk.reference import game as game_module
from fivetenk.reference import settlement as settlement_module
from fivetenk.reference.game import Game
from fivetenk.reference.settlement import Band, Ending
from fivetenk.reference.table import Finish, Table
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario

PLAY_RULES = ("R13", "R14", "R15", "R16", "R17", "R18", "R19", "R20", "R21", "R22", "R24")
"""The rules whose features this module guards."""

Patch = Callable[[pytest.MonkeyPatch], None]


def _scenarios(rule: str) -> list[Scenario]:
    """The shipped scenarios of ``rule``, in file order."""
    return [s for s in catalog.shipped() if s.rule == rule]


def _verdicts(rule: str) -> dict[str, str]:
    """Scenario id → status against the (possibly patched) reference engine. A mutant that
    raises instead of answering counts as ``crashed``: it was caught too."""
    out: dict[str, str] = {}
    for scenario in _scenarios(rule):
        try:
            out[scenario.id] = run_scenario(ReferenceDriver(), scenario).status
        except Exception as err:  # a broken engine may crash; that is a catch as well
            out[scenario.id] = f"crashed: {type(err).__name__}"
    return out


# ---------------------------------------------------------------------------------------------
# The mutants
# ---------------------------------------------------------------------------------------------


def passer_is_locked_out(mp: pytest.MonkeyPatch) -> None:
    """R13.2 / D18: a seat that passed is never asked again in the trick (the trick-lock
    variant applied by default)."""

    def next_waiting(self: Any, after: int, trick: Any) -> int | None:
        locked = {p.seat for p in trick.plays if p.is_pass}
        for step in range(1, 6):
            s = (after + step) % 6
            if (self.sizes[s] and s != trick.top_seat and s not in trick.passed
                    and s not in locked):
                return s
        return None

    mp.setattr(Table, "_next_waiting", next_waiting)


def winner_takes_last_combination_only(mp: pytest.MonkeyPatch) -> None:
    """R14.1: the winner captures only the points of the final combination."""
    original = Table._close_trick

    def close_trick(self: Any) -> None:
        trick = self.trick
        last = next(p for p in reversed(trick.plays) if p.cards is not None)
        trick.points = sum(c.points for c in last.cards)
        original(self)

    mp.setattr(Table, "_close_trick", close_trick)


def out_winner_still_leads(mp: pytest.MonkeyPatch) -> None:
    """R15.1 / D19: the next lead goes to the trick winner even when the winner is out."""
    original = Table._close_trick

    def close_trick(self: Any) -> None:
        winner = self.trick.top_seat
        original(self)
        self.turn = winner

    mp.setattr(Table, "_close_trick", close_trick)


def out_players_lose_advancement(mp: pytest.MonkeyPatch) -> None:
    """R16.1 / D24: players who are out when the hand ends do not advance."""
    original = Game._settle

    def settle_hand(self: Any) -> None:
        before = list(self.levels)
        out = set(self.observe()["out"])
        original(self)
        result = self._result
        levels, advanced = list(result.levels), list(result.advanced)
        for s in out:
            levels[s], advanced[s] = before[s], 0
        winners = tuple(s for s in result.match_winners if s not in out)
        self._result = dataclasses.replace(result, levels=tuple(levels),
                                           advanced=tuple(advanced), match_winners=winners)
        self._levels = levels
        self._match_winners = winners

    mp.setattr(Game, "_settle", settle_hand)


def whole_side_checked_with_a_call_open(mp: pytest.MonkeyPatch) -> None:
    """R17.1 / D20: the whole-side ending is checked with the sides known so far, before
    both calls are resolved."""

    def ending(self: Any, seat: int) -> Finish | None:
        sizes = self.sizes
        side = self.banker_side
        others = [s for s in range(6) if s not in side]
        if not any(sizes[s] for s in side):
            return Finish(Ending.BANKERS_OUT, seat, self.hand_points(others), "bankers")
        if not any(sizes[s] for s in others):
            return Finish(Ending.DEFENDERS_OUT, seat, self.hand_points(side), "defenders")
        holders = [s for s in range(6) if sizes[s]]
        if len(holders) == 1:
            return Finish(Ending.ONE_PLAYER_LEFT, seat, self.hand_points(holders), seat)
        return None

    mp.setattr(Table, "_ending", ending)


def _wrap_settle(mp: pytest.MonkeyPatch, change: Callable[[dict[str, Any]], None]) -> None:
    """Patch the ``settle`` the game calls so that ``change`` edits its arguments first."""
    original: Callable[..., Any] = vars(game_module)["settle"]  # as the game module sees it

    def settle(**kwargs: Any) -> Any:
        change(kwargs)
        return original(**kwargs)

    mp.setattr(game_module, "settle", settle)


def remnants_not_transferred(mp: pytest.MonkeyPatch) -> None:
    """R17.2 / R17.3: at a whole-side ending the scoring cards left in hands score nothing."""

    def change(kwargs: dict[str, Any]) -> None:
        if kwargs["ending"] in (Ending.BANKERS_OUT, Ending.DEFENDERS_OUT):
            kwargs["remnant_points"] = 0

    _wrap_settle(mp, change)


def kitty_doubled(mp: pytest.MonkeyPatch) -> None:
    """R18.2 / R19.2 / D22: the kitty counts twice its face value."""

    def change(kwargs: dict[str, Any]) -> None:
        kwargs["kitty"] = list(kwargs["kitty"]) * 2

    _wrap_settle(mp, change)


def kitty_to_banker(mp: pytest.MonkeyPatch) -> None:
    """R19.2: the kitty always goes back to the banker who buried it."""

    def change(kwargs: dict[str, Any]) -> None:
        kwargs["kitty_to"] = kwargs["banker"]

    _wrap_settle(mp, change)


def _wrap_band_for(mp: pytest.MonkeyPatch, band: Callable[[int], Band | None]) -> None:
    """Patch the ``band_for`` settlement calls: ``band`` answers first, else the original."""
    original = settlement_module.band_for

    def band_for(total: int) -> Band:
        return band(total) or original(total)

    mp.setattr(settlement_module, "band_for", band_for)


def band_120_off_by_one(mp: pytest.MonkeyPatch) -> None:
    """R21.4: a defender total of exactly 120 still counts as a banker win (+1)."""
    _wrap_band_for(mp, lambda total: settlement_module.BANDS[2] if total == 120 else None)


def defenders_advance_at_120(mp: pytest.MonkeyPatch) -> None:
    """R22.3: at 120–175 the winning defenders advance one level."""
    band = Band("120-175", 120, 175, "defenders", 1, "R21.4")
    _wrap_band_for(mp, lambda total: band if 120 <= total <= 175 else None)


MUTANTS: list[tuple[str, Patch, str, set[str]]] = [
    ("passer locked out (R13.2, D18)", passer_is_locked_out, "R13",
     {"R13-014", "R13-021", "R13-024"}),
    ("last combination only (R14.1)", winner_takes_last_combination_only, "R14",
     {"R14-001", "R14-002", "R14-003", "R14-004"}),
    ("out winner leads (R15.1)", out_winner_still_leads, "R15",
     {"R15-003", "R15-004", "R15-005", "R15-007"}),
    ("out players lose advancement (R16.1)", out_players_lose_advancement, "R16",
     {"R16-007", "R16-008"}),
    ("whole side checked with a call open (R17.1)", whole_side_checked_with_a_call_open,
     "R17", {"R17-001", "R17-002", "R17-003"}),
    ("remnants not transferred (R17.2)", remnants_not_transferred, "R17",
     {"R17-004", "R17-008", "R17-011", "R17-012"}),
    ("kitty doubled (R18.2)", kitty_doubled, "R18", {"R18-006", "R18-007", "R18-009"}),
    ("kitty to the banker (R19.2)", kitty_to_banker, "R19",
     {"R19-005", "R19-007", "R19-008", "R19-011"}),
    ("120 band off by one (R21.4)", band_120_off_by_one, "R21",
     {"R21-001.6", "R21-003.1"}),
    ("advance at 120-175 (R22.3)", defenders_advance_at_120, "R22",
     {"R22-010", "R22-011.2", "R22-011.3", "R22-012"}),
]


@pytest.mark.parametrize(("patch", "rule", "catchers"),
                         [pytest.param(p, r, c, id=name) for name, p, r, c in MUTANTS])
def test_mutant_is_caught(monkeypatch: pytest.MonkeyPatch, patch: Patch, rule: str,
                          catchers: set[str]) -> None:
    """The mutant makes at least the named scenarios of ``rule`` fail."""
    patch(monkeypatch)
    verdicts = _verdicts(rule)
    assert catchers <= set(verdicts), f"unknown scenario ids {sorted(catchers - set(verdicts))}"
    survived = {sid for sid in catchers if verdicts[sid] == "passed"}
    assert not survived, f"the mutant survived scenarios {sorted(survived)}"


@pytest.mark.parametrize("rule", PLAY_RULES)
def test_reference_engine_passes(rule: str) -> None:
    """Unpatched, the reference engine passes every scenario of the rule."""
    verdicts = _verdicts(rule)
    assert verdicts, f"no scenarios for {rule}"
    assert {sid: v for sid, v in verdicts.items() if v != "passed"} == {}
