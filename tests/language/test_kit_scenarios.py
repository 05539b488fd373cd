"""Tests of the scenario pipeline itself: compiler, schema, catalog, runner, CLI errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import GOOD

from fivetenk.cli import main
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.language import REGISTRY, find_step
from fivetenk.language.compiler import FeatureError, compile_text
from fivetenk.model.scenario import Scenario, ScenarioError, dumps, get_path
from fivetenk.suite import catalog
from fivetenk.suite.runner import MISSING, check_step, first_difference, run_scenario


def test_every_step_example_matches_exactly_one_definition() -> None:
    for definition in REGISTRY:
        example = definition.example.split(" (then")[0]
        found, _ = find_step(definition.kind, example)
        assert found is definition


def test_compile_builds_the_neutral_model() -> None:
    [s] = compile_text(GOOD, "mine.feature")
    assert s.id == "mine-001" and s.clauses == ["R05.2"] and s.rulings == ["D11"]
    assert s.source == {"file": "mine.feature", "line": 4}
    assert s.steps == [{"op": "beats", "reply": ["3H", "3S", "3D", "3C", "3H"],
                        "top": ["AH", "AS", "AD", "AC"], "line": 5,
                        "expect": {"beats": True}}]
    assert s.needs == {"beats"}  # per command (issue 8, D-1)


@pytest.mark.parametrize(("text", "where", "message"), [
    (GOOD.replace("@id:mine-001 ", ""), "f.feature:4", "no @id"),
    (GOOD.replace("@R05.2 ", ""), "f.feature:4", "no clause tag"),
    (GOOD.replace("Then it beats", "Then it trounces"), "f.feature:6", "no Then step matches"),
    (GOOD.replace("Scenario:", "Scenariox:"), "f.feature:4", "does not parse"),
    (GOOD + GOOD.split("\n", 2)[2].replace("mine-001", "mine-002"), "f.feature:8",
     "two scenarios named"),
    (GOOD.replace("    Then it beats the top play\n", "    Then it beats the top play\n"
                  '    Then the cards read as "pair 7"\n'), "f.feature:7",
     "must follow a step that makes one"),
])
def test_feature_errors_name_file_and_line(text: str, where: str, message: str) -> None:
    with pytest.raises(FeatureError) as info:
        compile_text(text, "f.feature")
    assert info.value.where == where
    assert message in str(info.value)


def test_schema_errors_name_the_json_path() -> None:
    [s] = compile_text(GOOD, "mine.feature")
    data = s.to_json()
    data["steps"][0]["reply"][1] = "3X"
    with pytest.raises(ScenarioError) as info:
        Scenario.from_json(data, where="mine.json")
    assert "mine.json: $.steps[0].reply[1]" in str(info.value)


def test_json_round_trip_and_canonical_text() -> None:
    [s] = compile_text(GOOD, "mine.feature")
    again = Scenario.from_json(json.loads(dumps(s.to_json())))
    assert again.to_json() == s.to_json()
    assert dumps(s.to_json()) == dumps(again.to_json())
    assert '"reply": ["3H", "3S", "3D", "3C", "3H"]' in dumps(s.to_json())


def test_get_path_walks_dicts_and_lists() -> None:
    value = {"a": [{"b": 1}, {"b": 2}]}
    assert get_path(value, "a.1.b") == 2
    with pytest.raises(KeyError):
        get_path(value, "a.2.b")


def test_first_difference_is_depth_first_and_names_the_path() -> None:
    found = first_difference({"x": [1, {"y": 2}]}, {"x": [1, {"y": 3}]}, "r")
    assert found is not None and (found.path, found.expected, found.observed) == ("r.x.1.y", 2, 3)
    missing = first_difference({"x": 1}, {}, "")
    assert missing is not None and missing.observed is MISSING
    assert first_difference([1, 2], [1, 2], "") is None
    assert first_difference(True, 1, "b") is not None  # a bool is not an int


def test_check_step_contains_and_excludes() -> None:
    step = {"contains": {"plays": ["a"]}, "excludes": {"plays": ["b"]}}
    assert check_step(step, {"plays": ["a", "c"]}) == []
    [bad] = check_step(step, {"plays": ["a", "b"]})
    assert bad.how == "excludes" and bad.expected == ["b"] and bad.extra == ["b"]


def test_a_wrong_expectation_fails_with_the_first_difference() -> None:
    [s] = compile_text(GOOD.replace("it beats the top play", "it does not beat the top play"),
                       "m.feature")
    result = run_scenario(ReferenceDriver(), s)
    assert result.status == "failed"
    assert result.mismatch is not None and result.mismatch.path == "beats"
    assert result.line == 5


def test_catalog_rejects_duplicate_ids_and_unknown_clauses(tmp_path: Path) -> None:
    one = tmp_path / "a.feature"
    one.write_text(GOOD)
    (tmp_path / "b.feature").write_text(GOOD.replace("five threes", "5 threes"))
    with pytest.raises(catalog.CatalogError, match="duplicate scenario id 'mine-001'"):
        catalog.load([tmp_path], with_shipped=False)
    one.write_text(GOOD.replace("@R05.2", "@R05.9"))
    with pytest.raises(catalog.CatalogError, match=r"unknown clause 'R05\.9'"):
        catalog.load([one], with_shipped=False)


def test_shipped_ids_are_unique_and_well_formed() -> None:
    ids = [s.id for s in catalog.shipped()]
    assert len(ids) == len(set(ids))
    for s in catalog.shipped():
        base = s.id.split(".")[0]
        assert base.startswith(s.rule + "-"), f"{s.id} is not numbered in its rule {s.rule}"
        assert s.rule in s.tags, f"{s.id} lacks the feature's rule tag {s.rule}"


def test_every_clause_of_a_started_rule_has_a_scenario() -> None:
    """Rules with a feature file must exercise every one of their clauses; the rest show as
    pending in `fivetenk check`."""
    assert catalog.uncovered_clauses(catalog.shipped()) == []


@pytest.mark.parametrize(("args", "message"), [
    (["check", "--rule", "R99"], "expected a rule R01"),
    (["check", "--clause", "R05.9"], "no such clause"),
    (["check", "--id", "nope-001"], "no scenario matches"),
    (["check", "missing.feature"], "no such file"),
])
def test_cli_bad_input_exits_2_with_one_line(args: list[str], message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_bad_json_scenario_names_file_and_path(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    [s] = compile_text(GOOD, "mine.feature")
    data = s.to_json()
    data["clauses"] = ["R5.2"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["check", "--only-paths", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: $.clauses[0]" in err


def test_cli_runs_users_feature_and_fails_on_a_wrong_case(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.feature"
    good.write_text(GOOD)
    assert main(["check", "--only-paths", "--no-progress", str(good)]) == 0
    bad = tmp_path / "bad.feature"
    bad.write_text(GOOD.replace("it beats the top play", "it does not beat the top play"))
    jsonl = tmp_path / "out.jsonl"
    assert main(["check", "--only-paths", "--no-progress", str(bad), "--jsonl", str(jsonl)]) == 1
    out = capsys.readouterr().out
    assert "FAILED mine-001" in out and "R05.2: Compare bomb count before rank." in out
    assert f"{bad}:4" in out
    record = json.loads(jsonl.read_text().splitlines()[-1])  # after the run record
    assert record["status"] == "failed" and record["differences"][0]["path"] == "beats"


def test_summary_shows_pending_rules_and_counts_per_rule() -> None:
    """A rule without scenarios is never silently absent: it shows as pending."""
    from fivetenk.model.spec_data import load_spec
    from fivetenk.results.report import summary

    [s] = compile_text(GOOD, "mine.feature")
    result = run_scenario(ReferenceDriver(), s)
    lines = summary([result], load_spec(), ["R24"])
    [r05] = [line for line in lines if line.startswith("R05")]
    assert r05.split()[-5:] == ["1", "0", "0", "0", "ok"]
    [r24] = [line for line in lines if line.startswith("R24")]
    assert r24.endswith("pending: no scenarios yet")
    assert not any(line.startswith("R11") for line in lines)  # not run, not pending


def test_reports_are_byte_for_byte_deterministic(tmp_path: Path) -> None:
    """The same inputs give the same report files, byte for byte."""
    outputs = []
    for run in ("a", "b"):
        jsonl, junit = tmp_path / f"{run}.jsonl", tmp_path / f"{run}.xml"
        assert main(["check", "--rule", "R04", "--rule", "R21", "-q", "--no-progress",
                     "--jsonl", str(jsonl), "--junit", str(junit)]) == 0
        outputs.append((jsonl.read_bytes(), junit.read_bytes()))
    assert outputs[0] == outputs[1]
    assert b'time="0"' in outputs[0][1]


@pytest.mark.slow
def test_unwritable_outputs_exit_2_without_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--rule", "R02", "--junit", str(tmp_path)]) == 2
    assert "cannot write a report there" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["export", "--out", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err
    assert f"--out {blocker / 'sub'}: cannot be made" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == [blocker]  # nothing partly written


def test_rules_show_prints_the_scenarios_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """`fivetenk rules R21.4 --show`: the exercising scenarios' Gherkin, an outline once with
    all its examples, headed by file and line."""
    assert main(["rules", "R21.4", "--show"]) == 0
    out = capsys.readouterr().out
    assert out.count("Scenario Outline: A defender total of <total>") == 1
    assert "# features/R21_win_and_advancement.feature:" in out
    assert "| 120   | 120-175 | defenders |" in out
    assert main(["rules", "D26", "--show"]) == 0
    out = capsys.readouterr().out
    assert "@id:R05-029" in out and "@id:R05-001" not in out


def test_any_clause_judges_rejections_on_whether_not_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An implementation that rejects the right actions but cites other clauses fails by
    default and passes with --any-clause; an accepted illegal action fails either way."""
    feature = tmp_path / "c.feature"
    feature.write_text("""\
Feature: clauses

  @id:c-001 @R13.2 @D18
  Scenario: the leader may not pass
    Given a hand in play with seat 0 as banker
    And seat 0 holds "7S 9D"
    And seat 1 holds "8H"
    When seat 0 passes
    Then the action is rejected citing R13.1
""")
    args = ["check", "--only-paths", "--no-progress", "-q", str(feature)]
    assert main(args) == 1  # the reference cites R13.2
    assert "clause" in capsys.readouterr().out
    assert main([*args, "--any-clause"]) == 0
    capsys.readouterr()
    feature.write_text(feature.read_text().replace("seat 0 passes", 'seat 0 plays "7S"'))
    assert main([*args, "--any-clause"]) == 1


def test_protocol_command_prints_the_shipped_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protocol"]) == 0
    assert capsys.readouterr().out.startswith("# The fivetenk adapter protocol, version 1")
    assert main(["protocol", "--path"]) == 0
    assert Path(capsys.readouterr().out.strip()).name == "protocol.md"
