"""The one ``--impl`` option group (issue 31): ``--impl CMD``, ``--timeout`` and
``--restarts``, as ``fivetenk check``, ``show`` and ``fuzz`` take them (the pytest plugin's
``--fivetenk-impl`` and ``--fivetenk-timeout`` are checked by the same functions), and
:func:`open_driver`, which starts the implementation they name.

``CMD`` is split like a shell would split it, never run through one, and must name a
program that can run (:func:`impl_argv`): anything else is a usage error (exit 2) naming
the option, never an errored run, and never a silent fall-back to the reference engine:
``--timeout`` or ``--restarts`` without ``--impl`` is a usage error too (:func:`need_impl`).
"""

from __future__ import annotations

import argparse
import errno
import os
import shlex
import shutil
import stat
from typing import TYPE_CHECKING

from ..model.bounded import visible
from ..model.user_input import UsageError

if TYPE_CHECKING:
    from .process_driver import ProcessDriver

SHOWN = 400
"""Characters of a command shown in a message (escaped)."""


def add_impl_options(p: argparse.ArgumentParser | argparse._ArgumentGroup, impl_help: str,
                     *, restarts_note: str = "") -> None:
    """``--impl CMD`` (``impl_help``: what the command does with it), ``--timeout SECONDS``
    and ``--restarts N`` (``restarts_note``: what the command adds when they are spent)."""
    p.add_argument("--impl", metavar="CMD", help=impl_help)
    p.add_argument("--timeout", type=positive_seconds, default=10.0, metavar="SECONDS",
                   action=_Given, help="with --impl: seconds to wait for each reply, at most "
                   "3600 (default 10)")
    p.add_argument("--restarts", type=restart_budget, default=5, metavar="N", action=_Given,
                   help="with --impl: restart a misbehaving implementation at most N times, "
                   "0-100 (default 5)" + restarts_note)


class _Given(argparse.Action):
    """Stores the value, and notes the option as given (``impl_options_given``): a default
    cannot be told from a value equal to it otherwise."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        given = list(getattr(namespace, "impl_options_given", []))
        namespace.impl_options_given = [*given, option_string or self.dest]


def need_impl(args: argparse.Namespace) -> None:
    """``--timeout`` or ``--restarts`` without ``--impl`` is a usage error: they only say
    how to run an implementation, and ``check $IMPL_ARGS --timeout 5`` with the variable
    unset would check the reference engine and go green (issue 29)."""
    given = list(dict.fromkeys(getattr(args, "impl_options_given", [])))
    if getattr(args, "impl", None) is None and given:
        raise UsageError(f"{' and '.join(given)} without --impl CMD: "
                         f"{'they say' if len(given) > 1 else 'it says'} how to run an "
                         "implementation, and none is named (an unset variable?); without "
                         "--impl the reference engine is checked, in process")


def positive_seconds(text: str) -> float:
    """``--timeout``: seconds, more than 0 and at most
    :data:`~fivetenk.impl.process_driver.MAX_TIMEOUT` (a longer wait is a mistake, and
    beyond about 24 days ``poll()`` itself fails)."""
    from .process_driver import MAX_TIMEOUT  # lazy: a run of the reference needs no process

    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= MAX_TIMEOUT:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds above 0 and at most {MAX_TIMEOUT:g}, not {text!r}")
    return value


def restart_budget(text: str) -> int:
    """``--restarts``: a whole number from 0 to
    :data:`~fivetenk.impl.process_driver.MAX_RESTARTS` (ASCII digits only: ``int`` would
    read ``"٣"`` and choke on ``"²"``)."""
    from .process_driver import MAX_RESTARTS  # lazy: a run of the reference needs no process

    if not (text.isascii() and text.isdigit()) or int(text) > MAX_RESTARTS:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 0 to {MAX_RESTARTS}, not {text!r}")
    return int(text)


def impl_argv(impl: str, option: str = "--impl") -> list[str]:
    """The argument list of an ``--impl`` command (split like a shell would, never run
    through one), checked: it must name a program that can run. Empty (an unset variable
    in CI), blank, an unclosed quote, not found, a folder, not a regular file or not
    executable is a UsageError naming ``option``. The one check of ``check --impl``,
    ``fuzz --impl``, ``show --impl`` and the pytest plugin's ``--fivetenk-impl``."""
    try:
        argv = shlex.split(impl)
    except ValueError as err:
        raise UsageError(f"{option} {visible(repr(impl), SHOWN)}: {err}") from None
    if not argv or not argv[0].strip():
        raise UsageError(f"{option} needs a command, not {visible(repr(impl), SHOWN)} "
                         "(an unset variable?)")
    program = argv[0]
    shown = visible(repr(program), SHOWN)
    if os.sep in program or (os.altsep and os.altsep in program):
        try:
            info = os.stat(program)
        except (OSError, ValueError) as err:
            reason = "not found" if isinstance(err, FileNotFoundError) else \
                getattr(err, "strerror", None) or str(err)
            raise UsageError(f"{option}: {shown}: {reason}") from None
        if stat.S_ISDIR(info.st_mode):
            raise UsageError(f"{option}: {shown} is a folder, not a program")
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"{option}: {shown} is not a regular file")
        if not os.access(program, os.X_OK):
            raise UsageError(f"{option}: {shown} is not executable (chmod +x it, or name "
                             f"its interpreter: {option} \"python3 {program}\")")
    elif shutil.which(program) is None:
        hint = f" (to run the file here, write ./{program})" if os.path.exists(program) else ""
        raise UsageError(f"{option}: command {shown} not found on PATH{hint}")
    return argv


def open_driver(args: argparse.Namespace) -> ProcessDriver:
    """The ProcessDriver for ``args.impl`` (with ``args.timeout`` and ``args.restarts``),
    started at once so that it boots while the scenarios load. The command must name a
    program that can run (:func:`impl_argv`) and the system must start it: a usage error
    (exit 2) otherwise, saying why in the user's terms."""
    from .process_driver import ProcessDriver  # lazy: a run of the reference needs no process

    argv = impl_argv(args.impl)
    program = argv[0]
    driver = ProcessDriver(argv, timeout=args.timeout, restarts=args.restarts)
    driver.prestart()
    if driver.start_error is not None:
        driver.close()
        raise UsageError(f"--impl: cannot start {program!r}: "
                         f"{start_failure(driver.start_error, program)}")
    return driver


def start_failure(err: OSError, program: str) -> str:
    """Why the operating system would not run ``program``, in the user's terms: a script
    whose ``#!`` interpreter is missing fails as "not found" although the file is there,
    a file with no ``#!`` line and of no executable format as "exec format error"."""
    path = program if os.sep in program else shutil.which(program) or program
    if err.errno == errno.ENOENT and os.path.isfile(path):
        try:
            with open(path, "rb") as f:
                first = f.readline(4096)
        except OSError:
            first = b""
        if first.startswith(b"#!"):
            words = first[2:].decode("utf-8", "replace").split()
            interpreter = words[0] if words else ""
            return (f"the interpreter its #! line names, {interpreter!r}, is not found "
                    "(install it, fix the #! line, or name an interpreter: --impl "
                    f"\"python3 {program}\")")
    if err.errno == errno.ENOEXEC:
        return ("not a program this system can run (exec format error): a script needs a #! "
                f"line naming its interpreter, or name it: --impl \"python3 {program}\"")
    return err.strerror or str(err)
