"""Shrinking a divergence that only a dealt hand shows: the deal itself, rebuilt short.

The ``games`` shrinker replays *positions* (:mod:`fivetenk.fuzz.games`), and some
mistakes live only in a deal: an engine that scores the kitty as it was dealt instead of
the six cards the banker buried (R10.2, R19.3, D7) settles right from every position, where
no dealt kitty exists. Such a case was reported whole, 234-355 steps (issue 19).

:func:`short_deal` rebuilds the deal around what such a mistake can need, and fills the
rest so that the hand ends at once:

- kept: the first receiver, the banker, the dealt kitty (the last six cards of the deck,
  D2) and the six cards the banker buried;
- filled: the banker is dealt, besides the burial, one card of its level (to reveal it),
  every copy left of the rank of two callable faces, and bombs of other ranks; the other
  seats get the rest of the pack;
- played: the banker reveals at its first prompt (the others skip), buries as before,
  calls the two faces of its long rank, so that it resolves both calls itself (R11.4:
  its side is itself alone), and leads its hand out (the long rank and the bombs as
  bombs, then single cards) while everyone passes; when it goes out its side is out and the
  hand ends (R17.2) and is settled: a few dozen steps, not hundreds.

The rebuilt case counts only if it diverges at the same command and in the same field as
the case found (:func:`near`). It is built for hand 1 of a match (every seat at level 3 and
eligible to reveal); for a later hand, or a deal the banker did not reveal in, it gives
None and the case is reported as found.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..reference.actions import Action
from ..reference.calls import legal_call_pairs
from ..reference.cards import Card, Rank, full_deck
from ..reference.errors import RulesError
from ..reference.game import Game, Phase
from ..reference.variants import Variants
from .source import Case, Divergence

DRAWS = 156
SEATS = 6


def near(found: Divergence) -> Any:
    """Whether a divergence is "the same mistake" as ``found`` for a rebuilt deal: the same
    command, and the first differing field the same (list positions aside: the rebuilt
    hand settles other numbers, so the exact paths may differ)."""
    op = found.request.get("op") if isinstance(found.request, dict) else None
    head = _head(found.paths[0]) if found.paths else None

    def same(d: Divergence | None) -> bool:
        return (d is not None and not d.error and bool(d.paths)
                and d.request.get("op") == op and _head(d.paths[0]) == head)
    return same


def _head(path: str) -> str:
    return ".".join(part for part in path.split(".") if not part.isdigit())


def short_deal(case: Case) -> Case | None:
    """The short hand rebuilt from ``case`` (module docstring), or None when it cannot be."""
    setup = case.setup or {}
    deal = setup.get("deal")
    if not isinstance(deal, dict) or deal.get("hand", 1) != 1 or "levels" in deal:
        return None
    variants = Variants.from_mapping(case.variants)
    try:
        found = _what_matters(case, deal, variants)
    except RulesError:
        return None
    if found is None:
        return None
    first, banker, kitty, burial = found
    planned = _plan(banker, kitty, burial, variants)
    if planned is None:
        return None
    dealt, leads, calls = planned
    deck = _deck(first, banker, dealt, kitty)
    try:
        return _play(case, deck, first, banker, burial, calls, leads, variants)
    except (RulesError, _Stuck):
        return None


def _what_matters(case: Case, deal: dict[str, Any], variants: Variants,
                  ) -> tuple[int, int, list[Card], list[Card]] | None:
    """The first receiver, the banker, the dealt kitty and the burial of ``case``."""
    game = Game.new(deck=deal["deck"], first=deal.get("first"),
                    redeals=deal.get("redeals", ()), variants=variants)
    for step in case.steps:
        if step["op"] != "act":
            continue
        action = step["action"]
        if action.get("type") == "bury":
            observed = game.observe()
            if observed["reveal"] is None or observed["deal"] != 1:
                return None  # no reveal (a fallback banker) or a redeal: not rebuilt
            kitty = list(game.deal_decks[-1][DRAWS:])
            burial = [Card.parse(c) for c in action["cards"]]
            return int(deal.get("first") or 0), int(action["seat"]), kitty, burial
        try:
            game.apply(action)
        except RulesError:
            continue  # a near miss, rejected as the case expects
    return None


def _plan(banker: int, kitty: list[Card], burial: list[Card], variants: Variants,
          ) -> tuple[list[Card], list[list[Card]], Any] | None:
    """The banker's dealt cards, its leads, and its calls."""
    pool = Counter(full_deck())
    pool.subtract(kitty)
    pool.subtract(burial)
    if any(n < 0 for n in pool.values()):
        return None
    level = Rank.THREE
    pairs = [p for p in legal_call_pairs(burial, variants)
             if p[0].face.rank == p[1].face.rank and p[0].face.rank != level
             and p[0].ordinal == p[1].ordinal == 1]
    if not pairs:
        return None
    calls = pairs[0]
    long_rank = calls[0].face.rank
    reveal = next((c for c in sorted(pool, key=str) if c.rank == level and pool[c] > 0), None)
    if reveal is None:
        return None
    dealt: list[Card] = [reveal]
    pool[reveal] -= 1
    leads: list[list[Card]] = []
    long = [c for c in sorted(pool, key=str) if c.rank == long_rank for _ in range(pool[c])]
    for card in long:
        pool[card] -= 1
    dealt += long
    leads.append(long)
    need = 26 - len(burial) - len(dealt)
    for rank in sorted({c.rank for c in pool if pool[c] > 0 and c.rank not in
                        (level, long_rank)}, reverse=True):
        if need <= 0:
            break
        cards = [c for c in sorted(pool, key=str) if c.rank == rank for _ in range(pool[c])]
        take = cards[:need]  # a group of one rank: a single, pair, triple or bomb
        for card in take:
            pool[card] -= 1
        dealt += take
        leads.append(take)
        need -= len(take)
    if need != 0:
        return None
    leads.append([reveal])
    leads += [[card] for card in sorted(kitty, key=str)]
    return dealt + list(burial), leads, calls


def _deck(first: int, banker: int, dealt: list[Card], kitty: list[Card]) -> list[Card]:
    """A deck dealing ``dealt`` to the banker, ``kitty`` as the kitty, the rest to the
    others (draw ``d`` goes to seat ``(first + d) % 6``; the last six are the kitty, D2)."""
    rest = Counter(full_deck())
    rest.subtract(dealt)
    rest.subtract(kitty)
    others = [c for c in sorted(rest, key=str) for _ in range(rest[c])]
    mine = list(dealt)
    deck: list[Card] = []
    for d in range(DRAWS):
        deck.append(mine.pop(0) if (first + d) % SEATS == banker else others.pop(0))
    return deck + sorted(kitty, key=str)


class _Stuck(Exception):
    """The scripted hand took a turn it was not written for."""


def _play(case: Case, deck: list[Card], first: int, banker: int, burial: list[Card],
          calls: Any, leads: list[list[Card]], variants: Variants) -> Case:
    from .game_cases import _Recorder

    game = Game.new(deck=deck, first=first, variants=variants)
    rec = _Recorder(game, every=False)
    rec.observe()
    todo = list(leads)
    for _ in range(2000):
        decision = game.pending()
        if decision is None:
            break
        seat, kind = decision.seat, decision.kind
        if kind == "reveal":
            held = [c for c in game.hand(seat) if c.rank == game.levels[seat]]
            action = (Action.reveal(seat, held[0]) if seat == banker and held
                      else Action.skip(seat))
        elif kind == "bury":
            action = Action.bury(seat, burial)
        elif kind == "call":
            action = Action.call(seat, calls)
        elif seat != banker:
            if game.top is None:
                raise _Stuck("another seat leads")
            action = Action.pass_(seat)
        else:
            if game.top is not None or not todo:
                raise _Stuck("the banker must reply")
            action = Action.play(seat, todo.pop(0))
        rec.act(action.to_json(), action)
    if game.phase is not Phase.FINISHED:
        raise _Stuck("the hand did not end")
    return Case(mode=case.mode, kind=case.kind, variants=dict(case.variants),
                setup={"deal": {"deck": [str(c) for c in deck], "first": first}},
                steps=rec.steps, expected=rec.expected, index=case.index,
                data={"short_deal": True})
