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


def test_a_record_of_rules_version_1_is_refused_with_the_reason() -> None:
    from warroom.engine import RecordError
    from warroom.engine.match import Match
    from warroom.engine.record import Record

    match = Match(GAME, GAME.configure(), 4)
    data = match.record.to_json()
    assert GAME.rules_version == 2 and data["rules_version"] == 2
    data["rules_version"] = 1  # written before pending choices became engine frames
    try:
        Record.from_json(data)
    except RecordError as err:
        assert str(err) == "record is for kessen rules version 1, this warroom plays version 2"
    else:  # pragma: no cover - the assertion message is the point
        raise AssertionError("a version 1 record was accepted")
