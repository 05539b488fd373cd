"""Positions: round trips, validation listing every problem, the builder, and illegal
actions leaving the state unchanged."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
from helpers import ROOT

from fivetenk.model.position_builder import build_position, position_template
from fivetenk.reference.errors import IllegalAction, InvalidPosition, RulesError
from fivetenk.reference.game import Game, Phase
from fivetenk.reference.random_player import RandomPlayer
from fivetenk.reference.variants import Variants

SCHEMAS = ROOT / "schemas"


def schema(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(
        json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
    )


def problems_of(position: dict[str, Any]) -> list[str]:
    with pytest.raises(InvalidPosition) as err:
        Game.from_position(position)
    return err.value.problems


def codes_of(position: dict[str, Any]) -> list[str]:
    """The codes of the position's problems (ruling D40)."""
    with pytest.raises(InvalidPosition) as err:
        Game.from_position(position)
    return err.value.codes


# -- round trips ----------------------------------------------------------------------------------


@pytest.mark.parametrize("variants", [Variants(), Variants(pass_rule="trick")])
def test_round_trip_through_a_random_hand(variants: Variants) -> None:
    game, player = Game.new(seed=21, variants=variants), RandomPlayer(21)
    position_schema, observation_schema = schema("position"), schema("observation")
    checked = 0
    while game.pending() is not None:
        if game.phase is not Phase.DEALING:
            position = game.to_position()
            copy_game = Game.from_position(position)
            assert copy_game.to_position() == position
            assert copy_game.observe() == game.observe()
            if checked % 10 == 0:
                assert not list(position_schema.iter_errors(position))
                assert not list(observation_schema.iter_errors(game.observe()))
            checked += 1
        game.apply(player.choose(game))
    assert not list(observation_schema.iter_errors(game.observe()))
    assert checked > 50


def test_a_copy_plays_on_identically() -> None:
    game, player = Game.new(seed=4), RandomPlayer(4)
    while game.phase is not Phase.PLAYING or len(game.history) < 60:
        game.apply(player.choose(game))
    twin = Game.from_position(game.to_position())
    while game.pending() is not None:
        action = player.choose(game)
        game.apply(action)
        twin.apply(action)
    assert twin.observe() == game.observe()


def test_burying_and_calling_positions() -> None:
    game, player = Game.new(seed=8), RandomPlayer(8)
    while game.phase is Phase.DEALING:
        game.apply(player.choose(game))
    burying = game.to_position()
    assert burying["phase"] == "burying" and burying["buried"] == []
    game.apply(player.choose(game))
    calling = game.to_position()
    assert calling["phase"] == "calling" and len(calling["buried"]) == 6
    for position in (burying, calling):
        assert Game.from_position(position).to_position() == position
        assert not list(schema("position").iter_errors(position))


def test_template_and_builder() -> None:
    position = position_template()
    assert position["captured"] == [295, 0, 0, 0, 0, 0]
    built = build_position({0: "5H 5S", 1: "7D"}, banker=0, captured={1: 40}, rest_to=3,
                           calls=["AD:1", "AC:1"])
    assert built["captured"] == [0, 40, 0, 250, 0, 0]
    assert built["out"] == [2, 3, 4, 5] and built["turn"] == 0
    assert [c["resolved_by"] for c in built["calls"]] == [0, 0]
    with pytest.raises(InvalidPosition):
        build_position({0: "5H"}, captured={1: 400})


def test_action_schema_accepts_every_action_form() -> None:
    validator = schema("action")
    game, player = Game.new(seed=2), RandomPlayer(2)
    kinds = set()
    while game.pending() is not None:
        action = player.choose(game)
        assert not list(validator.iter_errors(action.to_json()))
        kinds.add(action.type)
        game.apply(action)
    assert kinds >= {"bury", "call", "play", "pass"}


# -- validation -----------------------------------------------------------------------------------


def test_every_problem_is_listed() -> None:
    position = build_position({0: "5H 5S 7C", 1: "7D 8D", 2: "9C"}, banker=0)
    bad = copy.deepcopy(position)
    bad["captured"][0] += 5  # no longer the points of the gone cards (R20.2)
    bad["turn"] = 4  # holds no cards
    bad["out"] = [2, 3]  # inconsistent with the empty hands
    bad["calls"][0]["resolved_by"] = None  # AH has been played
    bad["levels"][5] = "2"
    bad["banker"] = 7
    problems = problems_of(bad)
    text = " | ".join(problems)
    assert len(problems) >= 6, problems
    for needle in ("captured points total", "turn: seat 4", "out lists", "resolved_by",
                   "levels[5]", "banker must be a seat"):
        assert needle in text, needle
    bad = copy.deepcopy(position)
    bad["hands"][1] += ["5H", "5H", "5H"]  # four 5H in play
    assert codes_of(bad) == ["too-many-copies"]


def test_hand_too_large_and_unknown_keys() -> None:
    position = build_position({0: "5H", 1: "7D"}, banker=0)
    bad = copy.deepcopy(position)
    bad["hands"][1] = bad["hands"][1] + [c for c in ["3D", "4D", "6D", "7C", "8C", "9C",
                                                     "JD", "QD", "JC", "QC"] * 3][:26]
    bad["colour"] = "red"
    problems = problems_of(bad)
    assert any("more than 26" in p for p in problems)
    assert any("unknown key" in p for p in problems)


def test_call_face_not_callable_and_resolution_inconsistent() -> None:
    with pytest.raises(InvalidPosition) as err:
        build_position({0: "5H 6C", 1: "7D"}, banker=0, buried="AH AH AH 3C 4C 6C",
                       calls=[("AH", 1, 0), ("AS", 1, 0)])
    assert "call-not-callable" in err.value.codes and err.value.clause == "R11.2"
    position = build_position({0: "5H 6C", 1: "7D AS"}, banker=0,
                              calls=[("AH", 1, 0), ("AS", 1, None)])
    bad = copy.deepcopy(position)
    bad["calls"][1]["resolved_by"] = 1  # AS 1st has not been played
    bad["calls"][0]["played"] = 1  # three AH are gone
    problems = problems_of(bad)
    assert any("not been played yet" in p for p in problems)
    assert any("played is 1" in p for p in problems)


def test_trick_problems() -> None:
    position = build_position({0: "5H 6C 9S", 1: "7D 8D", 2: "9C 9D"}, banker=0,
                              trick=[(0, "6C"), (1, "7D")])
    assert position["turn"] == 2
    bad = copy.deepcopy(position)
    bad["trick"]["plays"][1] = {"seat": 1, "cards": ["3D", "4D"]}  # no combination
    assert any("not a legal reply" in p for p in problems_of(bad))
    bad = copy.deepcopy(position)
    bad["trick"]["plays"][1] = {"seat": 1, "cards": ["4D"], "combo": "single 4"}
    assert any("cannot beat" in p for p in problems_of(bad))
    bad = copy.deepcopy(position)
    bad["trick"]["plays"][0]["combo"] = "pair 6"
    assert any("plays[0]" in p for p in problems_of(bad))
    bad = copy.deepcopy(position)
    bad["trick"]["passed"] = [0, 2]  # everyone else has passed: the trick is over
    problems = problems_of(bad)
    assert any("already over" in p for p in problems)
    bad = copy.deepcopy(position)
    bad["turn"] = 1
    assert any("made the top play" in p for p in problems_of(bad))


def test_hand_already_over() -> None:
    position = build_position({0: "5H 6C", 1: "7D"}, banker=0)
    bad = copy.deepcopy(position)
    bad["hands"][0] = []
    bad["out"] = [2, 3, 4, 5, 0]
    bad["captured"][0] += 5
    problems = problems_of(bad)
    assert any("already over" in p for p in problems), problems


def test_not_a_mapping() -> None:
    with pytest.raises(InvalidPosition):
        Game.from_position([])  # type: ignore[arg-type]
    assert problems_of({})  # missing keys


# -- illegal actions leave the state unchanged ---------------------------------------------------


def _unchanged(game: Game, action: dict[str, Any]) -> None:
    before_obs = game.observe()
    before = game.to_position() if game.phase not in (Phase.DEALING, Phase.FINISHED) else None
    hands = [game.hand(s) for s in range(6)]
    with pytest.raises(RulesError):
        game.apply(action)
    assert game.observe() == before_obs and [game.hand(s) for s in range(6)] == hands
    if before is not None:
        assert game.to_position() == before


def test_illegal_actions_leave_the_state_unchanged_in_every_phase() -> None:
    game, player = Game.new(seed=13), RandomPlayer(13)
    tried = set()
    while game.pending() is not None:
        decision = game.pending()
        assert decision is not None
        seat, other = decision.seat, (decision.seat + 1) % 6
        for action in (
            {"type": "pass", "seat": other},
            {"type": "play", "seat": seat, "cards": ["BJ", "BJ", "BJ", "SJ"]},
            {"type": "play", "seat": seat, "cards": ["3D", "4C"]},
            {"type": "bury", "seat": seat, "cards": ["3D"]},
            {"type": "call", "seat": seat, "calls": [{"face": "2H", "ordinal": 1},
                                                     {"face": "AS", "ordinal": 1}]},
            {"type": "reveal", "seat": other, "card": "3H"},
            {"type": "skip", "seat": other},
            {"type": "play", "seat": seat},
        ):
            if not game.is_legal(action):
                _unchanged(game, action)
        tried.add(decision.kind)
        game.apply(player.choose(game))
    assert tried == {"reveal", "bury", "call", "play"}
    _unchanged(game, {"type": "pass", "seat": 0})


def test_an_illegal_action_names_what_and_why() -> None:
    game = Game.from_position(build_position({0: "5H 6C", 1: "7D 8D", 2: "9C"}, banker=0))
    with pytest.raises(IllegalAction) as err:
        game.apply({"type": "play", "seat": 0, "cards": ["5H", "6C"]})
    assert "seat 0 plays 5H 6C" in str(err.value) and err.value.clause == "R03.1"
