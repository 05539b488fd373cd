"""Checking the facts a suggestion states against the engine (issue 21, item 3).

Every factual phrase of a suggestion's reason, and of an alternative's why-not, is carried
as a :class:`~fivetenk.practice.reasons.Claim` beside the words. :func:`verify` checks one
claim against the whole game state (other hands and the burial included: the checker may
look, the player may not), computing the fact afresh from the engine rather than from the
strategy's own helpers; :func:`problems` checks every claim of a suggestion, and that each
claim's phrase is word for word in the text it belongs to. tests/practice/test_claims.py runs it
over every suggestion of a fixed sample of hands and shows it fails a broken claim.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..reference import POINTS, Action, Card, Game, Rank, classify
from .reasons import Claim, Suggestion

BIG = Rank.ACE


def _cards(tokens: list[str]) -> list[Card]:
    return [Card.parse(t) for t in tokens]


def _joins(game: Game, seat: int) -> bool:
    """Whether ``seat`` holds enough copies of an open call's face to play the called
    occurrence (R11): it may count the banker side as its own."""
    held = game.hand_counts(seat)
    return any(c["resolved_by"] is None
               and held.get(Card.parse(c["face"]), 0) >= c["ordinal"] - c["played"]
               for c in game.observe()["calls"])


def verify(game: Game, seat: int, claim: Claim) -> str | None:
    """What is wrong with ``claim`` made for ``seat`` in ``game``, or ``None``."""
    d = claim.data
    real: Any
    obs = game.observe()
    hand = game.hand(seat)
    kind = claim.kind
    if kind == "control":
        ranks = Counter(c.rank for c in hand)
        big = sum(1 for c in hand if c.rank >= BIG)
        bombs = sum(1 for n in ranks.values() if n >= 4)
        share = (big + 2 * bombs) / len(hand) if hand else 0.0
        if (d["size"], d["big"], d["bombs"]) != (len(hand), big, bombs):
            return (f"the hand has {len(hand)} cards, {big} of A or higher and {bombs} "
                    f"ranks of four or more, not {d['size']}, {d['big']} and {d['bombs']}")
        if abs(d["share"] - share) > 1e-3 or f"{share:.0%}" not in claim.text:
            return f"the share is {share:.0%}, not {d['share']:.0%} ({claim.text!r})"
        return None
    if kind == "points":
        cards = _cards(d["cards"])
        if Counter(cards) - Counter(hand):
            return f"{' '.join(d['cards'])} are not all in seat {seat}'s hand"
        pts = sum(POINTS.get(c.rank, 0) for c in cards)
        said = "no points" if pts == 0 else f"{pts} points"
        if d["points"] != pts or said not in claim.text:
            return f"{' '.join(d['cards'])} are worth {pts} points, not {d['points']}"
        return None
    if kind == "banker_holds":
        if game.banker != d["seat"]:
            return f"seat {d['seat']} is not the banker (seat {game.banker} is)"
        held = game.hand_counts(d["seat"])
        copies = {face: held.get(Card.parse(face), 0) for face in d["faces"]}
        if copies != d["faces"]:
            return f"the banker holds {copies}, not {d['faces']}"
        if "lacks" in claim.text and any(copies.values()):
            return f"the banker holds {copies}: it does not lack them"
        return None
    if kind == "fewest":
        held = game.hand_counts(seat)
        sums = [sum(held.get(c.face, 0) for c in a.calls) for a in game.legal_actions()
                if a.type == "call"]
        if not sums or min(sums) != d["held"]:
            return f"the fewest copies a legal call pair leaves the banker is " \
                   f"{min(sums) if sums else '-'}, not {d['held']}"
        return None
    if kind == "ranks":
        mine = sorted(Card.parse(f).rank for f in d["faces"])
        than = sorted(Card.parse(f).rank for f in d["than"])
        if d["order"] == "same" and mine != than:
            return f"{d['faces']} do not rank as {d['than']}"
        if d["order"] == "lower" and not sum(mine) < sum(than):
            return f"{d['faces']} are not lower faces than {d['than']}"
        return None
    if kind == "beaters":
        if str(game.top) != d["top"]:
            return f"the top play is {game.top}, not {d['top']}"
        legal = Counter((a.shape, tuple(sorted(c.rank.symbol for c in a.cards)))
                        for a in game.legal_actions() if a.type == "play")
        claimed = Counter((p["shape"], tuple(sorted(p["ranks"])))
                          for p in d["plays"] + d.get("withheld", []))
        if claimed != legal:
            wrong = list((claimed - legal).elements())
            return (f"{sum(legal.values())} plays beat {game.top} ("
                    f"{', '.join(str(s) for s, _ in legal)}), not the "
                    f"{sum(claimed.values())} claimed"
                    + (f"; {wrong[0][0]} is not one of them" if wrong else ""))
        return None
    if kind == "beats":
        if str(game.top) != d["top"]:
            return f"the top play is {game.top}, not {d['top']}"
        if not game.is_legal(Action.play(seat, _cards(d["cards"]), shape=d["shape"])):
            return f"{' '.join(d['cards'])} ({d['shape']}) does not beat {game.top}"
        return None
    if kind == "trick_points":
        real = obs["trick"]["points"] if obs["trick"] else 0
        return None if real == d["points"] else f"the trick holds {real} points, not " \
                                                 f"{d['points']}"
    if kind == "hand_size":
        real = game.hand_size(d["seat"])
        words = re.compile(rf"(?<!\d){real} card{'' if real == 1 else 's'}\b")
        return None if real == d["cards"] and words.search(claim.text) else \
            f"seat {d['seat']} holds {real} cards, not {d['cards']}"
    if kind == "empties":
        return None if Counter(_cards(d["cards"])) == Counter(hand) else \
            f"{' '.join(d['cards'])} is not the whole hand ({len(hand)} cards)"
    if kind == "group":
        real = sum(1 for c in hand if c.rank.symbol == d["rank"])
        return None if real == d["count"] else \
            f"the hand holds {real} of rank {d['rank']}, not {d['count']}"
    if kind == "lowest_plain":
        ranks = Counter(c.rank for c in hand)
        plain = sorted(r for r, n in ranks.items()
                       if n < 4 and r < BIG and not POINTS.get(r, 0))
        real = plain[0].symbol if plain else None
        return None if real == d["rank"] else \
            f"the lowest group that scores nothing and is no bomb is {real}, not {d['rank']}"
    if kind == "side":
        # what the seat may be sure of: the public sides (R11) once both calls resolve,
        # and, for a seat able to play a called occurrence, the banker side as its own
        side = set(obs["banker_side"])
        other = d["other"]
        calls = obs["calls"]
        settled = bool(calls) and all(c["resolved_by"] is not None for c in calls)
        held = game.hand_counts(seat)
        resolvable = bool(calls) and all(
            c["resolved_by"] is not None
            or held.get(Card.parse(c["face"]), 0) >= c["ordinal"] - c["played"]
            for c in calls)
        ours = seat in side or _joins(game, seat)
        sure = {
            "teammate": (other in side and ours)
            or (settled and other not in side and seat not in side),
            "opponent": (other in side and seat not in side)
            or (other not in side and ours and resolvable),
            "unknown": other not in side and not settled,
        }
        if sure[d["side"]]:
            return None
        real = [k for k, v in sure.items() if v]
        return f"seat {other} is {' or '.join(real) or '?'} to seat {seat}, not {d['side']}"
    if kind == "holds_left":
        face = Card.parse(d["face"])
        elsewhere = [s for s in range(6) if s != seat and game.hand_counts(s).get(face, 0)]
        buried = face in game.buried
        played = next((c["played"] for c in obs["calls"] if c["face"] == d["face"]), None)
        if elsewhere or buried or played != d["played"]:
            return (f"{face} is also held by seat(s) {elsewhere}" if elsewhere else
                    f"{face} is buried" if buried else
                    f"{played} copies of {face} were played, not {d['played']}")
        return None
    if kind == "side_points":
        seats = set(obs["banker_side"]) | {seat}
        real = sum(obs["captured"][s] for s in seats)
        return None if real == d["points"] and sorted(seats) == d["seats"] else \
            f"seats {sorted(seats)} captured {real} points, not {d['points']}"
    if kind in ("burial", "breaks"):
        return _taken_problem(game, seat, claim)
    if kind == "burial_measure":
        measures = [_measure(hand, _cards(d[key]), d["measure"]) for key in ("cards", "than")]
        a, b = measures
        said = (f"a rank total of {a}, against {b}" if d["measure"] == "rank total" else
                f"{a} {d['measure']}, against {b}")
        if measures != d["values"] or said != claim.text:
            return f"the {d['measure']} are {measures[0]} against {measures[1]}, not " \
                   f"{d['values'][0]} against {d['values'][1]}"
        return None
    if kind == "outranks":
        key, other = (_key(game, _cards(d[c]), d[s]) for c, s in (("cards", "shape"),
                                                                  ("than", "than_shape")))
        if key is None or other is None or not key > other:
            return f"{' '.join(d['cards'])} ({d['shape']}) does not rank above " \
                   f"{' '.join(d['than'])} ({d['than_shape']})"
        return None
    if kind == "holds_called":
        face = Card.parse(d["face"])
        n_held = game.hand_counts(seat).get(face, 0)
        call = next((c for c in obs["calls"] if c["face"] == d["face"]
                     and c["ordinal"] == d["ordinal"] and c["resolved_by"] is None), None)
        if call is None:
            return f"no open call of the {d['ordinal']} {d['face']}"
        if (n_held, call["played"]) != (d["held"], d["played"]) or \
                n_held < d["ordinal"] - call["played"] or seat in obs["banker_side"]:
            return f"seat {seat} holds {n_held} {face} with {call['played']} played: it " \
                   f"cannot play the called occurrence (or is on the banker side already)"
        return None
    return f"unknown claim kind {kind!r}"


def _measure(hand: list[Card], cards: list[Card], measure: str) -> int:
    held = Counter(c.rank for c in hand)
    return {"points": sum(POINTS.get(c.rank, 0) for c in cards),
            "control cards": sum(1 for c in cards if c.rank >= BIG),
            "cards of groups": sum(1 for c in cards if held[c.rank] >= 2),
            "rank total": sum(int(c.rank) for c in cards)}[measure]


def _key(game: Game, cards: list[Card], shape: str) -> int | None:
    """The rank a play of ``cards`` read as ``shape`` is compared by (R04, R12)."""
    found = [c for c in classify(cards, game.variants) if c.notation() == shape]
    return int(found[0].key) if found else None


def _taken_problem(game: Game, seat: int, claim: Claim) -> str | None:
    """A ``burial`` (the cards, rank by rank: how many taken and how many the hand holds)
    or ``breaks`` claim (one rank) against the seat's hand; the words say "bomb" exactly
    when a rank of four or more is involved, and a whole group is never said broken."""
    d = claim.data
    hand = game.hand(seat)
    held = Counter(c.rank.symbol for c in hand)
    if claim.kind == "burial":
        cards = _cards(d["cards"])
        if Counter(cards) - Counter(hand):
            return f"{' '.join(d['cards'])} are not all in seat {seat}'s hand"
        used = Counter(c.rank.symbol for c in cards)
        taken = d["taken"]
    else:
        used = Counter({d["rank"]: d["used"]})
        taken = [d]
    real = {r: (n, held[r]) for r, n in used.items()}
    said = {t["rank"]: (t["used"], t["held"]) for t in taken}
    if real != said:
        return f"the ranks taken and held are {real}, not {said}"
    bomb = any(m >= 4 for _, m in real.values())
    if bomb != ("bomb" in claim.text):
        return (f"{claim.text!r} " + ("does not say it takes from a bomb" if bomb else
                                       "speaks of a bomb the hand does not hold"))
    broken = [r for r, (n, m) in real.items() if n < m]
    if claim.kind == "breaks" and not broken:
        return f"the play takes every {d['rank']} held: it breaks no group"
    if claim.kind == "burial" and bool(broken) != (" of the " in claim.text):
        return f"{claim.text!r} misstates which groups the burial breaks ({broken})"
    return None


def problems(game: Game, seat: int, suggestion: Suggestion) -> list[str]:
    """Every problem with the claims of ``suggestion`` (made for ``seat`` now): a claim
    that is false, or whose phrase is not in the text it belongs to."""
    found: list[str] = []

    def check(claims: tuple[Claim, ...], text: str, where: str) -> None:
        for c in claims:
            if c.text not in text:
                found.append(f"{where}: the phrase {c.text!r} of a {c.kind} claim is not "
                             f"in {text!r}")
            wrong = verify(game, seat, c)
            if wrong:
                found.append(f"{where}: {c.text!r} is false: {wrong} (claim "
                             f"{c.to_json()})")

    check(suggestion.claims, suggestion.reason, "reason")
    for alt in suggestion.alternatives:
        check(alt.claims, alt.why_not, f"not {alt.action.to_json()}")
    return found


def claim_kinds(suggestion: Suggestion) -> list[str]:
    """The kinds of the claims of ``suggestion`` and its alternatives."""
    out = [c.kind for c in suggestion.claims]
    for alt in suggestion.alternatives:
        out += [c.kind for c in alt.claims]
    return out


def broken(claim: Claim) -> Claim:
    """``claim`` with its data made false (for the test that shows :func:`verify` fails
    a false claim): a count one off, a play list one short, a side swapped."""
    d: dict[str, Any] = dict(claim.data)
    if claim.kind in ("control",):
        d["big"] += 1
    elif claim.kind in ("points", "trick_points", "side_points", "fewest"):
        key = "held" if claim.kind == "fewest" else "points"
        d[key] += 5
    elif claim.kind == "banker_holds":
        d["faces"] = {f: n + 1 for f, n in d["faces"].items()}
    elif claim.kind == "ranks":
        d["order"] = "lower" if d["order"] == "same" else "same"
    elif claim.kind == "beaters":
        d["plays"] = d["plays"][1:] if d["plays"] else [{"ranks": ["3"], "shape": "single 3"}]
    elif claim.kind in ("beats", "empties"):
        d["cards"] = d["cards"][1:] or ["BJ", "BJ", "BJ"]
    elif claim.kind in ("hand_size", "group"):
        key = "cards" if claim.kind == "hand_size" else "count"
        d[key] += 1
    elif claim.kind == "lowest_plain":
        d["rank"] = "A" if d["rank"] != "A" else "3"
    elif claim.kind == "side":
        d["side"] = {"teammate": "opponent", "opponent": "unknown",
                     "unknown": "teammate"}[d["side"]]
    elif claim.kind in ("holds_left", "holds_called"):
        d["played"] += 1
    elif claim.kind == "burial":
        d["taken"] = [{**t, "held": t["held"] + 1} for t in d["taken"]]
    elif claim.kind == "breaks":
        d["held"] += 1
    elif claim.kind == "burial_measure":
        d["values"] = [d["values"][1], d["values"][0]]
    elif claim.kind == "outranks":
        d["cards"], d["than"] = d["than"], d["cards"]
        d["shape"], d["than_shape"] = d["than_shape"], d["shape"]
    return Claim(claim.kind, claim.text, d)
