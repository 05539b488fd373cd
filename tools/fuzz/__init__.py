"""The fuzzer behind ``fivetenk fuzz``: differential play against the reference engine.

Cases are generated with the reference engine as the oracle (every expectation is its
answer), sent to an implementation over the adapter protocol, and any divergence is shrunk
with Hypothesis to a minimal case and written as a kit scenario (``.feature`` and
``.json``). Who owns what:

- :mod:`fivetenk.fuzz.command`: the ``fuzz`` command (arguments, workers and shards, budget
  and interruption, the summary).
- :mod:`fivetenk.fuzz.campaign`: a campaign as data (which mode and variant setting each
  case belongs to, generating case ``g``, running cases into outcomes).
- :mod:`fivetenk.fuzz.faults`: what the implementation's faults did to the campaign, in
  words (errored cases, a lowered ``plays`` limit, a stop on the restart budget).
- :mod:`fivetenk.fuzz.findings`: what was found (a group's evidence and reproduce command,
  shrinking inside the declared profile, checking the case on the implementation and
  writing it).
- :mod:`fivetenk.fuzz.source`: the contract every mode is written against (``Mode``,
  ``Case``, ``Divergence``), the sources of draws (seeded, replayed, Hypothesis' data),
  comparing an answer with the reference's, and shrinking with Hypothesis.
- :mod:`fivetenk.fuzz.queries`: the ``queries`` mode (classify, beats, plays, points on
  card sets biased toward structure).
- :mod:`fivetenk.fuzz.game_cases`: the cases of the ``games`` and ``endings`` modes (the
  players and their near misses, a case recorded as the reference plays it, the
  generators).
- :mod:`fivetenk.fuzz.games`: the ``games`` and ``endings`` modes (running and judging
  those cases, the clauses of a diverging step, shrinking to a position, the scenario).

This module imports nothing, so that importing one of them loads only what it needs.
"""

# __all__: the modules of the package (written by relayer.py)
__all__ = [
    "campaign", "command", "faults", "findings", "game_cases", "games", "known", "merge", "queries",
    "short_deal", "source",
]
