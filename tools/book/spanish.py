"""What the Spanish book says in Spanish that the kit writes in English (issue 33, item 3).

- **Gherkin.** The feature files are written in English. The Spanish book shows a
  scenario's Gherkin, and each feature file's page, in the scenario language's Spanish
  (``# language: es``, Gherkin's Spanish keywords, each step in its Spanish phrase, the
  Spanish title, headline and description of :mod:`.titles`; tags, doc strings and data
  as written). An outline's row is written as the scenario it compiles to, its values in
  place. A test compiles every feature so written and finds the shipped scenarios again.
- **A failure's evidence.** What ``fivetenk check`` writes in words in a report (its
  message, each difference) is said again in Spanish from the report's own fields; what
  only the report can say (an engine's message, an error) is shown as the report writes
  it, marked as data not to translate.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..language.titles import DESCRIPTIONS, HEADLINES, spanish_description
from ..model.scenario import ALONE_TAG, Scenario
from ..results.report import json_text

KEYWORDS = {"feature": "Característica", "rule": "Regla", "scenario": "Escenario"}
"""Gherkin's Spanish keywords for the lines the book writes itself (steps carry their own)."""

LANGUAGE_LINE = "# language: es"


def tag_line(scenario: Scenario, inherited: Iterable[str] = ()) -> str:
    """The scenario's tags on one line, its id first (an outline's row: ``@id:R05-002.1``,
    the scenario the row compiles to), then every tag it compiled with (the Feature's,
    Rule's, Examples' and its own) but those ``inherited`` from where it is written."""
    skip = set(inherited)
    tags = [t for t in scenario.tags if t not in skip and not t.startswith("id:")]
    if scenario.rejections_alone and ALONE_TAG not in tags:
        tags.append(ALONE_TAG)
    return " ".join([f"@id:{scenario.id}", *(f"@{t}" for t in tags)])


def scenario_lines(scenario: Scenario, title: str, steps: Iterable[str],
                   inherited: Iterable[str] = ()) -> list[str]:
    """One scenario in Spanish Gherkin, unindented: its tags (:func:`tag_line`),
    ``Escenario:`` and its title, its description, its ``steps`` (Spanish lines as
    :func:`fivetenk.book.step_lines` gives them) indented under it."""
    lines = [tag_line(scenario, inherited), f"{KEYWORDS['scenario']}: {title}"]
    described = spanish_description(scenario.id) if scenario.description else None
    if described or scenario.description:
        lines += ["  " + p for p in (described or scenario.description).split("\n")]
    return lines + ["  " + step for step in steps]


def gherkin(scenario: Scenario, block: str, title: str, steps: Iterable[str]) -> str:
    """A scenario's Gherkin in Spanish, headed like the English ``block`` by the file and
    line it is written at."""
    head = block.split("\n", 1)[0]
    return "\n".join([head, *scenario_lines(scenario, title, steps)])


@dataclass(frozen=True)
class Line:
    """A line of a feature page: its text, and the anchor a link to the English file's
    line reaches it by (``L14``: the scenario written at line 14), if any."""

    text: str
    anchor: str = ""


def feature(path: Path, scenarios: Iterable[Scenario], book: Any) -> list[Line]:
    """The feature file at ``path`` in Spanish Gherkin: its tags, ``Característica:`` and the
    rule's Spanish title, the rule's Spanish text and the feature's note as description,
    each ``Regla:`` with its Spanish headline where the English file has its ``Rule:``, and
    each of ``scenarios`` (the file's, an outline's rows one by one) where the English file
    writes it, anchored by the English line it is written at. ``book`` gives the titles,
    steps and rule texts (:class:`fivetenk.book.Book`)."""
    english = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(english) if line.lstrip().startswith("Feature:"))
    rule = book.spec.rules[path.name[:3]]
    out = [Line(LANGUAGE_LINE), *(Line(line) for line in english[:at])]
    inherited = [t.lstrip("@") for line in english[:at] for t in line.split()
                 if t.startswith("@")]
    out.append(Line(f"{KEYWORDS['feature']}: {rule.id} {rule.title_es}"))
    feature_text = book.features.get(rule.id)
    paragraphs = []
    if feature_text and any(" ".join(p.split()) == " ".join(
            book.bodies["en"].get(rule.number, "").split()) for p in feature_text.description):
        paragraphs.append(book.bodies["es"].get(rule.number, ""))
    paragraphs += DESCRIPTIONS.get(rule.id, "").split("\n") if rule.id in DESCRIPTIONS else []
    for i, paragraph in enumerate(p for p in paragraphs if p):
        out += [Line("")] * (i > 0) + [Line("  " + paragraph)]
    events: list[tuple[int, str, Any]] = []
    for number, line in enumerate(english, start=1):
        parts = line.split()
        if line.lstrip().startswith("Rule:") and len(parts) > 1:
            events.append((number, "rule", parts[1]))
    events += [(int(s.source.get("line", 0)), "scenario", s) for s in scenarios]
    indent = "  "
    for number, kind, what in sorted(events, key=lambda e: (e[0], e[1] != "rule")):
        out.append(Line(""))
        if kind == "rule":
            out.append(Line(f"  {KEYWORDS['rule']}: {what} {HEADLINES.get(what, '')}".rstrip()))
            indent = "    "
            continue
        lines = scenario_lines(what, book.title(what)[0], book.lines[what.id], inherited)
        out += [Line(indent + lines[0], f"L{number}"), *(Line(indent + t) for t in lines[1:])]
    return out


# --- a failure's evidence in Spanish ----------------------------------------------------------

def _value(value: Any) -> str:
    return json_text(value, 200)


def _items(items: Any, total: Any) -> str:
    listed = items if isinstance(items, list) else []
    text = ", ".join(_value(item) for item in listed[:5])
    count = total if isinstance(total, int) else len(listed)
    return text + (f", … ({count} en total)" if count > min(5, len(listed)) else "")


def difference(found: dict[str, Any]) -> str:
    """A difference of a report (:func:`fivetenk.results.report.difference_record`) in Spanish,
    after its path (which the page shows as code): ``se esperaba true, se observó false``;
    ``falta 1 (se esperaba entre ellas): "single 2: 2"``. Values are JSON, as the report
    holds them."""
    path = str(found.get("path") or "")
    how = found.get("how")
    expected = _value(found.get("expected"))
    if found.get("absent") is True:
        wanted = {"contains": "una lista que contenga ", "excludes": "una lista sin "}.get(
            str(how), "")
        return f"se esperaba {wanted}{expected}; la respuesta no tiene {path or 'valor'}"
    if "missing" in found or "extra" in found:
        parts = []
        missing, extra = found.get("missing_count") or 0, found.get("extra_count") or 0
        if missing:
            parts.append(("falta" if missing == 1 else "faltan") + f" {missing}" + (
                " (se esperaba entre ellas)" if how == "contains" else "") + ": " +
                _items(found.get("missing"), missing))
        if extra:
            parts.append(("sobra" if extra == 1 else "sobran") + f" {extra}" + (
                " (se esperaba que no estuviera)" if how == "excludes" else "") + ": " +
                _items(found.get("extra"), extra))
        observed = found.get("observed")
        size = len(found["expected"]) if isinstance(found.get("expected"), list) else "?"
        if how == "reference":
            head = f"frente a las {size} del motor de referencia para la misma petición, "
        elif how == "expect" and isinstance(observed, list):
            head = f"se esperaban {size} elementos, se observaron {len(observed)}: "
        else:
            head = ""
        return head + ("; ".join(parts) or "los mismos elementos en otro orden")
    observed = _value(found.get("observed"))
    if how == "contains":
        return f"se esperaba una lista que contuviera {expected}, se observó {observed}"
    if how == "excludes":
        return f"se esperaba una lista sin {expected}, se observó {observed}"
    return f"se esperaba {expected}, se observó {observed}"


def message(record: dict[str, Any]) -> tuple[str, str] | None:
    """A failure's message in Spanish: the path of its first difference, and that
    difference and how many more there are; None when the report records no difference
    (an error, a crash, a timeout: only the report's own words say what happened)."""
    found = [d for d in record.get("differences") or [] if isinstance(d, dict)]
    total = record.get("differences_total")
    if not found or record.get("status") != "failed":
        return None
    more = (total if isinstance(total, int) else len(found)) - 1
    return str(found[0].get("path") or ""), difference(found[0]) + (
        f" (y {more} diferencia{'s' * (more != 1)} más)" if more > 0 else "")
