"""The registry of games by name."""

from __future__ import annotations

import importlib
from typing import Any

from warroom.engine.errors import UnknownGame
from warroom.engine.game import Game

# name -> module that defines ``GAME``; imported on first use so that listing is cheap
_MODULES: dict[str, str] = {
    "kessen": "warroom.games.kessen.rules",
    "tessen": "warroom.games.tessen.rules",
    "kasl": "warroom.games.kasl.rules",
    "ltk": "warroom.games.ltk.rules",
}
_ALIASES: dict[str, str] = {"paper-kessen": "kessen"}
_LOADED: dict[str, Game[Any]] = {}


def register(name: str, module: str) -> None:
    """Make ``name`` a game, defined by ``GAME`` in ``module`` (tests register their test games so)."""
    _MODULES[name] = module
    _LOADED.pop(name, None)


def unregister(name: str) -> None:
    """Forget a game added with :func:`register`."""
    _MODULES.pop(name, None)
    _LOADED.pop(name, None)


def names() -> list[str]:
    return sorted(_MODULES)


def get(name: str) -> Game[Any]:
    """The game registered as ``name`` (or an alias of it)."""
    key = _ALIASES.get(name, name)
    if key not in _MODULES:
        raise UnknownGame(f"unknown game {name!r} (games: {', '.join(names())})")
    if key not in _LOADED:
        module = importlib.import_module(_MODULES[key])
        _LOADED[key] = module.GAME
    return _LOADED[key]


def all_games() -> list[Game[Any]]:
    return [get(n) for n in names()]
