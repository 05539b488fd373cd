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

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .scenario import CLAUSE_PATTERN, RULE_PATTERN, Scenario, ScenarioError, read_text

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

    ``.json`` files are read as JSON, anything else as YAML."""
    where = str(path)
    text = read_text(path, where, ExpectationsError)
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ExpectationsError(f"not JSON: {err.msg}", where=f"{where}:{err.lineno}") \
                from None
    else:
        import yaml

        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as err:
            mark = getattr(err, "problem_mark", None)
            at = f"{where}:{mark.line + 1}" if mark is not None else where
            raise ExpectationsError(f"not YAML: {getattr(err, 'problem', err)}", where=at) \
                from None
    expectations = parse(data, where=where)
    check_keys(expectations, scenarios, rules, clauses, where=where)
    return expectations


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
