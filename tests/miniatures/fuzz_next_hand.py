#!/usr/bin/env python3
"""A plausible match mistake the shipped suite misses and ``fivetenk fuzz`` finds.

The next hand of a match is dealt first to the seat after this hand's banker (R23.1, D2)
unless the scenario says who. This engine starts the deal at the banker themself (an
off-by-one in the dealer rotation: "the banker deals, so the banker's seat comes first"),
so every later hand dealt without an explicit first seat is dealt to the wrong seats.
Every shipped scenario that deals a next hand names the first seat or the order, so the
suite passes. Otherwise this is the reference engine, served with the real adapter loop.
"""

from __future__ import annotations

import sys
from typing import Any

from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import game as game_module

Game = game_module.Game
_start_hand = Game._start_hand


def _start_at_banker(self: Any, deck: Any, first: int | None, redeals: Any) -> None:
    if first is None and self._previous_banker is not None and self.hand_number > 1:
        first = self._previous_banker
    _start_hand(self, deck, first, redeals)


Game._start_hand = _start_at_banker  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer,
                   Adapter(name="fuzz_next_hand (the next hand is dealt from the banker)")))
