"""What every benchmark's ``--json`` says besides its figures: when, on what machine, how
loaded it was, and the command that measured it.

A benchmark started with ``--json`` ends its standard output with one line, a JSON object:
``{"bench": NAME, ..., "measured": {...}}``, its figures at the top level (each bench's
own keys) and, under ``measured``, what :func:`finish` records: the date (UTC), the
machine (processors, model, system, Python, memory), the load average before and after,
the wall and CPU seconds of the whole run (this process and the processes it waited for),
the kit's version and the command. ``python -m fivetenk.docs.docs_gen --save FILE`` keeps such
a line in ``docs/measurements/`` and writes ``docs/measuring.md`` from it: no figure on
that page is typed by hand.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import shlex
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .. import __version__


def _cpu() -> float:
    """CPU seconds (user + system) of this process and of its waited-for children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages, rounded, or None where the system has none."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:  # pragma: no cover - not on every platform
        return None


def _first(path: str, key: str) -> str | None:
    """The value of the first ``key: value`` line of a /proc file, or None."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        name, sep, value = line.partition(":")
        if sep and name.strip() == key:
            return value.strip()
    return None


def machine() -> dict[str, Any]:
    """The machine a figure was measured on (nothing that names the host or its user)."""
    memory = _first("/proc/meminfo", "MemTotal")
    out: dict[str, Any] = {
        "processors": os.cpu_count(),
        "model": _first("/proc/cpuinfo", "model name") or platform.processor() or None,
        "system": f"{platform.system()} {platform.release()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }
    if memory and memory.split()[0].isdigit():
        out["memory_gib"] = round(int(memory.split()[0]) / (1 << 20), 1)
    return out


class Recorder:
    """Started before a benchmark's work: :meth:`finish` then says what it measured."""

    def __init__(self, prog: str, argv: Sequence[str] | None) -> None:
        self.command = shlex.join([*prog.split(), *(sys.argv[1:] if argv is None else argv)])
        self.load_before = load_average()
        self.wall = time.perf_counter()
        self.cpu = _cpu()

    def finish(self, bench: str, figures: dict[str, Any]) -> dict[str, Any]:
        """``{"bench": bench, **figures, "measured": {...}}`` (see the module's doc)."""
        return {"bench": bench, **figures, "measured": {
            "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "command": self.command,
            "kit": __version__,
            "machine": machine(),
            "load_before": self.load_before,
            "load_after": load_average(),
            "wall_seconds": round(time.perf_counter() - self.wall, 1),
            "cpu_seconds": round(_cpu() - self.cpu, 1),
        }}


def emit(record: dict[str, Any]) -> None:
    """Print ``record`` as the last line of standard output: one JSON object."""
    print(json.dumps(record, ensure_ascii=False), flush=True)
