"""The terminal at a decision the seats take at once (``Game.simultaneous``): LTK's general pick."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from warroom.engine import registry
from warroom.terminal import Session, Stop

GAME = registry.get("ltk")


def test_the_human_picks_a_general_before_any_bot_pick_lands_then_all_land_in_seat_order(
        tmp_path: Path) -> None:
    # 5 players, seed 4: the Monarch is seat 3 (a bot); the human at seat 0 picks with seats 1, 2 and 4
    out = io.StringIO()
    asked: list[tuple[str, list[str], str]] = []

    def read(prompt: str) -> str | None:
        state = session.match.state
        asked.append((state.stage, [s.pick for s in state.seats], out.getvalue()))
        return "1" if state.stage == "pick" else None  # the first offer, then leave

    session = Session.start(GAME, GAME.configure(5), 4, 0, "random", save_path=tmp_path / "g.json",
                            save_at_end=False, console=Console(file=out, width=150), fancy=False, read=read)
    with pytest.raises(Stop):
        session.run()
    stage, picks, shown = asked[0]
    # asked while no bot's pick had landed: only the Monarch's general is known, nobody "has chosen"
    assert stage == "pick" and picks == ["", "", "", "sima_yi", ""]
    assert "has chosen a general" not in shown
    steps: list[Any] = session.match.record.steps
    assert [(s.seat, s.action) for s in steps[:2]] == [(3, "choose general=sima_yi"), (0, "choose general=cao_ren")]
    assert [s.seat for s in steps[2:5]] == [1, 2, 4]
    assert session.match.state.stage == "play"


def test_a_general_not_offered_is_refused_and_no_bot_pick_lands_meanwhile(tmp_path: Path) -> None:
    out = io.StringIO()
    answers = iter(["choose general=nobody", None])  # no such general; then leave
    landed: list[int] = []

    def read(prompt: str) -> str | None:
        landed.append(len(session.match.record.steps))
        return next(answers)

    # the human at seat 2: the bots at seats 0 and 1 would land before it in seat order
    session = Session.start(GAME, GAME.configure(5), 4, 2, "random", save_path=tmp_path / "g.json",
                            save_at_end=False, console=Console(file=out, width=150), fancy=False, read=read)
    with pytest.raises(Stop):
        session.run()
    assert "illegal: " in out.getvalue()
    # asked twice at the pick, with only the Monarch's choice recorded both times
    assert landed == [1, 1] and len(session.match.record.steps) == 1
