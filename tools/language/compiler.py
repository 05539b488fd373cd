"""Compile Gherkin ``.feature`` files into scenarios, with the official gherkin parser.

Tags carry the metadata: ``@id:R05-003`` (the stable id, required, never renumbered),
clause ids (``@R05.2``), rulings (``@D11``), the mark ``@any-clause`` (judge the
scenario's rejections on the rejection alone, issue 9) and any other tags. Outline rows
become scenarios ``<id>.1``, ``<id>.2``… in row order (append rows; never reorder them).

``@any-clause`` may stand on a scenario (or outline, or Examples) or on the Feature or a
Rule, whose scenarios inherit it: each scenario it reaches that expects a rejection is
marked ``"rejections": "any-clause"``; one that expects none is left unmarked (there is
nothing to relax). A tag that reaches no scenario expecting a rejection is an error at the
tag's line, and so is a misspelling of it (``@any_clause``, ``@any-clause:yes``): a mark
that relaxes nothing, or is silently an ordinary tag, misleads whoever reads the scenario.

A feature may be written in Spanish (issue 10): with ``# language: es`` on its first line,
Gherkin's Spanish keywords (``Característica``, ``Escenario``, ``Dado``, ``Cuando``,
``Entonces``, ``Y``…) and the Spanish phrases of :mod:`fivetenk.language.spanish`. It compiles
to the very scenarios of its English twin; any other language is an error at line 1.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any, cast

from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler
from gherkin.token_scanner import TokenScanner

from ..model.scenario import (
    ALONE_TAG,
    CLAUSE_PATTERN,
    ID_PATTERN,
    REJECTIONS_ALONE,
    REJECTIONS_BY_CLAUSE,
    RULING_PATTERN,
    Scenario,
    ScenarioError,
    content_problems,
    judges_rejection,
    mark_tag_problem,
    problems,
)
from ..model.user_input import MAX_ITEMS, escape_controls, read_text
from . import LANGUAGES, Builder, Kind, Lang, find_step

_KINDS: dict[str, Kind] = {"Context": "given", "Action": "when", "Outcome": "then"}

MAX_STEP_CHARS = 20_000
"""The longest step text the compiler matches (the longest shipped step has 158
characters; a whole pack of cards written out takes under 600). Longer text is refused
before any step pattern runs on it."""


MAX_LINE_TOKENS = 100
"""The most tags on one line, and the most cells in one table row (the shipped features
have at most 12 tags on a line and 7 cells in a row)."""
MAX_FILE_TOKENS = 100_000
"""The most tokens in one feature file: lines that are not blank, tags and table cells
(the largest shipped feature has about 1,100). The Gherkin parser keeps about a kilobyte
per token, so a file at the 4 MiB size cap stays near 150 MB instead of the gigabytes a
line of a million tags took."""
MAX_PICKLE_ITEMS = 200_000
"""The most steps and tags of all the scenarios of one file taken together, outline rows
expanded and the Feature's, Rule's and Examples' tags counted in every scenario they apply
to: checked on the parsed file before its scenarios are built."""


class FeatureError(ScenarioError):
    """A feature file that does not parse or does not compile; ``where`` is file:line."""


def _token_problem(text: str, where: str) -> None:
    """FeatureError at the line for a line of more than :data:`MAX_LINE_TOKENS` tags or
    cells, or a file of more than :data:`MAX_FILE_TOKENS` tokens: counted on the text, in
    one pass, before the Gherkin parser (whose memory grows with the tokens) sees it."""
    total = 0
    fence = ""  # inside a doc string: the delimiter that closes it
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if fence or stripped.startswith(('"""', "```")):
            if not fence:
                fence = stripped[:3]
            elif stripped.startswith(fence):
                fence = ""
            count, what = 1, ""
        elif stripped.startswith("@"):
            count, what = stripped.count("@"), "tags"
        elif stripped.startswith("|"):
            count, what = stripped.count("|"), "table cells"
        else:
            count, what = 1, ""
        if what and count > MAX_LINE_TOKENS + 1:
            raise FeatureError(f"a line of about {count} {what}: a line holds at most "
                               f"{MAX_LINE_TOKENS}", where=f"{where}:{number}")
        total += count
        if total > MAX_FILE_TOKENS:
            raise FeatureError(f"more than {MAX_FILE_TOKENS:,} tokens (lines, tags and table "
                               "cells) by this line: a feature file holds at most "
                               f"{MAX_FILE_TOKENS:,}; split it", where=f"{where}:{number}")


def _pickle_problem(doc: dict[str, Any], where: str) -> None:
    """FeatureError when the scenarios of ``doc`` (outline rows expanded) number more than
    :data:`~fivetenk.model.scenario.MAX_ITEMS` or hold more than :data:`MAX_PICKLE_ITEMS` steps
    and tags in all, counted on the parsed file before they are built (the Gherkin
    compiler copies every inherited tag and outline step into each scenario)."""
    feature = doc.get("feature") or {}
    count = items = 0

    def visit(children: list[dict[str, Any]], inherited: int, background: int) -> None:
        nonlocal count, items
        for child in children:
            if child.get("background"):
                background += len(child["background"].get("steps", []))
            rule = child.get("rule")
            if rule:
                visit(rule.get("children", []), inherited + len(rule.get("tags", [])),
                      background)
            node = child.get("scenario")
            if not node:
                continue
            own = inherited + len(node.get("tags", [])) + background + len(node.get("steps", []))
            rows = [(len(ex.get("tags", [])), len(ex.get("tableBody", [])))
                    for ex in node.get("examples", [])]
            for tags, body in rows or [(0, 1)]:
                count += body
                items += body * (own + tags)
            if count > MAX_ITEMS or items > MAX_PICKLE_ITEMS:
                line = node["location"]["line"]
                raise FeatureError(
                    f"{count} scenarios (outline rows included) by this one, holding "
                    f"{items:,} steps and tags: a file holds at most {MAX_ITEMS} scenarios "
                    f"and {MAX_PICKLE_ITEMS:,} steps and tags (a Feature's tags count in "
                    "each of its scenarios); split it", where=f"{where}:{line}")

    visit(feature.get("children", []), len(feature.get("tags", [])), 0)


def parse_tags(names: Iterable[str]) -> dict[str, Any]:
    """Split tag names (with or without ``@``) into id, clauses, rulings, how rejections
    are judged (``rejections``: ``"any-clause"`` for the tag ``@any-clause``, else
    ``"clause"``; the mark is not one of the other tags) and other tags."""
    out: dict[str, Any] = {"id": None, "clauses": [], "rulings": [], "tags": [],
                           "rejections": REJECTIONS_BY_CLAUSE}
    for raw in names:
        tag = raw.lstrip("@")
        if tag.startswith("id:"):
            out["id"] = tag[3:]
            continue
        if tag == ALONE_TAG:
            out["rejections"] = REJECTIONS_ALONE
            continue
        kind = ("clauses" if CLAUSE_PATTERN.match(tag)
                else "rulings" if RULING_PATTERN.match(tag) else None)
        if kind and tag not in out[kind]:  # a tag written twice means it once
            out[kind].append(tag)
        if tag not in out["tags"]:
            out["tags"].append(tag)
    return out


def _locations(doc: dict[str, Any]) -> tuple[dict[str, int], dict[str, dict[str, Any]]]:
    """AST node id -> line, and scenario node id -> the scenario AST node."""
    lines: dict[str, int] = {}
    scenarios: dict[str, dict[str, Any]] = {}

    def walk(children: list[dict[str, Any]]) -> None:
        for child in children:
            for key in ("background", "scenario"):
                node = child.get(key)
                if node:
                    lines[node["id"]] = node["location"]["line"]
                    if key == "scenario":
                        scenarios[node["id"]] = node
                    for st in node.get("steps", []):
                        lines[st["id"]] = st["location"]["line"]
                    for ex in node.get("examples", []):
                        for row in ex.get("tableBody", []):
                            lines[row["id"]] = row["location"]["line"]
            if child.get("rule"):
                walk(child["rule"]["children"])

    feature = doc.get("feature")
    if feature:
        walk(feature["children"])
    return lines, scenarios


def _tag_nodes(doc: dict[str, Any]) -> dict[str, tuple[int, str]]:
    """Tag AST node id -> (line, what carries it: ``Feature``, ``Rule``, ``Scenario`` or
    ``Examples``)."""
    out: dict[str, tuple[int, str]] = {}

    def note(node: dict[str, Any], kind: str) -> None:
        for tag in node.get("tags", []):
            out[tag["id"]] = (tag["location"]["line"], kind)

    def walk(children: list[dict[str, Any]]) -> None:
        for child in children:
            scenario = child.get("scenario")
            if scenario:
                note(scenario, "Scenario")
                for examples in scenario.get("examples", []):
                    note(examples, "Examples")
            if child.get("rule"):
                note(child["rule"], "Rule")
                walk(child["rule"]["children"])

    feature = doc.get("feature")
    if feature:
        note(feature, "Feature")
        walk(feature["children"])
    return out


@cache
def _parameters(func: Any) -> frozenset[str]:
    """The names of a step function's parameters (one per registered step: read once)."""
    return frozenset(inspect.signature(func).parameters)


def _call(func: Any, builder: Builder, args: dict[str, str], table: Any, doc: Any) -> None:
    params = _parameters(func)
    kwargs: dict[str, Any] = dict(args)
    if "table" in params:
        kwargs["table"] = table
    elif table is not None:
        raise ScenarioError("this step takes no data table")
    if "doc" in params:
        kwargs["doc"] = doc
    elif doc is not None:
        raise ScenarioError("this step takes no doc string")
    func(builder, **kwargs)


def parse_document(text: str, where: str) -> dict[str, Any]:
    """The gherkin AST of ``text``; FeatureError with ``file:line`` on a syntax error. Old
    Mac line ends (a lone CR) count as line ends, as in any editor."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        doc = cast(dict[str, Any], Parser().parse(TokenScanner(text)))
    except CompositeParserException as err:
        first = err.errors[0]
        line = getattr(first, "location", {}).get("line", "?")
        details = escape_controls("; ".join(str(e) for e in err.errors))
        raise FeatureError(f"the feature does not parse: {details}",
                           where=f"{where}:{line}") from None
    except ParserException as err:
        line = getattr(err, "location", {}).get("line", "?")
        raise FeatureError(f"the feature does not parse: {escape_controls(str(err))}",
                           where=f"{where}:{line}") from None
    doc["uri"] = where
    return doc


def compile_text(text: str, where: str, *, validate: bool = False) -> list[Scenario]:
    """Compile the feature ``text`` (``where`` names it in errors and in each scenario's
    source) into scenarios, in file order.

    Each built scenario's card lists are checked (:func:`~fivetenk.model.scenario.content_problems`:
    card tokens, copies of a face, list sizes) and errors name the step's line; with
    ``validate`` (a user's file) the scenario must also satisfy the scenario schema, so
    that what the compiler accepts is what ``fivetenk export`` can write."""
    _token_problem(text, where)
    doc = parse_document(text, where)
    lang = _language(doc, where)
    lines, ast_scenarios = _locations(doc)
    _pickle_problem(doc, where)
    pickles: list[Any] = list(Compiler().compile(doc))  # type: ignore[arg-type]
    out: list[Scenario] = []
    names: dict[str, tuple[str, int]] = {}
    tag_nodes = _tag_nodes(doc)
    marks: dict[str, bool] = {}  # each @any-clause tag: whether it reached a rejection
    for pickle in pickles:
        node = ast_scenarios[pickle["astNodeIds"][0]]
        line = pickle["location"]["line"]
        at = f"{where}:{line}"
        for tag in pickle["tags"]:
            problem = mark_tag_problem(tag["name"].lstrip("@"))
            if problem:
                tag_line = tag_nodes.get(tag.get("astNodeId", ""), (line, ""))[0]
                raise FeatureError(escape_controls(problem), where=f"{where}:{tag_line}")
        meta = parse_tags(t["name"] for t in pickle["tags"])
        if meta["id"] is None:
            raise FeatureError("scenario has no @id:… tag (every scenario needs a stable id)",
                               where=at)
        sid = meta["id"]
        example = None
        if len(pickle["astNodeIds"]) > 1:
            rows = [r["id"] for ex in node.get("examples", []) for r in ex.get("tableBody", [])]
            example = rows.index(pickle["astNodeIds"][1]) + 1
            sid = f"{sid}.{example}"
        if not ID_PATTERN.match(sid):
            raise FeatureError(f"scenario id {sid!r} is not of the form R05-003", where=at)
        if not meta["clauses"]:
            raise FeatureError("scenario has no clause tag such as @R05.2", where=at)
        other = names.setdefault(node["name"], (node["id"], node["location"]["line"]))
        if other[0] != node["id"]:
            raise FeatureError(
                f"two scenarios named {node['name']!r} (the other at line {other[1]});"
                " pytest-bdd would silently keep one", where=at)
        source: dict[str, Any] = {"file": where, "line": line}
        if example is not None:
            source["example"] = example
        name = pickle["name"]
        if example is not None and "<" not in node["name"]:
            name = f"{name} (example {example})"
        builder = Builder(
            id=sid,
            name=name,
            # a description is prose: each line without the indentation it had in the
            # file (Gherkin keeps it), so that rendering it again gives the same text
            description="\n".join(line.strip() for line in
                                  (node.get("description") or "").strip().splitlines()),
            clauses=meta["clauses"],
            rulings=meta["rulings"],
            tags=meta["tags"],
            source=source,
        )
        kind: Kind = "given"
        for st in pickle["steps"]:
            kind = _KINDS.get(st["type"], kind)
            step_line = lines.get(st["astNodeIds"][0], line)
            table = doc_string = None
            argument: dict[str, Any] = dict(st.get("argument") or {})
            if "dataTable" in argument:
                rows = argument["dataTable"]["rows"]
                table = [[c["value"] for c in row["cells"]] for row in rows]
            if "docString" in argument:
                doc_string = argument["docString"]["content"]
            builder.line = step_line
            if len(st["text"]) > MAX_STEP_CHARS:
                raise FeatureError(f"a step of {len(st['text'])} characters: steps are at "
                                   f"most {MAX_STEP_CHARS} long", where=f"{where}:{step_line}")
            try:
                definition, args = find_step(kind, st["text"], lang)
                _call(definition.func, builder, args, table, doc_string)
            except ScenarioError as err:
                raise FeatureError(err.detail, where=f"{where}:{step_line}") from None
        try:
            scenario = builder.build()
        except ScenarioError as err:
            raise FeatureError(err.detail, where=at) from None
        if meta["rejections"] == REJECTIONS_ALONE:
            rejecting = any(judges_rejection(step) for step in scenario.steps)
            if rejecting:
                scenario.rejections = REJECTIONS_ALONE
            for tag in pickle["tags"]:
                if tag["name"].lstrip("@") == ALONE_TAG:
                    key = tag.get("astNodeId", "")
                    marks[key] = marks.get(key, False) or rejecting
        _check(scenario, where, line, validate=validate)
        out.append(scenario)
    for key, relaxed in marks.items():
        if not relaxed:
            tag_line, carrier = tag_nodes.get(key, (0, "Scenario"))
            reach = ("no step of this scenario" if carrier in ("Scenario", "Examples")
                     else f"no scenario under this {carrier}")
            raise FeatureError(
                f"@{ALONE_TAG} judges rejections on the rejection alone, but {reach} expects "
                "a rejection: it would relax nothing; remove it (or move it to the scenario "
                "with the rejection it was meant for)", where=f"{where}:{tag_line or '?'}")
    return out


def _language(doc: dict[str, Any], where: str) -> Lang:
    """The feature's ``# language:`` (``en`` without it); FeatureError for a language the
    scenario language does not speak (Gherkin knows its keywords, the kit not its phrases)."""
    feature = doc.get("feature") or {}
    lang = str(feature.get("language", "en"))
    if lang not in LANGUAGES:
        raise FeatureError(f"the scenario language is written in "
                           f"{' or '.join(f'{n} ({c})' for c, n in LANGUAGES.items())}, not "
                           f"{escape_controls(lang)!r}: write '# language: es' or nothing",
                           where=f"{where}:1")
    return cast(Lang, lang)


def _check(scenario: Scenario, where: str, line: int, *, validate: bool) -> None:
    """FeatureError at the step's line for the first problem of a built scenario."""
    data = scenario.to_json()
    found = problems(data) if validate else list(content_problems(data))
    if not found:
        return
    path, message = found[0]
    at, detail = line, f"{path}: {message}"
    m = re.match(r"\$\.steps\[(\d+)\]\.?(.*)", path)
    if m:
        step = scenario.steps[int(m.group(1))]
        at = step.get("line", line)
        detail = f"{m.group(2)}: {message}" if m.group(2) else message
    elif path.startswith("$.setup"):
        detail = f"{path[2:]}: {message}"
    raise FeatureError(detail, where=f"{where}:{at}")


def compile_file(path: Path, where: str | None = None, *, validate: bool = False) -> list[Scenario]:
    """Compile one feature file; ``where`` defaults to the path as given; ``validate`` as
    for :func:`compile_text`."""
    name = where or str(path)
    return compile_text(read_text(path, name, FeatureError), name, validate=validate)
