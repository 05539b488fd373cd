"""Tests of the rules as data: spec/*.yaml, their schemas, the loader and `fivetenk rules`."""

from __future__ import annotations

import argparse
import copy
import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import ROOT
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from fivetenk.commands import rules as rules_cmd
from fivetenk.model.spec_data import (
    RULE_FILES,
    Problem,
    SpecError,
    iter_problems,
    load_spec,
    read_documents,
)

REPO = ROOT
SPEC_DIR = REPO / "spec"
SCHEMA_DIR = REPO / "schemas"
SHARED_RULINGS = Path("/work/shared/RULINGS.md")

CLAUSE_COUNTS = {
    "R01": 5, "R02": 2, "R03": 5, "R04": 3, "R05": 3, "R06": 2, "R07": 2, "R08": 5,
    "R09": 5, "R10": 2, "R11": 6, "R12": 4, "R13": 3, "R14": 1, "R15": 1, "R16": 1,
    "R17": 4, "R18": 2, "R19": 4, "R20": 2, "R21": 8, "R22": 3, "R23": 2, "R24": 1,
}  # fmt: skip
"""The fixed clause ids: R01.1–R01.5, R02.1–R02.2, …"""

VARIANTS = {
    "wing_ranks": ("D9", "shared", ("shared", "distinct")),
    "rocket": ("D9", "pair", ("pair", "joker_sets", "six_jokers")),
    "call_ordinal": ("D14", "bounded", ("bounded", "any")),
    "pass": ("D18", "turn", ("turn", "trick")),
    "twelve_bomb": ("D37", "below_rocket", ("below_rocket", "beats_rocket")),
}


def fold(text: str) -> str:
    """White space folded to single spaces."""
    return " ".join(text.split())


def broken(documents: dict[str, Any]) -> list[Problem]:
    """The problems the loader finds in changed copies of the real documents."""
    return list(iter_problems(documents=documents))


@pytest.fixture
def docs() -> dict[str, Any]:
    """A fresh, changeable copy of the parsed spec documents."""
    return copy.deepcopy(read_documents())


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    """A copy of the spec directory that a test may break."""
    target = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def rules_output(*argv: str, index: dict[str, list[str]] | None = None) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="fivetenk rules")
    rules_cmd.add_arguments(parser)
    out, err = io.StringIO(), io.StringIO()
    status = rules_cmd.run(parser.parse_args(list(argv)), out, index, err=err)
    return status, out.getvalue(), err.getvalue()


# --------------------------------------------------------------------------- the real data


def test_real_spec_has_no_problems() -> None:
    assert [str(p) for p in iter_problems()] == []


def test_load_spec_is_cached() -> None:
    assert load_spec() is load_spec()


def test_every_file_validates_against_its_schema() -> None:
    schemas = {p.name: json.loads(p.read_text("utf-8")) for p in SCHEMA_DIR.glob("*.json")}
    mine = ("spec.schema.json", "rulings.schema.json", "preamble.schema.json")
    for name in mine:
        Draft202012Validator.check_schema(schemas[name])
        assert schemas[name]["$id"].startswith("https://fivetenk.dev/schemas/")
    registry: Registry[Any] = Registry().with_resources(
        (schemas[n]["$id"], Resource.from_contents(schemas[n], DRAFT202012)) for n in mine
    )
    targets = {name: "spec.schema.json" for name in RULE_FILES}
    targets |= {"rulings.yaml": "rulings.schema.json", "preamble.yaml": "preamble.schema.json"}
    for name, schema in targets.items():
        document = yaml.safe_load((SPEC_DIR / name).read_text("utf-8"))
        validator = Draft202012Validator(schemas[schema], registry=registry)
        assert [e.message for e in validator.iter_errors(document)] == [], name


def test_all_rules_with_exactly_the_fixed_clause_ids() -> None:
    spec = load_spec()
    assert list(spec.rules) == [f"R{n:02d}" for n in range(1, 25)]
    for rule_id, count in CLAUSE_COUNTS.items():
        rule = spec.rules[rule_id]
        assert rule.number == int(rule_id[1:])
        assert [c.id for c in rule.clauses] == [f"{rule_id}.{k}" for k in range(1, count + 1)]
        assert all(c.rule == rule_id for c in rule.clauses)
    assert len(spec.clauses) == sum(CLAUSE_COUNTS.values())


def test_every_quote_is_verbatim_in_its_language() -> None:
    spec = load_spec()
    en = (SPEC_DIR / "rules.en.txt").read_text("utf-8")
    es = (SPEC_DIR / "rules.es.txt").read_text("utf-8")
    assert spec.rule_text("en") == en
    assert spec.rule_text("es") == es
    for clause in spec.clauses.values():
        assert clause.en in en, clause.id
        assert clause.es in es, clause.id
    for rule in spec.rules.values():
        assert f"\n{rule.number}. {rule.title_en}\n" in en
        assert f"\n{rule.number}. {rule.title_es}\n" in es
        body = en.split(f"\n{rule.number}. {rule.title_en}\n", 1)[1].split("\n", 1)[0]
        assert " ".join(c.en for c in rule.clauses) == body, rule.id


def test_sample_clauses() -> None:
    clauses = load_spec().clauses
    assert clauses["R03.4"].en == (
        "Straights need at least five cards, pair runs at least two pairs, airplanes at least "
        "two consecutive triples; no 2 or jokers in these runs."
    )
    assert clauses["R11.5"].en == "A self-call adds no partner."
    assert clauses["R11.5"].es == "Llamarse a sí mismo no añade compañero"
    assert clauses["R11.6"].es == "dos llamadas en la misma persona solo añaden uno."
    assert clauses["R21.1"].en == "Defenders 0: bankers win and each +3;"
    assert clauses["R21.7"].en == "300: each +3."
    assert clauses["R21.8"].en == "Racing out first does not override these score thresholds."


def test_recorded_differences() -> None:
    clauses = load_spec().clauses
    settled = {(cid, d.between, d.ruling) for cid, c in clauses.items() for d in c.differences}
    assert ("R11.4", "text/ruling", "D15") in settled
    assert ("R21.2", "text/ruling", "D23") in settled
    assert ("R17.2", "en/es", "D20") in settled
    assert ("R17.3", "en/es", "D20") in settled
    assert ("R08.4", "en/es", "D3") in settled
    assert ("R09.2", "en/es", "D3") in settled
    for clause in clauses.values():
        for difference in clause.differences:
            assert difference.ruling in clause.rulings


@pytest.mark.skipif(not SHARED_RULINGS.is_file(), reason=f"{SHARED_RULINGS} is not available")
def test_rulings_quote_the_shared_rulings() -> None:
    shared: dict[str, tuple[str, str]] = {}
    current: str | None = None
    for line in SHARED_RULINGS.read_text("utf-8").splitlines():
        if match := re.match(r"- \*\*(D\d+) (.+?)\*\*\s*(.*)$", line):
            current = match.group(1)
            shared[current] = (match.group(2).rstrip("."), match.group(3))
        elif current is not None and line.startswith("  ") and line.strip():
            title, text = shared[current]
            shared[current] = (title, f"{text} {line.strip()}")
        else:
            current = None
    assert list(shared) == [f"D{n}" for n in range(1, 26)]
    rulings = load_spec().rulings
    for ruling_id, (title, text) in shared.items():
        assert rulings[ruling_id].origin == "shared"
        assert rulings[ruling_id].title == title
        assert rulings[ruling_id].text == fold(text), ruling_id


def test_rulings_origin_and_kit_rulings() -> None:
    rulings = load_spec().rulings
    ids = list(rulings)
    assert ids == [f"D{n}" for n in range(1, len(ids) + 1)]
    for ruling in rulings.values():
        shared = int(ruling.id[1:]) <= 25
        assert ruling.origin == ("shared" if shared else "kit")
        assert (ruling.grounds is None) == shared


def test_cross_references_are_consistent() -> None:
    spec = load_spec()
    for ruling in spec.rulings.values():
        assert ruling.clauses, ruling.id
        for clause_id in ruling.clauses:
            assert ruling.id in spec.clauses[clause_id].rulings, (ruling.id, clause_id)
    for clause in spec.clauses.values():
        if clause.rule != "R24":
            assert clause.rulings, clause.id
        for ruling_id in clause.rulings:
            assert clause.id in spec.rulings[ruling_id].clauses, (clause.id, ruling_id)


def test_variants() -> None:
    spec = load_spec()
    assert set(spec.variants) == set(VARIANTS)
    for name, (ruling_id, default, values) in VARIANTS.items():
        variant = spec.variants[name]
        assert (variant.ruling, variant.default, tuple(variant.values)) == (
            ruling_id,
            default,
            values,
        )
        assert all(variant.values.values())
        assert variant in spec.rulings[ruling_id].variants


def test_preamble_is_recorded() -> None:
    preamble = load_spec().preamble
    assert preamble.title["en"] == "6-player 3-deck 5,10,K · Rules"
    assert preamble.notice_heading == {"en": "Variant notice", "es": "Variante"}
    assert preamble.notice["en"][-1] == "Selected rule references; regional variants may differ."


def test_rule_text_rejects_unknown_language() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        load_spec().rule_text("fr")


# --------------------------------------------------------------------------- broken copies


def test_altered_spanish_quote_names_clause_and_language(docs: dict[str, Any]) -> None:
    docs["R17.yaml"]["clauses"][1]["es"] = "Si acaba toda la banca, recibe todos los puntos"
    problems = broken(docs)
    assert len(problems) == 1
    problem = problems[0]
    assert (problem.file, problem.path) == ("R17.yaml", "$.clauses[1].es")
    assert "clause R17.2 (es)" in problem.message
    assert "not found verbatim in rule 17 of rules.es.txt" in problem.message


def test_altered_english_quote_names_clause_and_language(docs: dict[str, Any]) -> None:
    docs["R11.yaml"]["clauses"][4]["en"] = "A self call adds no partner."
    problems = broken(docs)
    assert [(p.file, p.path) for p in problems] == [("R11.yaml", "$.clauses[4].en")]
    assert "clause R11.5 (en)" in problems[0].message
    assert "rules.en.txt" in problems[0].message


def test_quote_from_another_rule_is_rejected(docs: dict[str, Any]) -> None:
    docs["R17.yaml"]["clauses"][3]["es"] = "Sin final anticipado de bando, termina cuando solo uno"
    [problem] = broken(docs)
    assert problem.path == "$.clauses[3].es"
    assert "occurs elsewhere in the file, not in this rule" in problem.message


def test_clauses_must_cover_the_english_rule(docs: dict[str, Any]) -> None:
    docs["R17.yaml"]["clauses"][3]["en"] = "Other cards score zero;"
    [problem] = broken(docs)
    assert (problem.file, problem.path) == ("R17.yaml", "$.clauses")
    assert "must give back rule 17" in problem.message


def test_unknown_references_both_ways(docs: dict[str, Any]) -> None:
    rulings = docs["rulings.yaml"]["rulings"]
    d20 = next(i for i, r in enumerate(rulings) if r["id"] == "D20")
    rulings[d20]["clauses"].append("R17.9")
    r05_1 = docs["R05.yaml"]["clauses"][0]["rulings"]
    r05_1.append("D99")
    messages = {(p.file, p.path): p.message for p in broken(docs)}
    assert messages == {
        (
            "rulings.yaml",
            f"$.rulings[{d20}].clauses[{len(rulings[d20]['clauses']) - 1}]",
        ): "ruling D20 cites unknown clause 'R17.9'",
        ("R05.yaml", f"$.clauses[0].rulings[{len(r05_1) - 1}]"):
            "clause R05.1 cites unknown ruling 'D99'",
    }


def test_one_sided_links_are_reported(docs: dict[str, Any]) -> None:
    docs["R13.yaml"]["clauses"][2]["rulings"].remove("D18")
    docs["R01.yaml"]["clauses"][0]["rulings"].append("D3")
    problems = broken(docs)
    assert len(problems) == 2
    text = "\n".join(map(str, problems))
    assert "ruling D18 lists clause R13.3, but R13.yaml does not list D18" in text
    last = len(docs["R01.yaml"]["clauses"][0]["rulings"]) - 1
    assert f"R01.yaml: $.clauses[0].rulings[{last}]: clause R01.1 lists ruling D3" in text


def test_clause_without_ruling_is_reported(docs: dict[str, Any]) -> None:
    docs["R15.yaml"]["clauses"][0]["rulings"] = []
    for ruling in docs["rulings.yaml"]["rulings"]:
        if "R15.1" in ruling["clauses"]:
            ruling["clauses"].remove("R15.1")
    [problem] = broken(docs)
    assert (problem.file, problem.path) == ("R15.yaml", "$.clauses[0].rulings")
    assert "interpreted by no ruling" in problem.message


def test_duplicate_ids_are_reported(docs: dict[str, Any]) -> None:
    rulings = docs["rulings.yaml"]["rulings"]
    rulings.append(copy.deepcopy(rulings[0]))
    docs["R16.yaml"]["clauses"].append(copy.deepcopy(docs["R15.yaml"]["clauses"][0]))
    text = "\n".join(map(str, broken(docs)))
    assert f"rulings.yaml: $.rulings[{len(rulings) - 1}].id: duplicate ruling id 'D1'" in text
    assert "R16.yaml: $.clauses[1].id: duplicate clause id 'R15.1'" in text


def test_difference_must_be_settled_by_a_ruling_of_the_clause(docs: dict[str, Any]) -> None:
    docs["R11.yaml"]["clauses"][3]["differences"][0]["ruling"] = "D20"
    [problem] = broken(docs)
    assert problem.path == "$.clauses[3].differences[0].ruling"
    assert "must be one of the clause's rulings" in problem.message


def test_variant_default_must_be_a_value(docs: dict[str, Any]) -> None:
    rulings = docs["rulings.yaml"]["rulings"]
    d18 = next(i for i, r in enumerate(rulings) if r["id"] == "D18")
    rulings[d18]["variants"][0]["default"] = "hand"
    [problem] = broken(docs)
    assert (problem.file, problem.path) == ("rulings.yaml", f"$.rulings[{d18}].variants[0].default")
    assert "'hand' is not one of the values: turn, trick" in problem.message


def test_variant_spanish_texts_cover_every_value(docs: dict[str, Any]) -> None:
    """Issue 33: a variant's values_es gives each value's meaning in Spanish, all of them."""
    rulings = docs["rulings.yaml"]["rulings"]
    d18 = next(i for i, r in enumerate(rulings) if r["id"] == "D18")
    del rulings[d18]["variants"][0]["values_es"]["trick"]
    [problem] = broken(docs)
    assert (problem.file, problem.path) == ("rulings.yaml",
                                            f"$.rulings[{d18}].variants[0].values_es")
    assert "a Spanish text for each value (turn, trick), found turn" in problem.message


def test_schema_violation_names_file_and_json_path(docs: dict[str, Any]) -> None:
    docs["R17.yaml"]["clauses"][1]["id"] = "R17.x"
    docs["R17.yaml"]["colour"] = "red"
    del docs["rulings.yaml"]["rulings"][3]["title"]
    problems = broken(docs)
    found = {(p.file, p.path): p.message for p in problems}
    assert "does not match" in found[("R17.yaml", "$.clauses[1].id")]
    assert "^R(0[1-9]|1[0-9]|2[0-4])" in found[("R17.yaml", "$.clauses[1].id")]
    assert "'colour' was unexpected" in found[("R17.yaml", "$")]
    assert "'title' is a required property" in found[("rulings.yaml", "$.rulings[3]")]
    # A file that breaks its schema is not cross-checked, so no knock-on problems.
    assert len(problems) == 3


def test_load_spec_raises_on_broken_copy(spec_copy: Path) -> None:
    path = spec_copy / "R17.yaml"
    path.write_text(path.read_text("utf-8").replace("id: R17.2", "id: R17.x"), "utf-8")
    with pytest.raises(SpecError) as caught:
        load_spec(spec_copy)
    assert issubclass(SpecError, ValueError)
    [problem] = caught.value.problems
    assert (problem.file, problem.path) == ("R17.yaml", "$.clauses[1].id")
    assert "R17.yaml: $.clauses[1].id: 'R17.x' does not match" in str(caught.value)


def test_iter_problems_collects_all_in_a_broken_copy(spec_copy: Path) -> None:
    (spec_copy / "R24.yaml").unlink()
    (spec_copy / "preamble.yaml").write_text("title: [unclosed\n", "utf-8")
    r03 = spec_copy / "R03.yaml"
    r03.write_text(r03.read_text("utf-8").replace("No suit-following.", "No suit following."))
    r09 = spec_copy / "R09.yaml"
    r09.write_text(r09.read_text("utf-8").replace("y únicamente", "y solamente"), "utf-8")
    problems = list(iter_problems(spec_copy))
    where = [(p.file, p.path) for p in problems]
    assert ("preamble.yaml", "$") in where
    assert ("R24.yaml", "$") in where
    assert ("R03.yaml", "$.clauses[1].en") in where
    assert ("R09.yaml", "$.clauses[1].es") in where
    assert any("not valid YAML" in p.message for p in problems)
    # R24.1 is missing, so D28's link to it is not reported as a second problem.
    assert not any("R24.1" in p.message for p in problems)


def test_changed_rule_text_is_detected(spec_copy: Path) -> None:
    text = spec_copy / "rules.es.txt"
    text.write_text(text.read_text("utf-8").replace("17. Todo un bando", "17. Un bando"), "utf-8")
    problems = list(iter_problems(spec_copy))
    assert [(p.file, p.path) for p in problems] == [("R17.yaml", "$.title.es")]


# --------------------------------------------------------------------------- fivetenk rules


def test_rules_command_rule_in_english() -> None:
    status, out, err = rules_output("R17", index={"R17.2": ["R17-bankers-out", "R17-early"]})
    assert (status, err) == (0, "")
    spec = load_spec()
    assert out.startswith("R17  Rule 17: Immediate whole-side finish\nsummary: ")
    for clause in spec.rules["R17"].clauses:
        assert f"{clause.id}  {clause.en}\n" in out
    assert "D20 Whole-side ending" in out
    assert "D21 One player left" in out
    assert "exercised by: R17-bankers-out, R17-early" in out
    assert out.count("exercised by: (no scenario yet)") == 3
    assert "difference en/es (D20)" in out


def test_rules_command_rule_in_spanish() -> None:
    status, out, _ = rules_output("r17", "--lang", "es")
    assert status == 0
    assert "Todo un bando acaba: fin inmediato" in out
    assert "R17.2  Si acaba toda la banca, recibe todos los 5,10,K restantes de defensores\n" in out
    assert "R17.3  si acaban los defensores, reciben los de la banca.\n" in out
    assert "D20 Final de todo un bando" in out  # the ruling's Spanish title (issue 22)
    assert "Whole-side ending" not in out and "Regla 17:" in out
    assert "transfer every remaining defender scoring card" not in out


def test_rules_command_accepts_bare_number_and_is_deterministic() -> None:
    assert rules_output("17") == rules_output("R17") == rules_output("r17")


def test_rules_command_list_clause_and_ruling() -> None:
    status, out, _ = rules_output()
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 24
    assert lines[16] == "R17  Immediate whole-side finish  (4 clauses)"
    _, clause, _ = rules_output("R13.2")
    assert "R13.2  Beat with a higher matching combination" in clause
    assert "pass (D18), default turn:" in clause
    assert "trick: A pass locks the player out" in clause
    _, ruling, _ = rules_output("d20")
    assert ruling.startswith("D20  Whole-side ending  (shared ruling; Play and endings")
    assert "  R17.2  If all bankers go out" in ruling
    assert "variants: (none)" in ruling


@pytest.mark.parametrize("target", ["R99", "R00", "R17.9", "D999", "D0", "X1", "17.2.1"])
def test_rules_command_unknown_id(target: str) -> None:
    status, out, err = rules_output(target)
    assert (status, out) == (2, "")
    last = max(load_spec().rulings, key=lambda r: int(r[1:]))
    assert err == (
        f"fivetenk rules: unknown rule, clause, ruling or scenario '{target}' "
        f"(expected R01–R24, R17.2, D1–{last} or a scenario id such as R05-003)\n"
    )


def test_the_fast_yaml_loader_reads_the_spec_as_the_safe_loader_does() -> None:
    """The spec is read with libyaml's loader where PyYAML has it (much faster at startup);
    every file gives the very documents the pure-Python safe loader gives."""
    from fivetenk.model import spec_data
    from fivetenk.model.paths import data_dir

    files = sorted(data_dir("spec").glob("*.yaml"))
    assert len(files) >= 25
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=spec_data._LOADER) == yaml.safe_load(text), path.name


def test_every_tag_a_feature_file_uses_is_registered_as_a_marker(
        pytestconfig: pytest.Config) -> None:
    """Every tag of a feature file (but ``@id:``) is a rule, clause or ruling of the spec or
    one of conftest's OTHER_TAGS, as the markers this run registered say: pytest 9.2 refuses
    an unregistered marker at collection under ``--strict-markers``, which took every
    feature scenario out of a CI run while a machine with pytest 9.0 ran them all
    (``@default-first``, issue 30)."""
    known = {line.split(":")[0].strip() for line in pytestconfig.getini("markers")}
    used = {tag for path in sorted((REPO / "features").glob("*.feature"))
            for tag in re.findall(r"(?<!\S)@(\S+)", path.read_text(encoding="utf-8"))
            if not tag.startswith("id:")}
    assert used - known == set(), "tags no marker is registered for"
