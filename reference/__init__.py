"""The 5,10,K reference engine: pure Python, standard library only.

Public API re-exported from :mod:`.cards`, :mod:`.errors`, :mod:`.variants`,
:mod:`.combos`, :mod:`.plays` and :mod:`.python_api` (what only a Python caller uses).
"""

from __future__ import annotations

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
from .python_api import count_plays
from .variants import DEFAULT, Variants

__all__ = [
    "ALL_FACES",
    "DECKS",
    "DEFAULT",
    "POINTS",
    "AmbiguousPlay",
    "Card",
    "Combo",
    "IllegalAction",
    "IllegalPlay",
    "InvalidCards",
    "InvalidNotation",
    "InvalidPosition",
    "Play",
    "Rank",
    "RulesError",
    "Shape",
    "Suit",
    "Variants",
    "beats",
    "check_copies",
    "choose_reading",
    "classify",
    "count_plays",
    "format_cards",
    "full_deck",
    "legal_plays",
    "make_combo",
    "parse_cards",
    "points",
]
