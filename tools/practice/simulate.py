"""Play random legal matches with the reference engine and print a readable log.

``fivetenk simulate --seed N [--hands K] [--scenario PATH]`` plays a match (up
to K hands, default 1) with the seeded random player at every seat and prints
reveals, the burial, the calls, every trick with seats and readings, how each
hand ended, the settlement and the levels. The same seed always gives the same
log.

With ``--scenario PATH`` the played game is also written as a scenario
(``schemas/scenario.schema.json``) that replays it: the explicit deal (and any
redeal decks), every decision as an ``act`` step expected to be accepted, each
later hand as a ``next_hand`` step, and a final observation expecting the
settlement, the levels and whether the match is over. ``fivetenk check
--only-paths PATH`` (with ``--impl`` for another engine) replays it. The file
is written to a temporary file and renamed, so no partial file is ever left.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from ..model.bounded import NAME_LIMIT, visible
from ..model.paths import Output, check_outputs
from ..model.scenario import Scenario, dumps
from ..reference import CHOICES, Action, Game, Phase, RandomPlayer, Variants
from ..results.report import write_atomic

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}
_ENDING_TEXT = {
    "bankers_out": "every banker-side player is out (R17.2)",
    "defenders_out": "every defender is out (R17.3)",
    "one_player_left": "only one player holds cards while a call is unresolved (R18.1)",
}


def variants_from_options(items: list[str]) -> Variants:
    """The house-rule variants of ``--variant NAME=VALUE`` options (``simulate``,
    ``play``); ValueError saying which option is malformed or unknown."""
    options: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--variant expects NAME=VALUE, not {item!r}")
        options[name] = value
    return Variants.from_mapping(options)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, required=True, help="seed of the deal and players")
    parser.add_argument("--hands", type=int, default=1, help="hands to play (default 1)")
    parser.add_argument("--scenario", type=Path, help="also write the played game as JSON")
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME=VALUE",
        help="a house-rule variant, e.g. pass=trick (repeatable; "
        + "; ".join(f"{k}: {'|'.join(v)}" for k, v in CHOICES.items()) + ")",
    )


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play and log the match; returns the exit code."""

    out = out or sys.stdout
    try:
        variants = variants_from_options(args.variant)
    except ValueError as err:
        print(f"fivetenk simulate: {err}", file=sys.stderr)
        return 2
    if args.hands < 1:
        print("fivetenk simulate: --hands must be at least 1", file=sys.stderr)
        return 2
    check_outputs([Output("--scenario", args.scenario, what="the scenario")])  # issue 29
    game_json = simulate(args.seed, args.hands, variants, out)
    if args.scenario is not None:
        scenario = to_scenario(args.seed, game_json)
        write_atomic(args.scenario, dumps([scenario.to_json()]))
        print(f"scenario written to {visible(str(args.scenario), NAME_LIMIT)}", file=out)
    return 0


ENDING_CLAUSE = {"bankers_out": "R17.2", "defenders_out": "R17.3", "one_player_left": "R18.1"}
BAND_CLAUSE = {"0": "R21.1", "5-55": "R21.2", "60-115": "R21.3", "120-175": "R21.4",
               "180-235": "R21.5", "240-295": "R21.6", "300": "R21.7"}


def to_scenario(seed: int, game_json: dict[str, Any]) -> Scenario:
    """The played match as a scenario that replays it decision by decision."""
    setup = game_json["setup"]
    deal: dict[str, Any] = {"deck": setup["deck"], "first": setup["first"]}
    if setup.get("redeals"):
        deal["redeals"] = setup["redeals"]
    steps: list[dict[str, Any]] = []
    for action in game_json["actions"]:
        if action["type"] == "next_hand":
            steps.append({"op": "next_hand", "deck": action["deck"], "first": action["first"],
                          "expect": {"accepted": True}})
        else:
            steps.append({"op": "act", "action": action, "expect": {"accepted": True}})
    final = game_json["final_observation"]
    result = final["result"]
    steps.append({"op": "observe", "expect": {
        "phase": final["phase"], "result": result, "levels": final["levels"],
        "match_over": final["match_over"]}})
    hands = final["hand"]
    return Scenario(
        id=f"sim-{seed}",
        name=f"Random match replayed: seed {seed}, {hands} hand{'s' if hands > 1 else ''}",
        clauses=[ENDING_CLAUSE[result["ending"]], BAND_CLAUSE[result["band"]]],
        rulings=[], tags=["simulated"], variants=dict(setup["variants"]),
        setup={"deal": deal}, steps=steps)


def simulate(seed: int, hands: int, variants: Variants, out: TextIO) -> dict[str, Any]:
    """Play up to ``hands`` hands, writing the log to ``out``; return the scenario JSON."""
    game = Game.new(seed=seed, variants=variants)
    player = RandomPlayer(seed)
    actions: list[dict[str, Any]] = []
    setup: dict[str, Any] = {}
    mapping = variants.to_mapping()
    print(f"Match, seed {seed}, variants: "
          f"{', '.join(f'{k}={v}' for k, v in mapping.items()) or 'defaults'}", file=out)
    for index in range(hands):
        if index:
            game.next_hand()
            actions.append({"type": "next_hand", "deck": [str(c) for c in game.deal_decks[0]],
                            "first": game.first})
        hand_actions = _play_logged(game, player, out)
        if not index:
            decks = game.deal_decks
            setup = {"deck": [str(c) for c in decks[0]], "first": game.first,
                     "variants": mapping}
            if len(decks) > 1:
                setup["redeals"] = [[str(c) for c in d] for d in decks[1:]]
        actions.extend(a.to_json() for a in hand_actions)
        if game.match_over:
            break
    return {"setup": setup, "actions": actions, "final_observation": game.observe()}


def _play_logged(game: Game, player: RandomPlayer, out: TextIO) -> list[Action]:
    obs = game.observe()
    levels = " ".join(obs["levels"])
    print(f"\n== Hand {obs['hand']}: first card to seat {game.first}; levels {levels}", file=out)
    if obs["previous_winners"]:
        print(f"   eligible revealers (previous winners): {obs['previous_winners']}", file=out)
    played: list[Action] = []
    trick_no = 0
    deal = 1
    while game.pending() is not None:
        action = player.choose(game)
        before = game.observe()
        game.apply(action)
        played.append(action)
        after = game.observe()
        if after["deal"] != deal:
            deal = after["deal"]
            print(f"   nobody revealed a 3: shuffle and redeal (deal {deal}, R08.4)", file=out)
        kind = action.type
        if kind == "reveal":
            print(f"   draw {before['draws']}: seat {action.seat} reveals {action.card} "
                  "and becomes the banker", file=out)
        elif kind == "skip":
            print(f"   draw {before['draws']}: seat {action.seat} could reveal, skips", file=out)
        if before["phase"] == "dealing" and after["phase"] == "burying":
            if after["reveal"] is None:
                print(f"   nobody revealed: seat {after['banker']} is the banker by the "
                      "search from the previous banker (R09.5)", file=out)
            print(f"   dealing complete; seat {after['banker']} takes the kitty", file=out)
        if kind == "bury":
            print(f"   seat {action.seat} buries {len(action.cards)} cards (hidden)", file=out)
        elif kind == "call":
            calls = ", ".join(f"{c.face} ({_ORDINAL.get(c.ordinal, c.ordinal)} play)"
                              for c in action.calls)
            print(f"   seat {action.seat} calls {calls}", file=out)
        elif kind in ("play", "pass"):
            if before["trick"] is None:
                trick_no += 1
                print(f"   trick {trick_no}, seat {action.seat} leads", file=out)
            if kind == "play":
                entry = (after["trick"] or {}).get("plays", [{}])[-1]
                cards = " ".join(str(c) for c in action.cards)
                note = " — out" if action.seat in after["out"] else ""
                print(f"     seat {action.seat}: {entry.get('combo', '?')} ({cards}){note}",
                      file=out)
                for old, new in zip(before["calls"], after["calls"], strict=True):
                    if old["resolved_by"] is None and new["resolved_by"] is not None:
                        who = "self-call" if new["resolved_by"] == after["banker"] \
                            else "partner of the banker"
                        print(f"     call {new['face']} {_ORDINAL[new['ordinal']]} resolved "
                              f"by seat {new['resolved_by']} ({who})", file=out)
            else:
                print(f"     seat {action.seat}: pass", file=out)
            if after["trick"] is None and after["phase"] == "playing":
                won = [a - b for a, b in zip(after["captured"], before["captured"], strict=True)]
                top = (before["trick"] or {}).get("top") or {}
                winner = top.get("seat", action.seat)
                print(f"     -> seat {winner} wins the trick ({won[winner]} points)", file=out)
    _log_result(game, out)
    return played


def _log_result(game: Game, out: TextIO) -> None:
    obs = game.observe()
    result = obs["result"]
    assert game.phase is Phase.FINISHED and result is not None
    print(f"   hand over: {_ENDING_TEXT[result['ending']]}", file=out)
    print(f"   banker side {result['banker_side']}, defenders {result['defenders']}", file=out)
    remnant_to = result["remnant_to"]
    remnant_to = remnant_to if isinstance(remnant_to, str) else f"seat {remnant_to}"
    print(f"   kitty {' '.join(result['kitty'])}: {result['kitty_points']} points to seat "
          f"{result['kitty_to']}; table {result['table_points']} points to seat "
          f"{result['table_to']}; remnant {result['remnant_points']} points to {remnant_to}",
          file=out)
    print(f"   captured per seat {obs['captured']}", file=out)
    winners = result["winners"]
    moved = "nobody advances" if not result["advance"] else f"each +{result['advance']}"
    print(f"   defenders {result['defender_total']}, bankers {result['banker_total']}: band "
          f"{result['band']}, {winners} win, {moved}", file=out)
    print(f"   levels now {' '.join(result['levels'])}", file=out)
    if result["match_winners"]:
        print(f"   match won by seat(s) {', '.join(map(str, result['match_winners']))} (R07.2)",
              file=out)
