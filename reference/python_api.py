"""The engine's Python API that no request of the protocol reaches (issue 30, item 5).

What the reference engine offers a Python caller beyond what an engine serving the
protocol (``schemas/protocol.md``) must do, each for its own reason:

- **Listing the choices of a decision** (:func:`legal_actions`, :func:`legal_call_pairs`
  with :func:`callable_faces` and :func:`max_ordinal`) and **asking whether an action is
  legal without acting** (:func:`is_legal`): ``act`` judges the one action sent; no
  request lists the alternatives.
- **Choosing the cards of a listed play** (:func:`pick`): the ``plays`` reply lists
  readings and ranks, never cards.
- **Counting plays without listing them** (:func:`count_plays`): the kit's self-check of
  the reference engine compares it with the listing, the kit bounds the hands it asks
  for with it, and the provenance recording of D18 asks whether a seat that passed could
  have beaten; ``plays`` answers with the listing.
- **Writing the game as a position** (:func:`game_position`), **the top play as a
  reading** (:func:`top`) and **the seat to act** (:func:`turn`): ``observe`` answers with
  the observation.
- **A shuffled pack** (:func:`shuffled_deck`): ``start`` and ``next_hand`` always carry the
  deck order, and a scenario's deal lists every redeal it needs.

The parts that the engine's own code calls (an action's JSON, the non-default variants, a
reading's place in the total strength order, the reshuffle, why a deck is not the pack in
words) are in :mod:`.python_api_parts`, which imports nothing of the engine at run time.

The kit's self-check, fuzzer, players, position tools and the book use both. They sit
beside the engine, not in it: ``fivetenk.mutation`` mutates the modules that decide what an
engine answers (:data:`fivetenk.mutation.operators.TARGETS`), and these are not among
them, as :mod:`.provenance` (instrumentation) and :mod:`.random_player` are not.
``Game.legal_actions``, ``Game.is_legal``, ``Game.to_position``, ``Game.top`` and
``Game.turn`` stay methods, each a call into this module.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from . import plays
from .actions import Action, CallSpec, card_key
from .calls import callable_face
from .cards import DECKS, Card, Rank, Suit, full_deck
from .combos import BJ, SJ, Combo, Shape
from .dealing import KITTY_SIZE
from .errors import IllegalAction, InvalidCards, RulesError
from .plays import Play, legal_plays
from .python_api_parts import shuffled
from .variants import DEFAULT, Variants

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "callable_faces", "count_plays", "game_position", "is_legal", "legal_actions",
    "legal_call_pairs", "max_ordinal", "pick", "shuffled_deck", "top", "turn",
]


# --------------------------------------------------------------------------- calls listed


def callable_faces(buried: Iterable[Card]) -> dict[Suit, Card]:
    """The callable face of each suit given the buried cards (D13, R11.2)."""
    counts = Counter(buried)
    out: dict[Suit, Card] = {}
    for suit in Suit:
        face = callable_face(suit, counts)
        if face is not None:
            out[suit] = face
    return out


def max_ordinal(face: Card, buried: Iterable[Card], variants: Variants = DEFAULT) -> int:
    """The highest ordinal that may be called for ``face`` (D14): the unburied copies under
    the ``bounded`` variant, 3 under ``any``."""
    if variants.call_ordinal == "any":
        return DECKS
    return DECKS - sum(1 for c in buried if c == face)


def legal_call_pairs(
    buried: Iterable[Card], variants: Variants = DEFAULT
) -> list[tuple[CallSpec, CallSpec]]:
    """Every legal pair of calls, first call in the lower suit (D < C < H < S), then by
    ordinals: at most 6 suit pairs × 9 ordinal pairs."""
    buried = list(buried)
    faces = callable_faces(buried)
    out: list[tuple[CallSpec, CallSpec]] = []
    for first, second in combinations(sorted(faces), 2):
        f1, f2 = faces[first], faces[second]
        for o1, o2 in product(
            range(1, max_ordinal(f1, buried, variants) + 1),
            range(1, max_ordinal(f2, buried, variants) + 1),
        ):
            out.append((CallSpec(f1, o1), CallSpec(f2, o2)))
    return out


# --------------------------------------------------------------------------- plays


_FIVE_TEN_KING = (Rank.FIVE, Rank.TEN, Rank.KING)


def pick(play: Play, hand: Sequence[Card]) -> list[Card]:
    """Concrete cards from ``hand`` that realise ``play``, lowest suits first
    (``Play.pick``).

    A mixed 5,10,K takes the first suit choice (5, then 10, then K, lowest suits first)
    whose suits are not all equal; a suited one takes the cards of ``combo.suit``. Raises
    :class:`InvalidCards` if the hand cannot realise the play.
    """
    shape = play.combo.shape
    if shape is Shape.SUITED_5_10_K:
        return _pick_suited(play, hand)
    if shape is Shape.MIXED_5_10_K:
        return _pick_mixed(play, hand)
    by_rank = _cards_by_rank(hand)
    picked: list[Card] = []
    for rank in play.ranks:
        available = by_rank.get(rank)
        if not available:
            raise InvalidCards(f"the hand cannot realise {play}: too few {rank}")
        picked.append(available.pop(0))
    return picked


def _pick_suited(play: Play, hand: Sequence[Card]) -> list[Card]:
    wanted = [Card(rank, play.combo.suit) for rank in _FIVE_TEN_KING]
    if not all(card in hand for card in wanted):
        raise InvalidCards(f"the hand cannot realise {play}")
    return wanted


def _pick_mixed(play: Play, hand: Sequence[Card]) -> list[Card]:
    by_rank = _cards_by_rank(hand)
    fives, tens, kings = (sorted(set(by_rank.get(rank, []))) for rank in _FIVE_TEN_KING)
    for five in fives:
        for ten in tens:
            for king in kings:
                if len({five.suit, ten.suit, king.suit}) > 1:
                    return [five, ten, king]
    raise InvalidCards(f"the hand cannot realise {play}: needs suits not all equal")


def _cards_by_rank(hand: Sequence[Card]) -> dict[Rank, list[Card]]:
    by_rank: dict[Rank, list[Card]] = {}
    for card in sorted(hand):
        by_rank.setdefault(card.rank, []).append(card)
    return by_rank


def count_plays(
    hand: Iterable[Card], top: Combo | None = None, variants: Variants = DEFAULT
) -> int:
    """``len(legal_plays(hand, top, variants))``, computed without building the plays:
    the same candidates (:func:`.plays.candidates`, read from its module, so that the
    kit's broken engines that replace it change both), with a polynomial count of the
    wing multisets."""
    total = 0
    for _, _, wings in plays.candidates(plays.summarise(hand), top, variants):
        total += 1 if wings is None else _count_wing_sets(wings[0], wings[1])
    return total


def _count_wing_sets(avail: list[tuple[int, int]], units: int) -> int:
    """How many multisets the wing sets of a winged play are (never both jokers), by
    polynomials."""
    ranks = [rank for rank, _ in avail]
    total = _count_bounded(avail, units)
    if SJ in ranks and BJ in ranks:
        both = [(rank, cap) for rank, cap in avail if rank < SJ]
        small = [(rank, cap) for rank, cap in avail if rank != BJ]
        big = [(rank, cap) for rank, cap in avail if rank != SJ]
        total = _count_bounded(small, units) + _count_bounded(big, units)
        total -= _count_bounded(both, units)
    return total


def _count_bounded(avail: list[tuple[int, int]], units: int) -> int:
    """Multisets of size ``units`` with at most ``cap`` copies of each rank."""
    ways = [1] + [0] * units
    for _, cap in avail:
        new = [0] * (units + 1)
        for size in range(units + 1):
            if ways[size]:
                for take in range(min(cap, units - size) + 1):
                    new[size + take] += ways[size]
        ways = new
    return ways[units]


# --------------------------------------------------------------------------- the pack


def shuffled_deck(rng: random.Random) -> tuple[Card, ...]:
    """A shuffled pack drawn from ``rng`` (deterministic for a seeded generator), as the
    engine reshuffles it (:func:`.python_api_parts.shuffled`)."""
    return shuffled(full_deck(), rng)


# --------------------------------------------------------------------------- the game


def turn(game: Game) -> int | None:
    """The seat whose decision is pending, if any (``Game.turn``)."""
    decision = game.pending()
    return None if decision is None else decision.seat


def top(game: Game) -> Combo | None:
    """The current top play of the trick, ``None`` when a lead is due (``Game.top``)."""
    trick = game._t.trick
    return None if trick is None else trick.top


def legal_actions(game: Game) -> list[Action]:
    """The legal actions of the pending decision (``Game.legal_actions``).

    - reveal prompt: one reveal per revealable face held (canonical order), then skip;
    - bury: a *summary* — one representative action (the six lowest cards); every set
      of exactly six cards of the banker's 32 is legal (R10.1, D7);
    - call: every legal pair of calls (at most 54, see :func:`legal_call_pairs`);
    - play: pass first when allowed (not for a lead, D18), then one action per legal
      play from :func:`.plays.legal_plays`, with its reading declared as ``shape``.
    """
    decision = game.pending()
    if decision is None:
        return []
    seat = decision.seat
    if decision.kind == "reveal":
        rank = game.levels[seat]
        faces = sorted(c for c in game.hand_counts(seat) if c.rank == rank)
        return [Action.reveal(seat, c) for c in faces] + [Action.skip(seat)]
    if decision.kind == "bury":
        return [Action.bury(seat, game.hand(seat)[:KITTY_SIZE])]
    if decision.kind == "call":
        return [Action.call(seat, pair) for pair in legal_call_pairs(game.buried,
                                                                     game.variants)]
    hand = game.hand(seat)
    current = top(game)
    out = [] if current is None else [Action.pass_(seat)]
    for play in legal_plays(hand, current, game.variants):
        out.append(Action.play(seat, pick(play, hand), shape=play.combo.notation()))
    return out


def is_legal(game: Game, action: Action | Mapping[str, Any]) -> bool:
    """Whether ``Game.apply`` would accept ``action`` (malformed JSON is not legal), the
    game left as it was (``Game.is_legal``)."""
    try:
        act = action if isinstance(action, Action) else Action.from_json(action)
        game._validate(act)
    except RulesError:
        return False
    return True


def game_position(game: Game) -> dict[str, Any]:
    """A complete snapshot of the hand (burying, calling or playing phase) that
    ``Game.from_position`` accepts (``Game.to_position``). Raises :class:`IllegalAction`
    while dealing or once finished."""
    phase = game.phase.value
    if phase in ("dealing", "finished"):
        raise IllegalAction(
            f"a position describes a hand after dealing and before its end, not the "
            f"{phase} phase"
        )
    t = game._t
    assert t.banker is not None
    return {
        "hand": game.hand_number,
        "phase": phase,
        "deal": game._d.number,
        "variants": game.variants.to_mapping(),
        "levels": [r.symbol for r in game.levels],
        "previous_winners": list(game._previous_winners),
        "previous_banker": game._previous_banker,
        "banker": t.banker,
        "reveal": game._reveal_json(),
        "buried": _tokens(game.buried),
        "calls": [c.to_json() for c in t.calls],
        "hands": [_tokens(h.elements()) for h in t.hands],
        "captured": list(t.captured),
        "trick": t.trick.to_position() if t.trick is not None else None,
        "turn": t.turn if phase == "playing" else t.banker,
        "out": list(t.out),
    }


def _tokens(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in sorted(cards, key=card_key)]
