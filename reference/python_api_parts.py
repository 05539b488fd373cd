"""The parts of the engine's Python API (:mod:`.python_api`) that the engine's own classes
call: the JSON of an action (``Action.to_json``), the non-default variants
(``Variants.to_mapping``) and the reshuffle of a pack (``Deal.start`` without a queued
deck order). No request of the protocol reaches them: the engine reads actions and
variants and never writes them back, and ``start`` and ``next_hand`` always carry the
deck order, as a scenario's deal lists every redeal it needs.

It imports nothing of the engine (the classes that call it are below it otherwise), and
like :mod:`.python_api` it sits beside the engine: ``fivetenk.mutation`` does not mutate
it (:data:`fivetenk.mutation.operators.TARGETS`).
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .actions import Action
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
