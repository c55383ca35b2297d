"""Kasl's stable action numbering (``Game.action_space``), for research adapters.

Territories are written as printed (1-48); units by their index (the four basic types, then
the Lord: ``pick unit=4``). The numbering is the same for every configuration.
"""

from __future__ import annotations

from functools import cache

from warroom.engine.action_space import ActionSpace, Shape
from warroom.games.kasl.board import LORD, N


@cache
def kasl_space() -> ActionSpace:
    territories = range(1, N + 1)
    return ActionSpace([
        Shape.of("done"),
        Shape.of("end"),
        Shape.of("pass"),
        Shape.of("recruit"),
        Shape.of("build", territory=territories),
        Shape.of("fortify", territory=territories),
        Shape.of("pick", territory=territories),
        Shape.of("pick", unit=range(LORD + 1)),
        Shape.of("plague", card=territories),
        Shape.of("attack", **{"from": territories}, to=territories),
        Shape.of("move", **{"from": territories}, to=territories),
        Shape.of("lord", **{"from": territories}, to=territories),
    ])


def action_space(config: dict[str, object]) -> ActionSpace:
    """``Game.action_space`` for Kasl (the same for every configuration)."""
    return kasl_space()
