#!/usr/bin/env python3
"""Answers correctly, but only ``slow.py DELAY`` seconds after reading each request other
than ``hello`` and ``stop`` (DELAY default 0.3): an engine that is slow, yet always within
the timeout *per reply*. The kit streams and pipelines requests, so several replies are
owed at once; each must get its own timeout, never a deadline shared with the previous
reply (with ``--timeout 0.5``, two pipelined replies 0.3 s apart must both pass)."""

from __future__ import annotations

import time
from typing import Any

from mini import arg, serve

DELAY = float(arg(1, "0.3"))


def hook(request: dict[str, Any], adapter: Any) -> None:
    if request.get("cmd") not in ("hello", "stop"):
        time.sleep(DELAY)
    return None


if __name__ == "__main__":
    serve(hook)
