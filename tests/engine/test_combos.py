"""Concrete cases for classification, beating, notation and reading choice (rules 1–5).

Each test names the clause (and ruling) it checks.
"""

from __future__ import annotations

import pytest

from fivetenk.reference import (
    ALL_FACES,
    DEFAULT,
    Card,
    Combo,
    IllegalPlay,
    InvalidCards,
    InvalidNotation,
    Rank,
    Shape,
    Suit,
    Variants,
    beats,
    choose_reading,
    classify,
    make_combo,
    parse_cards,
)

DISTINCT = Variants(wing_ranks="distinct")
JOKER_SETS = Variants(rocket="joker_sets")


def readings(text: str, variants: Variants = DEFAULT) -> list[str]:
    """Notations of every reading of the card set ``text``, strongest first."""
    return [combo.notation() for combo in classify(parse_cards(text), variants)]


def combo(text: str) -> Combo:
    return Combo.parse(text)


# --------------------------------------------------------------------------- shapes (R03.1)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("7H", ["single 7"]),
        ("SJ", ["single SJ"]),
        ("BJ", ["single BJ"]),
        ("10H 10S", ["pair 10"]),
        ("2D 2D", ["pair 2"]),
        ("SJ SJ", ["pair SJ"]),
        ("BJ BJ BJ", ["triple BJ"]),
        ("2H 2S 2C", ["triple 2"]),
        ("7H 7S 7C 3D", ["triple+single 7"]),
        ("7H 7S 7C 2D", ["triple+single 7"]),
        ("7H 7S 7C BJ", ["triple+single 7"]),
        ("7H 7S 7C 3D 3C", ["triple+pair 7"]),
        ("7H 7S 7C SJ SJ", ["triple+pair 7"]),
        ("3D 4D 5C 6H 7S", ["straight 3-7"]),
        ("3D 4D 5C 6H 7S 8S 9S 10S JS QS KS AS", ["straight 3-A"]),
        ("3D 3C 4D 4C", ["pairs 3-4"]),
        ("QD QC KD KC AD AC", ["pairs Q-A"]),
        ("8D 8C 8H 9D 9C 9H", ["airplane 8-9"]),
        ("8D 8C 8H 9D 9C 9H 3D 4D", ["airplane+singles 8-9"]),
        ("8D 8C 8H 9D 9C 9H 3D 3D 4D 4C", ["airplane+pairs 8-9"]),
        ("8D 8C 8H 9D 9C 9H 2D SJ", ["airplane+singles 8-9"]),
        ("5D 10C KH", ["5-10-K mixed"]),
        ("5H 10H KH", ["5-10-K suited H"]),
        ("7D 7C 7H 7S", ["bomb 4x7"]),
        ("2D 2C 2H 2S 2D", ["bomb 5x2"]),
        ("SJ BJ", ["rocket"]),
    ],
)
def test_every_shape_reads(cards: str, expected: list[str]) -> None:
    """R03.1 (D9, D12): each shape of rule 3 is recognised with its canonical reading."""
    assert readings(cards) == expected


@pytest.mark.parametrize(
    "cards",
    [
        "3D 4D 5C 6H",  # 4-card straight (R03.4)
        "JD QD KC AH 2S",  # 2 in a straight (R03.4)
        "10D JD QC KH AS SJ",  # joker in a straight
        "AD AC 2D 2C",  # 2 in a pair run
        "KD KC KH AD AC AH 2D 2C 2H",  # 2 in an airplane body
        "5D 5C 10D 10C KD KC",  # 55 1010 KK
        "7D 7C 7H 7S 3D 4D",  # four with two
        "7D 7C 7H 7S 3D",  # four with one
        "SJ SJ BJ",  # not a rocket by default
        "3D 5D 6D 7D 8D",  # not consecutive
        "3D 4D",
        "7D 7C 7H 3D 4D",  # triple with two different singles
        "SJ BJ 3D",
    ],
)
def test_illegal_sets(cards: str) -> None:
    """R03.1: every other card set is illegal."""
    assert readings(cards) == []


def test_straight_boundaries() -> None:
    """R03.4: straights need 5 cards and may run to 12 (3…A); no 2 or jokers."""
    assert readings("3D 4D 5C 6H") == []
    assert readings("3D 4D 5C 6H 7H") == ["straight 3-7"]
    assert readings("10D JD QC KH AH") == ["straight 10-A"]
    assert readings("JD QD KC AH 2H") == []
    assert readings("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD") == ["straight 3-A"]
    assert readings("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D") == []


def test_pair_run_and_airplane_boundaries() -> None:
    """R03.4: pair runs need two consecutive pairs, airplanes two consecutive triples."""
    assert readings("3D 3C") == ["pair 3"]
    assert readings("3D 3C 5D 5C") == []
    assert readings("3D 3C 4D 4C") == ["pairs 3-4"]
    assert readings("3D 3C 3H") == ["triple 3"]
    assert readings("3D 3C 3H 5D 5C 5H") == []
    assert readings("AD AC AH 2D 2C 2H") == []


def test_wings_cannot_reuse_body_ranks() -> None:
    """R03.5: a wing of a body rank is illegal (333 444 + 3 + 5 is no airplane)."""
    assert readings("3D 3C 3H 4D 4C 4H 3S 5D") == []
    assert readings("3D 3C 3H 4D 4C 4H 3S 3S 5D 5C") == []


def test_wings_cannot_hold_both_jokers() -> None:
    """R03.5: wings never hold SJ and BJ; the ban is on wings only (D9)."""
    assert readings("8D 8C 8H 9D 9C 9H SJ BJ") == []
    assert readings("8D 8C 8H 9D 9C 9H SJ SJ BJ BJ") == []
    assert readings("8D 8C 8H 9D 9C 9H SJ SJ") == ["airplane+singles 8-9"]
    assert readings("SJ SJ SJ BJ") == ["triple+single SJ"]
    assert readings("BJ BJ BJ SJ SJ") == ["triple+pair BJ"]


def test_single_wings_sharing_a_rank() -> None:
    """D9: single wings may share a rank; variant wing_ranks=distinct forbids it."""
    cards = "8D 8C 8H 9D 9C 9H 3D 3C"
    assert readings(cards) == ["airplane+singles 8-9"]
    assert readings(cards, DISTINCT) == []
    assert readings("8D 8C 8H 9D 9C 9H 3D 4C", DISTINCT) == ["airplane+singles 8-9"]


def test_pair_wings_repeating_a_rank() -> None:
    """D9: pair wings may repeat a rank (3333 is two pair wings); not under distinct."""
    cards = "8D 8C 8H 9D 9C 9H 3D 3C 3H 3S"
    assert readings(cards) == ["airplane+pairs 8-9"]
    assert readings(cards, DISTINCT) == []
    assert readings("8D 8C 8H 9D 9C 9H 3D 3C 4H 4S", DISTINCT) == ["airplane+pairs 8-9"]
    assert readings("8D 8C 8H 9D 9C 9H 3D 3C 3H 4S 4S") == []  # 3 3 3 4 4: not pairs


def test_kicker_rules() -> None:
    """D9: a kicker may be a 2 or a joker; a kicker pair is one rank (SJ BJ is no pair)."""
    assert readings("7D 7C 7H 2S 2S") == ["triple+pair 7"]
    assert readings("7D 7C 7H SJ BJ") == []
    assert readings("2D 2C 2H SJ") == ["triple+single 2"]


def test_four_of_a_rank_is_only_a_bomb() -> None:
    """R05.1 (D9): four of a rank is a bomb and never a triple with a single."""
    assert readings("7D 7C 7H 7S") == ["bomb 4x7"]
    assert readings("7D 7C 7H 7S 7D 7C 7H 7S 7D 7C 7H 7S") == ["bomb 12x7"]


def test_airplane_with_several_readings() -> None:
    """D10: 333444555666 reads as airplane 3-6 and two airplanes with single wings."""
    assert readings("3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H") == [
        "airplane 3-6",
        "airplane+singles 4-6",
        "airplane+singles 3-5",
    ]


def test_rocket_and_joker_sets() -> None:
    """R05.3 (D9): the rocket is exactly SJ BJ; variant joker_sets widens it."""
    assert readings("SJ BJ") == ["rocket"]
    assert readings("SJ SJ BJ") == []
    assert readings("SJ SJ BJ", JOKER_SETS) == ["rocket x3"]
    assert readings("SJ SJ BJ BJ", JOKER_SETS) == ["rocket x4"]
    assert readings("SJ SJ SJ BJ", JOKER_SETS) == ["rocket x4", "triple+single SJ"]
    assert readings("SJ SJ SJ BJ BJ BJ", JOKER_SETS) == ["rocket x6"]


def test_5_10_k_exactly_one_each() -> None:
    """D12: exactly one 5, one 10 and one K; suited when all share a suit."""
    assert readings("5S 10S KS") == ["5-10-K suited S"]
    assert readings("5S 10S KH") == ["5-10-K mixed"]
    assert readings("5S 5H 10S KS") == []
    assert readings("5S 10S KS KH") == []


# --------------------------------------------------------------------------- beating (D11)


@pytest.mark.parametrize(
    ("reply", "top", "expected"),
    [
        ("single 8", "single 7", True),
        ("single 7", "single 7", False),  # R03.3 strictly higher
        ("single 2", "single A", True),  # R02.1
        ("single BJ", "single SJ", True),
        ("pair 8", "single 7", False),  # R03.3 type
        ("straight 4-8", "straight 3-7", True),
        ("straight 4-9", "straight 3-7", False),  # R03.3 count
        ("triple+pair 8", "triple+single 7", False),
        ("airplane+singles 9-10", "airplane+singles 8-9", True),
        ("airplane+singles 9-10", "airplane 8-9", False),
        ("airplane+pairs 9-10", "airplane+singles 8-9", False),
        ("5-10-K mixed", "straight 3-A", True),  # R04.1 above all ordinary
        ("5-10-K mixed", "airplane+pairs 3-4", True),
        ("5-10-K mixed", "5-10-K mixed", False),  # R04.3
        ("5-10-K suited D", "5-10-K mixed", True),  # R04.1
        ("5-10-K suited C", "5-10-K suited D", True),  # R04.2
        ("5-10-K suited H", "5-10-K suited C", True),
        ("5-10-K suited S", "5-10-K suited H", True),
        ("5-10-K suited H", "5-10-K suited S", False),
        ("5-10-K suited H", "5-10-K suited H", False),
        ("bomb 4x3", "5-10-K suited S", True),  # R05.1
        ("bomb 4x3", "straight 3-A", True),
        ("bomb 5x3", "bomb 4xA", True),  # R05.2 count before rank
        ("bomb 4xA", "bomb 5x3", False),
        ("bomb 4x8", "bomb 4x7", True),
        ("bomb 4x7", "bomb 4x7", False),  # equal never beats
        ("rocket", "bomb 12x2", True),  # R05.3
        ("rocket", "rocket", False),
        ("single BJ", "rocket", False),
        ("5-10-K suited S", "bomb 4x3", False),
    ],
)
def test_beats(reply: str, top: str, expected: bool) -> None:
    """D11 with R03.3, R04.1–R04.3, R05.1–R05.3."""
    assert beats(combo(reply), combo(top)) is expected


def test_rockets_under_joker_sets() -> None:
    """D9 variant: a larger rocket beats a smaller one; equal rockets never beat."""
    assert beats(combo("rocket x3"), combo("rocket"), JOKER_SETS)
    assert not beats(combo("rocket x3"), combo("rocket"))
    assert not beats(combo("rocket x3"), combo("rocket x3"), JOKER_SETS)
    assert not beats(combo("rocket"), combo("rocket x3"), JOKER_SETS)


# --------------------------------------------------------------------------- notation

ROUND_TRIP = [
    "single 7",
    "single SJ",
    "pair 10",
    "triple 2",
    "triple BJ",
    "triple+single 7",
    "triple+pair 7",
    "straight 3-7",
    "straight 3-A",
    "pairs 3-4",
    "airplane 8-9",
    "airplane+singles 8-9",
    "airplane+pairs 8-9",
    "5-10-K mixed",
    "5-10-K suited D",
    "5-10-K suited H",
    "bomb 4x7",
    "bomb 12x2",
    "rocket",
    "rocket x3",
]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_notation_round_trips(text: str) -> None:
    """Combo.parse is the inverse of notation() and str()."""
    parsed = Combo.parse(text)
    assert parsed.notation() == text
    assert str(parsed) == text
    assert eval(repr(parsed)) == parsed  # repr is Combo.parse('…')


def test_notation_fields() -> None:
    """key is the highest body rank; length and size as documented."""
    assert Combo.parse("straight 3-7") == Combo(Shape.STRAIGHT, Rank.SEVEN, 5, 5)
    assert Combo.parse("airplane+pairs 8-9") == Combo(Shape.AIRPLANE_PAIRS, Rank.NINE, 2, 10)
    assert Combo.parse("bomb 5x3") == Combo(Shape.BOMB, Rank.THREE, 5, 5)
    assert Combo.parse("rocket") == Combo(Shape.ROCKET, Rank.BIG_JOKER, 2, 2)
    assert Combo.parse("5-10-K suited H").suit is Suit.HEARTS
    assert make_combo(Shape.PAIR_RUN, Rank.FIVE, 3).notation() == "pairs 3-5"
    assert [Combo.parse(text).tier for text in ("pair 3", "5-10-K mixed", "rocket")] == [0, 1, 4]


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("", None),
        ("single", None),
        ("single 1", None),
        ("tripple 7", None),
        ("straight 7-3", None),
        ("straight 7", None),
        ("5-10-K suited X", None),
        ("bomb 7", None),
        ("rocket x2", None),
        ("straight 3-6", "R03.4"),
        ("straight J-2", "R03.4"),
        ("pairs 3-3", "R03.4"),
        ("airplane 3-3", "R03.4"),
        ("bomb 3x7", "R05.1"),
        ("bomb 4xSJ", "R05.1"),
        ("rocket x7", "R05.3"),
    ],
)
def test_bad_readings(text: str, clause: str | None) -> None:
    """Bad reading text raises InvalidNotation, with the clause when a rule forbids it."""
    with pytest.raises(InvalidNotation) as info:
        Combo.parse(text)
    assert info.value.clause == clause


def test_constructing_impossible_combo() -> None:
    """An impossible reading cannot be constructed (R03.4)."""
    with pytest.raises(IllegalPlay) as info:
        Combo(Shape.STRAIGHT, Rank.SIX, 4, 4)
    assert info.value.clause == "R03.4"


# --------------------------------------------------------------------------- cards (R01.1)


def test_all_faces_round_trip() -> None:
    """Card.parse(str(card)) == card for all 54 faces."""
    assert len(ALL_FACES) == 54
    for card in ALL_FACES:
        assert Card.parse(str(card)) == card


@pytest.mark.parametrize("token", ["1H", "10X", "S J", "", "SJH", "J", "BJS"])
def test_bad_tokens(token: str) -> None:
    """Unknown tokens raise InvalidNotation citing R01.1: no such card is in the pack."""
    with pytest.raises(InvalidNotation) as info:
        Card.parse(token)
    assert info.value.clause == "R01.1"
    assert repr(token) in str(info.value)


def test_bad_card_lists() -> None:
    """Four copies of a face are impossible (R01.1); an empty play is no play (R03.1)."""
    with pytest.raises(InvalidNotation):
        parse_cards("3H S J")
    with pytest.raises(InvalidCards) as info:
        parse_cards("7H 7H 7H 7H")
    assert info.value.clause == "R01.1"
    seven = Card.parse("7H")
    with pytest.raises(InvalidCards) as info:
        classify([seven] * 4)
    assert info.value.clause == "R01.1"
    with pytest.raises(InvalidCards) as info:
        classify([])
    assert info.value.clause == "R03.1"


# --------------------------------------------------------------------------- choose_reading


AIRPLANE_SET = "3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H"


def choose(cards: str, **kwargs: object) -> str:
    return choose_reading(parse_cards(cards), **kwargs).notation()  # type: ignore[arg-type]


def test_undeclared_lead_follows_d10() -> None:
    """D10: pure airplane before winged, more triples first, higher body first."""
    assert choose(AIRPLANE_SET) == "airplane 3-6"
    assert choose("7D") == "single 7"


def test_declared_reading() -> None:
    """D10: a declared reading must be one of the readings (R03.1)."""
    assert choose(AIRPLANE_SET, declared="airplane+singles 3-5") == "airplane+singles 3-5"
    assert choose(AIRPLANE_SET, declared=Shape.AIRPLANE_SINGLES) == "airplane+singles 4-6"
    assert choose(AIRPLANE_SET, declared="airplane+singles") == "airplane+singles 4-6"
    declared = Combo.parse("airplane 3-6")
    assert choose(AIRPLANE_SET, declared=declared) == "airplane 3-6"
    with pytest.raises(IllegalPlay) as info:
        choose(AIRPLANE_SET, declared="airplane+pairs 3-4")
    assert info.value.clause == "R03.1"
    assert "airplane+singles 4-6" in info.value.message


def test_undeclared_reply_takes_strongest_beating_reading() -> None:
    """D10: an undeclared reply takes the strongest reading that beats the top."""
    top = Combo.parse("airplane+singles 3-5")
    assert choose(AIRPLANE_SET, top=top) == "airplane+singles 4-6"
    top = Combo.parse("airplane 3-6")
    with pytest.raises(IllegalPlay) as info:
        choose(AIRPLANE_SET, top=top)
    assert info.value.clause == "R03.3"


def test_declared_reply_must_beat() -> None:
    """D10/D11: a declared reading that does not beat the top is rejected."""
    top = Combo.parse("airplane+singles 3-5")
    with pytest.raises(IllegalPlay) as info:
        choose(AIRPLANE_SET, declared="airplane+singles 3-5", top=top)
    assert info.value.clause == "R03.3"


@pytest.mark.parametrize(
    ("cards", "top", "clause"),
    [
        ("8D", "pair 7", "R03.3"),
        ("6D", "single 7", "R03.3"),
        ("5D 10D KC", "5-10-K mixed", "R04.3"),
        ("5D 10D KD", "5-10-K suited H", "R04.2"),
        ("9D 9C", "5-10-K mixed", "R04.1"),
        ("7D 7C 7H 7S", "bomb 4x8", "R05.2"),
        ("7D 7C 7H", "bomb 4x8", "R05.1"),
        ("2D 2C 2H 2S", "rocket", "R05.3"),
        ("SJ BJ", "rocket", "R05.3"),
    ],
)
def test_reply_failure_clauses(cards: str, top: str, clause: str) -> None:
    """The clause names why a reply fails (docstring of choose_reading)."""
    with pytest.raises(IllegalPlay) as info:
        choose(cards, top=Combo.parse(top))
    assert info.value.clause == clause


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("3D 4D 5C 6H", "4-card straight: straights need at least five cards (R03.4)"),
        ("JD QD KC AH 2H", "no 2 or jokers in a straight (R03.4)"),
        ("3D 3C 3H 4D 4C 4H SJ BJ", "wings cannot include both joker ranks (R03.5)"),
        ("3D 3C 3H 4D 4C 4H 3S 5D", "wings cannot reuse body ranks (R03.5)"),
        ("SJ SJ BJ", "the rocket is exactly SJ BJ"),
        ("5D 5C 10D 10C KD KC", "a pair run needs consecutive ranks (R03.4)"),
        ("7D 7C 7H 7S 3D 4D", "form a bomb only on their own (R05.1)"),
        ("3D SJ BJ", "3 cards of different ranks form no combination (R03.1)"),
        ("7D 7C 7H SJ BJ", "a triple takes one single or one pair of one other rank"),
        ("3D 3C 4D 4C 5D", "none of the shapes of rule 3"),
        ("3D 3C 3H 4D 4C 4H 6D 6C 6H", "an airplane needs consecutive ranks (R03.4)"),
    ],
)
def test_illegal_set_reasons(cards: str, reason: str) -> None:
    """An illegal set raises IllegalPlay R03.1 with a reason."""
    with pytest.raises(IllegalPlay) as info:
        choose(cards)
    assert info.value.clause == "R03.1"
    assert reason in info.value.message


def test_d26_joker_set_lead() -> None:
    """Proposed D26: under joker_sets, SJ SJ SJ BJ leads as the rocket unless declared."""
    assert choose("SJ SJ SJ BJ", variants=JOKER_SETS) == "rocket x4"
    assert choose("SJ SJ SJ BJ", variants=JOKER_SETS, declared="triple+single SJ") == (
        "triple+single SJ"
    )
    assert choose("SJ SJ SJ BJ") == "triple+single SJ"
    top = Combo.parse("triple+single 7")
    assert choose("SJ SJ SJ BJ", variants=JOKER_SETS, top=top) == "rocket x4"
