"""Shared plumbing of the miniatures: read requests, answer through a hook.

Each miniature is a tiny implementation that misbehaves in one way (Bowtie's
``tests/miniatures.py`` idea). They answer correctly through the reference adapter unless
their hook decides otherwise, so a test sees exactly one misbehaviour at a time.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

from fivetenk.impl.adapter import Adapter

Hook = Callable[[dict[str, Any], Adapter], "dict[str, Any] | bytes | None"]
"""Given a decoded request and the adapter: a reply to send, raw bytes to write as they
are, or ``None`` for the correct reply."""


def send(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def serve(hook: Hook, adapter: Adapter | None = None) -> None:
    """Answer requests on stdin until ``stop`` or end of input. Once ready (the engine
    imported), the pid is written to the file ``$FIVETENK_MINI_READY`` names, if set: a
    test waits for it before the kit's clock starts (tests/helpers.py)."""
    adapter = adapter or Adapter()
    ready = os.environ.get("FIVETENK_MINI_READY")
    if ready:
        with open(ready + ".part", "w", encoding="utf-8") as handle:
            handle.write(str(os.getpid()))
        os.replace(ready + ".part", ready)
    for line in sys.stdin.buffer:
        request = json.loads(line)
        answer = hook(request, adapter)
        if answer is None:
            answer = adapter.handle(request)
        if isinstance(answer, bytes):
            send(answer)
        else:
            send((json.dumps(answer) + "\n").encode())
        if request.get("cmd") == "stop":
            return


def arg(index: int, default: str) -> str:
    """The command-line argument at ``index`` (1-based), or ``default``."""
    return sys.argv[index] if len(sys.argv) > index else default
