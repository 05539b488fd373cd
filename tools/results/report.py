r"""Reports: the per-rule summary table, failure details, JSON lines and JUnit XML.

Everything here is deterministic: results in scenario order, no timestamps, durations only
where asked (JUnit ``time`` is written as 0 unless ``timings`` is set), so two runs of the
same inputs write the same bytes.

Much of what is reported comes from the implementation under test, which the kit does not
trust: error texts, replies, its stderr, the name it gives in the handshake. Nothing it
sends can break a report or the console:

- on the console every such text goes through :func:`visible`: control characters (C0
  including newlines and tabs, DEL, C1, ESC sequences), bidirectional overrides and lone
  surrogates are shown escaped (``\x1b``, ``\r``, ``\n``, ``\u202e``, ``\ud800``), so a
  reply cannot move the cursor, overwrite a line or print a line of its own (a forged
  ``total`` row); and each text is cut to a stated bound (the ``*_LIMIT`` constants);
- any value (deep, huge, NaN, a number of 5,000 digits, not JSON at all) is first made a
  bounded, JSON-safe copy by :func:`plain`, so rendering it can never raise;
- JUnit XML is always well-formed: characters XML 1.0 forbids are escaped visibly;
- JSON lines are strict JSON (no NaN or Infinity; valid UTF-8, no lone surrogates), with
  every field the implementation controls bounded.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO
from xml.sax.saxutils import escape, quoteattr

from ..model.bounded import (
    CONTEXT_LIMIT,
    JSON_TEXT_LIMIT,
    MESSAGE_LIMIT,
    MISSING,
    NAME_LIMIT,
    RECEIVED_LIMIT,
    TEXT_LIMIT,
    VALUE_LIMIT,
    json_text,
    plain,
    valid_text,
    visible,
    xml_text,
)
from ..model.paths import write_file
from ..model.spec_data import Spec
from ..suite.runner import Mismatch, Result, answer_text, expected_answer, rejection_code
from ..suite.shapes import scenario_shapes, tested_shape

# The bounding helpers live in fivetenk.model.bounded; reports are where people look for them,
# so they are re-exported here (listed for type checkers, which export no import by itself).
__all__ = [
    "CONTEXT_LIMIT",
    "JSON_TEXT_LIMIT",
    "MESSAGE_LIMIT",
    "MISSING",
    "NAME_LIMIT",
    "RECEIVED_LIMIT",
    "TEXT_LIMIT",
    "VALUE_LIMIT",
    "json_text",
    "plain",
    "valid_text",
    "visible",
    "xml_text",
]

STATUSES = ("passed", "failed", "errored", "skipped", "xfailed", "xpassed")
CONTEXT_KEYS = ("sent", "received", "stderr", "exit")
"""The context entries reported: what was sent, what came back, the implementation's
stderr and exit code (errored scenarios), or the request and the whole result of the step
that failed (failed scenarios)."""


def summary(results: Sequence[Result], spec: Spec, pending: Iterable[str]) -> list[str]:
    """The per-rule table: a row per rule that ran, and one per rule still pending (no
    scenarios in the shipped suite yet), marked as such. A row's status is ``FAIL`` when a
    scenario failed, errored or passed against expectations (xpassed); ``skipped`` when
    nothing of the rule ran (every scenario skipped: the implementation lacks what they
    need, or an expectations file skips them), since ``ok`` would claim the rule is
    followed when nothing checked it (issue 8); ``ok`` otherwise."""
    pending = set(pending)
    counts: dict[str, dict[str, int]] = {}
    for r in results:
        row = counts.setdefault(r.scenario.rule, dict.fromkeys(STATUSES, 0))
        row[r.status] = row.get(r.status, 0) + 1
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
        shown = visible(rule_id, 20)
        if found is None:
            if rule_id in pending:  # never silently absent; unselected rules are left out
                lines.append(f"{shown:<5} {title:<{width}} "
                             + " ".join(f"{'-':>7}" for _ in used) + "  pending: no scenarios yet")
            continue
        row = found
        for s in STATUSES:
            totals[s] += row[s]
        bad = row["failed"] + row["errored"] + row["xpassed"]
        ran = sum(row[s] for s in STATUSES if s != "skipped")
        status = "FAIL" if bad else "ok" if ran else "skipped"
        lines.append(f"{shown:<5} {title:<{width}} " + " ".join(f"{row[s]:>7}" for s in used)
                     + f"  {status}")
    lines.append("-" * len(head))
    lines.append(f"{'total':<5} {'':<{width}} " + " ".join(f"{totals[s]:>7}" for s in used))
    return lines


ALONE_NOTE = ("judged on the rejection alone (@any-clause, or check --any-clause): the "
              "clause a rejection cites is not compared, only that it is a rejection")
"""What a report says of a scenario whose rejections are judged alone (issue 9): no
silent conventions, a failure of such a scenario never reads as if the clause counted."""


def describe_failure(result: Result, spec: Spec) -> list[str]:
    """The evidence of a failure, an error or an unexpected pass (issue 8), one line each:

    the id and name; where to open it (``at FILE:LINE``, the installed feature for the
    shipped suite) and ``fivetenk show ID``; the step as written in its feature (or as the
    kit renders the JSON); the clauses with their text, rulings with their titles,
    variants; for a game step the position before it (as the reference engine reaches
    it); every default the kit filled in building the setup (issue 9); the request in
    words and as sent; what was expected and what came back, a rejection as ``rejected,
    citing R03.1: <message>`` and an acceptance as ``accepted``; every difference (at
    most :data:`fivetenk.suite.runner.DIFF_LIMIT`, with how many there are; lists as their
    missing and extra items); the implementation's stderr, the reason.

    Whatever the implementation sent is shown through :func:`visible` or
    :func:`json_text`, bounded: no line can be forged, every line stays one line."""
    # lazy: evidence (the Gherkin parser) for a failure only
    from . import evidence

    s = result.scenario
    lines = [f"{result.status.upper()} {visible(s.id, NAME_LIMIT)}: {visible(s.name, NAME_LIMIT)}",
             f"  at {visible(evidence.open_at(s), 2 * NAME_LIMIT)}  "
             f"(the whole scenario: fivetenk show {visible(s.id, NAME_LIMIT)})"]
    step = None
    if result.step is not None and 0 <= result.step < len(s.steps):
        step = s.steps[result.step]
        written, as_written = evidence.step_lines(s, result.step)
        where = f", line {visible(result.line, 20)}" if result.line else ""
        how = "as written" if as_written else "as the kit renders it (no feature file)"
        lines.append(f"  step {result.step + 1} of {len(s.steps)}{where}, {how}:")
        lines += [f"    {visible(text, TEXT_LIMIT)}" for text in written]
    for clause in s.clauses:
        text = spec.clauses[clause].en if clause in spec.clauses else "(unknown clause)"
        lines.append(f"  {visible(clause, NAME_LIMIT)}: {visible(text, MESSAGE_LIMIT)}")
    if s.rulings:
        named = [f"{r} ({spec.rulings[r].title})" if r in spec.rulings else r for r in s.rulings]
        lines.append("  rulings: " + visible("; ".join(named), MESSAGE_LIMIT))
    if s.variants:
        lines.append("  variants: " + visible(
            ", ".join(f"{k}={v}" for k, v in sorted(s.variants.items())), TEXT_LIMIT))
    if s.rejections_alone:
        lines.append(f"  rejections: {ALONE_NOTE}")
    position = evidence.failing_position(result)
    if position:
        lines.append("  position (the reference engine's, replaying the scenario):")
        lines.append(f"    {visible(position, MESSAGE_LIMIT)}")
    filled = evidence.filled_in_lines(s)
    if filled:
        lines.append("  filled in by the kit (not written in the scenario):")
        lines += [f"    - {visible(note, MESSAGE_LIMIT)}" for note in filled]
    if step is not None:
        lines.append(f"  request: {visible(evidence.request_text(step), TEXT_LIMIT)}")
    if result.note:
        lines.append(f"  {visible(result.note, TEXT_LIMIT)} (the implementation lacks the "
                     "query command; see `fivetenk protocol`)")
    if result.context.get("sent"):
        lines.append(f"  sent: {_value(result.context['sent'], CONTEXT_LIMIT)}")
    wanted = expected_answer(step) if step is not None else ""
    said = ""
    if "received" in result.context:
        received = result.context["received"]
        said = answer_text(received)
        if wanted or said:
            wanted = wanted or "an answer (see the differences)"
            if s.rejections_alone and wanted == "rejected":
                wanted = "rejected, citing any clause (the clause is not compared)"
            lines.append(f"  expected: {visible(wanted, TEXT_LIMIT)}")
            if said:
                lines.append(f"  answered: {visible(said, TEXT_LIMIT)}")
            code = rejection_code(received)
            if code:
                lines.append(f"  rejection code: {visible(code, NAME_LIMIT)} (the "
                             "implementation's own; shown, never compared)")
        lines.append(f"  received: {_value(received, RECEIVED_LIMIT)}")
    if result.differences:
        count = len(result.differences)
        total = max(result.total_differences, count)
        head = (f"  differences ({total}):" if total == count
                else f"  differences ({total}, the first {count} shown):")
        lines.append(head)
        lines += [f"    {visible(m.describe(message=not said), 2 * VALUE_LIMIT)}"
                  for m in result.differences]
    elif result.message:
        lines.append(f"  {visible(result.message, MESSAGE_LIMIT)}")
    for key in ("stderr",):
        if result.context.get(key):
            lines.append(f"  {key}: {_value(result.context[key], CONTEXT_LIMIT)}")
    if "exit" in result.context:
        lines.append(f"  exit: {_value(result.context['exit'], 40)}")
    if result.reason:
        lines.append(f"  reason: {visible(result.reason, TEXT_LIMIT)}")
    return lines


def _value(value: Any, limit: int = VALUE_LIMIT) -> str:
    """A value for the console: a text as it is (its end trimmed), anything else as JSON;
    visible and bounded either way."""
    if isinstance(value, str):
        return visible(value.rstrip(), limit)
    return json_text(value, limit)


def difference_record(m: Mismatch) -> dict[str, Any]:
    """One difference in a JSON-lines record: ``path``, ``how`` (``expect``, ``contains``,
    ``excludes``, ``reference``), ``expected``, ``observed`` (null and ``absent: true``
    when the reply has nothing there), for lists ``missing`` / ``extra`` items with their
    counts, ``answer`` (the reply in words when it is a rejection or an acceptance), and
    ``text``: the line the console shows. Bounded, strict-JSON-safe."""
    out: dict[str, Any] = {
        "path": valid_text(m.path), "how": m.how,
        "expected": None if m.expected is MISSING else plain(m.expected),
        "observed": None if m.observed is MISSING else plain(m.observed),
        "absent": m.observed is MISSING,
    }
    if m.missing is not None or m.extra is not None:
        out["missing"] = plain(m.missing or [])
        out["missing_count"] = m.missing_total
        out["extra"] = plain(m.extra or [])
        out["extra_count"] = m.extra_total
    if m.answer:
        out["answer"] = valid_text(m.answer)
    out["text"] = valid_text(m.describe(), JSON_TEXT_LIMIT)
    return out


def _shapes(scenario: Any) -> tuple[str, ...]:
    """The shapes a scenario's plays use (:mod:`fivetenk.suite.shapes`); none if the reference
    cannot read them (a user's case under a variant it refuses, say)."""

    try:
        return scenario_shapes(scenario)
    except Exception:  # a record is always written, whatever the scenario holds
        return ()


def _tested_shape(scenario: Any, step: int | None) -> str | None:
    """The shape the failing step tests (:func:`fivetenk.suite.shapes.tested_shape`)."""

    return tested_shape(scenario, step)


def result_record(result: Result) -> dict[str, Any]:
    """One JSON-lines record (``"record": "scenario"``, D-4). Every value in it can be
    written as strict JSON: texts without lone surrogates, values through :func:`plain`,
    all of them bounded.

    A failed, errored, xfailed or xpassed result also carries the evidence: ``open``
    (where to open the scenario), ``step`` (1-based) and ``line``, ``step_text`` (the
    step as written) and ``written`` (whether it was read from the feature file),
    ``request`` (in words), ``context`` (``sent``: the request of the step; ``received``:
    the whole result that came back; for errors ``stderr`` and ``exit``), ``answer`` (a
    rejection or an acceptance in words), ``rejection_code`` (the implementation's
    ``error.code`` of a rejection, never compared), ``expected_answer``, ``position``
    (game steps), ``filled_in`` (the defaults the kit filled in building the setup from
    the Gherkin, issue 9), ``differences`` (see :func:`difference_record`, at most ten) and
    ``differences_total``, ``tested_shape`` (the shape of the play the failing step
    tests, :func:`fivetenk.suite.shapes.tested_shape`, when it is one). Every record carries
    ``tags`` (the scenario's tags: rule, clauses, rulings and any other). Any result of a
    scenario whose rejections are judged alone (``@any-clause``, ``--any-clause``) says
    ``"rejections": "any-clause"``: no clause was compared."""
    # lazy: evidence (the Gherkin parser) for a failure only
    from . import evidence

    s = result.scenario
    record: dict[str, Any] = {
        "record": "scenario",
        "id": valid_text(s.id), "name": valid_text(s.name), "rule": valid_text(s.rule),
        "clauses": [valid_text(c) for c in s.clauses],
        "rulings": [valid_text(r) for r in s.rulings], "status": result.status,
        "location": valid_text(s.location),
        "shapes": list(_shapes(s)),
        "tags": [valid_text(t) for t in s.tags],
    }
    if s.rejections_alone:
        record["rejections"] = s.rejections  # judged alone: no clause was compared
    if result.line is not None:
        record["line"] = plain(result.line)
    if result.message:
        record["message"] = valid_text(result.message)
    if result.reason:
        record["reason"] = valid_text(result.reason)
    if result.status not in ("errored", "failed", "xfailed", "xpassed"):
        return record
    record["open"] = valid_text(evidence.open_at(s))
    tested = _tested_shape(s, result.step)
    if tested:
        record["tested_shape"] = tested
    step = None
    if result.step is not None and 0 <= result.step < len(s.steps):
        step = s.steps[result.step]
        record["step"] = result.step + 1
        written, as_written = evidence.step_lines(s, result.step)
        record["step_text"] = [valid_text(text) for text in written]
        record["written"] = as_written
        record["request"] = valid_text(evidence.request_text(step))
        wanted = expected_answer(step)
        if wanted:
            record["expected_answer"] = valid_text(wanted)
    context = {k: plain(v) for k, v in result.context.items() if k in CONTEXT_KEYS}
    if context:
        record["context"] = context
    said = answer_text(result.context.get("received"))
    if said:
        record["answer"] = valid_text(said)
    code = rejection_code(result.context.get("received"))
    if code:
        record["rejection_code"] = valid_text(code)
    position = evidence.failing_position(result)
    if position:
        record["position"] = valid_text(position)
    if s.filled_in:
        record["filled_in"] = [valid_text(note) for note in evidence.filled_in_lines(s)]
    if result.note:
        record["note"] = valid_text(result.note)
    if result.differences:
        record["differences"] = [difference_record(m) for m in result.differences]
        record["differences_total"] = max(result.total_differences, len(result.differences))
    return record


def root_causes(results: Sequence[Result]) -> list[str]:
    """What the failures of a run have in common, for under the summary table (see
    :func:`fivetenk.results.evidence.root_causes`): one group a line, each line visible and
    bounded (a clause or error text the implementation sent is shown escaped)."""
    # lazy: evidence (the Gherkin parser) for a failure only
    from .evidence import root_causes as groups

    return [visible(line, MESSAGE_LIMIT) for line in groups(results)]


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, never into a special file or through a link:
    :func:`fivetenk.model.paths.write_file` (a report replaces an existing regular file)."""

    write_file(path, text)


def jsonl(results: Iterable[Result]) -> str:
    """The JSON-lines report: one strict JSON object per line (``allow_nan=False``), in
    ASCII, so that no character of a record (U+2028, U+0085…) can be taken for the end of
    a line by any reader."""
    return "".join(json.dumps(result_record(r), allow_nan=False) + "\n" for r in results)


def run_record(name: str, profile: dict[str, Any]) -> dict[str, Any]:
    """The first record of the JSON-lines report (issue 8, D-4): ``{"record": "run",
    "implementation": …, "capabilities": […], "shapes": […], "variants": {…},
    "warnings": […]}``, the profile the implementation declared as the kit read it
    (:func:`fivetenk.suite.profile.describe`: per-command capabilities, shapes, the variant
    values played, what the kit did not understand in the handshake; and, when the
    implementation declared any, the profile words of ruling D39: ``pack``, ``runs``,
    ``wings``, ``extra_shapes``; and ``protocol``, ``"1.0"``, when the implementation
    declares a minor version older than the kit's, issue 28). The name and the warnings
    quote the implementation: bounded, strict-JSON-safe."""
    return {
        "record": "run",
        "implementation": valid_text(str(name), NAME_LIMIT),
        "capabilities": [valid_text(str(c), NAME_LIMIT) for c in profile.get("capabilities", [])],
        "shapes": [valid_text(str(s), NAME_LIMIT) for s in profile.get("shapes", [])],
        "variants": {valid_text(str(k), NAME_LIMIT): [valid_text(str(v), NAME_LIMIT)
                                                      for v in values]
                     for k, values in profile.get("variants", {}).items()},
        "warnings": [valid_text(str(w), TEXT_LIMIT) for w in profile.get("warnings", [])],
        **{key: plain(profile[key], 2000) for key in ("pack", "runs", "wings", "extra_shapes",
                                                      "protocol")
           if key in profile},  # the profile words of D39, when declared (issue 20); the
        # protocol version, when older than the kit's (issue 28)
    }


def run_line(name: str, profile: dict[str, Any]) -> str:
    """:func:`run_record` as one strict ASCII JSON line, to begin the JSON-lines report."""
    return json.dumps(run_record(name, profile), allow_nan=False) + "\n"


def _attr(text: Any, limit: int = MESSAGE_LIMIT) -> str:
    """An XML attribute value (with its quotes): one visible, bounded line."""
    return quoteattr(xml_text(visible(text, limit)))


def junit(results: Sequence[Result], spec: Spec, *, name: str, timings: bool = False,
          stale: Sequence[Any] = (), idle: str = "") -> str:
    """A JUnit XML report: one testsuite per rule, one testcase per scenario, and, when
    the expectations file has stale ``xfail`` entries (they fail the run, exit 1), a
    testsuite ``expectations`` with one failing testcase per entry, so that a CI reading
    the XML fails as the run does. Likewise ``idle``, the line saying that no scenario ran
    (exit 1): a testsuite ``run`` with one failing testcase saying it, since a report of
    skipped testcases alone reads as green. Always well-formed XML 1.0, whatever the
    implementation sent (see :func:`xml_text`). ``stale``:
    :class:`fivetenk.results.expectations.Stale` items."""
    by_rule: dict[str, list[Result]] = {}
    for r in results:
        by_rule.setdefault(r.scenario.rule, []).append(r)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f"<testsuites name={_attr(name, NAME_LIMIT)} tests=\"{len(results)}\">"]
    for rule, items in by_rule.items():
        fails = sum(r.status in ("failed", "xpassed") for r in items)
        errors = sum(r.status == "errored" for r in items)
        skips = sum(r.status in ("skipped", "xfailed") for r in items)
        out.append(f"  <testsuite name={_attr(rule, NAME_LIMIT)} tests=\"{len(items)}\" "
                   f"failures=\"{fails}\" errors=\"{errors}\" skipped=\"{skips}\">")
        for r in items:
            secs = f"{r.seconds:.3f}" if timings else "0"
            line = r.scenario.source.get("line", 0)
            out.append(f"    <testcase classname={_attr(rule, NAME_LIMIT)} "
                       f"name={_attr(r.scenario.id + ' ' + r.scenario.name, 2 * NAME_LIMIT)} "
                       f"file={_attr(r.scenario.source.get('file', ''), NAME_LIMIT)} "
                       f"line=\"{line if isinstance(line, int) else 0}\" time=\"{secs}\">")
            detail = escape(xml_text("\n".join(describe_failure(r, spec))))
            if r.status in ("failed", "xpassed"):
                msg = r.message or ("expected failure passed" if r.status == "xpassed" else "")
                out.append(f"      <failure message={_attr(msg)}>{detail}</failure>")
            elif r.status == "errored":
                out.append(f"      <error message={_attr(r.message)}>{detail}</error>")
            elif r.status in ("skipped", "xfailed"):
                out.append(f"      <skipped message={_attr(r.reason or r.status)}/>")
            out.append("    </testcase>")
        out.append("  </testsuite>")
    if stale:
        out.append(f"  <testsuite name=\"expectations\" tests=\"{len(stale)}\" "
                   f"failures=\"{len(stale)}\" errors=\"0\" skipped=\"0\">")
        for item in stale:
            where, _, line = item.entry.where.rpartition(":")
            number = int(line) if line.isdigit() else 0
            out.append(f"    <testcase classname=\"expectations\" "
                       f"name={_attr('stale xfail ' + item.entry.label, 2 * NAME_LIMIT)} "
                       f"file={_attr(where if number else item.entry.where, NAME_LIMIT)} "
                       f"line=\"{number}\" time=\"0\">")
            text = escape(xml_text(visible(item.describe(), MESSAGE_LIMIT)))
            out.append(f"      <failure message={_attr(item.why)}>{text}</failure>")
            out.append("    </testcase>")
        out.append("  </testsuite>")
    if idle:
        out.append('  <testsuite name="run" tests="1" failures="1" errors="0" skipped="0">')
        out.append('    <testcase classname="run" name="no scenario ran" time="0">')
        out.append(f"      <failure message={_attr(idle)}>{escape(xml_text(idle))}</failure>")
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
