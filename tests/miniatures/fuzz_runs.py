#!/usr/bin/env python3
"""The reference adapter with the bug a real third-party 5,10,K engine had: a pair run
(``pairs``) is beaten only by the pair run *exactly one rank higher* (``pairs 4-5`` beats
``pairs 3-4``, but ``pairs 6-7`` does not). Everything else is the reference engine.

A plausible mistake: the engine compares pair runs the way it chains them (the next pair
must be one rank up), not by "same length, higher top". Its comparison and its list of
legal replies agree with each other, so it is consistent and speaks the protocol
perfectly. The shipped suite has no pair run beaten by one more than a rank higher, so it
passes this engine (tests/fuzz/test_fuzz_queries.py shows it); ``fivetenk fuzz`` finds it.
"""

from __future__ import annotations

import sys
from typing import Any

from fivetenk.impl import drivers
from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import combos
from fivetenk.reference.combos import Combo, Shape
from fivetenk.reference.variants import DEFAULT, Variants

_beats = combos.beats
_legal_plays = drivers.legal_plays


def _wrong(reply: Combo, top: Combo | None) -> bool:
    """Whether the engine refuses this reply that the reference accepts."""
    return (top is not None and reply.shape is Shape.PAIR_RUN and top.shape is Shape.PAIR_RUN
            and reply.length == top.length and reply.key != top.key + 1)


def beats(reply: Combo, top: Combo, variants: Variants = DEFAULT) -> bool:
    return _beats(reply, top, variants) and not _wrong(reply, top)


def legal_plays(hand: Any, top: Combo | None = None, variants: Variants = DEFAULT) -> Any:
    return [p for p in _legal_plays(hand, top, variants) if not _wrong(p.combo, top)]


def main() -> int:
    combos.beats = beats
    setattr(drivers, "beats", beats)  # noqa: B010 - imported there, not exported
    setattr(drivers, "legal_plays", legal_plays)  # noqa: B010
    adapter = Adapter(name="fuzz-runs (a pair run is beaten only by the next one up)")
    return serve(sys.stdin.buffer, sys.stdout.buffer, adapter)


if __name__ == "__main__":
    sys.exit(main())
