"""How long the kit's own tests take: ``python -m fivetenk.bench.tests [--json] [-- ARGS]``.

Run in the kit's source checkout (the folder holding ``pyproject.toml`` and ``tests/``): it
runs ``python -m pytest -q ARGS`` there (``pytest``'s own defaults otherwise: one worker per
core) and prints the counts of pytest's last line, the wall seconds, and the CPU seconds
(user + system) of pytest and its workers. ``-- -m "not slow"`` measures the quick loop.
The figures are the README's "how long the suite takes"; ``docs/measuring.md`` shows them
from this command's ``--json``, with the load the machine was under.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from .record import Recorder, emit, load_average

RUN_LIMIT = 4 * 3600.0
"""Seconds at most the run may take (it takes minutes): past it pytest is killed and the
benchmark fails, rather than waiting for ever."""

COUNTS = re.compile(r"(\d+) (passed|failed|skipped|xfailed|xpassed|errors?|deselected)\b")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivetenk.bench.tests", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true",
                        help="end with the figures as one JSON line (docs/measuring.md)")
    parser.add_argument("pytest_args", nargs="*", metavar="ARGS",
                        help="pytest's arguments, after `--` (default: none, the whole suite)")
    args = parser.parse_args(argv)
    recorder = Recorder("python -m fivetenk.bench.tests", argv)
    here = Path.cwd()
    if not (here / "pyproject.toml").is_file() or not (here / "tests").is_dir():
        print("bench.tests: run it in the kit's source checkout (the folder holding "
              f"pyproject.toml and tests/), not in {here}", file=sys.stderr)
        return 2
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = load_average()
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", *args.pytest_args],
                              capture_output=True, text=True, timeout=RUN_LIMIT, check=False)
    except subprocess.TimeoutExpired:
        print(f"bench.tests: pytest ran past {RUN_LIMIT:.0f} s and was stopped",
              file=sys.stderr)
        return 1
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = next((line for line in reversed(done.stdout.splitlines()) if COUNTS.search(line)),
                "")
    counts = {kind.rstrip("s") if kind.startswith("error") else kind: int(n)
              for n, kind in COUNTS.findall(last)}
    print(done.stdout[-2000:], end="")
    print(f"tests: {last.strip('= ')}; {wall:.0f} s wall, {cpu:.0f} s of CPU "
          f"(pytest and its workers) on {os.cpu_count()} processors; load average "
          f"before: {load}")
    if args.json:
        emit(recorder.finish("tests", {"pytest_args": list(args.pytest_args),
                                       "exit_code": done.returncode, "counts": counts,
                                       "wall_s": round(wall, 1), "cpu_s": round(cpu, 1)}))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
