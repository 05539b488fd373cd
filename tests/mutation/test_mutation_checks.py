"""The checks of the hand-judged exclusions (:mod:`fivetenk.mutation.checks`, issue 30): each
mechanism can say *checked*, *found observable* and *unverified*, and says found observable
of a judgement planted wrong. Kept cheap: a handful of mutants, fuzz budgets of a few query
cases."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from fivetenk.model.position_builder import build_position
from fivetenk.mutation import campaign, checks, operators
from fivetenk.mutation.checks import CHECKED, OBSERVABLE, UNVERIFIED, FuzzBudget, check_all
from fivetenk.mutation.equivalents import load_equivalents
from fivetenk.mutation.operators import Mutant, MutationError, enumerate_mutants
from fivetenk.mutation.report import Outcome
from fivetenk.suite.catalog import shipped

pytestmark = pytest.mark.xdist_group("mutation")  # the mutants of conftest.py, made once

QUERIES = FuzzBudget(10, 30, ("queries",))
"""Ten query cases: the ``beats`` mutant below diverges at case 7 of seed 30."""


def find(mutants: list[Mutant], module: str, function: str, text: str) -> Mutant:
    found = [m for m in mutants if (m.module, m.function, m.mutation) == (module, function,
                                                                          text)]
    assert found, f"no mutant {module} {function} {text!r}"
    return found[0]


def test_a_wrong_same_behaviour_judgement_is_found_observable(mutants: list[Mutant]) -> None:
    """Planted: ``beats`` letting equal beat equal, claimed same-behaviour (as a hand
    judgement could be). The fuzz serves it behind the adapter and finds it: found
    observable, with the diverging case as evidence; and it stays in the denominator."""
    beats = find(mutants, "combos", "beats", "reply.key > top.key -> reply.key >= top.key")
    outcome = Outcome(beats, "equivalent", kind="same-behaviour")
    campaign._check_exclusions([outcome], operators.TREES, QUERIES, 1, None, lambda _: None)
    assert outcome.check == OBSERVABLE, outcome.check_note
    assert "diverged" in outcome.check_note and '"beats": false' in outcome.check_note


def test_a_true_same_behaviour_judgement_is_checked_and_one_never_reached_is_unverified(
        mutants: list[Mutant]) -> None:
    """A shortcut in ``check_copies`` (three cards are never counted) runs in every query
    and changes nothing: checked, not observable. ``Game.next_hand`` (a python-api
    judgement the call graph cannot confirm: the adapter may call it) is never run by query
    cases: no divergence, but unverified, since the fuzz said nothing about it."""
    redundant = find(mutants, "cards", "check_copies",
                     "len(cards) <= DECKS -> len(cards) < DECKS")
    bound = next(m for m in mutants if m.module == "game" and m.function == "Game.next_hand")
    verdicts = check_all([(redundant, "same-behaviour", None), (bound, "python-api", None)],
                         operators.TREES, QUERIES, 2)
    assert verdicts[0] == (CHECKED, "fuzz (10 cases, seed 30, modes queries): the mutated "
                                    "line ran, no divergence")
    assert verdicts[1][0] == UNVERIFIED
    assert verdicts[1][1].startswith("call graph: the adapter may run game.Game.next_hand")
    assert verdicts[1][1].endswith("the mutated line never ran")


def test_the_scenarios_reaching_a_line_the_fuzz_misses_are_replayed(mutants: list[Mutant]) -> None:
    """Query cases never play a game, so the fuzz alone says nothing of a game's lines.
    The scenarios whose run reached the mutated line are then replayed through both
    adapters and every reply compared: an action's text changed only in its messages
    (``Action.__str__``, R13-002 refuses a play out of turn) is checked, not observable;
    card keys that tie SJ with 2S (``card_key``, judged same-behaviour as a hand could
    judge it) show a trick's cards out of canonical order in R02-801.3: found observable,
    with the scenario and the reply that differ. Without a reaching scenario the first
    stays unverified."""
    text = find(mutants, "actions", "Action.__str__", "self.type == 'reveal' -> "
                                                        "self.type != 'reveal'")
    keys = find(mutants, "actions", "card_key", "0 -> -1")
    by_id = {s.id: s for s in shipped()}
    reaching = {text: [by_id["R13-002"]], keys: [by_id["R02-801.3"]]}
    verdicts = check_all([(text, "message-text", None), (keys, "same-behaviour", None)],
                         operators.TREES, QUERIES, 2, reaching=lambda m: reaching[m])
    assert verdicts[0] == (CHECKED, "fuzz (10 cases, seed 30, modes queries); the 1 "
                                    "scenario reaching it replayed, every reply the same "
                                    "(messages aside): the mutated line ran, no divergence")
    assert verdicts[1][0] == OBSERVABLE
    assert "scenario R02-801.3 answered otherwise to step 2 (observe)" in verdicts[1][1]
    assert '"cards": ["SJ", "2S", "2S", "2S"]' in verdicts[1][1]
    [alone] = check_all([(text, "message-text", None)], operators.TREES, QUERIES, 1)
    assert alone[0] == UNVERIFIED, alone


def test_the_call_graph_leaves_out_what_the_adapter_never_runs(mutants: list[Mutant]) -> None:
    """``Game.history`` is read by no code the adapter can reach: a mutant in it would be
    checked without a fuzz (it has none today: a one-line property, so one is made up
    here). ``classify`` is (the adapter answers ``classify``): the call graph says
    nothing, and neither does it of a function it does not know."""
    from dataclasses import replace

    classify = next(m for m in mutants if m.function == "classify")
    history = replace(classify, module="game", function="Game.history", scope="Game.history")
    verdict = checks.call_graph_check(history)
    assert verdict is not None and verdict[0] == CHECKED and "Game.history" in verdict[1]
    assert checks.call_graph_check(classify) is None
    assert checks.call_graph_check(replace(classify, scope="no_such_function")) is None


def test_the_call_graph_reaches_every_function_the_adapter_ran(mutants: list[Mutant]) -> None:
    """The call graph over-approximates: every engine function whose lines a real adapter
    executed while the kit ran some scenarios through it is reachable (else it would
    certify as never run what runs)."""
    from fivetenk.mutation import through_adapter

    picked = [s for s in shipped() if s.rule in ("R03", "R10", "R13")][:40]
    modules = ["combos", "game", "calls", "dealing", "position", "plays"]
    suite = through_adapter.load_suite(modules, picked, workers=2)
    reach = checks.adapter_reach()
    ran: set[tuple[str, str]] = set()
    for module in modules:
        lines = set().union(*suite.lines[module])
        tree = operators.TREES[module]
        for stmt in tree.body:
            items = stmt.body if isinstance(stmt, ast.ClassDef) else [stmt]
            for node in items:
                if isinstance(node, ast.FunctionDef) and any(
                        node.body[0].lineno <= n <= (node.end_lineno or 0) for n in lines):
                    owner = f"{stmt.name}." if isinstance(stmt, ast.ClassDef) else ""
                    ran.add((module, owner + node.name))
    assert ran, "the adapter ran nothing"
    assert ran <= reach, sorted(ran - reach)


@pytest.fixture(scope="module")
def first_hand_deal() -> dict[str, Any]:
    """A shipped first-hand deal the reference accepts, without its ``first``."""
    scenario = next(s for s in shipped() if s.setup and "deal" in s.setup
                    and "hand" not in s.setup["deal"] and s.refused_start is None)
    return {"deal": {k: v for k, v in scenario.setup["deal"].items() if k != "first"}}


def test_a_schema_witness_the_schema_allows_is_found_observable(
        mutants: list[Mutant], first_hand_deal: dict[str, Any]) -> None:
    """Issue 30's example: a first-hand deal without ``first`` is allowed by the scenario
    schema (D2 deals from seat 0); the mutant dealing from seat 1 is told apart by it, so
    the schema-forbidden judgement is found observable."""
    start = find(mutants, "game", "Game._start_hand", "0 -> 1")
    [verdict] = check_all([(start, "schema-forbidden", first_hand_deal)], operators.TREES,
                          QUERIES, 1)
    assert verdict[0] == OBSERVABLE, verdict
    assert "hand_sizes" in verdict[1] or "pending" in verdict[1], verdict


def test_a_schema_witness_the_schema_refuses_is_checked(mutants: list[Mutant]) -> None:
    """A seat test moved to accept 6 is told apart by a position whose banker is 6; the
    position schema refuses that position: checked. A witness that does not tell the
    mutant apart (a valid position) leaves it unverified, and no witness too."""
    seat = find(mutants, "position", "_is_seat", "0 <= value < SEATS -> 0 <= value <= SEATS")
    valid = build_position({0: "3D 4D 5H", 1: "6C 7C"}, banker=0)
    bad = {"position": {**valid, "banker": 6}}
    verdicts = check_all([(seat, "schema-forbidden", bad),
                          (seat, "schema-forbidden", {"position": valid}),
                          (seat, "schema-forbidden", None)], operators.TREES, QUERIES, 2)
    assert verdicts[0] == (CHECKED, "schema: the kit refuses to compile the witness, which "
                                    "tells the mutant apart: $.setup.position.banker: 6 is "
                                    "greater than the maximum of 5")
    assert verdicts[1][0] == UNVERIFIED and "does not tell the mutant apart" in verdicts[1][1]
    assert verdicts[2] == (UNVERIFIED, "schema: the entry gives no witness (distinguishing "
                                       "setup)")


def test_a_witness_may_tell_a_mutant_apart_by_its_words(
        mutants: list[Mutant], first_hand_deal: dict[str, Any]) -> None:
    """A later hand with neither previous winners nor a previous banker is refused by
    mutant and reference alike, but the mutant that forgets to say the banker is missing
    says less: the witness ran the mutated code, and the schema refuses it: checked. A
    witness the kit would send whose replies differ only in words is no schema-forbidden
    judgement."""
    quiet = find(mutants, "game", "Game.new", "problems.append('a later hand needs "
                 "previous_banker for the fallback search (D5)') -> pass")
    bare = {"deal": {**first_hand_deal["deal"], "hand": 2}}
    [verdict] = check_all([(quiet, "schema-forbidden", bare)], operators.TREES, QUERIES, 1)
    assert verdict[0] == CHECKED and "(in their messages only)" in verdict[1], verdict
    assert "$.setup.deal: 'previous_banker' is a required property" in verdict[1], verdict
    told = {"witnesses": [{"same": True, "exercised": True, "reference": [], "mutant": []}]}
    assert checks.witness_check(quiet, first_hand_deal, told) == (
        UNVERIFIED, "schema: the witness compiles as a scenario's setup and the replies "
        "differ in their messages only: no schema keeps it out, judge it by its words "
        "(message-text)")


def load_entry(tmp_path: Path, entry: str, **fields: str) -> list[Any]:
    """What :func:`load_equivalents` reads of the file ``entry`` with ``fields`` filled in."""
    path = tmp_path / "eq.yaml"
    path.write_text(entry.format(**fields))
    return load_equivalents(path)


def test_a_witness_on_another_kind_or_of_another_shape_is_refused(tmp_path: Path) -> None:
    entry = ("- module: combos\n  function: beats\n  mutation: x\n  reason: a reason here\n"
             "  kind: {kind}\n  witness: {witness}\n")
    for kind, witness in (("same-behaviour", "{position: {}}"), ("schema-forbidden", "[1, 2]"),
                          ("schema-forbidden", "[{deal: {}}, 2]")):
        with pytest.raises(MutationError, match="'witness' is for a schema-forbidden entry"):
            load_entry(tmp_path, entry, kind=kind, witness=witness)
    [loaded] = load_entry(tmp_path, entry, kind="schema-forbidden", witness="{deal: {deck: []}}")
    assert loaded.witness == {"deal": {"deck": []}}
    [loaded] = load_entry(tmp_path, entry, kind="schema-forbidden",
                          witness="[{deal: {deck: []}}, {position: {}}]")
    assert loaded.witness == [{"deal": {"deck": []}}, {"position": {}}]


def test_a_module_level_mutant_is_reached_where_its_value_is_read() -> None:
    """A module-level mutant runs when the module is re-executed, which says nothing; the
    fuzz reaches it when a function reads the value it binds, directly or through a
    table built from it (and not through a comprehension variable of the same name)."""
    tree = ast.parse("X = 3\n"
                     "TABLE = {x: X + 1 for x in range(2)}\n"
                     "OTHER = 5\n"
                     "def f():\n"
                     "    return TABLE\n"
                     "def g(x):\n"
                     "    return OTHER + x\n")
    [mutant] = [m for m in enumerate_mutants(["trick"], {"trick": tree})
                if m.mutation == "3 -> 4"]
    uses = checks.use_lines(mutant, {"trick": tree})
    assert uses == {str(operators.source_path("trick")): {5}}


def _setup_of(scenario_id: str) -> dict[str, Any]:
    [scenario] = [s for s in shipped() if s.id == scenario_id]
    assert scenario.setup is not None
    return scenario.setup


def test_a_witness_list_checks_each_mutant_by_the_witnesses_that_tell_it_apart(
        mutants: list[Mutant]) -> None:
    """A ``"*"`` entry covers several mutants with one list of witnesses: a mutant is
    checked by the witnesses that tell it apart (each must be refused by the kit), and
    unverified when none does. A reveal's draw bound moved to 157 is told apart by a
    reveal at draw 157 (refused by the schema), not by a valid position."""
    bound = find(mutants, "position", "_parse_reveal", "156 -> 157")
    valid = {"position": build_position({0: "3D 4D 5H", 1: "6C 7C"}, banker=0)}
    at_157 = {"position": {**valid["position"],
                           "reveal": {"seat": 0, "card": "3H", "draw": 157}}}
    verdicts = check_all([(bound, "schema-forbidden", [valid, at_157]),
                          (bound, "schema-forbidden", [valid, valid])],
                         operators.TREES, QUERIES, 2)
    assert verdicts[0] == (CHECKED, "schema: the kit refuses to compile witness 2 of 2, "
                                    "which tells the mutant apart: "
                                    "$.setup.position.reveal.draw: 157 is greater than "
                                    "the maximum of 156")
    assert verdicts[1] == (UNVERIFIED, "schema: none of the 2 witnesses tells the mutant "
                                       "apart")


def test_targeted_cases_reach_a_line_the_fuzz_never_runs(mutants: list[Mutant]) -> None:
    """The fuzz never sends a refused position, so a judgement about the branch refusing
    a trick led by a pass is unverified by it alone; the entry's ``cases`` send one
    (R13-701's), the line runs there, the replies agree: checked."""
    kept_ok = next(m for m in mutants if m.key == ("position", "_parse_trick",
                                                    "ok = False -> pass", 3))
    verdicts = check_all([(kept_ok, "same-behaviour", None),
                          (kept_ok, "same-behaviour", None, [_setup_of("R13-701")])],
                         operators.TREES, QUERIES, 2)
    assert verdicts[0][0] == UNVERIFIED and verdicts[0][1].endswith("never ran"), verdicts
    assert verdicts[1] == (CHECKED, "fuzz (10 cases, seed 30, modes queries) and 1 "
                                    "targeted case: the mutated line ran, no divergence")


def test_a_wrong_message_text_judgement_is_found_observable_by_its_case(
        mutants: list[Mutant]) -> None:
    """Planted (it was listed so until issue 30's position work): stopping to read a
    trick at its first refused play "changes only the message". The case of R03-705 (a
    refused reply, then a king) shows the clause changing: found observable."""
    stop = next(m for m in mutants if m.key == ("position", "_parse_trick",
                                                 "continue -> break", 6))
    [verdict] = check_all([(stop, "message-text", None, [_setup_of("R03-705")])],
                          operators.TREES, QUERIES, 1)
    assert verdict[0] == OBSERVABLE, verdict
    assert "targeted case 1 diverged" in verdict[1] and "R06.2" in verdict[1], verdict


def test_cases_are_only_for_the_kinds_the_fuzz_checks(tmp_path: Path) -> None:
    entry = ("- module: position\n  function: _parse_trick\n  mutation: x\n"
             "  reason: a reason here\n  kind: {kind}\n  cases: {cases}\n")
    for kind, cases in (("schema-forbidden", "[{position: {}}]"), ("message-text", "[]")):
        with pytest.raises(MutationError, match="'cases' is for a same-behaviour"):
            load_entry(tmp_path, entry, kind=kind, cases=cases)
    [loaded] = load_entry(tmp_path, entry, kind="message-text", cases="[{position: {turn: 0}}]")
    assert loaded.cases == ({"position": {"turn": 0}},)


def test_a_witness_list_needs_every_witness_telling_a_mutant_apart_refused(
        mutants: list[Mutant], first_hand_deal: dict[str, Any]) -> None:
    """In a list, the witnesses that tell a mutant apart are its witnesses, in words too:
    one the kit compiles beside one it refuses decides the verdict. Replies differing
    beyond their words there: found observable (the difference said without messages);
    in their words only: unverified, a message-text judgement; a witness whose replies
    are the same is no witness of this mutant."""
    quiet = find(mutants, "game", "Game.new", "problems.append('a later hand needs "
                 "previous_banker for the fallback search (D5)') -> pass")
    bare = {"deal": {**first_hand_deal["deal"], "hand": 2}}
    refused = {"same": True, "exercised": True, "reference": [{"accepted": False}],
               "mutant": [{"accepted": False, "message": "other"}]}
    words = {"same": True, "exercised": True, "reference": [{"accepted": True, "message": "a"}],
             "mutant": [{"accepted": True, "message": "b"}]}
    moved = {"same": False, "exercised": True,
             "reference": [{"accepted": True, "message": "a", "turn": 0}],
             "mutant": [{"accepted": True, "message": "b", "turn": 1}]}
    same = {"same": True, "exercised": False, "reference": [], "mutant": []}
    witnesses = [bare, first_hand_deal]
    verdict = checks.witness_check(quiet, witnesses, {"witnesses": [refused, same]})
    assert verdict == (CHECKED, "schema: the kit refuses to compile witness 1 of 2, which "
                                "tells the mutant apart (in their messages only): "
                                "$.setup.deal: 'previous_banker' is a required property")
    assert checks.witness_check(quiet, witnesses, {"witnesses": [refused, words]}) == (
        UNVERIFIED, "schema: witness 2 of 2 compiles as a scenario's setup and the replies "
        "differ in their messages only: no schema keeps it out, judge it by its words "
        "(message-text)")
    assert checks.witness_check(quiet, witnesses, {"witnesses": [refused, moved]}) == (
        OBSERVABLE, "schema: witness 2 of 2 compiles as a scenario's setup, and the replies "
        "differ: to start: turn: reference 0, mutant 1")


def test_targeted_cases_and_the_replay_both_judge_one_entry(mutants: list[Mutant]) -> None:
    """An entry with cases is replayed too: the case (a valid position, which never runs
    an action's text) leaves the line unrun, the scenario reaching it runs it, checked;
    a case agreeing does not hide a replayed scenario that differs."""
    text = find(mutants, "actions", "Action.__str__", "self.type == 'reveal' -> "
                                                        "self.type != 'reveal'")
    keys = find(mutants, "actions", "card_key", "0 -> -1")
    by_id = {s.id: s for s in shipped()}
    case = {"position": build_position({0: "3D 4D 5H", 1: "6C 7C"}, banker=0)}
    reaching = {text: [by_id["R13-002"]], keys: [by_id["R02-801.3"]]}
    verdicts = check_all([(text, "message-text", None, [case]),
                          (keys, "same-behaviour", None, [case])],
                         operators.TREES, QUERIES, 2, reaching=lambda m: reaching[m])
    assert verdicts[0] == (CHECKED, "fuzz (10 cases, seed 30, modes queries) and 1 targeted "
                                    "case; the 1 scenario reaching it replayed, every reply "
                                    "the same (messages aside): the mutated line ran, no "
                                    "divergence")
    assert verdicts[1][0] == OBSERVABLE, verdicts[1]
    assert verdicts[1][1].startswith(
        "fuzz (10 cases, seed 30, modes queries) and 1 targeted case: no divergence in the "
        "fuzz; replayed, scenario R02-801.3 answered otherwise to step 2 (observe)"), verdicts[1]
