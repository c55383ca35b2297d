"""One WebSocket connection to a table: limits, the hello, and dispatch by message type.

Reading and writing are separate tasks: the table puts messages in the
connection's mailbox (in the order the table changed) and a writer task sends
them, so a slow client never holds a table's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket

from warroom.server.players import player_of
from warroom.server.protocol import (
    ActionMessage,
    BadMessage,
    ErrorMessage,
    Hello,
    Leave,
    Ping,
    Pong,
    PongMessage,
    Resign,
    ServerPing,
    parse_client,
)
from warroom.server.tables import LiveTable, Refused, TableManager

MAILBOX = 512  # messages waiting for a client that does not read; past this it is cut off

# close codes (4000-4999 are the application's)
NO_TABLE = 4004
BAD_TOKEN = 4003
NO_HELLO = 4008
TOO_SLOW = 4009
TRY_AGAIN = 1013  # the server could not do it now (a database failure)
IDLE = 4010  # nothing from the client for ``Limits.idle_seconds``


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-connection limits (``docs/protocol.md``); tests and benchmarks may loosen them."""

    rate: float = 20.0  # messages a second, sustained
    burst: int = 40  # messages at once
    hello_seconds: float = 10.0  # time allowed before the hello
    ping_seconds: float = 2.0  # real-time tables: how often the server measures the round trip
    idle_seconds: float = 300.0  # a connection that sends nothing this long is closed (browsers ping every 20 s)


class TokenBucket:
    """At most ``rate`` events a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.last = clock()

    def take(self) -> bool:
        t = self.clock()
        self.tokens = min(self.burst, self.tokens + (t - self.last) * self.rate)
        self.last = t
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Connection:
    """A client of one table: whose seat (``None`` spectates), its log cursor and its mailbox."""

    def __init__(self, ws: WebSocket, limits: Limits) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.token_hash: str | None = None
        self.log_sent = 0
        self.greeted = False
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self.ping_seconds = limits.ping_seconds
        self.mailbox: asyncio.Queue[str | int] = asyncio.Queue()
        self.closing = False
        self.writer = asyncio.create_task(self._write())
        # real-time tables: pings in flight (id -> when sent) and the last round trip measured
        self.pings: dict[str, float] = {}
        self.latency_ms: int | None = None
        self.pinger: asyncio.Task[None] | None = None

    def send(self, text: str) -> None:
        """Queue a message (JSON text); a client too far behind is disconnected."""
        if self.closing:
            return
        if self.mailbox.qsize() >= MAILBOX:
            self.closing = True
            self.mailbox.put_nowait(TOO_SLOW)
            return
        self.mailbox.put_nowait(text)

    def error(self, reason: str, reply_to: str | None = None, version: int | None = None) -> None:
        self.send(ErrorMessage(reason=reason, reply_to=reply_to, version=version).model_dump_json())

    def drop(self, code: int) -> None:
        """Close as soon as what is queued has been sent, without waiting (the table is going)."""
        self.closing = True
        self.mailbox.put_nowait(code)

    async def close(self, code: int) -> None:
        """Close after everything queued so far has been sent."""
        self.closing = True
        self.mailbox.put_nowait(code)
        await asyncio.wait([self.writer], timeout=5)

    async def _write(self) -> None:
        try:
            while True:
                item = await self.mailbox.get()
                if isinstance(item, int):
                    await self.ws.close(item)
                    return
                await self.ws.send_text(item)
        except asyncio.CancelledError:
            return  # the connection is over: see ``_ended``
        except Exception:  # the client has gone; the reader notices and cleans up
            return


class _Gone(Exception):
    """The client closed the connection."""


Handler = Callable[[TableManager, LiveTable, Connection, Any], Awaitable[None]]


async def _on_hello(manager: TableManager, table: LiveTable, conn: Connection, msg: Hello) -> None:
    if conn.greeted:
        conn.error("hello was already said on this connection", version=table.version)
        return
    try:
        await manager.hello(table, conn, msg.token, player_of(conn.ws.cookies), msg.spectate)
    except Refused as err:
        conn.error(err.reason, version=table.version)
        await conn.close(BAD_TOKEN if err.status == 403 else TRY_AGAIN)
        raise _Gone() from None
    conn.greeted = True
    if table.game.realtime:
        conn.pinger = asyncio.create_task(_ping(manager, table, conn))


async def _ping(manager: TableManager, table: LiveTable, conn: Connection) -> None:
    """Real-time tables: measure the connection's round trip now and every ``ping_seconds``."""
    n = 0
    with contextlib.suppress(asyncio.CancelledError):  # the connection is over: see ``_ended``
        while not conn.closing:
            n += 1
            key = f"s{n}"
            conn.pings = {k: v for k, v in conn.pings.items() if time.monotonic() - v < 60}  # unanswered ones
            conn.pings[key] = time.monotonic()
            conn.send(ServerPing(id=key).model_dump_json())
            await asyncio.sleep(conn.ping_seconds)


async def _on_pong(manager: TableManager, table: LiveTable, conn: Connection, msg: PongMessage) -> None:
    sent = conn.pings.pop(msg.id or "", None)
    if sent is None:
        return  # not one of ours (or answered twice): nothing to measure
    conn.latency_ms = round((time.monotonic() - sent) * 1000)
    manager.latency(table, conn)


async def _on_action(manager: TableManager, table: LiveTable, conn: Connection, msg: ActionMessage) -> None:
    if not conn.greeted:
        conn.error("send hello first", reply_to=msg.id, version=table.version)
        return
    await manager.act(table, conn, msg)


async def _on_ping(manager: TableManager, table: LiveTable, conn: Connection, msg: Ping) -> None:
    conn.send(Pong(id=msg.id).model_dump_json())


async def _on_resign(manager: TableManager, table: LiveTable, conn: Connection, msg: Resign) -> None:
    await _seat_change(manager.resign, table, conn, msg.id)


async def _on_leave(manager: TableManager, table: LiveTable, conn: Connection, msg: Leave) -> None:
    await _seat_change(manager.leave, table, conn, msg.id)


async def _seat_change(change: Callable[[LiveTable, Connection], Awaitable[None]], table: LiveTable,
                       conn: Connection, reply_to: str | None) -> None:
    if not conn.greeted:
        conn.error("send hello first", reply_to=reply_to, version=table.version)
        return
    try:
        await change(table, conn)
    except Refused as err:
        conn.error(err.reason, reply_to=reply_to, version=table.version)


HANDLERS: dict[type, Handler] = {Hello: _on_hello, ActionMessage: _on_action, Ping: _on_ping,
                                 PongMessage: _on_pong, Resign: _on_resign, Leave: _on_leave}


async def _receive(ws: WebSocket, timeout: float | None) -> str | None:
    """The next text message; ``None`` for a binary one; raises ``_Gone`` or ``TimeoutError``."""
    message = await asyncio.wait_for(ws.receive(), timeout)
    if message["type"] == "websocket.disconnect":
        raise _Gone()
    text = message.get("text")
    return text if isinstance(text, str) else None


async def serve_socket(ws: WebSocket, manager: TableManager, table_id: str, limits: Limits) -> None:
    """Run one connection to table ``table_id`` until either side closes it."""
    await ws.accept()
    conn = Connection(ws, limits)
    table: LiveTable | None = None
    try:
        try:
            table = await manager.open(table_id)
        except Refused as err:
            conn.error(err.reason)
        if table is None:
            conn.error(f"no table {table_id}")
            await conn.close(NO_TABLE)
            return
        deadline = time.monotonic() + limits.hello_seconds
        while True:
            wait = limits.idle_seconds if conn.greeted else deadline - time.monotonic()
            try:
                text = await _receive(ws, max(wait, 0.0))
            except TimeoutError:
                if conn.greeted:
                    conn.error(f"nothing received for {limits.idle_seconds:g} s: closed", version=table.version)
                    await conn.close(IDLE)
                    return
                conn.error(f"no hello within {limits.hello_seconds:g} s", version=table.version)
                await conn.close(NO_HELLO)
                return
            if not conn.bucket.take():
                conn.error(f"too fast: at most {limits.rate:g} messages a second", version=table.version)
                continue
            if text is None:
                conn.error("messages must be JSON text, not binary", version=table.version)
                continue
            try:
                msg = parse_client(text)
            except BadMessage as err:
                conn.error(str(err), reply_to=err.reply_to, version=table.version)
                continue
            await HANDLERS[type(msg)](manager, table, conn, msg)
    except _Gone:
        pass
    finally:
        if table is not None:
            manager.detach(table, conn)
        _ended(conn)


def _ended(conn: Connection) -> None:
    """Stop a closed connection's writer and pinger.

    Each task ends by returning when it is cancelled, never by raising: a task cancelled with
    the exception keeps it, its traceback keeps the task's frame, and the frame keeps the
    connection (with its socket, and the pinger its table), a cycle that only the garbage
    collector frees. ``warroom serve`` tunes it to look at old objects seldom (``app.serve``), so
    the connections of every finished table piled up in memory until it did (issue 34, item 19)."""
    conn.writer.cancel()
    if conn.pinger is not None:
        conn.pinger.cancel()
