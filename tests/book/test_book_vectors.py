"""The book says what the count vectors are (issue 32): the index's paragraph, in both
languages, with its figures counted from the shipped file and its clauses linked.

Only the index is rendered (with no scenarios: the paragraph does not depend on them), so
this costs a template and a read of the vectors file, not a book."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from english import english_words

from fivetenk.book import Book
from fivetenk.book.site import environment, vectors_paragraph
from fivetenk.model.spec_data import load_spec
from fivetenk.suite import vectors

SPEC = load_spec()


def index(lang: str) -> str:
    made = Book(spec=SPEC, scenarios=[], reports=[], lang=lang, command="fivetenk book")
    html: str = environment(lang).get_template("index.html").render(
        root="", book=made, rules=list(SPEC.rules.values()), reports=[],
        vectors=vectors_paragraph(lang))
    return html


def paragraph(lang: str) -> str:
    found = re.search(r'<p id="count-vectors">(.*?)</p>', index(lang), re.S)
    assert found, f"the {lang} index does not say what the count vectors are"
    return found.group(1)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_index_says_what_the_count_vectors_are_with_the_files_own_figures(
        lang: str) -> None:
    """The figures are the shipped file's, counted here from its JSON (not through the
    kit's reader): a vector added, or a longer hand, changes the sentence."""
    document = json.loads(vectors.path().read_text(encoding="utf-8"))
    shipped = document["vectors"]
    hands = [len(v["hand"]) for v in shipped]
    leads = sum(1 for v in shipped if v["kind"] == "lead")
    text = unescape(re.sub(r"<[^>]+>", "", paragraph(lang)))
    numbers = [int(n) for n in re.findall(r"(?<![\w.])\d+(?![\w.])", text)]
    assert numbers == [len(shipped), leads, len(shipped) - leads, min(hands), max(hands)], text
    assert "features/vectors/plays.json" in text and "plays" in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_clauses_named_are_the_ones_the_vectors_cite_each_linked_to_its_rule_page(
        lang: str) -> None:
    links = re.findall(r'<a href="rules/(R\d\d)\.html#([^"]+)">([^<]+)</a>', paragraph(lang))
    cited = {c for s in vectors.scenarios() for c in s.clauses}
    assert {shown for _, _, shown in links} == cited
    for rule, anchor, shown in links:
        assert anchor == shown and shown.startswith(rule + ".")
        assert shown in {c.id for c in SPEC.rules[rule].clauses}, f"{shown}: not in the spec"


def test_the_spanish_paragraph_is_spanish() -> None:
    text = unescape(re.sub(r"<code>.*?</code>|<[^>]+>", " ", paragraph("es")))
    assert not english_words(text), text
    assert english_words(unescape(re.sub(r"<code>.*?</code>|<[^>]+>", " ",
                                         paragraph("en"))))  # the check can see English
