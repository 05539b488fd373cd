"""play a match against five heuristic players, one decision at a time

``fivetenk play [--seat N] [--hands K] [--seed S] [--variant NAME=VALUE ...] [--auto]
[--no-hints] [--log FILE]``: you hold seat N (default 0); the other five seats are
``HeuristicPlayer`` (tools/strategy.py). Every decision the rules give you is asked: reveal
or skip at a prompt (D3), the burial (R10.1), the two calls (R11.1), play or pass
(R13.1-R13.2). Answer with card notation (``7H 7S``, ``pass``, ``skip``, a call such as
``AH 1 AS 1``) or the number of a listed choice; ``?`` shows the suggestion, its reason
(R24.1) and the alternatives weighed. An illegal answer is refused with the clause that
forbids it and the question is asked again. End of input (Ctrl-D) quits cleanly.
``--auto`` takes the suggestion at every decision (the same seed gives the same game).
``--log FILE`` writes the game as JSON lines, one record per decision, flushed as it goes.
The screen shows only what your seat may know (R10.2: the burial only once settled).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from collections.abc import Iterator
from typing import Any, TextIO

from . import __version__
from .reference.actions import Action, CallSpec
from .reference.cards import Card
from .reference.errors import RulesError
from .reference.game import Game
from .reference.variants import CHOICES, Variants
from .simulate import BAND_CLAUSE, ENDING_CLAUSE, variants_from_options
from .strategy import HeuristicPlayer, Suggestion, suggest

WIDTH = 80
"""Every line printed fits 80 columns."""
SHOWN_CHOICES = 24
"""At most this many numbered choices are listed (all of them are accepted by number)."""
_ENDING_TEXT = {
    "bankers_out": "every banker-side player is out",
    "defenders_out": "every defender is out",
    "one_player_left": "only one player holds cards while a call is unresolved",
}


_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}


class EndOfInput(Exception):
    """The input stream ended (Ctrl-D)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", type=int, default=0, help="your seat, 0-5 (default 0)")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands to play (default: the whole match)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deal (default 0)")
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME=VALUE",
        help="a house-rule variant (repeatable; "
        + "; ".join(f"{k}: {'|'.join(v)}" for k, v in CHOICES.items()) + ")")
    parser.add_argument("--auto", action="store_true",
                        help="take the suggestion at every decision without asking")
    parser.add_argument("--no-hints", action="store_true",
                        help="do not show the suggestion with each question ('?' still does)")
    parser.add_argument("--log", metavar="FILE", help="write the game as JSON lines to FILE")


def run(args: argparse.Namespace, out: TextIO | None = None,
        inp: TextIO | None = None) -> int:
    """Play; returns the exit code (0 also when the input ends early)."""
    out = out if out is not None else sys.stdout
    inp = inp if inp is not None else sys.stdin
    try:
        variants = variants_from_options(args.variant)
    except ValueError as err:
        print(f"fivetenk play: {err}", file=sys.stderr)
        return 2
    if not 0 <= args.seat <= 5:
        print(f"fivetenk play: --seat must be 0-5, not {args.seat}", file=sys.stderr)
        return 2
    if args.hands is not None and args.hands < 1:
        print("fivetenk play: --hands must be at least 1", file=sys.stderr)
        return 2
    color = out.isatty() and "NO_COLOR" not in os.environ
    log: TextIO | None = None
    if args.log:
        try:
            log = open(args.log, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as err:
            print(f"fivetenk play: cannot write the log {args.log}: {err.strerror}",
                  file=sys.stderr)
            return 2
    session = Session(args.seed, args.seat, variants, out, inp, log=log, auto=args.auto,
                      hints=not args.no_hints, color=color, hands=args.hands,
                      log_name=args.log)
    try:
        session.play()
    except EndOfInput:
        session.quit_message()
    finally:
        if log is not None:
            log.close()
    return 0


class Session:
    """One game at the table: the engine, the user's seat, the screen and the log."""

    def __init__(self, seed: int, seat: int, variants: Variants, out: TextIO, inp: TextIO,
                 *, log: TextIO | None = None, auto: bool = False, hints: bool = True,
                 color: bool = False, hands: int | None = None,
                 log_name: str | None = None) -> None:
        self.seed = seed
        self.seat = seat
        self.variants = variants
        self.out = out
        self.lines: Iterator[str] = iter(inp.readline, "")
        self.log = log
        self.log_name = log_name
        self.auto = auto
        self.hints = hints
        self.color = color
        self.hands = hands
        self.number = 0
        self.held: list[dict[str, Any]] | None = None
        self._previous_banker: int | None = None
        self.opponents = HeuristicPlayer(seed)
        self.game = Game.new(seed=seed, variants=variants)

    # -- output ------------------------------------------------------------------------
    def say(self, text: str = "", indent: str = "") -> None:
        if not text:
            print(file=self.out)
            return
        for line in textwrap.wrap(text, WIDTH, initial_indent=indent,
                                  subsequent_indent=indent + "  ",
                                  break_on_hyphens=False, break_long_words=False) or [""]:
            print(line, file=self.out)

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.color else text

    def record(self, data: dict[str, Any]) -> None:
        if self.held is not None and data["record"] != "game":
            self.held.append(data)
        elif self.log is not None:
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
        game = self.game
        decks = game.deal_decks
        deal: dict[str, Any] = {"deck": [str(c) for c in decks[0]], "first": game.first}
        if len(decks) > 1:
            deal["redeals"] = [[str(c) for c in d] for d in decks[1:]]
        obs = game.observe()
        if game.hand_number > 1:
            deal["hand"] = game.hand_number
            deal["levels"] = obs["levels"]
            deal["previous_winners"] = obs["previous_winners"]
            deal["previous_banker"] = self._previous_banker
        return {"deal": deal}

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
            if decision.seat == self.seat:
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
        if self.held is not None:
            self.flush_hand(hand_no)
        self._previous_banker = game.banker
        self.settlement()

    def flush_hand(self, hand_no: int) -> None:
        held, self.held = self.held or [], None
        self.record({"record": "hand", "hand": hand_no, "setup": self._setup()})
        for data in held:
            self.record(data)

    # -- asking ------------------------------------------------------------------------
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
        question = {"reveal": "Reveal a level card to become banker, or skip (D3)?",
                    "bury": "Bury six cards (R10.1): which?",
                    "call": "Call two partners (R11.1), e.g. AH 1 AS 1:",
                    "play": "Your play (R13.1-R13.2):"}[kind]
        listed = False
        while True:
            self.say(self.bold(question))
            for index, option in enumerate(options[:SHOWN_CHOICES] if not listed else [], 1):
                self.say(f"{index:>3}. {self.describe(option)}")
            if len(options) > SHOWN_CHOICES and not listed:
                self.say(f"     ... {len(options) - SHOWN_CHOICES} more (by number, up to "
                         f"{len(options)})")
            if self.hints:
                self.say(f"hint: {self.describe(advice.action)}  ('?' says why)")
            elif listed:
                self.say("('list' shows the numbered choices again, '?' the suggestion)")
            listed = True
            print(self.bold("> "), end="", file=self.out, flush=True)
            line = next(self.lines, None)
            if line is None:
                print(file=self.out)
                raise EndOfInput
            text = line.strip()
            if not self.out.isatty():
                print(text, file=self.out)  # the transcript shows the answer
            if text == "?":
                self.explain(advice)
                continue
            if text.lower() == "list" or not text:
                listed = not text
                continue
            try:
                action = self.parse(kind, text, options)
                self.game.apply(action)  # a refused action leaves the state as it was
            except RulesError as err:
                clause = f" [{err.clause}]" if err.clause else ""
                self.say(f"refused: {err.message}{clause}")
                self.record({"record": "refused", "hand": self.game.hand_number,
                             "seat": self.seat, "input": text, "clause": err.clause})
                continue
            return action

    def parse(self, kind: str, text: str, options: list[Action]) -> Action:
        """The action the answer ``text`` names; :class:`RulesError` if it names none."""
        from .reference.errors import InvalidNotation

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

    def explain(self, advice: Suggestion) -> None:
        self.say(f"suggested: {self.describe(advice.action)}")
        self.say(f"why: {advice.reason}", "  ")
        for alt in advice.alternatives:
            self.say(f"not {self.describe(alt.action)}: {alt.why_not}", "  ")

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

    def status(self) -> None:
        """What the user's seat may know (no other hand; the burial only its own)."""
        obs = self.game.observe()
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
                     f"{trick['top']['combo']}): {plays}")
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
                print(line, file=self.out)
                line, sep = " ", " "
            line += sep + group
        print(line, file=self.out)

    def narrate(self, action: Action, before: dict[str, Any], after: dict[str, Any]) -> None:
        who = "you" if action.seat == self.seat else f"seat {action.seat}"
        if action.type == "bury" and action.seat != self.seat:
            self.say(f"{who} buries six cards")
        elif action.type == "skip" and action.seat != self.seat:
            return  # prompts to others pass silently; the reveal is announced
        else:
            self.say(f"{who}: {self.describe(action)}")
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
        self.say(f"banker side {result['banker_side']}, defenders {result['defenders']}")
        self.say(f"kitty (R19.1) {' '.join(result['kitty'])}: {result['kitty_points']} pts to "
                 f"{result['kitty_to']}; remnant {result['remnant_points']} pts to "
                 f"{result['remnant_to']}")
        self.say(f"totals: defenders {result['defender_total']}, bankers "
                 f"{result['banker_total']} (R20.1); band {result['band']} "
                 f"({BAND_CLAUSE[result['band']]})")
        winners = (result["defenders"] if result["winners"] == "defenders"
                   else result["banker_side"])
        self.say(f"winners: the {result['winners']} {winners}, advancing "
                 f"{result['advance']} level{'s' if result['advance'] != 1 else ''} (R22.1)")
        self.say("levels now: " + " ".join(
            f"s{s}:{lv}{'+' if up else ''}" for s, (lv, up)
            in enumerate(zip(result["levels"], result["advanced"], strict=True))))

    def quit_message(self) -> None:
        if self.held is not None:
            self.flush_hand(self.game.hand_number)
        if self.log_name:
            taken = f"decisions 1-{self.number}" if self.number else "no decision yet"
            self.say(f"End of input: quit. Nothing is lost: the game so far is logged in "
                     f"{self.log_name} ({taken}).")
        else:
            self.say("End of input: quit. To keep a record next time, add --log FILE; "
                     f"the same deal again: fivetenk play --seed {self.seed} --seat "
                     f"{self.seat}")
