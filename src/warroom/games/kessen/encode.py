"""Paper Kessen's observation encoder (``Game.encode``): one seat's view as a fixed list of numbers.

Read straight from the state, never through the view (building the view, with its Force
breakdowns and card effects, costs more than an engine step), and only from what the view
shows the seat: its own three hands, the table, the discard piles, the battle and the public
counts. The opponent's hands and every deck's order are never read, so two states the seat
cannot tell apart encode the same (``tests/kessen/test_encode.py`` checks it).

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
per leader            for each leader kind: mine fighting, theirs fighting, retreated, on
                      Duty Elsewhere, attacking, defending
scalars               round, decision kind (one-hot), whose decision, streak, battles won,
                      hand and deck sizes, round effects, attacker, engagement, strategy counts
====================  =====================================================================
"""

from __future__ import annotations

from warroom.games.kessen.cards import CARDS
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

HAND, MINE, THEIRS, DISCARDED, PLAYED_MINE, PLAYED_THEIRS = (k * C for k in range(6))
LEADERS = 6 * C  # six per-leader blocks of L
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

# leader id -> its slot in each per-leader block (-1 for other cards: never indexed)
T_FIGHTING_MINE, T_FIGHTING_THEIRS, T_RETREATED, T_DUTY, T_ATTACKING, T_DEFENDING = (
    [base + s if s >= 0 else -1 for s in LEADER_SLOT]
    for base in (FIGHTING_MINE, FIGHTING_THEIRS, RETREATED, DUTY, ATTACKING, DEFENDING))
KIND_INDEX = {k: KIND + i for i, k in enumerate(KINDS)}
KIND_OTHER = KIND + len(KINDS)

# _flags's tables: ids shifted up by one (so that no id is the byte 0), the shifted ids in order,
# and "0 -> 1, anything else -> 0"
_SHIFT = bytes((i + 1) % 256 for i in range(256))
_PROBE = bytes(range(1, C + 1))
_IS_ZERO = bytes((1, *([0] * 255)))
_ZEROS = bytes(C)  # as long as the longest list of ids: every card at most once
_rules: list[object] = []  # (decider, decision_kind, shown_step), imported once: rules imports us


def _flags(ids: bytes) -> bytes:
    """A block of ``C`` flags, 1 at each card id in ``ids`` (card ids as bytes), built in C.

    ``bytes.maketrans`` is the only scatter the standard library does in C: a table that sends
    each (shifted) id to 0 and every other byte to itself; the probe ``1..C`` through it is 0
    exactly at the ids, and a last table turns those zeros into ones and the rest into zeros.
    About half the cost of a Python loop over 60 cards."""
    shifted = ids.translate(_SHIFT)
    return _PROBE.translate(bytes.maketrans(shifted, _ZEROS[:len(shifted)])).translate(_IS_ZERO)


def _hooks() -> list[object]:
    if not _rules:
        from warroom.games.kessen.rules import decider, decision_kind, shown_step

        _rules.extend((decider, decision_kind, shown_step))
    return _rules


def encode(self: object, state: KessenState, seat: int) -> bytearray:
    """``Game.encode`` for Paper Kessen (bound as a method of the game: ``self`` is unused).

    Every feature is a flag or a count from 0 to 255, so the observation is a ``bytearray``:
    cheap to fill, and a consumer turns it into an array without a Python float per slot
    (``numpy.frombuffer``). This runs once per step of a research environment, next to an
    engine step of similar cost: the loops index the output and nothing else."""
    decider, decision_kind, shown_step = _rules or _hooks()
    out = bytearray(SIZE)
    good, evil = state.sides
    me, them = (good, evil) if seat == 0 else (evil, good)
    for c in (*me.leaders, *me.recruits, *me.actions):
        out[c] = 1  # HAND is 0
    for base, side in ((MINE, me), (THEIRS, them)):
        for u in side.units:
            for c in (u.leader, *u.troops, *u.mods):
                out[base + c] = 1
    # the discard piles are the longest lists read (~100 cards late in a game): built in C
    out[DISCARDED:DISCARDED + C] = _flags(bytes((*good.leader_discard, *evil.leader_discard,
                                                 *state.recruit_discard, *state.action_discard)))
    for p in state.played:
        out[(PLAYED_MINE if p.side == seat else PLAYED_THEIRS) + p.card] = 1
    gone, duty = state.retreated, state.duty
    if state.engaged:
        mine_units = [u.leader for u in me.units]
        for leader in state.engaged:
            if leader not in gone and leader not in duty:
                out[(T_FIGHTING_MINE if leader in mine_units else T_FIGHTING_THEIRS)[leader]] = 1
    for leader in gone:
        out[T_RETREATED[leader]] = 1
    for leader in duty:
        out[T_DUTY[leader]] = 1
    if state.att_unit >= 0:
        out[T_ATTACKING[state.att_unit]] = 1
    if state.def_unit >= 0:
        out[T_DEFENDING[state.def_unit]] = 1
    over = state.winner >= 0
    deciding = not over and decider(state) == seat  # type: ignore[operator]
    # the decider sees what it is deciding (the waiting frame's kind); the other seat the step
    kind = decision_kind(state) if deciding else shown_step(state)  # type: ignore[operator]
    out[KIND_INDEX.get(kind, KIND_OTHER)] = 1
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
