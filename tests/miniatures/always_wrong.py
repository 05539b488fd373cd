#!/usr/bin/env python3
"""Speaks the protocol perfectly, but every query and game answer is wrong.

The right answer is computed by the reference and then corrupted (booleans flipped,
numbers off by one, strings altered, lists extended), so each expectation differs. Where
the corruption keeps the reply schema-valid the kit must report *failed*; where it breaks
the reply schema (a clause ``"wrong"``), *errored* as an invalid reply; never passed."""

from __future__ import annotations

from typing import Any

from mini import serve

from fivetenk.protocol import STEP_COMMANDS


def corrupt(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "?"
    if value is None:
        return "wrong"
    if isinstance(value, list):
        return [corrupt(v) for v in value] + ["extra"]
    if isinstance(value, dict):
        return {k: corrupt(v) for k, v in value.items()}
    return value


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any] | None:
    reply: dict[str, Any] = adapter.handle(request)
    if request.get("cmd") in STEP_COMMANDS and reply["ok"]:
        reply["result"] = corrupt(reply["result"])
    return reply


if __name__ == "__main__":
    serve(hook)
