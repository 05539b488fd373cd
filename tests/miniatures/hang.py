#!/usr/bin/env python3
"""Answers correctly, but never answers a request whose cmd is ``hang.py CMD`` (default
``beats``; ``hello`` hangs the handshake): the kit must time out."""

from __future__ import annotations

import sys
import time
from typing import Any

from mini import arg, serve

CMD = arg(1, "beats")


def hook(request: dict[str, Any], adapter: Any) -> None:
    if request.get("cmd") == CMD:
        sys.stderr.write(f"hang.py: not answering {CMD}\n")
        sys.stderr.flush()
        time.sleep(3600)
    return None


if __name__ == "__main__":
    serve(hook)
