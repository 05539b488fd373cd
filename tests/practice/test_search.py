"""The strong player of issue 21 (tools/practice/search.py): it sees nothing its seat may
not know, it is deterministic for a seed, its suggestions are legal and give their
numbers, and the bench's duplicate deals print the JSON line the issue asks for. Small
thinking budgets and late positions keep each test well under a few seconds."""

from __future__ import annotations

import json
import random
import re
import statistics
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from helpers import shuffled

from fivetenk.bench.strategy import SeatHand, main, summary
from fivetenk.practice.search import (
    CONFIDENCE,
    MIN_SHOWN,
    MIN_WORLDS,
    STEPS_PER_SECOND,
    StrongPlayer,
    _above,
    determinize,
    public_view,
    wilson,
)
from fivetenk.practice.strategy import HeuristicPlayer, Suggestion, suggest
from fivetenk.reference.cards import full_deck
from fivetenk.reference.game import Game, Phase

THINK = 80 / STEPS_PER_SECOND
"""A budget below one world (80 simulated decisions): every search plays MIN_WORLDS
worlds, the least it may."""


def _late(seed: int, left: int = 60) -> Game:
    """The hand of ``seed`` played by the heuristic until about ``left`` cards are left in
    all hands together, at a decision with more than one legal action."""
    game = Game.new(seed=seed)
    player = HeuristicPlayer()
    while game.pending() is not None:
        sizes = sum(game.hand_size(s) for s in range(6))
        if (game.phase is Phase.PLAYING and sizes <= left
                and len(game.legal_actions()) > 2):
            return game
        game.apply(player.choose(game))
    raise AssertionError("the hand ended first")


def _decision(game: Game) -> int:
    decision = game.pending()
    assert decision is not None
    return decision.seat


def test_a_strong_suggestion_is_legal_and_gives_its_numbers() -> None:
    """Below MIN_SHOWN continuations the count is said and no win rate; from it on every
    candidate's win rate with its 95% interval and levels on average (issue 34)."""
    game = _late(3)
    seat = _decision(game)
    s = StrongPlayer(7, THINK).suggest(game, seat)
    assert game.is_legal(s.action)
    worlds = s.numbers["worlds"]
    assert MIN_WORLDS <= worlds < MIN_SHOWN and not s.numbers["shown"]
    assert f"{worlds} sampled continuations, too few to show win rates" in s.reason
    assert "%" not in s.reason and "levels on average" not in s.reason
    s = StrongPlayer(7, THINK, MIN_SHOWN).suggest(game, seat)
    assert s.numbers["worlds"] == MIN_SHOWN and s.numbers["shown"]
    assert f"{MIN_SHOWN} sampled continuations: wins " in s.reason
    for entry in (s.numbers["chosen"], *s.numbers["others"]):
        lo, hi = entry["interval"]
        assert f"{entry['win_rate']:.0%} ({lo:.0%}-{hi:.0%})" in s.reason
    assert s.reason.startswith("R24.1")


def test_the_interval_is_wilsons() -> None:
    """The 95% Wilson score interval: 0 of 10 is 0-27.8%, 5 of 10 23.7-76.3%, 10 of 10
    72.2-100%."""
    assert [tuple(round(x, 3) for x in wilson(w, 10)) for w in (0, 5, 10)] == [
        (0.0, 0.278), (0.237, 0.763), (0.722, 1.0)]


def _untrue(s: Suggestion) -> list[str]:
    """What a strong suggestion's text says that its numbers contradict (issue 34), read
    from the numbers alone: a win rate shown under the minimum; a shown alternative with a
    better win rate or more levels on average and no "kept:" line naming it; a kept line
    whose rule did not hold (the heuristic's choice kept while another gained more than
    CONFIDENCE standard errors, or left without that gain)."""
    found: list[str] = []
    n = s.numbers
    chosen = n["chosen"]
    if not n["shown"]:
        if "%" in s.reason:
            found.append(f"a win rate under {n['min_shown']} continuations: {s.reason}")
        return found
    better = [o for o in n["others"] if o["win_rate"] > chosen["win_rate"]
              or o["levels"] > chosen["levels"]]
    kept = s.reason.partition("; kept: ")[2]
    if better and not kept:
        found.append(f"{len(better)} shown alternative(s) beat the choice, no kept line: "
                     f"{s.reason}")
    if chosen["heuristic"]:
        sure = [o for o in n["others"]  # the numbers are rounded to 4 places
                if o["gain"] > 0 and o["gain"] > CONFIDENCE * o["error"] + 1e-4]
        if sure:
            found.append(f"the heuristic's choice kept though {sure[0]} gained more")
    elif not (chosen["gain"] > 0 and chosen["gain"] >= CONFIDENCE * chosen["error"] - 1e-4):
        found.append(f"the heuristic's choice left without a gain {_above()}")
    return found


def _searched(seeds: range, per_hand: int = 3, openings: int = 1) -> list[Suggestion]:
    """Strong suggestions over MIN_SHOWN worlds (the least that shows figures, counted,
    not timed) at the first burial and call of the first ``openings`` hands (about 0.9 s
    of CPU each, a late play 0.1 s) and ``per_hand`` late plays of each hand."""
    out: list[Suggestion] = []
    for seed in seeds:
        game = Game.new(seed=seed)
        player, plays = HeuristicPlayer(), 0
        opening = seed < seeds.start + openings
        while (decision := game.pending()) is not None:
            late = sum(game.hand_size(s) for s in range(6)) <= 30
            if ((opening and decision.kind in ("bury", "call")) or (
                    late and plays < per_hand and len(game.legal_actions()) > 2)):
                plays += decision.kind == "play"
                out.append(StrongPlayer(seed, THINK, MIN_SHOWN).suggest(game, decision.seat))
            game.apply(player.choose(game))
    return out


@pytest.fixture(scope="module")
def searched() -> list[Suggestion]:
    # about 2.5 s of CPU: seed 1's burial and call (both beaten, kept by the rule) and
    # eight late plays of seeds 1 and 2
    return _searched(range(1, 3))


@pytest.mark.xdist_group("search-searched")  # the sample, built once: one worker
def test_no_suggestion_is_beaten_by_a_shown_alternative_without_the_reason_line(
        searched: list[Suggestion]) -> None:
    """Property over seeded deals (issue 34): every figure shown is the chosen move's best,
    or one line says why it was kept (the standard-error rule), and the rule held."""
    shown = [s for s in searched if s.numbers.get("shown")]
    assert len(shown) >= 8
    problems = [p for s in shown for p in _untrue(s)]
    assert not problems, "\n".join(problems[:5])


@pytest.mark.xdist_group("search-searched")  # the sample, built once: one worker
def test_the_property_fails_without_the_kept_line(searched: list[Suggestion]) -> None:
    """The sample holds suggestions a shown alternative beats; without their kept line,
    or with a win rate under the minimum, the check above fails."""
    beaten = [s for s in searched if s.numbers.get("kept")]
    assert beaten
    for s in beaten:
        assert s.numbers["kept"] in s.reason
        cut = replace(s, reason=s.reason.replace("; " + s.numbers["kept"], ""))
        assert _untrue(cut)
    few = replace(beaten[0], numbers={**beaten[0].numbers, "shown": False})
    assert _untrue(few)


def test_deterministic_for_a_seed() -> None:
    game = _late(4)
    seat = _decision(game)
    first = StrongPlayer(11, THINK).suggest(game, seat).to_json()
    assert StrongPlayer(11, THINK).suggest(game, seat).to_json() == first
    again = _late(4)  # the same moves on another game object
    assert StrongPlayer(11, THINK).suggest(again, seat).to_json() == first


def test_the_worlds_deal_only_what_the_seat_has_not_seen() -> None:
    """Each world keeps the seat's hand, every hand size, the burial's size, and deals
    the hidden cards from the pack less what the seat has seen (its hand, the cards
    played, its own burial if it is the banker)."""
    game = _late(5)
    seat = _decision(game)
    view = public_view(game, seat)
    for index in range(5):
        world = determinize(view, random.Random(index))
        assert world.hand(seat) == game.hand(seat)
        assert [world.hand_size(s) for s in range(6)] == [game.hand_size(s) for s in range(6)]
        cards = Counter(c for s in range(6) for c in world.hand(s)) + Counter(world.buried)
        real = Counter(c for s in range(6) for c in game.hand(s)) + Counter(game.buried)
        assert cards == real  # what is not in hands now was played: the same cards
        assert not Counter(cards) - Counter(full_deck())


def _same_for_hidden_deals(player: StrongPlayer, rounds: int = 2) -> int:
    """How many (position, shuffle) pairs were compared, asserting the suggestion is the
    same when the hidden cards are dealt otherwise (other hands, and the burial unless
    the seat is the banker)."""
    rng = random.Random(3)
    compared = 0
    for seed in (6, 7, 8):
        game = _late(seed)
        seat = _decision(game)
        game = Game.from_position(game.to_position())  # both without a history
        mine = player.suggest(game, seat).to_json()
        for _ in range(rounds):
            other = shuffled(game, seat, rng)
            assert any(other.hand(s) != game.hand(s) for s in range(6) if s != seat)
            assert player.suggest(other, seat).to_json() == mine, seed
            compared += 1
    return compared


def test_never_reads_hidden_cards() -> None:
    assert _same_for_hidden_deals(StrongPlayer(5, THINK)) == 6


class Peeking(StrongPlayer):
    """A strong player that cheats: it weighs the next seat's real hand."""

    def suggest(self, game: Game, seat: int) -> Suggestion:
        peek = game.hand((seat + 1) % 6)
        self.seed = sum(int(c.rank) for c in peek)  # its worlds depend on hidden cards
        return super().suggest(game, seat)


def test_the_hidden_cards_check_catches_a_player_that_peeks() -> None:
    with pytest.raises(AssertionError):
        _same_for_hidden_deals(Peeking(5, THINK))


def test_the_bench_prints_the_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "random", "--b", "heuristic", "--deals", "1", "--seed", "2",
                 "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    fig = json.loads(lines[-1])
    for key in ("a", "b", "deals", "seat_hands", "a_mean_levels", "b_mean_levels",
                "a_win_rate", "b_win_rate", "ci95"):
        assert key in fig
    assert (fig["a"], fig["b"], fig["deals"], fig["seat_hands"]) == ("random", "heuristic",
                                                                      1, 6)
    assert fig["ci95"][0] <= fig["mean_difference"] <= fig["ci95"][1]
    assert main(["--a", "strong", "--deals", "0"]) == 2


def test_the_interval_is_the_paired_difference() -> None:
    """Levels 2, 0, 1, 1 against 0, 0, 1, 0: differences 2, 0, 0, 1, mean 0.75, sample
    standard deviation 0.957, half-width 1.96 x 0.957 / 2 = 0.938."""
    a = [SeatHand(1, s, "strong", lv, lv > 0) for s, lv in enumerate((2, 0, 1, 1))]
    b = [SeatHand(1, s, "heuristic", lv, lv > 0) for s, lv in enumerate((0, 0, 1, 0))]
    fig = summary("strong", "heuristic", a, b, 1.0)
    assert fig["mean_difference"] == 0.75
    half = 1.96 * statistics.stdev([2, 0, 0, 1]) / 2
    assert abs(half - 0.938) < 1e-3
    assert fig["ci95"] == [round(0.75 - half, 4), round(0.75 + half, 4)]
    assert fig["ci95_by_deal"] == [0.75, 0.75]  # one deal: no spread between deals
    assert (fig["a_mean_levels"], fig["b_mean_levels"]) == (1.0, 0.25)
    assert (fig["a_win_rate"], fig["b_win_rate"]) == (0.75, 0.25)


def test_the_interval_by_deal_takes_each_deals_mean() -> None:
    """Two deals of two seats: differences (2, 0) and (1, 1), deal means 1 and 1, no
    spread; (1, 1) and (0, 0): means 1 and 0, half-width 1.96 x 0.707 / 1.414 = 0.98,
    wider than over the four seat-hands (1.96 x 0.577 / 2 = 0.566)."""
    def hands(name: str, levels: tuple[int, ...]) -> list[SeatHand]:
        return [SeatHand(1 + i // 2, i % 2, name, lv, lv > 0) for i, lv in enumerate(levels)]

    fig = summary("strong", "heuristic", hands("strong", (2, 0, 1, 1)),
                  hands("heuristic", (0, 0, 0, 0)), 1.0)
    assert fig["ci95_by_deal"] == [1.0, 1.0]
    fig = summary("strong", "heuristic", hands("strong", (1, 1, 0, 0)),
                  hands("heuristic", (0, 0, 0, 0)), 1.0)
    assert fig["ci95_by_deal"] == [round(0.5 - 0.98, 4), round(0.5 + 0.98, 4)]
    assert fig["ci95"][0] > fig["ci95_by_deal"][0]  # the deals' spread is the wider


def test_the_heuristic_suggestion_is_kept_without_confident_gain() -> None:
    """With the least budget the gains are noisy: the heuristic's choice stays unless
    another action's gain over the same worlds is above CONFIDENCE standard errors."""
    game = _late(9)
    seat = _decision(game)
    s = StrongPlayer(1, THINK).suggest(game, seat)
    base = suggest(game, seat)
    if s.action != base.action:
        said = re.search(r"([+-]\d\.\d\d) \u00b1 (\d\.\d\d) levels against the heuristic's",
                         s.reason)
        assert said, s.reason
        gain, err = float(said[1]), float(said[2])
        assert gain > 0 and gain >= CONFIDENCE * err - 0.01, s.reason  # shown to 2 places
    else:
        assert base.reason.split(": ", 1)[1] in s.reason


def test_the_worlds_bury_what_a_call_below_the_ace_says_is_buried() -> None:
    """A call of a K says all three As of its suit are buried (R11.2: the descent from A):
    every world buries them and keeps a copy of that K out of the burial, so the position
    is one the engine takes (the bench met a world burying every copy of a called face,
    which the engine refused)."""
    from dataclasses import replace as with_

    from fivetenk.reference.cards import Card
    from fivetenk.reference.python_api import callable_faces

    def fits(seed: int) -> tuple[Any, str] | None:  # a suit whose three As are unseen
        game = _late(seed)
        view = public_view(game, _decision(game))
        called = {c["face"] for c in view.position["calls"]}
        for x in "DCHS":
            if list(view.unseen).count(Card.parse("A" + x)) == 3 and "A" + x not in called \
                    and view.hidden_burial:
                return view, x
        return None

    view, suit = next(found for seed in range(10, 40) if (found := fits(seed)))
    ace, king = Card.parse("A" + suit), Card.parse("K" + suit)
    calls = [dict(c) for c in view.position["calls"]]
    mine = view.position["hands"][view.seat].count(str(king))
    played = 3 - list(view.unseen).count(king) - mine  # copies of the K gone or on the table
    assert played < 3
    calls[0] = {**calls[0], "face": str(king), "ordinal": played + 1, "played": played,
                "resolved_by": None}
    view = with_(view, position={**view.position, "calls": calls})
    assert view.hidden_burial
    for index in range(10):
        world = determinize(view, random.Random(index))
        assert world.buried.count(ace) == 3
        assert callable_faces(world.buried)[king.suit] == king  # type: ignore[index]


def test_the_strength_verdict_is_computed_from_the_record() -> None:
    """docs/measuring.md says whether issue 34's target is met, from the saved record:
    every part that misses is named, and a record without the interval by deal is not
    taken as meeting it."""
    from fivetenk.bench.page import strength_verdict
    from fivetenk.practice.search import search_settings

    good = {"mean_difference": 0.3, "ci95": [0.1, 0.5], "ci95_by_deal": [0.05, 0.55],
            "deals": 48, "think": 1.0, "a_decision_median_s": 0.8, "search": search_settings()}
    assert strength_verdict(good).endswith("): met.")
    for change, said in (({"mean_difference": 0.2}, "the gain is +0.200, under +0.25"),
                         ({"ci95_by_deal": [-0.01, 0.6]}, "the interval by deal reaches -0.010"),
                         ({"ci95": [0.0, 0.6]}, "the interval reaches +0.000"),
                         ({"deals": 24}, "24 deals, not 48"),
                         ({"think": 2.0}, "think 2.0 s, not 1.0"),
                         ({"a_decision_median_s": 1.2}, "the median decision is 1.2 s"),
                         ({"search": {**search_settings(), "confidence": 1.0}},
                          "measured with the search settings candidates 6, confidence 1.0"),
                         ({"search": None}, "the record does not say which search settings")):
        verdict = strength_verdict({**good, **change})
        assert "not met: " + said in verdict, verdict
    old = {k: v for k, v in good.items() if k != "ci95_by_deal"}
    assert "not met: the interval by deal was not measured" in strength_verdict(old)
