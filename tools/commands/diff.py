"""Compare two runs: what changed, scenario by scenario.

OLD and NEW are JSON-lines reports of `fivetenk check --jsonl FILE` (say, of main and of
your branch). Every scenario whose status changed is listed under its transition, such as
PASSED → XFAILED or FAILED → PASSED (absent when the scenario is in one report only);
EVIDENCE lists the scenarios that fail (or fail as expected) in both, differently
(another step, message or difference); STALE an expectation stale in NEW and not in OLD.
Then a footer counts the changes by kind. A scenario is matched by its id; everything
shown from a report is escaped and bounded.

A regression is a scenario that passed in OLD and does anything else in NEW (fails,
errors, xfails, is skipped, or passes against an expectation: xpassed), one that newly
fails, errors or xpasses (from any other status, or added that way), and a new stale
expectation. A scenario that passed in OLD and is absent from NEW (a narrower selection,
a scenario the kit dropped) is listed, not counted as a regression.

Exit codes: 0 no regression; 1 a regression; 2 a file that is not such a report (bad
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

from ..model.bounded import NAME_LIMIT, TEXT_LIMIT, visible
from ..results.markdown import md_table, md_text
from ..results.runfile import BAD, STATUSES, RunFile, evidence, read_run

ABSENT = "absent"
"""The status of a scenario in a report that does not hold it."""
STATES = (*STATUSES, ABSENT)
EVIDENCE = "evidence"
STALE = "stale"



def transition(was: str, now: str) -> str:
    """A change's kind: ``passed → xfailed``."""
    return f"{was} → {now}"


def is_regression(was: str, now: str) -> bool:
    """Whether a scenario going from ``was`` to ``now`` is a regression (see the module's
    docstring)."""
    if was == "passed":
        return now not in ("passed", ABSENT)
    return now in BAD and now != was


KINDS = (*(transition(a, b) for a in STATES for b in STATES
           if a != b and (a, b) != (ABSENT, ABSENT)), EVIDENCE, STALE)
"""Every kind of change, each transition once."""
ORDER = {kind: i for i, kind in enumerate(sorted(
    KINDS, key=lambda k: (not (k == STALE or (k != EVIDENCE and is_regression(
        *k.split(" → ")))), KINDS.index(k))))}
"""The order changes are printed in: the regressions first, then the rest, each in the
order of :data:`KINDS`."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("old", type=Path, metavar="OLD.jsonl", help="the earlier run's report")
    p.add_argument("new", type=Path, metavar="NEW.jsonl", help="the later run's report")
    p.add_argument("--markdown", action="store_true",
                   help="print Markdown (a table of counts, a list per heading), e.g. for "
                   "a CI step summary")


@dataclass(frozen=True)
class Change:
    """One scenario's change: its kind (a transition, ``evidence`` or ``stale``), id,
    name, what it was and what it is."""

    kind: str
    id: str
    name: str
    was: str
    now: str
    regression: bool = False


@dataclass
class Comparison:
    """What changed between two runs (see :func:`compare`)."""

    old: RunFile
    new: RunFile
    changes: list[Change] = field(default_factory=list)
    profile: list[str] = field(default_factory=list)

    def of(self, kind: str) -> list[Change]:
        return [c for c in self.changes if c.kind == kind]

    def kinds(self) -> list[str]:
        """The kinds of change found, in :data:`ORDER`."""
        return sorted({c.kind for c in self.changes}, key=ORDER.__getitem__)

    @property
    def regressions(self) -> int:
        return sum(c.regression for c in self.changes)

    @property
    def regressed(self) -> bool:
        """Whether there is a regression (the exit code 1)."""
        return self.regressions > 0


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
    """The kind of change of one scenario, or "" when nothing changed: its transition
    when its status changed; ``evidence`` when it fails (or xfails) in both, differently."""
    was = old["status"] if old is not None else ABSENT
    now = new["status"] if new is not None else ABSENT
    if was != now:
        return transition(was, now)
    if old is not None and new is not None and now in (*BAD, "xfailed") \
            and _fingerprint(old) != _fingerprint(new):
        return EVIDENCE
    return ""


def compare(old: RunFile, new: RunFile) -> Comparison:
    """Every scenario of ``new`` (in its order), then those only in ``old``, with its kind
    of change when it changed; then the stale expectations new in ``new`` (by entry and
    file position), and the profile words that differ. Every status change is listed:
    two reports whose counts differ always show a change."""
    found = Comparison(old, new)

    def add(ident: str, before: dict[str, Any] | None, after: dict[str, Any] | None) -> None:
        kind = _kind(before, after)
        if not kind:
            return
        was = before["status"] if before else ABSENT
        now = after["status"] if after else ABSENT
        regression = is_regression(was, now) if kind != EVIDENCE else False
        name = (after or before or {}).get("name", "")
        found.changes.append(Change(kind, ident, name,
                                    _outcome(before) if before else ABSENT,
                                    _outcome(after) if after else ABSENT, regression))

    for ident, record in new.scenarios.items():
        add(ident, old.scenarios.get(ident), record)
    for ident, record in old.scenarios.items():
        if ident not in new.scenarios:
            add(ident, record, None)
    known = {(s.get("entry"), s.get("where")) for s in old.stale}
    for item in new.stale:
        if (item.get("entry"), item.get("where")) not in known:
            text = f"{item.get('reason', '')} — {item.get('why', '')}".strip(" —")
            found.changes.append(Change(STALE, item["entry"], str(item.get("where", "")),
                                        "not stale", text, True))
    found.changes.sort(key=lambda c: ORDER[c.kind])  # stable: report order within a kind
    found.profile = _profile_changes(old, new)
    return found


PROFILE_LINES = 20
"""The most profile words whose change is listed; the rest are counted (a report may hold
any number of unknown keys, kept as later profile words)."""
KEY_LIMIT = 60
"""Characters shown of a profile word (a key from the report: escaped, bounded)."""


def _profile_changes(old: RunFile, new: RunFile) -> list[str]:
    """Each profile word that differs (capabilities, shapes, variants…), one line each
    (the implementations' names head the comparison anyway), at most
    :data:`PROFILE_LINES` of them, then how many more. The words are the reports' keys:
    shown escaped and bounded like every value from a report (issue 29)."""
    lines = []
    keys = [k for k in sorted(set(old.profile) | set(new.profile))
            if k != "warnings" and old.profile.get(k) != new.profile.get(k)]
    for key in keys[:PROFILE_LINES]:
        lines.append(f"{visible(key, KEY_LIMIT)}: {_words(old.profile.get(key))} → "
                     f"{_words(new.profile.get(key))}")
    if len(keys) > PROFILE_LINES:
        lines.append(f"… and {len(keys) - PROFILE_LINES} more profile words differ")
    return lines


def _words(value: Any) -> str:
    if value is None:
        return "(not declared)"
    if isinstance(value, list):
        return visible(", ".join(map(str, value[:TEXT_LIMIT])) or "(none)", TEXT_LIMIT)
    if isinstance(value, dict):
        shown = "; ".join(f"{visible(k, KEY_LIMIT)}: {_words(v)}"
                          for k, v in list(value.items())[:PROFILE_LINES])
        return visible(shown or "(none)", TEXT_LIMIT)
    return visible(json.dumps(value)[:4 * TEXT_LIMIT], TEXT_LIMIT)


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
    lines += [f"  profile changed: {visible(line, 2 * TEXT_LIMIT)}" for line in found.profile]
    for change in found.changes:
        lines.append("")
        name = f" {visible(change.name, NAME_LIMIT)}" if change.name else ""
        lines.append(f"{change.kind.upper()} {visible(change.id, NAME_LIMIT)}{name}")
        lines.append(f"  was: {visible(change.was, TEXT_LIMIT)}")
        lines.append(f"  now: {visible(change.now, TEXT_LIMIT)}")
    lines.append("")
    lines.append(summary_line(found))
    return lines


def summary_line(found: Comparison) -> str:
    """The footer: the changes counted by kind, then the verdict (``4 passed → xfailed,
    1 failed → passed: 4 regressions``); ``no scenario changed`` only when no status,
    evidence or stale entry changed."""
    parts = [f"{len(found.of(k))} {k}" for k in found.kinds()]
    count = found.regressions
    verdict = (f"{count} regression{'s' if count != 1 else ''} (a scenario that passed no "
               "longer passes, or something newly fails, errors or is stale)" if count
               else "no regression")
    return f"{', '.join(parts) or 'no scenario changed'}: {verdict}"


def markdown_lines(found: Comparison) -> list[str]:
    """The comparison as Markdown: a heading, a table of counts per status (old, new),
    the profile changes, then one list per heading."""
    old, new = found.old, found.new
    a, b = old.counts(), new.counts()
    verdict = (f"❌ {found.regressions} regression{'s' if found.regressions != 1 else ''}"
               if found.regressed else "✅ no regression")
    lines = ["## fivetenk diff", "", verdict, "",
             f"Old: {md_text(old.implementation, NAME_LIMIT)} ({md_text(old.where)}); "
             f"new: {md_text(new.implementation, NAME_LIMIT)} ({md_text(new.where)})", ""]
    rows = [[s, str(a[s]), str(b[s])] for s in STATUSES if a[s] or b[s]]
    lines += md_table(["status", "old", "new"], rows, "lrr")
    if found.profile:
        lines += ["", "Profile changed:", ""]
        lines += [f"- {md_text(line)}" for line in found.profile]
    for kind in found.kinds():
        changes = found.of(kind)
        mark = " (regression)" if changes[0].regression else ""
        lines += ["", f"### {md_text(kind)} ({len(changes)}){mark}", ""]
        for change in changes:
            name = f" {md_text(change.name, NAME_LIMIT)}" if change.name else ""
            lines.append(f"- **{md_text(change.id, NAME_LIMIT)}**{name}: "
                         f"{md_text(change.was)} → {md_text(change.now)}")
    lines += ["", md_text(summary_line(found))]
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
