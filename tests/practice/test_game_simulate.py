"""The simulation tool and the benchmark: deterministic logs and replayable scenario files."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

from fivetenk.bench import game as bench_game
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.reference.variants import Variants
from fivetenk.suite.catalog import load_path
from fivetenk.suite.runner import run_scenario


def run(argv: list[str]) -> tuple[int, str]:
    code, out, _ = run_cli(["simulate", *argv])
    return code, out


def test_log_is_deterministic_and_readable() -> None:
    code, log = run(["--seed", "9"])
    assert code == 0
    assert run(["--seed", "9"])[1] == log
    for needle in ("== Hand 1", "calls", "trick 1, seat", "hand over:", "band", "levels now"):
        assert needle in log, needle


@pytest.mark.slow
def test_scenario_file_replays(tmp_path: Path) -> None:
    """The written scenario is schema-valid and replays the match through the runner; a
    replay that diverges (one decision changed) fails. Two hands (583 steps) cross a hand
    boundary as a longer match does, at two thirds of the replays' cost."""
    target = tmp_path / "sub" / "game.json"
    code, log = run(["--seed", "12", "--hands", "2", "--variant", "pass=trick",
                     "--scenario", str(target)])
    assert code == 0 and "scenario written" in log
    assert [p.name for p in target.parent.iterdir()] == ["game.json"]  # no temp file left
    [scenario] = load_path(target)
    assert scenario.variants == {"pass": "trick"} and scenario.id == "sim-12"
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"
    final = scenario.steps[-1]["expect"]
    final["result"]["defender_total"] += 5
    assert run_scenario(ReferenceDriver(), scenario).status == "failed"


def test_bad_arguments() -> None:
    assert run(["--seed", "1", "--hands", "0"])[0] == 2
    assert run(["--seed", "1", "--variant", "pass"])[0] == 2
    assert run(["--seed", "1", "--variant", "pass=sometimes"])[0] == 2


def test_benchmark_runs() -> None:
    random_rate, replay_rate, played = bench_game.bench(3, 1, Variants())
    assert played == 3 and random_rate > 0 and replay_rate > 0
