"""What a scenario's card sets need of a pack and a shape set (issue 20, ruling D39).

:mod:`fivetenk.suite.shapes` says which shapes (and run lengths) a scenario's plays *use*. An
implementation's profile may also say that it plays with fewer decks (``pack``), plays
shorter straights, or plays shapes this game does not have (``extra_shapes``). Whether a
scenario lies within such a profile depends on its card sets as written, computed here:

- ``copies``: the most copies of one face that one card set of the scenario holds (a
  classify's cards; a beats step's reply and top together, as they meet in one trick; a
  plays step's hand and top; a play action's cards; a setup's deal, or every card of a
  position together). ``SJ SJ`` needs two decks; a 162-card deal, three;
- ``deck``: whether a ``deck`` step asks about this game's three-deck pack;
- ``extra``: the extra shapes (:data:`fivetenk.suite.shapes.EXTRA_SHAPES`) whose card sets the
  scenario holds where this game reads them as illegal or unreadable: a classified set, a
  beats reply or top, a played set that *is* four of a rank with two singles or two
  pairs; a hand whose plays are listed as a lead that *holds* one;
- ``straights``: the lengths of straight-like sets (distinct consecutive ranks within
  3…A) of fewer than five cards that the scenario classifies, compares or plays (this
  game reads them as illegal, R03.4), and ``hand_run``: the most consecutive ranks in a
  hand whose plays are listed as a lead (an engine playing shorter straights lists more).

Computed once per scenario content (cached like the shapes); never raises.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..reference import Card, RulesError
from .shapes import content_key

if TYPE_CHECKING:
    from ..model.scenario import Scenario

_ACE = 14
_SJ, _BJ = 16, 17
CACHE_SIZE = 50_000
_cache: dict[str, CardNeeds] = {}


@dataclass(frozen=True)
class CardNeeds:
    """What a scenario's card sets need (see the module's docstring)."""

    copies: int = 0
    face: str = ""
    deck: bool = False
    extra: frozenset[str] = frozenset()
    straights: frozenset[int] = frozenset()
    hand_run: int = 0


def card_needs(scenario: Scenario) -> CardNeeds:
    """The :class:`CardNeeds` of ``scenario`` (cached by content)."""
    key = content_key(scenario)
    found = _cache.get(key)
    if found is None:
        found = _compute(scenario)
        if len(_cache) >= CACHE_SIZE:
            _cache.clear()
        _cache[key] = found
    return found


def _cards(tokens: Any) -> list[Any]:
    """A list of card texts as cards, however many copies of a face (none if it is not
    one: a text that is no card)."""
    if not isinstance(tokens, list) or not tokens:
        return []
    try:
        return [Card.parse(token) for token in tokens]
    except (RulesError, TypeError, ValueError, AttributeError):
        return []


def _sets(scenario: Scenario) -> Iterator[tuple[str, list[Any]]]:
    """``(kind, cards)`` of every card set: ``set`` (classified, compared or played as it
    is), ``hand`` (a hand whose plays are listed as a lead), ``world`` (cards that coexist:
    a setup, a trick's reply with its top)."""
    setup = scenario.setup if isinstance(scenario.setup, Mapping) else {}
    deal = setup.get("deal")
    if isinstance(deal, Mapping):
        yield "world", _cards(deal.get("deck"))
        for redeal in deal.get("redeals") or []:
            yield "world", _cards(redeal)
    position = setup.get("position")
    if isinstance(position, Mapping):
        yield "world", [card for tokens in _card_lists(position, 0) for card in _cards(tokens)]
    for step in scenario.steps:
        if not isinstance(step, Mapping):
            continue
        op = step.get("op")
        if op in ("classify", "points"):
            yield "set", _cards(step.get("cards"))
        elif op == "beats":
            reply, top = _cards(step.get("reply")), _cards(step.get("top"))
            yield "set", reply
            yield "set", top
            yield "world", reply + top
        elif op == "plays":
            hand, top = _cards(step.get("hand")), _cards(step.get("top"))
            yield "world", hand + top
            yield ("hand" if "top" not in step else "set"), hand if "top" not in step else top
        elif op == "act":
            action = step.get("action")
            if isinstance(action, Mapping):
                yield "set", _cards(action.get("cards"))
        elif op == "next_hand":
            yield "world", _cards(step.get("deck"))


def _card_lists(value: Any, depth: int) -> Iterator[list[Any]]:
    """Every list of texts in a position (hands, trick plays, burial…), bounded depth."""
    if depth > 8:
        return
    if isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            yield value
        else:
            for item in value:
                yield from _card_lists(item, depth + 1)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if key not in ("combo", "calls", "reveal"):
                yield from _card_lists(item, depth + 1)


def _compute(scenario: Scenario) -> CardNeeds:
    copies, face = 0, ""
    extra: set[str] = set()
    straights: set[int] = set()
    hand_run = 0
    try:
        for kind, cards in _sets(scenario):
            if not cards:
                continue
            counted = Counter(str(card) for card in cards)
            most_face, most = counted.most_common(1)[0]
            if most > copies or (most == copies and most_face < face):
                copies, face = most, most_face
            ranks = Counter(int(card.rank) for card in cards)
            if kind == "set":
                extra.update(extra_shapes_of(ranks))
                length = _straight_like(ranks)
                if 1 < length < 5:
                    straights.add(length)
            elif kind == "hand":
                extra.update(extra_shapes_in(ranks))
                hand_run = max(hand_run, _longest_run(ranks))
        deck = any(isinstance(s, Mapping) and s.get("op") == "deck" for s in scenario.steps)
    except Exception:  # never raises: a user's case the kit cannot read asks for nothing
        return CardNeeds()
    return CardNeeds(copies, face, deck, frozenset(extra), frozenset(straights), hand_run)


def extra_shapes_of(ranks: Counter[int]) -> set[str]:
    """The extra shapes a card set *is* (by its rank counts): ``four+singles`` four of a
    rank (not jokers) with two other cards, not both jokers; ``four+pairs`` four of a rank
    with two pairs of two other ranks."""
    total = sum(ranks.values())
    fours = [r for r, n in ranks.items() if n == 4 and r < _SJ]
    found: set[str] = set()
    for four in fours:
        rest = {r: n for r, n in ranks.items() if r != four}
        if total == 6 and not (rest.get(_SJ) == 1 and rest.get(_BJ) == 1):
            found.add("four+singles")
        if total == 8 and sorted(rest.values()) == [2, 2]:
            found.add("four+pairs")
    return found


def extra_shapes_in(ranks: Counter[int]) -> set[str]:
    """The extra shapes a hand *holds* (some of its cards form one)."""
    found: set[str] = set()
    for four, n in ranks.items():
        if n < 4 or four >= _SJ:
            continue
        others = sum(m for r, m in ranks.items() if r != four)
        if others >= 2:
            found.add("four+singles")
        if sum(m // 2 for r, m in ranks.items() if r != four) >= 2:
            found.add("four+pairs")
    return found


def _straight_like(ranks: Counter[int]) -> int:
    """The length of a set of distinct consecutive ranks within 3…A (0 if it is not one)."""
    if any(n != 1 for n in ranks.values()) or max(ranks) > _ACE:
        return 0
    low, high = min(ranks), max(ranks)
    return len(ranks) if high - low + 1 == len(ranks) else 0


def _longest_run(ranks: Counter[int]) -> int:
    """The most consecutive ranks within 3…A that a hand holds."""
    best = run = 0
    for rank in range(3, _ACE + 1):
        run = run + 1 if ranks.get(rank) else 0
        best = max(best, run)
    return best


__all__ = ["CardNeeds", "card_needs", "extra_shapes_in", "extra_shapes_of"]
