#!/usr/bin/env python3
"""Answers correctly, then exits with code 3 on its Nth step request (``crash.py N
[CMD]``, N default 1; with CMD, on its Nth request of that cmd): a crash in the middle of a
session, with a last word on stderr."""

from __future__ import annotations

import os
import sys
from typing import Any

from mini import arg, serve

from fivetenk.impl.protocol import STEP_COMMANDS

AFTER = int(arg(1, "1"))
CMDS = (arg(2, ""),) if arg(2, "") else STEP_COMMANDS
steps = 0


def hook(request: dict[str, Any], adapter: Any) -> None:
    global steps
    if request.get("cmd") in CMDS:
        steps += 1
        if steps == AFTER:
            sys.stderr.write(f"crash.py: simulated crash on {request['cmd']}\n")
            sys.stderr.flush()
            os._exit(3)
    return None


if __name__ == "__main__":
    serve(hook)
