"""A real-time table in a real browser (Skirmish, registered only here): the page keeps several
moves in flight, shows the game clock running and every player's measured round trip, and
updates while the bot plays on its own. The page's files name no game (test_web_neutral.py).

Same set-up as ``test_e2e_lobby_neutral.py``: the server in this process (uvicorn in a thread),
Debian's Chromium driven by Playwright, screenshots in ``tests/server/artifacts/e2e/``.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

from tests.server.helpers import serve_in_thread
from tests.server.test_e2e_lobby_neutral import ARTIFACTS, BROWSER_ARGS, CHROMIUM  # skips without Chromium
from tests.skirmish import register


def _call(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[str]:
    from warroom.server import create_app

    register(monkeypatch)
    # bot_delay 0.3: the bot reacts at the pace of its reaction model, as for people
    with serve_in_thread(create_app(f"sqlite:///{tmp_path / 'warroom.db'}", bot_delay=0.3)) as base:
        yield base


def _until_draw_is_offered(page: Any) -> None:
    """Wait for the draw button; the bot may attack meanwhile, and an attack is answered first."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if page.locator('button[data-action="draw"]:not([disabled])').count():
            return
        answer = page.locator('button[data-action="yield"]:not([disabled])')
        if answer.count():
            answer.first.click()
        page.wait_for_timeout(50)
    raise AssertionError("the page never offered a draw")


def test_a_real_time_table_in_the_browser(server: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    made = _call(f"{server}/api/tables", {
        "game": "skirmish", "config": {"options": {"cards": 12, "hand": 4, "interval_ms": 0, "answer_ms": 5_000}},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    table = made["table"]
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        try:
            errors: list[str] = []
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.goto(server + made["seats"][0]["url"])
            page.wait_for_selector('#clock:not([hidden]) .clock-time')
            # the clock runs between states
            first = page.inner_text("#clock .clock-time")
            page.wait_for_timeout(400)
            assert page.inner_text("#clock .clock-time") != first
            # the server pinged the page and shows the round trip it measured
            page.wait_for_selector("#clock .clock-latency")
            assert "you" in page.inner_text("#clock") and " ms" in page.inner_text("#clock")
            # two moves sent at once, without waiting for the first answer; neither is refused as stale
            _until_draw_is_offered(page)
            sent = page.evaluate("""() => {
                const socket = window.warroom.socket;
                const shown = socket.handlers.onError;
                window.refusals = [];
                socket.handlers.onError = (m) => { window.refusals.push(m.reason); shown(m); };
                window.handBefore = window.warroom.page.last.view.hand.length;
                window.warroom.page.ctx.act("draw");
                window.warroom.page.ctx.act("draw");
                return socket.inFlight.size;
            }""")
            assert sent == 2
            page.wait_for_function("() => window.warroom.socket.inFlight.size === 0")
            refusals = page.evaluate("() => window.refusals")
            assert not any("stale" in r for r in refusals), refusals
            if not refusals:  # (the bot may have attacked meanwhile: then the game refused them)
                page.wait_for_function("() => window.warroom.page.last.view.hand.length >= window.handBefore + 2")
            # the bot plays on its own clock: the log grows with nobody clicking
            before = page.locator("#log li").count()
            page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}",
                                   timeout=15_000)
            page.screenshot(path=str(ARTIFACTS / "table-realtime.png"))
            assert not errors, errors
        finally:
            browser.close()
    summary = _call(f"{server}/api/tables/{table}")
    assert summary["seats"][0]["latency_ms"] is None or summary["seats"][0]["latency_ms"] >= 0
