"""The house rules met in real engines, as variants of the reference (rulings D36, D37).

- ``rocket=six_jokers`` (D36): only all six jokers are a rocket; SJ BJ and the other joker
  sets with both kinds are no rocket, and read as D9 reads them without one.
- ``twelve_bomb=beats_rocket`` (D37): a bomb of all twelve copies of a rank beats every
  rocket, and no rocket beats it; bombs still compare by count, then rank.

Proved here: the variants are one list everywhere (``CHOICES``, spec/rulings.yaml, the
schemas); classification, beating and enumeration follow them (properties against
oracles written from the rulings, exhaustive where the space is small); random matches
under them stay legal; and every scenario of D36 and D37 fails against at least one
engine that breaks the variant (in process here; through the protocol in
tests/impl/test_miniatures.py with ``rulebreaker.py six_jokers_ignored`` and
``twelve_bomb_ignored``).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from helpers import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from fivetenk.impl import drivers
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.model.scenario import Scenario
from fivetenk.model.spec_data import load_spec
from fivetenk.mutation.engine import clear_caches
from fivetenk.reference import (
    Card,
    Combo,
    Rank,
    Shape,
    Variants,
    beats,
    classify,
    full_deck,
    legal_plays,
    make_combo,
    parse_cards,
)
from fivetenk.reference import combos as combos_module
from fivetenk.reference import plays as plays_module
from fivetenk.reference.game import Game
from fivetenk.reference.python_api import count_plays
from fivetenk.reference.random_player import RandomPlayer
from fivetenk.reference.variants import CHOICES
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario

SCHEMAS = ROOT / "schemas"
SJ, BJ = Rank.SMALL_JOKER, Rank.BIG_JOKER
JOKERS = {SJ, BJ}
DEFAULT = Variants()
ALL_VARIANTS = [Variants(rocket=rocket, twelve_bomb=twelve)  # type: ignore[arg-type]
                for rocket in CHOICES["rocket"] for twelve in CHOICES["twelve_bomb"]]
"""Every combination of the rocket and twelve-bomb variants."""
SIX = Variants(rocket="six_jokers")
TWELVE = Variants(twelve_bomb="beats_rocket")

DECK = full_deck()
POOL = [card for card in DECK if card.rank in {3, 4, 14, 15, 16, 17}]
"""3s, 4s, aces, 2s and jokers: bombs of every size, twelve-card bombs and every joker set."""


def special_combos() -> list[Combo]:
    """Every reading above the ordinary ones: 5,10,K, bombs of 4–12 cards, rockets."""
    found = [make_combo(Shape.MIXED_5_10_K, Rank.KING)]
    found += [make_combo(Shape.SUITED_5_10_K, Rank.KING, suit=card.suit)
              for card in DECK if card.rank == Rank.KING][:4]
    found += [make_combo(Shape.BOMB, Rank(rank), size)
              for size in range(4, 13) for rank in range(3, 16)]
    found += [make_combo(Shape.ROCKET, Rank.BIG_JOKER, size) for size in range(2, 7)]
    return found


SPECIAL = special_combos()
ORDINARY = [make_combo(Shape.SINGLE, Rank.BIG_JOKER), make_combo(Shape.PAIR, Rank.TWO),
            make_combo(Shape.TRIPLE_PAIR, Rank.ACE), make_combo(Shape.STRAIGHT, Rank.ACE, 12)]


def is_twelve(combo: Combo) -> bool:
    return combo.shape is Shape.BOMB and combo.size == 12


# --------------------------------------------------------------------------- one list


def test_the_variants_are_one_list_everywhere() -> None:
    """``CHOICES`` (default first) is what spec/rulings.yaml names (D9 for the rocket, D37
    for the twelve-card bomb) and what the scenario, position and hello schemas enumerate."""
    spec = load_spec()
    assert {name: (v.default, *[x for x in v.values if x != v.default])
            for name, v in spec.variants.items()} == CHOICES
    assert spec.variants["rocket"].ruling == "D9"
    assert spec.variants["twelve_bomb"].ruling == "D37"
    assert "D36" in spec.variants["rocket"].values["six_jokers"]
    for name in ("scenario.schema.json", "position.schema.json"):
        (props,) = variant_definitions(json.loads((SCHEMAS / name).read_text()))
        assert {k: tuple(v["enum"]) for k, v in props.items()} == CHOICES, name
    hello = json.loads((SCHEMAS / "protocol-hello-reply.schema.json").read_text())
    (offered,) = variant_definitions(hello)
    assert {k: tuple(v["items"]["enum"]) for k, v in offered.items()
            if "enum" in v["items"]} == CHOICES
    for name, values in CHOICES.items():
        assert Variants.from_mapping({name: values[-1]}).to_mapping() == {name: values[-1]}
        assert Variants.from_mapping({name: values[0]}) == DEFAULT


def variant_definitions(schema: Any) -> list[dict[str, Any]]:
    """The ``properties`` of every object in ``schema`` that defines the ``rocket`` variant."""
    found: list[dict[str, Any]] = []
    if isinstance(schema, dict):
        props = schema.get("properties")
        if isinstance(props, dict) and "rocket" in props and "wing_ranks" in props:
            found.append(props)
        for value in schema.values():
            found += variant_definitions(value)
    elif isinstance(schema, list):
        for value in schema:
            found += variant_definitions(value)
    return found


def test_rulings_d36_and_d37_read_rule_5() -> None:
    spec = load_spec()
    assert list(spec.rulings["D36"].clauses) == ["R05.3"]
    assert list(spec.rulings["D37"].clauses) == ["R05.2", "R05.3"]
    assert {"D36", "D37"} <= set(spec.clauses["R05.3"].rulings)
    assert "D37" in spec.clauses["R05.2"].rulings


# --------------------------------------------------------------------------- classify


def without_rockets(readings: tuple[Combo, ...]) -> list[Combo]:
    return [c for c in readings if c.shape is not Shape.ROCKET]


def test_six_jokers_every_joker_set_exhaustively() -> None:
    """D36 on every joker set (0–3 of each kind) alone and with a 3: a rocket only for all
    six jokers, as ``rocket x6``; every other reading as by default; SJ BJ illegal."""
    for small, big, extra in itertools.product(range(4), range(4), (0, 1)):
        cards = parse_cards(" ".join(["SJ"] * small + ["BJ"] * big + ["3H"] * extra))
        if not cards:
            continue
        six, default = classify(cards, SIX), classify(cards, DEFAULT)
        assert without_rockets(six) == without_rockets(default), cards
        rocket = [c for c in six if c.shape is Shape.ROCKET]
        if (small, big, extra) == (3, 3, 0):
            assert rocket == [Combo.parse("rocket x6")]
        else:
            assert rocket == [], cards
    assert classify(parse_cards("SJ BJ"), SIX) == ()
    assert classify(parse_cards("SJ SJ SJ BJ"), SIX) == (Combo.parse("triple+single SJ"),)


@settings(derandomize=True, deadline=None, max_examples=300)
@given(indices=st.lists(st.integers(0, len(POOL) - 1), min_size=1, max_size=14, unique=True))
def test_classification_outside_the_rocket_is_unchanged(indices: list[int]) -> None:
    """Neither variant changes a reading that is not a rocket; twelve_bomb changes nothing
    at all in classification (it is about beating)."""
    cards = [POOL[i] for i in indices]
    for variants in ALL_VARIANTS:
        readings = classify(cards, variants)
        assert without_rockets(readings) == without_rockets(classify(cards, DEFAULT))
        joker_only = {c.rank for c in cards} == JOKERS
        rockets = [c for c in readings if c.shape is Shape.ROCKET]
        if variants.rocket == "six_jokers":
            assert bool(rockets) == (joker_only and len(cards) == 6)
        assert readings == classify(cards, Variants(rocket=variants.rocket))


# --------------------------------------------------------------------------- beats


def expected_beats(reply: Combo, top: Combo, variants: Variants) -> bool:
    """The oracle, from D11 and D37: the default answer, except that under beats_rocket a
    twelve-card bomb and a rocket swap places."""
    if variants.twelve_bomb == "beats_rocket":
        if is_twelve(reply) and top.shape is Shape.ROCKET:
            return True
        if reply.shape is Shape.ROCKET and is_twelve(top):
            return False
    return beats(reply, top, Variants(rocket=variants.rocket))


def test_beats_with_the_twelve_bomb_exhaustively() -> None:
    """Every pair of special readings (and some ordinary ones) under every combination of
    the two variants: the oracle's answer, a strict order (never both ways, never equal
    readings), and ``strength`` agrees except where a twelve-card bomb beats a rocket."""
    combos = SPECIAL + ORDINARY
    for variants in ALL_VARIANTS:
        for reply, top in itertools.product(combos, repeat=2):
            verdict = beats(reply, top, variants)
            assert verdict == expected_beats(reply, top, variants), (reply, top, variants)
            if verdict:
                assert not beats(top, reply, variants) and reply != top
                flipped = is_twelve(reply) and top.shape is Shape.ROCKET
                assert (reply.strength > top.strength) != flipped, (reply, top)
    twelve = Combo.parse("bomb 12x3")
    assert beats(twelve, Combo.parse("rocket x6"), Variants(rocket="six_jokers",
                                                            twelve_bomb="beats_rocket"))
    assert not beats(Combo.parse("bomb 11x2"), Combo.parse("rocket"), TWELVE)
    assert beats(Combo.parse("bomb 12x2"), twelve, TWELVE)


# --------------------------------------------------------------------------- legal plays


def brute_force(hand: list[Card], variants: Variants) -> list[tuple[Combo, str]]:
    """Every (reading, ranks) formable from ``hand``, by trying every sub-multiset of its
    ranks (the pool has no 5, 10 or K, so suits never matter)."""
    counts = Counter(card.rank for card in hand)
    ranks = sorted(counts)
    by_rank = {rank: [c for c in hand if c.rank == rank] for rank in ranks}
    found: list[tuple[Combo, str]] = []
    for take in itertools.product(*(range(counts[r] + 1) for r in ranks)):
        cards = [c for rank, n in zip(ranks, take, strict=True) for c in by_rank[rank][:n]]
        if cards:
            text = " ".join(card.rank.symbol for card in sorted(cards))
            found += [(reading, f"{reading}: {text}") for reading in classify(cards, variants)]
    return found


TOPS = [None, Combo.parse("rocket"), Combo.parse("rocket x6"), Combo.parse("rocket x3"),
        Combo.parse("bomb 12x3"), Combo.parse("bomb 11xA"), Combo.parse("bomb 4x4"),
        Combo.parse("pair 4")]


@settings(derandomize=True, deadline=None, max_examples=40)
@given(threes=st.integers(0, 12), twos=st.integers(0, 12), small=st.integers(0, 3),
       big=st.integers(0, 3), fours=st.integers(0, 2))
def test_legal_plays_are_exactly_the_plays_that_beat(threes: int, twos: int, small: int,
                                                     big: int, fours: int) -> None:
    """``legal_plays`` (and ``count_plays``) against brute force on hands of 3s, 2s, 4s and
    jokers, for leads and for replies to rockets and bombs of every kind, under every
    combination of the two variants: the same plays, each once."""
    suits = "HSDC"
    hand = parse_cards(" ".join([f"3{suits[i % 4]}" for i in range(threes)]
                                + [f"2{suits[i % 4]}" for i in range(twos)]
                                + ["4H"] * fours + ["SJ"] * small + ["BJ"] * big) or "3H")
    for variants in ALL_VARIANTS:
        every = brute_force(hand, variants)
        for top in TOPS:
            listed = Counter(str(play) for play in legal_plays(hand, top, variants))
            expected = Counter(text for reading, text in every
                               if top is None or beats(reading, top, variants))
            assert listed == expected, (hand, top, variants)
            assert count_plays(hand, top, variants) == sum(listed.values())


def test_a_rocket_meets_a_twelve_bomb_in_enumeration() -> None:
    twelve3 = parse_cards(" ".join(["3H", "3S", "3D", "3C"] * 3))
    assert [str(p) for p in legal_plays(twelve3 + parse_cards("4H 4S 4D 4C"),
                                        Combo.parse("rocket"), TWELVE)] == [
        "bomb 12x3: " + " ".join(["3"] * 12)]
    assert legal_plays(parse_cards("SJ BJ SJ BJ SJ BJ"), Combo.parse("bomb 12x2"),
                       Variants(rocket="joker_sets", twelve_bomb="beats_rocket")) == []
    assert [str(p) for p in legal_plays(parse_cards("SJ BJ SJ BJ SJ BJ"), None, SIX)
            if p.combo.shape is Shape.ROCKET] == ["rocket x6: SJ SJ SJ BJ BJ BJ"]


# --------------------------------------------------------------------------- random matches


@pytest.mark.parametrize("variants", [SIX, TWELVE, Variants(rocket="six_jokers",
                                                            twelve_bomb="beats_rocket")])
def test_random_matches_under_the_house_rules(variants: Variants) -> None:
    """Random hands under the house rules end, and every rocket on the table is one the
    variant allows; the random player draws its short-hand leads from ``legal_plays``
    under the match's variants (it used the default, and would lead SJ BJ)."""
    for seed in range(4):
        game = Game.new(seed=seed, variants=variants)
        player = RandomPlayer(seed, full_lead_below=27, pass_probability=0.1)
        steps = 0
        while game.pending() is not None:
            game.apply(player.choose(game))
            top = game.top
            if top is not None and top.shape is Shape.ROCKET and variants.rocket == "six_jokers":
                assert top.size == 6
            steps += 1
            assert steps < 5000
        assert game.observe()["result"]["defender_total"] % 5 == 0


def test_the_random_player_leads_under_the_match_variants() -> None:
    """From R05-040's position (seat 0 to lead, holding SJ BJ 9C, rocket=six_jokers) the
    random player's leads are all legal: it never leads SJ BJ as a rocket."""
    scenario = next(s for s in catalog.shipped() if s.id == "R05-040")
    assert scenario.setup is not None
    position = {**scenario.setup["position"], "variants": scenario.variants}
    leads = set()
    for seed in range(60):
        game = Game.from_position(position)
        action = RandomPlayer(seed, full_lead_below=27).choose(game)
        game.apply(action)  # raises IllegalAction if the lead is not legal
        leads.add(" ".join(card.rank.symbol for card in action.cards))
    assert "SJ BJ" not in leads and {"SJ", "BJ"} <= leads


# --------------------------------------------------------------------------- mutants


Patch = Callable[[pytest.MonkeyPatch], None]


def variant_read_as(name: str, value: str, instead: str | None) -> Patch:
    """An engine that offers ``name=value`` but plays ``instead`` (None: the default)."""
    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        original = Variants.from_mapping.__func__  # type: ignore[attr-defined]

        def from_mapping(cls: type[Variants], options: Any) -> Variants:
            options = dict(options)
            if options.get(name) == value:
                if instead is None:
                    del options[name]
                else:
                    options[name] = instead
            result: Variants = original(cls, options)
            return result

        monkeypatch.setattr(Variants, "from_mapping", classmethod(from_mapping))
    return patch


def default_read_as(name: str, instead: str) -> Patch:
    """An engine that plays ``name=instead`` where the scenario asks for the default (D37
    fixes the default reading too: a bomb of twelve is below the rocket)."""
    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        original = Variants.from_mapping.__func__  # type: ignore[attr-defined]

        def from_mapping(cls: type[Variants], options: Any) -> Variants:
            options = dict(options)
            options.setdefault(name, instead)
            result: Variants = original(cls, options)
            return result

        monkeypatch.setattr(Variants, "from_mapping", classmethod(from_mapping))
    return patch


def beats_broken(broken: Callable[[Combo, Combo, Variants], bool | None]) -> Patch:
    """An engine whose ``beats`` answers ``broken(...)`` where that is not None, and whose
    play enumeration and play checks follow it."""
    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        original_beats = combos_module.beats
        original_candidates = plays_module.candidates

        def new_beats(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
            verdict = broken(reply, top, variants)
            return original_beats(reply, top, variants) if verdict is None else verdict

        def candidates(hand: Any, top: Combo | None, variants: Variants) -> Iterator[Any]:
            for candidate in original_candidates(hand, None, variants):
                if top is None or new_beats(candidate[0], top, variants):
                    yield candidate

        monkeypatch.setattr(combos_module, "beats", new_beats)
        monkeypatch.setattr(drivers, "beats", new_beats)
        monkeypatch.setattr(plays_module, "candidates", candidates)
    return patch


def _from_eleven(reply: Combo, top: Combo, variants: Variants) -> bool | None:
    """Off by one: bombs of eleven cards also beat the rocket."""
    if variants.twelve_bomb != "beats_rocket":
        return None
    if reply.shape is Shape.BOMB and reply.size >= 11 and top.shape is Shape.ROCKET:
        return True
    if reply.shape is Shape.ROCKET and top.shape is Shape.BOMB and top.size >= 11:
        return False
    return None


def _tier_above(reply: Combo, top: Combo, variants: Variants) -> bool | None:
    """Twelve-card bombs made a tier of their own above the rocket, in which (like
    rockets) none beats another."""
    if variants.twelve_bomb != "beats_rocket":
        return None
    if is_twelve(reply):
        return not is_twelve(top)
    return False if is_twelve(top) else None


def _beats_everything(reply: Combo, top: Combo, variants: Variants) -> bool | None:
    """A twelve-card bomb beats whatever is on top, even a higher twelve-card bomb."""
    if variants.twelve_bomb != "beats_rocket":
        return None
    if is_twelve(reply):
        return True
    return False if reply.shape is Shape.ROCKET and is_twelve(top) else None


MUTANTS: dict[str, Patch] = {
    "six_jokers_ignored": variant_read_as("rocket", "six_jokers", None),
    "six_jokers_as_joker_sets": variant_read_as("rocket", "six_jokers", "joker_sets"),
    "twelve_bomb_ignored": variant_read_as("twelve_bomb", "beats_rocket", None),
    "twelve_bomb_by_default": default_read_as("twelve_bomb", "beats_rocket"),
    "twelve_bomb_from_eleven": beats_broken(_from_eleven),
    "twelve_bomb_tier_above": beats_broken(_tier_above),
    "twelve_bomb_beats_everything": beats_broken(_beats_everything),
}
"""Engines that get the house rules wrong the ways an implementation might."""


def house_scenarios() -> list[Scenario]:
    return [s for s in catalog.shipped() if {"D36", "D37"} & set(s.tags)]


def test_there_are_house_rule_scenarios_for_both_rulings() -> None:
    found = house_scenarios()
    assert sum("D36" in s.tags for s in found) >= 10
    assert sum("D37" in s.tags for s in found) >= 10
    assert any(s.setup is not None for s in found if "D36" in s.tags)
    assert any(s.setup is not None for s in found if "D37" in s.tags)


def test_every_house_rule_scenario_fails_against_a_broken_engine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each scenario of D36 and D37 passes against the reference and fails against at
    least one mutant; each mutant is caught by at least one scenario."""
    scenarios = house_scenarios()
    reference = {s.id: run_scenario(ReferenceDriver(), s).status for s in scenarios}
    assert set(reference.values()) == {"passed"}, reference
    caught: dict[str, set[str]] = {s.id: set() for s in scenarios}
    for name, patch in MUTANTS.items():
        with monkeypatch.context() as m:
            patch(m)
            clear_caches()
            for s in scenarios:
                result = run_scenario(ReferenceDriver(), s)
                assert result.status in ("passed", "failed"), (name, s.id, result.message)
                if result.status == "failed":
                    caught[s.id].add(name)
        clear_caches()
    uncaught = sorted(i for i, names in caught.items() if not names)
    assert not uncaught, f"no broken engine fails {uncaught}"
    for name in MUTANTS:
        assert any(name in names for names in caught.values()), f"nothing catches {name}"
