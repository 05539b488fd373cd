"""The interface text of ``fivetenk play`` in English and Spanish (``--lang``, issue 34).

Only the table's own words change: the questions, the hint, the commands and their
answers, the labels of the status and of the moves. Card notation (``10H``, ``AS``,
``BJ``), the choices as typed (``pass``, ``skip``, ``call AD 1 AC 1``), clause ids and the
engine's refusals stay as they are, so an answer is typed the same way in any language.
"""

from __future__ import annotations

from dataclasses import dataclass

LANGUAGES = ("en", "es")


@dataclass(frozen=True)
class Words:
    questions: dict[str, str]
    hint: str
    hint_why: str
    suggested: str
    why: str
    not_: str
    refused: str
    help: tuple[str, ...]
    unknown: str
    nothing_to_undo: str
    undone: str
    moves: tuple[str, str]
    """one move, several moves"""
    no_tricks: str
    trick_won: str
    trick_open: str
    levels_line: str
    levels_now: str
    you: str
    seat: str
    your_hand: str
    you_buried: str
    hand_header: str
    holder: str
    list_hint: str
    seats: str
    banker_line: str
    none_yet: str
    calls: str
    resolved_by: str
    played: str
    trick_line: str
    won_by: str
    forced: str
    forced_pass: str
    forced_skip: str
    tally_head: str
    tally_known: str
    tally_unknown: str
    tally_left: str
    hand_over: str
    endings: dict[str, str]
    sides_line: str
    final_line: str
    to_seat: str
    to_side: dict[str, str]
    totals_line: str
    winners_line: str
    level_words: tuple[str, str]
    levels_after: str
    headline: str
    buries: str
    revealed: str
    out: str
    stopped: tuple[str, str]
    fresh: str
    match_over: str
    more: str
    quit_why: dict[str, str]
    quit_logged: str
    quit_unlogged: str
    taken: tuple[str, str]
    defaults: str


EN = Words(
    questions={"reveal": "Reveal a level card to become banker, or skip (D3)?",
               "bury": "Bury six cards (R10.1): which?",
               "call": "Call two partners (R11.1), e.g. AH 1 AS 1:",
               "play": "Your play (R13.1-R13.2):"},
    hint="hint: {action}  ('?' says why)",
    hint_why="('?' says why)",
    suggested="suggested",
    why="why",
    not_="not",
    refused="refused",
    help=("At a question, type:",
          "  7H 7S, pass, skip, AH 1 AS 1   an answer in card notation (Tab completes it)",
          "  3                              the listed choice numbered 3",
          "  ? or hint                      the suggestion (? also says why)",
          "  list                           the next page of numbered choices",
          "  undo                           take back your last decision and the moves "
          "after it",
          "  history                        the tricks of this hand so far",
          "  score                          the points captured and the levels, hand by hand",
          "  dispute [N] [PATH]             move N written as a scenario",
          "  help                           this list; Ctrl-D or Ctrl-C quits"),
    unknown="'{word}' is not a card or a command: type help for the commands, or an "
            "answer such as {example} (cards are written like 10H, AS, 5D, SJ, BJ)",
    nothing_to_undo="undo: none of your decisions in this hand to take back",
    undone="undo: back to your question before move #{n} ({moves} taken back; the log "
           "keeps the undo)",
    moves=("{n} move", "{n} moves"),
    no_tricks="history: no trick played yet in this hand",
    trick_won=" -> seat {seat} ({points} pts)",
    trick_open=" (being played)",
    levels_line="levels, hand {hand}: {start} before, {end} after",
    levels_now="levels, hand {hand} (being played): {start}",
    you="you",
    seat="seat",
    your_hand="your hand",
    you_buried="you buried",
    hand_header="== Hand {hand}; levels {levels} (seat {seat} is you)",
    holder="you hold {held} {face}, called ({stake}): playing it makes you seat "
           "{banker}'s partner, on the banker's side (R11)",
    list_hint="('list' shows the numbered choices, '?' the suggestion)",
    seats="seats",
    banker_line="banker: seat {banker} (*); revealed partners: {partners} (+)",
    none_yet="none yet",
    calls="calls",
    resolved_by="resolved by seat {seat}",
    played="{n} played",
    trick_line="trick ({points} pts; top: seat {seat} {combo}): {plays}",
    won_by="  trick won by seat {seat} (R13.3, R14.1)",
    forced="  played for you, the only legal answer: {why} (--ask-forced asks)",
    forced_pass="nothing in your hand beats {combo}",
    forced_skip="you hold no level card to reveal",
    tally_head="points captured: {seats}",
    tally_known="bankers ({names}) {ours}; defenders {rest} of the {need} they need (R21.4)",
    tally_unknown="banker side so far ({names}) {ours}; the others {rest} (sides not all "
                  "known; defenders need {need}, R21.4)",
    tally_left="{n} not yet won",
    hand_over="Hand over: {ending} ({clause}).",
    endings={"bankers_out": "every banker-side player is out",
             "defenders_out": "every defender is out",
             "one_player_left": "only one player holds cards while a call is unresolved"},
    sides_line="banker side: seats {bankers}; defenders: seats {defenders}",
    final_line="final trick: {table} pts to {table_to}; kitty {kitty}: {kitty_points} pts "
               "to {kitty_to} (R19.2-R19.3); cards left: {left} pts to {left_to} "
               "({clause})",
    to_seat="seat {seat}",
    to_side={"bankers": "the bankers", "defenders": "the defenders"},
    totals_line="totals: defenders {defenders}, bankers {bankers} (R20.1); band {band} "
                "({clause})",
    winners_line="winners: {side} (seats {seats}), advancing {levels} (R22.1)",
    level_words=("{n} level", "{n} levels"),
    levels_after="levels now: ",
    headline="5,10,K: you are seat {seat}; seed {seed}; variants: {variants}",
    buries="{who} buries six cards",
    revealed="  seat {seat} is revealed as a partner (R11.4)",
    out="  seat {seat} is out ({nth} out, R16.1)",
    stopped=("Stopped after 1 hand; levels {levels}.",
             "Stopped after {n} hands; levels {levels}."),
    fresh="(a fresh deal: `{command}` plays it again)",
    match_over="The match is over (R23.1): seat(s) {seats} won.",
    more="     ... {n} more: 'list' shows them (any number up to {total} is taken)",
    quit_why={"eof": "End of input", "interrupt": "Interrupted"},
    quit_logged="{why}: quit. Nothing is lost: the game so far is logged in {log} "
                "({taken}). To go on from here:",
    quit_unlogged="{why}: quit. This game was not logged, so it cannot be resumed (--log "
                  "FILE keeps it). The same deal from the start:",
    taken=("no decision yet", "decisions 1-{n}"),
    defaults="defaults",
)

ES = Words(
    questions={"reveal": "¿Revelar una carta del nivel para ser banca, o saltar (skip, D3)?",
               "bury": "Entierra seis cartas (R10.1): ¿cuáles?",
               "call": "Llama a dos compañeros (R11.1), p. ej. AH 1 AS 1:",
               "play": "Tu jugada (R13.1-R13.2):"},
    hint="pista: {action}  ('?' explica por qué)",
    hint_why="('?' explica por qué)",
    suggested="sugerencia",
    why="por qué",
    not_="no",
    refused="rechazada",
    help=("En una pregunta, escribe:",
          "  7H 7S, pass, skip, AH 1 AS 1   una respuesta en notación de cartas (Tab "
          "completa)",
          "  3                              la opción número 3 de la lista",
          "  ? o hint                       la sugerencia (? explica también por qué)",
          "  list                           la siguiente página de opciones",
          "  undo                           deshace tu última decisión y las jugadas "
          "siguientes",
          "  history                        las bazas de esta mano hasta ahora",
          "  score                          los puntos ganados y los niveles, mano a mano",
          "  dispute [N] [RUTA]             la jugada N escrita como escenario",
          "  help                           esta lista; Ctrl-D o Ctrl-C para salir"),
    unknown="'{word}' no es una carta ni una orden: escribe help para ver las órdenes, o "
            "una respuesta como {example} (las cartas se escriben 10H, AS, 5D, SJ, BJ)",
    nothing_to_undo="undo: no hay ninguna decisión tuya en esta mano para deshacer",
    undone="undo: de vuelta a tu pregunta antes de la jugada #{n} ({moves}; el "
           "registro guarda el undo)",
    moves=("{n} jugada deshecha", "{n} jugadas deshechas"),
    no_tricks="history: aún no se ha jugado ninguna baza en esta mano",
    trick_won=" -> asiento {seat} ({points} ptos)",
    trick_open=" (en juego)",
    levels_line="niveles, mano {hand}: {start} antes, {end} después",
    levels_now="niveles, mano {hand} (en juego): {start}",
    you="tú",
    seat="asiento",
    your_hand="tu mano",
    you_buried="enterraste",
    hand_header="== Mano {hand}; niveles {levels} (el asiento {seat} eres tú)",
    holder="tienes {held} {face}, llamada ({stake}): jugarla te hace compañero del "
           "asiento {banker}, del lado de la banca (R11)",
    list_hint="('list' muestra las opciones numeradas, '?' la sugerencia)",
    seats="asientos",
    banker_line="banca: asiento {banker} (*); compañeros revelados: {partners} (+)",
    none_yet="ninguno aún",
    calls="llamadas",
    resolved_by="resuelta por el asiento {seat}",
    played="{n} jugadas",
    trick_line="baza ({points} ptos; arriba: asiento {seat} {combo}): {plays}",
    won_by="  baza ganada por el asiento {seat} (R13.3, R14.1)",
    forced="  jugada por ti, la única respuesta legal: {why} (--ask-forced pregunta)",
    forced_pass="nada en tu mano supera {combo}",
    forced_skip="no tienes carta del nivel que revelar",
    tally_head="puntos ganados: {seats}",
    tally_known="banca ({names}) {ours}; defensores {rest} de los {need} que necesitan "
                "(R21.4)",
    tally_unknown="lado de la banca por ahora ({names}) {ours}; los demás {rest} (lados "
                  "aún no conocidos; los defensores necesitan {need}, R21.4)",
    tally_left="{n} aún sin ganar",
    hand_over="Fin de la mano: {ending} ({clause}).",
    endings={"bankers_out": "todos los jugadores del lado de la banca han salido",
             "defenders_out": "todos los defensores han salido",
             "one_player_left": "solo un jugador tiene cartas con una llamada sin resolver"},
    sides_line="lado de la banca: asientos {bankers}; defensores: asientos {defenders}",
    final_line="última baza: {table} ptos para {table_to}; bote {kitty}: {kitty_points} "
               "ptos para {kitty_to} (R19.2-R19.3); cartas restantes: {left} ptos para "
               "{left_to} ({clause})",
    to_seat="el asiento {seat}",
    to_side={"bankers": "la banca", "defenders": "los defensores"},
    totals_line="totales: defensores {defenders}, banca {bankers} (R20.1); franja {band} "
                "({clause})",
    winners_line="ganan: {side} (asientos {seats}), suben {levels} (R22.1)",
    level_words=("{n} nivel", "{n} niveles"),
    levels_after="niveles ahora: ",
    headline="5,10,K: eres el asiento {seat}; semilla {seed}; variantes: {variants}",
    buries="{who} entierra seis cartas",
    revealed="  el asiento {seat} se revela como compañero (R11.4)",
    out="  el asiento {seat} ha salido ({nth} en salir, R16.1)",
    stopped=("Fin tras 1 mano; niveles {levels}.", "Fin tras {n} manos; niveles {levels}."),
    fresh="(un reparto nuevo: `{command}` lo vuelve a jugar)",
    match_over="La partida ha terminado (R23.1): gana(n) el/los asiento(s) {seats}.",
    more="     ... {n} más: 'list' las muestra (se acepta cualquier número hasta {total})",
    quit_why={"eof": "Fin de la entrada", "interrupt": "Interrumpido"},
    quit_logged="{why}: salida. No se pierde nada: la partida está registrada en {log} "
                "({taken}). Para seguir desde aquí:",
    quit_unlogged="{why}: salida. Esta partida no se registró, así que no se puede "
                  "reanudar (--log ARCHIVO la guarda). El mismo reparto desde el principio:",
    taken=("ninguna decisión aún", "decisiones 1-{n}"),
    defaults="las de siempre",
)

WORDS = {"en": EN, "es": ES}
