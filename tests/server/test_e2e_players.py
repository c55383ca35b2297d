"""End to end in Chromium: a player per browser. A closed tab comes back to its seat from the
lobby's "your tables"; a second tab of the same browser gets the seat, another browser does
not; resigning ends the game. (Skips without /usr/bin/chromium, like test_e2e_browser.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.server.test_e2e_browser import (  # the same server and browser fixtures
    LAPTOP,
    PHONE,
    PageErrors,
    _get,
    _shot,
    browser,
    server,
    shots,
)

__all__ = ["browser", "server", "shots"]  # fixtures, used by name


def test_a_browser_keeps_its_seat_across_tabs_and_can_resign(server: str, browser: Any, shots: Path) -> None:
    errors = PageErrors()
    mine = browser.new_context(viewport=LAPTOP)
    lobby = errors.watch(mine.new_page())
    lobby.goto(f"{server}/")
    # first visit: choose a display name
    lobby.wait_for_selector("#name-input")
    lobby.fill("#name-input", "Ann")
    lobby.click("#save-name")
    lobby.wait_for_selector("#my-name")
    assert lobby.inner_text("#my-name") == "Ann"
    cookies = {c["name"]: c for c in mine.cookies()}
    assert cookies["warroom_player"]["httpOnly"] is True
    assert lobby.evaluate("document.cookie") == ""  # scripts cannot read the player token

    # a table against a bot: Good is ours
    lobby.wait_for_selector("#create")
    lobby.select_option("#game", "kessen")
    lobby.click("#create")
    lobby.wait_for_url(re.compile(r"/table/[^/#]+$"))
    table = lobby.url.rsplit("/", 1)[1]
    lobby.wait_for_selector(".kessen")
    assert "Good" in lobby.inner_text("#whoami")
    lobby.wait_for_selector("#resign:not([hidden])")
    lobby.close()  # the tab is closed mid-game

    # back from the lobby: "your tables" comes first and leads back to the seat
    again = errors.watch(mine.new_page())
    again.goto(f"{server}/")
    row = again.locator(f'#tables-mine li[data-table="{table}"]')
    row.wait_for()
    _shot(again, shots, "lobby-your-tables")
    row.get_by_text("Back to your seat").click()
    again.wait_for_url(re.compile(rf"/table/{table}$"))
    again.wait_for_selector(".kessen")
    again.wait_for_function("document.querySelector('#whoami').innerText.includes('Good')")

    # a second tab of the same browser, opened by its address alone: the seat too
    second = errors.watch(mine.new_page())
    second.goto(f"{server}/table/{table}")
    second.wait_for_function("document.querySelector('#whoami').innerText.includes('Good')")

    # another browser: only watching, and no resign button
    theirs = browser.new_context(viewport=PHONE)
    other = errors.watch(theirs.new_page())
    other.goto(f"{server}/table/{table}")
    other.wait_for_selector(".kessen")
    other.wait_for_function("document.querySelector('#whoami').innerText.includes('watching')")
    assert other.locator("#resign").is_hidden()

    # resign: confirmed, the game ends at once and the bot's side wins
    second.once("dialog", lambda dialog: dialog.accept())
    second.click("#resign")
    deadline_ms = 15_000
    other.wait_for_selector("#result:not([hidden])", timeout=deadline_ms)
    summary = _get(f"{server}/api/tables/{table}")
    assert summary["status"] == "finished"
    assert summary["result"] == {"winners": [1], "reason": "good resigned", "scores": {"resigned": 0}}
    second.wait_for_selector("#resign", state="hidden")
    _shot(other, shots, "table-resigned-390x844")
    assert not errors.errors, errors.errors
    theirs.close()
    mine.close()


def test_a_timed_table_counts_down_the_decision(server: str, browser: Any, shots: Path) -> None:
    errors = PageErrors()
    context = browser.new_context(viewport=LAPTOP)
    page = errors.watch(context.new_page())
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    page.click("details.advanced summary")
    page.fill('input[name="decision_seconds"]', "90")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    page.wait_for_selector("#countdown:not([hidden])", timeout=20_000)
    first = page.inner_text("#countdown")
    assert re.fullmatch(r"(Your time|Evil): [01]:\d\d", first), first
    page.wait_for_function(f"document.querySelector('#countdown').innerText !== {first!r}", timeout=5_000)
    _shot(page, shots, "table-countdown")
    assert not errors.errors, errors.errors
    context.close()
