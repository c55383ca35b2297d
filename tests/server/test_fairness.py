"""Deals nobody can predict: server tables use the keyed stream on a secret seed of at least 128
bits, publish its SHA-256 from the start, and reveal the seed, which replays the record, at the end."""

from __future__ import annotations

import hashlib
import json
import random

from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, Conn, bot, create, play_humans, record_of
from warroom.engine.record import replay
from warroom.engine.rng import KEYED


def test_a_two_human_game_is_dealt_fairly_and_verifiably(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN])
    table = t["table"]
    summary = client.get(f"/api/tables/{table}").json()
    commitment = summary["fairness"]["commitment"]
    assert summary["fairness"] == {"generator": KEYED, "commitment": commitment, "seed": None}
    assert summary["config"]["rng"] == KEYED
    with (
        client.websocket_connect(f"/ws/tables/{table}") as w0,
        client.websocket_connect(f"/ws/tables/{table}") as w1,
        client.websocket_connect(f"/ws/tables/{table}") as ws,
    ):
        conns = [Conn(w0, t["seats"][0]["token"]), Conn(w1, t["seats"][1]["token"]), Conn(ws)]
        conns[0].next_state()  # evil arrived: the table runs
        play_humans(conns[:2], random.Random(2))
        conns[2].until(conns[0].state["version"])
    record = record_of(client, table)
    seed = record.seed
    assert record.generator == KEYED
    assert seed.bit_length() > 128  # a 256-bit draw: below 2**128 once in 2**128 tables
    digits = str(seed)
    assert hashlib.sha256(digits.encode()).hexdigest() == commitment
    for conn in conns:
        states = conn.states()
        assert states[0]["fairness"]["commitment"] == commitment  # from the first message on
        for msg in states:
            over = msg["result"] is not None
            assert msg["fairness"] == {"generator": KEYED, "commitment": commitment,
                                       "seed": digits if over else None}
            if not over:
                assert digits not in json.dumps(msg) and str(seed & (2**64 - 1)) not in json.dumps(msg)
        assert states[-1]["fairness"]["seed"] == digits
    assert client.get(f"/api/tables/{table}").json()["fairness"]["seed"] == digits
    # anyone can check the deal: the revealed seed replays the record, every state hash verified
    steps = list(replay(record, verify=True))
    assert len(steps) == len(record.steps) + 1


def test_a_table_with_more_than_one_human_refuses_a_chosen_seed(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "kessen", "seats": [HUMAN, HUMAN], "seed": 7})
    assert r.status_code == 400
    assert r.json()["detail"] == ("a table with 2 human seats cannot take a chosen seed; "
                                  "leave seed out and the server deals from a secret one")
    assert client.get("/api/tables").json() == []
    # one human against bots may replay a deal of their choosing (only they can see it)
    t = create(client, [HUMAN, bot()], seed=7)
    summary = client.get(f"/api/tables/{t['table']}").json()
    assert summary["fairness"]["commitment"] == hashlib.sha256(b"7").hexdigest()


def test_bots_streams_do_not_come_from_the_seed(client: TestClient) -> None:
    """Two tables on the same chosen seed: the same deal, but unrelated bot streams."""
    a = create(client, [HUMAN, bot()], seed=9)["table"]
    b = create(client, [HUMAN, bot()], seed=9)["table"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    ta, tb = manager.tables[a], manager.tables[b]
    assert ta.game.hash(ta.state) == tb.game.hash(tb.state)
    assert ta.rngs[1].random() != tb.rngs[1].random()
