"""Throughput of ``fivetenk fuzz`` through ``fivetenk adapter``: query comparisons/s and
whole hands/min, with one worker and with ``--workers 2``, and the divergences found (the
reference against itself: there must be none).

    python -m fivetenk.bench.fuzz [--queries 100000] [--hands 1000]

Targets (issue 7): >= 5,000 query comparisons/s and >= 1,200 hands/min on one worker."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shlex
import sys
import tempfile
import time


def campaign(mode: str, cases: int, workers: int) -> tuple[float, str, int, float]:
    """Seconds, report, divergences, and the kit's own CPU seconds (this process, every
    thread: with one worker, generating the cases and talking to the implementation)."""
    from ..cli import main

    adapter = shlex.join([sys.executable, "-m", "fivetenk.cli", "adapter"])
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as folder, contextlib.redirect_stdout(out):
        started = time.perf_counter()
        cpu = time.process_time()
        code = main(["fuzz", "--impl", adapter, "--seed", "1", "--cases", str(cases), "--mode",
                     mode, "--workers", str(workers), "--no-progress", "--out", folder])
        seconds = time.perf_counter() - started
        cpu = time.process_time() - cpu
    found = re.search(r"(\d+) diverged", out.getvalue())
    return seconds, out.getvalue(), code if found is None else int(found.group(1)), cpu


def load() -> str:
    """The machine's load average (1, 5, 15 minutes) and processors: figures taken on a
    busy machine are lower, and say so."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:  # pragma: no cover - not on every platform
        return "load average unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} processors"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m fivetenk.bench.fuzz")
    p.add_argument("--queries", type=int, default=100_000)
    p.add_argument("--hands", type=int, default=1000)
    args = p.parse_args(argv)
    bad = 0
    for mode, cases, unit, scale in (("queries", args.queries, "query comparisons/s", 1.0),
                                     ("games", args.hands, "whole hands/min", 60.0)):
        if cases <= 0:
            continue
        for workers in (1, 2):
            before = load()
            seconds, text, diverged, cpu = campaign(mode, cases, workers)
            if "no mode can run" in text or "not available" in text:
                print(f"{mode}: not available in this kit")
                break
            bad += diverged
            kit = (f"; the kit's CPU {1000 * cpu / cases:.3f} ms per case" if workers == 1
                   else "")
            played = re.search(r"(\d+) whole hands played", text)
            count = int(played.group(1)) if played and mode == "games" else cases
            print(f"{mode}, {workers} worker{'s' * (workers > 1)}: {cases} cases"
                  f"{f' ({count} whole hands)' if count != cases else ''} in "
                  f"{seconds:.1f} s = {scale * count / seconds:,.0f} {unit}; "
                  f"{diverged} divergences{kit} ({before})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
