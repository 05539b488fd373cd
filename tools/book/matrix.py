"""The results matrix of the book (``matrix.html``, issue 22, item 4): a row per clause,
grouped under a row per rule, a column per report; per-rule and overall totals; each
cell's counts by status and a link to the evidence of every failure, error and unexpected
pass in it (not only the first); rows marked failing for the page's "failing rows only"
filter.

Counts add up (issue 33, item 5): a scenario counts once, in the row of the first clause
it cites (the clause it was written for); under each other clause it cites it is shown as
"also citing", not counted again. A rule's row is the sum of its clause rows, the first
row the sum of the rules' (and of the scenarios whose first clause the spec lacks, if any,
in a row of their own)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from ..results.report import STATUSES

BAD_STATUSES = ("failed", "errored", "xpassed")
"""Statuses whose evidence the failures pages show, and which a matrix cell links to."""

CELL_ORDER = ("failed", "errored", "xpassed", "passed", "xfailed", "skipped")
"""A cell's ``data-status``: the first of these present among its scenarios."""


def _counts(records: Iterable[dict[str, Any]]) -> list[tuple[str, int]]:
    found = Counter(r["status"] for r in records)
    return [(s, found[s]) for s in STATUSES if found[s]]


def _home(record: dict[str, Any]) -> str:
    """The clause a scenario counts under: the first it cites (the clause it was written
    for, under which the book shows it), or "" when it cites none."""
    return record["clauses"][0] if record["clauses"] else ""


def totals(book: Any) -> dict[str, Any]:
    """Each report's counts by status over every scenario it reported, and per rule: a
    scenario counts once, in the row of its first clause (:func:`_home`), so a rule's
    totals are the sum of its clause rows and the overall totals the sum of the rules' plus
    ``unplaced`` (scenarios whose first clause the spec does not have, listed apart)."""
    overall = [_counts(report.records) for report in book.reports]
    rule_of = {c.id: rule.id for rule in book.spec.rules.values() for c in rule.clauses}
    per_rule: dict[str, list[list[tuple[str, int]]]] = {}
    for rule in book.spec.rules:
        per_rule[rule] = [_counts(r for r in report.records if rule_of.get(_home(r)) == rule)
                          for report in book.reports]
    unplaced = [_counts(r for r in report.records if _home(r) not in rule_of)
                for report in book.reports]
    return {"overall": overall, "rules": per_rule, "unplaced": unplaced}


def rows(book: Any) -> list[dict[str, Any]]:
    """The matrix rows: a heading row per rule (with its totals per report), then a row
    per clause with a cell per report: the counts of the scenarios that count there (their
    first clause), the counts of those that also cite it (shown, not added), the status
    shown and a link to the evidence of every failing scenario citing it. ``bad`` marks a
    row some cell of which has a failure."""
    per_report: list[dict[str, list[dict[str, Any]]]] = []
    for report in book.reports:
        index: dict[str, list[dict[str, Any]]] = {}
        for record in report.records:
            for clause in dict.fromkeys(record["clauses"]):
                index.setdefault(clause, []).append(record)
        per_report.append(index)
    sums = totals(book)
    out: list[dict[str, Any]] = []
    for rule in book.spec.rules.values():
        heading = {"rule": rule, "clause": None, "cells": [], "totals": sums["rules"][rule.id],
                   "bad": False}
        out.append(heading)
        for clause in rule.clauses:
            cells = []
            for report, index in zip(book.reports, per_report, strict=True):
                records = index.get(clause.id, [])
                own = [r for r in records if _home(r) == clause.id]
                also = [r for r in records if _home(r) != clause.id]
                counts = _counts(records)
                status = next((s for s in CELL_ORDER if dict(counts).get(s)), "none")
                bad = [r for r in records if r["status"] in BAD_STATUSES]
                links = [{"id": r["id"], "status": r["status"],
                          "href": f"failures/{report.slug}.html#{quote(r['id'], safe='')}"}
                         for r in bad]
                cells.append({"report": report, "status": status, "counts": _counts(own),
                              "also": _counts(also),
                              "href": links[0]["href"] if links else "", "links": links})
            failing = any(c["links"] for c in cells)
            heading["bad"] = heading["bad"] or failing
            out.append({"rule": None, "clause": clause, "cells": cells, "bad": failing})
    return out
