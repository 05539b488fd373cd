"""Serve the reference engine over the JSON-lines adapter protocol (stdin/stdout).

`fivetenk adapter` reads one request per line on stdin and writes one reply per line on
stdout (schemas/protocol.md), answering with the bundled reference engine: it is what
`fivetenk check --impl "fivetenk adapter"` runs, the model for adapters of other engines,
and a way to try the protocol by hand:

  $ printf '%s\\n' '{"cmd":"hello","seq":0,"protocol":1,"kit":"me"}' \\
      '{"cmd":"start","seq":1,"variants":{},"setup":null}' \\
      '{"cmd":"classify","seq":2,"cards":["3H","3S"]}' | fivetenk adapter

It never crashes on bad input: a line that is not a JSON object, an unknown cmd or a
request the engine cannot carry out gets {"seq": …, "ok": false, "error": "…"}; "stop" or
the end of input ends it with exit code 0. Nothing but replies is written to stdout
(stray prints go to stderr).

It is written with the kit's adapter SDK (fivetenk.impl.sdk): the reference engine is one
Engine class, as an adapter written by `fivetenk new-adapter --lang python` is.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, BinaryIO, TextIO

from .. import __version__
from ..reference import CHOICES, RulesError
from .conventions import LATEST, version_text
from .drivers import CAPABILITIES, QUERY_CAPABILITIES, DriverError, ReferenceDriver, rejection
from .protocol import STEP_COMMANDS, request_step
from .sdk import MAX_REQUEST, Engine, Output, Session
from .sdk import serve as sdk_serve
from .words import SHAPES

NAME = "fivetenk reference engine"


class ReferenceEngine(Engine):
    """The reference engine (or a driver standing in for it) as an
    :class:`~fivetenk.impl.sdk.Engine`: every step command is the driver's ``run`` of the step the
    request carries."""

    def __init__(self, driver: Any = None, *, name: str = NAME,
                 version: str = __version__) -> None:
        self.driver = driver if driver is not None else ReferenceDriver(self_check=False)
        self.name = name
        self.version = version
        self.capabilities = ["queries",
                             *(c for c in CAPABILITIES if c not in QUERY_CAPABILITIES)]
        self.shapes = list(SHAPES)
        self.variants = {name: list(values) for name, values in CHOICES.items()}
        self.protocol = version_text(LATEST)  # every convention the kit judges (issue 28)
        self.announce: Callable[[], dict[str, Any]] | None = None
        """What ``hello`` answers, when set (:class:`Adapter` sets its ``hello_result``,
        which test engines replace to declare less)."""

    def hello(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.announce() if self.announce is not None else super().hello(request)

    def start(self, request: dict[str, Any]) -> dict[str, Any]:
        variants = request.get("variants", {})
        setup = request.get("setup")
        if not isinstance(variants, dict):
            raise TypeError('"variants" must be an object')
        if setup is not None and not isinstance(setup, dict):
            raise TypeError('"setup" must be null or an object')
        try:
            started: dict[str, Any] = self.driver.start(variants, setup)
        except RulesError as err:
            return rejection(err)
        return started

    def _step(self, request: dict[str, Any]) -> dict[str, Any]:
        result: dict[str, Any] = self.driver.run(request_step(request))
        return result

    classify = beats = plays = points = deck = act = observe = next_hand = _step

    def stop(self, request: dict[str, Any]) -> dict[str, Any]:
        self.driver.close()
        return {}

    def error_text(self, cmd: str, err: Exception) -> str | None:
        if isinstance(err, DriverError):
            return str(err)
        if isinstance(err, RulesError):
            return f"cannot {cmd}: {err}"
        return None


assert set(STEP_COMMANDS) <= set(vars(ReferenceEngine))  # every step command served


class Adapter(Session):
    """The protocol state machine (:class:`fivetenk.impl.sdk.Session`) around the reference
    engine, or around another driver: rule-breaking test engines reuse this class with a
    patched engine.

    :meth:`handle` turns one decoded request into one reply and never raises for bad
    input; :meth:`handle_line` does the same for a raw line. ``stopped`` turns true after
    ``stop``."""

    def __init__(self, driver: Any = None, *, name: str = NAME,
                 version: str = __version__) -> None:
        self.reference = ReferenceEngine(driver, name=name, version=version)
        self.reference.announce = lambda: self.hello_result()
        super().__init__(self.reference)

    @property
    def driver(self) -> Any:
        return self.reference.driver

    @property
    def name(self) -> str:
        return self.reference.name

    @property
    def version(self) -> str:
        return self.reference.version

    def hello_result(self) -> dict[str, Any]:
        """What this implementation says about itself: everything is supported. It
        declares ``queries`` (the shorthand for the five query commands, D-1 of issue 8),
        ``deal``, ``position`` and ``hands`` (an ``observe`` naming a seat adds that seat's
        cards as ``held``, :func:`fivetenk.impl.drivers.held_seat`), every shape and every
        variant value; an adapter that plays less lists less (see
        schemas/protocol.md, the handshake)."""
        return Engine.hello(self.reference, {})


def serve(stdin: BinaryIO, stdout: Output, adapter: Adapter | None = None,
          log: Callable[[str, bytes], None] | None = None) -> int:
    """Answer requests from ``stdin`` on ``stdout`` until ``stop`` or end of input
    (:func:`fivetenk.impl.sdk.serve`)."""
    return sdk_serve(adapter or Adapter(), stdin, stdout, log, max_request=MAX_REQUEST)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--log", metavar="FILE",
                        help="append every request (>) and reply (<) to FILE, for debugging")


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Serve on stdin and ``out`` (default stdout); stray prints go to stderr."""
    target: Any = out if out is not None else sys.stdout
    stdout: Output = target.buffer if hasattr(target, "buffer") else _TextSink(target)
    real_stdout, sys.stdout = sys.stdout, sys.stderr
    log_file: IO[bytes] | None = None
    log = None
    if getattr(args, "log", None):

        # lazy: only with --log; the adapter starts without them
        from ..model.paths import APPEND, open_log
        from ..model.user_input import UsageError

        try:  # appended to; never a link, a FIFO or a device (fivetenk.model.paths, issue 29)
            log_file = os.fdopen(open_log(Path(args.log), policy=APPEND), "ab")
        except UsageError as err:
            raise UsageError(f"--log {err}") from None

        def log(direction: str, data: bytes) -> None:
            assert log_file is not None
            log_file.write(direction.encode() + b" " + data.rstrip(b"\r\n") + b"\n")
            log_file.flush()

    try:
        return serve(sys.stdin.buffer, stdout, log=log)
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stdout = real_stdout
        if log_file is not None:
            log_file.close()


class _TextSink:
    """A binary ``write``/``flush`` on top of a text stream (for tests with StringIO)."""

    def __init__(self, text: TextIO) -> None:
        self.text = text

    def write(self, data: bytes) -> int:
        return self.text.write(data.decode("utf-8"))

    def flush(self) -> None:
        self.text.flush()


def main(argv: list[str] | None = None) -> int:
    """``python -m fivetenk.impl.adapter``: the same as ``fivetenk adapter``, starting faster
    (it does not load the rest of the command line)."""
    parser = argparse.ArgumentParser(prog="fivetenk adapter", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run(args)
    except Exception as err:  # e.g. the UsageError of a bad --log
        print(f"fivetenk adapter: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
