"""Issue 28, item 1: no regression can hide under an expectations file.

The story of the issue, on a miniature engine: an engine with one bug (bombs compared by
rank before count), the expectations file ``fivetenk expectations --by rule`` writes from
its run, then a second bug planted (the twelve-bomb variant ignored). Eight of the second
bug's ten failures fail *the way* the first bug's broad entries expect (``rule R05`` at
``beats``, ``count``, ``accepted``, with the same observed values): an entry without
pinned ids mutes them, and ``check`` would pass them off as known. With the ids the kit
now writes, ``check`` exits 1 naming each as NEW with the entry's file and line, ``diff``
lists every passed → failed (and, under the unpinned file, passed → xfailed) and exits 1,
and ``expectations --update`` merges the run, keeping a hand-written entry and the
comments; fixing the second bug then unpins what it pinned.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from fivetenk import cli

RULEBREAKER = ROOT / "tests" / "miniatures" / "rulebreaker.py"
ONE_BUG = f"{sys.executable} {RULEBREAKER} bombs_by_rank"
TWO_BUGS = f"{sys.executable} {RULEBREAKER} bombs_by_rank+twelve_bomb_ignored"
SECOND = {"R05-042.1", "R05-042.2", "R05-043.1", "R05-043.2", "R05-046", "R05-047",
          "R05-048.1", "R05-048.2", "R05-049", "R05-407"}
"""The failures the second bug adds (checked below against the runs themselves)."""
HIDDEN = SECOND - {"R05-046", "R05-049"}
"""Those that fail the way one of the first bug's rule-wide entries expects."""


def check(capsys: pytest.CaptureFixture[str], impl: str, *argv: str) -> tuple[int, str]:
    code = cli.main(["check", "--no-progress", "--rule", "R05", "--impl", impl, *argv])
    return code, capsys.readouterr().out


def statuses(path: Path) -> dict[str, str]:
    records = [json.loads(line) for line in path.read_text().splitlines()]
    return {r["id"]: r["status"] for r in records if r["record"] == "scenario"}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first bug's run and the expectations written from it (by rule)."""
    folder = tmp_path_factory.mktemp("story")
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R05", "--impl", ONE_BUG,
                     "--jsonl", str(folder / "one.jsonl")]) == 1
    assert cli.main(["expectations", str(folder / "one.jsonl"), "--by", "rule",
                     "--out", str(folder / "e.yaml")]) == 0
    return folder


def test_a_second_bug_fails_as_new_and_diff_lists_it(
        runs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    expected = runs / "e.yaml"
    text = expected.read_text()
    assert "- {rule: R05, path: beats, observed: false, ids: [R05-001, R05-015.1, " \
        "R05-015.3], reason: " in text
    green, two = tmp_path / "green.jsonl", tmp_path / "two.jsonl"
    code, out = check(capsys, ONE_BUG, "--expectations", str(expected), "--jsonl", str(green))
    assert code == 0, out
    assert "  xfail rule R05 at beats = false (" + str(expected) + ":9): 3 xfailed; pins 3" \
        in out
    code, out = check(capsys, TWO_BUGS, "--expectations", str(expected), "--jsonl", str(two))
    assert code == 1
    failed = {i for i, s in statuses(two).items() if s == "failed"}
    assert failed == SECOND
    new = dict(re.findall(r"^NEW (\S+): fails the way xfail (.*?) \(", out, re.M))
    assert set(new) == HIDDEN
    assert new["R05-042.1"] == "rule R05 at beats = false"
    assert new["R05-047"] == "rule R05 at count = 1"
    assert f"NEW R05-407: fails the way xfail rule R05 at accepted = true ({expected}:12) " \
        "expects, but is not among the one scenario it pins: a new failure" in out
    assert "reason: NEW: fails the way xfail rule R05 at beats = true" in out

    assert cli.main(["diff", str(green), str(two)]) == 1
    out = capsys.readouterr().out
    assert out.count("\nPASSED → FAILED R05-") == 10
    assert out.rstrip().splitlines()[-1].startswith("10 passed → failed: 10 regressions")


def test_without_ids_the_same_entries_hide_it_and_check_says_how_much_they_mute(
        runs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The old meaning, kept for hand-written entries: without ids the broad entries mute
    8 of the second bug's failures (only 2 fail); check counts what each entry muted, and
    diff still lists passed → xfailed as a regression."""
    capsys.readouterr()
    unpinned = tmp_path / "hand.yaml"
    unpinned.write_text(re.sub(r"ids: \[[^]]*\], ", "", (runs / "e.yaml").read_text()))
    green, two = tmp_path / "green.jsonl", tmp_path / "two.jsonl"
    assert check(capsys, ONE_BUG, "--expectations", str(unpinned), "--jsonl", str(green))[0] == 0
    code, out = check(capsys, TWO_BUGS, "--expectations", str(unpinned), "--jsonl", str(two))
    assert code == 1
    found = statuses(two)
    assert {i for i, s in found.items() if s == "failed"} == SECOND - HIDDEN
    assert "\nNEW " not in out
    assert f"  xfail rule R05 at beats = false ({unpinned}:9): 7 xfailed; no ids: mutes any " \
        "failure it selects" in out
    assert cli.main(["diff", str(green), str(two)]) == 1
    out = capsys.readouterr().out
    assert out.count("\nPASSED → XFAILED R05-") == len(HIDDEN)
    assert out.count("\nPASSED → FAILED R05-") == 2
    assert out.rstrip().splitlines()[-1].startswith(
        "2 passed → failed, 8 passed → xfailed: 10 regressions")


def test_update_pins_the_known_bug_keeps_what_a_person_wrote_and_unpins_a_fix(
        runs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    expected = tmp_path / "e.yaml"
    mine = ("# my own note: rockets are ours to fix\n"
            "- {rule: R05, uses: rocket, path: legal, reason: \"hand-written\"}  # keep me\n")
    text = (runs / "e.yaml").read_text().replace("xfail:\n", "xfail:\n" + mine, 1)
    expected.write_text(text + "# the end\n")
    two = tmp_path / "two.jsonl"
    assert check(capsys, TWO_BUGS, "--expectations", str(expected), "--jsonl", str(two))[0] == 1
    assert cli.main(["expectations", str(two), "--update", str(expected)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"fivetenk expectations: updated {expected} from {two}: 8 pinned, "
                          "0 unpinned, 0 entries removed, 2 added; 1 without ids kept as "
                          "written\n")
    assert f"  + R05-042.1 pinned to xfail rule R05 at beats = false ({expected}:11)" in out
    assert "  + xfail R05-046 at count = 0: new" in out
    assert f"  STALE xfail rule R05, uses rocket at legal ({expected}:10): it mutes no " \
        "failure of this run; written by hand (no ids), so kept as it is" in out
    updated = expected.read_text()
    assert mine in updated and updated.endswith("# the end\n")
    assert updated.startswith(text.split("xfail:\n")[0])  # the header, byte for byte
    assert "ids: [R05-001, R05-015.1, R05-015.3, R05-042.1, R05-042.2, R05-048.1, " \
        "R05-048.2]" in updated
    assert "- {ids: [R05-046], path: count, observed: 0, reason: " in updated
    lines = updated.splitlines()  # the new entries go after the last one, before the end
    assert lines[-3].startswith("- {ids: [R05-046]") and lines[-1] == "# the end"
    code, out = check(capsys, TWO_BUGS, "--expectations", str(expected))
    assert code == 1 and "\nNEW " not in out and "\nFAILED " not in out  # only the stale one
    assert f"STALE xfail rule R05, uses rocket at legal ({expected}:10)" in out

    expected.write_text(updated.replace(mine, ""))  # the author removes the stale entry
    assert check(capsys, TWO_BUGS, "--expectations", str(expected))[0] == 0
    fixed = tmp_path / "fixed.jsonl"
    code, out = check(capsys, ONE_BUG, "--expectations", str(expected), "--jsonl", str(fixed))
    assert code == 1 and out.count("\nXPASSED R05-") == 10
    assert cli.main(["expectations", str(fixed), "--update", str(expected)]) == 0
    out = capsys.readouterr().out
    assert ": 0 pinned, 10 unpinned, 2 entries removed, 0 added;" in out
    assert "  - R05-049 unpinned from xfail R05-049 at accepted = false" in out
    assert check(capsys, ONE_BUG, "--expectations", str(expected))[0] == 0
    assert expected.read_text() == (runs / "e.yaml").read_text() + "# the end\n"
    assert cli.main(["expectations", str(fixed), "--update", str(expected)]) == 0
    assert "already matches" in capsys.readouterr().out
