"""Knockout tournaments at the server: a bracket whose every pairing is a real-time table.

The bracket is the one of ``warroom knockout`` (:mod:`warroom.sim.knockout`): this
module only hosts it. A tournament is one JSON document in the ``tournaments`` table::

    {"bracket": {...the bracket...},
     "entrants": [{"kind": "human" | "bot", "bot": NAME | null, "name": TEXT, "token_hash": HASH | null}],
     "tables": {"ROUND.INDEX": TABLE_ID}}

A person's entrant holds a token (only its SHA-256 is stored); each of their matches is created with
that token's hash on their seat, so the same token takes their seat at every table of the
tournament. Whenever a pairing's two entrants are known a table is created for it (its upper
entrant ``a`` at ``p1``: in the first round the higher seed); when a table finishes its winner is
reported into the bracket, which sets up the next round. A match that ends with no winner
(abandoned: every person stayed away) sends the upper entrant on. Everything is derived again from
the stored document and the tables' results by ``_settle``, which runs whenever a match table
finishes, every few seconds, and at start-up, so a restart or a table that failed to be created
never leaves a bracket stuck. Several servers on one database may each settle a tournament: a save
carries the version it was read at and is refused when another server saved first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, Response, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import insert, select, update

from warroom import bots as bot_registry
from warroom.engine import WarroomError, registry
from warroom.server.db import Base, now
from warroom.server.leases import LeaseLost
from warroom.server.protocol import BotSeat, CreateTable, GameConfig, HumanSeat
from warroom.server.tables import LiveTable, Refused, TableManager, token_hash
from warroom.sim.knockout import HUMAN, KNOCKOUT_GAMES, MIN_ENTRANTS, new_bracket, pending, report

log = logging.getLogger("warroom.server")

MAX_ENTRANTS = 32
SETTLE_SECONDS = 2.0  # the fallback sweep; a finished match wakes it at once
TOURNAMENT_LEASE = "tournament:"  # its lease key: no table id has a colon (ids are URL-safe base64)
TOURNAMENTS = Base.metadata.tables["tournaments"]


# ----- REST bodies -------------------------------------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HumanEntrant(_Strict):
    kind: Literal["human"]
    name: str | None = Field(default=None, max_length=40)


class BotEntrant(_Strict):
    kind: Literal["bot"]
    bot: str = Field(max_length=40)


Entrant = Annotated[HumanEntrant | BotEntrant, Field(discriminator="kind")]


class CreateTournament(_Strict):
    """``POST /api/tournaments``: entrants in seed order (the first is the top seed)."""

    game: str = Field(default="tessen", max_length=40)
    config: GameConfig = Field(default_factory=GameConfig)
    entrants: list[Entrant] = Field(min_length=1, max_length=MAX_ENTRANTS)
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)


# ----- the tournaments this server hosts -----------------------------------------------------------
@dataclass
class LiveTournament:
    id: str
    game: str
    status: str
    data: dict[str, Any]
    created: datetime
    version: int = 0  # every save adds one; a save from a stale copy is refused (several servers)
    change: asyncio.Event = field(default_factory=asyncio.Event)

    def changed(self) -> None:
        self.change.set()
        self.change = asyncio.Event()


def _key(rnd: int, index: int) -> str:
    return f"{rnd}.{index}"


def _display(name: str) -> str:
    return name[len(HUMAN):] if name.startswith(HUMAN) else name


class TournamentManager:
    """Every knockout of the server, on top of its :class:`TableManager`."""

    def __init__(self, tables: TableManager) -> None:
        self.tables = tables
        self.store = tables.store
        self.live: dict[str, LiveTournament] = {}
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.lock = asyncio.Lock()
        self.stuck: set[str] = set()  # tournaments with a match the server could not open (told once)

    async def start(self) -> None:
        self.tables.on_finished.append(self._on_table_finished)
        self.tables.opened_by.append(self._opened_by)
        self.task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    def _on_table_finished(self, table: LiveTable) -> None:
        self.wake.set()

    def _opened_by(self, player: str) -> int:
        """The tables not finished that ``player``'s knockouts opened, but for those where they
        hold a seat (the table manager counts those already)."""
        count = 0
        for t in self.live.values():
            if t.status != "running" or t.data.get("creator") != player:
                continue
            rounds = t.data["bracket"]["rounds"]
            for key, table_id in t.data["tables"].items():
                rnd, index = (int(n) for n in key.split("."))
                table = self.tables.tables.get(table_id)
                if rounds[rnd][index]["winner"] is not None or (table is not None and table.status == "finished"):
                    continue
                if table is None or all(seat.player != player for seat in table.seats):
                    count += 1
        return count

    async def _run(self) -> None:
        while not self.tables.closing:
            self.wake.clear()
            with contextlib.suppress(Refused):
                self._refresh(await self.tables.read(self._rows, "running", 1000))
            for t in [t for t in self.live.values() if t.status == "running"]:
                try:
                    if not await self._holds(t):
                        continue  # another server advances it; its saves reach us by _refresh
                    async with self.lock:
                        await self._settle(t)
                except Refused as err:  # a match's table could not be read: the next sweep tries again
                    log.warning("tournament %s could not advance: %s", t.id, err.reason)
                except Exception:  # the database failed, say: the next sweep tries again
                    log.exception("tournament %s could not advance", t.id)
                if t.status == "finished":
                    self.live.pop(t.id, None)  # served from the database from now on
                    await self._let_go(t)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), SETTLE_SECONDS)

    async def _holds(self, t: LiveTournament) -> bool:
        """Whether this server advances ``t``. On PostgreSQL with several servers only the one
        holding the tournament's lease does, so two servers never open a table for the same
        match; when it dies its lease goes with its connection and another server carries on."""
        leases = self.tables.leases
        if leases is None:
            return True
        try:
            return await leases.acquire(TOURNAMENT_LEASE + t.id)
        except LeaseLost:
            return False

    async def _let_go(self, t: LiveTournament) -> None:
        if self.tables.leases is not None:
            with contextlib.suppress(LeaseLost):
                await self.tables.leases.release(TOURNAMENT_LEASE + t.id)

    def _refresh(self, rows: list[LiveTournament]) -> None:
        """Take up the running tournaments as stored: new ones (after a restart, or created by
        another server on the same database) and newer versions of the ones in memory."""
        for row in rows:
            known = self.live.get(row.id)
            if known is None:
                self.live[row.id] = row
            elif known.version < row.version:
                row.change = known.change
                self.live[row.id] = row
                row.changed()

    # ----- creating ---------------------------------------------------------------------------------
    async def create(self, req: CreateTournament, creator: str | None, creator_name: str | None,
                     take: Callable[[int], float]) -> dict[str, Any]:
        """Store a new knockout and open its first matches. Every table it opens at once counts
        against the caps of a table ``POST``: the creator's address's rate (``take``), the
        server's tables in play, the tables not finished of ``creator`` (its player); past any
        of them the knockout is refused whole."""
        if req.game not in KNOCKOUT_GAMES:
            raise Refused(400, f"knockout tournaments are played in {', '.join(KNOCKOUT_GAMES)}, not {req.game!r}")
        if len(req.entrants) < MIN_ENTRANTS:
            raise Refused(400, f"a knockout needs at least {MIN_ENTRANTS} entrants, not {len(req.entrants)}")
        try:
            game = registry.get(req.game)
            config = game.configure(2, req.config.variants, req.config.options)
            for e in req.entrants:
                if isinstance(e, BotEntrant):
                    bot_registry.make(game.name, e.bot)
        except WarroomError as err:
            raise Refused(400, str(err)) from None
        tid = secrets.token_urlsafe(6)
        entrants: list[dict[str, Any]] = []
        names: list[str] = []
        tickets: list[dict[str, Any]] = []
        people = 0
        for i, e in enumerate(req.entrants):
            if isinstance(e, BotEntrant):
                entrants.append({"kind": "bot", "bot": e.bot, "name": e.bot, "token_hash": None})
                names.append(e.bot)
                tickets.append({"entrant": i, "name": e.bot, "kind": "bot", "bot": e.bot, "token": None,
                                "url": None, "creator": False})
                continue
            people += 1
            name = e.name or (creator_name if people == 1 and creator_name else f"Player {people}")
            token = secrets.token_urlsafe(24)
            entrants.append({"kind": "human", "bot": None, "name": name, "token_hash": token_hash(token)})
            names.append(HUMAN + name)
            tickets.append({"entrant": i, "name": name, "kind": "human", "bot": None, "token": token,
                            "url": f"/tournament/{tid}#entrant={i}&token={token}", "creator": people == 1})
        seed = req.seed if req.seed is not None else secrets.randbelow(2**31)
        bracket = new_bracket(game.name, config, names, seed)
        opens = len(pending(bracket))
        t = LiveTournament(tid, game.name, "running", {"bracket": bracket, "entrants": entrants, "tables": {},
                                                       "creator": creator}, now())
        async with self.lock:  # two knockouts created at once do not both count on the same room
            await self.tables.make_room(opens, creator)
            wait = take(opens)
            if math.isinf(wait):
                raise Refused(429, f"this knockout opens {opens} tables at once, more than one address may "
                                   "create at once; enter fewer")
            if wait > 0:
                raise Refused(429, f"this knockout opens {opens} tables at once: too many tables created from "
                                   f"your address; try again in {math.ceil(wait)} s")
            try:
                await self.store.run(self._insert, t)
            except Exception:
                log.exception("tournament %s not saved", tid)
                raise Refused(503, "the tournament could not be saved; try again") from None
            self.live[tid] = t
        if await self._holds(t):
            async with self.lock:
                await self._settle(t)
        return {"tournament": tid, "url": f"/tournament/{tid}", "entrants": tickets}

    # ----- advancing ----------------------------------------------------------------------------------
    async def _settle(self, t: LiveTournament) -> None:
        """Report every finished match into the bracket, and give every playable pairing a table."""
        bracket, tables = t.data["bracket"], t.data["tables"]
        moved = False
        for rnd, index in pending(bracket):
            table_id = tables.get(_key(rnd, index))
            if table_id is None:
                continue
            summary = await self.tables.summary(table_id)
            if summary["status"] != "finished":
                continue
            match = bracket["rounds"][rnd][index]
            winners = (summary.get("result") or {}).get("winners") or []
            seat, score = (winners[0], _score(summary["result"])) if winners else (0, "abandoned")
            report(bracket, rnd, index, match["a"] if seat == 0 else match["b"], score)
            moved = True
        unopened = None
        for rnd, index in pending(bracket):
            if _key(rnd, index) not in tables:
                try:
                    tables[_key(rnd, index)] = await self._open_match(t, rnd, index)
                except Refused as err:  # the server is full, say: the next sweep tries again
                    unopened = err.reason
                    continue
                moved = True
        self._tell_stuck(t, unopened)
        if bracket["champion"] is not None:
            t.status = "finished"
            moved = True
        if moved:
            if not await self.store.run(self._save, t):
                # another server advanced it first: this copy (and any table it just made) is dropped
                self.live.pop(t.id, None)
                return
            t.version += 1
            t.changed()

    def _tell_stuck(self, t: LiveTournament, reason: str | None) -> None:
        """One log line when a knockout cannot open a match (it waits, tried at every sweep), and
        one when it can again."""
        if reason is not None and t.id not in self.stuck:
            self.stuck.add(t.id)
            log.warning("tournament %s waits to open a match: %s", t.id, reason)
        elif reason is None and t.id in self.stuck:
            self.stuck.discard(t.id)
            log.info("tournament %s opened its waiting matches", t.id)

    async def _open_match(self, t: LiveTournament, rnd: int, index: int) -> str:
        bracket = t.data["bracket"]
        match = bracket["rounds"][rnd][index]
        people = [t.data["entrants"][e] for e in (match["a"], match["b"])]
        seats: list[HumanSeat | BotSeat] = [HumanSeat(kind="human") if p["kind"] == "human"
                                            else BotSeat(kind="bot", bot=p["bot"]) for p in people]
        hashes = {i: p["token_hash"] for i, p in enumerate(people) if p["kind"] == "human"}
        config = bracket["config"]
        req = CreateTable(game=t.game, seats=seats,
                          config=GameConfig(players=2, variants=list(config["variants"]),
                                            options=dict(config["options"])),
                          # bots alone play the bracket's seed; a person's deal is secret
                          seed=None if hashes else match["seed"])
        created = await self.tables.create(req, None, token_hashes=hashes)
        return created.table

    # ----- reading -----------------------------------------------------------------------------------
    async def get(self, tid: str) -> LiveTournament:
        found = self.live.get(tid)
        if found is None:
            rows = await self.tables.read(self._load, tid)
            if rows is None:
                raise Refused(404, f"no tournament {tid}")
            found = rows
        return found

    async def snapshot(self, t: LiveTournament) -> dict[str, Any]:
        """The tournament as everyone may see it: bracket, match tables, live scores (no tokens)."""
        bracket = t.data["bracket"]
        entrants = [{"entrant": i, "name": e["name"], "kind": e["kind"], "bot": e["bot"]}
                    for i, e in enumerate(t.data["entrants"])]
        total = len(bracket["rounds"])
        rounds = []
        for r, matches in enumerate(bracket["rounds"]):
            out = []
            for i, m in enumerate(matches):
                table_id = t.data["tables"].get(_key(r, i))
                status = live = None
                if table_id is not None and m["winner"] is not None:
                    status = "finished"
                elif table_id is not None:
                    status, live = await self._table_state(table_id)
                out.append({"round": r, "index": i, "a": m["a"], "b": m["b"], "winner": m["winner"],
                            "score": m["score"], "table": table_id, "table_status": status, "live": live,
                            "bye": r == 0 and m["b"] is None})
            title = "final" if r == total - 1 else "semi-finals" if r == total - 2 else f"round {r + 1}"
            rounds.append({"title": title, "matches": out})
        champion = bracket["champion"]
        return {"tournament": t.id, "game": t.game, "status": t.status, "created": t.created.isoformat(),
                "config": bracket["config"], "entrants": entrants, "rounds": rounds, "champion": champion,
                "champion_name": None if champion is None else entrants[champion]["name"]}

    async def _table_state(self, table_id: str) -> tuple[str, list[int] | None]:
        """A match table's status and, while it runs, the rounds each seat has won so far."""
        table = self.tables.tables.get(table_id)
        if table is None:
            return (await self.tables.summary(table_id))["status"], None
        return table.status, table.game.match_score(table.state)

    async def listing(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        out = []
        for row in await self.tables.read(self._rows, status, limit):
            live = self.live.get(row.id, row)
            bracket = live.data["bracket"]
            names = [e["name"] for e in live.data["entrants"]]
            out.append({"tournament": live.id, "game": live.game, "status": live.status,
                        "created": live.created.isoformat(), "entrants": names,
                        "champion_name": None if bracket["champion"] is None else names[bracket["champion"]]})
        return out

    # ----- the database (on the store's threads) -------------------------------------------------
    def _insert(self, t: LiveTournament) -> None:
        with self.store.engine.begin() as c:
            c.execute(insert(TOURNAMENTS).values(id=t.id, game=t.game, status=t.status, data=t.data,
                                                 created=t.created, version=0))

    def _save(self, t: LiveTournament) -> bool:
        """Store ``t`` if the stored row is still the version it was read at."""
        with self.store.engine.begin() as c:
            done = c.execute(update(TOURNAMENTS).where(TOURNAMENTS.c.id == t.id, TOURNAMENTS.c.version == t.version)
                             .values(status=t.status, data=json.loads(json.dumps(t.data)), version=t.version + 1))
            return bool(done.rowcount == 1)

    def _load(self, tid: str) -> LiveTournament | None:
        with self.store.engine.connect() as c:
            row = c.execute(select(TOURNAMENTS).where(TOURNAMENTS.c.id == tid)).first()
        return None if row is None else _live(row)

    def _rows(self, status: str | None, limit: int) -> list[LiveTournament]:
        query = select(TOURNAMENTS).order_by(TOURNAMENTS.c.created.desc()).limit(limit)
        if status is not None:
            query = query.where(TOURNAMENTS.c.status == status)
        with self.store.engine.connect() as c:
            return [_live(row) for row in c.execute(query)]


def _live(row: Any) -> LiveTournament:
    from datetime import UTC

    created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)  # SQLite drops the zone
    return LiveTournament(row.id, row.game, row.status, dict(row.data), created, row.version)


def _score(result: dict[str, Any]) -> str:
    scores = result.get("scores") or {}
    if "resigned" in scores:
        return "by resignation"
    won = scores.get("rounds_won")
    if isinstance(won, list) and len(won) == 2:
        return f"{won[0]}-{won[1]}"
    return str(result.get("reason") or "")


# ----- routes ----------------------------------------------------------------------------------------
def install(app: FastAPI, take: Callable[[str, int], float],
            identify: Callable[[Request, Response], Awaitable[str]]) -> None:
    """The knockout routes (``docs/protocol.md``, *Knockout tournaments*); ``take`` is the
    server's creation limiter (a knockout counts as the tables it opens at once), ``identify``
    the browser's player (made with a cookie if it has none), whose caps a knockout counts against."""

    def of(request: Request | WebSocket) -> TournamentManager:
        found: TournamentManager = request.app.state.tournaments
        return found

    @app.get("/api/knockout")
    async def knockout_games() -> dict[str, Any]:
        """The games a knockout can be held in, and how many entrants it takes."""
        return {"games": list(KNOCKOUT_GAMES), "min_entrants": MIN_ENTRANTS, "max_entrants": MAX_ENTRANTS}

    @app.post("/api/tournaments")
    async def create_tournament(body: CreateTournament, request: Request, response: Response) -> dict[str, Any]:
        """Create a knockout; each person's entrant gets a token and a link (shown only here)."""
        address = request.client.host if request.client else ""
        manager = of(request)
        player = await identify(request, response)
        _known, name = await manager.tables.read(manager.store.player, player)
        return await manager.create(body, player, name, lambda tables: take(address, tables))

    @app.get("/api/tournaments")
    async def list_tournaments(request: Request, status: str | None = Query(None, description="running or finished"),
                               limit: int = Query(50, ge=1, le=500)) -> list[dict[str, Any]]:
        """Tournaments, newest first."""
        if status is not None and status not in ("running", "finished"):
            raise Refused(400, f"status must be running or finished, not {status[:20]!r}")
        return await of(request).listing(status, limit)

    @app.get("/api/tournaments/{tid}")
    async def get_tournament(tid: str, request: Request) -> dict[str, Any]:
        """The bracket: rounds, pairings, match tables and scores, who advanced, the champion."""
        manager = of(request)
        return await manager.snapshot(await manager.get(tid))

    @app.websocket("/ws/tournaments/{tid}")
    async def tournament_socket(ws: WebSocket, tid: str) -> None:
        await ws.accept()
        manager = of(ws)
        try:
            t = await manager.get(tid)
        except Refused as err:
            await ws.send_json({"type": "error", "reason": err.reason})
            await ws.close(4004)
            return
        reader = asyncio.create_task(_drain(ws))
        sent = ""
        try:
            while not reader.done():
                t = manager.live.get(tid, t)
                text = json.dumps({"type": "tournament", **await manager.snapshot(t)})
                if text != sent:
                    await ws.send_text(text)
                    sent = text
                # the bracket changes with the tables; live scores are looked at every second
                waiter = asyncio.ensure_future(t.change.wait())
                await asyncio.wait([waiter, reader], timeout=1.0, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
        except (WebSocketDisconnect, RuntimeError, OSError):  # the client left while we were sending
            pass
        finally:
            reader.cancel()


async def _drain(ws: WebSocket) -> None:
    """Read (and ignore) the client's messages until it leaves: the server alone speaks here."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            await ws.receive_text()
