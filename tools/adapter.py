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
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import IO, Any, BinaryIO, Protocol, TextIO

from . import __version__
from .drivers import CAPABILITIES, QUERY_CAPABILITIES, DriverError, ReferenceDriver, rejection
from .protocol import (
    COMMANDS,
    PROTOCOL_VERSION,
    STEP_COMMANDS,
    encode,
    error_reply,
    ok_reply,
    request_step,
)
from .reference import RulesError
from .reference.variants import CHOICES
from .shapes import SHAPES

NAME = "fivetenk reference engine"
MAX_REQUEST = 16 << 20
"""The longest request line read (16 MiB); a longer one is answered with an error."""


class Adapter:
    """The protocol state machine around a driver (the reference engine by default).

    :meth:`handle` turns one decoded request into one reply and never raises for bad
    input; :meth:`handle_line` does the same for a raw line. ``stopped`` turns true after
    ``stop``. Rule-breaking test engines reuse this class with a patched engine."""

    def __init__(self, driver: Any = None, *, name: str = NAME,
                 version: str = __version__) -> None:
        self.driver = driver if driver is not None else ReferenceDriver(self_check=False)
        self.name = name
        self.version = version
        self.stopped = False

    def hello_result(self) -> dict[str, Any]:
        """What this implementation says about itself: everything is supported. It
        declares ``queries`` (the shorthand for the five query commands, D-1 of issue 8),
        ``deal``, ``position`` and ``hands`` (an ``observe`` naming a seat adds that seat's
        cards as ``held``, :func:`fivetenk.drivers.held_seat`), every shape and every
        variant value; an adapter that plays less lists less (see
        schemas/protocol.md, the handshake)."""
        return {
            "name": self.name,
            "version": self.version,
            "protocol": PROTOCOL_VERSION,
            "capabilities": ["queries", *(c for c in CAPABILITIES if c not in QUERY_CAPABILITIES)],
            "shapes": list(SHAPES),
            "variants": {name: list(values) for name, values in CHOICES.items()},
        }

    def handle_line(self, line: bytes) -> dict[str, Any]:
        """The reply to one raw request line."""
        try:
            request = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            return error_reply(None, "the request is not JSON: not UTF-8 text")
        except ValueError as err:
            return error_reply(None, f"the request is not JSON: {err}")
        return self.handle(request)

    def handle(self, request: Any) -> dict[str, Any]:
        """The reply to one decoded request (never raises for bad input)."""
        if not isinstance(request, dict):
            return error_reply(None, f"a request is a JSON object, not {_kind(request)}")
        seq = request.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            return error_reply(None, 'the request has no "seq" (a non-negative integer)')
        cmd = request.get("cmd")
        if cmd not in COMMANDS:
            if cmd == "advance":
                return error_reply(seq, "advance is a kit macro and is never sent: the kit "
                                   "sends the observe and act requests it is made of")
            return error_reply(seq, f"unknown cmd {json.dumps(cmd)}: expected one of "
                               + ", ".join(COMMANDS))
        try:
            return ok_reply(seq, self._dispatch(cmd, request))
        except DriverError as err:
            return error_reply(seq, str(err))
        except RulesError as err:
            return error_reply(seq, f"cannot {cmd}: {err}")
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            return error_reply(seq, f"bad {cmd} request: {type(err).__name__}: {err}")
        except Exception as err:  # an engine bug must not end the session
            return error_reply(seq, f"internal error in {cmd}: {type(err).__name__}: {err}")

    def _dispatch(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
        if cmd in STEP_COMMANDS:
            result: dict[str, Any] = self.driver.run(request_step(request))
            return result
        if cmd == "start":
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
        if cmd == "hello":
            return self.hello_result()
        self.stopped = True  # stop
        self.driver.close()
        return {}


def _kind(value: Any) -> str:
    return {list: "an array", str: "a string", type(None): "null", bool: "a boolean"}.get(
        type(value), "a number")


class Output(Protocol):
    """Where replies go: a binary stream's ``write`` and ``flush``."""

    def write(self, data: bytes, /) -> int: ...

    def flush(self) -> None: ...


def serve(stdin: BinaryIO, stdout: Output, adapter: Adapter | None = None,
          log: Callable[[str, bytes], None] | None = None) -> int:
    """Answer requests from ``stdin`` on ``stdout`` until ``stop`` or end of input."""
    adapter = adapter or Adapter()
    readline, write, flush = stdin.readline, stdout.write, stdout.flush
    while not adapter.stopped:
        line = readline(MAX_REQUEST + 1)
        if not line:
            return 0
        if len(line) > MAX_REQUEST and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the line
                line = readline(1 << 20)
            reply = error_reply(None, f"the request is longer than {MAX_REQUEST} bytes")
        elif not line.strip():
            reply = error_reply(None, "an empty line is not a request")
        else:
            reply = adapter.handle_line(line)
        data = encode(reply)
        if log is not None:
            log(">", line)
            log("<", data)
        try:
            write(data)
            flush()
        except (BrokenPipeError, OSError):
            return 0  # the kit went away
    return 0


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
        try:
            log_file = open(args.log, "ab")  # noqa: SIM115 - closed below
        except OSError as err:
            from .user_input import UsageError

            raise UsageError(f"--log {args.log}: {err.strerror}") from None

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
    """``python -m fivetenk.adapter``: the same as ``fivetenk adapter``, starting faster
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
