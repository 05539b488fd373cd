"""Every user input either runs or is refused with exit 2, naming the file and the line or
JSON path (issue 12, "every user input"): the one reader of user files (FIFOs, devices,
sizes, encodings), folders (unreadable ones, links, loops, each file once), strict JSON and
YAML (duplicate keys, depth, numbers), card tokens and copies (R01.1), size bounds, and
``fivetenk render`` on every schema-valid scenario.

The command line runs in process (:func:`fivetenk.cli.main`); the helpers of
``test_input_fuzz`` give it a strict UTF-8 stdout and fail on any escaping exception.
"""

from __future__ import annotations

import json
import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    GOOD,  # the one sample feature of the kit's tests
    SHIPPED_JSON,
    run_cli,
)

from fivetenk.language.compiler import FeatureError, compile_text
from fivetenk.model import scenario, user_input
from fivetenk.model.scenario import (
    MAX_CARDS,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_INT,
    MAX_ITEMS,
    Scenario,
    ScenarioError,
    parse_json,
)
from fivetenk.reference.errors import InvalidNotation
from fivetenk.reference.game import Game
from fivetenk.suite import catalog

CHECK = ["check", "--only-paths", "--no-progress", "-q"]


def check(*paths: Path | str, extra: tuple[str, ...] = ()) -> tuple[int, str, str]:
    return run_cli([*CHECK, *extra, *map(str, paths)])


def refused(code_out_err: tuple[int, str, str], *fragments: str) -> str:
    """Assert exit 2 with every fragment in the one-line message; return the message."""
    code, _, err = code_out_err
    assert code == 2, err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err, (fragment, err)
    return err


def first_json(op: str, **where: Any) -> dict[str, Any]:
    """A copy of the first shipped scenario with a step of ``op`` (and setup kind)."""
    for s in SHIPPED_JSON:
        setup = s.get("setup") or {}
        if any(st["op"] == op for st in s["steps"]) and all(k in setup for k in where):
            return json.loads(json.dumps(s))
    raise AssertionError(op)


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def in_thread(func: Callable[[], Any]) -> Any:
    """Run ``func`` in a daemon thread: a blocking bug shows as a failure, not a hung run
    (the wait is only reached when the code under test blocks forever)."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = func()
        except BaseException as err:  # handed back to the test
            box["error"] = err

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive(), "blocked"
    if "error" in box:
        raise box["error"]
    return box.get("value")


# ---------------------------------------------------------------------------------------------
# The reader
# ---------------------------------------------------------------------------------------------


def test_a_fifo_is_refused_from_its_stat_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "cases.feature"
    os.mkfifo(fifo)
    result = in_thread(lambda: check(fifo))
    refused(result, "cases.feature", "a FIFO (named pipe), not a regular file")


def test_a_fifo_swapped_in_after_the_stat_cannot_block_either(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The race: the path was a regular file when stat looked, a FIFO when it is opened.
    The non-blocking open returns at once and fstat refuses it."""
    fifo = tmp_path / "cases.json"
    os.mkfifo(fifo)
    regular = os.stat(__file__)
    real_stat = os.stat
    monkeypatch.setattr(user_input.os, "stat",
                        lambda p, *a, **k: regular if Path(p) == fifo else real_stat(p, *a, **k))
    with pytest.raises(ScenarioError, match="a FIFO"):
        in_thread(lambda: user_input.read_text(fifo, "cases.json"))


def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    refused(check(link), "zero.json", "a character device, not a regular file")


def test_a_file_over_the_size_bound_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.feature"
    with big.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing to write, nothing read
    refused(check(big), "big.feature", "larger than 4 MiB")


def test_at_most_the_bound_plus_one_byte_is_read(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose size stat does not tell (``/proc`` files say 0) is still read only up
    to the bound + 1 bytes, then refused."""
    path = tmp_path / "long.json"
    path.write_bytes(b" " * 10_000)
    monkeypatch.setattr(user_input, "MAX_FILE_BYTES", 100)
    real_stat, real_read = os.stat, os.read
    asked: list[int] = []

    def small_stat(p: Any, *a: Any, **k: Any) -> Any:
        info = real_stat(p, *a, **k)
        return os.stat_result((*info[:6], 0, *info[7:10])) if Path(p) == path else info

    def counting_read(fd: int, n: int) -> bytes:
        asked.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(user_input.os, "stat", small_stat)
    monkeypatch.setattr(user_input.os, "read", counting_read)
    with pytest.raises(ScenarioError, match="larger than"):
        user_input.read_text(path, "long.json")
    assert sum(asked) <= 101


def test_a_bom_is_accepted_in_features_json_and_expectations(tmp_path: Path) -> None:
    feature = tmp_path / "bom.feature"
    feature.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    [s] = compile_text(GOOD, "x")
    as_json = tmp_path / "bom.json"
    as_json.write_bytes(b"\xef\xbb\xbf" + json.dumps(s.to_json()).encode())
    expectations = tmp_path / "e.yaml"
    expectations.write_bytes(b"\xef\xbb\xbfskip:\n  R05: not yet\n")
    assert check(feature)[0] == 0
    assert check(as_json)[0] == 0
    code, out, _ = check(feature, extra=("--expectations", str(expectations)))
    assert code == 1  # read, and applied: it skips the one scenario, so none ran (issue 18)
    assert "no scenario ran: the one selected was skipped (not yet (R05))" in out


@pytest.mark.parametrize(("data", "where", "message"), [
    (GOOD.replace("mine", "min\xe9", 1).encode("latin-1"), "f.feature:1",
     "not UTF-8 text (byte 0xe9)"),
    (GOOD.replace("Scenario:", "Scenario:\x00").encode(), "f.feature:4", "a NUL byte"),
    (GOOD.encode("utf-16"), "f.feature:1", "UTF-16 text"),
])
def test_bytes_that_are_not_text_name_their_line(tmp_path: Path, data: bytes, where: str,
                                                 message: str) -> None:
    path = tmp_path / "f.feature"
    path.write_bytes(data)
    refused(check(path), f"{tmp_path / where}: {message}")


def test_lone_carriage_returns_end_lines(tmp_path: Path) -> None:
    path = tmp_path / "mac.feature"
    path.write_bytes(GOOD.replace("\n", "\r").encode())
    assert check(path)[0] == 0


def test_a_folder_where_a_file_is_needed_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "cases.json"
    folder.mkdir()
    refused(run_cli(["render", str(folder)]), "cases.json", "a folder, not a regular file")


def test_a_file_without_scenarios_is_refused(tmp_path: Path) -> None:
    empty = write_json(tmp_path / "empty.json", [])
    refused(check(empty), "empty.json: no scenarios in this file")
    bare = tmp_path / "bare.feature"
    bare.write_text("Feature: nothing yet\n", encoding="utf-8")
    refused(check(bare), "bare.feature: no scenarios in this file")


# ---------------------------------------------------------------------------------------------
# Folders
# ---------------------------------------------------------------------------------------------


def _cases(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "a.feature"
    path.write_text(GOOD, encoding="utf-8")
    return path


def test_an_unreadable_subfolder_is_an_error_not_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(Permissions cannot be tested as root, so the folder read fails as it would.)"""
    _cases(tmp_path / "cases")
    locked = tmp_path / "cases" / "locked"
    locked.mkdir()
    real_scandir = os.scandir

    def scandir(path: Any) -> Any:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(catalog.os, "scandir", scandir)
    refused(check(tmp_path / "cases"), f"{locked}: cannot read this folder: Permission denied")


def test_an_unreadable_case_file_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "cases"
    _cases(folder)
    (folder / "gone.feature").symlink_to(tmp_path / "nowhere.feature")
    refused(check(folder), "gone.feature: cannot read: No such file or directory")


def test_each_file_is_loaded_once_however_it_is_reached(tmp_path: Path) -> None:
    folder = tmp_path / "cases"
    path = _cases(folder)
    (tmp_path / "link.feature").symlink_to(path)
    os.link(path, tmp_path / "hard.feature")
    (folder / "again").symlink_to(folder)  # a loop back into the folder
    loaded = catalog.load([folder, path, tmp_path / "link.feature", tmp_path / "hard.feature",
                           folder / "again" / "a.feature"], with_shipped=False)
    assert [s.id for s in loaded] == ["mine-001"]
    code, out, _ = check(folder, path, tmp_path)
    assert code == 0 and "total" in out


def test_a_folder_named_like_a_feature_is_walked_as_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "x.feature"
    _cases(folder)
    assert [s.id for s in catalog.load([folder], with_shipped=False)] == ["mine-001"]
    assert [s.id for s in catalog.load([tmp_path], with_shipped=False)] == ["mine-001"]


def test_a_symbolic_link_loop_is_an_error_not_a_hang(tmp_path: Path) -> None:
    loop = tmp_path / "loop.feature"
    loop.symlink_to(loop)
    refused(check(loop), "loop.feature", "Too many levels of symbolic links")
    folder = tmp_path / "cases"
    _cases(folder)
    (folder / "self.json").symlink_to(folder / "self.json")
    refused(check(folder), "self.json", "Too many levels of symbolic links")


def test_a_shipped_feature_named_beside_the_suite_is_not_loaded_twice() -> None:
    shipped = catalog.shipped_features_dir() / "R05_bombs_and_rockets.feature"
    code, out, err = run_cli(["check", "--no-progress", "--rule", "R05", str(shipped)])
    assert code == 0, err  # loaded twice, its ids would clash: exit 2
    count = sum(s.rule == "R05" for s in catalog.shipped())
    assert f"fivetenk check: {count} scenarios against" in out


# ---------------------------------------------------------------------------------------------
# Strict JSON and YAML
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "line", "message"), [
    ('{"id": "a",\n "id": "b"}', 2, '$.id: duplicate key "id"'),
    ('[1,\n' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "]", 2,
     f"nested deeper than {MAX_DEPTH} levels"),
    ("[" * 5000 + "]" * 5000, 1, f"nested deeper than {MAX_DEPTH} levels"),
    ('{"n":\n' + "9" * 5000 + "}", 2, "$.n: the number 9999"),
    (f'{{"n": {MAX_INT + 1}}}', 1, "out of range"),
    (f'{{"n": -{MAX_INT + 1}}}', 1, "out of range"),
    ('{"n": 1e999}', 1, "$.n: the number 1e999 is out of range"),
    ('{"a": [0, NaN]}', 1, "$.a[1]: NaN is not a JSON number"),
    ('{"a": -Infinity}', 1, "-Infinity is not a JSON number"),
    ('{"a": "\\ud800"}', 1, "$.a: a lone surrogate"),
    ('{"\\udfff": 1}', 1, "a lone surrogate"),
    ("[" + "0," * MAX_ITEMS + "0]", 1, f"more than {MAX_ITEMS} items"),
    ('{"a": 1,}', 1, "not JSON: Expecting property name"),
])
def test_strict_json_names_the_line_and_path(tmp_path: Path, text: str, line: int,
                                             message: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    refused(check(path), f"{path}:{line}: ", message)
    with pytest.raises(ScenarioError, match=r"not JSON|duplicate|nested|number|surrogate|more"):
        parse_json(text)


def test_strict_json_accepts_what_a_scenario_holds() -> None:
    assert parse_json('\ufeff{"a": [1, -2, 3.5, "x", null, true, {"b": []}]}') == {
        "a": [1, -2, 3.5, "x", None, True, {"b": []}]}
    assert parse_json(str(MAX_INT)) == MAX_INT


@pytest.mark.parametrize(("suffix", "text", "message"), [
    (".yaml", "skip:\n  R11: not yet\n  R11: again\n", "e.yaml:3: not YAML the kit accepts: "
     "duplicate key 'R11'"),
    (".yaml", "skip: " + "[" * 80 + "]" * 80 + "\n", f"nested deeper than {MAX_DEPTH}"),
    (".yaml", "skip:\n  R11: " + "7" * 5000 + "\n", "e.yaml:2: not YAML the kit accepts: "
     "the number 7777"),
    (".yaml", "skip: !!python/object:os.system x\n", "could not determine a constructor"),
    (".json", '{"skip": {"R11": "a",\n "R11": "b"}}', 'e.json:2: $.skip.R11: duplicate key'),
    (".json", '{"skip": {"R11": NaN}}', "NaN is not a JSON number"),
])
def test_expectations_files_are_read_strictly(tmp_path: Path, suffix: str, text: str,
                                              message: str) -> None:
    feature = _cases(tmp_path / "cases")
    expectations = tmp_path / f"e{suffix}"
    expectations.write_text(text, encoding="utf-8")
    refused(check(feature, extra=("--expectations", str(expectations))), message)


def test_an_expectations_fifo_is_refused(tmp_path: Path) -> None:
    feature = _cases(tmp_path / "cases")
    fifo = tmp_path / "e.yaml"
    os.mkfifo(fifo)
    result = in_thread(lambda: check(feature, extra=("--expectations", str(fifo))))
    refused(result, "e.yaml", "a FIFO")


# ---------------------------------------------------------------------------------------------
# Cards (R01.1) and sizes
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["11H", "ZZ", "3h", "10♥"])
def test_unknown_card_tokens_are_refused_at_compile_time(tmp_path: Path, token: str) -> None:
    path = tmp_path / "cards.feature"
    path.write_text(GOOD.replace('"3H 3S 3D 3C 3H"', f'"3H 3S {token}"'), encoding="utf-8")
    refused(check(path), f"{path}:5: reply[2]: unknown card {token!r}", "(R01.1)")
    played = GOOD.replace('    When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"\n'
                          "    Then it beats the top play\n",
                          "    Given a hand in play with seat 0 as banker\n"
                          '    And seat 0 holds "3H 9C"\n'
                          '    And seat 1 holds "4H"\n'
                          f'    When seat 0 plays "{token}"\n')
    path.write_text(played, encoding="utf-8")
    refused(check(path), f"{path}:8: action.cards[0]: unknown card {token!r}", "(R01.1)")


def test_unknown_card_tokens_in_json_name_the_path(tmp_path: Path) -> None:
    def played(s: dict[str, Any]) -> bool:  # an accepted play, not a refused one
        return (s["op"] == "act" and bool(s["action"].get("cards"))
                and s["expect"].get("accepted") is True)

    data = json.loads(json.dumps(next(s for s in SHIPPED_JSON
                                      if any(map(played, s["steps"])))))
    step = next(i for i, s in enumerate(data["steps"]) if played(s))
    data["steps"][step]["action"]["cards"][0] = "11H"
    path = write_json(tmp_path / "s.json", data)
    refused(check(path), f"$.steps[{step}].action.cards[0]: unknown card '11H'", "(R01.1)")
    data = first_json("classify")
    data["steps"][0]["cards"][0] = "ZZ"
    refused(check(write_json(path, data)), "$.steps[0].cards[0]: unknown card 'ZZ'", "(R01.1)")


def test_a_fourth_copy_is_refused_unless_the_step_expects_the_rejection(
        tmp_path: Path) -> None:
    path = tmp_path / "copies.feature"
    four = GOOD.replace('"3H 3S 3D 3C 3H"', '"AH AH AH AH"')
    path.write_text(four, encoding="utf-8")
    refused(check(path), f"{path}:5: reply: 4 copies of AH: three decks hold only 3",
            "(R01.1)")
    rejected = ('    When the cards "AH AH AH AH" are classified\n'
                "    Then the cards are rejected as bad input citing R01.1\n")
    path.write_text(GOOD.split("    When")[0] + rejected, encoding="utf-8")
    assert check(path)[0] == 0


@pytest.mark.parametrize(("where", "put"), [
    ("$.setup.deal.redeals[0]", lambda d: d["setup"]["deal"].__setitem__(
        "redeals", [["AH"] * 4 + d["setup"]["deal"]["deck"][4:]])),
    ("$.setup.position.hands[1]", lambda d: d["setup"]["position"]["hands"].__setitem__(
        1, ["9C"] * 4)),
])
def test_copies_are_counted_per_deck_and_per_hand(tmp_path: Path, where: str,
                                                  put: Callable[[dict[str, Any]], None]) -> None:
    data = first_json("act", **({"deal": 1} if "deal" in where else {"position": 1}))
    put(data)
    refused(check(write_json(tmp_path / "s.json", data)), f"{where}: ", " copies of ",
            "three decks hold only 3 of each face (R01.1)")


def test_a_full_deck_holds_three_of_each_face_legitimately() -> None:
    deals = [s for s in SHIPPED_JSON if (s.get("setup") or {}).get("deal")]
    assert deals
    for data in deals[:5]:
        assert list(scenario.content_problems(data)) == []


def test_step_sizes_are_bounded(tmp_path: Path) -> None:
    path = tmp_path / "big.feature"
    many = " ".join(["AH"] * (MAX_CARDS + 1))
    path.write_text(GOOD.replace('"AH AS AD AC"', f'"{many}"'), encoding="utf-8")
    refused(check(path), f"{path}:5: top: {MAX_CARDS + 1} cards: a card list holds at most "
            f"{MAX_CARDS}")
    path.write_text(GOOD.replace("AH AS AD AC", "AH " * 7000), encoding="utf-8")
    refused(check(path), f"{path}:5: a step of 21", "characters: steps are at most 20000")


def test_a_huge_step_file_is_refused_by_its_size(tmp_path: Path) -> None:
    """The issue's 50 MB step of 17 million cards: refused before it is compiled."""
    path = tmp_path / "huge.feature"
    with path.open("w", encoding="utf-8") as f:
        f.write(GOOD.split("    When")[0] + '    When the cards "')
        chunk = "AH " * 100_000
        for _ in range(17):  # 1.7 million cards, 5 MB
            f.write(chunk)
        f.write('" are classified\n')
    refused(check(path), "huge.feature: larger than 4 MiB")


@pytest.mark.parametrize(("then", "message"), [
    ("Then there are 99999999999999999999 legal plays", "out of range"),
    ("Then there are " + "9" * 5000 + " legal plays", "out of range"),
    ('Then the result at "count" is NaN', "NaN is not a JSON number"),
    ('Then the result at "count" is {"a": 1, "a": 2}', 'duplicate key "a"'),
    ('Then the result at "count" is ' + "[" * 100 + "]" * 100, "nested deeper"),
])
def test_numbers_and_json_in_steps_are_bounded(tmp_path: Path, then: str, message: str) -> None:
    path = tmp_path / "n.feature"
    path.write_text(GOOD.split("    When")[0] + '    When the legal leads from "3H" are listed\n'
                    f"    {then}\n", encoding="utf-8")
    refused(check(path), f"{path}:6: ", message)


def test_a_number_out_of_the_schema_range_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "draw.feature"
    path.write_text(GOOD.split("    When")[0] + "    Given a new match is dealt\n"
                    "    When dealing continues until draw 999\n", encoding="utf-8")
    refused(check(path), f"{path}:6: until.draw: 999 is greater than the maximum of 156")


# ---------------------------------------------------------------------------------------------
# Wrong types deep inside schema-valid JSON
# ---------------------------------------------------------------------------------------------


def test_an_action_type_that_is_a_list_is_rejected_by_the_engine() -> None:
    game = Game.new(seed=1)
    with pytest.raises(InvalidNotation, match="unknown action type"):
        game.apply({"type": ["play"], "seat": 0})
    with pytest.raises(InvalidNotation):
        game.apply({"type": {"a": 1}, "seat": 0})


def test_schema_valid_actions_of_any_shape_fail_or_pass_never_crash(tmp_path: Path) -> None:
    data = first_json("act")
    act = next(s for s in data["steps"] if s["op"] == "act")
    act["action"]["type"] = ["play"]
    path = write_json(tmp_path / "s.json", data)
    code, out, err = check(path)
    assert code == 1 and "FAILED" in out and "Traceback" not in err
    act["expect"] = {"accepted": False}
    for value in (None, [None], {"x": []}, 7, True):  # not cards: for the engine to reject
        act["action"] = {"type": "play", "seat": 0, "cards": value}
        write_json(path, data)
        assert check(path)[0] in (0, 1)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["setup"]["deal"].update(hand=2), "$.setup.deal: 'previous_banker' is a "
     "required property"),
    (lambda d: d["setup"]["deal"].update(previous_banker=None, hand=2, previous_winners=[1]),
     "$.setup.deal.previous_banker: None is not of type 'integer'"),
    (lambda d: d.update(name="forged\ntotal 664 0 0 0"),
     "$.name: a name is one line of text"),
])
def test_the_schema_refuses_what_no_engine_or_render_could_use(
        tmp_path: Path, change: Callable[[dict[str, Any]], None], message: str) -> None:
    data = first_json("act", deal=1)
    change(data)
    refused(check(write_json(tmp_path / "s.json", data)), message)


def test_position_setups_are_checked_against_the_position_schema(tmp_path: Path) -> None:
    data = first_json("act", position=1)
    data["setup"]["position"]["turn"] = "me"
    refused(check(write_json(tmp_path / "s.json", data)), "$.setup.position.turn: 'me' is "
            "not of type 'integer'")


def test_a_setup_that_cannot_occur_is_bad_input(tmp_path: Path) -> None:
    """Three copies in each of two hands: each list is fine, the pack is not (R01.1)."""
    data = first_json("act", position=1)
    hands = data["setup"]["position"]["hands"]
    hands[1], hands[2] = ["9C"] * 3, ["9C"] * 3
    refused(check(write_json(tmp_path / "s.json", data)), "s.json: the setup cannot occur")


def test_errors_about_a_json_scenario_name_the_json_file(tmp_path: Path) -> None:
    """A shipped scenario's ``source`` names its feature; an error must name the JSON file
    that was loaded, at the scenario's index."""
    data = [first_json("deck"), first_json("deck")]
    refused(check(write_json(tmp_path / "two.json", data)),
            f"{tmp_path / 'two.json'} $[1]: duplicate scenario id")


# ---------------------------------------------------------------------------------------------
# render accepts every schema-valid scenario
# ---------------------------------------------------------------------------------------------


def _render_and_compile(tmp_path: Path, data: dict[str, Any]) -> list[Scenario]:
    path = write_json(tmp_path / "r.json", data)
    code, out, err = run_cli(["render", str(path)])
    assert code == 0, err
    return compile_text(out, "rendered.feature", validate=True)


def test_render_writes_malformed_actions_as_raw_json(tmp_path: Path) -> None:
    """A null card, a play without cards, a seat that is no seat: the action phrases cannot
    say them, so they are rendered as ``the action {…} is sent`` and compile back."""
    data = first_json("act")
    act = next(s for s in data["steps"] if s["op"] == "act")
    act["expect"] = {"accepted": False}  # sent on purpose, to be rejected
    for action in ({"type": "reveal", "seat": 0, "card": None},
                   {"type": "play", "seat": 0},
                   {"type": "play", "seat": True, "cards": ["3H"]},
                   {"type": "call", "seat": 1, "calls": [{"face": "AH", "ordinal": True},
                                                        {"face": "AS", "ordinal": 1}]},
                   {"type": ["play"], "seat": 0, "cards": [None]}):
        act["action"] = action
        [again] = _render_and_compile(tmp_path, data)
        sent = [s["action"] for s in again.steps if s["op"] == "act"]
        assert action in sent


def test_render_handles_missing_optional_fields(tmp_path: Path) -> None:
    data = first_json("act", deal=1)
    data["setup"]["deal"].pop("first", None)
    for key in ("hand", "previous_banker", "previous_winners"):
        data["setup"]["deal"].pop(key, None)
    [again] = _render_and_compile(tmp_path, data)
    assert again.setup is not None and again.setup["deal"]["deck"] == data["setup"]["deal"][
        "deck"]


def test_render_keeps_clauses_missing_from_the_tags(tmp_path: Path) -> None:
    data = first_json("classify")
    data["tags"] = ["mine"]
    data["clauses"] = ["R05.1", "R03.1"]
    [again] = _render_and_compile(tmp_path, data)
    assert again.clauses == ["R05.1", "R03.1"] and again.rulings == data["rulings"]


def test_render_uses_phrases_only_when_they_read_back_the_same(tmp_path: Path) -> None:
    data = first_json("classify")
    step = data["steps"][0]
    step["cards"] = ["3H"]
    step["expect"] = {"legal": True, "readings": ["z", 'with "quotes"', "a; b"]}
    [again] = _render_and_compile(tmp_path, data)
    assert again.steps[0]["expect"] == step["expect"]


def test_compile_error_on_setup_names_the_scenario_line() -> None:
    text = GOOD.split("    When")[0] + '    Given the position is:\n      """\n      {}\n' \
        '      """\n    Then seat 0 is the banker\n'
    with pytest.raises(FeatureError) as info:
        compile_text(text, "p.feature", validate=True)
    assert info.value.where == "p.feature:4"
    assert "setup.position" in str(info.value)


def test_a_link_to_a_regular_file_is_read(tmp_path: Path) -> None:
    """The reader's notion of a regular file is ``stat.S_ISREG``, links followed."""
    target = tmp_path / "t.feature"
    target.write_text(GOOD, encoding="utf-8")
    link = tmp_path / "l.feature"
    link.symlink_to(target)
    assert stat.S_ISREG(os.stat(link).st_mode)
    assert user_input.read_text(link, "l.feature") == GOOD
