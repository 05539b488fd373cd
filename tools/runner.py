"""Run scenarios against a driver and judge the results.

Statuses: ``passed``; ``failed`` (the implementation answered, and the answer differs from
what the scenario expects: the first differing path is reported); ``errored`` (the
implementation crashed, hung or broke the protocol, or the scenario could not start);
``skipped`` (the implementation lacks a capability or variant, or an expectations file
says so); ``xfailed`` / ``xpassed`` (an expected failure that failed / passed).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .drivers import Driver, DriverError
from .lowering import lowerable, step_through_play
from .scenario import Scenario, get_path

MISSING = object()
MAX_ADVANCE = 2000
"""An ``advance`` gives up after this many skips (a dealing has at most 156 prompts per deal)."""

SORTED_PATHS = {"classify": ("readings",), "plays": ("plays",)}
"""Result lists that are sets: sorted before comparing, whoever produced them."""


@dataclass
class Mismatch:
    """Where an answer differs: dotted ``path``, ``expected`` and ``observed`` (MISSING-safe)."""

    path: str
    expected: Any
    observed: Any
    how: str = "expect"

    def describe(self) -> str:
        observed = _short(self.observed)
        if self.how == "contains":
            return f"{self.path}: expected to contain {_short(self.expected)}, observed {observed}"
        if self.how == "excludes":
            return (f"{self.path}: expected not to contain {_short(self.expected)}, "
                    f"observed {observed}")
        return f"{self.path}: expected {_short(self.expected)}, observed {observed}"


@dataclass
class Result:
    """The verdict on one scenario."""

    scenario: Scenario
    status: str
    message: str = ""
    step: int | None = None
    line: int | None = None
    mismatch: Mismatch | None = None
    context: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    reason: str = ""

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "skipped", "xfailed")


def _short(value: Any, limit: int = 300) -> str:
    import json

    if value is MISSING:
        return "(nothing)"
    text = json.dumps(value, ensure_ascii=False, sort_keys=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def normalize(op: str, result: dict[str, Any]) -> dict[str, Any]:
    """Sort set-like lists so any implementation's order is accepted."""
    for path in SORTED_PATHS.get(op, ()):
        value = result.get(path)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            result = {**result, path: sorted(value)}
    return result


def first_difference(expected: Any, observed: Any, path: str) -> Mismatch | None:
    """The first path at which ``observed`` differs from ``expected`` (depth first)."""
    if isinstance(expected, dict) and isinstance(observed, dict):
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in observed:
                return Mismatch(sub, value, MISSING)
            found = first_difference(value, observed[key], sub)
            if found:
                return found
        extra = [k for k in observed if k not in expected]
        if extra:
            sub = f"{path}.{extra[0]}" if path else str(extra[0])
            return Mismatch(sub, MISSING, observed[extra[0]])
        return None
    if isinstance(expected, list) and isinstance(observed, list):
        for i, (e, o) in enumerate(zip(expected, observed, strict=False)):
            found = first_difference(e, o, f"{path}.{i}")
            if found:
                return found
        if len(expected) != len(observed):
            i = min(len(expected), len(observed))
            return Mismatch(f"{path}.{i}", expected[i] if i < len(expected) else MISSING,
                            observed[i] if i < len(observed) else MISSING)
        return None
    if type(expected) is not type(observed) or expected != observed:
        return Mismatch(path, expected, observed)
    return None


def check_step(step: dict[str, Any], result: dict[str, Any]) -> Mismatch | None:
    """Compare one step's result with its expectations; the first mismatch or None."""
    for path, value in step.get("expect", {}).items():
        try:
            observed = get_path(result, path)
        except KeyError:
            return Mismatch(path, value, MISSING)
        found = first_difference(value, observed, path)
        if found:
            return found
    for how in ("contains", "excludes"):
        for path, items in step.get(how, {}).items():
            try:
                observed = get_path(result, path)
            except KeyError:
                return Mismatch(path, items, MISSING, how)
            if not isinstance(observed, list):
                return Mismatch(path, items, observed, how)
            for item in items:
                if (item in observed) != (how == "contains"):
                    return Mismatch(path, item, observed, how)
    return None


def advance(driver: Driver, until: dict[str, Any]) -> dict[str, Any]:
    """Skip every reveal prompt until ``until`` holds; return the observation then.

    ``{"draw": n}``: at least n cards dealt (or dealing over); ``{"prompt": seat}``: that seat
    is prompted to reveal; ``{"phase": p}``: the hand is in phase p. Stops early, returning
    the observation, when the hand needs any other decision."""
    for _ in range(MAX_ADVANCE):
        obs = driver.run({"op": "observe"})
        pending = obs.get("pending") or {}
        dealing = obs.get("phase") == "dealing"
        if "draw" in until and (obs.get("draws", 0) >= until["draw"] or not dealing):
            return obs
        prompted = pending.get("seat") if pending.get("decision") == "reveal" else None
        if "prompt" in until and prompted == until["prompt"]:
            return obs
        if "phase" in until and obs.get("phase") == until["phase"]:
            return obs
        if pending.get("decision") != "reveal":
            return obs
        answer = driver.run({"op": "act", "action": {"type": "skip", "seat": pending["seat"]}})
        if not answer.get("accepted"):
            raise DriverError("a skip at a reveal prompt was rejected",
                              {"observation": obs, "answer": answer})
    raise DriverError(f"advance {until} did not finish after {MAX_ADVANCE} skips")


def run_scenario(driver: Driver, scenario: Scenario, *,
                 streamed: list[dict[str, Any]] | DriverError | None = None) -> Result:
    """Run one scenario from its setup through every step; never raises for the
    implementation's faults (they become an *errored* result with context). ``streamed``:
    the step results (or the error) already obtained by :func:`run_suite`."""
    started = time.perf_counter()
    missing = scenario.needs - driver.capabilities
    through_play = (missing == {"queries"} and "position" in driver.capabilities
                    and lowerable(scenario))
    if missing and not through_play:
        return Result(scenario, "skipped", reason="implementation lacks capability "
                      + ", ".join(sorted(missing)))
    if not driver.supports_variants(scenario.variants):
        return Result(scenario, "skipped", reason="implementation lacks variant "
                      + ", ".join(f"{k}={v}" for k, v in sorted(scenario.variants.items())))
    index: int | None = None
    step: dict[str, Any] = {}
    try:
        if through_play:
            return _run_through_play(driver, scenario, started)
        if isinstance(streamed, DriverError):
            raise streamed
        if streamed is None:
            answer = driver.start(scenario.variants, scenario.setup)
            if answer.get("accepted") is False:
                return Result(scenario, "errored", message="the implementation rejected the "
                              "setup: " + str(answer.get("error", answer)),
                              context={"answer": answer}, seconds=time.perf_counter() - started)
        batch = streamed if streamed is not None else _batch(driver, scenario)
        for index, step in enumerate(scenario.steps):
            if batch is not None:
                result = batch[index]
            elif step["op"] == "advance":
                result = advance(driver, step["until"])
            else:
                result = driver.run(request_of(step))
            if not isinstance(result, dict):
                raise DriverError("the answer is not a JSON object", {"answer": result})
            mismatch = check_step(step, normalize(step["op"], result))
            if mismatch:
                return Result(scenario, "failed", message=mismatch.describe(), step=index,
                              line=step.get("line"), mismatch=mismatch,
                              context={"step": step, "result": result},
                              seconds=time.perf_counter() - started)
    except DriverError as err:
        failed_at = index if err.index is None else err.index
        if failed_at is not None and 0 <= failed_at < len(scenario.steps):
            index, step = failed_at, scenario.steps[failed_at]
        return Result(scenario, "errored", message=str(err), step=index, line=step.get("line"),
                      context=err.context, seconds=time.perf_counter() - started)
    return Result(scenario, "passed", seconds=time.perf_counter() - started)


def _run_through_play(driver: Driver, scenario: Scenario, started: float) -> Result:
    """A query scenario asked through play from positions (:mod:`fivetenk.lowering`), for
    an implementation without the ``queries`` capability."""
    for index, step in enumerate(scenario.steps):
        try:
            result = step_through_play(driver, step, scenario.variants)
        except DriverError as err:
            return Result(scenario, "errored", message=str(err), step=index,
                          line=step.get("line"), context=err.context,
                          seconds=time.perf_counter() - started)
        if result is None:
            return Result(scenario, "skipped", reason="implementation lacks capability "
                          f"queries, and step {index + 1} cannot be asked through play")
        mismatch = check_step(step, result)
        if mismatch:
            return Result(scenario, "failed", message=mismatch.describe() + " (asked through "
                          "play from a position)", step=index, line=step.get("line"),
                          mismatch=mismatch, context={"step": step, "result": result},
                          seconds=time.perf_counter() - started)
    return Result(scenario, "passed", seconds=time.perf_counter() - started)


def request_of(step: dict[str, Any]) -> dict[str, Any]:
    """What is sent for a step: the step without its expectations."""
    return {k: v for k, v in step.items() if k not in ("expect", "contains", "excludes", "line")}


def _batch(driver: Driver, scenario: Scenario) -> list[dict[str, Any]] | None:
    """All the scenario's results at once, from a driver that can stream requests
    (``run_many``), when no step depends on an earlier answer (the ``advance`` macro does).
    Steps after a failing one are run too, which is harmless: the next scenario starts
    afresh."""
    run_many = getattr(driver, "run_many", None)
    if run_many is None or any(s["op"] == "advance" for s in scenario.steps):
        return None
    results: list[dict[str, Any]] = run_many([request_of(s) for s in scenario.steps])
    return results


def run_expected(driver: Driver, scenario: Scenario, *, skip: str = "", xfail: str = "",
                 streamed: list[dict[str, Any]] | DriverError | None = None) -> Result:
    """:func:`run_scenario` under an expectations file (:mod:`fivetenk.expectations`): a
    ``skip`` reason skips the scenario without running it; with an ``xfail`` reason a
    failure becomes ``xfailed`` and a pass ``xpassed`` (errored and skipped stay)."""
    if skip:
        return Result(scenario, "skipped", reason=skip)
    result = run_scenario(driver, scenario, streamed=streamed)
    if xfail and result.status == "failed":
        result.status, result.reason = "xfailed", xfail
    elif xfail and result.status == "passed":
        result.status, result.reason = "xpassed", xfail
        result.message = "expected to fail, but passed: remove it from the expectations file"
    return result


STREAM_CHUNK = 256
"""How many scenarios :func:`run_suite` sends to a streaming driver at a time."""

Expectation = Callable[[Scenario], tuple[str, str]]


def run_suite(driver: Driver, scenarios: Sequence[Scenario],
              expectations: Expectation | None = None) -> Iterator[Result]:
    """Run ``scenarios`` in order, yielding each result as it is judged.

    ``expectations`` gives a scenario's (skip, xfail) reasons. With a driver that can
    stream (``stream``, the :class:`~fivetenk.process_driver.ProcessDriver`), the scenarios
    that need no answer before their next request go out :data:`STREAM_CHUNK` at a time,
    without a round trip each; the others, and any left over when the implementation
    fails mid-stream, run one by one."""
    stream = getattr(driver, "stream", None)
    for first in range(0, len(scenarios), STREAM_CHUNK):
        chunk = scenarios[first:first + STREAM_CHUNK]
        reasons = [expectations(s) if expectations else ("", "") for s in chunk]
        ahead: dict[int, list[dict[str, Any]] | DriverError] = {}
        if stream is not None:
            picked = [j for j, s in enumerate(chunk)
                      if not reasons[j][0] and _streamable(driver, s)]
            if picked:
                try:
                    entries = stream([(chunk[j].variants, chunk[j].setup,
                                       [request_of(step) for step in chunk[j].steps])
                                      for j in picked])
                except DriverError:
                    entries = []  # it could not start: each scenario will say so
                ahead = dict(zip(picked, entries, strict=False))
        for j, scenario in enumerate(chunk):
            skip, xfail = reasons[j]
            yield run_expected(driver, scenario, skip=skip, xfail=xfail, streamed=ahead.get(j))


def _streamable(driver: Driver, scenario: Scenario) -> bool:
    return (scenario.needs <= driver.capabilities
            and driver.supports_variants(scenario.variants)
            and not any(step["op"] == "advance" for step in scenario.steps))


def run_all(driver: Driver, scenarios: Iterable[Scenario]) -> Iterator[Result]:
    for scenario in scenarios:
        yield run_scenario(driver, scenario)
