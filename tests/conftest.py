"""pytest-bdd glue: every step of the kit's registry becomes a pytest-bdd step.

Step functions only add to a :class:`fivetenk.language.Builder`; after the last step the
built scenario is compared with the one ``fivetenk check`` compiles from the same file
(they must be identical) and run by the kit's runner against the reference engine.

Each step function is registered twice, stacked: under its English pattern and under its
Spanish phrase (issue 10, ``# language: es``). The Spanish parser hands the step the
arguments the English phrase would give (:meth:`fivetenk.language.StepDef.match`), so one
function serves both languages and a Spanish feature builds the scenario of its English twin.
"""

from __future__ import annotations

import inspect
import os
import shutil
import signal
import tempfile
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when
from pytest_bdd.parsers import StepParser

from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.language import REGISTRY, Builder, StepDef
from fivetenk.language.compiler import compile_file, parse_tags
from fivetenk.model.spec_data import load_spec
from fivetenk.results import report
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_scenario

# A suite started in the background by a script (`pytest &`, or `(pytest &)`) inherits
# SIGINT ignored, and so would every kit a test starts (a command started with SIGINT
# ignored keeps ignoring it, as a background job should: cli.main does): the tests that
# press Ctrl-C would wait for a kit that cannot hear it. The tests stand for the terminal a
# user presses Ctrl-C at, so SIGINT is the default here, and in what they start.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

FEATURES = Path(__file__).resolve().parent.parent / "features"
_DECORATORS = {"given": given, "when": when, "then": then}
OTHER_TAGS = ("variant", "any-clause", "position-duties", "default-first")
"""Tags allowed besides rule, clause, ruling and id tags; ``any-clause`` is the mark that
judges a scenario's rejections on the rejection alone (issue 9), ``pytest -m any-clause``
selects the scenarios it stands on (or on whose Feature it stands); ``position-duties`` and
``default-first`` mark the scenarios of protocol 1.3's conventions of those names (issue
30; tests/features/test_position_duties.py keeps the tags and the conventions in step). Every tag a
feature file uses must be here or in the spec: pytest 9.2 refuses an unregistered one at
collection under ``--strict-markers`` (9.0 let it through)."""


def pytest_configure(config: pytest.Config) -> None:
    """Register rule (R05), clause (R05.2) and ruling (D11) tags as markers, so
    ``pytest -m R05`` works and ``--strict-markers`` catches any other typo. The kit's
    cache (:mod:`fivetenk.model.suite_cache`) lives in a folder of the test run's own, unless
    FIVETENK_CACHE_DIR says otherwise: the tests never read or write the user's cache."""
    if "FIVETENK_CACHE_DIR" not in os.environ:
        folder = tempfile.mkdtemp(prefix="fivetenk-test-cache-")
        os.environ["FIVETENK_CACHE_DIR"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    try:
        import outer_bound  # tests/outer_bound.py: a hung test fails as hung (issue 29)
        import xdist_groups  # tests/xdist_groups.py: the groups ran as groups
    except ModuleNotFoundError:  # this file copied alone, into a nested run's folder
        outer_bound = xdist_groups = None
    for plugin in (outer_bound, xdist_groups):
        if plugin is not None and not config.pluginmanager.is_registered(plugin):
            config.pluginmanager.register(plugin, plugin.__name__)
    spec = load_spec()
    for name in [*spec.rules, *spec.clauses, *spec.rulings, *OTHER_TAGS]:
        config.addinivalue_line("markers", f"{name}: fivetenk tag")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The modules holding ``slow`` tests first, each module's tests kept together and in
    order. Under pytest-xdist (``--dist loadgroup``), the controller hands out the groups
    first (largest first), then the other tests in this order: the tests that take seconds
    start while both workers are busy, and the end of the run is many quick tests that
    keep both workers busy to the last, not a long test alone on one of them."""
    slow = {item.module for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.module not in slow)


def _make_step(definition: StepDef) -> Any:
    groups = list(definition.pattern.groupindex)
    wants = inspect.signature(definition.func).parameters

    def step_function(fivetenk_builder: Builder, **kwargs: Any) -> None:
        args = {k: v for k, v in kwargs.items() if k in groups and v is not None}
        if "table" in wants:
            args["table"] = kwargs.get("datatable")
        if "doc" in wants:
            args["doc"] = kwargs.get("docstring")
        definition.func(fivetenk_builder, **args)

    params = [inspect.Parameter("fivetenk_builder", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    extra = groups + [n for n, w in (("datatable", "table"), ("docstring", "doc")) if w in wants]
    params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=None) for n in extra]
    step_function.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    step_function.__name__ = f"step_{definition.kind}_{definition.func.__name__.strip('_')}"
    return step_function


class SpanishParser(StepParser):
    """A step's Spanish phrase for pytest-bdd: matches the Spanish text and gives the
    arguments in English, as the compiler reads them."""

    def __init__(self, definition: StepDef) -> None:
        assert definition.es is not None, f"no Spanish for {definition.example!r}"
        super().__init__(definition.es.pattern.pattern)
        self.definition = definition

    def parse_arguments(self, name: str) -> dict[str, Any] | None:
        return self.definition.match(name, "es")

    def is_matching(self, name: str) -> bool:
        return self.definition.match(name, "es") is not None


for _definition in REGISTRY:
    _fn = _make_step(_definition)
    _decorate = _DECORATORS[_definition.kind]
    globals()[_fn.__name__ + f"_{id(_definition)}"] = _decorate(SpanishParser(_definition))(
        _decorate(parsers.re(_definition.pattern.pattern))(_fn))


def pytest_bdd_apply_tag(tag: str, function: Any) -> bool | None:
    """Scenario ids (``@id:R05-003``) are not markers (a marker name cannot hold ``:``);
    select a scenario with ``-k`` or ``fivetenk check --id``."""
    return True if tag.startswith("id:") else None


_COMPILED: dict[str, dict[str, Any]] = {}


def _compiled(path: str) -> dict[str, Any]:
    if path not in _COMPILED:
        file = Path(path)
        where = "features/" + file.name
        _COMPILED[path] = {s.id: s for s in compile_file(file, where)}
    return _COMPILED[path]


@pytest.fixture(scope="session")
def browser() -> Any:
    """One Chromium per test process, for every browser test module (tests/chromium.py,
    imported here only: the nested pytest runs of some tests copy this file alone)."""
    from chromium import chromium

    yield from chromium()


@pytest.fixture
def fivetenk_builder(request: pytest.FixtureRequest) -> Builder:
    return Builder(id="", name="")


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    builder: Builder = request.getfixturevalue("fivetenk_builder")
    meta = parse_tags(scenario.tags)
    sid = meta["id"]
    callspec = getattr(request.node, "callspec", None)
    if callspec is not None and "_pytest_bdd_example" in callspec.indices:
        sid = f"{sid}.{callspec.indices['_pytest_bdd_example'] + 1}"
    compiled = _compiled(feature.filename)[sid]
    builder.id, builder.name = compiled.id, compiled.name
    builder.clauses, builder.rulings = list(compiled.clauses), list(compiled.rulings)
    builder.tags, builder.source = list(compiled.tags), dict(compiled.source)
    builder.description = compiled.description
    request.node.stash[_EXPECTED] = compiled


def pytest_bdd_before_step_call(request: pytest.FixtureRequest, step: Any, **_: Any) -> None:
    request.getfixturevalue("fivetenk_builder").line = step.line_number


def pytest_bdd_step_error(request: pytest.FixtureRequest, **_: Any) -> None:
    request.node.stash[_STEP_FAILED] = True


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    if request.node.stash.get(_STEP_FAILED, False):
        return
    built = request.getfixturevalue("fivetenk_builder").build()
    compiled = request.node.stash[_EXPECTED]
    built.rejections = compiled.rejections  # a tag (@any-clause), as the metadata above
    assert built.to_json() == compiled.to_json(), (
        "pytest-bdd built a different scenario than `fivetenk check` compiles")
    result = run_scenario(ReferenceDriver(), built)
    if result.status != "passed":
        pytest.fail("\n".join(report.describe_failure(result, load_spec())), pytrace=False)


_EXPECTED = pytest.StashKey[Any]()
_STEP_FAILED = pytest.StashKey[bool]()
__all__ = ["catalog"]


@pytest.fixture(autouse=True)
def _engine_memos_after_patches(request: pytest.FixtureRequest) -> Any:
    """After a test that patched something (``monkeypatch``), clear every memo of the
    reference engine (``make_combo``'s readings, ``classify``'s counts …): a reading built
    while a rule table was broken (a 4-card straight) must not outlive the patch and make a
    later test pass or fail for it."""
    yield
    if "monkeypatch" in request.fixturenames:
        from fivetenk.mutation.engine import clear_caches

        clear_caches()
