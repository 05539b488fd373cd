"""Helpers of the tests of ``fivetenk play --web``: start the table as a user does (the
command in a process of its own, on port 0) and wait for the address it prints; talk to
it over HTTP with any headers; stop it with SIGTERM.

Every wait is on an event and bounded: the address line is read by a thread that hands
each line over a queue (``queue.get(timeout=...)``), and the stop waits for the process.
"""

from __future__ import annotations

import http.client
import json
import queue
import re
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

START_WAIT = 120.0
"""Seconds the table may take to print its address (a loaded machine, a first import)."""
STOP_WAIT = 60.0
ADDRESS = re.compile(r" (http://127\.0\.0\.1:(\d+)/([A-Za-z0-9_-]+)/)\s*$")
"""The line with the table's address (in English "The table is at URL")."""


@dataclass
class Table:
    """A running ``fivetenk play --web``: its address, token, folder and output so far."""

    proc: subprocess.Popen[str]
    url: str
    port: int
    token: str
    cwd: Path
    out: list[str] = field(default_factory=list)
    err: list[str] = field(default_factory=list)
    lines: queue.Queue[str | None] = field(default_factory=queue.Queue)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None, *,
                host: str | None = None) -> tuple[int, bytes, dict[str, str]]:
        """One request, ``path`` as sent (``/TOKEN/api/state``); Host as given (default
        the table's own)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", host if host is not None else f"127.0.0.1:{self.port}")
            for key, value in (headers or {}).items():
                conn.putheader(key, value)
            if body is not None and "Content-Length" not in (headers or {}):
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(body)
            response = conn.getresponse()
            return response.status, response.read(), dict(response.getheaders())
        finally:
            conn.close()

    def state(self, since: int | None = None) -> dict[str, Any]:
        query = "" if since is None else f"?since={since}"
        status, body, _ = self.request("GET", f"/{self.token}/api/state{query}")
        assert status == 200, (status, body[:200])
        data: dict[str, Any] = json.loads(body)
        return data

    def act(self, action: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        status, body, _ = self.request(
            "POST", f"/{self.token}/api/action", json.dumps(action).encode(),
            {"Content-Type": "application/json",
             "Origin": f"http://127.0.0.1:{self.port}"})
        return status, json.loads(body)

    def settled(self, since: int) -> dict[str, Any]:
        """The state once the table is no longer busy after version ``since`` (each wait
        is the server's bounded long poll; at most 60 of them)."""
        for _ in range(60):
            state = self.state(since)
            if not state["busy"]:
                return state
            since = state["version"]
        raise AssertionError("the table stayed busy for 60 long polls")

    def stop(self, signum: int = signal.SIGTERM) -> tuple[int, str, str]:
        """Send ``signum``; the exit code, and everything printed on stdout and stderr."""
        self.proc.send_signal(signum)
        try:
            code = self.proc.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:  # where each thread is: faulthandler, on SIGABRT
            self.proc.send_signal(signal.SIGABRT)
            try:
                self.proc.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(STOP_WAIT)
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise AssertionError(f"the table did not stop within {STOP_WAIT} s after "
                                 f"signal {signum}; printed:\n{''.join(self.out)}\n{err}"
                                 ) from None
        while (line := self.lines.get(timeout=STOP_WAIT)) is not None:
            self.out.append(line)
        assert self.proc.stderr is not None
        self.err.append(self.proc.stderr.read())
        return code, "".join(self.out), "".join(self.err)


def command(*args: str) -> list[str]:
    return [sys.executable, "-X", "faulthandler", "-m", "fivetenk.cli", "play", "--web",
            "--no-open", "--port", "0", *args]


def start(args: list[str], cwd: Path) -> Table:
    """Start ``fivetenk play --web --no-open --port 0 ARGS`` in ``cwd`` and wait for the
    line with its address."""
    proc = subprocess.Popen(command(*args), cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                            encoding="utf-8")
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    out: list[str] = []
    while True:
        try:
            line = lines.get(timeout=START_WAIT)
        except queue.Empty:
            proc.kill()
            raise AssertionError(f"no address within {START_WAIT} s; printed: {out}") from None
        if line is None:
            proc.wait(STOP_WAIT)
            err = proc.stderr.read() if proc.stderr else ""
            raise AssertionError(f"the table ended ({proc.returncode}) without an address: "
                                 f"{''.join(out)}{err}")
        out.append(line)
        found = ADDRESS.search(line)
        if found:
            url = found.group(1)
            parts = urlsplit(url)
            assert parts.port is not None
            return Table(proc, url, parts.port, found.group(3), cwd, out, [], lines)
