"""Throughput of ``fivetenk fuzz`` through ``fivetenk adapter``: query comparisons/s and
whole hands/min, with one worker and with ``--workers 2``, and the divergences found (the
reference against itself: there must be none).

    python -m fivetenk.bench.fuzz [--queries 50000] [--hands 500] [--repeat 3]

Targets (issues 7 and 19): >= 5,000 query comparisons/s and >= 1,200 hands/min on one
worker, with long hands in the mix (the share of ``plays`` queries over 16 cards is
printed beside the figure).

Each figure is taken ``--repeat`` times: the best run, the median and the slowest are
printed. The best run is what the kit can do on this machine; the others show how much
the machine itself varied (on a shared virtual machine the same run differs by a fifth
from one minute to the next, and noise only ever slows a run down). The load average
before each figure is printed too."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shlex
import statistics
import sys
import tempfile
import time

from ..fuzz import command
from ..fuzz.queries import HAND_SIZES
from .record import Recorder, emit, load_average

TARGETS = {"queries": 5000.0, "games": 1200.0}
"""One worker: query comparisons/s, whole hands/min."""


def campaign(mode: str, cases: int, workers: int) -> tuple[float, str, int, float]:
    """Seconds, report, divergences, and the kit's own CPU seconds (this process, every
    thread: with one worker, generating the cases and talking to the implementation)."""
    adapter = shlex.join([sys.executable, "-m", "fivetenk.cli", "adapter"])
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as folder, contextlib.redirect_stdout(out):
        started = time.perf_counter()
        cpu = time.process_time()
        parser = argparse.ArgumentParser(prog="fivetenk fuzz")
        command.add_arguments(parser)
        args = parser.parse_args(["--impl", adapter, "--seed", "1", "--cases", str(cases),
                                  "--mode", mode, "--workers", str(workers), "--no-progress",
                                  "--out", folder])
        code = command.run(args)
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


def long_share() -> float:
    """The share (percent) of ``plays`` query hands over 16 cards, from the table the
    generator draws sizes from (:data:`fivetenk.fuzz.queries.HAND_SIZES`)."""

    total = sum(weight for weight, _ in HAND_SIZES)
    long = sum(weight for weight, (fewest, _) in HAND_SIZES if fewest > 16)
    return 100 * long / total


def long_hands() -> str:
    """:func:`long_share` in words."""
    return f"{long_share():.0f}% of plays queries hold 17-32 cards"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m fivetenk.bench.fuzz")
    p.add_argument("--queries", type=int, default=50_000, help="cases of each queries run")
    p.add_argument("--hands", type=int, default=500, help="cases of each games run")
    p.add_argument("--repeat", type=int, default=3, help="runs of each figure (at least 1)")
    p.add_argument("--json", action="store_true",
                   help="end with the figures as one JSON line (docs/measuring.md)")
    args = p.parse_args(argv)
    recorder = Recorder("python -m fivetenk.bench.fuzz", argv)
    repeat = max(1, args.repeat)
    bad = 0
    runs: list[dict[str, object]] = []
    for mode, cases, unit, scale in (("queries", args.queries, "query comparisons/s", 1.0),
                                     ("games", args.hands, "whole hands/min", 60.0)):
        if cases <= 0:
            continue
        for workers in (1, 2):
            before = load()
            load_before = load_average()
            rates: list[float] = []
            cpus: list[float] = []
            found = 0
            count = cases
            for _ in range(repeat):
                seconds, text, diverged, cpu = campaign(mode, cases, workers)
                if "no mode can run" in text or "not available" in text:
                    print(f"{mode}: not available in this kit")
                    return 1
                found += diverged
                played = re.search(r"(\d+) whole hands played", text)
                count = int(played.group(1)) if played and mode == "games" else cases
                rates.append(scale * count / seconds)
                cpus.append(cpu)
            bad += found
            best = max(rates)
            spread = (f" (best of {repeat}; median {statistics.median(rates):,.0f}, slowest "
                      f"{min(rates):,.0f})" if repeat > 1 else "")
            kit = (f"; the kit's CPU {1000 * min(cpus) / cases:.3f} ms per case"
                   if workers == 1 else "")
            what = f" ({count} whole hands)" if count != cases else ""
            extra = f"; {long_hands()}" if mode == "queries" else ""
            target = ""
            if workers == 1:
                met = "met" if best >= TARGETS[mode] else "NOT met"
                target = f"; target {TARGETS[mode]:,.0f}: {met}"
            print(f"{mode}, {workers} worker{'s' * (workers > 1)}: {best:,.0f} {unit}{spread}"
                  f" on {cases} cases{what}; {found} divergences{kit}{extra}{target} "
                  f"({before})")
            runs.append({
                "mode": mode, "workers": workers, "cases": cases, "unit": unit,
                "best": round(best), "median": round(statistics.median(rates)),
                "slowest": round(min(rates)), "divergences": found,
                **({"whole_hands": count} if count != cases else {}),
                **({"kit_cpu_ms_per_case": round(1000 * min(cpus) / cases, 3),
                    "target": TARGETS[mode], "target_met": best >= TARGETS[mode]}
                   if workers == 1 else {}),
                "load_before": load_before})
    if args.json:
        emit(recorder.finish("fuzz", {"repeat": repeat, "long_plays_share": round(long_share()),
                                      "runs": runs}))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
