"""The ``warroom`` command line (Typer). Every command: a one-line error, never a traceback."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import typer

from warroom.engine import WarroomError, registry

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
    facts = [g.describe_game() for g in registry.all_games()]
    if as_json:
        typer.echo(json.dumps(facts, indent=1))
        return
    for f in facts:
        players = f["players"]
        span = str(players[0]) if len(players) == 1 else f"{players[0]}-{players[-1]}"
        variants = ", ".join(f["variants"]) or "none"
        typer.echo(f"{f['name']:<10} {f['title']:<32} players {span:<5} variants: {variants}")


def _register_commands() -> None:
    """Commands that live beside the code they drive."""
    from warroom.sim.commands import register as register_sim

    register_sim(app, friendly)


_register_commands()


def main() -> None:
    try:
        app()
    except WarroomError as err:  # pragma: no cover - commands catch their own
        print(f"error: {err}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
