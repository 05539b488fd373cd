"""The mutation tool itself (:mod:`fivetenk.mutation`): judged through the adapter (as an
outside engine is) and in process, it kills a mutant a scenario pins, agrees with the
long-way oracle (``fivetenk check --impl`` on a mutated copy of the package), reports a
judged equivalent as equivalent with its kind, times out a mutant that does not answer,
keys mutants robustly, leaves provenance alone, makes the operators it documents, and the
committed equivalents file names only mutants that exist, each with a kind and a reason."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from helpers import TESTS

from fivetenk.mutation import campaign, equivalents, inprocess, operators, through_adapter
from fivetenk.mutation.checks import CHECKED, OBSERVABLE, UNVERIFIED, VERDICTS, FuzzBudget
from fivetenk.mutation.equivalents import Equivalent, check_equivalents, load_equivalents
from fivetenk.mutation.operators import MODULE_LEVEL, Mutant, MutationError, enumerate_mutants
from fivetenk.mutation.pool import run_children
from fivetenk.mutation.report import Outcome, counts, exclusion_line, rates, survivor_lines

pytestmark = pytest.mark.xdist_group("mutation")  # its fixtures (and conftest.py's), built once

EQUIVALENTS = TESTS / "mutation_equivalents"
"""The committed equivalents of this checkout (the kit may be installed elsewhere)."""


def chosen(scenario: Any) -> bool:
    """The scenarios these tests run, in process and through the adapter: D11's of R02
    (equal never beats: singles, pairs and triples of equal rank) and the first deal's
    (R08 first banker, R09 reveals), 100 scenarios, so that the tool's tests stay quick
    (each costs a forked adapter, about 30 ms of CPU in a test process; the in-process
    suite ran D11's of every rule too, 342 scenarios, which these tests do not need)."""
    return ("D11" in scenario.rulings and scenario.rule == "R02") or scenario.rule in (
        "R08", "R09")


@pytest.fixture(scope="module")
def suite(mutants: list[Mutant]) -> inprocess.Suite:
    return inprocess.load_suite(["combos", "dealing"], chosen, trace_compile=False)


@pytest.fixture(scope="module")
def adapter_suite(mutants: list[Mutant]) -> through_adapter.Suite:
    from fivetenk.suite.catalog import shipped

    return through_adapter.load_suite(["combos", "dealing"],
                                      [s for s in shipped() if chosen(s)],
                                      workers=2)


def find(mutants: list[Mutant], module: str, function: str, mutation_text: str) -> Mutant:
    found = [m for m in mutants if (m.module, m.function, m.mutation) == (module, function,
                                                                          mutation_text)]
    assert found, f"no mutant {module} {function} {mutation_text!r}"
    return found[0]


@pytest.mark.slow
def test_equal_keys_in_beats_is_killed_by_a_d11_scenario(
        mutants: list[Mutant], suite: inprocess.Suite) -> None:
    """``reply.key > top.key`` -> ``>=`` in ``beats`` lets equal beat equal; the scenarios of
    D11 (equal never beats) pin it: one of them kills it."""
    target = find(mutants, "combos", "beats", "reply.key > top.key -> reply.key >= top.key")
    report = campaign.run(["combos", "dealing"], jobs=1, only=lambda m: m == target,
                          everything=mutants, suite=suite, judge="in-process")
    [outcome] = report.outcomes
    assert outcome.status == "killed", outcome
    killer = outcome.scenario.split()[0]
    assert "D11" in next(s for s in suite.scenarios if s.id == killer).rulings


@pytest.mark.slow
def test_through_the_adapter_the_same_mutant_fails_a_d11_scenario_and_the_oracle_agrees(
        mutants: list[Mutant], adapter_suite: through_adapter.Suite) -> None:
    """Judged through the adapter (the default), the same mutant fails a D11 scenario as an
    expectation (not an error), and ``fivetenk check --impl`` on a copy of the package with
    the mutated module written in (the oracle) fails too."""
    target = find(mutants, "combos", "beats", "reply.key > top.key -> reply.key >= top.key")
    report = campaign.run(["combos", "dealing"], jobs=1, only=lambda m: m == target,
                          everything=mutants, suite=adapter_suite)
    [outcome] = report.outcomes
    assert (report.judge, outcome.status, outcome.how) == ("adapter", "killed", "failed")
    killer = outcome.scenario.split()[0]
    assert "D11" in next(s for s in adapter_suite.scenarios if s.id == killer).rulings
    assert through_adapter.oracle(target, operators.TREES, [killer]) == "killed"


REACHING = "R03-508"
"""The scenarios (a run's problems, R03) of the survivor test: they reach message-only
lines of ``combos``, which the D11/R08/R09 scenarios of :func:`chosen` never do."""


@pytest.mark.slow
def test_a_survivor_through_the_adapter_survives_the_oracle_too(mutants: list[Mutant]) -> None:
    """A message-only mutant (a judged equivalent of kind message-text) that the scenarios
    reach survives both the forked adapter and the oracle over those same scenarios. (It
    used to pick one no scenario reached: the oracle then ran the whole suite, and the
    survival showed nothing.)"""
    from fivetenk.suite.catalog import shipped

    picked = [s for s in shipped() if s.id.startswith(REACHING)]
    assert picked, f"no shipped scenario {REACHING}*"
    reaching = through_adapter.load_suite(["combos", "dealing"], picked, workers=2)
    by_key = {m.key: m for m in mutants}
    found = [(e, by_key[e.key]) for e in load_equivalents(EQUIVALENTS)
             if e.kind == "message-text" and e.module == "combos" and e.key in by_key
             and through_adapter.selected(reaching, by_key[e.key])]
    assert found, f"no message-text equivalent of combos is reached by {REACHING}*"
    entry, mutant = found[0]
    report = campaign.run(["combos", "dealing"], jobs=1, only=lambda m: m.key == entry.key,
                          everything=mutants, suite=reaching, equivalents=[entry],
                          check=FuzzBudget(3, 30, ("queries",)))
    [outcome] = report.outcomes
    assert (outcome.status, outcome.kind) == ("equivalent", "message-text"), outcome
    assert outcome.ran > 0, outcome  # the mutated line ran, and no scenario failed
    assert outcome.check in VERDICTS and outcome.check_note.startswith("fuzz (3 cases")
    ids = [reaching.scenarios[i].id for i in through_adapter.selected(reaching, mutant)]
    assert ids and all(i.startswith(REACHING) for i in ids), ids
    assert through_adapter.oracle(mutant, operators.TREES, ids) == "survived"


@pytest.mark.slow
def test_a_reply_that_never_comes_is_a_timeout_not_a_kill(
        mutants: list[Mutant], adapter_suite: through_adapter.Suite) -> None:
    """A late reply is told apart from a failure: the verdict is ``timeout``."""
    target = find(mutants, "combos", "beats", "reply.key > top.key -> reply.key >= top.key")
    every = list(range(len(adapter_suite.scenarios)))
    [answer] = run_children([(lambda: through_adapter.judge(
        target, "combos", adapter_suite, every, operators.TREES, timeout=1e-6), 60.0)], 1)
    assert answer["status"] == "timeout" and answer["note"].startswith("no reply to"), answer


@pytest.mark.slow
def test_a_module_level_mutant_is_run_by_re_execution(
        mutants: list[Mutant], suite: inprocess.Suite) -> None:
    """``DRAWS = 156`` -> 157 (dealing.py, module level: re-executed, rebound wherever
    imported) deals past the kitty; the first deal's scenarios kill it, and the unmutated
    re-execution passes them (else the module would be reported unreliable)."""
    target = find(mutants, "dealing", MODULE_LEVEL, "156 -> 157")
    report = campaign.run(["combos", "dealing"], jobs=2, only=lambda m: m == target,
                          everything=mutants, suite=suite, judge="in-process")
    assert report.unreliable == []
    assert report.outcomes[0].status in ("killed", "timeout"), report.outcomes[0]


def test_the_first_judged_equivalent_is_reported_equivalent(
        mutants: list[Mutant], suite: inprocess.Suite) -> None:
    """The first entry of the committed file runs (against the scenarios of the first deal:
    R08 first banker, R09 reveals, which reach it) and survives, so it is reported
    ``equivalent`` with the file's reason."""
    entry = load_equivalents(EQUIVALENTS / "dealing.yaml")[0]
    report = campaign.run(["combos", "dealing"], jobs=2, equivalents=[entry],
                          only=lambda m: m.key == entry.key, everything=mutants, suite=suite,
                          judge="in-process", check=None)
    assert report.outcomes[0].ran > 0, "no scenario reached the judged mutant"
    [outcome] = report.outcomes
    assert (outcome.status, outcome.note, outcome.kind) == ("equivalent", entry.reason,
                                                            entry.kind)
    assert (outcome.check, outcome.check_note) == (UNVERIFIED, "not checked (--no-check)")
    assert not report.stale


@pytest.mark.slow
def test_an_equivalent_that_is_killed_is_flagged_stale(
        mutants: list[Mutant], suite: inprocess.Suite) -> None:
    """Claiming a killed mutant equivalent is reported as a stale entry, not believed."""
    target = find(mutants, "combos", "beats", "reply.key > top.key -> reply.key >= top.key")
    claim = Equivalent(*target.key, reason="wrong on purpose", where="test")
    report = campaign.run(["combos", "dealing"], jobs=1, equivalents=[claim],
                          everything=mutants, suite=suite, only=lambda m: m == target,
                          judge="in-process")
    assert report.outcomes[0].status == "killed"
    assert len(report.stale) == 1 and "listed as equivalent but was killed" in report.stale[0]


def test_a_mutant_over_its_time_limit_is_a_timeout(
        mutants: list[Mutant], suite: inprocess.Suite) -> None:
    """The hang guard: a child still running at its deadline is killed, ``timeout``."""
    target = find(mutants, "combos", "beats", "reply.key > top.key -> reply.key >= top.key")
    every = list(range(len(suite.scenarios)))
    [answer] = run_children([(lambda: inprocess.judge(
        target, "combos", suite, every, [], operators.all_trees()), 0.0)], 1)
    assert answer["status"] == "timeout"


def test_the_equivalents_file_names_only_existing_mutants(mutants: list[Mutant]) -> None:
    entries = load_equivalents(EQUIVALENTS)
    assert entries, "tests/mutation_equivalents/ lists no equivalent mutant"
    check_equivalents(entries, mutants)
    assert all(len(e.reason) >= 10 for e in entries)
    assert {e.kind for e in entries} <= set(equivalents.KINDS)


def test_a_stale_or_malformed_equivalents_entry_is_a_clear_error(
        tmp_path: Path, mutants: list[Mutant]) -> None:
    stale = tmp_path / "eq.yaml"
    stale.write_text("- module: combos\n  function: beats\n  mutation: 'a -> b'\n"
                     "  kind: same-behaviour\n  reason: no such mutant\n", encoding="utf-8")
    with pytest.raises(MutationError, match=r"eq.yaml entry 1: no such mutant: combos beats"):
        check_equivalents(load_equivalents(stale), mutants)
    bad = tmp_path / "bad.yaml"
    bad.write_text("- module: combos\n  function: beats\n  mutation: x\n  reason: r\n"
                   "  kind: same-behaviour\n  because: typo\n", encoding="utf-8")
    with pytest.raises(MutationError, match=r"bad.yaml entry 1: unknown key\(s\) because"):
        load_equivalents(bad)
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("- module: errors\n  function: f\n  mutation: x\n  reason: r\n"
                     "  kind: same-behaviour\n", encoding="utf-8")
    with pytest.raises(MutationError, match=r"module 'errors' is not mutated"):
        load_equivalents(wrong)
    kindless = tmp_path / "kind.yaml"
    kindless.write_text("- module: combos\n  function: f\n  mutation: x\n  reason: r\n"
                        "  kind: looks-fine\n", encoding="utf-8")
    with pytest.raises(MutationError, match=r"kind 'looks-fine' is not one of same-behaviour"):
        load_equivalents(kindless)


@pytest.mark.slow
def test_keys_are_unique_and_do_not_depend_on_line_numbers(mutants: list[Mutant]) -> None:
    """Every mutant has its own key; the key of a mutant is unchanged when lines are added
    above its function (occurrences count within the function only)."""
    keys = [m.key for m in mutants]
    assert len(keys) == len(set(keys))
    trees = operators.all_trees()
    shifted = dict(trees)
    source = ast.unparse(trees["trick"])
    shifted["trick"] = ast.parse("\n\n\nX_ADDED = 1\n\n" + source)
    before = [m.key for m in enumerate_mutants(["trick"], trees)]
    after = [m.key for m in enumerate_mutants(["trick"], shifted)]
    assert [k for k in after if k[1] != "<module>"] == [k for k in before if k[1] != "<module>"]
    assert {k[1] for k in before} - {"<module>"}, "trick.py has no mutant inside a function"


@pytest.mark.slow
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
    assert [(m.function, m.mutation) for m in found] == [("f", "a < b -> a <= b"),
                                                         ("f", "a < b -> a > b")]


def test_sampling_is_deterministic_for_a_seed(mutants: list[Mutant]) -> None:
    combos = [m for m in mutants if m.module == "combos"]
    first = campaign.sample_of(combos, "combos", 25, seed=3)
    assert first == campaign.sample_of(combos, "combos", 25, seed=3)
    assert len(first) == 25 and first != campaign.sample_of(combos, "combos", 25, seed=4)


def test_an_installed_kit_run_outside_a_checkout_says_where_the_equivalents_are(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Installed (not editable) the kit has no tests/: the tool finds the file under the
    working directory, and says how to give it when there is none there either, instead of
    judging every survivor non-equivalent."""
    monkeypatch.setattr(equivalents, "DEFAULT_EQUIVALENTS", tmp_path / "nowhere")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(MutationError, match="--equivalents PATH"):
        equivalents.equivalents_file()
    (tmp_path / "tests" / "mutation_equivalents").mkdir(parents=True)
    assert equivalents.equivalents_file() == tmp_path / "tests" / "mutation_equivalents"


def test_an_entry_in_another_modules_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "plays.yaml").write_text(
        "- module: combos\n  function: beats\n  mutation: x\n  kind: same-behaviour\n"
        "  reason: in the wrong file\n", encoding="utf-8")
    with pytest.raises(MutationError, match=r"belongs in combos.yaml, not plays.yaml"):
        load_equivalents(tmp_path)


def test_the_kits_own_uses_leave_the_engine_out() -> None:
    """Installed, the engine lies inside the kit's folder: its own names must not count as
    the kit's uses, or the provenance-only code would be mutated once installed and not in
    a checkout (the same run giving two answers)."""
    names = operators._kit_names()
    assert "_trace_pass" not in names  # the engine's own, provenance only
    assert "legal_plays" in names  # the kit's driver calls it


def mutations_of(source: str) -> list[str]:
    return [m.mutation for m in enumerate_mutants(["trick"], {"trick": ast.parse(source)})]


def test_comparisons_move_across_the_boundary_and_flip() -> None:
    assert mutations_of("def f(a, b):\n    return a < b\n") == [
        "a < b -> a <= b", "a < b -> a > b"]
    assert mutations_of("def f(a, b):\n    return a >= b\n") == [
        "a >= b -> a > b", "a >= b -> a <= b"]


def test_integers_go_one_up_and_one_down() -> None:
    assert mutations_of("def f(a):\n    return a[3]\n") == ["3 -> 4", "3 -> 2"]


def test_statements_are_deleted_but_never_a_first_binding() -> None:
    """Deleted: a rebinding, an augmented assignment, an attribute or item assignment, a
    call whose value is discarded. Kept: the first binding of a name (deleting it could only
    raise NameError)."""
    source = ("def f(a, seen):\n"
              "    total = a\n"          # first binding: kept
              "    total = total * 2\n"  # rebinding: deleted
              "    a = 0\n"              # a parameter rebound: deleted
              "    seen.append(total)\n"  # a call for its effect: deleted
              "    seen[0] = 1\n"        # an item: deleted
              "    return total\n")
    deleted = [m.split(" -> ")[0] for m in mutations_of(source) if m.endswith("-> pass")]
    assert deleted == ["total = total * 2", "a = 0", "seen.append(total)", "seen[0] = 1"]
    assert "a += 1 -> pass" in mutations_of("def f(a):\n    a += 1\n    return a\n")
    in_init = mutations_of("class T:\n    def __init__(self, a):\n        self.a = a\n"
                           "    def set(self, a):\n        self.a = a\n")
    assert in_init == ["self.a = a -> pass"]  # only set's: __init__'s is the first binding


def test_the_two_rates_leave_out_only_the_checked_exclusions(mutants: list[Mutant]) -> None:
    """raw = detected / judged; observable = detected / (judged - checked exclusions): an
    exclusion found observable or unverified stays in the denominator, and an
    impossible-position mutant is a survivor; timeouts are detected but counted apart
    from kills; the exclusions are counted by kind and by verdict."""
    m = mutants[0]
    outcomes = [Outcome(m, "killed", how="failed"), Outcome(m, "killed", how="errored"),
                Outcome(m, "timeout"), Outcome(m, "survived"),
                Outcome(m, "survived", kind="impossible-position"),
                Outcome(m, "equivalent", kind="message-text", check=CHECKED),
                Outcome(m, "equivalent", kind="message-text", check=OBSERVABLE),
                Outcome(m, "equivalent", kind="schema-forbidden", check=UNVERIFIED),
                Outcome(m, "equivalent", kind="same-behaviour"),  # never checked
                Outcome(m, "unreliable")]
    c = counts(outcomes)
    assert (c["killed"], c["failed"], c["errored"], c["timeout"]) == (2, 1, 1, 1)
    assert (c["message-text"], c["schema-forbidden"], c["same-behaviour"]) == (2, 1, 1)
    assert (c[CHECKED], c[OBSERVABLE], c[UNVERIFIED], c["impossible-position"]) == (1, 1, 2, 1)
    assert rates(c) == (3 / 9, 3 / 8)
    assert exclusion_line(c).startswith("hand-judged 4, checked 2, found observable 1: 1 left "
                                        "out of the observable rate's denominator, 2 "
                                        "unverified (kept in); impossible-position 1")
    everything_checked = counts([Outcome(m, "killed"), Outcome(m, "equivalent",
                                                               kind="same-behaviour",
                                                               check=CHECKED)])
    assert rates(everything_checked) == (1 / 2, 1.0)  # 100% only when every exclusion checks


def test_an_impossible_position_entry_leaves_its_mutant_a_survivor(
        mutants: list[Mutant]) -> None:
    """Issue 30: an engine accepting an impossible position is an engine duty no scenario
    tests yet; the entry names the kind, the mutant stays a survivor."""
    m = mutants[0]
    entry = Equivalent(*m.key, reason="a burial of five cards", where="test",
                       kind="impossible-position")
    outcomes = [Outcome(m, "survived", ran=3)]
    assert campaign._apply_equivalents(outcomes, [entry]) == []
    assert (outcomes[0].status, outcomes[0].kind) == ("survived", "impossible-position")
    assert "impossible-position" in survivor_lines(outcomes, source=False)[0]


def test_a_whole_function_entry_covers_only_its_unreached_survivors(
        mutants: list[Mutant]) -> None:
    """``mutation: "*"`` turns the function's unreached survivors into equivalents of its
    kind; a survivor a scenario reaches stays a survivor; when nothing of the function is
    left unreached (every mutant ran) the entry is stale."""
    mine = [m for m in mutants if (m.module, m.function) == ("combos", "beats")][:3]
    entry = Equivalent("combos", "beats", "*", 1, "a validator of unsent input", "test",
                       "schema-forbidden")
    outcomes = [Outcome(mine[0], "survived", note="not reached"),
                Outcome(mine[1], "survived", ran=4), Outcome(mine[2], "killed")]
    assert campaign._apply_equivalents(outcomes, [entry]) == []
    assert [(o.status, o.kind) for o in outcomes] == [
        ("equivalent", "schema-forbidden"), ("survived", ""), ("killed", "")]
    reached = [Outcome(mine[1], "survived", ran=4)]
    [stale] = campaign._apply_equivalents(reached, [entry])
    assert "nothing left to cover" in stale
    assert campaign._apply_equivalents(reached, [entry], complete=False) == []


def _close_the_answer_pipe_and_sleep() -> dict[str, Any]:  # pragma: no cover - the child
    import os
    import time

    os.closerange(3, 4096)  # the answer pipe too: the pool sees its end at once
    time.sleep(120)
    return {"status": "survived"}


def test_a_child_that_closes_its_pipe_and_goes_on_is_killed_at_its_deadline() -> None:
    """Every wait of the pool is bounded (issue 29, item 2): the end of a child's pipe is
    not its end, so the pool reaps it with the child's deadline, then kills it (it used to
    wait for it without a bound). The outer bound only reports a hang as a hang."""
    import threading

    answers: list[list[dict[str, Any]]] = []
    worker = threading.Thread(target=lambda: answers.append(
        run_children([(_close_the_answer_pipe_and_sleep, 0.5)], 1)), daemon=True)
    worker.start()
    worker.join(timeout=90)
    assert answers, "HANG: the pool still waits for a child that closed its pipe"
    assert answers[0][0]["status"] == "killed"
