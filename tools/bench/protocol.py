"""Benchmark the adapter protocol: the shipped suite in process against the same suite
through `fivetenk adapter` (or --impl CMD).

``python -m fivetenk.bench.protocol`` prints

- the scenario run in process (ReferenceDriver) and through the protocol (ProcessDriver),
  with and without the implementation's start-up, and their ratio;
- the protocol overhead per message (request + reply) and per scenario, in µs;
- the end-to-end time of ``fivetenk check`` both ways (loading the scenarios included), the
  figure the 2x target applies to;
- what loading costs: the CPU seconds of ``fivetenk check --id R05-001`` and of the whole
  suite, with the compiled suite read from the cache and with the cache off (compiling
  every feature file), and their ratio (targets: one scenario <= 0.3 s of CPU and <= 0.4x
  the whole suite);
- with ``--shapes``, only the time to tag the whole suite with the shapes it uses
  (:func:`fivetenk.suite.shapes.scenario_shapes`), cold and cached, and how many scenarios use
  each shape.

Each figure is the best of --repeat runs (default 3); the machine's load shows in the
spread, so run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from ..impl.drivers import ReferenceDriver
from ..impl.process_driver import ProcessDriver
from ..impl.words import SHAPES
from ..model.scenario import Scenario
from ..suite import catalog, shapes
from ..suite.runner import run_suite
from .record import Recorder, emit

RUN_LIMIT = 1800.0
"""Seconds at most one timed ``fivetenk check`` may take (it takes seconds): a hang is an
error (subprocess.TimeoutExpired, the process killed), never a benchmark that waits."""


def default_impl() -> str:
    """`fivetenk adapter` of this environment (its console script, else the module)."""
    exe = Path(sys.executable).with_name("fivetenk")
    if exe.exists():
        return shlex.join([str(exe), "adapter"])
    return shlex.join([sys.executable, "-m", "fivetenk.impl.adapter"])


def in_process(scenarios: Sequence[Scenario]) -> float:
    driver = ReferenceDriver()
    started = time.perf_counter()
    for _ in run_suite(driver, scenarios):
        pass
    return time.perf_counter() - started


def through_protocol(scenarios: Sequence[Scenario], impl: str,
                     ) -> tuple[float, float, float, int]:
    """(seconds with start-up, seconds of the scenario run alone, seconds of a second run in
    the same process — its caches warm, like the in-process figure —, messages of one run)."""
    messages = 0

    def count(request: object, reply: object) -> None:
        nonlocal messages
        messages += 1

    started = time.perf_counter()
    driver = ProcessDriver(impl, trace=count, timeout=60)
    try:
        _ = driver.capabilities  # start and handshake
        ready = time.perf_counter()
        for _ in run_suite(driver, scenarios):
            pass
        done = time.perf_counter()
        one_run = messages - 1
        for _ in run_suite(driver, scenarios):
            pass
        again = time.perf_counter() - done
    finally:
        driver.close()
    return done - started, done - ready, again, one_run


def end_to_end(args: Sequence[str], env: dict[str, str] | None = None) -> float:
    exe = Path(sys.executable).with_name("fivetenk")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "fivetenk.cli"]
    started = time.perf_counter()
    subprocess.run([*command, "check", "--quiet", "--no-progress", *args],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env,
                   timeout=RUN_LIMIT)
    return time.perf_counter() - started


def cpu_of(args: Sequence[str], env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) of one ``fivetenk check`` with ``args``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    end_to_end(args, env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load_figures(repeat: int) -> dict[str, dict[str, float]]:
    """Print what loading the suite costs, cached and compiled (see the module's doc), and
    return it: for ``cache read`` and ``cache off``, the CPU seconds of one scenario and of
    the whole suite."""
    with tempfile.TemporaryDirectory(prefix="fivetenk-bench-cache-") as folder:
        cached = {**os.environ, "FIVETENK_CACHE_DIR": folder}
        compiled = {**os.environ, "FIVETENK_CACHE_DIR": "off"}
        end_to_end(["--id", "R05-001"], cached)  # fills the cache
        rows = []
        for name, env in (("cache read", cached), ("cache off", compiled)):
            one = min(cpu_of(["--id", "R05-001"], env) for _ in range(repeat))
            every = min(cpu_of([], env) for _ in range(repeat))
            rows.append((name, one, every))
    print("loading: CPU seconds of `fivetenk check` (best of "
          f"{repeat}; targets: one scenario <= 0.3 s and <= 0.4x the whole suite)")
    for name, one, every in rows:
        print(f"  {name:<10}  --id R05-001 {one:5.2f} s   whole suite {every:5.2f} s   "
              f"ratio {one / every:4.2f}x")
    return {name: {"one_scenario_cpu_s": round(one, 2), "whole_suite_cpu_s": round(every, 2)}
            for name, one, every in rows}


def shape_figures() -> dict[str, object]:
    """Print the time to tag the whole shipped suite with its shapes, cold and cached, and
    how many scenarios use each shape; return the same."""

    scenarios = catalog.shipped()
    shapes.clear_cache()
    started = time.perf_counter()
    tags = [shapes.scenario_shapes(s) for s in scenarios]
    cold = time.perf_counter() - started
    started = time.perf_counter()
    for s in scenarios:
        shapes.scenario_shapes(s)
    warm = time.perf_counter() - started
    print(f"{len(scenarios)} scenarios: {cold * 1000:.0f} ms to compute their shapes, "
          f"{warm * 1000:.1f} ms cached")
    for shape in SHAPES:
        print(f"  {shape:<17} {sum(shape in t for t in tags):>4} scenarios")
    print(f"  {'(none)':<17} {sum(not t for t in tags):>4} scenarios")
    return {"scenarios": len(scenarios), "cold_ms": round(cold * 1000),
            "cached_ms": round(warm * 1000, 1),
            "using": {shape: sum(shape in t for t in tags) for shape in SHAPES},
            "using_none": sum(not t for t in tags)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivetenk.bench.protocol",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--impl", default=None, metavar="CMD",
                        help="the implementation to time (default: fivetenk adapter)")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="runs per figure")
    parser.add_argument("--no-e2e", action="store_true",
                        help="skip the end-to-end `fivetenk check` timing")
    parser.add_argument("--load-only", action="store_true",
                        help="print only what loading the suite costs, cached and compiled")
    parser.add_argument("--shapes", action="store_true",
                        help="print only the time to tag the suite with the shapes it uses")
    parser.add_argument("--json", action="store_true",
                        help="end with the figures as one JSON line (docs/measuring.md)")
    args = parser.parse_args(argv)
    recorder = Recorder("python -m fivetenk.bench.protocol", argv)
    impl = args.impl or default_impl()
    repeat = max(1, args.repeat)
    if args.shapes:
        shaped = shape_figures()
        if args.json:
            emit(recorder.finish("protocol-shapes", shaped))
        return 0
    if args.load_only:
        loading = load_figures(repeat)
        if args.json:
            emit(recorder.finish("protocol-loading", {"repeat": repeat, "loading": loading}))
        return 0
    scenarios = catalog.shipped()
    steps = sum(len(s.steps) for s in scenarios)

    local = min(in_process(scenarios) for _ in range(repeat))
    runs = [through_protocol(scenarios, impl) for _ in range(repeat)]
    total = min(r[0] for r in runs)
    alone = min(r[1] for r in runs)
    warm = min(r[2] for r in runs)
    messages = runs[0][3]
    startup = total - alone
    per_message = (warm - local) / max(messages, 1) * 1e6
    per_scenario = (warm - local) / max(len(scenarios), 1) * 1e6

    print(f"suite: {len(scenarios)} scenarios, {steps} steps, {messages} requests "
          f"through the protocol (best of {repeat})")
    print(f"implementation: {impl}")
    print(f"  in process (ReferenceDriver)        {local * 1000:9.1f} ms")
    print(f"  through the protocol, with start-up {total * 1000:9.1f} ms   "
          f"ratio {total / local:5.2f}x")
    print(f"  through the protocol, run only      {alone * 1000:9.1f} ms   "
          f"ratio {alone / local:5.2f}x   (start-up {startup * 1000:.0f} ms)")
    print(f"  through the protocol, warm          {warm * 1000:9.1f} ms   "
          f"ratio {warm / local:5.2f}x   (a second run in the same process: caches warm, "
          "as in process; target <= 2x)")
    print(f"  protocol overhead (warm): {per_message:.1f} µs per request, "
          f"{per_scenario:.1f} µs per scenario")
    figures: dict[str, object] = {
        "repeat": repeat, "impl": "fivetenk adapter" if args.impl is None else impl,
        "scenarios": len(scenarios), "steps": steps, "requests": messages,
        "in_process_ms": round(local * 1000, 1),
        "protocol_with_startup_ms": round(total * 1000, 1),
        "protocol_run_only_ms": round(alone * 1000, 1),
        "protocol_warm_ms": round(warm * 1000, 1),
        "startup_ms": round(startup * 1000),
        "overhead_us_per_request": round(per_message, 1),
        "overhead_us_per_scenario": round(per_scenario, 1), "target_ratio": 2.0}
    if not args.no_e2e:
        e2e_local = min(end_to_end([]) for _ in range(repeat))
        e2e_impl = min(end_to_end(["--impl", impl]) for _ in range(repeat))
        print(f"end to end `fivetenk check` (loading the suite included): in process "
              f"{e2e_local:.2f} s, --impl {e2e_impl:.2f} s, ratio {e2e_impl / e2e_local:.2f}x "
              f"(target <= 2x)")
        figures["end_to_end_s"] = {"in_process": round(e2e_local, 2),
                                   "impl": round(e2e_impl, 2)}
        figures["loading"] = load_figures(repeat)
    if args.json:
        emit(recorder.finish("protocol", figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
