"""Tessen's terminal screen: every event has a sentence, the table and the attack alert show."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from tests.tessen.scenario import GAME, act, side, table
from warroom.screens import tessen as screen
from warroom.terminal import Scene


def shown(state: object, seat: int, now: int) -> str:
    view = GAME.view(state, seat)  # type: ignore[arg-type]
    scene = Scene("tessen", "Tessen", view, seat, ["p1", "p2"], ["you", "expert bot"], 1,
                  clock_ms=now, prompt="go", moves=[("draw", "Draw")])
    console = Console(width=140, record=True)
    console.print(screen.render(scene))
    return console.export_text()


def test_the_attacked_player_sees_the_alert_with_the_time_left() -> None:
    state = table(side(hand="warrior"), side(hand="warrior fox", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    text = shown(state, 1, 11_500)
    assert "ATTACK! on your place 1 with a Warrior: defend or yield · 1.5 s left" in text
    assert "your hand: Red Fox  Warrior" in text and "Sika Deer ×2" in text
    assert "waits for an answer" in shown(state, 0, 11_500)


def test_the_opponents_hand_is_not_on_the_screen() -> None:
    state = table(side(hand="warrior"), side(hand="crane crane"))
    assert "Japanese Crane" not in shown(state, 0, 10_000)


def test_every_event_of_a_match_has_a_sentence() -> None:
    from warroom import bots
    from warroom.engine.realtime import play_realtime

    config = GAME.configure(2, ["dragon", "sacred-animal"], {"wins": 2})
    _, match = play_realtime(GAME, config, 3, [bots.make("tessen", "expert"),
                                               bots.make("tessen", "novice")], record=True)
    assert match is not None
    kinds = set()
    for event in match.log(0):
        kinds.add(event["kind"])
        assert screen.sentence(event, 0), event
    assert {"draw", "play", "keep", "attack", "tessen", "round", "match"} <= kinds
    assert screen.status(GAME.view(match.state, 0)).startswith("round")


def test_warroom_play_tessen_takes_a_bot_level(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from warroom.cli import app

    out = CliRunner().invoke(app, ["play", "tessen", "--bot-level", "novice", "--seed", "2", "--save",
                                   str(tmp_path / "game.json")], input="draw\nquit\n")
    assert "against the novice bot" in out.output
    assert "p1 draws from the deck (41 left)" in out.output
