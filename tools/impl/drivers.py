"""Drivers: what runs a scenario's primitive operations against an implementation.

A driver answers five pure queries (``classify``, ``beats``, ``plays``, ``points``,
``deck``) and four game operations (start from a setup, ``act``, ``observe``,
``next_hand``). The ``advance`` macro (:func:`advance`, skipping reveal prompts) is built
on these here; the runner builds the rest (expectation checks) on top, so the reference
engine in process and any other implementation behind the JSON-lines protocol are checked
by the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from ..reference import (
    ALL_FACES,
    DECKS,
    DEFAULT,
    Combo,
    Play,
    RulesError,
    Shape,
    Variants,
    beats,
    choose_reading,
    classify,
    count_plays,
    full_deck,
    legal_plays,
    parse_cards,
    points,
)
from ..reference import Rank as _Rank
from .words import QUERY_COMMANDS

if TYPE_CHECKING:  # a type only: fivetenk.impl.hello reads the capability words of this module
    from .hello import Hello

QUERY_CAPABILITIES = QUERY_COMMANDS
"""The five pure combination queries, each a capability of its own (issue 8, D-1): the
query commands (:data:`.words.QUERY_COMMANDS`)."""
CAPABILITIES = (*QUERY_CAPABILITIES, "deal", "position", "hands")
"""What an implementation may support: each query command, starting a hand from an
explicit deal, starting from a position, and ``hands``: an ``observe`` request naming a
seat is answered with the observation plus ``held``, that seat's cards (the phrase
``Then seat 2 holds "…"``; hands are private, so a plain observation never shows them)."""
SHORTHANDS: dict[str, tuple[str, ...]] = {"queries": QUERY_CAPABILITIES}
"""Capability words that stand for several: ``queries`` is all five query commands (the
protocol's first handshakes had only this word)."""
CAPABILITY_WORDS = (*CAPABILITIES, *SHORTHANDS)
"""Every capability word a handshake may use."""


def expand_capabilities(words: object) -> frozenset[str]:
    """The capabilities ``words`` stand for: shorthands expanded (``queries`` -> the five
    query commands), words the kit does not know left out. Accepts anything (a test
    driver's set, a hostile handshake's list): what is not an iterable of strings is no
    capability."""
    out: set[str] = set()
    try:
        items = list(words) if isinstance(words, (set, frozenset, list, tuple)) else []
    except TypeError:  # pragma: no cover - a set subclass that cannot be listed
        items = []
    for word in items:
        if not isinstance(word, str):
            continue
        if word in SHORTHANDS:
            out.update(SHORTHANDS[word])
        elif word in CAPABILITIES:
            out.add(word)
    return frozenset(out)


class DriverError(Exception):
    """The implementation misbehaved (crashed, timed out, broke the protocol); the
    scenario is *errored*, not failed. ``context`` holds what was sent and received."""

    def __init__(self, message: str, context: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.context = context or {}
        self.index: int | None = None
        """The step the error belongs to, where the driver knows it (-1: the setup)."""
        self.partial: list[dict[str, Any]] = []
        """The results of the steps before ``index`` that the driver read before it
        failed (``ProcessDriver.stream``): the fuzzer keeps them instead of asking again."""


Unit = tuple[dict[str, str], "dict[str, Any] | None", Sequence[dict[str, Any]]]
"""One scenario sent in a stream: its variants, its setup and its step requests."""
Streamed = list["list[dict[str, Any]] | DriverError"]
"""One entry per scenario streamed: its step results, or the error of a scenario refused."""


class Driver(Protocol):
    """What the kit asks of an implementation: every member the runner, the profile and
    the fuzzer use is declared here, and they look nothing else up on a driver (issue 31).
    An ability a driver does not have is a member saying so (``run_many`` None), never a
    member missing. :class:`ReferenceDriver` (and every in-process driver built on it)
    and :class:`~fivetenk.impl.process_driver.ProcessDriver` are the two kinds.

    What the implementation declares it plays (its *profile*, :mod:`fivetenk.suite.profile`):
    ``capabilities`` (reading it starts an implementation behind the protocol),
    ``shapes`` and ``unsupported_defaults``, and ``hello``, the record of everything its
    handshake said (the words of ruling D39, its protocol version, its warnings): read
    once, when the handshake is; None when there was none (an in-process driver that
    declares nothing more, or a handshake that did not succeed, when the kit assumes
    everything). Reading the profile never starts a driver that was closed."""

    @property
    def name(self) -> str: ...

    @property
    def capabilities(self) -> frozenset[str]: ...

    @property
    def shapes(self) -> frozenset[str] | None:
        """The shapes it plays; None: every shape."""

    @property
    def unsupported_defaults(self) -> Mapping[str, tuple[str, ...]]:
        """Variant -> the values it offers instead, for each variant whose default it
        does not play."""

    @property
    def hello(self) -> Hello | None:
        """Everything its handshake declared, once read (see the class docstring)."""

    @property
    def restarts_spent(self) -> bool:
        """The implementation is down and may not be started again (always false in
        process)."""

    spin: float
    """Seconds to poll for a reply before sleeping (0 in process: nothing to wait for)."""
    until: float | None
    """A :func:`time.monotonic` instant no wait goes past (``fuzz --budget``), or None."""
    vouched: Callable[[str, dict[str, Any]], bool] | None
    """Says a result is one the reference engine gave for the request, so that its schema
    check can be skipped (:func:`fivetenk.fuzz.source.vouch_for`); None: check them all."""

    def supports_variants(self, variants: dict[str, str]) -> bool: ...

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]: ...

    def start_reply(self, variants: dict[str, str],
                    setup: dict[str, Any] | None) -> dict[str, Any]:
        """Send ``start`` and return its reply at once, a refusal included (not raised):
        for a scenario that expects its setup to be refused."""

    def run(self, step: dict[str, Any]) -> dict[str, Any]: ...

    @property
    def run_many(self) -> Callable[[Sequence[dict[str, Any]]], list[dict[str, Any]]] | None:
        """Runs a scenario's steps in one stream of requests, without a round trip each;
        None where the driver sends one request at a time."""

    @property
    def stream(self) -> Callable[[Sequence[Unit]], Streamed] | None:
        """Runs several scenarios in one stream of requests; None where the driver cannot."""

    def step_started(self, index: int) -> None:
        """Step ``index`` of the scenario begins (``fivetenk show`` files each exchange
        under its step; other drivers ignore it)."""

    def close(self) -> None: ...


def rejection(err: RulesError) -> dict[str, Any]:
    """The result of a rejected action or bad input: accepted false, the clause it cites.
    ``error.code`` is the rejection's code in the table of ruling D35
    (:mod:`reference.rejections`, e.g. ``not-your-turn``) for an action the rules forbid,
    else the error's own code (``invalid-cards``, ``invalid-notation``…): for people, shown
    in reports, never compared."""
    code = getattr(err, "rejection", None) or err.code
    return {"accepted": False, "clause": err.clause, "error": {"code": code,
                                                               "clause": err.clause,
                                                               "message": err.message}}


def play_texts(plays: Iterable[Play]) -> list[str]:
    """The plays listed (:func:`reference.plays.legal_plays`) in the scenario notation,
    sorted. A long hand lists hundreds of plays, the plays of one reading one after another
    (its wings): the reading is written once for them all, and the ranks are remembered
    (the fuzzer lists thousands of hands that share most of them)."""
    out: list[str] = []
    last: Combo | None = None
    prefix = ""
    for combo, ranks in plays:
        if combo is not last:
            last, prefix = combo, combo.notation() + ": "
        out.append(prefix + _ranks_text(ranks))
    out.sort()
    return out


_RANK_TEXTS: dict[tuple[_Rank, ...], str] = {}
RANK_TEXTS_KEPT = 1 << 16
"""Rank lists whose text is remembered (emptied when full)."""


def _ranks_text(ranks: tuple[_Rank, ...]) -> str:
    text = _RANK_TEXTS.get(ranks)
    if text is None:
        if len(_RANK_TEXTS) >= RANK_TEXTS_KEPT:
            _RANK_TEXTS.clear()
        text = _RANK_TEXTS[ranks] = " ".join([rank.symbol for rank in ranks])
    return text


def held_seat(step: dict[str, Any]) -> int:
    """The seat an ``observe`` request names (capability ``hands``): 0-5, else a
    DriverError saying so."""
    seat = step["seat"]
    if type(seat) is not int or not 0 <= seat <= 5:
        raise DriverError(f"observe: \"seat\" must be a seat 0-5, not {seat!r}")
    return seat


def _names_reading(declared: str | None, listed: str | None) -> bool:
    """Whether a play declared as ``declared`` may be the listed play read as ``listed``
    (a full reading, as :meth:`Game.legal_actions` gives it). Undeclared, any reading; a
    bare shape word (``"pair"``, ``"airplane+singles"``, which D10 allows and which picks
    among the readings of that shape) names every reading of that shape; a full reading
    names itself, however it is spaced (``Combo.parse``)."""

    if declared is None:
        return True
    if listed is None:
        return False
    try:
        reading = Combo.parse(listed)
    except RulesError:
        return listed == declared
    try:
        return reading.shape is Shape(declared.strip())
    except ValueError:
        pass
    try:
        return reading == Combo.parse(declared)
    except RulesError:
        return False


class ReferenceDriver:
    """The bundled reference engine, in process: a :class:`Driver` that plays everything
    and declares nothing more. A test's in-process driver is built on it, declaring a
    narrower profile by setting ``capabilities``, ``shapes``, ``unsupported_defaults`` or
    ``hello`` (the D39 words and the protocol version, as a handshake would say them)."""

    name = "fivetenk reference engine"
    capabilities = frozenset(CAPABILITIES)
    shapes: frozenset[str] | None = None
    """The shapes it plays: None, every shape (see :mod:`fivetenk.suite.profile`)."""
    unsupported_defaults: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    """It plays the default of every variant."""
    hello: Hello | None = None
    """No handshake: nothing declared beyond the members above."""
    restarts_spent = False
    spin = 0.0
    until: float | None = None
    vouched: Callable[[str, dict[str, Any]], bool] | None = None
    run_many: Callable[[Sequence[dict[str, Any]]], list[dict[str, Any]]] | None = None
    """One request at a time: in process a stream saves nothing."""
    stream: Callable[[Sequence[Unit]], Streamed] | None = None

    def __init__(self, *, self_check: bool = True) -> None:
        """``self_check``: check after every action that the engine's API agrees with
        itself (:meth:`_agrees`). On for the kit's own runs of the reference engine; the
        adapter serving it over the protocol turns it off (it serves the engine as it is,
        and the kit's broken test engines patch it through that adapter)."""
        self.variants: Variants = DEFAULT
        self.game: Any = None
        self.self_check = self_check

    def supports_variants(self, variants: dict[str, str]) -> bool:
        return True

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        self.variants = Variants.from_mapping(variants)
        self.game = None
        if setup is None:
            return {"accepted": True}
        # lazy: the game loads with the first game, not at the adapter's start
        from ..reference import Game

        try:
            if "position" in setup:
                position = dict(setup["position"])
                position["variants"] = {**position.get("variants", {}), **variants}
                self.game = Game.from_position(position)
            else:
                deal = setup["deal"]
                self.game = Game.new(
                    deck=parse_cards(deal["deck"]),
                    first=deal.get("first"),
                    redeals=[parse_cards(d) for d in deal.get("redeals", [])],
                    variants=self.variants,
                    levels=deal.get("levels"),  # read by the engine (Game.new)
                    previous_winners=deal.get("previous_winners"),
                    previous_banker=deal.get("previous_banker"),
                    hand_number=deal.get("hand", 1),
                )
        except RulesError as err:
            return rejection(err)
        return {"accepted": True}

    def start_reply(self, variants: dict[str, str],
                    setup: dict[str, Any] | None) -> dict[str, Any]:
        """:meth:`start`: its reply is the verdict already (a refusal is a rejection)."""
        return self.start(variants, setup)

    def step_started(self, index: int) -> None:
        """Nothing to file."""

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        op = step["op"]
        try:
            if op == "classify":
                readings = classify(parse_cards(step["cards"], allow_empty=False), self.variants)
                return {"legal": bool(readings), "readings": [c.notation() for c in readings]}
            if op == "beats":
                return self._beats(step)
            if op == "plays":
                return self._plays(step)
            if op == "points":
                return {"points": points(parse_cards(step["cards"]))}
            if op == "deck":
                deck = full_deck()
                return {"cards": len(deck), "faces": len(ALL_FACES), "copies": DECKS,
                        "points": points(deck)}
        except RulesError as err:
            return rejection(err)
        if self.game is None:
            raise DriverError(f"step {op!r} needs a game, but the scenario has no setup")
        if op == "act":
            if not self.self_check:
                try:
                    self.game.apply(step["action"])
                except RulesError as err:
                    return rejection(err)
                return {"accepted": True, "clause": None}
            legal = self.game.is_legal(step["action"])
            listed = self._listed(step["action"])
            try:
                self.game.apply(step["action"])
            except RulesError as err:
                self._agrees(legal, listed, False, step["action"])
                return rejection(err)
            self._agrees(legal, listed, True, step["action"])
            return {"accepted": True, "clause": None}
        if op == "observe":
            observation: dict[str, Any] = self.game.observe()
            if "seat" in step:
                observation["held"] = [str(c) for c in self.game.hand(held_seat(step))]
            return observation
        if op == "next_hand":
            try:
                self.game.next_hand(deck=parse_cards(step["deck"]), first=step.get("first"))
            except RulesError as err:
                return rejection(err)
            return {"accepted": True, "clause": None}
        raise DriverError(f"unknown step op {op!r}")

    def _listed(self, action: Any) -> bool | None:
        """Whether :meth:`Game.legal_actions` lists ``action`` (a play: a listed play of the
        same ranks and reading, since the listing picks the suits; calls: the same pair in
        either order, since the listing gives each pair once), every listed action being
        legal; None where the listing is a summary (a burial) or the action is malformed."""
        # lazy: the game loads with the first game, not at the adapter's start
        from ..reference import Action

        try:
            wanted = Action.from_json(action)
        except RulesError:
            return None
        listing = self.game.legal_actions()
        bad = [a for a in listing if not self.game.is_legal(a)]
        if bad:
            raise DriverError(f"the reference engine lists {bad[0]!r} as legal but "
                              "is_legal refuses it")
        if wanted.type == "bury" or self.game.pending() is None:
            return None
        if wanted.type == "call":  # the listing gives each pair once, in one order
            return any(a.type == "call" and set(a.calls) == set(wanted.calls)
                       for a in listing)
        if wanted.type != "play":
            return wanted in listing

        def ranks(a: Action) -> list[Any]:
            return sorted(c.rank for c in a.cards)

        return any(a.type == "play" and a.seat == wanted.seat and ranks(a) == ranks(wanted)
                   and _names_reading(wanted.shape, a.shape) for a in listing)

    def _agrees(self, legal: bool, listed: bool | None, accepted: bool, action: Any) -> None:
        """The engine's API agrees with itself (a DriverError, an internal error of the
        reference engine, otherwise): :meth:`Game.is_legal` predicted what :meth:`Game.apply`
        did, :meth:`Game.legal_actions` listed an accepted action and only legal ones, and
        after an accepted action :meth:`Game.to_position` describes the game so that
        :meth:`Game.from_position` restores the same observation. Every action of the
        feature suite thus also pins the API paths the kit's simulator, fuzzer and random
        player rely on (issue 9: mutants there are killed by the features alone)."""
        # lazy: the game loads with the first game, not at the adapter's start
        from ..reference import Game, Phase

        if legal != accepted:
            raise DriverError(f"the reference engine's is_legal says {legal} but apply "
                              f"{'accepted' if accepted else 'rejected'} {action!r}")
        if accepted and listed is False:
            raise DriverError(f"the reference engine accepted {action!r} but its "
                              "legal_actions does not list it")
        if accepted and self.game.phase not in (Phase.DEALING, Phase.FINISHED):
            again = Game.from_position(self.game.to_position())
            if again.observe() != self.game.observe():
                raise DriverError("the reference engine's to_position does not restore "
                                  f"the game after {action!r}")

    def _top(self, step: dict[str, Any]) -> Combo:
        return choose_reading(parse_cards(step["top"], allow_empty=False),
                              declared=step.get("top_shape"), variants=self.variants)

    def _beats(self, step: dict[str, Any]) -> dict[str, Any]:
        top = self._top(step)
        readings = classify(parse_cards(step["reply"], allow_empty=False), self.variants)
        if "reply_shape" in step:
            declared = Combo.parse(step["reply_shape"])
            candidates = [declared] if declared in readings else []
        else:
            candidates = list(readings)
        for reading in candidates:  # strongest first (D10)
            if beats(reading, top, self.variants):
                return {"beats": True, "reading": reading.notation()}
        return {"beats": False, "reading": None}

    def _plays(self, step: dict[str, Any]) -> dict[str, Any]:
        """The legal plays listed, and their number counted without listing them
        (:func:`reference.python_api.count_plays`, the engine's counter) under ``self_check``:
        a scenario's ``there are N legal plays`` then pins the counter, its ``… is among
        them`` the listing, and the two must agree (an internal error of the engine
        otherwise)."""
        top = self._top(step) if "top" in step else None
        hand = parse_cards(step["hand"])
        texts = play_texts(legal_plays(hand, top, self.variants))
        if not self.self_check:
            return {"count": len(texts), "plays": texts}
        count = count_plays(hand, top, self.variants)
        if count != len(texts):
            raise DriverError(f"the reference engine counts {count} legal plays but lists "
                              f"{len(texts)}")
        return {"count": count, "plays": texts}

    def close(self) -> None:
        self.game = None


# --------------------------------------------------------------------------- advance

MAX_ADVANCE = 2000
"""An ``advance`` gives up after this many skips (a dealing has at most 156 prompts per deal)."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def reply_object(answer: Any, sent: dict[str, Any]) -> dict[str, Any]:
    """``answer`` if it is a JSON object; else the DriverError of a reply the kit cannot
    read (a driver other than ProcessDriver, which checks this itself, may return anything)."""
    if not isinstance(answer, dict):
        raise DriverError(f"the answer to {sent.get('op', 'a request')} is not a JSON object",
                          {"sent": sent, "received": answer})
    return answer


def advance(driver: Driver, until: dict[str, Any]) -> dict[str, Any]:
    """Skip every reveal prompt until ``until`` holds; return the observation then.

    ``{"draw": n}``: at least n cards dealt (or dealing over); ``{"prompt": seat}``: that seat
    is prompted to reveal; ``{"phase": p}``: the hand is in phase p. Stops early, returning
    the observation, when the hand needs any other decision. Every field read is checked
    first: an observation the macro cannot follow (``pending`` not an object, ``draws`` or
    the prompted seat not an integer, a skip not accepted) is a DriverError, never a crash."""
    observe = {"op": "observe"}
    for _ in range(MAX_ADVANCE):
        obs = reply_object(driver.run(dict(observe)), observe)
        pending = obs.get("pending")
        if pending is None:
            pending = {}
        if not isinstance(pending, dict):
            raise DriverError('advance cannot read the observation: "pending" is neither an '
                              "object nor null", {"sent": observe, "received": obs})
        dealing = obs.get("phase") == "dealing"
        if "draw" in until:
            draws = obs.get("draws", 0)
            if not _is_int(draws):
                raise DriverError('advance cannot read the observation: "draws" is not an '
                                  "integer", {"sent": observe, "received": obs})
            if draws >= until["draw"] or not dealing:
                return obs
        reveal = pending.get("decision") == "reveal"
        prompted = pending.get("seat") if reveal else None
        if "prompt" in until and prompted == until["prompt"]:
            return obs
        if "phase" in until and obs.get("phase") == until["phase"]:
            return obs
        if not reveal:
            return obs
        if not _is_int(prompted):
            raise DriverError('advance cannot read the observation: the reveal prompt\'s '
                              '"seat" is not an integer', {"sent": observe, "received": obs})
        skip = {"op": "act", "action": {"type": "skip", "seat": prompted}}
        answer = reply_object(driver.run(skip), skip)
        if answer.get("accepted") is not True:
            raise DriverError("a skip at a reveal prompt was rejected",
                              {"sent": skip, "received": answer, "observation": obs})
    raise DriverError(f"advance {until} did not finish after {MAX_ADVANCE} skips")
