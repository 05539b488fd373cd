"""Phrases for scenarios that start from a position: a hand in progress, written by the cards
that matter (``Given a hand in play with seat 0 as banker``, ``seat 1 holds "…"``, the calls,
the burial, captured points, the trick on the table, whose turn it is, who went out), or
given whole as JSON (``Given the position is:``). :func:`position_lines` writes a position
back in these phrases when they rebuild it exactly.
"""

from __future__ import annotations

import json
from typing import Any

from ..reference.errors import RulesError
from ..scenario import Scenario, ScenarioError
from ..scenario import parse_json as _parse_json_text
from .registry import (
    ORDINAL_TEXT,
    ORDINALS,
    SEAT,
    SETUP_FINISHERS,
    SETUP_RENDERERS,
    Builder,
    card_list,
    number,
    q,
    seat_list,
    step,
)


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
    hands[int(seat)] = [str(c) for c in card_list(cards)]


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
    _position(b)["buried"] = [str(c) for c in card_list(cards)]


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
    _position(b)["out"] = seat_list(seats)


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
    from ..reference.position import build_position

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


# ---------------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------------


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
        from ..compiler import compile_text

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
    from ..reference.position import parse_position

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
