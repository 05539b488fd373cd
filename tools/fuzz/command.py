"""Look for what the fixed suite misses: differential play against the reference engine.

fivetenk fuzz --impl CMD generates cases with the reference engine as the oracle (every
expectation is the reference's answer, right by construction) and asks the implementation
the same over the adapter protocol, with the process handling of `check --impl`
(--timeout, --restarts, no shell). Modes: queries (classify, beats, plays, points on card
sets biased toward structure), games (whole hands and matches from random deals, with
illegal near misses) and endings (positions a few plays before each ending); the default
runs every mode the implementation's capabilities allow, under every house-rule variant
value it declares.

A divergence is shrunk with Hypothesis to a minimal case that still diverges and written to
--out as <id>.feature (the kit's scenario language) and <id>.json (schema-valid), tagged
with a fresh id (--id-prefix, then 8 hex of its content), the clauses of the diverging step
and its rulings: `fivetenk check --only-paths <id>.feature` passes on the reference engine
and fails on the implementation; commit it.

Same --seed, implementation and options: the same cases in the same order and the same
report apart from timings, whatever --workers and --shard K/N (case i belongs to shard
i % N + 1). A case number is the same case under any handshake: a query, mode or variant
value the implementation does not offer is skipped, saying why. With --cases N the
campaign is exact on any machine; --budget SECONDS bounds it, shrinking and writing
included (no wait goes past it), and may stop a slower machine earlier.

An implementation that fails a case (a timeout, a crash, a broken reply) errors it: counted
apart (ERRORED, with what was asked), never a divergence, never written. A plays request
that times out stops hands that long from being asked (say so with --max-plays-hand N
from the start), another query that times out stops that query; once --restarts are
spent the campaign stops (STOPPED). A case is written only if the reference passes it
and the implementation fails it, checked as `check --only-paths` would. Exit codes: 0
nothing diverged, 1 a divergence, an errored case or a stop on the restart budget, 2 bad
input.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import re
import secrets
import shlex
import signal
import sys
import threading
import time
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..impl.drivers import Driver, expand_capabilities
from ..impl.options import add_impl_options, open_driver, positive_seconds
from ..impl.words import SHAPES
from ..model.paths import Output, check_outputs
from ..model.user_input import UsageError
from ..reference import CHOICES
from ..results import report
from ..suite.profile import words_of
from . import faults, merge
from .campaign import (
    Outcome,
    Plan,
    generate,
    make_mode,
    run_cases,
    run_chunk,
    share_limit,
    variant_combos,
)
from .findings import Found, bounded_record, describe, reproduce_command
from .source import Case, error_kind

if TYPE_CHECKING:  # a type only: `fuzz merge` and `--help` start without the process driver
    from ..impl.process_driver import ProcessDriver

MODE_NAMES = ("queries", "games", "endings")
CHUNK = 512
"""Most cases generated and sent together (one stream per chunk and worker)."""
CHUNK_VARIABLE = "FIVETENK_TEST_FUZZ_CHUNK"
"""Test only: the chunk size instead of :data:`CHUNK` (a whole number from 1 to CHUNK;
anything else is ignored), so that a test of the workers runs three chunks in a few dozen
cases (tests/fuzz/test_fuzz_workers.py)."""
CHUNK_SECONDS = 1.0
"""Under --budget, about how long one chunk may take: chunks are sized from the rate
measured so far, so the budget is checked about this often whatever a case costs (with a
fixed 512, a chunk of whole-hand cases took almost a minute, and a 150 s budget ran 206 s)."""
SHRINK_GROUPS = 5
"""At most this many distinct bugs are written: groups are shrunk in order until this many
shrunk cases differ in their bug signature (:func:`fivetenk.fuzz.findings.bug_signature`),
or :data:`SHRINK_TRIES` groups were shrunk; a group whose shrunk case is a bug already
written says so and is not written again. The others are counted and listed."""
SHRINK_TRIES = 3 * SHRINK_GROUPS
"""At most this many groups are shrunk (shrinking costs up to a few hundred runs each)."""
DEFAULT_CASES = 2000


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_impl_options(p, "the implementation, over the adapter protocol (never run through a "
                     "shell), e.g. --impl \"node adapter.js\" (required, except for merge)",
                     restarts_note="; once they are spent the campaign stops and says so")
    p.add_argument("--seed", type=_count(0, 2**63), metavar="N",
                   help="the campaign's seed (default: a fresh one, always printed with the "
                   "command that reruns it)")
    p.add_argument("--cases", type=_count(1, 10**9), metavar="N",
                   help=f"stop after N cases (default {DEFAULT_CASES} when no --budget)")
    p.add_argument("--budget", type=positive_seconds, metavar="SECONDS",
                   help="the campaign's time from the handshake on, shrinking and writing "
                   "included: no wait goes past it (whichever of --cases and --budget comes "
                   "first; once a divergence is found, the last quarter is left to "
                   "shrinking)")
    p.add_argument("--mode", choices=(*MODE_NAMES, "all"), default="all",
                   help="what to generate (default all: every mode the implementation's "
                   "capabilities allow)")
    p.add_argument("--variant", action="append", default=[], metavar="NAME=VALUE",
                   help="play only under this variant value (repeatable); by default every "
                   "value the implementation declares is explored")
    p.add_argument("--out", type=Path, default=Path("fivetenk-found"), metavar="DIR",
                   help="where the cases found are written (default ./fivetenk-found/): a "
                   "folder you can write to, or one that can be made; checked before the "
                   "campaign")
    p.add_argument("--id-prefix", type=_id_prefix, default="found", metavar="TEXT",
                   help="ids of the written scenarios: TEXT-<8 hex> (default found); TEXT is "
                   "a letter, then letters, digits, '-' or '_' (it names the files, so no "
                   "separator or dot), at most 40 characters")
    p.add_argument("--workers", type=_count(1, 64), default=1, metavar="N",
                   help="parallel processes, one implementation process each (default 1); "
                   "a worker that dies or stops answering is ended, and its cases and the "
                   "rest of the campaign run in the kit's own process, with a note")
    p.add_argument("--shard", type=_shard, default=(1, 1), metavar="K/N",
                   help="run only the K-th of N deterministic slices of the campaign (for a "
                   "CI matrix): case i belongs to slice i %% N + 1")
    p.add_argument("--case", type=_count(0, 10**9), metavar="N",
                   help="run only case N of the campaign (the numbers its report gives), "
                   "as found: with the campaign's --seed, --mode and --variant options it "
                   "reproduces that raw case, before any shrinking")
    p.add_argument("--expectations", type=Path, metavar="FILE",
                   help="an expectations file, the one `check --expectations` reads: a "
                   "diverging case it explains (a skip entry selecting the case's scenario, "
                   "or an xfail entry whose pin its differences match) is known: counted "
                   "per entry in the summary, not reported as a divergence")
    p.add_argument("--jsonl", type=Path, metavar="FILE",
                   help="write as JSON lines each divergence group (with its shrunk "
                   "case), every diverging case (its number, group and differing paths), "
                   "and a summary")
    p.add_argument("--no-shrink", action="store_true",
                   help="report divergences as found, without shrinking or writing them")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")
    p.add_argument("--max-plays-hand", type=_count(1, 32), metavar="N",
                   help="ask `plays` of hands of at most N cards (default: up to 32, a "
                   "banker's hand with the kitty); a `plays` request that times out lowers "
                   "it by itself for the rest of the campaign (to 16, or half the hand)")

    sub = p.add_subparsers(dest="fuzz_command", metavar="merge DIR...",
                           title="combining the shards of a campaign")
    m = sub.add_parser("merge", help="combine shard reports into one set of groups",
                       description=merge.__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    merge.add_arguments(m)
    m.set_defaults(func=merge.run)


def _count(lo: int, hi: int) -> Any:
    def parse(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or not lo <= int(text) <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, "
                                             f"not {text!r}")
        return int(text)
    return parse


ID_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
"""What ``--id-prefix`` may be: the start of a scenario id
(:data:`fivetenk.model.scenario.ID_PATTERN`: a letter, then letters, digits, ``-``, ``_``) and of
the written files' names, so it holds no path separator, no leading dot (a hidden file) and
nothing ``fivetenk check`` would refuse (a dot in an id only comes before an outline row's
number)."""


def _id_prefix(text: str) -> str:
    if not ID_PREFIX.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"expected a letter, then letters, digits, '-' or '_' (at most 40 characters: "
            f"the cases' ids and file names start with it), not '{report.visible(text, 60)}'")
    return text


def _check_out(out: Path) -> None:
    """Fail before the campaign when the cases found could not be written to ``out``: an
    existing file, FIFO or device, a symbolic link, a folder that cannot be written, or
    a path under a file (:func:`fivetenk.model.paths.check_outputs`, as every output is).
    UsageError (exit 2) names the option and the path."""

    check_outputs([Output("--out", out, folder=True, what="the cases found")])


def _shard(text: str) -> tuple[int, int]:
    k, _, n = text.partition("/")
    if not (k.isascii() and k.isdigit() and n.isascii() and n.isdigit()) or \
            not 1 <= int(k) <= int(n) <= merge.MAX_SHARDS:
        raise argparse.ArgumentTypeError(
            f"expected K/N with 1 <= K <= N <= {merge.MAX_SHARDS:,}, not {text!r}")
    return int(k), int(n)


# ---------------------------------------------------------------------------------------------
# Modes, variants and the plan of a campaign
# ---------------------------------------------------------------------------------------------


# -- workers (spawned processes, one implementation process each: fivetenk.impl.workers) -----------

_worker: dict[str, Any] = {}


def _worker_init(plan: Plan, argv: list[str], timeout: float, restarts: int) -> None:
    """A worker's start: its implementation started and handshaken, its mode objects.
    Its implementation's processes carry the token the kit gave the worker, so the kit
    finds and kills them if it has to kill the worker (:mod:`fivetenk.impl.workers`)."""
    # lazy: in a worker only
    import gc

    from ..impl.process_driver import ProcessDriver
    from ..impl.workers import token

    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])  # as in the kit's process
    driver = ProcessDriver(argv, timeout=timeout, restarts=restarts)
    driver.token = token()
    driver.trace = _replied
    _worker["plan"] = plan
    _worker["driver"] = driver
    _worker["modes"] = {n: make_mode(n, plan.capabilities, plan.shapes, plan.words)
                         for n in plan.modes}
    share_limit(plan, _worker["modes"])
    driver.capabilities  # noqa: B018 - starts it now (a failure is told by the first case)


def _replied(request: dict[str, Any], reply: dict[str, Any] | None) -> None:
    """Each reply of a worker's implementation is progress (the kit gives up a worker that
    makes none for longer than its waits allow: :data:`fivetenk.impl.workers.STALL_GRACE`)."""
    # lazy: in a worker only
    from ..impl.workers import progress

    progress()


@contextlib.contextmanager
def _quiet_workers() -> Iterator[None]:
    """A Ctrl-C while the workers are started is held back until they are.

    SIGINT is *ignored* while the workers are spawned: an ignored signal stays ignored
    across fork and exec, and a Python started with SIGINT ignored keeps it so (it installs
    its KeyboardInterrupt handler only over the default), so a Ctrl-C reaching the whole
    process group while a worker boots cannot interrupt its start-up. Blocking it was not
    enough: now and then a worker still died of it while initialising ("Fatal Python
    error: init_sys_streams", with a traceback, in about one CI run of five). SIGINT is
    also blocked in this thread meanwhile, so that one arriving now stays pending (Linux
    keeps a blocked signal pending even when it is ignored: every other thread of the kit
    blocks these signals for good, see ``process_pipes._StderrTail`` and the pipe threads
    of :mod:`fivetenk.impl.workers`); at the end of the block it is delivered to a handler
    that only takes note, and acted on once the kit's own handler is back. So the kit is
    never interrupted halfway through handing a worker its start (the worker would then
    die of an empty pipe, with a traceback), and loses no Ctrl-C."""
    if not hasattr(signal, "pthread_sigmask") or \
            threading.current_thread() is not threading.main_thread():  # pragma: no cover
        yield
        return
    # lazy: with --workers only
    from multiprocessing import resource_tracker

    # the tracker (spawning a process starts it) UNBLOCKS SIGINT in this thread when it
    # starts instead of restoring the mask it found: started inside the block, it undid it
    resource_tracker.ensure_running()
    noted: list[int] = []
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum))
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # runs the note of a pending one
        signal.signal(signal.SIGINT, handler)
        if noted and callable(handler):
            handler(signal.SIGINT, None)


def _worker_chunk(indices: list[int]) -> list[Outcome]:
    """In a worker: :func:`run_chunk`, each case generated counted as progress."""
    # lazy: in a worker only
    from ..impl.workers import progress

    plan, modes = _worker["plan"], _worker["modes"]
    cases = []
    for g in indices:
        cases.append(generate(plan, modes, g))
        progress()
    return run_cases(plan, modes, _worker["driver"], cases)


# ---------------------------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------------------------


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    # lazy: `fuzz merge` starts without the check command
    from ..commands.check import check_reports

    if args.impl is None:
        raise UsageError("--impl CMD is required (the implementation to fuzz); "
                         "or `fivetenk fuzz merge DIR...` to combine shard reports")

    check_reports([("--jsonl", args.jsonl)], reads=[("--expectations", args.expectations)],
                  impl=args.impl)
    _check_out(args.out)
    fixed = _parse_variants(args.variant)
    args.known = None
    if args.expectations is not None:  # bad input stops the command before the campaign
        # lazy: `fuzz merge` starts without the check command
        from .known import load

        args.known = load(args.expectations)
    driver = open_driver(args)
    try:
        with fewer_collections():
            return _run(args, out, driver, fixed)
    finally:
        driver.close()


GC_YOUNG = 20_000
"""Allocations between two collections of the youngest generation during a campaign
(Python's default is 700). A campaign allocates millions of short-lived, acyclic objects
(reference answers, observations, replies) beside a few hundred thousand live ones (the
cases of the chunks in flight), and every older-generation pass walks those: measured with
``python -m fivetenk.bench.fuzz``, the default thresholds took a fifth of the kit's time in
game cases. Memory is unaffected: the campaign makes almost no reference cycles."""


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect garbage less often for the duration (:data:`GC_YOUNG`), then restore the
    thresholds (``fivetenk.cli.main`` may run inside another program, a test)."""
    # lazy: `fuzz merge` starts without gc
    import gc

    before = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _parse_variants(items: list[str]) -> dict[str, str]:
    fixed: dict[str, str] = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or name not in CHOICES or value not in CHOICES[name]:
            known = "; ".join(f"{n}={'|'.join(v)}" for n, v in CHOICES.items())
            raise UsageError(f"--variant {report.visible(item, 80)}: expected NAME=VALUE, "
                             f"one of {known}")
        fixed[name] = value
    return fixed


def rerun_command(args: argparse.Namespace, seed: int) -> str:
    parts = ["fivetenk", "fuzz", "--impl", args.impl, "--seed", str(seed)]
    if args.case is not None:
        return reproduce_command(args, seed, args.case)
    if args.cases is not None or args.budget is None:
        parts += ["--cases", str(args.cases or DEFAULT_CASES)]
    if args.budget is not None:
        parts += ["--budget", f"{args.budget:g}"]
    if args.mode != "all":
        parts += ["--mode", args.mode]
    for item in args.variant:
        parts += ["--variant", item]
    if args.shard != (1, 1):
        parts += ["--shard", f"{args.shard[0]}/{args.shard[1]}"]
    if getattr(args, "expectations", None) is not None:
        parts += ["--expectations", str(args.expectations)]
    if getattr(args, "max_plays_hand", None) is not None:
        parts += ["--max-plays-hand", str(args.max_plays_hand)]
    return shlex.join(parts)


def _run(args: argparse.Namespace, out: TextIO, driver: ProcessDriver,
         fixed: dict[str, str]) -> int:

    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    capabilities = expand_capabilities(driver.capabilities)
    hello = driver.hello
    if hello is None:  # it could not even start: say so, like check (errored)
        print(f"fivetenk fuzz: the implementation did not start: "
              f"{report.visible(driver.last_error or driver.command, 600)}", file=out)
        return 1
    if not hello.supports(fixed):
        raise UsageError(f"--variant: the implementation does not offer "
                         f"{', '.join(f'{k}={v}' for k, v in fixed.items())}")
    shapes = None if hello.shapes >= frozenset(_all_shapes()) else hello.shapes

    words = words_of(driver) or None  # D39: pack, run lengths, wing rule, extra shapes
    wanted = MODE_NAMES if args.mode == "all" else (args.mode,)
    modes: dict[str, Any] = {}
    made: dict[str, Any] = {}
    runnable: dict[str, str] = {}  # every mode this kit has: why it cannot run, or ""
    notes: list[str] = []
    for name in wanted:
        mode = make_mode(name, capabilities, shapes, words)
        if mode is None:
            notes.append(f"mode {name}: not available in this kit")
            continue
        made[name] = mode
        reason = mode.needs(capabilities, fixed)
        runnable[name] = reason or ""
        if reason:
            notes.append(f"mode {name}: skipped, {reason}")
            continue
        modes[name] = mode
    if not modes:
        if args.mode != "all":
            raise UsageError(f"--mode {args.mode}: {'; '.join(notes)}")
        print("fivetenk fuzz: no mode can run against this implementation: "
              + "; ".join(notes), file=out)
        return 1
    most, most_why = args.max_plays_hand, "--max-plays-hand"
    if most is None and hello.max_plays_hand is not None:  # the author's word (issue 28)
        most, most_why = hello.max_plays_hand, "the hello's max_plays_hand"
    plan = _plan(seed, made, runnable, fixed, hello, capabilities, shapes, words, args, most)
    share_limit(plan, modes)
    total = args.cases if args.cases is not None else (None if args.budget else DEFAULT_CASES)
    if args.case is not None:
        total = 1
    k, n = args.shard
    print(f"fivetenk fuzz: seed {seed}, against {report.visible(driver.name, 200)}", file=out)
    print(f"rerun: {rerun_command(args, seed)}", file=out)
    for note in notes:
        print(f"note: {note}", file=out)
    for name in modes:
        shown = ", ".join(_variants_text(c) for c in plan.explored(name))
        print(f"mode {name}: variants {shown}", file=out)
    if most is not None:
        print(f"note: plays is asked of hands of at most {most} cards ({most_why})",
              file=out)
    out.flush()

    started = time.perf_counter()
    args.worker_notes = []  # what the workers did wrong, if anything (fivetenk.impl.workers)
    # from the handshake on (bounded by --timeout), no wait goes past --budget: the
    # campaign's, the shrinking's, the checks' before a case is written
    args.deadline = None if args.budget is None else time.monotonic() + args.budget
    driver.until = args.deadline
    outcomes: list[Outcome] = []
    show = not args.no_progress and _is_tty(sys.stderr)
    args.stopped = None
    args.diverged = False
    spin = driver.spin
    with contextlib.closing(_campaign(plan, modes, driver, args, total, (k, n), started)) as run:
        for batch in run:
            outcomes.extend(batch)
            if show:
                _progress(sys.stderr, outcomes, total, time.perf_counter() - started)
            args.stopped = faults.stop(args, batch)
            if args.stopped:  # the campaign is closed here: its own restore is skipped
                _set_spin(driver, spin)
                break
    elapsed = time.perf_counter() - started
    if show:
        sys.stderr.write("\r" + " " * 79 + "\r")
    for note in getattr(args, "worker_notes", ()):
        print(f"note: {report.visible(note, 1000)}", file=out)
    return _finish(args, out, plan, modes, driver, outcomes, elapsed, seed)


def _plan(seed: int, made: dict[str, Any], runnable: dict[str, str], fixed: dict[str, str],
          hello: Any, capabilities: frozenset[str], shapes: frozenset[str] | None,
          words: Any, args: argparse.Namespace, most: int | None = None) -> Plan:
    """The campaign's plan: its case numbers depend on the seed and the options only
    (:class:`~fivetenk.fuzz.campaign.Plan`); the handshake says which are asked."""
    every = dict(CHOICES)
    combos = {n: variant_combos(every, fixed, getattr(m, "variant_names", None))
              for n, m in made.items()}
    offers = {name: tuple(hello.offers(name)) for name in CHOICES}
    fill = {name: values[0] for name, values in hello.unsupported_defaults.items()
            if values and name not in fixed}
    return Plan(seed, list(made), combos, capabilities, shapes, words, runnable=runnable,
                offers=offers, fill=fill, max_plays_hand=most)


def _all_shapes() -> tuple[str, ...]:
    return tuple(SHAPES)


def _variants_text(variants: dict[str, str]) -> str:
    return "defaults" if not variants else " ".join(f"{k}={v}" for k, v in variants.items())


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _progress(stream: TextIO, outcomes: list[Outcome], total: int | None, seconds: float) -> None:
    done = len(outcomes)
    diverged = sum(1 for o in outcomes if o.divergence is not None)
    rate = done / seconds if seconds > 0 else 0.0
    of = f"/{total}" if total else ""
    with contextlib.suppress(OSError, ValueError):
        stream.write(f"\r{done}{of} cases  {rate:,.0f}/s  {diverged} diverged ")
        stream.flush()


def _test_chunk() -> int | None:
    """:data:`CHUNK_VARIABLE`'s chunk size, if a test set a valid one."""
    text = os.environ.get(CHUNK_VARIABLE, "")
    return int(text) if text.isascii() and text.isdigit() and 1 <= int(text) <= CHUNK \
        else None


def chunk_size(budget: float | None, done: int, elapsed: float, workers: int) -> int:
    """The next chunk's size: :data:`CHUNK`, or under a budget what the rate so far (``done``
    cases in ``elapsed`` seconds, over ``workers``) runs in about :data:`CHUNK_SECONDS`, at
    least 8 and at most CHUNK (before any case ran: 8, a first chunk that measures it)."""
    if budget is None:
        return _test_chunk() or CHUNK
    if done <= 0 or elapsed <= 0:
        return 8
    per_worker = done / elapsed / max(workers, 1)
    return max(8, min(CHUNK, int(per_worker * CHUNK_SECONDS)))


def _campaign(plan: Plan, modes: dict[str, Any], driver: ProcessDriver,
              args: argparse.Namespace,
              total: int | None, shard: tuple[int, int], started: float,
              ) -> Generator[list[Outcome], None, None]:
    """The outcomes of the campaign, chunk by chunk, in case order."""
    k, n = shard
    budget = args.budget
    done = [0]  # cases run so far by this process's campaign (sizes the chunks under a budget)

    def size() -> int:
        return chunk_size(budget, done[0], time.perf_counter() - started, args.workers)

    def chunks() -> Iterator[list[int]]:
        if args.case is not None:  # one case, as found (whatever --cases and --shard say)
            yield [args.case]
            return
        numbers = plan.numbers(total)  # the cases asked, whatever the shard
        while True:
            batch = list(itertools.islice(numbers, size() * n))
            if not batch:
                return
            mine = [i for i in batch if i % n == k - 1]
            if mine:
                yield mine

    def in_budget() -> bool:
        return budget is None or time.perf_counter() - started < budget

    def counted(outcomes: list[Outcome]) -> list[Outcome]:
        done[0] += len(outcomes)
        return outcomes

    if args.workers == 1:
        # the next chunk is generated in a thread while this one is exchanged with the
        # implementation (which runs in its own process): the kit waits less. The thread
        # has its own mode objects; case i still depends only on (seed, mode, i). (A
        # helper process instead was measured slower on two processors: three busy
        # processes, and every case pickled.)
        from concurrent.futures import ThreadPoolExecutor

        makers = {name: make_mode(name, plan.capabilities, plan.shapes, plan.words)
                  for name in plan.modes}
        spin = _set_spin(driver, 0.0)

        def make(indices: list[int]) -> list[Case]:
            return [generate(plan, makers, g) for g in indices]

        with ThreadPoolExecutor(1) as maker:
            source = chunks()
            first = next(source, None)
            ahead = maker.submit(make, first) if first is not None else None
            while ahead is not None:
                cases = ahead.result()
                following = next(source, None) if in_budget() else None
                ahead = maker.submit(make, following) if following is not None else None
                yield counted(run_cases(plan, modes, driver, cases))
                if not in_budget():
                    if ahead is not None:
                        ahead.cancel()
                    break
        _set_spin(driver, spin)
        return
    # lazy: with --workers only
    from ..impl.workers import STALL_GRACE, WorkerFailure, Workers

    pool: Workers | None = None
    pending: list[tuple[list[int], int]] = []
    source = chunks()

    def collect(indices: list[int], ticket: int) -> list[Outcome]:
        """A chunk's outcomes from its worker; if a worker died, stopped answering or
        failed, the pool is shut down (:mod:`fivetenk.impl.workers`) and the chunk runs in this
        process, as every later one: a case depends only on its number, so the outcomes
        are the same, and the campaign never waits for a worker that will not answer."""
        if pool is not None and not pool.broken:
            with contextlib.suppress(WorkerFailure):
                result: list[Outcome] = pool.result(ticket)
                return result
        return run_chunk(plan, modes, driver, indices)

    try:
        with _quiet_workers():
            # a worker may go without progress for a reply's timeout, then its restarted
            # implementation's handshake, and some: beyond that it is stuck
            pool = Workers(args.workers, _worker_init,
                           (plan, list(driver.argv), args.timeout, args.restarts),
                           stall=2 * args.timeout + STALL_GRACE)
        for indices in source:
            if not in_budget():
                break
            if pool.broken:  # the chunks given out first, then this one, in case order
                while pending:
                    yield counted(collect(*pending.pop(0)))
                yield counted(run_chunk(plan, modes, driver, indices))
                continue
            pending.append((indices, pool.submit(_worker_chunk, indices)))
            if len(pending) >= 2 * args.workers:
                yield counted(collect(*pending.pop(0)))
        while pending:
            if not in_budget():
                break
            yield counted(collect(*pending.pop(0)))
    finally:
        if pool is not None:
            pool.close()
            if pool.failure is not None:
                args.worker_notes.append(f"{pool.failure}; its tasks and the rest of the "
                                         "campaign ran in this process")
            args.worker_notes.extend(pool.notes)


def _set_spin(driver: Driver, spin: float) -> float:
    """Set how long the driver polls for a reply before sleeping (returns the old value).
    The campaign waits asleep (0): a spinning wait takes the interpreter lock back and
    forth from the thread generating the next chunk, and streams of hundreds of requests
    do not need the spin's low latency; shrinking (one case at a time) gets it back."""
    old = driver.spin
    driver.spin = spin
    return old


def _finish(args: argparse.Namespace, out: TextIO, plan: Plan, modes: dict[str, Any],
            driver: Driver, outcomes: list[Outcome], elapsed: float, seed: int) -> int:
    tried: dict[str, int] = {}
    skipped: dict[str, int] = {}  # why -> cases
    groups: dict[str, Found] = {}
    every: list[dict[str, Any]] = []  # every diverging or errored case, for --jsonl (issue 19)
    known: dict[str, int] = {}  # muted by --expectations: entry -> cases
    failures: list[Outcome] = []  # errored: the implementation's faults, never divergences
    not_run = 0  # refused a start by the restart budget, or cut by --budget
    for o in outcomes:
        if o.skipped:
            why = faults.skip_text(o.skip_reason)
            skipped[why] = skipped.get(why, 0) + 1
            continue
        if o.failure in ("restart budget", "out of time"):
            not_run += 1
            continue
        key = f"{o.mode}/{o.kind}"
        tried[key] = tried.get(key, 0) + 1
        if o.failure:
            assert o.divergence is not None
            failures.append(o)
            every.append({"record": "case", "case": o.index, "mode": o.mode, "kind": o.kind,
                          "errored": o.failure, "step": o.divergence.step,
                          "request": o.divergence.request, "error": o.divergence.error})
            continue
        entry = (_known_entry(args.known, plan, modes, o)
                 if o.divergence is not None and getattr(args, "known", None) else None)
        if o.divergence is not None and entry is not None:
            label = f"{entry.where}: {entry.reason_text()}" if entry.where else entry.reason_text()
            known[label] = known.get(label, 0) + 1
            every.append({"record": "case", "case": o.index, "mode": o.mode, "kind": o.kind,
                          "known": label, "step": o.divergence.step,
                          "paths": list(o.divergence.paths), "error": None})
        elif o.divergence is not None:
            sig = o.divergence.group_key()
            if sig in groups:
                groups[sig].count += 1
            else:
                groups[sig] = Found(o)
            every.append({"record": "case", "case": o.index, "mode": o.mode, "kind": o.kind,
                          "group": groups[sig].outcome.index, "step": o.divergence.step,
                          "paths": list(o.divergence.paths),
                          "error": error_kind(o.divergence.error) if o.divergence.error
                          else None})
    records: list[dict[str, Any]] = []
    seen: dict[str, str] = {}  # bug signature -> the id written for it
    tries = min(len(groups), SHRINK_TRIES)
    for number, found in enumerate(groups.values()):
        write = len(set(seen.values())) < SHRINK_GROUPS and number < SHRINK_TRIES
        args.shrink_until = faults.share(args, tries - number)
        lines, record = describe(args, plan, modes, driver, found, write, seen)
        for line in lines:
            print(line, file=out)
        print(file=out)
        records.append(record)
    diverged = sum(f.count for f in groups.values())
    twice = sum(1 for r in records if r.get("same_as"))
    unwritten = sum(1 for r in records if r.get("not_written"))
    refusals = sum(f.count for f in groups.values() if f.outcome.divergence and
                   f.outcome.divergence.errored)
    ran = sum(tried.values())
    rate = ran / elapsed if elapsed > 0 else 0.0
    hands = sum(o.hands for o in outcomes if not o.skipped)
    errored: dict[str, int] = {}
    for o in failures:
        errored[o.failure] = errored.get(o.failure, 0) + 1
    for line in faults.errored_lines(args, seed, failures, errored):
        print(line, file=out)
    skipped_total = sum(skipped.values())
    print("cases tried: " + (", ".join(f"{k} {v}" for k, v in sorted(tried.items())) or "none")
          + (f"; {skipped_total} skipped ("
             + "; ".join(f"{why}: {count}" for why, count in skipped.items()) + ")"
             if skipped else "")
          + (f"; {hands} whole hands played in games cases" if hands else ""), file=out)
    missing: dict[str, int] = {}
    for o in outcomes:
        for name in o.missing:
            missing[name] = missing.get(name, 0) + 1
    for name, count in sorted(missing.items()):
        print(f"note: the implementation leaves out the optional observation field {name} "
              f"(protocol version 1, `fivetenk protocol`): not compared in the {count} "
              f"case{'s' * (count != 1)} that observed it; a scenario that checks it fails",
              file=out)
    for line in faults.limit_lines(failures, skipped):
        print(line, file=out)
    for label, count in known.items():
        print(f"known: {count} case{'s' * (count != 1)} muted by the expectations entry "
              f"{report.visible(label, 400)}", file=out)
    stopped = faults.stopped_text(args, failures, errored, not_run, outcomes)
    if stopped:
        print(stopped, file=out)
    print(f"{ran} cases in {elapsed:.1f} s ({rate:,.0f}/s); {diverged} diverged"
          f"{f' ({refusals} by refusing or an invalid reply)' if refusals else ''}, "
          f"{len(groups)} distinct"
          f"{f'; {len(failures)} errored' if failures else ''}"
          f"{f'; {sum(known.values())} known (muted)' if known else ''}"
          f"{f'; {twice} of them shrank to a bug already written' if twice else ''}"
          f"{f'; {unwritten} not written (see why above)' if unwritten else ''}",
          file=out)
    print(f"rerun: {rerun_command(args, seed)}", file=out)
    if args.jsonl is not None:
        which = ({"case": args.case} if args.case is not None  # one case, whatever the shard
                 else {"shard": list(args.shard)})
        summary = {"record": "summary", "seed": seed, **which, "tried": tried,
                   "skipped": skipped_total, "skipped_why": skipped,
                   "diverged": diverged, "distinct": len(groups), "seconds": round(elapsed, 3),
                   "errored": errored, "not_run": not_run, "stopped": stopped or None,
                   "not_written": unwritten, "optional_fields_missing": missing,
                   "known": known}
        text = "".join(json.dumps(bounded_record(r), ensure_ascii=True, sort_keys=True) + "\n"
                       for r in [*records, *every, summary])
        report.write_atomic(args.jsonl, text)
    return 1 if groups or failures or args.stopped == "restart budget" else 0


def _known_entry(expectations: Any, plan: Plan, modes: dict[str, Any], o: Outcome) -> Any:
    # lazy: with --expectations only
    from .known import known_entry

    return known_entry(expectations, plan, modes, o)
