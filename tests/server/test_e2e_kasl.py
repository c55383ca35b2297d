"""Kasl in a real browser: a 3-seat table from the lobby (us and two bots) played by clicking our
moves, the 48 territories on the board, and the replay of a finished game of bots whose last step
names the winner. Uses the real server of tests/server/test_e2e_browser.py; the screenshots go to
tests/server/artifacts/e2e/ (git-ignored)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.server import outcome_watch
from tests.server.test_e2e_browser import LAPTOP, PHONE, PageErrors, _finished_bot_game, _shot, browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, imported for pytest

MOVES = "#controls .kasl-moves button[data-action]"


def _version(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.version ?? -1)"))


def test_a_kasl_table_from_the_lobby_is_played_by_clicking(server: str, browser: Any, shots: Path) -> None:
    errors = PageErrors()
    page = errors.watch(browser.new_context(viewport=LAPTOP).new_page())
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    page.select_option("#game", "kasl")
    page.select_option("#players", "3")
    page.select_option('select[name="seat-0"]', "human")
    for i in (1, 2):
        page.select_option(f'select[name="seat-{i}"]', "bot:heuristic")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    page.wait_for_selector(".kasl-board")
    outcome_watch.watch(page)
    assert page.locator(".kasl-board [data-territory]").count() == 48
    assert page.locator(".kasl-scale li").count() == 3
    clicked = 0
    for _ in range(12):
        page.wait_for_function(
            "() => document.querySelector('#controls .kasl-moves button[data-action]:not([disabled])') || "
            "!document.getElementById('result').hidden", timeout=30_000)
        if not page.locator(MOVES).count():
            break
        assert page.inner_text("#controls .decision-title") == "Your decision"
        before = _version(page)
        page.locator(MOVES).first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.version ?? -1) > {before}", timeout=30_000)
        clicked += 1
    assert clicked >= 3, "we were asked to decide several times"
    assert page.locator("#log li").count() > clicked  # our moves and the bots' are in the log
    _shot(page, shots, "kasl-table")

    # play on until a combat's panel shows (ours or a bot's): both sides' dice, losses, the capture,
    # the same losses as the log's line for it
    panels = outcome_watch.play_until(page, 1, 120)
    combats = [p for p in panels if re.search(r" (takes|holds|is not taken)", p["headline"])]
    assert combats, panels
    _shot(page, shots, "kasl-combat-panel")
    for panel in combats:
        line = next(x for x in reversed(panel["log"]) if "attacker lost" in x)
        lost = re.search(r"attacker lost (.+); defender lost (.+)\)", line)
        assert lost and f" lost {lost.group(1)}\n" in panel["text"], (panel, line)
        assert (" takes " in panel["headline"]) == (" takes " in line)
        assert re.search(r" attacks from \d+: [\d→ ]+ = \d+ hits?", panel["text"]) or "no dice" in panel["text"]
        assert not panel["notice"]
    # on a phone the next panel is readable too
    page.set_viewport_size(PHONE)
    panels = outcome_watch.play_until(page, len(panels) + 1, 120)
    if len(panels) > len(combats):
        _shot(page, shots, "kasl-panel-phone")
        width = page.evaluate("() => document.getElementById('moment').getBoundingClientRect().width")
        assert 0 < width <= PHONE["width"]
    assert not errors.errors, errors.errors


def test_the_replay_of_a_finished_kasl_game_names_the_winner(server: str, browser: Any, shots: Path) -> None:
    table_id = _finished_bot_game(server, "kasl", 3, seed=5, seconds=90)
    errors = PageErrors()
    page = errors.watch(browser.new_context(viewport=LAPTOP).new_page())
    page.goto(f"{server}/replay/{table_id}")
    page.wait_for_selector(".kasl-board")
    page.keyboard.press("End")
    page.wait_for_function("document.getElementById('step-text').innerText.includes('Step')")
    step_text = page.inner_text("#step-text")
    assert "undefined" not in step_text and re.search(r"wins|Nobody wins", step_text), step_text
    _shot(page, shots, "kasl-replay-end")
    assert not errors.errors, errors.errors
