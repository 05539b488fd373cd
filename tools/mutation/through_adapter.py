"""Judging mutants as an outside engine is judged: the mutated engine is served by
``fivetenk adapter`` in a process of its own, and the unmutated kit checks it through the
protocol, exactly as ``fivetenk check --impl CMD`` does (:func:`judge`).

**How the adapter is started.** Starting ``python -m fivetenk.impl.adapter`` for every mutant
costs ~0.15 s of CPU before the first request; forked from the judging process it costs a
few milliseconds. So the kit's :class:`~fivetenk.impl.process_driver.ProcessDriver` is given a
``spawn`` (:class:`ForkedAdapter`) that forks a child which applies the mutant, then serves
the protocol with the very code of ``fivetenk adapter`` (:func:`fivetenk.impl.adapter.serve`) on
its stdin and stdout, in a session of its own, like any implementation. The judging
process itself never applies a mutant: the positions it builds, the readings it parses
and the replies it checks are the unmutated kit's. :func:`oracle` does it the long way,
``fivetenk check --impl`` on a copy of the package with the mutated module written into it,
and the tests check that both give the same verdicts.

**Which scenarios run.** Each scenario is first run alone through a fresh, unmutated,
forked adapter that records the engine lines it executes (:func:`load_suite`); a mutant
runs only the scenarios that executed one of its lines (all of them for a module-level
mutant), stopping at the first whose verdict is not ``passed``: *failed* (an expectation
differs) or *errored* (the engine refused, crashed or answered out of protocol) kills it.
A reply later than :data:`REPLY_TIMEOUT` is a *timeout*, run again alone before it counts.
"""

from __future__ import annotations

import ast
import contextlib
import ctypes
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import fivetenk
from fivetenk import reference

from ..impl import adapter as _adapter  # imported before any fork: children never load it anew
from ..impl.process_driver import ProcessDriver
from ..model.paths import data_dir
from ..suite.runner import run_scenario, run_suite
from .engine import apply_mutant, clear_kit_caches
from .inprocess import tracer
from .operators import Mutant, MutationError, mutated_tree, source_path
from .pool import Job, run_children

REPLY_TIMEOUT = 3.0
"""Seconds for each reply of a mutated engine (the reference answers in milliseconds)."""
ALONE_TIMEOUT = 5.0
"""Seconds for each reply when a timeout is run again alone (the late scenario first)."""
CPU_LIMIT = 120
"""Seconds of CPU a forked adapter may use before the system stops it (a backstop)."""
TIMEOUT_MARK = "no reply to "
"""How the process driver's message for a late reply begins."""


def die_with_parent() -> None:
    """Have the kernel kill this process when its parent dies (Linux ``PR_SET_PDEATHSIG``),
    so an adapter stuck in a mutant's endless loop never outlives the child judging it; and
    cap its CPU time."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT + 5))


def _close_other_fds(keep: Sequence[int]) -> None:
    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:  # pragma: no cover - no /proc
        fds = list(range(3, 1024))
    for fd in fds:
        if fd > 2 and fd not in keep:
            with contextlib.suppress(OSError):
                os.close(fd)


class ForkedAdapter:
    """A :data:`~fivetenk.impl.process_driver.Spawn` result: a forked child serving the adapter
    protocol on pipes, with the interface of :class:`subprocess.Popen` that the process
    driver uses. ``prepare`` runs in the child first (it applies the mutant); ``side``, a
    file descriptor kept open in the child, is passed to ``finish`` when the adapter stops
    (the coverage run writes the lines it saw there)."""

    def __init__(self, prepare: Callable[[], None],
                 finish: Callable[[int], None] | None = None, side: int = -1) -> None:
        stdin_r, stdin_w = os.pipe()
        stdout_r, stdout_w = os.pipe()
        stderr_r, stderr_w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child (run by the mutation tests)
            code = 0
            try:
                os.setsid()
                die_with_parent()
                os.dup2(stdin_r, 0)
                os.dup2(stdout_w, 1)
                os.dup2(stderr_w, 2)
                _close_other_fds([side])
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                prepare()
                with open(0, "rb", buffering=0, closefd=False) as stdin, \
                        open(1, "wb", buffering=0, closefd=False) as stdout:
                    _adapter.serve(stdin, stdout, _adapter.Adapter())
                if finish is not None:
                    finish(side)
            except BaseException as err:  # a mutant breaking the adapter: it exits, loud
                with contextlib.suppress(OSError):
                    os.write(2, f"{type(err).__name__}: {err}\n".encode(errors="replace"))
                code = 1
            os._exit(code)
        for fd in (stdin_r, stdout_w, stderr_w):
            os.close(fd)
        self.pid = pid
        self.args = ["fivetenk", "adapter"]
        self.stdin = open(stdin_w, "wb", buffering=0)  # noqa: SIM115 - the driver closes it
        self.stdout = open(stdout_r, "rb", buffering=0)  # noqa: SIM115
        self.stderr = open(stderr_r, "rb", buffering=0)  # noqa: SIM115
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # reaped elsewhere (the subreaper's sweep)
                self.returncode = -signal.SIGKILL
            else:
                if pid:
                    self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() >= deadline:
                raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
            time.sleep(0.002)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


def driver(prepare: Callable[[], None], timeout: float = REPLY_TIMEOUT,
           finish: Callable[[int], None] | None = None, side: int = -1) -> Any:
    """A process driver whose implementation is a forked adapter (``prepare`` run first)."""

    def spawn(argv: list[str], env: dict[str, str], cwd: str | None) -> ForkedAdapter:
        return ForkedAdapter(prepare, finish, side)

    return ProcessDriver(["fivetenk", "adapter"], timeout=timeout, spawn=spawn)


# --------------------------------------------------------------------------- the baseline


@dataclass
class Suite:
    """The compiled feature suite and, for each scenario, the engine lines that a fresh
    unmutated adapter executed while the kit ran it through the protocol."""

    scenarios: list[Any]
    lines: dict[str, list[set[int]]] = field(default_factory=dict)
    """module -> for each scenario, the lines of that module the adapter executed."""
    seconds: list[float] = field(default_factory=list)
    """For each scenario, how long its traced run took (quickest are run first)."""


def _traced_lines(modules: Sequence[str], scenarios: Sequence[Any],
                  indexes: Sequence[int]) -> dict[str, Any]:
    """In a forked child: run each scenario of ``indexes`` through its own fresh traced
    adapter; the lines each executed, and the verdicts (all must pass)."""

    files = {str(source_path(m)): m for m in modules}
    out: dict[str, Any] = {"status": "ok", "lines": [], "failed": []}
    for i in indexes:
        hit: dict[str, set[int]] = {m: set() for m in modules}  # the adapter's copy fills

        def prepare(hit: dict[str, set[int]] = hit) -> None:
            clear_kit_caches()  # the fork inherits warm caches: they would hide lines
            sys.settrace(tracer(files, hit))

        def finish(fd: int, hit: dict[str, set[int]] = hit) -> None:
            sys.settrace(None)
            os.write(fd, json.dumps({m: sorted(v) for m, v in hit.items()}).encode())

        with tempfile.TemporaryFile() as side:
            with driver(prepare, timeout=60.0, finish=finish, side=side.fileno()) as d:
                d.prestart()
                started = time.perf_counter()
                result = run_scenario(d, scenarios[i])
                out.setdefault("seconds", []).append(time.perf_counter() - started)
            side.seek(0)
            data = side.read()
        if result.status != "passed":
            out["failed"].append(f"{scenarios[i].id}: {result.status}: {result.message}"[:300])
        out["lines"].append(json.loads(data or b"{}"))
    return out


def load_suite(modules: Sequence[str], scenarios: Sequence[Any], workers: int = 2,
               progress: Callable[[int, int], None] | None = None) -> Suite:
    """Run every scenario once through a fresh unmutated forked adapter that traces the
    lines of ``modules`` (``workers`` children at a time); every scenario must pass."""

    parts = max(1, min(workers * 4, len(scenarios)))
    chunks = [list(range(len(scenarios)))[k::parts] for k in range(parts)]
    jobs: list[Job] = [(partial(_traced_lines, modules, scenarios, c), 600.0) for c in chunks]
    answers = run_children(jobs, workers, progress)
    suite = Suite(list(scenarios), {m: [set() for _ in scenarios] for m in modules},
                  [0.0] * len(scenarios))
    failed: list[str] = []
    for chunk, answer in zip(chunks, answers, strict=True):
        if answer.get("status") != "ok":
            raise MutationError(f"the coverage run through the adapter failed: "
                                f"{answer.get('note', answer)}")
        failed += answer["failed"]
        for i, hit, seconds in zip(chunk, answer["lines"], answer["seconds"], strict=True):
            suite.seconds[i] = seconds
            for m in modules:
                suite.lines[m][i] = set(hit.get(m, ()))
    if failed:
        raise MutationError("the unmutated engine does not pass the suite through the "
                            "adapter: " + "; ".join(failed[:5]))
    return suite


def selected(suite: Suite, mutant: Mutant) -> list[int]:
    """The scenarios (indexes) to run against ``mutant`` through the adapter: those whose
    run executed one of its lines (all of them at module level), quickest first, so that
    a killed mutant costs little (a survivor runs them all either way)."""
    if not mutant.scope:
        chosen = list(range(len(suite.scenarios)))
    else:
        span = set(range(mutant.line, mutant.end_line + 1))
        chosen = [i for i, lines in enumerate(suite.lines[mutant.module]) if lines & span]
    return sorted(chosen, key=lambda i: (suite.seconds[i] if suite.seconds else 0.0, i))


# --------------------------------------------------------------------------- judging


def judge(mutant: Mutant | None, module: str, suite: Suite, chosen: Sequence[int],
          trees: dict[str, ast.Module], timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
    """In a forked child (unmutated): serve ``mutant`` from a forked adapter and run the
    ``chosen`` scenarios through it, as ``fivetenk check --impl`` does; the verdict."""

    def prepare() -> None:
        apply_mutant(mutant, module, trees)

    ran = 0
    with driver(prepare, timeout) as d:
        for result in run_suite(d, [suite.scenarios[i] for i in chosen]):
            ran += 1
            if result.status == "passed":
                continue
            how = result.status
            if how == "errored" and result.message.startswith(TIMEOUT_MARK):
                return {"status": "timeout", "ran": ran, "how": "timeout",
                        "scenario": f"{result.scenario.id} {result.scenario.location}",
                        "note": result.message[:300]}
            return {"status": "killed", "ran": ran, "how": how,
                    "scenario": f"{result.scenario.id} {result.scenario.location}",
                    "note": f"{how}: {result.message}"[:300]}
    return {"status": "survived", "ran": ran}


def limit_for(chosen: Sequence[int]) -> float:
    """The time limit of a judging child: generous, since a reply's own timeout already
    stops a looping mutant (a scenario through the adapter takes a few milliseconds)."""
    return 30.0 + 0.05 * len(chosen)


# --------------------------------------------------------------------------- the oracle


def package_copy(target: Path) -> Path:
    """Copy the installed kit (``fivetenk`` with its engine, spec, schemas and features) to
    ``target/fivetenk``, as a plain package that a fresh interpreter imports from
    ``target``."""

    root = target / "fivetenk"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(Path(fivetenk.__file__).parent, root, ignore=ignore)
    if not (root / "reference").exists():
        shutil.copytree(Path(reference.__file__).parent, root / "reference", ignore=ignore)
    for sub in ("spec", "schemas", "features"):
        if not (root / sub).exists():
            shutil.copytree(data_dir(sub), root / sub, ignore=ignore)
    return root


def oracle(mutant: Mutant, trees: dict[str, ast.Module], ids: Sequence[str] = ()) -> str:
    """The verdict the long way: the mutated module written into a copy of the package,
    and ``fivetenk check --impl ADAPTER`` run by this (unmutated) kit, where ADAPTER starts
    ``fivetenk adapter`` from that copy. ``killed`` (exit 1) or ``survived`` (exit 0);
    ``ids`` limits the run (``--id``, repeated)."""
    with tempfile.TemporaryDirectory(prefix="fivetenk-mutant-") as tmp:
        root = package_copy(Path(tmp))
        tree = mutated_tree(mutant, trees[mutant.module])
        (root / "reference" / f"{mutant.module}.py").write_text(ast.unparse(tree) + "\n",
                                                                encoding="utf-8")
        script = Path(tmp) / "mutant-adapter"
        script.write_text(
            f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {tmp!r})\n"
            f"import fivetenk\nassert fivetenk.__file__.startswith({tmp!r}), fivetenk.__file__\n"
            "from fivetenk.impl.adapter import main\nsys.exit(main([]))\n", encoding="utf-8")
        script.chmod(0o755)
        # the judging kit must be this one, unmutated: -P keeps the working folder off
        # sys.path, and it runs elsewhere; it says where it was imported from
        kit = ("import sys, fivetenk; from fivetenk.cli import main; "
               f"assert not fivetenk.__file__.startswith({tmp!r}), fivetenk.__file__; "
               "sys.exit(main())")
        argv = [sys.executable, "-P", "-c", kit, "check", "--quiet", "--no-progress",
                "--impl", str(script)]
        for scenario_id in ids:
            argv += ["--id", scenario_id]
        with tempfile.TemporaryDirectory(prefix="fivetenk-judge-") as elsewhere:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=600,
                                  cwd=elsewhere, check=False)
        if done.returncode not in (0, 1):
            raise MutationError(f"the oracle's check exited {done.returncode}: "
                                f"{done.stderr.strip()[-500:]}")
        return "survived" if done.returncode == 0 else "killed"
