"""Errors raised by the reference engine.

Every error is a :class:`RulesError` (a :class:`ValueError`) that carries a stable
``code`` and, where a rule forbids the input, the clause id it enforces, so that a
scenario can assert *why* something was rejected and a report can print the clause text.
"""

from __future__ import annotations

import re

from . import provenance
from .rejections import CLAUSE


class RulesError(ValueError):
    """Base class: the input breaks the notation or the rules.

    ``clause`` is the rule clause that the input breaks (``"R03.4"``) or ``None`` when
    only the kit's notation is involved; ``code`` is a short stable identifier.
    """

    code = "rules-error"

    def __init__(self, message: str, *, clause: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.clause = clause

    def __str__(self) -> str:
        return f"{self.message} [{self.clause}]" if self.clause else self.message


class InvalidNotation(RulesError):
    """A card token, card list or reading notation that the kit cannot parse."""

    code = "invalid-notation"


class InvalidCards(RulesError):
    """Parsable cards that cannot exist together (more copies than three decks hold) or
    an empty play."""

    code = "invalid-cards"


class IllegalPlay(RulesError):
    """Cards that form no legal combination, a declared shape they do not have, or a
    combination that does not beat the top play.

    ``rejection`` is the code in the table of ruling D35 that refuses such a play
    (``no-combination``, or the code :func:`.rejections.play_rejection` gives); the clause
    is read from that table. Without a code (an impossible reading, which the notation
    parser turns into :class:`InvalidNotation`) the error names its own clause."""

    code = "illegal-play"

    def __init__(
        self, message: str, *, rejection: str | None = None, clause: str | None = None
    ) -> None:
        if rejection is not None:
            clause = CLAUSE[rejection]
        super().__init__(message, clause=clause)
        self.rejection = rejection


class AmbiguousPlay(RulesError):
    """A play whose reading cannot be decided without a declaration."""

    code = "ambiguous-play"


class IllegalAction(RulesError):
    """An action that the rules forbid in the current state; the state is unchanged.

    ``rejection`` is the code of the kind of rejection in the table of ruling D35
    (:mod:`reference.rejections`); the engine gives the code and the clause is read from
    that table, so that every rejection cites the one clause D35 fixes for it."""

    code = "illegal-action"

    def __init__(
        self, message: str, *, rejection: str | None = None, clause: str | None = None
    ) -> None:
        if rejection is not None:
            clause = CLAUSE[rejection]
            provenance.applies("D35")  # the clause a rejection cites
        super().__init__(message, clause=clause)
        self.rejection = rejection


class InvalidPosition(RulesError):
    """A position that cannot occur; ``problems`` lists every problem found.

    Without an explicit ``clause`` it cites the first clause its problems name, in the
    order they were found (``"out lists [] but … (R16.1: …)"`` cites R16.1), so that a
    scenario can expect a position to be refused citing the clause it breaks (protocol.md,
    ``### start``); a refusal whose problems name no clause (only rulings, or the format)
    cites none."""

    code = "invalid-position"

    def __init__(self, problems: list[str], *, clause: str | None = None) -> None:
        if clause is None:
            clause = next((m.group(0) for p in problems for m in [_CLAUSE.search(p)] if m),
                          None)
        super().__init__("invalid position: " + "; ".join(problems), clause=clause)
        self.problems = list(problems)


_CLAUSE = re.compile(r"\bR(?:0[1-9]|1[0-9]|2[0-4])\.[1-9][0-9]?\b")
"""A clause id named in a problem's text."""
