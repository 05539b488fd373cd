"""The evidence a failure shows (issue 8): where to open the scenario, the step as written,
the request in words, the position before a game step, and what the failures of a run have
in common.

A failure must be understood without a replay script: what was asked (the Gherkin lines of
the step, the request: cards, top play, hand, action), what came back (the whole result; a
rejection in words, :func:`fivetenk.suite.runner.answer_text`), every difference
(:func:`fivetenk.suite.runner.check_step`), and for a game step the position before it. This
module computes the parts that need the kit's own files or engine:

- :func:`step_lines`: the step's lines as written in its feature file (the installed file
  for the shipped suite; an outline row's values filled in), or, for a JSON scenario with
  no feature to read, the lines the kit's renderer gives (:mod:`fivetenk.language`);
- :func:`open_at`: a location a user can open (``/…/features/R05_bombs.feature:8``, or
  ``cases.json $[3]``);
- :func:`request_text`: the request of a step in a few words;
- :func:`position_before`: the position before game step N, by replaying the scenario up
  to there in the reference engine (the scenario's own setup and steps: an implementation
  that passed the earlier steps is in that position too);
- :func:`root_causes`: the failures of a run grouped by what they have in common (shape
  used, command of the failing step, differing paths, clause cited against expected).

Nothing here trusts a reply: everything the implementation sent is shown by the report
through :func:`fivetenk.results.report.visible` / :func:`fivetenk.results.report.json_text`; and
nothing here raises for a scenario it cannot read (it falls back to less evidence, never to a
traceback). Output is deterministic: no time, no randomness, sorted groups.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..impl.drivers import ReferenceDriver, advance
from ..model.scenario import GAME_OPS, START_OP, judges_rejection
from ..model.user_input import ScenarioError, read_text
from ..suite.catalog import shipped_features_dir
from ..suite.runner import answer_text, expected_answer, request_of
from ..suite.shapes import scenario_shapes

if TYPE_CHECKING:
    from ..model.scenario import Scenario
    from ..suite.runner import Result

STEP_LINES = 12
"""Lines shown of one step as written (a step's data table or doc string is cut there)."""
LINE_CHARS = 300
"""Characters shown of one written line."""
POSITION_CHARS = 600
"""Characters of the position text (:func:`position_before`)."""
FILLED_IN_CHARS = 1000
"""Characters of one default the kit filled in (:func:`filled_in_lines`)."""
ROOT_CAUSE_LINES = 10
"""Groups shown under the summary table (:func:`root_causes`)."""
SHAPE_LIFT = 1.5
"""A shape explains failures when the scenarios using it fail at least this many times
as often as all the scenarios that ran (``single`` is in nearly every scenario, so it
explains nothing; ``straight`` in an engine without straights explains most)."""


# --------------------------------------------------------------------------- where it is


def feature_file(scenario: Scenario) -> Path | None:
    """The feature file a scenario was written in, if it can be read here: the installed
    file for the shipped suite (``source.file`` ``features/…``), else the path as given
    (a user's feature, relative to the folder the kit runs in)."""
    name = scenario.source.get("file")
    if not isinstance(name, str) or not name.endswith(".feature"):
        return None
    if name.startswith("features/"):

        try:
            shipped = shipped_features_dir() / name.removeprefix("features/")
            if shipped.is_file():
                return shipped
        except (OSError, ValueError):
            pass
    try:
        path = Path(name)
        return path if path.is_file() else None
    except (OSError, ValueError):
        return None


def open_at(scenario: Scenario) -> str:
    """Where to open the scenario: ``file:line`` of its feature as installed (an absolute
    path for the shipped suite), or for a scenario loaded from JSON the file and JSON path
    it came from (``cases.json $[3]``), or its id."""
    if scenario.origin:
        return scenario.origin
    path = feature_file(scenario)
    line = scenario.source.get("line")
    if path is not None:
        shown = path if not str(scenario.source.get("file", "")).startswith("features/") \
            else path.resolve()
        return f"{shown}:{line if isinstance(line, int) else '?'}"
    return scenario.location


# --------------------------------------------------------------------------- the Gherkin


@dataclass(frozen=True)
class WrittenStep:
    """One Gherkin step as written: its line, keyword and text (outline values filled in),
    and the lines of its data table or doc string."""

    line: int
    keyword: str
    text: str
    argument: tuple[str, ...] = ()


@dataclass(frozen=True)
class WrittenScenario:
    """What a feature file says about one scenario (an outline row counts as one): its
    ``@id:`` tag, its first and last line, and its steps."""

    id: str
    top: int
    end: int
    steps: tuple[WrittenStep, ...]
    row: tuple[tuple[str, str], ...] = ()


def _file_key(path: Path) -> tuple[str, int, int] | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return str(path.resolve()), info.st_mtime_ns, info.st_size


def written(scenario: Scenario) -> WrittenScenario | None:
    """The scenario as its feature file writes it, if that file can be read and holds a
    scenario with the same id at the scenario's line; else None."""
    path = feature_file(scenario)
    if path is None:
        return None
    key = _file_key(path)
    line = scenario.source.get("line")
    if key is None or not isinstance(line, int):
        return None
    found = _parse_feature(*key).get(line)
    base = scenario.id.rsplit(".", 1)[0] if "example" in scenario.source else scenario.id
    if found is None or found.id != base:
        return None
    return found


@lru_cache(maxsize=64)
def _parse_feature(path: str, mtime: int, size: int) -> dict[int, WrittenScenario]:
    """Every scenario of a feature file by the line of its pickle (an outline row's own
    line); {} if the file cannot be read or parsed. Cached by path, time and size."""
    # lazy: the Gherkin parser, only to quote a feature file
    from gherkin.pickles.compiler import Compiler

    from ..language.compiler import parse_document
    try:
        text = read_text(Path(path), path, ScenarioError)
        doc = parse_document(text, path)
        pickles: list[Any] = list(Compiler().compile(doc))  # type: ignore[arg-type]
    except Exception:  # not ours to judge here: check reports a bad feature itself
        return {}
    nodes: dict[str, dict[str, Any]] = {}

    def walk(children: list[dict[str, Any]]) -> None:
        for child in children:
            for key in ("background", "scenario"):
                node = child.get(key)
                if node:
                    nodes[node["id"]] = node
                    for st in node.get("steps", []):
                        nodes[st["id"]] = st
                    for ex in node.get("examples", []):
                        for row in [ex.get("tableHeader"), *ex.get("tableBody", [])]:
                            if row:
                                nodes[row["id"]] = row
            if child.get("rule"):
                walk(child["rule"]["children"])

    feature = doc.get("feature") or {}
    walk(feature.get("children", []))
    out: dict[int, WrittenScenario] = {}
    for pickle in pickles:
        try:
            out[pickle["location"]["line"]] = _written(pickle, nodes)
        except (KeyError, IndexError, TypeError, ValueError):
            continue
    return out


def _written(pickle: dict[str, Any], nodes: dict[str, dict[str, Any]]) -> WrittenScenario:
    node = nodes[pickle["astNodeIds"][0]]
    tags = [t["name"] for t in pickle.get("tags", [])]
    ident = next((t[4:] for t in tags if t.startswith("@id:")), "")
    lines = [node["location"]["line"]]
    lines += [t["location"]["line"] for t in node.get("tags", [])]
    steps: list[WrittenStep] = []
    for st in pickle["steps"]:
        ast = nodes[st["astNodeIds"][0]]
        line = ast["location"]["line"]
        argument: list[str] = []
        data = st.get("argument") or {}
        if "dataTable" in data:
            for cells in data["dataTable"]["rows"]:
                argument.append("| " + " | ".join(c["value"] for c in cells["cells"]) + " |")
        if "docString" in data:
            argument += ['"""', *data["docString"]["content"].splitlines(), '"""']
        lines.append(line + len(argument))
        steps.append(WrittenStep(line, ast.get("keyword", "").strip(), st["text"],
                                 tuple(argument)))
    row: tuple[tuple[str, str], ...] = ()
    if len(pickle["astNodeIds"]) > 1:
        body = nodes[pickle["astNodeIds"][1]]
        lines.append(body["location"]["line"])
        for ex in node.get("examples", []):
            if any(other["id"] == body["id"] for other in ex.get("tableBody", [])):
                header = ex.get("tableHeader") or {"cells": []}
                row = tuple((h["value"], c["value"])
                            for h, c in zip(header["cells"], body["cells"], strict=False))
    return WrittenScenario(ident, min(lines), max(lines), tuple(steps), row)


def step_lines(scenario: Scenario, index: int | None) -> tuple[list[str], bool]:
    """The lines of step ``index`` as written — its own line and the lines after it up to
    the next step of the scenario (the ``Then`` lines that set its expectations), with
    their keywords — and whether they were read from the feature file (``True``) or
    rendered by the kit from the JSON (``False``: a JSON scenario with no feature here).
    At most :data:`STEP_LINES` lines, each cut to :data:`LINE_CHARS`."""
    if index is None or not 0 <= index < len(scenario.steps):
        return [], False
    step = scenario.steps[index]
    found = written(scenario)
    line = step.get("line")
    if found is not None and isinstance(line, int):
        later = [s.get("line") for s in scenario.steps[index + 1:]]
        stop = min((n for n in later if isinstance(n, int) and n > line), default=None)
        out: list[str] = []
        for st in found.steps:
            if st.line >= line and (stop is None or st.line < stop):
                out.append(f"{st.keyword} {st.text}")
                out += ["  " + a for a in st.argument]
        if out:
            return _bounded_lines(out), True
    if step.get("op") == "start":  # its phrase depends on the setup's kind
        # lazy: the scenario language, only to word a step
        from ..language.registry import refused_lines
        try:
            return _bounded_lines(refused_lines(step, scenario.setup)), False
        except ScenarioError:
            pass
    return _bounded_lines(rendered_step(step)), False


def rendered_step(step: dict[str, Any]) -> list[str]:
    """A step's Gherkin as the kit's renderer writes it (``fivetenk render``), or its JSON
    when no phrase renders it."""
    # lazy: the scenario language, only to word a step
    from ..language import render_steps  # noqa: F401 - registers every renderer
    from ..language.registry import RENDERERS

    try:
        for render in RENDERERS:
            lines = render(step)
            if lines is not None:
                return lines
    except Exception:  # a step the renderers cannot read (a hand-written JSON case)
        pass
    return [json.dumps(step, ensure_ascii=False, sort_keys=True)]


def _bounded_lines(lines: list[str]) -> list[str]:
    out = [line if len(line) <= LINE_CHARS else line[:LINE_CHARS] + "…"
           for line in lines[:STEP_LINES]]
    if len(lines) > STEP_LINES:
        out.append(f"… ({len(lines) - STEP_LINES} more lines)")
    return out


def gherkin_block(scenario: Scenario) -> tuple[str, str] | None:
    """The scenario's whole text as written in its feature file (tags to last row or step;
    an outline with all its rows), and ``file:line`` of its first line; None without a
    readable feature."""
    found = written(scenario)
    path = feature_file(scenario)
    if found is None or path is None:
        return None
    try:
        lines = read_text(path, str(path), ScenarioError).replace("\r\n", "\n").split("\n")
    except Exception:
        return None
    node_end = found.end
    # an outline: show every row of its examples, not only this row
    if found.row:
        end = node_end
        while end < len(lines) and lines[end].lstrip().startswith("|"):
            end += 1
        node_end = end
    body = "\n".join(lines[found.top - 1:node_end]).rstrip()
    shown = path.resolve() if str(scenario.source.get("file", "")).startswith("features/") \
        else path
    return body, f"{shown}:{found.top}"


# --------------------------------------------------------------------------- the request


def _cards(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return " ".join(value) if value else "(no cards)"
    return json.dumps(value, ensure_ascii=False)


def _shape(step: dict[str, Any], key: str) -> str:
    value = step.get(key)
    return f' as "{value}"' if isinstance(value, str) else ""


def request_text(step: dict[str, Any]) -> str:
    """A step's request in a few words: ``classify 3H 3S 3D``, ``beats: 4D on 3S``,
    ``plays: replies from 4H 4S … to 3H 3S …``, ``act: seat 2 plays 9D``. The step's JSON
    is shown beside it by the report (``sent``)."""
    op = step.get("op")
    if op == "classify":
        return f"classify {_cards(step.get('cards'))}"
    if op == "beats":
        return (f"beats: {_cards(step.get('reply'))}{_shape(step, 'reply_shape')} on "
                f"{_cards(step.get('top'))}{_shape(step, 'top_shape')}")
    if op == "plays":
        if "top" in step:
            return (f"plays: the replies from {_cards(step.get('hand'))} to "
                    f"{_cards(step.get('top'))}{_shape(step, 'top_shape')}")
        return f"plays: the leads from {_cards(step.get('hand'))}"
    if op == "points":
        return f"points of {_cards(step.get('cards'))}"
    if op == "deck":
        return "deck: count the pack"
    if op == "act":
        return "act: " + action_text(step.get("action"))
    if op == "observe":
        return "observe"
    if op == "advance":
        until = step.get("until") or {}
        if "draw" in until:
            goal = f"draw {until['draw']}"
        elif "prompt" in until:
            goal = f"seat {until['prompt']} is asked to reveal"
        else:
            goal = f"phase {until.get('phase')}"
        return f"advance: observe and skip every reveal prompt until {goal}"
    if op == "start":
        return refused_setup_text(step)
    if op == "next_hand":
        deck = step.get("deck")
        size = len(deck) if isinstance(deck, list) else "?"
        first = f", first card to seat {step['first']}" if "first" in step else ""
        return f"next_hand: deal a deck of {size} cards{first}"
    return json.dumps(step, ensure_ascii=False, sort_keys=True)


def refused_setup_text(step: dict[str, Any]) -> str:
    """What a ``start`` step expects (the scenario's setup refused, protocol.md ``### start``),
    in words: ``the setup: expected to be refused citing R16.1``, or ``… refused (any
    clause)`` when it names none."""
    expect = step.get("expect")
    clause = expect.get("clause") if isinstance(expect, dict) else None
    cite = f"citing {clause}" if isinstance(clause, str) else "(any clause)"
    return f"the setup: expected to be refused {cite}"


def action_text(action: Any) -> str:
    """An action in words: ``seat 2 plays 9D as "single 9"``, ``seat 0 passes``."""
    if not isinstance(action, dict):
        return json.dumps(action, ensure_ascii=False)
    seat = f"seat {action.get('seat')}"
    kind = action.get("type")
    if kind == "play":
        return f"{seat} plays {_cards(action.get('cards'))}{_shape(action, 'shape')}"
    if kind == "pass":
        return f"{seat} passes"
    if kind == "skip":
        return f"{seat} skips (does not reveal)"
    if kind == "reveal":
        return f"{seat} reveals {action.get('card')}"
    if kind == "bury":
        return f"{seat} buries {_cards(action.get('cards'))}"
    if kind == "call":
        calls = action.get("calls")
        if isinstance(calls, list) and all(isinstance(c, dict) for c in calls):
            said = " and ".join(f"#{c.get('ordinal')} {c.get('face')}" for c in calls)
            return f"{seat} calls {said}"
    return json.dumps(action, ensure_ascii=False, sort_keys=True)


def expectation_text(step: dict[str, Any], *, alone: bool = False) -> str:
    """What a step expects, compactly: ``beats = true; reading = "bomb 5x3"``, ``plays
    contains …``. ``alone``: the scenario's rejections are judged alone (``@any-clause``,
    issue 9): a step expecting a rejection says that its clause is not compared."""

    if step.get("op") == START_OP:
        text = refused_setup_text(step)
        if alone and isinstance(step.get("expect"), dict) and "clause" not in step["expect"]:
            text += " (judged on the refusal alone: the clause is not compared)"
        return text
    parts = [f"{path} = {json.dumps(value, ensure_ascii=False)}"
             for path, value in step.get("expect", {}).items()]
    for how, word in (("contains", "contains"), ("excludes", "does not contain")):
        for path, items in step.get(how, {}).items():
            parts.append(f"{path} {word} {json.dumps(items, ensure_ascii=False)}")
    text = "; ".join(parts) or "(nothing: the step only has to be answered)"
    if alone and judges_rejection(step):
        text += " (judged on the rejection alone: any clause, the clause is not compared)"
    return text


# --------------------------------------------------------------------------- the position


_POSITIONS: dict[int, tuple[Result, str]] = {}
"""The positions computed for results (a report asks twice: console and JSON lines), by
the result's id; the result is kept with its text so that its id is not reused."""


def failing_position(result: Result) -> str:
    """The position before the game step a failed or errored ``result`` stopped at, as
    :func:`position_before` writes it, or "" for a query step, no step or no game. The
    runner does not compute it: reports ask when they show the failure."""

    memo = _POSITIONS.get(id(result))
    if memo is not None and memo[0] is result:
        return memo[1]
    scenario, index = result.scenario, result.step
    text = ""
    if (index is not None and scenario.setup is not None and 0 <= index < len(scenario.steps)
            and scenario.steps[index].get("op") in GAME_OPS):
        text = position_before(scenario, index)
    if len(_POSITIONS) >= 256:
        _POSITIONS.clear()
    _POSITIONS[id(result)] = (result, text)
    return text


def position_before(scenario: Scenario, index: int) -> str:
    """The position a failing game step ``index`` is about, in a few words, as the
    reference engine reaches it from the scenario's setup and earlier steps.

    For an action (``act``, ``next_hand``, ``advance``) it is the position before that
    step; for an ``observe`` step, the position before the last action that led to it (an
    observation is judged on what that action did), so the text starts by naming it:
    ``before step 1 (act: seat 2 plays 9D): hand 1, playing; banker seat 0 (side 0);
    seat 2 holds 9D; seat 4 holds AS 9C; out 0 1 3 5; trick: seat 0 led single 8 (8H);
    to act: seat 2 (play)``, or ``after the setup: …``. At most :data:`POSITION_CHARS`
    characters; "" when there is no game or the reference cannot reach the position
    (never raises)."""
    try:
        text = _position_text(scenario, index)
    except Exception:  # evidence only: a case the reference cannot replay shows none
        return ""
    return text if len(text) <= POSITION_CHARS else text[:POSITION_CHARS - 1] + "…"


def _position_text(scenario: Scenario, index: int) -> str:
    if scenario.setup is None:
        return ""
    anchor = index
    while anchor >= 0 and scenario.steps[anchor].get("op") == "observe":
        anchor -= 1
    driver = ReferenceDriver()
    if driver.start(scenario.variants, scenario.setup).get("accepted") is False:
        return ""
    for step in scenario.steps[:max(anchor, 0)]:
        if step["op"] == "advance":
            advance(driver, step["until"])
        else:
            driver.run(request_of(step))
    game = driver.game
    if game is None:
        return ""
    head = "after the setup" if anchor < 0 else \
        f"before step {anchor + 1} ({request_text(scenario.steps[anchor])})"
    return f"{head}: {describe_game(game)}"


def describe_game(game: Any) -> str:
    """A reference :class:`~fivetenk.reference.game.Game` in a few words (see
    :func:`position_before`)."""
    obs = game.observe()
    parts = [f"hand {obs['hand']}, {obs['phase']}"]
    if obs["phase"] == "dealing":
        parts[0] += f" (deal {obs['deal']}, {obs['draws']} cards drawn)"
    if obs["banker"] is not None:
        side = " ".join(str(s) for s in obs["banker_side"])
        parts.append(f"banker seat {obs['banker']} (side {side})")
    if obs["reveal"]:
        r = obs["reveal"]
        parts.append(f"seat {r['seat']} revealed {r['card']} at draw {r['draw']}")
    if obs["calls"]:
        calls = []
        for c in obs["calls"]:
            by = c.get("resolved_by")
            calls.append(f"#{c['ordinal']} {c['face']} "
                         + (f"resolved by seat {by}" if by is not None else "unresolved"))
        parts.append("calls " + ", ".join(calls))
    if len(set(obs["levels"])) > 1 or obs["levels"][0] != "3":
        parts.append("levels " + " ".join(obs["levels"]))
    holds = []
    for seat in range(6):
        size = obs["hand_sizes"][seat]
        if size == 0:
            continue
        if size <= 12:
            holds.append(f"seat {seat} holds " + " ".join(str(c) for c in game.hand(seat)))
        else:
            holds.append(f"seat {seat} holds {size} cards")
    parts += holds
    if obs["out"]:
        parts.append("out (in order) " + " ".join(str(s) for s in obs["out"]))
    trick = obs["trick"]
    if trick:
        plays = []
        for i, p in enumerate(trick["plays"]):
            if p.get("pass"):
                plays.append(f"seat {p['seat']} passed")
            else:
                verb = "led" if i == 0 else "played"
                plays.append(f"seat {p['seat']} {verb} {p['combo']} ({' '.join(p['cards'])})")
        top = trick["top"]
        parts.append("trick: " + ", ".join(plays)
                     + f"; top: seat {top['seat']} {top['combo']}, {trick['points']} points")
    elif obs["phase"] == "playing":
        parts.append("no trick: a lead is due")
    if obs["result"]:
        parts.append(f"hand over: {obs['result'].get('ending')}")
    pending = obs["pending"]
    if pending:
        parts.append(f"to act: seat {pending['seat']} ({pending['decision']})")
    return "; ".join(parts)


def filled_in_lines(scenario: Scenario, limit: int = FILLED_IN_CHARS) -> list[str]:
    """What the kit filled in when it built the scenario's deal or position from the
    Gherkin (:attr:`~fivetenk.model.scenario.Scenario.filled_in`, issue 9: no silent
    conventions), one default a line, each cut at ``limit`` characters; [] when nothing
    was filled in (or the setup was given whole). A failure shows it beside the position,
    so a reader sees every convention the case rests on; ``fivetenk show ID`` gives the
    whole position too."""
    return [note if len(note) <= limit else note[:limit - 1] + "…"
            for note in scenario.filled_in]


# --------------------------------------------------------------------------- root causes


_SHAPE_WORDS = {"airplane": "an airplane", "airplane+singles": "an airplane+singles",
                "airplane+pairs": "an airplane+pairs", "pairs": "consecutive pairs (pairs)"}


def shape_phrase(shape: str) -> str:
    """``a straight``, ``an airplane``, ``consecutive pairs (pairs)``."""
    return _SHAPE_WORDS.get(shape, f"a {shape}")


def _top(counter: Counter[str], limit: int = 4) -> str:
    items = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = ", ".join(f"{k} {v}" if v > 1 else k for k, v in items[:limit])
    return shown + (", …" if len(items) > limit else "")


def _clause_list(results: Iterable[Result], limit: int = 3) -> str:
    counter: Counter[str] = Counter(c for r in results for c in r.scenario.clauses)
    items = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(k for k, _ in items[:limit]) + (" …" if len(items) > limit else "")


def _generic_path(path: str) -> str:
    """``hand_sizes.2`` -> ``hand_sizes.N``: paths that differ only by index group."""
    return re.sub(r"(?<=\.)\d+(?=\.|$)|^\d+(?=\.|$)", "N", path)


def root_causes(results: Sequence[Result], limit: int = ROOT_CAUSE_LINES) -> list[str]:
    """What the failures (failed and errored results) have in common, one group a line,
    largest first (ties in text order), only groups of at least two, at most ``limit``:

    - a combination shape whose scenarios fail at least :data:`SHAPE_LIFT` times as often
      as all that ran (``52 failures use a straight (52 of 60 scenarios using one fail;
      R03.4 …)``), from :func:`fivetenk.suite.shapes.scenario_shapes` (D-2);
    - the command of the failing step and the paths that differ there
      (``19 failures at plays steps (differing at count 19, plays 12)``);
    - rejections where an answer or acceptance was expected, acceptances where a
      rejection was, and rejections citing another clause than expected;
    - errors of the same kind (the message without its sequence numbers).

    Empty with fewer than two failures. Deterministic: sorted, no timings."""
    bad = [r for r in results if r.status in ("failed", "errored")]
    if len(bad) < 2:
        return []
    groups: list[tuple[int, str]] = []
    ran = [r for r in results if r.status != "skipped"]
    uses: Counter[str] = Counter()
    fails: dict[str, list[Result]] = {}
    try:
        for r in ran:
            for shape in set(scenario_shapes(r.scenario)):
                uses[shape] += 1
                if r.status in ("failed", "errored"):
                    fails.setdefault(shape, []).append(r)
    except Exception:  # the shapes of a scenario cannot be told: no shape groups
        uses, fails = Counter(), {}
    rate = len(bad) / max(len(ran), 1)
    for shape, members in fails.items():
        share = len(members) / uses[shape]
        if len(members) >= 2 and share >= SHAPE_LIFT * rate:
            groups.append((len(members), f"use {shape_phrase(shape)} ({len(members)} of "
                           f"{uses[shape]} scenarios using one fail; "
                           f"{_clause_list(members)})"))
    by_command: dict[str, list[Result]] = {}
    paths: dict[str, Counter[str]] = {}
    answers: dict[str, list[Result]] = {}
    errors: dict[str, list[Result]] = {}
    for r in bad:
        step = r.scenario.steps[r.step] if r.step is not None and 0 <= r.step < len(
            r.scenario.steps) else None
        if r.status == "errored":
            errors.setdefault(_error_kind(r.message), []).append(r)
            continue
        if step is None:
            continue
        op = str(step.get("op"))
        by_command.setdefault(op, []).append(r)
        counter = paths.setdefault(op, Counter())
        for path in sorted({_generic_path(m.path) or "(whole result)" for m in r.differences
                            if m.how != "reference"}):
            counter[path] += 1
        kind = _answer_kind(step, r)
        if kind:
            answers.setdefault(kind, []).append(r)
    for op, members in by_command.items():
        if len(members) >= 2:
            groups.append((len(members), f"at {op} steps (differing at {_top(paths[op])})"))
    for kind, members in answers.items():
        if len(members) >= 2:
            groups.append((len(members), f"{kind} ({_clause_list(members)})"))
    for kind, members in errors.items():
        if len(members) >= 2:
            groups.append((len(members), f"errored: {kind}"))
    groups.sort(key=lambda g: (-g[0], g[1]))
    lines = [f"  {n} failures {text}" for n, text in groups[:limit]]
    if len(groups) > limit:
        lines.append(f"  … {len(groups) - limit} more groups")
    if not lines:
        return []
    return [f"what the {len(bad)} failures have in common:", *lines]


def _answer_kind(step: dict[str, Any], result: Result) -> str:
    """How a failure's answer differs in kind: a rejection where an answer (or an
    acceptance) was expected, an acceptance where a rejection was, a rejection citing
    another clause than the one expected; "" otherwise."""

    got = answer_text(result.context.get("received"), 0)
    wanted = expected_answer(step)
    cited = _cited(got)
    if got.startswith("rejected") and not wanted.startswith("rejected"):
        return (f"are rejections ({cited}) where "
                f"{'an acceptance' if wanted else 'an answer'} was expected")
    if got == "accepted" and wanted.startswith("rejected"):
        return f"are acceptances where a rejection ({_cited(wanted)}) was expected"
    if got.startswith("rejected") and wanted.startswith("rejected, citing"):
        expected = _cited(wanted)
        if cited != expected:
            return f"are rejections {cited} where {expected} is expected"
    return ""


def _cited(answer: str) -> str:
    """``citing R03.1`` of ``rejected, citing R03.1: message``."""
    return answer.split(":", 1)[0].removeprefix("rejected").lstrip(", ") or "citing no clause"


def _error_kind(message: str) -> str:
    """An error message without what changes from one scenario to the next (sequence
    numbers, step numbers, values after the first colon), cut short."""
    text = re.sub(r"\s*\(seq \d+\)", "", message)
    text = re.sub(r"\bstep \d+", "step N", text)
    head = text.split(": ", 1)[0]
    return head if len(head) <= 120 else head[:119] + "…"
