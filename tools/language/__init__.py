"""The scenario language: every Gherkin phrase the kit understands, one module per subject.

========================  ===============================================================
module                    what its phrases describe
========================  ===============================================================
:mod:`.registry`          how a phrase is declared, matched, built and rendered; the shared
                          helpers; ``Given the variant … is …``
:mod:`.combinations`      cards and combinations alone (rules 1–6): classify, beat, list
                          legal plays, count points
:mod:`.deals`             a scenario starting from a deal: the deck, redeals, the reveal,
                          the banker, the calls announced, the burial hidden
:mod:`.positions`         a scenario starting from a hand in progress
:mod:`.play`              every action (reveal, skip, bury, call, play, pass) and what the
                          table shows during play: turns, tricks, captured points, sides
:mod:`.settlement`        how a hand ends and is settled: totals, band, winners, recipients
:mod:`.match`             the match around a hand: levels, later hands, the next hand
:mod:`.spanish`           every phrase in Spanish (``# language: es``, issue 10), written
                          with the templates of :mod:`.phrasing`
========================  ===============================================================

A new phrase goes into the module of its subject; importing this package registers every
phrase, so readers of the language (the compiler, pytest-bdd's glue, ``fivetenk steps``)
import it from here and no phrase is ever missing.
"""

from __future__ import annotations

from . import combinations, deals, match, play, positions, registry, settlement, spanish
from .registry import (
    KEYWORDS,
    LANGUAGES,
    REGISTRY,
    Builder,
    Kind,
    Lang,
    StepDef,
    find_step,
    render_steps,
    translate_lines,
)

MODULES = (registry, combinations, deals, positions, play, settlement, match)
MISSING_SPANISH = spanish.attach()
"""The English examples of the steps without a Spanish phrase (a test requires none)."""
__all__ = ["KEYWORDS", "LANGUAGES", "MISSING_SPANISH", "MODULES", "REGISTRY", "Builder", "Kind",
           "Lang", "StepDef", "find_step", "render_steps", "translate_lines"]
