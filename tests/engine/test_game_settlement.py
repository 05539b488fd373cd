"""Bands, advancement, the match and the next hand (rules 7, 21–23; D23–D25)."""

from __future__ import annotations

import pytest
from helpers import arrange_deck

from fivetenk.model.position_builder import build_position
from fivetenk.reference.actions import Action
from fivetenk.reference.cards import Rank
from fivetenk.reference.errors import IllegalAction
from fivetenk.reference.game import Game, Phase
from fivetenk.reference.settlement import advance_levels, band_for


@pytest.mark.parametrize(
    ("total", "label", "winners", "advance", "clause"),
    [
        (0, "0", "bankers", 3, "R21.1"),
        (5, "5-55", "bankers", 2, "R21.2"),
        (55, "5-55", "bankers", 2, "R21.2"),
        (60, "60-115", "bankers", 1, "R21.3"),
        (115, "60-115", "bankers", 1, "R21.3"),
        (120, "120-175", "defenders", 0, "R21.4"),
        (175, "120-175", "defenders", 0, "R21.4"),
        (180, "180-235", "defenders", 1, "R21.5"),
        (235, "180-235", "defenders", 1, "R21.5"),
        (240, "240-295", "defenders", 2, "R21.6"),
        (295, "240-295", "defenders", 2, "R21.6"),
        (300, "300", "defenders", 3, "R21.7"),
    ],
)
def test_band_boundaries(total: int, label: str, winners: str, advance: int, clause: str) -> None:
    band = band_for(total)
    assert (band.label, band.winners, band.advance, band.clause) == (label, winners, advance,
                                                                     clause)


@pytest.mark.parametrize("total", [-5, 3, 305])
def test_band_rejects_impossible_totals(total: int) -> None:
    with pytest.raises(ValueError):
        band_for(total)


@pytest.mark.parametrize(
    ("level", "steps", "new", "wins"),
    [("A", 1, "A", True), ("K", 2, "A", True), ("Q", 3, "A", True), ("J", 3, "A", False),
     ("K", 1, "A", False), ("3", 3, "6", False), ("10", 2, "Q", False)],
)
def test_advancing_passes_a(level: str, steps: int, new: str, wins: bool) -> None:
    levels = [Rank.parse(level)] + [Rank.THREE] * 5
    new_levels, advanced, winners = advance_levels(levels, [0], steps)
    assert new_levels[0].symbol == new and advanced == [steps, 0, 0, 0, 0, 0]
    assert winners == ([0] if wins else [])


def settle_with(defender_total: int, levels: list[str] | None = None) -> Game:
    """Banker 0 with partner 1 plays their last card; the defenders captured
    ``defender_total`` (seat 2) and hold no scoring cards, so the total is exact."""
    captured = {2: defender_total} if defender_total else {}
    game = Game.from_position(build_position(
        {0: "6D", 3: "7D"}, banker=0, calls=[("AH", 1, 1), ("AS", 1, 0)],
        captured=captured, rest_to=0, levels=levels,
    ))
    game.apply(Action.play(0, "6D"))
    assert game.phase is Phase.FINISHED
    return game


@pytest.mark.parametrize(
    ("total", "levels"),
    [
        (0, ["6", "6", "3", "3", "3", "3"]),
        (5, ["5", "5", "3", "3", "3", "3"]),
        (55, ["5", "5", "3", "3", "3", "3"]),
        (60, ["4", "4", "3", "3", "3", "3"]),
        (115, ["4", "4", "3", "3", "3", "3"]),
        (120, ["3", "3", "3", "3", "3", "3"]),
        (175, ["3", "3", "3", "3", "3", "3"]),
        (180, ["3", "3", "4", "4", "4", "4"]),
        (235, ["3", "3", "4", "4", "4", "4"]),
        (240, ["3", "3", "5", "5", "5", "5"]),
        (295, ["3", "3", "5", "5", "5", "5"]),
    ],
)
def test_settlement_by_band(total: int, levels: list[str]) -> None:
    game = settle_with(total)
    result = game.observe()["result"]
    assert result["defender_total"] == total and result["banker_total"] == 300 - total
    assert result["levels"] == levels and game.observe()["levels"] == levels


def test_defenders_300_each_plus_three() -> None:
    # the defenders captured everything except what is buried; the solo banker holds no
    # points and leads the last card, so the kitty goes to the banker: use a kitty of 0
    game = Game.from_position(build_position(
        {0: "6D", 3: "7D"}, banker=0, calls=[("AH", 1, 0), ("AS", 1, 0)],
        captured={2: 300}, rest_to=2,
    ))
    game.apply(Action.play(0, "6D"))
    result = game.observe()["result"]
    assert result["band"] == "300" and result["advanced"] == [0, 3, 3, 3, 3, 3]


def test_each_winner_advances_from_their_own_level() -> None:
    game = settle_with(60, levels=["3", "9", "5", "5", "5", "5"])
    assert game.observe()["result"]["levels"] == ["4", "10", "5", "5", "5", "5"]
    assert game.observe()["result"]["advanced"] == [1, 1, 0, 0, 0, 0]


def test_king_plus_two_wins_the_match() -> None:
    game = settle_with(30, levels=["K", "9", "5", "5", "5", "5"])
    obs = game.observe()
    assert obs["result"]["match_winners"] == [0] and obs["match_over"]
    assert obs["levels"][0] == "A" and obs["levels"][1] == "J"
    assert game.match_winners == (0,)
    with pytest.raises(IllegalAction) as err:
        game.next_hand()
    assert err.value.clause == "R07.2"


def test_joint_winners() -> None:
    game = settle_with(0, levels=["Q", "A", "5", "5", "5", "5"])
    assert game.observe()["result"]["match_winners"] == [0, 1]
    assert game.match_over


def test_jack_plus_three_stops_at_ace() -> None:
    game = settle_with(0, levels=["J", "3", "5", "5", "5", "5"])
    obs = game.observe()
    assert obs["levels"][0] == "A" and not obs["match_over"]


def test_next_hand_only_after_settlement() -> None:
    game = Game.new(seed=3)
    with pytest.raises(IllegalAction) as err:
        game.next_hand()
    assert err.value.clause == "R23.1"


def test_next_hand_resets_teams_and_keeps_levels() -> None:
    game = settle_with(200)  # defenders 2-5 win +1
    game.next_hand(deck=arrange_deck({}, late=[Rank.THREE, Rank.FOUR]))
    obs = game.observe()
    assert obs["hand"] == 2 and obs["levels"] == ["3", "3", "4", "4", "4", "4"]
    assert obs["previous_winners"] == [2, 3, 4, 5] and obs["result"] is None
    assert obs["calls"] == [] and obs["partners"] == [] and obs["captured"] == [0] * 6
    assert game.first == 1
    while game.phase is Phase.DEALING:
        game.apply(Action.skip(game.pending().seat))  # type: ignore[union-attr]
    assert game.banker == 2  # D5: first previous winner after seat 0
