#!/usr/bin/env python3
"""A plausible house-rule mistake the shipped suite misses and ``fivetenk fuzz`` finds.

Under ``call_ordinal: any`` (D14) a call may name an occurrence that can never be played;
it "simply never resolves", so the whole-side ending never comes (R17.1) and the hand ends
with one player left (R18.1). This engine counts a call as settled — as a self-call —
once nobody holds a copy of its face any more, so it ends such a hand as soon as a whole
side is out. Under the default ``bounded`` ordinal an open call always has a copy still to
play, so the default game is untouched. Otherwise this is the reference engine, served
with the real adapter loop.
"""

from __future__ import annotations

import sys
from typing import Any

from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import table as table_module

Table = table_module.Table
_ending = Table._ending


def _settled_ending(self: Any, seat: int) -> Any:
    if self.variants.call_ordinal != "any":
        return _ending(self, seat)
    saved = [(call, call.resolved_by) for call in self.calls]
    for call in self.calls:
        if call.resolved_by is None and not any(h[call.face] for h in self.hands):
            call.resolved_by = self.banker
    try:
        return _ending(self, seat)
    finally:
        for call, resolved_by in saved:
            call.resolved_by = resolved_by


Table._ending = _settled_ending  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer,
                   Adapter(name="fuzz_variant (impossible calls settle under call_ordinal any)")))
