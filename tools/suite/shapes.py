"""The combination shapes a scenario uses, computed from its cards and readings.

An implementation may play a smaller combination set than the reference (no straights, no
kickers: the Dou Dizhu family) and say so in its handshake (``shapes``, decision D-2 of
issue 8). The kit then skips every scenario that *uses* a shape the implementation does not
declare, instead of charging the failure to a clause it agrees with. No scenario is tagged
by hand: :func:`scenario_shapes` works the tags out with the reference engine, under the
scenario's variants, so a new scenario is tagged the moment it is written.

What "uses" means, step by step (a shape is used when an engine without it would answer
the step differently, or could not even read the request):

- ``classify``: every reading the reference gives the cards (D10: a set may have several),
  and every reading the step expects (``expect`` / ``contains``; a reading listed under
  ``excludes`` is one the cards must *not* have, which an engine without that shape
  satisfies anyway);
- ``beats``: the top play's reading (its declared ``top_shape``, else the one the reference
  gives it, D10), and the reply's: its declared ``reply_shape``; else the reading the
  reference takes (the strongest that beats the top, D10) when it beats, or every reading
  of the reply when it does not (an engine lacking one of them might refuse the reply for
  another reason, citing another clause); plus any reading the step expects;
- ``plays``: the top play's reading, and the shape of every play the reference lists for
  the hand (an engine without a shape lists fewer plays), plus those the step expects;
- game steps: the reading of every play of the position's trick (the engine must read
  them to load the position), and of every ``play`` action, found by replaying the
  scenario in the reference (the reading the play takes against the trick's top at that
  moment; every reading of the cards when the play is refused, since a refusal may cite
  the clause of any of them); every reading an expected observation names;
- ``points``, ``deck``, passes, reveals, burials and calls use no shape.

Shape names are the reading notation's shape words (:data:`SHAPES`); ``5-10-K`` covers
the mixed and the suited 5,10,K. The result is cached per scenario content (a copy with
the same steps shares it); computing it for the whole shipped suite takes about a tenth
of a second (``python -m fivetenk.bench.protocol --shapes`` measures it), and it is only
computed when something asks (an implementation declaring fewer shapes, ``--shapes``, an
expectations entry by shape, a report).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..impl.drivers import DriverError, ReferenceDriver, advance
from ..impl.words import ACE, SHAPES
from ..reference import (
    Combo,
    RulesError,
    Shape,
    Variants,
    beats,
    choose_reading,
    classify,
    legal_plays,
    parse_cards,
)

if TYPE_CHECKING:
    from ..model.scenario import Scenario

_SJ = 16
"""The small joker's rank value."""
_WORD: dict[Shape, str] = {shape: shape.value for shape in Shape}
_WORD[Shape.MIXED_5_10_K] = _WORD[Shape.SUITED_5_10_K] = "5-10-K"
_ORDER = {word: index for index, word in enumerate(SHAPES)}

_READING_KEYS = frozenset({"reading", "combo", "top_shape", "reply_shape"})
"""Keys of an expected value (at any depth) whose text is one reading."""
_LIST_KEYS = frozenset({"readings"})
"""Keys whose value is a list of readings."""
_PLAY_KEYS = frozenset({"plays"})
"""Keys whose value is a list of plays: ``"pair 7: 7 7"`` texts (a ``plays`` reply) or
trick entries (objects holding a ``combo``)."""

CACHE_SIZE = 50_000
"""Scenarios whose shapes are remembered (the memo is emptied when full): far more than
any suite, so that generated scenarios cannot grow it without bound."""
_cache: dict[str, tuple[str, ...]] = {}
_uses_cache: dict[str, frozenset[str]] = {}

RUN_SHAPES = frozenset({"straight", "pairs", "airplane", "airplane+singles", "airplane+pairs"})
"""Shapes whose readings have a length (body ranks): :func:`scenario_uses` says which."""
WING_RULE = "wings:adjacent-or-bomb"
"""The use of a winged airplane reading whose wings hold a triple next to the body, or
four of a rank as pair wings: an engine playing the wing rule of ruling D39 (such a triple
is body, and a bomb is never a pair of wings) reads those cards otherwise."""

WING_FOUR = "wings:four"
"""The use of a winged airplane reading whose wings hold four of a rank, as singles or as
pairs: an engine playing the strict wing rule (D39, issue 32; Dou Dizhu's) does not have
it."""
JOKERS_MIXED = "jokers:mixed"
"""The use of a reading whose cards hold a joker and another card (a joker kicker or wing,
a joker among a body): an engine declaring ``jokers: "alone"`` (D39, issue 32) does not
have it."""
RUN_TOP = "run-top:"
"""Prefix of the use of a run reading reaching a rank (``run-top:14``: its body's highest
rank is the ace): an engine declaring a lower ``run_top`` (D39, issue 32) does not have
it."""
MARKS = (WING_RULE, WING_FOUR, JOKERS_MIXED)
"""Uses that are no shape: the rule marks."""


def is_mark(use: str) -> bool:
    """Whether a use of :func:`scenario_uses` is a rule mark rather than a shape."""
    return use in MARKS or use.startswith(RUN_TOP)


def clear_cache() -> None:
    """Forget every scenario's shapes (a benchmark times them cold)."""
    _cache.clear()
    _uses_cache.clear()


def shape_of(reading: str) -> str:
    """The shape word of a reading of the notation: ``'straight 3-7'`` -> ``'straight'``,
    ``'5-10-K suited H'`` -> ``'5-10-K'``, ``'rocket x6'`` -> ``'rocket'``. A bare shape
    word (``'airplane+singles'``, as a declared shape may be) is its own shape. Raises
    :class:`ValueError` (an ``InvalidNotation``) for a text that is neither."""
    if isinstance(reading, str):
        word = reading.strip()
        if word in _ORDER:
            return word
        if word in ("5-10-K mixed", "5-10-K suited"):
            return "5-10-K"
    return _WORD[Combo.parse(reading).shape]


def scenario_shapes(scenario: Scenario) -> tuple[str, ...]:
    """The shapes ``scenario`` uses (see the module docstring), in :data:`SHAPES` order.
    Never raises: a step the reference cannot make sense of (a user's case that is meant
    to be refused) adds the shapes that can be read from it, and nothing else."""
    key = content_key(scenario)
    found = _cache.get(key)
    if found is None:
        words = {use.split(" ", 1)[0] for use in _uses(scenario, key) if use in _ORDER
                 or use.split(" ", 1)[0] in RUN_SHAPES}
        found = tuple(sorted(words, key=_ORDER.__getitem__))
        if len(_cache) >= CACHE_SIZE:
            _cache.clear()
        _cache[key] = found
    return found


def scenario_uses(scenario: Scenario) -> frozenset[str]:
    """What :func:`scenario_shapes` finds, in more detail (issue 20, ruling D39): each
    shape word used, and for a run shape the word with its length in body ranks
    (``"pairs 2"``: a pair run of two pairs); :data:`WING_RULE` when a winged airplane
    reading the scenario uses has wings the wing rule of D39 reads otherwise (the cards
    are known: the request's, a play's, a listed play's). Never raises."""
    return _uses(scenario, content_key(scenario))


def _uses(scenario: Scenario, key: str) -> frozenset[str]:
    found = _uses_cache.get(key)
    if found is None:
        found = frozenset(_compute(scenario))
        if len(_uses_cache) >= CACHE_SIZE:
            _uses_cache.clear()
        _uses_cache[key] = found
    return found


def run_lengths(uses: Iterable[str]) -> set[tuple[str, int]]:
    """``(shape, length)`` of every run use of :func:`scenario_uses` (``"pairs 2"``)."""
    found = set()
    for use in uses:
        word, _, length = use.partition(" ")
        if word in RUN_SHAPES and length.isdigit():
            found.add((word, int(length)))
    return found


def uses_any(scenario: Scenario, shapes: Iterable[str]) -> bool:
    """Whether ``scenario`` uses at least one of ``shapes``."""
    wanted = set(shapes)
    return any(shape in wanted for shape in scenario_shapes(scenario))


def tested_shape(scenario: Scenario, step: int | None) -> str | None:
    """The shape of the play that step ``step`` (0-based) of ``scenario`` tests, when it
    is one shape the scenario uses (:func:`scenario_shapes`), else None (issue 28):

    - ``classify``: the cards' reading, when all their readings are of one shape;
    - ``beats``: the reply's (its declared ``reply_shape``; else the reading the
      reference takes when it beats, or the shape of all its readings); never the top
      play's, which is what the reply is compared with, not what is tested;
    - a ``play`` action: its declared shape, else the shape of all its cards' readings;
    - anything else (``plays`` lists many shapes; points, passes, calls) tests no shape.

    ``fivetenk expectations --by shape`` groups a failure under this shape, so a failure
    is never filed under a shape only because the top play it answers has it (a reply of
    a reading no cards can have, played on ``7S``, tests no single). Never raises."""
    try:
        if step is None or not 0 <= step < len(scenario.steps):
            return None
        body = scenario.steps[step]
        if not isinstance(body, Mapping):
            return None
        try:
            variants = Variants.from_mapping(scenario.variants)
        except (RulesError, TypeError, AttributeError):
            variants = Variants()
        op = body.get("op")
        words: set[str] = set()
        declared = None
        if op == "classify":
            words = _readings(body.get("cards"), variants)
        elif op == "beats":
            declared = body.get("reply_shape")
            if not isinstance(declared, str):
                words = _reply(body, variants)
        elif op == "act" and isinstance(body.get("action"), Mapping) \
                and body["action"].get("type") == "play":
            declared = body["action"].get("shape")
            if not isinstance(declared, str):
                words = _readings(body["action"].get("cards"), variants)
        else:
            return None
        if isinstance(declared, str):
            words = _safe_shape(declared)
        found = {use.split(" ", 1)[0] for use in words if not is_mark(use)}
        if len(found) != 1:
            return None
        shape = found.pop()
        return shape if shape in scenario_shapes(scenario) else None
    except Exception:  # a user's scenario may hold anything: no shape, never a traceback
        return None


def _reply(step: Mapping[str, Any], variants: Variants) -> set[str]:
    """What the reply of a ``beats`` step uses, without its top: the reading the reference
    takes when it beats (D10), else every reading of the reply."""

    top, _ = _declared_or_read(step.get("top"), step.get("top_shape"), variants)
    try:
        readings = classify(_cards(step.get("reply")), variants)
    except (RulesError, TypeError):
        return set()
    ranks = _ranks(step.get("reply"))
    if top is not None:
        for reading in readings:  # strongest first (D10)
            if beats(reading, top, variants):
                return _use(reading, ranks)
    return _words(readings, ranks)


def describe_uses(shapes: Iterable[str]) -> str:
    """``'straight'``, ``'straight and triple+single'``, ``'a, b and c'``."""
    items = list(shapes)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# --------------------------------------------------------------------------- computing


def content_key(scenario: Scenario) -> str:
    """What a scenario's shapes (and its verdict on the reference engine) depend on: the
    variants, the setup and the steps, as canonical JSON."""
    return json.dumps([scenario.variants, scenario.setup, scenario.steps], sort_keys=True,
                      separators=(",", ":"), default=repr)


def _compute(scenario: Scenario) -> set[str]:
    try:
        variants = Variants.from_mapping(scenario.variants)
    except (RulesError, TypeError, AttributeError):
        variants = Variants()
    found: set[str] = set()
    for step in scenario.steps:
        if not isinstance(step, Mapping):
            continue
        found.update(_expected(step))
        op = step.get("op")
        try:
            if op == "classify":
                found.update(_readings(step.get("cards"), variants))
            elif op == "beats":
                found.update(_beats(step, variants))
            elif op == "plays":
                found.update(_plays(step, variants))
        except (RulesError, TypeError, KeyError, AttributeError):
            continue
    if _plays_in_game(scenario):
        found.update(_game(scenario, variants))
    elif isinstance(scenario.setup, Mapping):
        found.update(_trick(scenario.setup.get("position"), None, variants))
    return found


def _plays_in_game(scenario: Scenario) -> bool:
    """Whether finding the readings of the game steps needs a replay: a ``play`` action,
    or a position's trick entry that names no reading (the reference derives it, D10).
    Otherwise the readings are read from the position as written, at no cost."""
    for step in scenario.steps:
        action = step.get("action") if isinstance(step, Mapping) else None
        if isinstance(action, Mapping) and action.get("type") == "play":
            return True
    setup = scenario.setup if isinstance(scenario.setup, Mapping) else {}
    position = setup.get("position")
    trick = position.get("trick") if isinstance(position, Mapping) else None
    plays = trick.get("plays") if isinstance(trick, Mapping) else None
    return any(isinstance(entry, Mapping) and "cards" in entry and "combo" not in entry
               for entry in (plays if isinstance(plays, list) else []))


def _use(combo: Combo, ranks: Iterable[int] = ()) -> set[str]:
    """What one reading uses: its shape word, with the length of a run (``"pairs 3"``),
    and :data:`WING_RULE` when ``ranks`` (its cards' ranks, if known) give it wings the
    wing rule of D39 reads otherwise."""
    word = _WORD[combo.shape]
    ranks = tuple(int(r) for r in ranks)
    jokers = sum(r >= _SJ for r in ranks)
    mixed = {JOKERS_MIXED} if 0 < jokers < len(ranks) else set()  # D39 jokers (issue 32)
    if word not in RUN_SHAPES:
        return {word} | mixed
    found = {f"{word} {combo.length}", f"{RUN_TOP}{int(combo.key)}"} | mixed
    if word in ("airplane+singles", "airplane+pairs"):
        counts: dict[int, int] = {}
        for rank in ranks:
            counts[rank] = counts.get(rank, 0) + 1
        high = int(combo.key)
        low = high - combo.length + 1
        if counts.get(low - 1, 0) >= 3 or (high + 1 <= ACE and counts.get(high + 1, 0) >= 3):
            found.add(WING_RULE)  # a triple next to the body is body (D39)
        if word == "airplane+pairs" and any(
                n >= 4 for rank, n in counts.items() if not low <= rank <= high):
            found.add(WING_RULE)  # a bomb is never a pair of wings (D39)
        if any(n >= 4 for rank, n in counts.items() if not low <= rank <= high):
            found.add(WING_FOUR)  # four of a rank among the wings (strict, issue 32)
    return found


def _words(readings: Iterable[Combo], ranks: Iterable[int] = ()) -> set[str]:
    ranks = tuple(ranks)
    return {use for reading in readings for use in _use(reading, ranks)}


def _ranks(tokens: Any) -> tuple[int, ...]:
    """The ranks of a card list (none if it cannot be read)."""
    try:
        return tuple(int(card.rank) for card in _cards(tokens))
    except (RulesError, TypeError, AttributeError):
        return ()


def _cards(tokens: Any) -> Any:
    if not isinstance(tokens, list):
        raise TypeError("not a card list")
    return parse_cards(tokens, allow_empty=False)


def _readings(tokens: Any, variants: Variants) -> set[str]:
    """Every reading of the cards (none for an illegal or malformed set)."""
    try:
        return _words(classify(_cards(tokens), variants), _ranks(tokens))
    except (RulesError, TypeError):
        return set()


def _declared_or_read(tokens: Any, declared: Any, variants: Variants) -> tuple[Combo | None,
                                                                            set[str]]:
    """The reading a play takes as a lead (its declared shape if any, D10) and its shape;
    every reading when it takes none."""
    try:
        combo = choose_reading(_cards(tokens), declared=declared, variants=variants)
    except (RulesError, TypeError):
        words = _readings(tokens, variants)
        if isinstance(declared, str):
            words.update(_safe_shape(declared))
        return None, words
    return combo, _use(combo, _ranks(tokens))


def _beats(step: Mapping[str, Any], variants: Variants) -> set[str]:
    top, found = _declared_or_read(step.get("top"), step.get("top_shape"), variants)
    declared = step.get("reply_shape")
    if isinstance(declared, str):  # with the reply's ranks: its wings and jokers (D39)
        found.update(_safe_shape(declared, _ranks(step.get("reply"))))
        return found
    try:
        readings = classify(_cards(step.get("reply")), variants)
    except (RulesError, TypeError):
        return found
    ranks = _ranks(step.get("reply"))
    if top is not None:
        for reading in readings:  # strongest first (D10)
            if beats(reading, top, variants):
                found.update(_use(reading, ranks))
                return found
    found.update(_words(readings, ranks))
    return found


def _plays(step: Mapping[str, Any], variants: Variants) -> set[str]:
    found: set[str] = set()
    top = None
    if "top" in step:
        top, words = _declared_or_read(step.get("top"), step.get("top_shape"), variants)
        found.update(words)
        if top is None:
            return found  # the reference cannot list replies to a top it cannot read
    hand = step.get("hand")
    if not isinstance(hand, list):
        return found
    for play in legal_plays(parse_cards(hand), top, variants):
        found.update(_use(play.combo, play.ranks))
    return found


def _safe_shape(text: str, ranks: tuple[int, ...] = ()) -> set[str]:
    """The use of a reading written as text (a shape word alone has no length), with the
    rule marks of ``ranks`` (the cards it is declared on, when known)."""
    try:
        word = shape_of(text)
        if word != text.strip():
            try:
                return _use(Combo.parse(text), ranks)
            except (RulesError, ValueError):  # "5-10-K suited": a bare word of its own
                pass
        return {word}
    except (RulesError, ValueError, KeyError):
        return set()


def _expected(step: Mapping[str, Any]) -> set[str]:
    """The shapes of the readings a step expects (``expect``, ``contains``) or declares."""
    found: set[str] = set()
    for key in ("top_shape", "reply_shape"):
        if isinstance(step.get(key), str):
            found.update(_safe_shape(step[key]))
    action = step.get("action")
    if isinstance(action, Mapping) and isinstance(action.get("shape"), str):
        found.update(_safe_shape(action["shape"]))
    for how in ("expect", "contains"):
        block = step.get(how)
        if isinstance(block, Mapping):
            for path, value in block.items():
                last = str(path).rsplit(".", 1)[-1]
                found.update(_in_value(last, value, 0))
    return found


def _in_value(key: str, value: Any, depth: int) -> Iterator[str]:
    """Shapes named in an expected value under ``key`` (bounded depth)."""
    if depth > 16:
        return
    if isinstance(value, str):
        if key in _READING_KEYS or key in _LIST_KEYS:
            yield from _safe_shape(value)
        elif key in _PLAY_KEYS:
            yield from _safe_shape(value.split(":", 1)[0])
    elif isinstance(value, list):
        for item in value:
            yield from _in_value(key, item, depth + 1)
    elif isinstance(value, Mapping):
        for sub, item in value.items():
            yield from _in_value(str(sub), item, depth + 1)


def _game(scenario: Scenario, variants: Variants) -> set[str]:
    """The readings of the position's trick and of every ``play`` action, replaying the
    scenario in the reference engine (see the module docstring)."""

    found: set[str] = set()
    driver = ReferenceDriver()
    game = None
    try:
        if scenario.setup is not None:
            try:
                answer = driver.start(dict(scenario.variants), scenario.setup)
            except (RulesError, TypeError, KeyError, ValueError, AttributeError):
                answer = {"accepted": False}
            if answer.get("accepted") is not False:
                game = driver.game
            position = scenario.setup.get("position") if isinstance(scenario.setup,
                                                                     Mapping) else None
            found.update(_trick(position, game, variants))
        for step in scenario.steps:
            if not isinstance(step, Mapping):
                continue
            op = step.get("op")
            action = step.get("action")
            if op == "act" and isinstance(action, Mapping) and action.get("type") == "play":
                found.update(_play_action(action, game, variants))
            if game is None or op not in ("act", "advance", "next_hand"):
                continue
            try:
                if op == "advance":
                    advance(driver, step["until"])
                else:
                    driver.run(dict(step))
            except (DriverError, RulesError, TypeError, KeyError, ValueError, AttributeError):
                continue
    finally:
        driver.close()
    return found


def _trick(position: Any, game: Any, variants: Variants) -> set[str]:
    """The readings of the plays of a position's trick: as the reference read them when it
    loaded the position, else as written (``combo``) or every reading of the cards."""
    found: set[str] = set()
    if game is not None:
        trick = game.observe().get("trick") or {}
        for entry in trick.get("plays", []):
            if isinstance(entry.get("combo"), str):
                found.update(_safe_shape(entry["combo"]))
        return found
    trick = position.get("trick") if isinstance(position, Mapping) else None
    plays = trick.get("plays") if isinstance(trick, Mapping) else None
    for entry in plays if isinstance(plays, list) else []:
        if not isinstance(entry, Mapping):
            continue
        if isinstance(entry.get("combo"), str):
            found.update(_safe_shape(entry["combo"]))
        else:
            found.update(_readings(entry.get("cards"), variants))
    return found


def _play_action(action: Mapping[str, Any], game: Any, variants: Variants) -> set[str]:
    """The reading a play action takes against the current top (D10), or every reading of
    its cards when the reference would refuse it."""
    declared = action.get("shape")
    top = getattr(game, "top", None) if game is not None else None
    try:
        combo = choose_reading(_cards(action.get("cards")), declared=declared, top=top,
                               variants=getattr(game, "variants", variants))
    except (RulesError, TypeError):
        words = _readings(action.get("cards"), variants)
        if isinstance(declared, str):
            words.update(_safe_shape(declared))
        return words
    return _use(combo, _ranks(action.get("cards")))
