"""The Spanish text of what the kit writes in English only in its feature files (issues 22
and 33), kept as data in ``spanish_text/`` beside this module, one ``id<TAB>text`` a line
(the book, ``rules --lang es`` and the checks of the Spanish text read them):

- ``spanish_text/titles.es.tsv``: every shipped scenario's title. A key is a scenario id or,
  for the rows of an outline, the outline's id: a row then reads as the outline's title and
  its number (``… (ejemplo 2)``), and a row whose English title ends otherwise has its own
  entry. A test fails for a shipped scenario without one;
- ``spanish_text/headlines.es.tsv``: each clause's headline (the feature's ``Rule:`` line);
- ``spanish_text/descriptions.es.tsv``: a feature's note (keyed by its rule, ``R07``: what its
  description says besides the rule's text) and a scenario's description (by its id or
  its outline's).

Written for a Spanish reader in the words of rules.es.txt, not word for word. A scenario
that is not shipped (a user's JSON case) keeps its own title."""

from __future__ import annotations

import re
from importlib import resources


def _read(name: str) -> dict[str, str]:
    """``spanish_text/<name>`` as id -> text; a key given again adds a paragraph (a test holds
    that titles and headlines give each key once)."""
    text = resources.files(__package__).joinpath("spanish_text", name).read_text(
        encoding="utf-8")
    out: dict[str, str] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            ident, _, said = line.partition("\t")
            out[ident] = f"{out[ident]}\n{said.strip()}" if ident in out else said.strip()
    return out


HEADLINES: dict[str, str] = _read("headlines.es.tsv")
"""Clause id -> its headline (the feature's ``Rule:`` line) in Spanish (issue 33)."""

TITLES: dict[str, str] = _read("titles.es.tsv")
"""Scenario (or outline) id -> its title in Spanish."""

DESCRIPTIONS: dict[str, str] = _read("descriptions.es.tsv")
"""Rule id -> its feature's note in Spanish, one paragraph a line; scenario (or outline)
id -> its description in Spanish (issue 33)."""

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


def spanish_description(ident: str) -> str | None:
    """The Spanish description of the scenario ``ident`` (its own, else its outline's)."""
    return DESCRIPTIONS.get(ident, DESCRIPTIONS.get(ident.rpartition(".")[0]))


def titled(idents: list[str] | tuple[str, ...], names: dict[str, str]) -> set[str]:
    """Which of ``idents`` have a Spanish title (``names``: each id's English title)."""
    return {i for i in idents if spanish_title(i, names[i]) is not None}
