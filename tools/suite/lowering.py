"""Combination cases as play from a position, for implementations without pure queries.

An implementation that lacks the ``classify`` or ``beats`` command (or every query) but
can start from a ``position`` is still checked on rules 2–5 (its other query commands are
asked as usual): a ``beats`` step becomes a position in which seat 0 (the
banker) has led the top play and seat 1 holds the reply, then seat 1 plays it — the reply
beats exactly when the play is accepted, and the reading it took is the trick's new top. A
``classify`` step that only asks whether the cards are legal becomes seat 0 leading them.
Both players keep one spare card so that nobody goes out. Steps that ask for more than play
can show (every reading, the list of legal plays, points) are not lowered: such a scenario
is skipped, with the reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import Any

from ..impl.drivers import Driver, DriverError
from ..model.scenario import Scenario
from ..reference import ALL_FACES, DECKS, Card, RulesError

LOWERABLE = {"beats": frozenset({"beats", "reading"}), "classify": frozenset({"legal"})}
"""For each query op, the result paths that play from a position can show."""


LOWERED_COMMANDS = frozenset(LOWERABLE)
"""The query commands that can be asked through play when the implementation lacks them."""


def lowerable(scenario: Scenario, commands: Collection[str] = LOWERED_COMMANDS) -> bool:
    """Whether a query scenario can be checked with its ``commands`` steps asked through
    play (the implementation lacks those commands; its other steps are asked as they
    are): every such step asks only what play can show (:data:`LOWERABLE`), and every
    other step is a query (a scenario with a setup is not a query scenario). The runner
    asks this only when every command the implementation lacks is in ``commands``."""
    if scenario.setup is not None:
        return False
    for step in scenario.steps:
        if step["op"] not in commands:
            if step["op"] in LOWERABLE or step["op"] in ("plays", "points", "deck"):
                continue
            return False
        paths = LOWERABLE.get(step["op"])
        if paths is None or step.get("contains") or step.get("excludes"):
            return False
        if not set(step.get("expect", {})) <= paths:
            return False
    return True


def _spare(used: Counter[Card]) -> Card:
    """A card of no points that both players can hold besides ``used``."""
    for card in ALL_FACES:
        if card.points == 0 and not card.rank.is_joker and used[card] + 2 <= DECKS:
            return card
    raise ValueError("no spare card")  # cannot happen: a play holds at most 32 cards


def position_for(step: dict[str, Any], variants: dict[str, str]) -> dict[str, Any] | None:
    """The position that asks ``step`` through play, or None if none can be built (for
    instance more copies of a face between the two plays than three decks hold)."""
    # lazy: for an engine without classify or beats only
    from ..model.position_builder import build_position

    try:
        if step["op"] == "beats":
            top, reply = step["top"], step["reply"]
            used = Counter(Card.parse(c) for c in [*top, *reply])
            spare = str(_spare(used))
            lead = (0, " ".join(top), step["top_shape"]) if "top_shape" in step else \
                (0, " ".join(top))
            return build_position({0: [spare], 1: [*reply, spare]}, banker=0, trick=[lead],
                                  variants=variants)
        cards = step["cards"]
        spare = str(_spare(Counter(Card.parse(c) for c in cards)))
        return build_position({0: [*cards, spare], 1: [spare]}, banker=0, variants=variants)
    except (RulesError, ValueError):
        return None


def step_through_play(driver: Driver, step: dict[str, Any],
                      variants: dict[str, str]) -> dict[str, Any] | None:
    """The query result of ``step`` as seen through play, or None if it cannot be asked.
    Raises :class:`~fivetenk.impl.drivers.DriverError` for the implementation's faults,
    including an answer the kit cannot read (not an object, or an observation whose
    ``trick`` or ``trick.top`` is neither an object nor null): what the implementation
    sends is checked before it is read."""
    position = position_for(step, variants)
    if position is None:
        return None
    setup = {"op": "start", "variants": variants, "setup": {"position": position}}
    answer = _object(driver.start(variants, {"position": position}), setup)
    if answer.get("accepted") is False:
        return None
    if step["op"] == "classify":
        action = {"type": "play", "seat": 0, "cards": step["cards"]}
        return {"legal": _accepted(driver, action)}
    action = {"type": "play", "seat": 1, "cards": step["reply"]}
    if "reply_shape" in step:
        action["shape"] = step["reply_shape"]
    accepted = _accepted(driver, action)
    reading = None
    if accepted and "reading" in step.get("expect", {}):
        observe = {"op": "observe"}
        observation = _object(driver.run(dict(observe)), observe)
        trick = _member(observation, "trick", observe)
        top = _member(trick, "top", observe, observation)
        reading = top.get("combo")
    return {"beats": accepted, "reading": reading}


def _accepted(driver: Driver, action: dict[str, Any]) -> bool:
    """Whether the implementation accepts ``action``."""
    request = {"op": "act", "action": action}
    return _object(driver.run(request), request).get("accepted") is True


def _object(answer: Any, sent: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(answer, dict):
        raise DriverError(f"the answer to {sent['op']} is not a JSON object",
                          {"sent": sent, "received": answer})
    return answer


def _member(value: dict[str, Any], key: str, sent: dict[str, Any],
            observation: dict[str, Any] | None = None) -> dict[str, Any]:
    """``value[key]`` when it is an object; ``{}`` when it is missing or null; else a
    DriverError (the observation cannot be read through play)."""
    member = value.get(key)
    if member is None:
        return {}
    if not isinstance(member, dict):
        raise DriverError(f'the observation cannot be read through play: "{key}" is neither '
                          "an object nor null",
                          {"sent": sent, "received": value if observation is None else observation})
    return member
