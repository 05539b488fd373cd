"""Framing: one line from an implementation read as strict, bounded JSON, and its envelope.

Why a module of its own: these are the first functions that touch the bytes an
implementation sends, untrusted, and what they refuse is a *framing fault* -- not JSON the
kit reads (:func:`loads_strict`: nested deeper than :data:`MAX_DEPTH`, a key twice,
``NaN``, a number beyond :data:`MAX_INTEGER`, a lone surrogate), not an object, the wrong
``seq``, no ``ok`` (:func:`parse_reply`) -- after which the stream cannot be trusted and
the kit restarts the implementation. What a well-framed :class:`Reply` holds is judged
afterwards against the schemas of the messages (:mod:`fivetenk.impl.protocol`), and the process
is kept. So this part stays small, with its bounds stated here, and needs nothing of the
protocol's vocabulary or schemas (:mod:`fivetenk.impl.protocol` re-exports it).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from ..model.bounded import shorten

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects accepted in a reply line (the deepest valid
reply, an observation with a trick, nests 6 levels, the envelope included). Checked on the
bytes before they are decoded, so a reply nested a million deep costs a scan, never a
``RecursionError``."""
MAX_INTEGER = 2**53
"""The largest magnitude of a number accepted in a reply: every integer up to it is exact
in any language's double, and no valid result comes near it (162 cards, 300 points)."""
MAX_NUMBER_CHARS = 40
"""The longest number literal accepted in a reply, so that a 5,000-digit integer is refused
before Python is asked to convert it."""


class ReplyError(ValueError):
    """A reply line that breaks the protocol (not JSON, not an object, wrong ``seq``, no
    ``ok``…); the message says what is wrong."""


@dataclass(frozen=True)
class Reply:
    """A well-formed reply: ``ok`` with ``result``, or not ok with ``error``. ``extra``:
    envelope keys besides ``seq``, ``ok`` and ``result``/``error`` (a schema problem, not a
    framing fault: the stream is still in step)."""

    seq: int
    ok: bool
    result: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    extra: tuple[str, ...] = ()


# --------------------------------------------------------------------------- strict JSON

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
"""A JSON string literal (escapes included), to blank out before counting brackets."""
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]", re.S)
"""The escape of a UTF-16 surrogate: the only way a lone surrogate gets into decoded JSON
(raw UTF-8 cannot encode one); its presence triggers the (slower) exact check."""
_DELTA = [0] * 256
_DELTA[ord("[")] = _DELTA[ord("{")] = 1
_DELTA[ord("]")] = _DELTA[ord("}")] = -1
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def nesting_depth(data: bytes) -> int:
    """How deep arrays and objects nest in the JSON text ``data`` (strings ignored), counted
    on the bytes without decoding them, in linear time and constant stack."""
    if b"[" not in data and b"{" not in data:
        return 0
    brackets = _STRING.sub(b'""', data).translate(None, _NOT_BRACKETS)
    return max(itertools.accumulate(map(_DELTA.__getitem__, brackets)), default=0)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ReplyError(f"the reply has the key {shorten(json.dumps(key), 60)} twice "
                                 "in one object")
            seen.add(key)
    return obj


def _no_constant(name: str) -> Any:
    raise ReplyError(f"the reply holds {name}, which is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise ReplyError(f"the reply holds an integer of {len(text)} characters (at most "
                         f"{MAX_NUMBER_CHARS}, and at most {MAX_INTEGER} in magnitude)")
    value = int(text)
    if abs(value) > MAX_INTEGER:
        raise ReplyError(f"the reply holds the integer {text}, beyond {MAX_INTEGER} in "
                         "magnitude")
    return value


def _bounded_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise ReplyError(f"the reply holds a number of {len(text)} characters (at most "
                         f"{MAX_NUMBER_CHARS})")
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_INTEGER:
        raise ReplyError(f"the reply holds the number {text}, beyond {MAX_INTEGER} in "
                         "magnitude")
    return value


def _surrogate_path(value: Any, path: str = "$") -> str | None:
    """The JSON path of the first string (or key) holding a lone surrogate, if any."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if key.isidentifier() else f"{path}[{json.dumps(key)}]"
            found = _surrogate_path(key, where) or _surrogate_path(item, where)
            if found:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _surrogate_path(item, f"{path}[{i}]")
            if found:
                return found
    return None


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                            parse_float=_bounded_float)
"""Reads a reply whose integers are all within bounds (no run of digits as long as
:data:`_LONG_RUN`): Python's own integers, no hook for them."""
_BOUNDED = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                            parse_float=_bounded_float, parse_int=_bounded_int)
"""Reads any other reply, checking each integer (:func:`_bounded_int`)."""
_DIGITS = bytes(ord("1") if chr(byte) in "0123456789" else ord("0") for byte in range(256))
_LONG_RUN = b"1" * min(len(str(MAX_INTEGER)), MAX_NUMBER_CHARS)
"""A run of digits that may be an integer out of bounds: every integer of fewer digits
(below 10 ** 15) is below :data:`MAX_INTEGER`. A line of up to :data:`_SCANNED` bytes is
scanned for one (strings included, which only sends a few harmless replies the slower way)
and, without one, read with no hook per integer: the hook doubled the time to read an
observation, hundreds of integers in a few hundred bytes. A longer line is read with the
hook: its integers are few (a valid long reply is a listing of plays, one count), and a
scan of 100 KB costs half as much as reading it."""
_SCANNED = 16_384


def loads_strict(data: bytes, what: str = "the reply") -> Any:
    """Decode one JSON text the way the kit reads everything an implementation sends:
    UTF-8, nested at most :data:`MAX_DEPTH` deep, no key twice in an object, no ``NaN`` or
    ``Infinity``, numbers at most :data:`MAX_INTEGER` in magnitude, no lone surrogate
    (``"\\ud800"``, which no UTF-8 text can hold). Anything else is a :class:`ReplyError`
    saying what and, where cheap, where (a JSON path)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ReplyError(f"{what} is not UTF-8 text (byte {err.start})") from None
    # fewer brackets than the bound cannot nest deeper: most replies skip the scan
    depth = 0 if data.count(b"[") + data.count(b"{") <= MAX_DEPTH else nesting_depth(data)
    if depth > MAX_DEPTH:
        raise ReplyError(f"{what} nests arrays and objects {depth} deep (at most {MAX_DEPTH})")
    decoder = _BOUNDED if len(data) > _SCANNED or _LONG_RUN in data.translate(_DIGITS) \
        else _DECODER
    try:
        value = decoder.decode(text)
    except ReplyError as err:
        raise ReplyError(str(err).replace("the reply", what, 1)) from None
    except RecursionError:  # a safety net: the depth check comes first
        raise ReplyError(f"{what} nests too deep (at most {MAX_DEPTH})") from None
    except ValueError as err:
        raise ReplyError(f"{what} is not JSON ({shorten(str(err), 200)})") from None
    if b"\\u" in data and _SURROGATE_ESCAPE.search(data):
        where = _surrogate_path(value)
        if where is not None:
            raise ReplyError(f"{what} holds a lone UTF-16 surrogate (an escape such as "
                             f"\\ud800 without its pair) at {shorten(where, 200)}")
    return value


def parse_reply(line: bytes, seq: int) -> Reply:
    """Check one reply line against the envelope rules, reading it with
    :func:`loads_strict`; :class:`ReplyError` says what is wrong (the line itself goes in
    the error context, not in the message). These are framing faults: after one the kit
    cannot trust the stream, so it restarts the implementation. Problems inside a
    well-framed reply (extra envelope keys, a result that breaks its schema) are for
    :func:`reply_problems`."""
    data = loads_strict(line)
    if not isinstance(data, dict):
        raise ReplyError(f"the reply is JSON but not an object (a {type(data).__name__})")
    if "seq" not in data:
        raise ReplyError(f'the reply has no "seq" (expected {seq})')
    got = data["seq"]
    if got != seq or isinstance(got, bool) or not isinstance(got, int):
        raise ReplyError(f'the reply has "seq" {shorten(json.dumps(got), 60)}, expected {seq}')
    ok = data.get("ok")
    if ok is True:
        result = data.get("result")
        if not isinstance(result, dict):
            what = "no" if "result" not in data else "a non-object"
            raise ReplyError(f'the reply has "ok": true but {what} "result"')
        extra = tuple(k for k in data if k not in ("seq", "ok", "result"))
        return Reply(seq, True, result=result, extra=extra)
    if ok is False:
        error = data.get("error")
        if not isinstance(error, str) or not error:
            raise ReplyError('the reply has "ok": false but no "error" message')
        extra = tuple(k for k in data if k not in ("seq", "ok", "error"))
        return Reply(seq, False, error=error, extra=extra)
    raise ReplyError('the reply has no "ok": true or false')
