"""Benchmark the computer players: ``python -m fivetenk.bench.strategy --a strong --b
heuristic --deals 24 --seed 1 [--think 1.0] [--jobs 2] --json`` plays duplicate deals;
``python -m fivetenk.bench.strategy [--hands 200] [--seed 1]`` the heuristic against random
players by side.

**Duplicate deals** (issue 21, item 2; ``--a``/``--b``: ``strong``, ``heuristic`` or
``random``): for each of ``--deals`` deals (the first hand of the match seeded ``seed +
i``) and each seat, the hand is played once with player A at that seat and once with B,
the other five seats heuristic every time, so A and B meet the same cards in the same
chair. Each seat-hand counts the levels the seat advanced (R22.1: the winning side's
advance, 0 for the losing side) and whether its side won. Printed: a table, the decision
times of a strong player (median, 90th percentile, mean, the simulated decisions per
second), and as the last line one JSON object: ``a``, ``b``, ``deals``, ``seat_hands``,
``a_mean_levels``, ``b_mean_levels``, ``a_win_rate``, ``b_win_rate``, ``ci95`` (the 95%
interval of the mean paired difference of levels A-B over the seat-hands, normal
approximation), ``ci95_by_deal`` (the same interval taken deal by deal, over each deal's
mean difference: the six seat-hands of one deal share its cards and are not independent,
so this one is the wider and the one to trust), ``think`` and the decision times (CPU
seconds of the process, so one core's time on a loaded machine too). ``--jobs`` plays
the seat-hands in that many processes (the figures are the same; only the times change).

The issue named the module ``fivetenk.bench_strategy``; the kit's benchmarks live in the
package ``fivetenk.bench``, so it is ``python -m fivetenk.bench.strategy``.

**By side** (issue 11), without ``--a``:

Plays ``--hands`` seeded hands (hand ``i`` is the first hand of a match seeded ``seed + i``,
whole hands from the deal to settlement) three ways:

- ``random``: random players at every decision (the baseline);
- ``heuristic bankers``: the banker's burial and calls, and every play of a seat that plays
  for the banker side at that moment, are chosen by
  :class:`fivetenk.practice.strategy.HeuristicPlayer`; the defenders play randomly;
- ``heuristic defenders``: the other way round — every seat that plays for the defenders
  plays heuristically, the banker side randomly.

A seat plays for the banker side once it is on it (the banker and the revealed partners,
R11) or once it means to play a called occurrence
(:func:`fivetenk.practice.strategy.plays_for_bankers`: it holds every copy of a called face not
yet played, or the banker side's points already decide the hand). The heuristic treats
such a seat's banker as its teammate before the reveal, so counting it with the defenders
until it plays the called card, as the public sides would, would have the heuristic
defenders of one run play for the bankers. A seat that merely holds a called face may
still become a partner by playing it; it counts with the defenders until then, since it
plays as one: the closest fair split the hidden calls allow. The reveal prompts during
dealing come before any side exists; the random player answers them in all three ways,
consuming the same random draws, so each seed gives the same deal and the same banker in
all three runs and only the play differs.

Printed for each way: the average defender total (points, rule 21), the banker side's and
the defenders' win rates (the band's winners, R21) and the difference from the baseline.
A benchmark that prints figures, not a timed test.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO, TypeVar

from ..impl.workers import MAX_IN_HAND, WorkerFailure, Workers
from ..practice.search import DEFAULT_THINK, StrongPlayer, search_settings
from ..practice.strategy import HeuristicPlayer, plays_for_bankers
from ..reference import Action, Game, RandomPlayer
from .record import Recorder, emit

MODES = ("random", "heuristic bankers", "heuristic defenders")
T = TypeVar("T")
R = TypeVar("R")


class SidePlayer:
    """Dispatches each decision to the heuristic or the random player by the seat's side."""

    def __init__(self, mode: str, seed: int) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self.random = RandomPlayer(seed)
        self.heuristic = HeuristicPlayer(seed)

    def choose(self, game: Game) -> Action:
        decision = game.pending()
        if decision is None:
            raise ValueError("no decision is pending")
        if decision.kind == "reveal" or self.mode == "random":
            return self.random.choose(game)
        banker_side = plays_for_bankers(game, decision.seat)
        heuristic = banker_side == (self.mode == "heuristic bankers")
        return (self.heuristic if heuristic else self.random).choose(game)


@dataclass
class Figures:
    """Totals over the hands of one mode."""

    hands: int = 0
    defender_points: int = 0
    banker_wins: int = 0
    defender_wins: int = 0

    @property
    def average(self) -> float:
        return self.defender_points / self.hands if self.hands else 0.0

    @property
    def banker_rate(self) -> float:
        return self.banker_wins / self.hands if self.hands else 0.0

    @property
    def defender_rate(self) -> float:
        return self.defender_wins / self.hands if self.hands else 0.0


def play_one(seed: int, mode: str) -> tuple[int, str]:
    """Play the first hand of the match seeded ``seed``; ``(defender total, winners)``."""
    game = Game.new(seed=seed)
    player = SidePlayer(mode, seed)
    while game.pending() is not None:
        game.apply(player.choose(game))
    result = game.outcome()
    assert result is not None
    data = result.to_json()
    return int(data["defender_total"]), str(data["winners"])


def bench(hands: int, seed: int) -> dict[str, Figures]:
    """Figures of each mode over the same ``hands`` seeded hands."""
    out = {mode: Figures() for mode in MODES}
    for index in range(hands):
        for mode in MODES:
            total, winners = play_one(seed + index, mode)
            fig = out[mode]
            fig.hands += 1
            fig.defender_points += total
            fig.banker_wins += winners == "bankers"
            fig.defender_wins += winners == "defenders"
    return out


def report(figures: dict[str, Figures]) -> str:
    base = figures["random"]
    lines = [f"{'mode':<20} {'hands':>5} {'avg defender total':>19} {'banker wins':>12} "
             f"{'defender wins':>14}   vs baseline"]
    for mode in MODES:
        fig = figures[mode]
        delta = "" if mode == "random" else (
            f"   {fig.average - base.average:+.1f} pts, bankers "
            f"{100 * (fig.banker_rate - base.banker_rate):+.1f} pp, defenders "
            f"{100 * (fig.defender_rate - base.defender_rate):+.1f} pp")
        lines.append(f"{mode:<20} {fig.hands:>5} {fig.average:>19.1f} "
                     f"{100 * fig.banker_rate:>11.1f}% {100 * fig.defender_rate:>13.1f}%"
                     + delta)
    return "\n".join(lines)


# -- duplicate deals (issue 21) ----------------------------------------------------------------
PLAYERS = ("strong", "heuristic", "random")


def make_player(name: str, seed: int, think: float) -> Any:
    if name == "strong":
        return StrongPlayer(seed, think)
    if name == "random":
        return RandomPlayer(seed)
    return HeuristicPlayer(seed)


@dataclass(frozen=True)
class SeatHand:
    """One seat-hand of a duplicate deal: the levels the seat advanced, whether its side
    won, and the CPU seconds each of its decisions took (for ``strong``: the time one core
    takes, whatever else the machine runs)."""

    deal: int
    seat: int
    player: str
    levels: int
    won: bool
    times: tuple[float, ...] = ()
    steps: int = 0
    searched: tuple[float, ...] = ()
    """the times of the decisions it searched (two candidates or more)"""


def play_seat(seed: int, seat: int, name: str, think: float) -> list[SeatHand]:
    """The first hand of the match seeded ``seed`` with ``name`` at ``seat`` and the
    heuristic at the other five: that seat's seat-hand, or, for the heuristic (then all
    six seats play alike, one game), the seat-hand of every seat."""
    game = Game.new(seed=seed)
    player = make_player(name, seed * 6 + seat, think)
    others = HeuristicPlayer(seed)
    times: list[float] = []
    searched: list[float] = []
    steps = 0
    while (decision := game.pending()) is not None:
        if decision.seat == seat:
            start = time.process_time()  # CPU time: one core's, however loaded the machine
            action = player.choose(game)
            spent = time.process_time() - start
            if name == "strong" and decision.kind != "reveal":
                times.append(spent)
                steps += player.last_steps
                if player.last_steps:
                    searched.append(spent)
        else:
            action = others.choose(game)
        game.apply(action)
    result = game.outcome()
    assert result is not None
    data = result.to_json()
    out = []
    for s in range(6) if name == "heuristic" else (seat,):
        won = data["winners"] == ("bankers" if s in data["banker_side"] else "defenders")
        out.append(SeatHand(seed, s, name, int(data["advance"]) if won else 0, won,
                            tuple(times), steps, tuple(searched)))
    return out


def _task(args: tuple[int, int, str, float]) -> list[SeatHand]:
    return play_seat(*args)


def in_order(function: Callable[[T], R], tasks: Sequence[T], jobs: int) -> Iterator[R]:
    """``function`` of each task, in task order, as each comes: in ``jobs`` worker
    processes that always end (a task depends only on its arguments), at most
    ``MAX_IN_HAND`` a worker in hand; if a worker fails, the rest run in this process,
    said on stderr. The benchmarks' one way of spreading work (this module, bench.search)."""
    todo = list(tasks)
    if jobs > 1:
        with Workers(jobs) as pool:
            pending: list[tuple[T, int]] = []
            try:
                while todo or pending:
                    while todo and len(pending) < MAX_IN_HAND * jobs:
                        pending.append((todo[0], pool.submit(function, todo[0])))
                        todo.pop(0)
                    result = pool.result(pending[0][1])
                    pending.pop(0)
                    yield result
            except WorkerFailure as failure:  # the rest in this process
                print(f"note: {failure}; the rest ran in this process", file=sys.stderr)
                todo = [task for task, _ in pending] + todo
    for task in todo:
        yield function(task)


def duplicate(a: str, b: str, deals: int, seed: int, think: float, jobs: int = 1,
              progress: TextIO | None = None) -> tuple[list[SeatHand], list[SeatHand]]:
    """The seat-hands of A and of B over the duplicate deals, in deal and seat order. With
    the heuristic at the seat and at the other five, the six seats play one game: it is
    played once per deal."""
    tasks: list[tuple[int, int, str, float]] = []
    for deal in range(seed, seed + deals):
        for name in dict.fromkeys((a, b)):
            tasks += [(deal, 0, name, think)] if name == "heuristic" else [
                (deal, seat, name, think) for seat in range(6)]
    done: dict[tuple[int, int, str], SeatHand] = {}

    def note(hands: list[SeatHand]) -> None:
        for hand in hands:
            done[hand.deal, hand.seat, hand.player] = hand
        if progress is not None:  # each result as it comes: a long run can be read early
            for hand in hands:
                times = sorted(hand.times)
                print(f"{len(done)} of {deals * 6 * len({a, b})} seat-hands: deal {hand.deal} "
                      f"seat {hand.seat} {hand.player}: levels {hand.levels}, "
                      f"{'won' if hand.won else 'lost'}"
                      + (f"; {len(times)} decisions, median {statistics.median(times):.2f} s"
                         if times else ""), file=progress, flush=True)

    for hands in in_order(_task, tasks, jobs):
        note(hands)
    seats = [(d, s) for d in range(seed, seed + deals) for s in range(6)]
    return [done[d, s, a] for d, s in seats], [done[d, s, b] for d, s in seats]


def by_deal_interval(a_hands: list[SeatHand], b_hands: list[SeatHand]) -> list[float]:
    """The 95% interval (normal approximation) of the mean paired difference A-B taken
    deal by deal: each deal's mean over its seats is one sample (one deal: no spread)."""
    deals: dict[int, list[int]] = {}
    for x, y in zip(a_hands, b_hands, strict=True):
        deals.setdefault(x.deal, []).append(x.levels - y.levels)
    means = [sum(d) / len(d) for d in deals.values()]
    mean = sum(means) / len(means)
    half = 1.96 * statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else 0.0
    return [round(mean - half, 4), round(mean + half, 4)]


def summary(a: str, b: str, a_hands: list[SeatHand], b_hands: list[SeatHand],
            think: float) -> dict[str, Any]:
    """The figures of the JSON line (see the module docstring)."""
    n = len(a_hands)
    diffs = [x.levels - y.levels for x, y in zip(a_hands, b_hands, strict=True)]
    mean = sum(diffs) / n
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    out: dict[str, Any] = {
        "a": a, "b": b, "deals": n // 6, "seat_hands": n,
        "a_mean_levels": round(sum(h.levels for h in a_hands) / n, 4),
        "b_mean_levels": round(sum(h.levels for h in b_hands) / n, 4),
        "a_win_rate": round(sum(h.won for h in a_hands) / n, 4),
        "b_win_rate": round(sum(h.won for h in b_hands) / n, 4),
        "mean_difference": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "ci95_by_deal": by_deal_interval(a_hands, b_hands),
        "think": think,
    }
    if "strong" in (a, b):  # what the figures are of: the search's settings
        out["search"] = search_settings()
    for key, hands in (("a", a_hands), ("b", b_hands)):
        times = sorted(t for h in hands for t in h.times)
        if times:
            steps = sum(h.steps for h in hands)
            out[f"{key}_decisions"] = len(times)
            out[f"{key}_decision_median_s"] = round(statistics.median(times), 3)
            out[f"{key}_decision_p90_s"] = round(times[int(0.9 * (len(times) - 1))], 3)
            out[f"{key}_decision_mean_s"] = round(sum(times) / len(times), 3)
            searched = sorted(t for h in hands for t in h.searched)
            out[f"{key}_steps_per_second"] = round(steps / sum(searched)) if searched else 0
            if searched:
                out[f"{key}_searched"] = len(searched)
                out[f"{key}_searched_median_s"] = round(statistics.median(searched), 3)
                out[f"{key}_searched_p90_s"] = round(
                    searched[int(0.9 * (len(searched) - 1))], 3)
    return out


def duplicate_report(fig: dict[str, Any]) -> str:
    lines = [f"{'player':<10} {'seat-hands':>10} {'mean levels':>12} {'win rate':>9}"]
    for key in ("a", "b"):
        lines.append(f"{fig[key]:<10} {fig['seat_hands']:>10} "
                     f"{fig[f'{key}_mean_levels']:>12.3f} {100 * fig[f'{key}_win_rate']:>8.1f}%")
    lo, hi = fig["ci95"]
    lines.append(f"A-B levels per seat-hand: {fig['mean_difference']:+.3f}, 95% interval "
                 f"[{lo:+.3f}, {hi:+.3f}] over {fig['seat_hands']} paired seat-hands "
                 f"({fig['deals']} deals); taken deal by deal "
                 f"[{fig['ci95_by_deal'][0]:+.3f}, {fig['ci95_by_deal'][1]:+.3f}]")
    for key in ("a", "b"):
        if f"{key}_decisions" in fig:
            lines.append(f"{fig[key]} (think {fig['think']} s): {fig[f'{key}_decisions']} "
                         f"decisions, CPU seconds each: median "
                         f"{fig[f'{key}_decision_median_s']} s, 90th "
                         f"percentile {fig[f'{key}_decision_p90_s']} s, mean "
                         f"{fig[f'{key}_decision_mean_s']} s, "
                         f"{fig[f'{key}_steps_per_second']} simulated decisions/s")
        if f"{key}_searched" in fig:
            lines.append(f"  of which searched (two candidates or more): "
                         f"{fig[f'{key}_searched']}, median "
                         f"{fig[f'{key}_searched_median_s']} s, 90th percentile "
                         f"{fig[f'{key}_searched_p90_s']} s")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fivetenk.bench.strategy",
        description="Benchmark the computer players: duplicate deals of player A against "
        "B (--a, --b), or the heuristic against random players by side.")
    parser.add_argument("--a", choices=PLAYERS, help="player A of duplicate deals")
    parser.add_argument("--b", choices=PLAYERS, default="heuristic",
                        help="player B of duplicate deals (default heuristic)")
    parser.add_argument("--deals", type=int, default=24,
                        help="duplicate deals, each played 6 seats x 2 players (default 24)")
    parser.add_argument("--think", type=float, default=DEFAULT_THINK,
                        help=f"seconds of search per strong decision (default {DEFAULT_THINK})")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true",
                        help="end with the figures as one JSON line (docs/measuring.md)")
    parser.add_argument("--hands", type=int, default=200,
                        help="without --a: hands per mode (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal or hand")
    args = parser.parse_args(argv)
    recorder = Recorder("python -m fivetenk.bench.strategy", argv)
    if args.a is None:
        if args.hands < 1:
            print("bench.strategy: --hands must be at least 1", file=sys.stderr)
            return 2
        figures = bench(args.hands, args.seed)
        print(report(figures))
        if args.json:
            emit(recorder.finish("strategy-sides", {"hands": args.hands, "seed": args.seed,
                                                    "modes": {mode: {
                "average_defender_total": round(f.average, 1),
                "banker_win_rate": round(f.banker_rate, 4),
                "defender_win_rate": round(f.defender_rate, 4)}
                for mode, f in figures.items()}}))
        return 0
    if args.deals < 1 or args.jobs < 1 or not args.think > 0:
        print("bench.strategy: --deals and --jobs must be at least 1, --think above 0",
              file=sys.stderr)
        return 2
    a_hands, b_hands = duplicate(args.a, args.b, args.deals, args.seed, args.think,
                                 args.jobs, sys.stderr)
    fig = summary(args.a, args.b, a_hands, b_hands, args.think)
    print(duplicate_report(fig))
    if args.json:  # the figures first, as the issue asked, then what measured them
        record = recorder.finish("strategy", {**fig, "seed": args.seed, "jobs": args.jobs})
        emit({**fig, **record})
    return 0


if __name__ == "__main__":
    sys.exit(main())
