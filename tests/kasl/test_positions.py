"""Kasl positions: every reachable state is described exactly; faults are named one by one."""

from __future__ import annotations

import json
import random

import pytest

from warroom.engine import ConfigError
from warroom.games.kasl.rules import GAME


@pytest.mark.parametrize(("players", "variants"), [(2, []), (4, ["advanced"])])
def test_a_described_position_is_the_same_state(players: int, variants: list[str]) -> None:
    state = GAME.new(GAME.configure(players, variants), 13)
    rng = random.Random(13)
    step = 0
    while True:
        if step % 7 == 0:
            desc = json.loads(json.dumps(GAME.describe_position(state)))
            assert GAME.to_json(GAME.position(desc)) == GAME.to_json(state), step
        if GAME.result(state) is not None:
            break
        p = GAME.deciders(state)[0]
        GAME.apply(state, p, rng.choice(GAME.legal_actions(state, p)))
        step += 1


def test_a_hand_written_position_starts_with_the_turn() -> None:
    state = GAME.position({
        "game": "kasl", "players": 2, "round": 3, "step": "turn", "order": ["red", "green"],
        "territories": {"1": {"owner": "green", "units": {"infantry": 2}, "stronghold": "fortress"},
                        "2": {"owner": "red", "units": {"infantry": 1, "cavalry": 1}, "lord": True,
                              "stronghold": "fortified_city"}},
    })
    assert GAME.deciders(state) == [1] and state.step == "strategic"
    assert state.units[1] == [2, 0, 1, 0]  # red's city recruited its infantry
    assert state.supply[1][4] == 3


def test_faults_are_each_named() -> None:
    with pytest.raises(ConfigError) as err:
        GAME.position({"players": 2, "territories": {
            "49": {"owner": "green"}, "3": {"owner": "purple", "units": {"infantry": 1}},
            "4": {"owner": "green", "lord": True, "stronghold": "castle"},
            "5": {"owner": None, "units": {"infantry": 1}, "plague": True}}})
    text = str(err.value)
    for part in ("territories.49", "territories.3.owner", "territories.4: a Lord is never alone",
                 "territories.5: a plague territory"):
        assert part in text
