"""Our games as OpenSpiel games: loadable by name, OpenSpiel's random-simulation test passes,
and OpenSpiel's own ISMCTS bot plays a whole game against our heuristic bot."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from warroom import bots  # noqa: E402
from warroom.engine.infoset import choose  # noqa: E402
from warroom.research import openspiel as ours  # noqa: E402

SHORT = "warroom_kessen(max_rounds=3)"  # a round limit keeps the test quick (then a draw)


def test_every_turn_based_game_is_registered_and_loads_by_name() -> None:
    assert "warroom_kessen" in ours.REGISTERED
    game = pyspiel.load_game("warroom_kessen")
    assert game.num_distinct_actions() == 16663
    assert game.num_players() == 2
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == ours.DEALS


def test_openspiels_random_simulation_test() -> None:
    pyspiel.random_sim_test(pyspiel.load_game(SHORT), num_sims=2, serialize=False, verbose=False)


def played(game: Any, deal: int, moves: int) -> Any:
    """A state of ``game`` after the deal ``deal`` and ``moves`` random moves."""
    state = game.new_initial_state()
    state.apply_action(deal)
    rng = random.Random(0)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_resampled_state_keeps_the_players_information() -> None:
    game = pyspiel.load_game(SHORT)
    state = played(game, 7, 25)
    player = state.current_player()
    resample = ours.resampler(1)
    for _ in range(3):
        world = resample(state, player)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()


def test_openspiels_ismcts_bot_plays_a_whole_game_against_our_heuristic() -> None:
    game = pyspiel.load_game(SHORT)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    theirs = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4,
                              random_state=np.random.RandomState(1))
    theirs.set_resampler(ours.resampler(2))
    heuristic = bots.make("kessen", "heuristic")
    rng = random.Random(3)
    state = game.new_initial_state()
    state.apply_action(11)
    moves = [0, 0]
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            action = theirs.step(state)
        else:
            inner = state.inner
            warroom = state.wgame.warroom
            legal = warroom.legal_actions(inner, seat)
            action = state.wgame.space.index(choose(warroom, inner, seat, heuristic, legal, rng))
        assert action in state.legal_actions()
        state.apply_action(action)
        moves[seat] += 1
    assert moves[0] > 3 and moves[1] > 3
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("name", ["kessen", "ltk", "kasl"])
def test_the_observation_tensor_is_the_games_own_encoder(name: str) -> None:
    game = pyspiel.load_game(f"warroom_{name}")
    state = played(game, 5, 12)
    observer = game.make_py_observer()
    warroom = state.wgame.warroom
    for player in range(game.num_players()):
        observer.set_from(state, player)
        assert observer.native
        assert observer.tensor.tolist() == list(warroom.encode(state.inner, player))


@pytest.mark.parametrize("name", ["warroom_ltk", "warroom_kasl(rounds=2)"])
def test_openspiels_random_simulation_test_for_ltk_and_kasl(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=1, serialize=False, verbose=False)
