"""Issue 18: the files the later commands read (the ``--report`` of ``fivetenk book``,
the game logs of ``fivetenk dispute`` and ``fivetenk play --resume``) are held to "What the
kit guarantees": read like every file the user names (a regular file, a size bound,
strict JSON), every fault exit 2 naming the file and line, never a traceback or a hang,
nothing partly written and nothing overwritten. The faults of a process (a FIFO that
would block, a link to ``/dev/zero`` that never ends) are tried on real processes; the
rest also with reports and logs Hypothesis makes hostile (truncated, forged, escaped,
deep, huge)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from helpers import run_cli
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from fivetenk.suite import catalog

HOSTILE = settings(max_examples=60, derandomize=True, deadline=None, database=None)
"""Few examples: each one is a whole command (the suite takes minutes already)."""

RUN = {"record": "run", "implementation": "x", "capabilities": [], "shapes": [],
       "variants": {}, "warnings": []}
RECORD = {"record": "scenario", "id": "R05-001", "name": "five threes", "rule": "R05",
          "clauses": ["R05.2"], "rulings": ["D11"], "status": "failed",
          "location": "R05.feature:8", "message": "beats: expected true, observed false",
          "request": "beats: 3H 3S 3D 3C 3H on AH AS AD AC",
          "context": {"sent": {"op": "beats"}, "received": {"beats": False}},
          "differences": [{"path": "beats", "how": "expect", "expected": True,
                           "observed": False, "absent": False, "text": "beats"}]}
REPORT = (json.dumps(RUN) + "\n" + json.dumps(RECORD) + "\n"
          + json.dumps({**RECORD, "id": "R05-002", "status": "passed"}) + "\n")
"""A small report as ``fivetenk check --jsonl`` writes it (a run line, two scenarios)."""


def fivetenk(*args: str | Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``fivetenk ARGS`` as a real process (the time limit only guards against a hang:
    the command answers at once or not at all)."""
    return subprocess.run([sys.executable, "-m", "fivetenk.cli", *map(str, args)],
                          input=stdin, capture_output=True, text=True, timeout=300)


def refused_at(done: subprocess.CompletedProcess[str] | tuple[int, str, str],
               where: str, *says: str) -> str:
    """Exit 2, no traceback, ``where`` (FILE or FILE:LINE) and every ``says`` in the
    message; the message."""
    code, err = ((done.returncode, done.stderr) if isinstance(done, subprocess.CompletedProcess)
                 else (done[0], done[2]))
    assert code == 2, err
    assert "Traceback" not in err, err
    assert f"{where}: " in err, (where, err)
    for fragment in says:
        assert fragment in err, (fragment, err)
    return err


# ---------------------------------------------------------------------------------------------
# fivetenk book --report
# ---------------------------------------------------------------------------------------------


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _huge(path: Path) -> None:
    with open(path, "wb") as handle:  # sparse: refused by its size, never read
        handle.truncate(32 * 1024 * 1024 + 1)


def _text(content: str | bytes) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return write


FIRST = json.dumps(RUN) + "\n"
BAD_REPORTS: dict[str, tuple[Callable[[Path], None], str, str]] = {
    # name: (how the file is made, where the error is, what it says)
    "FIFO": (_fifo, "", "a FIFO (named pipe), not a regular file"),
    "link to /dev/zero": (_zero, "", "a character device, not a regular file"),
    "over the size bound": (_huge, "", "larger than 32 MiB"),
    "100,000 [": (_text(FIRST + "[" * 100_000 + "\n"), ":2", "nested deeper than 64 levels"),
    "lone surrogate in an id": (_text(FIRST + json.dumps(RECORD).replace(
        '"R05-001"', '"\\ud800"') + "\n"), ":2", "a lone surrogate"),
    "huge number": (_text(FIRST + json.dumps({**RECORD, "n": 10**60}) + "\n"), ":2",
                    "out of range"),
    "NaN": (_text(FIRST + json.dumps(RECORD).replace("true", "NaN") + "\n"), ":2",
            "NaN and Infinity are not allowed"),
    "duplicate key": (_text(FIRST + json.dumps(RECORD)[:-1] + ', "id": "x"}\n'), ":2",
                      "duplicate key"),
    "NUL byte": (_text(FIRST.encode() + b'{"record": "\x00"}\n'), ":2", "a NUL byte"),
    "not UTF-8": (_text(FIRST.encode() + b"\xff\n"), ":2", "not UTF-8"),
    "a line over 4 MiB": (_text(FIRST + json.dumps({**RECORD, "message": "m" * 2**22}) + "\n"),
                          ":2", "more than the 4 MiB a record may take"),
}


PROCESS_FAULTS = ("FIFO", "link to /dev/zero")
"""The faults that would stop a process (a FIFO blocks the open, ``/dev/zero`` never
ends): tried on a real process, which the time limit of :func:`fivetenk` bounds; the
others are tried in process (the same ``cli.main``, without a process's start-up)."""


@pytest.mark.parametrize("name", list(BAD_REPORTS))
def test_a_report_is_read_like_every_file_the_user_names(name: str, tmp_path: Path) -> None:
    """``fivetenk book`` (a real process for :data:`PROCESS_FAULTS`): each fault is exit 2
    with the file (and line), at once (a FIFO would block the open, ``/dev/zero`` never end,
    100,000 ``[`` overflow a recursive parser, a lone surrogate fail when the page is
    written); nothing is written."""
    make, line, says = BAD_REPORTS[name]
    path = tmp_path / "report.jsonl"
    make(path)
    out = tmp_path / "book"
    args = ["book", "--out", str(out), "--report", f"mine={path}"]
    refused_at(fivetenk(*args) if name in PROCESS_FAULTS else run_cli(args), f"{path}{line}",
               says)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.jsonl"]


def test_a_report_name_that_cannot_be_shown_is_refused(tmp_path: Path) -> None:
    """A report's name becomes a column heading: undecodable bytes (a lone surrogate once
    decoded) or a bidirectional override are refused, not written."""
    path = tmp_path / "report.jsonl"
    path.write_text(REPORT, encoding="utf-8")
    for name in ("\udcff", "a\u202eb"):
        code, _, err = run_cli(["book", "--out", str(tmp_path / "book"),
                                "--report", f"{name}={path}"])
        assert code == 2 and "a report's name is 1 to 60 printable characters" in err
    assert not (tmp_path / "book").exists()


def _deep(levels: int) -> Any:
    value: Any = []
    for _ in range(levels):
        value = [value]
    return value


ODD_VALUES = ["\x1b[2J", "\u202eevil", "\ud800", "a\nScenario: b", 10**30, float("nan"),
              _deep(70), [None] * 10_001]
"""Values a hostile report puts in a field (json.dumps writes them: ``NaN``, a ``\ud800``
escape, 70 levels of nesting, a list too long)."""
SHOWN = ["id", "name", "message", "location", "request", "clauses", "context", "extra"]
"""Fields of a failed scenario record (most of them shown on its failures page)."""
RAW = [b"[" * 5000, b"1" + b"0" * 5000, b"NaN", b"\x00", b"\xff", b"\x1b[2J", b"\n{}\n",
       "\ud800".encode("utf-8", "surrogatepass")]
"""Bytes a hostile report holds raw (``\xff`` and an encoded surrogate are not UTF-8)."""


@st.composite
def hostile_reports(draw: st.DrawFn) -> bytes:
    """A good report made hostile one way: a hostile value in a field of its failed
    record; raw bytes where a value starts; cut at any byte; or forged (records out of
    order, one twice, a status it cannot have)."""
    records = [dict(RUN), dict(RECORD), {**RECORD, "id": "R05-002", "status": "passed"}]
    how = draw(st.sampled_from(["value", "raw", "cut", "forged"]))
    if how == "value":
        records[1][draw(st.sampled_from(SHOWN))] = draw(st.sampled_from(ODD_VALUES))
    elif how == "forged":
        forged = draw(st.sampled_from(["order", "twice", "status", "record"]))
        if forged == "order":
            records.reverse()
        elif forged == "twice":
            records[2]["id"] = records[1]["id"]
        else:
            records[1][forged] = draw(st.sampled_from(["exploded", "run", "", "stale"]))
    data = "".join(json.dumps(r) + "\n" for r in records).encode("utf-8", "surrogatepass")
    if how == "cut":
        return data[:draw(st.integers(0, len(data)))]
    if how == "raw":  # just after a colon: where a value starts
        starts = [i + 1 for i in range(len(data)) if data[i:i + 1] == b":"]
        at = draw(st.sampled_from(starts))
        return data[:at] + draw(st.sampled_from(RAW)) + data[at:]
    return data


REPORTED = [s for s in catalog.shipped() if s.id in ("R05-001", "R05-002")]
"""The scenarios the report's records name: the book of each example is built with these
alone. What a report says reaches the index, the matrix, the failures page and the pages
of the scenarios it names; the other 1,100 scenarios, which it does not name, made each
build six times longer (a whole book per example; one is built whole, with a hostile
report, by tests/book/test_book.py)."""


@pytest.mark.slow
@settings(HOSTILE, max_examples=30)  # a report that builds costs a book
@given(data=hostile_reports())
def test_hostile_reports_build_or_are_refused_with_their_line(
        tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    """Whatever is done to a report, ``fivetenk book`` either builds (and nothing the
    report says reaches a page raw) or refuses it, exit 2, naming the file and a line of
    it, with nothing written; never a traceback."""
    folder = tmp_path_factory.mktemp("report")
    path = folder / "report.jsonl"
    path.write_bytes(data)
    out = folder / "book"
    with mock.patch("fivetenk.suite.catalog.shipped", lambda: REPORTED):
        code, _, err = run_cli(["book", "--out", str(out), "--report", f"mine={path}"])
    assert code in (0, 2), err
    assert "Traceback" not in err
    if code == 2:
        lines = max(1, data.count(b"\n") + (not data.endswith(b"\n")))
        assert any(f"{path}:{n}: " in err for n in range(1, lines + 1)), err
        assert not out.exists() and sorted(p.name for p in folder.iterdir()) == ["report.jsonl"]
        return
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "\x1b" not in text and "\u202e" not in text, page


# ---------------------------------------------------------------------------------------------
# fivetenk dispute and play --resume: what a log says reaches the console escaped
# ---------------------------------------------------------------------------------------------

ESCAPES = "\x1b[2J\x1b]0;pwned\x07\u202e"


def edited(log: Path, kind: str, **changes: Any) -> Path:
    """``log`` with the first record of ``kind`` changed (a new file beside it)."""
    lines = log.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if json.loads(line)["record"] == kind)
    lines[index] = json.dumps({**json.loads(lines[index]), **changes})
    path = log.with_name(f"edited-{kind}.jsonl")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def refused_log_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A log of ``fivetenk play`` at seat 5 of seed 1 whose one refused answer is 7H 7H
    (played once for the module)."""
    from helpers import refusal_log

    return refusal_log(tmp_path_factory.mktemp("refused"), "1\n1\n1\n7H 7H\n").read_bytes()


@pytest.fixture
def refused_log(tmp_path: Path, refused_log_bytes: bytes) -> Path:
    """That log, a file of the test's own (tests edit it, link it, make it read-only)."""
    path = tmp_path / "refused.jsonl"
    path.write_bytes(refused_log_bytes)
    return path


@pytest.mark.parametrize("answer", [ESCAPES + " 7H 7H", "7H 7H\n  Scenario: injected\n    When x",
                                    "7H 7H\r\n@id:x\n", " " * 300 + "\u2028" * 10])
def test_a_refused_input_is_written_escaped_and_the_case_passes_check(
        refused_log: Path, tmp_path: Path, answer: str) -> None:
    """The refused answer as the user typed it (a log may say anything there): shown
    escaped in the scenario's name, so it cannot reach the console raw or start a step or
    a scenario of its own; the case written passes ``fivetenk check``. Printed in process
    (``cli.main``, as a process runs it), written by a real process."""
    log = edited(refused_log, "refused", input=answer)
    code, printed, err = run_cli(["dispute", str(log), "--refused", "1"])
    assert code == 0, err
    assert "\x1b" not in printed and "\u202e" not in printed
    starts = [line.split()[0] for line in printed.splitlines() if line.strip()]
    assert starts.count("Scenario:") == 1 and "@id:x" not in starts
    out = tmp_path / "case.feature"
    done = fivetenk("dispute", log, "--refused", "1", "--out", out)
    assert done.returncode == 0 and "written" in done.stdout, done.stderr
    assert out.read_text(encoding="utf-8") == printed
    code, report, err = run_cli(["check", "--only-paths", str(out), "-q", "--no-progress"])
    assert code == 0, err
    assert "total                                   1       0       0       0" in report


def test_errors_about_a_log_show_what_it_says_escaped(refused_log: Path) -> None:
    log = edited(refused_log, "refused", action=None, clause=ESCAPES)
    line = 1 + next(i for i, text in enumerate(log.read_text().splitlines())
                    if '"refused"' in text)
    err = refused_at(fivetenk("dispute", log, "--refused", "1"), f"{log}:{line}",
                     "names no action")
    assert "\\x1b[2J\\x1b]0;pwned\\x07\\u202e" in err
    assert "\x1b" not in err and "\u202e" not in err


def test_play_resume_shows_the_logs_kit_escaped(refused_log: Path) -> None:
    log = edited(refused_log, "game", kit=ESCAPES + "9.9")
    done = fivetenk("play", "--resume", log)
    assert done.returncode == 0, done.stderr
    assert "logged by kit \\x1b[2J\\x1b]0;pwned\\x07\\u202e9.9" in " ".join(done.stdout.split())
    assert "\x1b" not in done.stdout + done.stderr and "\u202e" not in done.stdout


def test_a_case_that_would_not_pass_check_is_refused_not_written(refused_log: Path) -> None:
    """The last guard of ``dispute``: the feature is compiled and run on the reference
    engine before it is written; a second scenario, a control character or an outcome the
    engine does not reach is refused at the log's record, saying why."""
    from fivetenk.practice.dispute import (
        DisputeError,
        read_log,
        refusal_feature,
        refusal_scenario,
        verified,
    )

    log = read_log(refused_log)
    good, scenario = refusal_feature(log, 1), refusal_scenario(log, 1)
    line = log.refusals[0].line
    bad = {
        "a second scenario": (good + good[good.index("  @id:"):].replace(
            "@id:dispute-1-refused-1", "@id:x-1").replace("Refused", "Copied"),
            "the scenarios dispute-1-refused-1, x-1"),
        "a step that is no step": (good + "    And x\n", "no Then step matches 'x'"),
        "a control character": (good.replace("Refused answer", "Refused\x1b[2J answer"),
                                "line 11 would hold a control character"),
        "an outcome the engine does not reach": (
            good.replace("is rejected citing R13.2", "is accepted"),
            "the reference engine does not pass it: failed"),
        "another id": (good.replace("@id:dispute-1-refused-1", "@id:other-1"),
                       "not dispute-1-refused-1 alone"),
    }
    for name, (text, says) in bad.items():
        with pytest.raises(DisputeError) as caught:
            verified(text, scenario, f"{refused_log}:{line}")
        message = str(caught.value)
        assert message.startswith(f"{refused_log}:{line}: the scenario written from this "
                                  "record would not pass fivetenk check ("), (name, message)
        assert says in message and "nothing is written" in message, (name, message)
        assert "\x1b" not in message
    assert verified(good, scenario, "x") == good


# ---------------------------------------------------------------------------------------------
# fivetenk play --log / --resume: nothing lost
# ---------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_play_log_never_overwrites_an_earlier_game(tmp_path: Path) -> None:
    """``--log`` names a new file: an existing log (a whole game here) is refused, saying
    how to go on with it, and kept byte for byte; so is a link, and what it points to."""
    from helpers import play

    log = tmp_path / "game.jsonl"  # played in process: the refusals below are processes
    assert play(["--seed", "1", "--auto", "--hands", "1", "--log", str(log)])[0] == 0
    before = log.read_bytes()
    assert before.count(b"\n") > 100
    err = refused_at(fivetenk("play", "--seed", "2", "--auto", "--log", log),
                     f"fivetenk play: the log {log} exists", f"fivetenk play --resume {log}",
                     "give --log another name")
    assert "Traceback" not in err and log.read_bytes() == before
    link = tmp_path / "link.jsonl"
    link.symlink_to(log)
    refused_at(fivetenk("play", "--seed", "2", "--auto", "--log", link),
               f"cannot write the log {link}", "a symbolic link")
    dangling = tmp_path / "dangling.jsonl"
    dangling.symlink_to(tmp_path / "elsewhere.jsonl")
    refused_at(fivetenk("play", "--seed", "2", "--auto", "--log", dangling),
               f"cannot write the log {dangling}", "a symbolic link")
    assert log.read_bytes() == before and not (tmp_path / "elsewhere.jsonl").exists()


def test_resume_refuses_a_log_it_should_not_rewrite(refused_log: Path, tmp_path: Path) -> None:
    """Resuming rewrites the log (a new file renamed over it): a link would be replaced by
    a file, a read-only log overwritten. Both are refused and left as they were."""
    before = refused_log.read_bytes()
    link = tmp_path / "link.jsonl"
    link.symlink_to(refused_log)
    refused_at(fivetenk("play", "--resume", link), str(link), "is a symbolic link")
    assert link.is_symlink() and refused_log.read_bytes() == before
    refused_log.chmod(0o444)
    try:
        refused_at(fivetenk("play", "--resume", refused_log), str(refused_log),
                   "the log is read-only")
    finally:
        refused_log.chmod(0o644)
    assert refused_log.read_bytes() == before


def _hand_line(lines: list[str], hand: int) -> int:
    return next(i for i, line in enumerate(lines)
                if json.loads(line)["record"] == "hand" and json.loads(line)["hand"] == hand)


def _deal_edited(lines: list[str], hand: int, **changes: Any) -> list[str]:
    index = _hand_line(lines, hand)
    record = json.loads(lines[index])
    record["setup"]["deal"].update(changes)
    return [*lines[:index], json.dumps(record), *lines[index + 1:]]


def _swap(deck: list[str], i: int, j: int) -> list[str]:
    deck = list(deck)
    deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.fixture(scope="module")
def two_hands(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """A game log quit at the start of hand 2 (as ``fivetenk play`` writes it when the
    user quits at the first question of hand 2: hand 2's record and none of its
    decisions), from the heuristic player at every seat."""
    from helpers import make_log

    path = tmp_path_factory.mktemp("two") / "two.jsonl"
    make_log(path, 7, 2)
    lines = path.read_text(encoding="utf-8").splitlines()
    second = _hand_line(lines, 2)
    assert "redeals" not in json.loads(lines[second])["setup"]["deal"]  # dealt once
    return lines[:second + 1]


def resumed(log: Path) -> tuple[int, str, str]:
    """``fivetenk play --resume LOG`` in process, answered by end of input: (exit code,
    what it showed, its stderr). The process's own faults are tried above with real
    processes (a link, a read-only log, the kit's version escaped)."""
    from helpers import play

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code, shown = play(["--resume", str(log)], "")
    return code, shown, err.getvalue()


@pytest.mark.slow
def test_resume_checks_every_deal_against_the_seed(refused_log: Path, tmp_path: Path,
                                                   two_hands: list[str]) -> None:
    """A log whose deal is not what its seed deals (a card moved, another first seat, a
    next hand dealt after another banker, a hand the game never reaches) is refused at
    the line of that hand's record and left byte for byte; a true log goes on."""
    mid_hand = refused_log.read_text(encoding="utf-8").splitlines()
    deck1 = json.loads(mid_hand[_hand_line(mid_hand, 1)])["setup"]["deal"]["deck"]
    deck2 = json.loads(two_hands[_hand_line(two_hands, 2)])["setup"]["deal"]["deck"]
    extra = json.dumps({"record": "hand", "hand": 3, "setup": {"deal": {"deck": deck2}}})
    forged = {
        "a card moved": (_deal_edited(mid_hand, 1, deck=_swap(deck1, 0, 100)), 1,
                         "card 1 of the deck is"),
        "another first seat": (_deal_edited(mid_hand, 1, first=3), 1, "first is 3"),
        "hand 2, a card moved": (_deal_edited(two_hands, 2, deck=_swap(deck2, 5, 6)), 2,
                                 "card 6 of the deck is"),
        "hand 2, another banker before": (_deal_edited(two_hands, 2, previous_banker=None),
                                          2, "previous_banker is null"),
        "a hand never reached": ([*two_hands, extra], 3, "the logged decisions do not "
                                 "reach it"),
    }
    for name, (lines, hand, says) in forged.items():
        log = tmp_path / f"{name.replace(' ', '-').replace(',', '')}.jsonl"
        log.write_text("\n".join(lines) + "\n", encoding="utf-8")
        before = log.read_bytes()
        line = 1 + next(i for i, text in enumerate(lines) if json.loads(text)["record"] ==
                        "hand" and json.loads(text)["hand"] == hand)
        refused_at(resumed(log), f"{log}:{line}", says)
        assert log.read_bytes() == before, name
    for lines in (mid_hand, two_hands):  # the true logs: resumed, and they go on
        log = tmp_path / "true.jsonl"
        log.write_text("\n".join(lines) + "\n", encoding="utf-8")
        code, shown, err = resumed(log)
        assert code == 0 and "Resumed" in shown, err
        kept = log.read_text(encoding="utf-8").splitlines()
        assert [json.loads(x) for x in kept[1:len(lines)] if '"hand"' in x[:20]] == \
            [json.loads(x) for x in lines[1:] if '"hand"' in x[:20]]


# ---------------------------------------------------------------------------------------------
# Hostile logs, generated
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def base_log(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A log of ``fivetenk play`` quit in hand 1 with decisions and one refused answer."""
    from helpers import refusal_log

    return refusal_log(tmp_path_factory.mktemp("base"), "1\n1\n1\n7H 7H\n4H 4S\n").read_bytes()


LOG_VALUES = ["\x1b[2J", "\u202eevil", "\ud800", "a\nScenario: b", 10**30, -1, float("nan"),
              _deep(70), [None] * 10_001, None, {"type": "play", "seat": 5, "cards": ["BJ"]},
              ["3H"] * 162, "7H 7H"]
LOG_FIELDS = [("refused", "input"), ("refused", "action"), ("refused", "clause"),
              ("refused", "seat"), ("game", "kit"), ("game", "seed"), ("game", "variants"),
              ("game", "seat"), ("game", "hands"), ("decision", "action"), ("decision", "n"),
              ("decision", "kind"), ("hand", "setup"), ("hand", "hand")]
"""(record, field): where a hostile value goes."""


@st.composite
def hostile_logs(draw: st.DrawFn, base: bytes) -> bytes:
    """``base`` made hostile one way: a hostile value in a field of one record; raw bytes
    where a value starts; cut at any byte; or forged (a card of the deal moved, a line
    dropped or repeated, two lines swapped)."""
    lines = base.decode("utf-8").splitlines()
    how = draw(st.sampled_from(["value", "raw", "cut", "forged"]))
    event(how)
    if how == "value":
        kind, name = draw(st.sampled_from(LOG_FIELDS))
        index = next(i for i, line in enumerate(lines) if json.loads(line)["record"] == kind)
        record = json.loads(lines[index])
        record[name] = draw(st.sampled_from(LOG_VALUES))
        lines[index] = json.dumps(record)
    elif how == "forged":
        forged = draw(st.sampled_from(["deck", "drop", "repeat", "swap"]))
        i, j = sorted(draw(st.lists(st.integers(1, len(lines) - 1), min_size=2, max_size=2,
                                    unique=True)))
        if forged == "deck":
            lines = _deal_edited(lines, 1, deck=_swap(
                json.loads(lines[_hand_line(lines, 1)])["setup"]["deal"]["deck"], i, j))
        elif forged == "drop":
            del lines[i]
        elif forged == "repeat":
            lines.insert(i, lines[j])
        else:
            lines[i], lines[j] = lines[j], lines[i]
    data = "".join(line + "\n" for line in lines).encode("utf-8", "surrogatepass")
    if how == "cut":
        return data[:draw(st.integers(0, len(data)))]
    if how == "raw":
        starts = [i + 1 for i in range(len(data)) if data[i:i + 1] == b":"]
        at = draw(st.sampled_from(starts))
        return data[:at] + draw(st.sampled_from(RAW)) + data[at:]
    return data


def _names_a_line(err: str, path: Path, data: bytes) -> bool:
    lines = max(1, data.count(b"\n") + (not data.endswith(b"\n")))
    return any(f"{path}:{n}: " in err for n in range(1, lines + 1)) or f"{path}: " in err


@pytest.mark.slow
@HOSTILE
@given(data=st.data())
def test_hostile_logs_dispute_a_case_that_passes_or_are_refused_with_their_line(
        tmp_path_factory: pytest.TempPathFactory, base_log: bytes, data: st.DataObject) -> None:
    """``fivetenk dispute`` on a hostile log: a case that ``fivetenk check`` passes, with
    nothing of the log raw in it, or exit 2 naming the log (and its line) with no file
    written; never a traceback."""
    log_bytes = data.draw(hostile_logs(base_log))
    which = data.draw(st.sampled_from([["--refused", "1"], ["--at", "1"], ["--at", "3"]]))
    folder = tmp_path_factory.mktemp("dispute")
    log, out = folder / "game.jsonl", folder / "case.feature"
    log.write_bytes(log_bytes)
    code, _, err = run_cli(["dispute", str(log), *which, "--out", str(out)])
    event(f"exit {code}")
    assert code in (0, 2) and "Traceback" not in err, err
    if code == 2:
        assert _names_a_line(err, log, log_bytes), err
        assert not out.exists() and sorted(p.name for p in folder.iterdir()) == ["game.jsonl"]
        return
    text = out.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\u202e" not in text
    check = run_cli(["check", "--only-paths", str(out), "-q", "--no-progress"])
    assert check[0] == 0, check


@pytest.mark.slow
@HOSTILE
@given(data=st.data())
def test_hostile_logs_resume_or_are_refused_and_left_byte_for_byte(
        tmp_path_factory: pytest.TempPathFactory, base_log: bytes, data: st.DataObject) -> None:
    """``fivetenk play --resume`` on a hostile log: it goes on (the log it rewrites is a
    log ``dispute`` reads) or it is refused, exit 2, naming the log, which is left byte for
    byte; nothing of the log reaches the screen raw; never a traceback."""
    from helpers import play

    from fivetenk.practice import dispute

    log_bytes = data.draw(hostile_logs(base_log))
    log = tmp_path_factory.mktemp("resume") / "game.jsonl"
    log.write_bytes(log_bytes)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code, shown = play(["--resume", str(log)], "")
    event(f"exit {code}")
    assert code in (0, 2), err.getvalue()
    assert "\x1b" not in shown + err.getvalue() and "\u202e" not in shown + err.getvalue()
    if code == 2:
        assert _names_a_line(err.getvalue(), log, log_bytes), err.getvalue()
        assert log.read_bytes() == log_bytes
        return
    assert "Resumed" in shown
    dispute.read_log(log)  # what it rewrote is a log, whole


def safe(text: str) -> bool:
    """Whether every line of ``text`` is as :func:`fivetenk.results.report.visible` shows it: no
    character a terminal would act on or hide."""
    from fivetenk.results.report import visible

    return all(visible(line, len(line)) == line for line in text.split("\n"))


ODD_CHARS = st.characters(codec="utf-8") | st.sampled_from(
    ["\x1b", "\x07", "\n", "\r", "\t", "\x00", "\x85", "\u2028", "\u202e", "\ufeff", "\ud800",
     "@", "|", "#", '"', "\\", " "])


@pytest.mark.slow
@HOSTILE
@given(answer=st.text(ODD_CHARS, max_size=40), kit=st.text(ODD_CHARS, max_size=20))
@example(answer="7H\ud800 7H", kit="0.1.0")
@example(answer="7H 7H", kit="\udcff")
@example(answer="7H 7H\n  Scenario: injected\n    When x\x1b[2J", kit="\x1b]0;pwned\x07")
def test_any_text_a_log_holds_is_shown_and_written_escaped(
        tmp_path_factory: pytest.TempPathFactory, base_log: bytes, answer: str,
        kit: str) -> None:
    """Whatever text a log holds where the user's answer and the kit version go (escape
    sequences, newlines, lone surrogates, Gherkin's own marks): ``dispute --refused 1``
    writes a case ``check`` passes with nothing raw in it, ``play --resume`` shows the
    version escaped; or, for what strict JSON refuses (a lone surrogate), exit 2 at its
    line with nothing written."""
    from helpers import play

    lines = base_log.decode("utf-8").splitlines()
    game = {**json.loads(lines[0]), "kit": kit}
    refused = next(i for i, line in enumerate(lines) if '"refused"' in line)
    lines[0] = json.dumps(game)
    lines[refused] = json.dumps({**json.loads(lines[refused]), "input": answer})
    folder = tmp_path_factory.mktemp("texts")
    log, out = folder / "game.jsonl", folder / "case.feature"
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8",
                   errors="surrogatepass")
    code, printed, err = run_cli(["dispute", str(log), "--refused", "1", "--out", str(out)])
    surrogate = any("\ud800" <= c <= "\udfff" for c in answer + kit)
    event("a lone surrogate" if surrogate else "text")
    if surrogate:
        line = 1 if any("\ud800" <= c <= "\udfff" for c in kit) else refused + 1
        refused_at((code, printed, err), f"{log}:{line}", "a lone surrogate")
        assert not out.exists()
        return
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert safe(text), text
    assert run_cli(["check", "--only-paths", str(out), "-q", "--no-progress"])[0] == 0
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        code, shown = play(["--resume", str(log)], "")
    assert code == 0, stderr.getvalue()
    assert safe(shown), shown
