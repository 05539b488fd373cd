"""``fivetenk fuzz`` against an engine that fails (issue 28, item 3): a timeout, a crash or a
spent restart budget is an *errored* case, counted apart, never a divergence; a ``plays``
request that times out lowers the hands asked; the campaign stops when the restart budget
is spent and says so; a case is written only if it fails on the engine; ``--budget``
bounds every wait; and a case number names the same case under any handshake.

No test races a clock: the slow engines *block* (they sleep for an hour, and the kit
kills them at ``--timeout``), so a request times out whatever the machine's speed; the
subprocess timeouts are generous outer bounds that report a hang as a hang."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import TESTS

from fivetenk.fuzz.campaign import Plan, generate, make_mode
from fivetenk.fuzz.findings import shrink_and_write
from fivetenk.fuzz.game_cases import generate_game
from fivetenk.fuzz.queries import QueryMode
from fivetenk.fuzz.source import Case, RandomSource, failure_kind, shrink
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.framing import ReplyError
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.language.compiler import compile_text
from fivetenk.suite.runner import run_scenario

MINI = TESTS / "miniatures"
SLOW = [sys.executable, str(MINI / "fuzz_slow_plays.py")]
HANG_PLAYS = [sys.executable, str(MINI / "hang.py"), "plays"]
SLOW_CAMPAIGN = ("--seed", "4", "--cases", "100")
"""The campaign of :data:`SLOW`: the pair-run bug at case 27, a 26-card plays hand at case
55, then four more hands of over 16 cards (two tests run it)."""
OUTER = 600
"""Seconds after which a run is reported as a hang (never reached by a working kit)."""


class Campaign:
    """``fivetenk fuzz`` run as a user runs it (``--mode queries``), with ``--out`` and
    ``--jsonl`` in ``folder``, started in the background: :meth:`result` waits for it."""

    def __init__(self, folder: Path, engine: list[str], *args: str) -> None:
        import shlex

        self.folder, self.report = folder, folder / "r.jsonl"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fivetenk.cli", "fuzz", "--impl", shlex.join(engine),
             "--mode", "queries", *args, "--out", str(folder / "found"), "--jsonl",
             str(self.report), "--no-progress"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.done: tuple[Any, list[dict[str, Any]]] | None = None

    def result(self) -> tuple[Any, list[dict[str, Any]]]:
        """The finished process and the report's records."""
        if self.done is None:
            try:
                out, err = self.process.communicate(timeout=OUTER)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.communicate()
                pytest.fail(f"HANG: {self.process.args} did not end within {OUTER} s")
            run = subprocess.CompletedProcess(self.process.args, self.process.returncode,
                                              out, err)
            records = [json.loads(line) for line in self.report.read_text().splitlines()] \
                if self.report.exists() else []
            self.done = run, records
        return self.done


def fuzz_run(tmp_path: Path, engine: list[str], *args: str) -> tuple[Any, list[dict[str, Any]]]:
    """:class:`Campaign` in ``tmp_path``, waited for."""
    return Campaign(tmp_path, engine, *args).result()


TIMING_OUT = "timing-out"
"""The xdist group of the tests of :func:`timing_out` (one worker starts the campaigns)."""


@pytest.fixture(scope="module")
def timing_out(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Campaign]]:
    """The campaigns that wait for ``--timeout 5`` to fire, started together at the first
    of their tests, so that those waits overlap (one after another, they idled 25 s)."""
    def folder(name: str) -> Path:
        return tmp_path_factory.mktemp(name)

    wrong = folder("wrong-and-hanging") / "wrong_and_hanging.py"
    wrong.write_text(WRONG_AND_HANGING)
    campaigns = {
        "slow": Campaign(folder("slow"), SLOW, *SLOW_CAMPAIGN, "--timeout", "5"),
        "restarts": Campaign(folder("restarts"), HANG_PLAYS, "--seed", "1", "--cases", "3000",
                             "--restarts", "1", "--timeout", "5"),
        "wrong": Campaign(wrong.parent, [sys.executable, str(wrong)], "--seed", "1",
                          "--cases", "200", "--restarts", "0", "--timeout", "5"),
        "beats": Campaign(folder("beats"), [sys.executable, str(MINI / "hang.py"), "beats"],
                          "--seed", "1", "--cases", "400", "--restarts", "1", "--timeout", "5"),
    }
    yield campaigns
    for campaign in campaigns.values():  # one whose test did not run ends as it would
        campaign.result()


@pytest.mark.slow  # waits for timeouts to fire
@pytest.mark.xdist_group(TIMING_OUT)
def test_a_slow_engine_with_a_real_bug(timing_out: dict[str, Campaign]) -> None:
    """The campaign of issue 28 in miniature: an engine with the pair-run bug whose plays
    listing never comes back for a hand of more than 16 cards. The timeout is reported
    apart (errored, with the request and the hand's size), plays hands that long are no
    longer asked (said, and counted), the campaign goes on to the end, the pair-run bug is
    found, and every case written fails on the engine and passes on the reference.

    Seed 4 (:data:`SLOW_CAMPAIGN`): the pair-run bug at case 27, the first long hand asked
    at case 55 (26 cards), four long hands lowered after it (seed 1 needed 3,000 cases).
    ``--timeout 5``, as the other tests here: the listing blocks for an hour, so it times
    out at any timeout, and an answered request takes milliseconds."""
    run, records = timing_out["slow"].result()
    text = run.stdout
    assert run.returncode == 1, text + run.stderr
    summary = records[-1]
    assert summary["record"] == "summary" and summary["stopped"] is None, summary
    assert summary["errored"] == {"timeout": 1}, summary  # once, then no hand that long
    errored = [r for r in records if r["record"] == "case" and r.get("errored")]
    assert len(errored) == 1 and errored[0]["request"]["op"] == "plays"
    size = len(errored[0]["request"]["hand"])
    assert size > 16
    assert "ERRORED: 1 case the implementation did not answer (1 timed out)" in text, text
    assert f"({size} cards in the hand)" in text and "no reply to plays" in text, text
    assert f"note: a plays request of a {size}-card hand timed out (case " \
        f"{errored[0]['case']})" in text, text
    lowered = {why: n for why, n in summary["skipped_why"].items()
               if why.startswith("a plays hand of more than 16 cards (lowered after")}
    assert lowered and sum(lowered.values()) > 0, summary
    # the real bug, and only it, is reported as a divergence
    groups = [r for r in records if r["record"] == "divergence"]
    assert groups and all(not g["found"]["error"] for g in groups), groups
    assert any(g["kind"] == "beats" and g["found"]["expected"].get("beats") is True
               and g["found"]["observed"].get("beats") is False for g in groups), groups
    written = [Path(g["feature"]) for g in groups if g.get("feature")]
    assert written and not any(g.get("not_written") for g in groups), groups
    # every case written fails on the engine, and passes on the reference
    with ProcessDriver(SLOW, timeout=OUTER) as engine:
        for path in written:
            (scenario,) = compile_text(path.read_text(), str(path))
            assert run_scenario(ReferenceDriver(), scenario).status == "passed", path
            assert run_scenario(engine, scenario).status == "failed", path
    assert sorted(p.name for p in (timing_out["slow"].folder / "found").iterdir()) == sorted(
        name for path in written for name in (path.name, path.with_suffix(".json").name))


@pytest.mark.slow  # waits for timeouts to fire
@pytest.mark.xdist_group(TIMING_OUT)
def test_a_spent_restart_budget_stops_the_campaign_and_says_so(
        timing_out: dict[str, Campaign]) -> None:
    """An engine that never answers ``plays``: each timeout restarts it; once the restart
    budget is spent the campaign stops, says why with the counts, and counts nothing as a
    divergence (issue 28: 14,036 cases counted as divergences after 5 restarts)."""
    run, records = timing_out["restarts"].result()  # --cases 3000 --restarts 1 --timeout 5
    text = run.stdout
    assert run.returncode == 1, text + run.stderr
    summary = records[-1]
    assert summary["errored"] == {"timeout": 2}, summary  # started twice, timed out twice
    assert summary["diverged"] == 0 and summary["distinct"] == 0, summary
    assert "STOPPED: the restart budget is spent (--restarts 1): the implementation failed " \
        "2 times (2 timed out) and was not started again" in text, text
    assert summary["stopped"].startswith("STOPPED: the restart budget is spent")
    assert sum(summary["tried"].values()) < 3000, summary  # it did stop
    assert not [r for r in records if r["record"] == "divergence"]
    assert "DIVERGED" not in text and "; 0 diverged, 0 distinct; 2 errored" in text, text


@pytest.mark.slow  # waits for timeouts to fire
def test_the_budget_bounds_every_wait(tmp_path: Path) -> None:
    """With a reply timeout far longer than the budget, an engine that never answers
    ``plays`` cannot hold the command past ``--budget``: the wait is cut at the budget, the
    campaign stops saying so, and the cut wait is not counted as the engine's timeout. (The outer
    bound only reports a hang; no verdict depends on how long the run took.)"""
    started = time.monotonic()
    run, records = fuzz_run(tmp_path, HANG_PLAYS, "--seed", "1", "--budget", "3",
                            "--timeout", "3600")
    assert time.monotonic() - started < OUTER
    text = run.stdout
    assert run.returncode == 0, text + run.stderr  # the budget's end is no fault
    assert "note: the --budget (3 s) ran out while waiting for the implementation: the " \
        "campaign stopped after case" in text, text
    summary = records[-1]
    assert summary["errored"] == {} and summary["not_run"] >= 1, summary
    assert "DIVERGED" not in text and "ERRORED" not in text, text


def test_failure_kinds() -> None:
    assert failure_kind("no reply to plays (seq 3) within 10 s") == "timeout"
    assert failure_kind("the implementation exited with code 1 before replying to plays "
                        "(seq 3)") == "crash"
    assert failure_kind("not starting the implementation again: the restart budget (5) is "
                        "spent; the last failure was: x") == "restart budget"
    assert failure_kind("stopped waiting for the reply to plays (seq 3): the command's time "
                        "budget ran out") == "out of time"
    assert failure_kind("bad reply to plays (seq 3): not JSON") == "protocol"
    for answered in ("", "the implementation could not do plays: no",
                     "invalid reply to plays (seq 3): $.result: x"):
        assert failure_kind(answered) == ""


class _Forgetful(ReferenceDriver):
    """An engine that reads a card set's legality backwards the first three times it is
    asked to classify; then it answers as the reference does (an engine that warms a cache
    wrongly)."""

    def __init__(self) -> None:
        super().__init__(self_check=False)
        self.wrong = 3

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        answer = super().run(step)
        if step["op"] == "classify" and self.wrong > 0:
            self.wrong -= 1
            return {"legal": not answer.get("legal"), "readings": []}
        return answer


def test_a_case_that_passes_on_the_engine_is_not_written(tmp_path: Path) -> None:
    """Every case is checked on the implementation, from the text that would be written,
    before it is written: one that passes there is not written, and the report says why
    (issue 28: 3 of 5 written cases passed on the engine)."""
    mode = QueryMode()
    engine = _Forgetful()
    case = next(c for i in range(200)
                if (c := mode.generate(RandomSource(f"9:queries:{i}"), {})).kind == "classify")
    found = mode.run(engine, [case])[0]
    assert found is not None and found.paths
    args = argparse.Namespace(out=tmp_path, id_prefix="found", impl="forgetful")
    lines, record = shrink_and_write(args, mode, engine, case, found, [{}], {})
    assert record["not_written"].startswith("it passes on the implementation"), lines
    assert any(line.startswith("  not written: it passes on the implementation")
               for line in lines), lines
    assert list(tmp_path.iterdir()) == []


def test_shrinking_stops_at_its_deadline() -> None:
    """``--budget`` bounds shrinking: past ``until`` no case is tried, and the case is
    returned as found, saying why."""
    def gen(src: Any) -> Case:
        return Case(mode="toy", kind="toy", data={"n": src.int(0, 100)})

    calls = []

    def diverges(case: Case) -> bool:
        calls.append(case)
        return bool(case.data["n"] > 10)

    shrunk = shrink(gen, [50], diverges, until=time.monotonic() - 1)
    assert not calls and not shrunk.replayed and shrunk.case.data == {"n": 50}
    assert "the --budget ran out" in shrunk.note
    assert shrink(gen, [50], diverges).case.data == {"n": 11}  # without it, it shrinks


def test_a_case_number_names_the_same_case_under_any_handshake() -> None:
    """Issue 28: with ``plays`` declared, case 356 became another case. The query drawn,
    the game dealt and the mode and variant setting of a case number no longer depend on
    what the handshake declares; what it does not declare is skipped, with the reason."""
    full = frozenset({"classify", "beats", "plays", "points", "deal", "position"})
    less = full - {"plays"}
    both = QueryMode(full), QueryMode(less)
    kinds = set()
    for i in range(300):
        one, other = (m.generate(RandomSource(f"4:queries:{i}"), {}) for m in both)
        assert one.kind == other.kind
        kinds.add(one.kind)
        if one.kind == "plays":
            assert other.steps == [] and both[1].skip_reason(other) == \
                "the implementation does not answer plays"
        else:
            assert one.steps == other.steps and not both[1].skip_reason(other)
    assert "plays" in kinds
    # a game case: the same deal and play, less the plays queries
    for i in range(3):
        asked = generate_game(RandomSource(f"4:games:{i}"), {}, True)
        not_asked = generate_game(RandomSource(f"4:games:{i}"), {}, False)
        assert [s for s in asked.steps if s["op"] != "plays"] == not_asked.steps
    # the plan: the same mode and variants for every number, whatever runs
    combos = {"queries": [{}, {"rocket": "joker_sets"}], "games": [{}], "endings": [{}]}
    everything = Plan(1, ["queries", "games", "endings"], combos, full, None)
    queries_only = Plan(1, ["queries", "games", "endings"], combos, less, None,
                        runnable={"queries": "", "games": "the implementation lacks "
                                  "capability deal", "endings": "the implementation lacks "
                                  "capability position"},
                        offers={"rocket": ("pair",)})
    for g in range(12):
        assert everything.locate(g) == queries_only.locate(g)
    assert queries_only.why_not(1) == "mode games: the implementation lacks capability deal"
    assert queries_only.why_not(3) == \
        "played under rocket=joker_sets, which the implementation does not offer"
    assert list(queries_only.numbers(3)) == [0, 6, 12]  # the cases it is asked, in order
    assert list(everything.numbers(3)) == [0, 1, 2]
    modes = {"queries": make_mode("queries", less, None)}
    assert generate(queries_only, modes, 6) == generate(queries_only, modes, 6)


NO_PLAYS = '''
import sys
from fivetenk.impl.adapter import Adapter, serve


class NoPlays(Adapter):
    """The reference adapter, whose handshake does not offer plays."""

    def handle(self, request):
        reply = super().handle(request)
        if request.get("cmd") == "hello":
            reply["result"]["capabilities"] = ["classify", "beats", "points", "deal",
                                               "position", "hands"]
        return reply


sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer, NoPlays()))
'''


def test_case_n_of_a_query_not_offered_is_skipped_saying_so(tmp_path: Path) -> None:
    """``--case N`` of a plays case against an engine that does not answer plays: the same
    case, skipped with that reason (not another case, "outside the shapes")."""
    mode = QueryMode()
    number = next(i for i in range(100)
                  if mode.generate(RandomSource(f"5:queries:{i}"), {}).kind == "plays")
    script = tmp_path / "no_plays.py"
    script.write_text(NO_PLAYS)
    run, records = fuzz_run(tmp_path, [sys.executable, str(script)], "--seed", "5",
                            "--case", str(number))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 skipped (the implementation does not answer plays: 1)" in run.stdout, run.stdout
    assert records[-1]["skipped_why"] == {"the implementation does not answer plays": 1}


def test_merge_counts_the_errored_cases_of_every_shard(tmp_path: Path) -> None:
    """``fuzz merge`` adds up the shards' errored cases by kind and names a shard the
    restart budget stopped; either makes it exit 1, as the shard did."""
    import contextlib
    import io

    from fivetenk import cli

    summaries = [{"record": "summary", "seed": 1, "tried": {"queries/plays": 5}, "diverged": 0,
                  "errored": {"timeout": 2}, "stopped": "STOPPED: the restart budget is spent"},
                 {"record": "summary", "seed": 1, "tried": {"queries/plays": 7}, "diverged": 0,
                  "errored": {"timeout": 1, "crash": 1}, "stopped": None}]
    for k, summary in enumerate(summaries):
        (tmp_path / f"s{k}").mkdir()
        (tmp_path / f"s{k}" / "fuzz.jsonl").write_text(json.dumps(summary) + "\n")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["fuzz", "merge", str(tmp_path / "s0"), str(tmp_path / "s1")])
    text = out.getvalue()
    assert code == 1, text
    assert "12 cases in 2 shards; 0 diverged, 0 distinct (from 0 groups in the shards); " \
        "4 errored (3 timeout, 1 crash)" in text, text
    assert "note: the restart budget stopped 1 shard before its end: " in text, text
    clean = {**summaries[1], "errored": {}}
    (tmp_path / "s1" / "fuzz.jsonl").write_text(json.dumps(clean) + "\n")
    with contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(["fuzz", "merge", str(tmp_path / "s1")]) == 0


WRONG_AND_HANGING = '''
import sys
import time
from fivetenk.impl.adapter import Adapter, serve


class WrongAndHanging(Adapter):
    """Reads every card set's legality backwards, and never answers plays."""

    def handle(self, request):
        if request.get("cmd") == "plays":
            time.sleep(3600)
        reply = super().handle(request)
        if request.get("cmd") == "classify" and reply.get("ok"):
            reply["result"] = {"legal": not reply["result"]["legal"], "readings": []}
        return reply


sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer, WrongAndHanging()))
'''


@pytest.mark.slow  # waits for timeouts to fire
@pytest.mark.xdist_group(TIMING_OUT)
def test_after_the_restart_budget_nothing_is_shrunk_or_written(
        timing_out: dict[str, Campaign]) -> None:
    """A divergence found before the restart budget ran out is reported, but not shrunk or
    written: the implementation is not started again, so no case could be checked on it;
    the report says so and gives the command that runs the case alone."""
    run, records = timing_out["wrong"].result()  # --cases 200 --restarts 0 --timeout 5
    text = run.stdout
    assert run.returncode == 1, text + run.stderr
    groups = [r for r in records if r["record"] == "divergence"]
    assert groups and all(g["kind"] == "classify" for g in groups), groups
    assert all(g["not_written"] == "the restart budget is spent" for g in groups), groups
    assert "not shrunk or written: the implementation is not started again" in text, text
    assert "STOPPED: the restart budget is spent (--restarts 0)" in text, text
    found = timing_out["wrong"].folder / "found"
    assert not found.exists() or not list(found.iterdir())


@pytest.mark.slow  # waits for timeouts to fire
@pytest.mark.xdist_group(TIMING_OUT)
def test_a_query_that_timed_out_is_no_longer_asked(timing_out: dict[str, Campaign]) -> None:
    """An engine that never answers ``beats``: after its first timeout no ``beats`` is
    asked, so the restart budget is not spent on it and the campaign runs to its end,
    saying so; the other queries are still asked."""
    run, records = timing_out["beats"].result()  # hang.py beats: --cases 400 --restarts 1
    text = run.stdout
    assert run.returncode == 1, text + run.stderr  # an errored case
    summary = records[-1]
    assert summary["errored"] == {"timeout": 1} and summary["stopped"] is None, summary
    assert summary["skipped_why"]["no longer asked: a beats request timed out"] > 0, summary
    assert set(summary["tried"]) == {"queries/beats", "queries/classify", "queries/plays",
                                     "queries/points"} and summary["tried"]["queries/beats"] == 1
    assert sum(summary["tried"].values()) + summary["skipped"] == 400, summary
    assert "beats was no longer asked" in text and "STOPPED" not in text, text


@pytest.mark.slow  # the campaign of the slow engine
def test_an_engine_that_declares_max_plays_hand_is_never_asked_a_longer_hand(
        tmp_path: Path) -> None:
    """Issue 28, item 3: the author says in the hello what ``--max-plays-hand`` would say
    (``"max_plays_hand": 16``): the campaign says so, asks no longer hand (so the listing
    that never comes back is never asked: no timeout), and still finds the pair-run bug."""
    run, records = fuzz_run(tmp_path, [*SLOW, "--declare-max"], *SLOW_CAMPAIGN)
    text = run.stdout
    assert "note: plays is asked of hands of at most 16 cards (the hello's " \
        "max_plays_hand)" in text, text
    summary = records[-1]
    assert summary["record"] == "summary" and not summary["errored"], summary
    assert not any(r["record"] == "case" and r.get("errored") for r in records)
    assert any(r["record"] == "divergence" and r["kind"] == "beats" for r in records), text
    # the campaign that timed out without the declaration: its long hands were not asked
    assert sum(n for why, n in summary["skipped_why"].items()
               if why.startswith("a plays hand of more than 16 cards")) > 0, summary


def test_max_plays_hand_in_a_hello_is_read_and_checked() -> None:
    from fivetenk.impl.hello import parse_hello

    hello = {"protocol": 1, "name": "x", "capabilities": ["queries"]}
    assert parse_hello(hello, "kit").max_plays_hand is None
    assert parse_hello({**hello, "max_plays_hand": 16}, "kit").max_plays_hand == 16
    for bad in (0, 33, "16", True, 16.0):
        with pytest.raises(ReplyError, match="max_plays_hand"):
            parse_hello({**hello, "max_plays_hand": bad}, "kit")
