"""End to end in a real browser: the lobby, a whole Paper Kessen game against a bot, a
spectator, invite links, reconnecting, server errors, and the replay page.

The real server runs as a subprocess (``warroom serve``) on a free port with a
temporary SQLite database and no bot delay; Playwright drives Debian's Chromium
(``/usr/bin/chromium``, never a downloaded browser). Screenshots of the lobby, a
mid-game table (laptop and phone sizes), the result and the replay are saved under
``tests/server/artifacts/`` (git-ignored) and their paths printed.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api  # a dev dependency: missing, it is an error, not a skip

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (apt-get install chromium)",
                allow_module_level=True)

BROWSER_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "e2e"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SEED = 7  # the same deal every run, so a failure can be replayed
MAX_ROUNDS = 4  # keeps the game short even if neither side wins 3 battles in a row
MAX_DECISIONS = 600  # far more than a game takes; stops a broken page from looping forever
GAME_SECONDS = 150  # a guard against a stuck page, not a benchmark (a game takes ~30 s on 2 cores)
STARTUP_SECONDS = 180  # for the server's first answer: a guard, a loaded machine takes far longer than a quiet one


# ----- the server -----------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


def _post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


def _warroom_command() -> list[str]:
    script = Path(sys.executable).with_name("warroom")
    return [str(script)] if script.exists() else [sys.executable, "-m", "warroom.cli"]


@contextlib.contextmanager
def serving(folder: Path, *options: str) -> Iterator[str]:
    """``warroom serve`` on a free port with a fresh SQLite database in ``folder``, no bot delay
    unless ``options`` say otherwise; yields its base URL once it answers."""
    port = _free_port()
    out = (folder / "server.log").open("w")
    command = [*_warroom_command(), "serve", "--port", str(port),
               "--database", f"sqlite:///{folder / 'warroom.db'}", "--bot-delay", "0", *options]
    process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "NO_COLOR": "1"})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP_SECONDS
    try:
        while True:
            if process.poll() is not None:
                pytest.fail(f"warroom serve exited with {process.returncode}:\n{(folder / 'server.log').read_text()}")
            try:
                if _get(f"{base}/api/health").get("status") == "ok":
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"warroom serve did not answer within {STARTUP_SECONDS} s:\n"
                            f"{(folder / 'server.log').read_text()}")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        out.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``warroom serve`` on a free port; yields its base URL."""
    with serving(tmp_path_factory.mktemp("e2e")) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def shots() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


class PageErrors:
    """Uncaught exceptions of every page in a context: a page that throws fails the test."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Any) -> Any:
        page.on("pageerror", lambda err: self.errors.append(f"{page.url}: {err}"))
        return page


def _finished_bot_game(server: str, game: str, players: int, seed: int, seconds: float) -> str:
    """A table of heuristic bots played to its end through the server; its id."""
    seats = [{"kind": "bot", "bot": "heuristic"} for _ in range(players)]
    table_id: str = _post(f"{server}/api/tables", {"game": game, "seats": seats, "seed": seed})["table"]
    deadline = time.monotonic() + seconds
    while _get(f"{server}/api/tables/{table_id}")["status"] != "finished":
        assert time.monotonic() < deadline, f"{players} {game} bots did not finish a game in {seconds} s"
        time.sleep(0.2)
    return table_id


def _shot(page: Any, folder: Path, name: str, full_page: bool = False) -> Path:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    print(f"screenshot: {path}")
    return path


def _version(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.version ?? -1)"))


# ----- playing by clicking --------------------------------------------------------------------
class Player:
    """Plays one seat through the page the way a person would: cards, move buttons, keys.

    Every way of choosing a move is used in turn, so the whole game exercises the click
    filters, the number keys and the pass key; moves that build an army are preferred,
    so that battles happen.
    """

    def __init__(self, page: Any, seed: int) -> None:
        self.page = page
        self.rng = random.Random(seed)
        self.decisions = 0
        self.filtered = 0  # times a card click narrowed the moves to that card's

    def my_turn(self) -> bool:
        return bool(self.page.locator(".decision.mine").count())

    def finished(self) -> bool:
        return self.page.locator("#result:not([hidden])").count() > 0

    def wait_for_turn_or_end(self) -> None:
        self.page.wait_for_function(
            "() => document.querySelector('#controls .move:not([disabled]), "
            "#controls [data-action=pass]:not([disabled])') || !document.getElementById('result').hidden",
            timeout=20_000,
        )

    def act(self) -> None:
        page = self.page
        before = _version(page)
        moves = page.locator("#controls .move:not([disabled])")
        actions = [a for a in moves.evaluate_all("els => els.map(e => e.dataset.action)")]
        has_pass = page.locator('#controls [data-action="pass"]:not([disabled])').count() > 0
        building = [a for a in actions if a.split()[0] in ("deploy", "attach", "pick", "play", "intercept")]
        style = self.decisions % 4
        self.decisions += 1
        if has_pass and (not actions or (not building and self.rng.random() < 0.6)):
            if style % 2:
                page.keyboard.press("p")
            else:
                page.locator('#controls [data-action="pass"]').click()
        elif style == 0 and page.locator("button.card.playable").count():
            self._via_card()
        elif style == 1 and actions:
            page.keyboard.press("1")
        else:
            wanted = self.rng.choice(building or actions)
            page.locator(f'#controls .move[data-action="{wanted}"]').click()
        # the answer is a new state (version moves on) or, at worst, an error line
        page.wait_for_function(
            f"() => Number(document.body.dataset.version) > {before} || !document.getElementById('error').hidden",
            timeout=20_000,
        )
        assert page.locator("#error:not([hidden])").count() == 0, page.inner_text("#error")

    def _via_card(self) -> None:
        page = self.page
        cards = page.locator("button.card.playable")
        card = cards.nth(self.rng.randrange(cards.count()))
        card_id = card.get_attribute("data-card")
        card.click()
        assert card.get_attribute("aria-pressed") == "true"
        shown = page.locator("#controls .move").evaluate_all("els => els.map(e => e.dataset.action)")
        assert shown, "a highlighted card must have at least one move"
        for action in shown:  # only the moves that use the clicked card are listed
            assert re.search(rf"=({card_id})(\s|$)", action), (card_id, action)
        self.filtered += 1
        page.locator("#controls .move").first.click()


# ----- the tests ------------------------------------------------------------------------------
def test_play_a_whole_game_against_a_bot_with_a_spectator(server: str, browser: Any, shots: Path) -> None:
    started = time.monotonic()
    errors = PageErrors()
    player_context = browser.new_context(viewport=LAPTOP)
    page = errors.watch(player_context.new_page())
    # a move marked "no effect now" asks for a confirmation (js/games/kessen.js): the player says yes
    page.on("dialog", lambda dialog: dialog.accept())

    # the lobby: a Kessen table, Good for us, Evil for a bot, a fixed seed
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    assert "Paper Kessen" in page.locator("#game option").all_inner_texts()
    # a new browser's form opens on Paper Kessen, although other games come first by name
    assert page.locator("#game").input_value() == "kessen"
    page.select_option("#game", "kessen")
    assert page.locator('select[name="seat-0"]').input_value() == "human"
    page.select_option('select[name="seat-1"]', "bot:heuristic")
    page.locator("details.advanced summary").click()
    page.fill('input[name="seed"]', str(SEED))
    page.fill('input[name="option:max_rounds"]', str(MAX_ROUNDS))  # a called game ends as a draw
    page.wait_for_selector("#tables-finished li")
    _shot(page, shots, "lobby")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    table = page.url.rsplit("/", 1)[1]
    # the seat token is kept by the tab, never in the address bar
    assert "token" not in page.url
    stored = page.evaluate(f"sessionStorage.getItem('warroom:seat:{table}')")
    assert stored and json.loads(stored)["seat"] == 0
    page.wait_for_selector(".kessen")
    assert "You play" in page.inner_text("#whoami") and "Good" in page.inner_text("#whoami")
    page.wait_for_selector("#conn.conn-connected")

    # a spectator in another browser context: public view only
    spectator_context = browser.new_context(viewport=LAPTOP)
    spectator = errors.watch(spectator_context.new_page())
    spectator.goto(f"{server}/table/{table}")
    spectator.wait_for_selector(".kessen")
    assert "watching" in spectator.inner_text("#whoami")
    assert spectator.locator(".hand").count() == 0  # nobody's hand
    assert spectator.locator(".hand-sizes").count() == 2  # both sides' hand sizes instead
    spectator_start = _version(spectator)

    player = Player(page, SEED)
    mid_game_shot = False
    while not player.finished():
        assert player.decisions < MAX_DECISIONS, "the game did not end"
        assert time.monotonic() - started < GAME_SECONDS, f"too slow: {player.decisions} decisions"
        player.wait_for_turn_or_end()
        if player.finished():
            break
        if not mid_game_shot and page.locator(".battle .played").count():
            # a battle with cards on the table: the picture a new player must understand
            mid_game_shot = True
            assert page.locator(".battle .slot .unit").count() == 2
            assert page.locator("#log li").count() > 5
            page.evaluate("window.scrollTo(0, 0)")
            _shot(page, shots, "table-mid-game-1280x800")
            _shot(page, shots, "table-mid-game-1280x800-full", full_page=True)
            page.set_viewport_size(PHONE)
            page.evaluate("window.scrollTo(0, 0)")
            _shot(page, shots, "table-mid-game-390x844")
            _shot(page, shots, "table-mid-game-390x844-full", full_page=True)
            page.set_viewport_size(LAPTOP)
            # the spectator follows the game, still without any hand
            spectator.wait_for_function(f"Number(document.body.dataset.version) >= {_version(page)}")
            assert _version(spectator) > spectator_start
            assert spectator.locator(".battle .played").count() >= 1
            assert spectator.locator(".hand").count() == 0
            _shot(spectator, shots, "spectator-mid-game")
        player.act()

    assert player.decisions > 5 and player.filtered > 0
    headline = page.inner_text("#result h2")
    assert re.search(r"You win|You lose|draw", headline), headline
    _shot(page, shots, "result")
    spectator.wait_for_selector("#result:not([hidden])", timeout=10_000)
    assert re.search(r"wins|draw", spectator.inner_text("#result h2"))
    info = _get(f"{server}/api/tables/{table}")
    assert info["status"] == "finished" and info["result"] is not None

    # the replay: step through from Good's seat, then all-seeing
    page.click("#result a[href^='/replay/']")
    page.wait_for_selector(".kessen")
    steps = re.search(r"of (\d+)", page.inner_text("#step-text"))
    assert steps, page.inner_text("#step-text")
    total = int(steps.group(1))
    assert total >= player.decisions
    page.keyboard.press("End")
    assert f"Step {total} of {total}" in page.inner_text("#step-text")
    page.keyboard.press("ArrowLeft")
    assert f"Step {total - 1} of {total}" in page.inner_text("#step-text")
    page.select_option("#pov", "all")
    page.wait_for_function("document.querySelectorAll('.hand').length === 2")
    page.locator("#slider").fill(str(total // 2))
    assert f"Step {total // 2} of {total}" in page.inner_text("#step-text")
    _shot(page, shots, "replay-all-seeing")
    page.select_option("#pov", "1")
    page.wait_for_function("document.querySelectorAll('.hand').length === 1")
    assert "Evil" in page.inner_text(".hand h2")

    assert not errors.errors, errors.errors
    player_context.close()
    spectator_context.close()
    print(f"game of {player.decisions} decisions played in {time.monotonic() - started:.1f} s")


def host_a_table_for_two(browser: Any, server: str, errors: PageErrors) -> tuple[Any, Any]:
    """A laptop browser creates a Kessen table for two people from the lobby and sits at it as
    the first seat: its context and page (on the table's page)."""
    context = browser.new_context(viewport=LAPTOP)
    host = errors.watch(context.new_page())
    host.goto(f"{server}/")
    host.wait_for_selector("#create")
    host.select_option("#game", "kessen")
    host.select_option('select[name="seat-1"]', "human")
    host.click("#create")
    host.wait_for_url(re.compile(r"/table/[^/#]+$"))
    return context, host


def test_invites_joining_reconnecting_and_errors(server: str, browser: Any, shots: Path) -> None:
    errors = PageErrors()
    # a table for two people: the creator plays Good and gets Evil's invite link
    host_context, host = host_a_table_for_two(browser, server, errors)
    table = host.url.rsplit("/", 1)[1]
    invite = host.locator("#invites input").input_value()
    assert f"/table/{table}#seat=1&token=" in invite
    assert host.locator("#invites").is_visible()
    _shot(host, shots, "table-invite")

    guest_context = browser.new_context(viewport=PHONE)
    guest = errors.watch(guest_context.new_page())
    guest.goto(invite)
    guest.wait_for_selector(".kessen")
    assert "Evil" in guest.inner_text("#whoami")
    _shot(guest, shots, "table-guest-390x844")
    assert "token" not in guest.url  # the fragment is dropped from the address bar
    host.wait_for_selector("#invites", state="hidden")  # the seat is taken

    # the invite link is spent: the guest's tab keeps the seat across a reload (with the seat's own
    # token, which the server sent it), and another browser that opens the link only watches
    guest.reload()
    guest.wait_for_function("document.querySelector('#whoami').innerText.includes('Evil')")
    late_context = browser.new_context(viewport=PHONE)
    late = errors.watch(late_context.new_page())
    late.goto(invite)
    late.wait_for_function("document.querySelector('#whoami').innerText.includes('watching')")
    late.wait_for_selector(".kessen")
    assert late.locator("#resign").is_hidden() and late.locator(".decision.mine").count() == 0
    late_context.close()

    # whoever must decide has clickable moves; the other waits
    deciding = host if host.locator(".decision.mine").count() else guest
    deciding.wait_for_selector(".decision.mine")

    # the keyboard: a focused card opens its moves with Enter, Escape shows every move again
    card = deciding.locator("button.card.playable").first
    card.focus()
    deciding.keyboard.press("Enter")
    assert card.get_attribute("aria-pressed") == "true"
    deciding.wait_for_selector("#controls .selection")
    deciding.keyboard.press("Escape")
    deciding.wait_for_selector("#controls .selection", state="detached")

    # a stale action is refused by the server: one error line, and the page still works
    deciding.evaluate("window.warroom.socket.send({type: 'action', action: 'pass', version: 0, id: 'stale'})"
                      if _version(deciding) > 0 else
                      "window.warroom.socket.send({type: 'action', action: 'nonsense', version: 0, id: 'bad'})")
    deciding.wait_for_selector("#error:not([hidden])")
    assert deciding.inner_text("#error .error-text").strip()
    assert deciding.locator(".decision.mine").count() == 1

    # the connection drops: the page says so, reconnects by itself and gets its view again
    before = _version(deciding)
    deciding.evaluate("window.warroom.socket.ws.close()")
    deciding.wait_for_selector("#conn.conn-reconnecting, #conn.conn-connecting", timeout=5_000)
    deciding.wait_for_selector("#conn.conn-connected", timeout=15_000)
    assert _version(deciding) == before
    version = _version(deciding)
    deciding.locator("#controls .move, #controls [data-action='pass']").first.click()
    deciding.wait_for_function(f"Number(document.body.dataset.version) > {version}")

    # the lobby lists the running table; a table with a free seat can be joined from it
    seats = [{"kind": "human", "open": True}, {"kind": "human"}]  # the creator takes Evil; Good is open
    created = _post(f"{server}/api/tables", {"game": "kessen", "seats": seats, "creator_seat": 1})
    lobby_context = browser.new_context(viewport=PHONE)
    lobby = errors.watch(lobby_context.new_page())
    lobby.goto(f"{server}/")
    lobby.wait_for_selector(f'#tables-running li[data-table="{table}"]')
    lobby.locator(f'#tables-open li[data-table="{created["table"]}"] button', has_text="Join as Good").click()
    lobby.wait_for_url(re.compile(rf"/table/{created['table']}$"))
    lobby.wait_for_selector(".kessen")
    assert "Good" in lobby.inner_text("#whoami")

    # the rules panel lists every deck with its cards
    lobby.click("#rules-button")
    lobby.wait_for_selector("#rules-dialog[open]")
    tabs = lobby.locator("#rules-dialog .tab").all_inner_texts()
    assert any("Action deck" in t for t in tabs) and any("Evil leader deck" in t for t in tabs)
    lobby.fill("#rules-dialog input[type=search]", "volley")
    visible = lobby.locator("#rules-dialog tbody tr:visible").all_inner_texts()
    assert visible and all("volley" in row.lower() for row in visible)
    _shot(lobby, shots, "rules-panel-390x844")
    lobby.keyboard.press("Escape")

    assert not errors.errors, errors.errors
    for context in (host_context, guest_context, lobby_context):
        context.close()
