"""Generative proof that no user file crashes the kit (issue 12, "every user input").

Two Hypothesis tests mutate what users actually write and run the real command line in
process (:func:`fivetenk.cli.main`), asserting that it ends with exit 0, 1 or 2, never an
exception (any exception escaping ``cli.main`` is what a user would see as a traceback),
and that an exit-2 message names the file:

- JSON scenarios: the shipped ones (``features/scenarios/*.json``) with their structure and
  values mutated (keys dropped and added, any value replaced by any JSON value or by a
  value of another scenario, deep nesting, huge numbers, NaN, duplicate keys, control
  characters, lone surrogates, odd Unicode), then their text (BOM, truncation, stray
  bytes, other encodings); both ``fivetenk check --only-paths FILE`` and
  ``fivetenk render FILE`` run;
- feature files: a few scenarios of a shipped feature with mutated steps, quoted values,
  numbers, tags, tables, doc strings and keywords, written in various encodings (UTF-8
  with or without BOM, Latin-1, UTF-16, NUL bytes, truncated); ``fivetenk check
  --only-paths FILE`` and ``fivetenk export FILE`` run.

Standard output is a strict UTF-8 stream, as on a real terminal, so text that cannot be
printed (a lone surrogate) fails the test instead of passing unnoticed in a StringIO.
Settings are fixed (derandomized, no database, no deadline) so CI runs the very same
examples every time.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, SHIPPED_JSON, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fivetenk.language import REGISTRY

FEATURE_TEXTS = {p.name: p.read_text("utf-8")
                 for p in sorted((ROOT / "features").glob("*.feature"))}

JSON_EXAMPLES = 200
FEATURE_EXAMPLES = 150
"""Examples of each property (400 and 300 until issue 29: 8 s of CPU each, about 20 ms an
example through the whole command line)."""
FUZZ = settings(max_examples=JSON_EXAMPLES, derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def assert_handled(args: list[str], path: Path) -> tuple[int, str]:
    """Run the command on ``path``: exit 0, 1 or 2, no traceback, and an exit-2 message
    that names the file; (exit code, stdout)."""
    code, out, err = run_cli([*args, str(path)])
    assert code in (0, 1, 2), (code, err[-2000:])
    assert "Traceback" not in err
    if code == 2:
        assert path.name in err, err[-2000:]
    else:
        assert out, "a command that succeeds or fails prints its result"
    return code, out


# ---------------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------------

ODD_TEXT = ["", " ", "\x00", "\x1b[2J", "\r", "a\nb", "PASSED everything\n", "\u202e",
            "\ud800", "x\udfffy", "☃", "10♥", "11H", "ZZ", "3h", "AH", "SJ", "R05.2", "D11",
            "a" * 300, "\ufeff", "\u2028", "𝟘", '"', "\\", "pair 7", "bomb 4x3", "{}", "[]",
            "null", "é"]
CARD_TOKENS = ["3H", "10D", "AS", "2C", "SJ", "BJ", "KH", "5S"]
BAD_TOKENS = ["11H", "ZZ", "3h", "10♥", "1H", "SJH", "", " AH", "XJ"]
KEYS = ["id", "name", "clauses", "steps", "setup", "op", "cards", "expect", "contains",
        "excludes", "line", "action", "type", "seat", "deal", "deck", "position", "hands",
        "until", "first", "redeals", "hand", "levels", "previous_banker", "previous_winners",
        "variants", "source", "top", "reply", "top_shape", "reply_shape", "$schema",
        "description", "tags", "rulings", "calls", "face", "ordinal", "trick", "plays",
        "buried", "turn", "banker", "phase", "draw", "prompt", "error.clause", "accepted"]

text = st.text(max_size=12) | st.sampled_from(ODD_TEXT)
numbers = (st.integers(min_value=-(2**70), max_value=2**70)
           | st.sampled_from([0, 1, -1, 5, 6, 162, 163, 2**53 - 1, 2**53, True, False])
           | st.floats(allow_nan=True, allow_infinity=True))
cards = st.lists(st.sampled_from(CARD_TOKENS + BAD_TOKENS), max_size=8)
scalars = st.none() | st.booleans() | numbers | text
json_values = st.recursive(
    scalars | cards, lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(text | st.sampled_from(KEYS), inner, max_size=4), max_leaves=10)

DEEP = "\x00deep:{}\x00"
BIG = "\x00big:{}\x00"
DUP = "\x00dup\x00"


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (depth-first), the root included."""
    out = [here]
    stack = [(value, here)]
    while stack:
        item, at = stack.pop()
        children = (item.items() if isinstance(item, dict)
                    else enumerate(item) if isinstance(item, list) else ())
        for key, child in children:
            out.append((*at, key))
            stack.append((child, (*at, key)))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _set(root: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    _get(root, path[:-1])[path[-1]] = new
    return root


@st.composite
def mutated_scenario_file(draw: st.DrawFn) -> bytes:
    """A shipped scenario (or a list of them), its structure and values mutated, then its
    text."""
    count = draw(st.sampled_from([0, 1, 1, 1, 1, 1, 1, 1, 1, 2]))
    picks = [json.loads(json.dumps(draw(st.sampled_from(SHIPPED_JSON)))) for _ in range(count)]
    data: Any = picks[0] if count == 1 and draw(st.booleans()) else picks
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths[1:] or paths))
        what = draw(st.sampled_from(["like", "like", "like", "replace", "replace", "delete",
                                     "add", "deep", "big", "dup", "wrap", "borrow"]))
        target = _get(data, path)
        if what == "like":  # a value of the same JSON type: deeper code runs more often
            data = _set(data, path, draw(_like(target)))
        elif what == "replace":
            data = _set(data, path, draw(json_values))
        elif what == "delete" and path:
            parent = _get(data, path[:-1])
            del parent[path[-1]]
        elif what == "add" and isinstance(target, dict):
            target[draw(st.sampled_from(KEYS) | text)] = draw(json_values)
        elif what == "deep":
            data = _set(data, path, DEEP.format(draw(st.integers(min_value=40, max_value=3000))))
        elif what == "big":
            data = _set(data, path, BIG.format(draw(st.integers(min_value=17, max_value=6000))))
        elif what == "dup" and isinstance(target, dict) and target:
            key = draw(st.sampled_from(sorted(target)))
            target[DUP + key] = draw(json_values)
        elif what == "wrap":
            data = _set(data, path, [target])
        elif what == "borrow":  # a realistic value from elsewhere: a position, an action …
            donor = draw(st.sampled_from(SHIPPED_JSON))
            data = _set(data, path, json.loads(json.dumps(_get(donor, draw(
                st.sampled_from(_paths(donor)))))))
    body = json.dumps(data, ensure_ascii=draw(st.booleans()), indent=draw(st.sampled_from(
        [None, 2])))
    body = re.sub(r'"\\u0000deep:(\d+)\\u0000"',
                  lambda m: "[" * int(m.group(1)) + "]" * int(m.group(1)), body)
    body = re.sub(r'"\\u0000big:(\d+)\\u0000"', lambda m: "9" * int(m.group(1)), body)
    body = body.replace(json.dumps(DUP)[1:-1], "")
    return _text_mutations(draw, body)


def _like(value: Any) -> st.SearchStrategy[Any]:
    """Values of the same JSON type as ``value``."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int | float):
        return numbers
    if isinstance(value, str):
        return text | st.sampled_from(CARD_TOKENS + BAD_TOKENS)
    if isinstance(value, list):
        return cards | st.lists(json_values, max_size=3)
    if isinstance(value, dict):
        return st.dictionaries(st.sampled_from(KEYS), json_values, max_size=4)
    return json_values


def _text_mutations(draw: st.DrawFn, body: str) -> bytes:
    """Byte-level damage, now and then: a stray character, a BOM, another encoding, a
    truncation."""
    if draw(st.integers(min_value=0, max_value=3)) == 0:
        at = draw(st.integers(min_value=0, max_value=len(body)))
        body = body[:at] + draw(st.sampled_from(["\x00", "\x1b", "\ufeff", "\ud800", "é", ",",
                                                 "}", '"', "\r\n", "\u2028"])) + body[at:]
    encoding = draw(st.sampled_from(["utf-8"] * 7 + ["utf-8-sig", "latin-1", "utf-16"]))
    raw = body.encode(encoding, errors="surrogatepass" if encoding.startswith("utf") else
                      "replace")
    if draw(st.integers(min_value=0, max_value=9)) == 0:  # cut short, mostly near the end
        raw = raw[:len(raw) - draw(st.integers(min_value=1, max_value=max(len(raw), 1)))]
    return raw


@pytest.mark.slow
@FUZZ
@given(raw=mutated_scenario_file())
def test_mutated_json_scenarios_never_crash_check_or_render(
        raw: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("json")
    path = folder / "mutated.json"
    path.write_bytes(raw)
    checked, _ = assert_handled(["check", "--only-paths", "--no-progress", "-q"], path)
    rendered, feature = assert_handled(["render"], path)
    assert (checked == 2) == (rendered == 2), "check and render accept the same files"
    if rendered == 0:  # what render writes is a feature the kit reads back
        again = folder / "rendered.feature"
        again.write_text(feature, encoding="utf-8")
        assert_handled(["check", "--only-paths", "--no-progress", "-q"], again)


def test_an_unmutated_scenario_passes_the_same_harness(tmp_path: Path) -> None:
    """The harness itself: a shipped scenario as is runs and passes (exit 0), renders."""
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(SHIPPED_JSON[0]), encoding="utf-8")
    assert assert_handled(["check", "--only-paths", "--no-progress", "-q"], path)[0] == 0
    assert assert_handled(["render"], path)[0] == 0


# ---------------------------------------------------------------------------------------------
# Feature files
# ---------------------------------------------------------------------------------------------

STEP_LINES = [f"{d.kind.capitalize()} {d.example.split(' (then')[0]}" for d in REGISTRY]
EXTRA_LINES = ["@id:R01-001 @R01.1", "@id:mine-1 @R99.9", "@R05.2", "@id:", "@id:x y",
               "Scenario Outline: <a> again", "Scenario: again", "Examples:", "| a | b |",
               "| 1 |", "|", '"""', '```', "Rule: R01.9 none", "Background:",
               "# language: fr", "# language: xx", "Feature: twice", "And", "But x",
               '* seat 1 holds "AH"', "Then", "Given the position is:", '  """', "  {",
               '  {"banker": 0, "hands": [[], [], [], [], [], []], "turn": 0}',
               "Given the deck order is:", "\t\tWhen"]
QUOTED = ["", " ", "AH AH AH AH", "11H", "ZZ", "3h", "10♥", "AH " * 170, "9" * 5000,
          "1e999", "NaN", '{"a": 1, "a": 2}', "[" * 500, "\x1b[31m", "é", "<cards>", "|",
          "\\", "5H 10S KD", "pair 7", "0 25 0 0 0 275", "3 3 4 5 3 3", "x" * 30000]
NUMBER_TEXT = ["0", "1", "7", "157", "99999999999999999999", "9" * 5000, "٣"]


@st.composite
def mutated_feature_file(draw: st.DrawFn) -> bytes:
    """The header and one to three scenarios of a shipped feature, then mutated lines."""
    name = draw(st.sampled_from(sorted(FEATURE_TEXTS)))
    lines = FEATURE_TEXTS[name].splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip().startswith("@id:")]
    head = lines[:starts[0]]
    chosen = sorted(draw(st.sets(st.sampled_from(starts), min_size=1, max_size=3)))
    for start in chosen:
        end = next((s for s in starts if s > start), len(lines))
        head += lines[start:end]
    lines = head
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        i = draw(st.integers(min_value=0, max_value=max(len(lines) - 1, 0)))
        what = draw(st.sampled_from(["quoted", "quoted", "number", "delete", "duplicate",
                                     "swap", "insert", "chars", "tags"]))
        line = lines[i] if lines else ""
        quoted = re.search(r'"[^"]*"', line)
        if what == "quoted" and quoted:
            new = draw(st.sampled_from(QUOTED) | st.text(max_size=10))
            lines[i] = f'{line[:quoted.start()]}"{new}"{line[quoted.end():]}'
        elif what == "number" and re.search(r"\d+", line):
            lines[i] = re.sub(r"\d+", draw(st.sampled_from(NUMBER_TEXT)), line, count=1)
        elif what == "delete" and lines:
            del lines[i]
        elif what == "duplicate" and lines:
            lines.insert(i, line)
        elif what == "swap" and len(lines) > 1:
            j = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif what == "insert":
            lines.insert(i, "    " + draw(st.sampled_from(STEP_LINES + EXTRA_LINES)))
        elif what == "chars":
            at = draw(st.integers(min_value=0, max_value=len(line)))
            lines[i] = line[:at] + draw(st.sampled_from(ODD_TEXT) | st.text(max_size=4)) + line[at:]
        elif what == "tags" and line.strip().startswith("@"):
            lines[i] = draw(st.sampled_from(["  @id:R01-001", "  @R01.1", "  @id:a @id:b @R01.1",
                                             line.replace("@id:", "@"), line + " @D999",
                                             line + " @R24.9", "  @" + "x" * 2000]))
    return _text_mutations(draw, "\n".join(lines) + "\n")


@pytest.mark.slow
@settings(FUZZ, max_examples=FEATURE_EXAMPLES)
@given(raw=mutated_feature_file())
def test_mutated_feature_files_never_crash_check_or_export(
        raw: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    path = tmp_path_factory.mktemp("feature") / "mutated.feature"
    path.write_bytes(raw)
    assert_handled(["check", "--only-paths", "--no-progress", "-q"], path)
    assert_handled(["export"], path)


def test_an_unmutated_feature_passes_the_same_harness(tmp_path: Path) -> None:
    path = tmp_path / "plain.feature"
    path.write_text(FEATURE_TEXTS["R05_bombs_and_rockets.feature"], encoding="utf-8")
    assert assert_handled(["check", "--only-paths", "--no-progress", "-q"], path)[0] == 0
    assert assert_handled(["export"], path)[0] == 0
