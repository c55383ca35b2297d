"""The terminal screen draws a seat's view: territories by fiefdom, the map, the decisions."""

from __future__ import annotations

import random

from rich.console import Console

from warroom.engine.events import log_for
from warroom.games.kasl.rules import GAME
from warroom.screens import kasl as screen
from warroom.terminal import Scene


def _played(seed: int, steps: int) -> tuple[object, list[dict[str, object]]]:
    state, events = GAME.start(GAME.configure(4, ["advanced"]), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.result(state) is not None:
            break
        p = GAME.deciders(state)[0]
        events += GAME.apply(state, p, rng.choice(GAME.legal_actions(state, p)))
    return state, log_for(events, 0)


def test_the_screen_shows_the_board_by_fiefdom_the_map_and_numbered_moves() -> None:
    state, log = _played(3, 120)
    seat = GAME.deciders(state)[0]
    moves = [(a, GAME.describe(state, seat, a)) for a in GAME.legal_actions(state, seat)]
    scene = Scene("kasl", "Kasl", GAME.view(state, seat), seat, GAME.seat_names(state.config),  # type: ignore[arg-type]
                  ["you", "random bot", "random bot", "random bot"], 3, moves,
                  [str(screen.sentence(e, seat)) for e in log[-8:]], "Choose")
    console = Console(width=140, record=True)
    console.print(screen.render(scene))
    out = console.export_text()
    for fief in ("Aubrac", "Brévine", "Corlay", "Dornach", "Esterel", "Faucigny", "Gévaudan"):
        assert fief in out
    assert "Map" in out and " 29" in out and "1." in out
    assert "Your secret missions" in out


def test_every_event_has_a_sentence() -> None:
    _, log = _played(5, 100_000)
    kinds = {str(e["kind"]) for e in log}
    assert {"deal", "round", "attack", "loss", "capture", "turn", "end"} <= kinds
    for e in log:
        text = screen.sentence(e, 0)
        assert text and not text.startswith("{"), e
