"""``warroom serve`` as a user runs it: it prints the address, serves, and never prints a token."""

from __future__ import annotations

import http.cookiejar
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import urllib.error
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


def test_serve_help_names_the_table_caps() -> None:
    done = subprocess.run([*SERVE, "--help"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"})
    assert done.returncode == 0, done.stderr
    lines = {line.split()[1]: line for line in done.stdout.splitlines() if line.startswith("│ --")}
    assert "[default: 1000]" in lines["--max-tables"]
    assert "[default: 20]" in lines["--max-tables-per-player"]


def test_serve_caps_the_tables_of_one_player_and_in_total(tmp_path: Path) -> None:
    db = tmp_path / "warroom.db"
    proc = subprocess.Popen([*SERVE, "--port", "0", "--database", f"sqlite:///{db}",
                             "--max-tables", "2", "--max-tables-per-player", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def create(browser: urllib.request.OpenerDirector) -> tuple[int, str]:
        body = json.dumps({"game": "kessen", "seats": [{"kind": "human"}, {"kind": "human"}]}).encode()
        request = urllib.request.Request(f"{base}/api/tables", body, {"content-type": "application/json"})
        try:
            with browser.open(request, timeout=10) as r:
                return r.status, ""
        except urllib.error.HTTPError as err:
            return err.code, json.load(err)["detail"]

    def new_browser() -> urllib.request.OpenerDirector:  # its own cookies: its own player
        return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    try:
        base = _first_line(proc).split()[2].rstrip("/")
        first = new_browser()
        assert create(first) == (200, "")
        status, reason = create(first)  # the same player, its one table not finished
        assert status == 429 and "(at most 1)" in reason, reason
        assert create(new_browser()) == (200, "")  # another player
        status, reason = create(new_browser())  # a third: the server holds its 2 tables
        assert status == 503 and "(2 tables in play)" in reason, reason
    finally:
        proc.send_signal(signal.SIGINT)
        output = proc.communicate(timeout=30)[0]
    assert proc.returncode == 0, output
