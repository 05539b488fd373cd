#!/usr/bin/env python3
"""Speaks the protocol perfectly, but every query and game answer is wrong.

The right answer is computed by the reference and then corrupted (booleans flipped,
numbers off by one, strings altered, lists extended), so each expectation differs. Where
the corruption keeps the reply schema-valid the kit must report *failed*; where it breaks
the reply schema (a clause ``"wrong"``), *errored* as an invalid reply; never passed."""

from __future__ import annotations

import re
from typing import Any

from mini import serve

from fivetenk.impl.protocol import STEP_COMMANDS

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
READING = re.compile(r"^(?P<head>[a-z+]+(?: x\d+)? )(?P<rank>10|[2-9JQKA])(?P<tail>.*)$")
CLAUSE = re.compile(r"^R(\d\d)\.(\d+)$")


def _other_rank(rank: str) -> str:
    return RANKS[(RANKS.index(rank) + 1) % (len(RANKS) - 1)]


def corrupt_text(value: str) -> str:
    """Another value of the same notation, so the reply stays schema-valid: a reading of
    another rank (``pair 3`` -> ``pair 4``), another clause (``R05.2`` -> ``R02.1``), a
    card of another rank; anything else gets a ``?``."""
    reading = READING.match(value)
    if reading:
        return reading["head"] + _other_rank(reading["rank"]) + reading["tail"]
    if value == "rocket":
        return "single 3"
    if CLAUSE.match(value):
        return "R02.1" if value != "R02.1" else "R03.1"
    return value + "?"


def corrupt(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return corrupt_text(value)
    if value is None:
        return "R02.1"
    if isinstance(value, list):
        return [corrupt(v) for v in value] + ([corrupt(value[-1])] if value else [])
    if isinstance(value, dict):
        return {k: corrupt(v) for k, v in value.items()}
    return value


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any] | None:
    reply: dict[str, Any] = adapter.handle(request)
    if request.get("cmd") in STEP_COMMANDS and reply["ok"]:
        reply["result"] = corrupt(reply["result"])
    elif request.get("cmd") == "start" and reply["ok"] and reply["result"].get("accepted") is False:
        reply["result"] = {"accepted": True}  # a setup a scenario expects refused, accepted
    return reply


if __name__ == "__main__":
    serve(hook)
