#!/usr/bin/env python3
"""An engine that rejects the right actions for its own reasons: ``other_clause.py [--accept]``.

It plays every rule as the reference engine does, but numbers its rule book its own way:
every rejection (an action, a next hand, a query refused as bad input) cites another
clause than the reference's (``R02.1``, or ``R02.2`` where the reference cites ``R02.1``)
and carries its own ``error.code``, ``house-rule``, and its own message. A scenario whose
rejections are judged alone (``@any-clause``, issue 9) passes against it; one that
compares clauses fails on the clause, and its report shows the code and the message.

``--accept``: it also lets every action the reference rejects through (``accepted: true``,
the game unchanged), so that a rejection judged alone still fails: relaxing the clause
never relaxes the rejection.
"""

from __future__ import annotations

import sys
from typing import Any

from mini import serve

OTHER, FALLBACK = "R02.1", "R02.2"
CODE = "house-rule"


def hook(request: dict[str, Any], adapter: Any) -> dict[str, Any] | None:
    reply: dict[str, Any] = adapter.handle(request)
    result = reply.get("result")
    if not (reply.get("ok") and isinstance(result, dict) and result.get("accepted") is False):
        return reply
    if "--accept" in sys.argv and request.get("cmd") == "act":
        return {**reply, "result": {"accepted": True, "clause": None}}
    cited = FALLBACK if result.get("clause") == OTHER else OTHER
    return {**reply, "result": {"accepted": False, "clause": cited, "error": {
        "code": CODE, "clause": cited, "message": "not allowed by our house rules"}}}


if __name__ == "__main__":
    serve(hook)
