"""The adapter protocol, version 1: JSON lines between the kit and an implementation.

The kit starts the implementation as one long-lived process and talks to it over its
stdin/stdout, one JSON object per line each way (``schemas/protocol.md`` is the full
description, ``schemas/protocol-*.schema.json`` the schema of every message kind).

- Every request has ``cmd`` and ``seq`` (an integer the kit increments); every reply echoes
  ``seq`` and has either ``"ok": true`` and a ``result`` object, or ``"ok": false`` and an
  ``error`` message (the implementation cannot do it: the scenario is *errored*).
- ``hello`` (the handshake), ``start`` (one per scenario), then one request per scenario
  step — the step itself without its expectations, ``op`` renamed ``cmd`` — and ``stop``.

This module holds the pure parts shared by the kit (:mod:`fivetenk.process_driver`) and the
reference adapter (:mod:`fivetenk.adapter`): building requests, checking replies, reading
the handshake, and (lazily, for tests and tools) validating messages against the schemas.
It imports nothing heavy, so an adapter built on it starts fast.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .drivers import CAPABILITIES
from .reference.variants import CHOICES

PROTOCOL_VERSION = 1
"""The one protocol version this kit speaks."""

QUERY_COMMANDS = ("classify", "beats", "plays", "points", "deck")
GAME_COMMANDS = ("act", "observe", "next_hand")
STEP_COMMANDS = QUERY_COMMANDS + GAME_COMMANDS
"""Commands made from scenario steps (``advance`` is a kit macro and is never sent)."""
COMMANDS = ("hello", "start", *STEP_COMMANDS, "stop")
"""Every request the kit sends, in the order of a session."""

EXPECTATION_KEYS = frozenset({"expect", "contains", "excludes", "line"})
"""Step keys that say what is expected or where the step was written: never sent."""

SCHEMA_BASE = "https://fivetenk.dev/schemas/protocol/"
MESSAGE_KINDS = (*COMMANDS, *(f"{cmd}-reply" for cmd in COMMANDS), "error")
"""One schema per message kind: a request per command (``classify``), the successful reply
to it (``classify-reply``) and the failure reply to any request (``error``)."""


class ReplyError(ValueError):
    """A reply line that breaks the protocol (not JSON, not an object, wrong ``seq``, no
    ``ok``…); the message says what is wrong."""


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


def shorten(text: str, limit: int = 2000) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters in all)"


@dataclass(frozen=True)
class Reply:
    """A well-formed reply: ``ok`` with ``result``, or not ok with ``error``."""

    seq: int
    ok: bool
    result: dict[str, Any] = field(default_factory=dict)
    error: str = ""


def parse_reply(line: bytes, seq: int) -> Reply:
    """Check one reply line against the envelope rules; :class:`ReplyError` says what is
    wrong (the line itself goes in the error context, not in the message)."""
    try:
        data = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ReplyError("the reply is not UTF-8 text") from None
    except ValueError as err:
        raise ReplyError(f"the reply is not JSON ({err})") from None
    if not isinstance(data, dict):
        raise ReplyError(f"the reply is JSON but not an object (a {type(data).__name__})")
    if "seq" not in data:
        raise ReplyError(f'the reply has no "seq" (expected {seq})')
    got = data["seq"]
    if got != seq or isinstance(got, bool):
        raise ReplyError(f'the reply has "seq" {json.dumps(got)}, expected {seq}')
    ok = data.get("ok")
    if ok is True:
        result = data.get("result")
        if not isinstance(result, dict):
            what = "no" if "result" not in data else "a non-object"
            raise ReplyError(f'the reply has "ok": true but {what} "result"')
        return Reply(seq, True, result=result)
    if ok is False:
        error = data.get("error")
        if not isinstance(error, str) or not error:
            raise ReplyError('the reply has "ok": false but no "error" message')
        return Reply(seq, False, error=error)
    raise ReplyError('the reply has no "ok": true or false')


@dataclass(frozen=True)
class Hello:
    """What the implementation said about itself in the handshake."""

    name: str
    version: str
    protocol: int
    capabilities: frozenset[str]
    variants: dict[str, tuple[str, ...]]

    def supports(self, variants: Mapping[str, str]) -> bool:
        """Whether every variant value is offered; a variant not listed offers only its
        default value."""
        for name, value in variants.items():
            offered = self.variants.get(name) or CHOICES.get(name, ("",))[:1]
            if value not in offered:
                return False
        return True


class VersionError(ReplyError):
    """The implementation speaks another protocol version."""


def parse_hello(result: Mapping[str, Any], kit: str) -> Hello:
    """Read the handshake result; :class:`VersionError` for a protocol the kit does not
    speak, :class:`ReplyError` for a malformed result. Unknown capabilities and variant
    values are ignored (they may belong to a later kit)."""
    protocol = result.get("protocol")
    if not isinstance(protocol, int) or isinstance(protocol, bool):
        raise ReplyError('the hello result has no integer "protocol"')
    if protocol != PROTOCOL_VERSION:
        raise VersionError(f"the implementation speaks protocol {protocol}, but {kit} speaks "
                           f"protocol {PROTOCOL_VERSION}")
    name, version = result.get("name"), result.get("version", "")
    if not isinstance(name, str) or not name.strip():
        raise ReplyError('the hello result has no "name"')
    if not isinstance(version, str):
        raise ReplyError('the hello result "version" is not a string')
    capabilities = result.get("capabilities")
    if not isinstance(capabilities, list) or not all(isinstance(c, str) for c in capabilities):
        raise ReplyError('the hello result "capabilities" is not a list of strings')
    variants = result.get("variants", {})
    if not isinstance(variants, dict):
        raise ReplyError('the hello result "variants" is not an object')
    offered: dict[str, tuple[str, ...]] = {}
    for key, values in variants.items():
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise ReplyError(f'the hello result "variants.{key}" is not a list of strings')
        if key in CHOICES:
            offered[key] = tuple(v for v in values if v in CHOICES[key])
    return Hello(name=name.strip(), version=version, protocol=protocol,
                 capabilities=frozenset(c for c in capabilities if c in CAPABILITIES),
                 variants=offered)


# --------------------------------------------------------------------------- schemas


def schema_file(kind: str) -> str:
    """The file of a message kind's schema in ``schemas/``."""
    return f"protocol-{kind}.schema.json"


def schema_id(kind: str) -> str:
    return f"{SCHEMA_BASE}{kind}/v1"


@cache
def _registry() -> Any:
    """Every schema of the kit's ``schemas/`` folder, by ``$id``, for cross-file refs."""
    from referencing import Registry, Resource

    from .paths import data_dir

    resources = []
    for path in sorted(data_dir("schemas").glob("*.schema.json")):
        contents = json.loads(path.read_text("utf-8"))
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


@cache
def _validator(kind: str) -> Any:
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
