"""Clean-up: finding, stopping, killing and reaping an implementation's process tree.

Why a module of its own: how the kit makes sure nothing an implementation started outlives
it is one concern -- ``/proc``, signals, ``waitpid`` and the subreaper -- with its own
subtleties (pids reused, forks in flight, sessions left, zombies adopted), and nothing in it
knows the adapter protocol. :mod:`fivetenk.impl.process_pipes` calls it when it kills an
implementation; :mod:`fivetenk.impl.process_driver` decides when.

When the driver closes, kills a misbehaving implementation, or the kit exits
(normally, by an exception, or by SIGINT/SIGTERM/SIGHUP, which :func:`fivetenk.cli.main`
turns into exceptions; an :mod:`atexit` hook closes whatever is left), the implementation
and *all its descendants* are killed (SIGKILL) and reaped -- also those that called
``setsid()`` or double-forked to escape. On Linux the kit makes itself a child subreaper
(``prctl(PR_SET_CHILD_SUBREAPER)``) at the first launch, so orphaned descendants become
its children instead of init's, and finds the implementation's processes in ``/proc``:
the process tree under the implementation, every process of its session, and every process
whose environment carries the driver's token (:data:`TOKEN_VARIABLE`, inherited by
descendants), plus orphans re-parented to the kit since the launch; every one found is
stopped (SIGSTOP) and the scan repeated until it finds nothing new, and only then are they
killed, so that not even a chain forking every few milliseconds slips through (see
:func:`kill_tree`). Limits: elsewhere (no ``/proc``) only the implementation's process
group is killed, so a descendant that leaves the group survives; and nothing can clean up
after the kit itself is killed by SIGKILL.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence

STOP_WAIT = 60.0
"""Seconds at most spent stopping an implementation's processes before they are killed: an
outer bound for a fork bomb that outruns even the quick hunt (:func:`_hunt_adopted`), said
on stderr when reached. On a quiet machine the hunt takes milliseconds; on a busy one, where
the kit gets a few percent of a processor, seconds (a 5-second bound let a fast-forking
chain escape at a load of 10 on two cores)."""
TOKEN_VARIABLE = "FIVETENK_IMPLEMENTATION_TOKEN"
"""An environment variable set, with a random value per driver, for the implementation:
its descendants inherit it, so the kit can find them even after they left its process tree
and session."""
_STOP_POLL = 200e-6
"""Seconds between two looks at processes sent SIGSTOP that have not stopped yet (see
:func:`_wait_stopped`)."""

PR_SET_CHILD_SUBREAPER = 36
"""``prctl`` option (Linux >= 3.4): orphaned descendants are re-parented to this process."""
_subreaper: bool | None = None


def become_subreaper() -> bool:
    """Make the kit a child subreaper (Linux), once; whether it is one.

    Why: an implementation's descendant that double-forks or calls ``setsid()`` is
    re-parented when its parent dies -- normally to init, out of the kit's reach. As a
    subreaper the kit adopts it instead, so it can be found (its parent is the kit) and
    reaped after it is killed (no zombie is left). Side effect, harmless for the kit: any
    orphaned descendant of any child of this process is adopted."""
    global _subreaper
    if _subreaper is None:
        _subreaper = False
        if sys.platform.startswith("linux"):

            try:
                libc = ctypes.CDLL(None, use_errno=True)
                _subreaper = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
            except (OSError, AttributeError):  # pragma: no cover - no prctl in this libc
                _subreaper = False
    return _subreaper


def proc_stat(pid: int) -> tuple[str, int, int, int] | None:
    """``(state, ppid, session, start time)`` of a process from ``/proc/PID/stat``, or None
    if there is no such process (or no ``/proc``)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read()
    except OSError:
        return None
    fields = data[data.rindex(b")") + 2:].split()  # after "pid (comm) ", comm may hold ")"
    try:
        return fields[0].decode(), int(fields[1]), int(fields[3]), int(fields[19])
    except (IndexError, ValueError):  # pragma: no cover - a malformed stat line
        return None


def _processes() -> dict[int, tuple[str, int, int, int]]:
    """Every process in ``/proc``: pid -> :func:`proc_stat`."""
    table = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return {}
    # newest first (pids grow until they wrap): a process that lives for a moment, a
    # member of a fast-forking chain, is read before it has handed over to its child
    for pid in sorted((int(name) for name in entries if name.isdigit()), reverse=True):
        found = proc_stat(pid)
        if found is not None:
            table[pid] = found
    return table


def _has_token(pid: int, needle: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            return needle in b"\0" + f.read()
    except OSError:
        return False


def children_of(pid: int) -> set[int] | None:
    """The children of ``pid`` (every thread's: an orphan is handed to any thread of its
    subreaper) from ``/proc/PID/task/TID/children``. For the kit itself, None where the
    kernel does not list them (no ``/proc``, or a kernel built without
    CONFIG_PROC_CHILDREN): the caller then scans the whole table. For another process,
    nothing to read means none found (it may just have died). Reading a
    few small files, not the whole process table: what lets the hunt keep up with a chain
    that forks every few milliseconds on a busy machine."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None if pid == os.getpid() else set()
    found: set[int] = set()
    listed = False
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", "rb") as f:
                found.update(int(word) for word in f.read().split())
            listed = True
        except (OSError, ValueError):
            continue
    return found if listed or pid != os.getpid() else None


def kill_tree(root: int, *, root_alive: bool, session: int, token: str,
               since: int, spare: frozenset[int] = frozenset(),
               spare_tokens: Sequence[str] = ()) -> set[int]:
    """SIGKILL every process of the implementation started as ``root``; the pids found
    (killed, or already dead and waiting to be reaped).

    First the processes are *stopped*, then killed: each scan of ``/proc`` sends SIGSTOP to
    every process it finds alive that is not stopped yet, and scans again, until a scan
    finds no new one alive and none newly dead (a process that died during a scan may
    have forked after it listed ``/proc``), or :data:`STOP_WAIT` seconds have passed; then
    every process found gets SIGKILL. A stopped process cannot fork, so a chain that
    forks, calls ``setsid()`` and exits every few milliseconds -- where each scan would
    find a member that has already handed over to its child -- is caught whole; killing
    as each scan went let one escape now and then.

    Found, each scan: the tree under ``root`` (only while ``root_alive``: a reaped pid may
    be reused), every process of its ``session`` (a session id is never reused while a
    process of the session lives), every process whose environment holds ``token``, the
    kit's own children that are orphans it adopted (see :func:`become_subreaper`): started
    since ``since`` (clock ticks after boot) and in another session than the kit's (a child
    the kit's other code started shares the kit's session; an implementation's descendant
    never can), except the ``spare`` ones (other drivers' implementations) and those
    holding one of ``spare_tokens`` (other drivers'), and every descendant of these. Never
    the kit itself or its ancestors.

    The adopted orphans are the net for a descendant that left the session and cleared its
    environment; inside a larger program (tests), a child that program started since the
    launch in a session of its own would be taken for one."""
    me = os.getpid()
    own_session = os.getsid(0)
    needle = f"\0{TOKEN_VARIABLE}={token}\0".encode()
    others = [f"\0{TOKEN_VARIABLE}={t}\0".encode() for t in spare_tokens]
    protected = {me, 0, 1}
    ancestor = os.getppid()
    while ancestor > 1 and ancestor not in protected:
        protected.add(ancestor)
        found = proc_stat(ancestor)
        ancestor = found[1] if found else 0
    killed: set[int] = set()
    stopped: set[int] = set()
    dead: set[int] = set()
    give_up = time.monotonic() + STOP_WAIT

    def adopted(pid: int, ppid: int, sid: int, start: int, state: str) -> bool:
        """An orphan the kit adopted that is this implementation's (see above)."""
        return (ppid == me and sid != own_session and start >= since and pid not in spare
                and not (state not in "ZX" and any(_has_token(pid, other) for other in others)))

    try:
        while True:
            table = _processes()
            if not table:
                break
            # once the implementation is reaped, its pid (the session id) could in
            # principle name a new session of a stranger: then only its own members are
            # not ours
            by_session = root_alive or session not in table
            seeds = {pid for pid, (state, ppid, sid, start) in table.items()
                     if (by_session and sid == session)
                     or (state not in "ZX" and _has_token(pid, needle))
                     or adopted(pid, ppid, sid, start, state)}
            if root_alive:
                seeds.add(root)
            children: dict[int, list[int]] = {}
            for pid, (_state, ppid, _sid, _start) in table.items():
                children.setdefault(ppid, []).append(pid)
            victims: set[int] = set()
            todo = [pid for pid in seeds if pid in table]
            while todo:
                pid = todo.pop()
                if pid in victims or pid in protected:
                    continue
                victims.add(pid)
                todo.extend(children.get(pid, ()))
            killed |= victims  # zombies too (the process group kill may have come first)
            fresh = {pid for pid in victims
                     if table[pid][0] not in "ZX" and pid not in stopped}
            # a process that died since the last scan may have forked after this scan
            # listed /proc: its child is in the next scan, so it is not over yet
            died = {pid for pid in victims if table[pid][0] in "ZX"} - dead
            dead |= died
            # the dead orphans the kit adopted are reaped now: a chain leaves one a
            # member, and with thousands each scan would take longer than a member lives
            for pid in died:
                if table[pid][1] == me and pid != root and pid not in spare:
                    with contextlib.suppress(ChildProcessError):
                        os.waitpid(pid, os.WNOHANG)
            if not fresh and not died:
                break
            for pid in fresh:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGSTOP)
            stopped |= fresh
            _wait_stopped(fresh, give_up)
            hunted = _hunt_adopted(adopted, root, stopped, protected, give_up)
            killed |= hunted
            stopped |= hunted
            if time.monotonic() > give_up:
                sys.stderr.write(f"fivetenk: the implementation's processes still forked after "
                                 f"{STOP_WAIT:g} s of stopping them; killing the "
                                 f"{len(stopped)} stopped (others may be left)\n")
                break
    finally:
        for pid in stopped:  # a stopped process still dies of SIGKILL
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
    return killed


def _hunt_adopted(adopted: Callable[[int, int, int, int, str], bool], root: int,
                  stopped: set[int], protected: set[int], deadline: float) -> set[int]:
    """Stop every living orphan the kit adopted that ``adopted`` says is the
    implementation's, and their descendants, reading only the children lists (see
    :func:`children_of`), until one look finds none not stopped (or ``deadline``); the
    pids stopped. The dead among those orphans are reaped on the way (never ``root``, the
    implementation itself, which is its Popen's to reap).

    Why: on a busy machine a scan of the whole process table takes longer than a member of
    a fast-forking chain lives (it forks, calls ``setsid()`` and exits), so each scan finds
    one that has already handed over, and the scans never catch up. But as the kit is a
    subreaper, the chain's living member is always the kit's child, or a child of one: a
    look at a few children lists finds it while it lives. The scans of :func:`kill_tree`
    still follow, for what is not below the kit."""
    me = os.getpid()
    caught: set[int] = set()
    while time.monotonic() < deadline:
        todo = children_of(me)
        if todo is None:  # the kernel lists no children: the scans alone
            return caught
        fresh: set[int] = set()
        seen: set[int] = set()
        while todo:
            pid = todo.pop()
            if pid in seen or pid in protected:
                continue
            seen.add(pid)
            found = proc_stat(pid)
            if found is None:
                continue
            state, ppid, sid, start = found
            if ppid == me and not adopted(pid, ppid, sid, start, state):  # not ours: spared
                continue
            if state in "ZX":
                if ppid == me and pid != root:  # a dead orphan of ours: reaped now (a
                    with contextlib.suppress(ChildProcessError):  # chain leaves thousands)
                        os.waitpid(pid, os.WNOHANG)
                continue
            if pid not in stopped and pid not in caught and state not in "Tt":
                fresh.add(pid)
            todo |= children_of(pid) or set()
        if not fresh:
            return caught
        for pid in fresh:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGSTOP)
        caught |= fresh
        _wait_stopped(fresh, deadline)
    return caught


def _wait_stopped(pids: set[int], deadline: float) -> None:
    """Until every one of ``pids`` is stopped or dead (or ``deadline``).

    ``kill(SIGSTOP)`` returns before the process stops: on another CPU it may be inside
    ``fork()``, which completes first, and its child can appear in ``/proc`` only after
    the next scan listed it. That scan, finding nothing new, would end the hunt with the
    child running (the fast-forking chain escaped this way, on a quiet two-core machine).
    Once every process found is stopped, no fork is in flight: whatever the next scan
    does not find does not exist."""
    pending = set(pids)
    while pending and time.monotonic() < deadline:
        pending = {pid for pid in pending
                   if (found := proc_stat(pid)) is not None and found[0] not in "TtZX"}
        if pending:
            time.sleep(_STOP_POLL)


def reap(pids: set[int], skip: int, deadline: float) -> None:
    """Wait until the killed ``pids`` are gone: reap those that are the kit's children
    (``waitpid``; the implementation itself, ``skip``, is Popen's to reap), and let go of
    those another process must reap (when it is not one of ``pids``)."""
    me = os.getpid()
    pending = set(pids) - {skip}
    while pending:
        for pid in list(pending):
            found = proc_stat(pid)
            if found is None:
                pending.discard(pid)
                continue
            state, ppid = found[0], found[1]
            if ppid == me:
                try:
                    if os.waitpid(pid, os.WNOHANG)[0] == pid:
                        pending.discard(pid)
                except ChildProcessError:
                    pending.discard(pid)
            elif state in "ZX" and ppid not in pids:
                pending.discard(pid)  # a zombie of a process that is not ours to reap
        if not pending or time.monotonic() > deadline:
            return
        time.sleep(0.002)


def reap_adopted(since: int, spare: frozenset[int], deadline: float) -> None:
    """The last net, after the kill: until no child of the kit in another session than its
    own that started since ``since`` has been seen for a few scans in a row (or
    ``deadline``), reap each one that is dead (the living ones were killed: they are
    dying). These are orphans the kit adopted as a subreaper: chain
    members that exited on their own while the kit waited for a reply, or whose parent
    died after the scans of :func:`kill_tree` (a killed process dies, and hands its
    children over, a moment later). Without it the kit could exit with zombies of its own
    for its parent to inherit. Only the dead are touched; ``spare`` (the implementation
    itself and other drivers' implementations) are their Popen's to reap."""
    me = os.getpid()
    own_session = os.getsid(0)
    quiet = 0
    while quiet < 3 and time.monotonic() < deadline:
        children = children_of(me)  # a few small files; else the whole table
        table = (_processes() if children is None
                 else {pid: found for pid in children if (found := proc_stat(pid)) is not None})
        adopted = [(pid, state) for pid, (state, ppid, sid, start) in table.items()
                   if ppid == me and sid != own_session and start >= since
                   and pid not in spare]
        quiet = 0 if adopted else quiet + 1
        for pid, state in adopted:  # the living were killed: they are dying
            if state in "ZX":
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, os.WNOHANG)
        time.sleep(0.005)
