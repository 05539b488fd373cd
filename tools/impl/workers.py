"""Worker processes that always end, whatever a worker does (issue 29, item 2).

``fivetenk fuzz --workers N`` (and the strategy benchmark) hand tasks to N spawned
processes. :class:`Workers` runs them so that the kit never waits without a bound:

- each worker is a :mod:`multiprocessing` process (``spawn``) with a pipe of its own: no
  lock is shared between workers, so a worker killed while it reads its next task cannot
  leave another blocked on a queue's lock (``multiprocessing.Pool`` shares one: a worker
  dead of SIGTERM left its sibling blocked in ``SimpleQueue.get`` for ever, and
  ``Pool.terminate()`` joins every worker without a timeout, so a test run hung for 20
  minutes). The kit reads and writes each pipe in threads of its own, so a worker that
  stops halfway through a message cannot block it either;
- a worker that **dies** -- at start, halfway through a task, killed by anyone -- closes
  its pipe: the kit notices at once (and checks every :data:`POLL` seconds that each
  worker is alive);
- a worker that **stops answering**: a worker with tasks in hand reports its progress
  every :data:`BEAT` seconds (the task's code counts it with :func:`progress`: the fuzzer
  counts each case generated and each reply of the implementation); with no progress for
  ``stall`` seconds the kit gives it up. The bound is the caller's, from its own waits
  (the fuzzer: twice the reply timeout and :data:`STALL_GRACE`), so that only a worker
  that is stuck reaches it; it decides no verdict (the caller runs the task again itself).
  A worker that has not said it is ready gets ``start`` seconds (:data:`START_WAIT`);
- a failure is reported once, as :class:`WorkerFailure` and :attr:`Workers.failure`
  (which worker, what happened, with what in hand); the pool is then shut down and the
  caller runs what is left in its own process;
- **shutting down** (:meth:`Workers.close`, always, also after Ctrl-C): SIGTERM to every
  worker (a worker does not catch it: it dies at once), at most :data:`TERM_WAIT` seconds,
  then SIGKILL to any left (one that ignores SIGTERM, is stopped or blocked), at most
  :data:`KILL_WAIT` seconds, and every worker is reaped; one that not even SIGKILL ends
  (a process stuck in the kernel) is reported and let go, never waited for. Signals are
  held back meanwhile (a second Ctrl-C cannot cut it short), and the workers are not in
  :mod:`multiprocessing`'s own list of children, whose exit hook joins without a bound;
- the implementations the workers started: each worker's driver carries a token the kit
  chose (:func:`token`, in the implementation's environment as
  :data:`fivetenk.impl.process_tree.TOKEN_VARIABLE`), so that the processes of a worker that
  was killed are found, killed and reaped by the kit
  (:func:`fivetenk.impl.process_pipes.kill_strays`) -- as the kit's own implementation's are;
  the kit is a subreaper (:func:`fivetenk.impl.process_tree.become_subreaper`), so what a dead
  worker leaves is re-parented to it, not to init, and reaped.

Test-only hooks (never set them otherwise): :data:`FAULT_VARIABLE` makes one real worker
misbehave (:data:`FAULTS`), :data:`LOG_VARIABLE` names a file where workers note what they
do (so that a test waits on events, not on time), :data:`STALL_VARIABLE` replaces the
stall bound.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import math
import os
import queue
import secrets
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

POLL = 1.0
"""Seconds between two looks at the workers while the kit waits for a result."""
BEAT = 1.0
"""Seconds between two reports of a worker's progress."""
STALL_GRACE = 60.0
"""Seconds a worker may go without progress beyond the waits its own work allows (the
fuzzer: two reply timeouts, a failed reply's and the restarted implementation's
handshake) before it counts as stopped answering."""
START_WAIT = 120.0
"""Seconds a worker with tasks in hand may take to start (its Python, the kit's modules,
its implementation's handshake) before it counts as stuck, if ``stall`` is shorter."""
TERM_WAIT = 5.0
"""Seconds given to the workers to die of SIGTERM (a worker does not catch it: it takes
milliseconds) before SIGKILL."""
KILL_WAIT = 5.0
"""Seconds given to workers sent SIGKILL to die and be reaped."""
MAX_IN_HAND = 2
"""Tasks a worker holds at most: the one it runs and the next."""

FAULT_VARIABLE = "FIVETENK_TEST_WORKER_FAULT"
"""Test only: ``FAULT@N`` makes worker N (from 1) misbehave; see :data:`FAULTS`."""
LOG_VARIABLE = "FIVETENK_TEST_WORKER_LOG"
"""Test only: a file where each worker appends ``N PID EVENT`` lines (``ready``, ``task``,
``fault NAME``)."""
STALL_VARIABLE = "FIVETENK_TEST_WORKER_STALL"
"""Test only: seconds a worker may go without progress, instead of the caller's bound (a
positive number), so that a test of a stuck worker does not wait a minute."""
TERM_VARIABLE = "FIVETENK_TEST_WORKER_TERM_WAIT"
"""Test only: ``S@N``: seconds worker N (one a fault makes outlive SIGTERM for good) is
given to die of SIGTERM, instead of :data:`TERM_WAIT`; the others keep :data:`TERM_WAIT`."""
FAULTS = {
    "die-at-start": "exits (code 3) once started, before it says it is ready",
    "hang-at-start": "blocks for ever once started, before it says it is ready",
    "die": "exits (code 3) after running its first task, before answering",
    "kill": "sends itself SIGKILL after running its first task",
    "hang": "blocks for ever after running its first task (its beats go on)",
    "stop": "sends itself SIGSTOP after running its first task (nothing more comes)",
    "queue": "after answering its first task, blocks on a lock for ever, with a SIGTERM "
             "handler that keeps it alive (as a pool worker did on the task queue's lock)",
    "deaf": "ignores SIGTERM, and blocks for ever instead of ending with its input",
    "raise": "raises an exception in its first task",
}
"""The faults :data:`FAULT_VARIABLE` injects, and what each worker then does."""


class WorkerFailure(Exception):
    """A worker died, stopped answering or failed: the pool is closed; the message says
    which worker, what happened and what it had in hand."""


# -- in the worker -----------------------------------------------------------------------------

_progress = 0
_token = ""


def progress(steps: int = 1) -> None:
    """In a worker: the task moved on (the kit sees it at the next beat)."""
    global _progress
    _progress += steps


def token() -> str:
    """In a worker: the token its implementation's processes must carry
    (:data:`fivetenk.impl.process_tree.TOKEN_VARIABLE`), so that the kit finds them if the
    worker is killed."""
    return _token


def _note(number: int, event: str) -> None:
    path = os.environ.get(LOG_VARIABLE)
    if path:  # never blocking: a FIFO nobody reads is refused at once (ENXIO)
        with contextlib.suppress(OSError):
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o644)
            try:
                os.write(fd, f"{number} {os.getpid()} {event}\n".encode())
            finally:
                os.close(fd)


def _fault(number: int) -> str | None:
    name, _, which = os.environ.get(FAULT_VARIABLE, "").partition("@")
    return name if name in FAULTS and which == str(number) else None


def _block_signals() -> None:
    """In a helper thread: signals are the main thread's."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})


def _describe(err: BaseException) -> str:
    """An exception in a worker, as the kit's note shows it (bounded, visible)."""
    # lazy: a worker starts with as little as it can
    from ..model.bounded import visible

    return visible(f"{type(err).__name__}: {err}", 500)


def _forever() -> None:
    while True:
        threading.Event().wait(3600)


def _serve(conn: Any, number: int, tok: str, init: Callable[..., None] | None,
           init_args: tuple[Any, ...]) -> None:  # pragma: no cover - runs in the worker
    """A worker's life: start (``init``), then run each task received, answer it, until
    the kit closes the pipe or kills it.

    SIGINT is ignored (a Ctrl-C is the kit's to report, once); SIGTERM keeps its default,
    so the kit's SIGTERM ends the worker at once, whatever it is doing (no handler to run,
    none to keep it alive): the kit then kills its implementation."""
    global _token
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    _token = tok
    fault = _fault(number)
    if fault == "deaf":
        _note(number, "fault deaf")
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    lock = threading.Lock()

    def send(message: Any) -> bool:
        with lock:
            try:
                conn.send(message)
            except (OSError, ValueError):
                return False
        return True

    def beat() -> None:
        _block_signals()
        while send(("beat", _progress)):
            time.sleep(BEAT)

    if init is not None:
        try:
            init(*init_args)
        except BaseException as err:
            send(("failed", None, f"could not start: {_describe(err)}"))
            return
    if fault in ("die-at-start", "hang-at-start"):
        _note(number, f"fault {fault}")
        if fault == "hang-at-start":
            _forever()
        os._exit(3)
    send(("ready", os.getpid()))
    _note(number, "ready")
    threading.Thread(target=beat, name="fivetenk-beat", daemon=True).start()
    done = 0
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            break
        if message is None:
            break
        ticket, function, args = message
        _note(number, "task")
        try:
            if fault == "raise" and not done:
                _note(number, "fault raise")
                raise RuntimeError("a fault injected for a test")
            answer: tuple[Any, ...] = ("done", ticket, function(*args))
        except BaseException as err:  # reported by the kit, never a worker's traceback
            answer = ("failed", ticket, _describe(err))
        done += 1
        if done == 1 and fault in ("die", "kill", "hang", "stop"):
            _note(number, f"fault {fault}")
            if fault == "die":
                os._exit(3)
            if fault == "hang":
                _forever()
            os.kill(os.getpid(), signal.SIGKILL if fault == "kill" else signal.SIGSTOP)
        if not send(answer):
            break
        if done == 1 and fault == "queue":
            _note(number, "fault queue")
            signal.signal(signal.SIGTERM, lambda signum, frame: None)
            held = threading.Lock()
            held.acquire()
            held.acquire()  # never: the lock is held, by this very thread
    if fault == "deaf":
        _forever()


# -- in the kit --------------------------------------------------------------------------------

def _test_bound(variable: str, number: int | None = None) -> float | None:
    """A test's bound in seconds from ``variable`` (``S``; ``S@N``: for worker N alone):
    for worker ``number`` (None: every worker's), if the test set a valid one."""
    text, _, which = os.environ.get(variable, "").partition("@")
    if which and which != str(number):
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value > 0 else None


@dataclass
class _Worker:
    number: int
    process: Any
    conn: Any
    token: str
    outbox: queue.Queue[Any] = field(default_factory=queue.Queue)
    in_hand: collections.deque[int] = field(default_factory=collections.deque)
    ready: bool = False
    progress: int = -1
    moved: float = field(default_factory=time.monotonic)
    threads: list[threading.Thread] = field(default_factory=list)


def _how(code: int | None) -> str:
    if code is None:
        return "still running"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class Workers:
    """``count`` spawned worker processes, each started with ``init(*init_args)`` (in the
    worker), running the tasks :meth:`submit` gives them; see the module's docstring.
    ``stall``: seconds without progress after which a worker with tasks in hand counts as
    stopped answering (None: never; only its death is noticed); ``start``: the same for a
    worker that has not said it is ready (at least ``stall``). Always :meth:`close` it
    (a ``with`` block does)."""

    def __init__(self, count: int, init: Callable[..., None] | None = None,
                 init_args: tuple[Any, ...] = (), *, stall: float | None = None,
                 start: float = START_WAIT) -> None:
        # lazy: multiprocessing loads with --workers only
        import multiprocessing

        from .process_tree import become_subreaper, proc_stat

        self.stall = stall if stall is None else _test_bound(STALL_VARIABLE) or stall
        self.start = start
        self.failure: str | None = None
        """What went wrong (once a worker failed): which worker, what, with what in hand."""
        self.notes: list[str] = []
        """What the shut-down had to do beyond SIGTERM (a worker killed, one left)."""
        self._workers: list[_Worker] = []
        self._inbox: queue.Queue[tuple[_Worker, Any]] = queue.Queue()
        self._results: dict[int, Any] = {}
        self._tickets = itertools.count()
        self._closed = False
        self._since = 0
        context = multiprocessing.get_context("spawn")
        if os.name == "posix":
            become_subreaper()  # what a killed worker leaves comes to the kit, to be reaped
        try:
            for number in range(1, count + 1):
                mine, theirs = context.Pipe()
                tok = secrets.token_hex(16)
                process = context.Process(target=_serve, name=f"fivetenk-worker-{number}",
                                          args=(theirs, number, tok, init, init_args),
                                          daemon=True)
                try:
                    process.start()
                except OSError as err:
                    mine.close()
                    self._fail(f"worker {number} could not be started: {err}")
                    return
                finally:
                    theirs.close()
                _forget(process)  # this pool reaps it, in bounded time (see _forget)
                worker = _Worker(number, process, mine, tok)
                self._workers.append(worker)
                started = proc_stat(process.pid or 0)
                if started is not None and (not self._since or started[3] < self._since):
                    self._since = started[3]
                for target in (self._read, self._write):
                    thread = threading.Thread(target=target, args=(worker,), daemon=True,
                                              name=f"fivetenk-worker-{number}-pipe")
                    thread.start()
                    worker.threads.append(thread)
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def broken(self) -> bool:
        """A worker failed (or the pool is closed): no more tasks."""
        return self.failure is not None or self._closed

    # -- the pipes (one reader and one writer thread per worker) -------------------------------
    def _read(self, worker: _Worker) -> None:
        _block_signals()
        while True:
            try:
                message = worker.conn.recv()
            except (EOFError, OSError, ValueError):
                self._inbox.put((worker, None))
                return
            except Exception as err:  # a message that does not unpickle
                self._inbox.put((worker, ("failed", None, f"an unreadable answer: {err}")))
                return
            self._inbox.put((worker, message))

    def _write(self, worker: _Worker) -> None:
        _block_signals()
        while True:
            message = worker.outbox.get()
            if message is None:
                return
            try:
                worker.conn.send(message)
            except (OSError, ValueError):
                return  # the worker is gone: its reader says so

    # -- tasks -------------------------------------------------------------------------------
    def submit(self, function: Callable[..., Any], *args: Any) -> int:
        """Give ``function(*args)`` (both picklable) to the worker with the fewest tasks in
        hand; a ticket for :meth:`result`. At most :data:`MAX_IN_HAND` tasks per worker:
        collect one before submitting more. WorkerFailure if the pool is broken."""
        if self.broken:
            raise WorkerFailure(self.failure or "the workers are shut down")
        worker = min(self._workers, key=lambda w: (len(w.in_hand), w.number))
        if len(worker.in_hand) >= MAX_IN_HAND:
            raise RuntimeError(f"every worker holds {MAX_IN_HAND} tasks: collect one first")
        ticket = next(self._tickets)
        if not worker.in_hand:
            worker.moved = time.monotonic()
        worker.in_hand.append(ticket)
        worker.outbox.put((ticket, function, args))
        return ticket

    def result(self, ticket: int) -> Any:
        """The value of task ``ticket``, waiting for it (never longer than the worker's
        death or stall takes to be noticed). WorkerFailure if a worker failed first: the
        pool is then closed, and the task is the caller's to run."""
        while ticket not in self._results:
            if self.broken:
                raise WorkerFailure(self.failure or "the workers are shut down")
            try:
                worker, message = self._inbox.get(timeout=POLL)
                self._take(worker, message)
                while not self.broken:  # all that came, before judging progress
                    worker, message = self._inbox.get_nowait()
                    self._take(worker, message)
            except queue.Empty:
                pass
            self._check()
        return self._results.pop(ticket)

    def _take(self, worker: _Worker, message: Any) -> None:
        now = time.monotonic()
        if message is None:
            worker.process.join(KILL_WAIT)  # its pipe ended: it is dying, or dead
            self._died(worker)
        elif message[0] == "ready":
            worker.ready = True
            worker.moved = now
        elif message[0] == "beat":
            if message[1] != worker.progress:
                worker.progress = message[1]
                worker.moved = now
        elif message[0] == "done":
            ticket = message[1]
            with contextlib.suppress(ValueError):
                worker.in_hand.remove(ticket)
            self._results[ticket] = message[2]
            worker.moved = now
        elif message[0] == "failed":
            self._fail(f"worker {worker.number} failed: {message[2]}"
                       + self._in_hand(worker))

    def _check(self) -> None:
        now = time.monotonic()
        for worker in self._workers:
            if self.broken:
                return
            if worker.process.exitcode is not None:
                self._died(worker)
                continue
            bound = None if self.stall is None else \
                self.stall if worker.ready else max(self.stall, self.start)
            if bound is not None and worker.in_hand and now - worker.moved > bound:
                what = "stopped answering" if worker.ready else "did not start"
                self._fail(f"worker {worker.number} {what} (no progress for over {bound:g} s)"
                           f"{self._in_hand(worker)}")

    def _died(self, worker: _Worker) -> None:
        if self.broken:
            return
        when = "" if worker.ready else " while starting"
        self._fail(f"worker {worker.number} died{when} ({_how(worker.process.exitcode)})"
                   + self._in_hand(worker))

    @staticmethod
    def _in_hand(worker: _Worker) -> str:
        count = len(worker.in_hand)
        return f" with {count} task{'s' * (count != 1)} in hand" if count else ""

    def _fail(self, what: str) -> None:
        if self.failure is None:
            self.failure = what
        self.close()

    # -- shutting down -------------------------------------------------------------------------
    def close(self) -> None:
        """Stop every worker and reap it, in bounded time: SIGTERM, at most
        :data:`TERM_WAIT` s, SIGKILL, at most :data:`KILL_WAIT` s; then kill and reap what
        the workers' implementations left (by their tokens). Idempotent."""
        if self._closed:
            return
        self._closed = True
        with _signals_held():
            self._shut_down()

    def _shut_down(self) -> None:
        workers = self._workers
        for worker in workers:
            worker.outbox.put(None)
        alive = [w for w in workers if w.process.exitcode is None]
        for worker in alive:
            with contextlib.suppress(OSError):
                worker.process.terminate()
        given = {w.number: _test_bound(TERM_VARIABLE, w.number) or TERM_WAIT for w in alive}
        termed = time.monotonic()
        for seconds in sorted(set(given.values())):  # each bound from the SIGTERM on
            self._wait([w for w in alive if given[w.number] == seconds],
                       termed + seconds - time.monotonic())
        deaf = [w for w in alive if w.process.exitcode is None]
        for worker in deaf:
            self.notes.append(f"worker {worker.number} did not end of SIGTERM within "
                              f"{given[worker.number]:g} s: killed (SIGKILL)")
            with contextlib.suppress(OSError):
                worker.process.kill()
        self._wait(deaf, KILL_WAIT)
        for worker in workers:
            if worker.process.exitcode is None:
                self.notes.append(f"worker {worker.number} (pid {worker.process.pid}) did "
                                  f"not end even of SIGKILL within {KILL_WAIT:g} s: left "
                                  "behind")
            else:
                worker.process.close()
        if workers:
            # lazy: a worker starts with as little as it can
            from .process_pipes import kill_strays

            kill_strays([w.token for w in workers], self._since)
        for worker in workers:
            for thread in worker.threads:
                thread.join(timeout=1.0)
            worker.conn.close()

    @staticmethod
    def _wait(workers: list[_Worker], seconds: float) -> None:
        # lazy: multiprocessing loads with --workers only
        from multiprocessing.connection import wait

        deadline = time.monotonic() + seconds
        pending = [w for w in workers if w.process.exitcode is None]
        while pending and time.monotonic() < deadline:
            wait([w.process.sentinel for w in pending], max(deadline - time.monotonic(), 0))
            pending = [w for w in pending if w.process.exitcode is None]


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP held back (in the main thread) while the workers are shut
    down, then delivered: a second Ctrl-C must not cut the shut-down short and leave a
    worker running (it is bounded: seconds)."""
    if not hasattr(signal, "pthread_sigmask") or \
            threading.current_thread() is not threading.main_thread():
        yield
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK,
                                  {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _forget(process: Any) -> None:
    """Take a worker out of :mod:`multiprocessing`'s own list of children: at the kit's
    exit it would SIGTERM it and then join it *without a timeout* (a worker that ignores
    SIGTERM would hang the exit). The pool reaps its workers itself, in bounded time."""
    # lazy: multiprocessing loads with --workers only
    from multiprocessing import process as module

    children = getattr(module, "_children", None)
    if isinstance(children, set):
        children.discard(process)
