"""A scenario can expect its setup (a deal or a position) to be refused (issue 9).

The form: ``{"op": "start", "expect": {"accepted": false, "clause": "R16.1"}}`` as the first
and only step (in Gherkin ``Then the position is refused citing R16.1`` / ``Then the deal is
refused``, the clause optional). It judges the reply to the scenario's one ``start`` request
(protocol.md, ``### start``): a refusal citing the clause passes, another clause or an
acceptance fails (never errors), and ``@any-clause`` judges the refusal alone.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

from fivetenk.cli import main
from fivetenk.commands.render import render_feature
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.language.compiler import FeatureError, compile_text
from fivetenk.model.position_builder import build_position
from fivetenk.model.scenario import Scenario, ScenarioError, without_rejection_clauses
from fivetenk.reference.cards import full_deck
from fivetenk.results.evidence import expectation_text, request_text, step_lines
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario, run_suite

ADAPTER = [sys.executable, "-m", "fivetenk.cli", "adapter"]


def out_position() -> dict[str, Any]:
    """A position that cannot occur: seat 5 holds nothing but is not listed as out (R16.1)."""
    position = build_position({0: "5H 5S", 1: "9D", 2: "KH"}, banker=0)
    assert position["out"] == [3, 4, 5]
    position["out"] = [3, 4]
    return position


def four_jokers_deck() -> list[str]:
    """162 cards holding a fourth big joker and only two 3S (R01.1)."""
    deck = [str(c) for c in sorted(full_deck(), reverse=True)]
    deck.remove("3S")
    return ["BJ", *deck]


def scenario(setup: dict[str, Any], expect: dict[str, Any], *, sid: str = "mine-1",
             **more: Any) -> Scenario:
    data = {"id": sid, "name": "refused", "clauses": ["R16.1"], "setup": setup,
            "steps": [{"op": "start", "expect": expect}], **more}
    return Scenario.from_json(data, where="mine.json")


class AcceptsEverything(ReferenceDriver):
    """The reference engine, except that it starts from any setup, even one that cannot
    occur (it only remembers that it was asked)."""

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        self.started = setup
        return {"accepted": True}


class CitesOther(ReferenceDriver):
    """The reference engine citing R02.1 for every refused setup."""

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        answer = super().start(variants, setup)
        if answer.get("accepted") is False:
            answer = {**answer, "clause": "R02.1"}
        return answer


# --------------------------------------------------------------------------- the JSON form


def test_the_reference_refuses_a_position_citing_its_clause_and_the_scenario_passes() -> None:
    result = run_scenario(ReferenceDriver(), scenario({"position": out_position()},
                                                      {"accepted": False, "clause": "R16.1"}))
    assert result.status == "passed", result.message


def test_the_reference_refuses_a_deal_with_a_fourth_copy_citing_R01_1() -> None:
    s = scenario({"deal": {"deck": four_jokers_deck()}}, {"accepted": False, "clause": "R01.1"})
    assert run_scenario(ReferenceDriver(), s).status == "passed"
    assert run_scenario(ReferenceDriver(), scenario(
        {"deal": {"deck": four_jokers_deck()}}, {"accepted": False})).status == "passed"


def test_an_engine_that_accepts_the_setup_fails_the_scenario_saying_so() -> None:
    driver = AcceptsEverything()
    result = run_scenario(driver, scenario({"position": out_position()},
                                           {"accepted": False, "clause": "R16.1"}))
    assert result.status == "failed"  # not errored: the engine answered, wrongly
    assert result.message.startswith(
        "expected the position to be refused citing R16.1; the engine accepted it")
    assert driver.started == {"position": out_position()}
    assert result.step == 0 and result.context["received"] == {"accepted": True}
    assert {m.path for m in result.differences} == {"accepted", "clause"}
    deal = run_scenario(driver, scenario({"deal": {"deck": four_jokers_deck()}},
                                         {"accepted": False}))
    assert deal.status == "failed"
    assert deal.message == "expected the deal to be refused; the engine accepted it"


def test_another_clause_fails_and_any_clause_judges_the_refusal_alone() -> None:
    s = scenario({"position": out_position()}, {"accepted": False, "clause": "R16.1"})
    result = run_scenario(CitesOther(), s)
    assert result.status == "failed"
    assert result.message.startswith("expected the position to be refused citing R16.1; "
                                     "the engine refused it, citing R02.1: invalid position:")
    assert [(m.path, m.expected, m.observed) for m in result.differences] == [
        ("clause", "R16.1", "R02.1")]
    relaxed = without_rejection_clauses(s)
    assert relaxed.steps == [{"op": "start", "expect": {"accepted": False}}]
    alone = scenario({"position": out_position()}, {"accepted": False, "clause": "R16.1"},
                     rejections="any-clause")
    assert run_scenario(CitesOther(), alone).status == "passed"
    accepted = run_scenario(AcceptsEverything(), alone)  # relaxing never lets it through
    assert accepted.status == "failed" and "the engine accepted it" in accepted.message


def test_the_adapter_over_the_protocol_passes_and_fails_them_among_other_scenarios() -> None:
    good = scenario({"position": out_position()}, {"accepted": False, "clause": "R16.1"},
                    sid="mine-1")
    wrong = scenario({"position": out_position()}, {"accepted": False, "clause": "R13.1"},
                     sid="mine-2")
    others = [s for s in catalog.shipped() if s.setup is not None and s.refused_start is None]
    suite = [others[0], good, others[1], wrong, others[2], good]
    driver = ProcessDriver(ADAPTER)
    try:
        results = list(run_suite(driver, suite))
    finally:
        driver.close()
    assert [r.status for r in results] == ["passed", "passed", "passed", "failed", "passed",
                                           "passed"], [r.message for r in results]
    assert results[3].message.startswith("expected the position to be refused citing R13.1; "
                                         "the engine refused it, citing R16.1")


# --------------------------------------------------------------------------- bad placements


@pytest.mark.parametrize(("change", "path", "words"), [
    (lambda d: d["steps"].append({"op": "observe"}), "$.steps[1]",
     "must be the scenario's only step"),
    (lambda d: d["steps"].insert(0, {"op": "observe"}), "$.steps[1]",
     "must be the scenario's first step, not step 2"),
    (lambda d: d["steps"][0]["expect"].update(accepted=True), "$.steps[0].expect.accepted",
     'must expect "accepted": false'),
    (lambda d: d.update(setup=None), "$.steps[0]", "needs a deal or a position to refuse"),
    (lambda d: d["steps"][0].update(contains={"clause": ["R16.1"]}), "$.steps[0].contains",
     'it has no "contains"'),
    (lambda d: d["steps"][0]["expect"].update(error="x"), "$.steps[0].expect",
     "Additional properties are not allowed ('error' was unexpected)"),
])
def test_a_misplaced_start_step_is_a_clear_error(change: Any, path: str, words: str) -> None:
    data = scenario({"position": out_position()}, {"accepted": False}).to_json()
    change(data)
    with pytest.raises(ScenarioError) as err:
        Scenario.from_json(data, where="mine.json")
    assert str(err.value).startswith(f"mine.json: {path}: ")
    assert words in str(err.value)


def test_a_fourth_copy_is_allowed_only_in_a_setup_expected_to_be_refused(
        tmp_path: Path) -> None:
    refused = scenario({"deal": {"deck": four_jokers_deck()}}, {"accepted": False}).to_json()
    plain = {**refused, "steps": [{"op": "observe"}]}
    with pytest.raises(ScenarioError, match=r"\$\.setup\.deal\.deck: 4 copies of BJ"):
        Scenario.from_json(plain, where="mine.json")
    path = tmp_path / "mine.json"
    path.write_text(json.dumps([refused]), encoding="utf-8")
    assert [s.id for s in catalog.load_file(path)] == ["mine-1"]  # not refused at load


def test_loading_refuses_an_impossible_setup_unless_the_scenario_expects_it(
        tmp_path: Path) -> None:
    refused = scenario({"position": out_position()}, {"accepted": False}).to_json()
    path = tmp_path / "mine.json"
    path.write_text(json.dumps([refused]), encoding="utf-8")
    assert [s.refused_start for s in catalog.load_file(path)] == [
        {"op": "start", "expect": {"accepted": False}}]
    path.write_text(json.dumps([{**refused, "steps": [{"op": "observe"}]}]), encoding="utf-8")
    with pytest.raises(catalog.CatalogError, match=r"the setup cannot occur \(R16\.1\)"):
        catalog.load_file(path)


# --------------------------------------------------------------------------- Gherkin


FEATURE = """Feature: refused setups

  @id:mine-201 @R16.1
  Scenario: An empty-handed seat that is not out
    Given a hand in play with seat 0 as banker
    And seat 0 holds "5H 5S"
    And seat 1 holds "9D"
    And seat 2 holds "KH"
    And the seats went out in the order "3 4"
    Then the position is refused citing R16.1

  @id:mine-202 @R01.1 @any-clause
  Scenario: A fourth big joker
    Given the deck order is:
      \"\"\"
{deck}
      \"\"\"
    Then the deal is refused citing R01.1

  @id:mine-203 @R16.1
  Scenario: Any clause will do
    Given a hand in play with seat 0 as banker
    And seat 0 holds "5H 5S"
    And seat 1 holds "9D"
    And the seats went out in the order "2 3 4"
    Then the position is refused
"""


def feature() -> str:
    return FEATURE.replace("{deck}", "      " + " ".join(four_jokers_deck()))


def test_the_gherkin_phrases_build_the_start_step_and_the_reference_passes_them() -> None:
    built = compile_text(feature(), "mine.feature", validate=True)
    assert [s.steps for s in built] == [
        [{"op": "start", "expect": {"accepted": False, "clause": "R16.1"}, "line": 10}],
        [{"op": "start", "expect": {"accepted": False, "clause": "R01.1"}, "line": 18}],
        [{"op": "start", "expect": {"accepted": False}, "line": 26}],
    ]
    assert built[0].setup is not None
    assert built[0].setup["position"]["out"] == [3, 4]  # built without the final check
    assert built[1].rejections == "any-clause"
    assert built[1].setup is not None and built[1].setup["deal"]["deck"].count("BJ") == 4
    assert [run_scenario(ReferenceDriver(), s).status for s in built] == ["passed"] * 3
    assert [run_scenario(AcceptsEverything(), s).status for s in built] == ["failed"] * 3


def test_render_round_trips_a_refused_setup() -> None:
    built = compile_text(feature(), "mine.feature")
    text = render_feature(built, "round trip")
    assert "    Then the position is refused citing R16.1\n" in text
    assert "    Then the deal is refused citing R01.1\n" in text
    assert "    Then the position is refused\n" in text
    again = compile_text(text, "rendered.feature")

    def bare(s: Scenario) -> dict[str, Any]:
        data = s.to_json()
        data.pop("source")
        for step in data["steps"]:
            step.pop("line")
        return data

    assert [bare(s) for s in again] == [bare(s) for s in built]


@pytest.mark.parametrize(("lines", "line", "words"), [
    (['Given a hand in play with seat 0 as banker', 'And seat 0 holds "5H"',
      'And seat 1 holds "6H"', 'When seat 0 plays "5H"', 'Then the position is refused'], 9,
     "'Then the position is refused' judges the start of the scenario's position, so it is "
     "the scenario's only step"),
    (['Given a hand in play with seat 0 as banker', 'And seat 0 holds "5H"',
      'And seat 1 holds "6H"', 'And the seats went out in the order "2 3"',
      'Then the position is refused', 'And seat 0 is the banker'], 10,
     "must be the scenario's only step: once its setup is refused there is no game"),
    (['Given a hand in play with seat 0 as banker', 'And seat 0 holds "5H"',
      'Then the deal is refused'], 7, "this scenario starts from a position: write 'Then the "
     "position is refused'"),
    (['Then the deal is refused citing R01.1'], 5,
     "'Then the deal is refused' needs a deal to refuse"),
])
def test_a_misplaced_refusal_phrase_is_an_error_at_its_line(
        lines: list[str], line: int, words: str) -> None:
    text = ("Feature: f\n\n  @id:mine-1 @R16.1\n  Scenario: s\n"
            + "".join(f"    {x}\n" for x in lines))
    with pytest.raises(FeatureError) as err:
        compile_text(text, "mine.feature")
    assert str(err.value).startswith(f"mine.feature:{line}: "), str(err.value)
    assert words in str(err.value)


def test_a_fourth_copy_in_a_deck_order_is_an_error_unless_the_deal_is_refused() -> None:
    text = feature().replace("Then the deal is refused citing R01.1", "Then 0 cards have "
                             "been dealt")
    with pytest.raises(FeatureError, match=r"mine\.feature:\d+: .*4 copies of BJ.*R01\.1"):
        compile_text(text, "mine.feature")


# --------------------------------------------------------------------------- reports


def test_evidence_and_show_say_the_setup_is_expected_to_be_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = scenario({"position": out_position()}, {"accepted": False, "clause": "R16.1"})
    step = s.steps[0]
    assert request_text(step) == "the setup: expected to be refused citing R16.1"
    assert expectation_text({"op": "start", "expect": {"accepted": False}}, alone=True) == (
        "the setup: expected to be refused (any clause) (judged on the refusal alone: the "
        "clause is not compared)")
    assert step_lines(s, 0) == (["Then the position is refused citing R16.1"], False)
    path = tmp_path / "mine.feature"
    path.write_text(feature(), encoding="utf-8")
    impl = " ".join(ADAPTER)
    assert main(["show", "mine-201", str(path), "--impl", impl]) == 0
    out = capsys.readouterr().out
    assert "  setup (a position; expected to be refused citing R16.1):\n" in out
    assert "    expects: the setup: expected to be refused citing R16.1\n" in out
    assert "  result: passed\n" in out


def test_shipped_refused_setups_pass_on_the_reference_and_fail_an_engine_accepting_them(
) -> None:
    refused = [s for s in catalog.shipped() if s.refused_start is not None]
    assert {"R01-201", "R13-201", "R16-201", "R16-202", "R17-201", "R18-201"} <= {
        s.id for s in refused}
    for s in refused:
        assert run_scenario(ReferenceDriver(), s).status == "passed", s.id
        assert run_scenario(AcceptsEverything(), s).status == "failed", s.id


def test_the_guides_example_of_a_refused_position_passes_on_the_reference() -> None:
    guide = (ROOT / "docs" / "disputes.md").read_text("utf-8")
    block = next(b.split("\n", 1)[1] for b in guide.split("```")[1::2]
                 if b.startswith("gherkin") and "@id:club-004" in b)
    built = {s.id: s for s in compile_text(block, "docs/disputes.md", validate=True)}
    club = built["club-004"]
    assert club.refused_start == {"op": "start", "expect": {"accepted": False,
                                                            "clause": "R16.1"}, "line": 35}
    assert run_scenario(ReferenceDriver(), club).status == "passed"
    assert run_scenario(AcceptsEverything(), club).status == "failed"
