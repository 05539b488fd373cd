"""The 24 rules as data: load, validate and cross-check ``spec/*.yaml``.

The spec package (``fivetenk.spec``) holds

- ``R01.yaml`` … ``R24.yaml``: one rule each, split into clauses (``R17.2``) that quote the
  English and Spanish rule texts verbatim and name the rulings that interpret them;
- ``rulings.yaml``: the rulings ``D1`` … that say how the kit reads the rules, the clauses
  they interpret and the house-rule variants they name;
- ``preamble.yaml``: the non-normative lines around the rules;
- ``rules.en.txt`` and ``rules.es.txt``: the rule texts themselves.

:func:`load_spec` validates every file against its JSON Schema (``fivetenk.schemas``) and
then checks what a schema cannot: every quote occurs verbatim in the right rule of the
right language, the English clauses put together give back each rule exactly, ids are
unique and numbered in order, and clauses and rulings cite each other both ways.
:func:`iter_problems` reports every problem found instead of stopping at the first.

Example::

    >>> spec = load_spec()
    >>> spec.clauses["R11.5"].en
    'A self-call adds no partner.'
    >>> spec.variants["pass"].default
    'turn'
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .paths import data_dir

__all__ = [
    "LANGS",
    "RULE_FILES",
    "RULE_IDS",
    "RULINGS_FILE",
    "Clause",
    "Difference",
    "Preamble",
    "Problem",
    "Rule",
    "Ruling",
    "Spec",
    "SpecError",
    "Variant",
    "iter_problems",
    "load_spec",
    "read_documents",
]

LANGS: tuple[str, ...] = ("en", "es")
"""The languages of the rule texts, English first."""

RULE_COUNT = 24
RULE_IDS: tuple[str, ...] = tuple(f"R{n:02d}" for n in range(1, RULE_COUNT + 1))
"""``R01`` … ``R24``."""

RULE_FILES: tuple[str, ...] = tuple(f"{rule_id}.yaml" for rule_id in RULE_IDS)
RULINGS_FILE = "rulings.yaml"
PREAMBLE_FILE = "preamble.yaml"
TEXT_FILES: Mapping[str, str] = {"en": "rules.en.txt", "es": "rules.es.txt"}

SPEC_SCHEMA = "spec.schema.json"
RULINGS_SCHEMA = "rulings.schema.json"
PREAMBLE_SCHEMA = "preamble.schema.json"
_SCHEMA_OF_FILE: Mapping[str, str] = {
    **dict.fromkeys(RULE_FILES, SPEC_SCHEMA),
    RULINGS_FILE: RULINGS_SCHEMA,
    PREAMBLE_FILE: PREAMBLE_SCHEMA,
}

_UNLINKED_RULES = frozenset({f"R{RULE_COUNT:02d}"})
"""Rules whose clauses may go without a ruling (rule 24 is advice)."""

_HEADING = re.compile(r"(\d{1,2})\. (.+)")


# --------------------------------------------------------------------------- problems


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the spec: the file, the JSON path inside it, and what is wrong.

    For the rule texts (``rules.en.txt``) the path is a line reference (``line 5``).
    """

    file: str
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: {self.message}"


class SpecError(ValueError):
    """The spec files are invalid; :attr:`problems` lists everything that was found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        count = len(self.problems)
        head = f"invalid spec ({count} problem{'s' if count != 1 else ''})"
        super().__init__("\n".join([head + ":", *(f"  {p}" for p in self.problems)]))


# --------------------------------------------------------------------------- the model


@dataclass(frozen=True, slots=True)
class Difference:
    """A difference in substance, recorded on a clause, and the ruling that settles it.

    ``between`` is ``"en/es"`` when the English and Spanish texts differ, ``"text/ruling"``
    when both texts say one thing and the ruling reads them another way.
    """

    note: str
    ruling: str
    between: str = "en/es"
    note_es: str = ""  # the note in Spanish (issue 33)


@dataclass(frozen=True, slots=True)
class Clause:
    """One normative sentence of a rule (rule 21: one score band).

    ``rule`` is the rule id (``"R17"``); ``en`` and ``es`` are verbatim quotes of the rule
    texts; ``rulings`` the ids of the rulings that interpret the clause; ``alignment`` says
    how the Spanish lines up where it does not follow the English sentence for sentence.
    """

    id: str
    rule: str
    en: str
    es: str
    rulings: tuple[str, ...]
    differences: tuple[Difference, ...] = ()
    alignment: str | None = None
    alignment_es: str = ""  # the alignment note in Spanish (issue 33)

    def text(self, lang: str = "en") -> str:
        """The clause text in ``lang`` (``"en"`` or ``"es"``)."""
        _check_lang(lang)
        return self.en if lang == "en" else self.es


@dataclass(frozen=True, slots=True)
class Rule:
    """One of the 24 rules: number, id (``"R17"``), titles, summary and its clauses."""

    number: int
    id: str
    title_en: str
    title_es: str
    summary: str
    clauses: tuple[Clause, ...]
    summary_es: str = ""  # the summary in Spanish (issue 33), "" where the spec has none

    def title(self, lang: str = "en") -> str:
        """The rule heading in ``lang``, without its number."""
        _check_lang(lang)
        return self.title_en if lang == "en" else self.title_es


@dataclass(frozen=True, slots=True)
class Variant:
    """A house-rule option named by a ruling: ``values`` maps each value to its meaning;
    ``clauses`` the clauses of the ruling it changes (empty: all of them)."""

    name: str
    ruling: str
    default: str
    values: dict[str, str] = field(hash=False)
    clauses: tuple[str, ...] = ()
    values_es: dict[str, str] = field(default_factory=dict, hash=False)  # issue 33

    def concerns(self, clause_id: str) -> bool:
        """Whether this option changes how ``clause_id`` is read (issue 22: the rocket
        option is shown under R05.3, not the airplanes' wing option)."""
        return not self.clauses or clause_id in self.clauses


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling: how the kit reads the clauses it lists.

    ``origin`` is ``"shared"`` for the rulings quoted from the shared RULINGS.md and
    ``"kit"`` for those this kit added; ``grounds`` explains a kit ruling's reading.
    """

    id: str
    title: str
    text: str
    clauses: tuple[str, ...]
    variants: tuple[Variant, ...]
    origin: str
    section: str | None = None
    grounds: str | None = None
    es: Mapping[str, str] = field(default_factory=dict, hash=False)
    """The ruling's title and text in Spanish (``title``, ``text``), in the words of
    rules.es.txt (issue 22)."""

    def title_in(self, lang: str = "en") -> str:
        """The title in ``lang`` (English when it has no text in that language)."""
        return self.es.get("title", self.title) if lang == "es" else self.title

    def text_in(self, lang: str = "en") -> str:
        """The text in ``lang`` (English when it has no text in that language)."""
        return self.es.get("text", self.text) if lang == "es" else self.text


@dataclass(frozen=True, slots=True)
class Preamble:
    """The non-normative lines of the rule texts, keyed by language."""

    title: Mapping[str, str] = field(hash=False)
    intro: Mapping[str, str] = field(hash=False)
    notice_heading: Mapping[str, str] = field(hash=False)
    notice: Mapping[str, tuple[str, ...]] = field(hash=False)


@dataclass(frozen=True, eq=False)
class Spec:
    """The whole spec, checked: rules, clauses, rulings and variants by id."""

    rules: dict[str, Rule]
    clauses: dict[str, Clause]
    rulings: dict[str, Ruling]
    variants: dict[str, Variant]
    preamble: Preamble
    texts: Mapping[str, str]

    def rule_text(self, lang: str = "en") -> str:
        """The full rule text in ``lang``, exactly as in ``spec/rules.<lang>.txt``."""
        _check_lang(lang)
        return self.texts[lang]

    def rule_of(self, clause_id: str) -> Rule:
        """The rule a clause belongs to."""
        return self.rules[self.clauses[clause_id].rule]

    def rulings_for(self, clause_id: str) -> tuple[Ruling, ...]:
        """The rulings that interpret a clause, in the clause's order."""
        return tuple(self.rulings[r] for r in self.clauses[clause_id].rulings)

    def variants_for(self, ruling_ids: Sequence[str]) -> tuple[Variant, ...]:
        """The variants named by any of ``ruling_ids``, without repeats, in order."""
        seen: dict[str, Variant] = {}
        for ruling_id in ruling_ids:
            for variant in self.rulings[ruling_id].variants:
                seen.setdefault(variant.name, variant)
        return tuple(seen.values())


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")


# --------------------------------------------------------------------------- reading


def _spec_dir(root: Path | None) -> Traversable:
    return root if root is not None else data_dir("spec")


def _schema_dir(schema_root: Path | None) -> Traversable:
    return schema_root if schema_root is not None else data_dir("schemas")


_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader, in C where libyaml is there (the spec loads ~8x faster): the same
documents either way (the spec's tests compare them)."""


def _read_yaml_files(
    directory: Traversable, names: Sequence[str]
) -> tuple[dict[str, object], list[Problem]]:
    documents: dict[str, object] = {}
    problems: list[Problem] = []
    for name in names:
        entry = directory.joinpath(name)
        if not entry.is_file():
            continue
        try:
            documents[name] = yaml.load(entry.read_text(encoding="utf-8"), Loader=_LOADER)
        except yaml.YAMLError as exc:
            problems.append(Problem(name, "$", f"not valid YAML: {exc}"))
    return documents, problems


def read_documents(root: Path | None = None) -> dict[str, Any]:
    """Parse the spec's YAML files: file name (``"R17.yaml"``) -> document.

    Files that are absent are left out (:func:`iter_problems` reports them); a file that
    is not valid YAML raises :class:`SpecError`. The result is a fresh copy that callers
    may change and hand back to :func:`iter_problems`.
    """
    documents, problems = _read_yaml_files(_spec_dir(root), list(_SCHEMA_OF_FILE))
    if problems:
        raise SpecError(problems)
    return documents


def _read_texts(directory: Traversable) -> tuple[dict[str, str], list[Problem]]:
    texts: dict[str, str] = {}
    problems: list[Problem] = []
    for lang, name in TEXT_FILES.items():
        entry = directory.joinpath(name)
        if entry.is_file():
            texts[lang] = entry.read_text(encoding="utf-8")
        else:
            problems.append(Problem(name, "$", "file is missing: expected the rule text"))
    return texts, problems


def _validators(schema_root: Path | None) -> dict[str, Draft202012Validator]:
    directory = _schema_dir(schema_root)
    schemas = {
        name: json.loads(directory.joinpath(name).read_text(encoding="utf-8"))
        for name in (SPEC_SCHEMA, RULINGS_SCHEMA, PREAMBLE_SCHEMA)
    }
    registry: Registry[Any] = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema, default_specification=DRAFT202012))
        for schema in schemas.values()
    )
    return {
        name: Draft202012Validator(schema, registry=registry) for name, schema in schemas.items()
    }


# --------------------------------------------------------------------------- rule texts


@dataclass(frozen=True, slots=True)
class _RuleText:
    """A rule text cut into its parts: line 1 title, line 2 intro, 24 rules, notice."""

    lines: tuple[str, ...]
    titles: dict[int, str]
    bodies: dict[int, str]
    notice_start: int | None


def _parse_rule_text(text: str, file: str) -> tuple[_RuleText, list[Problem]]:
    lines = tuple(text.rstrip("\n").split("\n"))
    titles: dict[int, str] = {}
    bodies: dict[int, str] = {}
    problems: list[Problem] = []
    index = 2
    for number in range(1, RULE_COUNT + 1):
        found = None
        for i in range(index, len(lines) - 1):
            match = _HEADING.fullmatch(lines[i])
            if match and int(match.group(1)) == number:
                found = i
                titles[number] = match.group(2)
                bodies[number] = lines[i + 1]
                break
        if found is None:
            problems.append(
                Problem(
                    file,
                    f"line {index + 1}",
                    f"expected a heading '{number}. <title>' followed by the rule on the next line",
                )
            )
            return _RuleText(lines, titles, bodies, None), problems
        index = found + 2
    return _RuleText(lines, titles, bodies, index), problems


# --------------------------------------------------------------------------- checking


def _schema_problems(file: str, document: object, validator: Draft202012Validator) -> list[Problem]:
    def key(error: Any) -> tuple[tuple[int, int, str], ...]:
        return tuple(
            (0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in error.absolute_path
        )

    schema_id = validator.schema.get("$id", "?")
    return [
        Problem(
            file,
            error.json_path,
            f"{error.message} (schema {schema_id}, keyword '{error.validator}')",
        )
        for error in sorted(validator.iter_errors(document), key=lambda e: (key(e), e.message))
    ]


def _quote(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


class _ClauseSite(NamedTuple):
    """Where a clause is defined: its file, its JSON path there, and the clause itself."""

    file: str
    path: str
    clause: Mapping[str, Any]


class _Checker:
    """Runs every check over parsed documents and builds the :class:`Spec`."""

    def __init__(
        self,
        documents: Mapping[str, object],
        texts: Mapping[str, str],
        validators: Mapping[str, Draft202012Validator],
    ) -> None:
        self.documents = documents
        self.texts = texts
        self.validators = validators
        self.problems: list[Problem] = []
        self.parsed: dict[str, _RuleText] = {}
        self.valid: dict[str, Any] = {}
        self.clause_sites: dict[str, _ClauseSite] = {}
        self.unchecked_rules: set[str] = set()
        self.memo = False
        """Whether a schema verdict may be remembered (the installed spec and schemas)."""

    # .................................................................. driver

    def run(self) -> list[Problem]:
        for lang, text in self.texts.items():
            parsed, problems = _parse_rule_text(text, TEXT_FILES[lang])
            self.parsed[lang] = parsed
            self.problems += problems
        self._validate_schemas()
        for name in RULE_FILES:
            if name in self.valid:
                self._check_rule_file(name, self.valid[name])
        if RULINGS_FILE in self.valid:
            self._check_rulings(self.valid[RULINGS_FILE])
        if PREAMBLE_FILE in self.valid:
            self._check_preamble(self.valid[PREAMBLE_FILE])
        return self.problems

    def _validate_schemas(self) -> None:
        """Each document against its schema. For the installed spec and schemas, a set of
        documents already found valid (by content hash, :mod:`fivetenk.model.suite_cache`) is
        not validated again."""
        from . import suite_cache  # lazy: the cache's hashing, for spec files only

        memo = ""
        if self.memo and set(_SCHEMA_OF_FILE) <= set(self.documents):
            digest = hashlib.sha256(json.dumps(self.documents, sort_keys=True,
                                               default=str).encode())
            for path in sorted(p for p in data_dir("schemas").rglob("*") if p.is_file()):
                digest.update(path.name.encode() + b"\0" + path.read_bytes())
            memo = f"spec-{digest.hexdigest()}"
            if suite_cache.remembered(memo):
                self.valid.update((name, self.documents[name]) for name in _SCHEMA_OF_FILE)
                return
        before = len(self.problems)
        self._validate_each()
        if memo and len(self.problems) == before:
            suite_cache.remember(memo)

    def _validate_each(self) -> None:
        for name, schema in _SCHEMA_OF_FILE.items():
            if name not in self.documents:
                self.problems.append(
                    Problem(name, "$", "file is missing: expected it in the spec package")
                )
                if name in RULE_FILES:
                    self.unchecked_rules.add(name.removesuffix(".yaml"))
                continue
            document = self.documents[name]
            problems = _schema_problems(name, document, self.validators[schema])
            if problems:
                self.problems += problems
                if name in RULE_FILES:
                    self.unchecked_rules.add(name.removesuffix(".yaml"))
            else:
                self.valid[name] = document

    # .................................................................. rule files

    def _check_rule_file(self, name: str, doc: Mapping[str, Any]) -> None:
        rule_id = name.removesuffix(".yaml")
        number = int(rule_id[1:])
        if doc["id"] != rule_id:
            self.problems.append(
                Problem(name, "$.id", f"expected '{rule_id}' (the file name), found {doc['id']!r}")
            )
        if doc["rule"] != number:
            self.problems.append(
                Problem(name, "$.rule", f"expected {number} (the file name), found {doc['rule']!r}")
            )
        for lang in LANGS:
            parsed = self.parsed.get(lang)
            if parsed is None or number not in parsed.titles:
                continue
            expected = parsed.titles[number]
            if doc["title"][lang] != expected:
                self.problems.append(
                    Problem(
                        name,
                        f"$.title.{lang}",
                        f"expected the heading of rule {number} in {TEXT_FILES[lang]}: "
                        f"{expected!r}, found {doc['title'][lang]!r}",
                    )
                )
        english_found = True
        for index, clause in enumerate(doc["clauses"]):
            path = f"$.clauses[{index}]"
            clause_id = clause["id"]
            expected_id = f"{rule_id}.{index + 1}"
            if clause_id != expected_id:
                self.problems.append(
                    Problem(
                        name,
                        f"{path}.id",
                        f"expected '{expected_id}' (clauses of {rule_id} are numbered 1, 2, … in "
                        f"text order), found {clause_id!r}",
                    )
                )
            if clause_id in self.clause_sites:
                other = self.clause_sites[clause_id].file
                self.problems.append(
                    Problem(
                        name,
                        f"{path}.id",
                        f"duplicate clause id {clause_id!r} (first defined in {other})",
                    )
                )
            else:
                self.clause_sites[clause_id] = _ClauseSite(name, path, clause)
            for lang in LANGS:
                found = self._check_quote(name, path, clause_id, number, lang, clause[lang])
                english_found = english_found and (found or lang != "en")
        if english_found:
            self._check_coverage(name, number, [c["en"] for c in doc["clauses"]])

    def _check_quote(
        self, name: str, path: str, clause_id: str, number: int, lang: str, quote: str
    ) -> bool:
        parsed = self.parsed.get(lang)
        if parsed is None or number not in parsed.bodies:
            return False
        if quote in parsed.bodies[number]:
            return True
        text_file = TEXT_FILES[lang]
        where = (
            "it occurs elsewhere in the file, not in this rule"
            if quote in self.texts[lang]
            else "it occurs nowhere in the file"
        )
        self.problems.append(
            Problem(
                name,
                f"{path}.{lang}",
                f"clause {clause_id} ({lang}): text {_quote(quote)} is not found verbatim in rule "
                f"{number} of {text_file} ({where}); expected a character-for-character quote",
            )
        )
        return False

    def _check_coverage(self, name: str, number: int, sentences: Sequence[str]) -> None:
        body = self.parsed["en"].bodies.get(number) if "en" in self.parsed else None
        if body is None:
            return
        joined = " ".join(sentences)
        if joined == body:
            return
        at = next(
            (i for i, (a, b) in enumerate(zip(joined, body, strict=False)) if a != b),
            min(len(joined), len(body)),
        )
        self.problems.append(
            Problem(
                name,
                "$.clauses",
                f"the English clauses joined by single spaces must give back rule {number} of "
                f"{TEXT_FILES['en']} exactly; they first differ at character {at}: "
                f"expected {_quote(body[at:], 40)}, found {_quote(joined[at:], 40)}",
            )
        )

    # .................................................................. rulings

    def _check_rulings(self, doc: Mapping[str, Any]) -> None:
        name = RULINGS_FILE
        seen: dict[str, int] = {}
        variant_sites: dict[str, str] = {}
        kit_seen = False
        for index, ruling in enumerate(doc["rulings"]):
            path = f"$.rulings[{index}]"
            ruling_id = ruling["id"]
            if ruling_id in seen:
                self.problems.append(
                    Problem(
                        name,
                        f"{path}.id",
                        f"duplicate ruling id {ruling_id!r} (first at "
                        f"$.rulings[{seen[ruling_id]}])",
                    )
                )
                continue
            seen[ruling_id] = index
            if ruling["origin"] == "kit":
                kit_seen = True
            elif kit_seen:
                self.problems.append(
                    Problem(name, f"{path}.origin", "shared rulings must come before kit rulings")
                )
            if " ".join(ruling["text"].split()) != ruling["text"]:
                self.problems.append(
                    Problem(name, f"{path}.text", "expected white space folded to single spaces")
                )
            for j, variant in enumerate(ruling.get("variants", ())):
                vpath = f"{path}.variants[{j}]"
                if variant["default"] not in variant["values"]:
                    self.problems.append(
                        Problem(
                            name,
                            f"{vpath}.default",
                            f"default {variant['default']!r} is not one of the values: "
                            f"{', '.join(variant['values'])}",
                        )
                    )
                spanish = variant.get("values_es", variant["values"])
                if set(spanish) != set(variant["values"]):
                    self.problems.append(Problem(name, f"{vpath}.values_es", "expected a Spanish "
                        f"text for each value ({', '.join(variant['values'])}), found "
                        f"{', '.join(spanish) or 'none'}"))
                if variant["name"] in variant_sites:
                    self.problems.append(
                        Problem(
                            name,
                            f"{vpath}.name",
                            f"duplicate variant name {variant['name']!r} (first named by "
                            f"{variant_sites[variant['name']]})",
                        )
                    )
                else:
                    variant_sites[variant["name"]] = ruling_id
                stray = [c for c in variant.get("clauses", ()) if c not in ruling["clauses"]]
                if stray:
                    self.problems.append(Problem(name, f"{vpath}.clauses", "not among the "
                                                 f"ruling's clauses: {', '.join(stray)}"))
        numbers = sorted(int(r[1:]) for r in seen)
        missing = sorted(set(range(1, (numbers[-1] if numbers else 0) + 1)) - set(numbers))
        if missing:
            self.problems.append(
                Problem(
                    name,
                    "$.rulings",
                    "ruling ids must run D1, D2, … without gaps; missing: "
                    + ", ".join(f"D{n}" for n in missing),
                )
            )
        self._check_links(doc, seen)

    def _check_links(self, doc: Mapping[str, Any], ruling_index: Mapping[str, int]) -> None:
        linked: dict[str, set[str]] = {}  # clause id -> rulings listing it
        for ruling_id, index in ruling_index.items():
            ruling = doc["rulings"][index]
            for j, clause_id in enumerate(ruling["clauses"]):
                path = f"$.rulings[{index}].clauses[{j}]"
                linked.setdefault(clause_id, set()).add(ruling_id)
                site = self.clause_sites.get(clause_id)
                if site is None:
                    if clause_id[:3] not in self.unchecked_rules:
                        self.problems.append(
                            Problem(
                                RULINGS_FILE,
                                path,
                                f"ruling {ruling_id} cites unknown clause {clause_id!r}",
                            )
                        )
                elif ruling_id not in site.clause["rulings"]:
                    self.problems.append(
                        Problem(
                            RULINGS_FILE,
                            path,
                            f"ruling {ruling_id} lists clause {clause_id}, but {site.file} "
                            f"does not list {ruling_id} in that clause's rulings",
                        )
                    )
        for clause_id, site in self.clause_sites.items():
            file, path, rulings = site.file, site.path, site.clause["rulings"]
            for j, ruling_id in enumerate(rulings):
                if ruling_id not in ruling_index:
                    self.problems.append(
                        Problem(
                            file,
                            f"{path}.rulings[{j}]",
                            f"clause {clause_id} cites unknown ruling {ruling_id!r}",
                        )
                    )
                elif ruling_id not in linked.get(clause_id, set()):
                    self.problems.append(
                        Problem(
                            file,
                            f"{path}.rulings[{j}]",
                            f"clause {clause_id} lists ruling {ruling_id}, but {RULINGS_FILE} does "
                            f"not list {clause_id} in that ruling's clauses",
                        )
                    )
            if not rulings and clause_id[:3] not in _UNLINKED_RULES:
                self.problems.append(
                    Problem(
                        file,
                        f"{path}.rulings",
                        f"clause {clause_id} is interpreted by no ruling; every clause of rules "
                        f"1–{RULE_COUNT - 1} needs at least one",
                    )
                )
            self._check_differences(clause_id, site, ruling_index)

    def _check_differences(
        self, clause_id: str, site: _ClauseSite, ruling_index: Mapping[str, int]
    ) -> None:
        file, path, rulings = site.file, site.path, site.clause["rulings"]
        for j, difference in enumerate(site.clause.get("differences", ())):
            ruling_id = difference["ruling"]
            dpath = f"{path}.differences[{j}].ruling"
            if ruling_id not in ruling_index:
                self.problems.append(
                    Problem(
                        file,
                        dpath,
                        f"clause {clause_id}: difference cites unknown ruling {ruling_id!r}",
                    )
                )
            elif ruling_id not in rulings:
                self.problems.append(
                    Problem(
                        file,
                        dpath,
                        f"clause {clause_id}: the ruling settling a difference "
                        f"({ruling_id}) must be one of the clause's rulings: {', '.join(rulings)}",
                    )
                )

    # .................................................................. preamble

    def _check_preamble(self, doc: Mapping[str, Any]) -> None:
        name = PREAMBLE_FILE
        for lang in LANGS:
            parsed = self.parsed.get(lang)
            if parsed is None:
                continue
            text_file = TEXT_FILES[lang]
            expected = {
                f"$.title.{lang}": parsed.lines[0] if parsed.lines else "",
                f"$.intro.{lang}": parsed.lines[1] if len(parsed.lines) > 1 else "",
            }
            found = {f"$.title.{lang}": doc["title"][lang], f"$.intro.{lang}": doc["intro"][lang]}
            if parsed.notice_start is not None:
                tail = parsed.lines[parsed.notice_start :]
                expected[f"$.notice.heading.{lang}"] = tail[0] if tail else ""
                found[f"$.notice.heading.{lang}"] = doc["notice"]["heading"][lang]
                expected[f"$.notice.lines.{lang}"] = "\n".join(tail[1:])
                found[f"$.notice.lines.{lang}"] = "\n".join(doc["notice"]["lines"][lang])
            for path, want in expected.items():
                if found[path] != want:
                    self.problems.append(Problem(
                        name, path, f"expected the line(s) of {text_file} verbatim: "
                        f"{want!r}, found {found[path]!r}"))

    # .................................................................. building

    def build(self) -> Spec:
        clauses: dict[str, Clause] = {}
        rules: dict[str, Rule] = {}
        for name in RULE_FILES:
            doc = self.valid[name]
            rule_clauses = tuple(
                Clause(
                    id=c["id"],
                    rule=doc["id"],
                    en=c["en"],
                    es=c["es"],
                    rulings=tuple(c["rulings"]),
                    differences=tuple(
                        Difference(note=d["note"], ruling=d["ruling"],
                                   between=d.get("between", "en/es"), note_es=d.get("note_es", ""))
                        for d in c.get("differences", ())
                    ),
                    alignment=c.get("alignment"), alignment_es=c.get("alignment_es", ""),
                )
                for c in doc["clauses"]
            )
            clauses.update((c.id, c) for c in rule_clauses)
            rules[doc["id"]] = Rule(
                number=doc["rule"],
                id=doc["id"],
                title_en=doc["title"]["en"],
                title_es=doc["title"]["es"],
                summary=doc["summary"],
                clauses=rule_clauses,
                summary_es=doc.get("summary_es", ""),
            )
        rulings: dict[str, Ruling] = {}
        variants: dict[str, Variant] = {}
        for r in self.valid[RULINGS_FILE]["rulings"]:
            ruling_variants = tuple(
                Variant(
                    name=v["name"], ruling=r["id"], default=v["default"],
                    values=dict(v["values"]), clauses=tuple(v.get("clauses", ())),
                    values_es=dict(v.get("values_es", {})),
                )
                for v in r.get("variants", ())
            )
            variants.update((v.name, v) for v in ruling_variants)
            rulings[r["id"]] = Ruling(
                id=r["id"],
                title=r["title"],
                text=r["text"],
                clauses=tuple(r["clauses"]),
                variants=ruling_variants,
                origin=r["origin"],
                section=r.get("section"),
                grounds=r.get("grounds"),
                es=dict(r.get("es", {})),
            )
        pre = self.valid[PREAMBLE_FILE]
        preamble = Preamble(
            title=dict(pre["title"]),
            intro=dict(pre["intro"]),
            notice_heading=dict(pre["notice"]["heading"]),
            notice={lang: tuple(pre["notice"]["lines"][lang]) for lang in LANGS},
        )
        return Spec(
            rules=rules,
            clauses=clauses,
            rulings=rulings,
            variants=variants,
            preamble=preamble,
            texts=dict(self.texts),
        )


def _analyse(
    root: Path | None, documents: Mapping[str, object] | None, schema_root: Path | None
) -> tuple[list[Problem], _Checker]:
    directory = _spec_dir(root)
    problems: list[Problem] = []
    if documents is None:
        documents, problems = _read_yaml_files(directory, list(_SCHEMA_OF_FILE))
    texts, text_problems = _read_texts(directory)
    checker = _Checker(documents, texts, _validators(schema_root))
    checker.memo = root is None and schema_root is None  # the installed spec and schemas
    return [*problems, *text_problems, *checker.run()], checker


def iter_problems(
    root: Path | None = None,
    *,
    documents: Mapping[str, object] | None = None,
    schema_root: Path | None = None,
) -> Iterator[Problem]:
    """Every problem with the spec, not just the first.

    ``root`` is a directory laid out like the spec package (default: the installed
    ``fivetenk.spec``); ``documents`` replaces its YAML files with already parsed ones
    (e.g. a changed copy of :func:`read_documents`), while the rule texts still come from
    ``root``; ``schema_root`` replaces the schema package. No problems means
    :func:`load_spec` will succeed.
    """
    problems, _ = _analyse(root, documents, schema_root)
    yield from problems


@functools.lru_cache(maxsize=16)
def load_spec(root: Path | None = None, schema_root: Path | None = None) -> Spec:
    """Load and check the spec (cached per ``root``/``schema_root``).

    Raises :class:`SpecError` listing every problem (file, JSON path, what was expected)
    when a file breaks its schema, a quote is not verbatim, an id is repeated or a
    cross-reference points nowhere.
    """
    problems, checker = _analyse(root, None, schema_root)
    if problems:
        raise SpecError(problems)
    return checker.build()
