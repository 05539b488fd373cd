"""What speaks to an implementation: the :class:`~.drivers.Driver` interface and
the reference in process (:mod:`.drivers`); any engine behind the JSON-lines
protocol (:mod:`.framing`, :mod:`.protocol`, :mod:`.hello`,
:mod:`.conventions`), its process, pipes and process tree
(:mod:`.process_driver`, :mod:`.process_pipes`, :mod:`.process_tree`), worker
processes that always end (:mod:`.workers`), the reference served as an
adapter (:mod:`.adapter`) and the SDK adapters are written with (:mod:`.sdk`);
the one vocabulary of the protocol's words (:mod:`.words`) and the one
``--impl/--timeout/--restarts`` option group (:mod:`.options`).
"""

from __future__ import annotations

# __all__: the modules of the package (written by relayer.py)
__all__ = [
    "adapter", "conventions", "drivers", "framing", "hello", "options", "process_driver",
    "process_pipes", "process_tree", "protocol", "sdk", "words", "workers",
]
