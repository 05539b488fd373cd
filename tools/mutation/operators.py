"""The mutants of the reference engine: which mutations exist, what is never mutated, and
how each mutant is named and applied again (:func:`enumerate_mutants`, :func:`mutated_tree`).

**Mutations** (:func:`alternatives`), each one mutant:

- a comparison moved across its boundary *and* flipped (``<`` to ``<=`` and to ``>``,
  ``<=`` to ``<`` and to ``>=``, ``==`` to ``!=``, ``in`` to ``not in``, ``is`` to ``is not``
  and back);
- an integer constant plus one *and* minus one; ``True`` and ``False`` swapped;
- an arithmetic or bitwise operator swapped (``+`` and ``-`` both ways, also in ``+=``);
- ``and`` and ``or`` swapped; ``not x`` to ``x``; ``-x`` to ``x``;
- ``break`` and ``continue`` swapped; ``min``/``max`` and ``any``/``all`` swapped; a string
  compared with ``==`` or ``in`` changed;
- **a statement deleted** (replaced by ``pass``): an augmented assignment (``n += 1``); an
  assignment to an attribute or an item (``self.x = …``, ``d[k] = …``); an assignment that
  rebinds a name already bound earlier in its function (a parameter or a variable); and a
  call whose value is discarded (``cards.append(c)``, ``seen.update(…)``, ``check(…)``).
  The *first* binding of a name (and ``self.x = …`` in ``__init__``) is never deleted: that
  mutant can only raise ``NameError`` (``AttributeError``) where the name is read, which
  any scenario reaching it "kills" without testing anything.

**Never mutated**: docstrings, annotations, decorators, f-strings (messages), ``assert``,
imports, and *instrumentation*: the recording of which rulings a decision applied
(``reference/provenance.py``). It is left out by what the code says, not by equivalents
entries: a call into ``provenance`` (``applies("D29")``), the body and test of an ``if
provenance.current ...`` guard, a statement whose every branch is only such code, a
function documented as recording-only (docstring starting ``Provenance``) and the functions
reached only from those (:func:`provenance_only`).

**A mutant's identity** is (module, function, mutation, occurrence): the qualified name of
the function holding it (``<module>`` at module level), the mutation as ``original ->
mutant`` (both ``ast.unparse``-normalised) and the how-many-th such mutation of that
function it is, counted from 1. Line numbers are shown, never used as keys, so an
equivalents entry survives edits elsewhere in the file.
"""

from __future__ import annotations

import ast
import copy
import importlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .. import reference

TARGETS = ("combos", "plays", "table", "trick", "calls", "settlement", "game", "position",
           "dealing", "rejections", "cards", "actions", "variants")
"""The modules of ``reference/`` mutated: the rules modules, and since issue 30 the
rejection table, the cards, the actions and the variants (each decides what an engine
answers). Not mutated: ``errors`` (exception classes), ``provenance`` (instrumentation),
``random_player`` (a player, not the rules), and ``python_api`` with ``python_api_parts``:
the engine's Python API that no request of the protocol reaches (listing legal actions and
calls, choosing a listed play's cards, counting plays, writing a position, an action's
JSON, the non-default variants, a shuffled pack; each module's docstring gives the
reasons), moved there out of the rules modules (issue 30, item 5)."""

PACKAGE = "fivetenk.reference"
MODULE_LEVEL = "<module>"


class MutationError(Exception):
    """Bad input (an equivalents file, a module name); the CLI prints it and exits with 2."""


# --------------------------------------------------------------------------- mutations


CMP_SWAPS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.Gt), ast.LtE: (ast.Lt, ast.GtE),
    ast.Gt: (ast.GtE, ast.Lt), ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,), ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,), ast.NotIn: (ast.In,),
}
"""Each comparison's mutants: across the boundary, then the other way."""
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


def _delete(node: ast.AST) -> ast.AST:
    return ast.Pass()


def alternatives(node: ast.AST, parent: ast.AST | None, deletable: bool = False) -> list[Apply]:
    """The mutations of ``node`` (each one mutant), in a fixed order. ``deletable``: the
    node is a statement that may be deleted (:func:`_deletable`)."""
    out: list[Apply] = []
    if isinstance(node, ast.Compare):
        out += [_set_op(i, swap) for i, op in enumerate(node.ops)
                for swap in CMP_SWAPS.get(type(op), ())]
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
            out += [_set_attr("value", value + 1), _set_attr("value", value - 1)]
        elif isinstance(value, str) and isinstance(parent, ast.Compare):
            out.append(_set_attr("value", f"XX{value}XX"))
    elif isinstance(node, ast.Name) and node.id in NAME_SWAP and isinstance(node.ctx, ast.Load):
        out.append(_set_attr("id", NAME_SWAP[node.id]))
    elif isinstance(node, (ast.Break, ast.Continue)):
        out.append(_swap_jump)
    if deletable:
        out.append(_delete)
    return out


def _bound_names(target: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def _rebindings(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """The ids of ``func``'s assignments (its own, not nested functions') whose every
    target is an attribute, an item, or a name bound earlier in the function (a parameter,
    or an assignment, loop, ``with`` or ``import`` on an earlier line)."""
    args = func.args
    init = func.name == "__init__"  # there, ``self.x = …`` is the attribute's first binding
    params = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}
    params |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    first: dict[str, int] = {}

    def walk(node: ast.AST) -> Iterator[ast.AST]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                  ast.ClassDef)):
                continue
            yield child
            yield from walk(child)

    nodes = list(walk(func))
    for node in nodes:
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor)):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        elif isinstance(node, ast.NamedExpr):
            targets = [node.target]
        elif isinstance(node, ast.comprehension):
            continue  # comprehension variables are local to the comprehension
        line = getattr(node, "lineno", 0) or getattr(getattr(node, "context_expr", None),
                                                     "lineno", 0)
        for target in targets:
            for name in _bound_names(target):
                first[name] = min(first.get(name, line), line)
    out: set[int] = set()
    for node in nodes:
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        else:
            continue
        if all((isinstance(t, ast.Attribute) and not (init and _on_self(t)))
               or isinstance(t, ast.Subscript) or (
                isinstance(t, ast.Name)
                and (t.id in params or first.get(t.id, node.lineno) < node.lineno))
               for t in targets):
            out.add(id(node))
    return out


def _on_self(target: ast.Attribute) -> bool:
    return isinstance(target.value, ast.Name) and target.value.id == "self"


def _deletable(node: ast.AST, rebinding: set[int], in_function: bool) -> bool:
    """Whether statement deletion applies to ``node`` (see the module's docstring)."""
    if not in_function:
        return False
    if isinstance(node, ast.AugAssign):
        return True
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        return id(node) in rebinding
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)


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

    engine = Path(reference.__file__).resolve().parent  # inside the kit once installed
    out: set[str] = set()
    for path in sorted(Path(__file__).resolve().parent.parent.rglob("*.py")):
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
    deletable: bool = False


def sites(tree: ast.Module, module: str, skipped: set[tuple[str, str]]) -> Iterator[_Site]:
    """Every node that may be mutated, depth first in source order, with the function
    holding it (``Class.method``, ``outer.inner``) and the scope patched to run it."""

    rebinding: set[int] = set()

    def visit(node: ast.AST, parent: ast.AST | None, names: list[str], scope: str,
              in_class: bool, in_function: bool = False) -> Iterator[_Site]:
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
            rebinding.update(_rebindings(node))
            for stmt in body:
                yield from visit(stmt, node, inner, inner_scope, False, True)
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
        yield _Site(node, parent, qualname, scope,
                    isinstance(node, ast.stmt) and _deletable(node, rebinding, in_function))
        for name, value in ast.iter_fields(node):
            if name in ("annotation", "returns", "decorator_list", "type_comment"):
                continue
            children = value if isinstance(value, list) else [value]
            for child in children:
                if isinstance(child, ast.AST):
                    yield from visit(child, node, names, scope, in_class, in_function)

    for stmt in tree.body:
        if _is_docstring(stmt):
            continue
        yield from visit(stmt, None, [], "", False)


def _text(node: ast.AST) -> str:
    if isinstance(node, (ast.Break, ast.Continue, ast.Pass)):
        return type(node).__name__.lower()
    return " ".join(ast.unparse(node).split())


def source_path(module: str) -> Path:
    mod = importlib.import_module(f"{PACKAGE}.{module}")
    return Path(mod.__file__ or "")


SOURCES: dict[str, str] = {}
"""The text of each module as last parsed by :func:`all_trees` (reports quote it)."""


def all_trees() -> dict[str, ast.Module]:
    """Every module of the reference engine, parsed (for :func:`provenance_only`) and
    imported now, so that the live engine the mutants patch is the text they were made
    from (a forked child never imports a module afresh from a file edited since)."""

    folder = source_path("combos").parent
    out = {}
    for path in sorted(folder.glob("*.py")):
        if path.stem not in ("__init__", "provenance"):
            SOURCES[path.stem] = text = path.read_text(encoding="utf-8")
            out[path.stem] = ast.parse(text, filename=str(path))
            importlib.import_module(f"{PACKAGE}.{path.stem}")
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
        TREES.clear()
        TREES.update(trees)
        _SKIPPED.clear()
        _SKIPPED.update(skipped)
    out: list[Mutant] = []
    for module in modules:
        seen: Counter[tuple[str, str]] = Counter()
        for index, site in enumerate(sites(trees[module], module, skipped)):
            for choice, apply in enumerate(alternatives(site.node, site.parent,
                                                        site.deletable)):
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
            replacement = alternatives(site.node, site.parent,
                                       site.deletable)[mutant.choice](site.node)
            if replacement is not site.node:
                _replace(site.parent, site.node, replacement)
            return ast.fix_missing_locations(tree)
    raise MutationError(f"{mutant.where()}: mutant {mutant.mutation} no longer applies")


TREES: dict[str, ast.Module] = {}
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


