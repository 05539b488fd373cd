"""What an implementation plays, and why a scenario lies outside it.

An implementation says in its handshake what game it plays (issue 8): the commands it
answers (``capabilities``, per command, D-1), the combination shapes it has (``shapes``,
D-2) and the variant values it plays (``variants``; a list that leaves out a variant's
default says it does not play the default). The kit skips, with the reason, every scenario
outside that profile instead of failing it (:func:`fit`), so that a failure is always
charged to a rule the implementation claims to follow:

- a command it lacks: ``implementation lacks capability plays``; but a query scenario whose
  ``classify`` / ``beats`` steps ask only what play can show goes through play from a
  position instead, when the implementation starts from positions (:mod:`fivetenk.lowering`);
- an observation of a seat's cards (``Then seat 2 holds "…"``) without the capability
  ``hands``: ``implementation lacks capability hands``;
- a variant value a scenario names and it does not offer: ``implementation lacks variant
  rocket=joker_sets``;
- a shape the scenario uses (:func:`fivetenk.shapes.scenario_shapes`) and it does not
  declare: ``uses straight, which the implementation does not declare``;
- the default of a variant it does not play, when the scenario *depends* on that default:
  ``depends on rocket=pair (the default), which the implementation does not play ...``.

Which scenarios depend on a default is decided by the reference engine, not by a list
kept by hand: a scenario that names no value of the variant depends on its default when
the reference engine's verdict on it changes under a value the implementation offers (any
of them: the kit cannot know which one the engine plays when nothing is named). A scenario
the reference passes under those values too is run: its expectations hold whichever of
them is played. When the implementation offers only values the kit does not know (a
warning says so), every other known value stands in for them. Skipping *every* scenario
not naming the variant instead would skip the whole suite for an engine with another
rocket, which helps nobody; the reason always names the value that was tried. This module
runs no scenario itself: the runner hands :func:`fit` the reference engine's verdict
(``reference_passes``), so a profile is data about an implementation, and the runner the
one place where scenarios run.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .drivers import CAPABILITIES, Driver, expand_capabilities
from .lowering import LOWERED_COMMANDS, lowerable
from .reference.variants import CHOICES
from .scenario import Scenario
from .shapes import SHAPES, content_key, describe_uses, scenario_shapes

ALL_SHAPES = frozenset(SHAPES)

CACHE_SIZE = 50_000
"""(scenario, variant value) verdicts remembered (the memo is emptied when full)."""
_verdicts: dict[tuple[str, str, str], bool] = {}


@dataclass(frozen=True)
class Fit:
    """Whether a scenario lies within an implementation's profile: ``reason`` (non-empty)
    says why it is skipped; ``through_play`` names the query commands to ask through play
    (the implementation lacks them, see :mod:`fivetenk.lowering`)."""

    reason: str = ""
    through_play: frozenset[str] = frozenset()


def capabilities_of(driver: Driver) -> frozenset[str]:
    """The commands ``driver`` answers, shorthands expanded (``queries``: the five query
    commands). Whatever the driver holds is read defensively: anything that is not a
    collection of known words counts for nothing."""
    return expand_capabilities(getattr(driver, "capabilities", ()))


def shapes_of(driver: Driver) -> frozenset[str]:
    """The shapes ``driver`` plays: its ``shapes`` (the handshake's), every shape if it
    says nothing."""
    declared = getattr(driver, "shapes", None)
    if declared is None:
        return ALL_SHAPES
    if not isinstance(declared, (set, frozenset, list, tuple)):
        return ALL_SHAPES
    return frozenset(s for s in declared if isinstance(s, str) and s in ALL_SHAPES)


def unsupported_defaults(driver: Driver) -> dict[str, tuple[str, ...]]:
    """Variant name -> the known values ``driver`` offers instead, for each variant whose
    default it does not play (its handshake listed the variant without the default)."""
    found = getattr(driver, "unsupported_defaults", None)
    if not isinstance(found, dict):
        return {}
    return {name: tuple(v for v in values if v in CHOICES[name])
            for name, values in found.items()
            if name in CHOICES and isinstance(values, (tuple, list))}


Verdict = Callable[[Scenario], bool]
"""Whether the reference engine passes a scenario (the runner's
:func:`fivetenk.runner.reference_passes`)."""


def fit(driver: Driver, scenario: Scenario, reference_passes: Verdict) -> Fit:
    """Whether ``scenario`` lies within what ``driver`` plays, and if not, why (see the
    module docstring). The checks run cheapest first; the shapes and the variant defaults
    are only computed for an implementation that declares fewer than all, and only then
    is ``reference_passes`` asked (to tell whether the scenario depends on a default)."""
    have = capabilities_of(driver)
    missing = scenario.needs - have
    lowered: frozenset[str] = frozenset()
    if missing:
        if (missing <= LOWERED_COMMANDS and "position" in have
                and lowerable(scenario, missing)):
            lowered = frozenset(missing)
        else:
            return Fit(reason="implementation lacks capability "
                       + ", ".join(c for c in CAPABILITIES if c in missing))
    if not driver.supports_variants(scenario.variants):
        lacking = [f"{k}={v}" for k, v in sorted(scenario.variants.items())
                   if not driver.supports_variants({k: v})]
        return Fit(reason="implementation lacks variant " + ", ".join(
            lacking or [f"{k}={v}" for k, v in sorted(scenario.variants.items())]))
    declared = shapes_of(driver)
    if declared != ALL_SHAPES:
        undeclared = [s for s in scenario_shapes(scenario) if s not in declared]
        if undeclared:
            return Fit(reason=f"uses {describe_uses(undeclared)}, which the implementation "
                       "does not declare")
    for name, offered in sorted(unsupported_defaults(driver).items()):
        if name in scenario.variants:
            continue
        other = differs_under(scenario, name, offered or CHOICES[name][1:], reference_passes)
        if other:
            return Fit(reason=f"depends on {name}={CHOICES[name][0]} (the default), which the "
                       f"implementation does not play: the reference engine judges it "
                       f"otherwise under {name}={other}")
    return Fit(through_play=lowered)


def differs_under(scenario: Scenario, name: str, values: tuple[str, ...],
                  reference_passes: Verdict) -> str:
    """The first of ``values`` of variant ``name`` under which the reference engine does
    not pass ``scenario`` although it passes it under the default (its expectations
    belong to the default), or "". A scenario the reference does not pass under the
    default either (a user's case that is wrong) does not depend on the variant: it is
    run, and its failure shown."""
    key = content_key(scenario)
    for value in (CHOICES[name][0], *values) if values else ():
        memo = (key, name, value)
        differs = _verdicts.get(memo)
        if differs is None:
            differs = not reference_passes(_under(scenario, name, value))
            if len(_verdicts) >= CACHE_SIZE:
                _verdicts.clear()
            _verdicts[memo] = differs
        if value == CHOICES[name][0]:
            if differs:
                return ""  # the reference itself does not pass it
        elif differs:
            return value
    return ""


def _under(scenario: Scenario, name: str, value: str) -> Scenario:
    """``scenario`` with variant ``name`` set to ``value`` (the default: as written)."""
    if value == CHOICES[name][0]:
        return scenario
    return dataclasses.replace(scenario, variants={**scenario.variants, name: value})


def describe(driver: Driver) -> dict[str, Any]:
    """The profile as data, for the JSON-lines run record and the report: the
    capabilities (per command, in protocol order), the shapes, the variant values played
    (for every variant; the default is listed when it is played) and the handshake's
    warnings. For an implementation behind the protocol this reads the handshake already
    made (``hello``), and never starts it: when no handshake succeeded, it is what the
    kit went by (everything)."""
    hello = getattr(driver, "hello", None)
    if hello is not None:
        have = expand_capabilities(hello.capabilities)
        declared = frozenset(hello.shapes)
        offers = hello.offers
        warnings = [w for w in hello.warnings if isinstance(w, str)]
    elif hasattr(driver, "hello"):  # the handshake never succeeded
        have, declared, warnings = frozenset(CAPABILITIES), ALL_SHAPES, []

        def offers(name: str) -> tuple[str, ...]:
            return CHOICES[name]
    else:
        have, declared, warnings = capabilities_of(driver), shapes_of(driver), []
        missing = unsupported_defaults(driver)

        def offers(name: str) -> tuple[str, ...]:
            return missing.get(name, CHOICES[name])
    return {
        "capabilities": [c for c in CAPABILITIES if c in have],
        "shapes": [s for s in SHAPES if s in declared],
        "variants": {name: [v for v in values if v in offers(name)]
                     for name, values in CHOICES.items()},
        "warnings": warnings,
    }


def summary_lines(profile: dict[str, Any]) -> list[str]:
    """What the implementation leaves out, one line per kind, for the top of the report
    (nothing for one that plays everything): the commands, shapes and variant defaults it
    does not have, from :func:`describe`. The kit's own words only (the implementation's
    are in the warnings)."""
    lines = []
    lacking = [c for c in CAPABILITIES if c not in profile["capabilities"]]
    if lacking:
        lines.append("the implementation lacks " + ", ".join(lacking)
                     + ": scenarios that need them are skipped"
                     + (" (classify and beats cases are asked through play where they can be)"
                        if "position" in profile["capabilities"]
                        and set(lacking) & LOWERED_COMMANDS else ""))
    undeclared = [s for s in SHAPES if s not in profile["shapes"]]
    if undeclared:
        lines.append("the implementation does not declare the shapes " + ", ".join(undeclared)
                     + ": scenarios that use them are skipped")
    for name, values in profile["variants"].items():
        if CHOICES[name][0] not in values:
            played = ", ".join(f"{name}={v}" for v in values) or "no value this kit knows"
            lines.append(f"the implementation does not play {name}={CHOICES[name][0]} (the "
                         f"default; it offers {played}): scenarios that depend on the "
                         "default are skipped")
    return lines
