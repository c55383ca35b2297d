"""Whole games over the WebSocket, and what every connection was told during them."""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient

from tests.server.helpers import (
    GAME,
    HUMAN,
    Conn,
    bot,
    check_messages,
    create,
    expected,
    play_against_bots,
    play_humans,
    record_of,
)
from warroom.engine.record import replay


def test_human_against_a_bot_plays_to_the_end_and_every_message_is_what_its_seat_may_see(
    client: TestClient,
) -> None:
    t = create(client, [HUMAN, bot()], seed=11)
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as sws:
        spectator = Conn(sws)
        assert spectator.state["seat"] is None and spectator.state["legal"] == []
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            me = Conn(ws, t["seats"][0]["token"])
            assert me.state["seat"] == 0
            final = play_against_bots(me, random.Random(1))
        while spectator.state["result"] is None:
            spectator.next_state()
    record = record_of(client, table)
    assert len(record.steps) == final["version"]
    assert record.result == final["result"] == spectator.state["result"]
    assert sum(1 for _ in replay(record, verify=True)) == len(record.steps) + 1
    assert check_messages(record, 0, me.messages) > 5
    assert check_messages(record, None, spectator.messages) >= final["version"]
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "finished" and summary["version"] == final["version"]
    assert summary["result"] == final["result"]


def test_two_humans_play_each_other_and_neither_nor_a_spectator_sees_the_other_hand(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN])
    table = t["table"]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as w0,
        client.websocket_connect(f"/ws/tables/{table}") as w1,
        client.websocket_connect(f"/ws/tables/{table}") as ws,
    ):
        good = Conn(w0, t["seats"][0]["token"])
        assert good.state["legal"] == [], "nobody acts while the table is open"
        assert client.get(f"/api/tables/{table}").json()["status"] == "open"
        evil = Conn(w1, t["seats"][1]["token"])
        assert evil.state["seat"] == 1
        started = good.next_state()  # the last seat arrived: the table starts, and good hears it
        assert all(s["claimed"] and s["connected"] for s in started["seats"])
        assert (started["legal"] != []) != (evil.state["legal"] != []), "exactly one seat decides"
        spectator = Conn(ws)
        version = play_humans([good, evil, spectator], random.Random(2))
    record = record_of(client, table)
    assert len(record.steps) == version
    for seat, conn in ((0, good), (1, evil), (None, spectator)):
        assert check_messages(record, seat, conn.messages) > version // 3


def test_replay_endpoint_shows_every_step_from_each_point_of_view(client: TestClient) -> None:
    t = create(client, [HUMAN, bot()], seed=3)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        play_against_bots(Conn(ws, t["seats"][0]["token"]), random.Random(3))
    record = record_of(client, t["table"])
    for seat, query in ((0, "?seat=0"), (1, "?seat=1"), (None, "")):
        r = client.get(f"/api/tables/{t['table']}/replay{query}")
        assert r.status_code == 200
        body = r.json()
        views, _, log, _ = expected(record, seat)
        assert [s["index"] for s in body["steps"]] == list(range(len(record.steps) + 1))
        assert [s["view"] for s in body["steps"]] == views
        assert [e for s in body["steps"] for e in s["log"]] == log
        assert [s["action"] for s in body["steps"][1:]] == [s.action for s in record.steps]
        assert all(s["text"] for s in body["steps"][1:])
    everything = client.get(f"/api/tables/{t['table']}/replay?seat=all").json()
    last = everything["steps"][-1]
    assert [v["hand"] for v in last["views"]] == [expected(record, p)[0][-1]["hand"] for p in (0, 1)]
    assert any("card" in json.dumps(e) for s in everything["steps"] for e in s["log"])
    assert client.get(f"/api/tables/{t['table']}/replay?seat=7").status_code == 400
    assert GAME.name == record.game
