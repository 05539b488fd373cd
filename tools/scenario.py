"""The neutral scenario model: one case, whoever is being checked.

A :class:`Scenario` is plain data (it round-trips through JSON, see
``schemas/scenario.schema.json``): metadata (a stable id, the clauses and rulings it
exercises, where it was written), the house-rule variants it plays under, an optional
setup (an explicit deal or a position) and a list of steps. Every step is a dict with an
``op`` and its inputs, plus what is expected of its result:

- ``expect``: ``{path: value}``; the value at that dotted path of the result must equal it;
- ``contains`` / ``excludes``: ``{path: [items]}``; the list at that path must hold / must
  not hold each item.

Gherkin steps only *build* scenarios (:mod:`fivetenk.steps`); drivers execute them
(:mod:`fivetenk.drivers`), so the case pytest-bdd runs against the reference engine is the
very case ``fivetenk check --impl`` runs against another implementation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from .paths import data_dir

SCHEMA_ID = "https://fivetenk.dev/schemas/scenario/v1"
FORMAT_VERSION = 1

ID_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*(\.[0-9]+)?$")
CLAUSE_PATTERN = re.compile(r"^R(0[1-9]|1[0-9]|2[0-4])\.[1-9][0-9]?$")
RULE_PATTERN = re.compile(r"^R(0[1-9]|1[0-9]|2[0-4])$")
RULING_PATTERN = re.compile(r"^D[1-9][0-9]*$")

QUERY_OPS = frozenset({"classify", "beats", "plays", "points", "deck"})
"""Pure combination queries (capability ``queries``)."""
GAME_OPS = frozenset({"act", "observe", "advance", "next_hand"})
"""Operations on a game in progress (capability ``deal`` or ``position`` for the setup)."""


class ScenarioError(ValueError):
    """A scenario that breaks the format; ``where`` is a file[:line] or a JSON path."""

    def __init__(self, message: str, *, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message


@dataclass
class Scenario:
    """One executable case. ``steps`` are JSON-ready dicts (see module docstring)."""

    id: str
    name: str
    clauses: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    variants: dict[str, str] = field(default_factory=dict)
    setup: dict[str, Any] | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)
    source: dict[str, Any] = field(default_factory=dict)
    description: str = ""

    @property
    def rule(self) -> str:
        """The rule the scenario belongs to: the rule of its first clause (``R05``)."""
        if self.clauses:
            return self.clauses[0].split(".")[0]
        return "R??"

    @property
    def needs(self) -> frozenset[str]:
        """The capabilities an implementation needs to run this scenario."""
        needs: set[str] = set()
        ops = {step["op"] for step in self.steps}
        if ops & QUERY_OPS:
            needs.add("queries")
        if self.setup is not None:
            needs.add("position" if "position" in self.setup else "deal")
        if any(s["op"] == "next_hand" for s in self.steps):
            needs.add("deal")
        return frozenset(needs)

    @property
    def location(self) -> str:
        """``file:line`` where the scenario was written, or its id."""
        if "file" in self.source:
            return f"{self.source['file']}:{self.source.get('line', '?')}"
        return self.id

    def to_json(self) -> dict[str, Any]:
        """The scenario as a schema-valid JSON object (keys in a fixed order)."""
        out: dict[str, Any] = {
            "$schema": SCHEMA_ID,
            "id": self.id,
            "name": self.name,
        }
        if self.description:
            out["description"] = self.description
        out["clauses"] = list(self.clauses)
        out["rulings"] = list(self.rulings)
        out["tags"] = list(self.tags)
        out["variants"] = dict(sorted(self.variants.items()))
        out["setup"] = self.setup
        out["steps"] = self.steps
        if self.source:
            out["source"] = self.source
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, where: str = "") -> Scenario:
        """Validate ``data`` against the scenario schema and build the scenario.

        Raises :class:`ScenarioError` naming ``where`` and the JSON path of the first
        problem (all problems are listed, sorted by path)."""
        problems = list(schema_problems(data))
        if problems:
            raise ScenarioError("; ".join(problems), where=where)
        return cls(
            id=data["id"],
            name=data["name"],
            description=data.get("description", ""),
            clauses=list(data["clauses"]),
            rulings=list(data.get("rulings", [])),
            tags=list(data.get("tags", [])),
            variants=dict(data.get("variants", {})),
            setup=data.get("setup"),
            steps=[dict(s) for s in data["steps"]],
            source=dict(data.get("source", {})),
        )


def read_text(path: Path, where: str, error: type[ScenarioError] = ScenarioError) -> str:
    """The UTF-8 text of a file the user named; ``error`` (naming ``where``) if it cannot
    be read."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        raise error(f"cannot read: {err.strerror or err}", where=where) from None
    except UnicodeDecodeError:
        raise error("not UTF-8 text", where=where) from None


def dumps(obj: Any) -> str:
    """Canonical JSON text: two-space indent, lists of scalars on one line (card lists stay
    readable), UTF-8 kept, trailing newline; byte-stable on every machine."""
    return _dump(obj, 0) + "\n"


def _dump(obj: Any, depth: int) -> str:
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}"
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list):
        if all(not isinstance(v, (dict, list)) for v in obj):
            return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
        return "[\n" + ",\n".join(inner + _dump(v, depth + 1) for v in obj) + "\n" + pad + "]"
    return json.dumps(obj, ensure_ascii=False)


@cache
def scenario_schema() -> dict[str, Any]:
    text = (data_dir("schemas") / "scenario.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> jsonschema.protocols.Validator:
    return jsonschema.Draft202012Validator(scenario_schema())


def schema_problems(data: Any) -> Iterator[str]:
    """Every schema violation of ``data``, as ``$.json.path: message`` strings."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: (e.json_path, e.message))
    paths = [e.json_path for e in errors]
    for error in errors:
        if error.validator == "unevaluatedProperties" and any(
                p.startswith(error.json_path + ".") or p.startswith(error.json_path + "[")
                for p in paths):
            continue  # a consequence of the more specific error below it
        yield f"{error.json_path}: {error.message}"


def get_path(result: Any, path: str) -> Any:
    """The value at dotted ``path`` (``result.levels.2``) of a JSON value; raises KeyError."""
    value = result
    if path == "":
        return value
    for part in path.split("."):
        if isinstance(value, list):
            if not part.isdigit() or int(part) >= len(value):
                raise KeyError(path)
            value = value[int(part)]
        elif isinstance(value, dict):
            if part not in value:
                raise KeyError(path)
            value = value[part]
        else:
            raise KeyError(path)
    return value
