"""What an implementation plays, and why a scenario lies outside it.

An implementation says in its handshake what game it plays (issue 8): the commands it
answers (``capabilities``, per command, D-1), the combination shapes it has (``shapes``,
D-2) and the variant values it plays (``variants``; a list that leaves out a variant's
default says it does not play the default). The kit skips, with the reason, every scenario
outside that profile instead of failing it (:func:`fit`), so that a failure is always
charged to a rule the implementation claims to follow:

- a command it lacks: ``implementation lacks capability plays``; but a query scenario whose
  ``classify`` / ``beats`` steps ask only what play can show goes through play from a
  position instead, when the implementation starts from positions (:mod:`fivetenk.suite.lowering`);
- an observation of a seat's cards (``Then seat 2 holds "…"``) without the capability
  ``hands``: ``implementation lacks capability hands``;
- a variant value a scenario names and it does not offer: ``implementation lacks variant
  rocket=joker_sets``;
- a shape the scenario uses (:func:`fivetenk.suite.shapes.scenario_shapes`) and it does not
  declare: ``uses straight, which the implementation does not declare``;
- the default of a variant it does not play, when the scenario *depends* on that default:
  ``depends on rocket=pair (the default), which the implementation does not play ...``.

Which scenarios depend on a default is decided by the reference engine, not by a list
kept by hand: a scenario that names no value of the variant depends on its default when
the reference engine's verdict on it changes under a value the implementation offers (any
of them: the kit cannot know which one the engine plays when nothing is named). A scenario
the reference passes under those values too is run: its expectations hold whichever of
them is played, and it is started under the first of them (:attr:`Fit.variants`), never
under the default the implementation said it lacks (issue 20, D39). When the
implementation offers only values the kit does not know (a warning says so), there is no
value to send: such a scenario is skipped, saying so. Skipping *every* scenario
not naming the variant instead would skip the whole suite for an engine with another
rocket, which helps nobody; the reason always names the value that was tried.

The profile words of ruling D39 (``pack``, ``runs``, ``wings``, ``extra_shapes``) skip
what an engine of a related game reads otherwise (:func:`words_reason`). The protocol's
minor version skips what the implementation was not written for: a scenario judging a
convention added after the version its hello declares (``judges convention
reading-impossible (D38; protocol 1.2, …), which the implementation's hello (protocol 1.0)
does not declare``: :mod:`fivetenk.impl.conventions`, issue 28). This module
runs no scenario itself: the runner hands :func:`fit` the reference engine's verdict
(``reference_passes``), so a profile is data about an implementation, and the runner the
one place where scenarios run.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..impl import conventions
from ..impl.drivers import CAPABILITIES, Driver, expand_capabilities
from ..impl.words import KIT_PACK, KIT_RUNS, RUN_FAMILIES, RUN_TOPS, SHAPES
from ..model.scenario import Scenario
from ..reference import CHOICES
from .lowering import LOWERED_COMMANDS, lowerable
from .shapes import (
    JOKERS_MIXED,
    RUN_TOP,
    WING_FOUR,
    WING_RULE,
    content_key,
    describe_uses,
    run_lengths,
    scenario_shapes,
    scenario_uses,
)

ALL_SHAPES = frozenset(SHAPES)
_SYMBOL = {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

CACHE_SIZE = 50_000
"""(scenario, variant value) verdicts remembered (the memo is emptied when full)."""
_verdicts: dict[tuple[str, str, str], bool] = {}


@dataclass(frozen=True)
class Fit:
    """Whether a scenario lies within an implementation's profile: ``reason`` (non-empty)
    says why it is skipped; ``through_play`` names the query commands to ask through play
    (the implementation lacks them, see :mod:`fivetenk.suite.lowering`); ``variants``: the
    variant values to start it under, when they are not the scenario's own (a variant
    whose default the implementation does not play, and on which the scenario does not
    depend, is sent as the first value it offers: never the default it said it lacks)."""

    reason: str = ""
    through_play: frozenset[str] = frozenset()
    variants: dict[str, str] | None = None
    resuited: Scenario | None = None
    """The scenario re-suited for the implementation's pack, run instead of it (issue 32,
    :mod:`fivetenk.suite.resuit`), or None."""


@dataclass(frozen=True)
class Words:
    """The profile words of ruling D39 an implementation declared (its hello's):
    ``pack``, ``runs``, ``wings``, ``extra_shapes``, ``run_top``, ``jokers``."""

    pack: int = KIT_PACK
    runs: dict[str, tuple[int, int]] = dataclasses.field(default_factory=dict)
    wings: str = "kit"
    extra_shapes: frozenset[str] = frozenset()
    run_top: int = RUN_TOPS[-1]
    """The highest rank value a run may reach (issue 32): the ace, 14, by default."""
    jokers: str = "kit"
    """``kit``, or ``alone``: jokers join no other cards (issue 32)."""

    def __bool__(self) -> bool:
        return (self.pack != KIT_PACK or bool(self.runs) or self.wings != "kit"
                or bool(self.extra_shapes) or self.run_top != RUN_TOPS[-1]
                or self.jokers != "kit")

    def run_range(self, shape: str) -> tuple[str, tuple[int, int]]:
        """The family whose declared lengths govern run ``shape`` and those lengths: a
        winged airplane's own family when declared apart, else ``airplane`` (issue 32)."""
        family = next(f for f, shapes in RUN_FAMILIES.items() if shape in shapes)
        if shape in self.runs:
            family = shape
        return family, self.runs.get(family, KIT_RUNS[family])


def words_of(driver: Driver) -> Words:
    """The D39 words ``driver`` declared (its ``hello``'s; none without one). A record a
    test built by hand is read as defensively as a handshake: anything of the wrong kind
    counts for nothing."""
    hello = driver.hello
    if hello is None:
        return Words()
    pack, runs, wings, extra = hello.pack, hello.runs, hello.wings, hello.extra_shapes
    run_top, jokers = hello.run_top, hello.jokers
    return Words(
        run_top=run_top if isinstance(run_top, int) and run_top in RUN_TOPS else RUN_TOPS[-1],
        jokers=jokers if jokers in ("kit", "alone") else "kit",
        pack=pack if isinstance(pack, int) and pack in (1, 2, 3) else KIT_PACK,
        runs={k: (int(v[0]), int(v[1])) for k, v in runs.items()
              if k in KIT_RUNS and isinstance(v, tuple | list) and len(v) == 2}
        if isinstance(runs, dict) else {},
        wings=wings if wings in ("kit", "strict") else "kit",
        extra_shapes=frozenset(x for x in extra if isinstance(x, str))
        if isinstance(extra, frozenset | set | list | tuple) else frozenset())


def words_reason(words: Words, scenario: Scenario) -> str:
    """Why ``scenario`` lies outside the D39 words, or "" (see ruling D39):

    - ``pack``: a card set needs more copies of a face than the pack holds, or a ``deck``
      step asks about the three-deck pack;
    - ``runs``: it uses a run of a length outside the declared range of its family, or
      (a declared straight shorter than five cards) classifies, compares or plays a
      straight-like set of a length the implementation plays and this game does not
      (R03.4 reads it as illegal), or lists the plays of a hand holding one;
    - ``wings`` ``strict``: it uses a winged airplane whose wings hold a triple next to
      the body or four of a rank as pair wings;
    - ``extra_shapes``: it holds a set of a declared extra shape where this game reads
      it as illegal or unreadable."""
    # lazy: card needs, for an engine declaring D39 words only
    from .card_sets import card_needs

    if not words:
        return ""
    if words.pack != KIT_PACK:
        needs = card_needs(scenario)
        decks = f"{words.pack} deck{'s' if words.pack != 1 else ''}"
        if needs.copies > words.pack:
            return (f"needs {needs.copies} copies of {needs.face} in one card set, more than "
                    f"the implementation's pack of {decks} holds")
        if needs.deck:
            return (f"asks about this game's pack of {KIT_PACK} decks; the implementation "
                    f"plays with {decks}")
    if words.runs:
        for shape, length in sorted(run_lengths(scenario_uses(scenario))):
            family, (low, high) = words.run_range(shape)
            if not low <= length <= high:
                return (f"uses a {shape} of length {length}, outside the lengths the "
                        f"implementation declares for {family} ({low} to {high})")
        low = words.runs.get("straight", KIT_RUNS["straight"])[0]
        if low < KIT_RUNS["straight"][0]:
            needs = card_needs(scenario)
            short = sorted(n for n in needs.straights if n >= low)
            if short:
                return (f"holds {short[0]} consecutive single ranks, a straight to the "
                        f"implementation (it declares straights from {low}) but none here "
                        "(R03.4)")
            if needs.hand_run >= low:
                return (f"lists the plays of a hand holding {needs.hand_run} consecutive "
                        f"ranks, which hold straights to the implementation (from {low}) "
                        "that this game does not have (R03.4)")
    uses = scenario_uses(scenario)
    if words.run_top != RUN_TOPS[-1]:
        tops = sorted(int(u[len(RUN_TOP):]) for u in uses if u.startswith(RUN_TOP))
        if tops and tops[-1] > words.run_top:
            return (f"uses a run reaching {_SYMBOL[tops[-1]]}, above the highest rank the "
                    f"implementation's runs reach ({_SYMBOL[words.run_top]}, its run_top)")
    if words.jokers == "alone" and JOKERS_MIXED in uses:
        return ("uses a joker together with other cards (a joker kicker, wing or mixed set), "
                "which the implementation's jokers (alone) never join")
    if words.wings == "strict" and (WING_RULE in uses or WING_FOUR in uses):
        return ("uses an airplane whose wings hold a triple next to the body or four of a "
                "rank, which the implementation's wing rule (strict) reads otherwise")
    if words.extra_shapes:
        held = sorted(card_needs(scenario).extra & words.extra_shapes)
        if held:
            return (f"holds a {held[0]} set, an extra shape the implementation plays and "
                    "this game does not (R03.1)")
    return ""


def protocol_minor(driver: Driver) -> int:
    """The minor version of protocol 1 ``driver`` declares: its handshake's, else the
    latest (the reference engine, and an implementation whose handshake failed, are
    judged on everything)."""
    minor = None if driver.hello is None else driver.hello.minor
    if isinstance(minor, int) and not isinstance(minor, bool) and minor >= 0:
        return minor
    return conventions.LATEST


def capabilities_of(driver: Driver) -> frozenset[str]:
    """The commands ``driver`` answers, shorthands expanded (``queries``: the five query
    commands). Whatever the driver holds is read defensively: anything that is not a
    collection of known words counts for nothing."""
    return expand_capabilities(driver.capabilities)


def shapes_of(driver: Driver) -> frozenset[str]:
    """The shapes ``driver`` plays: its ``shapes`` (the handshake's), every shape if it
    says nothing."""
    declared = driver.shapes
    if declared is None:
        return ALL_SHAPES
    if not isinstance(declared, (set, frozenset, list, tuple)):
        return ALL_SHAPES
    return frozenset(s for s in declared if isinstance(s, str) and s in ALL_SHAPES)


def unsupported_defaults(driver: Driver) -> dict[str, tuple[str, ...]]:
    """Variant name -> the known values ``driver`` offers instead, for each variant whose
    default it does not play (its handshake listed the variant without the default)."""
    found = driver.unsupported_defaults
    if not isinstance(found, Mapping):
        return {}
    return {name: tuple(v for v in values if v in CHOICES[name])
            for name, values in found.items()
            if name in CHOICES and isinstance(values, (tuple, list))}


Verdict = Callable[[Scenario], bool]
"""Whether the reference engine passes a scenario (the runner's
:func:`fivetenk.suite.runner.reference_passes`)."""


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
    late = conventions.undeclared_reason(scenario, protocol_minor(driver))  # issue 28
    if late:
        return Fit(reason=late)
    declared = shapes_of(driver)
    if declared != ALL_SHAPES:
        undeclared = [s for s in scenario_shapes(scenario) if s not in declared]
        if undeclared:
            return Fit(reason=f"uses {describe_uses(undeclared)}, which the implementation "
                       "does not declare")
    words = words_of(driver)
    outside = words_reason(words, scenario)  # issue 20, D39
    resuited = None
    if outside and words.pack != KIT_PACK:  # suits play no part in it: re-suit (issue 32)
        # lazy: re-suiting, for an engine of another pack only
        from .resuit import resuit

        resuited = resuit(scenario, words.pack)
        if resuited is not None and not words_reason(words, resuited):
            scenario, outside = resuited, ""
        else:
            resuited = None
    if outside:
        return Fit(reason=outside)
    played = dict(scenario.variants)
    for name, offered in sorted(unsupported_defaults(driver).items()):
        if name in scenario.variants:
            continue
        other = differs_under(scenario, name, offered or CHOICES[name][1:], reference_passes)
        if other:
            return Fit(reason=f"depends on {name}={CHOICES[name][0]} (the default), which the "
                       f"implementation does not play: the reference engine judges it "
                       f"otherwise under {name}={other}")
        if not offered:  # it plays no value of this variant that the kit could send
            return Fit(reason=f"the implementation plays no value of {name} this kit knows, "
                       f"and not the default {name}={CHOICES[name][0]}: there is no value to "
                       "start the scenario under")
        played[name] = offered[0]  # the scenario reads the same under it: send it (D39)
    return Fit(through_play=lowered,
               variants=played if played != scenario.variants else None, resuited=resuited)


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
    made (``hello``), and never starts it again once closed: when no handshake succeeded,
    it is what the kit went by (everything: what its profile says without one)."""
    hello = driver.hello
    if hello is not None:
        have = expand_capabilities(hello.capabilities)
        declared = frozenset(hello.shapes)
        offers = hello.offers
        warnings = [w for w in hello.warnings if isinstance(w, str)]
    else:
        have, declared, warnings = capabilities_of(driver), shapes_of(driver), []
        missing = unsupported_defaults(driver)

        def offers(name: str) -> tuple[str, ...]:
            return missing.get(name, CHOICES[name])
    described: dict[str, Any] = {
        "capabilities": [c for c in CAPABILITIES if c in have],
        "shapes": [s for s in SHAPES if s in declared],
        "variants": {name: [v for v in values if v in offers(name)]
                     for name, values in CHOICES.items()},
        "warnings": warnings,
    }
    minor = protocol_minor(driver)
    if minor < conventions.LATEST:  # only when it leaves conventions out (issue 28)
        described["protocol"] = conventions.version_text(minor)
    words = words_of(driver)
    if words:  # the D39 words, only when one says something (older reports stay the same)
        described["pack"] = words.pack
        described["runs"] = {k: list(v) for k, v in sorted(words.runs.items())}
        described["wings"] = words.wings
        described["extra_shapes"] = sorted(words.extra_shapes)
        if words.run_top != RUN_TOPS[-1]:  # issue 32: only when said (reports stay the same)
            described["run_top"] = _SYMBOL[words.run_top]
        if words.jokers != "kit":
            described["jokers"] = words.jokers
    return described


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
    if "protocol" in profile:
        minor = conventions.parse_version(profile["protocol"])
        late = conventions.changes_after(minor[1] if minor else conventions.LATEST)
        if late:
            lines.append(f"the implementation declares protocol {profile['protocol']}: "
                         "scenarios judging the conventions added since are skipped ("
                         + ", ".join(f"{c.name} since {c.version}" for c in late) + "; "
                         f"{conventions.DOCUMENT}, section 8)")
    undeclared = [s for s in SHAPES if s not in profile["shapes"]]
    if undeclared:
        lines.append("the implementation does not declare the shapes " + ", ".join(undeclared)
                     + ": scenarios that use them are skipped")
    if profile.get("pack", KIT_PACK) != KIT_PACK:
        lines.append(f"the implementation plays with {profile['pack']} deck"
                     f"{'s' if profile['pack'] != 1 else ''}: scenarios whose card sets that "
                     "pack cannot hold are re-suited where suits play no part in them "
                     "(queries holding no 5,10,K; 4H 4H is run as 4H 4S), else skipped, as "
                     "are those that ask about the pack")
    for family, (low, high) in profile.get("runs", {}).items():
        lines.append(f"the implementation plays {family} runs of {low} to {high} (here "
                     f"{KIT_RUNS[family][0]} to {KIT_RUNS[family][1]}): scenarios using other "
                     "lengths are skipped")
    if profile.get("wings", "kit") != "kit":
        lines.append("the implementation plays the strict wing rule (a triple next to the "
                     "body is body, four of a rank is never among the wings): scenarios whose "
                     "wings it reads otherwise are skipped")
    if "run_top" in profile:
        lines.append(f"the implementation's runs reach {profile['run_top']} at most (here A): "
                     "scenarios using a run above it are skipped")
    if profile.get("jokers", "kit") != "kit":
        lines.append("the implementation's jokers join no other cards (alone): scenarios "
                     "using a joker with other cards are skipped")
    if profile.get("extra_shapes"):
        lines.append("the implementation plays the extra shapes "
                     + ", ".join(profile["extra_shapes"]) + ": scenarios holding such a set "
                     "are skipped")
    for name, values in profile["variants"].items():
        if CHOICES[name][0] not in values:
            played = ", ".join(f"{name}={v}" for v in values) or "no value this kit knows"
            lines.append(f"the implementation does not play {name}={CHOICES[name][0]} (the "
                         f"default; it offers {played}): scenarios that depend on the "
                         "default are skipped")
    return lines
