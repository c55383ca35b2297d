"""Tessen in a real browser against a novice bot: a person draws, plays an animal by picking it
and clicking a place, and attacks by picking a warrior and clicking the opponent's place, while
the bot plays on its own clock. The server orders the moves by arrival."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.server.test_e2e_browser import LAPTOP, PageErrors, _post, _shot, browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, imported for pytest


def test_a_person_plays_tessen_against_a_novice_bot_by_clicking(server: str, browser: Any, shots: Path) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "novice"}]
    created = _post(f"{server}/api/tables", {"game": "tessen", "seats": seats, "config": {"options": {"wins": 1}}})
    errors = PageErrors()
    page = errors.watch(browser.new_context(viewport=LAPTOP).new_page())
    page.goto(f"{server}{created['seats'][0]['url']}")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    page.wait_for_selector(".tessen-board")
    # draw until the hand holds an animal and a warrior (or five cards)
    for _ in range(40):
        hand = page.locator(".tessen-side.mine .tessen-hand-card")
        keys = [hand.nth(i).get_attribute("data-card") for i in range(hand.count())]
        if len(keys) >= 5 or ("warrior" in keys and any(k not in ("warrior", "super") for k in keys)):
            break
        draw = page.locator('#controls [data-action="draw"]')
        if draw.count():
            draw.first.click()
        page.wait_for_timeout(450)
    animal = page.locator(".tessen-side.mine .tessen-hand-card:not([data-card='warrior']):not([data-card='super'])")
    assert animal.count() > 0
    key = animal.first.get_attribute("data-card")
    animal.first.click()
    target = page.locator(".tessen-side.mine .tessen-place.target").first
    number = target.get_attribute("data-place")
    page.wait_for_timeout(450)  # the minimum interval since the last draw
    target.click()
    page.wait_for_function(
        f"document.querySelector('.tessen-side.mine .tessen-place[data-place=\"{number}\"]').innerText.length > 1")
    warrior = page.locator(".tessen-side.mine .tessen-hand-card[data-card='warrior']")
    if warrior.count():
        page.wait_for_timeout(450)
        warrior.first.click()
        page.locator(".tessen-side.theirs .tessen-place.target").first.click()
        page.wait_for_selector("#log >> text=p1: Attack!", timeout=15000)
    _shot(page, shots, "tessen-table-1280x800", full_page=True)
    assert key is not None
    assert not errors.errors, errors.errors
