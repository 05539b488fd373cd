"""A seeded random player and whole random matches, for simulation, benchmarks and
property tests.

:class:`RandomPlayer` picks a legal action cheaply without enumerating every play: it
reveals with some probability, buries six random cards, picks a random legal pair of calls,
leads a random rank group (single, pair, triple or bomb of one rank; with a short hand a
random legal lead of any shape) and, as a reply, either passes or plays a random play from
:func:`.plays.legal_plays` restricted to ``top`` (which prunes by shape), with a fast path
for single / pair / triple tops. It is not uniform over all plays, only legal and varied.

:func:`play_match` plays a whole match and returns one :class:`HandRecord` per hand: the
deck orders, who received the first card and every action, enough to replay the match with
the engine alone (:func:`replay_match`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .cards import Card, Rank
from .combos import Combo, Shape
from .game import Game, Phase
from .plays import legal_plays
from .python_api import pick
from .settlement import HandResult
from .variants import DEFAULT, Variants

_SAME_RANK = {Shape.SINGLE: 1, Shape.PAIR: 2, Shape.TRIPLE: 3}


class RandomPlayer:
    """Chooses a random legal action for whichever seat is to act (seeded, deterministic).

    ``reveal_probability`` is the chance of revealing at a prompt, ``pass_probability`` the
    chance of passing a reply even when able to beat (D18), ``full_lead_below`` the hand
    size under which a lead is drawn from every legal lead rather than a rank group.
    """

    def __init__(
        self,
        seed: int | None = 0,
        *,
        reveal_probability: float = 0.5,
        pass_probability: float = 0.3,
        full_lead_below: int = 8,
    ) -> None:
        self.rng = random.Random(seed)
        self.reveal_probability = reveal_probability
        self.pass_probability = pass_probability
        self.full_lead_below = full_lead_below

    def choose(self, game: Game) -> Action:
        """A legal action for the pending decision (``ValueError`` if none is pending)."""
        decision = game.pending()
        if decision is None:
            raise ValueError("no decision is pending")
        seat, kind, rng = decision.seat, decision.kind, self.rng
        if kind == "reveal":
            if rng.random() < self.reveal_probability:
                level = game.levels[seat]
                faces = sorted(c for c in game.hand_counts(seat) if c.rank == level)
                return Action.reveal(seat, rng.choice(faces))
            return Action.skip(seat)
        if kind == "bury":
            return Action.bury(seat, rng.sample(game.hand(seat), 6))
        if kind == "call":
            return rng.choice(game.legal_actions())
        top = game.top
        if top is not None and rng.random() < self.pass_probability:
            return _PASSES[seat]
        counts = game.hand_counts(seat)
        if top is None:
            return self._lead(seat, counts, game.variants)
        return self._reply(seat, counts, top, game.variants)

    def _lead(self, seat: int, counts: Mapping[Card, int], variants: Variants) -> Action:
        """A rank group, or with a short hand any legal lead under the match's variants
        (under ``rocket=six_jokers``, D36, SJ BJ is no lead)."""
        rng = self.rng
        if sum(counts.values()) < self.full_lead_below and rng.random() < 0.4:
            hand = _cards(counts)
            play = rng.choice(legal_plays(hand, None, variants))
            return Action.play(seat, pick(play, hand), shape=play.combo.notation())
        groups: dict[Rank, list[Card]] = {}
        for card, n in counts.items():
            groups.setdefault(card.rank, []).extend([card] * n)
        cards = groups[rng.choice(list(groups))]
        return Action.play(seat, cards[: rng.randint(1, len(cards))])

    def _reply(
        self, seat: int, counts: Mapping[Card, int], top: Combo, variants: Variants
    ) -> Action:
        rng = self.rng
        size = _SAME_RANK.get(top.shape)
        if size is not None and rng.random() < 0.95:
            key = top.key
            groups: dict[Rank, list[Card]] = {}
            for card, n in counts.items():
                if card.rank > key:
                    groups.setdefault(card.rank, []).extend([card] * n)
            ranks = [r for r, cards in groups.items() if len(cards) >= size]
            if ranks:
                return Action.play(seat, groups[rng.choice(ranks)][:size])
            return _PASSES[seat]
        hand = _cards(counts)
        plays = legal_plays(hand, top, variants)
        if not plays:
            return _PASSES[seat]
        play = rng.choice(plays)
        return Action.play(seat, pick(play, hand), shape=play.combo.notation())


_PASSES = tuple(Action.pass_(seat) for seat in range(6))


def _cards(counts: Mapping[Card, int]) -> list[Card]:
    return [card for card, n in counts.items() for _ in range(n)]


@dataclass
class HandRecord:
    """One hand of a recorded match: the deck of each deal (the first, then redeals), who
    received the first card, every action in order and the settlement."""

    hand: int
    first: int
    decks: list[tuple[Card, ...]]
    actions: list[Action] = field(default_factory=list)
    result: HandResult | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "first": self.first,
            "deck": [str(c) for c in self.decks[0]],
            "redeals": [[str(c) for c in d] for d in self.decks[1:]],
            "actions": [a.to_json() for a in self.actions],
            "result": None if self.result is None else self.result.to_json(),
        }


def play_hand(game: Game, player: RandomPlayer) -> HandRecord:
    """Play the current hand of ``game`` to its settlement with ``player`` at every seat."""
    actions: list[Action] = []
    pending, choose, apply = game.pending, player.choose, game.apply
    while pending() is not None:
        action = choose(game)
        apply(action)
        actions.append(action)
    return HandRecord(game.hand_number, game.first, list(game.deal_decks), actions,
                      game.outcome())


def play_match(
    seed: int, hands: int = 1, *, variants: Variants = DEFAULT, player: RandomPlayer | None = None
) -> list[HandRecord]:
    """Play up to ``hands`` hands of a match (fewer if somebody wins the match) with the
    seeded random player; deterministic per seed and variants."""
    game = Game.new(seed=seed, variants=variants)
    player = player or RandomPlayer(seed)
    records: list[HandRecord] = []
    for index in range(hands):
        if index:
            game.next_hand()
        records.append(play_hand(game, player))
        if game.match_over:
            break
    return records


def replay_match(records: list[HandRecord], *, variants: Variants = DEFAULT) -> Game:
    """Replay recorded hands with the engine alone; returns the game after the last one."""
    game: Game | None = None
    for record in records:
        if game is None:
            game = Game.new(deck=record.decks[0], redeals=record.decks[1:], first=record.first,
                            variants=variants)
        else:
            game.next_hand(deck=record.decks[0], redeals=record.decks[1:], first=record.first)
        for action in record.actions:
            game.apply(action)
        assert game.phase is Phase.FINISHED
    if game is None:
        raise ValueError("no hands to replay")
    return game
