"""``python -m fivetenk.mutation``: see :mod:`fivetenk.mutation`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..bench.record import Recorder
from ..model.paths import Output, check_outputs, write_file
from ..model.user_input import ScenarioError, UsageError, parse_json, read_text
from .campaign import JUDGES, run
from .checks import DEFAULT_BUDGET, FuzzBudget
from .equivalents import equivalents_file, load_equivalents
from .operators import TARGETS, Mutant, MutationError
from .report import as_json, found_observable_lines, module_report, survivor_lines, table


def _survivors_of(path: Path) -> Callable[[Mutant], bool]:
    """A filter keeping the mutants that survived in the run ``path`` (its ``--json``)."""

    try:
        data = parse_json(read_text(path, str(path)), str(path))
        keys = {(m["module"], m["function"], m["mutation"], m["occurrence"])
                for m in data["mutants"] if m["status"] == "survived"}
    except ScenarioError as err:
        raise MutationError(str(err)) from None
    except (KeyError, TypeError):
        raise MutationError(f"{path}: not the --json of a mutation run (expected "
                            f"mutants with module, function, mutation, occurrence, "
                            f"status)") from None
    return lambda m: m.key in keys


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fivetenk.mutation",
        description="Mutation testing of the feature suite: how many small changes to the "
                    "reference engine's rules modules the scenarios catch, judged through "
                    "the adapter as any engine is.")
    parser.add_argument("--module", action="extend", nargs="+", choices=TARGETS,
                        metavar="MODULE",
                        help=f"modules to mutate (default: all {len(TARGETS)}: "
                             f"{', '.join(TARGETS)})")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="run N mutants per module, drawn with --seed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2, help="children at a time (default 2)")
    parser.add_argument("--judge", choices=JUDGES, default="adapter",
                        help="adapter (default): the mutated engine served by `fivetenk "
                             "adapter`, the unmutated kit judging through the protocol; "
                             "in-process: faster, but the kit then builds and checks "
                             "positions with the mutated engine too")
    parser.add_argument("--in-process-column", action="store_true",
                        help="also judge in process and show that rate as a second column")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every outcome here")
    parser.add_argument("--report-dir", type=Path, metavar="DIR",
                        help="write DIR/<module>.txt with each module's survivors")
    parser.add_argument("--survivors", action="store_true", help="list the survivors")
    parser.add_argument("--equivalents", type=Path, default=None, metavar="PATH",
                        help="the judged equivalent mutants: a folder of YAML files, one "
                             "per module, or one file (default: tests/mutation_equivalents/)")
    parser.add_argument("--again", type=Path, metavar="RUN.json",
                        help="judge again only the mutants that survived in RUN.json (a "
                             "--json of an earlier run): the loop while writing scenarios")
    parser.add_argument("--fuzz-cases", type=int, default=DEFAULT_BUDGET.cases, metavar="N",
                        help="the differential fuzz that checks each same-behaviour, "
                             "message-text (and reachable python-api) exclusion: N cases of "
                             f"`fivetenk fuzz`'s campaign (default {DEFAULT_BUDGET.cases})")
    parser.add_argument("--fuzz-seed", type=int, default=DEFAULT_BUDGET.seed, metavar="S",
                        help=f"that fuzz's seed (default {DEFAULT_BUDGET.seed})")
    parser.add_argument("--no-check", action="store_true",
                        help="do not check the hand-judged exclusions: every one is then "
                             "unverified and stays in the observable rate's denominator")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    recorder = Recorder("python -m fivetenk.mutation", argv)  # the run's date, machine, load
    if args.sample is not None and args.sample < 1:
        parser.error("--sample must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.fuzz_cases < 1:
        parser.error("--fuzz-cases must be at least 1")
    budget = None if args.no_check else FuzzBudget(args.fuzz_cases, args.fuzz_seed)
    modules = tuple(dict.fromkeys(args.module or TARGETS))

    try:  # every output checked before the run (fivetenk.model.paths, issue 29)
        check_outputs([Output("--json", args.json, what="the outcomes"),
                       Output("--report-dir", args.report_dir, folder=True,
                              files=tuple(f"{m}.txt" for m in modules), what="the reports")],
                      [("--again", args.again), ("--equivalents", args.equivalents)])
    except UsageError as err:
        print(f"fivetenk mutation: {err}", file=sys.stderr)
        return 2

    def say(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    def progress(done: int, total: int) -> None:
        if done % 100 == 0 or done == total:
            say(f"  {done}/{total}")

    try:
        equivalents = load_equivalents(args.equivalents or equivalents_file())
        only = _survivors_of(args.again) if args.again else None
        report = run(modules, sample=args.sample, seed=args.seed, jobs=args.jobs,
                     equivalents=equivalents, progress=progress, judge=args.judge,
                     second=args.in_process_column, say=say, only=only, check=budget)
    except MutationError as err:
        print(f"fivetenk mutation: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("fivetenk mutation: interrupted", file=sys.stderr)
        return 130
    print(table(report))
    for module in report.unreliable:
        print(f"note: module-level mutants of {module} not run (re-execution is unfaithful)")
    for line in report.stale:
        print(f"stale equivalent: {line}")
    found = found_observable_lines(report.outcomes)
    for line in found:
        print(f"found observable: {line}")
    for module in report.changed:
        print(f"warning: reference/{module}.py changed on disk during the run; run again")
    if args.survivors:
        print()
        print("\n".join(survivor_lines(report.outcomes)))
    if args.json:
        write_file(args.json, json.dumps(recorder.finish("mutation", as_json(report)),
                                         indent=1) + "\n")
    if args.report_dir:
        for module in report.totals:
            write_file(args.report_dir / f"{module}.txt", module_report(report, module) + "\n")
    print(f"{len(report.outcomes)} mutants in {report.seconds:.0f} s", file=sys.stderr)
    return 1 if report.stale or found else 0


if __name__ == "__main__":
    sys.exit(main())
