"""The adapter protocol, version 1: JSON lines between the kit and an implementation.

The kit starts the implementation as one long-lived process and talks to it over its
stdin/stdout, one JSON object per line each way (``schemas/protocol.md`` is the full
description, ``schemas/protocol-*.schema.json`` the schema of every message kind).

- Every request has ``cmd`` and ``seq`` (an integer the kit increments); every reply echoes
  ``seq`` and has either ``"ok": true`` and a ``result`` object, or ``"ok": false`` and an
  ``error`` message (the implementation cannot do it: the scenario is *errored*).
- ``hello`` (the handshake), ``start`` (one per scenario), then one request per scenario
  step — the step itself without its expectations, ``op`` renamed ``cmd`` — and ``stop``.

This module holds the pure parts shared by the kit (:mod:`fivetenk.impl.process_driver`) and the
reference adapter (:mod:`fivetenk.impl.adapter`): building requests, checking replies, reading
the handshake, and (lazily) validating messages against the schemas.
It imports nothing heavy, so an adapter built on it starts fast.

What an implementation sends is untrusted: a reply is read as strict, bounded JSON
(:func:`loads_strict`: :data:`MAX_DEPTH`, :data:`MAX_INTEGER`, no key twice, no ``NaN``, no
lone surrogate), its envelope checked (:func:`parse_reply`; both are the framing of a reply
line, :mod:`fivetenk.impl.framing`, re-exported here), then its result validated
against the schema of its kind (:func:`reply_problems`, :func:`hello_problems`) before the
kit reads anything in it -- a check bounded in work and time (:data:`MAX_ITEMS`,
:data:`MAX_KEYS`, :func:`plays_bound`, :data:`BRANCH_ERRORS`, the reply's deadline); texts
from it are cut (:data:`ERROR_TEXT`, :data:`NAME_TEXT`, :data:`PROBLEM_TEXT`).
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import reprlib
import time
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from functools import cache
from typing import Any

from ..model.bounded import shorten
from ..reference import CHOICES, InvalidCards, Variants, parse_cards
from .conventions import MAJOR
from .conventions import VersionError as VersionError
from .conventions import check_version as check_version
from .drivers import CAPABILITY_WORDS

# reading a reply line is :mod:`fivetenk.impl.framing`'s: re-exported, part of this interface
from .framing import MAX_DEPTH as MAX_DEPTH
from .framing import MAX_INTEGER as MAX_INTEGER
from .framing import Reply
from .framing import ReplyError as ReplyError
from .framing import loads_strict as loads_strict
from .framing import nesting_depth as nesting_depth
from .framing import parse_reply as parse_reply
from .words import COMMANDS as COMMANDS
from .words import EXTRA_SHAPES, GAME_COMMANDS, JOKER_RULES, KIT_RUNS, QUERY_COMMANDS, WING_RULES
from .words import SHAPES as SHAPE_WORDS

PROTOCOL_VERSION = MAJOR
"""The one major protocol version this kit speaks (minor versions: :mod:`.conventions`)."""

STEP_COMMANDS = QUERY_COMMANDS + GAME_COMMANDS
"""Commands made from scenario steps (``advance`` is a kit macro and is never sent)."""

EXPECTATION_KEYS = frozenset({"expect", "contains", "excludes", "line", "families"})
"""Step keys that say what is expected or where the step was written: never sent
(``families``: a count vector's breakdown by family, :mod:`fivetenk.suite.vectors`)."""

SCHEMA_BASE = "https://fivetenk.dev/schemas/protocol/"
MESSAGE_KINDS = (*COMMANDS, *(f"{cmd}-reply" for cmd in COMMANDS), "error")
"""One schema per message kind: a request per command (``classify``), the successful reply
to it (``classify-reply``) and the failure reply to any request (``error``)."""


ERROR_TEXT = 500
"""Characters of an implementation's ``ok: false`` error text (and of a rejected setup's
message) quoted in a report message; the rest is cut, saying how long it was."""
NAME_TEXT = 200
"""Characters kept of the ``name`` and of the ``version`` the implementation gives in its
handshake (they are shown in every report)."""
MAX_PROBLEMS = 3
"""How many schema problems of an invalid reply are quoted in the report message."""
PROBLEM_TEXT = 200
"""Characters of each quoted schema problem (they may quote the offending value)."""
MAX_ITEMS = 1000
"""The most items a list in a reply may hold, checked before its schema is (see
:func:`size_problem`): no valid reply needs more -- a card list holds at most 162 cards
(R01.1), a trick at most 972 plays and passes (162 plays, each followed by at most five
passes), a set of cards has fewer than 200 readings (at most one per shape, key and suit)
-- except a ``plays`` listing, which may hold as many entries as the hand can form plays
(:func:`plays_bound`)."""
MAX_KEYS = 100
"""The most keys an object in a reply may hold (no object of any reply schema has more than
20 properties; a handshake may list unknown variants, which are ignored)."""
BRANCH_ERRORS = MAX_PROBLEMS + 1
"""Schema errors collected at most per alternative of a ``oneOf``/``anyOf`` (enough to tell
which alternative the implementation meant), and in all: validation stops there."""


class CheckTimeout(ReplyError):
    """Checking a reply against its schema did not finish by the reply's deadline."""


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as one line: compact JSON, ASCII only (so it never holds a raw newline
    and every implementation can read it as UTF-8), newline-terminated."""
    return (json.dumps(message, separators=(",", ":")) + "\n").encode("ascii")


def step_request(step: Mapping[str, Any], seq: int) -> dict[str, Any]:
    """The request for one scenario step: the step without its expectation keys, ``op``
    renamed ``cmd``, and ``seq``; ``cmd`` and ``seq`` first for readable traces."""
    request: dict[str, Any] = {"cmd": step["op"], "seq": seq}
    for key, value in step.items():
        if key != "op" and key not in EXPECTATION_KEYS:
            request[key] = value
    return request


def request_step(request: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario step a step request carries (inverse of :func:`step_request`)."""
    step: dict[str, Any] = {"op": request["cmd"]}
    for key, value in request.items():
        if key not in ("cmd", "seq"):
            step[key] = value
    return step


def hello_request(seq: int, kit: str) -> dict[str, Any]:
    """The handshake the kit sends first."""
    return {"cmd": "hello", "seq": seq, "protocol": PROTOCOL_VERSION, "kit": kit}


def start_request(seq: int, variants: Mapping[str, str],
                  setup: Mapping[str, Any] | None) -> dict[str, Any]:
    """The request that begins a scenario: its variants and setup (``null``, a deal or a
    position)."""
    return {"cmd": "start", "seq": seq, "variants": dict(variants),
            "setup": None if setup is None else dict(setup)}


def ok_reply(seq: int | None, result: Mapping[str, Any]) -> dict[str, Any]:
    return {"seq": seq, "ok": True, "result": result}


def error_reply(seq: int | None, message: str) -> dict[str, Any]:
    return {"seq": seq, "ok": False, "error": message}


def describe_rejection(result: Mapping[str, Any]) -> str:
    """One line for a rejected setup (``{"accepted": false, "clause": …, "error": {…}}``):
    the engine's message (cut to :data:`ERROR_TEXT` characters) and the clause it cites,
    never a Python repr."""
    error = result.get("error")
    message = error.get("message") if isinstance(error, dict) else error
    if not isinstance(message, str) or not message:
        message = "no message"
    clause = result.get("clause")
    cited = f" ({shorten(clause, 40)})" if isinstance(clause, str) and clause else ""
    return f"the implementation rejected the setup: {shorten(message, ERROR_TEXT)}{cited}"


# --------------------------------------------------------------------------- schemas


def schema_file(kind: str) -> str:
    """The file of a message kind's schema in ``schemas/``."""
    return f"protocol-{kind}.schema.json"


def schema_id(kind: str) -> str:
    return f"{SCHEMA_BASE}{kind}/v1"


@cache
def _registry() -> Any:
    """Every schema of the kit's ``schemas/`` folder, by ``$id``, for cross-file refs."""
    # lazy: jsonschema loads to check replies; the adapter starts without it
    from referencing import Registry, Resource

    from ..model.paths import data_dir

    resources = []
    for path in sorted(data_dir("schemas").glob("*.schema.json")):
        contents = json.loads(path.read_text("utf-8"))
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


@cache
def _validator(kind: str) -> Any:
    # lazy: jsonschema loads to check replies; the adapter starts without it
    import jsonschema

    registry = _registry()
    schema = registry.contents(schema_id(kind))
    return jsonschema.Draft202012Validator(schema, registry=registry)


def message_problems(kind: str, message: Any) -> Iterator[str]:
    """Every way ``message`` breaks the schema of ``kind``, as ``$.path: message``."""
    if kind not in MESSAGE_KINDS:
        raise ValueError(f"unknown message kind {kind!r}")
    errors = sorted(_validator(kind).iter_errors(message), key=lambda e: e.json_path)
    for error in errors:
        yield f"{error.json_path}: {error.message}"


def reply_kind(cmd: str, reply: Mapping[str, Any]) -> str:
    """The message kind of a reply to ``cmd``."""
    return f"{cmd}-reply" if reply.get("ok") is True else "error"


# --------------------------------------------------------------------------- validating replies

_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "dependentSchemas", "$defs"})
"""Keywords whose value maps names to subschemas (the names are not keywords)."""
_SCHEMA_DATA = frozenset({"const", "enum", "default", "examples", "required", "type",
                          "description", "title", "$comment", "pattern", "format"})
"""Keywords whose value is data, never a subschema."""


def _inline(node: Any, resolver: Any, active: frozenset[int]) -> Any:
    """``node`` (a schema) with every ``$ref`` replaced by the schema it points to.

    Why: jsonschema resolves a ``$ref`` through the registry on every validation, about
    40 % of the cost of checking an observation; the kit checks every reply, so it checks
    against these self-contained copies (built once per message kind). A ``$ref`` with
    siblings becomes an ``allOf`` of the target and the siblings, which 2020-12 defines as
    the same thing. A recursive schema cannot be inlined: ValueError (the caller then
    validates through the registry)."""
    # lazy: jsonschema loads to check replies; the adapter starts without it
    from referencing.jsonschema import DRAFT202012

    if isinstance(node, list):
        return [_inline(item, resolver, active) for item in node]
    if not isinstance(node, dict):
        return node
    if isinstance(node.get("$id"), str):
        resolver = resolver.in_subresource(DRAFT202012.create_resource(node))
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("$id", "$schema", "$ref", "$defs"):
            continue
        if key in _SCHEMA_DATA:
            out[key] = value
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _inline(sub, resolver, active) for name, sub in value.items()}
        else:
            out[key] = _inline(value, resolver, active)
    ref = node.get("$ref")
    if isinstance(ref, str):
        resolved = resolver.lookup(ref)
        if id(resolved.contents) in active:
            raise ValueError(f"recursive schema at {ref}")
        target = _inline(resolved.contents, resolved.resolver,
                         active | {id(resolved.contents)})
        if not out:
            return target
        out["allOf"] = [target, *out.get("allOf", [])]
    return out


VALID_MEMO = 4096
"""At most this many valid values are remembered per message kind (the memo is emptied
when full)."""
VALID_MEMO_CHARS = 4096
"""Only values of at most this many characters of JSON are remembered."""


class _Checker:
    """Validates the results of one command, fast, against a self-contained schema.

    Why: the kit checks every reply, and jsonschema costs about half a millisecond per
    observation, as much as the whole round trip. But replies repeat: most ``start`` and
    ``act`` results are the same few objects, and consecutive observations differ in a few
    fields only. So values found valid are remembered (by their JSON text): the whole
    result, and -- when the schema is a plain object of known properties (``type``,
    ``required``, ``properties``, ``additionalProperties: false`` and nothing else at the
    top, as the observation's) -- each property's value, checked against its own
    subschema, the object itself against the schema with every property left free. That
    is the same judgement (the properties are independent), 2-3 times cheaper on the
    suite. Problems are always reported by the full validator."""

    _PLAIN = frozenset({"type", "required", "properties", "additionalProperties",
                        "title", "description"})

    def __init__(self, schema: dict[str, Any]) -> None:
        bounded = _bounded_validator_class()
        self.full = bounded(schema)
        self.parts: dict[str, Any] = {}
        self.frame: Any = None
        properties = schema.get("properties")
        if (set(schema) <= self._PLAIN and schema.get("type") == "object"
                and schema.get("additionalProperties") is False
                and isinstance(properties, dict)):
            self.frame = bounded({**schema, "properties": dict.fromkeys(properties, True)})
            self.parts = {key: bounded(sub) for key, sub in properties.items()}
        self.memo: set[tuple[str, str]] = set()

    def _known(self, part: str, value: Any, check: Any) -> bool:
        text = json.dumps(value, separators=(",", ":"))
        if (part, text) in self.memo:
            return True
        if not check.is_valid(value):
            return False
        if len(text) <= VALID_MEMO_CHARS:
            if len(self.memo) >= VALID_MEMO:
                self.memo.clear()
            self.memo.add((part, text))
        return True

    def is_valid(self, result: Any) -> bool:
        if self.frame is None or not isinstance(result, dict):
            return self._known("", result, self.full)
        return self.frame.is_valid(result) and all(
            self._known(key, value, self.parts[key]) for key, value in result.items())


@cache
def _result_validator(cmd: str) -> _Checker | None:
    """The checker of the ``result`` of a successful reply to ``cmd`` (None for a command
    the protocol does not know), against a self-contained schema (see :func:`_inline`)."""
    kind = f"{cmd}-reply"
    if kind not in MESSAGE_KINDS:
        return None
    registry = _registry()
    uri = schema_id(kind)
    try:
        schema = _inline(registry.contents(uri), registry.resolver(base_uri=uri), frozenset())
    except ValueError:  # pragma: no cover - no protocol schema is recursive today
        schema = {"$ref": f"{uri}#/properties/result"}
        checker = _Checker({})
        checker.full = _bounded_validator_class()(schema, registry=registry)
        return checker
    result: dict[str, Any] = schema["properties"]["result"]
    return _Checker(result)


def _explain(error: Any) -> Any:
    """The most telling error under a ``oneOf``/``anyOf`` failure: the alternative that
    fails least, when exactly one does (a rejection whose clause is malformed is reported
    at the clause, not as "accepted: true was expected"), leaving out alternatives for
    another type of value; else the failure itself ("not valid under any of the given
    schemas"), which is then the honest summary."""
    while error.context:
        branches: dict[Any, list[Any]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        # an alternative for another type of value is not what the implementation meant
        meant = [subs for subs in branches.values()
                 if not (len(subs) == 1 and subs[0].validator == "type"
                         and not subs[0].relative_path)] or list(branches.values())
        fewest = min(len(subs) for subs in meant)
        closest = [subs for subs in meant if len(subs) == fewest]
        if len(closest) != 1 or fewest != 1:
            return error
        error = closest[0][0]
    return error


@cache
def _notation_patterns() -> dict[str, tuple[str, str]]:
    """The notation's patterns in the schemas (one source of truth: the kit's own checks
    read them from there), by pattern text: (what it is, examples)."""
    # lazy: the adapter starts without the scenario schema
    from ..model.scenario import READING_HINT

    registry = _registry()
    common = registry.contents(schema_id("common"))["$defs"]
    scenario = registry.contents("https://fivetenk.dev/schemas/scenario/v1")["$defs"]
    return {
        scenario["reading"]["pattern"]: ("reading", READING_HINT),
        common["play"]["pattern"]: ("play", "a play is 'reading: ranks', e.g. 'pair 7: 7 7', "
                                    "'triple+single 5: 3 5 5 5'"),
        scenario["clause"]["pattern"]: ("clause", "a clause is a rule R01-R24, a dot and a "
                                              "number, e.g. 'R13.2'"),
    }


def _problem_text(error: Any) -> str:
    """A schema error in the kit's words where the raw message would be an obscure regular
    expression: a reading, a play or a clause that breaks the notation is "not a reading of
    the notation: 'pear 3' (readings look like …)" (protocol.md, section 4)."""
    if error.validator == "pattern" and isinstance(error.instance, str):
        known = _notation_patterns().get(error.validator_value)
        if known is not None:
            what, examples = known
            return f"not a {what} of the notation: {json.dumps(shorten(error.instance, 80))} " \
                   f"({examples})"
    return str(error.message)


@cache
def _pattern(kind: str) -> Any:
    """The compiled notation pattern of the schemas (``reading`` or ``play``), searched as
    jsonschema searches a ``pattern`` (the patterns are anchored)."""

    registry = _registry()
    if kind == "play":
        text = registry.contents(schema_id("common"))["$defs"]["play"]["pattern"]
    else:
        text = registry.contents("https://fivetenk.dev/schemas/scenario/v1")["$defs"][kind][
            "pattern"]
    return re.compile(text)


def _readings_ok(items: Any, kind: str = "reading") -> bool:
    if type(items) is not list:
        return False
    known = _MATCHED[kind]
    try:
        if known.issuperset(items):  # every item a text that matched before
            return True
    except TypeError:  # an unhashable item (a list, an object): no text
        return False
    search = _pattern(kind).search
    for item in items:
        if type(item) is not str or not (item in known or search(item)):
            return False
        if len(item) <= MATCHED_LENGTH:  # no valid text is longer (32 ranks: about 120)
            if len(known) >= MATCHED_KEPT:
                known.clear()
            known.add(item)
    return True


_MATCHED: dict[str, set[str]] = {"reading": set(), "play": set()}
"""Texts that matched the notation pattern of their kind: a fuzzing campaign checks
millions of play texts, mostly the same few thousand, and a set lookup is several times
faster than the pattern (bounded, so a hostile reply cannot grow it)."""
MATCHED_KEPT, MATCHED_LENGTH = 1 << 16, 160


def _clause_ok(value: Any) -> bool:
    return value is None or (type(value) is str and bool(_pattern("clause").search(value)))


def _fast_rejection(result: dict[str, Any]) -> bool:
    """True only for a rejection certainly valid under ``common#/$defs/rejection``:
    ``accepted`` false, ``clause`` (null or a clause), and an optional ``error`` with a
    ``message`` text and, at most, a ``code`` text and a ``clause`` (an ``error`` with other
    keys goes to the full validator)."""
    keys = result.keys()
    if not (keys == {"accepted", "clause"} or keys == {"accepted", "clause", "error"}):
        return False
    if result["accepted"] is not False or not _clause_ok(result["clause"]):
        return False
    error = result.get("error", {"message": ""})
    return (type(error) is dict and type(error.get("message")) is str
            and error.keys() <= {"code", "clause", "message"}
            and ("code" not in error or type(error["code"]) is str)
            and ("clause" not in error or _clause_ok(error["clause"])))


def _fast_query(cmd: str, result: Any) -> bool:
    """A shortcut for the answered (not rejected) results of the pure queries and for an
    accepted ``start``, the fuzzer's bulk: True only when ``result`` is certainly valid
    under its schema (exact keys, exact types, the schemas' own patterns); False means
    "ask the full validator", never "invalid". Why: jsonschema's ``oneOf`` costs about
    40% of the kit's time in a query campaign, and these shapes are tiny.
    ``tests/impl/test_replies.py`` checks that the shortcut never accepts what the schema
    refuses."""
    if type(result) is not dict:
        return False
    keys = result.keys()
    if result.get("accepted") is False and cmd in ("classify", "beats", "plays", "points"):
        return _fast_rejection(result)
    if cmd == "start":  # one per scenario or case: {"accepted": true}
        return result.get("accepted") is True and (
            keys == {"accepted"} or (keys == {"accepted", "clause"} and result["clause"] is None))
    if cmd == "classify":
        return (keys == {"legal", "readings"} and type(result["legal"]) is bool
                and _readings_ok(result["readings"]))
    if cmd == "beats":
        reading = result.get("reading")
        return (keys == {"beats", "reading"} and type(result["beats"]) is bool
                and (reading is None or _readings_ok([reading])))
    if cmd == "points":
        points = result.get("points")
        return keys == {"points"} and type(points) is int and points >= 0
    if cmd == "plays":
        count = result.get("count")
        return (keys == {"count", "plays"} and type(count) is int and count >= 0
                and _readings_ok(result["plays"], "play"))
    return False


def plays_bound(hand: Any) -> int | None:
    """The most entries a ``plays`` listing for ``hand`` (the request's card tokens) can
    hold under any variant values: the reference engine's count of the plays the hand can
    lead (:func:`~fivetenk.reference.python_api.count_plays`; the replies to a top play are
    some of them), the largest over every combination of variant values; None for a hand
    the engine cannot read. A 32-card hand forms at most a few thousand plays (ten triples
    and both jokers: 6,309), all 162 cards 128,162."""
    if type(hand) is not list or len(hand) > 162 or not all(type(t) is str for t in hand):
        return None
    return _plays_bound(tuple(hand))


@functools.lru_cache(maxsize=256)
def _plays_bound(hand: tuple[str, ...]) -> int | None:
    from ..reference import count_plays  # lazy: it loads the game's modules (python_api)

    names = sorted(CHOICES)
    try:
        cards = parse_cards(hand)
        return max(count_plays(cards, None, Variants.from_mapping(dict(zip(names, values,
                                                                           strict=True))))
                   for values in itertools.product(*(CHOICES[name] for name in names)))
    except (InvalidCards, ValueError):
        return None


def _path_text(path: list[str | int], where: str) -> str:
    return where + "".join(f"[{key}]" if isinstance(key, int) else
                           f".{key}" if key.isidentifier() else f"[{json.dumps(key)}]"
                           for key in path)


def size_problem(cmd: str, result: Any, request: Mapping[str, Any] | None = None,
                 where: str = "$.result") -> str | None:
    """The first list or object in ``result`` larger than any valid reply to ``cmd`` needs
    (:data:`MAX_ITEMS`, :data:`MAX_KEYS`; a ``plays`` listing up to :func:`plays_bound`
    of the ``request``'s hand), as ``$.result.path: what``; None if there is none. Checked
    before the schema, in one pass that never looks inside a container too large, so that
    a reply of 400,000 integers where strings belong costs a scan, not a validation."""
    stack: list[tuple[Any, list[str | int]]] = [(result, [])]
    while stack:
        value, path = stack.pop()
        if type(value) is list:
            limit = MAX_ITEMS
            if len(value) > limit and cmd == "plays" and path == ["plays"]:
                most = plays_bound(None if request is None else request.get("hand"))
                if most is not None and len(value) > most:
                    return (f"{_path_text(path, where)}: {len(value)} plays listed, but "
                            f"that hand can form at most {most} (under any variant)")
                limit = max(limit, most or 0)
            if len(value) > limit:
                return (f"{_path_text(path, where)}: a list of {len(value)} items (no valid "
                        f"{cmd} reply needs more than {MAX_ITEMS})")
            stack.extend((item, [*path, i]) for i, item in enumerate(value)
                         if type(item) in (list, dict))
        elif type(value) is dict:
            if len(value) > MAX_KEYS:
                return (f"{_path_text(path, where)}: an object of {len(value)} keys (no valid "
                        f"{cmd} reply needs more than {MAX_KEYS})")
            stack.extend((item, [*path, str(key)]) for key, item in value.items()
                         if type(item) in (list, dict))
    return None


_DEADLINE: ContextVar[float | None] = ContextVar("fivetenk_check_deadline", default=None)
"""The monotonic time by which the reply being checked must be judged (None: no limit)."""
_TICK = 64
"""Items of an array validated between two looks at the clock."""


def _past_deadline() -> None:
    deadline = _DEADLINE.get()
    if deadline is not None and time.monotonic() > deadline:
        raise CheckTimeout("checking the reply against its schema did not finish in time")


def _bounded_repr(instance: Any) -> str:
    """A short repr of a value of any size, in bounded time (for a schema error message)."""
    short = reprlib.Repr()
    short.maxlevel, short.maxlist, short.maxdict = 3, 8, 8
    short.maxstring = short.maxother = 60
    return short.repr(instance)


def _bounded_items(validator: Any, items: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """jsonschema's ``items``, looking at the clock every :data:`_TICK` items."""
    # lazy: jsonschema loads to check replies; the adapter starts without it
    from jsonschema import _keywords

    if items is False or not validator.is_type(instance, "array"):
        yield from _keywords.items(validator, items, instance, schema)
        return
    for index in range(len(schema.get("prefixItems", [])), len(instance)):
        if index % _TICK == 0:
            _past_deadline()
        yield from validator.descend(instance=instance[index], schema=items, path=index)


def _bounded_alternatives(every: bool) -> Any:
    """jsonschema's ``anyOf`` (``every`` False) or ``oneOf`` (True), collecting at most
    :data:`BRANCH_ERRORS` errors per alternative (one is enough to know an alternative
    fails) and quoting the value by a bounded repr: the library's own keeps every error of
    every alternative and the whole value in its message -- for a list of 400,000 wrong
    items, gigabytes."""
    # lazy: jsonschema loads to check replies; the adapter starts without it
    from jsonschema import ValidationError

    def keyword(validator: Any, alternatives: Any, instance: Any, schema: Any,
                ) -> Iterator[Any]:
        all_errors: list[Any] = []
        valid: list[Any] = []
        for index, subschema in enumerate(alternatives):
            _past_deadline()
            errors = list(itertools.islice(
                validator.descend(instance, subschema, schema_path=index), BRANCH_ERRORS))
            if not errors:
                valid.append(subschema)
                if not every or len(valid) > 1:
                    break
            else:
                all_errors.extend(errors)
        if not valid:
            yield ValidationError(f"{_bounded_repr(instance)} is not valid under any of "
                                  "the given schemas", context=all_errors)
        elif len(valid) > 1:
            yield ValidationError(f"{_bounded_repr(instance)} is valid under more than one "
                                  "of the given schemas")
    return keyword


@cache
def _bounded_validator_class() -> Any:
    """Draft 2020-12 with :func:`_bounded_items` and :func:`_bounded_alternatives`
    (``jsonschema.validators.extend``, the library's way to replace a keyword)."""
    # lazy: jsonschema loads to check replies; the adapter starts without it
    import jsonschema
    from jsonschema import validators

    return validators.extend(jsonschema.Draft202012Validator, {
        "items": _bounded_items, "anyOf": _bounded_alternatives(False),
        "oneOf": _bounded_alternatives(True)})


def result_problems(cmd: str, result: Any, where: str = "$.result", *,
                    request: Mapping[str, Any] | None = None,
                    deadline: float | None = None) -> list[str]:
    """How the result of a successful reply to ``cmd`` breaks its schema: at most
    :data:`MAX_PROBLEMS` problems, each ``$.result.path: what`` cut to
    :data:`PROBLEM_TEXT` characters; ``[]`` if it is valid (or ``cmd`` is unknown).

    Bounded: first :func:`size_problem` (lists and objects no valid reply needs, judged
    with the ``request``), then the schema, stopping after :data:`BRANCH_ERRORS` errors;
    past ``deadline`` (``time.monotonic()``) it raises :class:`CheckTimeout`."""
    if _fast_query(cmd, result):
        return []
    size = size_problem(cmd, result, request, where)
    if size is not None:
        return [size]
    checker = _result_validator(cmd)
    if checker is None:
        return []
    token = _DEADLINE.set(deadline)
    try:
        _past_deadline()
        if checker.is_valid(result):
            return []
        errors = sorted(itertools.islice(checker.full.iter_errors(result), BRANCH_ERRORS),
                        key=lambda e: e.json_path)
    finally:
        _DEADLINE.reset(token)
    problems = []
    for error in errors[:MAX_PROBLEMS]:
        best = _explain(error)
        path = where + best.json_path[1:]
        problems.append(f"{shorten(path, 100)}: {shorten(_problem_text(best), PROBLEM_TEXT)}")
    if len(errors) > MAX_PROBLEMS:
        problems.append("(and more)")
    return problems


def reply_problems(cmd: str, reply: Reply, *, request: Mapping[str, Any] | None = None,
                   deadline: float | None = None) -> list[str]:
    """How a well-framed reply to ``cmd`` breaks the schema of its kind (``<cmd>-reply`` or
    ``error``): keys the envelope may not have, and the result's problems
    (:func:`result_problems`, bounded by the ``request`` and the ``deadline``). For
    ``hello`` see :func:`hello_problems`."""
    problems = [f"$.{shorten(key, 60)}: a reply has no such key" for key in
                reply.extra[:MAX_PROBLEMS]]
    if reply.ok:
        problems += result_problems(cmd, reply.result, request=request, deadline=deadline)
    return problems


def hello_problems(result: Mapping[str, Any], *, deadline: float | None = None) -> list[str]:
    """How a handshake result breaks the ``hello-reply`` schema, leaving out what the
    protocol says is ignored (with a warning, see :func:`fivetenk.impl.hello.parse_hello`):
    capability words, shapes and variant names or values this kit does not know (they may
    belong to a later kit), run families, wing rules and extra shapes it does not know
    (D39). Values of the wrong type are still problems."""
    known = dict(result)
    for key, words in (("capabilities", CAPABILITY_WORDS), ("shapes", SHAPE_WORDS)):
        listed = known.get(key)
        if isinstance(listed, list):
            known[key] = [c for c in listed if not isinstance(c, str) or c in words]
    variants = known.get("variants")
    if isinstance(variants, dict):
        known["variants"] = {
            name: [v for v in values if not isinstance(v, str) or v in CHOICES[name]]
            if isinstance(values, list) else values
            for name, values in variants.items() if name in CHOICES}
    runs = known.get("runs")  # the profile words of D39: unknown ones are warnings too
    if isinstance(runs, dict):
        known["runs"] = {k: v for k, v in runs.items() if k in KIT_RUNS}
    if isinstance(known.get("wings"), str) and known["wings"] not in WING_RULES:
        del known["wings"]
    if isinstance(known.get("jokers"), str) and known["jokers"] not in JOKER_RULES:
        del known["jokers"]
    if isinstance(known.get("run_top"), str) and known["run_top"] not in (
            "7", "8", "9", "10", "J", "Q", "K", "A"):
        del known["run_top"]
    extra = known.get("extra_shapes")
    if isinstance(extra, list):
        known["extra_shapes"] = [x for x in extra if not isinstance(x, str)
                                 or x in EXTRA_SHAPES]
    return result_problems("hello", known, deadline=deadline)
