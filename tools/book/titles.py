"""The Spanish titles of the scenarios a rule page shows as its clauses' examples (issue
22): on the Spanish book these read in Spanish; every other scenario keeps its English
title, marked ``lang="en"``. A test fails for an example without one here, so the kit's
pick (:func:`fivetenk.book.reading.pick_examples`) prefers the scenarios listed."""

from __future__ import annotations

TITLES: dict[str, str] = {
}
"""Scenario id -> its title in Spanish, in the words of rules.es.txt."""
