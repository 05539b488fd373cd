"""The README and docs/ (issue 33, item 6): the README a landing page, the guides in docs/,
every link resolving, and the generated pages current: docs/commands.md (every --help),
docs/phrases.md (fivetenk steps), docs/measuring.md (written from the benchmarks' saved
JSON, no figure typed by hand)."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

from fivetenk.bench import game as bench_game
from fivetenk.bench import page
from fivetenk.bench import strategy as bench_strategy
from fivetenk.docs import docs_gen

DOCS = ROOT / "docs"
README = ROOT / "README.md"
REGENERATE = "python -m fivetenk.docs.docs_gen --write"


# --------------------------------------------------------------------------- the generated pages
@pytest.mark.parametrize("name", ["commands.md", "phrases.md", "measuring.md"])
def test_the_generated_page_is_current(name: str) -> None:
    written = (DOCS / name).read_text(encoding="utf-8")
    if name == "commands.md" and docs_gen.python_words() not in written:
        pytest.skip("docs/commands.md was written with another Python, whose argparse words "
                    f"the help otherwise; here: {docs_gen.python_words()}")
    assert written == docs_gen.pages(DOCS)[DOCS / name], (
        f"docs/{name} is stale: run `{REGENERATE}` and commit the page")


def test_the_help_is_written_at_a_fixed_width_whatever_the_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    wide = docs_gen.commands_page()
    monkeypatch.setenv("COLUMNS", "40")
    assert docs_gen.commands_page() == wide
    assert os.environ["COLUMNS"] == "40"  # put back as it was


def test_every_command_and_sub_command_has_its_help_on_the_page() -> None:
    from fivetenk.cli import COMMANDS

    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    for name in [*COMMANDS, "fuzz merge"]:
        assert f"\n### fivetenk {name}\n\n```text\nusage: fivetenk {name} " in text, name
    for tool in docs_gen.TOOLS:
        assert f"\n### python -m {tool}\n\n```text\nusage: python -m {tool}" in text, tool


def test_the_phrase_page_holds_every_phrase_in_both_languages() -> None:
    from fivetenk.language import REGISTRY

    text = (DOCS / "phrases.md").read_text(encoding="utf-8")
    for d in REGISTRY:
        assert d.example_in("en").replace("|", "\\|") in text
        assert d.example_in("es").replace("|", "\\|") in text


def test_check_names_a_stale_page_and_the_command(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "measuring.md").write_text("<!-- measured: game -->\nold\n<!-- end measured -->\n")
    assert docs_gen.main(["--check", "--docs", str(docs)]) == 1
    err = capsys.readouterr().err
    assert "commands.md is not current" in err and REGENERATE in err
    assert docs_gen.main(["--write", "--docs", str(docs)]) == 0
    assert docs_gen.main(["--check", "--docs", str(docs)]) == 0
    assert "*Not measured in this round.*" in (docs / "measuring.md").read_text()


# --------------------------------------------------------------------------- measuring
BLOCKS = re.compile(r"<!-- measured: [a-z0-9-]+ -->\n.*?<!-- end measured -->", re.S)
FIGURE = re.compile(r"\d[\d,.]*\s*(?:ms|µs|s|sec|min|%|MB|GiB|hands/s|/s|/min)(?![\w/])")


DEFINITIONS = {"95%", "100%"}
"""Shares the prose may name: what an interval is (95%), what a rate cannot reach (100%)."""


def test_no_figure_of_the_measuring_page_is_typed_by_hand() -> None:
    """Outside its generated blocks the page is prose: no time, rate, share or size."""
    prose = BLOCKS.sub("", (DOCS / "measuring.md").read_text(encoding="utf-8"))
    prose = re.sub(r"```.*?```", "", prose, flags=re.S)
    typed = [f for f in FIGURE.findall(prose) if f not in DEFINITIONS]
    assert not typed, typed
    assert FIGURE.findall("took 6 min 5 s, 5,169 query comparisons/s, 82.7%")  # it can fail


def test_every_block_is_known_and_every_saved_record_is_shown() -> None:
    text = (DOCS / "measuring.md").read_text(encoding="utf-8")
    names = page.block_names(text)
    assert len(names) == len(set(names))
    assert set(names) <= set(page.HOW) | {p.stem for p in (DOCS / "measurements").glob("*.json")}
    for saved in (DOCS / "measurements").glob("*.json"):
        assert saved.stem in names, f"{saved.name} is shown nowhere: name it in measuring.md"
        record = page.read_record(saved)
        assert record["measured"]["date"] and record["measured"]["machine"]["processors"]
        assert "mutants" not in record


def _record(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    out = capsys.readouterr().out.splitlines()
    record: dict[str, Any] = json.loads(out[-1])
    measured = record["measured"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", measured["date"])
    assert measured["machine"]["processors"] >= 1 and measured["command"].startswith(
        "python -m fivetenk.")
    assert measured["cpu_seconds"] >= 0 and measured["wall_seconds"] >= 0
    return record


@pytest.mark.parametrize("run", [
    lambda: bench_game.main(["--hands", "2", "--json"]),
    lambda: bench_strategy.main(["--hands", "1", "--json"]),
    lambda: bench_strategy.main(["--a", "random", "--b", "heuristic", "--deals", "1",
                                 "--json"]),
], ids=["game", "strategy-sides", "strategy"])
def test_a_benchmarks_json_line_is_kept_and_written_into_the_page(
        run: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The last line of ``--json`` output goes through ``--save -`` into
    docs/measurements/NAME.json, and the block of that name shows its figures with the
    date, the machine and the command."""
    assert run() == 0
    record = _record(capsys)
    name = page.default_name(record)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "measuring.md").write_text(f"intro\n<!-- measured: {name} -->\n<!-- end measured -->\n")
    monkeypatch.setattr("sys.stdin", io.StringIO("progress line\n" + json.dumps(record) + "\n"))
    assert docs_gen.main(["--save", "-", "--docs", str(docs)]) == 0
    assert json.loads((docs / "measurements" / f"{name}.json").read_text()) == record
    shown = (docs / "measuring.md").read_text()
    assert record["measured"]["date"] in shown and record["measured"]["command"] in shown
    assert "Not measured" not in shown and shown.startswith("intro\n")


def test_every_bench_renders_from_its_record() -> None:
    """Each renderer reads the keys its bench writes (records as the benches print them:
    a full mutation run's totals, a fuzz run, the protocol's, the tests')."""
    measured = {"date": "2026-12-02 18:00 UTC", "command": "python -m fivetenk.bench.x",
                "kit": "0.1.0", "machine": {"processors": 2, "model": "M", "system": "S",
                                            "python": "P", "memory_gib": 1.0},
                "load_before": [1.0, 1.0, 1.0], "load_after": [1.0, 1.0, 1.0],
                "wall_seconds": 1.0, "cpu_seconds": 1.0}
    totals = {"killed": 8, "timeout": 0, "survived": 1, "equivalent": 1, "unreliable": 0,
              "failed": 5, "errored": 3, "equivalent_by_kind": {}, "hand_judged": 1,
              "impossible_position_survivors": 0, "checked": 1, "checked_not_observable": 1,
              "found_observable": 0, "unverified": 0, "raw_rate": 0.8,
              "observable_rate": 8 / 9}
    records = [
        {"bench": "tests", "pytest_args": ["-m", "not slow"], "exit_code": 0,
         "counts": {"passed": 3, "skipped": 1}, "wall_s": 9.5, "cpu_s": 12.25},
        {"bench": "mutation", "judge": "adapter", "checking": "90 cases", "seconds": 4.0,
         "total": totals, "modules": {"trick": {**totals, "mutants": 10}}},
        {"bench": "fuzz", "repeat": 1, "long_plays_share": 31, "runs": [
            {"mode": "queries", "workers": 1, "cases": 10, "unit": "query comparisons/s",
             "best": 5, "median": 5, "slowest": 5, "divergences": 0,
             "kit_cpu_ms_per_case": 1.5, "target": 5000.0, "target_met": False,
             "load_before": [1.0, 1.0, 1.0]}]},
        {"bench": "protocol-loading", "repeat": 1, "loading": {
            "cache read": {"one_scenario_cpu_s": 0.3, "whole_suite_cpu_s": 0.9}}},
        {"bench": "book", "repeat": 1, "books": {"en": {
            "files": 9, "cpu_s": 2.5, "wall_s": 3.0, "load_before": [1.0, 1.0, 1.0]}}},
        {"bench": "bounds", "cases": [{"case": "a bulky plays reply", "bytes": 800_000,
                                       "seconds": 0.4, "peak_mb": 60, "outcome": "x"}]},
    ]
    for record in records:
        lines = page.RENDER[record["bench"]]({**record, "measured": measured})
        text = "\n".join(lines + page.provenance({**record, "measured": measured}))
        assert "2026-12-02 18:00 UTC" in text and "python -m fivetenk.bench.x" in text
    mutation = "\n".join(page.RENDER["mutation"]({**records[1], "measured": measured}))
    assert "| trick | 10 | 10 | 5 | 3 | 0 | 1 | 1 | 1 | 0 | 0 | 80.0% | 88.9% |" in mutation


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "standard input"),
    ('{"bench": "nope", "measured": {}}', "not a benchmark's --json record"),
    ('{"bench": "game"}', "$.measured: missing"),
])
def test_a_record_that_is_no_benchmarks_is_refused_and_nothing_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        text: str, message: str) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "measuring.md").write_text("")
    monkeypatch.setattr("sys.stdin", io.StringIO(text + "\n"))
    assert docs_gen.main(["--save", "-", "--docs", str(docs)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("docs_gen: ") and message in err and "Traceback" not in err
    assert not (docs / "measurements").exists()


def test_a_bad_name_or_an_unknown_block_is_refused(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    docs = tmp_path / "docs"
    (docs / "measurements").mkdir(parents=True)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps({"bench": "game", "measured": {}}))
    assert docs_gen.main(["--save", str(saved), "--as", "../x", "--docs", str(docs)]) == 2
    assert "a name is lower-case letters" in capsys.readouterr().err
    assert not any((docs / "measurements").iterdir())
    (docs / "measuring.md").write_text("<!-- measured: typo -->\n<!-- end measured -->\n")
    assert docs_gen.main(["--write", "--docs", str(docs)]) == 2
    assert "no benchmark of that name" in capsys.readouterr().err


# --------------------------------------------------------------------------- README and links
def test_the_readme_is_a_landing_page() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    assert blocks[0] == ("python3 -m venv .venv && . .venv/bin/activate && pip install . && "
                         "fivetenk check\n")
    assert blocks[1] == ("SUDO=$(command -v sudo || true); $SUDO apt-get update && $SUDO "
                         "apt-get install -y chromium && pip install '.[test]' && pytest\n")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for step in ("python3 -m venv", "pip install --quiet .", "fivetenk check",
                 "SUDO=$(command -v sudo || true)", "apt-get install -y", "chromium",
                 'pip install --quiet ".[test]"', "pytest"):
        assert step in ci, step  # what CI runs is what the README says
    assert 'pytest -m "not slow"' in text
    for guide in ("docs/checking.md", "docs/reading-the-rules.md", "docs/practising.md"):
        assert f"]({guide})" in text, guide
    for card in ("`10H`", "`SJ`", "`BJ`", "`AS`"):
        assert card in text


def test_the_readmes_mutation_figures_are_the_saved_runs() -> None:
    """The README's suite-strength sentence says what docs/measurements/mutation.json (the
    saved run the measuring page is written from) holds: a new run saved makes this fail
    until the README says it too."""
    total = json.loads((DOCS / "measurements" / "mutation.json").read_text())["total"]
    text = " ".join(README.read_text(encoding="utf-8").split())
    mutants = sum(total[k] for k in ("killed", "timeout", "survived", "equivalent", "unreliable"))
    for said in (f"of {mutants:,} mutants, {total['raw_rate']:.1%} make a scenario",
                 f"Each of the other {total['hand_judged']:,} was judged",
                 f"{total['observable_rate']:.1%} of what an engine can show"):
        assert said in text, said
    assert total["found_observable"] == 0 and total["unverified"] == 0 and \
        "none was found observable, none is left unverified" in text


def _anchors(path: Path) -> set[str]:
    """GitHub's anchors of a Markdown file: its headings (lower case, punctuation dropped,
    spaces to '-', repeats numbered) and its explicit ``<a id="…">``."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    seen: dict[str, int] = {}
    out = set(re.findall(r'<a id="([^"]+)"', text))
    for title in re.findall(r"^#{1,6} (.+)$", text, re.M):
        slug = "".join(c for c in title.strip().lower().replace(" ", "-")
                       if c.isalnum() or c in "-_")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def _links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return re.findall(r"\]\(([^)\s]+)\)", text)


DOCUMENTS = [README, ROOT / "schemas" / "protocol.md", *sorted(DOCS.glob("*.md"))]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_link_resolves(document: Path) -> None:
    """Every relative link points at a file or folder of the checkout and, with a
    ``#fragment``, at a heading or anchor of that Markdown file; nothing links into the
    README's old sections."""
    for link in _links(document):
        if re.match(r"[a-z]+:", link):
            continue
        target, _, fragment = link.partition("#")
        path = (document.parent / target).resolve() if target else document
        assert path.exists(), f"{document.name}: {link}: no such file"
        if fragment:
            assert path.suffix == ".md", f"{document.name}: {link}"
            assert fragment in _anchors(path), f"{document.name}: {link}: no such heading"
    assert "README.md#" not in document.read_text(encoding="utf-8").replace(
        "README.md#quick-start", "")


def test_the_link_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Title\n\n[x](b.md) [y](a.md#nope) [z](#title)\n")
    with pytest.raises(AssertionError, match="no such file"):
        test_every_link_resolves(tmp_path / "a.md")
    (tmp_path / "b.md").write_text("")
    with pytest.raises(AssertionError, match="no such heading"):
        test_every_link_resolves(tmp_path / "a.md")


def test_every_guide_is_reachable_from_the_readme() -> None:
    reached: set[Path] = set()
    todo = [README]
    while todo:
        here = todo.pop()
        for link in _links(here):
            target = link.partition("#")[0]
            path = (here.parent / target).resolve() if target else here
            if path.suffix == ".md" and path.is_relative_to(DOCS) and path not in reached:
                reached.add(path)
                todo.append(path)
    assert set(DOCS.glob("*.md")) <= reached, set(DOCS.glob("*.md")) - reached


def _minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60} s" if whole >= 60 else f"{whole} s"


def test_the_practising_guides_strength_figures_are_the_saved_run() -> None:
    """The practising guide's figures for the strong player (issue 34, item 4) are the
    duplicate run saved in docs/measurements/, measured with the settings the kit ships."""
    from fivetenk.practice.search import search_settings

    r = json.loads((DOCS / "measurements" / "strategy-strong-heuristic.json").read_text())
    text = " ".join((DOCS / "practising.md").read_text(encoding="utf-8").split())
    assert r["search"] == search_settings() and r["think"] == 1.0
    said = (f"over {r['deals']} deals ({r['seat_hands']} seat-hands), the strong player "
            f"advanced {r['mean_difference']:+.3f} levels per seat-hand more than the "
            f"heuristic (95% interval [{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]; taken deal "
            f"by deal, [{r['ci95_by_deal'][0]:+.3f}, {r['ci95_by_deal'][1]:+.3f}]), with a "
            f"median decision of {r['a_decision_median_s']:g} s of CPU")
    assert said in text, said
    assert f"--deals {r['deals']} --seed {r['seed']} --jobs {r['jobs']}" in text


def test_the_readmes_suite_times_are_the_saved_runs() -> None:
    """The README's figures for the whole suite and the quick loop are the runs saved in
    docs/measurements/ (``python -m fivetenk.bench.tests --json``, kept by ``docs_gen
    --save``): the count, the wall time, the cores, the load before, the date, and the
    number of slow tests the quick loop leaves out. A new run saved makes this fail until
    the README says it too."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    passed = {}
    for name, args in (("tests", []), ("tests-quick", ["-m", "not slow"])):
        record = json.loads((DOCS / "measurements" / f"{name}.json").read_text())
        assert record["exit_code"] == 0 and record["pytest_args"] == args, name
        measured = record["measured"]
        passed[name] = record["counts"]["passed"]
        said = (f"{passed[name]:,} tests in {_minutes(record['wall_s'])} on "
                f"{measured['machine']['processors']} cores (load average "
                f"{measured['load_before'][0]:.1f} before), measured on "
                f"{measured['date'][:10]}")
        assert said in text, said
    slow = passed["tests"] - passed["tests-quick"]
    assert f"the {slow:,} tests marked `slow`" in text
