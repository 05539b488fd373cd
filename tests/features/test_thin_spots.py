"""The thin spots of issue 17: each scenario passes on the reference engine in process and
through ``fivetenk adapter``, and *fails* (not errors) against the reference adapter with
the one rule it pins broken (``tests/miniatures/rulebreaker.py NAME``).

Found by running the suite as an outside engine meets it: these behaviours were pinned by
no scenario, so an engine could get them wrong and still pass. Each row names the
scenarios (every outline row) and the breaker that must fail them all.
"""

from __future__ import annotations

import sys

import pytest
from helpers import TESTS

from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.model.scenario import Scenario
from fivetenk.suite import catalog
from fivetenk.suite.runner import Result, run_scenario

RULEBREAKER = TESTS / "miniatures" / "rulebreaker.py"

THIN_SPOTS: list[tuple[str, str, str]] = [
    # (what is pinned, the scenario id (an outline: each of its rows), the breaker that
    # fails it)
    ("a play declared by its bare shape word (D10)", "R03-502", "bare_shape_refused"),
    ("distinct single wings stay legal", "R03-503", "distinct_bans_single_wings"),
    ("jokers as wings under distinct", "R03-504", "distinct_skips_jokers"),
    ("winged airplanes listed under distinct", "R03-505", "distinct_wings_unlisted"),
    ("four single wings of one rank in a long hand", "R03-506", "wing_rank_at_most_three"),
    ("a declared reading the cards lack is rejected", "R03-507", "declared_reading_ignored"),
    ("the clause when rocket=joker_sets meets twelve_bomb=beats_rocket", "R05-407",
     "weakest_reading_explained"),
    ("a 0th call is refused (R11.4)", "R11-507.1", "ordinal_zero_as_first"),
    ("a 0th call is refused under call_ordinal=any", "R11-507.2", "ordinal_zero_as_first"),
    ("a pass made in play is among the trick's plays", "R13-515", "pass_unrecorded"),
    ("the previous hand's reveal is not shown", "R23-602", "next_hand_keeps_reveal"),
]


def _scenarios(ident: str) -> list[Scenario]:
    found = [s for s in catalog.shipped() if s.id == ident or s.id.startswith(ident + ".")]
    assert found, f"scenario {ident} is gone"
    return found


def _through(command: list[str], scenarios: list[Scenario]) -> list[Result]:
    driver = ProcessDriver(command, timeout=10)
    try:
        return [run_scenario(driver, s) for s in scenarios]
    finally:
        driver.close()


def _statuses(results: list[Result]) -> dict[str, str]:
    return {r.scenario.id: r.status + (f": {r.message}" if r.status != "passed" else "")
            for r in results}


@pytest.mark.parametrize(("ident", "breaker"),
                         [pytest.param(i, b, id=f"{i} {what}") for what, i, b in THIN_SPOTS])
def test_the_thin_spot_passes_on_the_reference_and_fails_when_broken(
        ident: str, breaker: str) -> None:
    scenarios = _scenarios(ident)
    in_process = [run_scenario(ReferenceDriver(), s) for s in scenarios]  # self-checks on
    assert {s: v for s, v in _statuses(in_process).items() if v != "passed"} == {}
    adapter = _through([sys.executable, "-m", "fivetenk.cli", "adapter"], scenarios)
    assert {s: v for s, v in _statuses(adapter).items() if v != "passed"} == {}
    broken = _through([sys.executable, str(RULEBREAKER), breaker], scenarios)
    assert {r.scenario.id: r.status for r in broken} == {s.id: "failed" for s in scenarios}


def test_every_thin_spot_breaker_is_a_rule_breaker() -> None:
    """The breakers are registered with the rule-breakers (tests/impl/test_miniatures.py runs
    each against its whole rule as well)."""
    from helpers import RULE_BREAKERS

    assert {b for _, _, b in THIN_SPOTS} <= set(RULE_BREAKERS)
