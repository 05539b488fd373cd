#!/usr/bin/env python3
"""Answers the handshake, then floods stdout instead of replying to a step
(``flood.py MODE``): ``line`` writes one 4 MiB line, ``endless`` writes without end and
without a newline. The kit must error the scenario without running out of memory."""

from __future__ import annotations

import sys
from typing import Any

from mini import arg, send, serve

from fivetenk.impl.protocol import STEP_COMMANDS

MODE = arg(1, "line")


def hook(request: dict[str, Any], adapter: Any) -> bytes | None:
    if request.get("cmd") not in STEP_COMMANDS:
        return None
    if MODE == "line":
        return b'{"seq": ' + b"1" * (4 << 20) + b"}\n"
    chunk = b"x" * (1 << 16)
    try:
        while True:
            send(chunk)
    except (BrokenPipeError, OSError):
        sys.exit(0)


if __name__ == "__main__":
    serve(hook)
