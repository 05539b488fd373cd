"""Exactness of play enumeration against brute force, golden counts and pick() (D9–D12).

Brute force: every sub-multiset of a small hand is classified; each reading with the
sorted ranks of the subset is one play (plays.py's definition). ``legal_plays`` must list
exactly these, each once, in the documented order.
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
    InvalidCards,
    Play,
    Rank,
    Variants,
    beats,
    classify,
    count_plays,
    full_deck,
    legal_plays,
    parse_cards,
)
from fivetenk.reference.python_api import pick

VARIANTS = [
    Variants(),
    Variants(wing_ranks="distinct"),
    Variants(rocket="joker_sets"),
    Variants(wing_ranks="distinct", rocket="joker_sets"),
]

Key = tuple[Combo, tuple[Rank, ...]]


def brute_force(hand: list[Card], top: Combo | None, variants: Variants) -> set[Key]:
    """Every (reading, ranks) of every non-empty sub-multiset of ``hand`` that beats top."""
    faces = sorted(Counter(hand).items())
    found: set[Key] = set()
    for takes in itertools.product(*(range(count + 1) for _, count in faces)):
        subset = [card for (card, _), take in zip(faces, takes, strict=True) for _ in range(take)]
        if not subset:
            continue
        ranks = tuple(sorted(card.rank for card in subset))
        for reading in classify(subset, variants):
            if top is None or beats(reading, top, variants):
                found.add((reading, ranks))
    return found


def keys(plays: list[Play]) -> list[Key]:
    return [(play.combo, play.ranks) for play in plays]


def _pool(ranks: str, suits: str) -> list[Card]:
    deck = full_deck()
    wanted = set(ranks.split())
    return [
        card
        for card in deck
        if card.rank.symbol in wanted and (card.suit is None or card.suit.symbol in suits)
    ]


POOLS = [
    _pool("3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ", "DCHS"),
    _pool("3 4 5 6 10 K 2 SJ BJ", "HS"),
    _pool("3 4 5 SJ BJ", "DC"),
]
"""Card pools (each card a distinct deck copy, so no face occurs more than three times);
the narrow ones make airplanes, bombs, 5,10,K and rockets likely."""


@st.composite
def hands(draw: st.DrawFn, max_size: int = 10) -> list[Card]:
    pool = draw(st.sampled_from(POOLS))
    indices = draw(st.lists(st.integers(0, len(pool) - 1), max_size=max_size, unique=True))
    return [pool[index] for index in indices]


SPECIAL_TOPS = [
    Combo.parse(text)
    for text in (
        "5-10-K mixed",
        "5-10-K suited D",
        "5-10-K suited H",
        "5-10-K suited S",
        "bomb 4x3",
        "bomb 4x5",
        "bomb 5x3",
        "bomb 4x2",
        "rocket",
        "rocket x3",
        "rocket x4",
        "straight 3-7",
        "pairs 3-4",
        "airplane 3-4",
        "airplane+singles 3-4",
        "airplane+pairs 3-4",
        "triple+single 3",
        "triple+pair 4",
        "single 5",
        "pair 3",
    )
]


@settings(deadline=None, max_examples=150, derandomize=True)
@given(data=st.data(), hand=hands(), variants=st.sampled_from(VARIANTS))
def test_matches_brute_force(data: st.DataObject, hand: list[Card], variants: Variants) -> None:
    """legal_plays lists every play exactly once, in the documented order, as leads and as
    replies to every reading the hand itself can lead and to a special top; count_plays
    agrees."""
    leads = brute_force(hand, None, variants)
    plays = legal_plays(hand, None, variants)
    assert len(set(keys(plays))) == len(plays), "a play is listed twice"
    assert set(keys(plays)) == leads
    assert count_plays(hand, None, variants) == len(plays)
    assert plays == sorted(plays, key=lambda play: (play.combo.strength, play.ranks))
    own = sorted({combo for combo, _ in leads}, key=lambda combo: combo.strength)
    drawn = data.draw(st.sampled_from(SPECIAL_TOPS), label="top")
    for top in [*own, drawn]:
        replies = legal_plays(hand, top, variants)
        expected = {key for key in leads if beats(key[0], top, variants)}
        assert set(keys(replies)) == expected, top
        assert len(set(keys(replies))) == len(replies)
        assert count_plays(hand, top, variants) == len(replies)


GOLDEN = [
    ("3H 3S 4D", Variants(), 3),  # single 3, single 4, pair 3
    ("SJ BJ", Variants(), 3),  # single SJ, single BJ, rocket
    ("SJ SJ BJ", Variants(), 4),  # single SJ, single BJ, pair SJ, rocket
    ("SJ SJ BJ", Variants(rocket="joker_sets"), 5),  # + rocket x3
    ("5H 10H KH", Variants(), 4),  # three singles + suited H (no mixed)
    ("5H 10H KS", Variants(), 4),  # three singles + mixed
    ("5H 5S 10H KH", Variants(), 6),  # 3 singles, pair 5, mixed, suited H
    ("3D 3C 3H 3S", Variants(), 4),  # single, pair, triple, bomb 4x3
    ("3D 4D 5D 6D 7D", Variants(), 6),  # five singles + straight 3-7
    ("3D 4D 5D 6D 7D 8D", Variants(), 9),  # six singles + 3-7, 4-8, 3-8
    # singles 3, pairs 3, triples 2, triple+single 4, triple+pair 4, pair runs 3,
    # airplane 3-4, airplane+singles 3-4 with wings 5 5:
    ("3D 3C 3H 4D 4C 4H 5D 5C", Variants(), 21),
    ("3D 3C 3H 4D 4C 4H 5D 5C", Variants(wing_ranks="distinct"), 20),
]


@pytest.mark.parametrize(("hand", "variants", "expected"), GOLDEN)
def test_golden_counts(hand: str, variants: Variants, expected: int) -> None:
    """Hand-counted lead vectors (like perft): a mismatch prints the plays."""
    plays = legal_plays(parse_cards(hand), None, variants)
    assert len(plays) == expected, [str(play) for play in plays]
    assert count_plays(parse_cards(hand), None, variants) == expected


def test_golden_listing() -> None:
    """The exact documented order for a small hand."""
    plays = legal_plays(parse_cards("5H 5S 10H KH 3D 3C 3H"))
    assert [str(play) for play in plays] == [
        "single 3: 3",
        "single 5: 5",
        "single 10: 10",
        "single K: K",
        "pair 3: 3 3",
        "pair 5: 5 5",
        "triple 3: 3 3 3",
        "triple+single 3: 3 3 3 5",
        "triple+single 3: 3 3 3 10",
        "triple+single 3: 3 3 3 K",
        "triple+pair 3: 3 3 3 5 5",
        "5-10-K mixed: 5 10 K",
        "5-10-K suited H: 5 10 K",
    ]


def test_airplane_readings_count_separately() -> None:
    """333444555666 gives three plays of twelve cards, one per reading."""
    hand = parse_cards("3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H")
    twelve = [str(play) for play in legal_plays(hand) if len(play.ranks) == 12]
    assert twelve == [
        "airplane+singles 3-5: 3 3 3 4 4 4 5 5 5 6 6 6",
        "airplane+singles 4-6: 3 3 3 4 4 4 5 5 5 6 6 6",
        "airplane 3-6: 3 3 3 4 4 4 5 5 5 6 6 6",
    ]


def test_replies_pruned_by_top() -> None:
    """Replies keep the top's shape and length with a higher key, plus the special tiers."""
    hand = parse_cards("3D 4D 5C 6H 7S 8S 9S 10S KS 5S 7D 7C 7H SJ BJ")
    replies = [str(play) for play in legal_plays(hand, Combo.parse("straight 4-8"))]
    assert replies == [
        "straight 5-9: 5 6 7 8 9",
        "straight 6-10: 6 7 8 9 10",
        "5-10-K mixed: 5 10 K",
        "5-10-K suited S: 5 10 K",
        "bomb 4x7: 7 7 7 7",
        "rocket: SJ BJ",
    ]
    assert [str(play) for play in legal_plays(hand, Combo.parse("bomb 4x7"))] == ["rocket: SJ BJ"]
    assert legal_plays(hand, Combo.parse("rocket")) == []


def test_mixed_needs_unequal_suits() -> None:
    """D12: mixed 5,10,K needs a 5, a 10 and a K whose suits are not all equal."""
    suited_only = parse_cards("5H 5H 10H KH")
    assert [p.combo.notation() for p in legal_plays(suited_only) if p.combo.tier] == [
        "5-10-K suited H"
    ]
    both = parse_cards("5H 5S 10H KH")
    assert [p.combo.notation() for p in legal_plays(both) if p.combo.tier] == [
        "5-10-K mixed",
        "5-10-K suited H",
    ]


@settings(deadline=None, max_examples=100, derandomize=True)
@given(hand=hands(max_size=14), variants=st.sampled_from(VARIANTS))
def test_pick_realises_play(hand: list[Card], variants: Variants) -> None:
    """pick() returns cards from the hand whose ranks and reading are the play's."""
    remaining = Counter(hand)
    for play in legal_plays(hand, None, variants):
        cards = pick(play, hand)
        assert not Counter(cards) - remaining
        assert tuple(sorted(card.rank for card in cards)) == play.ranks
        assert play.combo in classify(cards, variants)


def test_pick_is_deterministic_lowest_suits_first() -> None:
    hand = parse_cards("7S 7H 7D 7C 5S 10S KS 5H")
    by_text = {str(play): play for play in legal_plays(hand)}
    assert [str(c) for c in pick(by_text["pair 7: 7 7"], hand)] == ["7D", "7C"]
    assert [str(c) for c in pick(by_text["5-10-K mixed: 5 10 K"], hand)] == ["5H", "10S", "KS"]
    assert [str(c) for c in pick(by_text["5-10-K suited S: 5 10 K"], hand)] == ["5S", "10S", "KS"]
    with pytest.raises(InvalidCards):
        pick(by_text["pair 7: 7 7"], parse_cards("7D"))


def test_hand_with_four_copies_is_rejected() -> None:
    with pytest.raises(InvalidCards) as info:
        legal_plays([Card.parse("7D")] * 4)
    assert info.value.clause == "R01.1"
