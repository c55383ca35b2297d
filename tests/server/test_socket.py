"""What the WebSocket refuses, and that a refusal changes nothing."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import GAME, HUMAN, Conn, bot, create, recv
from warroom.server import connection, create_app
from warroom.server.connection import Limits, TokenBucket


def _version(client: TestClient, table: str) -> int:
    version: int = client.get(f"/api/tables/{table}").json()["version"]
    return version


def _live_hash(client: TestClient, table: str) -> str:
    live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    digest: str = GAME.hash(live.state)
    return digest


def test_stale_illegal_malformed_and_oversized_messages_are_refused_and_change_nothing(client: TestClient) -> None:
    t = create(client, [HUMAN, bot()], seed=4)
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        me = Conn(ws, t["seats"][0]["token"])
        state = me.my_turn_or_end()
        version, digest = state["version"], _live_hash(client, table)
        legal = state["legal"][0]["action"]
        cases: list[tuple[Any, str]] = [
            ({"type": "action", "action": legal, "version": version + 1, "id": "s1"}, "stale"),
            ({"type": "action", "action": "discard card=999", "version": version, "id": "i1"}, ""),
            ({"type": "action", "action": "pass pass", "version": version, "id": "m1"}, "malformed action"),
            ({"type": "action", "action": "", "version": version, "id": "e1"}, "empty action"),
            ({"type": "action", "action": legal, "id": "v1"}, "version: Field required"),
            ({"type": "action", "action": legal, "version": "x", "id": "v2"}, "version"),
            ({"type": "action", "action": legal, "version": version, "extra": 1, "id": "x1"}, "extra"),
            ({"type": "dance", "id": "d1"}, "unknown message type 'dance'"),
            ({"type": "action", "action": "x" * 5000, "version": version}, "too large"),
            ([1, 2, 3], "must be a JSON object"),
            ("{not json", "malformed JSON"),
            ({"type": "hello"}, "already said"),
        ]
        for message, reason in cases:
            if isinstance(message, str):
                ws.send_text(message)
            else:
                ws.send_json(message)
            error = me.next_error()
            assert reason in error["reason"] and error["reason"].strip() and "\n" not in error["reason"]
            assert error["version"] == version
            if isinstance(message, dict) and "id" in message and len(json.dumps(message)) < 4096:
                assert error["reply_to"] == message["id"]
        ws.send_bytes(b"\x00\x01")
        assert "binary" in me.next_error()["reason"]
        assert _version(client, table) == version and _live_hash(client, table) == digest
        me.send(type="ping", id="p1")
        assert me.next() == {"type": "pong", "id": "p1"}
        # and the seat can still play the action it was offered
        me.act(legal, id="ok")
        reply = me.next_state()
        assert reply["reply_to"] == "ok" and reply["version"] == version + 1


def test_a_token_acts_for_its_own_seat_only(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN])
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as w0, client.websocket_connect(f"/ws/tables/{table}") as w1:
        good = Conn(w0, t["seats"][0]["token"])
        evil = Conn(w1, t["seats"][1]["token"])
        good.next_state()  # evil arrived
        mover, waiter = (good, evil) if good.state["legal"] else (evil, good)
        assert waiter.state["legal"] == []
        version = mover.state["version"]
        for action in mover.state["legal"]:
            waiter.act(action["action"], version=version, id="steal")
            error = waiter.next_error()
            assert "has no decision to make now" in error["reason"] and error["reply_to"] == "steal"
        assert _version(client, table) == version


def test_a_spectator_gets_no_legal_actions_and_cannot_act(client: TestClient) -> None:
    t = create(client, [HUMAN, bot()], seed=9)
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as w0, client.websocket_connect(f"/ws/tables/{table}") as ws:
        me = Conn(w0, t["seats"][0]["token"])
        state = me.my_turn_or_end()
        spectator = Conn(ws)
        assert spectator.state["seat"] is None and spectator.state["legal"] == []
        assert spectator.state["version"] == state["version"] and "hand" not in spectator.state["view"]
        assert all(d["prompt"] is None for d in spectator.state["decisions"])
        spectator.act(state["legal"][0]["action"], id="peek")
        error = spectator.next_error()
        assert error["reason"] == "spectators cannot act" and error["reply_to"] == "peek"
        assert _version(client, table) == state["version"]


def test_unknown_token_unknown_table_and_no_hello(db_url: str, static_dir: Path) -> None:
    app = create_app(db_url, static_dir=static_dir, bot_delay=0, limits=Limits(hello_seconds=0.2))
    with TestClient(app) as client:
        t = create(client, [HUMAN, HUMAN])  # open: nothing moves
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            ws.send_json({"type": "hello", "token": "x" * 32})
            assert "no seat" in recv(ws)["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                recv(ws)
            assert closed.value.code == 4003
        with client.websocket_connect("/ws/tables/nowhere") as ws:
            assert recv(ws)["reason"] == "no table nowhere"
            with pytest.raises(WebSocketDisconnect) as closed:
                recv(ws)
            assert closed.value.code == 4004
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            ws.send_json({"type": "action", "action": "pass", "version": 0, "id": "early"})
            assert recv(ws) == {"type": "error", "reason": "send hello first", "reply_to": "early", "version": 0}
            assert "no hello within" in recv(ws)["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                recv(ws)
            assert closed.value.code == 4008


def test_more_than_the_rate_limit_is_refused_as_too_fast(
        db_url: str, static_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the buckets read a clock the test moves, so how fast this machine answers changes nothing
    now = [1000.0]
    monkeypatch.setattr(connection, "TokenBucket", functools.partial(TokenBucket, clock=lambda: now[0]))
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0)) as client:
        t = create(client, [HUMAN, bot()])
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            Conn(ws)  # the hello took one of the 40

            def pings(n: int, key: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
                for i in range(n):
                    ws.send_json({"type": "ping", "id": f"{key}{i}"})
                answers = [recv(ws) for _ in range(n)]
                return [a for a in answers if a["type"] == "pong"], [a for a in answers if a["type"] == "error"]

            pongs, refused = pings(60, "a")
            assert len(pongs) == 39 and len(refused) == 21
            assert all("too fast: at most 20 messages a second" in a["reason"] for a in refused)
            now[0] += 0.25  # the bucket refills at 20 a second: 5 more
            pongs, refused = pings(6, "b")
            assert [p["id"] for p in pongs] == [f"b{i}" for i in range(5)] and len(refused) == 1


def test_token_bucket_allows_a_burst_then_the_rate() -> None:
    now = [0.0]
    bucket = TokenBucket(rate=20, burst=40, clock=lambda: now[0])
    assert sum(bucket.take() for _ in range(100)) == 40
    now[0] += 0.5
    assert sum(bucket.take() for _ in range(100)) == 10
    now[0] += 100
    assert sum(bucket.take() for _ in range(100)) == 40
