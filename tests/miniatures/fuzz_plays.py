#!/usr/bin/env python3
"""The reference adapter with a legal-play enumeration mistake: when it lists the plays of
a hand, the single kicker of a triple is tried among the ranks 3 to 2 only (the loop over
kicker ranks stops before the jokers), so ``triple+single 5: 5 5 5 SJ`` is never listed,
as a lead or as a reply. Reading and comparing such a play (``classify``, ``beats``) stays
right: only the enumerator is wrong, as in an engine whose move generator and judge are
separate code.

The shipped suite lists no hand where a joker is a triple's only possible single kicker
choice it checks, so it passes this engine (tests/fuzz/test_fuzz_queries.py shows it);
``fivetenk fuzz`` finds it.
"""

from __future__ import annotations

import sys
from typing import Any

from fivetenk.impl import drivers
from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference.combos import Combo, Shape
from fivetenk.reference.variants import DEFAULT, Variants

_legal_plays = drivers.legal_plays


def _joker_kicker(play: Any) -> bool:
    combo = play.combo
    return combo.shape is Shape.TRIPLE_SINGLE and any(
        rank.is_joker and rank != combo.key for rank in play.ranks)


def legal_plays(hand: Any, top: Combo | None = None, variants: Variants = DEFAULT) -> Any:
    return [p for p in _legal_plays(hand, top, variants) if not _joker_kicker(p)]


def main() -> int:
    setattr(drivers, "legal_plays", legal_plays)  # noqa: B010 - imported there, not exported
    adapter = Adapter(name="fuzz-plays (a joker is never a triple's single kicker in lists)")
    return serve(sys.stdin.buffer, sys.stdout.buffer, adapter)


if __name__ == "__main__":
    sys.exit(main())
