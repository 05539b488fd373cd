"""Combination cases asked through play from positions, for implementations that offer no
pure queries (fivetenk.suite.lowering)."""

from __future__ import annotations

from collections import Counter

import pytest

import fivetenk.reference.combos as combos
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.model.scenario import Scenario
from fivetenk.mutation.engine import clear_caches
from fivetenk.reference.combos import Combo
from fivetenk.reference.variants import DEFAULT, Variants
from fivetenk.suite.catalog import shipped
from fivetenk.suite.lowering import lowerable, position_for
from fivetenk.suite.runner import run_scenario

QUERY_RULES = ("R02", "R03", "R04", "R05", "R06")


class PlayOnly(ReferenceDriver):
    """The reference engine, declaring no pure queries: only deals and positions."""

    capabilities = frozenset({"deal", "position"})

    def __init__(self) -> None:  # the tests below break the engine on purpose: no self-check
        super().__init__(self_check=False)


def _query_scenarios(rule: str | None = None) -> list[Scenario]:
    return [s for s in shipped() if s.rule in QUERY_RULES and (rule is None or s.rule == rule)]


def test_most_combination_cases_are_checked_through_play() -> None:
    statuses = Counter(run_scenario(PlayOnly(), s).status for s in _query_scenarios())
    assert statuses["failed"] == statuses["errored"] == 0
    assert statuses["passed"] >= 150  # beats and legality cases; readings lists are skipped
    skipped = [run_scenario(PlayOnly(), s) for s in _query_scenarios("R06")
               if s.setup is None]  # the pure queries; R06's positions are played
    assert skipped and all(r.status == "skipped" for r in skipped)
    for r in skipped:  # the skip names the missing command (issue 8, D-1)
        missing = r.reason.removeprefix("implementation lacks capability ")
        assert missing in ("points", "deck", "classify", "beats"), r.reason
        assert missing in {step["op"] for step in r.scenario.steps}


def test_only_what_play_can_show_is_lowered() -> None:
    beats = Scenario(id="x-1", name="x", clauses=["R05.2"], steps=[
        {"op": "beats", "reply": ["3H"] * 3 + ["3S"] * 2, "top": ["AH", "AS", "AD", "AC"],
         "expect": {"beats": True, "reading": "bomb 5x3"}}])
    assert lowerable(beats)
    readings = Scenario(id="x-2", name="x", clauses=["R03.1"], steps=[
        {"op": "classify", "cards": ["3H", "3S"], "expect": {"readings": ["pair 3"]}}])
    assert not lowerable(readings)


def test_a_position_that_cannot_exist_is_not_used() -> None:
    step = {"op": "beats", "reply": ["7S", "7S"], "top": ["7S", "7S"]}  # four 7S
    assert position_for(step, {}) is None


def test_a_play_only_engine_breaking_bomb_order_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bombs compared by rank before count (R05.2), in an engine without pure queries: the
    R05 cases asked through play fail."""
    original = combos.beats

    def rank_first(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
        if reply.tier == top.tier == 3:
            return (reply.key, reply.size) > (top.key, top.size)
        return original(reply, top, variants)

    monkeypatch.setattr(combos, "beats", rank_first)
    clear_caches()
    results = [run_scenario(PlayOnly(), s) for s in _query_scenarios("R05")]
    failed = [r.scenario.id for r in results if r.status == "failed"]
    assert "R05-001" in failed
    assert all("through play" in r.message for r in results  # the pure queries, lowered
               if r.status == "failed" and r.scenario.setup is None)
