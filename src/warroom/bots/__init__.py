"""Bots that play any game, and the registry that finds a game's own bots."""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from warroom.engine.errors import ConfigError
from warroom.engine.game import Game


class Bot(Protocol):
    """A player program. It sees only its seat's view and legal actions, never the state.

    In a real-time game (``engine.realtime``) ``choose`` may also return ``None``, "nothing now"
    (the seat looks again when the state changes), and a bot may carry a ``reaction`` model
    (``engine.realtime.ReactionModel``) for the time its actions take to land.
    """

    name: str
    needs_view: bool  # False: the runner may skip building the view (it is passed as {})

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str: ...


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"
    needs_view = False

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        return legal[rng.randrange(len(legal))]


_GENERIC: dict[str, type] = {"random": RandomBot}


def available(game: str) -> list[str]:
    """Bot names that can play ``game``."""
    names = set(_GENERIC)
    module = _game_bots(game)
    if module is not None:
        names.update(getattr(module, "BOTS", {}))
    return sorted(names)


def default_bot(game: Game[Any]) -> str:
    """The bot used when none is named (terminal, lobby, server autopilot): the game's
    ``default_bot`` when it is installed, else ``random``, which plays every game."""
    return game.default_bot if game.default_bot in available(game.name) else RandomBot.name


def describe(game: Game[Any]) -> dict[str, Any]:
    """``game.describe_game()`` with the bots that play it and the default one checked against
    them: what ``warroom games --json`` prints and ``GET /api/games`` serves."""
    return {**game.describe_game(), "bots": available(game.name), "default_bot": default_bot(game)}


def make(game: str, name: str) -> Bot:
    """A fresh bot called ``name`` for ``game``."""
    module = _game_bots(game)
    if module is not None and name in getattr(module, "BOTS", {}):
        bot: Bot = module.BOTS[name]()
        return bot
    if name in _GENERIC:
        generic: Bot = _GENERIC[name]()
        return generic
    raise ConfigError(f"no bot {name!r} for {game} (bots: {', '.join(available(game))})")


def _game_bots(game: str) -> Any:
    try:
        return importlib.import_module(f"warroom.games.{game}.bots")
    except ModuleNotFoundError:
        return None
