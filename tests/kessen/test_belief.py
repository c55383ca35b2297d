"""Paper Kessen followed by a search: worlds re-dealt like earlier ones, moves shown by face,
and a belief that plays whole games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.kessen.test_search import hidden_swapped, mid_game
from warroom.bots.ismcts import custom
from warroom.engine.infoset import InfoSet, choose, witness
from warroom.engine.runner import play_bots
from warroom.games.kessen.bots import HeuristicBot
from warroom.games.kessen.cards import KEY
from warroom.games.kessen.rules import GAME
from warroom.games.kessen.state import KessenState

HANDS = ("leaders", "recruits", "actions")
FROM_HAND = ("attach", "deploy", "discard", "play", "special")


def faces(state: KessenState, side: int, hand: str) -> Counter[str]:
    return Counter(KEY[c] for c in getattr(state.sides[side], hand))


def test_a_world_redealt_like_another_of_the_same_state_holds_its_hands_face_for_face() -> None:
    state = mid_game(4, 40)
    seat = GAME.deciders(state)[0]
    redeal = GAME.redealer(state, seat)
    for seed in range(4):
        like = GAME.determinize(state, seat, 100 + seed)
        world = redeal(seed, like, None)
        assert GAME.view(world, seat) == GAME.view(state, seat)
        for hand in HANDS:
            assert faces(world, 1 - seat, hand) == faces(like, 1 - seat, hand)
        # the decks are dealt afresh: not the order ``like`` had
        assert world.action_deck != like.action_deck


def test_a_world_holds_the_cards_of_the_move_it_is_shown() -> None:
    verbs: set[str] = set()
    for game_seed, steps in ((1, 5), (1, 30), (3, 15), (6, 50)):
        state = mid_game(game_seed, steps)
        mover = GAME.deciders(state)[0]
        seat = 1 - mover
        from_hand = [a for a in GAME.legal_actions(state, mover) if a.split()[0] in FROM_HAND]
        redeal = GAME.redealer(state, seat)
        for move in from_hand:
            verbs.add(move.split()[0])
            shown = GAME.shown_action(state, mover, move, seat)
            for seed in range(3):
                like = GAME.determinize(state, seat, seed)
                world = redeal(seed, like, shown)
                assert GAME.view(world, seat) == GAME.view(state, seat)
                legal = GAME.legal_actions(world, mover)
                assert shown in {GAME.shown_action(world, mover, a, seat) for a in legal}
    assert verbs == set(FROM_HAND)  # every kind of move that takes a card from a hand was tried


def test_a_move_is_shown_by_face_so_two_copies_of_a_card_look_the_same() -> None:
    state = mid_game(4, 40)
    mover = GAME.deciders(state)[0]
    for move in GAME.legal_actions(state, mover):
        shown = GAME.shown_action(state, mover, move, 1 - mover)
        assert shown.split()[0] == move.split()[0]
        assert not any(ch.isdigit() for word in shown.split()[1:] for ch in word.partition("=")[2])


def test_redealing_depends_only_on_what_the_seat_knows() -> None:
    state = mid_game(4, 40)
    seat = GAME.deciders(state)[0]
    other = hidden_swapped(state, seat)
    like = GAME.determinize(state, seat, 5)
    for seed in range(3):
        a = GAME.redealer(state, seat)(seed, like, None)
        b = GAME.redealer(other, seat)(seed, like, None)
        assert GAME.to_json(a) == GAME.to_json(b)


def test_a_search_that_follows_the_game_plays_it_to_the_end_the_same_for_the_same_seed() -> None:
    outcomes = []
    for _ in range(2):
        search = custom("ismcts", iterations=12, belief=12)
        outcome, match = play_bots(GAME, GAME.configure(), 21, [HeuristicBot(), search], record=True)
        assert match is not None
        belief = search._belief
        assert belief is not None and len(belief.worlds) == 12
        outcomes.append((outcome.winners, [s.action for s in match.record.steps]))
    assert outcomes[0] == outcomes[1]


def test_the_belief_leans_toward_the_hands_the_heuristic_plays_from() -> None:
    """Over a few games against the heuristic, the worlds believed in hold more of the
    opponent's real cards, face for face, than worlds dealt uniformly do (measured at the
    bot's decisions, summed over its three hands)."""
    believed = uniform = 0.0
    for game_seed in range(4):
        seat = game_seed % 2
        search = custom("ismcts", iterations=4, belief=96, belief_noise=0.05)
        bots: list[Any] = [None, None]
        bots[seat], bots[1 - seat] = search, HeuristicBot()
        rngs = [random.Random(game_seed * 7), random.Random(game_seed * 7 + 1)]
        state = GAME.new(GAME.configure(), game_seed)
        while GAME.result(state) is None:
            player = GAME.deciders(state)[0]
            legal = GAME.legal_actions(state, player)
            belief = search._belief
            if player == seat and belief is not None and belief.worlds:
                info = InfoSet(GAME, state, seat)
                belief.sync(info, random.Random(1))
                total = sum(belief.weights)
                for hand in HANDS:
                    real = faces(state, 1 - seat, hand)
                    believed += sum(w * sum((faces(x, 1 - seat, hand) & real).values())
                                    for w, x in zip(belief.weights, belief.worlds, strict=True)) / total
                    uniform += sum(sum((faces(info.sample(k), 1 - seat, hand) & real).values())
                                   for k in range(16)) / 16
            action = choose(GAME, state, player, bots[player], legal, rngs[player])
            witness(GAME, state, player, action, dict(enumerate(bots)), rngs.__getitem__)
            GAME.apply_trusted(state, player, action, None)
    assert believed > uniform * 1.05


def test_the_named_levels_follow_paper_kessen_and_model_the_opponent() -> None:
    """``ismcts`` and ``ismcts-strong`` (what the lobby, terminal and ``simulate`` offer) keep a
    belief of 256 worlds through a Kessen game, weighed by every move of the opponent they are
    shown, and model the opponent by the heuristic; LTK cannot re-deal a world like an earlier
    one, so there the same level keeps none."""
    from warroom import bots
    from warroom.engine import registry

    for name in ("ismcts", "ismcts-strong"):
        search = bots.make("kessen", name)
        assert search.settings.model and search.settings.prior == "default"  # type: ignore[attr-defined]
        state = GAME.new(GAME.configure(), 8)
        rngs = [random.Random(1), random.Random(2)]
        lineup: list[Any] = [HeuristicBot(), search]
        followed = 0
        for _ in range(24):
            player = GAME.deciders(state)[0]
            legal = GAME.legal_actions(state, player)
            action = choose(GAME, state, player, lineup[player], legal, rngs[player]) if player == 1 else legal[0]
            witness(GAME, state, player, action, dict(enumerate(lineup)), rngs.__getitem__)
            followed += player == 0
            GAME.apply_trusted(state, player, action, None)
        belief = search._belief  # type: ignore[attr-defined]
        assert followed > 5 and belief is not None and len(belief.worlds) == 256
        assert any(w != 1.0 for w in belief.weights)  # the opponent's moves were weighed
    ltk = registry.get("ltk")
    state = ltk.new(ltk.configure(5), 3)
    search = bots.make("ltk", "ismcts")
    player = ltk.deciders(state)[0]
    choose(ltk, state, player, search, ltk.legal_actions(state, player), random.Random(0))
    assert search._belief is None  # type: ignore[attr-defined]
