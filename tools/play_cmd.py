"""play a match against five heuristic players, one decision at a time

You hold seat N (--seat, default 0); five heuristic players (fivetenk.strategy, the
advice of R24.1) hold the others, for the whole match or --hands K, dealt by --seed.
Every decision the rules give you is asked: reveal or skip at a prompt (D3), the burial
(R10.1), the two calls (R11.1), play or pass (R13.1-R13.2). The screen shows what your
seat may know (R10.2: no other hand, your own burial only) and fits 80 x 24; each move is
numbered (#57). An illegal answer is refused with the clause that forbids it, and the
question is asked again.

At a question:
  7H 7S | pass | skip | AH 1 AS 1   an answer in card notation; on a terminal Tab
                                    completes it from the legal choices
  3                                 the listed choice numbered 3
  ?                                 the suggestion, its reason (R24.1), the alternatives
  list                              the next page of numbered choices
  dispute [N] [PATH]                move N as a scenario file, as `fivetenk dispute LOG
                                    --at N` writes it; without N the answer just refused
                                    (--refused K), else the last move
  Ctrl-D, Ctrl-C                    quit, saying how to go on

--log FILE keeps the game as JSON lines, flushed at every decision, in a new file (an
existing one is refused, never overwritten); `fivetenk play --resume FILE` goes on with it
(its seed, seat, variants and hands; every logged decision replayed and checked by the
engine, every logged deal checked against its seed's: an edited log is refused at its line;
a link or a read-only log is refused, since resuming rewrites it; a failed resume leaves it
as it was). --auto takes the suggestion at every decision: the same seed gives the same
game. Colours only on a terminal and without NO_COLOR.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import os
import re
import stat
import sys
import textwrap
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from . import __version__
from .dispute_cmd import (
    MAX_LOG_BYTES,
    DisputeError,
    dispute_feature,
    parse_log,
    refusal_feature,
)
from .dispute_cmd import Decision as LoggedDecision
from .reference.actions import Action, CallSpec, card_key
from .reference.cards import Card
from .reference.errors import InvalidNotation, RulesError
from .reference.game import Game
from .reference.variants import CHOICES, Variants
from .report import visible, write_atomic
from .scenario import read_bytes
from .simulate import BAND_CLAUSE, ENDING_CLAUSE, variants_from_options
from .strategy import HeuristicPlayer, Suggestion, suggest

WIDTH = 80
"""Every line printed fits 80 columns."""
SCREEN_ROWS = 24
"""A question, with the status above it, its first page of choices, the hint and the
prompt, fits this many rows; ``list`` shows the next page."""
_ENDING_TEXT = {
    "bankers_out": "every banker-side player is out",
    "defenders_out": "every defender is out",
    "one_player_left": "only one player holds cards while a call is unresolved",
}
MAX_ANSWER = 200
"""An answer longer than this many characters is refused unread (a hand is at most 32
cards, about 100 characters), so a pasted flood costs nothing and is not echoed."""
KEYWORDS = ("list", "dispute")
"""Words every question accepts besides its answers (and ``?``)."""

_RED_CARD = re.compile(r"(?<![A-Z0-9])(?:(?:10|[2-9JQKA])[HD]|BJ)(?![A-Z0-9])")
"""A heart, a diamond or the big joker in a printed line."""

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}


class EndOfInput(Exception):
    """The input stream ended (Ctrl-D)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", type=int, default=None, help="your seat, 0-5 (default 0)")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands to play (default: the whole match)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the deal (default 0)")
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME=VALUE",
        help="a house-rule variant (repeatable; "
        + "; ".join(f"{k}: {'|'.join(v)}" for k, v in CHOICES.items()) + ")")
    parser.add_argument("--auto", action="store_true",
                        help="take the suggestion at every decision without asking")
    parser.add_argument("--no-hints", action="store_true",
                        help="do not show the suggestion with each question ('?' still does)")
    parser.add_argument("--log", metavar="FILE",
                        help="write the game as JSON lines to FILE, a new file (an existing "
                        "one is never overwritten: --resume it, or name another)")
    parser.add_argument("--resume", metavar="FILE",
                        help="go on with the game logged in FILE (written by --log): its "
                        "seed, seat, variants and hands, its decisions replayed; the log "
                        "goes on in FILE")


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
        self.kit = first.get("kit")
        self.refused: dict[int, list[dict[str, Any]]] = {}
        """refused records, by the number of decisions logged before them"""
        count = 0
        for number, raw in lines:
            record = json.loads(raw)
            if record["record"] == "decision":
                count += 1
            elif record["record"] == "refused":
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
                                          ("--hands", args.hands), ("--log", args.log))
                 if value is not None] + (["--variant"] if args.variant else [])
        if given:
            return refuse(f"--resume takes the seed, seat, variants and hands from the log "
                          f"and goes on writing it: drop {', '.join(given)}")
        try:
            resume = Resume(Path(args.resume))
        except DisputeError as err:
            return refuse(str(err))
        except OSError as err:
            return refuse(f"cannot read the log {args.resume}: {err.strerror}")
        seed, seat, hands, variants = (resume.log.seed, resume.seat, resume.hands,
                                       Variants.from_mapping(resume.log.variants))
        log_name: str | None = args.resume
    else:
        try:
            variants = variants_from_options(args.variant)
        except ValueError as err:
            return refuse(str(err))
        seed = 0 if args.seed is None else args.seed
        seat = 0 if args.seat is None else args.seat
        hands, log_name = args.hands, args.log
        if not 0 <= seat <= 5:
            return refuse(f"--seat must be 0-5, not {seat}")
        if hands is not None and hands < 1:
            return refuse("--hands must be at least 1")
        if seed < 0:
            return refuse(f"--seed must be 0 or more, not {seed}")
    color = out.isatty() and "NO_COLOR" not in os.environ
    log: TextIO | None = None
    if log_name and resume is None:
        exists = (f"the log {log_name} exists: `fivetenk play --resume {log_name}` goes on "
                  "with its game, or give --log another name (a log is never overwritten)")
        try:  # a FIFO would block the open, a device take the log: a new file only
            mode: int | None = os.lstat(log_name).st_mode
        except FileNotFoundError:
            mode = None
        except OSError as err:
            return refuse(f"cannot write the log {log_name}: {err.strerror}")
        if mode is not None:
            return refuse(f"cannot write the log {log_name}: a folder" if stat.S_ISDIR(mode)
                          else exists if stat.S_ISREG(mode) else
                          f"cannot write the log {log_name}: "
                          + ("a symbolic link; give --log a new file" if stat.S_ISLNK(mode)
                             else "not a regular file (a FIFO, device or socket)"))
        try:  # created here, never truncated: exclusive, so a file made meanwhile is kept
            log = open(log_name, "x", encoding="utf-8")  # noqa: SIM115 - closed below
        except FileExistsError:
            return refuse(exists)
        except OSError as err:
            return refuse(f"cannot write the log {log_name}: {err.strerror}")
    session = Session(seed, seat, variants, out, inp, log=log, auto=args.auto,
                      hints=not args.no_hints, color=color, hands=hands,
                      log_name=log_name, resume=resume)
    code = 0
    try:
        session.play()
    except EndOfInput:
        session.quit_message("End of input")
    except KeyboardInterrupt:
        session.quit_message("Interrupted")
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


def _words(line: str) -> tuple[list[str], str]:
    """The finished words of ``line`` and the word being typed (upper case)."""
    words = line.upper().replace(",", " ").split()
    if line and not line[-1].isspace() and words:
        return words[:-1], words[-1]
    return words, ""


def _parse_cards(words: list[str]) -> list[Card] | None:
    try:
        return [Card.parse(w) for w in words]
    except RulesError:
        return None


def _order(word: str) -> tuple[int, int, str]:
    try:
        return (1, card_key(Card.parse(word)), word)
    except RulesError:
        return (0 if not word.isdigit() else 2, 0, word)


def completions(kind: str, line: str, options: list[Action], hand: list[Card]) -> list[str]:
    """The words that may complete the word being typed at the end of ``line``, in the
    canonical order: only words that keep the answer on its way to a legal one — the cards
    that, with those already typed, are part of a legal play; any card still in hand for
    the burial (up to six, R10.1); the level cards that may be revealed (D3); the faces
    and ordinals of the legal call pairs (R11.1) — and, as the first word, the keywords
    (``pass``/``skip`` where legal, ``list``, ``dispute``)."""
    typed, prefix = _words(line)
    found: set[str] = set()
    if not typed:
        found.update(KEYWORDS)
        found.update(a.type for a in options if a.type in ("pass", "skip"))
    if kind == "play":
        cards = _parse_cards(typed)
        if cards is not None:
            need = Counter(cards)
            for option in options:
                if option.type == "play":
                    have = Counter(option.cards)
                    if not need - have:
                        found.update(str(c) for c in have - need)
    elif kind == "bury":
        cards = _parse_cards(typed)
        if cards is not None and len(cards) < 6:
            found.update(str(c) for c in Counter(hand) - Counter(cards))
    elif kind == "reveal":
        if not typed:
            found.update(str(a.card) for a in options if a.type == "reveal")
    elif kind == "call":
        for option in options:
            a, b = option.calls
            for pair in ((a, b), (b, a)):  # either order is the same call (R11.1)
                words = [str(pair[0].face), str(pair[0].ordinal),
                         str(pair[1].face), str(pair[1].ordinal)]
                if len(typed) < 4 and words[:len(typed)] == typed:
                    found.add(words[len(typed)])
    return sorted((w for w in found if w.upper().startswith(prefix)), key=_order)


class Answers:
    """Where the answers come from. On a terminal (stdin and stdout both one): Python's
    readline, for line editing, history and Tab completion (:func:`completions`); from any
    other stream: one line at a time, echoed so that a transcript shows the answer."""

    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self.inp = inp
        self.out = out
        self.readline: Any = None
        if inp is sys.stdin and out is sys.stdout and inp.isatty() and out.isatty():
            try:
                import readline
            except ImportError:  # pragma: no cover - a Python built without readline
                return
            readline.set_completer_delims(" \t")
            if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
                readline.parse_and_bind("bind ^I rl_complete")
            else:
                readline.parse_and_bind("tab: complete")
            self.readline = readline

    def read(self, prompt: str, complete: Callable[[str], list[str]]) -> str | None:
        """One answer, or None at the end of input."""
        if self.readline is not None:
            readline = self.readline

            def completer(text: str, state: int) -> str | None:
                line = readline.get_line_buffer()[:readline.get_endidx()]
                found = complete(line)
                return found[state] if state < len(found) else None

            readline.set_completer(completer)
            # the colour codes of the prompt take no room on the line: \x01 ... \x02
            shown = prompt.replace("\x1b[1m", "\x01\x1b[1m\x02").replace(
                "\x1b[0m", "\x01\x1b[0m\x02")
            try:
                return input(shown)
            except EOFError:
                print(file=self.out)
                return None
            finally:
                readline.set_completer(None)
        print(prompt, end="", file=self.out, flush=True)
        line = self.inp.readline()
        if not line:
            print(file=self.out)
            return None
        if not self.out.isatty():  # the transcript shows the answer (cut to the width)
            text = line.strip()
            room = WIDTH - 4  # after the prompt, within the width
            print(text if len(text) <= room else text[:room - 2] + " …", file=self.out)
        return line


class Session:
    """One game at the table: the engine, the user's seat, the screen and the log."""

    def __init__(self, seed: int, seat: int, variants: Variants, out: TextIO, inp: TextIO,
                 *, log: TextIO | None = None, auto: bool = False, hints: bool = True,
                 color: bool = False, hands: int | None = None,
                 log_name: str | None = None, resume: Resume | None = None) -> None:
        self.seed = seed
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
        self.opponents = HeuristicPlayer(seed)
        self.game = Game.new(seed=seed, variants=variants)
        self.resume = resume
        self.replay: deque[LoggedDecision] = deque(resume.log.decisions if resume else ())
        if resume is not None:
            self.log = io.StringIO()  # the replay's records, written once it is through

    def close(self) -> None:
        if self.log is not None:
            self.log.close()

    # -- output ------------------------------------------------------------------------
    def emit(self, line: str = "") -> None:
        if not self.quiet:
            print(line, file=self.out)
            self.rows += 1

    def say(self, text: str = "", indent: str = "", *, paint: Callable[[str], str] | None
            = None) -> None:
        """Print ``text`` wrapped at :data:`WIDTH`; ``paint`` colours each line after the
        wrapping, so colour codes never count as width."""
        if not text:
            self.emit()
            return
        for line in textwrap.wrap(text, WIDTH, initial_indent=indent,
                                  subsequent_indent=indent + "  ",
                                  break_on_hyphens=False, break_long_words=False) or [""]:
            self.emit(paint(line) if paint is not None and self.color else line)

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.color else text

    def red(self, text: str) -> str:
        return f"\x1b[31m{text}\x1b[0m" if self.color else text

    def cards(self, line: str) -> str:
        """Hearts, diamonds and the big joker in red, as on the cards (on a terminal,
        without NO_COLOR)."""
        return _RED_CARD.sub(lambda m: self.red(m.group(0)), line) if self.color else line

    def record(self, data: dict[str, Any]) -> None:
        if self.held is not None and data["record"] != "game":
            self.held.append(data)
            return
        self.records.append(data)
        if self.log is not None:
            self.log.write(json.dumps(data, separators=(",", ":")) + "\n")
            self.log.flush()

    # -- the match ---------------------------------------------------------------------
    def play(self) -> None:
        self.record({"record": "game", "kit": __version__, "seed": self.seed,
                     "seat": self.seat, "variants": self.variants.to_mapping(),
                     "hands": self.hands})
        mapping = self.variants.to_mapping()
        self.say(self.bold(f"5,10,K: you are seat {self.seat}; seed {self.seed}; variants: "
                           f"{', '.join(f'{k}={v}' for k, v in mapping.items()) or 'defaults'}"))
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
            self.say(self.bold("The match is over (R23.1): seat(s) "
                               f"{', '.join(map(str, self.game.match_winners))} won."))
        else:
            self.say(f"Stopped after {played} hand{'s' if played > 1 else ''}; levels "
                     + " ".join(obs["levels"]) + ".")

    def _setup(self) -> dict[str, Any]:
        return deal_setup(self.game, self._previous_banker)


    def play_hand(self) -> None:
        game = self.game
        obs = game.observe()
        hand_no = obs["hand"]
        self.say()
        self.say(self.bold(f"== Hand {hand_no}; levels {' '.join(obs['levels'])} "
                           f"(seat {self.seat} is you)"))
        # Reveal decisions are held back until the dealing is over, so the hand record
        # that precedes them lists every redeal deck too (D5).
        self.held = []
        while (decision := game.pending()) is not None:
            if self.held is not None and decision.kind != "reveal":
                self.flush_hand(hand_no)
            advice = suggest(game, decision.seat)
            before = game.observe()
            if self.replay:
                action = self.replayed(hand_no, decision.seat, decision.kind)
                by = "user" if decision.seat == self.seat else "computer"
            elif decision.seat == self.seat:
                if self.auto:
                    action = advice.action
                    game.apply(action)
                else:
                    action = self.ask(decision.kind, advice)
                by = "user"
            else:
                action = self.opponents.choose(game)
                game.apply(action)
                by = "computer"
            self.number += 1
            self.record({"record": "decision", "n": self.number, "hand": hand_no,
                         "seat": decision.seat, "kind": decision.kind,
                         "action": action.to_json(), "by": by,
                         "suggested": advice.action.to_json()})
            self.narrate(action, before, game.observe())
            if self.resume is not None and not self.replay:
                self.resumed()
        if self.held is not None:
            self.flush_hand(hand_no)
        self._previous_banker = game.banker
        self.settlement()

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

    # -- asking ------------------------------------------------------------------------
    def choices(self, kind: str, advice: Suggestion) -> list[Action]:
        """The numbered choices: the legal actions, or for the burial (any six of the
        banker's cards, R10.1) the suggested one."""
        if kind == "bury":
            return [advice.action]
        return self.game.legal_actions()

    def show_choices(self, options: list[Action], first: int) -> int:
        """List the choices from number ``first`` (from 0) as far as the screen allows;
        the number of the next one not shown."""
        room = max(3, SCREEN_ROWS - self.rows - 3)  # the "more" line, the hint, the prompt
        last = len(options) if len(options) - first <= room + 1 else first + room
        for index in range(first, last):
            self.say(f"{index + 1:>3}. {self.describe(options[index])}")
        if last < len(options):
            self.say(f"     ... {len(options) - last} more: 'list' shows them (any number "
                     f"up to {len(options)} is taken)")
        return last % len(options)

    def ask(self, kind: str, advice: Suggestion) -> Action:
        """Ask until an answer is accepted; the accepted action is applied and returned."""
        self.status()
        options = self.choices(kind, advice)
        question = {"reveal": "Reveal a level card to become banker, or skip (D3)?",
                    "bury": "Bury six cards (R10.1): which?",
                    "call": "Call two partners (R11.1), e.g. AH 1 AS 1:",
                    "play": "Your play (R13.1-R13.2):"}[kind]
        hand = self.game.hand(self.seat)
        following, show = 0, True  # the next choice 'list' shows; list them now?
        while True:
            self.say(self.bold(question))
            if show:
                following = self.show_choices(options, following)
            if self.hints:
                self.say(f"hint: {self.describe(self.as_read(advice.action, None, options))}"
                         "  ('?' says why)")
            elif not show:
                self.say("('list' shows the numbered choices, '?' the suggestion)")
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
            if text.lower().split()[0] == "dispute":
                self.dispute(text.split()[1:])
                continue
            named: Action | None = None
            try:
                named = self.parse(kind, text, options)
                self.game.apply(named)  # a refused action leaves the state as it was
            except RulesError as err:
                clause = f" [{err.clause}]" if err.clause else ""
                self.say(f"refused: {err.message}{clause}", paint=self.red)
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
            if option.type == "play" and option.cards == cards:
                return option
        return Action.play(seat, cards)

    def explain(self, advice: Suggestion, options: list[Action]) -> None:
        self.say(f"suggested: {self.describe(self.as_read(advice.action, None, options))}")
        self.say(f"why: {advice.reason}", "  ")
        for alt in advice.alternatives:
            self.say(f"not {self.describe(self.as_read(alt.action, None, options))}: "
                     f"{alt.why_not}", "  ")

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
        if path.exists():
            self.say(f"dispute: {path} exists; name another file: dispute "
                     f"{at if at is not None else ''} PATH".replace("  ", " "))
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
            write_atomic(path, text)
        except DisputeError as err:  # e.g. a refused notation: no action to dispute
            self.say(f"dispute: {str(err).split(': ', 1)[-1]}")
            return
        except OSError as err:
            self.say(f"dispute: cannot write {path}: {err.strerror}")
            return
        what = f"decision {at}" if at is not None else "the refused answer"
        self.say(f"{what} written to {path} (scenario {name}); check it with:")
        self.emit(f"  fivetenk check --only-paths {path}")

    # -- the screen --------------------------------------------------------------------
    @staticmethod
    def describe(action: Action) -> str:
        if action.type == "skip":
            return "skip"
        if action.type == "pass":
            return "pass"
        if action.type == "reveal":
            return f"reveal {action.card}"
        if action.type == "call":
            return "call " + " ".join(f"{c.face} {c.ordinal}" for c in action.calls)
        cards = " ".join(map(str, action.cards))
        shape = f" ({action.shape})" if action.shape else ""
        return f"{action.type} {cards}{shape}" if action.type == "bury" else cards + shape

    @staticmethod
    def as_read(action: Action, after: dict[str, Any] | None = None,
                options: list[Action] | None = None) -> Action:
        """A play with the engine's reading of its cards (R12), so every play on screen
        says what it is: from the trick once it is on the table (``after``), or from the
        legal choices (``options``) for a suggestion; a play that ended the hand, or with
        no reading found, as it is."""
        if action.type != "play" or action.shape:
            return action
        shape = None
        trick = after.get("trick") if after is not None else None
        if trick and trick["plays"] and trick["plays"][-1].get("seat") == action.seat:
            shape = trick["plays"][-1].get("combo")
        for option in options or ():
            if option.type == "play" and option.cards == action.cards:
                shape = option.shape
                break
        return Action.play(action.seat, action.cards, shape) if shape else action

    def status(self) -> None:
        """What the user's seat may know (no other hand; the burial only its own)."""
        obs = self.game.observe()
        self.rows = 0
        self.say("-" * WIDTH)
        seats = []
        for s in range(6):
            tag = "you" if s == self.seat else f"s{s}"
            role = "*" if s == obs["banker"] else ("+" if s in obs["partners"] else "")
            out = f" out{obs['out'].index(s) + 1}" if s in obs["out"] else ""
            seats.append(f"{tag}{role}:{obs['hand_sizes'][s]}{out} L{obs['levels'][s]}")
        self.say("seats: " + "  ".join(seats))
        if obs["banker"] is not None:
            self.say(f"banker: seat {obs['banker']} (*); revealed partners: "
                     f"{', '.join(map(str, obs['partners'])) or 'none yet'} (+)")
        if obs["calls"]:
            calls = []
            for c in obs["calls"]:
                state = (f"resolved by seat {c['resolved_by']}" if c.get("resolved_by")
                         is not None else f"{c.get('played', 0)} played")
                calls.append(f"{c['face']} {c['ordinal']} ({state})")
            self.say("calls: " + "; ".join(calls))
        captured = [f"s{s}:{p}" for s, p in enumerate(obs["captured"]) if p]
        self.say("captured points: " + (" ".join(captured) or "none"))
        trick = obs["trick"]
        if trick:
            plays = ", ".join(f"s{p['seat']} {' '.join(p['cards'])}"
                              for p in trick["plays"] if p.get("cards"))
            self.say(f"trick ({trick['points']} pts; top: seat {trick['top']['seat']} "
                     f"{trick['top']['combo']}): {plays}", paint=self.cards)
        if self.game.banker == self.seat and self.game.buried:
            self.say("you buried: " + " ".join(map(str, self.game.buried)))
        groups: dict[str, list[str]] = {}
        for card in self.game.hand(self.seat):
            groups.setdefault(card.rank.symbol, []).append(str(card))
        head = f"your hand ({self.game.hand_size(self.seat)}):"
        line = head
        for group in (" ".join(g) for g in groups.values()):  # a rank is never split
            sep = " " if line == head else " | "
            if len(line) + len(sep) + len(group) > WIDTH:
                self.emit(self.cards(line))
                line, sep = " ", " "
            line += sep + group
        self.emit(self.cards(line))

    def narrate(self, action: Action, before: dict[str, Any], after: dict[str, Any]) -> None:
        who = f"#{self.number} " + ("you" if action.seat == self.seat else f"seat {action.seat}")
        if action.type == "bury" and action.seat != self.seat:
            self.say(f"{who} buries six cards")
        elif action.type == "skip" and action.seat != self.seat:
            return  # prompts to others pass silently; the reveal is announced
        else:
            self.say(f"{who}: {self.describe(self.as_read(action, after))}", paint=self.cards)
        for s in after["partners"]:
            if s not in before["partners"]:
                self.say(f"  seat {s} is revealed as a partner (R11.4)")
        for s in after["out"]:
            if s not in before["out"]:
                self.say(f"  seat {s} is out ({_ORDINAL.get(len(after['out']), '')} "
                         "out, R16.1)".replace("( ", "("))
        if (before["trick"] and after["trick"] is None) or (
                before["trick"] and after["trick"]
                and after["trick"]["leader"] != before["trick"]["leader"]):
            top = before["trick"]["top"]
            self.say(f"  trick won by seat {top['seat']} (R13.3, R14.1)")

    def settlement(self) -> None:
        result = self.game.observe()["result"]
        if result is None:
            return
        self.say("-" * WIDTH)
        self.say(self.bold(f"Hand over: {_ENDING_TEXT[result['ending']]} "
                           f"({ENDING_CLAUSE[result['ending']]})."))
        def seats(group: list[int]) -> str:
            return ", ".join(map(str, group))

        def to(recipient: int | str) -> str:
            return f"seat {recipient}" if isinstance(recipient, int) else f"the {recipient}"

        ending = result["ending"]
        remnant_clause = ENDING_CLAUSE[ending] if ending != "one_player_left" else "R18.2"
        self.say(f"banker side: seats {seats(result['banker_side'])}; defenders: seats "
                 f"{seats(result['defenders'])}")
        self.say(f"final trick: {result['table_points']} pts to {to(result['table_to'])}; "
                 f"kitty {' '.join(result['kitty'])}: {result['kitty_points']} pts to "
                 f"{to(result['kitty_to'])} (R19.2-R19.3); cards left: "
                 f"{result['remnant_points']} pts to {to(result['remnant_to'])} "
                 f"({remnant_clause})", paint=self.cards)
        self.say(f"totals: defenders {result['defender_total']}, bankers "
                 f"{result['banker_total']} (R20.1); band {result['band']} "
                 f"({BAND_CLAUSE[result['band']]})")
        winners = (result["defenders"] if result["winners"] == "defenders"
                   else result["banker_side"])
        self.say(f"winners: the {result['winners']} (seats {seats(winners)}), advancing "
                 f"{result['advance']} level{'s' if result['advance'] != 1 else ''} (R22.1)")
        self.say("levels now: " + " ".join(
            f"s{s}:{lv}{'+' if up else ''}" for s, (lv, up)
            in enumerate(zip(result["levels"], result["advanced"], strict=True))))

    def quit_message(self, why: str) -> None:
        """Say what is kept and how to go on (the replay may still be running: then the
        log is left as it was)."""
        if self.replay:
            print(f"{why} during the replay: quit; {self.resume.path if self.resume else ''} "
                  "is as it was.", file=self.out)
            return
        if self.held is not None:
            self.flush_hand(self.game.hand_number)
        if self.log_name:  # the command on a line of its own, to copy whole
            taken = f"decisions 1-{self.number}" if self.number else "no decision yet"
            self.say(f"{why}: quit. Nothing is lost: the game so far is logged in "
                     f"{self.log_name} ({taken}). To go on from here:")
            self.emit(f"  fivetenk play --resume {self.log_name}")
        else:
            self.say(f"{why}: quit. This game was not logged, so it cannot be resumed "
                     "(--log FILE keeps it). The same deal from the start:")
            self.emit(f"  fivetenk play --seed {self.seed} --seat {self.seat}")
