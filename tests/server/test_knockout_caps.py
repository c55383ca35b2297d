"""A knockout counts as the tables it opens (docs/protocol.md, *Limits*): against the creating
address's rate, the server's tables in play and the creating player's tables not finished; one
that would pass a cap is refused whole, and one that cannot open a later match waits quietly."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, bot
from tests.server.test_realtime import PINGS
from warroom.server import create_app, tournaments
from warroom.server.limits import ServerLimits

QUICK = {"options": {"wins": 1, "min_interval_ms": 0, "answer_ms": 100}}
PEOPLE = [{"kind": "human"}] * 8  # four first-round tables, each waiting for its two people


def _server(db_url: str, static_dir: Path, **caps: Any) -> TestClient:
    return TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=PINGS,
                                 server_limits=ServerLimits(**caps)))


def _knockout(client: TestClient, entrants: list[dict[str, Any]]) -> Any:
    return client.post("/api/tournaments", json={"game": "tessen", "config": QUICK, "entrants": entrants})


def _table(client: TestClient) -> Any:
    return client.post("/api/tables", json={"game": "kessen", "seats": [HUMAN, bot()]})


def test_a_knockout_takes_one_creation_per_table_it_opens_from_the_address(db_url: str, static_dir: Path) -> None:
    with _server(db_url, static_dir, create_burst=20, create_per_minute=1, max_tables_per_player=0) as c:
        assert _knockout(c, [{"kind": "human"}] * 32).status_code == 200  # 16 tables: 16 of the 20
        r = _knockout(c, PEOPLE)  # 4 more tables: 4 left, but refilling 1 a minute takes a moment
        assert r.status_code == 200, r.text
        r = _knockout(c, PEOPLE)
        assert r.status_code == 429
        assert r.json()["detail"].startswith("this knockout opens 4 tables at once: too many tables created "
                                             "from your address; try again in ")
        assert _table(c).status_code == 429  # the address's 20 are spent
        assert len(c.get("/api/tables").json()) == 20


def test_a_knockout_is_refused_whole_when_the_server_has_no_room_for_its_tables(db_url: str,
                                                                                 static_dir: Path) -> None:
    with _server(db_url, static_dir, max_tables=10, create_per_minute=0, max_tables_per_player=0) as c:
        assert _knockout(c, PEOPLE).status_code == 200  # 4 in play
        r = _knockout(c, [{"kind": "human"}] * 16)  # 8 more: 12 > 10
        assert r.status_code == 503
        assert r.json()["detail"] == ("the server has room for 6 more tables in play, and this opens 8; "
                                      "try again later")
        assert len(c.get("/api/tournaments").json()) == 1 and len(c.get("/api/tables").json()) == 4
        for _ in range(6):
            assert _table(c).status_code == 200
        assert _table(c).status_code == 503


def test_a_players_knockout_tables_count_against_their_cap(db_url: str, static_dir: Path) -> None:
    with _server(db_url, static_dir, max_tables_per_player=6, create_per_minute=0) as c:
        assert _knockout(c, PEOPLE).status_code == 200  # 4 tables this browser opened
        assert _table(c).status_code == 200  # and one where it holds a seat: 5
        r = _knockout(c, [{"kind": "human"}] * 4)  # 2 more: 7 > 6
        assert r.status_code == 429
        assert r.json()["detail"] == ("this opens 2 tables, and you already have 5 tables not yet finished, "
                                      "at your seats or in your knockouts (at most 6); finish or resign one first")
        assert _table(c).status_code == 200  # 6
        r = _table(c)
        assert r.status_code == 429
        assert r.json()["detail"] == ("you already have 6 tables not yet finished, at your seats or in your "
                                      "knockouts (at most 6); finish or resign one first")
        c.cookies.clear()  # another browser is not held back by this one's knockout
        assert _knockout(c, [{"kind": "human"}] * 4).status_code == 200


def test_a_knockout_that_cannot_open_its_final_waits_with_one_log_line_then_plays_it(
    db_url: str, static_dir: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tournaments, "SETTLE_SECONDS", 0.05)  # many sweeps while it waits
    caplog.set_level(logging.INFO, logger="warroom.server")
    with _server(db_url, static_dir, create_per_minute=0) as c:
        manager = c.app.state.manager  # type: ignore[attr-defined]
        made = _knockout(c, [bot("expert"), bot("casual"), bot("novice"), bot("random")])
        assert made.status_code == 200, made.text
        tid = made.json()["tournament"]
        manager.max_tables = 0  # the server fills up while the semi-finals are played
        deadline = time.monotonic() + 120
        while not all(m["winner"] is not None for m in c.get(f"/api/tournaments/{tid}").json()["rounds"][0]["matches"]):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(1.0)  # twenty sweeps that cannot open the final
        final = c.get(f"/api/tournaments/{tid}").json()["rounds"][1]["matches"][0]
        assert final["table"] is None and final["a"] is not None and final["b"] is not None
        manager.max_tables = 1000  # room again: the final opens and is played
        deadline = time.monotonic() + 120
        while c.get(f"/api/tournaments/{tid}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
    mine = [r for r in caplog.records if tid in r.getMessage()]
    assert [(r.levelname, r.getMessage()) for r in mine] == [
        ("WARNING", f"tournament {tid} waits to open a match: the server is full (0 tables in play); "
                    "try again later"),
        ("INFO", f"tournament {tid} opened its waiting matches"),
    ]
    assert not [r for r in caplog.records if r.exc_info]
