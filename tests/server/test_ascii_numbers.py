"""A move sent over the table's WebSocket with numbers in other scripts' digits (``deploy
leader=١٩٠ troop=²``) is refused with one line, changes nothing and logs no traceback, in every
game (issue 34, item 18: each such message used to log a full traceback)."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, Conn, create

# the digits 0-9 of other scripts: Arabic-Indic, superscripts, circled
SCRIPTS = ["٠١٢٣٤٥٦٧٨٩", "⁰¹²³⁴⁵⁶⁷⁸⁹", "⓪①②③④⑤⑥⑦⑧⑨"]
CONFIGS: dict[str, dict[str, Any]] = {"kessen": {"options": {"max_rounds": 3}}, "ltk": {}, "kasl": {},
                                      "tessen": {"options": {"min_interval_ms": 0}}}


def _first_with_a_number(seats: list[Conn]) -> tuple[Conn, str]:
    """Play each decision's first legal move until one seat may make a move with a number in
    it; that seat and that move."""
    for _ in range(50):
        version = max(c.state["version"] for c in seats)
        for c in seats:
            c.until(version)
        mover = next((c for c in seats if c.state["legal"]), None)
        if mover is None:  # a real-time game between two instants: the next state comes by itself
            seats[0].next_state()
            continue
        moves = [m["action"] for m in mover.state["legal"]]
        numbered = [m for m in moves if re.search("[0-9]", m)]
        if numbered:
            return mover, numbered[0]
        mover.act(moves[0])
        mover.next_state()
    raise AssertionError("no move with a number came up")


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_a_move_in_other_digits_is_refused_in_one_line_without_a_traceback(
        client: TestClient, caplog: pytest.LogCaptureFixture, game: str) -> None:
    made = create(client, [HUMAN, HUMAN], game=game, config=CONFIGS[game])
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as w0, client.websocket_connect(f"/ws/tables/{table}") as w1:
        seats = [Conn(w0, made["seats"][0]["token"]), Conn(w1, made["seats"][1]["token"])]
        seats[0].next_state()  # both seats taken: the game runs
        me, move = _first_with_a_number(seats)
        version, view = me.state["version"], me.state["view"]
        caplog.clear()
        errors = []
        with caplog.at_level(logging.INFO):
            for n, script in enumerate(SCRIPTS):
                me.act(move.translate(str.maketrans("0123456789", script)), id=f"x{n}")
                errors.append(me.next_error())
        assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR], caplog.text
        for n, error in enumerate(errors):
            assert error["reply_to"] == f"x{n}" and error["version"] == version
            assert "\n" not in error["reason"] and "write numbers in the digits 0-9" in error["reason"], error
        summary = client.get(f"/api/tables/{table}").json()
        assert summary["version"] == version and summary["status"] == "running"
        # nothing changed: the same move in ASCII digits is still the seat's to make, at that version
        assert me.state["view"] == view
        me.act(move, id="ascii")
        reply = me.next_state()
        while reply.get("reply_to") != "ascii":
            reply = me.next_state()
        assert reply["version"] == version + 1
