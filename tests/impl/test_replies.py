"""Nothing an implementation sends can crash the kit (issue 12).

Every reply is read as strict, bounded JSON (:func:`fivetenk.impl.protocol.loads_strict`) and
validated against the schema of its message kind before the kit's own logic reads it:

- a *framing fault* (not strict JSON: nested too deep, a key twice, NaN, a huge number, a
  lone surrogate; or not a reply) errors the scenario and restarts the implementation;
- a well-framed reply whose result breaks its schema errors the scenario with the JSON
  path of the problem, and the implementation is kept (the stream is still in step);
- every text the implementation controls is cut to a stated bound before it reaches a
  message or a context;
- each reply has its own timeout, pipelined or not.

The last test is generative: an in-process stand-in for the implementation's process
answers with the reference adapter's replies, corrupted by a Hypothesis-drawn plan (any
JSON value at any path, raw text json.dumps cannot write, timeouts, end of file), and the
runner must give every scenario a verdict, with bounded messages, and never raise.
"""

from __future__ import annotations

import json
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from helpers import TESTS, Warm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fivetenk.impl import process_driver
from fivetenk.impl.adapter import Adapter
from fivetenk.impl.drivers import DriverError
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.impl.process_pipes import RECEIVED_CONTEXT, PipeFailure
from fivetenk.impl.protocol import (
    ERROR_TEXT,
    MAX_DEPTH,
    MAX_INTEGER,
    MAX_PROBLEMS,
    NAME_TEXT,
    PROBLEM_TEXT,
    ReplyError,
    describe_rejection,
    hello_problems,
    message_problems,
    nesting_depth,
    parse_reply,
    reply_problems,
    result_problems,
)
from fivetenk.model.scenario import Scenario
from fivetenk.suite import catalog
from fivetenk.suite.runner import Result, run_scenario, run_suite

MINI = TESTS / "miniatures"
STATUSES = {"passed", "failed", "errored", "skipped", "xfailed", "xpassed"}
MESSAGE_BOUND = 2500
"""No message the kit writes about a reply is longer (whatever the reply held)."""

FIXED = settings(derandomize=True, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def ok_line(result: str, seq: int = 3) -> bytes:
    return f'{{"seq": {seq}, "ok": true, "result": {result}}}'.encode()


# --------------------------------------------------------------------------- strict JSON


@pytest.mark.parametrize(("line", "problem"), [
    (ok_line('{"a": ' + "[" * 1000 + "]" * 1000 + "}"), "nests arrays and objects 1002 deep"),
    (b"[" * 100_000 + b"]" * 100_000, "100000 deep (at most 64)"),
    (b"{" * 100_000, "100000 deep"),
    (ok_line('{"a": NaN}'), "holds NaN, which is not a JSON number"),
    (ok_line('{"a": Infinity}'), "holds Infinity"),
    (ok_line('{"a": -Infinity}'), "holds -Infinity"),
    (ok_line('{"a": 1e400}'), "the number 1e400, beyond"),
    (ok_line('{"a": ' + "9" * 5000 + "}"), "an integer of 5000 characters"),
    (ok_line('{"a": -' + "9" * 5000 + "}"), "an integer of 5001 characters"),
    (ok_line(f'{{"a": {MAX_INTEGER + 1}}}'), f"the integer {MAX_INTEGER + 1}, beyond"),
    (ok_line('{"a": "\\ud800"}'), "a lone UTF-16 surrogate (an escape such as \\ud800 without "
                                  "its pair) at $.result.a"),
    (ok_line('{"a": ["x", "\\udc00y"]}'), "surrogate (an escape such as \\ud800 without its "
                                          "pair) at $.result.a[1]"),
    (ok_line('{"\\udfff": 1}'), "lone UTF-16 surrogate"),
    (ok_line('{"a": "\\ude00\\ud83d"}'), "lone UTF-16 surrogate"),  # the pair, reversed
    (ok_line('{"a": 1, "a": 2}'), 'the key "a" twice in one object'),
    (b'{"seq": 3, "ok": true, "ok": true, "result": {}}', 'the key "ok" twice'),
    (ok_line('{"b": {"x": [], "x": []}}'), 'the key "x" twice'),
    (b'{"seq": 3, "ok": true, "result": {"a": "\xed\xa0\x80"}}', "not UTF-8 text (byte 40)"),
    (b'{"seq": "' + b"7" * 100_000 + b'", "ok": true, "result": {}}', "(100002 characters"),
    (b'{"seq": 3.5, "ok": true, "result": {}}', '"seq" 3.5, expected 3'),
])
def test_framing_faults_say_what_is_wrong(line: bytes, problem: str) -> None:
    with pytest.raises(ReplyError) as info:
        parse_reply(line, 3)
    assert problem in str(info.value)
    assert len(str(info.value)) < 400


def test_what_strict_json_still_accepts() -> None:
    deepest = "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2)
    assert parse_reply(ok_line('{"a": ' + deepest + "}"), 3).result == json.loads(
        '{"a": ' + deepest + "}")
    brackets = '"' + "[{" * 500 + '\\"' + "]" * 3 + '"'  # brackets inside strings count not
    assert parse_reply(ok_line('{"a": ' + brackets + "}"), 3).ok
    assert parse_reply(ok_line(f'{{"a": {MAX_INTEGER}, "b": -{MAX_INTEGER}, "c": 1.5e3}}'),
                       3).result == {"a": MAX_INTEGER, "b": -MAX_INTEGER, "c": 1500.0}
    # integers of fewer than 16 digits are read without a bound check (they cannot break
    # it); a long digit run inside a text only sends the line the slower way
    assert parse_reply(ok_line('{"a": -999999999999999, "b": "12345678901234567890"}'),
                       3).result == {"a": -999999999999999, "b": "12345678901234567890"}
    assert parse_reply(ok_line('{"a": "\\ud83d\\ude00 \\\\ud800"}'), 3).result == {
        "a": "\U0001f600 \\ud800"}  # a real pair, and an escaped backslash: both fine
    assert parse_reply(ok_line('{"a": "\\u001b[2J\\r"}'), 3).result == {"a": "\x1b[2J\r"}
    error = parse_reply(b'{"seq": 3, "ok": false, "error": "' + b"x" * 900_000 + b'"}', 3)
    assert not error.ok and len(error.error) == 900_000  # cut where it is shown, not here


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


JSON_TEXT = st.text(st.sampled_from('[]{}"\\ab,:\n\x1b'), max_size=8)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | JSON_TEXT,
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(JSON_TEXT, inner, max_size=4), max_leaves=40)


@settings(FIXED, max_examples=300)
@given(JSON, st.booleans())
def test_nesting_depth_counts_brackets_outside_strings(value: Any, ascii_only: bool) -> None:
    assert nesting_depth(json.dumps(value, ensure_ascii=ascii_only).encode()) == _depth(value)


@pytest.mark.slow
@settings(FIXED, max_examples=300)
@given(st.one_of(st.binary(max_size=200),
                 st.builds(lambda v, cut: json.dumps(v).encode()[:cut], JSON,
                           st.integers(0, 400)),
                 st.builds(lambda v: ok_line(json.dumps(v, allow_nan=True)),
                           st.dictionaries(st.text(max_size=4), JSON | st.floats(),
                                           max_size=4))))
def test_parse_reply_raises_only_reply_errors(line: bytes) -> None:
    """Whatever the bytes, parsing and validating a reply either works or raises a
    ReplyError with a bounded message: never another exception."""
    try:
        reply = parse_reply(line, 3)
    except ReplyError as err:
        assert len(str(err)) < 400
        return
    for cmd in ("classify", "observe", "act", "start", "no_such_cmd"):
        for problem in reply_problems(cmd, reply):
            assert len(problem) <= PROBLEM_TEXT + 150


# --------------------------------------------------------------------------- schemas


def _sample_results() -> dict[str, list[dict[str, Any]]]:
    """Real results of each command, from the reference adapter in process."""
    adapter = Adapter()
    samples: dict[str, list[dict[str, Any]]] = {}
    wanted = {"classify", "beats", "plays", "points", "deck", "act", "observe", "next_hand"}
    seq = 0
    for scenario in catalog.shipped():
        if not wanted:
            break
        seq += 1
        adapter.handle({"cmd": "start", "seq": seq, "variants": scenario.variants,
                        "setup": scenario.setup})
        for step in scenario.steps:
            if step["op"] == "advance":
                break
            seq += 1
            request = {"cmd": step["op"], "seq": seq,
                       **{k: v for k, v in step.items()
                          if k not in ("op", "expect", "contains", "excludes", "line")}}
            reply = adapter.handle(request)
            if reply["ok"]:
                samples.setdefault(step["op"], []).append(reply["result"])
                wanted.discard(step["op"])
    samples["start"] = [{"accepted": True}]
    return samples


SAMPLES = _sample_results()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(copy[path[0]], path[1:], new)
    return copy


ANY_VALUE = st.recursive(st.none() | st.booleans() | st.integers(-(2**53), 2**53)
                         | st.floats(allow_nan=False, allow_infinity=False,
                                     min_value=-1e15, max_value=1e15)
                         | st.text(max_size=6)
                         | st.sampled_from(["R01.1", "pair 3", "3H", "pair 3\n", " pair 3",
                                            "pair 7: 7 7", "pair 7: 7 7\n", "rocket x6"]),
                         lambda inner: st.lists(inner, max_size=3)
                         | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                         max_leaves=10)


@settings(FIXED, max_examples=150)
@given(st.sampled_from(sorted(SAMPLES)), st.data())
def test_the_fast_validator_agrees_with_the_schemas(cmd: str, data: st.DataObject) -> None:
    """The kit checks results against self-contained copies of the schemas (no $ref to
    resolve: about twice as fast); on any result, valid or mutated, they agree with the
    schema files themselves."""
    result = data.draw(st.sampled_from(SAMPLES[cmd]))
    if data.draw(st.booleans()):
        path = data.draw(st.sampled_from(_paths(result)))
        result = _replace(result, path, data.draw(ANY_VALUE))
    if not isinstance(result, dict):
        return  # not a result: parse_reply refuses it before any schema is asked
    envelope = {"seq": 1, "ok": True, "result": result}
    official = list(message_problems(f"{cmd}-reply", envelope))
    assert bool(result_problems(cmd, result)) == bool(official), official


def test_problems_name_the_path_and_are_bounded() -> None:
    assert result_problems("classify", {"legal": "yes", "readings": []}) == [
        "$.result.legal: 'yes' is not of type 'boolean'"]
    (clause,) = result_problems("act", {"accepted": False, "clause": "R99.1"})
    assert clause.startswith('$.result.clause: not a clause of the notation: "R99.1"')
    many = result_problems("observe", {"hand": 1})
    assert len(many) == MAX_PROBLEMS + 1 and many[-1].endswith("more)")
    huge = result_problems("points", {"points": "x" * 100_000})
    assert len(huge) == 1 and len(huge[0]) < PROBLEM_TEXT + 150
    assert result_problems("no_such_cmd", {"anything": 1}) == []
    reply = parse_reply(b'{"seq": 3, "ok": true, "result": {"points": 5}, "debug": 1}', 3)
    assert reply_problems("points", reply) == ["$.debug: a reply has no such key"]


def test_hello_problems_ignore_unknown_words_but_not_wrong_types() -> None:
    hello = Adapter().hello_result()
    assert hello_problems(hello) == []
    later = {**hello, "capabilities": ["queries", "teleport"],
             "variants": {"rocket": ["pair", "mega"], "gravity": ["low"]}}
    assert hello_problems(later) == []  # words of a later kit: ignored, as documented
    assert hello_problems({**hello, "capabilities": ["queries", 7]})
    assert hello_problems({**hello, "variants": {"rocket": "pair"}})
    assert hello_problems({**hello, "name": ""})
    assert hello_problems({k: v for k, v in hello.items() if k != "version"})


def test_a_rejected_setup_is_described_without_a_python_repr() -> None:
    text = describe_rejection({"accepted": False, "clause": "R13.1", "error": {
        "code": "x", "clause": "R13.1", "message": "no such position " + "y" * 10_000}})
    assert text.startswith("the implementation rejected the setup: no such position yy")
    assert text.endswith(" (R13.1)") and "{'" not in text
    assert len(text) < ERROR_TEXT + 100


# --------------------------------------------------------------------------- through the driver


def reply_mini(tmp_path: Path, **lines: bytes) -> list[str]:
    """reply.py answering each cmd named with the line given (``{seq}`` is filled in)."""
    args = []
    for cmd, line in lines.items():
        path = tmp_path / f"{cmd}.line"
        path.write_bytes(line)
        args.append(f"{cmd}={path}")
    return [sys.executable, str(MINI / "reply.py"), *args]


def queries(op: str, n: int) -> list[Scenario]:
    found = [s for s in catalog.shipped() if s.setup is None and not s.variants
             and [st["op"] for st in s.steps] == [op]]
    return found[:n]


FRAMING = {
    "deep": b'{"seq": {seq}, "ok": true, "result": {"legal": ' + b"[" * 1000 + b"]" * 1000
            + b"}}",
    "nan": b'{"seq": {seq}, "ok": true, "result": {"legal": NaN}}',
    "surrogate": b'{"seq": {seq}, "ok": true, "result": {"legal": true, "readings": '
                 b'["\\ud800"]}}',
    "huge": b'{"seq": {seq}, "ok": true, "result": {"legal": ' + b"1" * 5000 + b"}}",
    "twice": b'{"seq": {seq}, "ok": true, "result": {"legal": true, "legal": false, '
             b'"readings": []}}',
}


@pytest.mark.parametrize("kind", list(FRAMING))
def test_a_framing_fault_errors_the_scenario_and_restarts(tmp_path: Path, kind: str) -> None:
    scenarios = [*queries("classify", 1), *queries("beats", 2)]
    command = reply_mini(tmp_path, classify=FRAMING[kind])
    with ProcessDriver(command) as driver:
        results = [run_scenario(driver, s) for s in scenarios]
        assert driver.launches == 2
    assert [r.status for r in results] == ["errored", "passed", "passed"]
    assert results[0].message.startswith("bad reply to classify (seq ")
    assert len(results[0].message) < 400
    assert len(results[0].context["received"]) <= RECEIVED_CONTEXT + 40


def test_an_invalid_observation_in_advance_errors_and_keeps_the_process(
        tmp_path: Path) -> None:
    """``advance`` reads the observation (pending, phase, draws): a result of the wrong
    type there is an errored scenario naming the path, and the session goes on."""
    advancing = [s for s in catalog.shipped() if s.steps[0]["op"] == "advance"][:1]
    command = reply_mini(tmp_path, observe=b'{"seq": {seq}, "ok": true, "result": '
                         b'{"pending": "reveal", "phase": 7, "draws": [1]}}')
    with ProcessDriver(command) as driver:
        results = [run_scenario(driver, s) for s in [*advancing, *queries("beats", 1)]]
        assert driver.launches == 1  # well framed: no restart
    assert [r.status for r in results] == ["errored", "passed"]
    assert results[0].message.startswith("invalid reply to observe (seq ")
    assert "$.result" in results[0].message and results[0].step == 0


def test_an_invalid_reply_through_play_errors_the_scenario(tmp_path: Path) -> None:
    """Without ``queries`` the kit asks combination cases through play and reads the
    ``act`` and ``observe`` results (lowering): wrong types there are errors too."""
    hello = (b'{"seq": {seq}, "ok": true, "result": {"name": "no queries", "version": "1", '
             b'"protocol": 1, "capabilities": ["position", "deal"]}}')
    lowered = [s for s in queries("beats", 40)
               if s.steps[0].get("expect", {}).get("beats") is True
               and "reading" in s.steps[0].get("expect", {})][:1]
    assert lowered
    for cmd, line in (("act", b'{"seq": {seq}, "ok": true, "result": {"accepted": "yes"}}'),
                      ("observe", b'{"seq": {seq}, "ok": true, "result": {"trick": 5}}')):
        with ProcessDriver(reply_mini(tmp_path, hello=hello, **{cmd: line})) as driver:
            (result,) = [run_scenario(driver, s) for s in lowered]
        assert result.status == "errored", result.message
        assert result.message.startswith(f"invalid reply to {cmd} (seq ")


def test_a_huge_error_text_is_cut_everywhere(tmp_path: Path) -> None:
    """An ``ok: false`` error of 900 KB: each message quotes at most ERROR_TEXT characters
    of it, each context at most RECEIVED_CONTEXT of the line."""
    line = b'{"seq": {seq}, "ok": false, "error": "' + b"E" * 900_000 + b'"}'
    with ProcessDriver(reply_mini(tmp_path, classify=line)) as driver:
        results = [run_scenario(driver, s) for s in queries("classify", 5)]
        assert driver.launches == 1
    for result in results:
        assert result.status == "errored"
        assert result.message.startswith("the implementation could not do classify: EEE")
        assert "(900000 characters in all)" in result.message
        assert len(result.message) < ERROR_TEXT + 100
        assert len(result.context["received"]) <= RECEIVED_CONTEXT + 40


def test_a_hostile_handshake_name_is_cut(tmp_path: Path) -> None:
    name = "evil\n" + "total 664 0 0 0\r\x1b[2J" + "N" * 10_000
    hello = json.dumps({"seq": 0, "ok": True, "result": {
        "name": name, "version": "v" * 5000, "protocol": 1,
        "capabilities": ["queries", "time-travel"]}}).replace('"seq": 0', '"seq": {seq}')
    with ProcessDriver(reply_mini(tmp_path, hello=hello.encode())) as driver:
        results = [run_scenario(driver, s) for s in queries("beats", 2)]
        shown = driver.name
    assert [r.status for r in results] == ["passed", "passed"]
    assert shown.startswith("evil\ntotal 664")  # escaping it is the report's job
    assert len(shown) <= 2 * NAME_TEXT + 80


@pytest.mark.parametrize(("hello", "problem"), [
    ({"capabilities": "queries"}, "bad handshake: $.result.capabilities: 'queries' is not"),
    ({"name": ["x"]}, "bad handshake: $.result.name: ['x'] is not of type 'string'"),
    ({"protocol": 2, "name": 5}, "the implementation speaks protocol 2, but fivetenk"),
])
def test_a_malformed_handshake_errors_everything_once(tmp_path: Path, hello: dict[str, Any],
                                                      problem: str) -> None:
    result = {**Adapter().hello_result(), **hello}
    line = json.dumps({"seq": 0, "ok": True, "result": result}).replace('"seq": 0',
                                                                         '"seq": {seq}')
    with ProcessDriver(reply_mini(tmp_path, hello=line.encode())) as driver:
        results = [run_scenario(driver, s) for s in queries("beats", 3)]
        assert driver.launches == 1
    assert {r.status for r in results} == {"errored"}
    assert results[0].message.startswith(problem), results[0].message


# --------------------------------------------------------------------------- timeouts


DELAY, TIMEOUT = 0.4, 0.75
"""Each reply comes DELAY after the previous one: within the TIMEOUT per reply (a busy
machine has 0.35 s to wake the miniature and the kit), but two replies owed together need
2 x DELAY > TIMEOUT (a shared deadline would fail: sleeps only ever last longer, so no
machine is fast enough to hide that). slow.py is started warm (tests/warm.py): its
handshake is not Python's start-up, which a busy machine stretches past the timeout."""


def slow(folder: Path, **options: Any) -> ProcessDriver:
    driver = ProcessDriver([sys.executable, str(MINI / "slow.py"), str(DELAY)],
                           timeout=TIMEOUT, spawn=Warm(folder), **options)
    assert "queries" in driver.capabilities  # the handshake is not slowed
    return driver


POINTS = {"op": "points", "cards": ["5H", "KD"]}


def test_a_pipelined_start_and_step_each_get_the_timeout(tmp_path: Path) -> None:
    with slow(tmp_path) as driver:
        assert driver.start({}, None) == {"accepted": True}  # read with the step
        assert driver.run(POINTS) == {"points": 15}
        assert driver.run(POINTS) == {"points": 15}


@pytest.mark.slow  # waits for timeouts to fire
def test_a_streamed_scenario_gets_the_timeout_per_reply(tmp_path: Path) -> None:
    with slow(tmp_path) as driver:
        driver.start({}, None)
        assert driver.run_many([POINTS, {"op": "deck"}]) == [
            {"points": 15}, {"cards": 162, "faces": 54, "copies": 3, "points": 300}]
        units: list[tuple[dict[str, str], None, list[dict[str, Any]]]] = [
            ({}, None, [POINTS]), ({}, None, [POINTS])]
        assert driver.stream(units) == [[{"points": 15}], [{"points": 15}]]


def test_without_pipelining_too(tmp_path: Path) -> None:
    with slow(tmp_path, pipeline=False) as driver:
        assert driver.start({}, None) == {"accepted": True}
        assert driver.run(POINTS) == {"points": 15}


def test_a_reply_later_than_the_timeout_still_errors(tmp_path: Path) -> None:
    """A reply an hour late: errored at the 0.3 s timeout, not at the reply (the bound
    on the clock is generous: it tells a timeout from a wait of an hour)."""
    started = time.monotonic()
    with ProcessDriver([sys.executable, str(MINI / "slow.py"), "3600"], timeout=0.3,
                       spawn=Warm(tmp_path)) as driver:
        result = run_scenario(driver, queries("points", 1)[0])
    assert result.status == "errored"
    assert result.message.startswith("no reply to start (seq 1) within 0.3 s")
    assert time.monotonic() - started < 60


# --------------------------------------------------------------------------- generative

TIMEOUT_NOW, EOF = "timeout", "eof"


class FakeProcess:
    """Stands in for :class:`fivetenk.impl.process_driver.ImplProcess` in process: each request
    written is answered by the reference adapter, then the reply is corrupted by the next
    entry of :attr:`plan` (cycled). Entries: ``None`` (the right reply), ``("value", i,
    v)`` (the value at the i-th path of the result replaced by v), ``("drop", i)``, or
    ``("raw", kind)`` (one of :data:`RAW`)."""

    plan: ClassVar[list[Any]] = []
    counter: ClassVar[int] = 0
    hello: ClassVar[Any] = None
    """The corruption of every ``hello`` reply (most plans leave it alone: a bad handshake
    errors everything at once, which would hide the rest)."""

    def __init__(self, argv: Any, env: Any, cwd: Any, spin: float = 0.0,
                 token: str = "", spawn: Any = None) -> None:
        self.adapter = Adapter()
        self.replies: deque[bytes | str] = deque()
        self.pending = b""
        self.dead = False
        self.stderr = type("Tail", (), {"total": 0, "since": lambda *a: ""})()
        self.popen = type("Popen", (), {"pid": -1, "returncode": None,
                                        "wait": lambda *a, **k: 0})()

    def _take(self, data: bytes) -> None:
        if self.dead:
            raise PipeFailure("input")
        self.pending += data
        while b"\n" in self.pending:
            line, self.pending = self.pending.split(b"\n", 1)
            request = json.loads(line)
            reply = self.adapter.handle(request)
            if request["cmd"] == "hello":
                entry = FakeProcess.hello
            else:
                entry = self.plan[FakeProcess.counter % len(self.plan)] if self.plan else None
                FakeProcess.counter += 1
            self.replies.append(corrupt(reply, entry) if request["cmd"] != "stop"
                                else json.dumps(reply).encode())

    def write(self, data: bytes, deadline: float) -> None:
        self._take(bytes(data))

    def try_write(self, view: memoryview) -> int:
        self._take(bytes(view))
        return len(view)

    def wait_writable(self, deadline: float) -> None:
        return None

    def read_line(self, deadline: float, limit: int) -> bytes:
        if self.dead or not self.replies:
            raise PipeFailure("eof" if self.dead else "timeout")
        item = self.replies.popleft()
        if isinstance(item, str):
            raise PipeFailure(item)
        if len(item) > limit:
            raise PipeFailure("too long", item[:RECEIVED_CONTEXT])
        return item

    def exited(self) -> int | None:
        return 0 if self.dead else None

    def kill(self) -> None:
        self.dead = True

    def close_pipes(self) -> None:
        return None


RAW: dict[str, Callable[[int], bytes | str]] = {
    "deep": lambda seq: b'{"seq": %d, "ok": true, "result": ' % seq + b"[" * 3000
    + b"]" * 3000 + b"}",
    "nan": lambda seq: b'{"seq": %d, "ok": true, "result": {"legal": NaN}}' % seq,
    "twice": lambda seq: b'{"seq": %d, "seq": %d, "ok": true, "result": {}}' % (seq, seq),
    "surrogate": lambda seq: b'{"seq": %d, "ok": false, "error": "\\udbff"}' % seq,
    "huge_int": lambda seq: b'{"seq": %d, "ok": true, "result": {"points": 1%s}}' % (
        seq, b"0" * 4500),
    "not_utf8": lambda seq: b'{"seq": %d, "ok": true, "result": {"x": "\xff"}}' % seq,
    "extra": lambda seq: b'{"seq": %d, "ok": true, "result": {}, "x": 1}' % seq,
    "wrong_seq": lambda seq: b'{"seq": %d, "ok": true, "result": {}}' % (seq + 1),
    "huge_error": lambda seq: b'{"seq": %d, "ok": false, "error": "%s"}' % (seq, b"e" * 900_000),
    "control": lambda seq: b'{"seq": %d, "ok": false, "error": "\\u001b[2J\\rPASSED\\n"}' % seq,
    "truncated": lambda seq: b'{"seq": %d, "ok": tr' % seq,
    "empty": lambda seq: b"",
    "too_long": lambda seq: b"x" * (2 << 20),
    "timeout": lambda seq: TIMEOUT_NOW,
    "eof": lambda seq: EOF,
}


def corrupt(reply: dict[str, Any], entry: Any) -> bytes | str:
    seq = reply["seq"]
    if entry is None:
        return json.dumps(reply).encode()
    if entry[0] == "raw":
        return RAW[entry[1]](seq)
    if not reply.get("ok"):
        return json.dumps(reply).encode()
    result = reply["result"]
    paths = _paths(result)
    path = paths[entry[1] % len(paths)]
    if entry[0] == "drop":
        if not path:
            return json.dumps({"seq": seq, "ok": True}).encode()
        parent = _get(result, path[:-1])
        parent = dict(parent) if isinstance(parent, dict) else list(parent)
        del parent[path[-1]]
        result = _replace(result, path[:-1], parent)
    else:
        result = _replace(result, path, entry[2])
    return json.dumps({"seq": seq, "ok": True, "result": result}).encode()


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


HOSTILE_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats()
    | st.text(max_size=10) | st.sampled_from(["\ud800", "a\udfffb", "\x1b[2J\r", "R01.1",
                                              "pair 3", "3H", "reveal", "playing"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=12)
CORRUPTION = st.one_of(st.tuples(st.just("value"), st.integers(0, 400), HOSTILE_VALUE),
                       st.tuples(st.just("drop"), st.integers(0, 400)),
                       st.tuples(st.just("raw"), st.sampled_from(sorted(RAW))))
ENTRY = st.one_of(st.none(), st.none(), st.none(), CORRUPTION)
"""Mostly the right reply, so that scenarios get far before something breaks."""


def _mix() -> list[Scenario]:
    """A few scenarios of every kind: each query, deals and positions, advance steps,
    variants, next_hand."""
    chosen: dict[str, Scenario] = {}
    for s in catalog.shipped():
        ops = {step["op"] for step in s.steps}
        kind = ("advance" if "advance" in ops else "next_hand" if "next_hand" in ops
                else "variant" if s.variants else
                next(iter(sorted(ops))) if s.setup is None else
                "deal" if "deal" in s.setup else "position")
        if kind not in chosen and len(s.steps) < 40:
            chosen[kind] = s
    return list(chosen.values())


MIX = _mix()


@pytest.mark.slow
@settings(FIXED, max_examples=300)
@given(st.lists(ENTRY, min_size=1, max_size=24), st.booleans(),
       st.one_of(*[st.none()] * 6, CORRUPTION))
def test_no_reply_can_crash_the_kit(plan: list[Any], pipeline: bool, hello: Any) -> None:
    """Any reply -- any JSON value at any path of a valid result, a key dropped, raw text
    json.dumps cannot write, a timeout, an end of file -- gives every scenario a verdict,
    with messages and contexts of bounded size; nothing raises."""
    FakeProcess.plan, FakeProcess.counter, FakeProcess.hello = plan, 0, hello
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(process_driver, "ImplProcess", FakeProcess)
        with ProcessDriver(["fake"], restarts=20, pipeline=pipeline) as driver:
            results: list[Result] = list(run_suite(driver, MIX))
            name = driver.name
    assert len(results) == len(MIX)
    assert len(name) <= 2 * NAME_TEXT + 80
    for result in results:
        assert result.status in STATUSES
        assert len(result.message) < MESSAGE_BOUND, result.message[:300]
        context = result.context if result.status == "errored" else {}
        assert len(str(context.get("received", ""))) <= RECEIVED_CONTEXT + 40
        if result.status == "errored":
            assert result.message


def test_the_fake_process_is_faithful(monkeypatch: pytest.MonkeyPatch) -> None:
    """With nothing corrupted, the stand-in gives the verdicts of the real thing."""
    monkeypatch.setattr(process_driver, "ImplProcess", FakeProcess)
    FakeProcess.plan, FakeProcess.counter, FakeProcess.hello = [None], 0, None
    with ProcessDriver(["fake"]) as driver:
        assert {r.status for r in run_suite(driver, MIX)} == {"passed"}
    FakeProcess.plan = [("raw", "nan")]
    with ProcessDriver(["fake"]) as driver:
        statuses = [r.status for r in run_suite(driver, MIX)]
    assert set(statuses) == {"errored"}
    with pytest.raises(DriverError):
        raise DriverError("the stand-in errors like the real driver")


def test_the_query_shortcut_is_taken_and_never_accepts_what_the_schema_refuses() -> None:
    """The pure queries' answers skip jsonschema when they are certainly valid (the
    fuzzer's bulk); anything doubtful goes to the full validator, which decides."""
    from fivetenk.impl.protocol import _fast_query

    for cmd, results in SAMPLES.items():
        for result in results:
            if _fast_query(cmd, result):
                assert not list(message_problems(
                    f"{cmd}-reply", {"seq": 1, "ok": True, "result": result}))
    assert _fast_query("classify", {"legal": True, "readings": ["pair 3"]})
    assert _fast_query("plays", {"count": 1, "plays": ["pair 7: 7 7"]})
    assert _fast_query("beats", {"beats": False, "reading": None})
    assert _fast_query("points", {"points": 25})
    assert _fast_query("start", {"accepted": True})
    assert not _fast_query("start", {"accepted": True, "clause": "R01.1"})
    for cmd, doubtful in [("classify", {"legal": 1, "readings": []}),
                          ("classify", {"legal": True, "readings": ["pear 3"]}),
                          ("beats", {"beats": True, "reading": "pair 3", "x": 1}),
                          ("points", {"points": True}), ("points", {"points": 2.0}),
                          ("plays", {"count": -1, "plays": []})]:
        assert not _fast_query(cmd, doubtful)
