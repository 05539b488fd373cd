"""The table: hands and the play phase of a hand (rules 13–20).

:class:`Table` holds what the players hold and what happens in play: the hands, the calls
and who resolved them, the current trick, whose turn it is, who is out, the points
captured per seat, and, once a play ends the hand, how it ended. :class:`~.game.Game`
deals into it, runs burial and calling, and settles the hand when :attr:`Table.finish`
is set.

- Turns (R13.1, R13.2, D18): the leader must play; every other seat may beat the top play
  or pass. Seats with no cards are skipped (R16.1).
- The trick ends when every other player still holding cards has passed since the last
  successful play (R13.3); under ``pass: trick`` a pass locks the seat out of the trick
  (D27). The last successful player captures every scoring card of the trick (R14.1) and
  leads next, or the first seat after them still holding cards (R15.1, D19).
- Calls resolve by played occurrence (D15, D16).
- After every play: the whole-side ending once both calls are resolved (R17.1, D20),
  otherwise the one-player-left ending (R18.1, D21).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from . import provenance
from .actions import Action
from .calls import CallState
from .cards import Card, format_cards
from .combos import Combo, Shape, choose_reading
from .dealing import SEATS
from .errors import IllegalAction, IllegalPlay, InvalidNotation, RulesError
from .python_api import count_plays
from .settlement import Ending, Side
from .trick import Trick, TrickPlay
from .variants import Variants


class Finish(NamedTuple):
    """How a play ended the hand: the ending, the seat that made the play (it receives the
    table points and the kitty, R18.2, R19.3) and the remnant points and their recipient."""

    ending: Ending
    seat: int
    remnant_points: int
    remnant_to: Side | int


class Table:
    """Hands and the play-phase state of one hand."""

    __slots__ = (
        "banker", "calls", "captured", "finish", "hands", "out", "partners", "sizes", "trick",
        "turn", "variants",
    )

    def __init__(self, variants: Variants) -> None:
        self.variants = variants
        self.banker: int | None = None
        self.hands: list[Counter[Card]] = [Counter() for _ in range(SEATS)]
        self.sizes = [0] * SEATS
        self.calls: list[CallState] = []
        self.partners: set[int] = set()
        self.out: list[int] = []
        self.trick: Trick | None = None
        self.turn = 0
        self.captured = [0] * SEATS
        self.finish: Finish | None = None

    @property
    def top(self) -> Combo | None:
        """The current top play, ``None`` when a lead is due."""
        return None if self.trick is None else self.trick.top

    @property
    def banker_side(self) -> set[int]:
        """The banker and the partners known so far (D16)."""
        return set() if self.banker is None else {self.banker, *self.partners}

    # -- hands -----------------------------------------------------------------------------
    def missing(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """The cards of ``cards`` (sorted, with multiplicity) that ``seat`` does not hold."""
        get = self.hands[seat].get
        missing: list[Card] = []
        previous = None
        for card in cards:  # sorted: equal cards are adjacent
            if card == previous:
                continue
            previous = card
            short = cards.count(card) - get(card, 0)
            if short > 0:
                missing.extend([card] * short)
        return missing

    def remove(self, seat: int, cards: Iterable[Card]) -> None:
        """Take ``cards`` (known to be held) out of ``seat``'s hand."""
        hand = self.hands[seat]
        n = 0
        for card in cards:
            left = hand[card] - 1
            if left:
                hand[card] = left
            else:
                del hand[card]
            n += 1
        self.sizes[seat] -= n

    def hand_points(self, seats: Iterable[int]) -> int:
        """Points of the scoring cards the ``seats`` hold (R06.1)."""
        return sum(c.points * n for s in seats for c, n in self.hands[s].items())

    # -- validation ------------------------------------------------------------------------
    def check_play(self, act: Action) -> Combo:
        """The reading ``act`` takes (D10); :class:`IllegalAction` if the seat does not hold
        the cards (R13.2) or they form no combination that may be played now (R03–R05)."""
        if not act.cards:
            raise IllegalAction(f"{act}: a play needs at least one card", rejection="play-empty")
        missing = self.missing(act.seat, act.cards)
        if missing:
            raise IllegalAction(
                f"{act}: seat {act.seat} does not hold {format_cards(missing)}",
                rejection="play-not-held",
            )
        if provenance.current is not None:
            self._trace_reply(act)
        try:
            return choose_reading(act.cards, declared=act.shape, top=self.top,
                                  variants=self.variants)
        except InvalidNotation as err:  # a malformed or impossible declared reading
            raise IllegalAction(f"{act}: {err.message}", rejection="bad-declared-reading") \
                from None
        except IllegalPlay as err:  # no combination, or one that does not beat (D35)
            assert err.rejection is not None, "every refused play has its code in D35"
            raise IllegalAction(f"{act}: {err.message}", rejection=err.rejection) from None

    def _trace_reply(self, act: Action) -> None:
        """Provenance (recording only): D11 when the top play is not the lead and the
        reply would be judged differently against the lead (a reply beats the current top
        play); D18 when the seat passed earlier in this trick and plays again."""
        trick = self.trick
        if trick is None:
            return
        made = [p for p in trick.plays if p.combo is not None]
        if any(p.is_pass and p.seat == act.seat for p in trick.plays):
            provenance.applies("D18")
        if len(made) < 2:
            return

        def accepted(top: Combo) -> bool:
            try:
                choose_reading(act.cards, declared=act.shape, top=top, variants=self.variants)
            except RulesError:
                return False
            return True

        with provenance.paused():
            decided = accepted(trick.top) != accepted(made[0].combo or trick.top)
        if decided:
            provenance.applies("D11")

    def check_pass(self, act: Action) -> None:
        """The leader must play (D18)."""
        if provenance.current is not None:
            self._trace_pass(act.seat)
        if self.trick is None:
            provenance.applies("D18")  # the leader must play
            raise IllegalAction(
                f"{act}: the leader must play, a lead cannot be passed", rejection="lead-pass"
            )

    def _trace_pass(self, seat: int) -> None:
        """Provenance (recording only): D18 when a seat passes although it could beat."""
        if self.trick is None:
            return
        with provenance.paused():
            able = count_plays(self.hands[seat].elements(), self.trick.top, self.variants)
        if able:
            provenance.applies("D18")

    # -- play ------------------------------------------------------------------------------
    def play(self, seat: int, cards: tuple[Card, ...], combo: Combo) -> None:
        """Put a checked play on the table, resolve calls, and end the trick or the hand
        when the rules say so."""
        self.remove(seat, cards)
        trick = self.trick
        if trick is None:
            trick = self.trick = Trick(seat, seat, combo)
        trick.plays.append(TrickPlay(seat, cards, combo))
        trick.top_seat = seat
        trick.top = combo
        trick.points += sum(c.points for c in cards)
        if self.variants.pass_rule == "turn":
            trick.passed.clear()
        for call in self.calls:  # D15, D16
            copies = cards.count(call.face)
            if copies:
                before, partner = call.resolved_by, seat in self.partners
                if call.record(seat, copies) and seat != self.banker:
                    self.partners.add(seat)
                if provenance.current is not None:
                    self._trace_call(call, seat, copies, combo, len(trick.plays) == 1,
                                     before, partner)
        if not self.sizes[seat]:
            self.out.append(seat)  # R16.1
        self.finish = self._ending(seat)
        if self.finish is not None:
            return
        nxt = self._next_waiting(seat, trick)
        if nxt is None:
            self._close_trick()
        else:
            self.turn = nxt

    def _trace_call(self, call: CallState, seat: int, copies: int, combo: Combo, led: bool,
                    before: int | None, partner: bool) -> None:
        """Provenance (recording only) of a play holding ``copies`` of a called face: D16
        for a copy after the call resolved, a self-call and one seat resolving both calls;
        D15 for a copy counted from a lead, from a shape other than a single, or several in
        one play; D17 for a seat that becomes a partner after capturing points."""
        if before is not None:
            provenance.applies("D16")  # a resolved call never passes to a later copy
            return
        if led or copies > 1 or combo.shape is not Shape.SINGLE:
            provenance.applies("D15")
        if call.resolved_by != seat:
            return
        if seat == self.banker or any(
                other is not call and other.resolved_by == seat for other in self.calls):
            provenance.applies("D16")
        if seat != self.banker and not partner and self.captured[seat]:
            provenance.applies("D17")

    def pass_(self, seat: int) -> None:
        """Record a checked pass; close the trick once everyone else has passed (R13.3)."""
        trick = self.trick
        assert trick is not None
        trick.plays.append(TrickPlay(seat))
        trick.passed.add(seat)
        nxt = self._next_waiting(seat, trick)
        if nxt is None:
            self._close_trick()
        else:
            self.turn = nxt

    def _next_waiting(self, after: int, trick: Trick) -> int | None:
        """The next seat after ``after`` that holds cards, is not the top player and has
        not passed (D18, D27); ``None`` when the trick is over (R13.3)."""
        sizes, passed, top = self.sizes, trick.passed, trick.top_seat
        for step in range(1, SEATS):
            s = (after + step) % SEATS
            if sizes[s] and s != top and s not in passed:
                return s
        return None

    def _close_trick(self) -> None:
        """R14.1: the last successful player captures the trick's points; R15.1, D19: they
        lead next, or the first seat after them still holding cards."""
        trick = self.trick
        assert trick is not None
        winner = trick.top_seat
        self.captured[winner] += trick.points
        self.trick = None
        sizes = self.sizes
        if not sizes[winner]:  # a player who is out wins the trick; the next seat leads
            provenance.applies("D18", "D19")
        for step in range(SEATS):
            s = (winner + step) % SEATS
            if sizes[s]:
                self.turn = s
                return
        raise AssertionError("a trick closes only while somebody holds cards")

    def _ending(self, seat: int) -> Finish | None:
        """After a play by ``seat``: the whole-side ending once both calls are resolved
        (R17.1–R17.3, D20; it takes precedence), otherwise one player left (R18.1, D21)."""
        sizes = self.sizes
        if all(c.resolved_by is not None for c in self.calls):
            side = self.banker_side
            others = [s for s in range(SEATS) if s not in side]
            if not any(sizes[s] for s in side):
                provenance.applies("D20")
                return Finish(Ending.BANKERS_OUT, seat, self.hand_points(others), "bankers")
            if not any(sizes[s] for s in others):
                provenance.applies("D20")
                return Finish(Ending.DEFENDERS_OUT, seat, self.hand_points(side), "defenders")
            return None
        holders = [s for s in range(SEATS) if sizes[s]]
        if len(holders) == 1:
            provenance.applies("D21")
            if self.variants.call_ordinal == "any":
                provenance.applies("D33")  # a call unresolved: whole-side never checked
            return Finish(Ending.ONE_PLAYER_LEFT, seat, self.hand_points(holders), seat)
        return None
