"""Seats nobody can steal: a token and a join racing for a seat are decided under the table lock."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import HUMAN, Conn, create, recv
from warroom.server.protocol import ActionMessage
from warroom.server.tables import Refused, token_hash


class FakeConn:
    """A Listener that keeps what it is sent."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.log_sent = 0
        self.token_hash: str | None = None
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(text)


@pytest.mark.parametrize("hello_first", [True, False])
def test_a_hello_racing_a_join_never_leaves_a_revoked_token_seated(client: TestClient, hello_first: bool) -> None:
    t = create(client, [{"kind": "human", "open": True}, HUMAN], creator_seat=1)
    table_id, old = t["table"], t["seats"][0]["token"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    conn = FakeConn()

    async def race() -> list[Any]:
        table = await manager.open(table_id)
        hello = manager.hello(table, conn, old)
        join = manager.join(table_id, 0)
        both = [hello, join] if hello_first else [join, hello]
        return list(await asyncio.gather(*both, return_exceptions=True))

    outcomes = client.portal.call(race)
    hello_out, join_out = outcomes if hello_first else outcomes[::-1]
    seat = manager.tables[table_id].seats[0]
    if hello_first:  # the link took the seat; the lobby could not
        assert hello_out is None and conn.seat == 0 and conn.token_hash == seat.token_hash != token_hash(old)
        assert isinstance(join_out, Refused) and join_out.reason == "seat 0 (good) is already taken"
    else:  # the lobby took it with a fresh token; the old link holds nothing
        assert isinstance(hello_out, Refused) and hello_out.status == 403 and conn.seat is None
        assert seat.token_hash == token_hash(join_out.token) != token_hash(old)


def test_a_connection_whose_token_was_replaced_cannot_act(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN])
    table_id = t["table"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    conns = [FakeConn(), FakeConn()]

    async def go() -> str:
        table = await manager.open(table_id)
        for conn, ticket in zip(conns, t["seats"], strict=True):
            await manager.hello(table, conn, ticket["token"])
        mover = conns[table.game.deciders(table.state)[0]]
        action = table.game.legal_actions(table.state, mover.seat)[0]
        table.seats[mover.seat].token_hash = token_hash("a newer token")  # as a new claim would
        await manager.act(table, mover, ActionMessage(type="action", action=action, version=0, id="x"))
        assert table.version == 0
        return mover.sent[-1]

    last = client.portal.call(go)
    assert '"reason":"this connection\'s token no longer holds the seat"' in last


def test_an_invite_link_claims_its_seat_once_and_then_only_shows_the_table(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN])  # this browser (the creator) holds seat 0; seat 1 is invited
    table_id, link = t["table"], t["seats"][1]["token"]
    creator = dict(client.cookies)
    path = f"/ws/tables/{table_id}"

    def browser(cookies: dict[str, str]) -> None:
        client.cookies.clear()
        client.cookies.update(cookies)

    browser({})
    client.get("/api/me")  # a second browser: a cookie of its own
    guest = dict(client.cookies)
    with client.websocket_connect(path) as ws:
        claimant = Conn(ws, link)
        assert claimant.state["seat"] == 1 and claimant.state["seats"][1]["claimed"] is True
        granted = claimant.messages[0]
        assert granted["type"] == "seat" and granted["seat"] == 1 and granted["token"] != link
    fresh = claimant.token
    assert fresh == granted["token"]
    # a third browser that sees the used link is refused the seat and may only watch
    browser({})
    with client.websocket_connect(path) as ws:
        ws.send_json({"type": "hello", "token": link})
        assert recv(ws)["reason"] == ("this token holds no seat at this table (an invite link holds its seat "
                                      "only until the seat is claimed)")
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == 4003
    with client.websocket_connect(path) as ws:
        watcher = Conn(ws, spectate=False)  # no token, and this browser holds no seat: it watches
        assert watcher.state["seat"] is None and watcher.state["legal"] == []
    # the claimant comes back with its fresh token, or with its cookie alone
    with client.websocket_connect(path) as ws:
        assert Conn(ws, fresh).state["seat"] == 1
    browser(guest)
    with client.websocket_connect(path) as ws:
        assert Conn(ws, spectate=False).state["seat"] == 1
    browser(creator)
    with client.websocket_connect(path) as ws:
        assert Conn(ws, spectate=False).state["seat"] == 0
