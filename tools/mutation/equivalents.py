"""Mutants judged *equivalent*: no scenario the kit can send tells them apart from the
reference engine, each with its kind and a one-line reason (``tests/mutation_equivalents/``,
one YAML file per module: ``combos.yaml``, …, and a README).

The kinds (:data:`KINDS`), reported apart so that a reader sees what a rate leaves out:

- ``same-behaviour``: no behaviour changes at all (an unreachable bound, a pruning, a value
  overwritten before use, an invariant);
- ``message-text``: only the text of an error message changes (protocol.md: a rejection's
  message is for people and never compared; its clause and code are, and stay the same);
- ``schema-forbidden``: only input the scenario and protocol schemas forbid reaches the
  change: the kit never sends it, so an engine that accepts it cannot be observed
  (a position no game reaches, a malformed card list);
- ``python-api``: only a caller of the engine's Python API sees it (a helper the adapter
  never calls with those arguments);
- ``impossible-position``: the engine would accept a position no game reaches (a burial
  of five cards, a reveal of a card that is not the revealer's level) where the reference
  refuses it. protocol.md lets a scenario send an invalid position on purpose, so these
  are engine duties no scenario tests yet: since issue 30 they count as **survivors**
  (listed with their kind), never as exclusions.

Listed mutants still run: one that survives is reported ``equivalent`` with its kind and
reason, and its judgement is then **checked** by the mechanism of its kind
(:mod:`fivetenk.mutation.checks`): only a checked one leaves the protocol-observable
rate's denominator; one found observable, or unverified, stays in. One that is killed
makes the entry stale (exit status 1); an entry naming no mutant is an error (exit status
2). A ``schema-forbidden`` entry gives its distinguishing input as ``witness``: the setup
of a scenario (``{"position": ...}`` or ``{"deal": ...}``) that tells the mutant apart,
which the check compiles and sends; a ``"*"`` entry gives a list of them, among which one
must tell apart each mutant it covers. An entry checked by the differential fuzz
(``same-behaviour``, ``message-text``, ``python-api``) may give ``cases``: setups the check
sends besides the fuzz, so that it runs a line the fuzz never reaches (a refused position)
and compares the replies there too.

**Code no scenario reaches.** An entry with ``mutation: "*"`` covers every mutant of its
function that survives *unreached*: no scenario executes its lines (through the adapter:
the adapter never runs them). It is for a whole function the protocol never calls
(``python-api``: the kit builds positions with ``build_position``, the adapter only parses
them) or the branches of a validator only input the kit never sends can take
(``schema-forbidden``). A mutant of that function that a scenario reaches and survives
still needs an entry of its own, or a scenario; and an entry whose function has no
unreached survivor left is stale.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .operators import TARGETS, Mutant, MutationError

KINDS = ("same-behaviour", "message-text", "schema-forbidden", "python-api",
         "impossible-position")
"""The kinds of equivalent mutant, in the order reports list them."""
EXCLUDED = KINDS[:4]
"""The kinds that may leave the observable rate's denominator, once checked
(``impossible-position`` mutants count as survivors)."""

FOLDER = "mutation_equivalents"
DEFAULT_EQUIVALENTS = Path(__file__).resolve().parent.parent.parent / "tests" / FOLDER
"""The checkout's equivalents (an editable install: ``pip install -e .``); an installed kit
has no tests/, so the tool then looks in the working directory (:func:`equivalents_file`)."""
EQUIVALENT_KEYS = {"module", "function", "mutation", "occurrence", "line", "kind", "reason",
                   "witness", "cases"}
FUZZED = ("same-behaviour", "message-text", "python-api")
"""The kinds whose check is a differential fuzz of the mutant, which an entry's ``cases``
add to."""


@dataclass(frozen=True)
class Equivalent:
    module: str
    function: str
    mutation: str
    occurrence: int
    reason: str
    where: str
    kind: str = "same-behaviour"
    witness: Any = None
    """The distinguishing setup of a ``schema-forbidden`` entry (None: not given), or a list
    of them (a ``"*"`` entry: one telling each mutant it covers apart)."""
    cases: tuple[Any, ...] = ()
    """Setups the differential check of a ``same-behaviour``, ``message-text`` or
    ``python-api`` entry sends besides its fuzz, to reach a line the fuzz never runs."""

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.module, self.function, self.mutation, self.occurrence)

    @property
    def unreached(self) -> bool:
        """Whether the entry covers every unreached survivor of its function (``"*"``)."""
        return self.mutation == UNREACHED


UNREACHED = "*"
"""The ``mutation`` of an entry covering a function's unreached survivors."""


def equivalents_file() -> Path:
    """The judged equivalents of the checkout: beside the kit's sources when it is installed
    editable, else ``tests/mutation_equivalents/`` under the working directory (a checkout
    with the kit installed from it); a :class:`MutationError` saying how to give them when
    neither exists, rather than silently judging every survivor non-equivalent."""
    for path in (DEFAULT_EQUIVALENTS, Path.cwd() / "tests" / FOLDER):
        if path.is_dir() or path.is_file():
            return path
    raise MutationError(f"no tests/{FOLDER}/ here: run from the kit's checkout, or give "
                        f"the folder or a file with --equivalents PATH")


def load_equivalents(path: Path) -> list[Equivalent]:
    """The judged equivalent mutants of ``path``: a folder of YAML files (each holding the
    entries of the module it is named after) or one YAML file. Each file is a list of
    mappings with ``module``, ``function``, ``mutation``, ``kind`` (one of :data:`KINDS`),
    ``reason``, optional ``occurrence`` (default 1) and ``line`` (informative only).
    Anything else is a :class:`MutationError` naming the entry."""
    if path.is_dir():
        out: list[Equivalent] = []
        for file in sorted(path.glob("*.yaml")):
            entries = _load_file(file)
            wrong = [e for e in entries if e.module != file.stem]
            if wrong:
                raise MutationError(f"{wrong[0].where}: module {wrong[0].module!r} belongs "
                                    f"in {wrong[0].module}.yaml, not {file.name}")
            out += entries
        _unique(out)
        return out
    out = _load_file(path)
    _unique(out)
    return out


def _unique(entries: list[Equivalent]) -> None:
    keys = Counter(e.key for e in entries)
    for e in entries:
        if keys[e.key] > 1:
            raise MutationError(f"{e.where}: the same mutant is listed twice")


def _load_file(path: Path) -> list[Equivalent]:
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
        for name in ("module", "function", "mutation", "kind", "reason"):
            if not isinstance(item.get(name), str) or not item[name].strip():
                raise MutationError(f"{where}: {name!r} must be a non-empty string")
        if item["kind"] not in KINDS:
            raise MutationError(f"{where}: kind {item['kind']!r} is not one of "
                                f"{', '.join(KINDS)}")
        occurrence = item.get("occurrence", 1)
        if not isinstance(occurrence, int) or isinstance(occurrence, bool) or occurrence < 1:
            raise MutationError(f"{where}: 'occurrence' must be a whole number from 1")
        if item["module"] not in TARGETS:
            raise MutationError(f"{where}: module {item['module']!r} is not mutated; one of "
                                f"{', '.join(TARGETS)}")
        witness = item.get("witness")
        if witness is not None and (item["kind"] != "schema-forbidden" or not (
                _is_setup(witness) or (isinstance(witness, list) and witness
                                       and all(map(_is_setup, witness))))):
            raise MutationError(f"{where}: 'witness' is for a schema-forbidden entry: a "
                                f"scenario's setup, {{position: ...}} or {{deal: ...}}, or a "
                                f"list of them")
        cases = item.get("cases", [])
        if "cases" in item and (item["kind"] not in FUZZED or not (
                isinstance(cases, list) and cases and all(map(_is_setup, cases)))):
            raise MutationError(f"{where}: 'cases' is for a {', '.join(FUZZED)} entry: a list "
                                f"of scenario setups, {{position: ...}} or {{deal: ...}}")
        out.append(Equivalent(item["module"], item["function"], item["mutation"], occurrence,
                              item["reason"].strip(), where, item["kind"], witness,
                              tuple(cases)))
    return out


def _is_setup(value: Any) -> bool:
    """Whether ``value`` has the shape of a scenario's setup: ``{position: ...}`` or
    ``{deal: ...}``."""
    return isinstance(value, dict) and len(value) == 1 and set(value) <= {"position", "deal"}


def check_equivalents(equivalents: Iterable[Equivalent], mutants: Iterable[Mutant]) -> None:
    """Every entry must name a mutant that exists, or for ``"*"`` a function that has
    mutants (else the file has gone stale)."""
    mutants = list(mutants)
    known = {m.key for m in mutants}
    functions = {(m.module, m.function) for m in mutants}
    for e in equivalents:
        if e.unreached:
            if (e.module, e.function) not in functions:
                raise MutationError(f"{e.where}: no mutant in {e.module} {e.function}; the code "
                                    f"changed — judge it again or remove it")
        elif e.key not in known:
            raise MutationError(
                f"{e.where}: no such mutant: {e.module} {e.function} {e.mutation!r} "
                f"(occurrence {e.occurrence}); the code changed — judge it again or remove it")
