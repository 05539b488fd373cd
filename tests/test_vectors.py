"""The plays count vectors (issue 32, item 3): the shipped file is what its command writes,
every count agrees with an enumerator written here from the rules, and ``fivetenk check``
runs them, skipping what lies outside a profile and failing an engine that drops a lead
family only in long hands.

The enumerator (:func:`enumerate_plays`) does not use the reference engine's ``legal_plays``:
it lists *candidate* card sets, a superset of the combinations (every set of one rank, every
joker set, every run of one, two or three cards a rank over consecutive ranks, with every
wing multiset of the right size for a run of triples, every 5, 10, K of the hand's suits),
reads each with ``classify`` (R03.1) and keeps, for a reply, the readings that ``beats`` the
top. A play is a reading and the sorted ranks of its cards (schemas/protocol.md, plays).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from fivetenk import vectors
from fivetenk.reference import Card, Combo, Rank, Variants, beats, classify, parse_cards
from fivetenk.shapes import SHAPES

ROOT = Path(__file__).resolve().parent.parent
MINIATURES = ROOT / "tests" / "miniatures"
SJ, BJ = int(Rank.SMALL_JOKER), int(Rank.BIG_JOKER)


# --------------------------------------------------------------------------- the enumerator


def _units(left: dict[int, int], units: int, per: int, ranks: list[int]
           ) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``units`` ranks (each taking ``per`` cards) that ``left`` holds."""
    if units == 0:
        yield ()
        return
    for i, rank in enumerate(ranks):
        if left[rank] >= per:
            left[rank] -= per
            for rest in _units(left, units - 1, per, ranks[i:]):
                yield (rank, *rest)
            left[rank] += per


def _candidates(counts: dict[int, int]) -> Iterator[tuple[int, ...]]:
    """Rank multisets that may be combinations (a superset of them), 5,10,K aside."""
    ranks = sorted(r for r, n in counts.items() if n)
    for rank in ranks:
        for n in range(1, counts[rank] + 1):
            yield (rank,) * n
    for small in range(1, counts.get(SJ, 0) + 1):
        for big in range(1, counts.get(BJ, 0) + 1):
            yield (SJ,) * small + (BJ,) * big
    for per in (1, 2, 3):
        for start in ranks:
            body: list[int] = []
            rank = start
            while counts.get(rank, 0) >= per:
                body.append(rank)
                cards = tuple(r for r in body for _ in range(per))
                if len(body) > 1:
                    yield cards
                if per == 3:
                    left = dict(counts)
                    for r in body:
                        left[r] -= 3
                    for wing_per in (1, 2):
                        for wings in _units(left, len(body), wing_per, ranks):
                            yield tuple(sorted(cards + tuple(
                                r for r in wings for _ in range(wing_per))))
                rank += 1


def _cards_of(hand: list[Card], ranks: tuple[int, ...]) -> list[Card]:
    pool = sorted(hand)
    out = []
    for rank in ranks:
        card = next(c for c in pool if int(c.rank) == rank)
        pool.remove(card)
        out.append(card)
    return out


def _text(combo: Combo, ranks: tuple[int, ...]) -> str:
    return f"{combo.notation()}: {' '.join(Rank(r).symbol for r in sorted(ranks))}"


def enumerate_plays(hand: list[Card], top: Combo | None, variants: Variants) -> set[str]:
    """Every legal play of ``hand`` (against ``top``), as ``reading: ranks`` texts."""
    counts = Counter(int(c.rank) for c in hand)
    found: set[str] = set()
    for ranks in set(_candidates(counts)):
        for combo in classify(_cards_of(hand, ranks), variants):
            found.add(_text(combo, ranks))
    fives, tens, kings = ({c for c in hand if int(c.rank) == r} for r in (5, 10, 13))
    for triple in ((a, b, c) for a in fives for b in tens for c in kings):
        for combo in classify(triple, variants):
            found.add(_text(combo, (5, 10, 13)))
    if top is None:
        return found
    return {text for text in found
            if beats(Combo.parse(text.split(":", 1)[0]), top, variants)}


def _position(vector: dict) -> tuple[list[Card], Combo | None, Variants]:
    top = Combo.parse(vector["top_shape"]) if "top" in vector else None
    return parse_cards(vector["hand"]), top, Variants.from_mapping(vector.get("variants", {}))


VECTORS = vectors.load()


# --------------------------------------------------------------------------- the file


def test_the_file_follows_its_schema_and_the_brief() -> None:
    """At least 300 vectors: leads and replies of every hand size 1..32, every family in
    both, every variant value, long hands; the breakdown adds up to the count."""
    schema = json.loads((ROOT / "schemas" / "vectors.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(
        json.loads(vectors.path().read_text()))
    assert len(VECTORS) >= 300
    for kind in ("lead", "reply"):
        mine = [v for v in VECTORS if v["kind"] == kind]
        assert {len(v["hand"]) for v in mine} == set(range(1, 33)), kind
        assert {f for v in mine for f in v["families"]} == set(SHAPES), kind
        assert all(("top" in v) == (kind == "reply") for v in mine)
    played = {(k, val) for v in VECTORS for k, val in v.get("variants", {}).items()}
    from fivetenk.reference.variants import CHOICES
    assert played == {(k, val) for k, values in CHOICES.items() for val in values[1:]}
    assert sum(1 for v in VECTORS if len(v["hand"]) >= 26 and v["count"] >= 300) >= 10
    for v in VECTORS:
        assert sum(v["families"].values()) == v["count"], v["id"]
    assert [v["id"] for v in VECTORS] == [f"V-{i:03d}" for i in range(1, len(VECTORS) + 1)]


def test_the_file_is_what_its_command_writes() -> None:
    """Reproducible: the command's bytes are the file's (and twice the same)."""
    text = vectors.render(vectors.generate())
    assert text == vectors.path().read_text(encoding="utf-8")
    assert text == vectors.render(vectors.generate())


@pytest.mark.parametrize("chunk", range(4))
def test_every_count_agrees_with_an_independent_enumerator(chunk: int) -> None:
    """Each vector's count and breakdown equal the enumerator's of this file."""
    for vector in VECTORS[chunk::4]:
        plays = enumerate_plays(*_position(vector))
        assert (len(plays), vectors.breakdown(plays)) == (vector["count"], vector["families"]), \
            vector["id"]


def test_the_enumerator_can_fail() -> None:
    """The comparison has teeth: a hand one card shorter counts otherwise."""
    vector = next(v for v in VECTORS if v["kind"] == "lead" and len(v["hand"]) == 20)
    hand, top, variants = _position(vector)
    assert len(enumerate_plays(hand[1:], top, variants)) != vector["count"]


def test_a_bad_file_is_refused_with_its_json_path(tmp_path: Path) -> None:
    bad = tmp_path / "v.json"
    document = json.loads(vectors.path().read_text())
    document["vectors"][3]["count"] = -1
    bad.write_text(json.dumps(document))
    with pytest.raises(vectors.VectorError, match=r"\$\.vectors\[3\]\.count"):
        vectors.load(bad)
    bad.write_text("{")
    with pytest.raises(vectors.VectorError, match="cannot read"):
        vectors.load(bad)


def test_the_check_command_says_the_file_is_up_to_date() -> None:
    done = subprocess.run([sys.executable, "-m", "fivetenk.vectors", "--check"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert f"({len(VECTORS)} vectors)" in done.stdout
