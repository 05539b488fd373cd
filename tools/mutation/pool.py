"""Forked children, a few at a time, each with a time limit: the one place mutants run.

Each job is a function run in a child forked from the judging process (which never runs a
mutant itself); it returns a JSON-able verdict, written back through a pipe. A child still
running at its deadline is killed and answered ``{"status": "timeout"}``; one that dies
without an answer counts as killed (the mutant broke the process)."""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

Job = tuple[Callable[[], dict[str, Any]], float]
"""(what the child does, its time limit in seconds)."""


def _child(work: Callable[[], dict[str, Any]], out: int) -> None:  # pragma: no cover - child
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        answer = work()
    except BaseException as err:  # the mutant broke the child itself: it is detected
        answer = {"status": "killed", "note": f"while applying: {type(err).__name__}: "
                                              f"{err}"[:300]}
    os.write(out, (json.dumps(answer) + "\n").encode())
    os._exit(0)


def run_children(jobs: Sequence[Job], workers: int,
                 progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Run each job in a forked child, ``workers`` at a time; the answers in job order."""
    answers: list[dict[str, Any]] = [{} for _ in jobs]
    running: dict[int, tuple[int, int, float, bytearray]] = {}  # fd -> (job, pid, deadline)
    pending = list(range(len(jobs)))[::-1]
    done = 0
    sys.stdout.flush()
    sys.stderr.flush()

    def finish(index: int, answer: dict[str, Any]) -> None:
        nonlocal done
        answers[index] = answer
        done += 1
        if progress:
            progress(done, len(jobs))

    try:
        while pending or running:
            while pending and len(running) < workers:
                index = pending.pop()
                read, write = os.pipe()
                pid = os.fork()
                if pid == 0:  # pragma: no cover - the child
                    os.close(read)
                    _child(jobs[index][0], write)
                os.close(write)
                running[read] = (index, pid, time.monotonic() + jobs[index][1], bytearray())
            wait = max(0.0, min(d for _, _, d, _ in running.values()) - time.monotonic())
            ready, _, _ = select.select(list(running), [], [], wait)
            for fd in ready:
                chunk = os.read(fd, 65536)
                if chunk:
                    running[fd][3].extend(chunk)
                    continue
                index, pid, deadline, data = running.pop(fd)
                os.close(fd)
                _reap(pid, deadline)  # it closed its pipe: it is ending (else killed then)
                try:
                    answer = json.loads(data.decode() or "null") or {
                        "status": "killed", "note": "the child died without an answer"}
                except ValueError:
                    answer = {"status": "killed", "note": "the child's answer is garbled"}
                finish(index, answer)
            now = time.monotonic()
            for fd in [fd for fd, (_, _, d, _) in running.items() if d <= now]:
                index, pid, _, _ = running.pop(fd)
                _kill(pid)
                os.close(fd)
                finish(index, {"status": "timeout", "note": f"over {jobs[index][1]:.1f} s"})
    finally:  # Ctrl-C or an error of our own: no child outlives the run
        for fd, (_, pid, _, _) in running.items():
            _kill(pid)
            os.close(fd)
    return answers


KILL_WAIT = 5.0
"""Seconds at most waited for a child sent SIGKILL to be reaped (one stuck in the kernel
is let go rather than waited for)."""


def _kill(pid: int) -> None:
    """Kill a child and reap it (an adapter it forked dies with it: see
    :func:`fivetenk.mutation.through_adapter.die_with_parent`)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    _reap(pid, time.monotonic() + KILL_WAIT, kill=False)


def _reap(pid: int, deadline: float, *, kill: bool = True) -> None:
    """Reap child ``pid``, waiting at most until ``deadline``; then kill it (``kill``) or
    let it go. Every wait of the pool is bounded."""
    while True:
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return
        except ChildProcessError:
            return
        if time.monotonic() >= deadline:
            if kill:
                _kill(pid)
            return
        time.sleep(0.002)
