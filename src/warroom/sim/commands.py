"""The ``simulate``, ``bench`` and ``knockout`` commands (registered on the main Typer app)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from warroom.engine import registry
from warroom.engine.errors import ConfigError
from warroom.engine.game import parse_option_pairs
from warroom.sim.bench import bench_all, meets
from warroom.sim.knockout import HUMAN, bot_match, lines, new_bracket, play_all
from warroom.sim.simulate import BACKENDS, make_spec, simulate, summarize

ERRORS_SHOWN = 10  # the JSON lists every failed game; the table only the first few




def parse_bots(text: str) -> list[str]:
    """``"random,heuristic"`` -> one bot name per seat (empty names are refused)."""
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise ConfigError(f"--bots takes names separated by commas, not {text!r}")
    return names


@contextmanager
def _progress_bar(total: int, label: str, show: bool) -> Iterator[Callable[[int], None]]:
    """A Rich progress bar on stderr, or a no-op when it would only get in the way."""
    if not show:
        yield lambda n: None
        return
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def _stdout() -> Console:
    """Rich wraps at 80 columns when output is piped; tables read better a little wider."""
    return Console() if sys.stdout.isatty() else Console(width=120)


def _rate_cell(rate: dict[str, Any]) -> tuple[str, str]:
    return f"{rate['rate'] * 100:.1f}%", f"{rate['low'] * 100:.1f}% - {rate['high'] * 100:.1f}%"


def render_summary(summary: dict[str, Any], console: Console) -> None:
    """The simulation summary as Rich tables."""
    bots = " vs ".join(summary["bots"])
    title = (
        f"{summary['game']}: {summary['games']} games, seed {summary['seed']}, "
        f"{summary['players']} players, {bots}"
    )
    if summary["variants"]:
        title += f", variants {', '.join(summary['variants'])}"
    table = Table(title=title, title_justify="left")
    table.add_column("result")
    table.add_column("bot")
    table.add_column("games", justify="right")
    table.add_column("rate", justify="right")
    table.add_column("95% CI (Wilson)", justify="right")
    bot_of = dict(zip(summary["seats"], summary["bots"], strict=True))
    for name, count in summary["wins"].items():
        rate, ci = _rate_cell(summary["win_rate"][name])
        label = "draw" if name == "draw" else f"{name} wins"
        table.add_row(label, bot_of.get(name, ""), str(count), rate, ci)
    console.print(table)

    facts = Table(show_header=False, box=None, pad_edge=False)
    facts.add_column(style="bold")
    facts.add_column(justify="right")
    for key, value in summary["mean_scores"].items():
        facts.add_row(f"mean {key}", f"{value:.2f}")
    facts.add_row("mean decisions per game", f"{summary['mean_decisions']:.1f}")
    facts.add_row("games per second", f"{summary['games_per_second']:.1f}")
    facts.add_row("wall time", f"{summary['seconds']:.2f} s ({summary['jobs']} jobs, "
                  f"{summary['backend']})")
    facts.add_row("errors", str(summary["errors"]))
    if summary["record_dir"]:
        facts.add_row("records", str(summary["record_dir"]))
    for reason, count in summary["reasons"].items():
        facts.add_row(f"ended: {reason}", str(count))
    console.print(facts)
    for err in summary["error_games"][:ERRORS_SHOWN]:
        console.print(
            f"[red]game {err['index']} (seed {err['seed']}) raised {err['error']}"
            f" at {err['where']}[/red]",
            highlight=False,
        )
    if summary["errors"] > ERRORS_SHOWN:
        console.print(f"[red]... and {summary['errors'] - ERRORS_SHOWN} more (see --json)[/red]")


def _target_cell(row: dict[str, Any], key: str, text: str) -> str:
    """Colour a number green or red when the game has a target for it."""
    targets = row.get("targets", {})
    if key not in targets:
        return text
    good = meets(row, {key: targets[key]})
    return f"[green]{text}[/green]" if good else f"[red]{text}[/red]"


def render_bench(rows: list[dict[str, Any]], console: Console) -> None:
    """Benchmark rows as a Rich table, with each game's targets beside its numbers."""
    table = Table(title="engine benchmarks (one core)", title_justify="left")
    for name in ("game", "players", "decisions/s", "games/s", "decisions/game", "clone µs",
                 "JSON µs", "hash µs", "new µs"):
        table.add_column(name, justify="left" if name == "game" else "right")
    notes: list[tuple[str, dict[str, float]]] = []
    for row in rows:
        targets = row.get("targets", {})

        table.add_row(
            row["game"],
            str(row["players"]),
            _target_cell(row, "decisions_per_second", f"{row['decisions_per_second']:,.0f}"),
            _target_cell(row, "games_per_second", f"{row['games_per_second']:,.1f}"),
            f"{row['mean_decisions']:.0f}",
            _target_cell(row, "clone_us", f"{row['clone_us']:.2f}"),
            _target_cell(row, "json_roundtrip_us", f"{row['json_roundtrip_us']:.1f}"),
            f"{row['hash_us']:.1f}",
            f"{row['setup_us']:.0f}",
        )
        if targets and row["game"] not in {n[0] for n in notes}:
            notes.append((row["game"], targets))
    console.print(table)
    for game, targets in notes:
        parts = []
        for key, value in targets.items():
            if key == "decisions_per_second":
                parts.append(f">= {value:,.0f} decisions/s")
            elif key.endswith("_us"):
                parts.append(f"{key[:-3].replace('_', ' ')} < {value:g} µs")
            else:
                parts.append(f"{key} >= {value:g}")
        console.print(f"targets for {game}: " + ", ".join(parts) + " (green: met, red: not yet)")


def render_tournament(result: dict[str, Any], console: Console) -> None:
    """Standings (sorted by rating), then head to head, as Rich tables."""
    title = (f"{result['game']} tournament: {result['lineups']} line-ups x {result['games_per_lineup']} games, "
             f"seed {result['seed']} ({result['rating_model']}; ordinal = mu - 3 sigma)")
    table = Table(title=title, title_justify="left")
    for name in ("rank", "bot", "games", "wins", "draws", "losses", "win rate", "95% CI",
                 "mu", "sigma", "ordinal"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for rank, row in enumerate(result["standings"], 1):
        rate, ci = _rate_cell(row["win_rate"])
        table.add_row(str(rank), row["bot"], str(row["games"]), str(row["wins"]), str(row["draws"]),
                      str(row["losses"]), rate, ci, f"{row['mu']:.2f}", f"{row['sigma']:.2f}",
                      f"{row['ordinal']:.2f}")
    console.print(table)
    if result["head_to_head"]:
        h2h = Table(title="head to head (both sides, same deals)", title_justify="left")
        for name in ("pairing", "wins", "losses", "draws", "win rate", "95% CI"):
            h2h.add_column(name, justify="left" if name == "pairing" else "right")
        for key, cell in result["head_to_head"].items():
            rate, ci = _rate_cell(cell["a_win_rate"])
            h2h.add_row(key, str(cell["a_wins"]), str(cell["b_wins"]), str(cell["draws"]), rate, ci)
        console.print(h2h)
    console.print(f"{result['games']} games, {result['errors']} errors, {result['seconds']:.1f} s "
                  f"({result['jobs']} jobs, {result['backend']})", highlight=False)


def _print_run(result: dict[str, Any], as_json: bool, render: Callable[[dict[str, Any], Console], None]) -> None:
    """Print a run's ``result`` (one JSON object with ``--json``) and fail if a game crashed:
    scripts and CI must notice a crashing engine even if they only read the exit code."""
    if as_json:
        typer.echo(json.dumps(result))
    else:
        render(result, _stdout())
    if result["errors"]:
        raise typer.Exit(1)


def register(app: typer.Typer, friendly: Callable[[Any], Any]) -> None:
    """Add ``simulate``, ``bench`` and ``knockout`` to ``app``; ``friendly`` wraps a command's errors."""

    @app.command("simulate")
    @friendly
    def simulate_command(
        game: str = typer.Argument(..., help="Game name (see `warroom games`)."),
        games: int = typer.Option(100, "--games", help="Number of games to play."),
        seed: int = typer.Option(0, "--seed", help="Master seed; game i uses mix_seed(seed, i)."),
        players: int | None = typer.Option(None, "--players", help="Number of players."),
        bots: str = typer.Option(
            "random", "--bots", help="One bot per seat, comma-separated (one name: every seat)."
        ),
        variant: Annotated[
            list[str] | None, typer.Option("--variant", help="A variant (repeatable).")
        ] = None,
        option: Annotated[
            list[str] | None, typer.Option("--option", help="A rule option KEY=VALUE (repeatable).")
        ] = None,
        jobs: int | None = typer.Option(None, "--jobs", help="Processes (default: one per core)."),
        backend: str = typer.Option("local", "--backend", help=f"One of: {', '.join(BACKENDS)}."),
        address: str | None = typer.Option(
            None, "--address", help="A Ray cluster's address (--backend ray; default: RAY_ADDRESS or a local one)."),
        record: str | None = typer.Option(None, "--record", help="Write every game's record here."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Play bot-vs-bot games in parallel and summarise who won."""
        spec = make_spec(
            game, seed, players, parse_bots(bots), variant or [], parse_option_pairs(option or []), record
        )
        show = not as_json and sys.stderr.isatty()
        with _progress_bar(games, f"{spec.game} x{games}", show) as advance:
            run = simulate(spec, games, jobs, backend, advance, address)
        _print_run(summarize(run), as_json, render_summary)

    @app.command("tournament")
    @friendly
    def tournament_command(
        game: str = typer.Argument(..., help="Game name (see `warroom games`)."),
        bots: str = typer.Option(..., "--bots", help="The bots, comma-separated (at least two)."),
        games: int = typer.Option(20, "--games", help="Games per line-up (each pairing, each seat order)."),
        seed: int = typer.Option(0, "--seed", help="Master seed; every line-up plays the same deals."),
        players: int | None = typer.Option(None, "--players", help="Number of players."),
        jobs: int | None = typer.Option(None, "--jobs", help="Processes (default: one per core)."),
        backend: str = typer.Option("local", "--backend", help=f"One of: {', '.join(BACKENDS)}."),
        address: str | None = typer.Option(None, "--address", help="A Ray cluster's address (--backend ray)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Round robin between bots, every pairing on both sides; standings with openskill ratings."""
        from warroom.sim.tournament import lineups, run_tournament

        names = parse_bots(bots)
        the_game = registry.get(game)
        seats = the_game.seat_names(the_game.configure(players))
        total = games * len(lineups(names, len(seats)))
        show = not as_json and sys.stderr.isatty()
        with _progress_bar(total, f"{the_game.name} tournament", show) as advance:
            result = run_tournament(game, names, games, seed, players, jobs, backend, advance, address)
        _print_run(result, as_json, render_tournament)

    @app.command("report")
    @friendly
    def report_command(
        game: str = typer.Argument(..., help="Game name (see `warroom games`)."),
        games: int = typer.Option(1000, "--games", help="Games per bot (each bot plays itself in every seat)."),
        bots: str = typer.Option("random,heuristic,ismcts", "--bots", help="Bots, comma-separated."),
        search_games: int = typer.Option(
            20, "--search-games", help="At most this many games for bots that search (they are slow)."),
        seed: int = typer.Option(0, "--seed", help="Master seed."),
        out: str = typer.Option("report", "--out", help="Directory for report.html and report.json."),
        jobs: int | None = typer.Option(None, "--jobs", help="Processes (default: one per core)."),
        backend: str = typer.Option("local", "--backend", help=f"One of: {', '.join(BACKENDS)}."),
        address: str | None = typer.Option(None, "--address", help="A Ray cluster's address (--backend ray)."),
    ) -> None:
        """Balance report: seats, first player, game length and cards, as HTML with plots and JSON."""
        from warroom.sim.report import planned_games, run_report

        the_game = registry.get(game)
        names = parse_bots(bots)
        total = sum(planned_games(the_game.name, names, games, search_games))
        show = sys.stderr.isatty()
        with _progress_bar(total, f"{the_game.name} report", show) as advance:
            data = run_report(game, names, games, seed, Path(out), jobs, backend, advance, address, search_games)
        console = _stdout()
        for verdict in data["balance"]["by_bot"]:
            rates = ", ".join(f"{k} {r['rate'] * 100:.1f}%" for k, r in verdict["rates"].items())
            console.print(f"{verdict['bot']:>14}: {verdict['games']} games, {rates}: {verdict['verdict']}",
                          highlight=False)
        console.print(f"wrote {Path(out) / 'report.html'} and {Path(out) / 'report.json'}", highlight=False)
        if any(s["errors"] for s in data["settings"]):
            raise typer.Exit(1)

    @app.command("bench")
    @friendly
    def bench_command(
        game: str | None = typer.Argument(None, help="One game (default: every game)."),
        seconds: float = typer.Option(
            3.0, "--seconds", help="Time budget per game and player count."
        ),
        seed: int = typer.Option(0, "--seed", help="Seed of the benchmark games."),
        as_json: bool = typer.Option(False, "--json", help="Print a JSON array."),
    ) -> None:
        """Engine benchmarks on one core: decisions/s, games/s, clone and JSON costs."""
        err = Console(stderr=True)
        chatty = not as_json and sys.stderr.isatty()

        def starting(name: str, players: int) -> None:
            if chatty:
                err.print(f"benchmarking {name} ({players} players, ~{seconds:g} s)...")

        rows = bench_all(game, seconds, seed, starting)
        if as_json:
            typer.echo(json.dumps(rows))
        else:
            render_bench(rows, _stdout())

    @app.command()
    @friendly
    def knockout(
        game: str = typer.Argument(..., help="The game: tessen."),
        entrants: str = typer.Option(..., "--entrants", help="Bots in seed order, e.g. expert,casual,novice,random."),
        seed: int = typer.Option(0, "--seed", help="Seeds every match of the bracket."),
        variant: list[str] = typer.Option([], "--variant", help="A variant (repeatable)."),  # noqa: B008
        option: list[str] = typer.Option([], "--option", help="KEY=VALUE rule option (repeatable)."),  # noqa: B008
        as_json: bool = typer.Option(False, "--json", help="Print the bracket as JSON."),
    ) -> None:
        """A knockout tournament between bots (4 or more), deterministic for its seed."""
        g = registry.get(game)
        play = bot_match(g.name)
        from warroom import bots

        names = [n.strip() for n in entrants.split(",")]
        for name in names:
            if not name or name.startswith(HUMAN):
                raise ConfigError(f"--entrants takes bot names ({', '.join(bots.available(g.name))}), "
                                  f"not {name!r}; people play their matches at the server")
            bots.make(g.name, name)
        config = g.configure(2, variant, parse_option_pairs(option))
        bracket = play_all(new_bracket(g.name, config, names, seed), play)
        if as_json:
            typer.echo(json.dumps(bracket))
        else:
            for line in lines(bracket):
                typer.echo(line)
