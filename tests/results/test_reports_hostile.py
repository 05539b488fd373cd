"""What the implementation controls is neutralised before it is shown (issue 12).

The report layer (:mod:`fivetenk.results.report`) and the runner are checked on their own, with
values no real reply may hold (the ProcessDriver refuses them first; an in-process driver
or a bug could still produce them): control characters, bidirectional overrides, lone
surrogates, NaN, integers of thousands of digits, nesting 100,000 deep, texts of megabytes,
objects that are not JSON at all. The console shows them escaped and bounded, JUnit stays
well-formed, JSON lines stay strict; the runner turns anything it cannot judge into an
errored scenario and goes on; the report paths are checked before the run.
"""

from __future__ import annotations

import json
import os
import re
import xml.dom.minidom
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivetenk import cli
from fivetenk.commands import check as check_cmd
from fivetenk.impl.drivers import DriverError, ReferenceDriver
from fivetenk.model.scenario import Scenario
from fivetenk.model.spec_data import load_spec
from fivetenk.results import report
from fivetenk.suite import catalog
from fivetenk.suite.runner import (
    MESSAGE_KEEP,
    MISSING,
    Mismatch,
    Result,
    advance,
    request_of,
    run_scenario,
    run_suite,
)

SPEC = load_spec()
SETTINGS = settings(max_examples=200, derandomize=True, deadline=None, database=None)
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                 "\ud800-\udfff\ufeff\ufff9-\uffff]")
"""What must never reach the console raw (a newline only between lines)."""
NASTY = ["\x1b[2K", "\r", "\n", "\t", "\x00", "\x07", "\x7f", "\x85", "\x9b", "\u202e",
         "\u2066", "\u2028", "\ud800", "\udfff", "\ufeff", "\ufffe", "\uffff", "]]>", "&", "<",
         '"', "'", "\\", "total", "é", "♥", "日本"]
_TEXT = st.lists(st.sampled_from(NASTY) | st.characters(), max_size=40).map("".join)


def deep(levels: int) -> Any:
    """Lists nested ``levels`` deep, built without recursion."""
    value: Any = []
    for _ in range(levels):
        value = [value]
    return value


class Opaque:
    """Not JSON, and its repr fails."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


HOSTILE_VALUES: list[Any] = [
    float("nan"), float("inf"), -float("inf"), 10**5000, -(10**5000), deep(100_000),
    {"k": deep(5000)}, {1: "int key", (1, 2): "tuple key", "\ud800": "surrogate key"},
    ("a", "tuple"), {"a", "set"}, b"bytes\x00", Opaque(), "x" * 5_000_000,
    list(range(1_000_000)), {str(i): i for i in range(100_000)}, "\ud800\udfff",
    "\x1b[2K\rPASSED everything\n", [float("nan"), {"x": [10**400]}],
]


def strict_json(line: str) -> Any:
    def refuse(name: str) -> Any:
        raise ValueError(f"not strict JSON: {name}")
    return json.loads(line, parse_constant=refuse)


# --------------------------------------------------------------------------- visible


@pytest.mark.parametrize(("text", "shown"), [
    ("\x1b[31mred", "\\x1b[31mred"),
    ("a\rb", "a\\rb"),
    ("one\ntotal 999", "one\\ntotal 999"),
    ("tab\there", "tab\\there"),
    ("nul\x00", "nul\\x00"),
    ("del\x7f", "del\\x7f"),
    ("csi\x9b2J nel\x85", "csi\\x9b2J nel\\x85"),
    ("bidi \u202eevil\u202c", "bidi \\u202eevil\\u202c"),
    ("isolate \u2066x\u2069", "isolate \\u2066x\\u2069"),
    ("line\u2028sep", "line\\u2028sep"),
    ("lone \ud800 \udfff", "lone \\ud800 \\udfff"),
    ("10♥ é 日本 …", "10♥ é 日本 …"),
])
def test_visible_escapes_what_a_terminal_would_act_on(text: str, shown: str) -> None:
    assert report.visible(text) == shown


def test_visible_cuts_to_its_bound_and_never_halves_an_escape() -> None:
    assert report.visible("x" * 5000, 100) == "x" * 100 + "… (5000 characters in all)"
    assert report.visible("ab\x1bcd", 4) == "ab… (5 characters in all)"
    assert report.visible("ab\x1bcd", 6) == "ab\\x1b… (5 characters in all)"
    safe = "plain text"
    assert report.visible(safe) is safe  # nothing to do costs nothing


def test_a_quoted_value_is_escaped_once_in_the_bad_input_messages(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A message quotes a value :func:`fivetenk.model.bounded.quoted`: escaped once, as the
    value's other messages show it (``repr`` of a visible text showed ``'a\\\\nb'``)."""
    from helpers import run_cli

    from fivetenk.model.bounded import quoted

    assert quoted("a\nb") == "'a\\nb'" and quoted("x" * 9, 2) == "'xx… (9 characters in all)'"
    run = tmp_path / "run.jsonl"
    record = {"record": "scenario", "id": "A\x1b", "status": "failed"}
    head = {"record": "run", "implementation": "e"}
    run.write_text("\n".join(json.dumps(r) for r in (head, record, record)) + "\n")
    code, _, err = run_cli(["diff", str(run), str(run)])
    assert code == 2 and "scenario 'A\\x1b' is reported twice" in err, err


@SETTINGS
@given(text=_TEXT, limit=st.integers(0, 60))
def test_visible_is_one_bounded_encodable_line(text: str, limit: int) -> None:
    shown = report.visible(text, limit)
    assert RAW.search(shown) is None
    shown.encode("utf-8")  # strict: no lone surrogate left
    suffix = f"… ({len(text)} characters in all)"
    assert len(shown) <= limit + len(suffix)
    if len(text) <= limit and RAW.search(text) is None and "\n" not in text:
        assert shown == text
    assert report.visible(shown, len(shown)) == shown  # already safe: unchanged


# --------------------------------------------------------------------------- any value


@pytest.mark.parametrize("value", HOSTILE_VALUES, ids=lambda v: type(v).__name__)
def test_any_value_renders_bounded_and_strict(value: Any) -> None:
    copy = report.plain(value, 2000)
    text = json.dumps(copy, allow_nan=False, ensure_ascii=False)
    text.encode("utf-8")
    assert len(text) < 2 * 2000 + 500
    shown = report.json_text(value, 300)
    assert RAW.search(shown) is None and len(shown) < 400


_LEAVES = (st.none() | st.booleans() | st.integers() | st.floats() | _TEXT
           | st.sampled_from([5000, 4400, -4400]).map(lambda d: 10**d if d > 0 else -(10**-d))
           | st.sampled_from([float("nan"), float("-inf")]))
_VALUES = st.recursive(_LEAVES, lambda inner: st.lists(inner, max_size=5)
                       | st.dictionaries(_TEXT, inner, max_size=5)
                       | st.tuples(inner, inner), max_leaves=30)


@pytest.mark.slow
@SETTINGS
@given(value=_VALUES, budget=st.integers(0, 500))
def test_plain_always_gives_strict_bounded_json(value: Any, budget: int) -> None:
    text = json.dumps(report.plain(value, budget), allow_nan=False, ensure_ascii=False)
    text.encode("utf-8")
    strict_json(text)
    assert len(text) < 2 * budget + 1000
    assert RAW.search(report.json_text(value)) is None


# --------------------------------------------------------------------------- reports


def _scenario(**changes: Any) -> Scenario:
    base = next(s for s in catalog.shipped() if s.id == "R02-001.1")
    return Scenario(**{**base.__dict__, **changes})


def hostile_results() -> list[Result]:
    """Results carrying hostile values everywhere a report reads."""
    nasty = "".join(NASTY)
    scenario = _scenario(name="evil\ntotal        999 0 0 0\n" + nasty,
                         source={"file": "x\x1b.feature", "line": 3})
    huge = "\x1b[31m" + "E" * 900_000
    return [
        Result(scenario, "errored", message=huge, step=0, line=10,
               context={"sent": {"op": "beats", "x": float("nan")}, "received": nasty * 50,
                        "stderr": "\x1b]0;title\x07" * 1000, "exit": 10**5000}),
        Result(scenario, "failed", message="beats: " + nasty, step=0, line=10,
               mismatch=Mismatch("beats", True, deep(10_000)),
               context={"sent": {"op": "beats"}, "received": {"beats": [float("inf")] * 9}}),
        Result(scenario, "failed", mismatch=Mismatch("reading\u202e", "single 4", MISSING)),
        Result(scenario, "skipped", reason="we skip \r\x1b[2K" + nasty),
        Result(scenario, "xfailed", reason=nasty, context={"received": Opaque()}),
        Result(scenario, "passed"),
    ]


def test_the_console_report_shows_hostile_values_escaped_and_bounded() -> None:
    lines: list[str] = []
    for result in hostile_results():
        lines += report.describe_failure(result, SPEC)
    lines += report.summary(hostile_results(), SPEC, [])
    for line in lines:
        assert "\n" not in line and RAW.search(line) is None, repr(line[:200])
        line.encode("utf-8")
        assert len(line) < 2 * report.MESSAGE_LIMIT
    assert sum(line.startswith("total") for line in lines) == 1
    assert any("\\x1b[31mEEE" in line and "900005 characters in all" in line
               for line in lines)


def test_jsonl_is_strict_ascii_json_with_bounded_fields(tmp_path: Path) -> None:
    text = report.jsonl(hostile_results())
    text.encode("ascii")
    lines = text.splitlines()  # no character of a record ends a line early
    assert len(lines) == len(hostile_results())
    records = [strict_json(line) for line in lines]
    assert all(len(line) < 60_000 for line in lines)
    errored, failed, missing = records[:3]
    assert errored["context"]["sent"] == {"op": "beats", "x": "NaN"}
    assert errored["context"]["exit"].startswith("(an integer of about 5001 digits")
    assert len(errored["message"]) < report.JSON_TEXT_LIMIT + 50
    assert failed["context"] == {"sent": {"op": "beats"},
                                 "received": {"beats": ["Infinity"] * 9}}
    assert "deeper levels of nesting left out" in json.dumps(
        failed["differences"][0]["observed"])
    assert missing["differences"][0]["absent"] is True
    report.write_atomic(tmp_path / "r.jsonl", text)
    assert (tmp_path / "r.jsonl").read_text(encoding="ascii") == text


def test_junit_is_well_formed_whatever_it_holds(tmp_path: Path) -> None:
    name = "impl\n\x00\ud800\uffff name"
    text = report.junit(hostile_results(), SPEC, name=name)
    path = tmp_path / "r.xml"
    report.write_atomic(path, text)
    data = path.read_bytes()
    root = ElementTree.fromstring(data)
    xml.dom.minidom.parseString(data)
    assert root.get("name") == "impl\\n\\x00\\ud800\\uffff name"
    error = root.find(".//error")
    assert error is not None
    assert len(error.get("message", "")) < report.MESSAGE_LIMIT + 50
    assert error.text is not None and "\\x1b]0;title\\x07" in error.text
    assert len(data) < 100_000


@pytest.mark.slow
@SETTINGS
@given(texts=st.lists(_TEXT, min_size=4, max_size=4), value=_VALUES)
def test_reports_stay_well_formed_for_any_texts_and_values(texts: list[str],
                                                          value: Any) -> None:
    name, message, reason, received = texts
    scenario = _scenario(name=name)
    results = [Result(scenario, "errored", message=message,
                      context={"received": received, "sent": value}),
               Result(scenario, "failed", message=message,
                      mismatch=Mismatch(name, value, value), context={"received": value}),
               Result(scenario, "skipped", reason=reason)]
    ElementTree.fromstring(report.junit(results, SPEC, name=name).encode("utf-8"))
    for line in report.jsonl(results).splitlines():
        strict_json(line)
    for result in results:
        for line in report.describe_failure(result, SPEC):
            assert RAW.search(line) is None


# --------------------------------------------------------------------------- the runner


class Hostile(ReferenceDriver):
    """The reference engine, except that ``observe`` (or every op in ``answers``) answers
    with a fixed value of the test's choosing, and ``capabilities`` may be narrowed."""

    def __init__(self, answers: dict[str, Any], capabilities: frozenset[str] | None = None,
                 ) -> None:
        super().__init__()
        self.answers = answers
        if capabilities is not None:
            self.capabilities = capabilities

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        if step["op"] in self.answers:
            answer = self.answers[step["op"]]
            if isinstance(answer, BaseException):
                raise answer
            return answer  # type: ignore[no-any-return]
        return super().run(step)


def advance_scenarios() -> list[Scenario]:
    found = [s for s in catalog.shipped() if any(st["op"] == "advance" for st in s.steps)]
    assert found
    return found[:4]


@pytest.mark.parametrize(("observation", "words"), [
    ({"phase": "dealing", "draws": 3, "pending": [1, 2]}, '"pending" is neither'),
    ({"phase": "dealing", "draws": "many", "pending": None}, '"draws" is not an integer'),
    ({"phase": "dealing", "draws": 3, "pending": {"decision": "reveal", "seat": "me"}},
     '"seat" is not an integer'),
    ([], "is not a JSON object"),
    ("observation", "is not a JSON object"),
])
def test_advance_errors_on_an_observation_it_cannot_read(observation: Any, words: str) -> None:
    """Directly, and in whole scenarios (where a field the macro does not need for its
    ``until`` may instead make the scenario fail: never an internal error)."""
    driver = Hostile({"observe": observation})
    with pytest.raises(DriverError, match=re.escape(words)) as info:
        advance(driver, {"draw": 999} if "draws" in words else {"prompt": 5})
    assert info.value.context["sent"] == {"op": "observe"}
    statuses = set()
    for scenario in advance_scenarios():
        result = run_scenario(Hostile({"observe": observation}), scenario)
        statuses.add(result.status)
        assert result.status in ("errored", "failed"), (scenario.id, result.message)
        assert "internal error" not in result.message
    assert "errored" in statuses


def test_a_skip_the_implementation_rejects_is_reported_with_what_was_sent() -> None:
    observation = {"phase": "dealing", "draws": 3,
                   "pending": {"decision": "reveal", "seat": 2}}
    driver = Hostile({"observe": observation, "act": {"accepted": False, "clause": "R09.9"}})
    with pytest.raises(DriverError, match="skip at a reveal prompt was rejected") as info:
        advance(driver, {"draw": 156})
    assert info.value.context["sent"] == {"op": "act", "action": {"type": "skip", "seat": 2}}


def test_an_unexpected_exception_errors_one_scenario_and_the_run_goes_on() -> None:
    shipped = [s for s in catalog.shipped() if s.setup is None and len(s.steps) == 1]
    scenarios = [*(s for s in shipped if s.steps[0]["op"] == "beats")][:3] + [
        *(s for s in shipped if s.steps[0]["op"] == "classify")][:3]
    driver = Hostile({"beats": ZeroDivisionError("boom")})
    results = list(run_suite(driver, scenarios))
    assert len(results) == len(scenarios)
    broken = [r for r in results if r.status == "errored"]
    assert broken, [r.status for r in results]
    for r in broken:
        assert r.message.startswith("internal error of the kit while judging this scenario "
                                    "(ZeroDivisionError at ")
        assert "boom" in r.message
    assert any(r.status == "passed" for r in results)  # the classify scenarios still ran


def test_a_huge_error_is_kept_bounded_in_memory() -> None:
    scenario = _scenario()
    error = DriverError("could not do beats: " + "E" * 900_000,
                        {"received": "R" * 900_000, "sent": {"op": "beats"}})
    result = run_scenario(Hostile({"beats": error}), scenario)
    assert result.status == "errored"
    assert len(result.message) <= MESSAGE_KEEP + 60
    assert len(json.dumps(result.context)) < 20_000


def test_a_failed_result_carries_what_was_sent_and_received() -> None:
    scenario = _scenario()
    answer = {"beats": False, "reading": None}
    result = run_scenario(Hostile({"beats": answer}), scenario)
    assert result.status == "failed"
    assert result.context == {"sent": request_of(scenario.steps[0]), "received": answer}
    record = report.result_record(result)
    assert record["context"]["sent"]["op"] == "beats"
    assert record["context"]["received"] == answer
    lines = report.describe_failure(result, SPEC)
    assert any(line.startswith("  sent: {") for line in lines)


@pytest.mark.parametrize("answer", [[], "no", 3, None, {"beats": float("nan"), "x": Opaque()}])
def test_a_result_of_any_type_is_judged_not_crashed(answer: Any) -> None:
    result = run_scenario(Hostile({"beats": answer}), _scenario())
    assert result.status in ("errored", "failed")
    assert "internal error" not in result.message
    for line in report.describe_failure(result, SPEC):
        assert RAW.search(line) is None
    strict_json(report.jsonl([result]))


@pytest.mark.parametrize(("observation", "words"), [
    ({"trick": ["a", "list"]}, '"trick" is neither'),
    ({"trick": {"top": 7}}, '"top" is neither'),
    ("not an object", "not a JSON object"),
])
def test_play_through_lowering_errors_on_an_observation_it_cannot_read(
        observation: Any, words: str) -> None:
    scenario = _scenario()  # beats, expecting a reading: asked through play
    driver = Hostile({"observe": observation}, capabilities=frozenset({"deal", "position"}))
    result = run_scenario(driver, scenario)
    assert result.status == "errored" and words in result.message, result.message
    assert result.context["sent"] == {"op": "observe"}


def test_a_rejected_setup_is_described_not_dumped_as_a_python_repr() -> None:
    scenario = Scenario(id="bad-setup", name="an impossible position", clauses=["R13.1"],
                        setup={"position": {"phase": "nonsense"}}, steps=[{"op": "observe"}])
    result = run_scenario(ReferenceDriver(), scenario)
    assert result.status == "errored"
    assert result.message.startswith("the implementation rejected the setup: invalid position")
    assert "{'" not in result.message and "'code'" not in result.message
    assert result.context["received"]["accepted"] is False


def test_a_short_or_broken_stream_is_errored_or_run_again() -> None:
    scenario = _scenario()
    short = run_scenario(ReferenceDriver(), scenario, streamed=[])
    assert short.status == "errored" and "no result for step 1" in short.message

    class BrokenStream(ReferenceDriver):
        def stream(self, units: Any) -> Any:
            raise RuntimeError("stream broke")

    scenarios = [s for s in catalog.shipped() if s.rule == "R02"][:5]
    results = list(run_suite(BrokenStream(), scenarios))
    assert [r.status for r in results] == ["passed"] * len(scenarios)


# --------------------------------------------------------------------------- check_cmd


def test_an_exception_escaping_the_suite_still_writes_the_summary_and_reports(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    real = run_suite

    def breaks_after_two(driver: Any, scenarios: Any, expectations: Any = None,
                         ) -> Iterator[Result]:
        for i, result in enumerate(real(driver, scenarios, expectations)):
            if i == 2:
                raise MemoryError("simulated")
            yield result

    monkeypatch.setattr(check_cmd, "run_suite", breaks_after_two)
    jsonl, junit = tmp_path / "r.jsonl", tmp_path / "r.xml"
    code = cli.main(["check", "--no-progress", "--rule", "R02", "--jsonl", str(jsonl),
                     "--junit", str(junit)])
    out = capsys.readouterr().out
    records = [strict_json(line) for line in jsonl.read_text().splitlines()][1:]  # run first
    chosen = [s.id for s in catalog.shipped() if s.rule == "R02"]
    assert code == 1
    assert [r["id"] for r in records] == chosen
    assert [r["status"] for r in records[:2]] == ["passed", "passed"]
    assert all(r["status"] == "errored" and r["message"].startswith(
        "not run: internal error of the kit") and "MemoryError" in r["message"]
        for r in records[2:])
    assert len(ElementTree.parse(junit).getroot().findall(".//testcase")) == len(chosen)
    lines = out.splitlines()  # the table's totals row, then what the failures share
    total = [i for i, line in enumerate(lines) if line.startswith("total")]
    assert len(total) == 1 and lines[total[0] + 2].startswith("what the ")
    assert lines[-1] == f"  {len(chosen) - 2} failures errored: not run"


def test_a_report_that_cannot_be_written_does_not_stop_the_other(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    real = report.write_atomic

    def no_jsonl(path: Path, text: str) -> None:
        if path.suffix == ".jsonl":
            raise OSError(28, "No space left on device", str(path))
        real(path, text)

    monkeypatch.setattr(report, "write_atomic", no_jsonl)
    code = cli.main(["check", "--no-progress", "--rule", "R02", "--jsonl",
                     str(tmp_path / "r.jsonl"), "--junit", str(tmp_path / "r.xml")])
    captured = capsys.readouterr()
    assert code == 2
    assert "No space left on device" in captured.err and str(tmp_path / "r.jsonl") in captured.err
    ElementTree.parse(tmp_path / "r.xml")
    assert "total" in captured.out


def _bad_outputs(tmp_path: Path) -> list[tuple[list[str], str]]:
    target = tmp_path / "real.jsonl"
    target.write_text("keep me\n")
    (tmp_path / "link.jsonl").symlink_to(target)
    os.mkfifo(tmp_path / "fifo.jsonl")
    (tmp_path / "folder.xml").mkdir()
    readonly = tmp_path / "readonly.xml"
    readonly.write_text("keep me\n")
    readonly.chmod(0o444)
    (tmp_path / "sub").mkdir()
    (tmp_path / "alias").symlink_to(tmp_path / "sub")
    os.link(target, tmp_path / "hard.xml")
    same = str(tmp_path / "same.out")
    return [
        (["--jsonl", same, "--junit", same], "the same file as --jsonl"),
        (["--jsonl", same, "--junit", str(tmp_path / "." / "same.out")],
         "the same file as --jsonl"),
        (["--jsonl", str(tmp_path / "sub" / "r"), "--junit", str(tmp_path / "alias" / "r")],
         "the same file as --jsonl"),
        (["--jsonl", str(target), "--junit", str(tmp_path / "hard.xml")],
         "the same file as --jsonl"),
        (["--jsonl", str(tmp_path / "link.jsonl")], "is a symbolic link"),
        (["--jsonl", str(tmp_path / "fifo.jsonl")], "is not a regular file"),
        (["--junit", "/dev/null"], "is not a regular file"),
        (["--junit", str(tmp_path / "folder.xml")], "is a folder"),
        (["--junit", str(readonly)], "is read-only"),
        (["--junit", str(target / "below")], "cannot write a report there"),
    ]


def test_report_paths_are_checked_before_the_run(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    for args, words in _bad_outputs(tmp_path):
        before = sorted(p.name for p in tmp_path.rglob("*"))
        code = cli.main(["check", "--no-progress", "--rule", "R02", *args])
        captured = capsys.readouterr()
        assert code == 2, (args, captured.out[-300:])
        assert words in captured.err, (args, captured.err)
        assert args[-2] in captured.err and args[-1] in captured.err  # option and path
        assert captured.out == "" and "Traceback" not in captured.err
        assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing written
    assert (tmp_path / "real.jsonl").read_text() == "keep me\n"
    assert (tmp_path / "readonly.xml").read_text() == "keep me\n"


def test_good_report_paths_are_written_atomically_and_replace_old_reports(
        tmp_path: Path) -> None:
    jsonl, junit = tmp_path / "new" / "r.jsonl", tmp_path / "r.xml"
    junit.write_text("old report\n")
    assert cli.main(["check", "--no-progress", "-q", "--rule", "R02", "--jsonl", str(jsonl),
                     "--junit", str(junit)]) == 0
    assert jsonl.read_text().count("\n") == 1 + sum(s.rule == "R02" for s in catalog.shipped())
    ElementTree.parse(junit)
    leftovers = [p.name for p in tmp_path.rglob(".*")]
    assert leftovers == []  # no temporary file left behind
