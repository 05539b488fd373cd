"""Expectations files: what an implementation is known not to do, with the reasons.

``fivetenk check --impl CMD --expectations FILE`` reads a YAML or JSON file::

    skip:
      R11: "calls are not implemented yet"
      R05-003: "we read D11 differently, see issue 12"
    xfail:
      R17.1: "the whole-side ending is checked too early (issue 40)"

Keys are scenario ids (an outline id such as ``R05-002`` covers its rows ``R05-002.1``…),
rules (``R11``) or clauses (``R17.1``: every scenario exercising it). Every entry needs a
non-empty reason. A *skipped* scenario is not run and is reported ``skipped`` with its
reason. An *expected failure* is run: if it fails it is reported ``xfailed``; if it passes,
``xpassed``, which makes the run fail (remove the entry). A scenario that errors stays
``errored`` (a crash is not the expected failure; skip what the implementation cannot
do). When several entries match a scenario, ``skip`` wins over ``xfail`` and a scenario id
over a clause over a rule.

Unknown keys, ids or clauses are bad input: :class:`ExpectationsError` names the file and
the key (``fivetenk check`` exits with 2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, cast

from .scenario import (
    CLAUSE_PATTERN,
    MAX_DEPTH,
    MAX_INT,
    RULE_PATTERN,
    Scenario,
    ScenarioError,
    parse_json,
    read_text,
)

SECTIONS = ("skip", "xfail")


class ExpectationsError(ScenarioError):
    """A bad expectations file; ``where`` is the file (and the key)."""


@dataclass(frozen=True)
class Expectations:
    """The ``skip`` and ``xfail`` entries: key -> reason."""

    skip: dict[str, str] = field(default_factory=dict)
    xfail: dict[str, str] = field(default_factory=dict)

    def for_scenario(self, scenario: Scenario) -> tuple[str, str]:
        """``(skip reason, xfail reason)`` for a scenario; empty strings when none."""
        return _match(self.skip, scenario), _match(self.xfail, scenario)

    def __bool__(self) -> bool:
        return bool(self.skip or self.xfail)


def _match(entries: Mapping[str, str], s: Scenario) -> str:
    if not entries:
        return ""
    base = s.id.split(".")[0]
    for key in (s.id, base):
        if key in entries:
            return f"{entries[key]} ({key})"
    for clause in s.clauses:
        if clause in entries:
            return f"{entries[clause]} ({clause})"
    if s.rule in entries:
        return f"{entries[s.rule]} ({s.rule})"
    return ""


def parse(data: Any, *, where: str) -> Expectations:
    """Check the structure of a decoded file: sections of key -> non-empty reason."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ExpectationsError("expected a mapping with 'skip' and/or 'xfail'", where=where)
    for section in data:
        if section not in SECTIONS:
            raise ExpectationsError(f"unknown section {section!r}: expected 'skip' or 'xfail'",
                                    where=where)
    out: dict[str, dict[str, str]] = {}
    for section in SECTIONS:
        entries = data.get(section) or {}
        if not isinstance(entries, dict):
            raise ExpectationsError(f"'{section}' must map ids, rules or clauses to reasons",
                                    where=where)
        checked: dict[str, str] = {}
        for key, reason in entries.items():
            if not isinstance(key, str) or not key.strip():
                raise ExpectationsError(f"{section}: key {key!r} is not an id, rule or clause",
                                        where=where)
            if not isinstance(reason, str) or not reason.strip():
                raise ExpectationsError(f"{section}.{key}: every entry needs a non-empty reason",
                                        where=where)
            checked[key.strip()] = reason.strip()
        out[section] = checked
    both = sorted(set(out["skip"]) & set(out["xfail"]))
    if both:
        raise ExpectationsError(f"{both[0]!r} is both skipped and expected to fail",
                                where=where)
    return Expectations(skip=out["skip"], xfail=out["xfail"])


def load(path: Path, scenarios: Iterable[Scenario], rules: Iterable[str],
         clauses: Iterable[str]) -> Expectations:
    """Read and check an expectations file against the known scenarios, rules and clauses.

    ``.json`` files are read as strict JSON (:func:`~fivetenk.scenario.parse_json`),
    anything else as YAML (:func:`parse_yaml`); both refuse duplicate keys."""
    where = str(path)
    text = read_text(path, where, ExpectationsError)
    if path.suffix.lower() == ".json":
        data = parse_json(text, where, ExpectationsError)
    else:
        data = parse_yaml(text, where)
    expectations = parse(data, where=where)
    check_keys(expectations, scenarios, rules, clauses, where=where)
    return expectations


def parse_yaml(text: str, where: str) -> Any:
    """YAML through :class:`_StrictLoader` (safe tags only, no duplicate keys, nesting and
    integers bounded as in JSON); ExpectationsError at ``where:line`` otherwise."""
    import yaml

    loader = _strict_loader()(text)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        at = f"{where}:{mark.line + 1}" if mark is not None else where
        problem = err.problem or err.context or "not YAML"
        raise ExpectationsError(f"not YAML the kit accepts: {problem}", where=at) from None
    except yaml.YAMLError as err:
        raise ExpectationsError(f"not YAML: {err}", where=where) from None
    except RecursionError:  # not expected below MAX_DEPTH, but never a traceback
        raise ExpectationsError(f"nested deeper than {MAX_DEPTH} levels", where=where) from None
    finally:
        loader.dispose()


@cache
def _strict_loader() -> type[Any]:
    """A :class:`yaml.SafeLoader` that refuses duplicate keys (YAML 1.2 forbids them, PyYAML
    keeps the last), nesting deeper than :data:`MAX_DEPTH` and integers beyond
    :data:`MAX_INT`, each with the line."""
    import yaml

    class StrictLoader(yaml.SafeLoader):
        depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            self.depth += 1
            try:
                if self.depth > MAX_DEPTH:
                    raise yaml.MarkedYAMLError(
                        problem=f"nested deeper than {MAX_DEPTH} levels",
                        problem_mark=cast(Any, self).peek_event().start_mark)
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            seen: set[Any] = set()
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue  # `<<: *defaults` merges; its keys may be overridden
                key = self.construct_object(key_node, deep=True)
                try:
                    repeated = key in seen
                    seen.add(key)
                except TypeError:  # an unhashable key: the base class says so
                    break
                if repeated:
                    raise yaml.MarkedYAMLError(
                        problem=f"duplicate key {key!r}: each key may appear once",
                        problem_mark=key_node.start_mark)
            return super().construct_mapping(node, deep=deep)

        def construct_yaml_int(self, node: Any) -> Any:
            digits = str(node.value).lstrip("+-").replace("_", "")
            if len(digits) > len(str(MAX_INT)) + 2:  # room for a 0x / 0o / 0b prefix
                raise yaml.MarkedYAMLError(problem=f"the number {node.value[:20]}… is out of "
                                           f"range (at most {MAX_INT})",
                                           problem_mark=node.start_mark)
            value = super().construct_yaml_int(node)
            if abs(value) > MAX_INT:
                raise yaml.MarkedYAMLError(problem=f"the number {node.value} is out of range "
                                           f"(at most {MAX_INT})", problem_mark=node.start_mark)
            return value

    StrictLoader.add_constructor("tag:yaml.org,2002:int", StrictLoader.construct_yaml_int)
    return StrictLoader


def check_keys(expectations: Expectations, scenarios: Iterable[Scenario], rules: Iterable[str],
               clauses: Iterable[str], *, where: str) -> None:
    """Every key must name a loaded scenario (or outline), a rule or a clause."""
    ids = set()
    for s in scenarios:
        ids.add(s.id)
        ids.add(s.id.split(".")[0])
    known_rules, known_clauses = set(rules), set(clauses)
    for section in SECTIONS:
        for key in getattr(expectations, section):
            if key in ids or key in known_rules or key in known_clauses:
                continue
            if RULE_PATTERN.match(key):
                what = "unknown rule"
            elif CLAUSE_PATTERN.match(key):
                what = "unknown clause (see `fivetenk rules`)"
            else:
                what = "no scenario has this id"
            raise ExpectationsError(f"{section}: {key!r}: {what}", where=where)
