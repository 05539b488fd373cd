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
========================  ===============================================================

A new phrase goes into the module of its subject; importing this package registers every
phrase, so readers of the language (the compiler, pytest-bdd's glue, ``fivetenk steps``)
import it from here and no phrase is ever missing.
"""

from __future__ import annotations

from . import combinations, deals, match, play, positions, registry, settlement
from .registry import REGISTRY, Builder, Kind, StepDef, find_step, render_steps

MODULES = (registry, combinations, deals, positions, play, settlement, match)
__all__ = ["MODULES", "REGISTRY", "Builder", "Kind", "StepDef", "find_step", "render_steps"]
