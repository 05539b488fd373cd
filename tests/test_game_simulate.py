"""The simulation tool and the benchmark: deterministic logs and replayable scenario files."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

from fivetenk import bench_game, simulate
from fivetenk.reference.game import Game
from fivetenk.reference.variants import Variants


def run(argv: list[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    simulate.add_arguments(parser)
    out = io.StringIO()
    code = simulate.run(parser.parse_args(argv), out)
    return code, out.getvalue()


def replay(data: dict[str, Any]) -> Game:
    setup = data["setup"]
    game = Game.new(deck=setup["deck"], first=setup["first"], redeals=setup.get("redeals", ()),
                    variants=Variants.from_mapping(setup["variants"]))
    for action in data["actions"]:
        if action["type"] == "next_hand":
            game.next_hand(deck=action["deck"], first=action["first"])
        else:
            game.apply(action)
    return game


def test_log_is_deterministic_and_readable() -> None:
    code, log = run(["--seed", "9"])
    assert code == 0
    assert run(["--seed", "9"])[1] == log
    for needle in ("== Hand 1", "calls", "trick 1, seat", "hand over:", "band", "levels now"):
        assert needle in log, needle


def test_scenario_file_replays(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "game.json"
    code, log = run(["--seed", "12", "--hands", "3", "--variant", "pass=trick",
                     "--scenario", str(target)])
    assert code == 0 and "scenario written" in log
    assert [p.name for p in target.parent.iterdir()] == ["game.json"]  # no temp file left
    data = json.loads(target.read_text("utf-8"))
    assert set(data) == {"setup", "actions", "final_observation"}
    assert data["setup"]["variants"] == {"pass": "trick"}
    assert replay(data).observe() == data["final_observation"]


def test_bad_arguments() -> None:
    assert run(["--seed", "1", "--hands", "0"])[0] == 2
    assert run(["--seed", "1", "--variant", "pass"])[0] == 2
    assert run(["--seed", "1", "--variant", "pass=sometimes"])[0] == 2


def test_benchmark_runs() -> None:
    random_rate, replay_rate, played = bench_game.bench(3, 1, Variants())
    assert played == 3 and random_rate > 0 and replay_rate > 0
