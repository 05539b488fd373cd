#!/usr/bin/env python3
"""An honest partial implementation: only the "queries" capability and only the default
variants. The kit must skip every game scenario (and every variant scenario), saying why,
and run the query scenarios."""

from __future__ import annotations

from typing import Any

from mini import serve


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any] | None:
    if request.get("cmd") == "hello":
        result = {**adapter.hello_result(), "name": "partial.py", "capabilities": ["queries"],
                  "variants": {}}
        return {"seq": request["seq"], "ok": True, "result": result}
    if request.get("cmd") == "start" and request.get("setup") is not None:
        return {"seq": request["seq"], "ok": False, "error": "partial.py plays no games"}
    return None


if __name__ == "__main__":
    serve(hook)
