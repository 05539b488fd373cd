"""The scenario language: every Gherkin step the kit understands, in one registry.

Each step definition pairs a full-match regular expression with a function that adds to a
:class:`Builder` (never touching an engine). The same registry serves two readers:

- :mod:`fivetenk.gherkin` compiles ``.feature`` files into :class:`~fivetenk.scenario.Scenario`
  objects for ``fivetenk check`` and ``fivetenk export``;
- ``tests/conftest.py`` registers every entry with pytest-bdd, so pytest runs the features
  by building the very same scenarios and handing them to the same runner.

Each step also knows how to render its part of a scenario back to Gherkin
(:func:`render_steps`), which ``fivetenk render`` uses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from .scenario import MAX_INT, Scenario, ScenarioError
from .scenario import parse_json as _parse_json

Kind = Literal["given", "when", "then"]

CARDS = r'"(?P<{}>[^"]*)"'


@dataclass(frozen=True)
class StepDef:
    """One step pattern: ``kind`` (given / when / then), a regex, the builder function.

    ``rulings``: the kit's rulings an implementation must know to answer the requests this
    step makes (D30 a redeal is the same hand, D34 which hand is the first, D35 the clause a
    rejection cites). They are written in a ruling text adapter authors never read
    otherwise, so ``fivetenk steps`` and ``schemas/protocol.md`` show them beside the step."""

    kind: Kind
    pattern: re.Pattern[str]
    func: Callable[..., None]
    example: str
    rulings: tuple[str, ...] = ()

    def match(self, text: str) -> dict[str, str] | None:
        m = self.pattern.fullmatch(text)
        return None if m is None else {k: v for k, v in m.groupdict().items() if v is not None}


REGISTRY: list[StepDef] = []


StepFunction = Callable[..., None]


def step(kind: Kind, pattern: str, example: str,
         rulings: tuple[str, ...] = ()) -> Callable[[StepFunction], StepFunction]:
    """Register a step definition. ``example`` is a sample text, checked by the kit's tests;
    ``rulings`` the rulings its requests depend on (see :class:`StepDef`)."""

    def register(func: Callable[..., None]) -> Callable[..., None]:
        REGISTRY.append(StepDef(kind, re.compile(pattern), func, example, tuple(rulings)))
        return func

    return register


def find_step(kind: Kind, text: str) -> tuple[StepDef, dict[str, str]]:
    """The one step definition matching ``text``; ScenarioError if none or several match."""
    found = [(d, m) for d in REGISTRY if d.kind == kind for m in [d.match(text)] if m is not None]
    if not found:
        near = [d.example for d in REGISTRY if d.kind == kind]
        raise ScenarioError(
            f"no {kind.capitalize()} step matches {text!r}; {kind.capitalize()} steps look like: "
            + " | ".join(near[:12])
        )
    if len(found) > 1:
        raise ScenarioError(f"{text!r} matches several step definitions: " + ", ".join(
            d.pattern.pattern for d, _ in found))
    return found[0]


def split_cards(text: str) -> list[str]:
    """Card tokens from step text; the compiler checks them once the scenario is built
    (:func:`fivetenk.scenario.content_problems`), exempting what a step expects to be
    rejected."""
    return text.split()


def number(text: str, what: str = "number") -> int:
    """A whole number written in step text (``\\d+``), at most :data:`MAX_INT`;
    ScenarioError otherwise, before Python's conversion limit could be reached."""
    if not (text.isascii() and text.isdigit()):
        raise ScenarioError(f"the {what} {text[:20]!r} is not a whole number")
    if len(text) > len(str(MAX_INT)) or int(text) > MAX_INT:
        shown = text if len(text) <= 20 else f"{text[:16]}… ({len(text)} digits)"
        raise ScenarioError(f"the {what} {shown} is out of range (at most {MAX_INT})")
    return int(text)


@dataclass
class Builder:
    """Accumulates one scenario while its steps are read, then :meth:`build` s it."""

    id: str
    name: str
    clauses: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    source: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    variants: dict[str, str] = field(default_factory=dict)
    setup: dict[str, Any] | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)
    line: int | None = None
    extensions: dict[str, Any] = field(default_factory=dict)
    """Scratch space for multi-step setups (deal and position builders)."""

    # -- adding ---------------------------------------------------------------------------
    def add(self, step: dict[str, Any]) -> dict[str, Any]:
        self.finish_setup()
        if self.line is not None:
            step["line"] = self.line
        self.steps.append(step)
        return step

    def last(self, *ops: str, what: str) -> dict[str, Any]:
        """The last step if it is one of ``ops``; otherwise a ScenarioError saying what the
        Then step needs before it."""
        if not self.steps or self.steps[-1]["op"] not in ops:
            raise ScenarioError(f"this step checks {what}, so it must follow a step that makes one")
        return self.steps[-1]

    def expect(self, step: dict[str, Any], path: str, value: Any, how: str = "expect") -> None:
        bucket = step.setdefault(how, {})
        if how == "expect":
            assumed = self.extensions.setdefault("assumed", set())
            if (id(step), path) in assumed:  # a default gives way to what a Then says
                assumed.discard((id(step), path))
            elif path in bucket and bucket[path] != value:
                raise ScenarioError(f"{path!r} is expected twice with different values")
            bucket[path] = value
        else:
            items = bucket.setdefault(path, [])
            if value not in items:
                items.append(value)

    def assume(self, step: dict[str, Any], path: str) -> dict[str, Any]:
        """Make the step's expectation at ``path`` a default that a later Then may change
        (an action is expected to be accepted unless a Then step says otherwise)."""
        self.extensions.setdefault("assumed", set()).add((id(step), path))
        return step

    def observation(self) -> dict[str, Any]:
        """The step whose result is the observation a Then checks: the last ``observe`` /
        ``advance`` step, or a new ``observe`` step."""
        if self.steps and self.steps[-1]["op"] in ("observe", "advance"):
            return self.steps[-1]
        return self.add({"op": "observe"})

    # -- setup hooks (filled by the game step modules) -------------------------------------
    def finish_setup(self) -> None:
        """Turn accumulated Given steps into ``self.setup`` (called before the first When)."""
        for finisher in SETUP_FINISHERS:
            finisher(self)

    def build(self) -> Scenario:
        self.finish_setup()
        if not self.steps:
            raise ScenarioError("a scenario needs at least one When or Then step")
        return Scenario(
            id=self.id,
            name=self.name,
            description=self.description,
            clauses=list(self.clauses),
            rulings=list(self.rulings),
            tags=list(self.tags),
            variants=dict(self.variants),
            setup=self.setup,
            steps=self.steps,
            source=dict(self.source),
        )


SETUP_FINISHERS: list[Callable[[Builder], None]] = []
"""Functions that turn accumulated Given state into the scenario's setup."""

Renderer = Callable[[dict[str, Any]], Iterator[str] | None]
RENDERERS: list[Callable[[dict[str, Any]], list[str] | None]] = []
"""Functions rendering one step dict to Gherkin lines (``When …``), or None if not theirs."""


def renderer(func: Callable[[dict[str, Any]], list[str] | None]) -> Callable[
        [dict[str, Any]], list[str] | None]:
    RENDERERS.append(func)
    return func


def q(text: str) -> str:
    """Quote a value for step text."""
    return f'"{text}"'


def cards_text(cards: list[str]) -> str:
    return q(" ".join(cards))


def quotable(value: Any) -> bool:
    """Whether ``value`` can stand between the quotes of a step phrase and be read back
    the same: a non-empty one-line string without a double quote."""
    return (isinstance(value, str) and value != "" and '"' not in value
            and value.isprintable())


def card_words(value: Any, *, empty: bool = False) -> bool:
    """Whether a card list renders as quoted step text that splits back into the same
    tokens (a list of quotable strings without spaces)."""
    return (isinstance(value, list) and (empty or bool(value))
            and all(quotable(v) and len(v.split()) == 1 and v == v.strip() for v in value))


def whole(value: Any) -> bool:
    """Whether ``value`` renders as a ``\\d+`` of step text: an int (not a bool), >= 0."""
    return type(value) is int and value >= 0


# ---------------------------------------------------------------------------------------------
# Variants
# ---------------------------------------------------------------------------------------------


@step("given", r'the variant "(?P<name>[a-z_]+)" is "(?P<value>[a-z_]+)"',
      'the variant "wing_ranks" is "distinct"')
def _variant(b: Builder, name: str, value: str) -> None:
    if name in b.variants and b.variants[name] != value:
        raise ScenarioError(f"variant {name!r} is set twice")
    b.variants[name] = value


# ---------------------------------------------------------------------------------------------
# Combination queries (rules 1-6)
# ---------------------------------------------------------------------------------------------


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


def parse_json(text: str) -> Any:
    """JSON written in step text, read strictly (:func:`fivetenk.scenario.parse_json`: no
    duplicate keys, NaN or out-of-range numbers, bounded depth)."""
    try:
        return _parse_json(text)
    except ScenarioError as err:
        raise ScenarioError(f"the value {_clip(text)} is not JSON the kit accepts: "
                            f"{err.detail}") from None


def _clip(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[:limit - 1] + "…")


def generic_checks(s: dict[str, Any], done_expect: set[str],
                   done_lists: set[tuple[str, str, str]] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Then lines for the expectations that no specific phrasing rendered."""
    import json

    out = [f"Then the result at {q(path)} is {json.dumps(v, ensure_ascii=False)}"
           for path, v in s.get("expect", {}).items() if path not in done_expect]
    for how, word in (("contains", "contains"), ("excludes", "does not contain")):
        for path, items in s.get(how, {}).items():
            for item in items:
                if (how, path, json.dumps(item)) not in done_lists:
                    out.append(f"Then the result at {q(path)} {word} "
                               f"{json.dumps(item, ensure_ascii=False)}")
    return out


@renderer
def _render_queries(s: dict[str, Any]) -> list[str] | None:
    import json

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
            and isinstance(clause, str) and _CLAUSE.fullmatch(clause)):
        out.append(f"Then the cards are rejected as bad input citing {clause}")
        done |= {"accepted", "clause"}
    return out + generic_checks(s, done, lists)


_CLAUSE = re.compile(r"R\d\d\.\d+")
"""A clause as the ``… citing R05.2`` phrases read it."""


def _readings_phrase(readings: Any) -> bool:
    """Whether ``Then the cards read as "a; b"`` gives back exactly ``readings`` (the step
    splits on ``;``, strips and sorts)."""
    return (isinstance(readings, list) and bool(readings)
            and all(quotable(r) and ";" not in r and r == r.strip() for r in readings)
            and readings == sorted(readings))


def render_steps(scenario: Scenario) -> list[str]:
    """Gherkin step lines (with keywords) for a scenario's setup and steps."""
    lines: list[str] = []
    for name, value in sorted(scenario.variants.items()):
        lines.append(f"Given the variant {q(name)} is {q(value)}")
    for render_setup in SETUP_RENDERERS:
        lines.extend(render_setup(scenario))
    for s in scenario.steps:
        for render in RENDERERS:
            rendered = render(s)
            if rendered is not None:
                lines.extend(rendered)
                break
        else:
            raise ScenarioError(f"no renderer for step {s!r}")
    return _and_keywords(lines)


SETUP_RENDERERS: list[Callable[[Scenario], list[str]]] = []


def _and_keywords(lines: list[str]) -> list[str]:
    """Replace a repeated keyword by ``And`` for readability."""
    out: list[str] = []
    previous = ""
    for line in lines:
        keyword, _, rest = line.partition(" ")
        if keyword in ("Given", "When", "Then") and keyword == previous:
            out.append("And " + rest)
        else:
            out.append(line)
            if keyword in ("Given", "When", "Then"):
                previous = keyword
    return out

