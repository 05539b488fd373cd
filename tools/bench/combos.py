"""Benchmark of classification and play enumeration: ``python -m fivetenk.bench.combos``.

Prints figures only (no assertions), from a fixed seed:

- classifications per second over random card sets of 1–12 cards (mostly illegal), with
  the rank-pattern cache cleared first and then warm, and over the cards of random legal
  plays;
- for random 26- and 32-card hands drawn from the 162-card deck: median and p90 time to
  list every legal lead and every legal reply (to a random lead drawn from another hand),
  the median number of plays, and whether the lead target (median ≤ 20 ms) is met.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from fivetenk.reference import Card, Combo, classify, full_deck, legal_plays
from fivetenk.reference.combos import readings_of_counts

from ..reference import pick
from .record import Recorder, emit

TARGET_MS = 20.0
"""Target median time to list all legal leads of a 32-card hand."""


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench_classify(rng: random.Random, sets: int) -> dict[str, float]:
    """Classifications per second: with the rank-pattern cache cleared first, then warm."""
    deck = full_deck()
    samples = [rng.sample(deck, rng.randint(1, 12)) for _ in range(sets)]
    rates: dict[str, float] = {}
    for label in ("cold", "warm"):
        if label == "cold":
            readings_of_counts.cache_clear()
        start = time.perf_counter()
        for cards in samples:
            classify(cards)
        elapsed = time.perf_counter() - start
        legal = sum(1 for cards in samples if classify(cards))
        rates[label] = round(sets / elapsed)
        rates["legal"] = legal
        print(
            f"classify ({label}): {sets / elapsed:,.0f} sets/s over {sets} random sets of "
            f"1-12 cards ({legal} legal)"
        )
    return rates


def bench_classify_plays(rng: random.Random, sets: int) -> float:
    """Classifications per second over the cards of random legal plays of 32-card hands."""
    deck = full_deck()
    samples: list[list[Card]] = []
    while len(samples) < sets:
        hand = rng.sample(deck, 32)
        plays = legal_plays(hand)
        samples += [pick(rng.choice(plays), hand) for _ in range(min(50, sets - len(samples)))]
    readings_of_counts.cache_clear()
    start = time.perf_counter()
    for cards in samples:
        classify(cards)
    elapsed = time.perf_counter() - start
    print(f"classify (legal plays): {sets / elapsed:,.0f} sets/s over {sets} random legal plays")
    return round(sets / elapsed)


def _random_top(rng: random.Random, deck: list[Card], size: int) -> Combo:
    """A random legal lead of another random hand."""
    plays = legal_plays(rng.sample(deck, size))
    return rng.choice(plays).combo


def bench_hands(rng: random.Random, size: int, hands: int) -> dict[str, dict[str, float]]:
    """Lead and reply enumeration figures for ``hands`` random hands of ``size`` cards:
    for ``leads`` and ``replies``, the median, 90th percentile and slowest milliseconds, the
    median and largest number of plays."""
    deck = full_deck()
    lead_times: list[float] = []
    reply_times: list[float] = []
    lead_counts: list[int] = []
    reply_counts: list[int] = []
    for _ in range(hands):
        hand = rng.sample(deck, size)
        top = _random_top(rng, deck, size)
        start = time.perf_counter()
        leads = legal_plays(hand)
        lead_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        replies = legal_plays(hand, top)
        reply_times.append(time.perf_counter() - start)
        lead_counts.append(len(leads))
        reply_counts.append(len(replies))
    out: dict[str, dict[str, float]] = {}
    for label, times, counts in (
        ("leads", lead_times, lead_counts),
        ("replies", reply_times, reply_counts),
    ):
        out[label] = {"median_ms": round(statistics.median(times) * 1e3, 3),
                      "p90_ms": round(_percentile(times, 0.9) * 1e3, 3),
                      "max_ms": round(max(times) * 1e3, 3),
                      "median_plays": statistics.median(counts), "max_plays": max(counts)}
        print(
            f"{size}-card hands, {label:7}: median {statistics.median(times) * 1e3:7.3f} ms, "
            f"p90 {_percentile(times, 0.9) * 1e3:7.3f} ms, max {max(times) * 1e3:7.3f} ms; "
            f"median {statistics.median(counts):,.0f} plays (max {max(counts):,})"
        )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print the figures (with ``--json``, then one JSON line)."""
    parser = argparse.ArgumentParser(prog="python -m fivetenk.bench.combos")
    parser.add_argument("--seed", type=int, default=510)
    parser.add_argument("--hands", type=int, default=200, help="hands per size")
    parser.add_argument("--sets", type=int, default=20_000, help="card sets to classify")
    parser.add_argument("--json", action="store_true",
                        help="end with the figures as one JSON line (docs/measuring.md)")
    args = parser.parse_args(argv)
    recorder = Recorder("python -m fivetenk.bench.combos", argv)
    rng = random.Random(args.seed)
    print(f"seed {args.seed}")
    cold = bench_classify(rng, args.sets)
    plays = bench_classify_plays(rng, args.sets)
    hands = {str(size): bench_hands(rng, size, args.hands) for size in (26, 32)}
    met = hands["32"]["leads"]["median_ms"] <= TARGET_MS
    verdict = "met" if met else "NOT met"
    print(f"target: median all-leads time of a 32-card hand <= {TARGET_MS:g} ms: {verdict}")
    if args.json:
        emit(recorder.finish("combos", {
            "seed": args.seed, "sets": args.sets, "hands_per_size": args.hands,
            "classify_per_s": {"cold": cold["cold"], "warm": cold["warm"], "legal_plays": plays},
            "random_sets_legal": cold["legal"], "hands": hands,
            "target_ms": TARGET_MS, "target_met": met}))


if __name__ == "__main__":
    main()
