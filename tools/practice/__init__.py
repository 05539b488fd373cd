"""Practising against the computer and settling disputes: ``fivetenk play``, ``fivetenk
dispute`` and ``fivetenk simulate``, and the computer players they share.

Which module owns what:

- :mod:`~fivetenk.practice.play`: ``fivetenk play``, its options, on the terminal or in
  the browser (``--web``);
- :mod:`~fivetenk.practice.session`: the game loop of one seat against five computer
  players (:class:`~fivetenk.practice.session.Session`): asking each question, reading the
  answer, the ``dispute`` command inside the game, quitting;
- :mod:`~fivetenk.practice.web`: ``play --web``, the same session at a table in the
  browser, served on 127.0.0.1 with a token; :mod:`~fivetenk.practice.webview` is what
  the page is sent (the table as the seat sees it, as JSON) and the page's words; the
  page itself (HTML, CSS, script) is package data in ``assets/``;
- :mod:`~fivetenk.practice.screen`: what the seat sees of the table, within 80 x 24: the
  status, the numbered choices, each move, the settlement, colours on a terminal;
- :mod:`~fivetenk.practice.answers`: where the answers come from (readline on a terminal,
  a stream otherwise) and the words Tab completes from the legal choices;
- :mod:`~fivetenk.practice.gamelog`: the game log of ``play --log`` (JSON lines) and
  ``play --resume``, which replays a log, checks its deals and goes on writing it;
- :mod:`~fivetenk.practice.strategy`: the heuristic players (R24.1) and their suggestion
  with its reason and the facts it states (claims), used by ``play`` and ``python -m
  fivetenk.bench.strategy``;
- :mod:`~fivetenk.practice.reasons`: what a suggestion is made of (action, reason,
  alternatives, claims) and the wording of its reasons, each phrase with its claim;
- :mod:`~fivetenk.practice.claims`: each claim of a suggestion checked against the engine;
- :mod:`~fivetenk.practice.search`: the strong player, determinized rollouts over the
  engine from what its seat may know (``play --level strong``, ``--opponents strong``);
- :mod:`~fivetenk.practice.dispute`: ``fivetenk dispute``, one decision (or one refused
  answer) of a game log written as a scenario that passes ``fivetenk check``;
- :mod:`~fivetenk.practice.simulate`: ``fivetenk simulate``, random legal matches printed
  as a readable log (and as a replaying scenario), and the ``--variant`` options and
  settlement clauses ``play`` shares.

Nothing is imported here: each command's module loads only when that command runs.
"""

# __all__: the modules of the package (written by relayer.py)
__all__ = [
    "answers", "claims", "dispute", "gamelog", "play", "reasons", "screen", "search", "session",
    "simulate", "strategy", "table", "web", "webview", "words",
]
