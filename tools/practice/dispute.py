"""Write one decision of a game log as a scenario to check, argue about and edit.

``fivetenk dispute FILE (--at N | --refused K) [--out PATH]`` reads a game log
written by ``fivetenk play --log`` (JSON lines: a ``game`` record, a ``hand``
record with its ``setup.deal`` per hand, one ``decision`` record per decision,
an ``undo`` record where the player took decisions back (those after its ``to``
no longer count, nor the refusals since), an ``end`` record), replays the hand
of decision N in the reference engine from that deal and the decisions before
N, and writes a feature (Gherkin) with one scenario:

- its setup is the table just before decision N: the position by the cards that
  matter while burying, calling or playing (``Given a hand at the burial …``,
  ``… at the calls …``, ``… in play …``, with the reveal that made the banker,
  the hand, the levels and the deal number; the position as JSON only if those
  phrases could not give it back); the deal (deck order, first seat, the hand's
  history) and the decisions before N as When steps while the cards are still
  being dealt;
- decision N is the When step, and what followed it in the log is the Then: the
  action is accepted, the trick's top play, whose turn it is, and how the hand
  ended with who received the kitty, table and remnant points when it did.

``fivetenk dispute FILE --refused K`` writes the K-th ``refused`` record
instead (an answer the engine refused, logged with the action it named): the
table at that question, the answer as the When step, its rejection with the
clause as the Then (``Then the action is rejected citing R13.2``) and the same
question asked again; its id is ``dispute-SEED-refused-K``. A refused notation
names no action and cannot be disputed.

The scenario's id is ``dispute-SEED-N``; it is tagged with the clause that
governs the decision (R13.1 a play, R08.2/R08.3 or R09.3/R09.4 a reveal or
skip, R10.1 the burial, R11.1 the calls). It passes ``fivetenk check
--only-paths PATH`` as written: to turn it into a house-rule case, change the
Then steps to what your table believes should have happened (or add a ``Given
the variant …``) and run it against your implementation.

A log that is not what ``fivetenk play --log`` writes (bad JSON, a missing or
wrong field, a decision the replay refuses) is refused with its file and line;
exit code 2, nothing is written. What a log says reaches the console and the
feature escaped (a refused answer holding an escape sequence or a newline
cannot act on the terminal or start a scenario of its own), and the feature is
compiled and run on the reference engine before it is written: one that would
not pass ``fivetenk check`` is refused, saying why. With ``--out`` the feature
is written to a temporary file and renamed.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, TextIO

from ..commands.render import render_feature
from ..language.compiler import compile_text
from ..model.bounded import MESSAGE_LIMIT, NAME_LIMIT, visible
from ..model.paths import FORCE, Output, check_outputs, reading, write_file
from ..model.scenario import Scenario, ScenarioError, parse_json, read_bytes
from ..reference import Game, Phase, Variants
from ..suite.catalog import check_setups, validate

MAX_LOG_BYTES = 64 * 1024 * 1024
"""A log larger than this is refused rather than read (a game of many hands is far smaller)."""

KINDS = ("reveal", "bury", "call", "play")
"""The ``kind`` of a decision record: the engine's pending decision (a skip is a reveal
decision, a pass a play decision)."""


DEAL_KEYS = frozenset({"deck", "first", "redeals", "hand", "levels", "previous_winners",
                       "previous_banker"})
"""The fields of a hand record's ``setup.deal``: those of the scenario schema's
``setup.deal``, which the written scenario carries over as they are."""


class DisputeError(ScenarioError):
    """A log the command cannot use; printed as one line by the CLI (exit code 2). What a
    log holds may be anything: the message is shown through :func:`fivetenk.results.report.visible`
    (control characters, escape sequences and bidirectional overrides escaped, bounded)."""

    def __init__(self, message: str, *, where: str = "") -> None:
        super().__init__(visible(message, MESSAGE_LIMIT), where=visible(where, NAME_LIMIT))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", type=Path, metavar="FILE", help="a game log (fivetenk play --log)")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--at", type=int, metavar="N",
                       help="the decision to dispute (its number n in the log, from 1)")
    which.add_argument("--refused", type=int, metavar="K",
                       help="the refused answer to dispute (the K-th refused record of the "
                       "log, from 1): its rejection becomes the Then step")
    p.add_argument("--out", type=Path, metavar="PATH",
                   help="write the feature here, a new file (default: standard output)")
    p.add_argument("--force", action="store_true",
                   help="replace PATH if it exists (never the log itself, a link or a "
                   "special file)")


@dataclass(frozen=True)
class Decision:
    """One ``decision`` record and the line it is on."""

    line: int
    n: int
    hand: int
    seat: int
    kind: str
    action: dict[str, Any]


@dataclass(frozen=True)
class Refusal:
    """One ``refused`` record: an answer the engine refused at a question of ``fivetenk
    play``, and the line it is on."""

    line: int
    k: int
    """its number among the log's refused answers, from 1"""
    after: int
    """how many decisions the log holds before it"""
    hand: int
    seat: int
    answer: str
    action: dict[str, Any] | None
    """the action the answer named, or None when its notation was refused"""
    clause: str | None


@dataclass(frozen=True)
class Log:
    """A game log, checked field by field (:func:`read_log`)."""

    where: str
    seed: int
    variants: dict[str, str]
    deals: dict[int, tuple[int, dict[str, Any]]]
    """hand number -> (line, setup.deal)"""
    decisions: list[Decision]
    refusals: list[Refusal] = field(default_factory=list)


def _fail(where: str, line: int, message: str) -> NoReturn:
    """Refuse the log, naming its file and line (no line for the file as a whole: 0)."""
    raise DisputeError(f"{where}:{line}: {message}" if line else f"{where}: {message}")


def _clip(err: Exception, size: int = 300) -> str:
    """An engine's message, cut to one readable line."""
    text = " ".join(str(err).split())
    return text if len(text) <= size else text[:size] + " …"


def _int(value: Any, low: int, high: int | None = None) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and value >= low
            and (high is None or value <= high))


def read_log(path: Path) -> Log:
    """The log at ``path``, every record checked; :class:`DisputeError` names the file and
    line of the first problem."""
    where = str(path)
    # only a regular file, never more than MAX_LOG_BYTES: a FIFO or a device is refused
    # before it is opened (it could block or never end)
    return parse_log(where, read_bytes(path, where, DisputeError, MAX_LOG_BYTES))


def parse_log(where: str, data: bytes) -> Log:
    """The log whose JSON lines are ``data``, every record checked, ``where`` naming it in
    errors (``fivetenk play`` passes its own records here for the in-game ``dispute``)."""
    records: list[tuple[int, dict[str, Any]]] = []
    for number, raw in enumerate(data.split(b"\n"), 1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
            record = parse_json(text, "", DisputeError)  # strict: depth, numbers, surrogates
        except UnicodeDecodeError:
            _fail(where, number, "is not UTF-8 text")
        except DisputeError as err:
            _fail(where, number, f"is not a JSON object: {err.detail[:200]}")
        if not isinstance(record, dict) or not isinstance(record.get("record"), str):
            _fail(where, number, 'expected a JSON object with a "record" field')
        records.append((number, record))
    if not records:
        _fail(where, 1, "the log is empty: expected a \"game\" record first")
    first_line, game = records[0]
    if game["record"] != "game":
        _fail(where, first_line, f'expected the "game" record first, not {game["record"]!r}')
    if not _int(game.get("seed"), 0):
        _fail(where, first_line, "the game record needs a seed, a non-negative integer")
    variants = game.get("variants", {})
    if not isinstance(variants, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in variants.items()):
        _fail(where, first_line, "variants must map names to values (strings)")
    try:
        Variants.from_mapping(variants)
    except ValueError as err:
        _fail(where, first_line, f"variants: {err}")
    deals: dict[int, tuple[int, dict[str, Any]]] = {}
    decisions: list[Decision] = []
    refusals: list[Refusal] = []
    hand_start = 0  # decisions before the last hand record: an undo stays in its hand
    for number, record in records[1:]:
        kind = record["record"]
        if kind == "hand":
            hand: Any = record.get("hand")
            setup: Any = record.get("setup")
            if not _int(hand, 1):
                _fail(where, number, "a hand record needs hand, a positive integer")
            if hand in deals:
                _fail(where, number, f"hand {hand} was already set up on line {deals[hand][0]}")
            if (not isinstance(setup, dict) or set(setup) != {"deal"}
                    or not isinstance(setup["deal"], dict)):
                _fail(where, number, 'a hand record needs setup: {"deal": {...}}')
            unknown = sorted(set(setup["deal"]) - DEAL_KEYS)
            if unknown:
                _fail(where, number, f"setup.deal has no field {', '.join(unknown)} (it holds "
                      f"{', '.join(sorted(DEAL_KEYS))}, as a scenario's setup.deal)")
            deals[hand] = (number, setup["deal"])
            hand_start = len(decisions)
        elif kind == "decision":
            decisions.append(_decision(where, number, record, len(decisions) + 1, deals))
        elif kind == "refused":
            refusals.append(_refusal(where, number, record, len(refusals) + 1,
                                     len(decisions), deals))
        elif kind == "undo":  # play's undo: the decisions after `to` are taken back
            to: Any = record.get("to")
            if not _int(to, 0) or not hand_start <= to <= len(decisions):
                _fail(where, number, f"an undo record needs to, the decisions kept ("
                      f"{hand_start} to {len(decisions)}: an undo stays within its hand), "
                      f"not {to!r}")
            decisions = decisions[:to]
            refusals = [r for r in refusals if r.after < to]
        elif kind == "end":
            continue
        else:
            _fail(where, number, f"unknown record {kind!r} (game, hand, decision, refused, "
                  "undo, end)")
    return Log(where, game["seed"], dict(variants), deals, decisions, refusals)


def _decision(where: str, number: int, record: dict[str, Any], expected: int,
              deals: dict[int, tuple[int, dict[str, Any]]]) -> Decision:
    n: Any = record.get("n")
    hand: Any = record.get("hand")
    seat: Any = record.get("seat")
    kind: Any = record.get("kind")
    action: Any = record.get("action")
    if n != expected or not _int(n, 1):
        _fail(where, number, f"expected decision n {expected} (decisions are numbered 1, 2, "
              f"… in order), not {n!r}")
    if not _int(hand, 1) or hand not in deals:
        _fail(where, number, f"decision {n} names hand {hand!r}, which no hand record set up")
    if not _int(seat, 0, 5):
        _fail(where, number, f"decision {n}: seat must be 0-5, not {seat!r}")
    if kind not in KINDS:
        _fail(where, number, f"decision {n}: kind must be one of {', '.join(KINDS)}, "
              f"not {kind!r}")
    if not isinstance(action, dict):
        _fail(where, number, f"decision {n}: action must be a JSON object")
    return Decision(number, n, hand, seat, kind, action)


def _refusal(where: str, number: int, record: dict[str, Any], k: int, after: int,
             deals: dict[int, tuple[int, dict[str, Any]]]) -> Refusal:
    hand: Any = record.get("hand")
    seat: Any = record.get("seat")
    answer: Any = record.get("input")
    action: Any = record.get("action")
    clause: Any = record.get("clause")
    if not _int(hand, 1) or hand not in deals:
        _fail(where, number, f"refused answer {k} names hand {hand!r}, which no hand record "
              "set up")
    if not _int(seat, 0, 5):
        _fail(where, number, f"refused answer {k}: seat must be 0-5, not {seat!r}")
    if not isinstance(answer, str):
        _fail(where, number, f"refused answer {k}: input must be the answer as typed, a string")
    if action is not None and not isinstance(action, dict):
        _fail(where, number, f"refused answer {k}: action must be a JSON object or absent")
    if clause is not None and not isinstance(clause, str):
        _fail(where, number, f"refused answer {k}: clause must be a string or null")
    return Refusal(number, k, after, hand, seat, answer, action, clause)


@dataclass
class Replay:
    """The hand of the disputed decision, replayed up to just before it."""

    game: Game
    deal: dict[str, Any]
    before: list[Decision]
    """the decisions of the hand before the disputed one"""


def replay(log: Log, at: int) -> tuple[Replay, Decision]:
    """Replay the hand of decision ``at`` up to just before it, checking that every logged
    decision of that hand is the one the engine asks for and is legal."""
    count = len(log.decisions)
    if at < 1 or at > count:
        raise DisputeError(f"{log.where}: --at {at} is not a decision of this log (it holds "
                           f"decisions 1 to {count})" if count else
                           f"{log.where}: --at {at}: the log holds no decision")
    target = log.decisions[at - 1]
    before = [d for d in log.decisions[:at - 1] if d.hand == target.hand]
    game, deal = _replay_hand(log, target.hand, before)
    _expect_pending(log.where, game, target)
    return Replay(game, deal, before), target


def _replay_hand(log: Log, hand: int, before: list[Decision]) -> tuple[Game, dict[str, Any]]:
    """Hand ``hand`` set up from its logged deal and ``before``, its decisions so far,
    applied; each checked to be the one the engine asks for and legal."""
    deal_line, deal = log.deals[hand]
    if deal.get("hand", 1) != hand:
        _fail(log.where, deal_line, f"hand {hand}: its setup.deal says hand "
              f"{deal.get('hand', 1)!r} (a later hand's deal names its hand, D5, D6)")
    options = {k: v for k, v in deal.items() if k != "hand"}
    try:
        game = Game.new(variants=Variants.from_mapping(log.variants),
                        hand_number=hand, **options)
    except (ValueError, TypeError) as err:  # RulesError is a ValueError
        _fail(log.where, deal_line, f"hand {hand}: the deal cannot be set up: {_clip(err)}")
    for decision in before:
        _expect_pending(log.where, game, decision)
        try:
            game.apply(decision.action)
        except (ValueError, TypeError) as err:
            _fail(log.where, decision.line, f"decision {decision.n} is refused by the "
                  f"reference engine in the replay: {_clip(err)}")
    return game, deal


def _expect_pending(where: str, game: Game, decision: Decision) -> None:
    pending = game.pending()
    if pending is None:
        _fail(where, decision.line, f"decision {decision.n}: the hand is already over in "
              "the replay")
    if (pending.seat, pending.kind) != (decision.seat, decision.kind):
        _fail(where, decision.line, f"decision {decision.n} is logged as seat "
              f"{decision.seat} to {decision.kind}, but the replay asks seat {pending.seat} "
              f"to {pending.kind}")


def clause_for(decision: Decision, hand: int) -> str:
    """The clause the decision is governed by: R13.1 (turn order) for a play or pass,
    R08.2/R08.3 (first hand) or R09.3/R09.4 (later hands) for a reveal or a skip, R10.1 the
    burial, R11.1 the calls."""
    if decision.kind == "play":
        return "R13.1"
    if decision.kind == "bury":
        return "R10.1"
    if decision.kind == "call":
        return "R11.1"
    skip = decision.action.get("type") == "skip"
    if hand == 1:
        return "R08.3" if skip else "R08.2"
    return "R09.4" if skip else "R09.3"


def _expectations(game: Game) -> dict[str, Any]:
    """A few telling fields of the observation after the decision: whose turn (or nobody),
    the trick's top play, the banker, and the ending with its recipients."""
    obs = game.observe()
    expect: dict[str, Any] = {"pending": obs["pending"]}
    if obs["phase"] in ("dealing", "burying"):  # the reveal's outcome: who is banker
        expect["banker"] = obs["banker"]
    trick = obs["trick"]
    if trick is not None and trick.get("top") is not None:
        expect["trick.top"] = {"seat": trick["top"]["seat"], "combo": trick["top"]["combo"]}
    result = obs["result"]
    if result is None:
        expect["result"] = None
    else:
        expect["result.ending"] = result["ending"]
        for what in ("kitty", "table"):
            expect[f"result.{what}_points"] = result[f"{what}_points"]
            expect[f"result.{what}_to"] = result[f"{what}_to"]
        expect["result.remnant_points"] = result["remnant_points"]
        expect["result.remnant_to"] = result["remnant_to"]
    return expect


def dispute_scenario(log: Log, at: int) -> Scenario:
    """The scenario of decision ``at``: the table before it, the decision, what followed."""
    state, target = replay(log, at)
    game = state.game
    setup, steps = _table(game, state.deal, state.before)
    try:
        game.apply(target.action)
    except (ValueError, TypeError) as err:
        _fail(log.where, target.line, f"decision {at} is refused by the reference engine in "
              f"the replay: {_clip(err)}")
    steps.append({"op": "act", "action": dict(target.action), "expect": {"accepted": True}})
    steps.append({"op": "observe", "expect": _expectations(game)})
    clause = clause_for(target, target.hand)
    return Scenario(
        id=f"dispute-{log.seed}-{at}",
        name=f"Decision {at} of the game of seed {log.seed}: seat {target.seat} "
             f"({target.kind}, hand {target.hand})",
        clauses=[clause], rulings=[], tags=[clause, "dispute"],
        variants=dict(log.variants), setup=setup, steps=steps)


def _table(game: Game, deal: dict[str, Any], before: list[Decision]
           ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The setup of the table just before a decision, and the steps that lead to it: the
    position while burying, calling or playing; while dealing, the deal and the decisions
    so far as accepted actions."""
    steps: list[dict[str, Any]] = []
    if game.phase is Phase.DEALING:
        for earlier in before:
            steps.append({"op": "act", "action": dict(earlier.action),
                          "expect": {"accepted": True}})
        return {"deal": deal}, steps
    return {"position": game.to_position()}, steps


def refusal_scenario(log: Log, k: int) -> Scenario:
    """The scenario of the log's refused answer ``k``: the table at that question, the
    answer as the When step, and the engine's rejection with its clause as the Then, the
    same seat still asked (nothing is lost). To argue that a table accepts it, change the
    Then to ``the action is accepted``."""
    count = len(log.refusals)
    if not 1 <= k <= count:
        raise DisputeError(f"{log.where}: --refused {k} is not a refused answer of this log "
                           f"(it holds {count})" if count else
                           f"{log.where}: --refused {k}: the log holds no refused answer")
    refusal = log.refusals[k - 1]
    where = f"{log.where}:{refusal.line}"
    if refusal.action is None:
        clause = f" ({refusal.clause})" if refusal.clause else ""
        raise DisputeError(f"{where}: refused answer {k}, {refusal.answer[:60]!r}, names no "
                           f"action: its notation was refused{clause}, so there is no play "
                           "to dispute")
    before = [d for d in log.decisions[:refusal.after] if d.hand == refusal.hand]
    game, deal = _replay_hand(log, refusal.hand, before)
    pending = game.pending()
    if pending is None or pending.seat != refusal.seat:
        _fail(log.where, refusal.line, f"refused answer {k} is logged for seat "
              f"{refusal.seat}, but the replay asks "
              + ("nobody" if pending is None else f"seat {pending.seat}"))
    setup, steps = _table(game, deal, before)
    cited: str | None = None
    try:
        game.apply(refusal.action)
    except (ValueError, TypeError) as err:
        cited = getattr(err, "clause", None)
    else:
        _fail(log.where, refusal.line, f"refused answer {k} is accepted by the reference "
              "engine in the replay: the log is not this engine's")
    if not cited:
        _fail(log.where, refusal.line, f"refused answer {k}: the engine's rejection names no "
              "clause")
    steps.append({"op": "act", "action": dict(refusal.action),
                  "expect": {"accepted": False, "clause": cited}})
    steps.append({"op": "observe", "expect": {"pending": game.observe()["pending"]}})
    return Scenario(
        id=f"dispute-{log.seed}-refused-{k}",
        name=f"Refused answer {k} of the game of seed {log.seed}: seat {refusal.seat} "
             f"({pending.kind}, hand {refusal.hand}), {_shown(refusal.answer, 60)}",
        clauses=[cited], rulings=[], tags=[cited, "dispute"],
        variants=dict(log.variants), setup=setup, steps=steps)


def _shown(text: str, limit: int) -> str:
    """A text from the log (or a file name) as it may stand in the written feature: one
    line, nothing a terminal would act on shown escaped (:func:`fivetenk.results.report.visible`:
    a newline is ``\\n``, so it cannot start a step or a scenario of its own), at most
    ``limit`` characters, no blanks at either end (Gherkin drops them)."""
    return visible(text, limit).strip()


def then_lines(expect: dict[str, Any]) -> list[str] | None:
    """The expectations of the final observation in the kit's own phrases (``seat 2 is
    asked to call``, ``the top play is "pair 5" by seat 2``, ``the hand ends with …``, the
    recipients of R19), or None when one of them has no phrase here."""
    lines = ["Then the action is accepted"]
    done: set[str] = set()
    for path, value in expect.items():
        if path in done:
            continue
        if path == "pending":
            lines.append("And nobody is asked to decide" if value is None else
                         f"And seat {value['seat']} is asked to {value['decision']}")
        elif path == "banker":
            lines.append("And no banker is fixed" if value is None else
                         f"And seat {value} is the banker")
        elif path == "trick.top":
            lines.append(f'And the top play is "{value["combo"]}" by seat {value["seat"]}')
        elif path == "result" and value is None:
            lines.append("And the hand goes on")
        elif path == "result.ending":
            lines.append(f'And the hand ends with "{value}"')
        elif path in ("result.kitty_points", "result.table_points"):
            what = path.split(".")[1].split("_")[0]
            lines.append(f"And the {what} points ({value}) go to seat "
                         f"{expect[f'result.{what}_to']}")
            done.add(f"result.{what}_to")
        elif path == "result.remnant_points":
            to = expect["result.remnant_to"]
            lines.append(f"And the remnant points ({value}) go to "
                         + (f"the {to}" if isinstance(to, str) else f"seat {to}"))
            done.add("result.remnant_to")
        else:
            return None
    return lines


def _without_lines(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in step.items() if k != "line"} for step in steps]


def _same_setup(built: Scenario, scenario: Scenario) -> bool:
    """Whether ``built`` (the feature compiled back) starts as ``scenario`` does. A position
    written by the cards (:func:`fivetenk.language.positions.position_lines`) carries no
    ``variants`` of its own, the scenario's apply; the engine's snapshot repeats them."""

    def bare(s: Scenario) -> Any:
        setup = s.setup
        if isinstance(setup, dict) and isinstance(setup.get("position"), dict):
            position = setup["position"]
            if position.get("variants", s.variants) == s.variants:
                position = {k: v for k, v in position.items() if k != "variants"}
            return {**setup, "position": position}
        return setup

    return bool(bare(built) == bare(scenario))


def render_dispute(scenario: Scenario, title: str,
                   phrases: list[str] | None = None) -> str:
    """The feature of ``scenario``, its last observation written in the kit's phrases
    (``phrases``, by default :func:`then_lines`) when they compile back to exactly the
    same steps, else in the generic ``the observation at "…" is …`` steps of
    :func:`render_feature`."""
    if phrases is None:
        phrases = then_lines(scenario.steps[-1]["expect"])
    if phrases is None:
        return render_feature([scenario], title)
    shorter = Scenario(id=scenario.id, name=scenario.name, clauses=scenario.clauses,
                       rulings=scenario.rulings, tags=scenario.tags,
                       variants=scenario.variants, setup=scenario.setup,
                       steps=scenario.steps[:-1])
    text = render_feature([shorter], title).rstrip("\n") + "\n"
    text += "".join(f"    {line}\n" for line in phrases) + "\n"
    try:
        built = compile_text(text, "<dispute>", validate=True)
    except ScenarioError:
        return render_feature([scenario], title)
    if (len(built) != 1 or not _same_setup(built[0], scenario)
            or _without_lines(built[0].steps) != scenario.steps):
        return render_feature([scenario], title)
    return text


def dispute_feature(log: Log, at: int) -> str:
    """The feature text holding the scenario of decision ``at``, with a comment on where it
    comes from and how to edit it."""
    scenario = dispute_scenario(log, at)
    name = _shown(Path(log.where).name, NAME_LIMIT)
    text = render_dispute(scenario, f"a disputed decision from {name}")
    comment = (
        f"# Written by `fivetenk dispute {name} --at {at}` from the game log:\n"
        "# the setup is the table just before the decision, the When step is the decision\n"
        "# as it was taken, the Then steps are what the reference engine did next. To make\n"
        "# a house-rule case, change the Then steps (or add `Given the variant ...`) to what\n"
        "# your table believes, give the scenario an id of your own, and run\n"
        "# `fivetenk check --only-paths THIS_FILE` (with --impl for your engine).\n")
    return verified(comment + text, scenario, f"{log.where}:{log.decisions[at - 1].line}")


def refusal_feature(log: Log, k: int) -> str:
    """The feature text holding the scenario of refused answer ``k``, with a comment on
    where it comes from and how to edit it. The same question asked again is written in
    the kit's phrase (``And seat 5 is asked to play``), checked by compiling it back."""
    scenario = refusal_scenario(log, k)
    pending = scenario.steps[-1]["expect"]["pending"]
    name = _shown(Path(log.where).name, NAME_LIMIT)
    text = render_dispute(scenario, f"a disputed refusal from {name}",
                          [f"And seat {pending['seat']} is asked to {pending['decision']}"])
    comment = (
        f"# Written by `fivetenk dispute {name} --refused {k}` from the log:\n"
        "# the setup is the table at the question, the When step is the answer the\n"
        "# reference engine refused, the Then steps are its rejection (with the clause) and\n"
        "# the same question asked again. If your table accepts this answer, change the\n"
        "# rejection to `Then the action is accepted` and what follows to what your table\n"
        "# expects, give the scenario an id of your own, and run\n"
        "# `fivetenk check --only-paths THIS_FILE` (with --impl for your engine).\n")
    return verified(comment + text, scenario, f"{log.where}:{log.refusals[k - 1].line}")


def verified(text: str, scenario: Scenario, where: str) -> str:
    """``text``, the feature about to be written, once it is known to pass ``fivetenk
    check --only-paths`` on the reference engine: compiled as a user's feature is (the
    scenario schema, every card token, its setup started on the engine, its clauses and
    variants known), one scenario with ``scenario``'s id, run to a pass, and every line
    free of anything a terminal would act on. Otherwise :class:`DisputeError` at
    ``where`` (the log's record) saying why: nothing is written."""
    # lazy: the runner, once a scenario is written
    from ..impl.drivers import ReferenceDriver
    from ..suite.runner import run_scenario

    def refuse(why: str) -> NoReturn:
        raise DisputeError(f"the scenario written from this record would not pass fivetenk "
                           f"check ({why}); nothing is written", where=where)

    unsafe = next((n for n, line in enumerate(text.split("\n"), 1)
                   if visible(line, len(line)) != line), None)
    if unsafe is not None:
        refuse(f"line {unsafe} would hold a control character")
    try:
        built = compile_text(text, "the feature", validate=True)
        check_setups(built)
        validate(built)
    except ScenarioError as err:
        refuse(str(err))
    if [s.id for s in built] != [scenario.id]:
        refuse(f"it would hold the scenarios {', '.join(s.id for s in built) or 'none'}, "
               f"not {scenario.id} alone")
    driver = ReferenceDriver()
    try:
        result = run_scenario(driver, built[0])
    finally:
        driver.close()
    if result.status != "passed":
        refuse(f"the reference engine does not pass it: {result.status}, {result.message}")
    return text


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if args.out is not None and args.out.is_dir():
        raise DisputeError(f"--out {visible(str(args.out), NAME_LIMIT)} is a folder: name the "
                           ".feature file to write")
    output = Output("--out", args.out, policy=FORCE, force=getattr(args, "force", False),
                    what="the scenario")
    check_outputs([output], [("the log", args.path)])  # before any work (issue 29)
    log = read_log(args.path)
    if args.at is not None:
        text, name = dispute_feature(log, args.at), f"dispute-{log.seed}-{args.at}"
    else:
        text = refusal_feature(log, args.refused)
        name = f"dispute-{log.seed}-refused-{args.refused}"
    if args.out is not None:
        write_file(args.out, text, policy=FORCE, force=output.force,
                   inputs=reading([("the log", args.path)]))
        print(f"scenario {name} written to {visible(str(args.out), NAME_LIMIT)}", file=out)
    else:
        out.write(text)
    return 0

