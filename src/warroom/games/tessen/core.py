"""Tessen's words and queries that the rules, the views, the texts and the bots all need: the
variants' names, every action's text and meaning, where an animal may go, and whether a player
is under attack or may act. They read the state and change nothing; the rules (``rules.py``)
import them, and so does everything that shows a state, without importing the rules.
"""

from __future__ import annotations

from warroom.games.tessen.cards import (
    ANIMALS,
    HAND_LIMIT,
    KINDS,
    PLACES,
    SUPER,
    WARRIOR,
    WITH_NAME,
)
from warroom.games.tessen.state import Side, TessenState

SEATS = ("p1", "p2")
DRAGON = "dragon"
SACRED = "sacred-animal"
HANDICAP = "handicap"
DRAGON_UNDER_ATTACK = "dragon_under_attack"  # the option (docs/rules/tessen.md, Dragon)
HUNT = (WARRIOR, SUPER)

# ----- every action text, parsed once -------------------------------------------------------------
# Actions name kinds, not copies (two foxes are the same card), and places 1-5 as people count.
Op = tuple[str, int, int]  # (verb, a, b): the meaning of a and b depends on the verb
DRAW_OWN = "draw"
DRAW_OPP = "draw from=opponent"
YIELD = "yield"
TAKE_DISCARD = "take place=discard"
PLAY = [[f"play animal={ANIMALS[k]} place={i + 1}" for i in range(PLACES)] for k in range(KINDS)]
KEEP = [f"keep place={i + 1}" for i in range(PLACES)]
DISCARD = [f"discard animal={ANIMALS[k]}" for k in range(KINDS)]
ATTACK = {w: [f"attack place={i + 1} with={WITH_NAME[w]}" for i in range(PLACES)] for w in HUNT}
DEFEND = {w: f"defend with={WITH_NAME[w]}" for w in HUNT}
TAKE = [f"take place={i + 1}" for i in range(PLACES)]
CLEAR = {w: [f"clear place={i + 1} with={WITH_NAME[w]}" for i in range(PLACES)] for w in HUNT}
DRAGON_ATTACK = {w: f"dragon with={WITH_NAME[w]}" for w in HUNT}
SACRED_PLAY = [f"sacred animal={ANIMALS[k]}" for k in range(KINDS)]
SERVE = {w: f"serve with={WITH_NAME[w]}" for w in HUNT}

ACTIONS: dict[str, Op] = {DRAW_OWN: ("draw", 0, 0), DRAW_OPP: ("draw", 1, 0), YIELD: ("yield", 0, 0),
                          TAKE_DISCARD: ("take", -1, 0)}
for _k in range(KINDS):
    ACTIONS[DISCARD[_k]] = ("discard", _k, 0)
    ACTIONS[SACRED_PLAY[_k]] = ("sacred", _k, 0)
    for _i in range(PLACES):
        ACTIONS[PLAY[_k][_i]] = ("play", _k, _i)
for _i in range(PLACES):
    ACTIONS[KEEP[_i]] = ("keep", _i, 0)
    ACTIONS[TAKE[_i]] = ("take", _i, 0)
for _w in HUNT:
    ACTIONS[DEFEND[_w]] = ("defend", _w, 0)
    ACTIONS[DRAGON_ATTACK[_w]] = ("dragon", _w, 0)
    ACTIONS[SERVE[_w]] = ("serve", _w, 0)
    for _i in range(PLACES):
        ACTIONS[ATTACK[_w][_i]] = ("attack", _i, _w)
        ACTIONS[CLEAR[_w][_i]] = ("clear", _i, _w)
ALL_ACTIONS: tuple[str, ...] = tuple(ACTIONS)


def suitable(side: Side, kind: int) -> list[int]:
    """Where an animal of ``kind`` may go: its pile if there is one (one pile per kind), else
    every empty place no enemy warrior blocks."""
    places = side.places
    for i in range(PLACES):
        if places[i][0] == kind:
            return [i]
    return [i for i in range(PLACES) if places[i][0] < 0 and places[i][2] < 0]


def attacked(state: TessenState, p: int) -> bool:
    """Whether ``p`` is under an unanswered attack (and so may only defend or yield, or, by
    :func:`dragon_while_attacked`, attack the dragon)."""
    return bool(state.attack) and state.attack[0] != p


def dragon_while_attacked(state: TessenState) -> bool:
    """Whether a player under attack may also attack the dragon (the attack stays to answer)."""
    return bool(state.config["options"].get(DRAGON_UNDER_ATTACK)) and DRAGON in state.config["variants"]


def can_act(state: TessenState, p: int) -> bool:
    """A quick sure answer that ``p`` has a legal action (False: look at the actions)."""
    if state.phase != "play":
        return False
    side = state.sides[p]
    # placing yielded animals, answering an attack (yield), drawing, or discarding at five
    return bool(side.take) or (bool(state.attack) and state.attack[0] != p) or len(side.hand) < HAND_LIMIT \
        or side.hand[0] < KINDS
