"""Bounding what the kit shows and keeps of values it does not control.

Replies, error texts, stderr and names come from the implementation under test, which the
kit does not trust. These helpers make any of them safe and small enough to print or to
write (see :mod:`fivetenk.results.report` for how reports use them): :func:`visible` for the
console, :func:`valid_text` and :func:`plain` for files, :func:`json_text` for a value in
a one-line message, :func:`shorten` for a text kept in a result. They import nothing of
the kit, so the runner, the protocol and the reports all use them without depending on
each other.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MISSING: Any = object()
"""A value that is not there (a path absent from a result), as opposed to ``null``."""

NAME_LIMIT = 200
"""Characters shown of a name: the implementation's name and version from the handshake,
a scenario's id, name and location."""
TEXT_LIMIT = 500
"""Characters shown of a reason or of one value in a list (rulings, variants)."""
MESSAGE_LIMIT = 1000
"""Characters shown of a result's message (an ``ok: false`` error text of 900 KB is shown
as its first characters and its length)."""
VALUE_LIMIT = 400
"""Characters shown of an expected or observed value in a failure."""
CONTEXT_LIMIT = 600
"""Characters shown of each context entry (``sent``, ``stderr``)."""
RECEIVED_LIMIT = 1800
"""Characters shown of the result received for the failing step (a whole observation
takes about 1,000)."""
JSON_TEXT_LIMIT = 4000
"""Characters kept of a text in a JSON-lines record (message, reason, names)."""
JSON_VALUE_BUDGET = 8000
"""About how many characters of JSON a value in a JSON-lines record may take (an expected
or observed value, each context entry); a larger value is cut, saying how much is left out."""
MAX_DEPTH = 32
"""Levels of nesting kept of a value; deeper levels are replaced by a note."""
MAX_INT_DIGITS = 100
"""Integers with more digits are reported as a description (``an integer of about 5000
digits``): Python refuses to print one over 4,300 digits, and no result needs them."""

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                     "\ud800-\udfff\ufeff\ufff9-\uffff]")
"""What a terminal would act on or hide: C0 (newline and tab too: one field, one line),
DEL, C1, bidirectional marks, overrides and isolates, line and paragraph separators, lone
surrogates (they cannot even be encoded), byte order marks, non-characters."""
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 forbids in a document, even as character references."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(char: str) -> str:
    r"""One character as a visible escape: ``\n``, ``\x1b``, ``\u202e``."""
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def _escape_match(match: re.Match[str]) -> str:
    return _escape(match.group())


def visible(value: object, limit: int = TEXT_LIMIT) -> str:
    """``text`` as it may be printed: every character a terminal would act on or hide
    escaped visibly (see :data:`_UNSAFE`), and at most ``limit`` characters shown (escapes
    included, never cut in half), then ``… (N characters in all)`` if it was longer.

    The one function through which everything the implementation controls reaches the
    console. A text that needs nothing is returned as it is, at no cost."""
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit and _UNSAFE.search(text) is None:
        return text
    out: list[str] = []
    room = max(limit, 0)
    pos = 0
    end = min(len(text), room)
    for match in _UNSAFE.finditer(text, 0, end):
        before = text[pos:match.start()]
        if len(before) >= room:
            out.append(before[:room])
            pos += room
            break
        out.append(before)
        room -= len(before)
        pos = match.start()
        escaped = _escape(match.group())
        if len(escaped) > room:
            break
        out.append(escaped)
        room -= len(escaped)
        pos = match.end()
    else:
        rest = text[pos:end][:room]
        out.append(rest)
        pos += len(rest)
    shown = "".join(out)
    if pos < len(text):
        shown += f"… ({len(text)} characters in all)"
    return shown


def valid_text(text: str, limit: int = JSON_TEXT_LIMIT) -> str:
    r"""``text`` fit for a file: lone surrogates (which no UTF-8 file can hold) written as
    the visible text ``\udxxx``, cut to ``limit`` characters saying how long it was.
    Other characters are kept: JSON escapes control characters itself."""
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text)} characters in all)"
    return _SURROGATE.sub(_escape_match, text)


def xml_text(text: str) -> str:
    """``text`` without the characters XML 1.0 forbids (shown as visible escapes)."""
    return _XML_ILLEGAL.sub(_escape_match, text)


def quoted(value: object, limit: int = TEXT_LIMIT) -> str:
    """``value`` :func:`visible` between single quotes, for a message: escaped once
    (``repr`` of a visible text escaped its escapes again: ``'a\\\\nb'`` for a newline)."""
    return f"'{visible(value, limit)}'"


def plain(value: Any, budget: int = JSON_VALUE_BUDGET, depth: int = MAX_DEPTH) -> Any:
    """A bounded copy of ``value`` that strict JSON can always encode, whatever it is.

    Non-finite floats become the strings ``"NaN"``, ``"Infinity"``, ``"-Infinity"``;
    integers of more than :data:`MAX_INT_DIGITS` digits a description; lone surrogates
    visible text; nesting deeper than ``depth`` a note; objects that are not JSON their
    ``repr``. About ``budget`` characters of JSON are kept: a longer text is cut and the
    items past the budget replaced by a note saying how many were left out. Never raises,
    never recurses deeper than ``depth``: this is what makes a hostile reply printable."""
    return _plain(value, [budget], depth)


def _plain(value: Any, room: list[int], depth: int) -> Any:
    if value is None or isinstance(value, bool):
        room[0] -= 5
        return value
    if isinstance(value, int):
        room[0] -= 8
        if value.bit_length() > MAX_INT_DIGITS * 3.33:
            sign = "-" if value < 0 else ""
            return f"{sign}(an integer of about {int(value.bit_length() * 0.30103) + 1} digits)"
        return int(value)
    if isinstance(value, float):
        room[0] -= 12
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return float(value)
    if isinstance(value, str):
        text = valid_text(value, max(room[0], 16))
        room[0] -= len(text) + 2
        return text
    if depth <= 0:
        room[0] -= 40
        return "(deeper levels of nesting left out)"
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for i, (key, item) in enumerate(value.items()):
            if room[0] <= 0:
                out["…"] = f"{len(value) - i} more keys left out"
                break
            name = valid_text(key if isinstance(key, str) else _repr(key), 200)
            room[0] -= len(name) + 4
            out[name] = _plain(item, room, depth - 1)
        return out
    if isinstance(value, list | tuple):
        items: list[Any] = []
        for i, item in enumerate(value):
            if room[0] <= 0:
                items.append(f"… {len(value) - i} more items left out")
                break
            room[0] -= 1
            items.append(_plain(item, room, depth - 1))
        return items
    return _plain(_repr(value), room, depth)


def _repr(value: Any) -> str:
    try:
        return repr(value)
    except Exception:  # a hostile __repr__ (in-process drivers only)
        return f"<{type(value).__name__}>"


def json_text(value: Any, limit: int = VALUE_LIMIT) -> str:
    """``value`` as compact JSON for the console: bounded, visible, never raising."""
    if value is MISSING:
        return "(missing)"
    text = json.dumps(plain(value, limit, 8), ensure_ascii=False, allow_nan=False)
    return visible(text, limit)


def shorten(text: str, limit: int = 2000) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters in all)"
