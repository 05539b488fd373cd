"""How to play teaches (issue 33, item 1): the goal, the card order, every combination with
an example the engine reads, a narrated hand whose notes are the engine's record, the
scoring table, a glossary linked to its clauses, a legend for every glyph; searchable.

Cheap: the page is rendered alone, from a book without scenarios (it needs none), once
per language for the module."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest

from fivetenk.book import Book, environment, howto_page, learn
from fivetenk.book.howto import walk
from fivetenk.model.spec_data import load_spec
from fivetenk.reference.settlement import BANDS

SPEC = load_spec()


@pytest.fixture(scope="module")
def hand() -> dict[str, Any]:
    return walk()


@pytest.fixture(scope="module", params=["en", "es"])
def page(request: pytest.FixtureRequest) -> tuple[str, str]:
    lang = request.param
    book = Book(spec=SPEC, scenarios=[], reports=[], lang=lang, command="fivetenk book")
    return lang, howto_page(environment(lang), book)


def section(html: str, key: str) -> str:
    return html.split(f'id="{key}"', 1)[1].split("</section>", 1)[0]


class Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def text_of(html: str) -> str:
    parser = Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def test_the_page_teaches_in_order(page: tuple[str, str]) -> None:
    """Goal, card order, combinations, the hand, scoring, glossary, legend, strategy."""
    _lang, html = page
    keys = ["goal", "order", "combinations", "hand", "deal", "kitty", "calls", "tricks",
            "ending", "settlement", "scoring", "glossary", "legend", "strategy"]
    at = [html.index(f'<section class="{"howto" if k in ("deal", "kitty", "calls", "tricks", "ending", "settlement") else "learn"}" id="{k}"') for k in keys]  # noqa: E501
    assert at == sorted(at)
    goal = text_of(section(html, "goal"))
    assert " 3" in goal and ("A [R07.2]" in goal or "as" in goal) and "120" in goal
    assert 'href="rules/R07.html#R07.2"' in section(html, "goal")
    order = re.findall(r'<span class="rank">([^<]+)</span>|data-card="(SJ|BJ)"',
                       section(html, "order"))
    assert [a or b for a, b in order] == list(learn.RANKS)


def test_every_combination_has_an_example_the_engine_reads(page: tuple[str, str]) -> None:
    lang, html = page
    part = section(html, "combinations")
    rows = re.findall(r'<tr id="combo-(\w+)" data-reading="([^"]+)">(.*?)</tr>', part)
    assert [r[0] for r in rows] == [c[0] for c in learn.COMBINATIONS]
    for key, reading, row in rows:
        cards = next(c[1] for c in learn.COMBINATIONS if c[0] == key).split()
        assert re.findall(r'data-card="([^"]+)"', row) == cards, key
        assert learn.say(reading, lang) in text_of(row)
    kinds = {r[1].split(" ")[0] for r in rows}
    assert {"bomb", "rocket", "5-10-K", "airplane+pairs", "straight"} <= kinds


def test_a_wrong_example_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = (*learn.COMBINATIONS[:-1], ("rocket", "SJ SJ", "rocket", "R05.3"))
    monkeypatch.setattr(learn, "COMBINATIONS", wrong)
    with pytest.raises(ValueError, match="SJ SJ"):
        learn.checked_combinations()


def test_the_scoring_table_is_the_engines(page: tuple[str, str]) -> None:
    _lang, html = page
    rows = re.findall(r"<tr><th scope=\"row\">([^ <]+) <a class=\"cite\" "
                      r"href=\"rules/R21.html#(R21\.\d)\">", section(html, "scoring"))
    assert rows == [(b.label.replace("-", "–"), b.clause) for b in BANDS]


def test_the_glossary_has_twenty_terms_each_linked_to_its_clause(
        page: tuple[str, str]) -> None:
    _lang, html = page
    terms = re.findall(r'<dt id="term-(\w+)">([^<]+)</dt><dd>(.*?)</dd>',
                       section(html, "glossary"))
    assert len(terms) >= 20 and len({t[1] for t in terms}) == len(terms)
    for key, _, body in terms:
        clause = dict(learn.GLOSSARY)[key]
        assert clause in SPEC.clauses
        assert f'href="rules/{clause[:3]}.html#{clause}"' in body
    wanted = {"banker", "kitty", "burial", "call", "occurrence", "level", "trick", "lead",
              "bomb", "rocket", "five_ten_king", "wings"}
    assert wanted <= {t[0] for t in terms}


def test_the_legend_explains_every_glyph_the_book_draws(page: tuple[str, str]) -> None:
    """Every suit glyph and both jokers' glyphs that a card span can show are in the
    legend, drawn and explained."""
    from fivetenk.book import card_html

    lang, html = page
    legend = section(html, "legend")
    drawn = {str(card_html(c)).rsplit(">", 2)[1].split("<")[0][-2:]
             for c in ("AS", "AH", "AC", "AD", "SJ", "BJ")}
    glyphs = {g[-1] if g[-1] in "♠♥♣♦" else g for g in drawn}
    for glyph in glyphs:
        assert glyph in legend, glyph
    assert legend.count('class="card ') == len(learn.TEXT[lang]["legend_rows"])


def test_the_notes_are_the_engines_record(hand: dict[str, Any]) -> None:
    """Every kind of notable play is narrated at least once in the seeded hand, and each
    note agrees with the hand as played: the points taken are the trick's, the kept bomb
    is played later by the same seat, a partner is the seat the call resolved to."""
    tricks = {t["number"]: t for t in hand["tricks"]}
    kinds = {n["kind"] for t in hand["tricks"] for n in t["notes"]}
    assert {"points", "kept", "bomb", "partner"} <= kinds
    for t in hand["tricks"]:
        for n in t["notes"]:
            if n["kind"] == "points":
                assert (n["seat"], n["points"]) == (t["winner"], t["points"])
                assert n["points"] == sum(5 if c[:-1] == "5" else 10 for c in n["cards"])
            elif n["kind"] == "kept":
                assert any(p["seat"] == n["seat"] and not p["cards"] for p in t["plays"])
                later = tricks[n["played_in"]]
                assert any(p["seat"] == n["seat"] and p["combo"] == n["combo"]
                           for p in later["plays"])
            elif n["kind"] == "partner":
                call = next(c for c in hand["calls"] if c["face"] == n["face"])
                assert call["resolved_by"] == n["seat"] and call["trick"] == t["number"]
            elif n["kind"] == "bomb":
                assert any(p["seat"] == n["seat"] and p["combo"] == n["combo"]
                           for p in t["plays"])


def test_the_notes_are_on_the_page_with_their_clauses(page: tuple[str, str],
                                                      hand: dict[str, Any]) -> None:
    _lang, html = page
    tricks = section(html, "tricks")
    notes = [n for t in hand["tricks"] for n in t["notes"]]
    assert tricks.count('<li class="why-') == len(notes)
    assert 'href="rules/R14.html#R14.1"' in tricks and 'href="rules/R05.html#R05.1"' in tricks


def test_the_search_finds_the_page_and_every_term() -> None:
    """`how to play` and `cómo se juega` find the page; every glossary term is an entry
    whose text holds its name in the other language too."""
    for lang, words in (("en", "how to play"), ("es", "cómo se juega")):
        entries = learn.search_entries(lang)
        hay = [" ".join(e[1:4]).lower() for e in entries]
        found = [e for e, h in zip(entries, hay, strict=True)
                 if all(w in h for w in words.split())]
        assert found and all(e[4].startswith("howto.html") for e in found)
        terms = [e for e in entries if e[0] == "term"]
        assert len(terms) == len(learn.GLOSSARY)
        json.dumps(entries)  # plain data


def test_search_has_the_summary_and_synonyms_in_both_languages() -> None:
    """Issue 33, item 4: the summary page is an entry; every synonym group holds an English
    and a Spanish word the book uses (comodín ↔ joker, banca/banquero ↔ banker, bote ↔
    kitty/burial)."""
    for lang in ("en", "es"):
        hrefs = {e[4] for e in learn.search_entries(lang)}
        assert {"summary.html", "variants.html", "howto.html#term-joker"} <= hrefs
    groups = {g[0]: set(g) for g in learn.SYNONYMS}
    assert {"comodín", "joker"} <= groups["joker"]
    assert {"banca", "banquero", "banker", "dealer"} <= groups["banker"]
    assert {"bote", "kitty", "burial"} <= groups["kitty"]
    words = [w for g in learn.SYNONYMS for w in g]
    assert len(words) == len(set(words)), "a word in two groups"
