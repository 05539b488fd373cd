"""The mutation tool itself (:mod:`fivetenk.mutation`, issue 9): it kills a mutant a scenario
pins, reports a judged equivalent as equivalent, times out a mutant that does not finish,
keys mutants robustly, leaves provenance alone, and the committed equivalents file names
only mutants that exist, each with a reason."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from fivetenk import mutation
from fivetenk.mutation import (
    MODULE_LEVEL,
    Equivalent,
    Mutant,
    MutationError,
    check_equivalents,
    enumerate_mutants,
    load_equivalents,
)

EQUIVALENTS = Path(__file__).resolve().parent / "mutation_equivalents.yaml"
"""The committed equivalents file of this checkout (the kit may be installed elsewhere)."""


@pytest.fixture(scope="module")
def mutants() -> list[Mutant]:
    return enumerate_mutants()


def chosen(scenario: Any) -> bool:
    """The scenarios these tests run: D11's (equal never beats) and the first deal's (R08
    first banker, R09 reveals), so that the tool's tests stay quick."""
    return "D11" in scenario.rulings or scenario.rule in ("R08", "R09")


@pytest.fixture(scope="module")
def suite(mutants: list[Mutant]) -> mutation.Suite:
    return mutation.load_suite(["combos", "dealing"], chosen, trace_compile=False)


def find(mutants: list[Mutant], module: str, function: str, mutation_text: str) -> Mutant:
    found = [m for m in mutants if (m.module, m.function, m.mutation) == (module, function,
                                                                          mutation_text)]
    assert found, f"no mutant {module} {function} {mutation_text!r}"
    return found[0]


def test_equal_keys_in_beats_is_killed_by_a_d11_scenario(
        mutants: list[Mutant], suite: mutation.Suite) -> None:
    """``reply.key > top.key`` -> ``>=`` in ``beats`` lets equal beat equal; the scenarios of
    D11 (equal never beats) pin it: one of them kills it."""
    target = find(mutants, "combos", "beats", "reply.key > top.key -> reply.key >= top.key")
    report = mutation.run(["combos", "dealing"], jobs=1, only=lambda m: m == target,
                          everything=mutants, suite=suite)
    [outcome] = report.outcomes
    assert outcome.status == "killed", outcome
    killer = outcome.scenario.split()[0]
    assert "D11" in next(s for s in suite.scenarios if s.id == killer).rulings


def test_a_module_level_mutant_is_run_by_re_execution(
        mutants: list[Mutant], suite: mutation.Suite) -> None:
    """``DRAWS = 156`` -> 157 (dealing.py, module level: re-executed, rebound wherever
    imported) deals past the kitty; the first deal's scenarios kill it, and the unmutated
    re-execution passes them (else the module would be reported unreliable)."""
    target = find(mutants, "dealing", MODULE_LEVEL, "156 -> 157")
    report = mutation.run(["combos", "dealing"], jobs=2, only=lambda m: m == target,
                          everything=mutants, suite=suite)
    assert report.unreliable == []
    assert report.outcomes[0].status in ("killed", "timeout"), report.outcomes[0]


def test_the_first_judged_equivalent_is_reported_equivalent(
        mutants: list[Mutant], suite: mutation.Suite) -> None:
    """The first entry of the committed file runs (against the scenarios of the first deal:
    R08 first banker, R09 reveals, which reach it) and survives, so it is reported
    ``equivalent`` with the file's reason."""
    entry = load_equivalents(EQUIVALENTS)[0]
    assert entry.module == "dealing", "put a judged mutant of dealing.py first in the file"
    report = mutation.run(["combos", "dealing"], jobs=2, equivalents=[entry],
                          only=lambda m: m.key == entry.key, everything=mutants, suite=suite)
    assert report.outcomes[0].ran > 0, "no scenario reached the judged mutant"
    [outcome] = report.outcomes
    assert (outcome.status, outcome.note) == ("equivalent", entry.reason)
    assert not report.stale


def test_an_equivalent_that_is_killed_is_flagged_stale(
        mutants: list[Mutant], suite: mutation.Suite) -> None:
    """Claiming a killed mutant equivalent is reported as a stale entry, not believed."""
    target = find(mutants, "combos", "beats", "reply.key > top.key -> reply.key >= top.key")
    claim = Equivalent(*target.key, reason="wrong on purpose", where="test")
    report = mutation.run(["combos", "dealing"], jobs=1, equivalents=[claim],
                          everything=mutants, suite=suite, only=lambda m: m == target)
    assert report.outcomes[0].status == "killed"
    assert len(report.stale) == 1 and "listed as equivalent but was killed" in report.stale[0]


def test_a_mutant_over_its_time_limit_is_a_timeout(
        mutants: list[Mutant], suite: mutation.Suite) -> None:
    """The hang guard: a child still running at its deadline is killed, ``timeout``."""
    target = find(mutants, "combos", "beats", "reply.key > top.key -> reply.key >= top.key")
    every = list(range(len(suite.scenarios)))
    [answer] = mutation.run_mutants([(target, "combos", every, [], 0.0)], suite,
                                     mutation.all_trees(), 1)
    assert answer["status"] == "timeout"


def test_the_equivalents_file_names_only_existing_mutants(mutants: list[Mutant]) -> None:
    entries = load_equivalents(EQUIVALENTS)
    assert entries, "tests/mutation_equivalents.yaml lists no equivalent mutant"
    check_equivalents(entries, mutants)
    assert all(len(e.reason) >= 10 for e in entries)


def test_a_stale_or_malformed_equivalents_entry_is_a_clear_error(
        tmp_path: Path, mutants: list[Mutant]) -> None:
    stale = tmp_path / "eq.yaml"
    stale.write_text("- module: combos\n  function: beats\n  mutation: 'a -> b'\n"
                     "  reason: no such mutant\n", encoding="utf-8")
    with pytest.raises(MutationError, match=r"eq.yaml entry 1: no such mutant: combos beats"):
        check_equivalents(load_equivalents(stale), mutants)
    bad = tmp_path / "bad.yaml"
    bad.write_text("- module: combos\n  function: beats\n  mutation: x\n  reason: r\n"
                   "  because: typo\n", encoding="utf-8")
    with pytest.raises(MutationError, match=r"bad.yaml entry 1: unknown key\(s\) because"):
        load_equivalents(bad)
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("- module: cards\n  function: f\n  mutation: x\n  reason: r\n",
                     encoding="utf-8")
    with pytest.raises(MutationError, match=r"module 'cards' is not mutated"):
        load_equivalents(wrong)


def test_keys_are_unique_and_do_not_depend_on_line_numbers(mutants: list[Mutant]) -> None:
    """Every mutant has its own key; the key of a mutant is unchanged when lines are added
    above its function (occurrences count within the function only)."""
    keys = [m.key for m in mutants]
    assert len(keys) == len(set(keys))
    trees = mutation.all_trees()
    shifted = dict(trees)
    source = ast.unparse(trees["trick"])
    shifted["trick"] = ast.parse("\n\n\nX_ADDED = 1\n\n" + source)
    before = [m.key for m in enumerate_mutants(["trick"], trees)]
    after = [m.key for m in enumerate_mutants(["trick"], shifted)]
    assert [k for k in after if k[1] != "<module>"] == [k for k in before if k[1] != "<module>"]
    assert {k[1] for k in before} - {"<module>"}, "trick.py has no mutant inside a function"


def test_provenance_is_never_mutated() -> None:
    """Calls into reference/provenance.py, code guarded by ``provenance.current`` and the
    recording-only helpers make no mutant (they do not run during the suite)."""
    tree = ast.parse(
        "from . import provenance\n"
        "def f(a, b):\n"
        "    if provenance.current is not None:\n"
        "        _record_only(a < b)\n"
        "    if a == b:\n"
        "        provenance.applies('D8')\n"
        "    provenance.applies('D29')\n"
        "    return a < b\n"
        "def _record_only(x):\n"
        "    return x + 1\n")
    found = enumerate_mutants(["trick"], {"trick": tree})
    assert [(m.function, m.mutation) for m in found] == [("f", "a < b -> a <= b")]


def test_sampling_is_deterministic_for_a_seed(mutants: list[Mutant]) -> None:
    combos = [m for m in mutants if m.module == "combos"]
    first = mutation.sample_of(combos, "combos", 25, seed=3)
    assert first == mutation.sample_of(combos, "combos", 25, seed=3)
    assert len(first) == 25 and first != mutation.sample_of(combos, "combos", 25, seed=4)


def test_an_installed_kit_run_outside_a_checkout_says_where_the_equivalents_are(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Installed (not editable) the kit has no tests/: the tool finds the file under the
    working directory, and says how to give it when there is none there either, instead of
    judging every survivor non-equivalent."""
    monkeypatch.setattr(mutation, "DEFAULT_EQUIVALENTS", tmp_path / "nowhere.yaml")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(MutationError, match="--equivalents FILE"):
        mutation.equivalents_file()
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "mutation_equivalents.yaml").write_text("[]\n", encoding="utf-8")
    assert mutation.equivalents_file() == tmp_path / "tests" / "mutation_equivalents.yaml"


def test_the_kits_own_uses_leave_the_engine_out() -> None:
    """Installed, the engine lies inside the kit's folder: its own names must not count as
    the kit's uses, or the provenance-only code would be mutated once installed and not in
    a checkout (the same run giving two answers)."""
    names = mutation._kit_names()
    assert "_trace_pass" not in names  # the engine's own, provenance only
    assert "legal_plays" in names  # the kit's driver calls it
