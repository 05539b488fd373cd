"""Where the fuzzer's random decisions come from, and the interfaces of its modes.

One generator code path serves the campaign and the shrinking (lead decision F-1/F-2): a
generator is a plain function ``gen(src: Source, ...) -> Case`` that makes *every* random
decision through ``src.int(lo, hi)`` (the helpers :meth:`Source.choice`,
:meth:`Source.sample`, :meth:`Source.shuffle`, :meth:`Source.weighted`,
:meth:`Source.bool` are built on it).

- In the campaign, :class:`RandomSource` draws from :class:`random.Random` seeded with a
  text such as ``"7:queries:123"`` (machine-independent: a str seed is hashed with SHA-512,
  never with Python's salted ``hash``) and logs each value it returns.
- To shrink a divergent case, :func:`shrink` hands the same generator a
  :class:`DataSource`, whose ``int(lo, hi)`` is Hypothesis's ``st.integers(lo, hi)``, and
  seeds Hypothesis's database with the campaign's log, so Hypothesis replays the case and
  then shrinks the *choices*: generators are written so that smaller draws mean smaller
  cases (0 = fewer cards, shorter runs, lower ranks, fewer steps, drop this card).

The interfaces every mode implements (:class:`Mode`) and the two records it exchanges with
:mod:`fivetenk.fuzz.command` (:class:`Case`, :class:`Divergence`) live here too, so that the
query mode (:mod:`fivetenk.fuzz.queries`) and the game modes (:mod:`fivetenk.fuzz.games`)
are written against one stable contract.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ..impl.drivers import Driver
from ..model.bounded import plain
from ..model.scenario import Scenario, get_path
from ..suite.profile import words_reason as reason
from ..suite.runner import DIFF_LIMIT, SORTED_PATHS, answer_text, differences

T = TypeVar("T")
_Int = int
"""``int``, for annotations inside classes whose method ``int`` hides it."""

# ---------------------------------------------------------------------------------------------
# Sources of decisions
# ---------------------------------------------------------------------------------------------


class Source:
    """Every random decision of a generator. Subclasses implement :meth:`int` only.

    Conventions that make shrinking work (Hypothesis shrinks each draw towards ``lo`` and
    drops draws that are no longer made): ask for the *size* of something before its
    contents (``n = src.int(0, 12)``), put the simplest option first (:meth:`choice`,
    :meth:`weighted`), and let 0 mean "the first / the least / leave it out"."""

    def int(self, lo: _Int, hi: _Int) -> _Int:
        """An integer in ``[lo, hi]`` (both included; ``lo <= hi``)."""
        raise NotImplementedError

    def bool(self, percent: _Int = 50) -> bool:
        """True about ``percent`` times in a hundred; shrinks to False."""
        if percent <= 0:
            return False
        return bool(self.int(0, 99) >= 100 - min(percent, 100))

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options`` (not empty); shrinks to the first."""
        return options[self.int(0, len(options) - 1)]

    def weighted(self, options: Sequence[tuple[_Int, T]]) -> T:
        """One of ``options``, each ``(weight, value)`` with a positive integer weight,
        chosen with probability weight / total; shrinks to the first."""
        total = sum(w for w, _ in options)
        roll = self.int(0, total - 1)
        for weight, value in options:
            if roll < weight:
                return value
            roll -= weight
        return options[-1][1]  # pragma: no cover - unreachable with positive weights

    def sample(self, items: Sequence[T], k: _Int) -> list[T]:
        """``k`` distinct positions of ``items`` (``k <= len(items)``), in the order drawn;
        shrinks to the first ``k`` items in order."""
        rest = list(items)
        return [rest.pop(self.int(0, len(rest) - 1)) for _ in range(min(k, len(rest)))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """``items`` in a random order (a new list); shrinks to the order given."""
        return self.sample(items, len(items))

    def group(self, make: Callable[[Source], T]) -> T:
        """``make(self)``, as one unit Hypothesis may delete whole (for :class:`DataSource`,
        one span): a triple of an airplane with its wing, one rank of a run. Put the draws
        of each repeated part of a case in a group after drawing how many parts there are:
        lowering that count and deleting one group is then a single shrinking step. It draws
        nothing itself (the campaign's choices replay the same with or without groups)."""
        return make(self)

    def subset(self, items: Sequence[T], percent: _Int = 50) -> list[T]:
        """Each item kept with about ``percent`` % chance, in order; shrinks to dropping
        every item (one draw per item: "keep this one?")."""
        return [item for item in items if self.bool(percent)]


class RandomSource(Source):
    """Decisions from :class:`random.Random` seeded with ``seed_text`` (a str: hashed with
    SHA-512 by :mod:`random`, so the same on every machine and Python run), each logged
    in :attr:`log` as the choice sequence that replays it."""

    def __init__(self, seed_text: str) -> None:
        self.seed_text = seed_text
        self._random = random.Random(seed_text)
        self._next = self._random.random
        self.log: list[_Int] = []
        self._append = self.log.append

    def int(self, lo: _Int, hi: _Int) -> _Int:
        # random() is the same Mersenne Twister double on every machine; scaling it is
        # several times faster than randint (the campaign makes ~20 draws per query)
        if hi <= lo:  # no decision: nothing drawn, nothing logged (as in DataSource)
            return lo
        value = lo + _Int(self._next() * (hi - lo + 1))
        self._append(value)
        return value


class ReplaySource(Source):
    """Replays a logged choice sequence (a value out of range is clamped; past the end,
    ``lo``): what :func:`shrink` falls back on, and how a shrunk case is rebuilt."""

    def __init__(self, choices: Sequence[_Int]) -> None:
        self.choices = list(choices)
        self.at = 0
        self.log: list[_Int] = []

    def int(self, lo: _Int, hi: _Int) -> _Int:
        if hi <= lo:
            return lo
        value = self.choices[self.at] if self.at < len(self.choices) else lo
        self.at += 1
        value = min(max(value, lo), hi)
        self.log.append(value)
        return value


class DataSource(Source):
    """Decisions from Hypothesis: ``int(lo, hi)`` is ``draw(st.integers(lo, hi))``, so
    Hypothesis can replay and shrink them. ``draw`` is the ``draw`` of an
    ``st.composite`` strategy (or ``data.draw``)."""

    def __init__(self, draw: Callable[[Any], Any]) -> None:
        self._draw = draw
        self.log: list[_Int] = []

    def int(self, lo: _Int, hi: _Int) -> _Int:
        if hi <= lo:  # Hypothesis is asked only for real choices, so logs align
            return lo
        strategy = _INTEGERS.get((lo, hi))
        if strategy is None:  # st.integers(lo, hi), kept: Hypothesis gives the same one
            # lazy: Hypothesis loads to shrink only
            from hypothesis import strategies as st

            strategy = _INTEGERS[(lo, hi)] = st.integers(lo, hi)
        value: _Int = self._draw(strategy)
        self.log.append(value)
        return value

    def group(self, make: Callable[[Source], T]) -> T:
        # a nested composite strategy is one span of Hypothesis's choice sequence; its
        # draws are logged here in order, as if drawn directly
        outer = self

        def part(draw: Callable[[Any], Any]) -> Any:
            inner = DataSource(draw)
            inner.log = outer.log
            return make(inner)

        result: T = self._draw(_composite(part))
        return result


_INTEGERS: dict[tuple[int, int], Any] = {}
"""``st.integers(lo, hi)`` by its bounds (Hypothesis caches them too, at a cost per draw)."""


def _composite(part: Callable[..., Any]) -> Any:
    """``st.composite(part)()``: the strategy drawing ``part(draw)``, as one span. Made as
    ``st.composite`` makes it (the same strategy, the same span label: the same shrinking),
    without the check ``st.composite`` runs on each new function (it reads and parses the
    function's source: a tenth of the CPU of shrinking a case of many groups)."""
    try:
        # lazy: Hypothesis loads to shrink only
        from hypothesis.strategies._internal.core import CompositeStrategy
    except ImportError:  # pragma: no cover - a Hypothesis that moved it: the public way
        # lazy: Hypothesis loads to shrink only
        from hypothesis import strategies as st

        return st.composite(part)()
    return CompositeStrategy(part, (), {})  # type: ignore[no-untyped-call]


def case_seed(seed: int, mode: str, index: int) -> str:
    """The seed text of case ``index`` of ``mode`` in campaign ``seed``: case i depends on
    nothing else (workers and shards never change which cases exist)."""
    return f"{seed}:{mode}:{index}"


# ---------------------------------------------------------------------------------------------
# What a mode exchanges with the campaign
# ---------------------------------------------------------------------------------------------


@dataclass
class Case:
    """One generated case: what is sent, and what the reference engine answers.

    ``mode``: the mode's name; ``kind``: what it exercises, for the summary (``classify``,
    ``beats``, ``plays``, ``points``, ``hand``, ``match``, ``ending``…); ``index``: its
    place in the campaign (-1 while shrinking); ``variants``: the non-default variant
    values it is played under; ``setup``: ``None`` (queries), ``{"deal": …}`` or
    ``{"position": …}``; ``steps``: scenario steps without expectations (``{"op":
    "classify", "cards": […]}``), sent in order; ``expected``: the reference engine's
    result for each step (same length as ``steps``), or None until the mode computes it;
    ``choices``: the draws of the :class:`Source` that generated it (what :func:`shrink`
    starts from); ``data``: anything else the mode needs to rebuild or describe it."""

    mode: str
    kind: str
    variants: dict[str, str] = field(default_factory=dict)
    setup: dict[str, Any] | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)
    expected: list[dict[str, Any]] | None = None
    choices: tuple[int, ...] = ()
    index: int = -1
    data: dict[str, Any] = field(default_factory=dict)

    def size(self) -> int:
        """A rough size for reports: cards in the steps and setup, plus steps."""
        return len(self.steps) + _count_cards(self.setup) + sum(_count_cards(s) for s in self.steps)


def _count_cards(value: Any) -> int:
    if isinstance(value, dict):
        return sum(_count_cards(v) for v in value.values())
    if isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            return len(value)
        return sum(_count_cards(v) for v in value)
    return 0


@dataclass
class Divergence:
    """Where the implementation's answer differs from the reference engine's, as data
    (picklable: workers send it to the main process).

    ``step``: the index of the diverging step in the case (-1: the setup); ``request``:
    the step as sent (``op`` form, no expectations); ``expected``: the reference engine's
    result; ``observed``: the implementation's (bounded with :func:`fivetenk.results.report.plain`;
    None if it errored); ``paths``: the paths that differ (first ten); ``lines``: each
    difference in words (:meth:`fivetenk.suite.runner.Mismatch.describe`); ``total``: how many
    differences in all; ``clauses`` / ``rulings``: of the step (what a written case is
    tagged with); ``error``: the implementation's error instead of an answer (a crash, a
    timeout, ``ok: false``) - an errored case, which also makes ``fuzz`` exit 1;
    ``context``: the driver's error context (sent, received, stderr), bounded."""

    step: int
    request: dict[str, Any]
    expected: Any
    observed: Any
    paths: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    total: int = 0
    clauses: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    error: str = ""
    context: dict[str, Any] = field(default_factory=dict)

    @property
    def errored(self) -> bool:
        return bool(self.error)

    def group_key(self) -> str:
        """What makes divergences one group in the report: the op of the step, the first
        path that differs in causal order (:func:`causal_order`: a wrong kitty and the
        levels that follow from it are one group, keyed by the kitty) with its list
        indexes left out (``levels.#``: which seat's level
        is wrong is not another bug), and, where they are words, what was expected and what
        came back there (``true->false``, ``"bankers_out"->"defenders_out"``); or how it
        errored. Keying by every differing path split one engine's single kitty mistake
        into 43 groups in 300 game cases (the totals and levels that follow from it differ
        from hand to hand); keyed this way it is two (issue 19)."""
        op = self.request.get("op", "?") if isinstance(self.request, dict) else "?"
        if self.error:
            return f"{op}:error:{error_kind(self.error)}"
        if not self.paths:
            return f"{op}:"
        path = causal_order(self.paths)[0]
        key = f"{op}:{'.'.join('#' if part.isdigit() else part for part in path.split('.'))}"
        return key + f"={gist(self.expected, path)}->{gist(self.observed, path)}"

    def signature(self) -> str:
        """What makes two divergences "the same" while shrinking: the op of the step and
        the paths that differ, or how it errored (:func:`error_kind`)."""
        op = self.request.get("op", "?") if isinstance(self.request, dict) else "?"
        if self.error:
            return f"{op}:error:{error_kind(self.error)}"
        return f"{op}:{','.join(self.paths)}"


CONSEQUENCES: tuple[tuple[str, ...], ...] = (
    ("result.kitty",),
    ("result.kitty_points", "result.kitty_to", "result.table_points", "result.table_to",
     "result.remnant_points", "result.remnant_to"),
    ("result.defender_total", "result.banker_total", "result.credited"),
    ("result.band", "result.winners", "result.advance"),
    ("result.advanced", "result.levels", "levels"),
    ("result.match_winners", "match_over", "match_winners"),
    ("previous_winners", "previous_banker"),
)
"""The fields of an observation in the order a settlement computes them, cause before
consequence (R19 the kitty and the last trick, R20-R21 the totals and the band, R22 the
levels, R07 the match's end, then what a later hand records of the one before: D5).
A field differing at a later rank differs *because* of an earlier one whenever both
differ: an engine that scores the dealt kitty instead of the burial (R19.3, D7) shows a
wrong ``result.kitty`` and, in three hands of four, wrong ``levels`` too; keyed by the
first path in the observation's own order (``levels`` comes first there) one bug made two
groups and two written cases, one of them not shrinkable (issue 30). Fields of no rank
(the trick, captured points, phase…) come first: they are causes, never consequences, of
these."""

CAUSAL_LIMIT = 200
"""How many differences :func:`compare` collects before it orders them causally and keeps
the first :data:`fivetenk.suite.runner.DIFF_LIMIT`: enough for every field of an observation
(six levels, six credited, six kitty cards…), so the cause is never cut off by its
consequences."""


def causal_rank(path: str) -> int:
    """The rank of ``path`` in :data:`CONSEQUENCES` (0: not a consequence of another field,
    1 the first rank, …)."""
    for rank, heads in enumerate(CONSEQUENCES, start=1):
        if any(path == head or path.startswith(head + ".") for head in heads):
            return rank
    return 0


def causal_order(items: Sequence[T], key: Callable[[T], str] = str) -> list[T]:
    """``items`` (paths, or what ``key`` reads a path from) with causes first
    (:func:`causal_rank`), in their own order within a rank."""
    return sorted(items, key=lambda item: causal_rank(key(item)))


def gist(value: Any, path: str) -> str:
    """The value at ``path`` as a group key sees it: a boolean, null or a word
    (``bankers_out``, ``play``) as it is, anything else by its type (a count, a seat, a
    list of plays and a reading differ from case to case without being another bug)."""

    try:
        found = get_path(value, path)
    except (KeyError, TypeError):
        return "missing"
    if found is None or isinstance(found, bool):
        return json.dumps(found)
    if isinstance(found, str) and found.replace("_", "").isalpha() and found.islower():
        return json.dumps(found)
    return type(found).__name__


def error_kind(message: str) -> str:
    """How an implementation failed a step, from the driver's message: ``invalid`` (a
    schema-invalid reply), ``refused`` (``ok: false``, or a rejected setup), ``kit`` (the
    kit itself failed) or ``failed`` (a crash, a hang, a broken protocol: the process was
    killed and must be restarted). ``""`` for no error."""
    if not message:
        return ""
    if message.startswith("invalid reply to"):
        return "invalid"
    if message.startswith(("the implementation could not do", "the implementation rejected",
                           "the setup was rejected")):
        return "refused"
    if message.startswith("the kit failed"):
        return "kit"
    return "failed"


FAILURES = ("timeout", "crash", "protocol", "restart budget", "out of time")
"""The ways an implementation can fail a case without answering it (:func:`failure_kind`)."""


def failure_kind(message: str) -> str:
    """How an implementation failed a case it did not answer (an error of kind ``failed``,
    :func:`error_kind`), one of :data:`FAILURES`: ``timeout`` (no reply within
    ``--timeout``), ``crash`` (it exited or closed its output), ``protocol`` (a reply that
    is not a reply: garbage, the wrong ``seq``, too long; or it stopped reading),
    ``restart budget`` (it was not started again: ``--restarts`` is spent) or ``out of
    time`` (the kit stopped waiting: ``--budget`` ran out). ``""`` for any other message
    (an answer, a refusal, an invalid reply): those are divergences, these are not
    (issue 28: after five restarts, 14,036 cases a budget refused to start counted as
    divergences)."""
    # lazy: `fuzz merge` starts without the process driver
    from ..impl.process_driver import OUT_OF_TIME, RESTART_BUDGET_SPENT

    if error_kind(message) != "failed":
        return ""
    if OUT_OF_TIME in message:
        return "out of time"
    if message.startswith(RESTART_BUDGET_SPENT):
        return "restart budget"
    if message.startswith("no reply to"):
        return "timeout"
    if message.startswith(("the implementation exited", "the implementation closed",
                           "cannot start the implementation")):
        return "crash"
    return "protocol"


@dataclass
class NotAsked:
    """What :meth:`Mode.run` gives for a case it decided, while running, not to ask (a
    ``plays`` hand over a limit lowered by a timeout earlier in the same run): the case
    is counted as skipped, with ``reason``."""

    reason: str


def compare(step: dict[str, Any], expected: dict[str, Any], observed: Any, index: int, *,
            clauses: Sequence[str] = (), rulings: Sequence[str] = ()) -> Divergence | None:
    """The :class:`Divergence` of one step whose reference result is ``expected`` and whose
    implementation result is ``observed`` (None when they agree). The whole reference
    result is compared (objects as subsets, as ``check`` does: keys the reference does not
    write are not looked at; ``readings`` and ``plays`` as sets); a rejection is compared
    on ``accepted`` and ``clause`` only (the ``error`` object is for people)."""

    want = expected
    if isinstance(expected, dict) and expected.get("accepted") is False:
        want = {"accepted": False, "clause": expected.get("clause")}
    sets = SORTED_PATHS.get(str(step.get("op")), ())
    if _same(want, observed, sets):  # the common case, without building any difference
        return None
    found = differences(want, observed, sets=sets, limit=CAUSAL_LIMIT)
    if not found.total:
        return None
    kept = causal_order(found, key=lambda m: m.path)[:DIFF_LIMIT]
    found[:] = kept

    answer = answer_text(observed)
    for m in found:
        m.answer = answer
    return Divergence(step=index, request=dict(step), expected=expected,
                      observed=plain(observed), paths=[m.path for m in found],
                      lines=[m.describe() for m in found], total=found.total,
                      clauses=list(clauses), rulings=list(rulings))


def _strict_equal(a: Any, b: Any) -> bool:
    """JSON equality where ``true`` is not ``1`` and ``1`` is not ``1.0``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_strict_equal(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(_strict_equal(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _same(want: Any, observed: Any, sets: Sequence[str]) -> bool:
    """A fast yes for a flat result that matches (keys the reference writes, set-like
    lists of strings in any order); False means "compare in full", not "differs"."""
    if not isinstance(want, dict) or not isinstance(observed, dict):
        return False
    for key, value in want.items():
        if key not in observed:
            return False
        got = observed[key]
        if key in sets and isinstance(value, list) and isinstance(got, list):
            if value == got and all(type(x) is str for x in value):
                continue  # the same texts in the same order (a text equals only a text)
            if not (all(type(x) is str for x in value) and all(type(x) is str for x in got)):
                return False
            if sorted(value) != sorted(got):
                return False
        elif not _strict_equal(value, got):
            return False
    return True


def errored(step: dict[str, Any] | None, index: int, message: str,
            context: dict[str, Any] | None = None, expected: Any = None) -> Divergence:
    """The :class:`Divergence` of a step the implementation could not answer (crash,
    timeout, ``ok: false``, an invalid reply)."""

    return Divergence(step=index, request=dict(step or {}), expected=expected, observed=None,
                      error=message[:2000], context=plain(context or {}))


class Mode(Protocol):
    """A way of generating cases (``queries``, ``games``, ``endings``).

    - ``name``: the ``--mode`` word.
    - ``needs(capabilities, variants)``: why this mode cannot run against an implementation
      with these (expanded) capabilities under these variants, or None if it can.
    - ``generate(src, variants)``: one case, every random decision through ``src``, its
      ``expected`` filled from the reference engine under ``variants``. Deterministic in
      the draws: the same draws give the same case.
    - ``run(driver, cases)``: run the cases against the implementation (streaming where it
      can: ``driver.stream`` / ``run_many``), one :class:`Divergence` or None per case, in
      order. It must not raise for anything the implementation does: an implementation
      error is a Divergence with ``error`` set (a timeout or a crash is then an *errored*
      case, :func:`failure_kind`, never a divergence). A case it decides while running
      not to ask (a ``plays`` hand over a limit a timeout just lowered) is a
      :class:`NotAsked`.
    - ``minimal(case, divergence)``: an optional pre-shrink, deterministic (e.g. a game
      divergence becomes a position just before the diverging step); ``case`` unchanged
      if none. ``case`` is regenerated from its draws in the main process, which knows
      nothing the worker that found it learnt; ``divergence`` is that case's divergence
      as :mod:`fivetenk.fuzz.command` has just run it again on its own implementation process
      (``divergence.step``: the diverging step), so ``minimal`` needs no driver of its own.
      (A ``minimal(case)`` of one argument is still called, without it.)
    - ``shrinker(case)``: the generator and the choice sequence that rebuild ``case`` from
      a :class:`Source` (for :func:`shrink`); by default ``generate`` under the case's
      variants and ``case.choices``.
    - ``scenario(case, divergence, id)``: the kit scenario to write for a (shrunk) case:
      every expectation from the reference engine, tagged with the clauses of the step
      that diverged and the rulings it depends on.
    """

    name: str

    def needs(self, capabilities: frozenset[str], variants: dict[str, str]) -> str | None: ...

    def generate(self, src: Source, variants: dict[str, str]) -> Case: ...

    def run(self, driver: Driver, cases: Sequence[Case]) -> list[Divergence | NotAsked | None]: ...

    def minimal(self, case: Case, divergence: Divergence) -> Case: ...

    def shrinker(self, case: Case) -> tuple[Callable[[Source], Case], Sequence[int]]: ...

    def scenario(self, case: Case, divergence: Divergence, ident: str) -> Any: ...


# ---------------------------------------------------------------------------------------------
# Shrinking with Hypothesis
# ---------------------------------------------------------------------------------------------


@dataclass
class Shrunk:
    """What :func:`shrink` found: the smallest ``case`` that still diverges (the one given
    when nothing smaller does), whether Hypothesis replayed the original (``replayed``;
    False: the result is the unshrunk case and ``note`` says why), how many times the
    predicate ran (``calls``), and the choices of the result."""

    case: Case
    replayed: bool
    calls: int
    choices: tuple[int, ...]
    note: str = ""


class _Found(Exception):
    """Raised inside the Hypothesis test when a case diverges."""


class _OutOfTime(BaseException):
    """Raised inside the Hypothesis test once ``until`` has passed: a BaseException, which
    Hypothesis lets through instead of shrinking it as a failure."""


SHRINK_EXAMPLES = 400
"""The most cases Hypothesis tries while shrinking one divergence (each one is a request
or a short game against the implementation)."""


def shrink(generate: Callable[[Source], Case], choices: Sequence[int],
           diverges: Callable[[Case], bool], *, max_examples: int = SHRINK_EXAMPLES,
           key: str = "fivetenk-fuzz", until: float | None = None) -> Shrunk:
    """The smallest case ``generate`` makes that still ``diverges``, starting from the
    case that ``choices`` replay (lead decision F-2).

    The choices are saved in an in-memory Hypothesis database under the *secondary* key
    of ``key`` (saved under the primary key, Hypothesis would treat the replay as already
    shrunk), and :func:`hypothesis.find` replays them first (``Phase.reuse``), then
    shrinks. Deterministic: Hypothesis's own randomness is a fixed ``Random(0)``, so the
    same case, predicate and Hypothesis version give the same result. If the replay does
    not reproduce the divergence (a Hypothesis change, a flaky implementation), the
    original case is returned with ``replayed`` False and a note. ``until``: a
    :func:`time.monotonic` instant after which no more cases are tried (``fuzz --budget``):
    the smallest case found by then is the result, with a note."""

    # lazy: Hypothesis loads to shrink only
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import strategies as st
    from hypothesis.database import InMemoryExampleDatabase
    from hypothesis.errors import Flaky, NoSuchExample, Unsatisfiable

    original = generate(ReplaySource(choices))
    calls = [0]
    replayed = [False]
    target = tuple(choices)

    @st.composite
    def cases(draw: Callable[[Any], Any]) -> Case:
        src = DataSource(draw)
        case = generate(src)
        case.choices = tuple(src.log)
        return case

    def condition(case: Case) -> bool:
        calls[0] += 1
        if case.choices == target:
            replayed[0] = True
        try:
            return bool(diverges(case))
        except Exception:  # a predicate that fails oddly: not this divergence
            return False

    db = InMemoryExampleDatabase()
    database_key = key.encode("utf-8")
    try:
        # lazy: Hypothesis loads to shrink only
        from hypothesis.database import choices_to_bytes
    except ImportError:  # pragma: no cover - a Hypothesis older than the choice sequence
        return Shrunk(original, False, 0, target,
                      "this Hypothesis cannot replay a choice sequence: the case is not shrunk")
    db.save(database_key + b".secondary", choices_to_bytes(target))
    chosen = settings(database=db, phases=[Phase.reuse, Phase.generate, Phase.shrink],
                      max_examples=max_examples, deadline=None, verbosity=Verbosity.quiet,
                      suppress_health_check=list(HealthCheck), report_multiple_bugs=False)
    found_cases: list[Case] = []

    @chosen
    @given(cases())
    def test(case: Case) -> None:
        if until is not None and time.monotonic() >= until:
            raise _OutOfTime
        if condition(case):
            found_cases[:] = [case]
            raise _Found

    # What ``find(..., random=Random(0))`` would do, except that its ``@seed`` also turns
    # the database off (and ``derandomize`` refuses one): a fixed seed keeps generation and
    # shrinking deterministic while the database still replays the campaign's choices.
    test._hypothesis_internal_use_seed = 0  # type: ignore[attr-defined]
    test._hypothesis_internal_database_key = database_key  # type: ignore[attr-defined]
    cut = ""
    try:
        test()
    except _Found:
        pass
    except (NoSuchExample, Unsatisfiable):
        pass
    except _OutOfTime:
        cut = "shrinking stopped when the --budget ran out"
    except Flaky:  # the implementation answered the same case differently on a retry
        cut = "the implementation answered the same case differently when asked again"
    if not found_cases:
        return Shrunk(original, False, calls[0], target,
                      cut + ": the case is reported unshrunk" if cut else
                      "Hypothesis did not reproduce the divergence from the campaign's "
                      "choices: the case is reported unshrunk")
    found = found_cases[0]
    if not replayed[0]:
        note = ("Hypothesis did not replay the campaign's choices first; this is a divergence "
                "it found on its own")
        return Shrunk(found, False, calls[0], found.choices, note)
    return Shrunk(found, True, calls[0], found.choices, cut)


# ---------------------------------------------------------------------------------------------
# Small shared helpers
# ---------------------------------------------------------------------------------------------


def content_id(prefix: str, content: Any) -> str:
    """A deterministic id for a written case: ``<prefix>-<8 hex of SHA-256 of content>``
    (content: any JSON value, hashed as canonical JSON)."""
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return f"{prefix}-{hashlib.sha256(text.encode('ascii')).hexdigest()[:8]}"


def unique(items: Iterable[T]) -> list[T]:
    """``items`` without repeats, first occurrences in order (never a set's order)."""
    out: list[T] = []
    for item in items:
        if item not in out:
            out.append(item)
    return out


def canonical(value: Any) -> str:
    """A JSON value as one text, whatever its key order (for comparing answers)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def vouch_for(driver: Driver, cases: Sequence[Case]) -> None:
    """Tell a driver that can skip checks (``ProcessDriver.vouched``) which results the
    reference engine gave for ``cases``: a reply equal to one of them is valid by
    construction and needs no schema check. Anything else is checked as usual."""
    results = [result for case in cases for result in (case.expected or ())]
    exact = {_image(result) for result in [{"accepted": True}, *results]}  # and a start's
    exact.discard(None)
    sorted_keys: set[str] = set()

    def vouched(cmd: str, result: dict[str, Any]) -> bool:
        if _image(result) in exact:
            return True
        if not sorted_keys:  # keys in another order than the reference's: compare as text
            sorted_keys.update(canonical(result) for result in results)
        return canonical(result) in sorted_keys

    driver.vouched = vouched


def _image(value: Any) -> bytes | None:
    """``value`` (a JSON value) as bytes that differ for any two values that are not
    strictly equal (``true`` is not ``1``, ``1`` is not ``1.0``) or hold their keys in
    another order: :mod:`marshal`'s version 0, which keeps every type and, unlike later
    versions, neither shares repeated objects nor marks interned strings, so equal values
    always give equal bytes. Four times faster than :func:`canonical`, which sorts keys
    (a game case compares hundreds of observations). None for a value marshal cannot
    write (none that JSON gives), which then matches nothing."""
    try:
        return marshal.dumps(value, 0)
    except ValueError:
        return None


def words_reason(words: Any, case: Case) -> str:
    """Why ``case`` lies outside the implementation's D39 profile words (a card set its
    pack cannot hold, a run of a length it does not play, a wing it reads otherwise, a set
    of an extra shape it plays), or "": :func:`fivetenk.suite.profile.words_reason` of the case
    as a scenario. Only asked when the implementation declared words."""

    scenario = Scenario(id="fuzz-x", name="x", clauses=[], rulings=[], tags=[],
                        variants=dict(case.variants), setup=case.setup,
                        steps=[dict(s) for s in case.steps])
    return reason(words, scenario)
