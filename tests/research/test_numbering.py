"""Every game's stable action numbering (``Game.action_space``) covers every action its rules
offer: random games at several table sizes, each legal action's number maps back to it."""

from __future__ import annotations

import random

import pytest

from warroom.engine import registry

TABLES = {  # game -> (players, variants) to play
    "kessen": [(2, [])],
    "ltk": [(2, []), (3, ["three-player"]), (6, []), (10, [])],
    "kasl": [(2, ["advanced"]), (4, ["advanced"])],
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_legal_action_has_a_number_that_maps_back(name: str) -> None:
    game = registry.get(name)
    for players, variants in TABLES[name]:
        config = game.configure(players, variants)
        space = game.action_space(config)
        assert space is not None
        state = game.new(config, players)
        rng = random.Random(players)
        for _ in range(400):
            if game.result(state) is not None:
                break
            seat = game.deciders(state)[0]
            legal = game.legal_actions(state, seat)
            assert [space.action(space.index(a)) for a in legal] == legal
            game.apply(state, seat, legal[rng.randrange(len(legal))])
