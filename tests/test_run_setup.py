"""How tests/conftest.py sets up a run of the suite: its compiled modules
(``_bytecode_of_the_run``) and its worker count (``pytest_xdist_auto_num_workers``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest


@pytest.fixture
def glue(pytestconfig: pytest.Config) -> ModuleType:
    """The suite's own conftest, as pytest loaded it (a module of that name may be another
    folder's conftest)."""
    path = str(Path(__file__).with_name("conftest.py"))
    return next(p for p in pytestconfig.pluginmanager.get_plugins()
                if getattr(p, "__file__", None) == path)


class Config:
    """What ``_bytecode_of_the_run`` uses of pytest's config: its clean-ups."""

    def __init__(self) -> None:
        self.cleanups: list[Any] = []

    def add_cleanup(self, func: Any) -> None:
        self.cleanups.append(func)


@pytest.mark.parametrize(("said", "prefix", "moved"), [
    ("1", None, True), (None, None, False), ("", None, False), ("1", "/mine", False)])
def test_a_run_told_not_to_write_bytecode_compiles_into_a_folder_of_its_own(
        glue: ModuleType, monkeypatch: pytest.MonkeyPatch, said: str | None,
        prefix: str | None, moved: bool) -> None:
    """PYTHONDONTWRITEBYTECODE set: the run, and what it starts, compile into one folder,
    removed at the end, and nothing beside the sources; unset, or with a prefix of the
    user's: nothing changes."""
    for name, value in (("PYTHONDONTWRITEBYTECODE", said), ("PYTHONPYCACHEPREFIX", prefix)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "pycache_prefix", prefix)
    monkeypatch.setattr(sys, "dont_write_bytecode", bool(said))
    config = Config()
    glue._bytecode_of_the_run(config)
    if not moved:
        assert (os.environ.get("PYTHONDONTWRITEBYTECODE"), os.environ.get("PYTHONPYCACHEPREFIX"),
                sys.pycache_prefix, config.cleanups) == (said, prefix, prefix, [])
        return
    folder = Path(os.environ["PYTHONPYCACHEPREFIX"])
    assert "PYTHONDONTWRITEBYTECODE" not in os.environ and not sys.dont_write_bytecode
    assert sys.pycache_prefix == str(folder) and folder.is_dir()
    [cleanup] = config.cleanups
    cleanup()
    assert not folder.exists()


def test_one_worker_more_than_the_cores_it_may_use(glue: ModuleType,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests that wait on another process leave a core idle: ``-n auto`` starts one
    worker more than there are cores to use."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3}, raising=False)
    assert glue.pytest_xdist_auto_num_workers(SimpleNamespace()) == 3
