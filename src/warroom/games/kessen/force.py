"""Force totals, with the breakdown a player sees.

Each action card's force effect is a small function registered by the key it
counts as; modifiers add their printed Force; troop and leader bonuses come
from the card data and the leader tables below.
"""

from __future__ import annotations

from collections.abc import Callable

from warroom.games.kessen.cards import CARDS, KEY
from warroom.games.kessen.state import KessenState, Played, Unit

# Leaders that strengthen their own troop of one type.
LEADER_TROOP_BONUS: dict[str, tuple[str, int]] = {
    "sun_li": ("C", 3),
    "cai_mao": ("I", 3),
    "zhang_he": ("R", 3),
}
# Cards that double the base Force of the leader using them.
DOUBLERS = frozenset({"battle_cry", "meteor_shower"})


class Fight:
    """What a card's force effect may ask about the engagement it is played in."""

    __slots__ = ("defending", "mine", "opp", "opp_formations", "side", "state", "unit")

    def __init__(
        self, state: KessenState, side: int, unit: Unit, opp: Unit, opp_formations: int
    ) -> None:
        self.state = state
        self.side = side
        self.unit = unit
        self.opp = opp
        self.defending = side != state.attacker
        self.opp_formations = opp_formations

    def opp_has(self, troop_type: str) -> bool:
        return any(CARDS[t].troop_type == troop_type for t in self.opp.troops)

    def units_left(self, side: int) -> int:
        retreated = self.state.retreated
        return sum(
            1 for u in self.state.sides[side].units
            if u.leader in self.state.engaged and u.leader not in retreated
        )


ForceRule = Callable[[Fight, Played], int]


def _flat(n: int) -> ForceRule:
    return lambda f, p: n


def _if(base: int, extra: int, cond: Callable[[Fight, Played], bool]) -> ForceRule:
    return lambda f, p: base + (extra if cond(f, p) else 0)


def _troop_is(troop_type: str) -> Callable[[Fight, Played], bool]:
    return lambda f, p: p.on >= 0 and CARDS[p.on].troop_type == troop_type


def _casualties(f: Fight, p: Played) -> int:
    state = f.state
    return state.strategy_played[f.side] + sum(1 for q in state.played if q.side == f.side)


ACTION_FORCE: dict[str, ForceRule] = {
    # tactics
    "tactician": _flat(1),
    "raid": _flat(1),
    "duel": _flat(0),  # handled on the opposing base force
    "volley": _flat(3),
    "snipe": _flat(2),
    "iron_wall": _flat(1),
    "rally": _flat(1),
    "charge": _flat(3),
    "outflank": _flat(2),
    "battle_cry": _flat(0),  # doubles the base force
    "crush": _flat(3),
    # events
    "backup_effect": _flat(1),
    "casualties": _casualties,
    "defend_bridge": _if(0, 4, lambda f, p: f.defending),
    "ambush": _if(0, 4, lambda f, p: f.defending),
    "surprise_attack": _if(0, 4, lambda f, p: not f.defending),
    "confusion": _if(0, 2, lambda f, p: f.units_left(f.side) > f.units_left(1 - f.side)),
    "losses": _flat(0),
    "slain": _flat(0),
    # spells
    "meteor_shower": _flat(0),  # doubles the base force
    "fire_balls": _if(1, 3, lambda f, p: f.opp_has("I")),
    "fire_storm": _flat(3),
    "hail": _flat(1),
    "ice_storm": _flat(1),
    "lightning": _if(1, 3, lambda f, p: f.opp_has("C")),
    "gale": _if(1, 3, lambda f, p: f.opp_has("R")),
    "fissure": _flat(1),
    # formations
    "ring": _flat(2),
    "box": _flat(2),
    "dome": _flat(1),
    "moon": _if(1, 2, lambda f, p: f.defending),
    "swan": _if(1, 2, lambda f, p: f.defending),
    "carp": _if(1, 2, _troop_is("I")),
    "goose": _if(1, 2, _troop_is("R")),
    "bowl": _if(1, 2, _troop_is("C")),
    "asp": _if(1, 2, lambda f, p: not f.defending),
    "bull": _if(1, 2, lambda f, p: not f.defending),
    "dart": _if(1, 2, lambda f, p: CARDS[f.unit.leader].general),
    "awl": _if(1, 2, lambda f, p: CARDS[f.unit.leader].general),
    "flat": _if(1, 2, lambda f, p: f.opp_formations == 0),
}

KIND_OF_KEY: dict[str, str] = {c.key: c.kind for c in CARDS}


def negated(played: list[Played]) -> set[int]:
    """Cards negated by an effective card. A negator always comes after its target, so one
    backward pass settles chains (a negated negator frees the card it aimed at)."""
    out: set[int] = set()
    for p in reversed(played):
        if p.negates >= 0 and p.card not in out:
            out.add(p.negates)
    return out


def troop_force(state: KessenState, side: int, unit: Unit, troop: int, fight: Fight | None,
                parts: list[tuple[str, int]]) -> int:
    card = CARDS[troop]
    force = card.force
    label = card.name
    if fight is not None and card.bonus:
        when = card.bonus_when
        hit = (
            (when == "defending" and fight.defending)
            or (when == "attacking" and not fight.defending)
            or (when == "vs_infantry" and fight.opp_has("I"))
            or (when == "vs_cavalry" and fight.opp_has("C"))
            or (when == "vs_ranged" and fight.opp_has("R"))
        )
        if hit:
            force += card.bonus
            label += f" (+{card.bonus})"
    bonus = LEADER_TROOP_BONUS.get(KEY[unit.leader])
    if bonus is not None and card.troop_type == bonus[0]:
        force += bonus[1]
        label += f" (+{bonus[1]} {CARDS[unit.leader].name})"
    penalty = state.troop_penalty[side]
    if penalty:
        force -= penalty
        label += f" (-{penalty} supplies)"
    force = max(0, force)
    parts.append((label, force))
    return force


def unit_force(state: KessenState, side: int, unit: Unit, in_fight: bool) -> tuple[int, list[tuple[str, int]]]:
    """Force total of ``unit`` and its breakdown; ``in_fight`` adds the engagement's effects."""
    parts: list[tuple[str, int]] = []
    leader = CARDS[unit.leader]
    fight: Fight | None = None
    mine: list[Played] = []
    theirs: list[Played] = []
    if in_fight:
        opp_leader = state.def_unit if side == state.attacker else state.att_unit
        opp = state.sides[1 - side].unit(opp_leader)
        if opp is None:  # the opposing unit left play (cannot happen mid-engagement)
            opp = Unit(opp_leader, [], [])
        out = negated(state.played)
        for p in state.played:
            if p.card in out:
                continue
            (mine if p.side == side else theirs).append(p)
        opp_formations = sum(1 for p in theirs if KIND_OF_KEY[p.key] == "formation")
        fight = Fight(state, side, unit, opp, opp_formations)

    base = leader.force
    note = ""
    if fight is not None:
        if leader.general and any(p.key == "duel" for p in theirs):
            base, note = 0, " (Duel)"
        doublings = sum(1 for p in mine if p.key in DOUBLERS)
        if doublings and base:
            base *= 2**doublings
            note += f" (x{2**doublings})"
    parts.append((leader.name + note, base))
    total = base

    key = leader.key
    if key == "guan_ping" and unit.mods:
        parts.append(("Guan Ping: modifiers", len(unit.mods)))
        total += len(unit.mods)
    if fight is not None:
        opp_general = CARDS[fight.opp.leader].general
        if key in ("zhao_yun", "zhang_liao") and opp_general:
            parts.append((f"{leader.name}: vs General", 1))
            total += 1
        if key == "cao_ren" and fight.defending:
            parts.append(("Cao Ren: defending", 4))
            total += 4

    for t in unit.troops:
        total += troop_force(state, side, unit, t, fight, parts)
    for m in unit.mods:
        card = CARDS[m]
        parts.append((card.name, card.force))
        total += card.force
    if state.unit_bonus[side]:
        parts.append(("Stirring Oratory", state.unit_bonus[side]))
        total += state.unit_bonus[side]

    if fight is not None:
        for p in mine:
            amount = ACTION_FORCE[p.key](fight, p)
            kind = KIND_OF_KEY[p.key]
            if (key == "zhang_fei" and kind == "tactic") or (key == "himiko" and kind == "spell"):
                amount += 2
            if amount:
                label = CARDS[p.card].name
                if p.key != KEY[p.card]:
                    label += f" as {CARDS_BY_KEY_NAME[p.key]}"
                parts.append((label, amount))
                total += amount
    return max(0, total), parts


CARDS_BY_KEY_NAME: dict[str, str] = {c.key: c.name for c in CARDS}
