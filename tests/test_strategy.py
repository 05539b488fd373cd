"""The heuristic player of issue 11 (tools/strategy.py): legal, blind to hidden cards,
explained by R24.1, deterministic, and sensible in a few pinned situations."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from fivetenk.bench_strategy import SidePlayer, play_one
from fivetenk.reference.actions import Action
from fivetenk.reference.cards import Rank
from fivetenk.reference.game import Game, Phase
from fivetenk.reference.position import build_position
from fivetenk.strategy import AIMS, CLAUSE, HeuristicPlayer, Suggestion, suggest

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


def _shuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same position with every card ``seat`` cannot see redistributed at random:
    other hands (sizes kept) and, unless ``seat`` is the banker, the burial (R10.2)."""
    pos = game.to_position()
    hidden_burial = seat != pos["banker"]
    others = [s for s in range(6) if s != seat]
    pool = [c for s in others for c in pos["hands"][s]]
    if hidden_burial:
        pool += pos["buried"]
    rng.shuffle(pool)
    for s in others:
        n = len(pos["hands"][s])
        pos["hands"][s], pool = pool[:n], pool[n:]
    if hidden_burial:
        pos["buried"] = pool
    return Game.from_position(pos)


def test_never_looks_at_hidden_cards() -> None:
    rng = random.Random(11)
    compared = 0
    for seed in range(12):
        game = Game.new(seed=seed)
        player = HeuristicPlayer()
        while (decision := game.pending()) is not None:
            if game.phase is not Phase.DEALING and rng.random() < 0.25:
                mine = suggest(game, decision.seat).to_json()
                for _ in range(2):
                    other = _shuffled(game, decision.seat, rng)
                    assert other.hand(decision.seat) == game.hand(decision.seat)
                    assert suggest(other, decision.seat).to_json() == mine
                    compared += 1
            game.apply(player.choose(game))
    assert compared > 100


def test_the_shuffle_changes_hidden_cards() -> None:
    """The shuffle test above would be vacuous if the shuffle kept every hand."""
    game = Game.new(seed=2)
    player = HeuristicPlayer()
    while game.phase is not Phase.PLAYING:
        game.apply(player.choose(game))
    other = _shuffled(game, 0, random.Random(1))
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
    from fivetenk.bench_strategy import MODES, main

    assert main(["--hands", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split("  ")[0].strip() for line in out[1:]] == list(MODES)
    assert "pts" in out[2] and "pts" not in out[1]
    assert main(["--hands", "0"]) == 2
    assert "--hands must be at least 1" in capsys.readouterr().err
