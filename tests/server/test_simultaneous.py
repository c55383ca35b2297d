"""A server table at a decision the seats take at once (``Game.simultaneous``): LTK's general pick.

An answer made at the version a seat saw is not refused as stale when other seats' answers to the
same decision landed meanwhile: neither answer depends on the other. An answer made before the
decision began is still stale."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, Conn, create


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


def test_an_answer_made_before_the_picks_at_once_began_is_still_stale(client: TestClient) -> None:
    # the role game at 4: the Monarch picks first, alone; then the three others pick at once
    t = create(client, [HUMAN] * 4, game="ltk", config={"players": 4})
    table = t["table"]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as w0,
        client.websocket_connect(f"/ws/tables/{table}") as w1,
        client.websocket_connect(f"/ws/tables/{table}") as w2,
        client.websocket_connect(f"/ws/tables/{table}") as w3,
    ):
        conns = [Conn(w, t["seats"][i]["token"]) for i, w in enumerate((w0, w1, w2, w3))]
        for c in conns:  # each reads until it sees every seat arrived (the game has started)
            while not all(s["connected"] for s in c.state["seats"]):
                c.next_state()
        monarch = next(i for i, c in enumerate(conns) if c.state["legal"])
        conns[monarch].act(conns[monarch].state["legal"][0]["action"], version=0)
        other = conns[(monarch + 1) % 4]
        pick = other.until(1)["legal"][0]["action"]
        other.act(pick, version=0)  # made before the Monarch's pick opened the picks at once
        assert other.next_error()["reason"].startswith("stale")
        other.act(pick, version=1)
        assert other.next_state()["version"] == 2
