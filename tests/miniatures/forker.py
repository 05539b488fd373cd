#!/usr/bin/env python3
"""Answers correctly, but on ``hello`` starts a chain of processes that races the kit's
clean-up (``forker.py COUNTFILE [PERIOD_MS]``): every PERIOD_MS milliseconds (default 2)
the chain's process forks, the child calls ``setsid()`` (a new session and process group)
and the parent exits, so the live member of the chain is never the one a scan of ``/proc``
saw a moment ago. Each member appends its pid (a line) to COUNTFILE, so a test knows the
chain runs and which processes it had. The chain holds no pipe of the kit's (stdin,
stdout and stderr are /dev/null)."""

from __future__ import annotations

import os
import time
from typing import Any

from mini import arg, serve

COUNTFILE = arg(1, "")
PERIOD = float(arg(2, "2")) / 1000


def chain() -> None:
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    count = os.open(COUNTFILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    while True:
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
    return None


if __name__ == "__main__":
    serve(hook)
