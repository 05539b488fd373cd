"""Mutation tests for the match features (rules 1, 7–12, 23): each test breaks the reference
engine in one way the rules forbid and checks that the shipped scenarios of the affected
rule catch it, naming the scenarios that must fail.

A mutant is a monkeypatch of the engine as it runs (methods of :class:`Game` and
:class:`Table`, or the names :mod:`fivetenk.reference.game` looks up: ``Deal``,
``call_problem``), so the scenarios run unchanged through the
kit's runner and the reference driver. A mutant that makes the engine crash counts as
caught: the scenario did not pass.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.model.scenario import Scenario
from fivetenk.reference import game as game_module
from fivetenk.reference import settlement as settlement_module
from fivetenk.reference.actions import CallSpec
from fivetenk.reference.calls import call_problem
from fivetenk.reference.cards import DECKS, Card, Rank
from fivetenk.reference.dealing import SEATS, Deal
from fivetenk.reference.game import Game
from fivetenk.reference.table import Table
from fivetenk.reference.variants import DEFAULT, Variants
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario

RULES = ("R01", "R07", "R08", "R09", "R10", "R11", "R12", "R23")
"""The rules whose features these tests guard."""


def _scenarios(rules: Iterable[str]) -> list[Scenario]:
    wanted = set(rules)
    return [s for s in catalog.shipped() if s.rule in wanted]


def _statuses(rules: Iterable[str]) -> dict[str, str]:
    """Scenario id → run status against the (possibly patched) reference engine."""
    out: dict[str, str] = {}
    for scenario in _scenarios(rules):
        try:
            out[scenario.id] = run_scenario(ReferenceDriver(), scenario).status
        except Exception as err:  # a crash of the mutated engine is a catch too
            out[scenario.id] = f"crashed: {type(err).__name__}"
    return out


def _assert_caught(rules: Sequence[str], must_fail: Iterable[str]) -> None:
    statuses = _statuses(rules)
    assert statuses, f"no shipped scenarios for {rules}"
    caught = sorted(i for i, status in statuses.items() if status != "passed")
    assert caught, f"the mutant survived every scenario of {', '.join(rules)}"
    missed = [i for i in must_fail if statuses.get(i) == "passed"]
    unknown = [i for i in must_fail if i not in statuses]
    assert not unknown, f"no such scenarios: {unknown}"
    assert not missed, f"expected to catch the mutant: {missed} (caught: {caught})"


def test_the_unpatched_engine_passes_every_match_scenario() -> None:
    statuses = _statuses(RULES)
    assert {s.rule for s in _scenarios(RULES)} == set(RULES)
    failing = {i: s for i, s in statuses.items() if s != "passed"}
    assert not failing


# -- R11.4, D4: a reveal is not an occurrence ------------------------------------------------


def test_a_reveal_counted_as_a_call_occurrence_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Game.apply

    def apply(self: Game, action: Any) -> None:
        original(self, action)
        reveal = self.observe()["reveal"]
        if self.history and self.history[-1].type == "call" and reveal is not None:
            table = self._t
            for call in table.calls:  # the mutant counts the revealed card as played
                if str(call.face) == reveal["card"] and call.record(reveal["seat"], 1) \
                        and reveal["seat"] != table.banker:
                    table.partners.add(reveal["seat"])

    monkeypatch.setattr(Game, "apply", apply)
    _assert_caught(["R11"], ["R11-017"])


# -- R11.5, D16: a self-call adds no partner -------------------------------------------------


def test_a_self_call_adding_a_partner_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Table.play

    def play(self: Table, seat: int, cards: tuple[Card, ...], combo: Any) -> None:
        original(self, seat, cards, combo)
        if self.banker is not None and any(c.resolved_by == self.banker for c in self.calls):
            self.partners.add(self.banker)  # the mutant makes the banker their own partner

    monkeypatch.setattr(Table, "play", play)
    _assert_caught(["R11"], ["R11-025", "R11-026"])
    _assert_caught(["R12"], ["R12-007"])


# -- R09.1, D6: previous losers cannot reveal ------------------------------------------------


def test_previous_losers_allowed_to_reveal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def everyone_eligible(**kwargs: Any) -> Deal:
        return Deal(**{**kwargs, "eligible": [True] * SEATS})

    monkeypatch.setattr(game_module, "Deal", everyone_eligible)
    _assert_caught(["R09"], ["R09-002", "R09-003", "R09-005"])
    _assert_caught(["R23"], ["R23-006"])


# -- R08.3, R09.3, D3: no overturning --------------------------------------------------------


def test_a_later_reveal_overturning_the_banker_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    original = Game._validate

    def validate(self: Game, act: Any) -> Any:
        if (act.type == "reveal" and self.banker is not None and act.card is not None
                and act.card.rank == self.levels[act.seat]
                and self.hand_counts(act.seat).get(act.card, 0)):
            return None  # the mutant accepts a challenge to the fixed banker
        return original(self, act)

    monkeypatch.setattr(Game, "_validate", validate)
    _assert_caught(["R08"], ["R08-009"])
    _assert_caught(["R09"], ["R09-010"])


# -- R08.4, D5: nobody reveals a 3 in the first hand -> redeal --------------------------------


def test_no_redeal_in_the_first_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Game._advance_dealing

    def advance_dealing(self: Game) -> None:
        if self.hand_number != 1:
            original(self)
            return
        # the mutant appoints seat 0 instead of redealing (the later-hand fallback)
        self.hand_number, self._previous_winners, self._previous_banker = 2, (0,), 5
        try:
            original(self)
        finally:
            self.hand_number, self._previous_winners, self._previous_banker = 1, (), None

    monkeypatch.setattr(Game, "_advance_dealing", advance_dealing)
    _assert_caught(["R08"], ["R08-008", "R08-013", "R08-014"])


# -- R09.5, D5: the fallback search wraps round to the previous banker ------------------------


def test_a_fallback_search_that_stops_before_the_previous_banker_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def fallback(self: Game) -> int:
        b = self._previous_banker
        assert b is not None
        for step in range(1, SEATS):  # b+1 … b+5 only: never back to b
            if (b + step) % SEATS in self._previous_winners:
                return (b + step) % SEATS
        return (b + 1) % SEATS

    monkeypatch.setattr(Game, "_fallback_banker", fallback)
    _assert_caught(["R09"], ["R09-015.5", "R09-015.6"])
    _assert_caught(["R23"], ["R23-008.3"])


def test_a_fallback_search_starting_at_the_previous_banker_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def fallback(self: Game) -> int:
        b = self._previous_banker
        assert b is not None
        return next(s for s in ((b + k) % SEATS for k in range(SEATS))
                    if s in self._previous_winners)

    monkeypatch.setattr(Game, "_fallback_banker", fallback)
    _assert_caught(["R09"], ["R09-015.3", "R09-015.7"])
    _assert_caught(["R23"], ["R23-008.1", "R23-008.2"])


# -- R11.2, D13: descend only when all three As are buried ------------------------------------

def test_descent_while_an_ace_is_unburied_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def lenient(calls: Sequence[CallSpec], buried: Iterable[Card],
                variants: Variants = DEFAULT) -> tuple[str, str] | None:
        buried = list(buried)
        counts = Counter(buried)
        # the mutant lets a K stand for its suit's A once one A is buried, not all three
        checked = [
            CallSpec(Card(Rank.ACE, c.face.suit), c.ordinal)
            if c.face.rank == Rank.KING and c.face.suit is not None
            and 0 < counts[Card(Rank.ACE, c.face.suit)] < DECKS else c
            for c in calls
        ]
        return call_problem(checked, buried, variants)

    monkeypatch.setattr(game_module, "call_problem", lenient)
    _assert_caught(["R11"], ["R11-006.2", "R11-006.3"])


# -- R11.4, D14: the ordinal is bounded by the unburied copies under the default -------------


def test_the_ordinal_bound_ignored_by_default_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def unbounded(calls: Sequence[CallSpec], buried: Iterable[Card],
                  variants: Variants = DEFAULT) -> tuple[str, str] | None:
        anything = Variants.from_mapping({**variants.to_mapping(), "call_ordinal": "any"})
        return call_problem(calls, buried, anything)

    monkeypatch.setattr(game_module, "call_problem", unbounded)
    _assert_caught(["R11"], ["R11-013.1", "R11-013.2", "R11-013.3"])


# -- R10.1, D7: the banker buries exactly six cards -------------------------------------------


def test_a_burial_of_any_size_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Game._validate_bury

    def validate_bury(self: Game, act: Any) -> None:
        if len(act.cards) == 6:
            original(self, act)  # the mutant checks only six-card burials

    monkeypatch.setattr(Game, "_validate_bury", validate_bury)
    _assert_caught(["R10"], ["R10-004.1", "R10-004.2"])


# -- R12.4, R23.1, D25: teams do not carry over ----------------------------------------------


def test_partners_carried_into_the_next_hand_are_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    original = Game._start_hand

    def start_hand(self: Game, *args: Any, **kwargs: Any) -> None:
        kept = set(self._t.partners)
        original(self, *args, **kwargs)
        self._t.partners = kept  # the mutant keeps the previous hand's partners

    monkeypatch.setattr(Game, "_start_hand", start_hand)
    _assert_caught(["R12"], ["R12-010", "R12-011"])
    _assert_caught(["R23"], ["R23-002"])


# -- R07.2, D24: passing A wins the match; reaching A does not --------------------------------


def test_an_advance_capped_at_a_without_winning_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    original = settlement_module.advance_levels

    def capped(levels: Sequence[Rank], winners: Iterable[int],
               steps: int) -> tuple[list[Rank], list[int], list[int]]:
        new, advanced, _ = original(levels, winners, steps)
        return new, advanced, []  # the mutant never ends the match

    monkeypatch.setattr(settlement_module, "advance_levels", capped)
    _assert_caught(["R07"], ["R07-005.1", "R07-005.2", "R07-005.3", "R07-007", "R07-009"])


def test_reaching_a_counted_as_winning_the_match_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    original = settlement_module.advance_levels

    def eager(levels: Sequence[Rank], winners: Iterable[int],
              steps: int) -> tuple[list[Rank], list[int], list[int]]:
        winners = sorted(set(winners))
        new, advanced, _ = original(levels, winners, steps)
        # the mutant: reaching A already wins (J+3, Q+2, K+1 included)
        return new, advanced, [s for s in winners if steps and levels[s] + steps >= Rank.ACE]

    monkeypatch.setattr(settlement_module, "advance_levels", eager)
    _assert_caught(["R07"], ["R07-006.1", "R07-006.2", "R07-006.3"])
