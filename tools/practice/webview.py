"""What the browser table of ``fivetenk play --web`` shows, as JSON: :func:`snapshot`.

The page (``assets/table.js``) only draws this and sends the user's answers back; every
fact in it comes from the session, read in the session's own thread while it waits for an
answer (:mod:`fivetenk.practice.web`): the seat's hand sorted and grouped by rank, the
other seats (cards left, level, side once known), the trick on the table and every trick
before it, the points per side, the calls and how many of each called face have been
played, the levels hand by hand and the last settlement (with the burial, R19.2), and at a
question its legal choices and the suggestion with its reason and its claims, each checked
against the engine (:func:`fivetenk.practice.claims.verify`). Only what the seat may know
(R10.2) is shown: no other hand, the burial only its own until the settlement.

The page's own words (its headings and buttons) are :data:`LABELS`, in English and
Spanish; the table's sentences are the terminal's (:mod:`fivetenk.practice.words`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..reference import Action
from .claims import verify
from .reasons import Suggestion
from .screen import DEFENDERS_WIN, TOTAL_POINTS, tally

if TYPE_CHECKING:
    from .session import Session

MAX_OPTIONS = 80
"""The legal choices listed at most (a play question may have hundreds; the cards are
clicked, or the answer typed, for the others)."""
FEED = 150
"""The table's last lines sent with each state (moves, refusals, the settlement)."""


@dataclass
class Asked:
    """The question the session is asking: its kind, the suggestion, the legal choices."""

    kind: str
    advice: Suggestion
    options: list[Action]


_EN: dict[str, str] = {
    "title": "5,10,K practice table",
    "game": "seed {seed}, you are seat {seat}, hand {hand}",
    "your_hand": "Your hand ({n} cards)",
    "your_hand_one": "Your hand (1 card)",
    "hand_empty": "No cards in hand.",
    "seats": "The seats",
    "you": "you",
    "seat": "seat {seat}",
    "cards_left": "{n} cards",
    "cards_left_one": "1 card",
    "level": "level {level}",
    "banker": "banker",
    "partner": "partner",
    "bankers_side": "banker's side",
    "defender": "defender",
    "side_unknown": "side not known yet",
    "out": "out {n}",
    "captured": "{n} pts",
    "trick": "The trick on the table",
    "trick_points": "{n} points in it",
    "no_trick": "No trick on the table.",
    "tricks": "Tricks of this hand",
    "no_tricks": "No trick played yet in this hand.",
    "won_by": "won by seat {seat}: {points} pts",
    "being_played": "being played",
    "pass": "pass",
    "skip": "skip",
    "points": "Points",
    "per_seat": "captured by each seat",
    "bankers": "banker's side",
    "defenders": "defenders",
    "others": "the others (sides not all known)",
    "need": "the defenders need {need} (R21.4)",
    "left": "{n} not yet won",
    "calls": "Calls",
    "call_open": "{played} played so far",
    "call_resolved": "resolved by seat {seat}",
    "no_calls": "No calls yet.",
    "levels": "Levels across hands",
    "hand": "hand",
    "before": "before",
    "after": "after",
    "playing": "being played",
    "settlement": "Settlement of hand {hand}",
    "kitty": "The burial (kitty)",
    "your_burial": "You buried",
    "suggestion": "Suggestion",
    "why": "Why",
    "facts": "Facts it states, each checked by the engine",
    "checked": "checked",
    "unchecked": "not confirmed by the engine",
    "not": "Not",
    "play_suggestion": "Play the suggestion",
    "hint": "Hint",
    "hint_shown": "The suggested cards are selected in your hand.",
    "hint_below": "The suggestion is shown below, and marked among the choices.",
    "suggested": "suggested",
    "hidden": "Hints are off: press Hint to see the suggestion.",
    "play_selected": "Play selected",
    "bury_selected": "Bury selected",
    "reveal_selected": "Reveal selected",
    "clear": "Clear selection",
    "selected": "Selected: {cards}",
    "nothing_selected": "Nothing selected: click cards in your hand.",
    "type_label": "Or type the answer (7H 7S, pass, skip, AH 1 AS 1)",
    "send": "Send",
    "choices": "All legal choices ({n})",
    "more_choices": "{n} more: type them in the box above",
    "undo": "Undo",
    "undo_help": "Takes back your last decision and the moves after it",
    "dispute": "Dispute this",
    "dispute_move": "move #",
    "dispute_help": "Writes the last move, or the answer just refused, as a scenario file "
                    "(fivetenk dispute)",
    "refused": "Refused",
    "busy": "The other seats are playing…",
    "your_turn": "Your turn",
    "over": "The game is over.",
    "stopped": "The table has stopped.",
    "failed": "The table stopped: {why}",
    "language": "Language",
    "table_talk": "At the table",
    "history": "History",
    "notation": "Cards are written 10H (ten of hearts), AS, 5D; SJ and BJ are the small and "
                "big joker.",
    "of": "of",
    "ranks": "J=jack Q=queen K=king A=ace",
    "suits": "S=spades H=hearts C=clubs D=diamonds",
    "jokers": "SJ=small joker BJ=big joker",
    "network": "The table cannot be reached: is fivetenk play --web still running?",
    "hand_over": "Hand {hand} is over: its settlement is shown with the scores.",
    "served": "The table is at {url}",
    "served_note": "(only this computer, with this address, can open it; Ctrl-C stops the "
                   "server)",
    "stays_open": "(the table stays open; Ctrl-C stops the server)",
    "no_browser": "No browser could be opened: open the address above.",
    "stopped_thinking": "Stopped while the computer players were thinking; the log keeps "
                        "decisions 1-{n}.",
}

_ES: dict[str, str] = {
    "title": "5,10,K: mesa de práctica",
    "game": "semilla {seed}, eres el asiento {seat}, mano {hand}",
    "your_hand": "Tu mano ({n} cartas)",
    "your_hand_one": "Tu mano (1 carta)",
    "hand_empty": "No te quedan cartas.",
    "seats": "Los asientos",
    "you": "tú",
    "seat": "asiento {seat}",
    "cards_left": "{n} cartas",
    "cards_left_one": "1 carta",
    "level": "nivel {level}",
    "banker": "banca",
    "partner": "compañero",
    "bankers_side": "lado de la banca",
    "defender": "defensor",
    "side_unknown": "lado aún no conocido",
    "out": "salió {n}.º",
    "captured": "{n} ptos",
    "trick": "La baza en la mesa",
    "trick_points": "{n} puntos en ella",
    "no_trick": "No hay ninguna baza en la mesa.",
    "tricks": "Bazas de esta mano",
    "no_tricks": "Aún no se ha jugado ninguna baza en esta mano.",
    "won_by": "la gana el asiento {seat}: {points} ptos",
    "being_played": "en juego",
    "pass": "paso",
    "skip": "salto",
    "points": "Puntos",
    "per_seat": "ganados por cada asiento",
    "bankers": "lado de la banca",
    "defenders": "defensores",
    "others": "los demás (lados aún no conocidos)",
    "need": "los defensores necesitan {need} (R21.4)",
    "left": "{n} aún sin ganar",
    "calls": "Llamadas",
    "call_open": "{played} jugadas hasta ahora",
    "call_resolved": "resuelta por el asiento {seat}",
    "no_calls": "Aún no hay llamadas.",
    "levels": "Niveles mano a mano",
    "hand": "mano",
    "before": "antes",
    "after": "después",
    "playing": "en juego",
    "settlement": "Cuentas de la mano {hand}",
    "kitty": "Lo enterrado (el bote)",
    "your_burial": "Enterraste",
    "suggestion": "Sugerencia",
    "why": "Por qué",
    "facts": "Lo que afirma, comprobado por el motor",
    "checked": "comprobado",
    "unchecked": "el motor no lo confirma",
    "not": "No",
    "play_suggestion": "Jugar la sugerencia",
    "hint": "Pista",
    "hint_shown": "Las cartas sugeridas quedan seleccionadas en tu mano.",
    "hint_below": "La sugerencia está abajo, y marcada entre las opciones.",
    "suggested": "sugerida",
    "hidden": "Las pistas están desactivadas: pulsa Pista para ver la sugerencia.",
    "play_selected": "Jugar la selección",
    "bury_selected": "Enterrar la selección",
    "reveal_selected": "Revelar la selección",
    "clear": "Quitar la selección",
    "selected": "Seleccionadas: {cards}",
    "nothing_selected": "Nada seleccionado: pulsa cartas de tu mano.",
    "type_label": "O escribe la respuesta (7H 7S, pass, skip, AH 1 AS 1)",
    "send": "Enviar",
    "choices": "Todas las opciones legales ({n})",
    "more_choices": "{n} más: escríbelas en la casilla de arriba",
    "undo": "Deshacer",
    "undo_help": "Deshace tu última decisión y las jugadas siguientes",
    "dispute": "Reclamar",
    "dispute_move": "jugada #",
    "dispute_help": "Escribe la última jugada, o la respuesta recién rechazada, como un "
                    "escenario (fivetenk dispute)",
    "refused": "Rechazada",
    "busy": "Juegan los demás asientos…",
    "your_turn": "Te toca",
    "over": "La partida ha terminado.",
    "stopped": "La mesa se ha detenido.",
    "failed": "La mesa se detuvo: {why}",
    "language": "Idioma",
    "table_talk": "En la mesa",
    "history": "Historial",
    "notation": "Las cartas se escriben 10H (diez de corazones), AS, 5D; SJ y BJ son el "
                "comodín pequeño y el grande.",
    "of": "de",
    "ranks": "J=jota Q=reina K=rey A=as",
    "suits": "S=picas H=corazones C=tréboles D=diamantes",
    "jokers": "SJ=comodín pequeño BJ=comodín grande",
    "network": "No se llega a la mesa: ¿sigue en marcha fivetenk play --web?",
    "hand_over": "La mano {hand} ha terminado: sus cuentas están junto a los puntos.",
    "served": "La mesa está en {url}",
    "served_note": "(solo este ordenador, con esta dirección, puede abrirla; Ctrl-C detiene "
                   "el servidor)",
    "stays_open": "(la mesa sigue abierta; Ctrl-C detiene el servidor)",
    "no_browser": "No se pudo abrir ningún navegador: abre la dirección de arriba.",
    "stopped_thinking": "Detenida mientras pensaban los jugadores del ordenador; el registro "
                        "guarda las decisiones 1-{n}.",
}

LABELS = {"en": _EN, "es": _ES}
"""The page's own words; card names are built from ``of``, ``ranks``, ``suits`` and
``jokers`` (``7 of hearts``, ``rey de picas``)."""


def grouped(cards: list[Any]) -> list[dict[str, Any]]:
    """The hand as the terminal shows it: in the engine's order, one group per rank."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(card.rank.symbol, []).append(str(card))
    return [{"rank": rank, "cards": codes} for rank, codes in groups.items()]


def _seats(session: Session, obs: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat: cards left, level, captured points, and its side as far as the public
    record shows it (the banker, revealed partners; everyone else a defender once both
    calls are resolved, R11)."""
    calls = obs["calls"]
    known = bool(calls) and all(c["resolved_by"] is not None for c in calls)
    out = []
    for s in range(6):
        if s == obs["banker"]:
            role: str | None = "banker"
        elif s in obs["partners"]:
            role = "partner"
        elif obs["banker"] is not None and known:
            role = "defender"
        else:
            role = None
        out.append({"seat": s, "you": s == session.seat, "cards": obs["hand_sizes"][s],
                    "level": obs["levels"][s], "role": role,
                    "out": obs["out"].index(s) + 1 if s in obs["out"] else None,
                    "captured": obs["captured"][s]})
    return out


def _points(session: Session, obs: dict[str, Any]) -> dict[str, Any]:
    captured = obs["captured"]
    side = obs["banker_side"] if obs["banker"] is not None else []
    calls = obs["calls"]
    ours = sum(captured[s] for s in side)
    return {"captured": captured, "side": side, "bankers": ours,
            "others": sum(captured) - ours,
            "known": bool(calls) and all(c["resolved_by"] is not None for c in calls),
            "left": TOTAL_POINTS - sum(captured), "need": DEFENDERS_WIN,
            "tally": tally(obs, session.words)}


def _option(session: Session, n: int, action: Action) -> dict[str, Any]:
    return {"n": n, "text": session.describe(action), "type": action.type,
            "cards": [str(c) for c in action.cards]}


def _suggestion(session: Session, asked: Asked) -> dict[str, Any]:
    advice, options = asked.advice, asked.options
    game = session.game
    index = next((i for i, o in enumerate(options) if o == advice.action), None)
    read = session.as_read(advice.action, None, options)
    claims = [{"text": c.text, "kind": c.kind,
               "checked": verify(game, session.seat, c) is None} for c in advice.claims]
    alternatives = []
    for alt in advice.alternatives:
        alternatives.append({
            "text": session.describe(session.as_read(alt.action, None, options)),
            "why_not": alt.why_not,
            "claims": [{"text": c.text, "kind": c.kind,
                        "checked": verify(game, session.seat, c) is None}
                       for c in alt.claims]})
    holder = session.holder_line() if asked.kind == "play" else None
    return {"n": index + 1 if index is not None else None, "text": session.describe(read),
            "type": read.type, "cards": [str(c) for c in read.cards],
            "reveal": str(read.card) if read.type == "reveal" else None,
            "reason": advice.reason, "clause": advice.clause, "claims": claims,
            "alternatives": alternatives, "holder": holder}


def _question(session: Session, asked: Asked) -> dict[str, Any]:
    options = asked.options
    return {"kind": asked.kind, "text": session.words.questions[asked.kind],
            "options": [_option(session, n, a)
                        for n, a in enumerate(options[:MAX_OPTIONS], 1)],
            "count": len(options),
            "pass": any(a.type == "pass" for a in options),
            "skip": any(a.type == "skip" for a in options),
            "can_undo": session.can_undo()}


def snapshot(session: Session, asked: Asked | None, *, lang: str,
             feed: list[str], news: int, notice: list[str],
             refusal: dict[str, Any] | None, settlement: dict[str, Any] | None,
             hints: bool) -> dict[str, Any]:
    """The table as the seat sees it now, with ``asked`` the question being asked (None
    between questions and after the game). Read in the session's thread."""
    game = session.game
    obs = game.observe()
    seat = session.seat
    trick = obs["trick"]
    return {
        "lang": lang,
        "labels": LABELS[lang],
        "game": {"seed": session.seed, "seat": seat, "hand": obs["hand"],
                 "hands": session.hands, "move": session.number,
                 "level": session.level, "opponents": session.opponent_level,
                 "log": session.log_name, "variants": session.variants.to_mapping()},
        "seats": _seats(session, obs),
        "banker": obs["banker"],
        "hand": grouped(game.hand(seat)),
        "hand_size": game.hand_size(seat),
        "buried": ([str(c) for c in game.buried]
                   if game.banker == seat and game.buried else []),
        "calls": [{"face": c["face"], "ordinal": c["ordinal"], "played": c.get("played", 0),
                   "resolved_by": c.get("resolved_by")} for c in obs["calls"]],
        "points": _points(session, obs),
        "trick": ({"leader": trick["leader"], "plays": trick["plays"],
                   "top": trick["top"], "points": trick["points"]} if trick else None),
        "tricks": [{"actions": t.actions, "winner": t.winner, "points": t.points}
                   for t in session.tricks],
        "levels": [{"hand": hand, "before": before, "after": after}
                   for hand, before, after in session.levels_seen],
        "settlement": settlement,
        "question": _question(session, asked) if asked is not None else None,
        "suggestion": _suggestion(session, asked) if asked is not None else None,
        "hints": hints,
        "refusal": refusal,
        "notice": notice,
        "feed": feed[-FEED:],
        "news": max(0, news - max(0, len(feed) - FEED)),
    }
