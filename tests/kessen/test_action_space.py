"""Paper Kessen's stable action numbering: every legal action has a number that gives it back."""

from __future__ import annotations

import random

from warroom.bots import make
from warroom.engine.infoset import choose
from warroom.games.kessen.rules import GAME

CONFIG = GAME.configure()


def test_every_legal_action_of_many_games_has_a_number_that_round_trips() -> None:
    space = GAME.action_space(CONFIG)
    assert space is not None
    seen: set[str] = set()
    bots = [make("kessen", "heuristic"), make("kessen", "random")]
    for seed in range(30):
        state = GAME.new(CONFIG, seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            seat = GAME.deciders(state)[0]
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                assert space.action(space.index(action)) == action
            seen.update(legal)
            GAME.apply_trusted(state, seat, choose(GAME, state, seat, bots[seed % 2], legal, rng), None)
    numbers = {space.index(a) for a in seen}
    assert len(numbers) == len(seen)  # distinct actions, distinct numbers
    assert {a.split(" ")[0] for a in seen} >= {"pass", "deploy", "attach", "pick", "play", "discard", "special"}


def test_the_numbering_is_fixed_by_the_card_list() -> None:
    space = GAME.action_space(CONFIG)
    assert space is not None and space is GAME.action_space(GAME.configure())
    assert space.index("pass") == 0
    assert space.action(0) == "pass"
    assert space.size == 16663
