"""What a search bot may ask of the real state: worlds one seat cannot tell from it.

A bot never holds the state. A search bot is handed an :class:`InfoSet` instead, whose only
question is :meth:`InfoSet.sample`: a full state re-dealt by ``Game.determinize`` with
everything the seat cannot see drawn afresh. The real state stays private, so a bot that
searches reads no more than one that looks at the seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from warroom.engine.game import Game


class InfoSet:
    """One seat's information set in one state of one game."""

    __slots__ = ("_deal", "_state", "game", "seat")

    def __init__(self, game: Game[Any], state: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._state = state
        self._deal: Callable[[int], Any] | None = None

    def sample(self, seed: int) -> Any:
        """A world consistent with the seat's view: a fresh state the caller may change (the
        game's ``determinize`` for ``seed``, through its ``dealer`` for this state and seat)."""
        deal = self._deal
        if deal is None:
            deal = self._deal = self.game.dealer(self._state, self.seat)
        return deal(seed)


class SearchBot(Protocol):
    """A bot that searches: it chooses from an information set, not from the view alone."""

    name: str
    searches: bool  # True

    def choose_in(self, info: InfoSet, legal: list[str], rng: random.Random) -> str: ...


def choose(game: Game[Any], state: Any, seat: int, bot: Any, legal: list[str], rng: random.Random) -> str:
    """Ask ``bot`` for ``seat``'s action: a search bot gets the seat's information set, any
    other bot the seat's view (``Game.bot_view``), or ``{}`` when it says it needs none. The one
    place every runner (simulation, terminal, server) hands a bot its decision."""
    if getattr(bot, "searches", False):
        action: str = bot.choose_in(InfoSet(game, state, seat), legal, rng)
        return action
    view = game.bot_view(state, seat) if bot.needs_view else {}
    chosen: str = bot.choose(view, legal, rng)
    return chosen
