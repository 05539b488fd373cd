"""The ``games`` and ``endings`` modes of ``fivetenk fuzz``: whole hands, matches and
endings played at random by the reference engine, every action and every observation
compared with the implementation's.

The cases come from :mod:`fivetenk.fuzz.game_cases` (what a case holds, the players, the
near misses and the two generators). This module holds the modes: running the cases
(streamed), judging every step against the reference's result, and for a divergent case
the clauses and rulings it is about, its shrinking and the scenario written for it.

Shrinking (lead decision F-2): :meth:`GameMode.shrinker` rebuilds a divergent case as a
*position* some steps before the diverging one. Its draws are, in order: how many steps
before the divergence to start (0: just before it), then for each seat "keep this seat's
cards?" and for each card of a kept seat "keep this card?" (0 drops it: it counts as played
in an earlier trick, its points captured by the banker), then for each earlier step "keep
this step?". The first replay keeps everything from the earliest position of the hand;
Hypothesis then shrinks towards the fewest seats holding cards, the fewest cards and the
fewest steps that still diverge. A position before the first lead (burying, calling) holds
every hand whole (R10.1, D7), so no card draws are made there: only steps can be dropped.
A divergence while dealing (no position exists there) is cut after the diverging step
instead. An errored divergence (a schema-invalid observation) is shrunk the same way; the
written case expects the reference's value at the path the reply broke.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..impl.drivers import Driver, DriverError
from ..impl.words import SHAPES
from ..model.scenario import Scenario
from ..model.spec_data import load_spec
from ..reference import Card, Game, Phase, RulesError, Variants, parse_position
from .game_cases import apply_step, generate_ending, generate_game
from .queries import step_clauses as query_clauses
from .source import Case, Divergence, Source, compare, errored, vouch_for, words_reason

QUERY_OPS = ("plays",)
"""The queries a game case asks along the way (:data:`~fivetenk.fuzz.game_cases.PLAYS_PERCENT`):
a divergence there is shrunk and written as a query case (:meth:`GameMode.as_query`)."""
_ENDING_CLAUSE = {"bankers_out": "R17.2", "defenders_out": "R17.3", "one_player_left": "R18.1"}
_BAND_CLAUSE = {"0": "R21.1", "5-55": "R21.2", "60-115": "R21.3", "120-175": "R21.4",
                "180-235": "R21.5", "240-295": "R21.6", "300": "R21.7"}


# ---------------------------------------------------------------------------------------------
# Clauses of a step
# ---------------------------------------------------------------------------------------------


def step_clauses(steps: Sequence[dict[str, Any]], expected: Sequence[Any], index: int,
                 paths: Sequence[str] = ()) -> list[str]:
    """The clauses a diverging step is about: a rejection's clause, the clause of the
    action, or for an observation the clause of each field that differs."""
    step = steps[index] if 0 <= index < len(steps) else {}
    want = expected[index] if 0 <= index < len(expected) else None
    op = step.get("op")
    if isinstance(want, dict) and want.get("accepted") is False and want.get("clause"):
        return [str(want["clause"])]
    if op == "next_hand":
        return ["R23.1"]
    if op == "act":
        kind = step.get("action", {}).get("type")
        return {"reveal": ["R09.2"], "skip": ["R09.4"], "bury": ["R10.1"], "call": ["R11.1"],
                "pass": ["R13.2"]}.get(str(kind), ["R13.2"])
    if op != "observe" or not isinstance(want, dict):
        return ["R13.1"]
    before = next((s.get("op") for s in reversed(steps[:index]) if s.get("op") != "observe"),
                  None)
    if before == "next_hand":  # an observation of the next hand's deal
        return ["R23.1"]
    out: list[str] = []
    result = want.get("result") if isinstance(want.get("result"), dict) else None
    for path in paths or ("",):
        head = path.split(".")[0].split("[")[0]
        clause = "R13.1"
        if head == "result" and result is not None:
            tail = path[len("result."):]
            if tail.startswith("ending"):
                clause = _ENDING_CLAUSE.get(str(result.get("ending")), "R17.1")
            elif tail.startswith(("kitty", "table")):
                clause = "R18.2" if result.get("ending") == "one_player_left" else "R19.3"
            elif tail.startswith("remnant"):
                clause = {"bankers_out": "R17.2", "defenders_out": "R17.3"}.get(
                    str(result.get("ending")), "R18.2")
            elif tail.startswith("levels") or tail.startswith("advance"):
                clause = "R22.1"
            elif tail.startswith(("defender", "credited")):
                clause = "R20.1"
            else:
                clause = _BAND_CLAUSE.get(str(result.get("band")), "R21.1")
        elif head in ("phase", "result"):
            clause = (_ENDING_CLAUSE.get(str(result.get("ending")), "R17.1")
                      if result is not None else "R17.1")
        elif head == "trick":
            clause = "R13.3"
        elif head == "captured":
            clause = "R14.1"
        elif head == "out":
            clause = "R16.1"
        elif head in ("calls", "partners", "banker_side"):
            clause = "R11.4"
        elif head == "levels":
            clause = "R22.1"
        elif head == "match_over":
            clause = "R07.2"
        elif head == "whole_side_check":
            clause = "R17.1"
        elif head == "pending" and want.get("trick") is None and want.get("phase") == "playing":
            clause = "R15.1"
        if clause not in out:
            out.append(clause)
    return out


def clause_rulings(clauses: Sequence[str]) -> list[str]:
    """The rulings the spec links to ``clauses`` (in order, each once)."""
    try:

        spec = load_spec()
        out: list[str] = []
        for clause in clauses:
            for ruling in spec.rulings_for(clause):
                if ruling.id not in out:
                    out.append(ruling.id)
        return out
    except Exception:  # pragma: no cover - a spec that cannot load: no rulings to cite
        return []


# ---------------------------------------------------------------------------------------------
# The modes
# ---------------------------------------------------------------------------------------------


class GameMode:
    """``games`` (from a deal) or ``endings`` (from a position); see the module docstring.
    Built by :mod:`fivetenk.fuzz.command` with the implementation's (expanded) capabilities
    and declared shapes."""

    name = "games"
    setup_capability = "deal"

    def __init__(self, capabilities: frozenset[str] | None = None,
                 shapes: frozenset[str] | None = None) -> None:
        self.capabilities = frozenset(capabilities or ())
        self.shapes = shapes
        self.positions = capabilities is None or "position" in self.capabilities
        """Whether the implementation starts from positions (shrinking uses them)."""
        self._driver: Driver | None = None

    words: Any = None
    """The implementation's D39 profile words, or None (set by ``make_mode``)."""

    def needs(self, capabilities: frozenset[str], variants: dict[str, str]) -> str | None:
        self.positions = "position" in capabilities
        if self.setup_capability not in capabilities:
            return f"the implementation lacks capability {self.setup_capability}"
        pack = getattr(self.words, "pack", 3) if self.words else 3
        if pack != 3:
            return (f"{self.name} play this game's pack of 3 decks, and the implementation "
                    f"declares {pack} (D39)")
        if self.shapes is not None:

            missing = [s for s in SHAPES if s not in self.shapes]
            if missing:
                return (f"{self.name} play every shape, and the implementation does not "
                        f"declare {', '.join(missing)}")
        return None

    def skip_reason(self, case: Case) -> str:
        """Why a case is not played: outside the implementation's D39 profile words (a
        run of a length it does not play, a wing it reads otherwise …); "" without words."""
        if not self.words:
            return ""
        return words_reason(self.words, case)

    @property
    def asks_plays(self) -> bool:
        """Whether cases ask ``plays`` queries (the implementation answers them)."""
        return not self.capabilities or "plays" in self.capabilities

    def generate(self, src: Source, variants: dict[str, str]) -> Case:
        return generate_game(src, variants, self.asks_plays)

    # -- running ---------------------------------------------------------------------------
    limit: Any = None
    """The longest ``plays`` hand asked (:class:`fivetenk.fuzz.queries.QueryLimit`, shared
    with the other modes of the process), or None: every hand."""

    def within_limit(self, case: Case) -> Case:
        """``case`` without the ``plays`` queries of hands over the limit (changed in place,
        so that a caller's step numbers are the ones run): they are only asked along the
        way, and leaving them out changes nothing else in the case."""
        if self.limit is None or self.limit.most is None:
            return case
        keep = [k for k, step in enumerate(case.steps)
                if step.get("op") not in QUERY_OPS or not self.limit.over(step)]
        if len(keep) < len(case.steps):
            expected = case.expected or []
            case.steps = [case.steps[k] for k in keep]
            case.expected = [expected[k] for k in keep if k < len(expected)]
            case.data["plays_left_out"] = case.data.get("plays_left_out", 0) + 1
        return case

    def run(self, driver: Driver, cases: Sequence[Case]) -> list[Divergence | None]:
        """Stream the cases (``driver.stream`` where the driver has it, else step by
        step); the first diverging step of each case, or None. ``plays`` queries of hands
        over the limit are left out of the cases first (:meth:`within_limit`)."""
        self._driver = driver
        for case in cases:
            self.within_limit(case)
        vouch_for(driver, cases)  # replies equal to the reference's need no schema check
        out: list[Divergence | None] = [None] * len(cases)
        stream = driver.stream
        if stream is None:
            for i, case in enumerate(cases):
                out[i] = self._run_one(driver, case)
            return out
        todo = [i for i, c in enumerate(cases) if c.steps]
        while todo:
            for i in todo:  # the limit may have been lowered by the last stream
                self.within_limit(cases[i])
            try:
                entries = stream([(cases[i].variants, cases[i].setup, cases[i].steps)
                                  for i in todo])
            except Exception as err:  # the implementation cannot be started at all
                out[todo[0]] = errored(None, -1, str(err), getattr(err, "context", None))
                todo = todo[1:]
                continue
            for i, entry in zip(todo, entries, strict=False):
                out[i] = self._judge(cases[i], entry)
            todo = todo[len(entries):]
        return out

    def _run_one(self, driver: Driver, case: Case) -> Divergence | None:
        results: list[dict[str, Any]] = []
        try:
            started = driver.start(case.variants, case.setup)
            if started.get("accepted") is False:
                return self._judge(case, _setup_error(started))
            for case_step in case.steps:
                results.append(driver.run(case_step))
        except Exception as err:
            index = getattr(err, "index", None)
            err_index = len(results) if index is None else index
            step = case.steps[err_index] if 0 <= err_index < len(case.steps) else None
            if self.limit is not None:
                self.limit.lower(step, str(err))
            return errored(step, err_index, str(err), getattr(err, "context", None))
        return self._judge(case, results)

    def _judge(self, case: Case, entry: Any) -> Divergence | None:
        expected = case.expected or []
        if not isinstance(entry, list):
            index = getattr(entry, "index", None)
            index = -1 if index is None else index
            step = case.steps[index] if 0 <= index < len(case.steps) else None
            want = expected[index] if 0 <= index < len(expected) else None
            div = errored(step, index, str(entry), getattr(entry, "context", None), want)
            if self.limit is not None:
                self.limit.lower(step, str(entry))
            div.paths = _invalid_paths(str(entry), step)
            div.clauses = step_clauses(case.steps, expected, index, div.paths) if step else []
            div.rulings = clause_rulings(div.clauses)
            case.data["diverged"] = index
            return div
        for k, (step, want, got) in enumerate(zip(case.steps, expected, entry, strict=False)):
            if got == want:
                continue
            if step["op"] == "observe":
                want = _without_missing_optional(want, got, case.data)
            found = compare(step, want, got, k)
            if found is None:
                continue
            if step["op"] in QUERY_OPS:  # a query asked in the game: its clauses as a query's

                found.clauses, found.rulings = query_clauses(step, want, case.variants)
            else:
                found.clauses = step_clauses(case.steps, expected, k, found.paths)
                found.rulings = clause_rulings(found.clauses)
            case.data["diverged"] = k
            return found
        return None

    # -- shrinking -------------------------------------------------------------------------
    def minimal(self, case: Case, divergence: Divergence | None = None) -> Case:
        """The case cut after its diverging step (shrinking does the rest: see
        :meth:`shrinker`). The step is ``divergence.step`` (fuzz.command runs the regenerated
        case first and passes its divergence in), else the one :meth:`run` recorded when
        it judged this case; unknown (-1, the setup), the case is kept whole."""
        at = divergence.step if divergence is not None else case.data.get("diverged")
        if not isinstance(at, int) or at < 0:
            return case
        data = {**case.data, "diverged": at}
        if at + 1 >= len(case.steps):
            case.data = data
            return case
        return Case(mode=case.mode, kind=case.kind, variants=case.variants, setup=case.setup,
                    steps=case.steps[: at + 1], expected=(case.expected or [])[: at + 1],
                    choices=case.choices, index=case.index, data=data)

    def without_variants(self, case: Case) -> Case:
        """The same setup and steps under the default rules (every expectation recomputed
        by the reference): the campaign tries it first, so that a case needing no house
        rule is written without one."""
        setup = case.setup
        if setup is not None and "position" in setup:
            setup = {"position": {**setup["position"], "variants": {}}}
        plain = Case(mode=case.mode, kind=case.kind, variants={}, setup=setup,
                     steps=list(case.steps), expected=[], choices=case.choices,
                     index=case.index, data={k: v for k, v in case.data.items()
                                             if k != "diverged"})
        try:
            game = _start_game(plain)
        except RulesError:
            plain.steps = []
            return plain
        plain.expected = [apply_step(game, step) for step in plain.steps]
        return plain

    def shrinker(self, case: Case) -> tuple[Callable[[Source], Case], Sequence[int]]:
        """A generator rebuilding ``case`` as a position before its diverging step, with
        seats, cards and earlier steps to drop (module docstring), and the draws that
        replay it whole."""
        at = case.data.get("diverged")
        if not isinstance(at, int) or at < 0:
            at = len(case.steps) - 1
        plan = _plan(case, at) if self.positions else None
        if plan is None:
            fixed = self.minimal(case)

            def same(src: Source) -> Case:
                return fixed

            return same, ()

        def gen(src: Source) -> Case:
            return _shrunk_case(_Dense(src), case, plan, at)

        keep = _Keep(self._latest_start(gen, len(plan), case.steps[at]["op"]))
        gen(keep)
        return gen, keep.log

    def _latest_start(self, gen: Callable[[Source], Case], starts: int, op: str) -> int:
        """How far back (in steps before the divergence) the first replay starts: the
        latest start among 0, 1, 2, 4, 8, … that still diverges on the driver :meth:`run`
        last used (the earliest position of the hand without one): Hypothesis shrinks
        towards later starts, but a replay from far back would give it a long case whose
        every other draw moves when the start does."""
        last = starts - 1
        if self._driver is None:
            return last
        probe = 0
        while probe < last:
            found = self.run(self._driver, [gen(_Keep(probe))])[0]
            if found is not None and found.request.get("op") == op:
                return probe
            probe = 1 if probe == 0 else probe * 2
        return last

    def scenario(self, case: Case, divergence: Divergence, ident: str) -> Any:
        """The kit scenario of a (shrunk) case: the setup, every ``act`` step with the
        reference's verdict, and at the diverging ``observe`` the fields that differ with
        the reference's values."""

        expected = case.expected or []
        at = divergence.step if divergence.step >= 0 else len(case.steps) - 1
        steps: list[dict[str, Any]] = []
        for k, step in enumerate(case.steps[: at + 1]):
            want = expected[k]
            if step["op"] in QUERY_OPS:  # asked along the way; diverging, it is a query case
                continue
            if step["op"] == "observe":
                if k != at:
                    continue
                steps.append({"op": "observe", "expect": _observed_expectation(
                    want, divergence.paths, divergence.total)})
            else:
                expect = ({"accepted": False, "clause": want.get("clause")}
                          if want.get("accepted") is False else {"accepted": True})
                steps.append({**step, "expect": expect})
        clauses = list(divergence.clauses) or step_clauses(case.steps, expected, at)
        rulings = list(divergence.rulings) or clause_rulings(clauses)
        what = case.steps[at]["op"] if 0 <= at < len(case.steps) else "setup"
        name = (f"Found by fivetenk fuzz ({case.mode}): the {what} step "
                f"{'of a position' if 'position' in (case.setup or {}) else 'of a deal'} "
                f"differs at {', '.join(divergence.paths[:3]) or 'its answer'}")
        return Scenario(id=ident, name=name, clauses=clauses, rulings=rulings,
                        tags=[*clauses, *rulings, "fuzz"], variants=dict(case.variants),
                        setup=case.setup, steps=steps)


OPTIONAL_FIELDS = (("whole_side_check",), ("result", "credited"))
"""The observation fields protocol version 1 made optional, so that an adapter written
before them stays valid (schemas/protocol.md: ``whole_side_check``, R17.1 and D20;
``result.credited``, R14.1). A scenario that names one fails an engine that leaves it out;
the fuzzer, which compares whole observations, compares them only where the engine sends
them, and says once which it leaves out (:func:`_without_missing_optional`)."""


def _without_missing_optional(want: Any, got: Any, data: dict[str, Any]) -> Any:
    """The reference's observation ``want`` without the optional fields the
    implementation's observation ``got`` leaves out, each noted in ``data["missing"]`` (the
    campaign reports them once): against a peer engine without ``whole_side_check``, every
    game case once diverged at its first observation, which masked all play (issue 19). A
    field it sends is compared, whatever its value."""
    if not isinstance(want, dict) or not isinstance(got, dict):
        return want
    for path in OPTIONAL_FIELDS:
        mine: Any = want
        theirs: Any = got
        for part in path[:-1]:
            mine, theirs = mine.get(part), theirs.get(part)
            if not isinstance(mine, dict) or not isinstance(theirs, dict):
                break
        else:
            if path[-1] in mine and path[-1] not in theirs:
                want = _drop(want, path)
                data.setdefault("missing", []).append(".".join(path))
    return want


def _drop(value: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    """A copy of ``value`` without the key at ``path`` (the rest shared)."""
    if len(path) == 1:
        return {k: v for k, v in value.items() if k != path[0]}
    return {**value, path[0]: _drop(value[path[0]], path[1:])}


def _at(value: Any, path: str) -> tuple[bool, Any]:
    """The value at a dotted path of the reference's result (list items by index)."""
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False, None
    return True, value


def _observed_expectation(want: dict[str, Any], paths: Sequence[str],
                          total: int) -> dict[str, Any]:
    """What the written ``observe`` step expects: the reference's value at each path that
    differs (``result.kitty_to``, ``pending.seat``), or, when the differences are too many
    to list or a path is not in the reference's result, the whole top-level fields."""
    expect: dict[str, Any] = {}
    if paths and total <= len(paths):
        for path in _with_partners(paths, want):
            found, value = _at(want, path)
            if not found:
                break
            expect[path] = value
        else:
            return expect
    heads: list[str] = []
    for path in paths or ["phase"]:
        head = path.split(".")[0]
        if head in want and head not in heads:
            heads.append(head)
    return {h: want[h] for h in heads or ["phase"]}


_PAIRED = {f"result.{what}_{key}": f"result.{what}_{other}"
           for what in ("kitty", "table", "remnant")
           for key, other in (("to", "points"), ("points", "to"))}
"""Result fields the kit's phrases check together (``Then the kitty points (20) go to seat
3``): a written case that differs at one expects both, so that it reads in that phrase."""


def _with_partners(paths: Sequence[str], want: dict[str, Any]) -> list[str]:
    """``paths`` and, after each, the field its phrase checks with it (:data:`_PAIRED`)
    where the reference's result has it; an item of a list of at most six (a seat's
    entry, a kitty card) stands for its whole list, which a phrase checks (``Then the
    settlement shows the buried cards "…"``, ``Then the credited points are "…"``)."""
    out: list[str] = []
    for path in paths:
        parts = path.split(".")
        if len(parts) > 1 and parts[-1].isdigit():  # an item of a short list: the list
            found, value = _at(want, ".".join(parts[:-1]))
            if found and isinstance(value, list) and len(value) <= 6:
                path = ".".join(parts[:-1])
        for p in (path, _PAIRED.get(path)):
            if p is not None and p not in out and (p == path or _at(want, p)[0]):
                out.append(p)
    return out


_REPLY_PATH = re.compile(r"\$\.result((?:\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]{1,4}\])*)")


def _invalid_paths(message: str, step: dict[str, Any] | None) -> list[str]:
    """The path of an observation the implementation answered with a schema-invalid value
    (``$.result.calls[0].played: 4 is greater than the maximum of 3`` -> ``calls.0.played``),
    so that the written case expects the reference's value there; [] for anything else."""
    if not step or step.get("op") != "observe":
        return []
    found = _REPLY_PATH.search(message)
    if found is None or not found.group(1):
        return []
    path = re.sub(r"\[([0-9]+)\]", r".\1", found.group(1)).lstrip(".")
    return [path] if path else []


def _setup_error(result: dict[str, Any]) -> Any:
    err = DriverError(f"the setup was rejected: {result.get('clause')}", {"received": result})
    err.index = -1
    return err


# ---------------------------------------------------------------------------------------------
# The shrinking generator
# ---------------------------------------------------------------------------------------------


class _Dense(Source):
    """Passes on only real choices (``lo < hi``): a draw with one possible value is not
    asked of the source, so the logged choices are exactly what Hypothesis draws."""

    def __init__(self, inner: Source) -> None:
        self.inner = inner

    def int(self, lo: int, hi: int) -> int:
        return lo if hi <= lo else self.inner.int(lo, hi)


class _Keep(Source):
    """Keep every seat, card and step: every draw at its highest, except the first (how
    many steps back the case starts), which is ``back`` (clamped; None: the earliest)."""

    def __init__(self, back: int | None = None) -> None:
        self.back = back
        self.log: list[int] = []

    def int(self, lo: int, hi: int) -> int:
        value = hi
        if not self.log and self.back is not None:
            value = min(max(self.back, lo), hi)
        self.log.append(value)
        return value


def _start_game(case: Case) -> Game:
    setup = case.setup or {}
    if "position" in setup:
        position = dict(setup["position"])
        position["variants"] = {**position.get("variants", {}), **case.variants}
        return Game.from_position(position)
    deal = setup["deal"]
    return Game.new(deck=deal["deck"], first=deal.get("first"),
                    redeals=deal.get("redeals", ()),
                    variants=Variants.from_mapping(case.variants),
                    hand_number=deal.get("hand", 1), levels=deal.get("levels"),
                    previous_winners=deal.get("previous_winners"),
                    previous_banker=deal.get("previous_banker"))


def _plan(case: Case, at: int) -> list[int] | None:
    """The step indexes (before ``at``) at which the reference stands at a position
    (phase burying, calling or playing), earliest first: in the hand of the diverging
    step, or if it has none yet (a divergence while a next hand is dealt) in the hand
    before; None if neither has one (then no position can start the case)."""
    try:
        game = _start_game(case)
    except RulesError:
        return None
    starts: list[int] = []
    previous: list[int] = []
    for k, step in enumerate(case.steps[: at + 1]):
        if step["op"] == "next_hand":
            previous, starts = starts, []
        if step["op"] not in ("observe", *QUERY_OPS) and game.phase in (
                Phase.BURYING, Phase.CALLING, Phase.PLAYING):
            starts.append(k)
        apply_step(game, step)
    # a divergence in the deal of a next hand (no position yet): start in the hand before,
    # the next_hand step among the steps
    return starts or previous or None


def _shrunk_case(src: Source, case: Case, starts: list[int], at: int) -> Case:
    back = src.int(0, len(starts) - 1)
    begin = starts[len(starts) - 1 - back]
    game = _start_game(case)
    for step in case.steps[:begin]:
        apply_step(game, step)
    position = game.to_position()
    acting = case.steps[begin:at + 1]
    last_act = next((s for s in reversed(acting) if s["op"] not in ("observe", *QUERY_OPS)),
                    None)
    protected: Counter[str] = Counter()
    actor = -1
    if last_act is not None and last_act["op"] == "act":
        actor = int(last_act["action"].get("seat", -1))
        protected.update(last_act["action"].get("cards", []))
    if position.get("reveal") is not None and not src.int(0, 1):
        position["reveal"] = None  # how the banker was found: seldom what diverges
    hands = [list(h) for h in position["hands"]]
    dropped_points = 0
    droppable = position.get("phase") == "playing"  # before play, every hand is whole
    for seat in range(6):
        if not hands[seat] or not droppable:
            continue
        keep_seat = src.int(0, 1) if seat != actor else 1
        kept: list[str] = []
        guard = protected.copy() if seat == actor else Counter()
        for token in hands[seat]:
            if guard[token]:
                guard[token] -= 1
                kept.append(token)
                continue
            if keep_seat and src.int(0, 1):
                kept.append(token)
            else:
                dropped_points += Card.parse(token).points
        hands[seat] = kept
    steps: list[dict[str, Any]] = []
    kept_step = False
    for k, step in enumerate(acting):
        if step["op"] in QUERY_OPS:  # a pure query changes nothing: not part of a shrunk case
            continue
        if step["op"] == "observe":  # the observations the case made, after kept steps
            if kept_step or k == len(acting) - 1:
                steps.append(step)
            continue
        kept_step = step is last_act or bool(src.int(0, 1))
        if kept_step:
            steps.append(step)
    position["hands"] = hands
    position["captured"] = list(position["captured"])
    position["captured"][position["banker"]] += dropped_points
    for call in position.get("calls", []):
        call.pop("played", None)
    emptied = [s for s in range(6) if not hands[s] and s not in position["out"]]
    position["out"] = [*position["out"], *emptied]
    shrunk = Case(mode=case.mode, kind=case.kind, variants=case.variants,
                  setup={"position": position}, steps=[], expected=[], index=-1,
                  data={"rare": case.data.get("rare")})
    try:
        parse_position(position)
        game = Game.from_position(position)
    except RulesError:
        return shrunk  # no steps: nothing can diverge
    # the position as the engine writes it (the copies of each called face played so far,
    # left out above as cards were dropped, are counted again): complete, so the written
    # case gives it by the cards that matter, in the kit's phrases, not as JSON
    shrunk.setup = {"position": game.to_position()}
    expected = [apply_step(game, step) for step in steps]
    shrunk.steps, shrunk.expected = steps, expected
    return shrunk


class GamesMode(GameMode):
    """Whole hands and matches from random deals."""

    name = "games"
    setup_capability = "deal"

    def short_deal(self, case: Case) -> Case | None:
        """The case's deal rebuilt as a short hand keeping the dealt kitty and the burial
        (:func:`fivetenk.fuzz.short_deal.short_deal`): what a divergence only a dealt hand
        shows is shrunk to, when positions do not reproduce it."""
        # lazy: loads once a game divergence is shrunk
        from .short_deal import short_deal

        return short_deal(case)

    def generate(self, src: Source, variants: dict[str, str]) -> Case:
        return generate_game(src, variants, self.asks_plays)


class EndingsMode(GameMode):
    """Random positions a few plays before the end, played out."""

    name = "endings"
    setup_capability = "position"

    def generate(self, src: Source, variants: dict[str, str]) -> Case:
        return generate_ending(src, variants)

