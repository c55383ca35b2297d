"""Seats nobody can steal: a token and a join racing for a seat are decided under the table lock."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, create
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
        assert hello_out is None and conn.seat == 0 and conn.token_hash == seat.token_hash == token_hash(old)
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
