"""Building positions for tests and scenarios (the kit's, not the engine's): a valid
position from only the hands of interest (:func:`build_position`), checked by the engine's
:func:`fivetenk.reference.position.parse_position`.

The scenario language (:mod:`fivetenk.language.positions`), the fuzzer's endings and the
lowering of card questions build their positions here. It lived in ``reference/position.py``
until issue 30: no engine under test has it (the adapter only parses positions), so its
mutants were counted as the engine's; here they are not mutated at all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..reference import (
    DECKS,
    KITTY_SIZE,
    SEATS,
    CallSpec,
    Card,
    Combo,
    InvalidPosition,
    Rank,
    Variants,
    choose_reading,
    full_deck,
    parse_cards,
    parse_position,
)

_PACK = Counter(full_deck())

_FILLER_RANKS = (Rank.THREE, Rank.FOUR, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE)


def build_position(
    hands: Mapping[int, str | Iterable[str | Card]],
    *,
    banker: int = 0,
    calls: Sequence[Mapping[str, Any] | tuple[Any, ...] | str] | None = None,
    buried: str | Iterable[str | Card] | None = None,
    trick: Mapping[str, Any] | Sequence[tuple[Any, ...]] | None = None,
    turn: int | None = None,
    captured: Mapping[int, int] | Sequence[int] | None = None,
    rest_to: int | None = None,
    out: Sequence[int] | None = None,
    levels: Sequence[str | Rank] | None = None,
    hand: int = 1,
    previous_winners: Sequence[int] = (),
    previous_banker: int | None = None,
    variants: Variants | Mapping[str, str] | None = None,
    check: bool = True,
) -> dict[str, Any]:
    """A valid playing-phase position from just the hands of interest.

    - ``hands``: seat → cards (``"5H 5S"``); seats not given hold nothing (they are out).
    - ``calls``: items ``{"face", "ordinal"[, "resolved_by"]}`` or tuples ``(face,
      ordinal[, resolved_by])`` or ``"AH:1"``; default ``AH`` 1st and ``AS`` 1st;
      ``played`` is always derived from the cards gone and on the table. A call given
      with ``resolved_by`` None is kept *open*: spare copies of its face (held by nobody)
      are buried, as many as the ordinal allows (3 − ordinal, so the face stays callable
      and the ordinal reachable, D13, D14), so that fewer copies are gone; when the
      cards given still make its occurrence played (gone, or on the table),
      :class:`InvalidPosition` says so and why (D16) instead of resolving it. A call
      given without ``resolved_by`` (and each default call) whose occurrence is already
      gone or on the table counts as resolved by the banker (a self-call, D16): a
      convention of this builder, which the scenario language never leaves to itself
      (``fivetenk.language.positions`` requires every written call to be resolved or
      open, and reports the default calls it uses).
    - ``buried``: by default those spare call copies, then non-scoring low cards (3, 4, 6,
      7, 8, 9) nobody holds, up to six.
    - ``trick``: the position form ``{"leader", "plays", "passed"}`` (``combo`` optional)
      or a list of ``(seat, "cards")`` / ``(seat, "cards", "shape")`` / ``(seat, None)``
      (a pass) tuples, the first being the lead.
    - every other card of the pack is *gone* (played in earlier tricks). Its points go to
      ``captured``: explicit amounts (seat → points, or 6 ints) where given, and the rest
      of the gone points to ``rest_to`` (default: the banker).
    - ``turn`` default: with no trick the banker, or the first seat after them holding
      cards; with a trick the first seat after the last entry that holds cards, has not
      passed and did not make the top play.
    - ``out`` default: the empty-handed seats in seat order.

    The result is checked with :func:`parse_position` (:class:`InvalidPosition` if the
    inputs cannot make a legal position); with ``check`` false it is not, so that a
    scenario expecting its position to be refused can write an impossible one by the
    cards that matter (protocol.md, ``### start``).
    """
    var = variants if isinstance(variants, Variants) else Variants.from_mapping(variants or {})
    hand_cards: list[list[Card]] = [[] for _ in range(SEATS)]
    for seat, cards in hands.items():
        hand_cards[seat] = _as_cards(cards)
    trick_json: dict[str, Any] | None = None
    table: list[Card] = []
    if trick is not None:
        trick_json = _trick_json(trick, var)
        for entry in trick_json["plays"]:
            table.extend(Card.parse(t) for t in entry.get("cards", []))
    used = Counter(table)
    for h in hand_cards:
        used.update(h)
    call_items = calls if calls is not None else [("AH", 1), ("AS", 1)]
    specs: list[tuple[CallSpec, bool, Any]] = []
    for item in call_items:
        if isinstance(item, str):  # "AH:1", the builder's short form
            face, _, ordinal = item.partition(":")
            spec = CallSpec.from_json({"face": face, "ordinal": int(ordinal)
                                       if ordinal.isdigit() else ordinal})
            specs.append((spec, False, None))
        elif isinstance(item, Mapping):
            spec = CallSpec.from_json({"face": item["face"], "ordinal": item["ordinal"]})
            specs.append((spec, "resolved_by" in item, item.get("resolved_by")))
        else:
            spec = CallSpec.from_json({"face": item[0], "ordinal": item[1]})
            specs.append((spec, len(item) > 2, item[2] if len(item) > 2 else None))
    if buried is None:
        buried_cards: list[Card] = []
        for spec, has_resolver, resolved in specs:  # keep explicitly open calls open
            if has_resolver and resolved is None:
                spare = min(DECKS - used[spec.face], DECKS - spec.ordinal)
                for _ in range(min(spare, KITTY_SIZE - len(buried_cards))):
                    buried_cards.append(spec.face)
                    used[spec.face] += 1
        for rank in _FILLER_RANKS:
            for card in (c for c in _PACK if c.rank == rank):
                while used[card] < DECKS and len(buried_cards) < KITTY_SIZE:
                    buried_cards.append(card)
                    used[card] += 1
    else:
        buried_cards = _as_cards(buried)
        used.update(buried_cards)
    gone = _PACK - used
    gone_points = sum(c.points * n for c, n in gone.items())
    on_table = Counter(table)

    call_json: list[dict[str, Any]] = []
    for spec, has_resolver, resolved in specs:
        occurred = gone[spec.face] + on_table[spec.face]
        if not has_resolver and occurred >= spec.ordinal:
            resolved = banker
        call_json.append(spec.to_json() | {"played": occurred, "resolved_by": resolved})
        if has_resolver and resolved is None and occurred >= spec.ordinal:
            raise InvalidPosition([_open_call_problem(len(call_json), spec, hand_cards,
                                                      buried_cards, gone, trick_json,
                                                      buried is not None)])

    if captured is None:
        points = [0] * SEATS
    elif isinstance(captured, Mapping):
        points = [int(captured.get(s, 0)) for s in range(SEATS)]
    else:
        points = [int(v) for v in captured]
    remainder = gone_points - sum(points)
    if remainder < 0:
        raise InvalidPosition([
            f"captured gives {sum(points)} points but only {gone_points} points have been "
            "played in earlier tricks (R20.2)"
        ])
    points[banker if rest_to is None else rest_to] += remainder

    sizes = [len(h) for h in hand_cards]
    if turn is None:
        if trick_json is None:
            turn = next((s for s in ((banker + i) % SEATS for i in range(SEATS)) if sizes[s]),
                        banker)
        else:
            last = trick_json["plays"][-1]["seat"]
            top_seat = [e for e in trick_json["plays"] if "cards" in e][-1]["seat"]
            passed = set(trick_json.get("passed", []))
            turn = next(
                (s for s in ((last + i) % SEATS for i in range(1, SEATS))
                 if sizes[s] and s != top_seat and s not in passed),
                last,
            )
    position: dict[str, Any] = {
        "hand": hand,
        "phase": "playing",
        "deal": 1,
        "variants": var.to_mapping(),
        "levels": [r.symbol if isinstance(r, Rank) else str(r) for r in (levels or ["3"] * 6)],
        "previous_winners": sorted(previous_winners),
        "previous_banker": previous_banker,
        "banker": banker,
        "reveal": None,
        "buried": [str(c) for c in sorted(buried_cards)],
        "calls": call_json,
        "hands": [[str(c) for c in sorted(h)] for h in hand_cards],
        "captured": points,
        "trick": trick_json,
        "turn": turn,
        "out": list(out) if out is not None else [s for s in range(SEATS) if not sizes[s]],
    }
    if check:
        parse_position(position)
    return position


_ORDINAL_WORDS = {1: "1st", 2: "2nd", 3: "3rd"}


def _open_call_problem(
    number: int,
    spec: CallSpec,
    hands: Sequence[Sequence[Card]],
    buried: Sequence[Card],
    gone: Counter[Card],
    trick: Mapping[str, Any] | None,
    buried_given: bool,
) -> str:
    """Why call ``number`` (1 or 2), given as open (``resolved_by`` None), cannot be open:
    its occurrence is on the table, or enough copies of its face are gone (D15, D16)."""
    face, nth = spec.face, spec.ordinal
    what = f"call {number} (the {_ORDINAL_WORDS.get(nth, str(nth))} {face}) is open"
    before = gone[face]
    if before < nth and trick is not None:
        count = 0
        for entry in trick["plays"]:
            count += [Card.parse(c) for c in entry.get("cards", [])].count(face)
            if before + count >= nth:
                seat = entry["seat"]
                return (f"{what}, but that copy is on the table: seat {seat} played it in "
                        f"the current trick, so seat {seat} resolved the call (D15, D16)")
    held = sum(list(h).count(face) for h in hands)
    kept = list(buried).count(face)
    how = (f"the burial given holds {kept}" if buried_given else
           f"{kept} spare cop{'y is' if kept == 1 else 'ies are'} buried (at most "
           f"{DECKS - nth} for an open {_ORDINAL_WORDS.get(nth, str(nth))} call, D13, D14)")
    return (f"{what}, but {before} of the {DECKS} copies of {face} count as played in "
            f"earlier tricks (the hands hold {held}; {how}), so its occurrence has been "
            f"played (D15, D16): give a seat a copy of {face}, or name who resolved the call")


def position_template() -> dict[str, Any]:
    """A minimal valid position to edit: seats 0 and 1 hold a few cards, everything else
    is gone and credited to the banker (seat 0); both calls are self-calls."""
    return build_position({0: "3D 4D 5H", 1: "6C 7C"}, banker=0)


def _as_cards(cards: str | Iterable[str | Card]) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return [c if isinstance(c, Card) else Card.parse(c) for c in cards]


def _trick_json(
    trick: Mapping[str, Any] | Sequence[tuple[Any, ...]], variants: Variants
) -> dict[str, Any]:
    if isinstance(trick, Mapping):
        out = dict(trick)
        entries = [dict(e) for e in out["plays"]]
    else:
        entries = []
        for item in trick:
            seat, cards = item[0], item[1]
            if cards is None:
                entries.append({"seat": seat, "pass": True})
            else:
                entry: dict[str, Any] = {"seat": seat,
                                         "cards": [str(c) for c in sorted(_as_cards(cards))]}
                if len(item) > 2 and item[2]:
                    entry["combo"] = item[2]
                entries.append(entry)
        out = {"leader": entries[0]["seat"] if entries else None}
    top: Combo | None = None
    for entry in entries:
        if "cards" in entry:
            cards = _as_cards(entry["cards"])
            entry["cards"] = [str(c) for c in sorted(cards)]
            combo = choose_reading(cards, declared=entry.get("combo"), top=top, variants=variants)
            entry["combo"] = combo.notation()
            top = combo
    out["plays"] = entries
    if "passed" not in out:
        passed: set[int] = set()
        for entry in entries:
            if entry.get("pass"):
                passed.add(entry["seat"])
            elif variants.pass_rule == "turn":
                passed.clear()
        out["passed"] = sorted(passed)
    return out
