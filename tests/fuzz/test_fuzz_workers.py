"""``fivetenk fuzz --workers 2`` always ends, whatever a worker does (issue 29, item 2).

Each fault is injected into a real worker process (:data:`fivetenk.impl.workers.FAULT_VARIABLE`,
a test-only hook): it dies at start, dies halfway through a chunk, is killed (by itself,
or from outside), stops answering (blocked, or stopped by SIGSTOP), blocks on a lock
with a SIGTERM handler that keeps it alive (as a pool worker did on its task queue's
lock, hanging a CI run for 20 minutes), ignores SIGTERM, or raises. Each time the
campaign ends, says what happened in a note, counts every case once (its tally is the
one-worker campaign's), and leaves nothing behind: the kit runs under
``tests/subreaper.py``, a subreaper that adopts whatever the kit's tree leaves --
zombies it did not reap, a worker it did not kill, the implementation of a worker killed
-- and lists it.

The implementation (``escape.py setsid``) leaves a process in a session of its own on
each handshake, which lives ten minutes unless the kit kills it: a killed worker's
implementation is only gone if the kit found and killed it.

Waits are on events: the workers note what they do in a file
(:data:`fivetenk.impl.workers.LOG_VARIABLE`); the only clock is a generous outer bound that
reports a hang as a hang. A stuck worker is given up after :data:`STALL` (5) s without
progress (:data:`fivetenk.impl.workers.STALL_VARIABLE`; a healthy worker makes progress with
every case and every reply, milliseconds apart, reported every second: the healthy worker
beside the stuck one is never given up, beside two busy loops on two processors either).
Worker 1 alone is given 1 s to die of SIGTERM (:data:`fivetenk.impl.workers.TERM_VARIABLE`,
``1@1``) instead of 5: a fault that outlives SIGTERM does so however fast the machine, and
no verdict hangs on it (a worker that would have died later is killed, and said, in a note
no test forbids); worker 2 keeps the kit's own 5 s.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import TESTS

from fivetenk.fuzz.command import CHUNK_VARIABLE
from fivetenk.impl.process_tree import proc_stat
from fivetenk.impl.workers import (
    FAULT_VARIABLE,
    FAULTS,
    LOG_VARIABLE,
    MAX_IN_HAND,
    STALL_VARIABLE,
    TERM_VARIABLE,
    WorkerFailure,
    Workers,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/stat").exists() or
                       not sys.platform.startswith("linux"),
                       reason="the full clean-up is a Linux guarantee (/proc, subreaper)"),
]

HERE = TESTS
MINI = HERE / "miniatures"
HANG = 240.0
"""Seconds after which a campaign still running is reported as hung (it takes seconds)."""
STALL = "5"
"""Seconds without progress after which a worker with tasks in hand is given up (10 s
before: three tests wait it out, idle)."""
CASES = "40"
"""Three chunks (:data:`CHUNK` cases each, the last 8): worker 1 holds the first and the
third."""
CHUNK = "16"
"""The chunk size of these campaigns (:data:`fivetenk.fuzz.command.CHUNK_VARIABLE`): the
kit's own 512 made each campaign run 1,100 cases and more, 26 s of CPU for the file, to
show what 40 show."""


def campaign_env() -> dict[str, str]:
    """The environment of a campaign here: no test variable of another test's, and the
    chunk size."""
    env = {k: v for k, v in os.environ.items()
           if k not in (FAULT_VARIABLE, STALL_VARIABLE, TERM_VARIABLE, LOG_VARIABLE)}
    env[CHUNK_VARIABLE] = CHUNK
    return env


def fivetenk_command() -> list[str]:
    exe = Path(sys.executable).with_name("fivetenk")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "fivetenk.cli"]


def campaign_argv(tmp_path: Path, *more: str) -> list[str]:
    impl = f"{sys.executable} {MINI / 'escape.py'} setsid {tmp_path / 'pids'}"
    return [*fivetenk_command(), "fuzz", "--impl", impl, "--seed", "3", "--cases", CASES,
            "--mode", "queries", "--out", str(tmp_path / "out"), "--no-progress", *more]


def events(log: Path) -> list[tuple[int, int, str]]:
    """The workers' notes: (worker, pid, event)."""
    found = []
    text = log.read_text(encoding="ascii") if log.exists() else ""
    for line in text.splitlines():
        number, pid, event = line.split(" ", 2)
        found.append((int(number), int(pid), event))
    return found


def pids(tmp_path: Path, log: Path) -> list[int]:
    """Every process the test knows of: implementations, their escapees, workers."""
    path = tmp_path / "pids"
    known = [int(w) for w in path.read_text().split() if w.isdigit()] if path.exists() else []
    return known + [pid for _, pid, _ in events(log)]


def kill_all(known: list[int]) -> None:
    for pid in known:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


class Run:
    """The kit under the subreaper: started, then awaited within :data:`HANG`."""

    def __init__(self, tmp_path: Path, fault: str | None, *more: str,
                 stall: str | None = STALL, term: str | None = "1@1") -> None:
        self.tmp_path = tmp_path
        self.log = tmp_path / "events"
        self.report = tmp_path / "report.json"
        env = campaign_env()
        env[LOG_VARIABLE] = str(self.log)
        if fault:
            env[FAULT_VARIABLE] = fault
        if stall:
            env[STALL_VARIABLE] = stall
        if term:
            env[TERM_VARIABLE] = term
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "subreaper.py"), str(self.report),
             *campaign_argv(tmp_path, "--workers", "2", *more)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
            start_new_session=True, cwd=tmp_path)
        self.began = time.monotonic()

    def hung(self, what: str) -> None:
        known = pids(self.tmp_path, self.log)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        kill_all(known)
        self.process.communicate()
        pytest.fail(f"HANG: {what} within {HANG:g} s; events: {events(self.log)}")

    def wait_for(self, event: str, worker: int = 1) -> int:
        """The pid of ``worker`` once it notes ``event``."""
        while True:
            for number, pid, seen in events(self.log):
                if number == worker and seen == event:
                    return pid
            if self.process.poll() is not None:
                out, err = self.process.communicate()
                pytest.fail(f"the campaign ended before worker {worker} noted {event!r}:\n"
                            f"{out}{err}")
            if time.monotonic() - self.began > HANG:
                self.hung(f"worker {worker} never noted {event!r}")
            time.sleep(0.01)

    def finish(self) -> tuple[str, str, dict[str, object]]:
        """The kit's output and what the subreaper found it left."""
        try:
            out, err = self.process.communicate(timeout=max(HANG - (time.monotonic() -
                                                                    self.began), 1))
        except subprocess.TimeoutExpired:
            self.hung("the campaign did not end")
        report = json.loads(self.report.read_text())
        return out, err, report


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The tally of the same campaign with one worker."""
    tmp_path = tmp_path_factory.mktemp("alone")
    try:
        done = subprocess.run(campaign_argv(tmp_path), capture_output=True, text=True,
                              timeout=HANG, cwd=tmp_path, env=campaign_env())
    finally:
        kill_all(pids(tmp_path, tmp_path / "none"))
    assert done.returncode == 0, done.stdout + done.stderr
    return tally(done.stdout)


def tally(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("cases tried:"))


NOTES = {
    "die-at-start": r"worker 1 died while starting \(exit code 3\)( with [12] tasks? in "
                    r"hand)?",
    "die": r"worker 1 died \(exit code 3\) with [12] tasks? in hand",
    "kill": r"worker 1 died \(killed by SIGKILL\) with [12] tasks? in hand",
    "hang": rf"worker 1 stopped answering \(no progress for over {STALL} s\) with [12] tasks? in "
            r"hand",
    "stop": rf"worker 1 stopped answering \(no progress for over {STALL} s\) with [12] tasks? in "
            r"hand",
    "queue": rf"worker 1 stopped answering \(no progress for over {STALL} s\) with 1 task in "
             r"hand",
    "raise": r"worker 1 failed: RuntimeError: a fault injected for a test with [12] tasks? "
             r"in hand",
}
"""The note of each fault that fails the pool (then: its tasks and the rest of the
campaign ran in the kit's process)."""
KILLED = {"stop", "queue", "deaf"}
"""The faults that leave a worker alive after SIGTERM: it is killed (SIGKILL), and said."""


STALLED = ("hang", "queue", "stop")
"""The faults only the stall bound finds: their three campaigns start together, at the
first of their tests (one worker: their xdist group), so that their waits of :data:`STALL`
s overlap (one after another, they idled 15 s)."""


@pytest.fixture(scope="module")
def stalled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Run]]:
    runs = {fault: Run(tmp_path_factory.mktemp(fault), f"{fault}@1") for fault in STALLED}
    yield runs
    for run in runs.values():  # a campaign whose test was not run, or failed, is ended
        if run.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(run.process.pid, signal.SIGKILL)
            kill_all(pids(run.tmp_path, run.log))
            run.process.communicate()


@pytest.mark.parametrize("fault", [  # hang-at-start: 2 min, below
    pytest.param(f, marks=pytest.mark.xdist_group("stalled-workers") if f in STALLED else ())
    for f in sorted(set(FAULTS) - {"hang-at-start"})])
def test_a_campaign_ends_whatever_a_worker_does(tmp_path: Path, alone: str, fault: str,
                                                request: pytest.FixtureRequest) -> None:
    run = request.getfixturevalue("stalled")[fault] if fault in STALLED else \
        Run(tmp_path, f"{fault}@1")
    out, err, report = run.finish()
    assert report["left"] == [], f"left behind: {report['left']}\n{out}{err}"
    assert report["exit"] == 0, out + err
    assert any(n == 1 and e == f"fault {fault}" for n, _, e in events(run.log)), \
        f"the fault never fired: {events(run.log)}"
    notes = [line for line in out.splitlines() if line.startswith("note: worker")]
    if fault in NOTES:
        assert re.fullmatch(f"note: {NOTES[fault]}; its tasks and the rest of the campaign "
                            "ran in this process", notes[0]), notes
        notes = notes[1:]
    if fault in KILLED:
        assert "note: worker 1 did not end of SIGTERM within 1 s: killed (SIGKILL)" in notes, \
            notes
    assert all("did not end even of SIGKILL" not in note for note in notes), notes
    assert tally(out) == alone, "every case counted once, as with one worker"
    assert err == ""


def test_a_worker_killed_from_outside_is_noticed_at_once(tmp_path: Path, alone: str) -> None:
    """A worker that stops answering (no stall bound of the test's: a minute and more)
    is killed from outside: the kit notices its death, not a stall."""
    run = Run(tmp_path, "hang@1", stall=None)
    os.kill(run.wait_for("fault hang"), signal.SIGKILL)
    out, err, report = run.finish()
    assert report["left"] == [] and report["exit"] == 0, (report, out, err)
    assert re.search(r"^note: worker 1 died \(killed by SIGKILL\) with [12] tasks? in hand; "
                     "its tasks and the rest of the campaign ran in this process$", out,
                     re.M), out
    assert tally(out) == alone


def test_healthy_workers_end_with_the_campaign_and_leave_nothing(tmp_path: Path,
                                                                 alone: str) -> None:
    """No fault: no note, the one-worker tally, both workers were used, nothing left."""
    run = Run(tmp_path, None, term=None)  # no bound of the test's on a healthy worker
    out, err, report = run.finish()
    assert report == {"exit": 0, "left": []}, (report, out, err)
    assert "note: worker" not in out and err == ""
    assert {n for n, _, e in events(run.log) if e == "task"} == {1, 2}
    assert tally(out) == alone
    still = [pid for pid in pids(tmp_path, run.log) if proc_stat(pid) is not None]
    assert still == []


# -- the pool itself, in this process ---------------------------------------------------------

_held: list[object] = []


def _start_implementation(argv: list[str]) -> None:
    """A worker's start: an implementation carrying the token the pool gave the worker."""
    from fivetenk.impl.process_driver import ProcessDriver
    from fivetenk.impl.workers import token

    driver = ProcessDriver(argv)
    driver.token = token()
    driver.capabilities  # noqa: B018 - started and handshaken now
    _held.append(driver)


def _square(x: int) -> int:
    return x * x


def test_the_pool_kills_what_a_dead_worker_left(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """No driver of the kit's own here to sweep up orphans: the pool itself finds the
    implementation of the worker that died, and its escapee, by their token."""
    log = tmp_path / "events"
    monkeypatch.setenv(FAULT_VARIABLE, "die@1")
    monkeypatch.setenv(LOG_VARIABLE, str(log))
    argv = [sys.executable, str(MINI / "escape.py"), "setsid", str(tmp_path / "pids")]
    try:
        with Workers(1, _start_implementation, (argv,)) as pool:
            ticket = pool.submit(_square, 3)
            with pytest.raises(WorkerFailure, match=r"^worker 1 died \(exit code 3\) with 1 "
                                                    r"task in hand$"):
                pool.result(ticket)
            assert pool.broken
        known = pids(tmp_path, log)
        assert len(known) >= 3  # the implementation, its escapee, the worker
        assert [pid for pid in known if proc_stat(pid) is not None] == []
    finally:
        kill_all(pids(tmp_path, log))


def test_the_pool_answers_in_order_and_holds_two_tasks_a_worker() -> None:
    with Workers(2) as pool:
        tickets = [pool.submit(_square, x) for x in range(2 * MAX_IN_HAND)]
        with pytest.raises(RuntimeError, match="collect one first"):
            pool.submit(_square, 9)
        assert [pool.result(t) for t in tickets] == [0, 1, 4, 9]
        workers = [w.process.pid for w in pool._workers]
    assert pool.notes == [] and pool.failure is None
    assert [pid for pid in workers if proc_stat(pid) is not None] == []  # reaped: no zombie


def test_the_strategy_benchmark_survives_a_worker_that_dies(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The pool's other user: ``bench.strategy --jobs 2`` with a worker that dies gives
    the figures of one process, and says what happened."""
    from fivetenk.bench.strategy import duplicate

    log = tmp_path / "events"
    monkeypatch.setenv(FAULT_VARIABLE, "die@1")
    monkeypatch.setenv(LOG_VARIABLE, str(log))
    try:
        two = duplicate("random", "heuristic", 1, 1, 1.0, jobs=2)
    finally:
        kill_all([pid for _, pid, _ in events(log)])
    assert any(n == 1 and e == "fault die" for n, _, e in events(log))
    assert re.search(r"^note: worker 1 died \(exit code 3\) with [12] tasks? in hand; the "
                     r"rest ran in this process$", capsys.readouterr().err, re.M)
    monkeypatch.delenv(FAULT_VARIABLE)
    assert two == duplicate("random", "heuristic", 1, 1, 1.0, jobs=1)


def test_a_worker_that_never_starts_is_given_up(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker stuck before it says it is ready is given up after ``start`` seconds (a
    campaign's: :data:`fivetenk.impl.workers.START_WAIT`, here 1 s), and reaped."""
    log = tmp_path / "events"
    monkeypatch.setenv(FAULT_VARIABLE, "hang-at-start@1")
    monkeypatch.setenv(LOG_VARIABLE, str(log))
    monkeypatch.delenv(STALL_VARIABLE, raising=False)
    try:
        with Workers(1, stall=0.5, start=1.0) as pool:
            ticket = pool.submit(_square, 3)
            began = time.monotonic()
            while not any(e == "fault hang-at-start" for _, _, e in events(log)):
                assert time.monotonic() - began < HANG, "HANG: the worker never started"
                time.sleep(0.01)
            with pytest.raises(WorkerFailure, match=r"^worker 1 did not start \(no progress "
                                                    r"for over 1 s\) with 1 task in hand$"):
                pool.result(ticket)
        assert [pid for _, pid, _ in events(log) if proc_stat(pid) is not None] == []
    finally:
        kill_all([pid for _, pid, _ in events(log)])


def test_the_test_chunk_size_is_taken_only_when_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-only chunk size: a whole number from 1 to the kit's 512, else the kit's."""
    from fivetenk.fuzz.command import CHUNK as KIT_CHUNK
    from fivetenk.fuzz.command import chunk_size

    for text, size in (("16", 16), ("1", 1), ("512", 512), ("0", KIT_CHUNK),
                       ("513", KIT_CHUNK), ("-4", KIT_CHUNK), ("1e3", KIT_CHUNK),
                       ("\u00b2", KIT_CHUNK), ("", KIT_CHUNK)):
        monkeypatch.setenv(CHUNK_VARIABLE, text)
        assert chunk_size(None, 0, 0.0, 2) == size, text
    assert chunk_size(10.0, 0, 0.0, 2) == 8  # under a budget the rate decides, as before
