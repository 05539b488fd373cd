"""One mutation run: enumerate, sample, judge (through the adapter by default, in process
on request or as a second column), run timeouts again alone, apply the judged
equivalents and check each judgement by the mechanism of its kind (:func:`run`)."""

from __future__ import annotations

import ast
import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ..suite.catalog import shipped
from . import inprocess, through_adapter
from .checks import CHECKED, DEFAULT_BUDGET, REPLAY_LIMIT, UNVERIFIED, FuzzBudget, check_all
from .equivalents import EXCLUDED, Equivalent, check_equivalents
from .operators import (
    TARGETS,
    TREES,
    Mutant,
    MutationError,
    changed_sources,
    enumerate_mutants,
)
from .pool import Job, run_children
from .report import Outcome, Report

JUDGES = ("adapter", "in-process")


def sample_of(mutants: list[Mutant], module: str, sample: int | None, seed: int) -> list[Mutant]:
    """``sample`` of ``module``'s ``mutants`` (all when None or more than there are), drawn
    with ``random.Random(f"{seed}:{module}")``, in source order: the same for the same seed."""
    if sample is None or sample >= len(mutants):
        return list(mutants)
    picked = set(random.Random(f"{seed}:{module}").sample(range(len(mutants)), sample))
    return [m for i, m in enumerate(mutants) if i in picked]


Progress = Callable[[int, int], None]


def run(modules: Sequence[str] = TARGETS, *, sample: int | None = None, seed: int = 0,
        jobs: int = 2, equivalents: Sequence[Equivalent] = (),
        progress: Progress | None = None,
        only: Callable[[Mutant], bool] | None = None,
        pick: Callable[[Any], bool] | None = None,
        everything: list[Mutant] | None = None, judge: str = "adapter",
        second: bool = False, suite: Any = None, scenarios: list[Any] | None = None,
        say: Callable[[str], None] | None = None,
        check: FuzzBudget | None = DEFAULT_BUDGET) -> Report:
    """Enumerate, sample, judge; the outcome of each mutant. ``judge``: ``adapter`` (the
    default: as an outside engine meets the suite) or ``in-process``; ``second``: also
    judge in process, as a second column. ``only`` keeps some mutants, ``pick`` some
    scenarios (for tests and a scenario writer's quick look); ``everything`` and ``suite``
    (of the ``judge`` asked) reuse what was made before; ``say`` reports the phases."""
    if judge not in JUDGES:
        raise MutationError(f"unknown judge {judge!r}; one of {', '.join(JUDGES)}")
    started = time.monotonic()
    note = say or (lambda _text: None)
    if everything is None or not TREES:
        everything = enumerate_mutants(TARGETS)
    trees = dict(TREES)
    check_equivalents(equivalents, everything)
    chosen: list[Mutant] = []
    totals: dict[str, int] = {}
    for module in modules:
        mine = [m for m in everything if m.module == module and (only is None or only(m))]
        totals[module] = len(mine)
        chosen += sample_of(mine, module, sample, seed)
    note(f"{len(chosen)} mutants of {sum(totals.values())}")
    if judge == "adapter":
        if suite is None:

            picked = scenarios if scenarios is not None else [
                s for s in shipped() if pick is None or pick(s)]
            note(f"tracing {len(picked)} scenarios through the adapter")
            suite = through_adapter.load_suite(modules, picked, jobs)
        outcomes, unreliable = _judge_adapter(chosen, suite, trees, jobs, progress, note)
    else:
        if suite is None:
            note("tracing the scenarios in process")
            suite = inprocess.load_suite(modules, pick)
        outcomes, unreliable = _judge_in_process(chosen, suite, trees, jobs, progress)
    if second and judge == "adapter":
        note("judging again in process (second column)")
        ip_suite = inprocess.load_suite(modules, pick)
        ip_outcomes, _ = _judge_in_process(chosen, ip_suite, trees, jobs, progress)
        for outcome, other in zip(outcomes, ip_outcomes, strict=True):
            outcome.in_process = other.status
    stale = _apply_equivalents(outcomes, equivalents, sample is None and only is None)
    if judge == "adapter":
        def reaching(m: Mutant) -> list[Any]:
            return [suite.scenarios[i] for i in through_adapter.selected(suite, m)]
    else:
        def reaching(m: Mutant) -> list[Any]:
            return [suite.scenarios[i] for i in inprocess.selected(suite, m)]
    checking = _check_exclusions(outcomes, trees, check, jobs, progress, note, reaching)
    return Report(outcomes, totals, unreliable, stale, time.monotonic() - started,
                  changed_sources(modules), judge, second and judge == "adapter", checking)


def _check_exclusions(outcomes: list[Outcome], trees: dict[str, ast.Module],
                      budget: FuzzBudget | None, jobs: int, progress: Progress | None,
                      note: Callable[[str], None],
                      reaching: Callable[[Mutant], list[Any]] | None = None) -> str:
    """Check each hand-judged exclusion by its kind's mechanism
    (:mod:`fivetenk.mutation.checks`): an outcome's ``check`` and ``check_note``;
    ``reaching`` gives the scenarios whose run reached a mutant (replayed after its fuzz).
    What was checked how, for the report."""
    mine = [o for o in outcomes if o.status == "equivalent" and o.kind in EXCLUDED]
    if budget is None:
        for o in mine:
            o.check, o.check_note = UNVERIFIED, "not checked (--no-check)"
        return "not checked (--no-check): every exclusion unverified"
    note(f"checking {len(mine)} hand-judged exclusions (call graph, schema witnesses, "
         f"fuzz of {budget.text()}, each entry's targeted cases and a replay of the scenarios "
         f"reaching each)")
    verdicts = check_all([(o.mutant, o.kind, o.witness, o.cases) for o in mine], trees, budget,
                         jobs, progress, reaching)
    for o, (verdict, evidence) in zip(mine, verdicts, strict=True):
        o.check, o.check_note = verdict, evidence
        if o.in_process == "equivalent" and verdict != CHECKED:
            o.in_process = "survived"
    return (f"call graph from fivetenk.impl.adapter (python-api), schema witnesses "
            f"(schema-forbidden), differential fuzz of each mutant ({budget.text()}), the "
            f"targeted cases an entry gives, and replay of the scenarios reaching it (at most "
            f"{REPLAY_LIMIT}, every reply compared)")


def _apply_equivalents(outcomes: list[Outcome], equivalents: Sequence[Equivalent],
                       complete: bool = True) -> list[str]:
    """Survivors listed in ``equivalents`` become ``equivalent`` (with the entry's kind and
    reason); the entries that are wrong come back as stale lines: a listed mutant that was
    detected, or (when every mutant ran: ``complete``) a ``"*"`` entry whose function has
    no unreached survivor."""
    judged = {e.key: e for e in equivalents if not e.unreached}
    wholesale = {(e.module, e.function): e for e in equivalents if e.unreached}
    used: set[tuple[str, str]] = set()
    stale: list[str] = []
    for outcome in outcomes:
        mutant = outcome.mutant
        entry = judged.get(mutant.key)
        if entry is None and outcome.note == "not reached":
            entry = wholesale.get((mutant.module, mutant.function))
            if entry is not None:
                used.add((mutant.module, mutant.function))
        if entry is None:
            continue
        if outcome.status == "survived" and entry.kind not in EXCLUDED:
            outcome.kind = entry.kind  # impossible-position: a survivor all the same
            outcome.note = entry.reason
        elif outcome.status == "survived":
            outcome.status, outcome.note, outcome.kind = "equivalent", entry.reason, entry.kind
            outcome.witness, outcome.cases = entry.witness, entry.cases
        elif outcome.status != "unreliable":
            stale.append(f"{entry.where}: {mutant.where()} {mutant.function} "
                         f"{mutant.mutation} is listed as equivalent but was "
                         f"{outcome.status} by {outcome.scenario or outcome.note}")
        if outcome.in_process == "survived" and entry.kind in EXCLUDED:
            outcome.in_process = "equivalent"  # until its check says otherwise
    ran = {(o.mutant.module, o.mutant.function) for o in outcomes}
    for key, entry in wholesale.items():
        if complete and key in ran and key not in used:
            stale.append(f"{entry.where}: every mutant of {entry.module} {entry.function} is "
                         f"reached or detected now: the \"*\" entry has nothing left to cover")
    return stale


def _outcome(mutant: Mutant, answer: dict[str, Any]) -> Outcome:
    return Outcome(mutant, answer.get("status", "killed"), answer.get("scenario", ""),
                   answer.get("note", ""), answer.get("ran", 0),
                   how=answer.get("how", "errored" if answer.get("status") == "killed"
                                  else ""))


def _judge_adapter(chosen: list[Mutant], suite: through_adapter.Suite,
                   trees: dict[str, ast.Module], jobs: int, progress: Progress | None,
                   note: Callable[[str], None]) -> tuple[list[Outcome], list[str]]:
    every = list(range(len(suite.scenarios)))
    need = sorted({m.module for m in chosen if not m.scope})
    checks = run_children(
        [(partial(through_adapter.judge, None, m, suite, every, trees),
          through_adapter.limit_for(every) * 3) for m in need], jobs)
    unreliable = [m for m, a in zip(need, checks, strict=True) if a.get("status") != "survived"]
    outcomes: list[Outcome | None] = []
    work: list[Job] = []
    for mutant in chosen:
        if not mutant.scope and mutant.module in unreliable:
            outcomes.append(Outcome(mutant, "unreliable",
                                    note="module-level re-execution fails unmutated"))
            continue
        scenarios = through_adapter.selected(suite, mutant)
        if not scenarios:
            outcomes.append(Outcome(mutant, "survived", note="not reached"))
            continue
        outcomes.append(None)
        work.append((partial(through_adapter.judge, mutant, mutant.module, suite, scenarios,
                              trees), through_adapter.limit_for(scenarios)))
    note(f"judging {len(work)} mutants through the adapter, {jobs} at a time")
    answers = iter(run_children(work, jobs, progress))
    final: list[Outcome] = []
    again: list[int] = []
    for mutant, outcome in zip(chosen, outcomes, strict=True):
        if outcome is None:
            outcome = _outcome(mutant, next(answers))
            if outcome.status == "timeout":
                again.append(len(final))
            elif outcome.status == "survived":
                outcome.reached_by = [suite.scenarios[i].id
                                      for i in through_adapter.selected(suite, mutant)[:3]]
        final.append(outcome)
    if again:  # a timeout counts only if it times out again, alone and with more time
        note(f"running {len(again)} timeouts again, alone")
        redo_jobs: list[Job] = []
        for i in again:
            m = final[i].mutant
            scenarios = through_adapter.selected(suite, m)
            late = final[i].scenario.split(" ")[0]
            scenarios.sort(key=lambda j: suite.scenarios[j].id != late)  # the late one first
            redo_jobs.append((partial(through_adapter.judge, m, m.module, suite, scenarios,
                                      trees, timeout=through_adapter.ALONE_TIMEOUT),
                              through_adapter.limit_for(scenarios)
                              + 2 * through_adapter.ALONE_TIMEOUT))
        redo = run_children(redo_jobs, 1)
        for i, answer in zip(again, redo, strict=True):
            final[i] = _outcome(final[i].mutant, answer)
            if final[i].status == "timeout":
                final[i].note = "timed out twice (alone the second time): " + final[i].note
    return final, unreliable


def _judge_in_process(chosen: list[Mutant], suite: inprocess.Suite,
                      trees: dict[str, ast.Module], jobs: int,
                      progress: Progress | None) -> tuple[list[Outcome], list[str]]:
    if any(s != "passed" for s in suite.status):
        bad = [s.id for s, st in zip(suite.scenarios, suite.status, strict=True)
               if st != "passed"]
        raise MutationError(f"the unmutated engine does not pass the suite: {', '.join(bad)}")
    every = list(range(len(suite.scenarios)))
    need = sorted({m.module for m in chosen if not m.scope})
    checks = run_children(
        [(partial(inprocess.judge, None, m, suite, every, [], trees),
          inprocess.limit_for(suite, every) * 3) for m in need], jobs)
    unreliable = [m for m, a in zip(need, checks, strict=True) if a.get("status") != "survived"]
    work: list[Job] = []
    outcomes: list[Outcome | None] = []
    for mutant in chosen:
        if not mutant.scope and mutant.module in unreliable:
            outcomes.append(Outcome(mutant, "unreliable",
                                    note="module-level re-execution fails unmutated"))
            continue
        scenarios = inprocess.selected(suite, mutant)
        files = inprocess.recompiled(suite, mutant)
        if not scenarios and not files:
            outcomes.append(Outcome(mutant, "survived", note="not reached"))
            continue
        outcomes.append(None)
        work.append((partial(inprocess.judge, mutant, mutant.module, suite, scenarios, files,
                              trees), inprocess.limit_for(suite, scenarios, files)))
    answers = iter(run_children(work, jobs, progress))
    final: list[Outcome] = []
    for mutant, outcome in zip(chosen, outcomes, strict=True):
        if outcome is None:
            outcome = _outcome(mutant, next(answers))
            if outcome.status == "survived" and mutant.scope:
                outcome.reached_by = [suite.scenarios[i].id
                                      for i in inprocess.selected(suite, mutant)[:3]]
        final.append(outcome)
    return final, unreliable
