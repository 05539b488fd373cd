"""The whole scenario language: importing this module registers every step.

:mod:`fivetenk.steps` holds the registry, the builder and the combination-query steps;
:mod:`fivetenk.game_steps`, :mod:`fivetenk.steps_match` and :mod:`fivetenk.steps_play` add
the game steps. Readers of the language (the compiler, pytest-bdd's glue, ``fivetenk steps``)
import it from here so that no step is ever missing.
"""

from __future__ import annotations

from . import game_steps, steps_match, steps_play
from .steps import REGISTRY, Builder, Kind, StepDef, find_step, render_steps

MODULES = (game_steps, steps_match, steps_play)
__all__ = ["MODULES", "REGISTRY", "Builder", "Kind", "StepDef", "find_step", "render_steps"]
