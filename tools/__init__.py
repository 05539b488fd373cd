"""fivetenk: the conformance kit for 5,10,K (6 players, 3 decks).

The kit's modules live in its layer packages (model, language, impl, suite, results, and
the areas above them: docs/architecture.md). One of them has a public name of its own,
older than the packages, that implementers' files hold: ``fivetenk.sdk``, the adapter SDK
(every adapter ``fivetenk new-adapter --lang python`` has written imports it), which lives
in ``fivetenk.impl.sdk``. :data:`PUBLIC_NAMES` keeps such a name working: importing it
gives the very module of its package (one module object, not a copy).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType

__version__ = "0.1.0"

PUBLIC_NAMES: dict[str, str] = {"fivetenk.sdk": "fivetenk.impl.sdk"}
"""A public module name -> the module of a layer package it names."""


class _PublicName(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a name of :data:`PUBLIC_NAMES` as the package's own module (``sys.modules``
    then holds it under both names; its ``__spec__`` stays its own)."""

    def __init__(self) -> None:
        self.own_specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in PUBLIC_NAMES:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(PUBLIC_NAMES[spec.name])
        self.own_specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing runs (the module ran when its package imported it); the import system
        gave it the public name's spec, and it gets its own back."""
        module.__spec__ = self.own_specs.get(module.__name__, module.__spec__)

if not any(isinstance(finder, _PublicName) for finder in sys.meta_path):
    sys.meta_path.append(_PublicName())

__all__ = ["PUBLIC_NAMES", "__version__"]
