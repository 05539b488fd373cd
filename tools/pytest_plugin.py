"""A pytest plugin: the scenario suite as tests of a Python engine's own test run (issue 20).

    pytest --fivetenk-impl "python3 adapter.py" [--fivetenk-rule R05 …]
           [--fivetenk-expectations expectations.yaml]

adds one test per shipped scenario (or per scenario of the rules named), each run against
the implementation over the adapter protocol, as ``fivetenk check --impl`` runs it: a
failed or errored scenario fails its test with the evidence ``check`` prints, a skipped
one (outside the declared profile, or skipped by the expectations file) is skipped with
its reason, an expected failure is xfailed. The implementation is started once, at the
first scenario, and killed when the session ends. Without ``--fivetenk-impl`` the plugin
does nothing, and its other options typed without it are a usage error (they would check
nothing); kept in a project's ``addopts``, they wait for the runs that name it.

It is registered by the package (the ``pytest11`` entry point), so an installed kit
offers the option; from a source checkout, load it with ``-p fivetenk.pytest_plugin``.
A stale expectation entry (``check`` fails the run for it) fails the session: pytest
reports it after the tests and exits with 1.

``--fivetenk-impl`` is checked as ``check --impl`` is (:func:`fivetenk.impl.options.impl_argv`):
an empty value (an unset ``$IMPL`` in CI), a blank one, an unclosed quote or a program
that cannot run is one usage error, and pytest exits non-zero before any test runs
(issue 29). As under ``check``, SIGTERM or SIGHUP to pytest kills the implementation and
all its descendants (:mod:`fivetenk.impl.process_tree`) before pytest exits with 128 + the
signal number.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .impl.drivers import Driver
    from .model.scenario import Scenario
    from .results.expectations import Expectations

_STATE = pytest.StashKey[dict[str, Any]]()


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    _not_rewritten(pluginmanager)
    group = parser.getgroup("fivetenk", "the fivetenk scenario suite against an engine")
    group.addoption("--fivetenk-impl", metavar="CMD",
                    help="run the fivetenk scenario suite against CMD (an adapter speaking "
                    "the fivetenk protocol), one test per scenario")
    group.addoption("--fivetenk-rule", action="append", default=[], metavar="R05",
                    help="only the scenarios of this rule (repeatable)")
    group.addoption("--fivetenk-expectations", metavar="FILE",
                    help="an expectations file, as for fivetenk check --expectations")
    group.addoption("--fivetenk-timeout", type=_seconds, default=None, metavar="SECONDS",
                    help="seconds to wait for each reply, above 0 and at most 3600 "
                    f"(default {DEFAULT_TIMEOUT:g})")


DEFAULT_TIMEOUT = 10.0
"""``--fivetenk-timeout`` when not given: ``check --timeout``'s default
(:data:`fivetenk.impl.process_driver.DEFAULT_TIMEOUT`, not imported: every pytest run loads
the plugin, and the kit loads with --fivetenk-impl only)."""
OPTIONS_OF_A_RUN = (("fivetenk_rule", "--fivetenk-rule"),
                    ("fivetenk_expectations", "--fivetenk-expectations"),
                    ("fivetenk_timeout", "--fivetenk-timeout"))
"""The options that only say how to run the suite: typed on the command line without
``--fivetenk-impl``, they are a usage error, never a session that checks nothing and goes
green. Given by a configuration (``addopts`` of pytest.ini, ``PYTEST_ADDOPTS``), they wait
for the runs that name the implementation: a project may keep ``--fivetenk-rule R05`` there
and run its own tests alone with a plain ``pytest``."""


def _not_rewritten(pluginmanager: Any) -> None:
    """Take the kit's own modules out of pytest's assertion rewriting. pytest marks every
    module of a distribution that declares a pytest11 plugin for it, so every pytest run
    where the kit is installed (a user's, each of its xdist workers, the kit's own tests and
    their nested runs) compiled the whole kit afresh from source, through the rewriter,
    instead of loading its installed bytecode: about 2.6 s of CPU per process where pytest
    may not cache what it rewrites (PYTHONDONTWRITEBYTECODE), issue 29. The kit's asserts
    are its own invariants, not a test's, so they need none of pytest's messages. pytest
    offers no public way to do this (a module's ``PYTEST_DONT_REWRITE`` still has it compiled
    from source), so this reads its hook's set of marked names, and does nothing where a
    pytest keeps them otherwise. Called when the plugin is registered: before any other
    module of the kit is imported."""
    hook = getattr(pluginmanager, "rewrite_hook", None)
    marked = getattr(hook, "_must_rewrite", None)
    if isinstance(marked, set) and __package__ in marked:
        marked.discard(__package__)
        cache = getattr(hook, "_marked_for_rewrite_cache", None)
        if isinstance(cache, dict):
            cache.clear()


def _seconds(text: str) -> float:
    """``--fivetenk-timeout``, checked as ``check --timeout`` is."""
    # lazy: every pytest run loads the plugin; the kit loads with --fivetenk-impl only
    from .impl.options import positive_seconds

    return positive_seconds(text)


def pytest_configure(config: pytest.Config) -> None:
    """Check ``--fivetenk-impl`` at once (a usage error, non-zero exit, before any test);
    given, turn SIGTERM and SIGHUP into a clean stop that kills the implementation."""
    _TERMINATED.clear()  # a process may run several sessions (pytester)
    impl = config.getoption("fivetenk_impl", None)
    if impl is None:
        typed = [str(a) for a in config.invocation_params.args]
        given = [flag for name, flag in OPTIONS_OF_A_RUN if config.getoption(name, None)
                 and any(a == flag or a.startswith(flag + "=") for a in typed)]
        if given:  # `pytest $IMPL_ARGS --fivetenk-rule R05` with $IMPL_ARGS unset (issue 29)
            raise pytest.UsageError(
                f"{', '.join(given)} without --fivetenk-impl CMD: the fivetenk suite runs "
                "only against an implementation, so this session would check nothing (an "
                "unset variable?)")
        return
    # lazy: every pytest run loads the plugin; the kit loads with --fivetenk-impl only
    from .impl.options import impl_argv
    from .model.user_input import UsageError

    try:
        impl_argv(impl, "--fivetenk-impl")
    except UsageError as err:
        raise pytest.UsageError(str(err)) from None
    config.stash[_SIGNALS] = _install_handlers()


_SIGNALS = pytest.StashKey[dict[int, Any]]()
_TERMINATED: list[int] = []
"""The terminating signal received, if any (exit status 128 + it)."""


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP: what :func:`fivetenk.cli.main` does for ``check`` -- close the
    implementation at once (no polite ``stop``) -- through pytest's own way out of a
    session: a KeyboardInterrupt, so every ``finally`` and :func:`pytest_sessionfinish`
    run (which kill the implementation's whole process tree), then exit 128 + signum."""

    # lazy: every pytest run loads the plugin; the kit loads with --fivetenk-impl only
    from .impl.process_driver import hurry

    for name in ("SIGTERM", "SIGHUP"):  # a second signal must not cut the clean-up short
        with _suppressed():
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    hurry()
    _TERMINATED.append(signum)
    raise KeyboardInterrupt


def _suppressed() -> Any:
    return contextlib.suppress(AttributeError, ValueError, OSError)


def _install_handlers() -> dict[int, Any]:
    """Install :func:`_terminate` for SIGTERM and SIGHUP (main thread only); the previous
    handlers, to restore at the end of the session."""

    previous: dict[int, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        return previous
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None:
            with _suppressed():
                previous[signum] = signal.signal(signum, _terminate)
    return previous


def pytest_unconfigure(config: pytest.Config) -> None:
    # lazy: every pytest run loads the plugin; the kit loads with --fivetenk-impl only
    from .impl.process_driver import hurry

    for signum, handler in config.stash.get(_SIGNALS, {}).items():
        with _suppressed():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
    hurry(False)


class ScenarioItem(pytest.Item):
    """One scenario of the suite, run against the implementation."""

    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        # lazy: every pytest run loads the plugin; the kit loads with --fivetenk-impl only
        from .model.spec_data import load_spec
        from .results import report
        from .suite.runner import run_expected

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
        # lazy: every pytest run loads the plugin; the kit loads with --fivetenk-impl only
        from .impl.options import impl_argv
        from .impl.process_driver import ProcessDriver

        timeout = config.getoption("fivetenk_timeout")
        state["driver"] = ProcessDriver(impl_argv(config.getoption("fivetenk_impl")),
                                        timeout=DEFAULT_TIMEOUT if timeout is None else timeout)
    driver: Driver = state["driver"]
    return driver


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    if config.getoption("fivetenk_impl") is None:  # "" is refused by pytest_configure
        return
    items.extend(_items(session, config))


def _items(session: pytest.Session, config: pytest.Config) -> Iterator[ScenarioItem]:
    # lazy: every pytest run loads the plugin; the kit loads with --fivetenk-impl only
    from .model.spec_data import load_spec
    from .results.expectations import Expectations
    from .results.expectations import load as load_expectations
    from .suite import catalog

    spec = load_spec()
    scenarios = catalog.shipped()
    rules = {r.upper() for r in config.getoption("fivetenk_rule")}
    unknown = sorted(rules - set(spec.rules))
    if unknown:
        raise pytest.UsageError(f"--fivetenk-rule {unknown[0]}: expected a rule R01…R24")
    expected: Expectations = Expectations()
    path = config.getoption("fivetenk_expectations")
    if path:

        # lazy: every pytest run loads the plugin; the kit loads with --fivetenk-impl only
        from .model.scenario import ScenarioError

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
    driver = state.get("driver") if state is not None else None
    if driver is not None:
        driver.close()  # the implementation and all its descendants killed and reaped
    if _TERMINATED:  # whenever it came, collection included

        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"fivetenk: terminated by {signal.Signals(_TERMINATED[0]).name}"
                                "; the implementation was killed", red=True)
        session.exitstatus = 128 + _TERMINATED[0]
        return
    if state is None:
        return
    stale = state["expected"].stale(state["results"])
    if stale:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        for item in stale:
            if reporter is not None:
                reporter.write_line(item.describe(), red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
