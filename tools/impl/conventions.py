"""The conventions the kit judges, when each was added to the protocol, and which scenarios
judge them (issue 28, item 2).

The rules say what is allowed; they do not say what an engine answers when it refuses, nor
how a declared reading is written. Where the kit decides such a thing and a scenario checks
it, that decision is a *convention* of the protocol: a clause a rejection must cite
(ruling D35), a query input that must be refused (R01.1, R03.1), a declared reading a play
may carry (D10), a reading no cards can have (D38). Each is written in
``schemas/protocol.md`` (section 8, *Conventions*, an anchor ``c-NAME`` per convention)
with its clause and the protocol version that added it (:data:`CONVENTIONS`).

Versions: ``protocol`` in the handshake is the major version (1) or ``"1.N"``, the minor
version N saying which conventions the implementation was written for (a bare ``1`` is
``1.0``). A convention added in a later minor version than the implementation declares is
not judged: every scenario that judges it is skipped, naming the convention and where it is
documented (:func:`undeclared_reason`). Why a minor version and not a list of convention
names: an author reads one changelog and declares where they stopped, as with any
versioned document; adding a convention is one line of the changelog; and every later
convention is skipped for an older adapter whether or not its author ever heard of it,
which a list an author must extend cannot promise in reverse.

Which conventions a scenario judges is computed from its steps (:func:`step_conventions`),
never tagged by hand: a step that expects a rejection, refuses a setup or declares a
reading is attributed to the conventions its input shows. A step that judges a rejection
no convention describes yields :data:`UNNAMED`: ``tests/test_conventions_protocol.py``
fails on it for every shipped scenario, so a new kind of judged rejection cannot arrive
without a convention, a line in protocol.md and a version.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..model.bounded import shorten
from ..reference import Card, Combo, RulesError, Shape, Variants, classify, parse_cards
from .framing import ReplyError

if TYPE_CHECKING:
    from ..model.scenario import Scenario

MAJOR = 1
"""The protocol's major version: another major version is refused (protocol.md, 8)."""
LATEST = 4
"""The latest minor version of protocol 1: an implementation declaring ``"1.4"`` (or more)
is judged on every convention of :data:`CONVENTIONS`."""
DOCUMENT = "schemas/protocol.md"
"""Where every convention is written, each under the anchor ``c-NAME``."""
UNNAMED = "(unnamed)"
"""What :func:`step_conventions` yields for a step that judges a rejection no convention
describes: a defect of the kit (a test fails on it), never a reason to skip."""


@dataclass(frozen=True)
class Convention:
    """One convention: its ``name`` (used in the hello's changelog, reports and the
    anchor ``c-NAME`` of protocol.md), the ``clauses`` a rejection under it cites (or the
    clause it reads), the ``rulings`` that decide it, ``since`` (the minor version of
    protocol 1 that added it) and ``what`` (one line)."""

    name: str
    clauses: tuple[str, ...]
    rulings: tuple[str, ...]
    since: int
    what: str

    @property
    def version(self) -> str:
        return f"{MAJOR}.{self.since}"

    @property
    def where(self) -> str:
        return f"{DOCUMENT}#c-{self.name}"

    def cite(self) -> str:
        """``reading-impossible (D38; protocol 1.2, schemas/protocol.md#c-reading-impossible)``."""
        rulings = ", ".join(self.rulings)
        return (f"{self.name} ({rulings + '; ' if rulings else ''}protocol {self.version}, "
                f"{self.where})")


CONVENTIONS: tuple[Convention, ...] = (
    Convention("cards-copies", ("R01.1",), ("D35",), 0,
               "a query's cards holding a face more than three times are refused, citing "
               "R01.1"),
    Convention("cards-token", ("R01.1",), ("D35",), 0,
               "a query's or a play's token that is no card is refused, citing R01.1"),
    Convention("cards-empty", ("R03.1",), ("D35",), 0,
               "no cards where a combination is asked (classify's cards, beats' reply or "
               "top, a top play) are refused, citing R03.1"),
    Convention("top-illegal", ("R03.1",), ("D35",), 0,
               "a beats or plays top that is no legal combination is refused, citing R03.1"),
    Convention("action-clause", ("R03.1", "R03.3", "R04.1", "R04.2", "R04.3", "R05.1",
                                 "R05.2", "R05.3", "R07.2", "R08.1", "R08.3", "R09.1",
                                 "R09.2", "R09.3", "R09.4", "R10.1", "R11.1", "R11.2",
                                 "R11.3", "R11.4", "R13.1", "R13.2", "R23.1"), ("D35",), 0,
               "a refused act or next_hand cites the clause of D35's table for its kind"),
    Convention("setup-refusal", ("R01.1", "R06.1", "R06.2", "R09.3", "R10.1", "R11.1",
                                 "R11.2", "R13.3", "R16.1", "R17.1", "R18.1"), (), 0,
               "a deal or position that cannot occur is refused at start, citing the first "
               "clause it breaks"),
    Convention("reading-full", ("R03.1",), ("D10",), 0,
               "a declared reading in full notation (a play's shape, reply_shape, "
               "top_shape) is the reading taken; a play whose cards lack it cites R03.1"),
    Convention("reading-bare", ("R03.1",), ("D10",), 1,
               "a play may declare its reading by the bare shape word (\"pair\", "
               "\"airplane+singles\"): it takes the strongest reading of that shape"),
    Convention("reading-impossible", ("R03.1", "R03.4", "R04.1", "R04.2", "R05.1", "R05.3"),
               ("D38",), 2,
               "a query's declared reading no cards can have is refused as bad input, citing "
               "the clause that excludes it (none for a text the notation cannot read)"),
    Convention("position-duties", ("R03.1", "R03.3", "R04.1", "R04.2", "R04.3", "R05.1",
                                   "R05.2", "R05.3", "R08.1", "R09.2", "R10.1", "R11.1",
                                   "R11.3", "R11.4", "R13.1", "R13.2", "R13.3", "R16.1"),
               ("D40",), 3,
               "a position breaking a consistency check no earlier scenario judged is refused "
               "at start, citing the clause of its code in D40's table"),
    Convention("deal-first-default", (), ("D2",), 3,
               "a deal that leaves out first is dealt from D2's default first receiver"),
    Convention("plays-vectors", ("R03.1",), (), 4,
               "plays lists every legal play of the count vectors' hands (up to 32 cards), "
               "family by family (features/vectors/plays.json, issue 32)"),
)
"""Every convention the kit judges, in the order of protocol.md's table."""

BY_NAME: dict[str, Convention] = {c.name: c for c in CONVENTIONS}

QUERY_CARD_KEYS: dict[str, tuple[str, ...]] = {
    "classify": ("cards",), "beats": ("reply", "top"), "plays": ("hand", "top"),
    "points": ("cards",)}
"""The card lists of each query request, in the order they are read."""
_MUST_HOLD = {("classify", "cards"), ("beats", "reply"), ("beats", "top"), ("plays", "top")}
"""The card lists that must hold a combination, so that an empty one is refused (R03.1)."""
_VERSION = re.compile(r"^([1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})$")


def parse_version(value: Any) -> tuple[int, int] | None:
    """``(major, minor)`` of a handshake's ``protocol``: an integer N is ``N.0``, a text
    ``"N.M"`` is itself; None for anything else."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (value, 0)
    if isinstance(value, str):
        found = _VERSION.match(value)
        if found:
            return (int(found.group(1)), int(found.group(2)))
    return None


def version_text(minor: int) -> str:
    return f"{MAJOR}.{minor}"


class VersionError(ReplyError):
    """The implementation speaks another (major) protocol version."""


def check_version(result: Mapping[str, Any], kit: str) -> None:
    """:class:`VersionError` if the hello result names a major protocol version the kit
    does not speak. Checked before anything else of the handshake: another version may
    well have another handshake, and the version is then the one thing worth saying. A
    later minor version is spoken: its conventions are the ones this kit judges, and more."""
    version = parse_version(result.get("protocol"))
    if version is not None and version[0] != MAJOR:
        spoken = shorten(str(result["protocol"]), 20)
        raise VersionError(f"the implementation speaks protocol {spoken}, but {kit} speaks "
                           f"protocol {MAJOR} ({MAJOR}.0 to {MAJOR}.{LATEST})")


def _judges_rejection(step: Mapping[str, Any]) -> bool:
    # lazy: the adapter reads conventions without the scenario schema
    from ..model.scenario import judges_rejection

    return judges_rejection(step)


SETUP_REFUSAL_CODES = frozenset({
    "too-many-copies", "hand-size-with-trick", "captured-not-points", "captured-total",
    "reveal-not-banker", "hand-size-over", "turn-not-banker", "call-count",
    "call-not-callable", "call-wrong-resolver", "call-resolved-early", "call-unresolved",
    "lead-not-leader", "passed-incomplete", "turn-passed", "turn-top-play", "trick-over",
    "reply-to-own-top", "out-list", "turn-empty-hand", "hand-over-whole-side",
    "hand-over-one-left", "deal-in-later-hand", "later-hand-no-winners"})
"""The codes of ruling D40's table (``reference/rejections.py``) of the position checks the
shipped scenarios judged under ``setup-refusal`` (protocol 1.0); a refused position with a
problem of another code judges ``position-duties`` (1.3, issue 30)."""


def _position_codes(position: Any, variants: Mapping[str, str]) -> frozenset[str]:
    """The codes of the problems the reference engine finds in ``position`` (none when it
    accepts it or the input is not a position)."""
    # lazy: the engine's position reader loads on first use
    from ..reference import InvalidPosition, parse_position

    if not isinstance(position, Mapping):
        return frozenset()
    try:
        parse_position({**position, "variants": dict(variants)})
    except InvalidPosition as err:
        return frozenset(err.codes)
    except (ValueError, TypeError, AttributeError):
        return frozenset()
    return frozenset()


def _setup_refusal(setup: Mapping[str, Any] | None, variants: Mapping[str, str]) -> str:
    """The convention a refused setup judges: ``position-duties`` when the position breaks
    a check of D40 not judged before it, else ``setup-refusal``."""
    position = setup.get("position") if isinstance(setup, Mapping) else None
    if position is not None and _position_codes(position, variants) - SETUP_REFUSAL_CODES:
        return "position-duties"
    return "setup-refusal"


def setup_conventions(setup: Mapping[str, Any] | None) -> frozenset[str]:
    """The conventions a scenario's setup judges whatever its steps: a deal that leaves
    out ``first`` judges ``deal-first-default`` (D2)."""
    deal = setup.get("deal") if isinstance(setup, Mapping) else None
    if isinstance(deal, Mapping) and "first" not in deal:
        return frozenset({"deal-first-default"})
    return frozenset()


def step_conventions(step: Mapping[str, Any], variants: Mapping[str, str] | None = None,
                     setup: Mapping[str, Any] | None = None) -> frozenset[str]:
    """The names of the conventions ``step`` judges (``variants``: the scenario's, which
    decide whether a top play is legal); :data:`UNNAMED` among them for a judged rejection
    no convention describes. Never raises on a malformed step."""
    op = step.get("op")
    found: set[str] = set()
    rejected = _judges_rejection(step)
    if op == "start":  # ``setup``: the scenario's, which the start step sends
        return frozenset({_setup_refusal(setup, dict(variants or {}))})
    if op in ("act", "next_hand"):
        action = step.get("action")
        if op == "act" and isinstance(action, dict) and action.get("type") == "play" \
                and "shape" in action:
            found.add("reading-bare" if _bare(action["shape"]) else "reading-full")
        if rejected:  # a card token that is no card cites R01.1 (protocol.md, act)
            found.add("cards-token" if op == "act" and isinstance(action, dict)
                      and _holds_no_card(action.get("cards")) else "action-clause")
        return frozenset(found)
    if op in QUERY_CARD_KEYS:
        if op == "plays" and "families" in step:  # a count vector (fivetenk.suite.vectors)
            found.add("plays-vectors")
        if any(key in step for key in ("reply_shape", "top_shape")):
            found.add("reading-full")
        if rejected:
            found.add(_query_rejection(step, dict(variants or {})))
        return frozenset(found)
    return frozenset({UNNAMED} if rejected else ())


def _holds_no_card(tokens: Any) -> bool:
    """Whether an action's ``cards`` hold a token that is no card of the pack."""
    if not isinstance(tokens, list):
        return False
    for token in tokens:
        try:
            Card.parse(token)
        except (RulesError, TypeError, AttributeError):
            return True
    return False


def _bare(text: Any) -> bool:
    """Whether a play's declared reading is a bare shape word (``pair``) that is not also
    a reading in full (``rocket`` is both: the two-joker rocket in full notation)."""

    if not isinstance(text, str):
        return False
    try:
        Shape(text.strip())
    except ValueError:
        return False
    return not _possible(text)


@lru_cache(maxsize=4096)
def _possible(text: str) -> bool:
    """Whether a query's declared reading names a combination some cards can have."""

    try:
        Combo.parse(text)
    except RulesError:
        return False
    return True


def _query_rejection(step: Mapping[str, Any], variants: dict[str, str]) -> str:
    """The convention a query step expected to be refused judges: what about its input a
    correct engine refuses (the first found, in the order of the table)."""

    for key in ("reply_shape", "top_shape"):
        text = step.get(key)
        if key in step and not (isinstance(text, str) and _possible(text)):
            return "reading-impossible"
    op = str(step.get("op"))
    lists = [(key, step[key]) for key in QUERY_CARD_KEYS[op] if key in step]
    for _, tokens in lists:
        for token in tokens if isinstance(tokens, list) else [tokens]:
            try:
                Card.parse(token)
            except (RulesError, TypeError, AttributeError):
                return "cards-token"
    for _, tokens in lists:
        if isinstance(tokens, list) and max(
                (tokens.count(t) for t in tokens), default=0) > 3:
            return "cards-copies"
    for key, tokens in lists:
        if tokens == [] and (op, key) in _MUST_HOLD:
            return "cards-empty"
    top = step.get("top")
    if op in ("beats", "plays") and isinstance(top, list):
        try:
            legal = bool(classify(parse_cards(top), Variants.from_mapping(variants)))
        except (RulesError, ValueError):
            legal = True  # unreadable variants: not this convention's to say
        if not legal:
            return "top-illegal"
    return UNNAMED


def scenario_conventions(scenario: Scenario) -> frozenset[str]:
    """Every convention ``scenario`` judges: its setup's (:func:`setup_conventions`) and
    any step's (:func:`step_conventions`)."""
    found: set[str] = set(setup_conventions(scenario.setup))
    for step in scenario.steps:
        found |= step_conventions(step, scenario.variants, scenario.setup)
    return frozenset(found)


def later_than(minor: int, names: Iterable[str]) -> list[Convention]:
    """The conventions among ``names`` added after minor version ``minor``, in table
    order."""
    wanted = set(names)
    return [c for c in CONVENTIONS if c.name in wanted and c.since > minor]


def undeclared_reason(scenario: Scenario, minor: int) -> str:
    """Why ``scenario`` is skipped for an implementation that declares protocol
    ``1.minor``, or "": it judges a convention added later (see the module docstring)."""
    if minor >= LATEST:
        return ""
    late = later_than(minor, scenario_conventions(scenario))
    if not late:
        return ""
    word = "convention" if len(late) == 1 else "conventions"
    return (f"judges {word} {', '.join(c.cite() for c in late)}, which the implementation's "
            f"hello (protocol {version_text(minor)}) does not declare")


def changes_after(minor: int) -> list[Convention]:
    """The conventions an implementation declaring ``1.minor`` is not judged on."""
    return [c for c in CONVENTIONS if c.since > minor]
