"""One game of ``fivetenk play`` at the user's seat: :class:`Session`, the game loop that
asks the user's questions, reads the answers, plays the computer seats, logs and narrates.

The loop is the same whichever front shows the table: the terminal (this module's
:class:`Session`, its screen in :mod:`fivetenk.practice.screen`) or the browser
(:class:`fivetenk.practice.web.WebSession`, which overrides how a question is shown,
where the answers come from and what is kept of a refusal). Split out of play.py, which
keeps the command: its options and :func:`fivetenk.practice.play.run`.
"""

from __future__ import annotations

import io
import json
import re
from collections import deque
from pathlib import Path
from typing import Any, TextIO

from .. import __version__
from ..model.bounded import NAME_LIMIT, visible
from ..model.paths import NEW, file_problem, write_file
from ..model.user_input import UsageError
from ..reference import Action, CallSpec, Card, Game, InvalidNotation, RulesError, Variants
from .answers import Answers, completions
from .dispute import Decision as LoggedDecision
from .dispute import DisputeError, dispute_feature, parse_log, refusal_feature
from .gamelog import Resume
from .reasons import Suggestion
from .search import DEFAULT_THINK, StrongPlayer
from .strategy import HeuristicPlayer, call_plan, suggest
from .table import Table, UndoRequest, unknown_word
from .words import WORDS

MAX_ANSWER = 200
"""An answer longer than this many characters is refused unread (a hand is at most 32
cards, about 100 characters), so a pasted flood costs nothing and is not echoed."""


class EndOfInput(Exception):
    """The input stream ended (Ctrl-D)."""


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
            following = self.show_question(question, options, show, following, holder, hint)
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
                self.refuse(text, named, err)
                continue
            self.refused_here = False
            return named

    def show_question(self, question: str, options: list[Action], show: bool, following: int,
                      holder: str | None, hint: str) -> int:
        """Show the question (and, when ``show``, its numbered choices from number
        ``following``), the holder line and the hint; the number of the next choice not
        shown."""
        self.say(self.bold(question))
        if show:
            following = self.show_choices(options, following,
                                          len(self.wrapped(holder)) if holder else 0)
        if holder:
            self.say(holder)
        if self.hints:
            self.say(hint)
        elif not show:
            self.say(self.words.list_hint)
        return following

    def refuse(self, text: str, named: Action | None, err: RulesError) -> None:
        """The answer ``text`` is refused by the rules (``named`` is its action, None when
        its notation named none): said with the clause, and logged."""
        clause = f" [{err.clause}]" if err.clause else ""
        self.say(f"{self.words.refused}: {err.message}{clause}", paint=self.red)
        refused: dict[str, Any] = {"record": "refused", "hand": self.game.hand_number,
                                   "seat": self.seat, "input": text, "clause": err.clause}
        if named is not None:  # the rules refused it, not its notation
            refused["action"] = named.to_json()
        self.record(refused)
        self.refused_here = True

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
