"""A Tessen knockout from the lobby, in a real browser: a person creates a four-entrant bracket
(themselves and three bots at chosen levels), follows the "Play your match" link to their
real-time table, resigns there, and watches the bots play the rest live on the bracket page until
the champion shows. Screenshots go to ``tests/server/artifacts/e2e/`` (git-ignored)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.server.test_e2e_browser import LAPTOP, PageErrors, _shot, browser, server, shots

__all__ = ["browser", "server", "shots"]  # the fixtures, imported for pytest

WAIT_MS = 120_000  # the machine is slow and shared: these are guards, not expectations


def test_a_person_creates_a_knockout_in_the_lobby_and_follows_it_to_the_champion(
        server: str, browser: Any, shots: Path) -> None:
    errors = PageErrors()
    page = errors.watch(browser.new_context(viewport=LAPTOP).new_page())
    page.goto(f"{server}/")
    page.wait_for_selector("#create-knockout")
    assert page.locator('#knockout-form select[name^="entrant-"]').count() == 4
    page.select_option('select[name="entrant-1"]', "bot:novice")
    page.select_option('select[name="entrant-2"]', "bot:casual")
    page.select_option('select[name="entrant-3"]', "bot:expert")
    page.fill('input[name="option:wins"]', "1")
    page.fill('input[name="option:min_interval_ms"]', "0")  # the bots' matches go by fast
    _shot(page, shots, "tessen-knockout-lobby", full_page=True)
    page.click("#create-knockout")
    page.wait_for_url(re.compile(r"/tournament/[^/#]+$"))
    tid = page.url.rsplit("/", 1)[1]
    page.wait_for_selector(".bracket-round")
    assert [h.lower() for h in page.locator(".bracket-round h3").all_inner_texts()] == ["semi-finals", "final"]
    # my match: seed 1 against seed 4 (the expert bot), waiting for me; the bots' semi-final runs
    mine = page.locator(".bracket-match.mine")
    assert mine.count() == 1
    assert "expert" in mine.inner_text()
    _shot(page, shots, "tessen-knockout-bracket-start", full_page=True)
    mine.locator("a.play-match").click()
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    page.wait_for_selector(".tessen-board", timeout=WAIT_MS)
    assert "token" not in page.url
    page.wait_for_selector("#resign:visible", timeout=WAIT_MS)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_selector("text=resigned", timeout=WAIT_MS)

    # back to the bracket: the expert advanced, and the final is played live to the end
    page.goto(f"{server}/tournament/{tid}")
    page.wait_for_selector("#champion", timeout=WAIT_MS)
    semis = page.locator('.bracket-round[data-round="semi-finals"] .bracket-match')
    assert "by resignation" in semis.nth(0).inner_text()
    assert semis.nth(0).locator(".bracket-entrant.winner").inner_text().find("expert") >= 0
    final = page.locator('.bracket-round[data-round="final"] .bracket-match')
    champion = final.locator(".bracket-entrant.winner .name").inner_text().replace(" (bot)", "")
    assert page.inner_text("#champion") == f"Champion: {champion}"
    assert final.locator("a", has_text="Replay").count() == 1
    _shot(page, shots, "tessen-knockout-finished", full_page=True)
    # the lobby lists it with its champion
    page.goto(f"{server}/")
    page.wait_for_selector(f"#tournaments >> text=champion: {champion}", timeout=WAIT_MS)
    assert not errors.errors, errors.errors
