#!/usr/bin/env python3
"""The reference adapter reading a position's trick only up to its first refused play:
the plays after it are left unread, as an engine that stops at the first problem of a
trick would, so their cards count as gone in earlier tricks instead of on the table.

Every position whose trick holds no refused play, or none followed by another play, is
read as the reference reads it. A trick with a refused reply followed by a play holding
points is then refused citing R06.2 (the captured points no longer add up) instead of the
reply's clause: R03-705 must catch it (tests/features/test_position_duties.py).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import RulesError, position
from fivetenk.reference.cards import parse_cards
from fivetenk.reference.combos import choose_reading


def _first_refused(raw: Any, variants: Any) -> int | None:
    """The index of the first play of the trick ``raw`` that no reading allows on the top
    play before it (None: none is refused, or the trick is not one to read)."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("plays"), list):
        return None
    top = None
    for index, entry in enumerate(raw["plays"]):
        if not isinstance(entry, Mapping) or entry.get("pass") is True:
            continue
        try:
            top = choose_reading(parse_cards(list(entry["cards"])),
                                 declared=entry.get("combo"), top=top, variants=variants)
        except (RulesError, KeyError, TypeError):
            return index
    return None


def stop_at_first_refused_play() -> None:
    """Patch the position reader so that a trick ends at its first refused play."""
    original = getattr(position, "_parse_trick", None)
    if original is None:
        sys.exit("position_short_trick.py: the engine changed: reference.position has no "
                 "_parse_trick")

    def patched(ck: Any, raw: Any, variants: Any, phase: str) -> Any:
        cut = _first_refused(raw, variants)
        if cut is not None:
            raw = {**raw, "plays": raw["plays"][:cut + 1]}
        return original(ck, raw, variants, phase)

    position._parse_trick = patched


def main() -> int:
    stop_at_first_refused_play()
    adapter = Adapter(name="position short trick (reads a position's trick only up to its "
                           "first refused play)")
    return serve(sys.stdin.buffer, sys.stdout.buffer, adapter)


if __name__ == "__main__":
    sys.exit(main())
