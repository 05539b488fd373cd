"""Every rejection the reference engine can produce and the clause it cites (ruling D35).

The primary copy of this table is the ``rejections`` table of D35 in ``spec/rulings.yaml``;
this module mirrors it so that the engine stays stdlib-only and reads no YAML at run time.
``tests/engine/test_rejections.py`` fails when the two differ, when a code is never produced, or
when the engine raises a rejection the table does not list.

``PRECEDENCE`` is the order in which the engine checks an action: when one action breaks
several rules, it is rejected with the first code of this order that applies.

``PLAY_REJECTIONS`` decides which code (so which clause) refuses a play whose cards form a
combination that does not beat the top play (the ``play_rejections`` table of D35): its
rows are tried in order and the first whose top kinds hold the top play's kind and whose
reply kinds meet a reading of the reply gives the code. The engine reads it through
:func:`play_rejection` and chooses nothing itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class Rejection(NamedTuple):
    code: str
    clause: str
    description: str


REJECTIONS: tuple[Rejection, ...] = (
    Rejection("hand-over", "R23.1",
                    "any action once the hand is over, whether or not the match goes on"),
    Rejection("reveal-after-banker-first-hand", "R08.3",
                    "first hand: a reveal or skip once the banker is fixed (no overturning)"),
    Rejection("reveal-after-banker", "R09.3",
                    "later hand: a reveal or skip once the banker is fixed (no overturning)"),
    Rejection("wrong-phase", "R10.1",
                    "a bury, call, play or pass in a phase other than its own"),
    Rejection("reveal-by-previous-loser", "R09.1",
                    "later hand: a reveal or skip by a seat of the previous losing side"),
    Rejection("reveal-not-prompted-first-hand", "R08.3",
                    "first hand: a reveal or skip by a seat that is not prompted"),
    Rejection("reveal-not-prompted", "R09.4",
                    "later hand: a reveal or skip by an eligible seat that is not prompted"),
    Rejection("reveal-wrong-rank-first-hand", "R08.1",
                    "first hand: a reveal of a card that is not a 3"),
    Rejection("reveal-wrong-rank", "R09.2",
                    "later hand: a reveal of a card not of the seat's own current level"),
    Rejection("reveal-not-held-first-hand", "R08.1",
                    "first hand: a reveal of a 3 the seat does not hold"),
    Rejection("reveal-not-held", "R09.2",
                    "later hand: a reveal of a level card the seat does not hold"),
    Rejection("not-your-turn", "R13.1",
                    "a play or pass by a seat whose turn it is not"),
    Rejection("not-your-decision", "R10.1",
                    "a bury or call by a seat other than the banker"),
    Rejection("bury-count", "R10.1", "a burial of other than six cards"),
    Rejection("bury-not-held", "R10.1", "a burial of cards the banker does not hold"),
    Rejection("call-count", "R11.1", "other than two calls"),
    Rejection("call-two-or-joker", "R11.3", "a call naming a 2 or a joker"),
    Rejection("call-not-callable", "R11.2",
                    "a call naming a face that is not the callable face of its suit"),
    Rejection("call-same-face", "R11.1", "two calls naming the same face"),
    Rejection("call-ordinal", "R11.4",
                    "an ordinal outside 1st-3rd, or (bounded) beyond the copies not buried"),
    Rejection("play-empty", "R13.2", "a play of no cards"),
    Rejection("play-not-held", "R13.2", "a play of cards the seat does not hold"),
    Rejection("lead-pass", "R13.2", "a pass by the leader of a new trick"),
    Rejection("no-combination", "R03.1",
                    "cards that form no legal combination, or do not have the declared reading"),
    Rejection("bad-declared-reading", "R03.1",
                    "a declared reading that is malformed or that no cards can have"),
    Rejection("ordinary-reply", "R03.3",
                    "an ordinary reply of another type or count, or not strictly higher"),
    Rejection("five-ten-king-tier", "R04.1",
                    "a reply across 5,10,K tiers that does not beat (mixed < suited < bombs)"),
    Rejection("five-ten-king-suited", "R04.2",
                    "a suited 5,10,K that does not beat a suited 5,10,K"),
    Rejection("five-ten-king-mixed", "R04.3", "a mixed 5,10,K against a mixed 5,10,K"),
    Rejection("bomb-over", "R05.1",
                    "an ordinary play or 5,10,K against a bomb"),
    Rejection("bomb-order", "R05.2",
                    "a bomb that does not beat a bomb (more cards first, then rank)"),
    Rejection("rocket", "R05.3",
                    "anything against a rocket, or a rocket against a bomb that tops it"),
    Rejection("next-hand-unsettled", "R23.1",
                    "starting the next hand before this hand is settled"),
    Rejection("next-hand-match-over", "R07.2",
                    "starting a next hand after the match is over"),
)

CLAUSE: dict[str, str] = {r.code: r.clause for r in REJECTIONS}

PRECEDENCE: tuple[str, ...] = tuple(r.code for r in REJECTIONS)
"""The table is listed in precedence order (see the module docstring)."""

READING_KINDS: tuple[str, ...] = (
    "ordinary", "mixed", "suited", "bomb", "twelve-bomb", "rocket")
"""The kinds of reading the play rejections are decided by: an ordinary shape (R03.1), a
mixed or a suited 5,10,K (R04.1), a bomb (R05.1), a bomb of all twelve copies of a rank
under ``twelve_bomb=beats_rocket`` (D37; under the default it is a ``bomb``), a rocket
(R05.3)."""


class PlayRejection(NamedTuple):
    reply: tuple[str, ...]
    """Reading kinds, one of which a reading of the reply has; empty: any reply."""
    top: tuple[str, ...]
    """Reading kinds, one of which the top play has."""
    code: str
    description: str


PLAY_REJECTIONS: tuple[PlayRejection, ...] = (
    PlayRejection(("rocket",), ("twelve-bomb",), "rocket",
                  "a rocket on a bomb of twelve that tops every rocket (D37)"),
    PlayRejection((), ("rocket",), "rocket", "anything on a rocket"),
    PlayRejection(("bomb", "twelve-bomb"), ("bomb", "twelve-bomb"), "bomb-order",
                  "a bomb on a bomb it does not beat"),
    PlayRejection((), ("bomb", "twelve-bomb"), "bomb-over",
                  "an ordinary play or a 5,10,K on a bomb"),
    PlayRejection(("mixed",), ("mixed",), "five-ten-king-mixed",
                  "a mixed 5,10,K on a mixed 5,10,K"),
    PlayRejection(("suited",), ("suited",), "five-ten-king-suited",
                  "a suited 5,10,K on a suited 5,10,K it does not beat"),
    PlayRejection((), ("mixed", "suited"), "five-ten-king-tier",
                  "an ordinary play on a 5,10,K, or a mixed one on a suited one"),
    PlayRejection((), ("ordinary",), "ordinary-reply",
                  "an ordinary play on an ordinary play it does not beat"),
)
"""Which code refuses a combination that does not beat the top play, first row first (see
the module docstring)."""


def play_rejection(reply_kinds: Iterable[str], top_kind: str) -> PlayRejection:
    """The first row of :data:`PLAY_REJECTIONS` for a reply whose readings have
    ``reply_kinds`` on a top play of ``top_kind`` (both from :data:`READING_KINDS`)."""
    kinds = set(reply_kinds)
    for row in PLAY_REJECTIONS:
        if top_kind in row.top and (not row.reply or kinds & set(row.reply)):
            return row
    raise KeyError(f"no play rejection for {sorted(kinds)} on {top_kind!r}")


class PositionProblem(NamedTuple):
    code: str
    clause: str | None
    """None: the problem breaks the position's format, no rule."""
    description: str


POSITION_PROBLEMS: tuple[PositionProblem, ...] = (
    PositionProblem("too-many-copies", "R01.1", "more copies of a card than the pack holds"),
    PositionProblem("level-range", "R07.1", "a level outside 3-A"),
    PositionProblem("later-hand-no-winners", "R09.1",
                    "a later hand without the previous winning side, the seats that may reveal"),
    PositionProblem("deal-in-later-hand", "R09.5",
                    "a deal number above 1 in a later hand, which is never redealt"),
    PositionProblem("hand-size-before-play", "R10.1",
                    "before play, a hand that is not full (26 cards, the banker 32 at the burial)"),
    PositionProblem("hand-size-over", "R10.1",
                    "a hand of more than 26 cards (32 for the banker at the burial)"),
    PositionProblem("hand-size-with-trick", "R01.2",
                    "a seat whose cards held and put in the trick make more than 26"),
    PositionProblem("buried-before-burial", "R10.1", "buried cards before the burying decision"),
    PositionProblem("bury-count", "R10.1", "a burial of other than six cards"),
    PositionProblem("trick-before-play", "R10.1", "a trick in the burying or calling phase"),
    PositionProblem("calls-before-play", "R10.1",
                    "calls listed in the burying or calling phase, before the calls are made"),
    PositionProblem("call-count", "R11.1", "other than two calls"),
    PositionProblem("call-two-or-joker", "R11.3", "a call naming a 2 or a joker"),
    PositionProblem("call-not-callable", "R11.2",
                    "a call naming a face that is not the callable face of its suit"),
    PositionProblem("call-same-face", "R11.1", "two calls naming the same face"),
    PositionProblem("call-ordinal", "R11.4",
                    "an ordinal outside 1st-3rd, or (bounded) beyond the copies not buried"),
    PositionProblem("call-played-count", "R11.4",
                    "a call's played count other than the copies of its face gone or on the table"),
    PositionProblem("call-unresolved", "R12.1",
                    "a call whose occurrence has been played, with nobody named as resolving it"),
    PositionProblem("call-resolved-early", "R12.1",
                    "a call named as resolved before its occurrence has been played"),
    PositionProblem("call-wrong-resolver", "R12.1",
                    "a call resolved by another seat than the one that played its occurrence in "
                    "the current trick"),
    PositionProblem("captured-not-points", "R06.1",
                    "captured points that are not six multiples of 5"),
    PositionProblem("captured-total", "R06.2",
                    "captured points other than the points of the cards played in earlier tricks"),
    PositionProblem("lead-pass", "R13.2", "a trick that begins with a pass"),
    PositionProblem("lead-not-leader", "R13.1", "a trick led by another seat than its leader"),
    PositionProblem("play-empty", "R13.2", "a play of no cards in the trick"),
    PositionProblem("no-combination", "R03.1",
                    "cards in the trick that form no legal combination, or do not have the "
                    "declared reading"),
    PositionProblem("bad-declared-reading", "R03.1",
                    "a declared reading in the trick that is malformed or that no cards can have"),
    PositionProblem("ordinary-reply", "R03.3",
                    "an ordinary reply in the trick of another type or count, or not higher"),
    PositionProblem("five-ten-king-tier", "R04.1",
                    "a reply in the trick across 5,10,K tiers that does not beat"),
    PositionProblem("five-ten-king-suited", "R04.2",
                    "a suited 5,10,K in the trick that does not beat a suited 5,10,K"),
    PositionProblem("five-ten-king-mixed", "R04.3",
                    "a mixed 5,10,K in the trick on a mixed 5,10,K"),
    PositionProblem("bomb-over", "R05.1", "an ordinary play or 5,10,K in the trick on a bomb"),
    PositionProblem("bomb-order", "R05.2", "a bomb in the trick that does not beat a bomb"),
    PositionProblem("rocket", "R05.3",
                    "anything in the trick on a rocket, or a rocket on a bomb that tops it"),
    PositionProblem("reply-to-own-top", "R13.3",
                    "a seat replying in the trick to its own top play"),
    PositionProblem("passed-incomplete", "R13.2",
                    "a trick whose passed seats leave out a seat that passed (since the last "
                    "play under pass=turn)"),
    PositionProblem("passed-empty-hand", "R16.1", "a seat holding no cards listed as passed"),
    PositionProblem("passed-top-play", "R13.3", "the seat that made the top play listed as passed"),
    PositionProblem("out-list", "R16.1", "an out list other than exactly the empty-handed seats"),
    PositionProblem("hand-over-whole-side", "R17.1",
                    "a hand in play after a whole side is out, both calls resolved"),
    PositionProblem("hand-over-one-left", "R18.1",
                    "a hand in play with only one player holding cards"),
    PositionProblem("trick-over", "R13.3",
                    "a trick that every other player holding cards has passed"),
    PositionProblem("turn-empty-hand", "R16.1", "the turn given to a seat holding no cards"),
    PositionProblem("turn-not-banker", "R10.1",
                    "before play, the turn given to another seat than the banker"),
    PositionProblem("turn-top-play", "R13.3", "the turn given to the seat that made the top play"),
    PositionProblem("turn-locked-out", "R13.1",
                    "under pass=trick, the turn given to a seat that passed in this trick"),
    PositionProblem("turn-passed", "R13.1",
                    "under pass=turn, the turn given to a seat that passed since the last play"),
    PositionProblem("reveal-not-banker", "R09.3",
                    "a reveal by another seat than the banker, whom the reveal fixed"),
    PositionProblem("reveal-wrong-rank-first-hand", "R08.1",
                    "first hand: a reveal of a card that is not a 3"),
    PositionProblem("reveal-wrong-rank", "R09.2",
                    "later hand: a reveal of a card not of the seat's own current level"),
    PositionProblem("position-format", None,
                    "what the position schema forbids: a missing or unknown key, a value of the "
                    "wrong type or range, a card token or reading the notation cannot read"),
)
"""Every problem a refused position can have, and the clause it cites (ruling D40); the
primary copy is the ``position_problems`` table of D40 in ``spec/rulings.yaml``. A code
that is also an action's (D35: ``bury-count``, ``call-count``, ``lead-pass``,
``no-combination``…) cites the same clause as the action, so the same cards cite the same
clause whether they are played or given in a position. The table is in precedence order:
a position with several problems cites the clause of its first code in this order that
names one (``position-format`` names none)."""

POSITION_CLAUSE: dict[str, str | None] = {r.code: r.clause for r in POSITION_PROBLEMS}

_POSITION_RANK = {r.code: i for i, r in enumerate(POSITION_PROBLEMS)}


def position_citation(codes: Iterable[str]) -> tuple[str, str] | None:
    """The code and clause a position refused for problems of ``codes`` cites: the first of
    them in :data:`POSITION_PROBLEMS` order that names a clause; None if none does."""
    for code in sorted(set(codes), key=_POSITION_RANK.__getitem__):
        clause = POSITION_CLAUSE[code]
        if clause is not None:
            return code, clause
    return None
