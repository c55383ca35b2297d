"""Kessen's browser renderer (js/games/kessen.js) in a real Chromium: glossary keywords carry
their explanation (hover: title; tap: inline), and a move the view marks "no effect now" shows
the mark and asks for confirmation, while a move with an effect shows the Force change.

The module is served by a throw-away static server over loopback and driven with the view data
the Python side produces (views.py action_notes, reference.py glossary)."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.kessen.scenario import EVIL, GOOD, Scenario
from warroom.games.kessen.rules import GAME

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

STATIC = Path(__file__).resolve().parents[2] / "src" / "warroom" / "web" / "static"
PAGE = """<!doctype html><html><head><link rel="stylesheet" href="/css/warroom.css">
<link rel="stylesheet" href="/css/games/kessen.css"></head>
<body><div id="out"></div><script type="module">
import { createView } from "/js/games/kessen.js";
window.makeView = (rules, acted) => createView({ rules, pieces: new Map(), seat: 0,
  act: (a) => acted.push(a), seatLabel: (s) => String(s) });
window.ready = true;
</script></body></html>"""


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path == "/test.html":
                body = PAGE.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(STATIC)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def page(base: str) -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--headless"])
        page = browser.new_page()
        page.goto(f"{base}/test.html")
        page.wait_for_function("window.ready === true")
        yield page
        browser.close()


def test_keywords_in_card_text_carry_their_explanation(page: Any) -> None:
    rules = {"glossary": GAME.rules_reference()["glossary"]}
    got = page.evaluate("""(rules) => {
      const view = window.makeView(rules, []);
      const el = document.createElement("p");
      const parts = view.explained("Loyal leaders ignore Duty Elsewhere; a Formation helps.");
      el.append(...parts.map((p) => typeof p === "string" ? document.createTextNode(p) : p));
      document.getElementById("out").replaceChildren(el);
      const loyal = el.querySelector('abbr[data-keyword="Loyal"]');
      const hidden = getComputedStyle(loyal.querySelector(".keyword-text")).display;
      loyal.click();
      const shown = getComputedStyle(loyal.querySelector(".keyword-text")).display;
      return { terms: [...el.querySelectorAll("abbr")].map((a) => a.dataset.keyword),
               title: loyal.title, hidden, shown };
    }""", rules)
    assert got["terms"] == ["Loyal", "Formation"]
    assert got["title"] == "Loyal: Immune to Treachery and Duty Elsewhere (Guan Yu, Zhang Fei)."
    # the explanation is hidden until the keyword is tapped (kessen.css)
    assert (got["hidden"], got["shown"]) == ("none", "inline")


def test_a_no_effect_move_is_marked_and_confirmed_and_an_effect_is_shown(page: Any) -> None:
    s = Scenario()
    liu_bei = s.unit(GOOD, "liu_bei", ["swords"])
    xu = s.unit(EVIL, "xiahou_yan", ["cavalry"])
    ambush, surprise = s.hand(GOOD, "actions", ["ambush", "surprise_attack"])
    s.engagement(attacker=GOOD, att_unit=liu_bei, def_unit=xu)
    view = GAME.view(s.state, GOOD)
    moves = [{"action": a, "text": GAME.describe(s.state, GOOD, a), "ids": []} for a in s.legal(GOOD)]
    snap = {"view": view, "busy": False, "seat": 0}
    got = page.evaluate("""([moves, snap]) => {
      const acted = [];
      const view = window.makeView({ glossary: [] }, acted);
      const el = view.movesEl(moves, snap);
      document.getElementById("out").replaceChildren(el);
      const button = (a) => el.querySelector(`button[data-action="${a}"]`);
      const out = {};
      for (const m of moves) {
        const b = button(m.action);
        out[m.action] = { noEffect: b.classList.contains("no-effect"),
                          note: b.querySelector(".move-note")?.textContent || null };
      }
      let asked = 0;
      window.confirm = () => { asked += 1; return false; };
      button(moves[0].action).click();  // the Ambush: asked, refused, nothing played
      const afterRefusal = acted.slice();
      window.confirm = () => { asked += 1; return true; };
      button(moves[0].action).click();
      button(moves[1].action).click();  // Surprise Attack: played at once
      return { out, asked, afterRefusal, acted };
    }""", [moves, snap])
    before = s.force(liu_bei)
    a, b = f"play card={ambush}", f"play card={surprise}"
    assert [m["action"] for m in moves][:2] == [a, b]
    assert got["out"][a] == {"noEffect": True, "note": "no effect now"}
    assert got["out"][b] == {"noEffect": False, "note": f"Liu Bei {before} → {before + 4}"}
    assert got["asked"] == 2 and got["afterRefusal"] == [] and got["acted"] == [a, b]
    assert json.dumps(view["action_notes"])  # plain data, as the server sends it
