"""No silent conventions in positions and deals (issue 9).

A written call states whether it was resolved (and by whom) or is still open, or the
position is refused naming the call and both ways to write it; ``call N is still open``
keeps the face's remaining copies in play where the written cards allow, and is refused
when they do not; every default the kit fills in is listed with the built scenario
(:attr:`Scenario.filled_in`), by ``fivetenk show`` and in the evidence of a failure."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fivetenk.cli import main
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.language import find_step
from fivetenk.language.compiler import compile_text
from fivetenk.language.positions import position_lines
from fivetenk.model.position_builder import build_position
from fivetenk.model.scenario import Scenario, ScenarioError
from fivetenk.model.spec_data import load_spec
from fivetenk.reference.actions import Action
from fivetenk.reference.game import Game
from fivetenk.reference.position import parse_position
from fivetenk.results import report
from fivetenk.suite.runner import run_scenario

HEAD = "Feature: conventions\n\n  @id:conv-001 @R12.1\n  Scenario: s\n"


def feature(*given: str, then: str = "Then seat 0 is the banker") -> str:
    """A one-scenario feature: the ``Given`` lines, then ``then``."""
    steps = [("Given " if i == 0 else "And ") + text for i, text in enumerate(given)]
    return HEAD + "".join(f"    {line}\n" for line in [*steps, then])


def compiled(*given: str, then: str = "Then seat 0 is the banker") -> Scenario:
    (scenario,) = compile_text(feature(*given, then=then), "conv.feature")
    return scenario


ALL_VARIANTS = tuple(f'the variant "{v.name}" is "{v.default}"'
                     for v in load_spec().variants.values())
"""Every variant written at its default: then none is filled in."""

CALLED = ('a hand in play with seat 0 as banker',
          'the banker called the 1st "AH" and the 1st "AS"')


# ------------------------------------------------------------------ the refusal


def test_a_written_call_with_no_state_is_refused_naming_it_and_both_ways_to_write_it() -> None:
    with pytest.raises(ScenarioError) as err:
        compiled(*CALLED, "call 1 was resolved by seat 0", 'seat 0 holds "9D"',
                 'seat 4 holds "AS 8C"')
    message = str(err.value)
    assert 'call 2 (the 1st "AS") is neither resolved nor open' in message
    assert '"And call 2 was resolved by seat N"' in message
    assert '"And call 2 is still open"' in message
    assert "(the calls are at line 6)" in message
    assert "call 1 (" not in message  # call 1 is written resolved: not named


def test_both_undecided_calls_are_named() -> None:
    with pytest.raises(ScenarioError) as err:
        compiled(*CALLED, 'seat 0 holds "9D"', 'seat 4 holds "AS AH 8C"')
    message = str(err.value)
    assert 'call 1 (the 1st "AH") is neither' in message
    assert 'call 2 (the 1st "AS") is neither' in message


def test_the_two_ways_the_refusal_suggests_are_phrases_the_kit_reads() -> None:
    for text in ("call 2 was resolved by seat 3", "call 2 is still open"):
        definition, _ = find_step("given", text)
        assert definition.example.startswith("call ")


@pytest.mark.parametrize("second, expected", [
    ("call 1 was resolved by seat 4", "already resolved by seat 0"),
    ("call 1 is still open", "already resolved by seat 0"),
])
def test_a_call_state_given_twice_is_refused(second: str, expected: str) -> None:
    with pytest.raises(ScenarioError, match=f"call 1's state is given twice.*{expected}"):
        compiled(*CALLED, "call 1 was resolved by seat 0", second, "call 2 is still open",
                 'seat 0 holds "9D"', 'seat 4 holds "AS 8C"')


def test_calls_given_twice_are_refused() -> None:
    with pytest.raises(ScenarioError, match="calls are given twice"):
        compiled(*CALLED, CALLED[1], 'seat 0 holds "9D"')


# ------------------------------------------------------------------ still open


OPEN_AS = (*CALLED, "call 1 was resolved by seat 0", "call 2 is still open",
           'seat 0 holds "9D 9S"', 'seat 3 holds "8C"', 'seat 4 holds "AS 8D"')


def test_still_open_keeps_the_remaining_copies_in_play() -> None:
    position = compiled(*OPEN_AS).setup["position"]  # type: ignore[index]
    call = position["calls"][1]
    assert call == {"face": "AS", "ordinal": 1, "played": 0, "resolved_by": None}
    assert position["buried"].count("AS") == 2  # the two copies no hand holds
    parsed = parse_position(position)
    assert parsed.calls[1].resolved_by is None
    # the occurrence is still possible: seat 4 leads it and becomes the partner
    game = Game.from_position({**position, "turn": 4})
    game.apply(Action.play(4, "AS"))
    assert game.observe()["calls"][1]["resolved_by"] == 4
    assert game.observe()["partners"] == [4]


def test_without_the_phrase_the_builder_convention_would_have_made_a_self_call() -> None:
    """What the refusal prevents: the engine's builder, given the call with no state,
    counts the copies nobody holds as played and the banker as its resolver (D16)."""
    position = build_position({0: "9D 9S", 3: "8C", 4: "AS 8D"}, banker=0,
                              calls=[("AH", 1, 0), ("AS", 1)])
    assert position["calls"][1]["resolved_by"] == 0
    assert position["calls"][1]["played"] == 2


def test_still_open_is_refused_when_the_occurrence_is_on_the_table() -> None:
    with pytest.raises(ScenarioError) as err:
        compiled(*CALLED, "call 1 was resolved by seat 0", "call 2 is still open",
                 'seat 0 holds "9D"', 'seat 3 holds "8C AS"', 'seat 4 holds "AS AS 8D"',
                 'seat 2 led "AS"', "it is seat 3's turn")
    message = str(err.value)
    assert 'call 2 (the 1st AS) is open, but that copy is on the table' in message
    assert "seat 2 played it in the current trick, so seat 2 resolved the call" in message


def test_still_open_is_refused_when_the_written_burial_leaves_the_occurrence_played() -> None:
    with pytest.raises(ScenarioError) as err:
        compiled(*CALLED, "call 1 was resolved by seat 0", "call 2 is still open",
                 'the buried cards are "3D 3D 3D 3C 3C 3C"', 'seat 0 holds "9D"',
                 'seat 4 holds "8D"')
    message = str(err.value)
    assert "call 2 (the 1st AS) is open, but 3 of the 3 copies of AS count as played" in message
    assert "the burial given holds 0" in message
    assert "give a seat a copy of AS, or name who resolved the call" in message


def test_still_open_with_no_copy_left_to_keep_says_how_many_the_kit_buried() -> None:
    with pytest.raises(ScenarioError) as err:
        compiled(*CALLED, "call 1 was resolved by seat 0", "call 2 is still open",
                 'seat 0 holds "9D"', 'seat 4 holds "8D"')
    assert "2 spare copies are buried (at most 2 for an open 1st call" in str(err.value)


def test_a_written_open_call_is_rendered_back_as_open() -> None:
    scenario = compiled(*OPEN_AS)
    lines = position_lines(scenario.setup["position"], {})  # type: ignore[index]
    assert lines is not None
    assert "And call 1 was resolved by seat 0" in lines
    assert "And call 2 is still open" in lines


# ------------------------------------------------------------------ what is filled in


def test_a_position_with_every_default_lists_each_of_them() -> None:
    scenario = compiled("a hand in play with seat 0 as banker", 'seat 0 holds "9D"',
                        'seat 1 holds "8D"')
    notes = scenario.filled_in
    text = "\n".join(notes)
    assert "seats 2 3 4 5 are not given cards" in text and "count as out (R16.1)" in text
    assert "the order in which seats 2 3 4 5 went out is not written: seat order" in text
    assert 'the calls are not written: the kit\'s default calls, the 1st "AH" and the 1st "AS"' \
        in text
    assert 'the 1st "AH" resolved by seat 0, the banker (a self-call' in text
    assert "the whole-side check is active" in text and "R17.1" in text
    assert 'the kit buried "3D 3D 3D 3C 3C 3C"' in text
    assert "154 cards are in no hand, not buried and not on the table" in text
    assert "300 points of those earlier tricks are not credited by the writer: they go to " \
        "seat 0, the banker" in text
    assert "whose turn it is is not written: seat 0" in text
    assert "the first hand of the match" in text and "D34" in text
    assert "every seat is at level 3 (R07.1" in text
    assert "the reveal is not written: none is recorded" in text and "(D4)" in text
    assert "the deal number is not written: deal 1 of the hand" in text and "D5" in text
    assert ("the variants are not written: wing_ranks shared (D9), rocket pair (D9), "
            "call_ordinal bounded (D14), pass turn (D18), twelve_bomb below_rocket (D37)") in text
    assert len(notes) == 12


def test_default_calls_left_open_by_the_cards_are_shown_open_and_the_check_inactive() -> None:
    scenario = compiled("a hand in play with seat 0 as banker", 'seat 0 holds "9D"',
                        'seat 1 holds "AH AH AH 8D"')
    (calls,) = [n for n in scenario.filled_in if n.startswith("the calls are not written")]
    assert 'the 1st "AH" still open (0 played)' in calls
    assert "the whole-side check is not active: call 1 is still open" in calls


def test_a_position_that_writes_everything_lists_only_the_cards_played_before() -> None:
    scenario = compiled(
        "this is hand 2, after seat 0 was banker and seats \"0\" won",
        'the levels are "4 3 3 3 3 3"',
        *OPEN_AS[:4], 'the buried cards are "AS AS 3D 3D 3C 3C"',
        'seat 0 holds "9D 9S"', 'seat 1 holds "8H"', 'seat 2 holds "8S"',
        'seat 3 holds "8C"', 'seat 4 holds "AS 8D"', 'seat 5 holds "7C"',
        "seat 3 has captured 0 points", "the other captured points went to seat 0",
        'seat 1 led "8H" as "single 8"', "it is seat 2's turn",
        'seat 0 revealed "4H" at draw 1', *ALL_VARIANTS)
    # what no phrase can write: the cards written nowhere were played in earlier tricks
    assert scenario.filled_in == [
        "147 cards are in no hand, not buried and not on the table: they count as played in "
        "earlier tricks (their copies of a called face count towards its call, D15)"]


def test_only_the_readings_not_written_are_reported() -> None:
    base = (*OPEN_AS, 'seat 3 led "8C"', "it is seat 4's turn")
    (note,) = [n for n in compiled(*base).filled_in if "readings" in n]
    assert "seat 3 single 8" in note and "D10" in note
    written = (*OPEN_AS, 'seat 3 led "8C" as "single 8"', "it is seat 4's turn")
    assert not [n for n in compiled(*written).filled_in if "readings" in n]


def test_the_variants_not_written_are_listed_with_their_rulings() -> None:
    scenario = compiled('the variant "pass" is "trick"', 'the variant "rocket" is "pair"',
                        'seat 2 is dealt "3H"', then="Then no banker is fixed")
    (note,) = [n for n in scenario.filled_in if n.startswith("the variants are not written")]
    assert note == ("the variants are not written: wing_ranks shared (D9), call_ordinal "
                    "bounded (D14), twelve_bomb below_rocket (D37), the defaults of their "
                    "rulings (write 'the variant \"…\" is \"…\"')")


# ------------------------------------------------------------------ a trick with a gap

GAP = ('a hand in play with seat 0 as banker', 'seat 0 holds "5H 5S"',
       'seat 1 holds "JD 4C"', 'seat 2 holds "8D 4D"', 'seat 3 holds "6C"',
       'seat 0 led "3S"', 'seat 3 then played "9S"')


def _plays(scenario: Scenario) -> list[dict[str, object]]:
    plays: list[dict[str, object]] = scenario.setup["position"]["trick"][  # type: ignore[index]
        "plays"]
    return plays


def test_seats_a_written_trick_skips_are_recorded_as_passes_and_listed() -> None:
    """seat 0 led, seat 3 played: seats 1 and 2 hold cards, so the turn reached them and
    they passed (R13.1, R13.2); the kit records it and says so (issue 17, item 5)."""
    scenario = compiled(*GAP)
    assert [(p["seat"], "pass" in p) for p in _plays(scenario)] == [
        (0, False), (1, True), (2, True), (3, False)]
    (note,) = [n for n in scenario.filled_in if "skips seats" in n]
    assert "seats 1 2 before seat 3's play" in note and "write 'seat N then passed'" in note
    # written, the same position, and nothing is filled in
    written = compiled(*GAP[:-1], "seat 1 then passed", "seat 2 then passed", GAP[-1])
    assert written.setup == scenario.setup
    assert not [n for n in written.filled_in if "skips seats" in n]


def test_under_the_trick_lock_the_recorded_passes_lock_the_seats_out() -> None:
    """No game lets seat 1 play in that trick under pass=trick: it passed before seat 3's
    play. Left without the passes, the position let it."""
    scenario = compiled('the variant "pass" is "trick"', *GAP,
                        then='When seat 1 plays "JD"\n    Then the action is rejected '
                             "citing R13.1")
    assert _plays(scenario)[1] == {"seat": 1, "pass": True}
    assert scenario.setup["position"]["trick"]["passed"] == [1, 2]  # type: ignore[index]
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"


def test_a_written_turn_past_seats_holding_cards_records_their_passes() -> None:
    scenario = compiled(*GAP[:-1], 'seat 4 holds "6D"', "it is seat 3's turn",
                        then="When seat 3 passes\n    And seat 4 passes\n"
                             "    Then the trick is over and seat 0 leads next")
    assert [p["seat"] for p in _plays(scenario)] == [0, 1, 2]
    (note,) = [n for n in scenario.filled_in if "skips seats" in n]
    assert "seats 1 2 before seat 3's turn" in note
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"


def test_seats_that_are_out_or_passed_are_skipped_without_a_pass() -> None:
    scenario = compiled('a hand in play with seat 0 as banker', 'seat 0 holds "5H 5S"',
                        'seat 2 holds "8D 4D"', 'seat 3 holds "6C"', 'seat 0 led "3S"',
                        'seat 2 then passed', 'seat 3 then played "9S"')
    assert [p["seat"] for p in _plays(scenario)] == [0, 2, 3]  # seat 1 is out
    assert not [n for n in scenario.filled_in if "skips seats" in n]


def test_a_deal_lists_the_filler_the_kitty_and_the_first_receiver() -> None:
    scenario = compiled('seat 2 is dealt "3H"', then="Then no banker is fixed")
    text = "\n".join(scenario.filled_in)
    assert "161 of the 162 cards are not written: the kit deals them strongest-first" in text
    kitty = " ".join(scenario.setup["deal"]["deck"][156:])  # type: ignore[index]
    assert f'the kitty is not written: the last six cards of the deck, "{kitty}"' in text
    assert "who receives the first card is not written: seat 0, as in the first hand (D2" \
        in text
    assert "no redeal deck is written" in text and "D30" in text


def test_a_deal_that_names_its_first_receiver_and_kitty_lists_neither() -> None:
    scenario = compiled("the first card goes to seat 3", 'seat 2 is dealt "3H"',
                        'the kitty is "4D 4C 4H 4S 6D 6C"', then="Then no banker is fixed")
    text = "\n".join(scenario.filled_in)
    assert "155 of the 162 cards" in text
    assert "kitty is not written" not in text and "first card" not in text


def test_a_later_hand_names_the_seat_after_the_previous_banker() -> None:
    scenario = compiled("this is hand 2, after seat 4 was banker and seats \"4\" won",
                        'seat 2 is dealt "3H"', then="Then no banker is fixed")
    text = "\n".join(scenario.filled_in)
    assert "seat 5, the seat after the previous banker (D2" in text
    assert "no redeal deck" not in text  # only the first hand is redealt


# ------------------------------------------------------------------ shown


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "conv.feature"
    path.write_text(text, encoding="utf-8")
    return path


def test_show_prints_the_built_position_and_what_was_filled_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, feature("a hand in play with seat 0 as banker", 'seat 0 holds "9D"',
                                   'seat 1 holds "8D"'))
    assert main(["show", "conv-001", str(path)]) == 0
    out = capsys.readouterr().out
    built = out.split("The position the kit built (setup.position):", 1)[1]
    assert "  seat 0 holds 1 card: 9D" in built and "  seat 3 holds nothing (out)" in built
    assert "  call 1: the 1st AH, 3 played, resolved by seat 0, the banker (a self-call)" \
        in built
    assert "  whole-side check: active: both calls are resolved, the banker's side is seat 0" \
        in built
    assert "  buried: 3D 3D 3D 3C 3C 3C" in built
    assert "  captured points, seats 0-5: 300 0 0 0 0 0" in built
    assert "  trick: none, a lead is due" in built and "  turn: seat 0" in built
    assert "  out, in the order they went out: 2 3 4 5" in built
    assert "  hand 1, deal 1, playing; banker: seat 0 (no reveal)" in built
    listed = built.split("Filled in by the kit (not written in the scenario):", 1)[1]
    assert "  - seats 2 3 4 5 are not given cards" in listed
    assert listed.index("  - ") < listed.index("JSON (schemas/scenario.schema.json):")


def test_show_json_carries_the_list(tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, feature('seat 2 is dealt "3H"', then="Then no banker is fixed"))
    assert main(["show", "conv-001", str(path), "--json"]) == 0
    (shown,) = json.loads(capsys.readouterr().out)["scenarios"]
    assert shown["filled_in"][0].startswith("161 of the 162 cards are not written")
    assert "filled_in" not in shown["scenario"]  # not part of the scenario's JSON form


def test_show_of_a_deal_prints_what_each_seat_receives(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, feature("the first card goes to seat 2", 'seat 2 is dealt "3H 4H"',
                                   then="Then no banker is fixed"))
    assert main(["show", "conv-001", str(path)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"  seat 2 receives, in order: 3H 4H( \S+){24}\n", out)
    assert "the first card goes to seat 2" in out
    assert "who receives the first card is not written" not in out


def test_a_json_scenario_says_its_setup_is_given_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = compiled(*OPEN_AS)
    path = tmp_path / "conv.json"
    path.write_text(json.dumps(scenario.to_json()), encoding="utf-8")
    assert main(["show", "conv-001", str(path)]) == 0
    out = capsys.readouterr().out
    assert "  call 2: the 1st AS, 0 played, still open" in out
    assert "Filled in by the kit: nothing, the setup is given whole in the JSON" in out


# ------------------------------------------------------------------ evidence


def test_a_failure_lists_what_the_kit_filled_in() -> None:
    scenario = compiled("a hand in play with seat 0 as banker", 'seat 0 holds "9D"',
                        'seat 1 holds "8D"', then="Then seat 3 is the banker")
    result = run_scenario(ReferenceDriver(), scenario)
    assert result.status == "failed"
    lines = report.describe_failure(result, load_spec())
    head = lines.index("  filled in by the kit (not written in the scenario):")
    assert lines[head + 1].startswith("    - seats 2 3 4 5 are not given cards")
    assert len([line for line in lines if line.startswith("    - ")]) == len(scenario.filled_in)
    record = report.result_record(result)
    assert record["filled_in"] == scenario.filled_in


def test_a_failure_of_a_scenario_without_setup_lists_nothing() -> None:
    (scenario,) = compile_text(HEAD.replace("@R12.1", "@R05.2") + (
        '    When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"\n'
        "    Then it does not beat the top play\n"), "conv.feature")
    result = run_scenario(ReferenceDriver(), scenario)
    assert result.status == "failed"
    assert not any("filled in" in line for line in report.describe_failure(result,
                                                                           load_spec()))
    assert "filled_in" not in report.result_record(result)


def test_show_names_the_reveal_and_a_phase_before_play(
        capsys: pytest.CaptureFixture[str]) -> None:
    """At the burial: the reveal that made the banker and the deal, and no lead due yet."""
    assert main(["show", "R10-505"]) == 0
    built = capsys.readouterr().out.split("The position the kit built", 1)[1]
    assert "  hand 1, deal 1, burying; banker: seat 2 (revealed 3H at draw 3)" in built
    assert "  trick: none, play has not begun" in built and "a lead is due" not in built
