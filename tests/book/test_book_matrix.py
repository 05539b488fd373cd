"""Matrix counts add up (issue 33, item 5): a scenario counts once, in the row of its first
clause; a rule's row is the sum of its clause rows, the overall row the sum of the rules'
(plus scenarios whose first clause the spec lacks); other clauses it cites show it as
"also citing it", not counted, and link its evidence."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

from fivetenk.book import Report
from fivetenk.book.matrix import rows, totals
from fivetenk.model.spec_data import load_spec

SPEC = load_spec()


def record(ident: str, status: str, *clauses: str) -> dict[str, Any]:
    return {"record": "scenario", "id": ident, "status": status, "clauses": list(clauses),
            "rule": clauses[0].split(".")[0] if clauses else ""}


def fake_book() -> Any:
    records = [record("a", "failed", "R01.1", "R05.2"), record("b", "passed", "R05.2"),
               record("c", "failed", "R05.2", "R01.1", "R05.1"),
               record("d", "passed", "R01.2"), record("e", "errored", "R99.1", "R01.1"),
               record("f", "skipped")]
    report = Report(name="x", slug="x", file="x.jsonl", records=records)
    return SimpleNamespace(spec=SPEC, reports=[report])


def test_rule_rows_are_the_sum_of_their_clause_rows_and_the_total_of_the_rules() -> None:
    book = fake_book()
    sums = totals(book)
    table = rows(book)
    rule_sum: Counter[str] = Counter()
    grand: Counter[str] = Counter()
    current = None
    per_rule: dict[str, Counter[str]] = {}
    for row in table:
        if row["rule"] is not None:
            current = row["rule"].id
            per_rule[current] = Counter()
            assert row["totals"] == sums["rules"][current]
            continue
        assert current is not None
        per_rule[current].update(dict(row["cells"][0]["counts"]))
    for rule, counted in per_rule.items():
        assert Counter(dict(sums["rules"][rule][0])) == counted, rule
        rule_sum.update(counted)
    grand.update(rule_sum)
    grand.update(dict(sums["unplaced"][0]))
    assert grand == Counter(dict(sums["overall"][0])) == Counter(
        r["status"] for r in book.reports[0].records)
    cell = {row["clause"].id: row["cells"][0] for row in table if row["clause"] is not None}
    assert cell["R01.1"]["counts"] == [("failed", 1)]  # a: its first clause
    assert dict(cell["R01.1"]["also"]) == {"failed": 1, "errored": 1}  # c, e: shown only
    assert {link["id"] for link in cell["R01.1"]["links"]} == {"a", "c", "e"}
    assert dict(cell["R05.2"]["counts"]) == {"passed": 1, "failed": 1}  # b, c
    assert dict(sums["unplaced"][0]) == {"errored": 1, "skipped": 1}  # e, f
