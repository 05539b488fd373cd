"""Re-suiting for small packs (issue 32, item 2): a query scenario whose card sets a
declared pack cannot hold, and whose verdicts no suit decides, runs re-suited instead of
being skipped; every other one stays skipped with its reason."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path
from typing import Any

from helpers import TESTS

from fivetenk import cli
from fivetenk.model.scenario import Scenario
from fivetenk.suite import catalog
from fivetenk.suite.resuit import resuit
from fivetenk.suite.runner import RESUITED, reference_passes

MINI = TESTS / "miniatures"


def _scenario(*steps: dict[str, Any]) -> Scenario:
    return Scenario(id="s-1", name="s", clauses=["R03.1"], steps=list(steps))


def test_surplus_copies_move_to_other_suits_of_the_rank() -> None:
    pair = _scenario({"op": "beats", "reply": ["9H", "9H"], "top": ["4H", "4H"],
                      "expect": {"beats": True}})
    got = resuit(pair, 1)
    assert got is not None and got.steps[0]["reply"] == ["9H", "9S"]
    assert got.steps[0]["top"] == ["4H", "4S"] and reference_passes(got)
    two = _scenario({"op": "classify", "cards": ["4H"] * 3 + ["4S"] * 3,
                     "expect": {"legal": True}})
    assert resuit(two, 2).steps[0]["cards"] == ["4H", "4H", "4S", "4S", "4D", "4D"]  # type: ignore[union-attr]


def test_what_suits_or_the_pack_decide_is_never_re_suited() -> None:
    five = {"op": "classify", "cards": ["7H"] * 5, "expect": {"legal": True}}
    jokers = {"op": "classify", "cards": ["SJ", "SJ"], "expect": {"legal": True}}
    five_ten_king = {"op": "plays", "hand": ["5H", "5H", "10H", "KH"], "expect": {"count": 9}}
    refused = {"op": "classify", "cards": ["3H"] * 4,
               "expect": {"accepted": False, "clause": "R01.1"}}
    named = {"op": "beats", "reply": ["4H", "4H"], "top": ["3S"], "top_shape": "5-10-K mixed",
             "expect": {"beats": False}}
    fits = {"op": "classify", "cards": ["4H", "4S"], "expect": {"legal": True}}
    for step in (five, jokers, five_ten_king, refused, named, fits):
        assert resuit(_scenario(step), 1) is None, step
    game = Scenario(id="g", name="g", clauses=["R13.1"], setup={"deal": {}}, steps=[fits])
    assert resuit(game, 1) is None


def test_a_one_deck_judge_runs_the_re_suited_scenarios(tmp_path: Path) -> None:
    """tests/miniatures/dou_dizhu.py (pack 1): the scenarios it skipped for the pack and
    that can be re-suited now run and pass, each with the note; the profile says so once."""
    jsonl = tmp_path / "r.jsonl"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(["check", "--no-progress", "--rule", "R03", "--jsonl", str(jsonl),
                         "--impl", f"{sys.executable} {MINI / 'dou_dizhu.py'}"])
    assert code == 0, out.getvalue()[-2000:]
    records = {r["id"]: r for r in map(json.loads, jsonl.read_text().splitlines()[1:])
               if "id" in r}
    by_id = {s.id: s for s in catalog.shipped()}
    resuited = [i for i in records if i in by_id and resuit(by_id[i], 1) is not None
                and records[i]["status"] == "passed"]
    assert {"R03-019", "R03-101.7"} <= set(resuited)
    assert "are re-suited where suits play no part in them" in out.getvalue()



def test_a_re_suited_failure_says_so() -> None:
    """An engine failing a re-suited scenario is shown the cards it was asked about, and
    told they were re-suited."""
    from fivetenk.impl.conventions import LATEST
    from fivetenk.impl.drivers import CAPABILITIES, ReferenceDriver
    from fivetenk.impl.hello import Hello
    from fivetenk.suite.runner import run_scenario

    class OneDeck(ReferenceDriver):
        hello = Hello(name="one deck", version="", protocol=1,
                      capabilities=frozenset(CAPABILITIES), variants={}, pack=1,
                      minor=LATEST)

        def run(self, request: dict[str, Any]) -> dict[str, Any]:
            answer = super().run(request)
            return {**answer, "beats": not answer.get("beats")} if "beats" in answer else answer

    scenario = _scenario({"op": "beats", "reply": ["9H", "9H"], "top": ["4H", "4H"],
                          "expect": {"beats": True}})
    result = run_scenario(OneDeck(), scenario)
    assert result.status == "failed" and result.message.endswith(f"({RESUITED})")
    assert result.scenario.steps[0]["reply"] == ["9H", "9S"]
