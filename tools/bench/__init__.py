"""Benchmarks: figures the kit prints about itself, never timed tests.

Each module runs with ``python -m fivetenk.bench.<name>`` and prints its figures (speed
targets live here, not in assertions that a slow machine would fail):

- :mod:`.combos`: classifications per second, and the time to list every lead and reply;
- :mod:`.game`: random hands per second from deal to settlement, and replay speed;
- :mod:`.protocol`: the suite in process against the same suite through ``fivetenk
  adapter``, what loading the suite costs (``--load-only``), and the time to tag it with
  its shapes (``--shapes``);
- :mod:`.bounds`: what hostile input costs (a bulky reply, a feature near the size cap);
- :mod:`.fuzz`: fuzz comparisons per second and whole hands per minute;
- :mod:`.strategy`: the computer players against each other;
- :mod:`.book`: what building the book costs, in each language;
- :mod:`.tests`: how long the kit's own tests take, run in its source checkout.

With ``--json`` each ends its output with one JSON line, its figures and what measured them
(:mod:`.record`: the date, the machine, the load); ``python -m fivetenk.docs.docs_gen --save``
keeps it in ``docs/measurements/`` and :mod:`.page` writes ``docs/measuring.md`` from it.

How much of the engine the features exercise and pin are measured elsewhere:
``python -m fivetenk.mutation.feature_coverage`` and ``python -m fivetenk.mutation``.
"""

# __all__: the modules of the package (written by relayer.py)
__all__ = [
    "book", "bounds", "combos", "fuzz", "game", "page", "protocol", "record", "strategy", "tests",
]
