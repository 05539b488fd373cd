"""Expectations files: what an implementation is known not to do, with the reasons.

``fivetenk check --impl CMD --expectations FILE`` reads a YAML or JSON file with two
sections, ``skip`` and ``xfail``. Each holds entries that *select* scenarios, written
either as a mapping of selector to reason (the short form) or as a list of entries (the
long form); each section takes either form::

    skip:                                           # the short form
      R11: "calls are not implemented yet"          # a rule
      R05-003: "we read D11 differently, issue 12"  # a scenario (or an outline's rows)
      R17.1: "the whole-side ending is checked too early (issue 40)"   # a clause
    xfail:                                          # the long form
      - {uses: straight, reason: "no straights in our game"}           # a shape used
      - {tag: D11, reason: "we read D11 otherwise"}                    # a tag (a ruling)
      - {rule: R05, uses: rocket, reason: "our rocket is all six jokers"}  # both at once
      - {id: R05-003, path: beats, observed: false, reason: "issue 12"}     # pinned
      - {rule: R02, path: beats, ids: [R02-003, R02-009], reason: "2 below A"}  # these only

**Selectors.** ``id`` a scenario id (an outline id such as ``R05-002`` covers its rows
``R05-002.1``…), ``rule`` (``R11``: the scenarios of that rule, by their first clause),
``clause`` (``R17.1``: every scenario exercising it), ``tag`` (``D11`` or ``@D11``: every
scenario with that tag, such as a ruling), ``uses`` (a shape word of the reading notation,
``straight``, ``5-10-K``, ``rocket``…: every scenario whose plays use that shape, as
computed by :func:`fivetenk.suite.shapes.scenario_shapes`). An entry with several selectors
selects the scenarios matching all of them. In the short form the key says which it is:
``R05`` a rule, ``R05.2`` a clause, a shape word a shape, ``@D11`` a tag, anything else a
scenario id or, if no scenario has that id, a tag (``D11``).

**Skip.** A selected scenario is not run: it is reported ``skipped`` with the reason.

**Expected failures** apply to the selected scenarios that *fail*: each becomes
``xfailed`` with the reason; a selected scenario that passes stays ``passed`` (a rule-wide
entry does not turn the rule's good scenarios into errors). Honesty is kept two ways:

- an ``xfail`` entry that matches no failing scenario is **stale**: ``fivetenk check``
  prints it (``STALE xfail R05 at FILE:LINE: …``) and the run fails (exit 1), so a gap
  that was fixed cannot linger in the file. An entry whose scenarios were all left out
  of the run (by ``--rule``, ``--id``… or skipped) is just not used; one whose scenarios
  errored is not judged stale either (the errors fail the run already);
- an entry naming one scenario by its exact id (``R05-003``, ``R05-007.3``; not an outline
  id) whose scenario passes makes it ``xpassed``, which fails the run: remove the entry.

**Pinned failures.** An ``xfail`` entry may say *how* the scenario fails: ``path`` (a
dotted path of the step's result, ``beats``, ``readings``, ``plays``, ``clause``…) and
optionally ``observed`` (the value found there). It then applies only to a failure with a
difference at that path (or below it: ``readings`` covers ``readings.0``) with that
observed value (compared as JSON: ``false`` is not ``0``); a failure that differs
otherwise stays a plain failure, so an expected failure cannot hide a new regression. In
the short form: ``R05-003: {reason: "…", path: beats, observed: false}``.

**Pinned scenarios** (issue 28). An entry may list the exact scenario ids it covers,
``ids: [R05-001, R05-015.1]`` (long or short form; with no selector, ``ids`` alone selects
them): it then applies only to those, among the scenarios its selectors select. A failure
that the entry selects and would explain (its ``path`` and ``observed`` match) but whose
scenario is not listed stays ``failed``, its reason saying it is NEW and naming the
entry's file and line, so a second bug cannot hide under the entry written for the
first; a listed scenario that passes is ``xpassed``. Every entry ``fivetenk expectations``
writes lists its ids, and ``fivetenk expectations RUN --update FILE`` keeps them up to
date. An entry without ``ids`` (written by hand) keeps the meaning above; ``fivetenk
check`` prints how many scenarios each entry muted. Each id must name a loaded scenario
(not an outline) that the entry's selectors select, or the file is refused.
``fivetenk fuzz --expectations`` reads the ways of failing only (its generated cases are
never among any ids).

A scenario that errors stays ``errored`` (a crash is not the expected failure; skip what
the implementation cannot do). When several entries select a scenario, ``skip`` wins over
``xfail``, and the reason shown is that of the most specific entry (an id, then a clause,
a tag, a shape, a rule; then the first in the file).

Bad input is :class:`ExpectationsError` naming the file, the line (for YAML and JSON
alike) and the entry (``fivetenk check`` exits with 2): an unknown section or entry key,
an entry without a selector or a reason, a selector that names no loaded scenario, no
rule, no clause or no shape, a pin in a ``skip`` entry, an ``observed`` without a
``path``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..model.bounded import JSON_TEXT_LIMIT, plain, valid_text
from ..model.scenario import CLAUSE_PATTERN, RULE_PATTERN, Scenario
from ..model.user_input import parse_json, read_text
from .expectations_text import (
    ExpectationsError,
    Lines,
    json_lines,
    parse_yaml,
    yaml_with_lines,
)

if TYPE_CHECKING:
    from ..suite.runner import Result

SECTIONS = ("skip", "xfail")
SELECTORS = ("id", "rule", "clause", "tag", "uses")
"""Selector keys of a long-form entry, in the order of specificity used to pick the
reason shown (an id first)."""
PINS = ("path", "observed")
"""Keys that pin how an expected failure fails (``xfail`` only)."""
IDS = "ids"
"""The key pinning the exact scenarios an entry was written from (issue 28)."""
ENTRY_KEYS = (*SELECTORS, IDS, *PINS, "reason")
NEW = "NEW: "
"""How the reason of a failure that a broad entry would have muted, were its scenario
among the entry's ``ids``, begins (:func:`is_new`)."""

_ANYTHING: Any = type("_Anything", (), {"__repr__": lambda self: "(any value)"})()
"""``observed`` when an entry does not pin it."""
_SPECIFICITY = {"id": 0, "key": 0, "clause": 1, "tag": 2, "uses": 3, "rule": 4}



def _shape_words() -> tuple[str, ...]:
    """The shape words an entry may name (:data:`fivetenk.suite.shapes.SHAPES`)."""
    # lazy: shapes load for an entry naming one only
    from ..impl.words import SHAPES

    return tuple(SHAPES)


def _shapes_of(scenario: Scenario) -> tuple[str, ...]:
    # lazy: shapes load for an entry naming one only
    from ..suite.shapes import scenario_shapes

    return scenario_shapes(scenario)


# --------------------------------------------------------------------------- entries


@dataclass(frozen=True, eq=False)
class Entry:
    """One entry of a section: what it selects, the reason, and (``xfail``) how the
    failure it expects looks.

    ``selectors``: ``(kind, value)`` pairs, all of which a scenario must match; ``kind``
    is one of :data:`SELECTORS`, or ``key`` for a short-form key that is a scenario id or
    a tag (settled by :func:`check_keys` once the scenarios are known). ``label`` is how
    reports name the entry, ``where`` the file and line it was read from."""

    section: str
    reason: str
    selectors: tuple[tuple[str, str], ...]
    path: str | None = None
    observed: Any = _ANYTHING
    where: str = ""
    label: str = ""
    index: int = 0
    ids: tuple[str, ...] | None = None
    """The exact scenario ids the entry pins (``ids:``), or None: an entry without them
    applies to every scenario its selectors select."""

    @cached_property
    def id_set(self) -> frozenset[str]:
        """``ids`` as a set (empty without them): membership in a long list stays cheap."""
        return frozenset(self.ids or ())

    @property
    def pinned(self) -> bool:
        """Whether the entry says how the failure looks (``path``, maybe ``observed``)."""
        return self.path is not None

    @property
    def specificity(self) -> tuple[int, int]:
        """Sort key: the most specific selector first (:data:`SELECTORS`; an entry of
        ``ids`` alone counts as an id), then file order."""
        return (min((_SPECIFICITY[kind] for kind, _ in self.selectors), default=0), self.index)

    def selects_broadly(self, scenario: Scenario | Facts) -> bool:
        """Whether every selector matches ``scenario``, its ``ids`` aside (an entry of
        ``ids`` alone selects those scenarios)."""
        if not self.selectors:
            return scenario.id in self.id_set
        return all(_matches(kind, value, scenario) for kind, value in self.selectors)

    def selects(self, scenario: Scenario | Facts) -> bool:
        """Whether every selector matches ``scenario`` and, when the entry pins ``ids``,
        the scenario is among them."""
        return self.selects_broadly(scenario) and (self.ids is None
                                                   or scenario.id in self.id_set)

    def names(self, scenario: Scenario | Facts) -> bool:
        """Whether the entry names ``scenario`` by its exact id, as an ``id`` selector or
        among its ``ids`` (then a pass is xpassed)."""
        if scenario.id in self.id_set and self.selects(scenario):
            return True
        return any(kind in ("id", "key") and value == scenario.id
                   for kind, value in self.selectors)

    def names_one(self) -> bool:
        """Whether the entry selects by an exact id (or pins ``ids``): it cannot mute a
        failure of another scenario."""
        return self.ids is not None or any(kind in ("id", "key") for kind, _ in self.selectors)

    def explains(self, result: Result) -> bool:
        """Whether a failed ``result`` fails the way the entry pins (always, if unpinned):
        some difference at ``path`` (or below it) with the ``observed`` value."""
        if self.path is None:
            return True
        for difference in _differences(result):
            path = str(_field(difference, "path"))
            if path != self.path and not path.startswith(self.path + "."):
                continue
            if self.observed is _ANYTHING or _same(_field(difference, "observed"),
                                                   self.observed):
                return True
        return False

    def reason_text(self) -> str:
        """``<reason> (<label>)``: the reason a report gives for a skip or xfail."""
        return f"{self.reason} ({self.label})"

    def pin_text(self) -> str:
        """``at beats, observed false`` (or "")."""
        if self.path is None:
            return ""
        text = f"at {self.path}"
        if self.observed is not _ANYTHING:
            text += f", observed {_json(self.observed)}"
        return text


@dataclass(frozen=True)
class Facts:
    """What a selector looks at, read from a report's record rather than a scenario
    (``fivetenk expectations --update`` judges the entries on a run's records): the id,
    the rule, the clauses, the tags (with the rulings) and the shapes used."""

    id: str
    rule: str = ""
    clauses: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    shapes: tuple[str, ...] = ()

    @classmethod
    def of(cls, record: Mapping[str, Any]) -> Facts:
        """The facts of a JSON-lines scenario record (:func:`fivetenk.results.report.result_record`;
        a record without ``tags``, of an older kit, has its rule, clauses and rulings)."""
        def texts(key: str) -> tuple[str, ...]:
            value = record.get(key)
            return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) \
                else ()
        rule = str(record.get("rule") or "")
        tags = texts("tags") or (rule, *texts("clauses"), *texts("rulings"))
        return cls(str(record.get("id", "")), rule, texts("clauses"), tags, texts("shapes"))


def _matches(kind: str, value: str, s: Scenario | Facts) -> bool:
    if kind == "id":
        return s.id == value or s.id.startswith(value + ".")
    if kind == "rule":
        return s.rule == value
    if kind == "clause":
        return value in s.clauses
    if kind == "tag":
        return value in s.tags
    if kind == "uses":
        return value in (s.shapes if isinstance(s, Facts) else _shapes_of(s))
    return s.id == value or s.id.startswith(value + ".") or value in s.tags  # "key"


def _differences(result: Result) -> list[Any]:
    """A result's differences: ``differences`` when the runner keeps them all, else its
    one ``mismatch``."""
    found = getattr(result, "differences", None)
    if isinstance(found, list) and found:
        return found
    first = getattr(result, "mismatch", None)
    return [] if first is None else [first]


def _field(difference: Any, name: str) -> Any:
    """``path`` / ``observed`` of a difference (an object, or a dict as in JSON lines)."""
    if isinstance(difference, Mapping):
        return difference.get(name)
    return getattr(difference, name, None)


def _same(a: Any, b: Any) -> bool:
    """JSON equality: ``false`` is not ``0``, ``1`` is ``1.0``; objects by keys, lists by
    order."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def _json(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


# --------------------------------------------------------------------------- the file


@dataclass(frozen=True)
class Stale:
    """An ``xfail`` entry that matched no failing scenario, and why."""

    entry: Entry
    why: str

    def describe(self) -> str:
        """``STALE xfail R05 (e.yaml:4): <reason> — <why>`` (the caller makes it visible)."""
        return (f"STALE xfail {self.entry.label} ({self.entry.where}): {self.entry.reason} — "
                f"{self.why}; remove the entry or pin the failure it expects")

    def to_json(self) -> dict[str, Any]:
        """The stale entry as a JSON-ready record."""
        entry = self.entry
        record: dict[str, Any] = {"entry": entry.label, "where": entry.where,
                                  "reason": entry.reason, "why": self.why}
        if entry.path is not None:
            record["path"] = entry.path
        if entry.observed is not _ANYTHING:
            record["observed"] = entry.observed
        return record


def stale_records(stale: Iterable[Stale]) -> str:
    """JSON lines, one ``{"record": "stale", ...}`` per stale entry (strict ASCII JSON,
    every value bounded like the rest of the JSON-lines report)."""

    lines = []
    for item in stale:
        record: dict[str, Any] = {"record": "stale"}
        for key, value in item.to_json().items():
            record[key] = valid_text(value, JSON_TEXT_LIMIT) if isinstance(value, str) \
                else plain(value)
        lines.append(json.dumps(record, ensure_ascii=True, allow_nan=False) + "\n")
    return "".join(lines)


Judge = Callable[["Result"], "Result"]
"""Applies the ``xfail`` entries selecting one scenario to its result."""


@dataclass(frozen=True)
class Expectations:
    """The ``skip`` and ``xfail`` entries of a file, in file order."""

    skip: tuple[Entry, ...] = ()
    xfail: tuple[Entry, ...] = ()
    where: str = ""

    def __bool__(self) -> bool:
        return bool(self.skip or self.xfail)

    def selecting(self, section: str, scenario: Scenario | Facts, *,
                   broadly: bool = False) -> list[Entry]:
        entries = self.skip if section == "skip" else self.xfail
        found = (e for e in entries
                 if (e.selects_broadly(scenario) if broadly else e.selects(scenario)))
        return sorted(found, key=lambda e: e.specificity)

    def _unpinned(self, scenario: Scenario | Facts) -> list[Entry]:
        """The ``xfail`` entries whose selectors select ``scenario`` but whose ``ids`` do
        not pin it, most specific first: a failure they would explain is NEW."""
        return [e for e in self.selecting("xfail", scenario, broadly=True)
                if not e.selects(scenario)]

    def for_scenario(self, scenario: Scenario) -> tuple[str, str]:
        """``(skip reason, xfail reason)`` for a scenario, each of the most specific entry
        selecting it (pins aside); empty strings when none."""
        skip = self.selecting("skip", scenario)
        xfail = self.selecting("xfail", scenario)
        return (skip[0].reason_text() if skip else "", xfail[0].reason_text() if xfail else "")

    def expect(self, scenario: Scenario) -> tuple[str, str | Judge]:
        """For :func:`fivetenk.suite.runner.run_suite`: the skip reason, and a judge applying
        the ``xfail`` entries that select the scenario to its result ("" when none)."""
        skip = self.selecting("skip", scenario)
        if skip:
            return skip[0].reason_text(), ""
        entries = self.selecting("xfail", scenario)
        unpinned = self._unpinned(scenario)
        if not entries and not unpinned:
            return "", ""

        def judge(result: Result) -> Result:
            return _judge(entries, result, unpinned)

        return "", judge

    def explaining(self, scenario: Scenario, differences: Sequence[Any]) -> Entry | None:
        """The entry that makes a failure of ``scenario`` with ``differences`` (objects or
        mappings with ``path`` and ``observed``) known: the most specific ``skip`` entry
        selecting it, else the most specific ``xfail`` entry selecting it whose pin (if
        any) the differences match; None if no entry does. ``fivetenk fuzz
        --expectations`` mutes the divergences an entry explains (issue 19). An entry's
        ``ids`` are not looked at here: a generated case is never among them, and what
        the fuzzer asks is whether the file knows this *way* of failing."""
        skip = self.selecting("skip", scenario, broadly=True)
        if skip:
            return skip[0]
        found = _Differences(list(differences))
        for entry in self.selecting("xfail", scenario, broadly=True):
            if entry.explains(cast("Result", found)):
                return entry
        return None

    def judge(self, result: Result) -> Result:
        """``result`` under the ``xfail`` entries selecting its scenario (see :func:`_judge`)."""
        return _judge(self.selecting("xfail", result.scenario), result,
                      self._unpinned(result.scenario))

    def muted(self, results: Iterable[Result]) -> list[tuple[Entry, int]]:
        """Every entry, in file order (``skip`` then ``xfail``), with how many of
        ``results`` it muted: the skipped scenarios it skipped, the failures it made
        ``xfailed`` (the most specific entry explaining a failure mutes it, as
        :func:`_judge` picks it). ``fivetenk check`` prints them, so a broad entry that
        mutes more than its author meant shows it."""
        counts = dict.fromkeys(range(len(self.skip) + len(self.xfail)), 0)
        position = {id(e): i for i, e in enumerate((*self.skip, *self.xfail))}
        for result in results:
            if result.status == "skipped":
                skip = self.selecting("skip", result.scenario)
                if skip and result.reason == skip[0].reason_text():
                    counts[position[id(skip[0])]] += 1
            elif result.status == "xfailed":
                for entry in self.selecting("xfail", result.scenario):
                    if entry.explains(result):
                        counts[position[id(entry)]] += 1
                        break
        return [(e, counts[i]) for i, e in enumerate((*self.skip, *self.xfail))]

    def stale(self, results: Iterable[Result]) -> list[Stale]:
        """The ``xfail`` entries that matched no failing scenario among ``results`` (the
        whole run), in file order. Not stale: an entry none of whose scenarios ran (left
        out by the selection, or skipped), one whose scenarios errored, and one naming a
        scenario that passed (that scenario is ``xpassed`` already)."""
        results = list(results)
        stale: list[Stale] = []
        for entry in self.xfail:
            ran = [r for r in results if r.status != "skipped" and entry.selects(r.scenario)]
            if not ran:
                continue
            if any(r.status in ("failed", "xfailed") and entry.explains(r) for r in ran):
                continue
            if any(r.status == "errored" for r in ran):
                continue
            if all(r.status == "xpassed" and entry.names(r.scenario) for r in ran):
                continue
            stale.append(Stale(entry, _why_stale(entry, ran)))
        return stale


@dataclass(frozen=True)
class _Differences:
    """Differences standing in for a failed result (:meth:`Expectations.explaining`)."""

    differences: list[Any]


def _judge(entries: Sequence[Entry], result: Result,
           unpinned: Sequence[Entry] = ()) -> Result:
    """A failed result that one of ``entries`` (most specific first) explains becomes
    ``xfailed`` with its reason; a failure none explains (every one pins another) stays
    failed. A failure that an entry of ``unpinned`` (selecting the scenario, but not
    among its ``ids``) would explain stays failed too, its reason saying it is NEW and
    naming that entry's file and line (:func:`new_reason`). A passed result becomes
    ``xpassed`` when an entry names its scenario by its exact id (or its ``ids``), else
    it stays passed. Errored and skipped results stay."""
    if result.status == "failed":
        for entry in entries:
            if entry.explains(result):
                result.status, result.reason = "xfailed", entry.reason_text()
                return result
        for entry in unpinned:
            if entry.explains(result):
                result.reason = new_reason(entry)
                return result
    elif result.status == "passed":
        for entry in entries:
            if entry.names(result.scenario):
                result.status, result.reason = "xpassed", entry.reason_text()
                result.message = ("expected to fail, but passed: remove it from the "
                                  "expectations file" if entry.ids is None else
                                  f"expected to fail (pinned by xfail {entry.label}, "
                                  f"{entry.where}), but passed: unpin it (fivetenk "
                                  "expectations RUN.jsonl --update FILE does)")
                return result
    return result


def new_reason(entry: Entry) -> str:
    """``NEW: not among the 3 scenarios pinned by xfail rule R05 … (e.yaml:4)``: the reason
    of a failure that a broad entry selects and would explain, but whose ``ids`` do not
    hold it (the entry was written from another run: this failure is new)."""
    count = len(entry.ids or ())
    pinned = f"the {count} scenarios it pins" if count != 1 else "the one scenario it pins"
    return (f"{NEW}fails the way xfail {entry.label} ({entry.where}) expects, but is not "
            f"among {pinned}: a new failure (if it is known, `fivetenk expectations "
            "RUN.jsonl --update FILE` pins it)")


def is_new(result: Any) -> bool:
    """Whether a failed result (or a JSON-lines record) is a NEW failure
    (:func:`new_reason`)."""
    status = result.get("status") if isinstance(result, Mapping) else result.status
    reason = result.get("reason") if isinstance(result, Mapping) else result.reason
    return status == "failed" and isinstance(reason, str) and reason.startswith(NEW)


def _why_stale(entry: Entry, ran: list[Result]) -> str:
    failed = [r for r in ran if r.status in ("failed", "xfailed")]
    count = f"{len(ran)} scenario{'s' if len(ran) != 1 else ''}"
    if not failed:
        passed = "it passes" if len(ran) == 1 else "all pass"
        return f"no scenario it selects fails ({count} ran: {passed})"
    ids = ", ".join(r.scenario.id for r in failed[:5]) + (", …" if len(failed) > 5 else "")
    return (f"{ids} failed, but none {entry.pin_text()} (the failure it pins no longer "
            "happens: a different failure is a plain failure)")


# --------------------------------------------------------------------------- parsing


def parse(data: Any, *, where: str, lines: Lines | None = None) -> Expectations:
    """Check the structure of a decoded file and build its entries (selectors are checked
    against the loaded scenarios by :func:`check_keys`). ``lines`` (from the YAML or JSON
    text) puts the line of the offending entry into every error."""
    lines = lines or {}

    def at(*path: Any) -> str:
        for cut in range(len(path), 0, -1):
            if path[:cut] in lines:
                return f"{where}:{lines[path[:cut]]}"
        return where

    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ExpectationsError("expected a mapping with 'skip' and/or 'xfail'", where=where)
    for section in data:
        if section not in SECTIONS:
            raise ExpectationsError(f"unknown section {section!r}: expected 'skip' or 'xfail'",
                                    where=at(section))
    built: dict[str, list[Entry]] = {}
    index = 0
    for section in SECTIONS:
        body = data.get(section)
        entries: list[Entry] = []
        if isinstance(body, dict):
            for key, value in body.items():
                key_line = at(section, key.strip() if isinstance(key, str) else key)
                entries.append(_short_entry(section, key, value, f"{section}.{key}", key_line,
                                            index))
                index += 1
        elif isinstance(body, list):
            for i, item in enumerate(body):
                entries.append(_long_entry(section, item, f"{section}[{i}]", at(section, i),
                                           index))
                index += 1
        elif body is not None:
            raise ExpectationsError(
                f"'{section}' must map ids, rules, clauses, tags or shapes to reasons, or "
                "list entries such as {uses: straight, reason: …}", where=at(section))
        built[section] = entries
    skipped = {_identity(e): e for e in built["skip"]}
    for entry in built["xfail"]:
        twin = skipped.get(_identity(entry))
        if twin is not None and entry.path is None:
            raise ExpectationsError(f"{entry.label!r} is both skipped and expected to fail",
                                    where=entry.where)
    return Expectations(skip=tuple(built["skip"]), xfail=tuple(built["xfail"]), where=where)


def _identity(entry: Entry) -> tuple[Any, ...]:
    return (tuple(sorted(("id" if kind == "key" else kind, value)
                         for kind, value in entry.selectors)),
            None if entry.ids is None else tuple(sorted(entry.ids)))


def _short_entry(section: str, key: Any, value: Any, name: str, where: str,
                 index: int) -> Entry:
    """``R05: reason`` or ``R05-003: {reason: …, path: …, observed: …}``."""
    if not isinstance(key, str) or not key.strip():
        raise ExpectationsError(f"{section}: key {key!r} is not an id, rule, clause, tag or "
                                "shape", where=where)
    key = key.strip()
    selector = _short_selector(key)
    if isinstance(value, dict):
        unknown = [k for k in value if k not in ("reason", IDS, *PINS)]
        if unknown:
            raise ExpectationsError(
                f"{name}: unknown key {unknown[0]!r}: a short-form entry takes reason, ids, "
                "path and observed (put selectors in a long-form entry: - {rule: R05, …})",
                where=where)
        return _entry(section, value, (selector,), name, where, index, label=key)
    return _entry(section, {"reason": value}, (selector,), name, where, index, label=key)


def _short_selector(key: str) -> tuple[str, str]:
    if RULE_PATTERN.match(key):
        return ("rule", key)
    if CLAUSE_PATTERN.match(key):
        return ("clause", key)
    if key in _shape_words():
        return ("uses", key)
    if key.startswith("@"):
        return ("tag", key[1:])
    return ("key", key)


def _long_entry(section: str, item: Any, name: str, where: str, index: int) -> Entry:
    """``{uses: straight, reason: …}``, ``{id: R05-003, path: beats, observed: false, …}``."""
    if not isinstance(item, dict):
        raise ExpectationsError(
            f"{name}: an entry must map a selector ({', '.join(SELECTORS)}) to a value, with "
            f"a reason, e.g. {{rule: R05, reason: \"…\"}}; not {_kind(item)}", where=where)
    unknown = [k for k in item if k not in ENTRY_KEYS]
    if unknown:
        raise ExpectationsError(f"{name}: unknown key {unknown[0]!r}: expected "
                                f"{', '.join(ENTRY_KEYS)}", where=where)
    selectors: list[tuple[str, str]] = []
    for kind in SELECTORS:
        if kind not in item:
            continue
        value = item[kind]
        if not isinstance(value, str) or not value.strip():
            raise ExpectationsError(f"{name}.{kind}: expected one {_what(kind)} as text, not "
                                    f"{_kind(value)}", where=where)
        value = value.strip()
        if kind == "tag":
            value = value.removeprefix("@")
        problem = _selector_problem(kind, value)
        if problem:
            raise ExpectationsError(f"{name}.{kind}: {problem}", where=where)
        selectors.append((kind, value))
    if not selectors and IDS not in item:
        raise ExpectationsError(f"{name}: the entry selects nothing: give one of "
                                f"{', '.join(SELECTORS)} or {IDS}", where=where)
    label = ", ".join(kind + " " + value if kind != "id" else value for kind, value in selectors)
    return _entry(section, item, tuple(selectors), name, where, index, label=label)


def _ids(item: Mapping[str, Any], name: str, where: str) -> tuple[str, ...] | None:
    """The ``ids`` an entry pins: a non-empty list of distinct scenario ids, or None."""
    if IDS not in item:
        return None
    value = item[IDS]
    if not isinstance(value, list) or not value:
        raise ExpectationsError(f"{name}.{IDS}: expected a non-empty list of scenario ids "
                                f"(the scenarios the entry was written from), not "
                                f"{_kind(value)}", where=where)
    seen: set[str] = set()
    for i, ident in enumerate(value):
        if not isinstance(ident, str) or not ident.strip() or ident != ident.strip():
            raise ExpectationsError(f"{name}.{IDS}[{i}]: expected a scenario id as text, not "
                                    f"{_kind(ident)}", where=where)
        if ident in seen:
            raise ExpectationsError(f"{name}.{IDS}[{i}]: {ident!r} is listed twice",
                                    where=where)
        seen.add(ident)
    return tuple(value)


def _ids_label(ids: tuple[str, ...]) -> str:
    """How an entry of ``ids`` alone is named: its id, or the first and how many more."""
    return ids[0] if len(ids) == 1 else f"{ids[0]} and {len(ids) - 1} more pinned"


def _entry(section: str, item: Mapping[str, Any], selectors: tuple[tuple[str, str], ...],
           name: str, where: str, index: int, *, label: str) -> Entry:
    reason = item.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ExpectationsError(f"{name}: every entry needs a non-empty reason", where=where)
    path: str | None = None
    observed: Any = _ANYTHING
    if "path" in item or "observed" in item:
        if section != "xfail":
            raise ExpectationsError(f"{name}: path and observed pin how an expected failure "
                                    "fails: only in xfail entries", where=where)
        if "path" not in item:
            raise ExpectationsError(f"{name}: observed needs the path it is observed at",
                                    where=where)
        path = item["path"]
        if not isinstance(path, str) or not path.strip() or path != path.strip():
            raise ExpectationsError(f"{name}.path: expected a dotted path of the step's "
                                    "result such as beats or readings", where=where)
        observed = item.get("observed", _ANYTHING)
    ids = _ids(item, name, where)
    if not selectors and ids is not None:
        label = _ids_label(ids)
    if path is not None:
        label += f" at {path}" + (f" = {_json(observed)}" if observed is not _ANYTHING else "")
    return Entry(section, reason.strip(), selectors, path, observed, where, label, index, ids)


def _what(kind: str) -> str:
    return {"id": "scenario id", "rule": "rule (R05)", "clause": "clause (R05.2)",
            "tag": "tag (D11)", "uses": "shape word (straight)"}[kind]


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    return {dict: "a mapping", list: "a list", str: "text", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def _selector_problem(kind: str, value: str) -> str:
    """What is wrong with a selector value that needs no scenarios to check, or ""."""
    if kind == "rule" and not RULE_PATTERN.match(value):
        return f"{value!r} is not a rule: expected R01…R24"
    if kind == "clause" and not CLAUSE_PATTERN.match(value):
        return f"{value!r} is not a clause: expected e.g. R05.2"
    if kind == "uses" and value not in _shape_words():
        return f"unknown shape {value!r}: expected one of {', '.join(_shape_words())}"
    return ""


# --------------------------------------------------------------------------- loading


def load(path: Path, scenarios: Iterable[Scenario], rules: Iterable[str],
         clauses: Iterable[str]) -> Expectations:
    """Read and check an expectations file against the known scenarios, rules and clauses.

    ``.json`` files are read as strict JSON (:func:`~fivetenk.model.scenario.parse_json`),
    anything else as YAML (:func:`parse_yaml`); both refuse duplicate keys."""
    where = str(path)
    text = read_text(path, where, ExpectationsError)
    if path.suffix.lower() == ".json":
        data = parse_json(text, where, ExpectationsError)
        lines = json_lines(text)
    else:
        data, lines = yaml_with_lines(text, where)
    expectations = parse(data, where=where, lines=lines)
    return check_keys(expectations, scenarios, rules, clauses, where=where)


def check_keys(expectations: Expectations, scenarios: Iterable[Scenario], rules: Iterable[str],
               clauses: Iterable[str], *, where: str) -> Expectations:
    """Every selector must name a loaded scenario (or outline), a rule, a clause, a tag of
    a loaded scenario or a shape; a short-form key that is an id or a tag is settled as
    one of them. Returns the expectations with every entry settled."""
    ids: set[str] = set()
    tags: set[str] = set()
    exact: dict[str, Scenario] = {}
    for s in scenarios:
        ids.add(s.id)
        ids.add(s.id.split(".")[0])
        tags.update(s.tags)
        exact[s.id] = s
    known_rules, known_clauses = set(rules), set(clauses)
    settled: dict[str, tuple[Entry, ...]] = {}
    for section in SECTIONS:
        entries = []
        for entry in getattr(expectations, section):
            selectors = []
            for kind, value in entry.selectors:
                problem = ""
                if kind == "key":
                    if value in ids:
                        kind = "id"
                    elif value in tags:
                        kind = "tag"
                    else:
                        problem = "no scenario has this id (nor this tag)"
                elif kind == "id" and value not in ids:
                    problem = "no scenario has this id"
                elif kind == "rule" and value not in known_rules:
                    problem = "unknown rule"
                elif kind == "clause" and value not in known_clauses:
                    problem = "unknown clause (see `fivetenk rules`)"
                elif kind == "tag" and value not in tags:
                    problem = "no scenario has this tag"
                if problem:
                    raise ExpectationsError(f"{section}: {value!r}: {problem}",
                                            where=entry.where or where)
                selectors.append((kind, value))
            entry = replace(entry, selectors=tuple(selectors))
            for ident in entry.ids or ():
                scenario = exact.get(ident)
                problem = ("no scenario has this id (ids pins exact ids, such as R05-002.1)"
                           if scenario is None else "" if entry.selects_broadly(scenario)
                           else f"the entry's selectors ({entry.label}) do not select it")
                if problem:
                    raise ExpectationsError(f"{section}: {IDS}: {ident!r}: {problem}",
                                            where=entry.where or where)
            entries.append(entry)
        settled[section] = tuple(entries)
    return replace(expectations, skip=settled["skip"], xfail=settled["xfail"])


__all__ = ["Entry", "Expectations", "ExpectationsError", "Facts", "Lines", "Stale", "check_keys",
           "is_new", "json_lines", "load", "new_reason", "parse", "parse_yaml", "stale_records",
           "yaml_with_lines"]
