"""The pages of docs/ that are written, not typed: the command reference from the
command line's own help, the phrase list, the measured figures
(:mod:`.docs_gen`, ``python -m fivetenk.docs.docs_gen --write``). Above the entry
points: it reads the command line.
"""

from __future__ import annotations

# __all__: the modules of the package (written by relayer.py)
__all__ = ["docs_gen"]
