"""Real-time tables on the server: the table's clock, its deadline timer, and the tasks of its
bots on their reaction clocks.

- **The clock.** A real-time table's game time is the wall time in ms since its clock origin,
  which is stored with the table (``tables.clock_origin``) when it starts running, so a table
  rebuilt after a restart keeps counting from the same origin and the times in its record never go
  backwards (time is also never earlier than the last recorded step, should the wall clock step
  back). Time the server was down counts: a deadline that fell meanwhile takes effect, at its own
  instant, when the table is rebuilt.
- **Arrival order.** Actions are applied in the order they arrive, each at the instant it arrives,
  and checked by the game at that instant; the table's version is not compared
  (:meth:`RealTime.refusal`), so an action is never refused merely because another seat acted
  first, only when the game says it is no longer legal.
- **Deadlines.** A timer task sleeps until ``game.next_deadline`` and then lets time run to it;
  a deadline that changed the state is committed as a step (seat ``CLOCK_SEAT``, ``wait``) like
  any action, and every connection is sent the new state.
- **Bots.** Every bot seat has its own task on its reaction clock (:meth:`Bots.react`,
  ``server/bots.py``): it perceives, chooses on a real-time bot thread, waits out the rest of its
  reaction time, and its action lands through the same path as a person's (``Play.accept``).

:class:`RealTime` is the mode (``server.play.Mode``) of a real-time table, chosen once when the
table is made or loaded; turn-based tables have ``server/turns.py``'s and never reach this module.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from warroom.engine.game import CLOCK_SEAT, WAIT
from warroom.engine.record import Step

if TYPE_CHECKING:
    from warroom.server.bots import Bots
    from warroom.server.play import Play
    from warroom.server.tables import LiveTable

log = logging.getLogger("warroom.server")


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



class RealTime:
    """The mode (``server.play.Mode``) of a real-time table: its clock, deadline timer and bot tasks.

    It is handed its table at each call rather than holding it, so a table and its mode make no
    reference cycle (a finished table leaves memory without waiting for the collector)."""

    follows = False  # real-time bots perceive the state afresh at every change

    def __init__(self, bots: Bots, play: Play) -> None:
        self.bots = bots
        self.play = play
        self.seat_tasks: dict[int, asyncio.Task[None]] = {}  # each bot seat on its reaction clock
        self.timer: asyncio.Task[None] | None = None  # sleeps until the game's next deadline
        self.change = asyncio.Event()  # set (and replaced) at every change of the table

    def clock(self, table: LiveTable) -> int:
        return game_time(table)

    def refusal(self, table: LiveTable, seat: int, version: int) -> str | None:
        return None  # arrival order: the game checks the action at the instant it arrives

    def time_left_ms(self) -> int | None:
        return None

    def ended(self) -> None:
        pass  # the tasks see the table finished when they next wake

    def tasks(self) -> list[asyncio.Task[None]]:
        return [*self.seat_tasks.values(), *([self.timer] if self.timer is not None else [])]

    def kick(self, table: LiveTable) -> None:
        """After any change: wake the waiters, start the bot tasks and the deadline timer."""
        if self.bots.closing:
            return
        self.changed()
        if table.status != "running":
            return
        self.start_clock(table)
        for seat in table.bots:
            task = self.seat_tasks.get(seat)
            if task is None or task.done():
                self.seat_tasks[seat] = asyncio.create_task(self.bots.react(table, seat, self))
        if self.timer is None or self.timer.done():
            self.timer = asyncio.create_task(self.deadlines(table))

    def start_clock(self, table: LiveTable) -> None:
        """A table that starts running gets its clock origin, stored with the table."""
        if table.clock_origin is not None:
            return
        # a table that already has steps keeps the stand-in its times were measured from
        table.clock_origin = wall_ms() if not table.steps else created_ms(table)
        store = self.play.store
        self.play.keep(asyncio.ensure_future(store.run(store.set_clock_origin, table.id, table.clock_origin)))

    def changed(self) -> None:
        """Wake every task that waits for the table to change (bots that chose nothing)."""
        self.change.set()
        self.change = asyncio.Event()

    async def wait_change(self, seconds: float) -> None:
        """Until the table changes, or ``seconds`` pass."""
        event = self.change
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), seconds)

    async def deadlines(self, table: LiveTable) -> None:
        """Sleep until the game's next deadline, let time run to it, and again, until the game ends."""
        game = table.game
        fired = -1
        while table.status == "running" and not self.bots.closing:
            deadline = game.next_deadline(table.state)
            if deadline is not None and deadline <= fired:
                deadline = None  # a game naming a deadline it has already passed would loop here
            if deadline is None:
                await self.wait_change(60.0)  # an action may set one
                continue
            wait = (deadline - game_time(table)) / 1000
            if wait > 0:
                await self.wait_change(wait)  # an action may move the deadline: look again then
                continue
            async with table.lock:
                if table.status != "running" or game.next_deadline(table.state) != deadline:
                    continue
                fired = deadline
                # recorded at the deadline's own instant, not when the timer woke (a few ms later)
                last = table.steps[-1].t if table.steps and table.steps[-1].t is not None else 0
                await self.advance(table, max(deadline, last))

    async def advance(self, table: LiveTable, t: int) -> None:
        """Let time run to ``t`` (lock held): a deadline that changed the state is committed as a step."""
        game = table.game
        state = game.clone(table.state)
        events = game.advance_time(state, t)
        if not events:
            table.state = state  # nothing to record: the clock alone moved (path-independent)
            self.play.broadcast(table)  # legality may have changed (a minimum interval ended)
            self.kick(table)
            return
        res = game.result(state)
        step = Step(CLOCK_SEAT, WAIT, game.hash(state), t)
        result = None if res is None else res.to_json()
        try:
            await self.play.commit(table, step, state, events, result)
        except Exception as err:  # the database failed: try again a little later
            log.warning("table %s: the clock could not be saved: %s", table.id, err)
            await asyncio.sleep(1.0)
