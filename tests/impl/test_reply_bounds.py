"""Checking a reply is bounded in work, memory and time (issue 18, item 1).

A well-framed reply under the 1 MiB line bound can still hold 400,000 integers where
strings belong. jsonschema alone collected one error per item under every alternative of a
``oneOf`` and quoted the whole value in each message: 20-77 s and 1.7 GB for one reply.
Now a reply's lists and objects are first held to what a valid reply can need
(:func:`fivetenk.impl.protocol.size_problem`), validation stops after a few errors, and the check
counts in the reply's timeout. ``tests/miniatures/bulky.py`` sends such replies from a real
process; ``python -m fivetenk.bench.bounds`` prints the time and memory it costs.
"""

from __future__ import annotations

import re
import sys
import time
from typing import Any

import pytest
from helpers import GUARANTEES, ROOT, run_kit

from fivetenk.impl import process_driver
from fivetenk.impl.adapter import Adapter
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.impl.protocol import (
    BRANCH_ERRORS,
    MAX_ITEMS,
    MAX_KEYS,
    MAX_PROBLEMS,
    CheckTimeout,
    plays_bound,
    result_problems,
    size_problem,
)

MINI = ROOT / "tests" / "miniatures"
"""The guide that states the bounds (docs/guarantees.md, moved out of the README)."""
TEN_TRIPLES = [rank + suit for rank in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
               for suit in "DCH"] + ["SJ", "BJ"]
"""A 32-card hand that forms many plays (airplanes with wings)."""
RSS_BOUND_KB = 300 << 10
"""The kit's peak resident memory over a run of bulky replies stays under this (KB)."""


# --------------------------------------------------------------------------- a real process


@pytest.mark.parametrize(("scenario", "cmd", "what"), [
    ("R05-003", "classify", "$.result.readings: a list of 400000 items (no valid classify "
                            f"reply needs more than {MAX_ITEMS})"),
    ("R05-010", "plays", "$.result.plays: 400000 plays listed, but that hand can form at "
                         "most 4 (under any variant)"),
    ("R05-001", "beats", "$.result.reading: a list of 400000 items"),
])
def test_a_bulky_reply_errors_its_scenario_in_bounded_memory(scenario: str, cmd: str,
                                                             what: str) -> None:
    """One 800 KB reply of 400,000 integers: the scenario errors naming the list and the
    bound; the run ends with its summary (exit 1), no traceback, within 1 GiB of address
    space and well under 300 MB resident (it was 1.7 GB)."""
    code, out, err, rss = run_kit(["check", "--impl", f"{sys.executable} {MINI / 'bulky.py'}",
                                   "--id", scenario, "--no-progress"])
    assert code == 1, err
    assert f"invalid reply to {cmd} (seq 2): {what}" in out
    assert re.search(r"^total +0 +0 +1 +0$", out, re.M), out[-600:]
    assert "Traceback" not in err and "MemoryError" not in out + err
    assert 0 < rss < RSS_BOUND_KB, f"peak RSS {rss} KB"


def test_a_bulky_reply_keeps_the_process_in_step() -> None:
    """The reply was well framed: the implementation is not restarted for it."""
    with ProcessDriver([sys.executable, str(MINI / "bulky.py"), "400000", "classify"]) as driver:
        driver.start({}, None)
        with pytest.raises(process_driver.DriverError, match="400000 items"):
            driver.run({"op": "classify", "cards": ["3H"]})
        driver.start({}, None)
        assert driver.run({"op": "points", "cards": ["5H", "KS"]}) == {"points": 15}
        assert driver.launches == 1


# --------------------------------------------------------------------------- the bounds


def test_lists_and_objects_are_held_to_what_a_valid_reply_needs() -> None:
    assert size_problem("observe", {"hand": ["3H"] * MAX_ITEMS}) is None
    assert size_problem("observe", {"hand": ["3H"] * (MAX_ITEMS + 1)}) == (
        f"$.result.hand: a list of {MAX_ITEMS + 1} items (no valid observe reply needs "
        f"more than {MAX_ITEMS})")
    deep = {"trick": {"plays": [{"cards": [1] * (MAX_ITEMS + 5)}]}}
    assert size_problem("observe", deep) == (
        f"$.result.trick.plays[0].cards: a list of {MAX_ITEMS + 5} items (no valid "
        f"observe reply needs more than {MAX_ITEMS})")
    keys = {f"k{i}": 0 for i in range(MAX_KEYS + 1)}
    assert size_problem("act", {"x": keys}) == (
        f"$.result.x: an object of {MAX_KEYS + 1} keys (no valid act reply needs more than "
        f"{MAX_KEYS})")
    assert size_problem("act", {"x": dict(list(keys.items())[:MAX_KEYS])}) is None


def test_a_plays_listing_may_hold_what_the_hand_can_form() -> None:
    """A 32-card hand of ten triples and both jokers forms 6,309 plays under the most
    generous variants: a listing of that many passes the bound, one more does not."""
    hand = TEN_TRIPLES
    assert plays_bound(hand) == 6309
    request = {"cmd": "plays", "seq": 1, "hand": hand}
    assert size_problem("plays", {"count": 6309, "plays": ["single 3: 3"] * 6309},
                        request) is None
    assert size_problem("plays", {"count": 0, "plays": [7] * 6310}, request) == (
        "$.result.plays: 6310 plays listed, but that hand can form at most 6309 (under any "
        "variant)")
    assert size_problem("plays", {"count": 0, "plays": [7] * (MAX_ITEMS + 1)}) == (
        f"$.result.plays: a list of {MAX_ITEMS + 1} items (no valid plays reply needs more "
        f"than {MAX_ITEMS})"), "without the request, the generic bound"
    assert plays_bound(["ZZ"]) is None and plays_bound("3H") is None
    assert plays_bound(["3H"]) == 1


def test_every_reference_answer_is_within_the_bounds() -> None:
    """The bounds refuse nothing valid: the reference adapter's replies to the 162-card
    deck and to a full hand's plays pass."""
    adapter = Adapter()
    deck = adapter.handle({"cmd": "deck", "seq": 1})["result"]
    assert result_problems("deck", deck) == []
    hand = TEN_TRIPLES
    request = {"cmd": "plays", "seq": 2, "hand": hand}
    plays = adapter.handle(request)["result"]
    assert len(plays["plays"]) > MAX_ITEMS
    assert result_problems("plays", plays, request=request) == []


def test_validation_stops_after_a_few_errors_and_quotes_the_value_briefly() -> None:
    problems = result_problems("observe", {"hand": [7] * MAX_ITEMS, "trick": [7] * MAX_ITEMS})
    assert len(problems) <= MAX_PROBLEMS + 1 and BRANCH_ERRORS == MAX_PROBLEMS + 1
    assert all(len(p) < 400 for p in problems)
    (one,) = result_problems("plays", {"count": 1, "plays": [7] * MAX_ITEMS})
    assert one.startswith("$.result: {'count': 1, 'plays': [7, 7, 7, 7, 7, 7, 7, 7, ...]}")


def test_the_check_counts_in_the_reply_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the reply's deadline, schema validation stops (CheckTimeout), and the driver
    errors the scenario saying so, keeping the process (the stream is in step)."""
    with pytest.raises(CheckTimeout):
        result_problems("observe", {"hand": [7] * MAX_ITEMS}, deadline=time.monotonic() - 1)
    with pytest.raises(CheckTimeout):  # while going through the items
        ticks = iter([0.0] * 10 + [1e9] * 10**6)
        monkeypatch.setattr("fivetenk.impl.protocol.time.monotonic", lambda: next(ticks))
        result_problems("classify", {"legal": True,
                                     "readings": ["pair 3"] * (MAX_ITEMS - 1) + [7]},
                        deadline=100.0)
    assert next(ticks) == 1e9, "it stopped looking at the clock once past the deadline"
    monkeypatch.undo()
    assert result_problems("points", {"points": 5}, deadline=time.monotonic() - 1) == [], \
        "a valid answer the shortcut accepts costs no schema check"

    def late(cmd: str, *args: Any, **kwargs: Any) -> list[str]:
        if cmd == "points":
            raise CheckTimeout("late")
        return []

    monkeypatch.setattr(process_driver, "reply_problems", late)
    with ProcessDriver([sys.executable, "-m", "fivetenk.cli", "adapter"], timeout=60) as driver:
        driver.start({}, None)
        with pytest.raises(process_driver.DriverError) as caught:
            driver.run({"op": "points", "cards": ["5H"]})
        assert str(caught.value) == (
            "the reply to points (seq 2) could not be checked against its schema within 60 s "
            "(the reply's timeout, which counts the check)")
        assert driver.launches == 1 and driver._proc is not None


def test_the_guarantees_state_the_reply_bounds() -> None:
    section = GUARANTEES.read_text("utf-8")
    assert f"at most {MAX_ITEMS:,} items" in section
    assert f"at most {MAX_KEYS} keys" in section
    assert f"{plays_bound(TEN_TRIPLES):,} for ten triples and both" in section
