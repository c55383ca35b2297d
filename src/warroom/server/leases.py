"""Which ``warroom serve`` process hosts a table, when several share one PostgreSQL database.

A table in play is hosted by exactly one process: the one that holds the table's
PostgreSQL advisory lock. Every process keeps one dedicated connection (the *lease
connection*) on which it holds the locks of all its tables, at session level. Why a lock
and not a leases table with an owner and an expiry: the database itself releases every
lock of a process the moment its connection ends, whether the process exits, is killed
with -9 or its machine disappears (the TCP connection drops), so there is no heartbeat to
tune, no clock to trust and no stale owner row to clean up; and ``pg_try_advisory_lock``
is atomic, so two processes racing for an orphaned table cannot both win.

The lease connection's ``application_name`` is ``warroom <address>``, the address other
processes reach this one at. ``pg_locks`` joined with ``pg_stat_activity`` therefore
says who hosts a table and where it is, from the lock itself, with no extra table to
keep in step (``docs/protocol.md``, *Several servers*).

SQLite databases have one process; :class:`TableManager` then has no leases at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import psycopg

from warroom.server.db import normalize_url

log = logging.getLogger("warroom.server")
T = TypeVar("T")

APP_PREFIX = "warroom "  # the lease connection's application_name is this + the process's address
NAME_BYTES = 63  # PostgreSQL keeps this much of an application_name
KEEPALIVE_OPTIONS = "-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3"

_HELD = """
SELECT l.classid::bigint, l.objid::bigint, a.application_name
FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""
_HOLDER = _HELD + " AND l.classid = %s::oid AND l.objid = %s::oid"


def lock_key(table_id: str) -> int:
    """The table's advisory-lock key: 64 bits of SHA-256, as PostgreSQL's signed bigint."""
    return int.from_bytes(hashlib.sha256(b"warroom-table:" + table_id.encode()).digest()[:8], "big", signed=True)


def lock_parts(key: int) -> tuple[int, int]:
    """How ``pg_locks`` shows a bigint advisory key: (classid, objid), the high and low 32 bits."""
    unsigned = key & 0xFFFF_FFFF_FFFF_FFFF
    return unsigned >> 32, unsigned & 0xFFFF_FFFF


def uses_leases(url: str) -> bool:
    """Whether a database can be shared by several processes (PostgreSQL) or not (SQLite)."""
    return normalize_url(url).get_backend_name() == "postgresql"


class LeaseLost(Exception):
    """The lease connection failed: every lock this process held may be gone."""


class Leases:
    """This process's table locks, on its own connection, driven from one thread."""

    def __init__(self, url: str, address: str) -> None:
        self.conninfo = normalize_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.address = address
        self.name = (APP_PREFIX + address)[:NAME_BYTES]
        self.held: set[str] = set()
        self._conn: psycopg.Connection[Any] | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="warroom-lease")

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, functools.partial(fn, *args))

    # ----- on the lease thread --------------------------------------------------------------------
    def _connection(self) -> psycopg.Connection[Any]:
        if self._conn is None or self._conn.closed:
            self.held.clear()  # a new session holds nothing
            # keepalives on both ends: this process notices a vanished database, and the database
            # notices a vanished process (and lets its locks go), within about 15 s
            self._conn = psycopg.connect(self.conninfo, autocommit=True, application_name=self.name,
                                         connect_timeout=10, keepalives=1, keepalives_idle=5,
                                         keepalives_interval=2, keepalives_count=3,
                                         options=KEEPALIVE_OPTIONS)
        return self._conn

    def _call(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._connection().execute(sql, params).fetchall()
        except psycopg.Error as err:
            if self._conn is not None:
                with contextlib.suppress(Exception):
                    self._conn.close()
            self._conn = None
            self.held.clear()
            raise LeaseLost(str(err).splitlines()[0] if str(err) else type(err).__name__) from None

    def _acquire(self, table_id: str) -> bool:
        if table_id in self.held:
            return True
        won = bool(self._call("SELECT pg_try_advisory_lock(%s)", (lock_key(table_id),))[0][0])
        if won:
            self.held.add(table_id)
        return won

    def _release(self, table_id: str) -> None:
        if table_id in self.held:
            self.held.discard(table_id)
            self._call("SELECT pg_advisory_unlock(%s)", (lock_key(table_id),))

    def _owners(self, key: int | None = None) -> dict[tuple[int, int], str]:
        rows = self._call(_HELD) if key is None else self._call(_HOLDER, lock_parts(key))
        return {(int(c), int(o)): str(name or "") for c, o, name in rows}

    def _close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()  # the database releases every lock of this session
        self._conn = None
        self.held.clear()

    # ----- the manager's calls ----------------------------------------------------------------------
    async def connect(self) -> None:
        await self._run(self._connection)

    async def acquire(self, table_id: str) -> bool:
        """Take the table's lock if nobody holds it; True when this process now hosts it."""
        return await self._run(self._acquire, table_id)

    async def release(self, table_id: str) -> None:
        """Give the table up (finished, or evicted); a failure only means the session is gone anyway."""
        with contextlib.suppress(Exception):
            await self._run(self._release, table_id)

    async def owner(self, table_id: str) -> str | None:
        """The address of the process that hosts the table, or ``None`` when nobody does."""
        key = lock_key(table_id)
        name = (await self._run(self._owners, key)).get(lock_parts(key))
        if name is None or not name.startswith(APP_PREFIX):
            return None
        return name[len(APP_PREFIX):]

    async def unhosted(self, table_ids: Iterable[str]) -> list[str]:
        """Of ``table_ids``, those whose lock nobody holds (their host died or stopped)."""
        owners = await self._run(self._owners)
        return [t for t in table_ids if lock_parts(lock_key(t)) not in owners]

    async def check(self) -> None:
        """Raise :class:`LeaseLost` if the lease connection no longer works."""
        await self._run(self._call, "SELECT 1")

    async def close(self) -> None:
        await self._run(self._close)
        self._thread.shutdown(wait=True)
