"""The suite's one wall-clock bound: a test still running after ``FIVETENK_TEST_HANG_SECONDS``
(default 300 s, setup and teardown included) is a hang, and is reported as one.

No test's verdict hangs on how fast the machine is: the tests wait on events (a pid file, a
line, a handshake, a process's exit), and the slowest takes well under a minute on a busy
2-core machine. This bound only turns a hang (a pool worker that never exits, issue 29)
into a failure that says so, instead of a CI run stuck until its own limit:

1. the test is judged hung, with the stacks of every thread of its process (where it hangs);
2. every process the test process started, and theirs, is killed (``SIGKILL``): a test
   waiting for a child wakes up, and nothing is left behind;
3. if the test still runs :data:`GRACE` seconds later (a loop no kill ends), ``SIGALRM`` is
   sent to the main thread, whose handler fails the test (``HUNG``) where it stands;
4. the test's report is made a failure (whatever came after), with the stacks.

The rest of the run goes on. Loaded by ``tests/conftest.py`` (``pytest_plugins``), and by
``-p outer_bound`` in the test that checks it (tests/test_outer_bound.py)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import traceback
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

HANG_SECONDS = float(os.environ.get("FIVETENK_TEST_HANG_SECONDS", "300"))

_HUNG = pytest.StashKey[str]()
_REPORTED = pytest.StashKey[bool]()
_state: dict[str, Any] = {"item": None, "raised": False}


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (children, theirs, ...), read from ``/proc``; [] where
    there is no ``/proc``."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    todo = list(parents.get(pid, []))
    while todo:
        child = todo.pop()
        found.append(child)
        todo += parents.get(child, [])
    return found


def _stacks() -> str:
    names = {t.ident: t.name for t in threading.enumerate()}
    parts = []
    for ident, frame in sys._current_frames().items():
        parts.append(f"--- thread {names.get(ident, ident)} ---\n"
                     + "".join(traceback.format_stack(frame)))
    return "\n".join(parts)


GRACE = float(os.environ.get("FIVETENK_TEST_HANG_GRACE", "5"))
"""Seconds the test is given to end once what it waits for is killed, before ``SIGALRM``
(``FIVETENK_TEST_HANG_GRACE``: tests/test_outer_bound.py gives its spinning test 1 s
rather than spin 5 s; a test that ends within the grace or is failed by the alarm is
reported HUNG alike)."""


def _hung(item: pytest.Item, done: threading.Event) -> None:
    if done.is_set():
        return
    pids = descendants(os.getpid())
    # the verdict first: a test that ends once its children are killed is still hung
    item.stash[_HUNG] = (f"HUNG: {item.nodeid} was still running after {HANG_SECONDS:g} s "
                         f"(FIVETENK_TEST_HANG_SECONDS), the suite's outer bound: a hang, not "
                         f"a slow machine; killed the processes it left running: "
                         f"{pids or 'none'}\nwhere each thread was:\n{_stacks()}")
    for pid in pids:
        with contextlib.suppress(OSError):  # gone already
            os.kill(pid, signal.SIGKILL)
    if not done.wait(GRACE) and hasattr(signal, "pthread_kill"):
        for pid in descendants(os.getpid()):  # any started since
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGALRM)


def _on_alarm(signum: int, frame: Any) -> None:
    """Fail the hung test where it stands (a loop that no kill ends), if it still runs."""
    item = _state["item"]
    if (item is not None and _HUNG in item.stash and _REPORTED not in item.stash
            and not _state["raised"]):
        _state["raised"] = True
        pytest.fail(item.stash[_HUNG].split("\n", 1)[0], pytrace=True)


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGALRM, _on_alarm)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Generator[None, Any, Any]:
    _state.update(item=item, raised=False)
    done = threading.Event()
    timer = threading.Timer(HANG_SECONDS, _hung, args=(item, done))
    timer.daemon = True
    timer.start()
    try:
        return (yield)
    finally:
        done.set()
        timer.cancel()
        _state["item"] = None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Generator[None, Any, Any]:
    report = yield
    if _HUNG not in item.stash or _REPORTED in item.stash:
        return report
    item.stash[_REPORTED] = True  # the phase it hung in, once
    if report.failed:
        report.sections.append(("outer bound", item.stash[_HUNG]))
    else:
        report.outcome = "failed"
        report.longrepr = item.stash[_HUNG]
    return report
