"""Kasl's queries of a state that the rules, the views, the texts, the encoder and the bots all
need: what a territory holds, what a player owns, kingdoms, fiefdoms, missions and the score.
They read the state and change nothing; the rules (``rules.py``) import them, and so does
everything that shows a state, without importing the rules.
"""

from __future__ import annotations

from warroom.games.kasl.board import (
    CV,
    FIEFDOM_MISSION_VP,
    FIEFDOM_OF,
    FIEFDOMS,
    LORD_VP,
    PASSABLE,
    STRONGHOLD_MISSION_VP,
    STRONGHOLD_VP,
    N,
)
from warroom.games.kasl.state import KaslState

ADVANCED = "advanced"


# ----- board facts of a state ------------------------------------------------------------------
def basic(state: KaslState, t: int) -> int:
    """Units with a combat value on ``t``."""
    u = state.units[t]
    return u[0] + u[1] + u[2] + u[3]


def combat_value(state: KaslState, t: int) -> int:
    u = state.units[t]
    return u[0] * CV[0] + u[1] * CV[1] + u[2] * CV[2] + u[3] * CV[3]


def owned(state: KaslState, p: int) -> list[int]:
    return [t for t in range(N) if state.owner[t] == p]


def strongholds(state: KaslState, p: int) -> list[int]:
    owner, level = state.owner, state.level
    return [t for t in range(N) if owner[t] == p and level[t]]


def lords(state: KaslState, p: int) -> int:
    owner, lord = state.owner, state.lord
    return sum(1 for t in range(N) if owner[t] == p and lord[t])


def components(state: KaslState, p: int) -> list[list[int]]:
    """``p``'s groups of adjacent, connected territories (rivers without bridges and mountains cut)."""
    owner = state.owner
    seen = [False] * N
    out: list[list[int]] = []
    for start in range(N):
        if owner[start] != p or seen[start]:
            continue
        seen[start] = True
        group = [start]
        i = 0
        while i < len(group):
            for nb in PASSABLE[group[i]]:
                if not seen[nb] and owner[nb] == p:
                    seen[nb] = True
                    group.append(nb)
            i += 1
        out.append(sorted(group))
    return out


def principal(state: KaslState, p: int, need_stronghold: bool = True) -> list[int]:
    """The principal kingdom: the largest group holding a stronghold (any group when
    ``need_stronghold`` is off or the player has no stronghold and ``need_stronghold`` is off)."""
    best: list[int] = []
    for group in components(state, p):
        if need_stronghold and not any(state.level[t] for t in group):
            continue
        if len(group) > len(best):
            best = group
    return best


def order_size(state: KaslState, p: int) -> int:
    """Kingdom size for the order of play: with no stronghold, the largest group counts."""
    return len(principal(state, p, need_stronghold=bool(strongholds(state, p))))


def complete_fiefdoms(state: KaslState, p: int) -> list[int]:
    """Fiefdoms whose every territory free of the plague is ``p``'s."""
    out = []
    for f, ts in enumerate(FIEFDOMS):
        free = [t for t in ts if not state.plague[t]]
        if free and all(state.owner[t] == p for t in free):
            out.append(f)
    return out


def mission_points(state: KaslState, p: int) -> tuple[int, int]:
    """(stronghold mission VP, fiefdom mission VP) at best, each card used for one mission at most."""
    cards = [c for c in state.missions[p] if c not in state.sacrificed[p]] if state.missions else []
    full = set(complete_fiefdoms(state, p))

    def s(c: int) -> int:
        return STRONGHOLD_MISSION_VP[state.level[c]] if state.owner[c] == p else 0

    def f(c: int) -> int:
        return FIEFDOM_MISSION_VP if FIEFDOM_OF[c] in full else 0

    options = [(0, 0)] + [(s(a), 0) for a in cards] + [(0, f(a)) for a in cards]
    options += [(s(a), f(b)) for a in cards for b in cards if a != b]
    return max(options, key=sum)


def score(state: KaslState, p: int) -> dict[str, int]:
    kingdom = len(principal(state, p))
    forts = sum(STRONGHOLD_VP[state.level[t]] for t in strongholds(state, p))
    lord_vp = LORD_VP * lords(state, p)
    sm, fm = mission_points(state, p)
    return {"kingdom": kingdom, "strongholds": forts, "lords": lord_vp, "stronghold_mission": sm,
            "fiefdom_mission": fm, "total": kingdom + forts + lord_vp + sm + fm}


def _stronghold_levels(state: KaslState, p: int) -> int:
    return sum(state.level[t] for t in strongholds(state, p))


def winners_of(state: KaslState, scores: list[dict[str, int]]) -> list[int]:
    """Most VP; ties go to the larger principal kingdom, then to more stronghold levels,
    then are shared (docs/rules/kasl.md)."""
    keys = [(s["total"], s["kingdom"], _stronghold_levels(state, p)) for p, s in enumerate(scores)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]
