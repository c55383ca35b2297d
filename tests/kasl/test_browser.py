"""Kasl in a real browser: a table from the lobby, the board drawn as SVG, a territory picked
by clicking it. Uses the end-to-end fixtures of tests/server (Debian's Chromium, a live server);
the screenshot goes to tests/server/artifacts/e2e/."""

from __future__ import annotations

import re
from typing import Any

from tests.server.test_e2e_lobby_neutral import ARTIFACTS, page, server

__all__ = ["page", "server"]  # the fixtures this module uses


def test_a_kasl_table_draws_the_board_and_takes_a_click(server: str, page: Any) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    page.select_option("#game", "kasl")
    page.select_option("#players", "3")
    page.select_option('select[name="seat-0"]', "human")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    page.wait_for_selector("svg.kasl-board")
    assert page.locator("svg.kasl-board polygon.territory").count() == 48
    assert page.locator("svg.kasl-board line.border.river").count() >= 10
    assert page.locator("svg.kasl-board line.border.mountain").count() == 10
    assert page.locator(".kasl-track li").count() == 8
    # our placement: click a highlighted territory (the armies are placed in the order of the die)
    page.wait_for_selector("polygon.territory.choosable", timeout=20_000)
    assert "fortified city" in page.inner_text("#controls")
    first = page.locator("polygon.territory.choosable").first.get_attribute("data-territory")
    page.locator("polygon.territory.choosable").first.click(force=True)
    # the city stands on the clicked territory and the archers come next
    page.wait_for_function("() => document.querySelector('#controls').innerText.includes('archers')",
                           timeout=10_000)
    assert f"fortified city on {first} " in page.inner_text("#log")
    page.screenshot(path=str(ARTIFACTS / "table-kasl.png"), full_page=True)
