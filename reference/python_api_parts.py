"""The parts of the engine's Python API (:mod:`.python_api`) that the engine's own code
calls: the JSON of an action (``Action.to_json``), the non-default variants
(``Variants.to_mapping``), a reading's place in the total strength order
(``Combo.strength``), the reshuffle of a pack (``Deal.start`` without a queued deck order)
and why a deck order is not the pack, in words (``validate_deck``). No request of the
protocol reaches them: the engine reads actions and variants and never writes them back;
it orders only the readings of one card set (``combos._order``: a rocket and ordinary
readings), never a 5,10,K or a bomb against anything; ``start`` and ``next_hand`` always
carry the deck order, as a scenario's deal lists every redeal it needs; and a deck order
sent is 162 cards (the scenario schema) whose fourth copy of a face is refused as the
cards are read (R01.1), so a deck the engine is sent is the pack or refused before its
words are needed.

It imports nothing of the engine (the classes that call it are below it otherwise), and
like :mod:`.python_api` it sits beside the engine: ``fivetenk.mutation`` does not mutate
it (:data:`fivetenk.mutation.operators.TARGETS`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .actions import Action
    from .cards import Card
    from .combos import Combo, Shape
    from .variants import Variants

T = TypeVar("T")


def action_json(action: Action) -> dict[str, Any]:
    """The JSON form of ``action`` (``Action.to_json``), which ``Action.from_json`` reads
    back."""
    out: dict[str, Any] = {"type": action.type, "seat": action.seat}
    if action.type == "reveal":
        out["card"] = str(action.card)
    elif action.type in ("bury", "play"):
        out["cards"] = [str(c) for c in action.cards]
        if action.shape is not None:
            out["shape"] = action.shape
    elif action.type == "call":
        out["calls"] = [c.to_json() for c in action.calls]
    return out


def variants_mapping(variants: Variants) -> dict[str, str]:
    """The options of ``variants`` other than their defaults (each field's default is the
    first value of its variant in ``CHOICES``), keyed by their public names
    (``Variants.to_mapping``)."""
    out: dict[str, str] = {}
    for field in fields(variants):
        value = getattr(variants, field.name)
        if value != field.default:
            out["pass" if field.name == "pass_rule" else field.name] = value
    return out


def shuffled(cards: list[T], rng: random.Random) -> tuple[T, ...]:
    """``cards`` shuffled in place by ``rng`` (deterministic for a seeded generator)."""
    rng.shuffle(cards)
    return tuple(cards)


def pack_problems(cards: Sequence[Card], pack: Counter[Card],
                  what: str = "the deck") -> list[str]:
    """Why ``cards`` is not exactly ``pack`` (the 162-card pack, R01.1), one message per
    missing or extra face (empty if it is)."""
    problems: list[str] = []
    size = sum(pack.values())
    if len(cards) != size:
        problems.append(f"{what} has {len(cards)} cards, not {size} (R01.1)")
    counts = Counter(cards)
    extra = counts - pack
    missing = pack - counts
    if extra:
        problems.append(
            f"{what} has too many copies of "
            + ", ".join(f"{card} ({counts[card]})" for card in sorted(extra))
            + " (R01.1)"
        )
    if missing:
        problems.append(
            f"{what} lacks "
            + ", ".join(
                f"{card}" + (f" x{n}" if n > 1 else "") for card, n in sorted(missing.items())
            )
            + " (R01.1)"
        )
    return problems


def strength(combo: Combo, ordinary: Mapping[Shape, int]) -> tuple[int, int, int, int]:
    """``combo``'s position in the total strength order of :mod:`.combos`' docstring, larger
    is stronger (``Combo.strength``); ``ordinary`` gives each ordinary shape's place
    (``combos.ORDINARY_ORDER``)."""
    tier = combo.tier
    if tier == 0:
        return (0, ordinary[combo.shape], combo.length, int(combo.key))
    if tier == 2:
        return (2, int(combo.suit or 0), 0, 0)
    if tier == 3:
        return (3, combo.size, int(combo.key), 0)
    if tier == 4:
        return (4, combo.size, 0, 0)
    return (tier, 0, 0, 0)
