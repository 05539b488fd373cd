"""The suite's outer bound (tests/outer_bound.py, issue 29): a test that hangs is reported
as hung, the processes it left are killed, and the run goes on to the next test."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.slow
def test_a_hung_test_fails_as_hung_its_children_are_killed_and_the_run_goes_on(
        tmp_path: Path) -> None:
    """One test waits forever on a child that never exits (as the fuzz pool's
    ``terminate()`` once did), one spins in Python; with a bound of 2 s both fail saying
    HUNG, the child is gone, and the test after them runs and passes."""
    pidfile = tmp_path / "child.pid"
    (tmp_path / "test_hangs.py").write_text(textwrap.dedent(f"""
        import subprocess, sys, pathlib

        # started as the module is collected, before any test's clock runs
        CHILD = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
        pathlib.Path({str(pidfile)!r}).write_text(str(CHILD.pid))

        def test_waits_on_a_child():
            CHILD.wait()

        def test_spins():
            while True:
                pass

        def test_after():
            assert True
        """), encoding="utf-8")
    env = {**os.environ, "FIVETENK_TEST_HANG_SECONDS": "2", "FIVETENK_TEST_HANG_GRACE": "1",
           "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-p", "outer_bound",
                           "-p", "no:cacheprovider", "-p", "no:hypothesispytest",  # 1.2 s
                           "-q", "-rA", "test_hangs.py"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    assert "2 failed, 1 passed" in out, out
    assert "PASSED test_hangs.py::test_after" in out, out
    for name in ("test_waits_on_a_child", "test_spins"):
        assert f"HUNG: test_hangs.py::{name} was still running after 2 s" in out, out
    assert "CHILD.wait()" in out  # where it hung
    status = Path(f"/proc/{int(pidfile.read_text())}/status")
    assert not status.exists() or "State:\tZ" in status.read_text(), "the child still runs"
