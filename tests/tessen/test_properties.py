"""Tessen invariants over random real-time play (Hypothesis).

Each example plays part of a match: a random seed and variants, random legal actions of a
random seat at random instants (so attacks time out, intervals refuse actions and rounds end).
After every step every card is where exactly one card can be: each animal kind 8 times on the
table (4 per deck), every ordinary warrior and super-warrior in play, on the dragon or out of the
match; hands hold at most five; each side has at most one pile of a kind; a blocked place is
empty; at most one attack is unanswered.
"""

from __future__ import annotations

import contextlib
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warroom.engine import IllegalAction
from warroom.games.tessen.cards import KINDS, SUPER, WARRIOR
from warroom.games.tessen.positions import census
from warroom.games.tessen.rules import GAME
from warroom.games.tessen.state import TessenState


def check(state: TessenState) -> None:
    if state.phase == "play":
        count = census(state)  # shared with the position check
        assert all(count[k] == 8 for k in range(KINDS)), count
        assert count[WARRIOR] == 18 and count[SUPER] == 2, count
    for s in state.sides:
        assert len(s.hand) <= 5 and s.hand == sorted(s.hand)
        kinds = [p[0] for p in s.places if p[0] >= 0]
        assert len(kinds) == len(set(kinds))
        for kind, n, blocker in s.places:
            assert (kind >= 0) == (n > 0)
            assert blocker < 0 or kind < 0
    assert not state.attack or len(state.attack) == 4


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), variants=st.sets(st.sampled_from(["dragon", "sacred-animal", "handicap"])),
       steps=st.integers(50, 400), gap=st.integers(50, 900))
def test_every_card_is_somewhere_and_the_table_stays_well_formed(
        seed: int, variants: set[str], steps: int, gap: int) -> None:
    state = GAME.new(GAME.configure(2, sorted(variants)), seed)
    rng = random.Random(seed)
    t = 0
    for _ in range(steps):
        if GAME.result(state) is not None:
            break
        t += rng.randrange(gap)
        seat = rng.randrange(2)
        legal = GAME.legal_actions(state, seat, t)
        with contextlib.suppress(IllegalAction):  # too soon, or nothing to do: time still passed
            GAME.apply(state, seat, rng.choice(legal) if legal else "draw", t)
        check(state)
