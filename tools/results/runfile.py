"""Reading a run back: the JSON-lines report of ``fivetenk check --jsonl FILE``, and the one
reader of every JSON-lines report the kit reads (:func:`read_records`).

``fivetenk diff`` compares two runs, ``fivetenk expectations`` turns one into an
expectations file (issue 20), ``fivetenk book --report`` shows them; ``fivetenk fuzz
merge`` reads the reports of ``fuzz --jsonl`` through :func:`read_records` too, with its
own record checks (issue 31). A report may come from anywhere (another machine, an old
kit, a hand edit, a CI artifact cut short), so it is read as hostile input: the file as
every file the user names is (:func:`fivetenk.model.user_input.read_bytes`: a regular file only,
at most :data:`MAX_REPORT_BYTES`, UTF-8 without NUL bytes), each line as strict JSON
(:func:`fivetenk.model.user_input.parse_json`) of at most :data:`MAX_RECORD_CHARS`, an object
with a ``"record"`` text, and each record's shape checked field by field. Whatever is
wrong is a :class:`RunFileError` at ``FILE:LINE`` saying what was expected (the commands
exit 2), never a traceback: the same words for the same fault, whichever command reads it.

What a report holds (:func:`fivetenk.results.report.run_record`,
:func:`~fivetenk.results.report.result_record`): a first ``"record": "run"`` line (the
implementation and the profile it declared), then one ``"scenario"`` line per scenario and a
``"stale"`` line per stale expectation. Fields the reader does not know are kept and ignored (a
later kit may add some); a known field of the wrong type is an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model.bounded import NAME_LIMIT, TEXT_LIMIT, json_text, quoted, visible
from ..model.user_input import ScenarioError, decode_text, parse_json, read_bytes

STATUSES = ("passed", "failed", "errored", "skipped", "xfailed", "xpassed")
"""A scenario record's statuses (as :data:`fivetenk.results.report.STATUSES`)."""

BAD = ("failed", "errored", "xpassed")
"""Statuses that fail a run."""

MAX_REPORT_BYTES = 32 * 1024 * 1024
"""The largest report of a run read (``diff``, ``expectations``, the book's ``--report``):
32 MiB (the whole suite failing, evidence and all, is about 2 MiB); at most this many bytes
plus one are ever read (a link to ``/dev/zero`` is refused by its size, never read to the
end)."""

MAX_RECORD_CHARS = 4 * 1024 * 1024
"""The longest line (one record) of any report read: 4 MiB, as for any file of cases
(:data:`fivetenk.model.user_input.MAX_FILE_BYTES`). The kit bounds every value of a record it
writes, so its lines stay a few KiB."""

_TEXTS = ("name", "rule", "location", "message", "reason", "open", "request", "answer",
          "rejection_code", "expected_answer", "position", "note", "rejections",
          "tested_shape")
_TEXT_LISTS = ("clauses", "rulings", "shapes", "step_text", "filled_in", "tags")
_COUNTS = ("step", "line", "differences_total")


class RunFileError(ScenarioError):
    """A report that is not one the kit writes (``check --jsonl``, ``fuzz --jsonl``);
    ``where`` is FILE:LINE."""


@dataclass
class RunFile:
    """One report, read and checked. ``scenarios``: id -> record, in file order;
    ``lines``: id -> the line it was read from; ``stale``: the stale-expectation records."""

    where: str
    implementation: str
    profile: dict[str, Any]
    scenarios: dict[str, dict[str, Any]] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    stale: list[dict[str, Any]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Scenarios per status (every status, in :data:`STATUSES` order)."""
        found = dict.fromkeys(STATUSES, 0)
        for record in self.scenarios.values():
            found[record["status"]] += 1
        return found


def read_records(path: Path, limit: int = MAX_REPORT_BYTES,
                 ) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """The records of the JSON-lines report at ``path``, in order, each as ``(line
    number, "FILE:LINE", record)``: every line a JSON object with a ``"record"`` text (see
    the module's docstring; the file at most ``limit`` bytes). What a record holds beyond
    that is the caller's to check. The file is read whole before the first record is
    given, so a file that cannot be read fails before any record is used."""
    shown = visible(str(path), NAME_LIMIT)
    text = decode_text(read_bytes(path, shown, RunFileError, limit), shown, RunFileError)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return ((number, f"{shown}:{number}", _record(raw, f"{shown}:{number}"))
            for number, raw in enumerate(lines, start=1))


def read_run(path: Path) -> RunFile:
    """The report of a run at ``path``, checked (see the module's docstring)."""
    shown = visible(str(path), NAME_LIMIT)
    run: RunFile | None = None
    for number, where, record in read_records(path):
        kind = record["record"]
        if run is None:
            if kind != "run":
                raise RunFileError("not a fivetenk JSON-lines report: expected the first line "
                                   "to be {\"record\": \"run\", \"implementation\": ...}, found "
                                   f"a {quoted(kind, 40)} record", where=where)
            run = RunFile(shown, _text(record, "implementation", where, required=True),
                          _profile(record, where))
            continue
        if kind == "stale":
            for key in ("entry", "where", "reason", "why"):
                _text(record, key, where, required=key == "entry")
            run.stale.append(record)
        elif kind == "scenario":
            _check_scenario(record, where)
            ident = record["id"]
            if ident in run.scenarios:
                raise RunFileError(f"scenario {quoted(ident, NAME_LIMIT)} is reported twice "
                                   f"(first at line {run.lines[ident]})", where=where)
            run.scenarios[ident] = record
            run.lines[ident] = number
        else:
            raise RunFileError("expected a \"scenario\" or \"stale\" record, found "
                               f"{quoted(kind, 40)}", where=where)
    if run is None:
        raise RunFileError("not a fivetenk JSON-lines report: the file is empty; expected a "
                           "first line {\"record\": \"run\", ...} as `fivetenk check --jsonl "
                           "FILE` writes", where=f"{shown}:1")
    return run


def _record(raw: str, where: str) -> dict[str, Any]:
    if len(raw) > MAX_RECORD_CHARS:  # characters: at least as many bytes
        raise RunFileError(f"not a fivetenk JSON-lines report: a line of {len(raw):,} "
                           f"characters, more than the {MAX_RECORD_CHARS // 2**20} MiB a "
                           "record may take", where=where)
    if not raw.strip():
        raise RunFileError("not a fivetenk JSON-lines report: an empty line (expected one "
                           "JSON object per line)", where=where)
    try:
        record = parse_json(raw, "", RunFileError)
    except RunFileError as err:
        raise RunFileError("not a fivetenk JSON-lines report: expected one JSON object per "
                           f"line ({visible(err.detail, TEXT_LIMIT)})", where=where) from None
    if not isinstance(record, dict) or not isinstance(record.get("record"), str):
        raise RunFileError("not a fivetenk JSON-lines report: expected a JSON object with a "
                           "\"record\" field, found " + _kind(record), where=where)
    return record


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "an object without a \"record\" text"
    return visible(json_text(value, 60), 60)


def _text(record: dict[str, Any], key: str, where: str, *, required: bool = False,
          nonempty: bool = False) -> str:
    if key not in record and not required:
        return ""
    value = record.get(key)
    if not isinstance(value, str) or (nonempty and not value):
        raise RunFileError(f"expected \"{key}\" to be a {'non-empty ' if nonempty else ''}"
                           f"text, found {_kind(value)}", where=where)
    return value


def _text_list(record: dict[str, Any], key: str, where: str) -> list[str]:
    value = record.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RunFileError(f"expected \"{key}\" to be a list of texts, found "
                           f"{_kind(value)}", where=where)
    return value


def _profile(record: dict[str, Any], where: str) -> dict[str, Any]:
    """The declared profile of a run record: capabilities, shapes, variants, warnings."""
    variants = record.get("variants", {})
    if not isinstance(variants, dict) or not all(
            isinstance(v, list) and all(isinstance(x, str) for x in v) for v in variants.values()):
        raise RunFileError("expected \"variants\" to map each variant to a list of its values, "
                           f"found {_kind(variants)}", where=where)
    profile: dict[str, Any] = {key: _text_list(record, key, where)
                               for key in ("capabilities", "shapes", "warnings")}
    profile["variants"] = variants
    for key, value in record.items():  # later profile words, kept as they are
        if key not in ("record", "implementation", *profile):
            profile[key] = value
    return profile


def _check_scenario(record: dict[str, Any], where: str) -> None:
    _text(record, "id", where, required=True, nonempty=True)
    if record.get("status") not in STATUSES:
        raise RunFileError(f"expected a status among {', '.join(STATUSES)}, found "
                           f"{_kind(record.get('status'))}", where=where)
    for key in _TEXTS:
        _text(record, key, where)
    for key in _TEXT_LISTS:
        _text_list(record, key, where)
    for key in _COUNTS:
        value = record.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RunFileError(f"expected \"{key}\" to be a whole number, found "
                               f"{_kind(value)}", where=where)
    if not isinstance(record.get("context", {}), dict):
        raise RunFileError("expected \"context\" to be an object", where=where)
    differences = record.get("differences", [])
    if not isinstance(differences, list):
        raise RunFileError(f"expected \"differences\" to be a list, found "
                           f"{_kind(differences)}", where=where)
    for i, item in enumerate(differences):
        if not isinstance(item, dict) or not isinstance(item.get("path"), str):
            raise RunFileError(f"expected differences[{i}] to be an object with a \"path\" "
                               f"text, found {_kind(item)}", where=where)
        for key in ("how", "text", "answer"):
            if key in item and not isinstance(item[key], str):
                raise RunFileError(f"expected differences[{i}].{key} to be a text",
                                   where=where)
        if not isinstance(item.get("absent", False), bool):
            raise RunFileError(f"expected differences[{i}].absent to be true or false",
                               where=where)


def evidence(record: dict[str, Any], limit: int = TEXT_LIMIT) -> str:
    """A scenario record's failure in one visible, bounded line: the step and its request,
    then the message (``step 1 (beats: 2D on AS): beats: expected true, observed false``);
    the skip or expected-failure reason when that is all it has."""
    message = record.get("message") or record.get("reason") or ""
    where = ""
    if record.get("step"):
        where = f"step {record['step']}"
        if record.get("request"):
            where += f" ({record['request']})"
    text = f"{where}: {message}" if where and message else where or message
    return visible(text or record["status"], limit)


__all__ = ["BAD", "MAX_RECORD_CHARS", "MAX_REPORT_BYTES", "STATUSES", "RunFile",
           "RunFileError", "evidence", "read_records", "read_run"]
