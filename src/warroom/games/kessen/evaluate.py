"""Paper Kessen's evaluation function: how well a side stands, for search bots' cut playouts.

The game is won by three battles in a row, so the streak counts most; battles won so far
say who has been winning; the material on the table (units, the printed Force of their
leaders, troops and modifiers) and the number of cards in hand say who can win the next
battles. During a battle, the units each side still has fighting in it count too (the battle
is lost by the side that runs out), and in an engagement the Force margin of the two units
fighting it (what the views show as their totals). The sum is squashed into ``[0, 1]`` with
``tanh`` so that 0.5 is an even position and a finished game scores exactly 1 or 0 (0.5 for
a draw).

It reads only what both sides see (the table, the battle record, hand sizes), never what
a hand or a deck holds, so a search bot's value of a world does not depend on how its hidden cards were dealt
except through the moves played in it.
"""

from __future__ import annotations

from math import tanh
from typing import Any

from warroom.games.kessen.cards import CARDS
from warroom.games.kessen.force import force_total
from warroom.games.kessen.state import KessenState

STREAK = 0.6  # per battle of the current winning streak (three wins the game)
BATTLES = 0.1  # per battle won so far
UNIT = 0.15  # per unit in play (a leader with at least one troop)
FORCE = 0.02  # per point of printed Force on the table (leaders, troops, modifiers)
CARD = 0.02  # per leader or recruit card in hand (the sizes are public; what they are is not read)
ACTION = 0.04  # per action card in hand: each is Force in a later fight, so playing one has a cost
# during a battle, per unit still fighting in it (engaged, not retreated): the side that runs
# out of fighting units loses the battle, so a cut playout mid-battle is judged by who is ahead
FIGHTING = 0.25
# in an engagement's strategy and tactics segments, the side whose unit is ahead on Force now is
# likely to win it (the other may still answer): up to half a unit, by the margin
AHEAD = 0.125
MARGIN_SCALE = 2.0
FIGHT_STEPS = frozenset({"strategy", "tactics"})
WIN_STREAK = 3
PRINTED = [c.force for c in CARDS]  # id -> printed Force, the hot-path lookup
_printed = PRINTED.__getitem__  # summed with ``map``: no Python frame per card


def material(state: KessenState, side: int) -> float:
    """The worth of ``side``'s material: units in play with their printed Force, and hand sizes."""
    s = state.sides[side]
    total = CARD * (len(s.leaders) + len(s.recruits)) + ACTION * len(s.actions)
    for unit in s.units:
        if unit.troops:
            force = PRINTED[unit.leader] + sum(map(_printed, unit.troops)) + sum(map(_printed, unit.mods))
            total += UNIT + FORCE * force
    return total


def evaluate(self: Any, state: KessenState, seat: int) -> float:
    """``Game.evaluate`` for Paper Kessen (bound as a method of the game: ``self`` is unused)."""
    return evaluate_all(self, state)[seat]


def evaluate_all(self: Any, state: KessenState) -> list[float]:
    """``evaluate`` for both seats at once: the material, the units fighting and the Force
    margin are worked out once (a search bot scores each world for both seats), and each
    seat's score is the same sum of the same terms as it would be alone."""
    if state.winner >= 0:
        if state.winner == 2:
            return [0.5, 0.5]
        return [float(state.winner == 0), float(state.winner == 1)]
    sides = state.sides
    worth = []
    for s in sides:  # ``material`` of each side, inlined (the same sum in the same order)
        total = CARD * (len(s.leaders) + len(s.recruits)) + ACTION * len(s.actions)
        for unit in s.units:
            if unit.troops:
                force = PRINTED[unit.leader] + sum(map(_printed, unit.troops)) + sum(map(_printed, unit.mods))
                total += UNIT + FORCE * force
        worth.append(total)
    w0, w1 = worth
    # both seats' sums written out (each the same terms, in the same order, as for one seat)
    last, run = state.last_winner, state.streak
    streak0 = streak1 = 0.0
    if last == 0:
        streak0, streak1 = run / WIN_STREAK, -run / WIN_STREAK
    elif last == 1:
        streak0, streak1 = -run / WIN_STREAK, run / WIN_STREAK
    won0, won1 = sides[0].battles_won, sides[1].battles_won
    score0 = STREAK * WIN_STREAK * streak0 + BATTLES * (won0 - won1) + w0 - w1
    score1 = STREAK * WIN_STREAK * streak1 + BATTLES * (won1 - won0) + w1 - w0
    engaged = state.engaged
    if engaged:
        gone = set(state.retreated)
        gone.update(state.duty)
        units0 = units1 = 0  # ``fighting`` of each side, inlined
        for u in sides[0].units:
            if u.leader in engaged and u.leader not in gone:
                units0 += 1
        for u in sides[1].units:
            if u.leader in engaged and u.leader not in gone:
                units1 += 1
        score0 += FIGHTING * (units0 - units1)
        score1 += FIGHTING * (units1 - units0)
        if state.step in FIGHT_STEPS and state.att_unit >= 0 and state.def_unit >= 0:
            diff = margin(state, 0)
            score0 += AHEAD * tanh(diff / MARGIN_SCALE)
            score1 += AHEAD * tanh(-diff / MARGIN_SCALE)
    return [0.5 + 0.5 * tanh(score0), 0.5 + 0.5 * tanh(score1)]


# steps from a round's battle end to the next round's start: that round's battle is finished
AFTER_BATTLE = frozenset({"after_battle", "end_phase", "round_end", "over"})


def stage(state: KessenState) -> int:
    """How many battles have been fought (public): a search bot's rollout with ``until="stage"``
    stops when this grows, at the end of the battle it is in or the next one."""
    return state.round - (state.step not in AFTER_BATTLE)


def margin(state: KessenState, seat: int) -> int:
    """``seat``'s unit's Force minus the opposing unit's, in the engagement being fought."""
    att = state.sides[state.attacker].unit(state.att_unit)
    dfn = state.sides[1 - state.attacker].unit(state.def_unit)
    if att is None or dfn is None or not att.troops or not dfn.troops:
        return 0
    diff = force_total(state, state.attacker, att, True) - force_total(state, 1 - state.attacker, dfn, True)
    return diff if seat == state.attacker else -diff


def fighting(side: Any, engaged: list[int], gone: set[int]) -> int:
    """How many of ``side``'s units are still in this battle."""
    n = 0
    for u in side.units:
        if u.leader in engaged and u.leader not in gone:
            n += 1
    return n
