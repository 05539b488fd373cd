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
import re
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from helpers import PLAYS, ROOT, arrange_deck

from fivetenk.impl import drivers
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.language import find_step, render_steps
from fivetenk.language.compiler import compile_text
from fivetenk.model.position_builder import build_position
from fivetenk.reference import Combo, Variants, choose_reading, classify, parse_cards
from fivetenk.reference import rejections as table
from fivetenk.reference.actions import Action
from fivetenk.reference.cards import Card, Rank, full_deck
from fivetenk.reference.errors import IllegalAction, RulesError
from fivetenk.reference.game import Game, Phase
from fivetenk.reference.random_player import RandomPlayer
from fivetenk.suite.runner import run_scenario

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


def test_the_engine_play_rejections_equal_the_d35_table() -> None:
    rows = [(tuple(() if r["reply"] == "any" else r["reply"]), tuple(r["top"]), r["code"],
             r["description"]) for r in d35()["play_rejections"]]
    assert rows == [tuple(r) for r in table.PLAY_REJECTIONS]
    kinds = set(table.READING_KINDS)
    for reply, top, code, _ in rows:
        assert code in table.CLAUSE and set(reply) <= kinds and set(top) <= kinds
    # every kind of top play has a row that refuses anything played on it
    assert {k for _, top, _, _ in rows for k in top} == kinds


# -- which code refuses a play that does not beat: decided by the table alone ---------------------


def _kind(reading: Combo, variants: dict[str, str]) -> str:
    """The test's own reading of D35's kinds (not the engine's reading_kind)."""
    if (reading.shape.value == "bomb" and reading.size == 12
            and variants.get("twelve_bomb") == "beats_rocket"):
        return "twelve-bomb"
    return {"5-10-K mixed": "mixed", "5-10-K suited": "suited", "bomb": "bomb",
            "rocket": "rocket"}.get(reading.shape.value, "ordinary")


def _row_of_the_table(reply_kinds: set[str], top_kind: str) -> int:
    """The first row of D35's play_rejections (as spec/rulings.yaml writes it) for a reply
    with readings of ``reply_kinds`` on a top play of ``top_kind``."""
    for n, row in enumerate(d35()["play_rejections"]):
        reply = row["reply"]
        if top_kind in row["top"] and (reply == "any" or reply_kinds & set(reply)):
            return n
    raise AssertionError(f"no row of play_rejections for {reply_kinds} on {top_kind}")


def test_every_play_rejection_cites_the_code_the_table_gives() -> None:
    """A reply that does not beat is refused with the code of the first row of D35's
    play_rejections that fits the kinds of its readings and of the top play: a changed
    citation, in the table or in the engine, fails here. Every row is reached."""
    rows = d35()["play_rejections"]
    reached: set[int] = set()
    for variants, top, reply in PLAYS:
        game = Game.from_position(build_position(
            {0: "6H", 1: f"{reply} 6S"}, trick=[(0, top)], variants=variants))
        top_kind = _kind(choose_reading(parse_cards(top), variants=Variants.from_mapping(
            variants)), variants)
        kinds = {_kind(r, variants) for r in classify(parse_cards(reply),
                                                      Variants.from_mapping(variants))}
        row = _row_of_the_table(kinds, top_kind)
        reached.add(row)
        with pytest.raises(IllegalAction) as err:
            game.apply(Action.play(1, reply))
            pytest.fail(f"accepted: {reply} on {top} under {variants}")
        assert (err.value.rejection, err.value.clause) == (
            rows[row]["code"], table.CLAUSE[rows[row]["code"]]), (variants, top, reply)
    assert reached == set(range(len(rows)))


# -- the words of D35 say what the tables say ------------------------------------------------------

IN_WORDS: list[tuple[str, list[str]]] = [
    # each phrase of D35's "In words", in order, and the codes it speaks of (their clauses,
    # in this order and without repeats, are the clauses the phrase cites)
    ("an action after the hand is over", ["hand-over"]),
    ("starting a next hand before this one is settled", ["next-hand-unsettled"]),
    ("after the match is over", ["next-hand-match-over"]),
    ("a reveal or skip once the banker is fixed",
     ["reveal-after-banker-first-hand", "reveal-after-banker"]),
    ("a bury, call, play or pass in the wrong phase", ["wrong-phase"]),
    ("a reveal or skip by a previous loser", ["reveal-by-previous-loser"]),
    ("a reveal or skip when not prompted", ["reveal-not-prompted-first-hand",
                                            "reveal-not-prompted"]),
    ("a reveal of another rank or of a card not held",
     ["reveal-wrong-rank-first-hand", "reveal-not-held-first-hand", "reveal-wrong-rank",
      "reveal-not-held"]),
    ("a play or pass out of turn", ["not-your-turn"]),
    ("a bury or call by another seat than the banker", ["not-your-decision"]),
    ("a burial that is not six held cards", ["bury-count", "bury-not-held"]),
    ("other than two calls or equal faces", ["call-count", "call-same-face"]),
    ("a 2 or joker", ["call-two-or-joker"]),
    ("a face that is not callable", ["call-not-callable"]),
    ("an ordinal out of bounds", ["call-ordinal"]),
    ("a play of no cards or of cards the player does not hold, or a leader's pass",
     ["play-empty", "play-not-held", "lead-pass"]),
    ("a play that is no legal combination", ["no-combination", "bad-declared-reading"]),
    ("an ordinary reply of another type or count", ["ordinary-reply"]),
    ("against a 5,10,K", ["five-ten-king-tier", "five-ten-king-suited", "five-ten-king-mixed"]),
    ("against a bomb", ["bomb-over", "bomb-order"]),
    ("against a rocket", ["rocket"]),
]

_CITED = re.compile(r"\b(R\d\d)\.(\d+)(?:\s*[–-]\s*R\d\d\.(\d+))?")


def _cited(text: str) -> list[str]:
    """The clauses a piece of D35's words cites, ranges (R04.1–R04.3) spelled out."""
    out: list[str] = []
    for rule, first, last in _CITED.findall(text):
        out += [f"{rule}.{n}" for n in range(int(first), int(last or first) + 1)]
    return out


def test_the_words_of_d35_cite_what_the_table_says() -> None:
    """The prose of D35 ("In words: …") is a third copy of the clauses: each of its
    phrases must cite exactly the clauses of the codes it speaks of, and together they
    speak of every code once."""
    words = d35()["text"].split("In words:", 1)[1]
    starts: list[int] = []
    at = 0
    for phrase, _ in IN_WORDS:
        found = words.find(phrase, at)
        assert found >= 0, f"D35's words no longer say {phrase!r} (after character {at})"
        starts.append(found)
        at = found + len(phrase)
    ends = [*starts[1:], len(words)]
    for (phrase, codes), start, end in zip(IN_WORDS, starts, ends, strict=True):
        expected = list(dict.fromkeys(table.CLAUSE[code] for code in codes))
        assert _cited(words[start:end]) == expected, (phrase, words[start:end])
    spoken = [code for _, codes in IN_WORDS for code in codes]
    assert sorted(spoken) == sorted(table.CLAUSE)


def test_the_engine_cites_clauses_only_through_the_table() -> None:
    """Every ``IllegalAction(...)`` in reference/ names its code (``rejection=``), never a
    clause of its own; the only one without a code is a query misuse with no clause
    (``to_position`` outside a hand, in the Python API beside the engine), which refuses
    no action."""
    uncoded: list[str] = []
    for path in sorted((ROOT / "reference").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                words = {k.arg for k in node.keywords}
                assert "clause" not in words, f"{path.name}:{node.lineno} cites a clause itself"
                if "rejection" not in words:
                    uncoded.append(f"{path.name}:{node.lineno}")
    assert len(uncoded) == 1 and uncoded[0].startswith("python_api.py:"), uncoded


def test_refused_plays_cite_clauses_only_through_the_table() -> None:
    """Every ``IllegalPlay(...)`` in reference/ names its code (``rejection=``), except the
    one an impossible reading raises (``Combo``), which the notation parser turns into
    bad input and which refuses no play by itself."""
    own: list[str] = []
    for path in sorted((ROOT / "reference").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalPlay"
                    and "rejection" not in {k.arg for k in node.keywords}):
                own.append(f"{path.name}:{node.lineno}")
    assert len(own) == 1 and own[0].startswith("combos.py:"), own


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


def test_every_rejection_kind_reaches_the_reply_with_its_d35_code() -> None:
    """Each rejection path of the engine (the walk of :data:`CASES`, which covers every
    code of the table) becomes a reply whose ``error.code`` is the D35 code
    and whose clause is the table's."""
    seen = set()
    for code, make, act in CASES:
        game = make()
        with pytest.raises(IllegalAction) as err:
            act(game)
        reply = drivers.rejection(err.value)
        assert reply["error"]["code"] == code, (code, reply)
        assert reply["clause"] == reply["error"]["clause"] == table.CLAUSE[code]
        seen.add(code)
    assert seen == set(table.CLAUSE)
