"""The bot contract: everything a runner (simulation, terminal, server, research adapters) may
ask of a player program, on one page.

A bot sees only what its seat may see: its seat's view (or a cheaper part of it) and the legal
moves, or, for a search, the seat's information set (``engine.infoset.InfoSet``), which hands it
worlds re-dealt from what the seat cannot see. It never holds the state. Every bot subclasses
:class:`Bot`; the class attributes are its declarations, read directly by the runners (their
defaults are the plain case: a bot that reads the whole view and chooses at once).

| member | default | who reads it | meaning |
|---|---|---|---|
| ``name`` | ``"bot"`` | records, logs, lobby | the level or strategy's name |
| ``choose(view, legal, rng)`` | required | every runner | one of ``legal`` (real time: ``None``, nothing now) |
| ``needs_view`` | ``True`` | every runner | ``False``: it reads nothing of the view, which is then ``{}`` |
| ``partial_view`` | ``False`` | real-time runner | it reads only ``Game.bot_view`` (cheaper than the view) |
| ``lens_view`` | ``False`` | real-time runner | it reads ``Game.bot_lens`` (the game's own terms, cheaper still) |
| ``searches`` | ``False`` | ``infoset.choose`` | ``True``: ask ``choose_in`` with the information set instead |
| ``choose_in(info, legal, rng)`` | refuses | ``infoset.choose`` | a search bot's choice from its information set |
| ``follows`` | ``False`` | ``infoset.followers`` | ``True``: it is shown the other seats' moves (``witness``) |
| ``witness(info, player, shown, rng)`` | nothing | ``infoset.witness`` | another seat's move as this seat saw it |
| ``reaction`` | ``None`` | real-time runners | its own reaction model (``None``: the runner's default) |

The rules a bot may rely on: ``legal`` is never empty when it is asked in a turn-based game, and
the random stream ``rng`` is the seat's own (``engine.runner.bot_rng``), so a game is a function
of its seed and bots.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from warroom.engine.actions import Action
from warroom.engine.errors import ConfigError

if TYPE_CHECKING:
    from warroom.engine.infoset import InfoSet
    from warroom.engine.realtime import ReactionModel


class Bot(ABC):
    """A player program (see the module's table for every member and its default)."""

    name: str = "bot"
    needs_view: bool = True
    partial_view: bool = False
    lens_view: bool = False
    searches: bool = False
    follows: bool = False
    reaction: ReactionModel | None = None

    @abstractmethod
    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action | None:
        """One of ``legal`` for the seat whose ``view`` this is (``None``: nothing now, real time only)."""

    def choose_in(self, info: InfoSet, legal: list[Action], rng: random.Random) -> Action:
        """A search bot's choice from its seat's information set (``searches = True``)."""
        raise ConfigError(f"the {self.name} bot does not search: it plays from its seat's view")

    def witness(self, info: InfoSet, player: int, shown: str, rng: random.Random) -> None:
        """``player``'s move as this bot's seat saw it (``follows = True``); the default forgets it."""
        return None
