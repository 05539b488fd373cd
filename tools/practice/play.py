"""Play 5,10,K at one seat against five computer players, one decision at a time.

You hold seat N (--seat, default 0); computer players following the advice of
R24.1 hold the other five, for the whole match or --hands K. --seed N deals the
same cards again; without it a fresh seed is dealt and printed, so the game can
be played again. Every decision the rules give you is asked: reveal or skip at a
prompt (D3), the burial (R10.1), the two calls (R11.1), play or pass
(R13.1-R13.2). A decision with only one legal answer (a pass when nothing you
hold beats the top play, a skip without a level card) is played for you and said
on screen; --ask-forced asks it too. The screen shows what your seat may know
(R10.2: no other hand, your own burial only) and fits 80 x 24: the points
captured per seat and per side against the 120 the defenders need (R21.4), once
both calls have shown the sides. Each move is numbered (#57). An illegal answer
is refused with the clause that forbids it, and the question is asked again.

At a question, type:
  7H 7S | pass | skip | AH 1 AS 1  an answer in card notation, or as the choices
                                   show it (reveal 3C, call AD 1 AC 1, 4H 4S
                                   (pair 4)); on a terminal Tab completes it
  3                                the listed choice numbered 3
  ?                                the suggestion, its reason (R24.1) and the
                                   alternatives
  list                             the next page of numbered choices
  hint                             the suggestion again
  undo                             take back your last decision and the
                                   computer moves after it (logged; --resume
                                   replays it)
  history                          the tricks of the hand so far
  score                            the points captured and the levels, hand by
                                   hand
  help                             these commands
  dispute [N] [PATH]               move N as a scenario file, as `fivetenk
                                   dispute LOG --at N` writes it; without N the
                                   answer just refused, else the last move
  Ctrl-D, Ctrl-C                   quit, saying how to go on

--log FILE keeps the game as JSON lines, flushed at every decision, in a new
file (an existing one is refused, never overwritten); `fivetenk play --resume
FILE` goes on with it (its seed, seat, variants and hands; every logged decision
replayed and checked by the engine, every logged deal checked against its
seed's: an edited log is refused at its line; a link or a read-only log is
refused, since resuming rewrites it; a failed resume leaves it as it was).
--auto takes the suggestion at every decision: the same seed gives the same
game. Colours only on a terminal and without NO_COLOR. --lang es speaks Spanish
at the table (card notation and answers stay as they are).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import secrets
import sys
from collections import deque
from pathlib import Path
from typing import Any, TextIO

from .. import __version__
from ..model.bounded import NAME_LIMIT, visible
from ..model.paths import NEW, file_problem, open_log, write_file
from ..model.user_input import UsageError
from ..reference.actions import Action, CallSpec
from ..reference.cards import Card
from ..reference.errors import InvalidNotation, RulesError
from ..reference.game import Game
from ..reference.variants import CHOICES, Variants
from .answers import Answers, completions
from .dispute import Decision as LoggedDecision
from .dispute import DisputeError, dispute_feature, parse_log, refusal_feature
from .gamelog import Resume
from .reasons import Suggestion
from .search import DEFAULT_THINK, StrongPlayer, think_problem
from .search import MAX_THINK as MAX_THINK  # where it was
from .simulate import variants_from_options
from .strategy import HeuristicPlayer, call_plan, suggest
from .table import Table, UndoRequest, unknown_word
from .words import LANGUAGES, WORDS

MAX_ANSWER = 200
"""An answer longer than this many characters is refused unread (a hand is at most 32
cards, about 100 characters), so a pasted flood costs nothing and is not echoed."""


LEVELS = ("heuristic", "strong")
"""The computer players: the heuristic (R24.1) and the searching player."""


class EndOfInput(Exception):
    """The input stream ended (Ctrl-D)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", type=int, default=None, help="your seat, 0-5 (default 0)")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands to play (default: the whole match)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the deal (default: a fresh seed, printed, so the game "
                        "can be played again)")
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME=VALUE",
        help="a house-rule variant (repeatable; "
        + "; ".join(f"{k}: {'|'.join(v)}" for k, v in CHOICES.items()) + ")")
    parser.add_argument("--auto", action="store_true",
                        help="take the suggestion at every decision without asking")
    parser.add_argument("--level", choices=LEVELS, default=None,
                        help="the suggestions: heuristic (the default; the advice of R24.1) "
                        "or strong (searched: each gives how often it won the sampled "
                        "continuations)")
    parser.add_argument("--opponents", choices=LEVELS, default=None,
                        help="the computer players: heuristic (default) or strong")
    parser.add_argument("--think", type=float, default=None, metavar="SECONDS",
                        help=f"search per strong decision, in seconds of one core (default "
                        f"{DEFAULT_THINK}; the budget is counted in simulated moves, so a "
                        "seed plays the same game on any machine)")
    parser.add_argument("--ask-forced", action="store_true",
                        help="ask even when only one answer is legal (by default a forced "
                        "pass or skip is played for you and said on screen)")
    parser.add_argument("--no-hints", action="store_true",
                        help="do not show the suggestion with each question ('?' still does)")
    parser.add_argument("--log", metavar="FILE",
                        help="write the game as JSON lines to FILE, a new file (an existing "
                        "one is never overwritten: --resume it, or name another)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the language of the table's words: en (default) or es "
                        "(Spanish); card notation and the answers stay as they are")
    parser.add_argument("--resume", metavar="FILE",
                        help="go on with the game logged in FILE (written by --log): its "
                        "seed, seat, variants and hands, its decisions replayed; the log "
                        "goes on in FILE")


def run(args: argparse.Namespace, out: TextIO | None = None,
        inp: TextIO | None = None) -> int:
    """Play; returns the exit code (0 also when the input ends early, 130 after Ctrl-C)."""
    out = out if out is not None else sys.stdout
    inp = inp if inp is not None else sys.stdin
    if inp is sys.stdin:  # bytes that are no text become U+FFFD: an unknown card, refused
        with contextlib.suppress(AttributeError, ValueError):
            sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]

    def refuse(message: str) -> int:
        print(f"fivetenk play: {message}", file=sys.stderr)
        return 2

    resume: Resume | None = None
    if args.resume:
        given = [name for name, value in (("--seed", args.seed), ("--seat", args.seat),
                                          ("--hands", args.hands), ("--log", args.log),
                                          ("--level", args.level),
                                          ("--opponents", args.opponents),
                                          ("--think", args.think))
                 if value is not None] + (["--variant"] if args.variant else [])
        if given:
            return refuse(f"--resume takes the seed, seat, variants, hands and players from the "
                          f"log "
                          f"and goes on writing it: drop {', '.join(given)}")
        try:
            resume = Resume(Path(args.resume))
        except DisputeError as err:
            return refuse(str(err))
        except OSError as err:
            return refuse(f"cannot read the log {args.resume}: {err.strerror}")
        seed, seat, hands, variants = (resume.log.seed, resume.seat, resume.hands,
                                       Variants.from_mapping(resume.log.variants))
        level, opponents, think = resume.level, resume.opponents, resume.think
        log_name: str | None = args.resume
    else:
        try:
            variants = variants_from_options(args.variant)
        except ValueError as err:
            return refuse(str(err))
        seed = fresh_seed() if args.seed is None else args.seed
        seat = 0 if args.seat is None else args.seat
        hands, log_name = args.hands, args.log
        level, opponents = args.level or "heuristic", args.opponents or "heuristic"
        think = DEFAULT_THINK if args.think is None else args.think
        if (why := think_problem(think)) is not None:
            return refuse(f"--think must be {why}, not {args.think}")
        if not 0 <= seat <= 5:
            return refuse(f"--seat must be 0-5, not {seat}")
        if hands is not None and hands < 1:
            return refuse("--hands must be at least 1")
        if seed < 0:
            return refuse(f"--seed must be 0 or more, not {seed}")
    color = out.isatty() and "NO_COLOR" not in os.environ
    log: TextIO | None = None
    if log_name and resume is None:  # a new regular file only (fivetenk.model.paths, issue 29)
        shown = visible(log_name, NAME_LIMIT)
        exists = (f"the log {shown} exists: `fivetenk play --resume {shown}` goes on "
                  "with its game, or give --log another name (a log is never overwritten)")
        problem = file_problem(Path(log_name), policy=NEW)
        if problem is not None:
            return refuse(exists if problem.startswith("exists") else
                          f"cannot write the log {shown}: {problem.removeprefix('is ')}")
        try:  # created here, never truncated: exclusive, so a file made meanwhile is kept
            log = os.fdopen(open_log(Path(log_name), policy=NEW), "w", encoding="utf-8")
        except UsageError as err:
            return refuse(exists if "exists" in str(err) else f"cannot write the log: {err}")
    session = Session(seed, seat, variants, out, inp, log=log, auto=args.auto,
                      hints=not args.no_hints, color=color, hands=hands,
                      log_name=log_name, resume=resume, ask_forced=args.ask_forced,
                      level=level, opponents=opponents, think=think,
                      lang=getattr(args, "lang", "en"))
    session.fresh = resume is None and args.seed is None
    code = 0
    try:
        session.play()
    except EndOfInput:
        session.quit_message("eof")
    except KeyboardInterrupt:
        session.quit_message("interrupt")
        code = 130
    except DisputeError as err:  # the log of --resume does not replay
        return refuse(str(err))
    except BrokenPipeError:
        raise  # stdout went away: the command line's quiet exit
    except OSError as err:
        return refuse(f"cannot write the log {log_name}: {err.strerror}")
    finally:
        session.close()
    return code


_SHAPE = re.compile(r"^(.*?)\s*\(([^()]*)\)\s*$")


def shown_form(kind: str, text: str) -> tuple[str, str | None]:
    """An answer as the screen shows the choices and hints (``reveal 3C``, ``bury 3D …``,
    ``call AD 1 AC 1``, ``4H 4S (pair 4)``): the answer without the word naming the kind
    of decision, and the reading in brackets after a play's cards (R12), if any."""
    words = text.split(None, 1)
    if words and words[0].lower() == kind and kind in ("reveal", "bury", "call", "play"):
        text = words[1] if len(words) > 1 else ""
    match = _SHAPE.match(text) if kind == "play" else None
    if match:
        return match.group(1), match.group(2).strip() or None
    return text, None


def fresh_seed() -> int:
    """A seed for a game started without ``--seed``: from the system's randomness, printed
    with the game so that ``--seed`` plays it again."""
    return secrets.randbelow(10**6)


class Session(Table):
    """One game at the table: the engine, the user's seat, the screen and the log."""

    def __init__(self, seed: int, seat: int, variants: Variants, out: TextIO, inp: TextIO,
                 *, log: TextIO | None = None, auto: bool = False, hints: bool = True,
                 color: bool = False, hands: int | None = None,
                 log_name: str | None = None, resume: Resume | None = None,
                 ask_forced: bool = False, level: str = "heuristic",
                 opponents: str = "heuristic", think: float = DEFAULT_THINK,
                 lang: str = "en") -> None:
        self.seed = seed
        self.words = WORDS[lang]
        self.tricks = []
        self.levels_seen = []
        self.marks = []
        self.level, self.opponent_level, self.think = level, opponents, think
        self.searcher = StrongPlayer(seed, think)
        """the strong player (``--level strong``, ``--opponents strong``)"""
        self.fresh = False
        """the seed was dealt afresh (no --seed): the header says how to play it again"""
        self.ask_forced = ask_forced
        self.seat = seat
        self.variants = variants
        self.out = out
        self.answers = Answers(inp, out)
        self.log = log
        self.log_name = log_name
        self.auto = auto
        self.hints = hints
        self.color = color
        self.hands = hands
        self.number = 0
        self.quiet = False
        """replaying a logged game: nothing is shown until the replay is through"""
        self.rows = 0
        """lines printed since the status (the question's screen, :data:`SCREEN_ROWS`)"""
        self.held: list[dict[str, Any]] | None = None
        self.refused_here = False
        """an answer was refused at the question being asked (``dispute`` names it)"""
        self.records: list[dict[str, Any]] = []
        """every record logged so far (for ``dispute`` in the game, logged or not)"""
        self._previous_banker: int | None = None
        self.dealt: set[int] = set()
        """hands whose logged deal the replay has found to be the seed's (--resume)"""
        self.opponents: HeuristicPlayer | StrongPlayer = (
            self.searcher if opponents == "strong" else HeuristicPlayer(seed))
        self.game = Game.new(seed=seed, variants=variants)
        self.resume = resume
        self.replay: deque[LoggedDecision] = deque(resume.log.decisions if resume else ())
        if resume is not None:
            self.log = io.StringIO()  # the replay's records, written once it is through

    def close(self) -> None:
        if self.log is not None:
            self.log.close()

    # -- the match ---------------------------------------------------------------------
    def play(self) -> None:
        self.record({"record": "game", "kit": __version__, "seed": self.seed,
                     "seat": self.seat, "variants": self.variants.to_mapping(),
                     "hands": self.hands, "level": self.level,
                     "opponents": self.opponent_level, "think": self.think})
        mapping = self.variants.to_mapping()
        self.say(self.bold(self.words.headline.format(
            seat=self.seat, seed=self.seed,
            variants=", ".join(f"{k}={v}" for k, v in mapping.items())
            or self.words.defaults)))
        if self.fresh:
            self.say(self.words.fresh.format(
                command=f"fivetenk play --seed {self.seed} --seat {self.seat}{self.lang_flag}"))
        self.quiet = bool(self.replay)
        if self.resume is not None and not self.replay:
            self.resumed()
        played = 0
        while True:
            played += 1
            self.play_hand()
            game = self.game
            if game.match_over or (self.hands is not None and played >= self.hands):
                break
            game.next_hand()
        obs = self.game.observe()
        self.record({"record": "end", "levels": obs["levels"],
                     "match_over": obs["match_over"]})
        if obs["match_over"]:
            self.say(self.bold(self.words.match_over.format(
                seats=", ".join(map(str, self.game.match_winners)))))
        else:
            self.say(self.words.stopped[played > 1].format(n=played,
                                                           levels=" ".join(obs["levels"])))

    def play_hand(self) -> None:
        game = self.game
        obs = game.observe()
        hand_no = obs["hand"]
        self.say()
        self.say(self.bold(self.words.hand_header.format(
            hand=hand_no, levels=" ".join(obs["levels"]), seat=self.seat)))
        self.tricks, self.marks = [], []
        self.levels_seen.append((hand_no, list(obs["levels"]), None))
        # Reveal decisions are held back until the dealing is over, so the hand record
        # that precedes them lists every redeal deck too (D5).
        self.held = []
        while (decision := game.pending()) is not None:
            if self.held is not None and decision.kind != "reveal":
                self.flush_hand(hand_no)
            mine = decision.seat == self.seat
            if mine and self.held is None and not self.auto and \
                    self.forced(decision.kind) is None:
                self.mark(hand_no)  # a question of yours: undo comes back here
            advice = self.advise(decision.seat) if mine else None
            before = game.observe()
            forced: Action | None = None
            if self.replay:
                action = self.replayed(hand_no, decision.seat, decision.kind)
                by = "user" if mine else "computer"
            elif mine:
                assert advice is not None
                forced = self.forced(decision.kind)
                if self.auto:
                    action = advice.action
                    game.apply(action)
                elif forced is not None:
                    action = forced
                    game.apply(action)
                else:
                    try:
                        action = self.ask(decision.kind, advice)
                    except UndoRequest:
                        self.undo()
                        self.refused_here = False  # its refusals were taken back too
                        game = self.game
                        continue
                by = "user"
            else:
                action = self.opponents.choose(game)
                game.apply(action)
                by = "computer"
            suggested = advice.action if advice is not None else action  # theirs: played
            self.number += 1
            record = {"record": "decision", "n": self.number, "hand": hand_no,
                      "seat": decision.seat, "kind": decision.kind,
                      "action": action.to_json(), "by": by,
                      "suggested": suggested.to_json()}
            if by == "user" and not self.replay and not self.auto and forced is not None:
                record["forced"] = True
            self.record(record)
            after = game.observe()
            self.narrate(action, before, after)
            self.follow(action, before, after, self.describe(self.as_read(action, after)))
            if record.get("forced"):
                w = self.words
                why = (w.forced_pass.format(combo=before["trick"]["top"]["combo"])
                       if action.type == "pass" else w.forced_skip)
                self.say(w.forced.format(why=why))
            if self.resume is not None and not self.replay:
                self.resumed()
        if self.held is not None:
            self.flush_hand(hand_no)
        self._previous_banker = game.banker
        self.levels_seen[-1] = (hand_no, self.levels_seen[-1][1],
                                list(game.observe()["levels"]))
        self.settlement()

    def advise(self, seat: int) -> Suggestion:
        """The suggestion for the user's seat at ``--level``."""
        if self.level == "strong":
            return self.searcher.suggest(self.game, seat)
        return suggest(self.game, seat)

    # -- asking ------------------------------------------------------------------------
    def forced(self, kind: str) -> Action | None:
        """The only legal answer when there is one to a play or reveal question (a pass
        when nothing beats the top play, R13.1; a skip without a level card, D3), played
        for the user unless ``--ask-forced``."""
        if self.ask_forced or kind not in ("play", "reveal"):
            return None
        actions = self.game.legal_actions()
        return actions[0] if len(actions) == 1 and actions[0].type in ("pass", "skip") \
            else None

    def choices(self, kind: str, advice: Suggestion) -> list[Action]:
        """The numbered choices: the legal actions, or for the burial (any six of the
        banker's cards, R10.1) the suggested one."""
        if kind == "bury":
            return [advice.action]
        return self.game.legal_actions()

    def ask(self, kind: str, advice: Suggestion) -> Action:
        """Ask until an answer is accepted; the accepted action is applied and returned."""
        self.status()
        options = self.choices(kind, advice)
        w = self.words
        question = w.questions[kind]
        hand = self.game.hand(self.seat)
        holder = self.holder_line() if kind == "play" else None
        following, show = 0, True  # the next choice 'list' shows; list them now?
        hint = w.hint.format(action=self.describe(self.as_read(advice.action, None, options)))
        while True:
            self.say(self.bold(question))
            if show:
                following = self.show_choices(options, following,
                                              len(self.wrapped(holder)) if holder else 0)
            if holder:
                self.say(holder)
            if self.hints:
                self.say(hint)
            elif not show:
                self.say(w.list_hint)
            line = self.answers.read(self.bold("> "),
                                     lambda typed: completions(kind, typed, options, hand))
            self.rows = 0
            if line is None:
                raise EndOfInput
            text, show = line.strip(), False
            if len(text) > MAX_ANSWER:
                self.say(f"refused: an answer is at most {MAX_ANSWER} characters, this one "
                         f"has {len(text)}", paint=self.red)
                continue
            show = text.lower() == "list"
            if show or not text:
                continue
            if text == "?":
                self.explain(advice, options)
                continue
            command = text.lower().split()[0]
            if command == "dispute":
                self.dispute(text.split()[1:])
                continue
            if command in ("help", "hint", "history", "score", "undo") and \
                    len(text.split()) == 1:
                if command == "undo":
                    if self.can_undo():
                        raise UndoRequest
                    self.say(w.nothing_to_undo)
                else:
                    {"help": self.help, "hint": lambda: self.say(hint),
                     "history": self.history, "score": self.score}[command]()
                continue
            word = unknown_word(text)
            if word is not None:  # no card nor command: not a refusal of the rules
                example = self.describe(self.as_read(advice.action, None, options))
                self.say(w.unknown.format(word=word[:20], example=example))
                continue
            named: Action | None = None
            try:
                named = self.parse(kind, text, options)
                self.game.apply(named)  # a refused action leaves the state as it was
            except RulesError as err:
                clause = f" [{err.clause}]" if err.clause else ""
                self.say(f"{w.refused}: {err.message}{clause}", paint=self.red)
                refused: dict[str, Any] = {"record": "refused", "hand": self.game.hand_number,
                                           "seat": self.seat, "input": text,
                                           "clause": err.clause}
                if named is not None:  # the rules refused it, not its notation
                    refused["action"] = named.to_json()
                self.record(refused)
                self.refused_here = True
                continue
            self.refused_here = False
            return named

    def parse(self, kind: str, text: str, options: list[Action]) -> Action:
        """The action the answer ``text`` names; :class:`RulesError` if it names none."""
        seat = self.seat
        if text.isdigit():
            index = int(text)
            if not 1 <= index <= len(options):
                raise InvalidNotation(f"choose a number from 1 to {len(options)}")
            return options[index - 1]
        text, shape = shown_form(kind, text)
        words = text.upper().replace(",", " ").split()
        if kind == "reveal":
            if words == ["SKIP"]:
                return Action.skip(seat)
            if len(words) != 1:
                raise InvalidNotation("answer skip or one card to reveal, e.g. 3H")
            return Action.reveal(seat, Card.parse(words[0]))
        if kind == "bury":
            return Action.bury(seat, [Card.parse(w) for w in words])
        if kind == "call":
            specs: list[CallSpec] = []
            pending = list(words)
            while pending:
                word = pending.pop(0)
                face, sep, ordinal = word.partition(":")
                if not sep:
                    if not pending or not pending[0].isdigit():
                        raise InvalidNotation(
                            f"a call is a face and an ordinal, e.g. AH 1, not {word!r}")
                    ordinal = pending.pop(0)
                if not ordinal.isdigit():
                    raise InvalidNotation(f"a call ordinal is 1, 2 or 3, not {ordinal!r}")
                specs.append(CallSpec(Card.parse(face), int(ordinal)))
            return Action.call(seat, specs)
        if words == ["PASS"]:
            return Action.pass_(seat)
        cards = Action.play(seat, [Card.parse(w) for w in words]).cards
        for option in options:  # take the engine's reading of these cards (R12)
            if option.type == "play" and option.cards == cards and (
                    shape is None or option.shape == shape):
                return option
        return Action.play(seat, cards, shape=shape)

    def explain(self, advice: Suggestion, options: list[Action]) -> None:
        w = self.words
        self.say(f"{w.suggested}: "
                 f"{self.describe(self.as_read(advice.action, None, options))}")
        self.say(f"{w.why}: {advice.reason}", "  ")
        for alt in advice.alternatives:
            self.say(f"{w.not_} {self.describe(self.as_read(alt.action, None, options))}: "
                     f"{alt.why_not}", "  ")

    def holder_line(self) -> str | None:
        """When the user's seat, off the banker side, holds enough copies of an open
        call's face to play the called occurrence: that playing it makes the seat the
        banker's partner (R11), said at every play question while it holds."""
        obs = self.game.observe()
        plan = call_plan(obs, self.seat, self.game.hand(self.seat))
        if plan.role not in ("holder", "joining"):
            return None
        for stake in plan.held:
            if stake.held >= stake.needed:
                return self.words.holder.format(held=stake.held, face=stake.face,
                                                stake=str(stake).removeprefix("the "),
                                                banker=obs["banker"])
        return None

    def dispute(self, words: list[str]) -> None:
        """``dispute [N] [PATH]``: a scenario in PATH (default ``dispute-SEED-N.feature``
        here), as ``fivetenk dispute`` writes it from a log, of decision N, or without N of
        the answer just refused at this question when there is one (``--refused K``), else
        of the last decision taken. An existing file is never overwritten."""
        at: int | None = None
        if words and words[0].isdigit():
            at = int(words.pop(0))
        elif not self.refused_here:
            at = self.number
        if at is not None and not self.number:
            self.say("dispute: no decision has been taken yet")
            return
        if len(words) > 1 or (at is not None and not 1 <= at <= self.number):
            self.say(f"dispute: say 'dispute', 'dispute N' or 'dispute N PATH', N from 1 to "
                     f"{self.number} (the #numbers of the moves)")
            return
        records = list(self.records)
        if self.held is not None:  # still dealing: the hand so far
            records.append({"record": "hand", "hand": self.game.hand_number,
                            "setup": self._setup()})
            records.extend(self.held)
        k = sum(1 for r in records if r["record"] == "refused")
        name = f"dispute-{self.seed}-{at}" if at is not None else \
            f"dispute-{self.seed}-refused-{k}"
        path = Path(words[0]) if words else Path(f"{name}.feature")
        problem = file_problem(path, policy=NEW)  # a new regular file only (issue 29)
        if problem is not None:
            again = f"dispute {at if at is not None else ''} PATH".replace("  ", " ")
            self.say(f"dispute: {visible(str(path), NAME_LIMIT)} exists; name another file: "
                     f"{again}" if problem.startswith("exists") else
                     f"dispute: {visible(str(path), NAME_LIMIT)}: {problem}")
            return
        data = "".join(json.dumps(r) + "\n" for r in records).encode("utf-8")
        where = self.log_name or f"game-{self.seed}.jsonl"
        try:
            log = parse_log(where, data)
            text = dispute_feature(log, at) if at is not None else refusal_feature(log, k)
            if not self.log_name:  # say where it comes from, not a log that is not there
                asked = f"dispute {at}" if at is not None else "dispute"
                text = (f"# Written by `{asked}` in `fivetenk play --seed {self.seed} "
                        f"--seat {self.seat}` (not logged):\n" + text.partition("\n")[2])
            write_file(path, text, policy=NEW)
        except UsageError as err:
            self.say(f"dispute: {err}")
            return
        except DisputeError as err:  # e.g. a refused notation: no action to dispute
            self.say(f"dispute: {str(err).split(': ', 1)[-1]}")
            return
        except OSError as err:
            self.say(f"dispute: cannot write {path}: {err.strerror}")
            return
        what = f"decision {at}" if at is not None else "the refused answer"
        self.say(f"{what} written to {path} (scenario {name}); check it with:")
        self.emit(f"  fivetenk check --only-paths {path}")

    @property
    def lang_flag(self) -> str:
        """`` --lang es`` when the table speaks Spanish, for the commands it prints."""
        return "" if self.words is WORDS["en"] else " --lang es"

    def quit_message(self, key: str) -> None:
        """Say what is kept and how to go on (the replay may still be running: then the
        log is left as it was); ``key`` is why: ``eof`` or ``interrupt``."""
        w = self.words
        why = w.quit_why[key]
        if self.replay:
            print(f"{why} during the replay: quit; {self.resume.path if self.resume else ''} "
                  "is as it was.", file=self.out)
            return
        if self.held is not None:
            self.flush_hand(self.game.hand_number)
        if self.log_name:  # the command on a line of its own, to copy whole
            taken = w.taken[bool(self.number)].format(n=self.number)
            self.say(w.quit_logged.format(why=why, log=self.log_name, taken=taken))
            self.emit(f"  fivetenk play --resume {self.log_name}{self.lang_flag}")
        else:
            self.say(w.quit_unlogged.format(why=why))
            self.emit(f"  fivetenk play --seed {self.seed} --seat {self.seat}{self.lang_flag}")
