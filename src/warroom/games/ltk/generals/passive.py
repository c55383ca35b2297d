"""Compulsory skills that change a rule rather than react to a timing point: Paoxiao (咆哮),
Mashu (马术), Qicai (奇才), Kongcheng (空城), Qianxun (谦逊), Wushuang (无双, read where Kills and
Duels ask) and the lord skill Jiuyuan (救援)."""

from __future__ import annotations

from warroom.games.ltk import core
from warroom.games.ltk.cards import basic, tools
from warroom.games.ltk.generals import GENERALS
from warroom.games.ltk.state import LtkState


def kingdom(state: LtkState, seat: int) -> str:
    return GENERALS[state.seats[seat].general].kingdom


# Paoxiao: no limit on the Kills used in the action phase
basic.UNLIMITED_KILLS.append(lambda s, p: core.holds(s, p, "paoxiao"))
# Mashu: your distance to every other player is 1 less
core.OWN_DISTANCE_MODIFIERS.append(lambda s, a: -1 if core.holds(s, a, "mashu") else 0)
# Qicai: your tool cards have no distance limit
tools.NO_DISTANCE_LIMIT.append(lambda s, p: core.holds(s, p, "qicai"))


# Kongcheng: with no hand card you cannot be the target of a Kill or a Duel
def _empty_fort(state: LtkState, seat: int) -> bool:
    return not state.seats[seat].hand and core.holds(state, seat, "kongcheng")


basic.KILL_TARGET_BANS.append(lambda s, user, t: _empty_fort(s, t))
tools.TOOL_TARGET_BANS.append(lambda s, user, t, kind: kind == "duel" and _empty_fort(s, t))
# Qianxun: you cannot be the target of Steal or Indulgence
tools.TOOL_TARGET_BANS.append(lambda s, user, t, kind: kind in ("snatch", "indulgence")
                              and core.holds(s, t, "qianxun"))


# Jiuyuan (lord, compulsory): a Peach from another Wu character while you are dying heals 1 more
def _rescued(state: LtkState, giver: int, dying: int) -> int:
    return 1 if giver != dying and core.holds(state, dying, "jiuyuan") and kingdom(state, giver) == "wu" else 0


basic.PEACH_BONUS.append(_rescued)
