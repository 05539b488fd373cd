"""Examples as a player says them (issue 33, item 2): a rule page's example leads with a
sentence such as ``"5S 10S KS" beats "QH QS": a 5,10,K in spades beats a pair of Qs
[R04.1]``, rendered from the scenario's own steps and expectations (so it is as checked as
the scenario is); the steps themselves, rejection codes and all, go in a folded "For
implementers" part.

Only the questions a player asks about cards have a sentence: what a set of cards is
(``classify``), whether one play beats another (``beats``), what a set scores
(``points``) and what a hand can play on a top play (``plays``). A game played step by step
(``act``, ``observe``, ``advance``) keeps its steps in view. The reading of a top play
that a ``beats`` step does not state is the reference engine's first reading of it.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..model.scenario import Scenario
from ..reference import RulesError, classify, parse_cards
from .learn import say

PROTOCOL_RULINGS = frozenset({"D2", "D10", "D35", "D38", "D40"})
"""Rulings that settle the protocol, not the game (the rulings of
:data:`fivetenk.impl.conventions.CONVENTIONS`: how a query is answered, a declared reading, a
setup refused): a rule page shows them in its folded "For implementers" part."""

TEXT = {
    "en": {
        "is": "{cards} is {readings}.", "or": " or ",
        "not_legal": "{cards} is not a combination you can play.",
        "never": "{cards} can be played as {yes}, never as {no}.",
        "can_be": "{cards} can be played as {yes}.",
        "never_alone": "{cards} is never {no}.",
        "refused": "{cards} cannot occur in a game: {why}.",
        "beats": "{reply} beats {top}: {reply_said} beats {top_said}.",
        "no_beat": "{reply} does not beat {top}: {reply_said} cannot beat {top_said}.",
        "no_shape": "{reply} cannot be played as {shape}.",
        "points": "{cards} are worth {n} points.", "point": "{cards} is worth {n} points.",
        "plays": "Holding {hand}{on}, you can play {n} combinations{among}.",
        "plays_one": "Holding {hand}{on}, you can play one combination{among}.",
        "plays_none": "Holding {hand}{on}, you can play no combination{among}.",
        "the_one": ": {yes}",
        "on": " on {top}", "among": ", among them {yes}", "not": "; not {no}",
    },
    "es": {
        "is": "{cards} es {readings}.", "or": " o ",
        "not_legal": "{cards} no es una combinación que se pueda jugar.",
        "never": "{cards} se juega como {yes}, nunca como {no}.",
        "can_be": "{cards} se puede jugar como {yes}.",
        "never_alone": "{cards} nunca es {no}.",
        "refused": "{cards} no puede darse en una partida: {why}.",
        "beats": "{reply} supera {top}: {reply_said} supera {top_said}.",
        "no_beat": "{reply} no supera {top}: {reply_said} no puede con {top_said}.",
        "no_shape": "{reply} no se puede jugar como {shape}.",
        "points": "{cards} valen {n} puntos.", "point": "{cards} vale {n} puntos.",
        "plays": "Con {hand}{on} se pueden jugar {n} combinaciones{among}.",
        "plays_one": "Con {hand}{on} se puede jugar una combinación{among}.",
        "plays_none": "Con {hand}{on} no se puede jugar ninguna combinación{among}.",
        "the_one": ": {yes}",
        "on": " sobre {top}", "among": ", entre ellas {yes}", "not": "; no {no}",
    },
}


def _quoted(cards: Any) -> str:
    return '"' + " ".join(str(c) for c in cards) + '"'


def _top_reading(cards: list[str]) -> str:
    """The reference engine's first reading of ``cards``, or "" when it has none."""

    try:
        readings = classify(parse_cards(cards))
    except (RulesError, ValueError):
        return ""
    return str(readings[0]) if readings else ""


def _list(readings: list[str], lang: str) -> str:
    said = [say(r, lang) for r in readings]
    return TEXT[lang]["or"].join(said)


def sentences(scenario: Scenario, lang: str) -> list[str]:
    """The scenario's steps a player would say, each a sentence ending with the clause it
    illustrates (the scenario's first); empty when any step is not a question about cards
    (a game played step by step keeps its steps)."""
    t = TEXT[lang]
    out: list[str] = []
    clause = scenario.clauses[0] if scenario.clauses else ""
    for st in scenario.steps:
        said = _step(st, t, lang)
        if said is None:
            return []
        out.append(said[:-1] + (f" [{clause}]." if clause else "."))
    return out


def _step(st: dict[str, Any], t: dict[str, str], lang: str) -> str | None:
    op = st.get("op")
    expect = st.get("expect") or {}
    contains = (st.get("contains") or {})
    excludes = (st.get("excludes") or {})
    if op == "classify":
        cards = _quoted(st["cards"])
        if expect.get("accepted") is False:
            return None if not expect.get("clause") else t["not_legal"].format(cards=cards) \
                if expect.get("clause") != "R01.1" else t["refused"].format(
                    cards=cards, why=_why_refused(lang))
        if expect.get("legal") is False:
            return t["not_legal"].format(cards=cards)
        if expect.get("readings"):
            return t["is"].format(cards=cards, readings=_list(expect["readings"], lang))
        if excludes.get("readings") and not contains.get("readings"):
            return t["never_alone"].format(cards=cards, no=_list(excludes["readings"], lang))
        if contains.get("readings"):
            yes = _list(contains["readings"], lang)
            if excludes.get("readings"):
                return t["never"].format(cards=cards, yes=yes,
                                         no=_list(excludes["readings"], lang))
            return t["can_be"].format(cards=cards, yes=yes)
        return None
    if op == "beats":
        reply, top = _quoted(st["reply"]), _quoted(st["top"])
        if expect.get("accepted") is False:
            shape = st.get("reply_shape")
            return t["no_shape"].format(reply=reply, shape=say(shape, lang)) if shape else None
        if "beats" not in expect:
            return None
        reply_reading = expect.get("reading") or st.get("reply_shape") or \
            _top_reading(st["reply"])
        top_reading = st.get("top_shape") or _top_reading(st["top"])
        if not reply_reading or not top_reading:
            return None
        key = "beats" if expect["beats"] else "no_beat"
        return t[key].format(reply=reply, top=top, reply_said=say(reply_reading, lang),
                             top_said=say(top_reading, lang))
    if op == "points" and "points" in expect:
        n = expect["points"]
        return t["point" if len(st["cards"]) == 1 else "points"].format(
            cards=_quoted(st["cards"]), n=n)
    if op == "plays" and "count" in expect:
        on = t["on"].format(top=_quoted(st["top"])) if st.get("top") else ""
        played, no = _said_plays(contains.get("plays", []), excludes.get("plays", []), lang)
        n = expect["count"]
        among = (t["the_one"] if n == 1 else t["among"]).format(yes=", ".join(played)) \
            if played else ""
        if no:
            among += t["not"].format(no=", ".join(no))
        key = "plays_none" if n == 0 else "plays_one" if n == 1 else "plays"
        return t[key].format(hand=_quoted(st["hand"]), on=on, n=n, among=among)
    return None


def _said_plays(yes: list[str], no: list[str], lang: str) -> tuple[list[str], list[str]]:
    """The plays a ``plays`` step names (``airplane+singles 4-5: 4 4 4 5 5 5 9 J``) as a
    player says them, each once; where two of them say the same (two sets of wings), each
    says its cards too, so no sentence lists one play twice or as both in and out."""
    said = {p: say(p.split(":")[0], lang) for p in [*yes, *no]}
    seen = Counter(said.values())

    def named(play: str) -> str:
        cards = play.partition(":")[2].strip()
        return f"{said[play]} ({cards})" if seen[said[play]] > 1 and cards else said[play]

    return list(dict.fromkeys(map(named, yes))), list(dict.fromkeys(map(named, no)))


def _why_refused(lang: str) -> str:
    return ("three decks hold only three copies of each card" if lang == "en"
            else "tres barajas solo tienen tres copias de cada carta")



def as_title(sentence: str) -> str:
    """A sentence of :func:`sentences` as a scenario's title: without its clause and its
    full stop (the page shows the clause beside the title)."""
    return re.sub(r" \[R\d\d\.\d+\]\.$|\.$", "", sentence)
