"""The phrases of issue 9 and the observables they need.

- ``Given draw 14 is "7D"``: a card at a draw of the deal (numbered 1-162 as the
  observation's ``draws`` counts them), with ``seat N is dealt``, the kitty and redeals; a
  draw fixed twice is an error naming both.
- ``When the next hand is dealt from seat 1 with …; the kitty "…"; draw 14 "7D"``.
- ``Then seat 2 holds "…"`` / ``holds no cards``: an ``observe`` naming the seat
  (capability ``hands``), answered with ``held``.
- ``Then the whole-side check is active`` (R17.1) and ``Then seat 3 is credited with 40
  points`` (R20.1), reading the optional ``whole_side_check`` and ``result.credited``.

Each phrase compiles to what it says, renders back to the same scenario, and the engine
answers what the phrase reads; a driver leaving out what a phrase needs fails or skips the
scenario, saying why.
"""

from __future__ import annotations

from typing import Any

import pytest

from fivetenk.impl.drivers import DriverError, ReferenceDriver
from fivetenk.impl.protocol import message_problems, result_problems
from fivetenk.language import render_steps
from fivetenk.language.compiler import FeatureError, compile_text
from fivetenk.model.scenario import Scenario
from fivetenk.reference.game import Game
from fivetenk.reference.random_player import RandomPlayer, play_hand
from fivetenk.reference.variants import Variants
from fivetenk.suite.runner import run_scenario


def _one(body: str, tags: str = "@R08.2") -> Scenario:
    text = f"Feature: f\n\n  {tags} @id:x-001\n  Scenario: s\n" + "".join(
        f"    {line}\n" for line in body.strip().split("\n"))
    (scenario,) = compile_text(text, "x.feature")
    return scenario


def _error(body: str) -> str:
    with pytest.raises(FeatureError) as info:
        _one(body)
    return str(info.value)


def _round_trip(scenario: Scenario) -> None:
    """Rendered back to Gherkin and compiled again, the scenario is the same."""
    lines = render_steps(scenario)
    again = _one("\n".join(lines), " ".join(f"@{c}" for c in scenario.clauses))
    assert again.setup == scenario.setup
    assert [{k: v for k, v in s.items() if k != "line"} for s in again.steps] == [
        {k: v for k, v in s.items() if k != "line"} for s in scenario.steps]


def _status(scenario: Scenario, driver: Any = None) -> Any:
    return run_scenario(driver or ReferenceDriver(), scenario)


# ---------------------------------------------------------------------------------------------
# Given draw N is "card"
# ---------------------------------------------------------------------------------------------


def test_a_draw_is_numbered_as_the_observation_counts_draws() -> None:
    """Draw 14 is the 14th card dealt: the deck's index 13, and ``dealing continues until
    draw 14`` stops with 14 cards dealt and the reveal prompt for that very card (D2)."""
    scenario = _one('''
Given draw 14 is "3S"
When dealing continues until draw 14
Then 14 cards have been dealt
And seat 1 is asked to reveal''')
    deck = scenario.setup["deal"]["deck"]  # type: ignore[index]
    assert deck[13] == "3S" and deck.count("3S") == 3
    assert "3S" not in deck[:13]  # the filler deals 3s last: draw 14 is the first 3S
    assert _status(scenario).status == "passed"
    _round_trip(scenario)


def test_a_draw_follows_the_first_receiver_and_combines_with_seats_and_the_kitty() -> None:
    scenario = _one('''
Given the first card goes to seat 3
And seat 3 is dealt "4H 4S"
And draw 2 is "5D"
And draw 160 is "KD"
And the kitty is "6D 6C 6H"
Then no banker is fixed''')
    deck = scenario.setup["deal"]["deck"]  # type: ignore[index]
    assert (deck[0], deck[6], deck[1], deck[156:160]) == ("4H", "4S", "5D",
                                                         ["6D", "6C", "6H", "KD"])


@pytest.mark.parametrize(("body", "words"), [
    ('Given draw 14 is "7D"\nAnd draw 14 is "8D"', ['draw 14 is given twice', '"7D"', '"8D"']),
    ('Given draw 163 is "7D"', ["draw 163 is not in the deal", "1-162"]),
    ('Given draw 0 is "7D"', ["draw 0 is not in the deal"]),
    ('Given seat 1 is dealt "4H 4S"\nAnd draw 8 is "7D"',
     ['draw 8 is fixed twice', '"7D"', "seat 1's 2nd card \"4S\""]),
    ('Given the kitty is "4H 4S"\nAnd draw 158 is "7D"',
     ['draw 158 is fixed twice', '"7D"', "the kitty's 2nd card \"4S\""]),
    ('Given draw 3 is "7D 8D"', ["one card is needed"]),
    ('Given draw 3 is "7X"', ["7X"]),
])
def test_a_draw_fixed_twice_or_outside_the_deal_is_an_error_naming_both(
        body: str, words: list[str]) -> None:
    message = _error(body + "\nThen no banker is fixed")
    assert "x.feature:" in message
    for word in words:
        assert word in message, (word, message)


def test_a_draw_of_a_redeal() -> None:
    """``the 1st redeal deals draw 5 "3H"``: the redeal's draw 5 (D5, D30)."""
    scenario = _one('''
Given the cards are dealt strongest-first
And the 1st redeal deals seat 0 "4D"; draw 5 "3H"
Then no banker is fixed''')
    redeal = scenario.setup["deal"]["redeals"][0]  # type: ignore[index]
    assert (redeal[0], redeal[4]) == ("4D", "3H")
    assert "draw 5 is given twice" in _error(
        'Given the 1st redeal deals draw 5 "3H"; draw 5 "3S"\nThen no banker is fixed')
    _round_trip(scenario)


# ---------------------------------------------------------------------------------------------
# The next hand's kitty
# ---------------------------------------------------------------------------------------------

_SETTLED = '''Given a hand in play with seat 0 as banker
And the banker called the 1st "AH" and the 1st "AS"
And call 1 was resolved by seat 1
And call 2 was resolved by seat 1
And seat 0 holds "9C"
And seat 2 holds "8D"
When seat 0 plays "9C"
'''


def test_the_next_hands_kitty_and_draws_are_placed() -> None:
    scenario = _one(_SETTLED + 'And the next hand is dealt from seat 1 with seat 0 dealt "6S"; '
                    'the kitty "BJ BJ BJ SJ SJ SJ"; draw 7 "5H"', "@R23.1")
    deck = scenario.steps[-1]["deck"]
    assert deck[156:] == ["BJ", "BJ", "BJ", "SJ", "SJ", "SJ"]
    assert (deck[5], deck[6]) == ("6S", "5H")
    assert scenario.steps[-1]["first"] == 1


def test_the_next_hand_phrase_without_the_kitty_still_reads() -> None:
    scenario = _one(_SETTLED + 'And the next hand is dealt from seat 1 with seat 3 dealt "4H"',
                    "@R23.1")
    assert scenario.steps[-1]["deck"][2] == "4H"


@pytest.mark.parametrize(("spec", "word"), [
    ('the kitty "4H"; the kitty "4S"', "kitty is given twice"),
    ('seat 0 dealt "6S"; draw 6 "5H"', "draw 6 is fixed twice"),
    ('the kitty "4H 4S 4D 4C 5H 5S 5D"', "the kitty holds 6 cards, not 7"),
    ("the kitty 4H", "write: with seat 3 dealt"),
])
def test_a_bad_next_hand_deal_is_an_error(spec: str, word: str) -> None:
    with pytest.raises(FeatureError, match=word):
        _one(_SETTLED + f"And the next hand is dealt from seat 1 with {spec}", "@R23.1")


def test_the_next_hands_kitty_goes_to_its_banker_and_only_with_the_phrase() -> None:
    """R10.1 in a later hand: the six jokers dealt as the kitty are buried by the new
    banker; the same scenario without the kitty phrase buries cards it does not hold."""
    tail = '''Then seat 0 is asked to reveal
When seat 0 reveals "6S"
And dealing continues until the banker buries
And seat 0 buries "BJ BJ BJ SJ SJ SJ"'''
    dealt = 'And the next hand is dealt from seat 1 with seat 0 dealt "6S"'
    kitty = _one(_SETTLED + dealt + '; the kitty "BJ BJ BJ SJ SJ SJ"\n' + tail, "@R23.1")
    plain = _one(_SETTLED + dealt + "\n" + tail, "@R23.1")
    assert _status(kitty).status == "passed"
    assert _status(plain).status == "failed"


# ---------------------------------------------------------------------------------------------
# What a seat holds (capability hands)
# ---------------------------------------------------------------------------------------------

_POSITION = '''Given a hand in play with seat 0 as banker
And seat 0 holds "8D 3C"
And seat 1 holds "9H 4C"
And seat 2 holds "JS"
And seat 3 holds "6C"
And seat 0 led "7S"
When seat 1 passes
And seat 2 plays "JS"
'''


def test_holds_asks_an_observation_naming_the_seat() -> None:
    scenario = _one(_POSITION + '''Then seat 2 holds no cards
And the out seats are "4 5 2"
And seat 1 holds "9H 4C"''', "@R16.1")
    observes = [s for s in scenario.steps if s["op"] == "observe"]
    assert [(s["seat"], s["expect"]) for s in observes] == [
        (2, {"held": [], "out": [4, 5, 2]}), (1, {"held": ["4C", "9H"]})]
    assert "hands" in scenario.needs
    assert "hands" not in _one(_POSITION + "Then seat 2 holds 0 cards", "@R16.1").needs
    assert _status(scenario).status == "passed"
    _round_trip(scenario)


def test_a_wrong_holding_fails_and_the_count_phrase_is_unchanged() -> None:
    wrong = _one(_POSITION + 'Then seat 1 holds "9H"', "@R16.1")
    result = _status(wrong)
    assert result.status == "failed" and "held" in result.message
    count = _one(_POSITION + "Then seat 1 holds 2 cards", "@R16.1")
    assert {k: v for k, v in count.steps[-1].items() if k != "line"} == {
        "op": "observe", "expect": {"hand_sizes.1": 2}}


def test_an_observation_naming_a_seat_renders_back_whatever_it_expects() -> None:
    """An observe step naming a seat with no ``held`` expectation, or one the ``holds``
    phrase cannot say (not in canonical order), renders as ``the observation shows seat N's
    cards`` and the generic checks."""
    scenario = _one(_POSITION + "Then seat 3 is asked to play", "@R16.1")
    steps = [*scenario.steps[:-1],
             {"op": "observe", "seat": 1, "expect": {"held": ["9H", "4C"]}},
             {"op": "observe", "seat": 1, "expect": {"phase": "playing"}}]
    odd = Scenario(id="x-001", name="s", clauses=["R16.1"], setup=scenario.setup, steps=steps)
    lines = render_steps(odd)
    assert "Then the observation shows seat 1's cards" in lines
    assert "And the observation shows seat 1's cards" in lines
    _round_trip(odd)


def test_the_reference_driver_and_adapter_answer_held() -> None:
    from fivetenk.impl.adapter import Adapter

    adapter = Adapter()
    hello = adapter.handle({"cmd": "hello", "seq": 0})["result"]
    assert "hands" in hello["capabilities"]
    scenario = _one(_POSITION + "Then seat 3 is asked to play", "@R16.1")
    adapter.handle({"cmd": "start", "seq": 1, "variants": {}, "setup": scenario.setup})
    request = {"cmd": "observe", "seq": 2, "seat": 0}
    assert list(message_problems("observe", request)) == []
    reply = adapter.handle(request)
    assert reply["ok"] and reply["result"]["held"] == ["3C", "8D"]
    assert result_problems("observe", reply["result"]) == []
    plain = adapter.handle({"cmd": "observe", "seq": 3})["result"]
    assert "held" not in plain  # hands are private unless asked
    assert list(message_problems("observe", {"cmd": "observe", "seq": 4, "seat": 6}))
    bad = adapter.handle({"cmd": "observe", "seq": 4, "seat": 6})
    assert bad["ok"] is False and "seat 0-5" in bad["error"]
    driver = ReferenceDriver()
    driver.start({}, scenario.setup)
    with pytest.raises(DriverError, match="seat 0-5"):
        driver.run({"op": "observe", "seat": "2"})


class _NoHands(ReferenceDriver):
    capabilities = ReferenceDriver.capabilities - {"hands"}


def test_without_the_capability_a_holds_scenario_is_skipped_saying_why() -> None:
    scenario = _one(_POSITION + 'Then seat 1 holds "9H 4C"', "@R16.1")
    result = _status(scenario, _NoHands())
    assert (result.status, result.reason) == ("skipped", "implementation lacks capability hands")
    assert _status(_one(_POSITION + "Then seat 1 holds 2 cards", "@R16.1"),
                   _NoHands()).status == "passed"


# ---------------------------------------------------------------------------------------------
# The whole-side check and the credited points (optional fields)
# ---------------------------------------------------------------------------------------------


class _Older(ReferenceDriver):
    """An engine written before the optional fields: it leaves both out."""

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        answer = super().run(step)
        if step["op"] == "observe":
            answer.pop("whole_side_check", None)
            if answer.get("result"):
                answer["result"].pop("credited", None)
        return answer


_OPEN_CALL = '''Given a hand in play with seat 0 as banker
And the banker called the 1st "AH" and the 3rd "AS"
And call 1 was resolved by seat 0
And call 2 is still open
And the buried cards are "5D 10D KD 3D 4D 6D"
And seat 0 holds "AS KC 5C 3C"
And seat 2 holds "9D 4D"
And seat 2 has captured 100 points
And it is seat 2's turn
'''


def test_the_optional_fields_are_read_and_missing_ones_fail_saying_so() -> None:
    active = _one(_OPEN_CALL + "Then the whole-side check is not active", "@R17.1")
    assert active.steps[-1]["expect"] == {"whole_side_check": False}
    assert _status(active).status == "passed"
    older = _status(active, _Older())
    assert older.status == "failed" and "has no whole_side_check" in older.message
    credited = _one(_OPEN_CALL + '''When seat 2 plays "4D"
And seat 0 plays "AS"
Then the whole-side check is active
And the hand goes on''', "@R17.1")
    assert _status(credited).status == "passed"
    _round_trip(credited)


def test_credited_points_are_read_and_rendered_back() -> None:
    scenario = _one(_OPEN_CALL.replace('"9D 4D"', '"9D"') + '''When seat 2 plays "9D"
Then seat 2 is credited with 140 points
And the credited points are "160 0 140 0 0 0"
And the defender total is 140''', "@R20.1")
    assert scenario.steps[-1]["expect"] == {"result.credited.2": 140,
                                            "result.credited": [160, 0, 140, 0, 0, 0],
                                            "result.defender_total": 140}
    assert _status(scenario).status == "passed"
    assert "has no result.credited" in _status(scenario, _Older()).message
    _round_trip(scenario)
    with pytest.raises(FeatureError, match="six whole numbers"):
        _one(_OPEN_CALL + 'Then the credited points are "1 2 3"', "@R20.1")


def _defender_total(result: dict[str, Any]) -> int:
    """D22, R20.1 from the credited points: the defenders' entries, plus a remnant the
    defenders received as a side."""
    side_remnant = result["remnant_points"] if result["remnant_to"] == "defenders" else 0
    return sum(result["credited"][s] for s in result["defenders"]) + side_remnant


def test_credited_points_agree_with_the_defender_total_over_random_hands() -> None:
    """Over random hands of every ending: the credited points plus a side's remnant are
    the 300 points (R20.2), the defenders' share is the defender total (D22), and the
    whole-side check is active at the end exactly when the hand ended by a whole side
    going out (R17.1, D20, D21)."""
    endings: set[str] = set()
    for seed in range(80):  # odd seeds under call_ordinal=any: a call may never resolve (D33)
        game = Game.new(seed=seed, variants=Variants.from_mapping(
            {"call_ordinal": "any"} if seed % 2 else {}))
        play_hand(game, RandomPlayer(seed))
        obs = game.observe()
        result = obs["result"]
        endings.add(result["ending"])
        side = result["remnant_points"] if isinstance(result["remnant_to"], str) else 0
        assert sum(result["credited"]) + side == 300, seed
        assert _defender_total(result) == result["defender_total"], seed
        assert [c - obs["captured"][s] for s, c in enumerate(result["credited"])] == [
            (result["table_points"] if s == result["table_to"] else 0)
            + (result["kitty_points"] if s == result["kitty_to"] else 0)
            + (result["remnant_points"] if s == result["remnant_to"] else 0)
            for s in range(6)], seed
        assert obs["whole_side_check"] == (result["ending"] != "one_player_left"), seed
    assert endings == {"bankers_out", "defenders_out", "one_player_left"}


def test_the_whole_side_check_is_off_until_both_calls_are_resolved() -> None:
    """Before the calls are announced and while one is open, no whole-side ending (R17.1)."""
    game = Game.new(seed=3)
    assert game.observe()["whole_side_check"] is False
    player = RandomPlayer(3)
    seen = []
    while game.pending() is not None:
        game.apply(player.choose(game))
        obs = game.observe()
        resolved = [c["resolved_by"] is not None for c in obs["calls"]]
        assert obs["whole_side_check"] == (len(resolved) == 2 and all(resolved))
        seen.append(obs["whole_side_check"])
    assert False in seen


def test_observation_checks_are_written_in_the_kits_phrases_that_read_back() -> None:
    """An observe step's expectations are written in the kit's own Then phrases where one
    checks exactly those values (the kitty pair in one phrase, the ending, the levels …),
    the rest as ``Then the observation at "…" is …``; a phrase is kept only if its step
    definition reads it back as the same values, so a wrong writer is refused."""
    from fivetenk.language import registry
    from fivetenk.language.registry import phrased_checks

    expect = {"result.kitty_points": 20, "result.kitty_to": 3, "result.ending": "bankers_out",
              "levels": ["4", "3", "3", "3", "3", "3"], "whole_side_check": False,
              "pending.seat": 2}
    lines, done = phrased_checks(expect)
    assert lines == ['Then the hand ends with "bankers_out"',
                     "Then the kitty points (20) go to seat 3",
                     'Then the levels are now "4 3 3 3 3 3"',
                     "Then the whole-side check is not active"]
    assert done == set(expect) - {"pending.seat"}

    def lying(expect: dict[str, object]) -> list[tuple[str, tuple[str, ...]]]:
        return [("Then the band is \"0\"", ("pending.seat",))]  # says another thing

    registry.OBSERVATION_PHRASES.insert(0, lying)
    try:
        assert "pending.seat" not in phrased_checks(expect)[1]
    finally:
        registry.OBSERVATION_PHRASES.remove(lying)



# ---------------------------------------------------------------------------------------------
# When the other seats pass (issue 30: a banker leading its hand out, read in a line a lead)
# ---------------------------------------------------------------------------------------------

_EVERY_SEAT_HOLDS = """Given a hand in play with seat 0 as banker
And seat 0 holds "4D 9D"
And seat 1 holds "5C"
And seat 2 holds "6C"
And seat 3 holds "7C"
And seat 4 holds "8C 8H"
And seat 5 holds "JC"
And it is seat 4's turn
When seat 4 plays "8C"
"""


def test_the_other_seats_pass_is_the_five_passes_after_the_player_in_both_languages() -> None:
    """``the other seats pass`` compiles to the same steps as the five passes written one
    by one, from the seat after the player round the table; the Spanish phrase to the
    same; a run of exactly those passes renders back as the phrase (and compiles back to
    the same scenario), in English and Spanish; the reference engine plays it."""
    from fivetenk.language import translate_lines

    short = _one(_EVERY_SEAT_HOLDS + "And the other seats pass")
    long = _one(_EVERY_SEAT_HOLDS + "\n".join(f"And seat {s} passes" for s in (5, 0, 1, 2, 3)))
    strip = [{k: v for k, v in s.items() if k != "line"} for s in short.steps]
    assert strip == [{k: v for k, v in s.items() if k != "line"} for s in long.steps]
    assert [s["action"]["seat"] for s in short.steps[1:]] == [5, 0, 1, 2, 3]
    lines = render_steps(long)
    assert lines[-1] == "And the other seats pass" and not any("passes" in x for x in lines)
    _round_trip(long)
    spanish = translate_lines(lines, "es")
    assert spanish[-1] == "Y los demás asientos pasan"
    text = ("# language: es\nCaracterística: f\n\n  @R08.2 @id:x-001\n  Escenario: s\n"
            + "".join(f"    {line}\n" for line in spanish))
    (es,) = compile_text(text, "x.feature")
    assert [{k: v for k, v in s.items() if k != "line"} for s in es.steps] == strip
    assert _status(short).status == "passed"


def test_the_other_seats_pass_only_after_a_play_and_renders_only_its_own_run() -> None:
    """After anything but a play the phrase is an error saying what it follows; fewer
    passes, or five with a Then of their own, stay written one by one."""
    assert "follows a seat's play" in _error(
        _EVERY_SEAT_HOLDS + "And seat 5 passes\nAnd the other seats pass")
    four = _one(_EVERY_SEAT_HOLDS + "\n".join(f"And seat {s} passes" for s in (5, 0, 1, 2)))
    assert "the other seats pass" not in "\n".join(render_steps(four))
    rejected = _one(_EVERY_SEAT_HOLDS + "And the other seats pass\n"
                    "Then the action is rejected citing R13.2")
    lines = render_steps(rejected)
    assert "And the other seats pass" not in lines and lines[-2] == "And seat 3 passes", lines
    _round_trip(rejected)
