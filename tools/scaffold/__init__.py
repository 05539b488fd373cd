"""Write a runnable adapter to fill in: the protocol plumbing done, each command a function.

--lang python writes DIR/adapter.py, a class on the kit's SDK (fivetenk.sdk: framing,
the handshake from what you declare, dispatch, error replies); --lang js writes
DIR/adapter.js and DIR/fivetenk_sdk.js, the same SDK in one dependency-free file for
Node.js 18 or newer, as CommonJS modules (`require`), or with --module esm as ES modules
(DIR/adapter.mjs and DIR/fivetenk_sdk.mjs, `import`). Both come with DIR/README.md, the
loop from here: check, diff, expectations, fuzz, badge.

The adapter declares the protocol version it was written against (protocol.md, section 8:
the conventions the kit judges, such as which clause each rejection cites), and each
function's docstring lists the rejections that command must give.

Run as written, the adapter declares every command and answers each with "… is not
implemented": `fivetenk check --impl "python3 DIR/adapter.py"` reports every scenario
errored with that message and exits 1, with no traceback. Replace one function at a
time with a call into your engine, and trim the declared capabilities, shapes and
variants to what it plays.

DIR is made if it does not exist; a DIR holding anything is refused unless --force is
given (then the files named above are replaced, nothing else is touched). Exit codes: 0
written; 2 bad input (a DIR that is a file, or not empty without --force).
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from pathlib import Path
from typing import TextIO

from ..model.bounded import NAME_LIMIT, quoted, visible
from ..model.paths import FORCE, Output, check_outputs, write_files
from ..model.user_input import UsageError

TEMPLATES = Path(__file__).resolve().parent / "templates"
LANGS = {
    "python": {"adapter.py": "adapter.py.txt", "README.md": "README.md.txt"},
    "js": {"adapter.js": "adapter.js.txt", "fivetenk_sdk.js": "fivetenk_sdk.js",
           "README.md": "README.md.txt"},
}
"""Per language, the files written: name in DIR -> template."""
ESM_FILES = {"adapter.mjs": "adapter.js.txt", "fivetenk_sdk.mjs": "fivetenk_sdk.js",
             "README.md": "README.md.txt"}
"""The files of ``--lang js --module esm``: the same templates, made ES modules
(:func:`as_esm`)."""
MODULES = ("commonjs", "esm")
CJS_IMPORT = 'const { serve, NotImplemented, reject } = require("./fivetenk_sdk.js");'
ESM_IMPORT = 'import { serve, NotImplemented, reject } from "./fivetenk_sdk.mjs";'
CJS_EXPORT = "module.exports = {"
ESM_EXPORT = "export {"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("dir", type=Path, metavar="DIR", help="the folder to write the adapter in")
    p.add_argument("--lang", choices=tuple(LANGS), required=True,
                   help="python (on fivetenk.sdk) or js (Node.js 18+, one SDK file)")
    p.add_argument("--name", metavar="NAME",
                   help="the engine's name in the handshake (default: DIR's name)")
    p.add_argument("--module", choices=MODULES, default="commonjs",
                   help="with --lang js: commonjs (adapter.js, require; the default) or esm "
                   "(adapter.mjs and fivetenk_sdk.mjs, import)")
    p.add_argument("--force", action="store_true",
                   help="write into a DIR that is not empty (replacing the files named)")


def main_file(lang: str, module: str = "commonjs") -> str:
    """The adapter's file name for ``lang`` (and, for js, ``module``)."""
    if lang == "python":
        return "adapter.py"
    return "adapter.mjs" if module == "esm" else "adapter.js"


def command(lang: str, folder: Path, module: str = "commonjs") -> str:
    """The ``--impl`` command that runs the adapter written in ``folder`` (the path quoted
    as a shell would need it: ``--impl`` splits its value like a shell)."""
    script = folder / main_file(lang, module)
    return shlex.join(["python3" if lang == "python" else "node", str(script)])


def as_esm(target: str, text: str) -> str:
    """A CommonJS template as an ES module: the adapter's ``require`` of the SDK becomes an
    ``import`` of ``fivetenk_sdk.mjs``, the SDK's ``module.exports`` an ``export``. Both
    lines must be there exactly once (a test checks the templates), so a template edit
    cannot leave a file half converted."""
    if target == "README.md":
        return text
    old, new = (CJS_IMPORT, ESM_IMPORT) if target.startswith("adapter.") else \
        (CJS_EXPORT, ESM_EXPORT)
    if text.count(old) != 1:
        raise RuntimeError(f"template for {target}: expected one {old!r}")
    return text.replace(old, new)


def _in_double_quotes(text: str) -> str:
    """``text`` as it may stand between a shell's double quotes and mean itself: ``\\``,
    ``"``, ``$`` and the backquote escaped (so a folder named ``$(cmd)`` runs nothing
    when the line is pasted)."""
    return re.sub(r'([\\"$`])', r"\\\1", text)


def _in_docstring(text: str) -> str:
    """``text`` (already :func:`~fivetenk.model.bounded.visible`: one line) as it may stand in a
    Python triple-quoted docstring and read back as itself: backslashes doubled (a
    backslash before N or x would start an escape, some of them errors), double quotes
    escaped (three would end it)."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def files(lang: str, folder: Path, name: str, module: str = "commonjs") -> dict[str, str]:
    """File name -> text, for ``lang`` (and ``module``), the templates filled in. Nothing
    the user gave is pasted raw (issue 29): the name goes into code as a string literal of
    that language (JSON's, whose escapes mean the same in Python and in JavaScript; the
    JavaScript one in ASCII), and into comments, docstrings and the README as
    :func:`~fivetenk.model.bounded.visible` text (one line, no control characters), escaped
    again for a Python docstring, so any folder and any name give an adapter that
    compiles and a README that says what it is."""
    main = main_file(lang, module)
    shown_name = visible(name, NAME_LIMIT)
    # both stand between double quotes in the templates (--impl "{{RUN}}"): quoted for
    # the shell first, then its double-quote specials escaped, then made visible
    shown_path = visible(_in_double_quotes(shlex.quote(str(folder / main))), 4 * NAME_LIMIT)
    shown_run = visible(_in_double_quotes(command(lang, folder, module)), 4 * NAME_LIMIT)
    common = {"{{FILE}}": main, "{{LANG}}": lang}
    plain = {"{{NAME_JSON}}": json.dumps(name, ensure_ascii=True), "{{NAME}}": shown_name,
             "{{PATH}}": shown_path, "{{RUN}}": shown_run}
    in_python = {"{{NAME_JSON}}": json.dumps(name, ensure_ascii=False),
                 "{{NAME}}": _in_docstring(shown_name), "{{PATH}}": _in_docstring(shown_path),
                 "{{RUN}}": _in_docstring(shown_run)}
    esm = lang == "js" and module == "esm"
    out = {}
    for target, template in (ESM_FILES if esm else LANGS[lang]).items():
        text = (TEMPLATES / template).read_text(encoding="utf-8")
        if esm:
            text = as_esm(target, text)
        if template.endswith(".txt"):
            values = in_python if target == "adapter.py" else plain
            for key, value in {**common, **values}.items():
                text = text.replace(key, value)
        out[target] = text
    return out


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``fivetenk new-adapter``: the folder and every file to be written checked first
    (:func:`fivetenk.model.paths.check_outputs`: a folder or none yet, never a link or a special
    file; a file there replaced only with --force), then all written or none
    (:func:`fivetenk.model.paths.write_files`)."""
    out = out or sys.stdout
    folder: Path = args.dir
    shown = visible(str(folder), NAME_LIMIT)
    module = getattr(args, "module", "commonjs")
    names = tuple(ESM_FILES if args.lang == "js" and module == "esm" else LANGS[args.lang])
    check_outputs([Output("DIR", folder, folder=True, files=names, policy=FORCE,
                          force=args.force, what="the adapter")])
    if folder.is_dir() and any(folder.iterdir()) and not args.force:
        raise UsageError(f"{shown}: the folder is not empty; name a new or empty folder (or "
                         "give --force to write the adapter's files into it)")
    name = args.name or folder.resolve().name or "my-engine"
    if not name.strip() or visible(name, NAME_LIMIT) != name:
        given = (f"--name {quoted(name, NAME_LIMIT)}" if args.name else
                 f"the folder's name {quoted(name, NAME_LIMIT)} (the name by default)")
        raise UsageError(f"{given}: a name is printable text, at most {NAME_LIMIT} "
                         "characters" + ("" if args.name else "; give one with --name NAME"))
    if module != "commonjs" and args.lang != "js":
        raise UsageError(f"--module {module}: only for --lang js (a Python adapter is a "
                         "module already)")
    if module == "esm" and "\\" in str(folder.resolve()):
        raise UsageError(f"{shown}: Node.js cannot load an ES module from a path holding a "
                         "backslash (its loader refuses an encoded \\ in a module's URL); "
                         "name another folder, or write CommonJS (no --module esm)")
    written = files(args.lang, folder, name, module)
    write_files(folder, written, policy=FORCE, force=args.force,
                modes={t: 0o777 for t in written if t.startswith("adapter.")})
    print(f"fivetenk new-adapter: wrote "
          f"{', '.join(visible(str(folder / t), NAME_LIMIT) for t in written)}", file=out)
    impl = visible(shlex.quote(command(args.lang, folder, module)), 4 * NAME_LIMIT)
    print(f"  run it: fivetenk check --impl {impl}"
          "  (every scenario errors, \"… is not implemented\", until you fill the functions "
          "in)", file=out)
    return 0


__all__ = ["add_arguments", "as_esm", "command", "files", "main_file", "run"]
