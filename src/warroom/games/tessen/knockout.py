"""One Tessen match of a knockout between two bots; the bracket is the platform's
(:mod:`warroom.sim.knockout`), which asks this module how Tessen plays a match."""

from __future__ import annotations

from typing import Any

from warroom import bots
from warroom.engine.realtime import play_realtime
from warroom.games.tessen.rules import GAME


def play_bots(config: dict[str, Any], seed: int, first: str, second: str) -> tuple[int, str]:
    """One Tessen match between two bots on the simulated clock: (winning seat, rounds won "3-1")."""
    outcome, _ = play_realtime(GAME, config, seed, [bots.make("tessen", first), bots.make("tessen", second)])
    won = outcome.scores["rounds_won"]
    return outcome.winners[0], f"{won[0]}-{won[1]}"
