"""Phrases for the actions of a hand and what the table shows while it is played (rules 8–18).

Every action a seat takes has a When phrase here (reveal, skip, bury, call, play, pass, or
any action as JSON), as does ``dealing continues until …``. Every action step expects the
action to be accepted unless a ``Then the action is rejected…`` step follows it.

The Then phrases read the table: the phase, whose decision it is, the sides and the calls'
state, captured points, hand sizes, seats out, the trick on the table (its leader, top play
and every play and pass), and what a seat holds: ``Then seat 2 holds "5H 5S 9D"`` / ``holds
no cards`` asks an observation naming the seat (``{"op": "observe", "seat": 2}``), answered
with ``held`` by an implementation with the capability ``hands`` (hands are private, so a
plain observation never shows them; a scenario using it is skipped without the capability).
``Then the observation at "…" is …`` checks any field of the
observation that has no phrase of its own, and is how every observation check is rendered
back (exact and round-trippable).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..model.scenario import ScenarioError
from ..reference import RulesError, format_cards, parse_cards
from .registry import (
    CLAUSE,
    ORDINAL_TEXT,
    ORDINALS,
    RUN_RENDERERS,
    SEAT,
    Builder,
    card_words,
    cards_text,
    generic_checks,
    number,
    observe,
    parse_json,
    phrased_checks,
    q,
    quotable,
    renderer,
    seat_list,
    six_numbers,
    sorted_cards,
    split_cards,
    step,
)

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


@step("when", r"seats (?P<seats>[0-5](?:, [0-5])* and [0-5]) pass",
      "seats 3, 4 and 5 pass")
def _seats_pass(b: Builder, seats: str) -> None:
    """Several passes, in the order written; each must be accepted."""
    for seat in seat_list(seats.replace(" and ", ", ")):
        b.assume(b.add({"op": "act", "action": {"type": "pass", "seat": seat},
                        "expect": {"accepted": True}}), "accepted")


@step("when", r"the other seats pass", "the other seats pass")
def _others_pass(b: Builder) -> None:
    """The five seats after the one that just played, in turn (seat ``s + 1`` first, round
    the table), each pass, and each pass must be accepted: a trick nobody answers, as when
    a banker leads its hand out (R13, R14). It follows a play; a seat that is out has no
    turn, so such a pass is rejected and the scenario says so (write the seats that pass
    with ``seats 3, 4 and 5 pass`` there)."""
    act = next((s for s in reversed(b.steps) if s["op"] != "observe"), None)
    action = act.get("action") if act is not None and act["op"] == "act" else None
    if not isinstance(action, dict) or action.get("type") != "play" \
            or type(action.get("seat")) is not int or not 0 <= action["seat"] <= 5:
        raise ScenarioError('"the other seats pass" follows a seat\'s play (When seat 4 '
                            'plays "…"): it passes for the five seats after that one')
    for seat in _others(action["seat"]):
        b.assume(b.add({"op": "act", "action": {"type": "pass", "seat": seat},
                        "expect": {"accepted": True}}), "accepted")


def _others(seat: int) -> list[int]:
    """The five seats after ``seat``, in turn order."""
    return [(seat + k) % 6 for k in range(1, 6)]


def others_pass_lines(steps: list[dict[str, Any]], at: int) -> tuple[list[str], int] | None:
    """``When the other seats pass`` for ``steps[at:at + 5]`` when they are exactly the
    passes that phrase makes (accepted, nothing else expected) right after a play by the
    seat before them; None otherwise."""
    if at == 0 or at + 5 > len(steps):
        return None
    play = steps[at - 1]
    action = play.get("action") if play.get("op") == "act" else None
    if not isinstance(action, dict) or action.get("type") != "play" \
            or type(action.get("seat")) is not int or not 0 <= action["seat"] <= 5:
        return None
    for seat, s in zip(_others(action["seat"]), steps[at:at + 5], strict=True):
        if (s.get("op") != "act" or set(s) - {"line"} != {"op", "action", "expect"}
                or s["action"] != {"type": "pass", "seat": seat}
                or s["expect"] != {"accepted": True}):
            return None
    return ["When the other seats pass"], 5


RUN_RENDERERS.append(others_pass_lines)


@step("when", r"the action (?P<action>\{.*\}) is sent",
      'the action {"type": "skip", "seat": 1} is sent')
def _raw_action(b: Builder, action: str) -> None:
    parsed = parse_json(action)
    if not isinstance(parsed, dict) or "type" not in parsed:
        raise ScenarioError("an action is a JSON object with a \"type\"")
    _act(b, parsed)


@step("then", r"the action is rejected citing (?P<clause>R\d\d\.\d+|no clause)",
      "the action is rejected citing R13.2", rulings=("D35",))
def _rejected(b: Builder, clause: str) -> None:
    """A rejection citing ``clause`` (D35), or ``no clause``: an action that is malformed
    (an unknown type, a missing or unknown field, a seat that is not 0-5, a field of the
    wrong type) breaks the notation, not a rule (schemas/protocol.md, act)."""
    s = b.last("act", "next_hand", what="an action")
    s["expect"] = {"accepted": False, "clause": None if clause == "no clause" else clause}
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


# ---------------------------------------------------------------------------------------------
# The table during play
# ---------------------------------------------------------------------------------------------


@step("then", r'the phase is "(?P<phase>[a-z]+)"', 'the phase is "playing"')
def _phase(b: Builder, phase: str) -> None:
    observe(b, "phase", phase)


@step("then", SEAT + r" is asked to (?P<decision>reveal|bury|call|play)", "seat 2 is asked to bury")
def _pending(b: Builder, seat: str, decision: str) -> None:
    observe(b, "pending", {"seat": int(seat), "decision": decision})


@step("then", r"nobody is asked to decide", "nobody is asked to decide")
def _no_pending(b: Builder) -> None:
    observe(b, "pending", None)


@step("then", r'the banker side is "(?P<seats>[^"]*)"', 'the banker side is "2 4"')
def _banker_side(b: Builder, seats: str) -> None:
    observe(b, "banker_side", sorted(seat_list(seats)))


@step("then", r'the partners are "(?P<seats>[^"]*)"', 'the partners are "4"')
def _partners(b: Builder, seats: str) -> None:
    observe(b, "partners", sorted(seat_list(seats)))


@step("then", r"call (?P<n>[12]) is resolved by " + SEAT, "call 1 is resolved by seat 4")
def _resolved(b: Builder, n: str, seat: str) -> None:
    observe(b, f"calls.{int(n) - 1}.resolved_by", int(seat))


@step("then", r"call (?P<n>[12]) is unresolved", "call 2 is unresolved")
def _unresolved(b: Builder, n: str) -> None:
    observe(b, f"calls.{int(n) - 1}.resolved_by", None)


@step("then", r"call (?P<n>[12]) has seen (?P<k>\d+) occurrences?", "call 1 has seen 2 occurrences")
def _occurrences(b: Builder, n: str, k: str) -> None:
    observe(b, f"calls.{int(n) - 1}.played", number(k))


@step("then", SEAT + r" has captured (?P<points>\d+) points", "seat 3 has captured 25 points")
def _captured(b: Builder, seat: str, points: str) -> None:
    observe(b, f"captured.{seat}", number(points))


@step("then", SEAT + r" holds (?P<n>\d+) cards?", "seat 2 holds 32 cards")
def _hand_size(b: Builder, seat: str, n: str) -> None:
    observe(b, f"hand_sizes.{seat}", number(n))


@step("then", r'the hand sizes are "(?P<sizes>[^"]+)"', 'the hand sizes are "26 26 32 26 26 26"')
def _hand_sizes(b: Builder, sizes: str) -> None:
    observe(b, "hand_sizes", [number(x, "hand size") for x in sizes.split()])


@step("then", r'the out seats are "(?P<seats>[^"]*)"', 'the out seats are "1 5"')
def _out(b: Builder, seats: str) -> None:
    observe(b, "out", seat_list(seats))


@step("then", r"there is no trick in progress", "there is no trick in progress")
def _no_trick(b: Builder) -> None:
    observe(b, "trick", None)


@step("then", SEAT + r" leads the trick", "seat 3 leads the trick")
def _leader(b: Builder, seat: str) -> None:
    observe(b, "trick.leader", int(seat))


@step("then", r'the top play is "(?P<combo>[^"]+)" by ' + SEAT,
      'the top play is "pair 5" by seat 2')
def _top(b: Builder, combo: str, seat: str) -> None:
    observe(b, "trick.top", {"seat": int(seat), "combo": combo})


@step("then", r"the table holds (?P<points>\d+) points", "the table holds 15 points")
def _table(b: Builder, points: str) -> None:
    observe(b, "trick.points", number(points))


@step("then", r"the trick is over and " + SEAT + r" leads next",
      "the trick is over and seat 2 leads next")
def _trick_over(b: Builder, seat: str) -> None:
    """No trick on the table, and ``seat`` must lead the next one (R13.3, R15.1)."""
    observe(b, "trick", None)
    observe(b, "pending", {"seat": int(seat), "decision": "play"})


@step("then", r'the captured points are "(?P<points>[^"]+)"',
      'the captured points are "0 25 0 0 0 275"')
def _captured_all(b: Builder, points: str) -> None:
    """The points captured in completed tricks, per seat (R14.1)."""
    observe(b, "captured", six_numbers(points, "the captured points"))


_PLAY_ENTRY = re.compile(
    r"(?P<seat>[0-5]): (?:(?P<pass>pass)|(?P<cards>[^=;]+?) = (?P<combo>[^=;]+?))")


def _trick_entry(text: str) -> dict[str, Any]:
    """``1: 7S 7H = pair 7`` or ``3: pass`` → one entry of ``trick.plays``."""
    match = _PLAY_ENTRY.fullmatch(text.strip())
    if match is None:
        raise ScenarioError(f'write each entry of the trick as "1: 7S 7H = pair 7" or "3: pass", '
                            f"not {text.strip()[:60]!r}")
    if match["pass"]:
        return {"seat": int(match["seat"]), "pass": True}
    try:
        cards = format_cards(parse_cards(match["cards"], allow_empty=False)).split()
    except RulesError as err:
        raise ScenarioError(str(err)) from None
    return {"seat": int(match["seat"]), "cards": cards, "combo": match["combo"].strip()}


@step("then", r'the trick\'s plays are "(?P<entries>[^"]+)"',
      'the trick\'s plays are "1: 7S 7H = pair 7; 2: pass; 3: 9S 9D = pair 9"')
def _trick_plays(b: Builder, entries: str) -> None:
    """Every play (its cards in canonical order and the reading it took, D10) and every pass
    (R13.2) of the trick on the table, in order."""
    observe(b, "trick.plays", [_trick_entry(e) for e in entries.split(";")])


# ---------------------------------------------------------------------------------------------
# What a seat holds (capability ``hands``)
# ---------------------------------------------------------------------------------------------


def seat_observation(b: Builder, seat: int, *, new: bool = False) -> dict[str, Any]:
    """The ``observe`` step naming ``seat`` whose result a Then checks: the last step when
    it is one (unless ``new``), else a new one. Hands are private, so an observation shows
    a seat's cards (``held``) only when the request names the seat, which needs capability
    ``hands``; a plain observation or an ``advance`` never does."""
    last = b.steps[-1] if b.steps else None
    if not new and last is not None and last["op"] == "observe" and last.get("seat") == seat:
        return last
    return b.add({"op": "observe", "seat": seat})


@step("then", SEAT + r' holds (?:"(?P<cards>[^"]+)"|(?P<none>no cards))',
      'seat 2 holds "5H 5S 9D"')
def _held(b: Builder, seat: str, cards: str = "", none: str = "") -> None:
    """The cards a seat holds, in any order (compared in canonical order): what is left
    after its plays (R13.2, R16.1), the kitty taken up by the banker (R10.1). ``holds no
    cards``: the seat is out (R16.1). ``seat 2 holds 32 cards`` is the public count."""
    b.expect(seat_observation(b, int(seat)), "held", [] if none else sorted_cards(cards))


@step("then", r"the observation shows " + SEAT + r"'s cards",
      "the observation shows seat 2's cards")
def _shows_cards(b: Builder, seat: str) -> None:
    """A new observation naming ``seat`` (``held`` added to it); the Then steps after it
    check that observation. ``fivetenk render`` writes it for an observation naming a seat
    whose ``held`` no ``holds`` phrase can say."""
    seat_observation(b, int(seat), new=True)


@step("then", r'the observation at "(?P<path>[a-z0-9_.]+)" is (?P<value>.+)',
      'the observation at "result.kitty_points" is 20')
def _generic(b: Builder, path: str, value: str) -> None:
    observe(b, path, parse_json(value))


# ---------------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------------


def rendered_expectations(s: dict[str, Any]) -> list[str]:
    """The Then lines of an action-like step (an action, a next hand): how it is expected to
    be rejected (with or without its clause), then any other expectation."""
    exp = s.get("expect", {})
    tail: list[str] = []
    if exp.get("accepted") is False and isinstance(exp.get("clause"), str) \
            and CLAUSE.fullmatch(exp["clause"]):
        tail.append(f"Then the action is rejected citing {exp['clause']}")
        tail += generic_checks(s, {"accepted", "clause"})
    elif exp.get("accepted") is False and "clause" in exp and exp["clause"] is None:
        tail.append("Then the action is rejected citing no clause")
        tail += generic_checks(s, {"accepted", "clause"})
    elif exp.get("accepted") is False and "clause" not in exp:
        tail.append("Then the action is rejected")
        tail += generic_checks(s, {"accepted"})
    elif exp.get("accepted") is True:
        tail += generic_checks(s, {"accepted"})
    else:
        tail += generic_checks(s, set())
    return tail


@renderer
def _render_actions(s: dict[str, Any]) -> list[str] | None:
    op = s["op"]
    if op == "act":
        tail = rendered_expectations(s)
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


def _render_observation_checks(s: dict[str, Any]) -> list[str]:
    """Observation expectations as generic Then steps (exact and round-trippable); an
    observation naming a seat starts with ``Then seat N holds …`` when that phrase reads
    back as its ``held`` expectation, else with ``Then the observation shows seat N's
    cards``."""
    if s["op"] not in ("observe", "advance"):
        return []
    expect = dict(s.get("expect", {}))
    lines: list[str] = []
    if s["op"] == "observe" and "seat" in s:
        held = expect.get("held")
        if _held_words(held):
            lines.append(f"Then seat {s['seat']} holds "
                         + (cards_text(held) if held else "no cards"))
            del expect["held"]
        else:
            lines.append(f"Then the observation shows seat {s['seat']}'s cards")
    phrased, done = phrased_checks(expect)  # the kit's own phrases where one says it
    lines += phrased
    lines += [f"Then the observation at {q(path)} is {json.dumps(value, ensure_ascii=False)}"
              for path, value in expect.items() if path not in done]
    return lines + generic_checks({k: v for k, v in s.items() if k != "expect"}, set())


def _held_words(value: Any) -> bool:
    """Whether ``held`` reads back from ``holds "…"`` / ``holds no cards`` unchanged: card
    tokens already in canonical order (the phrase sorts what it reads)."""
    if not card_words(value, empty=True):
        return False
    try:
        return bool(sorted_cards(" ".join(value)) == value)
    except ScenarioError:
        return False
