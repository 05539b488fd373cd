"""The screen of ``fivetenk play``: what the user's seat sees of the table.

Every line printed fits :data:`WIDTH` columns (colour codes only on a terminal, never
counted as width); a question with the status above it, its first page of choices, the
hint and the prompt fits :data:`SCREEN_ROWS` rows. :class:`Screen` prints the status
(what the seat may know, R10.2), the numbered choices, each move as it is made and the
settlement of a hand; :class:`fivetenk.practice.session.Session` is one.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any, TextIO

from ..reference import Action, Game
from .simulate import BAND_CLAUSE, ENDING_CLAUSE
from .words import EN, Words

WIDTH = 80
"""Every line printed fits 80 columns."""
SCREEN_ROWS = 24
"""A question, with the status above it, its first page of choices, the hint and the
prompt, fits this many rows; ``list`` shows the next page."""
_RED_CARD = re.compile(r"(?<![A-Z0-9])(?:(?:10|[2-9JQKA])[HD]|BJ)(?![A-Z0-9])")
"""A heart, a diamond or the big joker in a printed line."""

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}
_ORDINAL_ES = {n: f"{n}.º" for n in range(1, 7)}


TOTAL_POINTS = 300
"""The points in the three decks: twelve 5s, twelve 10s and twelve Ks (R01.1, R19.1)."""
DEFENDERS_WIN = 120
"""The defenders win the hand with 120 points or more (R21.4)."""


def tally(obs: dict[str, Any], words: Words | None = None) -> str:
    """The running tally of the points captured, from the public observation only (what
    every seat may know): per seat, the banker side's (the banker and the revealed
    partners, R11), the defenders' against the 120 line (R21.4) once both calls are
    resolved and the sides known (before that, the seats not yet on the banker side: a
    hidden partner may be among them, and its captures count for the bankers, D17), and
    what is still in hands, the trick and the kitty; in ``words``' language (English by
    default)."""
    w = words or EN
    captured = obs["captured"]
    per_seat = ", ".join(f"s{s} {p}" for s, p in enumerate(captured) if p) or w.none_yet
    if obs["banker"] is None:
        return w.tally_head.format(seats=per_seat)
    side = obs["banker_side"]
    ours = sum(captured[s] for s in side)
    rest = sum(captured) - ours
    calls = obs["calls"]
    known = bool(calls) and all(c["resolved_by"] is not None for c in calls)
    names = " ".join(f"s{s}" for s in side)
    left = TOTAL_POINTS - sum(captured)
    sides = (w.tally_known if known else w.tally_unknown).format(
        names=names, ours=ours, rest=rest, need=DEFENDERS_WIN)
    return f"{w.tally_head.format(seats=per_seat)} | {sides} | {w.tally_left.format(n=left)}"


class Screen:
    """The printing half of a :class:`fivetenk.practice.session.Session`: the lines it
    prints and how it draws the table. The attributes below are the session's."""

    out: TextIO
    quiet: bool
    rows: int
    color: bool
    game: Game
    seat: int
    number: int
    words: Words

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
        for line in self.wrapped(text, indent):
            self.emit(paint(line) if paint is not None and self.color else line)

    @staticmethod
    def wrapped(text: str, indent: str = "") -> list[str]:
        """The lines :meth:`say` prints ``text`` as."""
        return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent
                             + "  ", break_on_hyphens=False, break_long_words=False) or [""]

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.color else text

    def red(self, text: str) -> str:
        return f"\x1b[31m{text}\x1b[0m" if self.color else text

    def cards(self, line: str) -> str:
        """Hearts, diamonds and the big joker in red, as on the cards (on a terminal,
        without NO_COLOR)."""
        return _RED_CARD.sub(lambda m: self.red(m.group(0)), line) if self.color else line

    def show_choices(self, options: list[Action], first: int, below: int = 0) -> int:
        """List the choices from number ``first`` (from 0) as far as the screen allows,
        with ``below`` more lines to come under them; the number of the next one not
        shown."""
        room = max(3, SCREEN_ROWS - self.rows - 3 - below)  # "more", the hint, the prompt
        last = len(options) if len(options) - first <= room + 1 else first + room
        for index in range(first, last):
            self.say(f"{index + 1:>3}. {self.describe(options[index])}")
        if last < len(options):
            self.say(self.words.more.format(n=len(options) - last, total=len(options)))
        return last % len(options)

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
        w = self.words
        self.say(f"{w.seats}: " + "  ".join(seats))
        if obs["banker"] is not None:
            self.say(w.banker_line.format(
                banker=obs["banker"],
                partners=", ".join(map(str, obs["partners"])) or w.none_yet))
        if obs["calls"]:
            calls = []
            for c in obs["calls"]:
                state = (w.resolved_by.format(seat=c["resolved_by"])
                         if c.get("resolved_by") is not None
                         else w.played.format(n=c.get("played", 0)))
                calls.append(f"{c['face']} {c['ordinal']} ({state})")
            self.say(f"{w.calls}: " + "; ".join(calls))
        self.say(tally(obs, self.words))
        trick = obs["trick"]
        if trick:
            plays = ", ".join(f"s{p['seat']} {' '.join(p['cards'])}"
                              for p in trick["plays"] if p.get("cards"))
            self.say(w.trick_line.format(points=trick["points"], seat=trick["top"]["seat"],
                                         combo=trick["top"]["combo"], plays=plays),
                     paint=self.cards)
        if self.game.banker == self.seat and self.game.buried:
            self.say(f"{self.words.you_buried}: " + " ".join(map(str, self.game.buried)))
        groups: dict[str, list[str]] = {}
        for card in self.game.hand(self.seat):
            groups.setdefault(card.rank.symbol, []).append(str(card))
        head = f"{self.words.your_hand} ({self.game.hand_size(self.seat)}):"
        line = head
        for group in (" ".join(g) for g in groups.values()):  # a rank is never split
            sep = " " if line == head else " | "
            if len(line) + len(sep) + len(group) > WIDTH:
                self.emit(self.cards(line))
                line, sep = " ", " "
            line += sep + group
        self.emit(self.cards(line))

    def narrate(self, action: Action, before: dict[str, Any], after: dict[str, Any]) -> None:
        w = self.words
        who = f"#{self.number} " + (w.you if action.seat == self.seat else
                                    f"{w.seat} {action.seat}")
        if action.type == "bury" and action.seat != self.seat:
            self.say(w.buries.format(who=who))
        elif action.type == "skip" and action.seat != self.seat:
            return  # prompts to others pass silently; the reveal is announced
        else:
            self.say(f"{who}: {self.describe(self.as_read(action, after))}", paint=self.cards)
        for s in after["partners"]:
            if s not in before["partners"]:
                self.say(w.revealed.format(seat=s))
        for s in after["out"]:
            if s not in before["out"]:
                nth = (_ORDINAL if w is EN else _ORDINAL_ES).get(len(after["out"]), "")
                self.say(w.out.format(seat=s, nth=nth).replace("( ", "("))
        if (before["trick"] and after["trick"] is None) or (
                before["trick"] and after["trick"]
                and after["trick"]["leader"] != before["trick"]["leader"]):
            top = before["trick"]["top"]
            self.say(self.words.won_by.format(seat=top["seat"]))

    def settlement(self) -> None:
        result = self.game.observe()["result"]
        if result is None:
            return
        self.say("-" * WIDTH)
        w = self.words
        self.say(self.bold(w.hand_over.format(ending=w.endings[result["ending"]],
                                              clause=ENDING_CLAUSE[result["ending"]])))

        def seats(group: list[int]) -> str:
            return ", ".join(map(str, group))

        def to(recipient: int | str) -> str:
            return (w.to_seat.format(seat=recipient) if isinstance(recipient, int)
                    else w.to_side.get(recipient, recipient))

        ending = result["ending"]
        remnant_clause = ENDING_CLAUSE[ending] if ending != "one_player_left" else "R18.2"
        self.say(w.sides_line.format(bankers=seats(result["banker_side"]),
                                     defenders=seats(result["defenders"])))
        self.say(w.final_line.format(
            table=result["table_points"], table_to=to(result["table_to"]),
            kitty=" ".join(result["kitty"]), kitty_points=result["kitty_points"],
            kitty_to=to(result["kitty_to"]), left=result["remnant_points"],
            left_to=to(result["remnant_to"]), clause=remnant_clause), paint=self.cards)
        self.say(w.totals_line.format(defenders=result["defender_total"],
                                      bankers=result["banker_total"], band=result["band"],
                                      clause=BAND_CLAUSE[result["band"]]))
        winners = (result["defenders"] if result["winners"] == "defenders"
                   else result["banker_side"])
        levels = w.level_words[result["advance"] != 1].format(n=result["advance"])
        self.say(w.winners_line.format(side=to(result["winners"]), seats=seats(winners),
                                       levels=levels))
        self.say(w.levels_after + " ".join(
            f"s{s}:{lv}{'+' if up else ''}" for s, (lv, up)
            in enumerate(zip(result["levels"], result["advanced"], strict=True))))
