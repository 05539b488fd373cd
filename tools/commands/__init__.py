"""The kit's own commands, one module each, dispatched by :mod:`fivetenk.cli`:

- :mod:`.check`: ``fivetenk check``, the suite against an implementation (the main job);
- :mod:`.show`: ``fivetenk show``, one scenario as written and as JSON, or replayed;
- :mod:`.rules`: ``fivetenk rules``, rules, clauses and rulings;
- :mod:`.export`: ``fivetenk export``, the feature scenarios as schema-valid JSON;
- :mod:`.render`: ``fivetenk render``, JSON scenarios back to Gherkin.

The commands of the other areas live with them: ``fuzz`` in :mod:`fivetenk.fuzz`, ``play``,
``dispute`` and ``simulate`` in :mod:`fivetenk.practice`, ``book`` in :mod:`fivetenk.book`.
"""

# __all__: the modules of the package (written by relayer.py)
__all__ = ["check", "diff", "expectations", "export", "render", "rules", "show"]
