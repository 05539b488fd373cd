"""Start a miniature and wait until it is ready to answer before the kit's clock runs.

The kit gives each reply ``timeout`` seconds, the handshake's included, and the handshake
is written as soon as the process is started: a test that gives a miniature a short
timeout (to see a hang time out in a fraction of a second) also gave Python's start-up that
fraction, which a busy machine spends before the first line of the miniature runs (0.44 s
for ``slow.py``'s handshake at load 12 on 2 cores: a 0.45 s timeout failed it). Through
:class:`Warm` (the driver's ``spawn``), the process is started and the test waits for the
event that it is ready (the miniature writes its pid to the file named by
:data:`READY_VARIABLE` once it reads its input, :func:`mini.serve`); only then does the
kit send ``hello`` and start its clock. A process started so is killed alone (no
descendants are looked for: :data:`fivetenk.impl.process_pipes.Spawn`), so a test of the
clean-up of a process tree does not use it.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from typing import Any

READY_VARIABLE = "FIVETENK_MINI_READY"
STARTS_WITHIN = 300.0
"""The outer bound on a miniature's start-up: a hang, not a slow machine."""


class Warm:
    """A ``spawn`` for :class:`fivetenk.impl.process_driver.ProcessDriver`: each launch (the
    first and every restart) waits until the miniature says it is ready, or has exited
    (the kit then sees the exit as it would)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.launches = 0

    def __call__(self, argv: list[str], env: dict[str, str], cwd: str | None) -> Any:
        self.launches += 1
        ready = self.folder / f"ready-{os.getpid()}-{id(self)}-{self.launches}"
        popen = subprocess.Popen(  # as the kit starts it (process_pipes._popen)
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            bufsize=0, env={**env, READY_VARIABLE: str(ready)}, cwd=cwd,
            start_new_session=True, close_fds=True)
        deadline = time.monotonic() + STARTS_WITHIN
        while not ready.exists() and popen.poll() is None:
            if time.monotonic() > deadline:
                popen.kill()
                popen.wait()
                raise AssertionError(f"{argv} never said it was ready in {STARTS_WITHIN:g} s")
            time.sleep(0.005)
        return popen
