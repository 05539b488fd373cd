"""Benchmark the reference engine: ``python -m fivetenk.bench.game [--hands N] [--seed S]``.

Prints two figures:

- complete random hands per second (deal to settlement) with the seeded random player
  choosing every decision (target: at least 100 hands/s);
- the engine alone: the same hands replayed from their recorded decisions (hands/s).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from ..reference import HandRecord, Variants, play_match, replay_match
from .record import Recorder, emit

TARGET = 100.0
"""Random hands per second, deal to settlement, the engine should reach."""


def bench(hands: int, seed: int, variants: Variants) -> tuple[float, float, int]:
    """Return ``(random hands/s, replayed hands/s, hands played)``."""
    matches: list[list[HandRecord]] = []
    played = 0
    start = time.perf_counter()
    match_seed = seed
    while played < hands:
        records = play_match(match_seed, hands=min(5, hands - played), variants=variants)
        matches.append(records)
        played += len(records)
        match_seed += 1
    random_rate = played / (time.perf_counter() - start)
    start = time.perf_counter()
    for records in matches:
        replay_match(records, variants=variants)
    replay_rate = played / (time.perf_counter() - start)
    return random_rate, replay_rate, played


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivetenk.bench.game", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200, help="hands to play (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="first match seed (default 1)")
    parser.add_argument("--pass-rule", choices=("turn", "trick"), default="turn")
    parser.add_argument("--json", action="store_true",
                        help="end with the figures as one JSON line (docs/measuring.md)")
    args = parser.parse_args(argv)
    recorder = Recorder("python -m fivetenk.bench.game", argv)
    variants = Variants(pass_rule=args.pass_rule)
    random_rate, replay_rate, played = bench(args.hands, args.seed, variants)
    print(f"{played} hands, variants {variants.to_mapping() or 'default'}")
    print(f"random player, deal to settlement: {random_rate:8.1f} hands/s")
    print(f"engine alone, replaying decisions: {replay_rate:8.1f} hands/s")
    if args.json:
        emit(recorder.finish("game", {
            "hands": played, "seed": args.seed, "variants": variants.to_mapping(),
            "random_hands_per_s": round(random_rate, 1),
            "replay_hands_per_s": round(replay_rate, 1),
            "target_hands_per_s": TARGET, "target_met": random_rate >= TARGET}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
