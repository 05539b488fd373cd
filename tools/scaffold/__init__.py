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
import os
import sys
from pathlib import Path
from typing import TextIO

from ..bounded import NAME_LIMIT, visible
from ..report import write_atomic
from ..user_input import UsageError

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
    """The ``--impl`` command that runs the adapter written in ``folder``."""
    script = folder / main_file(lang, module)
    return f"{'python3' if lang == 'python' else 'node'} {script}"


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


def files(lang: str, folder: Path, name: str, module: str = "commonjs") -> dict[str, str]:
    """File name -> text, for ``lang`` (and ``module``), the templates filled in."""
    main = main_file(lang, module)
    values = {"{{NAME_JSON}}": json.dumps(name), "{{NAME}}": visible(name, NAME_LIMIT),
              "{{PATH}}": str(folder / main), "{{FILE}}": main, "{{LANG}}": lang,
              "{{RUN}}": command(lang, folder, module)}
    esm = lang == "js" and module == "esm"
    out = {}
    for target, template in (ESM_FILES if esm else LANGS[lang]).items():
        text = (TEMPLATES / template).read_text(encoding="utf-8")
        if esm:
            text = as_esm(target, text)
        if template.endswith(".txt"):
            for key, value in values.items():
                text = text.replace(key, value)
        out[target] = text
    return out


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``fivetenk new-adapter``."""
    out = out or sys.stdout
    folder: Path = args.dir
    shown = visible(str(folder), NAME_LIMIT)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{shown}: is not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not args.force:
        raise UsageError(f"{shown}: the folder is not empty; name a new or empty folder (or "
                         "give --force to write the adapter's files into it)")
    name = args.name or folder.resolve().name or "my-engine"
    if not name.strip() or visible(name, NAME_LIMIT) != name:
        raise UsageError(f"--name {visible(name, NAME_LIMIT)!r}: a name is printable text, at "
                         f"most {NAME_LIMIT} characters")
    module = getattr(args, "module", "commonjs")
    if module != "commonjs" and args.lang != "js":
        raise UsageError(f"--module {module}: only for --lang js (a Python adapter is a "
                         "module already)")
    written = files(args.lang, folder, name, module)
    for target, text in written.items():
        path = folder / target
        write_atomic(path, text)
        if target.startswith("adapter."):
            os.chmod(path, path.stat().st_mode | 0o111)
    print(f"fivetenk new-adapter: wrote {', '.join(str(folder / t) for t in written)}",
          file=out)
    run_it = command(args.lang, folder, module)
    print(f"  run it: fivetenk check --impl \"{run_it}\"  (every scenario "
          "errors, \"… is not implemented\", until you fill the functions in)", file=out)
    return 0
