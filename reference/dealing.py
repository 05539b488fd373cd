"""The pack, deck orders and the deal (R01.1, D2).

A deal gives one card per draw in seat order starting from the seat that receives the
first card: 156 draws, 26 cards each; the last 6 cards of the deck are the kitty (D2).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Iterable, Sequence

from . import provenance
from .cards import Card, Rank, full_deck
from .errors import InvalidCards
from .python_api_parts import pack_problems, shuffled

SEATS = 6
"""Seats 0–5, play and search direction s → s+1 mod 6 (D1)."""
DRAWS = 156
"""Dealt cards: 26 per seat (D2)."""
HAND_SIZE = 26
KITTY_SIZE = 6
"""The last six cards of the deck (D2), taken and then buried by the banker (R10.1)."""

_PACK = Counter(full_deck())


def validate_deck(deck: Sequence[Card | str]) -> tuple[Card, ...]:
    """A deck order as a tuple of cards; :class:`InvalidCards` (R01.1) unless it is exactly
    the 162-card pack."""
    try:
        cards = tuple(Card.parse(c) if isinstance(c, str) else c for c in deck)
    except TypeError:
        raise InvalidCards("a deck order must be a sequence of cards", clause="R01.1") from None
    if not all(isinstance(c, Card) for c in cards):
        raise InvalidCards("a deck order must hold only cards", clause="R01.1")
    if Counter(cards) != _PACK:  # in words only for a Python caller: the protocol's deck
        # has 162 cards (its schema) and a fourth copy is refused as the cards are read
        raise InvalidCards("; ".join(pack_problems(cards, _PACK)), clause="R01.1")
    return cards


class Deal:
    """The deal of one hand: its deck orders, the draws so far and the reveal prompt (D2,
    D3, D5).

    ``eligible`` and ``levels`` say who may reveal which rank (R08.1, R09.1, R09.2, D6);
    ``number`` counts deals within the hand (redeals, R08.4). :meth:`advance` deals into
    the hands draw by draw and stops at the next prompt.
    """

    __slots__ = (
        "deck", "decks", "draws", "eligible", "first", "held", "levels", "number", "prompt",
        "redeals", "rng",
    )

    def __init__(
        self,
        *,
        first: int,
        levels: Sequence[Rank],
        eligible: Sequence[bool],
        rng: random.Random,
        redeals: Iterable[tuple[Card, ...]] = (),
    ) -> None:
        self.first = first
        self.levels = list(levels)
        self.eligible = list(eligible)
        self.rng = rng
        self.redeals = deque(redeals)
        self.decks: list[tuple[Card, ...]] = []
        self.number = 0
        self.deck: tuple[Card, ...] = ()
        self.draws = 0
        self.held = [0] * SEATS
        self.prompt: int | None = None

    def start(self, deck: tuple[Card, ...] | None = None) -> None:
        """Begin the next deal with ``deck``, or for a redeal the next queued deck order,
        else a reshuffle by the seeded generator (R08.4, D5)."""
        if deck is None:  # a redeal; reshuffled only for a Python caller (a scenario's deal
            # lists its redeals): Python API
            deck = self.redeals.popleft() if self.redeals else shuffled(full_deck(), self.rng)
        self.number += 1
        self.decks.append(deck)
        self.deck = deck
        self.draws = 0
        self.held = [0] * SEATS
        self.prompt = None

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The last six cards of the deck (D2)."""
        return self.deck[DRAWS:]

    def advance(self, hands: list[Counter[Card]], sizes: list[int], seeking: bool) -> bool:
        """Deal draw by draw into ``hands``; stop after a draw whose receiver must be
        prompted (D3: only while ``seeking`` a banker, for an eligible player holding a
        card of their reveal rank) and return True, or return False once all 156 cards
        are dealt."""
        deck, held, levels, eligible, first = (
            self.deck, self.held, self.levels, self.eligible, self.first
        )
        draws = self.draws
        while draws < DRAWS:
            seat = (first + draws) % SEATS
            card = deck[draws]
            hands[seat][card] += 1
            sizes[seat] += 1
            draws += 1
            if seeking and eligible[seat]:
                if card.rank == levels[seat]:
                    held[seat] += 1
                if held[seat]:
                    self.draws = draws
                    self.prompt = seat
                    if provenance.current is not None:
                        if card.rank != levels[seat]:
                            provenance.applies("D3")  # prompted for an earlier card
                        if draws == DRAWS:
                            provenance.applies("D29")  # the prompt after the 156th draw
                    return True
        self.draws = draws
        self.prompt = None
        return False
