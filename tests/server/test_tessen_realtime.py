"""A Tessen match at a real-time table: two WebSocket clients act at once, one with added
latency; the server orders their actions by arrival; the record replays exactly with its times
and no client ever sees the other's hand."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, Player, play_all, record_of
from tests.server.test_realtime import PINGS
from warroom.engine import CLOCK_SEAT
from warroom.engine.record import replay
from warroom.games.tessen.rules import GAME
from warroom.server import create_app

# a short match: one round, no minimum interval (the clients are programs), quick answers
QUICK = {"options": {"wins": 1, "min_interval_ms": 0, "answer_ms": 400}}


@pytest.fixture
def tessen_client(db_url: str, static_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=PINGS)) as c:
        yield c


def test_two_clients_play_a_tessen_match_with_latency_and_the_record_replays(tessen_client: TestClient) -> None:
    r = tessen_client.post("/api/tables", json={"game": "tessen", "config": QUICK, "seats": [HUMAN, HUMAN]})
    assert r.status_code == 200, r.text
    made = r.json()
    table = made["table"]
    players = [Player(tessen_client, table, made["seats"][0]["token"], 1),
               Player(tessen_client, table, made["seats"][1]["token"], 2, latency=0.03)]
    play_all(players, 120)
    record = record_of(tessen_client, table)
    assert record.result is not None
    assert {s.seat for s in record.steps} >= {0, 1}
    times = [s.t for s in record.steps]
    assert all(t is not None for t in times) and times == sorted(times)  # type: ignore[type-var]
    states = [GAME.clone(step.state) for step in replay(record, verify=True)]
    assert len(states) == len(record.steps) + 1
    for seat, p in enumerate(players):
        for msg in p.messages:
            if msg["type"] != "state":
                continue
            sides = msg["view"]["sides"]
            assert "hand" not in sides[1 - seat]  # never the other's hand
            hand = sides[seat]["hand"]
            assert len(hand) == len(states[msg["version"]].sides[seat].hand)


def test_bots_on_both_seats_think_on_bot_threads_and_play_a_match_whose_record_replays(
        tessen_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from warroom.games.tessen import bots

    threads: set[str] = set()  # the thread each choice is made on

    def noting(make: Any) -> Any:
        def made() -> Any:
            bot = make()
            choose = bot.choose

            def noted(view: Any, legal: list[str], rng: Any) -> Any:
                threads.add(threading.current_thread().name)
                return choose(view, legal, rng)

            bot.choose = noted
            return bot
        return made

    for name in ("expert", "novice"):
        monkeypatch.setitem(bots.BOTS, name, noting(bots.BOTS[name]))
    r = tessen_client.post("/api/tables", json={"game": "tessen", "config": QUICK,
                                                "seats": [{"kind": "bot", "bot": "expert"},
                                                          {"kind": "bot", "bot": "novice"}]})
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    deadline = time.monotonic() + 120
    while tessen_client.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    record = record_of(tessen_client, table)
    assert record.result is not None
    assert {s.seat for s in record.steps if s.seat != CLOCK_SEAT} == {0, 1}
    assert sum(1 for _ in replay(record, verify=True)) == len(record.steps) + 1
    assert threads and all(name.startswith("warroom-rt-bot") for name in threads), threads
