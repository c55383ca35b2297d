"""The heuristic bot plays legal moves everywhere and beats random seats."""

from __future__ import annotations

import pytest

from warroom.bots import make
from warroom.engine.runner import play_bots
from warroom.games.kasl.rules import GAME


@pytest.mark.parametrize(("players", "variants"), [(2, []), (3, ["advanced"])])
def test_the_heuristic_bot_finishes_games_with_legal_moves(players: int, variants: list[str]) -> None:
    bots = [make("kasl", "heuristic") for _ in range(players)]
    outcome, _ = play_bots(GAME, GAME.configure(players, variants), 11, bots)
    assert outcome.winners


def test_one_heuristic_seat_wins_far_more_than_its_share_among_random_ones() -> None:
    wins = 0.0
    games = 24
    for i in range(games):
        seat = i % 4
        bots = [make("kasl", "heuristic" if p == seat else "random") for p in range(4)]
        outcome, _ = play_bots(GAME, GAME.configure(4), 500 + i, bots)
        if seat in outcome.winners:
            wins += 1 / len(outcome.winners)
    assert wins / games >= 0.4  # a fair share is 0.25
