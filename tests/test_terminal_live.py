"""The live terminal (`warroom.terminal_live`) on Skirmish: a person acts at any moment while the
bots act on their own clocks, driven by scripted input on a manual clock."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tests.skirmish import GAME, register
from warroom.engine.record import Record, replay
from warroom.terminal import Stop
from warroom.terminal_live import LiveSession, ManualClock, QueueLines, ScriptedLines

CONFIG = GAME.configure(2)


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def live(tmp_path: Path, lines: Any, clock: ManualClock, fancy: bool = False, seed: int = 3,
         name: str = "game.json") -> tuple[LiveSession, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, force_terminal=fancy)
    s = LiveSession.start(GAME, CONFIG, seed, 0, "random", save_path=tmp_path / name, save_at_end=True,
                          console=console, fancy=fancy, lines=lines, clock=clock)
    return s, out


def every(ms: int, line: str = "1") -> Iterable[tuple[int, str]]:
    return ((ms * k, line) for k in itertools.count(1))


def test_a_person_typing_the_first_move_now_and_then_plays_a_whole_game(tmp_path: Path) -> None:
    clock = ManualClock()
    s, out = live(tmp_path, ScriptedLines(clock, every(700)), clock)
    s.run()
    assert s.match.result() is not None
    steps = s.match.record.steps
    mine = [st for st in steps if st.seat == 0]
    theirs = [st for st in steps if st.seat == 1]
    assert mine and theirs
    # the person's actions land at the instants they were typed; the bot's come on its own clock
    assert all(st.t is not None and st.t % 700 == 0 for st in mine)
    assert any(st.t is not None and st.t % 700 != 0 for st in theirs)
    times = [st.t for st in steps]
    assert times == sorted(times)  # type: ignore[type-var]
    text = out.getvalue()
    assert "result: " in text and "Traceback" not in text
    # the saved record replays exactly, times and all
    saved = Record.load(tmp_path / "game.json")
    assert [st.t for st in saved.steps] == times
    assert sum(1 for _ in replay(saved, verify=True)) == len(saved.steps) + 1


def test_the_bots_play_on_while_the_person_does_nothing(tmp_path: Path) -> None:
    clock = ManualClock()
    s, _ = live(tmp_path, ScriptedLines(clock, [(5_000, "quit")]), clock)
    with pytest.raises(Stop):
        s.run()
    record = Record.load(tmp_path / "game.json")
    assert any(st.seat == 1 for st in record.steps)  # east acted with nobody typing
    assert all(st.seat != 0 for st in record.steps)


def test_a_number_means_the_move_on_the_screen_and_a_stale_one_is_refused(tmp_path: Path) -> None:
    clock = ManualClock()
    # at 10 ms the person asks for move 9: there are only a few moves, so it is refused
    s, out = live(tmp_path, ScriptedLines(clock, [(10, "9"), (20, "draw"), (30, "draw"), (300, "bank card=999"),
                                                  (400, "quit")]), clock)
    with pytest.raises(Stop):
        s.run()
    text = out.getvalue()
    assert "illegal: there is no move 9" in text
    assert "illegal: west has no decision to make now" in text  # 200 ms between one seat's actions
    assert "illegal: card 999 is not in your hand" in text
    record = Record.load(tmp_path / "game.json")
    assert [(st.seat, st.action, st.t) for st in record.steps if st.seat == 0] == [(0, "draw", 20)]


def test_the_transcript_shows_times_and_the_moves_when_they_change(tmp_path: Path) -> None:
    clock = ManualClock()
    s, out = live(tmp_path, ScriptedLines(clock, [(0, "draw"), (2_000, "quit")]), clock)
    with pytest.raises(Stop):
        s.run()
    text = out.getvalue()
    assert "[   0.00 s] Draw, bank or attack" in text
    assert "   1. draw a card  [draw]" in text
    assert "[   0.00 s] > draw" in text


def test_quit_and_resume_keep_the_clock_running_forward(tmp_path: Path) -> None:
    clock = ManualClock()
    s, _ = live(tmp_path, ScriptedLines(clock, [(300, "draw"), (2_500, "quit")]), clock)
    with pytest.raises(Stop):
        s.run()
    record = Record.load(tmp_path / "game.json")
    last = max(st.t for st in record.steps if st.t is not None)
    out = io.StringIO()
    clock2 = ManualClock(last)
    resumed = LiveSession.resume(record, save_path=tmp_path / "game.json", save_at_end=True,
                                 console=Console(file=out, width=120), fancy=False,
                                 lines=ScriptedLines(clock2, every(600)), clock=clock2)
    resumed.run()
    times = [st.t for st in resumed.match.record.steps]
    assert times == sorted(times)  # type: ignore[type-var]
    assert resumed.match.result() is not None


def test_the_live_screen_redraws_with_the_game_time_and_the_line_being_typed(tmp_path: Path) -> None:
    clock = ManualClock()
    lines = ScriptedLines(clock, [(50, "draw"), (400, "quit")])
    lines.buffer = "dr"
    s, out = live(tmp_path, lines, clock, fancy=True)
    with pytest.raises(Stop):
        s.run()
    text = out.getvalue()
    assert "game time" in text and "west> dr" in text
    assert "Draw, bank or attack" in text


def test_piped_lines_are_read_without_blocking() -> None:
    lines = QueueLines(io.StringIO("1\ndraw\n"))
    got = [lines.get(1000), lines.get(1000)]
    assert got == ["1", "draw"]
    with pytest.raises(EOFError):
        lines.get(1000)


def test_keys_at_a_terminal_come_one_by_one_and_a_colon_types_a_line() -> None:
    import os
    import pty
    import termios

    from warroom.terminal_live import KEY, KeyLines

    master, slave = pty.openpty()
    try:
        before = termios.tcgetattr(slave)
        keys = KeyLines(slave)
        assert termios.tcgetattr(slave) != before  # cbreak: keys arrive without Enter
        os.write(master, b"3")
        assert keys.get(2000) == KEY + "3"  # a single key, no Enter
        os.write(master, b":drx\x7f")
        seen = ""
        for _ in range(50):
            assert keys.get(100) is None
            seen = keys.buffer
            if seen == ":dr":
                break
        assert seen == ":dr"  # the backspace took the x away
        os.write(master, b"aw\r")
        line = None
        for _ in range(50):
            line = keys.get(100)
            if line is not None:
                break
        assert line == "draw" and keys.buffer == ""
        os.write(master, b":x\x1b")
        for _ in range(3):
            keys.get(100)
        assert keys.buffer == ""  # Esc dropped the line
        keys.close()
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)
