"""``fivetenk play --web`` in a real browser: headless Chromium (Debian's package,
``/usr/bin/chromium``) driven by Playwright, never ``playwright install``.

One table (its own process, started as a user starts it, on port 0) and one browser serve
the module; its tests play one game in order, the way a player would:

- a refusal: two cards clicked that make no combination are refused with the clause the
  engine gives, shown beside the selection, which stays selected;
- a decision taken by clicking the suggested cards one by one, then undone: the table is
  back at that question and the log holds the undo;
- "Dispute this" writes the scenario that ``fivetenk dispute LOG --at N`` writes;
- the Spanish table: the page says ``lang="es"``, its question, buttons and card names
  in Spanish; and back to English;
- at 390 px wide nothing scrolls sideways;
- the rest of the hand by "Play the suggestion" (the first time from the keyboard), to
  the settlement with the burial shown; the game logged is the one ``play --auto``
  plays from the same seed, and the page made no request outside the table and wrote
  no console error.

Without Chromium or Playwright the tests skip, saying how to install them; with
``FIVETENK_BROWSER_REQUIRED=1`` (``.ci/run``) or ``CI`` set they fail instead.
"""

from __future__ import annotations

import argparse
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from chromium import WAIT_MS
from webtable import Table, start

from fivetenk.cli import main
from fivetenk.practice import play as play_mod
from fivetenk.practice.dispute import read_log
from fivetenk.practice.words import ES
from fivetenk.reference.actions import Action
from fivetenk.reference.cards import Card
from fivetenk.reference.errors import RulesError
from fivetenk.reference.game import Game

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SEED = 7
PHONE = 390
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("play-web-browser")]




@pytest.fixture(scope="module")
def table(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    started = start(["--seed", str(SEED), "--hands", "1", "--log", "game.jsonl"],
                    tmp_path_factory.mktemp("web-browser"))
    yield started
    if started.proc.poll() is None:
        code, _, err = started.stop()
        assert code == 143 and err == "", err


class Watched:
    """The page, and what went wrong on it: console errors, uncaught exceptions, and any
    request that is not the table's (aborted)."""

    def __init__(self, page: Page, problems: list[str]) -> None:
        self.page = page
        self.problems = problems


@pytest.fixture(scope="module")
def watched(browser: Browser, table: Table) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_MS)
    problems: list[str] = []

    def outside(route: Any) -> None:
        problems.append(f"a request outside the table: {route.request.url}")
        route.abort()

    context.route(re.compile(rf"^(?!{re.escape(table.url)})"), outside)
    page = context.new_page()
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"uncaught exception: {e}"))
    page.goto(table.url)
    settle(page, -1)
    yield Watched(page, problems)
    context.close()


def settle(page: Page, version: int) -> None:
    """Wait until the page shows a state newer than ``version`` and is not busy."""
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) > {version} "
        "&& document.body.dataset.busy === 'false'", timeout=WAIT_MS)


def version(page: Page) -> int:
    return int(page.evaluate("() => document.body.dataset.version"))


def click(page: Page, selector: str) -> None:
    """Click ``selector`` and wait for the table's answer."""
    before = version(page)
    page.click(selector)
    settle(page, before)


def card_ids(cards: list[str]) -> list[str]:
    """The hand's button ids for ``cards`` (the k-th copy of a card is ``card-7H-k``)."""
    seen: dict[str, int] = {}
    out = []
    for code in cards:
        out.append(f"#card-{code}-{seen.get(code, 0)}")
        seen[code] = seen.get(code, 0) + 1
    return out


def engine_at(table: Table) -> Game:
    """The game as the log has it now, replayed by the engine itself."""
    game = Game.new(seed=SEED)
    for decision in read_log(table.cwd / "game.jsonl").decisions:
        game.apply(Action.from_json(decision.action))
    return game


def test_a_refusal_shows_its_clause_beside_the_selection(watched: Watched,
                                                          table: Table) -> None:
    from playwright.sync_api import expect

    page = watched.page
    state = table.state()
    assert state["question"]["kind"] == "play", "seed 7 first asks seat 0 to play"
    loose = []
    for group in state["hand"]:  # two cards of two ranks: never a combination (R03)
        if group["rank"] not in ("SJ", "BJ") and len(loose) < 2:
            loose.append(group["cards"][0])
    game = engine_at(table)
    with pytest.raises(RulesError) as refused:
        game.apply(Action.play(state["game"]["seat"], [Card.parse(c) for c in loose]))
    for selector in card_ids(loose):
        page.click(selector)
    expect(page.locator(card_ids(loose)[0])).to_have_attribute("aria-pressed", "true")
    click(page, "#play-selected")
    box = page.locator("#refusal")
    expect(box).to_contain_text("Refused")
    expect(box).to_contain_text(f"[{refused.value.clause}]")
    expect(box).to_contain_text(" ".join(loose))
    for selector in card_ids(loose):  # the selection is still there, beside the refusal
        expect(page.locator(selector)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => document.body.dataset.move") == str(state["game"]["move"])


def test_a_decision_by_clicking_cards_then_undo(watched: Watched, table: Table) -> None:
    from playwright.sync_api import expect

    page = watched.page
    state = table.state()
    for _ in range(40):  # to a question whose suggestion is cards to play
        if state["suggestion"]["type"] == "play":
            break
        click(page, "#play-suggestion")
        state = table.state()
    suggested = state["suggestion"]["cards"]
    assert suggested, "no play suggested in 40 questions"
    asked_at = state["game"]["move"]
    page.wait_for_function(  # the page shows that question (the state read is the server's)
        f"() => document.body.dataset.move === '{asked_at}' "
        "&& document.body.dataset.busy === 'false'", timeout=WAIT_MS)
    if page.locator("#clear").is_enabled():  # cards left selected: none are (disabled)
        page.click("#clear")
    for selector in card_ids(suggested):
        page.click(selector)
    expect(page.locator("#selection")).to_contain_text(" ".join(suggested))
    click(page, "#play-selected")
    after = table.state()
    assert after["game"]["move"] > asked_at + 1, "the play and the moves after it"
    assert after["question"]["can_undo"]
    click(page, "#undo")
    expect(page.locator("#refusal")).to_contain_text(f"before move #{asked_at + 1}")
    assert table.state()["game"]["move"] == asked_at
    undos = [line for line in (table.cwd / "game.jsonl").read_text().splitlines()
             if '"record":"undo"' in line]
    assert undos and f'"to":{asked_at}' in undos[-1]


def test_dispute_writes_what_fivetenk_dispute_writes(
        watched: Watched, table: Table, capsys: pytest.CaptureFixture[str]) -> None:
    from playwright.sync_api import expect

    page = watched.page
    at = table.state()["game"]["move"]
    click(page, "#dispute")
    written = table.cwd / f"dispute-{SEED}-{at}.feature"
    expect(page.locator("#refusal")).to_contain_text(f"written to {written.name}")
    capsys.readouterr()
    assert main(["dispute", str(table.cwd / "game.jsonl"), "--at", str(at)]) == 0
    assert written.read_text(encoding="utf-8") == capsys.readouterr().out


def test_the_spanish_table(watched: Watched, table: Table) -> None:
    from playwright.sync_api import expect

    page = watched.page
    kind = table.state()["question"]["kind"]
    before = version(page)
    page.select_option("#lang", "es")
    settle(page, before)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#question")).to_have_text(ES.questions[kind])
    expect(page.locator("#play-suggestion")).to_have_text("Jugar la sugerencia")
    expect(page.locator("#tricks-title")).to_have_text("Bazas de esta mano")
    labels = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.ariaLabel)")
    assert labels and all(" de " in label or "comodín" in label for label in labels), labels
    before = version(page)
    page.select_option("#lang", "en")
    settle(page, before)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#play-suggestion")).to_have_text("Play the suggestion")


def test_390_px_wide_nothing_scrolls_sideways(browser: Browser, table: Table) -> None:
    phone = browser.new_context(viewport={"width": PHONE, "height": 844},
                                device_scale_factor=2, is_mobile=True, has_touch=True)
    phone.set_default_timeout(WAIT_MS)
    try:
        page = phone.new_page()
        page.goto(table.url)
        settle(page, -1)
        inner, scroll = page.evaluate(
            "() => [window.innerWidth, document.documentElement.scrollWidth]")
        wider = page.evaluate("""(width) => Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getBoundingClientRect().right > width + 0.5)
            .map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 10)""", PHONE)
        assert inner == PHONE and scroll <= inner, (inner, scroll, wider)
        assert page.locator("#hand .card").count() > 0
    finally:
        phone.close()


def test_the_whole_hand_to_its_settlement(watched: Watched, table: Table,
                                          tmp_path: Path) -> None:
    from playwright.sync_api import expect

    page = watched.page
    before = version(page)
    page.locator("#title").click()  # the keyboard from the top of the page
    card, focused = None, []
    for _ in range(200):  # Tab to a card, Space selects it; Tab on to the suggestion
        page.keyboard.press("Tab")
        focused.append(page.evaluate("() => document.activeElement.id"))
        if card is None and focused[-1].startswith("card-"):
            card = focused[-1]
            page.keyboard.press("Space")
            expect(page.locator(f"#{card}")).to_have_attribute("aria-pressed", "true")
        if focused[-1] == "play-suggestion":
            break
    else:
        raise AssertionError(f"Tab never reached 'Play the suggestion': {focused}")
    assert card is not None, f"Tab reached no card of the hand: {focused}"
    page.keyboard.press("Enter")
    settle(page, before)
    for _ in range(200):
        if page.evaluate("() => document.body.dataset.over") == "true":
            break
        click(page, "#play-suggestion")
    expect(page.locator("#status")).to_have_text("The game is over.")
    kitty = page.locator("#settlement-body .card")
    expect(kitty).to_have_count(6)
    assert all(" of " in (label or "") or "joker" in (label or "")
               for label in kitty.evaluate_all("cs => cs.map(c => c.ariaLabel)"))
    expect(page.locator("#levels tbody tr td").nth(1)).not_to_have_text("being played")
    assert page.locator("#tricks li.trick").count() > 5
    parser = argparse.ArgumentParser()
    play_mod.add_arguments(parser)
    auto = tmp_path / "auto.jsonl"
    assert play_mod.run(parser.parse_args(["--auto", "--seed", str(SEED), "--hands", "1",
                                           "--log", str(auto)]), io.StringIO()) == 0

    def moves(path: Path) -> list[tuple[int, str, dict[str, Any]]]:
        # a clicked or listed answer carries the engine's reading of its cards (R12)
        return [(d.seat, d.kind, {k: v for k, v in d.action.items() if k != "shape"})
                for d in read_log(path).decisions]

    assert moves(table.cwd / "game.jsonl") == moves(auto), \
        "the refusal, the undo and the clicks changed the game"
    assert not watched.problems, "\n".join(watched.problems)
