"""Whole games over the WebSocket, and what every connection was told during them."""

from __future__ import annotations

import json
import random
import threading
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import (
    GAME,
    HUMAN,
    Conn,
    bot,
    check_messages,
    create,
    expected,
    play_against_bots,
    play_humans,
    record_of,
)
from warroom.engine.record import replay


def test_human_against_a_bot_plays_to_the_end_and_every_message_is_what_its_seat_may_see(
    client: TestClient,
) -> None:
    t = create(client, [HUMAN, bot()], seed=11)
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as sws:
        spectator = Conn(sws)
        assert spectator.state["seat"] is None and spectator.state["legal"] == []
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            me = Conn(ws, t["seats"][0]["token"])
            assert me.state["seat"] == 0
            final = play_against_bots(me, random.Random(1))
        while spectator.state["result"] is None:
            spectator.next_state()
    record = record_of(client, table)
    assert len(record.steps) == final["version"]
    assert record.result == final["result"] == spectator.state["result"]
    assert sum(1 for _ in replay(record, verify=True)) == len(record.steps) + 1
    assert check_messages(record, 0, me.messages) > 5
    assert check_messages(record, None, spectator.messages) >= final["version"]
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "finished" and summary["version"] == final["version"]
    assert summary["result"] == final["result"]


def test_two_humans_play_each_other_and_neither_nor_a_spectator_sees_the_other_hand(client: TestClient) -> None:
    t = create(client, [HUMAN, HUMAN])
    table = t["table"]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as w0,
        client.websocket_connect(f"/ws/tables/{table}") as w1,
        client.websocket_connect(f"/ws/tables/{table}") as ws,
    ):
        good = Conn(w0, t["seats"][0]["token"])
        assert good.state["legal"] == [], "nobody acts while the table is open"
        assert client.get(f"/api/tables/{table}").json()["status"] == "open"
        evil = Conn(w1, t["seats"][1]["token"])
        assert evil.state["seat"] == 1
        started = good.next_state()  # the last seat arrived: the table starts, and good hears it
        assert all(s["claimed"] and s["connected"] for s in started["seats"])
        assert (started["legal"] != []) != (evil.state["legal"] != []), "exactly one seat decides"
        spectator = Conn(ws)
        version = play_humans([good, evil, spectator], random.Random(2))
    record = record_of(client, table)
    assert len(record.steps) == version
    for seat, conn in ((0, good), (1, evil), (None, spectator)):
        assert check_messages(record, seat, conn.messages) > version // 3


def test_replay_endpoint_shows_every_step_from_each_point_of_view(client: TestClient) -> None:
    t = create(client, [HUMAN, bot()], seed=3)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        play_against_bots(Conn(ws, t["seats"][0]["token"]), random.Random(3))
    record = record_of(client, t["table"])
    for seat, query in ((0, "?seat=0"), (1, "?seat=1"), (None, "")):
        r = client.get(f"/api/tables/{t['table']}/replay{query}")
        assert r.status_code == 200
        body = r.json()
        views, _, log, _ = expected(record, seat)
        assert [s["index"] for s in body["steps"]] == list(range(len(record.steps) + 1))
        assert [s["view"] for s in body["steps"]] == views
        assert [e for s in body["steps"] for e in s["log"]] == log
        assert [s["action"] for s in body["steps"][1:]] == [s.action for s in record.steps]
        assert all(s["text"] for s in body["steps"][1:])
    everything = client.get(f"/api/tables/{t['table']}/replay?seat=all").json()
    last = everything["steps"][-1]
    assert [v["hand"] for v in last["views"]] == [expected(record, p)[0][-1]["hand"] for p in (0, 1)]
    assert any("card" in json.dumps(e) for s in everything["steps"] for e in s["log"])
    assert client.get(f"/api/tables/{t['table']}/replay?seat=7").status_code == 400
    assert GAME.name == record.game


def test_a_bot_that_follows_the_game_sees_each_human_move_off_the_event_loop_before_it_chooses(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An ``ismcts`` seat keeps a belief over Paper Kessen's hidden cards: the server shows it
    each of the human's moves as its seat sees them (``Game.shown_action``), before the bot
    next chooses, on a thread other than the event loop's (following a belief of hundreds of
    worlds takes tens of ms; the loop serves every table meanwhile)."""
    from warroom.bots import ismcts
    from warroom.server.play import Play

    monkeypatch.setitem(ismcts.LEVELS, "ismcts", replace(ismcts.LEVELS["ismcts"], iterations=4, belief=8))
    loop_threads: set[int] = set()
    shown: list[tuple[int, int, str]] = []  # thread, mover, the move as the bot's seat saw it
    seen_when_choosing: list[int] = []  # at each of the bot's choices, how many moves it had seen
    accept, follow, choose_in = Play.accept, ismcts.ISMCTSBot.witness, ismcts.ISMCTSBot.choose_in

    async def accept_on_loop(self: Play, *args: Any, **kwargs: Any) -> None:
        loop_threads.add(threading.get_ident())
        await accept(self, *args, **kwargs)

    def witnessed(self: ismcts.ISMCTSBot, info: Any, player: int, move: str, rng: random.Random) -> None:
        shown.append((threading.get_ident(), player, move))
        follow(self, info, player, move, rng)

    def chosen(self: ismcts.ISMCTSBot, info: Any, legal: list[str], rng: random.Random) -> str:
        seen_when_choosing.append(len(shown))
        return choose_in(self, info, legal, rng)

    monkeypatch.setattr(Play, "accept", accept_on_loop)
    monkeypatch.setattr(ismcts.ISMCTSBot, "witness", witnessed)
    monkeypatch.setattr(ismcts.ISMCTSBot, "choose_in", chosen)
    t = create(client, [HUMAN, bot("ismcts")], seed=5)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        play_against_bots(Conn(ws, t["seats"][0]["token"]), random.Random(5))
    record = record_of(client, t["table"])
    expected_shown: list[tuple[int, str]] = []
    human_moves_before_bot_choices: list[int] = []
    for replayed in replay(record):
        if replayed.index == len(record.steps):
            break
        step = record.steps[replayed.index]
        if step.seat == 0:
            seen = GAME.shown_action(replayed.state, 0, step.action, 1)
            assert seen is not None  # every Kessen move is public
            expected_shown.append((0, seen))
        else:
            human_moves_before_bot_choices.append(len(expected_shown))
    assert [(player, move) for _, player, move in shown] == expected_shown and len(expected_shown) > 10
    assert loop_threads and not {thread for thread, _, _ in shown} & loop_threads
    # the bot is asked for every move of its seat, forced ones too (Kessen has one decider at a
    # time, so no choice is thrown away): each time, every human move before it had been shown
    assert seen_when_choosing == human_moves_before_bot_choices


def test_a_bot_that_fails_to_follow_a_move_never_refuses_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug in a following bot's ``witness`` is logged; the person's move stands and the game
    plays on to the end (the bot re-deals its belief from the position when it next chooses)."""
    from warroom.bots import ismcts

    monkeypatch.setitem(ismcts.LEVELS, "ismcts", replace(ismcts.LEVELS["ismcts"], iterations=4, belief=8))

    def broken(self: ismcts.ISMCTSBot, info: Any, player: int, move: str, rng: random.Random) -> None:
        raise RuntimeError("a bug while following")

    monkeypatch.setattr(ismcts.ISMCTSBot, "witness", broken)
    t = create(client, [HUMAN, bot("ismcts")], seed=6)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        final = play_against_bots(Conn(ws, t["seats"][0]["token"]), random.Random(6))
    record = record_of(client, t["table"])
    assert final["result"] is not None and sum(1 for s in record.steps if s.seat == 0) > 10
