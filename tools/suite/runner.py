"""Run scenarios against a driver and judge the results.

Statuses: ``passed``; ``failed`` (the implementation answered, and the answer differs from
what the scenario expects: every difference is reported, with the evidence, see
:class:`Result`); ``errored`` (the implementation crashed, hung or broke the protocol,
or the scenario could not start); ``skipped`` (the implementation lacks a capability or
variant, or the scenario uses a shape it does not declare, or an expectations file says
so); ``xfailed`` / ``xpassed`` (an expected failure
that failed / passed).

Judging never crashes on what an implementation sends: every value the kit's own logic
reads (the ``advance`` macro, play-through lowering) is type-checked first, and a reply
it cannot judge errors the scenario with context. As a last resort, any unexpected
exception while judging one scenario errors that scenario with a message saying it is an
internal error of the kit, and the run goes on. Messages and contexts kept in a result are
bounded (:data:`MESSAGE_KEEP`, :data:`CONTEXT_BUDGET`), so a run of any length holds a
bounded amount of the implementation's output in memory.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..impl.drivers import Driver, DriverError, ReferenceDriver, advance, reply_object
from ..impl.protocol import EXPECTATION_KEYS, describe_rejection
from ..model.bounded import MISSING, json_text, plain, shorten
from ..model.scenario import START_OP, Scenario, get_path, without_rejection_clauses
from . import profile
from .lowering import step_through_play

SORTED_PATHS = {"classify": ("readings",), "plays": ("plays",)}
"""Result lists that are sets: sorted before comparing, whoever produced them."""

MESSAGE_KEEP = 4000
"""Characters of a result's message kept (an ``ok: false`` error text of 900 KB is kept as
its first characters and its length)."""
CONTEXT_BUDGET = 8000
"""About how many characters of JSON each context entry of a result keeps (what was
sent, what was received, stderr); see :func:`fivetenk.results.report.plain`."""


DIFF_LIMIT = 10
"""Differences kept of one failed step (every one is counted: ``Result.total_differences``)."""
ITEMS_KEEP = 50
"""Items kept of a ``missing`` or ``extra`` list (every one is counted)."""


@dataclass
class Mismatch:
    """One difference between what a step expects and what came back (D-3, D-4).

    ``path``: the dotted path in the result; ``expected`` and ``observed`` (``MISSING``:
    the reply has nothing at that path). ``how``: ``expect`` (the value at ``path`` must
    equal ``expected``), ``contains`` / ``excludes`` (each item of ``expected`` must / must
    not be in the list at ``path``) or ``reference`` (a set-like list the step pins only in
    part, e.g. by its ``count``, against the reference engine's whole answer to the same
    request: evidence of *which* plays differ, never a verdict of its own).

    ``missing`` / ``extra``: for lists, the items expected but absent / present but not
    expected (as multisets; at most :data:`ITEMS_KEEP` kept, ``missing_total`` and
    ``extra_total`` count them all); ``None`` when not a list comparison. ``answer``: when
    the reply is a rejection or an acceptance, what it said (``rejected, citing R03.1:
    …``), so that a value the reply lacks is never shown as a bare "missing"."""

    path: str
    expected: Any
    observed: Any
    how: str = "expect"
    missing: list[Any] | None = None
    extra: list[Any] | None = None
    missing_total: int = 0
    extra_total: int = 0
    answer: str = ""

    def describe(self, limit: int = 300, *, message: bool = True) -> str:
        """One line: ``beats: expected true, observed false``; ``plays: 3 missing: …; 1
        extra: …``; ``legal: expected false; the reply has no legal: it is rejected, citing
        R03.1: …`` (without the rejection's message unless ``message``: a report that
        shows the answer on a line of its own). Bounded, and every value shown as JSON
        (see :func:`fivetenk.results.report.json_text`)."""
        path = self.path or "(the whole result)"
        answer = self.answer if message else self.answer.split(":", 1)[0]
        if self.observed is MISSING:
            got = (f"the reply has no {self.path or 'value'}: it is {answer}" if answer
                   else f"the reply has no {self.path or 'value'}")
            wanted = {"contains": "a list containing ", "excludes": "a list without "}.get(
                self.how, "")
            return f"{path}: expected {wanted}{_short(self.expected, limit)}; {got}"
        if self.missing is not None or self.extra is not None:
            parts = []
            if self.missing_total:
                label = "missing (expected among them)" if self.how == "contains" else "missing"
                parts.append(f"{self.missing_total} {label}: "
                             f"{_items(self.missing, self.missing_total)}")
            if self.extra_total:
                label = "extra (expected not among them)" if self.how == "excludes" else "extra"
                parts.append(f"{self.extra_total} {label}: {_items(self.extra, self.extra_total)}")
            if self.how == "reference":
                size = len(self.expected) if isinstance(self.expected, list) else "?"
                head = f"{path}: against the reference engine's {size} for the same request, "
            elif self.how == "expect" and isinstance(self.observed, list):
                size = len(self.expected) if isinstance(self.expected, list) else "?"
                head = (f"{path}: expected {size} item{'s' * (size != 1)}, observed "
                        f"{len(self.observed)}: ")
            else:
                head = f"{path}: "
            return head + ("; ".join(parts) or "the same items in another order")
        observed = _short(self.observed, limit)
        if self.how == "contains":
            return (f"{path}: expected a list containing {_short(self.expected, limit)}, "
                    f"observed {observed}")
        if self.how == "excludes":
            return (f"{path}: expected a list without {_short(self.expected, limit)}, "
                    f"observed {observed}")
        text = f"{path}: expected {_short(self.expected, limit)}, observed {observed}"
        return text + (f" (the reply is {answer})" if answer else "")


class Differences(list[Mismatch]):
    """The differences found, in path order: at most ``limit`` kept, ``total`` counting
    every one (a reply can differ everywhere; a report shows the first ten)."""

    def __init__(self, limit: int = DIFF_LIMIT) -> None:
        super().__init__()
        self.limit = limit
        self.total = 0

    def add(self, mismatch: Mismatch) -> None:
        self.total += 1
        if len(self) < self.limit:
            self.append(mismatch)


@dataclass
class Result:
    """The verdict on one scenario.

    A failed or errored result carries the evidence (D-4): ``step`` (0-based) and ``line``
    of the step, ``differences`` (at most :data:`DIFF_LIMIT`, ``total_differences``
    counting them all; ``mismatch`` is the first, kept for readers of one), ``context``
    (``sent``: the request of that step; ``received``: the whole result that came back;
    for errors also ``stderr`` and ``exit``). The position before a failing game step is
    not computed here: a report asks for it (:func:`fivetenk.results.evidence.failing_position`)."""

    scenario: Scenario
    status: str
    message: str = ""
    step: int | None = None
    line: int | None = None
    mismatch: Mismatch | None = None
    context: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    reason: str = ""
    differences: list[Mismatch] = field(default_factory=list)
    total_differences: int = 0
    note: str = ""
    """How the step was asked when not as written (``asked through play from a position``)."""

    def __post_init__(self) -> None:
        if self.mismatch is not None and not self.differences:
            self.differences = [self.mismatch]
        elif self.differences and self.mismatch is None:
            self.mismatch = self.differences[0]
        self.total_differences = max(self.total_differences, len(self.differences))

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "skipped", "xfailed")


def _short(value: Any, limit: int = 300) -> str:
    """A value in a one-line message: JSON, bounded, never raising (see
    :func:`fivetenk.model.bounded.json_text`)."""
    if value is MISSING:
        return "(nothing)"
    return json_text(value, limit)


def _items(items: list[Any] | None, total: int, shown: int = 5) -> str:
    """``"a", "b", … (12 in all)``: the first ``shown`` items as JSON, bounded."""
    items = items or []
    text = ", ".join(_short(item, 120) for item in items[:shown])
    return text + (f", … ({total} in all)" if total > min(shown, len(items)) else "")


def normalize(op: str, result: dict[str, Any]) -> dict[str, Any]:
    """Sort set-like lists so any implementation's order is accepted."""
    for path in SORTED_PATHS.get(op, ()):
        value = result.get(path)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            result = {**result, path: sorted(value)}
    return result


def _key(value: Any) -> str:
    """A value as a hashable key for multiset comparison (any JSON, or anything an
    in-process driver returns), never raising."""

    try:
        return json.dumps(value, sort_keys=True, default=repr)
    except Exception:  # a hostile __repr__, a cycle
        return f"<{type(value).__name__} {id(value)}>"


def multiset_difference(expected: list[Any], observed: list[Any]
                        ) -> tuple[list[Any], int, list[Any], int]:
    """Items of ``expected`` absent from ``observed`` and items of ``observed`` not in
    ``expected``, counting copies (a play listed twice is one extra): ``(missing, how
    many, extra, how many)``, each list in its own order and cut to :data:`ITEMS_KEEP`."""

    want = Counter(_key(v) for v in expected)
    have = Counter(_key(v) for v in observed)
    missing: list[Any] = []
    extra: list[Any] = []
    for items, mine, other, out in ((expected, want, have, missing),
                                    (observed, have, want, extra)):
        surplus = mine - other
        for item in items:
            k = _key(item)
            if surplus[k] > 0:
                surplus[k] -= 1
                out.append(item)
    return (missing[:ITEMS_KEEP], len(missing), extra[:ITEMS_KEEP], len(extra))


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def differences(expected: Any, observed: Any, path: str = "", limit: int = DIFF_LIMIT, *,
                sets: Iterable[str] = ()) -> Differences:
    """Every path at which ``observed`` differs from ``expected`` (depth first; at most
    ``limit`` kept, ``.total`` counting all).

    An expected object is a *subset* (D-3): only the keys the scenario writes are
    compared, at every depth, and a key the observed object lacks is a difference
    (observed ``MISSING``); keys the scenario does not write are not looked at (replies
    are schema-checked against the protocol before they get here). Lists compare exactly:
    of the same length, item by item; of different lengths, as one difference with the
    ``missing`` and ``extra`` items. A list at a path in ``sets`` (``plays``, ``readings``:
    sets whatever their order) is one difference with its missing and extra items, and
    equal when both are empty. Scalars differ when their JSON types differ (``true`` is
    not ``1``) or their values do."""
    found = Differences(limit)
    _differ(expected, observed, path, found, frozenset(sets))
    return found


def _differ(expected: Any, observed: Any, path: str, found: Differences,
            sets: frozenset[str]) -> None:
    if isinstance(expected, dict) and isinstance(observed, dict):
        for key, value in expected.items():
            sub = _join(path, key)
            if key not in observed:
                found.add(Mismatch(sub, value, MISSING))
            else:
                _differ(value, observed[key], sub, found, sets)
        return
    if isinstance(expected, list) and isinstance(observed, list):
        if path not in sets and len(expected) == len(observed):
            for i, (e, o) in enumerate(zip(expected, observed, strict=True)):
                _differ(e, o, f"{path}.{i}" if path else str(i), found, sets)
            return
        missing, n_missing, extra, n_extra = multiset_difference(expected, observed)
        if n_missing or n_extra:
            found.add(Mismatch(path, expected, observed, missing=missing, extra=extra,
                               missing_total=n_missing, extra_total=n_extra))
        return
    if type(expected) is not type(observed) or expected != observed:
        found.add(Mismatch(path, expected, observed))


def first_difference(expected: Any, observed: Any, path: str) -> Mismatch | None:
    """The first of :func:`differences` (depth first), or None."""
    found = differences(expected, observed, path, limit=1)
    return found[0] if found else None


def answer_text(result: Any, limit: int = 300) -> str:
    """What an accept-or-reject reply said, in words: ``accepted``, or ``rejected, citing
    R03.1: <message>`` (``citing no clause`` when it names none; the message cut to
    ``limit`` characters); "" for any other result. How a report shows a rejection where
    an answer was expected, and an acceptance where a rejection was (issue 8)."""

    if not isinstance(result, dict):
        return ""
    accepted = result.get("accepted")
    if accepted is True:
        return "accepted"
    if accepted is not False:
        return ""
    error = result.get("error")
    clause = result.get("clause")
    if not (isinstance(clause, str) and clause) and isinstance(error, dict):
        clause = error.get("clause")
    message = error.get("message") if isinstance(error, dict) else error
    text = f"rejected, citing {shorten(clause, 40)}" if isinstance(clause, str) and clause \
        else "rejected, citing no clause"
    if isinstance(message, str) and message.strip():
        text += f": {shorten(message.strip(), limit)}"
    return text


def rejection_code(result: Any, limit: int = 80) -> str:
    """The code an implementation gave its rejection (``error.code``: the reference engine
    sends the D35 code of :mod:`reference.rejections`, e.g. ``not-your-turn``), cut to
    ``limit`` characters; "" when the result is no rejection or carries no code. Shown
    beside the expected clause in a failure's evidence; never compared (protocol.md,
    section 3)."""

    if not isinstance(result, dict) or result.get("accepted") is not False:
        return ""
    error = result.get("error")
    code = error.get("code") if isinstance(error, dict) else None
    return shorten(code.strip(), limit) if isinstance(code, str) and code.strip() else ""


def expected_answer(step: dict[str, Any]) -> str:
    """What a step expects of an accept-or-reject reply, in the words of
    :func:`answer_text` (``rejected, citing R09.2``, ``accepted``), or "" when it expects
    an answer of another kind."""
    expect = step.get("expect", {})
    if not isinstance(expect, dict):
        return ""
    clause = expect.get("clause", expect.get("error.clause"))
    error = expect.get("error")
    if clause is None and isinstance(error, dict):
        clause = error.get("clause")
    if expect.get("accepted") is True:
        return "accepted"
    if expect.get("accepted") is False or (isinstance(clause, str) and clause):
        return f"rejected, citing {clause}" if isinstance(clause, str) and clause else "rejected"
    return ""


def check_step(step: dict[str, Any], result: dict[str, Any],
               limit: int = DIFF_LIMIT) -> Differences:
    """Compare one step's result with its expectations: every difference (at most
    ``limit`` kept, ``.total`` counting all; empty when the result is as expected).

    ``expect`` paths compare by :func:`differences` (set-like lists of the step's command,
    :data:`SORTED_PATHS`, as sets); a ``contains`` list is one difference listing the
    items that are ``missing``, an ``excludes`` list one listing those present
    (``extra``). A path the reply lacks is a difference whose ``answer`` says what the
    reply was when it is a rejection (or an acceptance)."""
    found = Differences(limit)
    sets = frozenset(SORTED_PATHS.get(str(step.get("op")), ()))
    answer = answer_text(result)
    for path, value in step.get("expect", {}).items():
        try:
            observed = get_path(result, path)
        except KeyError:
            found.add(Mismatch(path, value, MISSING, answer=answer))
            continue
        _differ(value, observed, path, found, sets)
    if "families" in step and isinstance(result, dict):  # a count vector (issue 32)
        _differ_families(step["families"], result.get("plays", MISSING), found)
    for how in ("contains", "excludes"):
        for path, items in step.get(how, {}).items():
            try:
                observed = get_path(result, path)
            except KeyError:
                found.add(Mismatch(path, items, MISSING, how, answer=answer))
                continue
            if not isinstance(observed, list):
                found.add(Mismatch(path, items, observed, how, answer=answer))
                continue
            keys = {_key(v) for v in observed}
            wrong = [i for i in items if (_key(i) in keys) != (how == "contains")]
            if wrong:
                kept = wrong[:ITEMS_KEEP]
                found.add(Mismatch(path, items, observed, how,
                                   missing=kept if how == "contains" else [],
                                   extra=kept if how == "excludes" else [],
                                   missing_total=len(wrong) if how == "contains" else 0,
                                   extra_total=len(wrong) if how == "excludes" else 0))
    return found


FAMILIES_PATH = "plays (by family)"
"""The path of the difference a count vector's breakdown gives (issue 32)."""


def _differ_families(families: Any, plays: Any, found: Differences) -> None:
    """A count vector's ``families`` (shape family -> plays of it) against the families of
    the plays listed (:func:`fivetenk.suite.vectors.breakdown`): one difference, the whole
    breakdown expected and observed, when any family's count differs (a family of none is
    left out of both)."""
    # lazy: the count vectors, for a vector that failed only
    from .vectors import breakdown

    if not isinstance(plays, list):
        return  # no list of plays: the count's own difference says so
    observed = breakdown(plays)
    if isinstance(families, dict) and observed != families:
        found.add(Mismatch(FAMILIES_PATH, dict(families), observed))


def run_scenario(driver: Driver, scenario: Scenario, *,
                 streamed: list[dict[str, Any]] | DriverError | None = None) -> Result:
    """Run one scenario from its setup through every step; never raises for the
    implementation's faults (they become an *errored* result with context), nor for any
    other exception while judging it: that errors the scenario as an internal error of the
    kit, naming the exception, so that the run goes on. ``streamed``: the step results (or
    the error) already obtained by :func:`run_suite`.

    A scenario whose rejections are judged alone (``@any-clause``, or every scenario under
    ``--any-clause``: :attr:`fivetenk.model.scenario.Scenario.rejections_alone`) is judged as
    :func:`~fivetenk.model.scenario.without_rejection_clauses` gives it (issue 9), and its
    result holds that copy: what was compared is what the report shows, and the report
    says the clause was not compared. The requests are the same either way."""
    started = time.perf_counter()
    try:
        if scenario.rejections_alone:
            scenario = without_rejection_clauses(scenario)
        result = _judge(driver, scenario, streamed, started)
    except Exception as err:  # the last resort: one scenario, never the whole run
        result = Result(scenario, "errored", message=internal_error(err),
                        seconds=time.perf_counter() - started)
    return _bounded(result)


def internal_error(err: BaseException) -> str:
    """The message of an unexpected exception while judging a scenario: the kit's fault
    (or a reply it failed to guard against), said plainly, with where it happened."""
    # lazy: traceback, for the kit's own errors only
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

    if len(result.message) > MESSAGE_KEEP:
        result.message = shorten(result.message, MESSAGE_KEEP)
    if result.context:
        result.context = {str(k): plain(v, CONTEXT_BUDGET) for k, v in result.context.items()}
    for m in result.differences:  # result.mismatch is the first of them
        if m.observed is not MISSING:
            m.observed = plain(m.observed, CONTEXT_BUDGET)
        m.expected = plain(m.expected, CONTEXT_BUDGET)
        m.missing = None if m.missing is None else plain(m.missing, CONTEXT_BUDGET)
        m.extra = None if m.extra is None else plain(m.extra, CONTEXT_BUDGET)
        m.answer = shorten(m.answer, MESSAGE_KEEP)
    first = result.mismatch
    if (first is not None and first.observed is not MISSING
            and all(first is not m for m in result.differences)):
        first.observed = plain(first.observed, CONTEXT_BUDGET)
    return result


def reference_passes(scenario: Scenario) -> bool:
    """Whether the reference engine, in process, passes ``scenario``: what
    :func:`fivetenk.suite.profile.fit` asks to tell whether a scenario depends on a variant's
    default (the profile itself runs no scenario)."""

    driver = ReferenceDriver()
    try:
        return run_scenario(driver, scenario).status == "passed"
    finally:
        driver.close()


def _judge(driver: Driver, scenario: Scenario,
           streamed: list[dict[str, Any]] | DriverError | None, started: float) -> Result:
    fit = profile.fit(driver, scenario, reference_passes)  # what it plays (issue 8)
    if fit.reason:
        return Result(scenario, "skipped", reason=fit.reason)
    if fit.resuited is not None:  # what is compared is what is shown (issue 32)
        judged = _judge_steps(driver, fit.resuited, None, started, fit)
        if judged.message:  # a failure or error says so (the cards shown are the re-suited)
            judged.message += f" ({RESUITED})"
        return judged
    return _judge_steps(driver, scenario, streamed, started, fit)


RESUITED = "re-suited for the implementation's pack: suits play no part in it (issue 32)"
"""The note of a scenario run re-suited (:mod:`fivetenk.suite.resuit`)."""


def _judge_steps(driver: Driver, scenario: Scenario,
                 streamed: list[dict[str, Any]] | DriverError | None, started: float,
                 fit: profile.Fit) -> Result:
    variants = scenario.variants if fit.variants is None else fit.variants  # issue 20
    index: int | None = None
    step: dict[str, Any] = {}
    try:
        if scenario.refused_start is not None:
            return _judge_start(driver, scenario, started, variants)
        if fit.through_play:
            return _run_through_play(driver, scenario, started, fit.through_play, variants)
        if isinstance(streamed, DriverError):
            raise streamed
        if streamed is None:
            setup = {"op": "start", "variants": variants, "setup": scenario.setup}
            answer = reply_object(driver.start(variants, scenario.setup), setup)
            if answer.get("accepted") is False:
                return Result(scenario, "errored", message=describe_rejection(answer),
                              context={"sent": setup, "received": answer},
                              seconds=time.perf_counter() - started)
        batch = streamed if streamed is not None else _batch(driver, scenario)
        if batch is not None and not isinstance(batch, list):
            raise DriverError("the driver returned no list of results", {"received": batch})
        for index, step in enumerate(scenario.steps):
            driver.step_started(index)
            if batch is not None:
                if index >= len(batch):
                    raise DriverError(f"no result for step {index + 1}: the driver returned "
                                      f"{len(batch)} results for {len(scenario.steps)} steps")
                result = batch[index]
            elif step["op"] == "advance":
                result = advance(driver, step["until"])
            else:
                result = driver.run(request_of(step))
            result = reply_object(result, request_of(step))
            found = check_step(step, normalize(step["op"], result))
            if found:
                return failed(scenario, index, found, result, started)
    except DriverError as err:
        failed_at = index if err.index is None else err.index
        if isinstance(failed_at, int) and 0 <= failed_at < len(scenario.steps):
            index, step = failed_at, scenario.steps[failed_at]
        return Result(scenario, "errored", message=str(err), step=index, line=step.get("line"),
                      context=dict(err.context), seconds=time.perf_counter() - started)
    return Result(scenario, "passed", seconds=time.perf_counter() - started)


def start_reply(driver: Driver, variants: dict[str, str],
                setup: dict[str, Any] | None) -> dict[str, Any]:
    """The reply to ``start``, as the implementation sent it, a refusal included: the
    driver's ``start_reply`` (the :class:`~fivetenk.impl.process_driver.ProcessDriver`'s
    ``start`` defers the reply to the first step and raises for a refusal; the reference
    driver's is its ``start``, which answers a refused setup with a rejection)."""
    sent = {"op": "start", "variants": variants, "setup": setup}
    return reply_object(driver.start_reply(variants, setup), sent)


def _judge_start(driver: Driver, scenario: Scenario, started: float,
                 variants: dict[str, str] | None = None) -> Result:
    """A scenario whose only step is ``start`` (:data:`~fivetenk.model.scenario.START_OP`): its
    setup expected to be refused (protocol.md, ``### start``). The reply to the one
    ``start`` request is compared with the step's expectations as an action's rejection
    is (:func:`check_step`), so a refusal citing another clause fails with the same
    evidence, and under ``@any-clause`` (:func:`~fivetenk.model.scenario.without_rejection_clauses`)
    only the refusal is judged. A setup the implementation accepts fails the scenario
    (it lets a deal or position that cannot occur stand); it is not an error."""
    step = scenario.steps[0]
    driver.step_started(0)
    variants = scenario.variants if variants is None else variants
    sent = {"op": START_OP, "variants": variants, "setup": scenario.setup}
    try:
        result = start_reply(driver, variants, scenario.setup)
    except DriverError as err:
        return Result(scenario, "errored", message=str(err), step=0, line=step.get("line"),
                      context=dict(err.context), seconds=time.perf_counter() - started)
    found = check_step(step, result)
    if not found:
        return Result(scenario, "passed", seconds=time.perf_counter() - started)
    more = found.total - 1
    message = refusal_text(step, result, setup_word(scenario.setup)) + (
        f" (and {more} more difference{'s' * (more != 1)})" if more else "")
    return Result(scenario, "failed", message=message, step=0, line=step.get("line"),
                  differences=list(found), total_differences=found.total,
                  context={"sent": sent, "received": result},
                  seconds=time.perf_counter() - started)


def setup_word(setup: dict[str, Any] | None) -> str:
    """``position`` or ``deal``: what a scenario's setup is, in a report's words."""
    return "position" if isinstance(setup, dict) and "position" in setup else "deal"


def refusal_text(step: dict[str, Any], result: dict[str, Any], what: str = "setup") -> str:
    """What went wrong with a setup (``what``: position, deal) expected to be refused, in
    words: ``expected the position to be refused citing R16.1; the engine accepted it``
    (or ``… the engine refused it, citing R01.1: <message>``)."""
    expect = step.get("expect", {})
    clause = expect.get("clause")
    wanted = f"expected the {what} to be refused" + (f" citing {clause}" if clause else "")
    answer = answer_text(result)
    if answer == "accepted":
        return f"{wanted}; the engine accepted it"
    if answer:
        return f"{wanted}; the engine {answer.replace('rejected', 'refused it', 1)}"
    return f"{wanted}; the engine answered {_short(result)}"


def _run_through_play(driver: Driver, scenario: Scenario, started: float,
                      lowered: frozenset[str] = frozenset({"classify", "beats"}),
                      variants: dict[str, str] | None = None) -> Result:
    """A query scenario whose ``lowered`` steps (the query commands the implementation
    lacks: ``classify``, ``beats``) are asked through play from positions
    (:mod:`fivetenk.suite.lowering`); its other steps are asked as they are, each after a
    ``start`` without setup (a lowered step starts its own position)."""
    variants = scenario.variants if variants is None else variants
    for index, step in enumerate(scenario.steps):
        driver.step_started(index)
        try:
            if step["op"] in lowered:
                result = step_through_play(driver, step, variants)
            else:
                setup = {"op": "start", "variants": variants, "setup": None}
                answer = reply_object(driver.start(variants, None), setup)
                if answer.get("accepted") is False:
                    return Result(scenario, "errored", message=describe_rejection(answer),
                                  context={"sent": setup, "received": answer},
                                  seconds=time.perf_counter() - started)
                result = reply_object(driver.run(request_of(step)), request_of(step))
                result = normalize(step["op"], result)
        except DriverError as err:
            return Result(scenario, "errored", message=str(err), step=index,
                          line=step.get("line"), context=dict(err.context),
                          seconds=time.perf_counter() - started)
        if result is None:
            return Result(scenario, "skipped", reason=f"implementation lacks capability "
                          f"{step['op']}, and step {index + 1} cannot be asked through play")
        found = check_step(step, result)
        if found:
            return failed(scenario, index, found, result, started,
                          note=" (asked through play from a position)")
    return Result(scenario, "passed", seconds=time.perf_counter() - started)


def failed(scenario: Scenario, index: int, found: Differences, result: dict[str, Any],
           started: float, *, note: str = "") -> Result:
    """The *failed* result of step ``index``, with its evidence (issue 8, D-4): every
    difference ``found`` (for a ``plays`` step that pins only part of the list, also the
    whole list against the reference engine's: :func:`reference_difference`), what was
    sent and the whole result received. The message is the first difference, and
    how many more there are."""
    step = scenario.steps[index]
    extra = reference_difference(scenario, step, result, found)
    if extra is not None:
        found.add(extra)
    more = found.total - 1
    message = found[0].describe() + (f" (and {more} more difference{'s' * (more != 1)})"
                                     if more else "") + note
    return Result(scenario, "failed", message=message, step=index, line=step.get("line"),
                  differences=list(found), total_differences=found.total,
                  context={"sent": request_of(step), "received": result},
                  seconds=time.perf_counter() - started,
                  note=note.strip(" ()"))


def reference_difference(scenario: Scenario, step: dict[str, Any], result: dict[str, Any],
                         found: Differences) -> Mismatch | None:
    """For a failed ``plays`` step whose expectations do not list every play (a ``count``,
    some plays that must or must not be among them), the list the implementation gave
    against the reference engine's answer to the same request: which plays are missing
    and which extra (a difference of kind ``reference``). None when the step already
    compares the whole list, the reply holds no list of plays, the reference refuses the
    request, or both lists agree. Never raises: this is evidence, not a verdict."""
    if step.get("op") != "plays" or "plays" in step.get("expect", {}):
        return None
    observed = result.get("plays") if isinstance(result, dict) else None
    if not isinstance(observed, list):
        return None
    try:

        reference = ReferenceDriver()
        reference.start(scenario.variants, None)
        expected = reference.run(request_of(step)).get("plays")
    except Exception:  # a step the reference cannot read: no evidence to add
        return None
    if not isinstance(expected, list):
        return None
    missing, n_missing, extra, n_extra = multiset_difference(sorted(expected), observed)
    if not n_missing and not n_extra:
        return None
    return Mismatch("plays", expected, observed, "reference", missing=missing, extra=extra,
                    missing_total=n_missing, extra_total=n_extra)


def request_of(step: dict[str, Any]) -> dict[str, Any]:
    """What is sent for a step: the step without its expectations."""
    return {k: v for k, v in step.items() if k not in EXPECTATION_KEYS}


def _batch(driver: Driver, scenario: Scenario) -> list[dict[str, Any]] | None:
    """All the scenario's results at once, from a driver that can stream requests
    (``run_many``), when no step depends on an earlier answer (the ``advance`` macro does).
    Steps after a failing one are run too, which is harmless: the next scenario starts
    afresh."""
    run_many = driver.run_many
    if run_many is None or any(s["op"] == "advance" for s in scenario.steps):
        return None
    results: list[dict[str, Any]] = run_many([request_of(s) for s in scenario.steps])
    return results


def run_expected(driver: Driver, scenario: Scenario, *, skip: str = "",
                 xfail: str | Callable[[Result], Result] = "",
                 streamed: list[dict[str, Any]] | DriverError | None = None) -> Result:
    """:func:`run_scenario` under an expectations file (:mod:`fivetenk.results.expectations`): a
    ``skip`` reason skips the scenario without running it. ``xfail`` is either the judge
    an expectations file gives for this scenario (:meth:`Expectations.expect
    <fivetenk.results.expectations.Expectations.expect>`: a failure it explains becomes ``xfailed``,
    a pass stays ``passed`` unless an entry names the scenario by its id, then ``xpassed``),
    or a plain reason: any failure becomes ``xfailed`` and a pass ``xpassed``. Errored and
    skipped results stay as they are."""
    if skip:
        return Result(scenario, "skipped", reason=skip)
    result = run_scenario(driver, scenario, streamed=streamed)
    if callable(xfail):
        if result.status in ("failed", "passed"):
            try:
                result = xfail(result)
            except Exception as err:  # an entry must never break the run
                result.status, result.message = "errored", internal_error(err)
        return result
    if xfail and result.status == "failed":
        result.status, result.reason = "xfailed", xfail
    elif xfail and result.status == "passed":
        result.status, result.reason = "xpassed", xfail
        result.message = "expected to fail, but passed: remove it from the expectations file"
    return result


STREAM_CHUNK = 256
"""How many scenarios :func:`run_suite` sends to a streaming driver at a time."""

Expectation = Callable[[Scenario], tuple[str, "str | Callable[[Result], Result]"]]
"""A scenario's (skip reason, xfail judge or reason): :meth:`Expectations.expect
<fivetenk.results.expectations.Expectations.expect>`."""


def run_suite(driver: Driver, scenarios: Sequence[Scenario],
              expectations: Expectation | None = None) -> Iterator[Result]:
    """Run ``scenarios`` in order, yielding each result as it is judged.

    ``expectations`` gives a scenario's (skip, xfail) reasons. With a driver that can
    stream (``stream``, the :class:`~fivetenk.impl.process_driver.ProcessDriver`), the scenarios
    that need no answer before their next request go out :data:`STREAM_CHUNK` at a time,
    without a round trip each; the others, and any left over when the implementation
    fails mid-stream, run one by one."""
    stream = driver.stream
    for first in range(0, len(scenarios), STREAM_CHUNK):
        chunk = scenarios[first:first + STREAM_CHUNK]
        reasons = [expectations(s) if expectations else ("", "") for s in chunk]
        ahead: dict[int, list[dict[str, Any]] | DriverError] = {}
        if stream is not None:
            try:
                picked = [j for j, s in enumerate(chunk)
                          if not reasons[j][0] and _streamable(driver, s)]
                entries = stream([(_played(driver, chunk[j]), chunk[j].setup,
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


def _played(driver: Driver, scenario: Scenario) -> dict[str, str]:
    """The variant values ``scenario`` is started under for ``driver``: its own, or those
    :func:`fivetenk.suite.profile.fit` chose (a default the implementation does not play,
    replaced by a value it plays, issue 20)."""
    fit = profile.fit(driver, scenario, reference_passes)
    return scenario.variants if fit.variants is None else fit.variants


def _streamable(driver: Driver, scenario: Scenario) -> bool:
    """Whether ``scenario`` can go out in a stream: it lies within what the implementation
    plays, needs nothing asked through play (:func:`fivetenk.suite.profile.fit`), and no step
    waits for an earlier answer (``advance``)."""
    if any(step["op"] in ("advance", START_OP) for step in scenario.steps):
        return False  # a start step judges the start reply itself (_judge_start)
    fit = profile.fit(driver, scenario, reference_passes)
    return not fit.reason and not fit.through_play and fit.resuited is None
