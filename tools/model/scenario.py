"""The neutral scenario model: one case, whoever is being checked.

A :class:`Scenario` is plain data (it round-trips through JSON, see
``schemas/scenario.schema.json``): metadata (a stable id, the clauses and rulings it
exercises, where it was written), the house-rule variants it plays under, an optional
setup (an explicit deal or a position) and a list of steps. Every step is a dict with an
``op`` and its inputs, plus what is expected of its result:

- ``expect``: ``{path: value}``; the value at that dotted path of the result must equal it;
- ``contains`` / ``excludes``: ``{path: [items]}``; the list at that path must hold / must
  not hold each item.

Gherkin steps only *build* scenarios (:mod:`fivetenk.language`); drivers execute them
(:mod:`fivetenk.impl.drivers`), so the case pytest-bdd runs against the reference engine is the
very case ``fivetenk check --impl`` runs against another implementation.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, cast

import jsonschema
from referencing import Registry, Resource

from .paths import data_dir

# reading what the user wrote is :mod:`fivetenk.model.user_input`'s; the ``X as X`` names are
# re-exported under the names other modules and the tests know them by here
from .user_input import MAX_DEPTH as MAX_DEPTH
from .user_input import MAX_FILE_BYTES as MAX_FILE_BYTES
from .user_input import MAX_INT as MAX_INT
from .user_input import MAX_ITEMS as MAX_ITEMS
from .user_input import ScenarioError as ScenarioError
from .user_input import describe
from .user_input import parse_json as parse_json
from .user_input import read_bytes as read_bytes

SCHEMA_ID = "https://fivetenk.dev/schemas/scenario/v1"

ID_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*(\.[0-9]+)?$")
CLAUSE_PATTERN = re.compile(r"^R(0[1-9]|1[0-9]|2[0-4])\.[1-9][0-9]?$")
RULE_PATTERN = re.compile(r"^R(0[1-9]|1[0-9]|2[0-4])$")
RULING_PATTERN = re.compile(r"^D[1-9][0-9]*$")

QUERY_OPS = frozenset({"classify", "beats", "plays", "points", "deck"})
"""Pure combination queries (each its own capability; ``queries`` is the shorthand for
all five)."""
GAME_OPS = frozenset({"act", "observe", "advance", "next_hand"})
"""Operations on a game in progress (capability ``deal`` or ``position`` for the setup)."""
START_OP = "start"
"""The step of a scenario that expects its setup to be refused (protocol.md, ``### start``):
``{"op": "start", "expect": {"accepted": false, "clause": "R16.1"}}``, the clause optional
(any clause). It is no request of its own: it judges the reply to the scenario's one
``start`` request, so it is the first and only step of a scenario with a deal or a
position (:func:`refused_start`, :func:`start_problems`)."""

REJECTIONS_BY_CLAUSE = "clause"
"""A scenario's ``rejections`` by default: a rejection is judged on being a rejection *and*
on the clause it cites (the kit's conventions for which clause are ruling D35)."""
REJECTIONS_ALONE = "any-clause"
"""A scenario's ``rejections`` when every rejection in it is judged on being a rejection
alone, whatever clause the engine cites (issue 9): the relaxation of ``fivetenk check
--any-clause`` (:func:`without_rejection_clauses`), for this scenario only. Written as the
tag ``@any-clause`` on the Gherkin scenario (or its Feature), as ``"rejections":
"any-clause"`` in JSON."""
ALONE_TAG = REJECTIONS_ALONE
"""The Gherkin tag (without ``@``) that marks a scenario :data:`REJECTIONS_ALONE`."""


@dataclass
class Scenario:
    """One executable case. ``steps`` are JSON-ready dicts (see module docstring)."""

    id: str
    name: str
    clauses: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    variants: dict[str, str] = field(default_factory=dict)
    setup: dict[str, Any] | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)
    source: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    rejections: str = REJECTIONS_BY_CLAUSE
    """How the scenario's rejections are judged: :data:`REJECTIONS_BY_CLAUSE` (the default)
    or :data:`REJECTIONS_ALONE` (see :attr:`rejections_alone`)."""
    origin: str = field(default="", compare=False, repr=False)
    """Where this copy was loaded from, for errors about it: ``file.json $[3]`` for a JSON
    scenario (whose ``source`` names the feature it was exported from), or "" (then
    :attr:`location`). Not part of the JSON form."""
    filled_in: list[str] = field(default_factory=list, compare=False, repr=False)
    """What the kit filled in when it built the setup from the Gherkin (issue 9: no silent
    conventions): each default of the scenario language it used, with its clause or ruling
    (:func:`fivetenk.language.positions.position_filled_in`,
    :func:`fivetenk.language.deals.deal_filled_in`); ``fivetenk show`` and the evidence of
    a failure list it. Not part of the JSON form, whose setup is complete."""

    @property
    def loaded_at(self) -> str:
        """Where to look for this scenario in the files the user gave: :attr:`origin`, else
        :attr:`location`."""
        return self.origin or self.location

    @property
    def rejections_alone(self) -> bool:
        """Whether every rejection in this scenario is judged on being a rejection alone,
        the clause it cites not compared (``@any-clause``; issue 9, ruling D35): the runner
        judges :func:`without_rejection_clauses` of it, and every report says so."""
        return self.rejections == REJECTIONS_ALONE

    @property
    def refused_start(self) -> dict[str, Any] | None:
        """The ``start`` step when this scenario expects its setup to be refused (its first
        step, :data:`START_OP`), else None: see :func:`refused_start`."""
        return refused_start(self.steps)

    @property
    def rule(self) -> str:
        """The rule the scenario belongs to: the rule of its first clause (``R05``)."""
        if self.clauses:
            return self.clauses[0].split(".")[0]
        return "R??"

    @property
    def needs(self) -> frozenset[str]:
        """The capabilities an implementation needs to run this scenario (D-1 of issue 8):
        each query command its steps use (``classify``, ``beats``, ``plays``, ``points``,
        ``deck``), ``deal`` or ``position`` for its setup, ``deal`` for a next hand, and
        ``hands`` for an ``observe`` step naming a seat (what that seat holds)."""
        needs: set[str] = {step["op"] for step in self.steps} & QUERY_OPS
        if self.setup is not None:
            needs.add("position" if "position" in self.setup else "deal")
        if any(s["op"] == "next_hand" for s in self.steps):
            needs.add("deal")
        if any(s["op"] == "observe" and "seat" in s for s in self.steps):
            needs.add("hands")  # an observation naming a seat shows its cards
        return frozenset(needs)

    @property
    def location(self) -> str:
        """``file:line`` where the scenario was written, or its id."""
        if "file" in self.source:
            return f"{self.source['file']}:{self.source.get('line', '?')}"
        return self.id

    def to_json(self) -> dict[str, Any]:
        """The scenario as a schema-valid JSON object (keys in a fixed order)."""
        out: dict[str, Any] = {
            "$schema": SCHEMA_ID,
            "id": self.id,
            "name": self.name,
        }
        if self.description:
            out["description"] = self.description
        out["clauses"] = list(self.clauses)
        out["rulings"] = list(self.rulings)
        out["tags"] = list(self.tags)
        if self.rejections != REJECTIONS_BY_CLAUSE:
            out["rejections"] = self.rejections
        out["variants"] = dict(sorted(self.variants.items()))
        out["setup"] = self.setup
        out["steps"] = self.steps
        if self.source:
            out["source"] = self.source
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, where: str = "") -> Scenario:
        """Validate ``data`` against the scenario schema and build the scenario.

        Raises :class:`ScenarioError` naming ``where`` and the JSON path of the first
        problem (all problems are listed, sorted by path)."""
        found = problems(data)
        if found:
            raise ScenarioError(describe(found), where=where)
        return cls(
            id=data["id"],
            name=data["name"],
            description=data.get("description", ""),
            clauses=list(data["clauses"]),
            rulings=list(data.get("rulings", [])),
            tags=list(data.get("tags", [])),
            rejections=data.get("rejections", REJECTIONS_BY_CLAUSE),
            variants=dict(data.get("variants", {})),
            setup=data.get("setup"),
            steps=[dict(s) for s in data["steps"]],
            source=dict(data.get("source", {})),
        )


def dumps(obj: Any) -> str:
    """Canonical JSON text: two-space indent, lists of scalars on one line (card lists stay
    readable), UTF-8 kept, trailing newline; byte-stable on every machine."""
    return _dump(obj, 0) + "\n"


def _dump(obj: Any, depth: int) -> str:
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}"
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list):
        if all(not isinstance(v, (dict, list)) for v in obj):
            return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
        return "[\n" + ",\n".join(inner + _dump(v, depth + 1) for v in obj) + "\n" + pad + "]"
    return json.dumps(obj, ensure_ascii=False)


@cache
def scenario_schema() -> dict[str, Any]:
    text = (data_dir("schemas") / "scenario.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> jsonschema.protocols.Validator:
    """The scenario schema's validator; a position setup refers to the position schema by
    its ``$id``, so both are registered."""

    position = json.loads((data_dir("schemas") / "position.schema.json").read_text("utf-8"))
    registry: Registry[Any] = Registry().with_resource(position["$id"],
                                                       Resource.from_contents(position))
    return jsonschema.Draft202012Validator(scenario_schema(), registry=registry)


CARD_PATTERNS = frozenset({"^((10|[2-9JQKA])[DCHS]|SJ|BJ)$", "^((10|[3-9JQKA2])[DCHS]|SJ|BJ)$"})
"""The card token patterns of the scenario and position schemas; a token that breaks one
is reported as an unknown card of R01.1 rather than as a regular expression."""


def _schema_error(error: Any) -> tuple[str, str]:
    """(JSON path, message) of a schema error, in the kit's words where the raw message
    would be obscure. "Not valid under any of the given schemas" (a setup, a trick entry)
    is replaced by the deepest error among the branches: the branch that got furthest is
    the one the author meant, and its error names the exact path."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error.json_path, _schema_message(error)


READING_HINT = ("readings look like 'pair 7', 'straight 3-7', '5-10-K suited H', 'bomb 4x7', "
                "'rocket'")
"""What a reading is, in a message about one that breaks the notation."""


def reading_problem(text: str) -> str:
    """A reading that breaks the notation's grammar (the ``reading`` pattern of the
    scenario schema, also used by the protocol's replies), in words rather than as a
    regular expression (protocol.md, section 4)."""
    shown = json.dumps(text if len(text) <= 80 else text[:79] + "…")
    return f"not a reading of the notation: {shown} ({READING_HINT})"


def _schema_message(error: Any) -> str:
    if error.validator == "pattern" and error.validator_value in CARD_PATTERNS:
        return card_problem(error.instance)
    if (error.validator == "pattern" and isinstance(error.instance, str)
            and error.validator_value == scenario_schema()["$defs"]["reading"]["pattern"]):
        return reading_problem(error.instance)
    if error.json_path == "$.rejections":
        return rejections_problem(error.instance)
    if error.validator == "not" and error.json_path.endswith(".name"):
        return "a name is one line of text, without control characters"
    message: str = error.message
    return message if len(message) <= 300 else message[:299] + "…"


def _schema_errors(data: Any) -> Iterator[tuple[str, str]]:
    errors = sorted(_validator().iter_errors(data), key=lambda e: (e.json_path, e.message))
    paths = [e.json_path for e in errors]
    for error in errors:
        if error.validator == "unevaluatedProperties" and any(
                p.startswith(error.json_path + ".") or p.startswith(error.json_path + "[")
                for p in paths):
            continue  # a consequence of the more specific error below it
        yield _schema_error(error)


def problems(data: Any) -> list[tuple[str, str]]:
    """Everything wrong with a scenario's JSON, as ``(JSON path, message)`` pairs: the
    schema first; once the schema holds, what it cannot say (:func:`content_problems`)."""
    found = list(_schema_errors(data))
    return found or list(content_problems(data))


# ---------------------------------------------------------------------------------------------
# What the schema cannot check: card tokens inside actions, copies of a face, list sizes
# ---------------------------------------------------------------------------------------------

MAX_CARDS = 162
"""The most cards in one card list of a step or setup: the whole pack (R01.1). A longer
list necessarily holds a fourth copy of some face, so no valid case needs more."""

MAX_COPIES = 3
"""Copies of one face in one card list (a step's cards, one seat's hand, a deck): the
three decks of R01.1."""

_CARD_KEYS = {"classify": ("cards",), "points": ("cards",), "beats": ("reply", "top"),
              "plays": ("hand", "top"), "next_hand": ("deck",)}
"""The card lists of each step op."""


def card_problem(token: Any) -> str:
    """Why ``token`` is not a card (R01.1), or "" if it is one."""
    # lazy: diff and expectations start without the engine
    from ..reference import Card, RulesError

    if not isinstance(token, str):
        return f"{_shown(token)} is not a card token (R01.1: cards are written like 10H, AS, SJ)"
    try:
        Card.parse(token)
    except RulesError as err:
        return f"{err.message} (R01.1)"
    return ""


def _shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:39] + "…"


def expects_rejection(step: Mapping[str, Any]) -> bool:
    """Whether a step expects its input to be refused: an action (or next hand) expected
    ``accepted: false``, or a query expected to fail with an ``error``. Such a step may
    hold a fourth copy of a face, since that is what it checks."""
    expect = step.get("expect") or {}
    return expect.get("accepted") is False or any(
        key == "error" or key.startswith("error.") for key in expect)


def refused_start(steps: Any) -> dict[str, Any] | None:
    """The ``start`` step of a list of steps whose first step is one (:data:`START_OP`: the
    scenario expects its setup to be refused), else None."""
    if isinstance(steps, list) and steps and isinstance(steps[0], dict) \
            and steps[0].get("op") == START_OP:
        return cast(dict[str, Any], steps[0])
    return None


def start_problems(data: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Where a ``start`` step is misplaced, as ``(JSON path, message)``. A scenario sends one
    ``start`` request (protocol.md), and a ``start`` step judges its reply: so it is the
    first step, nothing follows it (once the setup is refused there is no game to act
    on), the scenario has a deal or a position to refuse, and it expects a refusal (every
    other scenario already expects its setup to be accepted: a refused setup errors it)."""
    steps = _list(data.get("steps"))
    shown = ("a start step (the setup expected to be refused: in Gherkin, 'Then the "
             "position is refused' or 'Then the deal is refused')")
    for i, step in enumerate(steps):
        if not isinstance(step, dict) or step.get("op") != START_OP:
            continue
        at = f"$.steps[{i}]"
        if i:
            yield at, (f"{shown} must be the scenario's first step, not step {i + 1}: it judges "
                       "the reply to the scenario's one start request, sent before any step")
            continue
        if len(steps) > 1:
            yield "$.steps[1]", (f"{shown} must be the scenario's only step: once its setup "
                                 "is refused there is no game for step 2 to act on; write "
                                 "that step in another scenario")
        if not data.get("setup"):
            yield at, (f"{shown} needs a deal or a position to refuse, and this scenario has "
                       "no setup")
        for key in ("contains", "excludes"):
            if key in step:
                yield f"{at}.{key}", (f"{shown} expects only \"accepted\": false and, if "
                                      f"given, the clause cited; it has no \"{key}\"")
        expect = step.get("expect") or {}
        if expect.get("accepted") is not False:
            yield f"{at}.expect.accepted", (
                f"{shown} must expect \"accepted\": false; a setup expected to be accepted "
                "needs no step (every scenario's setup is expected to be accepted: a refused "
                "one errors the scenario)")


def rejections_problem(value: Any) -> str:
    """Why ``value`` is not a scenario's ``rejections`` (issue 9), naming both values."""
    return (f"{_shown(value)} is not a way to judge rejections: expected \"{REJECTIONS_ALONE}\" "
            f"(every rejection judged on being a rejection alone, the clause not compared) or "
            f"\"{REJECTIONS_BY_CLAUSE}\" (the default: the clause compared too, ruling D35)")


def mark_tag_problem(tag: str, *, in_json: bool = False) -> str:
    """Why a tag (without ``@``) is a mistaken spelling of the ``@any-clause`` mark, or "".

    A tag that reads as the mark once case, ``-``, ``_`` and a trailing ``s`` are ignored
    (``@Any_Clause``, ``@anyclause``, ``@any-clauses``), or that gives it a value
    (``@any-clause:yes``), would otherwise be an ordinary tag and silently relax nothing.
    In JSON (``in_json``) the mark is the field ``"rejections"``, never a tag, so the exact
    tag ``any-clause`` in ``tags`` is a mistake as well."""
    folded = re.sub(r"[-_\s]", "", tag.lower())
    exact = tag == ALONE_TAG
    if exact and not in_json:
        return ""
    if exact or folded.rstrip("s") == "anyclause" or tag.lower().startswith(ALONE_TAG + ":") \
            or folded.startswith("rejections:") or folded.startswith("anyclause:"):
        if in_json:
            return (f"the tag {_shown(tag)}: in JSON a scenario whose rejections are judged "
                    f"alone says \"rejections\": \"{REJECTIONS_ALONE}\" (the tag "
                    f"@{ALONE_TAG} is its Gherkin form)")
        return (f"the tag @{tag} is not the mark @{ALONE_TAG} (judge this scenario's "
                f"rejections on the rejection alone); write exactly @{ALONE_TAG}, without a "
                "value, or remove it")
    return ""


def judges_rejection(step: Mapping[str, Any]) -> bool:
    """Whether a step expects a rejection: :func:`expects_rejection`, or a clause other than
    ``null`` among its expectations (``clause``, ``error.clause``, ``{"error": {"clause":
    …}}``). What ``@any-clause`` can relax."""
    expect = step.get("expect")
    if not isinstance(expect, dict):
        return False
    return expects_rejection(step) or _without_clauses(expect)[1]


def content_problems(data: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """What a schema-valid scenario can still get wrong, as ``(JSON path, message)``: a card
    list longer than :data:`MAX_CARDS`, a face more than :data:`MAX_COPIES` times in one
    list (a step's cards, a seat's hand, a deck: R01.1), and unknown card tokens in the
    actions a step expects to be accepted (the schema leaves actions free so that
    malformed ones can be sent on purpose). Steps that expect a rejection are exempt from
    the copy and action checks: a fourth copy is what they test; so is the setup of a
    scenario that expects it to be refused (:func:`refused_start`). A misplaced ``start``
    step: :func:`start_problems`."""
    yield from start_problems(data)
    copies = refused_start(data.get("steps")) is None
    setup = data.get("setup") or {}
    deal = setup.get("deal")
    if isinstance(deal, dict):
        yield from _card_list(deal.get("deck"), "$.setup.deal.deck", copies=copies)
        for i, deck in enumerate(_list(deal.get("redeals"))):
            yield from _card_list(deck, f"$.setup.deal.redeals[{i}]", copies=copies)
    position = setup.get("position")
    if isinstance(position, dict):  # the engine checks the rest (InvalidPosition)
        for i, hand in enumerate(_list(position.get("hands"))):
            yield from _card_list(hand, f"$.setup.position.hands[{i}]", copies=copies)
        if "buried" in position:
            yield from _card_list(position["buried"], "$.setup.position.buried", copies=copies)
        trick = position.get("trick")
        for i, entry in enumerate(_list(trick.get("plays")) if isinstance(trick, dict) else []):
            if isinstance(entry, dict) and "cards" in entry:
                yield from _card_list(entry["cards"], f"$.setup.position.trick.plays[{i}].cards",
                                      copies=copies)
    for i, tag in enumerate(_list(data.get("tags"))):
        problem = mark_tag_problem(tag, in_json=True) if isinstance(tag, str) else ""
        if problem:
            yield f"$.tags[{i}]", problem
    if data.get("rejections") == REJECTIONS_ALONE and not any(
            judges_rejection(step) for step in data["steps"]):
        yield "$.rejections", (f"\"{REJECTIONS_ALONE}\" on a scenario where no step expects a "
                               "rejection: it would relax nothing; remove it (or add the "
                               "rejection it was meant for)")
    for i, step in enumerate(data["steps"]):
        at = f"$.steps[{i}]"
        rejected = expects_rejection(step)
        for key in _CARD_KEYS.get(step["op"], ()):
            if key in step:
                yield from _card_list(step[key], f"{at}.{key}", copies=not rejected)
        if step["op"] == "act" and not rejected:
            yield from _action_cards(step["action"], f"{at}.action")


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _card_list(cards: Any, path: str, *, copies: bool = True) -> Iterator[tuple[str, str]]:
    if not isinstance(cards, list):
        yield path, f"expected a list of card tokens, not {_shown(cards)}"
        return
    if len(cards) > MAX_CARDS:
        yield path, (f"{len(cards)} cards: a card list holds at most {MAX_CARDS}, the whole "
                     "pack (R01.1)")
        return
    for j, token in enumerate(cards):
        problem = card_problem(token)
        if problem:
            yield f"{path}[{j}]", problem
            return
    if copies:
        counts: dict[str, int] = {}
        for token in cards:
            counts[token] = counts.get(token, 0) + 1
        for face, count in counts.items():
            if count > MAX_COPIES:
                yield path, (f"{count} copies of {face}: three decks hold only {MAX_COPIES} "
                             "of each face (R01.1)")
                return


def _action_cards(action: Mapping[str, Any], path: str) -> Iterator[tuple[str, str]]:
    """Card tokens of an action expected to be accepted (where they have a card's type;
    other shapes are for the engine to reject)."""
    if "card" in action:
        problem = card_problem(action["card"])
        if problem:
            yield f"{path}.card", problem
    if "cards" in action:
        yield from _card_list(action["cards"], f"{path}.cards")
    calls = action.get("calls")
    if isinstance(calls, list):
        for k, call in enumerate(calls):
            if isinstance(call, dict) and "face" in call:
                problem = card_problem(call["face"])
                if problem:
                    yield f"{path}.calls[{k}].face", problem


def without_rejection_clauses(scenario: Scenario) -> Scenario:
    """The scenario as it is judged when its rejections are judged alone (``@any-clause``,
    or ``fivetenk check --any-clause`` for every scenario): every clause comparison
    dropped, so that a rejection is judged on being a rejection alone (the kit's clause
    conventions are ruling D35; an engine may cite none, or its own).

    In every step, whatever its command (``act`` and ``next_hand`` as well as a query
    refused as bad input), an expected path ending in ``clause`` (``clause``,
    ``error.clause``) is dropped, and so is a ``clause`` key at any depth of an expected
    object (``{"error": {"clause": …}}``; an object left empty goes too). A step that
    expected a clause other than ``null`` expected a rejection, and still does: it keeps
    (or gains) ``accepted: false``, so that relaxing the clause never lets an accepted
    action or an ordinary answer pass. ``contains`` / ``excludes`` lists are left alone
    (no shipped scenario lists clauses). A ``start`` step (the setup expected to be
    refused, :data:`START_OP`) is relaxed like any other: its clause is dropped and it keeps
    ``accepted: false``.
    The copy is marked :data:`REJECTIONS_ALONE`, so that every report of it says the
    clause was not compared; relaxing it again changes nothing."""

    steps = []
    for step in scenario.steps:
        expect = step.get("expect")
        if isinstance(expect, dict):
            relaxed, rejection = _without_clauses(expect)
            if rejection and relaxed.get("accepted") is not False:
                relaxed = {**relaxed, "accepted": False}
            if relaxed != expect:
                step = {**step, "expect": relaxed}
        steps.append(step)
    return dataclasses.replace(scenario, steps=steps, rejections=REJECTIONS_ALONE)


def _without_clauses(expect: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """``expect`` without any clause, and whether a clause other than ``null`` was dropped
    (the expectation was of a rejection). See :func:`without_rejection_clauses`."""
    out: dict[str, Any] = {}
    rejection = False
    for key, value in expect.items():
        if str(key).rsplit(".", 1)[-1] == "clause":
            rejection = rejection or value is not None
            continue
        if isinstance(value, dict) and value:
            value, inner = _without_clauses(value)
            rejection = rejection or inner
            if not value:  # it held only clauses
                continue
        out[key] = value
    return out, rejection


def get_path(result: Any, path: str) -> Any:
    """The value at dotted ``path`` (``result.levels.2``) of a JSON value; raises KeyError."""
    value = result
    if path == "":
        return value
    for part in path.split("."):
        if isinstance(value, list):
            if not part.isdigit() or int(part) >= len(value):
                raise KeyError(path)
            value = value[int(part)]
        elif isinstance(value, dict):
            if part not in value:
                raise KeyError(path)
            value = value[part]
        else:
            raise KeyError(path)
    return value
