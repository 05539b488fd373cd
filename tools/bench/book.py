"""What building the book costs: ``python -m fivetenk.bench.book [--repeat 3] [--json]``.

Runs ``fivetenk book --out DIR`` (and ``--lang es``) in a fresh process into a temporary
folder and prints, for each language, the CPU seconds (user + system) of the build and its
wall seconds, the least of ``--repeat`` runs each: CPU time is what the build costs
whatever else the machine runs; the wall time grows with the load (printed beside it).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from .record import Recorder, emit, load_average

RUN_LIMIT = 600.0
"""Seconds at most one build may take (it takes seconds): a hang is an error
(subprocess.TimeoutExpired, the process killed), never a benchmark that waits."""


def build(lang: str) -> tuple[float, float, int]:
    """One build in a fresh process: (CPU seconds, wall seconds, files written)."""
    exe = Path(sys.executable).with_name("fivetenk")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "fivetenk.cli"]
    with tempfile.TemporaryDirectory(prefix="fivetenk-bench-book-") as folder:
        out = Path(folder) / "book"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([*command, "book", "--out", str(out), "--lang", lang], check=True,
                       stdout=subprocess.DEVNULL, timeout=RUN_LIMIT)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        files = sum(1 for p in out.rglob("*") if p.is_file())
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, files


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivetenk.bench.book", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, metavar="N",
                        help="builds per language, the least kept (default 3)")
    parser.add_argument("--json", action="store_true",
                        help="end with the figures as one JSON line (docs/measuring.md)")
    args = parser.parse_args(argv)
    recorder = Recorder("python -m fivetenk.bench.book", argv)
    repeat = max(1, args.repeat)
    books = {}
    for lang in ("en", "es"):
        load = load_average()
        runs = [build(lang) for _ in range(repeat)]
        cpu, wall, files = min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2]
        print(f"book --lang {lang}: {files} files, {cpu:.2f} s of CPU, {wall:.2f} s wall "
              f"(least of {repeat}; load average before: {load})")
        books[lang] = {"files": files, "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
                       "load_before": load}
    if args.json:
        emit(recorder.finish("book", {"repeat": repeat, "books": books}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
