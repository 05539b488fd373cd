"""Finding English text where only Spanish should be (issue 33, item 3): the Spanish book's
pages and ``fivetenk rules --lang es``.

What is reliable: a list of frequent English words that Spanish never writes, looked for
in every word a reader meets, once what may stand in any language is set aside (anything
quoted, ids, tags, paths, numbers, identifiers, a command's options). A Spanish sentence
holds none of these words; an English one of any length holds some (``the``, ``of``,
``is``, ``and``), as the checks on the English book and the English ``rules`` show."""

from __future__ import annotations

import re

ENGLISH_WORDS = frozenset([
    "the", "and", "of", "is", "are", "was", "were", "be", "been", "being", "with", "without",
    "to", "on", "by", "for", "from", "into", "onto", "that", "this", "these", "those", "it",
    "its", "which", "who", "whose", "when", "then", "than", "not", "but", "if", "or", "any",
    "every", "each", "only", "after", "before", "also", "still", "their", "they", "them",
    "there", "here", "what", "how", "can", "cannot", "may", "must", "does", "do", "did",
    "have", "had", "will", "would", "should", "at", "an", "in", "out", "up", "over", "under",
    "same", "other", "another", "both", "either", "neither", "plays", "played", "play", "seat",
    "seats", "player", "players", "hand", "hands", "card", "cards", "banker", "bankers",
    "kitty", "trick", "tricks", "beats", "beat", "wins", "win", "won", "level", "levels",
    "points", "side", "sides", "team", "call", "calls", "called", "lead", "leads", "partner",
    "partners", "defender", "defenders", "game", "match", "rule", "rules", "scenario",
    "scenarios", "example", "examples", "ruling", "rulings", "refused", "rejected", "citing",
    "holds", "passes", "reveals", "reveal", "buries"
])
"""Frequent English words that Spanish never writes (so not ``a``, ``no``, ``as``, ``has``,
``once`` or ``son``): function words, and the game's words a page would say in English
(``seat``, ``plays``, ``banker``). None is a word of the kit's notation either: a card is
``10H``, a reading ``bomb 4x7`` (in quotes or code), a variant ``twelve_bomb``."""

QUOTED = re.compile(r'"[^"\n]*"')
"""Anything quoted: cards and readings in a step, JSON's keys and texts."""

NOTATION = re.compile(r"[\d_/@#=\\<>]|\w[.:]\w|^--?\w")
"""A word (its surrounding punctuation trimmed) holding this is notation: an id (R05.1, D9,
R05-002), a tag, a path, a number, an identifier, a command's option (--out)."""


def english_words(text: str) -> list[str]:
    """The words of :data:`ENGLISH_WORDS` in ``text``, outside notation."""
    found = []
    for token in QUOTED.sub(" ", text).split():
        core = token.strip(".,;:()[]{}¿?¡!«»'…·—–")
        if not NOTATION.search(core):
            found += [w.lower() for w in re.findall(r"[^\W\d_]+", core)  # accented letters too
                      if w.lower() in ENGLISH_WORDS]
    return found
