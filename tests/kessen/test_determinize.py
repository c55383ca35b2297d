"""Search bots' worlds keep the hidden cards a player has seen where they are known to be."""

from __future__ import annotations

from tests.kessen.scenario import EVIL, GOOD, Scenario, action_segment
from warroom.games.kessen.rules import GAME


def test_a_summoned_leader_stays_in_the_opponents_leader_hand() -> None:
    s = Scenario()
    (dun,) = s.hand(EVIL, "leaders", ["xiahou_dun"])
    s.hand(EVIL, "leaders", ["cao_ren", "cao_hong"])
    (swords,) = s.hand(EVIL, "recruits", ["swords"])
    s.deploy(turn=EVIL)
    s.play(EVIL, f"deploy leader={dun} troop={swords}")
    (summon,) = s.events_of("summon")
    ba = summon["card"]
    assert ba in s.state.sides[EVIL].leaders
    for seed in range(20):
        world = GAME.determinize(s.state, GOOD, seed)
        assert ba in world.sides[EVIL].leaders
        assert len(world.sides[EVIL].leaders) == len(s.state.sides[EVIL].leaders)


def test_cards_taken_by_propaganda_stay_in_the_thiefs_hand_for_the_victim() -> None:
    s = Scenario()
    (propaganda,) = s.hand(GOOD, "recruits", ["propaganda"])
    s.hand(EVIL, "recruits", ["foot", "swords", "spears", "warriors"])
    s.deploy(turn=GOOD)
    s.play(GOOD, f"special card={propaganda}")
    stolen = [c for c in s.state.sides[GOOD].recruits]
    assert len(stolen) == 2
    for seed in range(20):
        world = GAME.determinize(s.state, EVIL, seed)
        assert sorted(world.sides[GOOD].recruits) == sorted(stolen)


def test_a_scouted_action_hand_stays_as_seen_but_later_draws_are_redealt() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    s.unit(EVIL, "xiahou_dun", ["spears"])
    action_segment(s, attacker=GOOD)
    (look,) = [e for e in s.events_of("look") if e["side"] == "good"]
    seen = set(look["cards"])
    assert seen and seen == set(s.state.sides[EVIL].actions)
    assert ma_chao in s.state.engaged
    for seed in range(20):
        world = GAME.determinize(s.state, GOOD, seed)
        assert set(world.sides[EVIL].actions) == seen
    # Evil's unseen recruit hand is still re-dealt between worlds
    s.hand(EVIL, "recruits", ["foot", "swords"])
    hands = {tuple(sorted(GAME.determinize(s.state, GOOD, seed).sides[EVIL].recruits)) for seed in range(20)}
    assert len(hands) > 1


def test_a_world_keeps_the_seats_cached_legal_actions_only_where_they_are_its_own() -> None:
    """``determinize`` keeps the cached legal actions of the seat it deals for (they depend on
    nothing that seat cannot see) and drops another seat's: in every world the cache, if any,
    is what the rules list afresh."""
    import random

    from warroom.games.kessen.rules import _legal, decider

    checked = 0
    for seed in range(6):
        state = GAME.new(GAME.configure(), seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            p = decider(state)
            legal = GAME.legal_actions(state, p)
            for seat in (0, 1):
                world = GAME.determinize(state, seat, rng.getrandbits(32))
                if seat == p:
                    assert world.cache is not None and world.cache[0] == p
                    assert list(world.cache[1]) == _legal(world, p)
                    checked += 1
                else:
                    assert world.cache is None
            GAME.apply_trusted(state, p, legal[rng.randrange(len(legal))], None)
    assert checked > 500
