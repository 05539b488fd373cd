"""Run scenarios and report per rule.

By default the shipped suite runs against the bundled reference engine, in process.
Give PATH arguments (feature files, JSON scenario files, or folders of them) to add your
own cases; --only-paths runs just those. Select with --rule, --clause, --tag, --id.

--impl CMD runs them against another implementation instead: CMD is started once (split
like a shell would, but never run through one) and spoken to over the JSON-lines adapter
protocol (schemas/protocol.md), e.g. --impl "node my_adapter.js". A crash, a hang past
--timeout or a malformed reply errors the scenario and restarts CMD (at most --restarts
times). --expectations FILE lists scenarios, rules or clauses to skip or expect to fail,
each with a reason.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import TextIO

from . import catalog, report
from .drivers import Driver, ReferenceDriver
from .expectations import Expectations
from .expectations import load as load_expectations
from .runner import Result, run_suite
from .scenario import Scenario
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
    p.add_argument("--impl", metavar="CMD",
                   help="check this implementation over the adapter protocol, e.g. "
                   "--impl \"node adapter.js\" (default: the bundled reference engine)")
    p.add_argument("--timeout", type=_positive, default=10.0, metavar="SECONDS",
                   help="with --impl: seconds to wait for each reply (default 10)")
    p.add_argument("--restarts", type=_count, default=5, metavar="N",
                   help="with --impl: restart a misbehaving implementation at most N times "
                   "(default 5)")
    p.add_argument("--any-clause", action="store_true",
                   help="judge a rejected action on whether it is rejected, not on the clause "
                   "it cites (the kit's clause conventions are ruling D35)")
    p.add_argument("--expectations", type=Path, metavar="FILE",
                   help="YAML/JSON file of scenarios, rules or clauses to skip or to expect "
                   "to fail, each with a reason")


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return value


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, not {text!r}")
    return int(text)


def _process_driver(args: argparse.Namespace) -> Driver:
    """The ProcessDriver for --impl, started at once so that it boots while the scenarios
    load; a bad command line is a usage error."""
    import os
    import shlex
    import shutil

    from .cli import UsageError
    from .process_driver import ProcessDriver

    try:
        argv = shlex.split(args.impl)
    except ValueError as err:
        raise UsageError(f"--impl {args.impl!r}: {err}") from None
    if not argv:
        raise UsageError("--impl needs a command")
    if shutil.which(argv[0]) is None and not os.path.isfile(argv[0]):
        raise UsageError(f"--impl: command {argv[0]!r} not found")
    driver = ProcessDriver(argv, timeout=args.timeout, restarts=args.restarts)
    driver.prestart()
    return driver


def _rule_id(text: str) -> str:
    text = text.upper().lstrip("R")
    if not text.isdigit() or not 1 <= int(text) <= 24:
        from .cli import UsageError

        raise UsageError(f"--rule {text!r}: expected a rule R01…R24")
    return f"R{int(text):02d}"


def run(args: argparse.Namespace, out: TextIO | None = None, driver: Driver | None = None) -> int:
    out = out or sys.stdout
    if driver is None and getattr(args, "impl", None):
        driver = _process_driver(args)
        try:
            return _run(args, out, driver)
        finally:
            driver.close()
    return _run(args, out, driver)


def _check_outputs(args: argparse.Namespace) -> None:
    """Fail before running anything when a report could not be written afterwards."""
    import os

    from .cli import UsageError

    for option, path in (("--jsonl", args.jsonl), ("--junit", args.junit)):
        if path is None:
            continue
        folder = path.parent if str(path.parent) else Path(".")
        existing = next((p for p in (folder, *folder.parents) if p.exists()), Path("."))
        if path.is_dir() or not existing.is_dir() or not os.access(existing, os.W_OK):
            raise UsageError(f"{option} {path}: cannot write a report there")


def _run(args: argparse.Namespace, out: TextIO, driver: Driver | None) -> int:
    _check_outputs(args)
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
    if getattr(args, "any_clause", False):
        chosen = [without_rejection_clauses(s) for s in chosen]
    if not chosen:
        from .cli import UsageError

        raise UsageError("no scenario matches the selection")
    expected = Expectations()
    if getattr(args, "expectations", None):
        expected = load_expectations(args.expectations, scenarios, spec.rules, spec.clauses)
    driver = driver or ReferenceDriver()
    show_progress = not args.no_progress and sys.stderr.isatty()
    results: list[Result] = []
    try:
        for i, result in enumerate(run_suite(driver, chosen, expected.for_scenario), 1):
            results.append(result)
            if show_progress:
                bad = sum(not r.ok for r in results)
                report.progress(sys.stderr, i, len(chosen), bad)
    finally:
        driver.close()
    pending = catalog.pending_rules(catalog.shipped(), spec)  # the kit's own suite
    if not args.quiet:
        print(f"fivetenk check: {len(chosen)} scenarios against {driver.name}", file=out)
        print(file=out)
    for r in results:
        if r.status in ("failed", "errored", "xpassed"):
            print("\n".join(report.describe_failure(r, spec)), file=out)
            print(file=out)
    if not args.quiet:
        _print_reasons(results, out)
    print("\n".join(report.summary(results, spec, pending)), file=out)
    if pending and not args.quiet:
        print(f"\npending rules (no scenarios yet): {', '.join(pending)}", file=out)
    if args.jsonl:
        report.write_atomic(args.jsonl, report.jsonl(results))
    if args.junit:
        report.write_atomic(args.junit, report.junit(results, spec, name=driver.name))
    return 0 if all(r.ok for r in results) else 1


def without_rejection_clauses(scenario: Scenario) -> Scenario:
    """The scenario with every rejected action judged on the rejection alone: the expected
    ``clause`` of ``act`` / ``next_hand`` steps that expect ``accepted: false`` is dropped."""
    steps = []
    for step in scenario.steps:
        expect = step.get("expect", {})
        if step["op"] in ("act", "next_hand") and expect.get("accepted") is False:
            step = {**step, "expect": {k: v for k, v in expect.items() if k != "clause"}}
        steps.append(step)
    return dataclasses.replace(scenario, steps=steps)


def _print_reasons(results: list[Result], out: TextIO) -> None:
    """One line per skip / expected-failure reason, with the scenarios it covers."""
    groups: dict[tuple[str, str], list[str]] = {}
    for r in results:
        if r.status in ("skipped", "xfailed"):
            groups.setdefault((r.status, r.reason or "(no reason)"), []).append(r.scenario.id)
    for (status, reason), ids in groups.items():
        shown = ", ".join(ids[:6]) + (f", … ({len(ids)} in all)" if len(ids) > 6 else "")
        print(f"{status.upper()} {reason}: {shown}", file=out)
    if groups:
        print(file=out)
