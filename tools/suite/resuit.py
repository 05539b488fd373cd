"""Re-suiting a scenario for an engine of a smaller pack (issue 32, item 2; ruling D39).

Suits play no part in this game outside 5,10,K (R02.1, R03.2, R04): ``4H 4H`` and
``4H 4D`` are the same pair to every rule but the pack's. A scenario whose card sets need
more copies of a face than the pack an implementation declares (``pack: 1``) would be
skipped (D39); when no step of it depends on suits, :func:`resuit` gives it with each card
set's surplus copies moved to other suits of the same rank, and the kit runs that instead,
saying so (the result's note, and the report's profile line).

A scenario is re-suited only when that cannot change any verdict:

- queries only (``classify``, ``beats``, ``plays``, ``points``), no setup: a game's cards
  are a deal or a position whose suits are the cards themselves;
- no step judges a rejection (a fourth copy of a face is refused as such: R01.1);
- no step holds a 5, a 10 and a K (only a 5,10,K reads suits) or names a 5,10,K;
- each card set (the lists of one step together, as the pack word counts them) fits the
  pack once re-suited: no rank needs more copies than four suits times the pack, and no
  joker more than the pack.

Otherwise it is None, and the scenario stays skipped with its reason.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from ..impl.conventions import QUERY_CARD_KEYS
from ..model.scenario import Scenario, judges_rejection

_SUITS = "SHDC"
_QUERIES = frozenset({"classify", "beats", "plays", "points"})


def resuit(scenario: Scenario, pack: int) -> Scenario | None:
    """``scenario`` with its card sets re-suited to fit a pack of ``pack`` decks, or None
    when it cannot be, or could change a verdict (see the module docstring)."""
    if scenario.setup is not None or not scenario.steps:
        return None
    try:
        if "5-10-K" in json.dumps(scenario.steps):
            return None
    except (TypeError, ValueError):
        return None
    steps: list[dict[str, Any]] = []
    changed = False
    for step in scenario.steps:
        op = step.get("op") if isinstance(step, dict) else None
        if op not in _QUERIES or judges_rejection(step):
            return None
        moved = _step(step, QUERY_CARD_KEYS[str(op)], pack)
        if moved is None:
            return None
        changed = changed or moved != step
        steps.append(moved)
    return dataclasses.replace(scenario, steps=steps) if changed else None


def _rank(token: str) -> str:
    return token if token in ("SJ", "BJ") else token[:-1]


def _step(step: dict[str, Any], keys: tuple[str, ...], pack: int) -> dict[str, Any] | None:
    lists = {k: step[k] for k in keys if k in step}
    if not all(isinstance(v, list) and all(isinstance(t, str) and len(t) >= 2 for t in v)
               for v in lists.values()):
        return None
    ranks = {_rank(t) for v in lists.values() for t in v}
    if {"5", "10", "K"} <= ranks:
        return None  # a 5,10,K reads suits (R04)
    held: dict[str, int] = {}
    out = dict(step)
    for key, tokens in lists.items():
        new: list[str] = []
        for token in tokens:
            if held.get(token, 0) < pack:
                face = token
            elif token in ("SJ", "BJ"):
                return None  # a joker has no other suit
            else:
                rank = _rank(token)
                face = next((rank + s for s in _SUITS if held.get(rank + s, 0) < pack), "")
                if not face:
                    return None
            held[face] = held.get(face, 0) + 1
            new.append(face)
        out[key] = new
    return out
