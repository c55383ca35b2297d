"""Kasl's rules version: records and stored tables of the version before issue 34's readings
(losses, the cavalry charge, sieges) are refused with one line, never replayed under rules they
were not played by."""

from __future__ import annotations

import json

import pytest

from warroom.bots import RandomBot
from warroom.engine import RecordError, WarroomError
from warroom.engine.record import Record, replay
from warroom.engine.runner import play_bots
from warroom.games.kasl.rules import GAME

CONFIG = GAME.configure(2, [], {"rounds": 1})


def test_kasl_plays_rules_version_2() -> None:
    assert GAME.rules_version == 2


def test_a_record_of_rules_version_1_is_refused_with_one_line() -> None:
    _, match = play_bots(GAME, CONFIG, 3, [RandomBot(), RandomBot()], record=True)
    assert match is not None
    data = json.loads(json.dumps(match.record.to_json()))
    assert list(replay(Record.from_json(data), verify=True))  # this version's record replays
    data["rules_version"] = 1
    with pytest.raises(RecordError) as caught:
        Record.from_json(data)
    assert str(caught.value) == "record is for kasl rules version 1, this warroom plays version 2"


def test_a_stored_table_of_rules_version_1_is_not_rebuilt() -> None:
    from warroom.server.db import StoredSeat, StoredTable, now
    from warroom.server.tables import rebuild

    seats = [StoredSeat(0, "bot", "random", None, True), StoredSeat(1, "bot", "random", None, True)]
    stored = StoredTable("old", "kasl", 1, CONFIG, 3, "running", 0, None, "random", None, now(), seats)
    with pytest.raises(WarroomError) as caught:
        rebuild(stored)
    assert str(caught.value) == "table old was played under kasl rules version 1; this server plays version 2"
