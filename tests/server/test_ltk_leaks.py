"""LTK over the WebSocket: whole games against bots, and nothing hidden in what any seat was sent.

Two checks per ``state`` message, against the all-seeing state at its version (from the record):
the view is exactly ``GAME.view`` for that seat (the server adds nothing), and, independently of
``views.py``, no card id the seat cannot see (another seat's hand but for cards everyone saw enter
it or this seat saw go in, or any card of the draw pile), no unrevealed role and no run of the
draw pile's order appears anywhere in the message: view, new log entries, legal actions, prompts.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, Conn, bot, record_of
from warroom.engine import registry
from warroom.engine.record import replay
from warroom.games.ltk.state import LtkState

GAME = registry.get("ltk")
# keys whose integer values (or the integers of whose lists) are card ids in LTK views and events
CARD_KEYS = {"hand", "known_hand", "judgement", "discard", "table", "cards", "card", "candidates", "picked",
             "top", "bottom", "equipment"}
COUNTS = {"cards", "top", "bottom"}  # a bare int under these is how many cards (Guanxing, Yiji)
CARD_IN_ACTION = re.compile(r"\bcards?=([\d,]+)")


def hidden_cards(state: LtkState, seat: int | None) -> set[int]:
    """The draw pile, and the other hands but for the cards everyone saw enter them and those this
    seat saw go in (``state.seen``: a card Snatched from it, one it gave, one it stacked)."""
    out = set(state.draw)
    for i, s in enumerate(state.seats):
        if i != seat:
            out.update(c for c in s.hand if c not in s.known and seat not in state.seen.get(str(c), ()))
    return out


def hidden_roles(state: LtkState, seat: int | None) -> dict[int, str]:
    if state.stage == "over":
        return {}
    return {i: s.role for i, s in enumerate(state.seats) if i != seat and not s.revealed}


def card_ids(node: Any, key: str | None = None) -> Iterator[int]:
    """Every card id in a message part: ints under a card key (a bare int under ``cards`` is a count)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if key == "equipment":
                yield from card_ids(v, "card")
            else:
                yield from card_ids(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from card_ids(v, key if key in CARD_KEYS else None)
    elif isinstance(node, bool):
        return
    elif isinstance(node, int) and key in CARD_KEYS and key not in COUNTS:
        yield node


def list_card_ids(node: Any, key: str | None = None) -> Iterator[int]:
    """Ints inside lists under a card key (``cards=[3, 9]``), which ``card_ids`` counts too."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from list_card_ids(v, k)
    elif isinstance(node, list):
        for v in node:
            if isinstance(v, int) and not isinstance(v, bool) and key in CARD_KEYS:
                yield v
            else:
                yield from list_card_ids(v, key)


def roles_named(node: Any) -> Iterator[tuple[int, Any]]:
    """(seat, role) for every dict that names both."""
    if isinstance(node, dict):
        if isinstance(node.get("seat"), int) and "role" in node:
            yield node["seat"], node["role"]
        for v in node.values():
            yield from roles_named(v)
    elif isinstance(node, list):
        for v in node:
            yield from roles_named(v)


def draw_runs(node: Any, draw: list[int]) -> Iterator[list[int]]:
    """Lists of three or more ints that are a run of the draw pile, top or bottom first (shorter
    lists, such as targets, match by chance; a card of the draw pile fails the card check anyway)."""
    if isinstance(node, dict):
        for v in node.values():
            yield from draw_runs(v, draw)
    elif isinstance(node, list):
        if len(node) >= 3 and all(isinstance(v, int) for v in node):
            text = "," + ",".join(map(str, node)) + ","
            for order in (draw, draw[::-1]):
                if text in "," + ",".join(map(str, order)) + ",":
                    yield node
        for v in node:
            yield from draw_runs(v, draw)


def cards_only(said: dict[str, Any], state: LtkState) -> dict[str, Any]:
    """The message part without what is not a card: the seats a choice of seats (Tuxi) offers."""
    out = dict(said)
    frames = []
    for shown, frame in zip(said["view"]["frames"], state.frames, strict=True):
        if frame.kind == "select" and frame.data["key"] != "card":
            shown = {**shown, "data": {k: v for k, v in shown["data"].items() if k not in ("candidates", "picked")}}
        frames.append(shown)
    out["view"] = {**said["view"], "frames": frames}
    return out


def paths(node: Any, ids: set[int], path: str = "") -> list[str]:
    """Where in a message the ids occur, for the failure message."""
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in paths(v, ids, f"{path}.{k}")]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in paths(v, ids, f"{path}[{i}]")]
    return [f"{path}={node}"] if node in ids and not isinstance(node, bool) else []


def play(me: Conn, rng: random.Random, limit: int = 3000) -> dict[str, Any]:
    """Random legal moves for ``me`` until the game ends. The generals are chosen at once, so a bot
    may move between our state and our action: a move refused as stale is simply chosen again."""
    for n in range(limit):
        state = me.my_turn_or_end()
        if state["result"] is not None:
            return state
        me.act(rng.choice(state["legal"])["action"], id=f"m{n}")
        while True:
            msg = me.next()
            if msg["type"] == "error":
                assert msg["reply_to"] == f"m{n}" and msg["version"] > state["version"], msg
                break
            if msg["type"] == "state" and msg.get("reply_to") == f"m{n}":
                break
    raise AssertionError("the game did not end")


def scan(states: list[LtkState], seat: int | None, messages: list[dict[str, Any]]) -> int:
    checked = 0
    for msg in messages:
        if msg["type"] != "state":
            continue
        v = msg["version"]
        now = states[v]
        assert msg["view"] == json.loads(json.dumps(GAME.view(now, seat))), f"view at {v} is not GAME.view"
        hidden = hidden_cards(now, seat)
        # a log entry tells of step v; a card is secret in it when secret before and after that step
        hidden_then = hidden & hidden_cards(states[v - 1], seat) if v else hidden
        kinds = [e.get("kind") for e in msg["log"]]
        if "reshuffle" in kinds:
            # the discard pile was shuffled into the draw pile during the step: a card this seat saw
            # earlier in the step (played, judged) is in the draw pile now, or in the hand of a seat
            # that drew after the reshuffle, and was rightly named before it
            last = len(kinds) - 1 - kinds[::-1].index("reshuffle")
            before, after = msg["log"][:last], msg["log"][last + 1:]
            drew = {e["seat"] for e in after if e.get("kind") == "draw" and "seat" in e}
            gone_back = set(now.draw) | {c for i in drew for c in now.seats[i].hand}
            hidden_then -= gone_back & (set(card_ids(before)) | set(list_card_ids(before)))
        said = {"view": msg["view"], "decisions": msg["decisions"], "seats": msg["seats"]}
        shown = set(card_ids(cards_only(said, now)))
        shown |= set(list_card_ids(cards_only(said, now)))
        assert not shown & hidden, f"seat {seat} at {v} was sent hidden cards: {paths(said, shown & hidden)}"
        logged = set(card_ids(msg["log"])) | set(list_card_ids(msg["log"]))
        # the failure names the step's log entries too: the game's path depends on when the bots
        # move, so a failure is not replayable from the seed
        assert not logged & hidden_then, (f"seat {seat}'s log at {v} names hidden cards: {paths(msg['log'], logged)}"
                                          f"; the step's log: {json.dumps(msg['log'])[:2000]}")
        acted = {int(c) for a in msg["legal"] for m in CARD_IN_ACTION.finditer(a["action"]) for c in m[1].split(",")}
        assert not acted & hidden, f"seat {seat}'s moves at {v} name hidden cards"
        if seat is not None:
            assert msg["view"]["hand"] == sorted(now.seats[seat].hand)
        secret = hidden_roles(now, seat)
        for part in (said, msg["log"]):
            for who, role in roles_named(part):
                assert who not in secret or role is None, f"seat {seat} at {v} was told seat {who}'s role"
        assert not list(draw_runs({"a": said, "b": msg["log"]}, now.draw)), f"draw pile order sent at {v}"
        checked += 1
    return checked


@pytest.mark.parametrize(("players", "seed"), [(5, 3), (8, 5)])
def test_whole_ltk_games_send_no_seat_another_seats_hand_role_or_the_draw_order(
    client: TestClient, players: int, seed: int
) -> None:
    seats = [HUMAN] + [bot("heuristic")] * (players - 1)
    r = client.post("/api/tables", json={"game": "ltk", "config": {"players": players}, "seats": seats, "seed": seed})
    assert r.status_code == 200, r.text
    t = r.json()
    table = t["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as sws:
        spectator = Conn(sws)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            me = Conn(ws, t["seats"][0]["token"])
            final = play(me, random.Random(seed))
        while spectator.state["result"] is None:
            spectator.next_state()
    record = record_of(client, table)
    states = [step.state.clone() for step in replay(record, verify=True)]  # replay steps one state
    assert len(states) == final["version"] + 1
    assert scan(states, 0, me.messages) > 5
    assert scan(states, None, spectator.messages) > 5
    # at the end every role is shown to everyone
    assert all(s["role"] for s in spectator.state["view"]["seats"])
