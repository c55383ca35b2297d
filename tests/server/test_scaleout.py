"""Two real ``warroom serve`` processes on one PostgreSQL database: tables are shared, a client is
served by either process, and when one is killed with -9 the other takes its tables over and
every game finishes with a record that verifies, every acknowledged action in it."""

from __future__ import annotations

import json
import random
import selectors
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.server import postgres
from tests.server.live import http
from warroom.engine.record import Record, replay

ADMIN = postgres.configured()
pytestmark = pytest.mark.skipif(ADMIN is None, reason=postgres.NOT_CONFIGURED)

SHORT = {"options": {"max_rounds": 3}}


def _warroom() -> list[str]:
    script = Path(sys.executable).with_name("warroom")
    return [str(script)] if script.exists() else [sys.executable, "-m", "warroom.cli"]


class Server:
    """One ``warroom serve`` subprocess; its output is kept for the failure message."""

    def __init__(self, db_url: str) -> None:
        self.proc = subprocess.Popen([*_warroom(), "serve", "--port", "0", "--database", db_url,
                                      "--bot-delay", "0.04"],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert self.proc.stdout is not None
        with selectors.DefaultSelector() as sel:
            sel.register(self.proc.stdout, selectors.EVENT_READ)
            assert sel.select(30), "the server printed nothing"
        line = self.proc.stdout.readline()
        assert line.startswith("warroom: open http://"), line
        self.base = line.split()[2].rstrip("/")
        self.address = self.base.removeprefix("http://")
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.reader.join(5)


def _create(server: Server, seats: list[dict[str, str]]) -> dict[str, Any]:
    status, answer = http(server.address, "POST", "/api/tables", {"game": "kessen", "config": SHORT, "seats": seats})
    assert status == 200, answer
    assert isinstance(answer, dict)
    return answer


def _summary(server: Server, table: str) -> dict[str, Any]:
    status, answer = http(server.address, "GET", f"/api/tables/{table}")
    assert status == 200, answer
    assert isinstance(answer, dict)
    return answer


class Player(threading.Thread):
    """A person's browser tab on a WebSocket: plays random legal actions until the game ends, and
    reconnects (to the same server) when its connection drops, as the browser client does."""

    def __init__(self, address: str, table: str, token: str, seed: int, seat: int = 0) -> None:
        super().__init__(daemon=True)
        self.address, self.table, self.token, self.seat = address, table, token, seat
        self.rng = random.Random(seed)
        self.acked: dict[int, str] = {}  # version -> the action acknowledged there
        self.reconnects = 0
        self.result: Any = None
        self.failure: str | None = None

    def run(self) -> None:
        try:
            self._play(time.monotonic() + 50)
        except Exception as err:  # reported by the test
            self.failure = f"{type(err).__name__}: {err}"

    def _play(self, deadline: float) -> None:
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        n = 0
        while self.result is None and time.monotonic() < deadline:
            try:
                with connect(f"ws://{self.address}/ws/tables/{self.table}", open_timeout=5) as ws:
                    ws.send(json.dumps({"type": "hello", "token": self.token}))
                    pending: dict[str, str] = {}
                    while self.result is None:
                        msg = json.loads(ws.recv(timeout=10))
                        if msg["type"] != "state":
                            continue
                        reply = msg.get("reply_to")
                        if reply in pending:
                            self.acked[msg["version"]] = pending.pop(reply)
                        if msg["result"] is not None:
                            self.result = msg["result"]
                            return
                        if msg["legal"] and not pending:
                            n += 1
                            action = self.rng.choice(msg["legal"])["action"]
                            pending[f"a{n}"] = action
                            ws.send(json.dumps({"type": "action", "id": f"a{n}", "action": action,
                                                "version": msg["version"]}))
            except (ConnectionClosed, OSError, TimeoutError):
                self.reconnects += 1
                time.sleep(0.2)


def _wait(check: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def test_two_servers_share_the_tables_and_a_killed_ones_tables_finish_on_the_other() -> None:
    assert ADMIN is not None
    with postgres.fresh_database(ADMIN) as db_url:
        first = Server(db_url)  # it migrates the database; the second then finds it ready
        second = Server(db_url)
        try:
            _play_and_kill(first, second)
        except BaseException:
            print("first server:\n" + "".join(first.lines[-40:]))
            print("second server:\n" + "".join(second.lines[-40:]))
            raise
        finally:
            first.proc.kill()
            second.stop()
            first.reader.join(5)


def _play_and_kill(first: Server, second: Server) -> None:
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}]
    tables = [_create(server, bots)["table"] for server in (first, second) for _ in range(3)]
    # people at tables the first server hosts, connected to the second one: served through it
    players = []
    for i in range(2):
        made = _create(first, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        tables.append(made["table"])
        players.append(Player(second.address, made["table"], made["seats"][0]["token"], seed=i))
    # two people at a table the first server hosts: the second seat is joined through the second
    # server (which passes the join to the host) and both play through the second server
    made = _create(first, [{"kind": "human"}, {"kind": "human", "open": True}])
    tables.append(made["table"])
    status, ticket = http(second.address, "POST", f"/api/tables/{made['table']}/join", {})
    assert status == 200 and isinstance(ticket, dict) and ticket["seat"] == 1, ticket
    players += [Player(second.address, made["table"], made["seats"][0]["token"], seed=7, seat=0),
                Player(second.address, made["table"], ticket["token"], seed=8, seat=1)]
    for p in players:
        p.start()
    # both servers see every table, whichever hosts it
    assert {t["table"] for t in json.loads(urllib.request.urlopen(f"{second.base}/api/tables?limit=100").read())} \
        >= set(tables)
    _wait(lambda: all(_summary(second, t)["version"] >= 6 for t in tables), 20, "every table to get going")
    _wait(lambda: all(len(p.acked) >= 2 for p in players), 20, "the people to play")
    at_kill = {t: _summary(second, t) for t in tables}
    assert all(s["status"] == "running" for s in at_kill.values()), at_kill  # mid-game, all of them
    first.proc.send_signal(signal.SIGKILL)
    first.proc.wait(10)

    _wait(lambda: all(_summary(second, t)["status"] == "finished" for t in tables), 45, "every table to finish")
    for p in players:
        p.join(20)
        assert p.failure is None, p.failure
        assert p.result is not None
        assert p.reconnects >= 1  # its host died under it: it reconnected and the game went on
    for table in tables:
        status, data = http(second.address, "GET", f"/api/tables/{table}/record")
        assert status == 200, data
        record = Record.from_json(data)
        states = list(replay(record, verify=True))  # every step replays to its recorded hash
        assert len(states) == len(record.steps) + 1 and len(record.steps) >= at_kill[table]["version"]
        assert record.result is not None
    for p in players:
        record = Record.from_json(http(second.address, "GET", f"/api/tables/{p.table}/record")[1])
        for version, action in p.acked.items():  # nothing a player was told was accepted is missing
            assert record.steps[version - 1].action == action and record.steps[version - 1].seat == p.seat
    assert any("took over table" in line for line in second.lines), second.lines[-20:]
