"""The book (issue 10) in a real browser: headless Chromium, Debian's package, driven by
Playwright's Python API pointed at the system browser (never ``playwright install``).

The session builds, once, into a tmp dir and with the kit's own commands (the fixtures of
tests/book/conftest.py, shared with tests/book/test_book.py): two reports made with
``fivetenk check --jsonl`` (the reference engine, and ``rulebreaker.py two_below_ace`` on
R02, a miniature that ranks a 2 below the ace and so breaks R02.1), then ``fivetenk book
--report reference=... --report broken=...`` in English and again with ``--lang es``. The
tests then look at the book the way a reader does:

- a page of each kind loads from disk (``file://``) without a console error, an uncaught
  exception, a failed load or any request leaving the machine (no network, no CDN);
- every link of those pages, as the browser resolves it, names a file of the book and an
  id on it (every link of every page of both books, and that every page is reached from
  the index, is checked parsed, without a browser: tests/book/test_book.py);
- the search box, reached with Tab and typed into with the keyboard, finds a clause
  (R17.2), a ruling (D20) and a scenario by its title, and its result opens the clause;
- Tab alone reaches the search, every rule link and a scenario's Gherkin (which Enter
  opens), and a focused control shows it has the focus;
- the matrix shows the broken engine failing exactly the clauses its report failed, and
  clicking a failed cell opens that scenario's evidence (request, expected, observed);
- text is painted with a contrast of 4.5:1 at least (3:1 when large), as computed;
- at 375 px wide, as a phone, no page scrolls sideways;
- the Spanish book says ``lang="es"`` and reads in Spanish.

Screenshots of the rule page (R17) and the matrix, wide and phone-sized, are written to
``$FIVETENK_ARTIFACTS`` (default: a fresh tmp dir; the path is printed), never into the
checkout: they are test artifacts, not sources.

Without Chromium or Playwright the tests skip locally, with the command that installs
them; where ``CI`` or ``FIVETENK_BROWSER_REQUIRED=1`` is set (``.ci/run`` sets the latter)
they fail instead: in CI the browser tests never skip.
"""

from __future__ import annotations

import json
import os
import re
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

import pytest
from built import BROKEN_RULE
from chromium import WAIT_MS
from english import english_words
from helpers import ROOT

from fivetenk.model.spec_data import load_spec
from fivetenk.suite import catalog

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

CHECKOUT = ROOT
WIDE: ViewportSize = {"width": 1280, "height": 900}
PHONE = 375
SPEC = load_spec()
pytestmark = [pytest.mark.slow,  # a browser; two reports and two books, built once a
              pytest.mark.xdist_group("book")]  # session for tests/book/ (its conftest.py)


# The browser is the session fixture ``browser`` (tests/conftest.py, tests/chromium.py):
# required in CI, a skip with instructions elsewhere.


# --- the book, built once -----------------------------------------------------------------


@dataclass(frozen=True)
class Book:
    root: Path
    lang: str
    reports: dict[str, Path]

    def url(self, relative: str) -> str:
        return (self.root / relative).as_uri()


@pytest.fixture(scope="session")
def reports(browser: Browser, book_reports: dict[str, Path]) -> dict[str, Path]:
    """``reference`` (everything passes) and ``broken`` (the R02 breaker fails some):
    the session's (tests/book/conftest.py), once there is a browser to show them."""
    return book_reports


@pytest.fixture(scope="session")
def book(reports: dict[str, Path], english_book: Path) -> Book:
    return Book(english_book.resolve(), "en", reports)


@pytest.fixture(scope="session")
def book_es(reports: dict[str, Path], spanish_book: Path) -> Book:
    return Book(spanish_book.resolve(), "es", reports)


@pytest.fixture(params=["en", "es"])
def any_book(request: pytest.FixtureRequest) -> Book:
    chosen: Book = request.getfixturevalue("book" if request.param == "en" else "book_es")
    return chosen


@pytest.fixture(scope="session")
def artifacts(request: pytest.FixtureRequest,
              tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``$FIVETENK_ARTIFACTS`` or a fresh tmp dir, never the checkout."""
    given = os.environ.get("FIVETENK_ARTIFACTS")
    folder = Path(given).resolve() if given else tmp_path_factory.mktemp("browser-artifacts")
    if folder == CHECKOUT or CHECKOUT in folder.parents:
        pytest.fail(f"FIVETENK_ARTIFACTS={given} is inside the checkout {CHECKOUT}; "
                    f"screenshots are test artifacts and must not be committed: "
                    f"choose a folder outside it", pytrace=False)
    folder.mkdir(parents=True, exist_ok=True)
    plugins = request.config.pluginmanager
    reporter, capture = plugins.get_plugin("terminalreporter"), plugins.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():
            reporter.write("\n")  # after the progress dots
            reporter.write_line(f"browser test screenshots: {folder}")
    return folder


def new_context(browser: Browser, **options: Any) -> BrowserContext:
    made = browser.new_context(**options)
    made.set_default_timeout(WAIT_MS)
    return made


@pytest.fixture(scope="session")
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    """The desktop the tests share (1280x900): a context costs Chromium about half a second
    of CPU, and each test had its own."""
    made = new_context(browser, viewport=WIDE)
    yield made
    made.close()


@pytest.fixture(scope="session")
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """A phone: 375 CSS px, touch, mobile layout, two device pixels to a CSS pixel."""
    made = new_context(browser, viewport={"width": PHONE, "height": 812},
                       device_scale_factor=2, is_mobile=True, has_touch=True)
    yield made
    made.close()


def shared_tab(made: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The one tab of ``made`` the tests share, on a blank page as each test starts (a new
    tab costs Chromium about a third of a second of CPU, and each test opened one). After a
    test that failed, its tab (and any other it opened) is closed: the next test gets a new
    one, whatever the failure left behind."""
    tab = made.pages[0] if made.pages else made.new_page()
    tab.goto("about:blank")
    failed = request.session.testsfailed
    yield tab
    for other in made.pages:
        if other is not tab or request.session.testsfailed != failed:
            other.close()


@pytest.fixture
def page(desktop: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from shared_tab(desktop, request)


@pytest.fixture
def phone_page(phone: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from shared_tab(phone, request)


def scenario_records(report: Path) -> list[dict[str, Any]]:
    records = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    return [r for r in records if r.get("record") == "scenario"]


# --- one visit per page: console, failures, network, links, ids ---------------------------


@dataclass
class Visit:
    path: Path
    problems: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)


def watch(context: BrowserContext, page: Page) -> list[str]:
    """Everything ``page`` says went wrong while it loads: console errors, uncaught
    exceptions, resources that failed to load, and any request of ``context`` that is not
    ``file:`` (aborted, so a page that needs the network shows it at once)."""
    problems: list[str] = []

    def outside(route: Any) -> None:
        problems.append(f"network request (the book must work offline): {route.request.url}")
        route.abort()

    context.route(re.compile(r"^(?!file:)[a-z][a-z0-9+.-]*:"), outside)
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"uncaught exception: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed to load {r.url}: {r.failure}"))
    return problems


LINKS_AND_IDS = """() => ({
  links: Array.from(document.querySelectorAll('a[href]'), a => a.href),
  ids: Array.from(document.querySelectorAll('[id], a[name]'), e => e.id || e.name),
})"""


KINDS = ["index.html", "rules/R02.html", "rulings/D11.html",
         "features/R05_bombs_and_rockets.feature.html", "matrix.html", "failures/broken.html",
         "howto.html"]
"""One page of each kind the book writes (each kind is one template and the same
scripts; the rule page is the one the broken report fails, its statuses shown): the
pages the browser opens to see what loading does. Every link of every page
of both books is followed, parsed, by tests/book/test_book.py (walking all ~90 pages of each
book in the browser as well took 30 s of the suite)."""


@dataclass
class Crawler:
    """A context of its own (its network watched, :func:`watch`) and its one tab."""

    page: Page
    problems: list[str]


@pytest.fixture(scope="session")
def crawler(browser: Browser) -> Iterator[Crawler]:
    context = new_context(browser, viewport=WIDE)
    page = context.new_page()
    yield Crawler(page, watch(context, page))
    context.close()


def crawl(crawler: Crawler, book: Book) -> dict[Path, Visit]:
    """Open one page of each kind (:data:`KINDS`), one after another, and note what each
    says went wrong, the links it has (as the browser resolves them) and its ids."""
    page, problems = crawler.page, crawler.problems
    visits: dict[Path, Visit] = {}
    for path in [book.root / relative for relative in KINDS]:
        problems.clear()
        page.goto(path.as_uri(), wait_until="load")
        found = page.evaluate(LINKS_AND_IDS)
        visits[path] = Visit(path, list(problems), list(found["links"]), set(found["ids"]))
    return visits


def local_file(href: str) -> Path | None:
    parts = urlsplit(href)
    return Path(unquote(parts.path)).resolve() if parts.scheme == "file" else None


_CRAWLS: dict[str, dict[Path, Visit]] = {}


@pytest.fixture
def visits(crawler: Crawler, any_book: Book) -> dict[Path, Visit]:
    key = str(any_book.root)
    if key not in _CRAWLS:
        _CRAWLS[key] = crawl(crawler, any_book)
    return _CRAWLS[key]


def rel(book: Book, path: Path) -> str:
    return str(path.relative_to(book.root)) if book.root in path.parents else str(path)


def test_every_page_loads_without_console_errors_or_network(
        any_book: Book, visits: dict[Path, Visit]) -> None:
    on_disk = sorted(any_book.root.rglob("*.html"))
    assert len(on_disk) >= 1 + len(SPEC.rules) + len(SPEC.rulings) + 1, \
        f"the book should hold the index, 24 rule pages, a page per ruling and the matrix; " \
        f"found {[rel(any_book, p) for p in on_disk]}"
    problems = [f"{rel(any_book, v.path)}: {p}" for v in visits.values() for p in v.problems]
    assert not problems, "\n".join(problems)


def test_every_internal_link_resolves_to_a_file_and_its_anchor(
        any_book: Book, visits: dict[Path, Visit]) -> None:
    broken = []
    followed = 0
    for visit in visits.values():
        for href in visit.links:
            target = local_file(href)
            if target is None:
                continue  # http(s), mailto: a reader may follow it, the book needs none
            followed += 1
            fragment = unquote(urlsplit(href).fragment)
            where = f"{rel(any_book, visit.path)} links {rel(any_book, target)}" \
                + (f"#{fragment}" if fragment else "")
            if any_book.root not in target.parents:
                broken.append(f"{where}: outside the book's folder (it must move as one)")
            elif not target.is_file():
                broken.append(f"{where}: no such file")
            elif fragment and target in visits and fragment not in visits[target].ids:
                broken.append(f"{where}: no element with id {fragment!r} on that page")
    assert followed > len(SPEC.rules), "the crawl found almost no links"
    assert not broken, "\n".join(dict.fromkeys(broken))


# --- keyboard: Tab reaches the controls, typing searches ------------------------------------

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const style = getComputedStyle(e);
  return {tag: e.tagName.toLowerCase(), id: e.id, cls: e.className || '',
          href: e.getAttribute('href') || '', url: e.href || '',
          text: (e.textContent || '').trim().slice(0, 80),
          ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
                || style.boxShadow !== 'none'};
}"""


def tab_until(page: Page, wanted: Callable[[dict[str, Any]], bool],
              limit: int = 400) -> list[dict[str, Any]]:
    """Press Tab until the focused element is ``wanted``; every element focused on the
    way, in order. Fails if ``limit`` presses never get there."""
    seen: list[dict[str, Any]] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None:
            continue
        seen.append(focused)
        if wanted(focused):
            return seen
    raise AssertionError(f"{limit} presses of Tab never focused the element; focused: "
                         f"{[(f['tag'], f['id'], f['href'], f['text']) for f in seen[:30]]}")


def test_the_index_links_every_rule_visibly_and_tab_alone_reaches_them_and_the_search(
        page: Page, book: Book) -> None:
    """Every rule's link is visible on the index, under its one ``h1``; Tab alone reaches
    the search and every rule link, each with a visible focus (one visit of the index: the
    links are looked at before any key is pressed)."""
    from playwright.sync_api import expect

    page.goto(book.url("index.html"))
    for rule in SPEC.rules:
        expect(page.locator(f'a.rule-link[href="rules/{rule}.html"]')).to_be_visible()
    expect(page.locator("h1")).to_have_count(1)
    last_rule = sorted(SPEC.rules)[-1]
    seen = tab_until(page, lambda f: f["href"] == f"rules/{last_rule}.html")
    assert any(f["tag"] == "input" and f["id"] == "search" for f in seen), \
        "Tab never reached input#search before the last rule link"
    reached = {f["href"] for f in seen if "rule-link" in f["cls"]}
    assert reached == {f"rules/{rule}.html" for rule in SPEC.rules}
    unringed = [(f["tag"], f["id"], f["href"]) for f in seen if not f["ring"]]
    assert not unringed, f"focused but showing no focus outline or shadow: {unringed}"


SCENARIO = next(s for s in catalog.shipped() if s.id == "R05-001")


@pytest.mark.parametrize(("query", "target", "anchor"), [
    pytest.param("R17.2", "rules/R17.html", "R17.2", id="clause"),
    pytest.param("D20", "rulings/D20.html", None, id="ruling"),
    pytest.param(SCENARIO.name, f"rules/{SCENARIO.rule}.html", None, id="scenario-title"),
])
def test_the_search_typed_with_the_keyboard_finds_it_and_opens_it(
        page: Page, book: Book, query: str, target: str,
        anchor: str | None) -> None:
    """Search is client-side over rules, clauses, rulings and scenario titles; the list
    follows the box (a query that matches nothing then lists nothing, so a box that lists
    everything fails). Only the keyboard is used: Tab to the box, type, Tab on to the
    result, Enter."""
    from playwright.sync_api import TimeoutError as Timeout
    from playwright.sync_api import expect

    page.goto(book.url("index.html"))
    tab_until(page, lambda f: f["id"] == "search")
    wanted = book.url(target)
    results = page.locator("ul#search-results > li > a")

    def search(text: str) -> None:
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
        page.keyboard.type(text)

    search(query)
    try:  # the list may be redrawn a moment after the last key (debounced)
        page.wait_for_function(
            "url => Array.from(document.querySelectorAll('ul#search-results > li > a'))"
            ".some(a => a.href.split('#')[0] === url)", arg=wanted, timeout=WAIT_MS)
    except Timeout as error:
        hrefs = results.evaluate_all("as => as.map(a => a.href)")
        raise AssertionError(f"searching {query!r} listed {hrefs}, none on {target}") \
            from error
    search("qqzzxxq no such thing")
    expect(page.locator("ul#search-results > li")).to_have_count(0)
    search(query)
    expect(results.first).to_be_visible()
    hits = [h for h in results.evaluate_all("as => as.map(a => a.href)")
            if h.split("#")[0] == wanted]
    assert hits, f"searching {query!r} again found nothing on {target}"
    if anchor is not None:
        assert any(unquote(urlsplit(h).fragment) in ("", anchor) for h in hits), hits
    tab_until(page, lambda f: f["url"] == hits[0])  # from the box on to its result
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: url.split("#")[0] == wanted)
    if anchor is not None:
        clause = page.locator(f'section.clause[data-clause="{anchor}"]')
        expect(clause).to_be_visible()
        if urlsplit(page.url).fragment:
            expect(clause).to_be_in_viewport()


@pytest.mark.parametrize("relative", [
    "index.html", "rules/R05.html", "rulings/D35.html", "features/R01_configuration.feature.html",
    "matrix.html", "failures/broken.html"])
def test_every_page_searches_clause_and_ruling_texts_and_its_results_open(
        page: Page, any_book: Book, relative: str) -> None:
    """Issue 22, item 3: the search is on every page, finds a ruling by a word of its text
    only (D35's "precedence") and a clause by its text, and its result opens from there."""
    from playwright.sync_api import expect

    page.goto(any_book.url(relative))
    page.fill("#search", "D35")
    result = page.locator("ul#search-results > li > a").first
    expect(result).to_be_visible()
    assert result.get_attribute("href") == \
        ("" if "/" not in relative else "../") + "rulings/D35.html"
    page.fill("#search", "precedence")  # in D35's text only (English and Spanish books)
    hrefs = page.locator("ul#search-results > li > a").evaluate_all(
        "as => as.map(a => a.href)")
    assert any_book.url("rulings/D35.html") in hrefs, hrefs
    page.fill("#search", SPEC.clauses["R17.2"].text(any_book.lang))
    page.locator("ul#search-results > li > a").first.click()
    page.wait_for_url(lambda url: url.split("#")[0] == any_book.url("rules/R17.html"))


def test_a_search_with_many_results_says_how_many_more_and_lists_them_all(
        page: Page, book: Book) -> None:
    """R03 matches its ~180 scenarios: the first 40 are listed, the status says how many
    more, and its button lists every one."""
    import json as json_module

    entries = json_module.loads((book.root / "search-index.js").read_text(encoding="utf-8")
                                .removeprefix("window.FIVETENK_SEARCH=").rstrip().rstrip(";"))
    total = sum(1 for e in entries if "r03" in " ".join([*e[1:4], e[5]]).lower())
    assert total > 40
    page.goto(book.url("rules/R01.html"))
    page.fill("#search", "R03")
    results = page.locator("ul#search-results > li")
    assert results.count() == 40
    status = page.locator("#search-status").inner_text()
    assert f"40 of {total} shown; {total - 40} more." in status, status
    page.click("#search-all")
    assert results.count() == total


def test_how_to_play_walks_the_hand_in_both_languages(
        page: Page, any_book: Book, artifacts: Path) -> None:
    """Issue 22, item 2: reached from every page's navigation, the page shows the six steps
    of a hand in order, each with its rules (links that open them), the seeded hand's
    tricks with card glyphs and the worked settlement, in the book's language."""
    from playwright.sync_api import expect

    from fivetenk.book.howto import SECTIONS, TEXT, walk

    hand = walk()
    page.goto(any_book.url("rules/R05.html"))
    page.locator('header nav a[href="../howto.html"]').click()
    page.wait_for_url(any_book.url("howto.html"))
    headings = page.locator("section.howto h2").all_inner_texts()
    assert [h.split(". ", 1)[1] for h in headings] == [TEXT[any_book.lang][k] for k, _ in SECTIONS]
    expect(page.locator("li.trick-row")).to_have_count(len(hand["tricks"]))
    first = hand["tricks"][0]["plays"][0]["cards"][0]
    expect(page.locator(f'#trick-1 span.card[data-card="{first}"]').first).to_be_visible()
    worked = page.locator("p.worked").first.inner_text()
    assert str(hand["result"]["defender_total"]) in worked
    shot(page, artifacts / f"howto-{any_book.lang}.png", full_page=False)
    page.locator('#settlement a[href="rules/R21.html"]').click()
    page.wait_for_url(any_book.url("rules/R21.html"))


# --- the matrix and the evidence ----------------------------------------------------------

SEVERAL = "R02.1"
"""A clause the broken report fails several times (the breaker ranks a 2 below the ace)."""


def test_the_matrix_filters_failing_rows_and_reaches_every_failure(
        page: Page, any_book: Book) -> None:
    """Issue 22, item 4: "failing rows only" leaves exactly the clauses the broken report
    failed (and their rules' rows); a cell with several failures lists each, and each
    opens its evidence; a clause's text is one click away."""
    from playwright.sync_api import expect

    failed = [r for r in scenario_records(any_book.reports["broken"])
              if r["status"] == "failed"]
    clauses = {c for r in failed for c in r["clauses"]}
    page.goto(any_book.url("matrix.html"))
    everything = page.locator("#matrix tbody tr.clause-row:visible").count()
    page.check("#failing-only")
    shown = set(page.locator("#matrix tbody tr.clause-row:visible th a").evaluate_all(
        "as => as.map(a => a.textContent.trim())"))
    assert shown == clauses and everything > len(shown)
    assert page.locator("#matrix-count").inner_text().startswith(f"{len(clauses)} ")
    cell = page.locator(f'td.cell[data-impl="broken"][data-clause="{SEVERAL}"]')
    cell.locator("details.evidence-all > summary").click()
    links = cell.locator("a.evidence-link")
    ids = {r["id"] for r in failed if SEVERAL in r["clauses"]}
    assert links.count() == len(ids) > 1
    last = links.nth(links.count() - 1)
    target = unquote(urlsplit(last.get_attribute("href") or "").fragment)
    assert target in ids
    last.click()
    expect(page.locator(f'section.evidence[id="{target}"]')).to_be_in_viewport()
    page.go_back()
    page.uncheck("#failing-only")
    row = page.locator("#matrix tbody tr.clause-row").first
    row.locator("details.clause-text > summary").click()
    expect(row.locator("details.clause-text p")).to_be_visible()



def test_the_matrix_shows_the_broken_engine_failing_and_its_evidence_opens(
        page: Page, book: Book, artifacts: Path) -> None:
    from playwright.sync_api import expect

    failed = [r for r in scenario_records(book.reports["broken"]) if r["status"] == "failed"]
    assert failed, "the broken miniature failed nothing: the test would prove nothing"
    failed_clauses = {c for r in failed for c in r["clauses"]}
    page.goto(book.url("matrix.html"))
    expect(page.locator("table#matrix")).to_be_visible()
    cells = "table#matrix td.cell"
    for name in book.reports:
        expect(page.locator(f'{cells}[data-impl="{name}"]').first).to_be_visible()
    shown = set(page.locator(f'{cells}[data-impl="broken"][data-status="failed"]')
                .evaluate_all("cs => cs.map(c => c.dataset.clause)"))
    assert shown == failed_clauses
    assert page.locator(f'{cells}[data-impl="reference"][data-status="failed"]').count() == 0
    clause = sorted(failed_clauses)[0]
    expect(page.locator(f'{cells}[data-impl="reference"][data-clause="{clause}"]')) \
        .to_have_attribute("data-status", "passed")
    citing = [r for r in scenario_records(book.reports["broken"]) if clause in r["clauses"]]
    counts = re.findall(r"\d+", page.locator(
        f'{cells}[data-impl="broken"][data-clause="{clause}"]').inner_text())
    # a scenario counts once, under the first clause it cites; the others show it as
    # "also citing", apart (issue 33, item 5): both groups' counts are in the cell
    for group in ([r for r in citing if r["clauses"][0] == clause],
                  [r for r in citing if r["clauses"][0] != clause]):
        for status in ("passed", "failed"):
            count = sum(r["status"] == status for r in group)
            assert not count or str(count) in counts, f"the broken cell of {clause} " \
                f"does not count {count} {status}: it shows {counts}"
    shot(page, artifacts / "matrix.png")

    cell = page.locator(f'{cells}[data-impl="broken"][data-clause="{clause}"]')
    if cell.locator("details.evidence-all").count():  # several failures: each listed
        cell.locator("details.evidence-all > summary").click()
    cell.locator("a").first.click()
    page.wait_for_url(re.compile(r"/failures/[^/#]+\.html#.+$"))
    ident = unquote(urlsplit(page.url).fragment)
    record = next((r for r in failed if r["id"] == ident), None)
    assert record is not None, f"the failed cell of {clause} led to {ident!r}, " \
        f"not one of its failures {[r['id'] for r in failed if clause in r['clauses']]}"
    assert clause in record["clauses"]
    evidence = page.locator(f'section.evidence[id="{ident}"]')
    expect(evidence).to_be_visible()
    expect(evidence).to_be_in_viewport()
    text = evidence.inner_text()
    from fivetenk.book import CARD, SUITS

    glyphs = CARD.sub(lambda m: {"SJ": "☆J", "BJ": "★J"}.get(
        m.group(), m.group()[:-1] + SUITS[m.group()[-1]][0]), record["request"])
    shown = " ".join(text.split())
    assert " ".join(glyphs.split()) in shown or record["request"] in shown, \
        f"the request {record['request']!r} is not shown (as {glyphs!r})"
    for word in ("expected", "observed"):
        assert word in text.lower(), f"the evidence of {ident} does not say what was {word}"
    for difference in record["differences"]:
        assert difference["text"] in text, f"the evidence of {ident} misses a difference"
    shot(page, artifacts / "evidence.png", full_page=False)


# --- contrast, as the browser paints it -------------------------------------------------

CONTRAST = """() => {
  const rgba = text => {
    const m = /rgba?\\(([^)]*)\\)/.exec(text);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) =>
    [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const backgrounds = new Map();  // an element's composited background, once
  const background = element => {
    if (!element) return [255, 255, 255, 1];
    if (!backgrounds.has(element)) {
      const c = rgba(getComputedStyle(element).backgroundColor);
      const under = c && c[3] >= 1 ? null : background(element.parentElement);
      backgrounds.set(element, !c || c[3] <= 0 ? under : under ? over(c, under) : c);
    }
    return backgrounds.get(element);
  };
  const luminance = c => {
    const [r, g, b] = c.slice(0, 3).map(v => {
      v /= 255;
      return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const low = [];
  for (const e of document.body.querySelectorAll('*')) {
    const own = Array.from(e.childNodes)
      .filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (!own.length || !e.getClientRects().length) continue;
    const style = getComputedStyle(e);
    if (style.visibility !== 'visible') continue;
    const back = background(e);
    const fore = over(rgba(style.color), back);
    const [a, b] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && parseInt(style.fontWeight, 10) >= 700);
    if (ratio < (large ? 3 : 4.5)) {
      low.push(`${e.tagName.toLowerCase()}.${e.className} ${ratio.toFixed(2)}:1 `
               + `(${style.color} on rgb(${back.slice(0, 3).map(Math.round)})): `
               + own[0].textContent.trim().slice(0, 40));
    }
  }
  return low;
}"""
"""Every element with text of its own that is painted: the contrast of its computed colour
against its computed background (the ancestors' backgrounds composited over white), by
WCAG 2's relative luminance; 4.5:1 at least, 3:1 for large text (24 px, or 18.66 px bold).
Background images are not seen (the book uses none)."""


@pytest.mark.parametrize("relative", [
    "index.html", "rules/R17.html", "rules/R02.html", "rulings/D20.html", "matrix.html",
    "failures/broken.html"])  # R02: the rule the broken report fails, its failures shown
def test_text_contrast_is_at_least_4_5_to_1(
        page: Page, book: Book, relative: str) -> None:
    page.goto(book.url(relative))
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    low = page.evaluate(CONTRAST)
    assert not low, f"{relative}: {len(low)} texts below the contrast they need:\n  " \
        + "\n  ".join(low[:20])


# --- screenshots, the phone, Spanish -----------------------------------------------------


def shot(page: Page, path: Path, full_page: bool = True, css: bool = False) -> None:
    """A screenshot of ``page`` at ``path``; with ``css``, a pixel to a CSS pixel (a
    phone's whole page at its two device pixels took Chromium a second more to encode)."""
    page.screenshot(path=str(path), full_page=full_page, scale="css" if css else "device")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 0 and height > 0


def test_the_rule_page_shows_its_clauses_and_scenarios_and_its_gherkin_opens_from_the_keyboard(
        page: Page, book: Book, artifacts: Path) -> None:
    """R17 shows each clause in English and Spanish and its first scenario, and is
    screenshotted as it opens; then, on the same visit, Tab reaches a scenario's Gherkin,
    folded, and Enter opens it."""
    from playwright.sync_api import expect

    page.goto(book.url("rules/R17.html"))
    expect(page.locator("h1")).to_have_count(1)
    for clause in SPEC.rules["R17"].clauses:
        section = page.locator(f'section.clause[data-clause="{clause.id}"]')
        expect(section.locator('.text-en[lang="en"]')).to_be_visible()
        expect(section.locator('.text-es[lang="es"]')).to_be_visible()
    rule_scenarios = [s for s in catalog.shipped() if s.rule == "R17"]
    expect(page.locator(f'article.scenario[data-id="{rule_scenarios[0].id}"]')).to_be_visible()
    shot(page, artifacts / "rule-R17.png")
    details = page.locator("article.scenario details.gherkin").first
    expect(details.locator("pre")).to_be_hidden()
    tab_until(page, lambda f: f["tag"] == "summary" and f["text"].strip() == "Gherkin")
    page.keyboard.press("Enter")
    expect(details.locator("pre")).to_be_visible()
    assert details.locator("pre").inner_text().strip(), "the Gherkin shown is empty"


DESKTOP_SCREENS = 12
PHONE_SCREENS = 26
"""How long a rule page may be as it opens (issue 22: R05 was 51 desktop screens, 85 on a
phone): in screens of the viewport's height, measured for every rule."""


PHONE_1X: ViewportSize = {"width": PHONE, "height": 812}
"""A phone with one device pixel to a CSS pixel, as the rule pages were first measured."""


def screens(page: Page) -> float:
    pixels = page.evaluate("document.documentElement.scrollHeight")
    return round(pixels / (page.viewport_size or WIDE)["height"], 1)


def page_heights(page: Page, book: Book) -> tuple[dict[str, float], dict[str, float]]:
    """Each rule page's height in desktop screens, and in phone screens: each page loaded
    once, in the desktop tab, then laid out again at the phone's size (loading each again in
    a phone context cost 4 s a book). A test that fails here closes the tab (shared_tab)."""
    desktop, phone = {}, {}
    for rule in SPEC.rules:
        page.goto(book.url(f"rules/{rule}.html"))
        desktop[rule] = screens(page)
        page.set_viewport_size(PHONE_1X)
        phone[rule] = screens(page)
        page.set_viewport_size(WIDE)
    return desktop, phone


@pytest.fixture(scope="session")
def phone_1x(browser: Browser) -> Iterator[BrowserContext]:
    made = new_context(browser, viewport=PHONE_1X, is_mobile=True, has_touch=True)
    yield made
    made.close()


def test_a_rule_page_as_it_opens_is_a_few_screens_on_desktop_and_phone(
        page: Page, phone_1x: BrowserContext, request: pytest.FixtureRequest,
        any_book: Book) -> None:
    """Every rule page, examples shown and the rest folded, is at most 12 screens of a
    1280x900 desktop and 26 of a 375x812 phone; the figures are printed. The page longest
    on a phone (resized desktop tab) measures the same in a real phone context."""
    desktop, phone = page_heights(page, any_book)
    longest, tallest = (max(heights, key=lambda r: heights[r]) for heights in (desktop, phone))
    print(f"\n{any_book.lang}: longest rule page {longest}: {desktop[longest]} desktop "
          f"screens, {phone[longest]} phone screens; longest on a phone {tallest}: "
          f"{phone[tallest]}")
    for tab in shared_tab(phone_1x, request):
        tab.goto(any_book.url(f"rules/{tallest}.html"))
        on_a_phone = screens(tab)
    assert on_a_phone == phone[tallest], f"{tallest}: {on_a_phone} screens on a phone"
    assert max(desktop.values()) <= DESKTOP_SCREENS, desktop
    assert max(phone.values()) <= PHONE_SCREENS, phone


def test_a_link_to_a_folded_scenario_opens_it(page: Page, book: Book) -> None:
    from playwright.sync_api import expect

    page.goto(book.url("rules/R05.html"))
    folded = page.locator("details.more article.scenario").first
    ident = folded.get_attribute("data-id")
    assert ident and not folded.is_visible()
    page.goto(book.url("rulings/D11.html"))
    page.goto(book.url("rules/R05.html") + f"#{ident}")
    expect(page.locator(f'article.scenario[data-id="{ident}"]')).to_be_visible()
    expect(page.locator(f'article.scenario[data-id="{ident}"]')).to_be_in_viewport()


def test_the_status_filter_shows_the_failures_of_a_rule(page: Page,
                                                        book: Book) -> None:
    """On R02 (the broken engine fails R02.1), showing the failed scenarios opens the
    folded lists and leaves visible exactly the scenarios the broken report failed."""
    failed = {r["id"] for r in scenario_records(book.reports["broken"])
              if r["status"] == "failed" and r["rule"] == BROKEN_RULE}
    assert failed
    page.goto(book.url(f"rules/{BROKEN_RULE}.html"))
    everything = page.locator("article.scenario:visible").count()
    page.select_option("#status-filter", "failed")
    visible = set(page.locator("article.scenario:visible").evaluate_all(
        "as => as.map(a => a.dataset.id)"))
    assert visible == failed
    assert page.locator("#filter-count").inner_text().startswith(f"{len(failed)} ")
    page.select_option("#status-filter", "")
    assert page.locator("article.scenario:visible").count() >= everything


WIDER = """width => Array.from(document.querySelectorAll('body *'))
  .filter(e => e.getBoundingClientRect().right > width + 0.5)
  .slice(0, 5)
  .map(e => `${e.tagName.toLowerCase()}.${e.className} ending at `
            + `${Math.round(e.getBoundingClientRect().right)} px: `
            + (e.textContent || '').trim().slice(0, 60))"""


@pytest.mark.parametrize("relative", [
    "index.html", "rules/R17.html", "rulings/D20.html", "matrix.html", "failures/broken.html",
    "howto.html"])
def test_a_phone_wide_viewport_never_scrolls_sideways(
        phone_page: Page, any_book: Book, artifacts: Path, relative: str) -> None:
    """As a phone: 375 CSS px, touch, mobile layout. The viewport meta must make the
    layout 375 px wide (not the 980 px desktop default), and nothing may be wider (a
    wide table scrolls inside its own box, a long name wraps)."""
    page = phone_page
    page.goto(any_book.url(relative))
    inner, scroll = page.evaluate(
        "() => [window.innerWidth, document.documentElement.scrollWidth]")
    wider = "\n  ".join(page.evaluate(WIDER, PHONE))
    assert inner == PHONE, f"{relative}: the layout is {inner} px wide on a {PHONE} px " \
        f"phone (no <meta name=viewport>, or content that forces zooming out):\n  {wider}"
    assert scroll <= inner, f"{relative}: {scroll} px of content on a {inner} px " \
        f"screen:\n  {wider}"
    if relative in ("rules/R17.html", "matrix.html"):
        shot(page, artifacts / f"{Path(relative).stem}-{any_book.lang}-{PHONE}px.png",
             css=True)  # the whole page, 375 px wide


SPANISH = {"el", "la", "los", "las", "del", "que", "un", "una", "se", "por", "con",
           "para", "su", "al", "es", "lo", "jugador", "jugadores", "carta", "cartas",
           "banca", "mano", "baza", "regla", "reglas", "asiento", "llamada", "fallos"}
ENGLISH = {"the", "of", "and", "to", "is", "an", "it", "on", "by", "with", "for", "its",
           "player", "players", "card", "cards", "banker", "hand", "trick", "rule", "rules",
           "seat", "call", "failures"}
PROSE = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll('[lang]:not([lang|="es"]), .gherkin, script, style')
      .forEach(e => e.remove());
  return body.textContent;
}"""
"""The page's words, without the passages marked as another language (the English clause
beside the Spanish one) and the Gherkin as written (its feature file's own language)."""


def language_counts(text: str) -> tuple[int, int]:
    """How many common Spanish and common English words ``text`` has."""
    words = re.findall(r"[a-záéíóúñü]+", text.lower())
    return sum(w in SPANISH for w in words), sum(w in ENGLISH for w in words)


@pytest.mark.parametrize("relative", ["rules/R17.html", "rules/R05.html", "matrix.html"])
def test_the_spanish_book_reads_in_spanish(
        page: Page, book: Book, book_es: Book, relative: str) -> None:
    """``--lang es``: ``<html lang="es">``, and in the page's words (interface, steps,
    seats) common Spanish words outnumber common English ones more than twice, where in
    the English book the English ones do. (Rulings and scenario titles exist in English
    only, so a ruling page is not counted.)"""
    page.goto(book_es.url(relative))
    assert page.evaluate("document.documentElement.lang") == "es"
    spanish, english = language_counts(page.evaluate(PROSE))
    assert spanish > 2 * english, \
        f"{relative} in Spanish: {spanish} common Spanish words, {english} English ones"
    page.goto(book.url(relative))
    assert page.evaluate("document.documentElement.lang") == "en"
    spanish, english = language_counts(page.evaluate(PROSE))
    assert english > 2 * spanish, \
        f"{relative} in English: {spanish} common Spanish words, {english} English ones"


OWN_WORDS = """lang => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll(`[lang]:not([lang|="${lang}"]), .gherkin, script, style, pre, code, `
      + `.data, .sid, .card, .variant, .combo, option`).forEach(e => e.remove());
  return body.textContent;
}"""


@pytest.mark.parametrize("relative", [
    "index.html", "rules/R02.html", "rules/R21.html", "rulings/D9.html", "matrix.html",
    "failures/broken.html", "features/R05_bombs_and_rockets.feature.html", "howto.html"])
def test_no_english_interface_string_in_the_spanish_book(
        page: Page, book: Book, book_es: Book, relative: str) -> None:
    """Issue 22, item 5: as Chromium shows a Spanish page, the search's results and its
    status included, none of the book's English interface words is in its own text (what
    exists in English only is marked ``lang="en"``; quotes, JSON and data are as written).
    The English page, searched the same way, has them."""
    from fivetenk.book.words import WORDS

    def words(text: str) -> set[str]:
        return set(re.findall(r"\w+", text.lower()))

    from fivetenk.book.howto import TEXT

    english = set().union(*map(words, [*WORDS["en"].values(), *TEXT["en"].values()])) - set(
        ).union(*map(words, [*WORDS["es"].values(), *TEXT["es"].values()])) - {"as", "once"}
    english -= set(book.reports) | set(book_es.reports)  # the reports' names: data
    english -= {w for v in SPEC.variants.values() for w in words(" ".join((v.name, *v.values)))}
    for which, expect_english in ((book_es, False), (book, True)):
        page.goto(which.url(relative))
        page.fill("#search", "R03")  # results, and the "N more" status with its button
        page.wait_for_selector("#search-all")
        text = page.evaluate(OWN_WORDS, which.lang)
        text = re.sub(r"\{.*?\}|\[.*?\]", " ", re.sub(r'"[^"\n]*"', " ", text))
        found = sorted(w for w in words(text) & english if len(w) > 1)
        if expect_english:
            assert found, f"{relative}: the English page has no English interface word"
        else:
            assert not found, f"{relative} in Spanish says in English: {found}"
            assert not english_words(text), f"{relative} in Spanish shows English (issue 33)"


def test_the_spanish_index_lists_the_rules_by_their_spanish_titles(
        page: Page, book: Book, book_es: Book) -> None:
    """The rule titles come from spec/ in both languages (``title_en``, ``title_es``)."""
    for which, title in ((book_es, "title_es"), (book, "title_en")):
        page.goto(which.url("index.html"))
        assert page.evaluate("document.documentElement.lang") == which.lang
        for rule in SPEC.rules.values():
            text = " ".join(page.locator(f'a.rule-link[href="rules/{rule.id}.html"]')
                            .inner_text().split())
            assert getattr(rule, title) in text, f"{which.lang} index, {rule.id}: {text!r}"


def test_the_spanish_book_shows_the_scenario_steps_in_spanish(
        page: Page, book_es: Book) -> None:
    """Each step of a scenario as its feature writes it, in Spanish
    (:func:`fivetenk.book.step_lines`: the written lines read by their English phrases and
    written by the same steps' Spanish ones), is on the Spanish rule page (up to its first
    quoted value: the page shows cards as glyphs, ``A♥`` for ``AH``)."""
    from fivetenk.book import step_lines

    scenario = next(s for s in catalog.shipped() if s.rule == "R17")
    page.goto(book_es.url("rules/R17.html"))
    article = page.locator(f'article.scenario[data-id="{scenario.id}"]')
    text = " ".join(article.evaluate(
        "a => { const c = a.cloneNode(true); c.querySelectorAll('.gherkin')"
        ".forEach(e => e.remove()); return c.textContent; }").split())
    steps = step_lines(scenario, "es")
    assert steps and steps != step_lines(scenario, "en"), "the Spanish steps are English"
    assert steps[0].startswith("Dad"), steps[0]  # Dado/Dada: Gherkin's Spanish keyword
    for step in steps:
        words = " ".join(step.split('"')[0].split())
        assert words in text, f"the Spanish step {step!r} is not on the page"


def test_a_newcomer_learns_from_how_to_play_and_the_glossary(
        page: Page, any_book: Book) -> None:
    """Issue 33, item 1: searching `how to play` (`cómo se juega`) leads to the page; it
    shows the goal, the card order, every combination drawn as cards, the narrated hand's
    notes, the scoring table and a glossary whose links open the clause they name."""
    from playwright.sync_api import expect

    from fivetenk.book import learn

    page.goto(any_book.url("index.html"))
    page.fill("#search", "how to play" if any_book.lang == "en" else "cómo se juega")
    page.locator('#search-results a[href="howto.html#goal"]').click()
    page.wait_for_url(re.compile(r"/howto\.html#goal$"))
    expect(page.locator("#goal p")).to_be_visible()
    expect(page.locator("#order .card")).to_have_count(2)  # the two jokers
    rows = page.locator("table.combos tbody tr")
    expect(rows).to_have_count(len(learn.COMBINATIONS))
    expect(page.locator("#combo-rocket .card")).to_have_count(2)
    assert page.locator("ul.why li").count() >= 4
    expect(page.locator("table.bands tbody tr")).to_have_count(7)
    terms = page.locator("dl.glossary dt")
    assert terms.count() >= 20
    page.locator("#term-bomb + dd a.cite").click()
    page.wait_for_url(re.compile(r"/rules/R05\.html#R05\.1$"))
    expect(page.locator('[id="R05.1"]')).to_be_visible()


def test_search_knows_the_synonyms_players_use(page: Page, any_book: Book) -> None:
    """Issue 33, item 4: `comodín` finds the jokers, `dealer` and `banquero` the banker,
    `bote` the kitty and the burial, in either language's book; a word with no synonym
    still finds only itself."""
    page.goto(any_book.url("index.html"))
    for typed, term in (("comodín", "joker"), ("dealer", "banker"), ("banquero", "banker"),
                        ("bote", "kitty"), ("bote", "burial"), ("joker", "joker")):
        page.fill("#search", typed)
        link = page.locator(f'#search-results a[href="howto.html#term-{term}"]')
        assert link.count() == 1, (any_book.lang, typed, term)
    page.fill("#search", "zzyzx")
    assert page.locator("#search-results li").count() == 0
