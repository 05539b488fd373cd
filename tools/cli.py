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
  protocol   print the adapter protocol document (schemas/protocol.md)

exit codes: 0 ok, 1 failed or errored scenarios, 2 bad input.
See README.md for writing your own scenarios and for the adapter protocol.
"""


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


COMMANDS: dict[str, tuple[str | None, str]] = {
    "check": ("check_cmd", "run the scenario suite"),
    "rules": ("rules_cmd", "print rules, clauses and rulings"),
    "export": ("export_cmd", "write the feature scenarios as schema-valid JSON"),
    "render": ("render_cmd", "turn JSON scenarios back into Gherkin"),
    "simulate": ("simulate", "play random legal matches and print a readable log"),
    "steps": (None, "list the Gherkin steps the kit understands"),
    "adapter": ("adapter", "serve the reference engine over the JSON-lines adapter protocol"),
    "protocol": (None, "print the adapter protocol document (where it is: --path)"),
}
"""Command -> (module in fivetenk, help line). A command's module is imported only when
that command runs, so ``fivetenk adapter`` starts without loading Gherkin or the spec."""


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The argument parser; only the subcommand named in ``argv`` is built in full."""
    import importlib

    parser = argparse.ArgumentParser(
        prog="fivetenk",
        description="fivetenk: the conformance kit for 5,10,K (6 players, 3 decks).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"fivetenk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    chosen = next((a for a in argv if not a.startswith("-")), None)
    for name, (module_name, help_line) in COMMANDS.items():
        p = sub.add_parser(name, help=help_line, description=help_line,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        if name != chosen:
            continue
        if name == "protocol":
            p.description = ("Print schemas/protocol.md, the contract an adapter for another "
                             "implementation follows, with a complete worked exchange.")
            p.add_argument("--path", action="store_true",
                           help="print where the document and the message schemas are")
            p.set_defaults(func=_run_protocol)
            continue
        if module_name is None:
            p.description = ("List every Given / When / Then phrase of the scenario "
                             "language, with an example each.")
            p.set_defaults(func=_run_steps)
            continue
        module = importlib.import_module(f"fivetenk.{module_name}")
        p.description = module.__doc__
        module.add_arguments(p)
        p.set_defaults(func=_run_rules if name == "rules" else module.run)
    return parser


def _run_rules(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from . import catalog, rules_cmd
    from .spec_data import load_spec

    out = out or sys.stdout
    scenarios = catalog.shipped()
    code = rules_cmd.run(args, out, catalog.clause_index(scenarios))
    if code == 0 and args.show and args.target:
        kind, ident = rules_cmd.resolve(load_spec(), args.target.strip())
        if kind == "ruling":
            chosen = [s for s in scenarios if ident in s.rulings]
        else:
            chosen = [s for s in scenarios
                      if any(c == ident or c.startswith(ident + ".") for c in s.clauses)]
        for block in catalog.source_blocks(chosen):
            print(file=out)
            print(block, file=out)
    return code


def _run_protocol(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from .paths import data_dir

    out = out or sys.stdout
    document = data_dir("schemas") / "protocol.md"
    if args.path:
        print(document, file=out)
        return 0
    out.write(document.read_text(encoding="utf-8"))
    return 0


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
    from .scenario import ScenarioError

    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except (ScenarioError, UsageError) as err:
        print(f"fivetenk {args.command}: {err}", file=sys.stderr)
        return 2
    except OSError as err:  # a file or folder the user named cannot be read or written
        where = f" {err.filename}" if err.filename else ""
        print(f"fivetenk {args.command}: cannot use{where}: {err.strerror or err}",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"fivetenk {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
