"""Only this server's own pages may open its WebSockets or post to it (docs/protocol.md, *REST*
and *WebSocket*): a browser sends its player cookie with any socket, so a page of another origin
(another port, another subdomain, plain http beside https) must not be able to say hello as the
player and act or resign for them."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import HUMAN, Conn, bot, create

OWN = "http://testserver"  # the TestClient's own pages
FOREIGN = ["http://testserver:8081", "http://evil.testserver", "https://testserver", "null"]


@pytest.mark.parametrize("origin", FOREIGN)
def test_a_page_of_another_origin_cannot_open_the_table_socket_and_resign_for_the_cookies_player(
    client: TestClient, origin: str
) -> None:
    t = create(client, [HUMAN, bot()])  # this browser's cookie now holds seat 0
    with (pytest.raises(WebSocketDisconnect) as refused,
          client.websocket_connect(f"/ws/tables/{t['table']}", headers={"origin": origin}) as ws):
        ws.send_json({"type": "hello"})  # no token: the seat of the browser's cookie
        ws.send_json({"type": "resign", "id": "r"})
        ws.receive_json()
    assert refused.value.code == 4003
    summary = client.get(f"/api/tables/{t['table']}").json()
    assert summary["status"] == "running" and summary["result"] is None
    # the server's own page, and a program that sends no Origin, are seated by the cookie
    for headers in ({"origin": OWN}, {}):
        with client.websocket_connect(f"/ws/tables/{t['table']}", headers=headers) as ws:
            assert Conn(ws, spectate=False).state["seat"] == 0


@pytest.mark.parametrize("origin", FOREIGN)
def test_a_page_of_another_origin_cannot_open_the_tournament_socket(client: TestClient, origin: str) -> None:
    entrants = [{"kind": "bot", "bot": "random"}] * 4
    made = client.post("/api/tournaments", json={"game": "tessen", "entrants": entrants})
    assert made.status_code == 200, made.text
    path = f"/ws/tournaments/{made.json()['tournament']}"
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(path, headers={"origin": origin}) as w:
        w.receive_json()
    assert refused.value.code == 4003
    with client.websocket_connect(path, headers={"origin": OWN}) as ws:
        assert ws.receive_json()["type"] == "tournament"


def test_a_post_from_the_same_host_under_another_scheme_is_refused(client: TestClient) -> None:
    body = {"game": "kessen", "seats": [HUMAN, bot()]}
    r = client.post("/api/tables", json=body, headers={"origin": "https://testserver"})
    assert r.status_code == 403 and r.json()["detail"] == "a request from another site is refused"
    assert client.get("/api/tables").json() == []
    assert client.post("/api/tables", json=body, headers={"origin": OWN}).status_code == 200
