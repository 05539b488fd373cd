"""What a rule page of the book reads first (issue 22): the rule's own text in English and
Spanish, the feature's description and its Gherkin ``Rule:`` headlines, and the few
illustrative examples shown in full under each clause (the other scenarios are folded).

The examples of a clause are the scenarios tagged ``@example`` whose first clause it is (at
most :data:`MOST_EXAMPLES`), else the kit's pick: the simplest scenarios of the clause, one
row per outline, a position an engine must refuse (tagged ``@position-duties``: a duty of
the implementation, not a case of play) last, scenarios with a Spanish title
(:data:`fivetenk.language.titles.TITLES`: every shipped one) first, no house-rule variant
before one, and no two that ask the same thing in the same way while another is left. The
pick depends only on the scenarios, so two builds agree byte for byte.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model.scenario import Scenario
from ..model.spec_data import Spec

EXAMPLE_TAG = "example"
"""The tag (``@example``) that chooses a scenario as one of its clause's examples."""

DUTIES_TAG = "position-duties"
"""The tag of a scenario checking that an engine refuses an impossible position (D40)."""

FEWEST_EXAMPLES = 2
MOST_EXAMPLES = 4
"""A clause shows 2 to 4 examples (fewer only when it has fewer scenarios)."""


@dataclass(frozen=True)
class FeatureText:
    """What a shipped feature file says besides its scenarios: the description under its
    ``Feature:`` line and each ``Rule:`` headline by the clause it names."""

    description: tuple[str, ...] = ()
    headlines: dict[str, str] = field(default_factory=dict)


_RULE_LINE = re.compile(r"\s*Rule:\s*(R\d\d\.\d+)\s+(.*\S)\s*")


def feature_text(path: Path) -> FeatureText:
    """The description paragraphs (lines joined) and ``Rule:`` headlines of a feature
    file (``Rule: R05.1 Four or more…`` -> ``{"R05.1": "Four or more…"}``)."""
    paragraphs: list[str] = []
    headlines: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next((i for i, line in enumerate(lines) if line.lstrip().startswith("Feature:")),
                 None)
    if start is not None:
        current: list[str] = []
        for line in lines[start + 1:]:
            text = line.strip()
            if text.startswith(("@", "Rule:", "Scenario", "Background:", "Example")):
                break
            if text.startswith("#"):
                continue
            if not text:
                if current:
                    paragraphs.append(" ".join(current))
                current = []
                continue
            current.append(text)
        if current:
            paragraphs.append(" ".join(current))
    for line in lines:
        match = _RULE_LINE.fullmatch(line)
        if match:
            headlines.setdefault(match.group(1), match.group(2))
    return FeatureText(tuple(paragraphs), headlines)


def feature_texts(paths: Iterable[Path]) -> dict[str, FeatureText]:
    """Each shipped feature's text by its rule (``R05_bombs….feature`` -> ``R05``)."""
    return {path.name[:3]: feature_text(path) for path in paths}


def fresh(paragraphs: Iterable[str], *known: str) -> list[str]:
    """The paragraphs of a feature's description that do not repeat ``known`` texts (the
    rule's own text, already shown above it)."""
    seen = {" ".join(k.split()) for k in known}
    return [p for p in paragraphs if " ".join(p.split()) not in seen]


LONG_RULING = 480
"""A ruling text longer than this many characters is shown inline up to its first
sentence, the rest one click away (D35 is about 2,000 characters long)."""


def split_long(text: str) -> tuple[str, str]:
    """A long ruling text as (its first sentence, the rest); a short one as (text, "")."""
    if len(text) <= LONG_RULING:
        return text, ""
    match = re.search(r"(?<![`])[.:;] (?=[^`]*(?:`[^`]*`[^`]*)*$)", text[:LONG_RULING])
    cut = match.end() if match else LONG_RULING
    return text[:cut].rstrip(), text[cut:]


def rule_bodies(spec: Spec, lang: str) -> dict[int, str]:
    """Each rule's paragraph of ``rules.<lang>.txt`` by its number (the lines between the
    heading ``5. Bombas y cohetes`` and the next heading)."""
    bodies: dict[int, list[str]] = {}
    number = 0
    for line in spec.rule_text(lang).splitlines():
        heading = re.fullmatch(r"(\d{1,2})\. .*", line)
        if heading and int(heading.group(1)) == number + 1:
            number += 1
            bodies[number] = []
        elif number and line.strip():
            bodies[number].append(line.strip())
    last = bodies.get(len(spec.rules), [])
    if last and len(spec.rules) in bodies:  # the notice after the last rule is no rule text
        bodies[len(spec.rules)] = last[:1]
    return {n: " ".join(lines) for n, lines in bodies.items()}


def _outline(s: Scenario) -> str:
    return s.id.rsplit(".", 1)[0] if "example" in s.source else s.id


def _weight(s: Scenario) -> int:
    """How much a reader has to take in: steps, and the setup's size in characters / 100
    (a dealt deck or a full position weighs more than a few cards)."""
    setup = len(json.dumps(s.setup, sort_keys=True)) // 100 if s.setup else 0
    return len(s.steps) + setup + 2 * len(s.variants)


def _asks(s: Scenario) -> tuple[Any, ...]:
    """What a scenario asks and how: its requests and what each expects, without values."""
    return tuple((st.get("op"), tuple(sorted(st.get("expect", {}))) if isinstance(
        st.get("expect"), dict) else ()) for st in s.steps)


def pick_examples(own: Sequence[Scenario], titled: Collection[str], wanted: int) -> list[Scenario]:
    """The examples of a clause among ``own`` (the scenarios whose first clause it is): the
    ``@example`` ones (at most :data:`MOST_EXAMPLES`), else or besides them the kit's pick
    up to ``wanted`` (module docstring)."""
    chosen: list[Scenario] = []
    outlines: set[str] = set()
    for s in own:
        if EXAMPLE_TAG in s.tags and _outline(s) not in outlines and len(chosen) < MOST_EXAMPLES:
            chosen.append(s)
            outlines.add(_outline(s))
    wanted = max(FEWEST_EXAMPLES, min(wanted, MOST_EXAMPLES))
    if len(chosen) >= wanted:
        return chosen
    candidates = sorted((s for s in own if s not in chosen),
                        key=lambda s: (DUTIES_TAG in s.tags, s.id not in titled,
                                       bool(s.variants), _weight(s), _natural(s.id)))
    asked = {_asks(s) for s in chosen}
    # first what asks something new from an outline not yet shown, then any outline not yet
    # shown, then further rows of an outline shown (a clause whose scenarios are one outline)
    for new_outline, new_ask in ((True, True), (True, False), (False, False)):
        for s in candidates:
            if len(chosen) >= wanted:
                return chosen
            if s in chosen or (new_outline and _outline(s) in outlines) or (
                    new_ask and _asks(s) in asked):
                continue
            chosen.append(s)
            asked.add(_asks(s))
            outlines.add(_outline(s))
    return chosen


def _natural(ident: str) -> tuple[Any, ...]:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", ident))
