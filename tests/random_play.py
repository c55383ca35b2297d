"""A game state after some random moves, for tests that need a position from the middle of a game."""

from __future__ import annotations

import random
from typing import Any

from warroom.engine.game import Game


def after_random_moves(game: Game[Any], config: dict[str, Any], seed: int, steps: int) -> Any:
    """Game ``seed`` of ``config`` after ``steps`` uniformly random legal moves (fewer if it ends)."""
    state = game.new(config, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.result(state) is not None:
            break
        seat = game.deciders(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.randrange(len(legal))])
    return state
