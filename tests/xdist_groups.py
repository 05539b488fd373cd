"""The suite's guard on pytest-xdist's groups (issue 29). Under ``--dist loadgroup`` the
tests of one ``xdist_group`` share what their group builds (a book, the mutants, one web
table whose tests run in order), so they must run on one worker. With pytest 9.2,
pytest-xdist 3.8 silently stops grouping (pytest-dev/pytest-xdist#1386): the groups are
spread over the workers, and such tests run apart, or out of order, and pass or fail by
chance. The README's install holds pytest below 9.2 for that (pyproject.toml's ``test``
extra); this says so if another install does not:

- on a worker, :func:`pytest_collection_modifyitems` (:func:`check_groups`);
- on the controller, :class:`GroupsRanTogether`, registered by :func:`pytest_configure`.

Loaded by ``tests/conftest.py``, as :mod:`outer_bound` is; tested in
tests/test_xdist_groups.py."""

from __future__ import annotations

import re
from typing import Any

import pytest

UNGROUPED = pytest.StashKey[str]()
GROUP = "xdist_group"
"""The user property a grouped test's reports carry its group in, to the controller."""
RENAMING = (3, 8)
"""The newest pytest-xdist known to group by renaming (``test@group``); a later one may
group otherwise (its open pull request #1119 does), so only the check of what ran where
(:class:`GroupsRanTogether`) holds it to its groups."""


def check_groups(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist loadgroup``, on a worker: each test marked ``xdist_group`` says its
    group in its reports (a user property, which the controller's
    :class:`GroupsRanTogether` reads), and, for a pytest-xdist that groups by renaming
    (``test@group``, up to :data:`RENAMING`), each one that was not renamed fails at setup
    with the reason. With pytest 9.2 the renaming silently does nothing
    (pytest-dev/pytest-xdist#1386): the groups are spread over the workers, and the tests
    that share one table or one build run apart, or out of order, and pass or fail by
    chance. The README's install holds pytest below 9.2 for that (pyproject.toml's ``test``
    extra); this says so if another install does not. (The message is stashed on the test:
    an error raised here, on a worker, would reach the console as pytest-xdist's internal
    error, without its message.)"""
    if not getattr(config.option, "loadgroup", False):  # set on each worker by xdist
        return
    from xdist import __version__ as xdist_version

    release = re.match(r"(\d+)\.(\d+)", xdist_version)
    renames = release is not None and (int(release[1]), int(release[2])) <= RENAMING
    lost = []
    for item in items:
        names = {str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                 for mark in item.iter_markers("xdist_group")}
        if names:
            group = "_".join(sorted(names))
            item.user_properties.append((GROUP, group))
            if renames and not item.nodeid.endswith("@" + group):
                lost.append(item)
    for item in lost:
        item.stash[UNGROUPED] = (
            f"--dist loadgroup did not group the {len(lost)} tests marked xdist_group: this "
            f"pytest ({pytest.__version__}) and pytest-xdist ({xdist_version}) do not work "
            f"together (pytest-dev/pytest-xdist#1386). Install the tests' own requirements, "
            f"pip install '.[test]' (pytest below 9.2), or run them with -n 0")


def pytest_runtest_setup(item: pytest.Item) -> None:
    message = item.stash.get(UNGROUPED, None)
    if message is not None:
        pytest.fail(message, pytrace=False)


class GroupsRanTogether:
    """On the controller: which workers ran each group's tests (from the reports' user
    property); a run in which a group ran on more than one worker fails, naming the groups,
    whatever the tests said: they shared what their group builds, and it was not shared."""

    def __init__(self) -> None:
        self.workers: dict[str, set[str]] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        node = getattr(report, "node", None)  # set by pytest-xdist on the controller
        if node is None:
            return
        for key, value in report.user_properties:
            if key == GROUP:
                self.workers.setdefault(str(value), set()).add(str(node.gateway.id))

    def split(self) -> dict[str, list[str]]:
        return {group: sorted(workers) for group, workers in sorted(self.workers.items())
                if len(workers) > 1}

    def said(self) -> str | None:
        split = self.split()
        if not split:
            return None
        where = "; ".join(f"{group} on {', '.join(ws)}" for group, ws in split.items())
        return (f"--dist loadgroup ran tests of one xdist_group on more than one worker "
                f"({where}): the tests that share what their group builds did not share "
                f"it, so this run checked less than it says. Install the tests' own "
                f"requirements, pip install '.[test]', or run them with -n 0")

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.split():
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        said = self.said()
        if said is not None:
            terminalreporter.section("GROUPS SPLIT", sep="!", red=True)
            terminalreporter.line(said, red=True)


def pytest_configure(config: pytest.Config) -> None:
    if getattr(config.option, "dist", "no") == "loadgroup" and not hasattr(config, "workerinput"):
        config.pluginmanager.register(GroupsRanTogether(), "fivetenk-groups-ran-together")


@pytest.hookimpl(trylast=True)  # after pytest-xdist's own, which names the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    check_groups(config, items)
