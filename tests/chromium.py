"""The one Chromium of a test process, shared by every browser test module.

Playwright's sync API runs its event loop in the calling thread, so two ``sync_playwright()``
open at once in one process fail with "Sync API inside the asyncio loop". The book's tests
and the browser table's tests both need a browser, and with ``-n 0`` (or when xdist puts
both groups on one worker) they run in one process: they share the session fixture
``browser`` from tests/conftest.py, which is this module's :func:`chromium`.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

INSTALL = "apt-get install -y chromium && pip install playwright"
WAIT_MS = 120_000
"""Playwright's waits, in ms: a bound on an event, long enough for a busy machine."""


def browser_required() -> bool:
    """Whether a missing browser fails rather than skips: ``FIVETENK_BROWSER_REQUIRED=1``,
    or the ``CI`` variable most CI services set."""
    if os.environ.get("FIVETENK_BROWSER_REQUIRED", "") not in ("", "0"):
        return True
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def chromium() -> Iterator[Browser]:
    """Debian's chromium driven by Playwright (never ``playwright install``); skips, or
    fails where the browser is required, when either is missing."""
    executable = shutil.which("chromium")
    problem = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        problem = "the Python package playwright is not installed"
    if executable is None:
        problem = (problem + " and " if problem else "") + "no chromium on PATH"
    if problem is not None:
        message = f"browser tests: {problem}; install with: {INSTALL}"
        if browser_required():
            pytest.fail(f"{message} (required: CI or FIVETENK_BROWSER_REQUIRED is set, "
                        f"so the browser tests may not skip)", pytrace=False)
        pytest.skip(message)
    assert executable is not None
    with sync_playwright() as playwright:
        # root in a container: no sandbox; a small /dev/shm (Docker's 64 MB) crashes tabs
        launched = playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox", "--disable-dev-shm-usage"])
        from playwright.sync_api import expect

        expect.set_options(timeout=WAIT_MS)
        yield launched
        launched.close()
