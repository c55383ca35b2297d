"""The server knows no game: a game registered only here (tests/tiny_game.py, 2-4 players, a
variant and an option) is described, created with players/variants/options checked by
``Game.configure``, and played, with no server code about it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests import tiny_game
from tests.server.conftest import FAST
from tests.server.helpers import HUMAN, bot
from warroom.server import create_app


@pytest.fixture
def tiny_client(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, static_dir: Path) -> Iterator[TestClient]:
    tiny_game.register(monkeypatch)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tiny.db'}", static_dir=static_dir, bot_delay=0,
                               limits=FAST)) as c:
        yield c


def test_the_game_description_carries_what_the_lobby_builds_its_form_from(tiny_client: TestClient) -> None:
    games = {g["name"]: g for g in tiny_client.get("/api/games").json()}
    tiny = games["tiny"]
    assert tiny["players"] == [2, 3, 4]
    assert tiny["seat_names"] == {"2": ["north", "east"], "3": ["north", "east", "south"],
                                  "4": ["north", "east", "south", "west"]}
    assert tiny["variants"] == [{"name": "double", "help": "a player may also add 4"}]
    assert tiny["options"] == [{"name": "target", "type": "int", "default": 9, "help": "the count that wins",
                                "min": 3, "max": 30}]
    assert tiny["bots"] == ["ismcts", "ismcts-strong", "random"] and tiny["default_bot"] == "random"
    assert tiny["dynamics"] == "sequential" and tiny["realtime"] is False
    assert games["kessen"]["default_bot"] == "heuristic"
    rules = tiny_client.get("/api/games/tiny/rules").json()
    assert [s["key"] for s in rules["sections"]] == ["moves"] and rules["intro"]


def test_a_three_player_table_with_a_variant_and_an_option(tiny_client: TestClient) -> None:
    body = {"game": "tiny", "config": {"players": 3, "variants": ["double"], "options": {"target": 5}},
            "seats": [HUMAN, bot(), HUMAN]}
    r = tiny_client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    created = r.json()
    assert [(s["name"], s["kind"]) for s in created["seats"]] == [("north", "human"), ("east", "bot"),
                                                                   ("south", "human")]
    summary = tiny_client.get(f"/api/tables/{created['table']}").json()
    assert summary["config"] == {"players": 3, "variants": ["double"], "options": {"target": 5},
                                 "rng": "blake2b-ctr"}
    assert summary["autopilot"] == "random"  # the game's default bot (it has no better one)
    assert summary["status"] == "open"


def test_a_bot_table_of_a_new_game_plays_to_the_end(tiny_client: TestClient) -> None:
    body = {"game": "tiny", "config": {"players": 4}, "seats": [bot()] * 4, "seed": 3}
    created = tiny_client.post("/api/tables", json=body).json()
    deadline = time.monotonic() + 20  # a guard against a hang: the game takes a few moves
    while (summary := tiny_client.get(f"/api/tables/{created['table']}").json())["status"] != "finished":
        assert time.monotonic() < deadline, summary
        time.sleep(0.05)
    assert summary["result"]["reason"] == "reached the target"
    record = tiny_client.get(f"/api/tables/{created['table']}/record").json()
    assert record["game"] == "tiny" and len(record["seats"]) == 4


@pytest.mark.parametrize(
    ("config", "seats", "reason"),
    [
        ({"players": 5}, 5, "tiny is for 2-4 players, not 5"),
        ({"players": 1}, 1, "tiny is for 2-4 players, not 1"),
        ({"players": 3}, 2, "tiny for 3 players has 3 seats (north, east, south); 2 given"),
        ({"players": 3, "variants": ["triple"]}, 3, "tiny has no variant 'triple' (variants: double)"),
        ({"players": 3, "options": {"target": 2}}, 3, "option target must be at least 3"),
        ({"players": 3, "options": {"target": 31}}, 3, "option target must be at most 30"),
        ({"players": 3, "options": {"target": "many"}}, 3, "option target takes a whole number, not 'many'"),
        ({"players": 3, "options": {"speed": 1}}, 3, "tiny has no option 'speed' (options: target)"),
    ],
)
def test_create_checks_players_variants_and_options_through_the_game(
    tiny_client: TestClient, config: dict[str, object], seats: int, reason: str
) -> None:
    r = tiny_client.post("/api/tables", json={"game": "tiny", "config": config, "seats": [HUMAN] * seats})
    assert r.status_code == 400, r.text
    assert r.json()["detail"] == reason  # one line, the game's own words
    assert tiny_client.get("/api/tables").json() == []
