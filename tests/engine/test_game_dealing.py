"""Dealing, reveal prompts, the first banker, redeals and later bankers (rules 8–10; D2–D7)."""

from __future__ import annotations

import pytest
from helpers import arrange_deck

from fivetenk.model.position_builder import build_position
from fivetenk.reference.actions import Action
from fivetenk.reference.cards import Card, Rank, full_deck
from fivetenk.reference.errors import IllegalAction, InvalidCards, InvalidPosition
from fivetenk.reference.game import Game, Phase
from fivetenk.reference.random_player import RandomPlayer

THREES = [Rank.THREE]


def skip_all(game: Game) -> None:
    """Answer every reveal prompt with a skip until dealing is over (or a redeal starts)."""
    deal = game.observe()["deal"]
    while game.phase is Phase.DEALING and game.observe()["deal"] == deal:
        decision = game.pending()
        assert decision is not None and decision.kind == "reveal"
        game.apply(Action.skip(decision.seat))


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.observe(), [game.hand(s) for s in range(6)])


def assert_rejected(game: Game, action: dict[str, object], clause: str) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.clause == clause, err.value
    assert snapshot(game) == before
    assert not game.is_legal(action)


# -- the deal (D2) ------------------------------------------------------------------------------


def test_deal_order_kitty_and_banker_hand() -> None:
    deck = arrange_deck({1: "3H"}, late=THREES)
    game = Game.new(deck=deck, first=2)
    assert game.pending() is not None and game.pending().seat == 2  # type: ignore[union-attr]
    assert game.observe()["draws"] == 1
    game.apply({"type": "reveal", "seat": 2, "card": "3H"})
    obs = game.observe()
    assert obs["phase"] == "burying" and obs["draws"] == 156 and obs["banker"] == 2
    assert obs["hand_sizes"] == [26, 26, 32, 26, 26, 26]
    assert game.hand(3) == sorted(deck[1:156:6])
    assert game.hand(2) == sorted([*deck[0:156:6], *deck[156:]])  # D7: kitty taken
    assert obs["pending"] == {"seat": 2, "decision": "bury"}


def test_first_seat_defaults_to_zero_in_the_first_hand() -> None:
    game = Game.new(deck=arrange_deck({1: "3D"}, late=THREES))
    assert game.first == 0
    assert game.observe()["pending"] == {"seat": 0, "decision": "reveal"}


def test_deck_must_be_the_pack() -> None:
    with pytest.raises(InvalidCards) as err:
        Game.new(deck=full_deck()[:-1])
    assert err.value.clause == "R01.1"
    deck = full_deck()
    deck[0] = deck[-1]
    with pytest.raises(InvalidCards) as err:
        Game.new(deck=deck)
    assert err.value.clause == "R01.1"
    assert "BJ" in err.value.message and "3D" in err.value.message


def test_bad_setup_lists_every_problem() -> None:
    with pytest.raises(InvalidPosition) as err:
        Game.new(seed=1, first=9, levels=["3"] * 5, hand_number=2)
    assert len(err.value.problems) == 4


# -- reveal prompts (D3, D4) ----------------------------------------------------------------------


def test_only_the_receiving_player_is_prompted() -> None:
    game = Game.new(deck=arrange_deck({3: "3H", 4: "3S"}, late=THREES), first=0)
    assert game.observe()["pending"] == {"seat": 2, "decision": "reveal"}
    assert game.observe()["draws"] == 3
    # seat 3 is not prompted yet: it has no card of its level
    assert_rejected(game, {"type": "reveal", "seat": 3, "card": "3S"}, "R08.3")
    game.apply({"type": "skip", "seat": 2})
    assert game.observe()["pending"] == {"seat": 3, "decision": "reveal"}
    assert game.observe()["draws"] == 4


def test_skip_then_prompted_again_at_a_later_draw() -> None:
    game = Game.new(deck=arrange_deck({3: "3H"}, late=THREES), first=0)
    game.apply(Action.skip(2))
    obs = game.observe()
    assert obs["pending"] == {"seat": 2, "decision": "reveal"} and obs["draws"] == 9
    game.apply(Action.skip(2))
    assert game.observe()["draws"] == 15
    game.apply(Action.reveal(2, "3H"))
    assert game.observe()["reveal"] == {"seat": 2, "card": "3H", "draw": 15}
    assert game.banker == 2


def test_reveal_legal_actions_and_wrong_cards() -> None:
    game = Game.new(deck=arrange_deck({3: "3H", 9: "3D"}, late=THREES), first=0)
    game.apply(Action.skip(2))
    assert game.legal_actions() == [Action.reveal(2, "3D"), Action.reveal(2, "3H"), Action.skip(2)]
    assert_rejected(game, {"type": "reveal", "seat": 2, "card": "3S"}, "R08.1")
    assert_rejected(game, {"type": "reveal", "seat": 2, "card": "4D"}, "R08.1")
    assert_rejected(game, {"type": "bury", "seat": 2, "cards": ["3H"] * 1}, "R10.1")


def test_first_reveal_fixes_the_banker_no_overturning() -> None:
    game = Game.new(deck=arrange_deck({3: "3H", 4: "3S"}, late=THREES), first=0)
    game.apply(Action.reveal(2, "3H"))
    obs = game.observe()
    assert obs["banker"] == 2 and obs["phase"] == "burying"  # no prompt for seat 3 at draw 4
    assert_rejected(game, {"type": "reveal", "seat": 3, "card": "3S"}, "R08.3")
    assert_rejected(game, {"type": "skip", "seat": 3}, "R08.3")


def test_revealed_card_stays_in_hand_and_may_be_buried() -> None:
    game = Game.new(deck=arrange_deck({1: "3H"}, late=THREES), first=0)
    game.apply(Action.reveal(0, "3H"))
    assert Card.parse("3H") in game.hand(0)
    cards = [*[c for c in game.hand(0) if c.face != "3H"][:5], Card.parse("3H")]
    game.apply(Action.bury(0, cards))
    assert game.phase is Phase.CALLING
    assert Card.parse("3H") in game.buried


def test_prompt_after_the_last_draw_then_no_more_reveals() -> None:
    # every 3 dealt sits in draws 151-156 (and the kitty): the last prompt follows draw 156
    game = Game.new(deck=arrange_deck({}, late=THREES), first=0)
    assert game.observe()["draws"] == 151
    while game.observe()["draws"] < 156:
        game.apply(Action.skip(game.pending().seat))  # type: ignore[union-attr]
    assert game.observe()["pending"] == {"seat": 5, "decision": "reveal"}
    game.apply(Action.reveal(5, game.hand(5)[0]))
    assert game.banker == 5 and game.phase is Phase.BURYING


# -- nobody reveals (R08.4, D5) -------------------------------------------------------------------


def test_first_hand_redeal_uses_the_given_decks_then_the_seed() -> None:
    first = arrange_deck({}, late=THREES)
    second = arrange_deck({2: "3C"}, late=THREES)
    game = Game.new(deck=first, redeals=[second], first=0, seed=5)
    skip_all(game)
    obs = game.observe()
    assert obs["deal"] == 2 and obs["hand"] == 1 and obs["banker"] is None
    assert obs["pending"] == {"seat": 1, "decision": "reveal"} and obs["draws"] == 2
    skip_all(game)
    assert game.observe()["deal"] == 3
    assert len(game.deal_decks) == 3 and game.deal_decks[:2] == (first, second)
    again = Game.new(deck=first, redeals=[second], first=0, seed=5)
    skip_all(again)
    skip_all(again)
    assert again.deal_decks == game.deal_decks  # the reshuffle is seeded


# -- later hands (R09, D5, D6) --------------------------------------------------------------------


def later_hand(deck: tuple[Card, ...], **kw: object) -> Game:
    options: dict[str, object] = {
        "hand_number": 2, "levels": ["4", "5", "3", "3", "3", "3"],
        "previous_winners": [1], "previous_banker": 3, "first": 0,
    }
    options.update(kw)
    return Game.new(deck=deck, **options)  # type: ignore[arg-type]


def test_previous_losers_cannot_reveal() -> None:
    deck = arrange_deck({1: "4H", 2: "5S"}, late=[Rank.FOUR, Rank.FIVE])
    game = later_hand(deck)
    # seat 0 holds its level card 4H from draw 1 but lost the previous hand: no prompt
    assert game.observe()["pending"] == {"seat": 1, "decision": "reveal"}
    assert game.observe()["draws"] == 2
    assert_rejected(game, {"type": "reveal", "seat": 0, "card": "4H"}, "R09.1")
    assert_rejected(game, {"type": "reveal", "seat": 1, "card": "4H"}, "R09.2")
    game.apply(Action.reveal(1, "5S"))
    assert game.banker == 1


@pytest.mark.parametrize(
    ("winners", "previous_banker", "banker"),
    [([0, 4], 4, 0), ([2], 2, 2), ([1, 2], 1, 2), ([1, 3, 5], 5, 1), ([0, 1, 2], 0, 1)],
)
def test_fallback_search_from_the_previous_banker(
    winners: list[int], previous_banker: int, banker: int
) -> None:
    deck = arrange_deck({}, late=[Rank.FOUR, Rank.FIVE, Rank.THREE])
    game = later_hand(deck, levels=["4"] * 6, previous_winners=winners,
                      previous_banker=previous_banker)
    skip_all(game)
    obs = game.observe()
    assert obs["banker"] == banker and obs["reveal"] is None and obs["deal"] == 1
    assert obs["phase"] == "burying" and obs["hand_sizes"][banker] == 32


def finished_solo_hand(defender_points: int, levels: list[str] | None = None) -> Game:
    """A solo banker (seat 0) plays their last card: bankers out (R17.2) with the
    defenders holding ``defender_points`` captured by seat 1."""
    position = build_position(
        {0: "6D", 1: "7D", 2: "7C"}, banker=0, captured={1: defender_points}, rest_to=0,
        levels=levels,
    )
    game = Game.from_position(position)
    game.apply(Action.play(0, "6D"))
    assert game.phase is Phase.FINISHED
    return game


def test_defenders_who_won_at_120_to_175_may_reveal() -> None:
    game = finished_solo_hand(150)
    result = game.outcome()
    assert result is not None and result.band.label == "120-175" and result.advance == 0
    game.next_hand(deck=arrange_deck({6: "3S", 7: "3H"}, late=THREES))
    obs = game.observe()
    assert obs["hand"] == 2 and obs["previous_winners"] == [1, 2, 3, 4, 5]
    assert game.first == 1  # D2: the seat after the previous banker
    # draw 6 gives 3S to seat 0, the losing banker: no prompt; draw 7 prompts seat 1
    assert obs["pending"] == {"seat": 1, "decision": "reveal"} and obs["draws"] == 7


def test_revealing_the_level_reached_after_advancing() -> None:
    game = finished_solo_hand(80)  # 60-115: the solo banker advances 3 -> 4
    assert game.observe()["levels"] == ["4", "3", "3", "3", "3", "3"]
    game.next_hand(deck=arrange_deck({1: "3D", 7: "4D"}, late=[Rank.THREE, Rank.FOUR]), first=0)
    obs = game.observe()
    assert obs["previous_winners"] == [0]
    assert obs["pending"] == {"seat": 0, "decision": "reveal"} and obs["draws"] == 7
    assert_rejected(game, {"type": "reveal", "seat": 0, "card": "3D"}, "R09.2")
    game.apply(Action.reveal(0, "4D"))
    assert game.banker == 0


def test_same_seed_same_game() -> None:
    def run() -> list[dict[str, object]]:
        game, player = Game.new(seed=11), RandomPlayer(11)
        seen = []
        while game.pending() is not None:
            game.apply(player.choose(game))
            seen.append(game.observe())
        return seen

    assert run() == run()
