"""The suite's own guard on pytest-xdist's groups (tests/conftest.py, ``check_groups``):
under ``--dist loadgroup`` a test marked ``xdist_group`` that pytest-xdist did not name
after its group (pytest 9.2, pytest-dev/pytest-xdist#1386) fails at setup with the reason,
instead of running apart from its group and passing or failing by chance."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest


class Item:
    """What the guard reads of a collected test: its marks, its node id and its stash."""

    def __init__(self, nodeid: str, *groups: str) -> None:
        self.nodeid = nodeid
        self.marks = [pytest.mark.xdist_group(g).mark for g in groups]
        self.stash = pytest.Stash()

    def iter_markers(self, name: str) -> Any:
        return iter(self.marks if name == "xdist_group" else [])


Check = Callable[..., list[str | None]]


@pytest.fixture
def checked(pytestconfig: pytest.Config) -> Check:
    """What tests/conftest.py's guard stashes on each item (the suite's own conftest, as
    pytest loaded it: a module of that name may be another folder's conftest)."""
    path = str(Path(__file__).with_name("conftest.py"))
    glue = next(p for p in pytestconfig.pluginmanager.get_plugins()
                if getattr(p, "__file__", None) == path)

    def check(loadgroup: bool, *items: Item) -> list[str | None]:
        glue.check_groups(SimpleNamespace(option=SimpleNamespace(loadgroup=loadgroup)),
                          list(items))
        return [item.stash.get(glue.UNGROUPED, None) for item in items]
    return check


def test_a_group_that_took_effect_and_an_ungrouped_test_pass(checked: Check) -> None:
    assert checked(True, Item("t.py::a@book", "book"), Item("t.py::b"),
                   Item("t.py::c@a_b", "b", "a")) == [None, None, None]


def test_a_group_that_did_not_take_effect_fails_its_tests_saying_why(checked: Check) -> None:
    said = checked(True, Item("t.py::a", "book"), Item("t.py::b"), Item("t.py::c@x", "book"))
    assert said[1] is None and said[0] == said[2]
    assert said[0] is not None and "did not group the 2 tests" in said[0]
    assert "pytest-dev/pytest-xdist#1386" in said[0] and "pytest below 9.2" in said[0]


def test_without_loadgroup_nothing_is_checked(checked: Check) -> None:
    assert checked(False, Item("t.py::a", "book")) == [None]


@pytest.mark.xdist_group("guard")
def test_this_run_is_grouped_when_it_runs_on_workers(request: pytest.FixtureRequest) -> None:
    """The run itself: on a pytest-xdist worker under ``--dist loadgroup`` (the README's
    command), this test of the ``guard`` group carries its group in its node id."""
    if getattr(request.config.option, "loadgroup", False):
        assert request.node.nodeid.endswith("@guard"), request.node.nodeid
    else:
        assert "@" not in request.node.nodeid
