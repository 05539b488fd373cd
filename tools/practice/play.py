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

--web plays the same game (seeds, players, log, --resume, undo, dispute) at a
table in the browser: your hand to click, the other seats, every trick, the
points, calls and levels, the suggestion with its reasons, undo and dispute
buttons, English or Spanish. It prints the table's address and opens a browser
(--no-open does not). The server listens on 127.0.0.1 only (--port N, default
any free port); the address holds a random token that every request must carry,
other sites' pages are refused, and nothing is loaded from the network.
Ctrl-C stops it, saying how to go on; a dispute file is written in the current
folder.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import sys
from pathlib import Path
from typing import TextIO

from ..model.bounded import NAME_LIMIT, visible
from ..model.paths import NEW, file_problem, open_log
from ..model.user_input import UsageError
from ..reference import CHOICES, Variants
from .dispute import DisputeError
from .gamelog import Resume
from .search import DEFAULT_THINK, think_problem
from .session import EndOfInput, Session
from .simulate import variants_from_options
from .words import LANGUAGES

LEVELS = ("heuristic", "strong")
"""The computer players: the heuristic (R24.1) and the searching player."""


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
    parser.add_argument("--web", action="store_true",
                        help="play at a table in the browser: a server on 127.0.0.1 only, "
                        "its address (with a random token) printed and opened")
    parser.add_argument("--no-open", action="store_true",
                        help="with --web: print the table's address, open no browser")
    parser.add_argument("--port", type=int, default=None, metavar="N",
                        help="with --web: the port to listen on (default: any free port)")
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

    web = bool(getattr(args, "web", False))
    port = getattr(args, "port", None)
    if not web and (getattr(args, "no_open", False) or port is not None):
        return refuse("--no-open and --port go with --web")
    if web and args.auto:
        return refuse("--auto takes every decision itself, with no table to show: drop "
                      "--auto or --web")
    if port is not None and not 0 <= port <= 65535:
        return refuse(f"--port must be 0-65535, not {port}")
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
    front: type[Session] = Session
    if web:  # the browser's table: the same session, its answers from the page
        # lazy: the browser's table (an HTTP server) loads with --web only
        from .web import WebSession
        front, color = WebSession, False
    session = front(seed, seat, variants, out, inp, log=log, auto=args.auto,
                    hints=not args.no_hints, color=color, hands=hands,
                    log_name=log_name, resume=resume, ask_forced=args.ask_forced,
                    level=level, opponents=opponents, think=think,
                    lang=getattr(args, "lang", "en"))
    session.fresh = resume is None and args.seed is None
    if web:
        # lazy: the browser's table (an HTTP server) loads with --web only
        from .web import WebSession, serve
        assert isinstance(session, WebSession)
        try:
            return serve(session, port=port or 0, open_browser=not args.no_open, out=out)
        finally:
            session.close()
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


def fresh_seed() -> int:
    """A seed for a game started without ``--seed``: from the system's randomness, printed
    with the game so that ``--seed`` plays it again."""
    return secrets.randbelow(10**6)


