"""The compiled suite cached by content hash (:mod:`fivetenk.model.suite_cache`): what is read
back is what compiling gives; a changed input is never served stale; a broken, hostile or
unwritable cache costs a compilation, never a wrong suite or an error."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fivetenk.model import suite_cache
from fivetenk.model.scenario import Scenario
from fivetenk.suite import catalog


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("FIVETENK_CACHE_DIR", str(folder))
    return folder


def compiled() -> list[Scenario]:
    return [s for p in catalog.shipped_files() for s in catalog.load_file(p, trusted=True)]


def every_field(s: Scenario) -> dict[str, object]:
    return dataclasses.asdict(s)  # compare=False fields (filled_in, origin) included


def test_the_suite_read_back_is_the_suite_compiled(cache: Path) -> None:
    """Field by field (what the kit filled in included; lists stay lists), for every
    shipped scenario."""
    files = catalog.shipped_files()
    fresh = compiled()
    assert suite_cache.load(files) is None
    suite_cache.save(files, fresh)
    back = suite_cache.load(files)
    assert back is not None and len(back) == len(fresh) > 800
    assert [every_field(s) for s in back] == [every_field(s) for s in fresh]
    assert list(back) == fresh


def test_a_changed_feature_is_never_served_from_the_cache(cache: Path, tmp_path: Path) -> None:
    files = catalog.shipped_files()
    suite_cache.save(files, compiled()[:3])
    copy = tmp_path / files[0].name
    copy.write_bytes(files[0].read_bytes() + b"\n# one more line\n")
    assert suite_cache.key([copy, *files[1:]]) != suite_cache.key(files)
    assert suite_cache.load([copy, *files[1:]]) is None


@pytest.mark.parametrize("content", [b"", b"{", b"[]", b'{"scenarios": [{"id": 1}]}',
                                     b'{"scenarios": 5}', b"\xff\xfe"])
def test_a_broken_cache_file_is_ignored(cache: Path, content: bytes) -> None:
    files = catalog.shipped_files()
    cache.mkdir()
    (cache / f"suite-{suite_cache.key(files)}.json").write_bytes(content)
    assert suite_cache.load(files) is None


def test_a_fifo_or_a_folder_in_place_of_the_file_is_ignored_without_blocking(
        cache: Path) -> None:
    files = catalog.shipped_files()
    cache.mkdir()
    target = cache / f"suite-{suite_cache.key(files)}.json"
    os.mkfifo(target)
    assert suite_cache.load(files) is None
    target.unlink()
    target.mkdir()
    assert suite_cache.load(files) is None


def test_an_unwritable_or_disabled_cache_is_no_error(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("FIVETENK_CACHE_DIR", str(blocker / "cache"))
    suite_cache.save(catalog.shipped_files(), compiled()[:2])  # cannot: says nothing
    assert suite_cache.load(catalog.shipped_files()) is None
    monkeypatch.setenv("FIVETENK_CACHE_DIR", "off")
    assert suite_cache.cache_dir() is None
    suite_cache.remember("spec-x")
    assert not suite_cache.remembered("spec-x")


@pytest.mark.slow
def test_check_uses_the_cache_and_gives_the_same_report(tmp_path: Path) -> None:
    """A run that compiles and writes the cache, then one that reads it: the same JSON
    lines byte for byte, and the second leaves the cache as it found it."""
    env = {**os.environ, "FIVETENK_CACHE_DIR": str(tmp_path / "c")}
    outputs = []
    for run in ("first", "second"):
        out = tmp_path / f"{run}.jsonl"
        done = subprocess.run([sys.executable, "-m", "fivetenk.cli", "check", "--quiet",
                               "--no-progress", "--rule", "R05", "--jsonl", str(out)],
                              env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        outputs.append(out.read_bytes())
        if run == "first":
            written = sorted(p.name for p in (tmp_path / "c").iterdir())
            assert any(n.startswith("suite-") for n in written), written
    assert outputs[0] == outputs[1]
    assert sorted(p.name for p in (tmp_path / "c").iterdir()) == written
