"""Enumerating the legal plays of a hand (rules 3–5; rulings D9–D12).

**What counts as one play.** Two plays differ exactly when their ``(combo, ranks)`` differ:
the reading (:class:`~.combos.Combo`) and the sorted multiset of card ranks. Suits enter only
through the suit of a suited 5,10,K; otherwise they are free, because suits never change
legality or strength (R02.1, R03.2). So a card set with several readings counts once per
reading (``333444555666`` is ``airplane 3-6``, ``airplane+singles 4-6`` with wings
``3 3 3`` and ``airplane+singles 3-5`` with wings ``6 6 6``), a mixed 5,10,K counts once
however many suit choices realise it, and each suited 5,10,K counts once per suit.

A mixed 5,10,K is available iff the hand holds a 5, a 10 and a K whose suits are not all
equal; a suited one in suit S iff it holds 5S, 10S and KS (D12).

**Order.** :func:`legal_plays` returns plays sorted by ``(combo.strength, ranks)``
ascending — weakest first in the total strength order of :mod:`.combos` (ordinary shapes
single, pair, triple, triple+single, triple+pair, straight, pairs, airplane+pairs,
airplane+singles, airplane; each by body length then key; then mixed 5,10,K, suited 5,10,K
D…S, bombs by card count then rank, rockets by card count), ties between plays of one
reading broken by the rank tuple (kickers and wings lowest first). The lists are generated
in this order directly; nothing is sorted. (Under ``twelve_bomb=beats_rocket``, D37, the
replies to a rocket are the twelve-card bombs, and a twelve-card bomb has no rocket reply.)

**Variants.** ``wing_ranks`` (D9) bounds the wing multisets; ``rocket`` (D9, D26, D36)
decides which joker sets are rockets; ``twelve_bomb`` (D37) lets a bomb of twelve beat
rockets.

**Method.** Everything works on rank counts (and, for 5,10,K only, on the suits present):
bodies are scanned rank by rank, and wings and kickers are generated as multisets of ranks
(combinations with repetition bounded by the counts, never both jokers), never by filtering
subsets of cards. :func:`.python_api.count_plays` (Python API) counts the same plays from
the same :func:`candidates`, without building them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from . import provenance
from .cards import Card, Rank, Suit, check_copies
from .combos import (
    ACE,
    BJ,
    LOW,
    MAX_BOMB,
    MAX_JOKERS,
    MAX_STRAIGHT,
    ORDINARY_ORDER,
    SJ,
    Combo,
    Shape,
    make_combo,
    trace_readings,
)
from .variants import DEFAULT, Variants

__all__ = ["Play", "candidates", "legal_plays", "summarise"]

_R: tuple[Rank, ...] = tuple(Rank(max(value, LOW)) for value in range(BJ + 1))
"""Rank members indexed by value (indices 0–2 are placeholders)."""
_FIVE_TEN_KING = (Rank.FIVE, Rank.TEN, Rank.KING)


class Play(NamedTuple):
    """One legal play: a reading and the sorted ranks of its cards.

    ``ranks`` is sorted ascending; jokers appear as ``Rank.SMALL_JOKER`` /
    ``Rank.BIG_JOKER``. Text form (not meant to be parsed back): ``"<combo>: <ranks>"``,
    e.g. ``"pair 7: 7 7"``, ``"airplane+singles 3-4: 3 3 3 4 4 4 9 9"``,
    ``"5-10-K suited H: 5 10 K"``.

    A named tuple, immutable like the frozen dataclass it was, and built five times
    faster: a 32-card hand lists several hundred plays.
    """

    combo: Combo
    ranks: tuple[Rank, ...]

    def notation(self) -> str:
        """``"<combo notation>: <rank symbols>"``, e.g. ``"triple+single 7: 3 7 7 7"``."""
        return f"{self.combo.notation()}: {' '.join(rank.symbol for rank in self.ranks)}"

    def __str__(self) -> str:
        return self.notation()


# --------------------------------------------------------------------------- hand summary


@dataclass(frozen=True, slots=True)
class _Hand:
    counts: tuple[int, ...]
    """Card counts indexed by rank value."""
    mixed: bool
    """A 5, a 10 and a K whose suits are not all equal are available."""
    suited: tuple[Suit, ...]
    """Suits S with 5S, 10S and KS in the hand."""


def summarise(hand: Iterable[Card]) -> _Hand:
    """The rank counts and the 5,10,K suits of ``hand``; :class:`InvalidCards` (R01.1) for
    more than three copies of a face."""
    cards = list(hand)
    check_copies(cards)
    counts = [0] * (BJ + 1)
    suits: dict[int, set[Suit]] = {Rank.FIVE: set(), Rank.TEN: set(), Rank.KING: set()}
    for card in cards:
        rank = card.rank
        counts[rank] += 1
        if card.suit is not None and rank in suits:
            suits[rank].add(card.suit)
    five, ten, king = (suits[rank] for rank in _FIVE_TEN_KING)
    union = five | ten | king
    mixed = bool(five and ten and king) and len(union) > 1
    suited = tuple(sorted(five & ten & king))
    return _Hand(tuple(counts), mixed, suited)


# --------------------------------------------------------------------------- candidates

_Wings = tuple[list[tuple[int, int]], int, int, int]
"""(available ranks with caps, number of wing units, cards per unit, body low rank)."""
_Candidate = tuple[Combo, tuple[Rank, ...], _Wings | None]


def candidates(hand: _Hand, top: Combo | None, variants: Variants) -> Iterator[_Candidate]:
    """Readings with their body ranks and wing specification, in the documented order."""
    if top is None or top.tier == 0:
        yield from _ordinary(hand, top, variants)
    tier = -1 if top is None else top.tier
    if tier <= 0 and hand.mixed:
        yield make_combo(Shape.MIXED_5_10_K, Rank.KING), _FIVE_TEN_KING, None
    if tier <= 2:
        floor = top.suit if top is not None and top.suit is not None else -1
        for suit in hand.suited:
            if suit > floor:
                yield _suited(suit), _FIVE_TEN_KING, None
    twelve_beats = variants.twelve_bomb == "beats_rocket"
    if tier <= 3:
        yield from _bombs(hand.counts, top)
    elif twelve_beats:  # a rocket on top: only a bomb of twelve beats it (D37)
        yield from _bombs(hand.counts, None, smallest=MAX_BOMB)
    if not (twelve_beats and tier == 3 and top is not None and top.size == MAX_BOMB):
        yield from _rockets(hand.counts, top, variants)


def _suited(suit: Suit) -> Combo:
    return make_combo(Shape.SUITED_5_10_K, Rank.KING, suit=suit)


def _ordinary(hand: _Hand, top: Combo | None, variants: Variants) -> Iterator[_Candidate]:
    """Ordinary readings (tier 0); with an ordinary ``top`` only its shape and length."""
    counts = hand.counts
    distinct = variants.wing_ranks == "distinct"
    shapes = ORDINARY_ORDER if top is None else (top.shape,)
    min_key = LOW - 1 if top is None else int(top.key)
    for shape in shapes:
        if shape in _KEYED_COUNT:
            yield from _keyed(shape, counts, min_key)
            continue
        segments = _segments(counts, _RUN_COUNT[shape][0])
        for length in _lengths(shape) if top is None else (top.length,):
            yield from _run_bodies(shape, counts, segments, length, min_key, distinct)


_KEYED_COUNT = {
    Shape.SINGLE: (1, 0),
    Shape.PAIR: (2, 0),
    Shape.TRIPLE: (3, 0),
    Shape.TRIPLE_SINGLE: (3, 1),
    Shape.TRIPLE_PAIR: (3, 2),
}
"""Keyed shapes: (cards of the key rank, cards per kicker or 0)."""
_RUN_COUNT = {
    Shape.STRAIGHT: (1, 0),
    Shape.PAIR_RUN: (2, 0),
    Shape.AIRPLANE: (3, 0),
    Shape.AIRPLANE_SINGLES: (3, 1),
    Shape.AIRPLANE_PAIRS: (3, 2),
}
"""Run shapes: (cards per body rank, cards per wing or 0)."""


def _lengths(shape: Shape) -> range:
    return range(5 if shape is Shape.STRAIGHT else 2, MAX_STRAIGHT + 1)


def _keyed(shape: Shape, counts: tuple[int, ...], min_key: int) -> Iterator[_Candidate]:
    """Singles, pairs, triples and triples with a kicker of another rank (any rank)."""
    need, kicker = _KEYED_COUNT[shape]
    kickers = [rank for rank in range(LOW, BJ + 1) if counts[rank] >= kicker] if kicker else []
    for key in range(min_key + 1, BJ + 1):
        if counts[key] < need:
            continue
        combo = make_combo(shape, _R[key])
        body = (_R[key],) * need
        if not kicker:
            yield combo, body, None
            continue
        avail = [(rank, 1) for rank in kickers if rank != key]
        if avail:
            yield combo, body, (avail, 1, kicker, key)


def _segments(counts: tuple[int, ...], need: int) -> list[tuple[int, int]]:
    """The longest runs of consecutive ranks in 3…A holding ``need`` cards or more each, as
    ``(low, high)``, lowest first: every run body lies within one of them."""
    found = []
    run = 0
    for rank in range(LOW, ACE + 1):
        if counts[rank] >= need:
            run += 1
            continue
        if run:
            found.append((rank - run, rank - 1))
        run = 0
    if run:
        found.append((ACE + 1 - run, ACE))
    return found


def _run_bodies(
    shape: Shape, counts: tuple[int, ...], segments: list[tuple[int, int]], length: int,
    min_key: int, distinct: bool,
) -> Iterator[_Candidate]:
    """Bodies of ``length`` consecutive ranks with a key above ``min_key``, key rising,
    each within one of the ``segments`` (:func:`_segments`) of the shape's width."""
    need, wing = _RUN_COUNT[shape]
    start = min_key + 2 - length  # the lowest body rank whose key beats min_key
    for first, last in segments:
        for high in range(max(first, start) + length - 1, last + 1):
            low = high - length + 1
            combo = make_combo(shape, _R[high], length)
            body = _body(need, low, high)
            if not wing:
                yield combo, body, None
                continue
            avail = _wing_ranks(counts, low, high, wing, length, distinct)
            if avail:
                yield combo, body, (avail, length, wing, low)


@cache
def _body(need: int, low: int, high: int) -> tuple[Rank, ...]:
    """The ranks of a run body: ``need`` cards of each rank from ``low`` to ``high``
    (remembered: a long hand has hundreds of bodies, of a few hundred possible ones)."""
    return tuple(_R[rank] for rank in range(low, high + 1) for _ in range(need))


def _wing_ranks(
    counts: tuple[int, ...], low: int, high: int, wing: int, length: int, distinct: bool
) -> list[tuple[int, int]]:
    """Ranks outside the body usable as wings, each with how many wing units it can give."""
    avail = []
    for rank in range(LOW, BJ + 1):
        if low <= rank <= high:
            continue
        cap = 1 if distinct else min(counts[rank] // wing, length)
        if counts[rank] >= wing and cap:
            avail.append((rank, cap))
    return avail


def _bombs(
    counts: tuple[int, ...], top: Combo | None, smallest: int = 4
) -> Iterator[_Candidate]:
    """Bombs of at least ``smallest`` cards by card count then rank (R05.1, R05.2); only
    those above a bomb ``top``."""
    floor = (top.size, int(top.key)) if top is not None and top.tier == 3 else (0, 0)
    biggest = max(counts[LOW:SJ])
    for size in range(max(smallest, floor[0]), biggest + 1):
        for rank in range(LOW, SJ):
            if counts[rank] >= size and (size, rank) > floor:
                yield make_combo(Shape.BOMB, _R[rank], size), (_R[rank],) * size, None


def _rockets(
    counts: tuple[int, ...], top: Combo | None, variants: Variants
) -> Iterator[_Candidate]:
    """SJ BJ (R05.3); under ``rocket=joker_sets`` every joker set holding both kinds (D26);
    under ``rocket=six_jokers`` only all six jokers (D36)."""
    small, big = counts[SJ], counts[BJ]
    if not (small and big):
        return
    if variants.rocket == "six_jokers":
        if small + big == MAX_JOKERS and (top is None or top.tier < 4):
            ranks = (Rank.SMALL_JOKER,) * small + (Rank.BIG_JOKER,) * big
            yield make_combo(Shape.ROCKET, Rank.BIG_JOKER, MAX_JOKERS), ranks, None
        return
    if variants.rocket != "joker_sets":
        if top is None or top.tier < 4:
            rocket = make_combo(Shape.ROCKET, Rank.BIG_JOKER, 2)
            yield rocket, (Rank.SMALL_JOKER, Rank.BIG_JOKER), None
        return
    floor = top.size if top is not None and top.tier == 4 else 1
    for size in range(max(2, floor + 1), small + big + 1):
        combo = make_combo(Shape.ROCKET, Rank.BIG_JOKER, size)
        for smalls in range(min(small, size - 1), max(1, size - big) - 1, -1):
            ranks = (Rank.SMALL_JOKER,) * smalls + (Rank.BIG_JOKER,) * (size - smalls)
            yield combo, ranks, None


# --------------------------------------------------------------------------- wings


def _wing_sets(avail: list[tuple[int, int]], units: int, width: int) -> list[tuple[Rank, ...]]:
    """Every multiset of ``units`` wing units (``width`` cards of one rank each) drawn
    from ``avail`` (rank, cap), never holding both SJ and BJ, as sorted rank tuples in
    ascending lexicographic order.

    Depth-first: the next rank taken goes up, and for one rank more copies come first,
    which is exactly ascending lexicographic order of the sorted tuples.
    """
    if units == 1:  # a kicker (one unit): one set per rank, and no room for two jokers
        return [(_R[rank],) * width for rank, cap in avail if cap]
    found: list[tuple[Rank, ...]] = []
    room = [0] * (len(avail) + 1)
    for index in range(len(avail) - 1, -1, -1):
        room[index] = room[index + 1] + avail[index][1]
    units_of = [(_R[rank], cap, rank) for rank, cap in avail]

    def extend(start: int, left: int, prefix: tuple[Rank, ...], small_joker: bool) -> None:
        for index in range(start, len(units_of)):
            if room[index] < left:
                return
            member, cap, rank = units_of[index]
            if rank == BJ and small_joker:
                return
            joker = small_joker or rank == SJ
            for take in range(min(cap, left), 0, -1):
                grown = prefix + (member,) * (take * width)
                if take == left:
                    found.append(grown)
                else:
                    extend(index + 1, left - take, grown, joker)

    extend(0, units, (), False)
    return found


# --------------------------------------------------------------------------- public


def legal_plays(
    hand: Iterable[Card], top: Combo | None = None, variants: Variants = DEFAULT
) -> list[Play]:
    """Every play formable from ``hand`` whose reading beats ``top`` (every play for a
    lead, ``top=None``), each once, in the order of the module docstring (D9–D12, R03–R05).

    Raises :class:`InvalidCards` (R01.1) if the hand holds more than three copies of a face.
    """
    plays: list[Play] = []
    append = plays.append
    new = tuple.__new__  # Play(combo, ranks) without the named tuple's own __new__ frame
    for combo, body, wings in candidates(summarise(hand), top, variants):
        if wings is None:
            append(new(Play, (combo, body)))
            continue
        avail, units, width, low = wings
        for wing in _wing_sets(avail, units, width):
            split = bisect_left(wing, low)
            append(new(Play, (combo, wing[:split] + body + wing[split:])))
    if provenance.current is not None:
        _trace_plays(plays, variants)
    return plays


def _trace_plays(plays: list[Play], variants: Variants) -> None:
    """Provenance (recording only): the rulings that decide the readings listed
    (:func:`.combos.trace_readings`, play by play), and those of non-default variants."""
    provenance.applies_variants(variants)
    for play in plays:
        counts = [0] * (BJ + 1)
        for rank in play.ranks:
            counts[rank] += 1
        trace_readings(counts, (play.combo,), variants)
