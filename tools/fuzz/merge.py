"""fivetenk fuzz merge DIR...: one report from the shards of a campaign.

A campaign split over machines (``fivetenk fuzz --shard K/N --jsonl DIR/fuzz.jsonl --out
DIR/found``, one job each) leaves one folder per shard. ``merge`` reads the JSON-lines
report in each folder (every ``*.jsonl`` directly in it; a file named instead of a folder
is read as it is) and prints one set of divergence groups: a group found by several
shards is one group, with its cases counted across the shards, the shards that found it,
its first case (shard and number, with the command that reproduces it), and every case
the shards wrote for it, found in the folders by name, each once per bug. The totals add
up the shards' summaries. A shard given twice (the same file by any name, or two reports
of the same seed and shard K/N: a copy, or the shard run again) is bad input, its cases
would be counted twice; shards that ran different seeds, a seed split in different numbers
of shards, the shards of a split that no report covers, and reports that do not say their
shard (an earlier kit's) are said beside the totals, and kept in the merged summary's
``notes``.

Groups are keyed as a campaign keys them (the command, the first field that differs, with
list positions left out, and what was expected and came back there, where those are
words): the key is recomputed from each group's evidence, so reports of the same kit
version merge whatever the shard.

Reports come from outside: each must be a regular file of at most 64 MiB, one JSON object
per line (at most 4 MiB each), every record a fuzz record (``divergence``, ``case``,
``summary``); anything else is bad input naming the file and line (exit 2). Exit codes: 0
no divergence in any shard, 1 at least one group, an errored case (a timeout, a crash: the
engine's faults, summed by kind) or a shard the restart budget stopped, 2 bad input.
``--jsonl FILE`` writes the merged groups and totals as JSON lines.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ..model.paths import Output, check_outputs, identity, inside
from ..model.user_input import UsageError
from ..results import report
from .findings import bounded_record
from .source import Divergence

MAX_REPORT_BYTES = 64 * 1024 * 1024
"""The largest shard report read (a campaign lists every diverging case: twice the bound of
a run's report, :data:`fivetenk.results.runfile.MAX_REPORT_BYTES`)."""
RECORDS = ("divergence", "case", "summary")
MAX_SHARDS = 10_000
"""The most shards a campaign is split in (``fuzz --shard K/N``: N at most this)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("dirs", nargs="+", type=Path, metavar="DIR",
                   help="a shard's folder (its *.jsonl report and found/ cases), or a report")
    p.add_argument("--jsonl", type=Path, metavar="FILE",
                   help="also write the merged groups and the totals as JSON lines")


@dataclass
class Shard:
    """One report: where it is, its summary, its groups and diverging cases."""

    path: Path
    folder: Path
    summary: dict[str, Any] | None = None
    groups: list[dict[str, Any]] = field(default_factory=list)
    cases: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Group:
    """A merged group: its key, the first report of it, and where it was found."""

    key: str
    first: dict[str, Any]
    shard: str
    count: int = 0
    shards: list[str] = field(default_factory=list)
    written: dict[str, str] = field(default_factory=dict)
    """bug signature (or id) -> the case file found for it."""


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    reports: list[tuple[Path, Path]] = []  # (report, its shard's folder)
    seen: dict[tuple[int, int], Path] = {}
    for given in args.dirs:
        files = [given] if given.is_file() else sorted(
            p for p in given.glob("*.jsonl") if not p.name.startswith("."))
        if not files:
            raise UsageError(f"{report.visible(str(given), 400)}: no fuzz report (*.jsonl) "
                             "in it; give each shard's folder or its --jsonl file")
        for path in files:
            key = identity(path)
            if key is not None and key in seen:  # its counts would be added twice
                raise UsageError(f"{report.visible(str(path), 400)}: the same report as "
                                 f"{report.visible(str(seen[key]), 400)}; give each shard "
                                 "once (its cases would be counted twice)")
            if key is not None:
                seen[key] = path
            reports.append((path, given if given.is_dir() else path.parent))
    if args.jsonl is not None:
        folders = [g for g in args.dirs if g.is_dir()]
        check_outputs([Output("--jsonl", args.jsonl, what="the merged report")],
                      [("a shard report", path) for path, _ in reports])
        within = next((f for f in folders if args.jsonl.suffix == ".jsonl"
                       and inside(args.jsonl.parent, f) and inside(f, args.jsonl.parent)),
                      None)
        if within is not None:
            raise UsageError(f"--jsonl {report.visible(str(args.jsonl), 400)}: is in the shard "
                             f"folder {report.visible(str(within), 400)}, where merge reads "
                             "every *.jsonl as a shard report; write it elsewhere")
    shards = [read_report(path, folder) for path, folder in reports]
    _once_each(shards)
    groups = merge(shards)
    return _print(args, out, shards, groups)


def _once_each(shards: list[Shard]) -> None:
    """Two reports of the same shard of the same seed (a copy, or the shard run again) are
    bad input: the same cases would be counted twice. Told from the summary's ``seed`` and
    ``shard``; a report without ``shard`` (an earlier kit's) is left to :func:`_notes`."""
    seen: dict[tuple[int, str], Shard] = {}
    for shard in shards:
        assert shard.summary is not None
        which, case = shard.summary.get("shard"), shard.summary.get("case")
        if which is not None:
            key = (shard.summary["seed"], f"shard {which[0]}/{which[1]}")
        elif case is not None:  # fuzz --case N: that one case
            key = (shard.summary["seed"], f"case {case}")
        else:
            continue
        if key in seen:
            raise UsageError(
                f"{report.visible(str(shard.path), 400)}: the same shard as "
                f"{report.visible(str(seen[key].path), 400)} (seed {key[0]}, {key[1]}): a "
                "copy, or the shard run again; give each shard once (its cases would be "
                "counted twice)")
        seen[key] = shard


def _notes(shards: list[Shard]) -> list[str]:
    """What the totals leave out or may count twice, said beside them: reports that do not
    say their shard, campaigns split in different numbers of shards, and the shards of a
    split that no report covers."""
    notes = []
    unsaid = [s for s in shards if s.summary is not None and s.summary.get("shard") is None
              and s.summary.get("case") is None]
    if unsaid:
        many = len(unsaid) != 1
        notes.append(f"note: {len(unsaid)} report{'s do' if many else ' does'} not say which "
                     f"shard {'they' if many else 'it'} ran (an earlier kit's report"
                     f"{'s' if many else ''}): a shard given twice under two names cannot be "
                     "told there")
    split: dict[int, set[tuple[int, int]]] = {}
    for s in shards:
        if s.summary is not None and s.summary.get("shard") is not None:
            k, n = s.summary["shard"]
            split.setdefault(s.summary["seed"], set()).add((k, n))
    for seed, parts in split.items():
        sizes = sorted({n for _, n in parts})
        if len(sizes) > 1:
            shown = ", ".join(f"{k}/{n}" for k, n in sorted(parts, key=lambda p: (p[1], p[0])))
            notes.append(f"note: seed {seed} was split in different numbers of shards "
                         f"({shown}): some cases may be counted twice, others not at all")
        elif len(parts) < sizes[0]:
            n = sizes[0]
            have = {k for k, _ in parts}
            missing = list(itertools.islice((k for k in range(1, n + 1) if k not in have), 21))
            notes.append(f"note: seed {seed}: no report of shard "
                         f"{', '.join(f'{k}/{n}' for k in missing[:20])}"
                         f"{' …' if len(missing) > 20 else ''}: the totals are "
                         f"{len(parts)} of {n} shards, not the whole campaign")
    return notes


def read_report(path: Path, folder: Path) -> Shard:
    """A shard's report, checked line by line (module docstring): read as every report is
    (:func:`fivetenk.results.runfile.read_records`), the records checked here."""
    # lazy: a campaign starts without the report reader
    from ..results.runfile import RunFileError, read_records

    shard = Shard(path, folder)
    for _, at, record in read_records(path, MAX_REPORT_BYTES):
        kind = record["record"]
        if kind not in RECORDS:
            raise RunFileError("expected a fivetenk fuzz record (an object whose \"record\" "
                               f"is one of {', '.join(RECORDS)})", where=at)
        if kind == "summary":
            if shard.summary is not None:
                raise RunFileError("a second summary: one report per campaign shard",
                                   where=at)
            _need(record, {"seed": int, "tried": dict, "diverged": int}, at)
            _need(record["tried"], dict.fromkeys(record["tried"], int), f"{at}: tried")
            which = record.get("shard")
            if which is not None and not (
                    isinstance(which, list) and len(which) == 2
                    and all(type(x) is int for x in which)
                    and 1 <= which[0] <= which[1] <= MAX_SHARDS):
                raise RunFileError("'shard': expected [K, N], the shard K of N the campaign "
                                   f"ran (1 <= K <= N <= {MAX_SHARDS:,}), found "
                                   f"{report.json_text(which, 80)}", where=at)
            case = record.get("case")
            if case is not None and (type(case) is not int or case < 0 or which is not None):
                raise RunFileError("'case': expected the one case a fuzz --case N report ran "
                                   f"(a whole number, and no 'shard'), found "
                                   f"{report.json_text(case, 80)}", where=at)
            shard.summary = record
        elif kind == "divergence":
            _need(record, {"case": int, "count": int, "found": dict}, at)
            _need(record["found"], {"paths": list}, f"{at}: found")
            shard.groups.append(record)
        else:
            _need(record, {"case": int}, at)
            shard.cases.append(record)
    if shard.summary is None:
        raise RunFileError("no summary record: the campaign did not finish (or this is not "
                           "a fivetenk fuzz --jsonl report)",
                           where=report.visible(str(path), report.NAME_LIMIT))
    return shard


def _need(record: dict[str, Any], keys: dict[str, type], where: str) -> None:
    # lazy: a campaign starts without the report reader
    from ..results.runfile import RunFileError

    for key, kind in keys.items():
        value: Any = record.get(key)
        bad = not isinstance(value, kind)
        if kind is int and not bad:  # a count or a case number: a whole number, 0 or more
            bad = isinstance(value, bool) or int(value) < 0
        if bad:
            wanted = "an integer, 0 or more" if kind is int else kind.__name__
            raise RunFileError(f"{key!r}: expected {wanted}, found "
                               f"{report.json_text(value, 80)}", where=where)


def group_key(found: dict[str, Any]) -> str:
    """A group's key, recomputed from its evidence (:meth:`Divergence.group_key`)."""

    request: dict[str, Any] = (found["request"] if isinstance(found.get("request"), dict)
                               else {})
    paths = [str(p) for p in found.get("paths", []) if isinstance(p, str)]
    error = found.get("error")
    d = Divergence(step=0, request=request, expected=found.get("expected"),
                   observed=found.get("observed"), paths=paths,
                   error=error if isinstance(error, str) else "")
    return d.group_key()


def merge(shards: list[Shard]) -> dict[str, Group]:
    """The groups of every shard, merged by key (in order of first appearance)."""
    groups: dict[str, Group] = {}
    for shard in shards:
        name = str(shard.folder)
        for record in shard.groups:
            key = group_key(record["found"])
            group = groups.get(key)
            if group is None:
                group = groups[key] = Group(key, record, name)
            group.count += record["count"]
            if name not in group.shards:
                group.shards.append(name)
            feature = record.get("feature")
            if isinstance(feature, str):
                local = _local(shard.folder, feature)
                bug = str(record.get("signature") or record.get("id") or feature)
                group.written.setdefault(bug, local)
    return groups


CASE_SUFFIXES = (".feature", ".json")
"""What a written case's file ends with (:func:`fivetenk.fuzz.findings.write_case`)."""
MAX_LOOKED_AT = 10_000
"""The most entries of a shard's folder looked at to find a written case."""


def _local(folder: Path, recorded: str) -> str:
    """Where a written case is now: the recorded path's file name, looked up in the shard's
    folder (an artifact moves the folder; the path was the job's), else as recorded. The
    name is compared as it is, never used as a pattern (``*`` or ``a**b`` is a name, not
    a glob), and only a case file (``.feature``, ``.json``) is ever named."""
    name = Path(recorded).name
    missing = f"{recorded} (not in {folder})"
    if not name.endswith(CASE_SUFFIXES):
        return missing
    for candidate in (folder / "found" / name, folder / name):
        if candidate.is_file():
            return str(candidate)
    looked = 0
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        looked += len(dirs) + len(names)
        if name in names and os.path.isfile(os.path.join(root, name)):
            return os.path.join(root, name)
        if looked > MAX_LOOKED_AT:
            break
    return missing


def _print(args: argparse.Namespace, out: TextIO, shards: list[Shard],
           groups: dict[str, Group]) -> int:

    tried: dict[str, int] = {}
    diverged = 0
    errored: dict[str, int] = {}
    stopped: list[str] = []
    seeds: list[int] = []
    for shard in shards:
        assert shard.summary is not None
        for k, v in shard.summary["tried"].items():
            tried[str(k)] = tried.get(str(k), 0) + v  # whole numbers: read_report
        diverged += shard.summary["diverged"]
        kinds = shard.summary.get("errored")
        for k, v in (kinds.items() if isinstance(kinds, dict) else ()):
            if type(v) is int:  # a timeout, a crash ...: the engine's faults (issue 28)
                errored[str(k)] = errored.get(str(k), 0) + v
        if isinstance(shard.summary.get("stopped"), str) and \
                shard.summary["stopped"].startswith("STOPPED"):
            stopped.append(report.visible(shard.path, 400))
        if shard.summary["seed"] not in seeds:
            seeds.append(shard.summary["seed"])
    print(f"fivetenk fuzz merge: {len(shards)} shard report{'s' * (len(shards) != 1)}",
          file=out)
    if len(seeds) > 1:
        print(f"note: the shards ran different seeds ({', '.join(map(str, seeds))}): they are "
              "not one campaign split, and may have tried the same cases", file=out)
    notes = _notes(shards)
    for note in notes:
        print(note, file=out)
    records: list[dict[str, Any]] = []
    for group in groups.values():
        first = group.first
        found = first["found"]
        print(f"GROUP {report.visible(group.key, 200)}: {group.count} case"
              f"{'s' * (group.count != 1)}, in {', '.join(map(report.visible, group.shards))}",
              file=out)
        print(f"  first: case {first['case']} of {report.visible(group.shard, 400)}", file=out)
        request = found.get("request")
        print(f"  sent: {report.json_text(request, 400)}", file=out)
        for line in [x for x in found.get("differences", []) if isinstance(x, str)][:5]:
            print(f"    {report.visible(line, 400)}", file=out)
        if isinstance(first.get("reproduce"), str):
            print(f"  reproduce it as found: {report.visible(first['reproduce'], 600)}",
                  file=out)
        for path in group.written.values():
            print(f"  written: {report.visible(path, 600)}", file=out)
        print(file=out)
        records.append({"record": "group", "key": group.key, "count": group.count,
                        "shards": group.shards, "first": {"shard": group.shard,
                                                          "case": first["case"]},
                        "found": found, "written": list(group.written.values())})
    ran = sum(tried.values())
    before = sum(len(s.groups) for s in shards)
    if stopped:
        print(f"note: the restart budget stopped {len(stopped)} shard"
              f"{'s' * (len(stopped) != 1)} before its end: {', '.join(stopped)}", file=out)
    kinds = ", ".join(f"{v} {k}" for k, v in errored.items())
    print(f"{ran} cases in {len(shards)} shards; {diverged} diverged, {len(groups)} distinct "
          f"(from {before} group{'s' * (before != 1)} in the shards)"
          f"{f'; {sum(errored.values())} errored ({kinds})' if errored else ''}", file=out)
    if args.jsonl is not None:
        summary = {"record": "summary", "shards": [str(s.path) for s in shards],
                   "seeds": seeds, "tried": tried, "diverged": diverged,
                   "distinct": len(groups), "errored": errored, "stopped": stopped,
                   "notes": [n.removeprefix("note: ") for n in notes]}
        text = "".join(json.dumps(bounded_record(r), ensure_ascii=True, sort_keys=True) + "\n"
                       for r in [*records, summary])
        report.write_atomic(args.jsonl, text)
    return 1 if groups or errored or stopped else 0
