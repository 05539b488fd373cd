"""The scenario language in Spanish (issue 10): ``# language: es`` features, ``render --lang es``.

Every phrase has a Spanish twin (:mod:`fivetenk.language.spanish`) reading and writing the
same groups, so a Spanish feature compiles to exactly the JSON of its English twin; these
tests hold that for every shipped scenario, run a Spanish dispute written by hand through
``fivetenk check`` and pytest-bdd, and check the errors a Spanish writer meets.
"""

from __future__ import annotations

import functools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, TESTS

from fivetenk import cli
from fivetenk.commands.render import render_feature
from fivetenk.language import (
    MISSING_SPANISH,
    REGISTRY,
    StepDef,
    find_step,
    render_steps,
    translate_lines,
)
from fivetenk.language.compiler import FeatureError, compile_text
from fivetenk.language.phrasing import Spanish, Words, english_groups
from fivetenk.model.scenario import Scenario, ScenarioError
from fivetenk.suite import catalog

SHIPPED = catalog.shipped()


def _comparable(scenario: Scenario) -> dict[str, Any]:
    """A scenario's JSON without where it was written (``source``, each step's ``line``)."""
    data = scenario.to_json()
    data.pop("source", None)
    data["steps"] = [{k: v for k, v in s.items() if k != "line"} for s in data["steps"]]
    return data


def _is_step_text(definition: StepDef) -> bool:
    """Whether the step's example is step text (not a description of a doc string step)."""
    return definition.match(definition.example) is not None


# -- every phrase ------------------------------------------------------------------------------


def test_every_step_has_a_spanish_phrase() -> None:
    assert MISSING_SPANISH == [], f"steps without Spanish: {MISSING_SPANISH}"
    assert all(d.es is not None for d in REGISTRY)
    assert len(REGISTRY) > 100


@pytest.mark.parametrize("definition", REGISTRY, ids=lambda d: d.example[:50])
def test_the_spanish_example_is_its_own_step_with_the_english_arguments(
        definition: StepDef) -> None:
    """The Spanish example matches its step and no other, and reads back into the English
    example's arguments (so the step function sees the same thing in both languages)."""
    assert definition.es is not None
    if not _is_step_text(definition):  # "… is: (then a doc string …)": the phrase alone
        text = definition.es.example.split(" (y un ")[0]
        english = definition.example.split(" (then a ")[0]
    else:
        text, english = definition.es.example, definition.example
    found, args = find_step(definition.kind, text, "es")
    assert found is definition
    assert args == find_step(definition.kind, english)[1]


def _words_outside_classes(body: str) -> list[str]:
    """The words a regex body spells out (outside character classes and escapes)."""
    bare = re.sub(r"\\.|\[[^\]]*\]", " ", body)
    return re.findall(r"[A-Za-z]{2,}", bare)


@pytest.mark.parametrize("definition", REGISTRY, ids=lambda d: d.example[:50])
def test_a_group_spelling_english_words_is_translated(definition: StepDef) -> None:
    """A group whose English regex spells words (``not ``, ``1st``, ``seat 3 "…"``) needs
    its Spanish words, or a Spanish feature would have to write them in English."""
    assert definition.es is not None
    for name, body in english_groups(definition.pattern.pattern).items():
        if _words_outside_classes(body):
            assert name in definition.es.words, (name, body, definition.example)


# -- every shipped scenario --------------------------------------------------------------------


@functools.cache
def _in_spanish() -> list[tuple[str, Scenario]]:
    """Each shipped scenario as a Spanish feature of its own, and what that compiles back
    to: made once for the tests that read them (about 1.5 s of CPU)."""
    out = []
    for scenario in SHIPPED:
        feature = render_feature([scenario], "t", "es")
        (back,) = compile_text(feature, f"{scenario.id}.feature")
        out.append((feature, back))
    return out


@functools.cache
def _spanish_steps() -> list[list[str]]:
    """Each shipped scenario's steps rendered in Spanish, once for the tests that read
    them."""
    return [render_steps(scenario, "es") for scenario in SHIPPED]


@pytest.mark.xdist_group("spanish-shipped")  # _in_spanish and _spanish_steps, made once
def test_every_shipped_scenario_compiles_back_from_spanish_to_the_same_json() -> None:
    assert len(SHIPPED) > 800
    differ = []
    for scenario, (feature, back) in zip(SHIPPED, _in_spanish(), strict=True):
        assert feature.startswith("# language: es\nCaracterística: t\n")
        if _comparable(back) != _comparable(scenario):
            differ.append(scenario.id)
    assert differ == []


@pytest.mark.slow
@pytest.mark.xdist_group("spanish-shipped")  # _in_spanish and _spanish_steps, made once
def test_english_to_spanish_to_english_is_the_same_text() -> None:
    for scenario, spanish, (_, back) in zip(SHIPPED, _spanish_steps(), _in_spanish(),
                                            strict=True):
        english = render_steps(scenario)
        assert spanish != english
        assert render_steps(back) == english, scenario.id
        assert render_steps(back, "es") == spanish, scenario.id


def test_the_spanish_steps_use_spanish_keywords_and_keep_doc_strings() -> None:
    with_doc = next(s for s in SHIPPED if any('"""' in line for line in render_steps(s)))
    spanish = render_steps(with_doc, "es")
    keywords = {line.split(" ")[0] for line in spanish if not line.startswith(" ")}
    assert keywords <= {"Dado", "Dada", "Dados", "Dadas", "Cuando", "Entonces", "Y"}
    english_docs = [line for line in render_steps(with_doc) if line.startswith(" ")]
    assert [line for line in spanish if line.startswith(" ")] == english_docs


@pytest.mark.xdist_group("spanish-shipped")  # _spanish_steps, made once
def test_a_given_fact_reads_dado_que_and_the_and_after_it_drops_the_que() -> None:
    """Issue 22: ``Dado que el orden del mazo es:`` (not ``Dado el orden…``), ``Y el fondo
    es …`` after it; ``Dada una mano en juego…`` names a thing and takes no ``que``; the
    earlier wording without ``que`` still reads."""
    lines = [line for steps in _spanish_steps() for line in steps]
    givens = [line for line in lines if line.split(" ")[0] in {"Dado", "Dada", "Dados",
                                                                "Dadas"}]
    assert "Dado que el orden del mazo es:" in givens
    assert all(line.startswith(("Dado que ", "Dada una ")) for line in givens), sorted(
        {line for line in givens if not line.startswith(("Dado que ", "Dada una "))})[:5]
    assert not [line for line in lines if line.startswith("Y que ")]
    assert any(line.startswith("Y el asiento ") for line in lines)
    for old in ('Dado la variante "wing_ranks" es "distinct"', "Dado el orden del mazo es:"):
        text = old.partition(" ")[2]
        assert find_step("given", text, "es")[0].example == find_step(
            "given", "que " + text, "es")[0].example


def test_one_card_dealt_agrees_in_number_in_both_languages() -> None:
    """Issue 22: ``1 card has been dealt`` / ``el reparto lleva 1 carta``; the plural
    forms and the earlier Spanish wording still read as the same step."""
    many, args = find_step("then", "57 cards have been dealt")
    assert find_step("then", "1 card has been dealt") == (many, {"n": "1"})
    assert many.es is not None
    assert many.es.render({"n": "1"}) == "el reparto lleva 1 carta"
    assert many.es.render({"n": "57"}) == "el reparto lleva 57 cartas"
    assert find_step("then", "se han repartido 57 cartas", "es") == (many, args)


# -- a dispute written in Spanish by hand -------------------------------------------------------


DISPUTA = """\
# language: es
Característica: Las disputas de nuestra mesa

  @id:mesa-001 @R05.2 @D11
  Escenario: Cinco treses superan cuatro ases
    Cuando se juega "3H 3S 3D 3C 3H" sobre "AH AS AD AC"
    Entonces supera la jugada en mesa
    Y se lee como "bomb 5x3"

  @id:mesa-002 @R03.5 @D9
  Escenario: Con alas distintas no valen dos alas sueltas del mismo rango
    Dado la variante "wing_ranks" es "distinct"
    Cuando se clasifican las cartas "3H 3S 3D 4H 4S 4D 9C 9D"
    Entonces las cartas son ilegales

  Regla: el fondo va al último jugador válido

    @id:mesa-003 @R19.2 @D21
    Escenario: Quien juega el último se lleva el fondo cuando solo queda uno
      Dado una mano en juego con el asiento 0 como banca
      Y la banca llamó la 1.ª "AH" y la 3.ª "AS"
      Y la llamada 1 la resolvió el asiento 0
      Y la llamada 2 sigue abierta
      Y las cartas enterradas son "5D 10D KD 3D 4D 6D"
      Y el asiento 2 tiene "9D"
      Y el asiento 4 tiene "AS 9C"
      Y es el turno del asiento 2
      Cuando el asiento 2 juega "9D"
      Entonces la mano acaba con "one_player_left"
      Y los puntos del fondo (25) van al asiento 2

  @id:mesa-004 @R16.1
  Escenario: Un asiento sin cartas debe constar como acabado
    Dado una mano en juego con el asiento 0 como banca
    Y el asiento 0 tiene "5H 5S"
    Y el asiento 1 tiene "9D"
    Y los asientos se quedaron sin cartas en el orden "2 3 4"
    Entonces se rechaza la posición citando R16.1

  @id:mesa-005 @R06.1
  Esquema del escenario: Los puntos de <cartas>
    Cuando se cuentan los puntos de "<cartas>"
    Entonces suman <puntos> puntos

    Ejemplos:
      | cartas    | puntos |
      | 5H 10S KD | 25     |
      | 3H 4D     | 0      |
"""

DISPUTE = """\
Feature: Our table's disputes

  @id:mesa-001 @R05.2 @D11
  Scenario: Five threes beat four aces
    When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"
    Then it beats the top play
    And it is read as "bomb 5x3"

  @id:mesa-002 @R03.5 @D9
  Scenario: With distinct wings, two single wings of one rank are not allowed
    Given the variant "wing_ranks" is "distinct"
    When the cards "3H 3S 3D 4H 4S 4D 9C 9D" are classified
    Then the cards are illegal

  Rule: the kitty goes to the last valid player

    @id:mesa-003 @R19.2 @D21
    Scenario: The last player to play takes the kitty when one player is left
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 2 holds "9D"
      And seat 4 holds "AS 9C"
      And it is seat 2's turn
      When seat 2 plays "9D"
      Then the hand ends with "one_player_left"
      And the kitty points (25) go to seat 2

  @id:mesa-004 @R16.1
  Scenario: A seat with no cards must be listed as out
    Given a hand in play with seat 0 as banker
    And seat 0 holds "5H 5S"
    And seat 1 holds "9D"
    And the seats went out in the order "2 3 4"
    Then the position is refused citing R16.1

  @id:mesa-005 @R06.1
  Scenario Outline: The points of <cards>
    When the points of "<cards>" are counted
    Then they score <points> points

    Examples:
      | cards     | points |
      | 5H 10S KD | 25     |
      | 3H 4D     | 0      |
"""


def test_a_spanish_dispute_compiles_to_the_scenarios_of_its_english_twin() -> None:
    spanish = compile_text(DISPUTA, "disputa.feature", validate=True)
    english = compile_text(DISPUTE, "dispute.feature", validate=True)
    assert [s.id for s in spanish] == ["mesa-001", "mesa-002", "mesa-003", "mesa-004",
                                      "mesa-005.1", "mesa-005.2"]
    for es, en in zip(spanish, english, strict=True):
        a, b = _comparable(es), _comparable(en)
        a.pop("name"), b.pop("name")  # names are written in the feature's own words
        assert a == b
    assert spanish[2].steps[-1]["expect"]["result.kitty_points"] == 25


def test_a_spanish_dispute_runs_with_check(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "disputa.feature"
    path.write_text(DISPUTA, encoding="utf-8")
    assert cli.main(["check", "--only-paths", "--no-progress", str(path)]) == 0
    out = capsys.readouterr().out
    assert "6 scenarios" in out and re.search(r"total\s+6\s+0\s+0\s+0", out), out
    wrong = tmp_path / "equivocada.feature"
    wrong.write_text(DISPUTA.replace("van al asiento 2", "van al asiento 4"), encoding="utf-8")
    assert cli.main(["check", "--only-paths", "--no-progress", str(wrong)]) == 1
    assert "mesa-003" in capsys.readouterr().out


def test_an_unknown_spanish_phrase_is_an_error_listing_spanish_examples() -> None:
    text = DISPUTA.replace("Entonces las cartas son ilegales", "Entonces las cartas no valen")
    with pytest.raises(FeatureError) as err:
        compile_text(text, "disputa.feature")
    message = str(err.value)
    assert "disputa.feature:14" in message
    assert "no Entonces step in Spanish matches 'las cartas no valen'" in message
    assert "las cartas son ilegales" in message and "fivetenk steps --lang es" in message
    assert "the cards are illegal" not in message


def test_an_english_phrase_in_a_spanish_feature_is_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mezcla.feature"
    path.write_text(DISPUTA.replace("Entonces las cartas son ilegales",
                                    "Entonces the cards are illegal"), encoding="utf-8")
    assert cli.main(["check", "--only-paths", "--no-progress", str(path)]) != 0
    captured = capsys.readouterr()
    assert "mezcla.feature:14" in captured.err + captured.out
    assert "Traceback" not in captured.err + captured.out


def test_a_language_the_kit_does_not_speak_is_an_error_at_line_1() -> None:
    french = "# language: fr\nFonctionnalité: nos litiges\n"
    with pytest.raises(FeatureError, match=r"x\.feature:1.*not 'fr'"):
        compile_text(french, "x.feature")


@pytest.mark.slow
def test_pytest_bdd_runs_a_spanish_feature(tmp_path: Path) -> None:
    """The glue of tests/conftest.py runs a Spanish feature: the right scenario passes and
    one expecting the wrong seat fails, so the Spanish steps really ran."""
    import shutil

    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    text = DISPUTA.split("  @id:mesa-004")[0]
    wrong = text.split("  Regla:")[1].replace("mesa-003", "mesa-006").replace(
        "van al asiento 2", "van al asiento 4").replace("Quien juega", "Mal: quien juega")
    (tmp_path / "disputa.feature").write_text(text + "  Regla:" + wrong, encoding="utf-8")
    (tmp_path / "test_disputa.py").write_text(
        'from pytest_bdd import scenarios\n\nscenarios("disputa.feature")\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--strict-markers",
         "-p", "no:hypothesispytest",  # for @given tests only: 1.2 s of CPU a run
         "--rootdir", str(tmp_path), str(tmp_path / "test_disputa.py")],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert "1 failed, 3 passed" in done.stdout, done.stdout[-3000:]
    assert "FAILED" in done.stdout and "mal_quien_juega" in done.stdout.lower()


# -- the commands ------------------------------------------------------------------------------


def test_render_lang_es_writes_a_json_scenario_in_spanish(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chosen = [s for s in SHIPPED if s.id in ("R19-001", "R05-001", "R08-001")]
    assert len(chosen) == 3
    path = tmp_path / "ours.json"
    path.write_text(json.dumps([s.to_json() for s in chosen]), encoding="utf-8")
    assert cli.main(["render", "--lang", "es", str(path)]) == 0
    feature = capsys.readouterr().out
    assert feature.startswith("# language: es\nCaracterística: ")
    assert "  Escenario: " in feature and "Scenario:" not in feature
    back = compile_text(feature, "ours.feature")
    assert [_comparable(s) for s in back] == [_comparable(s) for s in chosen]
    assert cli.main(["render", str(path)]) == 0
    assert capsys.readouterr().out.startswith("Feature: ")


def test_steps_lang_es_lists_every_spanish_phrase(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["steps", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    for definition in REGISTRY:
        assert definition.es is not None and definition.es.example in out
    # a Given that states a fact reads "Dado que …"; one that names a thing agrees with it
    assert "  Dado que la variante " in out and "  Dado que el asiento " in out
    assert "  Dado que las cartas enterradas son " in out
    assert "  Dado que el orden del mazo es:" in out
    assert "  Dada una mano en juego " in out
    assert "Dada la " not in out and "Dadas las " not in out and "Dado el " not in out
    assert "  Cuando " in out and "  Entonces " in out
    assert "  Given " not in out


# -- the template ------------------------------------------------------------------------------


def test_a_number_agrees_and_both_forms_are_read() -> None:
    phrase = Spanish("hay {n} <#jugada legal|jugadas legales>",
                     r"there (?:is|are) (?P<n>\d+) legal plays?")
    assert phrase.render({"n": "1"}) == "hay 1 jugada legal"
    assert phrase.render({"n": "3"}) == "hay 3 jugadas legales"
    assert phrase.match("hay 1 jugada legal") == {"n": "1"}
    assert phrase.match("hay 2 jugada legal") == {"n": "2"}
    assert phrase.match("hay 2 jugadas") is None


def test_optional_parts_and_words_are_read_back_in_english() -> None:
    phrase = Spanish('se rechaza el reparto[ citando {clause}]',
                     r"the deal is refused(?: citing (?P<clause>R\d\d\.\d+))?")
    assert phrase.render({}) == "se rechaza el reparto"
    assert phrase.render({"clause": "R01.1"}) == "se rechaza el reparto citando R01.1"
    spec = Words(regex=r"el asiento [0-5]", to_es=lambda t: "el " + t.replace("seat", "asiento"),
                 to_en=lambda t: t.replace("el asiento", "seat"))
    phrase = Spanish("desde {seat}", r"from (?P<seat>seat [0-5])", words={"seat": spec})
    assert phrase.match("desde el asiento 3") == {"seat": "seat 3"}
    assert phrase.render({"seat": "seat 3"}) == "desde el asiento 3"


def test_a_template_missing_a_group_of_the_english_phrase_is_refused() -> None:
    with pytest.raises(ValueError, match=r"missing \['seat'\]"):
        Spanish("el asiento pasa", r"seat (?P<seat>[0-5]) passes")


def test_a_spanish_line_for_an_unknown_english_line_says_so() -> None:
    with pytest.raises(ScenarioError, match="no When step matches"):
        translate_lines(["When nothing happens"], "es")


def test_the_guides_spanish_example_compiles_and_passes() -> None:
    from fivetenk.impl.drivers import ReferenceDriver
    from fivetenk.suite.runner import run_scenario

    guide = (ROOT / "docs" / "disputes.md").read_text("utf-8")
    block = next(b.split("\n", 1)[1] for b in guide.split("```")[1::2]
                 if b.startswith("gherkin") and "# language: es" in b)
    [scenario] = compile_text(block, "docs/disputes.md", validate=True)
    english = next(s for s in compile_text(DISPUTE, "dispute.feature") if s.id == "mesa-003")
    assert scenario.setup == english.setup
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"


def test_every_shipped_step_as_written_reads_back_from_spanish() -> None:
    """Every step text of the shipped features, as written by hand (``leads`` or
    ``plays``, ``has led``, a redeal's ``seat 3 "3H"; draw 14 "7D"``, outline rows filled
    in), said in Spanish reads back to the same arguments: the Spanish words of every group
    are the inverse of their English (what rendering alone never writes is covered too)."""
    from gherkin.pickles.compiler import Compiler

    from fivetenk.language.compiler import parse_document

    kinds = {"Context": "given", "Action": "when", "Outcome": "then"}
    features = sorted((ROOT / "features").glob("*.feature"))
    assert len(features) == 24
    checked: set[str] = set()
    used: set[int] = set()
    for path in features:
        doc = parse_document(path.read_text("utf-8"), path.name)
        for pickle in Compiler().compile(doc):  # type: ignore[arg-type]
            kind = "given"
            for st in pickle["steps"]:
                kind = kinds.get(st["type"], kind)
                if st["text"] in checked:
                    continue
                checked.add(st["text"])
                definition, args = find_step(kind, st["text"])  # type: ignore[arg-type]
                assert definition.es is not None
                spanish = definition.es.render(args)
                assert find_step(kind, spanish, "es") == (definition, args), st["text"]  # type: ignore[arg-type]
                used.add(id(definition))
    assert len(checked) > 1000 and len(used) > 90


def test_rules_lang_es_has_no_english_heading(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22: ``fivetenk rules --lang es`` says every heading in Spanish, and a ruling's
    title and text in Spanish (spec/rulings.yaml ``es:``); what the spec has in English
    only is marked ``(en inglés)``. The English output keeps its English headings."""
    from fivetenk.model.spec_data import load_spec

    english_words = {"rule", "summary", "rulings", "ruling", "variants", "exercised",
                     "default", "grounds", "clauses", "clause", "outline", "shared",
                     "scenario", "implementation", "unknown", "none", "alignment"}
    spec = load_spec()
    data = {w for v in spec.variants.values() for w in (v.name, *v.values)}  # as written
    for target in (None, "R05", "R17.2", "R08", "D9", "D35", "R05-003", "R02-001"):
        assert cli.main(["rules", "--lang", "es", *([target] if target else [])]) == 0
        out = capsys.readouterr().out
        lines = out.splitlines()
        if target and "-" in target:  # the scenario's own title, in Spanish (issue 33)
            assert lines[0].split("  ", 1)[1] in spanish_titles()
        for line in lines:
            said = line.split("(en inglés)")[0].split("fivetenk show")[0]
            said = re.sub(r"R\d\d-\d+(?:\.\d+)?", "", said)
            words = set(re.findall(r"[a-z_]+", said.lower())) - data
            assert not words & english_words, (target, line)
        if target and target.startswith("D"):
            assert spec.rulings[target].text_in("es") in out
            assert spec.rulings[target].text not in out
        assert cli.main(["rules", *([target] if target else [])]) == 0
        english = capsys.readouterr().out
        if target == "R05":
            assert "summary: " in english and "  rulings:" in english


def test_every_ruling_has_its_spanish_title_and_text() -> None:
    """Issue 22: each ruling D1… has a Spanish title and text (spec/rulings.yaml ``es:``),
    not a copy of the English."""
    from fivetenk.model.spec_data import load_spec

    for ruling in load_spec().rulings.values():
        assert ruling.es.get("title") and ruling.es.get("text"), ruling.id
        assert ruling.text_in("es") != ruling.text, ruling.id


def test_the_next_hand_dealt_with_cards_reads_as_spanish() -> None:
    """Issue 33: ``desde el asiento 1 con asiento 1 recibe`` became ``desde el asiento 1, en
    la que el asiento 1 recibe``; the earlier wording still reads, to the same groups."""
    from fivetenk.language.registry import find_step, translate_lines

    line = 'When the next hand is dealt from seat 1 with seat 1 dealt "6H AH"; the kitty "SJ"'
    spanish = translate_lines([line], "es")[0]
    assert spanish == ('Cuando se reparte la mano siguiente desde el asiento 1, en la que el '
                       'asiento 1 recibe "6H AH"; el fondo "SJ"')
    old = 'se reparte la mano siguiente desde el asiento 1 con asiento 1 recibe "6H AH"; el ' \
          'fondo "SJ"'
    assert find_step("when", spanish.partition(" ")[2], "es")[1] == \
        find_step("when", old, "es")[1] == find_step("when", line.partition(" ")[2])[1]


def test_rules_lang_es_says_summaries_and_variants_in_spanish(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33: every rule's summary and every variant's values have Spanish text, so
    ``rules --lang es`` marks none of them ``(en inglés)``."""
    from fivetenk.model.spec_data import load_spec

    spec = load_spec()
    assert all(r.summary_es for r in spec.rules.values())
    for rule in ("R05", "R03", "R11"):
        assert cli.main(["rules", rule, "--lang", "es"]) == 0
        out = capsys.readouterr().out
        assert spec.rules[rule].summary_es in out
        assert not [line for line in out.splitlines()
                    if "(en inglés)" in line and ("resumen" in line or "por defecto" in line)]
    assert cli.main(["rules", "R05", "--lang", "es"]) == 0
    assert "El cohete es exactamente SJ BJ" in capsys.readouterr().out


def spanish_titles() -> set[str]:
    from fivetenk.language.titles import TITLES

    return set(TITLES.values())


@pytest.mark.parametrize("rule", [f"R{n:02d}" for n in range(1, 25)])
def test_rules_lang_es_is_spanish_for_every_rule(
        rule: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33, item 3: ``fivetenk rules Rnn --lang es`` says everything in Spanish, every
    rule: nothing marked ``(en inglés)`` (alignment and difference notes included), no
    frequent English word outside notation (variant names and values, ids); the English
    output, checked the same way, is English."""
    from english import english_words

    from fivetenk.model.spec_data import load_spec

    data = {w for v in load_spec().variants.values() for w in (v.name, *v.values)}
    assert cli.main(["rules", rule, "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "(en inglés)" not in out
    english = {}
    for line in out.splitlines():  # a variant's value heads its line: data, as written
        head = re.match(r"\s*([\w-]+)( \(por defecto\))?: ", line)
        said = line[head.end():] if head and head.group(1) in data else line
        if words := english_words(said):
            english[line] = words
    assert not english, english
    assert cli.main(["rules", rule]) == 0
    assert english_words(capsys.readouterr().out)


def test_rules_lang_es_says_a_rulings_section_and_grounds_in_spanish(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33: every ruling's section and a kit ruling's grounds have Spanish text
    (spec/rulings.yaml ``es:``), which ``rules --lang es`` prints."""
    from english import english_words

    from fivetenk.model.spec_data import load_spec

    for ruling in load_spec().rulings.values():
        assert bool(ruling.es.get("section")) == bool(ruling.section), ruling.id
        assert bool(ruling.es.get("grounds")) == bool(ruling.grounds), ruling.id
        assert cli.main(["rules", ruling.id, "--lang", "es"]) == 0
        out = capsys.readouterr().out
        assert "(en inglés)" not in out and not english_words(out.split("\n", 1)[0]), ruling.id
        if ruling.grounds:
            assert ruling.es["grounds"] in out
