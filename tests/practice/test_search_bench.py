"""``python -m fivetenk.bench.search`` (tools/bench/search.py): the offline weighing of the
strong player's search settings scores each setting's choices on worlds it did not choose
from, flags the kit's own setting, and is deterministic."""

from __future__ import annotations

import json

import pytest

from fivetenk.bench.search import REPEATS, main, weigh
from fivetenk.practice.search import CONFIDENCE, STEPS_PER_SECOND

WORLDS = 8
SETTINGS = [(4_000, 0.0), (4_000, 1.0), (STEPS_PER_SECOND, CONFIDENCE)]


def _decision(better: float, deal: int = 1) -> dict[str, object]:
    """Two candidates: the heuristic's worth 0 in every world, the other ``better``."""
    return {"deal": deal, "kind": "play", "steps": 100 * WORLDS,
            "values": [[0.0] * WORLDS, [better] * WORLDS]}


def test_a_candidate_better_in_every_world_is_chosen_and_its_gain_counted() -> None:
    rows = weigh([_decision(1.0), _decision(0.5)], WORLDS, SETTINGS, seed=1)
    for row in rows:
        assert row["gain_per_seat_hand"] == 1.5 and row["left_heuristic"] == 1.0, row
        assert row["against_kit"] == 0.0
    assert [row["kit"] for row in rows] == [False, False, True]


def test_a_worse_candidate_is_never_chosen() -> None:
    rows = weigh([_decision(-1.0, deal) for deal in (1, 2)], WORLDS, SETTINGS, seed=1)
    assert all(r["gain_per_seat_hand"] == 0.0 and r["left_heuristic"] == 0.0 for r in rows)


def test_a_choice_is_scored_on_the_worlds_it_was_not_made_from() -> None:
    """The other candidate is better by 1 in half the worlds and worse by 1 in the other
    half, so its gain over all of them is 0: whenever the worlds drawn from favour it, the
    held-out ones disfavour it by as much. A choice scored on the worlds it was made from
    would show a gain; scored on the others, each setting that ever leaves the heuristic
    shows a loss."""
    values = [[0.0] * WORLDS, [1.0, -1.0] * (WORLDS // 2)]
    rows = weigh([{"deal": 1, "kind": "play", "steps": 100 * WORLDS, "values": values}],
                 WORLDS, SETTINGS, seed=3)
    for row in rows:
        assert row["gain_per_seat_hand"] <= 0, row
    eager = rows[0]  # threshold 0: leaves the heuristic whenever the draw favours the other
    assert eager["left_heuristic"] > 0 and eager["gain_per_seat_hand"] < 0, eager


def test_the_command_prints_its_table_and_json_line_the_same_each_time(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--deals", "1", "--worlds", str(WORLDS), "--decisions", "2", "--json"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    record = json.loads(first.splitlines()[-1])
    assert (record["bench"], record["decisions"], record["repeats"]) == ("search", 2, REPEATS)
    kit = [r for r in record["settings"] if r["kit"]]
    assert len(kit) == 1 and (kit[0]["budget"], kit[0]["confidence"]) == (STEPS_PER_SECOND,
                                                                          CONFIDENCE)
    assert "(the kit's)" in first and "confirm with python -m fivetenk.bench.strategy" in first
    assert main(argv) == 0
    again = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert again["settings"] == record["settings"]


@pytest.mark.parametrize("argv", [["--deals", "0"], ["--worlds", "7"], ["--jobs", "0"],
                                  ["--decisions", "0"]])
def test_bad_arguments_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "bench.search: --deals, --jobs and --decisions must be at least 1" in \
        capsys.readouterr().err
