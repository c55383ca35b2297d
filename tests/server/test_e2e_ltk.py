"""LTK in a real browser: a 5-seat table from the lobby (us and four bots), our general chosen by
clicking it, cards played by picking them and clicking a lit seat, and the table as the seat sees
it. Uses the end-to-end fixtures of tests/server (Debian's Chromium, a live server); the
screenshot goes to tests/server/artifacts/e2e/."""

from __future__ import annotations

import re
from typing import Any

from tests.server import outcome_watch
from tests.server.test_e2e_lobby_neutral import ARTIFACTS, page, server

__all__ = ["page", "server"]  # the fixtures this module uses

MOVES = "#controls .moves button[data-action]"


def _actions(page: Any) -> list[str]:
    out: list[str] = page.locator(MOVES).evaluate_all("bs => bs.map(b => b.dataset.action)")
    return out


def _wait_for_our_move(page: Any) -> bool:
    """True once we have moves to choose from; false when the game is over."""
    page.wait_for_function(
        "() => document.querySelector('#controls .moves button[data-action]') || "
        "document.querySelector('.ltk-end')", timeout=30_000)
    return page.locator(MOVES).count() > 0


def _open_table(server: str, page: Any) -> None:
    """A five-seat LTK table from the lobby, us in seat 0 and bots in the others; panels watched."""
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    page.select_option("#game", "ltk")
    page.select_option("#players", "5")
    page.select_option('select[name="seat-0"]', "human")
    for i in range(1, 5):
        assert page.locator(f'select[name="seat-{i}"]').input_value().startswith("bot:")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    page.wait_for_selector(".ltk-board")
    outcome_watch.watch(page)


def test_a_five_seat_ltk_table_from_the_lobby_choose_a_general_and_play(server: str, page: Any) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    _open_table(server, page)
    assert page.locator(".ltk-seat").count() == 5
    assert page.locator(".ltk-seat.mine").count() == 1
    # our role shows on our own seat and in the line about us; the others' stay hidden but the Monarch's
    assert page.locator(".ltk-me .ltk-role").count() == 1
    assert page.locator(".ltk-seat:not(.mine) .ltk-role.muted").count() >= 3

    # choose a general: the offers are buttons with the skills in their title
    page.wait_for_selector(".ltk-offer:not([disabled])", timeout=30_000)
    offer = page.locator(".ltk-offer").first
    name = offer.inner_text().strip()
    assert "Skills:" in (offer.get_attribute("title") or "")
    offer.click()
    page.wait_for_function(
        f"() => document.querySelector('.ltk-seat.mine .ltk-general').innerText.includes({name!r})",
        timeout=30_000)
    assert "Skills:" in (page.locator(".ltk-seat.mine .ltk-general").get_attribute("title") or "")
    # the bots choose on worker threads: every seat's choice is shown once the last has chosen
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.ltk-seat .ltk-general')]"
        ".some(e => e.innerText.includes('(choosing)'))", timeout=30_000)
    # five seats deal 1 Monarch, 1 Minister, 2 Rebels and 1 Defector: ours and the Monarch's are shown
    hidden = page.locator(".ltk-hidden-roles")
    hidden.wait_for(timeout=30_000)
    assert hidden.inner_text().startswith("roles not shown: ") and hidden.inner_text().count(",") in (1, 2)

    # play: a card with a target is picked and its target clicked; else the first move (not ending
    # the phase while a card can still be used)
    targeted = 0
    prompts: list[str] = []
    shot = False
    for n in range(30):
        if not _wait_for_our_move(page):
            break
        if n >= 4 and not shot and page.locator(".ltk-hand-card.usable").count():
            page.screenshot(path=str(ARTIFACTS / "table-ltk.png"), full_page=True)  # in play, a card to use
            shot = True
        prompts.append(page.inner_text("#controls .prompt") if page.locator("#controls .prompt").count() else "")
        actions = _actions(page)
        aimed = next((a for a in actions if re.match(r"use card=\d+ target=\d+$", a)), None)
        before = int(page.evaluate("Number(document.body.dataset.version ?? -1)"))
        if aimed and targeted < 3:
            card, seat = re.findall(r"\d+", aimed)
            page.locator(f'.ltk-hand-card[data-card="{card}"]').click()
            lit = page.locator(".ltk-seat.target")
            assert lit.count() >= 1 and page.locator(f'.ltk-seat.target[data-seat="{seat}"]').count() == 1
            lit_moves = [a for a in _actions(page) if a.startswith(f"use card={card} ")]
            page.locator(f'.ltk-seat.target[data-seat="{seat}"]').click()
            targeted += 1
            assert lit_moves
        else:
            others = [a for a in actions if a != "end"] or actions
            page.locator(f'{MOVES}[data-action="{others[0]}"]').first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.version ?? -1) > {before}", timeout=30_000)
    assert any(prompts), "a decision of ours came with its question"
    log = page.inner_text("#log")
    assert "turn —" in log and "draws" in log
    # the hand panel shows (its cards, or "no cards": the bots' moves are not seeded, and after 30
    # moves our hand may be empty or our seat dead) unless the game is over
    assert page.locator(".ltk-hand").count() + page.locator(".ltk-end").count() >= 1
    assert page.locator(".ltk-seat .ltk-health").count() == 5
    page.screenshot(path=str(ARTIFACTS / "table-ltk-last.png"), full_page=True)

    # play on until an outcome's panel shows (a death, a judgement's effect, a point duel): its
    # headline is the log's line for the entry, its lines what the entries around it say
    panels = outcome_watch.play_until(page, 1, 180)
    for _ in range(3):
        # the bots are not seeded, and a game's first death may also be its last (the Monarch's),
        # whose panel gives way to the result's: then another game, played on its first moves
        if panels:
            break
        _open_table(server, page)
        panels = outcome_watch.play_until(page, 1, 180)
    assert panels, "no death, judgement or duel in four games"
    if page.locator("#moment").is_visible():  # (the game's last death leaves its panel to the result's)
        page.screenshot(path=str(ARTIFACTS / "table-ltk-outcome.png"))
    for panel in panels:
        assert panel["headline"] in panel["log"], panel
        assert re.search(r"Role revealed: |Judgement card: | shows ", panel["text"]), panel
        assert not panel["notice"]
