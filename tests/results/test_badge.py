"""``fivetenk check --badge FILE`` and ``--summary-md FILE`` (issue 20, item 5): a shields.io
endpoint badge and a Markdown summary, their figures computed from the run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from fivetenk import cli
from fivetenk.model.spec_data import load_spec
from fivetenk.results import published
from fivetenk.suite import catalog
from fivetenk.suite.runner import Result

BROKEN = f"{sys.executable} {ROOT / 'tests' / 'miniatures' / 'rulebreaker.py'} two_below_ace"
SMALL = f"{sys.executable} {ROOT / 'tests' / 'miniatures' / 'small_set.py'}"

FULL = {"capabilities": ["classify", "beats", "plays", "points", "deck", "deal", "position",
                         "hands"],
        "shapes": ["single", "pair", "triple", "triple+single", "triple+pair", "straight",
                   "pairs", "airplane", "airplane+singles", "airplane+pairs", "5-10-K", "bomb",
                   "rocket"],
        "variants": {"rocket": ["pair", "joker_sets", "six_jokers"]}, "warnings": []}


def test_the_reference_gets_a_green_badge_with_only_the_keys_shields_reads(
        tmp_path: Path) -> None:
    badge = tmp_path / "badge.json"
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R02", "--badge",
                     str(badge)]) == 0
    assert json.loads(badge.read_text()) == {"schemaVersion": 1, "label": "5,10,K",
                                             "message": "72/72", "color": "brightgreen"}


def test_a_failing_run_is_red_and_green_with_expectations_is_yellow(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    badge, run, expected = tmp_path / "b.json", tmp_path / "r.jsonl", tmp_path / "e.yaml"
    summary = tmp_path / "s.md"
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R02", "--impl", BROKEN,
                     "--badge", str(badge), "--jsonl", str(run),
                     "--summary-md", str(summary)]) == 1
    assert json.loads(badge.read_text())["message"] == "64/72"
    assert json.loads(badge.read_text())["color"] == "red"
    text = summary.read_text()
    assert text.startswith("## fivetenk check: rulebreaker two\\_below\\_ace (R02: a 2 ranks "
                           "below the ace as a single, pair or triple) 0.1.0\n\n❌ the run "
                           "failed: 64/72 passed, 8 failed\n\nKit: fivetenk 0.1.0 · "
                           "profile: the whole game\n")
    assert "| R02 | Card strength | 64 | 8 | 0 | 0 | FAIL |" in text
    assert "| **total** |  | **64** | **8** | **0** | **0** |  |" in text
    failing = text.split("### Failing scenarios (8)\n\n", 1)[1].split("\n\n", 1)[0]
    assert failing.splitlines()[0] == ("- **R02-001.12** R02.1, R03.3: beats: expected true, "
                                       "observed false")
    assert len(failing.splitlines()) == 8
    assert cli.main(["expectations", str(run), "--out", str(expected)]) == 0
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R02", "--impl", BROKEN,
                     "--badge", str(badge), "--expectations", str(expected)]) == 0
    assert json.loads(badge.read_text()) == {"schemaVersion": 1, "label": "5,10,K",
                                             "message": "64/72", "color": "yellow"}
    capsys.readouterr()


def test_a_partial_profile_says_so_on_the_badge(tmp_path: Path) -> None:
    badge = tmp_path / "b.json"
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R04", "--impl", SMALL,
                     "--badge", str(badge)]) == 0
    assert json.loads(badge.read_text()) == {
        "schemaVersion": 1, "label": "5,10,K (8/13 shapes)", "message": "66/66, 6 skipped",
        "color": "brightgreen"}


def test_profile_words() -> None:
    assert published.profile_words(FULL) == ""
    partial = {**FULL, "capabilities": ["classify", "beats", "plays"], "shapes": ["single"],
               "variants": {"rocket": ["six_jokers"], "pass": ["turn", "trick"]}, "pack": 1}
    assert published.profile_words(partial) == (
        "without points, deck, deal, position, hands; no pair, triple, triple+single, "
        "triple+pair, straight, pairs, airplane, airplane+singles, airplane+pairs, 5-10-K, "
        "bomb, rocket; rocket=six_jokers; 1 deck")
    assert published.badge([], partial)["label"] == "5,10,K (custom profile)"


@pytest.mark.parametrize(("declared", "label"), [
    ({}, "5,10,K"),
    ({"shapes": [s for s in FULL["shapes"] if s != "straight"], "pack": 1},
     "5,10,K (no straight; 1 deck)"),
    ({"shapes": ["single", "pair", "bomb"], "capabilities": ["classify", "beats", "plays"]},
     "5,10,K (3/13 shapes, 3/8 commands)"),
    ({"shapes": ["single"], "variants": {"rocket": ["six_jokers"]}},
     "5,10,K (1/13 shapes, variants)"),
    ({"wings": "strict"}, "5,10,K (strict wings)"),
    ({"shapes": ["single"], "protocol": "1.0"}, "5,10,K (1/13 shapes, protocol 1.0)"),
    ({"shapes": ["single"], "capabilities": ["beats"], "pack": 1, "protocol": "1.0"},
     "5,10,K (custom profile, protocol 1.0)"),
])
def test_the_badge_label_is_short_and_never_cut(declared: dict[str, object],
                                                label: str) -> None:
    """Issue 28: at most 40 characters, the profile in words when they fit, else counted,
    else "custom profile" (the summary spells it out); never cut with "…"."""
    found = published.badge_label({**FULL, **declared})
    assert found == label and len(found) <= published.LABEL_LIMIT == 40


def test_nothing_ran_is_grey_and_a_stale_entry_red() -> None:
    scenario = catalog.shipped()[0]
    skipped = [Result(scenario, "skipped", reason="lacks")]
    assert published.badge(skipped, FULL, idle="no scenario ran")["color"] == "lightgrey"
    assert published.badge(skipped, FULL, idle="no scenario ran")["message"] == \
        "0/0, 1 skipped"
    passed = [Result(scenario, "passed")]
    assert published.badge(passed, FULL)["color"] == "brightgreen"
    assert published.badge(passed, FULL, stale=["an entry"])["color"] == "red"


def test_the_summary_lists_the_failing_scenarios_up_to_a_bound() -> None:
    from fivetenk.results.expectations import NEW

    shipped = catalog.shipped()
    results = [Result(s, "failed", message=f"m{i}") for i, s in enumerate(shipped[:30])]
    results[1].reason = NEW + "fails the way xfail rule R01 (e.yaml:3) expects"
    results[2].status = "errored"
    text = published.summary_markdown(results, load_spec(), FULL, name="e")
    listed = [x for x in text.splitlines() if x.startswith("- **")]
    assert len(listed) == published.SUMMARY_FAILURES
    assert listed[0] == f"- **{shipped[0].id}** {', '.join(shipped[0].clauses)}: m0"
    assert listed[1].startswith(f"- **{shipped[1].id}** **NEW** ")
    assert listed[2].startswith(f"- **{shipped[2].id}** (errored) ")
    assert "- … and 5 more (the console and `--jsonl` list them all)" in text


def test_the_summary_escapes_what_the_implementation_sent() -> None:
    scenario = catalog.shipped()[0]
    text = published.summary_markdown(
        [Result(scenario, "failed")], load_spec(), FULL,
        name="<img src=x onerror=alert(1)> | [a](b)\n## heading", causes=["  *x*"])
    head = text.splitlines()[0]
    assert head == ("## fivetenk check: \\<img src=x onerror=alert(1)\\> \\| \\[a\\](b)"
                    "\\\\n\\#\\# heading")
    assert "- \\*x\\*" in text.splitlines()


def test_a_badge_sharing_a_file_with_another_report_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    same = tmp_path / "r"
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R02", "--jsonl", str(same),
                     "--badge", str(same)]) == 2
    assert "--badge" in capsys.readouterr().err
    assert not same.exists()


def test_the_ci_example_installs_the_kit_from_its_repository() -> None:
    """Issue 28: no registry has a package named fivetenk; the workflow of
    docs/step-by-step.md checks the kit's repository out at a pinned ref and installs it as
    the quick start does."""
    import yaml

    guide = (ROOT / "docs" / "step-by-step.md").read_text(encoding="utf-8")
    block = guide[guide.index("name: conformance\n"):]
    workflow = yaml.safe_load(block[:block.index("```")])
    assert set(workflow["env"]) == {"KIT", "KIT_REF"}
    for name, job in workflow["jobs"].items():
        runs = [step.get("run", "") for step in job["steps"]]
        assert "pip install ./.fivetenk" in runs, name
        kit = next(s for s in job["steps"] if s.get("with", {}).get("path") == ".fivetenk")
        assert kit["with"]["ref"] == "${{ env.KIT_REF }}", name
        assert not any("pip install fivetenk" in run for run in runs), name
