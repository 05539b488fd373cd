"""The ``games`` and ``endings`` modes of ``fivetenk fuzz``: whole hands, matches and
endings played at random by the reference engine, every action and every observation
compared with the implementation's.

A case is a kit scenario in all but name: a setup (an explicit ``deal`` for ``games``, a
``position`` for ``endings``) and a list of steps, ``act`` (expected accepted, or rejected
citing the reference's clause), ``observe`` after every accepted action (the whole
observation compared; in four ``games`` cases in five, not after a pass that leaves the
trick open: see :data:`OBSERVE_EVERY_ACTION`) and, in matches, ``next_hand``. Every
decision is the reference engine's, made through the :class:`~fivetenk.fuzz_source.Source`
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

Shrinking (lead decision F-2): :meth:`GameMode.shrinker` rebuilds a divergent case as a
*position* some steps before the diverging one. Its draws are, in order: how many steps
before the divergence to start (0: just before it), then for each seat "keep this seat's
cards?" and for each card of a kept seat "keep this card?" (0 drops it: it counts as played
in an earlier trick, its points captured by the banker), then for each earlier step "keep
this step?". The first replay keeps everything from the earliest position of the hand;
Hypothesis then shrinks towards the fewest seats holding cards, the fewest cards and the
fewest steps that still diverge. A position before the first lead (burying, calling) holds
every hand whole (R10.1, D7), so no card draws are made there: only steps can be dropped.
A divergence while dealing (no position exists there) is cut after the diverging step
instead. An errored divergence (a schema-invalid observation) is shrunk the same way; the
written case expects the reference's value at the path the reply broke.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from .fuzz_source import Case, Divergence, Source, compare, errored, vouch_for
from .reference.actions import Action, card_key
from .reference.calls import legal_call_pairs
from .reference.cards import Card, Rank, full_deck
from .reference.combos import Combo, Shape
from .reference.dealing import shuffled_deck
from .reference.errors import InvalidPosition, RulesError
from .reference.game import Game, Phase
from .reference.plays import legal_plays
from .reference.position import build_position, parse_position
from .reference.variants import Variants

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
"""The chance, in percent, that a ``games`` case observes after every accepted action,
the passes that leave the trick open included (see :data:`OBSERVE_EVERY_ACTION`)."""

_SAME_RANK = {Shape.SINGLE: 1, Shape.PAIR: 2, Shape.TRIPLE: 3}
_ENDING_CLAUSE = {"bankers_out": "R17.2", "defenders_out": "R17.3", "one_player_left": "R18.1"}
_BAND_CLAUSE = {"0": "R21.1", "5-55": "R21.2", "60-115": "R21.3", "120-175": "R21.4",
                "180-235": "R21.5", "240-295": "R21.6", "300": "R21.7"}
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
        return Action.play(seat, play.pick(hand), shape=play.combo.notation())
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
    return Action.play(seat, play.pick(hand), shape=play.combo.notation())


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
    try:
        if op == "act":
            game.apply(step["action"])
        else:  # next_hand
            game.next_hand(deck=step["deck"], first=step.get("first"))
    except RulesError as err:
        from .drivers import rejection  # the reply the reference sends (its D35 code)

        return rejection(err)
    return dict(ACCEPTED)


class _Recorder:
    """Steps and their expected results, as a case is played."""

    def __init__(self, game: Game, every: bool = OBSERVE_EVERY_ACTION) -> None:
        self.game = game
        self.every = every
        """Observe after every accepted action (else not after a pass that leaves the
        trick open)."""
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


def play_out(src: Source, rec: _Recorder, rare: bool, near: int = NEAR_MISS_PERCENT,
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
        action = choose(src, game, rare)
        rec.act(action.to_json(), action)


# ---------------------------------------------------------------------------------------------
# Generators
# ---------------------------------------------------------------------------------------------


def _deck(src: Source) -> tuple[Card, ...]:
    return shuffled_deck(random.Random(src.int(0, 2**32 - 1)))


def generate_game(src: Source, variants: dict[str, str]) -> Case:
    """A ``games`` case: a hand (or a two-hand match) from a random deal."""
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
    rec = _Recorder(game, every)
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
    """An ``endings`` case: a random position near the end, played out at random."""
    position = ending_position(src, variants)
    rare = src.bool(RARE_PERCENT)
    game = Game.from_position(position)
    rec = _Recorder(game, every=True)
    rec.observe()
    play_out(src, rec, rare, limit=MAX_ENDING_STEPS)
    result = game.outcome()
    kind = "ending" if result is None else f"ending {result.ending.value}"
    return Case(mode="endings", kind=kind, variants=dict(variants),
                setup={"position": position}, steps=rec.steps, expected=rec.expected,
                data={"rare": rare})


# ---------------------------------------------------------------------------------------------
# Clauses of a step
# ---------------------------------------------------------------------------------------------


def step_clauses(steps: Sequence[dict[str, Any]], expected: Sequence[Any], index: int,
                 paths: Sequence[str] = ()) -> list[str]:
    """The clauses a diverging step is about: a rejection's clause, the clause of the
    action, or for an observation the clause of each field that differs."""
    step = steps[index] if 0 <= index < len(steps) else {}
    want = expected[index] if 0 <= index < len(expected) else None
    op = step.get("op")
    if isinstance(want, dict) and want.get("accepted") is False and want.get("clause"):
        return [str(want["clause"])]
    if op == "next_hand":
        return ["R23.1"]
    if op == "act":
        kind = step.get("action", {}).get("type")
        return {"reveal": ["R09.2"], "skip": ["R09.4"], "bury": ["R10.1"], "call": ["R11.1"],
                "pass": ["R13.2"]}.get(str(kind), ["R13.2"])
    if op != "observe" or not isinstance(want, dict):
        return ["R13.1"]
    before = next((s.get("op") for s in reversed(steps[:index]) if s.get("op") != "observe"),
                  None)
    if before == "next_hand":  # an observation of the next hand's deal
        return ["R23.1"]
    out: list[str] = []
    result = want.get("result") if isinstance(want.get("result"), dict) else None
    for path in paths or ("",):
        head = path.split(".")[0].split("[")[0]
        clause = "R13.1"
        if head == "result" and result is not None:
            tail = path[len("result."):]
            if tail.startswith("ending"):
                clause = _ENDING_CLAUSE.get(str(result.get("ending")), "R17.1")
            elif tail.startswith(("kitty", "table")):
                clause = "R18.2" if result.get("ending") == "one_player_left" else "R19.3"
            elif tail.startswith("remnant"):
                clause = {"bankers_out": "R17.2", "defenders_out": "R17.3"}.get(
                    str(result.get("ending")), "R18.2")
            elif tail.startswith("levels") or tail.startswith("advance"):
                clause = "R22.1"
            elif tail.startswith(("defender", "credited")):
                clause = "R20.1"
            else:
                clause = _BAND_CLAUSE.get(str(result.get("band")), "R21.1")
        elif head in ("phase", "result"):
            clause = (_ENDING_CLAUSE.get(str(result.get("ending")), "R17.1")
                      if result is not None else "R17.1")
        elif head == "trick":
            clause = "R13.3"
        elif head == "captured":
            clause = "R14.1"
        elif head == "out":
            clause = "R16.1"
        elif head in ("calls", "partners", "banker_side"):
            clause = "R11.4"
        elif head == "levels":
            clause = "R22.1"
        elif head == "match_over":
            clause = "R07.2"
        elif head == "whole_side_check":
            clause = "R17.1"
        elif head == "pending" and want.get("trick") is None and want.get("phase") == "playing":
            clause = "R15.1"
        if clause not in out:
            out.append(clause)
    return out


def clause_rulings(clauses: Sequence[str]) -> list[str]:
    """The rulings the spec links to ``clauses`` (in order, each once)."""
    try:
        from .spec_data import load_spec

        spec = load_spec()
        out: list[str] = []
        for clause in clauses:
            for ruling in spec.rulings_for(clause):
                if ruling.id not in out:
                    out.append(ruling.id)
        return out
    except Exception:  # pragma: no cover - a spec that cannot load: no rulings to cite
        return []


# ---------------------------------------------------------------------------------------------
# The modes
# ---------------------------------------------------------------------------------------------


class GameMode:
    """``games`` (from a deal) or ``endings`` (from a position); see the module docstring.
    Built by :mod:`fivetenk.fuzz_cmd` with the implementation's (expanded) capabilities
    and declared shapes."""

    name = "games"
    setup_capability = "deal"

    def __init__(self, capabilities: frozenset[str] | None = None,
                 shapes: frozenset[str] | None = None) -> None:
        self.capabilities = frozenset(capabilities or ())
        self.shapes = shapes
        self.positions = capabilities is None or "position" in self.capabilities
        """Whether the implementation starts from positions (shrinking uses them)."""
        self._driver: Any = None

    def needs(self, capabilities: frozenset[str], variants: dict[str, str]) -> str | None:
        self.positions = "position" in capabilities
        if self.setup_capability not in capabilities:
            return f"the implementation lacks capability {self.setup_capability}"
        if self.shapes is not None:
            from .shapes import SHAPES

            missing = [s for s in SHAPES if s not in self.shapes]
            if missing:
                return (f"{self.name} play every shape, and the implementation does not "
                        f"declare {', '.join(missing)}")
        return None

    def generate(self, src: Source, variants: dict[str, str]) -> Case:
        return generate_game(src, variants)

    # -- running ---------------------------------------------------------------------------
    def run(self, driver: Any, cases: Sequence[Case]) -> list[Divergence | None]:
        """Stream the cases (``driver.stream`` where the driver has it, else step by
        step); the first diverging step of each case, or None."""
        self._driver = driver
        vouch_for(driver, cases)  # replies equal to the reference's need no schema check
        out: list[Divergence | None] = [None] * len(cases)
        stream = getattr(driver, "stream", None)
        if stream is None:
            for i, case in enumerate(cases):
                out[i] = self._run_one(driver, case)
            return out
        todo = [i for i, c in enumerate(cases) if c.steps]
        while todo:
            try:
                entries = stream([(cases[i].variants, cases[i].setup, cases[i].steps)
                                  for i in todo])
            except Exception as err:  # the implementation cannot be started at all
                out[todo[0]] = errored(None, -1, str(err), getattr(err, "context", None))
                todo = todo[1:]
                continue
            for i, entry in zip(todo, entries, strict=False):
                out[i] = self._judge(cases[i], entry)
            todo = todo[len(entries):]
        return out

    def _run_one(self, driver: Any, case: Case) -> Divergence | None:
        results: list[dict[str, Any]] = []
        try:
            started = driver.start(case.variants, case.setup)
            if started.get("accepted") is False:
                return self._judge(case, _setup_error(started))
            for step in case.steps:
                results.append(driver.run(step))
        except Exception as err:
            index = getattr(err, "index", None)
            err_index = len(results) if index is None else index
            return errored(case.steps[err_index] if 0 <= err_index < len(case.steps) else None,
                           err_index, str(err), getattr(err, "context", None))
        return self._judge(case, results)

    def _judge(self, case: Case, entry: Any) -> Divergence | None:
        expected = case.expected or []
        if not isinstance(entry, list):
            index = getattr(entry, "index", None)
            index = -1 if index is None else index
            step = case.steps[index] if 0 <= index < len(case.steps) else None
            want = expected[index] if 0 <= index < len(expected) else None
            div = errored(step, index, str(entry), getattr(entry, "context", None), want)
            div.paths = _invalid_paths(str(entry), step)
            div.clauses = step_clauses(case.steps, expected, index, div.paths) if step else []
            div.rulings = clause_rulings(div.clauses)
            case.data["diverged"] = index
            return div
        for k, (step, want, got) in enumerate(zip(case.steps, expected, entry, strict=False)):
            if got == want:
                continue
            found = compare(step, want, got, k)
            if found is None:
                continue
            found.clauses = step_clauses(case.steps, expected, k, found.paths)
            found.rulings = clause_rulings(found.clauses)
            case.data["diverged"] = k
            return found
        return None

    # -- shrinking -------------------------------------------------------------------------
    def minimal(self, case: Case, divergence: Divergence | None = None) -> Case:
        """The case cut after its diverging step (shrinking does the rest: see
        :meth:`shrinker`). The step is ``divergence.step`` (fuzz_cmd runs the regenerated
        case first and passes its divergence in), else the one :meth:`run` recorded when
        it judged this case; unknown (-1, the setup), the case is kept whole."""
        at = divergence.step if divergence is not None else case.data.get("diverged")
        if not isinstance(at, int) or at < 0:
            return case
        data = {**case.data, "diverged": at}
        if at + 1 >= len(case.steps):
            case.data = data
            return case
        return Case(mode=case.mode, kind=case.kind, variants=case.variants, setup=case.setup,
                    steps=case.steps[: at + 1], expected=(case.expected or [])[: at + 1],
                    choices=case.choices, index=case.index, data=data)

    def without_variants(self, case: Case) -> Case:
        """The same setup and steps under the default rules (every expectation recomputed
        by the reference): the campaign tries it first, so that a case needing no house
        rule is written without one."""
        setup = case.setup
        if setup is not None and "position" in setup:
            setup = {"position": {**setup["position"], "variants": {}}}
        plain = Case(mode=case.mode, kind=case.kind, variants={}, setup=setup,
                     steps=list(case.steps), expected=[], choices=case.choices,
                     index=case.index, data={k: v for k, v in case.data.items()
                                             if k != "diverged"})
        try:
            game = _start_game(plain)
        except RulesError:
            plain.steps = []
            return plain
        plain.expected = [apply_step(game, step) for step in plain.steps]
        return plain

    def shrinker(self, case: Case) -> tuple[Callable[[Source], Case], Sequence[int]]:
        """A generator rebuilding ``case`` as a position before its diverging step, with
        seats, cards and earlier steps to drop (module docstring), and the draws that
        replay it whole."""
        at = case.data.get("diverged")
        if not isinstance(at, int) or at < 0:
            at = len(case.steps) - 1
        plan = _plan(case, at) if self.positions else None
        if plan is None:
            fixed = self.minimal(case)

            def same(src: Source) -> Case:
                return fixed

            return same, ()

        def gen(src: Source) -> Case:
            return _shrunk_case(_Dense(src), case, plan, at)

        keep = _Keep(self._latest_start(gen, len(plan), case.steps[at]["op"]))
        gen(keep)
        return gen, keep.log

    def _latest_start(self, gen: Callable[[Source], Case], starts: int, op: str) -> int:
        """How far back (in steps before the divergence) the first replay starts: the
        latest start among 0, 1, 2, 4, 8, … that still diverges on the driver :meth:`run`
        last used (the earliest position of the hand without one): Hypothesis shrinks
        towards later starts, but a replay from far back would give it a long case whose
        every other draw moves when the start does."""
        last = starts - 1
        if self._driver is None:
            return last
        probe = 0
        while probe < last:
            found = self.run(self._driver, [gen(_Keep(probe))])[0]
            if found is not None and found.request.get("op") == op:
                return probe
            probe = 1 if probe == 0 else probe * 2
        return last

    def scenario(self, case: Case, divergence: Divergence, ident: str) -> Any:
        """The kit scenario of a (shrunk) case: the setup, every ``act`` step with the
        reference's verdict, and at the diverging ``observe`` the fields that differ with
        the reference's values."""
        from .scenario import Scenario

        expected = case.expected or []
        at = divergence.step if divergence.step >= 0 else len(case.steps) - 1
        steps: list[dict[str, Any]] = []
        for k, step in enumerate(case.steps[: at + 1]):
            want = expected[k]
            if step["op"] == "observe":
                if k != at:
                    continue
                steps.append({"op": "observe", "expect": _observed_expectation(
                    want, divergence.paths, divergence.total)})
            else:
                expect = ({"accepted": False, "clause": want.get("clause")}
                          if want.get("accepted") is False else {"accepted": True})
                steps.append({**step, "expect": expect})
        clauses = list(divergence.clauses) or step_clauses(case.steps, expected, at)
        rulings = list(divergence.rulings) or clause_rulings(clauses)
        what = case.steps[at]["op"] if 0 <= at < len(case.steps) else "setup"
        name = (f"Found by fivetenk fuzz ({case.mode}): the {what} step "
                f"{'of a position' if 'position' in (case.setup or {}) else 'of a deal'} "
                f"differs at {', '.join(divergence.paths[:3]) or 'its answer'}")
        return Scenario(id=ident, name=name, clauses=clauses, rulings=rulings,
                        tags=[*clauses, *rulings, "fuzz"], variants=dict(case.variants),
                        setup=case.setup, steps=steps)


def _at(value: Any, path: str) -> tuple[bool, Any]:
    """The value at a dotted path of the reference's result (list items by index)."""
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False, None
    return True, value


def _observed_expectation(want: dict[str, Any], paths: Sequence[str],
                          total: int) -> dict[str, Any]:
    """What the written ``observe`` step expects: the reference's value at each path that
    differs (``result.kitty_to``, ``pending.seat``), or, when the differences are too many
    to list or a path is not in the reference's result, the whole top-level fields."""
    expect: dict[str, Any] = {}
    if paths and total <= len(paths):
        for path in paths:
            found, value = _at(want, path)
            if not found:
                break
            expect[path] = value
        else:
            return expect
    heads: list[str] = []
    for path in paths or ["phase"]:
        head = path.split(".")[0]
        if head in want and head not in heads:
            heads.append(head)
    return {h: want[h] for h in heads or ["phase"]}


_REPLY_PATH = re.compile(r"\$\.result((?:\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]{1,4}\])*)")


def _invalid_paths(message: str, step: dict[str, Any] | None) -> list[str]:
    """The path of an observation the implementation answered with a schema-invalid value
    (``$.result.calls[0].played: 4 is greater than the maximum of 3`` -> ``calls.0.played``),
    so that the written case expects the reference's value there; [] for anything else."""
    if not step or step.get("op") != "observe":
        return []
    found = _REPLY_PATH.search(message)
    if found is None or not found.group(1):
        return []
    path = re.sub(r"\[([0-9]+)\]", r".\1", found.group(1)).lstrip(".")
    return [path] if path else []


def _setup_error(result: dict[str, Any]) -> Any:
    from .drivers import DriverError

    err = DriverError(f"the setup was rejected: {result.get('clause')}", {"received": result})
    err.index = -1
    return err


# ---------------------------------------------------------------------------------------------
# The shrinking generator
# ---------------------------------------------------------------------------------------------


class _Dense(Source):
    """Passes on only real choices (``lo < hi``): a draw with one possible value is not
    asked of the source, so the logged choices are exactly what Hypothesis draws."""

    def __init__(self, inner: Source) -> None:
        self.inner = inner

    def int(self, lo: int, hi: int) -> int:
        return lo if hi <= lo else self.inner.int(lo, hi)


class _Keep(Source):
    """Keep every seat, card and step: every draw at its highest, except the first (how
    many steps back the case starts), which is ``back`` (clamped; None: the earliest)."""

    def __init__(self, back: int | None = None) -> None:
        self.back = back
        self.log: list[int] = []

    def int(self, lo: int, hi: int) -> int:
        value = hi
        if not self.log and self.back is not None:
            value = min(max(self.back, lo), hi)
        self.log.append(value)
        return value


def _start_game(case: Case) -> Game:
    setup = case.setup or {}
    if "position" in setup:
        position = dict(setup["position"])
        position["variants"] = {**position.get("variants", {}), **case.variants}
        return Game.from_position(position)
    deal = setup["deal"]
    return Game.new(deck=deal["deck"], first=deal.get("first"),
                    redeals=deal.get("redeals", ()),
                    variants=Variants.from_mapping(case.variants),
                    hand_number=deal.get("hand", 1), levels=deal.get("levels"),
                    previous_winners=deal.get("previous_winners"),
                    previous_banker=deal.get("previous_banker"))


def _plan(case: Case, at: int) -> list[int] | None:
    """The step indexes (before ``at``) at which the reference stands at a position
    (phase burying, calling or playing), earliest first: in the hand of the diverging
    step, or if it has none yet (a divergence while a next hand is dealt) in the hand
    before; None if neither has one (then no position can start the case)."""
    try:
        game = _start_game(case)
    except RulesError:
        return None
    starts: list[int] = []
    previous: list[int] = []
    for k, step in enumerate(case.steps[: at + 1]):
        if step["op"] == "next_hand":
            previous, starts = starts, []
        if step["op"] != "observe" and game.phase in (Phase.BURYING, Phase.CALLING,
                                                      Phase.PLAYING):
            starts.append(k)
        apply_step(game, step)
    # a divergence in the deal of a next hand (no position yet): start in the hand before,
    # the next_hand step among the steps
    return starts or previous or None


def _shrunk_case(src: Source, case: Case, starts: list[int], at: int) -> Case:
    back = src.int(0, len(starts) - 1)
    begin = starts[len(starts) - 1 - back]
    game = _start_game(case)
    for step in case.steps[:begin]:
        apply_step(game, step)
    position = game.to_position()
    acting = case.steps[begin:at + 1]
    last_act = next((s for s in reversed(acting) if s["op"] != "observe"), None)
    protected: Counter[str] = Counter()
    actor = -1
    if last_act is not None and last_act["op"] == "act":
        actor = int(last_act["action"].get("seat", -1))
        protected.update(last_act["action"].get("cards", []))
    if position.get("reveal") is not None and not src.int(0, 1):
        position["reveal"] = None  # how the banker was found: seldom what diverges
    hands = [list(h) for h in position["hands"]]
    dropped_points = 0
    droppable = position.get("phase") == "playing"  # before play, every hand is whole
    for seat in range(6):
        if not hands[seat] or not droppable:
            continue
        keep_seat = src.int(0, 1) if seat != actor else 1
        kept: list[str] = []
        guard = protected.copy() if seat == actor else Counter()
        for token in hands[seat]:
            if guard[token]:
                guard[token] -= 1
                kept.append(token)
                continue
            if keep_seat and src.int(0, 1):
                kept.append(token)
            else:
                dropped_points += Card.parse(token).points
        hands[seat] = kept
    steps: list[dict[str, Any]] = []
    kept_step = False
    for k, step in enumerate(acting):
        if step["op"] == "observe":  # the observations the case made, after kept steps
            if kept_step or k == len(acting) - 1:
                steps.append(step)
            continue
        kept_step = step is last_act or bool(src.int(0, 1))
        if kept_step:
            steps.append(step)
    position["hands"] = hands
    position["captured"] = list(position["captured"])
    position["captured"][position["banker"]] += dropped_points
    for call in position.get("calls", []):
        call.pop("played", None)
    emptied = [s for s in range(6) if not hands[s] and s not in position["out"]]
    position["out"] = [*position["out"], *emptied]
    shrunk = Case(mode=case.mode, kind=case.kind, variants=case.variants,
                  setup={"position": position}, steps=[], expected=[], index=-1,
                  data={"rare": case.data.get("rare")})
    try:
        parse_position(position)
        game = Game.from_position(position)
    except RulesError:
        return shrunk  # no steps: nothing can diverge
    expected = [apply_step(game, step) for step in steps]
    shrunk.steps, shrunk.expected = steps, expected
    return shrunk


class GamesMode(GameMode):
    """Whole hands and matches from random deals."""

    name = "games"
    setup_capability = "deal"

    def generate(self, src: Source, variants: dict[str, str]) -> Case:
        return generate_game(src, variants)


class EndingsMode(GameMode):
    """Random positions a few plays before the end, played out."""

    name = "endings"
    setup_capability = "position"

    def generate(self, src: Source, variants: dict[str, str]) -> Case:
        return generate_ending(src, variants)


GAMES = GamesMode()
ENDINGS = EndingsMode()
