"""The results matrix of the book (``matrix.html``, issue 22, item 4): a row per clause,
grouped under a row per rule, a column per report; per-rule and overall totals; each
cell's counts by status and a link to the evidence of every failure, error and unexpected
pass in it (not only the first); rows marked failing for the page's "failing rows only"
filter."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from ..report import STATUSES

BAD_STATUSES = ("failed", "errored", "xpassed")
"""Statuses whose evidence the failures pages show, and which a matrix cell links to."""

CELL_ORDER = ("failed", "errored", "xpassed", "passed", "xfailed", "skipped")
"""A cell's ``data-status``: the first of these present among its scenarios."""


def _counts(records: Iterable[dict[str, Any]]) -> list[tuple[str, int]]:
    found = Counter(r["status"] for r in records)
    return [(s, found[s]) for s in STATUSES if found[s]]


def _rule_of(record: dict[str, Any]) -> str:
    rule = record.get("rule")
    if isinstance(rule, str) and rule:
        return rule
    return record["clauses"][0].split(".")[0] if record["clauses"] else ""


def totals(book: Any) -> dict[str, Any]:
    """Each report's counts by status over every scenario it reported, and per rule (a
    scenario counts once, under the rule it belongs to)."""
    overall = [_counts(report.records) for report in book.reports]
    per_rule: dict[str, list[list[tuple[str, int]]]] = {}
    for rule in book.spec.rules:
        per_rule[rule] = [_counts(r for r in report.records if _rule_of(r) == rule)
                          for report in book.reports]
    return {"overall": overall, "rules": per_rule}


def rows(book: Any) -> list[dict[str, Any]]:
    """The matrix rows: a heading row per rule (with its totals per report), then a row
    per clause with a cell per report (counts by status, the status shown, and a link to
    every failing scenario's evidence). ``bad`` marks a row some cell of which failed."""
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
                counts = _counts(records)
                status = next((s for s in CELL_ORDER if dict(counts).get(s)), "none")
                bad = [r for r in records if r["status"] in BAD_STATUSES]
                links = [{"id": r["id"], "status": r["status"],
                          "href": f"failures/{report.slug}.html#{quote(r['id'], safe='')}"}
                         for r in bad]
                cells.append({"report": report, "status": status, "counts": counts,
                              "href": links[0]["href"] if links else "", "links": links})
            failing = any(c["links"] for c in cells)
            heading["bad"] = heading["bad"] or failing
            out.append({"rule": None, "clause": clause, "cells": cells, "bad": failing})
    return out
