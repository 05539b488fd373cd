"""Expectations files (fivetenk.results.expectations): entries by id, rule, clause, tag or shape;
expected failures that apply to the scenarios that fail and leave the passing ones passed;
stale entries that fail the run; pinned failures that cannot hide a new regression; the
old short form; bad files refused with the file and line (exit 2).

Every run here is in process (``check_cmd.run`` with a driver), against the reference
engine or a copy of it with one thing broken, so the whole file takes about two seconds.
"""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

import pytest

from fivetenk import cli
from fivetenk.commands import check as check_cmd
from fivetenk.impl import drivers
from fivetenk.impl.drivers import DriverError, ReferenceDriver
from fivetenk.model.spec_data import load_spec
from fivetenk.reference import DEFAULT, Combo, Variants, classify, parse_cards
from fivetenk.results.expectations import Expectations, ExpectationsError, load, parse
from fivetenk.suite import catalog
from fivetenk.suite.runner import Mismatch, Result, run_expected
from fivetenk.suite.shapes import scenario_shapes

BY_ID = {s.id: s for s in catalog.shipped()}


class NoStraights(ReferenceDriver):
    """The reference engine without straights (a Dou Dizhu-like engine that does not say
    so): a straight is no combination, never beats and is never listed."""

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        result = super().run(step)
        op = step["op"]
        if op == "classify" and any(r.startswith("straight") for r in result.get("readings", [])):
            return {"legal": False, "readings": []}
        if op == "beats":
            readings = [c for k in ("reply", "top")
                        for c in classify(parse_cards(step[k]), self.variants)]
            if any(c.shape.value == "straight" for c in readings):
                return {"beats": False, "reading": None}
        if op == "plays" and "plays" in result:
            plays = [p for p in result["plays"] if not p.startswith("straight")]
            return {"count": len(plays), "plays": plays}
        return result


class NoVariants(ReferenceDriver):
    """The reference engine offering no variant: every scenario naming one is skipped."""

    def supports_variants(self, variants: dict[str, str]) -> bool:
        return not variants


class Crashing(ReferenceDriver):
    """Errors every scenario of rule 5."""

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        raise DriverError("boom")


def bombs_by_rank(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
    """``beats`` with bombs compared by rank before count (breaks R05.2)."""
    from fivetenk.reference import beats

    if reply.tier == top.tier == 3:
        return (reply.key, reply.size) > (top.key, top.size)
    return beats(reply, top, variants)


Records = dict[str, dict[str, Any]]


def check(tmp_path: Path, text: str | None, *argv: str, driver: Any = None,
          suffix: str = ".yaml") -> tuple[int, str, Records, list[dict[str, Any]]]:
    """``fivetenk check ARGV --expectations FILE(text)`` in process: the exit code, what it
    printed, the scenario records of the JSON lines by id, and the stale records."""
    args = ["--no-progress", "--no-vectors", "--jsonl", str(tmp_path / "r.jsonl"), *argv]
    if text is not None:
        path = tmp_path / f"e{suffix}"
        path.write_text(text, encoding="utf-8")
        args += ["--expectations", str(path)]
    parser = argparse.ArgumentParser()
    check_cmd.add_arguments(parser)
    out = io.StringIO()
    code = check_cmd.run(parser.parse_args(args), out, driver=driver or ReferenceDriver())
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    records = {r["id"]: r for r in lines if r.get("record") == "scenario"}
    stale = [r for r in lines if r.get("record") == "stale"]
    return code, out.getvalue(), records, stale


def statuses(records: dict[str, dict[str, Any]]) -> dict[str, str]:
    return {i: r["status"] for i, r in records.items()}


# --------------------------------------------------------------------------- broad entries


def test_a_shape_entry_expects_the_failures_and_leaves_the_passes_passed(tmp_path: Path) -> None:
    """``uses: straight`` against an engine without straights: every failure uses a
    straight and becomes xfailed; the scenarios using a straight that pass anyway (a
    straight that must not beat a bomb) stay passed, not xpassed; exit 0. Without the
    entry the same run fails: the entry is what makes it pass."""
    selection = ("--rule", "R03", "--rule", "R05")
    code, out, records, _ = check(tmp_path, None, *selection, driver=NoStraights())
    failed = [i for i, s in statuses(records).items() if s == "failed"]
    assert code == 1 and len(failed) >= 5
    assert all("straight" in scenario_shapes(BY_ID[i]) for i in failed)

    entry = "xfail:\n  - {uses: straight, reason: our game has no straights}\n"
    code, out, records, stale = check(tmp_path, entry, *selection, driver=NoStraights())
    seen = statuses(records)
    assert code == 0, out
    assert sorted(i for i, s in seen.items() if s == "xfailed") == sorted(failed)
    assert records[failed[0]]["reason"] == "our game has no straights (uses straight)"
    passing_straights = [i for i, s in seen.items()
                         if s == "passed" and "straight" in scenario_shapes(BY_ID[i])]
    assert passing_straights, "no passing scenario uses a straight: the test proves nothing"
    assert "xpassed" not in seen.values() and not stale and "STALE" not in out


def test_rule_clause_and_tag_entries_leave_passes_passed(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine comparing bombs by rank fails some R05.2 scenarios; an entry by rule, by
    clause, by tag (D11) or by a long-form rule turns exactly those into xfailed and leaves
    every other scenario of the rule passed."""
    monkeypatch.setattr(drivers, "beats", bombs_by_rank)
    _, _, plain, _ = check(tmp_path, None, "--rule", "R05")
    failed = sorted(i for i, s in statuses(plain).items() if s == "failed")
    assert failed and all("R05.2" in BY_ID[i].clauses for i in failed)
    for text in ("xfail:\n  R05: bombs by rank\n", "xfail:\n  R05.2: bombs by rank\n",
                 "xfail:\n  D11: bombs by rank\n", "xfail:\n  - {tag: '@D11', reason: r}\n",
                 "xfail:\n  - {rule: R05, clause: R05.2, reason: r}\n"):
        code, out, records, _ = check(tmp_path, text, "--rule", "R05")
        seen = statuses(records)
        assert code == 0, (text, out)
        assert sorted(i for i, s in seen.items() if s == "xfailed") == failed, text
        assert set(seen.values()) == {"passed", "xfailed"}, text


def test_the_old_short_form_still_works() -> None:
    """Keys map to reasons: a rule, a clause, a scenario or outline id; the reason names
    the key; skip wins over xfail, an id over a clause over a rule."""
    expectations = parse({"skip": {"R05": "no bombs yet"},
                          "xfail": {"R02-003": "issue 1", "R03.5": "wings", "R03": "rule"}},
                         where="x.yaml")
    assert expectations.for_scenario(BY_ID["R05-001"]) == ("no bombs yet (R05)", "")
    assert expectations.for_scenario(BY_ID["R02-003"]) == ("", "issue 1 (R02-003)")
    wings = next(s for s in BY_ID.values() if s.rule == "R03" and "R03.5" in s.clauses)
    assert expectations.for_scenario(wings) == ("", "wings (R03.5)")
    row = BY_ID["R05-002.3"]
    assert parse({"skip": {"R05-002": "r"}}, where="x").for_scenario(row)[0] == "r (R05-002)"
    assert not Expectations() and expectations


# --------------------------------------------------------------------------- staleness


def test_an_entry_that_matches_no_failure_is_stale_and_fails_the_run(tmp_path: Path) -> None:
    """Against the reference everything passes: a rule entry is stale (a line naming the
    file and line, a JSON-lines record, exit 1) while every scenario stays passed."""
    text = "# known gaps\nxfail:\n  - {rule: R05, reason: every answer is wrong}\n"
    code, out, records, stale = check(tmp_path, text, "--rule", "R05", "-q")
    assert code == 1
    assert set(statuses(records).values()) == {"passed"}
    assert f"STALE xfail rule R05 ({tmp_path / 'e.yaml'}:3): every answer is wrong" in out
    assert "no scenario it selects fails" in out
    assert [(r["entry"], r["where"], r["reason"]) for r in stale] == [
        ("rule R05", f"{tmp_path / 'e.yaml'}:3", "every answer is wrong")]


def test_a_stale_entry_fails_the_junit_report_too(tmp_path: Path) -> None:
    """A CI that reads only the JUnit XML fails as the run does: a testsuite
    ``expectations`` holds one failing testcase per stale entry, with its file and line;
    without stale entries there is no such suite."""
    from xml.etree import ElementTree

    text = "# known gaps\nxfail:\n  - {rule: R05, reason: every answer is <wrong>}\n"
    junit = tmp_path / "r.xml"
    code, *_ = check(tmp_path, text, "--rule", "R05", "-q", "--junit", str(junit))
    assert code == 1
    root = ElementTree.fromstring(junit.read_bytes())
    [suite] = [s for s in root.iter("testsuite") if s.get("name") == "expectations"]
    assert (suite.get("tests"), suite.get("failures")) == ("1", "1")
    [case] = suite.iter("testcase")
    assert case.get("name") == "stale xfail rule R05" and case.get("line") == "3"
    assert case.get("file") == str(tmp_path / "e.yaml")
    failure = case.find("failure")
    assert failure is not None and "every answer is <wrong>" in (failure.text or "")
    assert "no scenario it selects fails" in (failure.get("message") or "")
    others = [s for s in root.iter("testsuite") if s.get("name") != "expectations"]
    assert others and all(s.get("failures") == "0" for s in others)
    code, *_ = check(tmp_path, "xfail:\n  - {rule: R05, reason: x}\n", "--rule", "R03",
                     "-q", "--junit", str(junit))
    assert code == 0 and b"expectations" not in junit.read_bytes()


def test_an_entry_left_out_of_the_run_is_not_stale(tmp_path: Path) -> None:
    """Not stale: scenarios deselected by --rule; scenarios all skipped (the engine lacks
    the variant); scenarios that errored (the errors fail the run anyway)."""
    text = "xfail:\n  - {rule: R05, reason: gone}\n  - {tag: D26, reason: no joker sets}\n"
    code, out, _, stale = check(tmp_path, text, "--rule", "R03")
    assert (code, stale) == (0, []) and "STALE" not in out
    code, out, records, stale = check(tmp_path, "xfail:\n  - {tag: D26, reason: x}\n",
                                      "--tag", "D26", driver=NoVariants())
    assert set(statuses(records).values()) == {"skipped"} and stale == []
    assert code == 1 and "no scenario ran" in out and "STALE" not in out  # none ran: no pass
    code, out, records, stale = check(tmp_path, "xfail:\n  R05-001: x\n", "--id", "R05-001",
                                      driver=Crashing())
    assert statuses(records) == {"R05-001": "errored"} and code == 1 and stale == []


def test_an_entry_naming_one_scenario_that_passes_is_xpassed(tmp_path: Path) -> None:
    """An exact id that passes is xpassed (fails the run) and not reported stale twice; an
    outline id is broad: its passing rows stay passed, and it is stale if none fails."""
    code, out, records, stale = check(tmp_path, "xfail:\n  R05-001: issue 3\n",
                                      "--id", "R05-001", "--id", "R05-012")
    assert code == 1 and statuses(records) == {"R05-001": "xpassed", "R05-012": "passed"}
    assert records["R05-001"]["reason"] == "issue 3 (R05-001)"
    assert stale == [] and "STALE" not in out
    code, out, records, stale = check(tmp_path, "xfail:\n  R05-002: x\n", "--id", "R05-002")
    assert set(statuses(records).values()) == {"passed"} and code == 1
    assert [r["entry"] for r in stale] == ["R05-002"]


# --------------------------------------------------------------------------- pinned failures


def test_a_pinned_entry_catches_a_different_failure(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """R05-012 (four aces on five 3s) fails at ``beats``, observed true, against an engine
    comparing bombs by rank. Pinned to exactly that it is xfailed; pinned to another value
    or path it stays failed, and the entry is stale, saying the pinned failure is gone."""
    monkeypatch.setattr(drivers, "beats", bombs_by_rank)
    pinned = "xfail:\n  - {id: R05-012, path: beats, observed: %s, reason: issue 9}\n"
    code, out, records, stale = check(tmp_path, pinned % "true", "--id", "R05-012")
    assert (code, statuses(records), stale) == (0, {"R05-012": "xfailed"}, [])
    assert records["R05-012"]["reason"] == "issue 9 (R05-012 at beats = true)"
    for text in (pinned % "false", pinned.replace("beats", "reading") % "true",
                 "xfail:\n  R05-012: {reason: issue 9, path: reading}\n"):
        code, out, records, stale = check(tmp_path, text, "--id", "R05-012")
        assert code == 1 and statuses(records) == {"R05-012": "failed"}, text
        assert len(stale) == 1 and "R05-012 failed, but none at" in stale[0]["why"], text
        assert "STALE xfail R05-012 at " in out
    code, _, records, _ = check(tmp_path, "xfail:\n  R05-012: {reason: x, path: beats}\n",
                                "--id", "R05-012")
    assert (code, statuses(records)) == (0, {"R05-012": "xfailed"})


def test_pins_match_any_difference_at_or_below_the_path() -> None:
    """A pin is checked against every difference of the result (``differences``), or the
    one ``mismatch``; a path covers the paths below it; values compare as JSON."""
    entry = parse({"xfail": [{"id": "R05-001", "path": "readings", "observed": ["pair 3"],
                              "reason": "r"}]}, where="x").xfail[0]
    scenario = BY_ID["R05-001"]
    first = Mismatch("legal", True, False)
    second = Mismatch("readings.0", "bomb 5x3", ["pair 3"])
    assert entry.explains(Result(scenario, "failed", differences=[first, second]))
    assert not entry.explains(Result(scenario, "failed", mismatch=first))
    assert entry.explains(Result(scenario, "failed", mismatch=Mismatch("readings", [], ["pair 3"])))
    assert not entry.explains(Result(scenario, "failed",
                                     mismatch=Mismatch("readingsX", [], ["pair 3"])))
    zero = parse({"xfail": [{"id": "R05-001", "path": "count", "observed": 0, "reason": "r"}]},
                 where="x").xfail[0]
    assert zero.explains(Result(scenario, "failed", mismatch=Mismatch("count", 1, 0)))
    assert not zero.explains(Result(scenario, "failed", mismatch=Mismatch("count", 1, False)))


def test_run_expected_with_a_judge() -> None:
    """The judge an expectations file gives is applied to failed and passed results only;
    a judge that raises errors that scenario, never the run; a plain reason keeps the old
    meaning (any failure xfailed, a pass xpassed)."""
    scenario = BY_ID["R05-001"]
    seen: list[str] = []

    def judge(result: Result) -> Result:
        seen.append(result.status)
        return result

    assert run_expected(ReferenceDriver(), scenario, xfail=judge).status == "passed"
    assert run_expected(Crashing(), scenario, xfail=judge).status == "errored"
    assert seen == ["passed"]

    def broken(result: Result) -> Result:
        raise RuntimeError("bad entry")

    result = run_expected(ReferenceDriver(), scenario, xfail=broken)
    assert result.status == "errored" and "bad entry" in result.message
    assert run_expected(ReferenceDriver(), scenario, xfail="old").status == "xpassed"
    assert run_expected(ReferenceDriver(), scenario, skip="later").status == "skipped"


# --------------------------------------------------------------------------- bad files


@pytest.mark.parametrize(("suffix", "text", "line", "message"), [
    (".yaml", "xfail:\n  - {rule: R05, reason: a}\n  - {use: straight, reason: b}\n", 3,
     "xfail[1]: unknown key 'use': expected id, rule, clause, tag, uses, ids, path, observed, "
     "reason"),
    (".yaml", "xfail:\n  - {uses: straights, reason: b}\n", 2,
     "xfail[0].uses: unknown shape 'straights': expected one of single, pair"),
    (".yaml", "skip:\n  - {reason: b}\n", 2, "skip[0]: the entry selects nothing"),
    (".yaml", "skip:\n  - R05\n", 2, "skip[0]: an entry must map a selector"),
    (".yaml", "xfail:\n\n  - {rule: R05}\n", 3, "xfail[0]: every entry needs a non-empty reason"),
    (".yaml", "skip:\n  - {rule: R05, path: beats, reason: b}\n", 2,
     "skip[0]: path and observed pin how an expected failure fails: only in xfail entries"),
    (".yaml", "xfail:\n  - {id: R05-001, observed: false, reason: b}\n", 2,
     "xfail[0]: observed needs the path it is observed at"),
    (".yaml", "xfail:\n  - {rule: R5, reason: b}\n", 2, "xfail[0].rule: 'R5' is not a rule"),
    (".yaml", "xfail:\n  - {rule: [R05], reason: b}\n", 2,
     "xfail[0].rule: expected one rule (R05) as text, not a list"),
    (".yaml", "xfail:\n  - {tag: D99, reason: b}\n", 2, "xfail: 'D99': no scenario has this tag"),
    (".yaml", "xfail:\n  - {id: R05-999, reason: b}\n", 2,
     "xfail: 'R05-999': no scenario has this id"),
    (".yaml", "skip:\n  R05: a\n  R99-001: gone\n", 3,
     "skip: 'R99-001': no scenario has this id (nor this tag)"),
    (".yaml", "xfail:\n  R05-001: {reason: a, uses: straight}\n", 2,
     "xfail.R05-001: unknown key 'uses': a short-form entry takes reason, ids, path and observed"),
    (".yaml", "skip:\n  R05: a\nxfail:\n  - {rule: R05, reason: b}\n", 4,
     "'rule R05' is both skipped and expected to fail"),
    (".yaml", "xfail: yes\n", 1, "'xfail' must map ids, rules, clauses, tags or shapes"),
    (".json", '{"xfail": [\n  {"rule": "R05", "reason": "a"},\n  {"uses": "bombs", '
     '"reason": "b"}\n]}', 3, "xfail[1].uses: unknown shape 'bombs'"),
    (".json", '{\n "skip": {\n  "R05": "a",\n  "R05.9": "b"}}', 4,
     "skip: 'R05.9': unknown clause"),
    (".yaml", "xfail:\n  - {rule: R05, reason: a}\n  - {rule: R05, ids: [R02-003], reason: b}\n",
     3, "xfail: ids: 'R02-003': the entry's selectors (rule R05) do not select it"),
    (".yaml", "xfail:\n  - {rule: R05, ids: [], reason: a}\n", 2,
     "xfail[0].ids: expected a non-empty list of scenario ids"),
    (".yaml", "xfail:\n  - {ids: [R05-001, R05-001], reason: a}\n", 2,
     "xfail[0].ids[1]: 'R05-001' is listed twice"),
    (".yaml", "xfail:\n  - {ids: [R05-015], reason: a}\n", 2,
     "xfail: ids: 'R05-015': no scenario has this id (ids pins exact ids, such as R05-002.1)"),
    (".yaml", "xfail:\n  R05: {ids: [R05-001, 7], reason: a}\n", 2,
     "xfail.R05.ids[1]: expected a scenario id as text, not a number"),
])
def test_a_bad_file_exits_2_naming_the_file_line_and_entry(
        tmp_path: Path, suffix: str, text: str, line: int, message: str) -> None:
    path = tmp_path / f"e{suffix}"
    path.write_text(text, encoding="utf-8")
    code = cli.main(["check", "--no-progress", "--rule", "R05", "--expectations", str(path)])
    assert code == 2
    spec = load_spec()
    with pytest.raises(ExpectationsError) as info:
        load(path, catalog.shipped(), spec.rules, spec.clauses)
    assert str(info.value).startswith(f"{path}:{line}: "), str(info.value)
    assert message in str(info.value)


def test_check_says_what_each_entry_muted_folding_a_long_file() -> None:
    """Issue 28: one line per entry with how many scenarios it muted, an entry without ids
    flagged as muting any failure it selects; past 20 entries, those with ids that muted
    exactly what they pin are folded into one line (a file written --by id)."""
    from fivetenk.results.expectations import check_keys, yaml_with_lines

    spec = load_spec()
    shipped = [s for s in catalog.shipped() if s.rule == "R02"][:25]
    text = ("xfail:\n" + "".join(f"- {{ids: [{s.id}], reason: r}}\n" for s in shipped)
            + "- {rule: R02, reason: broad}\n")
    data, lines = yaml_with_lines(text, "e.yaml")
    expected = check_keys(parse(data, where="e.yaml", lines=lines), catalog.shipped(),
                          spec.rules, spec.clauses, where="e.yaml")
    results = [expected.judge(Result(s, "failed", message="m")) for s in shipped]
    assert {r.status for r in results} == {"xfailed"}
    out = io.StringIO()
    check_cmd._print_muted(expected, results, out)
    assert out.getvalue().splitlines() == [
        "expectations e.yaml: 26 entries muted 25 scenarios:",
        "  xfail rule R02 (e.yaml:27): 0 xfailed; no ids: mutes any failure it selects",
        "  and 25 entries with ids, each muting exactly the scenarios it pins (25 in all)", ""]
    out = io.StringIO()
    check_cmd._print_muted(expected, results[:3], out)  # 3 muted, 22 pinned ones not
    assert out.getvalue().count("\n  xfail R02-") == 22
