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
import difflib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from . import catalog, evidence, report
from .runner import Result, run_scenario
from .scenario import Scenario, dumps
from .spec_data import Spec, load_spec

EXCHANGE_CHARS = 2000
"""Characters shown of one request or reply in the text output."""
EXCHANGES_PER_STEP = 24
"""Exchanges shown of one step (an ``advance`` may make hundreds: observe, skip, …)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    from .check_cmd import _positive, _restarts

    p.add_argument("id", metavar="ID",
                   help="a scenario id (R05-003; an outline id shows every row: R02-001)")
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                   help="your own .feature / .json scenarios or folders, as for check")
    p.add_argument("--impl", metavar="CMD",
                   help="replay the scenario against this implementation over the adapter "
                   "protocol and print the whole exchange, step by step")
    p.add_argument("--timeout", type=_positive, default=10.0, metavar="SECONDS",
                   help="with --impl: seconds to wait for each reply (default 10)")
    p.add_argument("--restarts", type=_restarts, default=5, metavar="N",
                   help="with --impl: restart a misbehaving implementation at most N times "
                   "(default 5)")
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

    _HIDDEN = frozenset({"run_many", "stream"})

    def __init__(self, driver: Any) -> None:
        self._driver = driver
        self.step = -1
        self.log: list[tuple[int, dict[str, Any], dict[str, Any] | None]] = []
        """(step index or -1 for the setup and handshake, request, reply or None)."""
        driver.trace = self._trace

    def __getattr__(self, name: str) -> Any:
        if name in Recorder._HIDDEN:
            raise AttributeError(name)
        return getattr(self._driver, name)

    @property
    def name(self) -> str:
        return str(self._driver.name)

    @name.setter
    def name(self, value: str) -> None:  # pragma: no cover - required by the Protocol only
        raise AttributeError("the name comes from the implementation")

    @property
    def capabilities(self) -> frozenset[str]:
        return frozenset(self._driver.capabilities)

    @capabilities.setter
    def capabilities(self, value: frozenset[str]) -> None:  # pragma: no cover - Protocol only
        raise AttributeError("capabilities come from the implementation")

    def supports_variants(self, variants: dict[str, str]) -> bool:
        return bool(self._driver.supports_variants(variants))

    def start(self, variants: dict[str, str], setup: dict[str, Any] | None) -> dict[str, Any]:
        self.step = -1
        answer: dict[str, Any] = self._driver.start(variants, setup)
        return answer

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
    from .cli import UsageError

    out = out or sys.stdout
    scenarios = catalog.load(args.paths, with_shipped=True)
    chosen = [s for s in scenarios if s.id == args.id or s.id.startswith(args.id + ".")]
    if not chosen:
        raise UsageError(f"no scenario {args.id!r}{_suggest(args.id, scenarios)}")
    if getattr(args, "any_clause", False):
        from .check_cmd import without_rejection_clauses

        chosen = [without_rejection_clauses(s) for s in chosen]
    spec = load_spec()
    replays: list[tuple[Result, Recorder]] = []
    name = ""
    if getattr(args, "impl", None) is not None:
        from .check_cmd import _process_driver

        driver = _process_driver(args)
        try:
            for s in chosen:
                recorder = Recorder(driver)
                replays.append((run_scenario(recorder, s), recorder))
            name = report.visible(_name(driver), report.NAME_LIMIT)
        finally:
            driver.close()
    if args.json:
        document = {"scenarios": [
            _json(s, spec, replays[i] if replays else None, name)
            for i, s in enumerate(chosen)]}
        out.write(json.dumps(document, allow_nan=False, indent=2) + "\n")
    else:
        shown: set[str] = set()
        for i, s in enumerate(chosen):
            out.write("\n".join(_text(s, spec, shown)) + "\n")
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
    shapes = _shapes(s)
    if shapes:
        lines.append("  shapes used: " + ", ".join(shapes))
    lines.append("  needs: " + ", ".join(sorted(s.needs)))
    return lines


def _shapes(s: Scenario) -> list[str]:
    try:
        return list(evidence._shapes_of()(s))
    except Exception:
        return []


def _gherkin(s: Scenario) -> tuple[str, str, bool]:
    """(text, heading, as written)."""
    block = evidence.gherkin_block(s)
    if block is not None:
        return block[0], f"# {block[1]}", True
    from .render_cmd import render_feature

    text = render_feature([s], "rendered from the JSON").split("\n", 2)[2].rstrip()
    return text, "# rendered by the kit from the JSON (no feature file to read)", False


def _text(s: Scenario, spec: Spec, shown: set[str]) -> list[str]:
    lines = _header(s, spec)
    text, heading, _ = _gherkin(s)
    if heading in shown:
        lines += ["", f"Gherkin: the outline above ({heading[2:]})"]
    else:
        shown.add(heading)
        lines += ["", "Gherkin:", heading]
        lines += [report.visible(line, 1000) for line in text.split("\n")]
    lines += ["", "JSON (schemas/scenario.schema.json):"]
    lines += [report.visible(line, 4000) for line in dumps(s.to_json()).rstrip().split("\n")]
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
        lines.append(f"  setup ({what}):")
        lines += _exchange_lines(setup, "    ")
        if result.status == "errored" and result.step is None:
            lines.append(f"    verdict: ERRORED: {v(result.message, report.MESSAGE_LIMIT)}")
    for index, step in enumerate(s.steps):
        written, _ = evidence.step_lines(s, index)
        where = f", line {step['line']}" if isinstance(step.get("line"), int) else ""
        lines.append(f"  step {index + 1}{where}: {v(written[0] if written else '', 400)}")
        lines += [f"      {v(text, 400)}" for text in written[1:]]
        lines.append(f"    expects: {v(evidence.expectation_text(step), report.MESSAGE_LIMIT)}")
        lines += _exchange_lines([(q, r) for i, q, r in recorder.log if i == index], "    ")
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
          name: str) -> dict[str, Any]:
    text, heading, as_written = _gherkin(s)
    out: dict[str, Any] = {
        "id": report.valid_text(s.id), "name": report.valid_text(s.name),
        "open": report.valid_text(evidence.open_at(s)),
        "clauses": {c: spec.clauses[c].en if c in spec.clauses else None for c in s.clauses},
        "rulings": {r: spec.rulings[r].title if r in spec.rulings else None for r in s.rulings},
        "variants": dict(sorted(s.variants.items())), "shapes": _shapes(s),
        "needs": sorted(s.needs),
        "gherkin": report.valid_text(text, 100_000), "written": as_written,
        "gherkin_at": report.valid_text(heading.removeprefix("# ")),
        "scenario": s.to_json(),
    }
    if replay is not None:
        result, recorder = replay
        steps = []
        for index, step in enumerate(s.steps):
            written, _ = evidence.step_lines(s, index)
            steps.append({
                "step": index + 1, "line": step.get("line"),
                "text": [report.valid_text(t) for t in written],
                "expects": report.valid_text(evidence.expectation_text(step)),
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
