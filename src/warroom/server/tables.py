"""The tables a server runs, and their life: creating, loading, seats and tokens, connections,
ending, leases and storage.

Each running table lives in memory as a :class:`LiveTable` (its state, record and
log) guarded by one asyncio lock. A restart rebuilds every unfinished table by replaying its
record. Playing at a table is ``server/play.py``'s (accepting an action, broadcasting views);
each table's mode, chosen once when it is made or loaded, runs it in time: ``server/turns.py``
for turn-based games, ``server/realtime.py`` for real-time ones; its bots are ``server/bots.py``'s.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, TypeVar

from warroom import bots as bot_registry
from warroom.engine import Event, Game, WarroomError, registry
from warroom.engine.infoset import followers
from warroom.engine.record import Record, Step, abandonment, replay, resignation
from warroom.engine.rng import KEYED, generator_of, with_generator
from warroom.engine.runner import bot_rng
from warroom.server.bots import Bots
from warroom.server.db import Store, StoredSeat, StoredTable, now
from warroom.server.leases import LeaseLost, Leases
from warroom.server.play import Mode, Play, autopilot_note, fairness
from warroom.server.protocol import ActionMessage, Created, CreateTable, SeatInfo, SeatTicket, SeatToken
from warroom.server.realtime import RealTime
from warroom.server.turns import TurnBased

log = logging.getLogger("warroom.server")
T = TypeVar("T")

SEED_BITS = 256  # online deals: far beyond any search (the issue asks for at least 128)
RESULT_PAUSE_FACTOR = 10  # bots wait ten bot delays (3 s by default) after an outcome people read


class Refused(Exception):
    """A request refused with an HTTP status and a one-line reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason




class Elsewhere(Refused):
    """Another process hosts this running table (``server/leases.py``): callers that can relay
    catch it; anywhere else it answers 503 like any refusal."""

    def __init__(self, table_id: str) -> None:
        super().__init__(503, f"table {table_id} is hosted by another server; try again")


class Listener(Protocol):
    """A connection as the table sees it: whose eyes, how much log it has, and a mailbox."""

    seat: int | None
    log_sent: int
    token_hash: str | None  # the token the seat was taken with; acting needs it to be the seat's still

    def send(self, text: str) -> None: ...


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invite_url(table_id: str, seat: int, token: str) -> str:
    # the token rides in the fragment, which browsers never send to the server
    return f"/table/{table_id}#seat={seat}&token={token}"


@dataclass(slots=True)
class Seat:
    seat: int
    name: str
    kind: str  # "human" | "bot"
    bot: str | None
    token_hash: str | None
    claimed: bool
    open: bool = False
    player: str | None = None  # the SHA-256 of the player token of the browser that holds the seat
    connected: int = 0
    latency_ms: int | None = None  # the round trip to this seat's player, measured by server pings

    def info(self) -> SeatInfo:
        return SeatInfo(seat=self.seat, name=self.name, kind="bot" if self.kind == "bot" else "human",
                        bot=self.bot, claimed=self.claimed, connected=self.connected > 0, open=self.open,
                        latency_ms=self.latency_ms if self.connected > 0 else None)


class LiveTable:
    """A table being served: state, record steps and log, under one lock."""

    def __init__(self, stored: StoredTable, game: Game[Any], state: Any, log_: list[Event],
                 mode: Mode) -> None:
        self.id = stored.id
        self.game = game
        self.config = stored.config
        self.seed = stored.seed
        self.created = stored.created
        self.decision_seconds = stored.decision_seconds
        self.autopilot = stored.autopilot
        self.status = stored.status
        names = game.seat_names(stored.config)
        self.seats = [Seat(s.seat, names[s.seat], s.kind, s.bot, s.token_hash, s.claimed, s.open, s.player)
                      for s in stored.seats]
        self.state = state
        self.steps: list[Step] = list(stored.steps)
        self.log = log_
        res = game.result(state)
        self.result: dict[str, Any] | None = None if res is None else res.to_json()
        self.lock = asyncio.Lock()
        self.listeners: list[Listener] = []
        self.bots = {s.seat: bot_registry.make(game.name, s.bot) for s in self.seats if s.bot is not None}
        self.clock_origin: int | None = stored.clock_origin  # real-time tables (server/realtime.py)
        self.mode = mode
        # whether any bot follows the game (``engine.infoset.witness``): every move is shown to it
        self.followers = self.mode.follows and followers(game, self.bots.values())
        # with a human at the table, bots' (and autopilots') streams come from the system's secure
        # source, never from the seed a creator may have chosen (their choices are in the record, so
        # replays do not need them); a table of bots alone plays as ``warroom simulate`` would
        if any(s.kind == "human" for s in self.seats):
            self.rngs = {s.seat: random.Random(secrets.randbits(SEED_BITS)) for s in self.seats}
        else:
            self.rngs = {s.seat: bot_rng(self.seed, s.seat) for s in self.seats}
        self.generator = generator_of(stored.config)
        self.away_since: float | None = time.monotonic()  # since when no human seat has been connected
        self.pause_until = 0.0  # bots wait until then: an outcome people read (Game.pause_events)

    @property
    def version(self) -> int:
        return len(self.steps)

    def seat_for(self, token: str) -> Seat | None:
        """The human seat ``token`` belongs to; every seat is compared, in constant time each."""
        digest = token_hash(token)
        found = None
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = seat
        return found

    def waiting_on(self, kind: str) -> list[int]:
        """Seats of ``kind`` that must decide now (none unless the table is running)."""
        if self.status != "running":
            return []
        return [p for p in self.game.deciders(self.state) if self.seats[p].kind == kind]

    def summary(self) -> dict[str, Any]:
        """``GET /api/tables/{id}``: status, seats (with who is connected), version and result."""
        out = _summary(self.id, self.game.name, self.config, self.status, self.version, self.seats, self.result,
                       self.created, self.decision_seconds, self.autopilot, self.seed)
        out["away"] = self.status != "finished" and self.away_since is not None and self.has_humans
        return out

    @property
    def has_humans(self) -> bool:
        return any(s.kind == "human" for s in self.seats)


def stored_summary(stored: StoredTable) -> dict[str, Any]:
    """The summary of a table that is not in memory (so nobody is connected to it)."""
    names = registry.get(stored.game).seat_names(stored.config)
    seats = [Seat(s.seat, names[s.seat], s.kind, s.bot, s.token_hash, s.claimed, s.open, s.player)
                      for s in stored.seats]
    return _summary(stored.id, stored.game, stored.config, stored.status, stored.version, seats, stored.result,
                    stored.created, stored.decision_seconds, stored.autopilot, stored.seed)


def _summary(table_id: str, game: str, config: dict[str, Any], status: str, version: int, seats: list[Seat],
             result: dict[str, Any] | None, created: datetime, decision_seconds: float | None,
             autopilot: str, seed: int) -> dict[str, Any]:
    return {
        "table": table_id, "game": game, "config": config, "status": status, "version": version,
        "seats": [s.info().model_dump() for s in seats], "result": result, "created": created.isoformat(),
        "decision_seconds": decision_seconds, "autopilot": autopilot,
        "fairness": fairness(generator_of(config), seed, status == "finished").model_dump(),
        # what happens when every human is away too long (docs/protocol.md, *Players*)
        "when_abandoned": "autopilot" if decision_seconds is not None else "ended",
        "away": False,
    }


def abandoned() -> dict[str, Any]:
    """The result of a table every human left, or stayed away from too long: nobody wins (the
    engine's shape, so that ``replay --verify`` recognises it)."""
    return abandonment()


def rebuild(stored: StoredTable) -> tuple[Game[Any], Any, list[Event]]:
    """Replay a stored table's record, checking every hash: its game, state and log."""
    game = registry.get(stored.game)
    if stored.rules_version != game.rules_version:
        raise WarroomError(f"table {stored.id} was played under {game.name} rules version "
                           f"{stored.rules_version}; this server plays version {game.rules_version}")
    record = Record(game.name, stored.rules_version, stored.config, stored.seed, [], stored.steps)
    names = game.seat_names(stored.config)
    events: list[Event] = []
    state: Any = None
    for step in replay(record, verify=True):
        if step.index and stored.steps[step.index - 1].autopilot:
            seat = stored.steps[step.index - 1].seat
            events.append(autopilot_note(names[seat], seat, stored.autopilot))
        events.extend(step.events)
        state = step.state
    return game, state, events


class TableManager:
    """Every table this server runs; the REST routes and WebSocket sessions call it."""

    def __init__(self, store: Store, bot_delay: float = 0.3, max_tables: int = 1000,
                 abandon_seconds: float = 900.0, leases: Leases | None = None, max_per_player: int = 0) -> None:
        self.store = store
        # several processes on one PostgreSQL database: the tables this one hosts (None: SQLite, all)
        self.leases = leases
        self.max_per_player = max_per_player  # tables not finished where one player holds a seat (0: any)
        self.adopter: asyncio.Task[None] | None = None
        self.abandon_seconds = abandon_seconds
        self.sweeper: asyncio.Task[None] | None = None
        # playing at the tables; after an outcome people read (an engagement's result) bots wait
        self.play = Play(store, bot_delay * RESULT_PAUSE_FACTOR, finishing=self._tell_finished,
                         finished=self._finished_now, lost=self.unhost if leases is not None else None)
        self.bots = Bots(self.play, bot_delay)
        self.max_tables = max_tables
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        # called with a table the moment it finishes (a knockout advances its winner)
        self.on_finished: list[Callable[[LiveTable], None]] = []
        # how many tables not finished a player opened without holding a seat there (their knockouts')
        self.opened_by: list[Callable[[str], int]] = []

    @property
    def closing(self) -> bool:
        """The server is stopping: no new bot or clock task starts."""
        return self.bots.closing

    def mode_for(self, game: Game[Any]) -> Mode:
        """The mode a table of ``game`` plays in, chosen once, when the table is made or loaded."""
        return RealTime(self.bots, self.play) if game.realtime else TurnBased(self.bots)

    # ----- life cycle ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every unfinished table from its record and let its bots carry on.

        With leases, only the tables no other process hosts; the others' are adopted when
        their host goes away (:func:`warroom.server.cluster.adopt`)."""
        if self.leases is not None:
            await self.leases.connect()
        ids = await self.store.run(self.store.unfinished)
        for table_id in ids:
            try:
                table = await self._load(table_id)
            except Elsewhere:
                continue
            except WarroomError as err:
                log.error("table %s cannot be rebuilt: %s", table_id, err)
                continue
            except Refused as err:  # a damaged row: the other tables still start
                log.error("table %s cannot be rebuilt: %s", table_id, err.reason)
                continue
            except Exception as err:  # a row that reads but makes no sense (a seat the game has not)
                log.error("table %s cannot be rebuilt: %s: %s", table_id, type(err).__name__, err)
                continue
            if table is not None:
                log.info("rebuilt table %s at version %d", table.id, table.version)
        log.info("%d unfinished tables rebuilt", len(self.tables))
        self.sweeper = asyncio.create_task(self._sweep())
        if self.leases is not None:
            from warroom.server import cluster

            self.adopter = asyncio.create_task(cluster.adopt(self))

    async def stop(self) -> None:
        """Stop the bots and clocks, and let commits in flight finish (before the store closes)."""
        self.bots.closing = True  # no new bot or clock task from here on
        tasks = [t for table in self.tables.values() for t in table.mode.tasks()]
        tasks += [t for t in (self.sweeper, self.adopter) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.play.settle()
        self.bots.shutdown()
        if self.leases is not None:
            await self.leases.close()  # only now: no commit can follow the release of the locks

    async def _load(self, table_id: str) -> LiveTable | None:
        async with self._loading:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            hosted = False
            if self.leases is not None:
                # a table in play is hosted under its lock; read it only once the lock is ours, so
                # every step its previous host committed is in what is read
                peek = await self.read(self.store.load, table_id, False)
                if peek is None:
                    return None
                if peek.status != "finished":
                    hosted = await self._lease(table_id)
            try:
                stored = await self.read(self.store.load, table_id)
                if stored is None:
                    return None
                game, state, events = await asyncio.to_thread(rebuild, stored)
            except BaseException:
                if hosted:
                    await self._unlease(table_id)
                raise
            table = LiveTable(stored, game, state, events, self.mode_for(game))
            self.tables[table_id] = table
            table.mode.kick(table)
            return table

    async def _lease(self, table_id: str) -> bool:
        """Take a table's lease (``Elsewhere`` if another process holds it, 503 if the lease
        connection is down)."""
        assert self.leases is not None
        try:
            if not await self.leases.acquire(table_id):
                raise Elsewhere(table_id)
        except LeaseLost as err:
            log.error("the lease connection failed: %s", err)
            raise Refused(503, "the database could not be reached; try again later") from None
        return True

    async def _unlease(self, table_id: str) -> None:
        if self.leases is not None:
            await self.leases.release(table_id)

    async def elsewhere(self, table_id: str) -> str | None:
        """The address of the process hosting ``table_id`` when it is another one; ``None`` when
        this process serves it (hosted here, just taken over, finished, or unknown)."""
        if self.leases is None or table_id in self.tables:
            return None
        for _ in range(5):
            try:
                await self.open(table_id)
                return None
            except Elsewhere:
                try:
                    address = await self.leases.owner(table_id)
                except LeaseLost:
                    break
                if address and address != self.leases.address:
                    return address
            await asyncio.sleep(0.1)  # its host is changing (or cannot be reached): look again
        raise Refused(503, f"the server hosting table {table_id} cannot be reached; try again")

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """A database read; any failure (the database down, or a damaged row) is a 503."""
        try:
            return await self.store.run(fn, *args)
        except Exception as err:
            first = (str(err).splitlines() or [type(err).__name__])[0][:200]
            log.error("database read failed: %s: %s", type(err).__name__, first)
            raise Refused(503, "the database could not be read; try again later") from None

    async def open(self, table_id: str) -> LiveTable | None:
        """The live table ``table_id`` (rebuilt from the database if needed), or ``None``."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        try:
            return await self._load(table_id)
        except WarroomError as err:
            raise Refused(409, f"table {table_id} cannot be opened: {err}") from None
        except (LookupError, TypeError, ValueError) as err:  # a damaged row
            log.error("table %s cannot be opened: %s: %s", table_id, type(err).__name__, err)
            raise Refused(503, f"table {table_id} cannot be opened: its stored data is damaged") from None

    # ----- lobby -----------------------------------------------------------------------------------
    async def create(self, req: CreateTable, player: str | None = None,
                     token_hashes: dict[int, str] | None = None) -> Created:
        """Validate and store a new table; its bots start at once if no human seat waits.

        ``token_hashes`` (a knockout's match, ``server/tournaments.py``) gives human seats the hash
        of a token their player already holds: no ticket carries it, and no seat is the creator's,
        so each is claimed when its player arrives (until then the table is open and nobody acts)."""
        await self.make_room(1, player)
        try:
            game = registry.get(req.game)
            players = req.config.players if req.config.players is not None else len(req.seats)
            config = game.configure(players, req.config.variants, req.config.options)
            names = game.seat_names(config)
            if len(req.seats) != len(names):
                raise Refused(400, f"{game.name} for {config['players']} players has {len(names)} seats "
                                   f"({', '.join(names)}); {len(req.seats)} given")
            for spec in req.seats:
                if spec.kind == "bot":
                    bot_registry.make(game.name, spec.bot)
            autopilot = req.autopilot or bot_registry.default_bot(game)
            bot_registry.make(game.name, autopilot)
            humans = sum(1 for spec in req.seats if spec.kind == "human")
            mine = next((i for i, spec in enumerate(req.seats) if spec.kind == "human"), None)
            if req.creator_seat is not None:
                if req.creator_seat >= len(req.seats) or req.seats[req.creator_seat].kind != "human":
                    raise Refused(400, f"creator_seat {req.creator_seat} is not a human seat of this table")
                mine = req.creator_seat
            if token_hashes:
                mine = None
            if req.seed is not None and humans > 1:
                # whoever chose the seed could compute every other player's cards
                raise Refused(400, f"a table with {humans} human seats cannot take a chosen seed; "
                                   "leave seed out and the server deals from a secret one")
            seed = req.seed if req.seed is not None else secrets.randbits(SEED_BITS)
            config = with_generator(config, KEYED)  # online deals use the keyed stream
            state, setup = game.start(config, seed)  # a configuration the game cannot deal is refused now
        except WarroomError as err:
            raise Refused(400, str(err)) from None
        table_id = secrets.token_urlsafe(6)
        if self.leases is not None:
            await self._lease(table_id)  # before the row exists, so no other process can adopt it
        tickets: list[SeatTicket] = []
        seats: list[StoredSeat] = []
        for i, spec in enumerate(req.seats):
            preset = (token_hashes or {}).get(i)
            if spec.kind == "human" and preset is not None:
                seats.append(StoredSeat(i, "human", None, preset, False, False, None))
                tickets.append(SeatTicket(seat=i, name=names[i], kind="human"))
            elif spec.kind == "human":
                # the creator's seat is theirs from now on: claimed, so no one can join it
                token = secrets.token_urlsafe(24)
                seats.append(StoredSeat(i, "human", None, token_hash(token), i == mine, spec.open and i != mine,
                                        player if i == mine else None))
                tickets.append(SeatTicket(seat=i, name=names[i], kind="human", token=token,
                                          url=invite_url(table_id, i, token), creator=i == mine))
            else:
                seats.append(StoredSeat(i, "bot", spec.bot, None, True))
                tickets.append(SeatTicket(seat=i, name=names[i], kind="bot", bot=spec.bot))
        status = "running" if all(s.claimed for s in seats) else "open"
        stored = StoredTable(table_id, game.name, game.rules_version, config, seed, status, 0, req.decision_seconds,
                             autopilot, None, now(), seats)
        try:
            await self.store.run(self.store.create, stored)
        except Exception:
            log.exception("table %s not saved", table_id)
            await self._unlease(table_id)
            raise Refused(503, "the table could not be saved; try again") from None
        table = LiveTable(stored, game, state, setup, self.mode_for(game))
        self.tables[table_id] = table
        table.mode.kick(table)
        return Created(table=table_id, seats=tickets, spectate_url=f"/table/{table_id}")

    async def make_room(self, tables: int, player: str | None) -> None:
        """Refuse ``tables`` new tables (503, 429) when they would pass the server's cap on tables
        in play or ``player``'s on tables not finished: those where they hold a seat, and those
        their knockouts opened (``opened_by``), so a tournament counts like the tables it opens."""
        running = sum(1 for t in self.tables.values() if t.status != "finished")
        if running + tables > self.max_tables:
            raise Refused(503, f"the server is full ({self.max_tables} tables in play); try again later"
                          if tables == 1 else f"the server has room for {max(0, self.max_tables - running)} more "
                                              f"tables in play, and this opens {tables}; try again later")
        if self.max_per_player and player is not None:
            held = await self.read(self.store.open_tables_of, player) + sum(n(player) for n in self.opened_by)
            if held + tables > self.max_per_player:
                opening = "" if tables == 1 else f"this opens {tables} tables, and "
                raise Refused(429, f"{opening}you already have {held} tables not yet finished, at your seats "
                                   f"or in your knockouts (at most {self.max_per_player}); "
                                   "finish or resign one first")

    async def join(self, table_id: str, seat: int | None, player: str | None = None) -> SeatTicket:
        """Claim an unclaimed open seat with a fresh token (its invite link stops working)."""
        table = await self.open(table_id)
        if table is None:
            raise Refused(404, f"no table {table_id}")
        if table.status == "finished":
            self._evict_if_idle(table)
            raise Refused(409, "the game is over")
        async with table.lock:
            if seat is not None and seat >= len(table.seats):
                raise Refused(400, f"no seat {seat} at this table (seats 0-{len(table.seats) - 1})")
            free = [s for s in table.seats if s.kind == "human" and not s.claimed and s.open]
            if seat is not None:
                free = [s for s in free if s.seat == seat]
                if not free:
                    who = table.seats[seat]
                    raise Refused(409, f"seat {seat} ({who.name}) is a bot" if who.kind == "bot"
                                  else f"seat {seat} ({who.name}) is already taken" if who.claimed
                                  else f"seat {seat} ({who.name}) is taken only with its invite link")
            if not free:
                raise Refused(409, "no seat at this table is open to join")
            chosen = free[0]
            token = secrets.token_urlsafe(24)
            await self._claim(table, chosen, token_hash(token), player)
            self.play.broadcast(table)
        return SeatTicket(seat=chosen.seat, name=chosen.name, kind="human", token=token,
                          url=invite_url(table.id, chosen.seat, token))

    async def _claim(self, table: LiveTable, seat: Seat, digest: str, player: str | None = None) -> None:
        """Mark ``seat`` claimed (lock held), starting the table when it was the last one."""
        others = all(s.claimed for s in table.seats if s is not seat)
        status = "running" if others and table.status == "open" else table.status
        holder = seat.player or player
        try:
            await self.store.run(self.store.set_seat, table.id, seat.seat, digest, True, status, holder)
        except Exception:
            log.exception("table %s: seat %d claim not saved", table.id, seat.seat)
            raise Refused(503, "the seat could not be claimed; try again") from None
        seat.token_hash, seat.claimed, seat.player, table.status = digest, True, holder, status
        table.mode.kick(table)

    async def summary(self, table_id: str) -> dict[str, Any]:
        table = self.tables.get(table_id)
        if table is not None:
            return table.summary()
        stored = await self.read(self.store.load, table_id, False)
        if stored is None:
            raise Refused(404, f"no table {table_id}")
        return stored_summary(stored)

    async def listing(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        rows = await self.read(self.store.summaries, status, limit)
        out = []
        for stored in rows:
            live = self.tables.get(stored.id)
            out.append(live.summary() if live is not None else stored_summary(stored))
        return out

    # ----- connections -----------------------------------------------------------------------------
    async def hello(self, table: LiveTable, conn: Listener, token: str | None, player: str | None = None,
                    spectate: bool = False) -> None:
        """Seat ``conn`` and send it the whole picture.

        The seat is the one ``token`` holds; without a token, the one this browser's ``player``
        holds at this table (any tab returns to its seat); else (or with ``spectate``) none.
        """
        # under the lock: a join that replaces this seat's token either comes first (and this hello
        # is refused) or after (and this connection's token no longer acts, see ``_refusal``)
        async with table.lock:
            if token is not None:
                await self._seat(table, conn, token, player)
            elif player is not None and not spectate:
                held = next((s for s in table.seats if s.player == player and s.claimed), None)
                if held is not None:
                    conn.seat, conn.token_hash = held.seat, held.token_hash
            self._greet(table, conn)

    async def _seat(self, table: LiveTable, conn: Listener, token: str, player: str | None) -> None:
        seat = table.seat_for(token)
        if seat is None:
            raise Refused(403, "this token holds no seat at this table (an invite link holds its seat "
                               "only until the seat is claimed)")
        if not seat.claimed and seat.token_hash is not None:
            # an invite link is a credential only until it is used: the seat is held from now on by
            # the claimant's own credentials, this browser's cookie and a fresh token told to this
            # connection alone, so anyone else who sees the link can only watch
            fresh = secrets.token_urlsafe(24)
            await self._claim(table, seat, token_hash(fresh), player)  # the arrival below tells the others
            conn.send(SeatToken(seat=seat.seat, token=fresh).model_dump_json())
        conn.seat, conn.token_hash = seat.seat, seat.token_hash

    def _greet(self, table: LiveTable, conn: Listener) -> None:
        conn.log_sent = 0
        table.listeners.append(conn)
        arrived = False
        if conn.seat is not None:
            table.seats[conn.seat].connected += 1
            arrived = table.seats[conn.seat].connected == 1
            if table.seats[conn.seat].kind == "human":
                table.away_since = None
        conn.send(self.play.state_text(table, conn, None))
        if arrived:  # the others see the seat come online
            self.play.broadcast(table, skip=conn)

    def detach(self, table: LiveTable, conn: Listener) -> None:
        """Forget a closed connection; its seat stays its player's."""
        if conn in table.listeners:
            table.listeners.remove(conn)
            if conn.seat is not None:
                table.seats[conn.seat].connected -= 1
                if table.seats[conn.seat].connected == 0:
                    if not any(s.connected for s in table.seats if s.kind == "human"):
                        table.away_since = time.monotonic()
                    self.play.broadcast(table)
        self._evict_if_idle(table)

    def latency(self, table: LiveTable, conn: Listener) -> None:
        """A connection's round trip was measured: its seat shows it (everyone is told when it
        moved by 20 ms or more, so that a steady connection causes no traffic)."""
        if conn.seat is None:
            return
        seat = table.seats[conn.seat]
        measured = getattr(conn, "latency_ms", None)
        if measured is None:
            return
        before = seat.latency_ms
        seat.latency_ms = measured
        if before is None or abs(measured - before) >= 20:
            self.play.broadcast(table)

    # ----- players: their tables, resigning, leaving, abandoned tables -----------------------------
    async def tables_of(self, player: str) -> list[dict[str, Any]]:
        """Summaries of the tables where ``player`` holds a seat (``seat``: which), newest first."""
        out = []
        for table_id in await self.read(self.store.tables_of, player):
            live = self.tables.get(table_id)
            if live is not None:
                summary, seats = live.summary(), live.seats
            else:
                stored = await self.read(self.store.load, table_id, False)
                if stored is None:
                    continue
                summary = stored_summary(stored)
                seats = [Seat(s.seat, "", s.kind, s.bot, None, s.claimed, s.open, s.player) for s in stored.seats]
            summary["my_seat"] = next(s.seat for s in seats if s.player == player)
            out.append(summary)
        return out

    async def resign(self, table: LiveTable, conn: Listener) -> None:
        """The connection's seat gives up: the game ends at once, every other seat wins."""
        async with table.lock:
            if conn.seat is None:
                raise Refused(403, "spectators cannot resign")
            if conn.token_hash != table.seats[conn.seat].token_hash:
                raise Refused(403, "this connection's token no longer holds the seat")
            if table.status != "running":
                raise Refused(409, "the game is over" if table.status == "finished"
                              else "the table is waiting for players to join")
            await self._end(table, resignation(conn.seat, table.seats[conn.seat].name, len(table.seats)))

    async def leave(self, table: LiveTable, conn: Listener) -> None:
        """Give up a seat at a table that has not started: it is free for anyone from the lobby.

        When nobody else holds a human seat the table ends as abandoned.
        """
        async with table.lock:
            if conn.seat is None:
                raise Refused(403, "spectators hold no seat to leave")
            if table.status != "open":
                raise Refused(409, "only a table that has not started can be left; resign instead")
            seat = table.seats[conn.seat]
            try:
                await self.store.run(self.store.set_seat, table.id, seat.seat, None, False, "open", None, True)
            except Exception:
                log.exception("table %s: seat %d not released", table.id, seat.seat)
                raise Refused(503, "the seat could not be released; try again") from None
            seat.token_hash, seat.claimed, seat.player, seat.open = None, False, None, True
            # every tab on that seat now watches: the next player's hand is not theirs to see
            for other in table.listeners:
                if other.seat == seat.seat:
                    other.seat, other.token_hash = None, None
            conn.seat, conn.token_hash = None, None
            seat.connected = 0
            if not any(s.claimed for s in table.seats if s.kind == "human"):
                await self._end(table, abandoned())
            else:
                self.play.broadcast(table)

    async def _end(self, table: LiveTable, result: dict[str, Any]) -> None:
        """Finish a table with no action (lock held) and tell everyone."""
        try:
            await self.store.run(self.store.end, table.id, table.version, result)
        except Exception:
            log.exception("table %s: end not saved", table.id)
            raise Refused(503, "the table could not be ended; try again") from None
        table.result, table.status = result, "finished"
        table.mode.ended()
        self._tell_finished(table)
        self.play.broadcast(table)
        self._finished_now(table)

    def _finished_now(self, table: LiveTable) -> None:
        """A table that just ended: nothing changes it any more, so its lease goes at once, and
        it leaves memory as soon as nobody watches it (the database keeps it for records)."""
        self._let_go(table.id)
        self._evict_if_idle(table)

    def _let_go(self, table_id: str) -> None:
        """Release a table's lease soon (finished before shutdown, like commits)."""
        if self.leases is not None and table_id in self.leases.held:
            self.play.keep(asyncio.ensure_future(self._unlease(table_id)))

    def unhost(self, table: LiveTable, code: int = 1012) -> None:
        """Stop serving a table that is not finished (its lease is lost): its tasks stop, its
        connections are closed with ``code`` (1012: reconnect) and it leaves memory."""
        for task in table.mode.tasks():
            task.cancel()
        for conn in list(table.listeners):
            drop = getattr(conn, "drop", None)
            if drop is not None:
                drop(code)
        table.listeners.clear()
        self.tables.pop(table.id, None)

    def _tell_finished(self, table: LiveTable) -> None:
        for hook in self.on_finished:
            try:
                hook(table)
            except Exception:  # a listener's bug never undoes a finished game
                log.exception("table %s: a finish listener failed", table.id)

    async def _sweep(self) -> None:
        """End the tables whose humans have all been away too long (unless the autopilot plays)."""
        period = max(0.05, min(30.0, self.abandon_seconds / 4))
        while not self.closing:
            await asyncio.sleep(period)
            cutoff = time.monotonic() - self.abandon_seconds
            for table in list(self.tables.values()):
                if table.status == "finished":
                    self._evict_if_idle(table)
                    continue
                if (not table.has_humans or table.away_since is None
                        or table.away_since > cutoff):
                    continue
                if table.status == "running" and table.decision_seconds is not None:
                    continue  # the autopilot plays the away seats on their clock
                async with table.lock:
                    if table.status != "finished" and table.away_since is not None and table.away_since <= cutoff:
                        try:
                            await self._end(table, abandoned())
                            log.info("table %s ended: abandoned", table.id)
                        except Refused:
                            continue
                self._evict_if_idle(table)

    def _evict_if_idle(self, table: LiveTable) -> None:
        """A finished table nobody watches is served from the database from now on."""
        if table.status == "finished" and not table.listeners and self.tables.get(table.id) is table:
            self.tables.pop(table.id, None)
            self._let_go(table.id)  # a table that ended as this process took it over

    async def act(self, table: LiveTable, conn: Listener, msg: ActionMessage) -> None:
        """Play a connection's action, or tell it why not (``Play.act``)."""
        await self.play.act(table, conn, msg)
