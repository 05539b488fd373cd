"""The profile words of issue 32 (ruling D39 extended): ``run_top``, ``jokers: "alone"``,
``wings: "strict"`` (four of a rank never among the wings) and ``runs`` for the winged
airplanes apart. tests/miniatures/house_words.py plays each house rule: declared, the
suite is green from its hello alone, with scenarios on both sides of the word (skipped,
naming it; run and passed); undeclared, the scenarios the word skips fail. The fuzzer
keeps inside the words as it keeps inside the others."""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import TESTS, check_run

from fivetenk import cli
from fivetenk.impl.conventions import LATEST
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.hello import Hello, parse_hello
from fivetenk.impl.protocol import ReplyError
from fivetenk.model.scenario import Scenario
from fivetenk.suite import profile
from fivetenk.suite.runner import reference_passes

MINI = TESTS / "miniatures"

SKIPPED_BY = {
    "run_top": "above the highest rank the implementation's runs reach (K, its run_top)",
    "jokers": "which the implementation's jokers (alone) never join",
    "wings": "which the implementation's wing rule (strict) reads otherwise",
    "winged": "outside the lengths the implementation declares for airplane+",
}
"""The skip reason each house rule's word gives."""
RUN_BOTH = {"run_top": "straight", "jokers": "triple+pair", "wings": "airplane+singles",
            "winged": "airplane+pairs"}
"""A shape of which some scenarios run and pass under the word (the other side of it)."""


def _impl(*args: str) -> str:
    return " ".join([sys.executable, str(MINI / "house_words.py"), *args])


def hello(**words: Any) -> dict[str, Any]:
    return {"name": "x", "version": "1", "protocol": "1.4", "capabilities": ["queries"],
            **words}


def test_the_handshake_reads_the_new_words() -> None:
    got = parse_hello(hello(run_top="K", jokers="alone", wings="strict",
                            runs={"airplane+singles": [2, 5], "airplane+pairs": [2, 4]}),
                      "fivetenk")
    assert (got.run_top, got.jokers, got.wings) == (13, "alone", "strict")
    assert got.runs == {"airplane+singles": (2, 5), "airplane+pairs": (2, 4)}
    assert got.warnings == ()
    default = parse_hello(hello(), "fivetenk")
    assert (default.run_top, default.jokers) == (14, "kit")
    unknown = parse_hello(hello(run_top="2", jokers="sometimes"), "fivetenk")
    assert (unknown.run_top, unknown.jokers) == (14, "kit")
    assert any("run_top \"2\"" in w for w in unknown.warnings)
    assert any("joker rule \"sometimes\"" in w for w in unknown.warnings)
    for bad in ({"run_top": 13}, {"jokers": ["alone"]}):
        with pytest.raises(ReplyError):
            parse_hello(hello(**bad), "fivetenk")


def _scenario(step: dict[str, Any]) -> Scenario:
    return Scenario(id="w-1", name="w", clauses=["R03.1"], steps=[step])


def _reason(step: dict[str, Any], **words: Any) -> str:
    driver = ReferenceDriver()
    driver.capabilities = frozenset({"classify", "beats", "plays"})
    driver.hello = Hello(name="worded", version="", protocol=1,
                         capabilities=driver.capabilities, variants={}, minor=LATEST,
                         **words)
    return profile.fit(driver, _scenario(step), reference_passes).reason


def test_each_word_skips_what_it_reads_otherwise_and_nothing_else() -> None:
    to_ace = {"op": "classify", "cards": ["10H", "JH", "QH", "KH", "AS"]}
    to_king = {"op": "classify", "cards": ["9H", "10H", "JH", "QH", "KS"]}
    assert "reaching A, above" in _reason(to_ace, run_top=13)
    assert _reason(to_king, run_top=13) == "" and _reason(to_ace) == ""
    joker_kicker = {"op": "classify", "cards": ["7H", "7S", "7D", "SJ", "SJ"]}
    jokers_only = {"op": "classify", "cards": ["SJ", "BJ"]}
    assert "never join" in _reason(joker_kicker, jokers="alone")
    assert _reason(jokers_only, jokers="alone") == "" and _reason(joker_kicker) == ""
    four_singles = {"op": "classify", "cards": [
        "3H", "3S", "3D", "4H", "4S", "4D", "5H", "5S", "5D", "6H", "6S", "6D",
        "8H", "8S", "8D", "8C"]}  # RLCard: 3334445556668888 is illegal
    three_singles = {"op": "classify", "cards": [
        "3H", "3S", "3D", "4H", "4S", "4D", "5H", "5S", "5D", "6H", "6S", "6D",
        "8H", "8S", "8D", "9C"]}  # and 3334445556668889 legal
    assert "wing rule (strict)" in _reason(four_singles, wings="strict")
    assert _reason(three_singles, wings="strict") == ""
    five_winged = {"op": "classify", "cards": [
        "3H", "3S", "3D", "4H", "4S", "4D", "5H", "5S", "5D", "6H", "6S", "6D",
        "7H", "7S", "7D", "9C", "10C", "JC", "QC", "KC"]}
    five_bare = {"op": "classify", "cards": five_winged["cards"][:15]}
    runs = {"airplane+singles": (2, 4)}
    assert "for airplane+singles (2 to 4)" in _reason(five_winged, runs=runs)
    assert _reason(five_bare, runs=runs) == ""
    assert "for airplane (2 to 4)" in _reason(five_bare, runs={"airplane": (2, 4)})
    assert _reason(five_winged, runs={"airplane+pairs": (2, 3)}) == ""


@pytest.mark.parametrize("rule", [
    "jokers", *(pytest.param(r, marks=pytest.mark.slow) for r in ("run_top", "wings", "winged"))])
def test_an_engine_with_the_house_rule_passes_from_its_hello_alone(
        tmp_path: Path, rule: str) -> None:
    """Declared: green (R03, R05), some scenarios skipped naming the word and some of the
    shape it governs run and pass. Undeclared: the skipped scenarios fail."""
    scope = ("--rule", "R03", "--rule", "R05") + (  # no scenario holds 5 winged triples
        () if rule == "winged" else ("--no-vectors",))
    code, out, records = check_run(tmp_path, "--impl", _impl(rule), *scope)
    assert code == 0, out[-3000:]
    skipped = {i for i, r in records.items() if SKIPPED_BY[rule] in r.get("reason", "")}
    assert skipped, out[-2000:]
    from fivetenk.suite import catalog
    from fivetenk.suite.shapes import scenario_shapes

    by_id = {s.id: s for s in catalog.shipped()}
    assert any(r["status"] == "passed" and RUN_BOTH[rule] in scenario_shapes(by_id[i])
               for i, r in records.items())
    code, out, loose = check_run(tmp_path, "--impl", _impl(rule, "--undeclared"), *scope)
    failed = {i for i, r in loose.items() if r["status"] == "failed"}
    assert code == 1 and failed and failed <= skipped, sorted(failed - skipped)[:5]


@pytest.mark.slow
def test_all_four_house_rules_pass_the_whole_suite_and_vectors(tmp_path: Path) -> None:
    code, out, records = check_run(tmp_path, "--impl", _impl(), "--quiet")
    assert code == 0, out[-3000:]
    assert any(i.startswith("V-") and r["status"] == "passed" for i, r in records.items())


def test_the_fuzzer_keeps_inside_the_new_words(tmp_path: Path) -> None:
    """Declared, the campaign skips what lies outside the words and finds nothing;
    undeclared, the same judge diverges."""
    def fuzz(*args: str) -> tuple[int, str]:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = cli.main(["fuzz", "--no-progress", "--mode", "queries", "--seed", "3",
                             "--cases", "1500", "--out", str(tmp_path), *args])
        return code, out.getvalue()

    code, text = fuzz("--impl", _impl())
    assert code == 0 and "0 diverged" in text, text
    skipped = re.search(r"(\d+) skipped \(outside the shapes or profile words", text)
    assert skipped and int(skipped.group(1)) > 50, text
    code, text = fuzz("--impl", _impl("run_top,jokers", "--undeclared"), "--no-shrink")
    assert code == 1 and "DIVERGED" in text, text
