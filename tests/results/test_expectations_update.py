"""``fivetenk expectations RUN.jsonl --update FILE`` on files of every layout (issue 28): the
text is edited where it must change and nowhere else (comments, quoting, blank lines and
the order of keys kept), in the form each section is written in; a layout it cannot edit
safely is refused, exit 2, the file untouched; and ``--by shape`` / ``--by tag`` group by
the play a step tests and by the latest ruling. Runs are written as JSON lines here, so
no engine runs."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from fivetenk import cli
from fivetenk.commands.expectations import entries
from fivetenk.impl.drivers import ReferenceDriver
from fivetenk.results.runfile import RunFile
from fivetenk.suite import catalog
from fivetenk.suite.shapes import scenario_shapes
from fivetenk.suite.shapes import tested_shape as shape_tested

BY_ID = {s.id: s for s in catalog.shipped()}
RUN = {"record": "run", "implementation": "engine", "capabilities": [], "shapes": [],
       "variants": {}, "warnings": []}
BEATS = [{"path": "beats", "how": "expect", "expected": True, "observed": False,
          "absent": False}]


def record(ident: str, status: str, **extra: Any) -> dict[str, Any]:
    found = {"record": "scenario", "id": ident, "status": status, "rule": ident[:3],
             "clauses": [], "rulings": [], "shapes": ["bomb"], "tested_shape": "bomb"}
    if status in ("failed", "xfailed", "errored"):
        found.update(step=1, request="beats: 3S on 4S", message="it went wrong", differences=BEATS)
    found.update(extra)
    return found


def write_run(path: Path, *records: dict[str, Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in (RUN, *records)))
    return path


def update(tmp_path: Path, text: str, *records: dict[str, Any], suffix: str = ".yaml",
           by: str = "id") -> tuple[int, str, str, str]:
    """``--update`` of a file holding ``text`` with a run of ``records``: (exit code, what
    it printed on stdout and stderr, the file's text afterwards)."""
    run = write_run(tmp_path / "run.jsonl", *records)
    path = tmp_path / f"e{suffix}"
    path.write_text(text)
    code = cli.main(["expectations", str(run), "--update", str(path), "--by", by])
    return code, "", "", path.read_text()


def test_a_block_ids_list_is_rewritten_in_its_own_style(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ("xfail:\n"
            "  # bombs, see issue 7\n"
            "  - rule: R05   # the rule\n"
            "    path: beats\n"
            "    ids:\n"
            "      - R05-001   # the first\n"
            "      - R05-012\n"
            "    reason: 'bombs by rank'   # quoted my way\n"
            "\n"
            "skip:\n"
            "  R11: \"calls not done\"\n")
    code, _, _, after = update(tmp_path, text, record("R05-001", "failed"),
                               record("R05-012", "passed"), record("R05-015.1", "failed"))
    assert code == 0
    assert after == text.replace("      - R05-001   # the first\n      - R05-012\n",
                                 "      - R05-001\n      - R05-015.1\n")
    said = capsys.readouterr().out
    assert "  - R05-012 unpinned from xfail rule R05 at beats" in said
    assert "  + R05-015.1 pinned to xfail rule R05 at beats" in said


def test_a_short_form_section_gets_short_entries_and_a_missing_one_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ("skip:\n"
            "    R11: calls   # four spaces\n")
    code, _, _, after = update(tmp_path, text, record("R05-001", "failed"),
                               record("R05-002", "errored"), by="rule")
    assert code == 0, capsys.readouterr()
    assert after == (text + "    R05-002: {reason: 'errors: step 1 (beats: 3S on 4S): it went "
                     "wrong'}\n"
                     "xfail:\n- {rule: R05, path: beats, observed: false, ids: [R05-001], "
                     "reason: 'the scenarios pinned fail this way, as R05-001 did: step 1 "
                     "(beats: 3S on 4S): it went wrong'}\n")


def test_an_entry_in_a_flow_collection_is_not_removed_by_guesswork(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "xfail: [{ids: [R05-001], reason: known}, {rule: R05, reason: mine}]\n"
    code, _, _, after = update(tmp_path, text, record("R05-001", "passed"))
    assert code == 2 and after == text
    err = capsys.readouterr().err
    assert "e.yaml:1: the entry to remove shares its line with others (a flow collection)" \
        in err


def test_json_is_rewritten_whole_with_its_entries_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps({"xfail": [{"rule": "R05", "reason": "mine"},
                                 {"ids": ["R05-001", "R05-009"], "path": "beats",
                                  "reason": "kit"}]})
    code, _, _, after = update(tmp_path, text, record("R05-001", "passed"),
                               record("R05-009", "failed"), suffix=".json")
    assert code == 0
    assert json.loads(after) == {"xfail": [{"rule": "R05", "reason": "mine"},
                                           {"ids": ["R05-009"], "path": "beats",
                                            "reason": "kit"}]}


def test_an_id_the_run_says_nothing_of_is_kept(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Pinned ids whose scenarios were not run, were skipped or errored stay pinned: the
    run cannot tell whether they still fail that way."""
    text = "xfail:\n- {ids: [R05-001, R05-002, R05-003], reason: kit}\n"
    code, _, _, after = update(tmp_path, text, record("R05-002", "skipped"),
                               record("R05-003", "errored"))
    assert code == 0 and after.startswith(text)
    assert "  + skip R05-003: new" in capsys.readouterr().out  # the error gets its skip


def test_a_file_that_is_no_expectations_file_exits_2_and_is_left(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "xfail:\n- {ids: R05-001, reason: kit}\n"
    code, _, _, after = update(tmp_path, text, record("R05-001", "failed"))
    assert code == 2 and after == text
    assert "e.yaml:2: xfail[0].ids: expected a non-empty list of scenario ids" in \
        capsys.readouterr().err
    assert cli.main(["expectations", str(tmp_path / "run.jsonl"), "--update",
                     str(tmp_path / "none.yaml")]) == 2
    assert "none.yaml: cannot read" in capsys.readouterr().err
    good = tmp_path / "good.yaml"
    good.write_text("xfail:\n- {ids: [R05-002], reason: kit}\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(good)
    assert cli.main(["expectations", str(tmp_path / "run.jsonl"), "--update", str(link)]) == 2
    assert "link.yaml: is a symbolic link; name the file itself" in capsys.readouterr().err
    good.chmod(0o444)
    try:  # no write bit: refused, as check refuses a read-only report (even for root)
        assert cli.main(["expectations", str(tmp_path / "run.jsonl"), "--update",
                         str(good)]) == 2
        assert "good.yaml: the file is read-only" in capsys.readouterr().err
    finally:
        good.chmod(0o644)
    assert good.read_text() == "xfail:\n- {ids: [R05-002], reason: kit}\n"


def test_by_shape_groups_by_the_play_tested_never_the_top_it_answers() -> None:
    """D38's refused readings are played on 7S: the scenario uses a single (the top) and
    tests no shape, so it gets an entry of its own, not ``uses: single``; a triple played
    on a pair is filed under triple (the first shape in the notation's order is pair)."""
    d38 = BY_ID["R03-508.1"]
    assert scenario_shapes(d38) == ("single",) and shape_tested(d38, 0) is None
    triple = BY_ID["R03-021.1"]
    assert scenario_shapes(triple) == ("pair", "triple") and shape_tested(triple, 0) == "triple"
    run = RunFile("r", "e", {}, scenarios={
        "R03-508.1": record("R03-508.1", "failed", shapes=["single"], tested_shape=None),
        "R03-021.1": record("R03-021.1", "failed", shapes=["pair", "triple"],
                            tested_shape="triple")})
    assert [{k: e[k] for k in ("uses", "ids") if k in e} for e in entries(run, "shape")[1]] \
        == [{"ids": ["R03-508.1"]}, {"uses": "triple", "ids": ["R03-021.1"]}]


def test_by_tag_groups_under_the_latest_ruling() -> None:
    run = RunFile("r", "e", {}, scenarios={
        "R03-508.1": record("R03-508.1", "failed", rulings=["D9", "D10", "D38"]),
        "R03-508.2": record("R03-508.2", "failed", rulings=["D38", "D9"]),
        "R03-001": record("R03-001", "failed")})
    xfail = entries(run, "tag")[1]
    assert [(e.get("tag"), e["ids"]) for e in xfail] == [
        ("D38", ["R03-508.1", "R03-508.2"]), (None, ["R03-001"])]


def test_removals_and_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Eleven kit entries, the 10th and 11th fixed: both removed (not their neighbours);
    a short-form section whose key a new entry would repeat is refused (exit 2), the file
    untouched, and so is an ids list shared through an anchor, which the edits would not
    read back as meant."""
    ids = [f"R05-0{i:02d}" for i in range(1, 12)]
    text = "".join(f"- {{ids: [{i}], path: beats, reason: r{i}}}\n" for i in ids)
    records = [record(i, "failed") for i in ids[:9]] + [record(i, "passed") for i in ids[9:]]
    code, _, _, after = update(tmp_path, text, *records, suffix=".json")
    assert code == 2  # not JSON: the file is YAML
    capsys.readouterr()
    code, _, _, after = update(tmp_path, "xfail:\n" + text, *records)
    assert code == 0 and after == "xfail:\n" + "".join(text.splitlines(keepends=True)[:9])
    as_json = json.dumps({"xfail": [{"ids": [i], "reason": "r"} for i in ids]})
    code, _, _, after = update(tmp_path, as_json, *records, suffix=".json")
    assert code == 0
    assert [e["ids"] for e in json.loads(after)["xfail"]] == [[i] for i in ids[:9]]
    capsys.readouterr()

    short = "xfail:\n  R05: {ids: [R05-001], path: plays, reason: mine}\n"
    code, _, _, after = update(tmp_path, short, record("R05-002", "failed"), by="rule")
    assert code == 2 and after == short
    assert "e.yaml: 'xfail' is written in the short form (KEY: reason) and a new entry's " \
        "key 'R05' is taken" in capsys.readouterr().err
    aliased = ("xfail:\n- {rule: R05, path: beats, ids: &a [R05-001, R05-002], reason: x}\n"
               "- {uses: bomb, path: beats, ids: *a, reason: y}\n")
    code, _, _, after = update(tmp_path, aliased, record("R05-001", "failed"),
                               record("R05-002", "passed"))
    assert code == 2 and after == aliased  # read back otherwise than meant: not written
    assert "the edits could not be made in place (anchors and aliases" in \
        capsys.readouterr().err


@pytest.mark.parametrize(("head", "newline"), [("\ufeff", "\n"), ("", "\r\n")])
def test_a_byte_order_mark_and_crlf_lines_are_kept(tmp_path: Path, head: str,
                                                  newline: str) -> None:
    text = head + newline.join(["xfail:", "- {rule: R05, path: beats, ids: [R05-001, R05-012], "
                                "reason: r}  # c", "# end", ""])
    path = tmp_path / "e.yaml"
    path.write_bytes(text.encode("utf-8"))
    run = write_run(tmp_path / "run.jsonl", record("R05-001", "failed"),
                    record("R05-012", "passed"), record("R05-015.1", "failed"))
    assert cli.main(["expectations", str(run), "--update", str(path)]) == 0
    assert path.read_bytes() == text.replace("R05-012]", "R05-015.1]").encode("utf-8")


class ImpossibleReadingsAccepted(ReferenceDriver):
    """The reference engine that answers a reply declared as a reading no cards can have
    (D38) as if it simply did not beat, instead of refusing the input."""

    def run(self, step: dict[str, Any]) -> dict[str, Any]:
        result = super().run(step)
        if step.get("op") == "beats" and "reply_shape" in step and "error" in result:
            return {"beats": False, "reading": None}
        return result


def test_the_d38_story_by_shape_and_by_tag(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's D38 failures (replies declared as impossible runs, played on 7S): by
    shape, no entry says ``uses: single``; by tag, one entry ``tag: D38`` pins them."""
    import argparse

    from fivetenk.commands import check as check_cmd

    run = tmp_path / "run.jsonl"
    parser = argparse.ArgumentParser()
    check_cmd.add_arguments(parser)
    args = parser.parse_args(["--no-progress", "-q", "--id", "R03-508", "--jsonl", str(run)])
    assert check_cmd.run(args, io.StringIO(), driver=ImpossibleReadingsAccepted()) == 1
    failed = [json.loads(x)["id"] for x in run.read_text().splitlines()[1:]]
    assert len(failed) >= 5
    for by, out in (("shape", tmp_path / "s.yaml"), ("tag", tmp_path / "t.yaml")):
        assert cli.main(["expectations", str(run), "--by", by, "--out", str(out)]) == 0
    by_shape = (tmp_path / "s.yaml").read_text()
    assert "uses: single" not in by_shape and by_shape.count("\n- {ids: [R03-508.") == \
        len(failed)
    by_tag = (tmp_path / "t.yaml").read_text()
    assert by_tag.count("\n- {tag: D38, ") >= 1 and "- {ids:" not in by_tag
    capsys.readouterr()
