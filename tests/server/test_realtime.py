"""Real-time tables (server/realtime.py) on Skirmish, the real-time test game: two WebSocket
clients playing at once (one with added latency), actions in arrival order, several in flight, the
deadline timer, bots on every seat, measured latency, and a clock that survives a restart."""

from __future__ import annotations

import contextlib
import json
import logging
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.server.conftest import FAST
from tests.server.helpers import HUMAN, Conn, Player, bot, play_all, record_of, recv
from tests.skirmish import GAME, register
from warroom.engine import CLOCK_SEAT, WAIT
from warroom.engine.bot import Bot
from warroom.engine.record import replay
from warroom.server import create_app
from warroom.server.connection import Limits
from warroom.server.db import TABLES, make_engine

QUICK = {"options": {"cards": 4, "interval_ms": 50, "answer_ms": 1500}}
PINGS = Limits(rate=10_000, burst=10_000, ping_seconds=0.2)


@pytest.fixture
def rt_client(db_url: str, static_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    register(monkeypatch)
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=PINGS)) as c:
        yield c

# a seat anyone may join from the lobby (the others are the creator's or invite-only)
OPEN = {"kind": "human", "open": True}


def create(client: TestClient, seats: list[dict[str, str]], config: dict[str, Any] | None = None) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "skirmish", "config": config or QUICK, "seats": seats})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_two_clients_play_at_once_to_the_end_and_the_record_replays_with_its_times(
        rt_client: TestClient) -> None:
    made = create(rt_client, [HUMAN, HUMAN])
    table = made["table"]
    players = [Player(rt_client, table, made["seats"][0]["token"], 1),
               Player(rt_client, table, made["seats"][1]["token"], 2, latency=0.12)]
    play_all(players, 60)
    record = record_of(rt_client, table)
    assert record.result is not None
    steps = record.steps
    assert {s.seat for s in steps} >= {0, 1}
    times = [s.t for s in steps]
    assert all(t is not None for t in times) and times == sorted(times)  # type: ignore[type-var]
    # the record replays exactly, every state hash at its recorded time
    states = [GAME.clone(step.state) for step in replay(record, verify=True)]
    assert len(states) == len(steps) + 1
    for seat, p in enumerate(players):
        for msg in p.messages:
            if msg["type"] != "state":
                continue
            # a seat sees its own hand as the record has it at that version, never the other's
            assert [c["card"] for c in msg["view"]["hand"]] == sorted(states[msg["version"]].hands[seat])
            assert msg["clock_ms"] is not None
    # the server measured the slow client's round trip and told everyone
    latencies = [s["latency_ms"] for m in players[0].messages if m["type"] == "state" for s in m["seats"]
                 if s["seat"] == 1 and s["latency_ms"] is not None]
    assert latencies and max(latencies) >= 120
    assert any(m["type"] == "ping" for m in players[1].messages)


def test_actions_in_flight_are_taken_in_arrival_order_not_refused_as_stale(rt_client: TestClient) -> None:
    made = create(rt_client, [HUMAN, OPEN], {"options": {"cards": 4, "interval_ms": 0}})
    assert rt_client.post(f"/api/tables/{made['table']}/join", json={"seat": 1}).status_code == 200
    with rt_client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        first = _state(ws)
        # three actions sent at once, all against the version we saw: none is refused as stale
        for key in ("x1", "x2", "x3"):
            ws.send_json({"type": "action", "action": "draw", "version": first["version"], "id": key})
        replies = {}
        while len(replies) < 3:
            msg = recv(ws)
            if msg.get("reply_to") in ("x1", "x2", "x3"):
                replies[msg["reply_to"]] = msg
        assert all(m["type"] == "state" for m in replies.values()), replies
        assert [replies[k]["version"] for k in ("x1", "x2", "x3")] == [1, 2, 3]
        # an action the game refuses at its arrival is refused with the game's reason
        ws.send_json({"type": "action", "action": "yield", "version": 0, "id": "y"})
        msg = recv(ws)
        while msg.get("reply_to") != "y":
            msg = recv(ws)
        assert msg["type"] == "error" and msg["reason"] == "nobody is attacking you"


def _state(ws: Any) -> dict[str, Any]:
    while True:
        msg = recv(ws)
        if msg["type"] == "state":
            return msg


@contextlib.contextmanager
def _both_seats(client: TestClient, config: dict[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """A table for two people, the second seat joined: its id and both seats' sockets, hello said."""
    made = create(client, [HUMAN, OPEN], config)
    table = made["table"]
    east_token = client.post(f"/api/tables/{table}/join", json={"seat": 1}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table}") as west, \
            client.websocket_connect(f"/ws/tables/{table}") as east:
        west.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        east.send_json({"type": "hello", "token": east_token})
        yield table, west, east


def test_the_deadline_timer_resolves_an_unanswered_attack(rt_client: TestClient) -> None:
    with _both_seats(rt_client, {"options": {"cards": 2, "interval_ms": 0, "answer_ms": 300}}) as (table, west, east):
        _state(west)
        west.send_json({"type": "action", "action": "draw", "version": 0, "id": "d"})
        drawn = _state(west)
        while drawn.get("reply_to") != "d":
            drawn = _state(west)
        card = drawn["view"]["hand"][0]["card"]
        west.send_json({"type": "action", "action": f"attack card={card}", "version": 0, "id": "a"})
        # east never answers: the server's timer lets the attack run out
        while True:
            msg = _state(east)
            if msg["view"]["attacks"][1] is None and msg["version"] >= 3:
                break
    summary = rt_client.get(f"/api/tables/{table}").json()
    assert summary["version"] == 3
    # the record is published only at the end; the stored steps say what happened
    from warroom.server.db import Store

    # the URL with its password (``str`` of a SQLAlchemy URL masks it, which PostgreSQL refuses)
    url = rt_client.app.state.manager.store.engine.url  # type: ignore[attr-defined]
    store = Store(url.render_as_string(hide_password=False))
    try:
        stored = store.load(table)
    finally:
        store.close()
    assert stored is not None
    wait = stored.steps[-1]
    attack = stored.steps[-2]
    assert (wait.seat, wait.action) == (CLOCK_SEAT, WAIT)
    assert attack.t is not None and wait.t == attack.t + 300


def test_bots_on_every_seat_play_on_their_own_clocks(rt_client: TestClient) -> None:
    made = create(rt_client, [bot("random"), bot("random")])
    table = made["table"]
    deadline = time.monotonic() + 30
    while rt_client.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    record = record_of(rt_client, table)
    assert {s.seat for s in record.steps if s.seat != CLOCK_SEAT} == {0, 1}
    assert sum(1 for _ in replay(record, verify=True)) == len(record.steps) + 1


def test_a_person_against_a_bot_with_the_bot_on_seat_zero(rt_client: TestClient) -> None:
    made = create(rt_client, [bot("random"), HUMAN])
    play_all([Player(rt_client, made["table"], made["seats"][1]["token"], 5)], 60)
    record = record_of(rt_client, made["table"])
    assert {s.seat for s in record.steps if s.seat != CLOCK_SEAT} == {0, 1}


def test_the_clock_origin_is_stored_and_times_never_go_back_across_a_restart(
        db_url: str, static_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    from warroom.server import realtime

    wall = [5_000_000_000]
    monkeypatch.setattr(realtime, "wall_ms", lambda: wall[0])
    config = {"options": {"cards": 3, "interval_ms": 0}}
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST)) as c:
        made = create(c, [HUMAN, OPEN], config)
        east = c.post(f"/api/tables/{made['table']}/join", json={"seat": 1}).json()["token"]
        with c.websocket_connect(f"/ws/tables/{made['table']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            _state(ws)
            wall[0] += 4_000
            ws.send_json({"type": "action", "action": "draw", "version": 0, "id": "1"})
            assert _state(ws)["reply_to"] == "1"
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            origin = conn.execute(select(TABLES.c.clock_origin).where(TABLES.c.id == made["table"])).scalar()
    finally:
        engine.dispose()
    assert origin is not None and wall[0] - origin >= 4_000
    # the server restarts a little later: the rebuilt table counts from the same origin
    wall[0] += 1_500
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST)) as c:
        with c.websocket_connect(f"/ws/tables/{made['table']}") as ws:
            ws.send_json({"type": "hello", "token": east})
            again = _state(ws)
            assert again["clock_ms"] == wall[0] - origin
            ws.send_json({"type": "action", "action": "draw", "version": 1, "id": "2"})
            assert _state(ws)["reply_to"] == "2"
        store_steps = c.app.state.manager.tables[made["table"]].steps  # type: ignore[attr-defined]
    times = [s.t for s in store_steps]
    assert times == [4_000, 5_500]


def test_turn_based_tables_are_not_pinged(client: TestClient) -> None:
    from tests.server.helpers import create as create_kessen

    made = create_kessen(client, [HUMAN, bot()])
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
        msg = _state(ws)
        assert msg["clock_ms"] is None
        assert all(s["latency_ms"] is None for s in msg["seats"])
        ws.send_json({"type": "pong", "id": "nothing"})  # a pong nobody asked for changes nothing
        ws.send_json({"type": "ping", "id": "p"})
        replies = [recv(ws)]
        while replies[-1]["type"] != "pong":
            replies.append(recv(ws))
        assert replies[-1] == {"type": "pong", "id": "p"}
        assert all(m["type"] == "state" for m in replies[:-1])  # the server sent no ping of its own
    assert json.dumps(msg)


def test_a_finished_real_time_table_replays_its_clock_steps(rt_client: TestClient) -> None:
    with _both_seats(rt_client, {"options": {"cards": 2, "interval_ms": 0, "answer_ms": 200}}) as (table, west, east):

        def play(ws: Any, action: str, key: str) -> dict[str, Any]:
            ws.send_json({"type": "action", "action": action, "version": 0, "id": key})
            msg = recv(ws)
            while msg.get("reply_to") != key:
                msg = recv(ws)
            assert msg["type"] == "state", msg
            return msg

        play(west, "draw", "w1")
        hand = play(west, "draw", "w2")["view"]["hand"]
        play(west, f"attack card={hand[0]['card']}", "w3")  # east lets it run out
        play(west, f"bank card={hand[1]['card']}", "w4")
        time.sleep(0.5)
        play(east, "draw", "e1")
        hand = play(east, "draw", "e2")["view"]["hand"]
        play(east, f"bank card={hand[0]['card']}", "e3")
        play(east, f"bank card={hand[1]['card']}", "e4")
    deadline = time.monotonic() + 10
    while rt_client.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    steps = rt_client.get(f"/api/tables/{table}/replay").json()["steps"]
    clock = [s for s in steps if s["seat"] == CLOCK_SEAT]
    assert len(clock) == 1 and clock[0]["action"] == WAIT
    assert clock[0]["text"] == "time passes: a deadline takes effect"


class GatedBot(Bot):
    """Answers the first attack on it with ``yield``, but only when the test lets it: meanwhile it
    is thinking, on a bot thread, and the table goes on without it."""

    name = "gated"
    needs_view = False

    def __init__(self) -> None:
        self.asked, self.release = threading.Event(), threading.Event()
        self.thread = ""

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str | None:
        if "yield" not in legal or self.asked.is_set():
            return None  # nothing now
        self.thread = threading.current_thread().name
        self.asked.set()
        self.release.wait(30)
        return "yield"


def test_a_bot_action_the_table_moved_past_while_it_thought_is_refused_when_it_lands(
        rt_client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from warroom import bots as bot_registry

    caplog.set_level(logging.DEBUG, logger="warroom.server")
    gated = GatedBot()
    monkeypatch.setitem(bot_registry._GENERIC, "gated", lambda: gated)
    made = create(rt_client, [bot("gated"), HUMAN], {"options": {"cards": 2, "interval_ms": 0, "answer_ms": 300}})
    table = made["table"]
    with rt_client.websocket_connect(f"/ws/tables/{table}") as ws:
        east = Conn(ws, made["seats"][1]["token"])
        east.act("draw", id="d")
        card = east.next_state()["view"]["hand"][0]["card"]
        east.act(f"attack card={card}", id="a")
        assert east.next_state()["view"]["attacks"][0] is not None
        assert gated.asked.wait(30), "the bot never saw the attack"
        # while the bot thinks, the attack's deadline passes: the clock resolves it as a yield
        while east.state["view"]["attacks"][0] is not None:
            east.next_state()
    gated.release.set()  # now the bot's yield lands, on an attack that is no longer there
    manager = rt_client.app.state.manager  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while not any("failed on landing: nobody is attacking you" in r.getMessage() for r in caplog.records):
        assert time.monotonic() < deadline, "the bot's action never landed"
        time.sleep(0.02)
    steps = manager.tables[table].steps
    assert [(s.seat, s.action) for s in steps] == [(1, "draw"), (1, f"attack card={card}"), (CLOCK_SEAT, WAIT)]
    assert gated.thread.startswith("warroom-rt-bot")
