"""The heuristic bot plays legal moves everywhere and beats random seats."""

from __future__ import annotations

import random

import pytest

from tests.kasl.scenario import empty, put
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


def test_the_bot_does_not_count_on_a_cavalry_charge_against_a_lord() -> None:
    """Issue 34, item 9: a Lord among the defenders means dice; 3 attack dice against 3 defence
    dice are not worth the risk, where a charge (no dice) would be."""
    s = empty(reserve=False)
    put(s, 2, 0, cav=2)
    put(s, 3, 1, inf=3, lord=1)
    bot = make("kasl", "heuristic")
    choices = ["attack from=2 to=3", "end"]  # of the legal actions, the one attack in question
    assert bot.choose(GAME.view(s, 0), choices, random.Random(1)) == "end"
    s.lord[2] = 0
    assert bot.choose(GAME.view(s, 0), choices, random.Random(1)) == "attack from=2 to=3"
