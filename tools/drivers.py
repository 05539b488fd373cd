"""Drivers: what runs a scenario's primitive operations against an implementation.

A driver answers five pure queries (``classify``, ``beats``, ``plays``, ``points``,
``deck``) and four game operations (start from a setup, ``act``, ``observe``,
``next_hand``). The runner builds everything else (the ``advance`` macro, expectation
checks) on top of these, so the reference engine in process and any other
implementation behind the JSON-lines protocol are checked by the same code.
"""

from __future__ import annotations

from typing import Any, Protocol

from .reference import (
    DEFAULT,
    Combo,
    RulesError,
    Variants,
    beats,
    classify,
    full_deck,
    legal_plays,
    parse_cards,
    points,
)
from .reference.cards import ALL_FACES, DECKS
from .reference.cards import Rank as _Rank

QUERY_CAPABILITIES = ("classify", "beats", "plays", "points", "deck")
"""The five pure combination queries, each a capability of its own (issue 8, D-1): an
engine without a play enumerator lacks ``plays`` only, a Dou Dizhu judge ``points``."""
CAPABILITIES = (*QUERY_CAPABILITIES, "deal", "position")
"""What an implementation may support: each query command, starting a hand from an
explicit deal, starting from a position."""
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


class Driver(Protocol):
    """What the runner needs of an implementation."""

    name: str
    capabilities: frozenset[str]

    def supports_variants(self, variants: dict[str, str]) -> bool: ...

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]: ...

    def run(self, step: dict[str, Any]) -> dict[str, Any]: ...

    def close(self) -> None: ...


def rejection(err: RulesError) -> dict[str, Any]:
    """The result of a rejected action or bad input: accepted false, the clause it cites."""
    return {"accepted": False, "clause": err.clause, "error": {"code": err.code,
                                                               "clause": err.clause,
                                                               "message": err.message}}


def play_text(combo: Combo, ranks: tuple[_Rank, ...]) -> str:
    """A play in the scenario notation: ``'pair 7: 7 7'`` (reading, then the ranks)."""
    return f"{combo.notation()}: {' '.join(r.symbol for r in ranks)}"


class ReferenceDriver:
    """The bundled reference engine, in process."""

    name = "fivetenk reference engine"
    capabilities = frozenset(CAPABILITIES)
    shapes: frozenset[str] | None = None
    """The shapes it plays: None, every shape (see :mod:`fivetenk.profile`)."""

    def __init__(self) -> None:
        self.variants: Variants = DEFAULT
        self.game: Any = None

    def supports_variants(self, variants: dict[str, str]) -> bool:
        return True

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        self.variants = Variants.from_mapping(variants)
        self.game = None
        if setup is None:
            return {"accepted": True}
        from .reference.game import Game

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
                    levels=[_Rank.parse(lv) for lv in deal["levels"]] if "levels" in deal else None,
                    previous_winners=deal.get("previous_winners"),
                    previous_banker=deal.get("previous_banker"),
                    hand_number=deal.get("hand", 1),
                )
        except RulesError as err:
            return rejection(err)
        return {"accepted": True}

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
            try:
                self.game.apply(step["action"])
            except RulesError as err:
                return rejection(err)
            return {"accepted": True, "clause": None}
        if op == "observe":
            observation: dict[str, Any] = self.game.observe()
            return observation
        if op == "next_hand":
            try:
                self.game.next_hand(deck=parse_cards(step["deck"]), first=step.get("first"))
            except RulesError as err:
                return rejection(err)
            return {"accepted": True, "clause": None}
        raise DriverError(f"unknown step op {op!r}")

    def _top(self, step: dict[str, Any]) -> Combo:
        from .reference import choose_reading

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
        top = self._top(step) if "top" in step else None
        plays = legal_plays(parse_cards(step["hand"]), top, self.variants)
        texts = sorted(play_text(p.combo, p.ranks) for p in plays)
        return {"count": len(texts), "plays": texts}

    def close(self) -> None:
        self.game = None
