"""LTK records: one made under older rules is refused with a one-line reason, not replayed."""

from __future__ import annotations

import json

import pytest

from warroom.bots import RandomBot
from warroom.engine import RecordError, registry
from warroom.engine.record import Record, replay
from warroom.engine.runner import play_bots

LTK = registry.get("ltk")


def test_a_record_of_ltk_rules_version_1_is_refused_since_the_issue_34_rule_fixes() -> None:
    assert LTK.rules_version == 2
    _, match = play_bots(LTK, LTK.configure(4), 3, [RandomBot() for _ in range(4)], record=True)
    assert match is not None
    data = json.loads(json.dumps(match.record.to_json()))
    assert [_ for _ in replay(Record.from_json(data), verify=True)]  # today's record replays
    data["rules_version"] = 1
    with pytest.raises(RecordError, match=r"^record is for ltk rules version 1, this warroom plays version 2$"):
        Record.from_json(data)
