"""Game steps of the scenario language (rules 7–24): deals, positions, actions, observations.

Deals are written by the cards that matter: ``Given seat 2 is dealt "4H 3H"`` fixes the
first cards seat 2 receives, in order; ``Given the kitty is "…"`` fixes the last six cards.
Every other card of the 162 is filled in deterministically (:func:`build_deck`): the
remaining cards from the strongest down (BJ, SJ, 2s, As … 3s, suits D C H S) into the
remaining draws in dealing order, then the kitty. Low ranks, the first hand's reveal rank 3
in particular, therefore come last, so a scenario's own reveals happen where it says. The
exported JSON holds the full deck order, so other implementations need no such rule.

Every action step expects the action to be accepted unless a ``Then the action is
rejected…`` step follows it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .reference.cards import ALL_FACES, DECKS, Card, Rank, parse_cards
from .reference.errors import RulesError
from .scenario import Scenario, ScenarioError
from .scenario import parse_json as _parse_json_text
from .steps import (
    _CLAUSE,
    SETUP_FINISHERS,
    SETUP_RENDERERS,
    Builder,
    card_words,
    cards_text,
    generic_checks,
    number,
    parse_json,
    q,
    quotable,
    renderer,
    split_cards,
    step,
)

ORDINALS = {"1st": 1, "2nd": 2, "3rd": 3}
ORDINAL_TEXT = {v: k for k, v in ORDINALS.items()}
SEAT = r"seat (?P<seat>[0-5])"
DECISIONS = ("reveal", "bury", "call", "play")


def _cards(text: str) -> list[Card]:
    try:
        return parse_cards(text)
    except RulesError as err:
        raise ScenarioError(str(err)) from None


def _seats(text: str) -> list[int]:
    tokens = text.replace(",", " ").split()
    if any(t not in "012345" or len(t) != 1 for t in tokens):
        raise ScenarioError(f"seats are 0–5, not {text[:40]!r}")
    return [int(t) for t in tokens]


def build_deck(first: int, dealt: dict[int, list[Card]], kitty: list[Card]) -> list[str]:
    """The full 162-card dealing order for the given cards (see module docstring)."""
    slots: list[Card | None] = [None] * 162
    for seat, cards in dealt.items():
        if len(cards) > 26:
            raise ScenarioError(
                f"seat {seat} is dealt {len(cards)} cards; a seat receives 26 (R01.2)")
        for k, card in enumerate(cards):
            slots[(seat - first) % 6 + 6 * k] = card
    if len(kitty) > 6:
        raise ScenarioError(f"the kitty holds 6 cards, not {len(kitty)} (R01.2)")
    for k, card in enumerate(kitty):
        slots[156 + k] = card
    used = [c for c in slots if c is not None]
    remaining = [c for c in reversed(ALL_FACES) for _ in range(DECKS)]
    for card in used:
        try:
            remaining.remove(card)
        except ValueError:
            raise ScenarioError(f"more than {DECKS} copies of {card} in the deal (R01.1)") from None
    filler = iter(remaining)
    return [str(c if c is not None else next(filler)) for c in slots]


# ---------------------------------------------------------------------------------------------
# Deal setup
# ---------------------------------------------------------------------------------------------


def _deal(b: Builder) -> dict[str, Any]:
    if "position" in b.extensions:
        raise ScenarioError("a scenario starts from a deal or from a position, not both")
    if b.steps:
        raise ScenarioError("Given steps that set up the deal must come before the first When")
    deal: dict[str, Any] = b.extensions.setdefault("deal", {"first": None, "dealt": {},
                                                            "kitty": []})
    return deal


@step("given", r"the first card goes to " + SEAT, "the first card goes to seat 3")
def _first(b: Builder, seat: str) -> None:
    _deal(b)["first"] = int(seat)


@step("given", SEAT + r' is dealt "(?P<cards>[^"]+)"', 'seat 2 is dealt "4H 3H"')
def _dealt(b: Builder, seat: str, cards: str) -> None:
    dealt = _deal(b)["dealt"]
    if int(seat) in dealt:
        raise ScenarioError(f"seat {seat}'s cards are given twice")
    dealt[int(seat)] = _cards(cards)


@step("given", r'the kitty is "(?P<cards>[^"]+)"', 'the kitty is "4D 4C 4H 4S 6D 6C"')
def _kitty(b: Builder, cards: str) -> None:
    _deal(b)["kitty"] = _cards(cards)


@step("given", r"a new match is dealt", "a new match is dealt", rulings=("D34",))
def _new_match(b: Builder) -> None:
    _deal(b)


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
                               "previous_winners": sorted(_seats(winners))}


def _finish_deal(b: Builder) -> None:
    """Turn the deal steps into ``setup.deal``: the whole deck order, either given
    (``the deck order is:``) or built from the dealt cards (:func:`build_deck`)."""
    spec = b.extensions.get("deal")
    if spec is None or b.setup is not None:
        return
    history = b.extensions.get("history")
    first = spec["first"]
    if first is None:  # D2: seat 0 in the first hand, the seat after the previous banker later
        first = 0 if history is None else (history["previous_banker"] + 1) % 6
    if "order" in spec:
        if spec["dealt"] or spec["kitty"]:
            raise ScenarioError("give either the whole deck order or the dealt cards, not both")
        deck = spec["order"]
    else:
        deck = build_deck(first, spec["dealt"], spec["kitty"])
    deal: dict[str, Any] = {"deck": deck, "first": first}
    if history is not None:
        deal.update(hand=history["hand"], previous_banker=history["previous_banker"],
                    previous_winners=history["previous_winners"])
    if "levels" in b.extensions:
        deal["levels"] = b.extensions["levels"]
    b.setup = {"deal": deal}


SETUP_FINISHERS.append(_finish_deal)


def _render_deal(s: Scenario) -> list[str]:
    if not s.setup or "deal" not in s.setup:
        return []
    deal = s.setup["deal"]
    lines = []
    if deal.get("hand", 1) >= 2:  # the schema then requires the previous banker and winners
        lines.append(f"Given this is hand {deal['hand']}, after seat {deal['previous_banker']} "
                     f"was banker and seats {q(' '.join(map(str, deal['previous_winners'])))} won")
    if "levels" in deal:
        lines.append(f"Given the levels are {q(' '.join(deal['levels']))}")
    lines.append("Given the deck order is:")
    lines.append('  """')
    deck = deal["deck"]
    lines.extend("  " + " ".join(deck[i:i + 27]) for i in range(0, 162, 27))
    lines.append('  """')
    if "first" in deal:  # else the D2 default, as when the feature does not say
        lines.append(f"Given the first card goes to seat {deal['first']}")
    return lines


SETUP_RENDERERS.append(_render_deal)


@step("given", r"the deck order is:", 'the deck order is: (then a """ doc string of 162 cards)')
def _deck_order(b: Builder, doc: str | None) -> None:
    if not doc:
        raise ScenarioError("give the 162 cards in a doc string after this step")
    deal = _deal(b)
    cards = _cards(doc)
    if len(cards) != 162:
        raise ScenarioError(f"the deck order needs all 162 cards, not {len(cards)} (R01.1)")
    deal["order"] = [str(c) for c in cards]




# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


def _act(b: Builder, action: dict[str, Any]) -> None:
    b.assume(b.add({"op": "act", "action": action, "expect": {"accepted": True}}), "accepted")


@step("when", SEAT + r' reveals "(?P<card>[^"]+)"', 'seat 2 reveals "3H"', rulings=("D34",))
def _reveal(b: Builder, seat: str, card: str) -> None:
    _act(b, {"type": "reveal", "seat": int(seat), "card": card})


@step("when", SEAT + r" skips", "seat 2 skips")
def _skip(b: Builder, seat: str) -> None:
    _act(b, {"type": "skip", "seat": int(seat)})


@step("when", SEAT + r' buries "(?P<cards>[^"]+)"', 'seat 2 buries "4D 4C 4H 4S 6D 6C"')
def _bury(b: Builder, seat: str, cards: str) -> None:
    _act(b, {"type": "bury", "seat": int(seat), "cards": split_cards(cards)})


@step("when", SEAT + r' calls the (?P<o1>1st|2nd|3rd) "(?P<f1>[^"]+)" and the '
                     r'(?P<o2>1st|2nd|3rd) "(?P<f2>[^"]+)"',
      'seat 2 calls the 1st "AH" and the 2nd "AS"')
def _call(b: Builder, seat: str, o1: str, f1: str, o2: str, f2: str) -> None:
    _act(b, {"type": "call", "seat": int(seat), "calls": [
        {"face": f1, "ordinal": ORDINALS[o1]}, {"face": f2, "ordinal": ORDINALS[o2]}]})


@step("when", SEAT + r' (?:plays|leads) "(?P<cards>[^"]+)"(?: as "(?P<shape>[^"]+)")?',
      'seat 3 plays "7H 7S"')
def _play(b: Builder, seat: str, cards: str, shape: str = "") -> None:
    action: dict[str, Any] = {"type": "play", "seat": int(seat), "cards": split_cards(cards)}
    if shape:
        action["shape"] = shape
    _act(b, action)


@step("when", SEAT + r" passes", "seat 4 passes")
def _pass(b: Builder, seat: str) -> None:
    _act(b, {"type": "pass", "seat": int(seat)})


@step("when", r"the action (?P<action>\{.*\}) is sent",
      'the action {"type": "skip", "seat": 1} is sent')
def _raw_action(b: Builder, action: str) -> None:
    parsed = parse_json(action)
    if not isinstance(parsed, dict) or "type" not in parsed:
        raise ScenarioError("an action is a JSON object with a \"type\"")
    _act(b, parsed)


@step("then", r"the action is rejected citing (?P<clause>R\d\d\.\d+)",
      "the action is rejected citing R13.2", rulings=("D35",))
def _rejected(b: Builder, clause: str) -> None:
    s = b.last("act", "next_hand", what="an action")
    s["expect"] = {"accepted": False, "clause": clause}
    b.extensions.get("assumed", set()).discard((id(s), "accepted"))  # now said explicitly


@step("then", r"the action is rejected", "the action is rejected", rulings=("D35",))
def _rejected_any(b: Builder) -> None:
    """A rejection judged on the rejection alone, whatever clause the engine cites: the
    step exports as ``expect: {accepted: false}`` with no clause."""
    s = b.last("act", "next_hand", what="an action")
    s["expect"] = {"accepted": False}
    b.extensions.get("assumed", set()).discard((id(s), "accepted"))  # now said explicitly


@step("then", r"the action is accepted", "the action is accepted")
def _accepted(b: Builder) -> None:
    b.last("act", "next_hand", what="an action")


PHASE_WORDS = {"the banker buries": "burying", "play begins": "playing",
               "the hand ends": "finished"}


@step("when", r"dealing continues until (?:draw (?P<draw>\d+)|seat (?P<seat>[0-5]) is asked to "
              r"reveal|(?P<phase>the banker buries|play begins|the hand ends))",
      "dealing continues until seat 2 is asked to reveal")
def _advance(b: Builder, draw: str = "", seat: str = "", phase: str = "") -> None:
    if draw:
        until: dict[str, Any] = {"draw": number(draw, "draw")}
    elif seat:
        until = {"prompt": int(seat)}
    else:
        until = {"phase": PHASE_WORDS[phase]}
    b.add({"op": "advance", "until": until})


@step("when", r'the next hand is dealt(?: from (?P<seat>seat [0-5])(?: with (?P<spec>.+))?)?',
      'the next hand is dealt from seat 1 with seat 3 dealt "4H"')
def _next_hand(b: Builder, seat: str = "", spec: str = "") -> None:
    """The next hand's deal. Chosen cards need the first receiver (``from seat N``) to know
    which draws are whose; without it the engine's D2 default applies to a filled deck."""
    dealt: dict[int, list[Card]] = {}
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        head, _, cards = part.partition(" dealt ")
        if re.fullmatch(r"seat [0-5]", head) is None or re.fullmatch(r'"[^"]*"', cards) is None:
            raise ScenarioError('write: with seat 3 dealt "4H 4S"; seat 5 dealt "5D"')
        if int(head[5:]) in dealt:
            raise ScenarioError(f"{head}'s cards are given twice")
        dealt[int(head[5:])] = _cards(cards.strip('"'))
    first = int(seat.split()[1]) if seat else None
    s: dict[str, Any] = {"op": "next_hand",
                         "deck": build_deck(first if first is not None else 0, dealt, [])}
    if first is not None:
        s["first"] = first
    s["expect"] = {"accepted": True}
    b.assume(b.add(s), "accepted")


@step("when", r"the next hand is dealt(?: from seat (?P<seat>[0-5]))? in the order:",
      'the next hand is dealt from seat 1 in the order: (then a """ doc string of 162 cards)')
def _next_hand_order(b: Builder, seat: str = "", doc: str | None = None) -> None:
    """The next hand's whole deck. Its tokens and copies are checked once the scenario is
    built (:func:`fivetenk.scenario.content_problems`), so that a step expecting the deal
    to be rejected may hold a fourth copy, as in JSON."""
    cards = split_cards(doc or "")
    if len(cards) != 162:
        raise ScenarioError(f"the deck order needs all 162 cards, not {len(cards)} (R01.1)")
    s: dict[str, Any] = {"op": "next_hand", "deck": cards}
    if seat:
        s["first"] = int(seat)
    s["expect"] = {"accepted": True}
    b.assume(b.add(s), "accepted")


@renderer
def _render_actions(s: dict[str, Any]) -> list[str] | None:
    op = s["op"]
    exp = s.get("expect", {})
    tail: list[str] = []
    if exp.get("accepted") is False and isinstance(exp.get("clause"), str) \
            and _CLAUSE.fullmatch(exp["clause"]):
        tail.append(f"Then the action is rejected citing {exp['clause']}")
        tail += generic_checks(s, {"accepted", "clause"})
    elif exp.get("accepted") is False and "clause" not in exp:
        tail.append("Then the action is rejected")
        tail += generic_checks(s, {"accepted"})
    elif exp.get("accepted") is True:
        tail += generic_checks(s, {"accepted"})
    else:
        tail += generic_checks(s, set())
    if op == "act":
        a = s["action"]
        return [_action_line(a), *tail, *_render_observation_checks(s)]
    if op == "advance":
        until = s["until"]
        if "draw" in until:
            line = f"When dealing continues until draw {until['draw']}"
        elif "prompt" in until:
            line = f"When dealing continues until seat {until['prompt']} is asked to reveal"
        else:
            words = {v: k for k, v in PHASE_WORDS.items()}
            line = f"When dealing continues until {words[until['phase']]}"
        return [line, *_render_observation_checks(s)]
    if op == "next_hand":
        seat = f" from seat {s['first']}" if "first" in s else ""
        deck = s["deck"]
        return [f"When the next hand is dealt{seat} in the order:", '  """',
                *("  " + " ".join(deck[i:i + 27]) for i in range(0, 162, 27)), '  """', *tail]
    if op == "observe":
        return _render_observation_checks(s)
    return None


def _action_line(a: dict[str, Any]) -> str:
    """The When line of an action: its phrase when the phrase reads back as exactly this
    action, else the raw JSON form (any action a JSON scenario may send)."""
    kind, keys = a.get("type"), set(a)
    if type(a.get("seat")) is int and 0 <= a["seat"] <= 5:
        seat = f"seat {a['seat']}"
        if kind == "reveal" and keys == {"type", "seat", "card"} and card_words([a["card"]]):
            return f"When {seat} reveals {q(a['card'])}"
        if kind == "skip" and keys == {"type", "seat"}:
            return f"When {seat} skips"
        if kind == "pass" and keys == {"type", "seat"}:
            return f"When {seat} passes"
        if kind == "bury" and keys == {"type", "seat", "cards"} and card_words(a["cards"]):
            return f"When {seat} buries {cards_text(a['cards'])}"
        if (kind == "play" and {"type", "seat", "cards"} <= keys <= {"type", "seat", "cards",
                                                                    "shape"}
                and card_words(a["cards"]) and ("shape" not in a or quotable(a["shape"]))):
            shape = f" as {q(a['shape'])}" if "shape" in a else ""
            return f"When {seat} plays {cards_text(a['cards'])}{shape}"
        calls = a.get("calls")
        if (kind == "call" and keys == {"type", "seat", "calls"} and isinstance(calls, list)
                and len(calls) == 2
                and all(isinstance(c, dict) and set(c) == {"face", "ordinal"}
                        and type(c["ordinal"]) is int and c["ordinal"] in ORDINAL_TEXT
                        and card_words([c["face"]]) for c in calls)):
            c1, c2 = calls
            return (f"When {seat} calls the {ORDINAL_TEXT[c1['ordinal']]} {q(c1['face'])} and "
                    f"the {ORDINAL_TEXT[c2['ordinal']]} {q(c2['face'])}")
    return f"When the action {json.dumps(a, ensure_ascii=False)} is sent"


# ---------------------------------------------------------------------------------------------
# Observation checks
# ---------------------------------------------------------------------------------------------

OBSERVATION_CHECKS: list[tuple[str, str, Any]] = []
"""(path, Then-text template, converter) used to render ``expect`` entries back to text."""


def _observe(b: Builder, path: str, value: Any) -> None:
    b.expect(b.observation(), path, value)


@step("then", SEAT + r" is the banker", "seat 2 is the banker")
def _banker(b: Builder, seat: str) -> None:
    _observe(b, "banker", int(seat))


@step("then", r"no banker is fixed", "no banker is fixed")
def _no_banker(b: Builder) -> None:
    _observe(b, "banker", None)


@step("then", r'the phase is "(?P<phase>[a-z]+)"', 'the phase is "playing"')
def _phase(b: Builder, phase: str) -> None:
    _observe(b, "phase", phase)


@step("then", SEAT + r" is asked to (?P<decision>reveal|bury|call|play)", "seat 2 is asked to bury")
def _pending(b: Builder, seat: str, decision: str) -> None:
    _observe(b, "pending", {"seat": int(seat), "decision": decision})


@step("then", r"nobody is asked to decide", "nobody is asked to decide")
def _no_pending(b: Builder) -> None:
    _observe(b, "pending", None)


@step("then", r"(?P<n>\d+) cards have been dealt", "57 cards have been dealt")
def _draws(b: Builder, n: str) -> None:
    _observe(b, "draws", number(n))


@step("then", r"this is deal (?P<n>\d+) of the hand", "this is deal 2 of the hand",
      rulings=("D30",))
def _deal_number(b: Builder, n: str) -> None:
    _observe(b, "deal", number(n))


@step("then", r'the banker side is "(?P<seats>[^"]*)"', 'the banker side is "2 4"')
def _banker_side(b: Builder, seats: str) -> None:
    _observe(b, "banker_side", sorted(_seats(seats)))


@step("then", r'the partners are "(?P<seats>[^"]*)"', 'the partners are "4"')
def _partners(b: Builder, seats: str) -> None:
    _observe(b, "partners", sorted(_seats(seats)))


@step("then", r"call (?P<n>[12]) is resolved by " + SEAT, "call 1 is resolved by seat 4")
def _resolved(b: Builder, n: str, seat: str) -> None:
    _observe(b, f"calls.{int(n) - 1}.resolved_by", int(seat))


@step("then", r"call (?P<n>[12]) is unresolved", "call 2 is unresolved")
def _unresolved(b: Builder, n: str) -> None:
    _observe(b, f"calls.{int(n) - 1}.resolved_by", None)


@step("then", r"call (?P<n>[12]) has seen (?P<k>\d+) occurrences?", "call 1 has seen 2 occurrences")
def _occurrences(b: Builder, n: str, k: str) -> None:
    _observe(b, f"calls.{int(n) - 1}.played", number(k))


@step("then", SEAT + r" has captured (?P<points>\d+) points", "seat 3 has captured 25 points")
def _captured(b: Builder, seat: str, points: str) -> None:
    _observe(b, f"captured.{seat}", number(points))


@step("then", SEAT + r" holds (?P<n>\d+) cards?", "seat 2 holds 32 cards")
def _hand_size(b: Builder, seat: str, n: str) -> None:
    _observe(b, f"hand_sizes.{seat}", number(n))


@step("then", r'the hand sizes are "(?P<sizes>[^"]+)"', 'the hand sizes are "26 26 32 26 26 26"')
def _hand_sizes(b: Builder, sizes: str) -> None:
    _observe(b, "hand_sizes", [number(x, "hand size") for x in sizes.split()])


@step("then", r'the out seats are "(?P<seats>[^"]*)"', 'the out seats are "1 5"')
def _out(b: Builder, seats: str) -> None:
    _observe(b, "out", _seats(seats))


@step("then", r"there is no trick in progress", "there is no trick in progress")
def _no_trick(b: Builder) -> None:
    _observe(b, "trick", None)


@step("then", SEAT + r" leads the trick", "seat 3 leads the trick")
def _leader(b: Builder, seat: str) -> None:
    _observe(b, "trick.leader", int(seat))


@step("then", r'the top play is "(?P<combo>[^"]+)" by ' + SEAT,
      'the top play is "pair 5" by seat 2')
def _top(b: Builder, combo: str, seat: str) -> None:
    _observe(b, "trick.top", {"seat": int(seat), "combo": combo})


@step("then", r"the table holds (?P<points>\d+) points", "the table holds 15 points")
def _table(b: Builder, points: str) -> None:
    _observe(b, "trick.points", number(points))


@step("then", r'the hand ends with "(?P<ending>[a-z_]+)"', 'the hand ends with "bankers_out"')
def _ending(b: Builder, ending: str) -> None:
    _observe(b, "result.ending", ending)


@step("then", r"the hand goes on", "the hand goes on")
def _goes_on(b: Builder) -> None:
    _observe(b, "result", None)


@step("then", r"the defender total is (?P<points>\d+)", "the defender total is 125")
def _defender_total(b: Builder, points: str) -> None:
    _observe(b, "result.defender_total", number(points))


@step("then", r'the band is "(?P<band>[0-9-]+)"', 'the band is "120-175"')
def _band(b: Builder, band: str) -> None:
    _observe(b, "result.band", band)


@step("then", r"the (?P<side>bankers|defenders) win", "the defenders win")
def _winners(b: Builder, side: str) -> None:
    _observe(b, "result.winners", side)


@step("then", r"each winner advances (?P<n>[0-3]) levels?", "each winner advances 1 level")
def _advance_by(b: Builder, n: str) -> None:
    _observe(b, "result.advance", int(n))


@step("then", r"the (?P<what>kitty|table) points \((?P<points>\d+)\) go to " + SEAT,
      "the kitty points (20) go to seat 3")
def _points_to(b: Builder, what: str, points: str, seat: str) -> None:
    _observe(b, f"result.{what}_points", number(points))
    _observe(b, f"result.{what}_to", int(seat))


@step("then", r"the remnant points \((?P<points>\d+)\) go to the (?P<side>bankers|defenders)",
      "the remnant points (35) go to the bankers")
def _remnant(b: Builder, points: str, side: str) -> None:
    _observe(b, "result.remnant_points", number(points))
    _observe(b, "result.remnant_to", side)


@step("then", r'the levels are now "(?P<levels>[^"]+)"', 'the levels are now "4 3 4 3 3 3"')
def _new_levels(b: Builder, levels: str) -> None:
    _observe(b, "levels", levels.split())


@step("then", r'the match winners are "(?P<seats>[^"]*)"', 'the match winners are "2 4"')
def _match_winners(b: Builder, seats: str) -> None:
    _observe(b, "result.match_winners", sorted(_seats(seats)))


@step("then", r"the match is (?P<state>over|not over)", "the match is over")
def _match_over(b: Builder, state: str) -> None:
    _observe(b, "match_over", state == "over")


@step("then", r'the observation at "(?P<path>[a-z0-9_.]+)" is (?P<value>.+)',
      'the observation at "result.kitty_points" is 20')
def _generic(b: Builder, path: str, value: str) -> None:
    _observe(b, path, parse_json(value))


def _render_observation_checks(s: dict[str, Any]) -> list[str]:
    """Observation expectations as generic Then steps (exact and round-trippable)."""
    if s["op"] not in ("observe", "advance"):
        return []
    lines = [f"Then the observation at {q(path)} is {json.dumps(value, ensure_ascii=False)}"
             for path, value in s.get("expect", {}).items()]
    return lines + generic_checks({k: v for k, v in s.items() if k != "expect"}, set())


# ---------------------------------------------------------------------------------------------
# Positions: a hand in progress, written by the cards that matter
# ---------------------------------------------------------------------------------------------


def _position(b: Builder) -> dict[str, Any]:
    if "deal" in b.extensions:
        raise ScenarioError("a scenario starts from a deal or from a position, not both")
    if b.steps:
        raise ScenarioError("Given steps that set up the position must come before the first When")
    if "position" not in b.extensions:
        raise ScenarioError('start the position with: Given a hand in play with seat 0 as banker')
    spec: dict[str, Any] = b.extensions["position"]
    return spec


@step("given", r"a hand in play with " + SEAT + r" as banker",
      "a hand in play with seat 0 as banker")
def _in_play(b: Builder, seat: str) -> None:
    if "position" in b.extensions:
        raise ScenarioError("the position is started twice")
    b.extensions["position"] = {"banker": int(seat), "hands": {}, "trick": []}
    _position(b)


@step("given", SEAT + r' holds "(?P<cards>[^"]*)"', 'seat 1 holds "5H 5S 9D"')
def _holds(b: Builder, seat: str, cards: str) -> None:
    hands = _position(b)["hands"]
    if int(seat) in hands:
        raise ScenarioError(f"seat {seat}'s hand is given twice")
    hands[int(seat)] = [str(c) for c in _cards(cards)]


@step("given", r'the banker called the (?P<o1>1st|2nd|3rd) "(?P<f1>[^"]+)" and the '
               r'(?P<o2>1st|2nd|3rd) "(?P<f2>[^"]+)"',
      'the banker called the 1st "AH" and the 2nd "AS"')
def _called(b: Builder, o1: str, f1: str, o2: str, f2: str) -> None:
    _position(b)["calls"] = [{"face": f1, "ordinal": ORDINALS[o1]},
                             {"face": f2, "ordinal": ORDINALS[o2]}]


@step("given", r"call (?P<n>[12]) was resolved by " + SEAT, "call 1 was resolved by seat 3")
def _was_resolved(b: Builder, n: str, seat: str) -> None:
    spec = _position(b)
    if "calls" not in spec:
        raise ScenarioError('say first which calls the banker made: Given the banker called …')
    spec["calls"][int(n) - 1]["resolved_by"] = int(seat)


@step("given", r'the buried cards are "(?P<cards>[^"]+)"',
      'the buried cards are "3D 3C 4D 4C 6D 6C"')
def _buried(b: Builder, cards: str) -> None:
    _position(b)["buried"] = [str(c) for c in _cards(cards)]


@step("given", SEAT + r" has captured (?P<points>\d+) points", "seat 3 has captured 40 points")
def _has_captured(b: Builder, seat: str, points: str) -> None:
    _position(b).setdefault("captured", {})[int(seat)] = number(points)


@step("given", r"the other captured points went to " + SEAT,
      "the other captured points went to seat 2")
def _rest_to(b: Builder, seat: str) -> None:
    _position(b)["rest_to"] = int(seat)


@step("given", SEAT + r' (?:led|has led) "(?P<cards>[^"]+)"(?: as "(?P<shape>[^"]+)")?',
      'seat 2 led "7S"')
def _led(b: Builder, seat: str, cards: str, shape: str = "") -> None:
    trick = _position(b)["trick"]
    if trick:
        raise ScenarioError("the trick already has a lead; later plays are 'then played'")
    trick.append([int(seat), cards, shape] if shape else [int(seat), cards])


@step("given", SEAT + r' then played "(?P<cards>[^"]+)"(?: as "(?P<shape>[^"]+)")?',
      'seat 3 then played "9S"')
def _then_played(b: Builder, seat: str, cards: str, shape: str = "") -> None:
    trick = _position(b)["trick"]
    if not trick:
        raise ScenarioError("a trick starts with a lead: Given seat 2 led …")
    trick.append([int(seat), cards, shape] if shape else [int(seat), cards])


@step("given", SEAT + r" then passed", "seat 4 then passed")
def _then_passed(b: Builder, seat: str) -> None:
    trick = _position(b)["trick"]
    if not trick:
        raise ScenarioError("a trick starts with a lead: Given seat 2 led …")
    trick.append([int(seat), None])


@step("given", r"it is " + SEAT + r"'s turn", "it is seat 3's turn")
def _turn(b: Builder, seat: str) -> None:
    _position(b)["turn"] = int(seat)


@step("given", r'the seats went out in the order "(?P<seats>[^"]*)"',
      'the seats went out in the order "4 5"')
def _out_order(b: Builder, seats: str) -> None:
    _position(b)["out"] = _seats(seats)


@step("given", r"the position is:", 'the position is: (then a """ doc string of position JSON)')
def _position_json(b: Builder, doc: str | None) -> None:
    if b.steps or "deal" in b.extensions or "position" in b.extensions:
        raise ScenarioError("a scenario starts from one deal or one position")
    if not doc:
        raise ScenarioError("give the position as JSON in a doc string after this step")
    try:
        value = _parse_json_text(doc)
    except ScenarioError as err:
        raise ScenarioError(f"the position is not JSON the kit accepts: {err.detail}") from None
    if not isinstance(value, dict):
        raise ScenarioError("the position is a JSON object")
    b.extensions["position_json"] = value


def _finish_position(b: Builder) -> None:
    if b.setup is not None:
        return
    if "position_json" in b.extensions:
        b.setup = {"position": b.extensions["position_json"]}
        return
    spec = b.extensions.get("position")
    if spec is None:
        return
    from .reference.position import build_position

    history = b.extensions.get("history", {})
    kwargs: dict[str, Any] = {
        "banker": spec["banker"],
        "trick": [tuple(e) for e in spec["trick"]] or None,
        "variants": b.variants,
    }
    for key in ("calls", "buried", "captured", "rest_to", "turn", "out"):
        if key in spec:
            kwargs[key] = spec[key]
    if "levels" in b.extensions:
        kwargs["levels"] = b.extensions["levels"]
    if history:
        kwargs.update(hand=history["hand"], previous_banker=history["previous_banker"],
                      previous_winners=history["previous_winners"])
    try:
        position = build_position(spec["hands"], **kwargs)
    except RulesError as err:
        raise ScenarioError(f"the position cannot occur: {err}") from None
    position.pop("variants", None)  # the scenario's variants apply
    b.setup = {"position": position}


SETUP_FINISHERS.append(_finish_position)


def position_lines(position: dict[str, Any], variants: dict[str, str]) -> list[str] | None:
    """The position written by the cards that matter, as the kit's ``Given`` phrases
    (``a hand in play with seat 0 as banker``, ``seat 1 holds "…"``, the calls, the
    burial, the captured points, the trick, whose turn it is, who went out; the
    scenario's variants are written before them by the renderer), or None when those
    phrases do not give back this very position (then it is written as JSON). Checked by
    compiling them: the position they build must parse the same as ``position``.

    :func:`_render_position` writes a position this way when it can, so that a case the
    fuzzer writes (or ``fivetenk render``) reads as a person would write it."""
    if position.get("phase", "playing") != "playing" or position.get("reveal") is not None:
        return None
    banker = position["banker"]
    lines = [f"Given a hand in play with seat {banker} as banker"]
    hand = position.get("hand", 1)
    if hand != 1:
        winners = " ".join(map(str, position.get("previous_winners", [])))
        lines.append(f"And this is hand {hand}, after seat {position.get('previous_banker')} "
                     f"was banker and seats {q(winners)} won")
    levels = position.get("levels", ["3"] * 6)
    if hand != 1 or any(level != "3" for level in levels):
        lines.append(f"And the levels are {q(' '.join(levels))}")
    calls = position.get("calls", [])
    if len(calls) == 2:
        (a, b) = calls
        lines.append(f"And the banker called the {ORDINAL_TEXT.get(a['ordinal'], '?')} "
                     f"{q(a['face'])} and the {ORDINAL_TEXT.get(b['ordinal'], '?')} "
                     f"{q(b['face'])}")
        for n, call in enumerate(calls, 1):
            if call.get("resolved_by") is not None:
                lines.append(f"And call {n} was resolved by seat {call['resolved_by']}")
    lines.append(f"And the buried cards are {q(' '.join(position['buried']))}")
    for seat, cards in enumerate(position["hands"]):
        if cards:
            lines.append(f"And seat {seat} holds {q(' '.join(cards))}")
    for seat, points in enumerate(position["captured"]):
        if points and seat != banker:
            lines.append(f"And seat {seat} has captured {points} points")
    trick = position.get("trick")
    if trick is not None:
        for k, entry in enumerate(trick["plays"]):
            if entry.get("pass"):
                lines.append(f"And seat {entry['seat']} then passed")
                continue
            verb = "led" if k == 0 else "then played"
            shape = f" as {q(entry['combo'])}" if entry.get("combo") else ""
            lines.append(f"And seat {entry['seat']} {verb} {q(' '.join(entry['cards']))}{shape}")
    lines.append(f"And it is seat {position['turn']}'s turn")
    if position.get("out"):
        lines.append(f"And the seats went out in the order "
                     f"{q(' '.join(map(str, position['out'])))}")
    given = [*(f"the variant {q(k)} is {q(v)}" for k, v in sorted(variants.items())),
             *(line.split(" ", 1)[1] for line in lines)]
    feature = "\n".join(["Feature: f", "", "  @id:x-1 @R13.1", "  Scenario: s",
                         *(("    Given " if i == 0 else "    And ") + text
                           for i, text in enumerate(given)),
                         "    When the pack is counted", ""])
    try:
        from .compiler import compile_text

        built = compile_text(feature, "<fuzz>")[0].setup
    except Exception:  # a phrase the compiler refuses: write the position as JSON
        return None
    if built is None:
        return None
    try:  # the same position once checked: derived counts ("played") may be left out
        same = (_parse_position({**position, "variants": variants})
                == _parse_position({**built["position"], "variants": variants}))
    except RulesError:
        return None
    return lines if same else None


def _parse_position(data: dict[str, Any]) -> Any:
    from .reference.position import parse_position

    return parse_position(data)


def _render_position(s: Scenario) -> list[str]:
    """A position by the cards that matter (:func:`position_lines`) when those phrases
    build this very position, else the whole position as JSON."""
    if not s.setup or "position" not in s.setup:
        return []
    lines = position_lines(s.setup["position"], s.variants)
    if lines is not None:
        return lines
    text = json.dumps(s.setup["position"], ensure_ascii=False, indent=2)
    return ["Given the position is:", '  """', *("  " + line for line in text.splitlines()),
            '  """']


SETUP_RENDERERS.append(_render_position)
