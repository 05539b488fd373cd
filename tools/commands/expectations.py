"""Write the expectations that make a run green, from its report.

RUN.jsonl is the report of `fivetenk check --jsonl FILE`; --out FILE receives an
expectations file (YAML, or JSON when FILE ends in .json) for `fivetenk check
--expectations FILE`, as web-platform-tests' update-expectations does:

  - each failing scenario (failed, or xfailed under an earlier file) gets an xfail entry
    whose reason is the failure's evidence (the step, its request, what differed), pinned
    to how it failed: the path of its first difference and the value observed there
    (left out when the report holds no whole value: a difference with nothing there, or a
    value too large to pin), so the entry goes STALE, and fails the run, when the
    behaviour changes, whether fixed or failing another way;
  - each errored scenario gets a skip entry by its id (an error is never an expected
    failure), its reason the error.

--by id (the default) writes an entry per scenario. --by rule and --by shape write one
entry per rule (or per shape used: the first the scenario's plays use) and way of
failing (the same path and observed value), its reason counting the scenarios and
quoting the first; a failure that cannot be pinned, a scenario of no known rule or using
no shape gets an entry of its own id, so that no grouped entry can hide a new kind of
failure. Skips stay by id. Stale entries of the run are not carried over. The ids are
the run's: a run that included your own scenarios (check PATH…) needs the same PATHs when
`check` reads the file back.

An existing --out is never replaced unless --force is given (nor ever RUN.jsonl itself).
Exit codes: 0 written; 2 bad input (a report that is not one, an existing --out).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from ..bounded import NAME_LIMIT, visible
from ..expectations import ExpectationsError, parse, yaml_with_lines
from ..report import write_atomic
from ..runfile import RunFile, evidence, read_run
from ..scenario import RULE_PATTERN
from ..user_input import UsageError

REASON_LIMIT = 300
"""The longest reason written (characters): the evidence of one failure, cut visibly."""
PIN_LIMIT = 1000
"""The largest observed value pinned, as JSON characters; a larger one may have been cut
by the report's bounds (:func:`fivetenk.bounded.plain`), so only its path is pinned."""
PIN_DEPTH = 8
"""The deepest observed value pinned (an expectations file nests at most 64 levels)."""
BY = ("id", "shape", "rule")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("run", type=Path, metavar="RUN.jsonl",
                   help="the report of `fivetenk check --jsonl FILE`")
    p.add_argument("--out", type=Path, metavar="FILE", required=True,
                   help="the expectations file to write (YAML; JSON if it ends in .json)")
    p.add_argument("--by", choices=BY, default="id",
                   help="one entry per scenario (id, the default), or per rule or shape "
                   "used and way of failing")
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


def entries(run: RunFile, by: str = "id") -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``(skip, xfail)`` entries making ``run`` green, in the order of the report."""
    skip: list[dict[str, Any]] = []
    xfail: list[dict[str, Any]] = []
    groups: dict[str, tuple[dict[str, Any], list[str], dict[str, Any]]] = {}
    for ident, record in run.scenarios.items():
        status = record["status"]
        if status == "errored":
            skip.append({"id": ident, "reason": "errors: " + _reason(record)})
            continue
        if status not in ("failed", "xfailed"):
            continue
        pinned = pin(record)
        selector = _group(record, by) if pinned else None
        if selector is None:
            xfail.append({"id": ident, **pinned, "reason": _reason(record)})
            continue
        key = json.dumps([selector, pinned], sort_keys=True)
        if key not in groups:
            entry = {**selector, **pinned}
            groups[key] = (entry, [], record)
            xfail.append(entry)
        groups[key][1].append(ident)
    for entry, ids, first in groups.values():
        shown = ", ".join(ids[:5]) + (", …" if len(ids) > 5 else "")
        count = (f"{len(ids)} scenarios ({shown}) fail" if len(ids) != 1
                 else f"1 scenario ({shown}) fails")
        entry["reason"] = visible(f"{count} this way, e.g. {ids[0]}: {_reason(first)}",
                                  REASON_LIMIT)
    return skip, xfail


def _group(record: dict[str, Any], by: str) -> dict[str, str] | None:
    """The selector a record is grouped under (None: an entry of its own id)."""
    if by == "rule":
        rule = record.get("rule", "")
        return {"rule": rule} if RULE_PATTERN.match(rule) else None
    if by == "shape":
        shapes = record.get("shapes", [])
        return {"uses": shapes[0]} if shapes else None
    return None


def render(run: RunFile, skip: list[dict[str, Any]], xfail: list[dict[str, Any]], *,
           by: str, source: str, as_json: bool) -> str:
    """The file's text: YAML with a header saying where it came from, or JSON."""
    if as_json:
        return json.dumps({"skip": skip, "xfail": xfail}, indent=1, ensure_ascii=True,
                          allow_nan=False) + "\n"
    import yaml

    head = [f"# Written by `fivetenk expectations --by {by}` from {visible(source, NAME_LIMIT)},",
            f"# a run of {visible(run.implementation, NAME_LIMIT)}.",
            "# Each xfail entry is a failure of that run, pinned to how it failed (path, "
            "observed):",
            "# it goes STALE, and fails `fivetenk check`, when that behaviour changes. Each "
            "skip",
            "# entry is a scenario that errored."]
    body = yaml.safe_dump({"skip": skip, "xfail": xfail}, sort_keys=False,
                          default_flow_style=None, width=2**20, allow_unicode=False)
    return "\n".join(head) + "\n" + body


def _check_out(args: argparse.Namespace) -> None:
    """Refuse an --out that exists (without --force), is a folder or is the run itself."""
    out: Path = args.out
    where = f"--out {visible(str(out), NAME_LIMIT)}"
    if out.is_dir():
        raise UsageError(f"{where}: is a folder; name the file to write")
    if os.path.lexists(out):
        try:
            same = os.path.samefile(out, args.run)
        except OSError:
            same = False
        if same:
            raise UsageError(f"{where}: is the run's report itself; name another file")
        if not args.force:
            raise UsageError(f"{where}: the file exists; not replacing it (give --force to "
                             "replace it)")


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``fivetenk expectations``."""
    out = out or sys.stdout
    _check_out(args)
    report = read_run(args.run)
    skip, xfail = entries(report, args.by)
    as_json = args.out.suffix.lower() == ".json"
    text = render(report, skip, xfail, by=args.by, source=str(args.run), as_json=as_json)
    try:  # what check will read back: never write a file it would refuse
        data = json.loads(text) if as_json else yaml_with_lines(text, "(written)")[0]
        parse(data, where="(written)")
    except (ExpectationsError, ValueError) as err:  # pragma: no cover - a bug of the kit
        raise UsageError(f"internal error: the expectations written would not read back: "
                         f"{err}") from None
    write_atomic(args.out, text)
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
    if not failing and not errored:
        print("  the run has no failure: the file expects none", file=out)
    print(f"  use it: fivetenk check … --expectations {shown}", file=out)
    return 0
