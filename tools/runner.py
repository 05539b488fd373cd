"""Run scenarios against a driver and judge the results.

Statuses: ``passed``; ``failed`` (the implementation answered, and the answer differs from
what the scenario expects: the first differing path is reported); ``errored`` (the
implementation crashed, hung or broke the protocol, or the scenario could not start);
``skipped`` (the implementation lacks a capability or variant, or an expectations file
says so); ``xfailed`` / ``xpassed`` (an expected failure that failed / passed).

Judging never crashes on what an implementation sends: every value the kit's own logic
reads (the ``advance`` macro, play-through lowering) is type-checked first, and a reply
it cannot judge errors the scenario with context. As a last resort, any unexpected
exception while judging one scenario errors that scenario with a message saying it is an
internal error of the kit, and the run goes on. Messages and contexts kept in a result are
bounded (:data:`MESSAGE_KEEP`, :data:`CONTEXT_BUDGET`), so a run of any length holds a
bounded amount of the implementation's output in memory.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .drivers import Driver, DriverError
from .lowering import lowerable, step_through_play
from .protocol import describe_rejection
from .scenario import Scenario, get_path

MISSING = object()
MAX_ADVANCE = 2000
"""An ``advance`` gives up after this many skips (a dealing has at most 156 prompts per deal)."""

SORTED_PATHS = {"classify": ("readings",), "plays": ("plays",)}
"""Result lists that are sets: sorted before comparing, whoever produced them."""

MESSAGE_KEEP = 4000
"""Characters of a result's message kept (an ``ok: false`` error text of 900 KB is kept as
its first characters and its length)."""
CONTEXT_BUDGET = 8000
"""About how many characters of JSON each context entry of a result keeps (what was
sent, what was received, stderr); see :func:`fivetenk.report.plain`."""


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
    """A value in a one-line message: JSON, bounded, never raising (see
    :func:`fivetenk.report.json_text`)."""
    from .report import json_text

    if value is MISSING:
        return "(nothing)"
    return json_text(value, limit)


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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _object(answer: Any, sent: dict[str, Any]) -> dict[str, Any]:
    """``answer`` if it is a JSON object; else the DriverError of a reply the kit cannot
    read (a driver other than ProcessDriver, which checks this itself, may return anything)."""
    if not isinstance(answer, dict):
        raise DriverError(f"the answer to {sent.get('op', 'a request')} is not a JSON object",
                          {"sent": sent, "received": answer})
    return answer


def advance(driver: Driver, until: dict[str, Any]) -> dict[str, Any]:
    """Skip every reveal prompt until ``until`` holds; return the observation then.

    ``{"draw": n}``: at least n cards dealt (or dealing over); ``{"prompt": seat}``: that seat
    is prompted to reveal; ``{"phase": p}``: the hand is in phase p. Stops early, returning
    the observation, when the hand needs any other decision. Every field read is checked
    first: an observation the macro cannot follow (``pending`` not an object, ``draws`` or
    the prompted seat not an integer, a skip not accepted) is a DriverError, never a crash."""
    observe = {"op": "observe"}
    for _ in range(MAX_ADVANCE):
        obs = _object(driver.run(dict(observe)), observe)
        pending = obs.get("pending")
        if pending is None:
            pending = {}
        if not isinstance(pending, dict):
            raise DriverError('advance cannot read the observation: "pending" is neither an '
                              "object nor null", {"sent": observe, "received": obs})
        dealing = obs.get("phase") == "dealing"
        if "draw" in until:
            draws = obs.get("draws", 0)
            if not _is_int(draws):
                raise DriverError('advance cannot read the observation: "draws" is not an '
                                  "integer", {"sent": observe, "received": obs})
            if draws >= until["draw"] or not dealing:
                return obs
        reveal = pending.get("decision") == "reveal"
        prompted = pending.get("seat") if reveal else None
        if "prompt" in until and prompted == until["prompt"]:
            return obs
        if "phase" in until and obs.get("phase") == until["phase"]:
            return obs
        if not reveal:
            return obs
        if not _is_int(prompted):
            raise DriverError('advance cannot read the observation: the reveal prompt\'s '
                              '"seat" is not an integer', {"sent": observe, "received": obs})
        skip = {"op": "act", "action": {"type": "skip", "seat": prompted}}
        answer = _object(driver.run(skip), skip)
        if answer.get("accepted") is not True:
            raise DriverError("a skip at a reveal prompt was rejected",
                              {"sent": skip, "received": answer, "observation": obs})
    raise DriverError(f"advance {until} did not finish after {MAX_ADVANCE} skips")


def run_scenario(driver: Driver, scenario: Scenario, *,
                 streamed: list[dict[str, Any]] | DriverError | None = None) -> Result:
    """Run one scenario from its setup through every step; never raises for the
    implementation's faults (they become an *errored* result with context), nor for any
    other exception while judging it: that errors the scenario as an internal error of the
    kit, naming the exception, so that the run goes on. ``streamed``: the step results (or
    the error) already obtained by :func:`run_suite`."""
    started = time.perf_counter()
    try:
        result = _judge(driver, scenario, streamed, started)
    except Exception as err:  # the last resort: one scenario, never the whole run
        result = Result(scenario, "errored", message=internal_error(err),
                        seconds=time.perf_counter() - started)
    return _bounded(result)


def internal_error(err: BaseException) -> str:
    """The message of an unexpected exception while judging a scenario: the kit's fault
    (or a reply it failed to guard against), said plainly, with where it happened."""
    import traceback

    try:
        text = str(err)
    except Exception:
        text = "(its message cannot be shown)"
    where = ""
    frames = traceback.extract_tb(err.__traceback__)
    if frames:
        last = frames[-1]
        where = f" at {last.filename.rsplit('/', 1)[-1]}:{last.lineno}"
    return (f"internal error of the kit while judging this scenario ({type(err).__name__}"
            f"{where}: {text}); the run went on — please report it")


def _bounded(result: Result) -> Result:
    """``result`` holding a bounded share of what the implementation sent: its message
    cut to :data:`MESSAGE_KEEP` characters, each context entry and the observed value of
    a difference to about :data:`CONTEXT_BUDGET` characters of JSON."""
    from .protocol import shorten
    from .report import plain

    if len(result.message) > MESSAGE_KEEP:
        result.message = shorten(result.message, MESSAGE_KEEP)
    if result.context:
        result.context = {str(k): plain(v, CONTEXT_BUDGET) for k, v in result.context.items()}
    if result.mismatch is not None and result.mismatch.observed is not MISSING:
        result.mismatch.observed = plain(result.mismatch.observed, CONTEXT_BUDGET)
    return result


def _judge(driver: Driver, scenario: Scenario,
           streamed: list[dict[str, Any]] | DriverError | None, started: float) -> Result:
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
            setup = {"op": "start", "variants": scenario.variants, "setup": scenario.setup}
            answer = _object(driver.start(scenario.variants, scenario.setup), setup)
            if answer.get("accepted") is False:
                return Result(scenario, "errored", message=describe_rejection(answer),
                              context={"sent": setup, "received": answer},
                              seconds=time.perf_counter() - started)
        batch = streamed if streamed is not None else _batch(driver, scenario)
        if batch is not None and not isinstance(batch, list):
            raise DriverError("the driver returned no list of results", {"received": batch})
        for index, step in enumerate(scenario.steps):
            if batch is not None:
                if index >= len(batch):
                    raise DriverError(f"no result for step {index + 1}: the driver returned "
                                      f"{len(batch)} results for {len(scenario.steps)} steps")
                result = batch[index]
            elif step["op"] == "advance":
                result = advance(driver, step["until"])
            else:
                result = driver.run(request_of(step))
            result = _object(result, request_of(step))
            mismatch = check_step(step, normalize(step["op"], result))
            if mismatch:
                return Result(scenario, "failed", message=mismatch.describe(), step=index,
                              line=step.get("line"), mismatch=mismatch,
                              context={"sent": request_of(step), "received": result},
                              seconds=time.perf_counter() - started)
    except DriverError as err:
        failed_at = index if err.index is None else err.index
        if isinstance(failed_at, int) and 0 <= failed_at < len(scenario.steps):
            index, step = failed_at, scenario.steps[failed_at]
        return Result(scenario, "errored", message=str(err), step=index, line=step.get("line"),
                      context=dict(err.context), seconds=time.perf_counter() - started)
    return Result(scenario, "passed", seconds=time.perf_counter() - started)


def _run_through_play(driver: Driver, scenario: Scenario, started: float) -> Result:
    """A query scenario asked through play from positions (:mod:`fivetenk.lowering`), for
    an implementation without the ``queries`` capability."""
    for index, step in enumerate(scenario.steps):
        try:
            result = step_through_play(driver, step, scenario.variants)
        except DriverError as err:
            return Result(scenario, "errored", message=str(err), step=index,
                          line=step.get("line"), context=dict(err.context),
                          seconds=time.perf_counter() - started)
        if result is None:
            return Result(scenario, "skipped", reason="implementation lacks capability "
                          f"queries, and step {index + 1} cannot be asked through play")
        mismatch = check_step(step, result)
        if mismatch:
            return Result(scenario, "failed", message=mismatch.describe() + " (asked through "
                          "play from a position)", step=index, line=step.get("line"),
                          mismatch=mismatch,
                          context={"sent": request_of(step), "received": result},
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
            try:
                picked = [j for j, s in enumerate(chunk)
                          if not reasons[j][0] and _streamable(driver, s)]
                entries = stream([(chunk[j].variants, chunk[j].setup,
                                   [request_of(step) for step in chunk[j].steps])
                                  for j in picked]) if picked else []
                ahead = {j: _detached(entry) for j, entry in zip(picked, entries, strict=False)}
            except Exception:  # it could not start, or failed oddly: each runs on its own
                ahead = {}
        for j, scenario in enumerate(chunk):
            skip, xfail = reasons[j]
            yield run_expected(driver, scenario, skip=skip, xfail=xfail, streamed=ahead.get(j))


def _detached(entry: list[dict[str, Any]] | DriverError) -> list[dict[str, Any]] | DriverError:
    """``entry`` without what an error drags along: its traceback (the driver's frames, and
    with them the reply line they read, up to 1 MiB) and the exceptions it was raised in.
    A chunk holds up to :data:`STREAM_CHUNK` errors until their scenarios are judged: with
    tracebacks, a reply of 900 KB refused in every scenario would keep gigabytes alive."""
    if isinstance(entry, BaseException):
        entry.__traceback__ = entry.__context__ = entry.__cause__ = None
    return entry


def _streamable(driver: Driver, scenario: Scenario) -> bool:
    return (scenario.needs <= driver.capabilities
            and driver.supports_variants(scenario.variants)
            and not any(step["op"] == "advance" for step in scenario.steps))


def run_all(driver: Driver, scenarios: Iterable[Scenario]) -> Iterator[Result]:
    for scenario in scenarios:
        yield run_scenario(driver, scenario)
