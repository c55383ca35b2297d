"""Bots that play any game, and the registry that finds a game's own bots."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from warroom.bots import ismcts
from warroom.engine import registry
from warroom.engine.bot import Bot as Bot  # the contract, re-exported: bots.Bot
from warroom.engine.errors import ConfigError
from warroom.engine.game import Game


class RandomBot(Bot):
    """Uniform over the legal actions."""

    name = "random"
    needs_view = False

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        return legal[rng.randrange(len(legal))]


_GENERIC: dict[str, Callable[[], Any]] = {"random": RandomBot}
# search bots at named levels (warroom.bots.ismcts.LEVELS); they play turn-based games only
_SEARCH = {name: partial(ismcts.level, name) for name in ismcts.LEVELS}
_GENERIC.update(_SEARCH)


def available(game: str) -> list[str]:
    """Bot names that can play ``game``."""
    names = set(_GENERIC)
    if game in registry.names() and registry.get(game).realtime:
        names.difference_update(_SEARCH)
    names.update(registry.game_bots(game))
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
    own = registry.game_bots(game)
    if name in own:
        bot: Bot = own[name]()
        return bot
    if name in _GENERIC and name in available(game):
        generic: Bot = _GENERIC[name]()
        return generic
    raise ConfigError(f"no bot {name!r} for {game} (bots: {', '.join(available(game))})")
