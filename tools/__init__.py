"""fivetenk: the conformance kit for 5,10,K (6 players, 3 decks)."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
