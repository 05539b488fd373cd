"""``fivetenk play``: a user at one seat against five heuristic players, scripted here
through the input stream the command reads its answers from."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from fivetenk import play_cmd
from fivetenk.cli import COMMANDS, build_parser
from fivetenk.paths import data_dir
from fivetenk.reference.actions import Action
from fivetenk.reference.game import Game
from fivetenk.strategy import HeuristicPlayer


class FakeTty(io.StringIO):
    """An output stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def play(argv: list[str], answers: str = "", out: io.StringIO | None = None) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    play_cmd.add_arguments(parser)
    out = out if out is not None else io.StringIO()
    code = play_cmd.run(parser.parse_args(argv), out, io.StringIO(answers))
    return code, out.getvalue()


def read_log(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def answer(action: dict[str, Any]) -> str:
    """The typed answer that names ``action`` in card notation."""
    kind = action["type"]
    if kind in ("skip", "pass"):
        return kind
    if kind == "reveal":
        return str(action["card"])
    if kind == "call":
        return " ".join(f"{c['face']} {c['ordinal']}" for c in action["calls"])
    return " ".join(action["cards"])


def test_registered_as_a_subcommand() -> None:
    assert COMMANDS["play"][0] == "play_cmd"
    args = build_parser(["play"]).parse_args(["play", "--auto", "--seed", "3"])
    assert args.func is play_cmd.run and args.auto and args.seed == 3 and args.seat == 0


def test_auto_hand_finishes_deterministically() -> None:
    code, text = play(["--auto", "--hands", "1", "--seed", "1"])
    assert code == 0
    assert play(["--auto", "--hands", "1", "--seed", "1"])[1] == text
    assert "Hand over:" in text and "band" in text and "winners:" in text
    assert "Stopped after 1 hand" in text
    # a different seed deals differently, so the output is not a constant
    assert play(["--auto", "--hands", "1", "--seed", "2"])[1] != text


def test_the_settlement_is_the_engines(tmp_path: Path) -> None:
    """The hand the command plays is the one the strategy plays on the same seeded deal,
    and the printed band and totals are its settlement's."""
    _, text = play(["--auto", "--hands", "1", "--seed", "4", "--seat", "2"])
    game = Game.new(seed=4)
    player = HeuristicPlayer()
    while game.pending() is not None:
        game.apply(player.choose(game))
    result = game.observe()["result"]
    assert f"totals: defenders {result['defender_total']}, bankers " \
           f"{result['banker_total']}" in text
    assert f"band {result['band']} (" in text


def test_illegal_input_refused_hint_then_end_of_input() -> None:
    """Seat 5 reveals, buries and calls by number, then tries a pair it does not hold:
    refused with the clause and asked again; ``?`` explains; end of input quits with 0."""
    code, text = play(["--seed", "1", "--seat", "5", "--hands", "1"], "1\n1\n1\n7H 7H\n?\n")
    assert code == 0
    refused = text.index("refused: ")
    assert "does not hold 7H 7H [R13.2]" in text[refused:].splitlines()[0]
    after = text[refused:]
    assert "Your play (R13.1-R13.2):" in after  # asked again
    assert "suggested: " in after and "why: R24.1" in after
    assert text.rstrip().endswith("fivetenk play --seed 1 --seat 5")
    assert "End of input: quit." in text
    assert "Traceback" not in text


def test_bad_notation_and_out_of_range_number_refused() -> None:
    _, text = play(["--seed", "1", "--seat", "5", "--hands", "1"], "ZZ\n99\n")
    refusals = text.split("refused: ")[1:]
    assert len(refusals) == 2
    first = refusals[0].split("Reveal a level card")[0]
    assert "unknown card 'ZZ'" in first and first.rstrip().endswith("[R01.1]")
    assert refusals[1].startswith("choose a number from 1 to 2")


def test_whole_hand_by_scripted_answers(tmp_path: Path) -> None:
    """Typing the suggestions in card notation plays the same hand as ``--auto``."""
    auto_log, typed_log = tmp_path / "auto.jsonl", tmp_path / "typed.jsonl"
    argv = ["--hands", "1", "--seed", "6", "--seat", "0", "--no-hints"]
    play([*argv, "--auto", "--log", str(auto_log)])
    auto = read_log(auto_log)
    mine = [r["action"] for r in auto if r["record"] == "decision" and r["by"] == "user"]
    # seat 0 is the banker of this deal: every kind of decision is typed
    assert {a["type"] for a in mine} >= {"reveal", "bury", "call", "play"}
    code, text = play([*argv, "--log", str(typed_log)],
                      "".join(answer(a) + "\n" for a in mine))
    assert code == 0 and "End of input" not in text and "Hand over:" in text
    typed = read_log(typed_log)

    def acts(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # a typed play carries the engine's reading of its cards (``shape``); the
        # strategy's lead may leave it out, so the reading is not compared
        return [{k: v for k, v in r["action"].items() if k != "shape"}
                for r in records if r["record"] == "decision"]

    assert acts(typed) == acts(auto)
    assert [r["by"] for r in typed if r["record"] == "decision"] == \
           [r["by"] for r in auto if r["record"] == "decision"]
    assert typed[-1] == auto[-1] and typed[-1]["record"] == "end"
    assert "hint:" not in text


def test_log_format(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    code, _ = play(["--auto", "--hands", "2", "--seed", "3", "--seat", "4",
                    "--variant", "pass=trick", "--log", str(log)])
    assert code == 0
    records = read_log(log)
    game = records[0]
    assert game["record"] == "game" and game["seed"] == 3 and game["seat"] == 4
    assert game["variants"] == {"pass": "trick"} and game["hands"] == 2
    schema = json.loads((data_dir("schemas") / "scenario.schema.json").read_text())
    deal_schema = {**schema["$defs"]["deal"], "$defs": schema["$defs"]}
    hands = [r for r in records if r["record"] == "hand"]
    assert [h["hand"] for h in hands] == [1, 2]
    for hand in hands:
        jsonschema.validate(hand["setup"]["deal"], deal_schema)
    assert "previous_banker" in hands[1]["setup"]["deal"]
    decisions = [r for r in records if r["record"] == "decision"]
    assert [d["n"] for d in decisions] == list(range(1, len(decisions) + 1))
    assert {d["by"] for d in decisions} == {"user", "computer"}
    assert {d["seat"] for d in decisions if d["by"] == "user"} == {4}
    assert records[-1]["record"] == "end" and len(records[-1]["levels"]) == 6
    # the log replays: the deal and the decisions give the same levels
    replay = Game.new(deck=hands[0]["setup"]["deal"]["deck"],
                      first=hands[0]["setup"]["deal"]["first"],
                      redeals=hands[0]["setup"]["deal"].get("redeals", ()),
                      variants=play_cmd.Variants.from_mapping(game["variants"]))
    for record in records[1:-1]:
        if record["record"] == "hand" and record["hand"] > 1:
            deal = record["setup"]["deal"]
            assert deal["previous_banker"] == replay.banker
            replay.next_hand(deck=deal["deck"], first=deal["first"])
        elif record["record"] == "decision":
            pending = replay.pending()
            assert pending is not None and record["kind"] == pending.kind
            replay.apply(Action.from_json(record["action"]))
    assert replay.observe()["levels"] == records[-1]["levels"]


def test_refused_inputs_are_not_decisions_and_eof_names_the_log(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    _, text = play(["--seed", "1", "--seat", "5", "--log", str(log)], "1\n1\n1\n7H 7H\n")
    assert f"logged in {log} (decisions 1-" in " ".join(text.split())
    records = read_log(log)
    [refused] = [r for r in records if r["record"] == "refused"]
    assert refused["clause"] == "R13.2" and refused["input"] == "7H 7H"
    decisions = [r for r in records if r["record"] == "decision"]
    assert [d["kind"] for d in decisions if d["by"] == "user"][-3:] == \
           ["reveal", "bury", "call"]


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["--auto", "--hands", "1", "--seed", "1"]
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert "\x1b[" in play(argv, out=FakeTty())[1]
    assert "\x1b[" not in play(argv)[1]
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in play(argv, out=FakeTty())[1]


def test_lines_fit_80_columns() -> None:
    texts = [play(["--auto", "--hands", "2", "--seed", "5"])[1],
             play(["--seed", "1", "--seat", "5"], "1\n1\n1\n7H 7H\n?\nlist\n")[1]]
    for text in texts:
        assert max(len(line) for line in text.splitlines()) <= 80
