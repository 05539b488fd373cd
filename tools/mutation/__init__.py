"""Mutation testing of the feature suite against the reference engine (a developer tool):
how much of what an engine can get wrong the scenarios catch.

``python -m fivetenk.mutation [--module combos ...] [--sample N] [--seed S] [--jobs 2]
[--judge adapter|in-process] [--in-process-column] [--json FILE] [--report-dir DIR]
[--survivors] [--fuzz-cases N] [--fuzz-seed S] [--no-check]``

Each *mutant* changes one small thing in one of the thirteen measured modules of
``reference/``
(:data:`~fivetenk.mutation.operators.TARGETS`; the mutations are listed in
:mod:`~fivetenk.mutation.operators`). By default each is judged **through the adapter**
(:mod:`~fivetenk.mutation.through_adapter`): the mutated engine is served by ``fivetenk
adapter`` in a process of its own and the unmutated kit runs the feature scenarios against
it over the protocol, as ``fivetenk check --impl`` checks any engine. A mutant is *killed*
when a scenario fails or errors, a *timeout* when a reply never comes (even run again
alone), and *survives* otherwise: a behaviour no scenario pins, unless it is listed as
*equivalent* (:mod:`~fivetenk.mutation.equivalents`, with its kind). Each such hand
judgement is then checked by a mechanism (:mod:`~fivetenk.mutation.checks`: the adapter's
call graph, the distinguishing inputs compiled against the schema, a differential fuzz of
the mutant with the entry's targeted cases and a replay of the scenarios reaching its line,
every reply compared). The report gives the raw rate first, then the protocol-observable
rate, whose denominator drops only the checked exclusions, and "hand-judged N, checked M,
found observable K" (:mod:`~fivetenk.mutation.report`).

The package: :mod:`.operators` (which mutants exist), :mod:`.equivalents`, :mod:`.checks`
(checking the hand-judged ones), :mod:`.engine` (applying a mutant in a forked child),
:mod:`.pool` (children with time limits),
:mod:`.through_adapter` and :mod:`.inprocess` (the two judges), :mod:`.campaign` (a run),
:mod:`.report`, ``__main__`` (the command), and :mod:`.feature_coverage` (how much of
the engine the feature suite alone exercises, the other measure of the suite).

**Why a mutator of our own, not mutmut or cosmic-ray** (measured on 2 cores, 2026-11-30):

- cosmic-ray 8.7.0 makes 7,105 mutants of the nine modules and runs the test command once
  per mutant, in a subprocess: ``pytest tests/features/test_features.py`` takes ~4 s (collection and
  pytest-bdd), so 15 mutants of ``trick.py`` took 59 s; the nine modules would take ~8 h on
  one core. It writes each mutant *into the source file on disk*, which a checkout shared
  with other test runs cannot allow; it has no sampling and no per-test coverage.
- mutmut 3.8.1 cannot follow the editable install (``fivetenk.reference`` maps to
  ``reference/``): it needs a copy of the tree rearranged as ``src/fivetenk/reference``.
  There it made 49 mutants of ``trick.py`` in 25 s (2.9 mutants/s) and 4,497 for the nine
  modules (~26 min, extrapolated); with all nine configured its function-level test
  selection found no test for any of the first 629 mutants ("no tests", run stopped). It
  has no sampling (only name globs); it can leave out provenance calls and equivalents
  only through ``# pragma: no mutate`` comments in ``reference/``, which this tool must
  not edit.
- In process, the whole suite compiles once (0.6 s) and runs in 0.16 s. This tool mutates
  the AST, patches the live engine in a forked child (a function's ``__code__`` is swapped,
  so every ``from .x import y`` binding sees the mutant) and runs only the scenarios whose
  recorded line coverage reaches the mutated line, stopping at the first that fails: all
  1,495 mutants of the nine modules in 133 s on 2 cores, ``--sample 15`` (126) in 11 s.
  Its verdicts were checked against an independent oracle (the mutated file written to a
  copy of the package, imported afresh, every scenario run, the features compiled): the
  same verdict for every one of 70 sampled mutants.

Through the adapter, the same selection (only the scenarios whose run reaches the mutated
line, here the lines the *adapter* executed) and forked adapters keep a whole run within
minutes; the figures are in docs/measuring.md.
"""

# __all__: the modules of the package (written by relayer.py)
__all__ = [
    "campaign", "checks", "engine", "equivalents", "feature_coverage", "inprocess", "operators",
    "pool", "report", "through_adapter",
]
