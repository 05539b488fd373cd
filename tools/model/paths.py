"""Where the kit's data lives, and where it may write: the one place every output is checked.

:func:`data_dir`: spec/, features/, schemas/. Installed normally, they sit inside the
``fivetenk`` package (site-packages/fivetenk/spec…); in a source checkout or an editable
install they are the top-level folders beside tools/.

:func:`check_outputs` and :func:`write_file`: every command that writes a file the user
named (``check``'s reports, ``expectations --out``, ``fuzz --jsonl``/``--out``, ``fuzz
merge --jsonl``, ``book --out``, ``export --out``, ``new-adapter``, ``play --log``,
``dispute --out``, ``simulate --scenario``, ``adapter --log``, the mutation tool's
reports) checks every output path here, before any work, and writes through here. One
policy for all (issue 29):

- a symbolic link is never written through nor replaced (the file it points to, or the
  link the user made, would be lost), whatever ``--force`` says;
- a FIFO, a device or a socket is never written into nor replaced (as root, replacing
  ``/dev/null`` by a regular file breaks the machine; writing into a FIFO blocks);
- a folder is never named where a file is written, nor a file where a folder is;
- an output is never one of the command's own inputs (by any spelling, link or hard
  link), nor the same file as another output; ``--force`` does not change that;
- an existing regular file is replaced only as the command's policy says
  (:data:`REPLACE` a report the command rewrites each run; :data:`FORCE` only with
  ``--force``; :data:`NEW` never, :data:`APPEND` appended to), and never a read-only one;
- the folder a file goes in must exist or be makeable, and writable.

Every write is atomic (:func:`write_file`: a temporary file in the same folder, then a
rename), so an interruption or a full disk never leaves a partly written output, and the
checks are made again at that moment: a FIFO or a link swapped in meanwhile is refused
too. Problems are :class:`~fivetenk.model.user_input.UsageError` (exit 2) naming the option and
the path, escaped (:func:`fivetenk.model.bounded.visible`).
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .bounded import visible
from .user_input import UsageError

_HERE = Path(__file__).resolve().parents[1]  # the package fivetenk (tools/)

SHOWN = 400
"""Characters of a path shown in a message (escaped)."""

REPLACE = "replace"
"""Policy: an existing regular file is replaced (a report, rewritten by every run)."""
FORCE = "force"
"""Policy: an existing regular file is replaced only with ``--force``."""
NEW = "new"
"""Policy: only a new file is written (a game log: an existing one is never touched)."""
APPEND = "append"
"""Policy: an existing regular file is appended to (a debugging log)."""


@cache
def data_dir(name: str) -> Path:
    """The folder of the kit's ``name`` data (``spec``, ``features``, ``schemas``)."""
    for candidate in (_HERE / name, _HERE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"fivetenk's {name}/ folder is missing; reinstall the kit")


@dataclass(frozen=True)
class Output:
    """One path a command writes: the option that named it (``--jsonl``, ``DIR``), the
    path (None: not asked), whether it is a folder the command writes files into, the
    names of the files it writes there when they are known beforehand, and what may
    happen to an existing regular file (:data:`REPLACE`, :data:`FORCE`, :data:`NEW`,
    :data:`APPEND`; for a folder: to those files). ``force``: ``--force`` was given."""

    option: str
    path: Path | None
    folder: bool = False
    files: tuple[str, ...] = ()
    policy: str = REPLACE
    force: bool = False
    what: str = "a file"
    """What is written, for the messages ("cannot write a report there")."""
    whole: bool = False
    """A folder replaced whole (the book): no input may lie anywhere inside it."""


Inputs = dict[tuple[int, int], str]
"""The files a command reads: (device, inode) -> how it was named (``--expectations
FILE``), for the message refusing to write over one."""


def shown(path: object) -> str:
    """A path as a message shows it: escaped and bounded."""
    return visible(str(path), SHOWN)


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    kinds = ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"),
             (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
             (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))
    return next((word for test, word in kinds if test(mode)), "a special file")


def _lstat(path: Path) -> os.stat_result | None:
    """``lstat`` of ``path``; None if nothing is there. OSError (a parent that is a file, a
    name too long, no permission, an embedded NUL byte as ValueError) propagates."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file ``path`` names, links followed; None if there is none."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def file_problem(path: Path, *, policy: str = REPLACE, force: bool = False,
                 inputs: Inputs | None = None, what: str = "a file") -> str | None:
    """Why ``path`` cannot be written as a file under ``policy`` (a phrase to follow the
    path, e.g. "is a symbolic link; …"), or None if it can. Looks only, never writes."""
    try:
        info = _lstat(path)
    except (OSError, ValueError) as err:
        return f"cannot write {what} there ({_reason(err)})"
    if info is not None:
        mode = info.st_mode
        if stat.S_ISLNK(mode):
            return ("is a symbolic link; name the file itself (the kit never writes through a "
                    "link, nor replaces one)")
        if stat.S_ISDIR(mode):
            return f"is a folder: cannot write {what} there; name the file to write"
        if not stat.S_ISREG(mode):
            return (f"is not a regular file ({file_kind(mode)}): the kit never writes into a "
                    "special file, nor replaces one, --force or not")
        source = (inputs or {}).get((info.st_dev, info.st_ino))
        if source is not None:
            return (f"is {source or 'one of the files the command reads'}: the command's own "
                    "input; name another file (an input is never replaced, --force or not)")
        if policy == NEW:
            return "exists; the kit writes a new file there, never over an existing one"
        if policy == FORCE and not force:
            return "the file exists; not replacing it (give --force to replace it)"
        if not mode & 0o222 or not os.access(path, os.W_OK):
            return "the file is read-only; not replacing it"
    return _folder_problem(path.parent if str(path.parent) else Path("."), what)


def _folder_problem(folder: Path, what: str = "a file") -> str | None:
    """Why nothing can be written in ``folder`` (made if missing), or None."""
    existing = next((p for p in (folder, *folder.parents) if os.path.lexists(p)), Path("."))
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        return (f"cannot write {what} there ({shown(existing)} is not a folder you can write "
                "to)")
    return None


def folder_problem(path: Path, *, files: Iterable[str] = (), policy: str = REPLACE,
                   force: bool = False, inputs: Inputs | None = None,
                   what: str = "the files") -> str | None:
    """Why the folder ``path`` (made if missing) cannot take the ``files`` named, or None."""
    try:
        info = _lstat(path)
    except (OSError, ValueError) as err:
        return f"cannot be made ({_reason(err)})"
    if info is None:
        problem = _folder_problem(path, what)
        return problem and problem.replace("cannot write", "cannot be made: cannot write", 1)
    if stat.S_ISLNK(info.st_mode):
        to = "" if os.path.exists(path) else " to nothing"
        return (f"is a symbolic link{to}; name the folder itself (the kit never writes "
                "through a link, nor replaces one)")
    if not stat.S_ISDIR(info.st_mode):
        return f"is not a folder ({_kind_of(info.st_mode)}); name a folder"
    if not os.access(path, os.W_OK | os.X_OK):
        return "is a folder you cannot write to"
    for name in files:
        problem = file_problem(path / name, policy=policy, force=force, inputs=inputs)
        if problem is not None:
            return f"{shown(name)} in it {problem}"
    return None


def _kind_of(mode: int) -> str:
    return "a regular file" if stat.S_ISREG(mode) else file_kind(mode)


def _reason(err: OSError | ValueError) -> str:
    if isinstance(err, OSError):
        return err.strerror or str(err)
    return str(err)


def check_outputs(outputs: Iterable[Output],
                  inputs: Iterable[tuple[str, Path | None]] = ()) -> None:
    """Refuse, before any work, outputs the command could not or should not write (the
    module's policy): UsageError naming the option and the path. ``inputs``: (option, path)
    of every file the command reads; no output may be one of them, nor an input lie inside
    a folder output among the files written there; no two outputs may be the same file."""
    given: list[tuple[str, Path]] = []
    for option, path in inputs:
        if path is not None:
            given.append((option, path))
    read = reading(given)
    seen: dict[str, tuple[str, Path]] = {}
    nodes: dict[tuple[int, int], tuple[str, Path]] = {}
    for out in outputs:
        if out.path is None:
            continue
        where = f"{out.option} {shown(out.path)}" if out.option else shown(out.path)
        if out.folder:
            problem = folder_problem(out.path, files=out.files, policy=out.policy,
                                     force=out.force, inputs=read, what=out.what)
        else:
            problem = file_problem(out.path, policy=out.policy, force=out.force, inputs=read,
                                   what=out.what)
        if problem is None and out.folder and out.whole:
            within = next((f"{o} {shown(p)}".strip() for o, p in given if inside(p, out.path)),
                          None)
            if within is not None:
                problem = (f"holds {within}, which the command reads: the folder is replaced "
                           "whole; name another folder (or move the input out of it)")
        if problem is not None:
            raise UsageError(f"{where}: {problem}")
        real = os.path.normcase(os.path.realpath(out.path))
        same = seen.get(real)
        key = identity(out.path)
        if key is not None and not out.folder:
            same = same or nodes.get(key)
            nodes[key] = (out.option, out.path)
        if same is not None:
            raise UsageError(f"{where}: the same file as {same[0]} {shown(same[1])}; give "
                             "each output its own file")
        seen[real] = (out.option, out.path)


def reading(inputs: Iterable[tuple[str, Path]]) -> Inputs:
    """:data:`Inputs` of (option, path) pairs (a file that is not there is left out)."""
    read: Inputs = {}
    for option, path in inputs:
        key = identity(path)
        if key is not None:
            read.setdefault(key, f"{option} {shown(path)}".strip())
    return read


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or lies under it (links resolved)."""
    try:
        real, base = Path(os.path.realpath(path)), Path(os.path.realpath(folder))
    except (OSError, ValueError):
        return False
    return real == base or base in real.parents


def write_file(path: Path, text: str | bytes, *, policy: str = REPLACE, force: bool = False,
               inputs: Inputs | None = None, mode: int = 0o666) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file in the same folder, then a
    rename (or, for a new file only, a hard link that fails if a file appeared meanwhile),
    so a failure or an interruption never leaves a partly written file, and the temporary
    file is removed. ``path`` is checked again first (:func:`file_problem`: a link, a FIFO
    or a device swapped in since the command's checks is refused, UsageError). Text is
    UTF-8 with ``\\n`` line ends; characters no UTF-8 file can hold (lone surrogates) are
    written as visible ``\\udxxx`` escapes. ``mode`` is masked by the umask.

    An error while writing (a full disk, a file size limit: "File too large") names
    ``path``, never the temporary file or nothing at all."""
    problem = file_problem(path, policy=policy, force=force, inputs=inputs)
    if problem is not None:
        raise UsageError(f"{shown(path)}: {problem}")
    data = text if isinstance(text, bytes) else \
        text.encode("utf-8", errors="backslashreplace")
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:100]}.", dir=path.parent)
    except OSError as err:
        raise OSError(err.errno, err.strerror or str(err), str(path)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, mode & ~umask)  # mkstemp makes 0600; give the file the usual mode
        if policy == NEW:
            _link_new(tmp, path)
        else:
            os.replace(tmp, path)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(err, FileExistsError):
            raise UsageError(f"{shown(path)}: exists; the kit writes a new file there, never "
                             "over an existing one") from None
        raise OSError(err.errno, err.strerror or str(err), str(path)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _link_new(tmp: str, path: Path) -> None:
    """Put ``tmp`` at ``path`` only if nothing is there (FileExistsError otherwise)."""
    try:
        os.link(tmp, path)
    except OSError as err:
        if err.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                             errno.EMLINK):
            raise
        if os.path.lexists(path):  # no hard links here: look, then rename
            raise FileExistsError(errno.EEXIST, "File exists", str(path)) from None
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def open_log(path: Path, *, policy: str = NEW) -> int:
    """A file descriptor to write a log to: a new file (:data:`NEW`, created exclusively)
    or an existing regular one appended to (:data:`APPEND`); never through a symbolic link
    (``O_NOFOLLOW``), never a FIFO or device (``O_NONBLOCK`` then ``fstat``: an open that
    would block, or a special file swapped in, is refused). UsageError naming the path."""
    problem = file_problem(path, policy=policy)
    if problem is not None:
        raise UsageError(f"{shown(path)}: {problem}")
    flags = (os.O_WRONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
             | getattr(os, "O_NOCTTY", 0))
    flags |= os.O_EXCL if policy == NEW else os.O_APPEND
    try:
        fd = os.open(path, flags, 0o666)
    except FileExistsError:
        raise UsageError(f"{shown(path)}: exists; the kit writes a new file there, never over "
                         "an existing one") from None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise UsageError(f"{shown(path)}: is a symbolic link; name the file itself") \
                from None
        raise UsageError(f"{shown(path)}: cannot write there ({_reason(err)})") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise UsageError(f"{shown(path)}: is not a regular file ({file_kind(info.st_mode)})")
    os.set_blocking(fd, True)
    return fd


def write_files(folder: Path, texts: dict[str, str], *, policy: str = REPLACE,
                force: bool = False, modes: dict[str, int] | None = None) -> None:
    """Write several files into ``folder`` (made if missing) all or nothing: each is checked
    (:func:`file_problem`) and written to a temporary file first; only when every one is
    ready are they renamed into place. A failure before that leaves nothing; one during
    the renames (very unlikely: the checks were just made) removes the files it had put
    that were not there before. ``modes``: per name, the mode before the umask."""
    for name in texts:
        problem = file_problem(folder / name, policy=policy, force=force)
        if problem is not None:
            raise UsageError(f"{shown(folder / name)}: {problem}")
    folder.mkdir(parents=True, exist_ok=True)
    umask = os.umask(0)
    os.umask(umask)
    staged: list[tuple[str, Path]] = []
    put: list[Path] = []
    current = folder
    try:
        for name, text in texts.items():
            current = folder / name
            fd, tmp = tempfile.mkstemp(prefix=f".{name[:100]}.", dir=folder)
            staged.append((tmp, current))
            with os.fdopen(fd, "wb") as handle:
                handle.write(text.encode("utf-8", errors="backslashreplace"))
            os.chmod(tmp, (modes or {}).get(name, 0o666) & ~umask)
        for tmp, target in staged:
            current = target
            existed = os.path.lexists(target)
            os.replace(tmp, target)
            if not existed:
                put.append(target)
    except BaseException as err:
        for tmp, _ in staged:
            Path(tmp).unlink(missing_ok=True)
        for target in put:
            target.unlink(missing_ok=True)
        if isinstance(err, OSError):  # named by the file the user would see, not the temp
            raise OSError(err.errno, err.strerror or str(err), str(current)) from None
        raise
