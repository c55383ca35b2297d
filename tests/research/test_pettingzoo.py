"""The PettingZoo AEC environment passes PettingZoo's own API and seed tests, for every
turn-based registered game with an action numbering."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from warroom.engine import ConfigError, IllegalAction
from warroom.research.encode import features
from warroom.research.pettingzoo import WarroomEnv, env, games


def test_every_turn_based_game_is_offered() -> None:
    assert {"kessen", "ltk", "kasl"} <= set(games())


@pytest.mark.parametrize("game", games())
def test_pettingzoos_api_test(game: str) -> None:
    api_test(env(game), num_cycles=300)


@pytest.mark.parametrize("game", games())
def test_pettingzoos_seed_test(game: str) -> None:
    seed_test(lambda: env(game), num_cycles=200)


def test_a_whole_random_game_ends_with_plus_and_minus_one() -> None:
    e = env("kessen")
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, _info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) >= 1
        e.step(int(rng.choice(legal)))
        steps += 1
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert steps > 20


@pytest.mark.parametrize("game", games())
def test_the_observation_is_the_games_own_encoder_and_the_info_holds_the_legal_numbers(game: str) -> None:
    e = env(game)
    e.reset(seed=1)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    obs = e.observe(agent)
    assert e.native and obs["observation"].shape == (e.game.observation_size(e.config),)
    assert obs["observation"].tolist() == list(e.game.encode(e.state, seat))
    assert sorted(e.infos[agent]["legal_actions"]) == np.flatnonzero(obs["action_mask"]).tolist()
    again = e.observe(agent)["action_mask"]
    assert again is not obs["action_mask"] and (again == obs["action_mask"]).all()
    other = e.possible_agents[1 - seat]  # (every game here has two seats by default)
    assert not e.observe(other)["action_mask"].any()
    e.step(e.infos[agent]["legal_actions"][0])
    assert e.infos[agent] == {} or e.agent_selection == agent  # the info's list is this decision's


def test_another_size_encodes_the_view_by_feature_hashing() -> None:
    e = env("kessen", obs_size=256)
    e.reset(seed=1)
    seat = e.possible_agents.index(e.agent_selection)
    view = e.game.view(e.state, seat)
    assert not e.native
    assert e.observe(e.agent_selection)["observation"].tolist() == [np.float32(x) for x in features(view, 256)]


def test_an_illegal_number_is_refused_and_changes_nothing() -> None:
    e = env("kessen")
    e.reset(seed=2)
    before = e.game.to_json(e.state)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.game.to_json(e.state) == before


def test_a_game_without_action_numbering_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests import tiny_game

    tiny_game.register(monkeypatch)
    with pytest.raises(ConfigError, match="no action numbering"):
        WarroomEnv("tiny")
