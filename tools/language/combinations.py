"""Phrases for combinations and cards (rules 1–6): classification, beating, legal plays, points.

These scenarios ask an engine a question about cards alone (``classify``, ``beats``,
``plays``, ``points``, ``deck``) and never start a game. ``Then the result at "…" is …`` checks
any field of such an answer that has no phrase of its own.
"""

from __future__ import annotations

import json
from typing import Any

from ..model.scenario import ScenarioError
from .registry import (
    CLAUSE,
    Builder,
    cards_text,
    generic_checks,
    number,
    parse_json,
    q,
    quotable,
    renderer,
    split_cards,
    step,
    whole,
)


@step("when", r'the cards "(?P<cards>[^"]*)" are classified',
      'the cards "3H 4D 5S 6C 7C" are classified')
def _classify(b: Builder, cards: str) -> None:
    b.add({"op": "classify", "cards": split_cards(cards)})


@step("then", r"the cards are illegal", "the cards are illegal")
def _illegal(b: Builder) -> None:
    s = b.last("classify", what="a classification")
    b.expect(s, "legal", False)
    b.expect(s, "readings", [])


@step("then", r'the cards read as "(?P<readings>[^"]+)"', 'the cards read as "straight 3-7"')
def _read_as(b: Builder, readings: str) -> None:
    s = b.last("classify", what="a classification")
    b.expect(s, "legal", True)
    b.expect(s, "readings", sorted(r.strip() for r in readings.split(";")))


@step("then", r'"(?P<reading>[^"]+)" is (?P<neg>not )?one of the readings',
      '"triple+single SJ" is one of the readings')
def _one_of(b: Builder, reading: str, neg: str = "") -> None:
    s = b.last("classify", what="a classification")
    b.expect(s, "readings", reading, "excludes" if neg else "contains")


_BEATS = (
    r'"(?P<reply>[^"]+)"(?: as "(?P<reply_shape>[^"]+)")? is played on '
    r'"(?P<top>[^"]+)"(?: as "(?P<top_shape>[^"]+)")?'
)


@step("when", _BEATS, '"8D 8C" is played on "7S 7H"')
def _beats(b: Builder, reply: str, top: str, reply_shape: str = "", top_shape: str = "") -> None:
    s: dict[str, Any] = {"op": "beats", "reply": split_cards(reply)}
    if reply_shape:
        s["reply_shape"] = reply_shape
    s["top"] = split_cards(top)
    if top_shape:
        s["top_shape"] = top_shape
    b.add(s)


@step("then", r"it (?P<neg>does not beat|beats) the top play", "it beats the top play")
def _beats_result(b: Builder, neg: str) -> None:
    s = b.last("beats", what="a reply against a top play")
    b.expect(s, "beats", neg == "beats")


@step("then", r'it is read as "(?P<reading>[^"]+)"', 'it is read as "pair 8"')
def _reply_reading(b: Builder, reading: str) -> None:
    s = b.last("beats", what="a reply against a top play")
    b.expect(s, "reading", reading)


@step("when", r'the legal leads from "(?P<hand>[^"]*)" are listed',
      'the legal leads from "3H 3S 4D" are listed')
def _leads(b: Builder, hand: str) -> None:
    b.add({"op": "plays", "hand": split_cards(hand)})


@step("when", r'the legal replies from "(?P<hand>[^"]*)" to "(?P<top>[^"]+)"'
              r'(?: as "(?P<top_shape>[^"]+)")? are listed',
      'the legal replies from "8D 8C 9S" to "7S 7H" are listed')
def _replies(b: Builder, hand: str, top: str, top_shape: str = "") -> None:
    s: dict[str, Any] = {"op": "plays", "hand": split_cards(hand), "top": split_cards(top)}
    if top_shape:
        s["top_shape"] = top_shape
    b.add(s)


@step("then", r"there (?:is|are) (?P<n>\d+) legal plays?", "there are 3 legal plays")
def _count(b: Builder, n: str) -> None:
    b.expect(b.last("plays", what="a list of legal plays"), "count", number(n))


@step("then", r'"(?P<play>[^"]+)" is (?P<neg>not )?among them', '"pair 3: 3 3" is among them')
def _among(b: Builder, play: str, neg: str = "") -> None:
    s = b.last("plays", what="a list of legal plays")
    b.expect(s, "plays", play, "excludes" if neg else "contains")


@step("when", r'the points of "(?P<cards>[^"]*)" are counted',
      'the points of "5H 10S KD" are counted')
def _points(b: Builder, cards: str) -> None:
    b.add({"op": "points", "cards": split_cards(cards)})


@step("when", r"the pack is counted", "the pack is counted")
def _deck(b: Builder) -> None:
    b.add({"op": "deck"})


@step("then", r"they score (?P<n>\d+) points?", "they score 25 points")
def _score(b: Builder, n: str) -> None:
    b.expect(b.last("points", what="a point count"), "points", number(n))


@step("then", r"the pack holds (?P<cards>\d+) cards, (?P<faces>\d+) faces of (?P<copies>\d+) "
              r"copies each, and (?P<points>\d+) points",
      "the pack holds 162 cards, 54 faces of 3 copies each, and 300 points")
def _pack(b: Builder, cards: str, faces: str, copies: str, points: str) -> None:
    s = b.last("deck", what="the pack")
    for key, value in (("cards", cards), ("faces", faces), ("copies", copies), ("points", points)):
        b.expect(s, key, number(value))


@step("then", r"the cards are rejected as bad input citing (?P<clause>R\d\d\.\d+)",
      "the cards are rejected as bad input citing R01.1", rulings=("D35",))
def _bad_cards(b: Builder, clause: str) -> None:
    """A query refused as a rejection: ``accepted: false`` and the ``clause`` it cites,
    the two fields protocol.md says are compared in every rejection (``error`` is for
    people, never compared; D35 fixes the clause)."""
    s = b.last("classify", "points", what="cards to classify or count")
    b.expect(s, "accepted", False)
    b.expect(s, "clause", clause)


@step("then", r"the declared reading is refused as bad input citing "
              r"(?P<clause>R\d\d\.\d+|no clause)",
      "the declared reading is refused as bad input citing R03.4", rulings=("D38",))
def _bad_reading(b: Builder, clause: str) -> None:
    """A query whose declared reading (``reply_shape``, ``top_shape``) no cards can have,
    refused as bad input citing the clause that excludes the reading, or no clause for a
    text the notation cannot read (D38): ``accepted: false`` and the ``clause``."""
    s = b.last("beats", "plays", what="a query with a declared reading")
    if "reply_shape" not in s and "top_shape" not in s:
        raise ScenarioError("this step checks a declared reading, so the query before it "
                            'must declare one (… as "straight 3-7" …)')
    b.expect(s, "accepted", False)
    b.expect(s, "clause", None if clause == "no clause" else clause)


@step("then", r'the result at "(?P<path>[^"]*)" is (?P<value>.+)',
      'the result at "readings" is ["pair 7"]')
def _generic_result(b: Builder, path: str, value: str) -> None:
    if not b.steps:
        raise ScenarioError("this step checks the result of the step before it")
    b.expect(b.steps[-1], path, parse_json(value))


@step("then", r'the result at "(?P<path>[^"]*)" (?P<how>contains|does not contain) (?P<value>.+)',
      'the result at "plays" contains "pair 7: 7 7"')
def _generic_contains(b: Builder, path: str, how: str, value: str) -> None:
    if not b.steps:
        raise ScenarioError("this step checks the result of the step before it")
    b.expect(b.steps[-1], path, parse_json(value), "contains" if how == "contains" else "excludes")


# ---------------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------------


@renderer
def _render_queries(s: dict[str, Any]) -> list[str] | None:

    op = s["op"]
    out: list[str] = []
    exp = s.get("expect", {})
    done: set[str] = set()
    lists: set[tuple[str, str, str]] = set()

    def listed(how: str, path: str, phrase: str) -> None:
        for item in s.get(how, {}).get(path, []):
            if quotable(item):
                out.append(phrase.format(q(item)))
                lists.add((how, path, json.dumps(item)))

    if op == "classify":
        out.append(f"When the cards {cards_text(s['cards'])} are classified")
        if exp.get("legal") is False and exp.get("readings") == []:
            out.append("Then the cards are illegal")
            done |= {"legal", "readings"}
        elif exp.get("legal") is True and _readings_phrase(exp.get("readings")):
            out.append(f"Then the cards read as {q('; '.join(exp['readings']))}")
            done |= {"legal", "readings"}
        listed("contains", "readings", "Then {} is one of the readings")
        listed("excludes", "readings", "Then {} is not one of the readings")
    elif op == "beats":
        reply_shape = f" as {q(s['reply_shape'])}" if "reply_shape" in s else ""
        reply = cards_text(s["reply"]) + reply_shape
        top = cards_text(s["top"]) + (f" as {q(s['top_shape'])}" if "top_shape" in s else "")
        out.append(f"When {reply} is played on {top}")
        if isinstance(exp.get("beats"), bool):
            out.append("Then it beats the top play" if exp["beats"] else
                       "Then it does not beat the top play")
            done.add("beats")
        if quotable(exp.get("reading")):
            out.append(f"Then it is read as {q(exp['reading'])}")
            done.add("reading")
    elif op == "plays":
        if "top" in s:
            shape = f" as {q(s['top_shape'])}" if "top_shape" in s else ""
            out.append(f"When the legal replies from {cards_text(s['hand'])} to "
                       f"{cards_text(s['top'])}{shape} are listed")
        else:
            out.append(f"When the legal leads from {cards_text(s['hand'])} are listed")
        if whole(exp.get("count")):
            out.append(f"Then there are {exp['count']} legal plays")
            done.add("count")
        listed("contains", "plays", "Then {} is among them")
        listed("excludes", "plays", "Then {} is not among them")
    elif op == "points":
        out.append(f"When the points of {cards_text(s['cards'])} are counted")
        if whole(exp.get("points")):
            out.append(f"Then they score {exp['points']} points")
            done.add("points")
    elif op == "deck":
        out.append("When the pack is counted")
        keys = ("cards", "faces", "copies", "points")
        if all(whole(exp.get(k)) for k in keys):
            out.append(f"Then the pack holds {exp['cards']} cards, {exp['faces']} faces of "
                       f"{exp['copies']} copies each, and {exp['points']} points")
            done |= set(keys)
    else:
        return None
    clause = exp.get("clause")
    if (op in ("classify", "points") and exp.get("accepted") is False
            and isinstance(clause, str) and CLAUSE.fullmatch(clause)):
        out.append(f"Then the cards are rejected as bad input citing {clause}")
        done |= {"accepted", "clause"}
    elif (op in ("beats", "plays") and ("reply_shape" in s or "top_shape" in s)
            and exp.get("accepted") is False and "clause" in exp
            and (clause is None or (isinstance(clause, str) and CLAUSE.fullmatch(clause)))):
        out.append("Then the declared reading is refused as bad input citing "
                   f"{clause or 'no clause'}")
        done |= {"accepted", "clause"}
    return out + generic_checks(s, done, lists)


def _readings_phrase(readings: Any) -> bool:
    """Whether ``Then the cards read as "a; b"`` gives back exactly ``readings`` (the step
    splits on ``;``, strips and sorts)."""
    return (isinstance(readings, list) and bool(readings)
            and all(quotable(r) and ";" not in r and r == r.strip() for r in readings)
            and readings == sorted(readings))
