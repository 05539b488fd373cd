#!/usr/bin/env python3
"""Answers correctly but writes a lot to stderr: 1 MiB at start and 100 KiB before every
reply, far more than a pipe holds. The kit must drain it and pass every scenario."""

from __future__ import annotations

import sys
from typing import Any

from mini import serve

BLOCK = "noise " * 17000 + "\n"


def hook(request: dict[str, Any], adapter: Any) -> None:
    sys.stderr.write(f"stderr_noise.py: request {request.get('seq')} {BLOCK}")
    sys.stderr.flush()
    return None


if __name__ == "__main__":
    sys.stderr.write("stderr_noise.py: starting " + "x" * (1 << 20) + "\n")
    sys.stderr.flush()
    serve(hook)
