"""The terminal's prompts that match the browser's: a move the view marks "no effect now" is
played only once confirmed; with ``--time-limit`` the prompt counts the decision's time down and
the autopilot decides when it runs out; a finished game prints its summary."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tests.kessen.scenario import EVIL, GOOD, Scenario
from warroom import bots
from warroom.engine.match import Match
from warroom.games.kessen.rules import GAME
from warroom.terminal import Session, Stop, TimeUp, clock_text


def _ambush_while_attacking() -> tuple[Scenario, int]:
    """Good attacks with Guan Yu and holds Ambush, a card for the defender: no effect now."""
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    cao_ren = s.unit(EVIL, "cao_ren", ["spears"])
    (ambush,) = s.hand(GOOD, "actions", ["ambush"])
    s.engagement(attacker=GOOD, att_unit=guan_yu, def_unit=cao_ren)
    return s, ambush


def _session(tmp_path: Path, s: Scenario, read: Any, **kwargs: Any) -> tuple[Session, io.StringIO]:
    match = Match(GAME, s.state.config, 0, ["human", "random"], hashes=True, position=s.position())
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    session = Session(match, GOOD, {EVIL: bots.make("kessen", "random")}, save_path=tmp_path / "g.json",
                      save_at_end=False, console=console, fancy=False, read=read, **kwargs)
    return session, out


def _lines(answers: Iterable[str]) -> Any:
    it: Iterator[str] = iter(answers)
    asked: list[str] = []

    def read(prompt: str) -> str | None:
        asked.append(prompt)
        return next(it, None)

    read.asked = asked  # type: ignore[attr-defined]
    return read


def test_a_no_effect_move_asks_first_and_a_no_plays_nothing(tmp_path: Path) -> None:
    s, ambush = _ambush_while_attacking()
    read = _lines(["1", "n", "quit"])
    session, out = _session(tmp_path, s, read)
    assert GAME.view(session.match.state, GOOD)["action_notes"][f"play card={ambush}"]["no_effect"]
    with pytest.raises(Stop):  # the script ends with quit
        session.run()
    text = out.getvalue()
    assert "Ambush" in text and "this would have no effect now" in text
    assert "Not played; choose again." in text
    assert read.asked[1] == "Play it anyway? [y/N] "
    assert session.match.record.steps == []  # nothing was played


def test_a_no_effect_move_is_played_once_confirmed_with_y_or_the_same_move_again(tmp_path: Path) -> None:
    for confirm in ("y", "1"):
        s, ambush = _ambush_while_attacking()
        session, _ = _session(tmp_path, s, _lines(["1", confirm, "quit"]))
        with pytest.raises(Stop):  # the script ends with quit
            session.run()
        assert [st.action for st in session.match.record.steps][:1] == [f"play card={ambush}"]


def test_a_move_with_an_effect_is_played_without_a_question(tmp_path: Path) -> None:
    s, _ = _ambush_while_attacking()
    read = _lines(["pass", "quit"])
    session, _ = _session(tmp_path, s, read)
    with pytest.raises(Stop):  # the script ends with quit
        session.run()
    assert session.match.record.steps[0].action == "pass"
    assert not any("anyway" in p for p in read.asked)


def test_with_a_time_limit_the_prompt_counts_down_and_the_autopilot_decides_at_zero(tmp_path: Path) -> None:
    s, ambush = _ambush_while_attacking()
    now = [100.0]
    asked: list[tuple[str, float]] = []

    def read_within(prompt: str, seconds: float) -> str | None:
        asked.append((prompt, seconds))
        if len(asked) == 1:
            now[0] += 20.5  # the player looks at the screen for 20.5 s, then asks for help
            return "help"
        if len(asked) == 2:
            now[0] += seconds  # then lets the clock run out
            raise TimeUp()
        return "quit"

    session, out = _session(tmp_path, s, None, time_limit=60, read_within=read_within,
                            decision_clock=lambda: now[0])
    with pytest.raises(Stop):  # the script ends with quit
        session.run()
    assert asked[0] == ("1:00 good [1-2, help]> ", 60.0)
    assert asked[1] == ("0:40 good [1-2, help]> ", 39.5)  # the same decision, 20.5 s later
    first = session.match.record.steps[0]
    assert first.seat == GOOD and first.action in (f"play card={ambush}", "pass")
    assert "Time is up: the autopilot (heuristic) chose" in out.getvalue()
    assert asked[2][0].startswith("1:00 ")  # the next decision has the whole limit again


def test_clock_text_rounds_up_to_the_second() -> None:
    assert [clock_text(x) for x in (0, 0.2, 59.01, 60, 125)] == ["0:00", "0:01", "1:00", "1:00", "2:05"]


def test_a_finished_game_prints_how_it_went(tmp_path: Path) -> None:
    s, _ = _ambush_while_attacking()
    session, out = _session(tmp_path, s, lambda prompt: "1")
    session.run()
    text = out.getvalue()
    assert "How the game went:" in text
    summary = GAME.summary(session.match.config, [e.visible_to(None) for e in session.match.events])
    assert summary and all(f"  {line}" in text for line in summary)
    assert text.index("How the game went:") < text.index("result: ")
