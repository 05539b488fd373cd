"""The Spanish titles of the scenarios a rule page shows as its clauses' examples (issue
22), in the words of rules.es.txt, read from ``templates/titles.es.tsv`` (one
``id<TAB>title`` a line): on the Spanish book these read in Spanish; every other scenario
keeps its English title, marked ``lang="en"``. A key is a scenario id or, for the rows of
an outline, the outline's id: a row then reads as the outline's title and its number
(``… (ejemplo 2)``), and a row whose English title ends otherwise needs its own entry. A
test fails for an example without a Spanish title, so the kit's pick
(:func:`fivetenk.book.reading.pick_examples`) prefers the scenarios listed."""

from __future__ import annotations

import re
from importlib import resources


def _read() -> dict[str, str]:
    text = resources.files("fivetenk.book").joinpath("templates", "titles.es.tsv").read_text(
        encoding="utf-8")
    rows = (line.split("\t", 1) for line in text.splitlines()
            if line.strip() and not line.startswith("#"))
    return {ident: title.strip() for ident, title in rows}


def _read_headlines() -> dict[str, str]:
    text = resources.files("fivetenk.book").joinpath(
        "templates", "headlines.es.tsv").read_text(encoding="utf-8")
    rows = (line.split("\t", 1) for line in text.splitlines()
            if line.strip() and not line.startswith("#"))
    return {ident: headline.strip() for ident, headline in rows}


HEADLINES: dict[str, str] = _read_headlines()
"""Clause id -> its headline (the feature's ``Rule:`` line) in Spanish (issue 33)."""

TITLES: dict[str, str] = _read()
"""Scenario (or outline) id -> its title in Spanish."""

_ROW = re.compile(r"(.*) \(example (\d+)\)")


def spanish_title(ident: str, name: str) -> str | None:
    """The Spanish title of the scenario ``ident`` whose English title is ``name``, or
    None: its own entry, else its outline's followed by ``(ejemplo N)`` when the English
    title ends ``(example N)``."""
    if ident in TITLES:
        return TITLES[ident]
    outline, dot, _ = ident.rpartition(".")
    row = _ROW.fullmatch(name)
    if dot and outline in TITLES and row is not None:
        return f"{TITLES[outline]} (ejemplo {row.group(2)})"
    return None


def titled(idents: list[str] | tuple[str, ...], names: dict[str, str]) -> set[str]:
    """Which of ``idents`` have a Spanish title (``names``: each id's English title)."""
    return {i for i in idents if spanish_title(i, names[i]) is not None}
