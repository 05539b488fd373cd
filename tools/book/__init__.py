"""``fivetenk book --out DIR [--report NAME=FILE.jsonl ...] [--lang en|es]``: the living
rulebook, a static site written from the kit's own data (issue 10).

It writes, with relative links only and nothing fetched from the network (it opens from
disk, ``file://``):

- ``index.html``: how the book was made (kit version, command), the 24 rules, the
  rulings and the reports;
- on every page, a search box over How to play, its glossary, the summary, rules, clauses,
  rulings and scenario titles (synonyms in both languages: comodín finds the jokers), clause and
  ruling texts included (``search.js`` over ``search-index.js``, client-side); it lists
  the first 40 results and says how many more there are, with a button to list them all;
- ``rules/Rnn.html``: the rule first (issue 22): its text in English and Spanish, its
  summary, the feature's description and its ``Rule:`` headlines; then each clause with its
  English and Spanish text side by side and the text of every ruling that reads it (and
  the house-rule variants that change it), 2 to 4 examples in full (tagged ``@example``,
  else the kit's pick: :mod:`fivetenk.book.reading`): cards as glyphs, a position as six
  seats, each step a sentence, the expected outcome highlighted, the Gherkin one click away
  and a link to its feature file and line; every other scenario of the clause folded, with
  its count. With reports, each scenario says how each report judged it, and a filter
  shows only the scenarios of one status;
- ``howto.html``: How to play (issue 33): the goal, the card order, every combination with
  an example, a seeded hand of the reference engine walked in order with notes on its
  notable plays, the scoring table, a glossary and the legend of the glyphs
  (:mod:`fivetenk.book.howto`, :mod:`fivetenk.book.learn`);
- ``summary.html``: every rule on one page; ``variants.html``: every house-rule variant;
- on a rule page, an example that asks about cards is said as a player says it
  (:mod:`fivetenk.book.said`), its steps, the feature's notes and the protocol's rulings
  folded under "For implementers";
- ``rulings/Dnn.html``: a ruling's text, its variants, every scenario tagged with it;
- ``features/NAME.feature.html``: each shipped feature file with a numbered line to link;
- the Spanish book (``--lang es``) says everything in Spanish (issue 33): the rule and clause
  texts of rules.es.txt only, every scenario title, headline and note in Spanish, the
  Gherkin and each feature page in the scenario language's Spanish, a failure's evidence
  in Spanish; a report's own words (an engine's message) are shown as data;
- with ``--report``: ``matrix.html`` (rows the clauses grouped by rule with each rule's and
  the overall totals, a column per report, cells with the count of each status and a link
  to every failure's evidence, a "failing rows only" filter: :mod:`fivetenk.book.matrix`)
  and ``failures/<slug>.html``, the evidence of every failure, error and unexpected pass
  of that report (the steps with the failing one marked, request, expected, observed).

A report is the JSON-lines file of ``fivetenk check --jsonl FILE`` (:mod:`fivetenk.report`):
a ``"record": "run"`` line, then ``"scenario"`` and ``"stale"`` lines. Anything else is
bad input (exit 2) naming the file, the line and what was expected; nothing is written.

Everything a report holds came from an implementation the kit does not trust: every text
of it goes through :func:`fivetenk.report.visible` (control characters and bidirectional
overrides shown escaped, each text bounded) and Jinja2's autoescaping, so no name,
message or observed value can add markup, a script or a line of its own to a page.

The output is deterministic (no timestamps, everything in spec, file or name order): two
builds from the same inputs write the same bytes. The book is written to a temporary
folder next to ``DIR`` and renamed into place, so a failed build leaves no partial book;
an existing ``DIR`` is replaced only when it is empty or an earlier book (it holds the
marker file ``.fivetenk-book``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .. import __version__
from ..report import (
    MESSAGE_LIMIT,
    NAME_LIMIT,
    RECEIVED_LIMIT,
    STATUSES,
    TEXT_LIMIT,
    VALUE_LIMIT,
    json_text,
    visible,
)
from ..scenario import Scenario, ScenarioError, decode_text, parse_json, read_bytes
from ..spec_data import LANGS, Spec
from . import howto, learn, matrix, said, spanish
from .matrix import BAD_STATUSES
from .reading import feature_texts, fresh, pick_examples, rule_bodies, split_long
from .titles import DESCRIPTIONS, HEADLINES, spanish_title, titled
from .words import WORDS, count

__all__ = ["BookError", "add_arguments", "build", "read_report", "run"]

MARKER = ".fivetenk-book"
"""The file that marks a folder as a book this command wrote (and may replace)."""


REPORT_NAME = re.compile(r"[^\x00-\x1f\x7f=]{1,60}")
"""A report's name (``--report NAME=FILE``): 1 to 60 printable characters, no ``=`` (and
nothing :func:`fivetenk.report.visible` would escape: no bidirectional controls, no
undecodable bytes)."""

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

class BookError(ScenarioError):
    """Bad input to the book (a report that is not a fivetenk JSON-lines report, a bad
    ``--report`` or ``--out``): the CLI prints it and exits with 2."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``book`` options: ``--out DIR``, ``--report NAME=FILE`` (repeatable), ``--lang``."""
    parser.add_argument("--out", type=Path, required=True, metavar="DIR",
                        help="the folder to write the book to (replaced if it holds an "
                        "earlier book; must be empty or absent otherwise)")
    parser.add_argument("--report", action="append", default=[], metavar="NAME=FILE",
                        help="a JSON-lines report of `fivetenk check --jsonl FILE`, shown "
                        "as the column NAME of the results matrix (repeat for several)")
    parser.add_argument("--lang", choices=LANGS, default="en",
                        help="language of the interface and the scenario steps (default: en)")


# ---------------------------------------------------------------------------------------------
# Reports
# ---------------------------------------------------------------------------------------------


@dataclass
class Report:
    """One ``--report``: its name and column, and the records read from its file."""

    name: str
    slug: str
    file: str
    implementation: str = ""
    records: list[dict[str, Any]] = field(default_factory=list)
    stale: list[dict[str, Any]] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        return Counter(r["status"] for r in self.records)


MAX_REPORT_BYTES = 32 * 1024 * 1024
"""The largest report the book reads: 32 MiB. A report of the whole shipped suite with
every scenario failing, evidence and all, is about 2 MiB; at most this many bytes plus one
are ever read (a link to ``/dev/zero`` is refused by its size, never read to the end)."""

MAX_RECORD_BYTES = 4 * 1024 * 1024
"""The longest line (one record) of a report the book reads: 4 MiB, as for any file of
cases (:data:`fivetenk.scenario.MAX_FILE_BYTES`). `fivetenk check --jsonl` bounds every
text and value of a record, so its lines stay far shorter (a few KiB)."""


def read_report(name: str, path: Path) -> Report:
    """A report read from ``path`` and checked: the first line a ``"record": "run"``
    object naming the implementation, every other line a ``"scenario"`` record (an id,
    a known status, clauses as a list of texts) or a ``"stale"`` record. Anything else is
    a :class:`BookError` at ``FILE:LINE`` saying what was expected.

    The file is read as every file the user names is (:func:`fivetenk.scenario.read_bytes`:
    a regular file only, so a FIFO or a device is refused before it is opened, at most
    :data:`MAX_REPORT_BYTES`, UTF-8 without NUL bytes) and each line as strict JSON
    (:func:`fivetenk.scenario.parse_json`: no duplicate keys, NaN, lone surrogates, nesting
    deeper than 64 or numbers beyond 2^53)."""
    shown = visible(str(path), NAME_LIMIT)
    text = decode_text(read_bytes(path, shown, BookError, MAX_REPORT_BYTES), shown, BookError)
    report = Report(name=name, slug="", file=visible(path.name, NAME_LIMIT))
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise BookError("not a fivetenk JSON-lines report: the file is empty; expected a "
                        "first line {\"record\": \"run\", ...} as `fivetenk check --jsonl "
                        "FILE` writes", where=f"{shown}:1")
    seen: set[str] = set()
    for number, raw in enumerate(lines, start=1):
        where = f"{shown}:{number}"
        if len(raw) > MAX_RECORD_BYTES:  # characters: at least as many bytes
            raise BookError(f"not a fivetenk JSON-lines report: a line of {len(raw):,} "
                            f"characters, more than the {MAX_RECORD_BYTES // 2**20} MiB a "
                            "record may take", where=where)
        try:
            record = parse_json(raw, "", BookError)
        except BookError as err:
            raise BookError(f"not a fivetenk JSON-lines report: expected one JSON object "
                            f"per line ({visible(err.detail, TEXT_LIMIT)})",
                            where=where) from None
        if not isinstance(record, dict) or not isinstance(record.get("record"), str):
            raise BookError("not a fivetenk JSON-lines report: expected a JSON object with "
                            "a \"record\" field", where=where)
        kind = record["record"]
        if number == 1:
            if kind != "run" or not isinstance(record.get("implementation"), str):
                raise BookError("not a fivetenk JSON-lines report: expected the first line "
                                "to be {\"record\": \"run\", \"implementation\": ...}, found "
                                f"a {visible(kind, 40)!r} record", where=where)
            report.implementation = visible(record["implementation"], NAME_LIMIT)
            continue
        if kind == "stale":
            report.stale.append(record)
            continue
        if kind != "scenario":
            raise BookError(f"expected a \"scenario\" or \"stale\" record, found "
                            f"{visible(kind, 40)!r}", where=where)
        _check_scenario_record(record, where)
        if record["id"] in seen:
            raise BookError(f"scenario {visible(record['id'], NAME_LIMIT)!r} is reported "
                            "twice", where=where)
        seen.add(record["id"])
        report.records.append(record)
    return report


def _check_scenario_record(record: dict[str, Any], where: str) -> None:
    if not isinstance(record.get("id"), str) or not record["id"]:
        raise BookError("expected a scenario record with an \"id\" text", where=where)
    if record.get("status") not in STATUSES:
        raise BookError(f"expected a status among {', '.join(STATUSES)}, found "
                        f"{visible(json_text(record.get('status')), 60)}", where=where)
    clauses = record.get("clauses")
    if not isinstance(clauses, list) or not all(isinstance(c, str) for c in clauses):
        raise BookError("expected \"clauses\" to be a list of clause ids", where=where)
    for key in ("name", "message", "rule", "location"):
        if key in record and not isinstance(record[key], str):
            raise BookError(f"expected \"{key}\" to be a text", where=where)


def parse_report_option(option: str) -> tuple[str, Path]:
    """``NAME=FILE`` of ``--report``, checked."""
    name, sep, file = option.partition("=")
    if not sep or not file:
        raise BookError(f"--report {visible(option, NAME_LIMIT)!r}: expected NAME=FILE.jsonl "
                        "(the column name, then the report of fivetenk check --jsonl)")
    if not REPORT_NAME.fullmatch(name) or visible(name, 60) != name:
        raise BookError(f"--report {visible(option, NAME_LIMIT)!r}: a report's name is 1 to 60 "
                        "printable characters without '='")
    return name, Path(file)


def slug(name: str, taken: set[str]) -> str:
    """A file name for a report's failures page: lower-case letters, digits and dashes,
    unique among ``taken`` (``-2``, ``-3`` appended if needed)."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "report"
    out, n = base, 1
    while out in taken:
        n += 1
        out = f"{base}-{n}"
    taken.add(out)
    return out


# ---------------------------------------------------------------------------------------------
# Cards, steps and positions for people
# ---------------------------------------------------------------------------------------------


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
    from ..evidence import written
    from ..language import render_steps
    from ..language.registry import translate_lines
    from ..scenario import ScenarioError

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


# ---------------------------------------------------------------------------------------------
# The book
# ---------------------------------------------------------------------------------------------


def _natural(ident: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", ident))


def _anchor(ident: str) -> str:
    """A fragment for an id (percent-encoded: an id from a report may hold anything)."""
    return quote(ident, safe="")


def outline_row(block: str, scenario: Scenario) -> str:
    """The Gherkin of one row of a Scenario Outline: the outline with its Examples
    tables cut to their heading and this row (the line the scenario was compiled from),
    so each row's Gherkin shows what it runs without repeating every other row."""
    head, _, body = block.partition("\n")
    match = re.fullmatch(r"# .*:(\d+)", head)
    row = scenario.source.get("line")
    if match is None or not isinstance(row, int) or "Scenario Outline" not in body:
        return block
    first = int(match.group(1))
    kept: list[str] = [head]
    heading = True
    for number, line in enumerate(body.split("\n"), start=first):
        if line.lstrip().startswith("|"):
            if heading or number == row:
                kept.append(line)
            heading = False
            continue
        if line.lstrip().startswith("Examples"):
            heading = True
        kept.append(line)
    return "\n".join(kept)


def feature_page(file: str) -> str:
    """The book's page of a shipped feature file: ``features/R01_x.feature.html``."""
    return file + ".html"


@dataclass
class Book:
    """Everything the templates need, computed once."""

    spec: Spec
    scenarios: Sequence[Scenario]
    reports: Sequence[Report]
    lang: str
    command: str

    def __post_init__(self) -> None:
        from .. import catalog

        self.by_id = {s.id: s for s in self.scenarios}
        self.cited: dict[str, list[Scenario]] = {}
        for s in self.scenarios:
            for c in s.clauses:
                self.cited.setdefault(c, []).append(s)
        self.tagged: dict[str, list[Scenario]] = {}
        for s in self.scenarios:
            for r in s.rulings:
                self.tagged.setdefault(r, []).append(s)
        self.rulings = sorted(self.spec.rulings, key=_natural)
        self.gherkin_en = {s.id: outline_row("\n".join(catalog.source_blocks([s])), s)
                           for s in self.scenarios}
        self.features = feature_texts(catalog.shipped_files())
        self.bodies = {lang: rule_bodies(self.spec, lang) for lang in LANGS}
        named = titled([s.id for s in self.scenarios], {s.id: s.name for s in self.scenarios})
        self.examples: dict[str, list[Scenario]] = {}
        self.folded: dict[str, list[Scenario]] = {}
        for rule in self.spec.rules.values():
            wanted = 3 if len(rule.clauses) <= 3 else 2
            for clause in rule.clauses:
                own = [s for s in self.cited.get(clause.id, []) if s.clauses[0] == clause.id]
                self.examples[clause.id] = pick_examples(own, named, wanted)
                self.folded[clause.id] = [s for s in own if s not in self.examples[clause.id]]
        self.lines = {s.id: step_lines(s, self.lang) for s in self.scenarios}
        self.steps = {s.id: steps_of(s, self.lang, self.lines[s.id]) for s in self.scenarios}
        self.said = {s.id: said.sentences(s, self.lang) for s in self.scenarios}
        self.gherkin = self.gherkin_en if self.lang == "en" else {  # issue 33: in Spanish
            s.id: spanish.gherkin(s, self.gherkin_en[s.id], self.title(s)[0], self.lines[s.id])
            for s in self.scenarios}
        self.results: dict[str, list[dict[str, Any]]] = {}
        for report in self.reports:
            for record in report.records:
                self.results.setdefault(record["id"], []).append({
                    "report": report, "status": record["status"],
                    "href": (f"failures/{report.slug}.html#{_anchor(record['id'])}"
                             if record["status"] in BAD_STATUSES else "")})

    def title(self, s: Scenario) -> tuple[str, bool]:
        """A scenario's title in the book's language, and whether it is English on a page
        in another language (the examples' titles have Spanish: :mod:`.titles`; on the
        Spanish book a scenario of one question about cards is titled by its sentence as a
        player says it, :func:`.said.as_title`, issue 33)."""
        found = spanish_title(s.id, s.name) if self.lang == "es" else None
        if found is not None:
            return found, False
        if self.lang == "es" and len(self.said.get(s.id, [])) == 1:
            return said.as_title(self.said[s.id][0]), False
        return s.name, self.lang != "en"

    def note(self, rule_id: str) -> list[str]:
        """The feature's note in Spanish on the Spanish book (its paragraphs; [] otherwise)."""
        found = DESCRIPTIONS.get(rule_id) if self.lang == "es" else None
        return found.split("\n") if found else []

    def headline(self, rule_id: str, clause_id: str) -> tuple[str, bool] | None:
        """A clause's headline (its feature's ``Rule:`` line) in the book's language, and
        whether it is English on a page in another language; None without one."""
        ft = self.features.get(rule_id)
        english = ft.headlines.get(clause_id) if ft else None
        if english is None:
            return None
        if self.lang == "es" and clause_id in HEADLINES:
            return HEADLINES[clause_id], False
        return english, self.lang != "en"

    def first_reading(self, rule: Any, ruling_id: str) -> str:
        """The first clause of ``rule`` that ``ruling_id`` reads: its text is shown there in
        full, and folded (one click) under the rule's later clauses it reads."""
        return next((c.id for c in rule.clauses if ruling_id in c.rulings), "")

    def given_count(self, s: Scenario) -> int:
        """How many of the scenario's first steps are Given steps: drawn as its position,
        they are folded under it (the When and Then steps stay in view)."""
        n = 0
        for st in self.steps[s.id]:
            if st.kind != "given":
                break
            n += 1
        return n

    def statuses(self, s: Scenario) -> str:
        """The statuses the reports give a scenario, for the rule page's filter."""
        return " ".join(sorted({r["status"] for r in self.results.get(s.id, [])}))

    def home(self, s: Scenario) -> str:
        """Where a scenario is shown in full, from the book's root: the page of its rule,
        under its first clause."""
        return f"rules/{s.rule}.html#{_anchor(s.id)}"


@cache  # one per language: its templates compiled once a process
def _environment(lang: str) -> Any:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("fivetenk.book", "templates"),
        autoescape=True, undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["cards"] = lambda text: with_cards(str(text), lang)
    env.filters["prose"] = lambda text: prose(str(text), lang)
    env.filters["card"] = lambda code: card_html(str(code), lang)
    env.filters["anchor"] = _anchor
    env.filters["visible"] = visible
    from markupsafe import Markup

    env.globals.update(w=WORDS[lang], lang=lang, version=__version__, seats=seats_of,
                       count=lambda n, what: count(int(n), what, lang),
                       feature_page=feature_page, fresh=fresh, split_long=split_long,
                       protocol=sorted(said.PROTOCOL_RULINGS),
                       cite_at=lambda text, root: learn.cited(str(text), str(root), lang,
                                                             with_cards),
                       # what exists in English only (scenario and ruling titles, ruling
                       # texts, the Gherkin as written) is marked as such on a page in
                       # another language, for screen readers and translators
                       en=Markup(' lang="en"') if lang != "en" else "",
                       # a report's own words (an engine's message, an error) on a page in
                       # another language: data, as the report writes it (issue 33)
                       quoted=Markup(' class="data" translate="no"') if lang != "en" else "")
    return env


def pages(book: Book) -> dict[str, str]:
    """Every file of the book: relative path -> text."""
    env = _environment(book.lang)
    spec = book.spec
    out: dict[str, str] = {}
    rules = list(spec.rules.values())
    out["index.html"] = env.get_template("index.html").render(
        root="", book=book, rules=rules, reports=[_report_summary(r) for r in book.reports])
    for rule in rules:
        out[f"rules/{rule.id}.html"] = env.get_template("rule.html").render(
            root="../", book=book, rule=rule)
    for ruling_id in book.rulings:
        out[f"rulings/{ruling_id}.html"] = env.get_template("ruling.html").render(
            root="../", book=book, ruling=spec.rulings[ruling_id],
            scenarios=book.tagged.get(ruling_id, []))
    from .. import catalog

    for path in catalog.shipped_files():
        name = f"features/{path.name}"
        out[feature_page(name)] = env.get_template("feature.html").render(
            root="../", book=book, name=name,
            lines=path.read_text(encoding="utf-8").splitlines(),
            spanish=None if book.lang == "en" else spanish.feature(path, [
                s for s in book.scenarios if s.source.get("file") == name], book))
    if book.reports:
        out["matrix.html"] = env.get_template("matrix.html").render(
            root="", book=book, rows=matrix.rows(book), totals=matrix.totals(book),
            reports=book.reports)
        for report in book.reports:
            out[f"failures/{report.slug}.html"] = env.get_template("failures.html").render(
                root="../", book=book, report=report,
                items=[_evidence(book, r) for r in report.records
                       if r["status"] in BAD_STATUSES],
                stale=[visible(json.dumps(s, ensure_ascii=False, sort_keys=True),
                               MESSAGE_LIMIT) for s in report.stale])
    out["howto.html"] = howto_page(env, book)
    out["summary.html"] = env.get_template("summary.html").render(
        root="", book=book, rules=rules)
    use = Counter(name for s in book.scenarios for name in s.variants)
    out["variants.html"] = env.get_template("variants.html").render(
        root="", book=book, variants=sorted(spec.variants.values(), key=lambda v: v.name),
        variant_use=use)
    out["search-index.js"] = search_index(book)
    synonyms = json.dumps([list(g) for g in learn.SYNONYMS], ensure_ascii=True,
                          separators=(",", ":"))
    out["search-synonyms.js"] = f"window.FIVETENK_SYNONYMS={synonyms};\n"
    for name in ("book.css", "search.js", "book.js"):
        out[name] = resources.files("fivetenk.book").joinpath("templates", name).read_text(
            encoding="utf-8")
    out[MARKER] = f"fivetenk {__version__} book\n"
    return out


def howto_page(env: Any, book: Book) -> str:
    """How to play (:mod:`.howto`, :mod:`.learn`), rendered with ``env``
    (:func:`_environment`); it needs no scenario, so a test may pass a book without any."""
    hand = howto.walk()
    result = hand["result"]
    return str(env.get_template("howto.html").render(
        root="", book=book, hand=hand, howto_text=howto.TEXT[book.lang],
        sections=howto.SECTIONS, ordinals=howto.ORDINALS[book.lang],
        winners=howto.WINNERS[book.lang], **_learning(book.lang),
        defender_parts=" + ".join(
            f"{result['credited'][s]} ({WORDS[book.lang]['seat'].lower()} {s})"
            for s in result["defenders"])))


def _learning(lang: str) -> dict[str, Any]:
    """What How to play teaches before and after its hand (:mod:`.learn`)."""
    def beaten(key: str) -> str:
        return key if key in ("mixed", "suited", "rocket") else \
            "bomb" if key.startswith("bomb") else "ordinary"

    return {"l": learn.TEXT[lang], "ranks": learn.RANKS,
            "combos": learn.checked_combinations(), "bands": learn.bands(),
            "glossary": learn.GLOSSARY, "beaten": beaten,
            "key_h": {k: f"{k}_h" for k in ("goal", "order", "scoring", "glossary",
                                            "legend", "strategy")} | {
                "combinations": "combos_h"},
            "say": lambda notation: learn.say(notation, lang),
            "cite": lambda text: learn.cited(text, "", lang, with_cards),
            "note": lambda n, side: learn.note_text(n, lang, side)}


def _report_summary(report: Report) -> dict[str, Any]:
    counts = report.counts()
    return {"report": report, "counts": [(s, counts[s]) for s in STATUSES if counts[s]],
            "total": sum(counts.values())}


def _evidence(book: Book, record: dict[str, Any]) -> dict[str, Any]:
    """One failure's evidence, every text bounded and visible (it came from the
    implementation): the step, the request, what was expected and what was observed."""
    def text(key: str, limit: int = TEXT_LIMIT) -> str:
        value = record.get(key)
        return visible(value, limit) if isinstance(value, str) and value else ""

    found = record.get("context")
    context: dict[str, Any] = found if isinstance(found, dict) else {}
    differences = []
    for d in record.get("differences") or []:
        if not isinstance(d, dict):
            continue
        differences.append({
            "path": visible(d.get("path", ""), NAME_LIMIT),
            "expected": json_text(d.get("expected"), VALUE_LIMIT),
            "observed": ("" if d.get("absent") is True
                         else json_text(d.get("observed"), VALUE_LIMIT)),
            "text": visible(d.get("text", ""), 2 * VALUE_LIMIT),
            "text_es": visible(spanish.difference(d), 2 * VALUE_LIMIT) if book.lang == "es" else "",
        })
    step_text = record.get("step_text")
    shipped = book.by_id.get(record["id"])
    written = {" ".join(t.split()) for t in step_text if isinstance(t, str)} \
        if isinstance(step_text, list) else set()
    failing: list[int] = []
    if shipped is not None and written:
        failing = [i for i, st in enumerate(steps_of(shipped, "en"))
                   if " ".join(f"{st.keyword} {st.text}".split()) in written]
    return {
        "id": visible(record["id"], NAME_LIMIT), "anchor": _anchor(record["id"]),
        "name": text("name", NAME_LIMIT), "status": record["status"],
        "title": book.title(shipped)[0] if shipped is not None and book.lang == "es" else "",
        "message_es": spanish.message(record) if book.lang == "es" else None,
        "message": text("message", MESSAGE_LIMIT), "location": text("location", NAME_LIMIT),
        "step": visible(record.get("step", ""), 20),
        "step_text": ([visible(t, TEXT_LIMIT) for t in step_text if isinstance(t, str)]
                      if isinstance(step_text, list) else []),
        "request": text("request"),
        "sent": json_text(context["sent"], VALUE_LIMIT) if "sent" in context else "",
        "expected_answer": text("expected_answer"),
        "answer": text("answer"),
        "received": (json_text(context["received"], RECEIVED_LIMIT)
                     if "received" in context else ""),
        "differences": differences,
        "stderr": (visible(str(context["stderr"]).rstrip(), MESSAGE_LIMIT)
                   if context.get("stderr") else ""),
        "exit": json_text(context["exit"], 40) if "exit" in context else "",
        "reason": text("reason"), "position": text("position", MESSAGE_LIMIT),
        "note": text("note"), "clauses": [visible(c, 40) for c in record["clauses"]][:20],
        "known_clauses": [c for c in record["clauses"] if c in book.spec.clauses],
        "home": book.home(shipped) if shipped is not None else "",
        "steps": book.steps.get(shipped.id, []) if shipped is not None else [],
        "failing": failing,
    }


def search_index(book: Book) -> str:
    """The search index as a script: ``[kind, id, title, text, href, also]`` for every rule,
    clause, ruling and scenario, in the book's language (a rule's title and text, a
    clause's text, a ruling's title and whole text, a scenario's title), hrefs from the
    book's root (every page's search adds its way there); ``also`` holds the same in the
    other language, searched but never shown (issue 33: a Spanish page shows only Spanish,
    and an English word still finds its entry). No Markdown: ``**`` and backticks dropped."""
    spec, lang = book.spec, book.lang
    other = "es" if lang == "en" else "en"
    entries: list[list[str]] = learn.search_entries(lang)  # first: a learner's words
    for rule in spec.rules.values():
        entries.append(["rule", rule.id, rule.title(lang), book.bodies[lang].get(rule.number, ""),
                        f"rules/{rule.id}.html", rule.title(other)])
        for c in rule.clauses:
            entries.append(["clause", c.id, c.text(lang), "",
                            f"rules/{rule.id}.html#{_anchor(c.id)}", c.text(other)])
    for rid in book.rulings:
        r = spec.rulings[rid]
        also = ("" if r.text_in(lang) == r.text_in(other)
                else f"{r.title_in(other)} {r.text_in(other)}")
        entries.append(["ruling", rid, r.title_in(lang), _plain(r.text_in(lang)),
                        f"rulings/{rid}.html", _plain(also)])
    for s in book.scenarios:
        title = book.title(s)[0]
        entries.append(["scenario", s.id, title, "", book.home(s),
                        s.name if title != s.name else ""])
    data = json.dumps(entries, ensure_ascii=True, separators=(",", ":"))
    return f"window.FIVETENK_SEARCH={data};\n"


def _plain(text: str) -> str:
    """A text without its Markdown, for the search: ``**strong**`` plain, ```code```
    (notation: ```pass: trick```) in quotes."""
    return re.sub(r"`([^`]*)`", r'"\1"', STRONG.sub(r"\1", text))


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------


def build(out: Path, *, report_options: Iterable[str] = (), lang: str = "en",
          scenarios: Sequence[Scenario] | None = None, spec: Spec | None = None) -> int:
    """Write the book to ``out``; the number of files written. Reports are read and
    checked before anything is written."""
    from .. import catalog
    from ..spec_data import load_spec

    if lang not in LANGS:
        raise BookError(f"--lang {lang!r}: expected one of {', '.join(LANGS)}")
    reports: list[Report] = []
    taken: set[str] = set()
    names: set[str] = set()
    command = ["fivetenk", "book", "--out", visible(str(out), NAME_LIMIT)]
    given = [parse_report_option(option) for option in report_options]
    _check_out(out, [("--report", path) for _, path in given])  # before any work (issue 29)
    for name, path in given:
        if name in names:
            raise BookError(f"--report: the name {name!r} is given twice")
        names.add(name)
        report = read_report(name, path)
        report.slug = slug(name, taken)
        reports.append(report)
        command += ["--report", f"{name}={visible(path.name, NAME_LIMIT)}"]
    if lang != "en":
        command += ["--lang", lang]
    book = Book(spec=spec or load_spec(),
                scenarios=catalog.shipped() if scenarios is None else scenarios,
                reports=reports, lang=lang, command=" ".join(command))
    files = pages(book)
    _write(out, files)
    return len(files)


def _check_out(out: Path, read: list[tuple[str, Path | None]] | None = None) -> None:
    """``--out`` as every output is checked (:func:`fivetenk.paths.check_outputs`): a
    folder or none yet, never a link, a file or a special file, and holding none of the
    reports read (the folder is replaced whole); then empty or an earlier book."""
    from ..paths import Output, check_outputs

    check_outputs([Output("--out", out, folder=True, whole=True, what="the book")], read or [])
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise BookError("--out: this folder is not empty and holds no earlier book "
                        f"({MARKER}); name a new folder", where=visible(str(out), NAME_LIMIT))


def _write(out: Path, files: dict[str, str]) -> None:
    """Write ``files`` to a temporary folder next to ``out``, then put it in place of
    ``out`` (an earlier book is removed only once the new one is complete)."""
    out = out.absolute()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    old: Path | None = None
    try:
        for name in sorted(files):
            target = tmp / name
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(files[name])
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o777 & ~umask)  # mkdtemp makes 0700; give the folder the usual mode
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=out.parent))
            os.replace(out, old / "book")
        os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        if old is not None and not out.exists():
            os.replace(old / "book", out)
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def run(args: argparse.Namespace) -> int:
    """``fivetenk book``: write the book; one line saying where to open it."""
    count = build(args.out, report_options=args.report, lang=args.lang)
    print(f"wrote {count} files; open {args.out / 'index.html'}")
    return 0
