"""A contract with no surprises (issue 8): protocol.md, the schemas and what the runner
compares agree.

- An adapter written only from protocol.md that takes every liberty the document allows
  (tests/miniatures/liberal.py) passes the whole suite; the same adapter breaking one
  rule of the document fails or errors, so the proof can fail.
- A rejection is compared on ``accepted`` and ``clause`` only (no shipped scenario
  compares ``error``), and ``--any-clause`` relaxes every clause comparison.
- Every example message in protocol.md is valid under its schema; the empty set, the
  plays entries, the redeals and the rulings (D30, D34, D35) are written as the reference
  engine and the step registry do them.
- A reading or a play in a reply that breaks the notation is an error that says so.
"""

from __future__ import annotations

import io
import json
import random
import re
import shlex
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, TESTS

from fivetenk import cli
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.protocol import message_problems, result_problems
from fivetenk.language import REGISTRY, find_step
from fivetenk.model.paths import data_dir
from fivetenk.model.scenario import Scenario, without_rejection_clauses
from fivetenk.model.spec_data import load_spec
from fivetenk.suite import catalog
from fivetenk.suite.runner import check_step, normalize, run_scenario

MINI = TESTS / "miniatures"
LIBERAL = MINI / "liberal.py"
PROTOCOL = data_dir("schemas") / "protocol.md"
SCHEMAS = data_dir("schemas")
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"]


def check(*args: str) -> tuple[int, str, list[dict[str, Any]]]:
    """``fivetenk check`` in process: exit code, console text, JSON-lines scenario records."""
    out, err = io.StringIO(), io.StringIO()
    jsonl = Path(args[args.index("--jsonl") + 1]) if "--jsonl" in args else None
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["check", "--no-progress", "--no-vectors", *args])  # the suite
    records = []
    if jsonl is not None:
        records = [json.loads(line) for line in jsonl.read_text("utf-8").splitlines()]
        records = [r for r in records if r.get("record", "scenario") == "scenario"]
    return code, out.getvalue() + err.getvalue(), records


def liberal(*args: str) -> str:
    return shlex.join([sys.executable, str(LIBERAL), *args])


def shipped() -> list[Scenario]:
    return list(catalog.shipped())


# --------------------------------------------------------------------------- the liberal adapter

@pytest.mark.slow
def test_an_adapter_taking_every_liberty_of_protocol_md_passes_the_whole_suite(
        tmp_path: Path) -> None:
    """The whole suite, every scenario passed (none skipped: it declares everything),
    and every liberty actually taken, many times over."""
    stats = tmp_path / "stats.json"
    code, text, records = check("--impl", liberal("--stats", str(stats)),
                                "--jsonl", str(tmp_path / "r.jsonl"))
    assert code == 0, text[-3000:]
    assert [r["id"] for r in records] == [s.id for s in shipped()]
    assert {r["status"] for r in records} == {"passed"}, text[-3000:]
    taken = json.loads(stats.read_text("utf-8"))
    for liberty in ("CRLF line end", "extra whitespace", "keys reordered", "padded line",
                    "split writes", "unicode escapes", "lists reordered",
                    "start accepted with clause null", "slow replies",
                    "rejection form 0", "rejection form 1", "rejection form 2",
                    "rejection form 3"):
        assert taken.get(liberty, 0) > 0, (liberty, taken)
    assert taken["rejection form 0"] >= 5  # rejections with no error object at all


def test_the_liberal_adapter_breaking_the_plays_notation_fails(tmp_path: Path) -> None:
    """Ranks of a play written highest first: a wrong answer, not a liberty."""
    code, _text, records = check("--impl", liberal("--break", "ranks-desc"), "--rule", "R03",
                                "--jsonl", str(tmp_path / "r.jsonl"))
    assert code == 1
    failed = [r for r in records if r["status"] == "failed"]
    assert failed and all(r["status"] in ("passed", "failed") for r in records)


def test_a_malformed_reading_in_a_reply_is_an_error_that_says_so(tmp_path: Path) -> None:
    """A miniature answering classify with ``"readings": ["pear 3"]``: every classify
    scenario it answers so is errored, naming the reading and the notation."""
    code, text, records = check("--impl", liberal("--break", "pear"), "--rule", "R03",
                                "--jsonl", str(tmp_path / "r.jsonl"))
    assert code == 1
    errored = [r for r in records if r["status"] == "errored"]
    assert errored
    for record in errored:
        assert 'not a reading of the notation: "pear 3"' in record["message"], record
    assert 'not a reading of the notation: \\"pear 3\\"' not in text  # shown, not re-escaped
    assert 'not a reading of the notation: "pear 3"' in text


def test_a_malformed_play_entry_and_clause_are_errors_that_say_so() -> None:
    pear = result_problems("plays", {"count": 1, "plays": ["pair 7:7 7"]})
    assert pear and 'not a play of the notation: "pair 7:7 7"' in pear[0]
    clause = result_problems("act", {"accepted": False, "clause": "R99.1"})
    assert clause and 'not a clause of the notation: "R99.1"' in clause[0]
    assert result_problems("plays", {"count": 1, "plays": ["rocket x4: SJ SJ BJ BJ"]}) == []


# --------------------------------------------------------------------------- rejections

def test_shipped_rejections_compare_accepted_and_clause_only() -> None:
    """protocol.md: only ``accepted`` and ``clause`` of a rejection are compared, ``error``
    never. The 9 scenarios that compared ``error.clause`` before issue 8 compare
    ``accepted: false`` and ``clause`` now."""
    rejections = 0
    for scenario in shipped():
        for step in scenario.steps:
            expect = step.get("expect", {})
            assert not any(k == "error" or k.startswith("error.") for k in expect), scenario.id
            if expect.get("accepted") is False:
                rejections += 1
                assert set(expect) <= {"accepted", "clause"}, (scenario.id, expect)
    assert rejections >= 70
    bad_input = [s for s in shipped() if any(
        step["op"] in ("classify", "points") and step.get("expect", {}).get("accepted") is False
        for step in s.steps)]
    assert len(bad_input) >= 9


def _scenario(steps: list[dict[str, Any]]) -> Scenario:
    base = next(s for s in shipped() if s.setup is None)
    import dataclasses

    return dataclasses.replace(base, steps=steps)


def test_any_clause_relaxes_every_clause_comparison_and_keeps_the_rejection() -> None:
    steps = [
        {"op": "act", "action": {"type": "pass", "seat": 0},
         "expect": {"accepted": False, "clause": "R13.2"}},
        {"op": "next_hand", "deck": [], "expect": {"accepted": False, "clause": "R23.1"}},
        {"op": "classify", "cards": [], "expect": {"error.clause": "R01.1"}},
        {"op": "beats", "reply": ["3H"], "top": ["3H", "4S"],
         "expect": {"error": {"clause": "R03.1", "code": "illegal-play"}}},
        {"op": "points", "cards": ["5H"], "expect": {"error": {"clause": "R01.1"}}},
        {"op": "observe", "expect": {"trick": {}, "phase": "playing"}},
        {"op": "act", "action": {"type": "fly"}, "expect": {"accepted": False, "clause": None}},
    ]
    relaxed = without_rejection_clauses(_scenario(steps)).steps
    assert [s.get("expect") for s in relaxed] == [
        {"accepted": False},
        {"accepted": False},
        {"accepted": False},
        {"error": {"code": "illegal-play"}, "accepted": False},
        {"accepted": False},
        {"trick": {}, "phase": "playing"},
        {"accepted": False},
    ]
    # relaxed, a rejection is still required: an acceptance or an ordinary answer fails
    accepted = {"accepted": True, "clause": None}
    assert check_step(relaxed[0], accepted)
    assert check_step(relaxed[2], {"legal": False, "readings": []})
    other_clause = {"accepted": False, "clause": "R99.9", "error": {"message": "no"}}
    assert not check_step(relaxed[0], other_clause)
    assert not check_step(relaxed[2], other_clause)


@pytest.mark.slow
def test_any_clause_passes_an_engine_citing_other_clauses_everywhere(tmp_path: Path) -> None:
    """The liberal adapter citing R01.1 in every rejection that cites a clause: act,
    next_hand and query rejections citing one fail on the clause (a malformed action cites
    none, and so does the liberal adapter); with --any-clause the whole suite passes."""
    impl = liberal("--break", "clause=R02.1")
    rejecting = {op: {s.id for s in shipped() for step in s.steps if step["op"] == op
                      and step.get("expect", {}).get("accepted") is False
                      and step["expect"].get("clause", "") is not None}
                 for op in ("act", "next_hand", "classify", "points")}
    # only the rejecting scenarios are asserted on: the first check runs just those
    selected = [arg for ids in rejecting.values() for id_ in sorted(ids) for arg in ("--id", id_)]
    code, text, records = check("--impl", impl, *selected, "--jsonl", str(tmp_path / "a.jsonl"))
    assert code == 1
    assert {r["id"] for r in records} == set().union(*rejecting.values())
    failed = {r["id"] for r in records if r["status"] == "failed"}
    for op, ids in rejecting.items():
        assert ids and ids <= failed, (op, ids - failed)
    code, text, records = check("--impl", impl, "--any-clause",
                                "--jsonl", str(tmp_path / "b.jsonl"))
    assert code == 0, text[-2000:]
    assert {r["status"] for r in records} == {"passed"}


# --------------------------------------------------------------------------- protocol.md

def _sections() -> dict[str, str]:
    """protocol.md by heading (``## 4. Commands``, ``### classify``…)."""
    text = PROTOCOL.read_text("utf-8")
    parts = re.split(r"^(#{2,3} .+)$", text, flags=re.M)
    return {parts[i].lstrip("# ").strip(): parts[i + 1] for i in range(1, len(parts), 2)}


PLACEHOLDERS = ("…", "[162 cards]")
"""Texts in protocol.md's examples that cut a message short on purpose."""


def _command_of(heading: str) -> str | None:
    """The command a section of section 4 describes (``### points, deck``: points)."""
    word = heading.split()[0].rstrip(",")
    return word if (SCHEMAS / f"protocol-{word}.schema.json").exists() else None


def _messages() -> Iterator[tuple[str, str, Any]]:
    """Every complete JSON message in protocol.md, in order: (where, kind, message), kind a
    message kind (``classify``, ``classify-reply``, ``error``) or ``<cmd>-result`` for a
    bare result in a command's section (the command of the last request written before it
    in that section, else the section's). Examples cut short on purpose are left out."""
    for heading, body in _sections().items():
        cmd = _command_of(heading)
        for lang, block in re.findall(r"```(\w*)\n(.*?)```", body, flags=re.S):
            if lang == "json" and not any(p in block for p in PLACEHOLDERS):
                data = json.loads(block)
                if "cmd" in data:
                    cmd = data["cmd"] if _command_of(str(data["cmd"])) else cmd
                yield heading, _kind(data, cmd), data
            elif lang == "" and re.search(r"^[<>] ", block, flags=re.M):
                yield from _exchange(heading, block)
        if cmd is None:
            continue  # section 2 shows invalid results on purpose
        prose = re.sub(r"```.*?```", "", body, flags=re.S)
        for span in re.findall(r"`(\{[^`]*\})`", prose):
            if any(p in span for p in PLACEHOLDERS):
                continue
            data = json.loads(span)
            if "cmd" in data:
                cmd = data["cmd"]
                yield heading, cmd, data
            elif "ok" in data:
                yield heading, _kind(data, cmd), data
            else:
                yield heading, f"{cmd}-result", data


def _kind(data: dict[str, Any], cmd: str | None) -> str:
    if "cmd" in data:
        return str(data["cmd"])
    if data.get("ok") is False:
        return "error"
    assert cmd is not None, data
    return f"{cmd}-reply"


def _exchange(heading: str, block: str) -> Iterator[tuple[str, str, Any]]:
    """A worked exchange: ``>`` requests, ``<`` replies, matched by ``seq``."""
    asked: dict[int, str] = {}
    for line in block.splitlines():
        if not line.startswith(("> ", "< ")):
            continue
        if any(p in line for p in PLACEHOLDERS):  # cut short: only its cmd and seq count
            found = re.match(r'> \{"cmd":"(\w+)","seq":(\d+)', line)
            if found:
                asked[int(found.group(2))] = found.group(1)
            continue
        try:
            data = json.loads(line[2:])
        except ValueError:
            assert line.startswith("> "), line  # a request that is not JSON on purpose
            continue
        if line.startswith("> "):
            asked[data["seq"]] = data["cmd"]
            yield heading, data["cmd"], data
        elif data.get("ok") is False:
            yield heading, "error", data
        else:
            yield heading, f"{asked[data['seq']]}-reply", data


def test_every_example_message_in_protocol_md_is_valid_under_its_schema() -> None:
    seen: dict[str, int] = {}
    for where, kind, data in _messages():
        if "cmd" in data and _command_of(str(data["cmd"])) is None:
            continue  # an unknown command, sent on purpose to show the error reply
        if kind.endswith("-result"):
            problems = result_problems(kind.removesuffix("-result"), data)
        else:
            problems = list(message_problems(kind, data))
        assert problems == [], (where, kind, data, problems)
        seen[kind] = seen.get(kind, 0) + 1
    for kind in ("hello", "hello-reply", "start", "start-reply", "classify", "classify-reply",
                 "beats", "beats-reply", "plays", "plays-reply", "points", "points-reply",
                 "deck", "deck-reply", "act", "act-reply", "observe", "observe-reply",
                 "stop", "stop-reply", "error", "classify-result", "plays-result"):
        assert seen.get(kind, 0) > 0, (kind, seen)


def test_protocol_md_examples_are_what_the_reference_answers() -> None:
    """The first result written after a query request (``{"points": 25}`` after the points
    request; the replies of the worked exchanges) is the reference engine's answer to it:
    whole for an answer, ``accepted`` and ``clause`` for a rejection."""
    driver = ReferenceDriver()
    driver.start({}, None)
    pending: tuple[str, dict[str, Any]] | None = None
    compared = 0
    for where, kind, data in _messages():
        if kind in ("classify", "beats", "plays", "points", "deck"):
            request = {("op" if k == "cmd" else k): v for k, v in data.items()
                       if k not in ("cmd", "seq")}
            pending = (kind, {"op": kind, **request})
            continue
        cmd = kind.removesuffix("-result").removesuffix("-reply")
        if pending is None or pending[0] != cmd:
            continue
        written = data["result"] if kind.endswith("-reply") else data
        answer = normalize(cmd, driver.run(pending[1]))
        if answer.get("accepted") is False:
            answer = {k: answer[k] for k in ("accepted", "clause")}
            written = {k: written.get(k) for k in ("accepted", "clause")}
        assert normalize(cmd, written) == answer, (where, pending[1])
        pending = None
        compared += 1
    assert compared >= 9


def test_protocol_md_names_the_clauses_the_reference_cites_for_bad_input() -> None:
    """Empty set R03.1 (D35: no combination), a fourth copy or an unknown token R01.1."""
    driver = ReferenceDriver()
    driver.start({}, None)
    cases = {(): "R03.1", ("3H", "3H", "3H", "3H"): "R01.1", ("XX",): "R01.1"}
    for cards, clause in cases.items():
        answer = driver.run({"op": "classify", "cards": list(cards)})
        assert (answer["accepted"], answer["clause"]) == (False, clause), cards
    classify = _sections()["classify"]
    assert re.search(r"no cards at all.*\"R03\.1\"", classify)
    assert re.search(r"more than three copies.*\"R01\.1\"", classify)
    assert "R01.1" not in classify.split("no cards at all")[1].split("\n")[0]
    for bad in (["5H"] * 4, ["XX"]):
        answer = driver.run({"op": "points", "cards": bad})
        assert (answer["accepted"], answer["clause"]) == (False, "R01.1")
    assert driver.run({"op": "points", "cards": []}) == {"points": 0}


def _entry_ok(entry: str) -> bool:
    """protocol.md, plays: reading, ``: ``, the ranks lowest first, single spaces."""
    reading, sep, ranks = entry.partition(": ")
    symbols = ranks.split(" ")
    return (bool(sep) and bool(reading) and all(s in RANKS for s in symbols)
            and symbols == sorted(symbols, key=RANKS.index))


def test_plays_entries_are_as_protocol_md_defines_them() -> None:
    """Random hands under every variant: each entry is a reading, a colon and the ranks
    of every card it uses lowest first; entries are distinct; count is their number;
    the entry pattern of the schema accepts each; and the examples of protocol.md's plays
    section are what the reference lists."""
    from fivetenk.reference import full_deck
    from fivetenk.reference.variants import CHOICES

    rng = random.Random(8)
    deck = [str(c) for c in full_deck()]
    driver = ReferenceDriver()
    total = 0
    for name, values in CHOICES.items():
        for value in values:
            driver.start({name: value}, None)
            for _ in range(60):
                hand = rng.sample(deck, rng.randint(1, 13))
                answer = driver.run({"op": "plays", "hand": hand})
                plays = answer["plays"]
                assert answer["count"] == len(plays) == len(set(plays))
                assert all(_entry_ok(p) for p in plays), plays
                for p in plays:
                    used = sorted(p.partition(": ")[2].split(), key=RANKS.index)
                    held = sorted((c[:-1] if c not in ("SJ", "BJ") else c for c in hand),
                                  key=RANKS.index)
                    assert all(used.count(r) <= held.count(r) for r in used), (p, hand)
                assert result_problems("plays", answer) == []
                total += len(plays)
    assert total > 1000
    driver.start({}, None)
    hand = ["3H", "5S", "5D", "5C", "2S", "SJ", "BJ"]
    listed = driver.run({"op": "plays", "hand": hand})["plays"]
    assert {"triple+single 5: 3 5 5 5", "triple+single 5: 5 5 5 2",
            "triple+single 5: 5 5 5 SJ", "triple+single 5: 5 5 5 BJ",
            "rocket: SJ BJ", "single SJ: SJ"} <= set(listed)
    assert not any(p.startswith("triple+pair") for p in listed)  # never an SJ BJ pair
    airplane = driver.run({"op": "plays", "hand": [f"{r}{s}" for r in "3456" for s in "HSD"]})
    body = "3 3 3 4 4 4 5 5 5 6 6 6"
    assert {f"airplane 3-6: {body}", f"airplane+singles 3-5: {body}",
            f"airplane+singles 4-6: {body}"} <= set(airplane["plays"])
    suited = driver.run({"op": "plays", "hand": ["5H", "10H", "KH", "10S", "KS"]})["plays"]
    assert suited.count("5-10-K mixed: 5 10 K") == 1 and "5-10-K suited H: 5 10 K" in suited
    driver.start({"rocket": "joker_sets"}, None)
    assert "rocket x4: SJ SJ BJ BJ" in driver.run(
        {"op": "plays", "hand": ["SJ", "SJ", "BJ", "BJ"]})["plays"]
    text = _sections()["plays"]
    for example in ("triple+single 5: 5 5 5 SJ", "rocket x4: SJ SJ BJ BJ",
                    "5-10-K suited H: 5 10 K", f"airplane+singles 4-6: {body}"):
        assert example in text


def test_no_shipped_scenario_needs_more_redeals_than_it_lists(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """protocol.md, start: a scenario lists every redeal it reaches. Every scenario that
    starts from a deal is run on the reference engine with its reshuffle replaced by a
    recorder: it is never called. The same check catches a scenario with one redeal
    left out."""
    import dataclasses

    from fivetenk.reference import dealing

    reshuffled: list[str] = []
    real = dealing.shuffled
    current = [""]

    def recorder(cards: Any, rng: Any) -> Any:
        reshuffled.append(current[0])
        return real(cards, rng)

    monkeypatch.setattr(dealing, "shuffled", recorder)
    deals = [s for s in shipped() if s.setup is not None and "deal" in s.setup]
    with_redeals = [s for s in deals if s.setup is not None and s.setup["deal"].get("redeals")]
    assert len(deals) > 50 and with_redeals
    for scenario in deals:
        current[0] = scenario.id
        result = run_scenario(ReferenceDriver(), scenario)
        assert result.status == "passed", (scenario.id, result.message)
    assert reshuffled == []
    # the check can fail: leave out the last redeal of a scenario that reaches it
    scenario = with_redeals[0]
    assert scenario.setup is not None
    deal = scenario.setup["deal"]
    cut = dataclasses.replace(scenario, setup={"deal": {**deal,
                                                        "redeals": deal["redeals"][:-1]}})
    current[0] = cut.id
    run_scenario(ReferenceDriver(), cut)
    assert reshuffled == [cut.id]


# --------------------------------------------------------------------------- rulings of steps

def test_steps_link_the_rulings_an_adapter_author_must_know() -> None:
    spec = load_spec()
    linked: dict[str, list[str]] = {}
    for definition in REGISTRY:
        for ruling in definition.rulings:
            assert ruling in spec.rulings, (definition.example, ruling)
            linked.setdefault(ruling, []).append(definition.example)
    assert {"D30", "D34", "D35"} <= set(linked), linked
    rejection = find_step("then", "the action is rejected citing R13.2")[0]
    bad_input = find_step("then", "the cards are rejected as bad input citing R01.1")[0]
    redeal = find_step("given", 'the 1st redeal deals seat 3 "3H"')[0]
    later = find_step("given", 'this is hand 2, after seat 0 was banker and seats "0 3" won')[0]
    assert "D35" in rejection.rulings and "D35" in bad_input.rulings
    assert "D30" in redeal.rulings and "D34" in later.rulings
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["steps"]) == 0
    lines = out.getvalue().splitlines()
    assert any("the action is rejected citing R13.2" in line and "D35" in line
               for line in lines)
    assert any('redeal deals seat 3 "3H"' in line and "D30" in line for line in lines)


def test_protocol_md_links_the_rulings_where_their_requests_are_described() -> None:
    sections = _sections()
    assert "D30" in sections["start (one per scenario)"]
    assert "D34" in sections["start (one per scenario)"]
    for heading in ("act", "classify", "What is compared"):
        assert "D35" in sections[heading], heading
    # every step phrase protocol.md quotes is a step of the language
    text = PROTOCOL.read_text("utf-8")
    quoted = re.findall(r"`((?:Given|When|Then) [^`]+)`", text)
    assert len(quoted) >= 8
    for phrase in quoted:
        keyword, _, rest = " ".join(phrase.split()).partition(" ")
        find_step(keyword.lower(), rest)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- what is compared

def test_readings_and_plays_in_shipped_expectations_follow_the_notation() -> None:
    """The schema patterns accept every reading and play the shipped scenarios expect
    (the pattern is the notation, not narrower)."""
    count = 0
    for scenario in shipped():
        for step in scenario.steps:
            buckets = [step.get("expect", {}), step.get("contains", {}),
                       step.get("excludes", {})]
            for bucket in buckets:
                for path, value in bucket.items():
                    items = value if isinstance(value, list) else [value]
                    if path == "readings":
                        problems = result_problems("classify", {"legal": True,
                                                                "readings": items})
                    elif path in ("reading",) and value is not None:
                        problems = result_problems("beats", {"beats": True, "reading": value})
                    elif path == "plays":
                        problems = result_problems("plays", {"count": len(items),
                                                             "plays": items})
                    else:
                        continue
                    count += len(items)
                    assert problems == [], (scenario.id, problems)
    assert count > 150


def test_an_expected_object_is_compared_on_the_keys_it_writes() -> None:
    """protocol.md, *What is compared* (D-3): keys the scenario does not write are free,
    at every depth; a written key must be there; lists compare exactly, set-like lists
    sorted."""
    step = {"op": "observe", "expect": {"trick": {"leader": 2, "top": {"seat": 2}}}}
    observed = {"trick": {"leader": 2, "passes": [], "top": {"seat": 2, "combo": "pair 5",
                                                            "cards": ["5H", "5S"]}}}
    assert not check_step(step, observed)
    assert check_step(step, {"trick": {"passes": [], "top": {"seat": 2}}})
    assert check_step(step, {"trick": {"leader": 3, "top": {"seat": 2}}})
    lists = {"op": "observe", "expect": {"out": [1, 5]}}
    assert check_step(lists, {"out": [1, 5, 2]})
    assert check_step(lists, {"out": [5, 1]})
    readings = {"op": "classify", "expect": {"legal": True, "readings": ["pair 3", "bomb 4x3"]}}
    assert not check_step(readings, normalize("classify", {"legal": True,
                                                           "readings": ["pair 3", "bomb 4x3"]}))


# --------------------------------------------------------------------------- the documents agree

HOUSE_RULES = ROOT / "docs" / "house-rules.md"
"""The guide "Checking an engine that plays other house rules" (moved out of the README)."""


def _guide() -> str:
    return HOUSE_RULES.read_text("utf-8")


def test_the_worked_exchange_shows_the_handshake_fivetenk_adapter_sends() -> None:
    from fivetenk import __version__
    from fivetenk.impl.adapter import Adapter

    line = next(line for line in PROTOCOL.read_text("utf-8").splitlines()
                if line.startswith('< {"seq":0,'))
    written = json.loads(line[2:])
    assert written == {"seq": 0, "ok": True, "result": Adapter().hello_result()}
    assert written["result"]["version"] == __version__


@pytest.mark.slow
def test_the_house_rules_guide_is_what_the_small_set_engine_does(tmp_path: Path) -> None:
    """docs/house-rules.md: the handshake shown first is the one small_set.py sends, and the
    expectations file shown makes its undeclared run pass with the counts the guide
    gives."""
    import subprocess

    section = _guide()
    shown = json.loads(re.search(r"```json\n(.*?)```", section, flags=re.S).group(1))  # type: ignore[union-attr]
    hello = subprocess.run(
        [sys.executable, str(MINI / "small_set.py")], check=True, capture_output=True,
        input=b'{"cmd":"hello","seq":0,"protocol":1,"kit":"fivetenk"}\n', timeout=60)
    assert json.loads(hello.stdout) == shown
    yaml_text = re.search(r"```yaml\n(.*?)```", section, flags=re.S).group(1)  # type: ignore[union-attr]
    (tmp_path / "small_set.yaml").write_text(yaml_text, encoding="utf-8")
    code, text, records = check(
        "--impl", shlex.join([sys.executable, str(MINI / "small_set.py"), "--undeclared"]),
        "--expectations", str(tmp_path / "small_set.yaml"), "--jsonl", str(tmp_path / "r.jsonl"))
    assert code == 0, text[-3000:]
    counts = {s: sum(r["status"] == s for r in records) for s in ("passed", "xfailed", "skipped")}
    claimed = re.search(r"(\d+) passed, (\d+) xfailed, (\d+) skipped, exit 0", section)
    assert claimed is not None
    assert (counts["passed"], counts["xfailed"], counts["skipped"]) == tuple(
        int(n) for n in claimed.groups())


def test_a_malformed_reading_in_a_scenario_is_refused_in_the_same_words(
        tmp_path: Path) -> None:
    """The scenario schema holds the same reading pattern as the protocol's replies: a
    case of one's own with a reading outside the notation is bad input (exit 2) naming
    the file, the line and the reading, never a regular expression."""
    feature = tmp_path / "ours.feature"
    feature.write_text('Feature: ours\n\n  @id:club-001 @R05.2\n  Scenario: a typo\n'
                       '    When "3H 3S" is played on "4H 4S" as "pear 3"\n'
                       '    Then it beats the top play\n', encoding="utf-8")
    code, text, _ = check("--only-paths", str(feature))
    assert code == 2
    assert f'{feature}:5' in text and 'not a reading of the notation: "pear 3"' in text
    assert "^((single" not in text
