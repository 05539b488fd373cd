"""Mutants judged *equivalent*: no scenario the kit can send tells them apart from the
reference engine, each with its kind and a one-line reason (``tests/mutation_equivalents.yaml``).

The kinds (:data:`KINDS`), reported apart so that a reader sees what a rate leaves out:

- ``same-behaviour``: no behaviour changes at all (an unreachable bound, a pruning, a value
  overwritten before use, an invariant);
- ``message-text``: only the text of an error message changes (protocol.md: a rejection's
  message is for people and never compared; its clause and code are, and stay the same);
- ``schema-forbidden``: only input the scenario and protocol schemas forbid reaches the
  change: the kit never sends it, so an engine that accepts it cannot be observed
  (a position no game reaches, a malformed card list);
- ``python-api``: only a caller of the engine's Python API sees it (a helper the adapter
  never calls with those arguments).

Listed mutants still run: one that survives is reported ``equivalent`` with its kind and
reason; one that is killed makes the entry stale (exit status 1); an entry naming no mutant
is an error (exit status 2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from .operators import TARGETS, Mutant, MutationError

KINDS = ("same-behaviour", "message-text", "schema-forbidden", "python-api")
"""The kinds of equivalent mutant, in the order reports list them."""

DEFAULT_EQUIVALENTS = (Path(__file__).resolve().parent.parent.parent / "tests"
                       / "mutation_equivalents.yaml")
"""The checkout's equivalents file (an editable install: ``pip install -e .``); an installed
kit has no tests/, so the tool then looks in the working directory (:func:`equivalents_file`)."""
EQUIVALENT_KEYS = {"module", "function", "mutation", "occurrence", "line", "kind", "reason"}


@dataclass(frozen=True)
class Equivalent:
    module: str
    function: str
    mutation: str
    occurrence: int
    reason: str
    where: str
    kind: str = "same-behaviour"

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
    ``function``, ``mutation``, ``kind`` (one of :data:`KINDS`), ``reason``, optional
    ``occurrence`` (default 1) and ``line`` (informative only)). Anything else is a
    :class:`MutationError` naming the entry."""
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
        out.append(Equivalent(item["module"], item["function"], item["mutation"], occurrence,
                              item["reason"].strip(), where, item["kind"]))
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
