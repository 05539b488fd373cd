#!/usr/bin/env python3
"""Answers correctly, except that its reply to a step (``bulky.py [COUNT] [CMD]``, COUNT
default 400,000, CMD default every step) is well framed but bulky: the reference's result
with COUNT integers where strings belong -- in its first list (``readings``, ``plays``, a
hand), or, in a result without one, in place of its first string (``reading``). With the
default COUNT the line is about 800 KB, under the kit's 1 MiB line bound, so it reaches
schema validation: the kit must error the scenario quickly and in bounded memory."""

from __future__ import annotations

import json
from typing import Any

from mini import arg, serve

from fivetenk.impl.protocol import STEP_COMMANDS

COUNT = int(arg(1, "400000"))
CMD = arg(2, "")
MARK = "@@bulky@@"


def _bulk(value: Any) -> bool:
    """Replace the first list (else the first string) inside ``value`` by :data:`MARK`."""
    for want in (list, str):
        stack = [value]
        while stack:
            node = stack.pop()
            items = node.items() if isinstance(node, dict) else enumerate(node) \
                if isinstance(node, list) else ()
            for key, item in items:
                if isinstance(item, want):
                    node[key] = MARK
                    return True
                stack.append(item)
    return False


def hook(request: dict[str, Any], adapter: Any) -> bytes | None:
    cmd = request.get("cmd")
    if cmd not in STEP_COMMANDS or (CMD and cmd != CMD):
        return None
    reply = adapter.handle(request)
    result = reply.get("result")
    if not isinstance(result, dict):
        return None
    if not _bulk(result):
        result["items"] = MARK
    text = json.dumps(reply).replace(json.dumps(MARK), "[" + ",".join(["7"] * COUNT) + "]")
    return (text + "\n").encode()


if __name__ == "__main__":
    serve(hook)
