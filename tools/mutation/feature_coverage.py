"""Measure how much of the reference engine the feature suite alone exercises.

Runs every shipped scenario in process under ``coverage`` (branch coverage, nothing
written to disk) and prints the per-module report of ``reference/``. Aim: every branch of
the rules code exercised by some scenario; what the report lists as missing is either
unreachable through the public rules (argument checking, notation errors) or a scenario
still to write. Run: ``python -m fivetenk.mutation.feature_coverage [--show-missing]``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import coverage


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivetenk.mutation.feature_coverage",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--show-missing", action="store_true", help="list uncovered lines")
    args = parser.parse_args(argv)

    engine = Path(__file__).resolve().parents[1] / "reference"
    if not engine.is_dir():
        engine = Path(__file__).resolve().parents[2] / "reference"

    os.chdir(engine.parent)  # report paths as reference/…, the same on every machine
    # The random player is a simulation aid, not rules code.
    # compiled afresh, never read from the cache: the figure counts what compiling the
    # features executes too, the same whether or not a cache exists
    os.environ["FIVETENK_CACHE_DIR"] = "off"
    cov = coverage.Coverage(branch=True, data_file=None, source=[str(engine)],
                            omit=[str(engine / "random_player.py")])
    cov.start()
    try:
        # Imported only now, so that the engine's module-level code is measured too.
        from fivetenk.impl.drivers import ReferenceDriver
        from fivetenk.suite.catalog import shipped
        from fivetenk.suite.runner import run_scenario

        driver = ReferenceDriver()
        results = [run_scenario(driver, s) for s in shipped()]
    finally:
        cov.stop()
    bad = [r for r in results if r.status != "passed"]
    print(f"{len(results)} scenarios, {len(bad)} not passed; coverage of reference/ by the "
          "feature suite alone:")
    percent = cov.report(file=sys.stdout, show_missing=args.show_missing, skip_empty=True)
    print(f"total: {percent:.1f}% of statements and branches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
