"""``fivetenk expectations RUN.jsonl --out FILE [--by id|shape|rule]`` (issue 20, item 3):
the file written makes that run green, every entry pinned so that it goes STALE when the
behaviour changes; an existing file is never replaced without --force."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

from fivetenk import cli
from fivetenk.commands.expectations import entries, pin
from fivetenk.results.runfile import RunFile

BROKEN = f"{sys.executable} {ROOT / 'tests' / 'miniatures' / 'rulebreaker.py'} two_below_ace"
"""An engine that ranks a 2 below the ace: 8 of R02's scenarios fail (7 at beats, 1 at
plays)."""


@pytest.fixture(scope="module")
def broken_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("run") / "run.jsonl"
    code = cli.main(["check", "--no-progress", "-q", "--rule", "R02", "--impl", BROKEN,
                     "--jsonl", str(path)])
    assert code == 1
    return path


def statuses(path: Path) -> dict[str, int]:
    found: dict[str, int] = {}
    for line in path.read_text().splitlines()[1:]:
        record = json.loads(line)
        if record["record"] == "scenario":
            found[record["status"]] = found.get(record["status"], 0) + 1
        else:
            found[record["record"]] = found.get(record["record"], 0) + 1
    return found


@pytest.mark.parametrize(("by", "suffix", "count"), [
    ("id", ".yaml", 8), ("shape", ".yaml", 6), ("rule", ".json", 3)])
def test_the_file_written_makes_the_run_green(broken_run: Path, tmp_path: Path, by: str,
                                              suffix: str, count: int,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"expected{suffix}"
    assert cli.main(["expectations", str(broken_run), "--out", str(out), "--by", by]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"fivetenk expectations: wrote {out}: {count} xfail entries "
                           f"({count} pinned) for 8 failing scenarios, 0 skip entries")
    again = tmp_path / "again.jsonl"
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R02", "--impl", BROKEN,
                     "--expectations", str(out), "--jsonl", str(again)]) == 0
    assert statuses(again) == {"passed": 64, "xfailed": 8}


def test_every_entry_goes_stale_when_the_behaviour_changes(
        broken_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Fixed (the reference engine): every entry fails the run, an entry naming its
    scenario as XPASSED, a grouped one as STALE. Failing otherwise (one pinned observed
    value changed by hand): that entry is STALE and its scenario fails."""
    out, grouped = tmp_path / "e.yaml", tmp_path / "g.yaml"
    assert cli.main(["expectations", str(broken_run), "--out", str(out)]) == 0
    assert cli.main(["expectations", str(broken_run), "--out", str(grouped), "--by",
                     "rule"]) == 0
    capsys.readouterr()
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R02",
                     "--expectations", str(out)]) == 1
    said = capsys.readouterr().out
    assert said.count("\nXPASSED R02-") == 7 and said.startswith("XPASSED R02-001.12")
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R02",
                     "--expectations", str(grouped)]) == 1
    said = capsys.readouterr().out
    assert said.count("XPASSED R02-") == 8  # each scenario its entry pins (issue 28)
    assert "expected to fail (pinned by xfail rule R02 at beats = false, " in said
    text = out.read_text()
    line = next(x for x in text.splitlines() if x.startswith("- {ids: [R02-001.12],"))
    assert line.startswith("- {ids: [R02-001.12], path: beats, observed: false, reason: 'step "
                           "1 (beats: 2D on AS): beats: expected true, observed false")
    out.write_text(text.replace(line, line.replace("observed: false", "observed: true")))
    report = tmp_path / "r.jsonl"
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R02", "--impl", BROKEN,
                     "--expectations", str(out), "--jsonl", str(report)]) == 1
    assert statuses(report) == {"passed": 64, "xfailed": 7, "failed": 1, "stale": 1}
    assert "STALE xfail R02-001.12 at beats = true" in capsys.readouterr().out


def record(ident: str, status: str, **extra: Any) -> dict[str, Any]:
    return {"record": "scenario", "id": ident, "status": status, "rule": "R05",
            "shapes": ["bomb"], "step": 2, "request": "beats: 3S 3S 3S 3S on 4S",
            "message": "it went wrong", **extra}


def test_pins_only_what_the_report_holds_whole() -> None:
    diff = {"path": "beats", "expected": True, "observed": False, "absent": False}
    assert pin({"differences": [diff]}) == {"path": "beats", "observed": False}
    assert pin({"differences": [{**diff, "observed": None, "absent": True}]}) == \
        {"path": "beats"}
    assert pin({"differences": [{**diff, "observed": ["x" * 2000]}]}) == {"path": "beats"}
    deep: Any = 1
    for _ in range(20):
        deep = [deep]
    assert pin({"differences": [{**diff, "observed": deep}]}) == {"path": "beats"}
    assert pin({"differences": [{**diff, "path": ""}, {**diff, "path": "reading"}]}) == \
        {"path": "reading", "observed": False}
    assert pin({"message": "no differences"}) == {}


def test_errors_are_skipped_by_id_and_unpinned_failures_never_grouped() -> None:
    diff = {"path": "beats", "expected": True, "observed": False, "absent": False}
    run = RunFile("r.jsonl", "engine", {}, scenarios={
        "R05-001": record("R05-001", "errored", message="the implementation crashed"),
        "R05-002": record("R05-002", "failed", differences=[diff]),
        "R05-003": record("R05-003", "xfailed", differences=[diff]),
        "R05-004": record("R05-004", "failed"),
        "R05-005": record("R05-005", "passed"),
        "R05-006": record("R05-006", "xpassed"),
        "U-1": record("U-1", "failed", rule="(none)", shapes=[], differences=[diff]),
    })
    skip, xfail = entries(run, "rule")
    assert skip == [{"id": "R05-001", "reason": "errors: step 2 (beats: 3S 3S 3S 3S on 4S): "
                     "the implementation crashed"}]
    assert xfail == [
        {"rule": "R05", "path": "beats", "observed": False, "ids": ["R05-002", "R05-003"],
         "reason": "the scenarios pinned fail this way, as R05-002 did: step 2 "
         "(beats: 3S 3S 3S 3S on 4S): it went wrong"},
        {"ids": ["R05-004"], "reason": "step 2 (beats: 3S 3S 3S 3S on 4S): it went wrong"},
        {"ids": ["U-1"], "path": "beats", "observed": False,
         "reason": "step 2 (beats: 3S 3S 3S 3S on 4S): it went wrong"}]
    assert [e["ids"] for e in entries(run, "id")[1]] == [["R05-002"], ["R05-003"],
                                                          ["R05-004"], ["U-1"]]


def test_an_existing_file_is_never_replaced_without_force(
        broken_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mine.yaml"
    out.write_text("# my notes\n")
    assert cli.main(["expectations", str(broken_run), "--out", str(out)]) == 2
    assert "the file exists; not replacing it (give --force to replace it)" in \
        capsys.readouterr().err
    assert out.read_text() == "# my notes\n"
    assert cli.main(["expectations", str(broken_run), "--out", str(out), "--force"]) == 0
    assert out.read_text().startswith("# Written by `fivetenk expectations --by id`")
    assert cli.main(["expectations", str(broken_run), "--out", str(broken_run),
                     "--force"]) == 2
    err = capsys.readouterr().err
    assert "is the run's report" in err and "the command's own input" in err
    assert cli.main(["expectations", str(broken_run), "--out", str(tmp_path)]) == 2


def test_a_bad_report_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"record": "run", "implementation": "e"}\n{"record": "scenario"}\n')
    out = tmp_path / "e.yaml"
    assert cli.main(["expectations", str(bad), "--out", str(out)]) == 2
    assert capsys.readouterr().err.startswith(
        f"fivetenk expectations: {bad}:2: expected \"id\" to be a non-empty text")
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [bad]
