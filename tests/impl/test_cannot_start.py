"""An implementation the operating system will not start, and a report the disk will not
take (issue 18, item 8).

``--impl`` naming a script whose ``#!`` interpreter is missing, or an executable file of
no format the system can run (``exec format error``), used to error every scenario and
exit 1; it is bad input: exit 2, "cannot start …" saying why, before any scenario runs, for
every command that takes ``--impl``. A report that cannot be written (a full disk, a file
size limit) is named in the error, and nothing of it is left behind.

Real processes: the kit is run as a command (for one --impl case; the others go through its
entry point in process), the file size limit set with RLIMIT_FSIZE.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT


def fivetenk(*args: str, cwd: Path, fsize: int | None = None,
             ) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("fivetenk")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "fivetenk.cli"]

    def limit() -> None:
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    # under a file size limit, no compiled module is written: Python writes a .pyc with one
    # write and keeps what the limit cut short (then every later import of it fails with
    # "EOFError: marshal data too short"), beside the sources of a checkout installed in place
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"} if fsize is not None else None
    return subprocess.run([*command, *args], capture_output=True, text=True, cwd=cwd, env=env,
                          preexec_fn=limit, timeout=300, check=False)


def executable(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    path.chmod(0o755)
    return path


@pytest.fixture
def programs(tmp_path: Path) -> dict[str, str]:
    """Executables the system cannot start, by kind: the reason expected for each."""
    executable(tmp_path / "engine.py", b"#!/nonexistent/python9 -u\nprint('hi')\n")
    executable(tmp_path / "notes.txt", b"just some text, no #! line\n")
    executable(tmp_path / "blob", bytes(range(256)) * 4)
    return {
        "./engine.py": "the interpreter its #! line names, '/nonexistent/python9', is not "
                       "found (install it, fix the #! line, or name an interpreter: --impl "
                       "\"python3 ./engine.py\")",
        "./notes.txt": "not a program this system can run (exec format error): a script "
                       "needs a #! line naming its interpreter, or name it: --impl "
                       "\"python3 ./notes.txt\"",
        "./blob": "not a program this system can run (exec format error)",
    }


@pytest.mark.parametrize("command", [
    ["check", "--rule", "R05"],
    ["fuzz", "--cases", "5", "--seed", "1"],
    ["show", "R05-001"],
])
@pytest.mark.parametrize("program", ["./engine.py", "./notes.txt", "./blob"])
def test_an_implementation_that_cannot_start_is_bad_input(
        tmp_path: Path, programs: dict[str, str], command: list[str], program: str,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit as a command for one case; the others through its entry point in this
    process (the same exit code and output: nothing here is a process-level behaviour,
    and an exception escaping would fail the test as a traceback would)."""
    if command[0] == "check" and program == "./engine.py":
        done = fivetenk(*command, "--impl", program, cwd=tmp_path)
        code, out, err = done.returncode, done.stdout, done.stderr
    else:
        from fivetenk import cli

        monkeypatch.chdir(tmp_path)
        capsys.readouterr()
        code = cli.main([*command, "--impl", program])
        out, err = capsys.readouterr()
    assert code == 2, out + err
    assert err.startswith(
        f"fivetenk {command[0]}: --impl: cannot start {program!r}: {programs[program]}")
    assert out == "", "no scenario and no case ran"
    assert "Traceback" not in err


def test_a_report_the_disk_will_not_take_is_named_and_not_left(tmp_path: Path) -> None:
    """Under a 2,000-byte file size limit the JSON-lines report cannot be written: the
    error names it (it used to say only "File too large"), exit 2, and neither the report
    nor its temporary file is left."""
    report = tmp_path / "out.jsonl"
    done = fivetenk("check", "--rule", "R01", "--jsonl", str(report), "--no-progress", "-q",
                    cwd=ROOT, fsize=2000)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"fivetenk check: cannot use {report}: File too large\n"
    assert os.listdir(tmp_path) == []


@pytest.mark.slow
def test_a_written_case_the_disk_will_not_take_is_named(tmp_path: Path) -> None:
    """The same for a file another writer of reports makes (export)."""
    done = fivetenk("export", "--out", str(tmp_path / "out"), cwd=ROOT, fsize=2000)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"fivetenk export: cannot use {tmp_path / 'out'}/")
    assert done.stderr.endswith(".json: File too large\n")
    assert [p.name for p in (tmp_path / "out").iterdir() if p.name.startswith(".")] == []
