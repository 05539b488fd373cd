"""Turn JSON scenarios back into readable Gherkin.

Reads a JSON scenario file (one scenario or a list) and prints a feature with one scenario
per JSON scenario; compiling that feature gives the same scenarios back (only their
``source`` differs). Select one with --id.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from . import catalog
from .language import render_steps
from .scenario import Scenario


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", type=Path, metavar="FILE", help="a JSON scenario file")
    p.add_argument("--id", action="append", default=[], metavar="ID",
                   help="render only this scenario (repeatable)")


def render_feature(scenarios: Iterable[Scenario], title: str) -> str:
    """A feature file holding ``scenarios``."""
    lines = [f"Feature: {title}", ""]
    for s in scenarios:
        lines.append("  " + " ".join([f"@id:{s.id}", *(f"@{t}" for t in s.tags)]))
        lines.append(f"  Scenario: {s.name}")
        if s.description:
            lines.extend("    " + d for d in s.description.splitlines())
        lines.extend("    " + step for step in render_steps(s))
        lines.append("")
    return "\n".join(lines)


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if args.path.suffix != ".json":
        raise catalog.CatalogError("render reads a .json scenario file", where=str(args.path))
    scenarios = catalog.load_path(args.path)
    if args.id:
        unknown = sorted(set(args.id) - {s.id for s in scenarios})
        if unknown:
            raise catalog.CatalogError(f"no scenario with id {', '.join(unknown)}",
                                       where=str(args.path))
        scenarios = [s for s in scenarios if s.id in args.id]
    out.write(render_feature(scenarios, f"scenarios rendered from {args.path.name}"))
    return 0
