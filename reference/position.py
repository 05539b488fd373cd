"""Positions: complete snapshots of a hand after dealing, so a case can start mid-hand.

A position (``schemas/position.schema.json``) names the match state (hand number, levels,
previous winners and banker, variants), the banker, the burial, the calls and how many of
each called face have been played, every hand, the points captured by each seat, the
current trick and whose turn it is. Cards that are in no hand, not buried and not on the
table are *gone*: played in earlier tricks. :func:`parse_position` checks everything and
raises :class:`InvalidPosition` listing every problem. (The kit builds valid positions from
only the hands of interest with ``fivetenk.model.position_builder``: no engine needs that.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from . import provenance
from .actions import CallSpec
from .calls import CallState, call_problem
from .cards import Card, Rank, full_deck, parse_cards
from .combos import Combo, choose_reading
from .dealing import HAND_SIZE, KITTY_SIZE, SEATS
from .errors import IllegalPlay, InvalidNotation, InvalidPosition, Problem, RulesError
from .settlement import TOTAL_POINTS
from .trick import Trick, TrickPlay
from .variants import Variants

PHASES = ("burying", "calling", "playing")

REQUIRED_KEYS = frozenset({"banker", "hands", "turn"})
OPTIONAL_KEYS = frozenset({
    "$schema", "hand", "phase", "deal", "variants", "levels", "previous_winners",
    "previous_banker", "reveal", "buried", "calls", "captured", "trick", "out",
})

_PACK = Counter(full_deck())


@dataclass(frozen=True)
class ParsedPosition:
    """A checked position, ready for :meth:`Game.from_position`."""

    hand: int
    phase: str
    deal: int
    variants: Variants
    levels: tuple[Rank, ...]
    previous_winners: tuple[int, ...]
    previous_banker: int | None
    banker: int
    reveal: tuple[int, Card, int] | None
    buried: tuple[Card, ...]
    calls: tuple[CallState, ...]
    hands: tuple[tuple[Card, ...], ...]
    captured: tuple[int, ...]
    trick: Trick | None
    turn: int
    out: tuple[int, ...]


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEATS


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    """Collects problems instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, code: str, message: str) -> None:
        """Record a problem: ``code`` from the table of D40 gives its clause; ``message``
        is free text for people (nothing is read from it)."""
        self.problems.append(Problem(code, message))

    def cards(self, value: Any, where: str) -> list[Card] | None:
        if isinstance(value, str):
            value = value.split()
        if not isinstance(value, list | tuple):
            self.add("position-format", f"{where} must be a list of card tokens")
            return None
        try:
            return parse_cards(list(value))
        except RulesError as err:
            self.add("position-format", f"{where}: {err}")
            return None

    def seat(self, value: Any, where: str) -> int | None:
        if not _is_seat(value):
            self.add("position-format", f"{where} must be a seat 0-5, not {value!r}")
            return None
        return int(value)

    def seats(self, value: Any, where: str) -> list[int] | None:
        if not isinstance(value, list | tuple) or not all(_is_seat(s) for s in value):
            self.add("position-format", f"{where} must be a list of seats 0-5, not {value!r}")
            return None
        if len(set(value)) != len(value):
            self.add("position-format", f"{where} lists a seat twice: {list(value)}")
        return [int(s) for s in value]


def parse_position(position: Mapping[str, Any]) -> ParsedPosition:
    """Check ``position`` and return it parsed; :class:`InvalidPosition` lists every
    problem, each with its code in the table of ruling D40, which gives the clause the
    refusal cites (never the message text).

    The checks run section by section, in this order (the order of the problems listed):
    the keys, the match (:func:`_parse_match`), the cards (:func:`_parse_cards`), the
    captured points (:func:`_parse_captured`), the calls (:func:`_parse_calls`), who is out
    and whose turn it is (:func:`_parse_out`, :func:`_parse_turn`), whether the trick
    (:func:`_check_trick_state`) or the hand (:func:`_check_hand_over`) is already over,
    and the reveal (:func:`_parse_reveal`)."""
    if not isinstance(position, Mapping):
        raise InvalidPosition([Problem(
            "position-format", f"a position must be a JSON object, not {type(position).__name__}")])
    ck = _Checker()
    _check_keys(ck, position)
    match = _parse_match(ck, position)
    cards = _parse_cards(ck, position, match)
    captured = _parse_captured(ck, position.get("captured", [0] * SEATS), cards)
    calls = _parse_calls(ck, position.get("calls", []), match, cards)
    out = _parse_out(ck, position.get("out"), cards)
    turn = _parse_turn(ck, position.get("turn"), match, cards)
    _check_trick_state(ck, cards)
    _check_hand_over(ck, match, cards, calls)
    reveal = None
    raw_reveal = position.get("reveal")
    if raw_reveal is not None:
        reveal = _parse_reveal(ck, raw_reveal, match.banker, match.levels, match.hand == 1)

    if ck.problems:
        raise InvalidPosition(ck.problems)
    assert match.banker is not None and turn is not None
    return ParsedPosition(
        hand=match.hand,
        phase=match.phase,
        deal=match.deal,
        variants=match.variants,
        levels=tuple(match.levels),
        previous_winners=tuple(sorted(match.previous_winners or [])),
        previous_banker=match.previous_banker,
        banker=match.banker,
        reveal=reveal,
        buried=tuple(sorted(cards.buried)),
        calls=tuple(calls),
        hands=tuple(tuple(sorted(h)) for h in cards.hands),
        captured=tuple(captured),
        trick=cards.trick,
        turn=turn,
        out=tuple(out),
    )


def _check_keys(ck: _Checker, position: Mapping[str, Any]) -> None:
    """The keys: every required one there, none unknown."""
    missing = REQUIRED_KEYS - set(position)
    if missing:
        ck.add("position-format", f"missing {', '.join(sorted(missing))}")
    unknown = set(position) - REQUIRED_KEYS - OPTIONAL_KEYS
    if unknown:
        ck.add("position-format", f"unknown key(s) {', '.join(sorted(unknown))}")


@dataclass(frozen=True)
class _Match:
    """The match state a position names (a value that fails its check and that a later
    check reads is replaced by its default, so that the later checks can still run)."""

    hand: int
    phase: str
    deal: int
    variants: Variants
    levels: list[Rank]
    previous_winners: list[int] | None
    previous_banker: int | None
    banker: int | None


def _parse_match(ck: _Checker, position: Mapping[str, Any]) -> _Match:
    """The match: the hand number, phase, deal, variants, levels, the previous hand's
    winners and banker, and the banker."""
    hand_number = position.get("hand", 1)
    if not _is_int(hand_number) or hand_number < 1:
        ck.add("position-format", f"hand must be a positive integer, not {hand_number!r}")
        hand_number = 1
    phase = position.get("phase", "playing")
    if phase not in PHASES:
        ck.add("position-format", f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
        phase = "playing"
    deal = position.get("deal", 1)  # no later check reads it: no default after a problem
    if not _is_int(deal) or deal < 1 or (hand_number > 1 and deal != 1):
        ck.add("deal-in-later-hand",
               f"deal must be 1 (or a redeal count in the first hand), not {deal!r}")
    raw_variants = position.get("variants") or {}
    try:
        if not isinstance(raw_variants, Mapping):
            raise InvalidNotation("must be an object of variant names to values")
        variants = Variants.from_mapping(raw_variants)
    except RulesError as err:
        ck.add("position-format", f"variants: {err}")
        variants = Variants()
    levels = _parse_levels(ck, position.get("levels", ["3"] * SEATS))
    previous_winners = ck.seats(position.get("previous_winners") or [], "previous_winners")
    if hand_number > 1 and not previous_winners:
        ck.add("later-hand-no-winners", "a later hand needs previous_winners (D6)")
    previous_banker = position.get("previous_banker")
    if previous_banker is not None:
        previous_banker = ck.seat(previous_banker, "previous_banker")
    banker = ck.seat(position.get("banker"), "banker")
    return _Match(hand_number, phase, deal, variants, levels, previous_winners,
                  previous_banker, banker)


def _parse_levels(ck: _Checker, raw_levels: Any) -> list[Rank]:
    """Each seat's level (3 where it cannot be read)."""
    levels: list[Rank] = [Rank.THREE] * SEATS
    if not isinstance(raw_levels, list | tuple) or len(raw_levels) != SEATS:
        ck.add("position-format", f"levels must list {SEATS} rank symbols")
    else:
        for seat, symbol in enumerate(raw_levels):
            try:
                rank = Rank.parse(str(symbol))
            except RulesError:
                ck.add("position-format", f"levels[{seat}] {symbol!r} is not a rank")
                continue
            if not Rank.THREE <= rank <= Rank.ACE:
                ck.add("level-range", f"levels[{seat}] {symbol} is not a level 3-A (R07.1)")
            levels[seat] = rank
    return levels


@dataclass(frozen=True)
class _Cards:
    """Where the cards are: the hands, the burial, the trick on the table, and so the
    cards gone in earlier tricks."""

    hands: list[list[Card]]
    hands_ok: bool
    """Whether every hand parsed (else the checks of hand sizes do not run)."""
    sizes: list[int]
    buried: list[Card]
    trick: Trick | None
    trick_ok: bool
    """Whether the trick parsed cleanly (else the checks of turns and passes do not run)."""
    on_table: Counter[Card]
    gone: Counter[Card]
    too_many: bool
    """Whether the cards in play hold more copies than the pack."""


def _parse_cards(ck: _Checker, position: Mapping[str, Any], match: _Match) -> _Cards:
    """The cards: the hands, the burial, the trick, the copies of the pack, and the size of
    each hand."""
    phase = match.phase
    hands, hands_ok = _parse_hands(ck, position.get("hands"))
    buried = ck.cards(position.get("buried", []), "buried") or []
    if phase == "burying":
        if buried:
            ck.add("buried-before-burial", "nothing is buried before the burying decision (R10.1)")
    elif len(buried) != KITTY_SIZE:
        ck.add("bury-count",
               f"buried must hold exactly {KITTY_SIZE} cards, not {len(buried)} (R10.1)")

    trick, trick_cards, trick_ok = _parse_trick(ck, position.get("trick"), match.variants,
                                                phase)
    on_table = Counter(trick_cards)
    in_play = Counter(buried) + on_table
    for h in hands:
        in_play.update(h)
    too_many = in_play - _PACK
    if too_many:
        ck.add("too-many-copies",
            "more copies than the pack holds: "
            + ", ".join(f"{c} x{in_play[c]}" for c in sorted(too_many))
            + " (R01.1)"
        )
    sizes = [len(h) for h in hands]
    if hands_ok and match.banker is not None:
        _check_hand_sizes(ck, sizes, phase, match.banker, trick)
    return _Cards(hands, hands_ok, sizes, buried, trick, trick_ok, on_table,
                  _PACK - in_play, bool(too_many))


def _parse_hands(ck: _Checker, raw_hands: Any) -> tuple[list[list[Card]], bool]:
    """The six hands (empty where they cannot be read), and whether all could be."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    hands_ok = isinstance(raw_hands, list | tuple) and len(raw_hands) == SEATS
    if not hands_ok:
        ck.add("position-format", f"hands must list {SEATS} hands")
    else:
        assert isinstance(raw_hands, list | tuple)
        for seat, raw in enumerate(raw_hands):
            cards = ck.cards(raw, f"hands[{seat}]")
            if cards is None:
                hands_ok = False
            else:
                hands[seat] = cards
    return hands, hands_ok


def _check_hand_sizes(ck: _Checker, sizes: list[int], phase: str, banker: int,
                      trick: Trick | None) -> None:
    """Every hand full before play (the banker's with the kitty at the burial), none over
    full, and none over full counting the cards its seat put in the trick."""
    for seat, size in enumerate(sizes):
        limit = HAND_SIZE + KITTY_SIZE if phase == "burying" and seat == banker else HAND_SIZE
        if phase in ("burying", "calling") and size != limit:
            ck.add("hand-size-before-play",
                f"hands[{seat}] holds {size} cards; before play every hand is full "
                f"({limit}) (R10.1)"
            )
        elif size > limit:
            ck.add("hand-size-over",
                   f"hands[{seat}] holds {size} cards, more than {limit} (D2, R10.1)")
    if trick is not None:
        played = Counter(p.seat for p in trick.plays for _ in (p.cards or ()))
        for seat, n in played.items():
            if sizes[seat] + n > HAND_SIZE:
                ck.add("hand-size-with-trick",
                       f"seat {seat} put {n} cards in the trick but holds {sizes[seat]}")


def _parse_captured(ck: _Checker, raw_captured: Any, cards: _Cards) -> list[int]:
    """The points each seat captured: multiples of 5 that add up to the points of the
    cards gone in earlier tricks (none when they are not points)."""
    if (
        not isinstance(raw_captured, list | tuple)
        or len(raw_captured) != SEATS
        or not all(_is_int(v) and v >= 0 and v % 5 == 0 for v in raw_captured)
    ):
        ck.add("captured-not-points", "captured must list 6 non-negative multiples of 5 (R06.1)")
        return []
    captured = [int(v) for v in raw_captured]
    gone_points = sum(c.points * n for c, n in cards.gone.items())
    if sum(captured) != gone_points and not cards.too_many:
        table = sum(c.points * n for c, n in cards.on_table.items())
        held = sum(c.points for h in cards.hands for c in h)
        kitty = sum(c.points for c in cards.buried)
        ck.add("captured-total",
            f"captured points total {sum(captured)} but the cards played in earlier "
            f"tricks hold {gone_points} (hands {held} + table {table} + buried {kitty} + "
            f"captured must make {TOTAL_POINTS}, R06.2, R20.2)"
        )
    return captured


def _parse_calls(ck: _Checker, raw_calls: Any, match: _Match, cards: _Cards) -> list[CallState]:
    """The two calls in play (none before it), each with how many copies of its face have
    been played and who resolved it, and the pair of calls as announced."""
    calls: list[CallState] = []
    if match.phase != "playing":
        if raw_calls:
            ck.add("calls-before-play",
                   "calls are announced after burying, before the first lead (D7)")
    elif not isinstance(raw_calls, list | tuple) or len(raw_calls) != 2:
        ck.add("call-count", "calls must list the two calls (R11.1)")
    else:
        specs: list[CallSpec] = []
        for i, raw in enumerate(raw_calls):
            if not isinstance(raw, Mapping):
                ck.add("position-format", f"calls[{i}] must be an object with face and ordinal")
                continue
            try:
                spec = CallSpec.from_json({k: raw[k] for k in ("face", "ordinal") if k in raw})
            except RulesError as err:
                ck.add("position-format", f"calls[{i}]: {err}")
                continue
            extra = set(raw) - {"face", "ordinal", "played", "resolved_by"}
            if extra:
                ck.add("position-format",
                       f"calls[{i}] has unknown key(s) {', '.join(sorted(extra))}")
            specs.append(spec)
            calls.append(_parse_call(ck, i, raw, spec, cards))
        if len(specs) == 2 and len(cards.buried) == KITTY_SIZE:
            problem = call_problem(specs, cards.buried, match.variants)
            if problem is not None:
                ck.add(problem[1], f"calls: {problem[0]}")
    return calls


def _parse_call(ck: _Checker, i: int, raw: Mapping[str, Any], spec: CallSpec,
                cards: _Cards) -> CallState:
    """One call (``calls[i]``): its played count, and who resolved it."""
    gone, trick = cards.gone, cards.trick
    occurred = gone[spec.face] + cards.on_table[spec.face]
    played = raw.get("played", occurred)
    if played != occurred:
        ck.add("call-played-count",
            f"calls[{i}] {spec.face}: played is {played!r} but {occurred} "
            f"cop{'y has' if occurred == 1 else 'ies have'} been played (D15)"
        )
    resolved_by = raw.get("resolved_by")
    if resolved_by is not None and not _is_seat(resolved_by):
        ck.add("position-format",
               f"calls[{i}] resolved_by must be a seat or null, not {resolved_by!r}")
        resolved_by = None
    if occurred >= spec.ordinal and resolved_by is None:
        ck.add("call-unresolved",
            f"calls[{i}] {spec.face} occurrence {spec.ordinal} has been played: "
            "resolved_by must name who played it (D16)"
        )
    if occurred < spec.ordinal and resolved_by is not None:
        ck.add("call-resolved-early",
            f"calls[{i}] {spec.face} occurrence {spec.ordinal} has not been played "
            f"yet ({occurred} so far), so nobody resolved it (D16)"
        )
    if resolved_by is not None and trick is not None and occurred >= spec.ordinal:
        # the resolving copy is on the table: it must be in that seat's play
        before = gone[spec.face]
        if before < spec.ordinal:
            who = _resolver_in_trick(trick, spec.face, spec.ordinal - before)
            if who is not None and who != resolved_by:
                ck.add("call-wrong-resolver",
                    f"calls[{i}] {spec.face} occurrence {spec.ordinal} was played in "
                    f"the current trick by seat {who}, not {resolved_by} (D16)"
                )
    return CallState(spec.face, spec.ordinal, occurred, resolved_by)


def _parse_out(ck: _Checker, raw_out: Any, cards: _Cards) -> list[int]:
    """Who is out: exactly the seats that hold no cards (those, when not given)."""
    sizes = cards.sizes
    empty = [s for s in range(SEATS) if not sizes[s]] if cards.hands_ok else []
    out = empty if raw_out is None else (ck.seats(raw_out, "out") or [])
    if cards.hands_ok and sorted(out) != empty:
        ck.add("out-list",
            f"out lists {list(out)} but the seats with no cards are {empty} "
            "(R16.1: exactly the empty-handed players are out)"
        )
    return out


def _parse_turn(ck: _Checker, raw_turn: Any, match: _Match, cards: _Cards) -> int | None:
    """Whose turn it is: a seat holding cards, the banker before play, in a trick neither
    the top play's seat nor a seat that passed."""
    turn = ck.seat(raw_turn, "turn")
    trick, sizes = cards.trick, cards.sizes
    if turn is not None and cards.hands_ok:
        if not sizes[turn]:
            ck.add("turn-empty-hand", f"turn: seat {turn} holds no cards and cannot act (R16.1)")
        if match.phase != "playing" and match.banker is not None and turn != match.banker:
            ck.add("turn-not-banker",
                   f"turn: the banker (seat {match.banker}) decides before play (D7)")
        if trick is not None and cards.trick_ok:
            if turn == trick.top_seat:
                ck.add("turn-top-play",
                    f"turn: seat {turn} made the top play; the trick ends before their turn "
                    "comes round again (R13.3)"
                )
            elif turn in trick.passed and match.variants.pass_rule == "trick":
                ck.add("turn-locked-out",
                       f"turn: seat {turn} passed and is locked out of the trick (D18)")
            elif turn in trick.passed:
                ck.add("turn-passed", f"turn: seat {turn} passed since the last play (D18)")
    return turn


def _check_trick_state(ck: _Checker, cards: _Cards) -> None:
    """The seats that passed in the trick hold cards and did not make its top play, and
    some seat is still to answer it."""
    trick, sizes = cards.trick, cards.sizes
    if trick is not None and cards.trick_ok and cards.hands_ok:
        for seat in sorted(trick.passed):
            if not sizes[seat]:
                ck.add("passed-empty-hand", f"trick.passed: seat {seat} holds no cards")
            if seat == trick.top_seat:
                ck.add("passed-top-play", f"trick.passed: seat {seat} made the top play")
        waiting = [s for s in range(SEATS)
                   if sizes[s] and s != trick.top_seat and s not in trick.passed]
        if not waiting:
            ck.add("trick-over",
                   "the trick is already over: every other player holding cards passed (R13.3)")


def _check_hand_over(ck: _Checker, match: _Match, cards: _Cards,
                     calls: list[CallState]) -> None:
    """The hand is not over yet: no whole side is out once both calls are resolved, and
    more than one player holds cards before."""
    banker, sizes = match.banker, cards.sizes
    if match.phase == "playing" and cards.hands_ok and len(calls) == 2 and banker is not None:
        holders = [s for s in range(SEATS) if sizes[s]]
        if all(c.resolved_by is not None for c in calls):
            side = {banker} | {c.resolved_by for c in calls if c.resolved_by is not None}
            if not any(sizes[s] for s in side) or all(
                not sizes[s] for s in range(SEATS) if s not in side
            ):
                ck.add("hand-over-whole-side",
                       "the hand is already over: a whole side is out (R17.1, D20)")
        elif len(holders) <= 1:
            ck.add("hand-over-one-left",
                   "the hand is already over: only one player holds cards (R18.1, D21)")


def _resolver_in_trick(trick: Trick, face: Card, nth: int) -> int | None:
    """The seat that put the ``nth`` copy of ``face`` on the table in ``trick``."""
    count = 0
    for play in trick.plays:
        if play.cards is not None:
            count += play.cards.count(face)
            if count >= nth:
                return play.seat
    return None


def _parse_reveal(
    ck: _Checker, raw: Any, banker: int | None, levels: Sequence[Rank], first_hand: bool
) -> tuple[int, Card, int] | None:
    if not isinstance(raw, Mapping) or set(raw) != {"seat", "card", "draw"}:
        ck.add("position-format", "reveal must be null or an object with seat, card and draw")
        return None
    seat = ck.seat(raw["seat"], "reveal.seat")
    draw = raw["draw"]
    if not _is_int(draw) or not 1 <= draw <= 156:
        ck.add("position-format", f"reveal.draw must be a draw number 1-156, not {draw!r}")
        return None
    try:
        card = Card.parse(str(raw["card"]))
    except RulesError as err:
        ck.add("position-format", f"reveal.card: {err}")
        return None
    if seat is None:
        return None
    if banker is not None and seat != banker:
        ck.add("reveal-not-banker",
               f"reveal.seat {seat} is not the banker {banker}: the reveal fixes the banker")
    if card.rank != levels[seat]:
        ck.add("reveal-wrong-rank-first-hand" if first_hand else "reveal-wrong-rank",
               f"reveal.card {card} is not seat {seat}'s level {levels[seat].symbol}")
    return (seat, card, int(draw))


def _parse_trick(
    ck: _Checker, raw: Any, variants: Variants, phase: str
) -> tuple[Trick | None, list[Card], bool]:
    """The trick, every card on the table, and whether it parsed cleanly."""
    if raw is None:
        return None, [], True
    if phase != "playing":
        ck.add("trick-before-play", "trick must be null before play")
        return None, [], False
    if not isinstance(raw, Mapping) or not {"leader", "plays"} <= set(raw):
        ck.add("position-format", "trick must be null or an object with leader, plays (and passed)")
        return None, [], False
    extra = set(raw) - {"leader", "plays", "passed", "top", "points"}
    if extra:
        ck.add("position-format", f"trick has unknown key(s) {', '.join(sorted(extra))}")
    leader = ck.seat(raw["leader"], "trick.leader")
    entries = raw["plays"]
    if not isinstance(entries, list | tuple) or not entries:
        ck.add("position-format", "trick.plays must list at least the lead")
        return None, [], False
    plays: list[TrickPlay] = []
    cards_on_table: list[Card] = []
    top: Combo | None = None
    top_seat: int | None = None
    derived_passed: set[int] = set()
    ok = True
    for i, entry in enumerate(entries):
        where = f"trick.plays[{i}]"
        if not isinstance(entry, Mapping) or "seat" not in entry:
            ck.add("position-format", f"{where} must be an object with seat and cards or pass")
            ok = False
            continue
        seat = ck.seat(entry["seat"], f"{where}.seat")
        if seat is None:
            ok = False
            continue
        if entry.get("pass") is True:
            if set(entry) != {"seat", "pass"}:
                ck.add("position-format", f"{where}: a pass has only seat and pass")
            if top is None:
                ck.add("lead-pass",
                       f"{where}: the leader must play, a lead cannot be passed (R13.2)")
                ok = False
            plays.append(TrickPlay(seat))
            derived_passed.add(seat)
            continue
        if set(entry) - {"seat", "cards", "combo"} or "cards" not in entry:
            ck.add("position-format",
                   f"{where} must be a play {{seat, cards, combo}} or a pass {{seat, pass}}")
            ok = False
            continue
        cards = ck.cards(entry["cards"], f"{where}.cards")
        if not cards:
            if cards is not None:
                ck.add("play-empty", f"{where}: a play needs at least one card")
            ok = False
            continue
        cards_on_table.extend(cards)  # on the table, whether or not they may be played
        if i == 0 and leader is not None and seat != leader:
            ck.add("lead-not-leader",
                   f"{where}: the lead is by seat {seat}, not the leader {leader}")
        declared = entry.get("combo")
        if declared is not None and not isinstance(declared, str):
            ck.add("position-format", f"{where}.combo must be a reading such as 'pair 7'")
            declared = None
        try:  # a reading the position states decides nothing (provenance: not recorded)
            with provenance.paused() if declared is not None else nullcontext():
                combo = choose_reading(cards, declared=declared, top=top, variants=variants)
        except RulesError as err:
            # the code an action playing these cards is refused with (D35), so the same
            # cards cite the same clause in a position as in play (D40)
            code = (err.rejection if isinstance(err, IllegalPlay) and err.rejection
                    else "bad-declared-reading")
            ck.add(code, f"{where}: {' '.join(map(str, sorted(cards)))} is not a legal "
                         f"{'lead' if top is None else 'reply to ' + top.notation()}: "
                         f"{err.message}")
            ok = False
            continue
        if top_seat is not None and seat == top_seat:
            ck.add("reply-to-own-top",
                   f"{where}: seat {seat} cannot reply to their own top play (R13.3)")
        plays.append(TrickPlay(seat, tuple(sorted(cards)), combo))
        top, top_seat = combo, seat
        if variants.pass_rule == "turn":
            derived_passed.clear()
    if leader is None or top is None or top_seat is None:
        return None, cards_on_table, False
    passed = derived_passed
    if "passed" in raw:
        given = ck.seats(raw["passed"], "trick.passed")
        if given is not None:
            if not derived_passed <= set(given):
                ck.add(
                    "passed-incomplete",
                    f"trick.passed {sorted(given)} leaves out seat(s) "
                    f"{sorted(derived_passed - set(given))} that passed"
                    + (" since the last play" if variants.pass_rule == "turn" else "")
                )
            passed = set(given)
    points = sum(c.points for c in cards_on_table)
    return Trick(leader, top_seat, top, points, plays, passed), cards_on_table, ok
