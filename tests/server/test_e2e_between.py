"""End to end in Chromium, between decisions: a table whose other seat is open says who it waits
for; after each engagement a panel shows who won and why, with the same totals as the log; the
finished game lists every battle; the replay opens at the viewer's own seat and jumps to each
round and battle; LTK, Kasl and Tessen tables explain their keywords. (Skips without Chromium.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.server.test_e2e_browser import (  # the same server and browser fixtures
    LAPTOP,
    PHONE,
    PageErrors,
    _get,
    _post,
    _shot,
    browser,
    host_a_table_for_two,
    server,
    shots,
)

__all__ = ["browser", "server", "shots"]  # fixtures, used by name

# play the first legal move whenever this seat must decide, noting every outcome panel shown
AUTOPLAY = """async () => {
  const p = window.warroom.page;
  const seen = [];
  const box = document.getElementById("moment");
  const note = () => {
    if (box.hidden || !box.innerText) return;
    const logs = [...document.querySelectorAll("#log li.log-resolution, #log li.log-battle_end")];
    seen.push({ text: box.innerText, log: logs.length ? logs[logs.length - 1].innerText : "" });
  };
  const watch = new MutationObserver(note);
  watch.observe(box, { childList: true, subtree: true, attributes: true });
  for (let i = 0; i < 20000 && !p.last?.result; i += 1) {
    if (p.last?.legal?.length && !p.busy) p.ctx.act(p.last.legal[0].action);
    await new Promise((r) => setTimeout(r, 5));
  }
  watch.disconnect();
  return seen;
}"""


def _new_table(page: Any, body: dict[str, Any]) -> str:
    """A table created by this page's browser (its player cookie holds the human seat)."""
    created = page.evaluate("""async (body) => {
      const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
                                             body: JSON.stringify(body) });
      return r.json();
    }""", body)
    return str(created["table"])


def test_an_open_seat_is_named_while_the_table_waits(server: str, browser: Any, shots: Path) -> None:
    errors = PageErrors()
    host_context, host = host_a_table_for_two(browser, server, errors)
    host.wait_for_selector("#controls .waiting-seats")
    text = host.inner_text("#controls")
    assert "Waiting for a player to take seat 2 (Evil)" in text
    assert "deciding" not in text
    _shot(host, shots, "table-waiting-for-seat-2")
    invite = host.locator("#invites input").input_value()
    guest = errors.watch(browser.new_context(viewport=PHONE).new_page())
    guest.goto(invite)
    guest.wait_for_selector(".kessen")
    host.wait_for_selector("#controls .waiting-seats", state="detached")
    assert "Waiting for a player" not in host.inner_text("#controls")
    assert not errors.errors, errors.errors
    host_context.close()


def test_outcomes_the_summary_and_a_replay_at_ones_own_seat(server: str, browser: Any, shots: Path) -> None:
    errors = PageErrors()
    context = browser.new_context(viewport=LAPTOP)
    page = errors.watch(context.new_page())
    page.goto(f"{server}/")
    page.wait_for_selector("#create")
    table = _new_table(page, {"game": "kessen", "config": {"options": {"max_rounds": 4}}, "seed": 21,
                              "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})
    page.goto(f"{server}/table/{table}")
    page.wait_for_function("document.querySelector('#whoami').innerText.includes('Good')")
    seen = page.evaluate(AUTOPLAY)
    # an outcome panel after engagements and battles, its totals those of the log's line
    resolutions = [s for s in seen if " wins engagement" in s["text"] or "the engagement" in s["text"]]
    assert resolutions, seen
    for s in resolutions:
        totals = re.findall(r"\((Good|Evil)\) (\d+)", s["text"])
        assert len(totals) == 2 and all(f"({side}) {n}" in s["log"] for side, n in totals), s
        assert "Decided by" in s["text"] or "coin flip" in s["text"] or "higher Force" in s["text"]
    # the finished game: every battle with its result
    page.wait_for_selector("#result:not([hidden])")
    summary = page.locator("#result .result-summary li").all_inner_texts()
    record = _get(f"{server}/api/tables/{table}/record")
    battles = sum(1 for line in summary if re.match(r"Round \d+: ", line))
    assert battles >= 1 and summary[-1].startswith("Game over")
    _shot(page, shots, "table-finished-summary")

    # the replay: at Good's seat (ours), with a jump to each round and battle
    page.goto(f"{server}/replay/{table}")
    page.wait_for_function("document.querySelectorAll('#markers option').length > 1")
    assert page.locator("#pov").input_value() == "0"
    labels = page.locator("#markers option").all_inner_texts()[1:]
    assert labels[0] == "Round 1 (step 0)"
    battle = next(label for label in labels if label.startswith("Battle of round 1"))
    step = int(re.search(r"step (\d+)", battle).group(1))  # type: ignore[union-attr]
    page.select_option("#markers", str(step))
    page.wait_for_function(f"document.querySelector('#step-text').innerText.startsWith('Step {step} of')")
    assert page.locator("#markers").input_value() == str(step)
    _shot(page, shots, "replay-markers")
    page.keyboard.press("End")
    page.wait_for_selector("#replay-summary:not([hidden])")
    assert page.locator("#replay-summary li").all_inner_texts() == summary
    assert len(record["actions"]) >= step

    # another browser held no seat there: the replay opens as a spectator
    other = errors.watch(browser.new_context(viewport=PHONE).new_page())
    other.goto(f"{server}/replay/{table}")
    other.wait_for_function("document.querySelectorAll('#markers option').length > 1")
    assert other.locator("#pov").input_value() == ""
    assert not errors.errors, errors.errors
    context.close()


def test_ltk_kasl_and_tessen_boards_explain_their_keywords(server: str, browser: Any, shots: Path) -> None:
    errors = PageErrors()
    page = errors.watch(browser.new_context(viewport=LAPTOP).new_page())
    # a bots' game may end at any moment, and its result then covers the board: close it
    # whenever it is in the way of an action (Playwright runs the handler before each one)
    page.add_locator_handler(
        page.locator("#result"), lambda: page.get_by_role("button", name="Look at the board").click())
    for game in ("ltk", "kasl", "tessen"):
        seats = [{"kind": "bot", "bot": "random"}] * 2
        created = _post(f"{server}/api/tables", {"game": game, "seats": seats})
        page.goto(f"{server}/table/{created['table']}#spectate")
        # Kasl's board is a map of numbers and signs: its keywords are in the log's sentences
        marked = "#board abbr.keyword" if game != "kasl" else "#log abbr.keyword"
        page.wait_for_selector(marked, timeout=20_000)
        word = page.locator(marked).first
        assert re.match(r"[^:]+: .+", word.get_attribute("title") or "")
        _shot(page, shots, f"keywords-{game}")
        # the rules panel lists them too
        page.click("#rules-button")
        page.get_by_role("tab", name="Keywords").click()
        assert page.locator(".rules-glossary dt").count() >= 8
        page.keyboard.press("Escape")
    assert not errors.errors, errors.errors
