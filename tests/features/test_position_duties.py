"""Every consistency check of a position is an engine duty with a scenario (issue 30).

For each code of ruling D40's table, the shipped scenarios that send a position the
reference refuses with that code must pass on the reference and catch an engine that skips
that check: ``tests/miniatures/position_skipper.py CODE`` (the reference adapter with the
one check skipped) must fail at least one of them. The codes that no valid scenario can
reach are listed with the reason, and the reason is checked: the schema refuses an example
(a scenario's position must be schema-valid), or another check always refuses the same
position citing the same clause. D2's default first receiver is checked the same way by
the rule breaker ``first_receiver_seat_1`` (tests/impl/test_miniatures.py).
"""

from __future__ import annotations

import json
import sys
from functools import cache
from typing import Any

import jsonschema
import pytest
from helpers import ROOT

from fivetenk.impl import conventions
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.model.scenario import Scenario
from fivetenk.reference.errors import InvalidPosition
from fivetenk.reference.position import parse_position
from fivetenk.reference.rejections import POSITION_PROBLEMS
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario

try:  # the kit's position builder (issue 30 moves it out of the engine, h30-mutation)
    from fivetenk.model.position_builder import build_position
except ImportError:
    from fivetenk.reference.position import build_position  # type: ignore[attr-defined,no-redef]

SKIPPER = ROOT / "tests" / "miniatures" / "position_skipper.py"


def _full_burial_position() -> dict[str, Any]:
    from fivetenk.reference.cards import full_deck

    deck = [str(c) for c in sorted(full_deck())]
    hands = [deck[:32]] + [deck[32 + 26 * i:58 + 26 * i] for i in range(5)]
    return {"phase": "burying", "banker": 0, "hands": hands, "buried": [], "calls": [],
            "captured": [0] * 6, "trick": None, "turn": 0}


def _with(position: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**position, **changes}


def _in_play() -> dict[str, Any]:
    return build_position({0: "3D 4D", 1: "3C 4C", 2: "3H 4H"}, banker=0)


def _empty_play() -> dict[str, Any]:
    p = build_position({0: "3D 4D", 1: "3C 4C", 2: "3H 4H"}, banker=0, trick=[(0, "9C")])
    p["trick"]["plays"][0]["cards"] = []  # the 9C is gone now (no points)
    return p


SCHEMA_FORBIDDEN: dict[str, Any] = {
    # code -> a position the position schema refuses, that the engine refuses with the code
    "level-range": lambda: _with(_in_play(), levels=["2", "3", "3", "3", "3", "3"]),
    "play-empty": _empty_play,
    "position-format": lambda: _with(_in_play(), colour="red"),
}
"""Checks no scenario can reach: a scenario's position is checked against
``schemas/position.schema.json`` before it is sent, and the schema refuses these."""

REDUNDANT: dict[str, tuple[Any, str]] = {
    "buried-before-burial": (
        lambda: _with(_full_burial_position(),
                      buried=_full_burial_position()["hands"][0][26:],
                      hands=[_full_burial_position()["hands"][0][:26],
                             *_full_burial_position()["hands"][1:]]),
        "hand-size-before-play"),
}
"""Checks that never refuse alone: at the burial every card is in a hand (the banker's 32
and 26 each), so a burial listed there takes its cards from a hand that is then short (or
adds copies beyond the pack): code -> (such a position, the other code, same clause)."""


@cache
def _position_scenarios() -> list[tuple[Scenario, tuple[str, ...]]]:
    """The shipped scenarios expecting their position to be refused, with the codes of
    the reference's problems."""
    out = []
    for s in catalog.shipped():
        if s.setup and "position" in s.setup and s.refused_start is not None:
            try:
                parse_position({**s.setup["position"], "variants": s.variants})
            except InvalidPosition as err:
                out.append((s, tuple(err.codes)))
    return out


def test_every_check_is_reached_by_a_scenario_or_listed_with_its_reason() -> None:
    reached = {c for _, codes in _position_scenarios() for c in codes}
    codes = [p.code for p in POSITION_PROBLEMS]
    missing = [c for c in codes if c not in reached and c not in SCHEMA_FORBIDDEN
               and c not in REDUNDANT]
    assert not missing, f"no shipped scenario's position breaks {missing}"
    assert not (set(SCHEMA_FORBIDDEN) | set(REDUNDANT)) & reached


@pytest.mark.parametrize("code", list(SCHEMA_FORBIDDEN))
def test_a_schema_forbidden_check_is_refused_by_the_schema(code: str) -> None:
    schema = json.loads((ROOT / "schemas" / "position.schema.json").read_text("utf-8"))
    position = SCHEMA_FORBIDDEN[code]()
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(position))
    with pytest.raises(InvalidPosition) as err:
        parse_position(position)
    assert code in err.value.codes


@pytest.mark.parametrize("code", list(REDUNDANT))
def test_a_redundant_check_never_refuses_alone(code: str) -> None:
    make, other = REDUNDANT[code]
    with pytest.raises(InvalidPosition) as err:
        parse_position(make())
    clauses = {p.code: p.clause for p in POSITION_PROBLEMS}
    assert {code, other} <= set(err.value.codes)
    assert clauses[code] == clauses[other] == err.value.clause


DUTIES = [p.code for p in POSITION_PROBLEMS
          if p.code not in SCHEMA_FORBIDDEN and p.code not in REDUNDANT]


@pytest.mark.parametrize("code", DUTIES)
def test_an_engine_skipping_the_check_fails_its_scenarios(code: str) -> None:
    """The reference passes every scenario whose position it refuses with ``code``; the
    engine skipping that one check fails at least one of them (the position accepted, or
    refused citing another clause), and errs on none."""
    scenarios = [s for s, codes in _position_scenarios() if code in codes]
    assert scenarios, f"no scenario for {code}"
    for s in scenarios:
        assert run_scenario(ReferenceDriver(), s).status == "passed", s.id
    driver = ProcessDriver([sys.executable, str(SKIPPER), code], timeout=20)
    try:
        results = [run_scenario(driver, s) for s in scenarios]
    finally:
        driver.close()
    assert not [r for r in results if r.status == "errored"], [
        (r.scenario.id, r.message) for r in results if r.status == "errored"]
    caught = [r.scenario.id for r in results if r.status == "failed"]
    assert caught, f"no scenario catches an engine skipping {code}: {[s.id for s in scenarios]}"


SHORT_TRICK = ROOT / "tests" / "miniatures" / "position_short_trick.py"


def test_an_engine_must_read_a_trick_past_its_first_refused_play() -> None:
    """The plays after a refused one are still on the table: an engine that stops reading
    the trick there (``position_short_trick.py``) counts their cards as gone in earlier
    tricks, finds the captured points short and cites R06.2. R03-705 (a refused reply,
    then a king) catches it; the refused replies with nothing after them (R03-701,
    R03-702) do not, which is why it has a scenario of its own."""
    by_id = {s.id: s for s, _ in _position_scenarios()}
    caught, passed = [by_id["R03-705"]], [by_id["R03-701"], by_id["R03-702"]]
    for s in caught + passed:
        assert run_scenario(ReferenceDriver(), s).status == "passed", s.id
    driver = ProcessDriver([sys.executable, str(SHORT_TRICK)], timeout=20)
    try:
        results = {s.id: run_scenario(driver, s) for s in caught + passed}
    finally:
        driver.close()
    assert results["R03-705"].status == "failed", results["R03-705"].message
    assert "R06.2" in results["R03-705"].message, results["R03-705"].message
    assert [results[s.id].status for s in passed] == ["passed", "passed"]


def test_the_skipper_lists_every_code() -> None:
    import subprocess

    listed = json.loads(subprocess.run([sys.executable, str(SKIPPER), "--list"],
                                       capture_output=True, check=True, timeout=60).stdout)
    assert list(listed) == [p.code for p in POSITION_PROBLEMS]


def test_the_new_duties_are_tagged_so_a_convention_can_take_them() -> None:
    """The conventions of protocol 1.3 (``fivetenk.impl.conventions``) take exactly the new
    duties: ``position-duties`` the refused positions breaking a check no scenario judged
    before D40 (``SETUP_REFUSAL_CODES``), ``deal-first-default`` the deals that leave out
    ``first``; the tags ``@position-duties`` and ``@default-first`` mark the same scenarios,
    for people and for ``--tag``."""
    for s, codes in _position_scenarios():
        new = set(codes) - conventions.SETUP_REFUSAL_CODES
        assert ("position-duties" in s.tags) == bool(new), (s.id, codes)
        assert ("position-duties" in conventions.scenario_conventions(s)) == bool(new), s.id
    for s in catalog.shipped():
        deal = (s.setup or {}).get("deal")
        unsaid = isinstance(deal, dict) and "first" not in deal
        assert ("default-first" in s.tags) == unsaid, s.id
        assert ("deal-first-default" in conventions.scenario_conventions(s)) == unsaid, s.id
