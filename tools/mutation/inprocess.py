"""Judging mutants in process: the engine a scenario runs on is the mutated one, and so is
the engine the kit compiles and checks positions with (the second column of the report).

This is how the tool judged before it judged through the adapter. It says more than an
outside engine meets: the kit's own compiler builds positions and parses readings with the
engine, and the reference driver checks itself (round trips, ``count_plays`` against the
listing), so some of its kills come from the kit, not from a scenario. It stays as a
second opinion, and as the quick check while writing scenarios (``--in-process``).

Every scenario is compiled once and run with line tracing (:func:`load_suite`); a mutant
runs only the scenarios whose run executed one of its lines (:func:`selected`), and the
feature files whose compilation did (:func:`recompiled`), stopping at the first that
fails."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..impl.drivers import ReferenceDriver
from ..model.scenario import ScenarioError
from ..suite.catalog import load_file, shipped, shipped_files, validate
from ..suite.runner import run_scenario
from .engine import apply_mutant, clear_caches, clear_kit_caches
from .operators import Mutant, MutationError, source_path


@dataclass
class Suite:
    """The compiled feature suite, its baseline verdicts, times and line coverage: of each
    scenario's run, and of each feature file's compilation (the compiler builds positions
    and readings with the engine, so a mutant can break the suite there too)."""

    scenarios: list[Any]
    status: list[str]
    seconds: list[float]
    files: list[Path] = field(default_factory=list)
    file_of: list[int] = field(default_factory=list)
    """For each scenario, the index of its file in :attr:`files`."""
    lines: dict[str, list[set[int]]] = field(default_factory=dict)
    """module -> for each scenario, the lines of that module its run executed."""
    compile_lines: dict[str, list[set[int]]] = field(default_factory=dict)
    """module -> for each file, the lines of that module its compilation executed."""
    pick: Callable[[Any], bool] | None = None


def tracer(files: dict[str, str], hit: dict[str, set[int]]) -> Any:
    """A ``sys.settrace`` function adding the lines executed in ``files`` (path -> module)
    to ``hit[module]``."""

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        mod = files.get(frame.f_code.co_filename)
        if mod is None:
            return None
        lines = hit[mod]
        lines.add(frame.f_lineno)

        def trace_lines(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                lines.add(frame.f_lineno)
            return trace_lines
        return trace_lines
    return tracer


def compile_files(paths: Sequence[Path]) -> list[list[Any]]:
    """The scenarios of each shipped feature file, as :func:`fivetenk.suite.catalog.shipped`
    compiles them."""

    return [load_file(path, trusted=True) for path in paths]


def load_suite(modules: Sequence[str], pick: Callable[[Any], bool] | None = None, *,
               trace_compile: bool = True) -> Suite:
    """Compile the shipped suite once, file by file (tracing ``modules``'s lines unless not
    ``trace_compile``: then no mutant is checked by compiling), keep the scenarios ``pick``
    keeps (default all) and run each with line tracing."""

    traced = {str(source_path(m)): m for m in modules}
    suite = Suite([], [], [], pick=pick)
    suite.lines = {m: [] for m in modules}
    suite.compile_lines = {m: [] for m in modules}
    try:
        shipped()  # the suite compiles and validates as a whole
        suite.files = shipped_files()
        for index, path in enumerate(suite.files):
            hit: dict[str, set[int]] = {m: set() for m in modules}
            if trace_compile:
                clear_kit_caches()
                sys.settrace(tracer(traced, hit))
                try:
                    [compiled] = compile_files([path])
                finally:
                    sys.settrace(None)
            else:
                compiled = [s for s in shipped() if s.source.get("file", "").endswith(
                    "/" + path.name)]
            for mod in modules:
                suite.compile_lines[mod].append(hit[mod])
            kept = [s for s in compiled if pick is None or pick(s)]
            suite.scenarios += kept
            suite.file_of += [index] * len(kept)
        validate(suite.scenarios)
    except ScenarioError as err:
        raise MutationError(f"the feature suite does not compile: {err}") from None
    except Exception as err:  # a broken kit (mid-edit): say so, no traceback
        raise MutationError(f"the feature suite does not compile (the kit fails: "
                            f"{type(err).__name__}: {err})") from None
    for scenario in suite.scenarios:
        hit = {m: set() for m in modules}
        clear_caches()
        started = time.perf_counter()
        sys.settrace(tracer(traced, hit))
        try:
            result = run_scenario(ReferenceDriver(), scenario)
        finally:
            sys.settrace(None)
        suite.seconds.append(time.perf_counter() - started)
        suite.status.append(result.status)
        for mod in modules:
            suite.lines[mod].append(hit[mod])
    clear_kit_caches()
    return suite


def _span(mutant: Mutant) -> set[int]:
    return set(range(mutant.line, mutant.end_line + 1))


def selected(suite: Suite, mutant: Mutant) -> list[int]:
    """The scenarios (indexes) to run against ``mutant``: those whose run executed one of
    its lines, or all of them for a mutant at module level."""
    if not mutant.scope:
        return list(range(len(suite.scenarios)))
    span = _span(mutant)
    return [i for i, lines in enumerate(suite.lines[mutant.module]) if lines & span]


def recompiled(suite: Suite, mutant: Mutant) -> list[int]:
    """The feature files (indexes) to compile again under ``mutant``: those whose
    compilation executed one of its lines (any line of its module, at module level)."""
    per_file = suite.compile_lines[mutant.module]
    if not mutant.scope:
        return [i for i, lines in enumerate(per_file) if lines]
    span = _span(mutant)
    return [i for i, lines in enumerate(per_file) if lines & span]


TIME_FACTOR = 10.0
TIME_FLOOR = 2.0
COMPILE_SECONDS = 0.1
"""A generous time to compile one feature file, for the time limit."""


def limit_for(suite: Suite, chosen: Sequence[int], files: Sequence[int] = ()) -> float:
    """The time limit of a child: 10 x the baseline time of its scenarios (and of compiling
    the files it compiles again) + 2 s."""
    work = sum(suite.seconds[i] for i in chosen) + COMPILE_SECONDS * len(files)
    return TIME_FLOOR + TIME_FACTOR * work


def judge(mutant: Mutant | None, module: str, suite: Suite, chosen: Sequence[int],
          files: Sequence[int], trees: dict[str, Any]) -> dict[str, Any]:
    """In the forked child: apply, run, compile ``files`` again; the verdict. A scenario
    (as compiled unmutated: its expectations are the ones written) whose verdict differs
    from the unmutated run kills the mutant; failing that, a feature file that no longer
    compiles kills it (``fivetenk check`` would stop there), noted ``compile: ...``."""

    apply_mutant(mutant, module, trees)
    ran = 0
    for i in chosen:
        scenario, expected = suite.scenarios[i], suite.status[i]
        result = run_scenario(ReferenceDriver(), scenario)
        ran += 1
        if result.status != expected:
            return {"status": "killed", "ran": ran, "how": result.status,
                    "scenario": f"{scenario.id} {scenario.location}",
                    "note": f"{result.status}: {result.message}"[:300]}
    if files:  # no scenario failed: does every feature file still compile?
        clear_kit_caches()
        try:
            compile_files([suite.files[i] for i in files])
        except Exception as err:  # whatever the compiler raises, the suite is broken
            return {"status": "killed", "ran": ran, "how": "compile",
                    "scenario": f"features/{suite.files[files[0]].name} (compiling)",
                    "note": f"compile: {type(err).__name__}: {err}"[:300]}
    return {"status": "survived", "ran": ran}

