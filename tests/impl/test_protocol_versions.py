"""The protocol evolves without breaking green adapters (issue 28, item 2).

Every convention the kit judges is written in ``schemas/protocol.md`` with its clause and
the minor version that added it (:mod:`fivetenk.impl.conventions`), and the scenarios judging a
convention added after the version an implementation declares are skipped for it, naming
the convention and where it is written. The tests here are the mechanism that keeps it
so: every step of the shipped suite that expects a rejection or declares a reading is
attributed to a convention of the table, with a clause the table gives; the table, the
changelog and D35's codes in protocol.md are the kit's own; and a miniature written for
protocol 1.0 (``tests/miniatures/older_protocol.py``, which breaks the 1.1 and 1.2
conventions) is skipped on them when it declares 1.0 and fails them when it declares 1.2.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from helpers import CHECK_REPORT, ROOT, Warm, check_run

from fivetenk import cli
from fivetenk.impl import conventions, sdk
from fivetenk.impl.adapter import Adapter
from fivetenk.impl.conventions import CONVENTIONS, LATEST, UNNAMED, step_conventions
from fivetenk.impl.hello import parse_hello
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.impl.protocol import ReplyError, VersionError, hello_problems
from fivetenk.model.scenario import Scenario, judges_rejection
from fivetenk.suite import catalog, profile
from fivetenk.suite.runner import run_scenario

PROTOCOL = ROOT / "schemas" / "protocol.md"
MINI = ROOT / "tests" / "miniatures"
TEMPLATES = ROOT / "tools" / "scaffold" / "templates"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not on PATH")

LATE = {"reading-bare": ["R03-502.1", "R03-502.2", "R03-502.3"],
        "reading-impossible": ["R03-508.1", "R03-508.2", "R03-508.3", "R03-508.4",
                               "R03-508.5", "R03-508.6", "R05-408", "R05-409.1",
                               "R05-409.2"],
        "position-duties": ["R03-701", "R03-702", "R03-703", "R03-704", "R03-705", "R04-701",
                            "R04-702", "R04-703", "R05-701", "R05-702", "R05-703", "R08-701",
                            "R09-701", "R10-701", "R10-702", "R10-703", "R10-704", "R10-705",
                            "R11-701", "R11-702", "R11-703", "R11-704", "R13-701", "R13-702",
                            "R13-703", "R13-704"],
        "deal-first-default": ["R01-701"]}
"""The shipped scenarios judging the conventions added after 1.0."""


def _rulings() -> dict[str, Any]:
    import yaml

    data = yaml.safe_load((ROOT / "spec" / "rulings.yaml").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rulings"]}


def _table_rows() -> dict[str, tuple[str, str, str]]:
    """protocol.md's conventions table: name -> (since, clause cell, the whole row)."""
    rows = {}
    for line in PROTOCOL.read_text(encoding="utf-8").splitlines():
        found = re.match(r'^\| <a id="c-([a-z-]+)"></a>`([a-z-]+)` \| (1\.\d+) \| ([^|]+) \|',
                         line)
        if found:
            assert found.group(1) == found.group(2), line
            rows[found.group(2)] = (found.group(3), found.group(4).strip(), line)
    return rows


def _clause_of(step: dict[str, Any]) -> str | None:
    expect = step.get("expect") or {}
    clause = expect.get("clause", expect.get("error.clause"))
    return clause if isinstance(clause, str) else None


# --------------------------------------------------------------------------- the table


def unwritten(scenarios: list[Scenario]) -> tuple[list[Any], Counter[str]]:
    """What the conventions table does not cover among ``scenarios``: a step that expects a
    rejection, refuses a setup or declares a reading, and is attributed to no convention
    or to an unnamed one; or that expects a clause none of its conventions gives (the D35
    table's, for an action). And how many steps judge each convention."""
    d35_clauses = {row["clause"] for row in _rulings()["D35"]["rejections"]}
    problems: list[Any] = []
    seen: Counter[str] = Counter()
    for scenario in scenarios:
        seen.update(conventions.setup_conventions(scenario.setup))
        for step in scenario.steps:
            found = step_conventions(step, scenario.variants, scenario.setup)
            declares = any(k in step for k in ("reply_shape", "top_shape")) or (
                step["op"] == "act" and "shape" in step.get("action", {}))
            judged = judges_rejection(step) or declares or step["op"] == "start"
            if (judged and not found) or UNNAMED in found:
                problems.append((scenario.id, "no convention", step))
                continue
            seen.update(found)
            clause = _clause_of(step)
            if clause is None:
                continue
            allowed = set().union(*(conventions.BY_NAME[n].clauses for n in found))
            if clause not in allowed or ("action-clause" in found
                                         and clause not in d35_clauses):
                problems.append((scenario.id, f"clause {clause} not written", step))
    return problems, seen


def test_every_judged_step_of_the_suite_belongs_to_a_written_convention() -> None:
    """Over the shipped suite, nothing is :func:`unwritten`: a new kind of judged
    rejection, or a new clause for an old kind, fails here until it has a convention, a
    row in protocol.md and a version."""
    problems, seen = unwritten(catalog.shipped())
    assert problems == []
    assert {c.name for c in CONVENTIONS} - {"cards-token", "cards-empty", "top-illegal",
                                            "plays-vectors"} \
        <= set(seen), seen  # the shipped suite judges these; the others the fuzzer does,
    # and the count vectors plays-vectors (tests/suite/test_vectors.py)


def test_unwritten_finds_a_judged_rejection_no_convention_covers() -> None:
    """The check above can fail: a refused observation (no convention), a query refusal
    citing a clause its convention does not give, an action citing a clause D35 does not
    list."""
    steps = [{"op": "observe", "expect": {"accepted": False, "clause": "R13.1"}},
             {"op": "classify", "cards": ["3H"] * 4, "expect": {"accepted": False,
                                                                  "clause": "R05.1"}},
             {"op": "act", "action": {"type": "pass", "seat": 0},
              "expect": {"accepted": False, "clause": "R24.1"}}]
    scenarios = [Scenario(id=f"X-{i}", name="x", clauses=["R13.1"], steps=[step])
                 for i, step in enumerate(steps)]
    problems, _ = unwritten(scenarios)
    assert [p[:2] for p in problems] == [("X-0", "no convention"),
                                        ("X-1", "clause R05.1 not written"),
                                        ("X-2", "clause R24.1 not written")]


def test_a_rejection_no_convention_describes_is_unnamed_and_never_a_skip() -> None:
    step = {"op": "observe", "expect": {"accepted": False, "clause": "R13.1"}}
    assert step_conventions(step) == {UNNAMED}
    scenario = Scenario(id="X-1", name="x", clauses=["R13.1"], steps=[step])
    assert conventions.undeclared_reason(scenario, 0) == ""


@pytest.mark.parametrize(("step", "name"), [
    ({"op": "classify", "cards": ["3H", "3H", "3H", "3H"], "expect": {"accepted": False}},
     "cards-copies"),
    ({"op": "points", "cards": ["XX"], "expect": {"accepted": False}}, "cards-token"),
    ({"op": "act", "action": {"type": "play", "seat": 0, "cards": ["9C", "9c"]},
      "expect": {"accepted": False, "clause": "R01.1"}}, "cards-token"),
    ({"op": "classify", "cards": [], "expect": {"accepted": False}}, "cards-empty"),
    ({"op": "beats", "reply": ["5H"], "top": ["3H", "4S"], "expect": {"accepted": False}},
     "top-illegal"),
    ({"op": "plays", "hand": ["5H"], "top": ["3H", "4S"], "expect": {"clause": "R03.1"}},
     "top-illegal"),
    ({"op": "beats", "reply": ["3H", "3S"], "reply_shape": "pairs 3-3", "top": ["7S"],
      "expect": {"accepted": False}}, "reading-impossible"),
    ({"op": "act", "action": {"type": "play", "seat": 0, "cards": ["7H", "7S"],
                              "shape": "pair"}, "expect": {"accepted": True}},
     "reading-bare"),
    ({"op": "act", "action": {"type": "play", "seat": 0, "cards": ["SJ", "BJ"],
                              "shape": "rocket"}, "expect": {"accepted": True}},
     "reading-full"),
    ({"op": "act", "action": {"type": "pass", "seat": 0},
      "expect": {"accepted": False, "clause": "R13.2"}}, "action-clause"),
])
def test_each_convention_is_told_from_the_step(step: dict[str, Any], name: str) -> None:
    assert name in step_conventions(step)


def test_protocol_md_writes_every_convention_with_its_clause_and_version() -> None:
    rows = _table_rows()
    assert set(rows) == {c.name for c in CONVENTIONS}
    for convention in CONVENTIONS:
        since, cell, row = rows[convention.name]
        assert since == convention.version, convention.name
        if convention.name == "action-clause":
            assert cell == "the table below"
        else:
            assert set(re.findall(r"R\d\d\.\d", cell)) == set(convention.clauses), row
        for ruling in convention.rulings:
            assert ruling in row, (convention.name, ruling)
    assert PROTOCOL.read_text(encoding="utf-8").startswith(
        f"# The fivetenk adapter protocol, version 1.{LATEST}\n")


def test_the_changelog_records_when_each_convention_was_added() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    changelog = text[text.index("### Changelog"):]
    versions = {}
    for line in changelog.splitlines():
        found = re.match(r"^\| (1\.\d+) \| ([^|]+) \|", line)
        if found:
            versions[found.group(1)] = set(re.findall(r"`([a-z-]+)`", found.group(2)))
    assert set(versions) == {f"1.{n}" for n in range(LATEST + 1)}
    for convention in CONVENTIONS:
        assert convention.name in versions[convention.version], convention.name
    assert sum(len(v) for v in versions.values()) == len(CONVENTIONS)


def test_protocol_md_lists_every_d35_code_with_its_clause() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    written = dict(re.findall(r"^\| `([a-z0-9-]+)` \| (R\d\d\.\d) \| ", text, flags=re.M))
    table = {row["code"]: row["clause"] for row in _rulings()["D35"]["rejections"]}
    assert written == table
    assert set(conventions.BY_NAME["action-clause"].clauses) == set(table.values())


# --------------------------------------------------------------------------- the hello


def test_the_hello_declares_a_minor_version() -> None:
    result = Adapter().hello_result()
    assert result["protocol"] == f"1.{LATEST}"
    assert parse_hello(result, "kit").minor == LATEST
    assert hello_problems(result) == []
    old = {**result, "protocol": 1}
    assert parse_hello(old, "kit").minor == 0 and hello_problems(old) == []
    assert parse_hello({**result, "protocol": "1.1"}, "kit").protocol_text == "1.1"
    assert parse_hello({**result, "protocol": "1.7"}, "kit").minor == 7  # a later kit's
    for bad in ("1", "1.x", "01.2", "1.2.3", 1.2, True):
        with pytest.raises(ReplyError):
            parse_hello({**result, "protocol": bad}, "kit")
        assert hello_problems({**result, "protocol": bad})
    with pytest.raises(VersionError, match=r"speaks protocol 2\.1, but kit speaks protocol 1 "
                       r"\(1\.0 to 1\.\d\)"):
        parse_hello({**result, "protocol": "2.1"}, "kit")


def test_the_sdks_never_declare_a_convention_for_the_engine() -> None:
    assert sdk.Engine().hello({})["protocol"] == 1
    assert f"1.{LATEST}" == sdk.PROTOCOL_LATEST
    for template in ("adapter.py.txt", "adapter.js.txt"):  # what new-adapter writes
        assert re.search(rf'protocol[ =:]+"1\.{LATEST}"', (TEMPLATES / template).read_text())


# --------------------------------------------------------------------------- skipping


def _check(tmp_path: Path, declared: str, ids: list[str]
           ) -> tuple[int, str, dict[str, dict[str, Any]]]:
    code, out, records = check_run(
        tmp_path, "--no-vectors", "--impl",
        f"{sys.executable} {MINI / 'older_protocol.py'} {declared}",
        "--badge", str(tmp_path / "badge.json"), "--summary-md", str(tmp_path / "summary.md"),
        *(f"--id={i}" for i in ids))
    run = json.loads((tmp_path / CHECK_REPORT).read_text().splitlines()[0])
    return code, out, records | {"run": run}


@pytest.mark.slow
def test_an_adapter_declaring_an_older_version_is_skipped_on_later_conventions(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Over the whole suite: green, and exactly the scenarios of the later conventions
    skipped, each naming its convention and where it is written."""
    code, out, records = _check(tmp_path, "1", [])
    assert code == 0, out
    skipped = {i for i, r in records.items() if r.get("status") == "skipped"}
    assert skipped == {i for ids in LATE.values() for i in ids}
    for name, ids in LATE.items():
        convention = conventions.BY_NAME[name]
        for scenario in ids:
            record = records[scenario]
            assert record["status"] == "skipped", record
            assert record["reason"] == (
                f"judges convention {name} ({convention.rulings[0]}; protocol "
                f"{convention.version}, schemas/protocol.md#c-{name}), which the "
                "implementation's hello (protocol 1.0) does not declare")
    assert records["R03-507"]["status"] == records["R05-302"]["status"] == "passed"
    assert records["run"]["protocol"] == "1.0"
    assert "note: the implementation declares protocol 1.0" in out
    assert "reading-impossible since 1.2" in out
    badge = json.loads((tmp_path / "badge.json").read_text())  # green, but not for 1.2
    assert badge["color"] == "brightgreen" and "protocol 1.0" in badge["label"]
    assert "reading-impossible since 1.2" in (tmp_path / "summary.md").read_text()


@pytest.mark.slow
def test_an_adapter_declaring_the_version_is_failed_on_the_conventions_it_breaks(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    late = [*LATE["reading-bare"], *LATE["reading-impossible"]]
    code, _, records = _check(tmp_path, f"1.{LATEST}", late)
    assert code == 1
    assert {records[i]["status"] for i in late} == {"failed"}
    assert "protocol" not in records["run"]
    _, _, records = _check(tmp_path, "1.1", late)
    assert {records[i]["status"] for i in LATE["reading-bare"]} == {"failed"}
    assert {records[i]["status"] for i in LATE["reading-impossible"]} == {"skipped"}
    assert all("hello (protocol 1.1)" in records[i]["reason"]
               for i in LATE["reading-impossible"])


def test_the_reference_over_the_protocol_is_judged_on_every_convention() -> None:
    """``fivetenk adapter`` declares the latest version: every scenario judging a
    convention runs, and passes."""
    judged = [s for s in catalog.shipped() if conventions.scenario_conventions(s)]
    assert len(judged) > 150
    with ProcessDriver([sys.executable, "-m", "fivetenk.impl.adapter"], timeout=60) as driver:
        statuses = Counter(run_scenario(driver, s).status for s in judged)
        assert profile.protocol_minor(driver) == LATEST
        assert "protocol" not in profile.describe(driver)
    assert statuses == {"passed": len(judged)}, statuses


# --------------------------------------------------------------------------- SDKs


def test_the_python_sdk_rejects_with_a_clause() -> None:
    class Engine(sdk.Engine):
        protocol = "1.2"

        def classify(self, request: dict[str, Any]) -> dict[str, Any]:
            if not request["cards"]:
                return sdk.reject("R03.1", "no cards")
            raise sdk.Rejected("R01.1", "4 copies of 3H", "invalid-cards")

    session = sdk.Session(Engine())
    assert session.handle({"cmd": "hello", "seq": 0})["result"]["protocol"] == "1.2"
    assert session.handle({"cmd": "classify", "seq": 1, "cards": []}) == {
        "seq": 1, "ok": True, "result": {"accepted": False, "clause": "R03.1",
                                         "error": {"clause": "R03.1", "message": "no cards"}}}
    assert session.handle({"cmd": "classify", "seq": 2, "cards": ["3H"]})["result"] == {
        "accepted": False, "clause": "R01.1",
        "error": {"clause": "R01.1", "message": "4 copies of 3H", "code": "invalid-cards"}}
    assert sdk.reject(None, "bad reading 'rocket x2'")["clause"] is None


@needs_node
def test_the_js_sdk_rejects_with_a_clause(tmp_path: Path) -> None:
    sdk_file = TEMPLATES / "fivetenk_sdk.js"
    script = tmp_path / "reject.js"
    script.write_text(
        f"const {{ serve, reject, Rejected }} = require({json.dumps(str(sdk_file))});\n"
        "serve({ name: 'r', protocol: '1.2', capabilities: ['classify'],\n"
        "  classify(req) {\n"
        "    if (!req.cards.length) return reject('R03.1', 'no cards');\n"
        "    throw new Rejected('R01.1', 'four', 'invalid-cards'); } });\n")
    lines = [b'{"cmd":"hello","seq":0}\n', b'{"cmd":"classify","seq":1,"cards":[]}\n',
             b'{"cmd":"classify","seq":2,"cards":["3H"]}\n', b'{"cmd":"stop","seq":3}\n']
    done = subprocess.run(["node", str(script)], input=b"".join(lines), capture_output=True,
                          timeout=30, check=True)
    replies = [json.loads(x) for x in done.stdout.splitlines()]
    assert replies[0]["result"]["protocol"] == "1.2"
    assert replies[1]["result"] == {"accepted": False, "clause": "R03.1",
                                    "error": {"clause": "R03.1", "message": "no cards"}}
    assert replies[2]["result"]["error"] == {"clause": "R01.1", "message": "four",
                                             "code": "invalid-cards"}


@needs_node
def test_new_adapter_writes_an_es_module_that_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "esm-engine"
    assert cli.main(["new-adapter", "--lang", "js", "--module", "esm", str(folder)]) == 0
    assert 'node ' + str(folder / "adapter.mjs") in capsys.readouterr().out
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "adapter.mjs",
                                                        "fivetenk_sdk.mjs"]
    assert "require(" not in (folder / "adapter.mjs").read_text()
    assert "module.exports" not in (folder / "fivetenk_sdk.mjs").read_text()
    lines = [b'{"cmd":"hello","seq":0,"protocol":1,"kit":"k"}\n',
             b'{"cmd":"classify","seq":1,"cards":[]}\n', b'{"cmd":"stop","seq":2}\n']
    done = subprocess.run(["node", str(folder / "adapter.mjs")], input=b"".join(lines),
                          capture_output=True, timeout=30, check=True)
    replies = [json.loads(x) for x in done.stdout.splitlines()]
    assert replies[0]["result"]["protocol"] == f"1.{LATEST}"
    assert replies[1]["result"]["clause"] == "R03.1"
    assert cli.main(["new-adapter", "--lang", "python", "--module", "esm",
                     str(tmp_path / "py")]) == 2


# --------------------------------------------------------------------------- plays timeout


def test_a_late_plays_reply_says_hands_of_32_cards_must_answer_within_the_timeout(
        tmp_path: Path) -> None:
    scenario = next(s for s in catalog.shipped()
                    if s.setup is None and [st["op"] for st in s.steps] == ["plays"])
    # started warm (tests/warm.py): the 0.5 s are not spent on Python's start-up
    with ProcessDriver([sys.executable, str(MINI / "hang.py"), "plays"], timeout=0.5,
                       spawn=Warm(tmp_path)) as driver:
        result = run_scenario(driver, scenario)
    assert result.status == "errored"
    assert result.message.startswith("no reply to plays (seq ")
    assert "plays is asked of hands of up to 32 cards" in result.message
    assert "within --timeout (schemas/protocol.md, plays)" in result.message
