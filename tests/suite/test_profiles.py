"""Profiles (issue 8): an implementation says what game it plays, and the kit skips what
lies outside it, with the reason, instead of failing.

- per-command capabilities (D-1): ``classify``, ``beats``, ``plays``, ``points``, ``deck``
  each on its own, ``queries`` the shorthand for all five; a skip names the missing command;
  a scenario whose ``classify`` / ``beats`` steps cannot be asked is asked through play;
- ``shapes`` (D-2): every scenario is tagged with the shapes its plays use, computed by the
  kit (:mod:`fivetenk.suite.shapes`); one using an undeclared shape is skipped; ``--shapes``
  selects by shape;
- variants: unknown names or values are warnings (console and JSON-lines run record), a
  list leaving out the default skips the scenarios that depend on the default;
- a rule where nothing ran shows ``skipped``, never ``ok``.

The proof runs the miniatures ``small_set.py`` (no straights, no kickers),
``one_deck.py`` (no ``points``, ``deck``, ``deal``, ``position``) and ``later_kit.py``
(words of a later kit) over the suite: declared, they pass with skips and no
expectations file; undeclared, they fail, and only where their declaration said.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from helpers import TESTS

from fivetenk import cli
from fivetenk.impl.drivers import CAPABILITIES, DriverError, ReferenceDriver, expand_capabilities
from fivetenk.impl.hello import parse_hello
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.impl.protocol import hello_problems
from fivetenk.impl.words import SHAPES
from fivetenk.model.scenario import Scenario
from fivetenk.model.spec_data import load_spec
from fivetenk.reference.variants import CHOICES
from fivetenk.results import report
from fivetenk.suite import catalog, profile
from fivetenk.suite.runner import Result, run_scenario
from fivetenk.suite.shapes import describe_uses, scenario_shapes, shape_of

MINI = TESTS / "miniatures"
LEFT_OUT = {"straight", "triple+single", "triple+pair", "airplane+singles", "airplane+pairs"}
"""The shapes small_set.py does not have."""


def impl(name: str, *args: str) -> str:
    return " ".join([sys.executable, str(MINI / name), *args])


def check(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> tuple[
        int, str, dict[str, Any], dict[str, dict[str, Any]]]:
    """``fivetenk check ARGS --jsonl`` in process: exit code, console, run record and the
    scenario records by id."""
    jsonl = tmp_path / "r.jsonl"
    code = cli.main(["check", "--no-progress", "--no-vectors", "--jsonl", str(jsonl), *args])
    out = capsys.readouterr().out
    lines = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert lines[0]["record"] == "run"
    return code, out, lines[0], {r["id"]: r for r in lines[1:]}


def hello(**changes: Any) -> dict[str, Any]:
    result: dict[str, Any] = {"name": "x", "version": "1", "protocol": 1,
                              "capabilities": ["queries", "deal", "position"]}
    result.update(changes)
    return result


def scenario(*steps: dict[str, Any], setup: dict[str, Any] | None = None,
             variants: dict[str, str] | None = None) -> Scenario:
    return Scenario(id="p-1", name="p", clauses=["R03.1"], steps=list(steps), setup=setup,
                    variants=variants or {})


class Profiled(ReferenceDriver):
    """The reference engine declaring a profile of the test's choosing."""

    def __init__(self, capabilities: frozenset[str] = frozenset(CAPABILITIES),
                 shapes: frozenset[str] | None = None,
                 unsupported: dict[str, tuple[str, ...]] | None = None,
                 plays: dict[str, str] | None = None) -> None:
        super().__init__()
        self.capabilities = capabilities
        self.shapes = shapes
        self.unsupported_defaults = unsupported or {}
        self.plays = plays or {}
        """Variant values it plays when a scenario names none (its own defaults)."""

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        return super().start({**self.plays, **variants}, setup)

    def supports_variants(self, variants: dict[str, str]) -> bool:
        return all(v in self.unsupported_defaults.get(k, CHOICES[k])
                   for k, v in variants.items())


# --------------------------------------------------------------------------- the handshake


def test_capabilities_are_per_command_and_queries_is_the_shorthand() -> None:
    assert expand_capabilities(["queries"]) == {"classify", "beats", "plays", "points", "deck"}
    assert expand_capabilities(["plays", "deal"]) == {"plays", "deal"}
    assert expand_capabilities(["teleport", 7, None]) == frozenset()
    assert expand_capabilities("queries") == frozenset()  # a string is not a list of words
    parsed = parse_hello(hello(capabilities=["classify", "beats", "teleport"]), "kit")
    assert parsed.capabilities == {"classify", "beats"}
    assert parsed.warnings == ('the implementation declares capability "teleport", which this '
                               "kit does not know (ignored)",)
    assert hello_problems(hello(capabilities=["classify", "teleport"])) == []
    assert hello_problems(hello(capabilities=["classify", 7]))


def test_shapes_default_to_all_and_unknown_words_are_warnings() -> None:
    assert parse_hello(hello(), "kit").shapes == set(SHAPES)
    parsed = parse_hello(hello(shapes=["single", "pair", "bomb", "flush"]), "kit")
    assert parsed.shapes == {"single", "pair", "bomb"}
    assert len(parsed.warnings) == 1 and 'shape "flush"' in parsed.warnings[0]
    assert parse_hello(hello(shapes=[]), "kit").shapes == frozenset()  # plays no shape
    assert hello_problems(hello(shapes=["single", "flush"])) == []
    assert hello_problems(hello(shapes="single")), "not a list: a malformed handshake"
    assert hello_problems(hello(shapes=["single", 3]))


def test_variant_lists_unknown_names_values_and_a_missing_default() -> None:
    parsed = parse_hello(hello(variants={"rocket": ["six_jokers", "wild"], "trumps": ["on"]}),
                         "kit")
    assert parsed.variants == {"rocket": ("six_jokers",)}
    assert parsed.warnings == (
        'the implementation offers rocket="wild", which this kit does not know (ignored; '
        "rocket is one of " + ", ".join(CHOICES["rocket"]) + ")",
        'the implementation offers variant "trumps", which this kit does not know (ignored)')
    # a list without the default: the default is not supported (it was, before issue 8)
    assert not parsed.supports({"rocket": "pair"})
    assert parsed.supports({"rocket": "six_jokers"}) and parsed.supports({})
    assert parsed.unsupported_defaults == {"rocket": ("six_jokers",)}
    # a variant not listed offers its default only; a listed default is played
    assert parsed.supports({"pass": "turn"}) and not parsed.supports({"pass": "trick"})
    both = parse_hello(hello(variants={"rocket": ["joker_sets", "pair"]}), "kit")
    assert both.unsupported_defaults == {} and both.variants == {"rocket": ("pair",
                                                                            "joker_sets")}
    # only unknown values: nothing this kit knows is played
    assert parse_hello(hello(variants={"rocket": ["wild"]}), "kit").unsupported_defaults == {
        "rocket": ()}


def test_handshake_warnings_are_bounded() -> None:
    parsed = parse_hello(hello(capabilities=[f"c{i}" for i in range(5000)],
                               shapes=["x" * 100_000]), "kit")
    assert len(parsed.warnings) == 11
    assert parsed.warnings[-1] == "… and 4991 more warnings about the handshake"
    assert max(len(w) for w in parsed.warnings) < 300


def test_the_hello_schema_lists_the_kits_words() -> None:
    """The handshake schema enumerates exactly the capability words, shapes and variant
    values the kit knows (words it does not know are filtered out, with a warning,
    before the schema is applied: :func:`fivetenk.impl.protocol.hello_problems`)."""
    from fivetenk.impl.drivers import CAPABILITY_WORDS
    from fivetenk.model.paths import data_dir

    schema = json.loads((data_dir("schemas") / "protocol-hello-reply.schema.json").read_text())
    result = schema["properties"]["result"]["properties"]
    assert set(result["capabilities"]["items"]["enum"]) == set(CAPABILITY_WORDS)
    assert result["shapes"]["items"]["enum"] == list(SHAPES)
    assert {name: sub["items"]["enum"] for name, sub in
            result["variants"]["properties"].items()} == {k: list(v) for k, v in
                                                          CHOICES.items()}


def test_the_reference_adapter_declares_everything() -> None:
    from fivetenk.impl.adapter import Adapter

    result = Adapter().hello_result()
    assert hello_problems(result) == []
    parsed = parse_hello(result, "kit")
    assert expand_capabilities(parsed.capabilities) == set(CAPABILITIES)
    assert parsed.shapes == set(SHAPES) and parsed.warnings == ()
    assert parsed.unsupported_defaults == {}


# --------------------------------------------------------------------------- shapes


def test_shape_words_are_those_of_the_reading_notation() -> None:
    assert shape_of("straight 3-7") == "straight"
    assert shape_of("5-10-K suited H") == shape_of("5-10-K mixed") == "5-10-K"
    assert shape_of("rocket") == shape_of("rocket x6") == "rocket"
    assert shape_of("bomb 12x7") == "bomb"
    assert shape_of("airplane+singles") == "airplane+singles"  # a declared bare shape
    for bad in ("pear 3", "straight 3-6", "", "flush"):
        with pytest.raises(ValueError):
            shape_of(bad)


def test_query_steps_are_tagged_from_cards_and_readings() -> None:
    straight = scenario({"op": "classify", "cards": ["3H", "4H", "5S", "6D", "7C"],
                         "expect": {"legal": True}})
    assert scenario_shapes(straight) == ("straight",)
    illegal = scenario({"op": "classify", "cards": ["3H", "4H"], "expect": {"legal": False}})
    assert scenario_shapes(illegal) == ()
    # several readings (D10): all of them, in SHAPES order
    wings = scenario({"op": "classify", "cards": [f"{r}{s}" for r in "3456" for s in "HSD"]})
    assert scenario_shapes(wings) == ("airplane", "airplane+singles")
    # beats: the top play counts; a reply that beats counts with the reading it takes ...
    bomb = scenario({"op": "beats", "top": ["7H", "7S"], "reply": ["3H", "3S", "3D", "3C"],
                     "expect": {"beats": True}})
    assert scenario_shapes(bomb) == ("pair", "bomb")
    taken = scenario({"op": "beats", "top": ["3H", "3S", "3D", "4H", "4S", "4D", "5C", "6C"],
                      "reply": [f"{r}{s}" for r in ("4", "5", "6") for s in "HSD"] + ["9C"] * 3})
    assert scenario_shapes(taken) == ("airplane+singles",)
    # ... one that does not beat, with every reading it has (a refusal may cite any)
    refused = scenario({"op": "beats", "top": ["AH", "AS", "AD", "AC"],
                        "reply": [f"{r}{s}" for r in "3456" for s in "HSD"]})
    assert scenario_shapes(refused) == ("airplane", "airplane+singles", "bomb")
    # an expected reading counts even where the reference reads otherwise; an excluded not
    expected = scenario({"op": "classify", "cards": ["3H"], "expect": {"readings": [
        "pair 3"]}, "excludes": {"readings": ["straight 3-7"]}})
    assert scenario_shapes(expected) == ("single", "pair")


def test_a_plays_step_uses_every_shape_its_reference_answer_lists() -> None:
    hand = ["3H", "3S", "3D", "4H", "5S", "6D", "7C"]
    plays = scenario({"op": "plays", "hand": hand, "expect": {"count": 0}})
    assert scenario_shapes(plays) == ("single", "pair", "triple", "triple+single",
                                      "straight")
    against = scenario({"op": "plays", "hand": hand, "top": ["2H", "2S"]})
    assert scenario_shapes(against) == ("pair",)  # the top; nothing in the hand beats it


def test_game_steps_use_the_reading_each_play_takes() -> None:
    """A play action counts with the reading the reference gives it against the top of
    the trick at that moment (found by replaying the scenario); a position's trick counts
    too (the engine must read it to load the position)."""
    from fivetenk.model.position_builder import build_position

    cards = ["4C"] * 3 + ["5C"] * 3 + [f"{r}{s}" for r in ("6", "7") for s in "HSD"]
    top = "3H 3S 3D 4H 4S 4D 5H 5S 5D 8C 9C 10C"  # airplane+singles 3-5
    position = build_position({0: ["JC"], 1: [*cards, "JC"]}, banker=0, trick=[(0, top)])
    steps = [{"op": "act", "action": {"type": "play", "seat": 1, "cards": cards},
              "expect": {"accepted": True}}]
    played = scenario(*steps, setup={"position": position})
    assert scenario_shapes(played) == ("airplane+singles",)  # 5-7 with wings 4 4 4 (D10)
    # the same cards as a lead take their strongest reading (D10): a pure airplane
    lead = build_position({0: [*cards, "JC"], 1: ["JC"]}, banker=0)
    steps[0]["action"]["seat"] = 0
    assert scenario_shapes(scenario(*steps, setup={"position": lead})) == ("airplane",)


def test_every_shipped_scenario_is_tagged_deterministically() -> None:
    scenarios = catalog.shipped()
    tags = [scenario_shapes(s) for s in scenarios]
    order = {shape: i for i, shape in enumerate(SHAPES)}
    for s, found in zip(scenarios, tags, strict=True):
        assert list(found) == sorted(set(found), key=order.__getitem__), s.id
        copy = dataclasses.replace(s, steps=[dict(step) for step in s.steps])
        assert scenario_shapes(copy) == found  # by content, not by object
    used = Counter(shape for found in tags for shape in found)
    assert set(used) == set(SHAPES), "every shape is used by some shipped scenario"
    # a combination query uses no shape only when its cards have no reading at all
    for s, found in zip(scenarios, tags, strict=True):
        for step in s.steps if not found else []:
            if step["op"] in ("classify", "beats", "plays"):
                expect = step.get("expect", {})
                assert step["op"] == "classify", s.id
                assert expect.get("legal") is False or expect.get("accepted") is False, s.id


def test_selection_by_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wanted = catalog.Selection(rules=("R03",), shapes=("straight", "pairs"))
    chosen = [s for s in catalog.shipped() if wanted(s)]
    assert chosen and all({"straight", "pairs"} & set(scenario_shapes(s)) for s in chosen)
    others = [s for s in catalog.shipped() if s.rule == "R03" and s not in chosen]
    assert others and not any({"straight", "pairs"} & set(scenario_shapes(s)) for s in others)
    code, _, _, records = check(capsys, tmp_path, "--rule", "R03", "--shapes", "straight",
                                  "--shapes", "pairs")
    assert code == 0 and set(records) == {s.id for s in chosen}
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["check", "--shapes", "straight,flush"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "'flush': not a shape" in err and "airplane+singles" in err


# --------------------------------------------------------------------------- skipping


def test_a_skip_names_the_missing_command() -> None:
    without_plays = Profiled(frozenset({"classify", "beats", "points", "deck", "deal",
                                        "position"}))
    plays = [s for s in catalog.shipped() if s.needs == {"plays"}][:3]
    assert plays
    for s in plays:
        result = run_scenario(without_plays, s)
        assert (result.status, result.reason) == ("skipped", "implementation lacks capability "
                                                             "plays")
    points = next(s for s in catalog.shipped() if s.needs == {"points"})
    assert run_scenario(without_plays, points).status == "passed"
    game = next(s for s in catalog.shipped() if s.needs == {"position", "deal"})
    only_deal = Profiled(frozenset({"deal"}))
    assert run_scenario(only_deal, game).reason == "implementation lacks capability position"


def test_classify_and_beats_steps_go_through_play_when_only_they_are_missing() -> None:
    """Without ``classify`` (but with ``position``), a scenario whose classify steps ask
    only legality goes through play, and its other steps are asked as they are; a
    classify step asking for readings cannot be: the scenario is skipped, saying why."""
    no_classify = Profiled(frozenset(CAPABILITIES) - {"classify"})
    mixed = scenario({"op": "classify", "cards": ["5H", "5S"], "expect": {"legal": True}},
                     {"op": "plays", "hand": ["5H", "5S"], "expect": {"count": 2}},
                     {"op": "classify", "cards": ["5H", "6S"], "expect": {"legal": False}})
    assert run_scenario(no_classify, mixed).status == "passed"
    wrong = scenario({"op": "classify", "cards": ["5H", "6S"], "expect": {"legal": True}})
    result = run_scenario(no_classify, wrong)
    assert result.status == "failed" and "through play" in result.message
    readings = scenario({"op": "classify", "cards": ["5H", "5S"],
                         "expect": {"readings": ["pair 5"]}})
    assert run_scenario(no_classify, readings).reason == "implementation lacks capability " \
                                                         "classify"
    no_game = Profiled(frozenset(CAPABILITIES) - {"classify", "position"})
    assert run_scenario(no_game, mixed).reason == "implementation lacks capability classify"


def test_an_undeclared_shape_skips_the_scenario_saying_which() -> None:
    driver = Profiled(shapes=frozenset(SHAPES) - {"straight", "triple+single"})
    results = {s.id: run_scenario(driver, s) for s in catalog.shipped() if s.rule == "R03"}
    for sid, result in results.items():
        used = set(scenario_shapes(result.scenario)) & {"straight", "triple+single"}
        if not used:
            assert result.status == "passed", (sid, result.reason)
            continue
        assert result.status == "skipped"
        assert re.fullmatch(r"uses (straight|triple\+single|straight and triple\+single), "
                            r"which the implementation does not declare", result.reason)
    assert "uses straight, which the implementation does not declare" in {
        r.reason for r in results.values()}


def test_an_unsupported_default_skips_only_the_scenarios_that_depend_on_it() -> None:
    """An engine playing ``rocket: six_jokers`` whenever a scenario names no rocket, and
    declaring it (a list without the default): every scenario it would fail is skipped,
    naming the value tried, and every other scenario still runs and passes. Undeclared,
    the same engine fails the scenarios the declaration skipped."""
    suite = [s for s in catalog.shipped() if s.rule in ("R02", "R03", "R04", "R05", "R13")]
    declared = Profiled(unsupported={"rocket": ("six_jokers",)},
                        plays={"rocket": "six_jokers"})
    undeclared = Profiled(plays={"rocket": "six_jokers"})
    results = [run_scenario(declared, s) for s in suite]
    statuses = Counter(r.status for r in results)
    assert statuses["failed"] == statuses["errored"] == 0
    reason = ("depends on rocket=pair (the default), which the implementation does not play: "
              "the reference engine judges it otherwise under rocket=six_jokers")
    skipped = {r.scenario.id for r in results if r.reason == reason}
    named = {r.scenario.id for r in results
             if r.reason.startswith("implementation lacks variant rocket=")}
    assert skipped and named and statuses["passed"] > 10 * len(skipped)
    failing = {s.id for s in suite if run_scenario(undeclared, s).status != "passed"}
    assert failing and failing <= skipped | named
    assert all("rocket" not in s.variants for s in suite if s.id in skipped)
    # a case that is wrong under the default too does not depend on it: it runs and fails
    wrong = scenario({"op": "classify", "cards": ["SJ", "BJ", "3H"], "expect": {"legal": True}})
    assert run_scenario(declared, wrong).status == "failed"


def test_a_rule_where_nothing_ran_shows_skipped_never_ok() -> None:
    spec = load_spec()
    by_rule = {rule: [s for s in catalog.shipped() if s.rule == rule][:2]
               for rule in ("R01", "R02", "R03", "R04")}
    results = [Result(by_rule["R01"][0], "skipped", reason="x"),
               Result(by_rule["R01"][1], "skipped", reason="x"),
               Result(by_rule["R02"][0], "skipped", reason="x"),
               Result(by_rule["R02"][1], "passed"),
               Result(by_rule["R03"][0], "skipped", reason="x"),
               Result(by_rule["R03"][1], "failed"),
               Result(by_rule["R04"][0], "xfailed", reason="x")]
    rows = {line.split()[0]: line.split()[-1] for line in report.summary(results, spec, [])
            if line[:3] in ("R01", "R02", "R03", "R04")}
    assert rows == {"R01": "skipped", "R02": "ok", "R03": "FAIL", "R04": "ok"}


# --------------------------------------------------------------------------- the miniatures


def test_small_set_declared_passes_with_skips_and_no_expectations(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """No straights, no kickers, declared: exit 0, nothing failed or errored, and exactly
    the scenarios using a left-out shape skipped, each saying which shapes."""
    code, out, run, records = check(capsys, tmp_path, "--impl", impl("small_set.py"))
    assert code == 0, out[-3000:]
    assert run["shapes"] == [s for s in SHAPES if s not in LEFT_OUT]
    assert run["capabilities"] == list(CAPABILITIES) and run["warnings"] == []
    statuses = Counter(r["status"] for r in records.values())
    assert statuses["failed"] == statuses["errored"] == 0
    expected = {s.id for s in catalog.shipped() if LEFT_OUT & set(scenario_shapes(s))}
    skipped = {i for i, r in records.items() if r["status"] == "skipped"}
    assert skipped == expected and len(skipped) > 50
    by_id = {s.id: s for s in catalog.shipped()}
    for i in skipped:
        used = [s for s in scenario_shapes(by_id[i]) if s in LEFT_OUT]
        assert records[i]["reason"] == (f"uses {describe_uses(used)}, which the "
                                        "implementation does not declare")
    assert ("note: the implementation does not declare the shapes triple+single, "
            "triple+pair, straight, airplane+singles, airplane+pairs") in out
    assert "SKIPPED uses straight, which the implementation does not declare: " in out


def test_small_set_undeclared_fails_where_the_declaration_would_skip(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The same engine claiming every shape: it fails, only in scenarios that use a shape
    it lacks (the tags explain every failure), and the report groups them by shape."""
    rules = ("R02", "R03", "R04", "R05", "R13")
    code, out, run, records = check(capsys, tmp_path, "--impl",
                                    impl("small_set.py", "--undeclared"),
                                    *(f"--rule={r}" for r in rules))
    assert code == 1 and run["shapes"] == list(SHAPES)
    bad = {i for i, r in records.items() if r["status"] in ("failed", "errored")}
    assert len(bad) > 40
    by_id = {s.id: s for s in catalog.shipped()}
    assert all(LEFT_OUT & set(scenario_shapes(by_id[i])) for i in bad)
    grouped = [line for line in out.splitlines() if "failures use" in line]
    assert any(shape in line for line in grouped for shape in LEFT_OUT), out[-3000:]


def test_six_jokers_rocket_declared_end_to_end(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    """small_set.py --rocket six_jokers plays its own rocket and lists only that value:
    the scenarios depending on the default rocket are skipped, the rest pass."""
    code, out, run, records = check(capsys, tmp_path, "--impl",
                                    impl("small_set.py", "--rocket", "six_jokers"),
                                    "--rule", "R03", "--rule", "R05")
    assert code == 0, out[-3000:]
    assert run["variants"]["rocket"] == ["six_jokers"]
    assert "note: the implementation does not play rocket=pair (the default; it offers " \
           "rocket=six_jokers)" in out
    reasons = Counter(r.get("reason", "") for r in records.values())
    assert reasons["depends on rocket=pair (the default), which the implementation does "
                   "not play: the reference engine judges it otherwise under "
                   "rocket=six_jokers"] >= 5


def test_one_deck_judge_skips_what_it_lacks_and_errors_when_it_claims_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, run, records = check(capsys, tmp_path, "--impl", impl("one_deck.py"))
    assert code == 0, out[-3000:]
    assert run["capabilities"] == ["classify", "beats", "plays"]
    statuses = Counter(r["status"] for r in records.values())
    assert statuses["failed"] == statuses["errored"] == 0 and statuses["passed"] > 300
    by_id = {s.id: s for s in catalog.shipped()}
    for i, r in records.items():
        needs = by_id[i].needs
        if needs <= {"classify", "beats", "plays"}:
            assert r["status"] == "passed", (i, r)
        else:
            lacking = [c for c in CAPABILITIES if c in needs - {"classify", "beats", "plays"}]
            assert r["reason"] == "implementation lacks capability " + ", ".join(lacking)
    assert "implementation lacks capability points" in out
    lines = report.summary([Result(by_id[i], r["status"]) for i, r in records.items()],
                           load_spec(), [])
    assert any(line.startswith("R13") and line.endswith("skipped") for line in lines)
    assert any(line.startswith("R13") and line.endswith("skipped") for line in out.splitlines())

    code, out, run, records = check(capsys, tmp_path, "--impl",
                                    impl("one_deck.py", "--undeclared"),
                                    "--rule", "R01", "--rule", "R06")
    assert code == 1
    for i, r in records.items():
        if "points" in by_id[i].needs:
            assert r["status"] == "errored" and "no scoring cards" in r["message"]
        if "deck" in by_id[i].needs:
            assert r["status"] == "failed"


def test_words_of_a_later_kit_are_warnings_not_errors(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    code, out, run, records = check(capsys, tmp_path, "--impl", impl("later_kit.py"),
                                    "--rule", "R05", "-q")
    assert code == 0, out[-3000:]
    assert all(r["status"] == "passed" for r in records.values())
    warnings = [line for line in out.splitlines() if line.startswith("warning: ")]
    assert warnings == [f"warning: {w}" for w in run["warnings"]]
    assert len(warnings) == 4 and out.startswith("warning: ")  # once, at the top
    assert 'the implementation offers variant "trumps", which this kit does not know ' \
           "(ignored)" in out
    assert 'capability "teleport"' in out and 'rocket="wild"' in out
    assert "\x1b" not in out and 'shape "flush\\u001b[2J"' in out
    assert run["variants"]["rocket"] == list(CHOICES["rocket"])
    assert run["capabilities"] == list(CAPABILITIES)


def test_the_profile_of_a_driver_never_starts_it() -> None:
    """The run record is read once the run has closed the driver: a driver whose
    handshake never succeeded is described as what the kit went by (everything), and it
    is not started again to be described (restarts left or not)."""
    driver = ProcessDriver([sys.executable, "-c", "pass"], restarts=5)  # dies at once
    with pytest.raises(DriverError, match="before replying to hello"):
        driver.start({}, None)
    driver.close()
    described = profile.describe(driver)
    assert driver.launches == 1
    assert described["capabilities"] == list(CAPABILITIES)
    assert described["variants"] == {k: list(v) for k, v in CHOICES.items()}


# -- a run in which nothing ran (issue 18, item 10) -------------------------------------------


def declaring(tmp_path: Path, **changes: Any) -> str:
    """An implementation (the reference adapter, a real process) whose handshake is the
    reference's with ``changes``: ``reply.py hello=FILE``."""
    from fivetenk.impl.adapter import Adapter

    result = {**Adapter().hello_result(), **changes}
    line = json.dumps({"seq": 0, "ok": True, "result": result}).replace('"seq": 0',
                                                                         '"seq": {seq}')
    hello_file = tmp_path / "hello.json"
    hello_file.write_text(line, encoding="utf-8")
    return impl("reply.py", f"hello={hello_file}")


@pytest.mark.parametrize(("changes", "args", "says"), [
    ({"capabilities": []}, (), "all {n} were skipped (the implementation declares no "
     "capabilities)"),
    ({"capabilities": []}, ("--id", "R05-001"), "the one selected was skipped (the "
     "implementation declares no capabilities)"),
    ({"shapes": []}, ("--shapes", "straight"), "all {n} were skipped (the implementation "
     "declares no shapes)"),
    ({"capabilities": ["deal"]}, ("--rule", "R05"), "all {n} were skipped (for "),
])
def test_a_run_in_which_nothing_ran_fails_saying_why(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, changes: dict[str, Any],
        args: tuple[str, ...], says: str) -> None:
    """Every selected scenario skipped is no green run: exit 1, and a line saying that no
    scenario ran and why, even with --quiet."""
    junit = tmp_path / "run.xml"
    code, out, _, records = check(capsys, tmp_path, "--quiet", *args, "--junit", str(junit),
                                  "--impl", declaring(tmp_path, **changes))
    assert records and {r["status"] for r in records.values()} == {"skipped"}
    assert code == 1
    assert f"no scenario ran: {says.format(n=len(records))}" in out, out[-500:]
    assert "nothing was checked, so the run fails" in out
    # a CI reading only the JUnit report fails too: one failing testcase says why
    [suite] = [s for s in ElementTree.parse(junit).getroot() if s.get("name") == "run"]
    assert suite.get("failures") == "1"
    failure = suite.find("testcase/failure")
    assert failure is not None and "no scenario ran" in (failure.get("message") or "")


def test_expectations_that_skip_every_selected_scenario_fail_the_run(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    expectations = tmp_path / "skip.yaml"
    expectations.write_text('skip:\n  R05: "not yet"\n', encoding="utf-8")
    code, out, _, records = check(capsys, tmp_path, "--rule", "R05", "--expectations",
                                  str(expectations))
    assert code == 1
    assert f"no scenario ran: all {len(records)} were skipped (not yet (R05))" in out
    # one scenario that runs is enough: the others' skips are the run's business
    code, out, _, _ = check(capsys, tmp_path, "--rule", "R05", "--rule", "R06",
                            "--expectations", str(expectations))
    assert code == 0 and "no scenario ran" not in out
    # a selection of nothing is still bad input, not a run
    assert cli.main(["check", "--no-progress", "--id", "nothing-here"]) == 2
    assert "no scenario matches the selection" in capsys.readouterr().err
