"""``warroom knockout``: a knockout tournament of Tessen bots from the command line."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import typer

from warroom.engine import registry
from warroom.engine.errors import ConfigError
from warroom.engine.game import parse_option_pairs
from warroom.games.tessen.tournament import HUMAN, lines, new_bracket, play_all, play_bots


def register(app: typer.Typer, friendly: Callable[[Any], Any]) -> None:
    """Add ``warroom knockout`` to the command line."""

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
        if registry.get(game).name != "tessen":
            raise ConfigError("knockout tournaments are played in tessen")
        from warroom import bots

        names = [n.strip() for n in entrants.split(",")]
        for name in names:
            if not name or name.startswith(HUMAN):
                raise ConfigError(f"--entrants takes bot names ({', '.join(bots.available('tessen'))}), "
                                  f"not {name!r}; people play their matches at the server")
            bots.make("tessen", name)
        g = registry.get(game)
        config = g.configure(2, variant, parse_option_pairs(option))
        bracket = play_all(new_bracket("tessen", config, names, seed), play_bots)
        if as_json:
            typer.echo(json.dumps(bracket))
        else:
            for line in lines(bracket):
                typer.echo(line)
