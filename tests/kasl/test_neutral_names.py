"""With two players the neutral army holds the third pile under the third colour's number; every
log names it "Neutral", never "Blue" (issue 34, item 11): the terminal's and the replay's
sentences, and the browser renderer's log lines and combat panel."""

from __future__ import annotations

from typing import Any

import pytest

from tests.kasl.scenario import dice, empty, play, put
from tests.server.test_outcome_panels import NODE, _panels
from warroom.engine.events import log_for
from warroom.games.kasl.rules import GAME
from warroom.screens import kasl as screen

GREEN, NEUTRAL = 0, 2


def _attack_on_the_neutral_army() -> list[dict[str, Any]]:
    """Green's 3 infantry on 2 wipe out the neutral infantry on 3, lose one to its dice, and move
    nobody in."""
    s = empty()
    put(s, 2, GREEN, inf=3)
    put(s, 3, NEUTRAL, inf=1)
    dice(s, 6, 1, 1, 1, 5)
    return log_for(play(s, GREEN, "attack from=2 to=3", "done"), None)


def test_the_terminal_log_names_the_neutral_army() -> None:
    log = _attack_on_the_neutral_army()
    lines = {e["kind"]: screen.sentence(e, GREEN) for e in log}
    assert lines["loss"] == "Neutral loses infantry on 3"
    assert not any("Blue" in str(line) for line in lines.values())


def test_the_deal_names_the_neutral_pile_and_a_third_player_blue() -> None:
    _, two = GAME.start(GAME.configure(2), 7)
    _, three = GAME.start(GAME.configure(3), 7)
    deal = [screen.sentence(e, None) for e in log_for(two, None) if e["kind"] == "deal"]
    assert [str(line).split(" holds")[0] for line in deal] == ["Green", "Red", "Neutral"]
    deal = [screen.sentence(e, None) for e in log_for(three, None) if e["kind"] == "deal"]
    assert [str(line).split(" holds")[0] for line in deal] == ["Green", "Red", "Blue"]


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_the_browser_log_and_combat_panel_name_the_neutral_army() -> None:
    log = _attack_on_the_neutral_army()
    view = {"seats": ["green", "red"]}
    # the loss as a page's first log line: the renderer has seen no view or panel to count seats by
    at = next(i for i, e in enumerate(log) if e["kind"] == "loss" and e["owner"] == NEUTRAL)
    first = _panels("kasl", log[at:], view, GREEN)[0]
    assert first["line"] == "Neutral loses infantry on 3"
    out = {o["kind"]: o for o in _panels("kasl", log, view, GREEN)}
    panel = out["combat_end"]["moment"]
    assert panel["headline"].startswith("Neutral holds 3 ")
    assert "Neutral lost 1 infantry" in panel["lines"]
    assert panel["lines"][1].startswith("Neutral defends: 1 5 = 1 hit")
