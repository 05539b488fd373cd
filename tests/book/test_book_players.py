"""Rule pages for players first (issue 33, item 2): an example reads as a player says it,
rendered from the scenario's own data; the steps, rejection codes and protocol conventions
are folded under "For implementers"; a one-page summary and a variants page.

The pages read are the session's English and Spanish books (tests/book/conftest.py, with
the two reports that tests/book/test_book.py and the browser's tests read): rendering each
book again here, in memory, took seconds."""

from __future__ import annotations

import copy
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fivetenk.book import Book, said
from fivetenk.book.learn import say
from fivetenk.model.spec_data import load_spec
from fivetenk.suite import catalog

pytestmark = [pytest.mark.slow,  # two whole books and their reports, built once a
              pytest.mark.xdist_group("book")]  # session for tests/book/ (its conftest.py)

SPEC = load_spec()
SHIPPED = catalog.shipped()


@pytest.fixture(scope="module", params=["en", "es"])
def book(request: pytest.FixtureRequest) -> tuple[str, dict[str, str]]:
    """The session's book in a language: relative path -> text, for every page."""
    lang = request.param
    root: Path = request.getfixturevalue("english_book" if lang == "en" else "spanish_book")
    return lang, {path.relative_to(root).as_posix(): path.read_text(encoding="utf-8")
                  for path in sorted(root.rglob("*")) if path.is_file()}


class Folded(HTMLParser):
    """For each ruling shown (``data-ruling``), whether it is inside a folded "For
    implementers" part."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.rulings: dict[str, set[bool]] = {}

    @classmethod
    def of(cls, html: str) -> Folded:
        made = cls()
        made.feed(html)
        return made

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "details":
            self.stack.append("implementers" in (found.get("class") or "").split())
        if tag == "div" and found.get("data-ruling"):
            self.rulings.setdefault(str(found["data-ruling"]), set()).add(any(self.stack))

    def handle_endtag(self, tag: str) -> None:
        if tag == "details" and self.stack:
            self.stack.pop()


def scenario(ident: str) -> object:
    return next(s for s in SHIPPED if s.id == ident)


def test_an_example_is_said_from_its_scenario_data() -> None:
    """R05-008.1 asks whether a bomb of four 3s beats a mixed 5,10,K: the sentence says so
    with its cards, the readings in words and the clause; the same scenario expecting the
    opposite says the opposite (the sentence follows the data, not a hand-written line)."""
    s = scenario("R05-008.1")
    line = said.sentences(s, "en")[0]  # type: ignore[arg-type]
    assert line == ('"3H 3S 3D 3C" beats "5D 10S KC": a bomb of four 3s beats a mixed '
                    '5,10,K [R05.1].')
    assert said.sentences(s, "es")[0].startswith('"3H 3S 3D 3C" supera "5D 10S KC": una '
                                                 'bomba de cuatro 3')  # type: ignore[arg-type]
    flipped = copy.deepcopy(s)
    flipped.steps[0]["expect"]["beats"] = False  # type: ignore[attr-defined]
    assert "does not beat" in said.sentences(flipped, "en")[0]  # type: ignore[arg-type]
    mine = copy.deepcopy(s)
    mine.id = "R05-999"  # type: ignore[attr-defined]  # a user's case: no written title
    one = Book(spec=SPEC, scenarios=[s, mine], reports=[], lang="es", command="")  # type: ignore[list-item]
    assert one.title(mine) == ('"3H 3S 3D 3C" supera "5D 10S KC": una bomba de cuatro 3 '  # type: ignore[arg-type]
                               "supera un 5,10,K mixto", False)  # its Spanish title: the sentence
    assert one.title(s) == ("La bomba más baja supera a cualquier 5,10,K (ejemplo 1)",  # type: ignore[arg-type]
                            False)  # a shipped one: its written title (issue 33)
    game = next(x for x in SHIPPED if any(st.get("op") == "act" for st in x.steps))
    assert said.sentences(game, "en") == []  # a game played step by step keeps its steps


def test_every_reading_a_scenario_names_is_said_in_words() -> None:
    """No example sentence shows the kit's notation (``bomb 4x3``, ``pairs 3-4``)."""
    notation = re.compile(r"\b\d+x[\dJQKA]|\b(?:pairs|straight|airplane\S*) "
                          r"[\dJQKA]+-[\dJQKA]+|triple\+|5-10-K|rocket x")
    for s in SHIPPED:
        for lang in ("en", "es"):
            for line in said.sentences(s, lang):
                assert not notation.search(line.split(":", 1)[-1]), (s.id, line)


def test_a_rule_page_says_its_examples_and_folds_the_rest_for_implementers(
        book: tuple[str, dict[str, str]]) -> None:
    lang, files = book
    page = files["rules/R05.html"]
    example = page.split('data-id="R05-008.1"')[1].split("</article>")[0] \
        if 'data-id="R05-008.1"' in page else None
    articles = re.findall(r'<article class="scenario example"(.*?)</article>', page, re.S)
    with_said = [a for a in articles if '<ul class="said">' in a]
    assert with_said, "no example of R05 is said as a player says it"
    for a in with_said:
        said_at, steps_at = a.index('<ul class="said">'), a.index('<ol class="steps"')
        assert said_at < a.index('<details class="implementers">') < steps_at
    if example is not None:
        assert say("bomb 4x3", lang) in example
    # protocol conventions (D38, declared readings) are folded for implementers
    for rule, ruling in (("R03", "D38"), ("R03", "D10"), ("R05", "D38")):
        html = files[f"rules/{rule}.html"]
        found = Folded()
        found.feed(html)
        assert found.rulings.get(ruling) == {True}, (rule, ruling, found.rulings.get(ruling))
    assert Folded.of(files["rules/R05.html"]).rulings.get("D11") == {False}  # a game ruling
    r17 = files["rules/R17.html"]
    assert r17.index('<details class="implementers feature-notes">') < \
        r17.index('class="feature-description"')


def test_the_summary_has_every_rule_and_the_variants_page_every_variant(
        book: tuple[str, dict[str, str]]) -> None:
    lang, files = book
    summary = files["summary.html"]
    for rule in SPEC.rules.values():
        assert f'href="rules/{rule.id}.html"' in summary and rule.title(lang) in summary
    variants = files["variants.html"]
    for v in SPEC.variants.values():
        assert f'id="{v.name}"' in variants and f'href="rulings/{v.ruling}.html"' in variants
        for value in v.values:
            assert f"<code>{value}</code>" in variants
    if lang == "es":
        assert 'lang="en"' not in variants.split("<main")[1]
        assert all(set(v.values_es) == set(v.values) for v in SPEC.variants.values())
    index = files["index.html"]
    assert 'href="summary.html"' in index and 'href="variants.html"' in index
    # an engine of another game declares its profile words instead (issue 32): D39 linked
    assert 'class="variants-profile"' in variants and 'href="rulings/D39.html"' in variants


def test_no_raw_markdown_reaches_a_page(book: tuple[str, dict[str, str]]) -> None:
    """Issue 33: ``**variant**`` (``**variante**``) of D9 and D14 shows in bold."""
    lang, files = book
    for name, text in files.items():
        if name.endswith(".html"):
            assert "**" not in text, name
    assert "<strong>" + ("variante" if lang == "es" else "variant") + "</strong>" in \
        files["rulings/D9.html"]


def test_every_clause_headline_has_its_spanish(book: tuple[str, dict[str, str]]) -> None:
    """Issue 33, item 3: each feature's ``Rule:`` headline has Spanish text
    (language/spanish_text/headlines.es.tsv), for a clause the spec has; the Spanish rule
    pages show no headline marked English."""
    from fivetenk.book.reading import feature_texts
    from fivetenk.language.titles import HEADLINES

    english = {c: h for ft in feature_texts(catalog.shipped_files()).values()
               for c, h in ft.headlines.items()}
    assert set(english) == set(HEADLINES) and set(HEADLINES) <= set(SPEC.clauses)
    lang, files = book
    marked = [n for n, text in files.items() if 'class="headline" lang="en"' in text]
    assert marked == [], marked
    if lang == "es":
        assert HEADLINES["R05.2"] in files["rules/R05.html"]
