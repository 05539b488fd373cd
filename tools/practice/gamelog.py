"""The game log of ``fivetenk play``: the records written, and going on with a log.

``--log FILE`` keeps the game as JSON lines (a ``game`` record, a ``hand`` record with its
deal per hand, the ``decision``, ``refused`` and ``undo`` records (an undo keeps the
decisions up to its ``to`` and takes back the rest, :mod:`fivetenk.practice.table`), an
``end`` record), flushed at
every decision: :meth:`GameLog.record`, :func:`deal_setup`. ``--resume FILE``
(:class:`Resume`) replays every logged decision through the engine, checks every logged
deal against its seed's and rewrites the log from the replay (:meth:`GameLog.resumed`);
a log that does not replay is refused at its line
(:class:`fivetenk.practice.dispute.DisputeError`).
"""

from __future__ import annotations

import copy
import io
import json
import os
import stat
from collections import deque
from pathlib import Path
from typing import Any, TextIO

from .. import __version__
from ..model.bounded import visible
from ..model.scenario import read_bytes
from ..reference import Action, Game, RulesError
from ..results.report import write_atomic
from .dispute import MAX_LOG_BYTES, DisputeError, parse_log
from .dispute import Decision as LoggedDecision
from .screen import Screen
from .search import think_problem


def deal_setup(game: Game, previous_banker: int | None) -> dict[str, Any]:
    """The ``setup`` of a hand record: the deal of ``game``'s hand (its decks so far, the
    first seat) and, after the first hand, what it was dealt after (levels, the previous
    winners and banker)."""
    decks = game.deal_decks
    deal: dict[str, Any] = {"deck": [str(c) for c in decks[0]], "first": game.first}
    if len(decks) > 1:
        deal["redeals"] = [[str(c) for c in d] for d in decks[1:]]
    obs = game.observe()
    if game.hand_number > 1:
        deal["hand"] = game.hand_number
        deal["levels"] = obs["levels"]
        deal["previous_winners"] = obs["previous_winners"]
        deal["previous_banker"] = previous_banker
    return {"deal": deal}


def deal_difference(logged: dict[str, Any], dealt: dict[str, Any]) -> str:
    """The first way a logged deal differs from the one the seed deals, in words."""
    for key in ("deck", "redeals", "first", "hand", "levels", "previous_winners",
                "previous_banker", *sorted(set(logged) | set(dealt))):
        mine, theirs = logged.get(key), dealt.get(key)
        if mine == theirs:
            continue
        if key == "deck" and isinstance(mine, list) and isinstance(theirs, list):
            at = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False))
                       if a != b), min(len(mine), len(theirs)))
            if at < min(len(mine), len(theirs)):
                return f"card {at + 1} of the deck is {mine[at]!r}, the seed deals {theirs[at]!r}"
            return f"the deck holds {len(mine)} cards, the seed deals {len(theirs)}"
        return (f"{key} is {json.dumps(mine)[:80]}, the seed gives {json.dumps(theirs)[:80]}"
                if key in dealt else f"{key} is {json.dumps(mine)[:80]}, the seed gives none")
    return "it differs"


class Resume:
    """A logged game to go on with: its settings, and its decisions to replay.

    The session replays every logged decision through the engine (a decision the engine
    refuses, or one for another seat or kind than the engine asks, is refused with its
    line), shows nothing meanwhile, then rewrites the log from the replay (a temporary
    file renamed: a failed replay leaves the old log as it was) with the refusals where
    they were, and appends to it from then on."""

    def __init__(self, path: Path) -> None:
        self.path = path
        where = str(path)
        _rewritable(path)
        data = read_bytes(path, where, DisputeError, MAX_LOG_BYTES)  # a regular file only
        self.log = parse_log(where, data)  # every record checked, DisputeError: file:line
        lines = [(n, raw) for n, raw in enumerate(data.split(b"\n"), 1)
                 if raw.strip()]  # each checked: JSON objects, the game record first
        first = json.loads(lines[0][1])
        seat, hands = first.get("seat"), first.get("hands")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 5:
            raise DisputeError(f"{where}:{lines[0][0]}: the game record needs seat, 0-5, to "
                               "resume")
        if hands is not None and (not isinstance(hands, int) or isinstance(hands, bool)
                                  or hands < 1):
            raise DisputeError(f"{where}:{lines[0][0]}: the game record's hands must be a "
                               "positive integer or null")
        self.seat: int = seat
        self.hands: int | None = hands
        level, opponents, think = (first.get("level", "heuristic"),
                                   first.get("opponents", "heuristic"), first.get("think", 1.0))
        if level not in ("heuristic", "strong") or opponents not in ("heuristic", "strong"):
            raise DisputeError(f"{where}:{lines[0][0]}: the game record's level and opponents "
                               "are heuristic or strong")
        if (why := think_problem(think)) is not None:  # as play --think is checked
            raise DisputeError(f"{where}:{lines[0][0]}: the game record's think must be "
                               f"{why}, as for --think, not {visible(json.dumps(think), 40)}")
        self.level: str = level
        self.opponents: str = opponents
        self.think = float(think)
        self.kit = first.get("kit")
        self.refused: dict[int, list[dict[str, Any]]] = {}
        """refused and undo records, by the number of decisions kept before them (an undo
        record takes back the decisions after its ``to`` and the refusals since, as
        :func:`fivetenk.practice.dispute.parse_log` reads it)"""
        count = 0
        for number, raw in lines:
            record = json.loads(raw)
            if record["record"] == "decision":
                count += 1
            elif record["record"] == "refused":
                self.refused.setdefault(count, []).append(record)
            elif record["record"] == "undo":
                count = record["to"]
                self.refused = {k: [r for r in v if k < count or r["record"] == "undo"]
                                for k, v in self.refused.items() if k <= count}
                self.refused.setdefault(count, []).append(record)
            elif record["record"] == "end":
                raise DisputeError(f"{where}:{number}: this game is over (its end record): "
                                   "nothing to resume; `fivetenk dispute` reads it")


def _rewritable(path: Path) -> None:
    """Refuse to resume a log that the resume could not, or should not, rewrite in place
    (it is replaced by a rename once the replay is through): a symbolic link (the rename
    would put a file in place of the link), a read-only file, a folder that cannot be
    written. DisputeError naming the file, before anything is read."""
    where = str(path)
    try:
        info = os.lstat(path)
    except OSError:
        return  # the reader says why it cannot be read
    if stat.S_ISLNK(info.st_mode):
        raise DisputeError("is a symbolic link: resuming rewrites the log, so name the file "
                           "itself", where=where)
    if stat.S_ISREG(info.st_mode) and (not info.st_mode & 0o222
                                       or not os.access(path, os.W_OK)):
        raise DisputeError("the log is read-only: resuming rewrites it; make it writable, "
                           "or resume a copy", where=where)
    folder = path.parent if str(path.parent) else Path(".")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DisputeError(f"cannot rewrite the log: its folder {folder} cannot be written",
                           where=where)


class GameLog(Screen):
    """The logging half of a :class:`fivetenk.practice.session.Session`: the records of the
    game, and the replay of a resumed log. The attributes below are the session's."""

    seed: int
    hands: int | None
    log: TextIO | None
    held: list[dict[str, Any]] | None
    records: list[dict[str, Any]]
    _previous_banker: int | None
    dealt: set[int]
    resume: Resume | None
    replay: deque[LoggedDecision]

    # -- the log -----------------------------------------------------------------------
    def record(self, data: dict[str, Any]) -> None:
        if self.held is not None and data["record"] != "game":
            self.held.append(data)
            return
        self.records.append(data)
        if self.log is not None:
            self.log.write(json.dumps(data, separators=(",", ":")) + "\n")
            self.log.flush()

    def _setup(self) -> dict[str, Any]:
        return deal_setup(self.game, self._previous_banker)

    def flush_hand(self, hand_no: int) -> None:
        held, self.held = self.held or [], None
        if self.resume is not None:  # replaying: the log's deal must be the seed's
            self.check_deal(hand_no, self._setup())
        self.record({"record": "hand", "hand": hand_no, "setup": self._setup()})
        for data in held:
            self.record(data)

    # -- resuming ----------------------------------------------------------------------
    def replayed(self, hand_no: int, seat: int, kind: str) -> Action:
        """Apply the next logged decision, checked against the engine's question."""
        assert self.resume is not None
        where = str(self.resume.path)
        logged = self.replay.popleft()
        for refused in self.resume.refused.get(logged.n - 1, ()):
            self.record(refused)
        if (logged.hand, logged.seat, logged.kind) != (hand_no, seat, kind):
            raise DisputeError(
                f"{where}:{logged.line}: decision {logged.n} is logged as hand {logged.hand}, "
                f"seat {logged.seat}, {logged.kind}, but the replay asks hand {hand_no}, "
                f"seat {seat}, {kind}: not a log of this game")
        try:
            action = Action.from_json(logged.action)
            self.game.apply(action)
        except RulesError as err:
            clause = f" [{err.clause}]" if err.clause else ""
            raise DisputeError(f"{where}:{logged.line}: decision {logged.n} is refused by "
                               f"the engine in the replay: {err.message}{clause}") from None
        return action

    def check_deal(self, hand_no: int, setup: dict[str, Any]) -> None:
        """The logged deal of hand ``hand_no`` (if the log has one) is ``setup``, the one
        the seed and the replayed decisions deal; else DisputeError at the hand record's
        line: a forged or edited log is refused, never rewritten with another deal."""
        assert self.resume is not None
        logged = self.resume.log.deals.get(hand_no)
        if logged is None:
            return
        line, deal = logged
        if deal != setup["deal"]:
            raise DisputeError(
                f"{self.resume.path}:{line}: hand {hand_no}'s deal is not the one seed "
                f"{self.seed} deals ({deal_difference(deal, setup['deal'])}): an edited or "
                "forged log, not resumed; it is left as it was")
        self.dealt.add(hand_no)

    def check_deals(self) -> None:
        """When the replay is through, every logged deal not yet checked: the hand being
        dealt now, and a next hand the log was quit at the start of (dealt here on a copy
        of the game); a logged hand the game does not reach is refused."""
        assert self.resume is not None
        game = self.game
        for hand_no in sorted(set(self.resume.log.deals) - self.dealt):
            line = self.resume.log.deals[hand_no][0]
            if hand_no == game.hand_number:
                self.check_deal(hand_no, self._setup())
                continue
            going_on = (hand_no == game.hand_number + 1 and game.pending() is None
                        and not game.match_over
                        and (self.hands is None or game.hand_number < self.hands))
            if not going_on:
                raise DisputeError(f"{self.resume.path}:{line}: hand {hand_no}: the logged "
                                   f"decisions do not reach it (the replay is at hand "
                                   f"{game.hand_number}): an edited or forged log, not resumed")
            following = copy.deepcopy(game)
            following.next_hand()
            self.check_deal(hand_no, deal_setup(following, game.banker))

    def resumed(self) -> None:
        """The replay is through: every logged deal is checked against the seed's, then
        the log is rewritten from the replay (a temporary file renamed, so a failed replay
        leaves the old log as it was) and appended to from now on."""
        assert self.resume is not None and isinstance(self.log, io.StringIO)
        self.check_deals()
        path, replayed = self.resume.path, self.number
        for refused in self.resume.refused.get(replayed, ()):
            self.record(refused)
        write_atomic(path, self.log.getvalue())
        self.log = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed by close()
        logged_by, self.resume, self.quiet = self.resume.kit, None, False
        kit = ""
        if logged_by is not None and logged_by != __version__:  # the log's words: escaped
            kit = f" (logged by kit {visible(str(logged_by), 40)}, replayed by {__version__})"
        done = f"decisions 1-{replayed} replayed" if replayed else "no decision to replay"
        self.say(f"Resumed {path}: {done}{kit}; hand {self.game.hand_number} goes on.")
