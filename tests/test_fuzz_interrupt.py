"""Ctrl-C during ``fivetenk fuzz --workers 2`` (issue 18, item 3): the terminal sends
SIGINT to the whole foreground process group, the workers included. The workers stop
quietly (they ignore SIGINT from their first instruction; the parent stops them with
SIGTERM and each kills its implementation), and the parent reports once: exit 130 and the
one line ``fivetenk fuzz: interrupted``, never a worker's traceback ("Process
SpawnPoolWorker-1: Traceback ..."), whether the workers are still booting or running.

Real processes: the kit in a session of its own, signalled as a terminal would.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fivetenk.process_tree import _stat

MINI = Path(__file__).resolve().parent / "miniatures"
WAIT = 30.0


def fivetenk_command() -> list[str]:
    exe = Path(sys.executable).with_name("fivetenk")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "fivetenk.cli"]


def started(pidfile: Path) -> list[int]:
    return [int(w) for w in pidfile.read_text().split()] if pidfile.exists() else []


def workers(kit: int) -> list[int]:
    """The kit's spawned worker processes (their command line runs ``spawn_main``)."""
    found = []
    for name in os.listdir("/proc"):
        stat = _stat(int(name)) if name.isdigit() else None
        if stat is not None and stat[1] == kit:
            try:
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    if b"spawn_main" in f.read():
                        found.append(int(name))
            except OSError:
                continue
    return found


@pytest.mark.parametrize("when", ["booting", "running"])
def test_ctrl_c_stops_the_workers_quietly(tmp_path: Path, when: str) -> None:
    """``booting``: SIGINT as soon as both workers exist, while they import the kit and
    start their implementations (where the tracebacks came from); ``running``: once both
    workers' implementations answered their handshake and cases flow."""
    pidfile = tmp_path / "pids"
    impl = f"{sys.executable} {MINI / 'announce.py'} {pidfile}"
    kit = subprocess.Popen([*fivetenk_command(), "fuzz", "--impl", impl, "--workers", "2",
                            "--cases", "10000000", "--seed", "1", "--out", str(tmp_path / "out")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           start_new_session=True, cwd=tmp_path)
    try:
        deadline = time.monotonic() + WAIT
        while len(workers(kit.pid)) < 2 if when == "booting" else len(started(pidfile)) < 3:
            assert kit.poll() is None and time.monotonic() < deadline, "never started"
            time.sleep(0.002)
        if when == "running":
            time.sleep(0.5)  # cases flow (not a timing assertion: any moment will do)
        os.killpg(kit.pid, signal.SIGINT)
        _, err = kit.communicate(timeout=WAIT)
    finally:
        if kit.poll() is None:
            os.killpg(kit.pid, signal.SIGKILL)
            kit.wait()
    assert kit.returncode == 130
    assert err.decode(errors="replace") == "fivetenk fuzz: interrupted\n"
    deadline = time.monotonic() + WAIT
    while any(_stat(pid) is not None for pid in started(pidfile)):
        assert time.monotonic() < deadline, "an implementation outlived the kit"
        time.sleep(0.01)


def test_a_worker_that_dies_does_not_leave_the_campaign_waiting(tmp_path: Path) -> None:
    """A pool worker killed mid-campaign (its chunk would never come back, and the pool may
    not replace it: a campaign once waited forever): the campaign notices within a second,
    runs the rest in its own process, says so, and gives the same result as with one
    worker."""
    impl = f"{sys.executable} {MINI / 'announce.py'} {tmp_path / 'pids'}"
    argv = ["fuzz", "--impl", impl, "--cases", "3000", "--seed", "3", "--mode", "queries",
            "--out", str(tmp_path / "out"), "--no-progress"]
    kit = subprocess.Popen([*fivetenk_command(), *argv, "--workers", "2"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True, cwd=tmp_path)
    try:
        deadline = time.monotonic() + WAIT
        while len(started(tmp_path / "pids")) < 3:  # the kit's own and both workers'
            assert kit.poll() is None and time.monotonic() < deadline, "never started"
            time.sleep(0.01)
        os.kill(workers(kit.pid)[0], signal.SIGKILL)
        out, err = kit.communicate(timeout=WAIT * 4)
    finally:
        if kit.poll() is None:
            os.killpg(kit.pid, signal.SIGKILL)
            kit.wait()
    assert kit.returncode == 0, out + err
    assert re.search(r"note: a worker process died( \(exit code -9\))?; the rest of the "
                     "campaign ran in this process", out), out
    alone = subprocess.run([*fivetenk_command(), *argv], capture_output=True, text=True,
                           cwd=tmp_path, timeout=WAIT * 4)
    def tally(text: str) -> str:
        return next(line for line in text.splitlines() if line.startswith("cases tried:"))
    assert tally(out) == tally(alone.stdout)
