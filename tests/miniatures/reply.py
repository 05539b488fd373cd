#!/usr/bin/env python3
"""Answers correctly, except that its reply to requests of some cmds is a line read from a
file, sent as it is: ``reply.py CMD=FILE[@COUNT]...``. ``{seq}`` in the line becomes the
request's seq, and a newline is added; with COUNT, only the first COUNT requests of that
cmd get it. The file can hold anything json.dumps cannot write: ``NaN``, a key twice,
``"\\ud800"``, a 5,000-digit integer, nesting 100,000 deep, a 900 KB error text, bytes that
are not UTF-8."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mini import serve

LINES: dict[str, bytes] = {}
LEFT: dict[str, int | None] = {}
for spec in sys.argv[1:]:
    cmd, _, rest = spec.partition("=")
    path, _, count = rest.partition("@")
    LINES[cmd] = Path(path).read_bytes()
    LEFT[cmd] = int(count) if count else None


def hook(request: dict[str, Any], adapter: Any) -> bytes | None:
    cmd = request.get("cmd")
    if not isinstance(cmd, str) or cmd not in LINES or LEFT[cmd] == 0:
        return None
    left = LEFT[cmd]
    if left is not None:
        LEFT[cmd] = left - 1
    return LINES[cmd].replace(b"{seq}", str(request["seq"]).encode()) + b"\n"


if __name__ == "__main__":
    serve(hook)
