"""Tricks: turns, beating, passing, capture, next lead and going out (rules 13–16; D10,
D18, D19, D27)."""

from __future__ import annotations

from typing import Any

import pytest

from fivetenk.model.position_builder import build_position
from fivetenk.reference.actions import Action
from fivetenk.reference.errors import IllegalAction, InvalidNotation, RulesError
from fivetenk.reference.game import Game
from fivetenk.reference.variants import Variants


def game_at(hands: dict[int, str], **kw: Any) -> Game:
    """A position; by default both calls are self-calls already resolved by the banker
    (seat 0), so the banker plays alone against five defenders."""
    return Game.from_position(build_position(hands, **kw))


def rejected(game: Game, action: dict[str, Any] | Action, clause: str) -> IllegalAction:
    before = game.to_position()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.clause == clause, err.value
    assert game.to_position() == before
    assert not game.is_legal(action)
    return err.value


def turn(game: Game) -> int:
    decision = game.pending()
    assert decision is not None and decision.kind == "play"
    return decision.seat


def test_banker_leads_and_the_leader_must_play() -> None:
    game = game_at({0: "5D 7C", 1: "8C 9C", 2: "9D 10D"}, banker=0)
    assert turn(game) == 0 and game.observe()["trick"] is None
    rejected(game, {"type": "pass", "seat": 0}, "R13.2")
    assert game.legal_actions()[0].type == "play"  # no pass for a lead


def test_out_of_turn_and_cards_not_held() -> None:
    game = game_at({0: "5D 7C", 1: "8C 9C", 2: "9D 10D"})
    rejected(game, {"type": "play", "seat": 1, "cards": ["8C"]}, "R13.1")
    rejected(game, {"type": "pass", "seat": 2}, "R13.1")
    err = rejected(game, {"type": "play", "seat": 0, "cards": ["8C"]}, "R13.2")
    assert "does not hold 8C" in err.message
    rejected(game, {"type": "play", "seat": 0, "cards": ["7C", "7C"]}, "R13.2")


def test_illegal_combination_and_reply_that_does_not_beat() -> None:
    game = game_at({0: "5D 7C 8S", 1: "6C 9C", 2: "9D 10D"})
    rejected(game, {"type": "play", "seat": 0, "cards": ["5D", "7C"]}, "R03.1")
    game.apply({"type": "play", "seat": 0, "cards": ["7C"]})
    err = rejected(game, {"type": "play", "seat": 1, "cards": ["6C"]}, "R03.3")
    assert "7" in err.message
    rejected(game, {"type": "play", "seat": 1, "cards": ["6C", "9C"]}, "R03.1")
    rejected(game, {"type": "play", "seat": 1, "cards": ["9C"], "shape": "pair 9"}, "R03.1")


def test_replies_follow_seat_order_and_skip_empty_hands() -> None:
    game = game_at({0: "5D 7C", 2: "8C 9C", 4: "9D 10D"}, banker=0)
    game.apply(Action.play(0, "5D"))
    assert turn(game) == 2  # seat 1 has no cards (R16.1)
    game.apply(Action.pass_(2))
    assert turn(game) == 4


def test_pass_covers_one_turn_only_by_default() -> None:
    game = game_at({0: "5D 7D 3S", 1: "8C 9C", 2: "6D 10D"})
    game.apply(Action.play(0, "5D"))
    game.apply(Action.pass_(1))
    game.apply(Action.play(2, "6D"))
    game.apply(Action.play(0, "7D"))
    assert turn(game) == 1
    assert game.is_legal({"type": "play", "seat": 1, "cards": ["8C"]})  # D18: may play again
    game.apply(Action.play(1, "8C"))
    assert game.observe()["trick"]["top"] == {"seat": 1, "combo": "single 8"}


def test_pass_locks_the_player_out_under_the_trick_variant() -> None:
    game = game_at({0: "5D 7D 3S", 1: "8C 9C", 2: "6D 10D"}, variants={"pass": "trick"})
    before = game.observe()["captured"][0]
    game.apply(Action.play(0, "5D"))
    game.apply(Action.pass_(1))
    game.apply(Action.play(2, "6D"))
    game.apply(Action.play(0, "7D"))
    assert turn(game) == 2  # seat 1 is locked out (D27)
    game.apply(Action.pass_(2))
    # every other player holding cards has passed: seat 0 wins and leads
    assert game.observe()["trick"] is None and turn(game) == 0
    assert game.observe()["captured"][0] - before == 5


def test_trick_variant_ends_as_soon_as_everyone_else_is_locked() -> None:
    game = game_at({0: "5D 7D 3S", 1: "8C 9C", 2: "6D 10D"}, variants={"pass": "trick"})
    game.apply(Action.play(0, "5D"))
    game.apply(Action.pass_(1))
    game.apply(Action.play(2, "6D"))
    game.apply(Action.pass_(0))
    assert game.observe()["trick"] is None and turn(game) == 2


def test_trick_ends_when_all_others_pass_and_winner_takes_every_point() -> None:
    game = game_at({0: "5D KC 3S", 1: "10C 9C", 2: "KD 4D", 3: "6C 7C"})
    game.apply(Action.play(0, "5D"))
    game.apply(Action.play(1, "10C"))
    game.apply(Action.play(2, "KD"))
    for seat in (3, 0, 1):
        game.apply(Action.pass_(seat))
    obs = game.observe()
    assert obs["trick"] is None
    assert obs["captured"][2] - 0 == 25  # R14.1: 5 + 10 + 10, not only the last play
    assert turn(game) == 2  # R15.1


def test_trick_in_progress_observation() -> None:
    game = game_at({0: "5D 5S 3S", 1: "9C 9H", 2: "4D"})
    game.apply(Action.play(0, "5D 5S"))
    game.apply(Action.pass_(1))
    trick = game.observe()["trick"]
    assert trick == {
        "leader": 0,
        "plays": [{"seat": 0, "cards": ["5D", "5S"], "combo": "pair 5"},
                  {"seat": 1, "pass": True}],
        "top": {"seat": 0, "combo": "pair 5"},
        "points": 10,
    }


def test_player_who_goes_out_wins_the_trick_next_seat_leads() -> None:
    game = game_at({0: "5D 7D", 1: "KC", 2: "4D 6D", 3: "8C 9C"})
    game.apply(Action.play(0, "5D"))
    game.apply(Action.play(1, "KC"))
    assert game.observe()["out"] == [4, 5, 1]  # seats 4 and 5 held nothing
    for seat in (2, 3, 0):
        game.apply(Action.pass_(seat))
    obs = game.observe()
    assert obs["captured"][1] == 15 and obs["trick"] is None
    assert turn(game) == 2  # D19: the first seat after the out winner that holds cards


def test_declared_reading_and_undeclared_reading() -> None:
    cards = "3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H"
    game = game_at({0: cards + " 7S", 1: "8C 9C", 2: "9D"})
    assert game.is_legal({"type": "play", "seat": 0, "cards": cards.split()})
    game.apply({"type": "play", "seat": 0, "cards": cards.split(),
                "shape": "airplane+singles 4-6"})
    assert game.observe()["trick"]["top"]["combo"] == "airplane+singles 4-6"
    other = game_at({0: cards + " 7S", 1: "8C 9C", 2: "9D"})
    other.apply({"type": "play", "seat": 0, "cards": cards.split()})
    assert other.observe()["trick"]["top"]["combo"] == "airplane 3-6"  # D10


def test_special_shapes_beat_ordinary_plays() -> None:
    game = game_at({0: "9D 9S 3S", 1: "5C 10C KC", 2: "7D 7C 7H 7S", 3: "SJ BJ"})
    game.apply(Action.play(0, "9D 9S"))
    game.apply(Action.play(1, "5C 10C KC"))
    assert game.observe()["trick"]["top"]["combo"] == "5-10-K suited C"
    game.apply(Action.play(2, "7D 7C 7H 7S"))
    game.apply(Action.play(3, "SJ BJ"))
    assert game.observe()["trick"]["top"]["combo"] == "rocket"


def test_legal_actions_for_a_reply() -> None:
    game = game_at({0: "9D 3S", 1: "10C 10S 5H", 2: "4D"})
    game.apply(Action.play(0, "9D"))
    actions = game.legal_actions()
    assert actions[0] == Action.pass_(1)
    assert {a.shape for a in actions[1:]} == {"single 10"}
    assert all(game.is_legal(a) for a in actions)


def test_action_json_round_trip_and_bad_shapes() -> None:
    for data in (
        {"type": "reveal", "seat": 3, "card": "3H"},
        {"type": "skip", "seat": 3},
        {"type": "bury", "seat": 2, "cards": ["3D", "3C", "4H", "4S", "6D", "7C"]},
        {"type": "call", "seat": 2, "calls": [{"face": "AH", "ordinal": 1},
                                             {"face": "KS", "ordinal": 2}]},
        {"type": "play", "seat": 4, "cards": ["7H", "7S"], "shape": "pair 7"},
        {"type": "pass", "seat": 4},
    ):
        assert Action.from_json(data).to_json() == data
    assert Action.from_json({"type": "play", "seat": 1, "cards": ["7S", "7H"]}) == \
        Action.play(1, "7H 7S")
    for bad in (
        {"type": "play", "seat": 1},
        {"type": "jump", "seat": 1},
        {"type": "pass", "seat": 6},
        {"type": "pass", "seat": True},
        {"type": "pass", "seat": 1, "cards": []},
        {"type": "play", "seat": 1, "cards": ["7X"]},
        {"type": "play", "seat": 1, "cards": "7H"},
        {"type": "reveal", "seat": 1, "card": ["3H"]},
        {"type": "call", "seat": 1, "calls": [{"face": "AH"}]},
        {"seat": 1},
    ):
        with pytest.raises(InvalidNotation):
            Action.from_json(bad)
    game = game_at({0: "9D 3S", 1: "10C", 2: "4D"})
    with pytest.raises(InvalidNotation):
        game.apply({"type": "play", "seat": 0})
    assert not game.is_legal({"type": "nonsense"})


def test_play_after_whole_side_out_is_rejected() -> None:
    game = game_at({0: "9D", 1: "10C", 2: "4D"}, calls=[("AH", 1, 0), ("AS", 1, 0)])
    game.apply(Action.play(0, "9D"))
    assert game.pending() is None and game.legal_actions() == []
    with pytest.raises(RulesError) as err:
        game.apply(Action.pass_(1))
    assert err.value.clause == "R23.1"


def test_variants_are_part_of_the_position() -> None:
    game = game_at({0: "9D 3S", 1: "10C 7C", 2: "4D 4C"}, variants=Variants(pass_rule="trick"))
    assert game.to_position()["variants"] == {"pass": "trick"}
