"""Run scenarios and report per rule.

By default the shipped suite runs against the bundled reference engine, in process.
Give PATH arguments (feature files, JSON scenario files, or folders of them) to add your
own cases; --only-paths runs just those. Select with --rule, --clause, --tag, --id.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from . import catalog, report
from .drivers import Driver, ReferenceDriver
from .runner import Result, run_scenario
from .spec_data import load_spec


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                   help="your own .feature / .json scenarios or folders (run beside the suite)")
    p.add_argument("--only-paths", action="store_true",
                   help="run only the scenarios under PATH, not the shipped suite")
    p.add_argument("--rule", action="append", default=[], metavar="R05",
                   help="run the scenarios of this rule (repeatable)")
    p.add_argument("--clause", action="append", default=[], metavar="R05.2",
                   help="run the scenarios exercising this clause (repeatable)")
    p.add_argument("--tag", action="append", default=[], metavar="TAG",
                   help="run the scenarios with this tag, e.g. D11 (repeatable)")
    p.add_argument("--id", action="append", default=[], metavar="ID",
                   help="run this scenario (an outline id selects all its rows; repeatable)")
    p.add_argument("--jsonl", type=Path, metavar="FILE", help="write results as JSON lines")
    p.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    p.add_argument("-q", "--quiet", action="store_true", help="print only failures and totals")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")


def _rule_id(text: str) -> str:
    text = text.upper().lstrip("R")
    if not text.isdigit() or not 1 <= int(text) <= 24:
        from .cli import UsageError

        raise UsageError(f"--rule {text!r}: expected a rule R01…R24")
    return f"R{int(text):02d}"


def run(args: argparse.Namespace, out: TextIO | None = None, driver: Driver | None = None) -> int:
    out = out or sys.stdout
    spec = load_spec()
    if args.only_paths and not args.paths:
        from .cli import UsageError

        raise UsageError("--only-paths needs at least one PATH")
    scenarios = catalog.load(args.paths, with_shipped=not args.only_paths)
    selection = catalog.Selection(
        rules=tuple(_rule_id(r) for r in args.rule), clauses=tuple(args.clause),
        tags=tuple(t.lstrip("@") for t in args.tag), ids=tuple(args.id))
    for clause in selection.clauses:
        if clause not in spec.clauses:
            from .cli import UsageError

            raise UsageError(f"--clause {clause!r}: no such clause (see `fivetenk rules`)")
    chosen = [s for s in scenarios if selection(s)]
    if not chosen:
        from .cli import UsageError

        raise UsageError("no scenario matches the selection")
    driver = driver or ReferenceDriver()
    show_progress = not args.no_progress and sys.stderr.isatty()
    results: list[Result] = []
    try:
        for i, scenario in enumerate(chosen, 1):
            results.append(run_scenario(driver, scenario))
            if show_progress:
                bad = sum(not r.ok for r in results)
                report.progress(sys.stderr, i, len(chosen), bad)
    finally:
        driver.close()
    pending = catalog.pending_rules(scenarios, spec)
    if not args.quiet:
        print(f"fivetenk check: {len(chosen)} scenarios against {driver.name}", file=out)
        print(file=out)
    for r in results:
        if r.status in ("failed", "errored", "xpassed"):
            print("\n".join(report.describe_failure(r, spec)), file=out)
            print(file=out)
    print("\n".join(report.summary(results, spec, pending)), file=out)
    if pending and not args.quiet:
        print(f"\npending rules (no scenarios yet): {', '.join(pending)}", file=out)
    if args.jsonl:
        report.write_atomic(args.jsonl, report.jsonl(results))
    if args.junit:
        report.write_atomic(args.junit, report.junit(results, spec, name=driver.name))
    return 0 if all(r.ok for r in results) else 1
