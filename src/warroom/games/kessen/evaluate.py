"""Paper Kessen's evaluation function: how well a side stands, for search bots' cut playouts.

The game is won by three battles in a row, so the streak counts most; battles won so far
say who has been winning; the material on the table (units, the printed Force of their
leaders, troops and modifiers) and the number of cards in hand say who can win the next
battles. During a battle, the units each side still has fighting in it count too (the battle
is lost by the side that runs out), and in an engagement the Force margin of the two units
fighting it (what the views show as their totals); both count more while a side has won the
last two battles, as this one may end the game. Each term is a difference between the sides
(``terms``); their weighted sum is squashed into ``[0, 1]`` with ``tanh``, so that 0.5 is an
even position, and a finished game scores exactly 1 or 0 (0.5 for a draw). The weights are
fitted to the results of heuristic games (``benchmarks/kessen_eval_fit.py``), so a value is
close to the chance that the side wins from there when both play like the heuristic.

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

# One weight per term of ``terms`` (below), fitted to the results of heuristic games by
# benchmarks/kessen_eval_fit.py (a logistic regression; weight = coefficient / 2). Units and
# printed Force are near-collinear: together they value a unit by its Force, at about nothing
# for a Force-10 unit and 0.05 a point of Force above or below.
STREAK1 = 0.23  # the last battle won (a streak of one)
STREAK2 = 0.71  # the last two won: one more battle wins the game
BATTLES = 0.02  # per battle won so far
UNIT = -0.50  # per unit in play (a leader with at least one troop)
FORCE = 0.05  # per point of printed Force on the table (leaders, troops, modifiers)
CARD = 0.02  # per leader or recruit card in hand (the sizes are public; what they are is not read)
ACTION = 0.02  # per action card in hand: each is Force in a later fight
# during a battle, per unit still fighting in it (engaged, not retreated): the side that runs
# out of fighting units loses the battle
FIGHTING = 0.12
# in an engagement's strategy and tactics segments, the side whose unit is ahead on Force now is
# likely to win it (the other may still answer): by tanh(margin / MARGIN_SCALE)
AHEAD = 0.13
MARGIN_SCALE = 2.0
# the two battle terms again while a side has won the last two battles (this one may end the game)
FIGHTING_AT_STAKE = 0.01
AHEAD_AT_STAKE = 0.16
# The terms, in the order of ``terms`` and ``weights``: each is seat 0's side of a difference
# between the sides, so seat 1's terms are their negatives
TERMS = ("streak1", "streak2", "battles", "units", "force", "hand", "actions", "fighting",
         "ahead", "fighting_at_stake", "ahead_at_stake")
FIGHT_STEPS = frozenset({"strategy", "tactics"})
WIN_STREAK = 3
PRINTED = [c.force for c in CARDS]  # id -> printed Force, the hot-path lookup
_printed = PRINTED.__getitem__  # summed with ``map``: no Python frame per card


def weights() -> list[float]:
    """The weight of each term of ``TERMS``, in order (``evaluate_all`` is their sum's tanh)."""
    return [STREAK1, STREAK2, BATTLES, UNIT, FORCE, CARD, ACTION, FIGHTING, AHEAD, FIGHTING_AT_STAKE,
            AHEAD_AT_STAKE]


def evaluate(state: KessenState, seat: int) -> float:
    """``Game.evaluate`` for Paper Kessen."""
    return evaluate_all(state)[seat]


def evaluate_all(state: KessenState) -> list[float]:
    """``evaluate`` for both seats at once: ``0.5 + 0.5 * tanh(score)`` for seat 0, where the
    score is the weighted sum of ``terms(state)``, and its complement for seat 1 (every term is
    a difference between the sides). Written out rather than built from ``terms``: a search bot
    scores every world it reaches, so this is on its hot path (a test checks the two agree)."""
    if state.winner >= 0:
        if state.winner == 2:
            return [0.5, 0.5]
        return [float(state.winner == 0), float(state.winner == 1)]
    sides = state.sides
    score = 0.0
    sign = 1.0
    for s in sides:  # the material terms, seat 0's minus seat 1's
        units = 0
        force = 0
        for unit in s.units:
            if unit.troops:
                units += 1
                force += PRINTED[unit.leader] + sum(map(_printed, unit.troops)) + sum(map(_printed, unit.mods))
        score += sign * (UNIT * units + FORCE * force + CARD * (len(s.leaders) + len(s.recruits))
                         + ACTION * len(s.actions))
        sign = -1.0
    last, run = state.last_winner, state.streak
    stake = False
    if last >= 0 and run:
        lead = 1.0 if last == 0 else -1.0
        if run >= WIN_STREAK - 1:
            score += STREAK2 * lead
            stake = True
        else:
            score += STREAK1 * lead
    score += BATTLES * (sides[0].battles_won - sides[1].battles_won)
    engaged = state.engaged
    if engaged:
        gone = set(state.retreated)
        gone.update(state.duty)
        fight = 0  # ``fighting`` of seat 0 minus seat 1, inlined
        for u in sides[0].units:
            if u.leader in engaged and u.leader not in gone:
                fight += 1
        for u in sides[1].units:
            if u.leader in engaged and u.leader not in gone:
                fight -= 1
        score += (FIGHTING_AT_STAKE + FIGHTING if stake else FIGHTING) * fight
        if state.step in FIGHT_STEPS and state.att_unit >= 0 and state.def_unit >= 0:
            ahead = tanh(margin(state, 0) / MARGIN_SCALE)
            score += (AHEAD_AT_STAKE + AHEAD if stake else AHEAD) * ahead
    half = 0.5 * tanh(score)
    return [0.5 + half, 0.5 - half]


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


def terms(state: KessenState) -> list[float]:
    """The evaluation's terms for seat 0 in a running game (see ``TERMS``). ``*_at_stake``: the
    battle terms again when a side has won the last two battles (this battle can end the game)."""
    sides = state.sides
    units = [0, 0]
    force = [0, 0]
    for i, s in enumerate(sides):
        for unit in s.units:
            if unit.troops:
                units[i] += 1
                force[i] += PRINTED[unit.leader] + sum(map(_printed, unit.troops)) + sum(map(_printed, unit.mods))
    sign = 1 if state.last_winner == 0 else -1 if state.last_winner == 1 else 0
    run = state.streak
    fight = ahead = 0.0
    if state.engaged:
        gone = set(state.retreated)
        gone.update(state.duty)
        fight = float(fighting(sides[0], state.engaged, gone) - fighting(sides[1], state.engaged, gone))
        if state.step in FIGHT_STEPS and state.att_unit >= 0 and state.def_unit >= 0:
            ahead = tanh(margin(state, 0) / MARGIN_SCALE)
    stake = 1.0 if sign and run >= WIN_STREAK - 1 else 0.0
    return [
        float(sign * (run == 1)),
        float(sign * (run >= 2)),
        float(sides[0].battles_won - sides[1].battles_won),
        float(units[0] - units[1]),
        float(force[0] - force[1]),
        float(len(sides[0].leaders) + len(sides[0].recruits) - len(sides[1].leaders) - len(sides[1].recruits)),
        float(len(sides[0].actions) - len(sides[1].actions)),
        fight,
        ahead,
        fight * stake,
        ahead * stake,
    ]
