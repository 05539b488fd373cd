"""Where the kit's data lives: spec/, features/, schemas/.

Installed normally, they sit inside the ``fivetenk`` package (site-packages/fivetenk/spec…);
in a source checkout or an editable install they are the top-level folders beside tools/.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The folder of the kit's ``name`` data (``spec``, ``features``, ``schemas``)."""
    for candidate in (_HERE / name, _HERE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"fivetenk's {name}/ folder is missing; reinstall the kit")
