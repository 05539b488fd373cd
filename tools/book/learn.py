"""What the How to play page teaches before the hand it walks (issue 33, item 1): the goal,
the card order, every combination with an example, the scoring and advancement table, a
glossary and the legend of the glyphs, in English and Spanish (each written in its own
language), and the words a player uses for a combination (:func:`say`).

Nothing here is taken on trust: every example of :data:`COMBINATIONS` is read by the
reference engine when the page is built (:func:`checked_combinations`: a wrong example
stops the build), the advancement table is the engine's own band table
(:data:`fivetenk.reference.settlement.BANDS`), and every glossary term names a clause the
spec has (a test checks each link).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..reference import classify, parse_cards
from .words import WORDS

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
"""The card order, weakest first (R02.1)."""

COMBINATIONS: tuple[tuple[str, str, str, str], ...] = (
    # key, example cards, the engine's reading, clause
    ("single", "7H", "single 7", "R03.1"),
    ("pair", "QS QD", "pair Q", "R03.1"),
    ("triple", "9C 9C 9H", "triple 9", "R03.1"),
    ("triple_single", "9C 9C 9H 4S", "triple+single 9", "R03.1"),
    ("triple_pair", "9C 9C 9H 4S 4D", "triple+pair 9", "R03.1"),
    ("straight", "3H 4S 5D 6C 7H", "straight 3-7", "R03.4"),
    ("pairs", "6S 6H 7C 7D", "pairs 6-7", "R03.4"),
    ("airplane", "8S 8H 8C 9D 9S 9H", "airplane 8-9", "R03.4"),
    ("airplane_singles", "8S 8H 8C 9D 9S 9H 3C 4D", "airplane+singles 8-9", "R03.5"),
    ("airplane_pairs", "8S 8H 8C 9D 9S 9H 3C 3D 4D 4S", "airplane+pairs 8-9", "R03.5"),
    ("mixed", "5H 10S KD", "5-10-K mixed", "R04.1"),
    ("suited", "5S 10S KS", "5-10-K suited S", "R04.2"),
    ("bomb", "7C 7D 7H 7S", "bomb 4x7", "R05.1"),
    ("bomb5", "4C 4D 4H 4S 4S", "bomb 5x4", "R05.2"),
    ("rocket", "SJ BJ", "rocket", "R05.3"),
)
"""Every legal combination with an example, the reading the engine gives it and its
clause; specials (5,10,K, bombs, the rocket) last, weakest first."""


def checked_combinations() -> list[dict[str, Any]]:
    """:data:`COMBINATIONS` with each example read by the reference engine: the reading
    listed must be among the engine's readings of the cards, else ``ValueError``."""

    out = []
    for key, cards, reading, clause in COMBINATIONS:
        readings = [str(r) for r in classify(parse_cards(cards))]
        if reading not in readings:
            raise ValueError(f"How to play: {cards} reads as {readings}, not {reading!r}")
        out.append({"key": key, "cards": cards.split(), "reading": reading,
                    "clause": clause})
    return out


def bands() -> list[dict[str, Any]]:
    """The engine's band table (D23, R21): the defenders' total, who wins, how far each
    winner advances, the clause."""
    # lazy: `fivetenk book --help` starts without the engine's settlement
    from ..reference import BANDS

    return [{"label": b.label.replace("-", "–"), "winners": b.winners, "advance": b.advance,
             "clause": b.clause} for b in BANDS]


GLOSSARY: tuple[tuple[str, str], ...] = (
    ("banker", "R08.2"), ("banker_side", "R12.2"), ("defenders", "R12.2"),
    ("seat", "R13.1"), ("level", "R07.1"), ("match", "R07.2"), ("reveal", "R08.2"),
    ("kitty", "R10.1"), ("burial", "R10.2"), ("call", "R11.1"), ("occurrence", "R11.4"),
    ("self_call", "R11.5"), ("partner", "R12.1"), ("trick", "R13.3"), ("lead", "R15.1"),
    ("pass", "R13.2"), ("beat", "R03.3"), ("combination", "R03.1"), ("run", "R03.4"),
    ("airplane", "R03.4"), ("wings", "R03.5"), ("five_ten_king", "R04.1"),
    ("suited", "R04.2"), ("bomb", "R05.1"), ("rocket", "R05.3"), ("joker", "R02.1"),
    ("scoring_cards", "R06.1"), ("going_out", "R16.1"), ("whole_side", "R17.2"),
    ("settlement", "R19.1"), ("band", "R21.1"), ("advance", "R22.1"),
)
"""The glossary's terms in order, each with the clause that defines it."""

SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("joker", "jokers", "comodin", "comodines", "comodín"),
    ("banker", "bankers", "banca", "banquero", "banquera", "dealer"),
    ("kitty", "burial", "buried", "bury", "bote", "fondo", "entierro", "enterradas",
     "enterrar"),
    ("trick", "tricks", "baza", "bazas"),
    ("bomb", "bombs", "bomba", "bombas"),
    ("rocket", "rockets", "cohete", "cohetes"),
    ("call", "calls", "llamada", "llamadas"),
    ("level", "levels", "nivel", "niveles"),
    ("partner", "partners", "compañero", "compañeros"),
    ("defender", "defenders", "defensor", "defensores"),
)
"""Words a search treats as one (issue 33, item 4), in both languages: a reader who types
``comodín`` finds the jokers, ``dealer`` or ``banquero`` the banker, ``bote`` the kitty and
the burial. Matched as whole words after folding case and accents (``search.js``)."""

NUMBERS = {"en": dict(enumerate(("two", "three", "four", "five", "six", "seven", "eight",
                                  "nine", "ten", "eleven", "twelve"), start=2)),
           "es": dict(enumerate(("dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho",
                                  "nueve", "diez", "once", "doce"), start=2))}
SUIT_NAMES = {"en": {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"},
              "es": {"S": "picas", "H": "corazones", "C": "tréboles", "D": "diamantes"}}


def _rank(rank: str, lang: str, plural: bool = False) -> str:
    if rank in ("SJ", "BJ"):
        small = rank == "SJ"
        if lang == "es":
            if plural:
                return "jokers pequeños" if small else "jokers grandes"
            return "joker pequeño" if small else "joker grande"
        return ("small" if small else "big") + (" jokers" if plural else " joker")
    if lang == "en" and plural:
        return rank + "s"
    return rank


def say(notation: str, lang: str = "en") -> str:
    """A reading as a player says it: ``bomb 4x2`` is ``a bomb of four 2s`` (``una bomba
    de cuatro 2``), ``single BJ`` ``the big joker``, ``5-10-K suited S`` ``a 5,10,K in
    spades``. An unknown notation is returned as written."""
    words = notation.split(" ")
    shape, rest = words[0], words[1:]
    es = lang == "es"
    arg = rest[0] if rest else ""
    low, _, high = arg.partition("-")
    if shape == "single" and arg in ("SJ", "BJ"):
        return f"el {_rank(arg, lang)}" if es else f"the {_rank(arg, lang)}"
    simple = {
        "single": ("un {r} suelto", "a single {r}"),
        "pair": ("una pareja de {rs}", "a pair of {rs}"),
        "triple": ("un trío de {rs}", "three {rs}"),
        "triple+single": ("un trío de {rs} con una carta", "three {rs} with a single"),
        "triple+pair": ("un trío de {rs} con una pareja", "three {rs} with a pair"),
        "straight": ("una escalera del {lo} al {hi}", "a straight {lo} to {hi}"),
        "pairs": ("una serie de parejas del {lo} al {hi}", "a pair run {lo} to {hi}"),
        "airplane": ("un avión del {lo} al {hi}", "an airplane {lo} to {hi}"),
        "airplane+singles": ("un avión del {lo} al {hi} con alas de cartas",
                             "an airplane {lo} to {hi} with single wings"),
        "airplane+pairs": ("un avión del {lo} al {hi} con alas de parejas",
                           "an airplane {lo} to {hi} with pair wings"),
    }
    if shape in simple:
        text = simple[shape][0 if es else 1]
        return text.format(r=_rank(arg, lang), rs=_rank(arg, lang, True), lo=low, hi=high)
    if shape == "5-10-K":
        if rest[:1] == ["mixed"]:
            return "un 5,10,K mixto" if es else "a mixed 5,10,K"
        suit = SUIT_NAMES[lang].get(rest[1] if len(rest) > 1 else "", "?")
        return f"un 5,10,K de {suit}" if es else f"a 5,10,K in {suit}"
    if shape == "bomb":
        n, _, rank = arg.partition("x")
        count = NUMBERS[lang].get(int(n), n) if n.isdigit() else n
        return f"una bomba de {count} {rank}" if es else \
            f"a bomb of {count} {_rank(rank, lang, True)}"
    if shape == "rocket":
        if arg:
            n = arg.lstrip("x")
            if n == "1":  # a rocket of one joker: a reading no cards have (D38)
                return "un cohete de un solo joker" if es else "a rocket of a single joker"
            count = NUMBERS[lang].get(int(n), n) if n.isdigit() else n
            return f"un cohete de {count} jokers" if es else f"a rocket of {count} jokers"
        return "el cohete" if es else "the rocket"
    return notation


TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "goal_h": "The game in one paragraph",
        "goal": "Six players, three decks with their jokers (162 cards, 26 each and six in "
                "the kitty). Each player has a level of their own: everyone starts at 3, and "
                "the goal is to climb past A — the first to advance beyond A wins the match "
                "[R07.2]. In each hand one player is the banker; the banker calls two cards, "
                "and whoever plays them becomes a hidden partner, so at first nobody knows who "
                "is on which side. Players take tricks by beating the cards on the table; "
                "only 5s, 10s and kings score (300 points in all). The defenders' points "
                "decide the hand: under 120 the banker side wins, 120 or more the defenders "
                "win, and the winners climb one to three levels.",
        "order_h": "The card order",
        "order": "From weakest to strongest. Suits do not matter and there are no trumps: "
                 "your level never changes a card's strength [R02.2]. The scoring cards are "
                 "the 5 (5 points), the 10 and the K (10 points each) [R06.1].",
        "combos_h": "The combinations",
        "combos": "The leader plays any combination below; each next player beats it with "
                  "the same combination (same shape, same number of cards) ranked higher, or "
                  "with a 5,10,K, a bomb or the rocket, or passes [R13.2]. You never have to "
                  "follow suit [R03.2]. Straights, pair runs and airplanes run from 3 to A: "
                  "no 2 and no joker in them [R03.4]. Each example below is read by the "
                  "reference engine when the book is built.",
        "combo": "Combination", "example": "Example", "beats": "What beats it",
        "names": {
            "single": "Single", "pair": "Pair", "triple": "Triple",
            "triple_single": "Triple with a single", "triple_pair": "Triple with a pair",
            "straight": "Straight (5 or more)", "pairs": "Pair run (2 pairs or more)",
            "airplane": "Airplane (2 triples or more)",
            "airplane_singles": "Airplane with single wings",
            "airplane_pairs": "Airplane with pair wings", "mixed": "5,10,K (mixed suits)",
            "suited": "5,10,K (one suit)", "bomb": "Bomb (4 of a rank)",
            "bomb5": "Bigger bomb (5 or more)", "rocket": "Rocket",
        },
        "beaten": {
            "ordinary": "the same shape and length, higher; or any 5,10,K, bomb or rocket",
            "mixed": "a suited 5,10,K, a bomb or the rocket (mixed ones are all equal)",
            "suited": "a suited 5,10,K of a higher suit (♦ < ♣ < ♥ < ♠), a bomb or the rocket",
            "bomb": "a bomb of more cards, or as many cards of a higher rank; the rocket",
            "rocket": "nothing: equal rockets cannot beat one another",
        },
        "hand_h": "One hand, step by step",
        "hand": "The reference engine played the hand below (seed {seed}), with its random "
                "player at every seat. The notes under a trick say what a notable play did "
                "and which rule made it so; they are read from the engine's record of the "
                "hand, not made up afterwards.",
        "scoring_h": "Scoring and advancement",
        "scoring": "Count the defenders' points at the end of the hand (the banker side has "
                   "the rest of the 300). Every winner advances from their own level; "
                   "advancing beyond A wins the match [R22.1, R07.2]. The table is the "
                   "engine's own.",
        "defenders_points": "Defenders' points", "winner": "Winners",
        "advance": "Each winner advances",
        "winner_bankers": "banker side", "winner_defenders": "defenders",
        "levels": "{n} level", "levels_n": "{n} levels", "none": "nobody advances",
        "glossary_h": "Glossary",
        "legend_h": "Legend of the glyphs",
        "legend": "How the book shows cards, and how you type them in the practice mode and "
                  "in scenarios.",
        "glyph": "Shown as", "typed": "Typed", "means": "Means",
        "legend_rows": [
            ("AS", "AS", "the ace of spades: rank then suit; black suits in black"),
            ("10H", "10H", "the ten of hearts; red suits (♥ ♦) in red"),
            ("KC", "KC", "♣ clubs: the king of clubs"),
            ("5D", "5D", "♦ diamonds: the five of diamonds"),
            ("SJ", "SJ", "☆J, the small (black-and-white) joker: an outlined star"),
            ("BJ", "BJ", "★J, the big (colour) joker: a filled star; it beats the small one"),
        ],
        "strategy_h": "A few words of strategy",
        "strategy": [
            "Keep a bomb for a trick with points in it: a bomb beats any 5,10,K and any "
            "ordinary play, but you have few of them.",
            "Play the called card when it helps your side: until it is played nobody "
            "(not even the banker) knows who the partner is [R12.1].",
            "Points go to whoever wins the trick, whatever they played [R14.1]: let a "
            "partner take a trick full of 10s and kings rather than beating them.",
            "Going out first does not win by itself: only the defenders' points decide "
            "[R21.8]; but when a whole side is out, the other side's scoring cards change "
            "hands [R17.2, R17.3].",
        ],
        "notes": {
            "kept": "Seat {seat} passes, though its {combo} would beat {over}: it keeps the "
                    "bomb for a better trick, and plays it in trick {played_in}.",
            "points": "Seat {seat} takes {points} points ({cards}): every 5, 10 and K played "
                      "in a trick goes to whoever wins it, not only their own cards [R14.1]. "
                      "They count for the {side}, as the sides turn out.",
            "special": "Seat {seat} plays {combo} on {over}: a 5,10,K beats any ordinary "
                       "combination [R04.1].",
            "bomb": "Seat {seat} plays {combo} on {over}: a bomb beats any ordinary "
                    "combination and any 5,10,K [R05.1].",
            "bomb_kept": " It is the bomb seat {seat} kept in trick {kept_since}.",
            "bomb_led": "Seat {seat} leads {combo}: nobody beats it, so seat {seat} takes "
                        "the trick and leads again [R13.3, R15.1].",
            "partner": "Seat {seat} plays the {ordinal} {face} the banker called: from now "
                       "on everyone knows seat {seat} is the banker's partner [R11.4, R12.1].",
            "partner_self": "The banker plays its own called card: no partner [R11.5].",
        },
        "side_bankers": "banker side", "side_defenders": "defenders",
        "terms": {
            "banker": ("Banker", "the player who fixed the hand by the first reveal; takes "
                       "the kitty, buries, calls two partners and leads."),
            "banker_side": ("Banker side", "the banker and the partners the calls reveal: "
                            "one to three players."),
            "defenders": ("Defenders", "every player not on the banker side; their points "
                          "decide the hand."),
            "seat": ("Seat", "a player's place at the table, 0 to 5; play goes round in "
                     "seat order."),
            "level": ("Level", "each player's own rank, from 3 up to A, kept from hand to "
                      "hand."),
            "match": ("Match", "a series of hands; it ends when someone advances beyond A."),
            "reveal": ("Reveal", "showing a card of your level while it is dealt, to become "
                       "the banker; the first reveal wins."),
            "kitty": ("Kitty", "the six cards left after the deal, which the banker takes "
                      "(also called the bote)."),
            "burial": ("Burial", "the six cards the banker puts face down after taking the "
                       "kitty; they score at the end."),
            "call": ("Call", "a card the banker names (a face and which of its copies): "
                     "whoever plays it becomes a partner."),
            "occurrence": ("Occurrence", "which copy of a called face counts: the 1st, 2nd "
                           "or 3rd actually played."),
            "self_call": ("Self-call", "when the banker plays its own called card: it adds "
                          "no partner."),
            "partner": ("Partner", "a player revealed by playing a called card; joins the "
                        "banker side."),
            "trick": ("Trick", "one round of plays, ended when every other player still "
                      "holding cards has passed."),
            "lead": ("Lead", "the first play of a trick; the winner of a trick leads the "
                     "next."),
            "pass": ("Pass", "not playing on your turn; you may play again in a later "
                     "trick."),
            "beat": ("Beat", "play the same combination ranked higher, or a stronger "
                     "special shape."),
            "combination": ("Combination", "a set of cards played together: single, pair, "
                            "triple, straight and the others above."),
            "run": ("Run", "a straight, pair run or airplane: consecutive ranks from 3 to "
                    "A."),
            "airplane": ("Airplane", "two or more consecutive triples, with or without "
                         "wings."),
            "wings": ("Wings", "the singles or pairs added to an airplane, one per triple."),
            "five_ten_king": ("5,10,K", "a 5, a 10 and a K played together: beats any "
                              "ordinary combination."),
            "suited": ("Suited", "a 5,10,K of one suit; it beats a mixed one."),
            "bomb": ("Bomb", "four or more cards of one rank; beats every ordinary shape "
                     "and 5,10,K."),
            "rocket": ("Rocket", "the small and the big joker together; beats every bomb."),
            "joker": ("Joker", "☆J small and ★J big: the two strongest cards (comodín in "
                      "Spanish)."),
            "scoring_cards": ("Scoring cards", "5s (5 points), 10s and Ks (10 points): "
                              "300 in all."),
            "going_out": ("Going out", "playing your last card: you stop playing but stay "
                          "on your side."),
            "whole_side": ("Whole-side finish", "when a whole side is out, the hand stops "
                           "and the other side's scoring cards change hands."),
            "settlement": ("Settlement", "the count at the end of the hand: tricks, kitty "
                           "and cards left in hands."),
            "band": ("Band", "a range of defenders' points that decides who wins and by how "
                     "much."),
            "advance": ("Advance", "climb levels; each winner from their own level."),
        },
    },
    "es": {
        "goal_h": "El juego en un párrafo",
        "goal": "Juegan seis personas con tres barajas y sus jokers (162 cartas: 26 para "
                "cada una y seis al fondo). Cada jugador tiene su propio nivel: todos "
                "empiezan en el 3 y la meta es pasar del as; quien primero sube más allá del "
                "as gana la partida [R07.2]. En cada mano una persona hace de banca: llama "
                "dos cartas, y quien las juegue pasa a ser su compañero en secreto, así que "
                "al principio nadie sabe quién va con quién. Las bazas se ganan superando lo "
                "que hay en la mesa, y solo puntúan los 5, los 10 y los reyes (300 puntos en "
                "total). Mandan los puntos de los defensores: con menos de 120 gana la banca, "
                "con 120 o más ganan ellos, y los ganadores suben de uno a tres niveles.",
        "order_h": "El orden de las cartas",
        "order": "De la más baja a la más alta. El palo no cuenta y no hay triunfos: tu "
                 "nivel nunca cambia la fuerza de una carta [R02.2]. Puntúan el 5 (5 puntos), "
                 "el 10 y el K (10 puntos cada uno) [R06.1].",
        "combos_h": "Las combinaciones",
        "combos": "Quien sale juega cualquiera de estas combinaciones; los siguientes la "
                  "superan con la misma combinación (misma forma y mismo número de cartas) "
                  "más alta, o con un 5,10,K, una bomba o el cohete, o pasan [R13.2]. Nunca "
                  "hay que seguir el palo [R03.2]. Escaleras, series de parejas y aviones van "
                  "del 3 al as, sin doses ni jokers [R03.4]. El motor de referencia lee cada "
                  "ejemplo al construir el libro.",
        "combo": "Combinación", "example": "Ejemplo", "beats": "Qué la supera",
        "names": {
            "single": "Carta suelta", "pair": "Pareja", "triple": "Trío",
            "triple_single": "Trío con carta", "triple_pair": "Trío con pareja",
            "straight": "Escalera (5 o más)", "pairs": "Serie de parejas (2 o más)",
            "airplane": "Avión (2 tríos o más)",
            "airplane_singles": "Avión con alas de cartas",
            "airplane_pairs": "Avión con alas de parejas", "mixed": "5,10,K mixto",
            "suited": "5,10,K del mismo palo", "bomb": "Bomba (4 iguales)",
            "bomb5": "Bomba mayor (5 o más)", "rocket": "Cohete",
        },
        "beaten": {
            "ordinary": "la misma forma y largo, más alta; o cualquier 5,10,K, bomba o cohete",
            "mixed": "un 5,10,K del mismo palo, una bomba o el cohete (los mixtos empatan)",
            "suited": "un 5,10,K de un palo mayor (♦ < ♣ < ♥ < ♠), una bomba o el cohete",
            "bomb": "una bomba de más cartas, o de las mismas y rango mayor; el cohete",
            "rocket": "nada: un cohete igual no lo supera",
        },
        "hand_h": "Una mano, paso a paso",
        "hand": "Esta mano la jugó el motor de referencia (semilla {seed}), con su jugador "
                "al azar en cada asiento. Las notas de cada baza cuentan qué consiguió una "
                "jugada destacada y qué regla lo hizo posible; salen del registro que el "
                "motor lleva de la mano, no se inventaron después.",
        "scoring_h": "Puntos y ascenso",
        "scoring": "Al acabar la mano se cuentan los puntos de los defensores (la banca "
                   "tiene el resto hasta 300). Cada ganador sube desde su propio nivel, y "
                   "quien pasa del as gana la partida [R22.1, R07.2]. La tabla es la del "
                   "propio motor.",
        "defenders_points": "Puntos de los defensores", "winner": "Ganan",
        "advance": "Cada ganador sube",
        "winner_bankers": "la banca", "winner_defenders": "los defensores",
        "levels": "{n} nivel", "levels_n": "{n} niveles", "none": "nadie sube",
        "glossary_h": "Glosario",
        "legend_h": "Qué significa cada símbolo",
        "legend": "Cómo muestra el libro las cartas, y cómo se escriben al practicar y en "
                  "los escenarios.",
        "glyph": "Se ve", "typed": "Se escribe", "means": "Significa",
        "legend_rows": [
            ("AS", "AS", "el as de picas: primero el rango, luego el palo; los palos negros "
                         "en negro"),
            ("10H", "10H", "el diez de corazones; los palos rojos (♥ ♦) en rojo"),
            ("KC", "KC", "♣ tréboles: el rey de tréboles"),
            ("5D", "5D", "♦ diamantes: el cinco de diamantes"),
            ("SJ", "SJ", "☆J, el joker pequeño (en blanco y negro): estrella hueca"),
            ("BJ", "BJ", "★J, el joker grande (en color): estrella rellena; gana al pequeño"),
        ],
        "strategy_h": "Unos consejos",
        "strategy": [
            "Guarda la bomba para una baza con puntos: gana a cualquier 5,10,K y a "
            "cualquier jugada normal, pero tendrás pocas.",
            "Juega la carta llamada cuando le convenga a tu bando: hasta entonces nadie, ni "
            "la banca, sabe quién es el compañero [R12.1].",
            "Los puntos son de quien gana la baza, juegue lo que juegue [R14.1]: deja que tu "
            "compañero se lleve una baza cargada de dieces y reyes en vez de superarlo.",
            "Acabar primero no basta para ganar: deciden los puntos de los defensores "
            "[R21.8]; pero si todo un bando se queda sin cartas, las de puntos del otro "
            "bando cambian de manos [R17.2, R17.3].",
        ],
        "notes": {
            "kept": "El asiento {seat} pasa aunque su {combo} superaría a {over}: se guarda la "
                    "bomba para una baza mejor y la juega en la baza {played_in}.",
            "points": "El asiento {seat} se lleva {points} puntos ({cards}): todos los 5, 10 "
                      "y K jugados en una baza son de quien la gana, no solo sus propias "
                      "cartas [R14.1]. Cuentan para {side}, según quedan los bandos.",
            "special": "El asiento {seat} juega {combo} sobre {over}: un 5,10,K supera "
                       "cualquier combinación normal [R04.1].",
            "bomb": "El asiento {seat} juega {combo} sobre {over}: una bomba supera "
                    "cualquier combinación normal y cualquier 5,10,K [R05.1].",
            "bomb_kept": " Es la bomba que el asiento {seat} se guardó en la baza "
                         "{kept_since}.",
            "bomb_led": "El asiento {seat} sale con {combo}: nadie la supera, así que se "
                        "lleva la baza y vuelve a salir [R13.3, R15.1].",
            "partner": "El asiento {seat} juega la {ordinal} {face} que llamó la banca: desde "
                       "ese momento todos saben que es su compañero [R11.4, R12.1].",
            "partner_self": "La banca juega su propia carta llamada: no hay compañero "
                            "[R11.5].",
        },
        "side_bankers": "la banca", "side_defenders": "los defensores",
        "terms": {
            "banker": ("Banca", "quien fija la mano con la primera revelación (también "
                       "banquero); recoge el fondo, entierra, llama a dos compañeros y sale."),
            "banker_side": ("Bando de la banca", "la banca y los compañeros que revelan las "
                            "llamadas: de una a tres personas."),
            "defenders": ("Defensores", "quienes no están con la banca; sus puntos deciden "
                          "la mano."),
            "seat": ("Asiento", "el sitio de cada jugador en la mesa, del 0 al 5; se juega "
                     "por orden de asiento."),
            "level": ("Nivel", "el rango propio de cada jugador, del 3 al as, que se "
                      "conserva de una mano a otra."),
            "match": ("Partida", "una serie de manos que acaba cuando alguien pasa del as."),
            "reveal": ("Revelar", "enseñar una carta de tu nivel mientras se reparte para "
                       "ser la banca; gana la primera."),
            "kitty": ("Fondo", "las seis cartas que sobran del reparto y recoge la banca "
                      "(también bote)."),
            "burial": ("Entierro", "las seis cartas que la banca deja boca abajo tras "
                       "recoger el fondo; puntúan al final."),
            "call": ("Llamada", "la carta que nombra la banca (una cara y cuál de sus "
                     "copias): quien la juega es su compañero."),
            "occurrence": ("Aparición", "qué copia de la cara llamada cuenta: la 1.ª, la "
                           "2.ª o la 3.ª que se juegue."),
            "self_call": ("Llamarse a sí misma", "cuando la banca juega su propia carta "
                          "llamada: no suma compañero."),
            "partner": ("Compañero", "quien se descubre al jugar una carta llamada; se une "
                        "a la banca."),
            "trick": ("Baza", "una ronda de jugadas, que acaba cuando todos los demás que "
                      "tienen cartas han pasado."),
            "lead": ("Salida", "la primera jugada de una baza; quien gana una baza sale en "
                     "la siguiente."),
            "pass": ("Pasar", "no jugar en tu turno; puedes volver a jugar en otra baza."),
            "beat": ("Superar", "jugar la misma combinación más alta, o una forma especial "
                     "más fuerte."),
            "combination": ("Combinación", "cartas que se juegan juntas: carta suelta, "
                            "pareja, trío, escalera y las demás de arriba."),
            "run": ("Serie", "escalera, serie de parejas o avión: rangos seguidos del 3 al "
                    "as."),
            "airplane": ("Avión", "dos o más tríos seguidos, con alas o sin ellas."),
            "wings": ("Alas", "las cartas o parejas que se añaden a un avión, una por "
                      "trío."),
            "five_ten_king": ("5,10,K", "un 5, un 10 y un K jugados juntos: supera "
                              "cualquier combinación normal."),
            "suited": ("Del mismo palo", "un 5,10,K de un solo palo; supera a uno mixto."),
            "bomb": ("Bomba", "cuatro o más cartas del mismo rango; supera toda forma "
                     "normal y todo 5,10,K."),
            "rocket": ("Cohete", "el joker pequeño y el grande juntos; supera a toda "
                       "bomba."),
            "joker": ("Joker", "☆J pequeño y ★J grande, las dos cartas más fuertes (el "
                      "comodín)."),
            "scoring_cards": ("Cartas de puntos", "los 5 (5 puntos), los 10 y los K (10 "
                              "puntos): 300 en total."),
            "going_out": ("Quedarse sin cartas", "jugar tu última carta: dejas de jugar "
                          "pero sigues en tu bando."),
            "whole_side": ("Fin de bando", "cuando todo un bando se queda sin cartas, la "
                           "mano se para y las cartas de puntos del otro cambian de manos."),
            "settlement": ("Liquidación", "la cuenta al acabar la mano: bazas, fondo y "
                           "cartas que quedan en las manos."),
            "band": ("Tramo", "un intervalo de puntos de los defensores que decide quién "
                     "gana y cuánto sube."),
            "advance": ("Subir", "avanzar de nivel; cada ganador desde el suyo."),
        },
    },
}
"""The teaching part of How to play, in each language (written in that language)."""

CITED = re.compile(r"\[((?:R\d\d\.\d+)(?:, R\d\d\.\d+)*)\]")
"""Clauses cited in the page's prose: ``[R14.1]``, ``[R13.3, R15.1]``."""


def cited(text: str, root: str, lang: str, with_cards: Callable[[str, str], Any]) -> Any:
    """``text`` escaped, its cards as glyphs (``with_cards``: :func:`fivetenk.book.with_cards`,
    passed in so that this module needs nothing of the package), each cited clause a link to
    its place."""
    # lazy: `fivetenk book --help` starts without markupsafe
    from markupsafe import Markup

    out: list[Any] = []
    pos = 0
    for match in CITED.finditer(text):
        out.append(with_cards(text[pos:match.start()], lang))
        links = Markup(", ").join(
            Markup('<a class="cite" href="{}rules/{}.html#{}">{}</a>').format(
                root, c.split(".")[0], c, c) for c in match.group(1).split(", "))
        out.append(Markup("[{}]").format(links))
        pos = match.end()
    out.append(with_cards(text[pos:], lang))
    return Markup("").join(out)


def note_text(note: dict[str, Any], lang: str, banker_side: list[int]) -> str:
    """A note of the narrated hand (:func:`fivetenk.book.howto.walk`) as a sentence, its
    facts filled in from the engine's record; cards in quotes become glyphs."""
    t = TEXT[lang]
    notes = t["notes"]
    kind = note["kind"]
    over = say(note.get("over", ""), lang) if note.get("over") else ""
    if kind == "partner":
        if note["self"]:
            return str(notes["partner_self"])
        ordinal = {"en": {1: "1st", 2: "2nd", 3: "3rd"},
                   "es": {1: "1.ª", 2: "2.ª", 3: "3.ª"}}[lang][note["ordinal"]]
        return str(notes["partner"]).format(seat=note["seat"], ordinal=ordinal,
                                             face=f'"{note["face"]}"')
    if kind == "points":
        side = t["side_bankers"] if note["seat"] in banker_side else t["side_defenders"]
        return str(notes["points"]).format(seat=note["seat"], points=note["points"],
                                           cards='"' + " ".join(note["cards"]) + '"',
                                           side=side)
    key = "bomb_led" if kind == "bomb" and not note["over"] else kind
    text = str(notes[key]).format(seat=note["seat"], combo=say(note["combo"], lang),
                                  over=over, played_in=note.get("played_in", ""))
    if lang == "es":
        text = text.replace(" a el ", " al ")
    if kind == "bomb" and note.get("kept_since"):
        text += str(notes["bomb_kept"]).format(seat=note["seat"],
                                               kept_since=note["kept_since"])
    return text

def search_entries(lang: str) -> list[list[str]]:
    """The search entries of How to play (issue 33, item 4): each of its parts (the goal,
    the card order, the combinations, the hand, scoring, glossary, legend, strategy) with
    its text, the summary and variants pages, each combination and each glossary term with
    its definition; the last field, searched but never shown, its name in the other
    language, so either finds it (:func:`fivetenk.book.search_index`)."""
    text = TEXT[lang]
    other = TEXT["es" if lang == "en" else "en"]
    where = WORDS[lang]["howto"]
    out: list[list[str]] = []
    for key, head, body in (("goal", "goal_h", "goal"), ("order", "order_h", "order"),
                            ("combinations", "combos_h", "combos"), ("hand", "hand_h", "hand"),
                            ("scoring", "scoring_h", "scoring"),
                            ("glossary", "glossary_h", "glossary_h"),
                            ("legend", "legend_h", "legend"),
                            ("strategy", "strategy_h", "strategy")):
        words = text[body] if isinstance(text[body], str) else " ".join(text[body])
        if key == "order":
            words += " " + " ".join(RANKS)
        out.append(["howto", where, text[head], f"{where} {words}", f"howto.html#{key}", ""])
    words_of = WORDS[lang]
    out.append(["summary", words_of["summary_page"], words_of["summary_page"],
                words_of["summary_intro"], "summary.html",
                WORDS["es" if lang == "en" else "en"]["summary_page"]])
    out.append(["variants", words_of["variants_page"], words_of["variants_page"],
                words_of["variants_intro"], "variants.html", ""])
    for key, _, reading, _ in COMBINATIONS:
        out.append(["howto", where, text["names"][key], say(reading, lang),
                    f"howto.html#combo-{key}", other["names"][key]])
    for key, _ in GLOSSARY:
        term, meaning = text["terms"][key]
        out.append(["term", text["glossary_h"], term, meaning, f"howto.html#term-{key}",
                    other["terms"][key][0]])
    return out
