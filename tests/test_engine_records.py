"""Records, replay, matches and the bot runner."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from warroom.bots import RandomBot
from warroom.engine import ALL_SEEING, IllegalAction, MalformedAction, RecordError, registry
from warroom.engine.bot import Bot
from warroom.engine.match import Match
from warroom.engine.record import FORMAT, Record, Step, abandonment, replay, resignation
from warroom.engine.runner import bot_rng, play_bots

KESSEN = registry.get("kessen")
CONFIG = KESSEN.configure()


def _recorded(seed: int = 5) -> Match:
    _, match = play_bots(KESSEN, CONFIG, seed, [RandomBot(), RandomBot()], record=True)
    assert match is not None
    return match


@pytest.fixture(scope="module")
def match() -> Match:
    return _recorded()


def _data(match: Match) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(match.record.to_json()))
    return data


def _refused(data: Any, reason: str) -> RecordError:
    with pytest.raises(RecordError, match=reason) as caught:
        record = Record.from_json(data)
        for _ in replay(record, verify=True):
            pass
    assert "\n" not in str(caught.value)
    return caught.value


# ----- the record itself --------------------------------------------------------------------------
def test_record_has_the_documented_shape(match: Match) -> None:
    data = _data(match)
    assert data["format"] == FORMAT and data["format_version"] == 1
    assert data["game"] == "kessen" and data["rules_version"] == KESSEN.rules_version
    assert data["config"] == CONFIG and data["seed"] == 5
    assert [s["name"] for s in data["seats"]] == ["good", "evil"]
    assert [s["player"] for s in data["seats"]] == ["random", "random"]
    assert data["actions"] and all(set(a) == {"seat", "action", "hash"} for a in data["actions"])
    assert data["result"] == match.result().to_json()  # type: ignore[union-attr]


def test_save_and_load_round_trip(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    match.record.save(path)
    loaded = Record.load(path)
    assert loaded.to_json() == match.record.to_json()


def test_replay_reproduces_every_hash_and_the_result(match: Match) -> None:
    # replay steps one state forward in place: read each state before asking for the next
    hashes, indices, events = [], [], []
    for step in replay(Record.from_json(_data(match)), verify=True):
        indices.append(step.index)
        hashes.append(KESSEN.hash(step.state))
        events.extend(step.events)
    assert indices == list(range(len(match.record.steps) + 1))
    assert hashes[1:] == [s.hash for s in match.record.steps]
    assert KESSEN.result(step.state) == match.result()
    assert [e.visible_to(ALL_SEEING) for e in events] == match.log(ALL_SEEING)


def test_step_time_is_kept_when_given() -> None:
    step = Step(0, "pass", "abc", 1500)
    assert step.to_json() == {"seat": 0, "action": "pass", "hash": "abc", "t": 1500}
    assert "t" not in Step(0, "pass", "abc").to_json()


# ----- refusing bad records ------------------------------------------------------------------------
def test_tampered_hash(match: Match) -> None:
    data = _data(match)
    data["actions"][3]["hash"] = "0" * 16
    err = _refused(data, "action 4 .* state hash .* does not match the record's 0000000000000000")
    assert data["actions"][3]["action"] in str(err)


def test_changed_action_is_caught_at_that_step(match: Match) -> None:
    data = _data(match)
    # the first step with a choice: replace its action by another legal one
    state = KESSEN.new(CONFIG, 5)
    for i, step in enumerate(match.record.steps):
        legal = KESSEN.legal_actions(state, step.seat)
        others = [a for a in legal if a != step.action]
        if others:
            data["actions"][i]["action"] = others[0]
            _refused(data, f"action {i + 1} .* state hash")
            break
        KESSEN.apply(state, step.seat, step.action)
    else:
        pytest.fail("no step had a choice")


def test_illegal_recorded_action(match: Match) -> None:
    data = _data(match)
    data["actions"][0]["action"] = "frobnicate"
    _refused(data, "action 1 \\('frobnicate' by seat \\d\\) fails: 'frobnicate' is not possible")
    data = _data(match)
    data["actions"][0]["seat"] = 1 - data["actions"][0]["seat"]
    _refused(data, "action 1 .* fails: .* decision")


def test_wrong_rules_version(match: Match) -> None:
    data = _data(match)
    data["rules_version"] = KESSEN.rules_version + 1
    _refused(data, f"record is for kessen rules version {KESSEN.rules_version + 1}, "
                   f"this warroom plays version {KESSEN.rules_version}")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"format": "something-else"}, "not a warroom game record"),
        ({"format_version": 99}, "unsupported record format version 99"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"seed": 1.5}, "record seed 1.5 is not a whole number"),
        ({"seed": "5"}, "is not a whole number"),
        ({"config": []}, "record config is not an object"),
        ({"config": {"players": 3}}, "record config: kessen is for 2 players, not 3"),
        ({"config": {"players": 2, "options": {"max_rounds": "x"}}}, "record config: option"),
        ({"config": {"players": "two"}}, "record config: .*whole number"),
        ({"seats": {}}, "record seats is not a list"),
        ({"actions": 5}, "malformed record"),
        ({"actions": [5]}, "action 1 is not an object"),
        ({"actions": [{"seat": 0}]}, "malformed record: KeyError"),
        ({"actions": [{"seat": "x", "action": "pass", "hash": "0"}]}, "malformed record"),
    ],
)
def test_wrong_format(match: Match, change: dict[str, Any], reason: str) -> None:
    data = _data(match)
    data.update(change)
    _refused(data, reason)


@pytest.mark.parametrize("data", [None, [], "record", 3])
def test_not_a_record_at_all(data: Any) -> None:
    _refused(data, "not a warroom game record")


def test_missing_field() -> None:
    _refused({"format": FORMAT, "format_version": 1}, "malformed record: KeyError 'game'")


def test_load_refuses_what_is_not_json(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("{not json")
    with pytest.raises(RecordError, match=r"notes.txt is not JSON \(line 1: "):
        Record.load(text)
    binary = tmp_path / "image.bin"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(RecordError, match="is not JSON"):
        Record.load(binary)
    with pytest.raises(RecordError, match=r"cannot read .*missing\.json"):
        Record.load(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(tmp_path)


def test_replay_without_verify_skips_hash_checks(match: Match) -> None:
    data = _data(match)
    for a in data["actions"]:
        a["hash"] = ""
    steps = list(replay(Record.from_json(data), verify=False))
    assert KESSEN.hash(steps[-1].state) == match.record.steps[-1].hash


# ----- matches -------------------------------------------------------------------------------------
def test_from_record_continues_the_game(match: Match) -> None:
    half = len(match.record.steps) // 2
    partial = Record.from_json({**_data(match), "actions": _data(match)["actions"][:half],
                                "result": None})
    resumed = Match.from_record(partial)
    assert resumed.result() is None and resumed.record.result is None
    assert len(resumed.record.steps) == half
    for step in match.record.steps[half:]:
        resumed.act(step.seat, step.action)
    assert resumed.record.to_json() == match.record.to_json()
    assert resumed.log(0) == match.log(0) and resumed.log(None) == match.log(None)


def test_from_record_of_a_finished_game_has_its_result(match: Match) -> None:
    done = Match.from_record(Record.from_json(_data(match)))
    assert done.result() == match.result()
    assert done.record.result == match.record.result


@pytest.mark.parametrize(("ending", "reason"), [(resignation(1, "evil", 2), "evil resigned"),
                                                (abandonment(), "abandoned")])
def test_from_record_of_a_game_ended_off_board_does_not_play_on(match: Match, ending: dict[str, Any],
                                                                reason: str) -> None:
    """A resigned or abandoned game is over although its rules would go on: resuming it would
    play on and drop the ending, so it is refused in one line."""
    half = len(match.record.steps) // 2
    ended = Record.from_json({**_data(match), "actions": _data(match)["actions"][:half], "result": ending})
    with pytest.raises(RecordError) as caught:
        Match.from_record(ended)
    assert str(caught.value) == f"the game is over ({reason}); there is nothing to resume"


def test_from_record_refuses_a_tampered_record(match: Match) -> None:
    data = _data(match)
    data["actions"][-1]["hash"] = "f" * 16
    with pytest.raises(RecordError, match=f"action {len(data['actions'])} "):
        Match.from_record(Record.from_json(data))


def test_act_refuses_and_records_nothing() -> None:
    m = Match("kessen", CONFIG, 9)
    before = KESSEN.to_json(m.state)
    setup = list(m.events)  # the set-up's events (deals) open the log
    seat = KESSEN.decisions(m.state)[0].player
    with pytest.raises(IllegalAction):
        m.act(seat, "frobnicate now=1")
    with pytest.raises(IllegalAction):
        m.act(1 - seat, KESSEN.legal_actions(m.state, seat)[0])
    assert m.record.steps == [] and m.events == setup
    assert KESSEN.to_json(m.state) == before


def test_act_records_seat_action_hash_and_time() -> None:
    m = Match("kessen", CONFIG, 9, ["ann", "bob"])
    setup = list(m.events)
    assert setup == KESSEN.start(CONFIG, 9)[1]
    seat = KESSEN.decisions(m.state)[0].player
    action = KESSEN.legal_actions(m.state, seat)[-1]
    events = m.act(seat, action, time_ms=1234)
    assert m.record.steps == [Step(seat, action, KESSEN.hash(m.state), 1234)]
    assert m.events == setup + events
    assert [s["player"] for s in m.record.seats] == ["ann", "bob"]


def test_log_is_redacted_per_seat() -> None:
    m = _recorded(11)
    for seat in (0, 1):
        for entry in m.log(seat):
            if entry["kind"] == "draw":
                mine = entry["side"] == ("good", "evil")[seat]
                assert ("cards" in entry) == mine
    assert all("cards" not in e for e in m.log(None) if e["kind"] == "draw")


# ----- the bot runner --------------------------------------------------------------------------------
class Cheat(Bot):
    """A bot that answers with an action that is not on the list."""

    name = "cheat"
    needs_view = False

    def __init__(self, action: str) -> None:
        self.action = action

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        return self.action


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize(("action", "error"),
                         [("frobnicate", IllegalAction), ("play card", MalformedAction),
                          ("deploy leader=0 troop=0", IllegalAction)])
def test_play_bots_raises_on_an_illegal_bot_action(record: bool, action: str,
                                                   error: type[Exception]) -> None:
    with pytest.raises(error):
        play_bots(KESSEN, CONFIG, 1, [Cheat(action), Cheat(action)], record=record)


def test_play_bots_is_deterministic_and_matches_its_record() -> None:
    a, ma = play_bots(KESSEN, CONFIG, 21, [RandomBot(), RandomBot()], record=True)
    b, _ = play_bots(KESSEN, CONFIG, 21, [RandomBot(), RandomBot()], record=False)
    assert a == b
    assert ma is not None and a.decisions == len(ma.record.steps)
    assert ma.record.result is not None and ma.record.result["winners"] == a.winners


def test_play_bots_gives_up_on_a_stalled_game() -> None:
    with pytest.raises(RuntimeError, match="stalled after 5 decisions"):
        play_bots(KESSEN, CONFIG, 1, [RandomBot(), RandomBot()], max_decisions=5)


def test_bot_streams_differ_by_seat_and_seed() -> None:
    draws = {(seed, seat): bot_rng(seed, seat).random() for seed in range(3) for seat in range(2)}
    assert len(set(draws.values())) == 6
    assert bot_rng(4, 1).random() == bot_rng(4, 1).random()
