"""The scenario model and the data every layer above reads: scenarios and their
checks (:mod:`.scenario`), the spec (:mod:`.spec_data`), reading what users
wrote with stated bounds (:mod:`.user_input`), bounding what the kit shows of
what it does not control (:mod:`.bounded`), the paths the kit reads and writes
(:mod:`.paths`), the compiled suite cached by content hash
(:mod:`.suite_cache`) and valid positions built from hands of interest
(:mod:`.position_builder`). Imports the engine and nothing else of the kit.
"""

from __future__ import annotations

# __all__: the modules of the package (written by relayer.py)
__all__ = [
    "bounded", "paths", "position_builder", "scenario", "spec_data", "suite_cache", "user_input",
]
