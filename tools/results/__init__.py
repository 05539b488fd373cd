"""What reads results: what a failure shows (:mod:`.evidence`), the reports
(:mod:`.report`: console, JSON lines, JUnit; :mod:`.published`: badge and
Markdown summary, :mod:`.markdown`), the one reader of a JSON-lines run
(:mod:`.runfile`) and expected failures and skips (:mod:`.expectations`,
:mod:`.expectations_text`, :mod:`.expectations_update`).
"""

from __future__ import annotations

# __all__: the modules of the package (written by relayer.py)
__all__ = [
    "evidence", "expectations", "expectations_text", "expectations_update", "markdown", "published",
    "report", "runfile",
]
