"""Mutation tests for the scenarios of rules 2–6: each rule's scenarios must catch a broken engine.

Every mutant breaks exactly one thing in the reference engine, the way an implementation
under test might get it wrong: it replaces a name that :mod:`fivetenk.impl.drivers` imported
(``beats``, ``classify``), a private helper of :mod:`fivetenk.reference.combos` that
``classify`` reaches through its module globals, or a table of :mod:`fivetenk.reference.cards`.
Then the shipped scenarios of the affected rule run against the patched
:class:`~fivetenk.impl.drivers.ReferenceDriver`, and at least one of them must *fail* — at least
one exercising the broken clause, and every scenario named as a catcher below.

``classify`` memoises its work in ``combos.readings_of_counts``, and ``make_combo`` the
readings it builds (``lru_cache``); every cache of the engine is cleared around every test,
so a mutant neither sees answers of the real engine nor leaves its own behind (a 4-card
straight built under a mutant would otherwise be a valid reading for the next test).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import pytest

import fivetenk.impl.drivers
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.model.scenario import Scenario
from fivetenk.mutation.engine import clear_caches
from fivetenk.reference import cards as cards_module
from fivetenk.reference import combos
from fivetenk.reference.cards import Card, Rank
from fivetenk.reference.combos import Combo, Shape, make_combo
from fivetenk.reference.variants import DEFAULT, Variants
from fivetenk.suite.catalog import shipped
from fivetenk.suite.runner import Result, run_scenario

RULES = ("R02", "R03", "R04", "R05", "R06")
"""The rules whose scenarios these mutants attack."""

BeatsFn = Callable[[Combo, Combo, Variants], bool]
ClassifyFn = Callable[..., tuple[Combo, ...]]


# --------------------------------------------------------------------------- helpers


def rule_scenarios(rule: str) -> list[Scenario]:
    """The shipped scenarios of ``rule`` (by their first clause), known disagreements
    excluded."""
    return [s for s in shipped() if s.rule == rule]


def run(scenarios: Iterable[Scenario]) -> list[Result]:
    """Run each scenario against a fresh reference driver (whatever is patched in)."""
    return [run_scenario(ReferenceDriver(), s) for s in scenarios]


def failed(results: Iterable[Result]) -> list[Result]:
    """The results whose expectations were not met."""
    return [r for r in results if r.status == "failed"]


@pytest.fixture(autouse=True)
def fresh_classify_cache() -> Iterator[None]:
    """Clear the engine's memos before and after each test (see the module docstring)."""
    clear_caches()
    yield
    clear_caches()


def patch_beats(monkeypatch: pytest.MonkeyPatch, broken: BeatsFn) -> None:
    """Make the driver compare readings with ``broken`` instead of the engine's ``beats``."""
    monkeypatch.setattr(fivetenk.impl.drivers, "beats", broken)


def same_ordinary_shape(reply: Combo, top: Combo) -> bool:
    """Same ordinary shape, body length and card count: the precondition of D11."""
    return reply.shape is top.shape and reply.length == top.length and reply.size == top.size


# --------------------------------------------------------------------------- the mutants


def bombs_by_rank_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """R05.2 broken: bombs compare by rank before card count."""
    real = combos.beats

    def broken(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
        if reply.tier == top.tier == 3:
            return (reply.key, reply.size) > (top.key, top.size)
        return real(reply, top, variants)

    patch_beats(monkeypatch, broken)


def suited_order_reversed(monkeypatch: pytest.MonkeyPatch) -> None:
    """R04.2 broken: suited 5,10,K rank S < H < C < D."""
    real = combos.beats

    def broken(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
        if reply.tier == top.tier == 2:
            return (reply.suit or 0) < (top.suit or 0)
        return real(reply, top, variants)

    patch_beats(monkeypatch, broken)


def mixed_beats_mixed(monkeypatch: pytest.MonkeyPatch) -> None:
    """R04.3 broken: a mixed 5,10,K beats a mixed 5,10,K."""
    real = combos.beats

    def broken(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
        if reply.tier == top.tier == 1:
            return True
        return real(reply, top, variants)

    patch_beats(monkeypatch, broken)


def rocket_beats_rocket(monkeypatch: pytest.MonkeyPatch) -> None:
    """R05.3 broken: a rocket beats a rocket of the same size."""
    real = combos.beats

    def broken(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
        if reply.tier == top.tier == 4:
            return reply.size >= top.size
        return real(reply, top, variants)

    patch_beats(monkeypatch, broken)


def bombs_lose_to_5_10_k(monkeypatch: pytest.MonkeyPatch) -> None:
    """R05.1 broken: bombs do not beat a 5,10,K (they still beat ordinary shapes)."""
    real = combos.beats

    def broken(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
        if reply.tier == 3 and top.tier in (1, 2):
            return False
        return real(reply, top, variants)

    patch_beats(monkeypatch, broken)


def four_card_straight(monkeypatch: pytest.MonkeyPatch) -> None:
    """R03.4 broken: four consecutive singles within 3…A classify as a straight."""
    monkeypatch.setitem(combos._RUN_MIN, Shape.STRAIGHT, 4)
    real: ClassifyFn = combos.classify

    def broken(cards: Iterable[Card], variants: Variants = DEFAULT) -> tuple[Combo, ...]:
        cards = list(cards)
        ranks = sorted(card.rank for card in cards)
        if (len(ranks) == 4 and len(set(ranks)) == 4 and ranks[-1] <= Rank.ACE
                and ranks[-1] - ranks[0] == 3):
            return (make_combo(Shape.STRAIGHT, Rank(ranks[-1]), 4),)
        return real(cards, variants)

    monkeypatch.setattr(fivetenk.impl.drivers, "classify", broken)


def wings_reuse_body_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    """R03.5 broken: cards of a body rank beyond its triple may serve as wings (the other
    wing checks — both jokers, pairs, the distinct variant — still apply)."""

    def broken(present: list[int], counts: combos.Counts, total: int,
               distinct: bool) -> list[Combo]:
        found = []
        for shape, width in ((Shape.AIRPLANE_SINGLES, 4), (Shape.AIRPLANE_PAIRS, 5)):
            length = total // width
            if total % width or length < 2:
                continue
            for low in range(combos.LOW, combos.ACE - length + 2):
                body = range(low, low + length)
                if not all(counts[rank] >= 3 for rank in body):
                    continue
                wings = tuple(count - 3 if rank in body else count
                              for rank, count in enumerate(counts))
                if combos._wings_ok(wings, range(0), width == 5, distinct):
                    found.append(make_combo(shape, Rank(low + length - 1), length))
        return found

    monkeypatch.setattr(combos, "_winged", broken)


def reply_of_other_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """R03.3 broken: an ordinary reply needs the same shape and a higher key, but not the
    same body length or card count."""
    real = combos.beats

    def broken(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
        if reply.tier == top.tier == 0:
            return reply.shape is top.shape and reply.key > top.key
        return real(reply, top, variants)

    patch_beats(monkeypatch, broken)


def two_below_ace(monkeypatch: pytest.MonkeyPatch) -> None:
    """R02.1 broken: ordinary plays rank the 2 between K and A."""
    real = combos.beats

    def strength(rank: Rank) -> float:
        return Rank.ACE - 0.5 if rank == Rank.TWO else float(rank)

    def broken(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
        if reply.tier == top.tier == 0:
            return same_ordinary_shape(reply, top) and strength(reply.key) > strength(top.key)
        return real(reply, top, variants)

    patch_beats(monkeypatch, broken)


def ten_scores_five(monkeypatch: pytest.MonkeyPatch) -> None:
    """R06.1 broken: each 10 scores 5."""
    monkeypatch.setitem(cards_module.POINTS, Rank.TEN, 5)


@dataclass(frozen=True)
class Mutant:
    """A one-thing break of the engine and the scenarios that must catch it."""

    name: str
    clause: str
    """The clause the mutant violates; its rule's scenarios are run."""
    apply: Callable[[pytest.MonkeyPatch], None]
    catchers: tuple[str, ...]
    """Scenario ids that must fail under the mutant (others may fail too)."""

    @property
    def rule(self) -> str:
        return self.clause.split(".")[0]


MUTANTS = (
    Mutant("bombs compared by rank before count", "R05.2", bombs_by_rank_first,
           ("R05-001", "R05-012", "R05-015.1", "R05-015.3")),
    Mutant("suited 5,10,K order reversed", "R04.2", suited_order_reversed,
           ("R04-011.1", "R04-011.2", "R04-011.3", "R04-012.1", "R04-012.3")),
    Mutant("mixed 5,10,K beats mixed", "R04.3", mixed_beats_mixed,
           ("R04-017.1", "R04-017.2", "R04-017.4")),
    Mutant("rocket beats rocket", "R05.3", rocket_beats_rocket,
           ("R05-020", "R05-031.3")),
    Mutant("bombs do not beat 5,10,K", "R05.1", bombs_lose_to_5_10_k,
           ("R05-008.1", "R05-008.2")),
    Mutant("4-card straight accepted", "R03.4", four_card_straight,
           ("R03-030.1",)),
    Mutant("wings may reuse body ranks", "R03.5", wings_reuse_body_ranks,
           ("R03-036.1", "R03-036.2", "R03-036.3")),
    Mutant("ordinary reply of a different count accepted", "R03.3", reply_of_other_count,
           ("R03-021.4", "R03-021.10")),
    Mutant("2 ranked below A", "R02.1", two_below_ace,
           ("R02-001.12", "R02-002.12", "R02-003", "R02-007.1", "R02-007.2")),
    Mutant("10 scores 5", "R06.1", ten_scores_five,
           ("R06-001.3", "R06-001.4", "R06-003.1", "R06-006.2", "R06-007")),
)


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("rule", RULES)
def test_unpatched_engine_passes_every_scenario(rule: str) -> None:
    """The reference engine as shipped passes every scenario of rules 2–6 (known
    disagreements apart), so that every failure below is the mutant's doing."""
    scenarios = rule_scenarios(rule)
    assert scenarios, f"no shipped scenarios for {rule}"
    bad = [f"{r.scenario.id}: {r.status} {r.message}" for r in run(scenarios)
           if r.status != "passed"]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name.replace(" ", "-"))
def test_mutant_is_caught(mutant: Mutant, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the mutant, the affected rule's scenarios fail: at least one of the broken
    clause, and every named catcher."""
    scenarios = rule_scenarios(mutant.rule)
    mutant.apply(monkeypatch)
    caught = failed(run(scenarios))
    ids = sorted(r.scenario.id for r in caught)
    assert caught, f"no {mutant.rule} scenario catches the mutant {mutant.name!r}"
    of_clause = [r.scenario.id for r in caught if mutant.clause in r.scenario.clauses]
    assert of_clause, (f"no {mutant.clause} scenario catches {mutant.name!r}; "
                       f"caught only by {ids}")
    missed = sorted(set(mutant.catchers) - set(ids))
    assert not missed, f"{missed} should catch {mutant.name!r}; caught by {ids}"
