"""A seeded fuzz test against a live server on loopback: hostile WebSocket messages and HTTP
requests, bounded in count and time. Each gets a clear error (never a dropped socket or a 500),
the table does not change, and the server stays healthy."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from websockets.sync.client import connect

from tests.server.helpers import HUMAN
from tests.server.live import http, live_server
from warroom.engine import canonical

SEED = 20261201
MESSAGES = 250  # WebSocket messages
REQUESTS = 120  # HTTP requests
BUDGET = 60.0  # seconds, for the whole test

WORDS = ["pass", "deploy", "play", "hello", "action", "ping", "verb", "card", "leader", "troop", "type", "id",
         "²", "①", "٣", "\u0000", "\u202e", "é", "🂡", "=", ",", " ", "-1", "1e9", "9" * 50]


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(WORDS) for _ in range(rng.randint(0, 6)))


def _value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 2**63, 10**30, 1.5, float("1e308")])
    if kind in (3, 4):
        return _text(rng)
    if kind == 5:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {_text(rng): _value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def _action(rng: random.Random, legal: list[str]) -> str:
    base = rng.choice(legal) if legal and rng.random() < 0.7 else rng.choice(["pass", "deploy", "play"])
    words = base.split()
    for _ in range(rng.randint(1, 3)):
        move = rng.randrange(4)
        if move == 0:
            words.append(f"{rng.choice(WORDS)}={rng.choice(WORDS)}")
        elif move == 1 and len(words) > 1:
            key = words[1].split("=")[0]
            words[1] = f"{key}={rng.choice(['²', '①', '-3', '9' * 40, 'x', '1,,2', ''])}"
        elif move == 2:
            words.insert(rng.randrange(len(words) + 1), rng.choice(WORDS))
        else:
            words = [w.upper() for w in words]
    return " ".join(words)


def _message(rng: random.Random, legal: list[str], version: int) -> str:
    """One hostile message as JSON text (some not JSON at all)."""
    kind = rng.randrange(9)
    if kind == 0:
        return _text(rng) or "{"
    if kind == 1:
        depth = rng.choice([9, 50, 1000])
        return "[" * depth + "]" * depth
    if kind == 2:
        kind_name, low = rng.choice(["ping", "action", "hello"]), rng.randrange(0x800, 0xFFF)
        return f'{{"type": "{kind_name}", "id": "\\ud{low:03x}"}}'
    if kind == 3:
        return json.dumps(_value(rng))
    if kind == 4:
        return json.dumps({"type": rng.choice(["hello", "action", "ping", "state", ""]),
                           **{_text(rng): _value(rng) for _ in range(rng.randint(0, 2))}})
    if kind == 5:
        return json.dumps({"type": "action", "action": _value(rng), "version": _value(rng), "id": "f"})
    return json.dumps({"type": "action", "action": _action(rng, legal), "version": version, "id": "f"})


def test_fuzzing_a_live_server_finds_no_crash_and_changes_nothing(db_url: str) -> None:
    rng = random.Random(SEED)
    started = time.monotonic()
    with live_server(db_url) as address:
        status, created = http(address, "POST", "/api/tables", {"game": "kessen", "seats": [HUMAN, HUMAN]})
        assert status == 200
        table = created["table"]
        with connect(f"ws://{address}/ws/tables/{table}") as w1, connect(f"ws://{address}/ws/tables/{table}") as w0:
            seated = []
            for ws, ticket in ((w1, created["seats"][1]), (w0, created["seats"][0])):
                ws.send(json.dumps({"type": "hello", "token": ticket["token"]}))
                # an invite link's hello is answered with the seat's own token first, then the state
                first = json.loads(ws.recv(timeout=10))
                seated.append(first if first["type"] == "state" else json.loads(ws.recv(timeout=10)))
            json.loads(w1.recv(timeout=10))  # good arrived
            mover = 0 if seated[1]["legal"] else 1
            ws = (w0, w1)[mover]
            legal = [a["action"] for a in (seated[1] if mover == 0 else seated[0])["legal"]]
            refused = 0
            for _ in range(MESSAGES):
                text = _message(rng, legal, 0)
                try:
                    data = json.loads(text)
                    action = data.get("action") if isinstance(data, dict) else None
                    if isinstance(action, str) and (action in legal or _canonical_in(action, legal)):
                        continue  # a legal action would be played: not what this test is about
                except (ValueError, RecursionError):
                    pass
                ws.send(text)
                answer = json.loads(ws.recv(timeout=10))  # a dropped socket raises here
                if answer["type"] == "pong":
                    continue
                assert answer["type"] == "error", (text, answer)
                assert answer["reason"] and "\n" not in answer["reason"]
                refused += 1
            ws.send(b"\x00\xff")
            assert json.loads(ws.recv(timeout=10))["type"] == "error"
            assert refused > MESSAGES // 2
        paths = [f"/api/tables/{table}/join", "/api/tables", f"/api/tables/{table}/replay?seat=%C2%B2",
                 f"/api/tables/{table}/record", f"/api/tables/{table}", "/api/tables?limit=-1",
                 "/api/tables?status=%F0%9F%82%A1", f"/api/tables/{'x' * 300}", "/api/games/%00/rules"]
        for _ in range(REQUESTS):
            path = rng.choice(paths)
            method = "GET" if "?" in path or path.endswith(("record", "rules")) else rng.choice(["GET", "POST"])
            kind = rng.randrange(4)
            raw = None if method == "GET" else (
                json.dumps(_value(rng)).encode() if kind == 0 else
                b"[" * 30_000 + b"]" * 30_000 if kind == 1 else
                b'{"game": "kessen", "seats": [{"kind": "human"}], "x": "\\ud800"}' if kind == 2 else
                _text(rng).encode())
            headers = {"content-type": rng.choice(["application/json", "text/plain", "application/json; charset=x"])}
            status, answer = http(address, method, path, raw=raw, headers=headers)
            assert status < 500 or status == 503, (method, path, raw and raw[:80], status, answer)
            if isinstance(answer, dict) and "detail" in answer and isinstance(answer["detail"], str):
                assert "\n" not in answer["detail"]
        summary = http(address, "GET", f"/api/tables/{table}")[1]
        assert summary["version"] == 0 and summary["status"] == "running"
        assert len(http(address, "GET", "/api/tables")[1]) == 1  # nothing the fuzz sent made a table
        assert http(address, "GET", "/api/health") == (200, {"status": "ok"})
    assert time.monotonic() - started < BUDGET


def _canonical_in(action: str, legal: list[str]) -> bool:
    try:
        return canonical(action) in legal
    except Exception:
        return False
