#!/usr/bin/env python3
"""Answers correctly, and appends its pid to PIDFILE when it answers ``hello``
(``announce.py PIDFILE``): a test knows how many implementations the kit has started, and
which, to check that none outlives it."""

from __future__ import annotations

import os
from typing import Any

from mini import arg, serve

PIDFILE = arg(1, "pids")


def hook(request: dict[str, Any], adapter: Any) -> None:
    if request.get("cmd") == "hello":
        with open(PIDFILE, "a", encoding="ascii") as f:
            f.write(f"{os.getpid()}\n")
    return None


if __name__ == "__main__":
    serve(hook)
