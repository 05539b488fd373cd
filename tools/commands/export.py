"""Write scenarios as schema-valid JSON (schemas/scenario.schema.json).

With no PATH, the shipped feature files are exported; with --out DIR, one JSON file per
feature file (R05_bombs_and_rockets.json …) is written there, each a list of scenarios;
without --out, one JSON list goes to standard output. The shipped suite's export lives in
features/scenarios/ and a test fails when it drifts from the features:
regenerate it with `fivetenk export --out features/scenarios`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from ..model.paths import Output, check_outputs, write_files
from ..model.scenario import Scenario, dumps
from ..suite import catalog


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                   help=".feature files or folders (default: the shipped features)")
    p.add_argument("--out", type=Path, metavar="DIR",
                   help="write one JSON file per feature file into DIR")


def export_groups(paths: list[Path]) -> dict[str, list[Scenario]]:
    """Feature file stem -> its scenarios, in file order. Folders are walked as by
    ``fivetenk check`` (:func:`fivetenk.suite.catalog.source_files`), keeping their ``.feature``
    files; each file is exported once. Two files with the same name in different folders
    would overwrite each other's JSON file, so they are refused."""
    shipped = not paths
    if shipped:
        files = catalog.shipped_files()
    else:
        files = []
        seen: set[tuple[int, int]] = set()
        for path in paths:
            listed = catalog.source_files(path)
            if len(listed) == 1 and listed[0] == path and path.suffix != ".feature":
                raise catalog.CatalogError("export reads .feature files",
                                           where=catalog.printable(str(path)))
            for file in listed:
                key = catalog.file_key(file)
                if file.suffix != ".feature" or (key is not None and key in seen):
                    continue
                if key is not None:
                    seen.add(key)
                files.append(file)
        if not files:
            raise catalog.CatalogError("no .feature files to export",
                                       where=", ".join(catalog.printable(str(p)) for p in paths))
    groups: dict[str, list[Scenario]] = {}
    where: dict[str, Path] = {}
    for path in files:
        if path.stem in groups:
            raise catalog.CatalogError(
                f"two feature files named {path.name} (the other: "
                f"{catalog.printable(str(where[path.stem]))}); both would export to "
                f"{path.stem}.json", where=catalog.printable(str(path)))
        where[path.stem] = path
        groups[path.stem] = catalog.load_file(path, trusted=shipped)
    catalog.validate([s for group in groups.values() for s in group])
    return groups


def _check_out(args: argparse.Namespace, files: tuple[str, ...] = ()) -> None:
    """``--out DIR`` and the files to be written in it, checked as every output is
    (:func:`fivetenk.model.paths.check_outputs`): DIR a folder (or makeable), no file written
    there a link, a special file or one of the features read."""
    check_outputs([Output("--out", args.out, folder=True, files=files)],
                  [("PATH", p) for p in args.paths])


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if args.out is not None:
        _check_out(args)
    groups = export_groups(list(args.paths))
    if args.out is None:
        everything = [s.to_json() for group in groups.values() for s in group]
        out.write(dumps(everything))
        return 0
    names = tuple(f"{stem}.json" for stem in groups)
    _check_out(args, names)  # every file, before the first is written
    write_files(args.out, {name: dumps([s.to_json() for s in scenarios])  # all or none
                           for name, scenarios in zip(names, groups.values(), strict=True)})
    print(f"fivetenk export: wrote {len(groups)} files, "
          f"{sum(len(g) for g in groups.values())} scenarios, to {args.out}", file=out)
    return 0
