"""When the kit is done with an implementation -- ``close()``, a fault that kills it, the
kit's normal exit, SIGTERM, SIGHUP, SIGINT, or an exception of the kit's own -- the
implementation and *all* its descendants are gone, including those that called
``setsid()``, double-forked, or did both and cleared their environment (a classic daemon).

``tests/miniatures/escape.py`` leaves such escapees behind on ``hello`` and writes their
pids to a file. "Gone" means no ``/proc/PID`` at all: a zombie still counts as there (it
was killed but nobody reaped it). Every wait is a bounded poll, never a fixed sleep; any
leftover is killed at the end of each test so that a failure never leaks processes.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import TESTS

from fivetenk.impl import process_tree
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.impl.process_tree import become_subreaper, proc_stat
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists() or
                                not sys.platform.startswith("linux"),
                                reason="the full clean-up is a Linux guarantee (/proc, "
                                "PR_SET_CHILD_SUBREAPER); elsewhere the limit is documented")

MINI = TESTS / "miniatures"
WAIT = 120.0
"""Seconds at most to wait for something that normally takes milliseconds."""


def escape(mode: str, pidfile: Path, *hang: str) -> list[str]:
    return [sys.executable, str(MINI / "escape.py"), mode, str(pidfile), *hang]


def fivetenk_command() -> list[str]:
    exe = Path(sys.executable).with_name("fivetenk")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "fivetenk.cli"]


def wait_for(pidfile: Path, word: str) -> list[int]:
    """The pids in ``pidfile`` once it holds the line ``word`` (bounded wait)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        lines = pidfile.read_text().split() if pidfile.exists() else []
        if word in lines:
            return [int(x) for x in lines if x.isdigit()]
        time.sleep(0.01)
    pytest.fail(f"{pidfile} never said {word!r}: {pidfile.read_text() if pidfile.exists() else ''}")


def state(pid: int) -> str:
    """The process state (``S``, ``R``, ``Z`` for a zombie, ...), or "" if it is gone."""
    found = proc_stat(pid)
    return "" if found is None else found[0]


def leftovers(pids: list[int], within: float = WAIT) -> dict[int, str]:
    """The pids still there (zombies included) after waiting at most ``within`` seconds."""
    deadline = time.monotonic() + within
    while True:
        left = {pid: state(pid) for pid in pids if state(pid)}
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.01)


@pytest.fixture
def pidfile(tmp_path: Path) -> Iterator[Path]:
    """A file for the escapees' pids; whatever is left of them afterwards is killed."""
    path = tmp_path / "pids"
    yield path
    if path.exists():
        for word in path.read_text().split():
            if word.isdigit() and state(int(word)):
                try:
                    os.kill(int(word), signal.SIGKILL)
                    os.waitpid(int(word), os.WNOHANG)
                except (ProcessLookupError, ChildProcessError, PermissionError):
                    pass


@pytest.fixture(autouse=True)
def _adopt_orphans() -> None:
    """This test process adopts orphans, like the kit: a process the kit leaves behind
    when it exits comes here (not to init, which may or may not reap it), so that a zombie
    the kit failed to reap stays visible as one."""
    assert become_subreaper()


# --------------------------------------------------------------------------- in process


@pytest.mark.parametrize("mode", ["setsid", "double_fork", "daemon"])
def test_close_kills_and_reaps_every_escapee(pidfile: Path, mode: str) -> None:
    driver = ProcessDriver(escape(mode, pidfile))
    try:
        assert "queries" in driver.capabilities  # the handshake: the escapee is out
        pids = wait_for(pidfile, "ready")
        assert len(pids) == 2 and all(state(pid) not in ("", "Z") for pid in pids)
    finally:
        driver.close()
    assert leftovers(pids, within=0) == {}  # gone when close() returns: killed and reaped


@pytest.mark.slow
def test_a_killed_implementation_takes_its_escapees_along(pidfile: Path) -> None:
    """A fault kills the implementation mid-run (here a hang past the timeout): its
    escapees go with it at once, not only at the end of the run."""
    scenario = next(s for s in catalog.shipped() if s.setup is None and not s.variants)
    # the tree is started as the kit starts it (its clean-up is what is tested): the
    # timeout leaves a busy machine time to start Python and answer the handshake
    with ProcessDriver(escape("all", pidfile, "start"), timeout=5, pipeline=False) as driver:
        result = run_scenario(driver, scenario)
        assert result.status == "errored" and "no reply to start" in result.message
        pids = wait_for(pidfile, "ready")
        assert len(pids) == 4
        assert leftovers(pids, within=0) == {}


def test_clean_up_spares_the_kits_other_children(pidfile: Path) -> None:
    """Only the implementation's processes are killed: a child the kit (here, the test)
    started itself, before or after the launch, in its own session or not, lives on."""
    before = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        driver = ProcessDriver(escape("all", pidfile))
        try:
            assert driver.capabilities
            pids = wait_for(pidfile, "ready")
            after = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        finally:
            driver.close()
        try:
            assert leftovers(pids, within=0) == {}
            assert before.poll() is None and after.poll() is None
        finally:
            after.kill()
            after.wait()
    finally:
        before.kill()
        before.wait()


# --------------------------------------------------------------------------- the kit exiting


def run_kit(pidfile: Path, *, hang: str = "start") -> subprocess.Popen[bytes]:
    """`fivetenk check --impl escape.py` as a process of its own, against a scenario whose
    ``start`` the implementation never answers (so the kit is surely mid-run)."""
    impl = " ".join(escape("all", pidfile, hang))
    return subprocess.Popen([*fivetenk_command(), "check", "--no-progress", "--id", "R05-001",
                             "--impl", impl, "--timeout", "600"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.parametrize(("signum", "code", "said"), [
    (signal.SIGTERM, 128 + signal.SIGTERM, "fivetenk check: terminated by SIGTERM"),
    (signal.SIGHUP, 128 + signal.SIGHUP, "fivetenk check: terminated by SIGHUP"),
    (signal.SIGINT, 130, "fivetenk check: interrupted"),
])
def test_a_signalled_kit_leaves_nothing_behind(pidfile: Path, signum: int, code: int,
                                                said: str) -> None:
    kit = run_kit(pidfile)
    try:
        wait_for(pidfile, "hanging")
        pids = wait_for(pidfile, "ready")
        kit.send_signal(signum)
        _, err = kit.communicate(timeout=WAIT)
    finally:
        if kit.poll() is None:
            kit.kill()
            kit.wait()
    text = err.decode(errors="replace")
    assert kit.returncode == code, text
    assert said in text and "Traceback" not in text
    assert len(pids) == 4
    assert leftovers(pids) == {}


CRASH = """
import sys, time
from pathlib import Path
import fivetenk.suite.catalog
from fivetenk import cli

def load(*args, **kwargs):  # a bug of the kit, while the implementation runs
    deadline = time.monotonic() + 120
    while "ready" not in (Path(sys.argv[1]).read_text() if Path(sys.argv[1]).exists() else ""):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    raise RuntimeError("a bug of the kit")

fivetenk.suite.catalog.load = load
sys.exit(cli.main(["check", "--no-progress", "--impl", sys.argv[2]]))
"""

ABANDONED = """
import sys
from fivetenk.impl.process_driver import ProcessDriver
driver = ProcessDriver(sys.argv[2])
assert driver.capabilities
raise RuntimeError("nobody closes the driver: the atexit hook must")
"""


@pytest.mark.parametrize("script", [CRASH, ABANDONED], ids=["kit-crash", "atexit"])
def test_a_crashing_kit_leaves_nothing_behind(pidfile: Path, script: str) -> None:
    impl = " ".join(escape("all", pidfile))
    done = subprocess.run([sys.executable, "-c", script, str(pidfile), impl],
                          capture_output=True, timeout=WAIT * 2, check=False)
    err = done.stderr.decode(errors="replace")
    assert done.returncode == 1 and "RuntimeError" in err, err
    pids = wait_for(pidfile, "ready")
    assert len(pids) == 4
    assert leftovers(pids) == {}


def test_a_normal_run_leaves_nothing_behind(pidfile: Path) -> None:
    kit = run_kit(pidfile, hang="")
    out, err = kit.communicate(timeout=WAIT * 2)
    assert kit.returncode == 0, err.decode(errors="replace")
    assert "1 scenarios against fivetenk reference engine" in out.decode()
    pids = wait_for(pidfile, "ready")
    assert len(pids) == 4
    assert leftovers(pids) == {}


# --------------------------------------------------------------------------- a fast forker

MARK = "FIVETENK_TEST_FORKER"
"""An environment variable the tests give a fast forker's chain, to find every member."""


def marked(mark: str) -> dict[int, str]:
    """Every live process whose environment holds ``MARK=mark``: its state (a zombie has no
    environment left: :func:`chain_zombies` finds those)."""
    needle = f"\0{MARK}={mark}\0".encode()
    found = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/environ", "rb") as f:
                    if needle in b"\0" + f.read():
                        found[int(name)] = state(int(name))
            except OSError:
                continue
    return {pid: st for pid, st in found.items() if st}


def stop_and_kill(mark: str) -> None:
    """The test's own clean-up of a chain the kit failed to catch: stop every member until
    no new one appears, then kill and reap them (never a chain left running)."""
    stopped: set[int] = set()
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        fresh = {pid for pid, st in marked(mark).items() if st != "Z"} - stopped
        if not fresh:
            break
        for pid in fresh:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)
        stopped |= fresh
    for pid in stopped | set(marked(mark)):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    for pid in marked(mark):
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


@pytest.fixture
def chain(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A mark for a fast forker's chain and its count file; whatever is left of the chain
    afterwards is stopped and killed."""
    mark = f"{os.getpid()}-{tmp_path.name}"
    yield mark, tmp_path / "count"
    stop_and_kill(mark)


def chain_zombies(count: Path) -> dict[int, str]:
    """The chain's members (by the pids it wrote) that are zombies: killed, not reaped
    (a zombie of this test process, to which the kit's orphans come, or of a member: a
    pid reused meanwhile by a stranger's zombie is not one)."""
    pids = {int(word) for word in count.read_text().split()}
    found = {pid: proc_stat(pid) for pid in pids}
    return {pid: "Z" for pid, stat in found.items()
            if stat is not None and stat[0] == "Z" and (stat[1] == os.getpid() or stat[1] in pids)}


def forker(count: Path, hang: str = "", lifetime: int = 60) -> list[str]:
    """A fast forker (2 ms a member, ending by itself after ``lifetime`` seconds),
    answering every request but ``hang``."""
    return [sys.executable, str(MINI / "forker.py"), str(count), "2", str(lifetime),
            *([hang] if hang else [])]


def wait_running(count: Path, members: int = 30) -> None:
    """Until the chain has had ``members`` members (bounded wait)."""
    deadline = time.monotonic() + WAIT
    while not count.exists() or len(count.read_bytes().split()) < members:
        assert time.monotonic() < deadline, "the chain never ran"
        time.sleep(0.005)


def run_and_close(chain: tuple[str, Path], lifetime: int = 60) -> None:
    """Start a fast forker's chain behind a ProcessDriver, let it run 30 members, close the
    driver, and check nothing of the chain is left: no member alive, no zombie."""
    mark, count = chain
    driver = ProcessDriver(forker(count, lifetime=lifetime), env={**os.environ, MARK: mark})
    try:
        assert driver.capabilities
        wait_running(count)
        assert any(st != "Z" for st in marked(mark).values())
    finally:
        driver.close()
    assert marked(mark) == {}
    assert chain_zombies(count) == {}


@pytest.mark.parametrize("run", range(5))
def test_a_fast_forking_chain_is_stopped_then_killed(chain: tuple[str, Path], run: int) -> None:
    """A chain whose member forks, calls setsid() and exits every 2 ms (so a scan always
    finds a member that is handing over to its child) is gone, zombies included, when
    close() returns: every member found is stopped before any is killed. Five runs: the
    kill-as-you-scan clean-up let the chain escape in about half of them."""
    run_and_close(chain)


@pytest.mark.parametrize("run", range(3))
def test_the_chain_is_caught_when_every_scan_is_out_of_date(
        chain: tuple[str, Path], run: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A busy machine, made certain: every scan of the whole process table is handed over
    50 ms after it was read (on a busy two-core machine a scan took longer than a chain
    member lives), so a member it finds alive has always forked and gone by the time it is
    stopped. The chain is still stopped whole and reaped: the quick hunt through the kit's
    children lists catches the living member (as the kit is a subreaper, it is always the
    kit's child, or a child of one). Before it the scans never caught up and, at the
    5-second bound, the chain ran on (at a load of 10, nearly every time)."""
    scan = process_tree._processes

    def out_of_date() -> dict[int, tuple[str, int, int, int]]:
        table = scan()
        time.sleep(0.05)
        return table

    monkeypatch.setattr(process_tree, "_processes", out_of_date)
    run_and_close(chain, lifetime=600)  # outlives the kit's outer bounds if it escapes


def test_without_children_lists_the_scans_alone_catch_the_chain(
        chain: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that lists no children (built without CONFIG_PROC_CHILDREN): the hunt
    gives way to the scans of the whole table, which catch the chain on their own when
    they are not out of date."""
    monkeypatch.setattr(process_tree, "children_of", lambda pid: None)
    run_and_close(chain)


def test_children_of_lists_every_thread_s_children() -> None:
    """The children lists: this process's children (of any of its threads), a child's
    own (none), and a pid that does not exist (none, not an error)."""
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                             stdin=subprocess.PIPE)
    try:
        assert child.pid in (process_tree.children_of(os.getpid()) or set())
        assert process_tree.children_of(child.pid) == set()
    finally:
        child.communicate(b"")
    assert process_tree.children_of(2 ** 22 + 1) == set()


@pytest.mark.parametrize("run", range(3))
def test_a_fast_forking_chain_does_not_outlive_the_kit(chain: tuple[str, Path], run: int,
                                                       ) -> None:
    """The same through `fivetenk check` as a process of its own, stopped by SIGTERM while
    the chain runs (the implementation never answers ``start``: a kit with its suite
    cached would otherwise finish, and clean up, before the test signals it)."""
    mark, count = chain
    kit = subprocess.Popen([*fivetenk_command(), "check", "--no-progress", "--id", "R05-001",
                            "--impl", " ".join(forker(count, hang="start")), "--timeout", "600"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env={**os.environ, MARK: mark})
    try:
        wait_running(count)
        kit.send_signal(signal.SIGTERM)
        _, err = kit.communicate(timeout=WAIT)
    finally:
        if kit.poll() is None:
            kit.kill()
            kit.wait()
    assert kit.returncode in (0, 128 + signal.SIGTERM), err.decode(errors="replace")
    assert marked(mark) == {}
    assert chain_zombies(count) == {}, "the kit reaps what it kills"
