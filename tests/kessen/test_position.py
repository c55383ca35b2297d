"""Kessen position descriptions: building a state from one, the faults it reports, the CLI.

The format is docs/positions.md; the round trip over random games is a property test in
tests/test_properties_kessen.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from warroom.bots import RandomBot
from warroom.cli import app
from warroom.engine import ConfigError
from warroom.engine.record import Record, replay
from warroom.engine.runner import play_bots
from warroom.games.kessen.cards import BY_KEY, KEY
from warroom.games.kessen.core import chain
from warroom.games.kessen.rules import GAME

EXAMPLE = Path(__file__).parents[2] / "docs" / "positions" / "kessen-know-enemy.json"
RUNNER = CliRunner()


def small(**extra: Any) -> dict[str, Any]:
    """A short hand-written position: the Deploy phase, each side one unit and a few cards."""
    out: dict[str, Any] = {
        "game": "kessen", "step": "deploy", "turn": "good", "unlisted": "decks",
        "good": {"units": [{"leader": "liu_bei", "troops": ["swords"]}], "recruits": ["archers"],
                 "leaders": ["guan_yu"]},
        "evil": {"units": [{"leader": "cao_cao", "troops": ["spears"]}]},
    }
    out.update(extra)
    return out


def faults(description: dict[str, Any]) -> list[str]:
    with pytest.raises(ConfigError) as err:
        GAME.position(description)
    return str(err.value).splitlines()


# ----- building --------------------------------------------------------------------------------
def test_a_hand_written_position_puts_each_named_card_where_it_says() -> None:
    state = GAME.position(small())
    good = state.sides[0]
    assert [KEY[c] for c in good.recruits] == ["archers"] and [KEY[c] for c in good.leaders] == ["guan_yu"]
    assert [KEY[t] for t in good.units[0].troops] == ["swords"]
    # unlisted cards lie in their decks, so the cards are all there exactly once
    placed = [c for s in state.sides for c in s.leaders + s.recruits + s.actions + s.leader_deck
              + [x for u in s.units for x in [u.leader, *u.troops, *u.mods]]]
    placed += state.recruit_deck + state.action_deck
    assert sorted(placed) == list(range(232))
    assert GAME.legal_actions(state, 0)[0].startswith("deploy leader=")


def test_piles_are_listed_top_first() -> None:
    state = GAME.position(small(action_deck=["volley#2", "charge"], step="engagement_start",
                                battle={"engaged": ["liu_bei", "cao_cao"], "attacker": "evil"}))
    # the engagement starts: Good (the new defender) draws 7 first, the listed cards on top
    assert [KEY[c] for c in state.sides[1 - state.attacker].actions[:2]] == ["volley", "charge"]
    assert state.sides[1 - state.attacker].actions[0] == BY_KEY["volley"][1]


def test_the_example_file_is_a_know_enemy_window_that_nests() -> None:
    state = GAME.position(json.loads(EXAMPLE.read_text()))
    assert [KEY[c.card] for c in chain(state)] == ["lure"] and GAME.deciders(state) == [1]
    evil_know = GAME.legal_actions(state, 1)[0]
    assert evil_know.startswith("play card=") and GAME.legal_actions(state, 1)[1:] == ["pass"]
    GAME.apply(state, 1, evil_know)  # Evil answers; Good may answer that in turn
    assert [KEY[c.card] for c in chain(state)] == ["lure", "know_enemy"] and GAME.deciders(state) == [0]
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])  # Good's Know Enemy frees its Lure
    assert not state.frames and state.att_unit == BY_KEY["zhang_liao"][0]


# ----- faults: one line each ---------------------------------------------------------------------
def test_a_card_listed_twice_is_one_fault() -> None:
    d = small()
    d["evil"]["units"][1:] = [{"leader": "zhang_liao", "troops": ["swords#1"]}]
    d["good"]["units"][0]["troops"] = ["swords#1"]
    assert faults(d) == ["position: swords#1 is listed twice (good.units[0].troops[0] and "
                         "evil.units[1].troops[0])"]


def test_a_missing_card_is_a_fault_unless_the_decks_take_the_rest() -> None:
    full = GAME.describe_position(GAME.new(GAME.configure(), 3))
    assert GAME.to_json(GAME.position(full)) == GAME.to_json(GAME.new(GAME.configure(), 3))
    gone = full["action_deck"].pop()
    (line,) = faults(full)
    assert line == (f"position: 1 card is not listed anywhere ({gone}): list every card, "
                    "or set \"unlisted\": \"decks\"")


def test_counts_outside_the_rules_are_each_one_line() -> None:
    d = small(round=0)
    d["good"]["battles_won"] = -1
    d["good"]["units"][0]["troops"] = ["swords", "foot"]
    assert sorted(faults(d)) == [
        "position: good.battles_won is -1, outside 0..any",
        "position: good.units[0]: 2 troops, at most 1",
        "position: round is 0, outside 1..60",
    ]


def test_an_impossible_decision_is_refused() -> None:
    assert faults(small(to_move="evil")) == [
        "position: to_move is 'evil', but in this position good decides"]
    assert faults(small(step="tactics")) == [
        "position: battle.attacking_unit: tactics needs a unit of good in play",
        "position: battle.defending_unit: tactics needs a unit of evil in play",
    ]


def test_unknown_fields_and_cards_are_named() -> None:
    d = small(colour="red")
    d["good"]["recruits"] = ["no_such_card"]
    assert sorted(faults(d)) == [
        "position: good.recruits[0]: there is no card 'no_such_card'",
        "position: unknown field 'colour' (fields: action_deck, action_discard, battle, evil, game, "
        "good, initiative, moves, options, passes, pending, recruit_deck, recruit_discard, result, "
        "rng, round, round_effects, rules_version, step, streak, to_move, turn, unlisted)",
    ]


# ----- the command line ----------------------------------------------------------------------------
def test_replay_writes_the_position_at_a_step_and_play_starts_from_it(tmp_path: Path) -> None:
    _, match = play_bots(GAME, GAME.configure(), 21, [RandomBot(), RandomBot()], record=True)
    assert match is not None
    record_path = tmp_path / "game.json"
    match.record.save(record_path)
    states = [s.state.clone() for s in replay(Record.load(record_path))][:41]
    out = tmp_path / "at40.json"
    result = RUNNER.invoke(app, ["replay", str(record_path), "--position", "40", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert GAME.to_json(GAME.position(json.loads(out.read_text()))) == GAME.to_json(states[40])
    printed = RUNNER.invoke(app, ["replay", str(record_path), "--position", "40"])
    assert json.loads(printed.stdout) == json.loads(out.read_text())
    # play from it: quit at once saves a record that begins at the position and replays
    saved = tmp_path / "from40.json"
    played = RUNNER.invoke(app, ["play", "kessen", "--position", str(out), "--save", str(saved),
                                 "--seat", "good"], input="1\n1\nquit\n")
    assert played.exit_code == 0, played.output
    record = Record.load(saved)
    assert record.position == json.loads(out.read_text()) and len(record.steps) >= 1
    last = list(replay(record))[-1].state
    assert last.moves == states[40].moves + len(record.steps)


def test_bad_position_files_are_one_line_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    result = RUNNER.invoke(app, ["play", "kessen", "--position", str(bad)])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: {bad} is not JSON (line 1: Expecting property name enclosed in double quotes)"]
    toml = tmp_path / "pos.toml"
    toml.write_text('game = "kessen"\nstep = "deploy"\nunlisted = "decks"\n[good]\nunits = [{leader = "liu_bei", '
                    'troops = ["swords"]}]\n[evil]\nunits = [{leader = "cao_cao", troops = ["spears"]}]\n')
    ok = RUNNER.invoke(app, ["play", "--position", str(toml), "--save", str(tmp_path / "t.json")],
                       input="quit\n")
    assert ok.exit_code == 0, ok.output
    n = len(Record.load(tmp_path / "t.json").steps)
    missing = RUNNER.invoke(app, ["replay", str(tmp_path / "t.json"), "--position", str(n + 1)])
    assert missing.exit_code == 2
    assert missing.stderr.strip() == f"error: --position {n + 1}: the record has steps 0..{n}"


def test_a_position_game_takes_no_deal_options() -> None:
    result = RUNNER.invoke(app, ["play", "kessen", "--position", str(EXAMPLE), "--seed", "3"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: --position sets the whole game up; drop --seed"


def test_a_record_may_begin_at_a_position_and_old_records_are_unchanged() -> None:
    """The engine's additive record field: ``position`` is written only when a game began at one."""
    from warroom.engine import RecordError
    from warroom.engine.match import Match

    plain = Match(GAME, GAME.configure(), 4).record.to_json()
    assert "position" not in plain and Record.from_json(plain).position is None
    description = json.loads(EXAMPLE.read_text())
    match = Match(GAME, GAME.configure(), 0, position=description)
    match.act(1, "pass")  # Evil lets the Lure through
    data = match.record.to_json()
    assert data["position"] == description
    (start, after) = list(replay(Record.from_json(data)))
    assert start.events == [] and GAME.to_json(after.state) == GAME.to_json(match.state)
    data["position"] = ["not", "an", "object"]
    with pytest.raises(RecordError, match="record position is not an object"):
        Record.from_json(data)


JUNK = [None, -1, "x", [], {}, 3.5, True, "swords", "know_enemy#9", [None], [{}], {"kind": []}, 10**30, "good"]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=60, deadline=None, derandomize=True)
@given(data=st.data())
def test_any_junk_in_a_description_is_a_config_error_never_a_traceback(data: st.DataObject) -> None:
    d = json.loads(EXAMPLE.read_text())
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(d)[1:]))
        holder = d
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = data.draw(st.sampled_from(JUNK))
    try:
        GAME.position(d)
    except ConfigError as err:
        assert str(err) and "Traceback" not in str(err)


def test_a_raids_discard_that_keeps_more_than_seven_cards_round_trips() -> None:
    from tests.kessen.scenario import EVIL, GOOD, Scenario, pending
    from warroom.games.kessen.positions import build, describe

    s = Scenario()
    s.hand(EVIL, "recruits", ["foot"] * 2 + ["swords"] * 2 + ["spears"] * 2 + ["warriors"] * 2
           + ["long_bows"] * 2 + ["archers"])  # 11 cards
    raids, _ = s.hand(GOOD, "recruits", ["raids", "stirring_oratory"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={raids}")
    assert pending(s.state) == [("discard", EVIL, "recruits", 8, "Raids")]
    again = build(describe(s.state), s.game)
    assert again.to_json() == s.state.to_json()
