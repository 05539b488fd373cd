"""Turn JSON scenarios back into readable Gherkin.

Reads a JSON scenario file (one scenario or a list) and prints a feature with one scenario
per JSON scenario; compiling that feature gives the same scenarios back (only their
``source`` differs). Select one with --id. With ``--lang es`` the feature is written in
Spanish (``# language: es``, Gherkin's Spanish keywords and the Spanish phrases of
:mod:`fivetenk.language.spanish`, issue 10); it compiles to the same scenarios. Scenario
names, descriptions and tags are written as they are, in any language.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from ..language import Lang, render_steps
from ..language.compiler import parse_tags
from ..model.scenario import ALONE_TAG, CLAUSE_PATTERN, RULING_PATTERN, Scenario
from ..suite import catalog


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", type=Path, metavar="FILE", help="a JSON scenario file")
    p.add_argument("--id", action="append", default=[], metavar="ID",
                   help="render only this scenario (repeatable)")
    p.add_argument("--lang", choices=("en", "es"), default="en",
                   help="write the feature in English (default) or Spanish")


FEATURE_WORDS: dict[str, tuple[str, str]] = {
    "en": ("Feature", "Scenario"),
    "es": ("Característica", "Escenario"),
}
"""Gherkin's keywords for a feature and a scenario in each language the kit writes."""


def render_feature(scenarios: Iterable[Scenario], title: str, lang: Lang = "en") -> str:
    """A feature file holding ``scenarios``, in ``lang`` (a Spanish one starts with
    ``# language: es``; names, descriptions and tags are not translated)."""
    feature, scenario = FEATURE_WORDS[lang]
    lines = [] if lang == "en" else [f"# language: {lang}"]
    lines += [f"{feature}: {title}", ""]
    for s in scenarios:
        lines.append("  " + " ".join([f"@id:{s.id}", *(f"@{t}" for t in tag_line(s))]))
        lines.append(f"  {scenario}: {s.name}")
        if s.description:
            lines.extend("    " + d for d in s.description.splitlines())
        lines.extend("    " + step for step in render_steps(s, lang))
        lines.append("")
    return "\n".join(lines)


def tag_line(s: Scenario) -> list[str]:
    """The tags to write for ``s`` (without ``@``). A compiled scenario's clauses and rulings
    are its clause and ruling tags, in tag order, so its tags are written as they are. A
    JSON scenario need not keep them in step (its ``clauses`` may be missing from its
    ``tags``): then its clauses and rulings are written first, in their order, followed by
    its other tags, so that compiling the rendered feature gives the same clauses (the
    first names the scenario's rule) and rulings. A tag that would read as an id
    (``id:…``) is left out: the scenario's own id is written first. A scenario whose
    rejections are judged alone (``"rejections": "any-clause"``) ends with the tag
    ``any-clause``, which compiles back to that mark (issue 9)."""
    tags = [t for t in s.tags if not t.startswith("id:") and t != ALONE_TAG]
    mark = [ALONE_TAG] if s.rejections_alone else []
    meta = parse_tags(tags)
    if meta["clauses"] == s.clauses and meta["rulings"] == s.rulings:
        return [*tags, *mark]
    rest = [t for t in tags if t not in s.clauses and t not in s.rulings
            and not CLAUSE_PATTERN.match(t) and not RULING_PATTERN.match(t)]
    return [*s.clauses, *s.rulings, *rest, *mark]


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if args.path.suffix != ".json":
        raise catalog.CatalogError("render reads a .json scenario file",
                                   where=catalog.printable(str(args.path)))
    scenarios = catalog.load_file(args.path)
    catalog.validate(scenarios)  # what check would refuse (ids, clauses, rulings), render too
    if args.id:
        unknown = sorted(set(args.id) - {s.id for s in scenarios})
        if unknown:
            raise catalog.CatalogError(f"no scenario with id {', '.join(unknown)}",
                                       where=catalog.printable(str(args.path)))
        scenarios = [s for s in scenarios if s.id in args.id]
    lang: Lang = "es" if getattr(args, "lang", "en") == "es" else "en"
    title = (f"scenarios rendered from {args.path.name}" if lang == "en"
             else f"escenarios escritos a partir de {args.path.name}")
    out.write(render_feature(scenarios, title, lang))
    return 0
