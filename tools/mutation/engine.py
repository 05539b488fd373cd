"""Applying a mutant to the live engine (in a forked child only: the process that judges
never runs a mutant).

A mutant inside a function (almost all) replaces that function's code object, so every
``from .x import y`` binding sees it. A mutant at module or class level re-executes the
mutated module and every reference module importing it into their own namespaces and
rebinds what they export wherever the kit imported them (:func:`reexecute`); before such
mutants are believed, each module so re-executed *unmutated* must pass every scenario (else
its module-level mutants are reported ``unreliable``). The ``functools`` caches of the kit
and the engine are cleared after patching (:func:`apply_mutant`).
"""

from __future__ import annotations

import ast
import sys
import types
from typing import Any

from .operators import PACKAGE, Mutant, MutationError, mutated_tree


def apply_mutant(mutant: Mutant | None, module: str, trees: dict[str, ast.Module]) -> None:
    """Patch the live engine with ``mutant`` (None: re-execute ``module`` unmutated, the
    check that module-level re-execution is faithful), then clear every cache."""
    if mutant is None:
        reexecute(module, trees[module], trees)
    elif mutant.scope:
        _patch_function(mutant, trees[module])
    else:
        reexecute(module, mutated_tree(mutant, trees[module]), trees)
    clear_kit_caches()


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


def _run_imports(tree: ast.AST) -> list[ast.ImportFrom]:
    """The ``from … import`` statements of ``tree`` that run (at any depth), leaving out
    those under ``if TYPE_CHECKING:``, which only name types."""
    out: list[ast.ImportFrom] = []
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and isinstance(child.test, ast.Name) \
                and child.test.id == "TYPE_CHECKING":
            for node in child.orelse:
                out += _run_imports(ast.Module(body=[node], type_ignores=[]))
        elif isinstance(child, ast.ImportFrom):
            out.append(child)
        else:
            out += _run_imports(child)
    return out


def _importers(module: str, trees: dict[str, ast.Module]) -> list[str]:
    """``module`` and the reference modules importing it, directly or not, in an order
    where each comes after what it imports."""
    imports: dict[str, set[str]] = {}
    for name, tree in trees.items():
        deps: set[str] = set()
        for node in _run_imports(tree):
            if node.level == 1:
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
