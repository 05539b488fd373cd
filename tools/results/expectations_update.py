"""``fivetenk expectations RUN.jsonl --update FILE``: merge a run into an existing
expectations file (issue 28), keeping what a person wrote.

What is kept, what changes:

- an entry that pins ``ids`` (what ``fivetenk expectations`` writes) is the kit's to
  maintain: an id whose scenario passes now, or fails another way than the entry pins
  (``path``, ``observed``), is unpinned; a failure of the run that the entry selects and
  explains, and that no entry mutes yet, is pinned to it; an entry left with no id is
  removed. An id whose scenario is not in the run (left out by the selection), errored
  or was skipped is kept: the run says nothing about it;
- every other entry (written by hand: no ``ids``) is kept as written, and reported when
  it went stale (it mutes no failure of the run, or names a scenario that passes now);
- a failure no entry mutes gets a new entry, grouped as ``--by`` says (as a new file's
  entries are), and an errored scenario no entry skips a ``skip`` entry by its id.

**How a YAML file keeps its comments** without a round-trip YAML library (ruamel is not
a dependency of the kit): the file is never re-dumped. Each change is an edit of the
text at the span PyYAML's composer reports for the node it concerns: an ``ids`` list is
rewritten in place, in the style it had (``[a, b]`` or one ``- a`` line per id, at the
same indentation); a removed entry takes its own lines with it (only an entry that
starts a line of a block collection: one inside a flow collection is reported and
left); new entries are appended after the section's last entry, at its indentation, in
its form (long or short). Every line not edited is kept byte for byte, comments, blank
lines, quoting and key order included. The edited text is then read back and must give
exactly the data the edits meant, else nothing is written (an internal error, exit 2).
A JSON file has no comments: it is rewritten whole (entries, keys and order kept).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from ..model.bounded import NAME_LIMIT, quoted, visible
from ..model.user_input import UsageError, parse_json, read_text
from .expectations import (
    IDS,
    SECTIONS,
    Entry,
    Expectations,
    ExpectationsError,
    Facts,
    json_lines,
    parse,
    yaml_with_lines,
)
from .expectations_text import strict_loader
from .runfile import RunFile

FAILING = ("failed", "xfailed")


@dataclass
class _Record:
    """A run's record standing in for a result (:meth:`Entry.explains` reads its
    ``differences``)."""

    differences: list[Any]


@dataclass
class Plan:
    """What ``--update`` does to a file: the edits, and the lines that report them."""

    ids: dict[tuple[str, Any], list[str]] = field(default_factory=dict)
    """(section, position) -> the entry's new ``ids`` (position: list index or key)."""
    remove: list[tuple[str, Any]] = field(default_factory=list)
    add: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    said: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(
        ("pinned", "unpinned", "removed", "added", "stale", "kept"), 0))

    @property
    def changes(self) -> bool:
        return bool(self.ids or self.remove or any(self.add.values()))


def _positions(data: Any) -> dict[str, list[Any]]:
    """Each section's entry positions, in file order (list indices or short-form keys),
    as :func:`fivetenk.results.expectations.parse` numbers the entries."""
    found: dict[str, list[Any]] = {}
    for section in SECTIONS:
        body = data.get(section) if isinstance(data, dict) else None
        found[section] = list(range(len(body))) if isinstance(body, list) else \
            list(body) if isinstance(body, dict) else []
    return found


def plan(current: Expectations, data: Any, run: RunFile,
         new_entries: Callable[[RunFile, list[str]], tuple[list[dict[str, Any]],
                                                           list[dict[str, Any]]]]) -> Plan:
    """The edits merging ``run`` into the file (see the module's docstring).
    ``new_entries(run, ids)`` writes the entries for the failures and errors ``ids`` that no
    entry covers, as a new file would have them."""
    done = Plan()
    where = {e.index: pos for e, pos in zip((*current.skip, *current.xfail),
                                            [*_positions(data)["skip"],
                                             *_positions(data)["xfail"]], strict=True)}
    records = run.scenarios
    facts = {ident: Facts.of(record) for ident, record in records.items()}

    def explains(entry: Entry, ident: str) -> bool:
        record = records[ident]
        return entry.selects_broadly(facts[ident]) and entry.explains(
            _Record(record.get("differences", [])))  # type: ignore[arg-type]

    kept: dict[int, list[str]] = {}
    for entry in current.xfail:
        if entry.ids is None:
            continue
        keep = []
        for ident in entry.ids:
            record = records.get(ident)
            status = record["status"] if record else "absent"
            if status in FAILING and not explains(entry, ident):
                done.said.append(f"  - {_id(ident)} unpinned from xfail {_entry(entry)}: it "
                                 "fails another way now")
            elif status in ("passed", "xpassed"):
                done.said.append(f"  - {_id(ident)} unpinned from xfail {_entry(entry)}: it "
                                 "passes now")
            else:
                keep.append(ident)
                continue
            done.counts["unpinned"] += 1
        kept[entry.index] = keep
    pinned = Expectations(skip=current.skip, xfail=tuple(
        replace(e, ids=tuple(kept[e.index])) if kept.get(e.index) else e
        for e in current.xfail if e.index not in kept or kept[e.index]), where=current.where)
    added: dict[int, list[str]] = {}
    uncovered: list[str] = []
    muted: dict[int, int] = {}
    for ident, record in records.items():
        status = record["status"]
        if status == "errored":
            if not any(e.selects(facts[ident]) for e in current.skip):
                uncovered.append(ident)
            continue
        if status not in FAILING:
            continue
        known = next((e for e in pinned.selecting("xfail", facts[ident])
                      if explains(e, ident)), None)
        if known is not None:
            muted[known.index] = muted.get(known.index, 0) + 1
            continue
        broad = next((e for e in pinned.selecting("xfail", facts[ident], broadly=True)
                      if e.ids is not None and explains(e, ident)), None)
        if broad is not None:
            added.setdefault(broad.index, []).append(ident)
            muted[broad.index] = muted.get(broad.index, 0) + 1
            done.said.append(f"  + {_id(ident)} pinned to xfail {_entry(broad)}")
            done.counts["pinned"] += 1
            continue
        uncovered.append(ident)
    for entry in current.xfail:
        if entry.ids is None:
            _stale(done, entry, muted.get(entry.index, 0), records, facts)
            continue
        ids = kept[entry.index] + added.get(entry.index, [])
        if not ids:
            done.remove.append(("xfail", where[entry.index]))
            done.said.append(f"  - xfail {_entry(entry)} removed: no scenario it pinned "
                             "fails that way any more")
            done.counts["removed"] += 1
        elif list(entry.ids) != ids:
            done.ids[("xfail", where[entry.index])] = ids
    done.counts["kept"] += len(current.skip)
    skip, xfail = new_entries(run, uncovered)
    done.add = {"skip": skip, "xfail": xfail}
    for section, entries in done.add.items():
        for item in entries:
            done.counts["added"] += 1
            done.said.append(f"  + {section} {_describe_new(item)}: new")
    return done


def _stale(done: Plan, entry: Entry, muted: int, records: dict[str, dict[str, Any]],
           facts: dict[str, Facts]) -> None:
    """Report a hand-written ``xfail`` entry that mutes no failure of the run (and selects
    a scenario that ran), or names a scenario that passes now; it is kept as written."""
    done.counts["kept"] += 1
    ran = [i for i in records if records[i]["status"] not in ("skipped",)
           and entry.selects(facts[i])]
    passing = [i for i in ran if records[i]["status"] in ("passed", "xpassed")
               and entry.names(facts[i])]
    if passing:
        why = f"{_id(passing[0])} passes now"
    elif ran and not muted and not any(records[i]["status"] == "errored" for i in ran):
        why = "it mutes no failure of this run"
    else:
        return
    done.counts["stale"] += 1
    done.said.append(f"  STALE xfail {_entry(entry)}: {why}; written by hand (no ids), so "
                     "kept as it is: remove or edit it yourself")


def _id(ident: str) -> str:
    return visible(ident, NAME_LIMIT)


def _entry(entry: Entry) -> str:
    return f"{visible(entry.label, NAME_LIMIT)} ({visible(entry.where, NAME_LIMIT)})"


def _describe_new(item: dict[str, Any]) -> str:
    """``rule R05 at count = 0 (2 scenarios)``, ``R05-046 at count``, ``R05-001``."""
    selector = ", ".join(f"{k} {item[k]}" for k in ("rule", "uses", "tag") if k in item)
    ids = item.get(IDS, [item.get("id", "?")])
    if "path" in item:
        selector += f" at {item['path']}" + (f" = {json.dumps(item['observed'])}"
                                             if "observed" in item else "")
    if not selector.startswith(("rule", "uses", "tag")):
        return visible(f"{ids[0]}{selector}", NAME_LIMIT)
    count = f"{len(ids)} scenario{'s' if len(ids) != 1 else ''}"
    return visible(f"{selector} ({count})", NAME_LIMIT)


# --------------------------------------------------------------------------- applying


def apply_data(data: Any, edits: Plan) -> dict[str, Any]:
    """The file's data with the edits made (what the edited text must read back as)."""
    new: dict[str, Any] = copy.deepcopy(data) if isinstance(data, dict) else {}
    for (section, pos), ids in edits.ids.items():
        new[section][pos][IDS] = list(ids)
    for section, pos in sorted(edits.remove, reverse=True,  # the last index first
                               key=lambda x: (x[0], x[1] if isinstance(x[1], int) else 0)):
        del new[section][pos]
    for section in SECTIONS:
        body = new.get(section)
        items = edits.add.get(section, [])
        if not items:
            continue
        if isinstance(body, dict) and body:
            for item in items:
                key, value = _short(item)
                if key in body:
                    raise UsageError(
                        f"'{section}' is written in the short form (KEY: reason) and a new "
                        f"entry's key {quoted(key, NAME_LIMIT)} is taken: write the "
                        "section as a list (- {…}) to let --update add entries")
                body[key] = value
        elif isinstance(body, list) and body:
            body.extend(items)
        else:
            new[section] = list(items)
    return new


def _short(item: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """An entry in the short form: its one selector as the key (``R05``, a shape word,
    ``@D38``, an id), the rest as the value."""
    for kind in ("rule", "uses", "tag", "id"):
        if kind in item:
            key = f"@{item[kind]}" if kind == "tag" else item[kind]
            return key, {k: v for k, v in item.items() if k != kind}
    return item[IDS][0], dict(item)


_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*")


def _scalar(text: str) -> str:
    """An id as a YAML flow scalar: plain when it reads back as that text, else quoted
    as JSON (which YAML reads as a double-quoted scalar)."""

    if _PLAIN.fullmatch(text):
        try:
            if yaml.safe_load(text) == text:
                return text
        except yaml.YAMLError:
            pass
    return json.dumps(text, ensure_ascii=True)


def _flow(value: Any) -> str:
    """One value as YAML in flow style, on one line (ASCII, escapes for the rest)."""

    text: str = yaml.safe_dump(value, sort_keys=False, default_flow_style=True,
                               width=2**20, allow_unicode=False)
    return text.strip().removesuffix("\n...").strip()


def entry_lines(items: list[dict[str, Any]], *, short: bool = False) -> str:
    """Entries as YAML lines, one entry a line: ``- {rule: R05, …}`` (the long form), or
    ``R05: {…}`` (the short form)."""
    if short:
        return "".join(f"{_flow(key)}: {_flow(value)}\n"
                       for key, value in map(_short, items))
    return "".join(f"- {_flow(item)}\n" for item in items)


def apply_yaml(text: str, data: Any, edits: Plan, where: str) -> str:
    """The YAML text with the edits made in place (see the module's docstring); a change
    the text's layout does not allow (an entry inside a flow collection) raises
    :class:`~fivetenk.model.user_input.UsageError` naming it."""

    loader = strict_loader()(text)
    try:
        root = loader.get_single_node()
    finally:
        loader.dispose()
    sections: dict[str, tuple[Any, Any]] = {}
    if isinstance(root, yaml.MappingNode) and root.flow_style:
        raise UsageError(f"{where}:{root.start_mark.line + 1}: the file is one flow mapping "
                         "({…}): write it in block style, one section a line, to let --update "
                         "edit it")
    if isinstance(root, yaml.MappingNode):
        for key, body in root.value:
            sections[key.value] = (key, body)
    patches: list[tuple[int, int, str]] = []  # (start, end, new text)

    def entry_node(section: str, pos: Any) -> tuple[Any, Any]:
        """(node starting the entry's lines, the entry's mapping node)."""
        body = sections[section][1]
        if isinstance(body, yaml.SequenceNode):
            item = body.value[pos]
            return item, item
        for key, value in body.value:
            if key.value == pos:
                return key, value
        raise KeyError(pos)

    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    for (section, pos), ids in edits.ids.items():
        _, mapping = entry_node(section, pos)
        node = next(v for k, v in mapping.value if k.value == IDS)
        if node.flow_style or not node.value:
            patches.append((node.start_mark.index, node.end_mark.index,
                            "[" + ", ".join(_scalar(i) for i in ids) + "]"))
        else:
            column = node.start_mark.column
            patches.append((node.start_mark.index, node.value[-1].end_mark.index,
                            ("\n" + " " * column).join(f"- {_scalar(i)}" for i in ids)))
    for section, pos in edits.remove:
        first, mapping = entry_node(section, pos)
        body = sections[section][1]
        line = first.start_mark.line
        head = lines[line][:first.start_mark.column]
        if body.flow_style or head.strip() not in ("", "-"):
            raise UsageError(f"{where}:{line + 1}: the entry to remove shares its line with "
                             "others (a flow collection): remove it by hand, or write the "
                             "section one entry a line")
        last = text.count("\n", 0, _content_end(mapping))
        patches.append((starts[line], starts[last + 1], ""))
    for section in SECTIONS:
        items = edits.add.get(section, [])
        if not items:
            continue
        if section not in sections:
            block = f"{section}:\n" + entry_lines(items)
            prefix = "" if not text or text.endswith("\n") else "\n"
            patches.append((len(text), len(text), prefix + block))
            continue
        key, body = sections[section]
        if not body.value or (isinstance(body, yaml.ScalarNode)):
            block = entry_lines(items).rstrip("\n")
            patches.append((body.start_mark.index, body.end_mark.index, "\n" + block))
            continue
        if body.flow_style:
            raise UsageError(f"{where}:{key.start_mark.line + 1}: '{section}' is one flow "
                             "collection ([…] or {…}): write it one entry a line to let "
                             "--update add entries")
        if isinstance(body, yaml.SequenceNode):
            first = body.value[0]
            block = entry_lines(items)
            last_node = body.value[-1]
        else:
            first = body.value[0][0]
            block = entry_lines(items, short=True)
            last_node = body.value[-1][1]
        indent = re.match(r"[ ]*", lines[first.start_mark.line]).group(0)  # type: ignore[union-attr]
        last = text.count("\n", 0, _content_end(last_node))
        at = starts[last + 1] if last + 1 < len(starts) else len(text)
        block = "".join(indent + line for line in block.splitlines(keepends=True))
        prefix = "" if at == 0 or text[at - 1] == "\n" else "\n"
        patches.append((at, at, prefix + block))
    order = sorted(range(len(patches)), key=lambda i: (patches[i][0], patches[i][1], i),
                   reverse=True)  # from the end; two insertions at one place keep their order
    for i in order:
        start, end, new = patches[i]
        text = text[:start] + new + text[end:]
    return text


def _content_end(node: Any) -> int:
    """Where a node's own text ends: after a scalar or a flow collection's closing
    bracket; for a block collection, where its last item ends (PyYAML ends a block
    collection where the next token begins, past any comment lines between)."""

    while isinstance(node, yaml.CollectionNode) and not node.flow_style and node.value:
        last = node.value[-1]
        node = last[1] if isinstance(node, yaml.MappingNode) else last
    return int(node.end_mark.index)


def update(path: Path, run: RunFile, new_entries: Callable[..., Any]) -> tuple[str, Plan,
                                                                               str]:
    """Read the file at ``path`` and merge ``run`` into it: ``(new text, plan, old
    text)``. Bad input (the file is no expectations file) is
    :class:`~fivetenk.results.expectations.ExpectationsError`."""
    where = visible(str(path), NAME_LIMIT)
    text = read_text(path, where, ExpectationsError)
    as_json = path.suffix.lower() == ".json"
    if as_json:
        data = parse_json(text, where, ExpectationsError)
        lines = json_lines(text)
    else:
        data, lines = yaml_with_lines(text, where)
    current = parse(data, where=where, lines=lines)
    edits = plan(current, data, run, new_entries)
    if not edits.changes:
        return text, edits, text
    try:
        wanted = apply_data(data, edits)
    except UsageError as err:
        raise UsageError(f"{where}: {err}") from None
    if as_json:
        new = json.dumps(wanted, indent=1, ensure_ascii=True, allow_nan=False) + "\n"
    else:
        new = apply_yaml(text, data, edits, where)
    try:  # the edited text must read back as exactly what the edits meant
        got = json.loads(new) if as_json else yaml_with_lines(new, where)[0]
        same = _plain(got) == _plain(wanted)
        parse(got, where=where)
    except (ExpectationsError, ValueError):
        same = False
    if not same:  # an anchor, an alias or a layout the edits did not foresee
        raise UsageError(f"{where}: the edits could not be made in place (anchors and "
                         "aliases, or an unusual layout?): nothing was written; write the "
                         "file one entry a line, or edit it by hand")
    if text.startswith("\ufeff") or _has_bom(path):  # kept, as every byte not edited
        new, text = "\ufeff" + new.removeprefix("\ufeff"), "\ufeff" + text.removeprefix("\ufeff")
    return new, edits, text


def _has_bom(path: Path) -> bool:
    """Whether the file begins with a UTF-8 byte order mark (the text read has lost it)."""
    try:
        with open(path, "rb") as f:
            return f.read(3) == b"\xef\xbb\xbf"
    except OSError:
        return False


def _plain(value: Any) -> str:
    return json.dumps(value, sort_keys=False, default=repr)


__all__ = ["Plan", "apply_data", "apply_yaml", "entry_lines", "plan", "update"]

