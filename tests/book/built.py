"""The book the tests of tests/book/ read, and how they build one (tests/book/conftest.py
builds it once for the session)."""

from __future__ import annotations

from pathlib import Path

from helpers import TESTS

from fivetenk.cli import main

MINIATURES = TESTS / "miniatures"
BREAKER = "two_below_ace"
"""The rule-breaker whose report is the matrix's failing column: a 2 ranks below the ace
as a single, pair or triple (R02.1, rulings D8 and D11), checked on R02 alone
(``--rule R02``), so the other rules have no result in its report."""
BROKEN_RULE = "R02"


def build(out: Path, reports: dict[str, Path], *extra: str) -> int:
    """``fivetenk book --out OUT --report NAME=FILE ... EXTRA``, in this process: its exit
    status."""
    args = ["book", "--out", str(out)]
    for name, path in reports.items():
        args += ["--report", f"{name}={path}"]
    return main([*args, *extra])
