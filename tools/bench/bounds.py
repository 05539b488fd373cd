"""What hostile input costs the kit: ``python -m fivetenk.bench.bounds``.

Each case runs in a fresh Python process (so its peak resident memory is its own) and
prints the seconds it took and that peak:

- *reply*: checking one well-framed reply of 400,000 integers where strings belong (an
  800 KB ``classify`` and ``plays`` reply; before the bounds of issue 18: about 21 s and
  1.7 GB each, and 77 s on a slower machine);
- *feature*: compiling a 3.9 MB feature holding one line of 1.3 million tags (before: 30 s
  and 1.1 GB, a MemoryError under a 1 GiB limit), and one of 99,000 steps, the most
  tokens a feature file may hold.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .record import Recorder, emit

RUN_LIMIT = 600.0
"""Seconds at most one case may take (before the bounds, the slowest took 77 s): a hang is
an error (subprocess.TimeoutExpired, the process killed), never a benchmark that waits."""

REPLY = """
import json, resource, sys, time
from fivetenk.impl.protocol import loads_strict, parse_reply, reply_problems
cmd, field, extra = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
line = ('{"seq":1,"ok":true,"result":{' + ",".join(f'"{k}":{json.dumps(v)}' for k, v in
        extra.items()) + f',"{field}":[' + ",".join(["7"] * 400_000) + "]}}").encode()
started = time.perf_counter()
problems = reply_problems(cmd, parse_reply(line, 1), request={"cmd": cmd, "seq": 1,
                                                              "hand": ["3H"]})
took = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"bytes": len(line), "seconds": took, "peak_kb": peak,
                  "problem": problems[0] if problems else ""}))
"""

FEATURE = """
import json, resource, sys, time
from pathlib import Path
from fivetenk.language.compiler import compile_file, FeatureError
started = time.perf_counter()
try:
    outcome = f"{len(compile_file(Path(sys.argv[1])))} scenario(s)"
except FeatureError as err:
    outcome = str(err)[-90:]
took = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": took, "peak_kb": peak, "problem": outcome}))
"""

SCENARIO = ('  @id:big-1 @R05.1\n  Scenario: s\n    When the cards "3H" are classified\n'
            "    Then the cards are illegal\n")


def _run(code: str, *args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, check=True, timeout=RUN_LIMIT)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivetenk.bench.bounds",
                                     description="What hostile input costs the kit.")
    parser.add_argument("--json", action="store_true",
                        help="end with the figures as one JSON line (docs/measuring.md)")
    args = parser.parse_args(argv)
    recorder = Recorder("python -m fivetenk.bench.bounds", argv)
    cases: list[dict[str, object]] = []
    print("checking one bulky reply (400,000 integers where strings belong):")
    for cmd, field, extra in (("classify", "readings", {"legal": True}),
                              ("plays", "plays", {"count": 1})):
        found = _run(REPLY, cmd, field, json.dumps(extra))
        print(f"  {cmd:8} {found['bytes']:,} bytes: {found['seconds']:.3f} s, peak "
              f"{int(str(found['peak_kb'])) // 1024} MB -- {found['problem']}")
        cases.append({"case": f"a bulky {cmd} reply", "bytes": found["bytes"],
                      "seconds": round(float(str(found["seconds"])), 3),
                      "peak_mb": int(str(found["peak_kb"])) // 1024,
                      "outcome": found["problem"]})
    print("compiling a feature file near the 4 MiB cap:")
    with tempfile.TemporaryDirectory() as folder:
        tags = Path(folder) / "tags.feature"
        tags.write_text("Feature: big\n\n  " + "@t " * 1_330_000 + "\n" + SCENARIO)
        steps = Path(folder) / "steps.feature"
        steps.write_text("Feature: big\n\n" + SCENARIO + "    And the cards are illegal\n"
                         * 99_000)
        for what, path in (("1.3 million tags on a line", tags), ("99,000 steps", steps)):
            found = _run(FEATURE, str(path))
            print(f"  {what} ({path.stat().st_size / 1e6:.1f} MB): {found['seconds']:.2f} s, "
                  f"peak {int(str(found['peak_kb'])) // 1024} MB -- {found['problem']}")
            cases.append({"case": f"a feature of {what}", "bytes": path.stat().st_size,
                          "seconds": round(float(str(found["seconds"])), 3),
                          "peak_mb": int(str(found["peak_kb"])) // 1024,
                          "outcome": str(found["problem"]).replace(f"{folder}/", "")})
    if args.json:
        emit(recorder.finish("bounds", {"cases": cases}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
