#!/usr/bin/env python3
"""A plausible settlement mistake the shipped suite misses and ``fivetenk fuzz`` finds.

The engine gives the kitty to the winner of the last *completed* trick (R19.2) even when
the hand ends early by a whole side going out (R17.2, R17.3), where the current trick is
the final valid trick and the kitty belongs to the seat that made the ending play (R19.3).
Before any trick is complete it falls back to that seat. Otherwise this is the reference
engine, served with the real adapter loop.
"""

from __future__ import annotations

import sys
from typing import Any

from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import game as game_module
from fivetenk.reference import table as table_module
from fivetenk.reference.settlement import Ending

Table, Game = table_module.Table, game_module.Game
_last_winner: dict[int, int] = {}
_current: list[Any] = [None]
_init, _close, _apply = Table.__init__, Table._close_trick, Game.apply
_settle = getattr(game_module, "settle")  # noqa: B009 - imported there, not exported


def _new_init(self: Any, variants: Any) -> None:
    _init(self, variants)
    _last_winner.pop(id(self), None)


def _new_close(self: Any) -> None:
    _last_winner[id(self)] = self.trick.top_seat
    _close(self)


def _new_apply(self: Any, action: Any) -> None:
    _current[0] = self._t
    _apply(self, action)


def _new_settle(**kwargs: Any) -> Any:
    table = _current[0]
    if kwargs["ending"] is not Ending.ONE_PLAYER_LEFT and id(table) in _last_winner:
        kwargs["kitty_to"] = _last_winner[id(table)]
    return _settle(**kwargs)


Table.__init__ = _new_init  # type: ignore[method-assign]
Table._close_trick = _new_close  # type: ignore[method-assign]
Game.apply = _new_apply  # type: ignore[method-assign]
setattr(game_module, "settle", _new_settle)  # noqa: B010

if __name__ == "__main__":
    sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer,
                   Adapter(name="fuzz_endings (kitty to the last completed trick)")))
