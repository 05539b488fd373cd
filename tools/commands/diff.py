"""Compare two runs: what changed, scenario by scenario.

OLD and NEW are JSON-lines reports of `fivetenk check --jsonl FILE` (say, of main and of
your branch). Each scenario whose outcome changed is listed under one heading:

  NEWLY FAILING   failed (or passed against an expectation, xpassed) in NEW, not in OLD
  NEWLY ERRORED   errored in NEW, not in OLD
  FIXED           failed or errored in OLD, passes (or fails as expected) in NEW
  NEWLY SKIPPED   ran in OLD, skipped in NEW (with the reason)
  NOW RUNS        skipped in OLD, runs in NEW
  EVIDENCE        fails in both, differently (another step, message or difference)
  ADDED, REMOVED  in one report only (an added scenario that fails is newly failing)
  STALE           an expectation stale in NEW and not in OLD

then the totals of both runs and the declared profiles where they differ. A scenario is
matched by its id; everything shown from a report is escaped and bounded.

Exit codes: 0 nothing newly fails or errors; 1 something newly fails or errors (a new
stale expectation included: it fails the run); 2 a file that is not such a report (bad
JSON, a record of the wrong shape, a line too long: the file and line say which).
--markdown prints the same as Markdown, for a CI step summary
(>> "$GITHUB_STEP_SUMMARY").
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ..bounded import NAME_LIMIT, TEXT_LIMIT, visible
from ..markdown import md_table, md_text
from ..runfile import BAD, STATUSES, RunFile, evidence, read_run

KINDS = ("newly failing", "newly errored", "fixed", "newly skipped", "now runs", "evidence",
         "added", "removed", "stale")
"""The headings, in the order they are printed."""
REGRESSIONS = ("newly failing", "newly errored", "stale")
"""Headings that fail the comparison (exit 1)."""

_FAILING = ("failed", "xpassed")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("old", type=Path, metavar="OLD.jsonl", help="the earlier run's report")
    p.add_argument("new", type=Path, metavar="NEW.jsonl", help="the later run's report")
    p.add_argument("--markdown", action="store_true",
                   help="print Markdown (a table of counts, a list per heading), e.g. for "
                   "a CI step summary")


@dataclass(frozen=True)
class Change:
    """One scenario under one heading: its id, name, what it was and what it is."""

    kind: str
    id: str
    name: str
    was: str
    now: str


@dataclass
class Comparison:
    """What changed between two runs (see :func:`compare`)."""

    old: RunFile
    new: RunFile
    changes: list[Change] = field(default_factory=list)
    profile: list[str] = field(default_factory=list)

    def of(self, kind: str) -> list[Change]:
        return [c for c in self.changes if c.kind == kind]

    @property
    def regressed(self) -> bool:
        """Whether something newly fails or errors (the exit code 1)."""
        return any(c.kind in REGRESSIONS for c in self.changes)


def _outcome(record: dict[str, Any]) -> str:
    """A record's status with its evidence, one line: ``failed: step 1 (…): …``."""
    status = str(record["status"])
    if status == "passed":
        return status
    return f"{status}: {evidence(record)}"


def _fingerprint(record: dict[str, Any]) -> str:
    """What makes two failures the same failure: the status, the step, the message and
    every difference's path, expected and observed value."""
    differences = [(d.get("path"), d.get("how"), d.get("expected"), d.get("observed"),
                    d.get("absent")) for d in record.get("differences", [])]
    return json.dumps([record["status"], record.get("step"), record.get("message"),
                       differences], sort_keys=True)


def _kind(old: dict[str, Any] | None, new: dict[str, Any] | None) -> str:
    """The heading a scenario goes under, or "" when nothing worth telling changed."""
    if new is None:
        return "removed"
    now = new["status"]
    if old is None:
        if now in _FAILING:
            return "newly failing"
        return "newly errored" if now == "errored" else "added"
    was = old["status"]
    if now in _FAILING and was not in _FAILING:
        return "newly failing"
    if now == "errored" and was != "errored":
        return "newly errored"
    if was in BAD and now in ("passed", "xfailed"):
        return "fixed"
    if now == "skipped" and was != "skipped":
        return "newly skipped"
    if was == "skipped" and now != "skipped":
        return "now runs"
    if now in BAD and _fingerprint(old) != _fingerprint(new):
        return "evidence"
    return ""


def compare(old: RunFile, new: RunFile) -> Comparison:
    """Every scenario of ``new`` (in its order), then those only in ``old``, each put under
    one heading of :data:`KINDS` when its outcome changed; then the stale expectations new
    in ``new`` (by entry and file position), and the profile words that differ."""
    found = Comparison(old, new)
    for ident, record in new.scenarios.items():
        before = old.scenarios.get(ident)
        kind = _kind(before, record)
        if kind:
            found.changes.append(Change(kind, ident, record.get("name", ""),
                                        _outcome(before) if before else "absent",
                                        _outcome(record)))
    for ident, record in old.scenarios.items():
        if ident not in new.scenarios:
            found.changes.append(Change("removed", ident, record.get("name", ""),
                                        _outcome(record), "absent"))
    known = {(s.get("entry"), s.get("where")) for s in old.stale}
    for item in new.stale:
        if (item.get("entry"), item.get("where")) not in known:
            text = f"{item.get('reason', '')} — {item.get('why', '')}".strip(" —")
            found.changes.append(Change("stale", item["entry"], str(item.get("where", "")),
                                        "not stale", text))
    found.profile = _profile_changes(old, new)
    return found


def _profile_changes(old: RunFile, new: RunFile) -> list[str]:
    """Each profile word that differs (capabilities, shapes, variants…), one line each
    (the implementations' names head the comparison anyway)."""
    lines = []
    for key in sorted(set(old.profile) | set(new.profile)):
        if key == "warnings":
            continue
        a, b = old.profile.get(key), new.profile.get(key)
        if a != b:
            lines.append(f"{key}: {_words(a)} → {_words(b)}")
    return lines


def _words(value: Any) -> str:
    if value is None:
        return "(not declared)"
    if isinstance(value, list):
        return visible(", ".join(map(str, value)) or "(none)", TEXT_LIMIT)
    if isinstance(value, dict):
        return visible("; ".join(f"{k}: {_words(v)}" for k, v in value.items()) or "(none)",
                       TEXT_LIMIT)
    return visible(json.dumps(value), TEXT_LIMIT)


def _counts_line(run: RunFile) -> str:
    counts = run.counts()
    shown = ", ".join(f"{counts[s]} {s}" for s in STATUSES if counts[s])
    return f"{sum(counts.values())} scenarios ({shown or 'none'})"


def text_lines(found: Comparison) -> list[str]:
    """The comparison for the console."""
    old, new = found.old, found.new
    lines = [f"fivetenk diff: {old.where} -> {new.where}",
             f"  old: {visible(old.implementation, NAME_LIMIT)}: {_counts_line(old)}",
             f"  new: {visible(new.implementation, NAME_LIMIT)}: {_counts_line(new)}"]
    lines += [f"  profile changed: {line}" for line in found.profile]
    for kind in KINDS:
        for change in found.of(kind):
            lines.append("")
            name = f" {visible(change.name, NAME_LIMIT)}" if change.name else ""
            lines.append(f"{kind.upper()} {visible(change.id, NAME_LIMIT)}{name}")
            lines.append(f"  was: {visible(change.was, TEXT_LIMIT)}")
            lines.append(f"  now: {visible(change.now, TEXT_LIMIT)}")
    lines.append("")
    lines.append(summary_line(found))
    return lines


def summary_line(found: Comparison) -> str:
    """``3 newly failing, 1 fixed, …; exit 1`` (or ``no change``)."""
    parts = [f"{len(found.of(k))} {k}" for k in KINDS if found.of(k)]
    verdict = ("something newly fails or errors" if found.regressed
               else "nothing newly fails or errors")
    return f"{', '.join(parts) or 'no scenario changed'}: {verdict}"


def markdown_lines(found: Comparison) -> list[str]:
    """The comparison as Markdown: a heading, a table of counts per status (old, new),
    the profile changes, then one list per heading."""
    old, new = found.old, found.new
    a, b = old.counts(), new.counts()
    verdict = "❌ something newly fails or errors" if found.regressed else \
        "✅ nothing newly fails or errors"
    lines = ["## fivetenk diff", "", verdict, "",
             f"Old: {md_text(old.implementation, NAME_LIMIT)} ({md_text(old.where)}); "
             f"new: {md_text(new.implementation, NAME_LIMIT)} ({md_text(new.where)})", ""]
    rows = [[s, str(a[s]), str(b[s])] for s in STATUSES if a[s] or b[s]]
    lines += md_table(["status", "old", "new"], rows, "lrr")
    if found.profile:
        lines += ["", "Profile changed:", ""]
        lines += [f"- {md_text(line)}" for line in found.profile]
    for kind in KINDS:
        changes = found.of(kind)
        if not changes:
            continue
        lines += ["", f"### {kind} ({len(changes)})", ""]
        for change in changes:
            name = f" {md_text(change.name, NAME_LIMIT)}" if change.name else ""
            lines.append(f"- **{md_text(change.id, NAME_LIMIT)}**{name}: "
                         f"{md_text(change.was)} → {md_text(change.now)}")
    if not found.changes:
        lines += ["", "No scenario changed."]
    return lines


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``fivetenk diff``: both reports are read (and checked) before anything is printed."""
    out = out or sys.stdout
    old = read_run(args.old)
    new = read_run(args.new)
    found = compare(old, new)
    lines = markdown_lines(found) if args.markdown else text_lines(found)
    out.write("\n".join(lines) + "\n")
    return 1 if found.regressed else 0
