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
from typing import Any

import jsonschema
import pytest
from helpers import ROOT, check_run

from fivetenk.impl.words import SHAPES
from fivetenk.reference import Card, Combo, Rank, Variants, beats, classify, parse_cards
from fivetenk.suite import catalog, vectors

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


def _by_rank(hand: list[Card]) -> dict[int, list[Card]]:
    """The hand's cards by rank, each rank's in sorted order."""
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(hand):
        by_rank.setdefault(int(card.rank), []).append(card)
    return by_rank


def _cards_of(by_rank: dict[int, list[Card]], ranks: tuple[int, ...]) -> list[Card]:
    """Cards of the hand for ``ranks``, in their order: each rank's lowest cards first."""
    used: Counter[int] = Counter()
    out = []
    for rank in ranks:
        out.append(by_rank[rank][used[rank]])
        used[rank] += 1
    return out


def _text(combo: Combo, ranks: tuple[int, ...]) -> str:
    return f"{combo.notation()}: {' '.join(Rank(r).symbol for r in sorted(ranks))}"


def enumerate_plays(hand: list[Card], top: Combo | None, variants: Variants) -> set[str]:
    """Every legal play of ``hand`` (against ``top``), as ``reading: ranks`` texts."""
    counts = Counter(int(c.rank) for c in hand)
    found: set[str] = set()
    by_rank = _by_rank(hand)
    for ranks in set(_candidates(counts)):
        for combo in classify(_cards_of(by_rank, ranks), variants):
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
    """Reproducible: the command's bytes are the file's. Twice the same: the check command
    below generates them again, in a process of its own (another hash seed), and finds the
    same file's bytes."""
    text = vectors.render(vectors.generate())
    assert text == vectors.path().read_text(encoding="utf-8")


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
    done = subprocess.run([sys.executable, "-m", "fivetenk.suite.vectors", "--check"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert f"({len(VECTORS)} vectors)" in done.stdout


# --------------------------------------------------------------------------- fivetenk check


def _impl(name: str, *args: str) -> str:
    return " ".join([sys.executable, str(MINIATURES / name), *args])


LONG_LEADS = [v["id"] for v in VECTORS if v["kind"] == "lead" and len(v["hand"]) > 16
              and not v.get("variants")][:12]
SHORT = [v["id"] for v in VECTORS if len(v["hand"]) <= 16 and "airplane+pairs" in v["families"]
         ][:4]


def test_an_engine_dropping_a_family_in_long_hands_fails_the_vectors(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The figure of issue 32: tests/miniatures/fuzz_long_hands.py lists no airplane with
    pairs among the leads of a hand over 16 cards. Vectors of shorter hands pass; long ones
    fail, each with the breakdown by family and the first missing plays."""
    ids = [a for i in [*LONG_LEADS, *SHORT] for a in ("--id", i)]
    code, out, records = check_run(tmp_path, "--impl", _impl("fuzz_long_hands.py"),
                                *ids)
    assert code == 1
    failed = {i for i, r in records.items() if r["status"] == "failed"}
    assert failed and failed <= set(LONG_LEADS)
    assert all(records[i]["status"] == "passed" for i in SHORT)
    first = sorted(failed)[0]
    vector = next(v for v in VECTORS if v["id"] == first)
    observed = {k: n for k, n in vector["families"].items() if k != "airplane+pairs"}
    assert (f"plays (by family): expected {json.dumps(vector['families'])}, observed "
            f"{json.dumps(observed)}") in out
    assert f"count: expected {vector['count']}, observed " in out
    assert "missing: \"airplane+pairs " in out


@pytest.mark.slow
def test_the_long_hands_engine_passes_every_scenario_and_fails_the_vectors(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Only the vectors catch it: the whole shipped suite passes (issue 32)."""
    command = _impl("fuzz_long_hands.py")
    code, _, records = check_run(tmp_path, "--impl", command, "--no-vectors")
    assert code == 0 and not any(i.startswith("V-") for i in records)
    code, _, records = check_run(tmp_path, "--impl", command, "--tag", "vectors")
    assert code == 1
    assert sum(r["status"] == "failed" for r in records.values()) >= 10


def test_the_reference_passes_every_vector(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    code, out, records = check_run(tmp_path, "--tag", "vectors", "--quiet")
    assert code == 0, out
    assert len(records) == len(VECTORS)
    assert all(r["status"] == "passed" for r in records.values())


def test_an_older_protocol_skips_the_vectors_naming_the_convention(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Convention plays-vectors is 1.4: an adapter declaring 1.3 is not judged on it."""
    code, _, records = check_run(tmp_path, "--impl", _impl("older_protocol.py", "1.3"),
                                "--id", "V-001", "--id", "V-300")
    assert {r["status"] for r in records.values()} == {"skipped"}
    assert all("judges convention plays-vectors (protocol 1.4, "
               "schemas/protocol.md#c-plays-vectors), which the implementation's hello "
               "(protocol 1.3) does not declare" in r["reason"] for r in records.values())
    assert code == 1  # nothing ran


def test_a_vector_outside_the_profile_is_skipped_saying_why() -> None:
    """Shapes, pack and variants: the profile skips a vector as it skips a scenario."""
    from fivetenk.impl.conventions import LATEST
    from fivetenk.impl.drivers import ReferenceDriver
    from fivetenk.impl.hello import Hello
    from fivetenk.suite.profile import fit
    from fivetenk.suite.runner import reference_passes

    class Declared(ReferenceDriver):
        """Plays only plays and no variant; ``shapes`` and ``hello`` as the test says."""

        capabilities = frozenset({"plays"})

        def __init__(self, shapes: list[str] | None = None, **hello: Any) -> None:
            super().__init__()
            self.shapes = None if shapes is None else frozenset(shapes)
            if hello:
                self.hello = Hello(name="declared", version="", protocol=1,
                                   capabilities=self.capabilities, variants={},
                                   **{"minor": LATEST, **hello})

        def supports_variants(self, variants: dict[str, str]) -> bool:
            return not variants

    scenarios = {s.id: s for s in vectors.scenarios()}
    driver = Declared()
    bomb = next(i for i, s in scenarios.items() if "bomb" in VECTORS[int(i[2:]) - 1]
                ["families"] and not s.variants)
    assert fit(driver, scenarios[bomb], reference_passes).reason == ""
    no_bombs = Declared(shapes=[s for s in SHAPES if s != "bomb"])
    assert "uses bomb" in fit(no_bombs, scenarios[bomb], reference_passes).reason
    one_deck = Declared(pack=1)
    jokers = next(v["id"] for v in VECTORS if v["hand"].count("SJ") > 1 and not v.get(
        "variants"))  # a joker has no other suit: not re-suited (issue 32)
    assert "more than the implementation's pack of 1 deck holds" in fit(
        one_deck, scenarios[jokers], reference_passes).reason
    from fivetenk.suite.resuit import resuit
    doubled = next(i for i, s in scenarios.items() if resuit(s, 1) is not None
                   and not s.variants)
    resuited = fit(one_deck, scenarios[doubled], reference_passes).resuited
    assert resuited is not None and reference_passes(resuited)
    varied = next(v["id"] for v in VECTORS if v.get("variants"))
    assert "implementation lacks variant" in fit(driver, scenarios[varied],
                                                 reference_passes).reason
    older = Declared(minor=3)
    assert "plays-vectors" in fit(older, scenarios["V-001"], reference_passes).reason


def test_an_engine_without_plays_is_not_asked_them() -> None:
    """The vectors judge plays alone: without it they are left out, said in one line."""
    import io

    from fivetenk.commands.check import _without_vectors
    from fivetenk.impl.drivers import ReferenceDriver
    from fivetenk.model.user_input import UsageError

    scenarios = vectors.scenarios()[:5]
    other = list(catalog.shipped()[:3])
    out = io.StringIO()
    lacking = ReferenceDriver()
    lacking.capabilities = frozenset({"classify"})
    assert _without_vectors([*other, *scenarios], lacking, out) == other
    assert out.getvalue() == "count vectors: 5 not run (the implementation does not declare " \
        "plays)\n"
    with pytest.raises(UsageError, match="need plays"):
        _without_vectors(scenarios, lacking, out)
    having = ReferenceDriver()
    having.capabilities = frozenset({"plays"})
    assert _without_vectors(scenarios, having, io.StringIO()) == scenarios


def test_a_vector_is_a_schema_valid_scenario_that_round_trips() -> None:
    """``fivetenk show V-NNN`` prints it, and its JSON loads back the same (``families``
    included: the scenario schema allows it on a plays step, and it is never sent)."""
    from fivetenk.impl.protocol import EXPECTATION_KEYS
    from fivetenk.model.scenario import Scenario, problems
    from fivetenk.suite.runner import request_of

    for scenario in vectors.scenarios()[::17]:
        data = scenario.to_json()
        assert problems(data) == []
        assert Scenario.from_json(data) == scenario
        assert "families" in EXPECTATION_KEYS
        assert "families" not in request_of(scenario.steps[0])


def test_a_breakdown_names_what_the_notation_cannot_read() -> None:
    assert vectors.breakdown(["pair 7: 7 7", "nonsense", 3, "bomb 4x3: 3 3 3 3"]) == {
        "pair": 1, "bomb": 1, vectors.UNREADABLE: 2}
