"""A ``fivetenk fuzz`` campaign as data: which mode and variant setting case ``g`` belongs
to (:class:`Plan`), the case itself (:func:`generate`, depending on nothing else), and the
outcomes of running cases against an implementation (:func:`run_cases`). The command
(:mod:`fivetenk.fuzz.command`) drives it, in one process or in workers; the report of what
was found is :mod:`fivetenk.fuzz.findings`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..reference.variants import CHOICES
from .source import Case, Divergence, RandomSource, case_seed


def mode_class(name: str) -> Any:
    """The class of mode ``name`` (None if the module providing it is missing)."""
    if name == "queries":
        from .queries import QueryMode

        return QueryMode
    try:
        from . import games
    except ImportError:
        return None
    return getattr(games, {"games": "GamesMode", "endings": "EndingsMode"}[name], None)


def make_mode(name: str, capabilities: frozenset[str], shapes: frozenset[str] | None,
              words: Any = None) -> Any:
    """Mode ``name`` for an implementation with these capabilities, shapes and D39 profile
    words (:class:`fivetenk.profile.Words`; None or empty: the kit's game)."""
    cls = mode_class(name)
    if cls is None:
        return None
    mode = cls(capabilities, shapes)
    mode.words = words or None
    return mode


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
    ``(g // len(modes)) % len(combos)``."""

    seed: int
    modes: list[str]
    combos: dict[str, list[dict[str, str]]]
    capabilities: frozenset[str]
    shapes: frozenset[str] | None
    words: Any = None
    """The implementation's D39 profile words (:class:`fivetenk.profile.Words`), or None."""

    def locate(self, g: int) -> tuple[str, int, dict[str, str]]:
        mode = self.modes[g % len(self.modes)]
        i = g // len(self.modes)
        combos = self.combos[mode]
        return mode, i, combos[i % len(combos)]


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


def run_chunk(plan: Plan, modes: dict[str, Any], driver: Any,
              indices: Sequence[int]) -> list[Outcome]:
    """Generate and run the cases ``indices`` (in order), mode by mode."""
    return run_cases(plan, modes, driver, [generate(plan, modes, g) for g in indices])


def run_cases(plan: Plan, modes: dict[str, Any], driver: Any,
              cases: Sequence[Case]) -> list[Outcome]:
    """Run generated ``cases`` (in order), mode by mode."""
    indices = [c.index for c in cases]
    outcomes = {c.index: Outcome(c.index, c.mode, c.kind,
                                 hands=int(c.data.get("hands", 0)) if c.mode == "games" else 0)
                for c in cases}
    for name in plan.modes:
        mine = [c for c in cases if c.mode == name]
        if not mine:
            continue
        mode = modes[name]
        skip = getattr(mode, "skip_reason", None)
        for case in mine:
            if skip is not None and skip(case):
                outcomes[case.index].skipped = True
        try:
            found = mode.run(driver, mine)
        except Exception as err:  # a mode must not raise; if it does, say so, per case
            from ..runner import internal_error
            from .source import errored

            found = [errored(c.steps[0] if c.steps else None, 0,
                             f"the kit failed running this case: {internal_error(err)}")
                     for c in mine]
        for case, divergence in zip(mine, found, strict=True):
            outcomes[case.index].divergence = divergence
            if case.data.get("missing"):
                outcomes[case.index].missing = tuple(sorted(set(case.data["missing"])))
    return [outcomes[g] for g in indices]
