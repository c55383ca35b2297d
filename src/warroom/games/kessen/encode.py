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


# card id -> its slot in each block: one list index per card on the hot path, no addition
T_HAND, T_MINE, T_THEIRS, T_DISCARDED, T_PLAYED_MINE, T_PLAYED_THEIRS = (
    [base + s for s in SLOT] for base in (HAND, MINE, THEIRS, DISCARDED, PLAYED_MINE, PLAYED_THEIRS))
# leader id -> its slot in each per-leader block (-1 for other cards: never indexed)
T_FIGHTING_MINE, T_FIGHTING_THEIRS, T_RETREATED, T_DUTY, T_ATTACKING, T_DEFENDING = (
    [base + s if s >= 0 else -1 for s in LEADER_SLOT]
    for base in (FIGHTING_MINE, FIGHTING_THEIRS, RETREATED, DUTY, ATTACKING, DEFENDING))
KIND_INDEX = {k: KIND + i for i, k in enumerate(KINDS)}
KIND_OTHER = KIND + len(KINDS)
MEMO = 4096  # discard blocks remembered (a few hundred bytes each); all forgotten when full
_discarded: dict[tuple[int, ...], bytes] = {}
_rules: list[object] = []  # (decider, decision_kind, shown_step), imported once: rules imports us


def _hooks() -> list[object]:
    if not _rules:
        from warroom.games.kessen.rules import decider, decision_kind, shown_step

        _rules.extend((decider, decision_kind, shown_step))
    return _rules


def encode(self: object, state: KessenState, seat: int) -> bytearray:
    """``Game.encode`` for Paper Kessen (bound as a method of the game: ``self`` is unused).

    Every feature is a count or a flag from 0 to 255, so the observation is a ``bytearray``:
    cheap to fill, and a consumer turns it into an array without a Python float per slot
    (``numpy.frombuffer``). The loops below index precomputed tables and nothing else: this
    runs once per step of a research environment, next to an engine step of similar cost."""
    decider, decision_kind, shown_step = _rules or _hooks()
    out = bytearray(SIZE)
    me, them = state.sides[seat], state.sides[1 - seat]
    # one loop per block (the lists joined in C): a loop's set-up costs about as much as a card
    t = T_HAND
    for c in (*me.leaders, *me.recruits, *me.actions):
        out[t[c]] += 1
    for t, side in ((T_MINE, me), (T_THEIRS, them)):
        for u in side.units:
            for c in (u.leader, *u.troops, *u.mods):
                out[t[c]] += 1
    # the discard piles are the longest lists read, and they mostly grow by one card at the end
    # of the action pile: their block is memoised on their exact content (all it depends on),
    # and a new content is first looked for less its last card
    # (in seat order, not mine first: the block is the same for both seats)
    good, evil = state.sides
    key = (*good.leader_discard, -1, *evil.leader_discard, -1, *state.recruit_discard, -1, *state.action_discard)
    block = _discarded.get(key)
    if block is None:
        last = key[-1]
        shorter = _discarded.get(key[:-1]) if last >= 0 else None
        if shorter is not None:
            counts = bytearray(shorter)
            counts[SLOT[last]] += 1
        else:
            counts = bytearray(N)
            for c in key:
                if c >= 0:
                    counts[SLOT[c]] += 1
        if len(_discarded) >= MEMO:
            _discarded.clear()
        block = _discarded[key] = bytes(counts)
    out[DISCARDED:DISCARDED + N] = block
    if state.played:
        mine, theirs = T_PLAYED_MINE, T_PLAYED_THEIRS
        for p in state.played:
            out[(mine if p.side == seat else theirs)[p.card]] += 1
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
