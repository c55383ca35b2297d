"""Turn-based tables: an action is taken at the table's version by a seat that must decide; after
each change the bots whose turn it is play (after the bot delay), and a human seat with a decision
clock gets its autopilot when the clock runs out. The real-time mode is ``server/realtime.py``."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from warroom.server.bots import Bots
    from warroom.server.tables import LiveTable


class TurnBased:
    """The mode (``server.play.Mode``) of a turn-based table: its bot task and decision clock.

    It is handed its table at each call rather than holding it, so a table and its mode make no
    reference cycle (a finished table leaves memory without waiting for the collector)."""

    follows = True

    def __init__(self, bots: Bots) -> None:
        self.bots = bots
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None  # the waiting human seats' decision clock
        self.deadline: float | None = None  # when the autopilot plays the waiting human seats
        # the version at which the decision the seats now take at once began (Game.simultaneous);
        # None while no such decision is open
        self.together_since: int | None = None

    def clock(self, table: LiveTable) -> int | None:
        return None

    def refusal(self, table: LiveTable, seat: int, version: int) -> str | None:
        if version != table.version and not self._same_decision(table, version):
            return f"stale: your action was made at version {version}, the table is at {table.version}"
        if seat not in table.game.deciders(table.state):
            return f"{table.seats[seat].name} has no decision to make now"
        return None

    def _same_decision(self, table: LiveTable, version: int) -> bool:
        """Whether an action made at ``version`` answers the decision the seats are taking at once
        now: the other seats' answers that landed since change nothing that seat could see or do
        (``Game.simultaneous``), so it is not stale."""
        since = self.together_since
        return since is not None and since <= version <= table.version and table.game.simultaneous(table.state)

    def kick(self, table: LiveTable) -> None:
        """Start the bots if one must move, and (re)start the decision clock."""
        if not table.game.simultaneous(table.state):
            self.together_since = None
        elif self.together_since is None:
            self.together_since = table.version
        if self.bots.closing:
            return
        if table.waiting_on("bot") and (self.bot_task is None or self.bot_task.done()):
            self.bot_task = asyncio.create_task(self.bots.play_turns(table))
        current = asyncio.current_task()
        if self.timer is not None and self.timer is not current:
            self.timer.cancel()
        self.timer = None
        if table.decision_seconds is not None and table.waiting_on("human"):
            self.timer = asyncio.create_task(self.bots.autopilot(table, table.version, table.decision_seconds))
            self.deadline = time.monotonic() + max(table.decision_seconds, self.bots.bot_delay)
        else:
            self.deadline = None

    def time_left_ms(self) -> int | None:
        if self.deadline is None:
            return None
        return max(0, int((self.deadline - time.monotonic()) * 1000))

    def ended(self) -> None:
        if self.timer is not None:
            self.timer.cancel()

    def tasks(self) -> list[asyncio.Task[None]]:
        return [t for t in (self.bot_task, self.timer) if t is not None]
