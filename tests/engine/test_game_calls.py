"""Burial, partner calls and their resolution by play (rules 10–12; D7, D13–D16)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import arrange_deck

from fivetenk.model.position_builder import build_position
from fivetenk.reference.actions import Action, CallSpec
from fivetenk.reference.cards import Card, Rank, Suit, parse_cards
from fivetenk.reference.errors import IllegalAction
from fivetenk.reference.game import Game, Phase
from fivetenk.reference.python_api import callable_faces, legal_call_pairs
from fivetenk.reference.variants import Variants


def banker_with(cards: str, variants: Variants | None = None) -> Game:
    """Seat 0 reveals 3H at draw 1 and also receives ``cards`` at its next draws."""
    draws = {1: "3H"}
    for i, token in enumerate(cards.split()):
        draws[7 + 6 * i] = token
    game = Game.new(deck=arrange_deck(draws, late=[Rank.THREE]), first=0,
                    variants=variants or Variants())
    game.apply(Action.reveal(0, "3H"))
    return game


def bury(game: Game, cards: str) -> None:
    chosen = parse_cards(cards)
    filler = [c for c in game.hand(0) if c.rank != Rank.ACE and c not in chosen]
    game.apply(Action.bury(0, chosen + filler[: 6 - len(chosen)]))


def rejected(game: Game, action: Action | dict[str, object], clause: str) -> IllegalAction:
    before = game.to_position() if game.phase is not Phase.DEALING else None
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.clause == clause, err.value
    if before is not None:
        assert game.to_position() == before
    return err.value


def calls(*items: str) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for item in items:
        face, ordinal = item.split(":")
        out.append({"face": face, "ordinal": int(ordinal)})
    return out


# -- burial (R10.1, D7) -------------------------------------------------------------------------


def test_bury_exactly_six_cards_held() -> None:
    game = banker_with("")
    hand = game.hand(0)
    rejected(game, Action.bury(0, hand[:5]), "R10.1")
    rejected(game, Action.bury(0, hand[:7]), "R10.1")
    missing = next(c for c in parse_cards("AH AS KD") if c not in hand)
    rejected(game, Action.bury(0, [*hand[:5], missing]), "R10.1")
    rejected(game, Action.bury(1, hand[:6]), "R10.1")
    rejected(game, {"type": "call", "seat": 0, "calls": calls("AH:1", "AS:1")}, "R10.1")
    summary = game.legal_actions()
    assert len(summary) == 1 and summary[0].type == "bury" and len(summary[0].cards) == 6
    game.apply(summary[0])
    assert game.phase is Phase.CALLING and game.observe()["hand_sizes"][0] == 26


# -- callable faces (R11.1-R11.3, D13) -----------------------------------------------------------


def test_default_callable_faces_are_the_aces() -> None:
    game = banker_with("")
    bury(game, "")
    assert sorted(map(str, callable_faces(game.buried).values())) == ["AC", "AD", "AH", "AS"]
    actions = game.legal_actions()
    assert len(actions) == 54 and all(a.type == "call" for a in actions)
    assert all(game.is_legal(a) for a in actions[:5])


def test_descend_per_suit_when_all_three_aces_are_buried() -> None:
    game = banker_with("AH AH AH KH KH KH")
    bury(game, "AH AH AH")
    faces = callable_faces(game.buried)
    assert str(faces[Suit.HEARTS]) == "KH"
    err = rejected(game, {"type": "call", "seat": 0, "calls": calls("AH:1", "AS:1")}, "R11.2")
    assert "KH" in err.message
    rejected(game, {"type": "call", "seat": 0, "calls": calls("QH:1", "AS:1")}, "R11.2")
    game.apply({"type": "call", "seat": 0, "calls": calls("KH:1", "AS:1")})
    assert [c["face"] for c in game.observe()["calls"]] == ["KH", "AS"]


def test_descend_two_ranks() -> None:
    game = banker_with("AH AH AH KH KH KH")
    game.apply(Action.bury(0, parse_cards("AH AH AH KH KH KH")))
    rejected(game, {"type": "call", "seat": 0, "calls": calls("KH:1", "AS:1")}, "R11.2")
    game.apply({"type": "call", "seat": 0, "calls": calls("QH:3", "AS:1")})
    assert game.phase is Phase.PLAYING


def test_never_a_two_or_joker_and_distinct_faces() -> None:
    game = banker_with("")
    bury(game, "")
    rejected(game, {"type": "call", "seat": 0, "calls": calls("2H:1", "AS:1")}, "R11.3")
    rejected(game, {"type": "call", "seat": 0, "calls": calls("AH:1", "SJ:1")}, "R11.3")
    rejected(game, {"type": "call", "seat": 0, "calls": calls("AH:1", "AH:2")}, "R11.1")
    rejected(game, {"type": "call", "seat": 0, "calls": calls("AH:1")}, "R11.1")
    rejected(game, {"type": "call", "seat": 0, "calls": calls("AH:1", "KH:1")}, "R11.2")
    rejected(game, {"type": "call", "seat": 1, "calls": calls("AH:1", "AS:1")}, "R10.1")


@pytest.mark.parametrize("ordinal", [0, 4])
def test_ordinal_is_first_second_or_third(ordinal: int) -> None:
    game = banker_with("")
    bury(game, "")
    rejected(game, {"type": "call", "seat": 0,
                    "calls": [{"face": "AH", "ordinal": ordinal}, {"face": "AS", "ordinal": 1}]},
             "R11.4")


def test_ordinal_larger_than_unburied_copies_bounded_rejects() -> None:
    game = banker_with("AH AH")
    bury(game, "AH AH")
    rejected(game, {"type": "call", "seat": 0, "calls": calls("AH:2", "AS:1")}, "R11.4")
    assert len(game.legal_actions()) == 1 * 3 * 3 + 3 * 3 * 3  # AH pairs allow ordinal 1 only
    game.apply({"type": "call", "seat": 0, "calls": calls("AH:1", "AS:3")})
    assert game.phase is Phase.PLAYING


def test_ordinal_larger_than_unburied_copies_any_variant_accepts() -> None:
    variants = Variants(call_ordinal="any")
    game = banker_with("AH AH", variants)
    bury(game, "AH AH")
    assert len(legal_call_pairs(game.buried, variants)) == 54
    game.apply({"type": "call", "seat": 0, "calls": calls("AH:3", "AS:1")})
    assert game.observe()["calls"][0] == {"face": "AH", "ordinal": 3, "played": 0,
                                          "resolved_by": None}


def test_calls_are_public_and_the_banker_leads() -> None:
    game = banker_with("")
    bury(game, "")
    game.apply(Action.call(0, [CallSpec(Card.parse("AD"), 2), {"face": "AS", "ordinal": 1}]))
    obs = game.observe()
    assert obs["calls"] == [
        {"face": "AD", "ordinal": 2, "played": 0, "resolved_by": None},
        {"face": "AS", "ordinal": 1, "played": 0, "resolved_by": None},
    ]
    assert obs["pending"] == {"seat": 0, "decision": "play"} and obs["trick"] is None
    assert obs["partners"] == [] and obs["banker_side"] == [0]
    with pytest.raises(IllegalAction) as err:
        game.apply(Action.pass_(0))
    assert err.value.clause == "R13.2"


# -- resolution by play (R11.4-R11.6, R12, D15, D16) --------------------------------------------


def position_game(hands: dict[int, str], call_list: list[Any], **kw: Any) -> Game:
    return Game.from_position(build_position(hands, calls=call_list, **kw))


def test_a_lead_counts_as_an_occurrence() -> None:
    game = position_game({0: "7D 8D", 1: "AH 9C", 2: "9D"},
                         [("AH", 1, None), ("AS", 1, 0)], turn=1)
    game.apply(Action.play(1, "AH"))
    obs = game.observe()
    assert obs["calls"][0] == {"face": "AH", "ordinal": 1, "played": 1, "resolved_by": 1}
    assert obs["partners"] == [1] and obs["banker_side"] == [0, 1]


def test_a_pair_holds_two_occurrences() -> None:
    game = position_game({0: "7D 7S 3C", 1: "9C", 2: "AH AH 9D"},
                         [("AH", 2, None), ("AS", 1, 0)],
                         trick=[(0, "7D 7S"), (1, None)])
    assert game.turn == 2
    game.apply(Action.play(2, "AH AH"))
    assert game.observe()["calls"][0] == {"face": "AH", "ordinal": 2, "played": 2,
                                          "resolved_by": 2}
    assert game.observe()["partners"] == [2]


def test_occurrences_accumulate_and_never_pass_to_a_later_copy() -> None:
    game = position_game({0: "7D 8D 9S", 1: "AH 9C", 2: "AH 10D", 3: "AH 6C"},
                         [("AH", 2, None), ("AS", 1, 0)], turn=1)
    game.apply(Action.play(1, "AH"))
    assert game.observe()["calls"][0]["played"] == 1
    assert game.observe()["calls"][0]["resolved_by"] is None
    game.apply(Action.pass_(2))
    game.apply(Action.pass_(3))
    game.apply(Action.pass_(0))  # seat 1 wins and leads again
    game.apply(Action.play(1, "9C"))
    game.apply(Action.play(2, "AH"))
    assert game.observe()["calls"][0]["resolved_by"] == 2
    game.apply(Action.pass_(3))
    game.apply(Action.pass_(0))  # seat 1 is out; seat 2 wins
    game.apply(Action.play(2, "10D"))
    assert game.phase is Phase.FINISHED or game.observe()["calls"][0]["resolved_by"] == 2


def test_a_reveal_never_counts_towards_a_call() -> None:
    deck = arrange_deck({1: "AH"}, late=[Rank.ACE])
    game = Game.new(deck=deck, hand_number=2, levels=["A", "3", "3", "3", "3", "3"],
                    previous_winners=[0], previous_banker=5, first=0)
    game.apply(Action.reveal(0, "AH"))
    filler = [c for c in game.hand(0) if c.rank != Rank.ACE][:6]
    game.apply(Action.bury(0, filler))
    game.apply(Action.call(0, calls("AH:1", "AS:1")))
    assert game.observe()["calls"][0]["played"] == 0  # D4, D15
    game.apply(Action.play(0, "AH"))
    call = game.observe()["calls"][0]
    assert call["played"] == 1 and call["resolved_by"] == 0  # a self-call (R11.5)
    assert game.observe()["partners"] == [] and game.observe()["banker_side"] == [0]


def test_self_call_adds_no_partner() -> None:
    game = position_game({0: "AS 7D 8D", 1: "9C", 2: "9D"}, [("AH", 1, 0), ("AS", 1, None)])
    game.apply(Action.play(0, "AS"))
    obs = game.observe()
    assert obs["calls"][1]["resolved_by"] == 0
    assert obs["partners"] == [] and obs["banker_side"] == [0]


def test_one_player_resolving_both_calls_is_one_partner() -> None:
    game = position_game({0: "7D 8D", 1: "AH AS AS 9C", 2: "9D"},
                         [("AH", 1, None), ("AS", 2, None)], turn=1)
    game.apply(Action.play(1, "AH"))
    game.apply(Action.pass_(2))
    game.apply(Action.pass_(0))
    game.apply(Action.play(1, "AS AS"))
    obs = game.observe()
    assert [c["resolved_by"] for c in obs["calls"]] == [1, 1]
    assert obs["partners"] == [1] and obs["banker_side"] == [0, 1]
