"""ProcessDriver: any implementation, in any language, behind the JSON-lines protocol.

The implementation is one long-lived process (``subprocess.Popen`` of an argument list,
never through a shell). The driver speaks :mod:`fivetenk.impl.protocol` over its stdin/stdout:
a ``hello`` handshake on first use, then a ``start`` per scenario and one request per step,
and ``stop`` at the end.

Faults of the implementation are results, not crashes of the kit. Two kinds:

- *Framing faults* -- a reply that is late (``timeout`` seconds for each reply, pipelined
  or not), not strict JSON (:func:`~fivetenk.impl.framing.loads_strict`: nested deeper than
  :data:`~fivetenk.impl.framing.MAX_DEPTH`, a key twice, ``NaN``, a number beyond
  :data:`~fivetenk.impl.framing.MAX_INTEGER`, a lone surrogate), not an object, for the wrong
  ``seq``, without ``ok``/``result``, longer than ``max_line`` bytes, or a process that
  exits -- raise :class:`~fivetenk.impl.drivers.DriverError` with the context ``{"sent",
  "received", "stderr", "exit"}``; the runner reports the scenario *errored*. The process
  is then killed and, for the next scenario, started again, at most ``restarts`` times;
  once that budget is spent, every further scenario is errored at once with a message
  saying so. A protocol version the kit does not speak, or a malformed handshake, errors
  every scenario without restarting.
- *Invalid replies* -- well framed, but ``ok: false``, or a result that breaks the schema of
  its message kind (every reply is validated before the kit's own logic reads it:
  :func:`~fivetenk.impl.protocol.reply_problems`) -- error the scenario with the first problems
  (``$.result.path: what``), and the process is kept: the stream is still in step.

Every text the implementation controls is cut before it goes into a message or a context:
an ``ok: false`` error to :data:`~fivetenk.impl.protocol.ERROR_TEXT` characters, the hello name
and version to :data:`~fivetenk.impl.protocol.NAME_TEXT`, a received line to
:data:`RECEIVED_CONTEXT`, stderr to :data:`STDERR_CONTEXT`. (Escaping control characters
for display is the report's job.)

Reads are bounded: the driver never holds more than ``max_line`` bytes of an unfinished
reply, and the implementation's stderr is drained by a background thread into a ring
buffer (the last 64 KiB), so a chatty implementation can never block on a full pipe.
Stdin is written without blocking, so an implementation that stops reading cannot hang the
kit either. No sleeps in a round trip, and one process per run: a round trip costs two
small writes, two reads and a JSON encode/decode each way. (The process and its pipes:
:mod:`fivetenk.impl.process_pipes`.)

Clean-up: when the driver closes, kills a misbehaving implementation, or the kit exits
(normally, by an exception, or by SIGINT/SIGTERM/SIGHUP, which :func:`fivetenk.cli.main`
turns into exceptions; an :mod:`atexit` hook closes whatever is left), the implementation
and *all its descendants* are killed (SIGKILL) and reaped -- also those that called
``setsid()`` or double-forked to escape: how, and the limits, in
:mod:`fivetenk.impl.process_tree`.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .. import __version__
from ..model.bounded import shorten
from .drivers import CAPABILITIES, DriverError
from .framing import ReplyError, parse_reply
from .hello import Hello, parse_hello
from .process_pipes import RECEIVED_CONTEXT, ImplProcess, PipeFailure, Spawn
from .protocol import (
    ERROR_TEXT,
    CheckTimeout,
    VersionError,
    check_version,
    describe_rejection,
    encode,
    hello_problems,
    hello_request,
    reply_problems,
    start_request,
    step_request,
)

KIT = f"fivetenk {__version__}"
OUT_OF_TIME = "the command's time budget ran out"
"""Said of a wait cut short, or a start refused, at :attr:`ProcessDriver.until`."""
RESTART_BUDGET_SPENT = "not starting the implementation again: the restart budget"
"""How a start refused because the restart budget is spent begins."""
DEFAULT_TIMEOUT = 10.0
"""Seconds to wait for each reply."""
MAX_TIMEOUT = 3600.0
"""The longest timeout accepted (an hour per reply): beyond it a wait is a mistake, and
``poll()`` cannot wait longer than about 24 days anyway."""
DEFAULT_RESTARTS = 5
"""How many times a misbehaving implementation is started again."""
MAX_RESTARTS = 100
"""The largest restart budget accepted."""
MAX_LINE = 1 << 20
"""The longest reply line read (1 MiB); a longer one errors the scenario."""
STDERR_CONTEXT = 4000
"""Characters of stderr put in an errored result's context."""
STOP_GRACE = 2.0
"""Seconds (at most; never more than the timeout) given to the implementation to answer
``stop`` and to exit by itself, each, before it is killed."""
SPIN = 200e-6
"""Seconds to poll for a reply before sleeping, on a machine with several processors."""


def default_spin() -> float:
    """:data:`SPIN` with several processors, else 0.

    Most replies come within a few hundred microseconds; polling without sleeping for that
    long saves the wake-up latency of a blocked process, most of a round trip on a virtual
    machine (about a quarter of the suite's time through the protocol). With one processor
    spinning would only delay the implementation, which needs that processor to reply."""
    return SPIN if (os.cpu_count() or 1) > 1 else 0.0


_hurry = False


def hurry(now: bool = True) -> None:
    """The kit is exiting on a signal (SIGINT, SIGTERM, SIGHUP): from now on
    :meth:`ProcessDriver.close` kills at once instead of asking the implementation to
    ``stop`` (which could take :data:`STOP_GRACE` seconds more of a CI job's grace period
    when it hangs). ``hurry(False)`` undoes it (for a process that goes on: tests)."""
    global _hurry
    _hurry = now


Trace = Callable[[dict[str, Any], dict[str, Any] | None], None]
"""Called with each request and its parsed reply (``None`` if there was no valid reply)."""


class ProcessDriver:
    """A :class:`~fivetenk.impl.drivers.Driver` for an implementation that speaks the adapter
    protocol. ``command`` is an argument list or a command line (split with
    :func:`shlex.split`, never run through a shell).

    ``timeout``: seconds for each reply (at most :data:`MAX_TIMEOUT`), counted from the
    moment the kit waits for that reply: when requests are pipelined, each reply has its
    own ``timeout`` from the previous one, never a deadline shared with it;
    ``restarts``: how many times the implementation is started again after misbehaving
    (at most :data:`MAX_RESTARTS`); ``trace``: called with every request and reply (for
    tests and debugging); ``env``/``cwd``: the implementation's environment and folder;
    ``spin``: seconds to poll for a reply without sleeping before blocking (default
    :func:`default_spin`); ``pipeline``: read the reply to ``start``
    with the reply to the first step (one round trip less per scenario); ``spawn``: how the
    implementation is started (:data:`Spawn`; default: run ``command``).
    Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, command: str | Sequence[str], *, timeout: float = DEFAULT_TIMEOUT,
                 restarts: int = DEFAULT_RESTARTS, max_line: int = MAX_LINE,
                 trace: Trace | None = None, env: Mapping[str, str] | None = None,
                 cwd: str | None = None, spin: float | None = None,
                 pipeline: bool = True, spawn: Spawn | None = None) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv or not argv[0].strip():
            raise ValueError("the implementation command is empty")
        if not 0 < timeout <= MAX_TIMEOUT:
            raise ValueError(f"the timeout must be positive and at most {MAX_TIMEOUT:g} s")
        if not 0 <= restarts <= MAX_RESTARTS:
            raise ValueError(f"the restart budget cannot be negative or above {MAX_RESTARTS}")
        self.argv = argv
        self.command = shlex.join(argv)
        self.timeout = timeout
        self.restarts = restarts
        self.max_line = max_line
        self.trace = trace
        self.env = env
        self.cwd = cwd
        self._spin = default_spin() if spin is None else spin
        self.pipeline = pipeline
        self.spawn = spawn
        self.vouched: Callable[[str, dict[str, Any]], bool] | None = None
        """Optional: says a result is one the reference engine itself gave for this request
        (the fuzzer knows the reference's answers in advance). Such a result is valid by
        construction -- the reference's answers are schema-valid, the kit's tests check it
        over the whole suite -- so its schema check is skipped: the check costs about 70%
        of the kit's time when fuzzing whole hands, and almost every reply equals the
        reference's. A reply with extra envelope keys is always checked."""
        self.launches = 0
        """How many times the implementation was started."""
        self.start_error: OSError | None = None
        """Why the operating system would not start the command (an interpreter named by
        its ``#!`` line that is missing, a file of a format it cannot run), if it would
        not: :func:`fivetenk.commands.check.open_driver` makes it a usage error."""
        self.hello: Hello | None = None
        self.token = secrets.token_hex(16)
        """The value of :data:`~fivetenk.impl.process_tree.TOKEN_VARIABLE` in the implementation's
        environment."""
        self._proc: ImplProcess | None = None
        self._closed = False
        """Closed and not started since: reading the profile does not start it again."""
        self._seq = 0
        self._mark = 0
        self._fatal: DriverError | None = None
        self._failure: DriverError | None = None
        self._last_error = ""
        self._hello_sent: dict[str, Any] | None = None
        self._pending_start: dict[str, Any] | None = None
        self._reply_deadline: float | None = None
        """The deadline of the reply read last: its schema check counts in its timeout."""
        self.until: float | None = None
        """Optional: a :func:`time.monotonic` instant no wait goes past (``fuzz --budget``
        bounds the whole command). A wait it cuts short is reported with
        :data:`OUT_OF_TIME` in its message, not as the implementation's timeout, and
        from then on the implementation is not started again (each start says so)."""

    def _deadline(self) -> float:
        """The deadline of one reply (or one write) that the kit starts waiting for now."""
        if self.until is not None:
            return min(time.monotonic() + self.timeout, self.until)
        return time.monotonic() + self.timeout

    def _out_of_time(self) -> bool:
        return self.until is not None and time.monotonic() >= self.until

    @property
    def spin(self) -> float:
        """Seconds to poll for a reply before sleeping (see the class docstring); setting it
        applies to the running implementation at once."""
        return self._spin

    @spin.setter
    def spin(self, value: float) -> None:
        self._spin = value
        if self._proc is not None:
            self._proc.spin = value

    @property
    def last_error(self) -> str:
        """What went wrong with the implementation last ("" if nothing did)."""
        return self._last_error

    @property
    def restarts_spent(self) -> bool:
        """Whether the implementation is down and the restart budget forbids starting it
        again."""
        return self._proc is None and self.launches > self.restarts

    # -- the Driver protocol ---------------------------------------------------------------
    @property
    def name(self) -> str:
        """``name version`` from the handshake, else the command."""
        if self.hello is None:
            return self.command
        return f"{self.hello.name} {self.hello.version}".strip()

    @property
    def capabilities(self) -> frozenset[str]:
        """The capabilities from the handshake (starting the implementation if needed).

        If the implementation cannot be started or handshaken, every capability is assumed,
        so that the scenario reaches :meth:`start`, which reports it errored."""
        self._ensure(raise_failure=False)
        if self.hello is None:
            return frozenset(CAPABILITIES)
        return self.hello.capabilities

    @property
    def shapes(self) -> frozenset[str] | None:
        """The shapes from the handshake (None: every shape, also when it failed)."""
        self._ensure(raise_failure=False)
        return None if self.hello is None else self.hello.shapes

    @property
    def unsupported_defaults(self) -> dict[str, tuple[str, ...]]:
        """The variants whose default the implementation does not play (its handshake
        listed them without the default), with the values it offers instead."""
        self._ensure(raise_failure=False)
        return {} if self.hello is None else self.hello.unsupported_defaults

    def supports_variants(self, variants: dict[str, str]) -> bool:
        self._ensure(raise_failure=False)
        return True if self.hello is None else self.hello.supports(variants)

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        """Send ``start``. With ``pipeline`` (the default) its reply is read together with
        the reply to the first step, saving a round trip per scenario: a setup the
        implementation rejects then errors the scenario at its first step. Without it, a
        rejected setup raises :class:`DriverError` at once."""
        self._closed = False
        self._ensure(raise_failure=True)
        assert self._proc is not None
        if self._pending_start is not None:  # a scenario that ran no step
            self._finish_start(None)
        self._mark = self._proc.stderr.total
        request = start_request(self._next_seq(), variants, setup)
        if not self.pipeline:
            result = self._call(request)
            if result.get("accepted") is False:
                raise self._rejected(result, request)
            return result
        self._send(request)
        self._pending_start = request
        return {"accepted": True}

    def start_reply(self, variants: dict[str, str],
                    setup: dict[str, Any] | None) -> dict[str, Any]:
        """Send ``start`` and return its reply at once, a refusal included (not raised):
        for a scenario that expects its setup to be refused, whose verdict is that reply
        (:func:`fivetenk.suite.runner.start_reply`)."""
        self._closed = False
        self._ensure(raise_failure=True)
        assert self._proc is not None
        if self._pending_start is not None:  # a scenario that ran no step
            self._finish_start(None)
        self._mark = self._proc.stderr.total
        return self._call(start_request(self._next_seq(), variants, setup))

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        if self._proc is None:
            raise DriverError("the implementation is not running (the scenario did not start)")
        request = step_request(step, self._next_seq())
        if self._pending_start is None:
            return self._call(request)
        try:
            self._proc.write(encode(request), self._deadline())
        except PipeFailure as failure:  # it probably died on start: blame start if so
            self._finish_start(None)
            raise self._io_error(failure, request) from None
        self._finish_start(request)
        return self._receive(request)

    def run_many(self, steps: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Run a scenario's steps with one stream of requests instead of a round trip each
        (see :meth:`_exchange`). A reply of ``ok: false`` errors its step. A
        :class:`DriverError` carries ``index``: the step it belongs to (-1: the ``start``)."""
        if self._proc is None:
            raise DriverError("the implementation is not running (the scenario did not start)")
        start, self._pending_start = self._pending_start, None
        requests = ([start] if start is not None else []) + [
            step_request(step, self._next_seq()) for step in steps]
        first = 1 if start is not None else 0
        results: list[dict[str, Any]] = []
        failure: DriverError | None = None
        try:
            for i, reply in enumerate(self._exchange(requests, sent=first)):
                if isinstance(reply, DriverError) or (i < first and reply.get("accepted") is False):
                    failure = failure or self._indexed(self._refusal(reply, requests[i]), i - first)
                results.append(reply if isinstance(reply, dict) else {})
        except DriverError as err:
            raise self._indexed(err, (err.index or 0) - first) from None
        if failure is not None:
            raise failure
        return results[first:]

    def stream(self, units: Sequence[tuple[dict[str, str], dict[str, Any] | None,
                                           Sequence[dict[str, Any]]]],
               ) -> list[list[dict[str, Any]] | DriverError]:
        """Run several scenarios (``(variants, setup, steps)`` each) in one stream of
        requests: no round trip per scenario. One entry per scenario, in order: its step
        results, or the :class:`DriverError` of a scenario the implementation refused (its
        ``index`` names the step, -1 the setup). If the implementation fails (crash, hang,
        garbage), the failing scenario's entry is that error and the list stops there: the
        caller runs the rest again (the implementation is restarted on the next start)."""
        self._closed = False
        self._ensure(raise_failure=True)
        if self._pending_start is not None:
            self._finish_start(None)
        self._mark = self._proc.stderr.total if self._proc is not None else 0
        requests: list[dict[str, Any]] = []
        owner: list[tuple[int, int]] = []  # (scenario, step) of each request; step -1: start
        for u, (variants, setup, steps) in enumerate(units):
            requests.append(start_request(self._next_seq(), variants, setup))
            owner.append((u, -1))
            for k, step in enumerate(steps):
                requests.append(step_request(step, self._next_seq()))
                owner.append((u, k))
        out: list[list[dict[str, Any]] | DriverError] = [[] for _ in units]
        try:
            for i, reply in enumerate(self._exchange(requests, sent=0)):
                u, k = owner[i]
                entry = out[u]
                if isinstance(entry, DriverError):
                    continue  # an earlier step of this scenario was refused
                if isinstance(reply, DriverError) or (k < 0 and reply.get("accepted") is False):
                    out[u] = self._indexed(self._refusal(reply, requests[i]), k)
                elif k >= 0:
                    entry.append(reply)
        except DriverError as err:
            u, k = owner[err.index or 0]
            done = out[u]
            out[u] = self._indexed(err, k)
            if isinstance(done, list):  # the results of its steps before the failing one
                err.partial = done
            return out[:u + 1]
        return out

    def _refusal(self, reply: dict[str, Any] | DriverError,
                 request: dict[str, Any]) -> DriverError:
        """The error of a refused request: the ``ok: false`` error, or a rejected setup."""
        if isinstance(reply, DriverError):
            return reply
        return self._rejected(reply, request)

    def _rejected(self, result: dict[str, Any], request: dict[str, Any]) -> DriverError:
        """The error of a setup the implementation rejected (a schema-valid rejection)."""
        return DriverError(describe_rejection(result), {
            "sent": request, "received": shorten(json.dumps(result), RECEIVED_CONTEXT),
            "stderr": "" if self._proc is None else
            self._proc.stderr.since(self._mark, STDERR_CONTEXT)})

    def _exchange(self, requests: Sequence[dict[str, Any]], *, sent: int,
                  ) -> Iterator[dict[str, Any] | DriverError]:
        """Write ``requests`` (the first ``sent`` of them already written) while reading
        their replies, yielding each reply's result, or the DriverError of an ``ok: false``
        or schema-invalid reply, in order. It never blocks on a reply whose request is not
        fully written, so neither side can wait for the other. Each reply has its own
        timeout, from the moment the kit starts waiting for it. A failure of the process
        (crash, hang, garbage: the process is killed) raises DriverError with ``index`` =
        the request."""
        proc = self._proc
        assert proc is not None
        data = bytearray()
        ends = [0] * len(requests)  # where each request ends in ``data`` (0: sent before)
        for i in range(sent, len(requests)):
            data += encode(requests[i])
            ends[i] = len(data)
        view = memoryview(bytes(data))
        written = 0
        complete = sent  # requests fully written
        received = 0
        deadline = self._deadline()
        while received < len(requests):
            if written < len(view):
                try:
                    count = proc.try_write(view[written:])
                    written += count
                    while complete < len(requests) and ends[complete] <= written:
                        complete += 1
                    if count:
                        deadline = self._deadline()
                        continue
                    if received >= complete:  # no reply owed for a whole request yet
                        proc.wait_writable(deadline)
                        continue
                except PipeFailure as failure:
                    raise self._indexed(self._io_error(failure, requests[received]),
                                        received) from None
            try:
                result: dict[str, Any] | DriverError = self._receive(requests[received])
            except DriverError as err:
                if self._proc is None:  # killed: a crash, hang or garbage
                    raise self._indexed(err, received) from None
                # up to STREAM_CHUNK errors are held at once: drop the frames (and the
                # reply text they hold) that the traceback would keep alive
                err.__traceback__ = err.__context__ = None
                result = err
            received += 1
            deadline = self._deadline()
            yield result

    @staticmethod
    def _indexed(err: DriverError, index: int) -> DriverError:
        err.index = index
        return err

    def step_started(self, index: int) -> None:
        """Nothing to file (``fivetenk show``'s recorder files the exchanges by step)."""

    def close(self) -> None:
        """Send ``stop``, give the process a moment to answer and exit (:data:`STOP_GRACE`
        each, at most the timeout), then kill what is left of it and its descendants. After
        :func:`hurry`, kill at once. Reading the profile afterwards does not start it
        again (a start does)."""
        self._closed = True
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.exited() is None and not _hurry:
                grace = min(self.timeout, STOP_GRACE)
                try:
                    proc.write(encode({"cmd": "stop", "seq": self._next_seq()}),
                               time.monotonic() + grace)
                    proc.read_line(time.monotonic() + grace, self.max_line)
                    proc.close_pipes()
                    proc.popen.wait(timeout=grace)
                except (PipeFailure, subprocess.TimeoutExpired, OSError):
                    pass
        finally:
            proc.kill()

    def __enter__(self) -> ProcessDriver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- process management ----------------------------------------------------------------
    def _finish_start(self, then: dict[str, Any] | None) -> None:
        """Read the reply to the pipelined ``start``; if it failed, also read (and drop) the
        reply to ``then``, the request already sent after it, to stay in step."""
        start, self._pending_start = self._pending_start, None
        assert start is not None
        try:
            result = self._receive(start)
        except DriverError:
            if self._proc is not None and then is not None:
                self._drop_reply(then)
            raise
        if result.get("accepted") is False:
            if then is not None:
                self._drop_reply(then)
            raise self._rejected(result, start)

    def _drop_reply(self, request: dict[str, Any]) -> None:
        with contextlib.suppress(DriverError):
            self._receive(request)

    def _next_seq(self) -> int:
        seq = self._seq
        self._seq += 1
        return seq

    def prestart(self) -> None:
        """Start the implementation and send ``hello`` now, without waiting for the reply
        (read on first use), so that it boots while the kit does other work."""
        self._closed = False
        if self._proc is None and self.launches == 0 and self._failure is None:
            try:
                self._launch(wait=False)
            except DriverError as err:
                self._failure = err

    def _ensure(self, *, raise_failure: bool) -> None:
        """A running, handshaken implementation; else remember why not, and raise it with
        ``raise_failure`` (from :meth:`start`). A remembered failure is used up by the
        next :meth:`start`, so each scenario makes at most one attempt to (re)start. A
        closed driver is not started by reading its profile (without ``raise_failure``)."""
        if self._proc is not None and self._hello_sent is None:
            return
        if self._closed and not raise_failure:
            return
        if self._failure is None:
            self._failure = self._attempt()
        if self._failure is not None and raise_failure:
            failure, self._failure = self._failure, None
            raise DriverError(str(failure), dict(failure.context))

    def _attempt(self) -> DriverError | None:
        """Finish a pending handshake, or start the implementation (again) if allowed."""
        try:
            if self._proc is not None:
                self._handshake()
                return None
            if self._fatal is not None:
                return self._fatal
            if self._out_of_time():
                return DriverError(f"not starting the implementation: {OUT_OF_TIME}",
                                   {"command": self.command})
            if self.launches > self.restarts:
                return DriverError(
                    f"{RESTART_BUDGET_SPENT} "
                    f"({self.restarts}) is spent; the last failure was: {self._last_error}",
                    {"command": self.command})
            self._launch()
        except DriverError as err:
            return err
        return None

    def _launch(self, *, wait: bool = True) -> None:
        self.launches += 1
        try:
            self._proc = ImplProcess(self.argv, self.env, self.cwd, self._spin, self.token,
                                  self.spawn)
        except OSError as err:
            self.start_error = err
            self._fatal = DriverError(
                f"cannot start the implementation {self.command!r}: {err.strerror or err}",
                {"command": self.command})
            raise self._fatal from None
        self._seq = 0
        self._mark = 0
        request = hello_request(self._next_seq(), KIT)
        self._send(request)
        self._hello_sent = request
        if wait:
            self._handshake()

    def _handshake(self) -> None:
        """Read and check the reply to the ``hello`` sent by :meth:`_launch`: the protocol
        version first, then the schema (:func:`~fivetenk.impl.protocol.hello_problems`), then
        what the kit reads of it."""
        request, self._hello_sent = self._hello_sent, None
        assert request is not None
        result = self._receive(request, handshake=True)
        received = json.dumps(result).encode()
        try:
            check_version(result, KIT)
            problems = hello_problems(result, deadline=self._reply_deadline)
            if problems:
                raise ReplyError("; ".join(problems))
            self.hello = parse_hello(result, KIT)
        except ReplyError as err:
            message = str(err) if isinstance(err, VersionError) else f"bad handshake: {err}"
            raise self._error(message, request, received, fatal=True) from None

    def _call(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request and return the result of its reply; DriverError otherwise. The
        reply has the whole timeout, counted once the request is written."""
        self._send(request)
        return self._receive(request)

    def _send(self, request: dict[str, Any]) -> None:
        proc = self._proc
        assert proc is not None
        try:
            proc.write(encode(request), self._deadline())
        except PipeFailure as failure:
            raise self._io_error(failure, request) from None

    def _receive(self, request: dict[str, Any], *, handshake: bool = False) -> dict[str, Any]:
        """Read and check the reply to ``request``, waiting at most the timeout from now.

        A framing fault kills the process (:meth:`_error`); an ``ok: false`` reply or a
        schema-invalid result raises a DriverError but keeps the process, which is still in
        step. The handshake is checked by :meth:`_handshake`."""
        proc = self._proc
        assert proc is not None
        cmd, seq = request["cmd"], request["seq"]
        what = f"{cmd} (seq {seq})"
        deadline = self._reply_deadline = self._deadline()
        try:
            line = proc.read_line(deadline, self.max_line)
        except PipeFailure as failure:
            raise self._io_error(failure, request) from None
        try:
            reply = parse_reply(line, seq)
        except ReplyError as err:
            if self.trace is not None:
                self.trace(request, None)
            raise self._error(f"bad reply to {what}: {err}", request, line) from None
        if self.trace is not None:
            self.trace(request, {"seq": reply.seq, "ok": reply.ok,
                                 **({"result": reply.result} if reply.ok else
                                    {"error": reply.error})})
        if not reply.ok:
            error = shorten(reply.error, ERROR_TEXT)
            if handshake:
                raise self._error(f"the implementation refused the handshake: {error}",
                                  request, line, fatal=True)
            raise self._error(f"the implementation could not do {cmd}: {error}",
                              request, line, kill=False)
        if handshake or (self.vouched is not None and not reply.extra
                         and self.vouched(cmd, reply.result)):
            problems: list[str] = []
        else:
            try:
                problems = reply_problems(cmd, reply, request=request, deadline=deadline)
            except CheckTimeout:
                raise self._error(
                    f"the reply to {what} could not be checked against its schema within "
                    f"{self.timeout:g} s (the reply's timeout, which counts the check)",
                    request, line, kill=False) from None
        if problems:
            raise self._error(f"invalid reply to {what}: {'; '.join(problems)}", request, line,
                              kill=False)
        return reply.result

    def _io_error(self, failure: PipeFailure, request: dict[str, Any]) -> DriverError:
        reason = str(failure)
        what = f"{request['cmd']} (seq {request['seq']})"
        dying = reason in ("eof", "input")
        if reason == "timeout" and self._out_of_time():
            message = f"stopped waiting for the reply to {what}: {OUT_OF_TIME}"
        elif reason == "timeout":
            message = f"no reply to {what} within {self.timeout:g} s"
            if request["cmd"] == "plays":  # the longest answer to give (issue 28)
                hand = request.get("hand")
                size = f" (this one {len(hand)})" if isinstance(hand, list) else ""
                message += (f": plays is asked of hands of up to 32 cards{size}, and must "
                            "answer each within --timeout (schemas/protocol.md, plays)")
        elif reason == "too long":
            message = f"the reply to {what} is longer than {self.max_line} bytes; stopped reading"
        elif reason == "eof":
            message = f"the implementation closed its output before replying to {what}"
        else:
            message = f"the implementation stopped reading its input ({what} not sent)"
        return self._error(message, request, failure.received, dying=dying)

    def _error(self, message: str, request: dict[str, Any], received: bytes | None, *,
               fatal: bool = False, kill: bool = True, dying: bool = False) -> DriverError:
        """A DriverError with context; unless ``kill`` is false (a well-framed reply), the
        process is killed first so its last stderr and exit code are known. ``dying``: the
        process closed a pipe, so it is probably exiting: its exit code is awaited briefly."""
        proc = self._proc
        context: dict[str, Any] = {"sent": request}
        text = "" if received is None else \
            received[:RECEIVED_CONTEXT * 4].decode("utf-8", errors="replace")
        context["received"] = shorten(text, RECEIVED_CONTEXT)
        if proc is not None and kill:
            exit_code = proc.exited()
            if exit_code is None and dying:
                try:
                    exit_code = proc.popen.wait(timeout=1)
                except subprocess.TimeoutExpired:
                    exit_code = None
            proc.kill()
            self._proc = None
            self._hello_sent = None
            self._pending_start = None
            if exit_code is not None:
                context["exit"] = exit_code
                message = (f"the implementation exited with code {exit_code} before "
                           f"replying to {request['cmd']} (seq {request['seq']})")
        context["stderr"] = "" if proc is None else proc.stderr.since(self._mark, STDERR_CONTEXT)
        self._last_error = message
        error = DriverError(message, context)
        if fatal:
            self._fatal = error
        return error


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - a debugging aid
    """``python -m fivetenk.impl.process_driver CMD…``: handshake and print what it said."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m fivetenk.impl.process_driver COMMAND [ARGS…]", file=sys.stderr)
        return 2
    with ProcessDriver(args) as driver:
        try:
            driver._ensure(raise_failure=True)
        except DriverError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        assert driver.hello is not None
        print(json.dumps({"name": driver.name, "capabilities": sorted(driver.capabilities),
                          "shapes": sorted(driver.hello.shapes),
                          "variants": driver.hello.variants,
                          "warnings": list(driver.hello.warnings)}))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
