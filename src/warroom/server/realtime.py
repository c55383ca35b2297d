"""Real-time tables on the server: the table's clock, its deadline timer, and bots on their
reaction clocks. Turn-based tables never reach this module.

- **The clock.** A real-time table's game time is the wall time in ms since its clock origin,
  which is stored with the table (``tables.clock_origin``) when it starts running, so a table
  rebuilt after a restart keeps counting from the same origin and the times in its record never go
  backwards (time is also never earlier than the last recorded step, should the wall clock step
  back). Time the server was down counts: a deadline that fell meanwhile takes effect, at its own
  instant, when the table is rebuilt.
- **Arrival order.** Actions are applied in the order they arrive, each at the instant it arrives,
  and checked by the game at that instant; the table's version is not compared (see
  ``TableManager._refusal``), so an action is never refused merely because another seat acted
  first, only when the game says it is no longer legal.
- **Deadlines.** A timer task sleeps until ``game.next_deadline`` and then lets time run to it;
  a deadline that changed the state is committed as a step (seat ``CLOCK_SEAT``, ``wait``) like
  any action, and every connection is sent the new state.
- **Bots.** Every bot seat has its own task: it perceives (a clone of the state and the table's
  time, taken under the lock), its bot chooses on a bot thread (``TableManager.rt_thinkers``,
  without the lock, so a slow bot holds up neither its table nor any other), it waits out the
  rest of the bot's reaction time (``engine.realtime``'s models, scaled by
  ``TableManager.reaction_scale``; thinking counts towards it), and its action lands through the
  same path as a person's, checked by the game at that instant; it may fail. A bot that chose
  nothing (or has no decision) waits for the next change of the table or an idle interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from warroom.engine.errors import WarroomError
from warroom.engine.game import CLOCK_SEAT, WAIT
from warroom.engine.realtime import DEFAULT_REACTION, IDLE_MS, REACTION_LEVELS, reaction_of
from warroom.engine.record import Step
from warroom.engine.rng import mix_seed

if TYPE_CHECKING:
    from warroom.server.tables import LiveTable, TableManager

log = logging.getLogger("warroom.server")

REACTION_STREAM = 4000  # the server's reaction-time streams, apart from the bots' choices


def wall_ms() -> int:
    """Milliseconds since the epoch (a function, so tests can move the wall clock)."""
    return time.time_ns() // 1_000_000


def created_ms(table: LiveTable) -> int:
    return int(table.created.timestamp() * 1000)


def game_time(table: LiveTable) -> int:
    """The table's game time now: ms since its clock origin, never before its last recorded step.

    Before the origin is stored (a table still waiting for players, or one whose origin was lost
    in a crash before it was written) the table's creation stands in for it: that is earlier than
    any origin the table could have had, so time can only jump forward, never back."""
    origin = table.clock_origin if table.clock_origin is not None else created_ms(table)
    last = table.steps[-1].t if table.steps and table.steps[-1].t is not None else 0
    return max(wall_ms() - origin, last)


def start_clock(manager: TableManager, table: LiveTable) -> None:
    """A real-time table that starts running gets its clock origin, stored with the table."""
    if table.clock_origin is not None:
        return
    # a table that already has steps keeps the stand-in its times were measured from
    table.clock_origin = wall_ms() if not table.steps else created_ms(table)
    saved = asyncio.ensure_future(manager.store.run(manager.store.set_clock_origin, table.id, table.clock_origin))
    manager._commits.add(saved)  # finished before shutdown, like commits
    saved.add_done_callback(manager._commits.discard)


def changed(table: LiveTable) -> None:
    """Wake every task that waits for the table to change (bots that chose nothing)."""
    table.change.set()
    table.change = asyncio.Event()


async def wait_change(table: LiveTable, seconds: float) -> None:
    """Until the table changes, or ``seconds`` pass."""
    event = table.change
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), seconds)


def kick(manager: TableManager, table: LiveTable) -> None:
    """After any change of a real-time table: wake its waiters, start its bot tasks and its timer."""
    changed(table)
    if table.status != "running" or manager.closing:
        return
    start_clock(manager, table)
    for seat in table.bots:
        task = table.rt_bots.get(seat)
        if task is None or task.done():
            table.rt_bots[seat] = asyncio.create_task(_bot(manager, table, seat))
    if table.rt_timer is None or table.rt_timer.done():
        table.rt_timer = asyncio.create_task(_deadlines(manager, table))


def tasks(table: LiveTable) -> list[asyncio.Task[None]]:
    """Every real-time task of ``table`` (for shutdown)."""
    out = [t for t in table.rt_bots.values()]
    if table.rt_timer is not None:
        out.append(table.rt_timer)
    return out


async def _deadlines(manager: TableManager, table: LiveTable) -> None:
    """Sleep until the game's next deadline, let time run to it, and again, until the game ends."""
    game = table.game
    fired = -1
    while table.status == "running" and not manager.closing:
        deadline = game.next_deadline(table.state)
        if deadline is not None and deadline <= fired:
            deadline = None  # a game naming a deadline it has already passed would loop here
        if deadline is None:
            await wait_change(table, 60.0)  # an action may set one
            continue
        wait = (deadline - game_time(table)) / 1000
        if wait > 0:
            await wait_change(table, wait)  # an action may move the deadline: look again then
            continue
        async with table.lock:
            if table.status != "running" or game.next_deadline(table.state) != deadline:
                continue
            fired = deadline
            # recorded at the deadline's own instant, not when the timer woke (a few ms later)
            last = table.steps[-1].t if table.steps and table.steps[-1].t is not None else 0
            await advance(manager, table, max(deadline, last))


async def advance(manager: TableManager, table: LiveTable, t: int) -> None:
    """Let time run to ``t`` (lock held): a deadline that changed the state is committed as a step."""
    game = table.game
    state = game.clone(table.state)
    events = game.advance_time(state, t)
    if not events:
        table.state = state  # nothing to record: the clock alone moved (path-independent)
        manager._broadcast(table)  # legality may have changed (a minimum interval ended)
        kick(manager, table)
        return
    res = game.result(state)
    step = Step(CLOCK_SEAT, WAIT, game.hash(state), t)
    result = None if res is None else res.to_json()
    try:
        await manager._commit(table, step, state, events, result, None, None)
    except Exception as err:  # the database failed: try again a little later
        log.warning("table %s: the clock could not be saved: %s", table.id, err)
        await asyncio.sleep(1.0)


async def _bot(manager: TableManager, table: LiveTable, seat: int) -> None:
    """One bot seat on its reaction clock, until the game ends."""
    game = table.game
    bot = table.bots[seat]
    model = reaction_of(bot, REACTION_LEVELS[DEFAULT_REACTION])
    timing = random.Random(mix_seed(table.seed % (1 << 64), REACTION_STREAM + seat))
    loop = asyncio.get_running_loop()
    while table.status == "running" and not manager.closing:
        # perceive: the state as it is now (a clone, and the time, taken under the lock)
        async with table.lock:
            if table.status != "running":
                return
            now = game_time(table)
            state = game.clone(table.state) if seat in game.deciders(table.state) else None
            waiter = table.change
        perceived = time.monotonic()
        options, action = 0, None
        if state is not None:
            # the bot thinks on a bot thread, without the lock: the table's people, its other bot and
            # every other table go on meanwhile
            options, action = await loop.run_in_executor(manager.rt_thinkers, _choose, table, seat, state, now)
        if action is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter.wait(), IDLE_MS / 1000)
            continue
        # the reaction time counts from the perception, thinking included (as in engine/realtime.py)
        delay = max(0, int(model.delay_ms(timing, options))) * manager.reaction_scale / 1000
        await asyncio.sleep(max(0.0, delay - (time.monotonic() - perceived)))
        # the action lands: checked by the game at this instant, like anyone's, so one the table has
        # moved past (the other seat acted first, a deadline passed) is refused as a person's would be
        async with table.lock:
            if table.status != "running":
                return
            try:
                await manager._accept(table, seat, action)
            except WarroomError as err:
                log.debug("table %s: bot seat %d's %r failed on landing: %s", table.id, seat, action, err)
            except Exception as err:  # the database failed
                log.warning("table %s: bot seat %d's action not saved: %s", table.id, seat, err)
        if manager.reaction_scale == 0:
            await asyncio.sleep(0)  # let people and the other bots in


def _choose(table: LiveTable, seat: int, state: Any, now: int) -> tuple[int, str | None]:
    """On a bot thread: how many actions ``seat`` has in ``state`` (a clone) at ``now``, and the one
    its bot chooses (None: nothing now, no legal action, or the bot failed)."""
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
