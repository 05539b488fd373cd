"""A ``fivetenk fuzz`` campaign as data: which mode and variant setting case ``g`` belongs
to (:class:`Plan`), the case itself (:func:`generate`, depending on nothing else), and the
outcomes of running cases against an implementation (:func:`run_cases`). The command
(:mod:`fivetenk.fuzz.command`) drives it, in one process or in workers; the report of what
was found is :mod:`fivetenk.fuzz.findings`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..impl.drivers import Driver
from ..reference import CHOICES
from ..suite.runner import internal_error
from .source import Case, Divergence, NotAsked, RandomSource, case_seed, errored, failure_kind


def mode_class(name: str) -> Any:
    """The class of mode ``name`` (None if the module providing it is missing)."""
    if name == "queries":
        # lazy: `fuzz merge` starts without the modes
        from .queries import QueryMode

        return QueryMode
    try:
        # lazy: `fuzz merge` starts without the modes
        from . import games
    except ImportError:
        return None
    return getattr(games, {"games": "GamesMode", "endings": "EndingsMode"}[name], None)


def make_mode(name: str, capabilities: frozenset[str], shapes: frozenset[str] | None,
              words: Any = None) -> Any:
    """Mode ``name`` for an implementation with these capabilities, shapes and D39 profile
    words (:class:`fivetenk.suite.profile.Words`; None or empty: the kit's game)."""
    cls = mode_class(name)
    if cls is None:
        return None
    mode = cls(capabilities, shapes)
    mode.words = words or None
    return mode


def share_limit(plan: Plan, modes: dict[str, Any]) -> Any:
    """Give the modes of one process one :class:`fivetenk.fuzz.queries.QueryLimit` (from
    ``--max-plays-hand``), so that a ``plays`` request that times out in any mode lowers
    the hands every mode asks; returns it."""
    # lazy: `fuzz merge` starts without the modes
    from .queries import QueryLimit

    limit = QueryLimit(plan.max_plays_hand)
    for mode in modes.values():
        if mode is not None:
            mode.limit = limit
    return limit


def variant_combos(offers: dict[str, tuple[str, ...]], fixed: dict[str, str],
                   names: Sequence[str] | None = None) -> list[dict[str, str]]:
    """The variant settings a mode explores: the base (defaults, or the first value the
    implementation offers where it does not play the default, or the ``--variant``
    value), then each other value offered of each variant, one at a time. Only
    non-default values are written. ``names``: the variants that matter to the mode."""
    base: dict[str, str] = {}
    for name, values in CHOICES.items():
        offered = offers.get(name, values[:1]) or values[:1]
        base[name] = fixed.get(name, values[0] if values[0] in offered else offered[0])
    combos = [base]
    for name, values in CHOICES.items():
        if name in fixed or (names is not None and name not in names):
            continue
        for value in offers.get(name, values[:1]):
            if value != base[name]:
                combos.append({**base, name: value})
    return [{k: v for k, v in c.items() if v != CHOICES[k][0]} for c in combos]


@dataclass
class Plan:
    """What a campaign runs, the same in every process: case ``g`` is case ``g // len(modes)``
    of mode ``modes[g % len(modes)]``, under that mode's variant setting number
    ``(g // len(modes)) % len(combos)``.

    The numbering depends only on the seed and the options (``--mode``, ``--variant``),
    never on the handshake (issue 28: with ``plays`` declared, case 356 became another
    case): ``modes`` are every mode asked for that this kit has, ``combos`` every setting
    of the kit's variants a mode explores. A case of a mode the implementation cannot run
    (``runnable``) or under a value it does not offer (``offers``) is not asked
    (:meth:`why_not`), and does not count towards ``--cases``. A variant whose default the
    implementation does not play is played at the first value it offers (``fill``)."""

    seed: int
    modes: list[str]
    combos: dict[str, list[dict[str, str]]]
    capabilities: frozenset[str]
    shapes: frozenset[str] | None
    words: Any = None
    """The implementation's D39 profile words (:class:`fivetenk.suite.profile.Words`), or None."""
    runnable: dict[str, str] | None = None
    """Mode -> why the implementation cannot run it ("" if it can); None: every mode runs."""
    offers: dict[str, tuple[str, ...]] | None = None
    """Variant -> the values the implementation plays; None: every value."""
    fill: dict[str, str] = field(default_factory=dict)
    """Variant -> the value played where a setting leaves it at a default the
    implementation does not play."""
    max_plays_hand: int | None = None
    """``--max-plays-hand``: the most cards of a ``plays`` hand asked (None: every size)."""

    def locate(self, g: int) -> tuple[str, int, dict[str, str]]:
        mode = self.modes[g % len(self.modes)]
        i = g // len(self.modes)
        combos = self.combos[mode]
        combo = combos[i % len(combos)]
        return mode, i, {**{k: v for k, v in self.fill.items() if k not in combo}, **combo}

    def why_not(self, g: int) -> str:
        """Why case ``g`` is not asked of the implementation ("" if it is)."""
        mode = self.modes[g % len(self.modes)]
        if self.runnable is not None and self.runnable.get(mode, "") != "":
            return f"mode {mode}: {self.runnable[mode]}"
        combos = self.combos[mode]
        combo = combos[(g // len(self.modes)) % len(combos)]
        return self.variants_reason(combo)

    def variants_reason(self, variants: dict[str, str]) -> str:
        if self.offers is None:
            return ""
        for name, value in variants.items():
            if value not in self.offers.get(name, CHOICES.get(name, ("",))[:1]):
                return f"played under {name}={value}, which the implementation does not offer"
        return ""

    def explored(self, mode: str) -> list[dict[str, str]]:
        """The variant settings mode ``mode`` plays against this implementation."""
        out: list[dict[str, str]] = []
        for combo in self.combos[mode]:
            if not self.variants_reason(combo):
                played = {**{k: v for k, v in self.fill.items() if k not in combo}, **combo}
                if played not in out:
                    out.append(played)
        return out

    def numbers(self, total: int | None) -> Iterator[int]:
        """The numbers of the cases asked, in order, ``total`` of them (None: no end)."""
        g = 0
        count = 0
        while total is None or count < total:
            if not self.why_not(g):
                count += 1
                yield g
            g += 1


def generate(plan: Plan, modes: dict[str, Any], g: int) -> Case:
    """Case ``g`` of the campaign (depends on nothing else)."""
    name, i, variants = plan.locate(g)
    src = RandomSource(case_seed(plan.seed, name, i))
    case: Case = modes[name].generate(src, dict(variants))
    case.index = g
    case.choices = tuple(src.log)
    return case


@dataclass
class Outcome:
    """One case's outcome, as a worker reports it: its index, mode and kind, whether it was
    skipped, and its divergence."""

    index: int
    mode: str
    kind: str
    skipped: bool = False
    divergence: Divergence | None = None
    hands: int = 0
    """Whole hands the case plays (games: 1, or up to 6 for a match; else 0)."""
    missing: tuple[str, ...] = ()
    """The optional observation fields the implementation left out in this case (not
    compared: :data:`fivetenk.fuzz.games.OPTIONAL_FIELDS`)."""
    skip_reason: str = ""
    """Why a skipped case was not asked."""

    @property
    def failure(self) -> str:
        """How the implementation failed this case without answering it
        (:func:`fivetenk.fuzz.source.failure_kind`: a timeout, a crash ...), or "": such a
        case is *errored*, never a divergence."""
        d = self.divergence
        return failure_kind(d.error) if d is not None and d.error else ""

    @property
    def diverged(self) -> bool:
        """Whether the implementation answered this case otherwise than the reference
        (a wrong answer, a refusal, a schema-invalid reply)."""
        return self.divergence is not None and not self.failure


def run_chunk(plan: Plan, modes: dict[str, Any], driver: Driver,
              indices: Sequence[int]) -> list[Outcome]:
    """Generate and run the cases ``indices`` (in order), mode by mode."""
    return run_cases(plan, modes, driver, [generate(plan, modes, g) for g in indices])


def run_cases(plan: Plan, modes: dict[str, Any], driver: Driver,
              cases: Sequence[Case]) -> list[Outcome]:
    """Run generated ``cases`` (in order), mode by mode."""
    indices = [c.index for c in cases]
    outcomes = {c.index: Outcome(c.index, c.mode, c.kind,
                                 hands=int(c.data.get("hands", 0)) if c.mode == "games" else 0)
                for c in cases}
    for name in plan.modes:
        mine = [c for c in cases if c.mode == name]
        for case in list(mine):
            reason = plan.why_not(case.index) if case.index >= 0 else ""
            if reason or name not in modes:  # only asked for alone (--case N)
                outcomes[case.index].skipped = True
                outcomes[case.index].skip_reason = reason or f"mode {name}: not run"
                mine.remove(case)
        if not mine:
            continue
        mode = modes[name]
        skip = getattr(mode, "skip_reason", None)
        for case in mine:
            reason = skip(case) if skip is not None else ""
            if reason:
                outcomes[case.index].skipped = True
                outcomes[case.index].skip_reason = reason
        try:
            found = mode.run(driver, mine)
        except Exception as err:  # a mode must not raise; if it does, say so, per case

            found = [errored(c.steps[0] if c.steps else None, 0,
                             f"the kit failed running this case: {internal_error(err)}")
                     for c in mine]
        for case, divergence in zip(mine, found, strict=True):
            if isinstance(divergence, NotAsked):
                outcomes[case.index].skipped = True
                outcomes[case.index].skip_reason = divergence.reason
                continue
            outcomes[case.index].divergence = divergence
            if case.data.get("missing"):
                outcomes[case.index].missing = tuple(sorted(set(case.data["missing"])))
    return [outcomes[g] for g in indices]
