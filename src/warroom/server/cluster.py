"""Several ``warroom serve`` processes on one PostgreSQL database (``docs/protocol.md``,
*Several servers*).

- :func:`adopt` runs in every process: each ``ADOPT_SECONDS`` it checks its lease connection
  and takes over every unfinished table whose lock nobody holds (its host died or stopped),
  rebuilding it by replaying its committed steps, as a restart does.
- :func:`relay_socket` serves a client that reached a process which does not host its table:
  the process opens a WebSocket to the host and passes every message through unchanged, both
  ways. When the host goes away the client's socket is closed with 1012 (reconnect); its next
  ``hello`` reaches a process that hosts the table by then.
- :func:`forward` passes a REST call that changes a running table (a join) to its host.

Why relaying rather than redirecting: a browser cannot be redirected to another WebSocket
server, and behind a load balancer it may not reach a given process at all; through a relay
any process serves any client, and the table's state still changes in one place only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import urllib.error
import urllib.request
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from warroom.server.leases import LeaseLost

if TYPE_CHECKING:
    from warroom.server.tables import TableManager

log = logging.getLogger("warroom.server")

ADOPT_SECONDS = 1.0  # how often a process looks for tables nobody hosts (a dead host's)
RELAYED = "x-warroom-relayed"  # a request one process passed to another: never passed on again
RESTART = 1012  # "service restart": the client reconnects
TRY_AGAIN = 1013


async def adopt(manager: TableManager, seconds: float = ADOPT_SECONDS) -> None:
    """Keep this process's lease connection alive and adopt the tables nobody hosts."""
    leases = manager.leases
    assert leases is not None
    while not manager.closing:
        await asyncio.sleep(seconds)
        try:
            await leases.check()
        except LeaseLost as err:
            # every lock may be gone with the session: another process may host these tables now
            hosted = [t for t in manager.tables.values() if t.status != "finished"]
            log.error("the lease connection failed (%s): %d tables given up", err, len(hosted))
            for table in hosted:
                manager.unhost(table)
            continue
        try:
            ids = await manager.store.run(manager.store.unfinished)
            orphans = await leases.unhosted([i for i in ids if i not in manager.tables])
        except Exception as err:
            log.warning("looking for tables to adopt failed: %s", str(err).splitlines()[0] if str(err) else err)
            continue
        for table_id in orphans:
            if manager.closing:
                return
            try:
                adopted = await manager.open(table_id)
            except Exception as err:  # another process won it (Elsewhere), or it cannot be rebuilt
                log.debug("table %s not adopted: %s", table_id, err)
                continue
            if adopted is not None:
                log.info("took over table %s at version %d", adopted.id, adopted.version)


def socket_url(address: str, table_id: str) -> str:
    base = address.rstrip("/")
    base = "ws://" + base.removeprefix("http://") if not base.startswith("https://") else \
        "wss://" + base.removeprefix("https://")
    return f"{base}/ws/tables/{table_id}"


async def relay_socket(ws: WebSocket, address: str, table_id: str, max_size: int) -> None:
    """Serve ``ws`` through the process at ``address`` that hosts the table."""
    from websockets.asyncio.client import connect

    headers = {RELAYED: "1"}
    cookie = ws.headers.get("cookie")
    if cookie:
        headers["cookie"] = cookie  # the host seats this browser's player, as it would directly
    await ws.accept()
    try:
        upstream = await connect(socket_url(address, table_id), additional_headers=headers, max_size=max_size,
                                 open_timeout=5, ping_interval=None)
    except Exception as err:
        log.warning("table %s: its host %s cannot be reached: %s", table_id, address, err)
        await ws.close(RESTART)
        return

    async def client_to_host() -> None:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            data = message.get("text")
            if data is None:
                data = message.get("bytes")
            if data is not None:
                await upstream.send(data)

    async def host_to_client() -> None:
        async for data in upstream:
            if isinstance(data, str):
                await ws.send_text(data)
            else:
                await ws.send_bytes(data)

    up = asyncio.create_task(client_to_host())
    down = asyncio.create_task(host_to_client())
    try:
        await asyncio.wait({up, down}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (up, down):
            task.cancel()
        await asyncio.gather(up, down, return_exceptions=True)
        code = upstream.close_code
        with contextlib.suppress(Exception):
            await upstream.close()
        # the host closed on purpose (a bad token, the table gone): the same code; it vanished: reconnect
        with contextlib.suppress(Exception, WebSocketDisconnect):
            await ws.close(code if code is not None and code not in (1005, 1006) else RESTART)


async def forward(address: str, method: str, path: str, body: Any, cookie: str | None) -> tuple[int, Any]:
    """Pass a REST call to the host at ``address``: (status, JSON answer)."""

    def call() -> tuple[int, Any]:
        headers = {"content-type": "application/json", RELAYED: "1"}
        if cookie:
            headers["cookie"] = cookie
        request = urllib.request.Request(address.rstrip("/") + path, data=json.dumps(body).encode(),
                                         method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return r.status, json.load(r)
        except urllib.error.HTTPError as err:
            try:
                return err.code, json.load(err)
            except ValueError:
                return err.code, {"detail": "the table's server answered without a reason"}
        except (OSError, ValueError):
            return 503, {"detail": "the server hosting this table cannot be reached; try again"}

    return await asyncio.to_thread(call)
