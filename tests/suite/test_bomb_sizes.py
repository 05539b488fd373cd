"""Every bomb the three decks allow, through every path that names a shape (issue 18,
item 11).

A ``fuzz --workers 2`` run stopped by Ctrl-C once ended in ``ValueError: 'bomb 12x5' is
not a valid Shape``. No path fails on that bomb: the ValueError is the one
``choose_reading`` raises and catches on purpose (``_shape_or_combo`` first tries the text
as a bare shape word, then as a reading), and it was printed only as the *context* of the
KeyboardInterrupt that hit a worker inside that ``except`` clause -- a worker traceback,
which workers no longer print (``tests/fuzz/test_fuzz_interrupt.py``). These tests pin that
every bomb of 4 to 12 cards of every rank, and every rocket the variants allow, is named
right by the engine, the protocol's schemas, the shapes of a scenario, the fuzzer's
generators and shapes, the evidence of a failure, a written case and the book.
"""

from __future__ import annotations

import itertools

import pytest

from fivetenk import book
from fivetenk.commands.render import render_feature
from fivetenk.fuzz.queries import QueryMode, _Pack, step_clauses, structure
from fivetenk.fuzz.source import RandomSource
from fivetenk.impl.adapter import Adapter
from fivetenk.impl.protocol import result_problems
from fivetenk.language.compiler import compile_text
from fivetenk.reference import beats, choose_reading, classify, parse_cards
from fivetenk.reference.combos import Combo
from fivetenk.reference.variants import Variants
from fivetenk.results import evidence
from fivetenk.suite.shapes import scenario_shapes, shape_of

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SIZES = range(4, 13)
BOMBS = [(size, rank) for size in SIZES for rank in RANKS]
"""Every bomb: four to twelve copies of a rank (three decks: three copies of each face)."""


def bomb(size: int, rank: str) -> list[str]:
    """``size`` cards of ``rank``, suits in turn, at most three copies of a face."""
    return [rank + "DCHS"[i % 4] for i in range(size)]


def jokers(small: int, big: int) -> list[str]:
    return ["SJ"] * small + ["BJ"] * big


ROCKETS = [(small, big, variant) for small in range(1, 4) for big in range(1, 4)
           for variant in ("joker_sets", "six_jokers", "pair")
           if variant == "joker_sets" or (variant == "pair" and small == big == 1)
           or (variant == "six_jokers" and small == big == 3)]
"""Every joker set that is a rocket under some value of the ``rocket`` variant."""


def rocket_name(small: int, big: int) -> str:
    return "rocket" if small + big == 2 else f"rocket x{small + big}"


@pytest.mark.parametrize(("size", "rank"), BOMBS)
def test_the_engine_and_the_schemas_name_every_bomb(size: int, rank: str) -> None:
    name = f"bomb {size}x{rank}"
    cards = parse_cards(bomb(size, rank))
    (reading,) = classify(cards)
    assert str(reading) == name and Combo.parse(name) == reading
    assert choose_reading(cards, declared=name) == reading
    assert choose_reading(cards, declared="bomb") == reading
    assert shape_of(name) == "bomb"
    adapter = Adapter()
    reply = adapter.handle({"cmd": "classify", "seq": 1, "cards": bomb(size, rank)})
    assert reply["result"] == {"legal": True, "readings": [name]}
    assert result_problems("classify", reply["result"]) == []
    request = {"cmd": "plays", "seq": 2, "hand": bomb(size, rank)}
    listing = adapter.handle(request)["result"]
    ranks = " ".join([rank] * size)
    assert f"{name}: {ranks}" in listing["plays"]
    assert result_problems("plays", listing, request=request) == []


@pytest.mark.parametrize("size", SIZES)
def test_bombs_beat_by_size_then_rank_and_twelve_beats_the_rocket_by_variant(size: int,
                                                                             ) -> None:
    for low, high in itertools.pairwise(RANKS):
        assert beats(classify(parse_cards(bomb(size, high)))[0],
                     classify(parse_cards(bomb(size, low)))[0])
    if size > 4:
        assert beats(classify(parse_cards(bomb(size, "3")))[0],
                     classify(parse_cards(bomb(size - 1, "2")))[0])
    rocket = classify(parse_cards(jokers(1, 1)))[0]
    twelve = classify(parse_cards(bomb(size, "5")))[0]
    assert beats(twelve, rocket, Variants(twelve_bomb="beats_rocket")) == (size == 12)
    assert not beats(twelve, rocket)


@pytest.mark.parametrize(("small", "big", "variant"), ROCKETS)
def test_every_rocket_the_variants_allow_is_named(small: int, big: int, variant: str) -> None:
    name = rocket_name(small, big)
    variants = Variants(rocket=variant)
    readings = [str(r) for r in classify(parse_cards(jokers(small, big)), variants)]
    assert name in readings and Combo.parse(name).size == small + big
    assert shape_of(name) == "rocket"
    reply = Adapter().handle({"cmd": "start", "seq": 1, "variants": {"rocket": variant},
                              "setup": None})
    assert reply["ok"]


def _feature(size: int, rank: str) -> str:
    return (f"Feature: bombs\n\n  @id:bomb-{size}{rank} @R05.1\n"
            f"  Scenario: {size} cards of {rank}\n"
            f'    When the cards "{" ".join(bomb(size, rank))}" are classified\n'
            f'    Then the cards read as "bomb {size}x{rank}"\n')


@pytest.mark.parametrize(("size", "rank"), BOMBS)
def test_a_case_naming_any_bomb_compiles_renders_and_is_shown(size: int, rank: str) -> None:
    """Shapes of a scenario, the evidence's words, a written case (what fuzz and dispute
    write) read back the same, and the book's sentences."""
    name = f"bomb {size}x{rank}"
    (scenario,) = compile_text(_feature(size, rank), "bombs.feature", validate=True)
    assert scenario_shapes(scenario) == ("bomb",)
    assert evidence.request_text(scenario.steps[0]) == f"classify {' '.join(bomb(size, rank))}"
    assert evidence.shape_phrase(shape_of(name)) == "a bomb"
    written = render_feature([scenario], "Cases found by fivetenk fuzz")
    (again,) = compile_text(written, "found.feature", validate=True)
    assert again.to_json()["steps"] == scenario.to_json()["steps"]
    for lang in ("en", "es"):
        lines = book.step_lines(again, lang)
        assert any(f'"{name}"' in line for line in lines), lines


@pytest.mark.parametrize("size", SIZES)
def test_the_fuzzer_generates_and_names_every_bomb_size(size: int) -> None:
    """The query generator's bomb template makes a bomb of that size; its shapes and
    clauses name it, under every variant value a query explores."""
    mode = QueryMode()
    for seed in range(8):
        cards = structure(RandomSource(f"bomb-{size}-{seed}"), _Pack(),
                          {"kind": "bomb", "n": size})
        assert len(cards) == size and len({c[:-1] for c in cards}) == 1
        (reading,) = classify(parse_cards(cards))
        assert str(reading) == f"bomb {size}x{cards[0][:-1]}"
        for variants in ({}, {"twelve_bomb": "beats_rocket"}, {"rocket": "six_jokers"}):
            step = {"op": "classify", "cards": cards}
            expected = mode.reference(variants, step)
            assert expected["readings"] == [str(reading)]
            assert mode.shapes_of(step, expected, variants) == ("bomb",)
            clauses, _rulings = step_clauses(step, expected, variants)
            assert "R05.1" in clauses
            rocket = jokers(3, 3) if variants.get("rocket") == "six_jokers" else jokers(1, 1)
            top = {"op": "beats", "reply": cards, "top": rocket}
            answer = mode.reference(variants, top)
            assert answer["beats"] is (size == 12 and variants == {"twelve_bomb":
                                                                   "beats_rocket"})
            assert set(mode.shapes_of(top, answer, variants)) >= {"bomb"}
