"""A real ``warroom serve`` stack (uvicorn, the guarded protocol, every limit) in a thread on
loopback, for tests that need real sockets: slow requests, the connection cap, the fuzz test."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from tests.server.conftest import FAST
from warroom.server import create_app
from warroom.server.app import server_config
from warroom.server.connection import Limits
from warroom.server.limits import ServerLimits


@contextmanager
def live_server(db_url: str, caps: ServerLimits | None = None, limits: Limits = FAST,
                bot_delay: float = 0.0) -> Iterator[str]:
    """Serve on a free loopback port; yields ``host:port``."""
    caps = caps or ServerLimits()
    app = create_app(db_url, bot_delay=bot_delay, limits=limits, server_limits=caps)
    server = uvicorn.Server(server_config(app, caps))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise AssertionError("the live server did not start")
        time.sleep(0.01)
    try:
        yield f"127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(20)
        sock.close()


def http(address: str, method: str, path: str, body: Any = None, raw: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """One request; (status, JSON answer or text)."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    sent = {"content-type": "application/json"} if data is not None else {}
    sent.update(headers or {})
    request = urllib.request.Request(f"http://{address}{path}", data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            status, text = r.status, r.read()
    except urllib.error.HTTPError as err:
        status, text = err.code, err.read()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text.decode(errors="replace")
