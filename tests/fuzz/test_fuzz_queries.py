"""The ``queries`` mode of ``fivetenk fuzz``: generation, no false alarms against the
reference, and broken engines that the shipped suite passes but the fuzzer catches, each
with a minimal written case (bounds stated in the asserts)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import TESTS
from hypothesis import given, settings
from hypothesis import strategies as st

from fivetenk import cli
from fivetenk.fuzz.queries import QueryMode
from fivetenk.fuzz.source import RandomSource
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.impl.process_driver import ProcessDriver
from fivetenk.suite import catalog
from fivetenk.suite.runner import run_suite

MINI = TESTS / "miniatures"
NEW_CASES = {"fuzz_runs.py": "R03-049", "fuzz_plays.py": "R03-048"}
"""Each new broken engine, and the shipped scenario written from the case fuzz found."""
ALSO_CAUGHT = {"fuzz_runs.py": ("R02-101", "R03-101", "R03-104", "R13-101", "R14-101"),
               "fuzz_plays.py": ("R05-403", "R05-406")}
"""Scenarios (outline ids) written later that catch the engine too: for the gaps issue 9
names (runs beaten by runs several ranks higher) and from its mutants (every rocket a
player of six jokers may lead): left out of the suite it must pass, and each has an example
that fails."""


def _outline(scenario_id: str) -> str:
    return scenario_id.split(".")[0]


def impl(*argv: str) -> str:
    return shlex.join([sys.executable, *argv])


def fuzz(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(["fuzz", "--no-progress", "--mode", "queries", *args])
    return code, out.getvalue()


def test_generation_is_structured_and_deterministic() -> None:
    from fivetenk.impl.words import SHAPES

    mode = QueryMode(shapes=frozenset(SHAPES))  # declared shapes: each case says which it uses
    kinds: dict[str, int] = {}
    shapes: set[str] = set()
    runs: set[str] = set()
    for i in range(2000):
        case = mode.generate(RandomSource(f"3:queries:{i}"), {})
        assert case == mode.generate(RandomSource(f"3:queries:{i}"), {})
        kinds[case.kind] = kinds.get(case.kind, 0) + 1
        shapes.update(case.data["shapes"])
        for reading in case.expected[0].get("readings", []) if case.expected else []:
            runs.add(reading)
    assert set(kinds) == {"classify", "beats", "plays", "points"}
    assert {"straight", "pairs", "airplane", "airplane+singles", "bomb", "rocket", "5-10-K",
            "triple+single", "triple+pair"} <= shapes
    assert {"pairs 3-A", "airplane 3-A"} & runs  # the longest runs are generated too


def _suite_passes(command: str, also: tuple[str, ...] = ()) -> None:
    scenarios = [s for s in catalog.shipped()
                 if s.id not in NEW_CASES.values() and _outline(s.id) not in also]
    with ProcessDriver(command, timeout=20) as driver:
        bad = [(r.scenario.id, r.status) for r in run_suite(driver, scenarios)
               if r.status not in ("passed", "skipped")]
    assert not bad, bad[:5]


CAMPAIGNS = {"fuzz_runs.py": (4, 28), "fuzz_plays.py": (5, 13)}
"""The seed and the fewest query cases that find each engine, with one case to shrink:
fuzz_runs diverges at case 27 of seed 4 (a beats case: seed 1 first diverged at case
2177, then at 2850 with a plays case of 41 cards, a minute of shrinking that no assertion
looks at), fuzz_plays at case 12 of seed 5 (a plays case that shrinks in two thirds of the
CPU of seed 1's case 3, of the 3,000 cases once run; both shrink to 4 cards)."""


def _diverging_records(command: str, tmp_path: Path, cases: int, seed: int = 1
                       ) -> list[dict[str, Any]]:
    """Fuzz ``command`` (``seed``, ``cases`` query cases: ``--mode queries``, which the
    default of every mode the engine allows had become, and whose whole games took 90 s
    to find and shrink what a query shows): it must diverge; the JSON-lines records, the
    first a divergence group found before the last case."""
    code, text = fuzz("--impl", command, "--seed", str(seed), "--cases", str(cases),
                      "--mode", "queries", "--out", str(tmp_path), "--jsonl",
                      str(tmp_path / "r.jsonl"))
    assert code == 1 and "DIVERGED" in text, text
    records = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert records[0]["case"] < cases
    return records


@pytest.mark.slow
@pytest.mark.parametrize("engine", sorted(NEW_CASES))
def test_new_broken_engine_passes_the_suite_but_not_the_fuzzer(engine: str,
                                                               tmp_path: Path) -> None:
    command = impl(str(MINI / engine))
    also = ALSO_CAUGHT.get(engine, ())
    _suite_passes(command, also)  # the shipped suite (before the case below) finds nothing
    seed, cases = CAMPAIGNS[engine]
    records = _diverging_records(command, tmp_path, cases, seed)
    first = records[0]
    shrunk = first["shrunk"]["request"]
    cards = [len(v) for k, v in shrunk.items() if k in ("cards", "reply", "top", "hand")]
    assert max(cards) <= 8, shrunk  # minimal: at most 8 cards in any card list
    # the shipped case written from it catches the engine
    scenario = next(s for s in catalog.shipped() if s.id == NEW_CASES[engine])
    with ProcessDriver(command, timeout=20) as driver:
        assert next(run_suite(driver, [scenario])).status == "failed"
        later = [s for s in catalog.shipped() if _outline(s.id) in also]
        failed = {_outline(r.scenario.id) for r in run_suite(driver, later)
                  if r.status == "failed"}
        assert failed == set(also), sorted(set(also) - failed)


@pytest.mark.slow
def test_a_bug_of_long_hands_is_found_in_a_long_hand(tmp_path: Path) -> None:
    """Issue 19: an engine that lists no airplane with pairs among the leads of a hand of
    more than 16 cards. ``plays`` hands are drawn up to 32 cards, biased toward the dealt
    sizes, so the fuzzer finds it, and the shrunk hand keeps more than 16 cards (no shorter
    hand shows the bug) and an airplane with pairs. Seed 3 diverges at cases 23 and 46,
    with hands of 20 cards and more: a third of the shrinking of seed 1's first case (32
    cards, 3,000 cases then)."""
    command = impl(str(MINI / "fuzz_long_hands.py"))
    records = _diverging_records(command, tmp_path, 47, seed=3)
    first = records[0]
    shrunk = first["shrunk"]["request"]
    assert shrunk["op"] == "plays" and "top" not in shrunk
    # every diverging case is in the file, with the group it belongs to
    cases = [r for r in records if r["record"] == "case"]
    assert len(cases) == records[-1]["diverged"] == first["count"] > 1
    assert {r["group"] for r in cases} == {first["case"]}
    assert all(r["paths"] == ["count", "plays"] for r in cases), cases[:3]
    assert len(shrunk["hand"]) > 16, shrunk
    assert any(play.startswith("airplane+pairs") for play in first["shrunk"]["expected"]
               ["plays"]), first["shrunk"]


def test_plays_hands_reach_the_dealt_sizes() -> None:
    """The sizes of ``plays`` hands cover the whole range up to a banker's 32 cards; the
    dealt sizes (26 and 32) are drawn more often than any other size over 8, and at least
    a fifth of the hands have more than 16 cards."""
    mode = QueryMode()
    sizes: dict[int, int] = {}
    for i in range(3000):
        case = mode.generate(RandomSource(f"5:queries:{i}"), {})
        if case.kind == "plays":
            n = len(case.steps[0]["hand"])
            sizes[n] = sizes.get(n, 0) + 1
    assert max(sizes) == 32 and min(sizes) <= 2
    assert len(set(range(1, 33)) - set(sizes)) <= 3, sizes  # nearly every size is drawn
    longer = [sizes.get(n, 0) for n in range(9, 32) if n != 26]
    assert sizes[26] > 2 * max(longer) and sizes[32] > max(longer), sizes  # dealt sizes
    assert sum(sizes.get(n, 0) for n in range(17, 33)) >= sum(sizes.values()) / 5


COMBINATION_BREAKERS = {"two_below_ace": (2, 71), "wings_both_jokers": (3, 114),
                        "suited_reversed": (3, 9), "bombs_by_rank": (2, 104),
                        "six_jokers_ignored": (2, 49), "twelve_bomb_ignored": (7, 290)}
"""Each rule-breaker, with a seed and the number of query cases by which the fuzzer finds
it (its first divergence is the last case; all six once ran 6,000 cases of seed 2)."""


@pytest.mark.parametrize("name", sorted(COMBINATION_BREAKERS))
def test_existing_combination_breakers_are_found(name: str, tmp_path: Path) -> None:
    seed, cases = COMBINATION_BREAKERS[name]
    code, text = fuzz("--impl", impl(str(MINI / "rulebreaker.py"), name), "--seed", str(seed),
                      "--cases", str(cases), "--no-shrink", "--out", str(tmp_path))
    assert code == 1 and "DIVERGED" in text, text[-600:]


def test_always_wrong_is_found(tmp_path: Path) -> None:
    code, text = fuzz("--impl", impl(str(MINI / "always_wrong.py")), "--seed", "2",
                      "--cases", "50", "--no-shrink", "--out", str(tmp_path))
    assert code == 1 and "DIVERGED" in text


def test_capabilities_and_shapes_are_respected(tmp_path: Path) -> None:
    """one_deck answers classify, beats and plays only: no points are asked."""
    code, text = fuzz("--impl", impl(str(MINI / "small_set.py")), "--seed", "4",
                      "--cases", "800", "--out", str(tmp_path))
    assert code == 0, text
    assert "skipped (outside the shapes or profile words the implementation declares: " in text


@pytest.mark.slow
def test_an_airplane_with_wings_shrinks_to_two_triples_and_two_wings(tmp_path: Path) -> None:
    """wings_both_jokers takes SJ and BJ as the wings of an airplane. The smallest case is
    two triples and the two jokers (8 cards): shrinking drops a triple with its wing
    (Source.group), which a card-by-card pass cannot (it would leave a triple without a
    wing, or a wing without a triple)."""
    code, text = fuzz("--impl", impl(str(MINI / "rulebreaker.py"), "wings_both_jokers"),
                      "--seed", "2", "--cases", "700", "--out", str(tmp_path),
                      "--jsonl", str(tmp_path / "r.jsonl"))
    assert code == 1, text
    records = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    classify = next(r for r in records if r.get("kind") == "classify")
    cards = classify["shrunk"]["request"]["cards"]
    assert len(classify["found"]["request"]["cards"]) > 8
    assert len(cards) == 8 and sorted(cards)[-2:] == ["BJ", "SJ"], cards


INVALID_JOKERS = '''
import sys
from fivetenk.impl.adapter import Adapter, serve


class Invalid(Adapter):
    """Answers a classify that holds a small joker with a schema-invalid result."""

    def handle(self, request):
        reply = super().handle(request)
        if request.get("cmd") == "classify" and "SJ" in request.get("cards", ()):
            reply = {"seq": request["seq"], "ok": True, "result": {"legal": "yes"}}
        return reply


sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer, Invalid()))
'''


def test_an_errored_divergence_is_shrunk_too(tmp_path: Path) -> None:
    """A schema-invalid reply is a divergence the implementer must fix: it is shrunk (to
    the one card that triggers it) and written like any other; the implementation is not
    restarted for it (the process stays in step)."""
    script = tmp_path / "invalid_jokers.py"
    script.write_text(INVALID_JOKERS)
    code, text = fuzz("--impl", impl(str(script)), "--seed", "2", "--cases", "400",
                      "--out", str(tmp_path / "o"), "--jsonl", str(tmp_path / "r.jsonl"))
    assert code == 1 and re.search(r"(\d+) diverged \(\1 by refusing or an invalid reply\)",
                                   text), text
    assert re.search(r"shrunk: size \d+ -> 2 in", text), text  # one card, one step
    records = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    found = next(r for r in records if r.get("kind") == "classify")
    assert found["found"]["error"].startswith("invalid reply to classify")
    assert found["shrunk"]["request"]["cards"] == ["SJ"], found["shrunk"]
    assert "not shrunk" not in text
    feature = Path(found["feature"])
    assert cli.main(["check", "--only-paths", str(feature), "-q"]) == 0
    with contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(["check", "--only-paths", str(feature), "--impl", impl(str(script)),
                         "-q"]) == 1


_CLAUSES = st.sampled_from([None, "R03.1", "R3.1", "R03.1x", 3, "", True])
_TEXTS = st.sampled_from(["a message", "", None, 7, ["x"]])


@settings(max_examples=300, deadline=None)
@given(cmd=st.sampled_from(["classify", "beats", "plays", "points"]),
       clause=_CLAUSES, accepted=st.sampled_from([False, 0, None, "false"]),
       error=st.one_of(st.none(), st.dictionaries(
           st.sampled_from(["code", "clause", "message", "other"]),
           st.one_of(_CLAUSES, _TEXTS), max_size=4)),
       extra=st.sampled_from([{}, {"x": 1}, {"legal": False}]))
def test_the_rejection_shortcut_never_accepts_what_the_schema_refuses(
        cmd: str, clause: Any, accepted: Any, error: Any, extra: dict[str, Any]) -> None:
    """Rejections (4% of a query campaign, each half a millisecond of jsonschema) skip
    the validator when certainly valid; anything doubtful goes to the full validator."""
    from fivetenk.impl.protocol import _fast_query, message_problems

    result: dict[str, Any] = {"accepted": accepted, "clause": clause, **extra}
    if error is not None:
        result["error"] = error
    if _fast_query(cmd, result):
        assert not list(message_problems(f"{cmd}-reply",
                                         {"seq": 1, "ok": True, "result": result}))
    assert _fast_query(cmd, {"accepted": False, "clause": "R03.1", "error": {
        "code": "illegal-play", "clause": "R03.1", "message": "no legal combination"}})
    assert _fast_query(cmd, {"accepted": False, "clause": None})


@pytest.mark.parametrize(("variants", "ruling", "not_ruling"), [
    ({"rocket": "joker_sets"}, "D26", "D36"),
    ({"rocket": "six_jokers"}, "D36", "D26"),
    ({"twelve_bomb": "beats_rocket"}, "D37", "D36"),
])
def test_a_case_under_a_variant_is_tagged_with_that_values_ruling(
        variants: dict[str, str], ruling: str, not_ruling: str) -> None:
    """Issue 19: cases found under rocket=joker_sets were tagged D36 (the six-joker rocket).
    The rulings come from the engine's own table (provenance.VARIANT_RULINGS), by value."""
    from fivetenk.fuzz.queries import step_clauses

    _, rulings = step_clauses({"op": "classify", "cards": ["SJ", "BJ"]},
                              {"legal": True, "readings": ["rocket"]}, variants)
    assert ruling in rulings and not_ruling not in rulings


class _OwnRocket(ReferenceDriver):
    """An engine that plays rocket=joker_sets whatever it is asked (it does not play the
    default rocket) and reads no single 7: the reference driver, changed (a whole driver,
    since a case is checked on it before it is written)."""

    def __init__(self) -> None:
        super().__init__(self_check=False)

    def start(self, variants: dict[str, str], setup: Any) -> dict[str, Any]:
        return super().start({**variants, "rocket": "joker_sets"}, setup)

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        answer = super().run(step)
        if step["op"] == "classify" and answer.get("readings") == ["single 7"]:
            return {"legal": False, "readings": []}
        return answer


def test_shrinking_stays_under_the_variants_the_engine_plays(tmp_path: Path) -> None:
    """Issue 19: a case shrank to the default rocket, which the engine had declared it
    does not play, so the case written was skipped on that very engine. Shrinking now
    drops a variant only to settings the campaign explores for the engine."""
    import argparse

    from fivetenk.fuzz.findings import shrink_and_write as _shrink_and_write

    mode = QueryMode(capabilities=frozenset({"classify"}))
    variants = {"rocket": "joker_sets"}
    engine = _OwnRocket()
    case = next(c for i in range(20000)
                if (c := mode.generate(RandomSource(f"9:queries:{i}"), variants)).kind
                == "classify" and mode.run(engine, [c])[0] is not None)
    assert case.steps[0]["cards"][0].startswith("7")
    args = argparse.Namespace(out=tmp_path, id_prefix="found", impl="own-rocket")

    def written(combos: list[dict[str, str]]) -> dict[str, Any]:
        found = mode.run(engine, [case])[0]
        assert found is not None
        _, record = _shrink_and_write(args, mode, engine, case, found, combos)
        return json.loads(Path(record["json"]).read_text())

    inside = written([variants])  # the engine plays joker_sets only
    assert inside["variants"] == variants, inside
    anywhere = written([{}, variants])  # an engine that plays the default too
    assert anywhere["variants"] == {}, anywhere


@pytest.mark.slow
def test_a_bug_already_written_is_not_written_again(tmp_path: Path) -> None:
    """Groups are shrunk until the written cases are distinct bugs: two different found
    cases of one mistake (a single 7 read as illegal) shrink to one bug signature (the
    command, the shapes, every differing field and its values); the second says it is the
    bug already written, by id, and writes nothing."""
    import argparse

    from fivetenk.fuzz.findings import shrink_and_write

    mode = QueryMode(capabilities=frozenset({"classify"}))
    variants = {"rocket": "joker_sets"}
    engine = _OwnRocket()
    cases = [c for i in range(20000)
             if (c := mode.generate(RandomSource(f"9:queries:{i}"), variants)).kind
             == "classify" and mode.run(engine, [c])[0] is not None][:2]
    assert len(cases) == 2 and cases[0].steps != cases[1].steps
    args = argparse.Namespace(out=tmp_path, id_prefix="found", impl="own-rocket")
    seen: dict[str, str] = {}
    records = []
    for case in cases:
        found = mode.run(engine, [case])[0]
        assert found is not None
        lines, record = shrink_and_write(args, mode, engine, case, found, [variants], seen)
        records.append((lines, record))
    (_, first), (lines, second) = records
    assert first["signature"] == second["signature"] == "classify|single|legal=true->false;" \
        "readings=list->list"
    assert second["same_as"] == first["id"] and "json" not in second
    assert f"  the same bug as {first['id']} once shrunk" in "\n".join(lines)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{first['id']}.feature",
                                                         f"{first['id']}.json"]


def test_each_group_says_how_to_reproduce_its_case_as_found(tmp_path: Path) -> None:
    """Every divergence group gives the command that runs its raw case alone (``--case N``
    with the campaign's seed, mode and variants); run, it diverges the same way, in that
    case only, and reruns itself."""
    command = impl(str(MINI / "fuzz_long_hands.py"))
    code, text = fuzz("--impl", command, "--seed", "1", "--cases", "400", "--no-shrink",
                      "--variant", "rocket=joker_sets", "--out", str(tmp_path),
                      "--jsonl", str(tmp_path / "r.jsonl"))
    assert code == 1, text
    group = json.loads((tmp_path / "r.jsonl").read_text().splitlines()[0])
    argv = shlex.split(group["reproduce"])
    assert argv[:2] == ["fivetenk", "fuzz"] and f"  reproduce it as found: {group['reproduce']}" \
        in text
    assert argv[argv.index("--case") + 1] == str(group["case"])
    assert argv[argv.index("--variant") + 1] == "rocket=joker_sets"
    again, alone = fuzz(*argv[2:], "--no-shrink", "--out", str(tmp_path),
                        "--jsonl", str(tmp_path / "again.jsonl"))
    assert again == 1, alone
    records = [json.loads(x) for x in (tmp_path / "again.jsonl").read_text().splitlines()]
    assert records[0]["case"] == group["case"]
    assert records[0]["found"]["paths"] == group["found"]["paths"]
    assert records[-1]["tried"] == {f"queries/{group['kind']}": 1}
    assert f"rerun: {group['reproduce']}" in alone


@pytest.mark.slow
def test_expectations_mute_exactly_the_known_differences(tmp_path: Path) -> None:
    """``--expectations`` reads the file ``check`` reads. An xfail entry pinned to
    ``beats`` = false mutes the pair-run engine's wrong ``beats`` answers, counted per entry
    with its file and line, and listed in --jsonl; the same mistake showing in a ``plays``
    listing is not what the entry pins, so it is still reported (exit 1). An unpinned
    entry for the shape mutes it all (exit 0); a bad file is bad input (exit 2). Seed 4's
    900 cases: wrong ``beats`` at cases 27, 246 and 590, a wrong ``plays`` at 893 (seed 1
    needed 3,000: 2177 and 2850)."""
    command = impl(str(MINI / "fuzz_runs.py"))
    pinned = tmp_path / "pinned.yaml"
    pinned.write_text("xfail:\n  - {uses: pairs, path: beats, observed: false,\n"
                      "     reason: \"our pair runs lose to the next one up only\"}\n")
    code, text = fuzz("--impl", command, "--seed", "4", "--cases", "900", "--no-shrink",
                      "--out", str(tmp_path), "--expectations", str(pinned),
                      "--jsonl", str(tmp_path / "r.jsonl"))
    assert code == 1, text
    assert re.search(rf"known: \d+ cases muted by the expectations entry {re.escape(str(pinned))}"
                     r":2: our pair runs", text), text
    records = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    muted = [r for r in records if r["record"] == "case" and r.get("known")]
    assert muted and all(r["paths"][0] == "beats" for r in muted)
    groups = [r for r in records if r["record"] == "divergence"]
    assert groups and all(g["kind"] == "plays" for g in groups), groups
    assert sum(records[-1]["known"].values()) == len(muted)
    assert f"--expectations {pinned}" in text.splitlines()[1]  # the rerun command keeps it
    unpinned = tmp_path / "all.yaml"
    unpinned.write_text("xfail:\n  pairs: \"pair runs: issue 12\"\n")
    code, text = fuzz("--impl", command, "--seed", "4", "--cases", "900", "--no-shrink",
                      "--out", str(tmp_path), "--expectations", str(unpinned))
    assert code == 0 and "0 diverged" in text and "known (muted)" in text, text
    bad = tmp_path / "bad.yaml"
    bad.write_text("xfail:\n  - {uses: pair_run, reason: x}\n")
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = cli.main(["fuzz", "--impl", command, "--cases", "30", "--out", str(tmp_path),
                         "--expectations", str(bad)])
    text = err.getvalue()
    assert code == 2 and f"{bad}:2" in text and "unknown shape 'pair_run'" in text, text


@pytest.mark.slow
def test_the_fuzzer_keeps_inside_the_profile_words(tmp_path: Path) -> None:
    """A one-deck Dou-Dizhu-like judge (tests/miniatures/dou_dizhu.py) declares its pack,
    run lengths, wing rule and extra shapes (D39): the fuzzer asks nothing outside them
    (each such case skipped and counted) and finds nothing; the same judge without the
    declaration diverges, so the skips are what keep it clean."""
    command = impl(str(MINI / "dou_dizhu.py"))
    code, text = fuzz("--impl", command, "--seed", "1", "--cases", "1500", "--out",
                      str(tmp_path))
    assert code == 0 and "0 diverged" in text, text
    skipped = re.search(r"\d+ skipped \(.*outside the shapes or profile words the "
                        r"implementation declares: (\d+)", text)
    assert skipped and int(skipped.group(1)) > 100, text
    code, text = fuzz("--impl", impl(str(MINI / "dou_dizhu.py"), "--undeclared"), "--seed",
                      "1", "--cases", "1500", "--no-shrink", "--out", str(tmp_path))
    assert code == 1 and "DIVERGED" in text, text
