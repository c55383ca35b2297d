"""Kasl in a real browser: a table from the lobby, the board drawn as SVG, a territory picked
by clicking it. Uses the end-to-end fixtures of tests/server (Debian's Chromium, a live server);
the screenshot goes to tests/server/artifacts/e2e/."""

from __future__ import annotations

import re
from typing import Any

from tests.server.test_e2e_lobby_neutral import ARTIFACTS, page, server

__all__ = ["page", "server"]  # the fixtures this module uses


def _open_table(page: Any, server: str, players: int) -> None:
    """A Kasl table from the lobby: we hold the first seat, bots the others."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    page.select_option("#game", "kasl")
    page.select_option("#players", str(players))
    page.select_option('select[name="seat-0"]', "human")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    page.wait_for_selector("svg.kasl-board")


def test_a_kasl_table_draws_the_board_and_takes_a_click(server: str, page: Any) -> None:
    _open_table(page, server, 3)
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


def test_an_attack_is_chosen_by_clicking_its_source_then_its_target(server: str, page: Any) -> None:
    _open_table(page, server, 2)
    # play the first move offered until our attack step opens
    for _ in range(40):
        page.wait_for_selector(".moves button:not([disabled])", timeout=20_000)
        if any(b.startswith("attack from=") for b in page.locator(".moves button").evaluate_all(
                "bs => bs.map(b => b.dataset.action)")):
            break
        page.locator(".moves button").first.click()
        page.wait_for_timeout(150)
    actions = page.locator(".moves button").evaluate_all("bs => bs.map(b => b.dataset.action)")
    attack = next(a for a in actions if a.startswith("attack from="))
    src, dst = (int(w.split("=")[1]) for w in attack.split(" ")[1:])
    page.locator(f'polygon[data-territory="{src}"]').click(force=True)
    page.wait_for_selector("polygon.territory.selected")
    assert page.locator(f'polygon.choosable[data-territory="{dst}"]').count() == 1
    page.locator(f'polygon[data-territory="{dst}"]').click(force=True)
    page.wait_for_function(f"() => document.querySelector('#log').innerText.includes('from {src}')",
                           timeout=10_000)
    page.screenshot(path=str(ARTIFACTS / "table-kasl-attack.png"), full_page=True)
