"""What a mutation run found, for people (:func:`table`, :func:`survivor_lines`,
:func:`module_report`) and for programs (:func:`as_json`).

Two rates per module, the raw one first, because each leaves something out:

- **raw**: detected / judged, where *detected* is killed (a scenario failed or errored)
  plus timeout (a reply never came, even run alone), and *judged* is every mutant run
  (all but ``unreliable``); every survivor counts against it, equivalent or not;
- **observable** (protocol-observable): detected / (judged - checked exclusions). A mutant
  hand-judged equivalent (``tests/mutation_equivalents/``) leaves the denominator only
  when a mechanism checked the judgement and did not find it observable
  (:mod:`fivetenk.mutation.checks`); one *found observable*, or *unverified* (no mechanism
  could check it), stays in, and so do ``impossible-position`` mutants (survivors). So
  the rate is not 100% by construction: the list of equivalents cannot grow it unchecked.

Beside them: hand-judged N, checked M (a mechanism gave a verdict), found observable K (the
verdict was that the judgement is wrong), and the unverified N - M.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .checks import CHECKED, OBSERVABLE, UNVERIFIED
from .equivalents import EXCLUDED, KINDS
from .operators import SOURCES, Mutant

STATUSES = ("killed", "timeout", "survived", "equivalent", "unreliable")


@dataclass
class Outcome:
    mutant: Mutant
    status: str
    scenario: str = ""
    """The killing scenario's id and location."""
    note: str = ""
    ran: int = 0
    reached_by: list[str] = field(default_factory=list)
    """A survivor's first scenarios (at most 3) whose run reaches its line: where to start
    pinning it."""
    how: str = ""
    """How a killed mutant was caught: ``failed`` (an expectation differs), ``errored``,
    or ``compile`` (in process only: a feature file no longer compiles)."""
    kind: str = ""
    """An equivalent's kind."""
    in_process: str = ""
    """The verdict in process, when that column was asked for."""
    check: str = ""
    """An equivalent's check (:data:`fivetenk.mutation.checks.VERDICTS`)."""
    check_note: str = ""
    """What the check did and found."""
    witness: Any = None
    """A ``schema-forbidden`` entry's distinguishing setup, or list of them (for the check)."""
    cases: tuple[Any, ...] = ()
    """The setups a fuzz-checked entry's check sends besides the fuzz."""


@dataclass
class Report:
    outcomes: list[Outcome]
    totals: dict[str, int]
    """module -> how many mutants it has in all (before sampling)."""
    unreliable: list[str]
    stale: list[str]
    """Equivalents that were killed (the file is wrong about them)."""
    seconds: float = 0.0
    changed: list[str] = field(default_factory=list)
    """Modules edited on disk during the run."""
    judge: str = "adapter"
    """How the main column was judged: ``adapter`` or ``in-process``."""
    in_process: bool = False
    """Whether the in-process verdict is there as a second column."""
    checking: str = ""
    """How the exclusions were checked (the fuzz budget), or why they were not."""


def counts(outcomes: Iterable[Outcome]) -> Counter[str]:
    c: Counter[str] = Counter()
    for o in outcomes:
        c[o.status] += 1
        if o.status == "killed":
            c[o.how or "failed"] += 1
        if o.status == "equivalent":
            c[o.kind] += 1
            c[o.check or UNVERIFIED] += 1
            c[f"{o.kind}:{o.check or UNVERIFIED}"] += 1
        elif o.kind == "impossible-position":
            c[o.kind] += 1
        if o.in_process:
            c["ip:" + o.in_process] += 1
    return c


def rates(c: Counter[str]) -> tuple[float | None, float | None]:
    """(raw, protocol-observable) kill rates of counts ``c`` (see the module's
    docstring): only the checked exclusions leave the second one's denominator."""
    detected = c["killed"] + c["timeout"]
    judged = sum(c[s] for s in STATUSES) - c["unreliable"]
    observable = judged - c[CHECKED]
    return (detected / judged if judged else None,
            detected / observable if observable else None)


def exclusion_line(c: Counter[str]) -> str:
    """``hand-judged N, checked M, found observable K`` and what that leaves out."""
    n = c["equivalent"]
    m = c[CHECKED] + c[OBSERVABLE]
    return (f"hand-judged {n}, checked {m}, found observable {c[OBSERVABLE]}: {c[CHECKED]} "
            f"left out of the observable rate's denominator, {c[UNVERIFIED]} unverified "
            f"(kept in); impossible-position {c['impossible-position']}"
            f" counted as survivors")


def kind_lines(c: Counter[str]) -> list[str]:
    """Per kind of exclusion: how many were hand-judged, checked, found observable."""
    out = []
    for kind in EXCLUDED:
        if c[kind]:
            out.append(f"  {kind}: {c[kind]} hand-judged, {c[f'{kind}:{CHECKED}']} checked "
                       f"not observable, {c[f'{kind}:{OBSERVABLE}']} found observable, "
                       f"{c[f'{kind}:{UNVERIFIED}']} unverified")
    return out


def in_process_rate(c: Counter[str]) -> float | None:
    judged = sum(c["ip:" + s] for s in STATUSES) - c["ip:unreliable"] - c["ip:equivalent"]
    return (c["ip:killed"] + c["ip:timeout"]) / judged if judged else None


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def table(report: Report) -> str:
    """Per module: mutants run (of all), how they were detected, survivors, the hand-judged
    exclusions (checked, found observable, unverified), the raw rate and the observable
    rate (and the in-process rate when asked); then the exclusions' totals and kinds."""
    second = report.in_process
    killed = ["failed", "errored"] + (["compile"] if report.judge == "in-process" else [])
    head = (f"{'module':<11}{'run':>5}{'of':>6}" + "".join(f"{k:>8}" for k in killed)
            + f"{'timeout':>8}{'survived':>9}{'judged':>7}{'cleared':>8}{'found':>6}"
            + f"{'unverif':>8}{'raw':>8}{'observable':>11}"
            + (f"{'in-proc':>9}" if second else ""))
    lines = [f"judged {'through the adapter' if report.judge == 'adapter' else 'in process'}"
             f"; hand-judged exclusions (judged) checked by a mechanism: "
             f"{report.checking or 'not checked'}",
             "(survived counts impossible-position; cleared = checked, not found observable, "
             "the only ones left out of the observable rate; found = found observable)",
             head, "-" * len(head)]
    grand: Counter[str] = Counter()
    ran = total = 0

    def row(name: str, n: int, of: int, c: Counter[str]) -> str:
        raw, observable = rates(c)
        return (f"{name:<11}{n:>5}{of:>6}" + "".join(f"{c[k]:>8}" for k in killed)
                + f"{c['timeout']:>8}{c['survived']:>9}{c['equivalent']:>7}"
                + f"{c[CHECKED]:>8}{c[OBSERVABLE]:>6}{c[UNVERIFIED]:>8}"
                + f"{_pct(raw):>8}{_pct(observable):>11}"
                + (f"{_pct(in_process_rate(c)):>9}" if second else ""))

    for module, all_count in report.totals.items():
        mine = [o for o in report.outcomes if o.mutant.module == module]
        c = counts(mine)
        grand += c
        ran += len(mine)
        total += all_count
        lines.append(row(module, len(mine), all_count, c))
    lines.append("-" * len(head))
    lines.append(row("total", ran, total, grand))
    raw, observable = rates(grand)
    lines.append(f"raw {_pct(raw)}, protocol-observable {_pct(observable)}; "
                 + exclusion_line(grand))
    lines += kind_lines(grand)
    if grand["unreliable"]:
        lines.append(f"({grand['unreliable']} module-level mutants not judged: re-executing "
                     f"their module unmutated does not pass)")
    return "\n".join(lines)


def found_observable_lines(outcomes: Iterable[Outcome]) -> list[str]:
    """Each hand-judged exclusion a mechanism found observable, with the evidence."""
    return [f"{o.mutant.where()}  {o.mutant.function}  {_short(o.mutant.mutation)}  "
            f"(hand-judged {o.kind}): {o.check_note}"
            for o in outcomes if o.status == "equivalent" and o.check == OBSERVABLE]


def survivor_lines(outcomes: Iterable[Outcome], *, source: bool = True) -> list[str]:
    """``reference/combos.py:123  beats  a < b -> a <= b`` for each survivor, with ``#n``
    for the n-th identical mutation of the function, ``(not reached)`` when no scenario
    executes that line, else how many scenarios reach it (none fails) and the first three;
    the source line below."""
    lines_of: dict[str, list[str]] = {}
    out = []
    for o in outcomes:
        if o.status != "survived":
            continue
        m = o.mutant
        note = ("  (hand-judged impossible-position: counted as a survivor)"
                if o.kind == "impossible-position" else "  (not reached)"
                if o.note == "not reached"
                else f"  (reached by {o.ran} scenario{'s' if o.ran != 1 else ''}, none fails"
                + (f"; e.g. {' '.join(o.reached_by)})" if o.reached_by else ")"))
        occurrence = f"  #{m.occurrence}" if m.occurrence > 1 else ""
        out.append(f"{m.where()}  {m.function}  {_short(m.original)} -> {_short(m.mutated)}"
                   f"{occurrence}{note}")
        if source:
            if m.module not in lines_of:
                lines_of[m.module] = SOURCES.get(m.module, "").splitlines()
            lines = lines_of[m.module]
            if 0 < m.line <= len(lines):
                out.append(f"    | {lines[m.line - 1].strip()}")
    return out


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _totals(c: Counter[str]) -> dict[str, Any]:
    raw, observable = rates(c)
    return {**{s: c[s] for s in STATUSES}, "failed": c["failed"], "errored": c["errored"],
            "equivalent_by_kind": {k: c[k] for k in KINDS if k in EXCLUDED},
            "impossible_position_survivors": c["impossible-position"],
            "hand_judged": c["equivalent"], "checked": c[CHECKED] + c[OBSERVABLE],
            "checked_not_observable": c[CHECKED], "found_observable": c[OBSERVABLE],
            "unverified": c[UNVERIFIED], "raw_rate": raw, "observable_rate": observable}


def as_json(report: Report) -> dict[str, Any]:
    modules = {}
    for module in report.totals:
        c = counts(o for o in report.outcomes if o.mutant.module == module)
        modules[module] = {**_totals(c), "mutants": report.totals[module]}
        if report.in_process:
            modules[module]["in_process_rate"] = in_process_rate(c)
    return {
        "judge": report.judge,
        "checking": report.checking,
        "total": _totals(counts(report.outcomes)),
        "modules": modules,
        "unreliable_modules": report.unreliable,
        "changed_during_run": report.changed,
        "stale_equivalents": report.stale,
        "seconds": round(report.seconds, 1),
        "mutants": [{"module": o.mutant.module, "function": o.mutant.function,
                     "mutation": o.mutant.mutation, "occurrence": o.mutant.occurrence,
                     "line": o.mutant.line, "status": o.status, "how": o.how,
                     "kind": o.kind, "scenario": o.scenario, "ran": o.ran,
                     "reached_by": o.reached_by, "note": o.note,
                     **({"check": o.check, "check_note": o.check_note}
                        if o.status == "equivalent" else {}),
                     **({"in_process": o.in_process} if report.in_process else {})}
                    for o in report.outcomes],
    }


def module_report(report: Report, module: str) -> str:
    mine = [o for o in report.outcomes if o.mutant.module == module]
    c = counts(mine)
    raw, observable = rates(c)
    head = (f"reference/{module}.py: {len(mine)} of {report.totals[module]} mutants run; "
            f"killed {c['killed']} (failed {c['failed']}, errored {c['errored']}"
            + (f", by compiling only {c['compile']}" if c["compile"] else "")
            + f"), timeout {c['timeout']}, survived {c['survived']}, unreliable "
            f"{c['unreliable']}; raw {_pct(raw)}, protocol-observable {_pct(observable)}\n"
            + exclusion_line(c) + "\n" + "\n".join(kind_lines(c)))
    body = survivor_lines(mine)
    if module in report.changed:
        head += f"\nwarning: reference/{module}.py changed on disk during the run; run again"
    unchecked = [f"{o.mutant.where()}  {o.mutant.function}  {_short(o.mutant.mutation)}  "
                 f"({o.kind}, {o.check or UNVERIFIED}): {o.check_note}"
                 for o in mine if o.status == "equivalent" and o.check != CHECKED]
    return "\n".join([head, "", "survivors (file:line  function  original -> mutant):", *body,
                      "", "hand-judged exclusions not checked out (found observable or "
                      "unverified):", *unchecked])
