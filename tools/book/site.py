"""The book's builder (:mod:`fivetenk.book`): the reports read, the pages computed once
(:class:`Book`) and rendered with Jinja2, and the site written to a temporary folder and
renamed into place. What the book says and how is in the package's docstring."""

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
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .. import __version__
from ..language.titles import DESCRIPTIONS, HEADLINES, spanish_title, titled
from ..model.bounded import quoted
from ..model.paths import Output, check_outputs
from ..model.scenario import Scenario, ScenarioError
from ..model.spec_data import LANGS, Spec, load_spec
from ..results.report import (
    MESSAGE_LIMIT,
    NAME_LIMIT,
    RECEIVED_LIMIT,
    STATUSES,
    TEXT_LIMIT,
    VALUE_LIMIT,
    json_text,
    visible,
)
from ..results.runfile import read_run
from . import howto, learn, matrix, said, spanish
from .cards import STRONG, card_html, prose, seats_of, step_lines, steps_of, with_cards
from .matrix import BAD_STATUSES
from .reading import feature_texts, fresh, pick_examples, rule_bodies, split_long
from .words import WORDS, count

MARKER = ".fivetenk-book"
"""The file that marks a folder as a book this command wrote (and may replace)."""


REPORT_NAME = re.compile(r"[^\x00-\x1f\x7f=]{1,60}")
"""A report's name (``--report NAME=FILE``): 1 to 60 printable characters, no ``=`` (and
nothing :func:`fivetenk.results.report.visible` would escape: no bidirectional controls, no
undecodable bytes)."""


class BookError(ScenarioError):
    """Bad input to the book (a bad ``--report``, ``--out`` or ``--lang``, a report whose
    records name no clauses; a report that is no report at all is the
    :class:`~fivetenk.results.runfile.RunFileError` of every reader): the CLI prints it and exits
    with 2."""


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


def read_report(name: str, path: Path) -> Report:
    """The report at ``path``, read and checked as every report of a run is
    (:func:`fivetenk.results.runfile.read_run`: the file, each line, each record, a
    :class:`~fivetenk.results.runfile.RunFileError` at ``FILE:LINE`` saying what was expected),
    and then for the book: every scenario record names its clauses (the matrix's rows)."""
    run = read_run(path)
    for ident, record in run.scenarios.items():
        if "clauses" not in record:
            raise BookError("expected \"clauses\" to be a list of clause ids",
                            where=f"{run.where}:{run.lines[ident]}")
    return Report(name=name, slug="", file=visible(path.name, NAME_LIMIT),
                  implementation=visible(run.implementation, NAME_LIMIT),
                  records=list(run.scenarios.values()), stale=run.stale)


def parse_report_option(option: str) -> tuple[str, Path]:
    """``NAME=FILE`` of ``--report``, checked."""
    name, sep, file = option.partition("=")
    if not sep or not file:
        raise BookError(f"--report {quoted(option, NAME_LIMIT)}: expected NAME=FILE.jsonl "
                        "(the column name, then the report of fivetenk check --jsonl)")
    if not REPORT_NAME.fullmatch(name) or visible(name, 60) != name:
        raise BookError(f"--report {quoted(option, NAME_LIMIT)}: a report's name is 1 to 60 "
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
        # lazy: `fivetenk book --help` starts without the catalog
        from ..suite import catalog

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
def environment(lang: str) -> Any:
    # lazy: `fivetenk book --help` starts without Jinja2
    import jinja2
    from markupsafe import Markup

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("fivetenk.book", "templates"),
        autoescape=True, undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["cards"] = lambda text: with_cards(str(text), lang)
    env.filters["prose"] = lambda text: prose(str(text), lang)
    env.filters["card"] = lambda code: card_html(str(code), lang)
    env.filters["anchor"] = _anchor
    env.filters["visible"] = visible

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
    env = environment(book.lang)
    spec = book.spec
    out: dict[str, str] = {}
    rules = list(spec.rules.values())
    out["index.html"] = env.get_template("index.html").render(
        root="", book=book, rules=rules, reports=[_report_summary(r) for r in book.reports],
        vectors=vectors_paragraph(book.lang))
    for rule in rules:
        out[f"rules/{rule.id}.html"] = env.get_template("rule.html").render(
            root="../", book=book, rule=rule)
    for ruling_id in book.rulings:
        out[f"rulings/{ruling_id}.html"] = env.get_template("ruling.html").render(
            root="../", book=book, ruling=spec.rulings[ruling_id],
            scenarios=book.tagged.get(ruling_id, []))
    # lazy: `fivetenk book --help` starts without the catalog
    from ..suite import catalog

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


def vectors_paragraph(lang: str) -> Any:
    """What the count vectors are (issue 32), with their figures counted from the shipped
    file itself: how many, leads and replies, the hand sizes, the clauses they cite."""
    # lazy: `fivetenk book --help` starts without Jinja2's Markup and the vectors' reader
    from markupsafe import Markup

    from ..suite import vectors

    shipped = vectors.scenarios()
    hands = [len(s.steps[0]["hand"]) for s in shipped]
    replies = sum(1 for s in shipped if "top" in s.steps[0])
    clauses = sorted({c for s in shipped for c in s.clauses}, key=_natural)
    links = Markup(", ").join(
        Markup('<a href="rules/{rule}.html#{anchor}">{clause}</a>').format(
            rule=c.split(".")[0], anchor=_anchor(c), clause=c) for c in clauses)
    return Markup(WORDS[lang]["vectors"]).format(
        n=len(shipped), file=f"features/{vectors.FILE}", leads=len(shipped) - replies,
        replies=replies, low=min(hands), high=max(hands), clauses=links)


def howto_page(env: Any, book: Book) -> str:
    """How to play (:mod:`.howto`, :mod:`.learn`), rendered with ``env``
    (:func:`environment`); it needs no scenario, so a test may pass a book without any."""
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
    # lazy: `fivetenk book --help` starts without the catalog
    from ..suite import catalog

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
    """``--out`` as every output is checked (:func:`fivetenk.model.paths.check_outputs`): a
    folder or none yet, never a link, a file or a special file, and holding none of the
    reports read (the folder is replaced whole); then empty or an earlier book."""

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
