#!/usr/bin/env python3
"""An adapter written for a later kit: its handshake uses words this kit does not know.

It plays the reference engine, and its handshake declares, besides everything this kit
knows, a capability ``teleport``, a shape ``flush``, a variant ``trumps`` and a value
``rocket: wild`` -- one of them holding an escape sequence, which the report must show
escaped. The kit must ignore each one with a warning (in the console, once, near the
top, and in the JSON-lines run record), never refuse the handshake, and judge every
scenario as usual.
"""

from __future__ import annotations

from typing import Any

from mini import serve


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any] | None:
    if request.get("cmd") != "hello":
        return None
    result = adapter.hello_result()
    result["name"] = "later-kit"
    result["capabilities"] = [*result["capabilities"], "teleport"]
    result["shapes"] = [*result["shapes"], "flush\x1b[2J"]
    result["variants"] = {**result["variants"], "trumps": ["on", "off"],
                          "rocket": [*result["variants"]["rocket"], "wild"]}
    return {"seq": request["seq"], "ok": True, "result": result}


if __name__ == "__main__":
    serve(hook)
