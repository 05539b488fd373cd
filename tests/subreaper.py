#!/usr/bin/env python3
"""Run a command as a child subreaper, and report what it left behind.

``python tests/subreaper.py REPORT ARGV...`` runs ARGV and waits for it to end. Being a
subreaper (``PR_SET_CHILD_SUBREAPER``), this process adopts every process of ARGV's tree
that is orphaned: a child the command did not reap becomes *this* process's zombie, and a
descendant it did not kill (a worker, an implementation, what they started, even in
another session) becomes its child. So once ARGV has ended, every process still in this
process's tree is one that the command left: REPORT (JSON) lists them, with the command's
exit code. They are then killed and reaped, so that a failing test leaves nothing.

:mod:`multiprocessing`'s resource tracker is the one process allowed to outlive the
command: it ends by itself once every process holding its pipe has ended. It is known by
its command line, looked for while the command runs; it is waited for (at most
:data:`TRACKER_WAIT` seconds) and reported as a leftover if it is still there.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

from fivetenk.impl.process_tree import _processes, become_subreaper

TRACKER_WAIT = 60.0


def descendants(root: int) -> dict[int, str]:
    """Every process under ``root`` (pid -> state), zombies included."""
    table = _processes()
    children: dict[int, list[int]] = {}
    for pid, (_state, ppid, _sid, _start) in table.items():
        children.setdefault(ppid, []).append(pid)
    found: dict[int, str] = {}
    todo = list(children.get(root, ()))
    while todo:
        pid = todo.pop()
        if pid in found or pid not in table:
            continue
        found[pid] = table[pid][0]
        todo.extend(children.get(pid, ()))
    return found


def command_line(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def ended(pid: int, deadline: float) -> bool:
    """Whether child ``pid`` ended (and was reaped) by ``deadline``."""
    while time.monotonic() < deadline:
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return True
        except ChildProcessError:
            return True
        time.sleep(0.01)
    return False


def clear(me: int) -> None:
    """Kill and reap everything under this process (bounded)."""
    deadline = time.monotonic() + TRACKER_WAIT
    while time.monotonic() < deadline:
        left = descendants(me)
        if not left:
            return
        for pid in left:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        for pid in left:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, os.WNOHANG)
        time.sleep(0.01)


def main() -> int:
    report, argv = sys.argv[1], sys.argv[2:]
    if not become_subreaper():
        print("subreaper.py: not a subreaper (Linux only)", file=sys.stderr)
        return 2
    me = os.getpid()
    command = subprocess.Popen(argv)
    trackers: set[int] = set()
    code = None
    while code is None and not trackers:
        # known while it runs: once the command has ended it may be exiting, its
        # command line already gone (one per process that spawns: the first is it)
        trackers = {pid for pid in descendants(me) if "resource_tracker" in command_line(pid)}
        with contextlib.suppress(subprocess.TimeoutExpired):
            code = command.wait(timeout=0.1)
    if code is None:
        code = command.wait()  # the test bounds the whole run, and reports a hang as a hang
    left = [{"pid": pid, "state": state, "command": command_line(pid)}
            for pid, state in sorted(descendants(me).items())]
    tracker = [p for p in left if p["pid"] in trackers]
    left = [p for p in left if p not in tracker]
    deadline = time.monotonic() + TRACKER_WAIT
    for p in tracker:  # it ends once the last holder of its pipe is gone
        if not ended(p["pid"], deadline):
            left.append(p)
    clear(me)
    with open(report, "w", encoding="utf-8") as f:
        json.dump({"exit": code, "left": left}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
