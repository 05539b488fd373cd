"""Ctrl-C during ``fivetenk fuzz --workers 2`` (issue 18, item 3): the terminal sends
SIGINT to the whole foreground process group, the workers included. The workers stop
quietly (they ignore SIGINT from their first instruction; the parent stops them with
SIGTERM, which they do not catch, and kills their implementations: see
``fivetenk.impl.workers``), and the parent reports once: exit 130 and the
one line ``fivetenk fuzz: interrupted``, never a worker's traceback ("Process
SpawnPoolWorker-1: Traceback ..."), whether the workers are still booting or running.

Real processes: the kit in a session of its own, signalled as a terminal would.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import TESTS

from fivetenk.impl.process_tree import proc_stat

MINI = TESTS / "miniatures"
HANG = 240.0
"""Seconds after which a step that takes a second or two is reported as hung: the only
clock of these tests (they wait on events: processes that appear, pids written)."""


def fivetenk_command() -> list[str]:
    exe = Path(sys.executable).with_name("fivetenk")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "fivetenk.cli"]


def started(pidfile: Path) -> list[int]:
    return [int(w) for w in pidfile.read_text().split()] if pidfile.exists() else []


def workers(kit: int) -> list[int]:
    """The kit's spawned worker processes (their command line runs ``spawn_main``)."""
    found = []
    for name in os.listdir("/proc"):
        stat = proc_stat(int(name)) if name.isdigit() else None
        if stat is not None and stat[1] == kit:
            try:
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    if b"spawn_main" in f.read():
                        found.append(int(name))
            except OSError:
                continue
    return found


@pytest.mark.slow  # waits for signals to be acted on
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
        deadline = time.monotonic() + HANG
        while len(workers(kit.pid)) < 2 if when == "booting" else len(started(pidfile)) < 3:
            if kit.poll() is not None:
                out, err = kit.communicate()
                pytest.fail(f"the kit ended before its workers started: {out!r} {err!r}")
            if time.monotonic() > deadline:
                pytest.fail(f"HANG: the workers did not start within {HANG:g} s")
            time.sleep(0.002)
        if when == "running":
            time.sleep(0.5)  # cases flow (not a timing assertion: any moment will do)
        os.killpg(kit.pid, signal.SIGINT)
        try:
            _, err = kit.communicate(timeout=HANG)
        except subprocess.TimeoutExpired:
            pytest.fail(f"HANG: the kit did not end within {HANG:g} s of Ctrl-C")
    finally:
        if kit.poll() is None:
            os.killpg(kit.pid, signal.SIGKILL)
            kit.wait()
    assert kit.returncode == 130
    assert err.decode(errors="replace") == "fivetenk fuzz: interrupted\n"
    # killed and reaped before the kit exits: one that ended by itself at the end of its
    # input later, or a zombie nobody reaped, would still be there
    assert [pid for pid in started(pidfile) if proc_stat(pid) is not None] == [], \
        "an implementation outlived the kit"
