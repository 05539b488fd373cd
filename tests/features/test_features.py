"""Every shipped feature file, run by pytest-bdd against the reference engine.

``pytest -m R05`` runs rule 5; ``pytest -m R05.2`` one clause; ``pytest -m D11`` one ruling.
"""

from __future__ import annotations

from helpers import ROOT
from pytest_bdd import scenarios

scenarios(str(ROOT / "features"))
