"""The table's own words of ``fivetenk play`` (issue 34, item 2): ``help``, ``hint``,
``undo``, ``history`` and ``score`` at any question, and a helpful answer to a word that
is neither a card nor a command.

:class:`Table` is the part of a :class:`fivetenk.practice.session.Session` that keeps what
these need: the tricks of the hand (:class:`Trick`, filled as each move is made, so a
resumed game has them too), the levels before and after every hand, and the points where
each of the user's questions was asked (:class:`Mark`), so that ``undo`` takes back the
user's last decision and the computer moves after it. An undo is logged as an ``undo``
record (the decisions kept, ``to``, and the records taken back, ``undone``); ``fivetenk
play --resume`` and ``fivetenk dispute`` read the decisions after ``to`` as taken back.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..reference import Action, Card, Game, RulesError
from .gamelog import GameLog
from .screen import tally
from .words import Words


class UndoRequest(Exception):
    """The user asked to take back their last decision (``undo``)."""


@dataclass
class Trick:
    """One trick of the hand: its moves in order (as the screen says them, and as data),
    and who won it with how many points."""

    moves: list[str] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    """each move's action as JSON, a play with the engine's reading of its cards (R12)"""
    winner: int | None = None
    points: int = 0


@dataclass
class Mark:
    """The table as it was when one of the user's questions was asked."""

    game: Game
    number: int
    """decisions taken before the question"""
    records: int
    """records kept before it"""
    tricks: list[Trick]
    hand: int


class Table(GameLog):
    """The table commands of a session; the attributes below are the session's."""

    words: Words
    tricks: list[Trick]
    levels_seen: list[tuple[int, list[str], list[str] | None]]
    marks: list[Mark]

    def help(self) -> None:
        for line in self.words.help:
            self.say(line)

    # -- the tricks ----------------------------------------------------------------------
    def follow(self, action: Action, before: dict[str, Any], after: dict[str, Any],
               shown: str) -> None:
        """Keep the move ``action`` (as the screen shows it, ``shown``) in the tricks of
        the hand, closing a trick when the table's trick ends or passes to a new leader."""
        if action.type not in ("play", "pass"):
            return
        if not self.tricks or self.tricks[-1].winner is not None:
            self.tricks.append(Trick())
        trick = self.tricks[-1]
        who = self.words.you if action.seat == self.seat else f"s{action.seat}"
        trick.moves.append(f"{who} {shown}")
        trick.actions.append(self.as_read(action, after).to_json())
        was, now = before.get("trick"), after.get("trick")
        if now is None or (was is not None and now["leader"] != was["leader"]) or (
                was is None and now is None):
            if was is not None and action.type == "pass":
                trick.winner, trick.points = was["top"]["seat"], was["points"]
            else:  # the play that ended the hand
                trick.winner = action.seat
                trick.points = (was["points"] if was else 0) + sum(c.points
                                                                    for c in action.cards)
        result = after.get("result")
        if result is not None and trick.winner is None:  # the hand ended on the table
            trick.winner, trick.points = result["table_to"], result["table_points"]

    def history(self) -> None:
        """``history``: every trick of the hand so far, with who won it and its points."""
        w = self.words
        if not self.tricks:
            self.say(w.no_tricks)
            return
        for index, trick in enumerate(self.tricks, 1):
            end = (w.trick_won.format(seat=trick.winner, points=trick.points)
                   if trick.winner is not None else w.trick_open)
            self.say(f"{index:>2}. {', '.join(trick.moves)}{end}")

    def score(self) -> None:
        """``score``: the points captured (the status's tally) and the levels, hand by
        hand."""
        w = self.words
        obs = self.game.observe()
        self.say(tally(obs, w))
        for hand, start, end in self.levels_seen:
            self.say(w.levels_line.format(hand=hand, start=" ".join(start), end=" ".join(end))
                     if end else w.levels_now.format(hand=hand, start=" ".join(start)))

    # -- undo ----------------------------------------------------------------------------
    def mark(self, hand: int) -> None:
        """A question of the user's is asked: remember the table as it is."""
        self.marks.append(Mark(copy.deepcopy(self.game), self.number, len(self.records),
                               copy.deepcopy(self.tricks), hand))

    def can_undo(self) -> bool:
        return len(self.marks) >= 2 and self.marks[-2].hand == self.marks[-1].hand

    def undo(self) -> None:
        """Take back the user's last decision and every move after it: the table as it was
        at the user's question before this one, logged as an ``undo`` record."""
        assert self.can_undo()
        self.marks.pop()  # this question's
        back = self.marks.pop()  # the last question answered; asked again, marked again
        undone = self.records[back.records:]
        del self.records[back.records:]
        self.game, self.number, self.tricks = back.game, back.number, back.tricks
        self.record({"record": "undo", "hand": back.hand, "to": back.number,
                     "undone": undone})
        count = sum(1 for r in undone if r["record"] == "decision")
        moves = self.words.moves[count != 1].format(n=count)
        self.say(self.words.undone.format(n=back.number + 1, moves=moves))


def unknown_word(text: str) -> str | None:
    """The first word of ``text`` when it is a word (letters only) that is not a card nor
    an answer or command, for a helpful message; else None (a card error the engine
    explains)."""
    word = text.split()[0] if text.split() else ""
    if not word.isalpha() or len(word) < 4 or word.upper() in ("PASS", "SKIP", "REVEAL",
                                                               "BURY", "CALL", "PLAY"):
        return None  # a card is at most three characters (10H): a shorter word may be one
    try:
        Card.parse(word.upper())
    except RulesError:
        return word
    return None
