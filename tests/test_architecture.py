"""The kit's house (issues 23 and 31): the layers of :data:`LAYERS`, each importing only
from itself and the layers before it; no import circles, lazy imports included; no name
imported from another module that its module keeps private (``_name``); and no module so
large that it holds more than one responsibility.

The import graph is read from the source with :mod:`ast`, not from what happens to be
imported at run time, so an import inside a function (a lazy import, taken to keep start-up
light) counts like one at the top: a circle through a lazy import is still a circle in
the design, and only waits for the wrong call order to fail. Imports under ``if
TYPE_CHECKING:`` never run, so they close no circle; but they count for the layer order:
an annotation naming a higher layer's type is an upward dependency all the same.

The layers, bottom to top (docs/architecture.md, "Layers"): the engine
(``fivetenk.reference``), which imports nothing of the kit; the model (scenarios, the
spec, user input, bounds, paths, the suite cache, the position builder); the language
(phrases and the compiler); impl (drivers, the protocol, processes, the adapter and the
SDK); the suite (catalog, profile, shapes, runner); results (evidence, reports,
expectations); then the areas users run, each in its own layer so that one may use
another only to its left (commands, fuzz, practice, book, bench, mutation, scaffold); and
the entry points, cli and pytest_plugin, on top.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from fivetenk.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"fivetenk": ROOT / "tools", "fivetenk.reference": ROOT / "reference"}
"""Where each package's source lives in the checkout (pyproject.toml's package-dir)."""

MAX_LINES = 900
"""The most lines a module of the kit or the engine may have (issue 23)."""

ROOT_PACKAGE = "fivetenk"
"""The kit's package itself (its face: the version): in the bottom layer of the kit, and
holding no module of its own (a module of it is in the layer of its package)."""

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("engine", ("fivetenk.reference",)),
    ("model", (ROOT_PACKAGE, "fivetenk.model")),
    ("language", ("fivetenk.language",)),
    ("impl", ("fivetenk.impl",)),
    ("suite", ("fivetenk.suite",)),
    ("results", ("fivetenk.results",)),
    ("commands", ("fivetenk.commands",)),
    ("fuzz", ("fivetenk.fuzz",)),
    ("practice", ("fivetenk.practice",)),
    ("book", ("fivetenk.book",)),
    ("bench", ("fivetenk.bench",)),
    ("mutation", ("fivetenk.mutation",)),
    ("scaffold", ("fivetenk.scaffold",)),
    ("entry points", ("fivetenk.cli", "fivetenk.pytest_plugin")),
    ("docs", ("fivetenk.docs",)),  # the pages of docs/ written from the command line's help
)
"""The layers, bottom to top, each with the packages (or modules) it holds; a module may
import from its own layer and the layers before it, never from one after it."""


@functools.cache
def parsed(source: str) -> ast.Module:
    """``source``'s syntax tree, parsed once for the module's tests (each of which walks
    every module of the kit: parsing them all again took each test about 1.5 s of CPU);
    the trees are only read."""
    return ast.parse(source)


def modules(packages: dict[str, Path] | None = None) -> dict[str, Path]:
    """Every module of the kit and the engine (or of ``packages``, package -> folder):
    dotted name -> file."""
    found = {}
    for package, root in (PACKAGES if packages is None else packages).items():
        for path in sorted(root.rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if "__pycache__" in parts:
                continue
            found[".".join([package, *parts])] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _imports(tree: ast.AST, typing: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth (functions, classes, try blocks), except
    those under ``if TYPE_CHECKING:`` (unless ``typing``)."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and _type_checking(child) and not typing:
            for node in child.orelse:
                yield from _imports(ast.Module(body=[node], type_ignores=[]))
        elif isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        else:
            yield from _imports(child, typing)


def imported(name: str, path: Path, known: dict[str, Path], typing: bool = False) -> set[str]:
    """The modules of ``known`` that module ``name`` imports (``typing``: those imported
    for type checking only too)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()

    def add(target: str) -> None:
        while target and target not in known:  # `from pkg.mod import func` -> pkg.mod
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)

    for node in _imports(parsed(path.read_text(encoding="utf-8")), typing):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
            continue
        if node.level:
            base = package[:len(package) - (node.level - 1)]
            module = ".".join([*base, *([node.module] if node.module else [])])
        else:
            module = node.module or ""
        for alias in node.names:
            add(f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative): each is a set of modules that import each other, directly or not."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def graph(packages: dict[str, Path] | None = None, typing: bool = False) -> dict[str, set[str]]:
    """The import graph (``typing``: imports for type checking only included), with the
    edges the command line makes by name: ``fivetenk.cli`` imports each command's module
    with :func:`importlib.import_module` (cli.COMMANDS), an import the source does not
    spell out, so a command importing ``cli`` back is a circle too."""
    known = modules(packages)
    edges = {name: imported(name, path, known, typing) for name, path in known.items()}
    if "fivetenk.cli" in edges:
        edges["fivetenk.cli"] |= {f"fivetenk.{command.module}" for command in
                                  COMMANDS.values() if command.module is not None}
    return edges


def layer_of(module: str, layers: tuple[tuple[str, tuple[str, ...]], ...] = LAYERS) -> int:
    """The index in ``layers`` of the layer holding ``module`` (the longest package that
    names it or contains it); -1 for none."""
    best, index = "", -1
    for i, (_, members) in enumerate(layers):
        for member in members:
            inside = module.startswith(member + ".") and member != ROOT_PACKAGE
            if (module == member or inside) and len(member) > len(best):
                best, index = member, i
    return index


def upward_imports(edges: dict[str, set[str]],
                   layers: tuple[tuple[str, tuple[str, ...]], ...] = LAYERS) -> list[str]:
    """Every import of a module from a layer after its own, as ``a (layer) -> b (layer)``."""
    found = []
    for name, targets in sorted(edges.items()):
        for target in sorted(targets):
            if layer_of(target, layers) > layer_of(name, layers):
                found.append(f"{name} ({layers[layer_of(name, layers)][0]}) -> {target} "
                             f"({layers[layer_of(target, layers)][0]})")
    return found


def private_imports(known: dict[str, Path]) -> list[str]:
    """Every ``from module import _name`` (``_name`` not a dunder) of a module of ``known``
    from another module of ``known``, type-checking imports included, as ``where: what``."""
    found = []
    for name, path in sorted(known.items()):
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        tree = parsed(path.read_text(encoding="utf-8"))
        for node in _imports(tree, typing=True):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            if source not in known or source == name:
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.endswith("__"):
                    found.append(f"{name}:{node.lineno}: from {source} import {alias.name}")
    return found


def test_every_module_is_in_a_layer() -> None:
    assert [name for name in modules() if layer_of(name) < 0] == []


def test_no_module_imports_from_a_layer_after_its_own() -> None:
    """Lazy imports and imports for type checking only included (an annotation naming a
    higher layer's type is an upward dependency all the same)."""
    found = upward_imports(graph(typing=True))
    assert found == [], "imports from a later layer (move the shared part down): " + \
        "; ".join(found)


def test_no_module_imports_a_private_name_of_another() -> None:
    """A name used across files is public: rename it without the underscore."""
    assert private_imports(modules()) == []


def test_every_package_has_a_face() -> None:
    """Each package of the kit says what it offers: ``__all__`` in its ``__init__.py`` (the
    layer packages and most areas list their modules; a package that is one module's worth
    of code lists its public names)."""
    faceless = [name for name, path in modules().items() if path.name == "__init__.py"
                and not name.startswith("fivetenk.reference")
                and "__all__" not in defined_names(path)]
    assert faceless == []


def defined_names(path: Path) -> set[str]:
    """The names a module binds at its top level."""
    names: set[str] = set()
    for node in parsed(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if \
            isinstance(node, ast.AnnAssign) else []
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _tree(root: Path, files: dict[str, str]) -> dict[str, Path]:
    """A made-up package ``p`` under ``root``: relative path -> source."""
    for name, text in files.items():
        path = root / "p" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return {"p": root / "p"}


TOY_LAYERS = (("model", ("p", "p.model")), ("suite", ("p.suite",)), ("top", ("p.cli",)))


def test_the_layer_check_finds_an_upward_import(tmp_path: Path) -> None:
    """A planted upward import fails the check: at the top, lazy, for type checking only;
    a downward one and one within a layer do not."""
    packages = _tree(tmp_path, {
        "__init__.py": "", "model/__init__.py": "", "suite/__init__.py": "",
        "model/a.py": "from ..suite.b import run\n",
        "model/lazy.py": "def f():\n    from ..suite import b\n    return b\n",
        "model/typed.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                          "    from p.suite.b import Result\n",
        "suite/b.py": "from ..model import fine\nfrom . import c\n",
        "suite/c.py": "from p.model.fine import x\n",
        "model/fine.py": "x = 1\n",
        "cli.py": "from .suite import b\n",
    })
    found = upward_imports(graph(packages, typing=True), TOY_LAYERS)
    assert found == ["p.model.a (model) -> p.suite.b (suite)",
                     "p.model.lazy (model) -> p.suite.b (suite)",
                     "p.model.typed (model) -> p.suite.b (suite)"]
    assert upward_imports(graph(packages), TOY_LAYERS) == found[:2]  # typing left out


def test_the_private_check_finds_a_private_import(tmp_path: Path) -> None:
    """A planted import of another module's ``_name`` fails the check (at any depth and
    for type checking too); a dunder, a module's own names and public ones do not."""
    packages = _tree(tmp_path, {
        "__init__.py": "__version__ = '1'\n",
        "a.py": "from . import __version__\n_secret = 1\npublic = 2\n",
        "b.py": "from .a import public\ndef f():\n    from p.a import _secret\n"
                "    return _secret\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                "    from .a import _Hidden\nfrom collections import _private_elsewhere\n",
    })
    assert private_imports(modules(packages)) == ["p.b:3: from p.a import _secret",
                                                 "p.c:3: from p.a import _Hidden"]


@pytest.mark.slow
def test_the_kit_and_the_engine_have_no_import_circles() -> None:
    found = circles(graph())
    assert found == [], "import circles (lazy imports included): " + "; ".join(
        " <-> ".join(c) for c in found)


@pytest.mark.slow
def test_the_engine_imports_nothing_of_the_kit() -> None:
    for name, targets in graph().items():
        if name.startswith("fivetenk.reference"):
            assert all(t.startswith("fivetenk.reference") for t in targets), (name, targets)


@pytest.mark.parametrize(("edges", "expected"), [
    ({"a": {"b"}, "b": {"a"}, "c": set()}, [["a", "b"]]),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
])
def test_the_circle_finder_finds_circles(edges: dict[str, set[str]],
                                         expected: list[list[str]]) -> None:
    assert circles(edges) == expected


def test_a_lazy_import_counts_and_a_type_checking_one_does_not(tmp_path: Path) -> None:
    a = tmp_path / "a.py"
    a.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n"
                 "def f():\n    from .c import g\n    return g\n")
    known = {"p.a": a, "p.b": tmp_path / "b.py", "p.c": tmp_path / "c.py"}
    assert imported("p.a", a, known) == {"p.c"}

ENGINE_INSIDE = {
    "fivetenk.bench.combos": "times the engine's own counter of a hand's readings "
                             "(combos.readings_of_counts), the inside the other benchmarks "
                             "time through the front door",
}
"""The kit's modules that import modules inside the engine (``fivetenk.reference.combos``)
instead of its front door (``fivetenk.reference``), on purpose, and why (issue 31). The
mutation tools work on the engine's modules too, but by their file names, not by imports."""


def engine_inside(name: str, path: Path) -> set[str]:
    """The modules inside the engine that module ``name`` imports (lazily, or for types
    only, included: every import statement counts)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(parsed(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - (node.level - 1)] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            targets = [module]
            if module == "fivetenk.reference" or (node.level and not node.module):
                targets += [f"{module}.{alias.name}" for alias in node.names]
        found |= {t for t in targets if t.startswith("fivetenk.reference.")
                  and t.split(".")[2] in ENGINE_MODULES}
    return found


ENGINE_MODULES = {p.stem for p in (ROOT / "reference").glob("*.py") if p.stem != "__init__"}


def test_the_kit_imports_the_engine_through_its_front_door() -> None:
    """Every module of the kit imports the engine from ``fivetenk.reference``, which names
    everything the kit uses; only the modules of :data:`ENGINE_INSIDE` reach inside, each
    for its reason, and each still does (a stale exception fails too)."""
    inside = {name: found for name, path in modules().items()
              if not name.startswith("fivetenk.reference")
              and (found := engine_inside(name, path))}
    assert set(inside) - set(ENGINE_INSIDE) == set(), (
        "import these from fivetenk.reference (add what is missing to its __all__): "
        + "; ".join(f"{n}: {sorted(t)}" for n, t in inside.items() if n not in ENGINE_INSIDE))
    assert set(ENGINE_INSIDE) - set(inside) == set(), "stale exceptions: remove them"


def test_the_front_door_names_what_it_exports() -> None:
    """Every name of the front door's ``__all__`` is there, the ones loaded on first use
    (the game and what plays it) included; loading the package alone loads no game."""
    code = ("import sys, fivetenk.reference as r\n"
            "assert 'fivetenk.reference.game' not in sys.modules\n"
            "missing = [n for n in r.__all__ if getattr(r, n, None) is None]\n"
            "assert not missing, missing\n"
            "assert 'fivetenk.reference.game' in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


def test_an_import_inside_the_engine_is_found(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("from .reference.game import Game\nfrom .reference import cards, Card\n"
                      "import fivetenk.reference.plays\nfrom . import reference\n"
                      "from .reference import Rank\n"
                      "def f():\n    from .reference.position import parse_position\n")
    assert engine_inside("fivetenk.m", source) == {
        "fivetenk.reference.game", "fivetenk.reference.cards", "fivetenk.reference.plays",
        "fivetenk.reference.position"}
    nested = tmp_path / "n.py"
    nested.write_text("from ..reference.dealing import SEATS\nfrom ..reference import Game\n")
    assert engine_inside("fivetenk.sub.n", nested) == {"fivetenk.reference.dealing"}


DRIVER_READERS = ("runner", "profile", "fuzz")
"""Modules (by last name) and packages (by any name) that use drivers: everything they
use of one is declared in the Driver Protocol (issue 31), so none looks it up by name."""


def driver_lookups(source: str) -> list[str]:
    """Where ``source`` looks a driver's member up by name (``getattr(driver, ...)``,
    ``hasattr(self._driver, ...)``: a first argument naming a driver) or reaches into a
    process driver's private process (``._proc``), as ``line: text``."""
    found = []
    for node in ast.walk(parsed(source)):
        by_name = (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                   and node.func.id in ("getattr", "hasattr", "setattr") and bool(node.args)
                   and "driver" in ast.unparse(node.args[0]).lower())
        if by_name or (isinstance(node, ast.Attribute) and node.attr == "_proc"):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_driver_is_used_through_its_protocol_only() -> None:
    """The runner, the profile and the fuzzer use of a driver only what the Driver
    Protocol declares: no member looked up by name, no private process reached into."""
    readers = {name: path for name, path in modules().items()
               if name.rsplit(".", 1)[-1] in DRIVER_READERS
               or set(name.split(".")[1:-1]) & set(DRIVER_READERS)}
    assert len(readers) > 10  # the runner, the profile and the fuzz package
    found = {name: lookups for name, path in readers.items()
             if (lookups := driver_lookups(path.read_text(encoding="utf-8")))}
    assert found == {}, "look a driver's member up by name: declare it in drivers.Driver"


def test_a_driver_looked_up_by_name_is_found() -> None:
    source = ("def f(driver, d):\n    x = getattr(driver, 'stream', None)\n"
              "    if hasattr(self._driver, 'spin'):\n        d._proc.spin = 0\n"
              "    return getattr(args, 'impl', None)\n")
    assert driver_lookups(source) == ["2: getattr(driver, 'stream', None)",
                                      "3: hasattr(self._driver, 'spin')", "4: d._proc"]


def lazy_without_reason(source: str) -> list[int]:
    """The lines of the imports inside functions in ``source`` that no comment explains: a
    lazy import stays only where it saves start-up time (or breaks a circle), and says so
    on its line or on a comment line above its group of imports (issue 31)."""
    lines = source.split("\n")
    found = []
    for node in ast.walk(parsed(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for child in ast.walk(node):
            if not isinstance(child, ast.Import | ast.ImportFrom):
                continue
            if "# " in lines[child.lineno - 1].replace("# noqa", ""):
                continue
            above = child.lineno - 2
            while above >= 0 and (not lines[above].strip()
                                  or lines[above].lstrip().startswith(("import ", "from "))):
                above -= 1
            if above < 0 or not lines[above].lstrip().startswith("#"):
                found.append(child.lineno)
    return found


def test_every_lazy_import_says_why() -> None:
    """An import inside a function is kept only to keep a module out of some start-up
    (or out of a circle), with a comment saying which."""
    found = {name: lines for name, path in modules().items()
             if not name.startswith("fivetenk.reference")
             and (lines := lazy_without_reason(path.read_text(encoding="utf-8")))}
    assert found == {}, "import these at the top, or say why not in a comment"


def test_a_lazy_import_without_a_reason_is_found() -> None:
    source = ("import os\n\ndef f():\n    # lazy: the adapter starts without it\n"
              "    import json\n    from . import a\n\n    return a\n\n"
              "def g():\n    import re  # lazy: only here\n\n"
              "def h():\n    x = 1\n    import shlex\n")
    assert lazy_without_reason(source) == [15]


def _loaded(code: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(sorted(sys.modules))"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT / "tests")
    assert done.returncode == 0, done.stderr
    return set(ast.literal_eval(done.stdout.strip().splitlines()[-1]))


HEAVY = {"jsonschema", "yaml", "gherkin", "jinja2", "hypothesis", "fivetenk.model.scenario",
         "fivetenk.reference.game"}
"""What a start-up that does not need it must not load (each costs tens of milliseconds
or more: this environment compiles every module afresh, PYTHONDONTWRITEBYTECODE)."""


def test_what_starts_often_starts_light() -> None:
    """``fivetenk --help`` and the adapter (which the tests and every check --impl of the
    reference start by the hundred) load none of :data:`HEAVY`; the pytest plugin, which
    every pytest run loads, loads nothing else of the kit."""
    cli = ("import io, contextlib\nfrom fivetenk.cli import main\n"
           "with contextlib.redirect_stdout(io.StringIO()):\n"
           "    try: main(['--help'])\n    except SystemExit: pass\n")
    assert _loaded(cli) & HEAVY == set()
    adapter = "from fivetenk.cli import build_parser\nbuild_parser(['adapter'])\n"
    assert _loaded(adapter) & HEAVY == set()
    plugin = {m for m in _loaded("import fivetenk.pytest_plugin") if m.startswith("fivetenk")}
    assert plugin == {"fivetenk", "fivetenk.pytest_plugin"}


HELP_LEAVES_OUT = {
    "book": {"jinja2", "markupsafe", "fivetenk.suite.catalog", "fivetenk.results.evidence"},
    "rules": {"fivetenk.suite.catalog", "fivetenk.model.scenario"},
    "expectations": {"yaml", "fivetenk.results.expectations_update"},
}
"""What a command's ``--help`` leaves to its run: each module its parser does not need and
its run loads (the book's templates and scenarios, the rules' scenarios, the expectations
writer)."""


@pytest.mark.parametrize("command", sorted(HELP_LEAVES_OUT))
def test_a_command_s_help_leaves_its_run_s_modules_out(command: str) -> None:
    """``fivetenk COMMAND --help`` builds the command's parser only (issue 31, item 6: the
    lazy imports that keep these modules out say so)."""
    code = f"from fivetenk.cli import build_parser\nbuild_parser([{command!r}])\n"
    assert _loaded(code) & HELP_LEAVES_OUT[command] == set()


def test_no_module_is_over_the_size_limit() -> None:
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines())
             for name, path in modules().items()}
    large = {name: lines for name, lines in sizes.items() if lines > MAX_LINES}
    assert large == {}, f"modules over {MAX_LINES} lines (split them by responsibility)"


def test_every_package_is_installed() -> None:
    """Every package folder of the kit is listed in pyproject.toml (setuptools installs only
    the packages listed: a new one left out works from the checkout and is missing from
    ``pip install .``)."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    folders = {name for name, path in modules().items() if path.name == "__init__.py"}
    assert folders - listed == set()
