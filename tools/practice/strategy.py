"""A simple, explainable heuristic player: a suggestion for every decision (issue 11).

:func:`suggest` answers the pending decision of a seat with a :class:`Suggestion`: the
action, a one-line reason in the terms of rule 24 and the alternatives it weighed, each
with why it was not chosen. Rule 24 has one clause, R24.1 ("retain control, protect
teammates, find hidden partners, finish the whole side and prevent the opponents doing so
first"); every reason names it and the part of it the choice follows (:data:`AIMS`).

It sees only what the seat may know (R10.2: the burial is hidden; other hands are hidden):
the seat's own hand (``game.hand(seat)``), the public observation (``game.observe()``),
the current top play and the match's variants. It never reads other hands nor the burial
(tests/practice/test_strategy.py shuffles the hidden cards and checks the suggestion is unchanged).
It is deterministic: no randomness, ties broken by the canonical card order.

The heuristics, decision by decision:

- reveal (rules 8–9): reveal when the hand so far is strong (jokers, 2s, aces and bombs
  make up a large share of it) — a strong banker keeps control (R24.1 "retain control");
- burial (R10.1): loose cards that score nothing first, then the lowest non-scoring
  groups, jokers, 2s and aces last; points (5, 10, K) only when nothing else is left, since
  the kitty goes to the side that takes the last trick (R24.1 "retain control"); the reason
  names what the burial takes from the hand, rank by rank (loose cards, whole groups, part
  of a group, a bomb broken: a ``burial`` claim, issue 34);
- calls (R11): the callable faces the banker holds fewest copies of, 1st occurrence, so
  the partners are other players and are found early (R24.1 "find hidden partners");
- lead: the whole hand when it is one legal play (R24.1 "finish the whole side"), else the
  lowest rank group that scores nothing and is not a bomb, keeping big cards for control;
- reply: pass on a known teammate's top play (R24.1 "protect teammates") unless a cheap
  play adds points to the trick; beat an opponent (or a seat not yet known) as cheaply as
  possible, saying which group or bomb the play breaks (``breaks``); bombs, rockets and
  5,10,K only for a trick worth points or to stop a player about to go out (R24.1
  "prevent the opponents doing so first"); pass rather than spend a card of A or higher on
  a pointless trick of a seat whose side is unknown;
- the open calls (R11, :func:`call_plan`; R24.1 "find hidden partners"), from the seat's
  own copies of a called face and the copies played so far (``calls[*].played``; 3 of
  each face, R01.1):

  - the banker never plays a called occurrence itself (a self-call adds no partner), and a
    revealed partner never plays the other call's occurrence (two calls played by one
    seat add one partner): each leads or replies with another play, or passes, and plays
    it only when nothing else can be led;
  - a seat holding every copy of a called face not yet played will be the partner: it
    counts the banker side as its teammates from then on (passes on the banker's trick,
    adds points to it, R24.1 "protect teammates"), and reveals itself by leading the
    called occurrence or beating a defender with it, so the banker learns its partner;
  - a seat able to play a called occurrence joins (the same way) once the banker side's
    captures and its own reach 185 points: the defenders cannot reach 120 any more;
  - any other seat holding a called face plays as usual; the reason says when a play
    makes it the partner. Keeping the called card back to stay a defender was measured
    and is worse for the defenders (see :func:`call_plan`).

  The banker does not lead toward its partners: with no suit to follow (R03) a lead
  cannot ask for a face, and the called faces are aces the partners play late anyway.
  Nor does a seat guess partners from who fed points to the banker's trick: every reply
  must beat the top play (R13), so feeding the banker's trick points looks the same as
  taking the trick from the banker.
  :func:`plays_for_bankers` tells which side a seat plays for, for
  ``python -m fivetenk.bench.strategy``.

The suggestion's data (:class:`Suggestion`, :class:`Alternative`, :class:`Claim`) and the
wording of its reasons live in :mod:`fivetenk.practice.reasons`; they are importable from
here too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..reference import (
    DECKS,
    POINTS,
    Action,
    CallSpec,
    Card,
    Combo,
    Game,
    Play,
    Rank,
    Shape,
    Variants,
    classify,
    legal_call_pairs,
    legal_plays,
    pick,
)

# the suggestion's data, imported from here before reasons.py was split out
from .reasons import AIMS as AIMS
from .reasons import CLAUSE as CLAUSE
from .reasons import (
    Alternative,
    beats_claim,
    breaks,
    burial_claim,
    burial_text,
    claim,
    group_name,
    n_cards,
    reason,
    side_claim,
    worth_claim,
)
from .reasons import Claim as Claim
from .reasons import Suggestion as Suggestion

KITTY = 6
BIG = Rank.ACE
"""Cards of this rank or higher are control cards (A, 2, jokers, R02.1)."""
REVEAL_SHARE = 0.3
"""Reveal when control cards and bombs make up at least this share of the hand."""
POINTS_FOR_BOMB = 25
"""A trick worth at least this many points is worth a bomb, rocket or 5,10,K (25 measured
better than 10, 15, 20 or 40 with python -m fivetenk.bench.strategy, seeds 1 and 1001)."""
NEAR_OUT = 3
"""A player holding at most this many cards is about to go out."""
@lru_cache(maxsize=512)
def replies(hand: tuple[Card, ...], top: Combo | None, variants: Variants) -> list[Play]:
    """:func:`legal_plays`, remembered: the strong player's rollouts ask it twice per
    decision (is there a reply at all, then which), about the same few hands again and
    again. The list is shared: callers copy before changing it."""
    return legal_plays(hand, top, variants)


def suggest(game: Game, seat: int, *, lean: bool = False) -> Suggestion:
    """The suggestion for ``seat``'s pending decision; ``ValueError`` if ``seat`` has none.

    ``lean`` (the strong player's rollouts, which read only the action): the same action,
    without the alternatives a reply weighed or the note on called cards, which only
    explain it (a rollout is about 10% faster; tests/practice/test_strategy.py plays whole
    hands both ways and gets the same actions)."""
    decision = game.pending()
    if decision is None or decision.seat != seat:
        raise ValueError(f"seat {seat} has no pending decision")
    hand = game.hand(seat)
    obs = game.observe()
    if decision.kind == "reveal":
        return _reveal(game, seat, hand)
    if decision.kind == "bury":
        return _bury(seat, hand)
    if decision.kind == "call":
        return _call(game, seat, hand)
    return _play(game, seat, hand, obs, lean)


class HeuristicPlayer:
    """Plays :func:`suggest` for whichever seat is to act; the interface of
    ``reference.random_player.RandomPlayer`` (``seed`` is accepted and unused: the
    strategy is deterministic)."""

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed

    def choose(self, game: Game) -> Action:
        decision = game.pending()
        if decision is None:
            raise ValueError("no decision is pending")
        return suggest(game, decision.seat).action


# -- reveal ----------------------------------------------------------------------------------
def _strength(hand: list[Card]) -> float:
    """Share of the hand in control cards (A and higher) plus two per bomb rank."""
    if not hand:
        return 0.0
    counts = Counter(c.rank for c in hand)
    big = sum(n for r, n in counts.items() if r >= BIG)
    bombs = sum(1 for n in counts.values() if n >= 4)
    return (big + 2 * bombs) / len(hand)


def _control(hand: list[Card], text: str) -> Claim:
    counts = Counter(c.rank for c in hand)
    return claim("control", text, share=round(_strength(hand), 4), size=len(hand),
                 big=sum(n for r, n in counts.items() if r >= BIG),
                 bombs=sum(1 for n in counts.values() if n >= 4))


def _reveal(game: Game, seat: int, hand: list[Card]) -> Suggestion:
    actions = game.legal_actions()
    reveals = [a for a in actions if a.type == "reveal"]
    skip = Action.skip(seat)
    share = _strength(hand)
    said = f"{share:.0%} of the hand is control cards and bombs"
    if reveals and share >= REVEAL_SHARE:
        held = f"{share:.0%} control cards and bombs"
        others = [Alternative(skip, f"a hand this strong ({held}) should lead the banker "
                                    "side", (_control(hand, held),))]
        others += [Alternative(a, "another copy of the same level face; no difference")
                   for a in reveals[1:3]]
        return Suggestion(reveals[0], reason(
            "control", f"{said}; reveal {reveals[0].card} to become banker"),
            alternatives=others, claims=(_control(hand, said),))
    others = [Alternative(a, f"only {said}, too weak to carry the banker side",
                          (_control(hand, said),)) for a in reveals[:3]]
    return Suggestion(skip, reason(
        "control", f"{said}: too weak to keep control as banker; skip"),
        alternatives=others, claims=(_control(hand, said),))


# -- burial ----------------------------------------------------------------------------------
def _bury_key(card: Card, counts: Counter[Rank]) -> tuple[int, int, int, int]:
    """Lower buries first: no points, then no control card, a loose card before a group,
    then low rank. Low groups go before higher loose cards even when that breaks a low
    bomb: keeping bombs whole in the burial key measured worse for the banker side
    (python -m fivetenk.bench.strategy, 500 hands from seed 5000: 106.8 against 101.8 defender
    points), a low bomb being a weak one."""
    return (card.points > 0, card.rank >= BIG, counts[card.rank] >= 2, int(card.rank))


_MEASURES = ("points", "control cards", "cards of groups", "rank total")


def _measures(cards: list[Card], hand: list[Card]) -> tuple[int, int, int, int]:
    """What the burial key weighs (:func:`_bury_key`), summed over a burial: points, control
    cards (A and higher), cards taken from pairs and larger groups, and the ranks."""
    held = Counter(c.rank for c in hand)
    return (sum(c.points for c in cards), sum(1 for c in cards if c.rank >= BIG),
            sum(1 for c in cards if held[c.rank] >= 2), sum(int(c.rank) for c in cards))


def _worse_burial(seat: int, other: list[Card], chosen: list[Card],
                  hand: list[Card]) -> Alternative:
    """``other`` as a burial not chosen, saying the first measure (in the order the burial
    key weighs them) on which it is worse than ``chosen``, both counts checked."""
    mine, theirs = _measures(other, hand), _measures(chosen, hand)
    desc = burial_text(other, hand)
    facts: list[Claim] = [burial_claim(other, hand, desc)]
    for index, (a, b) in enumerate(zip(mine, theirs, strict=True)):
        if a != b:
            said = (f"a rank total of {a}, against {b}" if index == 3 else
                    f"{a} {_MEASURES[index]}, against {b}")
            facts.append(claim("burial_measure", said, measure=_MEASURES[index],
                               cards=[str(c) for c in other], than=[str(c) for c in chosen],
                               values=[a, b]))
            why = f"buries {said} in the suggestion: {desc}"
            return Alternative(Action.bury(seat, other), why, tuple(facts))
    return Alternative(Action.bury(seat, other), f"the same counts as the suggestion, "
                       f"first in the hand's order: {desc}", tuple(facts))


def _bury(seat: int, hand: list[Card]) -> Suggestion:
    counts = Counter(c.rank for c in hand)
    order = sorted(hand, key=lambda c: (_bury_key(c, counts), str(c)))
    chosen = order[:KITTY]
    pts = sum(c.points for c in chosen)
    note = "no points" if pts == 0 else f"{pts} points"
    desc = burial_text(chosen, hand)
    facts = (burial_claim(chosen, hand, desc),
             claim("points", f"with {note}", cards=[str(c) for c in chosen], points=pts))
    if pts:
        note += " (nothing else to spare)"
    alts = [_worse_burial(seat, hand[:KITTY], chosen, hand)]
    scoring = [c for c in hand if c.points]
    if len(scoring) >= KITTY:
        alts.append(Alternative(Action.bury(seat, sorted(scoring, key=str)[:KITTY]),
                                "burying points gives them away if the defenders take "
                                "the last trick (kitty, R19.2)"))
    big = [c for c in hand if c.rank >= BIG]
    if len(big) >= KITTY:
        alts.append(Alternative(Action.bury(seat, big[:KITTY]),
                                "control cards win tricks; keep them"))
    alts = [a for a in alts if sorted(a.action.cards) != sorted(chosen)]
    return Suggestion(Action.bury(seat, chosen), reason(
        "control", f"bury {desc}, with {note}; points go last, control cards before "
        "them, cards of groups before those"), alternatives=alts[:4], claims=facts)


# -- calls -----------------------------------------------------------------------------------
def _call(game: Game, seat: int, hand: list[Card]) -> Suggestion:
    held = Counter(hand)
    pairs = legal_call_pairs(_own_burial(game, seat), game.variants)

    def cost(pair: tuple[CallSpec, CallSpec]) -> tuple[int, int, int, str]:
        mine = sum(held[c.face] for c in pair)
        ordinals = sum(abs(c.ordinal - 1) for c in pair)
        rank = -sum(int(c.face.rank) for c in pair)
        return (mine, ordinals, rank, " ".join(f"{c.face}:{c.ordinal}" for c in pair))

    def holds(pair: tuple[CallSpec, CallSpec], text: str) -> Claim:
        return claim("banker_holds", text, seat=seat,
                     faces={str(c.face): held[c.face] for c in pair})

    def faces(pair: tuple[CallSpec, CallSpec]) -> str:
        return " and ".join(str(c.face) for c in pair)

    ranked = sorted(pairs, key=cost)
    best = ranked[0]
    text = ", ".join(f"{c.face} 1st" if c.ordinal == 1 else f"{c.face} #{c.ordinal}"
                     for c in best)
    lacking = sum(held[c.face] for c in best)
    alts: list[Alternative] = []
    for pair in ranked[1:]:
        if len(alts) >= 3:
            break
        mine = sum(held[c.face] for c in pair)
        ranks = sorted(int(c.face.rank) for c in pair)
        chosen = sorted(int(c.face.rank) for c in best)
        if mine > lacking:
            said = f"the banker holds {mine} of {faces(pair)}"
            alts.append(Alternative(Action.call(seat, pair), f"{said} and might call itself",
                                    (holds(pair, said),)))
        elif any(c.ordinal > 1 for c in pair):
            alts.append(Alternative(Action.call(seat, pair),
                                    "a later occurrence leaves the partners hidden longer"))
        elif ranks == chosen:
            said = f"{faces(pair)} rank as {faces(best)}"
            alts.append(Alternative(Action.call(seat, pair), f"{said} (suits never rank "
                                    "outside a suited 5,10,K, R02.1, R04.2): no difference",
                                    (claim("ranks", said, order="same",
                                           faces=[str(c.face) for c in pair],
                                           than=[str(c.face) for c in best]),)))
        else:
            said = f"{faces(pair)} are lower faces than {faces(best)}"
            alts.append(Alternative(Action.call(seat, pair), f"{said}: played later, so "
                                    "the partners are found later",
                                    (claim("ranks", said, order="lower",
                                           faces=[str(c.face) for c in pair],
                                           than=[str(c.face) for c in best]),)))
    if lacking == 0:
        lack = "faces the banker lacks"
    else:
        lack = ("the banker holds " + " and ".join(
            f"{held[c.face] or 'no'} {c.face}" for c in best) + ", the fewest any call "
            "allows")
    first = all(c.ordinal == 1 for c in best)
    facts = (holds(best, lack), claim("fewest", lack, held=lacking))
    return Suggestion(Action.call(seat, best), reason(
        "partner", f"call {text}: {lack}" + (", first occurrence, so the partners are "
                                             "other players and show themselves early"
                                             if first and not lacking else
                                             ", so the partners are most likely other "
                                             "players")), alternatives=alts, claims=facts)


def _own_burial(game: Game, seat: int) -> tuple[Card, ...]:
    """The banker's own burial: the banker made it, so the banker knows it (R10.2 hides it
    from the others only)."""
    assert game.banker == seat
    return tuple(game.buried)


# -- the calls ------------------------------------------------------------------------------
JOIN_POINTS = 185
"""A seat that can play a called occurrence joins the banker side once the banker side's
captures and its own reach this many points: captured points follow the eventual side
(D17), so the defenders can then reach at most 115 of the 300, short of 120 (R21.1)."""


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"#{n}")


@dataclass(frozen=True)
class Stake:
    """An open call (R11) of which the seat holds ``held`` copies of the face, with
    ``played`` copies put on the table so far (public: the observation's
    ``calls[*].played``, D15)."""

    face: Card
    ordinal: int
    played: int
    held: int

    @property
    def needed(self) -> int:
        """Copies still to be played up to and including the called occurrence."""
        return self.ordinal - self.played

    @property
    def sure(self) -> bool:
        """The seat holds every copy not yet played (3 of each face, R01.1), so nobody else
        can play the called occurrence: the seat becomes the partner as soon as it plays
        ``needed`` of them (R11, D16). No copy can be buried then, so the hidden burial
        does not matter."""
        return self.held >= DECKS - self.played

    def __str__(self) -> str:
        return f"the {_nth(self.ordinal)} {self.face}"


@dataclass(frozen=True)
class CallPlan:
    """What a seat does about the open calls whose face it holds (:func:`call_plan`).

    ``role`` is ``banker``, ``partner`` (revealed), ``joining`` (it means to play the
    called occurrence of ``join`` now), ``holder`` (it holds a called face and plays as
    usual) or ``none`` (no stake in an open call). ``partner`` tells whether the seat plays
    for the banker side; ``avoid`` are the calls it must not resolve; ``held`` every open
    call whose face it holds; ``why`` explains the plan in one phrase."""

    role: str
    partner: bool
    join: tuple[Stake, ...] = ()
    avoid: tuple[Stake, ...] = ()
    held: tuple[Stake, ...] = ()
    why: str = ""
    facts: tuple[Claim, ...] = ()
    """the claims ``why`` states"""


def _stakes(obs: dict[str, Any], hand: list[Card]) -> list[Stake]:
    stakes = []
    for c in obs["calls"]:
        if c["resolved_by"] is None:
            face = Card.parse(c["face"])
            held = hand.count(face)
            if held:
                stakes.append(Stake(face, int(c["ordinal"]), int(c["played"]), held))
    return stakes


def call_plan(obs: dict[str, Any], seat: int, hand: list[Card]) -> CallPlan:
    """The seat's plan for the open calls, from its hand and the public observation only.

    - The banker never plays a called occurrence itself: a self-call adds no partner (R11,
      D16), and a banker side short of a partner loses far more often (heuristic players
      at every seat, 300 hands from seed 1, before this rule: a banker side of two won
      13.5% of its hands, one of three 38.2%).
    - A revealed partner does not play the other call's occurrence: two calls played by
      the same seat add only one partner (R11).
    - A seat holding every copy of a called face not yet played is sure to be the partner
      (:attr:`Stake.sure`): it plays for the banker side from now on (the banker is its
      teammate in replies) and reveals itself early, so the banker learns its partner
      (R24.1 "find hidden partners", "protect teammates").
    - A seat that can play a called occurrence joins when the banker side's captures and
      its own already reach :data:`JOIN_POINTS`: the defenders cannot reach 120 any more
      (R21.1), so joining wins and staying loses.
    - Any other seat holding a called face plays as usual, and its reason says when a play
      makes it the partner. Keeping the called card back to stay a defender (unless nothing
      else can be led) measured worse for the defenders: python -m fivetenk.bench.strategy,
      "heuristic defenders", 208.2 defender points and 91.5% defender wins against 211.4
      and 95.0% playing as usual (200 hands from seed 1), 202.2 and 92.4% against 208.3
      and 94.8% (500 from seed 5000); the same with the bench's older, public side split.
      The seat usually has to play the card in the end anyway, and then the points it
      captured while hidden count for the banker side (D17), while the defenders, not
      knowing the sides, spent the hand beating each other.
    """
    side = set(obs["banker_side"])
    stakes = _stakes(obs, hand)
    if seat == obs["banker"]:
        return CallPlan("banker", True, avoid=tuple(stakes), held=tuple(stakes),
                        why="the banker playing it is a self-call, adding no partner (R11)")
    if seat in side:
        return CallPlan("partner", True, avoid=tuple(stakes), held=tuple(stakes),
                        why="this seat is already a partner, and two calls played by one "
                            "seat add only one partner (R11)")
    if not stakes:
        return CallPlan("none", False)
    sure = [s for s in stakes if s.sure]
    if sure:
        first = sure[0]
        said = f"this seat holds every {first.face} left"
        return CallPlan("joining", True, join=(first,), held=tuple(stakes),
                        avoid=tuple(s for s in stakes if s != first),
                        why=f"{said}, so it will be "
                            f"seat {obs['banker']}'s partner; revealed early, the banker "
                            "knows its teammate",
                        facts=(claim("holds_left", said, face=str(first.face),
                                     played=first.played, held=first.held),))
    captured = obs["captured"]
    ours = sum(captured[s] for s in side) + captured[seat]
    ready = [s for s in stakes if s.held >= s.needed]
    if ours >= JOIN_POINTS and ready:
        said = f"the banker side holds {ours} points counting this seat's"
        return CallPlan("joining", True, join=(ready[0],), held=tuple(stakes),
                        avoid=tuple(s for s in stakes if s != ready[0]),
                        why=f"{said}, so the defenders cannot reach 120 (R21.1)",
                        facts=(claim("side_points", said, seats=sorted(side | {seat}),
                                     points=ours),))
    return CallPlan("holder", False, held=tuple(stakes),
                    why=f"this seat becomes seat {obs['banker']}'s partner")


def plays_for_bankers(game: Game, seat: int) -> bool:
    """Whether ``seat`` plays for the banker side as it sees the hand (:func:`call_plan`):
    the banker, the revealed partners and a seat that means to play a called occurrence."""
    return call_plan(game.observe(), seat, game.hand(seat)).partner


def _resolved(cards: list[Card] | tuple[Card, ...], stakes: tuple[Stake, ...]) -> list[Stake]:
    """The stakes whose called occurrence this play would be (several copies in one play
    take consecutive ordinals, D15)."""
    n = Counter(cards)
    return [s for s in stakes if s.played < s.ordinal <= s.played + n[s.face]]


# -- play ------------------------------------------------------------------------------------
def _sides(obs: dict[str, Any], seat: int, plan: CallPlan) -> tuple[set[int], set[int]]:
    """(teammates, opponents) as far as ``seat`` can tell from the public observation and
    its own plan for the calls.

    The banker side is the banker and the revealed partners (R11); once both calls are
    resolved everyone else is a defender. A seat outside the banker side knows the banker
    side are its opponents; its fellow defenders are known only when both calls resolve. A
    seat that means to play a called occurrence (``plan.partner``) counts itself with the
    banker side already, and that call as settled.
    """
    side = set(obs["banker_side"])
    calls = obs["calls"]
    joining = {str(s.face) for s in plan.join}
    resolved = bool(calls) and all(c["resolved_by"] is not None or c["face"] in joining
                                   for c in calls)
    rest = set(range(6)) - side - {seat}
    if seat in side or plan.partner:
        return side - {seat}, rest if resolved else set()
    return rest if resolved else set(), side


def _cost(play: Play, counts: Counter[Rank]) -> tuple[int, int, int, int]:
    """Cheaper first: ordinary before 5,10,K before bombs; no broken groups; low key."""
    used = Counter(play.ranks)
    broken = sum(1 for r, n in used.items() if counts[r] > n)
    pts = sum(POINTS.get(r, 0) * n for r, n in used.items())
    return (play.combo.tier, broken, int(play.combo.key), pts)


def _pick(play: Play, hand: list[Card], plan: CallPlan) -> list[Card]:
    """The cards realising ``play``: called faces the seat means to play first, those it
    keeps away from last, otherwise the lowest suits (as :meth:`Play.pick`)."""
    if play.combo.shape in (Shape.MIXED_5_10_K, Shape.SUITED_5_10_K):
        return pick(play, hand)
    want = {s.face for s in plan.join}
    shun = {s.face for s in plan.avoid}
    # the hand is in the canonical order already; only called faces move
    pool = sorted(hand, key=lambda c: (c in shun, c not in want, c)) if want or shun \
        else list(hand)
    picked: list[Card] = []
    for rank in play.ranks:
        card = next(c for c in pool if c.rank == rank)
        pool.remove(card)
        picked.append(card)
    return picked


def _act(seat: int, play: Play, hand: list[Card], plan: CallPlan) -> Action:
    return Action.play(seat, _pick(play, hand, plan), shape=play.combo.notation())


def _held_back(chosen: Suggestion, dropped: Suggestion, stake: Stake,
               plan: CallPlan) -> Suggestion:
    """``chosen`` instead of ``dropped``, which would play the called occurrence."""
    text = chosen.reason.split(": ", 1)[1]
    alts = [Alternative(dropped.action, f"plays {stake}: {plan.why}", plan.facts)]
    alts += [a for a in chosen.alternatives if a.action != dropped.action][:3]
    return Suggestion(chosen.action, reason(
        "partner", f"hold {stake.face} back ({stake} is called): {plan.why}; {text}"),
        alternatives=alts, claims=plan.facts + chosen.claims)


def _joinable(plan: CallPlan) -> bool:
    """A seat outside the banker side holding enough copies of an open call's face to play
    the called occurrence: playing it joins the banker's side (R11)."""
    return plan.role == "holder" and any(s.held >= s.needed for s in plan.held)


def _held_claim(stake: Stake, text: str) -> Claim:
    return claim("holds_called", text, face=str(stake.face), ordinal=stake.ordinal,
                 played=stake.played, held=stake.held)


def _noted(s: Suggestion, plan: CallPlan, banker: int,
           plays: list[Play] | None = None) -> Suggestion:
    """``s``, its reason saying what the seat's called cards do, at every decision where a
    legal play could hold the called occurrence (any lead; a reply among ``plays`` with
    enough cards of the face's rank): the play makes the seat the banker's partner (R11,
    D16), or would if it held the called card."""
    if not _joinable(plan):
        return s
    hit = _resolved(s.action.cards, plan.held)
    if hit:
        said = f"{hit[0]} makes this seat seat {banker}'s partner"
        return replace(s, reason=f"{s.reason}; {said} (R11)",
                       claims=(*s.claims, _held_claim(hit[0], said)))
    for stake in plan.held:
        if stake.held < stake.needed or (plays is not None and not any(
                Counter(p.ranks)[stake.face.rank] >= stake.needed for p in plays)):
            continue
        said = f"this seat holds {stake.held} {stake.face}"
        return replace(s, reason=f"{s.reason}; {said}: playing {stake} would make it seat "
                       f"{banker}'s partner, on the banker's side (R11)",
                       claims=(*s.claims, _held_claim(stake, said)))
    return s


def _play(game: Game, seat: int, hand: list[Card], obs: dict[str, Any],
          lean: bool = False) -> Suggestion:
    plan = call_plan(obs, seat, hand)
    mates, opps = _sides(obs, seat, plan)
    if game.top is None:
        base = _lead(game, seat, hand, plan, None)
        assert base is not None
        if plan.join:
            joined = _join_lead(game, seat, hand, plan, base)
            if joined is not None:
                return joined
        hit = _resolved(base.action.cards, plan.avoid)
        if hit:
            other = _lead(game, seat, hand, plan,
                          lambda cards: not _resolved(cards, plan.avoid))
            if other is not None:
                return _held_back(other, base, hit[0], plan)
        return base if lean else _noted(base, plan, obs["banker"])
    counts = Counter(c.rank for c in hand)
    plays = sorted(replies(tuple(hand), game.top, game.variants),
                   key=lambda p: (_cost(p, counts), p.ranks))
    if plan.join:
        joined = _join_reply(game, seat, hand, obs, plan, mates, plays)
        if joined is not None:
            return joined
    base = _reply(game, seat, hand, obs, plan, mates, opps, plays, lean=lean)
    hit = _resolved(base.action.cards, plan.avoid)
    if hit:
        kept = [p for p in plays if not _resolved(_pick(p, hand, plan), plan.avoid)]
        dropped = [p for p in plays if p not in kept]
        other = (_reply(game, seat, hand, obs, plan, mates, opps, kept, dropped, lean=lean)
                 if kept else Suggestion(Action.pass_(seat), reason("partner", "pass")))
        return _held_back(other, base, hit[0], plan)
    return base if lean else _noted(base, plan, obs["banker"], plays)


def _join_lead(game: Game, seat: int, hand: list[Card], plan: CallPlan,
               usual: Suggestion) -> Suggestion | None:
    """Lead exactly the copies that reach the called occurrence (one face: a single, pair
    or triple), so the seat becomes the partner now, rather than the ``usual`` lead."""
    for stake in plan.join:
        cards = [stake.face] * stake.needed
        action = Action.play(seat, cards)
        if stake.held >= stake.needed and game.is_legal(action) and action != usual.action:
            alts = [Alternative(usual.action, "the partner would stay hidden and the banker "
                                              "could not protect it")]
            return Suggestion(action, reason(
                "partner", f"lead {' '.join(map(str, cards))}, {stake}: become the "
                f"partner now; {plan.why}"), alternatives=alts, claims=plan.facts)
    return None


def _join_reply(game: Game, seat: int, hand: list[Card], obs: dict[str, Any],
                plan: CallPlan, mates: set[int], plays: list[Play]) -> Suggestion | None:
    """Beat a seat that is not a teammate with the cheapest ordinary play holding the
    called occurrence."""
    top_seat = obs["trick"]["top"]["seat"]
    if top_seat in mates:
        return None
    for p in plays:
        if p.combo.tier:
            continue
        cards = _pick(p, hand, plan)
        hit = _resolved(cards, plan.join)
        if hit:
            alts = [Alternative(Action.pass_(seat), f"seat {top_seat} would keep the trick "
                                                    "and the partner would stay hidden")]
            said = f"beat seat {top_seat}'s {game.top} with {p.combo}"
            return Suggestion(Action.play(seat, cards, shape=p.combo.notation()), reason(
                "partner", f"{said}, {hit[0]}: become the partner now; {plan.why}"),
                alternatives=alts, claims=(*plan.facts, beats_claim(said, cards, p, game.top)))
    return None


def _mate_note(plan: CallPlan, mate: int, obs: dict[str, Any]) -> str:
    """Why ``mate`` is a teammate when only the seat's own cards tell (it is to join)."""
    if plan.role != "joining" or mate not in obs["banker_side"]:
        return ""
    return f" ({plan.why.split(';')[0]})"


def _dearer(q: Play, p: Play, counts: Counter[Rank], hand: list[Card], plan: CallPlan,
            seat: int) -> Alternative:
    """``q``, a cheaper-looking reply not chosen, and why it costs more than ``p`` in the
    order :func:`_cost` weighs them: the groups it breaks, then its rank."""
    action = _act(seat, q, hand, plan)
    said, facts = breaks(q, counts)
    if _cost(q, counts)[1] > _cost(p, counts)[1]:
        return Alternative(action, f"dearer: {said}", facts)
    if q.combo.key != p.combo.key:
        text = f"{q.combo} ranks above {p.combo}"
        return Alternative(action, f"dearer: {text}", (claim(
            "outranks", text, cards=[str(c) for c in action.cards], shape=q.combo.notation(),
            than=[str(c) for c in _pick(p, hand, plan)], than_shape=p.combo.notation()),))
    return Alternative(action, "as cheap; the lower ranks in the hand's order come first")


def _reply(game: Game, seat: int, hand: list[Card], obs: dict[str, Any], plan: CallPlan,
           mates: set[int], opps: set[int], plays: list[Play],
           withheld: list[Play] | None = None, lean: bool = False) -> Suggestion:
    """The reply among ``plays``; ``withheld`` are the legal plays left out because they
    would play a called occurrence the seat keeps back (``lean``: see :func:`suggest`)."""
    withheld = withheld or []
    top = game.top
    assert top is not None
    trick = obs["trick"]
    top_seat = trick["top"]["seat"]
    points = trick["points"]
    counts = Counter(c.rank for c in hand)
    passing = Action.pass_(seat)

    kept = " keeping the called card back" if withheld else ""

    def beaters(text: str) -> Claim:
        def cards(ps: list[Play]) -> list[dict[str, Any]]:
            return [{"shape": p.combo.notation(), "ranks": [r.symbol for r in p.ranks]}
                    for p in ps]

        return claim("beaters", text, top=str(top), plays=cards(plays),
                     withheld=cards(withheld))

    if not plays:
        said = f"nothing beats {top}{kept}"
        return Suggestion(passing, reason("control", f"{said}; pass"), alternatives=[],
                          claims=(beaters(said),))
    finishing = [p for p in plays if len(p.ranks) == len(hand)]
    if finishing:
        p = finishing[0]
        cards = _pick(p, hand, plan)
        said = f"{p.combo} empties the hand"
        alts = [Alternative(passing, "playing out now finishes this player's part")]
        return Suggestion(_act(seat, p, hand, plan), reason("finish", said),
                          alternatives=alts,
                          claims=(claim("empties", said, cards=[str(c) for c in cards]),
                                  beats_claim(said, cards, p, top)))
    cheap = [p for p in plays if p.combo.tier == 0]
    bombs = [p for p in plays if p.combo.tier > 0]
    sizes = obs["hand_sizes"]
    if top_seat in mates:
        mate = f"seat {top_seat} is a teammate"
        dump = [p for p in cheap if sum(POINTS.get(r, 0) for r in p.ranks) > 0
                and all(r < BIG for r in p.ranks) and _cost(p, counts)[1] == 0]
        if dump:
            p = dump[0]
            cards = _pick(p, hand, plan)
            pts = sum(POINTS.get(r, 0) for r in p.ranks)
            said = f"add {pts} points to our trick with {p.combo}"
            return Suggestion(_act(seat, p, hand, plan), reason(
                "protect", f"{mate}{_mate_note(plan, top_seat, obs)}; {said}"),
                alternatives=[Alternative(passing, "the points would stay in hand "
                                                   "instead of our trick")],
                claims=(side_claim(mate, top_seat, "teammate"), *plan.facts,
                        worth_claim(cards, said), beats_claim(said, cards, p, top)))
        alts = [] if lean else [Alternative(_act(seat, p, hand, plan), "would overtake "
                                            f"teammate seat {top_seat} and spend a card")
                                for p in plays[:2]]
        return Suggestion(passing, reason(
            "protect", f"{mate}{_mate_note(plan, top_seat, obs)} and holds the trick; pass"),
            alternatives=alts, claims=(side_claim(mate, top_seat, "teammate"), *plan.facts))
    known_opp = top_seat in opps
    # a seat able to play a called occurrence could become the banker side's partner:
    # the banker side is not said to be its opponent (its reason says what the card does)
    said_opp = known_opp and not _joinable(plan)
    threat = sizes[top_seat] <= NEAR_OUT
    if cheap:
        p = cheap[0]
        cards = _pick(p, hand, plan)
        high = max(p.ranks) >= BIG
        if not known_opp and high and points == 0 and not threat:
            side = f"seat {top_seat}'s side is unknown"
            return Suggestion(passing, reason(
                "control", f"{side} and the trick is pointless; keep big cards"),
                alternatives=[Alternative(_act(seat, p, hand, plan),
                                          f"{p.combo} spends a control card for nothing")],
                claims=(side_claim(side, top_seat, "unknown"),
                        claim("trick_points", "the trick is pointless", points=0)))
        who = "opponent" if said_opp else "seat"
        aim = "stop" if threat else "control"
        keeps = f"{who} {top_seat} would keep the trick" + (f" with {points} points"
                                                             if points else "")
        alts = [Alternative(passing, keeps, (claim("trick_points", keeps, points=points),)
                            if points else ())]
        if not lean:
            alts += [_dearer(q, p, counts, hand, plan, seat) for q in cheap[1:3]]
        said = f"beat {who} {top_seat}'s {top} as cheaply as possible with {p.combo}"
        facts = [beats_claim(said, cards, p, top)]
        broke, broken_facts = breaks(p, counts)
        if broke:
            said = f"{said}, though it {broke}"
            facts += broken_facts
        if said_opp:
            facts.append(side_claim(f"opponent {top_seat}", top_seat, "opponent"))
        if threat:
            aim_said = f"seat {top_seat} holds {n_cards(sizes[top_seat])}"
            facts.append(claim("hand_size", aim_said, seat=top_seat, cards=sizes[top_seat]))
            said = f"{said} ({aim_said})"
        return Suggestion(_act(seat, p, hand, plan), reason(aim, said),
                          alternatives=alts, claims=tuple(facts))
    b = bombs[0]
    b_cards = _pick(b, hand, plan)
    worth = points >= POINTS_FOR_BOMB or (threat and (known_opp or not obs["calls"]))
    if worth and top_seat not in mates:
        if points >= POINTS_FOR_BOMB:
            why = f"the trick holds {points} points"
            fact = claim("trick_points", why, points=points)
        else:
            why = f"seat {top_seat} holds only {n_cards(sizes[top_seat])}"
            fact = claim("hand_size", why, seat=top_seat, cards=sizes[top_seat])
        broke, broken_facts = breaks(b, counts)
        return Suggestion(_act(seat, b, hand, plan), reason(
            "stop", f"{why}; worth {b.combo}" + (f", though it {broke}" if broke else "")),
            alternatives=[Alternative(passing, "the opponents would take the trick")],
            claims=(fact, beats_claim(f"worth {b.combo}", b_cards, b, top), *broken_facts))
    named = ", ".join(str(p.combo) for p in bombs[:3]) + (
        f" and {len(bombs) - 3} more" if len(bombs) > 3 else "")
    said = (f"no ordinary play beats {top}{kept}, only {named}" if len(bombs) > 1 else
            f"only {b.combo} beats {top}{kept}")
    spend = f"{b.combo} spent on a trick of {points} points"
    return Suggestion(passing, reason(
        "control", f"{said}; save {'them' if len(bombs) > 1 else 'it'} for points or to "
        "stop a player going out"),
        alternatives=[Alternative(_act(seat, b, hand, plan), f"{spend} is wasted",
                                  (claim("trick_points", spend, points=points),))],
        claims=(beaters(said),))


def _lead(game: Game, seat: int, hand: list[Card], plan: CallPlan,
          allowed: Callable[[list[Card]], bool] | None) -> Suggestion | None:
    """The lead; with ``allowed``, only among leads it accepts (``None`` if there is none)."""
    def ok(cards: list[Card]) -> bool:
        return allowed is None or allowed(cards)

    readings = classify(hand, game.variants) if len(hand) <= 12 else ()
    groups: dict[Rank, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(card)
    if readings and ok(hand):
        whole = Action.play(seat, hand, shape=readings[0].notation())
        if game.is_legal(whole):
            said = f"the whole hand is one play, {readings[0]}"
            return Suggestion(whole, reason("finish", f"{said}; go out"), alternatives=[],
                              claims=(claim("empties", said, cards=[str(c) for c in hand]),))

    def lead_key(rank: Rank) -> tuple[int, int, int, int]:
        n = len(groups[rank])
        return (n >= 4, rank >= BIG, POINTS.get(rank, 0) > 0, int(rank))

    ranks = sorted(groups, key=lead_key)
    choices = []
    for rank in ranks:
        cards = groups[rank]
        action = Action.play(seat, cards)
        if ok(cards) and game.is_legal(action):
            choices.append((rank, action))
        if len(choices) >= 4:
            break
    if not choices:
        return None
    rank, action = choices[0]
    alts = []
    for other, act in choices[1:]:
        size = len(groups[other])
        said = f"the {group_name(other, size)}" if size > 1 else f"the single {other.symbol}"
        group = (claim("group", said, rank=other.symbol, count=size),)
        if size >= 4:
            why = f"{said}: a bomb is kept for points or to stop an opponent"
        elif other >= BIG:
            why = f"{said} is A or higher: big cards keep control later"
        elif POINTS.get(other, 0):
            why = f"{said} scores: leading points hands them to whoever beats it"
        else:
            why = f"{said} is a higher rank; shed the lowest first"
        alts.append(Alternative(act, why, group))
    n = len(action.cards)
    kind = {1: "single", 2: "pair", 3: "triple"}.get(n, f"{n} cards")
    said = f"the {kind} {rank.symbol}"
    plain = [r for r in groups if lead_key(r)[:3] == (0, 0, 0)]
    facts = [claim("group", said, rank=rank.symbol, count=n)]
    if plain and rank == min(plain):
        low = "the lowest group that scores nothing and is no bomb"
        facts.append(claim("lowest_plain", low, rank=rank.symbol))
    elif rank in plain:
        low = "a low group that scores nothing"
    elif not plain:
        low = "every group left scores points, is a bomb or is A or higher"
        facts.append(claim("lowest_plain", low, rank=None))
    else:
        low = "the lowest group that keeps the called card back"
    return Suggestion(action, reason(
        "control", f"lead {said} ({low}) and keep big cards for control"),
        alternatives=alts, claims=tuple(facts))
