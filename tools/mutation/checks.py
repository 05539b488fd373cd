"""Checking the hand-judged exclusions (issue 30): a mutant set aside as *equivalent* leaves
the protocol-observable rate's denominator only once a mechanism has checked the judgement.

Each kind has its mechanism (:data:`MECHANISMS`):

- ``python-api``: **the adapter's call graph** (:func:`adapter_reach`). Every function the
  adapter process can run is found by name from ``fivetenk.impl.adapter``: the module-level code
  of every module it imports (lazily too) and every function of the adapter itself are
  roots; a function is reachable when its name is read (a call, an attribute, an import,
  or a string that spells it, which covers ``getattr(engine, cmd)``) by reachable code, a
  class's special methods when the class is. This over-approximates: a function it does
  not reach is never run by the adapter, whatever the request (checked, not observable).
  A reachable one is judged as ``same-behaviour`` is, by the fuzz.
- ``same-behaviour`` and ``message-text``: **a differential fuzz of the mutant**
  (:func:`fuzz_judge`): the mutated engine is served behind ``fivetenk adapter`` (a forked
  adapter, as the judging does) and ``fivetenk fuzz``'s campaign, with a small fixed
  budget (:class:`FuzzBudget`: a number of cases and a seed, never seconds), compares it
  with the unmutated reference. Then the entry's **targeted cases** (its ``cases``:
  setups such as a refused position, which the fuzz never sends) go to the mutated and an
  unmutated adapter (``start``, then ``observe`` for each seat when accepted,
  :func:`_start_and_observe`), and **the scenarios whose run reached the mutated line**
  (the judging's own line trace, quickest first, at most :data:`REPLAY_LIMIT`) are
  replayed through both (:func:`replay`): *every* reply is compared, not only what a
  scenario asserts, as the kit judges replies (:func:`_without_messages`: a message, and
  a rejection's ``error`` object, left out; they are for people): inputs known to run the
  line, where the fuzz may not reach it (:func:`against_reference`). A divergence in the
  fuzz, a case or a scenario: *found observable*. None, and the adapter ran the mutated
  line during the campaign, a case or the replay (for a module-level mutant: a line of a
  function reading the value it binds, :func:`use_lines`): *checked, not found
  observable*. None, but that line never ran: *unverified*, since nothing was said about
  it.
- ``schema-forbidden``: **the distinguishing input, compiled** (:func:`witness_check`).
  The entry gives a ``witness``: the setup of a scenario (``{"position": ...}`` or
  ``{"deal": ...}``) that reaches the change. It is compiled as a scenario's setup with
  the kit's own checks (:func:`fivetenk.model.scenario.problems`): a problem at ``$.setup``
  means the kit refuses to send it (checked); compiled cleanly, the exclusion is *found
  observable*. The witness must tell the mutant apart: sent as ``start`` (then
  ``observe`` for each seat when accepted) to the unmutated and the mutated adapter, the
  replies must differ (their messages included: under input the kit never sends, a change
  of words shows the witness ran the mutated code as well as any), else the entry stays
  *unverified*. A witness the kit compiles cleanly whose replies differ in their words
  only is no schema judgement: *unverified* (to be judged ``message-text``). An entry
  without a witness is *unverified*. A ``"*"`` entry gives a list of witnesses (one
  entry covering several mutants of a function): the ones that tell a mutant apart are
  its witnesses, and each of them must be refused; none telling it apart leaves it
  *unverified*.
- ``impossible-position`` is not an exclusion: those mutants count as survivors.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

from ..fuzz.campaign import Plan, make_mode, run_chunk, variant_combos
from ..fuzz.findings import divergence_lines
from ..impl.drivers import DriverError, advance, expand_capabilities
from ..model.scenario import START_OP, problems
from ..suite.runner import request_of, start_reply
from .engine import apply_mutant
from .operators import PACKAGE, Mutant, source_path
from .pool import Job, run_children
from .through_adapter import driver

CHECKED = "not-observable"
"""The mechanism ran and did not find the mutant observable: it leaves the denominator."""
OBSERVABLE = "observable"
"""The mechanism found the mutant observable: the hand judgement was wrong."""
UNVERIFIED = "unverified"
"""No mechanism could check the judgement: it stays in the denominator, shown apart."""
VERDICTS = (CHECKED, OBSERVABLE, UNVERIFIED)

MECHANISMS = {"python-api": "call graph", "same-behaviour": "fuzz", "message-text": "fuzz",
              "schema-forbidden": "schema"}
"""How each excludable kind is checked."""

ADAPTER = "fivetenk.impl.adapter"


@dataclass(frozen=True)
class FuzzBudget:
    """The differential fuzz of one mutant: ``cases`` cases of ``fivetenk fuzz``'s campaign
    with ``seed``, in ``modes`` (in turn, as the command interleaves them)."""

    cases: int = 90
    seed: int = 30
    modes: tuple[str, ...] = ("queries", "games", "endings")

    def text(self) -> str:
        return f"{self.cases} cases, seed {self.seed}, modes {'+'.join(self.modes)}"


DEFAULT_BUDGET = FuzzBudget()

REPLAY_LIMIT = 200
"""The most scenarios reaching a mutated line that :func:`fuzz_judge` replays (the
quickest first)."""


# --------------------------------------------------------------------------- the call graph


def _kit_module_path(name: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin)


def _imports_of(name: str, tree: ast.Module, is_package: bool) -> Iterator[str]:
    """The modules of the kit ``tree`` imports, at any depth (lazy imports included)."""
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            yield module
            for alias in node.names:
                yield f"{module}.{alias.name}"


def _closure(root: str) -> dict[str, ast.Module]:
    """Every module of the kit (``fivetenk...``) that ``root`` imports, directly or not,
    lazily or not, with its parent packages: name -> parsed source."""
    out: dict[str, ast.Module] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        if name in out or not name.startswith("fivetenk"):
            continue
        path = _kit_module_path(name)
        if path is None:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        out[name] = tree
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        todo += list(_imports_of(name, tree, path.name == "__init__.py"))
    return out


def _names_in(nodes: Sequence[ast.AST]) -> set[str]:
    """Every name ``nodes`` read: names, attributes, imported names, and strings that are
    identifiers (``getattr(obj, "name")``, dispatch by a command's name)."""
    out: set[str] = set()
    for top in nodes:
        for node in ast.walk(top):
            if isinstance(node, ast.Name):
                out.add(node.id)
            elif isinstance(node, ast.Attribute):
                out.add(node.attr)
            elif isinstance(node, ast.alias):
                out.add(node.name.rpartition(".")[2])
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.isidentifier():
                out.add(node.value)
    return out


@dataclass
class _Def:
    module: str
    qualname: str
    node: ast.FunctionDef | ast.AsyncFunctionDef
    owner: str
    """The class holding it ("" for a module's function)."""


def _defs(module: str, tree: ast.Module) -> tuple[list[_Def], list[ast.AST]]:
    """The functions and methods of a module (nested classes included), and the code that
    runs when it is imported (everything else: module and class bodies, decorators,
    default values, base classes)."""
    defs: list[_Def] = []
    run: list[ast.AST] = []

    def visit(body: list[ast.stmt], prefix: str, owner: str) -> None:
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defs.append(_Def(module, prefix + stmt.name, stmt, owner))
                run.extend(stmt.decorator_list)
                run.extend([*stmt.args.defaults, *[d for d in stmt.args.kw_defaults if d]])
            elif isinstance(stmt, ast.ClassDef):
                run.extend([*stmt.decorator_list, *stmt.bases, *stmt.keywords])
                visit(stmt.body, f"{prefix}{stmt.name}.", stmt.name)
            else:
                run.append(stmt)

    visit(tree.body, "", "")
    return defs, run


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


@cache
def adapter_reach() -> frozenset[tuple[str, str]]:
    """(module, qualified name) of every function and method of the engine that the adapter
    process can run (see the module's docstring); the module is the engine's short name
    (``game``), as mutants name it."""
    modules = _closure(ADAPTER)
    defs: list[_Def] = []
    names: set[str] = set()
    for name, tree in modules.items():
        mine, run = _defs(name, tree)
        defs += mine
        names |= _names_in(run)
        if name == ADAPTER:  # the entry points: everything of the adapter itself
            names |= {d.qualname.rpartition(".")[2] for d in mine}
    reached: set[int] = set()
    changed = True
    while changed:
        changed = False
        for index, d in enumerate(defs):
            if index in reached:
                continue
            short = d.qualname.rpartition(".")[2]
            if short in names or (_dunder(short) and d.owner and d.owner in names):
                reached.add(index)
                names |= _names_in([d.node])
                changed = True
    prefix = PACKAGE + "."
    return frozenset((d.module[len(prefix):], d.qualname) for i, d in enumerate(defs)
                     if i in reached and d.module.startswith(prefix))


def engine_functions() -> frozenset[tuple[str, str]]:
    """(module, qualified name) of every function of the engine the call graph read."""
    prefix = PACKAGE + "."
    out = set()
    for name, tree in _closure(ADAPTER).items():
        if name.startswith(prefix):
            out |= {(name[len(prefix):], d.qualname) for d in _defs(name, tree)[0]}
    return frozenset(out)


def call_graph_check(mutant: Mutant) -> tuple[str, str] | None:
    """The verdict of the call graph on a ``python-api`` mutant: checked when the adapter
    can never run its function; None when it can (or the mutant is at module level), and
    the fuzz must judge it."""
    if not mutant.scope:
        return None
    top = mutant.scope
    if (mutant.module, top) not in engine_functions():
        return None  # not a function the call graph knows: say nothing
    if (mutant.module, top) in adapter_reach():
        return None
    return CHECKED, (f"call graph: no code reachable from {ADAPTER} reads the name "
                     f"{top.rpartition('.')[2]!r}, so the adapter never runs "
                     f"{mutant.module}.{top}")


# --------------------------------------------------------------------------- the fuzz


def _span_tracer(lines: dict[str, set[int]], seen: list[int]) -> Any:
    """A ``sys.settrace`` function noting (in ``seen``) the first time one of ``lines``
    (file -> line numbers) runs, then tracing nothing more."""

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        if seen:
            return None
        mine = lines.get(frame.f_code.co_filename)
        if mine is None:
            return None

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "line" and frame.f_lineno in mine:
                seen.append(frame.f_lineno)
                sys.settrace(None)
                return None
            return local

        return local(frame, event, arg)

    return tracer


def _statement_at(body: Sequence[ast.stmt], line: int) -> ast.stmt | None:
    """The innermost statement of ``body`` holding ``line`` (inside classes too)."""
    for stmt in body:
        if stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno):
            if isinstance(stmt, ast.ClassDef):
                return _statement_at(stmt.body, line) or stmt
            return stmt
    return None


def _bound(stmt: ast.stmt) -> set[str]:
    """The names a module- or class-level statement binds (a function's, for a mutated
    default value)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, ast.Assign):
        targets: list[ast.AST] = list(stmt.targets)
    elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
        targets = [stmt.target]
    else:
        targets = [stmt]
    out: set[str] = set()
    for node in (n for t in targets for n in ast.walk(t)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
    return out


def use_lines(mutant: Mutant, trees: dict[str, ast.Module]) -> dict[str, set[int]]:
    """Where a module-level mutant's value is used at run time: the lines of the engine's
    functions that read a name its statement binds, or a name bound from one (``TABLE =
    {... X ...}``), to a fixpoint (file -> line numbers). Running one of them is what
    "the fuzz reached it" means for such a mutant."""
    stmt = _statement_at(trees[mutant.module].body, mutant.line)
    names = _bound(stmt) if stmt is not None else set()
    out: dict[str, set[int]] = {}
    changed = True
    while changed:
        changed = False
        for tree in trees.values():
            for top in tree.body:
                for node in [top, *(top.body if isinstance(top, ast.ClassDef) else [])]:
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        continue
                    if _names_in([node]) & names and not _bound(node) <= names:
                        names |= _bound(node)
                        changed = True
    for module, tree in trees.items():
        lines: set[int] = set()
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for use in ast.walk(func):
                if (isinstance(use, ast.Name) and use.id in names) or (
                        isinstance(use, ast.Attribute) and use.attr in names):
                    lines.add(use.lineno)
        if lines:
            out[str(source_path(module))] = lines
    return out


def fuzz_judge(mutant: Mutant, trees: dict[str, ast.Module], budget: FuzzBudget,
               timeout: float = 3.0, cases: Sequence[Any] = (),
               scenarios: Sequence[Any] = ()) -> dict[str, Any]:
    """In a forked child (unmutated): serve ``mutant`` from a forked adapter that notes
    whether the mutated lines run, fuzz it against the reference with ``budget``, then send
    the setups of ``cases`` and replay ``scenarios`` (those reaching the mutated line)
    through it and through an unmutated adapter (:func:`against_reference`); the verdict
    (``check``: one of :data:`VERDICTS`, ``note``)."""

    if mutant.scope:
        lines = {str(source_path(mutant.module)): set(range(mutant.line, mutant.end_line + 1))}
    else:
        lines = use_lines(mutant, trees)
    seen: list[int] = []

    def prepare() -> None:
        apply_mutant(mutant, mutant.module, trees)
        if lines:
            sys.settrace(_span_tracer(lines, seen))

    def finish(fd: int) -> None:
        sys.settrace(None)
        if seen:
            os.write(fd, b"1")

    with tempfile.TemporaryFile() as side:
        with driver(prepare, timeout, finish, side.fileno()) as d:
            capabilities = expand_capabilities(d.capabilities)  # the handshake
            hello = d.hello
            if hello is None:
                return {"check": OBSERVABLE, "note": "fuzz: the mutated adapter does not "
                        f"start: {d.last_error[:300]}"}
            modes = {}
            for name in budget.modes:
                mode = make_mode(name, capabilities, None, None)
                if mode is not None and not mode.needs(capabilities, {}):
                    modes[name] = mode
            combos = {n: variant_combos(dict(hello.variants), {},
                                        getattr(m, "variant_names", None))
                      for n, m in modes.items()}
            plan = Plan(budget.seed, list(modes), combos, capabilities, None, None)
            outcomes = run_chunk(plan, modes, d, range(budget.cases))
            found = [o for o in outcomes if o.divergence is not None]
            differs = "" if found else against_reference(d, cases, scenarios, timeout)
        side.seek(0)
        reached = bool(side.read())
    how = f"fuzz ({budget.text()})" + (
        f" and {len(cases)} targeted case{'s' if len(cases) > 1 else ''}" if cases else "")
    if found:
        o = found[0]
        assert o.divergence is not None
        said = "; ".join(divergence_lines(o.divergence)[:4])
        return {"check": OBSERVABLE, "note": (
            f"{how}: case {o.index} ({o.mode}, {o.kind}) diverged"
            f"{f' and {len(found) - 1} more' if len(found) > 1 else ''}: {said}")[:600]}
    if differs:
        return {"check": OBSERVABLE, "note": (
            f"{how}: no divergence in the fuzz; {differs}")[:600]}
    what = "the mutated line" if mutant.scope else "a line using the mutated value"
    replayed = (f"; the {len(scenarios)} scenario{'s' if len(scenarios) != 1 else ''} "
                f"reaching it replayed, every reply the same (messages aside)"
                if scenarios else "")
    if not reached:
        return {"check": UNVERIFIED, "note": f"{how}{replayed}: no divergence, but {what} "
                                             f"never ran"}
    return {"check": CHECKED, "note": f"{how}{replayed}: {what} ran, no divergence"}


def _replies_of(d: Any, scenario: Any) -> list[Any]:
    """Every reply ``d`` gives to ``scenario``'s requests (its ``start``, then each step;
    an ``advance`` step as the observation it ends on), messages left out; a driver error
    (a crash, a reply out of protocol, a late one) as ``"errored"``."""
    out: list[Any] = []
    try:
        reply = start_reply(d, scenario.variants, scenario.setup)
        out.append(_without_messages(reply))
        if reply.get("accepted") is False:
            return out
        for step in scenario.steps:
            if step["op"] == START_OP:
                continue
            if step["op"] == "advance":
                out.append(_without_messages(advance(d, step["until"])))
            else:
                out.append(_without_messages(d.run(request_of(step))))
    except DriverError:
        out.append("errored")
    return out


def against_reference(d: Any, cases: Sequence[Any], scenarios: Sequence[Any],
                      timeout: float = 3.0) -> str:
    """Send each setup of ``cases`` (:func:`_start_and_observe`), then replay
    ``scenarios`` (:func:`replay`), through the driver ``d`` (the mutated adapter) and
    through a fresh unmutated forked adapter; where their replies first differ, in words
    ("" when every reply is the same, messages aside)."""
    if not cases and not scenarios:
        return ""
    with driver(lambda: None, timeout) as reference:
        for index, setup in enumerate(cases, 1):
            plain = _without_messages(_start_and_observe(reference, setup))
            mutated = _without_messages(_start_and_observe(d, setup))
            if plain != mutated:
                return f"targeted case {index} diverged {_difference(plain, mutated)}"
        differs = replay(d, reference, scenarios)
    return f"replayed, {differs}" if differs else ""


def replay(d: Any, reference: Any, scenarios: Sequence[Any]) -> str:
    """Replay ``scenarios`` through the driver ``d`` (the mutated adapter) and the driver
    ``reference`` (an unmutated one); where their replies first differ, in words ("" when
    every reply is the same, messages aside). Every reply is compared, not only what a
    scenario asserts: a difference is a behaviour the suite does not pin."""
    for scenario in scenarios:
        plain = _replies_of(reference, scenario)
        mutated = _replies_of(d, scenario)
        if plain != mutated:
            where = _difference(plain, mutated, ["start"] + [
                f"step {i} ({s['op']})" for i, s in enumerate(scenario.steps, 1)])
            return f"scenario {scenario.id} answered otherwise {where}"
    return ""


# --------------------------------------------------------------------------- the schema


WITNESS_SCENARIO: dict[str, Any] = {
    "id": "witness", "name": "The distinguishing input of a schema-forbidden mutant",
    "clauses": ["R01.1"], "steps": [{"op": "start", "expect": {"accepted": False}}]}
"""The scenario a witness setup is compiled in (valid with any valid setup)."""


def witness_problems(setup: Any) -> list[str]:
    """What the kit says when compiling a scenario whose setup is ``setup`` (schema first,
    then the checks the schema cannot make), at ``$.setup`` only."""

    found = problems({**WITNESS_SCENARIO, "setup": setup})
    return [f"{path}: {message}" for path, message in found
            if path == "$.setup" or path.startswith(("$.setup.", "$.setup["))]


def _without_messages(reply: Any) -> Any:
    """A reply as the kit judges it: every ``message`` left out, and a rejection's ``error``
    object (its code, clause and message), since a rejection is judged by ``accepted`` and
    ``clause`` alone (protocol.md, section 3: the error is for people, never compared)."""
    if isinstance(reply, dict):
        rejected = reply.get("accepted") is False
        return {k: _without_messages(v) for k, v in reply.items()
                if k != "message" and not (rejected and k == "error")}
    if isinstance(reply, list):
        return [_without_messages(v) for v in reply]
    return reply


def _start_and_observe(d: Any, setup: Any) -> list[Any]:
    """The replies of the driver ``d`` to ``start`` with ``setup`` and, when it is
    accepted, to ``observe`` for each seat: what an engine shows of it, messages
    included; a driver error (a crash, a reply out of protocol) in words."""

    out: list[Any] = []
    try:
        reply = d.start_reply({}, setup)
        out.append(reply)
        if reply.get("accepted") is not False:
            for seat in range(6):
                out.append(d.run({"op": "observe", "seat": seat}))
    except DriverError as err:
        out.append({"error": str(err)[:300]})
    return out


def _replies_all(prepare: Callable[[], None], setups: Sequence[Any]) -> list[list[Any]]:
    """The replies of one adapter (``prepare`` run in it first) to each of ``setups`` in
    turn (:func:`_start_and_observe`), messages included."""
    with driver(prepare) as d:
        return [_start_and_observe(d, setup) for setup in setups]


WITNESS_REQUESTS = ("start", *[f"observe seat {seat}" for seat in range(6)])
"""What a witness or a targeted case sends, in order (:func:`_start_and_observe`)."""


def _difference(reference: list[Any], mutant: list[Any],
                asked: Sequence[str] = WITNESS_REQUESTS) -> str:
    """Where the replies to a witness or a targeted case (or to a replayed scenario's
    requests, ``asked``) first differ, in words."""
    for i, (a, b) in enumerate(zip(reference, mutant, strict=False)):
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)][:3]
            said = "; ".join(f"{k}: reference {json.dumps(a.get(k))[:80]}, mutant "
                             f"{json.dumps(b.get(k))[:80]}" for k in keys)
        else:
            said = f"reference {json.dumps(a)[:120]}, mutant {json.dumps(b)[:120]}"
        return f"to {asked[i] if i < len(asked) else i}: {said}"
    return (f"the reference answered {len(reference)} requests, the mutant "
            f"{len(mutant)}")


def _witnesses(witness: Any) -> list[Any]:
    """An entry's witnesses: one setup, or a list of them."""
    return list(witness) if isinstance(witness, list) else [witness]


def witness_judge(mutant: Mutant, trees: dict[str, ast.Module],
                  witness: Any) -> dict[str, Any]:
    """In a forked child: the replies of the unmutated and the mutated adapter to each
    witness setup (``witness``: one, or a list; :func:`_replies_all`), and for each
    whether they differ as the kit judges them (``same``: not) and at all, messages
    included (``exercised``)."""
    setups = _witnesses(witness)
    plain = _replies_all(lambda: None, setups)
    mutated = _replies_all(lambda: apply_mutant(mutant, mutant.module, trees), setups)
    return {"witnesses": [{"same": _without_messages(a) == _without_messages(b),
                           "exercised": a != b, "reference": a, "mutant": b}
                          for a, b in zip(plain, mutated, strict=True)]}


def witness_check(mutant: Mutant, witness: Any, told_apart: dict[str, Any]) -> tuple[str, str]:
    """The verdict on a ``schema-forbidden`` mutant, from its entry's ``witness`` (one
    setup, or a list) and the replies of :func:`witness_judge` (``told_apart``): checked
    when a witness tells the mutant apart (in words too) and every one that does is
    refused; found observable when one that does compiles and the replies differ beyond
    their words; unverified when one compiles and differs in words only."""
    if witness is None:
        return UNVERIFIED, "schema: the entry gives no witness (distinguishing setup)"
    setups = _witnesses(witness)
    replies = told_apart.get("witnesses") or [{}] * len(setups)
    several = isinstance(witness, list)
    apart = [(i, setup, r) for i, (setup, r) in enumerate(zip(setups, replies, strict=True))
             if r.get("exercised", False)]
    if not apart:
        if several:
            return UNVERIFIED, (f"schema: none of the {len(setups)} witnesses tells the "
                                "mutant apart")
        both = json.dumps(replies[0].get("reference"))[:200]
        return UNVERIFIED, ("schema: the witness does not tell the mutant apart (both "
                            f"adapters answer start with {both})")

    def name(i: int) -> str:
        return f"witness {i + 1} of {len(setups)}" if several else "the witness"

    compiled = [(i, r) for i, setup, r in apart if not witness_problems(setup)]
    for i, r in compiled:
        if not r.get("same"):
            return OBSERVABLE, (f"schema: {name(i)} compiles as a scenario's setup, and the "
                                "replies differ: " + _difference(
                                    _without_messages(r["reference"]),
                                    _without_messages(r["mutant"])))
    if compiled:
        return UNVERIFIED, (f"schema: {name(compiled[0][0])} compiles as a scenario's setup "
                            "and the replies differ in their messages only: no schema keeps "
                            "it out, judge it by its words (message-text)")
    i, setup, r = apart[0]
    words = " (in their messages only)" if r.get("same") else ""
    refused = witness_problems(setup)
    return CHECKED, (f"schema: the kit refuses to compile {name(i)}, which tells the mutant "
                     f"apart{words}: {refused[0]}")[:400]


# --------------------------------------------------------------------------- all of them


def check_all(items: Sequence[tuple[Any, ...]], trees: dict[str, ast.Module],
              budget: FuzzBudget, jobs: int,
              progress: Callable[[int, int], None] | None = None,
              reaching: Callable[[Mutant], Sequence[Any]] | None = None,
              ) -> list[tuple[str, str]]:
    """The verdict of each (mutant, kind, witness) or (mutant, kind, witness, cases): (one
    of :data:`VERDICTS`, the evidence). Children run the fuzz (then send the entry's
    ``cases`` and replay the scenarios ``reaching`` gives for the mutant) and the
    witnesses, ``jobs`` at a time."""

    def fuzz(mutant: Mutant, cases: tuple[Any, ...]) -> Job:
        scenarios = list(reaching(mutant))[:REPLAY_LIMIT] if reaching is not None else []
        return (partial(fuzz_judge, mutant, trees, budget, cases=cases, scenarios=scenarios),
                60.0 + budget.cases * 4 + len(cases) * 10 + len(scenarios) * 4)

    verdicts: list[tuple[str, str] | None] = []
    work: list[Job] = []
    kinds: list[str] = []
    for mutant, kind, witness, *more in items:
        cases = tuple(more[0]) if more else ()
        if kind == "python-api":
            found = call_graph_check(mutant)
            if found is not None:
                verdicts.append(found)
                continue
            work.append(fuzz(mutant, cases))
            kinds.append(f"call graph: the adapter may run {mutant.module}."
                         f"{mutant.scope or mutant.function}, so the fuzz judged it; ")
            verdicts.append(None)
            continue
        if kind == "schema-forbidden":
            if witness is None:
                verdicts.append(witness_check(mutant, None, {}))
                continue
            work.append((partial(witness_judge, mutant, trees, witness),
                         120.0 + 10 * len(_witnesses(witness))))
            kinds.append("schema")
        elif kind in MECHANISMS:
            work.append(fuzz(mutant, cases))
            kinds.append("")
        else:
            verdicts.append((UNVERIFIED, f"no mechanism checks the kind {kind!r}"))
            continue
        verdicts.append(None)
    answers = iter(zip(run_children(work, jobs, progress), kinds, strict=True))
    out: list[tuple[str, str]] = []
    for (mutant, _kind, witness, *_), verdict in zip(items, verdicts, strict=True):
        if verdict is None:
            answer, how = next(answers)
            if answer.get("status") == "timeout":
                verdict = (UNVERIFIED, f"{how or 'fuzz: '}the check timed out "
                                       f"({answer.get('note', '')})")
            elif answer.get("status") == "killed":  # the child broke: no verdict
                verdict = (UNVERIFIED, f"{how or 'fuzz: '}the check failed: "
                                       f"{answer.get('note', '')}")
            elif how == "schema":
                verdict = witness_check(mutant, witness, answer)
            else:
                verdict = (answer["check"], how + answer["note"])
        out.append(verdict)
    return out
