"""The cases of the ``games`` and ``endings`` modes of ``fivetenk fuzz``
(:mod:`fivetenk.fuzz.games` runs, judges, shrinks and writes them): the players and their
near misses, a case played on the reference engine as it is recorded, and the two
generators.

A case is a kit scenario in all but name: a setup (an explicit ``deal`` for ``games``, a
``position`` for ``endings``) and a list of steps, ``act`` (expected accepted, or rejected
citing the reference's clause), ``observe`` after every accepted action (the whole
observation compared; in four ``games`` cases in five, not after a pass that leaves the
trick open: see :data:`OBSERVE_EVERY_ACTION`) and, in matches, ``next_hand``. Every
decision is the reference engine's, made through the :class:`~fivetenk.fuzz.source.Source`
(lead decision F-1), so no step depends on the implementation's answers and whole cases
are streamed (``driver.stream``).

- ``games``: a random deal (seeded by one draw), played by a seeded player at every seat:
  the plain one (reveals half the time, passes a third of the time, leads rank groups) or,
  one case in three, one that prefers the rare paths (always reveals, calls faces it holds
  so it may resolve its own call, plays bombs, goes out whenever it can). One case in ten
  is a match of two to six hands, or fewer when the match ends (``next_hand``, every
  next hand sent and observed). At about one decision in fifty a *near miss* is tried
  first: a play by the wrong seat, a card not held, a play that does not beat the top, a
  leader's pass, a call of a 2, a reveal of another rank; the reference rejects it (a near
  miss it would accept is not sent) and the implementation must reject it citing the same
  clause.
- ``endings``: a random position a few plays before the end of a hand (two to six seats
  holding one to six cards, a trick in progress or not, both calls resolved — by the
  banker or partners — or one left open, the captured points split to aim at every band,
  from 0 to 300), played out at random to the settlement.
"""

from __future__ import annotations

import random
from typing import Any

from ..impl.drivers import play_texts, rejection
from ..model.position_builder import build_position
from ..reference import (
    Action,
    Card,
    Combo,
    Game,
    InvalidPosition,
    Rank,
    RulesError,
    Shape,
    Variants,
    card_key,
    choose_reading,
    full_deck,
    legal_call_pairs,
    legal_plays,
    parse_position,
    pick,
    shuffled_deck,
)
from .source import Case, Source

ACCEPTED: dict[str, Any] = {"accepted": True, "clause": None}
NEAR_MISS_PERCENT = 2
"""The chance, in percent, that a decision is preceded by a near miss."""
MATCH_PERCENT = 10
"""The chance, in percent, that a ``games`` case is a match: after its first hand, one to
:data:`MAX_MATCH_HANDS` - 1 more (drawn: fewer is smaller), each started by a
``next_hand`` step and observed, or fewer if the match ends first (a later hand at level A
often ends it: R07.2)."""
MAX_MATCH_HANDS = 6
"""The most hands a ``games`` match case plays (cases stay small by default)."""
LATER_PERCENT = 25
"""The chance, in percent, that a ``games`` case is a later hand of a match (hand 2-9,
random levels 3-A, J-A in a match case so that it can reach the match's end, previous
winners and banker): reveals of other ranks, the fallback banker (D5), advancement from
high levels and past A (R07.2)."""
RARE_PERCENT = 33
"""The chance, in percent, that a case is played by the rare-path player."""
MAX_ENDING_STEPS = 600
"""A safety bound on the actions of an ``endings`` play-out (a position of at most 36
cards ends long before)."""

OBSERVE_EVERY_ACTION = False
"""Observe after every action in every ``games`` case. Off by default: what an observation
after a pass that leaves the trick open would compare (whose turn it is, the passes of the
trick) is compared by the next ``act``, which the implementation must accept from the seat
the reference names, and by the next observation. Observing after every action doubles
the time of a hand through ``fivetenk adapter`` (930 against 1,570-1,940 hands/min
measured on one worker: an observation is a long reply to read and check), below the
1,200 hands/min target; instead one ``games`` case in
:data:`OBSERVE_EVERY_PERCENT` and every ``endings`` case (a few plays each) observe after
every accepted action. A rejected action changes nothing and is never observed."""
OBSERVE_EVERY_PERCENT = 20
PLAYS_PERCENT = 2
"""The chance, in percent, that a decision to play (in ``games`` cases, when
the implementation answers ``plays``) is preceded by a ``plays`` query of that seat's
whole hand against the trick's top play (with its reading, as ``top_shape``), or as a lead:
the implementation's listing is compared with the reference's, as a set. Query cases draw
hands of every size, but a dealt hand is where enumeration bugs live (26 cards, long runs
and airplanes that a short hand cannot hold: issue 19); about one or two queries a hand
keep a hand's time within the throughput target."""
"""The chance, in percent, that a ``games`` case observes after every accepted action,
the passes that leave the trick open included (see :data:`OBSERVE_EVERY_ACTION`)."""

_SAME_RANK = {Shape.SINGLE: 1, Shape.PAIR: 2, Shape.TRIPLE: 3}
_ACES = ("AD", "AC", "AH", "AS")
_FACES = tuple(sorted(set(full_deck())))
_LEVELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


# ---------------------------------------------------------------------------------------------
# Players: every decision through the Source
# ---------------------------------------------------------------------------------------------


def _groups(counts: Any, above: int = -1) -> dict[Rank, list[Card]]:
    groups: dict[Rank, list[Card]] = {}
    for card in sorted(counts, key=card_key):
        if card.rank > above:
            groups.setdefault(card.rank, []).extend([card] * counts[card])
    return groups


def _cards_of(counts: Any) -> list[Card]:
    return [card for card in sorted(counts, key=card_key) for _ in range(counts[card])]


def choose(src: Source, game: Game, rare: bool) -> Action:
    """A legal action for the pending decision, every choice drawn from ``src``.

    ``rare`` prefers the paths a plain random player seldom takes: reveals, self-calls
    (calls of faces the banker holds), bombs, going out with the whole hand."""
    decision = game.pending()
    assert decision is not None
    seat, kind = decision.seat, decision.kind
    if kind == "reveal":
        level = game.levels[seat]
        faces = sorted(c for c in game.hand_counts(seat) if c.rank == level)
        if faces and (rare or src.bool(50)):
            return Action.reveal(seat, src.choice(faces))
        return Action.skip(seat)
    if kind == "bury":
        return Action.bury(seat, src.sample(game.hand(seat), 6))
    if kind == "call":
        pairs = legal_call_pairs(game.buried, game.variants)
        if rare:
            held = game.hand_counts(seat)
            reveal = game.observe()["reveal"]
            shown = [p for p in pairs if reveal is not None
                     and any(str(c.face) == reveal["card"] for c in p)]
            own = [p for p in pairs if any(held.get(c.face) for c in p)]
            pairs = shown or own or pairs
        return Action.call(seat, src.choice(pairs))
    top = game.top
    counts = game.hand_counts(seat)
    size = game.hand_size(seat)
    if top is None:
        return _lead(src, game, seat, counts, size, rare)
    return _reply(src, game, seat, counts, size, top, rare)


def _lead(src: Source, game: Game, seat: int, counts: Any, size: int, rare: bool) -> Action:
    if size < 8 and (rare or src.bool(40)):
        hand = _cards_of(counts)
        plays = legal_plays(hand, None, game.variants)
        if rare:
            whole = [p for p in plays if len(p.ranks) == size]
            plays = whole or plays
        play = src.choice(plays)
        return Action.play(seat, pick(play, hand), shape=play.combo.notation())
    groups = _groups(counts)
    ranks = list(groups)
    cards = groups[src.choice(ranks)]
    return Action.play(seat, cards[: src.int(1, len(cards))])


def _reply(src: Source, game: Game, seat: int, counts: Any, size: int, top: Combo,
           rare: bool) -> Action:
    if src.bool(8 if rare else 30):
        return Action.pass_(seat)
    same = _SAME_RANK.get(top.shape)
    if same is not None and not rare and src.bool(95):
        groups = _groups(counts, int(top.key))
        ranks = [r for r, cards in groups.items() if len(cards) >= same]
        if not ranks:
            return Action.pass_(seat)
        return Action.play(seat, groups[src.choice(ranks)][:same])
    hand = _cards_of(counts)
    plays = legal_plays(hand, top, game.variants)
    if not plays:
        return Action.pass_(seat)
    if rare:
        whole = [p for p in plays if len(p.ranks) == size]
        bombs = [p for p in plays if p.combo.tier >= 3]
        plays = whole or (bombs if bombs and src.bool(60) else plays)
    play = src.choice(plays)
    return Action.play(seat, pick(play, hand), shape=play.combo.notation())


def near_miss(src: Source, game: Game) -> dict[str, Any] | None:
    """An action close to a legal one that the reference rejects (or None): a play by the
    wrong seat, a card not held, a play that does not beat, a leader's pass, a call of a
    2, a reveal of another rank."""
    decision = game.pending()
    if decision is None:
        return None
    seat, kind = decision.seat, decision.kind
    action: dict[str, Any] | None = None
    if kind == "reveal":
        held = sorted(c for c in game.hand_counts(seat) if c.rank != game.levels[seat])
        if held:
            action = {"type": "reveal", "seat": seat, "card": str(src.choice(held))}
    elif kind == "call":
        pairs = legal_call_pairs(game.buried, game.variants)
        if pairs:
            good = src.choice(pairs)[0]
            two = src.choice(("2D", "2C", "2H", "2S"))
            action = {"type": "call", "seat": seat,
                      "calls": [{"face": two, "ordinal": 1}, good.to_json()]}
    elif kind == "play":
        top = game.top
        which = src.int(0, 3)
        hand = game.hand(seat)
        if which == 0:
            others = [s for s in range(6) if s != seat and game.hand_size(s)]
            if others:
                other = src.choice(others)
                action = {"type": "play", "seat": other,
                          "cards": [str(game.hand(other)[0])]}
        elif which == 1:
            counts = game.hand_counts(seat)
            missing = [c for c in _FACES if not counts.get(c)]
            action = {"type": "play", "seat": seat, "cards": [str(src.choice(missing))]}
        elif which == 2 and top is not None:
            low = hand[: max(1, min(len(hand), top.size))]
            action = {"type": "play", "seat": seat, "cards": [str(c) for c in low]}
        elif top is None:
            action = {"type": "pass", "seat": seat}
        elif len(hand) >= 2 and hand[0].rank != hand[-1].rank:
            action = {"type": "play", "seat": seat, "cards": [str(hand[0]), str(hand[-1])]}
    if action is None or game.is_legal(action):
        return None
    return action


# ---------------------------------------------------------------------------------------------
# Playing a case with the reference engine
# ---------------------------------------------------------------------------------------------


def apply_step(game: Game, step: dict[str, Any]) -> dict[str, Any]:
    """Run one step on the reference engine; its result (what the implementation must
    answer)."""
    op = step["op"]
    if op == "observe":
        observation: dict[str, Any] = game.observe()
        return observation
    if op == "plays":
        return plays_answer(game, step)
    try:
        if op == "act":
            game.apply(step["action"])
        else:  # next_hand
            game.next_hand(deck=step["deck"], first=step.get("first"))
    except RulesError as err:

        return rejection(err)
    return dict(ACCEPTED)


class CaseRecorder:
    """Steps and their expected results, as a case is played."""

    def __init__(self, game: Game, every: bool = OBSERVE_EVERY_ACTION,
                 plays: bool | None = None) -> None:
        self.game = game
        self.every = every
        """Observe after every accepted action (else not after a pass that leaves the
        trick open)."""
        self.plays = plays
        """Ask ``plays`` queries at some decisions to play (:data:`PLAYS_PERCENT`): True
        asks them; False draws whether to ask and asks nothing (a ``games`` case against
        an engine without ``plays``: the same draws, so the same case under any
        handshake, issue 28); None draws nothing (endings, short deals)."""
        self.steps: list[dict[str, Any]] = []
        self.expected: list[dict[str, Any]] = []

    def act(self, action: dict[str, Any], parsed: Action | None = None) -> None:
        step = {"op": "act", "action": action}
        self.steps.append(step)
        if parsed is None:
            result = apply_step(self.game, step)
        else:  # a legal action of the player: no need to read it back from JSON
            self.game.apply(parsed)
            result = dict(ACCEPTED)
        self.expected.append(result)
        if result["accepted"] and (self.every or action["type"] != "pass"
                                   or self.game.top is None):
            self.observe()

    def observe(self) -> None:
        self.steps.append({"op": "observe"})
        self.expected.append(self.game.observe())

    def ask_plays(self, seat: int) -> None:
        """A ``plays`` query of ``seat``'s hand against the top play, and the reference's
        listing (as :class:`fivetenk.impl.drivers.ReferenceDriver` answers it)."""
        step = plays_step(self.game, seat)
        self.steps.append(step)
        self.expected.append(plays_answer(self.game, step))


def plays_step(game: Game, seat: int) -> dict[str, Any]:
    """The ``plays`` request of ``seat``'s hand at this point of ``game``: against the
    trick's top play and its reading, or as a lead."""
    step: dict[str, Any] = {"op": "plays", "hand": [str(c) for c in game.hand(seat)]}
    top = game.top
    if top is not None:
        trick = game.observe()["trick"]
        played = [p for p in trick["plays"] if not p.get("pass")]
        step["top"] = list(played[-1]["cards"])
        step["top_shape"] = top.notation()
    return step


def plays_answer(game: Game, step: dict[str, Any]) -> dict[str, Any]:
    """The reference's answer to a ``plays`` step under the game's variants (the listing
    sorted, as the reference driver sends it). It reads the step alone, not the game's
    trick: a query is pure, and a shrunk case may replay it where the trick differs."""

    hand = [Card.parse(t) for t in step["hand"]]
    top = (choose_reading([Card.parse(t) for t in step["top"]], declared=step.get("top_shape"),
                          variants=game.variants) if step.get("top") else None)
    texts = play_texts(legal_plays(hand, top, game.variants))
    return {"count": len(texts), "plays": texts}


def play_out(src: Source, rec: CaseRecorder, rare: bool, near: int = NEAR_MISS_PERCENT,
             limit: int = 100_000) -> None:
    """Play the current hand to its end (or ``limit`` actions), observing after each."""
    game = rec.game
    pending = game.pending
    for _ in range(limit):
        if pending() is None:
            return
        if near and src.bool(near):
            miss = near_miss(src, game)
            if miss is not None:
                rec.act(miss)
        if rec.plays is not None and src.bool(PLAYS_PERCENT) and rec.plays:
            decision = pending()
            if decision is not None and decision.kind == "play":
                rec.ask_plays(decision.seat)
        action = choose(src, game, rare)
        rec.act(action.to_json(), action)


# ---------------------------------------------------------------------------------------------
# Generators
# ---------------------------------------------------------------------------------------------


def _deck(src: Source) -> tuple[Card, ...]:
    return shuffled_deck(random.Random(src.int(0, 2**32 - 1)))


def generate_game(src: Source, variants: dict[str, str], plays: bool | None = None) -> Case:
    """A ``games`` case: a hand (or a match) from a random deal; ``plays``: ask ``plays``
    queries at some decisions (:data:`PLAYS_PERCENT`)."""
    var = Variants.from_mapping(variants)
    rare = src.bool(RARE_PERCENT)
    match = src.bool(MATCH_PERCENT)
    every = src.bool(OBSERVE_EVERY_PERCENT) or OBSERVE_EVERY_ACTION
    first = src.int(0, 5)
    deck = _deck(src)
    later: dict[str, Any] = {}
    if src.bool(LATER_PERCENT):
        later = {"hand": src.int(2, 9),
                 "levels": [src.choice(_LEVELS[-4:] if match else _LEVELS)
                            for _ in range(6)],
                 "previous_winners": sorted(src.sample(range(6), src.int(1, 3))),
                 "previous_banker": src.int(0, 5)}
    game = Game.new(deck=deck, first=first, variants=var,
                    hand_number=later.get("hand", 1), levels=later.get("levels"),
                    previous_winners=later.get("previous_winners"),
                    previous_banker=later.get("previous_banker"))
    rec = CaseRecorder(game, every, plays)
    rec.observe()
    play_out(src, rec, rare)
    decks = game.deal_decks
    deal: dict[str, Any] = {"deck": [str(c) for c in deck], "first": first, **later}
    if len(decks) > 1:  # nobody revealed a 3: the redeals the reference drew, explicit
        deal["redeals"] = [[str(c) for c in d] for d in decks[1:]]
    hands = 1
    if match and not game.match_over:
        more = src.int(1, MAX_MATCH_HANDS - 1)  # 0 would mean a single hand: 1 is fewest
        while hands <= more and not game.match_over:
            step = {"op": "next_hand", "deck": [str(c) for c in _deck(src)]}
            rec.steps.append(step)
            rec.expected.append(apply_step(game, step))
            rec.observe()
            play_out(src, rec, rare)
            hands += 1
    return Case(mode="games", kind="match" if match else "hand", variants=dict(variants),
                setup={"deal": deal}, steps=rec.steps, expected=rec.expected,
                data={"rare": rare, "hands": hands, "match_over": game.match_over,
                      "observe_every": every})


def _pick_cards(src: Source, pool: list[Card], n: int) -> list[Card]:
    return [pool.pop(src.int(0, len(pool) - 1)) for _ in range(min(n, len(pool)))]


def ending_position(src: Source, variants: dict[str, str]) -> dict[str, Any]:
    """A random valid position a few plays before the end of a hand (see the module
    docstring); draws again when a draw cannot make a valid position (at most 30 tries,
    then a fixed small position)."""
    for _ in range(30):
        try:
            return _try_ending_position(src, variants)
        except (InvalidPosition, RulesError):
            continue
    return build_position({0: "3D 4D 5H", 1: "6C 7C", 3: "KS"}, banker=0,
                          variants=variants)


def _try_ending_position(src: Source, variants: dict[str, str]) -> dict[str, Any]:
    banker = src.int(0, 5)
    open_call = src.bool(35)
    pool = [c for c in full_deck() if not (c.rank == Rank.ACE and str(c) in _ACES[2:])]
    holders = sorted(src.sample(range(6), src.int(2, 6)))
    hands: dict[int, list[Card]] = {}
    for seat in holders:
        hands[seat] = _pick_cards(src, pool, src.int(1, 6))
    faces = src.sample(_ACES, 2)
    calls: list[tuple[str, int, int | None]] = []
    for i, face in enumerate(faces):
        if open_call and i == 0:
            holder = src.choice(holders)
            hands[holder].append(Card.parse(face))
            calls.append((face, 3, None))
        else:
            who = src.int(0, 5) if src.bool(60) else banker
            calls.append((face, src.int(1, 3), who))
    trick = None
    if src.bool(50):
        leader = src.choice(holders)
        lead = _pick_cards(src, pool, 1)
        trick = [(leader, " ".join(map(str, lead)))]
    hands_text = {s: " ".join(map(str, h)) for s, h in hands.items()}
    position = build_position(hands_text, banker=banker, calls=calls, trick=trick,
                              variants=variants)
    gone = sum(position["captured"])
    side = {banker} | {c[2] for c in calls if c[2] is not None}
    defenders = [s for s in range(6) if s not in side]
    if defenders and gone:
        aim = src.weighted([(1, 0), (1, gone // 5), (4, -1)])
        share = src.int(0, gone // 5) if aim < 0 else aim
        who = src.choice(defenders)
        position = build_position(hands_text, banker=banker, calls=calls, trick=trick,
                                  captured={who: 5 * share}, variants=variants)
    if open_call and variants.get("call_ordinal") == "any" and src.bool(50):
        _make_impossible(position, faces[0])
    return position


def _make_impossible(position: dict[str, Any], face: str) -> None:
    """Under ``call_ordinal: any`` (D14): the open call's last held copy is buried instead
    of a non-scoring filler card (which counts as played), so the call can never resolve."""
    for hand in position["hands"]:
        if face in hand:
            hand.remove(face)
            break
    buried = position["buried"]
    filler = next(i for i, token in enumerate(buried) if token != face)
    buried[filler] = face
    position["buried"] = sorted(buried, key=lambda t: Card.parse(t))
    position["out"] = [*position["out"],
                       *(s for s in range(6) if not position["hands"][s]
                         and s not in position["out"])]
    for call in position["calls"]:
        call.pop("played", None)
    parse_position(position)


def generate_ending(src: Source, variants: dict[str, str]) -> Case:
    """An ``endings`` case: a random position near the end, played out at random. It asks
    no ``plays``: its hands hold a few cards, which ``queries`` cases draw anyway."""
    position = ending_position(src, variants)
    rare = src.bool(RARE_PERCENT)
    game = Game.from_position(position)
    rec = CaseRecorder(game, every=True)
    rec.observe()
    play_out(src, rec, rare, limit=MAX_ENDING_STEPS)
    result = game.outcome()
    kind = "ending" if result is None else f"ending {result.ending.value}"
    return Case(mode="endings", kind=kind, variants=dict(variants),
                setup={"position": position}, steps=rec.steps, expected=rec.expected,
                data={"rare": rare})
