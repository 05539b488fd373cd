"""Every command that writes a file the user named keeps one promise (issue 29): its output
paths are checked before any work, in one place (:mod:`fivetenk.model.paths`), and it never
writes into a special file (FIFO, device, socket), through or over a symbolic link, over
a folder, or over one of its own inputs -- ``--force`` or not; it writes atomically, so
nothing partly written is ever left.

The guarantee is tested as a matrix: every writing command (:data:`WRITERS`) against every
hostile kind of target (:data:`FILE_KINDS`, :data:`FOLDER_KINDS`), with and without
``--force`` where the command has it. Each case must exit 2 naming the path, without a
traceback, and leave the folder exactly as it was (the FIFO a FIFO, the device a device,
the link a link to the same target whose bytes are unchanged, no temporary file). The
device is a character device node made in the test's own folder (``mknod``, as root),
never the machine's ``/dev/null``. A command missing from :data:`WRITERS` is caught by
:func:`test_every_writing_option_is_in_the_matrix`.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import ROOT, run_cli

from fivetenk import cli
from fivetenk.model import paths
from fivetenk.model.user_input import UsageError

FEATURE = ROOT / "features" / "R02_card_strength.feature"
ADAPTER = f"{sys.executable} -m fivetenk.impl.adapter"


@dataclass(frozen=True)
class Writer:
    """A writing command: its arguments for an output ``out`` and an input ``src`` (a
    copy made for the test: a feature, a run report, a shard report, a game log…), whether
    ``out`` is a folder, whether it has ``--force``, and whether ``out`` may be its input."""

    argv: Callable[[Path, Path], list[str]]
    source: str = "feature"
    folder: bool = False
    force: bool = False
    own_input: bool = True


WRITERS: dict[str, Writer] = {
    "check --jsonl": Writer(lambda o, s: ["check", "--no-progress", "-q", "--only-paths",
                                          str(s), "--jsonl", str(o)]),
    "check --junit": Writer(lambda o, s: ["check", "--no-progress", "-q", "--only-paths",
                                          str(s), "--junit", str(o)]),
    "check --badge": Writer(lambda o, s: ["check", "--no-progress", "-q", "--only-paths",
                                          str(s), "--badge", str(o)]),
    "check --summary-md": Writer(lambda o, s: ["check", "--no-progress", "-q", "--only-paths",
                                               str(s), "--summary-md", str(o)]),
    "check --expectations": Writer(lambda o, s: ["check", "--no-progress", "-q", "--id",
                                                 "R02-001", "--expectations", str(s),
                                                 "--jsonl", str(o)], source="expectations"),
    "expectations --out": Writer(lambda o, s: ["expectations", str(s), "--out", str(o)],
                                 source="run", force=True),
    "expectations --update": Writer(lambda o, s: ["expectations", str(s), "--update", str(o)],
                                    source="run"),
    "fuzz --jsonl": Writer(lambda o, s: ["fuzz", "--impl", ADAPTER, "--cases", "1",
                                         "--expectations", str(s), "--jsonl", str(o),
                                         "--out", str(o.parent / "found")],
                           source="expectations"),
    "fuzz --out": Writer(lambda o, s: ["fuzz", "--impl", ADAPTER, "--cases", "1", "--out",
                                       str(o)], folder=True, own_input=False),
    "fuzz merge --jsonl": Writer(lambda o, s: ["fuzz", "merge", str(s), "--jsonl", str(o)],
                                 source="shard"),
    "book --out": Writer(lambda o, s: ["book", "--out", str(o), "--report", f"r={s}"],
                         source="run", folder=True),
    "export --out": Writer(lambda o, s: ["export", str(s), "--out", str(o)], folder=True,
                           own_input=False),
    "new-adapter": Writer(lambda o, s: ["new-adapter", "--lang", "python", str(o)],
                          folder=True, force=True, own_input=False),
    "play --log": Writer(lambda o, s: ["play", "--auto", "--seed", "1", "--hands", "1",
                                       "--log", str(o)], own_input=False),
    "dispute --out": Writer(lambda o, s: ["dispute", str(s), "--at", "1", "--out", str(o)],
                            source="log", force=True),
    "simulate --scenario": Writer(lambda o, s: ["simulate", "--seed", "1", "--scenario",
                                                str(o)], own_input=False),
    "adapter --log": Writer(lambda o, s: ["adapter", "--log", str(o)], own_input=False),
    "mutation --json": Writer(lambda o, s: ["mutation", "--module", "dealing", "--json", str(o),
                                            "--again", str(s)], source="mutation"),
    "mutation --report-dir": Writer(lambda o, s: ["mutation", "--module", "dealing",
                                                  "--report-dir", str(o)],
                                    folder=True, own_input=False),
}
"""Every writing command and option of the kit."""


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Exit code and stderr of ``fivetenk ARGV`` (``mutation``: ``python -m
    fivetenk.mutation ARGV``), in process."""
    if argv[0] == "mutation":
        from fivetenk.mutation.__main__ import main

        code = main(argv[1:])
    else:
        code, _, err = run_cli(argv)
        return code, err
    return code, capsys.readouterr().err


def make_source(kind: str, where: Path) -> Path:
    """An input of ``kind`` for a writer, made in ``where``."""
    where.mkdir(parents=True, exist_ok=True)
    if kind == "feature":
        path = where / "cards.feature"
        path.write_bytes(FEATURE.read_bytes())
    elif kind == "expectations":
        path = where / "expected.yaml"
        path.write_text("skip: []\nxfail: []\n")
    elif kind == "run":
        path = where / "run.jsonl"
        path.write_text(json.dumps({"record": "run", "implementation": "e"}) + "\n"
                        + json.dumps({"record": "scenario", "id": "R02-001",
                                      "status": "passed"}) + "\n")
    elif kind == "shard":
        path = where / "fuzz.jsonl"
        path.write_text(json.dumps({"record": "summary", "seed": 1, "tried": {},
                                    "diverged": 0}) + "\n")
    elif kind == "log":
        path = where / "game.jsonl"
        path.write_bytes(_game_log().read_bytes())
    else:  # mutation --again: a run of the mutation tool
        path = where / "mutation.json"
        path.write_text("{}\n")
    return path


_LOG: list[Path] = []


@pytest.fixture(scope="module", autouse=True)
def _game_log_once(tmp_path_factory: pytest.TempPathFactory) -> None:
    """One game log of ``fivetenk play --auto``, made once for the module."""
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    assert cli.main(["play", "--auto", "--seed", "1", "--hands", "1", "--log", str(log)]) == 0
    _LOG[:] = [log]


def _game_log() -> Path:
    return _LOG[0]


def snapshot(root: Path) -> dict[str, tuple[str, object]]:
    """Everything under ``root``: each entry's kind and content (bytes of a file, target
    of a link, device number of a device), links never followed."""
    found: dict[str, tuple[str, object]] = {}
    for folder, dirs, files in os.walk(root, followlinks=False):
        for name in [*dirs, *files]:
            path = Path(folder) / name
            info = os.lstat(path)
            key = str(path.relative_to(root))
            if stat.S_ISLNK(info.st_mode):
                found[key] = ("link", os.readlink(path))
            elif stat.S_ISREG(info.st_mode):
                found[key] = ("file", path.read_bytes())
            elif stat.S_ISDIR(info.st_mode):
                found[key] = ("folder", None)
            elif stat.S_ISFIFO(info.st_mode):
                found[key] = ("fifo", None)
            elif stat.S_ISCHR(info.st_mode):
                found[key] = ("char device", info.st_rdev)
            elif stat.S_ISSOCK(info.st_mode):
                found[key] = ("socket", None)
            else:
                found[key] = ("other", stat.S_IFMT(info.st_mode))
    return found


def make_device(path: Path) -> None:
    """A character device node like /dev/null, in the test's folder (never the real one)."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError):  # pragma: no cover - not root: see below
        pytest.skip("making a device node needs root (mknod); the check itself is tested "
                    "on os.devnull by test_a_device_is_never_a_target")


FILE_KINDS: dict[str, Callable[[Path, Path], Path]] = {}
"""Hostile targets for a file output: (test folder, the command's input) -> the path."""


def _kind(name: str, table: dict[str, Callable[[Path, Path], Path]]) -> Callable[
        [Callable[[Path, Path], Path]], Callable[[Path, Path], Path]]:
    def register(make: Callable[[Path, Path], Path]) -> Callable[[Path, Path], Path]:
        table[name] = make
        return make
    return register


@_kind("fifo", FILE_KINDS)
def _fifo(tmp: Path, src: Path) -> Path:
    os.mkfifo(tmp / "out.fifo")
    return tmp / "out.fifo"


@_kind("device", FILE_KINDS)
def _device(tmp: Path, src: Path) -> Path:
    make_device(tmp / "null")
    return tmp / "null"


@_kind("socket", FILE_KINDS)
def _socket(tmp: Path, src: Path) -> Path:
    import socket

    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(tmp / "out.sock"))
    server.close()  # the socket file stays
    return tmp / "out.sock"


@_kind("read-only file", FILE_KINDS)
def _read_only(tmp: Path, src: Path) -> Path:
    (tmp / "out.ro").write_text("read-only\n")
    (tmp / "out.ro").chmod(0o444)
    return tmp / "out.ro"


@_kind("link to a file", FILE_KINDS)
def _link(tmp: Path, src: Path) -> Path:
    (tmp / "mine.txt").write_text("the user's own file\n")
    (tmp / "out.link").symlink_to(tmp / "mine.txt")
    return tmp / "out.link"


@_kind("link to the input", FILE_KINDS)
def _link_to_input(tmp: Path, src: Path) -> Path:
    (tmp / "out.link").symlink_to(src)
    return tmp / "out.link"


@_kind("dangling link", FILE_KINDS)
def _dangling(tmp: Path, src: Path) -> Path:
    (tmp / "out.link").symlink_to(tmp / "nowhere" / "x")
    return tmp / "out.link"


@_kind("folder", FILE_KINDS)
def _folder(tmp: Path, src: Path) -> Path:
    (tmp / "out.d").mkdir()
    (tmp / "out.d" / "keep").write_text("keep\n")
    return tmp / "out.d"


@_kind("under a file", FILE_KINDS)
def _under_a_file(tmp: Path, src: Path) -> Path:
    (tmp / "plain").write_text("plain\n")
    return tmp / "plain" / "out"


@_kind("own input", FILE_KINDS)
def _own_input(tmp: Path, src: Path) -> Path:
    return src


@_kind("hard link to the input", FILE_KINDS)
def _hard_link(tmp: Path, src: Path) -> Path:
    os.link(src, tmp / "out.hard")
    return tmp / "out.hard"


FOLDER_KINDS: dict[str, Callable[[Path, Path], Path]] = {}
"""Hostile targets for a folder output."""


@_kind("fifo", FOLDER_KINDS)
def _folder_fifo(tmp: Path, src: Path) -> Path:
    return _fifo(tmp, src)


@_kind("device", FOLDER_KINDS)
def _folder_device(tmp: Path, src: Path) -> Path:
    return _device(tmp, src)


@_kind("link to a folder", FOLDER_KINDS)
def _folder_link(tmp: Path, src: Path) -> Path:
    (tmp / "real").mkdir()
    (tmp / "out.link").symlink_to(tmp / "real")
    return tmp / "out.link"


@_kind("dangling link", FOLDER_KINDS)
def _folder_dangling(tmp: Path, src: Path) -> Path:
    return _dangling(tmp, src)


@_kind("regular file", FOLDER_KINDS)
def _folder_file(tmp: Path, src: Path) -> Path:
    (tmp / "out.txt").write_text("a file, not a folder\n")
    return tmp / "out.txt"


@_kind("under a file", FOLDER_KINDS)
def _folder_under_a_file(tmp: Path, src: Path) -> Path:
    return _under_a_file(tmp, src)


@_kind("own input inside", FOLDER_KINDS)
def _folder_holding_input(tmp: Path, src: Path) -> Path:
    return src.parent


def _cases() -> list[tuple[str, str, bool]]:
    cases = []
    for name, writer in WRITERS.items():
        kinds = FOLDER_KINDS if writer.folder else FILE_KINDS
        for kind in kinds:
            if "input" in kind and not writer.own_input:
                continue
            for force in (False, True) if writer.force else (False,):
                cases.append((name, kind, force))
    return cases


@pytest.mark.parametrize(("name", "kind", "force"), _cases(),
                         ids=[f"{n}-{k}{'-force' * f}" for n, k, f in _cases()])
def test_no_command_writes_into_a_special_file_a_link_a_folder_or_its_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        name: str, kind: str, force: bool) -> None:
    writer = WRITERS[name]
    monkeypatch.chdir(tmp_path)  # nothing may appear in the working folder either
    src = make_source(writer.source, tmp_path / "in")
    if writer.folder and kind == "own input inside":  # the folder of an earlier book
        (src.parent / ".fivetenk-book").write_text("")
    out = (FOLDER_KINDS if writer.folder else FILE_KINDS)[kind](tmp_path, src)
    before = snapshot(tmp_path)
    code, err = run(writer.argv(out, src) + ["--force"] * force, capsys)
    assert code == 2, (name, kind, err)
    assert str(out) in err and "Traceback" not in err, err
    assert snapshot(tmp_path) == before, (name, kind, err)


@pytest.mark.parametrize("name", [n for n, w in WRITERS.items() if not w.folder and w.own_input])
def test_two_spellings_of_one_output_and_input_are_the_same_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        name: str) -> None:
    """``./x/../in/run.jsonl`` is the input ``in/run.jsonl``: refused however it is spelt."""
    writer = WRITERS[name]
    monkeypatch.chdir(tmp_path)
    src = make_source(writer.source, tmp_path / "in")
    (tmp_path / "x").mkdir()
    out = Path("x") / ".." / "in" / src.name
    before = snapshot(tmp_path)
    code, err = run(writer.argv(out, src), capsys)
    assert code == 2 and "Traceback" not in err, err
    assert snapshot(tmp_path) == before


# --------------------------------------------------------------------------- the policy


def test_a_report_replaces_a_regular_file_atomically(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What may be replaced is: a report named again is written anew (the control case
    of the matrix: the refusals are not a command that refuses everything)."""
    src = make_source("feature", tmp_path / "in")
    out = tmp_path / "r.jsonl"
    out.write_text("old\n")
    code, err = run(WRITERS["check --jsonl"].argv(out, src), capsys)
    assert code == 0, err
    assert out.read_text().startswith('{"record": "run"')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "r.jsonl"]  # no temp file


@pytest.mark.parametrize("name", ["expectations --out", "dispute --out"])
def test_force_replaces_only_a_regular_file_the_user_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    writer = WRITERS[name]
    src = make_source(writer.source, tmp_path / "in")
    out = tmp_path / "mine.txt"
    out.write_text("my notes\n")
    code, err = run(writer.argv(out, src), capsys)
    assert code == 2 and "--force" in err and out.read_text() == "my notes\n", err
    code, err = run([*writer.argv(out, src), "--force"], capsys)
    assert code == 0, err
    assert out.read_text() != "my notes\n"


def test_a_game_log_is_only_ever_a_new_file(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.jsonl"
    out.write_text("an earlier game\n")
    code, err = run(WRITERS["play --log"].argv(out, out), capsys)
    assert code == 2 and "exists" in err and out.read_text() == "an earlier game\n"


def test_new_adapter_writes_all_its_files_or_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder where one file of the scaffold cannot be written (README.md a FIFO, with
    --force): refused before the first file is written, not after (issue 29, defect 8)."""
    folder = tmp_path / "engine"
    folder.mkdir()
    os.mkfifo(folder / "README.md")
    before = snapshot(tmp_path)
    code, err = run(["new-adapter", "--lang", "js", str(folder), "--force"], capsys)
    assert code == 2 and "README.md" in err and "not a regular file" in err, err
    assert snapshot(tmp_path) == before


def test_fuzz_merge_never_writes_into_a_shard_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its *.jsonl would be read as a shard's report by the next merge."""
    src = make_source("shard", tmp_path / "sh1")
    code, err = run(["fuzz", "merge", str(src.parent), "--jsonl",
                     str(src.parent / "merged.jsonl")], capsys)
    assert code == 2 and "shard folder" in err, err
    assert sorted(p.name for p in src.parent.iterdir()) == ["fuzz.jsonl"]


# --------------------------------------------------------------------------- fivetenk.model.paths


def test_a_device_is_never_a_target() -> None:
    """The machine's null device, looked at only (nothing is ever written to it): refused
    under every policy, --force or not."""
    for policy in (paths.REPLACE, paths.FORCE, paths.NEW, paths.APPEND):
        for force in (False, True):
            problem = paths.file_problem(Path(os.devnull), policy=policy, force=force)
            assert problem is not None and "character device" in problem, problem


def test_the_write_itself_checks_again(tmp_path: Path) -> None:
    """A link or a FIFO put in place after the command's checks is refused at the write
    (the rename would replace it): the link and its target are untouched."""
    target = tmp_path / "target.txt"
    target.write_text("keep\n")
    link = tmp_path / "out.json"
    link.symlink_to(target)
    with pytest.raises(UsageError, match="symbolic link"):
        paths.write_file(link, "x")
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(UsageError, match="FIFO"):
        paths.write_file(tmp_path / "fifo", "x")
    assert link.is_symlink() and target.read_text() == "keep\n"
    assert stat.S_ISFIFO(os.lstat(tmp_path / "fifo").st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "out.json", "target.txt"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "report.jsonl"
    out.write_text("old\n")

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError) as caught:
        paths.write_file(out, "new\n")
    assert caught.value.filename == str(out)  # the user's path, not the temporary file
    assert out.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == [out.name]


def test_several_files_are_written_all_or_none(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.replace
    calls: list[str] = []

    def second_fails(src: str, dst: object) -> None:
        calls.append(str(dst))
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", second_fails)
    with pytest.raises(OSError):
        paths.write_files(tmp_path / "new", {"a.py": "a\n", "b.md": "b\n"})
    assert list((tmp_path / "new").iterdir()) == []


def test_a_new_file_is_never_written_over_one_made_meanwhile(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """NEW: the file is put in place by a hard link, which fails if a file appeared
    between the check and the write; that file is kept."""
    out = tmp_path / "log.jsonl"
    real_problem = paths.file_problem

    def meanwhile(path: Path, **kwargs: object) -> str | None:
        found = real_problem(path, **kwargs)  # type: ignore[arg-type]
        out.write_text("made meanwhile\n")
        return found

    monkeypatch.setattr(paths, "file_problem", meanwhile)
    with pytest.raises(UsageError, match="exists"):
        paths.write_file(out, "mine\n", policy=paths.NEW)
    assert out.read_text() == "made meanwhile\n"
    assert [p.name for p in tmp_path.iterdir()] == ["log.jsonl"]


def test_an_open_log_is_never_a_fifo_and_never_blocks(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    for policy in (paths.NEW, paths.APPEND):
        with pytest.raises(UsageError, match="not a regular file"):
            paths.open_log(tmp_path / "fifo", policy=policy)
    fd = paths.open_log(tmp_path / "log", policy=paths.APPEND)
    os.close(fd)
    fd = paths.open_log(tmp_path / "log", policy=paths.APPEND)  # appended to: allowed
    os.close(fd)
    with pytest.raises(UsageError, match="exists"):
        paths.open_log(tmp_path / "log", policy=paths.NEW)


READERS = {"check PATH", "check --expectations", "show PATH", "render FILE", "export PATH",
           "fuzz --expectations", "fuzz merge DIR", "book --report", "dispute FILE",
           "play --resume", "diff OLD.jsonl", "diff NEW.jsonl", "expectations RUN.jsonl",
           "mutation --equivalents", "mutation --again"}
"""Options that name a file the command only reads."""


def _file_options() -> set[str]:
    """Every option or argument, of every command (and ``fuzz merge``, and the mutation
    tool), that names a file or folder: a Path, or a FILE, DIR or PATH metavar."""
    import argparse

    from fivetenk.mutation import __main__ as mutation

    def named(prefix: str, parser: argparse.ArgumentParser) -> set[str]:
        found = set()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub, subparser in action.choices.items():
                    found |= named(f"{prefix} {sub}", subparser)
                continue
            metavar = str(action.metavar or "")
            if action.type is Path or any(w in metavar for w in ("FILE", "DIR", "PATH",
                                                                 ".jsonl")):
                word = action.option_strings[-1] if action.option_strings else metavar
                found.add(f"{prefix} {word}")
        return found

    found: set[str] = set()
    for name in cli.COMMANDS:
        parser = cli.build_parser([name])
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        found |= named(name, sub.choices[name])
    captured: list[argparse.ArgumentParser] = []
    real = argparse.ArgumentParser.parse_args

    def keep(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> object:
        captured.append(self)
        raise SystemExit(0)

    argparse.ArgumentParser.parse_args = keep  # type: ignore[method-assign]
    try:
        mutation.main(["--help"])
    except SystemExit:
        pass
    finally:
        argparse.ArgumentParser.parse_args = real  # type: ignore[method-assign]
    found |= named("mutation", captured[0])
    return found


def test_every_writing_option_is_in_the_matrix() -> None:
    """Each option that names a file, in every command's parser, either only reads it
    (:data:`READERS`) or is a row of :data:`WRITERS`: a new writing option joins the matrix
    (or this fails)."""
    writers = {"new-adapter DIR" if n == "new-adapter" else n for n in WRITERS}
    options = _file_options()
    assert options - READERS - writers == set(), "file options neither read nor in the matrix"
    assert (writers | READERS) - options == set(), "rows of the matrix that are no option"


@pytest.mark.parametrize("command", ["check", "fuzz"])
def test_an_output_is_refused_before_the_implementation_starts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    """"Before any work": a bad --jsonl is refused before the implementation is started
    (it would say so by making a file)."""
    started = tmp_path / "started"
    impl = f"{sys.executable} -c \"open({str(started)!r}, 'w')\""
    os.mkfifo(tmp_path / "out.fifo")
    extra = ["--cases", "1", "--out", str(tmp_path / "found")] if command == "fuzz" else []
    code, err = run([command, "--impl", impl, *extra, "--jsonl", str(tmp_path / "out.fifo")],
                    capsys)
    assert code == 2 and "out.fifo" in err and "not a regular file" in err, err
    assert not started.exists()


@pytest.mark.parametrize("option", ["--jsonl", "--junit", "--badge", "--summary-md"])
def test_a_report_never_replaces_a_case_file_of_a_folder_it_checks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str) -> None:
    """``check cases/`` reads every case file under ``cases/``: each of them is an input
    (``--badge cases/deeper/cards.feature`` replaced the case with a badge, exit 0). A file
    in that folder that the run does not read (a report of the last run) may be a report."""
    cases = tmp_path / "cases"
    (cases / "deeper").mkdir(parents=True)
    case = cases / "deeper" / "cards.feature"
    case.write_bytes(FEATURE.read_bytes())
    before = snapshot(tmp_path)
    argv = ["check", "--no-progress", "-q", "--only-paths", str(cases), "--id", "R02-001"]
    code, err = run([*argv, option, str(case)], capsys)
    assert code == 2 and f"{option} {case}: is PATH {case}: the command's own input" in err, err
    assert snapshot(tmp_path) == before
    code, err = run([*argv, option, str(cases / "last-run.txt")], capsys)
    assert code == 0 and (cases / "last-run.txt").is_file(), err


def test_a_report_never_replaces_the_implementation_it_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The adapter's script, and the interpreter that runs it, are inputs of ``check
    --impl`` too. The interpreter is only looked at here (as root, a failure would
    replace it): it is among the files the command protects."""
    from fivetenk.commands.check import impl_files

    script = tmp_path / "adapter.py"
    script.write_text("print('never run')\n")
    code, err = run(["check", "--impl", f"{sys.executable} {script}", "--jsonl", str(script)],
                    capsys)
    assert code == 2 and "--impl" in err and "own input" in err, err
    assert script.read_text() == "print('never run')\n"
    found = impl_files(f"python3 {script} --level 2")
    assert script in found and any(os.path.samefile(f, sys.executable) or f.name.startswith(
        "python3") for f in found), found
