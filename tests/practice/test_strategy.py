"""The heuristic player of issue 11 (tools/practice/strategy.py): legal, blind to hidden cards,
explained by R24.1, deterministic, and sensible in a few pinned situations."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from helpers import shuffled

from fivetenk.bench.strategy import SidePlayer, play_one
from fivetenk.model.position_builder import build_position
from fivetenk.practice.strategy import (
    AIMS,
    CLAUSE,
    HeuristicPlayer,
    Suggestion,
    call_plan,
    plays_for_bankers,
    suggest,
)
from fivetenk.reference.actions import Action
from fivetenk.reference.cards import Rank
from fivetenk.reference.game import Game, Phase

SEEDS = range(40)


def _play_hand(seed: int, check: Any = None) -> Game:
    """A whole hand with the heuristic at every seat, checking each suggestion."""
    game = Game.new(seed=seed)
    steps = 0
    while (decision := game.pending()) is not None:
        s = suggest(game, decision.seat)
        if check is not None:
            check(game, decision, s)
        game.apply(s.action)  # raises IllegalAction if the suggestion is illegal
        steps += 1
        assert steps < 2000, "the hand does not end"
    return game


def _check_suggestion(game: Game, decision: Any, s: Suggestion) -> None:
    assert s.action.seat == decision.seat
    if decision.kind == "bury":
        hand = Counter(game.hand(decision.seat))
        assert len(s.action.cards) == 6 and not Counter(s.action.cards) - hand
    else:
        assert game.is_legal(s.action), (s.action, decision)
    assert s.clause == CLAUSE
    assert s.reason.startswith(CLAUSE + " ")
    assert any(aim in s.reason for aim in AIMS.values()), s.reason
    assert len(s.alternatives) <= 4
    for alt in s.alternatives:
        assert alt.why_not and alt.action != s.action
    # the strong player's rollouts ask for the action only: the same action, found leaner
    assert suggest(game, decision.seat, lean=True).action == s.action, decision


@pytest.mark.parametrize("seed", SEEDS)
def test_every_suggestion_is_legal_and_the_hand_settles(seed: int) -> None:
    game = _play_hand(seed, _check_suggestion)
    assert game.phase is Phase.FINISHED
    assert game.outcome() is not None


def test_alternatives_are_offered_for_most_decisions() -> None:
    counts = Counter()

    def tally(game: Game, decision: Any, s: Suggestion) -> None:
        counts["all"] += 1
        counts["alts"] += 2 <= len(s.alternatives) <= 4 or (
            decision.kind == "play" and len(game.legal_actions()) <= 2)

    for seed in range(5):
        _play_hand(seed, tally)
    assert counts["alts"] / counts["all"] > 0.5


def test_every_kind_of_decision_is_suggested() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(5):
        _play_hand(seed, lambda g, d, s: kinds.update([s.action.type]))
    assert {"skip", "bury", "call", "play", "pass"} <= set(kinds)


def test_deterministic_for_a_seed() -> None:
    def trace(seed: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        _play_hand(seed, lambda g, d, s: out.append(s.to_json()))
        return out

    assert trace(7) == trace(7)
    assert trace(7) != trace(8)


def test_never_looks_at_hidden_cards() -> None:
    rng = random.Random(11)
    compared = 0
    for seed in range(12):
        game = Game.new(seed=seed)
        while (decision := game.pending()) is not None:
            advice = suggest(game, decision.seat)  # the heuristic player's choice, once
            if game.phase is not Phase.DEALING and rng.random() < 0.25:
                mine = advice.to_json()
                for _ in range(2):
                    other = shuffled(game, decision.seat, rng)
                    assert other.hand(decision.seat) == game.hand(decision.seat)
                    assert suggest(other, decision.seat).to_json() == mine
                    compared += 1
            game.apply(advice.action)
    assert compared > 100


def test_the_shuffle_changes_hidden_cards() -> None:
    """The shuffle test above would be vacuous if the shuffle kept every hand."""
    game = Game.new(seed=2)
    player = HeuristicPlayer()
    while game.phase is not Phase.PLAYING:
        game.apply(player.choose(game))
    other = shuffled(game, 0, random.Random(1))
    assert any(other.hand(s) != game.hand(s) for s in range(1, 6))


def _game(hands: dict[int, str], trick: list[tuple[Any, ...]] | None, turn: int) -> Game:
    """Banker 0 with partners 1 and 2 revealed (both calls resolved); 3, 4, 5 defend."""
    return Game.from_position(build_position(
        hands, banker=0, calls=[("AH", 1, 1), ("AS", 1, 2)], trick=trick, turn=turn))


REST = {0: "3D 4D", 1: "3C 4C", 2: "3H 4H", 5: "6D 6C"}


def test_passes_on_a_teammates_winning_top_play_without_points() -> None:
    game = _game({**REST, 3: "7D 8D", 4: "9C 8S 2H"}, [(3, "AD")], 4)
    s = suggest(game, 4)
    assert s.action == Action.pass_(4)
    assert "protect teammates" in s.reason
    assert any(a.action.type == "play" for a in s.alternatives)


def test_adds_points_to_a_teammates_trick() -> None:
    game = _game({**REST, 3: "7D 8D", 4: "KD 9C 8S 3S"}, [(3, "4S")], 4)
    s = suggest(game, 4)
    assert s.action.type == "play" and [str(c) for c in s.action.cards] == ["KD"]
    assert "protect teammates" in s.reason


def test_beats_an_opponent_cheaply() -> None:
    game = _game({**REST, 3: "7D 8D", 4: "9C 8S 2H QH 3S"}, [(0, "7S")], 4)
    s = suggest(game, 4)
    assert s.action.type == "play" and [str(c) for c in s.action.cards] == ["8S"]


def test_keeps_a_bomb_for_a_pointless_trick() -> None:
    game = _game({**REST, 0: "3D 4D 6H 7H", 3: "7D 8D", 4: "9C 9S 9H 9D 3S 4S"},
                 [(0, "2S")], 4)
    s = suggest(game, 4)
    assert s.action == Action.pass_(4)
    assert any(a.action.type == "play" for a in s.alternatives)


def test_bombs_an_opponent_about_to_go_out() -> None:
    game = _game({**REST, 0: "3D", 3: "7D 8D", 4: "9C 9S 9H 9D 3S 4S"}, [(0, "2S")], 4)
    s = suggest(game, 4)
    assert s.action.type == "play" and len(s.action.cards) == 4
    assert "prevent the opponents" in s.reason


def test_goes_out_when_the_hand_is_one_play() -> None:
    game = _game({**REST, 3: "7D 8D", 4: "QC QS"}, [(0, "6S 6H")], 4)
    assert suggest(game, 4).action.type == "play"
    lead = _game({**REST, 3: "7D 8D", 4: "QC QS QH 5D 5S"}, None, 4)
    s = suggest(lead, 4)
    assert len(s.action.cards) == 5 and "finish the whole side" in s.reason


def test_leads_a_low_non_scoring_group() -> None:
    game = _game({**REST, 3: "7D 8D", 4: "5C 6S 6H 9D AS 2S"}, None, 4)
    s = suggest(game, 4)
    assert sorted(str(c) for c in s.action.cards) == ["6H", "6S"]


def _to_bury(seed: int) -> Game:
    game = Game.new(seed=seed)
    player = HeuristicPlayer()
    while game.phase is not Phase.BURYING:
        game.apply(player.choose(game))
    return game


def test_does_not_bury_points_when_six_non_scoring_cards_are_held() -> None:
    checked = 0
    for seed in range(20):
        game = _to_bury(seed)
        seat = game.banker
        assert seat is not None
        hand = game.hand(seat)
        if sum(1 for c in hand if c.points == 0) >= 6:
            buried = suggest(game, seat).action.cards
            assert all(c.points == 0 for c in buried), buried
            assert all(c.rank < Rank.ACE for c in buried), buried
            checked += 1
    assert checked >= 10


def test_calls_faces_the_banker_lacks() -> None:
    for seed in range(10):
        game = _to_bury(seed)
        seat = game.banker
        assert seat is not None
        game.apply(suggest(game, seat).action)
        calls = suggest(game, seat).action.calls
        held = Counter(game.hand(seat))
        fewest = min(sum(held[c.face] for c in a.calls) for a in game.legal_actions())
        assert sum(held[c.face] for c in calls) == fewest


def test_side_player_dispatches_by_side() -> None:
    with pytest.raises(ValueError, match="mode must be one of"):
        SidePlayer("nobody", 1)
    totals = {mode: play_one(5, mode) for mode in ("random", "heuristic bankers")}
    assert all(0 <= t <= 300 for t, _ in totals.values())


def test_bench_prints_each_mode_and_refuses_no_hands(capsys: pytest.CaptureFixture[str]) -> None:
    from fivetenk.bench.strategy import MODES, main

    assert main(["--hands", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split("  ")[0].strip() for line in out[1:]] == list(MODES)
    assert "pts" in out[2] and "pts" not in out[1]
    assert main(["--hands", "0"]) == 2
    assert "--hands must be at least 1" in capsys.readouterr().err


# -- the calls (R11): what a seat holding a called face does ---------------------------------
def _open(hands: dict[int, str], trick: list[tuple[Any, ...]] | None, turn: int,
          **kw: Any) -> Game:
    """Banker 0; the 1st AH is still open (nobody has played an AH), the 1st AS was played
    by seat 1 (a revealed partner); 3, 4, 5 are not on the banker side (yet)."""
    return Game.from_position(build_position(
        hands, banker=0, calls=[("AH", 1, None), ("AS", 1, 1)], trick=trick, turn=turn,
        **kw))


def _cards(s: Suggestion) -> list[str]:
    return sorted(str(c) for c in s.action.cards)


def test_the_banker_does_not_call_itself() -> None:
    """The cheapest card beating seat 4's K is the banker's A, but that AH would be the
    1st AH, a self-call adding no partner (R11): the banker beats with its 2 instead."""
    game = _open({**REST, 0: "AH 2S 4D 6S", 3: "7D 8D", 4: "AH 8S 9S"}, [(4, "KD")], 0)
    s = suggest(game, 0)
    assert _cards(s) == ["2S"]
    assert "find hidden partners" in s.reason and "self-call" in s.reason
    assert any(_cards_of(a.action) == ["AH"] for a in s.alternatives)


def test_a_revealed_partner_leaves_the_other_call_to_someone_else() -> None:
    """Seat 1 already resolved the AS call; playing the 1st AH too would add no second
    partner (R11), so it beats the K with a 2."""
    game = _open({**REST, 1: "AH 2C 4C 6C", 3: "7D 8D", 4: "AH 8S 9S"}, [(4, "KD")], 1)
    s = suggest(game, 1)
    assert _cards(s) == ["2C"]
    assert "find hidden partners" in s.reason and "only one partner" in s.reason


def _cards_of(action: Action) -> list[str]:
    return sorted(str(c) for c in action.cards)


SURE = {**REST, 3: "AH AH AH JC 7C 8C", 4: "9C 8S 3S"}
"""Seat 3 holds all three AH: nobody else can play the 1st AH, so it will be the partner."""


def _sure(trick: list[tuple[Any, ...]] | None, turn: int) -> Game:
    """:data:`SURE`, the banker side far from the points that decide the hand (100)."""
    return _open(SURE, trick, turn, captured={0: 100}, rest_to=5)


def test_a_sure_partner_protects_the_banker() -> None:
    """Seat 3 will be the banker's partner (it holds every AH), so the banker's 9 is a
    teammate's trick: it passes instead of beating it with the J (R24.1 protect)."""
    game = _sure([(0, "9S")], 3)
    s = suggest(game, 3)
    assert s.action == Action.pass_(3)
    assert "protect teammates" in s.reason and "seat 0 is a teammate" in s.reason
    assert "holds every AH left" in s.reason
    assert any(_cards_of(a.action) == ["JC"] for a in s.alternatives)


def test_a_sure_partner_reveals_itself_on_the_lead() -> None:
    game = _sure(None, 3)
    s = suggest(game, 3)
    assert _cards(s) == ["AH"]
    assert "find hidden partners" in s.reason and "1st AH" in s.reason
    assert "holds every AH left" in s.reason
    assert [_cards_of(a.action) for a in s.alternatives] == [["7C"]]


def test_a_sure_partner_reveals_itself_beating_a_defender() -> None:
    """Against seat 4 (a defender for certain once seat 3 joins: both calls are then
    settled) seat 3 beats with the called AH rather than the cheaper J."""
    game = _sure([(4, "9S")], 3)
    s = suggest(game, 3)
    assert _cards(s) == ["AH"]
    assert "find hidden partners" in s.reason and "become the partner now" in s.reason


HOLDER = {**REST, 3: "AH 4C 4D 7S", 4: "AH 9C 8S 3S"}
"""Seat 3 holds one AH, seat 4 another: either may play the 1st AH."""


def test_joins_when_the_banker_side_has_the_points_already() -> None:
    """The banker side holds 190 points with seat 3's 5: the defenders cannot reach 120
    (R21.1), so seat 3 leads its AH and becomes the partner (a sure win) instead of its
    low pair; with the banker side at 100 it leads the pair as usual."""
    ahead = _open(HOLDER, None, 3, captured={0: 185, 3: 5}, rest_to=4)
    s = suggest(ahead, 3)
    assert _cards(s) == ["AH"]
    assert "find hidden partners" in s.reason and "cannot reach 120" in s.reason
    behind = _open(HOLDER, None, 3, captured={0: 100, 3: 5}, rest_to=4)
    assert _cards(suggest(behind, 3)) == ["4C", "4D"]


def test_a_holder_is_told_when_its_play_makes_it_the_partner() -> None:
    """Seat 4 beats seat 5's K with its A as usual; the reason says that A is the 1st AH
    and makes seat 4 the banker's partner."""
    game = _open({**HOLDER, 4: "AH 9C 8S 3S", 5: "KD 6C"}, [(5, "KD")], 4,
                 captured={0: 100}, rest_to=5)
    s = suggest(game, 4)
    assert _cards(s) == ["AH"]
    assert "the 1st AH makes this seat seat 0's partner" in s.reason


@pytest.mark.slow
def test_never_looks_at_hidden_cards_when_holding_called_faces() -> None:
    """The shuffle test above, at the decisions of seats holding a face of an open call,
    and at the pinned positions above: the suggestion is unchanged whatever the hidden
    cards are."""
    rng = random.Random(23)
    compared = 0
    for seed in range(30):
        game = Game.new(seed=seed)
        while (decision := game.pending()) is not None:
            advice = suggest(game, decision.seat)  # the heuristic player's choice, once
            if decision.kind == "play" and call_plan(
                    game.observe(), decision.seat, game.hand(decision.seat)).held:
                mine = advice.to_json()
                other = shuffled(game, decision.seat, rng)
                assert suggest(other, decision.seat).to_json() == mine
                compared += 1
            game.apply(advice.action)
    assert compared > 100
    pinned = [(_sure([(0, "9S")], 3), 3), (_sure(None, 3), 3),
              (_open({**REST, 0: "AH 2S 4D 6S", 3: "7D 8D", 4: "AH 8S 9S"},
                     [(4, "KD")], 0), 0),
              (_open(HOLDER, None, 3, captured={0: 185, 3: 5}, rest_to=4), 3)]
    for game, seat in pinned:
        mine = suggest(game, seat).to_json()
        for _ in range(3):
            assert suggest(shuffled(game, seat, rng), seat).to_json() == mine


def test_the_bench_counts_a_sure_partner_with_the_bankers() -> None:
    """Seat 3 will be the partner (it holds every AH): the bench lets the heuristic play it
    for the bankers and the random player for the defenders' run."""
    game = _sure(None, 3)
    assert plays_for_bankers(game, 3) and not plays_for_bankers(game, 4)
    holder = _open(HOLDER, None, 3, captured={0: 100, 3: 5}, rest_to=4)
    assert not plays_for_bankers(holder, 3)  # one AH of three: it may or may not join
    heuristic = suggest(game, 3).action
    assert SidePlayer("heuristic bankers", 1).choose(game) == heuristic
    assert SidePlayer("heuristic defenders", 1).choose(game) != heuristic
