"""Denial-of-service limits (docs/protocol.md, *Limits*) and the handler crashes of issue 7, each
with its clear error; a damaged database answers 503 and stops start-up with one line."""

from __future__ import annotations

import itertools
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import FAST
from tests.server.helpers import HUMAN, SHORT, Conn, bot, create, recv
from tests.server.live import http, live_server
from warroom.server import create_app
from warroom.server.limits import CreationLimiter, ServerLimits


def test_table_creation_is_rate_limited_per_address_and_capped_in_total(db_url: str, static_dir: Path) -> None:
    caps = ServerLimits(create_burst=3, create_per_minute=60, max_tables=4)
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST, server_limits=caps)) as c:
        body = {"game": "kessen", "config": SHORT, "seats": [HUMAN, HUMAN]}
        assert [c.post("/api/tables", json=body).status_code for _ in range(3)] == [200, 200, 200]
        r = c.post("/api/tables", json=body)
        assert r.status_code == 429
        assert r.json()["detail"] == "too many tables created from your address; try again in 1 s"
        time.sleep(1.05)  # one more a second
        assert c.post("/api/tables", json=body).status_code == 200
        time.sleep(1.05)
        r = c.post("/api/tables", json=body)
        assert r.status_code == 503 and r.json()["detail"] == "the server is full (4 tables in play); try again later"
        assert len(c.get("/api/tables").json()) == 4


def test_the_creation_bucket_forgets_the_oldest_addresses() -> None:
    now = [0.0]
    limiter = CreationLimiter(burst=2, per_minute=6, keep=3, clock=lambda: now[0])
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 10.0]
    for address in "bcd":
        limiter.take(address)
    assert list(limiter.buckets) == ["b", "c", "d"]  # bounded memory
    now[0] += 10
    assert limiter.take("a") == 0.0
    assert CreationLimiter(burst=1, per_minute=0).take("x") == 0.0  # 0: no limit


def test_a_chunked_body_over_the_limit_is_refused(client: TestClient) -> None:
    chunks = iter([b"[" + b"0," * 20_000] * 3 + [b"0]"])  # no Content-Length: sent chunked
    r = client.post("/api/tables", content=chunks, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["detail"] == "request body too large (at most 65536 bytes)"
    assert client.get("/api/tables").json() == []
    assert client.get("/api/health").json() == {"status": "ok"}


def _closed(sock: socket.socket, seconds: float) -> bytes:
    """What the server sends before it closes the socket (fails if it keeps it open)."""
    sock.settimeout(seconds)
    got = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return got
        got += chunk


def test_half_sent_requests_time_out_and_connections_are_capped(db_url: str) -> None:
    caps = ServerLimits(header_seconds=0.3, body_seconds=0.3, max_connections=20)
    with live_server(db_url, caps) as address:
        host, port = address.split(":")
        head = socket.create_connection((host, int(port)))
        head.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # the head never ends
        started = time.monotonic()
        assert _closed(head, 5) == b""
        assert 0.25 < time.monotonic() - started < 2.0
        body = socket.create_connection((host, int(port)))
        body.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"game\"")  # the body never ends
        answer = _closed(body, 5)
        assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive within 0.3 s" in answer
        # more sockets than the cap: the extra ones are closed at once, and the server still answers
        idle = [socket.create_connection((host, int(port))) for _ in range(30)]
        shut = sum(1 for s in idle if _closed(s, 5) == b"")
        assert shut == 30  # the first 20 by the head deadline, the rest at once
        assert http(address, "GET", "/api/health") == (200, {"status": "ok"})
        for s in [head, body, *idle]:
            s.close()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 1000 + "]" * 1000, "malformed JSON: nested more than 8 deep"),
        ('{"type": "ping", "id": "\\ud800"}', "malformed JSON: a string holds a lone surrogate (not Unicode text)"),
        ('{"type": "hello", "token": "\\udfff"}', "a lone surrogate"),
        ('{"type": "action", "action": "pass verb=1", "version": 0, "id": "v"}', None),
    ],
)
def test_hostile_messages_get_an_error_and_the_connection_lives_on(
    client: TestClient, text: str, reason: str | None
) -> None:
    t = create(client, [HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/tables/{t['table']}") as w1, \
            client.websocket_connect(f"/ws/tables/{t['table']}") as w0:
        Conn(w1, t["seats"][1]["token"])
        me = Conn(w0, t["seats"][0]["token"])
        w0.send_text(text)
        error = me.next_error()
        if reason is None:  # an action with an unexpected key is just not a legal action
            assert error["reply_to"] == "v" and ("not a legal" in error["reason"] or "no decision" in error["reason"])
        else:
            assert reason in error["reason"] and error["reply_to"] is None
        w0.send_json({"type": "ping", "id": "alive"})
        assert recv(w0) == {"type": "pong", "id": "alive"}
        assert client.get(f"/api/tables/{t['table']}").json()["version"] == 0


def test_replay_seat_must_be_ascii_digits(client: TestClient) -> None:
    t = create(client, [bot(), bot()], seed=1)
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{t['table']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    for seat in ("²", "①", "٣", "9" * 5000, "-1", "2", " 1"):
        r = client.get(f"/api/tables/{t['table']}/replay", params={"seat": seat})
        assert r.status_code == 400, seat
        assert r.json()["detail"].startswith("seat must be 0-1 or all, not ")
        assert len(r.json()["detail"]) < 80
    assert client.get(f"/api/tables/{t['table']}/replay", params={"seat": "1"}).status_code == 200


def test_a_damaged_database_answers_503_and_start_up_stops_with_one_line(tmp_path: Path, static_dir: Path) -> None:
    db = tmp_path / "w.db"
    url = f"sqlite:///{db}"
    with TestClient(create_app(url, static_dir=static_dir, bot_delay=0)) as c:
        done = create(c, [bot(), bot()], seed=1)["table"]
        waiting = create(c, [HUMAN, HUMAN])["table"]
        deadline = time.monotonic() + 30
        while c.get(f"/api/tables/{done}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE tables SET result = '{nope' WHERE id = ?", (done,))
        con.execute("UPDATE tables SET config = '{nope' WHERE id = ?", (waiting,))
    with TestClient(create_app(url, static_dir=static_dir, bot_delay=0)) as c:
        for path in ("record", "replay"):
            r = c.get(f"/api/tables/{done}/{path}")
            assert r.status_code == 503 and r.json()["detail"] == "the database could not be read; try again later"
        assert c.get(f"/api/tables/{waiting}").status_code == 503
        assert c.get("/api/health").status_code == 200
    # a file that is not a database at all: `warroom serve` says so in one line, no traceback
    with db.open("r+b") as f:
        f.write(b"not a database" * 10)
    done_run = subprocess.run([sys.executable, "-m", "warroom.cli", "serve", "--port", "0", "--database", url],
                              capture_output=True, text=True, timeout=60)
    assert done_run.returncode == 2
    assert done_run.stdout == ""
    assert done_run.stderr.strip() == f"error: database {url}: (sqlite3.DatabaseError) file is not a database"


def test_the_autopilot_waits_the_bot_delay(db_url: str, static_dir: Path) -> None:
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0.25, limits=FAST)) as c:
        t = create(c, [HUMAN, HUMAN], decision_seconds=0.01)
        with c.websocket_connect(f"/ws/tables/{t['table']}") as w1, \
                c.websocket_connect(f"/ws/tables/{t['table']}") as w0:
            Conn(w1, t["seats"][1]["token"])
            me = Conn(w0, t["seats"][0]["token"])
            times = []
            for version in range(1, 5):  # nobody acts: the autopilot plays both seats
                me.until(version)
                times.append(time.monotonic())
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert all(gap > 0.2 for gap in gaps), gaps
