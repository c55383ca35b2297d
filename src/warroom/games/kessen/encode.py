"""Paper Kessen's observation encoder (``Game.encode``): one seat's view as a fixed list of numbers.

Read straight from the state, never through the view (building the view, with its Force
breakdowns and card effects, costs more than an engine step), and only from what the view
shows the seat: its own three hands, the table, the discard piles, the battle, the public
counts and the opponent's cards it has seen. The opponent's hands are read only to drop a seen
card that has left them, and no deck's order is read, so two states the seat cannot tell apart
encode the same (``tests/kessen/test_encode.py`` checks it).

The card blocks hold a flag per card id (``C`` = 232 each: which of the two Foot, not only
that there is a Foot), from the seat's side of the table ("mine" first, then the opponent's),
so one layout serves both seats:

====================  =====================================================================
block                 what it holds
====================  =====================================================================
hand                  the seat's own hands (leaders, recruits, actions)
my table / theirs     every leader, troop and modifier of each side's units
discarded             all discard piles (leaders of both sides, recruits, actions)
played: mine/theirs   action cards played this engagement, by side
seen: theirs/mine     cards still in the opponent's hands that the seat has seen (Summon,
                      Propaganda, Scouts), and those of its own the opponent has seen
per leader            for each leader kind: mine fighting, theirs fighting, retreated, on
                      Duty Elsewhere, attacking, defending
scalars               round, decision kind (one-hot), whose decision, streak, battles won,
                      hand and deck sizes, round effects, attacker, engagement, strategy counts
====================  =====================================================================
"""

from __future__ import annotations

import struct
from typing import Any

from warroom.games.kessen.cards import CARDS
from warroom.games.kessen.core import decider, decision_kind, shown_step
from warroom.games.kessen.state import KessenState

C = len(CARDS)  # card ids 0..C-1, each a flag in the card blocks
assert C < 255  # the blocks are built from the ids as bytes (see _flags)
LEADER_KEYS = sorted({c.key for c in CARDS if c.kind == "leader"})
LEADER_SLOT = [LEADER_KEYS.index(c.key) if c.key in LEADER_KEYS else -1 for c in CARDS]
L = len(LEADER_KEYS)
# decision kinds: the steps and the frames a seat may be deciding in (anything else: the last slot)
KINDS = ("start", "deploy", "battle_start", "engagement_start", "pick", "strategy", "respond", "tactics",
         "action_end", "end_segment", "engagement_end", "after_battle", "round_end", "over",
         "discard", "losses", "give", "assassin", "choose")
KIND_SLOT = {k: i for i, k in enumerate(KINDS)}

HAND, MINE, THEIRS, DISCARDED, PLAYED_MINE, PLAYED_THEIRS, SEEN_THEIRS, SEEN_MINE = (k * C for k in range(8))
LEADERS = 8 * C  # six per-leader blocks of L
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

# leader id -> its slot in each per-leader block (-1 for other cards: never indexed); the two
# fighting blocks' slots count from FIGHTING_MINE, where _fighting_block's bytes go
T_FIGHTING_MINE, T_FIGHTING_THEIRS, T_RETREATED, T_DUTY, T_ATTACKING, T_DEFENDING = (
    [base + s if s >= 0 else -1 for s in LEADER_SLOT]
    for base in (0, L, RETREATED, DUTY, ATTACKING, DEFENDING))
KIND_INDEX = {k: KIND + i for i, k in enumerate(KINDS)}
KIND_OTHER = KIND + len(KINDS)

# _flags's tables: maketrans's "to" side for n ids (n bytes 255; every card at most once, so n is
# at most C), and "255 -> 1, anything else -> 0"
_MARKS = [b"\xff" * n for n in range(C + 1)]
_IS_MARK = bytes(b == 255 for b in range(256))
# the scalars written in C, straight into the observation
_pack_scalars = struct.Struct(f"{len(SCALAR_NAMES)}B").pack_into

# The blocks that change on few steps are memoised on exactly what they are built from (never on
# the state's objects, which change in place), so a hit is exact: a side's table changes on a
# few steps of a game (deploys, losses), who fights for whom within a battle rarely, and
# building a block costs several times as much as reading what it is built from into the key.
# Emptied when full, which keeps a long run's memory bounded.
MEMO_LIMIT = 4096
_table_blocks: dict[tuple[int, ...], bytes] = {}  # a side's table cards -> their flags
_fighting_blocks: dict[tuple[int, ...], bytes] = {}  # see _fighting_block
# the discard block of the last piles seen (by any seat: it is the same for both) and copies of
# those piles: (4 piles, block), replaced whole (a thread sees one or the other, never a mix)
_last_discards: list[tuple[Any, ...]] = [(None, None, None, None, b"")]


def _memo_block(memo: dict[tuple[int, ...], bytes], cards: tuple[int, ...]) -> bytes:
    """The flags of ``cards``: computed on a miss (see :func:`_flags`)."""
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    block = memo[cards] = _flags(bytes(cards))
    return block


def _fighting_block(key: tuple[int, ...], engaged: list[int], gone: list[int], duty: list[int],
                    mine: list[int]) -> bytes:
    """The two fighting blocks, mine then theirs (memoised on ``key``, which holds every argument)."""
    out = bytearray(2 * L)
    for leader in engaged:
        if leader not in gone and leader not in duty:
            out[(T_FIGHTING_MINE if leader in mine else T_FIGHTING_THEIRS)[leader]] = 1
    if len(_fighting_blocks) >= MEMO_LIMIT:
        _fighting_blocks.clear()
    block = _fighting_blocks[key] = bytes(out)
    return block


def _flags(ids: bytes) -> bytes:
    """A block of ``C`` flags, 1 at each card id in ``ids`` (card ids as bytes), built in C.

    ``bytes.maketrans`` is the only scatter the standard library does in C: its table is the
    identity but at the ids, which it sends to 255; below 255 the identity never is 255 (every
    id is below ``C``), so the table's first ``C`` bytes, with 255 turned into 1 and anything
    else into 0, are the flags."""
    return bytes.maketrans(ids, _MARKS[len(ids)])[:C].translate(_IS_MARK)


def encode(state: KessenState, seat: int) -> bytearray:
    """``Game.encode`` for Paper Kessen.

    Every feature is a flag or a count from 0 to 255, so the observation is a ``bytearray``:
    cheap to fill, and a consumer turns it into an array without a Python float per slot
    (``numpy.frombuffer``). This runs once per step of a research environment, next to an
    engine step of similar cost: the loops index the output and nothing else, and the blocks
    that change least (tables, discard piles, who fights for whom) come from a memo."""
    out = bytearray(SIZE)
    good, evil = state.sides
    me, them = (good, evil) if seat == 0 else (evil, good)
    for c in (*me.leaders, *me.recruits, *me.actions):
        out[c] = 1  # HAND is 0
    tables = _table_blocks
    mine: list[int] = []  # the leaders of my units (the fighting blocks' key below needs them)
    for base, side, leaders in ((MINE, me, mine), (THEIRS, them, [])):
        cards: list[int] = []
        for u in side.units:
            leaders.append(u.leader)
            cards += u.troops
            cards += u.mods
        key = (*leaders, *cards)
        block = tables.get(key)
        out[base:base + C] = _memo_block(tables, key) if block is None else block
    # the discard piles are the longest lists read (~100 cards late in a game): compared in C
    # with the last piles seen, which they are on most steps
    piles = good.leader_discard, evil.leader_discard, state.recruit_discard, state.action_discard
    last = _last_discards[0]
    if piles[0] == last[0] and piles[1] == last[1] and piles[2] == last[2] and piles[3] == last[3]:
        out[DISCARDED:DISCARDED + C] = last[4]
    else:
        block = _flags(bytes((*piles[0], *piles[1], *piles[2], *piles[3])))
        _last_discards[0] = (piles[0][:], piles[1][:], piles[2][:], piles[3][:], block)
        out[DISCARDED:DISCARDED + C] = block
    for p in state.played:
        out[(PLAYED_MINE if p.side == seat else PLAYED_THEIRS) + p.card] = 1
    for base, owner in ((SEEN_THEIRS, 1 - seat), (SEEN_MINE, seat)):
        for c in state.seen_in_hands(owner):
            out[base + c] = 1
    engaged, gone, duty = state.engaged, state.retreated, state.duty
    if engaged:
        # -1 ends each list of leaders (ids are never negative)
        key = (*engaged, -1, *gone, -1, *duty, -1, *mine)
        block = _fighting_blocks.get(key)
        out[FIGHTING_MINE:RETREATED] = (_fighting_block(key, engaged, gone, duty, mine)
                                        if block is None else block)
    for leader in gone:
        out[T_RETREATED[leader]] = 1
    for leader in duty:
        out[T_DUTY[leader]] = 1
    if state.att_unit >= 0:
        out[T_ATTACKING[state.att_unit]] = 1
    if state.def_unit >= 0:
        out[T_DEFENDING[state.def_unit]] = 1
    over = state.winner >= 0
    deciding = not over and decider(state) == seat
    # the decider sees what it is deciding (the waiting frame's kind); the other seat the step
    kind = decision_kind(state) if deciding else shown_step(state)
    out[KIND_INDEX.get(kind, KIND_OTHER)] = 1
    other = 1 - seat
    streak, last_winner, rnd = state.streak, state.last_winner, state.round
    # every count below is small and never negative (penalties and bonuses only grow); the round
    # and the engagement are capped so that a very long game cannot overflow a byte
    _pack_scalars(
        out, REST, rnd if rnd < 255 else 255, deciding, streak if last_winner == seat else 0,
        streak if last_winner == other else 0, me.battles_won, them.battles_won,
        len(me.leaders), len(me.recruits), len(me.actions), len(them.leaders), len(them.recruits),
        len(them.actions), len(me.leader_deck), len(them.leader_deck), len(state.recruit_deck),
        len(state.action_deck), state.troop_penalty[seat], state.troop_penalty[other],
        state.unit_bonus[seat], state.unit_bonus[other], bool(engaged) and state.attacker == seat,
        min(state.engagement, 255) if engaged else 0, state.strategy_played[seat],
        state.strategy_played[other], over)
    return out


def observation_size() -> int:
    """``Game.observation_size`` for Paper Kessen: the same layout for every configuration."""
    return SIZE
