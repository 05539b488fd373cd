"""Issue 9: a scenario marked to judge its rejections on the rejection alone.

``@any-clause`` on a Gherkin scenario (or its Feature), ``"rejections": "any-clause"`` in
JSON: every rejection of that scenario is judged as ``fivetenk check --any-clause`` judges
every rejection (the clause it cites is not compared, ruling D35), and every report says
so. These tests run a miniature engine that rejects the right actions citing other
clauses (tests/miniatures/other_clause.py): a marked scenario passes against it, the same
scenario unmarked fails, and a marked one still fails when the engine lets the action
through. The mark round-trips through JSON, ``render`` and ``export``; a misspelt mark, a
mark that relaxes nothing and an unknown value are errors naming the file and line (or
JSON path). The reference engine's rejections carry the D35 code of their kind.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, TESTS

from fivetenk import cli
from fivetenk.commands.render import render_feature
from fivetenk.impl.adapter import Adapter
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.language.compiler import FeatureError, compile_text, parse_tags
from fivetenk.model.scenario import (
    REJECTIONS_ALONE,
    Scenario,
    ScenarioError,
    dumps,
    problems,
    without_rejection_clauses,
)
from fivetenk.reference import rejections as table
from fivetenk.suite.catalog import load_file
from fivetenk.suite.runner import run_scenario

MINI = TESTS / "miniatures"
OTHER = MINI / "other_clause.py"

LEAD_PASS = """\
    Given a hand in play with seat 0 as banker
    And seat 0 holds "7S 9D"
    And seat 1 holds "8H"
    When seat 0 passes
    Then the action is rejected citing R13.2
"""

FEATURE = f"""\
Feature: rejections judged alone

  @id:alone-001 @R13.2 @D35 @any-clause
  Scenario: the leader may not pass, whichever clause is cited
{LEAD_PASS}
  @id:alone-002 @R13.2 @D35
  Scenario: the leader may not pass, citing R13.2
{LEAD_PASS}"""


def impl(*args: str) -> str:
    return " ".join([sys.executable, str(OTHER), *args])


def check(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str
          ) -> tuple[int, str, dict[str, dict[str, Any]]]:
    """``fivetenk check --only-paths ARGS`` in process: exit code, console text and the
    JSON-lines scenario records by id."""
    jsonl = tmp_path / "r.jsonl"
    code = cli.main(["check", "--no-progress", "--only-paths", "--jsonl", str(jsonl), *args])
    out = capsys.readouterr().out
    records = [json.loads(line) for line in jsonl.read_text("utf-8").splitlines()]
    return code, out, {r["id"]: r for r in records if r.get("record") == "scenario"}


def feature(tmp_path: Path, text: str = FEATURE, name: str = "alone.feature") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- judged against an engine citing other clauses ------------------------------------------


def test_the_mark_passes_an_engine_citing_another_clause_and_the_unmarked_twin_fails(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, records = check(capsys, tmp_path, str(feature(tmp_path)), "--impl", impl())
    assert code == 1
    assert records["alone-001"]["status"] == "passed"
    assert records["alone-001"]["rejections"] == REJECTIONS_ALONE
    failed = records["alone-002"]
    assert failed["status"] == "failed" and "rejections" not in failed
    assert [d["path"] for d in failed["differences"]] == ["clause"]
    assert failed["rejection_code"] == "house-rule"  # the engine's code, beside the clause
    assert "FAILED alone-002" in out and "alone-001" not in out
    assert "  expected: rejected, citing R13.2" in out
    assert "  answered: rejected, citing R02.1: not allowed by our house rules" in out
    assert "  rejection code: house-rule (the implementation's own; shown, never compared)" \
        in out


def test_the_mark_still_fails_an_engine_that_accepts_the_action_and_says_why(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, records = check(capsys, tmp_path, str(feature(tmp_path)),
                               "--impl", impl("--accept"), "--id", "alone-001")
    assert code == 1
    record = records["alone-001"]
    assert record["status"] == "failed" and record["rejections"] == REJECTIONS_ALONE
    assert record["expected_answer"] == "rejected" and record["answer"] == "accepted"
    assert [(d["path"], d["expected"], d["observed"]) for d in record["differences"]] == [
        ("accepted", False, True)]
    assert "  expected: rejected, citing any clause (the clause is not compared)" in out
    assert "  rejections: judged on the rejection alone" in out


def test_the_reference_engine_passes_both_and_pytest_bdd_sees_the_same_mark() -> None:
    marked, plain = compile_text(FEATURE, "alone.feature")
    for scenario in (marked, plain):
        assert run_scenario(ReferenceDriver(), scenario).status == "passed"
    assert marked.rejections_alone and not plain.rejections_alone
    assert "any-clause" not in marked.tags  # the mark is its own field, not a tag
    assert parse_tags(["@id:x", "@R13.2", "@any-clause"]) == {
        "id": "x", "clauses": ["R13.2"], "rulings": [], "tags": ["R13.2"],
        "rejections": REJECTIONS_ALONE}


def test_the_report_of_a_marked_scenario_holds_the_relaxed_copy_it_was_judged_by() -> None:
    [marked] = compile_text(FEATURE, "alone.feature")[:1]

    class Accepting(ReferenceDriver):
        def run(self, step: dict[str, Any]) -> dict[str, Any]:
            answer = super().run(step)
            return {"accepted": True, "clause": None} if step["op"] == "act" else answer

    result = run_scenario(Accepting(), marked)
    assert result.status == "failed"
    assert result.scenario.rejections_alone
    act = result.scenario.steps[result.step or 0]
    assert act["expect"] == {"accepted": False}  # what was compared: no clause
    assert marked.steps[result.step or 0]["expect"] == {"accepted": False, "clause": "R13.2"}


def test_show_says_the_clause_is_not_compared(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    path = feature(tmp_path)
    assert cli.main(["show", "alone-001", str(path)]) == 0
    out = capsys.readouterr().out
    assert "  rejections: judged on the rejection alone" in out
    assert '"rejections": "any-clause"' in out
    assert cli.main(["show", "alone-001", str(path), "--impl", impl()]) == 0
    out = capsys.readouterr().out
    assert "(judged on the rejection alone: any clause, the clause is not compared)" in out
    assert cli.main(["show", "alone-002", str(path)]) == 0
    assert "judged on the rejection alone" not in capsys.readouterr().out


@pytest.mark.slow
def test_pytest_bdd_judges_the_marked_scenario_alone_too(tmp_path: Path) -> None:
    """The glue of tests/conftest.py, run by pytest-bdd on a copy of the two scenarios
    citing R13.1 where the reference cites R13.2: the marked one passes, its twin fails;
    ``any-clause`` is a registered marker (``--strict-markers``), so ``-m any-clause``
    selects the marked one."""
    import shutil
    import subprocess

    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    feature(tmp_path, FEATURE.replace("citing R13.2", "citing R13.1"))
    (tmp_path / "test_alone.py").write_text(
        'from pytest_bdd import scenarios\n\nscenarios("alone.feature")\n', encoding="utf-8")
    base = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--strict-markers",
            "-p", "no:hypothesispytest",  # for @given tests only: 1.2 s of CPU a run
            "--rootdir", str(tmp_path), str(tmp_path / "test_alone.py")]
    done = subprocess.run(base, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout[-3000:]
    assert "1 failed, 1 passed" in done.stdout
    assert "FAILED alone-002" in done.stdout and "FAILED alone-001" not in done.stdout
    assert "rejection code: lead-pass" in done.stdout
    done = subprocess.run([*base, "-m", "any-clause"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and "1 passed, 1 deselected" in done.stdout, done.stdout[-3000:]


# -- the Feature tag: the scenarios with a rejection ----------------------------------------


FEATURE_TAGGED = """\
@any-clause
Feature: a rule book numbered our own way

  @id:house-001 @R13.2
  Scenario: the leader may not pass
    Given a hand in play with seat 0 as banker
    And seat 0 holds "7S 9D"
    And seat 1 holds "8H"
    When seat 0 passes
    Then the action is rejected citing R13.2

  @id:house-002 @R13.2
  Scenario: the leader may lead
    Given a hand in play with seat 0 as banker
    And seat 0 holds "7S 9D"
    And seat 1 holds "8H"
    When seat 0 plays "7S"
    Then the action is accepted
"""


def test_a_feature_tag_marks_its_scenarios_that_expect_a_rejection() -> None:
    rejecting, accepting = compile_text(FEATURE_TAGGED, "house.feature", validate=True)
    assert rejecting.rejections_alone
    assert not accepting.rejections_alone  # nothing to relax there: left unmarked
    assert problems(accepting.to_json()) == []



def test_tag_selection_finds_what_the_mark_marked() -> None:
    """``fivetenk check --tag any-clause`` selects the marked scenarios although the mark
    is a field of its own, not one of the scenario's tags."""
    from fivetenk.suite.catalog import Selection

    rejecting, accepting = compile_text(FEATURE_TAGGED, "house.feature", validate=True)
    chosen = Selection(tags=("any-clause",))
    assert "any-clause" not in rejecting.tags
    assert chosen(rejecting) and not chosen(accepting)

# -- round trip: JSON, render, export -------------------------------------------------------


def _without_source(s: Scenario) -> dict[str, Any]:
    """The scenario's JSON without where it was written (file, lines)."""
    data = s.to_json()
    data.pop("source", None)
    data["steps"] = [{k: v for k, v in step.items() if k != "line"} for step in data["steps"]]
    return data


def test_the_mark_round_trips_through_json_render_and_export(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    compiled = compile_text(FEATURE, "alone.feature", validate=True)
    data = [s.to_json() for s in compiled]
    assert data[0]["rejections"] == "any-clause" and "rejections" not in data[1]
    assert [Scenario.from_json(d) for d in data] == compiled
    rendered = render_feature([Scenario.from_json(d) for d in data], "again")
    assert "@any-clause" in rendered.split("Scenario:")[0]
    again = compile_text(rendered, "again.feature", validate=True)
    assert [_without_source(s) for s in again] == [_without_source(s) for s in compiled]
    # export writes it, render reads it back
    assert cli.main(["export", str(feature(tmp_path))]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert [d.get("rejections") for d in exported] == ["any-clause", None]
    (tmp_path / "alone.json").write_text(dumps(exported), encoding="utf-8")
    assert cli.main(["render", str(tmp_path / "alone.json")]) == 0
    assert "@id:alone-001 @R13.2 @D35 @any-clause\n" in capsys.readouterr().out


def test_the_schema_holds_the_field() -> None:
    [marked] = compile_text(FEATURE, "alone.feature")[:1]
    data = marked.to_json()
    assert problems(data) == []
    assert problems({**data, "rejections": "clause"}) == []  # the default, said explicitly
    assert Scenario.from_json({**data, "rejections": "clause"}).rejections_alone is False


# -- a writer's mistakes --------------------------------------------------------------------


@pytest.mark.parametrize("value", ["any", "Any-Clause", True, None, ["any-clause"]])
def test_an_unknown_value_is_an_error_naming_the_file_and_the_field(
        tmp_path: Path, value: Any) -> None:
    [marked] = compile_text(FEATURE, "alone.feature")[:1]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{**marked.to_json(), "rejections": value}]), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_file(path)
    text = str(err.value)
    assert f"{path} $[0]" in text and "$.rejections" in text
    assert '"any-clause"' in text and '"clause"' in text and "Traceback" not in text


def test_check_refuses_an_unknown_value_with_a_message_not_a_traceback(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    [marked] = compile_text(FEATURE, "alone.feature")[:1]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**marked.to_json(), "rejections": "alone"}), encoding="utf-8")
    assert cli.main(["check", "--only-paths", "--no-progress", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and '$.rejections: "alone" is not a way to judge rejections' in err
    assert "Traceback" not in err


def test_the_mark_on_a_json_scenario_without_a_rejection_is_an_error() -> None:
    accepting = compile_text(FEATURE_TAGGED, "house.feature")[1]
    with pytest.raises(ScenarioError) as err:
        Scenario.from_json({**accepting.to_json(), "rejections": "any-clause"}, where="x.json")
    assert str(err.value).startswith("x.json: $.rejections: ")
    assert "no step expects a rejection" in str(err.value)


def test_the_tag_in_a_json_scenarios_tags_is_an_error() -> None:
    [marked] = compile_text(FEATURE, "alone.feature")[:1]
    data = {**marked.to_json(), "tags": [*marked.tags, "any-clause"]}
    data.pop("rejections")
    found = problems(data)
    assert [path for path, _ in found] == [f"$.tags[{len(marked.tags)}]"]
    assert '"rejections": "any-clause"' in found[0][1]


def _scenario(tags: str, then: str = "Then the action is rejected citing R13.2") -> str:
    return f"""\
Feature: mistakes

  {tags}
  Scenario: one
    Given a hand in play with seat 0 as banker
    And seat 0 holds "7S 9D"
    And seat 1 holds "8H"
    When seat 0 passes
    {then}
"""


@pytest.mark.parametrize("tag", ["@any_clause", "@Any-Clause", "@anyclause", "@any-clauses",
                                 "@any-clause:yes", "@rejections:any-clause"])
def test_a_misspelt_mark_is_an_error_at_the_tags_line(tag: str) -> None:
    with pytest.raises(FeatureError) as err:
        compile_text(_scenario(f"@id:m-001 @R13.2\n  {tag}"), "m.feature")
    assert err.value.where == "m.feature:4"
    assert f"the tag {tag} is not the mark @any-clause" in str(err.value)


def test_the_mark_on_a_scenario_without_a_rejection_is_an_error_at_the_tags_line() -> None:
    text = _scenario("@id:m-001 @R13.2 @any-clause").replace(
        "When seat 0 passes\n    Then the action is rejected citing R13.2",
        'When seat 0 plays "7S"\n    Then the action is accepted')
    with pytest.raises(FeatureError) as err:
        compile_text(text, "m.feature")
    assert err.value.where == "m.feature:3"
    assert "no step of this scenario expects a rejection" in str(err.value)


def test_a_feature_tag_reaching_no_rejection_is_an_error_at_its_line() -> None:
    text = "@any-clause\n" + FEATURE_TAGGED.split("\n", 1)[1]
    text = text.replace("When seat 0 passes\n    Then the action is rejected citing R13.2",
                        'When seat 0 plays "9D"\n    Then the action is accepted')
    with pytest.raises(FeatureError) as err:
        compile_text(text, "house.feature")
    assert err.value.where == "house.feature:1"
    assert "no scenario under this Feature expects a rejection" in str(err.value)


def test_the_plain_phrase_alone_needs_no_mark_but_may_carry_it() -> None:
    """A scenario whose only rejection is the plain phrase (no clause) has a rejection:
    the mark is allowed there (it says the same thing for the whole scenario)."""
    [scenario] = compile_text(_scenario("@id:m-001 @R13.2 @any-clause",
                                        "Then the action is rejected"), "m.feature")
    assert scenario.rejections_alone
    assert without_rejection_clauses(scenario).steps == scenario.steps


# -- the reference engine's rejection codes -------------------------------------------------


def test_the_reference_adapter_sends_the_code_on_the_wire() -> None:
    adapter = Adapter()
    [scenario] = compile_text(FEATURE, "alone.feature")[1:]
    start = {"cmd": "start", "seq": 1, "variants": {}, "setup": scenario.setup}
    assert adapter.handle(start)["ok"] is True
    reply = adapter.handle({"cmd": "act", "seq": 2, "action": {"type": "pass", "seat": 0}})
    assert reply["result"]["error"]["code"] == "lead-pass"
    assert reply["result"]["clause"] == table.CLAUSE["lead-pass"] == "R13.2"


def test_bad_input_keeps_the_code_of_its_error() -> None:
    driver = ReferenceDriver()
    driver.start({}, None)
    reply = driver.run({"op": "classify", "cards": ["3H", "3H", "3H", "3H"]})
    assert reply["accepted"] is False and reply["error"]["code"] == "invalid-cards"


def test_the_guides_example_compiles_marked_and_passes() -> None:
    guide = (ROOT / "docs" / "checking.md").read_text("utf-8")
    block = next(b.split("\n", 1)[1] for b in guide.split("```")[1::2]
                 if b.startswith("gherkin") and "@any-clause" in b)
    [scenario] = compile_text("Feature: guide\n\n" + block, "docs/checking.md",
                              validate=True)
    assert scenario.rejections_alone
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"
