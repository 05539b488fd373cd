"""The kit against tiny misbehaving implementations (tests/miniatures/).

Each miniature speaks the protocol but misbehaves in one way: wrong answers must be
*failed*; crashes, hangs, garbage, floods and a wrong protocol version *errored* with
context (what was sent, what came back, the stderr tail), after which the kit carries on
with the next scenario; missing capabilities *skipped* with the reason. The rule-breakers
are the reference engine with one rule broken: the scenarios of that rule must catch it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers import RULE_BREAKERS, TESTS, Warm

from fivetenk import cli
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.process_driver import MAX_LINE, ProcessDriver
from fivetenk.impl.process_pipes import STDERR_KEEP
from fivetenk.model.scenario import Scenario
from fivetenk.suite import catalog
from fivetenk.suite.runner import Result, run_scenario

MINI = TESTS / "miniatures"


def mini(name: str, *args: str) -> list[str]:
    return [sys.executable, str(MINI / name), *args]


def run(command: list[str], scenarios: list[Scenario], **options: Any) -> tuple[
        list[Result], ProcessDriver]:
    driver = ProcessDriver(command, **options)
    try:
        return [run_scenario(driver, s) for s in scenarios], driver
    finally:
        driver.close()


def queries(n: int, op: str | None = None) -> list[Scenario]:
    """The first ``n`` shipped scenarios made of one pure query (of ``op``, if given)."""
    found = [s for s in catalog.shipped() if s.setup is None and len(s.steps) == 1
             and not s.variants and (op is None or s.steps[0]["op"] == op)]
    assert len(found) >= n
    return found[:n]


def has_context(result: Result) -> None:
    assert {"sent", "received", "stderr"} <= set(result.context), result.context
    assert isinstance(result.context["sent"], dict) and "cmd" in result.context["sent"]


# --------------------------------------------------------------------------- wrong answers


@pytest.mark.slow
def test_always_wrong_never_passes_and_never_crashes() -> None:
    """Every wrong answer is caught: a corruption that keeps the reply schema-valid is a
    *failed* scenario, one that breaks the schema (``"clause": "wrong"``) an *errored* one
    saying so; the implementation is never restarted, since the stream stays in step."""
    scenarios = list(catalog.shipped())
    results, driver = run(mini("always_wrong.py"), scenarios)
    statuses = Counter(r.status for r in results)
    assert statuses["skipped"] == 0
    assert driver.launches == 1
    for r in results:
        checked = any("expect" in step or "contains" in step for step in r.scenario.steps)
        if checked:  # a scenario with only "excludes" checks may pass a wrong answer
            assert r.status in ("failed", "errored"), (r.scenario.id, r.message)
        if r.status == "errored":  # a corruption outside the schema: a malformed reply
            assert r.message.startswith("invalid reply to "), r.message
    assert statuses["failed"] > 0.2 * len(results)  # readings, clauses, counts, booleans
    assert statuses["errored"] > 0.3 * len(results)  # mostly observations made inconsistent


# --------------------------------------------------------------------------- crashes


def test_crash_errors_with_context_then_restarts_until_the_budget_is_spent() -> None:
    """A crash is seen when it happens, not at the timeout: with a reply timeout of 300 s,
    the three crashes take far less than one of them (the bound only says so, generously:
    no machine's speed decides it)."""
    scenarios = queries(12)
    started = time.monotonic()
    results, driver = run(mini("crash.py", "3"), scenarios, restarts=2, timeout=300)
    assert time.monotonic() - started < 150
    statuses = [r.status for r in results]
    assert statuses[:9] == ["passed", "passed", "errored"] * 3
    assert statuses[9:] == ["errored"] * 3
    assert driver.launches == 3
    crash = results[2]
    assert crash.message.startswith("the implementation exited with code 3 before replying to")
    has_context(crash)
    assert crash.context["exit"] == 3
    assert crash.context["received"] == ""
    assert "crash.py: simulated crash on" in crash.context["stderr"]
    assert crash.context["sent"]["cmd"] == scenarios[2].steps[0]["op"]
    spent = results[9]
    assert "restart budget (2) is spent" in spent.message
    assert "exited with code 3" in spent.message


def test_a_crash_on_start_is_blamed_on_start() -> None:
    scenarios = queries(3)
    results, driver = run(mini("crash.py", "2", "start"), scenarios)
    assert [r.status for r in results] == ["passed", "errored", "passed"]
    assert results[1].message == ("the implementation exited with code 3 before replying to "
                                  "start (seq 3)")
    assert results[1].context["sent"]["cmd"] == "start"
    assert driver.launches == 2


def test_crash_context_reaches_the_reports(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    impl = " ".join(mini("crash.py", "1"))
    code = cli.main(["check", "--no-progress", "--id", "R05-001", "--impl", impl,
                     "--jsonl", str(tmp_path / "r.jsonl"), "--junit", str(tmp_path / "r.xml")])
    out = capsys.readouterr().out
    assert code == 1
    assert "ERRORED R05-001" in out and "sent: " in out and "stderr: crash.py" in out
    record = json.loads((tmp_path / "r.jsonl").read_text().splitlines()[-1])  # after the run
    assert record["status"] == "errored"
    assert record["context"]["exit"] == 3 and record["context"]["sent"]["cmd"] == "beats"
    assert "<error message=" in (tmp_path / "r.xml").read_text()


# --------------------------------------------------------------------------- hangs


def test_hang_times_out_and_the_kit_carries_on(tmp_path: Path) -> None:
    """hang.py never answers beats (it sleeps an hour): the kit gives up after the 0.5 s
    timeout, not sooner, and not at the end of the hang (generously: under a minute).
    Started warm (tests/warm.py), so the timeout is not spent on Python's start-up."""
    scenarios = [*queries(1, "beats"), *queries(3, "classify")]
    started = time.monotonic()
    results, driver = run(mini("hang.py", "beats"), scenarios, timeout=0.5,
                          spawn=Warm(tmp_path))
    elapsed = time.monotonic() - started
    assert [r.status for r in results] == ["errored", "passed", "passed", "passed"]
    assert 0.5 <= elapsed < 60
    hang = results[0]
    assert hang.message == "no reply to beats (seq 2) within 0.5 s"
    has_context(hang)
    assert "exit" not in hang.context  # it did not die: the kit killed it
    assert "hang.py: not answering beats" in hang.context["stderr"]
    assert driver.launches == 2


def test_a_hung_handshake_errors_quickly_once_the_budget_is_spent() -> None:
    """Quickly: two launches (each waited 0.3 s for), then no wait at all; what shows it
    is ``launches == 2`` (a wait needs a process), the clock only bounds a hang."""
    started = time.monotonic()
    results, driver = run(mini("hang.py", "hello"), queries(6), timeout=0.3, restarts=1)
    assert time.monotonic() - started < 60
    assert {r.status for r in results} == {"errored"}
    assert results[0].message == "no reply to hello (seq 0) within 0.3 s"
    assert "restart budget (1) is spent" in results[2].message
    assert driver.launches == 2


@pytest.mark.slow
def test_a_hung_wrapper_script_is_killed_with_its_children() -> None:
    """The implementation is often a script that starts the engine as a child: the kit
    kills the whole process group, so no child lingers holding the pipes."""
    hang = " ".join(mini("hang.py", "beats"))
    # the whole tree is killed, so it is started as the kit starts it (not warm): the
    # timeout must leave a busy machine time to start Python and answer the handshake
    driver = ProcessDriver(["/bin/sh", "-c", f"{hang}; echo never"], timeout=5)
    try:
        scenarios = [*queries(1, "beats"), *queries(1, "classify")]
        results = [run_scenario(driver, s) for s in scenarios]
        assert driver._proc is not None
        group = driver._proc.popen.pid
    finally:
        driver.close()
    assert [r.status for r in results] == ["errored", "passed"]
    assert "hang.py: not answering beats" in results[0].context["stderr"]
    with pytest.raises(ProcessLookupError):
        os.killpg(group, 0)


# --------------------------------------------------------------------------- garbage


@pytest.mark.parametrize(("mode", "message", "received"), [
    ("text", "bad reply to beats (seq 2): the reply is not JSON", "this is not JSON"),
    ("array", "the reply is JSON but not an object (a list)", "[1, 2, 3]"),
    ("seq", 'the reply has "seq" 102, expected 2', '"seq": 102'),
    ("nook", 'the reply has no "ok": true or false', '"result": {}'),
    ("noresult", 'the reply has "ok": true but no "result"', '"ok": true'),
    ("binary", "the reply is not UTF-8 text", '{"seq": '),
])
def test_garbage_errors_with_what_was_received(mode: str, message: str, received: str) -> None:
    scenarios = [*queries(1, "beats"), *queries(2, "classify")]
    results, driver = run(mini("garbage.py", mode, "beats"), scenarios)
    assert [r.status for r in results] == ["errored", "passed", "passed"]
    assert message in results[0].message
    has_context(results[0])
    assert received in results[0].context["received"]
    assert driver.launches == 2


# --------------------------------------------------------------------------- floods


@pytest.mark.parametrize("mode", ["line", "endless"])
def test_flood_errors_with_bounded_memory(mode: str) -> None:
    scenarios = [*queries(1), *queries(1)]
    tracemalloc.start()
    try:
        started = time.monotonic()
        results, driver = run(mini("flood.py", mode), scenarios, timeout=300)
        elapsed = time.monotonic() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [r.status for r in results] == ["errored", "errored"]
    assert f"is longer than {MAX_LINE} bytes; stopped reading" in results[0].message
    has_context(results[0])
    assert len(results[0].context["received"]) < 2100
    assert peak < 3 * MAX_LINE + (1 << 20), f"peak {peak} bytes"
    assert elapsed < 150  # stopped at the long line, not at a timeout (2 x 300 s)
    assert driver.launches == 2


# --------------------------------------------------------------------------- versions


def test_wrong_version_errors_everything_naming_both_versions() -> None:
    started = time.monotonic()
    results, driver = run(mini("wrong_version.py"), queries(8), timeout=300)
    assert time.monotonic() - started < 150  # at once: not one timeout of 300 s waited
    assert {r.status for r in results} == {"errored"}
    assert {r.message for r in results} == {
        "the implementation speaks protocol 99, but fivetenk 0.1.0 speaks protocol 1 (1.0 to 1.4)"}
    assert driver.launches == 1  # no pointless restarts
    has_context(results[0])
    assert results[0].context["sent"]["cmd"] == "hello"


# --------------------------------------------------------------------------- capabilities


def test_partial_skips_games_and_variants_with_reasons_and_runs_queries() -> None:
    shipped = catalog.shipped()
    games = [s for s in shipped if s.setup is not None][:6]
    variant = [s for s in shipped if s.setup is None and s.variants][:3]
    plain = queries(6)
    assert games and variant, "the suite needs game and variant scenarios for this test"
    results, _ = run(mini("partial.py"), [*games, *variant, *plain])
    by_kind = [results[:len(games)], results[len(games):-len(plain)], results[-len(plain):]]
    for r in by_kind[0]:
        assert r.status == "skipped"
        assert r.reason.startswith("implementation lacks capability "), r.reason
        assert ("deal" in r.reason) or ("position" in r.reason)
    for r in by_kind[1]:
        assert r.status == "skipped" and r.reason.startswith("implementation lacks variant ")
    assert [r.status for r in by_kind[2]] == ["passed"] * len(plain)


# --------------------------------------------------------------------------- stderr


def test_stderr_noise_cannot_block_and_is_kept_bounded() -> None:
    scenarios = [s for s in catalog.shipped() if s.rule == "R05"]
    # a blocked stderr would stop the replies: a generous timeout still shows it
    driver = ProcessDriver(mini("stderr_noise.py"), timeout=60)
    try:
        results = [run_scenario(driver, s) for s in scenarios]
        reference = [run_scenario(ReferenceDriver(), s) for s in scenarios]
        assert [r.status for r in results] == [r.status for r in reference]
        assert driver._proc is not None
        tail = driver._proc.stderr
        assert tail.total > (1 << 20) + 100 * len(scenarios) * 1000
        assert len(tail.data) <= STDERR_KEEP
    finally:
        driver.close()
    assert driver.launches == 1


# --------------------------------------------------------------------------- rule-breakers


def test_rule_breaker_list_matches() -> None:
    listed = json.loads(subprocess.run(mini("rulebreaker.py", "--list"), capture_output=True,
                                       check=True, timeout=30).stdout)
    assert {name: meta["rule"] for name, meta in listed.items()} == {
        name: rule for name, (rule, _, _) in RULE_BREAKERS.items()}
    assert len(listed) >= 8


@cache
def reference_statuses(rule: str) -> dict[str, str]:
    """Each scenario of ``rule`` with its status against the reference (run once per rule:
    several rule-breakers break the same rule)."""
    return {s.id: run_scenario(ReferenceDriver(), s).status for s in catalog.shipped()
            if s.rule == rule}


@pytest.mark.parametrize("name", list(RULE_BREAKERS))
def test_rule_breaker_fails_its_rule(name: str) -> None:
    """The engine with one rule broken fails scenarios of that rule (that pass against the
    reference), among them scenarios of the broken clause and the ids named above."""
    rule, clause, known = RULE_BREAKERS[name]
    scenarios = [s for s in catalog.shipped() if s.rule == rule]
    if not scenarios:
        pytest.fail(f"no scenarios for {rule} yet: rule-breaker {name!r} cannot be checked")
    results, _ = run(mini("rulebreaker.py", name), scenarios, timeout=10)
    reference = reference_statuses(rule)
    caught = sorted(r.scenario.id for r in results
                    if r.status == "failed" and reference[r.scenario.id] == "passed")
    errored = [(r.scenario.id, r.message) for r in results if r.status == "errored"]
    assert not errored, errored[:3]
    assert caught, f"no {rule} scenario catches rule-breaker {name!r}"
    by_id = {s.id: s for s in scenarios}
    assert any(clause in by_id[i].clauses for i in caught), (
        f"no {clause} scenario catches {name!r}; caught by {caught}")
    assert known & set(caught), (
        f"none of {sorted(known)} catches {name!r} any more (renumbered?); caught by {caught}")
