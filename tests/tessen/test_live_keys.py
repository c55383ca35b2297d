"""`warroom play tessen` at a real (pseudo-)terminal: single keys play moves at once on the live
screen while the bot plays on, and the terminal's mode is given back on quit and on Ctrl-C; a game
started from a position is live too, and its record replays."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

from warroom.engine.record import Record

WARROOM = Path(sys.executable).parent / "warroom"


def _controlling_tty() -> None:
    # the child's own session with the pty as its terminal, so that Ctrl-C reaches it as SIGINT
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """`warroom play tessen [ARGS]` on a pty (ARGS default: ``--seed 3``); ``screen`` collects
    everything it drew."""

    def __init__(self, save: Path, *args: str) -> None:
        self.master, self.slave = pty.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, b"\x32\x00\xa0\x00\x00\x00\x00\x00")  # 50x160
        self.before = termios.tcgetattr(self.slave)
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "160", "LINES": "50"}
        self.proc = subprocess.Popen(
            [str(WARROOM), "play", "tessen", "--bot-level", "novice", *(args or ("--seed", "3")), "--save", str(save)],
            stdin=self.slave, stdout=self.slave, stderr=self.slave, env=env, preexec_fn=_controlling_tty)
        self.screen = ""

    def read_until(self, text: str, timeout: float = 90.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.screen += os.read(self.master, 65536).decode(errors="ignore")
                except OSError:
                    return False
                if text in self.screen:
                    return True
            elif self.proc.poll() is not None:
                return text in self.screen
        return False

    def press(self, keys: bytes, then: float = 0.6) -> None:
        os.write(self.master, keys)
        self.read_until("\0", timeout=then)  # keep reading: a full pty would block the screen

    def finish(self) -> int:
        try:
            self.read_until("\0", timeout=60)  # until the program ends
            try:
                return self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # say what state the program was left in (CI once)
                signals = Path(f"/proc/{self.proc.pid}/status").read_text().splitlines()
                self.proc.kill()
                raise AssertionError(f"still running: {[s for s in signals if s.startswith(('State', 'Sig'))]}; "
                                     f"its screen ended {self.screen[-600:]!r}") from None
        finally:
            self.after = termios.tcgetattr(self.slave)
            os.close(self.master)
            os.close(self.slave)


def test_single_keys_play_moves_at_once_and_quit_gives_the_terminal_back(tmp_path: Path) -> None:
    term = Terminal(tmp_path / "game.json")
    assert term.read_until("press a move's key"), term.screen[-2000:]
    assert "[1]" in term.screen and "Draw the top card of your deck" in term.screen
    for _ in range(4):  # key 1 is "draw" while the hand is empty: no Enter needed
        term.press(b"1")
    assert "[a]" in term.screen  # after 1-9 and 0 the moves' keys are letters, shown as such
    term.press(b"q", then=0)
    assert term.finish() == 0
    steps = Record.load(tmp_path / "game.json").steps
    mine = [s for s in steps if s.seat == 0]
    assert mine and mine[0].action == "draw"  # the keys played
    assert any(s.seat == 1 for s in steps)  # the bot played meanwhile
    assert term.after == term.before  # cbreak mode undone


def test_ctrl_c_saves_the_game_and_gives_the_terminal_back(tmp_path: Path) -> None:
    term = Terminal(tmp_path / "game.json")
    assert term.read_until("press a move's key"), term.screen[-2000:]
    term.press(b"1")
    term.press(b"\x03", then=0)
    assert term.finish() == 130
    assert "interrupted" in term.screen
    assert (tmp_path / "game.json").exists()
    assert term.after == term.before


ALL_ANIMALS = [kind for kind in ("pheasant", "deer", "macaque", "marten", "crane", "fox", "bear", "cat")
               for _ in range(4)]


def test_play_from_a_position_is_live_and_its_record_replays(tmp_path: Path) -> None:
    # 20 s into round 1: p1 holds a fox and a warrior, p2 has a pile of two foxes in place 1
    mine = ALL_ANIMALS + ["warrior"] * 9 + ["super"]
    for card in ("fox", "warrior"):
        mine.remove(card)
    theirs = ALL_ANIMALS + ["warrior"] * 9 + ["super"]
    for card in ("fox", "fox"):
        theirs.remove(card)
    position = {"game": "tessen", "clock": 20_000, "seats": {
        "p1": {"deck": mine, "hand": ["fox", "warrior"], "last_ms": 19_000},
        "p2": {"deck": theirs, "places": [{"animal": "fox", "count": 2}, None, None, None, None],
               "last_ms": 19_000}}}
    (tmp_path / "pos.json").write_text(json.dumps(position))
    term = Terminal(tmp_path / "game.json", "--position", str(tmp_path / "pos.json"), "--seat", "p1")
    # the live screen (single keys, game time), not the turn-based prompt
    assert term.read_until("press a move's key"), term.screen[-2000:]
    assert "game time   20." in term.screen  # the clock goes on from the position's time
    term.press(b"1")
    term.press(b"q", then=0)
    assert term.finish() == 0
    steps = Record.load(tmp_path / "game.json").steps
    assert any(s.seat == 0 for s in steps)  # the key played
    assert all(s.t is not None and s.t >= 20_000 for s in steps)  # every step at its game time
    verify = subprocess.run([str(WARROOM), "replay", "--verify", str(tmp_path / "game.json")],
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0, verify.stderr
    assert verify.stdout.startswith("ok: ")
