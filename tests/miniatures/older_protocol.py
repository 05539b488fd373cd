#!/usr/bin/env python3
"""An engine written for protocol 1.0, before two conventions were added (issue 28):

- ``reading-bare`` (protocol 1.1, D10): it refuses a play declared by a bare shape word
  (``"pair"``), citing R03.1, as a reading it cannot read;
- ``reading-impossible`` (protocol 1.2, D38): it ignores a query's declared reading that no
  cards can have and answers about the cards (``straight 3-6`` declared on 3H 4D 5S 6C:
  "does not beat" instead of a refusal citing R03.4).

Everything else is the reference's. Its handshake declares the protocol version given as
the first argument (default ``1``, read as 1.0): declaring ``1``, the scenarios judging
those conventions are skipped, naming them; declaring ``1.2``, they fail.
"""

from __future__ import annotations

from typing import Any

from mini import arg, serve

from fivetenk.reference import Combo, RulesError, Shape


def _bare(text: Any) -> bool:
    try:
        Shape(text)
        Combo.parse(text)
    except (RulesError, ValueError):
        return isinstance(text, str) and text in {s.value for s in Shape}
    return False


def _possible(text: Any) -> bool:
    try:
        Combo.parse(text)
    except RulesError:
        return False
    return True


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any] | None:
    cmd, seq = request.get("cmd"), request.get("seq")
    if cmd == "hello":
        declared: Any = arg(1, "1")
        result = {**adapter.hello_result(), "name": "older-protocol",
                  "protocol": int(declared) if declared.isdigit() else declared}
        return {"seq": seq, "ok": True, "result": result}
    if cmd == "act":
        action = request.get("action") or {}
        if action.get("type") == "play" and _bare(action.get("shape")):
            return {"seq": seq, "ok": True, "result": {
                "accepted": False, "clause": "R03.1",
                "error": {"message": f"unknown reading {action['shape']!r}"}}}
    if cmd in ("beats", "plays"):
        cleaned = {k: v for k, v in request.items()
                   if not (k in ("reply_shape", "top_shape") and not _possible(v))}
        if cleaned != request:
            return adapter.handle(cleaned)  # type: ignore[no-any-return]
    return None


if __name__ == "__main__":
    serve(hook)
