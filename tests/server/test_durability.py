"""Durability across a real crash: ``warroom serve`` killed with SIGKILL mid-game, then restarted.

The server runs as a subprocess on the test's database (SQLite, and PostgreSQL when one is
configured). Bot-vs-bot tables play at full speed, each watched by a spectator, while the
test plays the human seat of one more table. The server is killed with ``kill -9`` while
every game is running, and the test then checks, before and after a restart on the same
database, that nothing anyone was told was lost: every table was committed at least as far
as any connection had heard, the restarted server rebuilt each one at exactly that version,
the human's acknowledged actions are all in the record, the human gets the whole view and
log back, the bots carry on, and every game ends with a record that replays and verifies.
"""

from __future__ import annotations

import json
import random
import re
import selectors
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, cast

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.helpers import GAME, HUMAN, Conn, bot, check_messages, play_against_bots
from warroom import bots as bot_registry
from warroom.engine import canonical
from warroom.engine.record import Record, replay
from warroom.engine.rng import KEYED, with_generator
from warroom.engine.runner import play_bots
from warroom.server.db import Store, StoredTable

PAIRS = [("random", "random"), ("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"),
         ("random", "random")]
LONG_GAME = 250  # bot tables get seeds whose games last at least this long, so the kill finds them mid-game
KILL_AT = 20  # kill once every bot table is at least this far in
HUMAN_MOVES = 8  # acknowledged actions of the human seat before the kill
WAIT = 30.0  # seconds: a bound on every wait, far above what a healthy run needs
# seconds: bounds on start-up (a rebuild replays every game) and on whole games, which a loaded
# machine (two cores, many processes) stretches far beyond a quiet run's few seconds
STARTUP = 180.0
GAMES = 300.0
SEND_GAP = 1 / 15  # seconds between a client's messages: under the server's 20 a second
OPTIONS: dict[str, str | int] = {"max_rounds": 60}  # full-length games
CONFIG = {"options": OPTIONS}
# the restarted server's log line for each table it rebuilt (tables.TableManager.start)
REBUILT = re.compile(r"rebuilt table (\S+) at version (\d+)")


# ----- the server process ----------------------------------------------------------------------
def _warroom() -> list[str]:
    script = Path(sys.executable).with_name("warroom")
    return [str(script)] if script.exists() else [sys.executable, "-m", "warroom.cli"]


class Server:
    """``warroom serve`` on a free loopback port, its stderr (the log) kept in a file."""

    def __init__(self, db_url: str, log_path: Path) -> None:
        self.log_path = log_path
        self.log_file = log_path.open("w")
        command = [*_warroom(), "serve", "--host", "127.0.0.1", "--port", "0", "--database", db_url,
                   "--bot-delay", "0"]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log_file, text=True)
        assert self.proc.stdout is not None
        with selectors.DefaultSelector() as sel:
            sel.register(self.proc.stdout, selectors.EVENT_READ)
            ready = sel.select(STARTUP)
        line = self.proc.stdout.readline() if ready else ""
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if match is None:
            self.kill()
            raise AssertionError(f"warroom serve did not start: {line!r}\n{log_path.read_text()}")
        self.http = f"http://127.0.0.1:{match.group(1)}"
        self.ws = f"ws://127.0.0.1:{match.group(1)}"
        # the port is bound before start-up (rebuilding tables) ends; the first answer comes after it,
        # however long that takes on this machine
        _until("the server's first answer", self.healthy, STARTUP)

    def healthy(self) -> bool:
        """Whether ``/api/health`` answers ok now (False while the server is still starting)."""
        assert self.proc.poll() is None, f"warroom serve exited:\n{self.log_path.read_text()}"
        try:
            with urllib.request.urlopen(f"{self.http}/api/health", timeout=5) as r:
                return bool(json.loads(r.read()) == {"status": "ok"})
        except (OSError, ValueError):  # refused, reset, timed out (URLError is an OSError)
            return False

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(f"{self.http}{path}", timeout=10) as r:
            return json.loads(r.read())

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(f"{self.http}{path}", json.dumps(body).encode(),
                                         {"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.loads(r.read())

    def kill(self) -> None:
        """``kill -9``: no shutdown handler runs, nothing is flushed on the way out."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=WAIT)
        self.log_file.close()

    def log(self) -> str:
        return self.log_path.read_text()


@contextmanager
def running(db_url: str, log_path: Path) -> Iterator[Server]:
    server = Server(db_url, log_path)
    try:
        yield server
    finally:
        server.kill()


# ----- clients over real sockets -------------------------------------------------------------------
def _open(url: str, sockets: ExitStack) -> ClientConnection:
    """A WebSocket to ``url`` that ``sockets`` closes."""
    return sockets.enter_context(connect(url, open_timeout=10, close_timeout=2, max_size=2**22, proxy=None))


class LiveConn(Conn):
    """:class:`helpers.Conn` over a real WebSocket, so ``play_against_bots`` drives it unchanged."""

    def __init__(self, url: str, sockets: ExitStack, token: str | None = None) -> None:
        self.last_send = 0.0
        self.live = _open(url, sockets)
        super().__init__(cast(Any, self), token)  # Conn only calls ``send_json`` on its socket

    def send_json(self, data: Any) -> None:
        # a real server keeps its per-connection rate limit (20 messages a second): a test client
        # answering in microseconds would exceed it, get "too fast", and wait for an
        # acknowledgement that never comes
        wait = self.last_send + SEND_GAP - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.last_send = time.monotonic()
        self.live.send(json.dumps(data))

    def next(self) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.live.recv(timeout=WAIT))
        self.messages.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return msg


class Watcher(threading.Thread):
    """A spectator that reads every message of a table on its own thread until the socket closes."""

    def __init__(self, url: str, sockets: ExitStack) -> None:
        super().__init__(daemon=True)
        self.sock = _open(url, sockets)
        self.sock.send(json.dumps({"type": "hello"}))
        self.messages: list[dict[str, Any]] = []
        self.version = -1  # the newest version this spectator was told of
        self.finished = False

    def run(self) -> None:
        try:
            while True:
                msg = json.loads(self.sock.recv())
                self.messages.append(msg)
                if msg["type"] == "state":
                    self.version = msg["version"]
                    self.finished = msg["result"] is not None
        except ConnectionClosed:
            return


# ----- the test ----------------------------------------------------------------------------------------
def _long_game_seeds() -> list[int]:
    """A seed per bot pair whose game (as the server's bots will play it) is long enough to interrupt."""
    config = with_generator(GAME.configure(2, [], OPTIONS), KEYED)  # the server deals with the keyed stream
    seeds: list[int] = []
    seed = 100
    for pair in PAIRS:
        while True:
            seed += 1
            bots = [bot_registry.make("kessen", name) for name in pair]
            if play_bots(GAME, config, seed, bots)[0].decisions >= LONG_GAME:
                seeds.append(seed)
                break
    return seeds


def _until(what: str, done: Any, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _stored(db_url: str, tables: list[str]) -> dict[str, StoredTable]:
    store = Store(db_url)
    try:
        found = {t: store.load(t) for t in tables}
    finally:
        store.close()
    assert all(s is not None for s in found.values())
    return cast(dict[str, StoredTable], found)


def test_kill_9_mid_game_loses_nothing_and_every_table_finishes_after_a_restart(
    db_url: str, tmp_path: Path
) -> None:
    rng = random.Random(9)
    seeds = _long_game_seeds()
    with running(db_url, tmp_path / "first.log") as server, ExitStack() as sockets:
        # the human moves first: it keeps to the rate limit, and bot tables started before it
        # (playing at full speed) could finish before the kill
        human = server.post("/api/tables", {"game": "kessen", "config": CONFIG, "seed": 3,
                                            "seats": [HUMAN, bot("heuristic")]})
        table, token = human["table"], human["seats"][0]["token"]
        me = LiveConn(f"{server.ws}/ws/tables/{table}", sockets, token)
        acknowledged: list[tuple[int, str]] = []  # (version acted on, action) for each acknowledged action
        for i in range(HUMAN_MOVES):
            state = me.my_turn_or_end()
            assert state["result"] is None
            action = rng.choice(state["legal"])["action"]
            me.act(action, id=f"a{i}")
            reply = me.next_state()
            assert reply["reply_to"] == f"a{i}" and reply["version"] == state["version"] + 1
            acknowledged.append((state["version"], action))
        before = me.my_turn_or_end()  # the bot waits on the human: this table stands still at the kill
        assert before["result"] is None and before["legal"]
        bot_tables = [server.post("/api/tables", {"game": "kessen", "config": CONFIG, "seed": seed,
                                                  "seats": [bot(a), bot(b)]})["table"]
                      for seed, (a, b) in zip(seeds, PAIRS, strict=True)]
        watchers = {t: Watcher(f"{server.ws}/ws/tables/{t}", sockets) for t in bot_tables}
        for w in watchers.values():
            w.start()
        _until(f"every bot table at version {KILL_AT}", lambda: all(w.version >= KILL_AT for w in watchers.values()),
               GAMES)
        server.kill()
        for w in watchers.values():  # each reads what reached it before the kill, then sees the socket close
            w.join(WAIT)
            assert not w.is_alive()
    told = {t: w.version for t, w in watchers.items()}
    assert not any(w.finished for w in watchers.values()), "a bot game ended before the kill; pick longer games"

    # what the database holds after the crash: at least everything anyone was told
    at_kill = _stored(db_url, [*bot_tables, table])
    for t in bot_tables:
        assert at_kill[t].status == "running" and at_kill[t].version >= told[t] >= KILL_AT
    assert at_kill[table].version == before["version"]
    earlier_log = [e for m in me.states() for e in m["log"]]
    first_life = me.messages

    with running(db_url, tmp_path / "second.log") as server, ExitStack() as sockets:
        # the restarted server rebuilt every table at the version it had committed
        rebuilt = {m.group(1): int(m.group(2)) for m in REBUILT.finditer(server.log())}
        assert rebuilt == {t: s.version for t, s in at_kill.items()}
        # the human reconnects with the same token: the same seat, the whole view and the whole log
        again = LiveConn(f"{server.ws}/ws/tables/{table}", sockets, token)
        state = again.state
        assert (state["seat"], state["version"], state["view"], state["legal"]) == (
            0, before["version"], before["view"], before["legal"])
        assert state["log_from"] == 0 and state["log"] == earlier_log
        final = play_against_bots(again, rng)
        assert final["result"] is not None
        _until("every bot table to finish",
               lambda: all(server.get(f"/api/tables/{t}")["status"] == "finished" for t in bot_tables), GAMES)
        records = {t: Record.from_json(server.get(f"/api/tables/{t}/record")) for t in [*bot_tables, table]}
        server_log = server.log()

    for t, record in records.items():
        steps = sum(1 for _ in replay(record, verify=True)) - 1
        assert steps == len(record.steps) > at_kill[t].version
        assert record.steps[: at_kill[t].version] == at_kill[t].steps  # the crash rewrote nothing
        assert record.result is not None
    for t, w in watchers.items():  # everything a spectator was told before the kill is in the record
        assert check_messages(records[t], None, w.messages) == len(w.messages) > 0
    ours = records[table].steps
    for version, action in acknowledged:
        assert (ours[version].seat, ours[version].action) == (0, canonical(action))
    assert len(ours) == final["version"]
    assert check_messages(records[table], 0, first_life) > HUMAN_MOVES
    assert check_messages(records[table], 0, again.messages) > 1
    assert token not in server_log and token not in (tmp_path / "first.log").read_text()
