"""What an implementation's faults did to a ``fivetenk fuzz`` campaign, in words (issue 28).

A timeout, a crash or a broken reply is an *errored* case: the implementation's fault,
counted apart from the divergences, shown with what was asked (a ``plays`` hand's size)
and never shrunk or written. A ``plays`` request that times out lowers the hands asked
(:class:`fivetenk.fuzz.queries.QueryLimit`), and the report says so. When the restart
budget is spent the campaign stops (:func:`stop`) and says why, with the counts; under
``--budget`` the campaign leaves time to shrinking (:data:`SHRINK_SHARE`, :func:`share`).
The command (:mod:`fivetenk.fuzz.command`) calls these; they run nothing themselves.
"""

from __future__ import annotations

import argparse
import contextlib
import time

from ..results import report
from .campaign import Outcome
from .findings import reproduce_command

SHRINK_SHARE = 0.75
"""Under --budget, once a divergence is found, the share of the budget the campaign may
use: the rest is left to shrinking, checking and writing the cases."""


def stop(args: argparse.Namespace, batch: list[Outcome]) -> str:
    """Why the campaign stops after this chunk ("" if it goes on): the restart budget is
    spent (the implementation would not be started again: every later case would be lost,
    issue 28), the --budget ran out while waiting, or under --budget the time left is for
    shrinking the divergences found (``args.diverged``: one was found in an earlier
    chunk)."""
    for o in batch:
        if o.failure == "restart budget":
            return "restart budget"
        if o.failure == "out of time":
            return "out of time"
    args.diverged = getattr(args, "diverged", False) or any(o.diverged for o in batch)
    deadline = getattr(args, "deadline", None)
    if deadline is not None and not args.no_shrink and args.diverged \
            and time.monotonic() >= deadline - (1 - SHRINK_SHARE) * args.budget:
        return "shrinking"
    return ""


ERRORED_SHOWN = 5
"""The errored cases shown one by one (every one is in --jsonl)."""


def share(args: argparse.Namespace, groups_left: int) -> float | None:
    """Under --budget, until when the next group may be shrunk: an equal share of the time
    left for each group still to shrink (None: no budget)."""
    deadline = getattr(args, "deadline", None)
    if deadline is None:
        return None
    now = time.monotonic()
    return now + max(0.0, float(deadline) - now) / max(1, groups_left)


def skip_text(reason: str) -> str:
    """A skip reason as the summary counts it: the shapes and profile words in one count,
    a command not answered, a query no longer asked or a plays hand over the limit each by
    its reason."""
    if reason.startswith(("the implementation does not answer", "a plays hand of more than",
                          "no longer asked", "mode ", "played under")):
        return reason
    return "outside the shapes or profile words the implementation declares"


def errored_lines(args: argparse.Namespace, seed: int, failures: list[Outcome],
                   errored: dict[str, int]) -> list[str]:
    """The errored cases in words: how many of each kind, then the first few with what was
    asked (a plays hand's size) and what happened; they are the implementation's faults,
    not divergences, and nothing is shrunk or written from them (issue 28)."""
    if not failures:
        return []
    # lazy: evidence (the Gherkin parser) for errored cases only
    from ..results.evidence import request_text

    kinds = ", ".join(f"{count} {FAILURE_WORDS.get(kind, kind)}"
                      for kind, count in errored.items())
    lines = [f"ERRORED: {len(failures)} case{'s' * (len(failures) != 1)} the implementation "
             f"did not answer ({kinds}): its faults, counted apart from the divergences; "
             "nothing is shrunk or written from them"]
    for o in failures[:ERRORED_SHOWN]:
        d = o.divergence
        assert d is not None
        asked = ""
        with contextlib.suppress(Exception):  # a request the kit cannot put in words
            asked = report.visible(request_text(d.request), 200)
        hand = d.request.get("hand") if isinstance(d.request, dict) else None
        size = (f" ({len(hand)} card{'s' * (len(hand) != 1)} in the hand)"
                if isinstance(hand, list) else "")
        lines.append(f"  case {o.index} ({o.mode}, {o.kind}), step {d.step + 1}: "
                     f"{asked or report.json_text(d.request, 200)}{size}")
        lines.append(f"    {report.visible(d.error, 400)}")
        stderr = d.context.get("stderr") if isinstance(d.context, dict) else None
        if stderr:
            lines.append(f"    stderr: {report.visible(stderr, 300)}")
    if len(failures) > ERRORED_SHOWN:
        lines.append(f"  and {len(failures) - ERRORED_SHOWN} more (every one in --jsonl)")
    lines.append(f"  rerun the first alone: {reproduce_command(args, seed, failures[0].index)}"
                 f" --timeout {args.timeout:g}")
    return lines


def limit_lines(failures: list[Outcome], skipped: dict[str, int]) -> list[str]:
    """Say that a ``plays`` request that timed out lowered the hands asked, or that another
    query that timed out is no longer asked, and how many cases that left out (issue 28:
    the author must know the campaign asked less)."""
    lowered = {why: count for why, count in skipped.items()
               if why.startswith("a plays hand of more than") and "timed out" in why}
    first = next((o for o in failures if o.failure == "timeout" and o.divergence is not None
                  and o.divergence.request.get("op") == "plays"), None)
    lines = []
    for op in ("classify", "beats", "points"):
        timed = next((o for o in failures if o.failure == "timeout" and o.divergence
                      is not None and o.divergence.request.get("op") == op), None)
        if timed is not None:
            count = skipped.get(f"no longer asked: a {op} request timed out", 0)
            lines.append(f"note: a {op} request timed out (case {timed.index}): {op} was "
                         f"no longer asked ({count} case{'s' * (count != 1)} skipped for "
                         "it), so that the rest of the campaign could go on; a longer "
                         "`--timeout` may let the engine answer")
    if first is None and not lowered:
        return lines
    assert first is None or first.divergence is not None
    size = len(first.divergence.request.get("hand", ())) if first and first.divergence else 0
    cause = (f"a plays request of a {size}-card hand timed out (case {first.index}): "
             if first is not None else "")
    left = sum(lowered.values())
    return [f"note: {cause}plays hands that long were no longer asked (in every mode; "
            f"{left} query case{'s' * (left != 1)} skipped for it, and the plays queries "
            "of such hands left out of game cases); `--max-plays-hand N` sets that limit "
            "from the start, a longer `--timeout` may let the engine answer", *lines]


FAILURE_WORDS = {"timeout": "timed out", "crash": "crashed",
                  "protocol": "broke the protocol"}


def stopped_text(args: argparse.Namespace, failures: list[Outcome], errored: dict[str, int],
                  not_run: int, outcomes: list[Outcome]) -> str:
    """Why the campaign stopped before its end, with the counts ("" if it did not)."""
    why = getattr(args, "stopped", None)
    last = max((o.index for o in outcomes if not o.skipped and o.failure not in
                ("restart budget", "out of time")), default=None)
    after = f" after case {last}" if last is not None else ""
    left = (f"; {not_run} case{'s' * (not_run != 1)} of its last chunk not run"
            if not_run else "")
    if why == "restart budget":
        kinds = ", ".join(f"{count} {FAILURE_WORDS.get(kind, kind)}"
                          for kind, count in errored.items()) or "see ERRORED above"
        return (f"STOPPED: the restart budget is spent (--restarts {args.restarts}): the "
                f"implementation failed {len(failures)} times ({kinds}) and was not started "
                f"again, so the campaign stopped{after}{left}. These are the implementation's "
                "faults, not divergences; a longer --timeout, a higher --restarts or "
                "--max-plays-hand may let it go on")
    if why == "out of time":
        return (f"note: the --budget ({args.budget:g} s) ran out while waiting for the "
                f"implementation: the campaign stopped{after}{left}")
    if why == "shrinking":
        return (f"note: the campaign stopped{after} to leave the last "
                f"{1 - SHRINK_SHARE:.0%} of the --budget to shrinking and writing")
    return ""


