"""Deck orders for the engine's unit tests: chosen cards at chosen draws.

(Moved out of the engine, which never used it: the scenario language builds its decks with
:func:`fivetenk.language.deals.build_deck`, and the engine only receives whole decks.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from fivetenk.reference.cards import Card, Rank, full_deck
from fivetenk.reference.dealing import DRAWS, KITTY_SIZE, validate_deck
from fivetenk.reference.errors import InvalidCards

PACK_SIZE = len(full_deck())
"""162: three decks with jokers (R01.1)."""


def arrange_deck(
    draws: Mapping[int, Card | str] | None = None,
    *,
    kitty: Iterable[Card | str] = (),
    late: Iterable[Rank] = (),
) -> tuple[Card, ...]:
    """A deck order with chosen cards at chosen draws.

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
