"""``fivetenk fuzz``'s core: sources of decisions, shrinking with Hypothesis, the campaign
(determinism across workers and shards), bad input, and the written case."""

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

from fivetenk import cli
from fivetenk.fuzz.source import Case, RandomSource, ReplaySource, Source, content_id, shrink

MINI = TESTS / "miniatures"
ADAPTER = shlex.join([sys.executable, "-m", "fivetenk.cli", "adapter"])


def fuzz(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["fuzz", "--no-progress", *args])
    return code, out.getvalue() + err.getvalue()


def toy(src: Source) -> Case:
    n = src.int(0, 30)
    return Case(mode="toy", kind="toy", data={"items": [src.int(0, 100) for _ in range(n)]})


def big(case: Case) -> bool:
    return sum(1 for x in case.data["items"] if x > 50) >= 3


def test_random_source_is_seeded_by_text_and_replays() -> None:
    a, b = RandomSource("7:queries:3"), RandomSource("7:queries:3")
    assert toy(a) == toy(b) and a.log == b.log
    assert toy(RandomSource("7:queries:4")) != toy(RandomSource("7:queries:3"))
    replay = ReplaySource(a.log)
    assert toy(replay).data == toy(RandomSource("7:queries:3")).data
    # machine independence: random.Random(str) hashes the text with SHA-512
    assert RandomSource("1:queries:0").int(0, 10**6) == 100351  # pinned


def test_helpers_shrink_towards_the_simplest() -> None:
    zeros = ReplaySource([])
    assert zeros.choice("abc") == "a"
    assert zeros.weighted([(5, "x"), (1, "y")]) == "x"
    assert zeros.sample([1, 2, 3, 4], 2) == [1, 2]
    assert zeros.shuffle([3, 1, 2]) == [3, 1, 2]
    assert zeros.subset([1, 2, 3]) == [] and zeros.bool(90) is False


def test_shrink_replays_the_campaign_case_and_reduces_it_deterministically() -> None:
    """Guards lead decision F-2: if a Hypothesis upgrade stops replaying the secondary key
    (or stops shrinking), this fails."""
    for i in range(100):
        src = RandomSource(f"1:toy:{i}")
        case = toy(src)
        if big(case) and len(case.data["items"]) > 10:
            break
    first = shrink(toy, src.log, big)
    assert first.replayed, first.note
    assert first.case.data["items"] == [51, 51, 51]
    again = shrink(toy, src.log, big)
    assert (again.case.data, again.calls) == (first.case.data, first.calls)


def test_shrink_reports_the_case_unshrunk_when_nothing_reproduces() -> None:
    src = RandomSource("x")
    result = shrink(toy, [5, 1, 2, 3, 4, 5], lambda case: False, max_examples=20)
    assert not result.replayed and "unshrunk" in result.note
    assert result.case.data["items"] == [1, 2, 3, 4, 5]
    del src


def test_content_id_is_stable() -> None:
    assert content_id("found", {"b": 1, "a": [2]}) == content_id("found", {"a": [2], "b": 1})
    assert re.fullmatch(r"found-[0-9a-f]{8}", content_id("found", {}))


def _report(text: str) -> list[str]:
    """A report without its timings."""
    return [re.sub(r"in [0-9.]+ s \([0-9,]+/s\)", "in T", line) for line in text.splitlines()]


@pytest.mark.slow
def test_campaign_is_clean_against_the_reference_and_the_same_with_workers_and_shards(
        tmp_path: Path) -> None:
    code, one = fuzz("--impl", ADAPTER, "--seed", "5", "--cases", "400", "--mode", "queries",
                     "--out", str(tmp_path / "o"))
    assert code == 0, one
    assert "0 diverged" in one and "rerun: fivetenk fuzz" in one and "--seed 5" in one
    code, two = fuzz("--impl", ADAPTER, "--seed", "5", "--cases", "400", "--mode", "queries",
                     "--workers", "2", "--out", str(tmp_path / "o"))
    assert code == 0 and _report(one) == _report(two)
    counts = []
    for k in (1, 2):
        code, part = fuzz("--impl", ADAPTER, "--seed", "5", "--cases", "400", "--mode",
                          "queries", "--shard", f"{k}/2", "--out", str(tmp_path / "o"))
        assert code == 0
        counts.append(int(re.search(r"^(\d+) cases in", part, re.M).group(1)))  # type: ignore[union-attr]
    assert counts == [200, 200]


@pytest.mark.slow
def test_a_found_case_is_written_shrunk_and_checks_as_it_should(tmp_path: Path) -> None:
    """The cheapest campaign that shows it: one divergence (a pair of 2s beating a pair of
    aces, case 108 of 200), shrunk in about 100 tries (a plays divergence of bombs_by_rank
    took 600, a minute on a busy machine)."""
    impl = shlex.join([sys.executable, str(MINI / "rulebreaker.py"), "two_below_ace"])
    jsonl = tmp_path / "found.jsonl"
    code, text = fuzz("--impl", impl, "--seed", "1", "--cases", "200", "--mode", "queries",
                      "--out", str(tmp_path / "out"), "--id-prefix", "club", "--jsonl", str(jsonl))
    assert code == 1, text
    assert "DIVERGED" in text and "reference: " in text and "implementation: " in text
    assert re.search(r"shrunk: size (\d+) -> (\d+) in", text), text
    features = sorted((tmp_path / "out").glob("club-*.feature"))
    assert features and all(f.with_suffix(".json").exists() for f in features)
    records = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert records[-1]["record"] == "summary" and records[-1]["diverged"] >= 1
    for feature in features:
        assert cli.main(["check", "--only-paths", str(feature), "-q"]) == 0
        with contextlib.redirect_stdout(io.StringIO()):
            assert cli.main(["check", "--only-paths", str(feature), "--impl", impl, "-q"]) == 1
            assert cli.main(["check", "--only-paths", str(feature.with_suffix(".json")),
                             "-q"]) == 0


@pytest.mark.parametrize("args", [
    ["--shard", "3/2"], ["--shard", "x"], ["--variant", "rocket=nope"], ["--cases", "0"],
    ["--workers", "-1"], ["--mode", "nope"], ["--budget", "nan"],
])
def test_bad_input_is_exit_2(args: list[str]) -> None:
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = cli.main(["fuzz", "--impl", ADAPTER, *args])
        except SystemExit as stop:
            code = int(stop.code or 0)
    assert code == 2


def test_an_impl_that_cannot_run_is_exit_2(tmp_path: Path) -> None:
    code, text = fuzz("--impl", str(tmp_path / "nothing"), "--cases", "1")
    assert code == 2 and "not found" in text


def test_a_group_is_dropped_whole_when_the_count_before_it_is_lowered() -> None:
    """Source.group: parts drawn after their count shrink together (a triple and its wing):
    the only way down from 4 parts to the 2 that matter is lowering the count and
    deleting a middle part in one step."""
    def parts(src: Source) -> Case:
        n = src.int(0, 6)
        items = [src.group(lambda s: (s.int(0, 9), s.int(0, 9))) for _ in range(n)]
        return Case(mode="toy", kind="toy", data={"items": items})

    def needs_two_nines(case: Case) -> bool:
        return [a for a, b in case.data["items"] if b == 9] == [7, 8]

    log = [4, 7, 9, 5, 3, 8, 9, 6, 2]
    assert needs_two_nines(parts(ReplaySource(log)))
    result = shrink(parts, log, needs_two_nines)
    assert result.replayed and result.case.data["items"] == [(7, 9), (8, 9)]


class _Stub:
    """A mode whose case 0 diverges at step 3: records what ``minimal`` is given."""

    name = "stub"

    def __init__(self, two: bool) -> None:
        self.two = two
        self.given: list[object] = []
        if not two:
            self.minimal = lambda case: (self.given.append(None), case)[1]  # type: ignore

    def generate(self, src: Source, variants: dict[str, str]) -> Case:
        return Case(mode="stub", kind="stub", steps=[{"op": "points", "cards": ["5D"]}] * 4,
                    expected=[{"points": 5}] * 4, data={"n": src.int(0, 3)})

    def run(self, driver: object, cases: list[Case]) -> list[object]:
        from fivetenk.fuzz.source import Divergence

        return [Divergence(step=3, request={"op": "points"}, expected={"points": 5},
                           observed={"points": 0}, paths=["points"]) for _ in cases]

    def minimal(self, case: Case, divergence: object) -> Case:
        self.given.append(divergence)
        return case


@pytest.mark.parametrize("two", [True, False])
def test_minimal_is_given_the_divergence_of_the_case_run_again(two: bool) -> None:
    from fivetenk.fuzz.findings import call_minimal

    mode = _Stub(two)
    case = mode.generate(ReplaySource([]), {})
    again = mode.run(None, [case])[0]
    assert call_minimal(mode, case, again) is case  # type: ignore[arg-type]
    assert mode.given == ([again] if two else [None])
    assert again.step == 3  # type: ignore[union-attr]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_and_budget_stops_the_campaign(tmp_path: Path) -> None:
    err = _Terminal()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["fuzz", "--impl", ADAPTER, "--seed", "3", "--budget", "0.5",
                         "--mode", "queries", "--out", str(tmp_path)])
    assert code == 0, out.getvalue()
    bar = err.getvalue()
    assert re.search(r"\r\d+ cases  [\d,]+/s  0 diverged", bar), bar[:300]
    assert bar.endswith("\r" + " " * 79 + "\r")  # the bar is wiped before the summary
    ran = int(re.search(r"^(\d+) cases in", out.getvalue(), re.M).group(1))  # type: ignore[union-attr]
    assert 0 < ran < 10**6  # stopped by the budget (no --cases: nothing else stops it)
    assert "--budget 0.5" in out.getvalue() and "--cases" not in out.getvalue()
    # no bar when asked, or when stderr is not a terminal
    err = _Terminal()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        cli.main(["fuzz", "--impl", ADAPTER, "--seed", "3", "--cases", "10", "--mode",
                  "queries", "--no-progress", "--out", str(tmp_path)])
    assert "\r" not in err.getvalue()


# -- outputs checked before the campaign (issue 18, item 7) --------------------------------

BOMBS = shlex.join([sys.executable, str(MINI / "rulebreaker.py"), "bombs_by_rank"])
"""A rule-breaker whose first divergence, seed 1, is case 111 of the queries mode."""


def _tree(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*"))}


def test_an_out_that_cannot_take_the_cases_is_refused_before_the_campaign(
        tmp_path: Path) -> None:
    """An existing file, a path under a file, a link to nothing: exit 2 at once, naming
    --out, not "internal error" after the campaign with the cases lost."""
    (tmp_path / "afile").write_text("keep me", encoding="utf-8")
    (tmp_path / "nowhere").symlink_to(tmp_path / "missing")
    before = _tree(tmp_path)
    for out, says in [("afile", "is not a folder"), ("afile/sub", "cannot be made"),
                      ("nowhere", "is a symbolic link to nothing")]:
        code, text = fuzz("--impl", BOMBS, "--seed", "1", "--cases", "200", "--mode",
                          "queries", "--out", str(tmp_path / out))
        assert code == 2, text
        assert f"--out {tmp_path / out}: {says}" in text and "Traceback" not in text
        assert "DIVERGED" not in text and "cases in" not in text  # nothing was run
    assert _tree(tmp_path) == before


@pytest.mark.parametrize("prefix", ["../../x", "a/b", "a\nb", ".x", "a.b", "", "-x", "1x",
                                    "x" * 41, "a\x1b[2Jb"])
def test_an_id_prefix_that_is_no_id_or_file_name_is_refused(tmp_path: Path,
                                                            prefix: str) -> None:
    """The prefix starts every written id and file name: a separator would write outside
    --out, a newline a case check refuses; refused when the arguments are read."""
    out = tmp_path / "deep" / "er" / "out"
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:  # in this process (a process each took 10 s of the suite): what argparse says
            code = cli.main(["fuzz", "--impl", BOMBS, "--seed", "1", "--cases", "200",
                             "--mode", "queries", "--out", str(out), f"--id-prefix={prefix}"])
        except SystemExit as stop:
            code = stop.code  # type: ignore[assignment]
    assert code == 2
    assert "argument --id-prefix: expected a letter, then letters, digits" in stderr.getvalue()
    assert "\x1b" not in stderr.getvalue() and not stdout.getvalue()
    assert "Traceback" not in stderr.getvalue()
    assert list(tmp_path.iterdir()) == []


def test_a_case_that_cannot_be_written_is_said_so_and_still_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails after the check (a full disk) names the file and the reason;
    the divergence is still reported, and the run fails."""
    from fivetenk.fuzz import findings
    from fivetenk.fuzz.source import ReplaySource, Shrunk

    def full(out: Path, scenario: object) -> None:
        raise OSError(28, "No space left on device", str(out / "found-1.feature"))

    def unshrunk(generate: Any, choices: Any, diverges: Any, **_: Any) -> Shrunk:
        """Shrinking is not what this test is about (the test above shrinks): the case as
        found, in one try instead of a minute of them."""
        return Shrunk(generate(ReplaySource(choices)), True, 1, tuple(choices))

    monkeypatch.setattr(findings, "write_case", full)
    monkeypatch.setattr(findings, "shrink", unshrunk)
    code, text = fuzz("--impl", BOMBS, "--seed", "1", "--cases", "200", "--mode", "queries",
                      "--out", str(tmp_path))
    assert code == 1 and "DIVERGED case 111" in text
    assert f"not written: cannot write {tmp_path / 'found-1.feature'}: No space left" in text
    assert "internal error" not in text


@pytest.mark.parametrize(("budget", "done", "elapsed", "workers", "size"), [
    (None, 0, 0.0, 1, 512),        # no budget: the fixed chunk
    (None, 10**6, 1.0, 2, 512),
    (150.0, 0, 0.0, 1, 8),         # no rate yet: a small first chunk measures it
    (150.0, 100, 10.0, 1, 10),     # whole hands, 10 a second: a chunk of about a second
    (150.0, 100, 10.0, 2, 8),      # 5 a second per worker: never fewer than 8
    (150.0, 10**6, 100.0, 1, 512), # fast queries: never more than the fixed chunk
])
def test_under_a_budget_a_chunk_takes_about_a_second(budget: float | None, done: int,
                                                     elapsed: float, workers: int,
                                                     size: int) -> None:
    """Issue 19: the budget is checked between chunks; chunks of 512 whole-hand cases took
    almost a minute, so a 150 s budget ran 206 s. Under a budget a chunk is sized from the
    rate measured so far."""
    from fivetenk.fuzz.command import chunk_size

    assert chunk_size(budget, done, elapsed, workers) == size


def _divergence(paths: list[str], expected: Any, observed: Any, op: str = "observe") -> Any:
    from fivetenk.fuzz.source import Divergence

    return Divergence(step=3, request={"op": op}, expected=expected, observed=observed,
                      paths=paths)


def test_a_group_is_one_mistake_not_one_set_of_consequences() -> None:
    """Issue 19: groups were keyed by every differing path, so one kitty mistake, whose
    totals and levels differ from hand to hand, made dozens of groups. The key is the op,
    the first differing path without list indexes, and the values there when they are
    words; counts, seats and lists differ from case to case without being another bug."""
    kitty = _divergence(["result.kitty_to", "result.banker_total"],
                        {"result": {"kitty_to": 2, "banker_total": 90}},
                        {"result": {"kitty_to": 4, "banker_total": 120}})
    kitty_again = _divergence(["result.kitty_to", "result.winners", "levels.3"],
                              {"result": {"kitty_to": 0, "winners": [0]}, "levels": [3] * 6},
                              {"result": {"kitty_to": 5, "winners": [1]}, "levels": [4] * 6})
    assert kitty.group_key() == kitty_again.group_key() == "observe:result.kitty_to=int->int"
    seat_1 = _divergence(["levels.1"], {"levels": [3, 5]}, {"levels": [3, 6]})
    seat_0 = _divergence(["levels.0"], {"levels": [4]}, {"levels": [5]})
    assert seat_1.group_key() == seat_0.group_key() == "observe:levels.#=int->int"
    accepts = _divergence(["beats"], {"beats": False}, {"beats": True}, "beats")
    refuses = _divergence(["beats"], {"beats": True}, {"beats": False}, "beats")
    assert accepts.group_key() != refuses.group_key()
    ending = _divergence(["result.ending"], {"result": {"ending": "bankers_out"}},
                         {"result": {"ending": "defenders_out"}})
    assert ending.group_key() == 'observe:result.ending="bankers_out"->"defenders_out"'


def test_a_consequence_is_grouped_with_its_cause() -> None:
    """Issue 30: an observation lists ``levels`` before ``result``, so a wrong kitty whose
    points moved the levels was keyed by the levels, and the same bug where the levels
    did not move by the kitty: two groups, two written cases. Paths are ordered cause
    first (the kitty, its points, the totals, the band, the levels, the match), in the
    divergence itself (so the written case and the shrinker start from the cause) and in
    the key; a cause beyond the first ten differences is not cut off."""
    from fivetenk.fuzz.source import causal_order, compare

    want = {"levels": ["4", "3", "4"], "captured": [0, 0, 0],
            "result": {"kitty": ["6C", "8D"], "kitty_points": 20, "credited": [1, 2, 3]}}
    moved = {"levels": ["3", "4", "3"], "captured": [0, 0, 0],
             "result": {"kitty": ["4H", "7S"], "kitty_points": 0, "credited": [3, 2, 1]}}
    still = {**want, "result": {**want["result"], "kitty": ["4H", "7S"]}}
    first = compare({"op": "observe"}, want, moved, 7)
    second = compare({"op": "observe"}, want, still, 9)
    assert first is not None and second is not None
    assert first.paths[:3] == ["result.kitty.0", "result.kitty.1", "result.kitty_points"]
    assert first.paths[-2:] == ["levels.1", "levels.2"], first.paths
    assert first.lines[0].startswith("result.kitty.0"), first.lines
    assert first.group_key() == second.group_key() == "observe:result.kitty.#=str->str"
    assert causal_order(["levels.0", "out.1", "result.band"]) == ["out.1", "result.band",
                                                                  "levels.0"]
    many = {"levels": [str(n) for n in range(12)], "result": {"kitty": ["6C"]}}
    wrong = {"levels": ["x"] * 12, "result": {"kitty": ["4H"]}}
    cut = compare({"op": "observe"}, many, wrong, 1)
    assert cut is not None and cut.total == 13 and cut.paths[0] == "result.kitty.0"
    assert len(cut.paths) == 10
    old = _divergence(["levels.0", "result.kitty.0"], want, moved)  # a report written before
    assert old.group_key() == first.group_key()


@pytest.mark.slow
def test_one_engine_mistake_makes_one_group_per_field_it_breaks(tmp_path: Path) -> None:
    """The engine that gives the kitty to the wrong seat (fuzz_endings) breaks the
    kitty's owner, and after it the totals, winners and levels, differently from hand to
    hand: its diverging cases differ in many sets of paths (one group each, as they were
    keyed before), and were two groups after issue 19: the kitty's owner, and the levels
    that follow from it. Keyed by the first path in causal order (issue 30), they are one:
    30 cases show it (20 diverge, in 15 sets of paths, 1 group)."""
    jsonl = tmp_path / "r.jsonl"
    code, text = fuzz("--impl", shlex.join([sys.executable, str(MINI / "fuzz_endings.py")]),
                      "--seed", "1", "--cases", "30", "--mode", "games", "--no-shrink",
                      "--out", str(tmp_path), "--jsonl", str(jsonl))
    assert code == 1, text
    found = re.search(r"(\d+) diverged, (\d+) distinct", text)
    assert found and int(found.group(1)) >= 10 and int(found.group(2)) == 1, text[-500:]
    cases = [json.loads(line) for line in jsonl.read_text().splitlines()]
    path_sets = {tuple(r["paths"]) for r in cases if r["record"] == "case"}
    assert len(path_sets) >= 5  # what the old key split them into


# -- fuzz merge (issue 20, item 6) --------------------------------------------------------------


@pytest.mark.slow
def test_merge_combines_the_shards_of_a_campaign_into_one_set_of_groups(tmp_path: Path) -> None:
    """Two shards of one campaign, each in its own folder (as CI artifacts are), merge into
    the groups of the whole campaign: the same group from both shards is one, its cases
    counted across them; the totals are the unsplit campaign's; each written case is found
    in its shard's folder. The fewest cases that show it: 600 cases of two_below_ace
    diverge in a beats case of each shard (108 and 407, one group) and a plays case of the
    second (443); shard 1 shrinks its beats case in about 100 tries (bombs_by_rank's cases
    took a minute to shrink on a busy machine)."""
    engine = shlex.join([sys.executable, str(MINI / "rulebreaker.py"), "two_below_ace"])
    whole = tmp_path / "whole.jsonl"
    fuzz("--impl", engine, "--seed", "1", "--cases", "600", "--mode", "queries",
         "--no-shrink", "--out", str(tmp_path / "w"), "--jsonl", str(whole))
    for k in (1, 2):  # the first shard shrinks and writes its cases, the second does not
        folder = tmp_path / "shards" / f"fuzz-shard-{k}"
        code, _ = fuzz("--impl", engine, "--seed", "1", "--cases", "600", "--mode", "queries",
                       "--shard", f"{k}/2", "--out", str(folder / "found"),
                       "--jsonl", str(folder / "fuzz.jsonl"), *(["--no-shrink"] * (k == 2)))
    merged = tmp_path / "merged.jsonl"
    code, text = fuzz("merge", *sorted(str(p) for p in (tmp_path / "shards").iterdir()),
                          "--jsonl", str(merged))
    assert code == 1, text
    records = [json.loads(x) for x in merged.read_text().splitlines()]
    expected = [json.loads(x) for x in whole.read_text().splitlines()]
    summary, want = records[-1], expected[-1]
    assert summary["diverged"] == want["diverged"] and summary["tried"] == want["tried"]
    assert summary["notes"] == [] and "note:" not in text, text  # the whole campaign, once
    assert want["shard"] == [1, 1]
    groups = [r for r in records if r["record"] == "group"]
    assert len(groups) == want["distinct"]
    assert sum(g["count"] for g in groups) == want["diverged"]
    assert any(len(g["shards"]) == 2 for g in groups), groups  # found by both, merged
    shard_one = str(tmp_path / "shards" / "fuzz-shard-1")
    for group in groups:  # each case written is found in its shard's folder
        assert bool(group["written"]) == (shard_one in group["shards"]), group
        assert all(Path(w).is_file() and w.startswith(shard_one) for w in group["written"])
    assert "GROUP plays:count=int->int" in text and "reproduce it as found:" in text


@pytest.mark.parametrize("content, message", [
    ('{"record": "summary", "seed": 1, "tried": {}, "diverged": 0}\n{"record": "x"}\n',
     ":2: expected a fivetenk fuzz record"),
    ('{"record": "divergence", "case": 1}\n', ":1: 'count': expected an integer"),
    ("{not json\n", ":1: not a fivetenk JSON-lines report: expected one JSON object per line "
     "(not JSON"),
    ('{"record": "case", "case": 3}\n', "no summary record"),
])
def test_merge_refuses_a_report_it_cannot_read_at_its_line(tmp_path: Path, content: str,
                                                            message: str) -> None:
    (tmp_path / "s1").mkdir()
    (tmp_path / "s1" / "fuzz.jsonl").write_text(content)
    code, text = fuzz("merge", str(tmp_path / "s1"))
    assert code == 2 and message in text and "Traceback" not in text, text
    (tmp_path / "empty").mkdir()
    code, text = fuzz("merge", str(tmp_path / "empty"))
    assert code == 2 and "no fuzz report (*.jsonl) in it" in text, text


def test_only_a_reply_strictly_equal_to_a_reference_result_skips_its_schema_check() -> None:
    """``vouch_for``: a reply equal to one of the reference's results is valid by
    construction; ``1`` is not ``true``, ``1.0`` is not ``1``, and a reply with the same
    keys in another order is still recognised (by its text with sorted keys)."""
    from fivetenk.fuzz.source import vouch_for

    class Driver:
        vouched: Any = None

    driver = Driver()
    case = Case(mode="games", kind="hand",
                expected=[{"accepted": True}, {"hand": 1, "out": [2, 3], "over": False}])
    vouch_for(driver, [case])
    assert driver.vouched("act", {"accepted": True})
    assert driver.vouched("observe", {"hand": 1, "out": [2, 3], "over": False})
    assert driver.vouched("observe", {"over": False, "out": [2, 3], "hand": 1})
    assert not driver.vouched("act", {"accepted": 1})
    assert not driver.vouched("observe", {"hand": 1.0, "out": [2, 3], "over": False})
    assert not driver.vouched("observe", {"hand": 1, "out": [2, 3], "over": 0})
    assert not driver.vouched("observe", {"hand": 1, "out": [3, 2], "over": False})
    assert driver.vouched("start", {"accepted": True})  # a start accepted, in every case


@pytest.mark.slow
def test_the_fuzz_benchmark_prints_each_figure_with_its_spread_and_the_target() -> None:
    """``python -m fivetenk.bench.fuzz`` (a tiny run: the figures are not judged here, only
    what is printed beside them): best, median and slowest of the repeats, the divergences,
    the kit's CPU, the share of long plays hands and the one-worker target."""
    from fivetenk.bench import fuzz as bench

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = bench.main(["--queries", "100", "--hands", "0", "--repeat", "2"])
    lines = out.getvalue().splitlines()
    assert code == 0 and len(lines) == 2, lines
    one, two = lines
    assert one.startswith("queries, 1 worker: ") and two.startswith("queries, 2 workers: ")
    for line in lines:
        assert re.search(r"query comparisons/s \(best of 2; median [\d,]+, slowest [\d,]+\) "
                         r"on 100 cases; 0 divergences", line), line
        assert "of plays queries hold 17-32 cards" in line
    assert "the kit's CPU" in one and re.search(r"target 5,000: (met|NOT met)", one)
    assert "target" not in two
