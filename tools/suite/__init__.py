"""The suite and what runs it: the shipped scenarios and selections of them
(:mod:`.catalog`), what an implementation declares it plays
(:mod:`.profile`, :mod:`.card_sets`, :mod:`.resuit`), the shapes a scenario
uses (:mod:`.shapes`), combination cases asked through play
(:mod:`.lowering`), the plays count vectors (:mod:`.vectors`) and the runner:
Scenario x Driver -> Result (:mod:`.runner`), which imports no report.
"""

from __future__ import annotations

# __all__: the modules of the package (written by relayer.py)
__all__ = ["card_sets", "catalog", "lowering", "profile", "resuit", "runner", "shapes", "vectors"]
