"""LTK's stable action numbering (``Game.action_space``), for research adapters.

Every action text the rules can offer has a shape below: a verb, its argument names in the
order the rules write them, and each argument's values: card ids (the whole 108-card deck),
seats (``0..players-1``), generals, skill and equipment names, the kinds a card can be used
as (Wusheng, Longdan, Qingguo, Qixi, Guose, Jijiu), suits. Two actions name several seats in
one argument: Lijian (``targets=a,b``: an ordered pair) and a use with several targets
(Borrowed Sword's wielder and victim, an ordered pair; a Kill with the Heaven Scorcher Halberd,
two or three targets in the order met going round the table). Their values are every ordered
pair and every such triple, so the numbering depends on the player count alone.
"""

from __future__ import annotations

from functools import cache

from warroom.engine.action_space import ActionSpace, Shape
from warroom.games.ltk.cards import DECK_SIZE, KIND
from warroom.games.ltk.generals import GENERALS

# what a card may be used or played as through a general's skill (generals/conversions.py)
USED_AS = ("dismantlement", "indulgence", "jink", "peach", "slash")
SUITS = ("club", "diamond", "heart", "spade")
# verbs alone; and the phase-action skills that take one target
BARE = ("decline", "discard", "done", "draw", "end", "kurou", "pass", "spear", "suffer", "zhiheng")
ONE_TARGET = ("fanjian", "jieyin", "jijiang", "qingnang", "quhu", "rende", "spear")


def abilities() -> tuple[str, ...]:
    """Every name ``use ability=`` can carry: the generals' skills and the equipment's kinds
    (weapons and armour are asked about by their kind), plus any other registered ability."""
    from warroom.games.ltk import core

    names = {s for g in GENERALS.values() for s in g.skills} | set(KIND) | set(core.TRIGGERS.by_name)
    return tuple(sorted(names))


def pairs(n: int) -> list[str]:
    return [f"{a},{b}" for a in range(n) for b in range(n) if a != b]


def round_triples(n: int) -> list[str]:
    """Three seats in the order met going round the table from the first (``b`` before ``c``)."""
    return [f"{a},{b},{c}" for a in range(n) for b in range(n) for c in range(n)
            if len({a, b, c}) == 3 and (b - a) % n < (c - a) % n]


@cache
def ltk_space(players: int) -> ActionSpace:
    cards = range(DECK_SIZE)
    seats = range(players)
    several = pairs(players) + round_triples(players)
    return ActionSpace([
        *(Shape.of(v) for v in BARE),
        Shape.of("choose", general=sorted(GENERALS)),
        Shape.of("choose", target=seats),
        Shape.of("pick", card=cards),
        Shape.of("pick", seat=seats),
        Shape.of("take", card=cards),
        Shape.of("take", zone=("hand",)),
        Shape.of("discard", card=cards),
        Shape.of("top", card=cards),
        Shape.of("bottom", card=cards),
        Shape.of("play", card=cards),
        Shape.of("play", card=cards, **{"as": USED_AS}),
        Shape.of("use", ability=abilities()),
        Shape.of("use", card=cards),
        Shape.of("use", card=cards, target=seats),
        Shape.of("use", card=cards, targets=several),
        Shape.of("use", card=cards, **{"as": USED_AS}),
        Shape.of("use", card=cards, **{"as": USED_AS}, target=seats),
        Shape.of("use", card=cards, **{"as": ("slash",)}, targets=several),
        Shape.of("give", card=cards, to=seats),
        Shape.of("liuli", card=cards, to=seats),
        *(Shape.of(v, target=seats) for v in ONE_TARGET),
        Shape.of("lijian", targets=pairs(players)),
        Shape.of("name", suit=SUITS),
    ])


def action_space(self: object, config: dict[str, object]) -> ActionSpace:
    """``Game.action_space`` for LTK (bound as a method of the game)."""
    return ltk_space(int(config["players"]))  # type: ignore[call-overload]
