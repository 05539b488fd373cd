"""``fivetenk rules``: show the rules, clauses and rulings of the spec as plain text.

Usage::

    fivetenk rules                 # the 24 rules, one line each
    fivetenk rules R17             # a rule: summary, clauses, rulings, variants, scenarios
    fivetenk rules R17.2           # one clause
    fivetenk rules D20             # one ruling: text, clauses, variants
    fivetenk rules R05-003         # a scenario: where it is, its clauses and rulings
    fivetenk rules 17 --lang es    # in Spanish: headings, titles, clause and ruling texts

``17``, ``r17``, ``17.2`` and ``d20`` are accepted too. The output is deterministic and
has no colour. Each clause says which scenarios exercise it.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from ..model.spec_data import LANGS, Clause, Rule, Ruling, Spec, SpecError, Variant, load_spec

__all__ = ["add_arguments", "run"]

EXIT_OK = 0
EXIT_INVALID_SPEC = 1
EXIT_UNKNOWN_ID = 2

_RULE = re.compile(r"[Rr]?(\d{1,2})")
_CLAUSE = re.compile(r"[Rr]?(\d{1,2})\.(\d{1,2})")
_RULING = re.compile(r"[Dd](\d{1,3})")

_INDENT = "  "

HEADINGS: dict[str, dict[str, str]] = {
    "en": {
        "rule": "Rule {n}", "summary": "summary", "alignment": "alignment",
        "rulings": "rulings", "none": "(none)", "variants": "variants",
        "difference": "difference", "exercised": "exercised by",
        "no_scenario": "(no scenario yet)", "default": "(default)", "default_is": "default",
        "shared": "shared ruling", "kit": "kit ruling", "grounds": "grounds",
        "clauses": "clauses", "clause": "{n} clause", "clause_n": "{n} clauses",
        "at": "at", "unknown": "(unknown)",
        "outline": "an outline of {n} rows", "as_written": "the scenario as written and as "
        "JSON", "answers": "how an implementation answers it", "english": "",
    },
    "es": {
        "rule": "Regla {n}", "summary": "resumen", "alignment": "alineación",
        "rulings": "resoluciones", "none": "(ninguna)", "variants": "variantes",
        "difference": "diferencia", "exercised": "la ejercitan",
        "no_scenario": "(aún ningún escenario)", "default": "(por defecto)",
        "default_is": "por defecto", "shared": "resolución compartida",
        "kit": "resolución del kit", "grounds": "fundamentos", "clauses": "cláusulas",
        "clause": "{n} cláusula", "clause_n": "{n} cláusulas", "at": "en",
        "unknown": "(desconocida)", "outline": "un esquema de {n} filas",
        "as_written": "el escenario tal como se escribió y en JSON",
        "answers": "cómo lo responde una implementación", "english": " (en inglés)",
    },
}
"""Every heading ``fivetenk rules`` prints, in each ``--lang`` (issue 22). The spec says
everything in Spanish too (issue 33: alignment and difference notes, a ruling's section and
grounds, summaries, variant values); what it would have in English only is marked
``(en inglés)`` in Spanish."""

BETWEEN: dict[str, dict[str, str]] = {
    "en": {"en/es": "en/es", "text/ruling": "text/ruling"},
    "es": {"en/es": "entre el inglés y el español", "text/ruling": "entre los textos y la "
           "resolución"},
}
"""What a clause's difference is between (spec ``between``), in each ``--lang``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``rules`` arguments: an optional id and ``--lang``."""
    parser.add_argument(
        "target",
        nargs="?",
        metavar="ID",
        help="a rule (R17, r17 or 17), a clause (R17.2), a ruling (D20) or a scenario "
        "(R05-003); without it, list the 24 rules",
    )
    parser.add_argument(
        "--lang",
        choices=LANGS,
        default="en",
        help="language of the headings, titles, clause and ruling texts (default: en; "
        "what the spec has in English only is marked so)",
    )
    parser.add_argument(
        "--show",
        action="store_true",
        help="also print the Gherkin of every scenario that exercises it (for a ruling: "
        "every scenario that depends on it)",
    )


def run(
    args: argparse.Namespace,
    out: TextIO,
    scenario_index: Mapping[str, Sequence[str]] | None = None,
    *,
    err: TextIO | None = None,
) -> int:
    """Print what ``args.target`` names to ``out``; return the exit status.

    ``scenario_index`` maps clause ids to the ids of the scenarios that exercise them.
    An unknown id writes a message to ``err`` (default: standard error) and returns 2; an
    invalid spec returns 1.
    """
    err = err if err is not None else sys.stderr
    lang: str = getattr(args, "lang", None) or "en"
    target: str | None = getattr(args, "target", None)
    index: Mapping[str, Sequence[str]] = scenario_index or {}
    try:
        spec = load_spec()
    except SpecError as exc:
        err.write(f"fivetenk rules: {exc}\n")
        return EXIT_INVALID_SPEC
    if target is None:
        out.write(_format_list(spec, lang))
        return EXIT_OK
    kind, ident = resolve(spec, target.strip())
    if kind == "rule":
        out.write(_format_rule(spec, spec.rules[ident], lang, index))
    elif kind == "clause":
        out.write(_format_clause_alone(spec, spec.clauses[ident], lang, index))
    elif kind == "ruling":
        out.write(_format_ruling(spec, spec.rulings[ident], lang))
    elif scenarios := find_scenarios(target.strip()):
        out.write(_format_scenario(spec, scenarios, lang, show=bool(getattr(args, "show", False))))
    else:
        last = max(spec.rulings, key=lambda r: int(r[1:]))
        err.write(
            f"fivetenk rules: unknown rule, clause, ruling or scenario {target!r} "
            f"(expected R01–R24, R17.2, D1–{last} or a scenario id such as R05-003)\n"
        )
        return EXIT_UNKNOWN_ID
    return EXIT_OK


def find_scenarios(target: str) -> list[Any]:
    """The shipped scenarios a scenario id names: the scenario, or every row of an
    outline (``R02-001`` -> ``R02-001.1`` …); [] for anything else."""
    if not target or "-" not in target:
        return []
    # lazy: `fivetenk rules --help` starts without the catalog
    from ..suite.catalog import shipped

    return [s for s in shipped() if s.id == target or s.id.startswith(target + ".")]


def _format_scenario(spec: Spec, scenarios: Sequence[Any], lang: str, *, show: bool) -> str:
    """Where a scenario is (its feature as installed, file:line), its rule, clauses with
    their text, rulings and variants; the rows of an outline; and where to look for the
    rest (``fivetenk show ID``). With ``show``, its Gherkin as written."""
    # lazy: evidence (the Gherkin parser) for a scenario shown only
    from ..results import evidence

    first = scenarios[0]
    outline = len(scenarios) > 1 or "example" in first.source
    ident = first.id.rsplit(".", 1)[0] if outline and len(scenarios) > 1 else first.id
    rule = spec.rules.get(first.rule)
    h = HEADINGS[lang]
    lines = [f"{ident}  {_scenario_title(first, ident, lang, len(scenarios) > 1)}",
             f"{h['at']} {evidence.open_at(first)}"]
    if rule is not None:
        lines.append(f"{h['rule'].format(n='').strip().lower()}: {rule.id}  "
                     f"{h['rule'].format(n=rule.number)}: {rule.title(lang)}")
    lines.append(f"{h['clauses']}:")
    for clause_id in first.clauses:
        clause = spec.clauses.get(clause_id)
        lines.append(f"{_INDENT}{clause_id}  {clause.text(lang) if clause else h['unknown']}")
    lines.append(f"{h['rulings']}:" if first.rulings else f"{h['rulings']}: {h['none']}")
    for ruling_id in first.rulings:
        ruling = spec.rulings.get(ruling_id)
        lines.append(f"{_INDENT}{ruling_id} {ruling.title_in(lang) if ruling else h['unknown']}")
    if first.variants:
        lines.append(f"{h['variants']}: " + ", ".join(f"{k}={v}" for k, v in
                                                     sorted(first.variants.items())))
    if len(scenarios) > 1:
        lines.append(f"{h['outline'].format(n=len(scenarios))}: "
                     + ", ".join(s.id for s in scenarios))
    if show:
        block = evidence.gherkin_block(first)
        if block is not None:
            lines += ["", f"# {block[1]}", block[0]]
    lines += ["", f"{h['as_written']}: fivetenk show {ident}",
              f"{h['answers']}: fivetenk show {ident} --impl CMD"]
    return "\n".join(lines) + "\n"


def _scenario_title(scenario: Any, ident: str, lang: str, outline: bool) -> str:
    """A scenario's title (an outline's, without a row's ending) in ``lang``: in Spanish
    the Spanish text's (:mod:`fivetenk.language.titles`), else as its feature writes it."""
    name: str = scenario.name.split(" (example")[0] if outline else scenario.name
    if lang == "es":
        # lazy: the Spanish titles load with --lang es only
        from ..language.titles import spanish_title

        found = spanish_title(ident, name) or spanish_title(scenario.id, scenario.name)
        if found:
            return found.split(" (ejemplo")[0] if outline else found
    return name


def resolve(spec: Spec, target: str) -> tuple[str, str]:
    """Classify ``target`` as ``("rule" | "clause" | "ruling", id)`` or ``("", "")``."""
    if match := _RULE.fullmatch(target):
        rule_id = f"R{int(match.group(1)):02d}"
        if rule_id in spec.rules:
            return "rule", rule_id
    elif match := _CLAUSE.fullmatch(target):
        clause_id = f"R{int(match.group(1)):02d}.{int(match.group(2))}"
        if clause_id in spec.clauses:
            return "clause", clause_id
    elif match := _RULING.fullmatch(target):
        ruling_id = f"D{int(match.group(1))}"
        if ruling_id in spec.rulings:
            return "ruling", ruling_id
    return "", ""


# --------------------------------------------------------------------------- formatting


def _format_list(spec: Spec, lang: str) -> str:
    h = HEADINGS[lang]
    lines = []
    for rule in spec.rules.values():
        count = len(rule.clauses)
        clauses = h["clause" if count == 1 else "clause_n"].format(n=count)
        lines.append(f"{rule.id}  {rule.title(lang)}  ({clauses})")
    return "\n".join(lines) + "\n"


def _rule_header(rule: Rule, lang: str) -> list[str]:
    h = HEADINGS[lang]
    return [f"{rule.id}  {h['rule'].format(n=rule.number)}: {rule.title(lang)}",
            f"{h['summary']}{'' if rule.summary_es else h['english']}: "
            f"{rule.summary_es if lang == 'es' and rule.summary_es else rule.summary}"]


def _format_rule(spec: Spec, rule: Rule, lang: str, index: Mapping[str, Sequence[str]]) -> str:
    lines = _rule_header(rule, lang)
    for clause in rule.clauses:
        lines.append("")
        lines += _clause_block(spec, clause, lang, index)
    return "\n".join(lines) + "\n"


def _format_clause_alone(
    spec: Spec, clause: Clause, lang: str, index: Mapping[str, Sequence[str]]
) -> str:
    rule = spec.rule_of(clause.id)
    lines = [f"{rule.id}  {HEADINGS[lang]['rule'].format(n=rule.number)}: {rule.title(lang)}",
             ""]
    lines += _clause_block(spec, clause, lang, index)
    return "\n".join(lines) + "\n"


def _clause_block(
    spec: Spec, clause: Clause, lang: str, index: Mapping[str, Sequence[str]]
) -> list[str]:
    h = HEADINGS[lang]
    lines = [f"{clause.id}  {clause.text(lang)}"]
    if lang == "es" and clause.alignment:
        lines.append(f"{_INDENT}{h['alignment']}" + (
            f": {clause.alignment_es}" if clause.alignment_es
            else f"{h['english']}: {clause.alignment}"))
    rulings = spec.rulings_for(clause.id)
    if rulings:
        lines.append(f"{_INDENT}{h['rulings']}:")
        lines += [f"{_INDENT * 2}{r.id} {r.title_in(lang)}" for r in rulings]
    else:
        lines.append(f"{_INDENT}{h['rulings']}: {h['none']}")
    variants = [v for v in spec.variants_for(clause.rulings) if v.concerns(clause.id)]
    if variants:
        lines.append(f"{_INDENT}{h['variants']}:")
        for variant in variants:
            lines += _variant_lines(variant, _INDENT * 2, lang)
    for difference in clause.differences:
        spanish = difference.note_es if lang == "es" else ""
        lines.append(f"{_INDENT}{h['difference']} {BETWEEN[lang][difference.between]} "
                     f"({difference.ruling})" + (f": {spanish}" if spanish
                                                 else f"{h['english']}: {difference.note}"))
    scenarios = list(index.get(clause.id, ()))
    if scenarios:
        lines.append(f"{_INDENT}{h['exercised']}: {', '.join(scenarios)}")
    else:
        lines.append(f"{_INDENT}{h['exercised']}: {h['no_scenario']}")
    return lines


def _variant_lines(variant: Variant, indent: str, lang: str = "en") -> list[str]:
    h = HEADINGS[lang]
    lines = [f"{indent}{variant.name} ({variant.ruling}), {h['default_is']} {variant.default}"
             f"{'' if variant.values_es else h['english']}:"]
    for value in variant.values:
        marker = f" {h['default']}" if value == variant.default else ""
        meaning = (variant.values_es if lang == "es" else {}).get(value, variant.values[value])
        lines.append(f"{indent}{_INDENT}{value}{marker}: {meaning}")
    return lines


def _format_ruling(spec: Spec, ruling: Ruling, lang: str) -> str:
    h = HEADINGS[lang]
    origin = h["shared"] if ruling.origin == "shared" else h["kit"]
    section, grounds = (ruling.es.get("section"), ruling.es.get("grounds")) if lang == "es" \
        else (ruling.section, ruling.grounds)
    where = (f"; {section}" if section else f"; {ruling.section}{h['english']}"
             if ruling.section else "")
    lines = [f"{ruling.id}  {ruling.title_in(lang)}  ({origin}{where})", ruling.text_in(lang)]
    if ruling.grounds:
        lines.append(f"{h['grounds']}: {grounds}" if grounds
                     else f"{h['grounds']}{h['english']}: {ruling.grounds}")
    lines.append(f"{h['clauses']}:")
    for clause_id in ruling.clauses:
        lines.append(f"{_INDENT}{clause_id}  {spec.clauses[clause_id].text(lang)}")
    if ruling.variants:
        lines.append(f"{h['variants']}:")
        for variant in ruling.variants:
            lines += _variant_lines(variant, _INDENT, lang)
    else:
        lines.append(f"{h['variants']}: {h['none']}")
    return "\n".join(lines) + "\n"
