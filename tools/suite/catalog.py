"""Finding, loading and checking scenarios: the shipped suite and the user's own cases.

Sources are ``.feature`` files (compiled with :mod:`fivetenk.language.compiler`) and ``.json`` files
holding one scenario or a list of scenarios (``schemas/scenario.schema.json``). Loading
checks what a schema cannot: ids unique across everything loaded, clause and ruling ids
that exist in the spec, variant values the kit knows, and (for the user's cases) that a
setup can occur. Folders are walked by :func:`source_files`: every case file once, none
skipped in silence. Everything wrong is a :class:`CatalogError` (exit 2) naming the file
and the line or JSON path.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..model.paths import data_dir
from ..model.scenario import Scenario, ScenarioError
from ..model.spec_data import Spec, load_spec
from ..model.user_input import escape_controls, parse_json, read_text
from ..reference import CHOICES


class CatalogError(ScenarioError):
    """Bad input among the scenarios to run; the CLI prints it and exits with 2."""


def shipped_features_dir() -> Path:
    """The folder of the shipped ``.feature`` files (inside the installed package)."""
    return data_dir("features")


def display_path(path: Path) -> str:
    """A short, stable name for a file in reports: ``features/R05_bombs.feature`` for the
    shipped suite, the path as given otherwise (with bytes that are not UTF-8 and control
    characters escaped, so the name can always be printed on one line)."""
    shipped = shipped_features_dir()
    try:
        return "features/" + path.resolve().relative_to(shipped.resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):  # elsewhere, or a symbolic link loop
        return printable(str(path))


def printable(name: str) -> str:
    """A file name for a one-line message: bytes that are not UTF-8 and control characters
    escaped visibly."""
    with contextlib.suppress(UnicodeError):  # else not a file system name: escape it as is
        name = os.fsencode(name).decode("utf-8", "backslashreplace")
    return escape_controls(name)


SUFFIXES = (".feature", ".json")
"""What a folder of cases may hold; other files in it are ignored."""


def load_json_file(path: Path, where: str) -> list[Scenario]:
    """The scenarios of a JSON file: one scenario object or a list of them, each checked
    (:meth:`Scenario.from_json`); the text is read by the strict parser
    (:func:`~fivetenk.model.scenario.parse_json`)."""
    data = parse_json(read_text(path, where, CatalogError), where, CatalogError)
    items = data if isinstance(data, list) else [data]
    out = []
    for i, item in enumerate(items):
        at = f"{where} $[{i}]" if isinstance(data, list) else where
        scenario = Scenario.from_json(item, where=at)
        scenario.origin = at
        out.append(scenario)
    return out


def source_files(path: Path) -> list[Path]:
    """The ``.feature`` and ``.json`` files at ``path``: the file itself, or every such file
    under the folder, recursively, in name order (the same on every machine).

    A folder is walked as a folder whatever its name (a folder ``x.feature`` too), through
    symbolic links, each folder once (a link loop ends the walk there); a folder or a case
    file that cannot be read is an error, never skipped in silence. Each file is listed
    once, even when reached twice (by two links, or a hard link)."""
    info = _stat(path, str(path))
    if not stat.S_ISDIR(info.st_mode):
        return [path]
    found: list[Path] = []
    seen_dirs: set[tuple[int, int]] = set()
    seen_files: set[tuple[int, int]] = set()
    stack = [(path, info)]
    while stack:
        folder, folder_info = stack.pop()
        if (folder_info.st_dev, folder_info.st_ino) in seen_dirs:
            continue
        seen_dirs.add((folder_info.st_dev, folder_info.st_ino))
        try:
            with os.scandir(folder) as it:
                names = sorted(entry.name for entry in it)
        except OSError as err:
            raise CatalogError(f"cannot read this folder: {err.strerror or err}",
                               where=printable(str(folder))) from None
        subfolders = []
        for name in names:
            child = folder / name
            wanted = child.suffix in SUFFIXES
            try:
                child_info = os.stat(child)
            except OSError as err:
                if wanted:  # a case file that cannot be used: say so
                    raise CatalogError(f"cannot read: {err.strerror or err}",
                                       where=printable(str(child))) from None
                continue
            if stat.S_ISDIR(child_info.st_mode):
                subfolders.append((child, child_info))
            elif wanted and (child_info.st_dev, child_info.st_ino) not in seen_files:
                seen_files.add((child_info.st_dev, child_info.st_ino))
                found.append(child)
        stack.extend(reversed(subfolders))
    if not found:
        raise CatalogError("no .feature or .json files in this folder", where=printable(str(path)))
    return sorted(found, key=lambda p: p.parts)


def _stat(path: Path, where: str) -> os.stat_result:
    try:
        return os.stat(path)
    except FileNotFoundError:
        raise CatalogError("no such file or folder", where=printable(where)) from None
    except (OSError, ValueError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise CatalogError(f"cannot use: {reason}", where=printable(where)) from None


def file_key(path: Path) -> tuple[int, int] | None:
    """What identifies a file whatever the path to it (device, inode), if it exists."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def load_file(path: Path, *, trusted: bool = False) -> list[Scenario]:
    """Scenarios from one ``.feature`` or ``.json`` file. Unless ``trusted`` (the shipped
    suite, checked by the kit's tests), every scenario is also checked as a user's case: a
    compiled feature against the scenario schema, and any setup by starting it on the
    reference engine (:func:`check_setups`), so an impossible deal or position is bad
    input, exit 2, not an errored scenario later."""
    where = display_path(path)
    if path.suffix == ".feature":
        from ..language.compiler import compile_file  # the scenario language loads only when needed

        scenarios = compile_file(path, where, validate=not trusted)
    elif path.suffix == ".json":
        scenarios = load_json_file(path, where)
    else:
        raise CatalogError("expected a .feature or .json file, or a folder of them", where=where)
    if not trusted:
        if not scenarios:
            raise CatalogError("no scenarios in this file", where=where)
        check_setups(scenarios)
    return scenarios


def load_path(path: Path, *, seen: set[tuple[int, int]] | None = None) -> list[Scenario]:
    """Scenarios from a ``.feature`` or ``.json`` file, or every such file under a folder
    (:func:`source_files`). Files whose key is in ``seen`` are skipped (each file is
    loaded once); the keys of the files loaded are added to it."""
    seen = set() if seen is None else seen
    out: list[Scenario] = []
    for file in source_files(path):
        key = file_key(file)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        out.extend(load_file(file))
    return out


def check_setups(scenarios: Iterable[Scenario]) -> None:
    """Start each scenario's setup on the reference engine: a deal or position it rejects
    cannot occur under the rules, so the case is bad input (CatalogError at the scenario).
    A scenario that expects its setup to be refused (its only step is ``start``,
    :attr:`~fivetenk.model.scenario.Scenario.refused_start`) is not checked here: that refusal
    is what it tests, and its run judges it (the kit's own tests run every shipped one
    against the reference engine, which must refuse it as expected)."""
    # lazy: the engine's driver, for refused setups only
    from ..impl.drivers import ReferenceDriver

    driver = ReferenceDriver()
    try:
        for s in scenarios:
            if s.setup is None or s.refused_start is not None:
                continue
            answer = driver.start(s.variants, s.setup)
            if answer.get("accepted") is False:
                error = answer.get("error") or {}
                clause = error.get("clause") or answer.get("clause")
                cite = f" ({clause})" if clause else ""
                raise CatalogError(f"the setup cannot occur{cite}: "
                                   f"{error.get('message', 'rejected by the reference engine')}",
                                   where=s.loaded_at)
    finally:
        driver.close()


def validate(scenarios: Sequence[Scenario], spec: Spec | None = None) -> None:
    """Ids unique; clauses, rulings and variants known. CatalogError on the first problem."""
    spec = spec or load_spec()
    seen: dict[str, str] = {}
    for s in scenarios:
        if s.id in seen:
            raise CatalogError(f"duplicate scenario id {s.id!r} (also at {seen[s.id]})",
                               where=s.loaded_at)
        seen[s.id] = s.loaded_at
        for clause in s.clauses:
            if clause not in spec.clauses:
                raise CatalogError(f"unknown clause {clause!r} (see `fivetenk rules`)",
                                   where=s.loaded_at)
        for ruling in s.rulings:
            if ruling not in spec.rulings:
                raise CatalogError(f"unknown ruling {ruling!r}", where=s.loaded_at)
        for name, value in s.variants.items():
            if value not in CHOICES.get(name, ()):
                raise CatalogError(f"unknown variant {name}={value}", where=s.loaded_at)


@cache
def shipped() -> tuple[Scenario, ...]:
    """The shipped suite, compiled from the packaged feature files, in file order: read
    from the user's cache when nothing it depends on changed (:mod:`fivetenk.model.suite_cache`),
    else compiled, checked and cached."""
    # lazy: rules and diff start without the cache's hashing
    from ..model import suite_cache

    files = shipped_files()
    cached = suite_cache.load(files)
    if cached is not None:
        return cached
    scenarios = [s for p in files for s in load_file(p, trusted=True)]
    validate(scenarios)
    suite_cache.save(files, scenarios)
    return tuple(scenarios)


def shipped_files() -> list[Path]:
    """The shipped feature files, in name order."""
    return sorted(shipped_features_dir().glob("*.feature"))


def load(paths: Iterable[Path], *, with_shipped: bool) -> list[Scenario]:
    """The shipped suite (if asked) followed by the scenarios under ``paths``, validated.
    Each file is loaded once: a file named twice, reached through two folders or links,
    or (with the shipped suite) one of the shipped feature files, is not loaded again."""
    scenarios = list(shipped()) if with_shipped else []
    seen: set[tuple[int, int]] = set()
    if with_shipped:
        seen.update(k for k in map(file_key, shipped_files()) if k is not None)
    for path in paths:
        scenarios.extend(load_path(path, seen=seen))
    validate(scenarios)
    return scenarios


def clause_index(scenarios: Iterable[Scenario]) -> dict[str, list[str]]:
    """Clause id -> ids of the scenarios that exercise it."""
    index: dict[str, list[str]] = {}
    for s in scenarios:
        for clause in s.clauses:
            index.setdefault(clause, []).append(s.id)
    return index


@dataclass(frozen=True)
class Selection:
    """Which scenarios to run: by rule (R05), clause (R05.2), tag, scenario id or shape
    used (``straight``: :func:`fivetenk.suite.shapes.scenario_shapes`, computed by the kit);
    each kind of criterion selects the scenarios matching any of its values, and every
    kind given must match; empty criteria select everything."""

    rules: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    shapes: tuple[str, ...] = ()

    def __call__(self, s: Scenario) -> bool:
        if self.rules and s.rule not in self.rules:
            return False
        if self.clauses and not set(self.clauses) & set(s.clauses):
            return False
        if self.tags and not set(self.tags) & {*s.tags, *self._marks(s)}:
            return False
        if self.ids and not any(s.id == i or s.id.startswith(i + ".") for i in self.ids):
            return False
        if self.shapes:  # last: the only criterion that costs a computation
            # lazy: shapes are computed for --shapes only
            from .shapes import uses_any

            return uses_any(s, self.shapes)
        return True

    @staticmethod
    def _marks(s: Scenario) -> tuple[str, ...]:
        """Marks written as tags but kept in fields of their own: ``@any-clause`` (the
        scenario's rejections are judged alone) is the field ``rejections``, so that
        ``--tag any-clause`` selects what the tag marked."""
        return ("any-clause",) if s.rejections == "any-clause" else ()


def pending_rules(scenarios: Iterable[Scenario], spec: Spec | None = None) -> list[str]:
    """Rules of the spec that no loaded scenario exercises yet."""
    spec = spec or load_spec()
    covered = {s.rule for s in scenarios}
    return [r for r in spec.rules if r not in covered]


def uncovered_clauses(scenarios: Iterable[Scenario], spec: Spec | None = None) -> list[str]:
    """Clauses of rules that have scenarios, but that no scenario exercises."""
    spec = spec or load_spec()
    scenarios = list(scenarios)
    index = clause_index(scenarios)
    started = {s.rule for s in scenarios}
    return [c for c, clause in spec.clauses.items()
            if clause.rule in started and c not in index]


def source_blocks(scenarios: Iterable[Scenario]) -> list[str]:
    """The Gherkin text of each scenario as written in its shipped feature file (an outline
    once for all its rows), headed by its file and line."""
    folder = shipped_features_dir()
    blocks: list[str] = []
    seen: set[tuple[str, int]] = set()
    for s in scenarios:
        name = str(s.source.get("file", ""))
        path = folder / name.removeprefix("features/")
        if not name.startswith("features/") or not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        start = int(s.source.get("line", 1)) - 1
        while start > 0 and not lines[start].lstrip().startswith(("Scenario", "Example:")):
            start -= 1  # an outline row: back to its Scenario Outline line
        if (name, start) in seen:
            continue
        seen.add((name, start))
        top = start
        while top > 0 and lines[top - 1].lstrip().startswith(("@", "#")):
            top -= 1
        end = start + 1
        while end < len(lines) and not lines[end].lstrip().startswith(
                ("Scenario", "Rule:", "Example:")):
            end += 1
        while end > start + 1 and (not lines[end - 1].strip()
                                   or lines[end - 1].lstrip().startswith(("@", "#"))):
            end -= 1  # the next scenario's tags and comments
        body = "\n".join(lines[top:end]).rstrip()
        blocks.append(f"# {name}:{top + 1}\n{body}")
    return blocks


__all__ = ["CatalogError", "Selection", "load", "load_path", "shipped", "validate"]
