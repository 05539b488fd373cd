"""ProcessDriver and `fivetenk check --impl`: the reference engine behind the protocol gives
the same verdicts as in process; the options, the expectations file and the Node example.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

from fivetenk import cli
from fivetenk.impl.drivers import CAPABILITIES, DriverError, ReferenceDriver
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.impl.protocol import describe_rejection
from fivetenk.model.scenario import Scenario
from fivetenk.results.expectations import Expectations, ExpectationsError, parse
from fivetenk.suite import catalog, profile
from fivetenk.suite.runner import run_expected, run_scenario

ADAPTER = f"{sys.executable} -m fivetenk.impl.adapter"
MINI = ROOT / "tests" / "miniatures"
NODE_ADAPTER = ROOT / "tests" / "adapters" / "node" / "toy_adapter.js"


def fivetenk_command() -> str:
    """The `fivetenk` console script of this environment (or the module, if missing)."""
    exe = Path(sys.executable).with_name("fivetenk")
    return str(exe) if exe.exists() else f"{sys.executable} -m fivetenk.cli"


def check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run `fivetenk check ARGS` in process; the exit code and what it printed."""
    code = cli.main(["check", "--no-progress", *args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def records(path: Path) -> dict[str, dict[str, Any]]:
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["record"] == "run"  # the run record first (issue 8, D-4)
    return {r["id"]: r for r in map(json.loads, lines[1:]) if "id" in r}  # not "stale" ones


# --------------------------------------------------------------------------- same verdicts


@pytest.mark.slow
def test_whole_suite_through_fivetenk_adapter_matches_in_process(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`fivetenk check --impl "fivetenk adapter"` gives every shipped scenario the verdict
    the in-process check gives it (same statuses, same differences)."""
    code_in, out_in = check(capsys, "-q", "--jsonl", str(tmp_path / "in.jsonl"))
    assert code_in in (0, 1), f"the shipped suite does not load: {out_in[-500:]}"
    code_out, out_out = check(capsys, "-q", "--impl", f"{fivetenk_command()} adapter",
                              "--jsonl", str(tmp_path / "out.jsonl"))
    inside, outside = records(tmp_path / "in.jsonl"), records(tmp_path / "out.jsonl")
    assert list(inside) == list(outside)
    for record in [*inside.values(), *outside.values()]:
        record.pop("context", None)  # how an error was seen differs: in process or not
    assert inside == outside
    assert code_in == code_out
    assert out_in.splitlines()[-1] == out_out.splitlines()[-1]  # the totals row
    assert Counter(r["status"] for r in outside.values())["passed"] > 0.9 * len(outside)


def test_rule_subset_through_the_adapter_module(capsys: pytest.CaptureFixture[str]) -> None:
    code_in, out_in = check(capsys, "--rule", "R05")
    code_out, out_out = check(capsys, "--rule", "R05", "--impl", ADAPTER, "--timeout", "20")
    assert code_in == code_out
    assert out_in.splitlines()[-1] == out_out.splitlines()[-1]
    assert "against fivetenk reference engine 0.1.0" in out_out.splitlines()[0]


def test_driver_reports_its_name_capabilities_and_stops_the_process() -> None:
    log: list[tuple[dict[str, Any], Any]] = []
    driver = ProcessDriver(ADAPTER, trace=lambda q, r: log.append((q, r)))
    assert driver.name == ADAPTER  # before the handshake: the command
    assert driver.capabilities == {"queries", "deal", "position", "hands"}
    assert driver.name == "fivetenk reference engine 0.1.0"
    assert driver.supports_variants({"rocket": "joker_sets"})
    assert driver.start({}, None) == {"accepted": True}
    assert driver.run({"op": "points", "cards": ["5H", "10S", "KD"], "expect": {}}) == {
        "points": 25}
    popen = driver._proc.popen if driver._proc else None
    assert popen is not None
    driver.close()
    assert popen.returncode == 0  # it answered stop and exited by itself
    assert [q["seq"] for q, _ in log] == [0, 1, 2]
    assert log[2][0] == {"cmd": "points", "seq": 2, "cards": ["5H", "10S", "KD"]}
    driver.close()  # idempotent
    assert driver.launches == 1


def test_prestart_overlaps_the_handshake() -> None:
    with ProcessDriver(ADAPTER) as driver:
        driver.prestart()
        assert driver.launches == 1 and driver.hello is None
        assert "queries" in driver.capabilities
        assert driver.launches == 1


def test_an_implementation_error_reply_errors_the_scenario_but_keeps_the_process() -> None:
    scenario = next(s for s in catalog.shipped() if s.setup is None)
    with ProcessDriver([sys.executable, str(MINI / "garbage.py"), "error"]) as driver:
        first = run_scenario(driver, scenario)
        second = run_scenario(driver, scenario)
        assert driver.launches == 1
    assert first.status == second.status == "errored"
    assert "garbage.py cannot do" in first.message
    assert first.context["sent"]["cmd"] == scenario.steps[0]["op"]


@pytest.mark.parametrize("pipeline", [True, False])
def test_a_rejected_setup_errors_the_scenario_and_the_session_goes_on(pipeline: bool) -> None:
    bad = Scenario(id="bad-setup", name="an impossible position", clauses=["R13.1"],
                   setup={"position": {"phase": "nonsense"}}, steps=[{"op": "observe"}])
    good = next(s for s in catalog.shipped() if s.setup is None)
    reference = run_scenario(ReferenceDriver(), bad)
    with ProcessDriver(ADAPTER, pipeline=pipeline) as driver:
        results = [run_scenario(driver, s) for s in (bad, good, bad, good)]
        assert driver.launches == 1
    assert [r.status for r in results] == ["errored", "passed"] * 2
    assert reference.status == "errored"
    rejection = ReferenceDriver().start({}, bad.setup)
    assert results[0].message == describe_rejection(rejection)  # the message, not a repr
    assert results[0].message.startswith("the implementation rejected the setup: invalid "
                                         "position: missing banker")
    assert "{'" not in results[0].message


def test_driver_rejects_bad_settings() -> None:
    with pytest.raises(ValueError, match="empty"):
        ProcessDriver("   ")
    with pytest.raises(ValueError, match="timeout"):
        ProcessDriver("x", timeout=0)
    with pytest.raises(ValueError, match="restart"):
        ProcessDriver("x", restarts=-1)


def test_a_command_that_cannot_start_errors_every_scenario_once() -> None:
    scenario = catalog.shipped()[0]
    with ProcessDriver([str(ROOT / "no-such-program")]) as driver:
        results = [run_scenario(driver, scenario) for _ in range(3)]
        assert driver.launches == 1
    assert {r.status for r in results} == {"errored"}
    assert "cannot start the implementation" in results[0].message


def test_reading_the_profile_of_a_closed_driver_does_not_start_it_again() -> None:
    """An implementation that dies before its handshake, with restarts left: the report's
    profile, read after the run has closed the driver, is "everything" (what the kit went
    by) and starts nothing; a start does start it again."""
    driver = ProcessDriver([sys.executable, "-c", "pass"], restarts=5)
    assert driver.capabilities == frozenset(CAPABILITIES) and driver.hello is None
    with pytest.raises(DriverError, match="before replying to hello"):
        driver.start({}, None)  # the failure of the first launch, used up
    assert driver.launches == 1
    driver.close()
    assert profile.describe(driver)["capabilities"] == list(CAPABILITIES)
    assert driver.shapes is None and driver.supports_variants({"rocket": "joker_sets"})
    assert driver.launches == 1
    with pytest.raises(DriverError, match="before replying to hello"):
        driver.start({}, None)
    assert driver.launches == 2
    driver.close()


# --------------------------------------------------------------------------- command line


@pytest.mark.parametrize(("args", "message"), [
    (["--impl", str(ROOT / "no-such-program")], "no-such-program': not found"),
    (["--impl", "no-such-program-on-path --flag"], "'no-such-program-on-path' not found on PATH"),
    (["--impl", "python3 'unbalanced"], "No closing quotation"),
    (["--impl", "  "], "--impl needs a command, not '  '"),
    (["--impl", ""], "--impl needs a command, not '' (an unset variable?)"),
    (["--impl", "''"], "--impl needs a command"),
    (["--impl", str(ROOT / "tests")], "tests' is a folder, not a program"),
    (["--impl", "/dev/null"], "'/dev/null' is not a regular file"),
])
def test_bad_impl_is_a_usage_error(capsys: pytest.CaptureFixture[str], args: list[str],
                                   message: str) -> None:
    """``--impl`` must name a program that can run: anything else is exit 2 before any
    scenario runs -- never an errored run (exit 1), and never, for an empty command (an
    unset variable in CI), a silent check of the bundled reference (a false green)."""
    code, out = check(capsys, *args)
    assert code == 2, out
    assert message in out and "Traceback" not in out
    assert "scenarios against" not in out


def test_an_impl_that_is_not_executable_is_a_usage_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "adapter.py"
    script.write_text("print('never run')\n")
    script.chmod(0o644)
    code, out = check(capsys, "--impl", f"{script} --fast")
    assert code == 2
    assert f"'{script}' is not executable (chmod +x it, or name its interpreter: --impl " \
           f'"python3 {script}")' in out


@pytest.mark.parametrize("args", [["--timeout", "0"], ["--timeout", "soon"],
                                  ["--timeout", "-1"], ["--timeout", "nan"],
                                  ["--timeout", "inf"], ["--timeout", "3600.5"],
                                  ["--timeout", "1e9"], ["--restarts", "-1"],
                                  ["--restarts", "x"], ["--restarts", "101"],
                                  ["--restarts", "\u00b2"], ["--restarts", "\u0663"],
                                  ["--restarts", ""]])
def test_bad_numbers_are_usage_errors(capsys: pytest.CaptureFixture[str],
                                      args: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["check", *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert args[0] in err and "Traceback" not in err
    assert "at most 3600" in err if args[0] == "--timeout" else "from 0 to 100" in err


def test_the_longest_timeout_and_largest_budget_are_accepted() -> None:
    parser = cli.build_parser(["check"])
    args = parser.parse_args(["check", "--timeout", "3600", "--restarts", "100"])
    assert (args.timeout, args.restarts) == (3600.0, 100)
    with pytest.raises(ValueError, match="at most 3600"):
        ProcessDriver("x", timeout=3601)
    with pytest.raises(ValueError, match="above 100"):
        ProcessDriver("x", restarts=101)


def test_output_closed_early_ends_quietly() -> None:
    """``fivetenk check ... | head``: the reader goes away; the kit ends with exit 1 and
    nothing on stderr (no "Broken pipe", no traceback), and the implementation is gone."""
    wrong = f"{sys.executable} {MINI / 'always_wrong.py'}"
    kit = subprocess.Popen([fivetenk_command(), "check", "--no-progress", "--rule", "R05",
                            "--impl", wrong], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert kit.stdout is not None and kit.stderr is not None
    first = kit.stdout.readline()  # ~190 KB would follow: more than a pipe holds (64 KB)
    kit.stdout.close()
    err = kit.stderr.read()
    assert kit.wait(timeout=60) == 1
    assert first.startswith(b"fivetenk check: ")
    assert err == b""


# --------------------------------------------------------------------------- expectations


def test_expectations_parse_and_match() -> None:
    expectations = parse({"skip": {"R05": "no bombs yet"}, "xfail": {"R02-003": "issue 1",
                                                                      "R03.5": "wings"}},
                         where="x.yaml")
    by_id = {s.id: s for s in catalog.shipped()}
    assert expectations.for_scenario(by_id["R05-001"]) == ("no bombs yet (R05)", "")
    assert expectations.for_scenario(by_id["R02-003"]) == ("", "issue 1 (R02-003)")
    outline_row = next(s for s in by_id.values() if "." in s.id)
    base = outline_row.id.split(".")[0]
    assert parse({"skip": {base: "r"}}, where="x").for_scenario(outline_row)[0] == f"r ({base})"
    assert not Expectations()


@pytest.mark.parametrize(("data", "message"), [
    ([], "expected a mapping"),
    ({"ignore": {}}, "unknown section 'ignore'"),
    ({"skip": ["R05"]}, "must map"),
    ({"skip": {"R05": ""}}, "skip.R05: every entry needs a non-empty reason"),
    ({"xfail": {"R05": None}}, "xfail.R05: every entry needs a non-empty reason"),
    ({"skip": {"R05": "a"}, "xfail": {"R05": "b"}}, "both skipped and expected to fail"),
])
def test_bad_expectations_structure(data: Any, message: str) -> None:
    with pytest.raises(ExpectationsError, match=message) as info:
        parse(data, where="exp.yaml")
    assert str(info.value).startswith("exp.yaml: ")


@pytest.mark.parametrize(("text", "suffix", "message"), [
    ("skip:\n  R99-001: gone\n", ".yaml", "skip: 'R99-001': no scenario has this id"),
    ("xfail:\n  R05.9: what\n", ".yaml", "xfail: 'R05.9': unknown clause"),
    ('{"skip": {"nonsense": "x"}}', ".json", "'nonsense': no scenario has this id"),
    ('{"skip": ', ".json", "not JSON"),
    ("skip: [unclosed\n", ".yml", "not YAML"),
])
def test_bad_expectations_file_exits_2_naming_file_and_key(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, suffix: str,
        message: str) -> None:
    path = tmp_path / f"expect{suffix}"
    path.write_text(text)
    code, out = check(capsys, "--rule", "R05", "--expectations", str(path))
    assert code == 2
    assert str(path) in out and message in out, out


def test_skip_and_xfail_statuses(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Against a wrong implementation: skipped and xfailed scenarios make no failure. Against
    the reference nothing fails: a rule-wide expected failure leaves the scenarios passed
    and is reported stale, which fails the run (tests/results/test_expectations.py has the rest)."""
    path = tmp_path / "expect.yaml"
    path.write_text("skip:\n  R05-001: we read D11 otherwise\n"
                    "xfail:\n  R06: every answer is wrong\n")
    wrong = f"{sys.executable} {MINI / 'always_wrong.py'}"
    chosen = ["--id", "R05-001", "--id", "R06-001", "--id", "R06-002"]
    code, out = check(capsys, *chosen, "--impl", wrong, "--expectations", str(path),
                      "--jsonl", str(tmp_path / "r.jsonl"))
    statuses = {i: r["status"] for i, r in records(tmp_path / "r.jsonl").items()}
    assert statuses["R05-001"] == "skipped"
    assert set(statuses.values()) == {"skipped", "xfailed"}
    assert code == 0
    assert "SKIPPED we read D11 otherwise (R05-001): R05-001" in out
    assert "XFAILED every answer is wrong (R06):" in out

    code, out = check(capsys, *chosen, "--expectations", str(path), "-q",
                      "--jsonl", str(tmp_path / "x.jsonl"))
    assert code == 1
    assert f"STALE xfail R06 ({path}:4): every answer is wrong" in out
    assert records(tmp_path / "x.jsonl")["R06-001.1"]["status"] == "passed"


def test_run_expected_keeps_errored_and_capability_skips() -> None:
    scenario = catalog.shipped()[0]
    skipped = run_expected(ReferenceDriver(), scenario, skip="later")
    assert (skipped.status, skipped.reason) == ("skipped", "later")

    class Broken(ReferenceDriver):
        def run(self, step: dict[str, Any]) -> dict[str, Any]:
            raise DriverError("boom")

    assert run_expected(Broken(), scenario, xfail="x").status == "errored"


# --------------------------------------------------------------------------- the Node example


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not on PATH")
def test_node_toy_adapter(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    impl = f"node {NODE_ADAPTER}"
    ids = ["R05-001", "R05-002", "R05-012", "R05-015", "R05-016"]
    code, out = check(capsys, "--impl", impl, *(f"--id={i}" for i in ids))
    assert code == 0, out
    assert "against toy-node 0.1.0" in out
    code, out = check(capsys, "--impl", impl, "--rule", "R05", "--jsonl",
                      str(tmp_path / "r.jsonl"))
    results = records(tmp_path / "r.jsonl").values()
    statuses = Counter(r["status"] for r in results)
    assert statuses["errored"] == 0 and statuses["passed"] > 20
    assert all(r["reason"].startswith("implementation lacks variant rocket=")
               or r["reason"].startswith("implementation lacks variant twelve_bomb=")
               or "position" in r["reason"]  # the toy plays no game: R05-040, R05-041, R05-049
               or r["reason"].endswith("which the implementation does not declare")  # shapes
               for r in results if r["status"] == "skipped")
    expectations = NODE_ADAPTER.parent / "toy_expectations.yaml"
    code, out = check(capsys, "--impl", impl, "--rule", "R05", "--rule", "R07",
                      "--expectations", str(expectations))
    assert code == 0, out
    assert "implementation lacks capability" in out


@pytest.mark.slow
def test_bench_protocol_prints_the_figures(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from fivetenk.bench import protocol as bench_protocol

    # the figures are printed the same for any suite: a slice of it, not three whole runs
    some = catalog.shipped()[:60]
    monkeypatch.setattr(bench_protocol.catalog, "shipped", lambda: some)
    assert bench_protocol.main(["--no-e2e", "--repeat", "1", "--impl", ADAPTER]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"suite: {len(some)} scenarios, ")
    assert "in process (ReferenceDriver)" in out and "ratio" in out
    assert "µs per request" in out


# --------------------------------------------------------------------------- streaming


def _position_scenario(steps: list[dict[str, Any]]) -> Scenario:
    from fivetenk.model.position_builder import build_position

    position = build_position({0: "3D 4D", 1: "5C"}, banker=0)
    return Scenario(id="stream-001", name="stream", clauses=["R13.1"],
                    setup={"position": position}, steps=steps)


def test_a_long_scenario_streams_without_deadlock() -> None:
    """Hundreds of steps with large replies: the requests are written while the replies are
    read, so neither pipe fills up with both sides waiting."""
    steps = [{"op": "observe", "expect": {"banker": 0}} for _ in range(600)]
    with ProcessDriver(ADAPTER, timeout=20) as driver:
        result = run_scenario(driver, _position_scenario(steps))
        assert result.status == "passed", result.message
        again = run_scenario(driver, _position_scenario(steps[:3]))  # still in step after
        assert again.status == "passed"


def test_a_refused_step_in_a_stream_errors_that_step_and_stays_in_step() -> None:
    """An ``ok: false`` reply in the middle of a streamed scenario errors that very step;
    the replies after it are still read, so the next scenario runs normally."""
    steps = [{"op": "observe", "expect": {"banker": 0}, "line": 3},
             {"op": "no_such_op", "line": 4},
             {"op": "observe", "expect": {"banker": 0}, "line": 5}]
    with ProcessDriver(ADAPTER) as driver:
        result = run_scenario(driver, _position_scenario(steps))
        assert result.status == "errored" and result.step == 1 and result.line == 4
        assert "no_such_op" in result.message
        assert run_scenario(driver, _position_scenario(steps[:1])).status == "passed"


def _query(sid: str, op: str = "points") -> Scenario:
    step: dict[str, Any] = ({"op": "points", "cards": ["5H", "KD"], "expect": {"points": 15}}
                            if op == "points" else {"op": op})
    return Scenario(id=sid, name=sid, clauses=["R06.1"], steps=[step])


def test_a_refused_scenario_in_a_stream_leaves_the_others_alone() -> None:
    """Several scenarios in one stream: one the implementation refuses (``ok: false``) is
    errored at its step; those around it get their own results."""
    units: list[tuple[dict[str, str], None, list[dict[str, Any]]]] = [
        ({}, None, [{"op": "points", "cards": ["5H"]}]),
        ({}, None, [{"op": "no_such_op"}, {"op": "deck"}]),
        ({}, None, [{"op": "points", "cards": ["KD"]}])]
    with ProcessDriver(ADAPTER) as driver:
        first, refused, last = driver.stream(units)
    assert first == [{"points": 5}] and last == [{"points": 10}]
    assert isinstance(refused, DriverError) and refused.index == 0
    assert "no_such_op" in str(refused)


def test_a_crash_mid_stream_errors_that_scenario_and_the_rest_still_run() -> None:
    """The implementation dies on its 3rd request of a stream: the first two scenarios keep
    their results, the 3rd is errored with the crash, the rest run after a restart (where
    the restarted process dies on its 3rd request again)."""
    from fivetenk.suite.runner import run_suite

    scenarios = [_query(f"s-{i}") for i in range(6)]
    command = f"{sys.executable} {MINI / 'crash.py'} 3 points"
    with ProcessDriver(command, restarts=2) as driver:
        results = list(run_suite(driver, scenarios))
        assert driver.launches == 2
    assert [r.status for r in results] == ["passed", "passed", "errored", "passed", "passed",
                                           "errored"]
    assert "simulated crash on points" in results[2].context.get("stderr", "")
