"""The terminal client: one person plays any registered game against bots.

The loop here knows nothing about a game's rules or looks. It drives a
:class:`~warroom.engine.match.Match`, asks the human seat for moves, lets bots
take every other seat, and saves the game as an ordinary record that
``warroom play --resume`` and ``warroom replay`` read back.

A game's look is a client of its rules, in ``warroom.screens.<name>``, found by the game's
``warroom.screens`` entry point (``pyproject.toml``), a module with these functions (a game
without one gets a plain fallback):

``render(scene) -> RenderableType``
    The full screen for a :class:`Scene`.
``sentence(event, seat) -> str | None``
    One log line for an event as ``seat`` may see it (``None``: not shown).
``status(view) -> str``
    A one-line summary, used by the plain transcript.
``help() -> str`` (optional)
    What the screen shows, printed by the ``help`` command above the commands.
``info(query) -> RenderableType | None`` (optional)
    The full text of the card (or piece) ``query`` names, a number or a name, for ``info``.
``rules(reference) -> RenderableType`` (optional)
    Tables for ``warroom rules``; otherwise :func:`render_rules` shows the reference's sections
    (:mod:`warroom.engine.reference`), which is enough for most games.

Two output modes. When both stdin and stdout are terminals the whole screen is
redrawn before each of the human's decisions. Otherwise (input piped from a
script, output to a file) the output is a compact transcript: the new log
lines, the prompt and the numbered moves, then the answer read. Bot moves are
never drawn one by one; they show up in the log.

Bot randomness and resuming: each bot decision draws from a fresh
``random.Random`` seeded by ``mix_seed(seed, BOT_STREAM + seat, n)``, where
``n`` is the number of actions recorded so far. A bot's choice therefore
depends only on the game seed and the position in the game, so a game saved
and resumed continues exactly as it would have without the break, and no
generator state has to be stored in the record.
"""

from __future__ import annotations

import json
import random
import select
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, Protocol, cast

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from warroom import bots as bot_registry
from warroom.engine import ConfigError, IllegalAction, RecordError, WarroomError, canonical, digits, registry
from warroom.engine.game import Game
from warroom.engine.infoset import choose, witness
from warroom.engine.match import Match
from warroom.engine.record import Record
from warroom.engine.reference import RulesReference
from warroom.engine.rng import mix_seed

HUMAN = "human"  # the ``player`` entry of the human's seat in a record
BOT_STREAM = 7919  # keeps bot streams apart from the game's own and the runner's
LOG_LINES = 12
SCREENS_GROUP = "warroom.screens"  # the entry points naming each game's screen module

HELP = (
    "Choose a move by its number or its action text (for example: pass); p passes when passing is "
    "a move.\n"
    "Commands:\n"
    "  info N / info NAME  the full text of a card (N: the number shown beside it)\n"
    "  moves               every move now, in full (the screen lists what fits)\n"
    "  rules               the game's rules and every card\n"
    "  show                draw the screen again\n"
    "  save                save and go on; quit: save and leave (q)\n"
    "  help                this text (?, h)"
)


# the words of each command at the prompt (any case); ``info`` and ``p`` are read in the loop
COMMANDS = {"help": ("help", "?", "h"), "quit": ("quit", "exit", "q"), "save": ("save",),
            "show": ("show", "screen", "redraw"), "moves": ("moves", "m"), "rules": ("rules",)}
INFO_WORDS = ("info", "i", "card")


def command_of(text: str) -> str | None:
    """The command a line of input names (``help``, ``quit``, ``save``, ``show``, ``moves``,
    ``rules``, ``info``), or ``None``."""
    word = text.strip().lower()
    if word.split(" ", 1)[0] in INFO_WORDS:
        return "info"
    return next((name for name, words in COMMANDS.items() if word in words), None)


# ----- what a game's screen module receives ----------------------------------------------------
@dataclass(slots=True)
class Scene:
    """Everything a game's ``render`` needs for one screen, from the human seat's side."""

    game: str
    title: str
    view: dict[str, Any]  # the human seat's view
    seat: int
    seat_names: list[str]
    players: list[str]  # per seat: "you" or "<bot> bot"
    seed: int
    moves: list[tuple[str, str]] = field(default_factory=list)  # (action, description), shown from 1
    log: list[str] = field(default_factory=list)  # the last few sentences, oldest first
    prompt: str | None = None  # set when the human must decide
    result: str | None = None  # set once the game is over
    clock_ms: int | None = None  # real-time games: the game time now (``terminal_live``)
    keys: list[str] = field(default_factory=list)  # a key per move (live terminal); empty: numbers
    width: int = 0  # the terminal's size; 0: unknown (a transcript, a file): draw everything
    height: int = 0


class ScreenModule(Protocol):
    """The functions a game's ``screen`` module provides (see the module docstring)."""

    def render(self, scene: Scene) -> RenderableType: ...

    def sentence(self, event: dict[str, Any], seat: int | None) -> str | None: ...

    def status(self, view: dict[str, Any]) -> str: ...


class PlainScreen:
    """The fallback for games without a ``screen`` module: the view as data, events as words."""

    def render(self, scene: Scene) -> RenderableType:
        parts: list[RenderableType] = [
            Text(f"{scene.title} · you are {scene.seat_names[scene.seat]} · seed {scene.seed}",
                 style="bold"),
            Pretty(scene.view),
        ]
        if scene.log:
            parts.append(Panel("\n".join(scene.log), title="log"))
        if scene.result:
            parts.append(Text(scene.result, style="bold"))
        elif scene.prompt:
            parts.append(moves_table(scene.prompt, scene.moves, keys=scene.keys))
        return Group(*parts)

    def sentence(self, event: dict[str, Any], seat: int | None) -> str | None:
        words = " ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
        return f"{event.get('kind', '?')} {words}".strip()

    def status(self, view: dict[str, Any]) -> str:
        return ""


def screen_for(game: str) -> ScreenModule:
    """The screen module of ``game`` (its ``warroom.screens`` entry point), or the plain fallback."""
    module = registry.plugin(SCREENS_GROUP, game)
    return PlainScreen() if module is None else cast(ScreenModule, module)


def moves_table(prompt: str, moves: list[tuple[str, str]], title: str = "Your decision",
                keys: list[str] | None = None) -> RenderableType:
    """The prompt and the numbered moves under it (or each under its ``keys`` entry, for the
    single keys of the live terminal); every game's screen may reuse it."""
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="bold cyan", no_wrap=True)
    table.add_column()
    table.add_column(style="dim")
    for i, (action, description) in enumerate(moves, start=1):
        label = f"[{keys[i - 1]}]" if keys and i <= len(keys) else f"{i}."
        table.add_row(Text(label), Text(description), Text(action))  # Text: "[a]" is no markup
    body = Group(Text(prompt, style="bold"), table)
    return Panel(body, title=title, title_align="left", border_style="cyan")


def result_or_decision(scene: Scene) -> list[RenderableType]:
    """What closes a game's screen: the result in a panel once the game is over, else the
    decision (:func:`moves_table`), else nothing; ``parts.extend`` it."""
    if scene.result:
        return [Panel(Text(scene.result, "bold"), title="Result", title_align="left", border_style="bold magenta")]
    if scene.prompt:
        return [moves_table(scene.prompt, scene.moves)]
    return []


def render_rules(reference: RulesReference) -> RenderableType:
    """``warroom rules`` for any game: the introduction, then a table per section with the
    shared columns (name, count, kind, text) and the section's own (``columns``)."""
    parts: list[RenderableType] = [
        Text(f"{reference['title']} — rules version {reference['rules_version']}", "bold")]
    intro = reference.get("intro", [])
    if intro:
        parts.append(Text("\n\n".join(intro) + "\n"))
    glossary = reference.get("glossary", [])
    if glossary:
        words = Table(title="Keywords", title_justify="left", title_style="bold", expand=False)
        words.add_column("Term", style="bold", overflow="fold")
        words.add_column("Meaning", overflow="fold")
        for g in glossary:
            words.add_row(g["term"], g["text"])
        parts.append(words)
    for section in reference.get("sections", []):
        size = section.get("size")
        table = Table(title=section["title"] + (f" ({size})" if size is not None else ""),
                      title_justify="left", title_style="bold", expand=False)
        entries = section["entries"]
        counted = any(e["count"] is not None for e in entries)
        table.add_column("Name", style="bold", no_wrap=True)
        if counted:
            table.add_column("#", justify="right")
        table.add_column("Kind", no_wrap=True)
        for column in section["columns"]:
            table.add_column(column["label"], justify="right" if column["key"] == "force" else "left",
                             no_wrap=True)
        table.add_column("Text", overflow="fold")
        for e in entries:
            row = [e["name"]]
            if counted:
                row.append("" if e["count"] is None else str(e["count"]))
            row.append(e["kind"])
            row.extend(str(e["fields"].get(c["key"], "")) for c in section["columns"])
            row.append(e["text"])
            table.add_row(*row)
        parts.append(table)
    return Group(*parts)


# ----- bots -----------------------------------------------------------------------------------
def bot_rng(seed: int, seat: int, step: int) -> random.Random:
    """The generator for the bot at ``seat`` deciding after ``step`` recorded actions."""
    return random.Random(mix_seed(seed, BOT_STREAM + seat, step))


def default_bot(game: str) -> str:
    """The bot for the other seats when none is named: the game's own default (one place for the
    terminal, the lobby and the server: :func:`warroom.bots.default_bot`)."""
    return bot_registry.default_bot(registry.get(game))


def make_bot(game: str, name: str) -> bot_registry.Bot:
    """A bot by name, refusing unknown names with a one-line reason."""
    names = bot_registry.available(game)
    if name not in names:
        raise ConfigError(f"no bot {name!r} for {game} yet (bots: {', '.join(names)})")
    return bot_registry.make(game, name)


# ----- input ----------------------------------------------------------------------------------
Reader = Callable[[str], "str | None"]


def console_reader(console: Console) -> Reader:
    """Read a line at a terminal, with the prompt shown; ``None`` at end of input."""

    def read(prompt: str) -> str | None:
        try:
            return console.input(Text(prompt, style="bold"))
        except EOFError:
            return None

    return read


def piped_reader(console: Console) -> Reader:
    """Read a line from piped stdin and echo it, since nobody sees piped input being typed."""

    def read(prompt: str) -> str | None:
        line = sys.stdin.readline()
        if not line:
            return None
        console.out(prompt + line.rstrip("\n"), highlight=False)
        return line

    return read


class TimeUp(Exception):
    """The decision's time limit ran out before a line was read."""


# ``read_within(prompt, seconds)``: a line, ``None`` at end of input, or :class:`TimeUp`
TimedReader = Callable[[str, float], "str | None"]


def stdin_timed_reader(console: Console, echo: bool) -> TimedReader:
    """Read a line from stdin within ``seconds`` (POSIX ``select``); piped input is echoed.
    At a terminal the time left is printed at 30 and 10 seconds, below the line being typed."""

    def read(prompt: str, seconds: float) -> str | None:
        console.out(prompt, end="", highlight=False)
        sys.stdout.flush()
        end = time.monotonic() + seconds
        warned = {w for w in (30, 10) if w >= seconds}
        while True:
            left = end - time.monotonic()
            if left <= 0:
                console.out("", highlight=False)
                raise TimeUp()
            ready, _, _ = select.select([sys.stdin], [], [], min(left, 1.0))
            if ready:
                line = sys.stdin.readline()
                if not line:
                    return None
                if echo:
                    console.out(line.rstrip("\n"), highlight=False)
                return line
            for w in (30, 10):
                if left <= w and w not in warned:
                    warned.add(w)
                    console.out(f"\n  ⏱ {w} s left  {prompt}", end="", highlight=False)
                    sys.stdout.flush()

    return read


def clock_text(seconds: float) -> str:
    """``1:05``: time left on a decision, rounded up to the second."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


# ----- the session ----------------------------------------------------------------------------
class Stop(Exception):
    """The human left (quit or end of input); the game has been saved."""


class Session:
    """One human at one seat against bots on every other seat."""

    def __init__(
        self,
        match: Match,
        human: int,
        bots: dict[int, bot_registry.Bot],
        *,
        save_path: Path,
        save_at_end: bool,
        console: Console,
        fancy: bool,
        read: Reader | None = None,
        time_limit: float | None = None,
        read_within: TimedReader | None = None,
        decision_clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.match = match
        self.game: Game[Any] = match.game
        self.human = human
        self.bots = bots
        self.save_path = save_path
        self.save_at_end = save_at_end
        self.console = console
        self.fancy = fancy
        self.read: Reader = read or (console_reader(console) if fancy else piped_reader(console))
        # a decision time limit: each decision must be made within it, else the autopilot (the
        # game's default bot) decides, as at a server table with a limit
        self.time_limit = time_limit
        self.read_within: TimedReader = read_within or stdin_timed_reader(console, echo=not fancy)
        self.decision_clock = decision_clock
        self.autopilot: bot_registry.Bot | None = (
            make_bot(self.game.name, default_bot(self.game.name)) if time_limit is not None else None)
        self.screen = screen_for(self.game.name)
        self.seat_names = self.game.seat_names(match.config)
        self.sentences: list[str] = []
        self._seen_events = 0  # events already turned into sentences
        # bot seats' answers to a decision taken at once, waiting for the human's: seat -> (action, legal)
        self._held: dict[int, tuple[str, list[str]]] = {}
        self._update_log()
        # a resumed game's transcript starts with the last few lines, not the whole history
        self._printed = max(0, len(self.sentences) - LOG_LINES)

    # ----- set-up ----------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        game: Game[Any],
        config: dict[str, Any],
        seed: int,
        human: int,
        bot_name: str,
        **kwargs: Any,
    ) -> Session:
        """A new game: the human at ``human``, ``bot_name`` at every other seat."""
        seats = game.seat_names(config)
        bots = {i: make_bot(game.name, bot_name) for i in range(len(seats)) if i != human}
        players = [HUMAN if i == human else bot_name for i in range(len(seats))]
        match = Match(game, config, seed, players, hashes=True)
        return cls(match, human, bots, **kwargs)

    @classmethod
    def resume(cls, record: Record, **kwargs: Any) -> Session:
        """Continue a saved game; the record says which seat is human and which bots play."""
        humans = [i for i, s in enumerate(record.seats) if isinstance(s, dict) and s.get("player") == HUMAN]
        if len(humans) != 1:
            raise RecordError("the record does not say which single seat the human plays")
        human = humans[0]
        match = Match.from_record(record, verify=True)
        bots: dict[int, bot_registry.Bot] = {}
        for i, seat in enumerate(record.seats):
            if i != human:
                bots[i] = make_bot(record.game, str(seat.get("player", "")))
        return cls(match, human, bots, **kwargs)

    # ----- the loop --------------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends or the human leaves (raises :class:`Stop` then)."""
        while self.match.result() is None:
            pending = self.game.decisions(self.match.state)
            if not pending:
                raise WarroomError("the game has no decision to make and no result")
            seats = [d.player for d in pending]
            if self.human in seats and len(seats) > 1 and self.game.simultaneous(self.match.state):
                self._hold_bot_answers(seats)
                self._human_move(pending[seats.index(self.human)].prompt)
                continue
            bot_seat = next((d.player for d in pending if d.player in self.bots), None)
            if bot_seat is not None:
                self._bot_move(bot_seat)
            else:
                self._human_move(pending[0].prompt)
        self._finish()

    def _hold_bot_answers(self, seats: list[int]) -> None:
        """A decision the seats take at once (``Game.simultaneous``): the bots answer now, from the
        state the human sees, and their answers wait unseen until the human's lands with them."""
        state = self.match.state
        step = len(self.match.record.steps)
        for n, seat in enumerate(sorted(seats)):
            if seat != self.human:
                legal = self.game.legal_actions(state, seat)
                # each bot's stream is the one it would have for the step its answer lands at
                self._held[seat] = (choose(self.game, state, seat, self.bots[seat], legal,
                                           bot_rng(self.match.seed, seat, step + n)), legal)

    def _bot_move(self, seat: int) -> None:
        state = self.match.state
        legal = self.game.legal_actions(state, seat)
        action = choose(self.game, state, seat, self.bots[seat], legal,
                        bot_rng(self.match.seed, seat, len(self.match.record.steps)))
        self._act(seat, action, legal)

    def _human_move(self, prompt: str) -> None:
        state = self.match.state
        legal = self.game.legal_actions(state, self.human)
        moves = [(a, self.game.describe(state, self.human, a)) for a in legal]
        self._update_log()
        if self.fancy:
            self._draw(prompt, moves)
        else:
            self._transcript(prompt, moves)
        ask = f"{self.seat_names[self.human]} [1-{len(moves)}, help]> "
        deadline = None if self.time_limit is None else self.decision_clock() + self.time_limit
        notes = self.game.view(state, self.human).get("action_notes") or {}
        while True:
            try:
                line = self._read_line(ask, deadline, legal)
            except TimeUp:
                self._time_up(legal)
                return
            if line is None:
                self._leave("input ended")
            text = line.strip()
            if not text:
                continue
            command = command_of(text)
            if command is not None and command not in ("quit", "save"):
                self._command(command, text, prompt, moves)
                continue
            if command == "quit":
                self._leave("you left the game")
            if command == "save":
                self.save()
                continue
            try:
                action = self._choose(text, legal)
                if not self._confirmed(action, text, notes, deadline, legal):
                    continue
                self._act(self.human, action, legal)
            except WarroomError as err:  # IllegalAction and MalformedAction among them
                self._complain(str(err))
                continue
            except TimeUp:
                self._time_up(legal)
            return

    def _act(self, seat: int, action: str, legal: list[str]) -> None:
        """Make the move (with the bots' held answers to a decision taken at once, all in seat
        order); bots that follow the game first see each move as their seats see it."""
        if not self._held:
            self._land(seat, action, legal)
            return
        state = self.match.state
        if action not in legal and not self.game.is_legal(state, seat, action):
            raise IllegalAction(self.game.explain_illegal(state, seat, action))  # nothing lands
        answers, self._held = {**self._held, seat: (action, legal)}, {}
        for s in sorted(answers):
            self._land(s, *answers[s])

    def _land(self, seat: int, action: str, legal: list[str]) -> None:
        if action in legal:
            step = len(self.match.record.steps)
            witness(self.game, self.match.state, seat, action, self.bots,
                    lambda s: bot_rng(self.match.seed, s, step))
            self.match.act(seat, action, trusted=True)
        else:
            self.match.act(seat, action)

    def _read_line(self, ask: str, deadline: float | None, legal: list[str]) -> str | None:
        """A line of input; with a time limit the prompt shows the time left, and when it runs
        out the autopilot moves (raising :class:`TimeUp` to the loop, which then returns)."""
        if deadline is None:
            return self.read(ask)
        left = max(0.0, deadline - self.decision_clock())
        return self.read_within(f"{clock_text(left)} {ask}", left)

    def _time_up(self, legal: list[str]) -> None:
        """The time limit ran out: the autopilot decides for the human, and says so."""
        assert self.autopilot is not None
        state = self.match.state
        action = choose(self.game, state, self.human, self.autopilot, legal,
                        bot_rng(self.match.seed, self.human, len(self.match.record.steps)))
        described = self.game.describe(state, self.human, action)
        self._act(self.human, action, legal)
        self.note(f"Time is up: the autopilot ({self.autopilot.name}) chose {described}.")

    def _confirmed(self, action: str, text: str, notes: dict[str, Any], deadline: float | None,
                   legal: list[str]) -> bool:
        """A move the view marks "no effect now" (``view["action_notes"]``, as the browser reads
        it) is played only once confirmed: ``y``, or the same move again."""
        note = notes.get(action)
        if not isinstance(note, dict) or not note.get("no_effect"):
            return True
        what = self.game.describe(self.match.state, self.human, action)
        effect = f" ({note['effect']})" if note.get("effect") else ""
        self.console.out(f"{what}: this would have no effect now{effect}.", highlight=False)
        answer = self._read_line("Play it anyway? [y/N] ", deadline, legal)
        if answer is None:
            self._leave("input ended")
        answer = answer.strip()
        if answer.lower() in ("y", "yes") or (answer and answer == text):
            return True
        self.console.out("Not played; choose again.", highlight=False)
        return False

    def _command(self, command: str, text: str, prompt: str, moves: list[tuple[str, str]]) -> None:
        """A command that neither moves nor leaves: help, show, moves, rules, info."""
        if command == "show":
            self._draw(prompt, moves)
        elif command == "help":
            about = getattr(self.screen, "help", None)
            lines = [about()] if about is not None else []
            lines += [HELP, f"Saved games resume with: warroom play --resume {self.save_path}"]
            for line in lines:  # Text wraps at words where ``out`` would cut them
                self.console.print(Text(line))
        elif command == "moves":
            self.console.print(moves_table(prompt, moves))
        elif command == "rules":
            reference = self.game.rules_reference()
            render = getattr(self.screen, "rules", render_rules)
            self.console.print(render(reference))
        elif command == "info":
            query = text.strip().split(None, 1)[1] if " " in text.strip() else ""
            lookup = getattr(self.screen, "info", None)
            shown = lookup(query) if lookup is not None and query else None
            if shown is None:
                self._complain(f"no card {query!r}; try info N (the number shown beside a card) or "
                               "info NAME" if query else "info what? e.g. info 12 or info Charge")
            else:
                self.console.print(shown)

    def _choose(self, text: str, legal: list[str]) -> str:
        if text.lower() == "p":  # the browser's key for passing
            if "pass" not in legal:
                raise IllegalAction(f"passing is not a move now; choose 1-{len(legal)}")
            return "pass"
        if digits(text):  # a move's number, in ASCII digits (int() would take "١٩" and fail on "²")
            n = int(text)
            if not 1 <= n <= len(legal):
                raise IllegalAction(f"there is no move {n}; choose 1-{len(legal)}")
            return legal[n - 1]
        return canonical(text)  # MalformedAction for garbage; legality is checked by the game

    def _complain(self, reason: str) -> None:
        if self.fancy:
            self.console.print(Text(f"✗ {reason}", style="bold red"))
        else:
            self.console.out(f"illegal: {reason}", highlight=False)

    def _leave(self, why: str) -> NoReturn:
        path = self.save()
        self.console.out(f"{why}; resume with: warroom play --resume {path}", highlight=False)
        raise Stop(why)

    def _finish(self) -> None:
        self._update_log()
        text = self.result_text()
        if self.fancy:
            self.console.clear()
            self.console.print(self.screen.render(self._scene(None, [], result=text)))
        else:
            self._print_new_sentences()
        summary = self.game.summary(self.match.config, [e.visible_to(None) for e in self.match.events])
        if summary:
            self.console.out("How the game went:", highlight=False)
            for line in summary:
                self.console.out(f"  {line}", highlight=False)
        self.console.out(f"result: {text}", highlight=False)
        if self.save_at_end:
            self.save()

    # ----- words and screens -----------------------------------------------------------------
    def result_text(self) -> str:
        """The result from the human's side, in one line."""
        res = self.match.result()
        if res is None:
            return "the game is not over"
        if not res.winners:
            return f"Draw — {res.reason}"
        verdict = "You win" if self.human in res.winners else "You lose"
        return f"{verdict} — {res.reason}"

    def note(self, text: str) -> None:
        """A line of our own in the log (not a game event): the seed, a resume..."""
        self._update_log()
        self.sentences.append(text)
        if not self.fancy:
            self._print_new_sentences()

    def _update_log(self) -> None:
        events = self.match.events
        for event in events[self._seen_events:]:
            line = self.screen.sentence(event.visible_to(self.human), self.human)
            if line:
                self.sentences.append(line)
        self._seen_events = len(events)

    def _scene(self, prompt: str | None, moves: list[tuple[str, str]], result: str | None = None) -> Scene:
        # a screen fits the terminal; a transcript or a file gets every panel in full
        width, height = (self.console.size.width, self.console.size.height) if self.fancy else (0, 0)
        players = ["you" if i == self.human else f"{self.bots[i].name} bot" if i in self.bots else "?"
                   for i in range(len(self.seat_names))]
        return Scene(
            game=self.game.name,
            title=self.game.title,
            view=self.game.view(self.match.state, self.human),
            seat=self.human,
            seat_names=self.seat_names,
            players=players,
            seed=self.match.seed,
            moves=moves,
            log=self.sentences[-max(LOG_LINES, height):],
            prompt=prompt,
            result=result,
            width=width,
            height=height,
        )

    def _draw(self, prompt: str, moves: list[tuple[str, str]]) -> None:
        if self.fancy:
            self.console.clear()
        self.console.print(self.screen.render(self._scene(prompt, moves)))

    def _print_new_sentences(self) -> None:
        for line in self.sentences[self._printed:]:
            self.console.out(f"  · {line}", highlight=False)
        self._printed = len(self.sentences)

    def _transcript(self, prompt: str, moves: list[tuple[str, str]]) -> None:
        self._print_new_sentences()
        status = self.screen.status(self.game.view(self.match.state, self.human))
        head = f"[{status}] " if status else ""
        self.console.out(f"{head}{prompt}", highlight=False)
        for i, (action, description) in enumerate(moves, start=1):
            self.console.out(f"  {i:>2}. {description}  [{action}]", highlight=False)

    # ----- saving ----------------------------------------------------------------------------
    def save(self) -> Path:
        """Write the record to the save path; say where."""
        path = self.save_path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.match.record.save(path)
        self.console.out(f"saved to {path}", highlight=False)
        return path


def default_save_path(game: str, seed: int) -> Path:
    """Where ``quit`` saves when no ``--save`` was given."""
    return Path("saves") / f"{game}-{seed}.json"


def read_record(path: str | Path) -> Record:
    """Load a record file, every failure as a one-line :class:`RecordError`."""
    try:
        return Record.load(path)
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file") from None
    except RecordError:
        raise
    except (json.JSONDecodeError, RecursionError) as err:
        raise RecordError(f"{path} is not a readable record ({type(err).__name__})") from None


def event_sentence(sentences: Mapping[str, Callable[[Any], Any]], event: dict[str, Any]) -> str:
    """A game screen's log line for ``event`` from its table of sentence makers by event kind:
    an unknown kind is shown as its data, and a known kind of an unexpected shape as the raw
    event, rather than failing the screen."""
    make = sentences.get(str(event.get("kind")))
    if make is None:
        words = " ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
        return f"{event.get('kind')}: {words}"
    try:
        return str(make(event))
    except (KeyError, TypeError, IndexError):
        return str(event)
