"""Phrases for the match around a hand (rules 7, 9, 21–23): levels, later hands, the next
hand's deal, the match's end.
"""

from __future__ import annotations

import re
from typing import Any

from ..model.scenario import ScenarioError
from ..reference import Card, Rank, RulesError
from .deals import add_draw, build_deck, draw_number
from .play import rendered_expectations
from .registry import Builder, card_list, number, observe, renderer, seat_list, split_cards, step

# ---------------------------------------------------------------------------------------------
# Given: the match so far
# ---------------------------------------------------------------------------------------------


@step("given", r'the levels are "(?P<levels>[^"]+)"', 'the levels are "3 3 4 5 3 3"')
def _levels(b: Builder, levels: str) -> None:
    values = levels.split()
    if len(values) != 6:
        raise ScenarioError(f"six levels are needed, one per seat, not {len(values)}")
    for v in values:
        try:
            rank = Rank.parse(v)
        except RulesError:
            rank = Rank.TWO
        if not Rank.THREE <= rank <= Rank.ACE:
            raise ScenarioError(f"level {v!r} is not one of 3 … A (R07.1)")
    b.extensions["levels"] = values


@step("given", r"this is hand (?P<hand>\d+), after seat (?P<banker>[0-5]) was banker and "
               r'seats "(?P<winners>[^"]*)" won',
      'this is hand 2, after seat 0 was banker and seats "0 3" won', rulings=("D34",))
def _later_hand(b: Builder, hand: str, banker: str, winners: str) -> None:
    if number(hand, "hand number") < 2:
        raise ScenarioError("a hand after another is hand 2 or later")
    b.extensions["history"] = {"hand": number(hand), "previous_banker": int(banker),
                               "previous_winners": sorted(seat_list(winners))}


# ---------------------------------------------------------------------------------------------
# When: the next hand
# ---------------------------------------------------------------------------------------------


@step("when", r'the next hand is dealt(?: from (?P<seat>seat [0-5])(?: with (?P<spec>.+))?)?',
      'the next hand is dealt from seat 1 with seat 3 dealt "4H"; the kitty "4D 4C"')
def _next_hand(b: Builder, seat: str = "", spec: str = "") -> None:
    """The next hand's deal (R23.1), written like a first deal: ``seat 3 dealt "4H 4S"``
    (a seat's first cards), ``the kitty "…"`` (its last six cards, R01.2, R10.1) and
    ``draw 14 "7D"`` (one card by draw number, 1-162, as in ``Given draw 14 is``), joined
    by ``;``; the rest is filled as in a first deal (:func:`build_deck`). Chosen cards need
    the first receiver (``from seat N``) to know which draws are whose; without it the
    engine's D2 default applies to a filled deck."""
    dealt: dict[int, list[Card]] = {}
    kitty: list[Card] | None = None
    draws: dict[int, Card] = {}
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        kitty_part = re.fullmatch(r'the kitty "([^"]*)"', part)
        draw_part = re.fullmatch(r'draw (\d+) "([^"]*)"', part)
        if kitty_part is not None:
            if kitty is not None:
                raise ScenarioError("the next hand's kitty is given twice")
            kitty = card_list(kitty_part[1])
            continue
        if draw_part is not None:
            add_draw(draws, draw_number(draw_part[1]), draw_part[2])
            continue
        head, _, cards = part.partition(" dealt ")
        if re.fullmatch(r"seat [0-5]", head) is None or re.fullmatch(r'"[^"]*"', cards) is None:
            raise ScenarioError('write: with seat 3 dealt "4H 4S"; seat 5 dealt "5D"; '
                                'the kitty "4D 4C 6D 6C 7D 7C"; draw 14 "7D"')
        if int(head[5:]) in dealt:
            raise ScenarioError(f"{head}'s cards are given twice")
        dealt[int(head[5:])] = card_list(cards.strip('"'))
    first = int(seat.split()[1]) if seat else None
    s: dict[str, Any] = {"op": "next_hand",
                         "deck": build_deck(first if first is not None else 0, dealt,
                                            kitty or [], draws)}
    if first is not None:
        s["first"] = first
    s["expect"] = {"accepted": True}
    b.assume(b.add(s), "accepted")


@step("when", r"the next hand is dealt(?: from seat (?P<seat>[0-5]))? in the order:",
      'the next hand is dealt from seat 1 in the order: (then a """ doc string of 162 cards)')
def _next_hand_order(b: Builder, seat: str = "", doc: str | None = None) -> None:
    """The next hand's whole deck. Its tokens and copies are checked once the scenario is
    built (:func:`fivetenk.model.scenario.content_problems`), so that a step expecting the deal
    to be rejected may hold a fourth copy, as in JSON."""
    cards = split_cards(doc or "")
    if len(cards) != 162:
        raise ScenarioError(f"the deck order needs all 162 cards, not {len(cards)} (R01.1)")
    s: dict[str, Any] = {"op": "next_hand", "deck": cards}
    if seat:
        s["first"] = int(seat)
    s["expect"] = {"accepted": True}
    b.assume(b.add(s), "accepted")


# ---------------------------------------------------------------------------------------------
# Then: the match
# ---------------------------------------------------------------------------------------------


@step("then", r"this is hand (?P<n>\d+) of the match", "this is hand 2 of the match",
      rulings=("D34",))
def _hand_number(b: Builder, n: str) -> None:
    """The hand number (R23.1: a new hand after settlement)."""
    observe(b, "hand", number(n))


@step("then", r'the previous winners are "(?P<seats>[^"]*)"',
      'the previous winners are "2 3 4 5"')
def _previous_winners(b: Builder, seats: str) -> None:
    """The previous hand's winning side, the eligible revealers of this hand (D6)."""
    observe(b, "previous_winners", sorted(seat_list(seats)))


@step("then", r'the match winners are "(?P<seats>[^"]*)"', 'the match winners are "2 4"')
def _match_winners(b: Builder, seats: str) -> None:
    observe(b, "result.match_winners", sorted(seat_list(seats)))


@step("then", r"the match is (?P<state>over|not over)", "the match is over")
def _match_over(b: Builder, state: str) -> None:
    observe(b, "match_over", state == "over")


@renderer
def _render_next_hand(s: dict[str, Any]) -> list[str] | None:
    if s["op"] != "next_hand":
        return None
    seat = f" from seat {s['first']}" if "first" in s else ""
    deck = s["deck"]
    return [f"When the next hand is dealt{seat} in the order:", '  """',
            *("  " + " ".join(deck[i:i + 27]) for i in range(0, 162, 27)), '  """',
            *rendered_expectations(s)]
