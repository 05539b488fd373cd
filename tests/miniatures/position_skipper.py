#!/usr/bin/env python3
"""The reference adapter with ONE consistency check of a position skipped:
``position_skipper.py CODE`` (``--list`` lists the codes with what each check refuses).

``CODE`` is a code of ruling D40's table (``reference/rejections.py``,
``POSITION_PROBLEMS``): the patched engine never records a problem of that code when it
reads a position, and carries on as if the check had passed, as an engine without the
check would; every other check, and the protocol, stay the reference's. The scenarios of
that duty must catch it (the position they send is then accepted, or refused citing
another clause), which is how tests/features/test_position_duties.py proves each check has one.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from fivetenk.impl.adapter import Adapter, serve
from fivetenk.reference import position
from fivetenk.reference.rejections import POSITION_PROBLEMS


def skip(code: str) -> None:
    """Patch the position checker so that problems of ``code`` are never recorded."""
    checker = getattr(position, "_Checker", None)
    if checker is None or not hasattr(checker, "add"):
        sys.exit("position_skipper.py: the engine changed: reference.position has no "
                 "_Checker.add")
    add = checker.add

    def patched(self: Any, problem_code: str, message: str) -> None:
        if problem_code != code:
            add(self, problem_code, message)

    checker.add = patched


def main() -> int:
    args = sys.argv[1:]
    codes = {p.code: p for p in POSITION_PROBLEMS}
    if args == ["--list"]:
        print(json.dumps({p.code: {"clause": p.clause, "skips": p.description}
                          for p in POSITION_PROBLEMS}, indent=2))
        return 0
    if len(args) != 1 or args[0] not in codes:
        print("usage: position_skipper.py CODE (a code of D40's position_problems) | --list",
              file=sys.stderr)
        return 2
    skip(args[0])
    adapter = Adapter(name=f"position skipper {args[0]} ({codes[args[0]].clause}: does not "
                           f"refuse {codes[args[0]].description})")
    return serve(sys.stdin.buffer, sys.stdout.buffer, adapter)


if __name__ == "__main__":
    sys.exit(main())
