"""Paper Kessen's observation encoder (``Game.encode``): one seat's view as a fixed list of numbers.

Read straight from the state, never through the view (building the view, with its Force
breakdowns and card effects, costs more than an engine step), and only from what the view
shows the seat: its own three hands, the table, the discard piles, the battle and the public
counts. The opponent's hands and every deck's order are never read, so two states the seat
cannot tell apart encode the same (``tests/research/test_encode_kessen.py`` checks it).

Cards are counted by kind (their key: the two Foot are one slot), from the seat's side of the
table ("mine" first, then the opponent's), so one layout serves both seats:

====================  =====================================================================
block                 what it counts
====================  =====================================================================
hand                  the seat's own hands (leaders, recruits, actions)
my table / theirs     every leader, troop and modifier of each side's units
discarded             all discard piles (leaders of both sides, recruits, actions)
played: mine/theirs   action cards played this engagement, by side
per leader            for each leader kind: mine fighting, theirs fighting, retreated, on
                      Duty Elsewhere, attacking, defending
scalars               round, decision kind (one-hot), whose decision, streak, battles won,
                      hand and deck sizes, round effects, attacker, engagement, strategy counts
====================  =====================================================================
"""

from __future__ import annotations

from warroom.games.kessen.cards import CARDS
from warroom.games.kessen.state import KessenState

KEYS = sorted({c.key for c in CARDS})
SLOT = [KEYS.index(c.key) for c in CARDS]  # card id -> its kind's slot
N = len(KEYS)
LEADER_KEYS = sorted({c.key for c in CARDS if c.kind == "leader"})
LEADER_SLOT = [LEADER_KEYS.index(c.key) if c.key in LEADER_KEYS else -1 for c in CARDS]
L = len(LEADER_KEYS)
# decision kinds: the steps and the frames a seat may be deciding in (anything else: the last slot)
KINDS = ("start", "deploy", "battle_start", "engagement_start", "pick", "strategy", "respond", "tactics",
         "action_end", "end_segment", "engagement_end", "after_battle", "round_end", "over",
         "discard", "losses", "give", "assassin", "choose")
KIND_SLOT = {k: i for i, k in enumerate(KINDS)}

HAND, MINE, THEIRS, DISCARDED, PLAYED_MINE, PLAYED_THEIRS = (k * N for k in range(6))
LEADERS = 6 * N  # six per-leader blocks of L
FIGHTING_MINE, FIGHTING_THEIRS, RETREATED, DUTY, ATTACKING, DEFENDING = (LEADERS + k * L for k in range(6))
SCALARS = LEADERS + 6 * L
KIND = SCALARS  # one-hot over KINDS + 1
REST = KIND + len(KINDS) + 1
SCALAR_NAMES = ("round", "my_decision", "my_streak", "their_streak", "battles_won_mine", "battles_won_theirs",
                "my_leaders", "my_recruits", "my_actions", "their_leaders", "their_recruits", "their_actions",
                "my_leader_deck", "their_leader_deck", "recruit_deck", "action_deck",
                "troop_penalty_mine", "troop_penalty_theirs", "unit_bonus_mine", "unit_bonus_theirs",
                "i_attack", "engagement", "strategy_played_mine", "strategy_played_theirs", "game_over")
SIZE = REST + len(SCALAR_NAMES)


def encode(self: object, state: KessenState, seat: int) -> bytearray:
    """``Game.encode`` for Paper Kessen (bound as a method of the game: ``self`` is unused).

    Every feature is a count or a flag from 0 to 255, so the observation is a ``bytearray``:
    cheap to fill, and a consumer turns it into an array without a Python float per slot
    (``numpy.frombuffer``)."""
    from warroom.games.kessen.rules import decider, decision_kind, shown_step

    out = bytearray(SIZE)
    slot = SLOT
    me, them = state.sides[seat], state.sides[1 - seat]
    for hand in (me.leaders, me.recruits, me.actions):
        for c in hand:
            out[HAND + slot[c]] += 1
    for base, side in ((MINE, me), (THEIRS, them)):
        for u in side.units:
            out[base + slot[u.leader]] += 1
            for c in u.troops:
                out[base + slot[c]] += 1
            for c in u.mods:
                out[base + slot[c]] += 1
    for pile in (me.leader_discard, them.leader_discard, state.recruit_discard, state.action_discard):
        for c in pile:
            out[DISCARDED + slot[c]] += 1
    for p in state.played:
        out[(PLAYED_MINE if p.side == seat else PLAYED_THEIRS) + slot[p.card]] += 1
    lslot = LEADER_SLOT
    if state.engaged:
        gone = state.retreated
        mine = {u.leader for u in me.units}
        for leader in state.engaged:
            if leader not in gone and leader not in state.duty:
                out[(FIGHTING_MINE if leader in mine else FIGHTING_THEIRS) + lslot[leader]] = 1
    for leader in state.retreated:
        out[RETREATED + lslot[leader]] = 1
    for leader in state.duty:
        out[DUTY + lslot[leader]] = 1
    if state.att_unit >= 0:
        out[ATTACKING + lslot[state.att_unit]] = 1
    if state.def_unit >= 0:
        out[DEFENDING + lslot[state.def_unit]] = 1
    over = state.winner >= 0
    deciding = not over and decider(state) == seat
    # the decider sees what it is deciding (the waiting frame's kind); the other seat the step
    kind = decision_kind(state) if deciding else shown_step(state)
    out[KIND + KIND_SLOT.get(kind, len(KINDS))] = 1
    other = 1 - seat
    # every count below is small and never negative (penalties and bonuses only grow); the round
    # and the engagement are capped so that a very long game cannot overflow a byte
    out[REST:] = bytes((
        min(state.round, 255), deciding, state.streak if state.last_winner == seat else 0,
        state.streak if state.last_winner == other else 0, me.battles_won, them.battles_won,
        len(me.leaders), len(me.recruits), len(me.actions), len(them.leaders), len(them.recruits),
        len(them.actions), len(me.leader_deck), len(them.leader_deck), len(state.recruit_deck),
        len(state.action_deck), state.troop_penalty[seat], state.troop_penalty[other],
        state.unit_bonus[seat], state.unit_bonus[other], bool(state.engaged) and state.attacker == seat,
        min(state.engagement, 255) if state.engaged else 0, state.strategy_played[seat],
        state.strategy_played[other], over,
    ))
    return out


def observation_size(self: object, config: dict[str, object]) -> int:
    """``Game.observation_size`` for Paper Kessen: the same layout for every configuration."""
    return SIZE
