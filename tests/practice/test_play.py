"""``fivetenk play``: a user at one seat against five heuristic players, scripted here
through the input stream the command reads its answers from."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from helpers import ROOT, hint_answer, play

from fivetenk.cli import COMMANDS, build_parser
from fivetenk.model.paths import data_dir
from fivetenk.practice import play as play_mod  # `play` is this file's helper
from fivetenk.practice.answers import completions
from fivetenk.practice.screen import SCREEN_ROWS, WIDTH
from fivetenk.practice.session import shown_form
from fivetenk.practice.strategy import HeuristicPlayer
from fivetenk.reference.actions import Action
from fivetenk.reference.cards import Card
from fivetenk.reference.game import Game


class FakeTty(io.StringIO):
    """An output stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


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
    assert COMMANDS["play"].module == "practice.play"
    args = build_parser(["play"]).parse_args(["play", "--auto", "--seed", "3"])
    assert args.func is play_mod.run and args.auto and args.seed == 3
    assert args.seat is None  # 0 unless --resume names the seat (run() applies it)


def test_auto_hand_finishes_deterministically() -> None:
    code, text = play(["--auto", "--hands", "1", "--seed", "1"])
    assert code == 0
    assert play(["--auto", "--hands", "1", "--seed", "1"])[1] == text
    assert "Hand over:" in text and "band" in text and "winners:" in text
    assert "Stopped after 1 hand" in text
    # a different seed deals differently, so the output is not a constant
    assert play(["--auto", "--hands", "1", "--seed", "2"])[1] != text


def test_every_play_on_screen_says_what_it_is() -> None:
    """Moves, hints and suggestions carry the engine's reading of their cards (R12), also
    for the strategy's plays, which leave the reading to the engine."""
    _, text = play(["--auto", "--hands", "2", "--seed", "3"])
    plays = re.findall(r"^#\d+ (?:seat \d|you): (?!pass|skip|reveal|call|bury)(.*)$", text,
                       re.M)
    assert len(plays) > 50
    assert all(re.search(r" \([^()]+\)$", p) for p in plays), plays
    _, text = play(["--seed", "1", "--seat", "5", "--hands", "1"], "1\n1\n1\n?\n")
    lead = text[text.index("Your play"):]
    hint = next(line for line in lead.splitlines() if line.startswith("hint: "))
    assert re.match(r"hint: [^(]+ \([^()]+\)  \('\?' says why\)$", hint), hint
    assert re.search(r"^suggested: [^(]+ \([^()]+\)$", lead, re.M)


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
    assert text.splitlines()[-1] == "  fivetenk play --seed 1 --seat 5"
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
    """Typing the suggestions in card notation plays the same hand as ``--auto``
    (``--ask-forced``: the forced passes are typed too)."""
    auto_log, typed_log = tmp_path / "auto.jsonl", tmp_path / "typed.jsonl"
    argv = ["--hands", "1", "--seed", "6", "--seat", "0", "--no-hints", "--ask-forced"]
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
                      variants=play_mod.Variants.from_mapping(game["variants"]))
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
    # hearts and diamonds are red in the hand, the trick and the moves; the colour codes
    # take no width: without them every line still fits 80 columns
    typed = play(["--seed", "1", "--seat", "5", "--hands", "1"], "1\n1\n1\n7H 7H\n",
                 out=FakeTty())[1]
    assert "\x1b[31m4H\x1b[0m 4S" in typed and "\x1b[31mrefused: " in typed
    plain = re.sub(r"\x1b\[[0-9;]*m", "", typed)
    assert max(map(len, plain.splitlines())) <= 80
    assert "4S" in plain and "\x1b" not in plain
    assert "\x1b[" not in play(argv)[1]
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in play(argv, out=FakeTty())[1]


def test_lines_fit_80_columns() -> None:
    texts = [play(["--auto", "--hands", "2", "--seed", "5"])[1],
             play(["--seed", "1", "--seat", "5"], "1\n1\n1\n7H 7H\n?\nlist\n")[1]]
    for text in texts:
        assert max(len(line) for line in text.splitlines()) <= 80


# -- completion ------------------------------------------------------------------------------


def _game_at(seed: int, seat: int, kind: str, *, reply: bool = False) -> Game:
    """The game of ``seed`` played by the strategy up to ``seat``'s first ``kind`` decision
    (a reply, not a lead, with ``reply``)."""
    game, player = Game.new(seed=seed), HeuristicPlayer()
    while (pending := game.pending()) is not None:
        if pending.seat == seat and pending.kind == kind and (
                not reply or game.top is not None):
            return game
        game.apply(player.choose(game))
    raise AssertionError(f"seed {seed}: seat {seat} never had a {kind} decision")


def test_completion_offers_only_what_leads_to_a_legal_answer() -> None:
    game = _game_at(1, 5, "play")  # seat 5 leads (it is the banker of seed 1)
    options, hand = game.legal_actions(), game.hand(5)

    def complete(line: str) -> list[str]:
        return completions("play", line, options, hand)

    held = {str(c) for c in hand}
    assert set(complete("")) - {"list", "dispute"} == held  # a lead: no pass (D18)
    assert "pass" not in complete("")
    sevens = complete("7")
    assert sevens and all(w.startswith("7") for w in sevens) and set(sevens) <= held
    assert complete("7d") == [w for w in sevens if w == "7D"]  # case is the user's
    # after 5C: exactly the held cards that make part of a legal play with it (R12)
    after = complete("5C ")
    assert after and "list" not in after
    for word in held:
        cards = Counter(Card.parse(w) for w in ["5C", word])
        leads_on = any(o.type == "play" and not cards - Counter(o.cards) for o in options)
        assert (word in after) == leads_on, word
    assert complete("ZZ ") == []  # nothing follows a word that is no card

    reply = _game_at(1, 0, "play", reply=True)
    words = completions("play", "", reply.legal_actions(), reply.hand(0))
    assert "pass" in words and completions(
        "play", "pa", reply.legal_actions(), reply.hand(0)) == ["pass"]
    top = reply.top
    assert top is not None
    for word in set(words) - {"pass", "list", "dispute"}:  # every card can start a reply
        assert any(o.type == "play" and Card.parse(word) in o.cards
                   for o in reply.legal_actions())


def test_completion_for_the_burial_reveal_and_calls() -> None:
    bury = _game_at(1, 5, "bury")
    hand = bury.hand(5)
    assert len(hand) == 32
    burial = completions("bury", "", bury.legal_actions(), hand)
    assert set(burial) - {"list", "dispute"} == {str(c) for c in hand}
    six = " ".join(str(c) for c in hand[:6]) + " "
    assert completions("bury", six, bury.legal_actions(), hand) == []
    one = str(hand[0])
    if hand.count(hand[0]) == 1:  # a single copy is not offered twice
        assert one not in completions("bury", one + " ", [], hand)

    call = _game_at(1, 5, "call")
    options = call.legal_actions()
    faces = completions("call", "", options, call.hand(5))
    assert set(faces) - {"list", "dispute"} == {str(o.calls[0].face) for o in options} | {
        str(o.calls[1].face) for o in options}
    face = next(f for f in faces if f not in ("list", "dispute"))
    ordinals = completions("call", f"{face} ", options, call.hand(5))
    assert ordinals and set(ordinals) <= {"1", "2", "3"}

    reveal = Game.new(seed=1)
    while (pending := reveal.pending()) is not None and not any(
            a.type == "reveal" for a in reveal.legal_actions()):
        reveal.apply(Action.skip(pending.seat))
    assert pending is not None
    words = completions("reveal", "", reveal.legal_actions(), [])
    assert "skip" in words and any(w[:-1] == "3" for w in words)
    assert completions("reveal", "3H ", reveal.legal_actions(), []) == []


# -- the 80 x 24 screen ------------------------------------------------------------------------


class Typist(io.StringIO):
    """An input stream that answers each question with its hint, read from the output."""

    def __init__(self, out: io.StringIO, extra: dict[int, str] | None = None,
                 stop_after: int | None = None) -> None:
        super().__init__()
        self.out, self.asked, self.extra = out, 0, extra or {}
        self.stop_after = stop_after

    def readline(self, size: int | None = -1) -> str:
        self.asked += 1
        if self.stop_after is not None and self.asked > self.stop_after:
            return ""
        if self.asked in self.extra:
            return self.extra.pop(self.asked) + "\n"
        hints = [line for line in self.out.getvalue().splitlines()
                 if line.startswith("hint: ")]
        return hint_answer(hints[-1][len("hint: "):]) + "\n"


def test_every_question_fits_an_80_by_24_terminal() -> None:
    """Over a whole hand at every seat's chair: from the status line to the prompt, each
    question's screen (status, question, first page of choices, hint, prompt) is at most 24
    rows, and no line is wider than 80 columns."""
    screens = 0
    for seed, seat in ((1, 5), (2, 0), (3, 3)):
        out = io.StringIO()
        parser = argparse.ArgumentParser()
        play_mod.add_arguments(parser)
        args = parser.parse_args(["--seed", str(seed), "--seat", str(seat), "--hands", "1"])
        assert play_mod.run(args, out, Typist(out)) == 0
        text = out.getvalue()
        assert "Hand over:" in text and "refused" not in text
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= WIDTH
        status = None
        for number, line in enumerate(lines):
            if line == "-" * WIDTH:
                status = number
            elif line.startswith("> ") and status is not None:
                assert number - status + 1 <= SCREEN_ROWS, "\n".join(
                    lines[status:number + 1])
                screens += 1
                status = None
    assert screens > 50


def test_list_pages_through_every_choice() -> None:
    """A lead of a 26-card hand has hundreds of choices: the first page fits the screen,
    and 'list' shows the following pages, all numbers in turn."""
    out = io.StringIO()
    parser = argparse.ArgumentParser()
    play_mod.add_arguments(parser)
    args = parser.parse_args(["--seed", "1", "--seat", "5", "--hands", "1", "--no-hints"])
    answers = "1\n1\n1\n" + "list\n" * 40
    play_mod.run(args, out, io.StringIO(answers))
    text = out.getvalue()
    lead = text[text.index("Your play"):]
    numbers = [int(m.group(1)) for line in lead.splitlines()
               if (m := re.match(r" *(\d+)\. ", line))]
    total = int(lead.split(" is taken)")[0].rsplit("up to ", 1)[1])
    assert total > 100
    assert numbers[:total] == list(range(1, total + 1))  # every choice, in order


# -- resume and dispute in the game ------------------------------------------------------------


def test_quit_then_resume_plays_the_same_game(tmp_path: Path) -> None:
    """Quitting mid-hand (Ctrl-D) and resuming from the log gives the log of a game played
    in one go: the same decisions, the same refusals, the same end."""
    argv = ["--seed", "2", "--seat", "1", "--hands", "1"]
    whole_log, part_log = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    out = io.StringIO()
    parser = argparse.ArgumentParser()
    play_mod.add_arguments(parser)
    wrong = {4: "ZZ"}  # one refused answer on the way
    assert play_mod.run(parser.parse_args([*argv, "--log", str(whole_log)]), out,
                        Typist(out, dict(wrong))) == 0
    out = io.StringIO()
    assert play_mod.run(parser.parse_args([*argv, "--log", str(part_log)]), out,
                        Typist(out, dict(wrong), stop_after=7)) == 0
    assert out.getvalue().splitlines()[-1] == f"  fivetenk play --resume {part_log}"
    kept = read_log(part_log)
    assert kept[-1]["record"] != "end"
    out = io.StringIO()
    assert play_mod.run(parser.parse_args(["--resume", str(part_log)]), out,
                        Typist(out)) == 0
    text = out.getvalue()
    assert "Resumed " in " ".join(text.split()) and "replayed" in text and "Hand over:" in text
    assert read_log(part_log) == read_log(whole_log)


def test_resume_refuses_what_it_cannot_go_on_with(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    parser = argparse.ArgumentParser()
    play_mod.add_arguments(parser)
    play_mod.run(parser.parse_args(["--seed", "1", "--seat", "5", "--log", str(log)]),
                 io.StringIO(), io.StringIO("1\n1\n1\n"))
    capsys.readouterr()
    # settings come from the log
    assert play_mod.run(parser.parse_args(["--resume", str(log), "--seed", "3"]),
                        io.StringIO(), io.StringIO()) == 2
    assert "drop --seed" in capsys.readouterr().err
    # a logged decision the engine refuses: named by its line; the log is left alone
    lines = log.read_text(encoding="utf-8").splitlines()
    user = [i for i, line in enumerate(lines) if '"by":"user"' in line and '"bury"' in line]
    tampered = json.loads(lines[user[0]])
    tampered["action"]["cards"] = ["BJ"] * 6
    lines[user[0]] = json.dumps(tampered)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = log.read_bytes()
    assert play_mod.run(parser.parse_args(["--resume", str(log)]), io.StringIO(),
                        io.StringIO("")) == 2
    err = capsys.readouterr().err
    assert f"{log}:{user[0] + 1}: decision " in err and "refused by the engine" in err
    assert "Traceback" not in err and log.read_bytes() == before
    # a finished game, a file that is no log, a missing file
    done = tmp_path / "done.jsonl"
    play_mod.run(parser.parse_args(["--auto", "--hands", "1", "--log", str(done)]),
                 io.StringIO(), io.StringIO())
    assert play_mod.run(parser.parse_args(["--resume", str(done)]), io.StringIO(),
                        io.StringIO()) == 2
    assert "this game is over" in capsys.readouterr().err
    junk = tmp_path / "junk.jsonl"
    junk.write_text("{not json\n", encoding="utf-8")
    assert play_mod.run(parser.parse_args(["--resume", str(junk)]), io.StringIO(),
                        io.StringIO()) == 2
    assert f"{junk}:1: is not a JSON object" in capsys.readouterr().err
    assert play_mod.run(parser.parse_args(["--resume", str(tmp_path / "none")]),
                        io.StringIO(), io.StringIO()) == 2
    assert "none: cannot read: No such file or directory" in capsys.readouterr().err
    # a FIFO would block: refused from its stat, before it is opened
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert play_mod.run(parser.parse_args(["--resume", str(fifo)]), io.StringIO(),
                        io.StringIO()) == 2
    assert f"{fifo}: cannot read: a FIFO (named pipe), not a regular file" in \
        capsys.readouterr().err
    assert play_mod.run(parser.parse_args(["--log", str(fifo)]), io.StringIO(),
                        io.StringIO()) == 2
    assert f"cannot write the log {fifo}: not a regular file" in capsys.readouterr().err
    assert play_mod.run(parser.parse_args(["--log", str(tmp_path)]), io.StringIO(),
                        io.StringIO()) == 2
    assert f"cannot write the log {tmp_path}: a folder" in capsys.readouterr().err
    # blank lines before the game record are allowed; a game record without a seat is not
    log.write_bytes(b"\n\n" + before)
    code = play_mod.run(parser.parse_args(["--resume", str(log)]), io.StringIO(),
                        io.StringIO(""))
    assert "refused by the engine" in capsys.readouterr().err and code == 2
    game, _, rest = before.partition(b"\n")
    record = json.loads(game)
    del record["seat"]
    log.write_bytes(b"\n" + json.dumps(record).encode() + b"\n" + rest)
    assert play_mod.run(parser.parse_args(["--resume", str(log)]), io.StringIO(),
                        io.StringIO("")) == 2
    err = capsys.readouterr().err
    assert f"{log}:2: the game record needs seat, 0-5" in err and "Traceback" not in err


def test_dispute_key_writes_a_case_that_passes(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``dispute`` at a question writes the last decision taken (or ``dispute N PATH``
    decision N) as a scenario that ``fivetenk check`` passes; an existing file is kept."""
    from fivetenk.cli import main

    monkeypatch.chdir(tmp_path)
    answers = "1\n1\n1\ndispute\ndispute\ndispute 2 second.feature\ndispute 999\n"
    _, text = play(["--seed", "1", "--seat", "5", "--hands", "1"], answers)
    last = int(text.split("> dispute\n", 1)[0].rsplit("\n#", 1)[1].split(" ")[0])
    first = tmp_path / f"dispute-1-{last}.feature"
    assert f"decision {last} written to {first.name}" in text
    assert f"dispute: {first.name} exists" in text  # the second 'dispute' keeps it
    assert "decision 2 written to second.feature" in text
    assert "N from 1 to" in text  # 999 is no decision
    assert "not logged" in first.read_text(encoding="utf-8").splitlines()[0]
    # one check of both files (exit 1 if a scenario of either fails): one load of the kit
    second = tmp_path / "second.feature"
    assert main(["check", "--only-paths", str(first), str(second), "--quiet",
                 "--no-progress"]) == 0


# -- the practising guide's screen capture ------------------------------------------------


def guide_capture() -> tuple[list[str], list[str], list[str]]:
    """docs/practising.md's capture: its command's arguments, the answers given before the
    captured part (from the comment above it) and the captured lines."""
    guide = (ROOT / "docs" / "practising.md").read_text(
        encoding="utf-8")
    match = re.search(r"<!-- capture: fivetenk play (.*?); answered (.*?) before it .*?-->\n"
                      r"```\n(.*?)```", guide, re.S)
    assert match, "docs/practising.md has no '<!-- capture: fivetenk play ...' block"
    before = [a.strip() for a in match.group(2).split(",")]
    return match.group(1).split(), before, match.group(3).splitlines()


def test_the_guides_capture_is_what_play_prints() -> None:
    """The capture in docs/practising.md is a contiguous piece of what the command prints
    for those answers (the answers are its lines after ``> ``), so it cannot go stale."""
    argv, before, captured = guide_capture()
    answers = before + [line[2:] for line in captured if line.startswith("> ")]
    _, text = play(argv, "".join(a + "\n" for a in answers))
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line == captured[0]]
    assert any(lines[i:i + len(captured)] == captured for i in starts), (
        "docs/practising.md's capture is stale; the command now prints:\n" + text)
    assert len(captured) <= 40 and any("refused: " in line for line in captured)
    status = captured.index("-" * WIDTH)
    prompt = next(i for i, line in enumerate(captured) if line.startswith("> "))
    assert prompt - status + 1 <= SCREEN_ROWS  # one whole screen is shown


def test_hostile_answers_are_refused_and_the_game_goes_on() -> None:
    """A pasted flood is refused unread (and its echo cut to the width); bytes that are not
    UTF-8 are an unknown card, refused with R01.1; the game then goes on. Run as a process,
    so that it is the real standard input, decoded strictly in a UTF-8 locale."""
    answers = b"1\n1\n1\n" + b"7H " * 100_000 + b"\n\xff\xfe bad\n4H 4S\n"
    done = subprocess.run(
        [sys.executable, "-m", "fivetenk.cli", "play", "--seed", "1", "--seat", "5",
         "--hands", "1"], input=answers, capture_output=True, timeout=120,
        env={**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": ""})
    text = done.stdout.decode("utf-8")
    assert done.returncode == 0 and "Traceback" not in done.stderr.decode("utf-8", "replace")
    assert "refused: an answer is at most 200 characters, this one has 299999" in text
    assert "refused: unknown card" in text and "[R01.1]" in text
    assert re.search(r"#\d+ you: 4H 4S \(pair 4\)", text)  # the game went on
    assert max(map(len, text.splitlines())) <= 80
    assert len(text) < 20_000


def test_dispute_after_a_refusal_writes_the_refused_answer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Right after a refusal, ``dispute`` writes that answer (its rejection as the Then);
    a refused notation has no action to dispute, said so; once a move is taken, ``dispute``
    is the last move again."""
    from fivetenk.cli import main

    monkeypatch.chdir(tmp_path)
    _, text = play(["--seed", "1", "--seat", "5", "--hands", "1"],
                   "1\n1\n1\n7H 7H\ndispute\nZZ\ndispute\n4H 4S\ndispute\n")
    refused = tmp_path / "dispute-1-refused-1.feature"
    assert f"the refused answer written to {refused.name}" in " ".join(text.split())
    feature = refused.read_text(encoding="utf-8")
    assert "Then the action is rejected citing R13.2" in feature
    assert "`dispute` in `fivetenk play --seed 1 --seat 5` (not logged)" in feature
    assert "dispute: refused answer 2, 'ZZ', names no action" in " ".join(text.split())
    moves = re.findall(r"^#(\d+) ", text.rsplit("> dispute", 1)[0], re.M)
    last = tmp_path / f"dispute-1-{moves[-1]}.feature"  # the last move before it
    assert f"decision {moves[-1]} written to {last.name}" in text
    assert "@id:dispute-1-" + moves[-1] in last.read_text(encoding="utf-8")
    for path in (refused, last):
        assert main(["check", "--only-paths", str(path), "--quiet", "--no-progress"]) == 0


# -- issue 21, item 4: forced answers, the tally, the forms shown -------------------------------


def test_forced_answers_are_logged_as_such_and_replay(tmp_path: Path) -> None:
    """Each decision played for the user is the only legal action then (replayed in the
    engine from the log), marked ``forced`` in the log; a resumed log replays them."""
    log = tmp_path / "g.jsonl"
    out = io.StringIO()
    parser = argparse.ArgumentParser()
    play_mod.add_arguments(parser)
    args = parser.parse_args(["--seed", "3", "--seat", "2", "--hands", "1", "--log", str(log)])
    assert play_mod.run(args, out, Typist(out)) == 0
    records = read_log(log)
    hand = next(r for r in records if r["record"] == "hand")["setup"]["deal"]
    game = Game.new(deck=hand["deck"], first=hand["first"], redeals=hand.get("redeals", ()))
    forced = 0
    for record in records:
        if record["record"] != "decision":
            continue
        if record.get("forced"):
            assert record["by"] == "user"
            assert [a.to_json() for a in game.legal_actions()] == [record["action"]]
            forced += 1
        elif record["by"] == "user" and record["kind"] == "play":
            assert len(game.legal_actions()) > 1
        game.apply(Action.from_json(record["action"]))
    assert forced >= 3
    assert out.getvalue().count("played for you, the only legal answer") == forced


def test_the_tally_is_the_public_captures() -> None:
    """At every decision of a hand the tally's figures are the observation's: the points
    per seat, the banker side's sum, the rest (called the defenders only once both calls
    have resolved) and what is not yet won, out of the 300 (R19.1)."""
    from fivetenk.practice.screen import tally

    game = Game.new(seed=4)
    player = HeuristicPlayer()
    named = 0
    while game.pending() is not None:
        obs = game.observe()
        line = tally(obs)
        captured = obs["captured"]
        if obs["banker"] is not None:
            per_seat = dict(re.findall(r"s(\d) (\d+)", line.split(" | ")[0]))
            assert {int(s): int(p) for s, p in per_seat.items()} == {
                s: p for s, p in enumerate(captured) if p}
            ours = sum(captured[s] for s in obs["banker_side"])
            resolved = all(c["resolved_by"] is not None for c in obs["calls"]) and obs["calls"]
            side = re.search(r"\) (\d+); (?:defenders|the others) (\d+)", line)
            assert side and (int(side.group(1)), int(side.group(2))) == (
                ours, sum(captured) - ours), line
            known = re.search(r"\) \d+; defenders \d+ of the 120", line) is not None
            assert known == bool(resolved), line
            named += known
            assert line.endswith(f"| {300 - sum(captured)} not yet won")
        game.apply(player.choose(game))
    assert named > 10


@pytest.mark.parametrize("typed, expected", [
    ("reveal 3S", ("3S", None)), ("REVEAL 3S", ("3S", None)),
    ("call AD 1 AC 1", ("AD 1 AC 1", None)), ("bury 3D 3H", ("3D 3H", None)),
    ("4H 4S (pair 4)", ("4H 4S", "pair 4")), ("play 4H 4S", ("4H 4S", None)),
    ("pass", ("pass", None))])
def test_the_forms_shown_are_read(typed: str, expected: tuple[str, str | None]) -> None:
    kind = {"r": "reveal", "c": "call", "b": "bury"}.get(typed[0].lower(), "play")
    assert shown_form(kind, typed) == expected


def test_a_declared_reading_that_is_not_the_cards_is_refused() -> None:
    """``4H 4S (triple 4)`` names a reading the cards do not have: refused (R03.1)."""
    _, text = play(["--seed", "1", "--seat", "5", "--hands", "1"],
                   "1\n1\n1\n4H 4S (triple 4)\n")
    assert "refused: " in text and "[R03.1]" in text


def test_a_think_time_out_of_bounds_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for think in ("0", "-1", "601"):
        code, text = play(["--seed", "1", "--think", think])
        assert code == 2 and text == ""
        assert "--think must be above 0 and at most 600" in capsys.readouterr().err


# -- issue 34, item 2: the table's commands ----------------------------------------------------
def _decisions(path: Path) -> list[tuple[int, int, str, Any]]:
    from fivetenk.practice.dispute import read_log as read_game_log
    return [(d.n, d.seat, d.kind, d.action) for d in read_game_log(path).decisions]


def test_undo_takes_back_your_decision_and_the_moves_after_it(tmp_path: Path) -> None:
    """Seat 1 answers each question with its hint, typing ``undo`` twice on the way: each
    takes back its last decision and the computer moves after it, is logged as an undo
    record, and the game then goes on as one played without undo (the same decisions, read
    from the log as ``fivetenk dispute`` and ``--resume`` read it). Quitting after an undo
    and resuming replays it and keeps the undo records."""
    argv = ["--seed", "2", "--seat", "1", "--hands", "1"]
    whole, undone, part = (tmp_path / f"{n}.jsonl" for n in ("whole", "undone", "part"))
    parser = argparse.ArgumentParser()
    play_mod.add_arguments(parser)
    out = io.StringIO()
    assert play_mod.run(parser.parse_args([*argv, "--log", str(whole)]), out,
                        Typist(out)) == 0
    extra = {1: "undo", 6: "undo", 9: "undo"}
    out = io.StringIO()
    assert play_mod.run(parser.parse_args([*argv, "--log", str(undone)]), out,
                        Typist(out, dict(extra))) == 0
    text = out.getvalue()
    assert "undo: none of your decisions in this hand to take back" in text
    assert text.count("undo: back to your question before move #") == 2
    undos = [r for r in read_log(undone) if r["record"] == "undo"]
    assert len(undos) == 2 and all(u["undone"] for u in undos)
    assert any(r["record"] == "decision" for r in undos[0]["undone"])
    assert _decisions(undone) == _decisions(whole)
    assert sum(r["record"] == "decision" for r in read_log(undone)) > len(_decisions(whole))
    out = io.StringIO()
    assert play_mod.run(parser.parse_args([*argv, "--log", str(part)]), out,
                        Typist(out, dict(extra), stop_after=10)) == 0
    out = io.StringIO()
    assert play_mod.run(parser.parse_args(["--resume", str(part)]), out, Typist(out)) == 0
    assert "Hand over:" in out.getvalue()
    assert _decisions(part) == _decisions(whole)
    assert [r for r in read_log(part) if r["record"] == "undo"] == undos


def test_help_hint_history_and_score_at_the_table() -> None:
    """``help`` lists the commands (no longer "unknown card 'HELP'"), ``hint`` gives the
    suggestion, ``history`` the tricks so far with their winners, ``score`` the points and
    the levels; a word that is no card nor command gets a helpful line, not a refusal."""
    answers = "1\n1\n1\nHELP\nhint\n4H 4S\npass\nhistory\nscore\nplease\n"
    _, text = play(["--seed", "1", "--seat", "5", "--hands", "1"], answers)
    assert "unknown card 'HELP'" not in text
    assert "  undo " in text and "  history " in text and "  score " in text
    after = text.split("> hint\n")[1]
    assert after.startswith("hint: 4H 4S (pair 4)")
    history = text.split("> history\n")[1].split("Your play")[0]
    assert history.startswith(" 1. you 4H 4S (pair 4), s0 6C 6S (pair 6)")
    assert history.rstrip().endswith("(being played)")
    score = text.split("> score\n")[1].splitlines()
    assert score[0].startswith("points captured:")
    assert any(line.startswith("levels, hand 1 (being played): 3 3 3 3 3 3")
               for line in score[:4])
    assert "'please' is not a card or a command: type help" in text
    assert "refused: unknown card 'PLEASE'" not in text
    out = io.StringIO()  # later in the hand: the tricks won, with their points
    parser = argparse.ArgumentParser()
    play_mod.add_arguments(parser)
    play_mod.run(parser.parse_args(["--seed", "1", "--seat", "5", "--hands", "1"]), out,
                 Typist(out, {12: "history"}, stop_after=12))
    listed = " ".join(out.getvalue().split("> history\n")[1].split("Your play")[0].split())
    assert re.match(r"1\. you 4H 4S \(pair 4\), .*? -> seat \d \(\d+ pts\) 2\. ", listed), \
        listed


def test_the_spanish_table() -> None:
    """``--lang es``: the table's words in Spanish, the cards and answers as they are."""
    _, text = play(["--seed", "1", "--seat", "5", "--hands", "1", "--lang", "es"],
                   "1\n1\n1\nhelp\n4H 4S\n")
    assert "== Mano 1; niveles 3 3 3 3 3 3 (el asiento 5 eres tú)" in text
    assert "Tu jugada (R13.1-R13.2):" in text and "pista: 4H 4S (pair 4)" in text
    assert "En una pregunta, escribe:" in text and "deshace tu última decisión" in text
    assert "#4 tú: 4H 4S (pair 4)" in text
    assert "tu mano (26):" in text and "llamadas: AD 1 (0 jugadas)" in text
    assert "puntos ganados: ninguno aún | lado de la banca por ahora (s5) 0" in text
    for english in ("Your play", "your hand", "calls:", "points captured", "seats:"):
        assert english not in text, english
    _, auto = play(["--seed", "1", "--seat", "5", "--hands", "1", "--lang", "es", "--auto"])
    for spanish in ("el asiento 4 se revela como compañero (R11.4)", "Fin de la mano: ",
                    "(1.º en salir, R16.1)", "ganan: los defensores (asientos 0, 1, 2, 3), "
                    "suben 1 nivel (R22.1)", "Fin tras 1 mano; niveles 4 4 4 4 3 3."):
        assert spanish in auto, spanish
    assert "Hand over" not in auto and "winners:" not in auto
    assert text.splitlines()[-1] == "  fivetenk play --seed 1 --seat 5 --lang es"
    assert "Fin de la entrada: salida." in text and "variantes: las de siempre" in text


@pytest.mark.parametrize("to", [-1, "3", 999, 0])
def test_an_undo_record_out_of_its_hand_is_refused_at_its_line(tmp_path: Path,
                                                                to: Any) -> None:
    """An undo record whose ``to`` is no count of decisions of its hand (negative, not a
    number, beyond the decisions logged, before the hand's first decision when the hand
    is not the first) is refused with the file and line, by dispute and by --resume."""
    from fivetenk.practice.dispute import DisputeError
    from fivetenk.practice.dispute import read_log as read_game_log
    log = tmp_path / "game.jsonl"
    play(["--auto", "--seed", "1", "--hands", "2", "--log", str(log)])
    lines = log.read_text(encoding="utf-8").splitlines()
    second = max(i for i, line in enumerate(lines) if '"record":"hand"' in line)
    cut = [*lines[:second + 3], json.dumps({"record": "undo", "hand": 2, "to": to,
                                            "undone": []})]
    log.write_text("\n".join(cut) + "\n", encoding="utf-8")
    with pytest.raises(DisputeError, match=rf"game.jsonl:{len(cut)}: an undo record needs "
                                           r"to, the decisions kept \(\d+ to \d+"):
        read_game_log(log)
    code, _ = play(["--resume", str(log)])
    assert code == 2
    assert log.read_text(encoding="utf-8").splitlines() == cut  # left as it was
