"""Bots at the server's tables: bot seats, the autopilot of a human seat out of time, and the
threads they think on. Turn-based and real-time tables drive them alike: a bot perceives a clone
of the state (under the table's lock), thinks on a bot thread (without it, so a slow search holds
up neither its table nor any other), and its action lands through :meth:`Play.accept`, checked like
anyone's against the table as it is by then. What differs is when a bot is asked: at its turn,
after the bot delay (``server/turns.py``), or on its reaction clock at every change of a real-time
table (``server/realtime.py``, ``engine.realtime``'s reaction models).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from warroom import bots as bot_registry
from warroom.engine import IllegalAction, WarroomError
from warroom.engine.infoset import choose
from warroom.engine.realtime import DEFAULT_REACTION, IDLE_MS, REACTION_LEVELS, reaction_of
from warroom.engine.rng import mix_seed
from warroom.server.play import NotSaved, Play

if TYPE_CHECKING:
    from warroom.server.realtime import RealTime
    from warroom.server.tables import LiveTable

log = logging.getLogger("warroom.server")

REACTION_STREAM = 4000  # the server's reaction-time streams, apart from the bots' choices
DEFAULT_DELAY = 0.3  # the bot delay that plays real-time bots at the reaction models' own times


class Bots:
    """Every bot of a server's tables, and the threads they think on."""

    def __init__(self, play: Play, bot_delay: float) -> None:
        self.play = play
        self.bot_delay = bot_delay  # a bot never acts sooner than this, so people can follow its moves
        # real-time tables: bots' reaction times are multiplied by this; the default pause of 0.3 s
        # gives 1 (times as the reaction models say), a server without pauses (tests) gives 0
        self.reaction_scale = bot_delay / DEFAULT_DELAY
        # turn-based bots think on these threads, so a slow search never stalls the event loop
        self.thinkers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="warroom-bot")
        # real-time bots think on threads of their own: they think at every change of their table,
        # and their reaction times must not wait behind a turn-based search
        self.rt_thinkers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="warroom-rt-bot")
        self.closing = False  # no new bot or clock task once the server stops

    def shutdown(self) -> None:
        """Stop the thinking threads (the tasks are cancelled by whoever holds them)."""
        self.closing = True
        self.thinkers.shutdown(wait=False, cancel_futures=True)
        self.rt_thinkers.shutdown(wait=False, cancel_futures=True)

    # ----- turn-based tables ------------------------------------------------------------------------
    async def play_turns(self, table: LiveTable) -> None:
        """Play bot seats while one must move, yielding between moves so other tables get their turn."""
        while True:
            await asyncio.sleep(max(self.bot_delay, table.pause_until - time.monotonic()))
            async with table.lock:
                seats = table.waiting_on("bot")
                if not seats:
                    return
                seat, version = seats[0], table.version
                state = table.game.clone(table.state)
            # the bot thinks on a thread, without the lock: the table's people and every other
            # table go on meanwhile; its move is applied only if the table has not moved since
            action = await self.think(table, seat, table.bots[seat], state)
            async with table.lock:
                if table.version != version or seat not in table.waiting_on("bot"):
                    continue
                try:
                    await self.play.accept(table, seat, action)
                    continue
                except (IllegalAction, NotSaved) as err:
                    log.warning("table %s: bot move for seat %d failed: %s", table.id, seat, err)
            await asyncio.sleep(1.0)  # the database is failing: try again a little later

    async def autopilot(self, table: LiveTable, version: int, seconds: float) -> None:
        """When a human seat has not decided in time, its autopilot bot acts for it.

        Like any bot it never acts sooner than the bot delay, so people can follow its moves.
        """
        await asyncio.sleep(max(seconds, self.bot_delay))
        async with table.lock:
            seats = table.waiting_on("human")
            if table.version != version or not seats:
                return
            seat = seats[0]
            bot = bot_registry.make(table.game.name, table.autopilot)
            state = table.game.clone(table.state)
        # thinking off the loop (and the lock); the move stands only if the seat still waits on it
        action = await self.think(table, seat, bot, state)
        async with table.lock:
            if table.version != version or seat not in table.waiting_on("human"):
                return
            try:
                await self.play.accept(table, seat, action, autopilot=table.autopilot)
            except (IllegalAction, NotSaved) as err:
                log.warning("table %s: autopilot for seat %d failed: %s", table.id, seat, err)
                table.mode.kick(table)  # the clock starts again rather than leave the seat waiting forever

    async def think(self, table: LiveTable, seat: int, bot: bot_registry.Bot, state: Any) -> str:
        """``bot``'s move for ``seat`` in ``state`` (a clone of the table's), chosen on a bot thread;
        a bot that fails or chooses no legal action plays a random legal one."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.thinkers, _turn, table, seat, bot, state)

    # ----- real-time tables -------------------------------------------------------------------------
    async def react(self, table: LiveTable, seat: int, mode: RealTime) -> None:
        """One bot seat of a real-time table on its reaction clock, until the game ends.

        It perceives the state and the table's time (under the lock), chooses on a real-time bot
        thread, waits out the rest of its reaction time (thinking counts towards it) and its action
        lands like a person's, checked by the game at that instant; it may fail. A bot that chose
        nothing (or has no decision) waits for the next change of the table or an idle interval."""
        game = table.game
        bot = table.bots[seat]
        model = reaction_of(bot, REACTION_LEVELS[DEFAULT_REACTION])
        timing = random.Random(mix_seed(table.seed % (1 << 64), REACTION_STREAM + seat))
        loop = asyncio.get_running_loop()
        while table.status == "running" and not self.closing:
            async with table.lock:
                if table.status != "running":
                    return
                now = mode.clock(table)
                state = game.clone(table.state) if seat in game.deciders(table.state) else None
                waiter = mode.change
            perceived = time.monotonic()
            options, action = 0, None
            if state is not None:
                options, action = await loop.run_in_executor(self.rt_thinkers, _reaction, table, seat, state, now)
            if action is None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(waiter.wait(), IDLE_MS / 1000)
                continue
            # the reaction time counts from the perception, thinking included (as in engine/realtime.py)
            delay = max(0, int(model.delay_ms(timing, options))) * self.reaction_scale / 1000
            await asyncio.sleep(max(0.0, delay - (time.monotonic() - perceived)))
            # one the table has moved past (the other seat acted first, a deadline passed) is
            # refused as a person's would be
            async with table.lock:
                if table.status != "running":
                    return
                try:
                    await self.play.accept(table, seat, action)
                except WarroomError as err:
                    log.debug("table %s: bot seat %d's %r failed on landing: %s", table.id, seat, action, err)
                except Exception as err:  # the database failed
                    log.warning("table %s: bot seat %d's action not saved: %s", table.id, seat, err)
            if self.reaction_scale == 0:
                await asyncio.sleep(0)  # let people and the other bots in


def _turn(table: LiveTable, seat: int, bot: bot_registry.Bot, state: Any) -> str:
    """On a bot thread: ``bot``'s turn-based move (a random legal one if it fails)."""
    game = table.game
    legal = game.legal_actions(state, seat)
    rng = table.rngs[seat]
    try:
        action = choose(game, state, seat, bot, legal, rng)
    except Exception:
        log.exception("table %s: bot %s failed; a random legal action is played", table.id, bot.name)
        action = ""
    if action not in legal:
        log.warning("table %s: bot %s chose %r, not a legal action", table.id, bot.name, action)
        action = legal[rng.randrange(len(legal))]
    return action


def _reaction(table: LiveTable, seat: int, state: Any, now: int | None) -> tuple[int, str | None]:
    """On a bot thread: how many actions ``seat`` has in ``state`` (a clone) at ``now``, and the one
    its bot chooses (None: nothing now, no legal action, or the bot failed: it waits)."""
    game, bot = table.game, table.bots[seat]
    legal = game.legal_actions(state, seat, now)
    if not legal:
        return 0, None
    try:
        view = game.view(state, seat) if bot.needs_view else {}
        action: str | None = bot.choose(view, legal, table.rngs[seat])
    except Exception:
        log.exception("table %s: bot %s failed; it waits", table.id, bot.name)
        return len(legal), None
    return len(legal), action
