"""Legal combinations, their readings and how they beat one another (rules 2–5).

A card set may have several *readings* (:class:`Combo`): ``333444555666`` is ``airplane 3-6``,
``airplane+singles 4-6`` (wings ``3 3 3``) and ``airplane+singles 3-5`` (wings ``6 6 6``).
:func:`classify` lists every reading, :func:`beats` compares two readings (D11) and
:func:`choose_reading` picks the reading a play takes (D10, proposed D26).

Rulings applied (spec/RULINGS.md): D8 strength is rank only (R02.1, R02.2); D9 shapes
(R03.1, R03.4, R03.5, R05.1, R05.3); D10 several readings; D11 beating (R03.3, R04.1–R04.3,
R05.1–R05.3); D12 5,10,K; the house-rule variants of the rocket (D9, D26, D36) and of the
twelve-card bomb (D37).

**Strength order (``Combo.strength``)** — one documented total order on all readings, used
for "strongest first" in :func:`classify` (which orders the readings of one card set: a
rocket and ordinary readings, :func:`_order`) and for the order of enumerated plays:

1. tier: ordinary < mixed 5,10,K < suited 5,10,K < bomb < rocket (R04.1);
2. ordinary readings: by shape in the order single < pair < triple < triple+single <
   triple+pair < straight < pairs < airplane+pairs < airplane+singles < airplane, then body
   length, then key; suited 5,10,K by suit D < C < H < S (R04.2); bombs by card count, then
   rank (R05.2); rockets by card count.

Between two readings of one card set this order realises D10 for leads ("pure airplane before
winged, more triples before fewer, higher body before lower": a winged reading of the same set
always has fewer triples, an airplane+singles reading more triples than an airplane+pairs
one), and for replies the first reading in this order that beats the top is "the strongest
reading that legally beats the current top play". ``beats(a, b)`` implies
``a.strength > b.strength``; the converse does not hold (shapes that do not meet never beat).
The one exception is the variant ``twelve_bomb=beats_rocket`` (D37): there a bomb of twelve
cards beats every rocket while staying below it in this order, which is variant-free and
only orders readings (every card set holding twelve of a rank has that one reading).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from . import provenance
from .cards import Card, Rank, Suit, check_copies, format_cards
from .errors import IllegalPlay, InvalidCards, InvalidNotation
from .python_api_parts import strength
from .rejections import PlayRejection, play_rejection
from .variants import DEFAULT, Variants

__all__ = ["Combo", "Shape", "beats", "choose_reading", "classify", "make_combo"]

SJ = int(Rank.SMALL_JOKER)
BJ = int(Rank.BIG_JOKER)
LOW = int(Rank.THREE)
ACE = int(Rank.ACE)
MAX_STRAIGHT = ACE - LOW + 1
"""Twelve ranks 3…A may stand in runs (R03.4): the longest straight has 12 cards."""
MAX_BOMB = 12
"""Three decks hold twelve cards of each rank (R01.1, R06.2): bombs have 4–12 cards."""
MAX_JOKERS = 6
"""Three small and three big jokers: the largest joker-set rocket has 6 cards."""


class Shape(StrEnum):
    """The legal shapes (R03.1); the value is the word used in the notation."""

    SINGLE = "single"
    """One card of any rank."""
    PAIR = "pair"
    """Two cards of one rank, 2s and same-kind jokers included (D9)."""
    TRIPLE = "triple"
    """Three cards of one rank, 2s and same-kind jokers included (D9)."""
    TRIPLE_SINGLE = "triple+single"
    """A triple and one card of another rank (the kicker)."""
    TRIPLE_PAIR = "triple+pair"
    """A triple and a pair of one other rank."""
    STRAIGHT = "straight"
    """5–12 consecutive ranks within 3…A, one card each (R03.4)."""
    PAIR_RUN = "pairs"
    """Two or more consecutive pairs within 3…A (R03.4)."""
    AIRPLANE = "airplane"
    """Two or more consecutive triples within 3…A (R03.4)."""
    AIRPLANE_SINGLES = "airplane+singles"
    """An airplane body with exactly one single wing per triple (R03.5)."""
    AIRPLANE_PAIRS = "airplane+pairs"
    """An airplane body with exactly one pair wing per triple (R03.5)."""
    MIXED_5_10_K = "5-10-K mixed"
    """One 5, one 10 and one K whose suits are not all equal (R04.1, R04.3, D12)."""
    SUITED_5_10_K = "5-10-K suited"
    """One 5, one 10 and one K of one suit (R04.1, R04.2, D12)."""
    BOMB = "bomb"
    """Four to twelve cards of one rank and nothing else (R05.1)."""
    ROCKET = "rocket"
    """SJ BJ (R05.3); under ``rocket=joker_sets`` any joker-only set with both kinds
    (D26), under ``rocket=six_jokers`` only all six jokers (D36)."""


_KEYED = (Shape.SINGLE, Shape.PAIR, Shape.TRIPLE, Shape.TRIPLE_SINGLE, Shape.TRIPLE_PAIR)
_RUNS = (
    Shape.STRAIGHT,
    Shape.PAIR_RUN,
    Shape.AIRPLANE,
    Shape.AIRPLANE_SINGLES,
    Shape.AIRPLANE_PAIRS,
)
_KEYED_SIZE = {
    Shape.SINGLE: 1,
    Shape.PAIR: 2,
    Shape.TRIPLE: 3,
    Shape.TRIPLE_SINGLE: 4,
    Shape.TRIPLE_PAIR: 5,
}
_RUN_WIDTH = {
    Shape.STRAIGHT: 1,
    Shape.PAIR_RUN: 2,
    Shape.AIRPLANE: 3,
    Shape.AIRPLANE_SINGLES: 4,
    Shape.AIRPLANE_PAIRS: 5,
}
"""Cards per body rank, wings included."""
_RUN_MIN = {
    Shape.STRAIGHT: 5,
    Shape.PAIR_RUN: 2,
    Shape.AIRPLANE: 2,
    Shape.AIRPLANE_SINGLES: 2,
    Shape.AIRPLANE_PAIRS: 2,
}
_TIER = {
    Shape.MIXED_5_10_K: 1,
    Shape.SUITED_5_10_K: 2,
    Shape.BOMB: 3,
    Shape.ROCKET: 4,
}
ORDINARY_ORDER: tuple[Shape, ...] = (
    Shape.SINGLE,
    Shape.PAIR,
    Shape.TRIPLE,
    Shape.TRIPLE_SINGLE,
    Shape.TRIPLE_PAIR,
    Shape.STRAIGHT,
    Shape.PAIR_RUN,
    Shape.AIRPLANE_PAIRS,
    Shape.AIRPLANE_SINGLES,
    Shape.AIRPLANE,
)
"""Ordinary shapes, weakest first in the strength order (see the module docstring)."""
_ORDINARY_INDEX = {shape: index for index, shape in enumerate(ORDINARY_ORDER)}


@dataclass(frozen=True, slots=True, repr=False)
class Combo:
    """One reading of a card set (R03.1).

    - ``shape``: the :class:`Shape`;
    - ``key``: the main rank — the rank of a single/pair/triple (with its kicker ignored),
      the *highest* body rank of a straight, pair run or airplane, ``Rank.KING`` for 5,10,K,
      the bomb's rank, ``Rank.BIG_JOKER`` for a rocket;
    - ``length``: body groups — 1 for single/pair/triple/triple+x, the number of body ranks
      of a straight, pair run or airplane, 3 for 5,10,K (three ranks), the card count of a
      bomb or rocket;
    - ``size``: total card count;
    - ``suit``: the suit of a suited 5,10,K, else ``None``.

    Constructing an impossible reading (a 4-card straight, a run holding a 2, a size that
    does not fit the shape) raises :class:`IllegalPlay` naming the clause. Text form:
    ``str(combo) == combo.notation()`` and ``Combo.parse(combo.notation()) == combo``.
    """

    shape: Shape
    key: Rank
    length: int
    size: int
    suit: Suit | None = None

    def __post_init__(self) -> None:
        problem = _combo_problem(self.shape, self.key, self.length, self.size, self.suit)
        if problem is not None:
            raise IllegalPlay(problem[0], clause=problem[1])

    @property
    def tier(self) -> int:
        """0 ordinary, 1 mixed 5,10,K, 2 suited 5,10,K, 3 bomb, 4 rocket (R04.1, R05.3)."""
        return _TIER.get(self.shape, 0)

    @property
    def low(self) -> Rank:
        """The lowest body rank of a run or airplane; ``key`` for every other shape."""
        if self.shape in _RUN_WIDTH:
            return Rank(self.key - self.length + 1)
        return self.key

    @property
    def strength(self) -> tuple[int, int, int, int]:
        """Position in the total strength order (module docstring); larger is stronger.
        Python API only (:func:`.python_api_parts.strength`): the engine orders only the
        readings of one card set (:func:`_order`)."""
        return strength(self, _ORDINARY_INDEX)

    def notation(self) -> str:
        """Canonical text: ``single 7``, ``straight 3-7``, ``bomb 4x7``, ``rocket x3``…"""
        shape = self.shape
        if shape in _KEYED_SIZE:
            return f"{shape.value} {self.key}"
        if shape in _RUN_WIDTH:
            return f"{shape.value} {self.low}-{self.key}"
        if shape is Shape.MIXED_5_10_K:
            return shape.value
        if shape is Shape.SUITED_5_10_K:
            return f"{shape.value} {self.suit}"
        if shape is Shape.BOMB:
            return f"bomb {self.size}x{self.key}"
        return "rocket" if self.size == 2 else f"rocket x{self.size}"

    @staticmethod
    def parse(text: str) -> Combo:
        """Parse the canonical notation (inverse of :meth:`notation`).

        Raises :class:`InvalidNotation` for text that is not a reading, with the clause
        when the text is well formed but names an impossible reading (``straight 3-6``).
        """
        return _parse_combo(text)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Combo.parse({self.notation()!r})"


def _combo_problem(
    shape: Shape, key: Rank, length: int, size: int, suit: Suit | None
) -> tuple[str, str] | None:
    """Why a (shape, key, length, size, suit) is no possible reading, with the clause."""
    if suit is not None and shape is not Shape.SUITED_5_10_K:
        return f"only a suited 5-10-K has a suit, not a {shape.value}", "R04.2"
    if shape in _KEYED_SIZE:
        if length != 1 or size != _KEYED_SIZE[shape]:
            return f"a {shape.value} has length 1 and {_KEYED_SIZE[shape]} cards", "R03.1"
        return None
    if shape in _RUN_WIDTH:
        return _run_problem(shape, key, length, size)
    if shape in (Shape.MIXED_5_10_K, Shape.SUITED_5_10_K):
        if key != Rank.KING or length != 3 or size != 3:
            return "a 5-10-K has key K, length 3 and 3 cards", "R04.1"
        if (suit is None) != (shape is Shape.MIXED_5_10_K):
            return "a suited 5-10-K names its suit; a mixed one has none", "R04.2"
        return None
    if shape is Shape.BOMB:
        if not 4 <= size <= MAX_BOMB or length != size:
            return "a bomb has 4 to 12 cards (length = size)", "R05.1"
        if key.is_joker:
            return "there are no joker bombs", "R05.1"
        return None
    if key != Rank.BIG_JOKER or length != size or not 2 <= size <= MAX_JOKERS:
        return "a rocket has key BJ and 2 to 6 cards (length = size)", "R05.3"
    return None


def _run_problem(shape: Shape, key: Rank, length: int, size: int) -> tuple[str, str] | None:
    word = shape.value
    if length < _RUN_MIN[shape]:
        minimum = _RUN_MIN[shape]
        unit = "cards" if shape is Shape.STRAIGHT else "consecutive ranks"
        return f"{length}-rank {word}: needs at least {minimum} {unit}", "R03.4"
    if not key.in_runs or key - length + 1 < LOW:
        return f"{word} body must lie within 3…A: no 2 or jokers in runs", "R03.4"
    if size != length * _RUN_WIDTH[shape]:
        return f"a {word} of length {length} has {length * _RUN_WIDTH[shape]} cards", "R03.1"
    return None


def make_combo(shape: Shape, key: Rank, length: int = 1, suit: Suit | None = None) -> Combo:
    """Build a reading from shape, key and body length; the size follows from them.

    For 5,10,K pass ``key=Rank.KING`` (length is forced to 3); for bombs and rockets
    ``length`` is the card count. The same arguments give the same (frozen) object.
    """
    return _made(shape, key, length, suit)


@lru_cache(maxsize=4096)
def _made(shape: Shape, key: Rank, length: int, suit: Suit | None) -> Combo:
    """The reading of these arguments, built once: a reading is a value (frozen), so one
    object serves every caller. Enumerating a 32-card hand makes thousands, of fewer than a
    thousand possible readings (a bad argument raises, and is not kept)."""
    if shape in _KEYED_SIZE:
        return Combo(shape, key, 1, _KEYED_SIZE[shape])
    if shape in _RUN_WIDTH:
        return Combo(shape, key, length, length * _RUN_WIDTH[shape])
    if shape in (Shape.MIXED_5_10_K, Shape.SUITED_5_10_K):
        return Combo(shape, key, 3, 3, suit)
    return Combo(shape, key, length, length)


# --------------------------------------------------------------------------- parsing


def _parse_combo(text: str) -> Combo:
    if not isinstance(text, str):
        raise InvalidNotation(f"a reading is text, not {text!r}")
    words = text.split()
    try:
        combo = _parse_words(words)
    except InvalidNotation as err:
        provenance.applies("D38")  # a text the notation cannot read cites no clause
        raise InvalidNotation(f"bad reading {text!r}: {err.message}", clause=err.clause) from None
    except IllegalPlay as err:
        provenance.applies("D38")  # the clause that excludes the reading
        raise InvalidNotation(
            f"impossible reading {text!r}: {err.message}", clause=err.clause
        ) from None
    return combo


_FORMS = (
    "single R, pair R, triple R, triple+single R, triple+pair R, straight LO-HI, pairs LO-HI, "
    "airplane LO-HI, airplane+singles LO-HI, airplane+pairs LO-HI, 5-10-K mixed, "
    "5-10-K suited S, bomb NxR, rocket, rocket xN"
)


def _parse_words(words: list[str]) -> Combo:
    if not words:
        raise InvalidNotation(f"empty; expected one of: {_FORMS}")
    head, rest = words[0], words[1:]
    if head == "5-10-K":
        return _parse_5_10_k(rest)
    if head == Shape.ROCKET.value:
        return _parse_rocket(rest)
    try:
        shape = Shape(head)
    except ValueError:
        raise InvalidNotation(f"unknown shape {head!r}; expected one of: {_FORMS}") from None
    if len(rest) != 1:
        raise InvalidNotation(f"{head} takes exactly one argument; expected one of: {_FORMS}")
    arg = rest[0]
    if shape in _KEYED_SIZE:
        return make_combo(shape, Rank.parse(arg))
    if shape is Shape.BOMB:
        return _parse_bomb(arg)
    low_text, dash, high_text = arg.partition("-")
    if not dash:
        raise InvalidNotation(f"{head} takes a body LO-HI such as 3-7, not {arg!r}")
    low, high = Rank.parse(low_text), Rank.parse(high_text)
    if high < low:
        raise InvalidNotation(f"body {arg!r} is written lowest rank first")
    return make_combo(shape, high, high - low + 1)


def _parse_5_10_k(rest: list[str]) -> Combo:
    if rest == ["mixed"]:
        return make_combo(Shape.MIXED_5_10_K, Rank.KING)
    if len(rest) == 2 and rest[0] == "suited":
        return make_combo(Shape.SUITED_5_10_K, Rank.KING, suit=Suit.parse(rest[1]))
    raise InvalidNotation("expected '5-10-K mixed' or '5-10-K suited S' (S one of D C H S)")


def _parse_rocket(rest: list[str]) -> Combo:
    if not rest:
        return make_combo(Shape.ROCKET, Rank.BIG_JOKER, 2)
    count = rest[0][1:] if len(rest) == 1 and rest[0].startswith("x") else ""
    if not count.isdigit():
        raise InvalidNotation("expected 'rocket' or 'rocket xN' with N from 3 to 6")
    if int(count) == 2:
        raise InvalidNotation("a two-card rocket is written 'rocket'")
    return make_combo(Shape.ROCKET, Rank.BIG_JOKER, int(count))


def _parse_bomb(arg: str) -> Combo:
    count, x, rank = arg.partition("x")
    if not x or not count.isdigit():
        raise InvalidNotation(f"a bomb is written NxR such as 4x7, not {arg!r}")
    return make_combo(Shape.BOMB, Rank.parse(rank), int(count))


# --------------------------------------------------------------------------- classify

Counts = tuple[int, ...]
"""Card counts indexed by rank value (indices 0–2 unused, 3…17 = 3…BJ)."""


def rank_counts(cards: Iterable[Card]) -> list[int]:
    """Card counts indexed by rank value (0–2 unused)."""
    counts = [0] * (BJ + 1)
    for card in cards:
        counts[card.rank] += 1
    return counts


def classify(cards: Iterable[Card], variants: Variants = DEFAULT) -> tuple[Combo, ...]:
    """Every legal reading of a card set, strongest first, ``()`` if it is illegal (R03.1).

    Readings are distinct and ordered strongest first by the strength order of the module
    docstring.
    Raises :class:`InvalidCards` for an empty set (R03.1) and for more than three copies
    of one face (R01.1).
    """
    cards = list(cards)
    if not cards:
        raise InvalidCards("a play needs at least one card", clause="R03.1")
    check_copies(cards)
    counts = rank_counts(cards)
    if _is_5_10_k(counts):
        suits = {card.suit for card in cards}
        if len(suits) == 1:
            found: tuple[Combo, ...] = (
                make_combo(Shape.SUITED_5_10_K, Rank.KING, suit=suits.pop()),)
        else:
            found = (make_combo(Shape.MIXED_5_10_K, Rank.KING),)
    else:
        found = readings_of_counts(tuple(counts), variants.wing_ranks == "distinct",
                                   variants.rocket)
    if provenance.current is not None:
        trace_readings(counts, found, variants)
    return found


_FIVE_TEN_KING_RANKS = frozenset({int(Rank.FIVE), int(Rank.TEN), int(Rank.KING)})
_WINGED = (Shape.AIRPLANE_SINGLES, Shape.AIRPLANE_PAIRS)
_KICKED = (Shape.TRIPLE_SINGLE, Shape.TRIPLE_PAIR)
TWO = int(Rank.TWO)


def trace_readings(counts: Sequence[int], readings: Iterable[Combo],
                   variants: Variants = DEFAULT) -> None:
    """Provenance (recording only): the rulings that decide the readings of a card set
    with rank ``counts``: D9 for a reading only D9 makes legal (:func:`_needs_d9`) and for
    a set that is no combination (D9 closes the list of shapes), D12 for a 5,10,K reading
    and for a set of 5s, 10s and Ks (each present) with more than three cards (exactly one
    of each),
    and the rulings of non-default variants."""
    provenance.applies_variants(variants)
    present = [rank for rank in range(LOW, BJ + 1) if counts[rank]]
    listed = tuple(readings)
    if not listed:
        provenance.applies("D9")
    if sum(counts) > 3 and set(present) == _FIVE_TEN_KING_RANKS:
        provenance.applies("D12")
    for combo in listed:
        if combo.tier in (1, 2):
            provenance.applies("D12")
        elif _needs_d9(counts, combo):
            provenance.applies("D9")


def _needs_d9(counts: Sequence[int], combo: Combo) -> bool:
    """Whether ``combo`` is a reading that D9 settles: a rocket (exactly SJ BJ by
    default), a pair or triple of 2s or jokers, a kicker or wing of a 2 or joker, single
    wings sharing a rank or pair wings repeating one."""
    shape = combo.shape
    if shape is Shape.ROCKET:
        return True
    if shape in (Shape.PAIR, Shape.TRIPLE):
        return combo.key >= TWO
    if shape in _KICKED:
        return combo.key >= TWO or any(counts[rank] for rank in range(TWO, BJ + 1)
                                       if rank != combo.key)
    if shape in _WINGED:
        low, high = int(combo.low), int(combo.key)
        wings = [counts[rank] for rank in range(LOW, BJ + 1)
                 if counts[rank] and not low <= rank <= high]
        width = 1 if shape is Shape.AIRPLANE_SINGLES else 2
        return (any(counts[rank] for rank in range(TWO, BJ + 1) if not low <= rank <= high)
                or any(count > width for count in wings))
    return False


def _is_5_10_k(counts: list[int] | Counts) -> bool:
    """Exactly one 5, one 10 and one K (D12)."""
    return (
        counts[Rank.FIVE] == 1
        and counts[Rank.TEN] == 1
        and counts[Rank.KING] == 1
        and sum(counts) == 3
    )


@lru_cache(maxsize=1 << 16)
def readings_of_counts(counts: Counts, distinct: bool, rocket: str) -> tuple[Combo, ...]:
    """Readings of a card set given only its rank counts, strongest first.

    5,10,K is not recognised here (it needs the suits); ``distinct`` is
    ``wing_ranks=distinct`` and ``rocket`` the value of the ``rocket`` variant.
    """
    present = [rank for rank in range(LOW, BJ + 1) if counts[rank]]
    total = sum(counts)
    if not present:
        return ()
    if len(present) == 1:
        single = _one_rank(present[0], counts[present[0]])
        return () if single is None else (single,)
    found: list[Combo] = []
    if present == [SJ, BJ] and _is_rocket(total, rocket):
        found.append(make_combo(Shape.ROCKET, Rank.BIG_JOKER, total))
    if len(present) == 2:
        found.extend(_triple_with_kicker(present, counts))
    found.extend(_runs(present, counts))
    found.extend(_winged(present, counts, total, distinct))
    found.sort(key=_order, reverse=True)
    return tuple(found)


def _order(combo: Combo) -> tuple[int, ...]:
    """Where a reading stands among the other readings of its card set, strongest last: the
    strength order of the module docstring, of which only two tiers meet here (a 5,10,K or
    a bomb is the one reading of its set): a rocket above the ordinary readings, and these
    by shape, body length and key."""
    if combo.tier:
        return (combo.tier,)
    return (combo.tier, _ORDINARY_INDEX[combo.shape], combo.length, int(combo.key))


def _is_rocket(jokers: int, rocket: str) -> bool:
    """Whether a joker-only set of ``jokers`` cards holding both kinds is a rocket under the
    ``rocket`` variant: ``pair`` only SJ BJ (D9), ``joker_sets`` any (D26), ``six_jokers``
    only all six (D36)."""
    if rocket == "joker_sets":
        return True
    if rocket == "six_jokers":
        return jokers == MAX_JOKERS
    return jokers == 2


def _one_rank(rank: int, count: int) -> Combo | None:
    """A set of one rank: single, pair, triple, or bomb from four cards (R05.1)."""
    if count <= 3:
        return make_combo((Shape.SINGLE, Shape.PAIR, Shape.TRIPLE)[count - 1], Rank(rank))
    if rank >= SJ or count > MAX_BOMB:
        return None
    return make_combo(Shape.BOMB, Rank(rank), count)


def _triple_with_kicker(present: list[int], counts: Counts) -> list[Combo]:
    """Triple + single or triple + pair of another rank (kickers may be 2s or jokers)."""
    found = []
    for main, other in (present, present[::-1]):
        if counts[main] == 3 and counts[other] in (1, 2):
            shape = Shape.TRIPLE_SINGLE if counts[other] == 1 else Shape.TRIPLE_PAIR
            found.append(make_combo(shape, Rank(main)))
    return found


def _consecutive_in_runs(present: list[int]) -> bool:
    return present[-1] <= ACE and present[-1] - present[0] + 1 == len(present)


def _runs(present: list[int], counts: Counts) -> list[Combo]:
    """Straight, pair run or pure airplane: equal counts on consecutive ranks in 3…A."""
    if not _consecutive_in_runs(present):
        return []
    count = counts[present[0]]
    if any(counts[rank] != count for rank in present):
        return []
    length, high = len(present), Rank(present[-1])
    if count == 1 and length >= 5:
        return [make_combo(Shape.STRAIGHT, high, length)]
    if count == 2:
        return [make_combo(Shape.PAIR_RUN, high, length)]
    if count == 3:
        return [make_combo(Shape.AIRPLANE, high, length)]
    return []


def _winged(present: list[int], counts: Counts, total: int, distinct: bool) -> list[Combo]:
    """Airplanes with one single or one pair wing per triple (R03.4, R03.5)."""
    found = []
    for shape, width in ((Shape.AIRPLANE_SINGLES, 4), (Shape.AIRPLANE_PAIRS, 5)):
        length = total // width
        if total % width or length < 2:
            continue
        for low in range(LOW, ACE - length + 2):
            body = range(low, low + length)
            if all(counts[rank] == 3 for rank in body) and _wings_ok(
                counts, body, width == 5, distinct
            ):
                found.append(make_combo(shape, Rank(low + length - 1), length))
    return found


def _wings_ok(counts: Counts, body: range, pairs: bool, distinct: bool) -> bool:
    """The cards outside ``body`` form legal wings (R03.5, D9): never both jokers; pair
    wings are pairs of one rank; under ``distinct`` all wing ranks differ."""
    if counts[SJ] and counts[BJ]:
        return False
    for rank in range(LOW, BJ + 1):
        count = counts[rank]
        if not count or rank in body:
            continue
        if pairs and (count % 2 or (distinct and count != 2)):
            return False
        if not pairs and distinct and count != 1:
            return False
    return True


# --------------------------------------------------------------------------- beating


def beats(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
    """Whether ``reply`` beats ``top`` (D11).

    Ordinary beats ordinary only with the same shape, body length and card count and a
    strictly higher key (R03.3); above every ordinary play: mixed 5,10,K (all equal, R04.3)
    < suited 5,10,K (D < C < H < S, R04.2) < bombs (more cards first, then rank, R05.1,
    R05.2) < rocket (R05.3). Equal never beats; a rocket never beats a rocket, except that
    under ``rocket=joker_sets`` a larger rocket beats a smaller one (D26). Under
    ``twelve_bomb=beats_rocket`` (D37) a bomb of twelve cards beats every rocket and no rocket
    beats it; bombs still compare by count, then rank, among themselves.
    """
    if provenance.current is not None:
        _trace_beats(reply, top, variants)
    if variants.twelve_bomb == "beats_rocket" and {reply.tier, top.tier} == {3, 4}:
        bomb = reply if reply.tier == 3 else top
        if bomb.size == MAX_BOMB:  # the twelve-card bomb wins, whichever was played first
            return reply.tier == 3
    if reply.tier != top.tier:
        return reply.tier > top.tier
    tier = reply.tier
    if tier == 0:
        return (
            reply.shape is top.shape
            and reply.length == top.length
            and reply.size == top.size
            and reply.key > top.key
        )
    if tier == 2:
        return (reply.suit or 0) > (top.suit or 0)
    if tier == 3:
        return (reply.size, reply.key) > (top.size, top.key)
    if tier == 4:
        return variants.rocket == "joker_sets" and reply.size > top.size
    return False


def _trace_beats(reply: Combo, top: Combo, variants: Variants) -> None:
    """Provenance (recording only): D37 where a bomb of twelve meets a rocket; D8 and D11
    where equal plays meet (equal never beats, no suit breaks a tie), winged or kicker
    plays are compared (kickers and wings ignored) and a rocket meets a rocket."""
    provenance.applies_variants(variants)
    tiers = {reply.tier, top.tier}
    if tiers == {3, 4} and (reply if reply.tier == 3 else top).size == MAX_BOMB:
        provenance.applies("D37")
    if reply.tier != top.tier:
        return
    tier = reply.tier
    if tier == 0:
        if reply.shape is top.shape and reply.length == top.length and reply.size == top.size:
            if reply.key == top.key:
                provenance.applies("D8", "D11")
            if reply.shape in _KICKED or reply.shape in _WINGED:
                provenance.applies("D11")
    elif (tier == 2 and reply.suit == top.suit) or tier == 4 or (
            tier == 3 and (reply.size, reply.key) == (top.size, top.key)):
        provenance.applies("D11")


_TIER_KINDS = ("ordinary", "mixed", "suited", "bomb", "rocket")
"""The kind of reading of each tier, as the play rejections of D35 name them."""


def reading_kind(combo: Combo, variants: Variants = DEFAULT) -> str:
    """The kind of ``combo`` in D35's table of play rejections
    (:data:`.rejections.READING_KINDS`): its tier's kind, or ``twelve-bomb`` for a bomb of
    twelve cards under ``twelve_bomb=beats_rocket`` (D37), which tops every rocket."""
    if combo.tier == 3 and combo.size == MAX_BOMB and variants.twelve_bomb == "beats_rocket":
        return "twelve-bomb"
    return _TIER_KINDS[combo.tier]


def refusal(
    readings: Sequence[Combo], top: Combo, variants: Variants = DEFAULT
) -> tuple[PlayRejection, Combo]:
    """Why a reply whose ``readings`` (strongest first) all fail to beat ``top`` is refused:
    the row of D35's play rejections that decides it (:func:`.rejections.play_rejection`)
    and the reading it speaks of (the strongest one of a kind the row names)."""
    row = play_rejection((reading_kind(r, variants) for r in readings),
                         reading_kind(top, variants))
    named = [r for r in readings if not row.reply or reading_kind(r, variants) in row.reply]
    return row, named[0]


def why_not(code: str, reply: Combo, top: Combo, variants: Variants = DEFAULT) -> str:
    """Why ``reply`` does not beat ``top``, in words, for the play rejection ``code`` of
    D35 (:func:`refusal`); the words are never compared, the clause is the table's."""
    if code == "rocket":
        if top.tier == 3:
            why = "under twelve_bomb=beats_rocket a bomb of twelve cards beats every rocket (D37)"
        elif variants.rocket == "joker_sets" and reply.tier == 4:
            why = "only a larger rocket beats a rocket"
        else:
            why = "nothing beats a rocket"
    elif code != "ordinary-reply":
        why = _REASONS[code]
    elif reply.shape is top.shape and reply.size == top.size:
        why = "the key must be strictly higher"
    else:
        why = "an ordinary reply must match type and count"
    return f"{reply} does not beat {top}: {why}"


_REASONS = {
    "bomb-order": "more cards first, then rank",
    "bomb-over": "bombs beat ordinary shapes and 5,10,K",
    "five-ten-king-mixed": "all mixed 5,10,K are equal",
    "five-ten-king-suited": "suited ranks D < C < H < S, equal ties",
    "five-ten-king-tier": "mixed 5,10,K < suited 5,10,K < bombs",
}


# --------------------------------------------------------------------------- choosing


def choose_reading(
    cards: Iterable[Card],
    *,
    declared: Combo | Shape | str | None = None,
    top: Combo | None = None,
    variants: Variants = DEFAULT,
) -> Combo:
    """The reading a play takes (D10).

    - ``declared`` (a :class:`Combo`, its notation, or a bare :class:`Shape` / shape word
      such as ``"airplane+singles"``) must be one of the readings, else
      :class:`IllegalPlay` (R03.1) listing the readings. A bare shape selects among the
      readings of that shape by the undeclared rules below. A declared reading that does
      not beat ``top`` is rejected like an undeclared one.
    - Undeclared reply (``top`` given): the first reading in strength order (strongest
      first) that beats ``top``. If none does, :class:`IllegalPlay` with the code of D35's
      play rejections for the kinds of the readings and of ``top`` (:func:`refusal`), so
      with the clause of its table: R05.3 against a rocket (or a rocket against a bomb of
      twelve under D37), R05.2 bomb against bomb, R05.1 anything else against a bomb,
      R04.3 mixed against mixed, R04.2 suited against suited, R04.1 otherwise against a
      5,10,K, R03.3 against an ordinary play (wrong type/count or not higher).
    - Undeclared lead (``top is None``): the strongest reading. For airplanes this is D10
      (pure before winged, more triples before fewer, higher body before lower).
      **Proposed ruling D26**: any other card set with several readings (only possible
      under ``rocket=joker_sets``: ``SJ SJ SJ BJ`` = ``triple+single SJ`` or ``rocket x4``,
      ``SJ SJ SJ BJ BJ`` = ``triple+pair SJ`` or ``rocket x5``…) also leads as its strongest
      reading, the rocket; the player may declare the ordinary reading instead.
    - An illegal set raises :class:`IllegalPlay` (R03.1) saying why where cheap.
    """
    cards = list(cards)
    readings = classify(cards, variants)
    if not readings:
        raise IllegalPlay(
            f"{format_cards(cards)} is no legal combination: {why_illegal(cards, variants)}",
            rejection="no-combination",
        )
    if provenance.current is not None and (declared is not None or len(readings) > 1):
        provenance.applies("D10")
    candidates = _declared(cards, readings, declared)
    if top is None:
        return candidates[0]
    for reading in candidates:
        if beats(reading, top, variants):
            return reading
    row, named = refusal(candidates, top, variants)
    raise IllegalPlay(f"{format_cards(cards)} cannot beat {top}: "
                      f"{why_not(row.code, named, top, variants)}", rejection=row.code)


def _declared(
    cards: list[Card], readings: tuple[Combo, ...], declared: Combo | Shape | str | None
) -> tuple[Combo, ...]:
    if declared is None:
        return readings
    if isinstance(declared, str) and not isinstance(declared, Shape):
        declared = _shape_or_combo(declared)
    if isinstance(declared, Shape):
        matching = tuple(reading for reading in readings if reading.shape is declared)
    else:
        matching = tuple(reading for reading in readings if reading == declared)
    if not matching:
        listed = ", ".join(str(reading) for reading in readings)
        raise IllegalPlay(
            f"{format_cards(cards)} cannot be played as {declared}: its readings are {listed}",
            rejection="no-combination",
        )
    return matching


def _shape_or_combo(text: str) -> Shape | Combo:
    """A bare shape word (``"airplane+singles"``) or a full reading notation."""
    try:
        return Shape(text.strip())
    except ValueError:
        return Combo.parse(text)


def why_illegal(cards: Iterable[Card], variants: Variants = DEFAULT) -> str:
    """A short reason why a card set is no legal combination (with the clause); best effort."""
    counts = rank_counts(cards)
    present = [rank for rank in range(LOW, BJ + 1) if counts[rank]]
    total = sum(counts)
    if present == [SJ, BJ]:
        if variants.rocket == "six_jokers":
            return "under rocket=six_jokers the rocket is all six jokers (R05.3, D36)"
        return "the rocket is exactly SJ BJ (R05.3, D9)"
    shape_counts = {counts[rank] for rank in present}
    if len(shape_counts) == 1 and len(present) > 1:
        return _run_reason(present, shape_counts.pop(), total)
    wing = _wing_reason(counts, total, variants.wing_ranks == "distinct")
    if wing:
        return wing
    big = [rank for rank in present if counts[rank] >= 4]
    if big:
        return f"{counts[big[0]]} of a rank form a bomb only on their own (R05.1)"
    if total in (4, 5) and 3 in shape_counts:
        return "a triple takes one single or one pair of one other rank (R03.1, D9)"
    return "it matches none of the shapes of rule 3 (R03.1)"


def _run_reason(present: list[int], count: int, total: int) -> str:
    """Why several ranks with ``count`` cards each form no straight, pair run or airplane."""
    name = {1: "straight", 2: "pair run", 3: "airplane"}.get(count)
    if name is None:
        return "four or more of a rank form a bomb only on their own (R05.1)"
    if count == 1 and total < 5:
        if present[-1] <= ACE and present[-1] - present[0] + 1 == total:
            return f"{total}-card straight: straights need at least five cards (R03.4)"
        return f"{total} cards of different ranks form no combination (R03.1)"
    if present[-1] > ACE:
        return f"no 2 or jokers in a {name} (R03.4)"
    if present[-1] - present[0] + 1 != len(present):
        article = "an" if name == "airplane" else "a"
        return f"{article} {name} needs consecutive ranks (R03.4)"
    return "it matches none of the shapes of rule 3 (R03.1)"


def _wing_reason(counts: list[int], total: int, distinct: bool) -> str:
    """Why a set with an airplane body of the right size has no legal wings, or ``""``."""
    for width in (4, 5):
        length = total // width
        if total % width or length < 2:
            continue
        for low in range(LOW, ACE - length + 2):
            body = range(low, low + length)
            if not all(counts[rank] >= 3 for rank in body):
                continue
            if any(counts[rank] > 3 for rank in body):
                return "wings cannot reuse body ranks (R03.5)"
            if counts[SJ] and counts[BJ]:
                return "wings cannot include both joker ranks (R03.5)"
            if distinct:
                return "under wing_ranks=distinct all wing ranks differ (R03.5, D9)"
            return "pair wings must be pairs of one rank (R03.5)"
    return ""
