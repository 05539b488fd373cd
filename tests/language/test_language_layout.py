"""The scenario language is one package whose modules are named by what they describe
(issue 9): every phrase lives in one of them, and ``fivetenk steps`` lists the phrases
under the module a new one of the same subject would go to."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

from fivetenk import cli
from fivetenk.language import MODULES, REGISTRY

SUBJECTS = ("registry", "combinations", "deals", "positions", "play", "settlement", "match")


def _short(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def test_the_modules_are_the_subjects_of_the_language() -> None:
    assert tuple(_short(m.__name__) for m in MODULES) == SUBJECTS
    for module in MODULES:
        assert module.__name__.startswith("fivetenk.language."), module.__name__
        assert (module.__doc__ or "").strip(), f"{module.__name__} says what it describes"


def test_every_phrase_lives_in_one_of_them() -> None:
    homes = {m.__name__ for m in MODULES}
    strays = [d.example for d in REGISTRY if d.func.__module__ not in homes]
    assert not strays
    for module in MODULES[1:]:  # every subject module holds phrases of its own
        assert any(d.func.__module__ == module.__name__ for d in REGISTRY), module.__name__


def test_steps_lists_each_phrase_under_its_module() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["steps"]) == 0
    heading = None
    placed: dict[str, str] = {}
    for line in out.getvalue().splitlines():
        if line and not line.startswith(" ") and ":" in line:
            heading = line.split(":", 1)[0]
        elif line.startswith("  ") and heading is not None:
            placed[line.strip().split("    [rulings")[0]] = heading
    for definition in REGISTRY:
        text = f"{definition.kind.capitalize()} {definition.example}"
        assert placed.get(text) == _short(definition.func.__module__), text
