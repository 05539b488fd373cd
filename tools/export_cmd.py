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

from . import catalog
from .report import write_atomic
from .scenario import Scenario, dumps


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                   help=".feature files or folders (default: the shipped features)")
    p.add_argument("--out", type=Path, metavar="DIR",
                   help="write one JSON file per feature file into DIR")


def export_groups(paths: list[Path]) -> dict[str, list[Scenario]]:
    """Feature file stem -> its scenarios, in file order."""
    if not paths:
        folder = catalog.shipped_features_dir()
        paths = sorted(folder.glob("*.feature"))
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.rglob("*.feature")))
        else:
            files.append(path)
    groups: dict[str, list[Scenario]] = {}
    for path in files:
        if path.suffix != ".feature":
            raise catalog.CatalogError("export reads .feature files", where=str(path))
        groups[path.stem] = catalog.load_path(path)
    catalog.validate([s for group in groups.values() for s in group])
    return groups


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    groups = export_groups(list(args.paths))
    if args.out is None:
        everything = [s.to_json() for group in groups.values() for s in group]
        out.write(dumps(everything))
        return 0
    for stem, scenarios in groups.items():
        write_atomic(args.out / f"{stem}.json", dumps([s.to_json() for s in scenarios]))
    print(f"fivetenk export: wrote {len(groups)} files, "
          f"{sum(len(g) for g in groups.values())} scenarios, to {args.out}", file=out)
    return 0
