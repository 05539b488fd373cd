"""The adapter SDKs and scaffolds (issue 20, item 4): ``fivetenk.impl.sdk`` (the kit's own
``fivetenk adapter`` is written with it), the one-file JavaScript SDK, and ``fivetenk
new-adapter --lang python|js DIR``, whose adapter, run as written, reports every scenario
as not implemented: exit 1, never a traceback."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest
from helpers import ROOT

from fivetenk import cli
from fivetenk.impl import sdk
from fivetenk.impl.adapter import Adapter

JS_SDK = ROOT / "tools" / "scaffold" / "templates" / "fivetenk_sdk.js"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not on PATH")

BAD_INPUT = [b"garbage\n", b"[1]\n", b'{"cmd":"classify"}\n', b'{"cmd":"fly","seq":2}\n',
             b"\n", b'{"cmd":"classify","seq":3,"cards":[]}\n', b'{"cmd":"deck","seq":4}\n',
             b'{"cmd":"stop","seq":5}\n', b'{"cmd":"deck","seq":6}\n']
"""A session of bad input, a command not written, one written, then stop (the request
after stop is never answered)."""
REPLIES = [
    {"seq": None, "ok": False},
    {"seq": None, "ok": False, "error": "a request is a JSON object, not an array"},
    {"seq": None, "ok": False, "error": 'the request has no "seq" (a non-negative integer)'},
    {"seq": 2, "ok": False, "error": 'unknown cmd "fly": expected one of hello, start, '
     "classify, beats, plays, points, deck, act, observe, next_hand, stop"},
    {"seq": None, "ok": False, "error": "an empty line is not a request"},
    {"seq": 3, "ok": False, "error": "classify is not implemented"},
    {"seq": 4, "ok": True, "result": {"cards": 162, "faces": 54, "copies": 3, "points": 300}},
    {"seq": 5, "ok": True, "result": {}},
]


class DeckOnly(sdk.Engine):
    name, version = "deck-only", "1"
    capabilities = ("deck",)
    shapes = ("single",)
    profile: ClassVar[dict[str, Any]] = {"later": True}

    def start(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"accepted": True}

    def deck(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"cards": 162, "faces": 54, "copies": 3, "points": 300}

    def points(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"points": request["cards"]["oops"]}

    def plays(self, request: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("the engine fell over")

    def beats(self, request: dict[str, Any]) -> Any:
        return [1]

    def observe(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"x": float("nan")}


def session(engine: sdk.Engine, lines: list[bytes]) -> list[dict[str, Any]]:
    out = io.BytesIO()
    assert sdk.serve(engine, io.BytesIO(b"".join(lines)), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def matches(replies: list[dict[str, Any]], expected: list[dict[str, Any]]) -> None:
    assert len(replies) == len(expected), replies
    for got, wanted in zip(replies, expected, strict=True):
        assert {k: got.get(k) for k in wanted} == wanted, got


def test_the_sdk_answers_bad_input_and_unwritten_commands_and_goes_on() -> None:
    replies = session(DeckOnly(), BAD_INPUT)
    matches(replies, REPLIES)
    assert replies[0]["error"].startswith("the request is not JSON")


def test_the_sdk_turns_exceptions_and_bad_results_into_error_replies() -> None:
    replies = session(DeckOnly(), [
        b'{"cmd":"hello","seq":0,"protocol":1}\n',
        b'{"cmd":"points","seq":1,"cards":["5H"]}\n',
        b'{"cmd":"plays","seq":2,"hand":[]}\n',
        b'{"cmd":"beats","seq":3}\n',
        b'{"cmd":"observe","seq":4}\n',
        b'{"cmd":"deck","seq":5}\n'])
    assert replies[0]["result"] == {"name": "deck-only", "version": "1", "protocol": 1,
                                    "capabilities": ["deck"], "shapes": ["single"],
                                    "variants": {}, "later": True}
    assert replies[1]["error"] == ("bad points request: TypeError: list indices must be "
                                   "integers or slices, not str")
    assert replies[2]["error"] == "internal error in plays: RuntimeError: the engine fell over"
    assert replies[3]["error"] == ("internal error in beats: the engine returned an array, "
                                   "not a result object")
    assert replies[4]["error"].startswith("internal error: the engine's result cannot be "
                                          "written as JSON")
    assert replies[5]["ok"] is True


def test_an_sdk_engine_runs_the_suite(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    script = tmp_path / "deck_only.py"
    script.write_text("import sys\nfrom fivetenk.impl import sdk\n\nclass E(sdk.Engine):\n"
                      "    name = 'deck-only'\n    capabilities = ('deck',)\n"
                      "    def start(self, request):\n        return {'accepted': True}\n"
                      "    def deck(self, request):\n        return {'cards': 162, 'faces': "
                      "54, 'copies': 3, 'points': 300}\n\nsys.exit(sdk.serve(E()))\n")
    code = cli.main(["check", "--no-progress", "-q", "--id", "R01-001", "--id", "R01-002",
                     "--impl", f"{sys.executable} {script}", "--jsonl",
                     str(tmp_path / "r.jsonl")])
    capsys.readouterr()
    assert code == 0
    statuses = [json.loads(x)["status"] for x in (tmp_path / "r.jsonl").read_text()
                .splitlines()[1:]]
    assert statuses.count("passed") == 1 and set(statuses) == {"passed", "skipped"}


def test_the_kits_adapter_is_written_with_the_sdk() -> None:
    adapter = Adapter()
    assert isinstance(adapter, sdk.Session) and isinstance(adapter.engine, sdk.Engine)
    replies = session(adapter.engine, BAD_INPUT)
    matches(replies[:5], REPLIES[:5])
    assert replies[5]["result"]["accepted"] is False  # the engine answers: bad input, R03.1
    assert replies[5]["result"]["clause"] == "R03.1"
    matches(replies[6:], REPLIES[6:])


def scaffold(tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / f"my-{lang}-engine"
    assert cli.main(["new-adapter", "--lang", lang, str(folder)]) == 0
    assert "run it: fivetenk check --impl" in capsys.readouterr().out
    return folder


def run_unfilled(impl: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Run as written: every scenario errored, "… is not implemented"; exit 1, no
    traceback anywhere (console, stderr of the adapter in the report)."""
    report = tmp_path / "r.jsonl"
    code = cli.main(["check", "--no-progress", "-q", "--rule", "R02", "--rule", "R13",
                     "--impl", impl, "--jsonl", str(report)])
    out, err = capsys.readouterr()
    assert code == 1
    records = [json.loads(x) for x in report.read_text().splitlines()[1:]]
    assert {r["status"] for r in records} == {"errored", "skipped"}
    assert all(r["reason"].startswith("implementation lacks variant ")  # variants: {}
               for r in records if r["status"] == "skipped")
    records = [r for r in records if r["status"] == "errored"]
    assert all(" is not implemented" in r["message"] for r in records), \
        {r["message"] for r in records}
    assert any("classify is not implemented" in r["message"] for r in records)
    assert "Traceback" not in out + err + report.read_text()


def test_a_python_scaffold_runs_and_reports_not_implemented(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = scaffold(tmp_path, "python", capsys)
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "adapter.py"]
    text = (folder / "adapter.py").read_text()
    assert 'name = "my-python-engine"' in text and "from fivetenk.sdk import" in text
    run_unfilled(f"{sys.executable} {folder / 'adapter.py'}", tmp_path, capsys)


def test_the_sdks_public_name_is_the_module_of_its_package() -> None:
    """Adapters written before the layer packages (issue 31) import ``fivetenk.sdk``, as
    the scaffold still writes: the name gives the module of ``fivetenk.impl``, not a copy
    (an adapter's Engine subclass is the kit's), and the module keeps its own spec; a name
    the kit does not have is still not found."""
    import importlib.util

    done = subprocess.run([sys.executable, "-c",
                           "import fivetenk.sdk as a, fivetenk.impl.sdk as b, importlib.util\n"
                           "from fivetenk.sdk import Engine, reject, serve\n"
                           "assert a is b and Engine is b.Engine, 'a copy'\n"
                           "print(b.__spec__.name, importlib.util.find_spec('fivetenk.nope'))"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["fivetenk.impl.sdk", "None"]
    assert importlib.util.find_spec("fivetenk.sdk") is not None


@needs_node
def test_a_js_scaffold_runs_and_reports_not_implemented(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = scaffold(tmp_path, "js", capsys)
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "adapter.js",
                                                        "fivetenk_sdk.js"]
    assert (folder / "fivetenk_sdk.js").read_bytes() == JS_SDK.read_bytes()
    run_unfilled(f"node {folder / 'adapter.js'}", tmp_path, capsys)


@needs_node
def test_the_js_sdk_answers_bad_input_and_goes_on(tmp_path: Path) -> None:
    script = tmp_path / "deck.js"
    script.write_text(f"const {{ serve }} = require({json.dumps(str(JS_SDK))});\n"
                      "serve({ name: 'deck-only', capabilities: ['deck'],\n"
                      "  deck: async () => ({ cards: 162, faces: 54, copies: 3, points: 300 }),\n"
                      "  points: (req) => { console.log('stray'); throw new Error('boom'); },\n"
                      "});\n")
    lines = [*BAD_INPUT[:-3], b'{"cmd":"points","seq":7,"cards":[]}\n', *BAD_INPUT[-3:]]
    done = subprocess.run(["node", str(script)], input=b"".join(lines), capture_output=True,
                          timeout=30, check=False)
    assert done.returncode == 0
    replies = [json.loads(x) for x in done.stdout.splitlines()]
    matches(replies, [*REPLIES[:-2],
                      {"seq": 7, "ok": False, "error": "internal error in points: boom"},
                      *REPLIES[-2:]])
    assert b"stray" in done.stderr


def test_new_adapter_refuses_a_folder_that_is_not_empty(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "engine"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    assert cli.main(["new-adapter", "--lang", "python", str(folder)]) == 2
    assert "the folder is not empty" in capsys.readouterr().err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    assert cli.main(["new-adapter", "--lang", "js", str(folder), "--force"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "adapter.js",
                                                        "fivetenk_sdk.js", "notes.txt"]
    assert (folder / "notes.txt").read_text() == "mine"
    assert cli.main(["new-adapter", "--lang", "js", str(folder / "notes.txt")]) == 2
    assert "is not a folder" in capsys.readouterr().err
