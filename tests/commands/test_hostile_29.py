"""The hostile cases of issue 29 that are not about output paths (those are
tests/model/test_output_paths.py): each defect found, as a test that fails without its fix.

- ``fuzz merge``: a recorded case name is a name, never a glob pattern; the same report
  twice and negative counts are bad input (defect 3, and the "also found" cases);
- ``diff`` shows a report's keys escaped and bounded (defect 4);
- ``play --resume`` bounds a log's ``think`` as ``--think`` is bounded (defect 5);
- the pytest plugin refuses an empty, blank or unparsable ``--fivetenk-impl`` and kills
  the implementation's whole process tree on SIGTERM (defects 6, 7);
- ``new-adapter`` writes an adapter that compiles and says its name, whatever the folder
  and name (defect 8);
- ``expectations`` blames the report's line for a record that cannot be an entry, never
  itself (defect 9);
- a handshake word the kit does not know shows in ``--summary-md`` and the badge (also
  found).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT, run_cli

from fivetenk import cli
from fivetenk.results import published

MINI = ROOT / "tests" / "miniatures"
WAIT = 60.0
"""Seconds at most for what normally takes a moment: only a hang reaches it."""


# --------------------------------------------------------------------------- fuzz merge


def shard(folder: Path, *records: dict[str, object], summary: dict[str, object] | None = None
          ) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    lines = [*records, summary or {"record": "summary", "seed": 1, "tried": {"queries/x": 3},
                                   "diverged": 1}]
    path = folder / "fuzz.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    return path


GROUP = {"record": "divergence", "case": 4, "count": 1,
         "found": {"paths": ["beats"], "request": {"cmd": "beats"}, "expected": True,
                   "observed": False}}


@pytest.mark.parametrize("name", ["a**b", "*", "[", "**", "../*.jsonl", "x/*"])
def test_merge_reads_a_recorded_case_name_as_a_name_never_a_pattern(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    folder = tmp_path / "sh1"
    shard(folder, {**GROUP, "feature": name})
    code, out, err = run_cli(["fuzz", "merge", str(folder)])
    assert code == 1 and "Traceback" not in err, err
    written = [line for line in out.splitlines() if line.strip().startswith("written:")]
    assert written and all("fuzz.jsonl" not in line and "(not in" in line for line in written)


def test_merge_refuses_the_same_report_twice(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    report = shard(tmp_path / "sh1", GROUP)
    for twice in ([str(report.parent), str(report.parent)], [str(report.parent), str(report)],
                  [str(report), str(tmp_path / "." / "sh1" / "fuzz.jsonl")]):
        code, out, err = run_cli(["fuzz", "merge", *twice])
        assert code == 2 and "the same report" in err and "counted twice" in err, err
        assert "GROUP" not in out


def summary_of(seed: int, shard_k_n: list[int] | None) -> dict[str, object]:
    summary: dict[str, object] = {"record": "summary", "seed": seed, "tried": {"queries/x": 3},
                                  "diverged": 1}
    return summary if shard_k_n is None else {**summary, "shard": shard_k_n}


def test_merge_refuses_a_copy_of_a_shard_or_the_shard_run_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two files of the same seed and shard K/N are the same cases: a copy of a shard's
    folder (or the shard run again) would double every count without a word."""
    first = shard(tmp_path / "sh1", GROUP, summary=summary_of(7, [1, 2]))
    copy = shard(tmp_path / "copy", GROUP, summary=summary_of(7, [1, 2]))
    code, out, err = run_cli(["fuzz", "merge", str(first.parent), str(copy.parent)])
    assert code == 2 and "GROUP" not in out, err
    assert (f"{copy}: the same shard as {first} (seed 7, shard 1/2): a copy, or the shard run "
            "again; give each shard once (its cases would be counted twice)") in err, err
    other = shard(tmp_path / "sh2", GROUP, summary=summary_of(7, [2, 2]))
    code, out, err = run_cli(["fuzz", "merge", str(first.parent), str(other.parent)])
    assert code == 1 and "note:" not in out, out + err  # the whole split: nothing to say
    one = [shard(tmp_path / f"case{i}-{n}", GROUP, summary={**summary_of(7, None), "case": n})
           for i, n in enumerate((4, 5, 4))]  # fuzz --case N: one case, whatever the shard
    code, out, err = run_cli(["fuzz", "merge", str(one[0].parent), str(one[1].parent)])
    assert code == 1 and "note:" not in out, out + err
    code, out, err = run_cli(["fuzz", "merge", str(one[0].parent), str(one[2].parent)])
    assert code == 2 and "(seed 7, case 4): a copy, or the shard run again" in err, err


@pytest.mark.parametrize(("summaries", "note"), [
    ([[1, 3], [3, 3]], "note: seed 7: no report of shard 2/3: the totals are 2 of 3 shards, "
                       "not the whole campaign"),
    ([[1, 10_000]], "note: seed 7: no report of shard " + ", ".join(
        f"{k}/10000" for k in range(2, 22)) + " …: the totals are 1 of 10000 shards, not the "
        "whole campaign"),
    ([[1, 2], [2, 3]], "note: seed 7 was split in different numbers of shards (1/2, 2/3): "
                       "some cases may be counted twice, others not at all"),
    ([None, [1, 1]], "note: 1 report does not say which shard it ran (an earlier kit's "
                     "report): a shard given twice under two names cannot be told there"),
    ([None, None], "note: 2 reports do not say which shard they ran (an earlier kit's "
                   "reports): a shard given twice under two names cannot be told there"),
])
def test_merge_says_what_its_totals_leave_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], summaries: list[list[int] | None],
        note: str) -> None:
    folders = [shard(tmp_path / f"sh{i}", GROUP, summary=summary_of(7, k_n)).parent
               for i, k_n in enumerate(summaries)]
    merged = tmp_path / "merged.jsonl"
    code, out, err = run_cli(["fuzz", "merge", *map(str, folders), "--jsonl", str(merged)])
    assert code == 1 and note in out.splitlines(), out + err
    summary = json.loads(merged.read_text().splitlines()[-1])
    assert summary["notes"] == [note.removeprefix("note: ")]


@pytest.mark.parametrize(("value", "key"), [
    ({"shard": [0, 2]}, "shard"), ({"shard": [3, 2]}, "shard"), ({"shard": [1]}, "shard"),
    ({"shard": "1/2"}, "shard"), ({"shard": [1, True]}, "shard"), ({"shard": [1.0, 2]}, "shard"),
    ({"shard": [1, 10_001]}, "shard"),
    ({"case": -1}, "case"), ({"case": "4"}, "case"), ({"case": 4, "shard": [1, 1]}, "case")])
def test_merge_refuses_a_shard_that_is_not_k_of_n(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], value: dict[str, object],
        key: str) -> None:
    shard(tmp_path / "sh1", summary={**summary_of(7, None), **value})
    code, _, err = run_cli(["fuzz", "merge", str(tmp_path / "sh1")])
    assert code == 2 and f"fuzz.jsonl:1: '{key}': expected" in err, err
    shard(tmp_path / "sh1", summary={**summary_of(7, None), key: [1, 10**4000]})
    code, _, err = run_cli(["fuzz", "merge", str(tmp_path / "sh1")])
    assert code == 2 and "fuzz.jsonl:1: " in err and "out of range" in err, err


@pytest.mark.parametrize(("record", "where"), [
    ({**GROUP, "count": -5}, ":1: 'count': expected an integer, 0 or more"),
    ({**GROUP, "case": -1}, ":1: 'case'"),
    ({"record": "case", "case": -2}, ":1: 'case'"),
])
def test_merge_refuses_a_negative_count(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        record: dict[str, object], where: str) -> None:
    shard(tmp_path / "sh1", record)
    code, _, err = run_cli(["fuzz", "merge", str(tmp_path / "sh1")])
    assert code == 2 and where in err and "Traceback" not in err, err


@pytest.mark.parametrize("summary", [
    {"record": "summary", "seed": 1, "tried": {"queries/x": -5}, "diverged": 0},
    {"record": "summary", "seed": 1, "tried": {"queries/x": "5"}, "diverged": 0},
    {"record": "summary", "seed": 1, "tried": {}, "diverged": -1},
])
def test_merge_refuses_summary_counts_that_are_not_whole_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], summary: dict[str, object]) -> None:
    shard(tmp_path / "sh1", summary=summary)
    code, _, err = run_cli(["fuzz", "merge", str(tmp_path / "sh1")])
    assert code == 2 and "fuzz.jsonl:1" in err and "0 or more" in err, err


# --------------------------------------------------------------------------- diff


def test_diff_shows_a_reports_keys_escaped_and_bounded(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A run record's unknown keys are kept as later profile words: shown escaped (no
    terminal escape reaches the console) and bounded (3 MB in is not 3 MB out), however
    many there are."""
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    old.write_text(json.dumps({"record": "run", "implementation": "e"}) + "\n")
    words = {"\x1b]0;owned\x07" + "k" * 3_000_000: 1,
             **{f"w{i}\x1b[31m\u202e": {"\x1b[2J": i} for i in range(500)}}
    new.write_text(json.dumps({"record": "run", "implementation": "e", **words}) + "\n")
    for markdown in ([], ["--markdown"]):
        code, out, err = run_cli(["diff", *markdown, str(old), str(new)])
        assert code == 0, err
        assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
        assert len(out) < 20_000, len(out)
    assert "more profile words differ" in out or "more" in out


# --------------------------------------------------------------------------- play --resume


def resumable_log(tmp_path: Path) -> Path:
    """A log of a game quit before its end (seat 5 of seed 1, three answers given)."""
    log = tmp_path / "game.jsonl"
    stdin, stdout = sys.stdin, sys.stdout
    try:
        sys.stdin, sys.stdout = io.StringIO("1\n1\n1\n"), io.StringIO()
        assert cli.main(["play", "--seed", "1", "--seat", "5", "--hands", "1", "--log",
                         str(log)]) == 0
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    return log


@pytest.mark.parametrize("think", [1e300, 700, 600.5, 0, -1, True, "1", None, [1]])
def test_resume_bounds_the_logs_think_as_the_command_line_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], think: object) -> None:
    log = resumable_log(tmp_path)
    capsys.readouterr()
    lines = log.read_text().splitlines()
    game = json.loads(lines[0])
    game["think"] = think
    log.write_text("\n".join([json.dumps(game), *lines[1:]]) + "\n")
    before = log.read_bytes()
    stdin = sys.stdin
    try:
        sys.stdin = io.StringIO("")
        code = cli.main(["play", "--resume", str(log)])
    finally:
        sys.stdin = stdin
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"{log}:1: the game record's think must be above 0 and at most 600" in err, err
    assert err.rstrip().endswith(f"as for --think, not {json.dumps(think)}"), err  # as written
    assert log.read_bytes() == before


def test_resume_accepts_the_thinks_the_command_line_accepts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fivetenk.practice.search import think_problem

    for think in (0.01, 1, 600, 600.0):
        assert think_problem(think) is None
    for think in (0, 600.01, float("nan"), float("inf"), True, "1"):
        assert think_problem(think) is not None


# --------------------------------------------------------------------------- the pytest plugin


def plugin_pytest(folder: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "pytest", "-p", "fivetenk.pytest_plugin",
                             "-p", "no:cacheprovider", "-p", "no:hypothesispytest",  # 1.2 s
                             "-q", *args], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def plugin_pytest_in_process(folder: Path, capsys: pytest.CaptureFixture[str],
                             *args: str) -> tuple[int, str, str]:
    """:func:`plugin_pytest` in this process (no capture of its own, so ``capsys`` sees
    what it prints): exit code, stdout, stderr."""
    capsys.readouterr()
    code = pytest.main(["-p", "fivetenk.pytest_plugin", "-p", "no:cacheprovider",
                        "-p", "no:xdist", "-p", "no:randomly", "-s", "-q",
                        "--rootdir", str(folder), *args, str(folder)])
    captured = capsys.readouterr()
    return int(code), captured.out, captured.err


@pytest.mark.parametrize("impl", ["", "   ", "'unclosed", '"a b', "\t\n"])
def test_the_plugin_refuses_an_empty_or_unparsable_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], impl: str) -> None:
    """An unset $IMPL in CI must not go green: one usage error, a non-zero exit, before
    any test (and the session's own tests are not run either). The empty command runs in a
    pytest process of its own; the others in this one (the check is at configure time,
    no process-level behaviour is involved)."""
    (tmp_path / "test_one.py").write_text("def test_one():\n    pass\n")
    if impl == "":
        done = plugin_pytest(tmp_path, "--fivetenk-impl", impl)
        out, err = done.communicate(timeout=WAIT)
        code = done.returncode
    else:
        code, out, err = plugin_pytest_in_process(tmp_path, capsys, "--fivetenk-impl", impl)
    assert code not in (0, 1), out + err
    assert "--fivetenk-impl" in err and "Traceback" not in out + err, out + err
    assert err.count("--fivetenk-impl") == 1 and "1 passed" not in out


@pytest.mark.parametrize("option", [("--fivetenk-rule", "R05"),
                                    ("--fivetenk-expectations", "expected.yaml"),
                                    ("--fivetenk-timeout", "5")])
def test_the_plugins_options_without_a_command_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], option: tuple[str, str]) -> None:
    """``pytest $IMPL_ARGS --fivetenk-rule R05`` with ``$IMPL_ARGS`` unset ran no scenario
    and went green: options that only say how to run the suite, given without
    ``--fivetenk-impl``, are one usage error before any test."""
    from fivetenk.impl.process_driver import DEFAULT_TIMEOUT
    from fivetenk.pytest_plugin import DEFAULT_TIMEOUT as PLUGINS

    # in process, a collected module stays imported: a name of its own for each case, and
    # none of the kit's test modules (test_expectations.py is one, in this same process)
    own = f"test_hostile29_plugin_{option[0].removeprefix('--fivetenk-')}.py"
    (tmp_path / own).write_text("def test_one():\n    pass\n")
    (tmp_path / "expected.yaml").write_text("- {id: R05-001, reason: r}\n")
    code, out, err = plugin_pytest_in_process(tmp_path, capsys, option[0],
                                              str(tmp_path / option[1]) if "exp" in option[0]
                                              else option[1])
    assert code == pytest.ExitCode.USAGE_ERROR and "1 passed" not in out, out + err
    assert f"{option[0]} without --fivetenk-impl CMD" in err and "Traceback" not in err, err
    assert PLUGINS == DEFAULT_TIMEOUT  # the plugin's default is check's
    (tmp_path / "pytest.ini").write_text(f"[pytest]\naddopts = {option[0]} {option[1]}\n")
    code, out, err = plugin_pytest_in_process(tmp_path, capsys)  # a project's settings
    assert code == 0 and "1 passed" in out, out + err


@pytest.mark.parametrize(("argv", "said"), [
    (["check", "--rule", "R05", "--timeout", "5"], "--timeout without --impl CMD: it says"),
    (["check", "--restarts", "0", "--timeout", "10"],
     "--restarts and --timeout without --impl CMD: they say"),
    (["show", "R05-001", "--restarts", "5"], "--restarts without --impl CMD: it says"),
])
def test_implementation_options_without_a_command_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    """``check $IMPL_ARGS --timeout 5`` with the variable unset checked the reference
    engine and went green: --timeout or --restarts without --impl is a usage error, given
    even at its default value, and nothing is run or written."""
    report = tmp_path / "run.jsonl"
    extra = ["--jsonl", str(report), "--no-progress"] if argv[0] == "check" else []
    code, out, err = run_cli([*argv, *extra])
    assert code == 2 and out == "" and f"fivetenk {argv[0]}: {said} how to run" in err, err
    assert not report.exists()


@pytest.mark.slow  # waits for signals to be acted on
def test_sigterm_to_pytest_kills_the_implementations_whole_tree(tmp_path: Path) -> None:
    """As under ``fivetenk check``: the implementation, which never answers and leaves
    escapees in new sessions and double-forked, is killed with all of them; pytest exits
    with 128 + SIGTERM."""
    from fivetenk.impl.process_tree import become_subreaper, proc_stat

    assert become_subreaper()  # an escapee left behind comes here, visible as a zombie
    pids_file = tmp_path / "pids"
    impl = f"{sys.executable} {MINI / 'escape.py'} all {pids_file} start"
    session = plugin_pytest(tmp_path, "--fivetenk-rule", "R05", "--fivetenk-timeout", "600",
                            "--fivetenk-impl", impl)
    pids: list[int] = []
    try:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:  # an event: the escapees are out, start hangs
            words = pids_file.read_text().split() if pids_file.exists() else []
            if "ready" in words and "hanging" in words:
                pids = [int(w) for w in words if w.isdigit()]
                break
            time.sleep(0.02)
        assert len(pids) == 4, pids_file.read_text() if pids_file.exists() else "no pids"
        session.send_signal(signal.SIGTERM)
        out, err = session.communicate(timeout=WAIT)
    finally:
        if session.poll() is None:
            session.kill()
            session.wait()
    assert session.returncode == 128 + signal.SIGTERM, out + err
    assert "terminated by SIGTERM" in out, out
    deadline = time.monotonic() + WAIT
    left = pids
    while left and time.monotonic() < deadline:
        left = [p for p in pids if proc_stat(p) is not None]
        time.sleep(0.02)
    for pid in left:  # never leak: kill what a failure left
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert left == [], {p: proc_stat(p) for p in left}


# --------------------------------------------------------------------------- new-adapter


HOSTILE_NAMES = ['d\\x', 'x\\N', 'a"""b', "q'uote", "sp ace", "$(touch pwned)", "`id`",
                 "tab\\t", "uni\u00e9\U0001f600", "*/ //", "${x}", "'''"]


def hello_name(command: list[str], cwd: Path) -> str:
    done = subprocess.run(command, input=b'{"cmd":"hello","seq":0,"protocol":1}\n'
                          b'{"cmd":"stop","seq":1}\n', capture_output=True, cwd=cwd,
                          timeout=WAIT, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    reply = json.loads(done.stdout.decode().splitlines()[0])
    return str(reply["result"]["name"])


@pytest.mark.parametrize("lang", ["python", "js", "esm"])
def test_new_adapter_compiles_for_any_folder_and_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """Every hostile folder name, and the same as --name: the adapter compiles, answers
    the handshake with the name given, and nothing the name says is run; the README's
    command, pasted in a shell, runs that adapter."""
    import shutil

    if lang != "python" and shutil.which("node") is None:
        pytest.skip("Node.js is not installed")
    env_path = os.environ.get("PYTHONPATH", "")
    for name in HOSTILE_NAMES:
        folder = tmp_path / f"{name}-{lang}"
        module = ["--module", "esm"] if lang == "esm" else []
        code, out, err = run_cli(["new-adapter", "--lang", "python" if lang == "python" else "js",
                              *module, str(folder), "--name", name])
        if lang == "esm" and "\\" in name:  # Node's ES module loader cannot load it there
            assert code == 2 and "backslash" in err and not folder.exists(), err
            continue
        assert code == 0, err
        assert "\x1b" not in out
        script = folder / {"python": "adapter.py", "js": "adapter.js", "esm": "adapter.mjs"}[lang]
        command = [sys.executable, str(script)] if lang == "python" else ["node", str(script)]
        if lang == "python":
            os.environ["PYTHONPATH"] = str(ROOT.parent)
        try:
            assert hello_name(command, tmp_path) == name
        finally:
            os.environ["PYTHONPATH"] = env_path
        readme = (folder / "README.md").read_text()
        line = next(x for x in readme.splitlines() if "before.jsonl" in x).strip()
        echo = line.replace("fivetenk check --impl", "printf '%s\\n'").replace(
            "--jsonl before.jsonl", "")
        shown = subprocess.run(["bash", "-c", echo], capture_output=True, text=True,
                               cwd=tmp_path, timeout=WAIT, check=True).stdout.strip()
        import shlex

        assert shlex.split(shown)[-1] == str(script), (line, shown)
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize(("args", "blamed"), [
    (["a\nb"], "the folder's name 'a\\nb' (the name by default)"),
    (["ok", "--name", "a\x1b[2J"], "--name 'a\\x1b[2J'"),
    (["ok", "--name", " "], "--name ' '"),
])
def test_new_adapter_refuses_an_unprintable_name_saying_where_it_came_from(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], blamed: str) -> None:
    """A name the handshake could not show is refused before anything is written: the
    message says whether it came from --name or from the folder (the default), shows it
    escaped once, and a folder's name points to --name."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["new-adapter", "--lang", "python", *args])
    assert code == 2 and out == "", err
    assert f"fivetenk new-adapter: {blamed}: a name is printable text" in err, err
    assert ("give one with --name NAME" in err) == (blamed.startswith("the folder")), err
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- expectations


@pytest.mark.parametrize(("record", "by"), [
    ({"id": " ", "status": "failed"}, "id"),
    ({"id": "\t", "status": "errored"}, "id"),
    ({"id": "\n", "status": "failed", "shapes": ["pair"],
      "differences": [{"path": "beats", "observed": True}]}, "shape"),
    ({"id": "  x", "status": "failed", "rule": "R02"}, "rule"),
])
def test_expectations_blame_the_reports_line_not_the_kit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, object],
        by: str) -> None:
    run_file = tmp_path / "run.jsonl"
    run_file.write_text(json.dumps({"record": "run", "implementation": "e"}) + "\n"
                        + json.dumps({"record": "scenario", "id": "R02-001",
                                      "status": "failed"}) + "\n"
                        + json.dumps({"record": "scenario", **record}) + "\n")
    out = tmp_path / "e.yaml"
    code, _, err = run_cli(["expectations", str(run_file), "--out", str(out), "--by", by])
    assert code == 2, err
    assert f"{run_file}:3: " in err and "internal error" not in err, err
    assert not out.exists()


# --------------------------------------------------------------------------- published


def test_an_unknown_profile_word_shows_in_the_summary_and_the_badge(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The implementation declares a wing rule the kit does not know: ignored with a
    warning on the console, and now in the summary (its profile is not "the whole game")
    and on the badge (counted in the label, never green)."""
    impl = f"{sys.executable} {MINI / 'later_kit.py'}"
    badge, summary = tmp_path / "badge.json", tmp_path / "summary.md"
    _, out, _ = run_cli(["check", "--no-progress", "-q", "--rule", "R02", "--impl", impl,
                     "--badge", str(badge), "--summary-md", str(summary)])
    assert "warning: " in out, out
    shown = json.loads(badge.read_text())
    text = summary.read_text()
    assert "unknown profile word" in shown["label"] and shown["color"] != "brightgreen"
    assert "the whole game" not in text and "unknown profile word" in text
    assert "- warning: the implementation" in text


def test_the_published_profile_counts_ignored_words() -> None:
    full = {"capabilities": [], "shapes": [], "variants": {}, "warnings": []}
    from fivetenk.impl.drivers import CAPABILITIES
    from fivetenk.impl.words import SHAPES

    full = {**full, "capabilities": list(CAPABILITIES), "shapes": list(SHAPES)}
    assert published.profile_words(full) == ""
    one = {**full, "warnings": ["the implementation declares the wing rule \"x\", …"]}
    assert published.profile_words(one) == "1 unknown profile word ignored"
    many = {**full, "warnings": ["a", "b", "… and 40 more warnings about the handshake"]}
    assert published.profile_words(many) == "42 unknown profile words ignored"
    assert published.badge([], one)["color"] == "yellow"
