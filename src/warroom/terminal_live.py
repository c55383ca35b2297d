"""The live terminal for real-time games: a person acts at any moment, bots on their own clocks.

A turn-based game waits at a prompt (:class:`warroom.terminal.Session`). A real-time game cannot:
the bots keep acting while the person thinks, deadlines pass by themselves, and the person may
act whenever they like. :class:`LiveSession` runs the same :class:`~warroom.engine.match.Match`
on the wall clock instead:

- the bot seats run on :class:`warroom.engine.realtime.Scheduler`, each with its reaction model,
  exactly as in simulation but with the wall clock (in ms since the game began) for time;
- the person's input is read without blocking the game: a thread reads keys (at a terminal, in
  cbreak mode, the line being typed is shown on the screen) or lines (piped input) into a queue,
  and the loop waits for the queue only until the next thing the bots or the clock must do;
- a line is a move's number (of the moves on the screen when it was typed: what the person saw),
  action text, or a command (help, save, quit). It is applied at the instant it is read, with
  every check, and may fail because the game moved on meanwhile, as at a real table.

The game supplies its screen as for the turn-based terminal (``warroom.screens.<name>``);
:class:`~warroom.terminal.Scene` carries the game time in ``clock_ms``. Nothing here knows a game.

Tests drive it with :class:`ScriptedLines` on a :class:`ManualClock`: lines typed at given
instants, the clock jumping to whatever comes first, so a whole game takes milliseconds.
"""

from __future__ import annotations

import contextlib
import os
import queue
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from typing import IO, Any, Protocol

from rich.console import Group, RenderableType
from rich.live import Live
from rich.text import Text

from warroom.engine import WarroomError
from warroom.engine.realtime import Scheduler
from warroom.terminal import HELP, Session, command_of

REFRESH_MS = 100  # the live screen is redrawn at least this often (deadlines count down)
IDLE_MS = 1_000  # the plain transcript waits at most this long for a line between events
LIVE_HELP = (
    "Real time: the bots do not wait for you. At a terminal press the key shown beside a move "
    "(1-9, 0, then letters; h help, s save, q quit, : to type a move's text). Piped input: a "
    "move's number (of the moves shown) or its action text, one a line, at any moment.\n"
    # the commands of the turn-based prompt that a live table answers too
    + "\n".join(line for line in HELP.split("\n")[1:] if not line.startswith(("  info", "  moves", "  rules")))
)


# ----- clocks -------------------------------------------------------------------------------------
class Clock(Protocol):
    """Game time in milliseconds."""

    def now_ms(self) -> int: ...


class WallClock:
    """Milliseconds of wall time since the session began, plus ``offset`` (a resumed game's time)."""

    def __init__(self, offset: int = 0) -> None:
        self.offset = offset
        self.origin = time.monotonic()

    def now_ms(self) -> int:
        return self.offset + int((time.monotonic() - self.origin) * 1000)


class ManualClock:
    """A clock that moves only when told (tests): :class:`ScriptedLines` moves it."""

    def __init__(self, start: int = 0) -> None:
        self.t = start

    def now_ms(self) -> int:
        return self.t


# ----- input ----------------------------------------------------------------------------------------
class LineSource(Protocol):
    """Lines typed by the person, read without blocking the game."""

    buffer: str  # what has been typed of the next line (shown on the live screen)

    def get(self, timeout_ms: int) -> str | None:
        """The next whole line, waiting at most ``timeout_ms``; ``None`` if none came.
        Raises ``EOFError`` when input has ended."""
        ...

    def close(self) -> None: ...


_EOF = object()


class QueueLines:
    """Lines of a text stream (piped stdin), read by a daemon thread into a queue."""

    def __init__(self, stream: IO[str]) -> None:
        self.buffer = ""
        self.queue: queue.Queue[object] = queue.Queue()
        self.ended = False
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.queue.put(line.rstrip("\r\n"))
        self.queue.put(_EOF)

    def get(self, timeout_ms: int) -> str | None:
        if self.ended:
            raise EOFError
        try:
            item = self.queue.get(timeout=max(0, timeout_ms) / 1000)
        except queue.Empty:
            return None
        if item is _EOF:
            self.ended = True
            raise EOFError
        assert isinstance(item, str)
        return item

    def close(self) -> None:
        pass


# Single keys at a terminal: a move by its key, a command by its letter, ":" to type a line.
KEY = "\x1f"  # marks a single key among lines (a control character nobody can type in a line)
MOVE_KEYS = "1234567890abcdefgijklmnoprtuvwxyz"  # the moves on the screen, in order (not h q s)
COMMAND_KEYS = {"q": "quit", "h": "help", "?": "help", "s": "save"}
KEYS_HELP = ("Keys: the key shown beside a move plays it at once (1-9, 0, then letters); "
             "h or ? help · s save · q quit · : type a move's text or number, then Enter "
             "(Esc cancels) · Ctrl-C leaves (the game is saved)")


class KeyLines:
    """Single keys of a terminal in cbreak mode (no echo, no waiting for Enter, Ctrl-C still
    interrupts), read with ``select`` so that nothing reads the terminal once the game is over.

    A key comes back at once as ``KEY + key``; after ``:`` the keys make a line (shown in
    ``buffer``) that Enter returns as typed. ``close`` restores the terminal mode; the session
    calls it on every way out (the end, quit, Ctrl-C, an error).
    """

    keyed = True

    def __init__(self, fd: int) -> None:
        import termios
        import tty

        self.fd = fd
        self.buffer = ""
        self.pending = ""  # keys read but not yet handed out
        self.saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)

    def _read(self, timeout_ms: int) -> bool:
        import select

        ready, _, _ = select.select([self.fd], [], [], max(0, timeout_ms) / 1000)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 64)
        except OSError:
            data = b""
        self.pending += data.decode(errors="ignore") if data else "\x04"
        return True

    def get(self, timeout_ms: int) -> str | None:
        if not self.pending and not self._read(timeout_ms):
            return None
        ch, self.pending = self.pending[0], self.pending[1:]
        if ch == "\x04" and not self.buffer:  # Ctrl-D (or the terminal went away)
            raise EOFError
        if ch == "\x03":  # Ctrl-C where the terminal does not turn it into a signal
            raise KeyboardInterrupt
        if self.buffer:  # typing a line after ":"
            if ch in ("\r", "\n"):
                line, self.buffer = self.buffer[1:], ""
                return line
            if ch == "\x1b":  # Esc: never mind
                self.buffer = ""
            elif ch in ("\x7f", "\b"):
                self.buffer = self.buffer[:-1]
            elif ch == "\x15":  # Ctrl-U
                self.buffer = ":"
            elif ch.isprintable():
                self.buffer += ch
            return None  # a key changes the screen: let the loop redraw
        if ch == ":":
            self.buffer = ":"
            return None
        if ch.isprintable() and not ch.isspace():
            return KEY + ch
        return None

    def close(self) -> None:
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)


class ScriptedLines:
    """Lines typed at given instants (tests): ``get`` moves ``clock`` to the next line's time, or
    by the timeout if that comes first. An exhausted script is the end of input."""

    def __init__(self, clock: ManualClock, lines: Iterable[tuple[int, str]]) -> None:
        self.clock = clock
        self.buffer = ""
        self.lines: Iterator[tuple[int, str]] = iter(lines)
        self.next: tuple[int, str] | None = next(self.lines, None)

    def get(self, timeout_ms: int) -> str | None:
        if self.next is None:
            raise EOFError
        at, line = self.next
        until = self.clock.t + max(0, timeout_ms)
        if at > until:
            self.clock.t = until
            return None
        self.clock.t = max(self.clock.t, at)
        self.next = next(self.lines, None)
        return line

    def close(self) -> None:
        pass


# ----- the session ------------------------------------------------------------------------------------
class LiveSession(Session):
    """One person at one seat of a real-time game, bots on every other seat, on a clock.

    Made like a :class:`Session` (``LiveSession.start(...)``, ``LiveSession.resume(...)``), with two
    more keyword arguments: ``lines`` (a :class:`LineSource`; by default keys at a terminal or
    lines of piped stdin) and ``clock`` (by default the wall clock, starting at the record's last
    time when resumed, or the position's time when started from one, so that times never go
    backwards).
    """

    def __init__(self, *args: Any, lines: LineSource | None = None, clock: Clock | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # a game goes on from its own time: a resumed one's last step, a position's clock (the
        # public view's ``clock``), so that no time goes backwards and no deadline moves
        own_time = self.game.view(self.match.state, None).get("clock")
        start = max([s.t for s in self.match.record.steps if s.t is not None]
                    + [own_time if isinstance(own_time, int) else 0])
        self.clock: Clock = clock or WallClock(start)
        self.lines = lines
        self.start_ms = start
        self.shown: list[tuple[str, str]] = []  # the moves on the screen, as the person saw them
        self.flash: str | None = None  # the last refusal or note, shown under the moves
        self._printed_moves: list[tuple[str, str]] | None = None

    def run(self) -> None:
        """Play until the game ends or the person leaves (raises :class:`~warroom.terminal.Stop`)."""
        if not self.game.realtime:
            raise WarroomError(f"{self.game.name} is not a real-time game; use the turn-based terminal")
        lines = self.lines or self._default_lines()
        sched = Scheduler(self.game, None, self.bots, self.match.seed, start_ms=self.start_ms,
                          match=self.match)
        live = Live(console=self.console, auto_refresh=False, transient=False) if self.fancy else None
        try:
            with live if live is not None else contextlib.nullcontext():
                while True:
                    now = self.clock.now_ms()
                    sched.run_until(now)
                    self._show(now, live, lines)
                    if self.match.result() is not None:
                        break
                    nxt = sched.next_time()
                    limit = REFRESH_MS if self.fancy else IDLE_MS
                    wait = limit if nxt is None else min(limit, max(0, nxt - now))
                    try:
                        line = lines.get(wait)
                    except EOFError:
                        self._leave("input ended")
                    if line is not None:
                        self._handle(line, sched, live)
        finally:
            lines.close()
        self._finish()

    def _default_lines(self) -> LineSource:
        if self.fancy and sys.stdin.isatty():
            return KeyLines(sys.stdin.fileno())
        return QueueLines(sys.stdin)

    # ----- a line from the person ------------------------------------------------------------------
    def _handle(self, line: str, sched: Scheduler, live: Live | None) -> None:
        if line.startswith(KEY):
            self._key(line[len(KEY):], sched, live)
            return
        text = line.strip()
        if not text:
            return
        if not self.fancy:
            self.console.out(f"[{self._secs(self.clock.now_ms())}] > {text}", highlight=False)
        command = command_of(text)
        if command == "quit":
            self._leave("you left the game")
        if command is not None:
            if command == "help":
                self._say(LIVE_HELP, live)
            elif command == "save":
                self.save()
            else:  # show: the transcript prints the moves again
                self._printed_moves = None
            return
        now = self.clock.now_ms()
        try:
            action = self._choose(text, [a for a, _ in self.shown]) if text.isdigit() else text
            sched.act(self.human, action, now)
            self.flash = None
        except WarroomError as err:  # IllegalAction and MalformedAction among them
            self._complain(str(err))

    def _key(self, key: str, sched: Scheduler, live: Live | None) -> None:
        """One key at a terminal: a command, or the move shown beside that key."""
        command = COMMAND_KEYS.get(key)
        if command == "quit":
            self._leave("you left the game")
        if command == "help":
            self._say(LIVE_HELP + "\n" + KEYS_HELP, live)
            return
        if command == "save":
            self.save()
            self._say("saved", live)
            return
        i = MOVE_KEYS.find(key)
        if i < 0 or i >= len(self.shown):
            self._complain(f"no move on key {key!r} now (the keys are shown beside the moves; h for help)")
            return
        try:  # the move that was on the screen when the key was pressed, checked now
            sched.act(self.human, self.shown[i][0], self.clock.now_ms())
            self.flash = None
        except WarroomError as err:
            self._complain(str(err))

    def _complain(self, reason: str) -> None:
        if self.fancy:
            self.flash = f"✗ {reason}"
        else:
            self.console.out(f"illegal: {reason}", highlight=False)

    def _say(self, text: str, live: Live | None) -> None:
        if self.fancy:
            self.flash = text
        else:
            self.console.out(text, highlight=False)

    # ----- what is shown ---------------------------------------------------------------------------
    @staticmethod
    def _secs(ms: int) -> str:
        return f"{ms / 1000:7.2f} s"

    def _current_moves(self, now: int) -> tuple[str | None, list[tuple[str, str]]]:
        state = self.match.state
        pending = [d for d in self.game.decisions(state) if d.player == self.human]
        if not pending:
            return None, []
        legal = self.game.legal_actions(state, self.human, now)
        return pending[0].prompt, [(a, self.game.describe(state, self.human, a)) for a in legal]

    def _show(self, now: int, live: Live | None, lines: LineSource) -> None:
        self._update_log()
        prompt, moves = self._current_moves(now)
        self.shown = moves
        if live is not None:
            scene = self._scene(prompt or "Nothing to do now: watch, or wait for your next chance",
                                moves)
            scene.clock_ms = now
            keyed = bool(getattr(lines, "keyed", False))
            if keyed:
                scene.keys = list(MOVE_KEYS[:len(moves)])
            parts: list[RenderableType] = [self.screen.render(scene),
                                           Text(f"game time {self._secs(now)}", style="dim")]
            if self.flash:
                parts.append(Text(self.flash, style="bold red" if self.flash.startswith("✗") else ""))
            if keyed and not lines.buffer:
                parts.append(Text(f"{self.seat_names[self.human]}: press a move's key · h help · "
                                  "s save · q quit · : type a move", style="bold"))
            else:
                parts.append(Text(f"{self.seat_names[self.human]}> {lines.buffer}", style="bold"))
            live.update(Group(*parts), refresh=True)
            return
        # the transcript: new log lines with their time, and the moves whenever they change
        for sentence in self.sentences[self._printed:]:
            self.console.out(f"[{self._secs(now)}] · {sentence}", highlight=False)
        self._printed = len(self.sentences)
        if moves != self._printed_moves:
            self._printed_moves = moves
            if prompt is None:
                self.console.out(f"[{self._secs(now)}] (nothing to do now)", highlight=False)
            else:
                status = self.screen.status(self.game.view(self.match.state, self.human))
                head = f"[{status}] " if status else ""
                self.console.out(f"[{self._secs(now)}] {head}{prompt}", highlight=False)
                for i, (action, description) in enumerate(moves, start=1):
                    self.console.out(f"  {i:>2}. {description}  [{action}]", highlight=False)
