"""The ``fivetenk`` command line.

``fivetenk check`` runs the scenario suite (the shipped features, plus your own files)
against the bundled reference engine or, with ``--impl``, against any implementation that
speaks the adapter protocol. Exit codes: 0 nothing failed or errored; 1 something failed or
errored; 2 bad input (a scenario, feature, option or file the kit cannot use).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from . import __version__

EPILOG = """\
commands:
  check      run scenarios against the reference engine or an implementation (--impl)
  rules      print rules, clauses and rulings (fivetenk rules R17, --lang es)
  export     write the feature scenarios as schema-valid JSON
  render     turn JSON scenarios back into Gherkin
  simulate   play random legal matches and print a readable log
  steps      list the Gherkin steps the kit understands
  adapter    serve the reference engine over the JSON-lines adapter protocol

exit codes: 0 ok, 1 failed or errored scenarios, 2 bad input.
See README.md for writing your own scenarios and for the adapter protocol.
"""


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fivetenk",
        description="fivetenk: the conformance kit for 5,10,K (6 players, 3 decks).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"fivetenk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    from . import check_cmd, rules_cmd

    p = sub.add_parser("check", help="run the scenario suite", description=check_cmd.__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    check_cmd.add_arguments(p)
    p.set_defaults(func=check_cmd.run)

    p = sub.add_parser("rules", help="print rules, clauses and rulings",
                       description="Print a rule with its clauses, the rulings that read them "
                       "and the scenarios that exercise each clause.")
    rules_cmd.add_arguments(p)
    p.set_defaults(func=_run_rules)

    p = sub.add_parser("steps", help="list the Gherkin steps the kit understands",
                       description="List every Given / When / Then phrase of the scenario "
                       "language, with an example each.")
    p.set_defaults(func=_run_steps)

    for name in ("export", "render", "simulate", "adapter"):
        module = _optional(name)
        if module is None:
            continue
        p = sub.add_parser(name, help=(module.__doc__ or "").strip().splitlines()[0],
                           description=module.__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(p)
        p.set_defaults(func=module.run)
    return parser


def _optional(name: str):  # type: ignore[no-untyped-def]
    import importlib

    module_name = {"export": "export_cmd", "render": "render_cmd", "simulate": "simulate",
                   "adapter": "adapter"}[name]
    try:
        return importlib.import_module(f"fivetenk.{module_name}")
    except ModuleNotFoundError as err:
        if err.name == f"fivetenk.{module_name}":
            return None
        raise


def _run_rules(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from . import catalog, rules_cmd

    return rules_cmd.run(args, out or sys.stdout, catalog.clause_index(catalog.shipped()))


def _run_steps(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from .language import REGISTRY

    out = out or sys.stdout
    for kind in ("given", "when", "then"):
        print(f"{kind.capitalize()} steps:", file=out)
        for definition in REGISTRY:
            if definition.kind == kind:
                print(f"  {kind.capitalize()} {definition.example}", file=out)
        print(file=out)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``fivetenk`` console script."""
    from .catalog import CatalogError
    from .scenario import ScenarioError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except (ScenarioError, CatalogError, UsageError) as err:
        print(f"fivetenk {args.command}: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"fivetenk {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
