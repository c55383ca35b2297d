"""Driving the table protocol from tests, and checking what a connection was sent.

The central check, :func:`check_messages`, replays the finished game's record and
compares every ``state`` message a connection received with what the engine says
that seat may know at that version: the view must equal ``GAME.view(state, seat)``,
the legal actions ``GAME.legal_actions(state, seat)``, and the log the events
redacted by ``Event.visible_to(seat)``. Anything more (another seat's hand, say)
would differ, so this scans for hidden-information leaks without knowing the game.
"""

from __future__ import annotations

import contextlib
import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import anyio
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from warroom.engine import registry
from warroom.engine.record import Record, replay
from warroom.server.play import autopilot_note

GAME = registry.get("kessen")
SHORT = {"options": {"max_rounds": 3}}  # a game called after 3 rounds keeps tests quick
HUMAN = {"kind": "human"}


def bot(name: str = "random") -> dict[str, str]:
    return {"kind": "bot", "bot": name}


def create(client: TestClient, seats: list[dict[str, str]], **extra: Any) -> dict[str, Any]:
    body = {"game": "kessen", "config": SHORT, "seats": seats, **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def recv(ws: WebSocketTestSession, timeout: float = 10.0) -> dict[str, Any]:
    """The next message, failing the test instead of hanging if none comes."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    data: dict[str, Any] = json.loads(message["text"])
    return data


class Conn:
    """A test's WebSocket client: every message it received, and its latest state."""

    def __init__(self, ws: WebSocketTestSession, token: str | None = None, spectate: bool | None = None) -> None:
        """Say hello with ``token``; without one, spectate (unless ``spectate`` is false: then the
        server seats this test client's player where it holds a seat)."""
        self.ws = ws
        self.token = token  # the seat's token: after an invite link claims the seat, the fresh one
        self.messages: list[dict[str, Any]] = []
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        elif spectate is None or spectate:
            hello["spectate"] = True
        ws.send_json(hello)
        self.state = self.next_state()

    def next(self) -> dict[str, Any]:
        msg = recv(self.ws)
        self.messages.append(msg)
        if msg["type"] == "state":
            self.state = msg
        elif msg["type"] == "seat":
            self.token = msg["token"]
        return msg

    def next_state(self) -> dict[str, Any]:
        """The next ``state`` message. An error answering one of our actions fails at once (else the
        caller would wait for an acknowledgement that never comes)."""
        while True:
            msg = self.next()
            if msg["type"] == "state":
                return msg
            if msg["type"] == "error":
                raise AssertionError(f"refused: {msg['reason']} (reply_to {msg.get('reply_to')})")

    def next_error(self) -> dict[str, Any]:
        msg = self.next()
        assert msg["type"] == "error", msg
        return msg

    def send(self, **message: Any) -> None:
        self.ws.send_json(message)

    def act(self, action: str, version: int | None = None, id: str | None = None) -> None:
        msg: dict[str, Any] = {"type": "action", "action": action,
                               "version": self.state["version"] if version is None else version}
        if id is not None:
            msg["id"] = id
        self.ws.send_json(msg)

    def until(self, version: int) -> dict[str, Any]:
        """Read states until one at ``version`` (or later)."""
        while self.state["version"] < version:
            self.next_state()
        return self.state

    def my_turn_or_end(self) -> dict[str, Any]:
        """Read states until this seat must decide or the game is over."""
        while not self.state["legal"] and self.state["result"] is None:
            self.next_state()
        return self.state

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]


def play_against_bots(me: Conn, rng: random.Random, limit: int = 5000) -> dict[str, Any]:
    """Play random legal actions for ``me`` until the game ends; the bots answer server-side."""
    for _ in range(limit):
        state = me.my_turn_or_end()
        if state["result"] is not None:
            return state
        me.act(rng.choice(state["legal"])["action"], id=f"v{state['version']}")
        reply = me.next_state()
        assert reply["reply_to"] == f"v{state['version']}" and reply["version"] == state["version"] + 1
    raise AssertionError("the game did not end")


def play_humans(conns: list[Conn], rng: random.Random, limit: int = 5000) -> int:
    """Seats played by the test against each other; every connection reads every state."""
    for _ in range(limit):
        latest = max((c.state for c in conns), key=lambda s: s["version"])
        version = latest["version"]
        for c in conns:
            c.until(version)
        if latest["result"] is not None:
            return version
        movers = [c for c in conns if c.state["legal"]]
        assert len(movers) == 1, "Kessen has one decider at a time"
        movers[0].act(rng.choice(movers[0].state["legal"])["action"])
        for c in conns:
            c.until(version + 1)
    raise AssertionError("the game did not end")


class Player(threading.Thread):
    """A person at a real-time table: acts whenever it has a legal action, without waiting for the
    other seat; ``latency`` seconds are added before everything it sends (its pongs too)."""

    def __init__(self, client: TestClient, table: str, token: str, seed: int, latency: float = 0.0) -> None:
        super().__init__(daemon=True)
        self.cm = client.websocket_connect(f"/ws/tables/{table}")
        self.ws = self.cm.__enter__()
        self.token, self.latency, self.rng = token, latency, random.Random(seed)
        self.messages: list[dict[str, Any]] = []
        self.sent = self.errors = 0
        self.failure: BaseException | None = None
        self.in_flight: set[str] = set()

    def send(self, message: dict[str, Any]) -> None:
        if self.latency:
            time.sleep(self.latency)
        self.ws.send_json(message)

    def run(self) -> None:
        try:
            self.send({"type": "hello", "token": self.token})
            while True:
                msg = recv(self.ws, timeout=20)
                self.messages.append(msg)
                if msg["type"] == "ping":
                    self.send({"type": "pong", "id": msg["id"]})
                elif msg["type"] == "error":
                    self.errors += 1
                    self.in_flight.discard(msg.get("reply_to") or "")
                elif msg["type"] == "state":
                    self.in_flight.discard(msg.get("reply_to") or "")
                    if msg["result"] is not None:
                        return
                    if msg["legal"] and not self.in_flight:
                        self.sent += 1
                        key = f"a{self.sent}"
                        self.in_flight.add(key)
                        choice = self.rng.choice(msg["legal"])["action"]
                        self.send({"type": "action", "action": choice, "version": msg["version"], "id": key})
        except BaseException as err:  # reported by the test
            self.failure = err

    def close(self) -> None:
        self.cm.__exit__(None, None, None)


def play_all(players: list[Player], seconds: float) -> None:
    """Start every player, wait (up to ``seconds`` each) for the game to end, and close their
    sockets; a player that failed fails the test."""
    for p in players:
        p.start()
    for p in players:
        p.join(seconds)
    for p in players:
        p.close()
        assert p.failure is None, p.failure


def record_of(client: TestClient, table: str) -> Record:
    r = client.get(f"/api/tables/{table}/record")
    assert r.status_code == 200, r.text
    return Record.from_json(r.json())


def expected(
    record: Record, seat: int | None, autopilot: str = "random"
) -> tuple[list[Any], list[list[str]], list[Any], list[int]]:
    """Per version: the seat's view and legal actions; and the log it may see, with where each version ends."""
    names = GAME.seat_names(record.config)
    views: list[Any] = []
    legal: list[list[str]] = []
    log: list[Any] = []
    ends: list[int] = []
    for step in replay(record, verify=True):
        if step.index and record.steps[step.index - 1].autopilot:
            s = record.steps[step.index - 1].seat
            log.append(autopilot_note(names[s], s, autopilot).visible_to(seat))
        log.extend(json.loads(json.dumps(e.visible_to(seat))) for e in step.events)  # as the wire has them
        ends.append(len(log))
        views.append(json.loads(json.dumps(GAME.view(step.state, seat))))
        legal.append([] if seat is None else GAME.legal_actions(step.state, seat))
    return views, legal, log, ends


def check_messages(record: Record, seat: int | None, messages: list[dict[str, Any]], autopilot: str = "random") -> int:
    """Every state sent to one connection shows exactly what ``seat`` may know; returns how many were checked."""
    views, legal, log, ends = expected(record, seat, autopilot)
    seen: list[Any] = []
    checked = 0
    for msg in messages:
        if msg["type"] != "state":
            continue
        v = msg["version"]
        assert msg["seat"] == seat
        assert msg["view"] == views[v], f"view at version {v} differs from GAME.view for seat {seat}"
        running = all(s["claimed"] for s in msg["seats"]) and msg["result"] is None
        assert [a["action"] for a in msg["legal"]] == (legal[v] if running else [])
        assert all(a["text"] for a in msg["legal"])
        for d in msg["decisions"]:
            assert (d["prompt"] is not None) == (d["seat"] == seat)
        assert msg["log_from"] == len(seen)
        seen.extend(msg["log"])
        assert seen == log[: ends[v]], f"log at version {v} differs from the events visible to seat {seat}"
        if seat is None:
            assert "hand" not in msg["view"]  # a spectator holds no cards
        checked += 1
    return checked


@contextlib.contextmanager
def serve_in_thread(app: FastAPI) -> Iterator[str]:
    """``app`` served by uvicorn in a thread of this process on a free loopback port (so that a
    test's registry patch is the server's registry); yields its base URL."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
