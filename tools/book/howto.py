"""How to play (issue 22, item 2): a page that walks one hand in order, from the deal to
the new levels, each step with the rules it follows, illustrated by a real hand the
reference engine plays with its seeded random player (:data:`SEED`): the reveal that fixes
the banker, the kitty and the burial, the calls, every trick with glyphs, who went out,
the ending, and the settlement worked out from the engine's own figures.

Everything shown of the hand is what :class:`fivetenk.reference.game.Game` did and
reported (its observation and result); nothing is typed in by hand, so the page cannot
drift from the engine, and the same seed gives the same page byte for byte. The prose is
the book's, in English and Spanish (:data:`TEXT`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..reference import Combo, beats, classify

SEED = 6
"""The seed of the hand shown: the first hand of a match in which seat 3 reveals a 3 and
banks, both calls find partners (seats 0 and 5) and the banker side goes out first with
the defenders on 115 points, so the bankers win and advance one level (R21, D23)."""

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("deal", ("R01", "R08", "R09")),
    ("kitty", ("R10",)),
    ("calls", ("R11", "R12")),
    ("tricks", ("R13", "R14", "R15", "R16", "R02", "R03", "R04", "R05")),
    ("ending", ("R17", "R18", "R19")),
    ("settlement", ("R06", "R20", "R21", "R22", "R07", "R23")),
)
"""The steps of a hand in order, and the rules each follows."""

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "How to play",
        "intro": "5,10,K is played by six players with three decks and their jokers: 162 "
                 "cards. Each hand the banker, with the partners its two calls find, plays "
                 "against the other players, the defenders; the defenders' points decide who "
                 "advances. Below, one hand the reference engine played (seed {seed}), step "
                 "by step; each step names the rules it follows.",
        "deal": "The deal and the reveals",
        "deal_text": "Cards are dealt one at a time, 26 to each seat, starting with seat "
                     "{first}; the last six are the kitty. In the first hand anyone dealt a 3 "
                     "may reveal it: the first reveal fixes the banker. Here seat {seat} "
                     "revealed {card} at draw {draw} and became the banker.",
        "kitty": "The kitty and the burial",
        "kitty_text": "Once dealing is complete the banker takes the six kitty cards, then "
                      "buries six cards of their choice, face down; the buried cards score at "
                      "the settlement.",
        "kitty_cards": "The kitty", "buried": "Buried by seat {seat}",
        "calls": "The calls",
        "calls_text": "The banker calls two faces, each with the occurrence that counts: "
                      "whoever plays that copy becomes the banker's partner (the banker "
                      "playing it stays alone). Sides are known only as the calls resolve.",
        "call": "the {ordinal} {face}", "resolved": "resolved by seat {seat} in trick {trick}",
        "self": "a self-call: no partner",
        "table": "The table at the first lead",
        "tricks": "The tricks",
        "tricks_text": "The banker leads. Each player in turn beats the top play with the same "
                       "shape and more strength, or a 5,10,K, a bomb or the rocket, or passes. "
                       "When every other player still holding cards has passed, the last "
                       "player to play takes the trick's 5s, 10s and kings and leads next; a "
                       "player who has run out of cards is skipped. This hand took {n} "
                       "tricks.",
        "trick": "Trick", "leads": "leads", "pass": "pass", "wins": "wins",
        "points": "points", "went_out": "out of cards: seat {seats}",
        "ending": "The end of the hand",
        "ending_bankers_out": "Once both calls were resolved the sides were known, and the "
                              "hand stopped as soon as every banker-side player (seats "
                              "{side}) was out of cards: the scoring cards left in the "
                              "defenders' hands went to the bankers.",
        "ending_defenders_out": "Once both calls were resolved the sides were known, and the "
                                "hand stopped as soon as every defender (seats {side}) was out "
                                "of cards: the scoring cards left in the bankers' hands went "
                                "to the defenders.",
        "ending_one_player_left": "With a call still open, the hand stopped when only one "
                                  "player held cards.",
        "settlement": "The settlement and the levels",
        "settlement_text": "Points follow the side each seat ends on. The defenders' total "
                           "decides: 0 the bankers +3; 5–55 +2; 60–115 +1; 120–175 the "
                           "defenders win and nobody advances; 180–235 the defenders +1; "
                           "240–295 +2; 300 +3. Each winner advances from their own level.",
        "seat": "Seat", "side": "Side", "bankers": "banker side", "defenders": "defenders",
        "credited": "Points", "before": "Level before", "after": "Level after",
        "kitty_to": "Kitty {cards}: {points} points to seat {seat}.",
        "table_to": "Table: {points} points to seat {seat}.",
        "remnant_to": "Cards left in hands: {points} points to the {side}.",
        "total": "Defenders: {parts} = {total}; bankers: 300 − {total} = {bankers}.",
        "band": "Band {band}: the {winners} win and each advances {advance}.",
        "rules": "Rules", "next": "Then the next hand is dealt: the winners reveal their "
                                  "own level to choose the next banker (R23).",
    },
    "es": {
        "title": "Cómo se juega",
        "intro": "El 5,10,K lo juegan seis jugadores con tres barajas y sus jokers: 162 "
                 "cartas. En cada mano la banca, con los compañeros que encuentran sus dos "
                 "llamadas, juega contra los demás, los defensores; los puntos de los "
                 "defensores deciden quién sube. Abajo, una mano que jugó el motor de "
                 "referencia (semilla {seed}), paso a paso; cada paso nombra sus reglas.",
        "deal": "El reparto y las revelaciones",
        "deal_text": "Las cartas se reparten de una en una, 26 por asiento, empezando por el "
                     "asiento {first}; las seis últimas son el fondo. En la primera mano quien "
                     "recibe un 3 puede revelarlo: la primera revelación fija la banca. Aquí "
                     "el asiento {seat} reveló {card} en la carta {draw} y fue la banca.",
        "kitty": "El fondo y el entierro",
        "kitty_text": "Con el reparto completo la banca recoge las seis cartas del fondo y "
                      "entierra seis cartas a su elección, ocultas; las enterradas puntúan al "
                      "liquidar.",
        "kitty_cards": "El fondo", "buried": "Enterradas por el asiento {seat}",
        "calls": "Las llamadas",
        "calls_text": "La banca llama dos caras, cada una con la aparición que cuenta: quien "
                      "juega esa copia es compañero de la banca (si la juega la banca, sigue "
                      "sola). Los bandos solo se conocen al resolverse las llamadas.",
        "call": "la {ordinal} {face}",
        "resolved": "la resolvió el asiento {seat} en la baza {trick}",
        "self": "se llamó a sí misma: sin compañero",
        "table": "La mesa en la primera salida",
        "tricks": "Las bazas",
        "tricks_text": "Sale la banca. Cada jugador en su turno supera la jugada en mesa con "
                       "la misma forma y más fuerza, o con un 5,10,K, una bomba o el cohete, o "
                       "pasa. Cuando todos los demás con cartas han pasado, el último que jugó "
                       "se lleva los 5, 10 y K de la baza y sale; quien ya no tiene cartas se "
                       "salta. Esta mano tuvo {n} bazas.",
        "trick": "Baza", "leads": "sale", "pass": "pasa", "wins": "gana",
        "points": "puntos", "went_out": "sin cartas: asiento {seats}",
        "ending": "El final de la mano",
        "ending_bankers_out": "Resueltas ambas llamadas los bandos se conocían, y la mano se "
                              "detuvo en cuanto todo el bando de la banca (asientos {side}) "
                              "se quedó sin cartas: las cartas de puntos que quedaban en las "
                              "manos de los defensores fueron a la banca.",
        "ending_defenders_out": "Resueltas ambas llamadas los bandos se conocían, y la mano se "
                                "detuvo en cuanto todos los defensores (asientos {side}) se "
                                "quedaron sin cartas: las cartas de puntos que quedaban en "
                                "las manos de la banca fueron a los defensores.",
        "ending_one_player_left": "Con una llamada aún abierta, la mano se detuvo cuando solo "
                                  "un jugador tenía cartas.",
        "settlement": "La liquidación y los niveles",
        "settlement_text": "Los puntos siguen al bando final de cada asiento. Decide el total "
                           "de los defensores: 0 la banca +3; 5–55 +2; 60–115 +1; 120–175 "
                           "ganan los defensores y nadie sube; 180–235 los defensores +1; "
                           "240–295 +2; 300 +3. Cada ganador sube desde su propio nivel.",
        "seat": "Asiento", "side": "Bando", "bankers": "banca", "defenders": "defensores",
        "credited": "Puntos", "before": "Nivel antes", "after": "Nivel después",
        "kitty_to": "Fondo {cards}: {points} puntos al asiento {seat}.",
        "table_to": "Mesa: {points} puntos al asiento {seat}.",
        "remnant_to": "Cartas que quedaban en las manos: {points} puntos a la {side}.",
        "total": "Defensores: {parts} = {total}; banca: 300 − {total} = {bankers}.",
        "band": "Tramo {band}: gana la {winners} y cada uno sube {advance}.",
        "rules": "Reglas", "next": "Después se reparte la mano siguiente: los ganadores "
                                   "revelan su propio nivel para elegir la banca (R23).",
    },
}
"""The page's prose in each language; the hand's facts are filled in from the engine."""

ORDINALS = {"en": {1: "1st", 2: "2nd", 3: "3rd"}, "es": {1: "1.ª", 2: "2.ª", 3: "3.ª"}}
WINNERS = {"en": {"bankers": "bankers", "defenders": "defenders"},
           "es": {"bankers": "banca", "defenders": "defensores"}}


def walk(seed: int = SEED) -> dict[str, Any]:
    """Play the first hand of a match with the reference engine's seeded random player and
    record what a reader follows: the reveal, the kitty, the burial, the calls, the table at
    the first lead, every trick (each play or pass, its winner and points, calls resolved
    and seats gone out in it) and the result with the levels before and after."""
    # lazy: the game loads to walk a hand, not at `fivetenk book --help`
    from ..reference import Game, RandomPlayer

    game = Game.new(seed=seed)
    player = RandomPlayer(seed)
    levels = list(game.observe()["levels"])
    kitty = [str(c) for c in game.deal_decks[0][-6:]]
    out: dict[str, Any] = {"seed": seed, "first": game.first, "kitty": kitty,
                           "levels_before": levels, "tricks": [], "buried": [], "calls": []}
    trick: dict[str, Any] | None = None
    kept: dict[tuple[int, str], int] = {}
    while game.pending() is not None:
        action = player.choose(game)
        before = game.observe()
        game.apply(action)
        after = game.observe()
        if action.type == "bury":
            out["buried"] = [str(c) for c in action.cards]
        elif action.type == "call":
            out["calls"] = [{"face": str(c.face), "ordinal": c.ordinal} for c in action.calls]
            out["position"] = game.to_position()
        elif action.type in ("play", "pass"):
            if before["trick"] is None:
                trick = {"number": len(out["tricks"]) + 1, "leader": action.seat,
                         "plays": [], "resolved": [], "out": [], "notes": []}
                out["tricks"].append(trick)
            assert trick is not None
            top = ((before["trick"] or {}).get("top") or {}).get("combo", "")
            if action.type == "play":
                entry = (after["trick"] or {}).get("plays", [{}])[-1] if after["trick"] else {}
                combo = entry.get("combo", "") or _reading(action.cards)
                trick["plays"].append({"seat": action.seat,
                                       "cards": [str(c) for c in action.cards],
                                       "combo": combo})
                _note_play(trick, action.seat, combo, top, kept)
            else:
                trick["plays"].append({"seat": action.seat, "cards": [], "combo": ""})
                _note_kept(trick, action.seat, game.hand_counts(action.seat), top, kept)
            for old, new in zip(before["calls"], after["calls"], strict=True):
                if old["resolved_by"] is None and new["resolved_by"] is not None:
                    trick["resolved"].append(new["face"])
                    trick["notes"].append({"kind": "partner", "seat": action.seat,
                                           "face": new["face"], "ordinal": new["ordinal"],
                                           "self": action.seat == game.observe()["banker"]})
            trick["out"] += [s for s in after["out"] if s not in before["out"]]
            if after["result"] is not None:  # the hand stopped: its last trick too (D20)
                trick["winner"] = after["result"]["table_to"]
                trick["points"] = after["result"]["table_points"]
            elif after["trick"] is None:
                top = (before["trick"] or {}).get("top") or {}
                trick["winner"] = top.get("seat", action.seat)
                won = [a - b for a, b in zip(after["captured"], before["captured"], strict=True)]
                trick["points"] = won[trick["winner"]]
            if "winner" in trick and trick["points"] >= BIG_TRICK and not any(
                    n["kind"] == "points" for n in trick["notes"]):
                trick["notes"].append({"kind": "points", "seat": trick["winner"],
                                       "points": trick["points"],
                                       "cards": _scoring(trick["plays"])})
    _keep_kept_bombs_played(out["tricks"])
    final = game.observe()
    out["reveal"] = final["reveal"]
    out["banker"] = final["banker"]
    out["result"] = final["result"]
    for call, seen in zip(out["calls"], final["calls"], strict=True):
        call["resolved_by"] = seen["resolved_by"]
        call["trick"] = next((t["number"] for t in out["tricks"]
                              if call["face"] in t["resolved"]), None)
    return out


BIG_TRICK = 20
"""A trick worth at least this many points is narrated: who took it and with which cards
(every scoring card of the trick goes to its winner, R14.1)."""


def _reading(cards: Any) -> str:
    readings = classify(cards)
    return str(readings[0]) if readings else ""


def _scoring(plays: list[dict[str, Any]]) -> list[str]:
    """The scoring cards (5, 10, K: R06.1) played in a trick, in play order."""
    return [c for p in plays for c in p["cards"] if c[:-1] in ("5", "10", "K")]


def _note_play(trick: dict[str, Any], seat: int, combo: str, top: str,
               kept: dict[tuple[int, str], int]) -> None:
    """A play worth a word: a bomb or rocket (over what, or led), a bomb a seat kept
    earlier, a 5,10,K over an ordinary shape. Facts only, read from the engine's record."""
    kind = combo.split(" ")[0]
    if kind in ("bomb", "rocket"):
        rank = combo.split("x")[-1] if kind == "bomb" else ""
        trick["notes"].append({"kind": "bomb", "seat": seat, "combo": combo, "over": top,
                               "kept_since": kept.pop((seat, rank), None)})
    elif kind == "5-10-K" and top and not top.startswith(("5-10-K", "bomb", "rocket")):
        trick["notes"].append({"kind": "special", "seat": seat, "combo": combo, "over": top})


def _note_kept(trick: dict[str, Any], seat: int, hand: Any, top: str,
               kept: dict[tuple[int, str], int]) -> None:
    """A pass by a seat holding a bomb that would have beaten the top play (checked with
    the engine's own :func:`~fivetenk.reference.combos.beats`): the bomb was kept. Noted
    the first time only, and again when the bomb is played."""

    if not top:
        return
    by_rank: Counter[Any] = Counter()
    for card, n in hand.items():
        by_rank[card.rank] += n
    for rank, n in sorted(by_rank.items()):
        if n < 4 or rank.is_joker:
            continue
        cards = [c for c, k in hand.items() if c.rank == rank for _ in range(k)]
        bomb = next(r for r in classify(cards) if r.shape == "bomb")
        if (seat, rank.symbol) not in kept and beats(bomb, Combo.parse(top)):
            kept[(seat, rank.symbol)] = trick["number"]
            trick["notes"].append({"kind": "kept", "seat": seat, "combo": str(bomb),
                                   "over": top})


def _keep_kept_bombs_played(tricks: list[dict[str, Any]]) -> None:
    """Keep a "kept" note only for a bomb its seat plays later (the note then says in which
    trick): a bomb held to the end, or broken up, is not a story the reader can follow."""
    played = {(n["seat"], n["combo"].split("x")[-1], n["kept_since"]): t["number"]
              for t in tricks for n in t["notes"] if n["kind"] == "bomb" and n["kept_since"]}
    for t in tricks:
        notes = []
        for n in t["notes"]:
            if n["kind"] == "kept":
                later = played.get((n["seat"], n["combo"].split("x")[-1], t["number"]))
                if later is None:
                    continue
                n["played_in"] = later
            notes.append(n)
        t["notes"] = notes
