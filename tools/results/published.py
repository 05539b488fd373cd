"""Results to publish: ``fivetenk check --badge FILE`` and ``--summary-md FILE`` (issue 20).

**The badge** is a shields.io endpoint JSON (``https://img.shields.io/endpoint?url=…``):
``{"schemaVersion": 1, "label": …, "message": …, "color": …}``, nothing else, since
shields refuses keys it does not know. ``message`` is ``passed/ran`` ("868/868": the
scenarios that passed, of those that ran; an expected failure ran and did not pass), with
the skipped ones after it when there are any ("770/770, 125 skipped"). ``label`` says
what was checked, in at most :data:`LABEL_LIMIT` characters (issue 28: a badge is read at
a glance): ``5,10,K``, followed by the declared profile when the implementation leaves
something out, in words when they fit ("5,10,K (no straight; 1 deck)"), else counted
("5,10,K (8/13 shapes, 3/8 commands)"), else "5,10,K (custom profile)"; so a badge of a
partial profile never reads as the whole game, and the summary gives the words in full.
``color``: ``brightgreen`` when
the run passed with no expected failure, ``yellow`` when it passed thanks to expected
failures, ``red`` when it failed (exit 1), ``lightgrey`` when nothing ran. A handshake
word the kit does not know (an unknown capability, shape, variant value or profile word of D39: each
a warning on the console) is ignored, so the label says how many were ("1 unknown
profile word ignored") and a passing run is ``yellow``, never ``brightgreen``: the
implementation may play something no scenario checked (issue 29).

**The summary** is Markdown for a CI step summary (``$GITHUB_STEP_SUMMARY``): the verdict,
the implementation, the kit's version, the profile in words, a table per rule (the
console's table), the failing scenarios (failed, errored or xpassed; at most
:data:`SUMMARY_FAILURES`, then how many more), each with its clauses and its first
difference (or message), a NEW failure marked so, then the handshake's warnings (words
the kit does not know, ignored; the profile line counts them too), what the
implementation leaves out, the stale expectations and what the failures have in common.
Every text the implementation controls is escaped (:func:`fivetenk.results.markdown.md_text`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from .. import __version__
from ..impl.drivers import CAPABILITIES
from ..impl.words import SHAPES
from ..model.bounded import NAME_LIMIT, TEXT_LIMIT
from ..model.spec_data import Spec
from ..reference import CHOICES
from ..suite.runner import Result
from .expectations import is_new
from .markdown import md_table, md_text

STATUSES = ("passed", "failed", "errored", "skipped", "xfailed", "xpassed")
LABEL = "5,10,K"
LABEL_LIMIT = 40
"""The longest badge label (characters): past it, the profile is counted, not spelled."""
SUMMARY_FAILURES = 25
"""The most failing scenarios the summary lists (the rest are counted)."""


def profile_words(declared: dict[str, Any]) -> str:
    """What the implementation leaves out, in a few words ("" for the whole game): the
    commands it lacks, the shapes it does not declare, the variants whose default it
    does not play (with what it plays), the profile words of ruling D39 ("1 deck",
    "pairs 3-10", "strict wings", "plus four+singles"), and a protocol version older than
    the kit's ("protocol 1.0": the conventions added since were not judged, issue 28)."""

    parts = []
    lacking = [c for c in CAPABILITIES if c not in declared.get("capabilities", CAPABILITIES)]
    if lacking:
        parts.append("without " + ", ".join(lacking))
    undeclared = [s for s in SHAPES if s not in declared.get("shapes", SHAPES)]
    if undeclared:
        parts.append("no " + ", ".join(undeclared))
    for name, values in declared.get("variants", {}).items():
        if name in CHOICES and CHOICES[name][0] not in values:
            parts.append(f"{name}={'/'.join(values) or '?'}")
    parts += _other_pack(declared)
    runs = declared.get("runs")
    if isinstance(runs, dict):
        parts += [f"{family} {span[0]}-{span[1]}" for family, span in runs.items()
                  if isinstance(span, list | tuple) and len(span) == 2]
    if declared.get("wings") == "strict":
        parts.append("strict wings")
    extra = declared.get("extra_shapes")
    if isinstance(extra, list) and extra:
        parts.append("plus " + ", ".join(map(str, extra)))
    unknown = ignored(declared)
    words = f"{unknown} unknown profile word{'s' if unknown != 1 else ''} ignored"
    return "; ".join(parts + _older_and_unknown(declared, unknown, words))


def badge_label(declared: dict[str, Any]) -> str:
    """The badge's label (see the module's docstring): never longer than
    :data:`LABEL_LIMIT`, never cut."""
    words = profile_words(declared)
    if not words:
        return LABEL
    protocol = declared.get("protocol")
    older = f", protocol {protocol}" if isinstance(protocol, str) else ""
    for inner in (words, _counted(declared), "custom profile" + older):
        label = f"{LABEL} ({inner})"
        if inner and len(label) <= LABEL_LIMIT:
            return label
    return f"{LABEL} (custom profile)"


def _counted(declared: dict[str, Any]) -> str:
    """The profile in counts: ``8/13 shapes, 3/8 commands, variants, 1 deck``."""

    parts = []
    shapes = [s for s in SHAPES if s in declared.get("shapes", SHAPES)]
    if len(shapes) < len(SHAPES):
        parts.append(f"{len(shapes)}/{len(SHAPES)} shapes")
    commands = [c for c in CAPABILITIES if c in declared.get("capabilities", CAPABILITIES)]
    if len(commands) < len(CAPABILITIES):
        parts.append(f"{len(commands)}/{len(CAPABILITIES)} commands")
    if any(name in CHOICES and CHOICES[name][0] not in values
           for name, values in declared.get("variants", {}).items()):
        parts.append("variants")
    parts += _other_pack(declared)
    if any(key in declared for key in ("runs", "wings", "extra_shapes")):
        parts.append("house rules")
    unknown = ignored(declared)
    return ", ".join(parts + _older_and_unknown(declared, unknown, f"{unknown} unknown"))


def _other_pack(declared: dict[str, Any]) -> list[str]:
    """``["1 deck"]`` for a pack other than the game's three decks, else nothing."""
    pack = declared.get("pack")
    if isinstance(pack, int) and not isinstance(pack, bool) and pack != 3:
        return [f"{pack} deck{'s' if pack != 1 else ''}"]
    return []


def _older_and_unknown(declared: dict[str, Any], unknown: int, unknown_said: str,
                       ) -> list[str]:
    """The last words of a profile: a protocol older than the kit's (its later conventions
    were skipped), then ``unknown_said`` when the handshake held ``unknown`` words the kit
    ignored (:func:`ignored`, counted once by the caller)."""
    protocol = declared.get("protocol")
    older = [f"protocol {protocol}"] if isinstance(protocol, str) else []
    return older + ([unknown_said] if unknown else [])


def ignored(declared: dict[str, Any]) -> int:
    """How many handshake words the kit did not know and ignored (a capability, shape,
    variant or value, run family, wing rule or extra shape: each is a warning of
    :func:`fivetenk.impl.hello.parse_hello`). The implementation may play something the kit
    did not check, so a run that declared one is never published as the whole game, nor
    green (issue 29)."""
    warnings = declared.get("warnings")
    if not isinstance(warnings, list) or not warnings:
        return 0
    more = re.match(r"… and (\d+) more warnings", str(warnings[-1]))  # the list is bounded
    return len(warnings) - 1 + int(more.group(1)) if more else len(warnings)


def verdict(results: Sequence[Result], stale: Sequence[Any], idle: str) -> str:
    """``passed``, ``passed-expected`` (green thanks to expected failures), ``failed`` or
    ``idle`` (nothing ran): the badge's colour and the summary's first line."""
    if idle:
        return "idle"
    if stale or not all(r.ok for r in results):
        return "failed"
    return "passed-expected" if any(r.status == "xfailed" for r in results) else "passed"


COLORS = {"passed": "brightgreen", "passed-expected": "yellow", "failed": "red",
          "idle": "lightgrey"}


def _counts(results: Iterable[Result]) -> dict[str, int]:
    counts = dict.fromkeys(STATUSES, 0)
    for r in results:
        counts[r.status] += 1
    return counts


def badge(results: Sequence[Result], declared: dict[str, Any], *, stale: Sequence[Any] = (),
          idle: str = "") -> dict[str, Any]:
    """The shields.io endpoint object (see the module's docstring)."""
    counts = _counts(results)
    ran = len(results) - counts["skipped"]
    message = f"{counts['passed']}/{ran}"
    if counts["skipped"]:
        message += f", {counts['skipped']} skipped"
    state = verdict(results, stale, idle)
    if state == "passed" and ignored(declared):  # passed, with words nobody checked
        state = "passed-expected"
    return {"schemaVersion": 1, "label": badge_label(declared), "message": message,
            "color": COLORS[state]}


def badge_text(results: Sequence[Result], declared: dict[str, Any], *,
               stale: Sequence[Any] = (), idle: str = "") -> str:
    """:func:`badge` as one line of strict ASCII JSON."""
    return json.dumps(badge(results, declared, stale=stale, idle=idle), ensure_ascii=True,
                      allow_nan=False) + "\n"


_HEADLINES = {"passed": "✅ every scenario that ran passed",
              "passed-expected": "✅ every scenario that ran passed or failed as expected",
              "failed": "❌ the run failed", "idle": "❌ no scenario ran"}


def summary_markdown(results: Sequence[Result], spec: Spec, declared: dict[str, Any], *,
                     name: str, stale: Sequence[Any] = (), idle: str = "",
                     notes: Sequence[str] = (), causes: Sequence[str] = ()) -> str:
    """The Markdown summary (see the module's docstring). ``notes``: what the
    implementation leaves out (:func:`fivetenk.suite.profile.summary_lines`); ``causes``: what
    the failures have in common (:func:`fivetenk.results.report.root_causes`)."""
    counts = _counts(results)
    state = verdict(results, stale, idle)
    words = profile_words(declared) or "the whole game"
    ran = len(results) - counts["skipped"]
    lines = [f"## fivetenk check: {md_text(name, NAME_LIMIT)}", "",
             f"{_HEADLINES[state]}: {counts['passed']}/{ran} passed"
             + (f", {counts['skipped']} skipped" if counts["skipped"] else "")
             + "".join(f", {counts[s]} {s}" for s in ("failed", "errored", "xfailed",
                                                       "xpassed") if counts[s])
             + (f", {len(stale)} stale expectation{'s' if len(stale) != 1 else ''}"
                if stale else ""), "",
             f"Kit: fivetenk {md_text(__version__)} · profile: {md_text(words)}", ""]
    by_rule: dict[str, dict[str, int]] = {}
    for r in results:
        row = by_rule.setdefault(r.scenario.rule, dict.fromkeys(STATUSES, 0))
        row[r.status] += 1
    used = [s for s in STATUSES if s in ("passed", "failed", "errored", "skipped")
            or counts[s]]
    rows = []
    for rule in [*spec.rules, *sorted(set(by_rule) - set(spec.rules))]:
        if rule not in by_rule:
            continue
        row = by_rule[rule]
        title = spec.rules[rule].title_en if rule in spec.rules else "(user scenarios)"
        bad = row["failed"] + row["errored"] + row["xpassed"]
        ran_here = sum(row[s] for s in STATUSES if s != "skipped")
        status = "FAIL" if bad else "ok" if ran_here else "skipped"
        rows.append([md_text(rule, 20), md_text(title), *(str(row[s]) for s in used),
                     status])
    rows.append(["**total**", "", *(f"**{counts[s]}**" for s in used), ""])
    lines += md_table(["rule", "title", *used, "status"], rows,
                      ["l", "l", *("r" for _ in used), "l"])
    lines += _failing_lines(results)
    warnings = [f"warning: {w}" for w in declared.get("warnings", []) if isinstance(w, str)]
    extra = [*warnings, *notes, *(item.describe() for item in stale), *causes]
    if idle:
        extra.append(idle)
    if extra:
        lines.append("")
        lines += [f"- {md_text(text.strip(), TEXT_LIMIT)}" for text in extra]
    return "\n".join(lines) + "\n"


def _failing_lines(results: Sequence[Result]) -> list[str]:
    """The failing scenarios as a Markdown list: at most :data:`SUMMARY_FAILURES`, each
    with its status (when not failed), clauses and first difference or message; a NEW
    failure (one a broad expectation would have muted) says so; then how many more."""

    bad = [r for r in results if r.status in ("failed", "errored", "xpassed")]
    if not bad:
        return []
    lines = ["", f"### Failing scenarios ({len(bad)})", ""]
    for r in bad[:SUMMARY_FAILURES]:
        status = "" if r.status == "failed" else f" ({r.status})"
        new = " **NEW**" if is_new(r) else ""
        clauses = f" {', '.join(r.scenario.clauses)}" if r.scenario.clauses else ""
        first = r.differences[0].describe() if r.differences else r.message or r.status
        lines.append(f"- **{md_text(r.scenario.id, NAME_LIMIT)}**{md_text(status)}{new}"
                     f"{md_text(clauses, NAME_LIMIT)}: {md_text(first, TEXT_LIMIT)}")
    if len(bad) > SUMMARY_FAILURES:
        lines.append(f"- … and {len(bad) - SUMMARY_FAILURES} more (the console and "
                     "`--jsonl` list them all)")
    return lines


__all__ = ["COLORS", "badge", "badge_label", "badge_text", "profile_words", "summary_markdown",
           "verdict"]
