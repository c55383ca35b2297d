"""Tessen knockouts at the server: the bracket of ``warroom knockout`` hosted as real-time tables.

Four bots play a whole tournament through the server (every match a real table, winners
advancing, the champion crowned), watched over the tournament WebSocket; people's entrants take
their seats with their entrant token at every table of the bracket, and a resignation sends the
other entrant on.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import Conn, recv
from tests.server.test_realtime import PINGS
from warroom.server import create_app

# one round per match, no handling time (bots react at once in tests): a match takes a second or two
QUICK = {"options": {"wins": 1, "min_interval_ms": 0, "answer_ms": 100}}
BOTS = [{"kind": "bot", "bot": b} for b in ("expert", "casual", "novice", "random")]


@pytest.fixture
def knock(db_url: str, static_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=PINGS)) as c:
        yield c


def _create(client: TestClient, entrants: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/tournaments", json={"game": "tessen", "config": QUICK, "entrants": entrants, **extra})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _until(client: TestClient, tid: str, done: Any, seconds: float = 240.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        got: dict[str, Any] = client.get(f"/api/tournaments/{tid}").json()
        if done(got):
            return got
        assert time.monotonic() < deadline, got
        time.sleep(0.1)


def _match(t: dict[str, Any], rnd: int, index: int) -> dict[str, Any]:
    found: dict[str, Any] = t["rounds"][rnd]["matches"][index]
    return found


def test_a_knockout_is_refused_with_a_reason_when_it_cannot_be_held(knock: TestClient) -> None:
    cases = [
        ({"entrants": BOTS[:3]}, "at least 4 entrants"),
        ({"entrants": [*BOTS[:3], {"kind": "bot", "bot": "grandmaster"}]}, "grandmaster"),
        ({"game": "kessen", "entrants": BOTS}, "played in tessen"),
        ({"entrants": BOTS, "config": {"options": {"wins": 0}}}, "wins"),
    ]
    for body, reason in cases:
        r = knock.post("/api/tournaments", json={"game": "tessen", **body})
        assert r.status_code == 400, r.text
        assert reason in r.json()["detail"]
    assert knock.get("/api/tournaments/nothere").status_code == 404
    assert knock.get("/api/knockout").json() == {"games": ["tessen"], "min_entrants": 4, "max_entrants": 32}


def test_four_bots_play_a_whole_knockout_through_the_server_watched_live(knock: TestClient) -> None:
    made = _create(knock, BOTS, seed=5)
    tid = made["tournament"]
    assert [e["name"] for e in made["entrants"]] == ["expert", "casual", "novice", "random"]
    assert all(e["token"] is None for e in made["entrants"])
    seen: list[dict[str, Any]] = []
    with knock.websocket_connect(f"/ws/tournaments/{tid}") as ws:
        while not seen or seen[-1]["status"] != "finished":
            msg = recv(ws, timeout=240)
            assert msg["type"] == "tournament"
            seen.append(msg)
    final = knock.get(f"/api/tournaments/{tid}").json()
    assert {k: v for k, v in seen[-1].items() if k != "type"} == final
    # the bracket: seeds 1 v 4 and 2 v 3, the winners meet in the final
    assert [r["title"] for r in final["rounds"]] == ["semi-finals", "final"]
    semis = final["rounds"][0]["matches"]
    assert [(m["a"], m["b"]) for m in semis] == [(0, 3), (1, 2)]
    last = _match(final, 1, 0)
    assert (last["a"], last["b"]) == (semis[0]["winner"], semis[1]["winner"])
    assert final["champion"] == last["winner"]
    assert final["champion_name"] == final["entrants"][last["winner"]]["name"]
    # every match was a real-time table of the server, and its result is the bracket's
    tables = set()
    for m in [*semis, last]:
        summary = knock.get(f"/api/tables/{m['table']}").json()
        assert summary["status"] == "finished" and m["table_status"] == "finished"
        assert [s["bot"] for s in summary["seats"]] == [final["entrants"][m["a"]]["bot"],
                                                        final["entrants"][m["b"]]["bot"]]
        won = summary["result"]["scores"]["rounds_won"]
        assert m["score"] == f"{won[0]}-{won[1]}"
        assert m["winner"] == (m["a"] if summary["result"]["winners"] == [0] else m["b"])
        record = knock.get(f"/api/tables/{m['table']}/record").json()
        assert all(step["t"] is not None for step in record["actions"])  # played on the table's clock
        tables.add(m["table"])
    assert len(tables) == 3
    # the live messages showed the final being set up only after both semi-finals were decided
    for msg in seen:
        final_match = _match(msg, 1, 0)
        if final_match["table"] is not None:
            assert all(m["winner"] is not None for m in msg["rounds"][0]["matches"])
    listed = knock.get("/api/tournaments?status=finished").json()
    assert [t["tournament"] for t in listed] == [tid]
    assert listed[0]["champion_name"] == final["champion_name"]


def test_people_take_their_seat_at_every_match_with_their_entrant_token(knock: TestClient) -> None:
    entrants = [{"kind": "bot", "bot": "novice"}, {"kind": "human", "name": "Aki"}, {"kind": "human"},
                {"kind": "bot", "bot": "random"}]
    made = _create(knock, entrants)
    tid = made["tournament"]
    aki, other = made["entrants"][1], made["entrants"][2]
    assert aki["name"] == "Aki" and other["name"] == "Player 2"
    assert aki["url"] == f"/tournament/{tid}#entrant=1&token={aki['token']}"
    shown = knock.get(f"/api/tournaments/{tid}").json()
    assert aki["token"] not in str(shown) and "token" not in str(shown)
    people = _match(shown, 0, 1)
    assert (people["a"], people["b"]) == (1, 2)
    # the people's table waits for them: nobody acts until both have arrived
    assert knock.get(f"/api/tables/{people['table']}").json()["status"] == "open"
    with knock.websocket_connect(f"/ws/tables/{people['table']}") as ws1, \
            knock.websocket_connect(f"/ws/tables/{people['table']}") as ws2:
        first = Conn(ws1, aki["token"])
        second = Conn(ws2, other["token"])
        assert (first.state["seat"], second.state["seat"]) == (0, 1)
        second.send(type="resign")
        while second.state["result"] is None:
            second.next_state()
        assert second.state["result"]["winners"] == [0]
    after = _until(knock, tid, lambda t: _match(t, 1, 0)["table"] is not None)
    assert _match(after, 0, 1)["winner"] == 1 and _match(after, 0, 1)["score"] == "by resignation"
    final = _match(after, 1, 0)
    assert final["b"] == 1  # Aki plays the final at p2, against the bots' winner
    # the same token takes Aki's seat at the final's table
    with knock.websocket_connect(f"/ws/tables/{final['table']}") as ws:
        me = Conn(ws, aki["token"])
        assert me.state["seat"] == 1
        me.send(type="resign")
        while me.state["result"] is None:
            me.next_state()
    done = _until(knock, tid, lambda t: t["status"] == "finished")
    assert done["champion"] == final["a"] and _match(done, 1, 0)["winner"] == final["a"]


def test_a_knockout_carries_on_after_a_restart(db_url: str, static_dir: Path) -> None:
    entrants = [{"kind": "human"}, *BOTS[1:]]
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=PINGS)) as before:
        made = _create(before, entrants)
    tid, token = made["tournament"], made["entrants"][0]["token"]
    # a new server on the same database: the bracket is read back and the person's match still waits
    with TestClient(create_app(db_url, static_dir=static_dir, bot_delay=0, limits=PINGS)) as after:
        shown = after.get(f"/api/tournaments/{tid}").json()
        mine = _match(shown, 0, 0)
        assert (mine["a"], mine["b"], mine["winner"]) == (0, 3, None)
        with after.websocket_connect(f"/ws/tables/{mine['table']}") as ws:
            me = Conn(ws, token)
            assert me.state["seat"] == 0
            me.send(type="resign")
            while me.state["result"] is None:
                me.next_state()
        done = _until(after, tid, lambda t: t["status"] == "finished")
        assert _match(done, 0, 0)["winner"] == 3
        assert done["champion"] in (3, _match(done, 0, 1)["winner"])


def test_a_save_from_a_stale_copy_is_refused(knock: TestClient) -> None:
    """Two servers on one database may both advance a tournament: only the first save counts."""
    tid = _create(knock, [{"kind": "human"}, *BOTS[1:]])["tournament"]
    manager = knock.app.state.tournaments  # type: ignore[attr-defined]
    first, second = manager._load(tid), manager._load(tid)
    assert first.version == second.version
    assert manager._save(first) is True
    assert manager._save(second) is False  # read before the first save: refused, nothing written
    assert manager._load(tid).version == first.version + 1


def test_five_entrants_give_the_top_three_seeds_byes(knock: TestClient) -> None:
    made = _create(knock, [*BOTS, {"kind": "bot", "bot": "heuristic"}])
    shown = knock.get(f"/api/tournaments/{made['tournament']}").json()
    assert [r["title"] for r in shown["rounds"]] == ["round 1", "semi-finals", "final"]
    first = shown["rounds"][0]["matches"]
    assert [(m["a"], m["b"], m["bye"]) for m in first] == [(0, None, True), (3, 4, False), (1, None, True),
                                                            (2, None, True)]
    assert [m["winner"] for m in first if m["bye"]] == [0, 1, 2] and all(m["table"] is None for m in first if m["bye"])
    assert first[1]["table"] is not None  # only seeds 4 and 5 play in the first round
    semis = shown["rounds"][1]["matches"]
    assert semis[0]["a"] == 0 and semis[1]["a"] == 1 and semis[1]["b"] == 2 and semis[1]["table"] is not None
