"""Who you are: a player per browser (an HttpOnly cookie), seats that come back in any tab,
"your tables", resigning, leaving an open table, and abandoned tables."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from tests.server.conftest import FAST
from tests.server.helpers import HUMAN, Conn, bot, create, record_of
from warroom.server import create_app
from warroom.server.limits import ServerLimits
from warroom.server.players import COOKIE


def test_a_browser_gets_a_long_lived_httponly_player_cookie_and_a_name(client: TestClient) -> None:
    r = client.get("/api/me")
    assert r.status_code == 200 and r.json() == {"name": None, "tables": []}
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Max-Age=34560000" in cookie and "Path=/" in cookie
    assert "set-cookie" not in client.get("/api/me").headers  # kept, not replaced
    assert client.post("/api/me", json={"name": "  Ann   Lee "}).json() == {"name": "Ann Lee"}
    assert client.get("/api/me").json()["name"] == "Ann Lee"
    for bad in ("", "   ", "x" * 41, "a\u0007b"):
        r = client.post("/api/me", json={"name": bad})
        assert r.status_code == 400 and r.json()["detail"] == "a name is 1 to 40 characters, without control characters"


def test_any_tab_of_the_browser_returns_to_its_seat_and_another_browser_does_not(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN])  # this browser creates: Good is its seat
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as tab:  # a new tab: no seat token at all
        assert Conn(tab, spectate=False).state["seat"] == 0
    with client.websocket_connect(f"/ws/tables/{table}") as tab:
        tab.send_json({"type": "hello", "spectate": True})  # the "watch" link
        assert tab.receive_json()["seat"] is None
    mine = client.get("/api/me").json()["tables"]
    assert [(m["table"], m["my_seat"]) for m in mine] == [(table, 0)]
    # another browser: its own cookie, no seat here, and it cannot take the creator's
    ours = dict(client.cookies)
    client.cookies.clear()
    with client.websocket_connect(f"/ws/tables/{table}") as other:
        assert Conn(other, spectate=False).state["seat"] is None
    assert client.get("/api/me").json()["tables"] == []
    r = client.post(f"/api/tables/{table}/join", json={"seat": 0})
    assert r.status_code == 409
    # the invite link still works in that other browser, and the seat is then its player's
    with client.websocket_connect(f"/ws/tables/{table}") as other:
        assert Conn(other, t["seats"][1]["token"]).state["seat"] == 1
    with client.websocket_connect(f"/ws/tables/{table}") as other:
        assert Conn(other, spectate=False).state["seat"] == 1
    client.cookies.clear()
    client.cookies.update(ours)
    with client.websocket_connect(f"/ws/tables/{table}") as tab:
        assert Conn(tab, spectate=False).state["seat"] == 0


def test_resigning_ends_the_game_at_once_and_the_other_seat_wins(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN])
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as w0, client.websocket_connect(f"/ws/tables/{table}") as w1:
        good = Conn(w0, t["seats"][0]["token"])
        evil = Conn(w1, t["seats"][1]["token"])
        good.next_state()
        good.send(type="leave", id="l")
        assert good.next_error()["reason"] == "only a table that has not started can be left; resign instead"
        evil.send(type="resign", id="r")
        final = evil.next_state()
        assert final["result"] == {"winners": [0], "reason": "evil resigned", "scores": {"resigned": 1}}
        assert final["version"] == 0 and final["legal"] == [] and final["fairness"]["seed"] is not None
        assert good.next_state()["result"] == final["result"]
        evil.send(type="resign", id="again")
        assert evil.next_error()["reason"] == "the game is over"
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "finished" and summary["result"]["reason"] == "evil resigned"
    record = record_of(client, table)
    assert record.result == final["result"] and record.steps == []


def test_leaving_an_open_table_frees_the_seat_and_the_last_one_out_abandons_it(client: TestClient) -> None:
    t = create(client, [HUMAN, {"kind": "human", "open": True}])
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as tab, client.websocket_connect(f"/ws/tables/{table}") as w0:
        other_tab = Conn(tab, spectate=False)
        me = Conn(w0, spectate=False)
        assert me.state["seat"] == other_tab.state["seat"] == 0
        me.send(type="resign")
        assert me.next_error()["reason"] == "the table is waiting for players to join"
        me.send(type="leave", id="bye")
        final = me.next_state()
        assert final["seat"] is None and final["result"] == {"winners": [], "reason": "abandoned",
                                                             "scores": {"abandoned": True}}
        assert other_tab.next_state()["seat"] is None  # the same seat's other tab watches now
    assert client.get(f"/api/tables/{table}").json()["status"] == "finished"
    # a seat joined from the lobby by another browser is that browser's, in any of its tabs
    u = create(client, [{"kind": "human", "open": True}, HUMAN], creator_seat=1)
    ours = dict(client.cookies)
    client.cookies.clear()
    assert client.post(f"/api/tables/{u['table']}/join", json={}).json()["seat"] == 0
    with client.websocket_connect(f"/ws/tables/{u['table']}") as w:
        joiner = Conn(w, spectate=False)
        assert joiner.state["seat"] == 0 and joiner.state["result"] is None
    client.cookies.clear()
    client.cookies.update(ours)
    with client.websocket_connect(f"/ws/tables/{u['table']}") as w:
        assert Conn(w, spectate=False).state["seat"] == 1


def test_abandoned_tables_end_unless_the_autopilot_plays(db_url: str, static_dir: Path) -> None:
    caps = ServerLimits(abandon_seconds=0.3)
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST, server_limits=caps)) as c:
        quiet = create(c, [HUMAN, HUMAN])["table"]
        clocked = create(c, [HUMAN, bot()], decision_seconds=60)["table"]  # runs at once
        summary = c.get(f"/api/tables/{quiet}").json()
        # away while it runs; on a slow machine the 0.3 s may already have ended it (checked below)
        assert summary["when_abandoned"] == "ended"
        assert summary["away"] is True or summary["status"] == "finished"
        assert c.get(f"/api/tables/{clocked}").json()["when_abandoned"] == "autopilot"
        deadline = time.monotonic() + 10
        while c.get(f"/api/tables/{quiet}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert c.get(f"/api/tables/{quiet}").json()["result"]["reason"] == "abandoned"
        assert c.get(f"/api/tables/{clocked}").json()["status"] == "running"  # the autopilot plays on
        # someone connected: not away, so not abandoned
        t = create(c, [HUMAN, HUMAN])
        with c.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            Conn(ws, spectate=False)
            time.sleep(0.8)
            assert c.get(f"/api/tables/{t['table']}").json()["status"] == "open"
            assert c.get(f"/api/tables/{t['table']}").json()["away"] is False


def test_each_decision_carries_its_deadline_when_the_table_has_a_time_limit(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN], decision_seconds=30)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as w0, \
            client.websocket_connect(f"/ws/tables/{t['table']}") as w1:
        good = Conn(w0, t["seats"][0]["token"])
        assert [d["time_left_ms"] for d in good.state["decisions"]] == [None]  # open: no clock yet
        evil = Conn(w1, t["seats"][1]["token"])
        left = [d["time_left_ms"] for d in evil.state["decisions"]]
        assert len(left) == 1 and 25_000 < left[0] <= 30_000
    untimed = create(client, [HUMAN, bot()])
    with client.websocket_connect(f"/ws/tables/{untimed['table']}") as ws:
        assert all(d["time_left_ms"] is None for d in Conn(ws).state["decisions"])
