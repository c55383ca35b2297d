"""The Gymnasium single-seat environment passes Gymnasium's checker and plays whole games."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from warroom.research.gym import SeatEnv, legal


def test_gymnasiums_env_checker() -> None:
    check_env(SeatEnv("kessen", seat="evil", opponent="heuristic"), skip_render_check=True)


def test_a_seeded_game_against_the_heuristic_is_reproducible_and_ends_with_a_reward() -> None:
    def play(seed: int) -> tuple[list[int], float]:
        e = SeatEnv("kessen", seat="good", opponent="heuristic")
        obs, _ = e.reset(seed=seed)
        taken = []
        for _ in range(5000):  # far more than a game takes: a stale mask must fail, not hang
            action = legal(obs)[0]
            taken.append(action)
            obs, reward, term, trunc, info = e.step(action)
            assert "illegal" not in info, info  # the mask offers only legal moves
            if term or trunc:
                return taken, reward
        raise AssertionError("the game did not end")

    first, reward = play(4)
    assert play(4) == (first, reward)
    assert reward in (-1.0, 0.0, 1.0) and len(first) > 5
