"""Known differences: ``fivetenk fuzz --expectations FILE`` mutes the divergences an
expectations file already explains, the very file ``fivetenk check --expectations`` reads
(:mod:`fivetenk.results.expectations`).

A diverging case is judged as the scenario it would be written as (:func:`case_scenario`:
its rule, clauses, rulings, tags and the shapes its plays use), with the differences it
shows: a ``skip`` entry selecting that scenario, or an ``xfail`` entry selecting it whose
pin (``path``, ``observed``) the differences match, makes it *known*. Known cases are
counted per entry (with the entry's file, line and reason) and left out of the groups, so
a campaign against an engine with documented gaps reports only what is new, and exits 0
when nothing is. Nothing is muted silently: the summary says how many cases each entry
muted, and ``--jsonl`` lists every muted case with its entry.

A fuzz case has no id from the suite, so an entry naming a scenario by ``id`` mutes only
a written case kept under that id; entries by rule, clause, tag (a ruling) or shape are
the ones that mute what a campaign finds. The fuzzer cannot say an entry is stale (a
campaign does not cover every scenario); ``fivetenk check`` does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model.scenario import get_path
from ..model.spec_data import load_spec
from ..results.expectations import load as load_expectations
from ..suite.catalog import shipped
from .campaign import Outcome, Plan, generate, make_mode
from .source import Case, Divergence


def load(path: Path) -> Any:
    """The expectations file at ``path``, checked as ``check`` checks it (against the
    shipped suite's ids, the spec's rules and clauses); bad input raises
    :class:`fivetenk.results.expectations.ExpectationsError` (exit 2)."""

    spec = load_spec()
    return load_expectations(path, shipped(), spec.rules, spec.clauses)


def query_case(plan: Plan, modes: dict[str, Any], case: Case, divergence: Divergence) -> tuple[
        Any, Case]:
    """The mode and case a divergence is shrunk and written as: a ``plays`` query a game
    case asked becomes a query case of its own (:meth:`QueryMode.from_step`); anything
    else stays as it is."""
    op = divergence.request.get("op") if isinstance(divergence.request, dict) else None
    mode = modes[case.mode]
    if case.mode != "queries" and op == "plays":
        mode = modes.get("queries") or make_mode("queries", plan.capabilities, plan.shapes,
                                                 plan.words)
        case = mode.from_step(case.variants, divergence.request)
    return mode, case


def case_scenario(plan: Plan, modes: dict[str, Any], outcome: Outcome) -> Any:
    """The scenario a diverging case would be written as, before shrinking."""
    divergence = outcome.divergence
    assert divergence is not None
    mode, case = query_case(plan, modes, generate(plan, modes, outcome.index), divergence)
    return mode.scenario(case, divergence, f"fuzz-case-{outcome.index}")


def differences(divergence: Divergence) -> list[dict[str, Any]]:
    """The divergence's differing paths, each with what the implementation answered there
    (what a pinned entry's ``observed`` is compared with)."""

    out: list[dict[str, Any]] = []
    for path in divergence.paths:
        try:
            observed = get_path(divergence.observed, path)
        except (KeyError, TypeError, IndexError, ValueError):
            observed = None
        out.append({"path": path, "observed": observed})
    return out


def known_entry(expectations: Any, plan: Plan, modes: dict[str, Any],
                outcome: Outcome) -> Any:
    """The expectations entry that explains ``outcome``'s divergence, or None. An errored
    case (a crash, a hang, a reply the protocol refuses) is never known: ``check`` keeps
    an error an error too."""
    divergence = outcome.divergence
    if divergence is None or divergence.errored:
        return None
    try:
        scenario = case_scenario(plan, modes, outcome)
    except Exception:  # a case the kit cannot write: not muted, reported as found
        return None
    return expectations.explaining(scenario, differences(divergence))
