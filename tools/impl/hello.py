"""The handshake's result read as the implementation's *profile* (:class:`Hello`): the
capability words, shapes, variant values and profile words of D39 it declares, and the
protocol version it speaks (issue 28: the conventions it is judged on follow from it).

Split out of :mod:`fivetenk.impl.protocol` (the module-size limit); the protocol module keeps
building requests and checking replies against the schemas, this one reads what a
validated hello says. What the implementation declares is untrusted: unknown words are
ignored with a bounded warning (:data:`MAX_WARNINGS`, :data:`WORD_TEXT`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..model.bounded import shorten
from ..reference import CHOICES
from .conventions import check_version, parse_version
from .drivers import CAPABILITY_WORDS
from .framing import ReplyError
from .protocol import NAME_TEXT
from .words import EXTRA_SHAPES, JOKER_RULES, KIT_PACK, KIT_RUNS, PACK_SIZES, WING_RULES
from .words import SHAPES as SHAPE_WORDS

__all__ = ["MAX_WARNINGS", "WORD_TEXT", "Hello", "parse_hello"]


@dataclass(frozen=True)
class Hello:
    """What the implementation said about itself in the handshake (its *profile*).

    - ``capabilities``: the capability words it declared that the kit knows, as declared
      (``queries`` is the shorthand for the five query commands, D-1 of issue 8:
      :func:`fivetenk.impl.drivers.expand_capabilities` gives the commands);
    - ``shapes``: the combination shapes it plays (:data:`fivetenk.suite.shapes.SHAPES` words;
      every shape when the handshake has no ``shapes``);
    - ``variants``: for each variant the handshake lists, the values it offers that the
      kit knows; a variant not listed offers only its default;
    - ``warnings``: what the kit did not understand and ignored (an unknown capability,
      shape, variant or value), one sentence each, to be shown in the report;
    - the profile words of ruling D39 (issue 20), each optional: ``pack`` the decks it
      plays with (1, 2 or 3, the default); ``runs`` the run lengths it plays, per run
      family (``straight``, ``pairs``, ``airplane``: lowest and highest body ranks;
      a family left out plays this game's, :data:`fivetenk.suite.shapes.KIT_RUNS`); ``wings``
      its wing rule (``kit``, or ``strict``: a triple next to the body is body, a bomb is
      never among the wings); ``extra_shapes`` shapes it plays beyond this game's
      (``four+singles``, ``four+pairs``); ``run_top`` the highest rank value a run
      reaches (14, the ace, by default; 13 for runs that stop at K) and ``jokers``
      (``kit``, or ``alone``: jokers join no other cards), both of issue 32. A plain
      attribute each, for whoever reads the profile (the fuzzer reads ``pack``).
    """

    name: str
    version: str
    protocol: int
    capabilities: frozenset[str]
    variants: dict[str, tuple[str, ...]]
    shapes: frozenset[str] = frozenset(SHAPE_WORDS)
    warnings: tuple[str, ...] = ()
    pack: int = KIT_PACK
    runs: dict[str, tuple[int, int]] = field(default_factory=dict)
    wings: str = "kit"
    extra_shapes: frozenset[str] = frozenset()
    run_top: int = 14
    jokers: str = "kit"
    max_plays_hand: int | None = None
    """``max_plays_hand`` (issue 28): the most cards of a hand whose ``plays`` the
    implementation answers within the kit's ``--timeout``; the fuzzer asks no longer hand
    (as ``fuzz --max-plays-hand``). None: every hand, up to 32 cards."""
    minor: int = 0
    """The minor version of protocol 1 the implementation declares (``"1.2"``: 2; a bare
    ``1``: 0): conventions added later are not judged (:mod:`fivetenk.impl.conventions`)."""

    @property
    def protocol_text(self) -> str:
        """The version as the implementation declared it, ``1.2`` (``1.0`` for ``1``)."""
        return f"{self.protocol}.{self.minor}"

    def offers(self, name: str) -> tuple[str, ...]:
        """The values of variant ``name`` the implementation plays: those it listed (the
        kit's known ones), or only the default if it did not list the variant."""
        if name in self.variants:
            return self.variants[name]
        return CHOICES.get(name, ("",))[:1]

    def supports(self, variants: Mapping[str, str]) -> bool:
        """Whether every variant value a scenario names is offered (a variant not listed
        offers only its default; a list that leaves out the default does not offer it).
        Variants a scenario does not name are played at their default:
        :attr:`unsupported_defaults` says which of those the implementation does not play
        (:mod:`fivetenk.suite.profile` decides which scenarios depend on them)."""
        return all(value in self.offers(name) for name, value in variants.items())

    @property
    def unsupported_defaults(self) -> dict[str, tuple[str, ...]]:
        """Variant name -> the (known) values offered, for every variant whose list leaves
        out its default value: the implementation does not play the default."""
        return {name: values for name, values in self.variants.items()
                if name in CHOICES and CHOICES[name][0] not in values}


MAX_WARNINGS = 10
"""Handshake warnings kept (the rest are counted in one more line): a handshake listing
thousands of unknown words cannot flood the report."""
WORD_TEXT = 60
"""Characters of an unknown word quoted in a warning."""


def parse_hello(result: Mapping[str, Any], kit: str) -> Hello:
    """Read the handshake result; :class:`VersionError` for a protocol the kit does not
    speak, :class:`ReplyError` for a malformed result. Capability words, shapes, variant
    names and values the kit does not know are ignored (they may belong to a later kit),
    each with a warning in :attr:`Hello.warnings`. The name and version are cut to
    :data:`NAME_TEXT` characters."""
    version = parse_version(result.get("protocol"))
    if version is None:
        raise ReplyError('the hello result has no "protocol" (an integer, 1, or a text '
                         '"1.N" naming the minor version)')
    check_version(result, kit)
    protocol, minor = version
    name, version = result.get("name"), result.get("version", "")
    if not isinstance(name, str) or not name.strip():
        raise ReplyError('the hello result has no "name"')
    if not isinstance(version, str):
        raise ReplyError('the hello result "version" is not a string')
    capabilities = result.get("capabilities")
    if not isinstance(capabilities, list) or not all(isinstance(c, str) for c in capabilities):
        raise ReplyError('the hello result "capabilities" is not a list of strings')
    shapes = result.get("shapes", list(SHAPE_WORDS))
    if not isinstance(shapes, list) or not all(isinstance(s, str) for s in shapes):
        raise ReplyError('the hello result "shapes" is not a list of strings')
    variants = result.get("variants", {})
    if not isinstance(variants, dict):
        raise ReplyError('the hello result "variants" is not an object')
    warnings: list[str] = []
    for word in capabilities:
        if word not in CAPABILITY_WORDS:
            warnings.append(f"the implementation declares capability {_quoted(word)}, which "
                            "this kit does not know (ignored)")
    for word in shapes:
        if word not in SHAPE_WORDS:
            warnings.append(f"the implementation declares shape {_quoted(word)}, which this "
                            f"kit does not know (ignored; the shapes are "
                            f"{', '.join(SHAPE_WORDS)})")
    offered: dict[str, tuple[str, ...]] = {}
    for key, values in variants.items():
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise ReplyError(f'the hello result "variants.{shorten(key, 60)}" is not a list '
                             "of strings")
        if key not in CHOICES:
            warnings.append(f"the implementation offers variant {_quoted(key)}, which this "
                            "kit does not know (ignored)")
            continue
        offered[key] = tuple(v for v in CHOICES[key] if v in values)
        for value in values:
            if value not in CHOICES[key]:
                warnings.append(f"the implementation offers {key}={_quoted(value)}, which "
                                f"this kit does not know (ignored; {key} is one of "
                                f"{', '.join(CHOICES[key])})")
    pack, runs, wings, extra = _profile_words(result, warnings)
    run_top, jokers = _more_words(result, warnings)
    most = result.get("max_plays_hand")
    if most is not None and (not isinstance(most, int) or isinstance(most, bool)
                             or not 1 <= most <= 32):
        raise ReplyError('the hello result "max_plays_hand" is not a number of cards from 1 '
                         "to 32")
    if len(warnings) > MAX_WARNINGS:
        warnings[MAX_WARNINGS:] = [f"… and {len(warnings) - MAX_WARNINGS} more warnings "
                                   "about the handshake"]
    return Hello(name=shorten(name.strip(), NAME_TEXT), version=shorten(version, NAME_TEXT),
                 protocol=protocol,
                 capabilities=frozenset(c for c in capabilities if c in CAPABILITY_WORDS),
                 variants=offered, shapes=frozenset(s for s in shapes if s in SHAPE_WORDS),
                 warnings=tuple(warnings), pack=pack, runs=runs, wings=wings,
                 extra_shapes=extra, minor=minor, run_top=run_top, jokers=jokers,
                 max_plays_hand=most)


def _profile_words(result: Mapping[str, Any], warnings: list[str]) -> tuple[
        int, dict[str, tuple[int, int]], str, frozenset[str]]:
    """The optional profile words of D39 (``pack``, ``runs``, ``wings``,
    ``extra_shapes``): a value of the wrong type or out of range is an invalid handshake
    (:class:`ReplyError`); a run family, wing rule or extra shape the kit does not know is
    ignored with a warning, as an unknown shape is."""
    pack = result.get("pack", KIT_PACK)
    if not isinstance(pack, int) or isinstance(pack, bool) or pack not in PACK_SIZES:
        raise ReplyError('the hello result "pack" is not a number of decks: 1, 2 or 3')
    raw_runs = result.get("runs", {})
    if not isinstance(raw_runs, dict):
        raise ReplyError('the hello result "runs" is not an object')
    runs: dict[str, tuple[int, int]] = {}
    for family, span in raw_runs.items():
        if (not isinstance(span, list) or len(span) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in span)
                or not 1 <= span[0] <= span[1] <= 12):
            raise ReplyError(f'the hello result "runs.{shorten(family, 60)}" is not '
                             "[lowest, highest] body ranks (1 <= lowest <= highest <= 12)")
        if family not in KIT_RUNS:
            warnings.append(f"the implementation declares run lengths for {_quoted(family)}, "
                            "which this kit does not know (ignored; the run families are "
                            f"{', '.join(KIT_RUNS)})")
            continue
        runs[family] = (span[0], span[1])
    wings = _rule_word(result, "wings", "wing", WING_RULES, warnings)
    extra = result.get("extra_shapes", [])
    if not isinstance(extra, list) or not all(isinstance(x, str) for x in extra):
        raise ReplyError('the hello result "extra_shapes" is not a list of strings')
    for word in extra:
        if word not in EXTRA_SHAPES:
            warnings.append(f"the implementation declares the extra shape {_quoted(word)}, "
                            "which this kit does not know (ignored; the extra shapes it "
                            f"knows are {', '.join(EXTRA_SHAPES)})")
    return pack, runs, wings, frozenset(x for x in extra if x in EXTRA_SHAPES)


def _more_words(result: Mapping[str, Any], warnings: list[str]) -> tuple[int, str]:
    """The profile words of issue 32 (D39 extended): ``run_top`` (a rank symbol, ``"7"`` to
    ``"A"``: the highest rank a run reaches) and ``jokers`` (``kit`` or ``alone``). A value
    of the wrong type is an invalid handshake; one the kit does not know is ignored with
    a warning."""
    top = result.get("run_top", "A")
    if not isinstance(top, str):
        raise ReplyError('the hello result "run_top" is not a rank symbol ("7" to "A")')
    symbols = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
    if top not in symbols:
        warnings.append(f"the implementation declares run_top {_quoted(top)}, which this kit "
                        "does not know (ignored; run_top is a rank from 7 to A)")
        top = "A"
    jokers = _rule_word(result, "jokers", "joker", JOKER_RULES, warnings)
    return symbols[top], jokers


def _rule_word(result: Mapping[str, Any], key: str, what: str, known: tuple[str, ...],
               warnings: list[str]) -> str:
    """A rule word of the hello (``wings``, ``jokers``): not a string is an invalid
    handshake; a rule the kit does not know is ignored (``kit``) with a warning."""
    word = result.get(key, "kit")
    if not isinstance(word, str):
        raise ReplyError(f'the hello result "{key}" is not a string')
    if word not in known:
        warnings.append(f"the implementation declares the {what} rule {_quoted(word)}, which "
                        f"this kit does not know (ignored; the {what} rules are "
                        f"{', '.join(known)})")
        return "kit"
    return word


def _quoted(word: str) -> str:
    """An implementation's word in a warning: JSON-quoted, cut to :data:`WORD_TEXT`
    characters (the report escapes what a terminal would act on)."""
    return json.dumps(shorten(word, WORD_TEXT), ensure_ascii=False)
