"""Mutation testing of the feature suite against the reference engine (issue 9; a developer tool).

``python -m fivetenk.mutation [--module combos ...] [--sample N] [--seed S] [--jobs 2]
[--json FILE] [--report-dir DIR] [--survivors]``

Each *mutant* changes one small thing in one module of ``reference/`` (the nine modules of
:data:`TARGETS`); the shipped scenarios — the feature suite alone, no unit test — run against
it, and a mutant is *killed* when one of them does not pass. What survives is a behaviour no
scenario pins, unless it is an *equivalent* mutant (it changes no observable behaviour),
listed with a one-line reason in ``tests/mutation_equivalents.yaml``. The kill rate is
``(killed + timeout) / (mutants - equivalent)``.

**Why a mutator of our own, not mutmut or cosmic-ray** (measured on 2 cores, 2026-11-30):

- cosmic-ray 8.7.0 makes 7,105 mutants of the nine modules and runs the test command once
  per mutant, in a subprocess: ``pytest tests/test_features.py`` takes ~4 s (collection and
  pytest-bdd), so 15 mutants of ``trick.py`` took 59 s; the nine modules would take ~8 h on
  one core. It writes each mutant *into the source file on disk*, which a checkout shared
  with other test runs cannot allow; it has no sampling and no per-test coverage.
- mutmut 3.8.1 cannot follow the editable install (``fivetenk.reference`` maps to
  ``reference/``): it needs a copy of the tree rearranged as ``src/fivetenk/reference``.
  There it made 49 mutants of ``trick.py`` in 25 s (2.9 mutants/s) and 4,497 for the nine
  modules (~26 min, extrapolated); with all nine configured its function-level test
  selection found no test for any of the first 629 mutants ("no tests", run stopped). It
  has no sampling (only name globs); it can leave out provenance calls and equivalents
  only through ``# pragma: no mutate`` comments in ``reference/``, which this tool must
  not edit.
- In process, the whole suite compiles once (0.6 s) and runs in 0.16 s. This tool mutates
  the AST, patches the live engine in a forked child (a function's ``__code__`` is swapped,
  so every ``from .x import y`` binding sees the mutant) and runs only the scenarios whose
  recorded line coverage reaches the mutated line, stopping at the first that fails: all
  1,495 mutants of the nine modules in 133 s on 2 cores, ``--sample 15`` (126) in 11 s.
  Its verdicts were checked against an independent oracle (the mutated file written to a
  copy of the package, imported afresh, every scenario run, the features compiled): the
  same verdict for every one of 70 sampled mutants.

**Mutations** (:func:`alternatives`): a comparison operator flipped or relaxed (``<`` →
``<=``, ``==`` → ``!=``, ``in`` → ``not in``, ``is`` → ``is not``), an arithmetic or bitwise
operator swapped (also in ``+=``), ``and`` ↔ ``or``, ``not x`` → ``x``, ``-x`` → ``x``, an
integer constant plus one, ``True`` ↔ ``False``, a string compared with ``==``/``in``
changed, ``min`` ↔ ``max``, ``any`` ↔ ``all``, ``break`` ↔ ``continue``. Never mutated:
docstrings, annotations, decorators, f-strings (messages), and provenance — a call into
``reference/provenance.py`` (``applies("D29")``), the body and test of an
``if provenance.current ...`` guard, a statement whose every branch is only such code
(``if a == b: provenance.applies("D8")``), and the functions and methods reached only from
those (:func:`provenance_only`; recording does not run during the suite, so such a mutant
is equivalent by construction).

**A mutant's identity** is (module, function, mutation, occurrence): the qualified name of
the function holding it (``<module>`` at module level), the mutation as
``original -> mutant`` (both ``ast.unparse``-normalised) and the how-many-th such mutation
of that function it is, counted from 1. Line numbers are shown, never used as keys, so an
equivalents entry survives edits elsewhere in the file.

**What kills a mutant** is what makes ``fivetenk check`` fail: a feature file that no longer
compiles (the compiler builds positions and parses readings with the engine: the files whose
compilation executed the mutated line are compiled again) or a scenario, as compiled from
the unmutated engine (its expectations are the ones written), whose verdict changes.

**Running a mutant.** A mutant inside a function (almost all) replaces that function's code
object in the live engine; a mutant at module or class level re-executes the mutated
module and every reference module importing it into their own namespaces and rebinds
the objects they export wherever the kit imported them. Before mutants run, each module so
re-executed unmutated must pass every scenario (else its module-level mutants are reported
``unreliable``, not run). Caches (``functools``) of the kit and the engine are cleared in
the child. Each mutant runs in a forked child with a time limit (10 × the baseline time of
its scenarios + 2 s): a mutant that loops is killed and counted as ``timeout``. A mutant no
scenario reaches survives with the note ``not reached``.

**Equivalents** listed in the file still run: one that survives is reported
``equivalent`` (with the file's reason), one that is killed is reported as a stale entry
(exit status 1), and an entry naming no mutant is an error (exit status 2).

**Sampling** (``--sample N``) draws N mutants per module with ``random.Random(seed:module)``;
the same seed gives the same mutants and the same report (timeouts aside, which depend on
the machine's load).
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import random
import select
import signal
import sys
import time
import types
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

TARGETS = ("combos", "plays", "table", "trick", "calls", "settlement", "game", "position",
           "dealing")
"""The modules of ``reference/`` mutated (issue 9)."""

PACKAGE = "fivetenk.reference"
MODULE_LEVEL = "<module>"
DEFAULT_EQUIVALENTS = Path(__file__).resolve().parent.parent / "tests" / "mutation_equivalents.yaml"
"""The checkout's equivalents file (an editable install: ``pip install -e .``); an installed
kit has no tests/, so the tool then looks in the working directory (:func:`equivalents_file`)."""
EQUIVALENT_KEYS = {"module", "function", "mutation", "occurrence", "line", "reason"}
TIME_FACTOR = 10.0
TIME_FLOOR = 2.0

STATUSES = ("killed", "timeout", "survived", "equivalent", "unreliable")


class MutationError(Exception):
    """Bad input (an equivalents file, a module name); the CLI prints it and exits with 2."""


# --------------------------------------------------------------------------- mutations


CMP_SWAP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
    ast.In: ast.NotIn, ast.NotIn: ast.In,
}
BIN_SWAP: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult, ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult, ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitAnd, ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
NAME_SWAP = {"min": "max", "max": "min", "any": "all", "all": "any"}

Apply = Callable[[ast.AST], ast.AST]
"""Mutates a (copied) node in place or returns the node to put in its place."""


def _set_op(index: int, op: type[ast.cmpop]) -> Apply:
    def apply(node: ast.AST) -> ast.AST:
        assert isinstance(node, ast.Compare)
        node.ops[index] = op()
        return node
    return apply


def _set_attr(name: str, value: Any) -> Apply:
    def apply(node: ast.AST) -> ast.AST:
        setattr(node, name, value)
        return node
    return apply


def _unwrap(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.UnaryOp)
    return node.operand


def _swap_jump(node: ast.AST) -> ast.AST:
    return ast.Continue() if isinstance(node, ast.Break) else ast.Break()


def alternatives(node: ast.AST, parent: ast.AST | None) -> list[Apply]:
    """The mutations of ``node`` (each one mutant), in a fixed order."""
    out: list[Apply] = []
    if isinstance(node, ast.Compare):
        out += [_set_op(i, CMP_SWAP[type(op)]) for i, op in enumerate(node.ops)
                if type(op) in CMP_SWAP]
    elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in BIN_SWAP:
        out.append(_set_attr("op", BIN_SWAP[type(node.op)]()))
    elif isinstance(node, ast.BoolOp):
        out.append(_set_attr("op", ast.Or() if isinstance(node.op, ast.And) else ast.And()))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
        out.append(_unwrap)
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            out.append(_set_attr("value", not value))
        elif isinstance(value, int):
            out.append(_set_attr("value", value + 1))
        elif isinstance(value, str) and isinstance(parent, ast.Compare):
            out.append(_set_attr("value", f"XX{value}XX"))
    elif isinstance(node, ast.Name) and node.id in NAME_SWAP and isinstance(node.ctx, ast.Load):
        out.append(_set_attr("id", NAME_SWAP[node.id]))
    elif isinstance(node, (ast.Break, ast.Continue)):
        out.append(_swap_jump)
    return out


# --------------------------------------------------------------------------- what is skipped


def _mentions_provenance(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Name) and n.id == "provenance" for n in ast.walk(node))


def _is_docstring(stmt: ast.stmt) -> bool:
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str))


def _provenance_doc(func: ast.AST) -> bool:
    """A function documented as recording-only (``\"\"\"Provenance (recording only): ...``)."""
    doc = ast.get_docstring(func) if isinstance(func, (ast.FunctionDef,
                                                       ast.AsyncFunctionDef)) else None
    return bool(doc and doc.startswith("Provenance"))


def provenance_stmt(stmt: ast.stmt) -> bool:
    """Whether ``stmt`` exists only for provenance (nothing it does is observable when not
    recording): a simple statement naming ``provenance`` (``provenance.applies("D29")``), an
    ``if`` on ``provenance.current`` (with no ``else`` doing more), or a compound statement
    whose every branch is such statements (``if a == b: provenance.applies("D8")``)."""
    if isinstance(stmt, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign)):
        return _mentions_provenance(stmt)
    if isinstance(stmt, ast.If) and _mentions_provenance(stmt.test):
        return all(map(provenance_stmt, stmt.orelse))
    if isinstance(stmt, (ast.If, ast.For, ast.While, ast.With)):
        return all(map(provenance_stmt, [*stmt.body, *stmt.orelse])) if not isinstance(
            stmt, ast.With) else all(map(provenance_stmt, stmt.body))
    return False


def _defs(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """The module's functions and its classes' methods: (qualified name, definition)."""
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield stmt.name, stmt
        elif isinstance(stmt, ast.ClassDef):
            for item in stmt.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{stmt.name}.{item.name}", item


@cache
def _kit_names() -> frozenset[str]:
    """Every name the kit's own modules (tools/) use: a function of the engine they call is
    not provenance-only, whatever the engine does with it."""
    from . import reference

    engine = Path(reference.__file__).resolve().parent  # inside the kit once installed
    out: set[str] = set()
    for path in sorted(Path(__file__).resolve().parent.rglob("*.py")):
        if path.is_relative_to(engine):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name):
                out.add(node.id)
            elif isinstance(node, ast.Attribute):
                out.add(node.attr)
            elif isinstance(node, ast.alias):
                out.add(node.name)
    return frozenset(out)


def provenance_only(trees: dict[str, ast.Module]) -> set[tuple[str, str]]:
    """(module, function) of the functions and methods that exist only for provenance:
    documented as recording-only (docstring ``Provenance ...``), or referenced by name
    only from provenance code (:func:`provenance_stmt`) and from such functions — to a
    fixpoint, over every module of the engine."""
    skipped: set[tuple[str, str]] = set()
    defs: list[tuple[str, str]] = []
    for mod, tree in trees.items():
        for qualname, node in _defs(tree):
            defs.append((mod, qualname))
            if _provenance_doc(node):
                skipped.add((mod, qualname))
    # every use of a name: (module, function or method holding it, guarded)
    uses: dict[str, list[tuple[str, str, bool]]] = defaultdict(list)

    def collect(node: ast.AST, mod: str, holder: str, guarded: bool) -> None:
        if isinstance(node, ast.If) and _mentions_provenance(node.test) and not guarded:
            for child in [node.test, *node.body]:
                collect(child, mod, holder, True)
            for child in node.orelse:
                collect(child, mod, holder, False)
            return
        if isinstance(node, ast.stmt) and provenance_stmt(node):
            guarded = True
        if isinstance(node, ast.Name):
            uses[node.id].append((mod, holder, guarded))
        elif isinstance(node, ast.Attribute):
            uses[node.attr].append((mod, holder, guarded))
        elif isinstance(node, ast.alias):  # re-exported, or imported by another module
            uses[node.name].append((mod, holder, guarded))
        for child in ast.iter_child_nodes(node):
            collect(child, mod, holder, guarded)

    for name in _kit_names():  # the kit's own uses of the engine count
        uses[name].append(("fivetenk", "", False))
    for mod, tree in trees.items():
        held = {id(node): name for name, node in _defs(tree)}
        for stmt in tree.body:
            parts = stmt.body if isinstance(stmt, ast.ClassDef) else [stmt]
            for part in parts:
                collect(part, mod, held.get(id(part), ""), False)
    changed = True
    while changed:
        changed = False
        for mod, qualname in defs:
            if (mod, qualname) in skipped:
                continue
            name = qualname.rsplit(".", 1)[-1]
            found = [u for u in uses.get(name, []) if (u[0], u[1]) != (mod, qualname)]
            if found and all(g or (m, h) in skipped for m, h, g in found):
                skipped.add((mod, qualname))
                changed = True
    return skipped


# --------------------------------------------------------------------------- enumeration


@dataclass(frozen=True)
class Mutant:
    """One mutant: where it is (for people) and what it is (the key)."""

    module: str
    function: str
    original: str
    mutated: str
    occurrence: int
    line: int
    end_line: int
    site: int
    """The index of the mutated node in :func:`sites` order (to apply it again)."""
    choice: int
    """Which of the node's :func:`alternatives`."""
    scope: str
    """The top-level function or method whose code object is replaced; "" at module level."""

    @property
    def mutation(self) -> str:
        return f"{self.original} -> {self.mutated}"

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.module, self.function, self.mutation, self.occurrence)

    def where(self) -> str:
        return f"reference/{self.module}.py:{self.line}"


@dataclass
class _Site:
    node: ast.AST
    parent: ast.AST | None
    qualname: str
    scope: str


def sites(tree: ast.Module, module: str, skipped: set[tuple[str, str]]) -> Iterator[_Site]:
    """Every node that may be mutated, depth first in source order, with the function
    holding it (``Class.method``, ``outer.inner``) and the scope patched to run it."""

    def visit(node: ast.AST, parent: ast.AST | None, names: list[str], scope: str,
              in_class: bool) -> Iterator[_Site]:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if len(names) <= 1 and (module, ".".join([*names, node.name])) in skipped:
                return
            # defaults are evaluated at definition time: module level for the scope
            for child in [*node.args.defaults, *[d for d in node.args.kw_defaults if d]]:
                yield from visit(child, node, names, scope, in_class)
            inner = [*names, node.name]
            inner_scope = scope or (".".join(inner) if len(names) <= 1 else "")
            if not scope and names and not in_class:
                inner_scope = ""  # a function nested at module level in something else
            body = node.body[1:] if node.body and _is_docstring(node.body[0]) else node.body
            for stmt in body:
                yield from visit(stmt, node, inner, inner_scope, False)
            return
        if isinstance(node, ast.ClassDef):
            body = node.body[1:] if node.body and _is_docstring(node.body[0]) else node.body
            for stmt in body:
                yield from visit(stmt, node, [*names, node.name], scope, not names)
            return
        if isinstance(node, ast.If) and _mentions_provenance(node.test):
            for stmt in node.orelse:
                yield from visit(stmt, node, names, scope, in_class)
            return
        if isinstance(node, ast.stmt) and provenance_stmt(node):
            return
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.JoinedStr, ast.Assert)):
            return
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            return
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in ("__all__", "__slots__")
                for t in node.targets):
            return
        qualname = ".".join(names) or MODULE_LEVEL
        yield _Site(node, parent, qualname, scope)
        for name, value in ast.iter_fields(node):
            if name in ("annotation", "returns", "decorator_list", "type_comment"):
                continue
            children = value if isinstance(value, list) else [value]
            for child in children:
                if isinstance(child, ast.AST):
                    yield from visit(child, node, names, scope, in_class)

    for stmt in tree.body:
        if _is_docstring(stmt):
            continue
        yield from visit(stmt, None, [], "", False)


def _text(node: ast.AST) -> str:
    if isinstance(node, (ast.Break, ast.Continue)):
        return type(node).__name__.lower()
    return ast.unparse(node)


def source_path(module: str) -> Path:
    import importlib
    mod = importlib.import_module(f"{PACKAGE}.{module}")
    return Path(mod.__file__ or "")


def parse_module(module: str) -> ast.Module:
    path = source_path(module)
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


SOURCES: dict[str, str] = {}
"""The text of each module as last parsed by :func:`all_trees` (reports quote it)."""


def all_trees() -> dict[str, ast.Module]:
    """Every module of the reference engine, parsed (for :func:`provenance_only`)."""
    folder = source_path("combos").parent
    out = {}
    for path in sorted(folder.glob("*.py")):
        if path.stem not in ("__init__", "provenance"):
            SOURCES[path.stem] = text = path.read_text(encoding="utf-8")
            out[path.stem] = ast.parse(text, filename=str(path))
    return out


def changed_sources(modules: Iterable[str]) -> list[str]:
    """The modules whose file differs now from the text the mutants were made from (another
    edit during the run: line numbers and coverage may then disagree)."""
    return [m for m in modules
            if SOURCES.get(m) != source_path(m).read_text(encoding="utf-8")]


def enumerate_mutants(modules: Sequence[str] = TARGETS,
                      trees: dict[str, ast.Module] | None = None) -> list[Mutant]:
    """Every mutant of ``modules``, in module order then source order."""
    real = trees is None
    trees = all_trees() if trees is None else trees
    skipped = provenance_only(trees)
    if real:  # what the children apply mutants to
        _TREES.clear()
        _TREES.update(trees)
        _SKIPPED.clear()
        _SKIPPED.update(skipped)
    out: list[Mutant] = []
    for module in modules:
        seen: Counter[tuple[str, str]] = Counter()
        for index, site in enumerate(sites(trees[module], module, skipped)):
            for choice, apply in enumerate(alternatives(site.node, site.parent)):
                original = _text(site.node)
                mutated = _text(apply(copy.deepcopy(site.node)))
                if original == mutated:
                    continue
                key = (site.qualname, f"{original} -> {mutated}")
                seen[key] += 1
                node = site.node
                line = getattr(node, "lineno", getattr(site.parent, "lineno", 0))
                end = getattr(node, "end_lineno", None) or line
                out.append(Mutant(module, site.qualname, original, mutated, seen[key], line,
                                  end, index, choice, site.scope))
    return out


def mutated_tree(mutant: Mutant, tree: ast.Module) -> ast.Module:
    """A copy of ``tree`` with ``mutant`` applied."""
    tree = copy.deepcopy(tree)
    for index, site in enumerate(sites(tree, mutant.module, _skipped())):
        if index == mutant.site:
            replacement = alternatives(site.node, site.parent)[mutant.choice](site.node)
            if replacement is not site.node:
                _replace(site.parent, site.node, replacement)
            return ast.fix_missing_locations(tree)
    raise MutationError(f"{mutant.where()}: mutant {mutant.mutation} no longer applies")


_TREES: dict[str, ast.Module] = {}
"""The parsed reference engine of this run (set by :func:`enumerate_mutants`)."""
_SKIPPED: set[tuple[str, str]] = set()


def _skipped() -> set[tuple[str, str]]:
    return _SKIPPED


def _replace(parent: ast.AST | None, old: ast.AST, new: ast.AST) -> None:
    assert parent is not None
    ast.copy_location(new, old)
    for name, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, name, new)
            return
        if isinstance(value, list):
            for i, item in enumerate(value):
                if item is old:
                    value[i] = new
                    return
    raise AssertionError("node not found in its parent")


# --------------------------------------------------------------------------- equivalents


@dataclass(frozen=True)
class Equivalent:
    module: str
    function: str
    mutation: str
    occurrence: int
    reason: str
    where: str

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.module, self.function, self.mutation, self.occurrence)


def equivalents_file() -> Path:
    """The judged equivalents of the checkout: beside the kit's sources when it is installed
    editable, else ``tests/mutation_equivalents.yaml`` under the working directory (a
    checkout with the kit installed from it); a :class:`MutationError` saying how to give
    it when neither exists, rather than silently judging every survivor non-equivalent."""
    for path in (DEFAULT_EQUIVALENTS, Path.cwd() / "tests" / "mutation_equivalents.yaml"):
        if path.is_file():
            return path
    raise MutationError("no tests/mutation_equivalents.yaml here: run from the kit's "
                        "checkout, or give the file with --equivalents FILE")


def load_equivalents(path: Path) -> list[Equivalent]:
    """The judged equivalent mutants of ``path`` (a YAML list of mappings with ``module``,
    ``function``, ``mutation``, ``reason``, optional ``occurrence`` (default 1) and ``line``
    (informative only)). Anything else is a :class:`MutationError` naming the entry."""
    if not path.exists():
        return []
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, OSError, UnicodeError) as err:
        raise MutationError(f"{path}: cannot read the equivalents file: {err}") from None
    if data is None:
        return []
    if not isinstance(data, list):
        raise MutationError(f"{path}: expected a list of equivalent mutants, got "
                            f"{type(data).__name__}")
    out = []
    for i, item in enumerate(data):
        where = f"{path} entry {i + 1}"
        if not isinstance(item, dict):
            raise MutationError(f"{where}: expected a mapping, got {type(item).__name__}")
        unknown = sorted(set(map(str, item)) - EQUIVALENT_KEYS)
        if unknown:
            raise MutationError(f"{where}: unknown key(s) {', '.join(unknown)}; expected "
                                f"{', '.join(sorted(EQUIVALENT_KEYS))}")
        for name in ("module", "function", "mutation", "reason"):
            if not isinstance(item.get(name), str) or not item[name].strip():
                raise MutationError(f"{where}: {name!r} must be a non-empty string")
        occurrence = item.get("occurrence", 1)
        if not isinstance(occurrence, int) or isinstance(occurrence, bool) or occurrence < 1:
            raise MutationError(f"{where}: 'occurrence' must be a whole number from 1")
        if item["module"] not in TARGETS:
            raise MutationError(f"{where}: module {item['module']!r} is not mutated; one of "
                                f"{', '.join(TARGETS)}")
        out.append(Equivalent(item["module"], item["function"], item["mutation"], occurrence,
                              item["reason"].strip(), where))
    keys = Counter(e.key for e in out)
    for e in out:
        if keys[e.key] > 1:
            raise MutationError(f"{e.where}: the same mutant is listed twice")
    return out


def check_equivalents(equivalents: Iterable[Equivalent], mutants: Iterable[Mutant]) -> None:
    """Every entry must name a mutant that exists (else the file has gone stale)."""
    known = {m.key for m in mutants}
    for e in equivalents:
        if e.key not in known:
            raise MutationError(
                f"{e.where}: no such mutant: {e.module} {e.function} {e.mutation!r} "
                f"(occurrence {e.occurrence}); the code changed — judge it again or remove it")


# --------------------------------------------------------------------------- the engine


def _reference_modules() -> dict[str, types.ModuleType]:
    return {name.rsplit(".", 1)[1]: mod for name, mod in sorted(sys.modules.items())
            if name.startswith(PACKAGE + ".") and mod is not None}


def clear_caches() -> None:
    """Clear every ``functools`` cache of the reference engine (a mutant must not see the
    unmutated engine's answers)."""
    for mod in _reference_modules().values():
        for value in list(vars(mod).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", "").startswith(PACKAGE):
                clear()


def _function_of(module: types.ModuleType, scope: str) -> types.FunctionType:
    obj: Any = module
    for part in scope.split("."):
        holder = obj
        obj = vars(holder)[part] if isinstance(holder, (type, types.ModuleType)) else getattr(
            holder, part)
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    if isinstance(obj, property):
        obj = obj.fget
    while hasattr(obj, "__wrapped__"):
        obj = obj.__wrapped__
    if not isinstance(obj, types.FunctionType):
        raise MutationError(f"{module.__name__}.{scope} is not a function")
    return obj


def _find_code(code: types.CodeType, qualname: str, line: int) -> types.CodeType | None:
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if const.co_qualname == qualname and const.co_firstlineno == line:
                return const
            found = _find_code(const, qualname, line)
            if found is not None:
                return found
    return None


def _patch_function(mutant: Mutant, tree: ast.Module) -> None:
    module = _reference_modules()[mutant.module]
    func = _function_of(module, mutant.scope)
    code = compile(mutated_tree(mutant, tree), func.__code__.co_filename, "exec",
                   dont_inherit=True)
    new = _find_code(code, func.__code__.co_qualname, func.__code__.co_firstlineno)
    if new is None:
        raise MutationError(f"{mutant.where()}: no code object for {mutant.scope}")
    func.__code__ = new


def _importers(module: str, trees: dict[str, ast.Module]) -> list[str]:
    """``module`` and the reference modules importing it, directly or not, in an order
    where each comes after what it imports."""
    imports: dict[str, set[str]] = {}
    for name, tree in trees.items():
        deps: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                deps |= {node.module} if node.module else {a.name for a in node.names}
        imports[name] = deps
    need = {module}
    changed = True
    while changed:
        changed = False
        for name, deps in imports.items():
            if name not in need and deps & need:
                need.add(name)
                changed = True
    order: list[str] = []

    def place(name: str) -> None:
        if name in order:
            return
        for dep in sorted(imports[name] & need):
            if dep != name:
                place(dep)
        order.append(name)

    for name in sorted(need):
        place(name)
    return order


def reexecute(module: str, tree: ast.Module, trees: dict[str, ast.Module]) -> None:
    """Re-execute ``tree`` as ``module`` and every reference module importing it into their
    own namespaces, then rebind what they defined wherever the kit imported the old objects
    (classes, functions, tables by identity; numbers and strings by name)."""
    mods = _reference_modules()
    renamed: dict[int, Any] = {}
    by_name: dict[str, tuple[Any, Any]] = {}
    atomic = (int, float, str, bytes, bool, type(None), tuple, frozenset)
    for name in _importers(module, trees):
        target = mods.get(name)
        if target is None:  # not imported yet: it will import the new objects itself
            continue
        old = dict(vars(target))
        source = tree if name == module else trees[name]
        exec(compile(source, target.__file__ or name, "exec", dont_inherit=True), vars(target))
        for key, value in vars(target).items():
            if key.startswith("__") or key not in old or old[key] is value:
                continue
            if isinstance(old[key], types.ModuleType):
                continue
            if isinstance(old[key], atomic):
                by_name[key] = (old[key], value)
            else:
                renamed[id(old[key])] = value
    done = set(_importers(module, trees))
    for name, mod in sorted(sys.modules.items()):
        if mod is None or not name.startswith("fivetenk"):
            continue
        if name.startswith(PACKAGE + ".") and name.rsplit(".", 1)[1] in done:
            continue
        space = vars(mod)
        for key, value in list(space.items()):
            if id(value) in renamed:
                space[key] = renamed[id(value)]
            elif key in by_name and by_name[key][0] is value:
                space[key] = by_name[key][1]


# --------------------------------------------------------------------------- scenarios


@dataclass
class Suite:
    """The compiled feature suite, its baseline verdicts, times and line coverage: of each
    scenario's run, and of each feature file's compilation (the compiler builds positions
    and readings with the engine, so a mutant can break the suite there too)."""

    scenarios: list[Any]
    status: list[str]
    seconds: list[float]
    files: list[Path] = field(default_factory=list)
    file_of: list[int] = field(default_factory=list)
    """For each scenario, the index of its file in :attr:`files`."""
    lines: dict[str, list[set[int]]] = field(default_factory=dict)
    """module -> for each scenario, the lines of that module its run executed."""
    compile_lines: dict[str, list[set[int]]] = field(default_factory=dict)
    """module -> for each file, the lines of that module its compilation executed."""
    pick: Callable[[Any], bool] | None = None


def _tracer(files: dict[str, str], hit: dict[str, set[int]]) -> Any:
    """A ``sys.settrace`` function adding the lines executed in ``files`` (path -> module)
    to ``hit[module]``."""

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        mod = files.get(frame.f_code.co_filename)
        if mod is None:
            return None
        lines = hit[mod]
        lines.add(frame.f_lineno)

        def trace_lines(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                lines.add(frame.f_lineno)
            return trace_lines
        return trace_lines
    return tracer


def clear_kit_caches() -> None:
    """Clear the ``functools`` caches of every module of the kit (some hold what the engine
    computed while compiling), the engine's included."""
    for name, mod in sorted(sys.modules.items()):
        if mod is None or not name.startswith("fivetenk"):
            continue
        for value in list(vars(mod).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", "") == name:
                clear()


def compile_files(paths: Sequence[Path]) -> list[list[Any]]:
    """The scenarios of each shipped feature file, as :func:`fivetenk.catalog.shipped`
    compiles them."""
    from .catalog import load_file

    return [load_file(path, trusted=True) for path in paths]


def load_suite(modules: Sequence[str], pick: Callable[[Any], bool] | None = None, *,
               trace_compile: bool = True) -> Suite:
    """Compile the shipped suite once, file by file (tracing ``modules``'s lines unless not
    ``trace_compile``: then no mutant is checked by compiling), keep the scenarios ``pick``
    keeps (default all) and run each with line tracing."""
    from .catalog import shipped, shipped_files, validate
    from .drivers import ReferenceDriver
    from .runner import run_scenario
    from .scenario import ScenarioError

    traced = {str(source_path(m)): m for m in modules}
    suite = Suite([], [], [], pick=pick)
    suite.lines = {m: [] for m in modules}
    suite.compile_lines = {m: [] for m in modules}
    try:
        shipped()  # the suite compiles and validates as a whole
        suite.files = shipped_files()
        for index, path in enumerate(suite.files):
            hit: dict[str, set[int]] = {m: set() for m in modules}
            if trace_compile:
                clear_kit_caches()
                sys.settrace(_tracer(traced, hit))
                try:
                    [compiled] = compile_files([path])
                finally:
                    sys.settrace(None)
            else:
                compiled = [s for s in shipped() if s.source.get("file", "").endswith(
                    "/" + path.name)]
            for mod in modules:
                suite.compile_lines[mod].append(hit[mod])
            kept = [s for s in compiled if pick is None or pick(s)]
            suite.scenarios += kept
            suite.file_of += [index] * len(kept)
        validate(suite.scenarios)
    except ScenarioError as err:
        raise MutationError(f"the feature suite does not compile: {err}") from None
    except Exception as err:  # a broken kit (mid-edit): say so, no traceback
        raise MutationError(f"the feature suite does not compile (the kit fails: "
                            f"{type(err).__name__}: {err})") from None
    for scenario in suite.scenarios:
        hit = {m: set() for m in modules}
        clear_caches()
        started = time.perf_counter()
        sys.settrace(_tracer(traced, hit))
        try:
            result = run_scenario(ReferenceDriver(), scenario)
        finally:
            sys.settrace(None)
        suite.seconds.append(time.perf_counter() - started)
        suite.status.append(result.status)
        for mod in modules:
            suite.lines[mod].append(hit[mod])
    clear_kit_caches()
    return suite


def _span(mutant: Mutant) -> set[int]:
    return set(range(mutant.line, mutant.end_line + 1))


def selected(suite: Suite, mutant: Mutant) -> list[int]:
    """The scenarios (indexes) to run against ``mutant``: those whose run executed one of
    its lines, or all of them for a mutant at module level."""
    if not mutant.scope:
        return list(range(len(suite.scenarios)))
    span = _span(mutant)
    return [i for i, lines in enumerate(suite.lines[mutant.module]) if lines & span]


def recompiled(suite: Suite, mutant: Mutant) -> list[int]:
    """The feature files (indexes) to compile again under ``mutant``: those whose
    compilation executed one of its lines (any line of its module, at module level)."""
    per_file = suite.compile_lines[mutant.module]
    if not mutant.scope:
        return [i for i, lines in enumerate(per_file) if lines]
    span = _span(mutant)
    return [i for i, lines in enumerate(per_file) if lines & span]


# --------------------------------------------------------------------------- running


@dataclass
class Outcome:
    mutant: Mutant
    status: str
    scenario: str = ""
    """The killing scenario's id and location."""
    note: str = ""
    ran: int = 0
    reached_by: list[str] = field(default_factory=list)
    """A survivor's first scenarios (at most 3) whose run reaches its line: where to start
    pinning it."""


def _child(mutant: Mutant | None, module: str, suite: Suite, chosen: list[int],
           files: list[int], trees: dict[str, ast.Module], out: int) -> None:
    """Run in the forked child: apply, run, compile ``files`` again, write one JSON line,
    exit. A scenario (as compiled unmutated: its expectations are the ones written) whose
    verdict differs from the unmutated run kills the mutant; failing that, a feature file
    that no longer compiles kills it (``fivetenk check`` would stop there), noted
    ``compile: ...``."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    answer: dict[str, Any] = {"status": "survived", "ran": 0}
    try:
        from .drivers import ReferenceDriver
        from .runner import run_scenario

        if mutant is None:
            reexecute(module, trees[module], trees)
        elif mutant.scope:
            _patch_function(mutant, trees[module])
        else:
            reexecute(module, mutated_tree(mutant, trees[module]), trees)
        clear_kit_caches()
        work = [(suite.scenarios[i], suite.status[i]) for i in chosen]
        for scenario, expected in work:
            result = run_scenario(ReferenceDriver(), scenario)
            answer["ran"] += 1
            if result.status != expected:
                answer = {"status": "killed", "ran": answer["ran"],
                          "scenario": f"{scenario.id} {scenario.location}",
                          "note": f"{result.status}: {result.message}"[:300]}
                raise _Done
        if files:  # no scenario failed: does every feature file still compile?
            clear_kit_caches()
            try:
                compile_files([suite.files[i] for i in files])
            except Exception as err:  # whatever the compiler raises, the suite is broken
                answer = {"status": "killed", "ran": answer["ran"],
                          "scenario": f"features/{suite.files[files[0]].name} (compiling)",
                          "note": f"compile: {type(err).__name__}: {err}"[:300]}
    except _Done:
        pass
    except BaseException as err:  # the mutant broke patching itself: it is detected
        answer = {"status": "killed", "ran": answer.get("ran", 0),
                  "note": f"while applying: {type(err).__name__}: {err}"[:300]}
    os.write(out, (json.dumps(answer) + "\n").encode())
    os._exit(0)


class _Done(Exception):
    """The child's verdict is in."""


Job = tuple[Mutant | None, str, list[int], list[int], float]
"""(mutant or None for the unmutated re-execution of a module, module, scenarios to run,
feature files to compile again, time limit in seconds)."""


def run_mutants(jobs: list[Job], suite: Suite, trees: dict[str, ast.Module], workers: int,
                progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Run each job in a forked child, ``workers`` at a time; the answers in the order of
    ``jobs``."""
    answers: list[dict[str, Any]] = [{} for _ in jobs]
    running: dict[int, tuple[int, int, float, bytearray]] = {}  # fd -> (job, pid, deadline)
    pending = list(range(len(jobs)))[::-1]
    done = 0
    sys.stdout.flush()
    sys.stderr.flush()
    while pending or running:
        while pending and len(running) < workers:
            index = pending.pop()
            mutant, module, chosen, files, limit = jobs[index]
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child
                os.close(read)
                _child(mutant, module, suite, chosen, files, trees, write)
            os.close(write)
            running[read] = (index, pid, time.monotonic() + limit, bytearray())
        now = time.monotonic()
        wait = max(0.0, min(d for _, _, d, _ in running.values()) - now)
        ready, _, _ = select.select(list(running), [], [], wait)
        for fd in ready:
            chunk = os.read(fd, 65536)
            if chunk:
                running[fd][3].extend(chunk)
                continue
            index, pid, _, data = running.pop(fd)
            os.close(fd)
            os.waitpid(pid, 0)
            try:
                answers[index] = json.loads(data.decode() or "null") or {
                    "status": "killed", "note": "the child died without an answer"}
            except ValueError:
                answers[index] = {"status": "killed", "note": "the child's answer is garbled"}
            done += 1
            if progress:
                progress(done, len(jobs))
        now = time.monotonic()
        for fd in [fd for fd, (_, _, d, _) in running.items() if d <= now]:
            index, pid, _, _ = running.pop(fd)
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)
            answers[index] = {"status": "timeout", "note": f"over {jobs[index][4]:.1f} s"}
            done += 1
            if progress:
                progress(done, len(jobs))
    return answers


COMPILE_SECONDS = 0.1
"""A generous time to compile one feature file, for the time limit."""


def limit_for(suite: Suite, chosen: list[int], files: Sequence[int] = ()) -> float:
    """The time limit of a child: 10 x the baseline time of its scenarios (and of compiling
    the files it compiles again) + 2 s."""
    work = sum(suite.seconds[i] for i in chosen) + COMPILE_SECONDS * len(files)
    return TIME_FLOOR + TIME_FACTOR * work


@dataclass
class Report:
    outcomes: list[Outcome]
    totals: dict[str, int]
    """module -> how many mutants it has in all (before sampling)."""
    unreliable: list[str]
    stale: list[str]
    """Equivalents that were killed (the file is wrong about them)."""
    seconds: float = 0.0
    changed: list[str] = field(default_factory=list)
    """Modules edited on disk during the run (see :func:`changed_sources`)."""


def sample_of(mutants: list[Mutant], module: str, sample: int | None, seed: int) -> list[Mutant]:
    """``sample`` of ``module``'s ``mutants`` (all when None or more than there are), drawn
    with ``random.Random(f"{seed}:{module}")``, in source order: the same for the same seed."""
    if sample is None or sample >= len(mutants):
        return list(mutants)
    picked = set(random.Random(f"{seed}:{module}").sample(range(len(mutants)), sample))
    return [m for i, m in enumerate(mutants) if i in picked]


def run(modules: Sequence[str] = TARGETS, *, sample: int | None = None, seed: int = 0,
        jobs: int = 2, equivalents: Sequence[Equivalent] = (),
        progress: Callable[[int, int], None] | None = None,
        only: Callable[[Mutant], bool] | None = None,
        pick: Callable[[Any], bool] | None = None,
        everything: list[Mutant] | None = None, suite: Suite | None = None) -> Report:
    """Enumerate, sample, run; the outcome of each mutant. ``only`` keeps some mutants,
    ``pick`` some scenarios (both for tests and for a scenario writer's quick look);
    ``everything`` and ``suite`` reuse what :func:`enumerate_mutants` and :func:`load_suite`
    made before (``suite`` must trace ``modules``)."""
    started = time.monotonic()
    if everything is None or not _TREES:
        everything = enumerate_mutants(TARGETS)
    trees = dict(_TREES)
    check_equivalents(equivalents, everything)
    judged = {e.key: e for e in equivalents}
    chosen: list[Mutant] = []
    totals: dict[str, int] = {}
    for module in modules:
        mine = [m for m in everything if m.module == module and (only is None or only(m))]
        totals[module] = len(mine)
        chosen += sample_of(mine, module, sample, seed)
    if suite is None:
        suite = load_suite(modules, pick)
    if any(s != "passed" for s in suite.status):
        bad = [s.id for s, st in zip(suite.scenarios, suite.status, strict=True)
               if st != "passed"]
        raise MutationError(f"the unmutated engine does not pass the suite: {', '.join(bad)}")
    # the module-level mechanism must be faithful before its mutants are believed
    need = sorted({m.module for m in chosen if not m.scope})
    every = list(range(len(suite.scenarios)))
    checks = run_mutants([(None, m, every, [], limit_for(suite, every) * 3) for m in need],
                         suite, trees, jobs)
    unreliable = [m for m, a in zip(need, checks, strict=True) if a.get("status") != "survived"]
    work: list[Job] = []
    outcomes: list[Outcome | None] = []
    for mutant in chosen:
        if not mutant.scope and mutant.module in unreliable:
            outcomes.append(Outcome(mutant, "unreliable",
                                    note="module-level re-execution fails unmutated"))
            continue
        scenarios = selected(suite, mutant)
        files = recompiled(suite, mutant)
        if not scenarios and not files:
            # judged or not, it survives here; the loop below turns a judged one into
            # "equivalent" (dead code no scenario reaches is judged so, with its reason)
            outcomes.append(Outcome(mutant, "survived", note="not reached"))
            continue
        outcomes.append(None)
        work.append((mutant, mutant.module, scenarios, files,
                     limit_for(suite, scenarios, files)))
    answers = iter(run_mutants(work, suite, trees, jobs, progress))
    final: list[Outcome] = []
    stale: list[str] = []
    for mutant, outcome in zip(chosen, outcomes, strict=True):
        if outcome is None:
            a = next(answers)
            outcome = Outcome(mutant, a.get("status", "killed"), a.get("scenario", ""),
                              a.get("note", ""), a.get("ran", 0))
            if outcome.status == "survived" and mutant.scope:
                outcome.reached_by = [suite.scenarios[i].id for i in selected(suite, mutant)[:3]]
        if mutant.key in judged:
            if outcome.status == "survived":
                outcome.status = "equivalent"
                outcome.note = judged[mutant.key].reason
            else:
                stale.append(f"{judged[mutant.key].where}: {mutant.where()} {mutant.function} "
                             f"{mutant.mutation} is listed as equivalent but was "
                             f"{outcome.status} by {outcome.scenario or outcome.note}")
        final.append(outcome)
    return Report(final, totals, unreliable, stale, time.monotonic() - started,
                  changed_sources(modules))


# --------------------------------------------------------------------------- reports


def counts(outcomes: Iterable[Outcome]) -> Counter[str]:
    return Counter(o.status for o in outcomes)


def kill_rate(c: Counter[str]) -> float | None:
    judged = sum(c[s] for s in STATUSES) - c["equivalent"] - c["unreliable"]
    return (c["killed"] + c["timeout"]) / judged if judged else None


def table(report: Report) -> str:
    """The summary: per module, mutants run (of all), each status, the kill rate; the
    ``compile`` column counts the killed mutants (included in ``killed``) that no scenario
    failed on, only the compilation of a feature file."""
    head = (f"{'module':<12}{'run':>6}{'of':>6}{'killed':>8}{'compile':>9}{'timeout':>8}"
            f"{'survived':>9}{'equiv':>7}{'unrel':>6}{'kill rate':>11}")
    lines = [head, "-" * len(head)]
    grand: Counter[str] = Counter()
    ran = total = 0
    for module, all_count in report.totals.items():
        mine = [o for o in report.outcomes if o.mutant.module == module]
        c = counts(mine)
        c["compile"] = sum(1 for o in mine if o.status == "killed" and o.note.startswith(
            "compile:"))
        grand += c
        ran += len(mine)
        total += all_count
        lines.append(_row(module, len(mine), all_count, c))
    lines.append("-" * len(head))
    lines.append(_row("total", ran, total, grand))
    return "\n".join(lines)


def _row(name: str, ran: int, total: int, c: Counter[str]) -> str:
    rate = kill_rate(c)
    shown = "-" if rate is None else f"{100 * rate:.1f}%"
    return (f"{name:<12}{ran:>6}{total:>6}{c['killed']:>8}{c['compile']:>9}{c['timeout']:>8}"
            f"{c['survived']:>9}{c['equivalent']:>7}{c['unreliable']:>6}{shown:>11}")


def survivor_lines(outcomes: Iterable[Outcome], *, source: bool = True) -> list[str]:
    """``reference/combos.py:123  beats  a < b -> a <= b`` for each survivor, with ``#n``
    for the n-th identical mutation of the function, ``(not reached)`` when no scenario
    executes that line, else how many scenarios reach it (none fails) and the first three;
    the source line below."""
    lines_of: dict[str, list[str]] = {}
    out = []
    for o in outcomes:
        if o.status != "survived":
            continue
        m = o.mutant
        note = ("  (not reached)" if o.note == "not reached"
                else f"  (reached by {o.ran} scenario{'s' if o.ran != 1 else ''}, none fails"
                + (f"; e.g. {' '.join(o.reached_by)})" if o.reached_by else ")"))
        occurrence = f"  #{m.occurrence}" if m.occurrence > 1 else ""
        out.append(f"{m.where()}  {m.function}  {_short(m.original)} -> {_short(m.mutated)}"
                   f"{occurrence}{note}")
        if source:
            if m.module not in lines_of:
                lines_of[m.module] = SOURCES.get(m.module, "").splitlines()
            lines = lines_of[m.module]
            if 0 < m.line <= len(lines):
                out.append(f"    | {lines[m.line - 1].strip()}")
    return out


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def as_json(report: Report) -> dict[str, Any]:
    return {
        "modules": {
            module: {**{s: counts(o for o in report.outcomes if o.mutant.module == module)[s]
                        for s in STATUSES},
                     "mutants": report.totals[module],
                     "kill_rate": kill_rate(counts(o for o in report.outcomes
                                                   if o.mutant.module == module))}
            for module in report.totals},
        "unreliable_modules": report.unreliable,
        "changed_during_run": report.changed,
        "stale_equivalents": report.stale,
        "mutants": [{"module": o.mutant.module, "function": o.mutant.function,
                     "mutation": o.mutant.mutation, "occurrence": o.mutant.occurrence,
                     "line": o.mutant.line, "status": o.status, "scenario": o.scenario,
                     "ran": o.ran, "reached_by": o.reached_by, "note": o.note}
                    for o in report.outcomes],
    }


def module_report(report: Report, module: str) -> str:
    mine = [o for o in report.outcomes if o.mutant.module == module]
    c = counts(mine)
    rate = kill_rate(c)
    by_compile = sum(1 for o in mine if o.status == "killed" and o.note.startswith("compile:"))
    head = (f"reference/{module}.py: {len(mine)} of {report.totals[module]} mutants run; "
            f"killed {c['killed']} (by compiling only: {by_compile}), "
            f"timeout {c['timeout']}, survived {c['survived']}, "
            f"equivalent {c['equivalent']}, unreliable {c['unreliable']}; kill rate "
            f"{'-' if rate is None else f'{100 * rate:.1f}%'}")
    body = survivor_lines(mine)
    if module in report.changed:
        head += f"\nwarning: reference/{module}.py changed on disk during the run; run again"
    return "\n".join([head, "", "survivors (file:line  function  original -> mutant):", *body])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fivetenk.mutation",
        description="Mutation testing of the feature suite against reference/ (issue 9).")
    parser.add_argument("--module", action="extend", nargs="+", choices=TARGETS,
                        metavar="MODULE",
                        help=f"modules to mutate (default: all nine: {', '.join(TARGETS)})")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="run N mutants per module, drawn with --seed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2, help="children at a time (default 2)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every outcome here")
    parser.add_argument("--report-dir", type=Path, metavar="DIR",
                        help="write DIR/<module>.txt with each module's survivors")
    parser.add_argument("--survivors", action="store_true", help="list the survivors")
    parser.add_argument("--equivalents", type=Path, default=None,
                        metavar="FILE", help="the judged equivalent mutants (YAML)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    if args.sample is not None and args.sample < 1:
        parser.error("--sample must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    modules = tuple(dict.fromkeys(args.module or TARGETS))

    def progress(done: int, total: int) -> None:
        if not args.quiet and (done % 50 == 0 or done == total):
            print(f"  {done}/{total} mutants", file=sys.stderr, flush=True)

    try:
        equivalents = load_equivalents(args.equivalents or equivalents_file())
        report = run(modules, sample=args.sample, seed=args.seed, jobs=args.jobs,
                     equivalents=equivalents, progress=progress)
    except MutationError as err:
        print(f"fivetenk mutation: {err}", file=sys.stderr)
        return 2
    print(table(report))
    for module in report.unreliable:
        print(f"note: module-level mutants of {module} not run (re-execution is unfaithful)")
    for line in report.stale:
        print(f"stale equivalent: {line}")
    for module in report.changed:
        print(f"warning: reference/{module}.py changed on disk during the run; run again")
    if args.survivors:
        print()
        print("\n".join(survivor_lines(report.outcomes)))
    if args.json:
        args.json.write_text(json.dumps(as_json(report), indent=1) + "\n", encoding="utf-8")
    if args.report_dir:
        args.report_dir.mkdir(parents=True, exist_ok=True)
        for module in report.totals:
            (args.report_dir / f"{module}.txt").write_text(module_report(report, module) + "\n",
                                                           encoding="utf-8")
    print(f"{len(report.outcomes)} mutants in {report.seconds:.0f} s", file=sys.stderr)
    return 1 if report.stale else 0


if __name__ == "__main__":
    sys.exit(main())
