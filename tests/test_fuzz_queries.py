"""The ``queries`` mode of ``fivetenk fuzz``: generation, no false alarms against the
reference, and broken engines that the shipped suite passes but the fuzzer catches, each
with a minimal written case (bounds stated in the asserts)."""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import sys
from pathlib import Path

import pytest

from fivetenk import catalog, cli
from fivetenk.fuzz_queries import QueryMode
from fivetenk.fuzz_source import RandomSource
from fivetenk.process_driver import ProcessDriver
from fivetenk.runner import run_suite

MINI = Path(__file__).resolve().parent / "miniatures"
NEW_CASES = {"fuzz_runs.py": "R03-049", "fuzz_plays.py": "R03-048"}
"""Each new broken engine, and the shipped scenario written from the case fuzz found."""


def impl(*argv: str) -> str:
    return shlex.join([sys.executable, *argv])


def fuzz(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(["fuzz", "--no-progress", "--mode", "queries", *args])
    return code, out.getvalue()


def test_generation_is_structured_and_deterministic() -> None:
    from fivetenk.shapes import SHAPES

    mode = QueryMode(shapes=frozenset(SHAPES))  # declared shapes: each case says which it uses
    kinds: dict[str, int] = {}
    shapes: set[str] = set()
    runs: set[str] = set()
    for i in range(2000):
        case = mode.generate(RandomSource(f"3:queries:{i}"), {})
        assert case == mode.generate(RandomSource(f"3:queries:{i}"), {})
        kinds[case.kind] = kinds.get(case.kind, 0) + 1
        shapes.update(case.data["shapes"])
        for reading in case.expected[0].get("readings", []) if case.expected else []:
            runs.add(reading)
    assert set(kinds) == {"classify", "beats", "plays", "points"}
    assert {"straight", "pairs", "airplane", "airplane+singles", "bomb", "rocket", "5-10-K",
            "triple+single", "triple+pair"} <= shapes
    assert {"pairs 3-A", "airplane 3-A"} & runs  # the longest runs are generated too


def _suite_passes(command: str) -> None:
    scenarios = [s for s in catalog.shipped() if s.id not in NEW_CASES.values()]
    with ProcessDriver(command, timeout=20) as driver:
        bad = [(r.scenario.id, r.status) for r in run_suite(driver, scenarios)
               if r.status not in ("passed", "skipped")]
    assert not bad, bad[:5]


@pytest.mark.parametrize("engine", sorted(NEW_CASES))
def test_new_broken_engine_passes_the_suite_but_not_the_fuzzer(engine: str,
                                                               tmp_path: Path) -> None:
    command = impl(str(MINI / engine))
    _suite_passes(command)  # the shipped suite (before the case below) finds nothing
    code, text = fuzz("--impl", command, "--seed", "1", "--cases", "3000", "--out",
                      str(tmp_path), "--jsonl", str(tmp_path / "r.jsonl"))
    assert code == 1 and "DIVERGED" in text, text
    records = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    first = records[0]
    assert first["case"] < 3000
    shrunk = first["shrunk"]["request"]
    cards = [len(v) for k, v in shrunk.items() if k in ("cards", "reply", "top", "hand")]
    assert max(cards) <= 8, shrunk  # minimal: at most 8 cards in any card list
    # the shipped case written from it catches the engine
    scenario = next(s for s in catalog.shipped() if s.id == NEW_CASES[engine])
    with ProcessDriver(command, timeout=20) as driver:
        assert next(run_suite(driver, [scenario])).status == "failed"


COMBINATION_BREAKERS = ["two_below_ace", "wings_both_jokers", "suited_reversed",
                        "bombs_by_rank", "six_jokers_ignored", "twelve_bomb_ignored"]


@pytest.mark.parametrize("name", COMBINATION_BREAKERS)
def test_existing_combination_breakers_are_found(name: str, tmp_path: Path) -> None:
    code, text = fuzz("--impl", impl(str(MINI / "rulebreaker.py"), name), "--seed", "2",
                      "--cases", "6000", "--no-shrink", "--out", str(tmp_path))
    assert code == 1 and "DIVERGED" in text, text[-600:]


def test_always_wrong_is_found(tmp_path: Path) -> None:
    code, text = fuzz("--impl", impl(str(MINI / "always_wrong.py")), "--seed", "2",
                      "--cases", "50", "--no-shrink", "--out", str(tmp_path))
    assert code == 1 and "DIVERGED" in text


def test_capabilities_and_shapes_are_respected(tmp_path: Path) -> None:
    """one_deck answers classify, beats and plays only: no points are asked."""
    code, text = fuzz("--impl", impl(str(MINI / "small_set.py")), "--seed", "4",
                      "--cases", "800", "--out", str(tmp_path))
    assert code == 0, text
    assert "skipped (shapes the implementation does not declare)" in text
