"""Reports: the per-rule summary table, failure details, JSON lines and JUnit XML.

Everything here is deterministic: results in scenario order, no timestamps, durations only
where asked (JUnit ``time`` is written as 0 unless ``timings`` is set), so two runs of the
same inputs write the same bytes.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO
from xml.sax.saxutils import escape, quoteattr

from .runner import MISSING, Result
from .spec_data import Spec

STATUSES = ("passed", "failed", "errored", "skipped", "xfailed", "xpassed")


def summary(results: Sequence[Result], spec: Spec, pending: Iterable[str]) -> list[str]:
    """The per-rule table: a row per rule that ran, and one per rule still pending (no
    scenarios in the shipped suite yet), marked as such."""
    pending = set(pending)
    counts: dict[str, dict[str, int]] = {}
    for r in results:
        row = counts.setdefault(r.scenario.rule, dict.fromkeys(STATUSES, 0))
        row[r.status] += 1
    used = [s for s in STATUSES if s in ("passed", "failed", "errored", "skipped")
            or any(r.status == s for r in results)]
    width = max(len(rule.title_en) for rule in spec.rules.values())
    head = f"{'rule':<5} {'title':<{width}} " + " ".join(f"{s:>7}" for s in used) + "  status"
    lines = [head, "-" * len(head)]
    totals = dict.fromkeys(STATUSES, 0)
    extra = sorted(set(counts) - set(spec.rules))
    for rule_id in [*spec.rules, *extra]:
        title = spec.rules[rule_id].title_en if rule_id in spec.rules else "(user scenarios)"
        found = counts.get(rule_id)
        if found is None:
            if rule_id in pending:  # never silently absent; unselected rules are left out
                lines.append(f"{rule_id:<5} {title:<{width}} "
                             + " ".join(f"{'-':>7}" for _ in used) + "  pending: no scenarios yet")
            continue
        row = found
        for s in STATUSES:
            totals[s] += row[s]
        bad = row["failed"] + row["errored"] + row["xpassed"]
        lines.append(f"{rule_id:<5} {title:<{width}} " + " ".join(f"{row[s]:>7}" for s in used)
                     + ("  FAIL" if bad else "  ok"))
    lines.append("-" * len(head))
    lines.append(f"{'total':<5} {'':<{width}} " + " ".join(f"{totals[s]:>7}" for s in used))
    return lines


def describe_failure(result: Result, spec: Spec) -> list[str]:
    """What a person needs to act on a failure: id, clauses with their text, file and line,
    the step, and the first differing path with expected against observed."""
    s = result.scenario
    lines = [f"{result.status.upper()} {s.id}: {s.name}", f"  at {s.location}"]
    if result.line:
        number = "?" if result.step is None else str(result.step + 1)
        lines.append(f"  step at line {result.line} (step {number})")
    for clause in s.clauses:
        text = spec.clauses[clause].en if clause in spec.clauses else "(unknown clause)"
        lines.append(f"  {clause}: {text}")
    if s.rulings:
        lines.append("  rulings: " + ", ".join(s.rulings))
    if s.variants:
        lines.append("  variants: " + ", ".join(f"{k}={v}" for k, v in sorted(s.variants.items())))
    if result.mismatch is not None:
        m = result.mismatch
        lines.append(f"  first difference at {m.path}:")
        lines.append(f"    expected: {_value(m.expected)}" if m.how == "expect" else
                     f"    expected {'to contain' if m.how == 'contains' else 'not to contain'}: "
                     f"{_value(m.expected)}")
        lines.append(f"    observed: {_value(m.observed)}")
    elif result.message:
        lines.append(f"  {result.message}")
    for key in ("sent", "received", "stderr"):
        if result.context.get(key):
            lines.append(f"  {key}: {_value(result.context[key], 600)}")
    if result.reason:
        lines.append(f"  reason: {result.reason}")
    return lines


def _value(value: Any, limit: int = 400) -> str:
    if value is MISSING:
        return "(missing)"
    text = value.rstrip() if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def result_record(result: Result) -> dict[str, Any]:
    """One JSON-lines record."""
    s = result.scenario
    record: dict[str, Any] = {
        "id": s.id, "name": s.name, "rule": s.rule, "clauses": s.clauses,
        "rulings": s.rulings, "status": result.status, "location": s.location,
    }
    if result.line is not None:
        record["line"] = result.line
    if result.mismatch is not None:
        m = result.mismatch
        record["difference"] = {
            "path": m.path, "how": m.how,
            "expected": None if m.expected is MISSING else m.expected,
            "observed": None if m.observed is MISSING else m.observed,
            "missing": m.observed is MISSING,
        }
    if result.message:
        record["message"] = result.message
    if result.reason:
        record["reason"] = result.reason
    if result.context and result.status == "errored":
        record["context"] = {k: v for k, v in result.context.items()
                             if k in ("sent", "received", "stderr", "exit")}
    return record


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename, so a failure never
    leaves a partly written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; give the file the usual mode
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def jsonl(results: Iterable[Result]) -> str:
    return "".join(json.dumps(result_record(r), ensure_ascii=False) + "\n" for r in results)


def junit(results: Sequence[Result], spec: Spec, *, name: str, timings: bool = False) -> str:
    """A JUnit XML report: one testsuite per rule, one testcase per scenario."""
    by_rule: dict[str, list[Result]] = {}
    for r in results:
        by_rule.setdefault(r.scenario.rule, []).append(r)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f"<testsuites name={quoteattr(name)} tests=\"{len(results)}\">"]
    for rule, items in by_rule.items():
        fails = sum(r.status in ("failed", "xpassed") for r in items)
        errors = sum(r.status == "errored" for r in items)
        skips = sum(r.status in ("skipped", "xfailed") for r in items)
        out.append(f"  <testsuite name={quoteattr(rule)} tests=\"{len(items)}\" "
                   f"failures=\"{fails}\" errors=\"{errors}\" skipped=\"{skips}\">")
        for r in items:
            secs = f"{r.seconds:.3f}" if timings else "0"
            out.append(f"    <testcase classname={quoteattr(rule)} "
                       f"name={quoteattr(r.scenario.id + ' ' + r.scenario.name)} "
                       f"file={quoteattr(str(r.scenario.source.get('file', '')))} "
                       f"line=\"{r.scenario.source.get('line', 0)}\" time=\"{secs}\">")
            detail = escape("\n".join(describe_failure(r, spec)))
            if r.status in ("failed", "xpassed"):
                msg = r.message or ("expected failure passed" if r.status == "xpassed" else "")
                out.append(f"      <failure message={quoteattr(msg)}>{detail}</failure>")
            elif r.status == "errored":
                out.append(f"      <error message={quoteattr(r.message)}>{detail}</error>")
            elif r.status in ("skipped", "xfailed"):
                out.append(f"      <skipped message={quoteattr(r.reason or r.status)}/>")
            out.append("    </testcase>")
        out.append("  </testsuite>")
    out.append("</testsuites>")
    return "\n".join(out) + "\n"


def progress(stream: TextIO, done: int, total: int, failed: int) -> None:
    """A one-line progress bar, redrawn in place (only when ``stream`` is a terminal)."""
    width = 30
    filled = width * done // max(total, 1)
    bar = "#" * filled + "." * (width - filled)
    stream.write(f"\r[{bar}] {done}/{total}  {failed} not ok")
    if done == total:
        stream.write("\r" + " " * (width + 40) + "\r")
    stream.flush()
