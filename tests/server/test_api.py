"""The lobby REST API, the browser client's pages, and what the database keeps of tokens."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import HUMAN, SHORT, Conn, bot, create, recv
from warroom.server import create_app
from warroom.server.db import Base, make_engine


def test_health_games_and_rules(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"status": "ok"}
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert "random" in games["kessen"]["bots"] and games["kessen"]["players"] == [2]
    assert [name for name, g in games.items() if g["starter"]] == ["kessen"]  # the lobby opens on it
    rules = client.get("/api/games/kessen/rules").json()
    assert rules["game"] == "kessen" and sum(len(e["ids"]) for s in rules["sections"] for e in s["entries"]) > 200
    r = client.get("/api/games/chess/rules")
    assert r.status_code == 404 and "unknown game" in r.json()["detail"]
    assert client.get("/openapi.json").json()["paths"]["/api/tables"]
    assert client.get("/docs").status_code == 200


def test_create_hands_out_a_secret_token_and_invite_link_per_human_seat(client: TestClient, db_url: str) -> None:
    t = create(client, [HUMAN, bot()])
    human, robot = t["seats"]
    assert (human["seat"], human["name"], human["kind"]) == (0, "good", "human")
    token = human["token"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{32}", token)  # 24 random bytes: 192 bits
    assert human["url"] == f"/table/{t['table']}#seat=0&token={token}"
    assert human["creator"] is True
    assert robot == {"seat": 1, "name": "evil", "kind": "bot", "bot": "random", "token": None, "url": None,
                     "creator": False}
    assert t["spectate_url"] == f"/table/{t['table']}"
    other = create(client, [HUMAN, HUMAN])
    tokens = {token, *(s["token"] for s in other["seats"])}
    assert len(tokens) == 3
    # the database holds the tokens' SHA-256 only, never the tokens themselves
    engine = make_engine(db_url)
    with engine.connect() as c:
        stored = " ".join(str(row) for table in Base.metadata.sorted_tables for row in c.execute(select(table)))
    engine.dispose()
    for tok in tokens:
        assert tok not in stored
        assert hashlib.sha256(tok.encode()).hexdigest() in stored


@pytest.mark.parametrize(
    ("body", "status", "reason"),
    [
        ({"game": "chess", "seats": [HUMAN, HUMAN]}, 400, "unknown game 'chess'"),
        ({"game": "kessen", "seats": [HUMAN]}, 400, "for 2 players, not 1"),
        ({"game": "kessen", "seats": [HUMAN, HUMAN, HUMAN]}, 400, "for 2 players, not 3"),
        ({"game": "kessen", "config": {"players": 2}, "seats": [HUMAN]}, 400, "has 2 seats"),
        ({"game": "kessen", "config": {"options": {"max_rounds": 0}}, "seats": [HUMAN, HUMAN]}, 400, "at least 1"),
        ({"game": "kessen", "config": {"variants": ["dragon"]}, "seats": [HUMAN, HUMAN]}, 400, "no variant"),
        ({"game": "kessen", "seats": [HUMAN, bot("genius")]}, 400, "no bot 'genius'"),
        ({"game": "kessen", "seats": [HUMAN, HUMAN], "autopilot": "genius"}, 400, "no bot 'genius'"),
        ({"game": "kessen", "seats": [HUMAN, {"kind": "alien"}]}, 422, "seats.1"),
        ({"game": "kessen", "seats": [HUMAN, HUMAN], "decision_seconds": -1}, 422, "decision_seconds"),
        ({"game": "kessen", "seats": [HUMAN, HUMAN], "seed": -5}, 422, "seed"),
        ({"game": "kessen", "seats": [HUMAN, HUMAN], "colour": "red"}, 422, "colour"),
        ({"seats": [HUMAN, HUMAN]}, 422, "game"),
    ],
)
def test_create_refuses_bad_tables_with_a_one_line_reason(
    client: TestClient, body: dict[str, object], status: int, reason: str
) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and reason in detail
    assert client.get("/api/tables").json() == []


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and isinstance(r.json()["detail"], str)
    r = client.post("/api/tables", content=b"x" * 70_000, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["detail"]


def test_table_summary_listing_and_not_found(client: TestClient) -> None:
    first = create(client, [HUMAN, HUMAN])
    second = create(client, [bot(), bot()], seed=2)  # no human seat: it starts (and may end) at once
    summary = client.get(f"/api/tables/{first['table']}").json()
    assert summary["status"] == "open" and summary["version"] == 0 and summary["result"] is None
    assert summary["game"] == "kessen" and summary["config"]["options"]["max_rounds"] == SHORT["options"]["max_rounds"]
    # the creator's seat is claimed from the start; the invited one waits for its link
    assert [(s["kind"], s["claimed"], s["connected"], s["open"]) for s in summary["seats"]] == [
        ("human", True, False, False), ("human", False, False, False)]
    assert "token" not in str(summary)
    listed = [t["table"] for t in client.get("/api/tables").json()]
    assert listed == [second["table"], first["table"]]  # newest first
    assert [t["table"] for t in client.get("/api/tables?status=open").json()] == [first["table"]]
    assert client.get("/api/tables?status=lost").status_code == 400
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/nope/record").status_code == 404
    assert client.post("/api/tables/nope/join", json={}).status_code == 404


def test_only_an_open_seat_can_be_joined_and_its_old_link_stops_working(client: TestClient) -> None:
    t = create(client, [{"kind": "human", "open": True}, HUMAN], creator_seat=1)
    table = t["table"]
    assert [(s["seat"], s["creator"]) for s in t["seats"]] == [(0, False), (1, True)]
    r = client.post(f"/api/tables/{table}/join", json={"seat": 1})
    assert r.status_code == 409 and r.json()["detail"] == "seat 1 (evil) is already taken"  # the creator's
    assert client.post(f"/api/tables/{table}/join", json={"seat": 4}).status_code == 400
    assert client.get(f"/api/tables/{table}").json()["status"] == "open"
    r = client.post(f"/api/tables/{table}/join", json={})  # the first open seat
    assert r.status_code == 200
    ticket = r.json()
    assert ticket["seat"] == 0 and ticket["token"] != t["seats"][0]["token"]
    assert ticket["url"] == f"/table/{table}#seat=0&token={ticket['token']}"
    assert client.get(f"/api/tables/{table}").json()["status"] == "running"
    again = client.post(f"/api/tables/{table}/join", json={"seat": 0})
    assert again.status_code == 409 and "already taken" in again.json()["detail"]
    assert client.post(f"/api/tables/{table}/join", json={}).status_code == 409
    # the link handed out at creation no longer holds seat 0; the joined token does
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "token": t["seats"][0]["token"]})
        error = recv(ws)
        assert error["type"] == "error" and "no seat" in error["reason"]
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == 4003
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        assert Conn(ws, ticket["token"]).state["seat"] == 0
    robot = create(client, [HUMAN, bot()])
    r = client.post(f"/api/tables/{robot['table']}/join", json={"seat": 1})
    assert r.status_code == 409 and "is a bot" in r.json()["detail"]


def test_an_invited_seat_and_the_creators_seat_cannot_be_sniped(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN])
    table = t["table"]
    for seat, reason in ((0, "seat 0 (good) is already taken"),
                         (1, "seat 1 (evil) is taken only with its invite link")):
        r = client.post(f"/api/tables/{table}/join", json={"seat": seat})
        assert r.status_code == 409 and r.json()["detail"] == reason
    r = client.post(f"/api/tables/{table}/join", json={})
    assert r.status_code == 409 and r.json()["detail"] == "no seat at this table is open to join"
    # both links still hold their seats
    with client.websocket_connect(f"/ws/tables/{table}") as w0, client.websocket_connect(f"/ws/tables/{table}") as w1:
        assert Conn(w0, t["seats"][0]["token"]).state["seat"] == 0
        assert Conn(w1, t["seats"][1]["token"]).state["seat"] == 1
    r = client.post("/api/tables", json={"game": "kessen", "seats": [bot(), HUMAN], "creator_seat": 0})
    assert r.status_code == 400 and r.json()["detail"] == "creator_seat 0 is not a human seat of this table"


@pytest.mark.parametrize(
    ("content", "headers", "status", "reason"),
    [
        (b"", {}, 415, "the body must be JSON (Content-Type: application/json)"),
        (b"seat=0", {"content-type": "application/x-www-form-urlencoded"}, 415, "must be JSON"),
        (b'{"seat": 0}', {"content-type": "text/plain"}, 415, "must be JSON"),
        (b"--x--", {"content-type": "multipart/form-data; boundary=x"}, 415, "must be JSON"),
        (b"{}", {"content-type": "application/json", "origin": "https://evil.example"}, 403,
         "a request from another site is refused"),
        (b"", {"content-type": "application/json"}, 422, "body"),
    ],
)
def test_join_and_create_refuse_anything_but_the_clients_json(
    client: TestClient, content: bytes, headers: dict[str, str], status: int, reason: str
) -> None:
    """What a cross-site form (or a script without a CORS preflight) can send is refused."""
    t = create(client, [{"kind": "human", "open": True}, HUMAN], creator_seat=1)
    for path in (f"/api/tables/{t['table']}/join", "/api/tables"):
        r = client.post(path, content=content, headers=headers)
        assert r.status_code == status, r.text
        assert reason in r.json()["detail"]
    assert client.get(f"/api/tables/{t['table']}").json()["seats"][0]["claimed"] is False
    assert len(client.get("/api/tables").json()) == 1
    ok = client.post(f"/api/tables/{t['table']}/join", json={},
                     headers={"origin": "http://testserver"})  # the client's own page
    assert ok.status_code == 200


def test_record_and_replay_are_refused_while_the_game_runs(client: TestClient) -> None:
    t = create(client, [HUMAN, bot()])
    for path in ("record", "replay"):
        r = client.get(f"/api/tables/{t['table']}/{path}")
        assert r.status_code == 409 and "when the game ends" in r.json()["detail"]


def test_pages_and_static_files(client: TestClient) -> None:
    assert "lobby page" in client.get("/").text
    assert "table page" in client.get("/table/abc123").text
    assert "replay page" in client.get("/replay/abc123").text
    js = client.get("/static/app.js")
    assert js.status_code == 200 and "ok = true" in js.text
    assert client.get("/static/missing.js").status_code == 404


def test_pages_say_so_when_the_client_is_missing(db_url: str, tmp_path: Path) -> None:
    with TestClient(create_app(db_url, static_dir=tmp_path / "nothing", bot_delay=0)) as c:
        r = c.get("/")
        assert r.status_code == 404 and "not installed" in r.json()["detail"]
        assert c.get("/api/health").status_code == 200
