"""``fivetenk dispute``: one decision of a game log written as a scenario that passes
``fivetenk check`` (issue 11). The logs are made here by a small generator that plays the
heuristic player at every seat and writes the JSON-lines format ``fivetenk play --log``
writes (a ``game`` record, a ``hand`` record with its ``setup.deal``, the decisions, an
``end`` record)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import make_log, refusal_log

from fivetenk.cli import main

pytestmark = pytest.mark.xdist_group("dispute")  # its module fixtures, built once: one worker

SEED = 7


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    path = tmp_path_factory.mktemp("dispute") / "game.jsonl"
    return path, make_log(path, SEED, 2)


def _decisions(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records if r["record"] == "decision"]


def _pick(records: list[dict[str, Any]], kind: str, hand: int = 1,
          action_type: str | None = None) -> dict[str, Any]:
    return next(r for r in _decisions(records) if r["kind"] == kind and r["hand"] == hand
                and (action_type is None or r["action"]["type"] == action_type))


def _dispute(path: Path, at: int, out: Path) -> int:
    return int(main(["dispute", str(path), "--at", str(at), "--out", str(out)]))


def _check(feature: Path) -> int:
    return int(main(["check", "--only-paths", str(feature), "--quiet", "--no-progress"]))


CASES = {
    # name: (kind, hand, action type, clause, the Then line that must be written)
    "reveal": ("reveal", 1, "reveal", "R08.2", "is the banker"),
    "skip": ("reveal", 1, "skip", "R08.3", "no banker is fixed"),
    "reveal in hand 2": ("reveal", 2, None, "R09.", "is asked to"),
    "burial": ("bury", 1, None, "R10.1", "is asked to call"),
    "call": ("call", 1, None, "R11.1", "is asked to play"),
    "play": ("play", 1, "play", "R13.1", "the top play is"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_decision_becomes_a_scenario_that_passes(
        name: str, log: tuple[Path, list[dict[str, Any]]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, records = log
    kind, hand, action_type, clause, then = CASES[name]
    decision = _pick(records, kind, hand, action_type)
    out = tmp_path / "case.feature"
    assert _dispute(path, decision["n"], out) == 0
    text = out.read_text(encoding="utf-8")
    assert f"@id:dispute-{SEED}-{decision['n']} @{clause}" in text
    assert text.startswith("# Written by `fivetenk dispute game.jsonl")
    assert f"When seat {decision['seat']} " in text
    assert "Then the action is accepted" in text
    assert then in text
    if kind == "reveal":  # while dealing: the deal, then the decisions before N as When
        assert "Given the deck order is:" in text or "And the deck order is:" in text
        earlier = [r for r in _decisions(records)
                   if r["hand"] == hand and r["n"] < decision["n"]]
        assert text.count("    When ") + text.count("\n    And seat") >= len(earlier)
    else:  # the position by the cards: its phase, the reveal that made the banker
        assert "Given the deck order is:" not in text
        assert "the position is:" not in text
        start = {"bury": "at the burial", "call": "at the calls", "play": "in play"}[kind]
        assert f"    Given a hand {start} with seat " in text
        assert "And seat " in text and '" at draw ' in text
    capsys.readouterr()
    assert _check(out) == 0, capsys.readouterr().out


def test_the_last_decision_writes_the_ending_and_its_recipients(
        log: tuple[Path, list[dict[str, Any]]], tmp_path: Path) -> None:
    path, records = log
    last = _decisions(records)[-1]
    out = tmp_path / "end.feature"
    assert _dispute(path, last["n"], out) == 0
    text = out.read_text(encoding="utf-8")
    assert "And nobody is asked to decide" in text
    assert 'And the hand ends with "' in text
    for what in ("kitty", "table", "remnant"):
        assert f"And the {what} points (" in text
    assert _check(out) == 0


def test_an_edited_expectation_fails_the_check(
        log: tuple[Path, list[dict[str, Any]]], tmp_path: Path) -> None:
    """The written Then steps are real expectations: edited into a house-rule belief that
    the engine does not share (another seat to play), the scenario fails."""
    path, records = log
    decision = _pick(records, "call")
    out = tmp_path / "call.feature"
    assert _dispute(path, decision["n"], out) == 0
    text = out.read_text(encoding="utf-8")
    right = f"And seat {decision['seat']} is asked to play"
    assert right in text
    wrong = f"And seat {(decision['seat'] + 1) % 6} is asked to play"
    out.write_text(text.replace(right, wrong), encoding="utf-8")
    assert _check(out) == 1


def test_stdout_by_default(log: tuple[Path, list[dict[str, Any]]],
                           capsys: pytest.CaptureFixture[str]) -> None:
    path, records = log
    decision = _pick(records, "bury")
    assert main(["dispute", str(path), "--at", str(decision["n"])]) == 0
    assert f"@id:dispute-{SEED}-{decision['n']} @R10.1" in capsys.readouterr().out


@pytest.mark.parametrize("at", [0, -1, "beyond"])
def test_a_decision_not_in_the_log_is_refused(
        at: int | str, log: tuple[Path, list[dict[str, Any]]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, records = log
    count = len(_decisions(records))
    number = count + 1 if at == "beyond" else at
    out = tmp_path / "x.feature"
    assert _dispute(path, int(number), out) == 2
    err = capsys.readouterr().err
    assert f"--at {number} is not a decision of this log" in err
    assert f"decisions 1 to {count}" in err
    assert not out.exists()


def _lines(records: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(r) for r in records]


def _edit(records: list[dict[str, Any]], number: int, **changes: Any) -> list[str]:
    lines = []
    for r in records:
        if r["record"] == "decision" and r["n"] == number:
            r = {**r, **changes}
        lines.append(json.dumps(r))
    return lines


def _bad_logs(records: list[dict[str, Any]]) -> dict[str, tuple[list[str] | bytes, int, str]]:
    """name -> (the file's lines or bytes, the line the error names, what it says)."""
    play = _pick(records, "play")
    n = play["n"]
    line_of = 1 + next(i for i, r in enumerate(records) if r.get("n") == n)
    lines = _lines(records)
    return {
        "not JSON": ([*lines[:2], "{nope", *lines[2:]], 3, "is not a JSON object"),
        "not UTF-8": (b'{"record": "game", "seed": 1}\n\xff\xfe\n', 2, "is not UTF-8"),
        "empty": ([], 1, "the log is empty"),
        "no game record": (lines[1:], 1, 'expected the "game" record first'),
        "duplicate key": (['{"record": "game", "seed": 1, "seed": 2}'], 1, 'duplicate key "seed"'),
        "bad variant": ([json.dumps({**records[0], "variants": {"pass": "nonsense"}}),
                         *lines[1:]], 1, "variants"),
        "unknown record": ([*lines[:2], '{"record": "chat"}', *lines[2:]], 3,
                           "unknown record 'chat'"),
        "numbering": (_edit(records, n, n=n + 5), line_of, f"expected decision n {n}"),
        "wrong seat": (_edit(records, n, seat=(play["seat"] + 1) % 6), line_of,
                       "but the replay asks seat"),
        "illegal action": (_edit(records, n, action={"type": "play", "seat": play["seat"],
                                                     "cards": ["BJ", "BJ", "BJ", "BJ"]}),
                           line_of, f"decision {n} is refused by the reference engine"),
        "bad deck": ([lines[0], json.dumps({"record": "hand", "hand": 1,
                                            "setup": {"deal": {"deck": ["3H"]}}}),
                      *lines[2:]], 2, "the deal cannot be set up"),
        "unknown deal field": ([lines[0], json.dumps({"record": "hand", "hand": 1, "setup": {
            "deal": {**records[1]["setup"]["deal"], "seed": 4}}}), *lines[2:]], 2,
            "setup.deal has no field seed"),
        "deep nesting": ([lines[0], "[" * 100000 + "]" * 100000], 2, "is not a JSON object"),
    }


@pytest.mark.parametrize("name", ["not JSON", "not UTF-8", "empty", "no game record",
                                  "duplicate key", "bad variant", "unknown record",
                                  "numbering", "wrong seat", "illegal action", "bad deck",
                                  "unknown deal field", "deep nesting"])
def test_a_bad_log_is_refused_with_its_line(
        name: str, log: tuple[Path, list[dict[str, Any]]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    _, records = log
    content, line, says = _bad_logs(records)[name]
    bad = tmp_path / "bad.jsonl"
    if isinstance(content, bytes):
        bad.write_bytes(content)
    else:
        bad.write_text("".join(x + "\n" for x in content), encoding="utf-8")
    out = tmp_path / "x.feature"
    play = _pick(records, "play")["n"]
    assert _dispute(bad, play, out) == 2
    err = capsys.readouterr().err
    assert f"fivetenk dispute: {bad}:{line}: " in err, err
    assert says in err, err
    assert "Traceback" not in err
    assert not out.exists()


def test_a_missing_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _dispute(tmp_path / "none.jsonl", 1, tmp_path / "x.feature") == 2
    assert "none.jsonl" in capsys.readouterr().err


def test_a_log_of_fivetenk_play_is_disputed(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The log ``fivetenk play --auto --log`` writes: its burial, its calls and its last
    play each give a scenario that passes."""
    path = tmp_path / "played.jsonl"
    assert main(["play", "--seed", "3", "--auto", "--hands", "1", "--log", str(path)]) == 0
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    decisions = _decisions(records)
    chosen = [_pick(records, "bury")["n"], _pick(records, "call")["n"], decisions[-1]["n"]]
    for n in chosen:
        out = tmp_path / f"d{n}.feature"
        assert _dispute(path, n, out) == 0
        text = out.read_text(encoding="utf-8")
        assert f"@id:dispute-3-{n} " in text
        assert "the position is:" not in text and "    Given a hand " in text
        capsys.readouterr()
        assert _check(out) == 0, capsys.readouterr().out


def test_a_folder_is_refused_as_log_and_as_output(
        log: tuple[Path, list[dict[str, Any]]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _dispute(tmp_path, 1, tmp_path / "x.feature") == 2
    assert f"{tmp_path}: cannot read: a folder, not a regular file" in \
        capsys.readouterr().err
    assert _dispute(log[0], 1, tmp_path) == 2
    assert "is a folder: name the .feature file" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


# -- refused answers (--refused K) ---------------------------------------------------------


def test_a_refused_answer_becomes_a_case_that_passes(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The answer the engine refused is the When step, its rejection with the clause the
    Then, the same question asked again the And; as written it passes, and with the Then
    turned into 'accepted' (the table's house rule) it fails against the reference."""
    log = refusal_log(tmp_path, "1\n1\n1\n7H 7H\n")
    [refused] = [json.loads(line) for line in log.read_text().splitlines()
                 if '"refused"' in line]
    assert refused["action"] == {"type": "play", "seat": 5, "cards": ["7H", "7H"]}
    out = tmp_path / "refused.feature"
    assert main(["dispute", str(log), "--refused", "1", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert '    When seat 5 plays "7H 7H"\n    Then the action is rejected citing R13.2\n' \
           '    And seat 5 is asked to play\n' in text
    assert "@id:dispute-1-refused-1" in text and "Given the position is" not in text
    capsys.readouterr()
    assert main(["check", "--only-paths", str(out), "--quiet", "--no-progress"]) == 0
    house = tmp_path / "house.feature"
    house.write_text(text.replace("Then the action is rejected citing R13.2",
                                  "Then the action is accepted").replace(
        "    And seat 5 is asked to play\n", ""), encoding="utf-8")
    assert main(["check", "--only-paths", str(house), "--quiet", "--no-progress"]) == 1


def test_refusals_that_cannot_be_disputed(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    log = refusal_log(tmp_path, "1\n1\n1\nZZ\n7H 7H\n")
    capsys.readouterr()
    # a refused notation names no action
    assert main(["dispute", str(log), "--refused", "1"]) == 2
    err = capsys.readouterr().err
    assert "refused answer 1, 'ZZ', names no action" in err and "(R01.1)" in err
    assert f"{log}:" in err
    # out of range, and --at with --refused
    assert main(["dispute", str(log), "--refused", "3"]) == 2
    assert "it holds 2" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["dispute", str(log), "--refused", "1", "--at", "2"])
    capsys.readouterr()
    # a tampered refusal the engine accepts, and a malformed record: named by their line
    lines = log.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if '"7H 7H"' in line)
    record = json.loads(lines[index])
    record["action"]["cards"] = ["4H"]
    lines[index] = json.dumps(record)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["dispute", str(log), "--refused", "2"]) == 2
    assert f"{log}:{index + 1}: refused answer 2 is accepted" in capsys.readouterr().err
    record["seat"] = 9
    lines[index] = json.dumps(record)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["dispute", str(log), "--at", "1"]) == 2
    assert f"{log}:{index + 1}: refused answer 2: seat must be 0-5" in capsys.readouterr().err
