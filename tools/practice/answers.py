"""The answers of ``fivetenk play``: where they are read from, and what Tab completes.

:class:`Answers` reads one answer at a time: on a terminal through Python's readline
(line editing, history, Tab completion), from any other stream a line echoed to the
transcript. :func:`completions` gives the words that keep an answer on its way to a legal
one.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from typing import Any, TextIO

from ..reference import Action, Card, RulesError, card_key
from .screen import WIDTH

KEYWORDS = ("list", "dispute")
"""Words every question accepts besides its answers (and ``?``)."""


def _words(line: str) -> tuple[list[str], str]:
    """The finished words of ``line`` and the word being typed (upper case)."""
    words = line.upper().replace(",", " ").split()
    if line and not line[-1].isspace() and words:
        return words[:-1], words[-1]
    return words, ""


def _parse_cards(words: list[str]) -> list[Card] | None:
    try:
        return [Card.parse(w) for w in words]
    except RulesError:
        return None


def _order(word: str) -> tuple[int, int, str]:
    try:
        return (1, card_key(Card.parse(word)), word)
    except RulesError:
        return (0 if not word.isdigit() else 2, 0, word)


def completions(kind: str, line: str, options: list[Action], hand: list[Card]) -> list[str]:
    """The words that may complete the word being typed at the end of ``line``, in the
    canonical order: only words that keep the answer on its way to a legal one — the cards
    that, with those already typed, are part of a legal play; any card still in hand for
    the burial (up to six, R10.1); the level cards that may be revealed (D3); the faces
    and ordinals of the legal call pairs (R11.1) — and, as the first word, the keywords
    (``pass``/``skip`` where legal, ``list``, ``dispute``)."""
    typed, prefix = _words(line)
    if typed and typed[0].lower() == kind:  # the form the choices show: "reveal 3C"
        typed = typed[1:]
    found: set[str] = set()
    if not typed:
        found.update(KEYWORDS)
        found.update(a.type for a in options if a.type in ("pass", "skip"))
    if kind == "play":
        cards = _parse_cards(typed)
        if cards is not None:
            need = Counter(cards)
            for option in options:
                if option.type == "play":
                    have = Counter(option.cards)
                    if not need - have:
                        found.update(str(c) for c in have - need)
    elif kind == "bury":
        cards = _parse_cards(typed)
        if cards is not None and len(cards) < 6:
            found.update(str(c) for c in Counter(hand) - Counter(cards))
    elif kind == "reveal":
        if not typed:
            found.update(str(a.card) for a in options if a.type == "reveal")
    elif kind == "call":
        for option in options:
            a, b = option.calls
            for pair in ((a, b), (b, a)):  # either order is the same call (R11.1)
                words = [str(pair[0].face), str(pair[0].ordinal),
                         str(pair[1].face), str(pair[1].ordinal)]
                if len(typed) < 4 and words[:len(typed)] == typed:
                    found.add(words[len(typed)])
    return sorted((w for w in found if w.upper().startswith(prefix)), key=_order)


class Answers:
    """Where the answers come from. On a terminal (stdin and stdout both one): Python's
    readline, for line editing, history and Tab completion (:func:`completions`); from any
    other stream: one line at a time, echoed so that a transcript shows the answer."""

    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self.inp = inp
        self.out = out
        self.readline: Any = None
        if inp is sys.stdin and out is sys.stdout and inp.isatty() and out.isatty():
            try:
                # lazy: importing readline changes input(); at a terminal only
                import readline
            except ImportError:  # pragma: no cover - a Python built without readline
                return
            readline.set_completer_delims(" \t")
            if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
                readline.parse_and_bind("bind ^I rl_complete")
            else:
                readline.parse_and_bind("tab: complete")
            self.readline = readline

    def read(self, prompt: str, complete: Callable[[str], list[str]]) -> str | None:
        """One answer, or None at the end of input."""
        if self.readline is not None:
            readline = self.readline

            def completer(text: str, state: int) -> str | None:
                line = readline.get_line_buffer()[:readline.get_endidx()]
                found = complete(line)
                return found[state] if state < len(found) else None

            readline.set_completer(completer)
            # the colour codes of the prompt take no room on the line: \x01 ... \x02
            shown = prompt.replace("\x1b[1m", "\x01\x1b[1m\x02").replace(
                "\x1b[0m", "\x01\x1b[0m\x02")
            try:
                return input(shown)
            except EOFError:
                print(file=self.out)
                return None
            finally:
                readline.set_completer(None)
        print(prompt, end="", file=self.out, flush=True)
        line = self.inp.readline()
        if not line:
            print(file=self.out)
            return None
        if not self.out.isatty():  # the transcript shows the answer (cut to the width)
            text = line.strip()
            room = WIDTH - 4  # after the prompt, within the width
            print(text if len(text) <= room else text[:room - 2] + " …", file=self.out)
        return line
