"""The legal-move generators write each identical move once themselves (the hot path no longer
reads back every action through ``once``): whole random games, with every rule option, find
nothing left for ``once`` to drop, and copies met in each kind of decision are offered once."""

from __future__ import annotations

import random

import pytest

from tests.kessen.scenario import EVIL, GOOD, Scenario
from warroom.engine.frames import push
from warroom.engine.rng import mix_seed
from warroom.games.kessen.rules import GAME, once
from warroom.games.kessen.state import Discard

OPTIONS = [
    {},
    {"specials_after_battle": 1, "duty_elsewhere_engagement": 1, "assassin_from_hand": 1},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_no_decision_of_a_random_game_holds_two_identical_moves(options: dict[str, int]) -> None:
    config = GAME.configure(None, (), options)
    rng = random.Random(3)
    for game in range(12):
        state = GAME.new(config, mix_seed(21, game))
        while GAME.result(state) is None:
            seat = GAME.deciders(state)[0]
            legal = GAME.legal_actions(state, seat)
            assert legal and once(legal) == legal
            GAME.apply_trusted(state, seat, legal[rng.randrange(len(legal))], None)


def test_two_copies_of_a_modifier_attach_once_to_each_unit() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    liu_bei = s.unit(GOOD, "liu_bei", ["foot"])
    low, _high = sorted(s.hand(GOOD, "recruits", ["companion_general", "companion_general"]))
    s.deploy(GOOD)
    attaches = [a for a in s.legal(GOOD) if a.startswith("attach")]
    assert attaches == [f"attach card={low} unit={u}" for u in sorted([guan_yu, liu_bei])]


def test_two_copies_of_a_know_enemy_answer_a_window_once() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xu = s.unit(EVIL, "xiahou_yan", ["cavalry"])
    (council,) = s.hand(GOOD, "actions", ["war_council"])
    first, _second = s.hand(EVIL, "actions", ["know_enemy", "know_enemy"])
    s.engagement(attacker=EVIL, att_unit=xu, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={council}")
    assert s.decider() == EVIL
    assert s.legal(EVIL) == [f"play card={first}", "pass"]


def test_a_forced_discard_offers_each_copy_once() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xu = s.unit(EVIL, "xiahou_yan", ["cavalry"])
    hand = s.hand(GOOD, "actions", ["ring", "ring", "box", "moon", "moon", "swan"])
    s.engagement(attacker=EVIL, att_unit=xu, def_unit=guan_yu, step="strategy")
    s.state.frames.clear()  # the End segment's hand limit, pushed as the rules push it
    push(s.state, Discard(side=GOOD, hand="actions", keep=4))
    s.state.cache = None
    GAME._advance(s.state, [])
    ring, _, box, moon, _, swan = hand
    assert s.legal(GOOD) == [f"discard card={c}" for c in sorted([ring, box, moon, swan])]
