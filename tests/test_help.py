"""`--help` is help for users: no markup of Python's documentation (``code``, :mod:`x`,
``Usage::``) and no notes for the kit's developers (the issue a feature came from)."""

from __future__ import annotations

import re

import pytest

from fivetenk.cli import COMMANDS, build_parser, user_text

DEVELOPER_MARKS = re.compile(r"``|:(?:mod|func|class|meth|data|attr):`|\(issue \d+|, issue \d+|::$",
                             re.MULTILINE)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_commands_help_is_for_users(command: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        build_parser([command]).parse_args([command, "--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert command in shown
    assert not DEVELOPER_MARKS.findall(shown), DEVELOPER_MARKS.findall(shown)


def test_the_markup_is_turned_into_plain_text() -> None:
    assert user_text("the rulebook (issue 10).") == "the rulebook."
    assert user_text("of :mod:`fivetenk.language.spanish`, issue 10); it") == (
        "of fivetenk.language.spanish); it")
    assert user_text("Usage::\n\n  ``fivetenk check``") == "Usage:\n\n  `fivetenk check`"
