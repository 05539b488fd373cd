"""Ruling D40: a refused position cites the clause of its problems' codes, never of their text.

``spec/rulings.yaml`` (D40's ``position_problems``) is primary and
``reference/rejections.py`` mirrors it. These tests check that the two are equal, that a
code shared with D35 cites D35's clause, that every code the parser writes is in the table
(and every code of the table is written), that changing every message leaves every clause
as it was, and that the same cards cite the same clause given in a position as played.
"""

from __future__ import annotations

import ast
import copy
from typing import Any

import pytest
import yaml
from helpers import PLAYS, ROOT

from fivetenk.reference import combos
from fivetenk.reference import position as position_module
from fivetenk.reference import rejections as table
from fivetenk.reference.actions import Action
from fivetenk.reference.cards import parse_cards
from fivetenk.reference.errors import IllegalAction, InvalidPosition, Problem
from fivetenk.reference.game import Game
from fivetenk.reference.position import parse_position
from fivetenk.suite import catalog

try:  # the kit's position builder (issue 30 moves it out of the engine, h30-mutation)
    from fivetenk.model.position_builder import build_position
except ImportError:
    from fivetenk.reference.position import build_position  # type: ignore[attr-defined,no-redef]



def d40() -> dict[str, Any]:
    doc = yaml.safe_load((ROOT / "spec" / "rulings.yaml").read_text(encoding="utf-8"))
    return next(r for r in doc["rulings"] if r["id"] == "D40")


def refusal(position: dict[str, Any]) -> InvalidPosition:
    with pytest.raises(InvalidPosition) as err:
        parse_position(position)
    return err.value


# -- one table: the YAML (primary) and the engine's mirror ----------------------------------------


def test_the_engine_table_equals_the_d40_table() -> None:
    rows = [(r["code"], r["clause"], r["description"]) for r in d40()["position_problems"]]
    assert rows == [tuple(r) for r in table.POSITION_PROBLEMS]
    assert len(table.POSITION_CLAUSE) == len(rows)  # codes are unique


def test_a_code_shared_with_d35_cites_the_clause_of_the_action() -> None:
    shared = set(table.POSITION_CLAUSE) & set(table.CLAUSE)
    assert {"bury-count", "call-count", "lead-pass", "no-combination", "ordinary-reply",
            "reveal-wrong-rank-first-hand"} <= shared
    for code in shared:
        assert table.POSITION_CLAUSE[code] == table.CLAUSE[code], code
    # every code a refused play can get (D35's play rejections) is a position code too
    assert {row.code for row in table.PLAY_REJECTIONS} <= shared


def _codes_written() -> set[str]:
    """The codes ``reference/position.py`` passes to its checker, read from the source."""
    tree = ast.parse((ROOT / "reference" / "position.py").read_text(encoding="utf-8"))
    codes: set[str] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "add" and node.args):
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                codes.add(first.value)
            elif isinstance(first, ast.IfExp):
                codes |= {n.value for n in (first.body, first.orelse)
                          if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return codes


def test_every_code_written_is_in_the_table_and_every_code_is_written() -> None:
    written = _codes_written()
    assert written <= set(table.POSITION_CLAUSE), written - set(table.POSITION_CLAUSE)
    # the rest come from the engine's own play and call checks, with their D35 codes
    from_plays = {row.code for row in table.PLAY_REJECTIONS} | {"no-combination",
                                                                 "bad-declared-reading"}
    from_calls = {"call-two-or-joker", "call-not-callable", "call-same-face", "call-ordinal"}
    assert set(table.POSITION_CLAUSE) - written == (from_plays | from_calls) - written


def test_no_clause_is_read_from_text() -> None:
    """Nothing in the engine reads a clause id out of a message."""
    for name in ("errors.py", "position.py"):
        text = (ROOT / "reference" / name).read_text(encoding="utf-8")
        assert "re.compile" not in text and "import re" not in text, name


# -- a message changed, the clause stays -----------------------------------------------------------


def refused_positions() -> list[Any]:
    return [s for s in catalog.shipped()
            if s.setup and "position" in s.setup and s.refused_start is not None]


def _clauses() -> dict[str, str | None]:
    out = {}
    for s in refused_positions():
        position = {**s.setup["position"], "variants": s.variants}
        out[s.id] = refusal(position).clause
    return out


def test_changing_every_message_changes_no_clause(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every problem's message is replaced by text naming another clause: every shipped
    refused position still cites the clause it cited, and each names one clause that its
    scenario expects (when it expects one)."""
    before = _clauses()
    assert len(before) >= 26

    def add(self: Any, code: str, message: str) -> None:
        self.problems.append(Problem(code, "R02.1 R24.9 (see R05.3)"))

    monkeypatch.setattr(position_module._Checker, "add", add)
    monkeypatch.setattr(combos, "why_illegal", lambda *a, **k: "a run is short (R03.4)")
    assert _clauses() == before
    for s in refused_positions():
        expected = s.refused_start["expect"].get("clause")
        if expected is not None:
            assert before[s.id] == expected, s.id


def test_a_lead_that_is_no_combination_cites_r03_1_in_a_position_as_in_play() -> None:
    """The issue's example: ``3S 4S 5S 6S 8S`` is a straight with a gap. Played, D35 cites
    R03.1 (``no-combination``); given as the lead of a position's trick, the same (the
    reference once cited R03.4 here, read from the message's wording)."""
    cards = "3S 4S 5S 6S 8S"
    game = Game.from_position(build_position({0: f"{cards} 9D", 1: "7D"}, banker=0))
    with pytest.raises(IllegalAction) as played:
        game.apply(Action.play(0, cards))
    position = build_position({0: "9D", 1: "7D", 2: "JC"}, banker=0, trick=[(0, "JD")])
    # the five cards leave the gone cards for the table, the JD goes back among the gone
    position["trick"]["plays"][0] = {"seat": 0, "cards": cards.split()}
    position["captured"][0] -= 5  # the 5S is on the table now, no longer captured
    refused = refusal(position)
    assert (played.value.rejection, played.value.clause) == ("no-combination", "R03.1")
    assert refused.codes == ["no-combination"] and refused.clause == "R03.1"


@pytest.mark.parametrize("variants, top, reply", PLAYS,
                         ids=[f"{t}|{r}" for _, t, r in PLAYS])
def test_a_reply_that_does_not_beat_cites_the_same_clause_in_a_position_as_in_play(
        variants: dict[str, str], top: str, reply: str) -> None:
    """Every row of D35's play rejections: seat 1 plays a reply that does not beat seat 0's
    lead (refused by ``act``), and a position whose trick holds that reply after that lead
    (refused as a position) cite the same code and clause."""
    position = build_position({0: "6H", 1: f"{reply} 6S", 2: "6D"}, trick=[(0, top)],
                              variants=variants)
    game = Game.from_position(position)
    with pytest.raises(IllegalAction) as played:
        game.apply(Action.play(1, reply))
    bad = copy.deepcopy(position)
    held = parse_cards(reply)
    hand = parse_cards(" ".join(bad["hands"][1]))
    for card in held:
        hand.remove(card)
    bad["hands"][1] = [str(c) for c in hand]
    bad["trick"]["plays"].append({"seat": 1, "cards": [str(c) for c in held]})
    bad["turn"] = 2
    refused = refusal(bad)
    assert refused.codes == [played.value.rejection], refused.problems
    assert refused.clause == played.value.clause == table.CLAUSE[refused.codes[0]]


def test_a_refused_play_outranks_what_the_trick_then_says_about_turns_and_passes() -> None:
    """A position whose trick holds a refused play (or a passed lead) cites that play's
    clause whatever the turn and the passed seats then look like: every code of the checks
    that read the trick after it (D40's order) comes later. (tests/mutation_equivalents/
    position.yaml relies on it: whether those checks run after such a play changes no
    clause.)"""
    order = [p.code for p in table.POSITION_PROBLEMS]
    plays = ["lead-pass", "lead-not-leader", "play-empty", "no-combination",
             "bad-declared-reading", *{row.code for row in table.PLAY_REJECTIONS}]
    after = ["reply-to-own-top", "passed-incomplete", "passed-empty-hand", "passed-top-play",
             "trick-over", "turn-top-play", "turn-locked-out", "turn-passed"]
    assert max(order.index(c) for c in plays) < min(order.index(c) for c in after)
