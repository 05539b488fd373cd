"""Evidence in every failure (issue 8): every difference, lists as missing and extra items,
rejections in words, the step as written, the position before a game step, the request and
the whole result in the text report, the JSON lines and JUnit; ``fivetenk show``;
``fivetenk rules ID``; the root-cause summary under the table.

Broken engines here are in process (a :class:`Broken` reference driver that rewrites one
kind of answer) or the deliberately broken adapters of ``tests/miniatures``, so that each
test sees exactly one misbehaviour; every test is fast (the slowest runs a rule or two)."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from helpers import (
    GOOD,  # the one sample feature of the kit's tests
    TESTS,
)

from fivetenk.cli import main
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.language.compiler import compile_text
from fivetenk.model.scenario import Scenario
from fivetenk.model.spec_data import load_spec
from fivetenk.results import evidence, report
from fivetenk.suite import catalog
from fivetenk.suite.runner import (
    DIFF_LIMIT,
    MISSING,
    Result,
    check_step,
    differences,
    run_scenario,
    run_suite,
)
from fivetenk.suite.shapes import scenario_shapes

SPEC = load_spec()
MINIATURES = TESTS / "miniatures"
RAW = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e]")


def shipped(ident: str) -> Scenario:
    return next(s for s in catalog.shipped() if s.id == ident)


class Broken(ReferenceDriver):
    """The reference engine, with the answers to one command rewritten by ``rewrite``
    (given the request and the right answer)."""

    def __init__(self, op: str, rewrite: Callable[[dict[str, Any], dict[str, Any]],
                                                  dict[str, Any]]) -> None:
        super().__init__()
        self.op = op
        self.rewrite = rewrite

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        answer = super().run(step)
        return self.rewrite(step, answer) if step["op"] == self.op else answer


def lines_of(result: Result) -> list[str]:
    lines = report.describe_failure(result, SPEC)
    for line in lines:
        assert "\n" not in line and RAW.search(line) is None, line
    return lines


def text_of(result: Result) -> str:
    return "\n".join(lines_of(result))


# --------------------------------------------------------------------------- comparing


def test_expected_objects_are_subsets_and_every_difference_is_found() -> None:
    """D-3: only the keys the scenario writes are compared, at every depth; all
    differences are found (depth first), not only the first."""
    expected = {"a": 1, "b": {"c": [1, 2], "d": "x"}, "e": True}
    observed = {"a": 2, "b": {"c": [1, 3], "d": "x", "unwritten": 9}, "e": 1, "more": 0}
    found = differences(expected, observed)
    assert [(m.path, m.expected, m.observed) for m in found] == [
        ("a", 1, 2), ("b.c.1", 2, 3), ("e", True, 1)]  # a bool is not an int
    assert found.total == 3
    assert differences({"a": {"b": 1}}, {"a": {"b": 1, "c": 2}, "z": 3}) == []
    [absent] = differences({"x": 1}, {})
    assert absent.observed is MISSING


def test_differences_are_bounded_and_counted() -> None:
    expected = {f"k{i:02d}": i for i in range(25)}
    found = differences(expected, {k: -1 for k in expected})
    assert len(found) == DIFF_LIMIT and found.total == 25
    assert [m.path for m in found] == [f"k{i:02d}" for i in range(DIFF_LIMIT)]


def test_lists_of_another_length_and_set_like_lists_show_missing_and_extra() -> None:
    [m] = differences({"w": [0, 2, 4]}, {"w": [0, 2]})
    assert (m.missing, m.extra, m.missing_total, m.extra_total) == ([4], [], 1, 0)
    assert m.describe() == "w: expected 3 items, observed 2: 1 missing: 4"
    step = {"op": "classify", "expect": {"readings": ["pair 3", "single 3"]}}
    assert check_step(step, {"readings": ["single 3", "pair 3"]}) == []  # a set
    [m] = check_step(step, {"readings": ["pair 3", "pair 3", "triple 3"]})
    assert m.missing == ["single 3"] and m.extra == ["pair 3", "triple 3"]
    assert m.describe().endswith('1 missing: "single 3"; 2 extra: "pair 3", "triple 3"')


def test_contains_and_excludes_list_every_missing_and_extra_item() -> None:
    step = {"op": "plays", "expect": {"count": 4},
            "contains": {"plays": ["a", "b", "c"]}, "excludes": {"plays": ["x", "y"]}}
    found = check_step(step, {"count": 3, "plays": ["a", "x", "y"]})
    assert [m.path for m in found] == ["count", "plays", "plays"]
    assert found[1].how == "contains" and found[1].missing == ["b", "c"]
    assert found[2].how == "excludes" and found[2].extra == ["x", "y"]
    assert found[1].describe() == 'plays: 2 missing (expected among them): "b", "c"'
    assert found[2].describe() == 'plays: 2 extra (expected not among them): "x", "y"'


def test_a_rejection_where_an_answer_was_expected_is_said_in_words() -> None:
    """36 of 75 failures of one engine read ``observed: (missing)`` where it had answered
    with a rejection: the difference now says what came back."""
    step = {"op": "classify", "cards": [], "expect": {"legal": False, "readings": []}}
    rejection = {"accepted": False, "clause": "R01.1",
                 "error": {"code": "invalid-cards", "message": "no cards"}}
    found = check_step(step, rejection)
    assert [m.path for m in found] == ["legal", "readings"]
    for m in found:
        assert m.answer == "rejected, citing R01.1: no cards"
        assert "(missing)" not in m.describe() and "(nothing)" not in m.describe()
    assert found[0].describe() == ("legal: expected false; the reply has no legal: it is "
                                   "rejected, citing R01.1: no cards")


# --------------------------------------------------------------------------- the report


def test_a_query_rejected_by_the_engine_reads_rejected_citing_its_clause() -> None:
    scenario = next(s for s in catalog.shipped() if len(s.steps) == 1
                    and s.steps[0]["op"] == "classify"
                    and s.steps[0].get("expect", {}).get("legal") is False)
    driver = Broken("classify", lambda step, answer: {
        "accepted": False, "clause": "R03.1",
        "error": {"code": "invalid-cards", "message": "not a shape we know \x1b[2J"}})
    result = run_scenario(driver, scenario)
    assert result.status == "failed"
    text = text_of(result)
    assert "answered: rejected, citing R03.1: not a shape we know \\x1b[2J" in text
    assert "expected: an answer (see the differences)" in text
    assert "legal: expected false; the reply has no legal: it is rejected, citing R03.1" in text
    assert "(missing)" not in text


def test_an_acceptance_where_a_rejection_was_expected_reads_accepted() -> None:
    scenario = next(s for s in catalog.shipped() if s.steps
                    and s.steps[0]["op"] == "act"
                    and s.steps[0]["expect"].get("accepted") is False
                    and s.steps[0]["expect"].get("clause"))
    clause = scenario.steps[0]["expect"]["clause"]
    driver = Broken("act", lambda step, answer: {"accepted": True, "clause": None})
    result = run_scenario(driver, scenario)
    assert result.status == "failed" and result.step == 0
    lines = lines_of(result)
    assert f"  expected: rejected, citing {clause}" in lines
    assert "  answered: accepted" in lines
    assert "    accepted: expected false, observed true" in lines
    assert any(line.startswith("  request: act: seat ") for line in lines)


def test_a_failure_shows_the_step_as_written_where_to_open_it_and_every_difference() -> None:
    driver = Broken("beats", lambda step, answer: {"beats": False, "reading": None})
    result = run_scenario(driver, shipped("R05-001"))
    lines = lines_of(result)
    path = catalog.shipped_features_dir().resolve() / "R05_bombs_and_rockets.feature"
    assert lines[1] == f"  at {path}:8  (the whole scenario: fivetenk show R05-001)"
    assert path.read_text().splitlines()[8].strip() == \
        'When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"'  # line 9, as the report says
    assert lines[2:6] == ["  step 1 of 1, line 9, as written:",
                          '    When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"',
                          "    Then it beats the top play",
                          '    And it is read as "bomb 5x3"']
    assert "  R05.2: Compare bomb count before rank." in lines
    assert "  rulings: D11 (Beating)" in lines
    assert "  request: beats: 3H 3S 3D 3C 3H on AH AS AD AC" in lines
    assert '  received: {"beats": false, "reading": null}' in lines
    assert lines[-3:] == ["  differences (2):", "    beats: expected true, observed false",
                          '    reading: expected "bomb 5x3", observed null']


def test_an_outline_row_shows_its_step_with_the_row_values_filled_in() -> None:
    driver = Broken("beats", lambda step, answer: {"beats": False, "reading": None})
    result = run_scenario(driver, shipped("R02-001.3"))
    lines = lines_of(result)
    assert '    When "6D" is played on "5S"' in lines
    assert '    And it is read as "single 6"' in lines
    assert lines[1].endswith("R02_card_strength.feature:18  (the whole scenario: "
                             "fivetenk show R02-001.3)")


def test_a_json_scenario_without_a_feature_is_rendered_by_the_kit() -> None:
    [s] = compile_text(GOOD.replace("it beats", "it does not beat"),
                       "nowhere/mine.feature")  # a feature that is not on disk
    result = run_scenario(ReferenceDriver(), s)
    assert result.status == "failed"
    lines = lines_of(result)
    assert "  step 1 of 1, line 5, as the kit renders it (no feature file):" in lines
    assert '    When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"' in lines


def test_a_failing_plays_step_lists_the_missing_and_extra_plays() -> None:
    """A ``plays`` step pinned by its count only: the list that came back is compared with
    the reference engine's, so the report says which plays are missing and which extra."""
    [s] = compile_text(LEADS, "mine.feature")

    def no_straights(step: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        plays = [p for p in answer["plays"] if not p.startswith("straight")]
        plays.append("pair 3: 3 3")
        return {"count": len(plays), "plays": plays}

    result = run_scenario(Broken("plays", no_straights), s)
    assert result.status == "failed"
    paths = [(m.path, m.how) for m in result.differences]
    assert paths == [("count", "expect"), ("plays", "contains"), ("plays", "reference")]
    reference = result.differences[-1]
    assert reference.missing == ["straight 3-7: 3 4 5 6 7", "straight 3-8: 3 4 5 6 7 8",
                                 "straight 4-8: 4 5 6 7 8"]
    assert reference.extra == ["pair 3: 3 3"]
    text = text_of(result)
    assert "count: expected 9, observed 7" in text
    assert ('plays: 1 missing (expected among them): "straight 3-7: 3 4 5 6 7"') in text
    assert ("plays: against the reference engine's 9 for the same request, 3 missing: "
            '"straight 3-7: 3 4 5 6 7", "straight 3-8: 3 4 5 6 7 8", "straight 4-8: '
            '4 5 6 7 8"; 1 extra: "pair 3: 3 3"') in text
    assert "(and 2 more differences)" in result.message


def test_a_game_step_shows_the_position_before_the_action_that_led_to_it() -> None:
    def wrong_ending(step: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        if answer.get("result"):
            answer = {**answer, "result": {**answer["result"], "ending": "bankers_out"}}
        return answer

    result = run_scenario(Broken("observe", wrong_ending), shipped("R19-001"))
    assert result.status == "failed" and result.step == 1
    position = evidence.failing_position(result)
    assert position.startswith("before step 1 (act: seat 2 plays 9D): hand 1, "
                                      "playing; banker seat 0 (side 0)")
    assert "seat 2 holds 9D; seat 4 holds 9C AS" in position
    assert position.endswith("to act: seat 2 (play)")
    lines = lines_of(result)
    assert "  position (the reference engine's, replaying the scenario):" in lines
    assert f"    {position}" in lines
    assert '    Then the hand ends with "one_player_left"' in lines
    assert "  request: observe" in lines
    assert '    result.ending: expected "one_player_left", observed "bankers_out"' in lines


def test_an_action_step_shows_the_position_before_it_with_the_trick() -> None:
    scenario = next(s for s in catalog.shipped() if s.setup and "position" in s.setup
                    and s.setup["position"].get("trick") and s.steps[0]["op"] == "act")
    result = run_scenario(Broken("act", lambda step, answer: {
        "accepted": not answer["accepted"], "clause": None}), scenario)
    assert result.status == "failed" and result.step == 0
    position = evidence.failing_position(result)
    assert position.startswith("before step 1 (act: seat ")
    assert "trick: seat " in position and " led " in position


def test_jsonl_and_junit_of_a_failed_scenario_carry_the_evidence(tmp_path: Path) -> None:
    bad = tmp_path / "bad.feature"
    bad.write_text(GOOD.replace("it beats the top play", "it does not beat the top play"))
    jsonl, junit = tmp_path / "r.jsonl", tmp_path / "r.xml"
    assert main(["check", "--only-paths", "-q", "--no-progress", str(bad), "--jsonl",
                 str(jsonl), "--junit", str(junit)]) == 1
    [record] = [json.loads(line) for line in jsonl.read_text().splitlines()
                if json.loads(line).get("record") == "scenario"]
    assert record["status"] == "failed" and record["step"] == 1 and record["line"] == 5
    assert record["open"] == f"{bad}:4"
    assert record["step_text"] == ['When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"',
                                   "Then it does not beat the top play"]
    assert record["written"] is True
    assert record["context"]["sent"] == {"op": "beats", "reply": ["3H", "3S", "3D", "3C", "3H"],
                                         "top": ["AH", "AS", "AD", "AC"]}
    assert record["context"]["received"] == {"beats": True, "reading": "bomb 5x3"}
    assert record["differences"] == [{
        "path": "beats", "how": "expect", "expected": False, "observed": True,
        "absent": False, "text": "beats: expected false, observed true"}]
    assert record["differences_total"] == 1
    failure = ElementTree.parse(junit).getroot().find(".//failure")
    assert failure is not None and failure.text is not None
    assert 'When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"' in failure.text
    assert "beats: expected false, observed true" in failure.text


# --------------------------------------------------------------------------- root causes


def _failed_results() -> list[Result]:
    """Hand-made results: every scenario of R03 and R05 that uses a straight fails at its
    step with a difference at ``beats`` or ``legal``; the others pass."""
    results = []
    for s in catalog.shipped():
        if s.rule not in ("R03", "R05") or s.setup is not None:
            continue
        if "straight" in scenario_shapes(s):
            step = s.steps[0]
            path = "beats" if step["op"] == "beats" else "count" if step["op"] == "plays" \
                else "legal"
            diff = differences({path: True}, {path: False})
            results.append(Result(s, "failed", step=0, differences=list(diff),
                                  context={"received": {path: False}}))
        else:
            results.append(Result(s, "passed"))
    return results


def test_root_causes_group_the_failures_by_shape_command_and_path() -> None:
    results = _failed_results()
    failing = [r for r in results if r.status == "failed"]
    assert len(failing) >= 10
    lines = report.root_causes(results)
    assert lines[0] == f"what the {len(failing)} failures have in common:"
    [shape] = [line for line in lines if "use a straight" in line]
    assert shape.startswith(f"  {len(failing)} failures use a straight ({len(failing)} of "
                            f"{len(failing)} scenarios using one fail; R03.")
    commands = [line for line in lines if " steps (differing at " in line]
    assert commands and all(re.match(r"  \d+ failures at \w+ steps", c) for c in commands)
    counts = [int(line.split()[0]) for line in lines[1:]]
    assert counts == sorted(counts, reverse=True)  # largest group first


def test_root_causes_are_deterministic_and_need_two_failures() -> None:
    results = _failed_results()
    first = report.root_causes(results)
    shuffled = list(results)
    random.Random(8).shuffle(shuffled)
    assert report.root_causes(shuffled) == first
    one = [r for r in results if r.status == "failed"][:1]
    assert report.root_causes(one) == []


def test_root_causes_name_rejections_and_errors_of_the_same_kind() -> None:
    scenarios = [s for s in catalog.shipped() if len(s.steps) == 1
                 and s.steps[0]["op"] == "classify" and "legal" in s.steps[0].get("expect", {})][:6]
    rejection = {"accepted": False, "clause": "R03.1\x1b[31m", "error": {"message": "no"}}
    results = [Result(s, "failed", step=0, context={"received": rejection},
                      differences=list(check_step(s.steps[0], rejection)))
               for s in scenarios[:3]]
    results += [Result(s, "errored", step=0,
                       message=f"invalid reply to classify (seq {i}): $.result: bad")
                for i, s in enumerate(scenarios[3:])]
    lines = report.root_causes(results)
    assert "  3 failures errored: invalid reply to classify" in lines
    assert any(re.match(r"  3 failures are rejections \(citing R03\.1\\x1b\[31m\) where an "
                        r"answer was expected", line) for line in lines), lines
    for line in lines:
        assert RAW.search(line) is None


def test_an_engine_without_straights_gets_its_failures_grouped_by_shape(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The check of an engine that plays no straights (and says nothing about it) ends
    with what its failures have in common: they use a straight."""
    from fivetenk import cli
    from fivetenk.commands import check as check_cmd

    class NoStraights(ReferenceDriver):
        def run(self, step: dict[str, Any]) -> dict[str, Any]:
            answer = super().run(step)
            if step["op"] == "classify" and any(r.startswith("straight")
                                                for r in answer.get("readings", [])):
                return {"legal": False, "readings": []}
            if step["op"] == "beats" and str(answer.get("reading")).startswith("straight"):
                return {"beats": False, "reading": None}
            if step["op"] == "plays":
                plays = [p for p in answer["plays"] if not p.startswith("straight")]
                return {"count": len(plays), "plays": plays}
            return answer

    args = cli.build_parser(["check"]).parse_args(["check", "--rule", "R03", "--no-progress"])
    assert check_cmd.run(args, driver=NoStraights()) == 1
    out = capsys.readouterr().out
    tail = out[out.index("what the "):].splitlines()
    assert re.fullmatch(r"  \d+ failures use a straight \(\d+ of \d+ scenarios using one "
                        r"fail; R03\.\d.*\)", tail[1]), tail
    assert "FAILED R03-" in out and "Then the cards read as" in out


# --------------------------------------------------------------------------- show and rules


def test_show_prints_the_gherkin_as_written_and_the_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "R05-001"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R05-001: A longer bomb of a lower rank beats a shorter bomb")
    assert "    @id:R05-001 @R05.2 @D11\n" in out or "  @id:R05-001 @R05.2 @D11\n" in out
    assert '    When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"\n' in out
    assert '  "id": "R05-001",\n' in out and '"reading": "bomb 5x3"' in out
    assert "  shapes used: bomb" in out


def test_show_json_is_one_strict_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "R02-001", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    rows = document["scenarios"]
    assert [r["id"] for r in rows] == [f"R02-001.{i}" for i in range(1, 15)]
    assert rows[0]["scenario"] == shipped("R02-001.1").to_json()
    assert "Scenario Outline: A single of the next higher rank beats a single" in \
        rows[0]["gherkin"]


def test_show_an_unknown_id_exits_2_with_close_matches(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "R05-0011"]) == 2
    err = capsys.readouterr().err
    assert "no scenario 'R05-0011' (did you mean " in err and "Traceback" not in err
    assert "R05-001," in err.split("did you mean", 1)[1]


def test_show_reads_the_users_paths_and_renders_json_cases(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [s] = compile_text(GOOD, "mine.feature")
    data = s.to_json()
    data.pop("source")
    (tmp_path / "cases.json").write_text(json.dumps([data]))
    assert main(["show", "mine-001", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"  at {tmp_path / 'cases.json'} $[0]" in out
    assert "# rendered by the kit from the JSON (no feature file to read)" in out
    assert '    When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"' in out


def test_show_with_an_implementation_prints_the_exchange_step_by_step(
        capsys: pytest.CaptureFixture[str]) -> None:
    impl = f"{sys.executable} {MINIATURES / 'rulebreaker.py'} bombs_by_rank"
    assert main(["show", "R05-001", "--impl", impl]) == 1
    out = capsys.readouterr().out
    replay = out[out.index("Replay against rulebreaker bombs_by_rank"):]
    assert '    → {"cmd": "start", "seq": 1, "variants": {}, "setup": null}' in replay
    assert '    ← {"seq": 1, "ok": true, "result": {"accepted": true}}' in replay
    assert ('  step 1, line 9: When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"'
            in replay)
    assert '    expects: beats = true; reading = "bomb 5x3"' in replay
    assert ('    → {"cmd": "beats", "seq": 2, "reply": ["3H", "3S", "3D", "3C", "3H"], '
            '"top": ["AH", "AS", "AD", "AC"]}') in replay
    assert '    ← {"seq": 2, "ok": true, "result": {"beats": false, "reading": null}}' in replay
    assert "    verdict: FAILED: 2 differences" in replay
    assert "As `fivetenk check` reports it:\nFAILED R05-001" in replay


def test_show_replays_a_game_scenario_with_every_step(
        capsys: pytest.CaptureFixture[str]) -> None:
    impl = f"{sys.executable} {MINIATURES / 'rulebreaker.py'} kitty_to_banker"
    assert main(["show", "R19-005", "--impl", impl]) == 1
    out = capsys.readouterr().out
    replay = out[out.index("Replay against"):]
    scenario = shipped("R19-005")
    assert "  setup (a position):" in replay and '"cmd": "start"' in replay
    first = scenario.steps[0]
    assert first["op"] == "act"
    assert f"  step 1, line {first['line']}: When seat " in replay
    assert "    verdict: as expected" in replay
    assert '"cmd": "observe"' in replay
    assert re.search(r"    verdict: FAILED: \d+ differences?\n      result\.kitty_to: "
                     r"expected \d, observed 0", replay), replay


def test_rules_accepts_a_scenario_id_and_says_where_to_look(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "R05-001"]) == 0
    out = capsys.readouterr().out.splitlines()
    path = catalog.shipped_features_dir().resolve() / "R05_bombs_and_rockets.feature"
    assert out[:2] == ["R05-001  A longer bomb of a lower rank beats a shorter bomb of a "
                       "higher rank", f"at {path}:8"]
    assert "  R05.2  Compare bomb count before rank." in out
    assert "  D11 Beating" in out
    assert "the scenario as written and as JSON: fivetenk show R05-001" in out
    assert main(["rules", "R05-999"]) == 2
    assert "or a scenario id such as R05-003" in capsys.readouterr().err



LEADS = """\
Feature: leads

  @id:leads-001 @R03.1
  Scenario: a run of six makes three straights
    When the legal leads from "3H 4S 5D 6C 7H 8H" are listed
    Then there are 9 legal plays
    And "straight 3-7: 3 4 5 6 7" is among them
"""


def test_run_suite_results_carry_the_evidence_for_streamed_scenarios() -> None:
    """The streamed path (a process driver) builds failed results the same way."""
    driver = Broken("beats", lambda step, answer: {"beats": not answer["beats"],
                                                   "reading": answer["reading"]})
    [result] = list(run_suite(driver, [shipped("R05-001")]))
    assert result.status == "failed" and result.context["received"]["beats"] is False
    assert result.differences[0].path == "beats"
