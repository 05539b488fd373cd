"""Benchmark the heuristic player against random players:
``python -m fivetenk.bench.strategy [--hands 200] [--seed 1]``.

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
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from ..practice.strategy import HeuristicPlayer, plays_for_bankers
from ..reference.actions import Action
from ..reference.game import Game
from ..reference.random_player import RandomPlayer

MODES = ("random", "heuristic bankers", "heuristic defenders")


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivetenk.bench.strategy",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200, help="hands per mode (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first hand")
    args = parser.parse_args(argv)
    if args.hands < 1:
        print("bench.strategy: --hands must be at least 1", file=sys.stderr)
        return 2
    print(report(bench(args.hands, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
