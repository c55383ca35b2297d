"""The ``warroom`` command line (Typer). Every command: a one-line error, never a traceback."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from warroom.engine import ALL_SEEING, ConfigError, RecordError, WarroomError, registry
from warroom.engine.game import Game, parse_option_pairs
from warroom.engine.record import Record, result_mismatch
from warroom.engine.record import replay as replay_record

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="warroom: play and simulate war-strategy tabletop games.",
    pretty_exceptions_enable=False,
)

F = TypeVar("F", bound=Callable[..., Any])


@app.callback()
def _root() -> None:
    """warroom: play and simulate war-strategy tabletop games."""


def friendly(fn: F) -> F:
    """Turn every user-facing error into one line on stderr and exit code 2."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except WarroomError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        except BrokenPipeError:
            # the reader went away (`| head`): nobody is listening, so leave without a word
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(1) from None
        except (OSError, ValueError) as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None

    return wrapper  # type: ignore[return-value]


@app.command()
@friendly
def games(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the games, their variants and player counts."""
    from warroom import bots

    facts = [bots.describe(g) for g in registry.all_games()]
    if as_json:
        typer.echo(json.dumps(facts, indent=1))
        return
    for f in facts:
        players = f["players"]
        span = str(players[0]) if len(players) == 1 else f"{players[0]}-{players[-1]}"
        variants = ", ".join(v["name"] for v in f["variants"]) or "none"
        typer.echo(f"{f['name']:<10} {f['title']:<32} players {span:<5} variants: {variants:<20} "
                   f"bot: {f['default_bot']}")


# ----- rules -------------------------------------------------------------------------------------
@app.command()
@friendly
def rules(
    game: Annotated[str, typer.Argument(help="The game, e.g. kessen.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Every card and board element of GAME with its text."""
    from warroom import terminal

    the_game = registry.get(game)
    reference = the_game.rules_reference()
    if as_json:
        typer.echo(json.dumps(reference, indent=1, ensure_ascii=False))
        return
    screen = terminal.screen_for(the_game.name)
    render = getattr(screen, "rules", terminal.render_rules)
    # the rules fit an 80-column terminal, and a pipe (the tables fold their text)
    Console(highlight=False, width=min(shutil.get_terminal_size((80, 24)).columns, 80)
            if sys.stdout.isatty() else 80).print(render(reference))


def _console() -> Console:
    """Rich wraps at 80 columns when output is piped; card tables read better a little wider."""
    return Console(highlight=False) if sys.stdout.isatty() else Console(width=120, highlight=False)


# ----- play --------------------------------------------------------------------------------------


@app.command()
@friendly
def play(
    game: Annotated[str | None, typer.Argument(
        help="The game, e.g. kessen (not needed with --resume).")] = None,
    seat: Annotated[str | None, typer.Option(
        "--seat", help="Your seat by name or number (kessen: good, evil).")] = None,
    players: Annotated[int | None, typer.Option("--players", help="Number of players.")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="The deal; random if not given (it is printed).")] = None,
    bot: Annotated[str | None, typer.Option(
        "--bot", help="The bot on the other seats (default: the game's default bot, see warroom games).")] = None,
    bot_level: Annotated[str | None, typer.Option(
        "--bot-level", help="The bot by its level (tessen: novice, casual, expert); same as --bot.")] = None,
    variant: Annotated[list[str] | None, typer.Option(
        "--variant", help="A rules variant (repeatable).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="A rule option KEY=VALUE (repeatable).")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="Continue the game saved in this record file.")] = None,
    save: Annotated[Path | None, typer.Option(
        "--save", help="Where quit (and the end of the game) saves the record.")] = None,
    position: Annotated[Path | None, typer.Option(
        "--position", help="Start from this position description (JSON or TOML, see docs/positions.md).")] = None,
    time_limit: Annotated[float | None, typer.Option(
        "--time-limit", min=1, help="Seconds for each of your decisions; then the autopilot decides.")] = None,
) -> None:
    """Play GAME against bots in the terminal.

    At the prompt type a move's number or its action text, or help, show, save, quit.
    A real-time game (tessen) at a terminal takes single keys: the key beside a move plays it at
    once; h help, s save, q quit, ':' to type a move's text.

    quit (or the end of piped input) saves the game for --resume.
    """
    from warroom import terminal

    if bot_level is not None:  # a level is a bot of its own name (tessen's novice..expert)
        if bot is not None and bot != bot_level:
            raise ConfigError("give --bot or --bot-level, not both")
        bot = bot_level
    fancy = sys.stdin.isatty() and sys.stdout.isatty()
    console = Console(highlight=False) if fancy else Console(width=120, highlight=False)
    common: dict[str, Any] = {"console": console, "fancy": fancy}
    if time_limit is not None:
        named = terminal.read_record(resume).game if resume is not None else game
        if named is not None and registry.get(named).realtime:
            raise ConfigError("--time-limit is for turn-based games; a real-time game has its own clock")
        common["time_limit"] = time_limit
    if resume is not None:
        given = [flag for flag, value in (("GAME", game), ("--seat", seat), ("--players", players),
                                         ("--seed", seed), ("--bot", bot), ("--variant", variant),
                                         ("--option", option)) if value]
        record = terminal.read_record(resume)
        if game is not None and registry.get(game).name != record.game:
            raise RecordError(f"{resume} is a {record.game} game, not {game}")
        given = [g for g in given if g != "GAME"]
        if given:
            raise ConfigError(f"--resume continues the saved game as it was; drop {', '.join(given)}")
        kind = _session_kind(registry.get(record.game))
        session = kind.resume(record, save_path=save or resume, save_at_end=True, **common)
        session.note(f"Resumed {resume} at action {len(record.steps)} (seed {record.seed}).")
    elif position is not None:
        given = [flag for flag, value in (("--players", players), ("--seed", seed), ("--variant", variant),
                                         ("--option", option)) if value]
        if given:
            raise ConfigError(f"--position sets the whole game up; drop {', '.join(given)}")
        session = _position_session(game, position, seat, bot, save, common)
    else:
        if game is None:
            raise ConfigError("which game? e.g. warroom play kessen (or --resume FILE)")
        the_game = registry.get(game)
        config = the_game.configure(players, variant or [], parse_option_pairs(option or []))
        human = the_game.seat_index(config, seat) if seat is not None else 0
        bot_name = bot or terminal.default_bot(the_game.name)
        deal = seed if seed is not None else secrets.randbelow(1_000_000)
        session = _session_kind(the_game).start(
            the_game, config, deal, human, bot_name,
            save_path=save or terminal.default_save_path(the_game.name, deal),
            save_at_end=save is not None, **common,
        )
        session.note(f"New game, seed {deal} (play this deal again with --seed {deal}): "
                     f"you are {session.seat_names[human].capitalize()} against the {bot_name} bot. "
                     "Type help at the prompt for the commands.")
    try:
        session.run()
    except terminal.Stop:
        return
    except KeyboardInterrupt:
        session.save()
        typer.echo("interrupted", err=True)
        raise typer.Exit(130) from None


def _read_position(path: Path) -> dict[str, Any]:
    """A position description file (``.toml``: TOML, else JSON), every failure one line."""
    import tomllib

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ConfigError(f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not a position (it is not UTF-8 text)") from None
    try:
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except json.JSONDecodeError as err:
        raise ConfigError(f"{path} is not JSON (line {err.lineno}: {err.msg})") from None
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path} is not TOML ({err})") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: a position is an object of fields (see docs/positions.md)")
    return data


def _position_session(game: str | None, path: Path, seat: str | None, bot: str | None,
                      save: Path | None, common: dict[str, Any]) -> Any:
    """A terminal session that starts at the position in ``path`` (its record keeps the position)."""
    from warroom import terminal
    from warroom.engine.match import Match

    description = _read_position(path)
    name = game or description.get("game")
    if not isinstance(name, str):
        raise ConfigError(f"which game is {path}? give GAME or a \"game\" field")
    the_game = registry.get(name)
    state = the_game.position(description)
    config = getattr(state, "config", None) or the_game.configure()
    human = the_game.seat_index(config, seat) if seat is not None else 0
    bot_name = bot or terminal.default_bot(the_game.name)
    seats = the_game.seat_names(config)
    players = [terminal.HUMAN if i == human else bot_name for i in range(len(seats))]
    match = Match(the_game, config, 0, players, hashes=True, position=description)
    bots = {i: terminal.make_bot(the_game.name, bot_name) for i in range(len(seats)) if i != human}
    save_path = save or Path("saves") / f"{the_game.name}-{path.stem}.json"
    # a real-time game from a position is played live, on its clock, like a new one
    session = _session_kind(the_game)(match, human, bots, save_path=save_path, save_at_end=save is not None,
                                      **common)
    session.note(f"Started from the position in {path}: you are {seats[human].capitalize()} against the "
                 f"{bot_name} bot. Type help at the prompt for the commands.")
    return session


def _session_kind(game: Any) -> Any:
    """The terminal session for ``game``: real-time games get the live one (``terminal_live``)."""
    from warroom import terminal

    if game.realtime:
        from warroom.terminal_live import LiveSession

        return LiveSession
    return terminal.Session


# ----- replay ------------------------------------------------------------------------------------
@dataclass(slots=True)
class _Turn:
    index: int
    seat: int | None
    action: str | None
    described: str
    events: list[Any]
    state: Any


class _Diverged(Exception):
    """The first step at which a replay does not reproduce its record."""


def _turns(record: Record, verify: bool) -> Iterator[_Turn]:
    """Every state of ``record``, with each action described in the state it was taken in."""
    game = registry.get(record.game)
    steps = replay_record(record, verify=verify)
    try:
        first = next(steps)
        yield _Turn(0, None, None, "", list(first.events), first.state)
        for recorded in record.steps:
            described = _describe(game, first.state, recorded.seat, recorded.action)
            step = next(steps)
            first = step
            yield _Turn(step.index, step.seat, step.action, described, step.events, step.state)
    except RecordError as err:
        if verify:
            raise _Diverged(str(err)) from None
        raise
    if verify:
        mismatch = result_mismatch(record, first.state)
        if mismatch is not None:
            raise _Diverged(mismatch)


def _describe(game: Game[Any], state: Any, seat: int, action: str) -> str:
    try:
        return game.describe(state, seat, action)
    except (WarroomError, LookupError, ValueError, TypeError):  # a bad action is reported by replay
        return action


@app.command()
@friendly
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    verify: Annotated[bool, typer.Option(
        "--verify", help="Only check that every state hash is reproduced; exit 1 at the first divergence.")] = False,
    states: Annotated[bool, typer.Option(
        "--states", help="One JSON line per step: step, seat, action, events, full state.")] = False,
    position: Annotated[int | None, typer.Option(
        "--position", help="Write the position after this many actions (0: the start; see docs/positions.md).")] = None,
    out_file: Annotated[Path | None, typer.Option(
        "--out", help="With --position: the file to write (default: standard output).")] = None,
) -> None:
    """Show a recorded game turn by turn (--verify: check it; --states: JSON lines)."""
    from warroom import terminal

    record = terminal.read_record(file)
    game = registry.get(record.game)
    if position is not None:
        _write_position(record, game, position, out_file)
        return
    if out_file is not None:
        raise ConfigError("--out goes with --position STEP")
    out = sys.stdout
    if not states and not verify:
        screen = terminal.screen_for(game.name)
        seats = ", ".join(f"{s.get('name', i)}: {s.get('player', '?')}" for i, s in enumerate(record.seats)
                          if isinstance(s, dict))
        out.write(f"{game.title} · seed {record.seed} · {seats} · {len(record.steps)} actions\n")
    names = game.seat_names(record.config) if "players" in record.config else []
    try:
        for turn in _turns(record, verify):
            if states:
                res = game.result(turn.state)
                line = {
                    "step": turn.index,
                    "seat": turn.seat,
                    "action": turn.action,
                    "events": [e.visible_to(ALL_SEEING) for e in turn.events],
                    "state": game.to_json(turn.state),
                    "result": None if res is None else res.to_json(),
                }
                out.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")
            elif not verify and turn.seat is None and turn.events:
                out.write("      set-up\n")  # the deal and the first round's heading, before any move
                _write_events(out, screen, turn.events)
            elif not verify and turn.seat is not None:
                who = names[turn.seat] if 0 <= turn.seat < len(names) else f"seat {turn.seat}"
                out.write(f"{turn.index:>4}. {who:<6} {turn.described}  [{turn.action}]\n")
                _write_events(out, screen, turn.events)
    except _Diverged as err:
        typer.echo(f"diverged: {err}", err=True)
        raise typer.Exit(1) from None
    if verify and not states:
        result = record.result["reason"] if record.result else "no result yet"
        out.write(f"ok: {len(record.steps)} actions replayed, every state hash matches ({result})\n")
    elif not states and not verify:
        out.write(f"result: {record.result['reason'] if record.result else 'unfinished'}\n")


def _write_events(out: Any, screen: Any, events: Any) -> None:
    """A replay's log lines for one turn's events, as a spectator sees them."""
    for event in events:
        text = screen.sentence(event.visible_to(None), None)
        if text:
            out.write(f"        · {text}\n")


def _write_position(record: Record, game: Game[Any], step: int, out_file: Path | None) -> None:
    """The position description after ``step`` actions of ``record`` (hashes checked on the way)."""
    if not 0 <= step <= len(record.steps):
        raise ConfigError(f"--position {step}: the record has steps 0..{len(record.steps)}")
    state = None
    for turn in replay_record(record, verify=True):
        state = turn.state
        if turn.index == step:
            break
    text = json.dumps(game.describe_position(state), indent=1, ensure_ascii=False) + "\n"
    if out_file is None:
        sys.stdout.write(text)
    else:
        out_file.write_text(text, encoding="utf-8")


# ----- serve -------------------------------------------------------------------------------------
@app.command()
@friendly
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on (0: any free port; the one chosen is printed)."),
    database: str | None = typer.Option(
        None, "--database", help="SQLAlchemy URL, e.g. postgresql://user@host/db (default: SQLite in the data dir)."
    ),
    bot_delay: float = typer.Option(0.3, "--bot-delay", min=0.0, help="Seconds before each server-side bot move."),
    max_tables: int = typer.Option(1000, "--max-tables", min=1, help="Tables in play at once, in total."),
    max_tables_per_player: int = typer.Option(
        20, "--max-tables-per-player", min=0,
        help="Unfinished tables where one player (browser) holds a seat (0: no limit).",
    ),
    tables_per_minute: float = typer.Option(
        20.0, "--tables-per-minute", min=0.0, help="Tables per minute per address, after 20 at once (0: no limit)."
    ),
    advertise: str | None = typer.Option(
        None, "--advertise", help="URL other servers on the same PostgreSQL database reach this one at "
        "(default: the address it listens on)."
    ),
) -> None:
    """Serve the lobby, tables and browser client; prints the address to open."""
    from warroom.server import serve as run_server
    from warroom.server.limits import ServerLimits

    limits = ServerLimits(max_tables=max_tables, create_per_minute=tables_per_minute,
                          max_tables_per_player=max_tables_per_player)
    run_server(host, port, database, bot_delay=bot_delay, server_limits=limits, advertise=advertise)


def _register_commands() -> None:
    """Commands that live beside the code they drive."""
    from warroom.sim.commands import register as register_sim

    register_sim(app, friendly)  # simulate, bench, knockout


_register_commands()


def main() -> None:
    """The console script: Typer's usage errors, too, become one line."""
    from typer.exceptions import TyperException

    try:
        code = app(standalone_mode=False)
    except TyperException as err:
        if type(err).__name__ == "NoArgsIsHelpError":  # bare `warroom`: show the help
            typer.echo(err.format_message())
            sys.exit(0)
        typer.echo(f"error: {err.format_message()}", err=True)
        sys.exit(getattr(err, "exit_code", 2))
    except typer.Abort:
        typer.echo("aborted", err=True)
        sys.exit(1)
    except WarroomError as err:  # pragma: no cover - commands catch their own
        print(f"error: {err}", file=sys.stderr)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
