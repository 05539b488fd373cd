"""The suite's own guard on pytest-xdist's groups (tests/xdist_groups.py): under ``--dist
loadgroup`` a test marked ``xdist_group`` that pytest-xdist did not name after its group
(pytest 9.2, pytest-dev/pytest-xdist#1386) fails at setup with the reason; and whatever
pytest-xdist does, a run in which one group's tests ran on two workers fails, naming the
group. Either way, tests that share what their group builds cannot run apart and pass by
chance."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest
import xdist_groups


class Item:
    """What the guard reads of a collected test: its marks, its node id, its stash, and
    the user properties its reports will carry."""

    def __init__(self, nodeid: str, *groups: str) -> None:
        self.nodeid = nodeid
        self.marks = [pytest.mark.xdist_group(g).mark for g in groups]
        self.stash = pytest.Stash()
        self.user_properties: list[tuple[str, object]] = []

    def iter_markers(self, name: str) -> Any:
        return iter(self.marks if name == "xdist_group" else [])


Check = Callable[..., list[str | None]]


@pytest.fixture
def checked() -> Check:
    """What the guard stashes on each item, on a worker with or without loadgroup."""

    def check(loadgroup: bool, *items: Item) -> list[str | None]:
        xdist_groups.check_groups(
            SimpleNamespace(option=SimpleNamespace(loadgroup=loadgroup)), list(items))
        return [item.stash.get(xdist_groups.UNGROUPED, None) for item in items]
    return check


def test_a_group_that_took_effect_and_an_ungrouped_test_pass(checked: Check) -> None:
    items = Item("t.py::a@book", "book"), Item("t.py::b"), Item("t.py::c@a_b", "b", "a")
    assert checked(True, *items) == [None, None, None]
    assert [i.user_properties for i in items] == [[("xdist_group", "book")], [],
                                                  [("xdist_group", "a_b")]]


def test_a_group_that_did_not_take_effect_fails_its_tests_saying_why(checked: Check) -> None:
    said = checked(True, Item("t.py::a", "book"), Item("t.py::b"), Item("t.py::c@x", "book"))
    assert said[1] is None and said[0] == said[2]
    assert said[0] is not None and "did not group the 2 tests" in said[0]
    assert "pytest-dev/pytest-xdist#1386" in said[0] and "pytest below 9.2" in said[0]


def test_a_later_xdist_is_not_held_to_the_renaming(checked: Check,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A pytest-xdist newer than the last known to rename may group otherwise: its tests
    are not failed for a missing ``@group``, and still say their group."""
    monkeypatch.setattr(xdist_groups, "RENAMING", (3, 7))
    item = Item("t.py::a", "book")
    assert checked(True, item) == [None]
    assert item.user_properties == [("xdist_group", "book")]


def test_without_loadgroup_nothing_is_checked(checked: Check) -> None:
    item = Item("t.py::a", "book")
    assert checked(False, item) == [None] and item.user_properties == []


def report(worker: str | None, *props: tuple[str, object]) -> Any:
    made = SimpleNamespace(user_properties=list(props))
    if worker is not None:
        made.node = SimpleNamespace(gateway=SimpleNamespace(id=worker))
    return made


class Session:
    """The session's exit status, and what the terminal summary shows."""

    def __init__(self) -> None:
        self.exitstatus: int = 0
        self.lines: list[str] = []

    def section(self, title: str, **_: Any) -> None:
        self.lines.append(f"== {title}")

    def line(self, text: str, **_: Any) -> None:
        self.lines.append(text)


@pytest.fixture
def watched() -> Iterator[tuple[Any, Session]]:
    yield xdist_groups.GroupsRanTogether(), Session()


def test_a_group_run_on_two_workers_fails_the_run_naming_it(
        watched: tuple[Any, Session]) -> None:
    together, session = watched
    for r in (report("gw0", ("xdist_group", "book")), report("gw1", ("xdist_group", "book")),
              report("gw0", ("xdist_group", "claims")), report("gw0", ("xdist_group", "claims")),
              report("gw1"), report(None, ("xdist_group", "web"))):
        together.pytest_runtest_logreport(r)
    together.pytest_sessionfinish(session)
    together.pytest_terminal_summary(session)
    assert together.split() == {"book": ["gw0", "gw1"]}
    assert session.exitstatus == pytest.ExitCode.TESTS_FAILED
    assert len(session.lines) == 2 and session.lines[0] == "== GROUPS SPLIT"
    assert "book on gw0, gw1" in session.lines[1] and "claims" not in session.lines[1]


def test_groups_that_each_ran_on_one_worker_leave_the_run_as_it_was(
        watched: tuple[Any, Session]) -> None:
    together, session = watched
    for r in (report("gw0", ("xdist_group", "book")), report("gw1", ("xdist_group", "web")),
              report("gw1", ("other", 1)), report("gw0")):
        together.pytest_runtest_logreport(r)
    together.pytest_sessionfinish(session)
    together.pytest_terminal_summary(session)
    assert together.split() == {} and session.exitstatus == 0 and session.lines == []


@pytest.mark.xdist_group("guard")
def test_this_run_is_grouped_when_it_runs_on_workers(request: pytest.FixtureRequest) -> None:
    """The run itself: on a pytest-xdist worker under ``--dist loadgroup`` (the README's
    command), this test of the ``guard`` group carries its group in its node id and its
    reports."""
    if getattr(request.config.option, "loadgroup", False):
        assert request.node.nodeid.endswith("@guard"), request.node.nodeid
        assert ("xdist_group", "guard") in request.node.user_properties
    else:
        assert "@" not in request.node.nodeid
