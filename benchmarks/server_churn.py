"""Memory of ``warroom serve`` under table churn: tables created and played to the end, again and
again, with the server's resident memory (RSS, from /proc) printed every few hundred tables.

    .venv/bin/python benchmarks/server_churn.py                 # 3,000 short Paper Kessen tables
    .venv/bin/python benchmarks/server_churn.py --tables 600 --batch 50 --json

The server runs as a subprocess on a free loopback port with a temporary SQLite database, bots
without delay and no per-address or per-player table caps. Each table has two random bots and
two rounds at most, so it ends in a moment; a spectator watches each table over a WebSocket from
its start until it has finished (so every table's connection opens and closes as a browser's
does), and the benchmark waits for every table of a batch before it creates the next batch. A
server that keeps something per finished table grows with the count; one that does not levels off
once its caches are warm. Linux only (/proc).
Everything is bounded: the number of tables, every wait and the whole run.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

HOST = "127.0.0.1"  # loopback only
MAX_TABLES = 20_000
MAX_SECONDS = 1800.0
TABLE = {"game": "kessen", "config": {"options": {"max_rounds": 2}},
         "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}


def rss_mb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024
    raise RuntimeError("no VmRSS in /proc: this benchmark needs Linux")


def request(url: str, body: dict[str, object] | None = None) -> dict[str, object]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        out: dict[str, object] = json.loads(r.read())
        return out


def watch(stack: ExitStack, port: int, table: str) -> ClientConnection:
    """A spectator's WebSocket on ``table`` (closed with ``stack``), greeted and given its first view."""
    ws = stack.enter_context(connect(f"ws://{HOST}:{port}/ws/tables/{table}", origin=f"http://{HOST}:{port}",
                                     open_timeout=30, ping_interval=None))
    ws.send(json.dumps({"type": "hello", "spectate": True}))
    ws.recv(timeout=30)
    return ws


def drain(watchers: list[ClientConnection]) -> None:
    """Read what the spectators were sent (a browser reads every view), for at most 50 ms."""
    for ws in watchers:
        try:
            while True:
                ws.recv(timeout=0.05 / len(watchers))
        except (TimeoutError, ConnectionClosed):
            continue


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=3000)
    ap.add_argument("--batch", type=int, default=100, help="tables in play at once")
    ap.add_argument("--every", type=int, default=500, help="print the memory every this many tables")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 1 <= args.tables <= MAX_TABLES or not 1 <= args.batch <= 1000:
        print(f"--tables is 1-{MAX_TABLES} and --batch 1-1000", file=sys.stderr)
        return 2
    sock = socket.socket()
    sock.bind((HOST, 0))
    port = sock.getsockname()[1]
    sock.close()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "warroom.cli", "serve", "--host", HOST, "--port", str(port),
             "--database", f"sqlite:///{Path(tmp) / 'churn.db'}", "--bot-delay", "0", "--tables-per-minute", "0",
             "--max-tables-per-player", "0", "--max-tables", str(max(args.batch, 1000))],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))
        base = f"http://{HOST}:{port}"
        points: list[dict[str, int]] = []
        try:
            start = time.monotonic()
            while True:
                try:
                    request(base + "/api/games")
                    break
                except OSError:
                    if time.monotonic() - start > 60:
                        raise RuntimeError("the server did not start in 60 s") from None
                    time.sleep(0.2)
            points.append({"tables": 0, "rss_mb": rss_mb(server.pid)})
            done = 0
            while done < args.tables:
                batch = min(args.batch, args.tables - done)
                ids = [str(request(base + "/api/tables", TABLE)["table"]) for _ in range(batch)]
                with ExitStack() as stack:
                    watchers = [watch(stack, port, table) for table in ids]
                    for table in ids:
                        while request(f"{base}/api/tables/{table}")["status"] != "finished":
                            if time.monotonic() - start > MAX_SECONDS:
                                raise RuntimeError(f"still running after {MAX_SECONDS:.0f} s")
                            drain(watchers)
                done += len(ids)
                if done % args.every == 0 or done == args.tables:
                    points.append({"tables": done, "rss_mb": rss_mb(server.pid)})
                    if not args.json:
                        print(f"{done:>6} tables  RSS {points[-1]['rss_mb']} MB", flush=True)
        finally:
            server.terminate()
            server.wait(30)
    if args.json:
        print(json.dumps({"points": points}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
