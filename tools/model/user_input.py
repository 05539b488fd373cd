"""Reading what the user wrote: one reader, one JSON parser, stated bounds.

Every file the user names -- features, JSON scenarios, expectations, game logs, a book's
results -- is read by :func:`read_bytes` (only a regular file, at most
:data:`MAX_FILE_BYTES`, never blocking on a FIFO or a device) and decoded by
:func:`decode_text`; every JSON text, in a file or in a step, is read by
:func:`parse_json` (no duplicate keys, NaN, lone surrogates; :data:`MAX_DEPTH`,
:data:`MAX_INT`, :data:`MAX_ITEMS`). Whatever is wrong is a :class:`ScenarioError` (or
the subclass the caller names) at a file and line and a JSON path, never a traceback.

Why a module of its own: these bounds and refusals are one policy, the same for every
input, and none of it depends on what a scenario is; :mod:`fivetenk.model.scenario` (which
re-exports the names other modules knew it by) builds on it, as do the compiler, the
catalog and the expectations. :class:`ScenarioError` lives here because every reader
raises it.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any, cast


class UsageError(Exception):
    """Bad input from the user on the command line: printed as one line, exit code 2
    (:mod:`fivetenk.cli`). It lives here, low in the layers, so that commands can raise it
    without importing the command line that dispatches to them."""


class ScenarioError(ValueError):
    """A scenario that breaks the format; ``where`` is a file[:line] or a JSON path."""

    def __init__(self, message: str, *, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message


MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest file the kit reads (feature, JSON scenarios, expectations): 4 MiB. The
whole shipped suite exported as one JSON list is under 1 MiB, so this leaves room for any
hand-written suite while a link to ``/dev/zero`` or a runaway generator cannot exhaust
memory: at most this many bytes plus one are ever read."""

MAX_DEPTH = 64
"""The deepest nesting of JSON arrays and objects the kit accepts (a scenario needs about
ten levels). Keeps every recursive reader (parsers, the schema validator, comparisons) far
from Python's recursion limit, so a deep document is an error, never a RecursionError."""

MAX_INT = 2**53 - 1
"""The largest integer magnitude accepted in JSON (and in step text): every JSON reader
represents it exactly, and no scenario needs more (a pack holds 162 cards and 300
points). Longer digit strings are refused before they are converted, so a 5,000-digit
number is a clear error, not Python's 4,300-digit ValueError."""

MAX_ITEMS = 10_000
"""The most items in one JSON array or members in one JSON object, scenarios per file
included (the largest shipped file holds 121 scenarios)."""

_NUL = b"\x00"
_BOM = b"\xef\xbb\xbf"
_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_controls(text: str, limit: int = 2000) -> str:
    """``text`` quoted from a user's file for a one-line message: control and format
    characters (and lone surrogates) shown as escapes, cut to ``limit`` characters."""
    out = "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)
    return out if len(out) <= limit else out[:limit - 1] + "…"


def describe(found: list[tuple[str, str]], limit: int = 5) -> str:
    """Problems as one message: ``$.path: what``, the first ``limit`` of them."""
    text = "; ".join(f"{path}: {message}" for path, message in found[:limit])
    return text + (f"; … and {len(found) - limit} more" if len(found) > limit else "")


def read_text(path: Path, where: str, error: type[ScenarioError] = ScenarioError) -> str:
    """The UTF-8 text of a file the user named; ``error`` (naming ``where``) if it cannot
    be used: :func:`read_bytes`, then :func:`decode_text`."""
    return decode_text(read_bytes(path, where, error), where, error)


def read_bytes(path: Path, where: str, error: type[ScenarioError] = ScenarioError,
               limit: int | None = None) -> bytes:
    """The bytes of a file the user named, at most ``limit`` (default
    :data:`MAX_FILE_BYTES`, read when called); ``error`` (naming ``where``) if it cannot be
    used.

    Only a regular file is read: a folder, FIFO, socket or device is refused from its
    ``stat`` before anything is opened (a FIFO would block, ``/dev/zero`` never ends), and
    the file is then opened non-blocking and checked again, so a FIFO swapped in between
    cannot block either. At most ``limit`` + 1 bytes are read. A UTF-8 byte
    order mark is accepted and dropped; a NUL byte or bytes that are not UTF-8 are refused
    with their line."""
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        info = os.stat(path)
    except (OSError, ValueError) as err:
        raise error(f"cannot read: {_os_reason(err)}", where=where) from None
    if not stat.S_ISREG(info.st_mode):
        raise error(f"cannot read: {_file_kind(info.st_mode)}, not a regular file",
                    where=where)
    if info.st_size > limit:
        raise error(_too_big(limit), where=where)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise error(f"cannot read: {_os_reason(err)}", where=where) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise error(f"cannot read: {_file_kind(mode)}, not a regular file", where=where)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise error(f"cannot read: {_os_reason(err)}", where=where) from None
    finally:
        os.close(fd)
    if size > limit:
        raise error(_too_big(limit), where=where)
    return b"".join(chunks)


def decode_text(data: bytes, where: str, error: type[ScenarioError] = ScenarioError) -> str:
    """``data`` as UTF-8 text without a leading byte order mark; ``error`` at the line of a
    NUL byte or of the first byte that is not UTF-8."""
    data = data.removeprefix(_BOM)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise error("UTF-16 text (it starts with a UTF-16 byte order mark); save the file as "
                    "UTF-8", where=f"{where}:1")
    nul = data.find(_NUL)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        if 0 <= nul < err.start:
            raise error("a NUL byte: not a text file", where=_line_at(where, data, nul)) \
                from None
        raise error(f"not UTF-8 text (byte 0x{data[err.start]:02x}); save the file as UTF-8",
                    where=_line_at(where, data, err.start)) from None
    if nul >= 0:
        raise error("a NUL byte: not a text file", where=_line_at(where, data, nul))
    return text


def _line_at(where: str, data: bytes, index: int) -> str:
    line = data.count(b"\n", 0, index) + 1
    return f"{where}:{line}"


def _too_big(limit: int | None = None) -> str:
    limit = MAX_FILE_BYTES if limit is None else limit
    return (f"larger than {limit // (1024 * 1024)} MiB, the most the kit reads from "
            "one file; split it")


def _os_reason(err: OSError | ValueError) -> str:
    if isinstance(err, OSError):
        return err.strerror or str(err)
    return str(err)  # e.g. "embedded null byte"


def _file_kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
             (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"))
    return next((word for test, word in kinds if test(mode)), "a special file")


class _Refused(ValueError):
    """Raised by the JSON parser's hooks on a value the kit refuses (never escapes)."""


def _refuse_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > len(str(MAX_INT)) or int(text) > MAX_INT or int(text) < -MAX_INT:
        shown = text if len(text) <= 24 else f"{text[:20]}… ({len(digits)} digits)"
        raise _Refused(f"the number {shown} is out of range (at most {MAX_INT} in magnitude)")
    return int(text)


def _refuse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        shown = text if len(text) <= 24 else text[:20] + "…"
        raise _Refused(f"the number {shown} is out of range")
    return value


def _refuse_constant(text: str) -> Any:
    raise _Refused(f"{text} is not a JSON number (NaN and Infinity are not allowed)")


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Refused("duplicate key")
    return out


_STRICT = json.JSONDecoder(object_pairs_hook=_refuse_duplicates, parse_int=_refuse_int,
                           parse_float=_refuse_float, parse_constant=_refuse_constant)


def parse_json(text: str, where: str = "", error: type[ScenarioError] = ScenarioError) -> Any:
    """Strict JSON: syntax errors, duplicate keys, NaN / Infinity, numbers beyond
    :data:`MAX_INT` or not finite, nesting deeper than :data:`MAX_DEPTH`, more than
    :data:`MAX_ITEMS` items in an array or object and strings holding lone surrogates are
    all ``error``, at ``where:line`` with the JSON path of the problem (without ``where``,
    the line goes into the message). A leading byte order mark is accepted."""
    text = text.removeprefix("\ufeff")
    try:
        value = _STRICT.decode(text)
    except json.JSONDecodeError as err:
        raise error(f"not JSON: {err.msg} (column {err.colno})" + _line_note(where, err.lineno),
                    where=_where(where, err.lineno)) from None
    except (_Refused, RecursionError):
        pass
    else:
        if _acceptable(value):
            return value
    index, path, message = _locate(text)
    line = text.count("\n", 0, index) + 1
    if len(path) > 100:
        path = f"{path[:60]}…{path[-30:]}"
    detail = f"{path}: {message}" if path else message
    raise error(detail + _line_note(where, line), where=_where(where, line))


def _where(where: str, line: int) -> str:
    return f"{where}:{line}" if where else ""


def _line_note(where: str, line: int) -> str:
    return f" (line {line})" if not where and line > 1 else ""


def _acceptable(value: Any) -> bool:
    """Whether a parsed value is within the depth, size and text bounds (iterative, so a
    deep value cannot overflow the stack here)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return False
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH or len(item) > MAX_ITEMS:
                return False
            if isinstance(item, dict):
                if any(_SURROGATE.search(k) for k in item):
                    return False
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)
    return True


_WS = re.compile(r"[ \t\n\r]*")


class _Found(Exception):
    def __init__(self, index: int, path: str, message: str) -> None:
        super().__init__(message)
        self.index, self.path, self.message = index, path, message


def _locate(text: str) -> tuple[int, str, str]:
    """Where the first refused thing of ``text`` is, in document order: (index, JSON path,
    what is wrong). Walks the text member by member (recursion bounded by
    :data:`MAX_DEPTH`), letting the strict decoder read each scalar; only used once
    :func:`parse_json` knows something is wrong, so speed does not matter."""
    scan = cast(Any, _STRICT).scan_once

    def skip(i: int) -> int:  # past any whitespace
        found = _WS.match(text, i)
        return found.end() if found else i

    def value(i: int, path: str, depth: int) -> int:
        i = skip(i)
        c = text[i]
        if c in "[{":
            if depth >= MAX_DEPTH:
                raise _Found(i, path, f"nested deeper than {MAX_DEPTH} levels")
            return (members if c == "{" else elements)(i, path, depth + 1)
        try:
            scalar, end = scan(text, i)
        except _Refused as err:
            raise _Found(i, path, str(err)) from None
        if isinstance(scalar, str) and _SURROGATE.search(scalar):
            raise _Found(i, path, "a lone surrogate (such as \\ud800) is not text")
        return int(end)

    def members(i: int, path: str, depth: int) -> int:
        seen: set[str] = set()
        i = skip(i + 1)
        if text[i] == "}":
            return i + 1
        while True:
            key, end = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            sub = f"{path}.{key}" if re.fullmatch(r"[A-Za-z_$][\w$]*", key) else \
                f"{path}[{json.dumps(key)}]"
            if _SURROGATE.search(key):
                raise _Found(i, sub, "a lone surrogate (such as \\ud800) is not text")
            if key in seen:
                raise _Found(i, sub, f"duplicate key {json.dumps(key)}: a JSON object "
                             "names each key once")
            seen.add(key)
            if len(seen) > MAX_ITEMS:
                raise _Found(i, path, f"more than {MAX_ITEMS} members in one object")
            i = skip(end) + 1  # past the colon
            i = skip(value(i, sub, depth))
            if text[i] == "}":
                return i + 1
            i = skip(i + 1)  # past the comma

    def elements(i: int, path: str, depth: int) -> int:
        i = skip(i + 1)
        if text[i] == "]":
            return i + 1
        n = 0
        while True:
            if n >= MAX_ITEMS:
                raise _Found(i, path, f"more than {MAX_ITEMS} items in one array")
            i = skip(value(i, f"{path}[{n}]", depth))
            n += 1
            if text[i] == "]":
                return i + 1
            i += 1  # past the comma

    try:
        value(0, "$", 0)
    except _Found as found:
        return found.index, found.path, found.message
    except (ValueError, IndexError, StopIteration, RecursionError):
        pass
    return 0, "", "not JSON the kit can read"
