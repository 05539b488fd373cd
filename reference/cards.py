"""Cards, the three-deck pack, strength and point values (rules 1, 2 and 6).

Notation (one canonical text form that round-trips): rank ``3 4 5 6 7 8 9 10 J Q K A 2``
followed by suit ``D C H S``, e.g. ``10H``, ``AS``, ``5D``; jokers are ``SJ`` (small) and
``BJ`` (big). ``Card.parse(str(card)) == card`` for every card.

Strength is rank only (R02.1, D8); suits never order plays except in the suited
5,10,K (R04.2) and are used here only as a deterministic tie-break when sorting.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from .errors import InvalidCards, InvalidNotation

DECKS = 3
"""Three decks including jokers (R01.1)."""
PACK_CLAUSE = "R01.1"
"""The clause a card that is not in the pack breaks: three decks with jokers, 162 cards."""


class Rank(IntEnum):
    """Card ranks in strength order (R02.1): 3 < … < A < 2 < small joker < big joker."""

    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    TWO = 15
    SMALL_JOKER = 16
    BIG_JOKER = 17

    @property
    def symbol(self) -> str:
        """The rank's text form: ``3``…``10``, ``J``, ``Q``, ``K``, ``A``, ``2``, ``SJ``, ``BJ``."""
        return _RANK_SYMBOLS[self]

    @property
    def is_joker(self) -> bool:
        return self >= Rank.SMALL_JOKER

    @property
    def in_runs(self) -> bool:
        """Whether the rank may stand in a straight, pair run or airplane body (R03.4)."""
        return Rank.THREE <= self <= Rank.ACE

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank symbol (``10``, ``Q``, ``SJ``)."""
        try:
            return _RANK_BY_SYMBOL[text]
        except KeyError:
            raise InvalidNotation(
                f"unknown rank {text!r}: expected one of {' '.join(_RANK_BY_SYMBOL)}"
            ) from None

    def __str__(self) -> str:
        return self.symbol


class Suit(IntEnum):
    """Suits in the suited 5,10,K order (R04.2): diamonds < clubs < hearts < spades."""

    DIAMONDS = 0
    CLUBS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "DCHS"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        index = "DCHS".find(text) if len(text) == 1 else -1
        if index < 0:
            raise InvalidNotation(f"unknown suit {text!r}: expected one of D C H S")
        return cls(index)

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS = {
    **{Rank(v): str(v) for v in range(3, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.SMALL_JOKER: "SJ",
    Rank.BIG_JOKER: "BJ",
}
_RANK_BY_SYMBOL = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()}

POINTS = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}
"""Point values (R06.1): each 5 scores 5, each 10 or K scores 10; others score 0."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. Ordered by strength (rank), then suit for a stable sort.

    Jokers have ``suit is None``. The three copies of a face in three decks are
    indistinguishable, so equal cards compare equal.
    """

    rank: Rank
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.rank.is_joker != (self.suit is None):
            raise InvalidNotation(
                f"a {'joker' if self.rank.is_joker else 'suited card'} "
                f"{'has no suit' if self.rank.is_joker else 'needs a suit'}"
            )

    @staticmethod
    def parse(token: str) -> Card:
        """Parse one card token (``10H``, ``AS``, ``SJ``, ``BJ``)."""
        return _parse_token(token)

    @property
    def points(self) -> int:
        """The card's point value (R06.1)."""
        return POINTS.get(self.rank, 0)

    @property
    def face(self) -> str:
        """The face, i.e. the text form; all three copies of a face share it."""
        return str(self)

    def __str__(self) -> str:
        return self.rank.symbol if self.suit is None else self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


@cache
def _parse_token(token: str) -> Card:
    if token in ("SJ", "BJ"):
        return Card(Rank.parse(token))
    if len(token) < 2:
        raise InvalidNotation(
            f"unknown card {token!r}: expected rank then suit (10H, AS, 5D) or SJ / BJ",
            clause=PACK_CLAUSE,
        )
    rank_text, suit_text = token[:-1], token[-1]
    try:
        rank = Rank.parse(rank_text)
        suit = Suit.parse(suit_text)
    except InvalidNotation as err:
        raise InvalidNotation(
            f"unknown card {token!r}: {err.message}; cards are written like 10H, AS, 5D, SJ, BJ",
            clause=PACK_CLAUSE,
        ) from None
    if rank.is_joker:
        raise InvalidNotation(f"unknown card {token!r}: jokers are written SJ and BJ",
                              clause=PACK_CLAUSE)
    return Card(rank, suit)


ALL_FACES: tuple[Card, ...] = tuple(
    [Card(Rank(r), s) for r in range(3, 16) for s in Suit]
    + [Card(Rank.SMALL_JOKER), Card(Rank.BIG_JOKER)]
)
"""The 54 distinct faces, in strength order."""


def full_deck() -> list[Card]:
    """The 162-card pack: every face three times (R01.1), in a fixed canonical order."""
    return [card for card in ALL_FACES for _ in range(DECKS)]


def parse_cards(text: str | Iterable[str], *, allow_empty: bool = True) -> list[Card]:
    """Parse space-separated card tokens (or an iterable of tokens).

    Raises :class:`InvalidNotation` naming the bad token and its position, and
    :class:`InvalidCards` when a face occurs more often than three decks hold (R01.1).
    """
    tokens = text.split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    for index, token in enumerate(tokens, 1):
        if not isinstance(token, str):
            raise InvalidNotation(f"card {index} is {token!r}, not a card token",
                                  clause=PACK_CLAUSE)
        try:
            cards.append(_parse_token(token))
        except InvalidNotation as err:
            raise InvalidNotation(f"card {index} of {len(tokens)}: {err.message}",
                                  clause=PACK_CLAUSE) from None
    if not cards and not allow_empty:
        raise InvalidCards("a play needs at least one card", clause="R03.1")
    check_copies(cards)
    return cards


def check_copies(cards: Iterable[Card]) -> None:
    """Raise :class:`InvalidCards` if any face occurs more than three times (R01.1)."""
    if isinstance(cards, (list, tuple)) and len(cards) <= DECKS:
        return  # three cards or fewer cannot hold four copies (and need no counting)
    for card, count in Counter(cards).items():
        if count > DECKS:
            raise InvalidCards(
                f"{count} copies of {card}: three decks hold only {DECKS}", clause="R01.1"
            )


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text of a card collection: sorted by strength then suit, space-separated."""
    return " ".join(str(c) for c in sorted(cards))


def points(cards: Iterable[Card]) -> int:
    """Total point value of cards (R06.1)."""
    return sum(POINTS.get(c.rank, 0) for c in cards)
