"""The table page's outcome panels, watched from a Playwright test: every panel shown (``#moment``)
is noted with the log line of the entry that opened it, and a seat can be played on its first
legal move until enough panels were seen. Used by the per-game end-to-end tests."""

from __future__ import annotations

from typing import Any

# note each panel as it is shown: its text, whether it is a floating notice, whether clicks go
# through it, whether the moves under it were held, and the log's last line then
WATCH = """() => {
  if (window.__moments) return;
  const seen = window.__moments = [];
  const box = document.getElementById("moment");
  new MutationObserver(() => {
    if (box.hidden || !box.innerText) return;
    const text = box.innerText;
    if (seen.length && seen[seen.length - 1].text === text) return;
    const lines = [...document.querySelectorAll("#log li")].map((li) => li.innerText);
    seen.push({ text, headline: box.querySelector("h2")?.innerText || "", notice: box.classList.contains("notice"),
                clicks: getComputedStyle(box).pointerEvents, held: window.warroom.page.moment
                  ? Date.now() < window.warroom.page.moment.holdUntil : false, log: lines.slice(-30) });
  }).observe(box, { childList: true, subtree: true, attributes: true });
}"""

# play this seat's first legal move whenever it must decide, until `want` panels were seen, the
# game ended, or `ms` passed
PLAY_UNTIL = """async ({ want, ms }) => {
  const p = window.warroom.page;
  const end = Date.now() + ms;
  while (Date.now() < end && !p.last?.result && window.__moments.length < want) {
    if (p.last?.legal?.length && !p.busy) p.ctx.act(p.last.legal[0].action);
    await new Promise((r) => setTimeout(r, 20));
  }
  return window.__moments;
}"""


def watch(page: Any) -> None:
    """Start noting the panels shown on ``page`` (a table page)."""
    page.wait_for_function("() => window.warroom && document.getElementById('moment')")
    page.evaluate(WATCH)


def seen(page: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = page.evaluate("() => window.__moments || []")
    return out


def play_until(page: Any, want: int, seconds: float) -> list[dict[str, Any]]:
    """Play the first legal move until ``want`` panels were seen (or the game ended); every panel."""
    out: list[dict[str, Any]] = page.evaluate(PLAY_UNTIL, {"want": want, "ms": int(seconds * 1000)})
    return out
