"""The adapter protocol: message helpers, schemas, and the reference adapter (`fivetenk
adapter`) on good and bad input.

The schema test runs the whole shipped suite, plus generated whole-hand games, through a
ProcessDriver and validates every request the kit sends and every reply the adapter gives
against schemas/protocol-*.schema.json.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT
from jsonschema import Draft202012Validator

from fivetenk.impl import protocol
from fivetenk.impl.adapter import Adapter, serve
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.hello import parse_hello
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.impl.protocol import (
    COMMANDS,
    MESSAGE_KINDS,
    ReplyError,
    VersionError,
    encode,
    message_problems,
    parse_reply,
    reply_kind,
    request_step,
    step_request,
)
from fivetenk.impl.sdk import MAX_REQUEST
from fivetenk.model.scenario import Scenario
from fivetenk.reference.game import Game
from fivetenk.reference.python_api import shuffled_deck
from fivetenk.reference.random_player import RandomPlayer
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario

SCHEMAS = ROOT / "schemas"
ADAPTER = [sys.executable, "-m", "fivetenk.impl.adapter"]

# --------------------------------------------------------------------------- generated games


def _filled(scenario: Scenario) -> Scenario:
    """Fill every step's ``expect`` with the reference engine's whole answer."""
    driver = ReferenceDriver()
    driver.start(scenario.variants, scenario.setup)
    for step in scenario.steps:
        request = {k: v for k, v in step.items() if k != "expect"}
        step["expect"] = driver.run(request)
    return scenario


def game_scenario(seed: int, variants: dict[str, str] | None = None) -> Scenario:
    """A whole hand from an explicit deal, played by a seeded random player, with an
    observation every few actions, illegal actions, queries and the next hand."""
    rng = random.Random(seed)
    deck = [str(c) for c in shuffled_deck(rng)]
    game = Game.new(deck=deck, first=0, variants=_variants(variants or {}))
    player = RandomPlayer(seed, reveal_probability=1.0)
    steps: list[dict[str, Any]] = [{"op": "observe"}]
    n = 0
    while game.pending() is not None:
        decision = game.pending()
        assert decision is not None
        if n % 15 == 7:  # out of turn: rejected, the state unchanged
            other = (decision.seat + 1) % 6
            steps.append({"op": "act", "action": {"type": "pass", "seat": other}})
        if n % 40 == 11:
            steps.append({"op": "act", "action": {"type": "play", "seat": decision.seat,
                                                  "cards": ["XX"]}})
            steps.append({"op": "classify", "cards": ["3H", "3S"]})
        action = player.choose(game)
        game.apply(action)
        steps.append({"op": "act", "action": action.to_json()})
        n += 1
        if n % 10 == 0:
            steps.append({"op": "observe"})
    steps.append({"op": "observe"})
    if not game.match_over:
        steps.append({"op": "next_hand", "deck": [str(c) for c in shuffled_deck(rng)]})
        steps.append({"op": "observe"})
    return _filled(Scenario(id=f"proto-game-{seed}", name=f"random hand {seed}",
                            clauses=["R13.1"], variants=dict(variants or {}),
                            setup={"deal": {"deck": deck, "first": 0}}, steps=steps))


def position_scenario(seed: int) -> Scenario:
    """A hand started from a position taken in the middle of play."""
    rng = random.Random(seed)
    game = Game.new(deck=list(shuffled_deck(rng)), first=0)
    player = RandomPlayer(seed, reveal_probability=1.0)
    while game.phase.value != "playing" or len(game.history) < 200:
        game.apply(player.choose(game))
        if game.pending() is None:
            break
    position = game.to_position()
    steps: list[dict[str, Any]] = [{"op": "observe"}]
    for _ in range(8):
        if game.pending() is None:
            break
        action = player.choose(game)
        game.apply(action)
        steps += [{"op": "act", "action": action.to_json()}, {"op": "observe"}]
    return _filled(Scenario(id=f"proto-position-{seed}", name=f"random position {seed}",
                            clauses=["R13.1"], setup={"position": position}, steps=steps))


def _variants(mapping: dict[str, str]) -> Any:
    from fivetenk.reference.variants import Variants

    return Variants.from_mapping(mapping)


@pytest.fixture(scope="module")
def generated() -> list[Scenario]:
    return [game_scenario(1), game_scenario(2, {"pass": "trick"}), position_scenario(3)]


# --------------------------------------------------------------------------- helpers


def test_step_request_drops_expectations_and_renames_op() -> None:
    step = {"op": "classify", "cards": ["3H"], "expect": {"legal": True},
            "contains": {"readings": []}, "excludes": {}, "line": 12}
    request = step_request(step, 7)
    assert request == {"cmd": "classify", "seq": 7, "cards": ["3H"]}
    assert list(request)[:2] == ["cmd", "seq"]
    assert request_step(request) == {"op": "classify", "cards": ["3H"]}


def test_encode_is_one_ascii_line() -> None:
    data = encode({"seq": 1, "error": "naïve\nline"})
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert json.loads(data) == {"seq": 1, "error": "naïve\nline"}


@pytest.mark.parametrize(("line", "problem"), [
    (b"nope", "not JSON"),
    (b"\xff\xfe", "not UTF-8"),
    (b"[1]", "not an object"),
    (b'{"ok": true, "result": {}}', 'no "seq"'),
    (b'{"seq": 4, "ok": true, "result": {}}', '"seq" 4, expected 3'),
    (b'{"seq": true, "ok": true, "result": {}}', "expected 3"),
    (b'{"seq": 3, "result": {}}', 'no "ok"'),
    (b'{"seq": 3, "ok": true}', 'no "result"'),
    (b'{"seq": 3, "ok": true, "result": [1]}', 'non-object "result"'),
    (b'{"seq": 3, "ok": false}', 'no "error"'),
])
def test_parse_reply_says_what_is_wrong(line: bytes, problem: str) -> None:
    with pytest.raises(ReplyError, match=problem.replace("(", r"\(")):
        parse_reply(line, 3)


def test_parse_reply_accepts_both_shapes() -> None:
    assert parse_reply(b'{"seq":3,"ok":true,"result":{"a":1}}', 3).result == {"a": 1}
    reply = parse_reply(b'{"seq":3,"ok":false,"error":"no"}', 3)
    assert not reply.ok and reply.error == "no"


def test_hello_version_capabilities_and_variants() -> None:
    result = Adapter().hello_result()
    hello = parse_hello(result, "fivetenk 0.1.0")
    assert hello.capabilities == {"queries", "deal", "position", "hands"}
    assert hello.supports({"rocket": "joker_sets", "pass": "trick"})
    partial = parse_hello({**result, "capabilities": ["queries", "teleport"], "variants": {
        "rocket": ["pair"]}}, "kit")
    assert partial.capabilities == {"queries"}
    assert partial.supports({"rocket": "pair"}) and not partial.supports({"rocket": "joker_sets"})
    assert partial.supports({"pass": "turn"}) and not partial.supports({"pass": "trick"})
    with pytest.raises(VersionError, match=r"protocol 99, but fivetenk 0\.1\.0 speaks protocol 1"):
        parse_hello({**result, "protocol": 99}, "fivetenk 0.1.0")
    bad: dict[str, Any]
    for bad in ({"name": ""}, {"capabilities": "queries"}, {"variants": []},
                {"variants": {"rocket": "pair"}}, {"protocol": "1"}):
        with pytest.raises(ReplyError):
            parse_hello({**result, **bad}, "kit")


# --------------------------------------------------------------------------- schemas


def test_one_valid_schema_per_message_kind() -> None:
    files = {p.name for p in SCHEMAS.glob("protocol-*.schema.json")}
    expected = {protocol.schema_file(kind) for kind in MESSAGE_KINDS}
    assert files == expected | {"protocol-common.schema.json"}
    for name in files:
        schema = json.loads((SCHEMAS / name).read_text("utf-8"))
        Draft202012Validator.check_schema(schema)
        kind = name.removeprefix("protocol-").removesuffix(".schema.json")
        assert schema["$id"] == f"https://fivetenk.dev/schemas/protocol/{kind}/v1"
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schemas_reject_what_the_protocol_forbids() -> None:
    assert not list(message_problems("classify", {"cmd": "classify", "seq": 1, "cards": []}))
    assert list(message_problems("classify", {"cmd": "classify", "seq": -1, "cards": []}))
    assert list(message_problems("classify", {"cmd": "classify", "seq": 1, "cards": ["ZZ"]}))
    assert list(message_problems("classify", {"cmd": "classify", "seq": 1, "cards": [],
                                              "expect": {}}))
    assert list(message_problems("classify-reply", {"seq": 1, "ok": True,
                                                    "result": {"legal": "yes"}}))
    assert list(message_problems("error", {"seq": 1, "ok": False, "error": ""}))
    assert list(message_problems("hello-reply", {"seq": 0, "ok": True, "result": {
        "name": "x", "version": "1", "protocol": 1, "capabilities": ["fly"]}}))


def _validate_exchange(log: list[tuple[dict[str, Any], dict[str, Any] | None]]) -> int:
    problems = []
    for request, reply in log:
        cmd = request["cmd"]
        for kind, message in ((cmd, request), (reply_kind(cmd, reply or {}), reply)):
            for problem in message_problems(kind, message):
                problems.append(f"{kind} {json.dumps(message)[:200]}: {problem}")
    assert problems == [], "\n".join(problems[:10])
    return len(log)


@pytest.mark.slow
def test_every_message_of_the_suite_validates(generated: list[Scenario]) -> None:
    """Every request the kit sends and every reply of the reference adapter, for the whole
    shipped suite and for whole generated hands, validates against its schema."""
    log: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
    scenarios = [*catalog.shipped(), *generated]
    with ProcessDriver(ADAPTER, trace=lambda q, r: log.append((q, r))) as driver:
        for scenario in scenarios:
            run_scenario(driver, scenario)
    cmds = {request["cmd"] for request, _ in log}
    assert cmds == set(COMMANDS) - {"stop"}, "the run must exercise every command"
    assert all(reply is not None for _, reply in log)
    assert _validate_exchange(log) > len(scenarios)


def test_generated_games_pass_in_process_and_through_the_adapter(
        generated: list[Scenario]) -> None:
    with ProcessDriver(ADAPTER) as driver:
        for scenario in generated:
            assert run_scenario(ReferenceDriver(), scenario).status == "passed"
            result = run_scenario(driver, scenario)
            assert result.status == "passed", result.message


# --------------------------------------------------------------------------- the adapter


def _session(*lines: bytes | str) -> list[dict[str, Any]]:
    data = b"".join(x if isinstance(x, bytes) else x.encode() + b"\n" for x in lines)
    out = io.BytesIO()
    assert serve(io.BytesIO(data), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_adapter_answers_a_session() -> None:
    replies = _session(
        '{"cmd":"hello","seq":0,"protocol":1,"kit":"t"}',
        '{"cmd":"start","seq":1,"variants":{},"setup":null}',
        '{"cmd":"classify","seq":2,"cards":["3H","3S"]}',
        '{"cmd":"beats","seq":3,"reply":["4H"],"top":["3H"]}',
        '{"cmd":"stop","seq":4}',
        '{"cmd":"deck","seq":5}',  # after stop: never read
    )
    assert [r["seq"] for r in replies] == [0, 1, 2, 3, 4]
    assert replies[0]["result"]["protocol"] == "1.4"  # every convention (issue 28)
    assert replies[2]["result"] == {"legal": True, "readings": ["pair 3"]}
    assert replies[3]["result"] == {"beats": True, "reading": "single 4"}
    assert replies[4] == {"seq": 4, "ok": True, "result": {}}


@pytest.mark.parametrize(("line", "seq", "error"), [
    (b"not json\n", None, "not JSON"),
    (b"\xff\xfe\n", None, "not JSON"),
    (b"\n", None, "empty line"),
    (b"[1, 2]\n", None, "not an array"),
    (b'"hi"\n', None, "not a string"),
    (b'{"cmd": "hello"}\n', None, '"seq"'),
    (b'{"cmd": "hello", "seq": -1}\n', None, '"seq"'),
    (b'{"cmd": "fly", "seq": 3}\n', 3, 'unknown cmd "fly"'),
    (b'{"seq": 3}\n', 3, "unknown cmd null"),
    (b'{"cmd": "advance", "seq": 3, "until": {"phase": "playing"}}\n', 3, "kit macro"),
    (b'{"cmd": "classify", "seq": 3}\n', 3, "bad classify request"),
    (b'{"cmd": "classify", "seq": 3, "cards": 7}\n', 3, "classify"),
    (b'{"cmd": "observe", "seq": 3}\n', 3, "needs a game"),
    (b'{"cmd": "start", "seq": 3, "variants": [], "setup": null}\n', 3, "variants"),
    (b'{"cmd": "start", "seq": 3, "variants": {}, "setup": 5}\n', 3, "setup"),
])
def test_adapter_never_crashes_on_bad_input(line: bytes, seq: int | None, error: str) -> None:
    reply, after = _session(line, '{"cmd":"deck","seq":9}')
    assert reply["ok"] is False and reply["seq"] == seq
    assert error in reply["error"], reply["error"]
    assert not list(message_problems("error", reply))
    assert after == {"seq": 9, "ok": True, "result": {"cards": 162, "faces": 54, "copies": 3,
                                                      "points": 300}}


def test_adapter_rejects_an_overlong_request_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import fivetenk.impl.adapter as adapter_module

    monkeypatch.setattr(adapter_module, "MAX_REQUEST", 100)
    replies = _session(b'{"cmd":"deck","seq":1,"x":"' + b"y" * 500 + b'"}\n',
                       '{"cmd":"deck","seq":2}')
    assert replies[0]["ok"] is False and "longer than 100 bytes" in replies[0]["error"]
    assert replies[1]["seq"] == 2 and replies[1]["ok"]
    assert MAX_REQUEST == 16 << 20


def test_adapter_rejection_is_a_result_not_an_error() -> None:
    replies = _session('{"cmd":"classify","seq":1,"cards":["3H","3H","3H","3H"]}',
                       '{"cmd":"start","seq":2,"variants":{"rocket":"big"},"setup":null}')
    assert replies[0]["ok"] is True
    assert replies[0]["result"]["accepted"] is False
    assert replies[0]["result"]["clause"] == "R01.1"
    assert replies[1]["ok"] is True and replies[1]["result"]["accepted"] is False
    assert "rocket" in replies[1]["result"]["error"]["message"]
    for cmd, reply in zip(("classify", "start"), replies, strict=True):
        assert not list(message_problems(f"{cmd}-reply", reply))


def test_fivetenk_adapter_command_ends_cleanly_on_eof_and_keeps_stdout_clean() -> None:
    exe = Path(sys.executable).with_name("fivetenk")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "fivetenk.cli"]
    lines = b'garbage\n{"cmd":"hello","seq":0,"protocol":1,"kit":"t"}\n'
    done = subprocess.run([*command, "adapter"], input=lines, capture_output=True,
                          timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [False, True]
    assert b"Traceback" not in done.stderr


def test_adapter_log_option(tmp_path: Path) -> None:
    log = tmp_path / "exchange.log"
    done = subprocess.run([*ADAPTER, "--log", str(log)], input=b'{"cmd":"deck","seq":0}\n',
                          capture_output=True, timeout=30, check=False)
    assert done.returncode == 0
    assert log.read_text().splitlines() == ['> {"cmd":"deck","seq":0}', '< ' + done.stdout
                                            .decode().strip()]
    bad = subprocess.run([*ADAPTER, "--log", str(tmp_path / "no" / "such" / "file")],
                         input=b"", capture_output=True, timeout=30, check=False)
    assert bad.returncode == 2 and b"--log" in bad.stderr and b"Traceback" not in bad.stderr


def test_texts_remembered_as_matched_never_let_another_through() -> None:
    """The set of texts that matched the notation (a campaign's shortcut) only ever answers
    for those very texts: a wrong text, a number or a list beside them is still refused."""
    from fivetenk.impl.protocol import _MATCHED, _readings_ok

    assert _readings_ok(["pair 7: 7 7", "single 3: 3"], "play")
    assert {"pair 7: 7 7", "single 3: 3"} <= _MATCHED["play"]
    assert _readings_ok(["single 3: 3"], "play")  # from the set alone
    for bad in ("pear 7: 7 7", 7, True, ["single 3: 3"], None):
        assert not _readings_ok(["pair 7: 7 7", bad], "play"), bad
    assert not _readings_ok(["single 3: 3"], "reading")  # a play is no reading


def test_the_query_commands_are_the_query_steps() -> None:
    """The protocol's query commands (fivetenk.impl.words, the one vocabulary) are the
    scenario format's query steps (fivetenk.model.scenario.QUERY_OPS, a layer below)."""
    from fivetenk.impl.words import QUERY_COMMANDS
    from fivetenk.model.scenario import QUERY_OPS

    assert set(QUERY_COMMANDS) == QUERY_OPS and len(QUERY_COMMANDS) == len(QUERY_OPS)
