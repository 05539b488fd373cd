"""Print one scenario: its Gherkin as written and its JSON; with --impl, replay it against
an implementation and print the whole exchange, step by step.

    fivetenk show R05-003                     # the scenario, as written and as JSON
    fivetenk show R02-001                     # an outline: every row
    fivetenk show club-001 my_cases/          # a scenario of your own files
    fivetenk show R05-003 --impl "node my_adapter.js"   # ... and how your engine answers it
    fivetenk show R05-003 --json              # the same as one JSON document

The replay runs the scenario exactly as ``fivetenk check --impl CMD --id ID`` does (the
same runner, skips and verdict), one request at a time, and files every request and reply
under the step that made it: the setup (``start``), then each step with its text as
written, what it expects, every request (``→``) and reply (``←``), and the verdict. It
ends with the failure as ``check`` reports it. Exit codes: 0 (shown; with --impl, the
scenario passed or was skipped), 1 (with --impl, it failed or errored), 2 (an unknown id,
a bad file or option; an unknown id lists the closest ids).
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..impl.options import add_impl_options, need_impl, open_driver
from ..model.scenario import REJECTIONS_ALONE, Scenario, dumps
from ..model.spec_data import Spec, load_spec
from ..model.user_input import UsageError
from ..results import evidence, report
from ..suite import catalog, vectors
from ..suite.runner import Result, run_scenario
from ..suite.shapes import scenario_shapes

if TYPE_CHECKING:  # types only: `show` without --impl starts without the process driver
    from ..impl.hello import Hello
    from ..impl.process_driver import ProcessDriver

EXCHANGE_CHARS = 2000
"""Characters shown of one request or reply in the text output."""
EXCHANGES_PER_STEP = 24
"""Exchanges shown of one step (an ``advance`` may make hundreds: observe, skip, …)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("id", metavar="ID",
                   help="a scenario id (R05-003; an outline id shows every row: R02-001)")
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                   help="your own .feature / .json scenarios or folders, as for check")
    add_impl_options(p, "replay the scenario against this implementation over the adapter "
                     "protocol and print the whole exchange, step by step")
    p.add_argument("--any-clause", action="store_true",
                   help="with --impl: judge rejections as check --any-clause does")
    p.add_argument("--json", action="store_true",
                   help="print one JSON document instead of text")


class Recorder:
    """A driver that passes everything to the implementation's driver and files each
    exchange (from the ProcessDriver's ``trace`` hook) under the step that made it: the
    runner calls :meth:`step_started` before each step. It has no ``run_many`` and no
    ``stream``, so the runner sends one request at a time, as it does for a scenario with
    an ``advance``: the verdict is the one ``check`` gives."""

    run_many = None
    stream = None

    def __init__(self, driver: ProcessDriver) -> None:
        self._driver = driver
        self.step = -1
        self.log: list[tuple[int, dict[str, Any], dict[str, Any] | None]] = []
        """(step index or -1 for the setup and handshake, request, reply or None)."""
        driver.trace = self._trace

    @property
    def name(self) -> str:
        return str(self._driver.name)

    @property
    def capabilities(self) -> frozenset[str]:
        return frozenset(self._driver.capabilities)

    @property
    def shapes(self) -> frozenset[str] | None:
        return self._driver.shapes

    @property
    def unsupported_defaults(self) -> Mapping[str, tuple[str, ...]]:
        return self._driver.unsupported_defaults

    @property
    def hello(self) -> Hello | None:
        return self._driver.hello

    @property
    def restarts_spent(self) -> bool:
        return self._driver.restarts_spent

    @property
    def spin(self) -> float:
        return self._driver.spin

    @spin.setter
    def spin(self, value: float) -> None:
        self._driver.spin = value

    @property
    def until(self) -> float | None:
        return self._driver.until

    @until.setter
    def until(self, value: float | None) -> None:
        self._driver.until = value

    @property
    def vouched(self) -> Callable[[str, dict[str, Any]], bool] | None:
        return self._driver.vouched

    @vouched.setter
    def vouched(self, value: Callable[[str, dict[str, Any]], bool] | None) -> None:
        self._driver.vouched = value

    def supports_variants(self, variants: dict[str, str]) -> bool:
        return bool(self._driver.supports_variants(variants))

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        self.step = -1
        answer: dict[str, Any] = self._driver.start(variants, setup)
        return answer

    def start_reply(self, variants: dict[str, str],
                    setup: dict[str, Any] | None) -> dict[str, Any]:
        return self._driver.start_reply(variants, setup)

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self._driver.run(step)
        return answer

    def close(self) -> None:
        self._driver.close()

    def step_started(self, index: int) -> None:
        self.step = index

    def _trace(self, request: dict[str, Any], reply: dict[str, Any] | None) -> None:
        cmd = request.get("cmd")
        self.log.append((-1 if cmd in ("start", "hello") else self.step,
                         report.plain(request), None if reply is None else report.plain(reply)))


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``fivetenk show``: see the module docstring."""

    out = out or sys.stdout
    need_impl(args)
    scenarios = catalog.load(args.paths, with_shipped=True)
    if args.id.startswith("V-"):  # a plays count vector (issue 32), as check runs it

        scenarios += vectors.scenarios()
    chosen = [s for s in scenarios if s.id == args.id or s.id.startswith(args.id + ".")]
    if not chosen:
        raise UsageError(f"no scenario {args.id!r}{_suggest(args.id, scenarios)}")
    written = {id(s): s for s in chosen}  # the JSON shown is the scenario as written
    if getattr(args, "any_clause", False):  # the @any-clause mark on each of them
        marked = [dataclasses.replace(s, rejections=REJECTIONS_ALONE) for s in chosen]
        written = {id(m): s for m, s in zip(marked, chosen, strict=True)}
        chosen = marked
    spec = load_spec()
    replays: list[tuple[Result, Recorder]] = []
    name = ""
    if getattr(args, "impl", None) is not None:

        driver = open_driver(args)
        try:
            for s in chosen:
                recorder = Recorder(driver)
                replays.append((run_scenario(recorder, s), recorder))
            name = report.visible(_name(driver), report.NAME_LIMIT)
        finally:
            driver.close()
    if args.json:
        document = {"scenarios": [
            _json(s, spec, replays[i] if replays else None, name, written[id(s)])
            for i, s in enumerate(chosen)]}
        out.write(json.dumps(document, allow_nan=False, indent=2) + "\n")
    else:
        shown: set[str] = set()
        for i, s in enumerate(chosen):
            out.write("\n".join(_text(s, spec, shown, written[id(s)])) + "\n")
            if replays:
                out.write("\n" + "\n".join(_replay_text(s, spec, *replays[i], name)) + "\n")
            if i + 1 < len(chosen):
                out.write("\n")
    return 1 if any(not r.ok for r, _ in replays) else 0


def _name(driver: Any) -> str:
    try:
        return str(driver.name)
    except Exception:
        return "(an implementation whose name cannot be read)"


def _suggest(wanted: str, scenarios: Sequence[Scenario]) -> str:
    """`` (did you mean R05-003, R05-013?)``: the closest ids (outline ids too), or
    a hint to list them."""
    ids = sorted({s.id for s in scenarios} | {s.id.rsplit(".", 1)[0] for s in scenarios
                                              if "example" in s.source})
    close = difflib.get_close_matches(wanted, ids, n=5, cutoff=0.6)
    if not close:
        close = [i for i in ids if i.lower().startswith(wanted.lower()[:3])][:5]
    if close:
        return f" (did you mean {', '.join(close)}?)"
    return " (ids look like R05-003; `fivetenk rules R05` lists a rule's scenarios)"


def _header(s: Scenario, spec: Spec) -> list[str]:
    v = report.visible
    lines = [f"{v(s.id, report.NAME_LIMIT)}: {v(s.name, report.NAME_LIMIT)}",
             f"  at {v(evidence.open_at(s), 2 * report.NAME_LIMIT)}"]
    for clause in s.clauses:
        text = spec.clauses[clause].en if clause in spec.clauses else "(unknown clause)"
        lines.append(f"  {v(clause, report.NAME_LIMIT)}: {v(text, report.MESSAGE_LIMIT)}")
    if s.rulings:
        named = [f"{r} ({spec.rulings[r].title})" if r in spec.rulings else r for r in s.rulings]
        lines.append("  rulings: " + v("; ".join(named), report.MESSAGE_LIMIT))
    if s.variants:
        lines.append("  variants: " + v(", ".join(f"{k}={val}" for k, val in
                                                    sorted(s.variants.items())), 400))
    if s.rejections_alone:
        lines.append(f"  rejections: {report.ALONE_NOTE}")
    shapes = _shapes(s)
    if shapes:
        lines.append("  shapes used: " + ", ".join(shapes))
    lines.append("  needs: " + ", ".join(sorted(s.needs)))
    return lines


def _shapes(s: Scenario) -> list[str]:
    try:
        return list(scenario_shapes(s))
    except Exception:
        return []


def _gherkin(s: Scenario) -> tuple[str, str, bool]:
    """(text, heading, as written)."""
    block = evidence.gherkin_block(s)
    if block is not None:
        return block[0], f"# {block[1]}", True
    # lazy: the renderer, for a scenario without a feature file only
    from .render import render_feature

    text = render_feature([s], "rendered from the JSON").split("\n", 2)[2].rstrip()
    return text, "# rendered by the kit from the JSON (no feature file to read)", False


def _text(s: Scenario, spec: Spec, shown: set[str], written: Scenario) -> list[str]:
    """The scenario ``s`` as it is judged (``--any-clause`` marks it), with the JSON of the
    scenario as ``written``."""
    lines = _header(s, spec)
    text, heading, _ = _gherkin(s)
    if heading in shown:
        lines += ["", f"Gherkin: the outline above ({heading[2:]})"]
    else:
        shown.add(heading)
        lines += ["", "Gherkin:", heading]
        lines += [report.visible(line, 1000) for line in text.split("\n")]
    lines += setup_lines(s)
    lines += ["", "JSON (schemas/scenario.schema.json):"]
    lines += [report.visible(line, 4000)
              for line in dumps(written.to_json()).rstrip().split("\n")]
    return lines


def _verdict(result: Result, index: int) -> str:
    """The verdict on step ``index`` of a replayed scenario."""
    if result.status == "passed" or (result.step is not None and index < result.step):
        return "as expected"
    if result.step is None or index > result.step:
        return "not run (the runner stops at the first step that fails or errors)"
    head = result.status.upper()
    if result.differences:
        total = max(result.total_differences, len(result.differences))
        return f"{head}: {total} difference{'s' * (total != 1)}"
    return f"{head}: {result.message}"


Exchange = tuple[dict[str, Any], "dict[str, Any] | None"]


def _cut(entries: list[Exchange]) -> tuple[list[Exchange], int, list[Exchange]]:
    """The first and last exchanges of a step, and how many between are left out (an
    ``advance`` is judged on its last observation)."""
    if len(entries) <= EXCHANGES_PER_STEP:
        return entries, 0, []
    half = EXCHANGES_PER_STEP // 2
    return entries[:half], len(entries) - 2 * half, entries[-half:]


def _exchange_lines(entries: list[Exchange], indent: str) -> list[str]:
    head, left_out, tail = _cut(entries)
    lines = []
    for part in (head, None, tail):
        if part is None:
            if left_out:
                lines.append(f"{indent}… {left_out} more exchanges")
            continue
        for request, reply in part:
            lines.append(f"{indent}→ {report.json_text(request, EXCHANGE_CHARS)}")
            lines.append(f"{indent}← " + (report.json_text(reply, EXCHANGE_CHARS)
                                          if reply is not None
                                          else "(no valid reply: see the verdict)"))
    return lines


def _exchange_json(entries: list[Exchange]) -> dict[str, Any]:
    head, left_out, tail = _cut(entries)
    return {"exchanges": [{"sent": q, "received": r} for q, r in [*head, *tail]],
            "left_out": left_out}


def _replay_text(s: Scenario, spec: Spec, result: Result, recorder: Recorder,
                 name: str) -> list[str]:
    v = report.visible
    lines = [f"Replay against {name}:"]
    if result.status == "skipped":
        lines.append(f"  skipped: {v(result.reason, report.TEXT_LIMIT)} (nothing was sent)")
        return lines
    setup = [(q, r) for i, q, r in recorder.log if i < 0 and q.get("cmd") != "hello"]
    if setup or s.setup is not None:
        what = "none" if s.setup is None else ("a position" if "position" in s.setup
                                               else "a deal")
        if s.refused_start is not None:  # its one step judges this exchange
            what += "; " + evidence.refused_setup_text(s.refused_start).removeprefix(
                "the setup: ")
        lines.append(f"  setup ({what}):")
        lines += _exchange_lines(setup, "    ")
        if result.status == "errored" and result.step is None:
            lines.append(f"    verdict: ERRORED: {v(result.message, report.MESSAGE_LIMIT)}")
    for index, step in enumerate(s.steps):
        written, _ = evidence.step_lines(s, index)
        where = f", line {step['line']}" if isinstance(step.get("line"), int) else ""
        lines.append(f"  step {index + 1}{where}: {v(written[0] if written else '', 400)}")
        lines += [f"      {v(text, 400)}" for text in written[1:]]
        expects = evidence.expectation_text(step, alone=s.rejections_alone)
        lines.append(f"    expects: {v(expects, report.MESSAGE_LIMIT)}")
        lines += _exchange_lines([(q, r) for i, q, r in recorder.log if i == index], "    ")
        if step.get("op") == "start":
            lines.append("    (no request of its own: it judges the setup's start above)")
        verdict = _verdict(result, index)
        lines.append(f"    verdict: {v(verdict, report.MESSAGE_LIMIT)}")
        if result.step == index and result.differences:
            lines += [f"      {v(m.describe(), 2 * report.VALUE_LIMIT)}"
                      for m in result.differences]
    lines.append(f"  result: {result.status}")
    if not result.ok:
        lines += ["", "As `fivetenk check` reports it:"]
        lines += report.describe_failure(result, spec)
    return lines


def _json(s: Scenario, spec: Spec, replay: tuple[Result, Recorder] | None,
          name: str, written: Scenario) -> dict[str, Any]:
    text, heading, as_written = _gherkin(s)
    out: dict[str, Any] = {
        "id": report.valid_text(s.id), "name": report.valid_text(s.name),
        "open": report.valid_text(evidence.open_at(s)),
        "clauses": {c: spec.clauses[c].en if c in spec.clauses else None for c in s.clauses},
        "rulings": {r: spec.rulings[r].title if r in spec.rulings else None for r in s.rulings},
        "variants": dict(sorted(s.variants.items())), "shapes": _shapes(s),
        "rejections": s.rejections,
        "needs": sorted(s.needs),
        "gherkin": report.valid_text(text, 100_000), "written": as_written,
        "gherkin_at": report.valid_text(heading.removeprefix("# ")),
        "scenario": written.to_json(),
        "filled_in": [report.valid_text(note) for note in s.filled_in],
    }
    if replay is not None:
        result, recorder = replay
        steps = []
        for index, step in enumerate(s.steps):
            text_lines, _ = evidence.step_lines(s, index)
            steps.append({
                "step": index + 1, "line": step.get("line"),
                "text": [report.valid_text(t) for t in text_lines],
                "expects": report.valid_text(
                    evidence.expectation_text(step, alone=s.rejections_alone)),
                **_exchange_json([(q, r) for i, q, r in recorder.log if i == index]),
                "verdict": report.valid_text(_verdict(result, index)),
            })
        out["replay"] = {
            "implementation": report.valid_text(name),
            "status": result.status,
            "setup": _exchange_json([(q, r) for i, q, r in recorder.log
                                     if i < 0 and q.get("cmd") != "hello"]),
            "steps": steps,
            "result": report.result_record(result),
        }
    return out


# ------------------------------------------------- the setup the kit built (issue 9)


def setup_lines(s: Scenario) -> list[str]:
    """The deal or position the kit built from the Gherkin, in full and in words, then
    every default it filled in (:attr:`~fivetenk.model.scenario.Scenario.filled_in`, each with
    its clause or ruling): no convention of the scenario language is silent (issue 9).
    [] without a setup."""
    if not s.setup:
        return []
    if "position" in s.setup:
        lines = ["", "The position the kit built (setup.position):"]
        lines += ["  " + line for line in position_text(s.setup["position"])]
    elif "deal" in s.setup:
        lines = ["", "The deal the kit built (setup.deal):"]
        lines += ["  " + line for line in deal_text(s.setup["deal"])]
    else:
        return []
    if s.filled_in:
        lines.append("Filled in by the kit (not written in the scenario):")
        lines += [f"  - {report.visible(note, report.MESSAGE_LIMIT)}" for note in s.filled_in]
    elif s.origin:
        lines.append("Filled in by the kit: nothing, the setup is given whole in the JSON")
    else:
        lines.append("Filled in by the kit: nothing, the scenario writes all of it")
    return lines


def _listed(items: Any) -> str:
    return " ".join(map(str, items)) if items else "(none)"


def position_text(position: dict[str, Any]) -> list[str]:
    """A position in full, one fact a line: the match, the banker, every hand, the calls
    and whether the whole-side check is active (R17.1), the burial, the captured points,
    the trick, whose turn it is and who is out, in the order they went out."""
    # lazy: the scenario language, only to word a position
    from ..language.positions import whole_side_check

    v = report.visible
    banker = position.get("banker")
    reveal = position.get("reveal")
    how = (f" (revealed {v(str(reveal.get('card')), 4)} at draw {reveal.get('draw')})"
           if isinstance(reveal, dict) else " (no reveal)")
    lines = _match_lines(position, f"hand {position.get('hand', 1)}, deal "
                                   f"{position.get('deal', 1)}, "
                                   f"{position.get('phase', 'playing')}; banker: seat {banker}"
                                   + how)
    out = position.get("out") or []
    for seat, cards in enumerate(position.get("hands") or []):
        held = (f"{len(cards)} card{'s' * (len(cards) != 1)}: {v(_listed(cards), 400)}"
                if cards
                else "nothing" + (" (out)" if seat in out else ""))
        lines.append(f"seat {seat} holds {held}")
    for n, call in enumerate(position.get("calls") or [], 1):
        by = call.get("resolved_by")
        state = "still open" if by is None else f"resolved by seat {by}" + (
            ", the banker (a self-call)" if by == banker else "")
        ordinal = {1: "1st", 2: "2nd", 3: "3rd"}.get(call.get("ordinal"), "?")
        lines.append(f"call {n}: the {ordinal} {v(str(call.get('face')), 4)}, "
                     f"{call.get('played', 0)} played, {state}")
    if position.get("phase", "playing") == "playing":
        lines.append(f"whole-side check: {whole_side_check(position)}")
    lines.append(f"buried: {v(_listed(position.get('buried')), 100)}")
    lines.append(f"captured points, seats 0-5: {v(_listed(position.get('captured')), 100)}")
    trick = position.get("trick")
    if trick:
        plays = []
        for i, entry in enumerate(trick.get("plays", [])):
            if entry.get("pass"):
                plays.append(f"seat {entry.get('seat')} passed")
            else:
                plays.append(f"seat {entry.get('seat')} {'led' if i == 0 else 'played'} "
                             f"{_listed(entry.get('cards'))} as {entry.get('combo')}")
        lines.append("trick: " + v("; ".join(plays), 600))
    elif position.get("phase", "playing") == "playing":
        lines.append("trick: none, a lead is due")
    else:
        lines.append("trick: none, play has not begun")
    lines.append(f"turn: seat {position.get('turn')}")
    lines.append(f"out, in the order they went out: {_listed(out)}")
    return lines


def _match_lines(setup: dict[str, Any], head: str) -> list[str]:
    """The match a position or deal is in: ``head``, the levels, and for a later hand the
    previous banker and winners (D5, D6)."""
    v = report.visible
    levels = " ".join(map(str, setup.get("levels") or ["3"] * 6))
    lines = [f"{head}; levels: {v(levels, 80)}"]
    if setup.get("hand", 1) != 1:
        lines.append(f"previous banker: seat {setup.get('previous_banker')}; previous "
                     f"winners: {v(_listed(setup.get('previous_winners')), 40)}")
    return lines


def deal_text(deal: dict[str, Any]) -> list[str]:
    """A deal in full: the match, who receives the first card, what each seat receives in
    dealing order (D2: one card a draw, 26 each), the kitty, how many redeal decks."""
    v = report.visible
    deck = list(deal.get("deck") or [])
    first = deal.get("first")
    said = f"the first card goes to seat {first}"
    if "first" not in deal:  # the engine's D2 default decides
        banker = deal.get("previous_banker")
        first = (0 if deal.get("hand", 1) == 1 else
                 (banker + 1) % 6 if isinstance(banker, int) and 0 <= banker < 6 else None)
        said = ("the first receiver is not sent: by D2 the engine deals the first card to "
                f"seat {first}" if first is not None else "the first receiver is not sent")
    lines = _match_lines(deal, f"hand {deal.get('hand', 1)}; {said}")
    if len(deck) == 162 and isinstance(first, int):
        for seat in range(6):
            received = deck[(seat - first) % 6:156:6]
            lines.append(f"seat {seat} receives, in order: {v(_listed(received), 400)}")
        lines.append(f"kitty: {v(_listed(deck[156:]), 100)}")
    redeals = deal.get("redeals") or []
    if redeals:
        lines.append(f"redeal decks: {len(redeals)} (in the JSON below)")
    return lines
