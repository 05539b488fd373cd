#!/usr/bin/env python3
"""Answers correctly, except that the reply to a step (``garbage.py MODE [CMD]``, CMD
default: every step) is broken according to MODE:

- ``text``: a line that is not JSON;
- ``array``: JSON, but not an object;
- ``seq``: a reply for another ``seq``;
- ``nook``: no ``ok``;
- ``noresult``: ``"ok": true`` without ``result``;
- ``binary``: bytes that are not UTF-8;
- ``error``: a well-formed ``"ok": false`` (the implementation cannot do it).
"""

from __future__ import annotations

from typing import Any

from mini import arg, serve

from fivetenk.impl.protocol import STEP_COMMANDS

MODE = arg(1, "text")
CMD = arg(2, "")


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any] | bytes | None:
    cmd = request.get("cmd")
    if cmd not in STEP_COMMANDS or (CMD and cmd != CMD):
        return None
    seq = request["seq"]
    if MODE == "text":
        return b"this is not JSON\n"
    if MODE == "array":
        return b"[1, 2, 3]\n"
    if MODE == "seq":
        return {"seq": seq + 100, "ok": True, "result": {}}
    if MODE == "nook":
        return {"seq": seq, "result": {}}
    if MODE == "noresult":
        return {"seq": seq, "ok": True}
    if MODE == "binary":
        return b'{"seq": \xff\xfe}\n'
    if MODE == "error":
        return {"seq": seq, "ok": False, "error": f"garbage.py cannot do {cmd}"}
    raise SystemExit(f"garbage.py: unknown mode {MODE!r}")


if __name__ == "__main__":
    serve(hook)
