"""What a ``fivetenk fuzz`` campaign found: the divergence groups, each reported with its
evidence (the request, both answers, every difference, the clauses), the command that
reproduces its raw case, and its first case shrunk and written as a scenario
(:func:`shrink_and_write`), inside the implementation's declared profile."""

from __future__ import annotations

import argparse
import contextlib
import inspect
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..impl.drivers import Driver, ReferenceDriver
from ..model.scenario import dumps
from ..results import report
from ..suite.runner import internal_error, run_scenario, run_suite
from ..suite.shapes import scenario_shapes
from .campaign import Outcome, Plan, generate
from .source import (
    Case,
    Divergence,
    ReplaySource,
    content_id,
    error_kind,
    failure_kind,
    gist,
    shrink,
)


@dataclass
class Found:
    """A divergence group: the first case that showed it, how many cases did, and what
    shrinking and writing made of it."""

    outcome: Outcome
    count: int = 1
    lines: list[str] = field(default_factory=list)
    record: dict[str, Any] = field(default_factory=dict)


def reproduce_command(args: argparse.Namespace, seed: int, case: int) -> str:
    """The command that runs case ``case`` of this campaign alone, as found (``--case``):
    the same seed, modes and variant settings make the same case."""
    parts = ["fivetenk", "fuzz", "--impl", args.impl, "--seed", str(seed), "--case", str(case)]
    if args.mode != "all":
        parts += ["--mode", args.mode]
    for item in args.variant:
        parts += ["--variant", item]
    if getattr(args, "max_plays_hand", None) is not None:
        parts += ["--max-plays-hand", str(args.max_plays_hand)]
    return shlex.join(parts)


def bounded_record(record: dict[str, Any]) -> dict[str, Any]:
    """A JSON-lines record with each field bounded on its own
    (:func:`fivetenk.model.bounded.plain`), two levels down: the answers to a ``plays`` query of a
    32-card hand run to thousands of characters, and bounding the record as a whole cut the keys
    after them (the shrunk case went missing from the file). Every key stays; a long value says what
    it left out."""
    def field(value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k): report.plain(v) for k, v in value.items()}
        return report.plain(value)

    return {key: field(value) for key, value in record.items()}


def describe(args: argparse.Namespace, plan: Plan, modes: dict[str, Any], driver: Driver,
              found: Found, write: bool, seen: dict[str, str] | None = None,
              ) -> tuple[list[str], dict[str, Any]]:
    """The report of one divergence group (and, if ``write``, its shrunk case written,
    unless its bug is one of ``seen``: see :func:`shrink_and_write`)."""
    o = found.outcome
    d = o.divergence
    assert d is not None
    more = f" (and {found.count - 1} more cases like it)" if found.count > 1 else ""
    lines = [f"DIVERGED case {o.index} ({o.mode}, {o.kind}){more}"]
    record: dict[str, Any] = {"record": "divergence", "case": o.index, "mode": o.mode,
                              "kind": o.kind, "count": found.count}
    lines += ["  " + line for line in divergence_lines(d)]
    record["found"] = divergence_record(d)
    record["reproduce"] = reproduce_command(args, plan.seed, o.index)
    lines.append(f"  reproduce it as found: {record['reproduce']}")
    if not write or args.no_shrink:
        return lines, record
    if driver.restarts_spent:  # nothing could be run, or checked
        record["not_written"] = "the restart budget is spent"
        lines.append("  not shrunk or written: the implementation is not started again (the "
                     "restart budget is spent); run the command above to see it alone")
        return lines, record
    # lazy: loads once a divergence is found
    from .known import query_case

    mode, case = query_case(plan, modes, generate(plan, modes, o.index), d)
    if case.mode != o.mode:  # a query a game case asked of a dealt hand
        lines.append(f"  a {case.kind} query asked in the game: shrunk and written as a "
                     "query case")
    try:
        lines_, record_ = shrink_and_write(args, mode, driver, case, d,
                                            plan.explored(o.mode) or [{}], seen)
    except OSError as err:  # e.g. a full disk: the divergence stays reported
        name = f" {report.visible(err.filename, 400)}" if err.filename else ""
        lines.append(f"  not written: cannot write{name}: {err.strerror or err}")
        return lines, record
    except Exception as err:  # the divergence stays reported; say what went wrong

        lines.append(f"  not shrunk or written: {internal_error(err)}")
        return lines, record
    return lines + lines_, {**record, **record_}


def _same(first: Divergence) -> Any:
    """Whether a divergence is "the same" as ``first`` while shrinking: the same command,
    and the same paths differ (so shrinking cannot drift to another bug)."""
    def same(d: Any) -> bool:
        return isinstance(d, Divergence) and d.signature() == first.signature()
    return same


def call_minimal(mode: Any, case: Case, divergence: Divergence) -> Case:
    """``mode.minimal(case, divergence)``; a mode whose ``minimal`` still takes the case
    alone (the interface before round 2) is called so."""

    try:
        count = len(inspect.signature(mode.minimal).parameters)
    except (TypeError, ValueError):  # pragma: no cover - a builtin or odd callable
        count = 2
    if count >= 2:
        return mode.minimal(case, divergence)  # type: ignore[no-any-return]
    return mode.minimal(case)  # type: ignore[no-any-return]


def shrinkable(divergence: Divergence) -> str:
    """Why a divergence is not shrunk ("" if it is): an implementation that crashed, hung
    or sent garbage is restarted on every try, and the restart budget (--restarts) would
    be spent long before Hypothesis is done; a wrong answer, an ``ok: false`` refusal or a
    schema-invalid reply (the process stays in step) are shrunk like any divergence."""
    if error_kind(divergence.error) == "failed":
        return ("the implementation crashed, hung or broke the protocol; each try would "
                "restart it")
    return ""


def bug_signature(scenario: Any, divergence: Divergence) -> str:
    """What makes two shrunk cases the same bug: the command of the diverging step, the
    shapes the case uses, and every differing field (list positions left out) with what
    was expected and what came back there where those are words (:meth:`Divergence.group_key`
    for each path). Two groups whose first cases shrink to one signature are one bug found
    twice (a missing airplane with pairs, once in a lead and once in a listing of 26
    cards)."""

    op = divergence.request.get("op", "?") if isinstance(divergence.request, dict) else "?"
    if divergence.error:
        return f"{op}:error:{error_kind(divergence.error)}"
    fields = sorted({".".join("#" if part.isdigit() else part for part in path.split(".")) +
                     f"={gist(divergence.expected, path)}->{gist(divergence.observed, path)}"
                     for path in divergence.paths})
    return f"{op}|{','.join(scenario_shapes(scenario))}|{';'.join(fields)}"


def shrink_and_write(args: argparse.Namespace, mode: Any, driver: Driver, case: Case,
                     found: Divergence, combos: Sequence[dict[str, str]] = ({},),
                     seen: dict[str, str] | None = None,
                     ) -> tuple[list[str], dict[str, Any]]:
    """Shrink the divergence ``found`` in the campaign's case ``case`` (regenerated here
    from its draws) and write the result. The case is run first on this process's
    implementation: its divergence (the diverging step included) is what
    ``mode.minimal(case, divergence)`` starts from, and shrinking keeps to it.

    Shrinking stays inside the implementation's declared profile: a smaller case counts
    only if it uses no shape the implementation leaves out (the mode's ``skip_reason``)
    and is played under variant settings the campaign explores for it (``combos``, which
    leave out a default it does not play). Against a real engine a case once shrank to
    ``SJ BJ`` as a rocket under the default rocket, which that engine declared it does not
    play: the case written was then skipped on that very engine (issue 19)."""

    lines: list[str] = []
    until = getattr(args, "shrink_until", None)
    first = mode.run(driver, [case])[0]
    if not isinstance(first, Divergence) or first.signature() != found.signature():
        # a flaky implementation (or one that remembers): write the case as found
        lines.append("  not shrunk: run again, this case "
                     + ("did not diverge" if not isinstance(first, Divergence)
                        else "diverged differently")
                     + "; the case is written as found")
        first = found
        why = "flaky"
    elif until is not None and time.monotonic() >= until:
        why = "the --budget left no time to shrink it"
    else:
        why = shrinkable(first)
    same = _same(first)
    before = case.size()
    case = call_minimal(mode, case, first)
    generator, choices = mode.shrinker(case)

    skip = getattr(mode, "skip_reason", None)

    def inside(candidate: Case) -> bool:
        return (candidate.variants in combos
                and not (skip is not None and skip(candidate)))

    def diverges(candidate: Case) -> bool:
        return inside(candidate) and bool(same(mode.run(driver, [candidate])[0]))

    plain = getattr(mode, "without_variants", None)
    if plain is not None and case.variants and not why:
        candidate = plain(case)
        if diverges(candidate):
            case = candidate
            generator, choices = mode.shrinker(case)
    replays = True
    if not why and hasattr(mode, "short_deal"):  # a deal: do positions reproduce it at all?

        replays = diverges(generator(ReplaySource(choices)))
    shrunk = shrink(generator, choices, diverges, until=until) if not why and replays else None
    final = case if shrunk is None else shrunk.case
    refiner = getattr(mode, "refiner", None)
    if shrunk is not None and refiner is not None:
        generator, choices = refiner(final)
        refined = shrink(generator, choices, diverges, until=until)
        if refined.replayed:
            final = refined.case
            shrunk.calls += refined.calls
    rebuilt = None
    if not why and (shrunk is None or not shrunk.replayed) and hasattr(mode, "short_deal"):
        rebuilt = _short_deal(mode, driver, case, first, inside)
        if rebuilt is not None:
            final = rebuilt
    again = mode.run(driver, [final])[0] if why != "flaky" else None
    divergence = again if isinstance(again, Divergence) else None
    if divergence is None:  # a flaky implementation: keep the case as found
        final, divergence = case, first
    if rebuilt is not None and final is rebuilt:
        lines.append(f"  shrunk: size {before} -> {final.size()}, the deal rebuilt short "
                     f"({len(rebuilt.steps)} steps, from {len(case.steps)}): the dealt "
                     "kitty and the burial kept, the banker's other cards filled so that "
                     "it goes out in a few leads")
    elif shrunk is not None:
        lines.append(f"  shrunk: size {before} -> {final.size()} in {shrunk.calls} tries"
                     + (f" ({shrunk.note})" if shrunk.note else ""))
    elif why != "flaky":
        lines.append("  not shrunk: " + (why or "no position before the diverging step shows "
                                         "it (it needs the deal), and the deal could not "
                                         "be rebuilt short"))
    draft = mode.scenario(final, divergence, "x")
    body = draft.to_json()
    body.pop("id", None)
    ident = content_id(args.id_prefix, body)
    scenario = mode.scenario(final, divergence, ident)
    lines += ["  the minimal case:"] + ["    " + d for d in divergence_lines(divergence)]
    signature = bug_signature(draft, divergence)
    if seen is not None and signature in seen:
        lines.append(f"  the same bug as {seen[signature]} once shrunk (the same command, "
                     "shapes and differences): not written again")
        return lines, {"same_as": seen[signature], "signature": signature,
                       "shrunk": divergence_record(divergence)}
    refused = verify(driver, scenario, divergence)
    if refused:
        lines.append(f"  not written: {refused}")
        return lines, {"not_written": refused, "signature": signature,
                       "shrunk": divergence_record(divergence)}
    if seen is not None:
        seen[signature] = ident
    paths, note = write_case(args.out, scenario)
    lines.append(f"  written: {paths[0]} and {paths[1]}{note}")
    lines.append(f"  check it: fivetenk check --only-paths {paths[0]} --impl "
                 f"{shlex.quote(args.impl)}")
    return lines, {"id": ident, "feature": str(paths[0]), "json": str(paths[1]),
                   "signature": signature, "shrunk": divergence_record(divergence)}


def _short_deal(mode: Any, driver: Driver, case: Case, first: Divergence,
                inside: Any) -> Case | None:
    """A divergence found in a dealt hand that positions do not reproduce (a dealt kitty
    scored, say), rebuilt as a short deal (:mod:`fivetenk.fuzz.short_deal`) when that
    still diverges at the same command and field, inside the profile; else None."""
    # lazy: loads once a divergence is found
    from .short_deal import near

    candidate = mode.short_deal(case)
    if candidate is None or not inside(candidate):
        return None
    found = mode.run(driver, [candidate])[0]
    return candidate if near(first)(found) else None


FEATURE_TITLE = "Cases found by fivetenk fuzz"


def verify(driver: Driver, scenario: Any, divergence: Divergence) -> str:
    """Why the case ``scenario`` is not written ("" if it is): before a case is written it
    is checked as ``fivetenk check --only-paths FILE --impl`` would check it, from the
    text that would be written (read back by the compiler): the reference engine must pass
    it, and the implementation must fail it the way the campaign saw (a wrong answer
    fails, a refusal or an invalid reply errors). Issue 28: 3 of 5 cases a campaign wrote
    against a slow engine passed on that engine (they came from cases it had timed out
    on), breaking the promise that a written case fails on it."""
    # lazy: loads once a divergence is found
    from ..commands.render import render_feature
    from ..language.compiler import compile_text

    text = render_feature([scenario], FEATURE_TITLE) + "\n"
    try:
        compiled = compile_text(text, f"{scenario.id}.feature")
    except Exception as err:  # the kit's own text: say so rather than write it
        return f"the kit could not read back the case it was about to write ({err})"
    if len(compiled) != 1:
        return f"the case read back as {len(compiled)} scenarios, not 1"
    reference = run_scenario(ReferenceDriver(), compiled[0])
    if reference.status != "passed":
        return (f"the reference engine does not pass it ({reference.status}: "
                f"{report.visible(reference.message or reference.reason, 300)})")
    result = next(run_suite(driver, compiled))
    if result.status == "failed" and not divergence.errored:
        return ""
    kind = error_kind(result.message) if result.status == "errored" else ""
    if divergence.errored and kind and kind == error_kind(divergence.error):
        return ""
    if result.status == "passed":
        return "it passes on the implementation (checked as `check --only-paths` would)"
    if result.status == "skipped":
        return f"the implementation's profile skips it ({report.visible(result.reason, 300)})"
    how = failure_kind(result.message) or kind or "differently"
    return (f"checked on the implementation it {result.status} ({how}), not as the "
            f"campaign saw: {report.visible(result.message, 300)}")


def write_case(out: Path, scenario: Any) -> tuple[tuple[Path, Path], str]:
    """Write ``scenario`` as ``<out>/<id>.feature`` and ``<out>/<id>.json``; the note says
    if the reference engine does not pass it (it always should)."""
    # lazy: loads once a divergence is found
    from ..commands.render import render_feature

    out.mkdir(parents=True, exist_ok=True)
    feature = out / f"{scenario.id}.feature"
    data = out / f"{scenario.id}.json"
    report.write_atomic(feature, render_feature([scenario], FEATURE_TITLE) + "\n")
    report.write_atomic(data, dumps(scenario.to_json()) + "\n")
    verdict = run_scenario(ReferenceDriver(), scenario)
    note = "" if verdict.status == "passed" else (
        f" (WARNING: the reference engine does not pass it: {verdict.message})")
    return (feature, data), note


def divergence_lines(d: Divergence) -> list[str]:
    """A divergence in words, like a ``check`` failure: the step, the clauses, the
    request as sent, both answers and every difference."""
    # lazy: loads once a divergence is found
    from ..results.evidence import request_text

    lines = []
    with contextlib.suppress(Exception):  # a request the kit cannot put in words
        lines.append(f"request: {report.visible(request_text(d.request), 400)}")
    if d.clauses:
        lines.append(f"clauses: {', '.join(d.clauses)}; rulings: {', '.join(d.rulings) or '-'}")
    lines.append(f"sent: {report.json_text(d.request, 600)}")
    lines.append(f"reference: {report.json_text(d.expected, 600)}")
    if d.errored:
        lines.append(f"implementation errored: {report.visible(d.error, 600)}")
        for key in ("received", "stderr"):
            if d.context.get(key):
                lines.append(f"{key}: {report.visible(d.context[key], 600)}")
    else:
        lines.append(f"implementation: {report.json_text(d.observed, 600)}")
        lines.append(f"differences ({d.total}):")
        lines += ["  " + report.visible(line, 400) for line in d.lines]
    return lines


def divergence_record(d: Divergence) -> dict[str, Any]:
    return {"step": d.step, "request": d.request, "expected": d.expected,
            "observed": d.observed, "paths": d.paths, "differences": d.lines,
            "clauses": d.clauses, "rulings": d.rulings, "error": d.error}
