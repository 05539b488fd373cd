"""The scenario language in Spanish (issue 10): every step's Spanish phrase, in one table.

A feature starting with ``# language: es`` is written with Gherkin's Spanish keywords
(``Característica``, ``Regla``, ``Escenario``, ``Esquema del escenario``, ``Ejemplos``;
``Dado``, ``Cuando``, ``Entonces``, ``Y``) and these phrases. Each entry pairs a step's English
example (its key) with its Spanish template (syntax: :mod:`fivetenk.language.phrasing`); the
template reads and writes the same groups as the English phrase, so a Spanish scenario
compiles to exactly the JSON of its English twin, and ``fivetenk render --lang es`` writes
any scenario in Spanish.

The words are those of the Spanish rules (``spec/Rnn.yaml`` ``es:``, ``rules.es.txt``): la
banca (the banker side), el bando (a side), los defensores, el fondo (the kitty, R10), la
baza (a trick), salir (to lead, R13.1), pasar (to pass), enterrar (to bury), llamar (to call,
R11), la aparición (an occurrence, R11.3), revelar (to reveal, R08/R09), el reparto (a deal),
el tramo (a band, R21), subir / el ascenso (to advance, R22), la mano / la partida (a hand /
the match), el asiento (a seat). What stands between quotes is data and stays as written in
every language: cards (``10H``), readings (``pair 7``), phases, endings, paths and JSON.
Scenario and feature names are not translated either.

A new phrase needs its Spanish here: a test fails for any step without it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from .phrasing import Spanish, Translation, Words, outside_quotes
from .registry import REGISTRY, StepDef

NOT = {"not ": "no "}

NTH = {"1st": "1.º", "2nd": "2.º", "3rd": "3.º",
       **{f"{n}th": f"{n}.º" for n in range(4, 10)}}
"""A redeal's number (R08.4): el 1.º nuevo reparto."""

OCCURRENCE = {"1st": "1.ª", "2nd": "2.ª", "3rd": "3.ª"}
"""A called occurrence (R11.3): la 1.ª aparición."""


def _swap(pairs: list[tuple[str, str]]) -> Words:
    """Words swapped outside quotes, English → Spanish and back."""

    def to_es(text: str) -> str:
        return outside_quotes(text, lambda t: _sub_all(t, pairs))

    def to_en(text: str) -> str:
        return outside_quotes(text, lambda t: _sub_all(t, [(b, a) for a, b in pairs]))

    return Words(regex="", to_es=to_es, to_en=to_en)


def _sub_all(text: str, pairs: list[tuple[str, str]]) -> str:
    for a, b in pairs:
        text = re.sub(rf"\b{re.escape(a)}\b", b, text)
    return text


REDEAL_SPEC = replace(_swap([("seat", "asiento"), ("draw", "carta")]),
                      regex=r'(?:asiento [0-5]|carta \d+) "[^"]*"'
                            r'(?:; (?:asiento [0-5]|carta \d+) "[^"]*")*')
"""``seat 3 "3H"; draw 14 "7D"`` ↔ ``asiento 3 "3H"; carta 14 "7D"``."""

_NEXT_WORDS = _swap([("seat", "asiento"), ("dealt", "recibe"), ("the kitty", "el fondo"),
                     ("draw", "carta")])
NEXT_SPEC = Words(
    regex=r".+",
    to_es=lambda t: outside_quotes(_NEXT_WORDS.to_es(t),
                                   lambda u: re.sub(r"\basiento\b", "el asiento", u)),
    to_en=lambda t: _NEXT_WORDS.to_en(outside_quotes(
        t, lambda u: re.sub(r"\bel asiento\b", "asiento", u))))
"""``seat 3 dealt "4H"; the kitty "4D 4C"`` ↔ ``el asiento 3 recibe "4H"; el fondo "4D 4C"``
(issue 33: written after ``, en la que``; ``asiento 3 recibe`` without the article, as
written before, still reads)."""

FROM_SEAT = Words(regex=r"el asiento [0-5]", to_es=lambda t: "el " + t.replace("seat", "asiento"),
                  to_en=lambda t: t.replace("el asiento", "seat"))

SEATS_AND = Words(regex=r"[0-5](?:, [0-5])* y [0-5]", to_es=lambda t: t.replace(" and ", " y "),
                  to_en=lambda t: t.replace(" y ", " and "))


CLAUSE_OR_NONE = Words(regex=r"R\d\d\.\d+|ninguna cláusula",
                       to_es=lambda t: "ninguna cláusula" if t == "no clause" else t,
                       to_en=lambda t: "no clause" if t == "ninguna cláusula" else t)
"""A clause cited, or none (D38): ``R03.4`` ↔ ``R03.4``, ``no clause`` ↔ ``ninguna cláusula``."""

GIVEN_THAT = "<que |>"
"""Before a Given phrase that states a fact (``el orden del mazo es:``): Spanish says
``Dado que el orden del mazo es:``, not ``Dado el orden…`` (issue 22). Written after
``Dado`` and dropped after ``Y`` (:func:`fivetenk.language.registry.translate_lines`); read
with or without it, so features written before it still parse."""

GIVEN_NOUNS = ("una ",)
"""Given phrases that name a thing rather than state a fact (``Dada una mano en juego…``):
they take no ``que``."""

REDEAL_WORDS: dict[str, Translation] = {"nth": NTH, "spec": REDEAL_SPEC}

Entry = tuple[str, Mapping[str, Translation]] | tuple[str, Mapping[str, Translation], str]

SPANISH: dict[str, Entry] = {
    # -- registry ------------------------------------------------------------------------------
    'the variant "wing_ranks" is "distinct"': ('la variante "{name}" es "{value}"', {}),
    # -- combinations (rules 1–6) --------------------------------------------------------------
    'the cards "3H 4D 5S 6C 7C" are classified': ('se clasifican las cartas "{cards}"', {}),
    "the cards are illegal": ("las cartas son ilegales", {}),
    'the cards read as "straight 3-7"': ('las cartas se leen como "{readings}"', {}),
    '"triple+single SJ" is one of the readings': (
        '"{reading}" [{neg}]es una de las lecturas', {"neg": NOT}),
    '"8D 8C" is played on "7S 7H"': (
        'se juega "{reply}"[ como "{reply_shape}"] sobre "{top}"[ como "{top_shape}"]', {}),
    "it beats the top play": (
        "{neg} la jugada en mesa", {"neg": {"beats": "supera", "does not beat": "no supera"}}),
    'it is read as "pair 8"': ('se lee como "{reading}"', {}),
    'the legal leads from "3H 3S 4D" are listed': (
        'se enumeran las salidas legales con "{hand}"', {}),
    'the legal replies from "8D 8C 9S" to "7S 7H" are listed': (
        'se enumeran las respuestas legales con "{hand}" a "{top}"[ como "{top_shape}"]', {}),
    "there are 3 legal plays": ("hay {n} <#jugada legal|jugadas legales>", {}),
    '"pair 3: 3 3" is among them': ('"{play}" [{neg}]está entre ellas', {"neg": NOT}),
    'the points of "5H 10S KD" are counted': ('se cuentan los puntos de "{cards}"', {}),
    "the pack is counted": ("se cuenta el mazo", {}),
    "they score 25 points": ("suman {n} <#punto|puntos>", {}),
    "the pack holds 162 cards, 54 faces of 3 copies each, and 300 points": (
        "el mazo tiene {cards} cartas, {faces} caras de {copies} copias cada una, "
        "y {points} puntos", {}),
    "the cards are rejected as bad input citing R01.1": (
        "las cartas se rechazan como entrada errónea citando {clause}", {}),
    "the declared reading is refused as bad input citing R03.4": (
        "la lectura declarada se rechaza como entrada errónea citando {clause}",
        {"clause": CLAUSE_OR_NONE}),
    'the result at "readings" is ["pair 7"]': ('el resultado en "{path}" es {value}', {}),
    'the result at "plays" contains "pair 7: 7 7"': (
        'el resultado en "{path}" {how} {value}',
        {"how": {"contains": "contiene", "does not contain": "no contiene"}}),
    # -- deals (rules 1, 8–10) -----------------------------------------------------------------
    "the first card goes to seat 3": ("la primera carta va al asiento {seat}", {}),
    "the deal does not say who receives the first card": (
        "el reparto no dice quién recibe la primera carta", {}),
    'seat 2 is dealt "4H 3H"': ('el asiento {seat} recibe "{cards}"', {}),
    'the kitty is "4D 4C 4H 4S 6D 6C"': ('el fondo es "{cards}"', {}),
    'draw 14 is "7D"': ('la carta {draw} del reparto es "{card}"', {}),
    "a new match is dealt": ("se reparte una partida nueva", {}),
    'the deck order is: (then a """ doc string of 162 cards)': (
        "el orden del mazo es:", {}, 'el orden del mazo es: (y un """ doc string de 162 cartas)'),
    "the cards are dealt strongest-first": (
        "las cartas se reparten de la más fuerte a la más débil", {}),
    'the 1st redeal deals seat 3 "3H"': (
        "el {nth} nuevo reparto da {spec}", REDEAL_WORDS),
    'the 1st redeal is in the order: (then a """ doc string of 162 cards)': (
        "el {nth} nuevo reparto está en el orden:", {"nth": NTH},
        'el 1.º nuevo reparto está en el orden: (y un """ doc string de 162 cartas)'),
    "seat 2 is the banker": ("el asiento {seat} es la banca", {}),
    "no banker is fixed": ("no hay banca fijada", {}),
    # "el reparto lleva 1 carta" agrees in number; "se han repartido 57 cartas" still reads
    "57 cards have been dealt": ("<el reparto lleva|se han repartido> {n} <#carta|cartas>", {}),
    "this is deal 2 of the hand": ("este es el reparto {n} de la mano", {}),
    'seat 2 revealed "3H" at draw 3': (
        'el asiento {seat} reveló "{card}" en la carta {draw} del reparto', {}),
    "nothing has been revealed": ("no se ha revelado nada", {}),
    'the calls are the 1st "AH" and the 2nd "AS"': (
        'las llamadas son la {o1} "{f1}" y la {o2} "{f2}"',
        {"o1": OCCURRENCE, "o2": OCCURRENCE}),
    "no calls have been announced": ("no se han anunciado llamadas", {}),
    "the buried cards are not shown": ("las cartas enterradas no se muestran", {}),
    "the deal is refused citing R01.1": ("se rechaza el reparto[ citando {clause}]", {}),
    # -- play: actions -------------------------------------------------------------------------
    'seat 2 reveals "3H"': ('el asiento {seat} revela "{card}"', {}),
    "seat 2 skips": ("el asiento {seat} no revela", {}),
    'seat 2 buries "4D 4C 4H 4S 6D 6C"': ('el asiento {seat} entierra "{cards}"', {}),
    'seat 2 calls the 1st "AH" and the 2nd "AS"': (
        'el asiento {seat} llama la {o1} "{f1}" y la {o2} "{f2}"',
        {"o1": OCCURRENCE, "o2": OCCURRENCE}),
    'seat 3 plays "7H 7S"': ('el asiento {seat} <juega|sale con> "{cards}"[ como "{shape}"]', {}),
    "seat 4 passes": ("el asiento {seat} pasa", {}),
    "seats 3, 4 and 5 pass": ("los asientos {seats} pasan", {"seats": SEATS_AND}),
    "the other seats pass": ("los demás asientos pasan", {}),
    'the action {"type": "skip", "seat": 1} is sent': ("se envía la acción {action}", {}),
    "the action is rejected citing R13.2": ("se rechaza la acción citando {clause}",
                                             {"clause": CLAUSE_OR_NONE}),
    "the action is rejected": ("se rechaza la acción", {}),
    "the action is accepted": ("se acepta la acción", {}),
    "dealing continues until seat 2 is asked to reveal": (
        "el reparto sigue hasta <la carta {draw}|que se pide revelar al asiento {seat}|{phase}>",
        {"phase": {"the banker buries": "que la banca entierra",
                   "play begins": "que empieza el juego", "the hand ends": "que acaba la mano"}}),
    # -- play: what the table shows ------------------------------------------------------------
    'the phase is "playing"': ('la fase es "{phase}"', {}),
    "seat 2 is asked to bury": (
        "se pide al asiento {seat} {decision}",
        {"decision": {"reveal": "revelar", "bury": "enterrar", "call": "llamar",
                      "play": "jugar"}}),
    "nobody is asked to decide": ("nadie tiene que decidir", {}),
    'the banker side is "2 4"': ('el bando de la banca es "{seats}"', {}),
    'the partners are "4"': ('los compañeros son "{seats}"', {}),
    "call 1 is resolved by seat 4": ("la llamada {n} la resuelve el asiento {seat}", {}),
    "call 2 is unresolved": ("la llamada {n} no está resuelta", {}),
    "call 1 has seen 2 occurrences": (
        "la llamada {n} ha visto {k} <#aparición|apariciones>", {}),
    "seat 3 has captured 25 points": ("el asiento {seat} ha capturado {points} puntos", {}),
    "seat 2 holds 32 cards": ("el asiento {seat} tiene {n} <#carta|cartas>", {}),
    'the hand sizes are "26 26 32 26 26 26"': ('las manos tienen "{sizes}" cartas', {}),
    'the out seats are "1 5"': ('los asientos sin cartas son "{seats}"', {}),
    "there is no trick in progress": ("no hay baza en curso", {}),
    "seat 3 leads the trick": ("el asiento {seat} sale en la baza", {}),
    'the top play is "pair 5" by seat 2': (
        'la jugada en mesa es "{combo}" del asiento {seat}', {}),
    "the table holds 15 points": ("la mesa tiene {points} puntos", {}),
    "the trick is over and seat 2 leads next": (
        "la baza acaba y el asiento {seat} sale a continuación", {}),
    'the captured points are "0 25 0 0 0 275"': ('los puntos capturados son "{points}"', {}),
    'the trick\'s plays are "1: 7S 7H = pair 7; 2: pass; 3: 9S 9D = pair 9"': (
        'las jugadas de la baza son "{entries}"', {}),
    'seat 2 holds "5H 5S 9D"': (
        'el asiento {seat} tiene <"{cards}"|{none}>', {"none": {"no cards": "ninguna carta"}}),
    "the observation shows seat 2's cards": (
        "la observación muestra las cartas del asiento {seat}", {}),
    'the observation at "result.kitty_points" is 20': ('la observación en "{path}" es {value}', {}),
    # -- positions -----------------------------------------------------------------------------
    "a hand in play with seat 0 as banker": (
        "una mano en juego con el asiento {seat} como banca", {}),
    "a hand at the burial with seat 2 as banker": (
        "una mano en el entierro con el asiento {seat} como banca", {}),
    "a hand at the calls with seat 2 as banker": (
        "una mano en las llamadas con el asiento {seat} como banca", {}),
    'seat 0 revealed "3D" at draw 13': (
        'el asiento {seat} reveló "{card}" en la carta {draw} del reparto', {}),
    "this is deal 3 of the hand": ("este es el reparto {n} de la mano", {}),
    'seat 1 holds "5H 5S 9D"': ('el asiento {seat} tiene "{cards}"', {}),
    'the banker called the 1st "AH" and the 2nd "AS"': (
        'la banca llamó la {o1} "{f1}" y la {o2} "{f2}"', {"o1": OCCURRENCE, "o2": OCCURRENCE}),
    "call 1 was resolved by seat 3": ("la llamada {n} la resolvió el asiento {seat}", {}),
    "call 2 is still open": ("la llamada {n} sigue abierta", {}),
    'the buried cards are "3D 3C 4D 4C 6D 6C"': ('las cartas enterradas son "{cards}"', {}),
    "seat 3 has captured 40 points": ("el asiento {seat} ha capturado {points} puntos", {}),
    "the other captured points went to seat 2": (
        "los demás puntos capturados fueron al asiento {seat}", {}),
    'seat 2 led "7S"': ('el asiento {seat} <salió con|ha salido con> "{cards}"[ como "{shape}"]',
                        {}),
    'seat 3 then played "9S"': ('después el asiento {seat} jugó "{cards}"[ como "{shape}"]', {}),
    "seat 4 then passed": ("después el asiento {seat} pasó", {}),
    "it is seat 3's turn": ("es el turno del asiento {seat}", {}),
    'the seats went out in the order "4 5"': (
        'los asientos se quedaron sin cartas en el orden "{seats}"', {}),
    'the position is: (then a """ doc string of position JSON)': (
        "la posición es:", {}, 'la posición es: (y un """ doc string con la posición en JSON)'),
    "the position is refused citing R16.1": ("se rechaza la posición[ citando {clause}]", {}),
    # -- settlement ----------------------------------------------------------------------------
    'the hand ends with "bankers_out"': ('la mano acaba con "{ending}"', {}),
    "the hand goes on": ("la mano sigue", {}),
    "the defender total is 125": ("el total defensor es {points}", {}),
    "the banker total is 175": ("el total de la banca es {points}", {}),
    'the band is "120-175"': ('el tramo es "{band}"', {}),
    "the defenders win": (
        "{side}", {"side": {"bankers": "gana la banca", "defenders": "ganan los defensores"}}),
    "each winner advances 1 level": ("cada ganador sube {n} <#nivel|niveles>", {}),
    'the advances are "3 3 0 0 0 0"': ('los ascensos son "{steps}"', {}),
    "the kitty points (20) go to seat 3": (
        "los puntos {what} ({points}) van al asiento {seat}",
        {"what": {"kitty": "del fondo", "table": "de la mesa"}}),
    "the remnant points (35) go to the bankers": (
        "los puntos restantes ({points}) van <a {side}|al asiento {seat}>",
        {"side": {"bankers": "la banca", "defenders": "los defensores"}}),
    'the settlement shows the buried cards "3D 3C 4D 4C 6D 6C"': (
        'la liquidación muestra las cartas enterradas "{cards}"', {}),
    'the settled banker side is "0 1"': (
        '{side} "{seats}"', {"side": {"banker side": "el bando de la banca liquidado es",
                                      "defenders": "los defensores liquidados son"}}),
    'the settled levels are "4 3 4 3 3 3"': ('los niveles liquidados son "{levels}"', {}),
    'the levels are now "4 3 4 3 3 3"': ('los niveles son ahora "{levels}"', {}),
    "the whole-side check is active": (
        "la comprobación de bando completo {state}",
        {"state": {"active": "está activa", "not active": "no está activa"}}),
    "seat 3 is credited with 40 points": (
        "al asiento {seat} se le abonan {points} <#punto|puntos>", {}),
    'the credited points are "0 25 0 0 0 275"': ('los puntos abonados son "{points}"', {}),
    # -- match ---------------------------------------------------------------------------------
    'the levels are "3 3 4 5 3 3"': ('los niveles son "{levels}"', {}),
    'this is hand 2, after seat 0 was banker and seats "0 3" won': (
        'esta es la mano {hand}, después de que el asiento {banker} fue la banca y los asientos '
        '"{winners}" ganaron', {}),
    'the next hand is dealt from seat 1 with seat 3 dealt "4H"; the kitty "4D 4C"': (
        "se reparte la mano siguiente[ desde {seat}[<, en la que | con >{spec}]]",
        {"seat": FROM_SEAT, "spec": NEXT_SPEC}),
    'the next hand is dealt from seat 1 in the order: (then a """ doc string of 162 cards)': (
        "se reparte la mano siguiente[ desde el asiento {seat}] en el orden:", {},
        'se reparte la mano siguiente desde el asiento 1 en el orden: '
        '(y un """ doc string de 162 cartas)'),
    "this is hand 2 of the match": ("esta es la mano {n} de la partida", {}),
    'the previous winners are "2 3 4 5"': ('los ganadores anteriores son "{seats}"', {}),
    'the match winners are "2 4"': ('los ganadores de la partida son "{seats}"', {}),
    "the match is over": (
        "la partida {state}", {"state": {"over": "ha terminado", "not over": "no ha terminado"}}),
}
"""English example → (Spanish template, its groups' words[, Spanish example when the English
example is not step text, as for the doc string steps])."""


def spanish_for(definition: StepDef) -> Spanish:
    """The Spanish phrase of ``definition``; KeyError naming the step when there is none."""
    if definition.example not in SPANISH:
        raise KeyError(f"the step {definition.example!r} ({definition.func.__module__}) has no "
                       "Spanish phrase: add it to fivetenk.language.spanish.SPANISH")
    entry = SPANISH[definition.example]
    template, words = entry[0], entry[1]
    example = entry[2] if len(entry) == 3 else ""
    if definition.kind == "given" and not template.startswith(GIVEN_NOUNS):
        template = GIVEN_THAT + template
        example = "que " + example if example else ""
    phrase = Spanish(template, definition.pattern.pattern, example, words)
    if not example:
        groups = definition.match(definition.example)
        if groups is None:
            raise KeyError(f"the step {definition.example!r} needs a Spanish example")
        phrase = replace(phrase, example=phrase.render(groups))
    return phrase


def attach() -> list[str]:
    """Give every registered step its Spanish phrase (in place, so every reader of
    :data:`~fivetenk.language.registry.REGISTRY` sees it); the steps without one, by
    example (the kit's tests require none)."""
    missing: list[str] = []
    for i, definition in enumerate(REGISTRY):
        try:
            REGISTRY[i] = replace(definition, es=spanish_for(definition))
        except KeyError:
            missing.append(definition.example)
    return missing
