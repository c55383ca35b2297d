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


def unit_force(state: KessenState, side: int, unit: Unit, in_fight: bool) -> tuple[int, list[tuple[str, int]]]:
    """Force total of ``unit`` and its breakdown; ``in_fight`` adds the engagement's effects."""
    parts: list[tuple[str, int]] = []
    return _force(state, side, unit, in_fight, parts), parts


def force_total(state: KessenState, side: int, unit: Unit, in_fight: bool) -> int:
    """``unit_force``'s total alone: no labelled breakdown is written (search bots' evaluation,
    the heuristic bot and the rules' own comparisons call this many times a move)."""
    return _force(state, side, unit, in_fight, None)


def _force(state: KessenState, side: int, unit: Unit, in_fight: bool,
           parts: list[tuple[str, int]] | None) -> int:
    """The one Force computation behind ``unit_force`` and ``force_total``: labels are made
    only when ``parts`` is a list to write them to."""
    leader = CARDS[unit.leader]
    key = leader.key
    base = leader.force
    note = ""
    mine: list[Played] = []
    opp: Unit | None = None
    defending = False
    opp_formations = 0
    if in_fight:
        defending = side != state.attacker
        opp_leader = state.att_unit if defending else state.def_unit
        opp = state.sides[1 - side].unit(opp_leader)
        if opp is None:  # the opposing unit left play (cannot happen mid-engagement)
            opp = Unit(opp_leader, [], [])
        played = state.played
        if played:
            out = negated(played)
            duel = False
            doublings = 0
            for p in played:
                if p.card in out:
                    continue
                if p.side == side:
                    mine.append(p)
                    if p.key in DOUBLERS:
                        doublings += 1
                else:
                    if p.key == "duel":
                        duel = True
                    if KIND_OF_KEY[p.key] == "formation":
                        opp_formations += 1
            if leader.general and duel:
                base, note = 0, " (Duel)"
            if doublings and base:
                base *= 2**doublings
                if parts is not None:
                    note += f" (x{2**doublings})"
    total = base
    if parts is not None:
        parts.append((leader.name + note, base))

    if key in _LEADER_EXTRAS:
        if key == "guan_ping" and unit.mods:
            total += len(unit.mods)
            if parts is not None:
                parts.append(("Guan Ping: modifiers", len(unit.mods)))
        if opp is not None:
            if key in ("zhao_yun", "zhang_liao") and CARDS[opp.leader].general:
                total += 1
                if parts is not None:
                    parts.append((f"{leader.name}: vs General", 1))
            if key == "cao_ren" and defending:
                total += 4
                if parts is not None:
                    parts.append(("Cao Ren: defending", 4))

    # troops: their own conditional bonus (in a fight), their leader's, less Cut Supply Lines
    led = LEADER_TROOP_BONUS.get(key)
    penalty = state.troop_penalty[side]
    for t in unit.troops:
        card = CARDS[t]
        force = card.force
        hit = False
        if opp is not None and card.bonus:
            when = card.bonus_when
            if when == "defending":
                hit = defending
            elif when == "attacking":
                hit = not defending
            else:
                want = _VERSUS.get(when)
                hit = want is not None and want in map(_TROOP_TYPE.__getitem__, opp.troops)
            if hit:
                force += card.bonus
        extra = led[1] if led is not None and card.troop_type == led[0] else 0  # every bonus is > 0
        force += extra - penalty
        if force < 0:
            force = 0
        total += force
        if parts is not None:
            label = card.name
            if hit:
                label += f" (+{card.bonus})"
            if extra:
                label += f" (+{extra} {leader.name})"
            if penalty:
                label += f" (-{penalty} supplies)"
            parts.append((label, force))
    if parts is None:
        total += sum(map(_PRINTED.__getitem__, unit.mods))
    else:
        for m in unit.mods:
            card = CARDS[m]
            total += card.force
            parts.append((card.name, card.force))
    bonus = state.unit_bonus[side]
    if bonus:
        total += bonus
        if parts is not None:
            parts.append(("Stirring Oratory", bonus))

    if mine:
        assert opp is not None
        fight = Fight(state, side, unit, opp, opp_formations)
        boosted = _CARD_BOOSTERS.get(key)
        for p in mine:
            amount = ACTION_FORCE[p.key](fight, p)
            if boosted is not None and KIND_OF_KEY[p.key] == boosted:
                amount += 2
            if amount:
                total += amount
                if parts is not None:
                    label = CARDS[p.card].name
                    if p.key != KEY[p.card]:
                        label += f" as {CARDS_BY_KEY_NAME[p.key]}"
                    parts.append((label, amount))
    return max(0, total)


_VERSUS = {"vs_infantry": "I", "vs_cavalry": "C", "vs_ranged": "R"}  # a troop bonus against a type
_TROOP_TYPE = [c.troop_type for c in CARDS]  # id -> troop type ("" for a card that is no troop)
_PRINTED = [c.force for c in CARDS]  # id -> printed Force
_NONE: frozenset[int] = frozenset()
# leaders with a Force rule of their own in ``_force`` (one set lookup for every other leader)
_LEADER_EXTRAS = frozenset({"guan_ping", "zhao_yun", "zhang_liao", "cao_ren"})
# leaders whose every card of one kind adds 2 more: Zhang Fei's Tactics, Himiko's Spells
_CARD_BOOSTERS = {"zhang_fei": "tactic", "himiko": "spell"}

CARDS_BY_KEY_NAME: dict[str, str] = {c.key: c.name for c in CARDS}
