#!/usr/bin/env python3
"""Speaks protocol 99: the kit must error every scenario, naming both versions, and not
keep restarting it."""

from __future__ import annotations

from typing import Any

from mini import serve


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any]:
    seq = request.get("seq")
    if request.get("cmd") == "hello":
        result = {**adapter.hello_result(), "name": "wrong_version.py", "protocol": 99}
        return {"seq": seq, "ok": True, "result": result}
    if request.get("cmd") == "stop":
        return {"seq": seq, "ok": True, "result": {}}
    return {"seq": seq, "ok": False, "error": "I speak protocol 99"}


if __name__ == "__main__":
    serve(hook)
