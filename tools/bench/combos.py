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

TARGET_MS = 20.0
"""Target median time to list all legal leads of a 32-card hand."""


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench_classify(rng: random.Random, sets: int) -> None:
    """Classifications per second: with the rank-pattern cache cleared first, then warm."""
    deck = full_deck()
    samples = [rng.sample(deck, rng.randint(1, 12)) for _ in range(sets)]
    for label in ("cold", "warm"):
        if label == "cold":
            readings_of_counts.cache_clear()
        start = time.perf_counter()
        for cards in samples:
            classify(cards)
        elapsed = time.perf_counter() - start
        legal = sum(1 for cards in samples if classify(cards))
        print(
            f"classify ({label}): {sets / elapsed:,.0f} sets/s over {sets} random sets of "
            f"1-12 cards ({legal} legal)"
        )


def bench_classify_plays(rng: random.Random, sets: int) -> None:
    """Classifications per second over the cards of random legal plays of 32-card hands."""
    deck = full_deck()
    samples: list[list[Card]] = []
    while len(samples) < sets:
        hand = rng.sample(deck, 32)
        plays = legal_plays(hand)
        samples += [rng.choice(plays).pick(hand) for _ in range(min(50, sets - len(samples)))]
    readings_of_counts.cache_clear()
    start = time.perf_counter()
    for cards in samples:
        classify(cards)
    elapsed = time.perf_counter() - start
    print(f"classify (legal plays): {sets / elapsed:,.0f} sets/s over {sets} random legal plays")


def _random_top(rng: random.Random, deck: list[Card], size: int) -> Combo:
    """A random legal lead of another random hand."""
    plays = legal_plays(rng.sample(deck, size))
    return rng.choice(plays).combo


def bench_hands(rng: random.Random, size: int, hands: int) -> bool:
    """Lead and reply enumeration figures for ``hands`` random hands of ``size`` cards."""
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
    for label, times, counts in (
        ("leads", lead_times, lead_counts),
        ("replies", reply_times, reply_counts),
    ):
        print(
            f"{size}-card hands, {label:7}: median {statistics.median(times) * 1e3:7.3f} ms, "
            f"p90 {_percentile(times, 0.9) * 1e3:7.3f} ms, max {max(times) * 1e3:7.3f} ms; "
            f"median {statistics.median(counts):,.0f} plays (max {max(counts):,})"
        )
    return statistics.median(lead_times) * 1e3 <= TARGET_MS


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m fivetenk.bench.combos")
    parser.add_argument("--seed", type=int, default=510)
    parser.add_argument("--hands", type=int, default=200, help="hands per size")
    parser.add_argument("--sets", type=int, default=20_000, help="card sets to classify")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"seed {args.seed}")
    bench_classify(rng, args.sets)
    bench_classify_plays(rng, args.sets)
    bench_hands(rng, 26, args.hands)
    met = bench_hands(rng, 32, args.hands)
    verdict = "met" if met else "NOT met"
    print(f"target: median all-leads time of a 32-card hand <= {TARGET_MS:g} ms: {verdict}")


if __name__ == "__main__":
    main()
