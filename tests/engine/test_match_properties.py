"""Properties of whole random matches played by the seeded random player."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fivetenk.reference.cards import Rank, full_deck
from fivetenk.reference.game import Game, Phase
from fivetenk.reference.random_player import RandomPlayer, replay_match
from fivetenk.reference.random_player import play_match as play_random_match
from fivetenk.reference.settlement import band_for
from fivetenk.reference.variants import Variants

PACK_SIZE = len(full_deck())

VARIANTS = st.builds(
    Variants,
    pass_rule=st.sampled_from(["turn", "trick"]),
    call_ordinal=st.sampled_from(["bounded", "any"]),
    wing_ranks=st.sampled_from(["shared", "distinct"]),
    rocket=st.sampled_from(["pair", "joker_sets"]),
)


def cards_accounted(game: Game) -> int:
    """Cards in hands, buried, on the table, already played, or still to be dealt."""
    obs = game.observe()
    held = int(sum(obs["hand_sizes"]))
    if game.phase is Phase.DEALING:
        return held + (PACK_SIZE - int(obs["draws"]))
    played = sum(len(a.cards) for a in game.history if a.type == "play")
    return held + len(game.buried) + played


def play_checked(seed: int, hands: int, variants: Variants) -> Game:
    game, player = Game.new(seed=seed, variants=variants), RandomPlayer(seed)
    for index in range(hands):
        if index:
            game.next_hand()
        before = list(game.levels)
        steps = 0
        while game.pending() is not None:
            game.apply(player.choose(game))
            steps += 1
            assert cards_accounted(game) == PACK_SIZE
            assert steps < 5000, "a hand must end"
        obs = game.observe()
        result = obs["result"]
        # 300 points every hand (R06.2, R20.2)
        assert (sum(obs["captured"]) + result["table_points"] + result["kitty_points"]
                + result["remnant_points"]) == 300
        assert result["defender_total"] + result["banker_total"] == 300
        assert result["defender_total"] % 5 == 0
        # banker side of one to three players (R01.3)
        assert 1 <= len(result["banker_side"]) <= 3
        assert obs["banker"] in result["banker_side"]
        # levels never go down and move only as the band table says (D23, D24)
        band = band_for(result["defender_total"])
        assert result["band"] == band.label and result["advance"] == band.advance
        winners = set(result["banker_side"] if band.winners == "bankers" else result["defenders"])
        for seat in range(6):
            new = Rank.parse(obs["levels"][seat])
            expected = min(before[seat] + band.advance, Rank.ACE) if seat in winners \
                else before[seat]
            assert new == expected and new >= before[seat]
        if game.match_over:
            break
    return game


@settings(derandomize=True, deadline=None, max_examples=20)
@given(seed=st.integers(0, 10**6), variants=VARIANTS)
def test_random_matches_keep_the_invariants(seed: int, variants: Variants) -> None:
    play_checked(seed, 3, variants)


def test_a_long_match_reaches_a_winner() -> None:
    game = play_checked(7, 60, Variants())
    assert game.match_over and game.match_winners


@settings(derandomize=True, deadline=None, max_examples=5)
@given(seed=st.integers(0, 10**6))
def test_recorded_matches_replay_identically(seed: int) -> None:
    records = play_random_match(seed, hands=2)
    game = replay_match(records)
    again = play_random_match(seed, hands=2)
    assert [r.to_json() for r in again] == [r.to_json() for r in records]
    assert game.observe()["result"] == records[-1].to_json()["result"]
