"""``warroom serve`` as a user runs it: it prints the address, serves, and never prints a token."""

from __future__ import annotations

import json
import selectors
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

SERVE = [sys.executable, "-m", "warroom.cli", "serve"]


def _first_line(proc: subprocess.Popen[str], seconds: float = 30.0) -> str:
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    assert sel.select(seconds), "the server printed nothing"
    return proc.stdout.readline()


def test_serve_prints_the_address_serves_the_api_and_logs_no_token(tmp_path: Path) -> None:
    db = tmp_path / "warroom.db"
    proc = subprocess.Popen([*SERVE, "--port", "0", "--database", f"sqlite:///{db}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = _first_line(proc)
        assert line.startswith("warroom: open http://127.0.0.1:"), line
        base = line.split()[2].rstrip("/")
        with urllib.request.urlopen(f"{base}/api/health", timeout=10) as r:
            assert json.load(r) == {"status": "ok"}
        body = json.dumps({"game": "kessen", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
        request = urllib.request.Request(f"{base}/api/tables", body.encode(), {"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as r:
            token = json.load(r)["seats"][0]["token"]
    finally:
        proc.send_signal(signal.SIGINT)
        output = proc.communicate(timeout=30)[0]
    assert proc.returncode == 0, output
    assert token not in output
    assert db.exists()


def test_serve_on_a_busy_port_is_a_one_line_error(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([*SERVE, "--port", str(port), "--database", f"sqlite:///{tmp_path / 'w.db'}"],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: cannot listen on 127.0.0.1:{port}: Address already in use"


def test_sigterm_closes_sockets_for_a_reconnect_and_exits_0(tmp_path: Path) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    db = tmp_path / "warroom.db"
    proc = subprocess.Popen([*SERVE, "--port", "0", "--database", f"sqlite:///{db}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        base = _first_line(proc).split()[2].rstrip("/")
        body = json.dumps({"game": "kessen", "seats": [{"kind": "human"}, {"kind": "human"}]})
        request = urllib.request.Request(f"{base}/api/tables", body.encode(), {"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as r:
            created = json.load(r)
        with connect(f"{base.replace('http', 'ws')}/ws/tables/{created['table']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": created["seats"][0]["token"]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
            proc.send_signal(signal.SIGTERM)
            try:
                while True:
                    ws.recv(timeout=20)
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1012  # service restart: reconnect
        output = proc.communicate(timeout=30)[0]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, output
    assert output.rstrip().endswith("warroom: stopped") and "Traceback" not in output
