#!/usr/bin/env python3
"""The reference adapter with an enumeration mistake that shows only in long hands: when
it lists the leads of a hand of more than 16 cards, it leaves out every airplane with pair
wings (a move generator that stops trying wings once a hand is large, say, to save time).
Shorter hands, replies, and reading or comparing such a play (``classify``, ``beats``) stay
right.

Real hands hold 26 cards (32 for the banker with the kitty), so this is a bug of every
real game; ``fivetenk fuzz`` found nothing like it while its ``plays`` hands had at most 14
cards (issue 19). tests/fuzz/test_fuzz_queries.py shows the fuzzer finds it now, in a hand of
more than 16 cards.
"""

from __future__ import annotations

import sys
from typing import Any

from fivetenk.impl import drivers
from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference.combos import Combo, Shape
from fivetenk.reference.variants import DEFAULT, Variants

LONG = 16
"""Hands of more cards than this lose their airplanes with pairs from the leads."""

_legal_plays = drivers.legal_plays


def legal_plays(hand: Any, top: Combo | None = None, variants: Variants = DEFAULT) -> Any:
    plays = _legal_plays(hand, top, variants)
    if top is not None or len(hand) <= LONG:
        return plays
    return [p for p in plays if p.combo.shape is not Shape.AIRPLANE_PAIRS]


def main() -> int:
    setattr(drivers, "legal_plays", legal_plays)  # noqa: B010 - imported there, not exported
    adapter = Adapter(name="fuzz-long-hands (no airplane with pairs among the leads of long hands)")
    return serve(sys.stdin.buffer, sys.stdout.buffer, adapter)


if __name__ == "__main__":
    sys.exit(main())
