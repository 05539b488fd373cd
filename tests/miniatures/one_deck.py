#!/usr/bin/env python3
"""A one-deck combination judge that says what it lacks: ``one_deck.py [--undeclared]``.

Like the Dou Dizhu judge of issue 8 that shares rules 2-5: it answers ``classify``,
``beats`` and ``plays`` (the reference engine's answers), but it has no scoring cards (no
``points``), its pack is one deck of 54 cards (so its ``deck`` answer is not this game's),
and it plays no hands (no ``deal``, no ``position``). Its handshake lists the commands it
has, one by one; the kit must skip every scenario that needs another, naming the missing
command, and pass the rest.

``--undeclared``: the handshake claims ``queries`` (all five query commands): the ``deck``
scenarios then fail (54 cards, not 162) and the ``points`` scenarios error (it refuses the
command), which is what the declaration spares.
"""

from __future__ import annotations

import sys
from typing import Any

from mini import serve

DECLARED = ["classify", "beats", "plays"]


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any] | None:
    cmd, seq = request.get("cmd"), request.get("seq")
    if cmd == "hello":
        result = {**adapter.hello_result(), "name": "one-deck judge",
                  "capabilities": ["queries"] if "--undeclared" in sys.argv else DECLARED}
        return {"seq": seq, "ok": True, "result": result}
    if cmd == "start" and request.get("setup") is not None:
        return {"seq": seq, "ok": False, "error": "one-deck judge plays no hands"}
    if cmd == "points":
        return {"seq": seq, "ok": False, "error": "one-deck judge has no scoring cards"}
    if cmd == "deck":
        return {"seq": seq, "ok": True,
                "result": {"cards": 54, "faces": 54, "copies": 1, "points": 0}}
    return None


if __name__ == "__main__":
    serve(hook)
