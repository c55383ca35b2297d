"""Denial-of-service limits (``docs/protocol.md``, *Limits*): bodies, slow requests, connections,
table creation.

- :class:`BodyLimit` reads a request's whole body before the app sees it, so a body over
  ``max_body`` is refused however it is sent (``Content-Length`` or chunked), and a body that
  does not arrive within ``body_seconds`` is answered 408.
- :func:`guarded_protocol` wraps uvicorn's HTTP protocol: a connection that has not sent a whole
  request head within ``header_seconds`` is closed, and connections past ``max_connections`` are
  closed as they arrive, so half-sent requests cannot exhaust the file descriptors.
- :class:`CreationLimiter` lets each client address create ``create_burst`` tables at once and
  ``create_per_minute`` after that; the table manager caps the tables open at once.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[Message], Any]
ASGIApp = Callable[[Scope, Receive, Send], Any]


@dataclass(frozen=True, slots=True)
class ServerLimits:
    """Every server-wide limit; ``warroom serve`` options set some, tests loosen or tighten them."""

    max_body: int = 64 * 1024  # bytes of a request body
    body_seconds: float = 10.0  # for the whole body to arrive
    header_seconds: float = 10.0  # for a request's head to arrive (from the connection or the last answer)
    max_connections: int = 4096  # sockets at once (HTTP and WebSocket); more are closed at once
    max_tables: int = 1000  # tables not yet finished, in total
    create_burst: int = 20  # tables one client address may create at once ...
    create_per_minute: float = 20.0  # ... and then this many a minute (0: no limit)
    abandon_seconds: float = 900.0  # every human away this long: the table ends (or the autopilot plays)
    max_tables_per_player: int = 20  # tables not finished where one player (browser) holds a seat (0: any)


def _answer(status: int, detail: str) -> tuple[Message, Message]:
    body = json.dumps({"detail": detail}).encode()
    start = {"type": "http.response.start", "status": status,
             "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                         (b"connection", b"close")]}
    return start, {"type": "http.response.body", "body": body}


class BodyLimit:
    """ASGI middleware: the whole body, at most ``max_body`` bytes within ``body_seconds``, or an error."""

    def __init__(self, app: ASGIApp, max_body: int, seconds: float) -> None:
        self.app = app
        self.max_body = max_body
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._declared_too_large(scope)
        chunks: list[bytes] = []
        if refusal is None:
            refusal = await self._read(receive, chunks)
        if refusal is not None:
            for message in _answer(*refusal):
                await send(message)
            return
        body = b"".join(chunks)
        done = False

        async def replay() -> Message:
            nonlocal done
            if not done:
                done = True
                return {"type": "http.request", "body": body, "more_body": False}
            return dict(await receive())  # after the body: the disconnect, when it comes

        await self.app(scope, replay, send)

    def _declared_too_large(self, scope: Scope) -> tuple[int, str] | None:
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.max_body):
                return 413, f"request body too large (at most {self.max_body} bytes)"
        return None

    async def _read(self, receive: Receive, chunks: list[bytes]) -> tuple[int, str] | None:
        size = 0
        deadline = time.monotonic() + self.seconds
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                return 408, f"the request body did not arrive within {self.seconds:g} s"
            if message["type"] == "http.disconnect":
                return 400, "the client went away"
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:  # a chunked body has no Content-Length to check beforehand
                return 413, f"request body too large (at most {self.max_body} bytes)"
            chunks.append(chunk)
            if not message.get("more_body", False):
                return None


def guarded_protocol(base: type[asyncio.Protocol], header_seconds: float, max_connections: int) -> type[Any]:
    """``base`` (uvicorn's HTTP protocol) with a deadline for each request head and a connection cap."""

    class Guarded(base):  # type: ignore[misc,valid-type]
        _warroom_timer: asyncio.TimerHandle | None = None
        _warroom_seen: object = None

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                transport.close()
                return
            self._warroom_arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._warroom_timer is not None:
                self._warroom_timer.cancel()
                # the timer's callback is this protocol: dropped, or the pair is a reference cycle
                # that outlives the connection until a full collection (issue 34, item 19)
                self._warroom_timer = None
            super().connection_lost(exc)

        def _warroom_arm(self) -> None:
            self._warroom_seen = self.cycle
            self._warroom_timer = self.loop.call_later(header_seconds, self._warroom_check)

        def _warroom_check(self) -> None:
            self._warroom_timer = None  # fired: see connection_lost
            transport = self.transport
            if transport.get_protocol() is not self:
                # upgraded to a WebSocket (which has its own limits): nothing tells this protocol,
                # whose httptools parser calls back into it, a cycle that would keep both and the
                # transport until a full collection; the parser is not used again
                if getattr(self, "parser", None) is not None:
                    self.parser = None
                return
            if transport.is_closing():
                return
            cycle = self.cycle
            busy = cycle is not None and not cycle.response_complete
            if not busy and cycle is self._warroom_seen:
                transport.close()  # no request head arrived in a whole period: half-sent, or idle
                return
            self._warroom_arm()

    Guarded.__name__ = f"Guarded{base.__name__}"
    return Guarded


class CreationLimiter:
    """A token bucket per client address; the oldest addresses are forgotten past ``keep``."""

    def __init__(self, burst: int, per_minute: float, keep: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = float(burst)
        self.rate = per_minute / 60.0
        self.keep = keep
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def take(self, address: str, tables: int = 1) -> float:
        """0 when ``address`` may create ``tables`` tables now (a knockout opens several at once),
        else the seconds until it may (infinite: more than the burst, never at once)."""
        if self.rate <= 0:
            return 0.0
        if tables > self.burst:
            return math.inf
        now = self.clock()
        tokens, last = self.buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        wait = 0.0
        if tokens >= tables:
            tokens -= tables
        else:
            wait = (tables - tokens) / self.rate
        self.buckets[address] = (tokens, now)  # re-inserted: the dict stays in least-recent order
        while len(self.buckets) > self.keep:
            self.buckets.pop(next(iter(self.buckets)))
        return wait
