"""Play at a table: accepting an action and telling every connection what it now sees.

An action is accepted by applying it to a clone of the state and committing the record row; only
after the commit does the clone become the state and every connection hear of it, so a crash can
lose nothing anyone was told. What differs between turn-based and real-time tables (the game time
an action is taken at, whether a stale version is refused, what starts after a change) is asked
of the table's :class:`Mode`, chosen once when the table is made (``server/turns.py``,
``server/realtime.py``). Whose table it is, and its storage, are ``server/tables.py``'s.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from warroom.engine import Event, Game, IllegalAction, canonical
from warroom.engine.infoset import witness
from warroom.engine.record import Step
from warroom.server.db import Store
from warroom.server.protocol import ActionMessage, DecisionInfo, ErrorMessage, Fairness, LegalAction, StateMessage

if TYPE_CHECKING:
    from warroom.server.tables import Listener, LiveTable

log = logging.getLogger("warroom.server")

Reply = tuple["Listener", str | None]  # the connection that acted, and its message id


class Mode(Protocol):
    """How a table's play runs in time: one object per table, chosen when it is made or loaded.
    It is handed the table at each call and keeps no reference to it (no reference cycle)."""

    follows: bool  # whether bots that follow the game are shown each move (turn-based only)

    def clock(self, table: LiveTable) -> int | None:
        """The game time an action taken now is taken at (``None``: the game has no clock)."""
        ...

    def refusal(self, table: LiveTable, seat: int, version: int) -> str | None:
        """Why an action of ``seat`` made at ``version`` is refused before the game sees it."""
        ...

    def kick(self, table: LiveTable) -> None:
        """After any change: start whatever must act now (bots, decision clocks, deadlines)."""
        ...

    def time_left_ms(self) -> int | None:
        """The waiting human seats' time to decide (``None``: no decision clock runs)."""
        ...

    def ended(self) -> None:
        """The table ended without an action (a resignation, abandonment): stop its clock."""
        ...

    def tasks(self) -> list[asyncio.Task[None]]:
        """Every task the mode runs for its table (cancelled at shutdown, or when unhosted)."""
        ...


class NotSaved(Exception):
    """The database refused an action's commit; nothing changed."""


def seed_commitment(seed: int) -> str:
    """The SHA-256 of the seed's decimal digits, published when the table starts."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def fairness(generator: str, seed: int, finished: bool) -> Fairness:
    return Fairness(generator=generator, commitment=seed_commitment(seed), seed=str(seed) if finished else None)


def autopilot_note(name: str, seat: int, bot: str) -> Event:
    """The public log entry that says seat ``name`` ran out of time and its autopilot acted."""
    return Event("autopilot", {"seat": seat, "name": name, "bot": bot,
                               "text": f"{name} ran out of time; the {bot} autopilot acted"})


def finished_summary(game: Game[Any], config: dict[str, Any], log_: list[Event]) -> list[str]:
    """A finished game's summary (``Game.summary``) from the public log, the same for every seat."""
    return game.summary(config, [e.visible_to(None) for e in log_])


class Play:
    """Accepting actions and broadcasting views, for every table of a server and both modes.

    ``finishing`` hears of a table the moment it finishes by an action (before anyone is told),
    ``finished`` once everyone has been told; ``lost`` (with leases) of a table whose commit met
    another process's write, so this one no longer hosts it."""

    def __init__(self, store: Store, result_pause: float, finishing: Callable[[LiveTable], None],
                 finished: Callable[[LiveTable], None], lost: Callable[[LiveTable], None] | None = None) -> None:
        self.store = store
        self.result_pause = result_pause  # bots wait this long after an outcome people read
        self.finishing = finishing
        self.finished = finished
        self.lost = lost
        self.pending: set[asyncio.Future[None]] = set()  # writes in flight, finished before shutdown

    def keep(self, write: asyncio.Future[None]) -> None:
        """Hold ``write`` (a commit, a lease release, a clock origin) until it is done, so
        :meth:`settle` can wait for it before the store closes."""
        self.pending.add(write)
        write.add_done_callback(self.pending.discard)

    async def settle(self) -> None:
        """Wait for every write in flight."""
        await asyncio.gather(*self.pending, return_exceptions=True)

    # ----- accepting actions -----------------------------------------------------------------------
    async def act(self, table: LiveTable, conn: Listener, msg: ActionMessage) -> None:
        """Play a connection's action, or tell it why not (and change nothing)."""
        async with table.lock:
            reason = self.refusal(table, conn, msg)
            if reason is None:
                try:
                    await self.accept(table, conn.seat if conn.seat is not None else -1, msg.action,
                                      reply=(conn, msg.id))
                    return
                except IllegalAction as err:
                    reason = str(err)
                except NotSaved:
                    reason = "the action could not be saved; nothing changed, try again"
                except Exception:  # a game's bug: the state is a clone's, so nothing changed
                    log.exception("table %s: action %r failed", table.id, msg.action[:100])
                    reason = "the game could not read this action; nothing changed"
            conn.send(ErrorMessage(reason=reason, reply_to=msg.id, version=table.version).model_dump_json())

    def refusal(self, table: LiveTable, conn: Listener, msg: ActionMessage) -> str | None:
        """Why ``conn`` may not act now (``None``: the game decides)."""
        if conn.seat is None:
            return "spectators cannot act"
        if conn.token_hash != table.seats[conn.seat].token_hash:
            return "this connection's token no longer holds the seat"
        if table.status == "open":
            return "the table is waiting for players to join"
        if table.status == "finished":
            return "the game is over"
        return table.mode.refusal(table, conn.seat, msg.version)

    async def accept(self, table: LiveTable, seat: int, action: str, autopilot: str | None = None,
                     reply: Reply | None = None) -> None:
        """Apply to a clone, commit, then publish (lock held). Raises IllegalAction or NotSaved."""
        game = table.game
        text = canonical(action)
        state = game.clone(table.state)
        t = table.mode.clock(table)
        # bots that follow the game are shown the move as their seats see it, in the state before it
        before = game.clone(state) if table.followers else None
        events = game.apply(state, seat, text, t)
        res = game.result(state)
        step = Step(seat, text, game.hash(state), t, autopilot is not None)
        result = None if res is None else res.to_json()
        # the commit and what follows run to the end even if the caller is cancelled meanwhile, so
        # memory never falls behind the database
        publish = asyncio.ensure_future(self.commit(table, step, state, events, result, autopilot, reply, before))
        self.keep(publish)
        await asyncio.shield(publish)

    async def commit(self, table: LiveTable, step: Step, state: Any, events: list[Event],
                     result: dict[str, Any] | None, autopilot: str | None = None,
                     reply: Reply | None = None, before: Any = None) -> None:
        """Store ``step`` (lock held); then ``state`` is the table's and everyone is told.
        Raises NotSaved when the database refuses it."""
        if before is not None:
            # a belief of hundreds of worlds takes tens of ms to follow a move: on a thread of its
            # own (not a bot thinker's, so no move waits behind another table's search), and done
            # before the bots are kicked, so a bot never chooses without having seen the move
            try:
                await asyncio.to_thread(witness, table.game, before, step.seat, step.action, table.bots,
                                        table.rngs.__getitem__)
            except Exception:  # a bot's bug never refuses a legal move: the bot re-syncs when it next chooses
                log.exception("table %s: a bot failed to follow action %d", table.id, table.version + 1)
        try:
            await self.store.run(self.store.append_step, table.id, table.version + 1, step, result)
        except Exception as err:
            log.exception("table %s: action %d not saved", table.id, table.version + 1)
            if self.lost is not None and isinstance(err, RuntimeError):
                # the version guard: another process wrote this table, so this one lost its lease;
                # its clients reconnect to whoever hosts it now
                asyncio.get_running_loop().call_soon(self.lost, table)
            raise NotSaved() from err
        table.state = state
        table.steps.append(step)
        if autopilot is not None:
            table.log.append(autopilot_note(table.seats[step.seat].name, step.seat, autopilot))
        table.log.extend(events)
        if table.game.pause_events.intersection(e.kind for e in events):
            table.pause_until = time.monotonic() + self.result_pause
        if result is not None:
            table.result, table.status = result, "finished"
            self.finishing(table)
        self.broadcast(table, reply=reply)
        table.mode.kick(table)
        if result is not None:
            self.finished(table)

    # ----- telling connections ---------------------------------------------------------------------
    def broadcast(self, table: LiveTable, reply: Reply | None = None, skip: Listener | None = None) -> None:
        """Send every connection (but ``skip``) its state; the actor's copy carries ``reply_to``."""
        cache: dict[tuple[int | None, int], str] = {}
        for conn in table.listeners:
            if conn is skip:
                continue
            if reply is not None and conn is reply[0]:
                conn.send(self.state_text(table, conn, reply[1]))
                continue
            key = (conn.seat, conn.log_sent)
            text = cache.get(key)
            if text is None:
                text = cache[key] = self.state_text(table, conn, None)
            else:
                conn.log_sent = len(table.log)
            conn.send(text)

    def state_text(self, table: LiveTable, conn: Listener, reply_to: str | None) -> str:
        """The ``state`` message for ``conn``; advances its log cursor."""
        game, state, seat = table.game, table.state, conn.seat
        running = table.status == "running"
        legal: list[LegalAction] = []
        clock = table.mode.clock(table)
        if seat is not None and running:
            legal = [LegalAction.of(a, game.describe(state, seat, a)) for a in game.legal_actions(state, seat, clock)]
        left = table.mode.time_left_ms() if running else None
        decisions = [DecisionInfo(seat=d.player, kind=d.kind, prompt=d.prompt if d.player == seat else None,
                                  time_left_ms=left if table.seats[d.player].kind == "human" else None)
                     for d in game.decisions(state)]
        start = conn.log_sent
        entries = [e.visible_to(seat) for e in table.log[start:]]
        conn.log_sent = len(table.log)
        return StateMessage(
            table=table.id, seat=seat, version=table.version, view=game.view(state, seat), legal=legal,
            decisions=decisions, log_from=start, log=entries, result=table.result,
            seats=[s.info() for s in table.seats], clock_ms=clock,
            fairness=fairness(table.generator, table.seed, table.status == "finished"), reply_to=reply_to,
            summary=finished_summary(game, table.config, table.log) if table.result is not None else None,
            pause_ms=max(0, int((table.pause_until - time.monotonic()) * 1000)) if running else 0,
        ).model_dump_json()
