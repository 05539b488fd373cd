"""Every ruling a scenario depends on is on its tags: checked, not remembered.

The reference engine records which rulings decided something (:mod:`fivetenk.reference.
provenance`: a reveal at the last draw applies D29, a redeal D30, a rejection D35, …; its
docstring gives the criterion ruling by ruling). This test runs every shipped scenario in
process against the reference engine while recording, step by step, adds the rulings of the
step definitions each scenario uses (``@step(..., rulings=...)``: what an implementation
must know to answer the step's requests), and fails listing every scenario whose ruling
tags miss one of them, with the ruling and the step that applied it.

**Over-tagging is allowed**: a scenario may carry a ruling tag although no branch of that
ruling was taken while it ran. A writer may tag the scenario that documents a ruling (a
setup chosen to show where the ruling does *not* change anything, or a ruling whose
decision point is not traced, see the provenance docstring). Only missing tags fail.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from gherkin.pickles.compiler import Compiler

from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.language import REGISTRY, find_step
from fivetenk.language.compiler import parse_document
from fivetenk.model.position_builder import build_position
from fivetenk.model.scenario import Scenario
from fivetenk.model.spec_data import load_spec
from fivetenk.reference import provenance
from fivetenk.reference.errors import IllegalAction
from fivetenk.reference.game import Game
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario

_KINDS: dict[str, Any] = {"Context": "given", "Action": "when", "Outcome": "then"}


def _unrecorded(method: Callable[..., Any]) -> Callable[..., Any]:
    def probe(*args: Any, **kwargs: Any) -> Any:
        with provenance.paused():
            return method(*args, **kwargs)
    return probe


class RecordingDriver(ReferenceDriver):
    """The reference driver, recording the rulings each step applies (``-1``: the setup).

    The driver's own probes of the engine (``is_legal``, ``legal_actions``: asking what
    would be legal, to check that the engine agrees with itself) decide nothing in the
    scenario and are not recorded."""

    def __init__(self) -> None:
        super().__init__()
        self.applied: dict[int, set[str]] = {}
        self.index = -1

    def step_started(self, index: int) -> None:  # called by the runner before each step
        self.index = index

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        with provenance.recording() as got:
            answer = super().start(variants, setup)
        self.applied.setdefault(self.index, set()).update(got)
        if self.game is not None:
            self.game.is_legal = _unrecorded(self.game.is_legal)
            self.game.legal_actions = _unrecorded(self.game.legal_actions)
        return answer

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        with provenance.recording() as got:
            answer = super().run(step)
        self.applied.setdefault(self.index, set()).update(got)
        return answer


@dataclass
class Trace:
    """What one scenario depends on: ruling -> where it was applied (first place)."""

    scenario: Scenario
    status: str
    message: str = ""
    depends: dict[str, str] = field(default_factory=dict)

    def add(self, ruling: str, where: str) -> None:
        self.depends.setdefault(ruling, where)


def _step_place(scenario: Scenario, index: int) -> str:
    if index < 0:
        return "the setup (Given steps)"
    step = scenario.steps[index]
    return f"step {index + 1} ({step['op']}, line {step.get('line', '?')})"


@cache
def step_rulings() -> dict[tuple[str, int], list[tuple[str, str, int]]]:
    """(feature file name, scenario line) -> [(ruling, step text, step line)] for every
    shipped scenario (outline rows keyed by their row line, as the compiler does)."""
    out: dict[tuple[str, int], list[tuple[str, str, int]]] = {}
    for path in catalog.shipped_files():
        doc = parse_document(path.read_text(encoding="utf-8"), path.name)
        step_lines = _step_lines(doc)
        for pickle in Compiler().compile(doc):  # type: ignore[arg-type]
            found: list[tuple[str, str, int]] = []
            kind = "given"
            for st in pickle["steps"]:
                kind = _KINDS.get(st["type"], kind)
                definition, _ = find_step(kind, st["text"])
                line = step_lines.get(st["astNodeIds"][0], 0)
                found.extend((r, f"{kind.capitalize()} {st['text']}", line)
                             for r in definition.rulings)
            out[path.name, pickle["location"]["line"]] = found
    return out


def _step_lines(doc: dict[str, Any]) -> dict[str, int]:
    lines: dict[str, int] = {}

    def walk(children: list[dict[str, Any]]) -> None:
        for child in children:
            for key in ("background", "scenario"):
                node = child.get(key)
                if node:
                    for st in node.get("steps", []):
                        lines[st["id"]] = st["location"]["line"]
            if child.get("rule"):
                walk(child["rule"]["children"])

    walk(doc["feature"]["children"])
    return lines


def trace(scenario: Scenario) -> Trace:
    """Run ``scenario`` against the reference engine while recording."""
    driver = RecordingDriver()
    result = run_scenario(driver, scenario)
    out = Trace(scenario, result.status, result.message)
    for index in sorted(driver.applied):
        for ruling in sorted(driver.applied[index], key=_ruling_number):
            out.add(ruling, "the engine at " + _step_place(scenario, index))
    source = scenario.source
    key = (Path(str(source.get("file", ""))).name, int(source.get("line", 0)))
    for ruling, text, line in step_rulings().get(key, []):
        out.add(ruling, f"the step {text!r} (line {line})")
    return out


def _ruling_number(ruling: str) -> int:
    return int(ruling[1:])


@cache
def traces() -> tuple[Trace, ...]:
    return tuple(trace(s) for s in catalog.shipped())


def missing_tags(traced: Trace) -> Iterator[tuple[str, str]]:
    tagged = set(traced.scenario.rulings)
    for ruling in sorted(traced.depends, key=_ruling_number):
        if ruling not in tagged:
            yield ruling, traced.depends[ruling]


def test_every_scenario_passes_while_recording() -> None:
    """Recording changes nothing: the whole suite still passes against the reference."""
    bad = [f"{t.scenario.id}: {t.status} {t.message}" for t in traces() if t.status != "passed"]
    assert not bad, "\n".join(bad)


def test_every_ruling_a_scenario_depends_on_is_tagged() -> None:
    """Each scenario's ``@Dnn`` tags hold every ruling applied while it ran (by the engine
    or by a step's definition); over-tagging is allowed (module docstring)."""
    problems = [
        f"{t.scenario.id} ({t.scenario.source.get('file')}:{t.scenario.source.get('line')}): "
        f"depends on {ruling}, applied by {where}, but is not tagged @{ruling}"
        for t in traces() for ruling, where in missing_tags(t)
    ]
    assert not problems, (f"{len(problems)} missing ruling tags (add each to the scenario's "
                          "tag line; the criterion per ruling is in the docstring of "
                          "reference/provenance.py):\n" + "\n".join(problems))


def test_every_traced_ruling_is_a_known_ruling() -> None:
    spec = load_spec()
    unknown = {r for t in traces() for r in t.depends} - set(spec.rulings)
    assert not unknown


def _by_id(ident: str) -> Scenario:
    found = [s for s in catalog.shipped() if s.id == ident]
    assert found, f"scenario {ident} is gone: choose another one for this check"
    return found[0]


@pytest.mark.parametrize(("ident", "ruling", "step_op"), [
    ("R08-015", "D29", "advance"),  # a 3 revealed at the last draw
    ("R08-013", "D30", "act"),      # the last prompt skipped: the hand is redealt
    ("R13-017", "D35", "act"),      # a rejected action
    ("R10-007", "D4", "act"),       # the revealed card buried
    ("R11-017", "D4", "act"),       # the revealed face called, then the revealed card played
    ("R19-008", "D22", "act"),      # a rich kitty counted at face value
])
def test_the_recorder_records(ident: str, ruling: str, step_op: str) -> None:
    """The mechanism cannot silently go dead: chosen scenarios apply their ruling in the
    engine itself (not through a step definition), at a step of the expected kind."""
    scenario = _by_id(ident)
    driver = RecordingDriver()
    assert run_scenario(driver, scenario).status == "passed"
    at = [i for i, got in driver.applied.items() if ruling in got]
    assert at, f"{ident} should apply {ruling} in the engine"
    assert any(i >= 0 and scenario.steps[i]["op"] == step_op for i in at)


def test_declared_rulings_are_carried_by_every_scenario_of_their_clauses() -> None:
    """A ruling with no decision point (:data:`provenance.DECLARED`) is carried by every
    shipped scenario exercising a clause the declaration names."""
    missing = [f"{s.id} ({s.source.get('file')}:{s.source.get('line')}): exercises "
               f"{', '.join(sorted(set(s.clauses) & set(clauses)))} but is not tagged @{ruling}"
               for ruling, clauses in provenance.DECLARED.items()
               for s in catalog.shipped()
               if set(s.clauses) & set(clauses) and ruling not in s.rulings]
    assert not missing, "\n".join(missing)


def _applied_in_the_engine() -> set[str]:
    """Every ruling id the engine's code passes to ``provenance.applies``."""
    found: set[str] = set()
    for path in sorted((Path(provenance.__file__).parent).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "applies"):
                found.update(a.value for a in node.args
                             if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return found


def test_every_ruling_can_be_checked() -> None:
    """No ruling tag is beyond every test: each ruling is applied by the engine somewhere,
    named by a variant or by a step definition, or declared with the clauses whose
    scenarios must carry it (issue 17: D1, D4, D22 and D28 were none of these)."""
    by_variant = {r for values in provenance.VARIANT_RULINGS.values()
                  for rulings in values.values() for r in rulings}
    by_step = {r for definition in REGISTRY for r in definition.rulings}
    checkable = _applied_in_the_engine() | by_variant | by_step | set(provenance.DECLARED)
    unchecked = sorted(set(load_spec().rulings) - checkable, key=_ruling_number)
    assert not unchecked, f"rulings no test can check on a scenario's tags: {unchecked}"
    assert set(provenance.DECLARED) <= set(load_spec().rulings)
    clauses = set(load_spec().clauses)
    assert all(set(c) <= clauses for c in provenance.DECLARED.values())


def test_the_engine_records_directly() -> None:
    """Engine-level checks independent of the suite: an illegal action applies D35, a
    legal one does not."""
    game = Game.from_position(_playing_position())
    with provenance.recording() as applied, pytest.raises(IllegalAction):
        game.apply({"type": "pass", "seat": 0})  # the leader must play
    assert {"D18", "D35"} <= applied
    with provenance.recording() as legal:
        game.apply({"type": "play", "seat": 0, "cards": ["3H"]})
    assert "D35" not in legal


def _playing_position() -> dict[str, Any]:
    return build_position(hands={0: ["3H", "4H"], 1: ["5S", "6S"]}, banker=0)


def test_unrecorded_runs_record_nothing() -> None:
    """Outside a recording nothing is collected and nothing leaks into the next one."""
    assert provenance.current is None
    assert run_scenario(ReferenceDriver(), _by_id("R13-017")).status == "passed"
    assert run_scenario(ReferenceDriver(), _by_id("R08-015")).status == "passed"
    assert provenance.current is None
    with provenance.recording() as applied:
        pass
    assert applied == set()
    provenance.applies("D35")  # a no-op: nothing records
    assert provenance.current is None


def test_nested_recordings_add_to_the_outer_one() -> None:
    with provenance.recording() as outer:
        provenance.applies("D1")
        with provenance.recording() as inner:
            provenance.applies("D2")
        with provenance.paused():
            provenance.applies("D3")
    assert inner == {"D2"}
    assert outer == {"D1", "D2"}
    assert provenance.current is None
