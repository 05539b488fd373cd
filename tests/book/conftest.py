"""What the book's tests share (issue 29, item 4): the two reports and the English and
Spanish books of them are built once a session, by the kit's own commands, and read by
tests/book/test_book.py (parsed) and tests/book/test_book_browser.py (in Chromium), both in
the xdist group ``book`` (one worker builds them). Each report is a ``fivetenk check`` of the
suite, each book a ``fivetenk book``: seconds each, and both modules built their own."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest
from built import BREAKER, BROKEN_RULE, MINIATURES, build

from fivetenk.cli import main


@pytest.fixture(scope="session")
def book_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``reference`` (the reference engine: everything passes) and ``broken`` (the
    rule-breaker :data:`built.BREAKER` on its rule: some fail), each written by
    ``fivetenk check --jsonl``."""
    folder = tmp_path_factory.mktemp("reports")
    made = {"reference": folder / "reference.jsonl", "broken": folder / "broken.jsonl"}
    check = ["check", "--quiet", "--no-progress", "--jsonl"]
    assert main([*check, str(made["reference"])]) == 0
    impl = shlex.join([sys.executable, str(MINIATURES / "rulebreaker.py"), BREAKER])
    assert main([*check, str(made["broken"]), "--rule", BROKEN_RULE, "--impl", impl]) == 1, \
        "the breaker must fail"
    return made


@pytest.fixture(scope="session")
def english_book(tmp_path_factory: pytest.TempPathFactory,
                 book_reports: dict[str, Path]) -> Path:
    """``fivetenk book --out DIR --report reference=... --report broken=...``."""
    out = tmp_path_factory.mktemp("book") / "book"
    started = time.perf_counter()
    assert build(out, book_reports) == 0
    seconds = time.perf_counter() - started
    print(f"\nbook built in {seconds:.2f} s; search index "
          f"{(out / 'search-index.js').stat().st_size} bytes")
    return out


@pytest.fixture(scope="session")
def spanish_book(tmp_path_factory: pytest.TempPathFactory,
                 book_reports: dict[str, Path]) -> Path:
    """The same with ``--lang es``."""
    out = tmp_path_factory.mktemp("book-es") / "es"
    assert build(out, book_reports, "--lang", "es") == 0
    return out
