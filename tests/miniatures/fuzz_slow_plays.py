#!/usr/bin/env python3
"""A slow engine with a real bug, as the campaign of issue 28 met one: the pair-run bug of
``fuzz_runs.py`` (a pair run is beaten only by the next one up), and a ``plays`` listing
that never comes back for a hand of more than 16 cards (a move generator that explodes on
long hands). Everything else is the reference engine, as fast as it is.

The listing *blocks* (it sleeps for an hour; the kit kills it at ``--timeout``) instead of
being merely slow, so that no test races a clock: whatever the machine's speed, a long
hand times out and a short one does not. ``fivetenk fuzz`` must report those timeouts
apart (errored, never a divergence), stop asking hands that long, and still find the
pair-run bug, writing only cases that fail on this engine (tests/fuzz/test_fuzz_faults.py).
"""

from __future__ import annotations

import sys
import time
from typing import Any

import fuzz_runs

from fivetenk.impl import drivers
from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import combos
from fivetenk.reference.combos import Combo
from fivetenk.reference.variants import DEFAULT, Variants

LONG = 16
"""A ``plays`` listing of a hand of more cards than this never comes back."""


def legal_plays(hand: Any, top: Combo | None = None, variants: Variants = DEFAULT) -> Any:
    if len(hand) > LONG:
        sys.stderr.write(f"fuzz_slow_plays.py: listing the plays of {len(hand)} cards...\n")
        sys.stderr.flush()
        time.sleep(3600)
    return fuzz_runs.legal_plays(hand, top, variants)


def main() -> int:
    combos.beats = fuzz_runs.beats
    setattr(drivers, "beats", fuzz_runs.beats)  # noqa: B010 - imported there, not exported
    setattr(drivers, "legal_plays", legal_plays)  # noqa: B010
    declares = "--declare-max" in sys.argv[1:]  # its hello says max_plays_hand: 16

    class Slow(Adapter):
        def hello_result(self) -> dict[str, Any]:
            result = super().hello_result()
            return {**result, "max_plays_hand": LONG} if declares else result

    adapter = Slow(name="fuzz-slow-plays (pair runs beaten by the next one up only; "
                   "no plays listing of more than 16 cards ever comes back)")
    return serve(sys.stdin.buffer, sys.stdout.buffer, adapter)


if __name__ == "__main__":
    sys.exit(main())
