"""A server table at a decision the seats take at once (``Game.simultaneous``): LTK's general pick.

The server (being split into units for issue 31) still treats the pick as sequential: an answer
made at the version a seat saw is refused as stale once another seat's answer has landed, though
neither answer depends on the other. This test states what the server must do; its ``xfail``
goes when the server's stale check lets a seat still deciding at once answer at any version of
that decision."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, Conn, create


@pytest.mark.xfail(strict=True, reason="issue 31: the server refuses as stale a pick made while another landed")
def test_two_people_picking_generals_at_once_are_both_accepted(client: TestClient) -> None:
    # the three-player variant: every seat is dealt its offers and all three pick at once
    t = create(client, [HUMAN, HUMAN, HUMAN], game="ltk",
               config={"players": 3, "variants": ["three-player"]})
    table = t["table"]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as w0,
        client.websocket_connect(f"/ws/tables/{table}") as w1,
        client.websocket_connect(f"/ws/tables/{table}") as w2,
    ):
        conns = [Conn(w, t["seats"][i]["token"]) for i, w in enumerate((w0, w1, w2))]
        first, second = (conn.my_turn_or_end()["legal"][0]["action"] for conn in conns[:2])
        assert conns[0].state["version"] == conns[1].state["version"] == 0
        conns[0].act(first, version=0)
        conns[1].act(second, version=0)  # made at the version seat 1 saw, before seat 0's landed
        assert conns[1].next_state()["version"] >= 1
        assert conns[1].until(2)["version"] == 2
