"""Cards, steps and positions for people, on the book's pages: a card as a glyph labelled
for screen readers, text with its cards as glyphs, a ruling's prose, a scenario's steps as
the sentences its feature file writes (in English or Spanish) and a position as six seats.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..model.scenario import Scenario, ScenarioError

_CARD = r"(?:10|[2-9JQKA])[SHCD]|SJ|BJ"
CARD = re.compile(rf"(?<![A-Za-z0-9])(?:{_CARD})(?![A-Za-z0-9])")
"""A card as the scenario language writes it: rank and suit (``10H``, ``AS``) or a joker."""
QUOTED_CARDS = re.compile(rf'"((?:{_CARD})(?: (?:{_CARD}))*)"')
"""Cards in quotes (``"10H 10H"``): shown as glyphs without the quotes."""

SUITS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "C": ("♣", "clubs"),
         "D": ("♦", "diamonds")}
RANK_NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUITS_ES = {"S": "picas", "H": "corazones", "C": "tréboles", "D": "diamantes"}
RANK_NAMES_ES = {"J": "jota", "Q": "reina", "K": "rey", "A": "as"}

KEYWORDS = {
    "given": ("Given", "Dado", "Dada", "Dados", "Dadas", "Sea", "Sean"),
    "when": ("When", "Cuando"),
    "then": ("Then", "Entonces"),
    "and": ("And", "But", "Y", "E", "Pero"),
}


def card_label(code: str, lang: str = "en") -> str:
    """A card's name for screen readers: ``10 of hearts``, ``big joker``."""
    if code in ("SJ", "BJ"):
        if lang == "es":
            return "comodín pequeño" if code == "SJ" else "comodín grande"
        return "small joker" if code == "SJ" else "big joker"
    rank, suit = code[:-1], code[-1]
    if lang == "es":
        return f"{RANK_NAMES_ES.get(rank, rank)} de {SUITS_ES[suit]}"
    return f"{RANK_NAMES.get(rank, rank)} of {SUITS[suit][1]}"


@lru_cache(maxsize=1024)  # pure, and asked for 20,000 times a book
def card_html(code: str, lang: str = "en") -> Any:
    """One card as a glyph: ``<span class="card red" data-card="10H">10♥</span>`` (jokers
    ``SJ`` and ``BJ`` distinct in glyph and colour), labelled for screen readers."""
    # lazy: `fivetenk book --help` starts without markupsafe
    from markupsafe import Markup, escape

    if code in ("SJ", "BJ"):
        glyph, colour = ("☆J", "joker-small") if code == "SJ" else ("★J", "joker-big")
    else:
        suit = code[-1]
        glyph = code[:-1] + SUITS[suit][0]
        colour = "red" if suit in "HD" else "black"
    return Markup('<span class="card {}" data-card="{}" role="img" aria-label="{}">{}</span>'
                  ).format(colour, escape(code), card_label(code, lang), glyph)


@lru_cache(maxsize=16384)  # pure; a step's text recurs across pages and builds
def with_cards(text: str, lang: str = "en") -> Any:
    """``text`` escaped, with every card in it shown as a glyph (:func:`card_html`)."""
    # lazy: `fivetenk book --help` starts without markupsafe
    from markupsafe import Markup

    out: list[Any] = []
    pos = 0
    for quoted in QUOTED_CARDS.finditer(text):
        out.append(_cards_in(text[pos:quoted.start()], lang))
        glyphs = Markup("").join(card_html(c, lang) for c in quoted.group(1).split())
        out.append(Markup('<span class="cards">{}</span>').format(glyphs))
        pos = quoted.end()
    out.append(_cards_in(text[pos:], lang))
    return Markup("").join(out)


def _cards_in(text: str, lang: str) -> Any:
    # lazy: `fivetenk book --help` starts without markupsafe
    from markupsafe import Markup, escape

    out: list[Any] = []
    pos = 0
    for match in CARD.finditer(text):
        out.append(escape(text[pos:match.start()]))
        out.append(card_html(match.group(), lang))
        pos = match.end()
    out.append(escape(text[pos:]))
    return Markup("").join(out)


def prose(text: str, lang: str = "en") -> Any:
    """A ruling's text for a page: escaped, cards as glyphs (:func:`with_cards`), ``**x**``
    in bold, and each ```code``` span shown as code (notation and protocol words such as
    ```beats``` or ```bomb 3x7``` are data; cards inside one still become glyphs)."""
    # lazy: `fivetenk book --help` starts without markupsafe
    from markupsafe import Markup

    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: nothing is code
        return _strong(text, lang)
    return Markup("").join(
        _strong(part, lang) if i % 2 == 0
        else Markup("<code>{}</code>").format(with_cards(part, lang))
        for i, part in enumerate(parts))


STRONG = re.compile(r"\*\*([^*\n]+)\*\*")
"""Markdown's ``**strong**`` in a ruling text (``**variant**``): shown in bold, never as
asterisks (issue 33: no raw Markdown reaches a page)."""


def _strong(text: str, lang: str) -> Any:
    # lazy: `fivetenk book --help` starts without markupsafe
    from markupsafe import Markup

    parts = STRONG.split(text)
    return Markup("").join(
        with_cards(part, lang) if i % 2 == 0
        else Markup("<strong>{}</strong>").format(with_cards(part, lang))
        for i, part in enumerate(parts))


@dataclass(frozen=True)
class Step:
    """A step as a sentence: its keyword, the rest, its kind (given, when, then) and any
    block written under it (a docstring or a table)."""

    keyword: str
    text: str
    kind: str
    block: str = ""


def step_lines(scenario: Scenario, lang: str) -> list[str]:
    """The scenario's step lines as its feature file writes them (outline values filled in:
    ``Then the hand goes on``, not the observation it compiles to), in Spanish translated
    line by line by the steps' own Spanish phrases; rendered from the scenario
    (:func:`fivetenk.language.render_steps`) when there is no feature file to read (a JSON
    scenario) or a written line has no translation."""
    # lazy: `fivetenk book --help` starts without evidence
    from ..language import render_steps
    from ..language.registry import translate_lines
    from ..results.evidence import written

    found = written(scenario)
    if found is not None:
        lines: list[str] = []
        for st in found.steps:
            lines.append(f"{st.keyword} {st.text}")
            lines += ["  " + a for a in st.argument]
        lines = [agree(line) for line in lines]
        if lang == "en":
            return lines
        try:
            return translate_lines(lines, "es")
        except ScenarioError:
            pass
    return list(render_steps(scenario, "es" if lang == "es" else "en"))


AGREEMENT = ((re.compile(r"(?<![\d.,])1 cards have been dealt"), "1 card has been dealt"),)
"""English phrases an outline row fills with the number 1, and their singular (issue 22:
``And <draw> cards have been dealt`` reads ``1 card has been dealt`` for draw 1)."""


def agree(line: str) -> str:
    """``line`` with a count of 1 agreeing with its noun and verb (:data:`AGREEMENT`)."""
    for pattern, singular in AGREEMENT:
        line = pattern.sub(singular, line)
    return line


def steps_of(scenario: Scenario, lang: str, lines: list[str] | None = None) -> list[Step]:
    """The scenario's steps as sentences (of its ``lines``, :func:`step_lines` if none are
    given); an ``And`` takes the kind of the step before it, so every outcome (``Then``
    and its ``And`` lines) is marked ``then``."""
    out: list[Step] = []
    kind = "given"
    for line in step_lines(scenario, lang) if lines is None else lines:
        if line[:1].isspace() and out:
            last = out[-1]
            block = (last.block + "\n" if last.block else "") + line[2:]
            out[-1] = Step(last.keyword, last.text, last.kind, block)
            continue
        keyword, _, rest = line.partition(" ")
        for name, words in KEYWORDS.items():
            if keyword in words:
                if name != "and":
                    kind = name
                break
        out.append(Step(keyword, rest, kind))
    return out


def seats_of(setup: dict[str, Any] | None) -> dict[str, Any] | None:
    """A position setup as six seats for the template: each seat's cards, level, points and
    marks (banker, to play, out), the calls, the revealed card, the burial and the trick."""
    if not isinstance(setup, dict) or not isinstance(setup.get("position"), dict):
        return None
    p = setup["position"]
    hands = p.get("hands") or [[] for _ in range(6)]
    levels = p.get("levels") or [""] * 6
    captured = p.get("captured") or [0] * 6
    out = set(p.get("out") or [])
    seats = [{"n": i, "cards": list(hands[i]) if i < len(hands) else [],
              "level": levels[i] if i < len(levels) else "",
              "captured": captured[i] if i < len(captured) else 0,
              "banker": p.get("banker") == i, "turn": p.get("turn") == i, "out": i in out}
             for i in range(6)]
    trick = p.get("trick") if isinstance(p.get("trick"), dict) else None
    return {"seats": seats, "calls": p.get("calls") or [], "reveal": p.get("reveal"),
            "buried": p.get("buried") or [], "trick": trick, "phase": p.get("phase", ""),
            "hand": p.get("hand")}
