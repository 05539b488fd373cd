"""``fivetenk diff OLD.jsonl NEW.jsonl`` (issue 20, item 2; issue 28, item 1): every status
transition per scenario, exit 1 on any regression (a scenario that passed and no longer
does, or newly fails or errors), a footer counting the changes by kind, and hostile
reports refused at their file and line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

from fivetenk import cli
from fivetenk.commands.diff import compare
from fivetenk.results.runfile import RunFileError, read_run

RULEBREAKER = ROOT / "tests" / "miniatures" / "rulebreaker.py"

RUN = {"record": "run", "implementation": "engine 1", "capabilities": ["queries"],
       "shapes": ["single", "pair"], "variants": {"rocket": ["pair"]}, "warnings": []}


def scenario(ident: str, status: str, **extra: Any) -> dict[str, Any]:
    record = {"record": "scenario", "id": ident, "name": f"case {ident}", "rule": "R02",
              "clauses": ["R02.1"], "rulings": [], "status": status, "location": "f:1",
              "shapes": ["single"]}
    if status in ("failed", "errored", "xfailed", "xpassed"):
        record.update(step=1, request="beats: 2D on AS", message=extra.pop("message", "boom"),
                      differences=[{"path": "beats", "how": "expect", "expected": True,
                                    "observed": False, "absent": False, "text": "beats"}])
    record.update(extra)
    return record


def write(path: Path, *records: dict[str, Any], run: dict[str, Any] | None = None) -> Path:
    lines = [json.dumps(run or RUN)] + [json.dumps(r) for r in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_each_change_goes_under_its_heading(tmp_path: Path) -> None:
    old = write(tmp_path / "old.jsonl",
                scenario("A", "passed"), scenario("B", "passed"), scenario("C", "failed"),
                scenario("D", "passed"), scenario("E", "skipped", reason="no"),
                scenario("F", "failed", message="one way"), scenario("G", "failed"),
                scenario("H", "passed"), scenario("GONE", "passed"))
    new = write(tmp_path / "new.jsonl",
                scenario("A", "failed"), scenario("B", "errored"), scenario("C", "passed"),
                scenario("D", "skipped", reason="lacks plays"), scenario("E", "passed"),
                scenario("F", "failed", message="another way"), scenario("G", "failed"),
                scenario("H", "passed"), scenario("NEWBAD", "failed"),
                scenario("NEWGOOD", "passed"),
                run={**RUN, "shapes": ["single"]})
    found = compare(read_run(old), read_run(new))
    kinds = {c.id: c.kind for c in found.changes}
    assert kinds == {"A": "passed → failed", "B": "passed → errored", "C": "failed → passed",
                     "D": "passed → skipped", "E": "skipped → passed", "F": "evidence",
                     "NEWBAD": "absent → failed", "NEWGOOD": "absent → passed",
                     "GONE": "passed → absent"}
    assert {c.id for c in found.changes if c.regression} == {"A", "B", "D", "NEWBAD"}
    assert [c.id for c in found.changes][:4] == ["A", "B", "D", "NEWBAD"]  # regressions first
    assert found.regressed
    assert found.profile == ["shapes: single, pair → single"]


def test_exit_1_on_a_regression_0_when_only_fixed(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path / "bad.jsonl", scenario("A", "failed", message="beats: expected true"))
    good = write(tmp_path / "good.jsonl", scenario("A", "passed"))
    assert cli.main(["diff", str(bad), str(good)]) == 0
    out = capsys.readouterr().out
    assert "FAILED → PASSED A case A\n  was: failed: step 1 (beats: 2D on AS): beats: " \
        "expected true\n  now: passed" in out
    assert out.rstrip().endswith("\n1 failed → passed: no regression")
    assert cli.main(["diff", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "PASSED → FAILED A case A" in out
    assert out.rstrip().endswith("\n1 passed → failed: 1 regression (a scenario that passed "
                                 "no longer passes, or something newly fails, errors or is "
                                 "stale)")
    assert cli.main(["diff", str(good), str(good)]) == 0
    assert "no scenario changed: no regression" in capsys.readouterr().out


STATUSES = ("passed", "failed", "errored", "skipped", "xfailed", "xpassed")


def test_every_transition_is_listed_and_every_regression_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each pair of statuses (36, absent too): a status change is always listed under its
    transition (so two reports whose counts differ never read "no scenario changed"), and
    the exit code is 1 exactly when the scenario passed and no longer does, or newly
    fails, errors or xpasses; the footer counts it by kind."""
    states = (*STATUSES, "absent")
    for was in states:
        for now in states:
            if was == now == "absent":
                continue
            old = write(tmp_path / "old.jsonl", scenario("K", "passed"),
                        *([scenario("A", was)] if was != "absent" else []))
            new = write(tmp_path / "new.jsonl", scenario("K", "passed"),
                        *([scenario("A", now)] if now != "absent" else []))
            code = cli.main(["diff", str(old), str(new)])
            out = capsys.readouterr().out
            footer = out.rstrip().splitlines()[-1]
            regression = (was == "passed" and now not in ("passed", "absent")) or (
                now in ("failed", "errored", "xpassed") and now != was)
            assert code == (1 if regression else 0), (was, now, out)
            if was == now:
                assert footer == "no scenario changed: no regression", (was, out)
                continue
            assert f"\n{was.upper()} → {now.upper()} A case A\n" in out, (was, now, out)
            assert footer.startswith(f"1 {was} → {now}: "), footer
            assert footer.endswith("no regression") != regression, footer
            counts_differ = read_run(old).counts() != read_run(new).counts()
            assert counts_differ and "no scenario changed" not in out


def test_passed_to_xfailed_is_a_regression_that_the_header_and_footer_show(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's case: a new failure muted by a broad expectation (passed → xfailed)
    while the counts moved (276 → 272 passed): never "no scenario changed"."""
    old = write(tmp_path / "old.jsonl", *(scenario(f"S{i}", "passed") for i in range(6)),
                scenario("X", "xfailed"))
    new = write(tmp_path / "new.jsonl", *(scenario(f"S{i}", "passed") for i in range(2)),
                *(scenario(f"S{i}", "xfailed") for i in range(2, 6)), scenario("X", "failed"))
    assert cli.main(["diff", str(old), str(new)]) == 1
    out = capsys.readouterr().out
    assert "old: engine 1: 7 scenarios (6 passed, 1 xfailed)" in out
    assert "new: engine 1: 7 scenarios (2 passed, 1 failed, 4 xfailed)" in out
    assert out.count("\nPASSED → XFAILED S") == 4 and "\nXFAILED → FAILED X case X" in out
    assert out.rstrip().splitlines()[-1].startswith(
        "4 passed → xfailed, 1 xfailed → failed: 5 regressions")
    assert cli.main(["diff", "--markdown", str(old), str(new)]) == 1
    md = capsys.readouterr().out
    assert "### passed → xfailed (4) (regression)" in md and "❌ 5 regressions" in md


def test_an_xpassed_scenario_and_a_new_stale_entry_are_regressions(tmp_path: Path) -> None:
    old = write(tmp_path / "old.jsonl", scenario("A", "xfailed"), scenario("B", "passed"))
    stale = {"record": "stale", "entry": "R05", "where": "e.yaml:3", "reason": "r",
             "why": "no scenario it selects fails"}
    new = write(tmp_path / "new.jsonl", scenario("A", "xpassed"), scenario("B", "passed"), stale)
    found = compare(read_run(old), read_run(new))
    assert [(c.kind, c.id) for c in found.changes] == [("xfailed → xpassed", "A"),
                                                       ("stale", "R05")]
    assert cli.main(["diff", str(old), str(new)]) == 1
    again = write(tmp_path / "again.jsonl", scenario("A", "xpassed"), scenario("B", "passed"),
                  stale)
    assert not compare(read_run(new), read_run(again)).regressed


def test_the_same_failure_twice_is_no_change(tmp_path: Path) -> None:
    a = write(tmp_path / "a.jsonl", scenario("A", "failed"))
    b = write(tmp_path / "b.jsonl", scenario("A", "failed"))
    assert compare(read_run(a), read_run(b)).changes == []
    c = write(tmp_path / "c.jsonl", scenario("A", "failed", differences=[
        {"path": "beats", "expected": True, "observed": None, "absent": True}]))
    assert [ch.kind for ch in compare(read_run(a), read_run(c)).changes] == ["evidence"]


def test_markdown_escapes_what_the_report_holds(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    old = write(tmp_path / "old.jsonl", scenario("A", "passed"))
    new = write(tmp_path / "new.jsonl",
                scenario("A", "failed", name="x | <img src=a> [l](u)\n# head",
                         message="*bold* `code`"))
    assert cli.main(["diff", "--markdown", str(old), str(new)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("## fivetenk diff\n\n❌ 1 regression\n")
    assert "| status | old | new |\n| --- | ---: | ---: |\n| passed | 1 | 0 |\n" \
        "| failed | 0 | 1 |" in out
    line = next(x for x in out.splitlines() if x.startswith("- **A**"))
    assert line == ("- **A** x \\| \\<img src=a\\> \\[l\\](u)\\\\n\\# head: passed → failed: "
                    "step 1 (beats: 2D on AS): \\*bold\\* \\`code\\`")


@pytest.mark.parametrize(("text", "line", "message"), [
    ("", 1, "the file is empty"),
    ('{"record": "scenario", "id": "A", "status": "passed"}\n', 1,
     'expected the first line to be {"record": "run"'),
    (json.dumps(RUN) + "\n{not json}\n", 2, "expected one JSON object per line (not JSON"),
    (json.dumps(RUN) + "\n[1, 2]\n", 2, 'expected a JSON object with a "record" field'),
    (json.dumps(RUN) + '\n{"record": "scenario", "id": "A", "status": "fine"}\n', 2,
     "expected a status among passed, failed"),
    (json.dumps(RUN) + '\n{"record": "scenario", "id": 7, "status": "passed"}\n', 2,
     'expected "id" to be a non-empty text, found 7'),
    (json.dumps(RUN) + '\n{"record": "scenario", "id": "A", "status": "failed", '
     '"differences": [3]}\n', 2, 'expected differences[0] to be an object with a "path"'),
    (json.dumps(RUN) + '\n{"record": "scenario", "id": "A", "status": "failed", '
     '"step": true}\n', 2, 'expected "step" to be a whole number'),
    (json.dumps(RUN) + '\n{"record": "scenario", "id": "A", "status": "passed"}\n'
     '{"record": "scenario", "id": "A", "status": "passed"}\n', 3,
     "scenario 'A' is reported twice (first at line 2)"),
    (json.dumps(RUN) + '\n{"record": "gossip"}\n', 2, 'found \'gossip\''),
    (json.dumps(RUN) + "\n\n", 2, "an empty line"),
    (json.dumps({**RUN, "variants": {"rocket": "pair"}}) + "\n", 1,
     'expected "variants" to map each variant'),
    (json.dumps(RUN) + '\n{"record": "scenario", "id": "A", "status": "passed", "x": NaN}\n',
     2, "NaN"),
    ('{"record": "run", "implementation": "e", "implementation": "f"}\n', 1, "duplicate key"),
])
def test_a_hostile_report_exits_2_at_its_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: int,
        message: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text, encoding="utf-8")
    good = write(tmp_path / "good.jsonl", scenario("A", "passed"))
    with pytest.raises(RunFileError) as info:
        read_run(bad)
    assert str(info.value).startswith(f"{bad}:{line}: "), str(info.value)
    assert message in str(info.value)
    assert cli.main(["diff", str(good), str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"fivetenk diff: {bad}:{line}: ")
    assert "Traceback" not in captured.err


FAULTS = {
    "not JSON": ("{not json", "not a fivetenk JSON-lines report: expected one JSON object per "
                 "line (not JSON"),
    "not an object": ("[1, 2]", 'expected a JSON object with a "record" field, found [1, 2]'),
    "no record text": ('{"record": 3}', 'expected a JSON object with a "record" field'),
    "empty line": ("", "an empty line (expected one JSON object per line)"),
    "duplicate key": ('{"record": "x", "a": 1, "a": 2}', "duplicate key"),
    "NaN": ('{"record": "x", "a": NaN}', "NaN"),
    "over 4 MiB": ('{"record": "x", "m": "' + "m" * 2**22 + '"}',
                   "more than the 4 MiB a record may take"),
}


@pytest.mark.parametrize("line", [1, 2])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_every_reader_of_a_report_says_the_same_of_the_same_fault(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fault: str, line: int) -> None:
    """One reader of JSON-lines reports (issue 31): diff, expectations, the book and
    ``fuzz merge`` refuse the same fault of a line in the same words, at the same line;
    only what they ask of a record's fields is their own."""
    text, says = FAULTS[fault]
    summary = {"record": "summary", "seed": 1, "tried": {}, "diverged": 0}
    first = [] if line == 1 else [json.dumps(RUN)]
    run = tmp_path / "run.jsonl"
    run.write_text("\n".join([*first, text]) + "\n", encoding="utf-8")
    shard = tmp_path / "shard.jsonl"  # a fuzz report's first line, for merge
    shard.write_text("\n".join([*([json.dumps(summary)] if first else []), text]) + "\n",
                     encoding="utf-8")
    commands = (["diff", str(run), str(run)],
                ["expectations", str(run), "--out", str(tmp_path / "e.yaml")],
                ["book", "--out", str(tmp_path / "book"), "--report", f"x={run}"],
                ["fuzz", "merge", str(shard)])
    messages = set()
    for argv in commands:
        path = shard if argv[0] == "fuzz" else run
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err
        prefix = f"fivetenk {argv[0]}: {path}:{line}: "
        assert err.startswith(prefix) and says in err, err[:400]
        messages.add(err.removeprefix(prefix))
    assert len(messages) == 1, messages
    assert not (tmp_path / "book").exists() and not (tmp_path / "e.yaml").exists()


def test_a_huge_line_or_a_missing_file_exits_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    huge = tmp_path / "huge.jsonl"
    huge.write_text(json.dumps(RUN) + '\n{"record": "scenario", "message": "'
                    + "x" * (4 * 1024 * 1024) + '"}\n', encoding="utf-8")
    assert cli.main(["diff", str(huge), str(huge)]) == 2
    assert f"{huge}:2: not a fivetenk JSON-lines report: a line of 4,194,3" \
        in capsys.readouterr().err
    assert cli.main(["diff", str(tmp_path / "none.jsonl"), str(huge)]) == 2
    assert "none.jsonl: cannot read: No such file or directory" in capsys.readouterr().err
    assert cli.main(["diff", str(tmp_path), str(huge)]) == 2
    assert "a folder, not a regular file" in capsys.readouterr().err


def test_diff_reads_what_check_writes(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The reference and an engine that ranks a 2 below the ace (R02), on one outline."""
    ref, broken = tmp_path / "ref.jsonl", tmp_path / "broken.jsonl"
    assert cli.main(["check", "--no-progress", "-q", "--id", "R02-001",
                     "--jsonl", str(ref)]) == 0
    impl = f"{sys.executable} {RULEBREAKER} two_below_ace"
    assert cli.main(["check", "--no-progress", "-q", "--id", "R02-001", "--impl", impl,
                     "--jsonl", str(broken)]) == 1
    capsys.readouterr()
    assert cli.main(["diff", str(ref), str(broken)]) == 1
    out = capsys.readouterr().out
    assert "PASSED → FAILED R02-001.12 A single of the next higher rank beats a single " \
        "(example 12)\n  was: passed\n  now: failed: step 1 (beats: 2D on AS): beats: " \
        "expected true, observed false" in out
    assert cli.main(["diff", str(broken), str(ref)]) == 0
    assert "FAILED → PASSED R02-001.12" in capsys.readouterr().out
