"""The 5,10,K reference engine: pure Python, standard library only.

This package is the engine's front door: everything the kit uses of the engine is named
here, and the kit imports it from here (``from fivetenk.reference import Game``), never
from a module inside (the architecture test lists the few deliberate exceptions, tools that
work on the engine's own modules). The cards, errors, variants, combinations and plays
(:mod:`.cards`, :mod:`.errors`, :mod:`.variants`, :mod:`.combos`, :mod:`.plays`) are
loaded with the package; the game and what plays it (:mod:`.game`, :mod:`.actions`,
:mod:`.calls`, :mod:`.dealing`, :mod:`.position`, :mod:`.settlement`,
:mod:`.random_player`) and what only a Python caller uses (:mod:`.python_api`) on first
use of one of their names, so that a command that only reads cards, or only serves the
handshake, does not load the game at start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .cards import (
    ALL_FACES,
    DECKS,
    POINTS,
    Card,
    Rank,
    Suit,
    check_copies,
    format_cards,
    full_deck,
    parse_cards,
    points,
)
from .combos import Combo, Shape, beats, choose_reading, classify, make_combo
from .errors import (
    AmbiguousPlay,
    IllegalAction,
    IllegalPlay,
    InvalidCards,
    InvalidNotation,
    InvalidPosition,
    RulesError,
)
from .plays import Play, legal_plays
from .provenance import VARIANT_RULINGS
from .variants import CHOICES, DEFAULT, Variants

if TYPE_CHECKING:  # loaded on first use (LAZY, __getattr__); named here for the type checker
    from .actions import Action, CallSpec, card_key
    from .dealing import KITTY_SIZE, SEATS
    from .game import Game, Phase
    from .position import parse_position
    from .python_api import callable_faces, count_plays, legal_call_pairs, pick, shuffled_deck
    from .random_player import HandRecord, RandomPlayer, play_match, replay_match
    from .settlement import BANDS

LAZY: dict[str, str] = {
    "Action": "actions", "CallSpec": "actions", "card_key": "actions",
    "KITTY_SIZE": "dealing", "SEATS": "dealing",
    "Game": "game", "Phase": "game",
    "parse_position": "position",
    "callable_faces": "python_api", "count_plays": "python_api",
    "legal_call_pairs": "python_api", "pick": "python_api", "shuffled_deck": "python_api",
    "HandRecord": "random_player", "RandomPlayer": "random_player",
    "play_match": "random_player", "replay_match": "random_player",
    "BANDS": "settlement",
}
"""Name -> the module of the engine it is loaded from on first use."""


if not TYPE_CHECKING:  # hidden from the type checker, which would let any name through

    def __getattr__(name: str) -> Any:
        """A name of :data:`LAZY`, loaded from its module (then kept here like the others)."""
        module = LAZY.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *LAZY})


__all__ = [
    "ALL_FACES",
    "BANDS",
    "CHOICES",
    "DECKS",
    "DEFAULT",
    "KITTY_SIZE",
    "POINTS",
    "SEATS",
    "VARIANT_RULINGS",
    "Action",
    "AmbiguousPlay",
    "CallSpec",
    "Card",
    "Combo",
    "Game",
    "HandRecord",
    "IllegalAction",
    "IllegalPlay",
    "InvalidCards",
    "InvalidNotation",
    "InvalidPosition",
    "Phase",
    "Play",
    "RandomPlayer",
    "Rank",
    "RulesError",
    "Shape",
    "Suit",
    "Variants",
    "beats",
    "callable_faces",
    "card_key",
    "check_copies",
    "choose_reading",
    "classify",
    "count_plays",
    "format_cards",
    "full_deck",
    "legal_call_pairs",
    "legal_plays",
    "make_combo",
    "parse_cards",
    "parse_position",
    "pick",
    "play_match",
    "points",
    "replay_match",
    "shuffled_deck",
]
