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
  a copy of two faces it may call, and copies of the kitty's ranks (:func:`_plan`: as
  few ranks as can be); the other seats get the rest of the pack;
- played: the banker reveals at its first prompt (the others skip), buries as before,
  calls the two faces, so that it resolves both calls itself (R11.4: its side is itself
  alone), and leads its hand out one rank at a time (singles, pairs, triples, bombs)
  while the other seats pass; when it goes out its side is out and the hand ends (R17.2)
  and is settled: six to eight leads, under forty steps.

The rebuilt case counts only if it diverges at the same command and in the same field as
the case found (:func:`near`). It is always a first hand (every seat at level 3 and
eligible to reveal), whichever hand of a match the kitty and burial come from.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..reference import (
    Action,
    Card,
    Game,
    Phase,
    Rank,
    RulesError,
    Variants,
    full_deck,
    legal_call_pairs,
)
from .game_cases import CaseRecorder
from .source import Case, Divergence, causal_order

DRAWS = 156
SEATS = 6


def near(found: Divergence) -> Any:
    """Whether a divergence is "the same mistake" as ``found`` for a rebuilt deal: the same
    command, and the first differing field in causal order the same (list positions aside:
    the rebuilt hand settles other numbers, so the exact paths may differ; a found case
    whose levels differ because its kitty did is rebuilt on the kitty:
    :func:`fivetenk.fuzz.source.causal_order`)."""
    op = found.request.get("op") if isinstance(found.request, dict) else None
    head = _head(causal_order(found.paths)[0]) if found.paths else None

    def same(d: Divergence | None) -> bool:
        return (d is not None and not d.error and bool(d.paths)
                and d.request.get("op") == op and _head(causal_order(d.paths)[0]) == head)
    return same


def _head(path: str) -> str:
    return ".".join(part for part in path.split(".") if not part.isdigit())


def short_deal(case: Case) -> Case | None:
    """The short hand rebuilt from ``case`` (module docstring), or None when it cannot be."""
    setup = case.setup or {}
    deal = setup.get("deal")
    if not isinstance(deal, dict):
        return None
    variants = Variants.from_mapping(case.variants)
    try:
        found = _what_matters(case, deal, variants)
    except (RulesError, KeyError, TypeError, ValueError):
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
    """The first receiver, the banker, the dealt kitty and the burial of ``case``: of the
    last hand buried before its end (the case is cut after its diverging step), whatever
    its number, levels, redeals or fallback banker. The rebuilt deal is a first hand
    (every seat at level 3): what is kept is the kitty and the burial, and a later hand
    found diverging the same way (a match, or a case starting at hand 8) is rebuilt short
    too (issue 30: such a case was written unshrunk, hundreds of steps)."""
    game = Game.new(deck=deal["deck"], first=deal.get("first"),
                    redeals=deal.get("redeals", ()), variants=variants,
                    hand_number=deal.get("hand", 1), levels=deal.get("levels"),
                    previous_winners=deal.get("previous_winners"),
                    previous_banker=deal.get("previous_banker"))
    found: tuple[int, int, list[Card], list[Card]] | None = None
    for step in case.steps:
        try:
            if step["op"] == "next_hand":
                game.next_hand(deck=step["deck"], first=step.get("first"))
                continue
            if step["op"] != "act":
                continue
            action = step["action"]
            if action.get("type") == "bury" and game.is_legal(action):
                found = (int(deal.get("first") or 0), int(action["seat"]),
                         list(game.deal_decks[-1][DRAWS:]),
                         [Card.parse(c) for c in action["cards"]])
            game.apply(action)
        except RulesError:
            continue  # a near miss, rejected as the case expects
    return found


def _plan(banker: int, kitty: list[Card], burial: list[Card], variants: Variants,
          ) -> tuple[list[Card], list[list[Card]], Any] | None:
    """The banker's dealt cards, its leads, and its calls.

    After the burial the banker holds its twenty other dealt cards and the dealt kitty, and
    it leads one rank at a time (a single, pair, triple or bomb). So the twenty are drawn
    from as few ranks as can be: a card of its level first (to reveal), a copy of each
    face it calls, then the copies left of the kitty's ranks, of the level and of the
    called rank; another rank only when those run out. The hand is then played in one lead
    per rank, six to eight leads where filling the long rank and bombs of other ranks
    took eleven to thirteen (issue 30: 89 steps, 65 of them passes)."""
    pool = Counter(full_deck())
    pool.subtract(kitty)
    pool.subtract(burial)
    if any(n < 0 for n in pool.values()):
        return None
    level = Rank.THREE
    kitty_ranks = {c.rank for c in kitty}
    held = Counter(kitty)
    pairs = [p for p in legal_call_pairs(burial, variants)
             if p[0].ordinal == p[1].ordinal == 1 and p[0].face.rank != level
             and p[1].face.rank != level
             and all(pool[c.face] > 0 or held[c.face] > 0 for c in p)]
    if not pairs:
        return None
    # the fewest ranks besides the kitty's and the level's, then the pair of one rank
    calls = min(pairs, key=lambda p: (len({c.face.rank for c in p} - kitty_ranks),
                                      p[0].face.rank != p[1].face.rank))
    reveal = next((c for c in sorted(pool, key=str) if c.rank == level and pool[c] > 0), None)
    if reveal is None:
        return None
    dealt: list[Card] = [reveal]
    pool[reveal] -= 1
    for spec in calls:
        if held[spec.face] == 0 and spec.face not in dealt:
            dealt.append(spec.face)
            pool[spec.face] -= 1
    if any(n < 0 for n in pool.values()):
        return None
    ranks = kitty_ranks | {level} | {c.face.rank for c in calls}
    others = sorted({c.rank for c in pool if pool[c] > 0} - ranks,
                    key=lambda r: (-sum(pool[c] for c in pool if c.rank == r), r))
    need = 26 - len(burial) - len(dealt)
    for rank in [*sorted(ranks), *others]:
        if need <= 0:
            break
        cards = [c for c in sorted(pool, key=str) if c.rank == rank for _ in range(pool[c])]
        take = cards[:need]
        for card in take:
            pool[card] -= 1
        dealt += take
        need -= len(take)
    if need != 0:
        return None
    hand = Counter(dealt)
    hand.update(kitty)
    leads = [[c for c in sorted(hand, key=str) if c.rank == rank for _ in range(hand[c])]
             for rank in sorted({c.rank for c in hand})]
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

    game = Game.new(deck=deck, first=first, variants=variants)
    rec = CaseRecorder(game, every=False)
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
