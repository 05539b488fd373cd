"""The compiled shipped suite, cached in the user's cache folder, so a run compiles the 24
feature files only when something they depend on changed.

Compiling the suite (parsing the Gherkin, building every position and deal with the
engine, checking them) costs about a second of CPU, most of a one-scenario ``fivetenk
check``. The compiled scenarios are kept as JSON (never pickle: a file read back is data,
not code) in ``$FIVETENK_CACHE_DIR``, else ``$XDG_CACHE_HOME/fivetenk``, else
``~/.cache/fivetenk``; ``FIVETENK_CACHE_DIR=off`` turns the cache off.

**When it is used.** The file's name is the SHA-256 of everything compiling depends on:
the kit's version and Python's, every source file of the kit (its engine and scenario
language included), the spec, the schemas and the feature files themselves. Change any of
them and the name changes, so a stale entry is never read; it is simply not found.

**Verdicts.** :func:`remember` records that a check passed for input of a given content
hash (the spec against its schemas: 0.24 s per run otherwise); :func:`remembered` asks.

**Hostile or broken files.** A cache file is read only if it is a regular file of at most
:data:`MAX_BYTES`; whatever is wrong with it (truncated, not JSON, another shape, a field
the scenario does not have) is ignored and the suite compiled again, then written afresh
(to a temporary file renamed into place: a reader never sees half a file). A folder that
cannot be created or written is no error: the run compiles, as without a cache.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .. import __version__, reference
from .paths import data_dir
from .scenario import Scenario

MAX_BYTES = 64 << 20
"""The largest cache file read (the suite's is about 3 MB)."""
FORMAT = 1
"""The layout of a cache file; part of the key."""
OFF = ("off", "0", "no", "false")


def cache_dir() -> Path | None:
    """Where the cache lives, or None when it is turned off."""
    chosen = os.environ.get("FIVETENK_CACHE_DIR", "")
    if chosen.strip().lower() in OFF:
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "fivetenk"


def _sources() -> list[Path]:
    """Every file compiling the suite may depend on (the features excepted)."""
    kit = Path(__file__).resolve().parents[1]  # the whole package fivetenk (tools/)

    roots = [kit, Path(reference.__file__).resolve().parent]
    files: set[Path] = set()
    for root in roots:
        files.update(root.rglob("*.py"))
    for name in ("spec", "schemas"):
        files.update(p for p in data_dir(name).rglob("*") if p.is_file())
    return sorted(files)


def key(features: Sequence[Path]) -> str:
    """The SHA-256 of everything the compiled suite depends on (see the module's doc)."""
    digest = hashlib.sha256()
    digest.update(f"{FORMAT}\0{__version__}\0{sys.version}\0".encode())
    for path in [*_sources(), *features]:
        digest.update(path.name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _fields() -> dict[str, dataclasses.Field[Any]]:
    return {f.name: f for f in dataclasses.fields(Scenario)}


def load(features: Sequence[Path]) -> tuple[Scenario, ...] | None:
    """The cached compilation of ``features``, or None (not cached, off, or unreadable)."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        path = folder / f"suite-{key(features)}.json"
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            return None
        with os.fdopen(fd, "rb", closefd=False) as stream:
            data = json.loads(stream.read(MAX_BYTES + 1))
        return tuple(_scenario(item) for item in data["scenarios"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    finally:
        os.close(fd)


def _scenario(item: Any) -> Scenario:
    fields = _fields()
    if not isinstance(item, dict) or set(item) != set(fields):
        raise ValueError("not a cached scenario")
    return Scenario(**item)


def save(features: Sequence[Path], scenarios: Iterable[Scenario]) -> None:
    """Write the compilation of ``features`` to the cache (silently not, if it cannot)."""
    folder = cache_dir()
    if folder is None:
        return
    with contextlib.suppress(OSError):
        name = f"suite-{key(features)}.json"
        folder.mkdir(parents=True, exist_ok=True)
        data = {"format": FORMAT, "kit": __version__,
                "scenarios": [dataclasses.asdict(s) for s in scenarios]}
        fd, temp = tempfile.mkstemp(prefix=".suite-", suffix=".json", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, ensure_ascii=True, separators=(",", ":"))
            os.replace(temp, folder / name)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        entries = sorted(folder.glob("suite-*.json"), key=_mtime, reverse=True)
        for old in entries[KEEP:]:  # other checkouts or versions: keep a few, newest first
            with contextlib.suppress(OSError):
                old.unlink()


KEEP = 4
"""How many compiled suites (of other versions or checkouts) the cache keeps."""


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def remembered(name: str) -> bool:
    """Whether the verdict ``name`` (a content hash with a prefix, e.g. ``spec-<sha256>``) was
    recorded by :func:`remember`: a check whose input has that hash passed before."""
    folder = cache_dir()
    if folder is None:
        return False
    try:
        return stat.S_ISREG((folder / f"{name}.ok").lstat().st_mode)
    except OSError:
        return False


def remember(name: str) -> None:
    """Record that the check named by the content hash ``name`` passed (silently not, if
    the cache cannot be written)."""
    folder = cache_dir()
    if folder is None:
        return
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.ok").touch()
