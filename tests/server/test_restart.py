"""Durability inside one process: restarts rebuild tables, a failed commit changes nothing; autopilot."""

from __future__ import annotations

import random
import time
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from tests.server.conftest import FAST
from tests.server.helpers import (
    GAME,
    HUMAN,
    Conn,
    bot,
    check_messages,
    create,
    play_against_bots,
    record_of,
)
from warroom.engine.record import replay
from warroom.server import create_app
from warroom.server.db import Store


def _app(db_url: str, static_dir: Path, bot_delay: float = 0.0) -> FastAPI:
    return create_app(db_url, static_dir=static_dir, bot_delay=bot_delay, limits=FAST)


def _wait(client: TestClient, table: str, done: str, seconds: float = 20.0) -> dict[str, object]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        summary: dict[str, object] = client.get(f"/api/tables/{table}").json()
        if eval(done, {}, dict(summary)):  # e.g. "version >= 5"
            return summary
        time.sleep(0.01)
    raise AssertionError(f"table {table} never reached {done}")


def test_a_restarted_server_rebuilds_the_table_and_its_player_reconnects_and_finishes(
    db_url: str, static_dir: Path
) -> None:
    rng = random.Random(6)
    with TestClient(_app(db_url, static_dir)) as client:
        t = create(client, [HUMAN, bot()], seed=6)
        table, token = t["table"], t["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            me = Conn(ws, token)
            for _ in range(8):
                state = me.my_turn_or_end()
                me.act(rng.choice(state["legal"])["action"])
                me.next_state()
            before = me.my_turn_or_end()  # the bot waits on us, so nothing moves during the restart
        live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
        version, digest, log_size = live.version, GAME.hash(live.state), len(live.log)
        assert version == before["version"] and digest == live.steps[-1].hash
    with TestClient(_app(db_url, static_dir)) as client:
        live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
        assert live.version == version and GAME.hash(live.state) == digest and len(live.log) == log_size
        assert client.get(f"/api/tables/{table}").json()["status"] == "running"
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            me = Conn(ws, token)  # the seat is still ours, with the whole view and log
            assert (me.state["version"], me.state["view"], me.state["legal"]) == (
                version, before["view"], before["legal"])
            assert me.state["log_from"] == 0 and len(me.state["log"]) == log_size
            final = play_against_bots(me, rng)
        record = record_of(client, table)
    assert len(record.steps) == final["version"] > version
    assert check_messages(record, 0, me.messages) > 1


def test_bots_carry_on_after_a_restart(db_url: str, static_dir: Path) -> None:
    with TestClient(_app(db_url, static_dir, bot_delay=0.01)) as client:
        t = create(client, [bot(), bot("heuristic")], seed=7, config={"options": {"max_rounds": 8}})
        table = t["table"]
        _wait(client, table, "version >= 5")
    store = Store(db_url)
    try:
        stopped = store.load(table)
    finally:
        store.close()
    assert stopped is not None and stopped.status == "running" and stopped.version >= 5
    with TestClient(_app(db_url, static_dir)) as client:
        summary = _wait(client, table, "status == 'finished'")
        record = record_of(client, table)
    assert record.steps[: stopped.version] == stopped.steps
    assert summary["version"] == len(record.steps) > stopped.version
    assert sum(1 for _ in replay(record, verify=True)) == len(record.steps) + 1


def test_an_action_whose_commit_fails_changes_nothing(client: TestClient) -> None:
    t = create(client, [HUMAN, bot()], seed=10)
    table = t["table"]
    live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        me = Conn(ws, t["seats"][0]["token"])
        state = me.my_turn_or_end()
        before = (live.version, GAME.hash(live.state), len(live.log), len(live.steps))
        real = store.append_step

        def broken(*args: object) -> None:
            raise OperationalError("INSERT", None, Exception("disk I/O error"))

        store.append_step = broken
        try:
            me.act(state["legal"][0]["action"], id="lost")
            error = me.next_error()
        finally:
            store.append_step = real
        assert "could not be saved" in error["reason"] and error["reply_to"] == "lost"
        assert (live.version, GAME.hash(live.state), len(live.log), len(live.steps)) == before
        assert client.get(f"/api/tables/{table}").json()["version"] == before[0]
        me.act(state["legal"][0]["action"], id="kept")
        kept = me.next_state()
        # the version the answer carries: the bot may already have moved on the live table
        assert kept["reply_to"] == "kept" and kept["version"] == before[0] + 1


def test_autopilot_plays_for_a_seat_whose_time_runs_out_and_everyone_is_told(client: TestClient) -> None:
    t = create(client, [HUMAN, bot()], seed=12, decision_seconds=0.02, autopilot="random",
               config={"options": {"max_rounds": 1}})
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as w0, client.websocket_connect(f"/ws/tables/{table}") as ws:
        me = Conn(w0, t["seats"][0]["token"])  # claims the seat; the table starts, and the clock with it
        spectator = Conn(ws)
        while me.state["result"] is None:  # the test never acts: the autopilot plays every decision
            me.next_state()
        while spectator.state["result"] is None:
            spectator.next_state()
    record = record_of(client, table)
    ours = [s for s in record.steps if s.seat == 0]
    assert ours and all(s.autopilot for s in ours)
    assert not any(s.autopilot for s in record.steps if s.seat == 1)
    notes = [e for m in spectator.states() for e in m["log"] if e["kind"] == "autopilot"]
    assert len(notes) == len(ours)
    assert notes[0] == {"kind": "autopilot", "seat": 0, "name": "good", "bot": "random",
                        "text": "good ran out of time; the random autopilot acted"}
    assert check_messages(record, 0, me.messages) > 1
    assert check_messages(record, None, spectator.messages) > 1
    steps = client.get(f"/api/tables/{table}/replay").json()["steps"]
    assert [s["autopilot"] for s in steps[1:]] == [s.autopilot for s in record.steps]
