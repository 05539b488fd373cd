"""One running implementation: its process, and its pipes read and written without blocking.

Why a module of its own: the driver (:mod:`fivetenk.impl.process_driver`) speaks the protocol
-- requests, replies, pipelining, errors with their context -- in terms of "write these
bytes by then" and "the next line, at most so long, by then". How those are done safely
with a process that may hang, flood, stop reading or die is another concern: stdin written
without blocking (an implementation that stops reading cannot hang the kit), stdout read
into a buffer of at most about ``max_line`` bytes with a deadline (and a short spin before
sleeping, see :func:`fivetenk.impl.process_driver.default_spin`), stderr drained by a thread
into a ring buffer (:data:`STDERR_KEEP`), so a chatty implementation never blocks on a
full pipe. A fault there is a :class:`PipeFailure`, which the driver turns into a
:class:`~fivetenk.impl.drivers.DriverError` with context.

Each process started is registered until it is killed, and :func:`kill_all` (an
:mod:`atexit` hook) kills whatever is left when the kit exits; killing one kills its whole
tree (:mod:`fivetenk.impl.process_tree`).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import secrets
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .process_tree import TOKEN_VARIABLE, become_subreaper, kill_tree, proc_stat, reap, reap_adopted

STDERR_KEEP = 64 << 10
"""The implementation's stderr kept in memory (the last 64 KiB)."""
RECEIVED_CONTEXT = 2000
"""Characters of a bad reply put in an errored result's context."""
REAP_WAIT = 60.0
"""Seconds at most spent waiting for killed processes to be reaped: an outer bound, for a
process that cannot die (stuck in the kernel). A killed process dies as soon as it gets a
processor, in milliseconds on a quiet machine; on a busy one, with thousands of a chain's
zombies to reap, 5 seconds were not always enough."""
_CHUNK = 1 << 16

_LIVE: set[ImplProcess] = set()
"""Implementations started and not yet killed, for the :mod:`atexit` hook."""
_LIVE_LOCK = threading.Lock()


@atexit.register
def kill_all() -> None:
    """Kill every implementation still running (and all its descendants): the kit is
    exiting, whatever the reason."""
    with _LIVE_LOCK:
        processes = list(_LIVE)
    for proc in processes:
        with contextlib.suppress(Exception):
            proc.kill()


def kill_strays(tokens: Sequence[str], since: int) -> set[int]:
    """Kill and reap what killed worker processes left: every process whose environment
    carries one of ``tokens`` (:data:`~fivetenk.impl.process_tree.TOKEN_VARIABLE`, given to each
    worker's implementations, see :mod:`fivetenk.impl.workers`), their descendants, and the
    orphans the kit adopted since ``since`` (clock ticks after boot) in another session
    -- never the implementations still registered here (the kit's own). The pids found.

    A worker killed by SIGTERM or SIGKILL cannot kill its implementation: its processes
    are re-parented to the kit (a subreaper) or to init, and found here by their token."""
    if os.name != "posix" or not tokens:
        return set()
    with _LIVE_LOCK:
        others = list(_LIVE)
    spare = frozenset(p.popen.pid for p in others)
    spare_tokens = tuple(p.token for p in others)
    killed: set[int] = set()
    for token in tokens:  # no root and no session: -1 is nobody's
        killed |= kill_tree(-1, root_alive=False, session=-1, token=token, since=since,
                             spare=spare, spare_tokens=spare_tokens)
    deadline = time.monotonic() + REAP_WAIT
    reap(killed, -1, deadline)
    reap_adopted(since, spare, deadline)
    return killed


class PipeFailure(Exception):
    """Internal: an I/O fault, turned into a DriverError with context by the driver."""

    def __init__(self, message: str, received: bytes | None = None) -> None:
        super().__init__(message)
        self.received = received


class _StderrTail(threading.Thread):
    """Drains a pipe into a ring buffer of the last ``keep`` bytes (daemon thread)."""

    def __init__(self, fd: int, keep: int) -> None:
        super().__init__(name="fivetenk-stderr", daemon=True)
        self.fd = fd
        self.keep = keep
        self.data = bytearray()
        self.total = 0
        self.lock = threading.Lock()

    def run(self) -> None:
        # signals are the main thread's: a Ctrl-C the main thread holds back (the fuzzer
        # does while it starts its workers) must not be taken, and lost, here
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK,
                                   {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
        while True:
            try:
                chunk = os.read(self.fd, _CHUNK)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.data += chunk
                self.total += len(chunk)
                excess = len(self.data) - self.keep
                if excess > 0:
                    del self.data[:excess]

    def since(self, mark: int, limit: int) -> str:
        """What was written after the ``total`` was ``mark`` (the last ``limit`` chars)."""
        with self.lock:
            fresh = min(self.total - mark, len(self.data))
            data = bytes(self.data[len(self.data) - fresh:]) if fresh > 0 else b""
        text = data.decode("utf-8", errors="replace")
        if len(text) > limit:
            text = "…" + text[-limit:]
        return text


Spawn = Callable[[list[str], dict[str, str], "str | None"], Any]
"""How an implementation is started: (argv, environment, folder) -> a process with the
interface of :class:`subprocess.Popen` (``pid``, ``stdin``/``stdout``/``stderr`` pipes,
``poll``, ``wait``, ``kill``, ``returncode``), in a session of its own. The default runs
``argv`` (never through a shell); the mutation tool forks an adapter serving a mutated
engine instead (:mod:`fivetenk.mutation.through_adapter`). A process so spawned must
start no process of its own: it alone is killed, no descendant is looked for."""


def _popen(argv: list[str], env: dict[str, str], cwd: str | None) -> subprocess.Popen[bytes]:
    posix = os.name == "posix"
    return subprocess.Popen(  # an argument list, never a shell
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        bufsize=0, env=env, cwd=cwd, start_new_session=posix, close_fds=True)


class ImplProcess:
    """One running implementation: non-blocking stdin, line reader on stdout, stderr tail."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None,
                 cwd: str | None, spin: float = 0.0, token: str = "",
                 spawn: Spawn | None = None) -> None:
        posix = os.name == "posix"
        self.spin = spin
        self.token = token or secrets.token_hex(16)
        environment = dict(os.environ if env is None else env)
        environment[TOKEN_VARIABLE] = self.token
        if posix:
            become_subreaper()
        self.popen: Any = (spawn or _popen)(list(argv), environment, cwd)
        self.alone = spawn is not None
        """A process the kit spawned itself (:data:`Spawn`) starts no other: killing it is
        enough, without scanning ``/proc`` for descendants (a scan reads every process's
        status: with thousands of processes on the machine, a second or more)."""
        with _LIVE_LOCK:
            _LIVE.add(self)
        started = proc_stat(self.popen.pid)
        self.since = started[3] if started else 0
        self.killed = False
        assert self.popen.stdin and self.popen.stdout and self.popen.stderr
        self.stdin = self.popen.stdin.fileno()
        self.stdout = self.popen.stdout.fileno()
        self.buffer = bytearray()
        self.stderr = _StderrTail(self.popen.stderr.fileno(), STDERR_KEEP)
        self.stderr.start()
        self.poll: Any = None
        if hasattr(select, "poll"):
            os.set_blocking(self.stdin, False)
            self.poll = select.poll()
            self.poll.register(self.stdout, select.POLLIN)
            self.wpoll = select.poll()
            self.wpoll.register(self.stdin, select.POLLOUT)
        else:  # pragma: no cover - platforms without poll(): a reader thread feeds a queue

            self.chunks: queue.Queue[bytes] = queue.Queue()
            threading.Thread(target=self._pump, name="fivetenk-stdout", daemon=True).start()

    def _pump(self) -> None:  # pragma: no cover - see above
        while True:
            try:
                chunk = os.read(self.stdout, _CHUNK)
            except OSError:
                chunk = b""
            self.chunks.put(chunk)
            if not chunk:
                return

    def write(self, data: bytes, deadline: float) -> None:
        """Write all of ``data`` by ``deadline``; PipeFailure if the process is gone or stuck."""
        view = memoryview(data)
        while view:
            try:
                written = os.write(self.stdin, view)
            except BlockingIOError:
                written = 0
            except (BrokenPipeError, OSError):
                raise PipeFailure("input") from None
            view = view[written:]
            if view:
                wait = deadline - time.monotonic()
                if wait <= 0 or (self.poll is not None and not self.wpoll.poll(wait * 1000)):
                    raise PipeFailure("input")

    def try_write(self, view: memoryview) -> int:
        """Write what the pipe takes now, without waiting; the number of bytes written."""
        try:
            return os.write(self.stdin, view)
        except BlockingIOError:
            return 0
        except (BrokenPipeError, OSError):
            raise PipeFailure("input") from None

    def wait_writable(self, deadline: float) -> None:
        """Wait until stdin takes more bytes; PipeFailure("input") past ``deadline``."""
        wait = deadline - time.monotonic()
        if wait <= 0 or (self.poll is not None and not self.wpoll.poll(wait * 1000)):
            raise PipeFailure("input")

    def _chunk(self, wait: float) -> bytes | None:
        """The next bytes of stdout (b"" at end of file), or None after ``wait`` seconds.

        A reply usually comes within microseconds: the driver first polls without
        sleeping for up to ``spin`` seconds, which saves the wake-up latency of a blocked
        process (most of a round trip on a virtual machine), then sleeps in ``poll``."""
        poll = self.poll
        if poll is not None:
            if self.spin:
                give_up = time.perf_counter() + min(self.spin, max(wait, 0.0))
                while not poll.poll(0):
                    if time.perf_counter() > give_up:
                        if not poll.poll(max(wait - self.spin, 0.0) * 1000 + 0.5):
                            return None
                        break
            elif not poll.poll(max(wait, 0.0) * 1000 + 0.5):
                return None
            try:
                return os.read(self.stdout, _CHUNK)
            except OSError:
                return b""

        try:  # pragma: no cover
            return self.chunks.get(timeout=max(wait, 0.0))
        except queue.Empty:  # pragma: no cover
            return None

    def read_line(self, deadline: float, limit: int) -> bytes:
        """One line of stdout without its end of line; PipeFailure on timeout, end of file or a
        line longer than ``limit`` (never buffering more than about ``limit`` bytes)."""
        buffer = self.buffer
        start = 0
        while True:
            end = buffer.find(b"\n", start)
            if end >= 0:
                if end > limit:
                    break
                line = bytes(buffer[:end])
                del buffer[:end + 1]
                return line[:-1] if line.endswith(b"\r") else line
            if len(buffer) > limit:
                break
            start = len(buffer)
            chunk = self._chunk(deadline - time.monotonic())
            if chunk is None:
                raise PipeFailure("timeout", bytes(buffer[:RECEIVED_CONTEXT]))
            if not chunk:
                raise PipeFailure("eof", bytes(buffer[:RECEIVED_CONTEXT]))
            buffer += chunk
        head = bytes(buffer[:RECEIVED_CONTEXT])
        buffer.clear()
        raise PipeFailure("too long", head)

    def exited(self) -> int | None:
        code: int | None = self.popen.poll()
        return code

    def kill(self) -> None:
        """Kill the process and all its descendants (see :func:`kill_tree`; elsewhere than
        Linux, its process group), reap them, and release the pipes. Idempotent."""
        popen = self.popen
        if not self.killed:
            if os.name == "posix":  # the whole group at once: children of a wrapper script
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(popen.pid, signal.SIGKILL)
            with _LIVE_LOCK:
                others = [p for p in _LIVE if p is not self]
            killed: set[int] = set()
            if os.name == "posix" and not self.alone:
                killed = kill_tree(popen.pid, root_alive=popen.returncode is None,
                                    session=popen.pid, token=self.token, since=self.since,
                                    spare=frozenset(p.popen.pid for p in others),
                                    spare_tokens=tuple(p.token for p in others))
            if popen.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    popen.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                popen.wait(timeout=REAP_WAIT)
            reap(killed, popen.pid, time.monotonic() + REAP_WAIT)
            if os.name == "posix" and not self.alone:
                reap_adopted(self.since, frozenset([popen.pid, *(p.popen.pid for p in others)]),
                              time.monotonic() + REAP_WAIT)
            self.killed = True
            with _LIVE_LOCK:
                _LIVE.discard(self)
        self.stderr.join(timeout=1)
        self.close_pipes()
        if not self.stderr.is_alive() and self.popen.stderr is not None:
            with contextlib.suppress(OSError):
                self.popen.stderr.close()

    def close_pipes(self) -> None:
        for stream in (self.popen.stdin, self.popen.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
