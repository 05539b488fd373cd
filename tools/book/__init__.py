"""``fivetenk book --out DIR [--report NAME=FILE.jsonl ...] [--lang en|es]``: the living
rulebook, a static site written from the kit's own data (issue 10).

It writes, with relative links only and nothing fetched from the network (it opens from
disk, ``file://``):

- ``index.html``: how the book was made (kit version, command), the 24 rules, the
  rulings and the reports;
- on every page, a search box over How to play, its glossary, the summary, rules, clauses,
  rulings and scenario titles (synonyms in both languages: comodín finds the jokers), clause and
  ruling texts included (``search.js`` over ``search-index.js``, client-side); it lists
  the first 40 results and says how many more there are, with a button to list them all;
- ``rules/Rnn.html``: the rule first (issue 22): its text in English and Spanish, its
  summary, the feature's description and its ``Rule:`` headlines; then each clause with its
  English and Spanish text side by side and the text of every ruling that reads it (and
  the house-rule variants that change it), 2 to 4 examples in full (tagged ``@example``,
  else the kit's pick: :mod:`fivetenk.book.reading`): cards as glyphs, a position as six
  seats, each step a sentence, the expected outcome highlighted, the Gherkin one click away
  and a link to its feature file and line; every other scenario of the clause folded, with
  its count. With reports, each scenario says how each report judged it, and a filter
  shows only the scenarios of one status;
- ``howto.html``: How to play (issue 33): the goal, the card order, every combination with
  an example, a seeded hand of the reference engine walked in order with notes on its
  notable plays, the scoring table, a glossary and the legend of the glyphs
  (:mod:`fivetenk.book.howto`, :mod:`fivetenk.book.learn`);
- ``summary.html``: every rule on one page; ``variants.html``: every house-rule variant;
- on a rule page, an example that asks about cards is said as a player says it
  (:mod:`fivetenk.book.said`), its steps, the feature's notes and the protocol's rulings
  folded under "For implementers";
- ``rulings/Dnn.html``: a ruling's text, its variants, every scenario tagged with it;
- ``features/NAME.feature.html``: each shipped feature file with a numbered line to link;
- the Spanish book (``--lang es``) says everything in Spanish (issue 33): the rule and clause
  texts of rules.es.txt only, every scenario title, headline and note in Spanish, the
  Gherkin and each feature page in the scenario language's Spanish, a failure's evidence
  in Spanish; a report's own words (an engine's message) are shown as data;
- with ``--report``: ``matrix.html`` (rows the clauses grouped by rule with each rule's and
  the overall totals, a column per report, cells with the count of each status and a link
  to every failure's evidence, a "failing rows only" filter: :mod:`fivetenk.book.matrix`)
  and ``failures/<slug>.html``, the evidence of every failure, error and unexpected pass
  of that report (the steps with the failing one marked, request, expected, observed).

A report is the JSON-lines file of ``fivetenk check --jsonl FILE`` (:mod:`fivetenk.results.report`):
a ``"record": "run"`` line, then ``"scenario"`` and ``"stale"`` lines. Anything else is
bad input (exit 2) naming the file, the line and what was expected; nothing is written.

Everything a report holds came from an implementation the kit does not trust: every text
of it goes through :func:`fivetenk.results.report.visible` (control characters and bidirectional
overrides shown escaped, each text bounded) and Jinja2's autoescaping, so no name,
message or observed value can add markup, a script or a line of its own to a page.

The output is deterministic (no timestamps, everything in spec, file or name order): two
builds from the same inputs write the same bytes. The book is written to a temporary
folder next to ``DIR`` and renamed into place, so a failed build leaves no partial book;
an existing ``DIR`` is replaced only when it is empty or an earlier book (it holds the
marker file ``.fivetenk-book``).
"""

from __future__ import annotations

from .cards import (
    CARD,
    KEYWORDS,
    QUOTED_CARDS,
    SUITS,
    Step,
    agree,
    card_html,
    card_label,
    prose,
    seats_of,
    step_lines,
    steps_of,
    with_cards,
)
from .site import (
    MARKER,
    Book,
    BookError,
    Report,
    add_arguments,
    build,
    environment,
    feature_page,
    howto_page,
    outline_row,
    pages,
    parse_report_option,
    read_report,
    run,
    search_index,
    slug,
)

__all__ = [
    "CARD",
    "KEYWORDS",
    "MARKER",
    "QUOTED_CARDS",
    "SUITS",
    "Book",
    "BookError",
    "Report",
    "Step",
    "add_arguments",
    "agree",
    "build",
    "card_html",
    "card_label",
    "environment",
    "feature_page",
    "howto_page",
    "outline_row",
    "pages",
    "parse_report_option",
    "prose",
    "read_report",
    "run",
    "search_index",
    "seats_of",
    "slug",
    "step_lines",
    "steps_of",
    "with_cards",
]
