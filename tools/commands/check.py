"""Run scenarios and report per rule.

By default the shipped suite runs against the bundled reference engine, in process.
Give PATH arguments (feature files, JSON scenario files, or folders of them) to add your
own cases; --only-paths runs just those. Select with --rule, --clause, --tag, --id,
--shapes (the combination shapes a scenario uses, e.g. --shapes straight,bomb).

For an implementation that declares plays, the plays count vectors run beside the suite
(features/vectors/plays.json: scenarios V-001…, each the number of legal plays of a hand,
family by family; convention plays-vectors, protocol 1.4); --no-vectors leaves them out.

--impl CMD runs them against another implementation instead: CMD is started once (split
like a shell would, but never run through one) and spoken to over the JSON-lines adapter
protocol (schemas/protocol.md), e.g. --impl "node my_adapter.js". A crash, a hang past
--timeout or a malformed reply errors the scenario and restarts CMD (at most --restarts
times). --expectations FILE lists what to skip or expect to fail, each with a reason:
scenarios, rules, clauses, tags or shapes used (`- {uses: straight, reason: ...}`), an
expected failure optionally pinned to how it fails (`path`, `observed`) and to the
scenarios it covers (`ids`: a failure it would mute, of a scenario not listed, fails as
NEW, naming the entry's file and line). An expected failure applies to the selected
scenarios that fail; one that matches no failing scenario is reported STALE and fails the
run (see fivetenk.results.expectations); the output says how many scenarios each entry muted.

Exit codes: 0 every scenario that ran passed (or failed as expected); 1 a scenario failed
or errored, an expectation is stale, or no scenario ran at all (every one selected was
skipped: nothing was checked, which is no pass); 2 bad input (a scenario, feature, option
or file the kit cannot use).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import shutil
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..impl.drivers import Driver, ReferenceDriver
from ..impl.options import add_impl_options, need_impl, open_driver
from ..impl.words import SHAPES
from ..model.paths import Output, check_outputs
from ..model.scenario import REJECTIONS_ALONE, Scenario
from ..model.spec_data import load_spec
from ..model.user_input import UsageError
from ..results import published, report
from ..results.expectations import NEW, Expectations, is_new, stale_records
from ..results.expectations import load as load_expectations
from ..suite import catalog, profile, vectors
from ..suite.runner import Result, internal_error, run_suite

if TYPE_CHECKING:  # a type only: a check without --impl starts without the process driver
    pass


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
    p.add_argument("--shapes", action="append", default=[], type=_shape_list,
                   metavar="SHAPE,…",
                   help="run the scenarios that use any of these combination shapes, as "
                   "the kit computes them from their cards and readings (repeatable): "
                   "single, pair, triple, triple+single, triple+pair, straight, pairs, "
                   "airplane, airplane+singles, airplane+pairs, 5-10-K, bomb, rocket")
    p.add_argument("--no-vectors", action="store_true",
                   help="leave out the plays count vectors (features/vectors/plays.json, "
                   "scenarios V-NNN), which run beside the shipped suite for an "
                   "implementation that declares plays (convention plays-vectors, 1.4)")
    p.add_argument("--jsonl", type=Path, metavar="FILE", help="write results as JSON lines")
    p.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    p.add_argument("--badge", type=Path, metavar="FILE",
                   help="write a shields.io endpoint badge (JSON: a label of at most 40 "
                   "characters naming the declared profile, passed/ran, colour)")
    p.add_argument("--summary-md", type=Path, metavar="FILE",
                   help="write a Markdown summary (verdict, kit version, profile, a row per "
                   "rule, the failing scenarios), e.g. $GITHUB_STEP_SUMMARY")
    p.add_argument("-q", "--quiet", action="store_true", help="print only failures and totals")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")
    add_impl_options(p, "check this implementation over the adapter protocol, e.g. "
                     "--impl \"node adapter.js\" (default: the bundled reference engine)")
    p.add_argument("--any-clause", action="store_true",
                   help="judge every rejection (an action, a next hand, a query refused as "
                   "bad input) on whether it is rejected, not on the clause it cites (the "
                   "kit's clause conventions are ruling D35); what the @any-clause tag does "
                   "for one scenario")
    p.add_argument("--expectations", type=Path, metavar="FILE",
                   help="YAML/JSON file of what to skip or to expect to fail, each with a "
                   "reason: scenario ids, rules, clauses, tags or shapes used ({uses: "
                   "straight, reason: ...}); an expected failure may pin how it fails "
                   "(path, observed) and the scenarios it covers (ids: [...]: a failure of "
                   "another is NEW); an entry matching no failure is STALE and fails the run")


def _shape_list(text: str) -> tuple[str, ...]:
    """``--shapes straight,bomb``: shape words of the reading notation (issue 8, D-2),
    comma-separated; an unknown word is a usage error (exit 2) listing the shapes."""

    words = tuple(w.strip() for w in text.split(",") if w.strip())
    unknown = [w for w in words if w not in SHAPES]
    if unknown or not words:
        shown = ", ".join(repr(w) for w in unknown) or repr(text)
        raise argparse.ArgumentTypeError(
            f"{shown}: not a shape; expected shapes of the reading notation, comma-separated: "
            + ", ".join(SHAPES))
    return words


def _rule_id(text: str) -> str:
    text = text.upper().lstrip("R")
    if not text.isdigit() or not 1 <= int(text) <= 24:

        raise UsageError(f"--rule {text!r}: expected a rule R01…R24")
    return f"R{int(text):02d}"


def run(args: argparse.Namespace, out: TextIO | None = None, driver: Driver | None = None) -> int:
    """``fivetenk check``. With ``--impl`` (even an empty one, which is refused), the
    implementation's driver is closed on the way out whatever happens: its processes are
    killed and reaped (see :mod:`fivetenk.impl.process_driver`)."""
    out = out or sys.stdout
    if driver is None:
        need_impl(args)
        if getattr(args, "impl", None) is not None:
            _check_outputs(args)  # before the implementation is even started (issue 29)
            driver = open_driver(args)
            try:
                return _run(args, out, driver)
            finally:
                driver.close()
    return _run(args, out, driver)


def _outputs(args: argparse.Namespace) -> list[tuple[str, Path | None]]:
    """The report options and the files they name (None: not asked)."""
    return [("--jsonl", args.jsonl), ("--junit", args.junit),
            ("--badge", getattr(args, "badge", None)),
            ("--summary-md", getattr(args, "summary_md", None))]


def _inputs(args: argparse.Namespace) -> list[tuple[str, Path | None]]:
    """The files the command reads, beside ``--impl``'s: each PATH and, for a folder,
    every case file the run loads from it (:func:`fivetenk.suite.catalog.source_files`:
    ``--badge cases/R01.json`` must not replace a case of ``check cases/``), and
    ``--expectations``. A folder that cannot be walked is left to the load, which says
    why."""
    read: list[tuple[str, Path | None]] = []
    for path in getattr(args, "paths", []) or []:
        read.append(("PATH", path))
        if os.path.isdir(path):
            with contextlib.suppress(catalog.CatalogError, OSError, ValueError):
                read += [("PATH", file) for file in catalog.source_files(path)]
    return [*read, ("--expectations", getattr(args, "expectations", None))]


def impl_files(impl: str | None) -> list[Path]:
    """The existing files an ``--impl`` command names (nothing when it cannot be split)."""
    # lazy: shlex, for --impl only
    import shlex

    if not impl:
        return []
    try:
        words = shlex.split(impl)
    except ValueError:
        return []
    found = [shutil.which(words[0]) or words[0]] if words else []
    return [Path(w) for w in [*found, *words[1:]] if os.path.isfile(w)]


def check_reports(reports: Sequence[tuple[str, Path | None]], *,
                  reads: Sequence[tuple[str, Path | None]] = (), impl: str | None = None,
                  ) -> None:
    """Fail before running anything when a report could not be written afterwards, or
    should not be (:func:`fivetenk.model.paths.check_outputs`, the policy every writing command
    shares): two reports naming the same file (by any spelling, link or hard link: one
    would silently replace the other); a report that is one of the run's inputs (``reads``,
    and the files ``impl`` runs: its program, found on PATH or not, and every argument that
    names a file, so that ``--jsonl adapter.py`` cannot replace the adapter, nor, as root,
    the interpreter); an existing target that is a symbolic link (writing through it would
    replace a file elsewhere), a folder, a FIFO, a device or a socket (a report is replaced
    by a rename, never written into a special file), or read-only; a folder that cannot be
    written. ``reports``: each report option and the file it names (None: not asked).
    UsageError (exit 2) names the option and the path. What ``check`` and ``fuzz`` check
    before they start an implementation (issue 29)."""

    check_outputs([Output(option, path, what="a report") for option, path in reports],
                  [*reads, *(("--impl", p) for p in impl_files(impl))])


def _check_outputs(args: argparse.Namespace) -> None:
    """``check``'s reports (``--jsonl``, ``--junit``, ``--badge``, ``--summary-md``),
    checked by :func:`check_reports`."""
    check_reports(_outputs(args), reads=_inputs(args), impl=getattr(args, "impl", None))


def _run(args: argparse.Namespace, out: TextIO, driver: Driver | None) -> int:
    """Load and select the scenarios, run them, then write every requested report and
    print the failures and the summary. Whatever happens while judging (a hostile reply,
    an internal error of the kit), the summary and every requested report are written:
    a scenario that could not be judged is *errored* with the reason."""
    _check_outputs(args)
    spec = load_spec()
    if args.only_paths and not args.paths:

        raise UsageError("--only-paths needs at least one PATH")
    scenarios = catalog.load(args.paths, with_shipped=not args.only_paths)
    with_vectors = not args.only_paths and not getattr(args, "no_vectors", False)
    if with_vectors:  # the plays count vectors (issue 32)
        scenarios += vectors.scenarios()
    selection = catalog.Selection(
        rules=tuple(_rule_id(r) for r in args.rule), clauses=tuple(args.clause),
        tags=tuple(t.lstrip("@") for t in args.tag), ids=tuple(args.id),
        shapes=tuple(w for words in getattr(args, "shapes", []) for w in words))
    for clause in selection.clauses:
        if clause not in spec.clauses:

            raise UsageError(f"--clause {clause!r}: no such clause (see `fivetenk rules`)")
    chosen = [s for s in scenarios if selection(s)]
    if getattr(args, "any_clause", False):  # the @any-clause mark on every scenario
        chosen = [dataclasses.replace(s, rejections=REJECTIONS_ALONE) for s in chosen]
    if not chosen:

        raise UsageError("no scenario matches the selection")
    expected = Expectations()
    if getattr(args, "expectations", None):
        expected = load_expectations(args.expectations, scenarios, spec.rules, spec.clauses)
    driver = driver or ReferenceDriver()
    chosen = _without_vectors(chosen, driver, out) if with_vectors else chosen
    show_progress = not args.no_progress and sys.stderr.isatty()
    results: list[Result] = []
    try:
        try:
            for i, result in enumerate(run_suite(driver, chosen, expected.expect), 1):
                results.append(result)
                if show_progress:
                    bad = sum(not r.ok for r in results)
                    report.progress(sys.stderr, i, len(chosen), bad)
        except Exception as err:  # never the whole run: what is left is errored, reported
            message = "not run: " + internal_error(err)
            results += [Result(s, "errored", message=message) for s in chosen[len(results):]]
    finally:
        driver.close()
    stale = expected.stale(results)  # xfail entries that matched no failure: the run fails
    name = report.visible(_driver_name(driver), report.NAME_LIMIT)
    declared = profile.describe(driver)  # what the implementation said it plays (issue 8)
    idle = nothing_ran(results, declared)
    pending = catalog.pending_rules(catalog.shipped(), spec)  # the kit's own suite
    failures: list[OSError] = []
    for kind, path in _outputs(args):
        if path is None:
            continue
        if kind == "--jsonl":
            text = (report.run_line(_driver_name(driver), declared) + report.jsonl(results)
                    + stale_records(stale))
        elif kind == "--junit":
            text = report.junit(results, spec, name=name, stale=stale, idle=idle)
        elif kind == "--badge":
            text = published.badge_text(results, declared, stale=stale, idle=idle)
        else:
            text = published.summary_markdown(
                results, spec, declared, name=name, stale=stale, idle=idle,
                notes=profile.summary_lines(declared), causes=report.root_causes(results))
        try:
            report.write_atomic(path, text)
        except OSError as err:  # try the other report too; then say what failed
            failures.append(err)
    if not args.quiet:
        print(f"fivetenk check: {len(chosen)} scenarios against {name}", file=out)
    _print_profile(declared, out, quiet=args.quiet)
    if not args.quiet:
        print(file=out)
    for r in results:
        if r.status in ("failed", "errored", "xpassed"):
            print("\n".join(report.describe_failure(r, spec)), file=out)
            print(file=out)
    new = [r for r in results if is_new(r)]
    for r in new:  # a failure a broad entry would have muted: say so beside the stale ones
        print(report.visible(f"NEW {r.scenario.id}: {r.reason.removeprefix(NEW)}",
                             report.MESSAGE_LIMIT), file=out)
    for entry in stale:
        print(report.visible(entry.describe(), report.MESSAGE_LIMIT), file=out)
    if stale or new:
        print(file=out)
    if not args.quiet:
        _print_reasons(results, out)
        _print_muted(expected, results, out)
    print("\n".join(report.summary(results, spec, pending)), file=out)
    causes = report.root_causes(results)  # what the failures have in common (issue 8)
    if causes:
        print(file=out)
        print("\n".join(causes), file=out)
    if pending and not args.quiet:
        print(f"\npending rules (no scenarios yet): {', '.join(pending)}", file=out)
    if idle:
        print(f"\n{idle}", file=out)
    if failures:
        raise failures[0]
    return 0 if all(r.ok for r in results) and not stale and not idle else 1


def _without_vectors(chosen: list[Scenario], driver: Driver, out: TextIO) -> list[Scenario]:
    """``chosen`` without the count vectors when ``driver`` does not declare ``plays``: they
    judge nothing else, and 336 skips would bury the report. Said once, never silently. An
    implementation whose handshake fails keeps them (they error like every scenario)."""
    try:
        declares = "plays" in profile.capabilities_of(driver)
    except Exception:  # the handshake failed: the run reports it
        declares = True
    if declares:
        return chosen
    kept = [s for s in chosen if vectors.TAG not in s.tags or s.id[:2] != "V-"]
    if len(kept) != len(chosen):
        print(f"count vectors: {len(chosen) - len(kept)} not run (the implementation does not "
              "declare plays)", file=out)
    if not kept:

        raise UsageError("no scenario matches the selection: the count vectors selected need "
                         "plays, which the implementation does not declare")
    return kept


def nothing_ran(results: list[Result], declared: dict[str, Any]) -> str:
    """"" if a scenario ran; else the line saying that none did and why (the run then
    fails, exit 1: a run that checked nothing is not green). ``declared``: the profile of
    :func:`fivetenk.suite.profile.describe`, whose empty capabilities or shapes explain it
    best; otherwise the skips' own reasons."""
    if not results or any(r.status != "skipped" for r in results):
        return ""
    count = len(results)
    reasons = Counter(r.reason or "(no reason)" for r in results)
    if not declared.get("capabilities"):
        why = "the implementation declares no capabilities"
    elif not declared.get("shapes"):
        why = "the implementation declares no shapes"
    elif len(reasons) == 1:
        why = report.visible(next(iter(reasons)), report.TEXT_LIMIT)
    else:
        reason, times = reasons.most_common(1)[0]
        why = (f"for {len(reasons)} reasons, the most common: "
               f"{report.visible(reason, report.TEXT_LIMIT)} ({times} of them)")
    skipped = f"all {count} were skipped" if count > 1 else "the one selected was skipped"
    return f"no scenario ran: {skipped} ({why}); nothing was checked, so the run fails"


def _print_profile(declared: dict[str, Any], out: TextIO, *, quiet: bool) -> None:
    """Once, near the top: every handshake warning (a capability, shape, variant or value
    the kit does not know and ignored; printed even with ``--quiet``, since it may explain
    every result), then what the implementation declared it leaves out (it explains the
    skips). The warnings quote the implementation: shown through
    :func:`fivetenk.results.report.visible`."""
    for warning in declared.get("warnings", []):
        print(f"warning: {report.visible(warning, report.TEXT_LIMIT)}", file=out)
    if not quiet:
        for line in profile.summary_lines(declared):
            print(f"note: {line}", file=out)


def _driver_name(driver: Driver) -> str:
    """The driver's name (for a ProcessDriver, what the implementation said in the
    handshake: shown only through :func:`fivetenk.results.report.visible`)."""
    try:
        return str(driver.name)
    except Exception:
        return "(an implementation whose name cannot be read)"


def _print_muted(expected: Expectations, results: list[Result], out: TextIO) -> None:
    """One line per expectations entry: how many scenarios it muted (skipped, or failures
    made xfailed), and whether it pins the scenarios it applies to (issue 28): an entry
    without ``ids`` mutes any failure it selects, which this count shows."""
    muted = expected.muted(results)
    if not muted:
        return
    total = sum(count for _, count in muted)
    print(f"expectations {report.visible(expected.where, report.NAME_LIMIT)}: {len(muted)} "
          f"entr{'y' if len(muted) == 1 else 'ies'} muted {total} "
          f"scenario{'s' if total != 1 else ''}:", file=out)
    exact = [(e, n) for e, n in muted if e.ids is not None and n == len(e.ids)]
    folded = len(muted) > MUTED_LINES and len(exact) > 1  # a long file: fold the plain ones
    for entry, count in muted:
        if folded and (entry, count) in exact:
            continue
        what = "skipped" if entry.section == "skip" else "xfailed"
        if entry.ids is not None:
            pinned = f"pins {len(entry.ids)}"
        elif entry.section == "xfail" and not entry.names_one():
            pinned = "no ids: mutes any failure it selects"
        else:
            pinned = ""
        print(f"  {entry.section} {report.visible(entry.label, report.NAME_LIMIT)} "
              f"({report.visible(entry.where, report.NAME_LIMIT)}): {count} {what}"
              + (f"; {pinned}" if pinned else ""), file=out)
    if folded:
        print(f"  and {len(exact)} entries with ids, each muting exactly the scenarios it "
              f"pins ({sum(n for _, n in exact)} in all)", file=out)
    print(file=out)


MUTED_LINES = 20
"""Past this many entries, ``check`` folds into one line the entries with ids that muted
exactly their pinned scenarios (a file written ``--by id`` has one per failure)."""


def _print_reasons(results: list[Result], out: TextIO) -> None:
    """One line per skip / expected-failure reason, with the scenarios it covers (the
    reasons come from the expectations file or the implementation's capabilities: shown
    through :func:`fivetenk.results.report.visible`)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for r in results:
        if r.status in ("skipped", "xfailed"):
            groups.setdefault((r.status, r.reason or "(no reason)"), []).append(r.scenario.id)
    for (status, reason), ids in groups.items():
        shown = ", ".join(ids[:6]) + (f", … ({len(ids)} in all)" if len(ids) > 6 else "")
        print(f"{status.upper()} {report.visible(reason, report.TEXT_LIMIT)}: "
              f"{report.visible(shown, report.TEXT_LIMIT)}", file=out)
    if groups:
        print(file=out)
