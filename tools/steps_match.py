"""Extra scenario steps for the match features (registered into :data:`fivetenk.steps.REGISTRY`).

Rules 1 and 7–12 and 23 (configuration, levels, the banker, the kitty, calls, teams, the
next hand) need a few phrases that the general game steps lack:

- redeal decks for the first hand (R08.4, D5): ``Given the 1st redeal deals seat 3 "3H"``
  fixes the deck used when nobody reveals a 3 in the first deal, filled like the first deal
  (:func:`fivetenk.game_steps.build_deck`); ``Given the 2nd redeal is in the order:`` gives
  one in full. Without them an implementation reshuffles as it likes, so only the deal
  number can be checked after a redeal;
- readable checks of the reveal, the announced calls, the hidden burial (R10.2), the
  settled sides (R12.2) and the match state (R07, R23).

Every expectation here is an ordinary ``expect`` entry on an observation path, so the
generic observation renderer writes it back as ``the observation at "…" is …`` and the
round trip through ``fivetenk render`` compiles to the same scenario; only the redeal decks
are setup, rendered by :func:`_render_redeals`.
"""

from __future__ import annotations

from typing import Any

from .game_steps import ORDINALS, SEAT, _cards, _deal, _seats, build_deck
from .reference.cards import Card
from .scenario import Scenario, ScenarioError
from .steps import SETUP_FINISHERS, SETUP_RENDERERS, Builder, number, step

NTH = r"(?P<nth>1st|2nd|3rd|[4-9]th)"
_NTH_NUMBER = {"1st": 1, "2nd": 2, "3rd": 3}


def _nth(text: str) -> int:
    """``1st`` → 1, ``4th`` → 4."""
    return _NTH_NUMBER.get(text) or int(text[:-2])


def _nth_text(n: int) -> str:
    """1 → ``1st``, 4 → ``4th``."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# ---------------------------------------------------------------------------------------------
# Deals and redeals of the first hand (R08.4, D5)
# ---------------------------------------------------------------------------------------------


@step("given", r"the cards are dealt strongest-first", "the cards are dealt strongest-first")
def _plain_deal(b: Builder) -> None:
    """A deal in which no card is chosen: the whole deck is filled strongest-first, so the
    low ranks (3, 4, …) reach the players last and the kitty holds 3s."""
    _deal(b)


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


@step("given", r"the " + NTH + r' redeal deals (?P<spec>seat [0-5] "[^"]*"'
               r'(?:; seat [0-5] "[^"]*")*)',
      'the 1st redeal deals seat 3 "3H"', rulings=("D30",))
def _redeal(b: Builder, nth: str, spec: str) -> None:
    """The cards that seats receive first in a redeal; the rest is filled as in the deal."""
    n = _nth(nth)
    dealt: dict[int, list[Card]] = {}
    for part in (p.strip() for p in spec.split(";")):
        head, _, cards = part.partition(" ")[2].partition(" ")
        seat = int(head)
        if seat in dealt:
            raise ScenarioError(f"seat {seat}'s cards are given twice in one redeal")
        dealt[seat] = _cards(cards.strip('"'))
    _redeals(b, n)[n] = dealt


@step("given", r"the " + NTH + r" redeal is in the order:",
      'the 1st redeal is in the order: (then a """ doc string of 162 cards)',
      rulings=("D30",))
def _redeal_order(b: Builder, nth: str, doc: str | None) -> None:
    """A redeal given as its full 162-card order."""
    n = _nth(nth)
    cards = _cards(doc or "")
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
    deal["redeals"] = [spec if isinstance(spec, list) else build_deck(first, spec, [])
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
# Observation checks
# ---------------------------------------------------------------------------------------------


def _observe(b: Builder, path: str, value: Any) -> None:
    b.expect(b.observation(), path, value)


def _face(text: str) -> str:
    """One card token in canonical spelling."""
    cards = _cards(text)
    if len(cards) != 1:
        raise ScenarioError(f"one card is needed, not {text!r}")
    return str(cards[0])


def _sorted_tokens(text: str) -> list[str]:
    """Card tokens in canonical order, as observations list them."""
    return [str(c) for c in sorted(_cards(text))]


@step("then", r"this is hand (?P<n>\d+) of the match", "this is hand 2 of the match",
      rulings=("D34",))
def _hand_number(b: Builder, n: str) -> None:
    """The hand number (R23.1: a new hand after settlement)."""
    _observe(b, "hand", number(n))


@step("then", SEAT + r' revealed "(?P<card>[^"]+)" at draw (?P<draw>\d+)',
      'seat 2 revealed "3H" at draw 3')
def _revealed(b: Builder, seat: str, card: str, draw: str) -> None:
    """The public reveal that fixed the banker (R08.2, R09.3, D4)."""
    _observe(b, "reveal", {"seat": int(seat), "card": _face(card), "draw": number(draw)})


@step("then", r"nothing has been revealed", "nothing has been revealed")
def _not_revealed(b: Builder) -> None:
    """No reveal yet in this hand (or the banker was found by the search, R09.5)."""
    _observe(b, "reveal", None)


@step("then", r"the calls are the (?P<o1>1st|2nd|3rd) \"(?P<f1>[^\"]+)\" and the "
              r"(?P<o2>1st|2nd|3rd) \"(?P<f2>[^\"]+)\"",
      'the calls are the 1st "AH" and the 2nd "AS"')
def _calls_are(b: Builder, o1: str, f1: str, o2: str, f2: str) -> None:
    """The two announced calls, in the order announced (R11.1, D25: calls are public)."""
    _observe(b, "calls.0.face", _face(f1))
    _observe(b, "calls.0.ordinal", ORDINALS[o1])
    _observe(b, "calls.1.face", _face(f2))
    _observe(b, "calls.1.ordinal", ORDINALS[o2])


@step("then", r"no calls have been announced", "no calls have been announced")
def _no_calls(b: Builder) -> None:
    """Before calling (D7), and at the start of a new hand (R23.1, D25)."""
    _observe(b, "calls", [])


@step("then", r"the buried cards are not shown", "the buried cards are not shown")
def _burial_hidden(b: Builder) -> None:
    """R10.2: the burial is shown only in the settlement (``result.kitty``); before the hand
    is settled the observation holds no result, hence no buried card."""
    _observe(b, "result", None)


@step("then", r'the settlement shows the buried cards "(?P<cards>[^"]+)"',
      'the settlement shows the buried cards "3D 3C 4D 4C 6D 6C"')
def _burial_shown(b: Builder, cards: str) -> None:
    """R10.2, D7: the kitty exposed at settlement is the six buried cards."""
    tokens = _sorted_tokens(cards)
    if len(tokens) != 6:
        raise ScenarioError(f"six cards are buried, not {len(tokens)} (R10.1)")
    _observe(b, "result.kitty", tokens)


@step("then", r'the settled (?P<side>banker side|defenders) (?:is|are) "(?P<seats>[^"]*)"',
      'the settled banker side is "0 1"')
def _settled_side(b: Builder, side: str, seats: str) -> None:
    """The sides the hand was settled with (R12.2, D16, D17)."""
    path = "result.banker_side" if side == "banker side" else "result.defenders"
    _observe(b, path, sorted(_seats(seats)))


@step("then", r'the advances are "(?P<steps>[0-3](?: [0-3]){5})"',
      'the advances are "3 3 0 0 0 0"')
def _advances(b: Builder, steps: str) -> None:
    """Levels each seat advanced at settlement, seat 0 first (R07.1, R22.1, D24)."""
    _observe(b, "result.advanced", [int(x) for x in steps.split()])


@step("then", r'the previous winners are "(?P<seats>[^"]*)"',
      'the previous winners are "2 3 4 5"')
def _previous_winners(b: Builder, seats: str) -> None:
    """The previous hand's winning side, the eligible revealers of this hand (D6)."""
    _observe(b, "previous_winners", sorted(_seats(seats)))
