"""Records of games ended off the board, by a resignation or by everybody leaving, as the server
writes them: ``warroom replay --verify`` accepts them in every game (each state hash matches and
the game was still running when it was ended) and still fails when one action, one hash or the
result in them is changed."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.server.conftest import FAST
from tests.server.helpers import HUMAN, Conn, bot, create
from warroom.cli import app as cli
from warroom.engine import CLOCK_SEAT, registry
from warroom.engine.record import Record, replay
from warroom.server import create_app
from warroom.server.limits import ServerLimits

RUNNER = CliRunner()
# short games and a Tessen table without the minimum interval (the test answers at once)
CONFIGS: dict[str, dict[str, Any]] = {"kessen": {"options": {"max_rounds": 3}}, "ltk": {}, "kasl": {},
                                      "tessen": {"options": {"min_interval_ms": 0}}}
GAMES = sorted(CONFIGS)
MOVES = 4  # the human's moves before the game is ended


def _start(client: TestClient, game: str) -> tuple[str, Any, Conn]:
    """A running table of ``game``: this test's human at seat 0, the game's default bot at seat 1."""
    made = create(client, [HUMAN, bot(registry.get(game).default_bot)], game=game, config=CONFIGS[game])
    cm = client.websocket_connect(f"/ws/tables/{made['table']}")
    return made["table"], cm, Conn(cm.__enter__(), made["seats"][0]["token"])


def _play(me: Conn, moves: int) -> None:
    """Make ``moves`` moves as the human (its first legal action each time); the bot answers."""
    made = 0
    while made < moves:
        state = me.my_turn_or_end()
        assert state["result"] is None, "the game ended before the test could end it"
        key = f"m{made}"
        me.act(state["legal"][0]["action"], id=key)
        reply = me.next()
        while reply.get("reply_to") != key:
            reply = me.next()
        if reply["type"] == "state":
            made += 1
        else:  # a real-time game moved on meanwhile: look again at the next state
            me.next_state()


def _saved(client: TestClient, table: str, path: Path) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/record")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    path.write_text(json.dumps(data))
    return data


def _verify(path: Path, data: dict[str, Any] | None = None) -> tuple[int, str]:
    """``warroom replay --verify`` of ``data`` (written over ``path`` first when given)."""
    if data is not None:
        path.write_text(json.dumps(data))
    result = RUNNER.invoke(cli, ["replay", str(path), "--verify"])
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, (result.stdout + result.stderr).strip()


def _other_move(data: dict[str, Any]) -> tuple[int, str]:
    """A step of ``data`` taken by a seat, and another action that seat could have taken there."""
    record = Record.from_json(data)
    game = registry.get(record.game)
    before: list[Any] = [game.clone(step.state) for step in replay(record)][:-1]
    for i, step in enumerate(record.steps):
        if step.seat == CLOCK_SEAT:
            continue
        others = [a for a in game.legal_actions(before[i], step.seat, step.t) if a != step.action]
        if others:
            return i, others[0]
    raise AssertionError("no step with another legal action")


def _changed_records_fail(path: Path, data: dict[str, Any]) -> None:
    """One action, one hash or the result changed: ``--verify`` says where, and exits 1."""
    i, other = _other_move(data)
    moved = json.loads(json.dumps(data))
    moved["actions"][i]["action"] = other
    code, said = _verify(path, moved)
    assert code == 1 and said.startswith(f"diverged: action {i + 1} "), said
    hashed = json.loads(json.dumps(data))
    last = hashed["actions"][-1]
    last["hash"] = "0" * 16 if last["hash"] != "0" * 16 else "1" * 16
    code, said = _verify(path, hashed)
    assert code == 1 and said.startswith(f"diverged: action {len(hashed['actions'])} ") and "does not match" in said
    claimed = json.loads(json.dumps(data))
    claimed["result"]["winners"] = [0, 1] if claimed["result"]["winners"] != [0, 1] else [1]
    code, said = _verify(path, claimed)
    assert code == 1 and "is not what ending the game that way gives" in said


@pytest.mark.parametrize("game", GAMES)
def test_a_resigned_game_verifies_and_a_changed_one_does_not(client: TestClient, tmp_path: Path, game: str) -> None:
    table, cm, me = _start(client, game)
    try:
        _play(me, MOVES)
        me.send(type="resign", id="r")
        final = me.next_state()
        while final["result"] is None:  # states the bot's moves made before the resignation arrived
            final = me.next_state()
    finally:
        cm.__exit__(None, None, None)
    assert final["result"]["scores"] == {"resigned": 0} and final["result"]["winners"] == [1]
    path = tmp_path / f"{game}.json"
    data = _saved(client, table, path)
    assert data["result"] == final["result"] and len(data["actions"]) >= MOVES
    reason = final["result"]["reason"]
    assert _verify(path) == (0, f"ok: {len(data['actions'])} actions replayed, every state hash matches ({reason})")
    _changed_records_fail(path, data)


def test_tables_abandoned_mid_game_verify_and_changed_ones_do_not(db_url: str, static_dir: Path,
                                                                  tmp_path: Path) -> None:
    caps = ServerLimits(abandon_seconds=0.3)  # the sweep looks every 0.075 s
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=FAST, server_limits=caps)) as c:
        manager = c.app.state.manager  # type: ignore[attr-defined]
        manager.abandon_seconds = 3600.0  # nobody is away too long while the test plays
        tables = {}
        for game in GAMES:
            table, cm, me = _start(c, game)
            try:
                _play(me, MOVES)
            finally:
                cm.__exit__(None, None, None)  # the only human leaves mid-game
            tables[game] = table
        manager.abandon_seconds = 0.3
        deadline = time.monotonic() + 20
        for game, table in tables.items():
            while c.get(f"/api/tables/{table}").json()["status"] != "finished":
                assert time.monotonic() < deadline, f"{game}: not abandoned"
                time.sleep(0.05)
            path = tmp_path / f"{game}.json"
            data = _saved(c, table, path)
            assert data["result"] == {"winners": [], "reason": "abandoned", "scores": {"abandoned": True}}
            assert len(data["actions"]) >= MOVES
            code, said = _verify(path)
            assert code == 0 and said.endswith("every state hash matches (abandoned)"), f"{game}: {said}"
            _changed_records_fail(path, data)


def test_a_table_abandoned_before_it_started_verifies(client: TestClient, tmp_path: Path) -> None:
    made = create(client, [HUMAN, {"kind": "human", "open": True}])
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        me = Conn(ws, made["seats"][0]["token"])
        me.send(type="leave", id="bye")
        assert me.next_state()["result"]["reason"] == "abandoned"
    path = tmp_path / "open.json"
    data = _saved(client, made["table"], path)
    assert data["actions"] == []
    assert _verify(path) == (0, "ok: 0 actions replayed, every state hash matches (abandoned)")
    data["result"]["winners"] = [0]
    assert _verify(path, data)[0] == 1
