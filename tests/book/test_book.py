"""``fivetenk book`` (issue 10), without a browser: the pages are parsed with
:mod:`html.parser`. Every internal link resolves, every rule, clause, ruling and scenario
is in the book, the results matrix of two reports (the reference engine and a miniature
engine with one rule broken) shows the failure and leads to its evidence, whatever a
report says is escaped, a file that is not a report is a clear error with nothing
written, and two builds write the same bytes."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from built import build
from english import english_words

from fivetenk import book
from fivetenk.book import words
from fivetenk.cli import main
from fivetenk.model.spec_data import load_spec
from fivetenk.suite import catalog

pytestmark = [pytest.mark.slow,  # two reports (check runs) and books, built once a session
              pytest.mark.xdist_group("book")]  # ... on one worker (tests/book/conftest.py)


class Page(HTMLParser):
    """What the tests read of a page: its links, its ids, and every start tag with its
    attributes (in order), plus the text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        self.tags.append((tag, found))
        if "id" in found:
            self.ids.add(found["id"])
        for key in ("href", "src"):
            if key in found:
                self.links.append(found[key])

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def find(self, tag: str, **attrs: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags if t == tag
                and all(a.get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def classed(self, tag: str, name: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags if t == tag and name in a.get("class", "").split()]


Event = tuple[int, str, tuple[tuple[str, str | None], ...]]
START, END, DATA = 0, 1, 2


class Events(HTMLParser):
    """A page read once, as the events :mod:`html.parser` gives (a start tag with its
    attributes, an end tag, a text), in order: reading (tokenising) the pages is what took
    the time, and the tests' several readers of a page (:class:`Page`, :class:`Prose`,
    :class:`Shown`) are each handed the same events by :func:`replay`. An event is tuples
    and strings only, which the garbage collector stops tracking: a book's events, kept for
    the module, cost its passes nothing."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[Event] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.append((START, tag, tuple(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.events.append((END, tag, ()))

    def handle_data(self, data: str) -> None:
        self.events.append((DATA, data, ()))


def events_of(html: str) -> list[Event]:
    made = Events()
    made.feed(html)
    made.close()
    return made.events


def replay(events: list[Event], reader: HTMLParser) -> None:
    """Hand ``events`` to ``reader`` as :meth:`HTMLParser.feed` would have, in order."""
    for kind, value, attrs in events:
        if kind == START:
            reader.handle_starttag(value, list(attrs))
        elif kind == END:
            reader.handle_endtag(value)
        else:
            reader.handle_data(value)


def page_events(path: Path) -> list[Event]:
    """``path``'s events, read once for each content it has (by its bytes: a book built
    again with the same bytes is not read again): the books of the module fixtures are
    read by several tests, and a rule page of 500 scenarios takes html.parser a tenth of a
    second."""
    data = path.read_bytes()
    key = (str(path.resolve()), hashlib.blake2b(data, digest_size=16).digest())
    if key not in _EVENTS:
        _EVENTS[key] = events_of(data.decode("utf-8"))
    return _EVENTS[key]


def parse(path: Path) -> Page:
    """``path`` as :class:`Page` reads it (its events read once, :func:`page_events`)."""
    events = page_events(path)
    if id(events) not in _PAGES:
        page = Page()
        replay(events, page)
        _PAGES[id(events)] = page
    return _PAGES[id(events)]


_EVENTS: dict[tuple[str, bytes], list[Event]] = {}
_PAGES: dict[int, Page] = {}


@pytest.fixture(scope="module", autouse=True)
def _forget_the_pages() -> Iterator[None]:
    """The pages read are let go with the module: pytest collects the garbage as the
    session ends (``gc.collect``), which took seconds with every page's events alive."""
    yield
    _PAGES.clear()
    _EVENTS.clear()


@pytest.fixture(scope="module")
def reports(book_reports: dict[str, Path]) -> dict[str, Path]:
    """The session's two reports (tests/book/conftest.py)."""
    return book_reports


@pytest.fixture(scope="module")
def site(english_book: Path) -> Path:
    """The session's English book of them (tests/book/conftest.py)."""
    return english_book


@pytest.fixture(scope="module")
def site_es(spanish_book: Path) -> Path:
    """The session's Spanish book of them (tests/book/conftest.py)."""
    return spanish_book


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory, site: Path) -> Path:
    """The English book without reports, built over a copy of the module's book with
    reports whose R01 page was overwritten: an earlier book is replaced whole (R01 rebuilt,
    the matrix and the failures gone)."""
    import shutil

    out = tmp_path_factory.mktemp("bare") / "book"
    shutil.copytree(site, out)
    (out / "rules" / "R01.html").write_text("stale", encoding="utf-8")
    assert (out / "matrix.html").exists() and (out / "failures").exists()
    assert main(["book", "--out", str(out)]) == 0
    return out


@pytest.fixture(params=["en", "es"])
def any_site(request: pytest.FixtureRequest) -> Path:
    found: Path = request.getfixturevalue("site" if request.param == "en" else "site_es")
    return found


def html_files(root: Path) -> list[Path]:
    return sorted(root.rglob("*.html"))


def test_every_internal_link_resolves(any_site: Path) -> None:
    """Every href and src of every page of both books is relative (nothing from the
    network) and names a file of the book, and its fragment an element of that file; every
    page is reached from the index by its links. Every page is walked here, parsed; the
    browser opens one page of each kind (tests/book/test_book_browser.py), where what a page
    does when it loads is seen."""
    site = any_site
    pages = {path: parse(path) for path in html_files(site)}
    ids = {path.resolve(): page.ids for path, page in pages.items()}
    targets: dict[tuple[Path, str], Path] = {}

    def target_of(path: Path, relative: str) -> Path:
        """What ``relative`` names from ``path``, resolved once for each folder and link
        (a page links the same files over and over: resolving each took seconds)."""
        key = (path.parent if relative else path, relative)
        if key not in targets:
            targets[key] = (path.parent / unquote(relative)).resolve() if relative else \
                path.resolve()
        return targets[key]

    checked, inside = 0, set()
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{path}: external link {link}"
            target = target_of(path, parts.path)
            if target not in inside:
                assert target.is_file(), f"{path.relative_to(site)}: {link} is not in the book"
                assert site.resolve() in target.parents, f"{path}: {link} leaves the book"
                inside.add(target)
            if parts.fragment:
                assert unquote(parts.fragment) in ids[target], (
                    f"{path.relative_to(site)}: {link}: no such anchor")
            checked += 1
    assert checked > 5000
    by_path = {path.resolve(): page for path, page in pages.items()}
    reached, todo = set(), [(site / "index.html").resolve()]
    while todo:
        path = todo.pop()
        if path in reached:
            continue
        reached.add(path)
        todo += [target_of(path, urlsplit(link).path)
                 for link in by_path[path].links if urlsplit(link).path.endswith(".html")]
    orphans = sorted(str(p.relative_to(site.resolve())) for p in set(by_path) - reached)
    assert not orphans, f"pages no link leads to from index.html: {orphans}"


def test_two_builds_write_the_same_bytes(site: Path, reports: dict[str, Path]) -> None:
    """The same command writes the same bytes: the module's book is built again, by the
    same command (the index names the folder as the command gave it), over itself (an
    earlier book is replaced whole), and every file is compared with the first build's."""
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    assert build(site, reports) == 0
    again = site
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert sorted(first) == sorted(second)
    changed = [name for name in first if first[name] != second[name]]
    assert not changed, changed[:5]


def test_every_rule_clause_ruling_and_scenario_is_in_the_book(site: Path) -> None:
    spec = load_spec()
    index = parse(site / "index.html")
    assert {a["href"] for a in index.classed("a", "rule-link")} == {
        f"rules/{r}.html" for r in spec.rules}
    assert index.find("input", id="search")
    articles: dict[str, str] = {}
    for rule in spec.rules.values():
        page = parse(site / "rules" / f"{rule.id}.html")
        assert [t for t, _ in page.tags].count("h1") == 1
        clauses = [a["data-clause"] for a in page.classed("section", "clause")]
        assert clauses == [c.id for c in rule.clauses]
        assert len(page.classed("div", "text-en")) == len(page.classed("div", "text-es")) \
            == len(rule.clauses)
        assert page.classed("div", "rule-en") and page.classed("div", "rule-es")
        for a in page.classed("article", "scenario"):
            assert a["data-id"] not in articles, f"{a['data-id']} shown twice"
            articles[a["data-id"]] = rule.id
        assert len(page.classed("a", "source")) == len(page.classed("article", "scenario"))
        text = "".join(page.text)
        for c in rule.clauses:
            assert c.en in text and c.es in text
    scenarios = catalog.shipped()
    assert articles == {s.id: s.rule for s in scenarios}
    for ruling in spec.rulings:
        page = parse(site / "rulings" / f"{ruling}.html")
        tagged = {unquote(urlsplit(link).fragment) for link in page.links
                  if link.startswith("../rules/")}
        for s in scenarios:
            if ruling in s.rulings:
                assert s.id in tagged, f"{ruling} does not list {s.id}"


def test_a_scenario_reads_as_cards_seats_and_sentences(site: Path) -> None:
    """Cards are glyphs (the two jokers distinct), a position is six seats, the outcome
    is marked expected, the Gherkin is one click away."""
    scenarios = catalog.shipped()
    with_position = next(s for s in scenarios if s.setup and "position" in s.setup)
    page = parse(site / "rules" / f"{with_position.rule}.html")
    assert len(page.classed("li", "seat")) >= 6
    assert page.classed("li", "expected")
    assert page.classed("details", "gherkin")
    jokers: dict[str, set[str]] = {}
    for path in (site / "rules").glob("*.html"):
        for a in parse(path).classed("span", "card"):
            if a["data-card"] in ("SJ", "BJ"):
                jokers.setdefault(a["data-card"], set()).add(a["class"])
            assert a.get("aria-label"), a
    assert set(jokers) == {"SJ", "BJ"} and not jokers["SJ"] & jokers["BJ"]
    hearts = parse(site / "rules" / "R02.html").find("span", data_card="10H")
    assert hearts and "red" in hearts[0]["class"].split()


def failed_records(path: Path) -> list[dict[str, object]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [r for r in map(json.loads, lines[1:])
            if r["record"] == "scenario" and r["status"] == "failed"]


def test_the_matrix_shows_the_failure_and_its_evidence(site: Path,
                                                       reports: dict[str, Path]) -> None:
    failed = failed_records(reports["broken"])
    assert failed, "the rule-breaker failed nothing"
    assert not failed_records(reports["reference"])
    matrix = parse(site / "matrix.html")
    assert matrix.find("table", id="matrix")
    cells = {(a["data-impl"], a["data-clause"]): a for a in matrix.classed("td", "cell")}
    spec = load_spec()
    assert len(cells) == 2 * len(spec.clauses)
    evidence = parse(site / "failures" / "broken.html")
    sections = {a["id"] for a in evidence.classed("section", "evidence")}
    assert sections == {r["id"] for r in failed}
    links = [link for link in matrix.links if link.startswith("failures/broken.html#")]
    for record in failed:
        clause = record["clauses"][0]
        assert cells[("broken", clause)]["data-status"] == "failed"
        assert cells[("reference", clause)]["data-status"] == "passed"
    assert links and all(unquote(link.split("#")[1]) in sections for link in links)
    text = "".join(evidence.text)
    first = failed[0]["differences"][0]
    assert "Expected" in text and "Observed" in text and "Request" in text
    assert json.dumps(first["observed"]) in text and first["text"] in text


def test_the_matrix_totals_every_rule_and_reaches_every_failure(
        site: Path, reports: dict[str, Path]) -> None:
    """Issue 22, item 4: per-rule and overall totals, each clause's text on its row,
    rows marked failing for the filter, and every failure of a cell linked (not only the
    first); the evidence shows the scenario's steps as sentences with card glyphs."""
    from collections import Counter

    records = [r for r in map(json.loads, reports["broken"].read_text().splitlines()[1:])
               if r["record"] == "scenario"]
    html = (site / "matrix.html").read_text(encoding="utf-8")
    matrix = parse(site / "matrix.html")
    overall = Counter(r["status"] for r in records)
    total = html.split('class="total-row"')[1].split("</tr>")[0].split("</td>")[1]
    assert f">{overall['passed']:,} passed<" in total and f">{overall['failed']} failed<" in total
    found = Counter(r["status"] for r in records if r["rule"] == "R02")
    row = html.split('href="rules/R02.html">')[1].split("</tr>")[0].split("</td>")[1]
    assert f">{found['passed']} passed<" in row and f">{found['failed']} failed<" in row
    assert html.split('href="rules/R05.html">')[1].split("</td>")[1].endswith(">—")
    failed = {r["id"] for r in records if r["status"] == "failed"}
    linked = {unquote(link.split("#")[1]) for link in matrix.links
              if link.startswith("failures/broken.html#")}
    assert failed and failed <= linked
    spec = load_spec()
    assert matrix.find("a", title=spec.clauses["R05.2"].en)
    bad = {a["data-clause"] for a in matrix.classed("td", "cell")
           if a["data-status"] in ("failed", "errored", "xpassed")}
    rows = [a for t, a in matrix.tags if t == "tr" and a.get("class") == "clause-row"]
    assert sum(a["data-bad"] == "1" for a in rows) == len(bad) > 0
    assert matrix.find("input", id="failing-only")
    evidence = parse(site / "failures" / "broken.html")
    assert evidence.classed("li", "failing") and evidence.classed("span", "card")


HOSTILE = '<script>alert("x")</script>\x1b[2J\u202eevil'


def test_hostile_report_text_is_escaped_and_bounded(tmp_path: Path) -> None:
    run = {"record": "run", "implementation": HOSTILE, "capabilities": []}
    record = {"record": "scenario", "id": 'R02-001.1"><img src=x onerror=alert(1)>',
              "name": HOSTILE, "rule": "R02", "clauses": ["R02.1", "<b>R99.9</b>"],
              "rulings": [], "status": "failed", "location": HOSTILE,
              "message": HOSTILE * 20000, "request": HOSTILE,
              "context": {"sent": {"op": HOSTILE}, "received": {"x": HOSTILE * 1000},
                          "stderr": HOSTILE},
              "differences": [{"path": HOSTILE, "how": "expect", "expected": HOSTILE,
                               "observed": HOSTILE, "absent": False, "text": HOSTILE}]}
    path = tmp_path / "hostile.jsonl"
    path.write_text(json.dumps(run) + "\n" + json.dumps(record) + "\n", encoding="utf-8")
    out = tmp_path / "book"
    assert build(out, {"<script>alert(1)</script>": path}) == 0
    for page in [out / "matrix.html", out / "index.html", *(out / "failures").glob("*.html")]:
        text = page.read_text(encoding="utf-8")
        assert "<script>alert" not in text and "<img src=x" not in text
        assert "\x1b" not in text and "\u202e" not in text
        assert page.stat().st_size < 200_000, f"{page.name} is not bounded"
    failures = next((out / "failures").glob("*.html")).read_text(encoding="utf-8")
    assert "&lt;script&gt;" in failures and "\\x1b" in failures and "\\u202e" in failures
    assert "characters in all" in failures  # the huge message is cut, saying how long it was


@pytest.mark.parametrize(("content", "line", "expected"), [
    ("", 1, "empty"),
    ('{"record": "scenario", "id": "x", "status": "passed", "clauses": []}\n', 1,
     'first line to be {"record": "run"'),
    ('{"record": "run", "implementation": "x"}\nnot json\n', 2, "one JSON object per line"),
    ('{"record": "run", "implementation": "x"}\n{"record": "scenario", "id": "a", '
     '"status": "exploded", "clauses": []}\n', 2, "expected a status"),
    ('{"record": "run", "implementation": "x"}\n{"record": "junit"}\n', 2,
     'expected a "scenario" or "stale" record'),
    ('<?xml version="1.0"?>\n', 1, "one JSON object per line"),
])
def test_a_file_that_is_not_a_report_is_a_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, line: int,
        expected: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    out = tmp_path / "book"
    assert build(out, {"bad": path}) == 2
    err = capsys.readouterr().err
    assert f"bad.jsonl:{line}:" in err and expected in err, err
    assert "Traceback" not in err
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["bad.jsonl"]  # no temporary folder left


def test_bad_report_options_and_folders(tmp_path: Path, reports: dict[str, Path],
                                        bare: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    out = tmp_path / "book"
    assert main(["book", "--out", str(out), "--report", str(reports["reference"])]) == 2
    assert "expected NAME=FILE" in capsys.readouterr().err
    assert main(["book", "--out", str(out), "--report", f"x={tmp_path / 'none.jsonl'}"]) == 2
    assert "none.jsonl: cannot read: No such file or directory" in capsys.readouterr().err
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    assert main(["book", "--out", str(mine)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "keep me"
    # an earlier book (with reports, its R01 made stale) is replaced whole: see ``bare``
    assert "<h1>" in (bare / "rules" / "R01.html").read_text(encoding="utf-8")
    assert not (bare / "matrix.html").exists() and not (bare / "failures").exists()


def test_spanish_book(site_es: Path) -> None:
    import inspect

    from fivetenk.language import render_steps
    from fivetenk.language.titles import spanish_title

    out = site_es
    for path in (out / "index.html", out / "rules" / "R17.html"):
        page = parse(path)
        assert page.find("html", lang="es"), path
    rule = parse(out / "rules" / "R02.html")
    assert "Cláusula R02.1" in "".join(rule.text)
    keywords = {a.get("class", "") for a in rule.classed("li", "step")}
    assert keywords
    spanish_steps = "lang" in inspect.signature(render_steps).parameters
    words = "".join(rule.text)
    if spanish_steps:  # B1's Spanish scenario language has landed
        assert "Cuando" in words or "Entonces" in words
    else:
        assert "When" in words
    assert parse(out / "index.html").find("input", id="search")
    # every title in Spanish (language/spanish_text/titles.es.tsv, issue 33), none marked English
    titles = rule.classed("span", "title")
    assert titles and not [a for a in titles if a.get("lang") == "en"]
    assert all(spanish_title(s.id, s.name) for s in catalog.shipped() if s.rule == "R02")


def test_the_search_index_is_small_and_covers_everything(site: Path) -> None:
    text = (site / "search-index.js").read_text(encoding="utf-8")
    assert text.startswith("window.FIVETENK_SEARCH=")
    entries = json.loads(text.removeprefix("window.FIVETENK_SEARCH=").rstrip().rstrip(";"))
    spec = load_spec()
    kinds: dict[str, set[str]] = {}
    for kind, ident, _, _, href, _ in entries:
        kinds.setdefault(kind, set()).add(ident)
        assert (site / unquote(href.split("#")[0])).is_file()
    assert kinds["rule"] == set(spec.rules) and kinds["clause"] == set(spec.clauses)
    assert kinds["ruling"] == set(spec.rulings)
    assert kinds["scenario"] == {s.id for s in catalog.shipped()}
    assert len(text.encode()) < 250_000
    # the whole text of a ruling and of a clause is searched, not only titles
    texts = {(kind, ident): f"{text} {also}" for kind, ident, _, text, _, also in entries}
    assert spec.rulings["D35"].text.replace("`", '"') in texts[("ruling", "D35")]
    assert spec.clauses["R03.4"].es in texts[("clause", "R03.4")]  # searched, not shown
    # every page carries the search, its results' links made from that page
    for page, root in (("index.html", ""), ("rules/R05.html", "../"),
                       ("failures/broken.html", "../"), ("features/R01_configuration.feature.html",
                                                         "../")):
        found = parse(site / page)
        assert found.find("input", id="search", data_root=root), page
        assert f"{root}search-index.js" in found.links and f"{root}search.js" in found.links


def test_counts_agree_in_number_in_both_languages(site: Path, tmp_path: Path) -> None:
    """Issue 22: ``1 card`` and ``1 carta``, ``13 pasaron``, ``6 con error``; the index
    names the folder it was built in and keeps a space before its links."""
    assert words.count(1, "cards") == "1 card" and words.count(2, "cards") == "2 cards"
    assert words.count(1, "cards", "es") == "1 carta"
    assert words.count(13, "passed", "es") == "13 pasaron"
    assert words.count(1, "passed", "es") == "1 pasó"
    assert words.count(6, "errored", "es") == "6 con error"
    assert words.count(2, "xfailed", "es") == "2 fallos esperados"
    texts = [" ".join("".join(parse(p).text).split()) for p in (site / "rules").glob("*.html")]
    assert any(" 1 card " in t or " 1 card·" in t for t in texts)
    assert not any(" 1 cards" in t or " 1 points" in t for t in texts)
    index = " ".join("".join(parse(site / "index.html").text).split())
    assert f"--out {site}" in index and "DIR" not in index
    assert re.search(r"\d passed — Failures", index), index
    assert not re.search(r"\d passed— ", index)


def test_a_clause_shows_only_the_variants_that_change_it(site: Path) -> None:
    """Issue 22: D9 reads R05.1 (bombs) and R05.3 (the rocket); the rocket option is shown
    under R05.3, the airplanes' wing option nowhere on R05; each value on its own line."""
    r05 = (site / "rules" / "R05.html").read_text(encoding="utf-8")
    assert "wing_ranks" not in r05 and "rocket" in r05
    r03 = parse(site / "rules" / "R03.html")
    values = [a for t, a in r03.tags if t == "ul" and "variants" in a.get("class", "")]
    assert values
    text = (site / "rules" / "R03.html").read_text(encoding="utf-8")
    assert ").; " not in text


def test_a_rule_page_leads_with_the_rule_then_examples_then_the_rest_folded(site: Path) -> None:
    """Issue 22, item 1: the rule's text in English and Spanish, its summary, the Gherkin
    ``Rule:`` headlines; under each clause the text of every ruling that reads it, 2 to 4
    examples in full, and every other scenario of the clause folded with its count."""
    from fivetenk.book.reading import feature_text, rule_bodies

    spec = load_spec()
    shipped = catalog.shipped()
    for rule in spec.rules.values():
        html = (site / "rules" / f"{rule.id}.html").read_text(encoding="utf-8")
        page = parse(site / "rules" / f"{rule.id}.html")
        text = " ".join("".join(page.text).split())
        for lang in ("en", "es"):
            assert rule_bodies(spec, lang)[rule.number] in text, (rule.id, lang)
        assert " ".join(rule.summary.split()) in text
        feature = next(p for p in catalog.shipped_files() if p.name.startswith(rule.id))
        for clause_id, headline in feature_text(feature).headlines.items():
            assert headline.split('"')[0] in text, (rule.id, clause_id, headline)
        for c in rule.clauses:
            section = html.split(f'data-clause="{c.id}"', 1)[1].split('<section class="clause"')[0]
            for r in spec.rulings_for(c.id):
                assert f'data-ruling="{r.id}"' in section, (c.id, r.id)
            own = [s for s in shipped if s.clauses[0] == c.id]
            examples = section.count('<article class="scenario example"')
            folded = section.count('<article class="scenario folded"')
            assert min(2, len(own)) <= examples <= 4, (c.id, examples)
            assert examples + folded == len(own), c.id
            if folded:
                assert f'<details class="more" data-count="{folded}">' in section
        lead = unescape(html.split('<section class="clause"')[0])
        assert rule_bodies(spec, "en")[rule.number] in lead, rule.id
    d35 = (site / "rules" / "R10.html").read_text(encoding="utf-8")
    assert spec.rulings["D35"].text[:60] in d35 and 'class="ruling-rest"' in d35


def _scenario(ident: str, tags: tuple[str, ...] = (), steps: int = 1, **more: Any) -> Any:
    from fivetenk.model.scenario import Scenario

    return Scenario(id=ident, name=ident, clauses=["R05.1"], tags=list(tags),
                    steps=[{"op": "classify", "cards": ["3H"], "expect": {"legal": True}}] * steps,
                    **more)


def test_examples_are_the_tagged_ones_else_the_kits_pick() -> None:
    from fivetenk.book.reading import pick_examples

    plain = [_scenario(f"R05-00{n}", steps=n) for n in range(1, 7)]
    tagged = [_scenario("R05-010", ("example",), steps=5), _scenario("R05-011", ("example",))]
    assert [s.id for s in pick_examples(plain + tagged, set(), 2)] == ["R05-010", "R05-011"]
    # untagged: the simplest first, those with a Spanish title before them, no variant first
    assert [s.id for s in pick_examples(plain, set(), 2)] == ["R05-001", "R05-002"]
    assert pick_examples(plain, {"R05-004"}, 3)[0].id == "R05-004"
    # a position an engine must refuse (@position-duties) after every other case
    duty = _scenario("R05-000", ("position-duties",))
    others = [_scenario("R05-701"), _scenario("R05-702")]
    assert [s.id for s in pick_examples([duty, *others], set(), 2)] == ["R05-701", "R05-702"]
    assert [s.id for s in pick_examples([duty, *others[:1]], set(), 2)] == ["R05-701", "R05-000"]
    varied = [_scenario("R05-020", variants={"pass": "trick"}), *plain[3:]]
    assert pick_examples(varied, set(), 2)[0].id == "R05-004"
    # one row per outline; never more than 4; the same answer every time
    rows = [_scenario(f"R05-030.{n}", source={"example": n}) for n in range(1, 4)]
    assert sorted(s.id for s in pick_examples(rows + plain[:1], set(), 2)) == [
        "R05-001", "R05-030.1"]
    assert [s.id for s in pick_examples(rows, set(), 2)] == ["R05-030.1", "R05-030.2"]
    many = [_scenario(f"R05-04{n}", ("example",)) for n in range(6)]
    assert len(pick_examples(many, set(), 2)) == 4
    assert pick_examples(plain, set(), 3) == pick_examples(list(plain), set(), 3)


def test_with_reports_a_rule_page_has_a_status_filter_and_each_scenario_its_results(
        site: Path, bare: Path) -> None:
    page = parse(site / "rules" / "R02.html")
    assert page.find("select", id="status-filter")
    statuses = {a["data-statuses"] for a in page.classed("article", "scenario")}
    assert "failed passed" in statuses and "passed" in statuses
    assert page.classed("p", "results")
    plain = parse(bare / "rules" / "R02.html")
    assert not plain.find("select", id="status-filter") and not plain.classed("p", "results")


class Prose(HTMLParser):
    """A page's own words: without what is marked as another language (``lang="en"``:
    titles and texts that exist in English only), code, the Gherkin as written, ids, card
    glyphs and data (``class="data"``: an implementation's name from its report)."""

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "wbr", "source"})
    SKIP = frozenset({"gherkin", "sid", "card", "cards", "data", "variant", "combo"})

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.stack: list[bool] = []
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        found = dict(attrs)
        skip = (found.get("lang") not in (None, self.lang) or tag in ("script", "style", "pre",
                                                                  "code", "title")
                or bool(self.SKIP & set((found.get("class") or "").split())))
        self.stack.append(skip or (bool(self.stack) and self.stack[-1]))

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]):
            self.words.append(data)


SPANISH_TOO = {"as", "once"}
"""Words both languages write: un as (an ace), once (eleven)."""


def english_interface_words(path: Path, lang: str = "es") -> dict[str, str]:
    """The book's English interface words (every word of ``WORDS["en"]`` that no Spanish
    interface text uses) found on a page, outside quotes and JSON (data, written the same
    in every language) and variant names and values; each with the words around it."""
    from fivetenk.book.words import WORDS

    def words(text: str) -> set[str]:
        return set(re.findall(r"\w+", text.lower()))

    from fivetenk.book.howto import TEXT

    english = set().union(*map(words, [*WORDS["en"].values(), *TEXT["en"].values()]))
    spanish = set().union(*map(words, [*WORDS["es"].values(), *TEXT["es"].values()]))
    spec = load_spec()
    data = {w for v in spec.variants.values() for w in words(" ".join((v.name, *v.values)))}
    names = {"reference", "broken"}  # the reports' names (--report NAME=FILE): data
    page = Prose(lang)
    replay(page_events(path), page)
    text = re.sub(r"\{.*?\}|\[.*?\]", " ", re.sub(r'"[^"\n]*"', " ", " ".join(page.words)))
    text = " ".join(text.split())
    return {w: re.search(rf".{{0,40}}\b{w}\b.{{0,30}}", text, re.I).group()  # type: ignore
            for w in sorted(words(text) & (english - spanish - data - names - SPANISH_TOO))
            if len(w) > 1}


def test_the_spanish_book_has_no_english_interface_word(site: Path, site_es: Path) -> None:
    """Issue 22, item 5: every page of the Spanish book, reports and all, says nothing of
    its interface in English; the same check finds them on the English book's pages."""
    out = site_es
    found = {str(p.relative_to(out)): english_interface_words(p) for p in html_files(out)}
    assert not {k: v for k, v in found.items() if v}
    from fivetenk.book.words import WORDS

    same = {k for k in WORDS["en"] if WORDS["es"][k] == WORDS["en"][k]}
    assert same <= {"gherkin", "stderr", "none", "lang_note"}, same
    assert set(WORDS["es"]) == set(WORDS["en"])
    assert english_interface_words(site / "rules" / "R05.html", "en")
    assert english_interface_words(site / "matrix.html", "en")


def test_every_scenario_has_its_title_in_spanish() -> None:
    """Issues 22 and 33: every shipped scenario's title reads in Spanish in the Spanish book
    (``language/spanish_text/titles.es.tsv``); an outline's row by its outline's title and number,
    unless its English title ends otherwise (then by its own entry, never a guess). Each
    key of the Spanish tables is given once and names a shipped scenario, outline, clause
    or rule; every feature note and scenario description has its Spanish."""
    from fivetenk.book import Book, reading
    from fivetenk.language import titles

    shipped = catalog.shipped()
    spanish = Book(spec=load_spec(), scenarios=shipped, reports=[], lang="es", command="")
    missing = [s.id for s in shipped if spanish.title(s)[1]]
    assert not missing, f"scenarios without a Spanish title: {missing}"
    by_id = {s.id: s for s in shipped}
    assert spanish.title(by_id["R01-002.2"]) == (
        "Ninguna cara existe en más de tres copias (ejemplo 2)", False)
    row = by_id["R13-009.2"]  # "(lower rank)": its own ending, its own entry
    assert titles.spanish_title(row.id, row.name) == titles.TITLES["R13-009.2"]
    assert titles.spanish_title("R13-009.9", row.name) is None  # no entry: no guess
    outlines = {s.id.rpartition(".")[0] for s in shipped}
    spec = load_spec()
    for name, known in (("titles.es.tsv", set(by_id) | outlines),
                        ("headlines.es.tsv", set(spec.clauses)),
                        ("descriptions.es.tsv", set(by_id) | outlines | set(spec.rules))):
        keys = [line.split("\t")[0] for line in (Path(titles.__file__).parent / "spanish_text" /
                                                 name).read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
        assert set(keys) <= known, (name, set(keys) - known)
        if name != "descriptions.es.tsv":  # a description may have several paragraphs
            assert len(keys) == len(set(keys)), name
    for rule_id, feature in spanish.features.items():
        rule = spec.rules[rule_id]
        if reading.fresh(feature.description, spanish.bodies["en"].get(rule.number, "")):
            assert spanish.note(rule_id), rule_id
    assert all(titles.spanish_description(s.id) for s in shipped if s.description)


def test_how_to_play_walks_a_real_hand_in_both_languages(site: Path, site_es: Path) -> None:
    """Issue 22, item 2: the page walks the engine's seeded hand in order, each step
    linking its rules; every trick is listed with its cards as glyphs, and the settlement
    shows the engine's own figures (the sum of the defenders' points is their total)."""
    from fivetenk.book.howto import SECTIONS, walk

    hand = walk()
    result = hand["result"]
    assert hand["reveal"] and len(hand["tricks"]) > 20 and result["ending"] == "bankers_out"
    assert sum(result["credited"][s] for s in result["defenders"]) == result["defender_total"]
    assert walk() == hand  # seeded: the same hand every time
    for folder, lang in ((site, "en"), (site_es, "es")):
        html = (folder / "howto.html").read_text(encoding="utf-8")
        page = parse(folder / "howto.html")
        sections = page.classed("section", "howto")
        assert [a["id"] for a in sections] == [key for key, _ in SECTIONS]
        for key, rules in SECTIONS:
            part = html.split(f'id="{key}"')[1].split("</section>")[0]
            assert all(f'href="rules/{r}.html"' in part for r in rules), (lang, key)
        assert len(page.classed("li", "trick-row")) == len(hand["tricks"])
        played = sum(len(p["cards"]) for t in hand["tricks"] for p in t["plays"]) + sum(
            len(t["resolved"]) for t in hand["tricks"])  # and each call resolved, its face
        tricks = html.split('id="tricks"')[1].split("</section>")[0]
        tricks = re.sub(r'<ul class="why">.*?</ul>', "", tricks)  # the notes (issue 33)
        assert tricks.count('class="card ') == played
        text = " ".join("".join(page.text).split())
        assert f"= {result['defender_total']}" in text and result["band"] in text
        index = parse(folder / "index.html")
        assert "howto.html" in index.links


def test_a_ruling_text_shows_its_notation_as_code_and_its_cards_as_glyphs() -> None:
    from fivetenk.book.reading import split_long

    html = str(book.prose("a `SJ SJ` pair, `beats` and <b>, 10H"))
    assert html.count("<code>") == 2 and 'data-card="SJ"' in html and 'data-card="10H"' in html
    assert "`" not in html and "&lt;b&gt;" in html
    assert "`" in str(book.prose("one ` alone"))  # unpaired: shown as written
    head, rest = split_long(load_spec().rulings["D9"].text_in("es"))
    assert head.count("`") % 2 == 0 and rest and (head + " " + rest).split() == \
        load_spec().rulings["D9"].text_in("es").split()


def test_cards_in_text_become_glyphs() -> None:
    html = str(book.with_cards('"10H SJ" on <AS> BJX 2DD "QS and"'))
    assert 'data-card="10H"' in html and 'data-card="SJ"' in html
    assert 'data-card="AS"' in html and "&lt;" in html
    assert "BJX" in html and "2DD" in html  # not cards: part of a longer word
    assert html.count("&#34;") == 2  # quotes around cards alone are dropped, not others
    assert 'data-card="QS"' in html


def test_steps_read_as_the_feature_writes_them_in_both_languages() -> None:
    """A step is shown as written (``Then the hand goes on``), not as the observation it
    compiles to; in Spanish the same written line, translated by its step's Spanish
    phrase; a scenario with no feature file to read (JSON) is rendered."""
    from dataclasses import replace

    from fivetenk.book import step_lines

    scenario = next(s for s in catalog.shipped() if s.id == "R17-001")
    english = step_lines(scenario, "en")
    assert "Then the hand goes on" in english
    assert not any("the observation at" in line for line in english)
    spanish = step_lines(scenario, "es")
    assert "Entonces la mano sigue" in spanish and len(spanish) == len(english)
    unread = replace(scenario, source={})
    assert any("the observation at" in line for line in step_lines(unread, "en"))


# --- the Spanish book says everything in Spanish (issue 33, item 3) -------------------------

SHOWN_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "data-shown", "data-none",
                    "data-more", "data-all")
"""Attributes whose text a reader meets (a screen reader, a tooltip, the search's status)."""


class Shown(HTMLParser):
    """Every text of a page a reader meets, each with whether it is code of one or two words
    (notation: a protocol word, a variant's value ``pair`` or setting ``pass: trick``, a
    reading ``bomb 4x7``; a line of Gherkin is checked); and every element marked
    as written in English. Left out: scripts and styles, and what HTML marks as not to be
    translated (``translate="no"``: an implementation's name, a report's name)."""

    VOID = Prose.VOID

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.texts: list[tuple[str, bool]] = []
        self.english: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if found.get("lang", "es") != "es":
            self.english.append(f"<{tag} lang={found['lang']!r}>")
        skip = (tag in ("script", "style") or found.get("translate") == "no"
                or bool(self.stack and self.stack[-1][1]))
        if not skip:
            self.texts += [(found[a], False) for a in SHOWN_ATTRIBUTES if found.get(a)]
        if tag not in self.VOID:
            self.stack.append((tag, skip))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and tag not in self.VOID:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if data.strip() and not (self.stack and self.stack[-1][1]):
            code = bool(self.stack) and self.stack[-1][0] == "code"
            self.texts.append((data, code and len(data.split()) <= 2))


def english_on(html: str | Path) -> tuple[list[str], dict[str, str]]:
    """The elements marked English on a page (its HTML, or its file), and each English
    word it shows outside notation (:func:`english.english_words`), with the text around
    it."""
    page = Shown()
    replay(page_events(html) if isinstance(html, Path) else events_of(html), page)
    found: dict[str, str] = {}
    for text, notation in page.texts:
        for word in [] if notation else english_words(text):
            found.setdefault(word, " ".join(text.split())[:120])
    return page.english, found


def shows_english(path: Path) -> bool:
    """Whether :func:`english_on` finds an English word on the page (it stops at the
    first)."""
    page = Shown()
    replay(page_events(path), page)
    return any(english_words(text) for text, notation in page.texts if not notation)


def test_the_spanish_book_has_no_english_text(site: Path, site_es: Path) -> None:
    """Issue 33, item 3: no page of the Spanish book, reports and all, marks anything as
    English, and none shows a frequent English word outside card notation, ids, quoted
    data and the names HTML marks as not to translate; every rule, clause, ruling, scenario
    title, feature description and Gherkin line reads in Spanish. The same check finds
    English on every page of the English book."""
    problems = {}
    for path in html_files(site_es):
        english, words = english_on(path)
        if english or words:
            problems[str(path.relative_to(site_es))] = (english[:3], dict(list(words.items())[:6]))
    assert not problems, f"{len(problems)} pages with English: {problems}"
    for path in html_files(site):
        assert shows_english(path), path  # the check can fail
    assert english_on('<p lang="en">x</p>')[0] and english_on("<p>the seat</p>")[1]
    assert english_on('<p>"the seat" R05.1 <code>pair</code> <span translate="no">the'
                      "</span></p>") == ([], {})


MARKDOWN = re.compile(r"\*\*|__|`")
"""Markdown's marks (``**strong**``, ``__strong__``, ```code```): a page shows none."""


def test_no_raw_markdown_reaches_a_page(any_site: Path) -> None:
    """Issue 33, item 3: no page of either book shows ``**``, ``__`` or a backtick (a
    ruling's ``**variant**`` is bold, its ```SJ SJ``` code), nor does the search, whose
    results show the index's titles and texts."""
    found = {}
    for path in html_files(any_site):
        text = unescape("".join(shown_text(page_events(path))))
        found.update({f"{path.name}: …{text[max(0, m.start() - 40):m.end() + 20]}…": 1
                      for m in MARKDOWN.finditer(text)})
    for entry in search_entries(any_site):
        found.update({f"search {entry[1]}: {shown}": 1 for shown in entry[2:4]
                      if MARKDOWN.search(shown)})
    assert not found, list(found)[:5]
    assert MARKDOWN.search(str(book.prose("a **variant**: `SJ SJ`"))) is None


def shown_text(events: list[Event]) -> list[str]:
    """The texts of a page outside its scripts and styles, in order."""
    texts, inside = [], ""
    for kind, value, _ in events:
        if inside:
            inside = "" if kind == END and value == inside else inside
        elif kind == START and value in ("script", "style"):
            inside = value
        elif kind == DATA:
            texts.append(value)
    return texts


def search_entries(site: Path) -> list[list[str]]:
    text = (site / "search-index.js").read_text(encoding="utf-8")
    found: list[list[str]] = json.loads(
        text.removeprefix("window.FIVETENK_SEARCH=").rstrip().rstrip(";"))
    return found


def test_the_spanish_search_shows_spanish_and_finds_english(site_es: Path) -> None:
    """Issue 33, item 3: the Spanish book's search index shows every title and text in
    Spanish (a scenario by its Spanish title, a clause by its Spanish text); the English
    ones are searched too, never shown (the last field), so ``bomb`` still finds a bomb's
    scenarios."""
    from fivetenk.language.titles import spanish_title

    entries = search_entries(site_es)
    spec = load_spec()
    english = {(e[0], e[1]): english_words(f"{e[2]} {e[3]}") for e in entries}
    assert not {k: v for k, v in english.items() if v}
    by_id = {(e[0], e[1]): e for e in entries}
    for s in catalog.shipped():
        entry = by_id[("scenario", s.id)]
        assert entry[2] == spanish_title(s.id, s.name) and entry[5] == s.name, s.id
    for c in spec.clauses.values():
        assert by_id[("clause", c.id)][2] == c.es and by_id[("clause", c.id)][5] == c.en
    assert by_id[("ruling", "D9")][2] == spec.rulings["D9"].es["title"]
    assert by_id[("rule", "R05")][2] == "Bombas y cohetes"


def gherkin_shown(html: str, tag: str) -> list[str]:
    """The text of every ``tag`` element of a page (a feature page's lines, ``li``; a rule
    page's Gherkin, ``pre``), in order."""
    return [unescape(re.sub(r"<[^>]+>", "", m)) for m in
            re.findall(rf"<{tag}\b[^>]*>(.*?)</{tag}>", html, flags=re.S)]


def comparable(scenario: Any) -> dict[str, Any]:
    """A scenario's JSON without what is worded (its title, description) or located."""
    data = scenario.to_json()
    for key in ("name", "description", "source"):
        data.pop(key, None)
    data["steps"] = [{k: v for k, v in st.items() if k != "line"} for st in data["steps"]]
    return dict(data)


def test_the_spanish_gherkin_shown_compiles_to_the_shipped_scenarios(site_es: Path) -> None:
    """Issue 33, item 3: each feature page of the Spanish book is the feature in the
    scenario language's Spanish, and compiled as it is shown it gives every scenario of the
    English file again (titles and descriptions aside), each anchored where the English
    file's line links; the Gherkin folded under a rule page's example compiles to that
    scenario."""
    from fivetenk.language.compiler import compile_text

    shipped = {s.id: s for s in catalog.shipped()}
    compiled = 0
    for path in catalog.shipped_files():
        page = (site_es / "features" / f"{path.name}.html").read_text(encoding="utf-8")
        lines = gherkin_shown(page.split('<ol class="source-lines">', 1)[1], "li")
        assert lines[0] == "# language: es" and "Característica: " in lines[2]
        found = compile_text("\n".join(lines), f"es/{path.name}")
        mine = [s for s in shipped.values() if s.source.get("file") == f"features/{path.name}"]
        assert [comparable(s) for s in found] == [comparable(s) for s in mine], path.name
        assert all(f'id="L{s.source["line"]}"' in page for s in mine)
        compiled += len(found)
    assert compiled == len(shipped)
    r05 = (site_es / "rules" / "R05.html").read_text(encoding="utf-8")
    blocks = [unescape(b) for b in re.findall(
        r'<details class="gherkin"><summary>[^<]*</summary>\s*<pre>(.*?)</pre>', r05, re.S)]
    assert len(blocks) > 20
    for block in blocks:
        head, _, body = block.partition("\n")
        text = "# language: es\nCaracterística: R05\n" + "\n".join(
            "  " + line for line in body.split("\n"))
        (one,) = compile_text(text, head)
        assert comparable(one) == comparable(shipped[one.id]) and "Escenario: " in body
