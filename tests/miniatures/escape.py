#!/usr/bin/env python3
"""Answers correctly, but on ``hello`` leaves processes behind that try to escape the
kit's clean-up (``escape.py MODE PIDFILE [HANG]``), writing one pid per line to PIDFILE:
first its own pid, then the escapee's, then ``ready``.

- ``setsid``: a child that calls ``setsid()`` (a new session and process group, so killing
  the implementation's process group misses it) and sleeps;
- ``double_fork``: a child that forks a grandchild and exits, so the grandchild is
  orphaned (re-parented away from the implementation) and sleeps;
- ``daemon``: both, like a classic daemon, and the grandchild also clears its environment
  (``execve`` of a sleeping Python with an empty environment);
- ``all``: one of each.

With HANG (a cmd, e.g. ``start``), it never answers that request (so a test can signal the
kit while it waits). The escapees hold no pipe of the kit's: they close stdin/stdout/stderr.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from mini import arg, serve

MODE = arg(1, "setsid")
PIDFILE = arg(2, "")
HANG = arg(3, "")
LIFETIME = 600
"""Seconds an escapee sleeps before it ends by itself: long past any test, but an escapee
that a failing test did not clean up is not left on the machine for ever."""
SLEEPER = f"import time\ntime.sleep({LIFETIME})"


def note(text: str) -> None:
    with open(PIDFILE, "a", encoding="ascii") as f:
        f.write(text + "\n")


def detach() -> None:
    """In the escapee: no pipe of the kit's stays open."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)


def escape(mode: str) -> None:
    read, write = os.pipe()
    middle = os.fork()
    if middle == 0:  # the child
        os.close(read)
        if mode in ("setsid", "daemon"):
            os.setsid()
        if mode in ("double_fork", "daemon") and os.fork() != 0:
            os._exit(0)  # the middle process exits: the grandchild is orphaned
        os.write(write, f"{os.getpid()}\n".encode())
        os.close(write)
        detach()
        if mode == "daemon":
            os.execve(sys.executable, [sys.executable, "-c", SLEEPER], {})
        time.sleep(LIFETIME)
        os._exit(0)
    os.close(write)
    pid = b""
    while not pid.endswith(b"\n"):
        chunk = os.read(read, 64)
        if not chunk:
            break
        pid += chunk
    os.close(read)
    if mode in ("double_fork", "daemon"):
        os.waitpid(middle, 0)  # the middle process, gone at once (reaped: no zombie)
    note(pid.decode().strip())


def hook(request: dict[str, Any], adapter: Any) -> None:
    cmd = request.get("cmd")
    if cmd == "hello":
        note(str(os.getpid()))
        for mode in ("setsid", "double_fork", "daemon") if MODE == "all" else (MODE,):
            escape(mode)
        note("ready")
    elif HANG and cmd == HANG:
        note("hanging")
        time.sleep(3600)
    return None


if __name__ == "__main__":
    serve(hook)
