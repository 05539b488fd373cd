"""How a hand ends: whole side out, one player left, kitty and remnants (rules 17–20;
D20–D22)."""

from __future__ import annotations

from typing import Any

import pytest

from fivetenk.model.position_builder import build_position
from fivetenk.reference.actions import Action
from fivetenk.reference.errors import IllegalAction
from fivetenk.reference.game import Ending, Game, Phase
from fivetenk.reference.settlement import HandResult


def game_at(hands: dict[int, str], **kw: Any) -> Game:
    return Game.from_position(build_position(hands, **kw))


def finish(game: Game, *actions: Action) -> HandResult:
    for action in actions:
        game.apply(action)
    result = game.outcome()
    assert result is not None and game.phase is Phase.FINISHED
    obs = game.observe()
    assert obs["pending"] is None and game.legal_actions() == []
    total = sum(obs["captured"]) + result.table_points + result.kitty_points + result.remnant_points
    assert total == 300  # R20.2
    assert result.defender_total + result.banker_total == 300
    return result


def test_all_bankers_out() -> None:
    game = game_at({0: "6D", 2: "KC 5H 7D", 3: "10S 8C"}, banker=0,
                   calls=[("AH", 1, 1), ("AS", 1, 0)], captured={2: 100}, rest_to=0)
    result = finish(game, Action.play(0, "6D"))
    assert result.ending is Ending.BANKERS_OUT and result.ending.clause == "R17.2"
    assert result.banker_side == (0, 1) and result.defenders == (2, 3, 4, 5)
    assert (result.remnant_points, result.remnant_to) == (25, "bankers")
    assert (result.table_to, result.kitty_to) == (0, 0)
    assert result.defender_total == 100
    obs = game.observe()
    assert obs["result"]["ending"] == "bankers_out" and obs["out"] == [1, 4, 5, 0]
    assert obs["trick"]["plays"] == [{"seat": 0, "cards": ["6D"], "combo": "single 6"}]


def test_all_defenders_out() -> None:
    game = game_at({0: "5H 7C", 1: "10S", 5: "KD"}, banker=0, turn=5,
                   calls=[("AH", 1, 1), ("AS", 1, 0)], captured={2: 60, 3: 60}, rest_to=0)
    result = finish(game, Action.play(5, "KD"))
    assert result.ending is Ending.DEFENDERS_OUT and result.ending.clause == "R17.3"
    assert (result.table_points, result.table_to, result.kitty_to) == (10, 5, 5)
    assert (result.remnant_points, result.remnant_to) == (15, "defenders")
    # captured 120 + table 10 + remnant 15 + kitty (0) all to defenders
    assert result.defender_total == 145 and result.winners == "defenders"


def test_resolving_play_ends_the_hand_recipients_differ() -> None:
    game = game_at({0: "5H 7C", 1: "AH 10S"}, banker=0,
                   calls=[("AH", 1, None), ("AS", 1, 0)],
                   trick=[(0, "KD")], captured={2: 100}, rest_to=0,
                   buried="AH AH 10C 3D 4D 6D")
    assert game.pending().seat == 1  # type: ignore[union-attr]
    result = finish(game, Action.play(1, "AH"))
    assert game.observe()["calls"][0]["resolved_by"] == 1
    assert result.ending is Ending.DEFENDERS_OUT  # checked after the resolving play (D20)
    assert result.banker_side == (0, 1)
    # table (KD) and kitty (10C) to seat 1, who just played; remnant to the defenders
    assert (result.table_points, result.table_to) == (10, 1)
    assert (result.kitty_points, result.kitty_to) == (10, 1)
    assert (result.remnant_points, result.remnant_to) == (15, "defenders")
    assert result.defender_total == 115 and result.band.label == "60-115"


def test_whole_side_is_not_checked_before_both_calls_resolve() -> None:
    game = game_at({0: "5H 7C 9C", 1: "AH 10S 8D"}, banker=0,
                   calls=[("AH", 1, None), ("AS", 1, 0)])
    game.apply(Action.play(0, "5H"))
    game.apply(Action.play(1, "8D"))  # the defenders are all out, but AH is unresolved
    assert game.phase is Phase.PLAYING


def test_one_play_triggering_both_endings_is_a_whole_side_ending() -> None:
    game = game_at({0: "5H 7C", 1: "AH"}, banker=0, calls=[("AH", 1, None), ("AS", 1, 0)],
                   trick=[(0, "KD")], captured={2: 100}, rest_to=0)
    result = finish(game, Action.play(1, "AH"))
    # one player (seat 0) is left, and the defenders are all out: D20 applies
    assert result.ending is Ending.DEFENDERS_OUT
    assert (result.remnant_points, result.remnant_to) == (5, "defenders")
    assert (result.table_to, result.kitty_to) == (1, 1)


def test_one_player_left_while_a_call_is_open() -> None:
    game = game_at({1: "8C", 3: "AH 5D KS"}, banker=0, calls=[("AH", 1, None), ("AS", 1, 0)],
                   trick=[(3, "6C")], captured={2: 50}, rest_to=0,
                   buried="AH AH 5C 3D 4D 6D")
    result = finish(game, Action.play(1, "8C"))
    assert result.ending is Ending.ONE_PLAYER_LEFT and result.ending.clause == "R18.1"
    assert game.observe()["calls"][0]["resolved_by"] is None  # adds nobody (D16)
    assert result.banker_side == (0,) and 3 in result.defenders
    # table, the last hand and the kitty all go to seat 1, who made the play (R18.2)
    assert (result.table_to, result.kitty_to, result.remnant_to) == (1, 1, 1)
    assert (result.remnant_points, result.kitty_points) == (15, 5)
    assert result.defender_total == 50 + 0 + 5 + 15


def test_solo_banker_through_self_calls() -> None:
    game = game_at({0: "AH AS", 1: "7C 8C", 2: "KD"}, banker=0,
                   calls=[("AH", 1, None), ("AS", 1, None)], captured={1: 150}, rest_to=0)
    result = finish(game, Action.play(0, "AH AS"))
    calls = game.observe()["calls"]
    assert [c["resolved_by"] for c in calls] == [0, 0]
    assert game.observe()["partners"] == [] and result.banker_side == (0,)
    assert result.ending is Ending.BANKERS_OUT
    assert (result.remnant_points, result.remnant_to) == (10, "bankers")
    assert result.defender_total == 150 and result.band.label == "120-175"


def test_kitty_at_face_value() -> None:
    game = game_at({0: "6D", 2: "7D"}, banker=0, buried="5D 10D KD 3C 4C 6C",
                   captured={2: 100}, rest_to=0)
    result = finish(game, Action.play(0, "6D"))
    assert result.kitty_points == 25 and result.kitty == tuple(
        sorted(result.kitty))  # exposed (R10.2, R19.1)
    assert game.observe()["result"]["kitty"] == ["3C", "4C", "5D", "6C", "10D", "KD"]


def test_actions_after_the_end_are_rejected() -> None:
    game = game_at({0: "6D", 2: "7D"}, banker=0)
    finish(game, Action.play(0, "6D"))
    with pytest.raises(IllegalAction) as err:
        game.apply(Action.play(2, "7D"))
    assert err.value.clause == "R23.1"
    with pytest.raises(IllegalAction):
        game.to_position()
