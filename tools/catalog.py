"""Finding, loading and checking scenarios: the shipped suite and the user's own cases.

Sources are ``.feature`` files (compiled with :mod:`fivetenk.compiler`) and ``.json`` files
holding one scenario or a list of scenarios (``schemas/scenario.schema.json``). Loading
checks what a schema cannot: ids unique across everything loaded, clause and ruling ids
that exist in the spec, variant values the kit knows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .compiler import FeatureError, compile_file
from .paths import data_dir
from .reference.variants import CHOICES
from .scenario import Scenario, ScenarioError, read_text
from .spec_data import Spec, load_spec


class CatalogError(ScenarioError):
    """Bad input among the scenarios to run; the CLI prints it and exits with 2."""


def shipped_features_dir() -> Path:
    """The folder of the shipped ``.feature`` files (inside the installed package)."""
    return data_dir("features")


def display_path(path: Path) -> str:
    """A short, stable name for a file in reports: ``features/R05_bombs.feature`` for the
    shipped suite, the path as given otherwise."""
    shipped = shipped_features_dir()
    try:
        return "features/" + path.resolve().relative_to(shipped.resolve()).as_posix()
    except ValueError:
        return str(path)


def load_json_file(path: Path, where: str) -> list[Scenario]:
    text = read_text(path, where, CatalogError)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise CatalogError(f"not JSON: {err.msg}", where=f"{where}:{err.lineno}") from None
    items = data if isinstance(data, list) else [data]
    out = []
    for i, item in enumerate(items):
        at = f"{where} $[{i}]" if isinstance(data, list) else where
        out.append(Scenario.from_json(item, where=at))
    return out


def load_path(path: Path) -> list[Scenario]:
    """Scenarios from a ``.feature`` or ``.json`` file, or every such file under a folder
    (sorted by name, so the order is the same on every machine)."""
    if path.is_dir():
        found = sorted(p for p in path.rglob("*") if p.suffix in (".feature", ".json"))
        if not found:
            raise CatalogError("no .feature or .json files in this folder", where=str(path))
        return [s for p in found for s in load_path(p)]
    if not path.exists():
        raise CatalogError("no such file or folder", where=str(path))
    where = display_path(path)
    if path.suffix == ".feature":
        return compile_file(path, where)
    if path.suffix == ".json":
        return load_json_file(path, where)
    raise CatalogError("expected a .feature or .json file, or a folder of them", where=where)


def validate(scenarios: Sequence[Scenario], spec: Spec | None = None) -> None:
    """Ids unique; clauses, rulings and variants known. CatalogError on the first problem."""
    spec = spec or load_spec()
    seen: dict[str, str] = {}
    for s in scenarios:
        if s.id in seen:
            raise CatalogError(f"duplicate scenario id {s.id!r} (also at {seen[s.id]})",
                               where=s.location)
        seen[s.id] = s.location
        for clause in s.clauses:
            if clause not in spec.clauses:
                raise CatalogError(f"unknown clause {clause!r} (see `fivetenk rules`)",
                                   where=s.location)
        for ruling in s.rulings:
            if ruling not in spec.rulings:
                raise CatalogError(f"unknown ruling {ruling!r}", where=s.location)
        for name, value in s.variants.items():
            if value not in CHOICES.get(name, ()):
                raise CatalogError(f"unknown variant {name}={value}", where=s.location)


@cache
def shipped() -> tuple[Scenario, ...]:
    """The shipped suite, compiled from the packaged feature files, in file order."""
    folder = shipped_features_dir()
    scenarios = [s for p in sorted(folder.glob("*.feature")) for s in load_path(p)]
    validate(scenarios)
    return tuple(scenarios)


def load(paths: Iterable[Path], *, with_shipped: bool) -> list[Scenario]:
    """The shipped suite (if asked) followed by the scenarios under ``paths``, validated."""
    scenarios = list(shipped()) if with_shipped else []
    for path in paths:
        scenarios.extend(load_path(path))
    validate(scenarios)
    return scenarios


def clause_index(scenarios: Iterable[Scenario]) -> dict[str, list[str]]:
    """Clause id -> ids of the scenarios that exercise it."""
    index: dict[str, list[str]] = {}
    for s in scenarios:
        for clause in s.clauses:
            index.setdefault(clause, []).append(s.id)
    return index


@dataclass(frozen=True)
class Selection:
    """Which scenarios to run: by rule (R05), clause (R05.2), tag or scenario id; empty
    criteria select everything."""

    rules: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()

    def __call__(self, s: Scenario) -> bool:
        if self.rules and s.rule not in self.rules:
            return False
        if self.clauses and not set(self.clauses) & set(s.clauses):
            return False
        if self.tags and not set(self.tags) & set(s.tags):
            return False
        return not self.ids or any(s.id == i or s.id.startswith(i + ".") for i in self.ids)


def pending_rules(scenarios: Iterable[Scenario], spec: Spec | None = None) -> list[str]:
    """Rules of the spec that no loaded scenario exercises yet."""
    spec = spec or load_spec()
    covered = {s.rule for s in scenarios}
    return [r for r in spec.rules if r not in covered]


def uncovered_clauses(scenarios: Iterable[Scenario], spec: Spec | None = None) -> list[str]:
    """Clauses of rules that have scenarios, but that no scenario exercises."""
    spec = spec or load_spec()
    scenarios = list(scenarios)
    index = clause_index(scenarios)
    started = {s.rule for s in scenarios}
    return [c for c, clause in spec.clauses.items()
            if clause.rule in started and c not in index]


def source_blocks(scenarios: Iterable[Scenario]) -> list[str]:
    """The Gherkin text of each scenario as written in its shipped feature file (an outline
    once for all its rows), headed by its file and line."""
    folder = shipped_features_dir()
    blocks: list[str] = []
    seen: set[tuple[str, int]] = set()
    for s in scenarios:
        name = str(s.source.get("file", ""))
        path = folder / name.removeprefix("features/")
        if not name.startswith("features/") or not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        start = int(s.source.get("line", 1)) - 1
        while start > 0 and not lines[start].lstrip().startswith(("Scenario", "Example:")):
            start -= 1  # an outline row: back to its Scenario Outline line
        if (name, start) in seen:
            continue
        seen.add((name, start))
        top = start
        while top > 0 and lines[top - 1].lstrip().startswith(("@", "#")):
            top -= 1
        end = start + 1
        while end < len(lines) and not lines[end].lstrip().startswith(
                ("Scenario", "Rule:", "Example:")):
            end += 1
        while end > start + 1 and (not lines[end - 1].strip()
                                   or lines[end - 1].lstrip().startswith(("@", "#"))):
            end -= 1  # the next scenario's tags and comments
        body = "\n".join(lines[top:end]).rstrip()
        blocks.append(f"# {name}:{top + 1}\n{body}")
    return blocks


def as_json_list(scenarios: Iterable[Scenario]) -> list[dict[str, Any]]:
    return [s.to_json() for s in scenarios]


__all__ = ["CatalogError", "FeatureError", "Selection", "load", "load_path", "shipped", "validate"]
