"""LTK on a phone (390×844) in a real browser: a 5-seat table (us and four bots) in play, and the
replay of a finished game of five bots. The key parts (our hand, the seats, the question, the log)
must show and fit the screen's width; the decision's header names the seat that decides, not the
seat whose turn it is. Uses the real server of tests/server/test_e2e_browser.py; the screenshots go
to tests/server/artifacts/e2e/ (git-ignored)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.ltk.scenario import GAME, act, cid, seat, table
from tests.server import outcome_watch
from tests.server.test_e2e_browser import (
    PHONE,
    PageErrors,
    _finished_bot_game,
    _post,
    _shot,
    browser,
    server,
    shots,
)

__all__ = ["browser", "server", "shots"]  # the fixtures, imported for pytest

MOVES = "#controls .moves button[data-action]"
ME = 2  # our seat: not the first, so that a header naming the Monarch's seat would show

# every element a selector matches: (shown?, inside the screen's width?, without its own sideways scroll?)
FITS = """sel => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect();
  return [r.width > 0 && r.height > 0, r.left >= -1 && r.right <= window.innerWidth + 1,
          e.scrollWidth <= e.clientWidth + 1, e.className];
})"""


def _fits(page: Any, selector: str, count: int | None = None) -> None:
    found = page.evaluate(FITS, selector)
    assert found, f"nothing matches {selector}"
    if count is not None:
        assert len(found) == count, (selector, len(found))
    for shown, inside, no_scroll, name in found:
        assert shown and inside and no_scroll, (selector, name, shown, inside, no_scroll)


def _page_fits(page: Any) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


def _look(page: Any, shots: Path, name: str, *selectors: str) -> None:
    """Screenshots (the screen and the whole page), then: the page does not scroll sideways and the
    five seats, the log and ``selectors`` all show and fit."""
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, shots, name)
    _shot(page, shots, f"{name}-full", full_page=True)
    _page_fits(page)
    _fits(page, ".ltk-seat", 5)
    _fits(page, "#log")
    for selector in selectors:
        _fits(page, selector)


def test_an_ltk_table_on_a_phone_shows_the_hand_seats_question_and_log(server: str, browser: Any,
                                                                      shots: Path) -> None:
    seats = [{"kind": "human"} if i == ME else {"kind": "bot", "bot": "heuristic"} for i in range(5)]
    created = _post(f"{server}/api/tables", {"game": "ltk", "seats": seats, "seed": 5})
    errors = PageErrors()
    page = errors.watch(browser.new_context(viewport=PHONE).new_page())
    page.goto(f"{server}{created['seats'][ME]['url']}")
    page.wait_for_selector(".ltk-board")
    page.wait_for_selector(".ltk-offer:not([disabled])", timeout=30_000)
    assert page.inner_text("#controls .ltk-status").startswith("P3 (you) · choosing a general")
    _fits(page, ".ltk-offer")
    page.locator(".ltk-offer").first.click()
    # play on (never ending the phase while something else can be done) until we are asked
    # something in the play with cards in hand
    for _ in range(60):
        page.wait_for_function(f"() => document.querySelector('{MOVES}') || document.querySelector('.ltk-end')",
                               timeout=30_000)
        assert page.locator(".ltk-end").count() == 0, "the game ended before we were asked anything"
        if page.locator(".ltk-general", has_text="(choos").count() == 0 and page.locator(".ltk-hand-card").count():
            break
        before = int(page.evaluate("Number(document.body.dataset.version ?? -1)"))
        actions = page.locator(MOVES).evaluate_all("bs => bs.map(b => b.dataset.action)")
        if not actions:  # the moves were redrawn away between the wait and the read: wait again
            continue
        move = next((a for a in actions if a != "end"), actions[0])
        page.locator(f'{MOVES}[data-action="{move}"]').first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.version ?? -1) > {before}", timeout=30_000)
    _look(page, shots, "ltk-table-390x844", ".ltk-hand", ".ltk-hand-card", "#controls .moves button[data-action]")
    _fits(page, "#controls .ltk-prompt", 1)
    assert page.locator(".ltk-seat.mine").is_visible() and page.locator("#log li").count() > 3
    # the header names the seat that decides: ours
    assert page.inner_text("#controls .ltk-status").startswith("P3 (you)")
    # an outcome's panel (a death, a judgement, a duel) fits the phone's width
    outcome_watch.watch(page)
    if outcome_watch.play_until(page, 1, 120):
        _look(page, shots, "ltk-outcome-390x844", "#moment")
    assert not errors.errors, errors.errors


def test_the_browser_header_of_a_pick_names_the_deciding_seat(server: str, browser: Any) -> None:
    """p1 (the Monarch) used Harvest and took a card; p2 picks now, in p1's turn: the renderer,
    given p2's real view, marks p2's seat as deciding and says so above the question. The log
    names a Borrowed Sword's victim and its handover."""
    s = table(seat("zhang_liao", "monarch", ["amazing_grace ♥3"]), seat("xu_chu", "rebel"),
              seat("cao_ren", "minister"), draw=["jink ♥2", "peach ♥4", "slash ♠7"])
    act(s, 0, f"use card={cid('amazing_grace ♥3')}", f"pick card={cid('peach ♥4')}")
    (d,) = GAME.decisions(s)
    snap = {"view": GAME.view(s, 1), "seat": 1, "decisions": [{"seat": 1, "kind": d.kind, "prompt": d.prompt}],
            "legal": [{"action": a, "text": GAME.describe(s, 1, a)} for a in GAME.legal_actions(s, 1)]}
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/")  # any page of the server: the renderer is loaded as a module from it
    out = page.evaluate("""async (snap) => {
      const m = await import('/static/js/games/ltk.js');
      const board = document.createElement('div'), controls = document.createElement('div');
      const view = m.createView({ board, controls, rules: null, pieces: new Map(), seat: 1, readOnly: false,
                                  act: () => {}, seatLabel: (i) => `P${i + 1}` + (i === 1 ? ' (you)' : '') });
      view.render(snap);
      return {
        status: controls.querySelector('.ltk-status').textContent,
        prompt: controls.querySelector('.ltk-prompt').textContent,
        deciding: [...board.querySelectorAll('.ltk-seat.deciding')].map(e => e.dataset.seat),
        current: [...board.querySelectorAll('.ltk-seat.current')].map(e => e.dataset.seat),
        use: view.logText({ kind: 'use', seat: 0, card: 'collateral', cards: [77], targets: [1], victim: 2 }),
        give: view.logText({ kind: 'give', seat: 1, to: 0, card: 9, zone: 'equip', why: 'collateral' }),
      };
    }""", json.loads(json.dumps(snap)))
    assert out["status"] == "P2 (you) decides · P1's action phase"
    assert out["prompt"] == "Harvest: take one of the revealed cards (pick 1)"
    assert out["deciding"] == ["1"] and out["current"] == ["0"]
    assert out["use"] == "P1 uses Borrowed Sword ♣Q on P2 (you) to Kill P3"
    assert out["give"] == "P2 (you) gives Green Dragon Crescent Blade ♠5 to P1 (Borrowed Sword)"


def test_the_replay_of_a_finished_ltk_game_on_a_phone(server: str, browser: Any, shots: Path) -> None:
    table_id = _finished_bot_game(server, "ltk", 5, seed=3, seconds=60)
    errors = PageErrors()
    page = errors.watch(browser.new_context(viewport=PHONE).new_page())
    page.goto(f"{server}/replay/{table_id}")
    page.wait_for_selector(".ltk-board")
    total = int(re.search(r"of (\d+)", page.inner_text("#step-text")).group(1))  # type: ignore[union-attr]
    assert total > 20
    page.locator("#slider").fill(str(total // 2))
    page.wait_for_function(f"document.getElementById('step-text').innerText.includes('Step {total // 2} ')")
    _look(page, shots, "ltk-replay-middle-390x844")
    page.keyboard.press("End")
    page.wait_for_selector(".ltk-end")
    _look(page, shots, "ltk-replay-end-390x844", ".ltk-end")
    _fits(page, ".ltk-reveal li", 5)  # every role revealed at the end
    assert "game over" in page.inner_text("#log")
    step_text = page.inner_text("#step-text")
    assert "undefined" not in step_text and re.search(r"win|draw|exhausted", step_text), step_text
    # from a seat's point of view only that seat's hand shows
    page.select_option("#pov", "1")
    page.wait_for_selector(".ltk-me")
    _page_fits(page)
    assert not errors.errors, errors.errors
