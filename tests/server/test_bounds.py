"""What a server holds is bounded (docs/protocol.md, *Limits*): tables per player, idle sockets,
finished tables out of memory, memory back near its start after a thousand tables; and a slow
bot thinks off the event loop, so it never delays another table."""

from __future__ import annotations

import gc
import os
import random
import time
import types
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import FAST
from tests.server.helpers import HUMAN, Conn, bot, create, recv
from warroom import bots as bot_registry
from warroom.engine.bot import Bot
from warroom.server import create_app
from warroom.server.connection import IDLE, Limits
from warroom.server.limits import ServerLimits
from warroom.server.tables import TableManager


def _manager(client: TestClient) -> TableManager:
    found: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    return found


def _resign(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        me = Conn(ws, table["seats"][0]["token"])
        me.send(type="resign", id="r")
        while me.state["result"] is None:
            me.next_state()
        return me.state


def test_a_player_may_hold_seats_at_a_few_tables_in_play_and_more_once_one_ends(
    db_url: str, static_dir: Path
) -> None:
    caps = ServerLimits(create_per_minute=0, max_tables_per_player=2)
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST, server_limits=caps)) as c:
        made = [create(c, [HUMAN, bot()]) for _ in range(2)]
        r = c.post("/api/tables", json={"game": "kessen", "seats": [HUMAN, bot()]})
        assert r.status_code == 429
        assert r.json()["detail"] == ("you already have 2 tables not yet finished, at your seats or in your "
                                      "knockouts (at most 2); finish or resign one first")
        # another browser (a new identity) is not held back by this one's tables
        mine = dict(c.cookies)
        c.cookies.clear()  # another browser: no cookie, so a new player
        assert c.post("/api/tables", json={"game": "kessen", "seats": [HUMAN, bot()]}).status_code == 200
        c.cookies.clear()
        c.cookies.update(mine)
        assert _resign(c, made[0])["result"]["reason"] == "good resigned"
        assert c.post("/api/tables", json={"game": "kessen", "seats": [HUMAN, bot()]}).status_code == 200


def test_a_socket_that_sends_nothing_for_the_idle_time_is_closed_and_pings_keep_it_open(
    db_url: str, static_dir: Path
) -> None:
    limits = Limits(rate=10_000, burst=10_000, idle_seconds=0.6)
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=limits)) as c:
        t = create(c, [HUMAN, HUMAN])
        with c.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            me = Conn(ws, t["seats"][0]["token"])
            for n in range(4):  # a ping every 0.3 s: 1.2 s in all, twice the idle time
                time.sleep(0.3)
                me.send(type="ping", id=f"p{n}")
                assert recv(ws)["type"] == "pong"
            error = recv(ws, timeout=5)
            assert error["type"] == "error" and error["reason"] == "nothing received for 0.6 s: closed"
            with pytest.raises(WebSocketDisconnect) as closed:
                recv(ws, timeout=5)
            assert closed.value.code == IDLE


def test_a_finished_table_leaves_memory_and_is_still_served_from_the_database(db_url: str, static_dir: Path) -> None:
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST)) as c:
        t = create(c, [bot(), bot()], seed=3)["table"]
        deadline = time.monotonic() + 30
        while c.get(f"/api/tables/{t}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.02)
        deadline = time.monotonic() + 5
        while t in _manager(c).tables:  # nobody watches it: gone once it ends
            assert time.monotonic() < deadline, "the finished table stayed in memory"
            time.sleep(0.01)
        assert c.get(f"/api/tables/{t}/record").status_code == 200
        with c.websocket_connect(f"/ws/tables/{t}") as ws:  # a spectator: loaded again, to watch
            assert Conn(ws).state["result"] is not None
        assert t not in _manager(c).tables  # and gone again once the spectator leaves


def _rss() -> int:
    """This process's resident memory in bytes (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


SERVER_CODE = ("warroom", "starlette", "fastapi", "sqlalchemy")


def _server_garbage() -> Counter[str]:
    """The server's objects that only reference cycles keep alive (what a full collection would
    free), by type: its own and its frameworks' objects, and frames of their code. The test
    client's own cycles (``starlette.testclient``, httpx, anyio's portal) are not the server's."""

    def server_side(o: object) -> str | None:
        if isinstance(o, types.FrameType):
            path = o.f_code.co_filename
            code = next((p for p in SERVER_CODE if f"/{p}/" in path), None)
            return None if code is None or path.endswith("testclient.py") else f"frame {o.f_code.co_name}"
        module = type(o).__module__
        if module.split(".")[0] in SERVER_CODE and module != "starlette.testclient":
            return f"{module}.{type(o).__qualname__}"
        return None

    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return Counter(name for name in map(server_side, gc.garbage) if name is not None)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()  # the cycles held in gc.garbage, now that the list lets them go


def test_a_second_and_a_third_thousand_tables_created_and_ended_add_nothing_to_memory(tmp_path: Path,
                                                                                       static_dir: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'warroom.db'}"
    caps = ServerLimits(create_per_minute=0, max_tables_per_player=0)
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST, server_limits=caps)) as c:
        manager = _manager(c)

        def cycle(n: int) -> None:
            for _ in range(n):
                t = create(c, [HUMAN, bot()])
                assert _resign(c, t)["result"]["reason"] == "good resigned"

        cycle(100)  # warm up: compiled statements, imports, caches that fill once, the allocator's arenas
        gc.collect()
        marks = []
        start = time.process_time()
        for _ in range(3):
            # no collection during the thousand, as under ``warroom serve``, whose tuned collector
            # seldom looks at old objects: whatever a cycle keeps is still there to be found
            gc.disable()
            try:
                cycle(1000)
                kept = _server_garbage()  # before the collector is back, which would free the cycles unseen
            finally:
                gc.enable()
            assert not kept, f"reference cycles keep {kept.total()} objects after 1000 tables: {kept.most_common(8)}"
            marks.append((len(gc.get_objects()), _rss()))
        took = time.process_time() - start
        assert not manager.tables, f"{len(manager.tables)} ended tables still in memory"
        # a Kessen table in memory holds hundreds of objects and tens of KiB: one table in a hundred
        # left behind would show in either figure. What may still grow a little is bounded by the
        # games, not the tables: Kessen's cache of parsed actions fills with its finite vocabulary
        # (a few hundred objects over these thousands)
        (objects, rss), *later = marks
        for n, (more_objects, more_rss) in enumerate(later, 2):
            assert more_objects - objects < 2_000, f"{more_objects - objects} more objects after {n}000 tables"
            assert more_rss - rss < 12_000_000, f"resident memory grew by {(more_rss - rss) / 1e6:.1f} MB"
        assert took < 240, f"{took:.0f} s of CPU for 3000 tables"


SERVED_STACK = ("warroom", "starlette", "fastapi", "uvicorn", "uvloop", "httptools", "websockets")


def test_the_served_stack_keeps_nothing_of_a_finished_table_in_a_reference_cycle(tmp_path: Path) -> None:
    """The same over real sockets, through uvicorn and the guarded protocol ``warroom serve`` runs:
    its HTTP connections and the sockets' protocols leave no cycle behind either."""
    import asyncio
    import json

    from websockets.asyncio.client import connect

    from tests.server.live import http, live_server

    async def play(address: str, table: dict[str, Any]) -> None:
        async with connect(f"ws://{address}/ws/tables/{table['table']}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": table["seats"][0]["token"]}))
            await ws.send(json.dumps({"type": "resign"}))
            while not json.loads(await ws.recv()).get("result"):
                pass

    def tables(address: str, n: int) -> None:
        for _ in range(n):
            status, table = http(address, "POST", "/api/tables", {"game": "kessen", "seats": [HUMAN, bot()]})
            assert status == 200, table
            asyncio.run(play(address, table))

    caps = ServerLimits(create_per_minute=0, max_tables_per_player=0, header_seconds=0.2)
    with live_server(f"sqlite:///{tmp_path / 'warroom.db'}", caps) as address:
        tables(address, 10)  # warm up
        gc.collect()
        gc.disable()
        try:
            tables(address, 100)
            time.sleep(0.5)  # every request head's timer has fired (0.2 s) or been cancelled
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
            kept = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage
                           if type(o).__module__.split(".")[0] in SERVED_STACK)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
            gc.collect()
    assert not kept, f"reference cycles keep {kept.total()} objects after 100 tables: {kept.most_common(8)}"


THINK = 4.0  # seconds a slow bot thinks per move
# an answer held up by a bot thinking on the event loop waits up to THINK; one that is not waits
# for the machine alone, which a loaded machine stretches to a second or so
ANSWERED = THINK / 2


class SlowBot(Bot):
    """A search-like bot: about ``THINK`` seconds of CPU per move."""

    name = "slow"
    needs_view = False

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        end = time.monotonic() + THINK
        n = 0
        while time.monotonic() < end:
            n += 1
        return legal[rng.randrange(len(legal))]


def _timed_move(me: Conn, rng: random.Random, key: str) -> float:
    """Seconds from a random legal move of ``me`` (when its turn comes) to the server's answer."""
    state = me.my_turn_or_end()
    start = time.monotonic()
    me.act(rng.choice(state["legal"])["action"], id=key)
    reply = me.next_state()
    assert reply["reply_to"] == key
    return time.monotonic() - start


def test_a_slow_bot_thinks_off_the_event_loop_and_never_delays_another_tables_actions(
    db_url: str, static_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(bot_registry._GENERIC, "slow", SlowBot)
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST)) as c:
        slow = create(c, [bot("slow"), bot("slow")])["table"]
        t = create(c, [HUMAN, bot()], seed=5)
        rng = random.Random(5)
        with c.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            me = Conn(ws, t["seats"][0]["token"])
            started = time.monotonic()
            time.sleep(0.2)  # the slow bot is deep in thought now
            waits = [_timed_move(me, rng, f"m{n}") for n in range(6)]
            thinking = c.get(f"/api/tables/{slow}").json()["version"]
            took = time.monotonic() - started
        assert thinking <= 1 + took / THINK  # the slow table made one move per THINK at most meanwhile
        assert max(waits) < ANSWERED, waits  # each answered while the slow bot thought


def test_a_slow_real_time_bot_thinks_off_the_event_loop_and_never_delays_a_person_or_another_table(
    db_url: str, static_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.skirmish import register

    register(monkeypatch)
    monkeypatch.setitem(bot_registry._GENERIC, "slow", SlowBot)
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST)) as c:
        r = c.post("/api/tables", json={"game": "skirmish", "config": {"options": {"cards": 8, "interval_ms": 0}},
                                        "seats": [bot("slow"), HUMAN]})
        assert r.status_code == 200, r.text
        slow = r.json()
        t = create(c, [HUMAN, bot()], seed=5)
        rng = random.Random(5)
        with c.websocket_connect(f"/ws/tables/{t['table']}") as ws, \
                c.websocket_connect(f"/ws/tables/{slow['table']}") as rt:
            me = Conn(ws, t["seats"][0]["token"])
            east = Conn(rt, slow["seats"][1]["token"])
            started = time.monotonic()
            time.sleep(0.2)  # the slow bot is deep in thought now
            waits, rt_waits = [], []
            for n in range(6):
                waits.append(_timed_move(me, rng, f"m{n}"))  # another table: a turn-based move
                # the slow bot's own table: the person's action is judged at once (accepted, or
                # refused by the game if the table moved on since the person's last state)
                start = time.monotonic()
                east.act(rng.choice(east.state["legal"])["action"] if east.state["legal"] else "draw", id=f"e{n}")
                answer = east.next()
                while answer.get("reply_to") != f"e{n}":
                    answer = east.next()
                rt_waits.append(time.monotonic() - start)
            thinking = c.get(f"/api/tables/{slow['table']}").json()
            took = time.monotonic() - started
        assert max(waits) < ANSWERED, waits  # each answered while the slow bot thought
        assert max(rt_waits) < ANSWERED, rt_waits  # its own table's person too
        assert thinking["status"] == "running"
        assert sum(1 for s in _manager(c).tables[slow["table"]].steps if s.seat == 0) <= 1 + took / THINK
