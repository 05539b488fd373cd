"""``fivetenk play`` in a real pseudo terminal (80 x 24), as a person meets it: readline's
line editing and Tab completion, ``?``, a refused answer, Ctrl-D and Ctrl-C, and a whole
hand typed at the keyboard. The stream-driven tests (tests/practice/test_play.py) cover the logic;
these cover the terminal: the process is started as a person would start it, with the
terminal as its stdin, stdout and controlling terminal (so Ctrl-C is a real SIGINT).

The driver is the standard library's :mod:`pty` and :mod:`select` (no pexpect: forty lines
do not earn a dependency)."""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers import hint_answer, play

from fivetenk import cli

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|[\x01\x02\x07]")
"""Terminal control sequences readline and the colours write (and the bell)."""
TIMEOUT = 120.0
"""Seconds to wait for an expected text; a hang fails the test, it never blocks CI."""


class Terminal:
    """A command running on a pseudo terminal of ``rows`` x ``columns``."""

    def __init__(self, argv: list[str], cwd: Path, rows: int = 24, columns: int = 80,
                 env: dict[str, str] | None = None) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

        def controlling_terminal() -> None:  # the child's own session, on this terminal
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, close_fds=True,
            start_new_session=True, preexec_fn=controlling_terminal,
            env={**os.environ, "TERM": "xterm", **(env or {})})
        os.close(slave)
        self.seen = ""  # everything written so far, control sequences removed
        self.raw = b""
        self.mark = 0  # where the next expect() starts looking

    def read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the child closed the terminal
            return False
        if not data:
            return False
        self.raw += data
        self.seen = ESCAPES.sub("", self.raw.decode("utf-8", "replace")).replace("\r", "")
        return True

    def expect(self, text: str | re.Pattern[str], timeout: float = TIMEOUT) -> str:
        """Wait for ``text`` after the last match; the output up to the end of it."""
        deadline = time.monotonic() + timeout
        while True:
            found = (self.seen.find(text, self.mark) if isinstance(text, str) else
                     (m.end() - len(m.group(0)) if (m := text.search(self.seen, self.mark))
                      else -1))
            if found >= 0:
                end = found + (len(text) if isinstance(text, str) else len(m.group(0)))
                chunk, self.mark = self.seen[self.mark:end], end
                return chunk
            if time.monotonic() > deadline or (not self.read(0.2)
                                               and self.process.poll() is not None
                                               and not self.read(0.2)):
                pytest.fail(f"waited for {text!r}; the terminal shows:\n{self.seen[-2000:]}")

    def reading(self) -> None:
        """Wait until readline is reading a line: it takes the terminal out of canonical
        mode. Keys that must reach readline itself (Tab, Ctrl-C) wait for this, as a
        person's would; sent earlier, a Ctrl-C can land in CPython's short window between
        the prompt and readline's wait, where its signal is only seen at the next key."""
        deadline = time.monotonic() + TIMEOUT
        while termios.tcgetattr(self.master)[3] & termios.ICANON:
            if time.monotonic() > deadline:
                pytest.fail("readline never took the terminal")
            time.sleep(0.01)
        time.sleep(0.05)

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode("utf-8"))

    def finish(self) -> int:
        try:
            code = self.process.wait(TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            while self.read(0.1):
                pass
            os.close(self.master)
        return code


def fivetenk(*args: str) -> list[str]:
    return [sys.executable, "-m", "fivetenk.cli", *args]


Start = Callable[..., Terminal]
"""The fixture `term`: start ``fivetenk ARGS`` on a fresh terminal."""


@pytest.fixture
def term(tmp_path: Path) -> Iterator[Start]:
    started: list[Terminal] = []

    def start(*args: str, env: dict[str, str] | None = None) -> Terminal:
        terminal = Terminal(fivetenk(*args), tmp_path, env=env)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait()


PROMPT = re.compile(r"\n> ")


def test_hint_refusal_completion_and_ctrl_d(term: Start, tmp_path: Path) -> None:
    """Seat 5 of seed 1 reveals, buries and calls by number; at the lead, ``?`` explains,
    a pair it does not hold is refused with R13.2, Tab completes a card, and Ctrl-D on an
    empty line quits with 0, naming the log and the command that resumes it."""
    log = tmp_path / "game.jsonl"  # named relative to the working folder, as people do
    t = term("play", "--seed", "1", "--seat", "5", "--hands", "1", "--log", "game.jsonl")
    for _ in range(3):  # reveal, bury, call: the first choice each
        t.expect(PROMPT)
        t.send("1\r")
    t.expect("Your play (R13.1-R13.2):")
    t.expect(PROMPT)
    t.send("?\r")
    shown = t.expect(PROMPT)
    assert "suggested: " in shown and "why: R24.1" in shown
    t.send("7H 7H\r")
    shown = t.expect(PROMPT)
    assert "does not hold 7H 7H [R13.2]" in " ".join(shown.split())
    # Tab completes from the legal choices: "2" is the start of only one held card, 2D
    t.reading()
    t.send("2\t")
    t.expect("2D")  # only completion can write the D
    t.send("\x15")  # Ctrl-U: readline clears the line
    t.send("\x04")  # Ctrl-D on an empty line: end of input
    end = t.expect("--resume")
    assert "End of input: quit. Nothing is lost" in " ".join(end.split())
    assert t.finish() == 0
    assert "  fivetenk play --resume game.jsonl\n" in t.seen and log.stat().st_size
    assert "Traceback" not in t.seen
    for line in t.seen.splitlines():
        assert len(line) <= 80, line


def test_ctrl_c_quits_with_130_and_keeps_the_log(term: Start, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    t = term("play", "--seed", "1", "--seat", "5", "--log", str(log))
    t.expect(PROMPT)
    t.reading()
    t.send("\x03")  # Ctrl-C: SIGINT from the terminal
    try:
        t.expect("--resume", timeout=5)
    except pytest.fail.Exception:  # the window reading() explains: a person presses again
        t.send("\x03")
        t.expect("--resume")
    assert t.finish() == 130
    assert "Interrupted: quit." in t.seen and "Traceback" not in t.seen
    assert log.read_text(encoding="utf-8").startswith('{"record":"game"')


def test_a_whole_hand_typed_at_the_terminal(term: Start, tmp_path: Path) -> None:
    """Answering every question with its hint, typed as card notation, plays the hand to
    its settlement; the one reply of the hand where passing is legal is typed as ``pa``
    and Tab; colours are on (a terminal, no NO_COLOR) and every line fits 80 columns."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    t = term("play", "--seed", "6", "--seat", "0", "--hands", "1", env=env)
    completed = False
    while True:
        chunk = t.expect(re.compile(r"\n> |Stopped after 1 hand"))
        if chunk.endswith("Stopped after 1 hand"):
            break
        hint = [line for line in chunk.splitlines() if line.startswith("hint: ")][-1]
        answer = hint_answer(hint[len("hint: "):])
        if not completed and answer == "pass":
            t.send("pa\t\r")
            completed = True
        else:
            t.send(answer + "\r")
    assert t.finish() == 0
    assert completed, "no reply where the hint was to pass"
    assert "Hand over:" in t.seen and "refused" not in t.seen
    assert b"\x1b[1m" in t.raw  # bold on a terminal
    assert re.search(r"#\d+ you: pass", t.seen)
    for line in t.seen.splitlines():
        assert len(line) <= 80, line


# -- the frictions of issue 21, item 4 ---------------------------------------------------------


def test_the_forms_shown_are_accepted_as_typed(term: Start) -> None:
    """The choices show ``reveal 3S``, ``call AD 1 AC 1`` and ``4H 4S (pair 4)``, the
    hint ``bury ...``: typed as shown, each is taken (Tab completes after the word too)."""
    t = term("play", "--seed", "1", "--seat", "5", "--hands", "1")
    t.expect("1. reveal 3S")
    t.expect(PROMPT)
    t.send("reveal 3S\r")
    t.expect("#1 you: reveal 3S")
    t.expect(PROMPT)
    t.send("bury 3D 3H 3S 4C 4H JH\r")
    t.expect("#2 you: bury 3D 3H 3S 4C 4H JH")
    t.expect("1. call AD 1 AC 1")
    t.expect(PROMPT)
    t.send("call AD 1 AC 1\r")
    t.expect("#3 you: call AD 1 AC 1")
    t.expect("10. 4H 4S (pair 4)")
    t.expect(PROMPT)
    t.reading()
    t.send("4H 4S (pair 4)\r")
    t.expect("#4 you: 4H 4S (pair 4)")
    t.expect(PROMPT)
    t.reading()
    t.send("\x04")
    t.expect("End of input")
    assert t.finish() == 0
    assert "refused" not in t.seen and "Traceback" not in t.seen


def _status_tallies(seen: str) -> list[str]:
    return [" ".join(m.group(0).split()) for m in
            re.finditer(r"points captured: .*?not yet won", seen, re.S)]


def test_forced_passes_are_played_and_said_and_the_tally_shows(term: Start) -> None:
    """Seat 2 of seed 3 answering with its hints: each pass that is its only legal answer
    is played for it and said, never asked (no question offers pass alone); the status
    tallies the points against the 120 line."""
    t = term("play", "--seed", "3", "--seat", "2", "--hands", "1")
    while True:
        chunk = t.expect(re.compile(r"\n> |Stopped after 1 hand"))
        if chunk.endswith("Stopped after 1 hand"):
            break
        assert not re.search(r"\n  1\. pass\n(?!  2\.)", chunk), chunk
        hint = [line for line in chunk.splitlines() if line.startswith("hint: ")][-1]
        t.send(hint_answer(hint[len("hint: "):]) + "\r")
    assert t.finish() == 0
    forced = re.findall(r"#\d+ you: pass\n  played for you, the only legal answer: "
                        r"nothing in your hand beats ", t.seen)
    assert forced, t.seen[-3000:]
    assert "(--ask-forced asks)" in t.seen
    tallies = _status_tallies(t.seen)
    assert tallies and any("defenders need 120" in x for x in tallies)
    for line in t.seen.splitlines():
        assert len(line) <= 80, line


def test_ask_forced_keeps_asking(term: Start) -> None:
    t = term("play", "--seed", "3", "--seat", "2", "--hands", "1", "--ask-forced")
    while True:
        chunk = t.expect(re.compile(r"\n> |Stopped after 1 hand"))
        if chunk.endswith("Stopped after 1 hand") or re.search(r"\n  1\. pass\n(?!  2\.)",
                                                                chunk):
            break
        hint = [line for line in chunk.splitlines() if line.startswith("hint: ")][-1]
        t.send(hint_answer(hint[len("hint: "):]) + "\r")
    assert not chunk.endswith("Stopped after 1 hand"), "no forced pass was asked"
    assert "played for you" not in t.seen
    t.reading()
    t.send("\x04")
    t.expect("End of input")
    assert t.finish() == 0


@pytest.mark.slow
def test_without_a_seed_a_fresh_one_is_dealt_and_printed(term: Start) -> None:
    """Two games without --seed are dealt different seeds, each printed with the command
    that plays it again; that command deals the same hand."""
    seen: list[tuple[str, str]] = []
    for _ in range(2):
        t = term("play", "--seat", "3", "--hands", "1")
        head = t.expect("plays it again)")
        seed = re.search(r"seed (\d+); variants", head)
        assert seed and f"`fivetenk play --seed {seed.group(1)} --seat 3`" in " ".join(
            head.split())
        first = t.expect(re.compile(r"your hand \(\d+\):[^\n]*\n[^\n]*\n"))
        seen.append((seed.group(1), first.split("your hand")[1]))
        t.expect(PROMPT)
        t.reading()
        t.send("\x04")
        t.expect("--seed " + seed.group(1))
        assert t.finish() == 0
    assert seen[0][0] != seen[1][0]
    # the command printed, run in process (a third terminal would show nothing more)
    code, again = play(["--seed", seen[0][0], "--seat", "3", "--hands", "1"])
    assert code == 0
    first = re.search(r"your hand \(\d+\):[^\n]*\n[^\n]*\n", again)
    assert first and first.group(0).split("your hand")[1] == seen[0][1]
    assert "fresh deal" not in again


def test_help_reads_as_help(term: Start, monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    """``play --help`` on the terminal; the other practice commands' help in process, at
    the same 80 columns (argparse wraps to ``COLUMNS``, as it does to the terminal's
    width), sparing a process each."""
    t = term("play", "--help")
    assert t.finish() == 0
    text = t.seen
    assert "\nPlay 5,10,K at one seat against five computer players" in text
    for option in ("--seed", "--ask-forced", "--auto", "--log", "--resume"):
        assert option in text
    assert "fivetenk.practice" not in text and "``" not in text
    for line in text.splitlines():
        assert len(line) <= 80, line
    monkeypatch.setenv("COLUMNS", "80")
    for command, first in (("dispute", "Write one decision of a game log as a scenario"),
                           ("simulate", "Play random legal matches")):
        with pytest.raises(SystemExit) as done:
            cli.main([command, "--help"])
        assert done.value.code == 0
        seen = capsys.readouterr().out
        assert f"\n{first}" in seen and "``" not in seen
        assert all(len(line) <= 80 for line in seen.splitlines()), command


@pytest.mark.slow
def test_the_strong_level_and_opponents(term: Start, tmp_path: Path) -> None:
    """``--level strong --opponents strong``: the suggestion at the lead gives how often it
    won the sampled continuations, the strong opponents answer the lead, and the log keeps
    the players (a resume takes them from it and refuses them given again)."""
    t = term("play", "--seed", "1", "--seat", "5", "--hands", "1", "--level", "strong",
             "--opponents", "strong", "--think", "0.01", "--log", "game.jsonl")
    for _ in range(3):  # reveal, bury, call: the first choice each
        t.expect(PROMPT)
        t.send("1\r")
    t.expect("Your play (R13.1-R13.2):")
    t.expect(PROMPT)
    t.send("?\r")
    shown = " ".join(t.expect(PROMPT).split())
    # at --think 0.01 a search plays its least worlds: the count, no win rate (issue 34)
    assert re.search(r"why: R24\.1[^:]*: \d+ sampled continuations, too few to show win "
                     r"rates \(at least \d+\)", shown), shown
    t.send("4H 4S\r")
    t.expect("#5 seat 0: ")
    t.expect(PROMPT)
    t.reading()
    t.send("\x04")
    t.expect("--resume")
    assert t.finish() == 0 and "Traceback" not in t.seen
    first = json.loads((tmp_path / "game.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert (first["level"], first["opponents"], first["think"]) == ("strong", "strong", 0.01)
    again = term("play", "--resume", "game.jsonl", "--level", "heuristic")
    assert again.finish() == 2
    assert "drop --level" in again.seen


def test_the_table_commands_at_the_terminal(term: Start, tmp_path: Path) -> None:
    """At the keyboard (issue 34): ``help`` lists the commands, ``undo`` at the lead takes
    back the call and asks it again, ``history`` and ``score`` answer, and the log keeps
    the undo; every line fits 80 columns."""
    t = term("play", "--seed", "1", "--seat", "5", "--hands", "1", "--log", "game.jsonl")
    for _ in range(3):  # reveal, bury, call: the first choice each
        t.expect(PROMPT)
        t.send("1\r")
    t.expect("Your play (R13.1-R13.2):")
    t.expect(PROMPT)
    t.send("help\r")
    shown = " ".join(t.expect(PROMPT).split())
    assert "undo take back your last decision" in shown and "unknown card" not in shown
    t.send("undo\r")
    shown = " ".join(t.expect(PROMPT).split())
    assert "undo: back to your question before move #3 (1 move taken back" in shown
    assert "Call two partners (R11.1)" in shown
    t.send("1\r")
    t.expect("Your play (R13.1-R13.2):")
    t.expect(PROMPT)
    t.send("score\r")
    assert "levels, hand 1 (being played): 3 3 3 3 3 3" in t.expect(PROMPT)
    t.send("history\r")
    assert "no trick played yet" in t.expect(PROMPT)
    t.reading()
    t.send("\x04")
    t.expect("--resume")
    assert t.finish() == 0 and "Traceback" not in t.seen
    records = [json.loads(line) for line in
               (tmp_path / "game.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["to"] for r in records if r["record"] == "undo"] == [2]
    assert all(len(line) <= 80 for line in t.seen.splitlines())
