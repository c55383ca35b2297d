"""Table leases (``server/leases.py``): one PostgreSQL advisory lock per table, held on a process's
lease connection; who holds it and where it is; a lost lease connection gives the tables up."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect

from tests.server import postgres
from tests.server.conftest import FAST
from tests.server.helpers import HUMAN, Conn, bot, create, recv
from warroom.server import create_app
from warroom.server.cluster import RESTART
from warroom.server.db import make_engine, migrate, normalize_url
from warroom.server.leases import APP_PREFIX, LeaseLost, Leases, lock_key, lock_parts, uses_leases
from warroom.server.tables import TableManager

ADMIN = postgres.configured()
needs_postgres = pytest.mark.skipif(ADMIN is None, reason=postgres.NOT_CONFIGURED)


def test_a_tables_lock_key_is_64_bits_of_its_id_and_pg_locks_shows_it_in_two_halves() -> None:
    keys = {lock_key(f"t{i}") for i in range(1000)}
    assert len(keys) == 1000 and all(-(2**63) <= k < 2**63 for k in keys)
    assert lock_key("abc") == lock_key("abc")
    for key in (lock_key("abc"), -1, 0, 2**63 - 1, -(2**63)):
        high, low = lock_parts(key)
        assert 0 <= high < 2**32 and 0 <= low < 2**32
        assert (high << 32 | low) == key & (2**64 - 1)
    assert uses_leases("postgresql://u@h/db") and not uses_leases("sqlite:///x.db")


@needs_postgres
def test_one_process_holds_a_table_the_other_sees_where_and_takes_it_when_it_is_let_go() -> None:
    assert ADMIN is not None
    with postgres.fresh_database(ADMIN) as url:

        async def scenario() -> None:
            a, b = Leases(url, "http://10.0.0.1:8001"), Leases(url, "http://10.0.0.2:8002")
            await a.connect()
            await b.connect()
            try:
                assert await a.acquire("t1") and await a.acquire("t1")  # again: still its own
                assert not await b.acquire("t1")
                assert await b.owner("t1") == "http://10.0.0.1:8001" and await b.owner("t2") is None
                assert await b.unhosted(["t1", "t2"]) == ["t2"]
                await a.release("t1")
                assert await b.owner("t1") is None and await b.acquire("t1")
                assert await a.owner("t1") == "http://10.0.0.2:8002"
                assert await a.acquire("t3")
                await a.close()  # the session ends: the database lets every lock of it go ...
                for _ in range(50):  # ... as its backend exits, a moment after the connection closes
                    if await b.acquire("t3"):
                        break
                    await asyncio.sleep(0.05)
                assert "t3" in b.held
            finally:
                await b.close()

        asyncio.run(scenario())


@needs_postgres
def test_a_lost_lease_connection_gives_its_tables_up_and_clients_reconnect_to_a_rebuilt_table(
    static_dir: Path,
) -> None:
    assert ADMIN is not None
    with postgres.fresh_database(ADMIN) as url:
        engine = make_engine(url)
        migrate(engine)
        engine.dispose()
        with TestClient(create_app(url, static_dir=static_dir, bot_delay=0, limits=FAST)) as c:
            manager: TableManager = c.app.state.manager  # type: ignore[attr-defined]
            t = create(c, [HUMAN, bot()], seed=4)
            table, token = t["table"], t["seats"][0]["token"]
            with c.websocket_connect(f"/ws/tables/{table}") as ws:
                me = Conn(ws, token)
                me.act(me.my_turn_or_end()["legal"][0]["action"])
                me.next_state()
                version = me.my_turn_or_end()["version"]  # the bot waits on us now
                assert version >= 1
                # the database drops the lease connection (a network cut, an administrator)
                admin = create_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
                with admin.connect() as conn:
                    killed = conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                               "WHERE application_name = :n"), {"n": APP_PREFIX}).scalars().all()
                admin.dispose()
                assert killed == [True]
                with pytest.raises(WebSocketDisconnect) as closed:
                    while True:
                        recv(ws, timeout=10)
                assert closed.value.code == RESTART
            assert table not in manager.tables
            with c.websocket_connect(f"/ws/tables/{table}") as ws:  # the lease is taken again, the table rebuilt
                again = Conn(ws, token)
                assert again.state["version"] == version and again.state["seat"] == 0
            assert manager.leases is not None and table in manager.leases.held


def test_a_sqlite_server_has_no_leases(db_url: str, static_dir: Path) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("SQLite only")
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST)) as c:
        assert c.app.state.manager.leases is None  # type: ignore[attr-defined]


@needs_postgres
def test_a_lease_call_on_a_dead_connection_raises_lease_lost_and_the_next_reconnects() -> None:
    assert ADMIN is not None
    with postgres.fresh_database(ADMIN) as url:

        async def scenario() -> None:
            a = Leases(url, "x")
            await a.connect()
            try:
                assert await a.acquire("t1")
                assert a._conn is not None
                pid = a._conn.info.backend_pid
                admin = create_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
                with admin.connect() as conn:
                    conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
                admin.dispose()
                time.sleep(0.1)
                with pytest.raises(LeaseLost):
                    await a.check()
                assert a.held == set()
                await a.check()  # a new session
                assert await a.acquire("t1")
            finally:
                await a.close()

        asyncio.run(scenario())
