"""What the server adds between decisions, for every game through the Game hooks: a finished
table's summary (each battle with its result) in the last state and in the replay, the replay's
markers (each round, battle or turn), and the pause after an outcome people read (the bots wait
and every state says for how long)."""

from __future__ import annotations

import random
import time
from pathlib import Path

from fastapi.testclient import TestClient

from tests.server.conftest import FAST
from tests.server.helpers import GAME, HUMAN, Conn, bot, create, play_against_bots, record_of
from warroom.engine.record import replay
from warroom.server import create_app


def _public_log(record_steps: list[list[dict[str, object]]]) -> list[dict[str, object]]:
    return [e for step in record_steps for e in step]


def test_a_finished_table_sends_its_summary_and_the_replay_has_markers_and_the_summary(
        client: TestClient) -> None:
    t = create(client, [HUMAN, bot()], seed=5)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        me = Conn(ws, t["seats"][0]["token"])
        last = play_against_bots(me, random.Random(5))
        # no state before the end carries a summary
        assert all(s["summary"] is None for s in me.states() if s["result"] is None)
    record = record_of(client, t["table"])
    steps = [[e.visible_to(None) for e in rs.events] for rs in replay(record)]
    summary = GAME.summary(record.config, _public_log(steps))
    assert summary and summary[-1].startswith("Game over:")
    assert last["summary"] == summary
    # each battle's line is there, with as many engagement lines as the log has resolutions
    battles = sum(1 for e in _public_log(steps) if e["kind"] == "battle_end")
    assert sum(1 for line in summary if line.startswith("Round ")) == battles
    resolutions = sum(1 for e in _public_log(steps) if e["kind"] == "resolution")
    assert sum(1 for line in summary if line.startswith("  ")) == resolutions

    body = client.get(f"/api/tables/{t['table']}/replay").json()
    assert body["summary"] == summary
    expected = [{"step": i, "label": f"Round {e['round']}" if e["kind"] == "round" else f"Battle of round {e['round']}"}
                for i, events in enumerate(steps) for e in events if e["kind"] in ("round", "battle")]
    assert body["markers"] == expected
    assert expected[0] == {"step": 0, "label": "Round 1"}  # the set-up deals round 1
    assert any(m["label"].startswith("Battle of round") for m in body["markers"])


def test_after_an_engagement_the_bots_wait_and_the_state_says_how_long(tmp_path: Path) -> None:
    # a bot delay of 0.05 s makes the pause 0.5 s (RESULT_PAUSE_FACTOR): long enough to measure
    app = create_app(f"sqlite:///{tmp_path / 'w.db'}", static_dir=tmp_path, bot_delay=0.05, limits=FAST)
    with TestClient(app) as client:
        t = create(client, [bot(), bot()], seed=4)
        with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
            watcher = Conn(ws)
            gaps = []
            last_at = time.monotonic()
            paused = None
            while paused is None or not gaps:
                state = watcher.next_state()
                now = time.monotonic()
                if paused is not None:
                    gaps.append(now - last_at)
                    break
                if any(e["kind"] == "resolution" for e in state["log"]):
                    paused = state["pause_ms"]
                else:
                    assert state["pause_ms"] == 0 or state["result"] is not None
                last_at = now
    assert paused is not None and 300 < paused <= 500
    assert gaps[0] >= 0.4  # the next bot move came after the pause, not after the bot delay
