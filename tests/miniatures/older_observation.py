#!/usr/bin/env python3
"""A correct engine written before the two optional observation fields existed
(schemas/protocol.md, "Two fields are optional"): its observations carry no
``whole_side_check`` and its settlements no ``result.credited``. Everything else is the
reference's.

``fivetenk fuzz`` once diverged at the first observation of every game case against such a
peer engine: the missing field masked all play and took every shrink slot (issue 19). The
fuzzer now says once which optional fields the engine leaves out and compares the rest;
tests/fuzz/test_fuzz_games.py shows it finds nothing here, and still finds a wrong value of a
field an engine does send.
"""

from __future__ import annotations

from typing import Any

from mini import serve


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any] | None:
    if request.get("cmd") != "observe":
        return None
    reply: dict[str, Any] = adapter.handle(request)
    result = reply.get("result")
    if reply.get("ok") and isinstance(result, dict):
        result.pop("whole_side_check", None)
        if isinstance(result.get("result"), dict):
            result["result"].pop("credited", None)
    return reply


if __name__ == "__main__":
    serve(hook)
