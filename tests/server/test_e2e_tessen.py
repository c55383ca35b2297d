"""Tessen in a real browser against a novice bot: a person draws, plays an animal by picking it
and clicking a place, and attacks by picking a warrior and clicking the opponent's place, while
the bot plays on its own clock. The server orders the moves by arrival. The second test plays a
whole round that way (drawing, placing, keeping, answering attacks) until "Tessen!" and the
round's score show."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.server import outcome_watch
from tests.server.test_e2e_browser import LAPTOP, PageErrors, _post, _shot, browser, serving, shots

__all__ = ["browser", "shots"]  # the fixtures, imported for pytest

# the bots react at twice a person's reaction times (the server's --bot-delay scales them), so that
# the test's person, slow on a loaded machine, still gets its moves in before the bot ends the round
BOT_DELAY = "0.6"
VERSION = "Number(document.body.dataset.version)"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("e2e-tessen"), "--bot-delay", BOT_DELAY) as base:
        yield base


def _answered(page: Any, version: int, seconds: float = 30) -> None:
    """Until the page shows a state newer than ``version`` or the table's refusal (or time is up:
    the caller looks again either way)."""
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function(f"() => {VERSION} > {version} || !document.getElementById('error').hidden",
                               timeout=seconds * 1000)


def _by_hand(page: Any, card: Any, place: Any, landed: str, what: str) -> None:
    """Pick ``card`` and click ``place`` until the page's log says ``landed``. Each try waits for
    the place to light up (the move is legal in the newest state the page has), clicks it and
    waits for the server's answer; one the table refused (the bot acted first, an attack came)
    only means another try."""
    done = f"() => document.getElementById('log').innerText.includes({landed!r})"
    for _ in range(40):
        if page.evaluate(done):
            return
        with contextlib.suppress(PlaywrightError):
            if not page.locator(".tessen-side.mine .tessen-hand-card.picked").count():
                card.first.click(timeout=10_000)
            place.first.wait_for(timeout=10_000)
            version = page.evaluate(VERSION)
            place.first.click(timeout=10_000)
            _answered(page, version)
    raise AssertionError(f"{what} never landed: {page.inner_text('#log')}")


def test_a_person_plays_tessen_against_a_novice_bot_by_clicking(server: str, browser: Any, shots: Path) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "novice"}]
    created = _post(f"{server}/api/tables", {"game": "tessen", "seats": seats, "config": {"options": {"wins": 1}}})
    errors = PageErrors()
    page = errors.watch(browser.new_context(viewport=LAPTOP).new_page())
    page.goto(f"{server}{created['seats'][0]['url']}")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    page.wait_for_selector(".tessen-board")
    # draw until the hand holds an animal and a warrior (or five cards)
    for _ in range(60):
        hand = page.locator(".tessen-side.mine .tessen-hand-card")
        keys = [hand.nth(i).get_attribute("data-card") for i in range(hand.count())]
        if len(keys) >= 5 or ("warrior" in keys and any(k not in ("warrior", "super") for k in keys)):
            break
        draw = page.locator('#controls [data-action="draw"]')
        with contextlib.suppress(PlaywrightError):
            draw.first.wait_for(timeout=10_000)  # legal again: the minimum interval has passed
            version = page.evaluate(VERSION)
            draw.first.click(timeout=10_000)
            _answered(page, version)
    animal = page.locator(".tessen-side.mine .tessen-hand-card:not([data-card='warrior']):not([data-card='super'])")
    assert animal.count() > 0
    key = animal.first.get_attribute("data-card")
    _by_hand(page, animal, page.locator(".tessen-side.mine .tessen-place.target"), "p1 plays a", "a play")
    warrior = page.locator(".tessen-side.mine .tessen-hand-card[data-card='warrior']")
    if warrior.count():
        _by_hand(page, warrior, page.locator(".tessen-side.theirs .tessen-place.target"), "p1: Attack!",
                 "an attack")
    _shot(page, shots, "tessen-table-1280x800", full_page=True)
    assert key is not None
    assert not errors.errors, errors.errors


# ----- a whole round ---------------------------------------------------------------------------
# What the page shows, read in one go (the board re-renders whenever either side acts).
READ = """() => {
  const mine = [...document.querySelectorAll('.tessen-side.mine .tessen-place')].map((p) => ({
    n: Number(p.dataset.place), text: p.innerText, kind: p.querySelector('.pile .tessen-card')?.className
      .match(/kind-(\\w+)/)?.[1] || null, count: Number((p.innerText.match(/×(\\d+)/) || [0, 0])[1]) }));
  const theirs = [...document.querySelectorAll('.tessen-side.theirs .tessen-place')].map((p) => ({
    n: Number(p.dataset.place), count: Number((p.innerText.match(/×(\\d+)/) || [0, 0])[1]) }));
  return {
    version: Number(document.body.dataset.version ?? -1),
    legal: [...document.querySelectorAll('#controls .move')].map((b) => b.dataset.action),
    hand: [...document.querySelectorAll('.tessen-side.mine .tessen-hand-card')].map((b) => b.dataset.card),
    picked: !!document.querySelector('.tessen-side.mine .tessen-hand-card.picked'),
    alert: !!document.querySelector('.tessen-alert'),
    banner: document.querySelector('.tessen-banner')?.innerText || null,
    mine, theirs,
  };
}"""
ROUND_SECONDS = 900  # a guard against a stuck page on a loaded machine, not an expectation
# slow hands for both sides (the bot acts the moment its interval ends, the page takes longer), and
# all the time a person needs to answer an attack
ROUND_OPTIONS = {"wins": 1, "min_interval_ms": 900, "answer_ms": 60_000}


class RoundPlayer:
    """A person at the Tessen table: keeps every pile of three, builds piles, answers attacks
    (defends a pile of two or more, else yields), attacks the bot's piles now and then, draws."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.done: list[str] = []  # what was clicked, in order
        self.answered = 0
        self.attacks = 0

    def click_place(self, side: str, n: int) -> None:
        self.page.locator(f'.tessen-side.{side} .tessen-place[data-place="{n}"]').click(timeout=10_000)

    def pick(self, card: str) -> None:
        self.page.locator(f'.tessen-side.mine .tessen-hand-card[data-card="{card}"]').first.click(timeout=10_000)

    def move(self, action: str) -> None:
        self.page.locator(f'#controls .move[data-action="{action}"]').click(timeout=10_000)

    def step(self, s: dict[str, Any]) -> None:
        legal = s["legal"]
        piles = {p["kind"]: p for p in s["mine"] if p["kind"]}
        if s["picked"]:  # a pick left over from a move the table outgrew: put it down
            self.page.locator(".tessen-side.mine .tessen-hand-card.picked").first.click(timeout=10_000)
            return
        if s["alert"] or any(a == "yield" for a in legal):
            attacked = next((p for p in s["mine"] if "⚔" in p["text"]), None)
            defend = [a for a in legal if a.startswith("defend")]
            action = defend[0] if defend and attacked is not None and attacked["count"] >= 2 else "yield"
            self.move(action)
            self.answered += 1
            self.done.append(action)
            return
        takes = [a for a in legal if a.startswith("take")]
        if takes:
            self.move(takes[0])
            self.done.append(takes[0])
            return
        keep = [a for a in legal if a.startswith("keep")]
        if keep:
            self.click_place("mine", int(keep[0].split("=")[1]))  # the ✓ pile
            self.done.append(keep[0])
            return
        plays = [a for a in legal if a.startswith("play ")]
        onto = [a for a in plays if _animal(a) in piles and piles[_animal(a)]["n"] == _place(a)]
        pairs = [a for a in plays if s["hand"].count(_animal(a)) >= 2]
        attack = [a for a in legal if a.startswith("attack") and "with=warrior" in a
                  and s["theirs"][_place(a) - 1]["count"] >= 2]
        clear = [a for a in legal if a.startswith("clear") and "with=warrior" in a]
        free = [p for p in s["mine"] if not p["kind"] and "Warrior" not in p["text"] and "Super" not in p["text"]]
        if onto or pairs:
            chosen = (onto or pairs)[0]
        elif clear and len(free) < 2:
            chosen = clear[0]  # a warrior from the hand on one's own blocked place
        elif attack and self.attacks < 3:
            chosen = attack[0]
            self.attacks += 1
        elif "draw" in legal:
            self.page.locator(".tessen-side.mine .tessen-deck").click(timeout=10_000)
            self.done.append("draw")
            return
        elif plays:
            chosen = plays[0]
        else:
            discards = [a for a in legal if a.startswith("discard") and _animal(a) not in piles]
            if discards or legal:
                chosen = (discards or legal)[0]
                self.move(chosen)
                self.done.append(chosen)
            return
        # by hand: pick the card, then click the place (one's own for an animal, theirs for an attack)
        self.pick(_animal(chosen) or "warrior")
        self.click_place("theirs" if chosen.startswith("attack") else "mine", _place(chosen))
        self.done.append(chosen)


def _animal(action: str) -> str | None:
    found = re.search(r"animal=(\w+)", action)
    return found.group(1) if found else None


def _place(action: str) -> int:
    found = re.search(r"place=(\d)", action)
    return int(found.group(1)) if found else 0


def test_a_person_plays_a_whole_tessen_round_against_a_novice_bot(server: str, browser: Any, shots: Path) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "novice"}]
    created = _post(f"{server}/api/tables", {"game": "tessen", "seats": seats, "seed": 11,
                                             "config": {"options": ROUND_OPTIONS}})
    errors = PageErrors()
    page = errors.watch(browser.new_context(viewport=LAPTOP).new_page())
    page.goto(f"{server}{created['seats'][0]['url']}")
    page.wait_for_selector(".tessen-board", timeout=60_000)
    outcome_watch.watch(page)
    me = RoundPlayer(page)
    shot_attack = shot_notice = False
    deadline = time.monotonic() + ROUND_SECONDS
    while True:
        assert time.monotonic() < deadline, f"the round did not end; the person did {me.done[-20:]}"
        # wait on the page: a move to make, or the round's end (never a fixed sleep)
        page.wait_for_function(
            "() => document.querySelector('.tessen-banner') || document.querySelector('#controls .move')",
            timeout=120_000)
        s = page.evaluate(READ)
        if s["banner"]:
            break
        if s["alert"] and not shot_attack:
            _shot(page, shots, "tessen-round-attacked", full_page=True)
            shot_attack = True
        if not shot_notice and page.locator("#moment.notice:not([hidden])").count():
            _shot(page, shots, "tessen-round-notice")
            shot_notice = True
        try:
            me.step(s)
        except PlaywrightError:
            continue  # the board changed under the click (the bot acted): look again
        # the answer: a new version, or the table refused (another state came first); then look again
        with contextlib.suppress(PlaywrightError):
            page.wait_for_function(
                f"() => Number(document.body.dataset.version) > {s['version']} || "
                "!document.getElementById('error').hidden || document.querySelector('.tessen-banner')",
                timeout=30_000)
    page.wait_for_selector(".tessen-banner >> text=Tessen!")
    banner = page.inner_text(".tessen-banner")
    assert re.search(r"Round 1: \d+ to \d+ points, p[12] wins the round", banner), banner
    look = page.get_by_role("button", name="Look at the board")
    look.wait_for(timeout=60_000)
    look.click()  # the game-over card covers the board; the banner is what this shot is about
    _shot(page, shots, "tessen-round-over", full_page=True)
    log = page.inner_text("#log")
    assert "p1 draws" in log and "p1 plays a" in log and "p1: Kept!" in log, log
    # an attack was answered: the person's (defend or yield in time) or the bot's
    answered = re.findall(r"p[12]: Defend!|p[12] yields place \d(?! \(too late\))", log)
    assert answered, log
    assert {"draw", "keep"} <= {a.split()[0] for a in me.done}
    # "Kept!" and the answered attacks showed as short notices over the page: clicks go through
    # them and no move waited under them
    notices = outcome_watch.seen(page)
    assert any("Kept!" in n["headline"] for n in notices), notices
    assert all(n["notice"] and n["clicks"] == "none" and not n["held"] for n in notices), notices
    answers = [n for n in notices if re.search(r"defends place|yields place", n["headline"])]
    for n in answers:  # the log's line for the same answer
        place = re.search(r"place (\d)", n["headline"]).group(1)  # type: ignore[union-attr]
        said = f"yields place {place}" if "yields" in n["headline"] else ": Defend!"
        assert said in " ".join(n["log"]), n
    assert any(a.startswith("play ") for a in me.done)
    record = _get_record(server, created["table"])
    assert record["result"]["scores"]["rounds"] == 1
    _replay_in_real_time(page, server, created["table"], record, shots)
    assert not errors.errors, errors.errors


def _replay_in_real_time(page: Any, server: str, table: str, record: dict[str, Any], shots: Path) -> None:
    """The replay page plays the round back on its action times: 8x, pause, seek, to the end."""
    total = len(record["actions"])
    game_ms = record["actions"][-1]["t"]
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector("#speed-box:not([hidden])", timeout=60_000)
    assert page.locator("#speed option").all_inner_texts() == ["1×", "2×", "4×", "8×"]
    page.select_option("#speed", "8")
    page.click("#play")
    # a few seconds of game time in: the page is on a step whose time has been reached, not beyond
    page.wait_for_function("() => Number(new URLSearchParams(location.hash.slice(1)).get('step')) >= 5",
                           timeout=60_000)
    page.click("#play")  # pause
    paused = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('step')")
    page.wait_for_timeout(1500)  # nothing moves while paused (a check of stillness, not a wait for state)
    assert page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('step')") == paused
    # seek to the middle and play on from there to the end
    page.locator("#slider").fill(str(total // 2))
    assert page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('step')") == str(total // 2)
    clock = page.inner_text("#game-clock")
    assert clock.endswith(f"{game_ms // 60000}:{(game_ms % 60000) / 1000:04.1f}"), clock
    page.click("#play")
    started = time.monotonic()
    page.wait_for_selector(f"#step-text >> text=Step {total} of {total}", timeout=120_000)
    elapsed = time.monotonic() - started
    half = (game_ms - record["actions"][total // 2 - 1]["t"]) / 1000
    # at 8x the second half takes an eighth of its game time (never less; a loaded machine may lag)
    assert elapsed >= half / 8 * 0.9, (elapsed, half)
    _shot(page, shots, "tessen-replay-end", full_page=True)


def _get_record(server: str, table: str) -> Any:
    import json
    import urllib.request

    with urllib.request.urlopen(f"{server}/api/tables/{table}/record", timeout=10) as r:
        return json.loads(r.read())
