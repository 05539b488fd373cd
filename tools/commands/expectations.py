"""Write the expectations that make a run green, from its report; or merge a run into
an expectations file.

RUN.jsonl is the report of `fivetenk check --jsonl FILE`; --out FILE receives an
expectations file (YAML, or JSON when FILE ends in .json) for `fivetenk check
--expectations FILE`, as web-platform-tests' update-expectations does:

  - each failing scenario (failed, or xfailed under an earlier file) gets an xfail entry
    whose reason is the failure's evidence (the step, its request, what differed), pinned
    to how it failed: the path of its first difference and the value observed there
    (left out when the report holds no whole value: a difference with nothing there, or a
    value too large to pin), so the entry goes STALE, and fails the run, when the
    behaviour changes, whether fixed or failing another way;
  - every xfail entry pins the scenarios it was written from (ids: [...]): a failure it
    would otherwise cover but that is not among them fails `check` as NEW, naming the
    entry's file and line, so no new bug hides under an old entry; a pinned scenario that
    passes is XPASSED;
  - each errored scenario gets a skip entry by its id (an error is never an expected
    failure), its reason the error.

--by id (the default) writes an entry per scenario. --by rule, --by shape and --by tag
write one entry per rule, shape or ruling and way of failing (the same path and observed
value), its reason quoting the first scenario's evidence. --by shape groups by the
shape of the play the failing step tests (the reply of a beats step, the cards of a
classify step, the play of an action), never by the top play it answers; --by tag by the
scenario's latest ruling (D38 before D10: a later ruling refines an earlier one). A
failure that cannot be pinned, or has no rule, tested shape or ruling, gets an entry of
its own. Skips stay by id. Stale entries of the run are not carried over. The ids are the
run's: a run that included your own scenarios (check PATH…) needs the same PATHs when
`check` reads the file back.

--update FILE merges the run into an existing file instead: entries with ids are the
kit's (ids of scenarios that pass now or fail another way are unpinned, failures they
explain pinned, an entry left with none removed); entries without ids are yours, kept as
written, and reported when stale; failures no entry covers get new entries (--by), and
errors skip entries. YAML comments, blank lines and layout are kept: the file is edited
line by line, never re-dumped (JSON has no comments and is rewritten). What changed is
listed; a file with nothing to change is left untouched.

An existing --out is never replaced unless --force is given (nor ever RUN.jsonl itself).
Exit codes: 0 written (or nothing to update); 2 bad input (a report that is not one, an
existing --out, an --update FILE that is no expectations file).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, TextIO

from ..model.bounded import NAME_LIMIT, quoted, visible
from ..model.paths import FORCE, Output, check_outputs, reading, write_file
from ..model.scenario import RULE_PATTERN
from ..results.expectations import IDS, ExpectationsError, parse, yaml_with_lines
from ..results.runfile import RunFile, RunFileError, evidence, read_run

REASON_LIMIT = 300
"""The longest reason written (characters): the evidence of one failure, cut visibly."""
PIN_LIMIT = 1000
"""The largest observed value pinned, as JSON characters; a larger one may have been cut
by the report's bounds (:func:`fivetenk.model.bounded.plain`), so only its path is pinned."""
PIN_DEPTH = 8
"""The deepest observed value pinned (an expectations file nests at most 64 levels)."""
BY = ("id", "shape", "rule", "tag")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("run", type=Path, metavar="RUN.jsonl",
                   help="the report of `fivetenk check --jsonl FILE`")
    target = p.add_mutually_exclusive_group(required=True)
    target.add_argument("--out", type=Path, metavar="FILE",
                        help="the expectations file to write (YAML; JSON if it ends in .json)")
    target.add_argument("--update", type=Path, metavar="FILE",
                        help="merge the run into this existing expectations file: pins "
                        "added and removed, entries without ids (yours) and YAML comments "
                        "kept, new failures added; prints what changed and what is stale")
    p.add_argument("--by", choices=BY, default="id",
                   help="one entry per scenario (id, the default), or per rule, shape "
                   "tested or ruling (tag) and way of failing; every entry pins the ids of "
                   "its scenarios")
    p.add_argument("--force", action="store_true", help="replace FILE if it exists")


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def pin(record: dict[str, Any]) -> dict[str, Any]:
    """``{path, observed}`` of a record's first difference with a path, as far as it can be
    pinned (see the module's docstring); ``{}`` when nothing can be."""
    for difference in record.get("differences", []):
        path = difference.get("path")
        if not isinstance(path, str) or not path or path != path.strip():
            continue
        found: dict[str, Any] = {"path": path}
        observed = difference.get("observed")
        if difference.get("absent") is not True and "observed" in difference and \
                len(json.dumps(observed)) <= PIN_LIMIT and _depth(observed) <= PIN_DEPTH:
            found["observed"] = observed
        return found
    return {}


def _reason(record: dict[str, Any]) -> str:
    return evidence(record, REASON_LIMIT)


def entries(run: RunFile, by: str = "id",
            only: list[str] | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``(skip, xfail)`` entries making ``run`` green, in the order of the report (of the
    scenarios ``only`` names, when given). Every ``xfail`` entry pins its scenarios'
    ids."""
    skip: list[dict[str, Any]] = []
    xfail: list[dict[str, Any]] = []
    groups: dict[str, tuple[dict[str, Any], list[str], dict[str, Any]]] = {}
    chosen = set(run.scenarios) if only is None else set(only)
    for ident, record in run.scenarios.items():
        if ident not in chosen:
            continue
        status = record["status"]
        if status == "errored":
            skip.append({"id": ident, "reason": "errors: " + _reason(record)})
            continue
        if status not in ("failed", "xfailed"):
            continue
        pinned = pin(record)
        selector = _group(record, by) if pinned else None
        if selector is None:
            xfail.append({IDS: [ident], **pinned, "reason": _reason(record)})
            continue
        key = json.dumps([selector, pinned], sort_keys=True)
        if key not in groups:
            entry = {**selector, **pinned}
            groups[key] = (entry, [], record)
            xfail.append(entry)
        groups[key][1].append(ident)
    for entry, ids, first in groups.values():
        entry[IDS] = ids  # the reason names no count: --update may pin more or fewer
        entry["reason"] = visible(f"the scenarios pinned fail this way, as {ids[0]} did: "
                                  f"{_reason(first)}", REASON_LIMIT)
    return skip, xfail


_RULING = re.compile(r"D([0-9]{1,6})")


def _group(record: dict[str, Any], by: str) -> dict[str, str] | None:
    """The selector a record is grouped under (None: an entry of its own id). By shape:
    the shape the failing step tests (``tested_shape``, :func:`fivetenk.suite.shapes.tested_shape`),
    not the first shape the scenario uses (the top play it answers may be a single). By
    tag: the latest ruling among the scenario's (the highest D-number)."""
    if by == "rule":
        rule = record.get("rule", "")
        return {"rule": rule} if RULE_PATTERN.match(rule) else None
    if by == "shape":
        shape = record.get("tested_shape")
        return {"uses": shape} if shape and shape in record.get("shapes", []) else None
    if by == "tag":
        rulings = [r for r in record.get("rulings", []) if _RULING.fullmatch(r)]
        return {"tag": max(rulings, key=lambda r: int(r[1:]))} if rulings else None
    return None


def render(run: RunFile, skip: list[dict[str, Any]], xfail: list[dict[str, Any]], *,
           by: str, source: str, as_json: bool) -> str:
    """The file's text: YAML with a header saying where it came from, or JSON."""
    if as_json:
        return json.dumps({"skip": skip, "xfail": xfail}, indent=1, ensure_ascii=True,
                          allow_nan=False) + "\n"
    # lazy: `--help` starts without the writer (and yaml)
    from ..results.expectations_update import entry_lines

    head = [f"# Written by `fivetenk expectations --by {by}` from {visible(source, NAME_LIMIT)},",
            f"# a run of {visible(run.implementation, NAME_LIMIT)}.",
            "# Each xfail entry is a failure of that run, pinned to how it failed (path, "
            "observed)",
            "# and to the scenarios it was written from (ids): it goes STALE, and fails "
            "`fivetenk check`,",
            "# when that behaviour changes; a failure of another scenario is NEW. Each skip "
            "entry is",
            "# a scenario that errored. Merge a later run: fivetenk expectations RUN.jsonl "
            "--update FILE."]
    body = "".join(f"{section}:" + ("\n" + entry_lines(items) if items else " []\n")
                   for section, items in (("skip", skip), ("xfail", xfail)))
    return "\n".join(head) + "\n" + body


def _output(args: argparse.Namespace) -> Output:
    """--out as every output is checked (:mod:`fivetenk.model.paths`): an existing regular file
    only with --force; never a folder, a link, a special file or RUN.jsonl itself."""
    return Output("--out", args.out, policy=FORCE, force=args.force,
                  what="the expectations")


def _check_out(args: argparse.Namespace) -> None:
    """Refuse an --out that cannot or should not be written, before reading the run."""
    check_outputs([_output(args)], [("the run's report", args.run)])


def _reads_back(text: str, as_json: bool) -> None:
    """Parse ``text`` as ``check --expectations`` will (ExpectationsError, ValueError)."""
    data = json.loads(text) if as_json else yaml_with_lines(text, "(written)")[0]
    parse(data, where="(written)")


def _blame(run: RunFile, by: str, as_json: bool) -> RunFileError:
    """The record of ``run`` whose entry would not read back, at its file and line: each
    failing or errored record alone, in file order (a hostile id, shape or rule in a
    report is bad input, not an error of the kit)."""
    for ident, record in run.scenarios.items():
        alone = RunFile(run.where, run.implementation, run.profile, {ident: record})
        skip, xfail = entries(alone, by)
        if not skip and not xfail:
            continue
        try:
            _reads_back(render(alone, skip, xfail, by=by, source="", as_json=as_json), as_json)
        except (ExpectationsError, ValueError) as err:
            detail = str(err).removeprefix("(written): ")
            return RunFileError(f"scenario {quoted(ident, NAME_LIMIT)}: it cannot be an "
                                f"expectations entry ({visible(detail, 300)})",
                                where=f"{run.where}:{run.lines.get(ident, 1)}")
    return RunFileError("the report's records cannot make an expectations file",
                        where=run.where)


def _update(args: argparse.Namespace, out: TextIO) -> int:
    """``fivetenk expectations RUN.jsonl --update FILE``
    (:mod:`fivetenk.results.expectations_update`)."""
    # lazy: `--help` starts without the writer (and yaml)
    from ..results.expectations_update import update

    shown = visible(str(args.update), NAME_LIMIT)
    # rewritten in place (a rename): checked as every output is (fivetenk.model.paths), never a
    # link, a special file, a folder, a read-only file, nor the run's report
    check_outputs([Output("--update", args.update, what="the expectations")],
                  [("the run's report", args.run)])
    report = read_run(args.run)
    text, done, old = update(args.update, report,
                             lambda run, ids: entries(run, args.by, ids))
    counts = done.counts
    if text != old:
        write_file(args.update, text, inputs=reading([("the run's report", args.run)]))
        print(f"fivetenk expectations: updated {shown} from {visible(str(args.run), NAME_LIMIT)}"
              f": {counts['pinned']} pinned, {counts['unpinned']} unpinned, "
              f"{counts['removed']} entr{'y' if counts['removed'] == 1 else 'ies'} removed, "
              f"{counts['added']} added; {counts['kept']} without ids kept as written",
              file=out)
    else:
        print(f"fivetenk expectations: {shown} already matches "
              f"{visible(str(args.run), NAME_LIMIT)}: nothing to change", file=out)
    for line in done.said:
        print(line, file=out)
    if counts["stale"]:
        print(f"  {counts['stale']} stale entr{'y' if counts['stale'] == 1 else 'ies'} "
              "written by hand: `fivetenk check` fails until you remove or fix them", file=out)
    return 0


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``fivetenk expectations``."""
    out = out or sys.stdout
    if getattr(args, "update", None) is not None:
        return _update(args, out)
    _check_out(args)
    report = read_run(args.run)
    skip, xfail = entries(report, args.by)
    as_json = args.out.suffix.lower() == ".json"
    text = render(report, skip, xfail, by=args.by, source=str(args.run), as_json=as_json)
    try:  # what check will read back: never write a file it would refuse
        _reads_back(text, as_json)
    except (ExpectationsError, ValueError):  # a record the report should not hold: its line
        raise _blame(report, args.by, as_json) from None
    write_file(args.out, text, policy=FORCE, force=args.force,
               inputs=reading([("the run's report", args.run)]))
    failing = sum(r["status"] in ("failed", "xfailed") for r in report.scenarios.values())
    errored = sum(r["status"] == "errored" for r in report.scenarios.values())
    pinned = sum("path" in e for e in xfail)
    shown = visible(str(args.out), NAME_LIMIT)
    print(f"fivetenk expectations: wrote {shown}: {len(xfail)} xfail "
          f"entr{'y' if len(xfail) == 1 else 'ies'} ({pinned} pinned) for {failing} failing "
          f"scenario{'s' if failing != 1 else ''}, {len(skip)} skip "
          f"entr{'y' if len(skip) == 1 else 'ies'} for {errored} errored", file=out)
    if report.stale:
        print(f"  the run's {len(report.stale)} stale expectation(s) are not carried over",
              file=out)
    if xfail:
        print("  each xfail entry pins the ids of the scenarios it was written from: a "
              "failure of another scenario fails `check` as NEW", file=out)
    if not failing and not errored:
        print("  the run has no failure: the file expects none", file=out)
    print(f"  use it: fivetenk check … --expectations {shown}", file=out)
    return 0
