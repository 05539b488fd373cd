"""The ``fivetenk`` command line.

``fivetenk check`` runs the scenario suite (the shipped features, plus your own files)
against the bundled reference engine or, with ``--impl``, against any implementation that
speaks the adapter protocol. Exit codes: 0 nothing failed or errored; 1 something failed or
errored, or no scenario ran (every one selected was skipped); 2 bad input (a scenario,
feature, option or file the kit cannot use).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any, NamedTuple, TextIO

from . import __version__
from .model.paths import data_dir
from .model.user_input import ScenarioError, UsageError

EPILOG = """\
commands:
  check      run scenarios against the reference engine or an implementation (--impl)
  diff       compare two runs (check --jsonl): every status change, exit 1 on a regression
  expectations  write the expectations that make a run green (RUN.jsonl --out FILE), or
             merge a run into them (--update FILE)
  rules      print rules, clauses and rulings (fivetenk rules R17, --lang es)
  show       print a scenario as written and as JSON; --impl CMD replays it step by step
  export     write the feature scenarios as schema-valid JSON
  render     turn JSON scenarios back into Gherkin (--lang es: in Spanish)
  simulate   play random legal matches and print a readable log
  play       play one seat against five heuristic players (--seat N, --auto)
  fuzz       look for divergences from the reference engine, shrink and write them (--impl)
  steps      list the Gherkin steps the kit understands (--lang es: in Spanish)
  adapter    serve the reference engine over the JSON-lines adapter protocol
  new-adapter  write an adapter to fill in (--lang python|js DIR), the protocol done
  protocol   print the adapter protocol document (schemas/protocol.md)
  book       write the rules, scenarios and results as a static site (--out DIR)
  dispute    write one decision of a game log as a scenario to check or edit (--at N)

exit codes: 0 ok, 1 failed or errored scenarios (or none ran: all skipped), 2 bad input.
Guides: README.md and docs/ in the kit's source (your own scenarios:
docs/scenario-language.md); the adapter protocol: fivetenk protocol.
"""


class Command(NamedTuple):
    """One command of the command line."""

    module: str | None
    """Its module in fivetenk (imported only when the command runs), or None for the two
    commands written here (``steps``, ``protocol``)."""
    help: str
    """Its line in the list of ``fivetenk --help`` and its description by default."""
    summary: str
    """Its line in the epilog of ``fivetenk --help`` (lines after the first are indented
    under the first)."""


COMMANDS: dict[str, Command] = {
    "check": Command("commands.check", "run the scenario suite",
                     "run scenarios against the reference engine or an implementation "
                     "(--impl)"),
    "diff": Command("commands.diff",
                    "compare two runs (check --jsonl reports), scenario by scenario",
                    "compare two runs (check --jsonl): every status change, exit 1 on a "
                    "regression"),
    "expectations": Command("commands.expectations",
                            "write the expectations that make a run green, each pinned to its "
                            "failure and scenarios; --update FILE merges a run into them",
                            "write the expectations that make a run green (RUN.jsonl --out "
                            "FILE), or\nmerge a run into them (--update FILE)"),
    "rules": Command("commands.rules", "print rules, clauses and rulings",
                     "print rules, clauses and rulings (fivetenk rules R17, --lang es)"),
    "show": Command("commands.show",
                    "print a scenario (Gherkin and JSON); --impl CMD replays it",
                    "print a scenario as written and as JSON; --impl CMD replays it step by "
                    "step"),
    "export": Command("commands.export", "write the feature scenarios as schema-valid JSON",
                      "write the feature scenarios as schema-valid JSON"),
    "render": Command("commands.render", "turn JSON scenarios back into Gherkin",
                      "turn JSON scenarios back into Gherkin (--lang es: in Spanish)"),
    "simulate": Command("practice.simulate", "play random legal matches and print a readable log",
                        "play random legal matches and print a readable log"),
    "play": Command("practice.play", "play a match at one seat against five heuristic players",
                    "play one seat against five heuristic players (--seat N, --auto)"),
    "fuzz": Command("fuzz.command", "look for divergences from the reference engine "
                    "(--impl CMD), shrink them and write each as a scenario",
                    "look for divergences from the reference engine, shrink and write them "
                    "(--impl)"),
    "steps": Command(None, "list the Gherkin steps the kit understands",
                     "list the Gherkin steps the kit understands (--lang es: in Spanish)"),
    "adapter": Command("impl.adapter",
                       "serve the reference engine over the JSON-lines adapter protocol",
                       "serve the reference engine over the JSON-lines adapter protocol"),
    "new-adapter": Command("scaffold", "write an adapter to fill in (--lang python|js DIR): "
                           "the protocol plumbing done, each command a function",
                           "write an adapter to fill in (--lang python|js DIR), the protocol "
                           "done"),
    "protocol": Command(None, "print the adapter protocol document (where it is: --path)",
                        "print the adapter protocol document (schemas/protocol.md)"),
    "book": Command("book", "write the rules, scenarios and results as a static site "
                    "(--out DIR)",
                    "write the rules, scenarios and results as a static site (--out DIR)"),
    "dispute": Command("practice.dispute",
                       "write one decision of a game log as a scenario (--at N)",
                       "write one decision of a game log as a scenario to check or edit "
                       "(--at N)"),
}
"""Every command, once: its module, its help line and its line in the epilog. A command's
module is imported only when that command runs, so ``fivetenk adapter`` starts without
loading Gherkin or the spec."""


def _epilog() -> str:
    lines = ["commands:"]
    for name, command in COMMANDS.items():
        first, *rest = command.summary.split("\n")
        lines.append(f"  {name:<9}  {first}")
        lines += [" " * 13 + line for line in rest]
    return "\n".join([
        *lines, "",
        "exit codes: 0 ok, 1 failed or errored scenarios (or none ran: all skipped), 2 bad input.",
        "Guides: README.md and docs/ in the kit's source (your own scenarios:",
        "docs/scenario-language.md); the adapter protocol: fivetenk protocol.", ""])


EPILOG = _epilog()
"""The epilog of ``fivetenk --help``: the commands, the exit codes, where to read more."""


_ROLE = re.compile(r":(?:mod|func|class|meth|data|attr):`~?([^`]+)`")
_ISSUE = re.compile(r"(?:,\s*|\s*\()issue \d+(?:, [^)]*)?(\))?")


def user_text(doc: str) -> str:
    """A command module's docstring as ``--help`` shows it: for users, so the markup of
    Python's documentation goes (``code`` -> `code`, :mod:`x` -> x, ``Usage::`` -> Usage:)
    and so do the notes for the kit's developers (the issue a feature came from)."""
    text = _ROLE.sub(lambda m: m.group(1), doc).replace("``", "`").replace("::\n", ":\n")
    return _ISSUE.sub(_drop_issue, text)


def _drop_issue(match: re.Match[str]) -> str:
    """``(issue 10)`` goes whole; ``, issue 10)`` leaves the parenthesis it closed."""
    return ")" if match.group(0).startswith(",") and match.group(1) else ""


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The argument parser; only the subcommand named in ``argv`` is built in full."""

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
    for name, (module_name, help_line, _) in COMMANDS.items():
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
                             "language, with an example each (in Spanish with --lang es: "
                             "Dado / Cuando / Entonces, for a feature starting with "
                             "'# language: es').")
            p.add_argument("--lang", choices=("en", "es"), default="en",
                           help="the phrases in English (default) or Spanish")
            p.set_defaults(func=_run_steps)
            continue
        module = importlib.import_module(f"fivetenk.{module_name}")
        p.description = user_text(module.__doc__ or help_line)
        module.add_arguments(p)
        p.set_defaults(func=_run_rules if name == "rules" else module.run)
    return parser


def _run_rules(args: argparse.Namespace, out: TextIO | None = None) -> int:
    # lazy: each command's own modules load only when it runs
    from .commands import rules as rules_cmd
    from .model.spec_data import load_spec
    from .suite import catalog

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
    out = out or sys.stdout
    document = data_dir("schemas") / "protocol.md"
    if args.path:
        print(document, file=out)
        return 0
    out.write(document.read_text(encoding="utf-8"))
    return 0


def _run_steps(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Every phrase, grouped by the module of :mod:`fivetenk.language` it lives in (so a
    writer who wants a new phrase sees where it goes), Given / When / Then within each."""
    # lazy: each command's own modules load only when it runs
    from .language import MODULES, REGISTRY
    from .language.registry import Lang, keyword_for

    out = out or sys.stdout
    lang: Lang = "es" if getattr(args, "lang", "en") == "es" else "en"
    if lang == "es":
        print("# language: es  (the first line of a Spanish feature; quoted values, cards and "
              "names are written as in English)", file=out)
    for module in MODULES:
        defs = [d for d in REGISTRY if d.func.__module__ == module.__name__]
        if not defs:
            continue
        summary = (module.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
        print(f"{module.__name__.rsplit('.', 1)[-1]}: {summary}", file=out)
        for kind in ("given", "when", "then"):
            for definition in defs:
                if definition.kind == kind:
                    text = definition.example_in(lang)
                    line = f"  {keyword_for(lang, kind, text)} {text}"
                    if definition.rulings:  # what an implementation must know (D30, D34, D35)
                        line += f"    [rulings: {', '.join(definition.rulings)}]"
                    print(line, file=out)
        print(file=out)
    print("[rulings: …] what an implementation must know to answer that step's requests "
          "(`fivetenk rules D35`; schemas/protocol.md links them too). The phrases live in "
          "the package fivetenk.language, one module per subject.", file=out)
    return 0


class Terminated(BaseException):
    """The kit received SIGTERM or SIGHUP (a CI job's timeout, a closed terminal): raised
    in the main thread by the signal handler, so that every ``finally`` block runs (the
    implementation and its descendants are killed) before the kit exits with 128 + the
    signal number. A BaseException, like KeyboardInterrupt, so that no ``except
    Exception`` on the way can swallow it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


TERMINATING_SIGNALS = ("SIGTERM", "SIGHUP")
"""Signals turned into :class:`Terminated` (SIGINT stays KeyboardInterrupt: exit 130)."""


def _hurry(now: bool = True) -> None:
    """Tell a running implementation's driver to kill it at once, not politely (or, with
    ``now`` false, no longer)."""
    module = sys.modules.get("fivetenk.impl.process_driver")
    if module is not None:
        module.hurry(now)


def _terminate(signum: int, frame: object) -> None:
    for name in TERMINATING_SIGNALS:  # a second signal must not cut the clean-up short
        with _suppress_signal_errors():
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    _hurry()
    raise Terminated(signum)


def _interrupt(signum: int, frame: object) -> None:
    """SIGINT: KeyboardInterrupt as ever (exit 130), and the implementation is killed
    at once."""
    _hurry()
    raise KeyboardInterrupt


def _suppress_signal_errors() -> contextlib.suppress:
    return contextlib.suppress(AttributeError, ValueError, OSError)


def _install_handlers() -> dict[int, Any]:
    """Install :func:`_terminate` for SIGTERM and SIGHUP, :func:`_interrupt` for SIGINT
    (in the main thread only); the previous handlers, to restore."""

    previous: dict[int, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        return previous
    for name in TERMINATING_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is None:  # pragma: no cover - no SIGHUP on Windows
            continue
        with _suppress_signal_errors():
            previous[signum] = signal.signal(signum, _terminate)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not if ignored
        previous[signal.SIGINT] = signal.signal(signal.SIGINT, _interrupt)
    return previous


def _restore_handlers(previous: dict[int, Any]) -> None:
    for signum, handler in previous.items():
        with _suppress_signal_errors():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)


def _say(text: str) -> None:
    """Print a line on stderr; a closed stderr is no reason for a traceback."""
    with contextlib.suppress(OSError, ValueError):
        print(text, file=sys.stderr)


def _stdout_gone() -> None:
    """The reader of stdout went away (``fivetenk check | head``): point stdout at the null
    device, so that the interpreter's final flush cannot complain either (the recipe of the
    Python documentation, "Note on SIGPIPE")."""

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout without a file descriptor
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``fivetenk`` console script.

    Exit codes: 0, 1 and 2 as documented; 130 after SIGINT (Ctrl-C), 128 + the signal
    number after SIGTERM or SIGHUP; 1 when stdout is closed early (``| head``), quietly.
    On every way out, ``finally`` blocks and an :mod:`atexit` hook kill any implementation
    the kit started, with all its descendants (:mod:`fivetenk.impl.process_driver`)."""

    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):  # a console that cannot show a character
        with contextlib.suppress(AttributeError, ValueError):  # shows it escaped
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    previous = _install_handlers()
    try:
        code: int = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return code
    except (ScenarioError, UsageError) as err:
        _say(f"fivetenk {args.command}: {err}")
        return 2
    except BrokenPipeError:
        _stdout_gone()
        return 1
    except OSError as err:  # a file or folder the user named cannot be read or written
        where = f" {err.filename}" if err.filename else ""
        _say(f"fivetenk {args.command}: cannot use{where}: {err.strerror or err}")
        return 2
    except KeyboardInterrupt:
        _say(f"fivetenk {args.command}: interrupted")
        return 130
    except Terminated as stop:
        _say(f"fivetenk {args.command}: terminated by {signal.Signals(stop.signum).name}")
        return 128 + stop.signum
    finally:
        _restore_handlers(previous)
        _hurry(False)


if __name__ == "__main__":
    sys.exit(main())
