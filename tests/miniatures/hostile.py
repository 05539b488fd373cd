#!/usr/bin/env python3
"""The reference adapter, with its replies corrupted according to a PLAN (a JSON file):
``hostile.py PLAN [STATE]``. The generative test (tests/impl/test_hostile_adapter.py) builds
plans with Hypothesis; the targeted tests write one plan per hostile case of issue 12.

Replies are written as raw text, so a plan can send what ``json.dumps`` never writes: NaN
and Infinity, duplicate keys, integers of thousands of digits, nesting thousands deep.

The plan (every key optional)::

    {"hello": MUTATION,          # applied to the reply to hello
     "mutations": [MUTATION|null, ...],
     "stride": 1, "phase": 0,    # which replies are corrupted (see below)
     "count": CMD}               # number (and corrupt) only the replies to CMD

Replies other than hello and stop (with ``count``, only the replies to that command) are
numbered 0, 1, 2... across restarts of the process
(the number is kept in the STATE file, default PLAN + ".state", so that a kit restarting the
implementation after a bad reply moves on instead of meeting the same reply again). Reply
``n`` is corrupted when ``n % stride == phase``, by ``mutations[(n // stride) % len]``;
``null`` leaves it intact.

Which replies a kit reads depends on timing when it pipelines: after a bad reply it kills
the process, and the replies the process wrote meanwhile to the requests sent ahead are
numbered but never read. ``"count": "start"`` makes the numbering the kit's scenario order:
each scenario's start is sent once the last one is over, and its reply is always read.

A MUTATION (a JSON object) is one of:

- ``{"at": PATH, "raw": TEXT}``: the value at PATH in the result replaced by the raw JSON
  TEXT. PATH is a list of integers, each picking a key (in order) or an item of the value
  reached so far, modulo their number, or of strings, each naming a key (added if absent);
  it stops at a scalar or an empty container. An empty PATH replaces the whole result.
- ``{"at": PATH, "deep": N}``: that value replaced by arrays nested N deep.
- ``{"at": PATH, "digits": N}``: that value replaced by an integer of N digits.
- ``{"at": PATH, "text": S, "repeat": R}``: that value replaced by the string S * R.
- ``{"dup": KEY, "raw": TEXT}``: the result gets KEY a second time (``"KEY": TEXT`` appended).
- ``{"error": S, "repeat": R}``: the reply is ``"ok": false`` with the error text S * R.
- ``{"line": TEXT}``: the whole reply line replaced by TEXT (a newline is added).

Any mutation may also hold ``"cmd"``: it then applies only to replies to that command
(others are sent intact).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from mini import arg, serve

PLAN_PATH = Path(arg(1, "plan.json"))
STATE_PATH = Path(arg(2, str(PLAN_PATH) + ".state"))
PLAN: dict[str, Any] = json.loads(PLAN_PATH.read_text(encoding="utf-8"))
MARK = "@@hostile-value-5c1e@@"
"""Stands for the value to replace while the reply is serialised."""


def _count() -> int:
    """The number of the next reply (0 on the first start)."""
    try:
        return int(STATE_PATH.read_text())
    except (OSError, ValueError):
        return 0


def _value_text(mutation: dict[str, Any]) -> str:
    """The raw JSON text a value mutation puts in place."""
    if "raw" in mutation:
        return str(mutation["raw"])
    if "deep" in mutation:
        depth = int(mutation["deep"])
        return "[" * depth + "]" * depth
    if "digits" in mutation:
        digits = int(mutation["digits"])
        return "9" * max(digits, 1)
    text = str(mutation.get("text", "")) * int(mutation.get("repeat", 1))
    return json.dumps(text)


def _place(result: Any, path: list[int | str]) -> Any:
    """``result`` with the value at ``path`` (resolved modulo, see the module doc)
    replaced by :data:`MARK`."""
    if not path:
        return MARK
    node = result
    parent: Any = None
    key: Any = None
    for step in path:
        if isinstance(node, dict) and isinstance(step, str):
            parent, key = node, step
            node = parent.setdefault(key, None)
            continue
        if isinstance(step, str):
            break
        if isinstance(node, dict) and node:
            parent, key = node, list(node)[step % len(node)]
        elif isinstance(node, list) and node:
            parent, key = node, step % len(node)
        else:
            break
        node = parent[key]
    if parent is None:
        return MARK
    parent[key] = MARK
    return result


def corrupt(reply: dict[str, Any], mutation: dict[str, Any]) -> bytes:
    """The reply line after ``mutation`` (raw bytes, newline-terminated)."""
    if "line" in mutation:
        return str(mutation["line"]).encode("utf-8", "surrogatepass") + b"\n"
    seq = reply.get("seq")
    if "error" in mutation:
        text = str(mutation["error"]) * int(mutation.get("repeat", 1))
        return (json.dumps({"seq": seq, "ok": False, "error": text}) + "\n").encode()
    result = json.loads(json.dumps(reply.get("result", {}))) if reply.get("ok") else {}
    if "dup" in mutation:
        body = json.dumps(result)
        extra = f"{json.dumps(str(mutation['dup']))}: {_value_text(mutation)}"
        body = body[:-1] + (", " if body != "{}" else "") + extra + "}"
    else:
        body = json.dumps(_place(result, list(mutation.get("at", []))))
        body = body.replace(json.dumps(MARK), _value_text(mutation), 1)
    line = '{"seq": ' + json.dumps(seq) + ', "ok": true, "result": ' + body + "}\n"
    return line.encode("utf-8", "surrogatepass")


def hook(request: dict[str, Any], adapter: Any) -> bytes | None:
    cmd = request.get("cmd")
    if cmd == "stop":
        return None
    reply = adapter.handle(request)
    if cmd == "hello":
        mutation = PLAN.get("hello")
        return None if not mutation else corrupt(reply, mutation)
    counted = PLAN.get("count")
    if counted is not None and cmd != counted:
        return (json.dumps(reply) + "\n").encode()
    n = _count()
    STATE_PATH.write_text(str(n + 1))
    mutations = PLAN.get("mutations") or [None]
    stride = max(int(PLAN.get("stride", 1)), 1)
    if n % stride != int(PLAN.get("phase", 0)) % stride:
        return (json.dumps(reply) + "\n").encode()
    mutation = mutations[(n // stride) % len(mutations)]
    if not mutation or mutation.get("cmd", cmd) != cmd:
        return (json.dumps(reply) + "\n").encode()
    return corrupt(reply, mutation)


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    serve(hook)
