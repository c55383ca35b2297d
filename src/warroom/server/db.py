"""Storage: a table is its set-up plus an append-only list of accepted actions.

SQLAlchemy 2 models, and :class:`Store`, which runs every database call on its
own worker threads so that the event loop never waits on the disk or the
network. SQLite gets a single writer thread (SQLite takes one writer at a time,
and queueing in Python is cheaper than its busy-wait); PostgreSQL gets a few.
The schema is created and upgraded by Alembic (``migrations/``), never by
``create_all``, so that a database made by one release upgrades in the next.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    event,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from warroom.engine.record import Step

T = TypeVar("T")
BIG_SEED = 2**63 - 1  # larger seeds are kept only in tables.seed_text
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class TableRow(Base):
    """One game table: what it plays, how it was dealt, and where it stands."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[int] = mapped_column(Integer)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)  # -1 when the seed is in seed_text
    seed_text: Mapped[str | None] = mapped_column(String(100), nullable=True)  # a seed of any size, in digits
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    decision_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    autopilot: Mapped[str] = mapped_column(String(40))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    # real-time tables: the wall time (ms since the epoch) of game time 0 (server/realtime.py)
    clock_origin: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class SeatRow(Base):
    """A seat: a bot, or a human whose token is kept only as its SHA-256."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    # anyone may join it from the lobby; other human seats are taken only with their token
    open: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    player: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)  # who holds it (hash)


class PlayerRow(Base):
    """A browser's identity: its long-lived token, kept only as its SHA-256, and a display name."""

    __tablename__ = "players"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TournamentRow(Base):
    """A knockout tournament (``server/tournaments.py``): its bracket, entrants and match tables
    as one plain JSON document."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(16), index=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)  # every save adds one (a stale save fails)


class StepRow(Base):
    """One accepted action; ``index`` is the table version it produced (1-based).

    The primary key (table, index) makes a second writer of the same version fail
    to commit instead of forking the game.
    """

    __tablename__ = "steps"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    hash: Mapped[str] = mapped_column(String(64))
    t: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    autopilot: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# Core tables for the write path: ORM-enabled UPDATEs cost milliseconds each, Core ones microseconds
TABLES = Base.metadata.tables["tables"]
SEATS = Base.metadata.tables["seats"]
STEPS = Base.metadata.tables["steps"]
PLAYERS = Base.metadata.tables["players"]

# The hot path's statements, built once: SQLAlchemy then reuses their compiled form instead of
# building, keying and looking up a new statement for every action (most of a commit's CPU).
_INSERT_STEP = insert(STEPS)
_GUARD = (TABLES.c.id == bindparam("b_table"), TABLES.c.version == bindparam("b_previous"))
_ADVANCE = update(TABLES).where(*_GUARD).values(version=bindparam("b_version"))
_FINISH = update(TABLES).where(*_GUARD).values(
    version=bindparam("b_version"), status="finished", result=bindparam("b_result")
)


# ----- plain data handed to the table manager -----------------------------------------------------
@dataclass(slots=True)
class StoredSeat:
    seat: int
    kind: str
    bot: str | None
    token_hash: str | None
    claimed: bool
    open: bool = False
    player: str | None = None


@dataclass(slots=True)
class StoredTable:
    """A table as the database holds it (steps only when asked for)."""

    id: str
    game: str
    rules_version: int
    config: dict[str, Any]
    seed: int
    status: str
    version: int
    decision_seconds: float | None
    autopilot: str
    result: dict[str, Any] | None
    created: datetime
    seats: list[StoredSeat]
    steps: list[Step] = field(default_factory=list)
    clock_origin: int | None = None  # real-time tables: ms since the epoch of game time 0


def now() -> datetime:
    return datetime.now(UTC)


def normalize_url(url: str) -> URL:
    """Parse a database URL; plain ``postgresql://`` means the psycopg 3 driver we ship."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def safe_url(url: str | URL) -> str:
    """A URL fit to print: the password hidden."""
    return (url if isinstance(url, URL) else make_url(url)).render_as_string(hide_password=True)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL so readers never block the writer."""
    parsed = normalize_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(parsed, pool_size=5, max_overflow=5, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(parsed, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        # WAL + NORMAL: a commit is in the WAL file (the OS has it) before the action is acknowledged,
        # so a crash or kill -9 of the server loses nothing; only a power cut or kernel crash could
        # lose the last few commits (never corrupt the database). FULL would fsync every action,
        # about 10 ms each on an ordinary virtual disk: far too slow for hundreds of tables.
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (``alembic upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def check(engine: Engine) -> None:
    """Read what start-up reads, so a damaged database fails here (one line) and not mid-start."""
    with engine.connect() as c:
        if engine.dialect.name == "sqlite":
            verdict = c.exec_driver_sql("PRAGMA quick_check").scalar()
            if verdict != "ok":
                raise DatabaseDamaged(f"the SQLite file is damaged ({verdict})")
        c.execute(select(TABLES.c.id).where(TABLES.c.status != "finished")).all()


class DatabaseDamaged(Exception):
    """``check`` found the database unreadable."""


class Store:
    """Every database call the server makes, run on the store's own threads."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        writers = 1 if self.engine.dialect.name == "sqlite" else 4
        self._pool = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="warroom-db")

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on a store thread and wait for it without blocking the loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(fn, *args))

    def close(self) -> None:
        self._pool.shutdown(wait=True)
        self.engine.dispose()

    # ----- writes (each one transaction) -----------------------------------------------------------
    def create(self, table: StoredTable) -> None:
        with self.engine.begin() as c:
            c.execute(insert(TABLES).values(
                id=table.id, game=table.game, rules_version=table.rules_version, config=table.config,
                seed=table.seed if table.seed <= BIG_SEED else -1, seed_text=str(table.seed),
                status=table.status, version=0, decision_seconds=table.decision_seconds,
                autopilot=table.autopilot, result=None, created=table.created,
            ))
            c.execute(insert(SEATS), [
                {"table_id": table.id, "seat": seat.seat, "kind": seat.kind, "bot": seat.bot,
                 "token_hash": seat.token_hash, "claimed": seat.claimed, "open": seat.open,
                 "player": seat.player}
                for seat in table.seats
            ])

    def set_seat(self, table_id: str, seat: int, token_hash: str | None, claimed: bool, status: str,
                 player: str | None = None, open_: bool | None = None) -> None:
        """Record a claim (and a new token hash, for a join) together with the table's new status."""
        values: dict[str, Any] = {"token_hash": token_hash, "claimed": claimed, "player": player}
        if open_ is not None:
            values["open"] = open_
        with self.engine.begin() as c:
            c.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat).values(**values))
            c.execute(update(TABLES).where(TABLES.c.id == table_id).values(status=status))

    def append_step(self, table_id: str, index: int, step: Step, result: dict[str, Any] | None) -> None:
        """Commit one accepted action (and the end of the game, if it ended) in one transaction."""
        with self.engine.begin() as c:
            c.execute(_INSERT_STEP, {"table_id": table_id, "index": index, "seat": step.seat,
                                     "action": step.action, "hash": step.hash, "t": step.t,
                                     "autopilot": step.autopilot, "at": now()})
            params: dict[str, Any] = {"b_table": table_id, "b_previous": index - 1, "b_version": index}
            # the version guard: if another writer got here first, this transaction rolls back
            statement, params = (_ADVANCE, params) if result is None else (_FINISH, {**params, "b_result": result})
            done = c.execute(statement, params)
            if done.rowcount != 1:
                raise RuntimeError(f"table {table_id} is not at version {index - 1}; another writer?")

    def set_clock_origin(self, table_id: str, origin: int) -> None:
        """Store a real-time table's clock origin (once, when it starts running)."""
        with self.engine.begin() as c:
            c.execute(update(TABLES).where(TABLES.c.id == table_id).values(clock_origin=origin))

    def end(self, table_id: str, version: int, result: dict[str, Any]) -> None:
        """End a table with no action (a resignation, an abandoned table), at ``version``."""
        with self.engine.begin() as c:
            done = c.execute(update(TABLES).where(TABLES.c.id == table_id, TABLES.c.version == version)
                             .values(status="finished", result=result))
            if done.rowcount != 1:
                raise RuntimeError(f"table {table_id} is not at version {version}; another writer?")

    def set_player(self, token_hash: str, name: str | None) -> None:
        """Create a player, or rename one."""
        with self.engine.begin() as c:
            found = c.execute(select(PLAYERS.c.token_hash).where(PLAYERS.c.token_hash == token_hash)).first()
            if found is None:
                c.execute(insert(PLAYERS).values(token_hash=token_hash, name=name, created=now()))
            else:
                c.execute(update(PLAYERS).where(PLAYERS.c.token_hash == token_hash).values(name=name))

    def player(self, token_hash: str) -> tuple[bool, str | None]:
        """(known, display name) of a player token hash."""
        with self.engine.connect() as c:
            row = c.execute(select(PLAYERS.c.name).where(PLAYERS.c.token_hash == token_hash)).first()
            return (False, None) if row is None else (True, row[0])

    def tables_of(self, token_hash: str, limit: int = 50) -> list[str]:
        """Ids of the tables where the player holds a seat, newest first."""
        with self.engine.connect() as c:
            query = (select(TABLES.c.id).join(SEATS, SEATS.c.table_id == TABLES.c.id)
                     .where(SEATS.c.player == token_hash).order_by(TABLES.c.created.desc()).limit(limit))
            return list(dict.fromkeys(c.execute(query).scalars()))

    def open_tables_of(self, token_hash: str) -> int:
        """How many tables not yet finished have a seat held by the player."""
        with self.engine.connect() as c:
            query = (select(func.count(func.distinct(TABLES.c.id))).join(SEATS, SEATS.c.table_id == TABLES.c.id)
                     .where(SEATS.c.player == token_hash, TABLES.c.status != "finished"))
            return int(c.execute(query).scalar() or 0)

    # ----- reads -------------------------------------------------------------------------------------
    def load(self, table_id: str, steps: bool = True) -> StoredTable | None:
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            out = _stored(row, _seats(s, [table_id]).get(table_id, []))
            if steps:
                rows = s.scalars(select(StepRow).where(StepRow.table_id == table_id).order_by(StepRow.index))
                out.steps = [Step(r.seat, r.action, r.hash, r.t, r.autopilot) for r in rows]
            return out

    def unfinished(self) -> list[str]:
        """Ids of every table that has not ended, oldest first (the ones a restart rebuilds)."""
        with self.sessions() as s:
            query = select(TableRow.id).where(TableRow.status != "finished").order_by(TableRow.created)
            return list(s.scalars(query))

    def summaries(self, status: str | None, limit: int) -> list[StoredTable]:
        """The newest ``limit`` tables (of ``status``, if given), without their steps."""
        with self.sessions() as s:
            query = select(TableRow).order_by(TableRow.created.desc(), TableRow.id).limit(limit)
            if status is not None:
                query = query.where(TableRow.status == status)
            rows = list(s.scalars(query))
            seats = _seats(s, [r.id for r in rows])
            return [_stored(r, seats.get(r.id, [])) for r in rows]


def _seats(s: Session, ids: list[str]) -> dict[str, list[StoredSeat]]:
    out: dict[str, list[StoredSeat]] = {}
    if not ids:
        return out
    for r in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.table_id, SeatRow.seat)):
        out.setdefault(r.table_id, []).append(StoredSeat(r.seat, r.kind, r.bot, r.token_hash, r.claimed,
                                                                  r.open, r.player))
    return out


def _stored(row: TableRow, seats: list[StoredSeat]) -> StoredTable:
    created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)  # SQLite drops the zone
    seed = int(row.seed_text) if row.seed_text is not None else row.seed
    return StoredTable(row.id, row.game, row.rules_version, dict(row.config), seed, row.status, row.version,
                       row.decision_seconds, row.autopilot, row.result, created, seats,
                       clock_origin=row.clock_origin)
