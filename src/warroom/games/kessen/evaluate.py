"""Paper Kessen's evaluation function: how well a side stands, for search bots' cut playouts.

The game is won by three battles in a row, so the streak counts most; battles won so far
say who has been winning; the material on the table (units, the printed Force of their
leaders, troops and modifiers) and the number of cards in hand say who can win the next
battles. The sum is squashed into ``[0, 1]`` with ``tanh`` so
that 0.5 is an even position and a finished game scores exactly 1 or 0 (0.5 for a draw).

It reads only what both sides see (the table, the battle record, hand sizes), never what
a hand or a deck holds, so a search bot's value of a world does not depend on how its hidden cards were dealt
except through the moves played in it.
"""

from __future__ import annotations

import math
from typing import Any

from warroom.games.kessen.cards import CARDS
from warroom.games.kessen.state import KessenState

STREAK = 0.6  # per battle of the current winning streak (three wins the game)
BATTLES = 0.1  # per battle won so far
UNIT = 0.15  # per unit in play (a leader with at least one troop)
FORCE = 0.02  # per point of printed Force on the table (leaders, troops, modifiers)
CARD = 0.02  # per card in hand (the sizes are public; what they are is not read)
WIN_STREAK = 3
PRINTED = [c.force for c in CARDS]  # id -> printed Force, the hot-path lookup


def material(state: KessenState, side: int) -> float:
    """The worth of ``side``'s material: units in play with their printed Force, and hand sizes."""
    s = state.sides[side]
    total = CARD * (len(s.leaders) + len(s.recruits) + len(s.actions))
    for unit in s.units:
        if unit.troops:
            force = PRINTED[unit.leader] + sum(PRINTED[c] for c in unit.troops) + sum(PRINTED[c] for c in unit.mods)
            total += UNIT + FORCE * force
    return total


def evaluate(self: Any, state: KessenState, seat: int) -> float:
    """``Game.evaluate`` for Paper Kessen (bound as a method of the game: ``self`` is unused)."""
    if state.winner >= 0:
        return 0.5 if state.winner == 2 else float(state.winner == seat)
    opp = 1 - seat
    streak = 0.0
    if state.last_winner == seat:
        streak = state.streak / WIN_STREAK
    elif state.last_winner == opp:
        streak = -state.streak / WIN_STREAK
    mine, theirs = state.sides[seat], state.sides[opp]
    score = (
        STREAK * WIN_STREAK * streak
        + BATTLES * (mine.battles_won - theirs.battles_won)
        + material(state, seat)
        - material(state, opp)
    )
    return 0.5 + 0.5 * math.tanh(score)
