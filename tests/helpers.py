"""What the tests share (issue 31, item 7): the one way to run the command line in process
(:func:`run_cli`, and :func:`check_run` for a ``check`` whose JSON-lines report a test
reads), the folders (:data:`ROOT`, :data:`TESTS`, :data:`MINIATURES`), and the helpers and
data more than one test file uses, so that no test imports another test file.

- deck orders for the engine's unit tests: chosen cards at chosen draws (:func:`arrange_deck`);
- a miniature started warm, so the kit's clock runs only once it is ready (:class:`Warm`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from fivetenk import __version__, cli
from fivetenk.practice import play as play_mod
from fivetenk.practice.strategy import HeuristicPlayer
from fivetenk.reference.cards import Card, Rank, full_deck
from fivetenk.reference.dealing import DRAWS, KITTY_SIZE, validate_deck
from fivetenk.reference.errors import InvalidCards
from fivetenk.reference.game import Game

TESTS = Path(__file__).resolve().parent
"""The tests' folder (tests/)."""
ROOT = TESTS.parent
"""The checkout."""
MINIATURES = TESTS / "miniatures"
"""The tiny misbehaving implementations (tests/miniatures/)."""
README = ROOT / "README.md"
GUARANTEES = ROOT / "docs" / "guarantees.md"
"""The guide of what the kit guarantees (docs/guarantees.md)."""


CHECK_REPORT = "check-run.jsonl"
"""The JSON-lines report :func:`check_run` writes in its folder."""


def check_run(tmp_path: Path, *args: str) -> tuple[int, str, dict[str, dict[str, Any]]]:
    """``fivetenk check --no-progress --jsonl FILE ARGS`` in process (:func:`run_cli`): the
    exit code, what it printed, and the report's records by scenario id (the report is
    ``tmp_path / CHECK_REPORT``: its first record is the run's)."""
    report = tmp_path / CHECK_REPORT
    code, out, _ = run_cli(["check", "--no-progress", "--jsonl", str(report), *args])
    records = [json.loads(x) for x in report.read_text(encoding="utf-8").splitlines()[1:]]
    return code, out, {r["id"]: r for r in records if "id" in r}


# -- the shipped scenarios, as JSON ------------------------------------------------------

SHIPPED_JSON: list[dict[str, Any]] = [
    s for p in sorted((ROOT / "features" / "scenarios").glob("*.json"))
    for s in json.loads(p.read_text("utf-8"))]


# -- the command line, in process --------------------------------------------------------

def run_cli(args: list[str]) -> tuple[int, str, str]:
    """``cli.main(args)`` with stdout a strict UTF-8 stream and stderr as Python sets it up
    (backslash escapes); (exit code, stdout, stderr). Exceptions propagate: that is the
    failure the tests look for."""
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", errors="strict", newline="\n")
    err = io.TextIOWrapper(err_bytes, encoding="utf-8", errors="backslashreplace", newline="\n")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(args)
    out.flush()
    err.flush()
    return code, out_bytes.getvalue().decode("utf-8"), err_bytes.getvalue().decode("utf-8")


# -- the kit in a process of its own, its memory bounded ---------------------------------

def kit_command() -> list[str]:
    exe = Path(sys.executable).with_name("fivetenk")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "fivetenk.cli"]


LIMITED = """
import resource, subprocess, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
code = subprocess.run(sys.argv[1:]).returncode
print(f"peak-rss-kb {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}", file=sys.stderr)
sys.exit(code)
"""
"""Runs a command with at most 1 GiB of address space and prints the peak resident memory
of the command (and of the processes it reaped) last on stderr."""


def run_kit(args: list[str]) -> tuple[int, str, str, int]:
    """The kit run under :data:`LIMITED`: exit code, stdout, stderr, peak RSS in KB."""
    proc = subprocess.run([sys.executable, "-c", LIMITED, *kit_command(), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    err, _, last = proc.stderr.rstrip("\n").rpartition("\n")
    if not last.startswith("peak-rss-kb "):
        err, last = proc.stderr, "peak-rss-kb 0"
    return proc.returncode, proc.stdout, err, int(last.split()[1])


# -- a sample feature --------------------------------------------------------------------

GOOD = """\
Feature: mine

  @id:mine-001 @R05.2 @D11
  Scenario: five threes beat four aces
    When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"
    Then it beats the top play
"""


# -- game logs of fivetenk play ----------------------------------------------------------

def make_log(path: Path, seed: int, hands: int,
             override: Callable[[Game, int], dict[str, Any] | None] | None = None
             ) -> list[dict[str, Any]]:
    """Play ``hands`` hands with the heuristic player and write the game log to ``path``;
    return its records. ``override(game, hand)`` may choose an action instead (None: the
    player's)."""
    game = Game.new(seed=seed)
    player = HeuristicPlayer()
    records: list[dict[str, Any]] = [{"record": "game", "kit": __version__, "seed": seed,
                                      "seat": 0, "variants": {}, "hands": hands}]
    n = 0
    previous_banker = None
    for hand in range(1, hands + 1):
        if hand > 1:
            game.next_hand()
        before = game.observe()
        decisions = []
        while (pending := game.pending()) is not None:
            chosen = override(game, hand) if override is not None else None
            action = chosen if chosen is not None else player.choose(game).to_json()
            n += 1
            decisions.append({"record": "decision", "n": n, "hand": hand, "seat": pending.seat,
                              "kind": pending.kind, "action": action, "by": "computer",
                              "suggested": action})
            game.apply(action)
        decks = game.deal_decks  # known once dealing is over (a redeal adds one)
        deal: dict[str, Any] = {"deck": [str(c) for c in decks[0]], "first": game.first}
        if len(decks) > 1:
            deal["redeals"] = [[str(c) for c in d] for d in decks[1:]]
        if hand > 1:
            deal.update(hand=hand, levels=before["levels"],
                        previous_winners=before["previous_winners"],
                        previous_banker=previous_banker)
        previous_banker = game.banker
        records.append({"record": "hand", "hand": hand, "setup": {"deal": deal}})
        records.extend(decisions)
        if game.match_over:
            break
    records.append({"record": "end", "levels": game.observe()["levels"],
                    "match_over": game.match_over})
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return records


def refusal_log(tmp_path: Path, answers: str) -> Path:
    """A log of ``fivetenk play`` at seat 5 of seed 1 (the banker), with ``answers``."""
    log = tmp_path / "refused.jsonl"
    main_args = ["play", "--seed", "1", "--seat", "5", "--hands", "1", "--log", str(log)]
    stdin, stdout = sys.stdin, sys.stdout
    try:
        sys.stdin, sys.stdout = io.StringIO(answers), io.StringIO()
        assert cli.main(main_args) == 0
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    return log


# -- fivetenk play, in process -----------------------------------------------------------

def play(argv: list[str], answers: str = "", out: io.StringIO | None = None) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    play_mod.add_arguments(parser)
    out = out if out is not None else io.StringIO()
    code = play_mod.run(parser.parse_args(argv), out, io.StringIO(answers))
    return code, out.getvalue()


def hint_answer(hint: str) -> str:
    """The typed answer that names a hint's action (``hint: 4H 4S (pair 4)`` -> 4H 4S)."""
    text = hint.split("  ('?'")[0]
    text = text.split(" (")[0]
    for word in ("reveal ", "bury ", "call "):
        text = text.removeprefix(word)
    return text


# -- what a seat cannot see, shuffled ----------------------------------------------------

def shuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same position with every card ``seat`` cannot see redistributed at random:
    other hands (sizes kept) and, unless ``seat`` is the banker, the burial (R10.2)."""
    pos = game.to_position()
    hidden_burial = seat != pos["banker"]
    others = [s for s in range(6) if s != seat]
    pool = [c for s in others for c in pos["hands"][s]]
    if hidden_burial:
        pool += pos["buried"]
    rng.shuffle(pool)
    for s in others:
        n = len(pos["hands"][s])
        pos["hands"][s], pool = pool[:n], pool[n:]
    if hidden_burial:
        pos["buried"] = pool
    return Game.from_position(pos)


# -- plays that do not beat, and the code refusing each ----------------------------------

TWELVE = "3D 3D 3D 3C 3C 3C 3H 3H 3H 3S 3S 3S"

PACK_SIZE = len(full_deck())
"""162: three decks with jokers (R01.1)."""


PLAYS: list[tuple[dict[str, str], str, str]] = [
    # (variants, the top play seat 0 leads, the reply seat 1 tries); every row is reached
    ({"twelve_bomb": "beats_rocket"}, TWELVE, "SJ BJ"),
    ({"twelve_bomb": "beats_rocket", "rocket": "joker_sets"}, TWELVE, "SJ SJ SJ BJ"),
    ({}, "SJ BJ", "9C"),
    ({}, "SJ BJ", "9C 9C 9C 9H"),
    ({"rocket": "joker_sets"}, "SJ SJ BJ", "SJ BJ"),
    ({"twelve_bomb": "beats_rocket"}, "SJ BJ", "4D 4D 4D 4C 4C 4C 4H 4H 4H 4S 4S"),
    ({}, "9D 9C 9H 9S", "4D 4C 4H 4S"),
    ({"twelve_bomb": "beats_rocket"}, "2D 2D 2D 2C 2C 2C 2H 2H 2H 2S 2S 2S", TWELVE),
    ({}, "9D 9C 9H 9S", "JC"),
    ({}, "9D 9C 9H 9S", "5C 10D KS"),
    ({}, "9D 9C 9H 9S", "5S 10S KS"),
    ({"twelve_bomb": "beats_rocket"}, TWELVE, "JC JS"),
    ({}, "5C 10D KS", "5D 10C KH"),
    ({}, "5S 10S KS", "5D 10D KD"),
    ({}, "5C 10D KS", "JC"),
    ({}, "5S 10S KS", "5D 10C KH"),
    ({}, "5S 10S KS", "JC JS JH"),
    ({}, "9D", "7C"),
    ({}, "9D", "JC JS"),
]


# -- the rule breakers and the scenarios that catch them ---------------------------------

RULE_BREAKERS: dict[str, tuple[str, str, set[str]]] = {
    # name: (rule, a clause the catching scenarios exercise, ids that caught it when written)
    "two_below_ace": ("R02", "R02.1", {"R02-003", "R02-009", "R02-001.12", "R02-007.1"}),
    "wings_both_jokers": ("R03", "R03.5", {"R03-037.1", "R03-037.2", "R03-037.3"}),
    "bare_shape_refused": ("R03", "R03.1", {"R03-502.1", "R03-502.2", "R03-502.3"}),
    "declared_reading_ignored": ("R03", "R03.1", {"R03-507"}),
    "distinct_bans_single_wings": ("R03", "R03.5", {"R03-503"}),
    "distinct_skips_jokers": ("R03", "R03.5", {"R03-504"}),
    "distinct_wings_unlisted": ("R03", "R03.5", {"R03-505"}),
    "wing_rank_at_most_three": ("R03", "R03.5", {"R03-506"}),
    "suited_reversed": ("R04", "R04.2", {"R04-011.1", "R04-012.1"}),
    "bombs_by_rank": ("R05", "R05.2", {"R05-001", "R05-012", "R05-015.1", "R05-016"}),
    "six_jokers_ignored": ("R05", "R05.3", {"R05-033", "R05-034.1", "R05-038"}),
    "twelve_bomb_ignored": ("R05", "R05.3", {"R05-042.1", "R05-043.1", "R05-047"}),
    "weakest_reading_explained": ("R05", "R05.3", {"R05-407"}),
    "first_receiver_seat_1": ("R01", "R01.2", {"R01-701"}),
    "reveal_counts_as_call": ("R11", "R11.4", {"R11-017"}),
    "ordinal_zero_as_first": ("R11", "R11.4", {"R11-507.1", "R11-507.2"}),
    "self_call_partner": ("R11", "R11.5", {"R11-025", "R11-026"}),
    "pass_locks": ("R13", "R13.3", {"R13-014", "R13-021", "R13-024"}),
    "pass_unrecorded": ("R13", "R13.2", {"R13-515"}),
    "early_whole_side": ("R17", "R17.1", {"R17-001", "R17-002", "R17-003"}),
    "kitty_to_banker": ("R19", "R19.3", {"R19-005", "R19-007", "R19-008"}),
    "band_off_by_one": ("R21", "R21.4", {"R21-001.6", "R21-003.1"}),
    "next_hand_keeps_reveal": ("R23", "R23.1", {"R23-602"}),
}


# -- deck orders ----------------------------------------------------------------------
# Deck orders for the engine's unit tests: chosen cards at chosen draws.
#
# (Moved out of the engine, which never used it: the scenario language builds its decks with
# :func:`fivetenk.language.deals.build_deck`, and the engine only receives whole decks.)

def arrange_deck(
    draws: Mapping[int, Card | str] | None = None,
    *,
    kitty: Iterable[Card | str] = (),
    late: Iterable[Rank] = (),
) -> tuple[Card, ...]:
    """A deck order with chosen cards at chosen draws.

    ``draws`` maps draw numbers 1–156 to cards; ``kitty`` cards go to the kitty (the last
    six cards, D2). Every other card of the pack fills the free places in canonical order,
    except that cards whose rank is in ``late`` are put as late as possible — the kitty
    first, then the last draws — so that nobody is prompted to reveal them early (D3).
    Raises :class:`InvalidCards` if the placements are impossible.
    """
    placed: dict[int, Card] = {}
    for draw, card in (draws or {}).items():
        if not 1 <= draw <= DRAWS:
            raise InvalidCards(f"draw {draw} is not a draw 1-{DRAWS}")
        placed[draw - 1] = Card.parse(card) if isinstance(card, str) else card
    kitty_cards = [Card.parse(c) if isinstance(c, str) else c for c in kitty]
    if len(kitty_cards) > KITTY_SIZE:
        raise InvalidCards(f"the kitty holds {KITTY_SIZE} cards, not {len(kitty_cards)}")
    for offset, card in enumerate(kitty_cards):
        placed[DRAWS + offset] = card
    rest = Counter(full_deck())
    rest.subtract(placed.values())
    if any(n < 0 for n in rest.values()):
        over = sorted(c for c, n in rest.items() if n < 0)
        raise InvalidCards(f"more than 3 copies placed of {', '.join(map(str, over))}",
                           clause="R01.1")
    late_ranks = set(late)
    early = [c for c in sorted(rest.elements()) if c.rank not in late_ranks]
    delayed = [c for c in sorted(rest.elements()) if c.rank in late_ranks]
    deck: list[Card | None] = [placed.get(i) for i in range(PACK_SIZE)]
    for i in [*range(DRAWS, PACK_SIZE), *range(DRAWS - 1, -1, -1)]:
        if deck[i] is None and delayed:
            deck[i] = delayed.pop()
    for i in range(PACK_SIZE):
        if deck[i] is None:
            deck[i] = early.pop(0) if early else delayed.pop()
    return validate_deck([c for c in deck if c is not None])


# -- a miniature started warm ----------------------------------------------------------
# Start a miniature and wait until it is ready to answer before the kit's clock runs.
#
# The kit gives each reply ``timeout`` seconds, the handshake's included, and the handshake
# is written as soon as the process is started: a test that gives a miniature a short
# timeout (to see a hang time out in a fraction of a second) also gave Python's start-up that
# fraction, which a busy machine spends before the first line of the miniature runs (0.44 s
# for ``slow.py``'s handshake at load 12 on 2 cores: a 0.45 s timeout failed it). Through
# :class:`Warm` (the driver's ``spawn``), the process is started and the test waits for the
# event that it is ready (the miniature writes its pid to the file named by
# :data:`READY_VARIABLE` once it reads its input, :func:`mini.serve`); only then does the
# kit send ``hello`` and start its clock. A process started so is killed alone (no
# descendants are looked for: :data:`fivetenk.impl.process_pipes.Spawn`), so a test of the
# clean-up of a process tree does not use it.

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
