"""The registry of games by name, and of each game's own bots.

A game registers itself in the package's metadata (``pyproject.toml``), under entry-point
groups: ``warroom.games`` names its :class:`~warroom.engine.game.Game` object and
``warroom.bots`` its bots (a mapping of names to factories); clients add their own groups
(``warroom.screens``: the terminal's screen module of a game), read with :func:`plugin`. All are
loaded on first use, so listing the games imports none of them. Tests add their own games with
:func:`register`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from warroom.engine.errors import UnknownGame
from warroom.engine.game import Game

GAMES_GROUP = "warroom.games"
BOTS_GROUP = "warroom.bots"

_ALIASES: dict[str, str] = {"paper-kessen": "kessen"}
_MODULES: dict[str, str] = {}  # games added by register() (tests): name -> module defining GAME
_REMOVED: set[str] = set()  # installed games hidden by unregister()
_LOADED: dict[str, Game[Any]] = {}


@cache
def _installed(group: str) -> dict[str, str]:
    """The entry points of ``group``: name -> ``module:attribute`` (read once per process)."""
    return {ep.name: ep.value for ep in entry_points(group=group)}


def _load(target: str) -> Any:
    """``module:attribute`` -> the attribute; a bare ``module`` -> the module."""
    module, _, attribute = target.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


def register(name: str, module: str) -> None:
    """Make ``name`` a game, defined by ``GAME`` in ``module`` (tests register their test games so)."""
    _MODULES[name] = module
    _REMOVED.discard(name)
    _LOADED.pop(name, None)


def unregister(name: str) -> None:
    """Forget a game added with :func:`register`."""
    if _MODULES.pop(name, None) is None:
        _REMOVED.add(name)
    _LOADED.pop(name, None)


def names() -> list[str]:
    return sorted((set(_installed(GAMES_GROUP)) | set(_MODULES)) - _REMOVED)


def get(name: str) -> Game[Any]:
    """The game registered as ``name`` (or an alias of it)."""
    key = _ALIASES.get(name, name)
    if key not in names():
        raise UnknownGame(f"unknown game {name!r} (games: {', '.join(names())})")
    if key not in _LOADED:
        added = _MODULES.get(key)
        game = _load(f"{added}:GAME" if added is not None else _installed(GAMES_GROUP)[key])
        if not isinstance(game, Game):
            raise UnknownGame(f"the game {key!r} is registered as something that is not a game")
        _LOADED[key] = game
    return _LOADED[key]


def all_games() -> list[Game[Any]]:
    return [get(n) for n in names()]


def plugin(group: str, name: str) -> Any | None:
    """What the game ``name`` (or an alias of it) registers under the entry-point ``group``,
    loaded, or ``None`` when it registers nothing there."""
    target = _installed(group).get(_ALIASES.get(name, name))
    return None if target is None else _load(target)


def game_bots(name: str) -> Mapping[str, Callable[[], Any]]:
    """The game's own bots by name (its ``warroom.bots`` entry point), or none."""
    bots: Mapping[str, Callable[[], Any]] | None = plugin(BOTS_GROUP, name)
    return {} if bots is None else bots
