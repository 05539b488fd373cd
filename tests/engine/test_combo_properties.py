"""Property tests of classification, beating and enumeration (hypothesis; rules 1–6).

``fits`` below is an independent, top-down oracle written from rulings D9 and D12: for every
possible reading of the right size it asks whether the card set *is* that reading, where
``classify`` works bottom-up from the rank counts.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivetenk.reference import (
    Card,
    Combo,
    Rank,
    Shape,
    Suit,
    Variants,
    beats,
    classify,
    full_deck,
    legal_plays,
    make_combo,
    points,
)
from fivetenk.reference.python_api import pick

DECK = full_deck()
VARIANTS = st.sampled_from(
    [
        Variants(),
        Variants(wing_ranks="distinct"),
        Variants(rocket="joker_sets"),
        Variants(wing_ranks="distinct", rocket="joker_sets"),
    ]
)
RUN_RANKS = range(Rank.THREE, Rank.ACE + 1)
JOKERS = {Rank.SMALL_JOKER, Rank.BIG_JOKER}
NARROW = [card for card in DECK if card.rank in {3, 4, 5, 6, 10, 13, 15, 16, 17}]
"""Few ranks, so that airplanes, bombs and 5,10,K turn up often."""


def all_combos() -> list[Combo]:
    """Every reading that exists, as a plain list (the oracle's universe)."""
    combos: list[Combo] = []
    for shape in (Shape.SINGLE, Shape.PAIR, Shape.TRIPLE, Shape.TRIPLE_SINGLE, Shape.TRIPLE_PAIR):
        combos += [make_combo(shape, rank) for rank in Rank]
    for shape, shortest in (
        (Shape.STRAIGHT, 5),
        (Shape.PAIR_RUN, 2),
        (Shape.AIRPLANE, 2),
        (Shape.AIRPLANE_SINGLES, 2),
        (Shape.AIRPLANE_PAIRS, 2),
    ):
        for length in range(shortest, 13):
            combos += [
                make_combo(shape, Rank(high), length)
                for high in RUN_RANKS
                if high - length + 1 >= Rank.THREE
            ]
    combos.append(make_combo(Shape.MIXED_5_10_K, Rank.KING))
    combos += [make_combo(Shape.SUITED_5_10_K, Rank.KING, suit=suit) for suit in Suit]
    for size in range(4, 13):
        combos += [make_combo(Shape.BOMB, Rank(rank), size) for rank in range(3, 16)]
    combos += [make_combo(Shape.ROCKET, Rank.BIG_JOKER, size) for size in range(2, 7)]
    return combos


ALL_COMBOS = all_combos()


def fits(combo: Combo, cards: list[Card], variants: Variants) -> bool:
    """Whether ``cards`` is ``combo`` — written from the rulings, not from the engine."""
    counts = Counter(card.rank for card in cards)
    if len(cards) != combo.size:
        return False
    shape, key = combo.shape, combo.key
    if shape in (Shape.SINGLE, Shape.PAIR, Shape.TRIPLE, Shape.BOMB):
        return counts == Counter({key: combo.size}) and not (shape is Shape.BOMB and key in JOKERS)
    if shape in (Shape.TRIPLE_SINGLE, Shape.TRIPLE_PAIR):
        rest = counts - Counter({key: 3})
        return counts[key] == 3 and len(rest) == 1 and key not in rest
    if shape in (Shape.MIXED_5_10_K, Shape.SUITED_5_10_K):
        suits = {card.suit for card in cards}
        return counts == Counter({Rank.FIVE: 1, Rank.TEN: 1, Rank.KING: 1}) and (
            suits == {combo.suit} if combo.suit is not None else len(suits) > 1
        )
    if shape is Shape.ROCKET:
        joker_only = set(counts) == JOKERS
        return joker_only and (variants.rocket == "joker_sets" or combo.size == 2)
    body = range(key - combo.length + 1, key + 1)
    per_rank = {Shape.STRAIGHT: 1, Shape.PAIR_RUN: 2}.get(shape, 3)
    if any(counts[rank] < per_rank for rank in body):
        return False
    wings = counts - Counter({Rank(rank): per_rank for rank in body})
    if shape in (Shape.STRAIGHT, Shape.PAIR_RUN, Shape.AIRPLANE):
        return not wings
    return wings_fit(wings, body, shape is Shape.AIRPLANE_PAIRS, variants)


def wings_fit(wings: Counter[Rank], body: range, pairs: bool, variants: Variants) -> bool:
    if any(rank in body for rank in wings) or set(wings) >= JOKERS:
        return False
    if pairs and any(count % 2 for count in wings.values()):
        return False
    if variants.wing_ranks == "distinct":
        return all(count == (2 if pairs else 1) for count in wings.values())
    return True


@st.composite
def card_sets(draw: st.DrawFn, max_size: int = 12) -> list[Card]:
    pool = draw(st.sampled_from([DECK, NARROW]))
    indices = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=max_size, unique=True)
    )
    return [pool[index] for index in indices]


@st.composite
def structured_sets(draw: st.DrawFn) -> list[Card]:
    """Airplane bodies with random extra cards: the hard cases for wings."""
    length = draw(st.integers(2, 4))
    low = draw(st.integers(3, 14 - length + 1))
    cards = [
        Card(Rank(rank), Suit(copy % 4)) for rank in range(low, low + length) for copy in range(3)
    ]
    extra = draw(st.lists(st.sampled_from(NARROW), max_size=2 * length))
    cards += extra
    counts = Counter(cards)
    return [card for card, count in counts.items() for _ in range(min(count, 3))]


@st.composite
def patterned_sets(draw: st.DrawFn) -> list[Card]:
    """A few (often consecutive) ranks with 1–4 cards each (often all equal), plus maybe
    a 2 and jokers: short straights, four-with-one, joker sets, winged airplanes."""
    ranks = draw(st.integers(0, 6))
    low = draw(st.integers(3, 15 - ranks))
    step = draw(st.sampled_from([1, 1, 1, 2]))
    chosen = [rank for rank in range(low, low + ranks * step, step) if rank <= 15]
    chosen += draw(st.sampled_from([[], [], [15], [16], [17], [16, 17], [15, 16, 17]]))
    same = draw(st.one_of(st.none(), st.integers(1, 4)))
    cards: list[Card] = []
    for rank in chosen:
        count = same if same is not None else draw(st.integers(1, 4))
        cards += [_card(rank, copy) for copy in range(min(count, 3) if rank >= 16 else count)]
    return cards or [_card(3, 0)]


def _card(rank: int, copy: int) -> Card:
    return Card(Rank(rank)) if rank >= 16 else Card(Rank(rank), Suit(copy % 4))


SETTINGS = settings(deadline=None, max_examples=200, derandomize=True)


@pytest.mark.slow
@SETTINGS
@given(cards=st.one_of(card_sets(), structured_sets(), patterned_sets()), variants=VARIANTS)
def test_classify_matches_oracle(cards: list[Card], variants: Variants) -> None:
    """R03.1 (D9, D12): classify finds exactly the readings the oracle accepts, strongest
    first, without duplicates."""
    readings = classify(cards, variants)
    expected = {combo for combo in ALL_COMBOS if fits(combo, cards, variants)}
    assert set(readings) == expected
    assert len(readings) == len(expected)
    assert list(readings) == sorted(readings, key=lambda combo: combo.strength, reverse=True)


@SETTINGS
@given(cards=card_sets(), variants=VARIANTS, data=st.data())
def test_classification_ignores_order(
    cards: list[Card], variants: Variants, data: st.DataObject
) -> None:
    """R03.2: a card set's readings do not depend on the order of its cards."""
    shuffled = data.draw(st.permutations(cards))
    assert classify(shuffled, variants) == classify(cards, variants)


@SETTINGS
@given(hand=card_sets(max_size=16), other=card_sets(max_size=16), variants=VARIANTS)
def test_enumerated_plays_classify_and_beat(
    hand: list[Card], other: list[Card], variants: Variants
) -> None:
    """Every enumerated play's picked cards read as its combo and beat the top (D11)."""
    lead = legal_plays(other, None, variants)
    tops: list[Combo | None] = [None, lead[len(lead) // 2].combo if lead else None]
    for top in tops:
        for play in legal_plays(hand, top, variants):
            picked = pick(play, hand)
            assert play.combo in classify(picked, variants)
            assert top is None or beats(play.combo, top, variants)


COMBOS = st.sampled_from(ALL_COMBOS)


@SETTINGS
@given(first=COMBOS, second=COMBOS, variants=VARIANTS)
def test_beats_is_a_strict_order(first: Combo, second: Combo, variants: Variants) -> None:
    """D11: never both ways, never for equal readings, and only upward in strength."""
    assert not (beats(first, second, variants) and beats(second, first, variants))
    assert not beats(first, first, variants)
    if beats(first, second, variants):
        assert first.strength > second.strength
        assert first != second


@SETTINGS
@given(combo=COMBOS)
def test_notation_round_trip(combo: Combo) -> None:
    """Combo.parse inverts notation() for every reading."""
    assert Combo.parse(combo.notation()) == combo


def test_deck_totals() -> None:
    """R01.1, R06.1, R06.2: 162 cards holding 300 points, twelve of each rank."""
    assert len(DECK) == 162
    assert points(DECK) == 300
    counts = Counter(card.rank for card in DECK)
    assert all(counts[Rank(rank)] == 12 for rank in range(3, 16))
    assert counts[Rank.SMALL_JOKER] == counts[Rank.BIG_JOKER] == 3


def test_strength_is_a_total_order() -> None:
    """Combo.strength is injective: it is a total order on all readings."""
    assert len({combo.strength for combo in ALL_COMBOS}) == len(ALL_COMBOS)


BY_SIZE: dict[int, list[Combo]] = {}
for _combo in ALL_COMBOS:
    BY_SIZE.setdefault(_combo.size, []).append(_combo)


@pytest.mark.slow
def test_classify_matches_oracle_exhaustively() -> None:
    """Every set of 0–4 threes, 0–3 each of 4, 5, 6, 0–1 twos and 0–2 of each joker (5,760
    sets) reads exactly as the oracle says, under the default and both variants."""
    variants_list = [Variants(), Variants(wing_ranks="distinct", rocket="joker_sets")]
    shapes = itertools.product(range(5), range(4), range(4), range(4), range(2), range(3), range(3))
    for counts in shapes:
        cards = [
            _card(rank, copy)
            for rank, count in zip((3, 4, 5, 6, 15, 16, 17), counts, strict=True)
            for copy in range(count)
        ]
        if not cards:
            continue
        for variants in variants_list:
            expected = {c for c in BY_SIZE.get(len(cards), []) if fits(c, cards, variants)}
            assert set(classify(cards, variants)) == expected, cards
