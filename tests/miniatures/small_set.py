#!/usr/bin/env python3
"""An engine that plays a smaller combination set, and says so:
``small_set.py [--undeclared] [--rocket VALUE]``.

The combination set of the Dou Dizhu family met in real engines (issue 8): no straights
and no kickers -- no ``straight``, ``triple+single``, ``triple+pair``,
``airplane+singles``, ``airplane+pairs``. It is the reference engine with those readings
taken out everywhere (classifying, beating, listing plays, playing a game), served with
the real adapter loop, so it answers every other case right. Its handshake declares the
``shapes`` it has; the kit must then skip every scenario that uses one of the others, with
the reason, and pass the rest: no expectations file needed.

- ``--undeclared``: the same engine, but its handshake claims every shape (as an adapter
  written before issue 8 would): the scenarios using the missing shapes fail, and the
  report groups those failures by shape.
- ``--rocket VALUE`` (a value of the ``rocket`` variant, e.g. ``six_jokers``): the engine
  plays that rocket when a scenario names none, and its handshake lists only that value,
  so it does not play the default ``pair``: the scenarios that depend on the default are
  skipped (``fivetenk.suite.profile``). With ``--undeclared`` too, it claims the default.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from fivetenk.impl.adapter import Adapter, serve
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.words import SHAPES
from fivetenk.reference import combos, plays
from fivetenk.reference.combos import Shape
from fivetenk.reference.variants import CHOICES

LEFT_OUT = frozenset({Shape.STRAIGHT, Shape.TRIPLE_SINGLE, Shape.TRIPLE_PAIR,
                      Shape.AIRPLANE_SINGLES, Shape.AIRPLANE_PAIRS})
"""The shapes this engine does not have."""
DECLARED = [s for s in SHAPES if s not in {shape.value for shape in LEFT_OUT}]
"""The shapes its handshake declares."""


def need(owner: object, *names: str) -> None:
    """Fail loudly (exit 2) if the engine no longer has what a patch replaces."""
    for name in names:
        if not hasattr(owner, name):
            sys.exit(f"small_set.py: the engine changed: {owner!r} has no {name!r}")


def restrict() -> None:
    """Take the left-out readings out of the reference engine: out of every
    classification (and so of beating and of play in a game, which read cards through
    it) and out of the plays it lists."""
    need(combos, "readings_of_counts")
    need(plays, "candidates")
    original: Callable[..., tuple[Any, ...]] = combos.readings_of_counts

    @lru_cache(maxsize=1 << 16)
    def readings_of_counts(*args: Any) -> tuple[Any, ...]:
        return tuple(c for c in original(*args) if c.shape not in LEFT_OUT)

    combos.readings_of_counts = readings_of_counts  # type: ignore[assignment]
    candidates = plays.candidates

    def _candidates(*args: Any) -> Iterator[Any]:
        return (c for c in candidates(*args) if c[0].shape not in LEFT_OUT)

    plays.candidates = _candidates


class HouseRocket(ReferenceDriver):
    """The reference driver playing ``rocket`` = ``value`` when a scenario names none."""

    def __init__(self, value: str) -> None:
        super().__init__()
        self.rocket = value

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        return super().start({"rocket": self.rocket, **variants}, setup)


def main(argv: list[str]) -> int:
    undeclared = "--undeclared" in argv
    args = [a for a in argv if a != "--undeclared"]
    rocket = None
    if args[:1] == ["--rocket"] and len(args) == 2 and args[1] in CHOICES["rocket"]:
        rocket = args[1]
    elif args:
        print("usage: small_set.py [--undeclared] [--rocket VALUE] (VALUE one of "
              f"{', '.join(CHOICES['rocket'])})", file=sys.stderr)
        return 2
    restrict()
    adapter = Adapter(HouseRocket(rocket) if rocket else None, name="small-set",
                      version="no straights, no kickers")
    hello = adapter.hello_result()
    if not undeclared:
        hello["shapes"] = DECLARED
        if rocket:
            hello["variants"] = {**hello["variants"], "rocket": [rocket]}
    else:
        del hello["shapes"]  # a handshake from before shapes existed: every shape
    adapter.hello_result = lambda: hello  # type: ignore[method-assign]
    return serve(sys.stdin.buffer, sys.stdout.buffer, adapter)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
