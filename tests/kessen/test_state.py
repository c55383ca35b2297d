"""Paper Kessen's state as plain data: clones and JSON carry every field by name."""

from __future__ import annotations

import dataclasses
import random

from warroom.games.kessen.rules import GAME
from warroom.games.kessen.state import KessenState, Played, Side, Unit


def _mid_game(seed: int, moves: int) -> KessenState:
    state = GAME.new(GAME.configure(), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.result(state) is not None:
            break
        p = GAME.deciders(state)[0]
        GAME.apply(state, p, rng.choice(GAME.legal_actions(state, p)))
    return state


def test_clone_sets_every_field_of_every_dataclass() -> None:
    state = _mid_game(5, 120)
    out = state.clone()
    for obj, cls in ((out, KessenState), (out.sides[0], Side), (out.sides[0].units[0], Unit)):
        for f in dataclasses.fields(cls):
            assert hasattr(obj, f.name), f"{cls.__name__}.clone leaves {f.name} unset"
    assert out.to_json() == state.to_json()


def test_a_played_card_round_trips_by_name() -> None:
    p = Played(card=120, side=1, on=7, key="volley", negates=-1)
    assert p.to_json() == {"card": 120, "side": 1, "on": 7, "key": "volley", "negates": -1}
    assert Played.from_json(p.to_json()) == p
