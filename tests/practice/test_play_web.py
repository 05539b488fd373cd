"""``fivetenk play --web`` over plain HTTP, without a browser: who may talk to the table,
what a hostile request gets, that a hand played through its API is the game ``play
--auto`` plays, and that SIGTERM stops it cleanly with the log ready to resume.

The table is started as a user starts it (its own process, port 0) and the tests wait
for the address it prints (tests/webtable.py). One table serves the module: the refusals
first (they change nothing), then a whole hand.
"""

from __future__ import annotations

import argparse
import io
import json
import secrets
import socket
import tomllib
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT
from webtable import Table, start

from fivetenk.practice import play as play_mod
from fivetenk.practice.dispute import read_log
from fivetenk.practice.web import ASSETS, MAX_BODY, Stop, TableServer, WebSession, load_assets
from fivetenk.reference.variants import Variants

SEED = 7
pytestmark = pytest.mark.xdist_group("play-web")  # one table, its tests in order


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    folder = tmp_path_factory.mktemp("web-table")
    started = start(["--seed", str(SEED), "--hands", "1", "--log", "game.jsonl"], folder)
    yield started
    if started.proc.poll() is None:
        started.stop()


def run_play(argv: list[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    play_mod.add_arguments(parser)
    out = io.StringIO()
    return play_mod.run(parser.parse_args(argv), out, io.StringIO()), out.getvalue()


def test_the_web_options_are_checked_before_anything_starts(
        capsys: pytest.CaptureFixture[str]) -> None:
    for argv, said in ((["--no-open"], "go with --web"), (["--port", "8000"], "go with --web"),
                       (["--web", "--auto"], "drop --auto or --web"),
                       (["--web", "--port", "70000"], "--port must be 0-65535")):
        assert run_play(argv)[0] == 2, argv
        assert said in capsys.readouterr().err, argv


def test_requests_without_the_token_or_from_elsewhere_are_refused(table: Table) -> None:
    """403, and nothing of the game in the answer, for a request with no token, another
    token, the token cut short or in the query; a Host that is not this server's (a DNS
    name rebound to 127.0.0.1 keeps its own name); an Origin of another site, of another
    port, or ``null``; a POST from another origin is not taken either."""
    good = f"/{table.token}/api/state"
    status, body, headers = table.request("GET", good)
    assert status == 200 and json.loads(body)["game"]["seed"] == SEED
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    before = table.state()["version"]
    other = secrets.token_urlsafe(24)
    port = table.port
    action = json.dumps({"do": "suggestion", "version": before}).encode()
    post = {"Content-Type": "application/json"}
    cases: dict[str, tuple[str, str, dict[str, str], str | None, bytes | None]] = {
        "no token": ("GET", "/api/state", {}, None, None),
        "no token, the page": ("GET", "/", {}, None, None),
        "the favicon without a token": ("GET", "/favicon.ico", {}, None, None),
        "another token": ("GET", f"/{other}/api/state", {}, None, None),
        "the token cut short": ("GET", f"/{table.token[:-1]}/api/state", {}, None, None),
        "the token in the query": ("GET", f"/api/state?token={table.token}", {}, None, None),
        "a foreign Host": ("GET", good, {}, "evil.example", None),
        "a rebound name at this port": ("GET", good, {}, f"attacker.example:{port}", None),
        "another port in Host": ("GET", good, {}, f"127.0.0.1:{port + 1}", None),
        "an empty Host": ("GET", good, {}, "", None),
        "a foreign Origin": ("GET", good, {"Origin": "http://evil.example"}, None, None),
        "Origin null": ("GET", good, {"Origin": "null"}, None, None),
        "another port's Origin": ("GET", good, {"Origin": f"http://127.0.0.1:{port + 1}"},
                                  None, None),
        "a POST from another site": ("POST", f"/{table.token}/api/action",
                                     {**post, "Origin": "http://evil.example"}, None, action),
        "a POST without the token": ("POST", "/api/action", post, None, action),
        "a POST with another token": ("POST", f"/{other}/api/action", post, None, action),
    }
    wrong = []
    for name, (method, path, headers, host, body) in cases.items():
        status, answer, _ = table.request(method, path, body, headers, host=host)
        if status != 403 or not answer.startswith(b"forbidden") or len(answer) > 200 \
                or any(word in answer for word in (b"seed", b"hand", table.token.encode())):
            wrong.append(f"{name}: {status} {answer[:120]!r}")
    assert not wrong, "\n".join(wrong)
    assert table.state()["version"] == before, "a refused POST was taken"


def test_hostile_requests_get_a_clear_status_and_the_table_goes_on(table: Table) -> None:
    base = f"/{table.token}"
    version = table.state()["version"]
    act = f"{base}/api/action"
    js = {"Content-Type": "application/json"}

    def body(data: Any) -> bytes:
        return json.dumps(data).encode()

    cases: list[tuple[str, str, str, dict[str, str], bytes | None, int]] = [
        ("malformed JSON", "POST", act, js, b'{"do": "answer", ', 400),
        ("deep nesting", "POST", act, js, b"[" * 3000 + b"]" * 3000, 400),
        ("not UTF-8", "POST", act, js, b'{"do": "\xff"}', 400),
        ("a duplicate key", "POST", act, js, b'{"do":"undo","do":"undo","version":1}', 400),
        ("NaN", "POST", act, js, b'{"do":"choice","n":NaN,"version":1}', 400),
        ("not an object", "POST", act, js, body(["undo"]), 400),
        ("an unknown action", "POST", act, js, body({"do": "cheat", "version": version}),
         400),
        ("no version", "POST", act, js, body({"do": "undo"}), 400),
        ("an extra field", "POST", act, js, body({"do": "undo", "version": version,
                                                  "path": "/etc/passwd"}), 400),
        ("a dispute naming a file", "POST", act, js,
         body({"do": "answer", "text": "dispute 3 /tmp/x.feature", "version": version}),
         400),
        ("a choice out of range", "POST", act, js,
         body({"do": "choice", "n": 0, "version": version}), 400),
        ("a number too large", "POST", act, js,
         body({"do": "choice", "n": 10 ** 30, "version": version}), 400),
        ("another language", "POST", act, js,
         body({"do": "lang", "lang": "fr", "version": version}), 400),
        ("a body too large", "POST", act, js, b"x" * (MAX_BODY + 1), 413),
        ("a body announced huge", "POST", act, {**js, "Content-Length": str(10 ** 9)}, None,
         413),
        ("no Content-Length", "POST", act, {**js, "Content-Length": ""}, None, 411),
        ("not JSON", "POST", act, {"Content-Type": "text/plain"}, body({}), 415),
        ("a form", "POST", act, {"Content-Type": "application/x-www-form-urlencoded"},
         b"do=undo", 415),
        ("an unknown path", "GET", f"{base}/nope", {}, None, 404),
        ("a path out of the table", "GET", f"{base}/../../etc/passwd", {}, None, 404),
        ("GET of the action", "GET", act, {}, None, 405),
        ("POST to the page", "POST", f"{base}/", js, body({}), 405),
        ("PUT", "PUT", act, js, body({}), 405),
        ("DELETE", "DELETE", f"{base}/api/state", {}, None, 405),
        ("a bad since", "GET", f"{base}/api/state?since=soon", {}, None, 400),
        ("another parameter", "GET", f"{base}/api/state?x=1", {}, None, 400),
        ("a stale version", "POST", act, js, body({"do": "undo", "version": version - 1}),
         409),
    ]
    wrong = []
    for name, method, path, headers, data, expected in cases:
        status, answer, _ = table.request(method, path, data, headers)
        said = json.loads(answer).get("error", "") if answer[:1] == b"{" else ""
        if status != expected or not said:
            wrong.append(f"{name}: {status} (expected {expected}) {answer[:160]!r}")
    assert not wrong, "\n".join(wrong)
    state = table.state()
    assert state["version"] == version and state["question"] is not None, \
        "a refused request changed the table"


def test_a_hand_through_the_api_is_the_game_play_auto_plays(table: Table,
                                                            tmp_path: Path) -> None:
    """Taking the suggestion at every question gives, decision for decision, the game
    that ``fivetenk play --auto`` logs for the same seed: the same session drives both."""
    state = table.state()
    questions = 0
    while not state["over"]:
        assert state["question"] is not None and not state["busy"], state.get("failed")
        status, reply = table.act({"do": "suggestion", "version": state["version"]})
        assert status == 202, reply
        questions += 1
        state = table.settled(reply["version"])
    assert questions > 5
    assert state["settlement"]["hand"] == 1 and len(state["settlement"]["result"]["kitty"]) == 6
    assert state["levels"][0]["after"] is not None
    assert all(t["winner"] is not None for t in state["tricks"])
    code, _ = run_play(["--auto", "--seed", str(SEED), "--hands", "1",
                        "--log", str(tmp_path / "auto.jsonl")])
    assert code == 0
    web = read_log(table.cwd / "game.jsonl")
    auto = read_log(tmp_path / "auto.jsonl")

    def moves(decisions: list[Any]) -> list[tuple[int, str, dict[str, Any]]]:
        # an answer names a listed choice, which carries the engine's reading of its cards
        # (R12); --auto logs the suggestion as the strategy made it, reading or not
        return [(d.seat, d.kind, {k: v for k, v in d.action.items() if k != "shape"})
                for d in decisions]

    assert len(web.decisions) > 100
    assert moves(web.decisions) == moves(auto.decisions)


def test_sigterm_stops_the_table_and_the_log_resumes(tmp_path: Path) -> None:
    table = start(["--seed", "3", "--hands", "1", "--log", "g.jsonl", "--lang", "es"],
                  tmp_path)
    try:
        state = table.state()
        status, reply = table.act({"do": "suggestion", "version": state["version"]})
        assert status == 202
        table.settled(reply["version"])
    finally:
        code, out, err = table.stop()
    assert code == 143, (out, err)
    assert err == "", err
    assert "fivetenk play --resume g.jsonl --lang es --web" in out, out
    records = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert any(r.get("by") == "user" for r in records)
    code, _ = run_play(["--resume", str(tmp_path / "g.jsonl"), "--auto"])
    assert code == 0
    assert json.loads((tmp_path / "g.jsonl").read_text().splitlines()[-1])["record"] == "end"


def test_a_stop_signal_during_a_request_stops_the_server() -> None:
    """SIGTERM may land while the server starts a request's thread: its Stop must go
    through the server's ``except Exception`` around a request (it did not, once, and
    the table went on serving after SIGTERM)."""
    session = WebSession(1, 0, Variants.from_mapping({}), io.StringIO(), io.StringIO())
    server = TableServer(0, session)

    def stopped(request: Any, address: Any) -> None:
        raise Stop(15)

    server.process_request = stopped  # type: ignore[method-assign]
    try:
        with socket.create_connection(server.server_address, timeout=10), \
                pytest.raises(Stop):
            server.handle_request()
    finally:
        server.server_close()


def test_the_page_is_package_data() -> None:
    """``pip install .`` ships the page: every file of tools/practice/assets is matched by
    the package data of fivetenk.practice, and the server finds each file it serves."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["fivetenk.practice"]
    folder = ROOT / "tools" / "practice" / "assets"
    files = sorted(p.relative_to(folder.parent).as_posix() for p in folder.iterdir())
    assert files and all(any(fnmatch(f, pattern) for pattern in data) for f in files), \
        (files, data)
    assert sorted(f"assets/{name}" for name in ASSETS) == files
    loaded = load_assets()
    assert all(loaded[name] for name in ASSETS)
    for url in (b'src="', b'href="'):  # nothing from the network: relative addresses only
        for line in loaded["index.html"].split(url)[1:]:
            assert not line.startswith((b"http", b"//")), line[:60]
