"""Paper Kessen's stable action numbering (``Game.action_space``), for research adapters.

Every action text the rules can offer has a shape below: a verb, its argument names in the
order the rules write them, and each argument's values, taken from the card list (leaders,
troops, modifiers, action cards, specials, and the tactic a leader lets a card count as).
The numbering depends on the card list alone, so it is the same in every state and process.
"""

from __future__ import annotations

from functools import cache

from warroom.engine.action_space import ActionSpace, Shape
from warroom.games.kessen.cards import CARDS

# the tactics and spells a leader lets a card be used as (rules.USE_AS), in a fixed order
USED_AS = ("battle_cry", "charge", "crush", "fire_balls", "hail", "iron_wall", "meteor_shower", "raid",
           "rally", "volley")


@cache
def kessen_space() -> ActionSpace:
    leaders = [c.id for c in CARDS if c.kind == "leader"]
    troops = [c.id for c in CARDS if c.kind == "troop"]
    modifiers = [c.id for c in CARDS if c.kind in ("modifier", "leader_mod")]
    actions = [c.id for c in CARDS if c.deck == "action"]
    specials = [c.id for c in CARDS if c.kind == "special"]
    every = [c.id for c in CARDS]
    return ActionSpace([
        Shape.of("pass"),
        Shape.of("deploy", leader=leaders, troop=troops),
        Shape.of("attach", card=modifiers, unit=leaders),
        Shape.of("special", card=specials),
        Shape.of("special", card=specials, unit=leaders),
        Shape.of("pick", attacker=leaders, defender=leaders),
        Shape.of("choose", unit=leaders),
        Shape.of("give", unit=leaders),
        Shape.of("intercept", unit=leaders),
        Shape.of("play", card=actions),
        Shape.of("play", card=actions, unit=leaders),
        Shape.of("play", card=actions, on=troops + leaders),
        Shape.of("play", card=actions, **{"as": USED_AS}),
        Shape.of("discard", card=every),
    ])


def action_space() -> ActionSpace:
    """``Game.action_space`` for Paper Kessen (the same for every configuration)."""
    return kessen_space()
