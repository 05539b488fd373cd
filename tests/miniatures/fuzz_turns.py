#!/usr/bin/env python3
"""A plausible turn-order mistake the shipped suite misses and ``fivetenk fuzz`` finds.

The engine remembers who was out when a trick began and, when the trick's winner has gone
out, gives the next lead to the first seat after the winner that was not out *then*
(R15.1, D19). A seat that went out earlier in the same trick, on a play that was beaten,
is wrongly given the lead: it holds no cards, so the game is stuck on its turn. Otherwise
this is the reference engine, served with the real adapter loop.
"""

from __future__ import annotations

import sys
from typing import Any

from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import table as table_module

Table = table_module.Table
_out_at_lead: dict[int, list[int]] = {}
_init, _play = Table.__init__, Table.play


def _new_init(self: Any, variants: Any) -> None:
    _init(self, variants)
    _out_at_lead.pop(id(self), None)


def _new_play(self: Any, seat: int, cards: Any, combo: Any) -> None:
    if self.trick is None:
        _out_at_lead[id(self)] = list(self.out)
    _play(self, seat, cards, combo)


def _close_trick(self: Any) -> None:
    trick = self.trick
    winner = trick.top_seat
    self.captured[winner] += trick.points
    self.trick = None
    stale = _out_at_lead.get(id(self), [s for s in range(6) if not self.sizes[s]])
    for step in range(6):
        seat = (winner + step) % 6
        if seat in stale or (seat == winner and not self.sizes[seat]):
            continue
        self.turn = seat
        return


Table.__init__ = _new_init  # type: ignore[method-assign]
Table.play = _new_play  # type: ignore[method-assign]
Table._close_trick = _close_trick  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer,
                   Adapter(name="fuzz_turns (stale out list for the next lead)")))
