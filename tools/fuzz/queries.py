"""The ``queries`` mode of ``fivetenk fuzz``: random combination queries, answered by the
reference engine and by the implementation.

Card sets are biased toward structure (same-rank groups of 1-3, bombs of 4-12, straights,
pair runs and airplanes of every length up to the longest, with and without wings,
triples with kickers, jokers, 5/10/K mixes, a few random cards), sometimes with one card
added or taken away, and then asked as

- ``classify``: one card set;
- ``beats``: two plays of the same template (same shape and size, ranks anywhere: runs far
  apart included) or of two independent ones, sometimes with a declared ``top_shape`` /
  ``reply_shape`` (one of the reference's readings of those cards);
- ``plays``: a hand of one to three structures and loose cards, as a lead or against a
  top play;
- ``points``: a handful of cards.

Every draw goes through a :class:`~fivetenk.fuzz.source.Source`, smallest first: a draw of
0 is the simplest structure, the lowest rank, the shortest run, no extra card. Queries run
in streams (one ``start`` per run of cases under the same variants, up to
:data:`BATCH` requests at a time), as ``check`` streams scenarios.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..impl.drivers import Driver, DriverError, ReferenceDriver
from ..model.scenario import Scenario
from ..reference import VARIANT_RULINGS
from ..suite.shapes import shape_of
from .source import (
    Case,
    Divergence,
    NotAsked,
    ReplaySource,
    Source,
    compare,
    error_kind,
    errored,
    failure_kind,
    unique,
    words_reason,
)

RUN_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Ranks that may stand in a run (R03.4), lowest first."""
RANKS = (*RUN_RANKS, "2")
SUITS = "DCHS"
KINDS = ("classify", "beats", "plays", "points")
"""The query commands this mode asks, each needing the capability of the same name."""
KIND_WEIGHTS = {"classify": 3, "beats": 4, "plays": 2, "points": 1}
"""How often each query is drawn (out of 10)."""
LONG_HAND = 16
"""A ``plays`` request that times out on a hand of more cards than this lowers the limit
of the hands asked to this many (the sizes of the kit's hands before issue 19); one that
times out on a hand of at most this many halves it (:meth:`QueryLimit.lower`)."""
BATCH = 512
"""Most query requests in one stream unit (one ``start``)."""
ANSWERS_KEPT = 20_000
"""Reference answers remembered by one mode (emptied when full)."""
PLAYS_HAND = 32
"""Most cards in a generated ``plays`` hand: a banker's hand after taking the kitty (26
dealt and 6, R10.1)."""
HAND_SIZES: tuple[tuple[int, tuple[int, int]], ...] = (
    (12, (1, 8)), (6, (9, 16)), (2, (17, 25)), (3, (26, 26)), (1, (27, 31)), (2, (32, 32)))
"""How the size of a ``plays`` hand is drawn: ``(weight, (fewest, most))`` ranges over the
whole range, biased toward the sizes a deal gives (26 cards a seat, 32 for the banker with
the kitty), where enumeration bugs live: an engine that lists no airplane with pairs only
in hands over 16 cards went unfound in 266,240 cases of hands up to 14 (issue 19). About a
third of the hands have more than 16 cards: a 32-card hand lists hundreds of plays (a
listing over 16 cards costs the reference about 1 ms with its texts, on each side), so
these weights trade reach for speed (``python -m fivetenk.bench.fuzz``, one worker: 5,169
query comparisons/s with this mix, best of three; 3,191 against 4,548 with hands up to 14
before the reference's listing was made twice as fast). Small sizes come first, so a
divergence shrinks toward a small hand when one shows it."""


_SUITED = {rank: [rank + suit for suit in SUITS] for rank in RANKS}


class _Pack:
    """The cards left for one card set: three copies of each face (R01.1)."""

    def __init__(self) -> None:
        self.used: dict[str, int] = {}

    def faces(self, rank: str) -> list[str]:
        """The cards of ``rank`` still free, by copy then suit (``3D 3C 3H 3S 3D …``)."""
        used = self.used
        if rank in ("SJ", "BJ"):
            return [rank] * (3 - used.get(rank, 0))
        cards = _SUITED[rank]
        if not used:
            return cards * 3
        counts = [used.get(card, 0) for card in cards]
        if not any(counts):  # the usual case: this rank not taken yet
            return cards * 3
        return [card for copy in (0, 1, 2) for card, n in zip(cards, counts, strict=True)
                if n <= copy]

    def take(self, src: Source, rank: str, n: int) -> list[str]:
        free = self.faces(rank)
        picked = src.sample(free, min(n, len(free)))
        for card in picked:
            self.used[card] = self.used.get(card, 0) + 1
        return picked

    def take_card(self, card: str) -> list[str]:
        if self.used.get(card, 0) >= 3:
            return []
        self.used[card] = self.used.get(card, 0) + 1
        return [card]


def _all_ranks() -> tuple[str, ...]:
    return (*RANKS, "SJ", "BJ")


def template(src: Source) -> dict[str, Any]:
    """The shape of a structure, without its ranks: what two plays of "the same shape"
    share. Simplest first."""
    kind = src.weighted([(6, "group"), (4, "run"), (3, "bomb"), (2, "kicker"),
                         (2, "jokers"), (2, "five_ten_king"), (2, "loose")])
    if kind == "group":
        return {"kind": kind, "n": 1 + src.int(0, 2)}
    if kind == "bomb":
        return {"kind": kind, "n": 4 + src.weighted([(8, 0), (4, 1), (2, 2), (2, 3), (2, 4),
                                                     (1, 5), (1, 6), (1, 7), (2, 8)])}
    if kind == "run":
        width = 1 + src.int(0, 2)
        low = {1: 5, 2: 2, 3: 2}[width]
        # every length up to the longest (12 ranks), shorter ones more often, and
        # one below the minimum now and then (no combination: the engine must say so);
        # the length is one draw (shrinking lowers it and drops one rank's group)
        band = src.weighted([(10, "short"), (3, "any"), (1, "longest"), (1, "too short")])
        if band == "short":
            length = low + src.int(0, 2)
        elif band == "any":
            length = low + src.int(0, 12 - low)
        else:
            length = 12 if band == "longest" else max(1, low - 1)
        wings = src.weighted([(3, 0), (1, 1), (1, 2)]) if width == 3 else 0
        return {"kind": kind, "width": width, "length": length, "wings": wings}
    if kind == "kicker":
        return {"kind": kind, "n": 1 + src.int(0, 1)}
    if kind == "jokers":
        return {"kind": kind, "small": src.int(0, 3), "big": src.int(0, 3)}
    if kind == "five_ten_king":
        return {"kind": kind, "suited": src.bool(50)}
    return {"kind": kind, "n": 1 + src.int(0, 11)}


def structure(src: Source, pack: _Pack, tmpl: dict[str, Any]) -> list[str]:
    """Cards of the template ``tmpl``, ranks drawn now (lowest first)."""
    kind = tmpl["kind"]
    if kind in ("group", "bomb"):
        return pack.take(src, src.choice(_all_ranks() if tmpl["n"] <= 3 else RANKS), tmpl["n"])
    if kind == "run":
        return run_cards(src, pack, tmpl)
    if kind == "kicker":
        triple = src.choice(RANKS)
        cards = pack.take(src, triple, 3)
        kicker = src.choice([r for r in _all_ranks() if r != triple])
        return cards + pack.take(src, kicker, tmpl["n"])
    if kind == "jokers":
        small, big = tmpl["small"], tmpl["big"]
        if small + big == 0:
            small = 1
        return pack.take(src, "SJ", small) + pack.take(src, "BJ", big)
    if kind == "five_ten_king":
        if tmpl["suited"]:
            suit = src.choice(SUITS)
            suits = [suit, suit, suit]
        else:
            suits = [src.choice(SUITS) for _ in range(3)]
        out: list[str] = []
        for rank, suit in zip(("5", "10", "K"), suits, strict=True):
            out += pack.take_card(rank + suit)
        return out
    return loose(src, pack, tmpl["n"])


def run_cards(src: Source, pack: _Pack, tmpl: dict[str, Any]) -> list[str]:
    """A run of the template: its ranks (``width`` cards each) from a drawn start, and
    for an airplane with wings one wing (``wings`` cards of a rank outside the body) per
    triple. Each rank of the body is drawn in one :meth:`~Source.group` with its wing, so
    that shrinking drops a triple and its wing together when it lowers the length; a
    wing's rank is drawn from a fixed list (a rank of the body is replaced by another
    rank outside it), so that dropping a triple does not change the other wings."""
    length = min(tmpl["length"], 12)
    start = src.int(0, 12 - length)
    body = RUN_RANKS[start:start + length]
    others = [r for r in _all_ranks() if r not in body]
    every = _all_ranks()

    def part(s: Source, rank: str) -> tuple[list[str], list[str]]:
        cards = pack.take(s, rank, tmpl["width"])
        if not tmpl.get("wings"):
            return cards, []
        i = s.int(0, len(every) - 1)
        wing = every[i] if every[i] not in body else others[i % len(others)]
        return cards, pack.take(s, wing, tmpl["wings"])

    parts = [src.group(lambda s, r=rank: part(s, r)) for rank in body]  # type: ignore[misc]
    return [c for cards, _ in parts for c in cards] + [c for _, wing in parts for c in wing]


def loose(src: Source, pack: _Pack, n: int) -> list[str]:
    """``n`` cards of any rank and suit."""
    out: list[str] = []
    for _ in range(n):
        rank = src.choice(_all_ranks())
        if rank in ("SJ", "BJ"):
            out += pack.take_card(rank)
        else:
            out += pack.take_card(rank + src.choice(SUITS))
    return out


def card_set(src: Source, tmpl: dict[str, Any] | None = None) -> list[str]:
    """One structured card set (never empty), now and then with a card added or removed."""
    pack = _Pack()
    cards = structure(src, pack, tmpl or template(src))
    if src.bool(15):
        cards += loose(src, pack, 1)
    if len(cards) > 1 and src.bool(10):
        cards.pop(src.int(0, len(cards) - 1))
    return cards or ["3D"]


class QueryLimit:
    """What queries are still asked. ``plays``: hands of at most :attr:`most` cards
    (:data:`PLAYS_HAND` unless ``fuzz --max-plays-hand`` set it), lowered for the rest of
    the campaign by a ``plays`` request that timed out (issue 28: a slow engine timed out
    on 26-32 card hands until its restart budget was spent, and every later case was
    lost). ``classify``, ``beats``, ``points``: no longer asked at all once one timed out
    (:attr:`dropped`), so that an engine slow at one query cannot spend the restart budget
    the rest of the campaign needs. One object is shared by the modes of a process (a
    worker lowers its own)."""

    def __init__(self, most: int | None = None) -> None:
        self.most = most
        self.why = "--max-plays-hand" if most is not None else ""
        self.dropped: dict[str, str] = {}
        """Query -> why it is no longer asked."""

    def over(self, step: dict[str, Any]) -> str:
        """Why a query step is not asked ("" if it is)."""
        op = step.get("op")
        if op in self.dropped:
            return self.dropped[op]
        most = self.most
        if most is None or op != "plays" or len(step.get("hand", ())) <= most:
            return ""
        return f"a plays hand of more than {most} cards ({self.why})"

    def lower(self, step: dict[str, Any] | None, error: str) -> None:
        """After a request that failed: if it was a query that timed out, ask no ``plays``
        hand as long from now on (the limit becomes :data:`LONG_HAND` for a hand longer
        than that, else half the hand), or no more of another query."""

        if not step or failure_kind(error) != "timeout":
            return
        op = step.get("op")
        if op in ("classify", "beats", "points") and op not in self.dropped:
            self.dropped[str(op)] = f"no longer asked: a {op} request timed out"
        if op != "plays":
            return
        size = len(step.get("hand", ()))
        limit = LONG_HAND if size > LONG_HAND else size // 2
        if self.most is None or limit < self.most:
            self.most = limit
            self.why = (f"lowered after a plays request of {size} card{'s' * (size != 1)} "
                        "timed out")


class QueryMode:
    """The ``queries`` mode (see the module docstring and
    :class:`fivetenk.fuzz.source.Mode`)."""

    name = "queries"
    variant_names = ("wing_ranks", "rocket", "twelve_bomb")
    """The variants a query's answer can depend on (the others are not explored here)."""

    def __init__(self, capabilities: frozenset[str] = frozenset(KINDS),
                 shapes: frozenset[str] | None = None) -> None:
        self.kinds = tuple(k for k in KINDS if k in capabilities) or KINDS
        self.limit = QueryLimit()
        """The longest ``plays`` hand asked (shared by the modes of one process)."""
        self.shapes = shapes
        # no self-check: it counts every listing again to compare (a third of the time a
        # long hand's plays take); the engine's counter is pinned by the suite, not here
        self._reference = ReferenceDriver(self_check=False)
        self._answers: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._started: dict[str, str] = {}
        self._reference.start({}, None)

    # -- Mode --------------------------------------------------------------------------------
    def needs(self, capabilities: frozenset[str], variants: dict[str, str]) -> str | None:
        if not set(KINDS) & set(capabilities):
            return "the implementation answers none of classify, beats, plays, points"
        return None

    def generate(self, src: Source, variants: dict[str, str]) -> Case:
        # the kind is drawn among every query, whatever the implementation answers, so
        # that case N is the same case under any handshake (issue 28); one of a command
        # it does not answer is not generated further, and is skipped (skip_reason)
        kind = src.weighted([(KIND_WEIGHTS[k], k) for k in KINDS])
        if kind not in self.kinds:
            return Case(mode=self.name, kind=kind, variants=dict(variants),
                        data={"unanswered": kind},
                        choices=tuple(getattr(src, "log", ())))
        step = getattr(self, f"_gen_{kind}")(src, variants)
        case = Case(mode=self.name, kind=kind, variants=dict(variants), steps=[step])
        case.expected = [self.reference(variants, step)]
        if self.shapes is not None:  # only an implementation that declares shapes needs them
            case.data["shapes"] = self.shapes_of(step, case.expected[0], variants)
        case.choices = tuple(getattr(src, "log", ()))
        return case

    def run(self, driver: Driver, cases: Sequence[Case]) -> list[Divergence | NotAsked | None]:
        out: list[Divergence | NotAsked | None] = [None] * len(cases)
        todo = [i for i, case in enumerate(cases) if not self.skip_reason(case)]
        stream = driver.stream
        if stream is None:
            self._one_by_one(driver, cases, todo, out)
            return out
        while todo:
            units = self._units(cases, todo)
            try:
                entries = stream([(v, None, [cases[i].steps[0] for i in idx]) for v, idx in units])
            except DriverError as err:  # it cannot be started (again): no case is asked
                for i in todo:
                    out[i] = self._failed(cases[i], err)
                break
            again: list[int] = []
            alone: list[int] = []
            for (_, idx), entry in zip(units, entries, strict=False):
                if not isinstance(entry, DriverError):
                    for i, result in zip(idx, entry, strict=True):
                        out[i] = self.judge(cases[i], result)
                elif error_kind(str(entry)) == "failed":
                    # the process failed (a timeout, a crash): that case is errored, the
                    # cases before it in the unit are judged on the results read before
                    # the failure, the rest and the units after it are streamed again
                    at = max(entry.index or 0, 0)
                    for i, result in zip(idx[:at], entry.partial, strict=False):
                        out[i] = self.judge(cases[i], result)
                    out[idx[at]] = self._failed(cases[idx[at]], entry)
                    again += idx[len(entry.partial[:at]):at] + idx[at + 1:]
                else:  # a refusal in the unit: its cases one by one, to pin it
                    alone += idx
            for _, idx in units[len(entries):]:
                again += idx
            self._one_by_one(driver, cases, alone, out)
            todo = []
            for i in again:
                reason = self.limit.over(cases[i].steps[0])
                if reason:
                    out[i] = NotAsked(reason)
                else:
                    todo.append(i)
        return out

    def _units(self, cases: Sequence[Case], todo: Sequence[int],
               ) -> list[tuple[dict[str, str], list[int]]]:
        """One stream unit (one start) per variant setting, up to BATCH requests: the
        campaign cycles through the settings case by case, so consecutive cases rarely
        share one. Results go back to their cases by index: the outcome does not depend
        on the order the requests are sent in (queries are pure)."""
        by_variants: dict[tuple[tuple[str, str], ...], list[int]] = {}
        for i in todo:
            by_variants.setdefault(tuple(sorted(cases[i].variants.items())), []).append(i)
        units: list[tuple[dict[str, str], list[int]]] = []
        for indices in by_variants.values():
            for at in range(0, len(indices), BATCH):
                part = indices[at:at + BATCH]
                units.append((cases[part[0]].variants, part))
        return units

    def _one_by_one(self, driver: Driver, cases: Sequence[Case], todo: Sequence[int],
                    out: list[Divergence | NotAsked | None]) -> None:
        for i in todo:
            reason = self.limit.over(cases[i].steps[0])
            out[i] = NotAsked(reason) if reason else self.run_one(driver, cases[i])

    def _failed(self, case: Case, err: DriverError) -> Divergence:
        """The errored outcome of a case the implementation failed (and the ``plays``
        limit lowered, if it was a ``plays`` request that timed out)."""
        self.limit.lower(case.steps[0], str(err))
        return errored(case.steps[0], 0, str(err), err.context,
                       expected=case.expected[0] if case.expected else None)

    def minimal(self, case: Case, divergence: Divergence | None = None) -> Case:
        return case

    def refiner(self, case: Case) -> tuple[Callable[[Source], Case], Sequence[int]]:
        """A second shrinking pass over a shrunk case: one choice per card, "keep this
        card?" (1, as found; 0, drop it), so Hypothesis can take away any card the
        divergence does not need, whatever structure it was generated from."""
        step = case.steps[0]
        keys = [k for k in ("cards", "reply", "top", "hand") if k in step]
        variants = dict(case.variants)

        def generate(src: Source) -> Case:
            new = dict(step)
            for key in keys:
                new[key] = [card for card in step[key] if src.int(0, 1)]
            out = Case(mode=self.name, kind=case.kind, variants=variants, steps=[new])
            out.expected = [self.reference(variants, new)]
            out.choices = tuple(getattr(src, "log", ()))
            return out

        return generate, [1] * sum(len(step[k]) for k in keys)

    def without_variants(self, case: Case) -> Case:
        """The same draws under the default variants (a written case names a variant only
        when the divergence needs it); a case made from a step, the same step."""

        if not case.choices:
            return self.from_step({}, case.steps[0])
        return self.generate(ReplaySource(case.choices), {})

    def shrinker(self, case: Case) -> tuple[Callable[[Source], Case], Sequence[int]]:
        """Replays the generator's draws; a case made from a step (:meth:`from_step`: a
        query a game case asked) has none, and is shrunk card by card (:meth:`refiner`)."""
        if not case.choices:
            return self.refiner(case)
        variants = dict(case.variants)
        return (lambda src: self.generate(src, variants)), case.choices

    def from_step(self, variants: dict[str, str], step: dict[str, Any]) -> Case:
        """The query case of one request, e.g. a ``plays`` query a game case asked of a
        dealt hand (:data:`fivetenk.fuzz.game_cases.PLAYS_PERCENT`): shrunk and written as
        a query, a few lines, not as a game."""
        step = {k: v for k, v in step.items() if k != "seq"}
        case = Case(mode=self.name, kind=str(step["op"]), variants=dict(variants), steps=[step])
        case.expected = [self.reference(variants, step)]
        if self.shapes is not None:
            case.data["shapes"] = self.shapes_of(step, case.expected[0], variants)
        return case

    def scenario(self, case: Case, divergence: Divergence, ident: str) -> Scenario:
        step = dict(case.steps[0])
        expected = (case.expected or [self.reference(case.variants, step)])[0]
        op = step["op"]
        if expected.get("accepted") is False:
            step["expect"] = {"accepted": False, "clause": expected.get("clause")}
        elif op == "classify":
            step["expect"] = {"legal": expected["legal"], "readings": sorted(expected["readings"])}
        elif op == "beats":
            step["expect"] = {"beats": expected["beats"]}
            if expected.get("reading") is not None:
                step["expect"]["reading"] = expected["reading"]
        elif op == "points":
            step["expect"] = {"points": expected["points"]}
        else:
            step["expect"] = {"count": expected["count"]}
            observed = divergence.observed if isinstance(divergence.observed, dict) else {}
            got = observed.get("plays") if isinstance(observed.get("plays"), list) else None
            want = list(expected["plays"])
            if got is None:
                contains = want[:20]
                excludes: list[str] = []
            else:
                contains = [p for p in want if p not in got][:20]
                excludes = [p for p in got if isinstance(p, str) and p not in want][:20]
            if contains:
                step["contains"] = {"plays": contains}
            if excludes:
                step["excludes"] = {"plays": excludes}
        clauses, rulings = step_clauses(step, expected, case.variants)
        return Scenario(id=ident, name=scenario_name(step, expected), clauses=clauses,
                        rulings=rulings, tags=[*clauses, *rulings],
                        variants=dict(case.variants), setup=None, steps=[step])

    # -- helpers -----------------------------------------------------------------------------
    def reference(self, variants: dict[str, str], step: dict[str, Any]) -> dict[str, Any]:
        """The reference engine's answer to ``step`` under ``variants`` (remembered: the
        reference is deterministic, so the same request under the same variants always
        gets the same answer)."""
        key = (tuple(sorted(variants.items())),
               *((k, tuple(v) if type(v) is list else v) for k, v in step.items()))
        answer = self._answers.get(key)
        if answer is None:
            if len(self._answers) >= ANSWERS_KEPT:
                self._answers.clear()
            if variants != self._started:
                self._reference.start(variants, None)
                self._started = dict(variants)
            answer = self._answers[key] = self._reference.run(step)
        return answer

    words: Any = None
    """The implementation's D39 profile words, or None (set by ``make_mode``)."""

    def skip_reason(self, case: Case) -> str:
        """Why a case is not asked: a command the implementation does not answer, a
        ``plays`` hand over the limit (:class:`QueryLimit`), a shape it does not declare,
        or a case outside its D39 profile words (a card set its pack cannot hold …)."""
        if case.data.get("unanswered"):
            return f"the implementation does not answer {case.data['unanswered']}"
        over = self.limit.over(case.steps[0])
        if over:
            return over
        if self.shapes is not None:
            extra = [s for s in case.data.get("shapes", ()) if s not in self.shapes]
            if extra:
                return f"uses {extra[0]}, which the implementation does not declare"
        if self.words:
            return words_reason(self.words, case)
        return ""

    def judge(self, case: Case, result: Any) -> Divergence | None:
        expected = (case.expected or [self.reference(case.variants, case.steps[0])])[0]
        divergence = compare(case.steps[0], expected, result, 0)
        if divergence is not None:
            divergence.clauses, divergence.rulings = step_clauses(case.steps[0], expected,
                                                                  case.variants)
        return divergence

    def run_one(self, driver: Driver, case: Case) -> Divergence | None:
        """One case with a round trip of its own (after a stream failed, and to shrink)."""
        try:
            driver.start(case.variants, None)
            result = driver.run(case.steps[0])
        except DriverError as err:
            return self._failed(case, err)
        return self.judge(case, result)

    def shapes_of(self, step: dict[str, Any], expected: dict[str, Any],
                  variants: dict[str, str]) -> tuple[str, ...]:
        """The shapes a query uses: of its answer's readings and plays, and of the cards
        it names (what the implementation must know to answer it)."""

        found: list[str] = []
        texts: list[str] = []
        for key in ("cards", "reply", "top", "hand"):
            if key in step and step["op"] != "points":
                answer = self.reference(variants, {"op": "classify", "cards": step[key]})
                if key != "hand":
                    texts += answer.get("readings", [])
        texts += expected.get("readings", []) or []
        texts += [p.split(":", 1)[0] for p in expected.get("plays", []) or []]
        if isinstance(expected.get("reading"), str):
            texts.append(expected["reading"])
        for key in ("top_shape", "reply_shape"):
            if key in step:
                texts.append(step[key])
        for text in texts:
            try:
                found.append(shape_of(text))
            except ValueError:
                continue
        return tuple(unique(sorted(found)))

    # -- generators ----------------------------------------------------------------------------
    def _gen_classify(self, src: Source, variants: dict[str, str]) -> dict[str, Any]:
        return {"op": "classify", "cards": card_set(src)}

    def _gen_beats(self, src: Source, variants: dict[str, str]) -> dict[str, Any]:
        how = src.weighted([(6, "same"), (3, "any"), (2, "tiers")])
        if how == "tiers":  # across the tiers: 5,10,K, bombs of any size, rockets
            tiers = [(1, {"kind": "five_ten_king", "suited": False}),
                     (1, {"kind": "five_ten_king", "suited": True}),
                     (2, {"kind": "bomb", "n": 4 + src.int(0, 8)}),
                     (2, {"kind": "jokers", "small": 1 + src.weighted([(4, 0), (1, 1), (1, 2)]),
                          "big": 1 + src.weighted([(4, 0), (1, 1), (1, 2)])}),
                     (2, {"kind": "bomb", "n": 12})]
            top = card_set(src, src.weighted(tiers))
            reply = card_set(src, src.weighted(tiers))
        else:
            tmpl = template(src)
            top = card_set(src, tmpl)
            reply = card_set(src, tmpl if how == "same" else None)
        step: dict[str, Any] = {"op": "beats", "reply": reply, "top": top}
        if src.bool(15):
            readings = self.reference(variants, {"op": "classify", "cards": top}).get("readings")
            if readings:
                step["top_shape"] = src.choice(sorted(readings))
        if src.bool(10):
            readings = self.reference(variants, {"op": "classify", "cards": reply}).get("readings")
            if readings:
                step["reply_shape"] = src.choice(sorted(readings))
        return step

    def _gen_plays(self, src: Source, variants: dict[str, str]) -> dict[str, Any]:
        low, high = src.weighted(HAND_SIZES)
        size = src.int(low, high)
        pack = _Pack()
        hand: list[str] = []
        for _ in range(PLAYS_HAND):  # structures until the size is reached (each adds some)
            if len(hand) >= size:
                break
            hand += structure(src, pack, template(src))
        hand += loose(src, pack, src.int(0, 3))
        hand = hand[:min(size, PLAYS_HAND)]
        step: dict[str, Any] = {"op": "plays", "hand": hand}
        if src.bool(50):
            top = card_set(src)
            readings = self.reference(variants, {"op": "classify", "cards": top}).get("readings")
            if readings:
                step["top"] = top
                if len(readings) > 1 and src.bool(30):
                    step["top_shape"] = src.choice(sorted(readings))
        return step

    def _gen_points(self, src: Source, variants: dict[str, str]) -> dict[str, Any]:
        pack = _Pack()
        return {"op": "points", "cards": loose(src, pack, src.int(0, 16))}


# ---------------------------------------------------------------------------------------------
# Clauses, rulings and names of a query
# ---------------------------------------------------------------------------------------------

_RUN_WORDS = ("straight", "pairs", "airplane", "airplane+singles", "airplane+pairs")


def _words(texts: Sequence[Any]) -> list[str]:
    out = []
    for text in texts:
        if isinstance(text, str):
            try:
                out.append(shape_of(text))
            except ValueError:
                continue
    return out


def step_clauses(step: dict[str, Any], expected: dict[str, Any],
                 variants: dict[str, str]) -> tuple[list[str], list[str]]:
    """The clauses and rulings of a query step: what the reading or comparison it asks
    about is governed by (the shapes of the cards and of the answer)."""
    op = step["op"]
    clauses: list[str] = []
    rulings: list[str] = []
    if op == "points":
        clauses, rulings = ["R06.1"], ["D22"]
    elif op == "classify" or op == "plays":
        clauses = ["R03.1"]
        rulings = ["D9", "D10"]
        texts = list(expected.get("readings") or [])
        texts += [p.split(":", 1)[0] for p in expected.get("plays") or []]
        words = set(_words(texts))
        if op == "plays" and "top" in step:
            clauses.append("R03.3")
        if words & set(_RUN_WORDS):
            clauses.append("R03.4")
        if words & {"airplane+singles", "airplane+pairs"}:
            clauses.append("R03.5")
        if "5-10-K" in words:
            clauses.append("R04.1")
            rulings.append("D12")
        if "bomb" in words:
            clauses.append("R05.1")
        if "rocket" in words:
            clauses.append("R05.3")
    else:
        reading = expected.get("reading")
        ref = ReferenceDriver()
        ref.start(variants, None)
        top = ref.run({"op": "classify", "cards": step["top"]}).get("readings") or []
        reply = ref.run({"op": "classify", "cards": step["reply"]}).get("readings") or []
        words = set(_words([*top[:1], *reply[:1], *([reading] if reading else [])]))
        rulings = ["D11"]
        if len(reply) > 1 or len(top) > 1 or "top_shape" in step or "reply_shape" in step:
            rulings.append("D10")
        if "rocket" in words:
            clauses.append("R05.3")
        elif words == {"bomb"}:
            clauses.append("R05.2")
        elif "bomb" in words:
            clauses.append("R05.1")
        elif words == {"5-10-K"}:
            suited = [t for t in [*top[:1], *reply[:1]] if "suited" in t]
            clauses.append("R04.2" if len(suited) == 2 else "R04.3" if not suited else "R04.1")
            rulings.append("D12")
        elif "5-10-K" in words:
            clauses.append("R04.1")
            rulings.append("D12")
        else:
            clauses += ["R03.3", "R02.1"]
            if words & set(_RUN_WORDS):
                clauses.append("R03.4")
    # the rulings each non-default value applies, from the engine's own table: rocket
    # joker_sets is D26, six_jokers D36 (one table, so a case is tagged as the engine reads)
    for name, value in variants.items():
        for ruling in VARIANT_RULINGS.get(name, {}).get(value, ()):
            if ruling not in rulings:
                rulings.append(ruling)
    return unique(clauses), unique(sorted(rulings, key=lambda r: int(r[1:])))


def scenario_name(step: dict[str, Any], expected: dict[str, Any]) -> str:
    """A one-line title for a written query case."""
    op = step["op"]
    if op == "classify":
        if expected.get("accepted") is False:
            return f"{' '.join(step['cards'])} is refused"
        readings = expected.get("readings") or []
        return (f"{' '.join(step['cards'])} reads as {'; '.join(sorted(readings))}" if readings
                else f"{' '.join(step['cards'])} is no combination")
    if op == "beats":
        verb = "beats" if expected.get("beats") else "does not beat"
        return f"{' '.join(step['reply'])} {verb} {' '.join(step['top'])}"
    if op == "plays":
        against = f" against {' '.join(step['top'])}" if "top" in step else " as a lead"
        return f"{' '.join(step['hand'])} has {expected.get('count')} legal plays{against}"
    return f"{' '.join(step['cards']) or 'no cards'} score {expected.get('points')} points"
