"""Ruling provenance: which rulings (spec/rulings.yaml) a run of the engine applied.

``with recording() as applied: ...`` collects the ids of the rulings whose disputed
reading decided something while the block ran; outside a recording :func:`applies` is a
no-op after one global check, and the recording-only analyses the engine does for some
rulings (guarded by ``provenance.current is not None``) do not run at all. The kit's test
``tests/features/test_provenance.py`` runs every shipped scenario while recording and fails when a
scenario depends on a ruling it is not tagged with.

**Criterion.** ``applies("Dnn")`` is called where the reading that Dnn settles *decides the
outcome*: the branch the ruling chooses between readings of the rule text, not every call
of a function that implements a general rule. A scenario that plays a non-default variant
(:mod:`.variants`) applies the rulings that name that variant (:data:`VARIANT_RULINGS`),
and every rejection of an action applies D35 (the clause it cites). Recording is
deterministic (a set of ids, no timing) and single-threaded: one recording at a time per
process, nested recordings also add to the enclosing one.

**Ruling by ruling** (traced: where; declared: why there is no decision point, and which
scenarios must carry the ruling instead):

- D1 declared (:data:`DECLARED`): seats 0–5 and the direction s → s+1 are the frame of
  every deal, turn and search, so no branch chooses between readings; every scenario that
  exercises a clause whose order D1 fixes (R09.5, R13.1, R15.1) carries it.
- D2 traced where the first receiver is not given and its default is taken (seat 0, or
  the seat after the previous banker). One card per draw and the kitty as the last six
  cards are the deal itself (every deal), not a branch.
- D3 traced at a reveal prompt given although the card just dealt is not of the seat's
  reveal rank (it holds an earlier one: R08.3/R09.4 "ask again on later draws").
- D4 traced where the revealed card's fate decides something: the banker buries it or
  its revealer plays it (it stayed in the hand like any card), or a call names its face
  (the reveal counts towards no call).
- D5 traced at a first-hand redeal (reshuffle and redeal as often as needed) and at the
  later hands' fallback search for the banker (b+1 … b+5, b).
- D6 traced when the next hand follows a 120–175 settlement: defenders who won without
  advancing are the eligible revealers.
- D7 traced at settlement when the buried cards score differently from the dealt kitty
  (the kitty scored is the six buried cards). The phase order itself is every hand's.
- D8 traced where two readings of equal rank meet (no suit breaks the tie).
- D9 traced on every reading (classification, play enumeration) that only D9 makes legal
  or illegal: pairs, triples, kickers and wings of 2s and jokers, the rocket, wings that
  share or repeat a rank, and every card set that is no combination (the closed list).
- D10 traced where a play or top play has several readings, or declares its reading.
- D11 traced where equal plays meet (equal never beats), winged or kicker plays are
  compared (kickers and wings ignored), a rocket meets a rocket, and a reply is judged
  against a top play that is not the lead when the lead would judge it differently.
- D12 traced on every 5,10,K reading and on card sets of 5s, 10s and Ks only with more
  than three cards (exactly one of each).
- D13 traced at a call of a face that is not the callable one, and at a call of a face
  whose unburied copies are all in the banker's hand (they count as in play).
- D14 traced at an ordinal refused because only fewer copies are unburied (bounded), and
  under the variant call_ordinal: any.
- D15 traced when a copy of an unresolved called face is counted from a lead, from a
  shape other than a single, or with several copies in one play.
- D16 traced at a self-call, at one seat resolving both calls, at a copy played after its
  call resolved, and at a settlement with a call unresolved.
- D17 traced when a seat becomes a partner after capturing points.
- D18 traced at a pass by a seat able to beat, at a play by a seat that passed earlier in
  the trick, at a trick won by a player who is out, at a refused lead pass, and under the
  variant pass: trick.
- D19 traced when the trick winner is out and the next seat holding cards leads.
- D20 traced at every whole-side ending (checked once both calls resolved, table points
  and kitty to the last successful player, remnants to the side that is out).
- D21 traced at every one-player-left ending.
- D22 traced at a settlement whose kitty holds points (counted at face value, never
  multiplied); the step that checks the banker total (300 − the defender total) names it.
- D23 traced when the bankers win with partners (every banker-side member advances).
  The band table itself is rule 21 in multiples of 5, used by every settlement.
- D24 traced at an advance that passes A (a match win, joint winners).
- D25 traced when a later hand's banker is the previous banker again.
- D26 traced under the variant rocket: joker_sets.
- D27 traced under the variant pass: trick.
- D28 declared (:data:`DECLARED`): informative text (title, notices, R01.5, rule 24) adds
  no requirement and the engine has no code for it; every scenario that exercises R01.5 or
  R24.1 carries it.
- D29 traced at the reveal prompt after the 156th draw.
- D30 traced at a first-hand redeal (same hand, same first receiver, next deal number).
- D31 traced at settlement when the final trick holds points (reported as table points,
  not captured).
- D32 traced at an advance that passes A (the level shown stays A).
- D33 traced when, under call_ordinal: any, a hand ends with one player left while a call
  is unresolved (the whole-side ending was never checked).
- D34 traced where the hand number decides: the first hand's redeal, the later hands'
  fallback search, and the rule-8 or rule-9 code of a reveal rejection.
- D35 traced at every rejection of an action (:class:`~.errors.IllegalAction` with a code).
- D36 traced under the variant rocket: six_jokers.
- D37 traced where a bomb of twelve meets a rocket (below it by default), and under the
  variant twelve_bomb: beats_rocket.
- D38 traced where a declared reading is refused because no cards can have it, or because
  the notation cannot read it (:func:`.combos.Combo.parse`).
- D39 declared (:data:`DECLARED`) with no clause: it says which scenarios the kit leaves
  out for an implementation that declares another pack, run lengths, wing rule or extra
  shapes; this engine plays the game's own, so no scenario carries it
  (``tests/suite/test_profile_words.py`` checks it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # errors imports this module, and variants imports errors
    from .variants import Variants

__all__ = ["DECLARED", "VARIANT_RULINGS", "applies", "applies_variants", "current", "paused",
           "recording"]

current: set[str] | None = None
"""The set collecting ruling ids, or ``None`` when nothing records. Engine code reads it as
``provenance.current`` (one attribute lookup) to skip recording-only analyses."""

VARIANT_RULINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "wing_ranks": {"distinct": ("D9",)},
    "rocket": {"joker_sets": ("D9", "D26"), "six_jokers": ("D9", "D36")},
    "pass": {"trick": ("D18", "D27")},
    "call_ordinal": {"any": ("D14",)},
    "twelve_bomb": {"beats_rocket": ("D37",)},
}
"""Variant name -> non-default value -> the rulings that name that reading."""

DECLARED: dict[str, tuple[str, ...]] = {
    "D1": ("R09.5", "R13.1", "R15.1"),
    "D28": ("R01.5", "R24.1"),
    "D39": (),
}
"""Rulings with no decision point in the engine -> the clauses whose every scenario must
carry them: a declared rule instead of a trace (``tests/features/test_provenance.py`` checks it, and
that every ruling is traced, named by a variant or a step, or declared here)."""


def applies(*rulings: str) -> None:
    """Record that ``rulings`` decided something (no-op unless recording)."""
    if current is not None:
        current.update(rulings)


def applies_variants(variants: Variants) -> None:
    """Record the rulings of every non-default variant in ``variants`` (no-op unless
    recording)."""
    if current is None:
        return
    for name, value in variants.to_mapping().items():
        current.update(VARIANT_RULINGS.get(name, {}).get(value, ()))


@contextmanager
def recording() -> Iterator[set[str]]:
    """Collect the rulings applied inside the block into the yielded set; what a nested
    recording collects is added to the enclosing one when it ends."""
    global current
    outer = current
    applied: set[str] = set()
    current = applied
    try:
        yield applied
    finally:
        current = outer
        if outer is not None:
            outer.update(applied)


@contextmanager
def paused() -> Iterator[None]:
    """Record nothing inside the block (for the engine's own recording-only analyses,
    which call the engine to ask what another reading would have given)."""
    global current
    outer = current
    current = None
    try:
        yield
    finally:
        current = outer
