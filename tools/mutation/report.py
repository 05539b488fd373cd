"""What a mutation run found, for people (:func:`table`, :func:`survivor_lines`,
:func:`module_report`) and for programs (:func:`as_json`).

Two rates per module, side by side, because each leaves something out:

- **raw**: detected / judged, where *detected* is killed (a scenario failed or errored)
  plus timeout (a reply never came, even run alone), and *judged* is every mutant run
  (all but ``unreliable``); every survivor counts against it, equivalent or not;
- **behaviour**: detected / (judged - equivalent): the mutants that change behaviour an
  engine could show through the protocol. The equivalents are counted by kind beside it
  (:data:`fivetenk.mutation.equivalents.KINDS`), so a reader sees what was set aside.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .equivalents import KINDS
from .operators import SOURCES, Mutant

STATUSES = ("killed", "timeout", "survived", "equivalent", "unreliable")
KIND_SHORT = {"same-behaviour": "same", "message-text": "msg", "schema-forbidden": "schema",
              "python-api": "api", "impossible-position": "imposs"}


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


def counts(outcomes: Iterable[Outcome]) -> Counter[str]:
    c: Counter[str] = Counter()
    for o in outcomes:
        c[o.status] += 1
        if o.status == "killed":
            c[o.how or "failed"] += 1
        if o.status == "equivalent":
            c[o.kind] += 1
        if o.in_process:
            c["ip:" + o.in_process] += 1
    return c


def rates(c: Counter[str]) -> tuple[float | None, float | None]:
    """(raw, behaviour) kill rates of counts ``c`` (see the module's docstring)."""
    detected = c["killed"] + c["timeout"]
    judged = sum(c[s] for s in STATUSES) - c["unreliable"]
    behaviour = judged - c["equivalent"]
    return (detected / judged if judged else None,
            detected / behaviour if behaviour else None)


def in_process_rate(c: Counter[str]) -> float | None:
    judged = sum(c["ip:" + s] for s in STATUSES) - c["ip:unreliable"] - c["ip:equivalent"]
    return (c["ip:killed"] + c["ip:timeout"]) / judged if judged else None


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def table(report: Report) -> str:
    """Per module: mutants run (of all), how they were detected, survivors, equivalents by
    kind, the raw rate and the behaviour rate (and the in-process rate when asked)."""
    second = report.in_process
    killed = ["failed", "errored"] + (["compile"] if report.judge == "in-process" else [])
    head = (f"{'module':<11}{'run':>5}{'of':>6}" + "".join(f"{k:>8}" for k in killed)
            + f"{'timeout':>8}{'survived':>9}"
            + "".join(f"{KIND_SHORT[k]:>7}" for k in KINDS) + f"{'raw':>8}{'behaviour':>10}"
            + (f"{'in-proc':>9}" if second else ""))
    lines = [f"judged {'through the adapter' if report.judge == 'adapter' else 'in process'}"
             f"; equivalents by kind: " + ", ".join(f"{v} = {k}" for k, v in KIND_SHORT.items()),
             head, "-" * len(head)]
    grand: Counter[str] = Counter()
    ran = total = 0

    def row(name: str, n: int, of: int, c: Counter[str]) -> str:
        raw, behaviour = rates(c)
        return (f"{name:<11}{n:>5}{of:>6}" + "".join(f"{c[k]:>8}" for k in killed)
                + f"{c['timeout']:>8}{c['survived']:>9}" + "".join(f"{c[k]:>7}" for k in KINDS)
                + f"{_pct(raw):>8}{_pct(behaviour):>10}"
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
    if grand["unreliable"]:
        lines.append(f"({grand['unreliable']} module-level mutants not judged: re-executing "
                     f"their module unmutated does not pass)")
    return "\n".join(lines)


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
        note = ("  (not reached)" if o.note == "not reached"
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


def as_json(report: Report) -> dict[str, Any]:
    modules = {}
    for module in report.totals:
        c = counts(o for o in report.outcomes if o.mutant.module == module)
        raw, behaviour = rates(c)
        modules[module] = {**{s: c[s] for s in STATUSES},
                           "failed": c["failed"], "errored": c["errored"],
                           "equivalent_by_kind": {k: c[k] for k in KINDS},
                           "mutants": report.totals[module],
                           "raw_rate": raw, "behaviour_rate": behaviour}
        if report.in_process:
            modules[module]["in_process_rate"] = in_process_rate(c)
    return {
        "judge": report.judge,
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
                     **({"in_process": o.in_process} if report.in_process else {})}
                    for o in report.outcomes],
    }


def module_report(report: Report, module: str) -> str:
    mine = [o for o in report.outcomes if o.mutant.module == module]
    c = counts(mine)
    raw, behaviour = rates(c)
    head = (f"reference/{module}.py: {len(mine)} of {report.totals[module]} mutants run; "
            f"killed {c['killed']} (failed {c['failed']}, errored {c['errored']}"
            + (f", by compiling only {c['compile']}" if c["compile"] else "")
            + f"), timeout {c['timeout']}, survived {c['survived']}, equivalent "
            f"{c['equivalent']} (" + ", ".join(f"{k} {c[k]}" for k in KINDS)
            + f"), unreliable {c['unreliable']}; raw {_pct(raw)}, behaviour {_pct(behaviour)}")
    body = survivor_lines(mine)
    if module in report.changed:
        head += f"\nwarning: reference/{module}.py changed on disk during the run; run again"
    return "\n".join([head, "", "survivors (file:line  function  original -> mutant):", *body])
