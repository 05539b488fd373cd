#!/usr/bin/env python3
"""The reference adapter with ONE rule broken: ``rulebreaker.py NAME`` (``--list`` lists
the names with the rule each breaks); ``NAME+NAME`` breaks several at once (a second bug
planted in an engine with a known one, issue 28).

Each breaker monkeypatches the reference engine before serving it with the real adapter
loop (:func:`fivetenk.impl.adapter.serve`), so it speaks the protocol perfectly and plays every
other rule right: the scenarios of the broken rule must catch it (fail), which is how the
suite proves it tests what it claims.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

from fivetenk.impl import drivers
from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import combos, plays, settlement
from fivetenk.reference import game as game_module
from fivetenk.reference import table as table_module
from fivetenk.reference.cards import Rank
from fivetenk.reference.combos import Combo, Shape, make_combo
from fivetenk.reference.variants import DEFAULT, Variants

BREAKERS: dict[str, tuple[str, str, Callable[[], None]]] = {}
"""name -> (rule, what is broken, patch)."""


def breaker(name: str, rule: str, what: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def register(patch: Callable[[], None]) -> Callable[[], None]:
        BREAKERS[name] = (rule, what, patch)
        return patch

    return register


def need(owner: object, *names: str) -> None:
    """Fail loudly (exit 2) if the engine no longer has what a patch replaces."""
    for name in names:
        if not hasattr(owner, name):
            sys.exit(f"rulebreaker.py: the engine changed: {owner!r} has no {name!r}")


def patch_beats(new: Callable[[Combo, Combo, Variants, Callable[..., bool]], bool]) -> None:
    """Replace ``beats`` wherever it is looked up (combos module and the driver)."""
    need(combos, "beats")
    original = combos.beats

    def beats(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
        return new(reply, top, variants, original)

    combos.beats = beats
    setattr(drivers, "beats", beats)  # noqa: B010 - imported there, not exported


# --------------------------------------------------------------------------- rules 2-5


@breaker("two_below_ace", "R02", "a 2 ranks below the ace as a single, pair or triple")
def _two_below_ace() -> None:
    def new(reply: Combo, top: Combo, variants: Variants, original: Callable[..., bool]) -> bool:
        if (reply.tier == top.tier == 0 and reply.shape is top.shape
                and {reply.key, top.key} == {Rank.TWO, Rank.ACE}):
            return reply.key == Rank.ACE
        return original(reply, top, variants)

    patch_beats(new)
    need(plays, "_keyed")
    keyed = plays._keyed

    def _keyed(shape: Shape, counts: tuple[int, ...], min_key: int) -> Iterator[Any]:
        for candidate in keyed(shape, counts, min_key):
            if not (min_key == Rank.ACE and candidate[0].key == Rank.TWO):
                yield candidate
        if min_key == Rank.TWO and counts[Rank.ACE] >= plays._KEYED_COUNT[shape][0]:
            yield from (c for c in keyed(shape, counts, Rank.KING) if c[0].key == Rank.ACE)

    plays._keyed = _keyed


@breaker("wings_both_jokers", "R03", "airplane wings may hold both jokers (R03.5)")
def _wings_both_jokers() -> None:
    need(combos, "_wings_ok", "readings_of_counts", "LOW", "BJ")

    def _wings_ok(counts: Any, body: range, pairs: bool, distinct: bool) -> bool:
        for rank in range(combos.LOW, combos.BJ + 1):  # the joker check is gone
            count = counts[rank]
            if not count or rank in body:
                continue
            if pairs and (count % 2 or (distinct and count != 2)):
                return False
            if not pairs and distinct and count != 1:
                return False
        return True

    combos._wings_ok = _wings_ok
    combos.readings_of_counts.cache_clear()


@breaker("bare_shape_refused", "R03", "a play declared by its bare shape word (as \"pair\", "
         "which D10 allows) is refused as a malformed reading")
def _bare_shape_refused() -> None:
    need(combos, "_shape_or_combo", "Combo")
    combos._shape_or_combo = combos.Combo.parse


@breaker("declared_reading_ignored", "R03", "a play declared as a reading its cards do not "
         "have is played as the reading they have (R03.1, D10)")
def _declared_reading_ignored() -> None:
    need(combos, "_declared", "IllegalPlay")
    declared = combos._declared

    def _declared_or_any(cards: Any, readings: Any, wanted: Any) -> Any:
        try:
            return declared(cards, readings, wanted)
        except combos.IllegalPlay:
            return readings

    combos._declared = _declared_or_any


@breaker("distinct_bans_single_wings", "R03", "under wing_ranks=distinct no single wings are "
         "allowed at all (R03.5, D9)")
def _distinct_bans_single_wings() -> None:
    need(combos, "_wings_ok", "readings_of_counts")
    wings_ok = combos._wings_ok

    def _wings_ok(counts: Any, body: range, pairs: bool, distinct: bool) -> bool:
        if distinct and not pairs:
            return False
        return wings_ok(counts, body, pairs, distinct)

    combos._wings_ok = _wings_ok
    combos.readings_of_counts.cache_clear()


@breaker("distinct_skips_jokers", "R03", "under wing_ranks=distinct jokers escape the check "
         "that wing ranks differ (two big jokers pass as two single wings; R03.5, D9)")
def _distinct_skips_jokers() -> None:
    need(combos, "_wings_ok", "readings_of_counts", "LOW", "SJ", "BJ")

    def _wings_ok(counts: Any, body: range, pairs: bool, distinct: bool) -> bool:
        if counts[combos.SJ] and counts[combos.BJ]:
            return False
        for rank in range(combos.LOW, combos.BJ + 1):
            count = counts[rank]
            if not count or rank in body:
                continue
            if pairs and count % 2:
                return False
            if distinct and rank < combos.SJ and count != (2 if pairs else 1):
                return False
        return True

    combos._wings_ok = _wings_ok
    combos.readings_of_counts.cache_clear()


@breaker("distinct_wings_unlisted", "R03", "under wing_ranks=distinct the legal plays leave "
         "out every winged airplane (R03.5, D9)")
def _distinct_wings_unlisted() -> None:
    need(plays, "_wing_ranks")
    wing_ranks = plays._wing_ranks

    def _wing_ranks(counts: Any, low: int, high: int, wing: int, length: int,
                    distinct: bool) -> Any:
        return [] if distinct else wing_ranks(counts, low, high, wing, length, distinct)

    plays._wing_ranks = _wing_ranks


@breaker("wing_rank_at_most_three", "R03", "the legal plays take at most three single wings "
         "of one rank, as many as a face has copies (R03.5, D9)")
def _wing_rank_at_most_three() -> None:
    need(plays, "_wing_ranks")

    def _wing_ranks(counts: Any, low: int, high: int, wing: int, length: int,
                    distinct: bool) -> Any:
        avail = []
        for rank in range(combos.LOW, combos.BJ + 1):
            if low <= rank <= high:
                continue
            cap = 1 if distinct else min(counts[rank] // wing, length, 3)
            if counts[rank] >= wing and cap:
                avail.append((rank, cap))
        return avail

    plays._wing_ranks = _wing_ranks


@breaker("suited_reversed", "R04", "suited 5,10,K rank spades < hearts < clubs < diamonds")
def _suited_reversed() -> None:
    def new(reply: Combo, top: Combo, variants: Variants, original: Callable[..., bool]) -> bool:
        if reply.tier == top.tier == 2:
            return (reply.suit or 0) < (top.suit or 0)
        return original(reply, top, variants)

    patch_beats(new)
    need(plays, "candidates", "_ordinary", "_suited", "_bombs", "_rockets", "_FIVE_TEN_KING")

    def _candidates(hand: Any, top: Combo | None, variants: Variants) -> Iterator[Any]:
        if top is None or top.tier == 0:
            yield from plays._ordinary(hand, top, variants)
        tier = -1 if top is None else top.tier
        if tier <= 0 and hand.mixed:
            yield make_combo(Shape.MIXED_5_10_K, Rank.KING), plays._FIVE_TEN_KING, None
        if tier <= 2:
            ceiling = top.suit if top is not None and top.suit is not None else 99
            for suit in hand.suited:
                if suit < ceiling:
                    yield plays._suited(suit), plays._FIVE_TEN_KING, None
        if tier <= 3:
            yield from plays._bombs(hand.counts, top)
        yield from plays._rockets(hand.counts, top, variants)

    plays.candidates = _candidates


@breaker("bombs_by_rank", "R05", "bombs are compared by rank before card count")
def _bombs_by_rank() -> None:
    def new(reply: Combo, top: Combo, variants: Variants, original: Callable[..., bool]) -> bool:
        if reply.tier == top.tier == 3:
            return (reply.key, reply.size) > (top.key, top.size)
        return original(reply, top, variants)

    patch_beats(new)
    need(plays, "_bombs")
    need(combos, "LOW", "SJ")

    def _bombs(counts: tuple[int, ...], top: Combo | None, smallest: int = 4) -> Iterator[Any]:
        floor = (int(top.key), top.size) if top is not None and top.tier == 3 else (0, 0)
        for size in range(smallest, max(counts[combos.LOW:combos.SJ]) + 1):
            for rank in range(combos.LOW, combos.SJ):
                if counts[rank] >= size and (rank, size) > floor:
                    yield make_combo(Shape.BOMB, Rank(rank), size), (Rank(rank),) * size, None

    plays._bombs = _bombs


@breaker("weakest_reading_explained", "R05", "a reply with several readings that beats with "
         "none is refused for its weakest reading (three small jokers and a big joker on a "
         "bomb of twelve cite R05.1, not the rocket's R05.3; D35)")
def _weakest_reading_explained() -> None:
    need(combos, "refusal", "reading_kind")
    from fivetenk.reference.rejections import play_rejection

    def refusal(readings: Any, top: Combo, variants: Variants = DEFAULT) -> Any:
        weakest = readings[-1]
        kinds = [combos.reading_kind(weakest, variants)]
        return play_rejection(kinds, combos.reading_kind(top, variants)), weakest

    combos.refusal = refusal


def ignore_variant(name: str, value: str, instead: str | None = None) -> None:
    """Make the engine accept ``name=value`` (the handshake still offers it) but play
    ``instead`` (default: the variant's default value), wherever variants are read: the
    start of a scenario and a position both go through ``Variants.from_mapping``."""
    need(Variants, "from_mapping")
    original = Variants.from_mapping.__func__  # type: ignore[attr-defined]

    def from_mapping(cls: type[Variants], options: Any) -> Variants:
        options = dict(options)
        if options.get(name) == value:
            if instead is None:
                del options[name]
            else:
                options[name] = instead
        result: Variants = original(cls, options)
        return result

    Variants.from_mapping = classmethod(from_mapping)  # type: ignore[method-assign,assignment]


@breaker("six_jokers_ignored", "R05", "offers rocket=six_jokers but plays the default "
         "rocket SJ BJ (D36)")
def _six_jokers_ignored() -> None:
    ignore_variant("rocket", "six_jokers")


@breaker("twelve_bomb_ignored", "R05", "offers twelve_bomb=beats_rocket but keeps every "
         "bomb below the rocket (D37)")
def _twelve_bomb_ignored() -> None:
    ignore_variant("twelve_bomb", "beats_rocket")


# --------------------------------------------------------------------------- rule 1


@breaker("first_receiver_seat_1", "R01", "a first-hand deal that does not name its first "
         "receiver deals the first card to seat 1, not seat 0 (D2)")
def _first_receiver_seat_1() -> None:
    Game = game_module.Game
    need(Game, "_start_hand")
    start = Game._start_hand

    def patched(self: Any, deck: Any, first: Any, redeals: Any) -> None:
        if first is None and self.hand_number == 1:
            first = 1
        start(self, deck, first, redeals)

    Game._start_hand = patched  # type: ignore[method-assign]


# --------------------------------------------------------------------------- rules 11-21


@breaker("reveal_counts_as_call", "R11", "the banker's revealed card counts as an occurrence "
         "of a call naming it (R11.4, D15)")
def _reveal_counts_as_call() -> None:
    Game = game_module.Game
    need(Game, "apply")
    apply = Game.apply

    def patched(self: Any, action: Any) -> None:
        apply(self, action)
        kind = action.get("type") if isinstance(action, dict) else getattr(action, "type", "")
        reveal = getattr(self, "_reveal", None)
        if kind == "call" and reveal is not None:
            for call in self._t.calls:
                if call.face == reveal[1]:
                    call.record(reveal[0], 1)

    Game.apply = patched  # type: ignore[method-assign]


@breaker("ordinal_zero_as_first", "R11", "a call of the 0th occurrence is accepted, read as "
         "the 1st (the ordinal is checked only against its upper bound; R11.4, D14)")
def _ordinal_zero_as_first() -> None:
    Game = game_module.Game
    need(Game, "apply")
    apply = Game.apply

    def patched(self: Any, action: Any) -> None:
        if isinstance(action, dict) and action.get("type") == "call" and isinstance(
                action.get("calls"), list):
            action = {**action, "calls": [
                {**c, "ordinal": 1} if isinstance(c, dict) and c.get("ordinal") == 0 else c
                for c in action["calls"]]}
        apply(self, action)

    Game.apply = patched  # type: ignore[method-assign]


@breaker("self_call_partner", "R11", "a self-call makes the banker their own partner (R11.5)")
def _self_call_partner() -> None:
    Table = table_module.Table
    need(Table, "play", "calls", "partners", "banker")
    play = Table.play

    def patched(self: Any, seat: int, cards: Any, combo: Any) -> None:
        play(self, seat, cards, combo)
        if any(call.resolved_by == self.banker for call in self.calls):
            self.partners.add(self.banker)

    Table.play = patched  # type: ignore[method-assign]
    Game = game_module.Game
    need(Game, "observe")
    observe = Game.observe

    def observed(self: Any) -> dict[str, Any]:  # the observation stays schema-valid:
        obs: dict[str, Any] = observe(self)  # banker_side lists each seat once
        obs["banker_side"] = sorted(set(obs["banker_side"]))
        return obs

    Game.observe = observed  # type: ignore[method-assign]


@breaker("pass_locks", "R13", "a player who passed may not play again in the trick "
         "(the default pass=turn reading of D18 is ignored)")
def _pass_locks() -> None:
    Table = table_module.Table
    need(Table, "_next_waiting")

    def _next_waiting(self: Any, after: int, trick: Any) -> int | None:
        ever = {p.seat for p in trick.plays if p.is_pass}
        for step in range(1, 6):
            s = (after + step) % 6
            if self.sizes[s] and s != trick.top_seat and s not in trick.passed and s not in ever:
                return s
        return None

    Table._next_waiting = _next_waiting  # type: ignore[method-assign]


@breaker("pass_unrecorded", "R13", "a pass made in play is not recorded among the trick's "
         "plays (it still counts towards the end of the trick; R13.2, D18)")
def _pass_unrecorded() -> None:
    Table = table_module.Table
    need(Table, "pass_", "_next_waiting", "_close_trick")

    def pass_(self: Any, seat: int) -> None:
        trick = self.trick
        trick.passed.add(seat)
        nxt = self._next_waiting(seat, trick)
        if nxt is None:
            self._close_trick()
        else:
            self.turn = nxt

    Table.pass_ = pass_  # type: ignore[method-assign]


@breaker("early_whole_side", "R17", "the whole-side ending is checked before both calls "
         "resolve (R17.1)")
def _early_whole_side() -> None:
    Table = table_module.Table
    need(Table, "_ending", "banker_side", "hand_points")
    need(table_module, "Finish")
    ending = Table._ending
    Finish, Ending = table_module.Finish, settlement.Ending

    def _ending(self: Any, seat: int) -> Any:
        sizes = self.sizes
        side = self.banker_side
        others = [s for s in range(6) if s not in side]
        if not any(sizes[s] for s in side):
            return Finish(Ending.BANKERS_OUT, seat, self.hand_points(others), "bankers")
        if not any(sizes[s] for s in others):
            return Finish(Ending.DEFENDERS_OUT, seat, self.hand_points(side), "defenders")
        return ending(self, seat)

    Table._ending = _ending  # type: ignore[method-assign]


@breaker("kitty_to_banker", "R19", "the kitty's points always go to the banker")
def _kitty_to_banker() -> None:
    need(game_module, "settle")
    settle = getattr(game_module, "settle")  # noqa: B009 - imported there, not exported

    def patched(**kwargs: Any) -> Any:
        kwargs["kitty_to"] = kwargs["banker"]
        return settle(**kwargs)

    setattr(game_module, "settle", patched)  # noqa: B010


@breaker("band_off_by_one", "R21", "a defender total of 120 still lets the bankers win "
         "(the 120 boundary is off by one step)")
def _band_off_by_one() -> None:
    need(settlement, "BANDS", "Band")
    bands = []
    for band in settlement.BANDS:
        if band.high == 115:
            band = settlement.Band(band.label, band.low, 120, band.winners, band.advance,
                                   band.clause)
        elif band.low == 120:
            band = settlement.Band(band.label, 125, band.high, band.winners, band.advance,
                                   band.clause)
        bands.append(band)
    settlement.BANDS = tuple(bands)


# --------------------------------------------------------------------------- rule 23


@breaker("next_hand_keeps_reveal", "R23", "the reveal that fixed a hand's banker is still "
         "shown in the next hand's observation (R23.1)")
def _next_hand_keeps_reveal() -> None:
    Game = game_module.Game
    need(Game, "_start_hand")
    start = Game._start_hand

    def patched(self: Any, *args: Any, **kwargs: Any) -> None:
        kept = getattr(self, "_reveal", None)
        start(self, *args, **kwargs)
        if self._reveal is None:
            self._reveal = kept

    Game._start_hand = patched  # type: ignore[method-assign]


def main() -> int:
    args = sys.argv[1:]
    if args == ["--list"]:
        print(json.dumps({name: {"rule": rule, "breaks": what}
                          for name, (rule, what, _) in BREAKERS.items()}, indent=2))
        return 0
    names = args[0].split("+") if len(args) == 1 else []
    if not names or any(name not in BREAKERS for name in names):
        print(f"usage: rulebreaker.py NAME[+NAME…] (each one of {', '.join(BREAKERS)}) | "
              "--list", file=sys.stderr)
        return 2
    for name in names:  # NAME+NAME: several rules broken at once (a second bug planted)
        BREAKERS[name][2]()
    said = "; ".join(f"{BREAKERS[name][0]}: {BREAKERS[name][1]}" for name in names)
    adapter = Adapter(name=f"rulebreaker {args[0]} ({said})")
    return serve(sys.stdin.buffer, sys.stdout.buffer, adapter)


if __name__ == "__main__":
    sys.exit(main())
