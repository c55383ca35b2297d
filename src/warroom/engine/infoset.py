"""What a search bot may ask of the real state: worlds one seat cannot tell from it.

A bot never holds the state. A search bot is handed an :class:`InfoSet` instead, whose only
question is :meth:`InfoSet.sample`: a full state re-dealt by ``Game.determinize`` with
everything the seat cannot see drawn afresh. The real state stays private, so a bot that
searches reads no more than one that looks at the seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from warroom.engine.bot import Bot
from warroom.engine.errors import IllegalAction
from warroom.engine.game import Game


class InfoSet:
    """One seat's information set in one state of one game."""

    __slots__ = ("_deal", "_redeal", "_state", "game", "seat")

    def __init__(self, game: Game[Any], state: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._state = state
        self._deal: Callable[[int], Any] | None = None
        self._redeal: Callable[[int, Any, str | None], Any] | None = None

    def sample(self, seed: int) -> Any:
        """A world consistent with the seat's view: a fresh state the caller may change (the
        game's ``determinize`` for ``seed``, through its ``dealer`` for this state and seat)."""
        deal = self._deal
        if deal is None:
            deal = self._deal = self.game.dealer(self._state, self.seat)
        return deal(seed)

    def follows(self) -> bool:
        """Whether the game can re-deal a world like an earlier one (``Game.redealer``), so a
        search may carry a belief from one information set of a game to the next."""
        if self._redeal is None:
            self._redeal = self.game.redealer(self._state, self.seat)
        return self._redeal is not None

    def resample(self, seed: int, like: Any, shown: str | None = None) -> Any:
        """A world consistent with the seat's view that keeps what it can of ``like``, a world
        of an earlier information set of this game, and holds the hidden cards the move
        ``shown`` shows, if given (``Game.redealer``; only if :meth:`follows`)."""
        if self._redeal is None:
            self._redeal = self.game.redealer(self._state, self.seat)
        assert self._redeal is not None, "resample needs a game that can redeal (InfoSet.follows)"
        return self._redeal(seed, like, shown)

    def shown(self, player: int, action: str) -> str | None:
        """What the seat sees of ``player`` taking ``action`` here (``Game.shown_action``)."""
        return self.game.shown_action(self._state, player, action, self.seat)


def choose(game: Game[Any], state: Any, seat: int, bot: Bot, legal: list[str], rng: random.Random) -> str:
    """Ask ``bot`` for ``seat``'s action: a search bot gets the seat's information set, any
    other bot the seat's view (``Game.bot_view``), or ``{}`` when it says it needs none. The one
    place every runner (simulation, terminal, server) hands a bot its decision."""
    if bot.searches:
        return bot.choose_in(InfoSet(game, state, seat), legal, rng)
    chosen = bot.choose(game.bot_view(state, seat) if bot.needs_view else {}, legal, rng)
    if chosen is None:  # "nothing now" is for real-time games, where runners call choose directly
        raise IllegalAction(f"the {bot.name} bot chose no move in a turn-based game")
    return chosen


def followers(game: Game[Any], bots: Iterable[Bot]) -> bool:
    """Whether ``witness`` can tell any of ``bots`` anything in ``game``: one of them follows the
    game and the game shows moves (it overrides ``Game.shown_action``, whose default shows
    nothing). Runners ask once, so a game whose moves are all secret pays nothing a move."""
    return type(game).shown_action is not Game.shown_action and any(b.follows for b in bots)


def witness(game: Game[Any], state: Any, player: int, action: str, bots: Mapping[int, Bot | None],
            rng_of: Callable[[int], random.Random]) -> None:
    """Before ``player``'s legal ``action`` is applied to ``state``: tell every other seat's bot
    (``bots``: seat to bot) that follows the game (a ``witness`` method: a search carrying a
    belief) what its seat sees of the action, with its information set here and its random
    stream (``rng_of(seat)``). Every runner calls it, so a bot's belief does not depend on which
    runs the game; what a seat sees is the game's ``shown_action``, never more."""
    for seat, bot in bots.items():
        if seat == player or bot is None or not bot.follows:
            continue
        info = InfoSet(game, state, seat)
        shown = info.shown(player, action)
        if shown is not None:
            bot.witness(info, player, shown, rng_of(seat))
