"""The pack, deck orders and the deal (R01.1, D2).

A deal gives one card per draw in seat order starting from the seat that receives the
first card: 156 draws, 26 cards each; the last 6 cards of the deck are the kitty (D2).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence

from .cards import Card, Rank, full_deck
from .errors import InvalidCards

SEATS = 6
"""Seats 0–5, play and search direction s → s+1 mod 6 (D1)."""
PACK_SIZE = 162
"""Three decks with jokers (R01.1)."""
DRAWS = 156
"""Dealt cards: 26 per seat (D2)."""
HAND_SIZE = 26
KITTY_SIZE = 6
"""The last six cards of the deck (D2), taken and then buried by the banker (R10.1)."""

_PACK = Counter(full_deck())


def next_seat(seat: int, step: int = 1) -> int:
    """The seat ``step`` places after ``seat`` in the fixed direction (D1)."""
    return (seat + step) % SEATS


def receiver(first: int, draw: int) -> int:
    """The seat receiving the 0-based ``draw`` when ``first`` receives the first card (D2)."""
    return (first + draw) % SEATS


def pack_problems(cards: Sequence[Card], what: str = "the deck") -> list[str]:
    """Why ``cards`` is not exactly the 162-card pack, one message per missing or extra
    face (empty if it is)."""
    problems: list[str] = []
    if len(cards) != PACK_SIZE:
        problems.append(f"{what} has {len(cards)} cards, not {PACK_SIZE} (R01.1)")
    counts = Counter(cards)
    extra = counts - _PACK
    missing = _PACK - counts
    if extra:
        problems.append(
            f"{what} has too many copies of "
            + ", ".join(f"{card} ({counts[card]})" for card in sorted(extra))
            + " (R01.1)"
        )
    if missing:
        problems.append(
            f"{what} lacks "
            + ", ".join(
                f"{card}" + (f" x{n}" if n > 1 else "") for card, n in sorted(missing.items())
            )
            + " (R01.1)"
        )
    return problems


def validate_deck(deck: Sequence[Card | str]) -> tuple[Card, ...]:
    """A deck order as a tuple of cards; :class:`InvalidCards` (R01.1) unless it is exactly
    the 162-card pack."""
    try:
        cards = tuple(Card.parse(c) if isinstance(c, str) else c for c in deck)
    except TypeError:
        raise InvalidCards("a deck order must be a sequence of cards", clause="R01.1") from None
    if not all(isinstance(c, Card) for c in cards):
        raise InvalidCards("a deck order must hold only cards", clause="R01.1")
    problems = pack_problems(cards)
    if problems:
        raise InvalidCards("; ".join(problems), clause="R01.1")
    return cards


def arrange_deck(
    draws: Mapping[int, Card | str] | None = None,
    *,
    kitty: Iterable[Card | str] = (),
    late: Iterable[Rank] = (),
) -> tuple[Card, ...]:
    """A deck order with chosen cards at chosen draws, for tests and scenarios.

    ``draws`` maps draw numbers 1–156 to cards; ``kitty`` cards go to the kitty (the last
    six cards, D2). Every other card of the pack fills the free places in canonical order,
    except that cards whose rank is in ``late`` are put as late as possible — the kitty
    first, then the last draws — so that nobody is prompted to reveal them early (D3).
    Raises :class:`InvalidCards` if the placements are impossible.
    """
    placed: dict[int, Card] = {}
    for draw, card in (draws or {}).items():
        if not 1 <= draw <= DRAWS:
            raise InvalidCards(f"draw {draw} is not a draw 1-{DRAWS}")
        placed[draw - 1] = Card.parse(card) if isinstance(card, str) else card
    kitty_cards = [Card.parse(c) if isinstance(c, str) else c for c in kitty]
    if len(kitty_cards) > KITTY_SIZE:
        raise InvalidCards(f"the kitty holds {KITTY_SIZE} cards, not {len(kitty_cards)}")
    for offset, card in enumerate(kitty_cards):
        placed[DRAWS + offset] = card
    rest = Counter(full_deck())
    rest.subtract(placed.values())
    if any(n < 0 for n in rest.values()):
        over = sorted(c for c, n in rest.items() if n < 0)
        raise InvalidCards(f"more than 3 copies placed of {', '.join(map(str, over))}",
                           clause="R01.1")
    late_ranks = set(late)
    early = [c for c in sorted(rest.elements()) if c.rank not in late_ranks]
    delayed = [c for c in sorted(rest.elements()) if c.rank in late_ranks]
    deck: list[Card | None] = [placed.get(i) for i in range(PACK_SIZE)]
    for i in [*range(DRAWS, PACK_SIZE), *range(DRAWS - 1, -1, -1)]:
        if deck[i] is None and delayed:
            deck[i] = delayed.pop()
    for i in range(PACK_SIZE):
        if deck[i] is None:
            deck[i] = early.pop(0) if early else delayed.pop()
    return validate_deck([c for c in deck if c is not None])


def shuffled_deck(rng: random.Random) -> tuple[Card, ...]:
    """A shuffled pack drawn from ``rng`` (deterministic for a seeded generator)."""
    deck = full_deck()
    rng.shuffle(deck)
    return tuple(deck)


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
        if deck is None:
            deck = self.redeals.popleft() if self.redeals else shuffled_deck(self.rng)
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
                    return True
        self.draws = draws
        self.prompt = None
        return False
