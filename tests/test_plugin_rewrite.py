"""The plugin takes the kit out of pytest's assertion rewriting (issue 29): pytest marks
every module of a distribution declaring a pytest11 plugin, and every pytest process
where the kit is installed compiled it all afresh through the rewriter."""

from __future__ import annotations

import sys
from types import SimpleNamespace

from _pytest.assertion.rewrite import AssertionRewritingHook

from fivetenk.pytest_plugin import _not_rewritten


def test_the_kit_is_unmarked_and_nothing_else() -> None:
    hook = SimpleNamespace(_must_rewrite={"fivetenk", "fivetenk_other", "conftest_pkg"},
                           _marked_for_rewrite_cache={"fivetenk.suite": True, "x": False})
    _not_rewritten(SimpleNamespace(rewrite_hook=hook))
    assert hook._must_rewrite == {"fivetenk_other", "conftest_pkg"}
    assert hook._marked_for_rewrite_cache == {}


def test_a_pytest_that_keeps_its_marks_otherwise_is_left_alone() -> None:
    for manager in (SimpleNamespace(), SimpleNamespace(rewrite_hook=None),
                    SimpleNamespace(rewrite_hook=SimpleNamespace(_must_rewrite=["fivetenk"]))):
        _not_rewritten(manager)
    listed = SimpleNamespace(_must_rewrite=["fivetenk"])
    _not_rewritten(SimpleNamespace(rewrite_hook=listed))
    assert listed._must_rewrite == ["fivetenk"]


def test_no_module_of_the_kit_in_this_run_came_through_the_rewriter() -> None:
    """In this very run: the kit's modules the tests imported were loaded as Python loads
    them (an installed kit, as in CI, is marked by its entry point; a checkout installed in
    place is not, and passes either way). Only the package and the plugin itself, imported
    when pytest loads the plugin, may have been rewritten."""
    rewritten = sorted(name for name, module in list(sys.modules.items())
                       if name.startswith("fivetenk.") and name != "fivetenk.pytest_plugin"
                       and isinstance(getattr(module, "__loader__", None),
                                      AssertionRewritingHook))
    loaded = [name for name in sys.modules if name.startswith("fivetenk.")]
    assert len(loaded) > 20 and rewritten == []
