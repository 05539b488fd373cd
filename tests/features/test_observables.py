"""Every observable field is asserted by the shipped suite (issue 9, "every observable asserted").

The fields are every property of ``schemas/observation.schema.json``, nested ones included
(``trick.plays.*.combo``, ``result.levels``, ``calls.*.played`` …; array indices collapse to
``*``).  A field counts as asserted when some step of the exported suite checks it: an
``observe``/``advance`` expectation at its path (``calls.1.played`` asserts ``calls.*.played``)
or at an ancestor whose expected value spells the field out (``pending: {"seat": 2, …}``
asserts ``pending.seat``; ``trick: null`` asserts only ``trick``).  A field with sub-fields is
asserted when all of its sub-fields are.

The second half shows the scenarios added for the fields named in the issue really pin
them: a reference engine whose ``observe`` drops or alters the field fails them (the optional
``whole_side_check`` and ``result.credited`` included: left out, they fail as "missing").

The last part checks that every field also has a Then phrase of its own (issue 9, "one
phrase per observable field"), not only the generic ``Then the observation at "…" is …``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.model.paths import data_dir
from fivetenk.reference.game import Game
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario

# Fields that truly cannot be asserted by a scenario, each with its reason.  Ideally empty.
ALLOW_UNASSERTED: dict[str, str] = {}

OBSERVING_OPS = ("observe", "advance")


def _schema() -> dict[str, Any]:
    return json.loads((data_dir("schemas") / "observation.schema.json").read_text(encoding="utf-8"))


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target = defs[node["$ref"].rsplit("/", 1)[1]]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _variants(node: dict[str, Any], defs: dict[str, Any]) -> Iterator[dict[str, Any]]:
    node = _resolve(node, defs)
    if "oneOf" in node:
        for sub in node["oneOf"]:
            yield from _variants(sub, defs)
    else:
        yield node


def schema_fields() -> dict[str, set[str]]:
    """Every field path of the observation -> the paths of its direct sub-fields."""
    schema = _schema()
    defs = schema["$defs"]
    fields: dict[str, set[str]] = {}

    def walk(node: dict[str, Any], path: str) -> None:
        """Register the sub-fields of ``node`` (at ``path``) and walk into them."""
        children = fields.setdefault(path, set()) if path else set()
        for variant in _variants(node, defs):
            props: dict[str, Any] = dict(variant.get("properties", {}))
            prefix = f"{path}." if path else ""
            if variant.get("type") == "array" and "items" in variant:
                for item in _variants(variant["items"], defs):
                    props.update(item.get("properties", {}))
                prefix = f"{path}.*."
            for name, sub in props.items():
                child = prefix + name
                children.add(child)
                walk(sub, child)

    walk(schema, "")
    return fields


def _collapse(path: str) -> str:
    return ".".join("*" if part.isdigit() else part for part in path.split("."))


def _value_paths(path: str, value: Any) -> Iterator[str]:
    yield path
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _value_paths(f"{path}.{key}", sub)
    elif isinstance(value, list):
        for sub in value:
            if isinstance(sub, (dict, list)):
                yield from _value_paths(f"{path}.*", sub)


def asserted_paths(scenarios: list[dict[str, Any]]) -> set[str]:
    found: set[str] = set()
    for scenario in scenarios:
        for step in scenario["steps"]:
            if step["op"] not in OBSERVING_OPS:
                continue
            for key in ("expect", "contains", "excludes"):
                block = step.get(key)
                if isinstance(block, dict):
                    for path, value in block.items():
                        found.update(_value_paths(_collapse(path), value))
    return found


def _shipped() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for file in sorted((data_dir("features") / "scenarios").glob("*.json")):
        out.extend(json.loads(file.read_text(encoding="utf-8")))
    return out


def unasserted(fields: dict[str, set[str]], asserted: set[str]) -> list[str]:
    def covered(path: str) -> bool:
        if path in asserted:
            return True
        kids = fields.get(path)
        return bool(kids) and all(covered(kid) for kid in kids)

    return sorted(p for p in fields if p not in ALLOW_UNASSERTED and not covered(p))


def test_schema_walk_sees_nested_fields() -> None:
    fields = schema_fields()
    for path in ("trick.plays.*.combo", "trick.plays.*.pass", "result.levels",
                 "calls.*.played", "result.kitty_to", "reveal.draw", "pending.decision"):
        assert path in fields, path


def test_the_counter_is_not_vacuous() -> None:
    fields = schema_fields()
    assert unasserted(fields, set()) == sorted(p for p in fields if p not in ALLOW_UNASSERTED)
    assert "calls.*.played" in asserted_paths(
        [{"steps": [{"op": "observe", "expect": {"calls.1.played": 2}}]}])
    assert "pending.seat" in asserted_paths(
        [{"steps": [{"op": "observe", "expect": {"pending": {"seat": 2, "decision": "play"}}}]}])
    assert "trick.leader" not in asserted_paths(
        [{"steps": [{"op": "observe", "expect": {"trick": None}}]}])
    assert "trick.plays.*.combo" in asserted_paths([{"steps": [{"op": "observe", "expect": {
        "trick.plays": [{"seat": 1, "cards": ["7H"], "combo": "single 7"}]}}]}])


def test_every_observation_field_is_asserted_by_the_suite() -> None:
    missing = unasserted(schema_fields(), asserted_paths(_shipped()))
    assert not missing, "observation fields no scenario asserts: " + ", ".join(missing)


def test_allow_list_holds_only_real_fields() -> None:
    fields = schema_fields()
    assert set(ALLOW_UNASSERTED) <= set(fields)


# ---------------------------------------------------------------------------------------------
# The added scenarios pin their fields: broken engines whose observe drops or alters one
# ---------------------------------------------------------------------------------------------


def _broken_observe(mp: pytest.MonkeyPatch, alter: Any) -> None:
    original = Game.observe

    def observe(self: Game) -> dict[str, Any]:
        obs = original(self)
        alter(obs)
        return obs

    mp.setattr(Game, "observe", observe)


def _drop_passes(obs: dict[str, Any]) -> None:
    if obs["trick"]:
        obs["trick"]["plays"] = [p for p in obs["trick"]["plays"] if "pass" not in p]


def _misread_plays(obs: dict[str, Any]) -> None:
    if obs["trick"]:
        for p in obs["trick"]["plays"]:
            if "combo" in p:
                p["combo"] = "single " + p["cards"][-1][:-1]


def _top_reading_everywhere(obs: dict[str, Any]) -> None:
    if obs["trick"]:
        for p in obs["trick"]["plays"]:
            if "combo" in p:
                p["combo"] = obs["trick"]["top"]["combo"]


def _drop_plays(obs: dict[str, Any]) -> None:
    if obs["trick"]:
        obs["trick"]["plays"] = obs["trick"]["plays"][-1:]


def _result_levels_short_of_a(obs: dict[str, Any]) -> None:
    if obs["result"]:
        levels = obs["result"]["levels"]
        obs["result"]["levels"] = [level if level != "A" else "K" for level in levels]


def _result_levels_dropped(obs: dict[str, Any]) -> None:
    if obs["result"]:
        del obs["result"]["levels"]


def _second_call_counts_one(obs: dict[str, Any]) -> None:
    for call in obs["calls"][1:]:
        call["played"] = min(call["played"], 1)


def _played_dropped(obs: dict[str, Any]) -> None:
    for call in obs["calls"]:
        del call["played"]


def _whole_side_check_dropped(obs: dict[str, Any]) -> None:
    obs.pop("whole_side_check", None)


def _whole_side_check_always(obs: dict[str, Any]) -> None:
    obs["whole_side_check"] = True


def _credited_dropped(obs: dict[str, Any]) -> None:
    if obs["result"]:
        obs["result"].pop("credited", None)


def _side_remnant_credited_to_a_seat(obs: dict[str, Any]) -> None:
    result = obs["result"]
    if result and isinstance(result["remnant_to"], str):
        side = result["banker_side" if result["remnant_to"] == "bankers" else "defenders"]
        result["credited"][side[-1]] += result["remnant_points"]


BROKEN = {
    "trick.plays without passes": (_drop_passes, ["R13-025"]),
    "trick.plays reading every play as a single": (_misread_plays, ["R11-031"]),
    "trick.plays reading every play as the top": (_top_reading_everywhere, ["R13-025"]),
    "trick.plays with the last entry only": (_drop_plays, ["R13-025"]),
    "result.levels altered": (_result_levels_short_of_a, ["R22-013"]),
    "result.levels missing": (_result_levels_dropped, ["R22-013"]),
    "calls.*.played counted once per play": (_second_call_counts_one, ["R11-031"]),
    "calls.*.played missing": (_played_dropped, ["R11-031"]),
    "whole_side_check missing": (_whole_side_check_dropped, ["R17-019"]),
    "whole_side_check true with a call open": (_whole_side_check_always, ["R17-019"]),
    "result.credited missing": (_credited_dropped, ["R20-014", "R20-015"]),
    "result.credited giving a side's remnant to a seat": (
        _side_remnant_credited_to_a_seat, ["R20-015"]),
}


def _status(scenario_id: str) -> str:
    scenario = next(s for s in catalog.shipped() if s.id == scenario_id)
    try:
        return run_scenario(ReferenceDriver(), scenario).status
    except Exception as err:  # a broken engine may crash; that is a catch as well
        return f"crashed: {type(err).__name__}"


def test_the_added_scenarios_pass_on_the_reference() -> None:
    ids = sorted({i for _, pinned in BROKEN.values() for i in pinned})
    assert {i: _status(i) for i in ids} == {i: "passed" for i in ids}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_observable_fails_the_added_scenarios(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    alter, ids = BROKEN[name]
    _broken_observe(monkeypatch, alter)
    verdicts = {i: _status(i) for i in ids}
    assert all(v != "passed" for v in verdicts.values()), verdicts


# ---------------------------------------------------------------------------------------------
# The dedicated phrases for trick.plays and result.levels
# ---------------------------------------------------------------------------------------------

_POSITION = '''Feature: f

  @id:x-001 @R13.2
  Scenario: s
    Given a hand in play with seat 0 as banker
    And seat 0 holds "8D 3C"
    And seat 1 holds "JS 4C"
    And seat 1 led "7S"
    When seat 2 passes
    Then {then}
'''


def _compiled_expect(then: str) -> dict[str, Any]:
    from fivetenk.language.compiler import compile_text

    (scenario,) = compile_text(_POSITION.format(then=then), "x.feature")
    expect: dict[str, Any] = scenario.steps[-1]["expect"]
    return expect


def test_the_trick_plays_phrase_writes_entries_in_canonical_order() -> None:
    assert _compiled_expect('the trick\'s plays are "1: 7H 7S = pair 7; 2: pass"') == {
        "trick.plays": [{"seat": 1, "cards": ["7H", "7S"], "combo": "pair 7"},
                        {"seat": 2, "pass": True}]}
    assert _compiled_expect('the trick\'s plays are "1: 7S 7H = pair 7"')["trick.plays"][0][
        "cards"] == ["7H", "7S"]


def test_the_settled_levels_phrase() -> None:
    assert _compiled_expect('the settled levels are "9 5 K 6 A 8"') == {
        "result.levels": ["9", "5", "K", "6", "A", "8"]}


@pytest.mark.parametrize("then", [
    'the trick\'s plays are "1 7S = single 7"',
    'the trick\'s plays are "1: 7X = single 7"',
    'the trick\'s plays are "6: 7S = single 7"',
    'the settled levels are "3 3 3"',
    'the settled levels are "3 3 3 3 3 2"',
])
def test_malformed_phrases_are_refused(then: str) -> None:
    from fivetenk.model.scenario import ScenarioError

    with pytest.raises(ScenarioError):
        _compiled_expect(then)


# ---------------------------------------------------------------------------------------------
# One phrase per observable field (issue 9): every field has a Then phrase of its own
# ---------------------------------------------------------------------------------------------

GENERIC_PHRASES = ('the observation at "result.kitty_points" is 20',)
"""The examples of the phrases that check any field (they name the path): not a field's own."""

OTHER_BRANCHES = (
    "the table points (20) go to seat 3",
    'the settled defenders are "1 2 4 5"',
    "the remnant points (15) go to seat 2",
    "the whole-side check is not active",
    "seat 2 holds no cards",
)
"""Texts for the branches of phrases whose example shows another branch (``kitty|table``
…): each must match exactly one phrase, which then counts for the fields it sets."""


def phrase_paths() -> dict[str, set[str]]:
    """Each Then phrase's example -> the observation field paths it sets an expectation
    at (collapsed and spelled out as :func:`asserted_paths` does). A phrase is compiled
    alone, after a position's action, as a feature would; phrases that need something else
    before them (``the action is rejected`` …) check no observation and are left out."""
    from fivetenk.language import REGISTRY, Builder, find_step
    from fivetenk.model.scenario import ScenarioError

    texts = [d.example for d in REGISTRY if d.kind == "then"] + list(OTHER_BRANCHES)
    out: dict[str, set[str]] = {}
    for text in texts:
        if text in GENERIC_PHRASES:
            continue
        d, args = find_step("then", text)
        b = Builder("x-001", "x")
        b.steps.append({"op": "act", "action": {"type": "pass", "seat": 1}})
        try:
            d.func(b, **args)
        except ScenarioError:
            continue
        paths = asserted_paths([{"steps": b.steps}])
        if paths:
            out[text] = paths
    return out


def fields_without_a_phrase(fields: dict[str, set[str]],
                            phrases: dict[str, set[str]]) -> list[str]:
    covered = set().union(*phrases.values()) if phrases else set()
    return unasserted(fields, covered)


def test_every_observation_field_has_a_phrase_of_its_own() -> None:
    missing = fields_without_a_phrase(schema_fields(), phrase_paths())
    assert not missing, ("observation fields only the generic 'Then the observation at' "
                         "can check: " + ", ".join(missing))


def test_the_phrase_counter_is_not_vacuous() -> None:
    phrases = phrase_paths()
    fields = schema_fields()
    assert phrases['the credited points are "0 25 0 0 0 275"'] == {"result.credited"}
    assert phrases["the whole-side check is active"] == {"whole_side_check"}
    assert phrases['seat 2 holds "5H 5S 9D"'] == {"held"}
    assert phrases["the remnant points (35) go to the bankers"] == {
        "result.remnant_points", "result.remnant_to"}
    assert not any(example.startswith("the observation at") for example in phrases)
    without = {k: v for k, v in phrases.items()
               if not k.startswith(("seat 3 is credited", "the credited points"))}
    assert fields_without_a_phrase(fields, without) == ["result.credited"]
    without = {k: v for k, v in phrases.items() if "calls are the" not in k}
    assert fields_without_a_phrase(fields, without) == ["calls.*.face", "calls.*.ordinal"]


def test_the_remnant_has_one_phrase() -> None:
    """The remnant pair had two phrases (``the last hand's points``); one is left, taking a
    side or a seat (R17.2, R17.3, R18.2)."""
    from fivetenk.language import find_step
    from fivetenk.model.scenario import ScenarioError

    with pytest.raises(ScenarioError):
        find_step("then", "the last hand's points (15) go to seat 4")
    phrases = phrase_paths()
    assert {find_step("then", k)[0].pattern.pattern
            for k, v in phrases.items() if "result.remnant_to" in v} == {
        find_step("then", "the remnant points (35) go to the bankers")[0].pattern.pattern}
    assert _compiled_expect("the remnant points (15) go to seat 4") == {
        "result.remnant_points": 15, "result.remnant_to": 4}
    assert _compiled_expect("the remnant points (0) go to the defenders") == {
        "result.remnant_points": 0, "result.remnant_to": "defenders"}
