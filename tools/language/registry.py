"""The registry of the scenario language: how a step is declared, matched, built and rendered.

Every Gherkin step the kit understands is a :class:`StepDef` in :data:`REGISTRY`: a full-match
regular expression and a function that adds to a :class:`Builder` (never touching an engine).
The phrases themselves live in the modules of this package, named by what they describe
(:mod:`~fivetenk.language.combinations`, :mod:`~fivetenk.language.deals`,
:mod:`~fivetenk.language.positions`, :mod:`~fivetenk.language.play`,
:mod:`~fivetenk.language.settlement`, :mod:`~fivetenk.language.match`); this module holds what
they share: the registry, the builder, the renderers' hooks, the helpers that read seats, cards
and numbers from step text, and the one phrase every scenario may use, ``Given the variant``.

The same registry serves two readers:

- :mod:`fivetenk.language.compiler` compiles ``.feature`` files into
:class:`~fivetenk.model.scenario.Scenario`
  objects for ``fivetenk check`` and ``fivetenk export``;
- ``tests/conftest.py`` registers every entry with pytest-bdd, so pytest runs the features
  by building the very same scenarios and handing them to the same runner.

Each step also knows how to render its part of a scenario back to Gherkin
(:func:`render_steps`), which ``fivetenk render`` uses.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any, Literal, cast

from ..model.scenario import START_OP, Scenario, ScenarioError
from ..model.user_input import MAX_INT
from ..model.user_input import parse_json as _parse_json
from ..reference import Card, RulesError, parse_cards
from .phrasing import Spanish

Kind = Literal["given", "when", "then"]
Lang = Literal["en", "es"]

LANGUAGES: dict[str, str] = {"en": "English", "es": "Spanish"}
"""The languages of the scenario language: a feature's ``# language:`` (English without it)."""

KEYWORDS: dict[str, dict[str, str]] = {
    "en": {"given": "Given", "when": "When", "then": "Then", "and": "And"},
    "es": {"given": "Dado", "when": "Cuando", "then": "Entonces", "and": "Y"},
}
"""The step keywords each language writes (Gherkin's own; a Spanish feature may also use
``Dada``/``Dados``/``Dadas``/``E``, which the parser reads the same)."""


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
    es: Spanish | None = None
    """The step's Spanish phrase (:mod:`fivetenk.language.spanish`, issue 10)."""

    def match(self, text: str, lang: Lang = "en") -> dict[str, str] | None:
        """The step's arguments (as the English phrase gives them) if ``text`` is this step
        in ``lang``; None otherwise."""
        if lang == "es":
            return None if self.es is None else self.es.match(text)
        m = self.pattern.fullmatch(text)
        return None if m is None else {k: v for k, v in m.groupdict().items() if v is not None}

    def example_in(self, lang: Lang) -> str:
        """The step's example in ``lang`` (English when it has no Spanish yet)."""
        return self.es.example if lang == "es" and self.es is not None else self.example


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


def find_step(kind: Kind, text: str, lang: Lang = "en") -> tuple[StepDef, dict[str, str]]:
    """The one step definition matching ``text`` in ``lang`` (``en`` or ``es``, the
    feature's ``# language:``) and its arguments, always as the English phrase gives them
    (a Spanish phrase's words are read back into English: :class:`Spanish`), so that step
    functions never see the language; ScenarioError if none or several match, listing
    examples of that kind in that language."""
    if lang not in LANGUAGES:
        raise ScenarioError(f"the scenario language is English (en) or Spanish (es), "
                            f"not {lang!r}")
    key = (kind, text, lang, len(REGISTRY))
    known = _FOUND.get(key)
    if known is not None and REGISTRY[known[0]] is known[1]:  # met before, and still there
        return known[1], dict(known[2])
    found = [(d, m) for d in REGISTRY if d.kind == kind
             for m in [d.match(text, lang)] if m is not None]
    if not found:
        word = KEYWORDS[lang][kind]
        examples = [d.example_in(lang) for d in REGISTRY if d.kind == kind]
        near = sorted(examples, key=lambda e: -SequenceMatcher(None, text, e).ratio())
        language = "" if lang == "en" else f" in {LANGUAGES[lang]}"
        every = "fivetenk steps" + ("" if lang == "en" else f" --lang {lang}")
        raise ScenarioError(
            f"no {word} step{language} matches {text!r}; the nearest {word} steps: "
            + " | ".join(near[:8]) + f" (all of them: {every})")
    if len(found) > 1:
        raise ScenarioError(f"{text!r} matches several step definitions: " + ", ".join(
            (d.es.pattern if lang == "es" and d.es else d.pattern).pattern for d, _ in found))
    if len(_FOUND) < FOUND_LIMIT and len(text) <= FOUND_TEXT_LIMIT:
        index = next(i for i, d in enumerate(REGISTRY) if d is found[0][0])
        _FOUND[key] = (index, found[0][0], dict(found[0][1]))
    return found[0]


FOUND_LIMIT = 4096
FOUND_TEXT_LIMIT = 400
_FOUND: dict[tuple[str, str, str, int], tuple[int, StepDef, dict[str, str]]] = {}
"""Step texts already matched (kind, text, language, how many steps were registered) ->
the definition's place in :data:`REGISTRY`, the definition and its arguments: a text is
matched against every pattern once (a feature repeats its steps; a dispute compiles the
same phrases position after position), as long as that place holds the same definition
(:func:`fivetenk.language.spanish.attach` replaces them). Bounded (entries, and the length
of a text kept), so that files of distinct or huge texts cannot grow it without end."""


def split_cards(text: str) -> list[str]:
    """Card tokens from step text; the compiler checks them once the scenario is built
    (:func:`fivetenk.model.scenario.content_problems`), exempting what a step expects to be
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


SEAT = r"seat (?P<seat>[0-5])"
"""A seat in step text; the step function receives it as ``seat``."""


ORDINALS = {"1st": 1, "2nd": 2, "3rd": 3}


ORDINAL_TEXT = {v: k for k, v in ORDINALS.items()}


def card_list(text: str) -> list[Card]:
    """Cards from step text in the kit's notation; ScenarioError naming the bad token."""
    try:
        return parse_cards(text)
    except RulesError as err:
        raise ScenarioError(str(err)) from None


def one_card(text: str) -> str:
    """One card token in canonical spelling."""
    cards = card_list(text)
    if len(cards) != 1:
        raise ScenarioError(f"one card is needed, not {text!r}")
    return str(cards[0])


def sorted_cards(text: str) -> list[str]:
    """Card tokens in canonical order, as observations list them."""
    return [str(c) for c in sorted(card_list(text))]


def seat_list(text: str) -> list[int]:
    """Seats from ``"0 3"`` (space or comma separated); ScenarioError outside 0–5 or when a
    seat is named twice."""
    tokens = text.replace(",", " ").split()
    if any(len(t) != 1 or t not in "012345" for t in tokens):
        raise ScenarioError(f"seats are 0–5, not {text[:40]!r}")
    seats = [int(t) for t in tokens]
    if len(set(seats)) != len(seats):
        raise ScenarioError(f"a seat is named twice in {text[:40]!r}")
    return seats


def six_numbers(text: str, what: str) -> list[int]:
    """Six whole numbers, one per seat, from ``"0 25 0 0 0 0"``."""
    values = text.split()
    if len(values) != 6 or not all(v.isascii() and v.isdigit() for v in values):
        raise ScenarioError(f"give {what} as six whole numbers, one per seat, not {text[:60]!r}")
    return [number(v) for v in values]


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
            filled_in=list(self.extensions.get("filled_in", [])),
        )


SETUP_FINISHERS: list[Callable[[Builder], None]] = []
"""Functions that turn accumulated Given state into the scenario's setup."""


RENDERERS: list[Callable[[dict[str, Any]], list[str] | None]] = []
"""Functions rendering one step dict to Gherkin lines (``When …``), or None if not theirs."""


RUN_RENDERERS: list[Callable[[list[dict[str, Any]], int],
                              tuple[list[str], int] | None]] = []
"""Functions rendering a run of steps that one phrase makes, from index ``at``: its lines
and how many steps it covers, or None (tried before :data:`RENDERERS`)."""


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


def observe(b: Builder, path: str, value: Any) -> None:
    """Expect ``value`` at ``path`` of the observation (the last observe/advance step, or a
    new observe step)."""
    b.expect(b.observation(), path, value)


def parse_json(text: str) -> Any:
    """JSON written in step text, read strictly (:func:`fivetenk.model.scenario.parse_json`: no
    duplicate keys, NaN or out-of-range numbers, bounded depth)."""
    try:
        return _parse_json(text)
    except ScenarioError as err:
        raise ScenarioError(f"the value {_clip(text)} is not JSON the kit accepts: "
                            f"{err.detail}") from None


def _clip(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[:limit - 1] + "…")


OBSERVATION_PHRASES: list[Callable[[dict[str, Any]], list[tuple[str, tuple[str, ...]]]]] = []
"""Writers of observation checks in the kit's own Then phrases: each takes an observe
step's expectations (path -> value) and offers ``(line, paths)`` pairs, the phrase that
would check those paths (``Then the kitty points (20) go to seat 3`` for
``result.kitty_points`` and ``result.kitty_to``). :func:`phrased_checks` keeps a line only
if its step definition, read back, expects exactly those values: a writer cannot make a
case say something else than it checks."""


def phrased_checks(expect: dict[str, Any]) -> tuple[list[str], set[str]]:
    """The Then lines of the kit's phrases for the expectations ``expect`` that have one
    (:data:`OBSERVATION_PHRASES`), and the paths they cover (the rest are written as
    ``Then the observation at "…" is …``)."""
    lines: list[str] = []
    done: set[str] = set()
    for writer in OBSERVATION_PHRASES:
        for line, paths in writer(expect):
            if done & set(paths) or not all(p in expect for p in paths):
                continue
            if reads_back(line, {p: expect[p] for p in paths}):
                lines.append(line)
                done |= set(paths)
    return lines, done


def reads_back(line: str, expect: dict[str, Any]) -> bool:
    """Whether the Then ``line`` (``Then …``) builds one observe step expecting exactly
    ``expect``."""
    try:
        definition, args = find_step("then", line.split(" ", 1)[1])
        b = Builder(id="x-1", name="s")
        definition.func(b, **args)
    except Exception:  # a phrase its step refuses: not this one
        return False
    return (len(b.steps) == 1 and b.steps[0].get("op") == "observe"
            and set(b.steps[0]) <= {"op", "expect"} and b.steps[0].get("expect") == expect)


def generic_checks(s: dict[str, Any], done_expect: set[str],
                   done_lists: set[tuple[str, str, str]] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Then lines for the expectations that no specific phrasing rendered."""

    out = [f"Then the result at {q(path)} is {json.dumps(v, ensure_ascii=False)}"
           for path, v in s.get("expect", {}).items() if path not in done_expect]
    for how, word in (("contains", "contains"), ("excludes", "does not contain")):
        for path, items in s.get(how, {}).items():
            for item in items:
                if (how, path, json.dumps(item)) not in done_lists:
                    out.append(f"Then the result at {q(path)} {word} "
                               f"{json.dumps(item, ensure_ascii=False)}")
    return out


CLAUSE = re.compile(r"R\d\d\.\d+")
"""A clause as the ``… citing R05.2`` phrases read it."""


# ---------------------------------------------------------------------------------------------
# Variants: the one phrase of every kind of scenario
# ---------------------------------------------------------------------------------------------


@step("given", r'the variant "(?P<name>[a-z_]+)" is "(?P<value>[a-z_]+)"',
      'the variant "wing_ranks" is "distinct"')
def _variant(b: Builder, name: str, value: str) -> None:
    if name in b.variants and b.variants[name] != value:
        raise ScenarioError(f"variant {name!r} is set twice")
    b.variants[name] = value


# ---------------------------------------------------------------------------------------------
# Rendering a scenario back to Gherkin
# ---------------------------------------------------------------------------------------------


def render_steps(scenario: Scenario, lang: Lang = "en") -> list[str]:
    """Gherkin step lines (with keywords) for a scenario's setup and steps, in ``lang``.

    Spanish is the English rendering translated line by line (:func:`translate_lines`): each
    English line is read by its step's English phrase and written by the same step's Spanish
    phrase, so both languages say exactly the same thing and compile to the same scenario."""
    lines: list[str] = []
    for name, value in sorted(scenario.variants.items()):
        lines.append(f"Given the variant {q(name)} is {q(value)}")
    for render_setup in SETUP_RENDERERS:
        lines.extend(render_setup(scenario))
    steps = scenario.steps
    at = 0
    while at < len(steps):
        s = steps[at]
        at += 1
        if s.get("op") == START_OP:  # it needs the setup's kind: see refused_lines
            lines.extend(refused_lines(s, scenario.setup))
            continue
        run = next((found for render_run in RUN_RENDERERS
                    for found in [render_run(steps, at - 1)] if found is not None), None)
        if run is not None:  # several steps one phrase makes (``the other seats pass``)
            lines.extend(run[0])
            at += run[1] - 1
            continue
        for render in RENDERERS:
            rendered = render(s)
            if rendered is not None:
                lines.extend(rendered)
                break
        else:
            raise ScenarioError(f"no renderer for step {s!r}")
    lines = _and_keywords(lines)
    return lines if lang == "en" else translate_lines(lines, lang)


def translate_lines(lines: list[str], lang: Lang) -> list[str]:
    """English step lines (keywords ``Given``/``When``/``Then``/``And``) in ``lang``; a line
    that is no step (a doc string's lines, indented) is kept as it is."""
    if lang not in LANGUAGES:
        raise ScenarioError(f"the scenario language is English (en) or Spanish (es), "
                            f"not {lang!r}")
    english = {word: kind for kind, word in KEYWORDS["en"].items()}
    out: list[str] = []
    kind = "given"
    for line in lines:
        keyword, _, text = line.partition(" ")
        if keyword not in english:
            out.append(line)
            continue
        if keyword != "And":
            kind = english[keyword]
        definition, args = find_step(cast(Kind, kind), text)
        if definition.es is None:
            raise ScenarioError(f"the step {definition.example!r} has no Spanish phrase yet")
        spanish = definition.es.render(args)
        if keyword == "And" and spanish.startswith("que "):
            spanish = spanish[4:]  # Dado que A / Y B (the que is read either way)
        out.append(f"{keyword_for(lang, english[keyword], spanish)} {spanish}")
    return out


GIVEN_AGREEMENT = {"la": "Dada", "una": "Dada", "los": "Dados", "las": "Dadas"}
"""Spanish ``Given`` agrees with the noun that follows it (``Dada una mano en juego…``,
else ``Dado``): Gherkin's Spanish has all four keywords. A Given that states a fact reads
``Dado que …`` (``que`` is not an article: ``Dado``; issue 22)."""


def keyword_for(lang: Lang, kind: str, text: str) -> str:
    """The keyword that writes the step ``text`` of ``kind`` (given, when, then or and)."""
    if lang == "es" and kind == "given":
        return GIVEN_AGREEMENT.get(text.split(" ", 1)[0], KEYWORDS[lang][kind])
    return KEYWORDS[lang][kind]


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


# ---------------------------------------------------------------------------------------------
# A setup expected to be refused: ``Then the position is refused`` (positions) and ``Then the
# deal is refused`` (deals) share this
# ---------------------------------------------------------------------------------------------

REFUSED = "refused_start"
"""The builder's mark (in ``extensions``) of a scenario whose setup is expected to be refused:
its position is then built without the final check (``build_position(check=False)``), so
that an impossible position can be written by the cards that matter."""

SETUP_KEYS = {"position": ("position", "position_json"), "deal": ("deal",)}
"""What the Given steps of each kind of setup leave in the builder's ``extensions``."""


def refuse_setup(b: Builder, what: str, clause: str | None) -> None:
    """Add the ``start`` step (:data:`fivetenk.model.scenario.START_OP`) of ``Then the position
    is refused [citing R16.1]`` / ``Then the deal is refused [citing R01.1]``: the scenario's
    ``what`` (position or deal) expected to be refused, citing ``clause`` or any clause. It
    judges the reply to the scenario's one ``start`` request (protocol.md, ``### start``),
    so it is the scenario's only When or Then step."""
    phrase = f"Then the {what} is refused"
    if b.steps:
        raise ScenarioError(f"'{phrase}' judges the start of the scenario's {what}, so it is "
                            "the scenario's only step after the Given steps: no When before "
                            "it (a refused setup leaves no game to act on)")
    written = [kind for kind, keys in SETUP_KEYS.items() if any(k in b.extensions for k in keys)]
    if not written:
        raise ScenarioError(f"'{phrase}' needs a {what} to refuse: write it with Given steps "
                            "first")
    if what not in written:
        raise ScenarioError(f"this scenario starts from a {written[0]}: write 'Then the "
                            f"{written[0]} is refused'")
    b.extensions[REFUSED] = True
    expect: dict[str, Any] = {"accepted": False}
    if clause:
        expect["clause"] = clause
    b.add({"op": START_OP, "expect": expect})


def refused_lines(step: dict[str, Any], setup: dict[str, Any] | None) -> list[str]:
    """The Then line of a ``start`` step: ``Then the position is refused citing R16.1``
    (``deal`` for a deal setup; without ``citing`` when the step names no clause)."""
    what = "position" if isinstance(setup, dict) and "position" in setup else "deal"
    expect = step.get("expect")
    clause = expect.get("clause") if isinstance(expect, dict) else None
    if not (isinstance(expect, dict) and expect.get("accepted") is False
            and set(expect) <= {"accepted", "clause"}
            and (clause is None or (isinstance(clause, str) and CLAUSE.fullmatch(clause)))):
        raise ScenarioError(f"no phrase renders the start step {step!r}: it expects "
                            "{\"accepted\": false} and at most a clause")
    return [f"Then the {what} is refused" + (f" citing {clause}" if clause else "")]
