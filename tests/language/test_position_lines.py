"""Every position a real game reaches is written in the kit's phrases (issue 11).

``fivetenk dispute`` writes the table just before a decision as a position; a dispute
reads by the cards only if :func:`fivetenk.language.positions.position_lines` can write
that position, and the phrases rebuild it exactly. Real positions carry what the first
phrases could not say: the reveal that made the banker (D3, D4; R08.2, R09.3), the phase
before play (the burial, R10.1; the calls, R11.1; D7), a later hand's history and levels,
a deal number after redeals (R08.4, D5) and a later hand with no reveal (R09.5).

Here seeded ``fivetenk play --auto`` games (:class:`fivetenk.practice.session.Session`) and one
game with a redeal and a banker from the search are logged, and every burial and call
decision is disputed, with the play decisions that cover every kind of position the game
reached (:func:`kinds_of`; each position of the game is replayed to know its kinds): the
setup is written by the cards (never ``Given the position is:``), compiles back to the
engine's snapshot, and the scenario passes against the reference. The new phrases are
tested one by one, in English and Spanish, with the errors a writer meets.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from helpers import make_log

from fivetenk.commands.render import render_feature
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.language import render_steps
from fivetenk.language.compiler import FeatureError, compile_text
from fivetenk.language.positions import position_lines
from fivetenk.model.scenario import Scenario
from fivetenk.practice.dispute import Log, dispute_scenario, read_log, render_dispute
from fivetenk.practice.session import Session
from fivetenk.practice.strategy import HeuristicPlayer
from fivetenk.reference.game import Game
from fivetenk.reference.variants import Variants
from fivetenk.suite.runner import run_scenario

STARTS = {"burying": "at the burial", "calling": "at the calls", "playing": "in play"}


# ---------------------------------------------------------------------------------------------
# The games
# ---------------------------------------------------------------------------------------------


def auto_log(path: Path, seed: int, hands: int, variants: dict[str, str]) -> Log:
    """The log ``fivetenk play --auto --seed SEED --hands HANDS [--variant NAME=VALUE …]
    --log PATH`` writes."""
    log = io.StringIO()
    Session(seed, 0, Variants.from_mapping(variants), io.StringIO(), io.StringIO(), log=log,
            auto=True, hands=hands).play()
    path.write_text(log.getvalue(), encoding="utf-8")
    return read_log(path)


def skipping_log(path: Path, seed: int) -> Log:
    """Two hands of heuristic play in the ``fivetenk play --log`` format, except that every
    reveal prompt of the first deal and of the whole second hand is skipped: the first
    hand is redealt (R08.4, D5, deal 2) and the second hand's banker comes from the search
    (R09.5), with no reveal."""

    def skip(game: Game, hand: int) -> dict[str, Any] | None:
        pending = game.pending()
        if pending is not None and pending.kind == "reveal" and (
                hand == 2 or game.observe()["deal"] == 1):
            return {"type": "skip", "seat": pending.seat}
        return None

    make_log(path, seed, 2, skip)
    return read_log(path)


def _without_variants(position: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in position.items() if k != "variants"}


def kinds_of(position: dict[str, Any]) -> set[str]:
    """What :func:`position_lines` writes differently from one position to another: its
    phase, hand, deal and reveal, the levels, each call open or resolved, the burial, the
    seats holding cards and those with points, each play of the trick by its place (led,
    then played, passed; with a shape) and by its shape, whose turn it is, and who went out."""
    others = sum(1 for s, p in enumerate(position["captured"]) if p and s != position["banker"])
    kinds = {f"phase {position['phase']}", f"hand {position['hand']}",
             f"deal {position['deal']}", "revealed" if position["reveal"] else "no reveal",
             f"levels {'written' if set(position['levels']) != {'3'} else 'all 3'}",
             f"{'some' if position['buried'] else 'nothing'} buried",
             f"{sum(1 for cards in position['hands'] if cards)} hands hold cards",
             f"{others} others captured points",
             f"turn {position['turn']}", f"{len(position.get('out') or [])} out"}
    calls = position.get("calls", [])
    kinds.add(f"{len(calls)} calls")
    kinds.update(f"call {n} {'resolved' if call.get('resolved_by') is not None else 'open'}"
                 for n, call in enumerate(calls, 1))
    trick = position.get("trick")
    plays = trick["plays"] if trick is not None else []
    kinds.add(f"trick of {len(plays) if trick is not None else 'none'}")
    for k, entry in enumerate(plays):
        verb = "passed" if entry.get("pass") else "led" if k == 0 else "played"
        kinds.add(f"{verb} {k}{' with a shape' if entry.get('combo') else ''}")
        if entry.get("combo"):  # its type: single, pair, …, bomb, 5-10-K, rocket
            kinds.add(f"a {entry['combo'].split()[0]} on the table")
    return kinds


def positions_by_decision(log: Log) -> dict[int, dict[str, Any]]:
    """The position before each burial, call and play decision of ``log`` (decision number
    -> position), each hand replayed once from its logged deal, as the dispute replays it
    (:func:`fivetenk.practice.dispute.replay`, which replays the hand up to each decision)."""
    positions: dict[int, dict[str, Any]] = {}
    for hand, (_, deal) in sorted(log.deals.items()):
        game = Game.new(variants=Variants.from_mapping(log.variants), hand_number=hand,
                        **{k: v for k, v in deal.items() if k != "hand"})
        for decision in (d for d in log.decisions if d.hand == hand):
            if decision.kind != "reveal":
                positions[decision.n] = game.to_position()
            game.apply(decision.action)
    return positions


def sample(positions: dict[int, dict[str, Any]]) -> list[int]:
    """The decisions that cover every kind of position the game reached
    (:func:`kinds_of`): every burial and call; in order, each play that shows a kind no
    earlier one showed; and the first and the last play of each hand (the first lead, the
    last trick)."""
    chosen, covered = [], set()
    by_hand: dict[int, list[int]] = {}
    for n, position in positions.items():
        if position["phase"] == "playing":
            by_hand.setdefault(position["hand"], []).append(n)
    ends = {n for plays in by_hand.values() for n in (plays[0], plays[-1])}
    for n, position in positions.items():
        kinds = kinds_of(position)
        if n in ends or position["phase"] != "playing" or kinds - covered:
            chosen.append(n)
            covered |= kinds
    assert covered == set().union(*map(kinds_of, positions.values()))
    return chosen


def dispute_every_kind(log: Log) -> Counter[str]:
    """Dispute every burial and call decision of ``log`` and the play decisions that cover
    every kind of position the game reached (:func:`sample`; disputing each of the ~200
    plays of a hand cost seconds and showed no kind more): the feature writes the position
    by the cards (its phase's start, no JSON), compiles back to the engine's own snapshot,
    and passes against the reference. Returns what was checked, by kind and by what the
    positions carried (a reveal, a later hand, a redeal); ``"every"`` counts the game's
    burial, call and play decisions, disputed or not, by the same words."""
    driver = ReferenceDriver()
    seen: Counter[str] = Counter()
    positions = positions_by_decision(log)
    for n, position in positions.items():
        seen[f"every {log.decisions[n - 1].kind}"] += 1
        seen["every " + ("revealed" if position["reveal"] else "no reveal")] += 1
        seen[f"every deal {position['deal']}"] += 1
    for n in sample(positions):
        decision = log.decisions[n - 1]
        scenario = dispute_scenario(log, decision.n)
        assert scenario.setup is not None
        position = scenario.setup["position"]
        assert position == positions[n]  # the replay of the sample is the dispute's
        text = render_dispute(scenario, "t")
        where = f"decision {decision.n} ({decision.kind}, hand {decision.hand})"
        assert "the position is:" not in text, where
        start = f"a hand {STARTS[position['phase']]} with seat {position['banker']} as banker"
        assert re.search(rf"^    (Given|And) {start}$", text, re.M), where  # after variants
        (built,) = compile_text(text, "t.feature")
        assert built.setup is not None
        assert built.setup["position"] == _without_variants(position), where
        result = run_scenario(driver, built)
        assert result.status == "passed", (where, result)
        seen[decision.kind] += 1
        seen["revealed" if position["reveal"] else "no reveal"] += 1
        seen[f"hand {position['hand']}"] += 1
        seen[f"deal {position['deal']}"] += 1
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "variants"), [(3, {}), (8, {"pass": "trick"})])
def test_every_kind_of_position_of_a_seeded_auto_game_is_written_by_the_cards(
        seed: int, variants: dict[str, str], tmp_path: Path) -> None:
    log = auto_log(tmp_path / "game.jsonl", seed, 2, variants)
    assert log.variants == variants
    seen = dispute_every_kind(log)
    assert seen["bury"] == seen["call"] == 2  # one of each per hand
    assert seen["every play"] > 100 and seen["play"] > 10
    assert seen["hand 1"] > 0 and seen["hand 2"] > 0 and seen["revealed"] > 0


@pytest.mark.slow
def test_a_redealt_hand_and_a_banker_without_reveal_are_written_by_the_cards(
        tmp_path: Path) -> None:
    log = skipping_log(tmp_path / "skips.jsonl", 5)
    seen = dispute_every_kind(log)
    assert seen["every deal 2"] > 100 and seen["deal 2"] > 0  # the first hand, on its redeal
    assert seen["every no reveal"] > 100 and seen["no reveal"] > 0  # the second hand: search
    assert seen["bury"] == seen["call"] == 2


def test_a_redeal_and_a_missing_reveal_read_as_such() -> None:
    """The phrases of the first hand's burial on deal 2 and of a later hand's calls with
    no reveal: what :func:`position_lines` writes, in order."""
    game = Game.new(seed=5)
    player = HeuristicPlayer(5)
    while (pending := game.pending()) is not None and pending.kind == "reveal":
        skip = game.observe()["deal"] == 1
        game.apply({"type": "skip", "seat": pending.seat} if skip else player.choose(game))
    burial = game.to_position()
    lines = position_lines(burial, {})
    assert lines is not None
    reveal = burial["reveal"]
    assert lines[:3] == [f"Given a hand at the burial with seat {burial['banker']} as banker",
                         "And this is deal 2 of the hand",
                         f"And seat {reveal['seat']} revealed \"{reveal['card']}\" at draw "
                         f"{reveal['draw']}"]
    assert not any("buried" in line or "turn" in line for line in lines)
    assert sum(" holds " in line for line in lines) == 6
    while game.pending() is not None:  # the rest of the first hand, then a hand 2 ...
        game.apply(player.choose(game))
    first_banker = game.banker
    game.next_hand()
    while (pending := game.pending()) is not None and pending.kind != "call":
        game.apply({"type": "skip", "seat": pending.seat} if pending.kind == "reveal"
                   else player.choose(game))  # ... nobody reveals: the search (R09.5)
    calls = game.to_position()
    assert calls["reveal"] is None and calls["phase"] == "calling"
    lines = position_lines(calls, {})
    assert lines is not None
    winners = " ".join(map(str, calls["previous_winners"]))
    assert lines[:4] == [
        f"Given a hand at the calls with seat {calls['banker']} as banker",
        f'And this is hand 2, after seat {first_banker} was banker and seats "{winners}" won',
        f"And the levels are \"{' '.join(calls['levels'])}\"",
        f"And the buried cards are \"{' '.join(calls['buried'])}\""]
    assert not any("revealed" in line or "deal" in line for line in lines)


# ---------------------------------------------------------------------------------------------
# The phrases
# ---------------------------------------------------------------------------------------------

HANDS_AT_BURIAL = [  # seat 0, the banker, holds the kitty too: 32 cards
    "3D 3D 3D 3C 3C 3C 3H 3H 3H 3S 3S 3S 4D 4D 4D 4C 4C 4C 4H 4H 4H 4S 4S 4S 5D 5D 5D 5C 5C "
    "5C 5H 5H",
    "5H 5S 5S 5S 6D 6D 6D 6C 6C 6C 6H 6H 6H 6S 6S 6S 7D 7D 7D 7C 7C 7C 7H 7H 7H 7S",
    "7S 7S 8D 8D 8D 8C 8C 8C 8H 8H 8H 8S 8S 8S 9D 9D 9D 9C 9C 9C 9H 9H 9H 9S 9S 9S",
    "10D 10D 10D 10C 10C 10C 10H 10H 10H 10S 10S 10S JD JD JD JC JC JC JH JH JH JS JS JS QD QD",
    "QD QC QC QC QH QH QH QS QS QS KD KD KD KC KC KC KH KH KH KS KS KS AD AD AD AC",
    "AC AC AH AH AH AS AS AS 2D 2D 2D 2C 2C 2C 2H 2H 2H 2S 2S 2S SJ SJ SJ BJ BJ BJ",
]
BURIED = "3D 3D 3D 3C 3C 3C"
HANDS_AT_CALLS = [HANDS_AT_BURIAL[0].replace(BURIED + " ", "", 1), *HANDS_AT_BURIAL[1:]]


def holds(hands: list[str]) -> list[str]:
    return [f'seat {seat} holds "{cards}"' for seat, cards in enumerate(hands)]


def feature(given: list[str], then: list[str], tags: str = "@R10.1") -> str:
    return "Feature: f\n\n  @id:x-001 " + tags + "\n  Scenario: s\n" + "".join(
        f"    {'Given' if i == 0 else 'And'} {line}\n" for i, line in enumerate(given)) + "".join(
        f"    {line}\n" for line in then)


def one(given: list[str], then: list[str] | None = None) -> Scenario:
    (scenario,) = compile_text(feature(given, then or ["When the pack is counted"]),
                               "x.feature")
    return scenario


def error(given: list[str], then: list[str] | None = None) -> str:
    with pytest.raises(FeatureError) as info:
        one(given, then)
    return str(info.value)


AT_BURIAL = ["a hand at the burial with seat 0 as banker", 'seat 0 revealed "3H" at draw 1',
             *holds(HANDS_AT_BURIAL)]
AT_CALLS = ["a hand at the calls with seat 0 as banker", 'seat 0 revealed "3H" at draw 1',
            f'the buried cards are "{BURIED}"', *holds(HANDS_AT_CALLS)]
IN_PLAY = ["a hand in play with seat 0 as banker", 'seat 0 holds "9D"', 'seat 1 holds "8D"']


def test_a_hand_at_the_burial_is_the_banker_with_32_cards_and_nothing_buried() -> None:
    scenario = one(AT_BURIAL, ["When seat 0 buries \"3H 3H 3H 3S 3S 3S\"",
                               "Then seat 0 is asked to call",
                               'And seat 0 revealed "3H" at draw 1'])
    position = scenario.setup["position"]  # type: ignore[index]
    assert position["phase"] == "burying" and position["buried"] == []
    assert position["calls"] == [] and position["turn"] == 0
    assert position["reveal"] == {"seat": 0, "card": "3H", "draw": 1}
    assert [len(h) for h in position["hands"]] == [32, 26, 26, 26, 26, 26]
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"
    # nothing left to a convention but the match (first hand, levels 3) and the deal
    assert [n.split(":")[0] for n in scenario.filled_in] == [
        "the deal number is not written", "the variants are not written",
        "the hand is not written", "the levels are not written"]


def test_a_hand_at_the_calls_has_its_burial_and_no_call() -> None:
    scenario = one(AT_CALLS, ['When seat 0 calls the 1st "AH" and the 1st "AS"',
                              "Then seat 0 is asked to play",
                              'And the calls are the 1st "AH" and the 1st "AS"'])
    position = scenario.setup["position"]  # type: ignore[index]
    assert position["phase"] == "calling" and position["buried"] == BURIED.split()
    assert position["calls"] == [] and [len(h) for h in position["hands"]] == [26] * 6
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"


def test_a_wrong_expectation_at_the_calls_fails() -> None:
    """The positions are real: the engine answers from them (another seat to play fails)."""
    scenario = one(AT_CALLS, ['When seat 0 calls the 1st "AH" and the 1st "AS"',
                              "Then seat 1 is asked to play"])
    assert run_scenario(ReferenceDriver(), scenario).status == "failed"


@pytest.mark.parametrize("given", [AT_BURIAL, AT_CALLS], ids=["burial", "calls"])
def test_positions_before_play_render_back_to_themselves(given: list[str]) -> None:
    scenario = one(given)
    lines = render_steps(scenario)
    assert lines[:2] == ["Given " + given[0], "And " + given[1]]
    assert not any("turn" in line for line in lines)
    again = one([line.split(" ", 1)[1] for line in lines[:-1]])
    assert again.setup == scenario.setup


def test_the_reveal_and_the_deal_in_play() -> None:
    scenario = one([*IN_PLAY, "this is deal 3 of the hand", 'seat 0 revealed "3S" at draw 7'],
                   ["Then this is deal 3 of the hand", 'And seat 0 revealed "3S" at draw 7'])
    position = scenario.setup["position"]  # type: ignore[index]
    assert position["deal"] == 3 and position["reveal"] == {"seat": 0, "card": "3S", "draw": 7}
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"
    assert not [n for n in scenario.filled_in if "reveal" in n or "deal number" in n]
    lines = position_lines(position, {})
    assert lines is not None
    assert lines[1:3] == ["And this is deal 3 of the hand", 'And seat 0 revealed "3S" at draw 7']


def test_a_later_hand_reveals_its_own_level() -> None:
    scenario = one(["a hand in play with seat 3 as banker",
                    'this is hand 2, after seat 0 was banker and seats "0 3" won',
                    'the levels are "5 3 3 5 3 3"', 'seat 3 revealed "5D" at draw 4',
                    'seat 3 holds "9D"', 'seat 1 holds "8D"'])
    assert scenario.setup["position"]["reveal"] == {  # type: ignore[index]
        "seat": 3, "card": "5D", "draw": 4}


def test_what_is_not_written_is_listed_as_filled_in() -> None:
    notes = "\n".join(one(IN_PLAY).filled_in)
    assert "the reveal is not written: none is recorded" in notes and "(D4)" in notes
    assert "the deal number is not written: deal 1 of the hand" in notes and "D5" in notes
    later = "\n".join(one([*IN_PLAY, 'this is hand 2, after seat 0 was banker and seats "0" '
                           "won"]).filled_in)
    assert "the deal number" not in later  # only the first hand is redealt


BAD = {
    # name: (the Given steps, the line named, what the error says)
    "a reveal that is no level card": (
        [*IN_PLAY, 'seat 0 revealed "5H" at draw 7'], 9,
        "seat 0 revealed \"5H\" (line 8), but seat 0's level is 3"),
    "a reveal of another level than the revealer's": (
        [*IN_PLAY, 'this is hand 2, after seat 1 was banker and seats "0 1" won',
         'the levels are "4 3 3 3 3 3"', 'seat 0 revealed "3H" at draw 7'], 11,
        "seat 0's level is 4: a player reveals their own current level (R09.2)"),
    "a draw after the last reveal": (
        [*IN_PLAY, 'seat 0 revealed "3H" at draw 157'], 8, "nobody reveals after the last"),
    "draw 0": ([*IN_PLAY, 'seat 0 revealed "3H" at draw 0'], 8, "draws 1-156"),
    "a reveal by another seat than the banker": (
        [*IN_PLAY, 'seat 1 revealed "3H" at draw 2'], 8,
        "seat 1 revealed, but the banker is seat 0: the first reveal fixes the banker (R08.2"),
    "a reveal by a previous loser": (
        [*IN_PLAY, 'this is hand 2, after seat 1 was banker and seats "1 4" won',
         'seat 0 revealed "3H" at draw 7'], 10, "previous hand's winners (seats 1 4) may "
        "reveal in hand 2 (R09.1, D6)"),
    "two cards revealed": ([*IN_PLAY, 'seat 0 revealed "3H 3S" at draw 7'], 8,
                           "one card is needed"),
    "a reveal given twice": (
        [*IN_PLAY, 'seat 0 revealed "3H" at draw 7', 'seat 0 revealed "3S" at draw 8'], 9,
        "the reveal is given twice"),
    "deal 0": ([*IN_PLAY, "this is deal 0 of the hand"], 8, "deals are numbered from 1"),
    "a redeal in a later hand": (
        [*IN_PLAY, 'this is hand 2, after seat 1 was banker and seats "0 1" won',
         "this is deal 2 of the hand"], 10, "only the first hand is redealt (R08.4, D5)"),
    "a burial at the burial": (
        [*AT_BURIAL[:2], f'the buried cards are "{BURIED}"'], 7, "nothing is buried yet"),
    "calls at the calls": (
        [*AT_CALLS[:3], 'the banker called the 1st "AH" and the 1st "AS"'], 8,
        "no call has been made yet (R11.1): the hand is at the calls"),
    "a trick at the burial": ([AT_BURIAL[0], 'seat 1 led "5S"'], 6, "no card is on the table"),
    "points at the calls": ([AT_CALLS[0], "seat 1 has captured 10 points"], 6,
                            "no points are captured before the first trick (R06.2)"),
    "another seat's turn before play": ([AT_CALLS[0], "it is seat 2's turn"], 6,
                                        "before play the banker decides (D7)"),
    "the calls without the burial": (
        [AT_CALLS[0], *holds(HANDS_AT_CALLS)], 12,
        f"at the calls six cards are buried (R10.1, D7): write 'the buried cards are \"…\"': "
        f"the cards no hand written holds are \"{BURIED}\""),
    "a banker at the burial without the kitty": (
        [AT_BURIAL[0], *holds(HANDS_AT_CALLS)], 12,
        "hands[0] holds 26 cards; before play every hand is full (32) (R10.1)"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_input_is_an_error_at_its_line_with_the_clause(name: str) -> None:
    given, line, says = BAD[name]
    message = error(given)
    assert f"x.feature:{line}:" in message, message
    assert says in message, message


def test_an_impossible_reveal_may_be_written_to_be_refused() -> None:
    """A scenario expecting its position to be refused leaves the reveal's level to the
    engine, which refuses it citing R08.1, as it refuses revealing a 5 in the first hand
    (D35 ``reveal-wrong-rank-first-hand``, D40)."""
    scenario = one([*IN_PLAY, 'seat 0 revealed "5H" at draw 7'],
                   ["Then the position is refused citing R08.1"])
    assert run_scenario(ReferenceDriver(), scenario).status == "passed"


# ---------------------------------------------------------------------------------------------
# In Spanish
# ---------------------------------------------------------------------------------------------

SPANISH = {
    "a hand at the burial with seat 0 as banker":
        "Dada una mano en el entierro con el asiento 0 como banca",
    "a hand at the calls with seat 0 as banker":
        "Dada una mano en las llamadas con el asiento 0 como banca",
    'seat 0 revealed "3H" at draw 1': 'Y el asiento 0 reveló "3H" en la carta 1 del reparto',
    "this is deal 3 of the hand": "Y este es el reparto 3 de la mano",
}


@pytest.mark.parametrize("given", [AT_BURIAL, AT_CALLS], ids=["burial", "calls"])
def test_a_position_before_play_in_spanish_is_its_english_twin(given: list[str]) -> None:
    english = one([*given[:2], "this is deal 3 of the hand", *given[2:]])
    spanish_text = render_feature([english], "t", "es")
    for phrase in (given[0], given[1], "this is deal 3 of the hand"):
        assert SPANISH[phrase] in spanish_text, spanish_text
    (back,) = compile_text(spanish_text, "t.feature")
    assert back.setup == english.setup


def test_a_bad_reveal_in_spanish_says_the_same() -> None:
    text = ("# language: es\nCaracterística: f\n\n  @id:x-001 @R10.1\n  Escenario: s\n"
            "    Dada una mano en juego con el asiento 0 como banca\n"
            '    Y el asiento 0 tiene "9D"\n    Y el asiento 1 tiene "8D"\n'
            '    Y el asiento 2 reveló "3H" en la carta 1 del reparto\n'
            "    Cuando se cuenta el mazo\n")
    with pytest.raises(FeatureError) as info:
        compile_text(text, "x.feature")
    assert "x.feature:9:" in str(info.value)
    assert "seat 2 revealed, but the banker is seat 0" in str(info.value)
