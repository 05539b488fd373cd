"""Compile Gherkin ``.feature`` files into scenarios, with the official gherkin parser.

Tags carry the metadata: ``@id:R05-003`` (the stable id, required, never renumbered),
clause ids (``@R05.2``), rulings (``@D11``) and any other tags. Outline rows become
scenarios ``<id>.1``, ``<id>.2``… in row order (append rows; never reorder them).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler
from gherkin.token_scanner import TokenScanner

from .language import Builder, Kind, find_step
from .scenario import (
    CLAUSE_PATTERN,
    ID_PATTERN,
    RULING_PATTERN,
    Scenario,
    ScenarioError,
    read_text,
)

_KINDS: dict[str, Kind] = {"Context": "given", "Action": "when", "Outcome": "then"}


class FeatureError(ScenarioError):
    """A feature file that does not parse or does not compile; ``where`` is file:line."""


def parse_tags(names: Iterable[str]) -> dict[str, Any]:
    """Split tag names (with or without ``@``) into id, clauses, rulings and other tags."""
    out: dict[str, Any] = {"id": None, "clauses": [], "rulings": [], "tags": []}
    for raw in names:
        tag = raw.lstrip("@")
        if tag.startswith("id:"):
            out["id"] = tag[3:]
            continue
        if CLAUSE_PATTERN.match(tag):
            out["clauses"].append(tag)
        elif RULING_PATTERN.match(tag):
            out["rulings"].append(tag)
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


def _call(func: Any, builder: Builder, args: dict[str, str], table: Any, doc: Any) -> None:
    params = inspect.signature(func).parameters
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
    """The gherkin AST of ``text``; FeatureError with ``file:line`` on a syntax error."""
    try:
        doc = cast(dict[str, Any], Parser().parse(TokenScanner(text)))
    except CompositeParserException as err:
        first = err.errors[0]
        line = getattr(first, "location", {}).get("line", "?")
        details = "; ".join(str(e) for e in err.errors)
        raise FeatureError(f"the feature does not parse: {details}",
                           where=f"{where}:{line}") from None
    except ParserException as err:
        line = getattr(err, "location", {}).get("line", "?")
        raise FeatureError(f"the feature does not parse: {err}", where=f"{where}:{line}") from None
    doc["uri"] = where
    return doc


def compile_text(text: str, where: str) -> list[Scenario]:
    """Compile the feature ``text`` (``where`` names it in errors and in each scenario's
    source) into scenarios, in file order."""
    doc = parse_document(text, where)
    lines, ast_scenarios = _locations(doc)
    pickles: list[Any] = list(Compiler().compile(doc))  # type: ignore[arg-type]
    out: list[Scenario] = []
    names: dict[str, tuple[str, int]] = {}
    for pickle in pickles:
        node = ast_scenarios[pickle["astNodeIds"][0]]
        line = pickle["location"]["line"]
        at = f"{where}:{line}"
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
            description=(node.get("description") or "").strip(),
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
            try:
                definition, args = find_step(kind, st["text"])
                _call(definition.func, builder, args, table, doc_string)
            except ScenarioError as err:
                raise FeatureError(err.detail, where=f"{where}:{step_line}") from None
        try:
            out.append(builder.build())
        except ScenarioError as err:
            raise FeatureError(err.detail, where=at) from None
    return out


def compile_file(path: Path, where: str | None = None) -> list[Scenario]:
    """Compile one feature file; ``where`` defaults to the path as given."""
    name = where or str(path)
    return compile_text(read_text(path, name, FeatureError), name)
