"""The lobby knows no game: in a real browser, a game registered only in this test
(tests/tiny_game.py: 2-4 players, a variant, an option) gets a 3-player table from the lobby's
form, which is built from the game's description alone, and its table page opens with the
generic renderer.

The server runs in this process (uvicorn in a thread) so that the test's registry patch is the
server's registry. Playwright drives Debian's Chromium (``/usr/bin/chromium``); the screenshots
go to ``tests/server/artifacts/e2e/``.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

from tests import tiny_game
from tests.server.helpers import serve_in_thread

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (apt-get install chromium)",
                allow_module_level=True)

BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "e2e"


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[str]:
    """The real app, with the tiny game registered, on a free loopback port; yields its URL."""
    from warroom.server import create_app

    tiny_game.register(monkeypatch)
    with serve_in_thread(create_app(f"sqlite:///{tmp_path / 'warroom.db'}", bot_delay=0)) as base:
        yield base


@pytest.fixture
def page() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        try:
            errors: list[str] = []
            tab = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            tab.on("pageerror", lambda err: errors.append(str(err)))
            yield tab
            assert not errors, errors
        finally:
            browser.close()


def test_a_three_player_table_of_an_unknown_game_from_the_lobby(server: str, page: Any) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    assert "Tiny Count" in page.locator("#game option").all_inner_texts()
    page.select_option("#game", "tiny")
    # the player counts, seat names, variant and option all come from the game's description
    assert page.locator("#players option").all_inner_texts() == ["2 players", "3 players", "4 players"]
    assert page.locator(".seat-field").count() == 2
    page.select_option("#players", "3")
    assert [t.split("\n")[0].strip() for t in page.locator(".seat-field > span").all_inner_texts()] == [
        "North", "East", "South"]
    assert page.locator('select[name="seat-1"]').input_value() == "bot:random"  # the game's default bot
    assert "a player may also add 4" in page.inner_text(".variants")
    target = page.locator('input[name="option:target"]')
    assert target.input_value() == "9"
    assert (target.get_attribute("min"), target.get_attribute("max")) == ("3", "30")
    page.check('input[name="variant"][value="double"]')
    target.fill("5")
    page.select_option('select[name="seat-2"]', "human")
    page.screenshot(path=str(ARTIFACTS / "lobby-create-tiny.png"))

    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    table = page.url.rsplit("/", 1)[1]
    summary = _get(f"{server}/api/tables/{table}")
    assert summary["game"] == "tiny"
    assert summary["config"] == {"players": 3, "variants": ["double"], "options": {"target": 5},
                                 "rng": "blake2b-ctr"}
    assert [(s["name"], s["kind"]) for s in summary["seats"]] == [("north", "human"), ("east", "bot"),
                                                                   ("south", "human")]
    # no renderer of its own: the generic one shows the view, and the rules panel the reference
    page.wait_for_selector(".generic-view")
    assert '"target": 5' in page.inner_text(".generic-view")
    assert "North" in page.inner_text("#whoami")
    page.click("#rules-button")
    page.wait_for_selector("#rules-dialog[open]")
    assert "Bring the count to the target." in page.inner_text("#rules-dialog")
    page.locator("#rules-dialog .tab", has_text="Moves").click()
    assert "Amount" in page.inner_text("#rules-dialog table")
    page.keyboard.press("Escape")
    page.screenshot(path=str(ARTIFACTS / "table-tiny.png"))
