"""The reference engine: a match of 5,10,K and its current hand (rules 7–23).

One :class:`Game` object holds the match (individual levels, the previous winners and
banker, the variants) and the hand being played. It follows an OpenSpiel-like flow:
:meth:`Game.pending` names the seat that must decide and what, :meth:`Game.legal_actions`
lists (or, for burial, summarises) the choices, :meth:`Game.apply` performs one action —
validating it fully first, so an illegal action raises :class:`IllegalAction` and leaves
the state untouched — and :meth:`Game.outcome` gives the settlement once the hand is over.

The order of a hand follows D7: dealing draw by draw with reveal prompts (D2–D6) → the
banker is fixed → dealing completes → the banker takes the kitty → buries 6 → announces
both calls → leads the first trick (R10.1, R13.1). Everything is deterministic: the same
setup and actions give the same observations.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from . import provenance, python_api
from .actions import Action, CallSpec, Decision, card_key
from .calls import CallState, call_problem
from .cards import Card, Rank, format_cards
from .combos import Combo
from .dealing import DRAWS, KITTY_SIZE, SEATS, Deal, validate_deck
from .errors import IllegalAction, InvalidPosition, RulesError
from .settlement import Ending, HandResult, settle
from .table import Table
from .variants import DEFAULT, Variants

__all__ = ["Action", "CallSpec", "Decision", "Ending", "Game", "HandResult", "Phase"]


class Phase(StrEnum):
    """Where the current hand stands (D7)."""

    DEALING = "dealing"
    """Cards are being dealt; a reveal prompt may be pending (D2, D3)."""
    BURYING = "burying"
    """The banker holds the kitty (32 cards) and must bury 6 (R10.1)."""
    CALLING = "calling"
    """The banker must announce both partner calls (R11.1)."""
    PLAYING = "playing"
    """Tricks are being played (rules 13–16)."""
    FINISHED = "finished"
    """The hand has ended and been settled (rules 17–22)."""


_MIN_LEVEL, _MAX_LEVEL = Rank.THREE, Rank.ACE
_DECISIONS: dict[tuple[int, str], Decision] = {
    (seat, kind): Decision(seat, kind)
    for seat in range(SEATS)
    for kind in ("reveal", "bury", "call", "play")
}
_PHASE_OF = {
    "reveal": Phase.DEALING, "skip": Phase.DEALING, "bury": Phase.BURYING,
    "call": Phase.CALLING, "play": Phase.PLAYING, "pass": Phase.PLAYING,
}


class Game:
    """A match of 5,10,K and its current hand. Build with :meth:`new` or
    :meth:`from_position`."""

    # -- construction ----------------------------------------------------------------------
    def __init__(self) -> None:
        # match
        self.variants: Variants = DEFAULT
        self.hand_number = 1
        self._levels: list[Rank] = [Rank.THREE] * SEATS
        self._previous_winners: tuple[int, ...] = ()
        self._previous_banker: int | None = None
        self._match_winners: tuple[int, ...] = ()
        self._rng = random.Random(0)
        # hand
        self._d = Deal(first=0, levels=self._levels, eligible=[True] * SEATS, rng=self._rng)
        self._t = Table(DEFAULT)  # hands and the play phase
        self.phase = Phase.DEALING
        self._reveal: tuple[int, Card, int] | None = None
        self._buried: list[Card] = []
        self._result: HandResult | None = None
        self._history: list[Action] = []

    @classmethod
    def new(
        cls,
        *,
        deck: Sequence[Card | str] | None = None,
        first: int | None = None,
        seed: int | None = None,
        redeals: Sequence[Sequence[Card | str]] = (),
        variants: Variants = DEFAULT,
        levels: Sequence[Rank | str] | None = None,
        previous_winners: Iterable[int] | None = None,
        previous_banker: int | None = None,
        hand_number: int = 1,
    ) -> Game:
        """A match and its current hand, dealt up to the first reveal prompt.

        ``deck`` is an explicit 162-card deck order (:class:`InvalidCards`, R01.1, unless it
        is exactly the pack); without it the pack is shuffled by ``random.Random(seed)``
        (seed default 0). ``first`` receives the first card (D2: seat 0 in the first hand,
        the seat after ``previous_banker`` afterwards). ``redeals`` are the deck orders of
        the first hand's redeals, in order (D5); once used up the seeded generator
        reshuffles. ``levels`` default to 3 for everyone; a later hand (``hand_number`` > 1)
        needs ``previous_winners`` (the eligible revealers, D6) and ``previous_banker`` (the
        fallback search, D5). Bad setup values raise :class:`InvalidPosition` listing every
        problem.
        """
        game = cls()
        problems: list[str] = []
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
            problems.append(f"hand_number must be a positive integer, not {hand_number!r}")
        later = isinstance(hand_number, int) and hand_number > 1  # not for a bad number
        parsed_levels = _parse_levels(levels, problems) if levels is not None else None
        winners: tuple[int, ...] = ()
        if previous_winners is not None:
            winners = tuple(sorted(set(previous_winners)))
            if not all(_is_seat(s) for s in winners):
                problems.append(f"previous_winners must be seats 0-5, not {list(winners)}")
        if previous_banker is not None and not _is_seat(previous_banker):
            problems.append(f"previous_banker must be a seat 0-5, not {previous_banker!r}")
        if later and not winners:
            problems.append("a later hand needs previous_winners, the eligible revealers (D6)")
        if later and previous_banker is None:
            problems.append("a later hand needs previous_banker for the fallback search (D5)")
        if first is not None and not _is_seat(first):
            problems.append(f"first must be a seat 0-5, not {first!r}")
        if problems:
            raise InvalidPosition(problems)
        game.variants = variants
        game.hand_number = hand_number
        if parsed_levels is not None:
            game._levels = parsed_levels
        game._previous_winners = winners
        game._previous_banker = previous_banker
        game._rng = random.Random(0 if seed is None else seed)
        provenance.applies_variants(variants)
        game._start_hand(deck, first, redeals)
        return game

    @classmethod
    def from_position(cls, position: Mapping[str, Any]) -> Game:
        """A game at a position (see ``schemas/position.schema.json`` and
        :mod:`.position`); :class:`InvalidPosition` lists every problem found."""
        from .position import parse_position

        p = parse_position(position)
        provenance.applies_variants(p.variants)
        game = cls()
        game.variants = p.variants
        game.hand_number = p.hand
        game._levels = list(p.levels)
        game._previous_winners = p.previous_winners
        game._previous_banker = p.previous_banker
        first = 0 if p.previous_banker is None else (p.previous_banker + 1) % SEATS
        game._d = Deal(first=first, levels=p.levels, eligible=[False] * SEATS, rng=game._rng)
        game._d.number, game._d.draws = p.deal, DRAWS
        game._reveal = p.reveal
        game._buried = sorted(p.buried)
        t = game._t = Table(p.variants)
        t.banker = p.banker
        t.hands = [Counter(h) for h in p.hands]
        t.sizes = [len(h) for h in p.hands]
        t.calls = [c.copy() for c in p.calls]
        t.partners = {
            c.resolved_by
            for c in p.calls
            if c.resolved_by is not None and c.resolved_by != p.banker
        }
        t.out = list(p.out)
        t.trick = p.trick.copy() if p.trick is not None else None
        t.turn = p.turn
        t.captured = list(p.captured)
        game.phase = Phase(p.phase)
        return game

    def to_position(self) -> dict[str, Any]:
        """A complete snapshot of the hand (burying, calling or playing phase) that
        :meth:`from_position` accepts; ``from_position(g.to_position()).to_position() ==
        g.to_position()``. Raises :class:`IllegalAction` while dealing or once finished.
        Python API only (:func:`.python_api.game_position`)."""
        return python_api.game_position(self)

    # -- read-only views -------------------------------------------------------------------
    @property
    def banker(self) -> int | None:
        return self._t.banker

    @property
    def turn(self) -> int | None:
        """The seat whose decision is pending, if any; Python API only
        (:func:`.python_api.turn`)."""
        return python_api.turn(self)

    @property
    def levels(self) -> tuple[Rank, ...]:
        return tuple(self._levels)

    @property
    def match_over(self) -> bool:
        """Whether somebody advanced beyond A (R07.2, D24)."""
        return bool(self._match_winners)

    @property
    def match_winners(self) -> tuple[int, ...]:
        return self._match_winners

    @property
    def top(self) -> Combo | None:
        """The current top play of the trick, ``None`` when a lead is due; Python API only
        (:func:`.python_api.top`)."""
        return python_api.top(self)

    @property
    def buried(self) -> tuple[Card, ...]:
        """The six buried cards (hidden from players until settlement, R10.2)."""
        return tuple(self._buried)

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied in the current hand, in order."""
        return tuple(self._history)

    @property
    def deal_decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck orders of the current hand: the first deal, then each redeal (D5)."""
        return tuple(self._d.decks)

    @property
    def first(self) -> int:
        """The seat that received the first card of the current hand (D2)."""
        return self._d.first

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, in canonical order."""
        return sorted(self._t.hands[seat].elements(), key=card_key)

    def hand_counts(self, seat: int) -> Mapping[Card, int]:
        """A read-only view of ``seat``'s hand as card → copies (no sorting; cheap)."""
        return MappingProxyType(self._t.hands[seat])

    def hand_size(self, seat: int) -> int:
        return self._t.sizes[seat]

    # -- the decision loop -----------------------------------------------------------------
    def pending(self) -> Decision | None:
        """Who must decide what now; ``None`` once the hand is finished."""
        phase = self.phase
        if phase is Phase.PLAYING:
            return _DECISIONS[self._t.turn, "play"]
        if phase is Phase.DEALING:
            assert self._d.prompt is not None
            return _DECISIONS[self._d.prompt, "reveal"]
        if phase is Phase.BURYING:
            assert self._t.banker is not None
            return _DECISIONS[self._t.banker, "bury"]
        if phase is Phase.CALLING:
            assert self._t.banker is not None
            return _DECISIONS[self._t.banker, "call"]
        return None

    def legal_actions(self) -> list[Action]:
        """The legal actions of the pending decision: the reveals and the skip of a prompt,
        one representative burial (every six cards of the banker's 32 are legal), every
        legal pair of calls, or the pass (not for a lead) and one action per legal play.
        Python API only (:func:`.python_api.legal_actions`)."""
        return python_api.legal_actions(self)

    def is_legal(self, action: Action | Mapping[str, Any]) -> bool:
        """Whether :meth:`apply` would accept ``action`` (malformed JSON is not legal);
        Python API only (:func:`.python_api.is_legal`)."""
        return python_api.is_legal(self, action)

    def apply(self, action: Action | Mapping[str, Any]) -> None:
        """Apply one action. Malformed JSON raises :class:`InvalidNotation`; an action the
        rules forbid raises :class:`IllegalAction` naming the clause, and the state is left
        exactly as it was."""
        act = action if isinstance(action, Action) else Action.from_json(action)
        prepared = self._validate(act)
        if provenance.current is not None and self._reveal is not None:
            self._trace_reveal(act, self._reveal)
        self._history.append(act)
        kind = act.type
        if kind == "play":
            assert isinstance(prepared, Combo)
            self._t.play(act.seat, act.cards, prepared)
            if self._t.finish is not None:
                self._settle()
        elif kind == "pass":
            self._t.pass_(act.seat)
        elif kind == "reveal":
            assert act.card is not None
            if self.hand_number > 1 and act.seat == self._previous_banker:
                provenance.applies("D25")  # the banker may be the same player again
            self._t.banker = act.seat
            self._reveal = (act.seat, act.card, self._d.draws)
            self._advance_dealing()
        elif kind == "skip":
            self._advance_dealing()
        elif kind == "bury":
            self._t.remove(act.seat, act.cards)
            self._buried = list(act.cards)  # already in canonical order
            self.phase = Phase.CALLING
        else:  # call
            t = self._t
            t.calls = [CallState(c.face, c.ordinal) for c in act.calls]
            self.phase = Phase.PLAYING
            assert t.banker is not None
            t.turn = t.banker
            t.trick = None

    def outcome(self) -> HandResult | None:
        """The settlement once the hand is finished, else ``None``."""
        return self._result

    def next_hand(
        self,
        *,
        deck: Sequence[Card | str] | None = None,
        first: int | None = None,
        redeals: Sequence[Sequence[Card | str]] = (),
    ) -> None:
        """Start the next hand of the match after settlement (R23.1, D25): levels kept,
        teams and calls reset; the previous winning side may reveal (D6) and the fallback
        search starts after this hand's banker (D5). ``first`` defaults to the seat after
        this hand's banker (D2); without ``deck`` the match's generator shuffles. Raises
        :class:`IllegalAction` unless the hand is finished and the match goes on."""
        if self.phase is not Phase.FINISHED or self._result is None:
            raise IllegalAction(
                "the next hand starts only after this hand is settled",
                rejection="next-hand-unsettled",
            )
        if self._match_winners:
            raise IllegalAction(
                f"the match is over: seat(s) {', '.join(map(str, self._match_winners))} "
                "advanced beyond A",
                rejection="next-hand-match-over",
            )
        if first is not None and not _is_seat(first):
            raise InvalidPosition([f"first must be a seat 0-5, not {first!r}"])
        result = self._result
        if result.band.winners == "defenders" and not result.band.advance:
            provenance.applies("D6")  # defenders who won without advancing may reveal
        new_deck = validate_deck(deck) if deck is not None else None
        checked_redeals = [validate_deck(d) for d in redeals]
        self._previous_winners = result.winning_seats
        self._previous_banker = result.banker
        self.hand_number += 1
        self._start_hand(new_deck, first, checked_redeals)

    # -- observation -----------------------------------------------------------------------
    def observe(self) -> dict[str, Any]:
        """The canonical observation (``schemas/observation.schema.json``): public state
        only — no hands, and the burial only once settled (R10.2)."""
        decision = self.pending()
        banker = self._t.banker
        partners = sorted(self._t.partners)
        return {
            "hand": self.hand_number,
            "deal": self._d.number,
            "phase": self.phase.value,
            "draws": self._d.draws,
            "pending": None if decision is None else decision.to_json(),
            "banker": banker,
            "reveal": self._reveal_json(),
            "calls": [c.to_json() for c in self._t.calls],
            "partners": partners,
            "banker_side": [] if banker is None else sorted([banker, *partners]),
            "out": list(self._t.out),
            "trick": None if self._t.trick is None else self._t.trick.to_observation(),
            "captured": list(self._t.captured),
            "hand_sizes": list(self._t.sizes),
            "levels": [r.symbol for r in self._levels],
            "previous_winners": list(self._previous_winners),
            "result": None if self._result is None else self._result.to_json(),
            "match_over": bool(self._match_winners),
            "whole_side_check": self.whole_side_check,
        }

    @property
    def whole_side_check(self) -> bool:
        """Whether the whole-side ending is checked after a play: only once both calls are
        announced and resolved (R17.1, D20); before that a hand ends only when one player
        is left (R18.1, D21). It stays true through settlement."""
        calls = self._t.calls
        return bool(calls) and all(c.resolved_by is not None for c in calls)

    def _reveal_json(self) -> dict[str, Any] | None:
        if self._reveal is None:
            return None
        seat, card, draw = self._reveal
        return {"seat": seat, "card": str(card), "draw": draw}

    # -- dealing (D2–D6) -------------------------------------------------------------------
    def _start_hand(
        self,
        deck: Sequence[Card | str] | None,
        first: int | None,
        redeals: Sequence[Sequence[Card | str]],
    ) -> None:
        first_deck = validate_deck(deck) if deck is not None else None
        queued = [validate_deck(d) for d in redeals]
        if first is None:
            provenance.applies("D2")  # the default first receiver
            first = 0 if self._previous_banker is None else (self._previous_banker + 1) % SEATS
        first_hand = self.hand_number == 1
        winners = set(self._previous_winners)
        eligible = [first_hand or s in winners for s in range(SEATS)]
        self._d = Deal(first=first, levels=self._levels, eligible=eligible, rng=self._rng,
                       redeals=queued)
        self._t = Table(self.variants)
        self._reveal = None
        self._buried = []
        self._result = None
        self._history = []
        self._d.start(first_deck if first_deck is not None
                      else python_api.shuffled_deck(self._rng))
        self.phase = Phase.DEALING
        self._advance_dealing()

    def _advance_dealing(self) -> None:
        """Deal until a reveal prompt (D3) or the end of dealing; then redeal (first hand,
        R08.4) or fix the banker by the fallback search (R09.5), and hand the banker the
        kitty (D7)."""
        d, t = self._d, self._t
        while not d.advance(t.hands, t.sizes, seeking=t.banker is None):
            if t.banker is None and self.hand_number == 1:
                provenance.applies("D5", "D30", "D34")  # the same hand, dealt again
                d.start()  # R08.4, D5: nobody revealed a 3 in the first hand: redeal
                t.hands = [Counter() for _ in range(SEATS)]
                t.sizes = [0] * SEATS
                continue
            if t.banker is None:
                t.banker = self._fallback_banker()
                provenance.applies("D5", "D34")
                if t.banker == self._previous_banker:
                    provenance.applies("D25")
            for card in d.kitty:
                t.hands[t.banker][card] += 1
            t.sizes[t.banker] += KITTY_SIZE
            self.phase = Phase.BURYING
            return

    def _fallback_banker(self) -> int:
        """R09.5, D5: the first previous winner in seats b+1, …, b+5, b."""
        b = self._previous_banker
        assert b is not None
        winners = set(self._previous_winners)
        for step in range(1, SEATS + 1):
            seat = (b + step) % SEATS
            if seat in winners:
                return seat
        raise AssertionError("a later hand always has previous winners")

    # -- validation (nothing is mutated here) ----------------------------------------------
    def _validate(self, act: Action) -> Combo | None:
        kind = act.type
        phase = self.phase
        if phase is Phase.PLAYING and act.seat == self._t.turn:  # the common case, fast
            if kind == "play":
                return self._t.check_play(act)
            if kind == "pass":
                self._t.check_pass(act)
                return None
        if phase is Phase.FINISHED:
            raise IllegalAction(
                f"{act}: the hand is over; start the next hand", rejection="hand-over"
            )
        expected = _PHASE_OF[kind]
        decision = self.pending()
        assert decision is not None
        if phase is not expected:
            code = self._reveal_code("reveal-after-banker") if expected is Phase.DEALING \
                else "wrong-phase"
            raise IllegalAction(
                f"{act}: not now — the hand is in the {phase.value} phase and seat "
                f"{decision.seat} must decide ({decision.kind})",
                rejection=code,
            )
        seat = act.seat
        if kind in ("reveal", "skip"):
            self._validate_reveal(act, decision.seat)
            return None
        if seat != decision.seat:
            code = "not-your-turn" if phase is Phase.PLAYING else "not-your-decision"
            who = "turn" if phase is Phase.PLAYING else f"{decision.kind} decision"
            raise IllegalAction(f"{act}: it is seat {decision.seat}'s {who}", rejection=code)
        if kind == "bury":
            self._validate_bury(act)
            return None
        if kind == "call":
            if provenance.current is not None:
                self._trace_calls(act)
            problem = call_problem(act.calls, self._buried, self.variants)
            if problem is not None:
                raise IllegalAction(f"{act}: {problem[0]}", rejection=problem[1])
            return None
        raise AssertionError("unreachable: plays and passes by the seat to act are handled above")

    def _trace_reveal(self, act: Action, reveal: tuple[int, Card, int]) -> None:
        """Provenance (recording only): D4 where the revealed card's fate decides something:
        it is buried or played (it stayed in the hand like any card), or its face is called
        (the reveal counts towards no call)."""
        seat, card, _ = reveal
        if ((act.type == "bury" and card in act.cards)
                or (act.type == "play" and act.seat == seat and card in act.cards)
                or (act.type == "call" and any(c.face == card for c in act.calls))):
            provenance.applies("D4")

    def _trace_calls(self, act: Action) -> None:
        """Provenance (recording only): D13 when every unburied copy of a called face is in
        the banker's own hand (it counts as in play)."""
        hand = self._t.hands[act.seat]
        for call in act.calls:
            unburied = 3 - self._buried.count(call.face)
            if 0 < unburied <= hand[call.face]:
                provenance.applies("D13")

    def _reveal_code(self, later: str) -> str:
        """The D35 code of a reveal rejection: the first hand's own code (rule 8) or the
        later hands' one (rule 9)."""
        provenance.applies("D34")
        return f"{later}-first-hand" if self.hand_number == 1 else later

    def _validate_reveal(self, act: Action, prompted: int) -> None:
        seat = act.seat
        if seat != prompted:
            if self._t.banker is not None:
                raise IllegalAction(
                    f"{act}: seat {self._t.banker} is already the banker; no overturning",
                    rejection=self._reveal_code("reveal-after-banker"),
                )
            if not self._d.eligible[seat]:
                raise IllegalAction(
                    f"{act}: only the previous winning side "
                    f"({', '.join(map(str, self._previous_winners))}) may reveal",
                    rejection="reveal-by-previous-loser",
                )
            raise IllegalAction(
                f"{act}: only seat {prompted}, who just received a card, is prompted",
                rejection=self._reveal_code("reveal-not-prompted"),
            )
        if act.type == "skip":
            return
        card = act.card
        assert card is not None
        level = self._levels[seat]
        if card.rank != level:
            raise IllegalAction(
                f"{act}: seat {seat} may reveal only their own level {level.symbol}",
                rejection=self._reveal_code("reveal-wrong-rank"),
            )
        if not self._t.hands[seat][card]:
            raise IllegalAction(
                f"{act}: seat {seat} holds no {card}",
                rejection=self._reveal_code("reveal-not-held"),
            )

    def _validate_bury(self, act: Action) -> None:
        if len(act.cards) != KITTY_SIZE:
            raise IllegalAction(
                f"{act}: the banker buries exactly {KITTY_SIZE} cards, not {len(act.cards)}",
                rejection="bury-count",
            )
        missing = self._t.missing(act.seat, act.cards)
        if missing:
            raise IllegalAction(
                f"{act}: seat {act.seat} does not hold {format_cards(missing)}",
                rejection="bury-not-held",
            )

    def _settle(self) -> None:
        """Stop the hand and settle it (rules 17–22): the table points and the kitty go to
        the seat that made the ending play (R18.2, R19.3)."""
        t = self._t
        finish = t.finish
        assert finish is not None and t.banker is not None and t.trick is not None
        if provenance.current is not None:
            self._trace_settlement()
        result = settle(
            ending=finish.ending,
            banker=t.banker,
            banker_side=t.banker_side,
            kitty=self._buried,
            kitty_to=finish.seat,
            table_points=t.trick.points,
            table_to=finish.seat,
            remnant_points=finish.remnant_points,
            remnant_to=finish.remnant_to,
            captured=t.captured,
            levels=self._levels,
        )
        self._result = result
        self._levels = list(result.levels)
        self._match_winners = result.match_winners
        self.phase = Phase.FINISHED

    def _trace_settlement(self) -> None:
        """Provenance (recording only) of a settlement: D7 when the buried cards score
        differently from the dealt kitty, D22 when the kitty holds points (counted at face
        value, never multiplied), D31 when the final trick holds points, D16 when a call is
        unresolved (it adds nobody)."""
        t = self._t
        dealt = self._d.kitty
        if dealt and sum(c.points for c in dealt) != sum(c.points for c in self._buried):
            provenance.applies("D7")
        if any(c.points for c in self._buried):
            provenance.applies("D22")
        if t.trick is not None and t.trick.points:
            provenance.applies("D31")
        if any(c.resolved_by is None for c in t.calls):
            provenance.applies("D16")

    def __repr__(self) -> str:
        return (
            f"<Game hand={self.hand_number} deal={self._d.number} phase={self.phase.value} "
            f"banker={self._t.banker} pending={self.pending()}>"
        )


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEATS


def _tokens(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in sorted(cards, key=card_key)]


def _parse_levels(levels: Sequence[Rank | str], problems: list[str]) -> list[Rank]:
    out: list[Rank] = []
    values = list(levels)
    if len(values) != SEATS:
        problems.append(f"levels must list {SEATS} ranks, not {len(values)}")
        return [Rank.THREE] * SEATS
    for seat, value in enumerate(values):
        try:
            rank = value if isinstance(value, Rank) else Rank.parse(str(value))
        except RulesError:
            problems.append(f"levels[{seat}] {value!r} is not a rank")
            rank = Rank.THREE
        if not _MIN_LEVEL <= rank <= _MAX_LEVEL:
            problems.append(f"levels[{seat}] {rank.symbol} is not a level 3-A (R07.1, D24)")
        out.append(rank)
    return out
