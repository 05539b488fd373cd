"""Decisions and actions of a hand, and their JSON form.

An :class:`Action` is what a seat does when the engine asks it for a decision
(:class:`Decision`): reveal a level card or skip the prompt (rules 8–9, D3), bury six
cards (R10.1, D7), announce both partner calls at once (R11.1, D7), play cards (R13.2)
or pass (R13.2, D18). Actions round-trip through JSON::

    {"type": "reveal", "seat": 3, "card": "3H"}
    {"type": "skip", "seat": 3}
    {"type": "bury", "seat": 2, "cards": ["3D", "3C", "4H", "4S", "6D", "7C"]}
    {"type": "call", "seat": 2, "calls": [{"face": "AH", "ordinal": 1},
                                          {"face": "KS", "ordinal": 2}]}
    {"type": "play", "seat": 4, "cards": ["7H", "7S"], "shape": "pair 7"}
    {"type": "pass", "seat": 4}

``shape`` is optional: a declared reading of the cards (D10). Malformed JSON (missing or
unknown keys, an unknown type, bad tokens) raises :class:`InvalidNotation`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from .cards import Card, parse_cards
from .errors import InvalidNotation
from .python_api_parts import action_json

SEATS = 6
"""Six players, seats 0–5 (D1)."""

ActionType = Literal["reveal", "skip", "bury", "call", "play", "pass"]
DecisionKind = Literal["reveal", "bury", "call", "play"]

ACTION_TYPES: tuple[ActionType, ...] = ("reveal", "skip", "bury", "call", "play", "pass")

_KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # type -> (required keys besides "type" and "seat", optional keys)
    "reveal": (frozenset({"card"}), frozenset()),
    "skip": (frozenset(), frozenset()),
    "bury": (frozenset({"cards"}), frozenset()),
    "call": (frozenset({"calls"}), frozenset()),
    "play": (frozenset({"cards"}), frozenset({"shape"})),
    "pass": (frozenset(), frozenset()),
}


def _seat(value: Any, what: str = "seat") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise InvalidNotation(f"{what} must be a seat number 0-5, not {value!r}")
    return value


def _token_list(value: Any, what: str) -> list[Card]:
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise InvalidNotation(f"{what} must be a list of card tokens, not {value!r}")
    return parse_cards([cast(str, v) for v in value])


@dataclass(frozen=True, slots=True)
class CallSpec:
    """One announced partner call: a face (``AH``) and which play occurrence of it, 1–3
    (R11.2, R11.4)."""

    face: Card
    ordinal: int

    def to_json(self) -> dict[str, Any]:
        return {"face": str(self.face), "ordinal": self.ordinal}

    @classmethod
    def from_json(cls, data: Any) -> CallSpec:
        """Parse ``{"face": "AH", "ordinal": 1}`` (``schemas/action.schema.json``); anything
        else is malformed, a text ``"AH:1"`` included."""
        if not isinstance(data, Mapping):
            raise InvalidNotation(f"a call must be an object {{face, ordinal}}, not {data!r}")
        missing = {"face", "ordinal"} - set(data)
        extra = set(data) - {"face", "ordinal"}
        if missing or extra:
            raise InvalidNotation(
                f"a call has exactly the keys face and ordinal; "
                f"{'missing ' + ', '.join(sorted(missing)) if missing else ''}"
                f"{'unexpected ' + ', '.join(sorted(extra)) if extra else ''}"
            )
        face, ordinal = data["face"], data["ordinal"]
        if not isinstance(face, str):
            raise InvalidNotation(f"a call face must be a card token, not {face!r}")
        if isinstance(ordinal, bool) or not isinstance(ordinal, int):
            raise InvalidNotation(f"a call ordinal must be an integer, not {ordinal!r}")
        return cls(Card.parse(face), ordinal)

    def __str__(self) -> str:
        return f"{self.face}:{self.ordinal}"


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must act and what kind of decision it is: ``reveal`` (reveal-or-skip prompt,
    D3), ``bury`` (R10.1), ``call`` (R11.1) or ``play`` (a lead or a reply, R13.1–R13.2)."""

    seat: int
    kind: DecisionKind

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "decision": self.kind}


@dataclass(frozen=True, slots=True)
class Action:
    """One action. Card collections are kept sorted (canonical order), so equal actions
    compare equal whatever order their cards were given in."""

    type: ActionType
    seat: int
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    calls: tuple[CallSpec, ...] = ()
    shape: str | None = None

    def __post_init__(self) -> None:
        if self.type not in ACTION_TYPES:
            raise InvalidNotation(
                f"unknown action type {self.type!r}: expected one of {', '.join(ACTION_TYPES)}"
            )
        _seat(self.seat)
        cards = self.cards
        if len(cards) > 1:
            ordered = tuple(sorted(cards, key=card_key))
            if ordered != cards:
                object.__setattr__(self, "cards", ordered)

    # -- constructors ----------------------------------------------------------------------
    @classmethod
    def reveal(cls, seat: int, card: Card | str) -> Action:
        return cls("reveal", seat, card=Card.parse(card) if isinstance(card, str) else card)

    @classmethod
    def skip(cls, seat: int) -> Action:
        return cls("skip", seat)

    @classmethod
    def bury(cls, seat: int, cards: Iterable[Card] | str) -> Action:
        return cls("bury", seat, cards=tuple(_cards(cards)))

    @classmethod
    def call(cls, seat: int, calls: Iterable[CallSpec | Mapping[str, Any]]) -> Action:
        specs = tuple(c if isinstance(c, CallSpec) else CallSpec.from_json(c) for c in calls)
        return cls("call", seat, calls=specs)

    @classmethod
    def play(cls, seat: int, cards: Iterable[Card] | str, shape: str | None = None) -> Action:
        return cls("play", seat, cards=tuple(_cards(cards)), shape=shape)

    @classmethod
    def pass_(cls, seat: int) -> Action:
        return cls("pass", seat)

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The JSON form, which :meth:`from_json` reads back; Python API only
        (:func:`.python_api_parts.action_json`)."""
        return action_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Parse the JSON form; raises :class:`InvalidNotation` saying what is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidNotation(f"an action must be a JSON object, not {data!r}")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in _KEYS:  # a list or object is no type
            raise InvalidNotation(
                f"unknown action type {kind!r}: expected one of {', '.join(ACTION_TYPES)}"
            )
        required, optional = _KEYS[kind]
        missing = ({"seat"} | required) - set(data)
        if missing:
            raise InvalidNotation(f"a {kind} action needs {', '.join(sorted(missing))}")
        extra = set(data) - {"type", "seat"} - required - optional
        if extra:
            raise InvalidNotation(f"a {kind} action has no {', '.join(sorted(extra))}")
        seat = _seat(data["seat"])
        if kind == "reveal":
            token = data["card"]
            if not isinstance(token, str):
                raise InvalidNotation(f"card must be one card token, not {token!r}")
            return cls.reveal(seat, Card.parse(token))
        if kind in ("bury", "play"):
            cards = _token_list(data["cards"], "cards")
            shape = data.get("shape")
            if shape is not None and not isinstance(shape, str):
                raise InvalidNotation(f"shape must be a reading such as 'pair 7', not {shape!r}")
            return cls(cast(ActionType, kind), seat, cards=tuple(cards), shape=shape)
        if kind == "call":
            calls = data["calls"]
            if not isinstance(calls, list | tuple):
                raise InvalidNotation(f"calls must be a list of {{face, ordinal}}, not {calls!r}")
            return cls.call(seat, calls)
        return cls(cast(ActionType, kind), seat)

    def __repr__(self) -> str:
        return f"Action.from_json({self.to_json()!r})"

    def __str__(self) -> str:
        if self.type == "reveal":
            return f"seat {self.seat} reveals {self.card}"
        if self.type == "skip":
            return f"seat {self.seat} skips"
        if self.type == "bury":
            return f"seat {self.seat} buries {' '.join(map(str, self.cards))}"
        if self.type == "call":
            return f"seat {self.seat} calls {', '.join(map(str, self.calls))}"
        if self.type == "play":
            shape = f" as {self.shape}" if self.shape else ""
            return f"seat {self.seat} plays {' '.join(map(str, self.cards))}{shape}"
        return f"seat {self.seat} passes"


def card_key(card: Card) -> int:
    """A fast sort key giving the canonical card order (strength, then suit)."""
    suit = card.suit
    return card.rank * 4 + (0 if suit is None else suit)


def _cards(cards: Iterable[Card] | str) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return [Card.parse(c) if isinstance(c, str) else c for c in cards]
