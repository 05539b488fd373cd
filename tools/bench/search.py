"""Weigh the strong player's search settings offline: ``python -m fivetenk.bench.search
[--deals 14] [--seed 1002] [--worlds 48] [--decisions N] [--jobs 2] [--json]``.

A duplicate run (``python -m fivetenk.bench.strategy --a strong --b heuristic --deals 48``)
costs about an hour of two cores; this costs minutes, and ranks settings of the search's
budget and threshold by the figures the search itself computes (issue 34):

1. **Decisions.** The first hand of each deal (seeded ``seed + i``) is played by the
   heuristic at every seat. At each decision of seat ``(seed + i) % 6`` that weighs two
   candidates or more (:func:`fivetenk.practice.search.candidates`), every candidate is
   played out in the same ``--worlds`` worlds (the search with that many worlds and no
   further budget), and each world's value is kept (levels advanced, the side's points
   counted as up to a third of a level: :class:`fivetenk.practice.search.Figures`).
2. **Settings.** For each budget (simulated decisions: ``--think`` 1 is
   :data:`fivetenk.practice.search.STEPS_PER_SECOND`) and each threshold (standard errors,
   :func:`fivetenk.practice.search.pick`), each decision is decided :data:`REPEATS` times, on
   as many worlds as the budget buys (at least ``MIN_WORLDS``, at most half the worlds),
   drawn from one half of them; the choice is scored on the other half against the
   heuristic's action. No choice is scored on the worlds it was made from.

Printed: per setting, the gain over the heuristic per seat-hand (the decisions' gains
summed over a seat's hand), its standard error over the decisions, and how often the
setting left the heuristic's action; then, with ``--json``, one JSON line.

**What it leaves out**: the gain is measured in the search's own model (the heuristic
playing on, the hidden cards dealt uniformly), not in games. With its defaults it put a
budget of 10,000 at +0.048 +- 0.021 levels per seat-hand over 4,000 (both at 1 standard
error); the duplicate bench then measured +0.035 in games (+0.236 against +0.201). Use it
to rank settings, then confirm the best with the duplicate bench. Deterministic: the same
arguments give the same figures on any machine.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Sequence
from typing import Any

from ..practice.search import (
    CONFIDENCE,
    MIN_WORLDS,
    STEPS_PER_SECOND,
    Figures,
    StrongPlayer,
    candidates,
    pick,
)
from ..practice.strategy import HeuristicPlayer, suggest
from ..reference import Game, Phase
from .record import Recorder, emit
from .strategy import in_order

BUDGETS = (4_000, 10_000, 20_000)
"""Budgets weighed, in simulated decisions per decision (the kit's is added)."""
THRESHOLDS = (0.0, 0.5, 1.0, 1.5)
"""Thresholds weighed, in standard errors (the kit's is added)."""
REPEATS = 40
"""Times each decision is decided on a fresh draw of worlds, for each setting."""


def decisions(seed: int, worlds: int, limit: int | None = None) -> list[dict[str, Any]]:
    """The decisions of deal ``seed`` (see the module docstring): for each, the steps its
    ``worlds`` worlds took and each candidate's value in each world (the heuristic's
    first)."""
    seat = seed % 6
    game = Game.new(seed=seed)
    others = HeuristicPlayer(seed)
    searcher = StrongPlayer(seed, think=1e-9, min_worlds=worlds)
    found: list[dict[str, Any]] = []
    while (decision := game.pending()) is not None:
        if limit is not None and len(found) >= limit:
            break
        if decision.seat == seat and game.phase is not Phase.DEALING:
            options = candidates(game, seat, suggest(game, seat))
            if len(options) >= 2:
                figures = searcher.search(game, seat, options)
                found.append({"deal": seed, "kind": decision.kind,
                              "steps": searcher.last_steps,
                              "values": [f.values for f in figures]})
        game.apply(others.choose(game))
    return found


def _task(args: tuple[int, int, int | None]) -> list[dict[str, Any]]:
    return decisions(*args)


def collect(deals: int, seed: int, worlds: int, limit: int | None,
            jobs: int) -> list[dict[str, Any]]:
    """The decisions of every deal, in deal order (``jobs`` processes)."""
    tasks = [(seed + i, worlds, limit) for i in range(deals)]
    return [d for found in in_order(_task, tasks, jobs) for d in found]


def _choose(values: list[list[float]], draw: list[int], confidence: float) -> int:
    """The candidate :func:`pick` plays when the search saw the worlds ``draw``."""
    figures = []
    for index, column in enumerate(values):
        seen = [column[w] for w in draw]
        figures.append(Figures(action=index, worlds=len(seen), levels=sum(seen),  # type: ignore[arg-type]
                               values=seen))
    return figures.index(pick(figures, confidence))


def weigh(found: list[dict[str, Any]], worlds: int, settings: list[tuple[int, float]],
          seed: int) -> list[dict[str, Any]]:
    """Each setting's gain over the heuristic (see the module docstring)."""
    half = worlds // 2
    gains: dict[tuple[int, float], list[float]] = {s: [] for s in settings}
    left: dict[tuple[int, float], int] = dict.fromkeys(settings, 0)
    for number, decision in enumerate(found):
        values = decision["values"]
        per_world = decision["steps"] / worlds
        rng = random.Random(f"{seed}:{number}")
        total = dict.fromkeys(settings, 0.0)
        for _ in range(REPEATS):
            order = list(range(worlds))
            rng.shuffle(order)
            pool, truth_worlds = order[:half], order[half:]
            truth = [sum(column[w] for w in truth_worlds) / len(truth_worlds)
                     for column in values]
            for budget, confidence in settings:
                n = min(max(MIN_WORLDS, math.ceil(budget / per_world)), half)
                chosen = _choose(values, pool[:n], confidence)
                total[budget, confidence] += (truth[chosen] - truth[0]) / REPEATS
                left[budget, confidence] += chosen != 0
        for setting in settings:
            gains[setting].append(total[setting])
    kit = (STEPS_PER_SECOND, CONFIDENCE)
    deals = len({d["deal"] for d in found}) or 1
    out = []
    for setting in settings:
        g = gains[setting]
        paired = [a - b for a, b in zip(g, gains[kit], strict=True)]
        out.append({
            "budget": setting[0], "confidence": setting[1], "kit": setting == kit,
            "gain_per_seat_hand": round(sum(g) / deals, 4),
            "error": round(_sum_error(g) / deals, 4),
            "against_kit": round(sum(paired) / deals, 4),
            "against_kit_error": round(_sum_error(paired) / deals, 4),
            "left_heuristic": round(left[setting] / (REPEATS * len(found)), 4)
            if found else 0.0})
    return out


def _sum_error(values: list[float]) -> float:
    """The standard error of the sum of ``values`` (treated as independent)."""
    return statistics.stdev(values) * math.sqrt(len(values)) if len(values) > 1 else 0.0


def report(rows: list[dict[str, Any]], found: int, deals: int, worlds: int) -> str:
    lines = [f"{found} decisions of {deals} deals, {worlds} worlds each (half drawn from, "
             "half the truth); gain over the heuristic per seat-hand, in levels (points "
             "as up to a third of a level):",
             f"{'budget':>8} {'threshold':>9} {'gain':>8} {'±':>6} {'vs kit':>8} {'±':>6} "
             f"{'left heuristic':>14}"]
    for r in rows:
        lines.append(f"{r['budget']:>8,} {r['confidence']:>9g} {r['gain_per_seat_hand']:>+8.3f} "
                     f"{r['error']:>6.3f} {r['against_kit']:>+8.3f} "
                     f"{r['against_kit_error']:>6.3f} {r['left_heuristic']:>13.0%}"
                     + ("  (the kit's)" if r["kit"] else ""))
    lines.append("In the search's own model, not in games: confirm with python -m "
                 "fivetenk.bench.strategy --a strong --b heuristic --deals 48.")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fivetenk.bench.search",
        description="Weigh the strong player's search budget and threshold offline, from "
        "the figures the search computes (minutes, where a duplicate run takes an hour).")
    parser.add_argument("--deals", type=int, default=14, help="deals (default 14)")
    parser.add_argument("--seed", type=int, default=1002,
                        help="seed of the first deal (default 1002, apart from the "
                        "duplicate bench's 1 to 48)")
    parser.add_argument("--worlds", type=int, default=48,
                        help="worlds each decision's candidates are played out in "
                        "(default 48; at least 8)")
    parser.add_argument("--decisions", type=int, default=None,
                        help="at most this many decisions a deal (default all)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true",
                        help="end with the figures as one JSON line")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1 or args.worlds < 8 or (
            args.decisions is not None and args.decisions < 1):
        print("bench.search: --deals, --jobs and --decisions must be at least 1, --worlds "
              "at least 8", file=sys.stderr)
        return 2
    recorder = Recorder("python -m fivetenk.bench.search", argv)
    found = collect(args.deals, args.seed, args.worlds, args.decisions, args.jobs)
    settings = sorted({(b, c) for b in BUDGETS for c in THRESHOLDS}
                      | {(STEPS_PER_SECOND, CONFIDENCE)})
    rows = weigh(found, args.worlds, settings, args.seed)
    print(report(rows, len(found), args.deals, args.worlds))
    if args.json:
        emit(recorder.finish("search", {"deals": args.deals, "seed": args.seed,
                                        "worlds": args.worlds, "decisions": len(found),
                                        "repeats": REPEATS, "settings": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
