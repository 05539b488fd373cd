"""Phrases for scenarios that start from a deal (rules 1, 8–10): the deck, redeals, the reveal.

Deals are written by the cards that matter: ``Given seat 2 is dealt "4H 3H"`` fixes the
first cards seat 2 receives, in order; ``Given the kitty is "…"`` fixes the last six cards.
Every other card of the 162 is filled in deterministically (:func:`build_deck`): the
remaining cards from the strongest down (BJ, SJ, 2s, As … 3s, suits D C H S) into the
remaining draws in dealing order, then the kitty. Low ranks, the first hand's reveal rank 3
in particular, therefore come last, so a scenario's own reveals happen where it says. The
exported JSON holds the full deck order, so other implementations need no such rule.

Redeal decks for the first hand (R08.4, D5): ``Given the 1st redeal deals seat 3 "3H"``
fixes the deck used when nobody reveals a 3 in the first deal, filled like the first deal;
``Given the 2nd redeal is in the order:`` gives one in full. Without them an implementation
reshuffles as it likes, so only the deal number can be checked after a redeal.

The Then phrases here read what dealing decides: the banker, the reveal, the draws dealt,
the deal number, the announced calls and the hidden burial (R10.2). The actions of this
phase (reveal, skip, bury, call) are in :mod:`~fivetenk.language.play` with every other action.
"""

from __future__ import annotations

from typing import Any

from ..model.scenario import Scenario, ScenarioError
from ..reference import ALL_FACES, DECKS, Card, InvalidCards, RulesError, parse_cards
from .positions import match_filled_in
from .registry import (
    ORDINALS,
    SEAT,
    SETUP_FINISHERS,
    SETUP_RENDERERS,
    Builder,
    card_list,
    number,
    observe,
    one_card,
    q,
    refuse_setup,
    step,
)

DEAL_SIZE = 162
"""Cards in a deal, numbered as draws 1-162 in dealing order: draws 1-156 go to the seats
(the observation's ``draws`` counts them, so ``dealing continues until draw 14`` stops once
draw 14 has been dealt), draws 157-162 are the kitty (R01.2, D2)."""


def build_deck(first: int, dealt: dict[int, list[Card]], kitty: list[Card],
               draws: dict[int, Card] | None = None) -> list[str]:
    """The full 162-card dealing order for the given cards (see module docstring):
    ``dealt`` the first cards of each seat, ``kitty`` the last six, ``draws`` single cards
    by draw number (1-162, :data:`DEAL_SIZE`). A draw that two of them fix is an error
    naming both."""
    slots: list[Card | None] = [None] * DEAL_SIZE
    fixed_by: dict[int, str] = {}
    for seat, cards in dealt.items():
        if len(cards) > 26:
            raise ScenarioError(
                f"seat {seat} is dealt {len(cards)} cards; a seat receives 26 (R01.2)")
        for k, card in enumerate(cards):
            slot = (seat - first) % 6 + 6 * k
            slots[slot] = card
            fixed_by[slot] = f'seat {seat}\'s {_nth_text(k + 1)} card "{card}"'
    if len(kitty) > 6:
        raise ScenarioError(f"the kitty holds 6 cards, not {len(kitty)} (R01.2)")
    for k, card in enumerate(kitty):
        slots[156 + k] = card
        fixed_by[156 + k] = f'the kitty\'s {_nth_text(k + 1)} card "{card}"'
    for draw, card in sorted((draws or {}).items()):
        slot = draw - 1
        if slot in fixed_by:
            raise ScenarioError(f'draw {draw} is fixed twice: as "{card}" by the draw step '
                                f"and as {fixed_by[slot]}")
        slots[slot] = card
    used = [c for c in slots if c is not None]
    remaining = [c for c in reversed(ALL_FACES) for _ in range(DECKS)]
    for card in used:
        try:
            remaining.remove(card)
        except ValueError:
            raise ScenarioError(f"more than {DECKS} copies of {card} in the deal (R01.1)") from None
    filler = iter(remaining)
    return [str(c if c is not None else next(filler)) for c in slots]


def draw_number(text: str) -> int:
    """A draw number of step text: 1-162 (:data:`DEAL_SIZE`); ScenarioError otherwise."""
    draw = number(text, "draw")
    if not 1 <= draw <= DEAL_SIZE:
        raise ScenarioError(f"draw {draw} is not in the deal: draws are numbered 1-{DEAL_SIZE} "
                            "in dealing order (157-162 are the kitty)")
    return draw


def add_draw(draws: dict[int, Card], draw: int, card: str) -> None:
    """Fix one draw; the same draw given twice is an error naming both cards."""
    placed = one_card(card)
    if draw in draws:
        raise ScenarioError(f'draw {draw} is given twice: "{draws[draw]}" and "{placed}"')
    draws[draw] = card_list(placed)[0]


# ---------------------------------------------------------------------------------------------
# Deal setup
# ---------------------------------------------------------------------------------------------


def _deal(b: Builder) -> dict[str, Any]:
    if "position" in b.extensions:
        raise ScenarioError("a scenario starts from a deal or from a position, not both")
    if b.steps:
        raise ScenarioError("Given steps that set up the deal must come before the first When")
    deal: dict[str, Any] = b.extensions.setdefault("deal", {"first": None, "dealt": {},
                                                            "kitty": [], "draws": {}})
    return deal


@step("given", r"the first card goes to " + SEAT, "the first card goes to seat 3")
def _first(b: Builder, seat: str) -> None:
    if _deal(b).get("first_unsaid"):
        raise ScenarioError("the first receiver is written and left unsaid")
    _deal(b)["first"] = int(seat)


FIRST_UNSAID = "the deal does not say who receives the first card"
"""The phrase of a deal whose setup leaves out ``first`` (D2, issue 30)."""


@step("given", FIRST_UNSAID, FIRST_UNSAID, rulings=("D2",))
def _first_unsaid(b: Builder) -> None:
    """The deal sent to the engine has no ``first`` (the schema allows it): the engine
    deals the first card by D2's default, seat 0 in the first hand and the seat after the
    previous banker later. The kit builds the deck with that same default, so the cards
    written land where they say."""
    deal = _deal(b)
    if deal["first"] is not None:
        raise ScenarioError("the first receiver is written and left unsaid")
    deal["first_unsaid"] = True


@step("given", SEAT + r' is dealt "(?P<cards>[^"]+)"', 'seat 2 is dealt "4H 3H"')
def _dealt(b: Builder, seat: str, cards: str) -> None:
    dealt = _deal(b)["dealt"]
    if int(seat) in dealt:
        raise ScenarioError(f"seat {seat}'s cards are given twice")
    dealt[int(seat)] = card_list(cards)


@step("given", r'the kitty is "(?P<cards>[^"]+)"', 'the kitty is "4D 4C 4H 4S 6D 6C"')
def _kitty(b: Builder, cards: str) -> None:
    _deal(b)["kitty"] = card_list(cards)


@step("given", r'draw (?P<draw>\d+) is "(?P<card>[^"]+)"', 'draw 14 is "7D"')
def _draw(b: Builder, draw: str, card: str) -> None:
    """One card at a draw of the deal, numbered 1-162 in dealing order as the
    observation's ``draws`` counts them (:data:`DEAL_SIZE`); draw ``n`` goes to the seat
    ``n - 1`` places after the first receiver (D2), draws 157-162 are the kitty. It combines
    with ``seat N is dealt`` and ``the kitty is``; a draw they also fix is an error naming
    both. With ``the first card goes to`` unsaid, the D2 default decides whose draw it is."""
    add_draw(_deal(b)["draws"], draw_number(draw), card)


@step("given", r"a new match is dealt", "a new match is dealt", rulings=("D34",))
def _new_match(b: Builder) -> None:
    _deal(b)["new_match"] = True  # the first hand is written (D34)


def _finish_deal(b: Builder) -> None:
    """Turn the deal steps into ``setup.deal``: the whole deck order, either given
    (``the deck order is:``) or built from the dealt cards (:func:`build_deck`)."""
    spec = b.extensions.get("deal")
    if spec is None or b.setup is not None:
        return
    history = b.extensions.get("history")
    first = spec["first"]
    if first is None:  # D2: seat 0 in the first hand, the seat after the previous banker later
        first = 0 if history is None else (history["previous_banker"] + 1) % 6
    if "order" in spec:
        if spec["dealt"] or spec["kitty"] or spec["draws"]:
            raise ScenarioError("give either the whole deck order or the dealt cards, not both")
        deck = spec["order"]
    else:
        deck = build_deck(first, spec["dealt"], spec["kitty"], spec["draws"])
    deal: dict[str, Any] = {"deck": deck, "first": first}
    if spec.get("first_unsaid"):  # left to the engine (D2)
        del deal["first"]
    if history is not None:
        deal.update(hand=history["hand"], previous_banker=history["previous_banker"],
                    previous_winners=history["previous_winners"])
    if "levels" in b.extensions:
        deal["levels"] = b.extensions["levels"]
    b.setup = {"deal": deal}
    b.extensions["filled_in"] = deal_filled_in(spec, deal, b.extensions, b.variants)


SETUP_FINISHERS.append(_finish_deal)


def deal_filled_in(spec: dict[str, Any], deal: dict[str, Any],
                   extensions: dict[str, Any],
                   variants: dict[str, str] | None = None) -> list[str]:
    """Every default the kit filled in when it built ``deal`` from the phrases written
    (``spec``, the builder's ``extensions``), one sentence each with its ruling and the
    phrase that would write it (issue 9: no silent conventions): the filler cards
    (:func:`build_deck`), the first receiver (D2), the redeals (D5, D30), the first hand
    and the levels. Empty when the whole deck order and the rest are written."""

    notes: list[str] = []
    if "order" not in spec:
        draws = spec.get("draws") or {}
        written = (sum(len(c) for c in spec["dealt"].values()) + len(spec["kitty"])
                   + len(draws))
        notes.append(f"{162 - written} of the 162 cards are not written: the kit deals them "
                     "strongest-first (BJ, SJ, the 2s, the As … the 3s; suits D C H S) into "
                     "the draws nobody's cards fix, in dealing order, then the kitty, so the "
                     "low ranks (the first hand's reveal rank 3) come last (write 'seat N is "
                     "dealt \"…\"', 'draw N is \"…\"' or 'the deck order is:')")
        if not spec["kitty"] and not any(d > 156 for d in draws):
            notes.append(f"the kitty is not written: the last six cards of the deck, "
                         f"\"{' '.join(deal['deck'][156:])}\" (R01.2, D2; write 'the kitty "
                         "is \"…\"')")
    if spec["first"] is None and not spec.get("first_unsaid"):
        why = ("as in the first hand" if "history" not in extensions
               else "the seat after the previous banker")
        notes.append(f"who receives the first card is not written: seat {deal['first']}, "
                     f"{why} (D2; write 'the first card goes to seat N')")
    redeals = extensions.get("redeals") or {}
    if deal.get("hand", 1) == 1 and not redeals:
        notes.append("no redeal deck is written: if nobody reveals a 3 the hand is redealt "
                     "from a deck an implementation shuffles as it likes, and only the deal "
                     "number can be checked (R08.4, D5, D30; write 'the 1st redeal deals …')")
    filled = [n for n, r in sorted(redeals.items()) if not isinstance(r, list)]
    if filled:
        notes.append("the cards of redeal " + ", ".join(map(str, filled)) + " not written "
                     "are filled in strongest-first as in the deal (D30)")
    notes += [note for note in match_filled_in(extensions, variants)
              if not (spec.get("new_match") and note.startswith("the hand is not written"))]
    return notes


def _render_deal(s: Scenario) -> list[str]:
    if not s.setup or "deal" not in s.setup:
        return []
    deal = s.setup["deal"]
    lines = []
    if deal.get("hand", 1) >= 2:  # the schema then requires the previous banker and winners
        lines.append(f"Given this is hand {deal['hand']}, after seat {deal['previous_banker']} "
                     f"was banker and seats {q(' '.join(map(str, deal['previous_winners'])))} won")
    if "levels" in deal:
        lines.append(f"Given the levels are {q(' '.join(deal['levels']))}")
    lines.append("Given the deck order is:")
    lines.append('  """')
    deck = deal["deck"]
    lines.extend("  " + " ".join(deck[i:i + 27]) for i in range(0, 162, 27))
    lines.append('  """')
    if "first" in deal:
        lines.append(f"Given the first card goes to seat {deal['first']}")
    else:  # left to the engine's D2 default
        lines.append(f"Given {FIRST_UNSAID}")
    return lines


SETUP_RENDERERS.append(_render_deal)


@step("given", r"the deck order is:", 'the deck order is: (then a """ doc string of 162 cards)')
def _deck_order(b: Builder, doc: str | None) -> None:
    if not doc:
        raise ScenarioError("give the 162 cards in a doc string after this step")
    deal = _deal(b)
    cards = deck_cards(doc)  # copies of a face are checked once built (see the end)
    if len(cards) != 162:
        raise ScenarioError(f"the deck order needs all 162 cards, not {len(cards)} (R01.1)")
    deal["order"] = [str(c) for c in cards]


@step("given", r"the cards are dealt strongest-first", "the cards are dealt strongest-first")
def _plain_deal(b: Builder) -> None:
    """A deal in which no card is chosen: the whole deck is filled strongest-first, so the
    low ranks (3, 4, …) reach the players last and the kitty holds 3s."""
    _deal(b)


# ---------------------------------------------------------------------------------------------
# Redeals of the first hand (R08.4, D5)
# ---------------------------------------------------------------------------------------------


NTH = r"(?P<nth>1st|2nd|3rd|[4-9]th)"


_NTH_NUMBER = {"1st": 1, "2nd": 2, "3rd": 3}


def _nth(text: str) -> int:
    """``1st`` → 1, ``4th`` → 4."""
    return _NTH_NUMBER.get(text) or int(text[:-2])


def _nth_text(n: int) -> str:
    """1 → ``1st``, 4 → ``4th``."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _redeals(b: Builder, nth: int) -> dict[int, Any]:
    """The redeal specs gathered so far (redeal number → dealt cards or full order)."""
    if "position_json" in b.extensions:
        raise ScenarioError("redeals belong to a scenario that starts from a deal")
    _deal(b)  # starts the deal setup; rejects positions and late Given steps
    specs: dict[int, Any] = b.extensions.setdefault("redeals", {})
    if nth in specs:
        raise ScenarioError(f"the {_nth_text(nth)} redeal is given twice")
    if nth != len(specs) + 1:
        raise ScenarioError(f"give the redeals in order: the {_nth_text(len(specs) + 1)} "
                            f"redeal comes before the {_nth_text(nth)}")
    return specs


@step("given", r"the " + NTH + r' redeal deals (?P<spec>(?:seat [0-5]|draw \d+) "[^"]*"'
               r'(?:; (?:seat [0-5]|draw \d+) "[^"]*")*)',
      'the 1st redeal deals seat 3 "3H"', rulings=("D30",))
def _redeal(b: Builder, nth: str, spec: str) -> None:
    """The cards that seats receive first in a redeal (``seat 3 "3H"``) and single cards
    at a draw of it (``draw 14 "7D"``, numbered as in :func:`_draw`); the rest is filled as
    in the deal."""
    n = _nth(nth)
    dealt: dict[int, list[Card]] = {}
    draws: dict[int, Card] = {}
    for part in (p.strip() for p in spec.split(";")):
        kind, _, rest = part.partition(" ")
        head, _, cards = rest.partition(" ")
        if kind == "draw":
            add_draw(draws, draw_number(head), cards.strip('"'))
            continue
        seat = int(head)
        if seat in dealt:
            raise ScenarioError(f"seat {seat}'s cards are given twice in one redeal")
        dealt[seat] = card_list(cards.strip('"'))
    _redeals(b, n)[n] = (dealt, draws)


@step("given", r"the " + NTH + r" redeal is in the order:",
      'the 1st redeal is in the order: (then a """ doc string of 162 cards)',
      rulings=("D30",))
def _redeal_order(b: Builder, nth: str, doc: str | None) -> None:
    """A redeal given as its full 162-card order."""
    n = _nth(nth)
    cards = card_list(doc or "")
    if len(cards) != 162:
        raise ScenarioError(f"the deck order needs all 162 cards, not {len(cards)} (R01.1)")
    _redeals(b, n)[n] = [str(c) for c in cards]


def _finish_redeals(b: Builder) -> None:
    """Add the redeal decks to the deal setup once it exists (idempotent)."""
    specs = b.extensions.get("redeals")
    if not specs or b.setup is None:
        return
    deal = b.setup.get("deal")
    if deal is None:
        raise ScenarioError("redeals belong to a scenario that starts from a deal")
    if "redeals" in deal:
        return
    if deal.get("hand", 1) != 1:
        raise ScenarioError("only the first hand is redealt (R08.4, D5); later hands fall "
                            "back to the previous winners (R09.5)")
    first = deal.get("first", 0)
    deal["redeals"] = [spec if isinstance(spec, list) else build_deck(first, spec[0], [], spec[1])
                       for _, spec in sorted(specs.items())]


SETUP_FINISHERS.append(_finish_redeals)


def _render_redeals(s: Scenario) -> list[str]:
    """Given lines for the redeal decks of a scenario's setup, each in full (round trip)."""
    if not s.setup or "deal" not in s.setup:
        return []
    lines: list[str] = []
    for i, deck in enumerate(s.setup["deal"].get("redeals", []), start=1):
        lines.append(f"Given the {_nth_text(i)} redeal is in the order:")
        lines.append('  """')
        lines.extend("  " + " ".join(deck[k:k + 27]) for k in range(0, 162, 27))
        lines.append('  """')
    return lines


SETUP_RENDERERS.append(_render_redeals)


# ---------------------------------------------------------------------------------------------
# What dealing decides: the banker, the reveal, the calls, the burial
# ---------------------------------------------------------------------------------------------


@step("then", SEAT + r" is the banker", "seat 2 is the banker")
def _banker(b: Builder, seat: str) -> None:
    observe(b, "banker", int(seat))


@step("then", r"no banker is fixed", "no banker is fixed")
def _no_banker(b: Builder) -> None:
    observe(b, "banker", None)


@step("then", r"(?P<n>\d+) (?:cards have|card has) been dealt", "57 cards have been dealt")
def _draws(b: Builder, n: str) -> None:
    observe(b, "draws", number(n))


@step("then", r"this is deal (?P<n>\d+) of the hand", "this is deal 2 of the hand",
      rulings=("D30",))
def _deal_number(b: Builder, n: str) -> None:
    observe(b, "deal", number(n))


@step("then", SEAT + r' revealed "(?P<card>[^"]+)" at draw (?P<draw>\d+)',
      'seat 2 revealed "3H" at draw 3')
def _revealed(b: Builder, seat: str, card: str, draw: str) -> None:
    """The public reveal that fixed the banker (R08.2, R09.3, D4)."""
    observe(b, "reveal", {"seat": int(seat), "card": one_card(card), "draw": number(draw)})


@step("then", r"nothing has been revealed", "nothing has been revealed")
def _not_revealed(b: Builder) -> None:
    """No reveal yet in this hand (or the banker was found by the search, R09.5)."""
    observe(b, "reveal", None)


@step("then", r"the calls are the (?P<o1>1st|2nd|3rd) \"(?P<f1>[^\"]+)\" and the "
              r"(?P<o2>1st|2nd|3rd) \"(?P<f2>[^\"]+)\"",
      'the calls are the 1st "AH" and the 2nd "AS"')
def _calls_are(b: Builder, o1: str, f1: str, o2: str, f2: str) -> None:
    """The two announced calls, in the order announced (R11.1, D25: calls are public)."""
    observe(b, "calls.0.face", one_card(f1))
    observe(b, "calls.0.ordinal", ORDINALS[o1])
    observe(b, "calls.1.face", one_card(f2))
    observe(b, "calls.1.ordinal", ORDINALS[o2])


@step("then", r"no calls have been announced", "no calls have been announced")
def _no_calls(b: Builder) -> None:
    """Before calling (D7), and at the start of a new hand (R23.1, D25)."""
    observe(b, "calls", [])


@step("then", r"the buried cards are not shown", "the buried cards are not shown")
def _burial_hidden(b: Builder) -> None:
    """R10.2: the burial is shown only in the settlement (``result.kitty``); before the hand
    is settled the observation holds no result, hence no buried card."""
    observe(b, "result", None)


# ---------------------------------------------------------------------------------------------
# A deal expected to be refused (protocol.md, ``### start``)
# ---------------------------------------------------------------------------------------------


def deck_cards(text: str) -> list[Card]:
    """The cards of ``Given the deck order is:``. A bad token is an error here; a face
    written more than three times is not: the compiler checks the copies once the scenario
    is built (:func:`fivetenk.model.scenario.content_problems`, R01.1), except in a deal expected
    to be refused, where a fourth copy may be what it tests."""

    tokens = text.split()
    try:
        return parse_cards(tokens)
    except InvalidCards:  # the tokens are cards: only the copies are wrong
        return [Card.parse(token) for token in tokens]
    except RulesError as err:
        raise ScenarioError(str(err)) from None


@step("then", r"the deal is refused(?: citing (?P<clause>R\d\d\.\d+))?",
      "the deal is refused citing R01.1")
def _deal_refused(b: Builder, clause: str | None = None) -> None:
    """The deal written by the Given steps is expected to be refused when the scenario
    starts, citing ``clause`` (or any clause without ``citing``): the scenario's only Then,
    with no When (``Given the deck order is:`` may then hold a fourth copy of a face)."""

    refuse_setup(b, "deal", clause)
