"""The pytest plugin (issue 20, item 4, optional): ``pytest --fivetenk-impl CMD`` adds the
scenario suite to an engine's own test run, one test per scenario, judged as ``fivetenk
check`` judges it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each test is a pytest run of its own

ROOT = Path(__file__).resolve().parents[1]
BROKEN = f"{sys.executable} {ROOT / 'tests' / 'miniatures' / 'rulebreaker.py'} two_below_ace"
QUICKER = ("-p", "no:hypothesispytest")
"""Hypothesis's plugin (installed with the kit) acts on ``@given`` tests only, and these
projects have none; loading it took 1.2 s of each nested pytest's CPU (8 of them). The run
without the option loads every installed plugin, as a user's does."""


def pytest_run(folder: Path, *args: str) -> tuple[int, str]:
    """pytest in an empty folder with the plugin loaded (as the entry point loads it once
    the kit is installed)."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "fivetenk.pytest_plugin",
                           *QUICKER, "-p", "no:cacheprovider", "-q", "--fivetenk-rule", "R02",
                           *args],
                          cwd=folder, capture_output=True, text=True, timeout=120, check=False)
    return done.returncode, done.stdout


def project_run(cwd: Path, *args: str) -> tuple[int, str]:
    """pytest with the plugin on the broken engine's R02, from ``cwd`` in the project of
    :func:`broken_project` (its cache kept, as a project's is)."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "fivetenk.pytest_plugin",
                           *QUICKER, "-q", "--fivetenk-impl", BROKEN, "--fivetenk-rule", "R02",
                           *args],
                          cwd=cwd, capture_output=True, text=True, timeout=300, check=False)
    return done.returncode, done.stdout


@pytest.fixture(scope="module")
def broken_project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, str]:
    """A project (a pytest.ini, one test of its own) whose first run adds the broken
    engine's R02 scenarios, without workers: (the project, the exit code, the output). Read
    by the evidence test and the node-id test (one pytest run for both)."""
    folder = tmp_path_factory.mktemp("project")
    (folder / "pytest.ini").write_text("[pytest]\n")
    (folder / "tests").mkdir()
    (folder / "tests" / "test_own.py").write_text("def test_own():\n    pass\n")
    code, out = project_run(folder, "-p", "no:xdist")
    return folder, code, out


def test_scenarios_are_tests_with_their_evidence(broken_project: tuple[Path, int, str]) -> None:
    _, code, out = broken_project
    assert code == 1, out[-2000:]
    assert out.rstrip().endswith("8 failed, 65 passed in " + out.rstrip().split(" in ")[-1])
    assert "FAILED fivetenk::R02-003 - FAILED R02-003: A 2 beats an ace as a single" in out
    assert "    beats: expected false, observed true" in out  # the evidence, as check shows


def test_expectations_apply_and_a_stale_entry_fails_the_session(tmp_path: Path) -> None:
    expected = tmp_path / "e.yaml"  # what `fivetenk expectations --by rule` writes for it
    expected.write_text("xfail:\n"
                        "- {rule: R02, path: beats, observed: false, reason: a 2 below the ace}\n"
                        "- {rule: R02, path: beats, observed: true, reason: an ace above 2}\n"
                        "- {rule: R02, path: count, observed: 3, reason: no 2 among replies}\n")
    code, out = pytest_run(tmp_path, "--fivetenk-impl", BROKEN,
                           "--fivetenk-expectations", str(expected))
    assert code == 0 and "64 passed, 8 xfailed" in out, out[-2000:]
    code, out = pytest_run(tmp_path,
                           "--fivetenk-impl", f"{sys.executable} -m fivetenk.impl.adapter",
                           "--fivetenk-expectations", str(expected))
    assert code == 1 and "72 passed" in out, out[-2000:]
    assert "STALE xfail rule R02 at beats = false" in out


def test_without_the_option_the_plugin_adds_nothing(tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_one():\n    pass\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "fivetenk.pytest_plugin",
                           "-p", "no:cacheprovider", "-q"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0 and "1 passed" in done.stdout


def test_node_ids_are_the_same_whatever_the_invocation_so_lf_reruns_the_failures(
        broken_project: tuple[Path, int, str]) -> None:
    """Issue 28: a scenario's node id names no file (``fivetenk::R02-003``), so runs from
    another folder, with other options or paths, or with workers (-n) record the same ids,
    and ``--lf`` from anywhere under the rootdir reruns exactly the failures."""
    folder, code, out = broken_project  # run from the project's root, without workers
    cache = folder / ".pytest_cache" / "v" / "cache" / "lastfailed"
    assert code == 1 and "8 failed, 65 passed" in out, out[-2000:]
    first = json.loads(cache.read_text())
    assert sorted(first)[:2] == ["fivetenk::R02-001.12", "fivetenk::R02-002.12"]
    cache.unlink()
    code, out = project_run(folder / "tests", "-n", "2", "--fivetenk-timeout", "20", ".")
    assert code == 1 and "8 failed, 65 passed" in out, out[-2000:]
    assert json.loads(cache.read_text()) == first
    code, out = project_run(folder / "tests", "-p", "no:xdist", "--lf")
    assert code == 1 and "8 failed, 65 deselected" in out, out[-2000:]
