"""The exported JSON copy of the features: in sync, schema-valid, and round-trips through
render."""

from __future__ import annotations

import copy

import pytest
from helpers import ROOT

from fivetenk.commands.export import export_groups
from fivetenk.commands.render import render_feature
from fivetenk.language.compiler import compile_text
from fivetenk.model.scenario import Scenario, dumps
from fivetenk.suite import catalog


def test_shipped_json_matches_the_features() -> None:
    """`fivetenk export --out features/scenarios` regenerates these files."""
    groups = export_groups([])
    folder = ROOT / "features" / "scenarios"
    expected = {f"{stem}.json": dumps([s.to_json() for s in group])
                for stem, group in groups.items()}
    actual = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.json")}
    hint = "run: fivetenk export --out features/scenarios"
    assert sorted(actual) == sorted(expected), hint
    for name, text in expected.items():
        assert actual[name] == text, f"{name} drifted; {hint}"


@pytest.mark.slow
def test_shipped_json_is_schema_valid() -> None:
    for path in sorted((ROOT / "features" / "scenarios").glob("*.json")):
        for s in catalog.load_path(path):
            assert s.clauses


def _without_source(s: Scenario) -> dict[str, object]:
    data = copy.deepcopy(s.to_json())  # to_json shares its steps: the cached suite's own
    data.pop("source", None)
    # copies: to_json() shares the scenario's step dicts, and a popped line would be gone
    # from the cached shipped suite for every later test of this process (test_evidence)
    data["steps"] = [{k: v for k, v in step.items() if k != "line"} for step in data["steps"]]
    return data


def test_export_render_export_round_trips() -> None:
    scenarios = list(catalog.shipped())
    text = render_feature(scenarios, "round trip")
    again = compile_text(text, "rendered.feature")
    assert [_without_source(s) for s in again] == [_without_source(s) for s in scenarios]


def test_a_description_of_several_lines_round_trips() -> None:
    """A description is prose: its lines are read without their indentation in the file,
    so that a rendered feature compiles to the same scenario (Gherkin keeps it)."""
    text = ("Feature: x\n\n  @id:R03-990 @R03.4 @D9\n  Scenario: two lines\n"
            "    The first line,\n      indented further,\n    and the last.\n"
            '    When the legal leads from "3H 4D" are listed\n    Then there are 2 legal plays\n')
    first = compile_text(text, "a.feature")
    assert first[0].description == "The first line,\nindented further,\nand the last."
    again = compile_text(render_feature(first, "x"), "b.feature")
    assert [_without_source(s) for s in again] == [_without_source(s) for s in first]
