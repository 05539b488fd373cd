"""``fivetenk play --web``: the same game at a table in the browser.

The game is the terminal's: :class:`WebSession` is a
:class:`~fivetenk.practice.session.Session` (same seeds, players, levels, log, ``--resume``,
undo and dispute) run in a thread of its own, whose answers come from the page instead of
a keyboard and whose lines go to the page instead of a screen. Whenever it waits for an
answer it publishes what the seat sees (:func:`fivetenk.practice.webview.snapshot`) on the
:class:`Board`; the page draws that and sends answers back; the game logic stays here.

The server is the standard library's :class:`http.server.ThreadingHTTPServer` (one player,
a few requests a second: no dependency is needed for that). It is careful because any page
the browser opens could try to talk to it:

- it listens on 127.0.0.1 only, on a port the system picks (``--port`` to choose);
- every request must carry the random token of the address it prints (the first path
  segment, :func:`secrets.token_urlsafe`, compared in constant time): without it, or with
  another, the answer is 403 and holds no game data;
- the Host header must name 127.0.0.1 or localhost at its port, and an Origin header, when
  sent, this same origin (a page of another site, or a DNS name rebound to 127.0.0.1, is
  refused with 403); an action must be ``application/json`` (so a foreign form cannot send
  one without asking first, and is never answered);
- its page loads nothing from the network (its script and style are package data, served
  with a Content-Security-Policy of ``'self'`` only);
- a body over :data:`MAX_BODY` bytes is 413, malformed JSON 400, an unknown path 404, a
  wrong method 405, all without a traceback; a slow client is cut off after
  :data:`CLIENT_TIMEOUT` seconds, and every wait (the page's long poll, the session's wait
  for an answer, the stop) is bounded.

Ctrl-C or SIGTERM stops it cleanly: the session is told the input ended and says, as the
terminal does, how to go on (``--resume LOG``).
"""

from __future__ import annotations

import json
import queue
import secrets
import signal
import sys
import threading
import traceback
import webbrowser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, TextIO

from ..model.user_input import ScenarioError, parse_json
from ..reference import RulesError
from .dispute import DisputeError
from .session import EndOfInput, Session
from .webview import LABELS, Asked, snapshot
from .words import LANGUAGES, WORDS

MAX_BODY = 8 * 1024
"""The largest action accepted, in bytes (an answer is at most a few hundred)."""
DRAIN = 1024 * 1024
"""A body too large is read and dropped up to this many bytes before the 413, so the
client reads the answer; beyond it the connection is closed at once."""
CLIENT_TIMEOUT = 30.0
"""Seconds a client may take to send its request."""
LONG_POLL = 20.0
"""The longest a state request waits for the table to change, in seconds."""
STOP_WAIT = 10.0
"""Seconds the stop waits for the session to say how to go on (it may be thinking)."""
ASSETS = {"table.js": "text/javascript; charset=utf-8",
          "table.css": "text/css; charset=utf-8",
          "index.html": "text/html; charset=utf-8",
          "favicon.svg": "image/svg+xml"}
"""The page's files (package data in ``fivetenk/practice/assets``) and their types."""
ACTIONS = ("answer", "choice", "suggestion", "undo", "dispute", "lang")
"""What the page may send: an answer typed or made of clicked cards, a listed choice, the
suggestion, undo, dispute (of the last move, or of move ``at``), a language."""
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "connect-src 'self'; img-src 'self'; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cache-Control": "no-store",
}


class Stop(BaseException):
    """SIGTERM or SIGHUP: stop the server as Ctrl-C does. A BaseException, like
    KeyboardInterrupt: the server's ``except Exception`` around a request (the signal may
    land while a request's thread starts) must not swallow it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class Board:
    """What the session's thread and the request threads share: the state last published
    (its ``version`` grows by one with each change), whether the session waits for an
    answer to that state's question, and the inbox of the page's actions."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.version = 0
        self.state: dict[str, Any] = {"version": 0, "busy": True, "over": False}
        self.waiting = False
        self.done = False
        """the session's thread has ended (the game is over, stopped or failed)"""
        self.failed: str | None = None
        self.ready = threading.Event()
        """set at the first question, or when the session ends before one"""
        self.inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.stopping = False

    def publish(self, state: dict[str, Any], *, waiting: bool, done: bool = False) -> None:
        with self.changed:
            self.version += 1
            self.state = {**state, "version": self.version, "busy": not waiting and not done}
            self.waiting, self.done = waiting, done
            self.changed.notify_all()
        self.ready.set()

    def current(self, since: int | None) -> dict[str, Any]:
        """The state; with ``since``, once it is newer than that version or after
        :data:`LONG_POLL` seconds, whichever comes first."""
        with self.changed:
            if since is not None:
                self.changed.wait_for(lambda: self.version > since, timeout=LONG_POLL)
            return self.state

    def take(self, version: int, action: dict[str, Any]) -> str | None:
        """Hand the page's ``action`` to the session if it waits for an answer to the
        question of ``version``; else why not."""
        with self.changed:
            if self.done:
                return "the game is over" if not self.failed else self.failed
            if not self.waiting or version != self.version:
                return "the table has moved on: answer the question now shown"
            self.inbox.put(action)
            self.waiting = False
            self.version += 1
            self.state = {**self.state, "version": self.version, "busy": True}
            self.changed.notify_all()
            return None

    def next_action(self) -> dict[str, Any] | None:
        """The page's next action, or None once the server stops (waits in bounded steps)."""
        while True:
            try:
                return self.inbox.get(timeout=1.0)
            except queue.Empty:
                if self.stopping:
                    return None

    def stop(self) -> None:
        self.stopping = True
        self.inbox.put(None)


class WebAnswers:
    """The session's answers, read from the page through the :class:`Board`."""

    def __init__(self, session: WebSession) -> None:
        self.session = session

    def read(self, prompt: str, complete: Any) -> str | None:
        return self.session.wait_answer()


class WebSession(Session):
    """The terminal's game loop with the browser as its screen and keyboard: it shows no
    question on a screen (the page draws the state), keeps the lines it says for the
    page, and reads each answer from the :class:`Board`."""

    def __init__(self, *args: Any, board: Board | None = None, lang: str = "en",
                 **kwargs: Any) -> None:
        super().__init__(*args, lang=lang, **kwargs)
        self.board = board if board is not None else Board()
        self.lang = lang
        self.answers = WebAnswers(self)  # type: ignore[assignment]
        self.lines: list[str] = []
        self.dropped = 0
        """lines said and no longer kept (only the last ones are sent)"""
        self.echo = True
        """lines said also go to the terminal: the headline before the first question,
        and what is said when the server stops"""
        self.asked: Asked | None = None
        self.ask_id = 0
        self.read_at: tuple[int, int] | None = None
        """the question (its ask_id) and the lines said when the last answer was read"""
        self.news_from = 0
        self.pending_notice: list[str] | None = None
        self.refusal: dict[str, Any] | None = None
        self.settled: dict[str, Any] | None = None
        self.write_lock = threading.Lock()

    # -- what is said goes to the page --------------------------------------------------
    @property
    def said(self) -> int:
        return self.dropped + len(self.lines)

    def since(self, count: int) -> list[str]:
        return self.lines[max(0, count - self.dropped):]

    def emit(self, line: str = "") -> None:
        if self.quiet or (line and not line.strip("-")):  # no rules drawn across a screen
            return
        self.lines.append(line)
        if len(self.lines) > 2000:
            del self.lines[:1000]
            self.dropped += 1000
        if self.echo:
            print(line, file=self.out, flush=True)

    def say(self, text: str = "", indent: str = "", *, paint: Any = None) -> None:
        """One line per sentence: the page wraps it."""
        self.emit(indent + text)

    def status(self) -> None:
        """The page draws the table from the state."""

    def show_question(self, question: str, options: list[Any], show: bool, following: int,
                      holder: str | None, hint: str) -> int:
        return following  # the page shows the question, its choices and the suggestion

    def play_hand(self) -> None:
        self.echo = False  # the terminal shows the headline; the page, the moves
        super().play_hand()

    def resumed(self) -> None:
        self.echo = True  # "Resumed LOG: decisions 1-N replayed" on the terminal too
        try:
            super().resumed()
        finally:
            self.echo = False

    @property
    def lang_flag(self) -> str:
        return super().lang_flag + " --web"

    def record(self, data: dict[str, Any]) -> None:
        with self.write_lock:  # a stop never cuts a record in half
            super().record(data)

    # -- the question, its refusals, undo, the settlement ----------------------------------
    def ask(self, kind: str, advice: Any) -> Any:
        self.asked = Asked(kind, advice, self.choices(kind, advice))
        self.ask_id += 1
        try:
            return super().ask(kind, advice)
        finally:
            self.asked, self.refusal = None, None
            self.news_from = self.said

    def refuse(self, text: str, named: Any, err: RulesError) -> None:
        super().refuse(text, named, err)
        self.refusal = {"input": text, "message": err.message, "clause": err.clause}

    def undo(self) -> None:
        at = self.said
        super().undo()
        self.pending_notice = self.since(at)
        self.news_from = self.said

    def settlement(self) -> None:
        at = self.said
        super().settlement()
        result = self.game.observe()["result"]
        if result is not None:
            self.settled = {"hand": self.game.hand_number, "result": result,
                            "lines": self.since(at)}

    # -- the answers -------------------------------------------------------------------
    def state(self, asked: Asked | None, notice: list[str]) -> dict[str, Any]:
        return {**snapshot(self, asked, lang=self.lang, feed=self.lines,
                           news=max(0, self.news_from - self.dropped), notice=notice,
                           refusal=self.refusal, settlement=self.settled, hints=self.hints),
                "over": False, "failed": None}

    def wait_answer(self) -> str | None:
        """Publish the question and wait for the page's answer (None once stopping)."""
        if self.read_at is not None and self.read_at[0] == self.ask_id:
            notice = self.since(self.read_at[1])  # what the last answer was told
        else:
            notice, self.pending_notice = self.pending_notice or [], None
        self.read_at = (self.ask_id, self.said)
        self.echo = False
        while True:
            self.board.publish(self.state(self.asked, notice), waiting=True)
            action = self.board.next_action()
            if action is None:
                self.echo = True
                return None
            if action["do"] == "lang":
                self.lang, self.words = action["lang"], WORDS[action["lang"]]
                continue
            self.refusal = None
            return self.answer_text(action)

    def answer_text(self, action: dict[str, Any]) -> str:
        """The page's action as the terminal's answer to the question being asked."""
        do = action["do"]
        if do == "answer":
            return str(action["text"])
        if do == "choice":
            return str(action["n"])
        if do == "suggestion":
            assert self.asked is not None
            return suggestion_answer(self, self.asked)
        if do == "undo":
            return "undo"
        at = action.get("at")
        return "dispute" if at is None else f"dispute {at}"

    # -- the thread ----------------------------------------------------------------------
    def main(self) -> None:
        """Play the game (in the session's thread); publish how it ended."""
        failed: str | None = None
        try:
            self.play()
            last = self.lines[-1] if self.lines else ""
            print(f"{last} {LABELS[self.lang]['stays_open']}", file=self.out, flush=True)
        except EndOfInput:
            self.quit_message("interrupt")
        except DisputeError as err:  # the log of --resume does not replay
            failed = str(err)
        except OSError as err:
            failed = f"cannot write the log {self.log_name}: {err.strerror}"
        except Exception as err:  # a fault of the kit: say it, stop the server
            traceback.print_exc()
            failed = f"internal error: {type(err).__name__}: {err}"
        finally:
            self.close()
        self.board.failed = failed
        self.board.publish({**self.state(None, []), "over": failed is None,
                            "failed": failed}, waiting=False, done=True)

    def final_state(self, lang: str) -> dict[str, Any]:
        """The state after the game, in ``lang`` (the session's thread has ended)."""
        self.lang, self.words = lang, WORDS[lang]
        return {**self.state(None, []), "over": self.board.failed is None,
                "failed": self.board.failed}


def suggestion_answer(session: Session, asked: Asked) -> str:
    """The answer that plays the suggestion: its number among the choices (exact), or
    its words as the hint shows them."""
    advice = asked.advice.action
    for n, option in enumerate(asked.options, 1):
        if option.to_json() == advice.to_json():
            return str(n)
    return session.describe(session.as_read(advice, None, asked.options))


# -- the server ------------------------------------------------------------------------------


def load_assets() -> dict[str, bytes]:
    folder = resources.files("fivetenk.practice") / "assets"
    return {name: (folder / name).read_bytes() for name in ASSETS}


class TableServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    timeout = 0.5
    """handle_request() returns after this many seconds without a request"""

    def __init__(self, port: int, session: WebSession, token: str | None = None) -> None:
        super().__init__(("127.0.0.1", port), TableHandler)
        self.session = session
        self.board = session.board
        self.token = token or secrets.token_urlsafe(24)
        self.assets = load_assets()
        port = self.server_address[1]
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
        self.origins = {f"http://{host}" for host in self.hosts}
        self.url = f"http://127.0.0.1:{port}/{self.token}/"

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away, or a fault: one line, never a traceback."""
        err = sys.exc_info()[1]
        if isinstance(err, ConnectionError | TimeoutError):
            return
        print(f"fivetenk play --web: a request failed: {type(err).__name__}: {err}",
              file=sys.stderr)


class TableHandler(BaseHTTPRequestHandler):
    server: TableServer
    timeout = CLIENT_TIMEOUT
    server_version = "fivetenk"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the table's address and how it ended, not requests."""

    # -- answers -------------------------------------------------------------------------
    def send(self, code: int, body: bytes, ctype: str = "text/plain; charset=utf-8",
             headers: dict[str, str] | None = None) -> None:
        self.send_response(code)
        for key, value in {**SECURITY_HEADERS, **(headers or {})}.items():
            self.send_header(key, value)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, code: int, data: dict[str, Any]) -> None:
        self.send(code, json.dumps(data, ensure_ascii=False).encode("utf-8"),
                  "application/json; charset=utf-8")

    def refuse(self, code: int, message: str) -> None:
        self.send_json(code, {"error": message})

    def forbid(self, why: str) -> None:
        self.close_connection = True
        self.send(403, f"forbidden: {why}\n".encode())

    # -- every request -------------------------------------------------------------------
    def gate(self) -> str | None:
        """The path after the token when the request may be answered; else None, the
        refusal sent (403: no game data)."""
        server = self.server
        if self.headers.get("Host", "") not in server.hosts:
            self.forbid("the Host header must name this server (127.0.0.1 or localhost at "
                        "its port)")
            return None
        origin = self.headers.get("Origin")
        if origin is not None and origin not in server.origins:
            self.forbid("requests from another origin are refused")
            return None
        path = self.path.split("?", 1)[0]
        _, _, rest = path.partition("/")
        given, slash, tail = rest.partition("/")
        if not secrets.compare_digest(given.encode("utf-8", "replace"),
                                      server.token.encode()):
            self.forbid("the address needs the token printed by fivetenk play --web")
            return None
        return slash + tail

    def do_GET(self) -> None:
        where = self.gate()
        if where is None:
            return
        if where == "":
            self.send(301, b"", headers={"Location": f"/{self.server.token}/"})
        elif where == "/":
            lang = self.server.session.lang
            page = self.server.assets["index.html"].replace(b"{{lang}}", lang.encode())
            self.send(200, page, ASSETS["index.html"])
        elif where.lstrip("/") in ("table.js", "table.css", "favicon.svg"):
            name = where.lstrip("/")
            self.send(200, self.server.assets[name], ASSETS[name])
        elif where == "/api/state":
            self.get_state()
        elif where == "/api/action":
            self.refuse(405, "an action is sent with POST")
        else:
            self.refuse(404, f"no such page: {where[:80]}")

    def do_POST(self) -> None:
        where = self.gate()
        if where is None:
            return
        if where != "/api/action":
            if where in ("", "/", "/table.js", "/table.css", "/favicon.svg", "/api/state"):
                self.refuse(405, "only actions are sent with POST, to api/action")
            else:
                self.refuse(404, f"no such page: {where[:80]}")
            return
        action = self.read_action()
        if action is None:
            return
        board = self.server.board
        if action["do"] == "lang" and board.done:
            with board.changed:
                board.publish(self.server.session.final_state(action["lang"]),
                              waiting=False, done=True)
            self.send_json(202, {"version": board.version})
            return
        why = board.take(action["version"], action)
        if why is not None:
            self.send_json(409, {"error": why, "version": board.version})
            return
        self.send_json(202, {"version": board.version})

    def other(self) -> None:
        if self.gate() is not None:
            self.refuse(405, "the table answers GET and POST only")

    do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = other

    # -- the API -------------------------------------------------------------------------
    def get_state(self) -> None:
        query = self.path.partition("?")[2]
        since: int | None = None
        for part in filter(None, query.split("&")):
            key, _, value = part.partition("=")
            if key != "since" or not value.lstrip("-").isdigit() or len(value) > 12:
                self.refuse(400, "the state takes one parameter: since=VERSION")
                return
            since = int(value)
        self.send_json(200, self.server.board.current(since))

    def read_action(self) -> dict[str, Any] | None:
        """The action in the request's body, checked; else None, the refusal sent."""
        ctype = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            self.refuse(415, "an action is JSON (Content-Type: application/json)")
            return None
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            self.refuse(411, "send the action with a Content-Length")
            return None
        length = self.headers.get("Content-Length", "")
        if not length.isdigit() or len(length) > 15:
            self.close_connection = True
            self.refuse(411 if not length else 400, "send the action with a Content-Length")
            return None
        size = int(length)
        if size > MAX_BODY:
            self.close_connection = True
            if size <= DRAIN:
                self.rfile.read(size)
            self.refuse(413, f"an action is at most {MAX_BODY} bytes, this one has {size}")
            return None
        body = self.rfile.read(size)
        try:
            data = parse_json(body.decode("utf-8"))
        except UnicodeDecodeError:
            self.refuse(400, "the action is not UTF-8 text")
            return None
        except ScenarioError as err:
            self.refuse(400, f"the action is not JSON the table reads: {err}")
            return None
        problem = action_problem(data)
        if problem is not None:
            self.refuse(400, problem)
            return None
        return data  # type: ignore[no-any-return]


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def action_problem(data: Any) -> str | None:
    """What is wrong with an action the page sent, or None."""
    if not isinstance(data, dict):
        return "an action is a JSON object: {\"do\": ..., \"version\": N}"
    do = data.get("do")
    if do not in ACTIONS:
        return f"do is one of {', '.join(ACTIONS)}"
    if not _int(data.get("version")):
        return "version is the number of the state the action answers"
    allowed = {"do", "version", {"answer": "text", "choice": "n", "dispute": "at",
                                 "lang": "lang"}.get(do, "")}
    extra = sorted(set(data) - allowed)
    if extra:
        return f"{do} takes no {', '.join(extra)}"
    if do == "answer":
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            return "an answer has text: cards in notation, pass, skip or a call"
        words = text.split()
        if words[0].lower() == "dispute":
            if len(words) > 2 or (len(words) == 2 and not words[1].isdigit()):
                return "dispute takes a move number only (the table names the file)"
            data["do"], data["at"] = "dispute", int(words[1]) if len(words) == 2 else None
            del data["text"]
    if do == "choice" and not (_int(data.get("n")) and data["n"] >= 1):
        return "choice takes n, the number of a listed choice"
    if do == "dispute" and data.get("at") is not None and not (
            _int(data["at"]) and data["at"] >= 1):
        return "dispute takes at, a move number, or nothing for the last move"
    if do == "lang" and data.get("lang") not in LANGUAGES:
        return f"lang is one of {', '.join(LANGUAGES)}"
    return None


# -- the command -----------------------------------------------------------------------------


def serve(session: WebSession, *, port: int, open_browser: bool,
          out: TextIO | None = None) -> int:
    """Run the table until Ctrl-C, SIGTERM or SIGHUP; the exit code is then the kit's for
    that signal (130, 143, 129) once the session has said how to go on (the log keeps the
    game). 2 when the game cannot go on (a log that does not replay, a log that cannot be
    written, a port that cannot be listened on)."""
    out = out if out is not None else sys.stdout
    try:
        server = TableServer(port, session)
    except OSError as err:
        print(f"fivetenk play: cannot listen on 127.0.0.1:{port}: {err.strerror}",
              file=sys.stderr)
        return 2
    board = session.board
    thread = threading.Thread(target=session.main, name="fivetenk-table", daemon=True)
    in_main = threading.current_thread() is threading.main_thread()
    stops = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {signum: signal.signal(signum, _stop) for signum in stops} if in_main else {}
    code = 0
    try:
        thread.start()
        while not board.ready.wait(0.5):  # the replay of --resume, the first moves
            pass
        if board.failed:
            print(f"fivetenk play: {board.failed}", file=sys.stderr)
            return 2
        words = LABELS[session.lang]
        print(words["served"].format(url=server.url), file=out, flush=True)
        print(words["served_note"], file=out, flush=True)
        if open_browser and not webbrowser.open(server.url):
            print(words["no_browser"], file=out, flush=True)
        while not board.failed:
            server.handle_request()
        print(f"fivetenk play: {board.failed}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, Stop) as err:
        code = 128 + err.signum if isinstance(err, Stop) else 130
        board.stop()
        thread.join(STOP_WAIT)
        if thread.is_alive():  # thinking: the log is whole at its last decision
            session.write_lock.acquire(timeout=STOP_WAIT)
            print(LABELS[session.lang]["stopped_thinking"].format(n=session.number),
                  file=out, flush=True)
        return code
    finally:
        server.server_close()
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _stop(signum: int, frame: Any) -> None:
    raise Stop(signum)


__all__ = ["Board", "TableServer", "WebSession", "serve"]
