"""The shared keyword marking (static/js/glossary.js) in a real Chromium, with each game's own
glossary: every term is marked with its meaning, a lower-case term also when capitalised, once
only however often it runs, never inside the keyboard hints, and on a clickable piece a tap
still reaches the piece. (Skips without /usr/bin/chromium.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.kessen.test_browser_renderer import base, page
from warroom.engine import registry

__all__ = ["base", "page"]  # fixtures, used by name

MARK = """async ([rules, html]) => {
  const { glossaryIndex, markKeywords } = await import("/js/glossary.js");
  const out = document.getElementById("out");
  out.innerHTML = html;
  const index = glossaryIndex(rules);
  let clicks = 0;
  out.querySelector("[data-card]")?.addEventListener("click", () => { clicks += 1; });
  markKeywords(out, index);
  markKeywords(out, index); // again: nothing more is marked
  const abbrs = [...out.querySelectorAll("abbr.keyword")];
  out.querySelector("[data-card] abbr")?.click();
  return { terms: abbrs.map((a) => a.dataset.keyword), titles: abbrs.map((a) => a.title),
           nested: out.querySelectorAll("abbr abbr").length, clicks,
           opened: out.querySelectorAll("[data-card] abbr.open").length };
}"""


@pytest.mark.parametrize(("game", "html", "terms"), [
    ("ltk", "<p>p1 uses Kill on p2 (health 2); p2 is dying</p><kbd>Kill</kbd>", ["Kill", "health", "dying"]),
    ("kasl", "<p>Stronghold levels add dice; Red's Lord attacks</p>", ["stronghold", "Lord"]),
    ("tessen", "<div data-card='warrior'>Warrior</div><p>p2 yields place 4</p>", ["Warrior", "yield", "place"]),
])
def test_each_games_keywords_are_marked_once_with_their_meaning(page: Any, game: str, html: str,
                                                                terms: list[str]) -> None:
    rules = registry.get(game).rules_reference()
    got = page.evaluate(MARK, [rules, html])
    assert got["terms"] == terms
    meanings = {g["term"]: g["text"] for g in rules["glossary"]}
    assert got["titles"] == [f"{t}: {meanings[t]}" for t in terms]
    assert got["nested"] == 0
    if "data-card" in html:  # the tap selected the card and did not open the explanation over it
        assert (got["clicks"], got["opened"]) == (1, 0)
