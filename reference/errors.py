"""Errors raised by the reference engine.

Every error is a :class:`RulesError` (a :class:`ValueError`) that carries a stable
``code`` and, where a rule forbids the input, the clause id it enforces, so that a
scenario can assert *why* something was rejected and a report can print the clause text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from . import provenance
from .rejections import CLAUSE, position_citation


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


class Problem(NamedTuple):
    """One problem of a refused position: its ``code`` in the table of ruling D40
    (:data:`.rejections.POSITION_PROBLEMS`), which gives the clause, and a free ``message``
    for people."""

    code: str
    message: str


class InvalidPosition(RulesError):
    """A position (or a deal setup) that cannot occur; ``problems`` lists every problem
    found, as messages, and ``codes`` their codes.

    The clause is read from the code table of ruling D40, never from the messages: of the
    problems' codes, the first in the table's order that names a clause
    (:func:`.rejections.position_citation`); ``rejection`` is that code. A problem given as
    plain text has no code and cites nothing (a deal setup's bad values, which break the
    format only). An explicit ``clause`` overrides the table."""

    code = "invalid-position"

    def __init__(self, problems: Sequence[Problem | str], *, clause: str | None = None) -> None:
        coded = [p for p in problems if isinstance(p, Problem)]
        self.codes = [p.code for p in coded]
        self.rejection: str | None = None
        if coded:
            provenance.applies("D40")  # the clause a refused position cites
        cited = position_citation(self.codes) if clause is None else None
        if cited is not None:
            self.rejection, clause = cited
        messages = [p.message if isinstance(p, Problem) else p for p in problems]
        super().__init__("invalid position: " + "; ".join(messages), clause=clause)
        self.problems = messages
