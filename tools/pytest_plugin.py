"""A pytest plugin: the scenario suite as tests of a Python engine's own test run (issue 20).

    pytest --fivetenk-impl "python3 adapter.py" [--fivetenk-rule R05 …]
           [--fivetenk-expectations expectations.yaml]

adds one test per shipped scenario (or per scenario of the rules named), each run against
the implementation over the adapter protocol, as ``fivetenk check --impl`` runs it: a
failed or errored scenario fails its test with the evidence ``check`` prints, a skipped
one (outside the declared profile, or skipped by the expectations file) is skipped with
its reason, an expected failure is xfailed. The implementation is started once, at the
first scenario, and killed when the session ends. Without ``--fivetenk-impl`` the plugin
does nothing.

It is registered by the package (the ``pytest11`` entry point), so an installed kit
offers the option; from a source checkout, load it with ``-p fivetenk.pytest_plugin``.
A stale expectation entry (``check`` fails the run for it) fails the session: pytest
reports it after the tests and exits with 1.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .drivers import Driver
    from .expectations import Expectations
    from .scenario import Scenario

_STATE = pytest.StashKey[dict[str, Any]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fivetenk", "the fivetenk scenario suite against an engine")
    group.addoption("--fivetenk-impl", metavar="CMD",
                    help="run the fivetenk scenario suite against CMD (an adapter speaking "
                    "the fivetenk protocol), one test per scenario")
    group.addoption("--fivetenk-rule", action="append", default=[], metavar="R05",
                    help="only the scenarios of this rule (repeatable)")
    group.addoption("--fivetenk-expectations", metavar="FILE",
                    help="an expectations file, as for fivetenk check --expectations")
    group.addoption("--fivetenk-timeout", type=float, default=10.0, metavar="SECONDS",
                    help="seconds to wait for each reply (default 10)")


class ScenarioItem(pytest.Item):
    """One scenario of the suite, run against the implementation."""

    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        from . import report
        from .runner import run_expected
        from .spec_data import load_spec

        state = self.config.stash[_STATE]
        skip, xfail = state["expected"].expect(self.scenario)
        result = run_expected(_driver(self.config), self.scenario, skip=skip, xfail=xfail)
        state["results"].append(result)
        if result.status == "skipped":
            pytest.skip(result.reason or "skipped")
        if result.status == "xfailed":
            pytest.xfail(result.reason or "expected failure")
        if result.status in ("failed", "errored", "xpassed"):
            raise ScenarioFailed("\n".join(report.describe_failure(result, load_spec())))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[str, int, str]:
        where, _, line = self.scenario.location.rpartition(":")
        return (where or self.scenario.location, int(line) - 1 if line.isdigit() else 0,
                f"{self.scenario.id}: {self.scenario.name}")


class ScenarioFailed(Exception):
    """A scenario failed or errored: its evidence, as ``fivetenk check`` prints it."""


def _driver(config: pytest.Config) -> Driver:
    state = config.stash[_STATE]
    if state.get("driver") is None:
        import shlex

        from .process_driver import ProcessDriver

        state["driver"] = ProcessDriver(shlex.split(config.getoption("fivetenk_impl")),
                                        timeout=config.getoption("fivetenk_timeout"))
    driver: Driver = state["driver"]
    return driver


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    if not config.getoption("fivetenk_impl"):
        return
    items.extend(_items(session, config))


def _items(session: pytest.Session, config: pytest.Config) -> Iterator[ScenarioItem]:
    from . import catalog
    from .expectations import Expectations
    from .expectations import load as load_expectations
    from .spec_data import load_spec

    spec = load_spec()
    scenarios = catalog.shipped()
    rules = {r.upper() for r in config.getoption("fivetenk_rule")}
    unknown = sorted(rules - set(spec.rules))
    if unknown:
        raise pytest.UsageError(f"--fivetenk-rule {unknown[0]}: expected a rule R01…R24")
    expected: Expectations = Expectations()
    path = config.getoption("fivetenk_expectations")
    if path:
        from pathlib import Path

        from .scenario import ScenarioError

        try:
            expected = load_expectations(Path(path), scenarios, spec.rules, spec.clauses)
        except ScenarioError as err:
            raise pytest.UsageError(f"--fivetenk-expectations: {err}") from None
    config.stash[_STATE] = {"expected": expected, "results": [], "driver": None}
    for scenario in scenarios:
        if not rules or scenario.rule in rules:
            yield ScenarioItem.from_parent(session, name=scenario.id,
                                           nodeid=node_id(scenario.id), scenario=scenario)


def node_id(scenario_id: str) -> str:
    """A scenario's pytest node id, ``fivetenk::R03-049``: the same whatever the
    invocation (the folder pytest runs from, the paths and options given, ``-n``), since it
    names no file (the session's id, which a path-prefixed form came from, is left out), so
    ``--lf``, ``--deselect`` and the cache find it again (issue 28)."""
    return f"{NODE_PREFIX}{scenario_id}"


NODE_PREFIX = "fivetenk::"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    state = session.config.stash.get(_STATE, None)
    if state is None:
        return
    driver = state.get("driver")
    if driver is not None:
        driver.close()
    stale = state["expected"].stale(state["results"])
    if stale:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        for item in stale:
            if reporter is not None:
                reporter.write_line(item.describe(), red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
