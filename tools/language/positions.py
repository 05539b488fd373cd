"""Phrases for scenarios that start from a position: a hand in progress, written by the cards
that matter (``Given a hand in play with seat 0 as banker``, ``seat 1 holds "…"``, the calls,
the burial, captured points, the trick on the table, whose turn it is, who went out), or
before play (``Given a hand at the burial …`` / ``… at the calls …``), with how its banker
was fixed (``seat 0 revealed "3H" at draw 13``, ``this is deal 2 of the hand``); or given
whole as JSON (``Given the position is:``). :func:`position_lines` writes a position back
in these phrases when they rebuild it exactly, which every position a game reaches at a
burial, a call or a play does (issue 11: ``fivetenk dispute`` reads by the cards).

No silent conventions (issue 9). The kit fills in what a position does not write (the
builder is :func:`fivetenk.model.position_builder.build_position`) and says so:
:func:`position_filled_in` lists every default used, with its clause or ruling, on the
built scenario (:attr:`fivetenk.model.scenario.Scenario.filled_in`), which ``fivetenk show``
and the evidence of a failure print. Two decisions:

- A call the writer names (``the banker called …``) must be written as resolved (``call 1
  was resolved by seat 3``) or open (``call 2 is still open``); otherwise the position is
  refused, naming the call and both phrases. Always, whatever the cards: left to the
  cards, a call whose copies nobody holds would count as played and silently become a
  self-call by the banker (D16), the very trap of issue 9, and a rule that applied only
  sometimes would itself be a convention to learn. ``still open`` keeps the face's
  remaining copies in play where the cards written allow (buried, at most 3 − ordinal),
  and is refused, saying why, when they do not.
- When no call is written the kit keeps its default calls (the 1st AH and the 1st AS):
  most positions are about something else, and requiring calls in each would pad every
  scenario with lines that say nothing. The default is *shown* instead, with the state
  it gives the calls (a copy nobody holds counts as played, so such a call counts as a
  self-call by the banker, D16) and whether that makes the whole-side check active
  (R17.1, D20).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from ..model.scenario import Scenario, ScenarioError
from ..model.user_input import parse_json as _parse_json_text
from ..reference import Card, RulesError, full_deck
from .registry import (
    ORDINAL_TEXT,
    ORDINALS,
    REFUSED,
    SEAT,
    SETUP_FINISHERS,
    SETUP_RENDERERS,
    Builder,
    card_list,
    find_step,
    number,
    one_card,
    q,
    refuse_setup,
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


PHASE_STARTS = {"playing": "in play", "burying": "at the burial", "calling": "at the calls"}
"""The words of ``Given a hand … with seat N as banker`` for each phase of a position
(``schemas/position.schema.json`` ``phase``)."""


def _start(b: Builder, seat: str, phase: str) -> None:
    if "position" in b.extensions:
        raise ScenarioError("the position is started twice")
    b.extensions["position"] = {"banker": int(seat), "hands": {}, "trick": [], "phase": phase}
    _position(b)


@step("given", r"a hand in play with " + SEAT + r" as banker",
      "a hand in play with seat 0 as banker")
def _in_play(b: Builder, seat: str) -> None:
    _start(b, seat, "playing")


@step("given", r"a hand at the burial with " + SEAT + r" as banker",
      "a hand at the burial with seat 2 as banker")
def _at_burial(b: Builder, seat: str) -> None:
    """The hand just before the banker buries (D7, R10.1): dealing is over, the banker has
    taken the kitty and holds 32 cards, every other seat 26; nothing is buried, no call is
    made, nothing is captured, and the banker decides. Every hand is written (``seat N
    holds …``): no card has been played, so none can be left out."""
    _start(b, seat, "burying")


@step("given", r"a hand at the calls with " + SEAT + r" as banker",
      "a hand at the calls with seat 2 as banker")
def _at_calls(b: Builder, seat: str) -> None:
    """The hand just before the banker calls (D7, R11.1): six cards are buried (``the
    buried cards are …``, required), every hand holds 26 cards, no call is made yet,
    nothing is captured, and the banker decides."""
    _start(b, seat, "calling")


BEFORE_PLAY = {
    "burying": "at the burial (the banker has not buried yet)",
    "calling": "at the calls (the banker has not called yet)",
}


def _in_play_only(b: Builder, what: str) -> dict[str, Any]:
    """The position, when it is in play; a ScenarioError saying why ``what`` cannot be
    written for a hand before play (D7: burial, then calls, then the first lead)."""
    spec = _position(b)
    phase = spec.get("phase", "playing")
    if phase != "playing":
        raise ScenarioError(f"{what}: the hand is {BEFORE_PLAY[phase]}, and the order is "
                            "burial, calls, first lead (D7); start with 'a hand in play with "
                            "seat N as banker' for a later position")
    return spec


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
    spec = _in_play_only(b, "no call has been made yet (R11.1)")
    if "calls" in spec:
        raise ScenarioError("the banker's calls are given twice")
    spec["calls"] = [{"face": f1, "ordinal": ORDINALS[o1]},
                     {"face": f2, "ordinal": ORDINALS[o2]}]
    spec["calls_line"] = b.line  # named by a refusal that comes at a later step


def _call(b: Builder, n: str) -> dict[str, Any]:
    """Call ``n`` (1 or 2) of the position, once: its state is written by exactly one of
    ``call N was resolved by seat M`` and ``call N is still open``."""
    spec = _position(b)
    if "calls" not in spec:
        raise ScenarioError('say first which calls the banker made: Given the banker called …')
    call: dict[str, Any] = spec["calls"][int(n) - 1]
    if "resolved_by" in call:
        was = ("still open" if call["resolved_by"] is None
               else f"resolved by seat {call['resolved_by']}")
        raise ScenarioError(f"call {n}'s state is given twice (it was already {was})")
    return call


@step("given", r"call (?P<n>[12]) was resolved by " + SEAT, "call 1 was resolved by seat 3")
def _was_resolved(b: Builder, n: str, seat: str) -> None:
    """The call's occurrence has been played, by that seat (D16): the kit leaves the
    face's other copies where the writer put them (the rest count as played)."""
    _call(b, n)["resolved_by"] = int(seat)


@step("given", r"call (?P<n>[12]) is still open", "call 2 is still open")
def _still_open(b: Builder, n: str) -> None:
    """The call's occurrence has not been played yet (D15, D16). The copies of its face no
    hand holds are kept in play where the writer's cards allow: buried, at most 3 −
    ordinal of them (D13, D14), unless the burial is written. When the cards written
    still make the occurrence played (too few copies left, or it is on the table) the
    position is refused, saying why (:func:`fivetenk.model.position_builder.build_position`)."""
    _call(b, n)["resolved_by"] = None


@step("given", r'the buried cards are "(?P<cards>[^"]+)"',
      'the buried cards are "3D 3C 4D 4C 6D 6C"')
def _buried(b: Builder, cards: str) -> None:
    spec = _position(b)
    if spec.get("phase") == "burying":
        raise ScenarioError("nothing is buried yet: at the burial the banker holds the 6 "
                            "kitty cards among 32 and is about to bury (R10.1, D7)")
    if "buried" in spec:
        raise ScenarioError("the buried cards are given twice")
    spec["buried"] = [str(c) for c in card_list(cards)]


NO_POINTS = "no points are captured before the first trick (R06.2)"


@step("given", SEAT + r" has captured (?P<points>\d+) points", "seat 3 has captured 40 points")
def _has_captured(b: Builder, seat: str, points: str) -> None:
    spec = _in_play_only(b, NO_POINTS)
    spec.setdefault("captured", {})[int(seat)] = number(points)


@step("given", r"the other captured points went to " + SEAT,
      "the other captured points went to seat 2")
def _rest_to(b: Builder, seat: str) -> None:
    _in_play_only(b, NO_POINTS)["rest_to"] = int(seat)


NO_TRICK = "no card is on the table before the first lead (R13.1)"


@step("given", SEAT + r' (?:led|has led) "(?P<cards>[^"]+)"(?: as "(?P<shape>[^"]+)")?',
      'seat 2 led "7S"')
def _led(b: Builder, seat: str, cards: str, shape: str = "") -> None:
    trick = _in_play_only(b, NO_TRICK)["trick"]
    if trick:
        raise ScenarioError("the trick already has a lead; later plays are 'then played'")
    trick.append([int(seat), cards, shape] if shape else [int(seat), cards])


@step("given", SEAT + r' then played "(?P<cards>[^"]+)"(?: as "(?P<shape>[^"]+)")?',
      'seat 3 then played "9S"')
def _then_played(b: Builder, seat: str, cards: str, shape: str = "") -> None:
    trick = _in_play_only(b, NO_TRICK)["trick"]
    if not trick:
        raise ScenarioError("a trick starts with a lead: Given seat 2 led …")
    trick.append([int(seat), cards, shape] if shape else [int(seat), cards])


@step("given", SEAT + r" then passed", "seat 4 then passed")
def _then_passed(b: Builder, seat: str) -> None:
    trick = _in_play_only(b, NO_TRICK)["trick"]
    if not trick:
        raise ScenarioError("a trick starts with a lead: Given seat 2 led …")
    trick.append([int(seat), None])


@step("given", r"it is " + SEAT + r"'s turn", "it is seat 3's turn")
def _turn(b: Builder, seat: str) -> None:
    spec = _position(b)
    if spec.get("phase", "playing") != "playing" and int(seat) != spec["banker"]:
        raise ScenarioError(f"before play the banker decides (D7): at the "
                            f"{'burial' if spec['phase'] == 'burying' else 'calls'} it is "
                            f"seat {spec['banker']}'s turn, not seat {seat}'s")
    spec["turn"] = int(seat)


@step("given", r'the seats went out in the order "(?P<seats>[^"]*)"',
      'the seats went out in the order "4 5"')
def _out_order(b: Builder, seats: str) -> None:
    spec = _in_play_only(b, "nobody is out before play: every hand is full (R10.1, R16.1)")
    spec["out"] = seat_list(seats)


@step("given", SEAT + r' revealed "(?P<card>[^"]*)" at draw (?P<draw>\d+)',
      'seat 0 revealed "3D" at draw 13')
def _revealed(b: Builder, seat: str, card: str, draw: str) -> None:
    """The reveal that made the banker (D3, D4; R08.2 in the first hand, R09.3 later): the
    card the banker showed and the draw after which they showed it, as the observation's
    ``reveal`` gives them. Checked here: one card, a draw 1-156 (no reveal after the 156th
    draw, D3) and the banker as revealer (the first reveal fixes the banker, R08.2,
    R09.3); once the levels and the hand are known (they may be written after this
    line), that the card is of the revealer's level (R08.1 a 3 in the first hand, R09.2
    later) and that a later hand's revealer won the hand before (R09.1, D6). The draw is
    not matched to the seat: which draws a seat receives depends on who received the
    first card (D2), which a position does not record. A reveal is no play (D4): the card
    stays in its holder's hand or burial like any other and never counts towards a
    call, so the reveal changes the observation, not the play."""
    spec = _position(b)
    if "reveal" in spec:
        raise ScenarioError("the reveal is given twice (the first reveal fixes the banker "
                            "and nothing overturns it, R08.3)")
    shown = one_card(card)
    at = number(draw, "draw number")
    if not 1 <= at <= 156:
        raise ScenarioError(f"draw {draw} is not a draw a reveal can follow: the 156 cards "
                            "of the hands are dealt in draws 1-156 and nobody reveals after "
                            "the last of them (D3)")
    if int(seat) != spec["banker"]:
        raise ScenarioError(f"seat {seat} revealed, but the banker is seat {spec['banker']}: "
                            "the first reveal fixes the banker (R08.2, R09.3), so the reveal "
                            "a position records is the banker's")
    spec["reveal"] = {"seat": int(seat), "card": shown, "draw": at}
    spec["reveal_line"] = b.line


@step("given", r"this is deal (?P<n>\d+) of the hand", "this is deal 3 of the hand")
def _deal_number(b: Builder, n: str) -> None:
    """The deal of the hand the position is in (the observation's ``deal``): 1, or 1 +
    the number of redeals when nobody revealed a 3 in the first hand's earlier deals
    (R08.4, D5). Later hands are never redealt (R09.5); checked once the hand is known.
    Like the reveal, it changes the observation, not the play."""
    spec = _position(b)
    if "deal" in spec:
        raise ScenarioError("the deal number is given twice")
    value = number(n, "deal number")
    if value < 1:
        raise ScenarioError("deals are numbered from 1 (the first deal of the hand)")
    spec["deal"] = value
    spec["deal_line"] = b.line


def _line(spec: dict[str, Any], key: str) -> str:
    return f" (line {spec[key]})" if spec.get(key) else ""


def _check_history(spec: dict[str, Any], levels: list[str], history: dict[str, Any]) -> None:
    """What the reveal and the deal number need from the levels and the hand, which may
    be written after them: ScenarioError naming the line and the clause."""
    reveal = spec.get("reveal")
    hand = history.get("hand", 1)
    if reveal is not None:
        seat, card = reveal["seat"], reveal["card"]
        level = levels[seat]
        if Card.parse(card).rank.symbol != level:
            why = ("in the first hand everyone is at level 3 and reveals a 3 (R08.1)"
                   if hand == 1 else "a player reveals their own current level (R09.2)")
            raise ScenarioError(f"seat {seat} revealed \"{card}\"{_line(spec, 'reveal_line')}, "
                                f"but seat {seat}'s level is {level}: {why}")
        winners = history.get("previous_winners")
        if hand > 1 and winners is not None and seat not in winners:
            raise ScenarioError(
                f"seat {seat} revealed{_line(spec, 'reveal_line')}, but only the previous "
                f"hand's winners (seats {' '.join(map(str, winners))}) may reveal in hand "
                f"{hand} (R09.1, D6)")
    if spec.get("deal", 1) != 1 and hand > 1:
        raise ScenarioError(f"this is deal {spec['deal']}{_line(spec, 'deal_line')} of hand "
                            f"{hand}, but only the first hand is redealt (R08.4, D5); a later "
                            "hand without a reveal takes its banker by the search of R09.5")


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
    """Build the position the Given steps wrote (:func:`build_position` for the cards,
    then the phase, the reveal and the deal number, which it leaves at their defaults) and
    check it as a whole, unless it is expected to be refused (:data:`REFUSED`)."""
    if b.setup is not None:
        return
    if "position_json" in b.extensions:
        b.setup = {"position": b.extensions["position_json"]}
        return
    spec = b.extensions.get("position")
    if spec is None:
        return
    # lazy: the engine's position reader loads on first use
    from ..model.position_builder import build_position
    from ..reference import parse_position

    _refuse_undecided_calls(spec)
    history = b.extensions.get("history", {})
    levels = b.extensions.get("levels", ["3"] * 6)
    phase = spec.get("phase", "playing")
    if REFUSED not in b.extensions:  # else the engine is to refuse what is wrong
        _check_history(spec, levels, history)
        if phase == "calling" and "buried" not in spec:
            _refuse_missing_burial(spec)
    trick, spec["filled_passes"] = _fill_passes(spec, b.variants)
    kwargs: dict[str, Any] = {
        "banker": spec["banker"],
        "trick": [tuple(e) for e in trick] or None,
        "variants": b.variants,
    }
    if phase != "playing":  # no call yet; nothing buried before the burial (D7)
        kwargs.update(calls=[], buried=[])
    for key in ("calls", "buried", "captured", "rest_to", "turn", "out"):
        if key in spec:
            kwargs[key] = spec[key]
    if "levels" in b.extensions:
        kwargs["levels"] = b.extensions["levels"]
    if history:
        kwargs.update(hand=history["hand"], previous_banker=history["previous_banker"],
                      previous_winners=history["previous_winners"])
    try:
        position = build_position(spec["hands"], **kwargs, check=False)
        position["phase"] = phase
        position["deal"] = spec.get("deal", 1)
        position["reveal"] = spec.get("reveal")
        if REFUSED not in b.extensions:  # see the end
            parse_position(position)
    except RulesError as err:
        raise ScenarioError(f"the position cannot occur: {err}") from None
    position.pop("variants", None)  # the scenario's variants apply
    b.setup = {"position": position}
    b.extensions["filled_in"] = position_filled_in(spec, position, b.extensions, b.variants)


def _fill_passes(spec: dict[str, Any], variants: dict[str, str]
                 ) -> tuple[list[list[Any]], list[tuple[int, str]]]:
    """The trick as written, with the passes the turn order implies recorded: between two
    entries (and between the last one and a written turn) every seat the turn went past
    that holds cards, did not make the top play and could still act (it had not passed
    since the last play, or at all under ``pass=trick``, D18) must have passed (R13.1,
    R13.2), since no game skips it. Returns the trick and, for each pass recorded, the seat
    and the entry it came before. A written order the turn cannot reach (past the seat
    that made the top play: the trick would be over, R13.3) is left as written, for the
    position check to refuse."""
    entries: list[list[Any]] = [list(e) for e in spec["trick"]]
    if not entries:
        return entries, []
    holds = {seat for seat, cards in spec["hands"].items() if cards}
    lock = variants.get("pass") == "trick"
    out: list[list[Any]] = [entries[0]]
    filled: list[tuple[int, str]] = []
    top: int = entries[0][0]
    passed: set[int] = set()

    def gap(after: int, to: int, before: str) -> list[list[Any]]:
        seats = [(after + k) % 6 for k in range(1, 6)]
        if to not in seats or top in seats[:seats.index(to)] or to == top:
            return []
        skipped = [s for s in seats[:seats.index(to)] if s in holds and s not in passed]
        filled.extend((s, before) for s in skipped)
        return [[s, None] for s in skipped]

    for entry in entries[1:]:
        seat = entry[0]
        what = f"seat {seat}'s {'pass' if entry[1] is None else 'play'}"
        added = gap(out[-1][0], seat, what)
        out += added
        passed.update(s for s, _ in added)
        out.append(entry)
        if entry[1] is None:
            passed.add(seat)
        else:
            top = seat
            if not lock:
                passed.clear()
    if spec.get("turn") is not None:
        out += gap(out[-1][0], spec["turn"], f"seat {spec['turn']}'s turn")
    return out, filled


def _refuse_missing_burial(spec: dict[str, Any]) -> None:
    """At the calls the burial is made and is part of the position: the kit does not guess
    it. ScenarioError saying so, with the cards no written hand holds when there are six
    (the burial those hands leave)."""

    left = Counter(full_deck())
    for cards in spec["hands"].values():
        left.subtract(Card.parse(c) for c in cards)
    rest = sorted(left.elements())
    shown = " ".join(map(str, rest))
    hint = f': the cards no hand written holds are "{shown}"' if len(rest) == 6 else ""
    raise ScenarioError("at the calls six cards are buried (R10.1, D7): write 'the buried "
                        f"cards are \"…\"'{hint}")


SETUP_FINISHERS.append(_finish_position)


def _call_words(call: dict[str, Any]) -> str:
    """``the 1st "AS"`` for a call of a position spec or of a built position."""
    return f'the {ORDINAL_TEXT.get(call["ordinal"], "?")} "{call["face"]}"'


def _refuse_undecided_calls(spec: dict[str, Any]) -> None:
    """A written call must say whether it was resolved (and by whom) or is still open: the
    cards alone would leave it to a convention (its copies no hand holds count as played,
    so it would count as a self-call by the banker, D16). ScenarioError naming each such
    call and the two ways to write it."""
    undecided = [
        f'call {n} ({_call_words(call)}) is neither resolved nor open: write '
        f'"And call {n} was resolved by seat N" (N: the seat that played {_call_words(call)}) '
        f'or "And call {n} is still open"'
        for n, call in enumerate(spec.get("calls", []), 1) if "resolved_by" not in call]
    if undecided:
        at = f" (the calls are at line {spec['calls_line']})" if spec.get("calls_line") else ""
        raise ScenarioError("; ".join(undecided) + f"{at}; D16: the kit does not guess a "
                            "call's state from the cards")


def _seats(seats: list[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + " ".join(map(str, seats))


def _call_state(call: dict[str, Any], banker: int) -> str:
    """``the 1st "AH" resolved by seat 0, the banker (a self-call)`` / ``… still open``."""
    by = call.get("resolved_by")
    if by is None:
        return f"{_call_words(call)} still open ({call.get('played', 0)} played)"
    return f"{_call_words(call)} resolved by seat {by}" + (
        ", the banker (a self-call, R11.5)" if by == banker else "")


def whole_side_check(position: dict[str, Any]) -> str:
    """Whether the whole-side ending is checked in this position (R17.1, D20): ``active``
    once both calls are resolved, with the banker's side; else why not."""
    calls = position.get("calls") or []
    open_calls = [n for n, c in enumerate(calls, 1) if c.get("resolved_by") is None]
    if open_calls or len(calls) != 2:
        which = " and ".join(f"call {n}" for n in open_calls) or "the calls"
        return (f"not active: {which} {'is' if len(open_calls) == 1 else 'are'} still open, "
                "so the hand ends only when one player is left (R17.1, R18.1, D21)")
    side = sorted({position["banker"], *(c["resolved_by"] for c in calls)})
    return (f"active: both calls are resolved, the banker's side is {_seats(side)}; the hand "
            "ends as soon as a whole side is out (R17.1, D20)")


def position_filled_in(spec: dict[str, Any], position: dict[str, Any],
                       extensions: dict[str, Any],
                       variants: dict[str, str] | None = None) -> list[str]:
    """Every default the kit filled in when it built ``position`` from the phrases written
    (``spec``, the builder's ``extensions``), one sentence each with its clause or ruling
    and the phrase that would write it (issue 9: no silent conventions). When the writer
    wrote everything a phrase can write, only the cards played in earlier tricks are left
    (no phrase writes them). ``fivetenk show`` and the evidence of a failure list it. The
    default calls are listed with the state they get and the whole-side check (R17.1);
    see the module docstring for why they stay a default while a written call never gets
    a default state."""
    banker = position["banker"]
    notes: list[str] = []
    playing = position.get("phase", "playing") == "playing"
    unnamed = [s for s in range(6) if s not in spec["hands"]]
    if unnamed and playing:
        notes.append(f"{_seats(unnamed)} {'is' if len(unnamed) == 1 else 'are'} not given "
                     "cards (no 'seat N holds …'): they hold nothing and count as out (R16.1)")
    out = position.get("out") or []
    if "out" not in spec and len(out) > 1:
        notes.append(f"the order in which {_seats(out)} went out is not written: seat order "
                     "(write 'the seats went out in the order \"…\"')")
    if "calls" not in spec and playing:
        calls = position.get("calls") or []
        states = "; ".join(_call_state(c, banker) for c in calls)
        notes.append("the calls are not written: the kit's default calls, the 1st \"AH\" and "
                     "the 1st \"AS\" (R11.1); a copy no hand holds counts as played (D15), so "
                     f"{states} (D16); the whole-side check is {whole_side_check(position)} "
                     "(write 'the banker called …' and, for each call, 'call N was resolved "
                     "by seat M' or 'call N is still open')")
    if "buried" not in spec and playing:
        notes.append(f"the buried cards are not written: the kit buried "
                     f"\"{' '.join(position['buried'])}\" (spare copies of the open calls' "
                     "faces, then non-scoring 3s, 4s, 6s, 7s, 8s, 9s nobody holds; R10.1)")
    in_play = sum(len(h) for h in position["hands"]) + len(position["buried"]) + sum(
        len(p.get("cards", [])) for p in (position.get("trick") or {}).get("plays", []))
    if in_play < 162:
        notes.append(f"{162 - in_play} cards are in no hand, not buried and not on the table: "
                     "they count as played in earlier tricks (their copies of a called face "
                     "count towards its call, D15)")
    rest = sum(position["captured"]) - sum(spec.get("captured", {}).values())
    if rest and "rest_to" not in spec:
        notes.append(f"{rest} points of those earlier tricks are not credited by the writer: "
                     f"they go to seat {banker}, the banker (write 'seat N has captured … "
                     "points' or 'the other captured points went to seat N'; R06.2)")
    filled = spec.get("filled_passes") or []
    if filled:
        befores = list(dict.fromkeys(before for _, before in filled))
        told = "; ".join(
            f"{_seats([s for s, b in filled if b == before])} before {before}"
            for before in befores)
        notes.append(f"the trick skips seats that hold cards: the kit recorded their passes, "
                     f"as the turn order requires ({told}; R13.1, R13.2, D18; write 'seat N "
                     "then passed')")
    trick = position.get("trick")
    if trick is not None and any(len(e) == 2 and e[1] is not None
                                 for e in spec["trick"]):
        readings = ", ".join(f"seat {p['seat']} {p['combo']}" for p in trick["plays"]
                             if "cards" in p)
        notes.append(f"the readings of the plays on the table are not all written: the kit "
                     f"reads them as a player would (D10): {readings} (write '… led \"…\" as "
                     "\"pair 7\"')")
    if "turn" not in spec and playing:  # before play it is always the banker (D7)
        why = ("the banker, or the first seat after the banker that holds cards"
               if trick is None else "the first seat after the last play that holds cards, "
               "did not make the top play and may still play in the trick")
        notes.append(f"whose turn it is is not written: seat {position['turn']}, {why} "
                     "(R13.1, R13.3, D18; write 'it is seat N's turn')")
    notes += _reveal_filled_in(spec, position)
    notes += match_filled_in(extensions, variants)
    return notes


def _reveal_filled_in(spec: dict[str, Any], position: dict[str, Any]) -> list[str]:
    """How the banker was fixed, when it is not written: no reveal, and (in the first
    hand) deal 1. Both are filled in because a position must say them (the observation
    shows them) and neither changes a play: a reveal is no play, its card stays an
    ordinary card and never counts towards a call (D4), and a redeal only replaced the
    cards before this deal (R08.4, D5)."""
    notes = []
    if "reveal" not in spec:
        notes.append("the reveal is not written: none is recorded (the observation's reveal "
                     "is null, as when a later hand's banker comes from the search of R09.5); "
                     "a reveal is no play and never counts towards a call (D4), so play is "
                     "the same (write 'seat N revealed \"…\" at draw M')")
    if "deal" not in spec and position.get("hand", 1) == 1:
        notes.append("the deal number is not written: deal 1 of the hand, no redeal before it "
                     "(R08.4, D5; write 'this is deal N of the hand')")
    return notes


def _variants_filled_in(variants: dict[str, str] | None) -> list[str]:
    """The house-rule variants a deal or a position does not write: each plays the default
    of the ruling that names it (``fivetenk rules D9`` …)."""
    # lazy: `fivetenk steps` starts without the spec
    from ..model.spec_data import load_spec

    written = variants or {}
    named: dict[str, tuple[str, str]] = {}
    for ruling in load_spec().rulings.values():
        for variant in ruling.variants:
            named.setdefault(variant.name, (variant.default, ruling.id))
    left = [f"{name} {default} ({ruling})" for name, (default, ruling) in named.items()
            if name not in written]
    if not left:
        return []
    return ["the variants are not written: " + ", ".join(left) + ", the defaults of their "
            "rulings (write 'the variant \"…\" is \"…\"')"]


def match_filled_in(extensions: dict[str, Any],
                     variants: dict[str, str] | None = None) -> list[str]:
    """The match defaults of a deal or a position: the first hand, every level at 3, and
    the variants not written."""
    notes = _variants_filled_in(variants)
    if "history" not in extensions:
        notes.append("the hand is not written: the first hand of the match, with no previous "
                     "banker or winners (D34; write 'this is hand N, after seat M was banker "
                     "and seats \"…\" won')")
    if "levels" not in extensions:
        notes.append("the levels are not written: every seat is at level 3 (R07.1; write "
                     "'the levels are \"…\"')")
    return notes


# ---------------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------------


def position_lines(position: dict[str, Any], variants: dict[str, str]) -> list[str] | None:
    """The position written by the cards that matter, as the kit's ``Given`` phrases
    (``a hand in play with seat 0 as banker``, or ``at the burial`` / ``at the calls``
    before play; the hand and the levels, the deal number and the reveal, ``seat 1 holds
    "…"``, the calls, the burial, the captured points, the trick, whose turn it is, who
    went out; the scenario's variants are written before them by the renderer), or None
    when those phrases do not give back this very position (then it is written as JSON).
    Checked by reading them with their step definitions: the position they build must
    parse the same as ``position``. Every position a game reaches at a burial, a call or a
    play is written this way (``tests/language/test_position_lines.py`` plays seeded games to hold
    it).

    :func:`_render_position` writes a position this way when it can, so that a case the
    fuzzer writes, ``fivetenk render`` or ``fivetenk dispute`` reads as a person would
    write it."""
    phase = position.get("phase", "playing")
    if phase not in PHASE_STARTS:
        return None
    if "buried" not in position or "captured" not in position:
        return None  # optional in the schema; the phrases always write both: kept as JSON
    banker = position["banker"]
    lines = [f"Given a hand {PHASE_STARTS[phase]} with seat {banker} as banker"]
    hand = position.get("hand", 1)
    if hand != 1:
        winners = " ".join(map(str, position.get("previous_winners", [])))
        lines.append(f"And this is hand {hand}, after seat {position.get('previous_banker')} "
                     f"was banker and seats {q(winners)} won")
    levels = position.get("levels", ["3"] * 6)
    if hand != 1 or any(level != "3" for level in levels):
        lines.append(f"And the levels are {q(' '.join(levels))}")
    if position.get("deal", 1) != 1:
        lines.append(f"And this is deal {position['deal']} of the hand")
    reveal = position.get("reveal")
    if reveal is not None:
        if not isinstance(reveal, dict):
            return None
        lines.append(f"And seat {reveal.get('seat')} revealed {q(str(reveal.get('card')))} "
                     f"at draw {reveal.get('draw')}")
    calls = position.get("calls", [])
    if len(calls) == 2:
        (a, b) = calls
        lines.append(f"And the banker called the {ORDINAL_TEXT.get(a['ordinal'], '?')} "
                     f"{q(a['face'])} and the {ORDINAL_TEXT.get(b['ordinal'], '?')} "
                     f"{q(b['face'])}")
        for n, call in enumerate(calls, 1):  # every written call says its state
            if call.get("resolved_by") is not None:
                lines.append(f"And call {n} was resolved by seat {call['resolved_by']}")
            else:
                lines.append(f"And call {n} is still open")
    if position["buried"] or phase != "burying":
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
    if phase == "playing":  # before play it is the banker's, and nothing else is said
        lines.append(f"And it is seat {position['turn']}'s turn")
    if position.get("out"):
        lines.append(f"And the seats went out in the order "
                     f"{q(' '.join(map(str, position['out'])))}")
    given = [*(f"the variant {q(k)} is {q(v)}" for k, v in sorted(variants.items())),
             *(line.split(" ", 1)[1] for line in lines)]
    try:  # the phrases, read by their own step definitions (no Gherkin is needed)
        builder = Builder(id="x-1", name="s")
        for text in given:
            definition, args = find_step("given", text)
            definition.func(builder, **args)
        builder.finish_setup()
        built = builder.setup
    except Exception:  # a phrase its step refuses: write the position as JSON
        return None
    if built is None:
        return None
    # The same position, written the same way: every field the JSON gives is what the
    # phrases build, and the JSON gives every field they build (a trick given without
    # readings, or a position that leaves fields to their defaults, stays JSON, so that
    # the scenario renders back to itself: the phrases build complete positions).
    if any(built["position"].get(key) != value for key, value in position.items()
           if key != "variants") or set(built["position"]) - set(position):
        return None
    try:
        same = (_parse_position({**position, "variants": variants})
                == _parse_position({**built["position"], "variants": variants}))
    except RulesError:
        return None
    return lines if same else None


def _parse_position(data: dict[str, Any]) -> Any:
    # lazy: the engine's position reader loads on first use
    from ..reference import parse_position

    return parse_position(data)


def _render_position(s: Scenario) -> list[str]:
    """A position by the cards that matter (:func:`position_lines`) when those phrases
    build this very position, else the whole position as JSON."""
    if not s.setup or "position" not in s.setup:
        return []
    # a position expected to be refused cannot be checked by rebuilding it (it does not
    # parse), and may lack what the phrases need: it is written as JSON
    lines = None if s.refused_start is not None else position_lines(s.setup["position"],
                                                                      s.variants)
    if lines is not None:
        return lines
    text = json.dumps(s.setup["position"], ensure_ascii=False, indent=2)
    return ["Given the position is:", '  """', *("  " + line for line in text.splitlines()),
            '  """']


SETUP_RENDERERS.append(_render_position)


# ---------------------------------------------------------------------------------------------
# A position expected to be refused (protocol.md, ``### start``)
# ---------------------------------------------------------------------------------------------


@step("then", r"the position is refused(?: citing (?P<clause>R\d\d\.\d+))?",
      "the position is refused citing R16.1")
def _position_refused(b: Builder, clause: str | None = None) -> None:
    """The position written by the Given steps is expected to be refused when the scenario
    starts, citing ``clause`` (or any clause without ``citing``): the scenario's only Then,
    with no When. Written by the cards that matter, the position is built without the final
    check (:data:`~fivetenk.language.registry.REFUSED`), so it may be impossible; the kit's
    other defaults still apply, and ``fivetenk show`` lists them."""
    refuse_setup(b, "position", clause)
