#!/usr/bin/env python3
"""An adapter written only from ``schemas/protocol.md``, taking every liberty it allows.

The proof of "a contract with no surprises" (issue 8): whatever protocol.md leaves free,
this adapter does differently from ``fivetenk adapter``, and the whole suite must still
pass (tests/impl/test_contract.py). It uses the reference *engine* (``fivetenk.reference``) for
the game itself, but none of the kit's protocol code (no ``fivetenk.impl.adapter``,
``fivetenk.impl.drivers`` or ``fivetenk.impl.protocol``): framing, dispatch, the handshake, setups,
the plays notation and rejections are written here from the document alone.

Liberties taken (each counted, see ``--stats``), seeded so that a run is reproducible:

- framing: ``\\r\\n`` line ends; spaces and tabs around the object and its separators;
  keys in any order (envelope, result, observation); strings with ``\\uXXXX`` escapes
  and raw UTF-8; a reply written in several pieces, flushed in between;
- slow replies, well within the kit's ``--timeout``;
- lists that are sets (``readings``, ``plays``) in another order;
- rejections: other ``error`` codes and messages, an ``error`` with no ``clause`` or with
  an extra key, or no ``error`` object at all (protocol.md: only ``accepted`` and
  ``clause`` are compared);
- acceptances of ``start`` with ``"clause": null``;
- the handshake: one capability word per command instead of ``queries``, variant values
  in another order, a name that is not ASCII, logs on stderr.

``--break WHAT`` breaks the contract on purpose, to prove the tests can fail:
``pear`` answers classify with the reading ``"pear 3"``; ``ranks-desc`` writes the ranks
of each play highest first; ``clause=R01.1`` cites R01.1 in every rejection.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from typing import Any

from fivetenk.reference import (
    ALL_FACES,
    DECKS,
    Combo,
    RulesError,
    Variants,
    beats,
    choose_reading,
    classify,
    full_deck,
    legal_plays,
    parse_cards,
    points,
)
from fivetenk.reference.cards import Rank
from fivetenk.reference.game import Game
from fivetenk.reference.variants import CHOICES

RNG = random.Random(8)
STATS: Counter[str] = Counter()
BREAK: set[str] = set()
CLAUSE: str | None = None
STATS_FILE: str | None = None
SLOW_EVERY = 400
"""Every this many replies one is delayed (see ``slow``)."""


# ----------------------------------------------------------------------------- writing JSON

def _string(text: str) -> str:
    """A JSON string, sometimes with letters written as ``\\uXXXX`` escapes or non-ASCII
    characters left raw (UTF-8): both are the same JSON string."""
    if RNG.random() < 0.05 and text:
        STATS["unicode escapes"] += 1
        return '"' + "".join(f"\\u{ord(c):04x}" if c.isalpha() and RNG.random() < 0.5
                             else json.dumps(c)[1:-1] for c in text) + '"'
    return json.dumps(text, ensure_ascii=False)


def _dump(value: Any, comma: str, colon: str) -> str:
    """JSON text of ``value`` with keys in a random order and the given separators."""
    if isinstance(value, dict):
        keys = list(value)
        RNG.shuffle(keys)
        if keys != list(value):
            STATS["keys reordered"] += 1
        return "{" + comma.join(_string(str(k)) + colon + _dump(value[k], comma, colon)
                                for k in keys) + "}"
    if isinstance(value, list):
        return "[" + comma.join(_dump(v, comma, colon) for v in value) + "]"
    if isinstance(value, str):
        return _string(value)
    return json.dumps(value)


SEPARATORS = ((",", ":"), (", ", ": "), (" ,\t", "\t: "), (",  ", " :"))


def send(reply: dict[str, Any]) -> None:
    """Write one reply: one line, whatever the whitespace, the line end and the pieces."""
    comma, colon = RNG.choice(SEPARATORS)
    if comma != ",":
        STATS["extra whitespace"] += 1
    text = _dump(reply, comma, colon)
    if RNG.random() < 0.2:
        text = RNG.choice((" ", "\t", "  ")) + text + RNG.choice((" ", "\t", ""))
        STATS["padded line"] += 1
    end = "\n"
    if RNG.random() < 0.3:
        end = "\r\n"
        STATS["CRLF line end"] += 1
    data = (text + end).encode("utf-8")
    STATS["replies"] += 1
    if STATS["replies"] % SLOW_EVERY == 0:
        time.sleep(0.25)  # slow, but well within the timeout
        STATS["slow replies"] += 1
    if len(data) > 8 and RNG.random() < 0.15:
        cut = sorted(RNG.sample(range(1, len(data)), 2))
        for piece in (data[:cut[0]], data[cut[0]:cut[1]], data[cut[1]:]):
            sys.stdout.buffer.write(piece)
            sys.stdout.buffer.flush()
        STATS["split writes"] += 1
        return
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


# ----------------------------------------------------------------------------- the engine

class Engine:
    """One scenario's state: its variants and, for game scenarios, the game."""

    def __init__(self) -> None:
        self.variants = Variants.from_mapping({})
        self.game: Game | None = None


def rejected(err: RulesError) -> dict[str, Any]:
    """A rejection: ``accepted`` false and the clause (section 4); the ``error`` object
    is for people, so it varies (or is left out)."""
    clause = CLAUSE if CLAUSE is not None and err.clause is not None else err.clause
    form = RNG.randrange(4)
    STATS[f"rejection form {form}"] += 1
    if form == 0:
        return {"accepted": False, "clause": clause}
    if form == 1:
        return {"accepted": False, "clause": clause, "error": {"message": f"nope: {err}"}}
    if form == 2:
        return {"accepted": False, "clause": clause,
                "error": {"code": "E-LIBERAL", "message": "refused", "hint": "see the rules"}}
    return {"accepted": False, "clause": clause,
            "error": {"code": err.code.upper(), "clause": clause, "message": "¡no!"}}


def shuffled(items: list[str]) -> list[str]:
    out = list(items)
    RNG.shuffle(out)
    if out != items:
        STATS["lists reordered"] += 1
    return out


ORDER = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"]
"""protocol.md, plays: the ranks of a play, lowest first in this order."""


def play_entry(combo: Combo, ranks: tuple[Rank, ...]) -> str:
    """One plays entry as protocol.md defines it: the reading, a colon and a space, then
    the ranks of every card the play uses, lowest first."""
    symbols = sorted((r.symbol for r in ranks), key=ORDER.index,
                     reverse="ranks-desc" in BREAK)
    return f"{combo.notation()}: {' '.join(symbols)}"


def query(engine: Engine, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
    """classify, beats, plays, points, deck (section 4)."""
    variants = engine.variants
    if cmd == "classify":
        readings = [c.notation() for c in classify(parse_cards(request["cards"],
                                                               allow_empty=False), variants)]
        if "pear" in BREAK and readings:
            readings = ["pear 3"]
        return {"legal": bool(readings), "readings": shuffled(readings)}
    if cmd == "beats":
        top = choose_reading(parse_cards(request["top"], allow_empty=False),
                             declared=request.get("top_shape"), variants=variants)
        combos = classify(parse_cards(request["reply"], allow_empty=False), variants)
        if "reply_shape" in request:
            declared = Combo.parse(request["reply_shape"])
            combos = tuple(c for c in combos if c == declared)
        for combo in combos:  # strongest first: the strongest that beats (D10)
            if beats(combo, top, variants):
                return {"beats": True, "reading": combo.notation()}
        return {"beats": False, "reading": None}
    if cmd == "plays":
        against: Combo | None = None
        if "top" in request:
            against = choose_reading(parse_cards(request["top"], allow_empty=False),
                                     declared=request.get("top_shape"), variants=variants)
        entries = [play_entry(p.combo, p.ranks)
                   for p in legal_plays(parse_cards(request["hand"]), against, variants)]
        return {"plays": shuffled(entries), "count": len(entries)}
    if cmd == "points":
        return {"points": points(parse_cards(request["cards"]))}
    deck = full_deck()
    return {"faces": len(ALL_FACES), "points": points(deck), "cards": len(deck),
            "copies": DECKS}


def start(engine: Engine, request: dict[str, Any]) -> dict[str, Any]:
    """start: forget the previous game; build the new one from ``setup`` (section 4)."""
    variants = request.get("variants") or {}
    engine.variants = Variants.from_mapping(variants)
    engine.game = None
    setup = request.get("setup")
    if setup is not None:
        if "position" in setup:
            position = dict(setup["position"])
            position["variants"] = {**position.get("variants", {}), **variants}
            engine.game = Game.from_position(position)
        else:
            deal = setup["deal"]
            engine.game = Game.new(
                deck=parse_cards(deal["deck"]), first=deal.get("first"),
                redeals=[parse_cards(d) for d in deal.get("redeals", [])],
                variants=engine.variants,
                levels=[Rank.parse(level) for level in deal["levels"]] if "levels" in deal
                else None,
                previous_winners=deal.get("previous_winners"),
                previous_banker=deal.get("previous_banker"),
                hand_number=deal.get("hand", 1))
    if RNG.random() < 0.5:
        STATS["start accepted with clause null"] += 1
        return {"clause": None, "accepted": True}
    return {"accepted": True}


def game_command(engine: Engine, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
    """act, observe, next_hand (section 4)."""
    if engine.game is None:
        raise LookupError(f"{cmd} needs a game, and this scenario has none")
    if cmd == "observe":
        observation: dict[str, Any] = engine.game.observe()
        if "seat" in request:  # capability hands: that seat's cards, canonical order
            observation["held"] = [str(c) for c in engine.game.hand(request["seat"])]
        return observation
    if cmd == "act":
        engine.game.apply(request["action"])
    else:
        engine.game.next_hand(deck=parse_cards(request["deck"]), first=request.get("first"))
    return {"accepted": True, "clause": None}


def hello() -> dict[str, Any]:
    """The handshake (section 4): one word per query command, every variant value (in
    another order than the kit lists them)."""
    return {
        "capabilities": ["position", "deal", "deck", "points", "plays", "beats", "classify",
                         "hands"],
        "variants": {name: list(reversed(values)) for name, values in CHOICES.items()},
        "protocol": "1.3",  # every convention of section 8 (issue 28)
        "version": "0.8 «liberal»",
        "name": "liberal adapter ✓",
    }


def answer(engine: Engine, request: dict[str, Any]) -> dict[str, Any]:
    """The result of one request (RulesError becomes a rejection)."""
    cmd = request["cmd"]
    try:
        if cmd == "hello":
            return hello()
        if cmd == "start":
            return start(engine, request)
        if cmd in ("classify", "beats", "plays", "points", "deck"):
            return query(engine, cmd, request)
        if cmd in ("act", "observe", "next_hand"):
            return game_command(engine, cmd, request)
    except RulesError as err:
        return rejected(err)
    if cmd == "stop":
        return {}
    raise LookupError(f"unknown cmd {cmd!r}")


def main() -> None:
    global CLAUSE, STATS_FILE
    args = sys.argv[1:]
    while args:
        option = args.pop(0)
        if option == "--break":
            what = args.pop(0)
            if what.startswith("clause="):
                CLAUSE = what.partition("=")[2]
            else:
                BREAK.add(what)
        elif option == "--stats":
            STATS_FILE = args.pop(0)
    engine = Engine()
    try:
        for line in sys.stdin.buffer:
            try:
                request = json.loads(line)
                seq = request["seq"]
            except (ValueError, KeyError, TypeError) as err:
                send({"ok": False, "seq": None, "error": f"cannot read the request: {err}"})
                continue
            try:
                reply = {"result": answer(engine, request), "ok": True, "seq": seq}
            except Exception as err:  # one request fails, never the session
                reply = {"seq": seq, "error": f"{type(err).__name__}: {err}", "ok": False}
            send(reply)
            if request.get("cmd") == "start":
                print(f"liberal: scenario {seq} starts", file=sys.stderr)
            if request.get("cmd") == "stop":
                break
    finally:
        if STATS_FILE:
            with open(STATS_FILE, "w", encoding="utf-8") as out:
                json.dump(dict(sorted(STATS.items())), out)


if __name__ == "__main__":
    main()
