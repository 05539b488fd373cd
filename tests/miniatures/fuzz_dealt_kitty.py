#!/usr/bin/env python3
"""The reference adapter with a settlement mistake that only a dealt hand shows: it scores
(and shows) the kitty as it was *dealt*, not the six cards the banker buried (R10.2, R19.3,
D7: the buried cards are the kitty that scores). From a position there is no dealt kitty,
so it settles right: every written position case passes on it.

``fivetenk fuzz`` found it in whole hands of 234-355 steps and could not shrink it (the
shrinker replays positions, where a dealt kitty does not exist: issue 19). It now
rebuilds the deal itself as a short hand that keeps the dealt kitty and the burial
(:mod:`fivetenk.fuzz.short_deal`); tests/fuzz/test_fuzz_games.py shows it.
"""

from __future__ import annotations

import sys
from typing import Any

from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import game as game_module

Game = game_module.Game
_current: list[Any] = [None]
_settle_method = Game._settle
_settle = getattr(game_module, "settle")  # noqa: B009 - imported there, not exported


def _new_settle_method(self: Any) -> None:
    _current[0] = self
    _settle_method(self)


def _dealt_kitty(game: Any) -> list[Any]:
    try:
        return list(game._d.kitty) if game is not None and game._d.deck else []
    except (AttributeError, TypeError):  # a game from a position: nothing was dealt
        return []


def _new_settle(**kwargs: Any) -> Any:
    dealt = _dealt_kitty(_current[0])
    if dealt:
        kwargs["kitty"] = sorted(dealt)
    return _settle(**kwargs)


Game._settle = _new_settle_method  # type: ignore[method-assign]
setattr(game_module, "settle", _new_settle)  # noqa: B010

if __name__ == "__main__":
    sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer,
                   Adapter(name="fuzz_dealt_kitty (the dealt kitty scores, not the burial)")))
