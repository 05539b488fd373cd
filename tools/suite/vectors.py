"""Count vectors for ``plays``: positions with their number of legal plays, family by family
(issue 32, item 3; protocol convention ``plays-vectors``, 1.4).

Chess engines settle move generation with *perft*: a file of positions and the number of
legal moves of each, compared move family by move family. A ``plays`` listing is the same
kind of thing: a hand (and, for a reply, the top play) and every legal play of it (R03.1,
R04, R05; rulings D9–D12, D26, D36, D37). Scenarios check listings of a few hand-made
hands; an engine that drops a family only in long hands passes them all (issue 32: two such
engines did). The vectors of ``features/vectors/plays.json`` (schema
``schemas/vectors.schema.json``) are leads and replies of hands of 1 to 32 cards, of every
shape family and every variant value, long dense hands among them.

**Generated, not written.** :func:`generate` draws the positions from a fixed seed
(:data:`SEED`) and counts them with the reference engine's ``legal_plays``;
``python -m fivetenk.suite.vectors --write`` writes the file (same inputs, same bytes), and
``--check`` says whether the file is what the reference gives now. The tests
(``tests/suite/test_vectors.py``) recount every vector with an enumerator of their own, written
from the rules (candidate card sets, read by ``classify``, filtered by ``beats``), not with
``legal_plays``.

**Run.** ``fivetenk check`` runs them (:func:`scenarios`) beside the suite for an
implementation that declares ``plays``: each vector is a scenario ``V-NNN`` of one
``plays`` step expecting the ``count`` and the breakdown by family (``families``: the
runner compares the families of the plays listed, :func:`fivetenk.suite.runner.check_step`).
They go through the profile like any scenario: a vector using a shape, run length, wing
rule, pack or variant value the implementation does not declare is skipped, saying why;
one of an implementation declaring a protocol older than 1.4 is skipped, naming the
convention. A failure shows the breakdown observed against the vector's, and the plays
missing or extra against the reference engine's list for the same request.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import jsonschema

from ..impl.words import SHAPES
from ..model.paths import data_dir
from ..model.scenario import Scenario
from ..reference import CHOICES, Card, Combo, Variants, full_deck, legal_plays, pick
from .shapes import shape_of

FORMAT = 1
SEED = 32
"""The seed the positions are drawn from (issue 32)."""
TAG = "vectors"
COMMAND = "python -m fivetenk.suite.vectors --write"
FILE = "vectors/plays.json"
"""The vectors' file, under the kit's ``features`` folder."""
SCHEMA = "vectors.schema.json"
UNREADABLE = "(unreadable)"
"""The family of a listed play whose text the notation cannot read."""
MAX_HAND = 32
"""The longest hand of the game (26 cards, 32 with the kitty: R10)."""

_RUN_RANKS = tuple(range(3, 15))  # 3 .. A


def path() -> Path:
    """The shipped vectors' file."""
    return data_dir("features") / FILE


# --------------------------------------------------------------------------- counting


def family(text: Any) -> str:
    """The shape family of a play listed as ``"reading: ranks"`` (:data:`UNREADABLE` for
    anything the notation cannot read)."""
    if not isinstance(text, str):
        return UNREADABLE
    try:
        return shape_of(text.split(":", 1)[0])
    except (ValueError, KeyError):
        return UNREADABLE


def breakdown(plays: Iterable[Any]) -> dict[str, int]:
    """Family -> how many of ``plays`` (texts) are of it, families in :data:`SHAPES` order,
    those with none left out."""
    counted = Counter(family(p) for p in plays)
    order = [*SHAPES, UNREADABLE]
    return {f: counted[f] for f in order if counted[f]}


def count(hand: Sequence[Card], top: Combo | None, variants: Variants) -> tuple[int, dict[str,
                                                                                          int]]:
    """The reference engine's number of legal plays and their breakdown by family."""
    plays = legal_plays(hand, top, variants)
    return len(plays), breakdown(p.notation() for p in plays)


# --------------------------------------------------------------------------- generation


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in sorted(cards)]


def _dense(rng: random.Random, deck: list[Card], size: int, ranks: int) -> list[Card]:
    """``size`` cards of ``ranks`` consecutive run ranks (plus a joker or two sometimes):
    many triples, bombs and airplanes, the hands that are hard to enumerate."""
    start = rng.randrange(3, 15 - ranks + 1)
    wanted = set(range(start, start + ranks))
    pool = [c for c in deck if int(c.rank) in wanted]
    if rng.random() < 0.3:
        pool += [c for c in deck if c.rank.is_joker]
    return rng.sample(pool, min(size, len(pool)))


def _minus(deck: list[Card], hand: list[Card]) -> list[Card]:
    """The cards of ``deck`` left when ``hand`` is taken from it."""
    left = Counter(hand)
    out = []
    for card in deck:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return out


def _entry(hand: list[Card], top: tuple[list[Card], Combo] | None,
           variants: dict[str, str], kind: str) -> dict[str, Any]:
    v = Variants.from_mapping(variants)
    number, families = count(hand, top[1] if top else None, v)
    out: dict[str, Any] = {"kind": kind}
    if variants:
        out["variants"] = dict(sorted(variants.items()))
    out["hand"] = _texts(hand)
    if top is not None:
        out["top"] = [str(c) for c in top[0]]
        out["top_shape"] = top[1].notation()
    out["count"] = number
    out["families"] = families
    return out


def _top(rng: random.Random, rest: list[Card], shape: str, variants: Variants
         ) -> tuple[list[Card], Combo] | None:
    """A play of family ``shape`` from a hand drawn from ``rest`` (None if none came)."""
    for _ in range(40):
        if shape in ("5-10-K", "rocket"):
            pool = [c for c in rest if c.rank.is_joker or int(c.rank) in (5, 10, 13)]
            other = rng.sample(pool, min(len(pool), rng.randrange(3, 10)))
        elif rng.random() < 0.7:
            other = _dense(rng, rest, rng.randrange(6, 24), rng.randrange(2, 8))
        else:
            other = rng.sample(rest, rng.randrange(6, 24))
        plays = [p for p in legal_plays(other, None, variants)
                 if shape_of(p.combo.notation()) == shape]
        if plays:
            play = rng.choice(plays[: max(1, len(plays) // 3)])  # the weaker: more replies
            return pick(play, other), play.combo
    return None


def generate(seed: int = SEED) -> list[dict[str, Any]]:
    """Every vector, drawn from ``seed`` and counted by the reference engine (see the module
    docstring). The same seed gives the same list."""
    rng = random.Random(seed)
    deck = sorted(full_deck())
    one_deck = sorted(set(deck))
    out: list[dict[str, Any]] = []
    for size in range(1, MAX_HAND + 1):  # leads of every length, sparse and dense
        out.append(_entry(rng.sample(deck, size), None, {}, "lead"))
        out.append(_entry(_dense(rng, deck, size, rng.randrange(3, 9)), None, {}, "lead"))
        if size >= 12:
            out.append(_entry(_dense(rng, deck, size, rng.randrange(4, 8)), None, {}, "lead"))
    for size in range(1, MAX_HAND + 1, 3):  # one deck (pack 1 engines run these)
        out.append(_entry(rng.sample(one_deck, size), None, {}, "lead"))
    for index in range(3 * len(SHAPES) * 4):  # replies to every family, every length
        shape = SHAPES[index % len(SHAPES)]
        size = 1 + (index * 7) % MAX_HAND
        hand = _dense(rng, deck, size, rng.randrange(3, 10)) if index % 3 else \
            rng.sample(deck, size)
        rest = _minus(deck, hand)
        top = _top(rng, rest, shape, Variants())
        if top is not None:
            out.append(_entry(hand, top, {}, "reply"))
    jokers = [c for c in deck if c.rank.is_joker]
    for name, values in CHOICES.items():  # every variant value, where it tells
        for value in values[1:]:
            variants = {name: value}
            v = Variants.from_mapping(variants)
            for index in range(10):
                size = 4 + index * 3
                hand = _dense(rng, deck, size, rng.randrange(2, 7))
                if name == "rocket" or index % 3 == 0:
                    hand = [c for c in hand if not c.rank.is_joker][: size - 3]
                    hand += rng.sample(jokers, 3)
                if name == "twelve_bomb" and index < 5:
                    rank = rng.choice(_RUN_RANKS)
                    hand = [c for c in deck if int(c.rank) == rank] + \
                        rng.sample([c for c in deck if int(c.rank) != rank], index)
                rest = _minus(deck, hand)
                top = None
                if index % 2:
                    top = _top(rng, rest, ("rocket", "bomb", "airplane+pairs",
                                           "airplane+singles", "triple+pair")[index % 5], v)
                out.append(_entry(hand, top, variants, "reply" if top else "lead"))
    for index in range(24):  # the long dense hands, the hardest to enumerate
        size = 26 + index % 7
        hand = _dense(rng, deck, size, 5 + index % 4)
        variants = {"wing_ranks": "distinct"} if index % 4 == 3 else {}
        out.append(_entry(hand, None, variants, "lead"))
    for number, entry in enumerate(out, 1):
        entry["id"] = f"V-{number:03d}"
    return [{"id": e.pop("id"), **e} for e in out]


def render(vectors: list[dict[str, Any]], seed: int = SEED) -> str:
    """The file's text: a header, then one vector a line (a diff shows which changed)."""
    head = json.dumps({"$schema": f"../../schemas/{SCHEMA}", "format": FORMAT,
                       "generated_by": COMMAND, "seed": seed}, ensure_ascii=True)
    lines = [json.dumps(v, ensure_ascii=True, separators=(",", ":")) for v in vectors]
    return head[:-1] + ', "vectors": [\n' + ",\n".join(lines) + "\n]}\n"


def write(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` whole or not at all (a temporary file, then renamed)."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# --------------------------------------------------------------------------- loading


class VectorError(ValueError):
    """The vectors' file is unreadable or breaks its schema."""


def load(source: Path | None = None) -> list[dict[str, Any]]:
    """The vectors of ``source`` (the shipped file by default), checked against
    ``schemas/vectors.schema.json``: :class:`VectorError` naming the JSON path otherwise."""

    source = source or path()
    try:
        document = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise VectorError(f"{source}: cannot read the vectors: {err}") from None
    schema = json.loads((data_dir("schemas") / SCHEMA).read_text(encoding="utf-8"))
    problem = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(schema).iter_errors(document))
    if problem is not None:
        raise VectorError(f"{source}: {problem.json_path}: {problem.message}")
    vectors: list[dict[str, Any]] = document["vectors"]
    return vectors


def _clauses(families: dict[str, int]) -> list[str]:
    clauses = ["R03.1"]
    if "5-10-K" in families:
        clauses.append("R04.1")
    if "bomb" in families or "rocket" in families:
        clauses.append("R05.1")
    return clauses


def as_scenario(vector: dict[str, Any], line: int | None = None) -> Scenario:
    """One vector as a scenario of one ``plays`` step (see the module docstring)."""
    step: dict[str, Any] = {"op": "plays", "hand": list(vector["hand"])}
    for key in ("top", "top_shape"):
        if key in vector:
            step[key] = vector[key]
    step["expect"] = {"count": vector["count"]}
    step["families"] = dict(vector["families"])
    what = "replies to " + vector["top_shape"] if "top" in vector else "leads"
    name = (f"count vector {vector['id']}: the {what} of a hand of {len(vector['hand'])} "
            f"cards")
    source: dict[str, Any] = {"file": f"features/{FILE}"}
    if line is not None:
        source["line"] = line
    return Scenario(id=vector["id"], name=name, clauses=_clauses(vector["families"]),
                    tags=[TAG], variants=dict(vector.get("variants", {})), steps=[step],
                    source=source)


def scenarios(source: Path | None = None) -> list[Scenario]:
    """Every vector of ``source`` (the shipped file) as a scenario (line numbers: the file's,
    one vector a line as :func:`render` writes them)."""
    return [as_scenario(v, line=index + 2) for index, v in enumerate(load(source))]


# --------------------------------------------------------------------------- command


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fivetenk.suite.vectors",
        description="Generate the plays count vectors (features/vectors/plays.json) from the "
        "reference engine: the same seed gives the same bytes.")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", action="store_true", help="write the shipped file")
    group.add_argument("--check", action="store_true",
                       help="exit 1 if the shipped file is not what the reference gives now")
    group.add_argument("--stdout", action="store_true", help="print the file instead")
    args = parser.parse_args(argv)
    text = render(generate())
    target = path()
    if args.stdout:
        sys.stdout.write(text)
        return 0
    if args.check:
        try:
            current = target.read_text(encoding="utf-8")
        except OSError as err:
            print(f"{target}: cannot read: {err}", file=sys.stderr)
            return 1
        if current != text:
            print(f"{target} is not what `{COMMAND}` writes now: run it", file=sys.stderr)
            return 1
        print(f"{target}: up to date ({text.count(chr(10)) - 2} vectors)")
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    write(target, text)
    print(f"wrote {target} ({text.count(chr(10)) - 2} vectors)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
