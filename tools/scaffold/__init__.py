"""Write a runnable adapter to fill in: the protocol plumbing done, each command a function.

--lang python writes DIR/adapter.py, a class on the kit's SDK (fivetenk.sdk: framing,
the handshake from what you declare, dispatch, error replies); --lang js writes
DIR/adapter.js and DIR/fivetenk_sdk.js, the same SDK in one dependency-free file for
Node.js 18 or newer. Both come with DIR/README.md, the loop from here: check, diff,
expectations, fuzz, badge.

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


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("dir", type=Path, metavar="DIR", help="the folder to write the adapter in")
    p.add_argument("--lang", choices=tuple(LANGS), required=True,
                   help="python (on fivetenk.sdk) or js (Node.js 18+, one SDK file)")
    p.add_argument("--name", metavar="NAME",
                   help="the engine's name in the handshake (default: DIR's name)")
    p.add_argument("--force", action="store_true",
                   help="write into a DIR that is not empty (replacing the files named)")


def command(lang: str, folder: Path) -> str:
    """The ``--impl`` command that runs the adapter written in ``folder``."""
    script = folder / ("adapter.py" if lang == "python" else "adapter.js")
    return f"{'python3' if lang == 'python' else 'node'} {script}"


def files(lang: str, folder: Path, name: str) -> dict[str, str]:
    """File name -> text, for ``lang``, the templates filled in."""
    main = "adapter.py" if lang == "python" else "adapter.js"
    values = {"{{NAME_JSON}}": json.dumps(name), "{{NAME}}": visible(name, NAME_LIMIT),
              "{{PATH}}": str(folder / main), "{{FILE}}": main, "{{LANG}}": lang,
              "{{RUN}}": command(lang, folder)}
    out = {}
    for target, template in LANGS[lang].items():
        text = (TEMPLATES / template).read_text(encoding="utf-8")
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
    written = files(args.lang, folder, name)
    for target, text in written.items():
        path = folder / target
        write_atomic(path, text)
        if target.startswith("adapter."):
            os.chmod(path, path.stat().st_mode | 0o111)
    print(f"fivetenk new-adapter: wrote {', '.join(str(folder / t) for t in written)}",
          file=out)
    print(f"  run it: fivetenk check --impl \"{command(args.lang, folder)}\"  (every scenario "
          "errors, \"… is not implemented\", until you fill the functions in)", file=out)
    return 0
