"""Search bots' worlds keep the hidden cards a player has seen where they are known to be."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tests.kessen.scenario import EVIL, GOOD, Scenario, action_segment
from warroom.games.kessen.core import decider
from warroom.games.kessen.rules import GAME, _legal
from warroom.games.kessen.state import KessenState


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


def _walk(seeds: range) -> Iterator[tuple[KessenState, int, random.Random]]:
    """Every decision of random games (seeded ``seeds``): the state, who decides, the game's
    random stream (a test may draw from it; the game goes on with a random legal move)."""
    for seed in seeds:
        state = GAME.new(GAME.configure(), seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            p = decider(state)
            legal = GAME.legal_actions(state, p)
            yield state, p, rng
            GAME.apply_trusted(state, p, legal[rng.randrange(len(legal))], None)


def test_a_world_keeps_the_seats_cached_legal_actions_only_where_they_are_its_own() -> None:
    """``determinize`` keeps the cached legal actions of the seat it deals for (they depend on
    nothing that seat cannot see) and drops another seat's: in every world the cache, if any,
    is what the rules list afresh."""
    checked = 0
    for state, p, rng in _walk(range(6)):
        for seat in (0, 1):
            world = GAME.determinize(state, seat, rng.getrandbits(32))
            if seat == p:
                assert world.cache is not None and world.cache[0] == p
                assert list(world.cache[1]) == _legal(world, p)
                checked += 1
            else:
                assert world.cache is None
    assert checked > 500


def test_one_dealer_gives_every_seed_the_world_determinize_gives() -> None:
    """A search asks one state for many worlds through ``Game.dealer``, which works out the
    seed-independent part once: over whole games, each of its worlds is the very world
    ``determinize`` deals for that seed (dealing leaves nothing behind for the next)."""
    compared = 0
    for state, _, rng in _walk(range(4)):
        if rng.random() < 0.2:
            for seat in (0, 1):
                deal = GAME.dealer(state, seat)
                for s in (rng.getrandbits(63), rng.getrandbits(63), 7):
                    world, fresh = deal(s), GAME.determinize(state, seat, s)
                    assert world.to_json() == fresh.to_json()
                    assert world.cache == fresh.cache
                    compared += 1
    assert compared > 300


def test_a_seen_card_shuffled_back_into_its_deck_is_unseen_again() -> None:
    """Good scouts Evil's action hand; Evil discards one of those cards, the action deck runs out
    and the discards are reshuffled into it: whoever draws that card now, nobody saw it drawn,
    so it is no longer among the cards Good has seen (view, and the worlds of search bots)."""
    from warroom.games.kessen.rules import _draw

    s = Scenario()
    s.unit(GOOD, "ma_chao", ["swords"])
    s.unit(EVIL, "xiahou_dun", ["spears"])
    action_segment(s, attacker=GOOD)
    seen = sorted(s.state.sides[EVIL].actions)
    card = seen[0]
    s.state.sides[EVIL].actions.remove(card)
    s.state.action_discard[:] = [card]
    s.state.action_deck.clear()
    s.state.cache = None
    _draw(s.state, EVIL, "actions", 1, [])
    assert card in s.state.sides[EVIL].actions  # the only card there was to draw
    assert card not in s.state.known[EVIL]
    assert GAME.view(s.state, GOOD)["seen"]["theirs"] == seen[1:]
    assert card not in GAME.determinize(s.state, GOOD, 1).known[EVIL]
