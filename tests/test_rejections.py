"""Ruling D35: every rejection the reference engine produces, and the clause it cites.

The table ``rejections`` of D35 in ``spec/rulings.yaml`` is primary; ``reference/rejections.py``
mirrors it (the engine is stdlib-only and reads no YAML). These tests check that the two are
equal, that the engine only ever cites a clause through a code of that table, that every
code is produced by some action (walking every rejection path) with the table's clause and
without changing the state, and that no rejection outside the table is ever raised.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from decks import arrange_deck

from fivetenk.compiler import compile_text
from fivetenk.drivers import ReferenceDriver
from fivetenk.language import find_step, render_steps
from fivetenk.reference import rejections as table
from fivetenk.reference.actions import Action
from fivetenk.reference.cards import Card, Rank, full_deck
from fivetenk.reference.errors import IllegalAction, RulesError
from fivetenk.reference.game import Game, Phase
from fivetenk.reference.position import build_position
from fivetenk.reference.random_player import RandomPlayer
from fivetenk.runner import run_scenario

ROOT = Path(__file__).resolve().parent.parent
THREES = [Rank.THREE]


def d35() -> dict[str, Any]:
    doc = yaml.safe_load((ROOT / "spec" / "rulings.yaml").read_text(encoding="utf-8"))
    return next(r for r in doc["rulings"] if r["id"] == "D35")


# -- one table: the YAML (primary) and the engine's mirror ----------------------------------------


def test_the_engine_table_equals_the_d35_table() -> None:
    ruling = d35()
    assert [(r["code"], r["clause"], r["description"]) for r in ruling["rejections"]] == [
        tuple(r) for r in table.REJECTIONS
    ]
    assert tuple(ruling["precedence"]) == table.PRECEDENCE
    assert sorted(table.PRECEDENCE) == sorted(table.CLAUSE)  # every code ranked once
    assert len(table.CLAUSE) == len(table.REJECTIONS)  # codes are unique


def test_play_codes_by_clause_are_codes_of_the_table() -> None:
    for clause, code in table.PLAY_CODE_BY_CLAUSE.items():
        assert table.CLAUSE[code] == clause


def test_the_engine_cites_clauses_only_through_the_table() -> None:
    """Every ``IllegalAction(...)`` in reference/ names its code (``rejection=``), never a
    clause of its own; the only one without a code is a query misuse with no clause
    (``to_position`` outside a hand), which refuses no action."""
    uncoded: list[str] = []
    for path in sorted((ROOT / "reference").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                words = {k.arg for k in node.keywords}
                assert "clause" not in words, f"{path.name}:{node.lineno} cites a clause itself"
                if "rejection" not in words:
                    uncoded.append(f"{path.name}:{node.lineno}")
    assert len(uncoded) == 1 and uncoded[0].startswith("game.py:"), uncoded


def test_a_code_outside_the_table_cannot_be_raised() -> None:
    with pytest.raises(KeyError):
        IllegalAction("nothing", rejection="no-such-rejection")


# -- walking every rejection path -----------------------------------------------------------------


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.observe(), [game.hand(s) for s in range(6)])


def first_hand(draws: dict[int, str]) -> Game:
    return Game.new(deck=arrange_deck(draws, late=THREES), first=0)


def later_hand(winners: list[int] | None = None) -> Game:
    """Hand 2: seat 0 (level 4) lost, seat 1 (level 5) won; seat 1 is prompted at draw 2."""
    deck = arrange_deck({1: "4H", 2: "5S"}, late=[Rank.FOUR, Rank.FIVE])
    return Game.new(deck=deck, hand_number=2, levels=["4", "5", "3", "3", "3", "3"],
                    previous_winners=winners or [1], previous_banker=3, first=0)


def burying() -> Game:
    game = first_hand({3: "3H"})
    game.apply(Action.reveal(2, "3H"))
    assert game.phase is Phase.BURYING
    return game


def not_held(game: Game, seat: int) -> Card:
    return next(c for c in full_deck() if c not in game.hand(seat) and c.rank != Rank.THREE)


def calling() -> Game:
    game = first_hand({1: "3H", 7: "AH"})
    game.apply(Action.reveal(0, "3H"))
    low = [c for c in game.hand(0) if c.rank not in (Rank.ACE, Rank.KING)][:6]
    game.apply(Action.bury(0, low))
    assert game.phase is Phase.CALLING
    return game


def playing(hands: dict[int, str], lead: str | None = None) -> Game:
    game = Game.from_position(build_position(hands))
    if lead is not None:
        game.apply(Action.play(0, lead))
    return game


def finished(levels: list[str] | None = None) -> Game:
    game = Game.from_position(build_position(
        {0: "6D", 3: "7D"}, banker=0, calls=[("AH", 1, 1), ("AS", 1, 0)], rest_to=0,
        levels=levels,
    ))
    game.apply(Action.play(0, "6D"))
    assert game.phase is Phase.FINISHED
    return game


def calls(*items: tuple[str, int]) -> list[dict[str, object]]:
    return [{"face": face, "ordinal": ordinal} for face, ordinal in items]


Case = tuple[str, Callable[[], Game], Callable[[Game], object]]
"""(code, the game, the rejected action or call on it)."""

MATCH_OVER = ["K", "9", "5", "5", "5", "5"]

CASES: list[Case] = [
    ("hand-over", finished, lambda g: g.apply(Action.play(3, "7D"))),
    # D35: after the match is over an action is refused as after any hand (R23.1)
    ("hand-over", lambda: finished(MATCH_OVER), lambda g: g.apply(Action.pass_(3))),
    ("reveal-after-banker-first-hand", burying, lambda g: g.apply(Action.skip(3))),
    ("reveal-after-banker-first-hand", burying, lambda g: g.apply(Action.reveal(2, "3H"))),
    ("reveal-after-banker", lambda: _revealed(later_hand([1, 2])),
     lambda g: g.apply(Action.skip(2))),
    ("wrong-phase", lambda: first_hand({3: "3H"}),
     lambda g: g.apply(Action.bury(2, g.hand(2)[:6]))),
    ("wrong-phase", burying, lambda g: g.apply(Action.pass_(2))),
    ("reveal-by-previous-loser", later_hand, lambda g: g.apply(Action.reveal(0, "4H"))),
    # D35: a skip by a previous loser cites R09.1 like a reveal
    ("reveal-by-previous-loser", later_hand, lambda g: g.apply(Action.skip(0))),
    ("reveal-not-prompted-first-hand", lambda: first_hand({3: "3H", 4: "3S"}),
     lambda g: g.apply(Action.reveal(3, "3S"))),
    ("reveal-not-prompted-first-hand", lambda: first_hand({3: "3H"}),
     lambda g: g.apply(Action.skip(4))),
    ("reveal-not-prompted", lambda: later_hand([1, 2]), lambda g: g.apply(Action.skip(2))),
    # D35: the first hand's reveal rule is R08.1, not the later hands' R09.2
    ("reveal-wrong-rank-first-hand", lambda: first_hand({3: "3H"}),
     lambda g: g.apply(Action.reveal(2, "4D"))),
    ("reveal-wrong-rank", later_hand, lambda g: g.apply(Action.reveal(1, "4H"))),
    ("reveal-not-held-first-hand", lambda: first_hand({3: "3H"}),
     lambda g: g.apply(Action.reveal(2, "3S"))),
    ("reveal-not-held", later_hand, lambda g: g.apply(Action.reveal(1, "5H"))),
    ("not-your-turn", lambda: playing({0: "9D 8D", 1: "9C 8C"}),
     lambda g: g.apply(Action.play(1, "9C"))),
    ("not-your-turn", lambda: playing({0: "9D 8D", 1: "9C 8C", 2: "7C 6C"}, "9D"),
     lambda g: g.apply(Action.pass_(2))),
    ("not-your-decision", burying, lambda g: g.apply(Action.bury(3, g.hand(3)[:6]))),
    ("not-your-decision", calling,
     lambda g: g.apply(Action.call(1, calls(("AH", 1), ("AS", 1))))),
    ("bury-count", burying, lambda g: g.apply(Action.bury(2, g.hand(2)[:5]))),
    ("bury-not-held", burying,
     lambda g: g.apply(Action.bury(2, [*g.hand(2)[:5], not_held(g, 2)]))),
    ("call-count", calling, lambda g: g.apply(Action.call(0, calls(("AH", 1))))),
    ("call-two-or-joker", calling,
     lambda g: g.apply(Action.call(0, calls(("2H", 1), ("AS", 1))))),
    ("call-not-callable", calling,
     lambda g: g.apply(Action.call(0, calls(("KH", 1), ("AS", 1))))),
    ("call-same-face", calling,
     lambda g: g.apply(Action.call(0, calls(("AH", 1), ("AH", 2))))),
    ("call-ordinal", calling, lambda g: g.apply(Action.call(0, calls(("AH", 4), ("AS", 1))))),
    ("play-empty", lambda: playing({0: "9D 8D", 1: "9C"}),
     lambda g: g.apply({"type": "play", "seat": 0, "cards": []})),
    ("play-not-held", lambda: playing({0: "9D 8D", 1: "9C"}),
     lambda g: g.apply(Action.play(0, "KS"))),
    ("lead-pass", lambda: playing({0: "9D 8D", 1: "9C"}), lambda g: g.apply(Action.pass_(0))),
    ("no-combination", lambda: playing({0: "7D 9D", 1: "9C"}),
     lambda g: g.apply(Action.play(0, "7D 9D"))),
    ("no-combination", lambda: playing({0: "7D 7C 9D", 1: "9C"}),
     lambda g: g.apply(Action.play(0, "7D 7C", shape="triple"))),
    ("bad-declared-reading", lambda: playing({0: "7D 9D", 1: "9C"}),
     lambda g: g.apply(Action.play(0, "7D", shape="straight+"))),
    ("bad-declared-reading", lambda: playing({0: "4D 4C 4H 4S 9D", 1: "9C"}),
     lambda g: g.apply(Action.play(0, "4D 4C 4H 4S", shape="bomb 3x4"))),
    ("ordinary-reply", lambda: playing({0: "9D 8D", 1: "7C 6C"}, "9D"),
     lambda g: g.apply(Action.play(1, "7C"))),
    ("ordinary-reply", lambda: playing({0: "9D 8D", 1: "JC JS 6C"}, "9D"),
     lambda g: g.apply(Action.play(1, "JC JS"))),
    ("five-ten-king-tier", lambda: playing({0: "5H 10H KH 8D", 1: "5C 10D KS 6C"}, "5H 10H KH"),
     lambda g: g.apply(Action.play(1, "5C 10D KS"))),
    ("five-ten-king-suited", lambda: playing({0: "5S 10S KS 8D", 1: "5D 10D KD 6C"}, "5S 10S KS"),
     lambda g: g.apply(Action.play(1, "5D 10D KD"))),
    ("five-ten-king-mixed", lambda: playing({0: "5C 10D KS 8D", 1: "5D 10C KH 6C"}, "5C 10D KS"),
     lambda g: g.apply(Action.play(1, "5D 10C KH"))),
    ("bomb-over", lambda: playing({0: "4D 4D 4C 4S 8D", 1: "9C 6C"}, "4D 4D 4C 4S"),
     lambda g: g.apply(Action.play(1, "9C"))),
    ("bomb-order", lambda: playing({0: "9D 9C 9H 9S 8D", 1: "4D 4C 4H 4S 6C"}, "9D 9C 9H 9S"),
     lambda g: g.apply(Action.play(1, "4D 4C 4H 4S"))),
    ("rocket", lambda: playing({0: "SJ BJ 8D", 1: "9C 6C"}, "SJ BJ"),
     lambda g: g.apply(Action.play(1, "9C"))),
    ("next-hand-unsettled", lambda: Game.new(seed=3), lambda g: g.next_hand()),
    ("next-hand-match-over", lambda: finished(MATCH_OVER), lambda g: g.next_hand()),
]


def _revealed(game: Game) -> Game:
    game.apply(Action.reveal(1, "5S"))
    assert game.banker == 1
    return game


@pytest.mark.parametrize(("code", "make", "act"), CASES,
                         ids=[f"{code}-{i}" for i, (code, _, _) in enumerate(CASES)])
def test_each_rejection_path_cites_its_table_clause(
    code: str, make: Callable[[], Game], act: Callable[[Game], object]
) -> None:
    game = make()
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        act(game)
    assert (err.value.rejection, err.value.clause) == (code, table.CLAUSE[code]), err.value
    assert snapshot(game) == before


def test_every_code_of_the_table_is_walked() -> None:
    assert {code for code, _, _ in CASES} == set(table.CLAUSE)


# -- nothing outside the table: probe random games with wrong actions -----------------------------


def _probes(game: Game, rng: random.Random) -> list[Action | dict[str, Any]]:
    seat = rng.randrange(6)
    hand = game.hand(seat)
    some = rng.sample(hand, min(len(hand), rng.randint(1, 6))) if hand else []
    return [
        Action.pass_(seat), Action.skip(seat), {"type": "play", "seat": seat, "cards": []},
        *([Action.play(seat, some), Action.bury(seat, some),
           Action.reveal(seat, some[0])] if some else []),
        Action.call(seat, calls(("AH", rng.randint(1, 3)), (rng.choice(["AS", "KH", "2C"]), 1))),
    ]


@pytest.mark.parametrize("seed", range(6))
def test_every_rejection_in_random_games_is_in_the_table(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    player = RandomPlayer(seed)
    seen: set[str] = set()
    for _ in range(3):  # up to three hands
        while game.pending() is not None:
            for probe in _probes(game, rng):
                before = snapshot(game)
                try:
                    game.apply(probe)
                except IllegalAction as err:
                    assert err.rejection in table.CLAUSE, err
                    assert err.clause == table.CLAUSE[err.rejection]
                    seen.add(err.rejection)
                    continue
                except RulesError:  # notation (e.g. three calls of one face): not an action
                    assert snapshot(game) == before
                    continue
                break  # a probe was legal: it was played
            else:
                game.apply(player.choose(game))
        for probe in _probes(game, rng):
            with pytest.raises(IllegalAction) as done:
                game.apply(probe)
            assert done.value.rejection == "hand-over"
        if game.match_over:
            break
        game.next_hand()
    assert "not-your-turn" in seen


# -- the plain phrase: rejected, any clause ------------------------------------------------

PLAIN = """\
Feature: plain rejections

  @id:plain-001 @R13.2 @D18 @D35
  Scenario: the leader may not pass
    Given a hand in play with seat 0 as banker
    And seat 0 holds "7S 9D"
    And seat 1 holds "8H"
    When seat 0 passes
    Then the action is rejected
"""


def test_the_plain_rejection_phrase_exports_accepted_false_only() -> None:
    assert find_step("then", "the action is rejected")[0].example == "the action is rejected"
    [scenario] = compile_text(PLAIN, "plain.feature")
    [act] = [s for s in scenario.steps if s["op"] == "act"]
    assert act["expect"] == {"accepted": False}
    assert "Then the action is rejected" in render_steps(scenario)
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"
    # judged on the rejection alone: an accepted action fails it, whatever the clause
    [legal] = compile_text(PLAIN.replace("seat 0 passes", 'seat 0 plays "7S"'), "p.feature")
    assert run_scenario(ReferenceDriver(), legal).status == "failed"
