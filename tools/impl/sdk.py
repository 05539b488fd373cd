"""A small SDK for adapters written in Python: the protocol plumbing, done (issue 20).

An adapter speaks the JSON-lines protocol of ``schemas/protocol.md`` between the kit and
an engine. This module does everything that is the same for every engine -- the framing
(one JSON object a line, a bounded line length, nothing but replies on stdout), the
handshake built from what the engine declares, the dispatch on ``cmd``, ``seq`` echoed,
error replies that never end the session -- so that an adapter is one class with a
method per command, each a function to fill::

    from fivetenk.impl.sdk import Engine, reject, serve

    class MyEngine(Engine):
        name, version = "my-engine", "0.3.0"
        protocol = "1.4"                          # the conventions you were written for
        capabilities = ("classify", "beats")      # the commands you answer
        shapes = ("single", "pair", "bomb")       # the shapes you play (None: all)
        variants = {}                             # per variant, the values (none: defaults)

        def classify(self, request):              # {"cmd": "classify", "cards": [...]}
            if len(request["cards"]) == 0:
                return reject("R03.1", "no cards")  # a refusal the kit expects (D35)
            return {"legal": True, "readings": ["pair 3"]}

    if __name__ == "__main__":
        raise SystemExit(serve(MyEngine()))

A command whose method is not written answers ``ok: false`` with "classify is not
implemented": the kit reports each scenario that needs it as errored with that message
(exit 1), and the session goes on. An exception in a method is an ``ok: false`` reply
with its text (``bad classify request: KeyError: 'cards'`` for a malformed request,
``internal error in classify: …`` for anything else), never a crash. A refusal the rules
call for is not an error but a result: :func:`reject` builds it (``{"accepted": false,
"clause": "R01.1", "error": {…}}``), and raising :class:`Rejected` anywhere in a command
method answers the same.

``protocol`` is the protocol version the engine was written for, ``"1.N"``: the kit judges
the conventions of schemas/protocol.md (section 8: which rejection cites which clause, how
a reading is declared) up to minor version N, and skips the scenarios of later ones,
naming them. It defaults to ``1`` (``1.0``) and never follows the kit by itself: an
upgraded kit cannot start judging an adapter on a convention its author has not read. ``fivetenk
new-adapter --lang python DIR`` writes such a class with every method in place;
``fivetenk adapter`` (:mod:`fivetenk.impl.adapter`) is the reference engine served by it.

Standard library only: the module can be copied beside an engine that cannot install the
kit.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, BinaryIO, Protocol

from .words import COMMANDS

PROTOCOL_VERSION = 1
"""The major protocol version spoken."""
PROTOCOL_LATEST = "1.4"
"""The latest minor version of protocol 1 this SDK's documentation describes (what
``fivetenk new-adapter`` writes into a new adapter; :data:`Engine.protocol` defaults to
``1``, that is 1.0)."""
MAX_REQUEST = 16 << 20
"""The longest request line read (16 MiB); a longer one is answered with an error."""


class Engine:
    """An engine behind the protocol: what it declares, and a method per command.

    Each command method takes the request (a dict: ``cmd``, ``seq`` and the command's
    fields) and returns the result object of schemas/protocol.md, section 4. The ones not
    overridden answer "not implemented". ``hello`` is built from the class attributes:
    ``name``, ``version``, ``capabilities`` (command words; ``queries`` is all five query
    commands), ``shapes`` (None: every shape), ``variants`` (variant -> the values
    played), ``protocol`` (the version written for: ``1`` or ``"1.N"``, see the module
    docstring), and ``profile``: any further optional hello fields, as they are: the
    profile words of ruling D39 (``pack``, ``runs``, ``run_top``, ``wings``, ``jokers``,
    ``extra_shapes``; schemas/protocol.md, hello), e.g. ``{"run_top": "K", "jokers":
    "alone"}`` for runs that stop at K and jokers that join no other cards."""

    name: str = "unnamed engine"
    version: str = "0.0.0"
    protocol: int | str = PROTOCOL_VERSION
    capabilities: Sequence[str] = ()
    shapes: Sequence[str] | None = None
    variants: Mapping[str, Sequence[str]] = {}
    profile: Mapping[str, Any] = {}

    def hello(self, request: dict[str, Any]) -> dict[str, Any]:
        """The handshake's result, from the class attributes."""
        result: dict[str, Any] = {"name": self.name, "version": self.version,
                                  "protocol": self.protocol,
                                  "capabilities": list(self.capabilities)}
        if self.shapes is not None:
            result["shapes"] = list(self.shapes)
        result["variants"] = {k: list(v) for k, v in self.variants.items()}
        result.update(self.profile)
        return result

    def start(self, request: dict[str, Any]) -> dict[str, Any]:
        """Forget the previous game; start this scenario's (``variants``, ``setup``: null,
        a ``deal`` or a ``position``). Result: ``{"accepted": true}`` or a rejection."""
        raise NotImplementedError

    def classify(self, request: dict[str, Any]) -> dict[str, Any]:
        """``cards`` -> ``{"legal": bool, "readings": [...]}``."""
        raise NotImplementedError

    def beats(self, request: dict[str, Any]) -> dict[str, Any]:
        """``reply``, ``top`` -> ``{"beats": bool, "reading": str | null}``."""
        raise NotImplementedError

    def plays(self, request: dict[str, Any]) -> dict[str, Any]:
        """``hand``, optional ``top`` -> ``{"count": int, "plays": [...]}``. The hand holds
        up to 32 cards (a banker's, with the kitty), answered within ``--timeout``."""
        raise NotImplementedError

    def points(self, request: dict[str, Any]) -> dict[str, Any]:
        """``cards`` -> ``{"points": int}``."""
        raise NotImplementedError

    def deck(self, request: dict[str, Any]) -> dict[str, Any]:
        """-> ``{"cards": 162, "faces": 54, "copies": 3, "points": 300}`` for this game."""
        raise NotImplementedError

    def act(self, request: dict[str, Any]) -> dict[str, Any]:
        """``action`` -> ``{"accepted": true, "clause": null}`` or a rejection."""
        raise NotImplementedError

    def observe(self, request: dict[str, Any]) -> dict[str, Any]:
        """Optional ``seat`` -> the observation (schemas/observation.schema.json)."""
        raise NotImplementedError

    def next_hand(self, request: dict[str, Any]) -> dict[str, Any]:
        """Deal the next hand (``deck``) -> ``{"accepted": true}`` or a rejection."""
        raise NotImplementedError

    def stop(self, request: dict[str, Any]) -> dict[str, Any]:
        """The session ends (the reply is sent, then :func:`serve` returns)."""
        return {}

    def error_text(self, cmd: str, err: Exception) -> str | None:
        """The error reply's text for an exception of a command method, or None for the
        SDK's own (see :meth:`Session.handle`). Override to word your engine's errors."""
        return None


def reject(clause: str | None, message: str, code: str | None = None) -> dict[str, Any]:
    """The result of a refusal the rules call for: ``{"accepted": false, "clause":
    clause, "error": {"clause": clause, "message": message}}`` (and ``code`` when given).
    ``clause`` is the rule clause the refusal cites (schemas/protocol.md, section 8, says
    which: R01.1 for a card that is no card or a fourth copy, R03.1 for no cards or a top
    that is no combination, D35's table for an action), or None where none applies (a text
    the notation cannot read). Only ``accepted`` and ``clause`` are compared; the message
    is shown in reports."""
    error: dict[str, Any] = {"clause": clause, "message": str(message)}
    if code is not None:
        error["code"] = str(code)
    return {"accepted": False, "clause": clause, "error": error}


class Rejected(Exception):
    """Raise it in a command method to answer :func:`reject` ``(clause, message, code)``:
    a refusal found deep in an engine's code, with the session going on."""

    def __init__(self, clause: str | None, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.result = reject(clause, message, code)


def ok_reply(seq: int | None, result: Mapping[str, Any]) -> dict[str, Any]:
    return {"seq": seq, "ok": True, "result": result}


def error_reply(seq: int | None, message: str) -> dict[str, Any]:
    return {"seq": seq, "ok": False, "error": message}


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as one line: compact ASCII JSON, newline-terminated."""
    return (json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n").encode("ascii")


def _kind(value: Any) -> str:
    return {list: "an array", str: "a string", type(None): "null", bool: "a boolean"}.get(
        type(value), "a number")


class Session:
    """The protocol state machine around an :class:`Engine`. :meth:`handle` turns one
    decoded request into one reply and never raises for bad input or an engine's
    exception; ``stopped`` turns true after ``stop``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.stopped = False

    def handle_line(self, line: bytes) -> dict[str, Any]:
        """The reply to one raw request line."""
        try:
            request = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            return error_reply(None, "the request is not JSON: not UTF-8 text")
        except (ValueError, RecursionError) as err:
            return error_reply(None, f"the request is not JSON: {err}")
        return self.handle(request)

    def handle(self, request: Any) -> dict[str, Any]:
        """The reply to one decoded request: ``ok: false`` for a request that is not an
        object, has no ``seq`` or an unknown ``cmd``, and for an exception of the command's
        method (:meth:`Engine.error_text`, else "X is not implemented", "bad X request:
        …" for KeyError, TypeError, ValueError and AttributeError, "internal error in X:
        …")."""
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
        method: Callable[[dict[str, Any]], Any] = getattr(self.engine, cmd)
        try:
            result = method(request)
        except Rejected as refusal:
            return ok_reply(seq, refusal.result)
        except NotImplementedError as err:
            detail = f": {err}" if str(err) else ""
            return error_reply(seq, f"{cmd} is not implemented{detail}")
        except Exception as err:  # an engine bug must not end the session
            text = self.engine.error_text(cmd, err)
            if text is None:
                what = "bad" if isinstance(err, KeyError | TypeError | ValueError |
                                           AttributeError) else "internal error in"
                text = (f"bad {cmd} request: {type(err).__name__}: {err}" if what == "bad"
                        else f"internal error in {cmd}: {type(err).__name__}: {err}")
            return error_reply(seq, text)
        if cmd == "stop":
            self.stopped = True
        if not isinstance(result, dict):
            return error_reply(seq, f"internal error in {cmd}: the engine returned "
                               f"{_kind(result)}, not a result object")
        return ok_reply(seq, result)


class Output(Protocol):
    """Where replies go: a binary stream's ``write`` and ``flush``."""

    def write(self, data: bytes, /) -> int: ...

    def flush(self) -> None: ...


def serve(engine: Engine | Session, stdin: BinaryIO | None = None,
          stdout: Output | None = None,
          log: Callable[[str, bytes], None] | None = None, *,
          max_request: int = MAX_REQUEST) -> int:
    """Answer requests from ``stdin`` (default: the process's) on ``stdout`` until
    ``stop`` or the end of input; 0. While serving the process's own stdout, ``print``
    goes to stderr, so a stray print cannot break the protocol. ``log(direction, data)``
    sees each request (``>``) and reply (``<``); a request line longer than
    ``max_request`` bytes is answered with an error (and skipped)."""
    session = engine if isinstance(engine, Session) else Session(engine)
    own = stdout is None
    if stdin is None:
        stdin = sys.stdin.buffer
    out: Output = stdout if stdout is not None else sys.stdout.buffer
    real_stdout = sys.stdout
    if own:
        sys.stdout = sys.stderr
    try:
        return _loop(session, stdin, out, log, max_request)
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stdout = real_stdout


def _loop(session: Session, stdin: BinaryIO, stdout: Output,
          log: Callable[[str, bytes], None] | None, max_request: int) -> int:
    readline, write, flush = stdin.readline, stdout.write, stdout.flush
    while not session.stopped:
        line = readline(max_request + 1)
        if not line:
            return 0
        if len(line) > max_request and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the line
                line = readline(1 << 20)
            reply = error_reply(None, f"the request is longer than {max_request} bytes")
        elif not line.strip():
            reply = error_reply(None, "an empty line is not a request")
        else:
            reply = session.handle_line(line)
        try:
            data = encode(reply)
        except (TypeError, ValueError, RecursionError) as err:  # a result JSON cannot hold
            data = encode(error_reply(reply.get("seq"), "internal error: the engine's result "
                                      f"cannot be written as JSON: {err}"))
        if log is not None:
            log(">", line)
            log("<", data)
        try:
            write(data)
            flush()
        except (BrokenPipeError, OSError):
            return 0  # the kit went away
    return 0


__all__ = ["COMMANDS", "MAX_REQUEST", "PROTOCOL_LATEST", "PROTOCOL_VERSION", "Engine",
           "Rejected", "Session", "encode", "error_reply", "ok_reply", "reject", "serve"]
