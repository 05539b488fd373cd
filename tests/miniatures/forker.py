#!/usr/bin/env python3
"""Answers correctly, but on ``hello`` starts a chain of processes that races the kit's
clean-up (``forker.py COUNTFILE [PERIOD_MS [LIFETIME_S [HANG]]]``): every PERIOD_MS
milliseconds (default 2) the chain's process forks, the child calls ``setsid()`` (a new
session and process group) and the parent exits, so the live member of the chain is never
the one a scan of ``/proc`` saw a moment ago. Each member appends its pid (a line) to
COUNTFILE, so a test knows the chain runs and which processes it had. The chain holds no
pipe of the kit's (stdin, stdout and stderr are /dev/null).

With HANG (a cmd, e.g. ``start``) it never answers that request, so the kit is still
waiting when a test signals it, however fast the kit is.

The chain ends by itself LIFETIME_S seconds after it started (default 60): the tests need
it alive for a few seconds only, and a chain that escaped both the kit and the test's own
clean-up (a failing test, a test run killed by a timeout) must not churn the machine for
ever. One that did took a CI machine to a load of 60 with hundreds of zombies."""

from __future__ import annotations

import os
import time
from typing import Any

from mini import arg, serve

COUNTFILE = arg(1, "")
PERIOD = float(arg(2, "2")) / 1000
LIFETIME = float(arg(3, "60"))
HANG = arg(4, "")


def chain() -> None:
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    count = os.open(COUNTFILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    ends = time.monotonic() + LIFETIME  # the machine's clock: every member shares it
    while time.monotonic() < ends:
        try:
            if os.fork() != 0:
                os._exit(0)
            os.setsid()
            os.write(count, b"%d\n" % os.getpid())
        except OSError:  # out of processes for a moment: try again
            pass
        time.sleep(PERIOD)


def hook(request: dict[str, Any], adapter: Any) -> None:
    if request.get("cmd") == "hello" and os.fork() == 0:
        try:
            chain()
        finally:
            os._exit(0)
    if HANG and request.get("cmd") == HANG:
        time.sleep(LIFETIME)
    return None


if __name__ == "__main__":
    serve(hook)
