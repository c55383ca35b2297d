"""The server's units through their public interfaces: each table's mode is chosen once, when the
table is made (turn-based for Paper Kessen, real-time for Skirmish), keeps no reference to its
table, and says what play refuses before the game sees an action."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import FAST
from tests.server.helpers import HUMAN, create
from tests.skirmish import register
from warroom.server import create_app
from warroom.server.realtime import RealTime
from warroom.server.tables import LiveTable, TableManager
from warroom.server.turns import TurnBased


def _live(client: TestClient, table_id: str) -> LiveTable:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    return manager.tables[table_id]


def test_a_kessen_table_plays_turn_based_and_refuses_a_stale_version_or_a_seat_without_a_decision(
        client: TestClient) -> None:
    made = create(client, [HUMAN, HUMAN])  # the second seat unclaimed: nothing moves meanwhile
    table = _live(client, made["table"])
    mode = table.mode
    assert type(mode) is TurnBased and mode.follows
    assert table not in gc.get_referents(mode) and table not in vars_of(mode)
    assert mode.clock(table) is None
    [deciding] = table.game.deciders(table.state)
    waiting = 1 - deciding
    assert table.version == 0
    assert mode.refusal(table, deciding, 0) is None
    assert mode.refusal(table, deciding, 1) == "stale: your action was made at version 1, the table is at 0"
    assert mode.refusal(table, waiting, 0) == f"{table.seats[waiting].name} has no decision to make now"


@pytest.fixture
def rt_client(db_url: str, static_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    register(monkeypatch)
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST)) as c:
        yield c


def test_a_skirmish_table_plays_in_real_time_and_never_refuses_an_action_for_its_version(
        rt_client: TestClient) -> None:
    r = rt_client.post("/api/tables", json={"game": "skirmish", "seats": [HUMAN, HUMAN],
                                            "config": {"options": {"cards": 3, "interval_ms": 0}}})
    assert r.status_code == 200, r.text
    table = _live(rt_client, r.json()["table"])
    mode = table.mode
    assert type(mode) is RealTime and not mode.follows and not table.followers
    assert table not in gc.get_referents(mode) and table not in vars_of(mode)
    # arrival order: whatever version the seat saw, the game judges the action when it arrives
    assert mode.refusal(table, 1, 7) is None
    assert mode.time_left_ms() is None
    assert isinstance(mode.clock(table), int)


def vars_of(mode: object) -> list[object]:
    return list(vars(mode).values())
