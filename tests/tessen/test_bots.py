"""Tessen's bots: what the strategy does in literal positions, and seeded matches."""

from __future__ import annotations

import random

from tests.tessen.scenario import GAME, act, side, table
from warroom import bots
from warroom.engine.realtime import REACTION_LEVELS, play_realtime
from warroom.games.tessen.bots import ExpertBot, NoviceBot, TessenBot
from warroom.games.tessen.state import TessenState


def plan(state: TessenState, seat: int, bot: TessenBot | None = None) -> str | None:
    """What ``bot`` plans half a second after the last thing that happened."""
    bot = bot or ExpertBot()
    return bot.plan(GAME.view(state, seat), GAME.legal_actions(state, seat, state.clock + 500))


def test_every_level_is_installed_and_carries_the_engines_reaction_model() -> None:
    assert set(bots.available("tessen")) >= {"novice", "casual", "heuristic", "expert", "random"}
    assert bots.make("tessen", "expert").reaction == REACTION_LEVELS["expert"]  # type: ignore[attr-defined]
    assert bots.make("tessen", "novice").reaction == REACTION_LEVELS["novice"]  # type: ignore[attr-defined]
    assert GAME.default_bot == "expert"


def test_it_keeps_a_pile_of_three_at_once() -> None:
    state = table(side(hand="fox", places=("deer 3", "fox 1")))
    assert plan(state, 0) == "keep place=1"


def test_it_defends_a_pile_worth_it_with_an_ordinary_warrior_first() -> None:
    state = table(side(hand="warrior"), side(hand="warrior super", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    assert plan(state, 1) == "defend with=warrior"


def test_a_novice_yields_a_lone_card() -> None:
    state = table(side(hand="warrior"), side(hand="warrior", places=("deer 1",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    assert plan(state, 1, NoviceBot()) == "yield"
    assert plan(state, 1, ExpertBot()) == "defend with=warrior"


def test_it_attacks_the_biggest_pile_it_can_use_with_a_spare_warrior() -> None:
    state = table(side(hand="warrior warrior", places=("crane 1",)),
                  side(places=("deer 1", "crane 2", "", "bear 2")))
    assert plan(state, 0) == "attack place=2 with=warrior"


def test_it_holds_its_last_warrior_back_from_a_small_pile() -> None:
    state = table(side(hand="warrior fox"), side(places=("deer 1",)))
    assert plan(state, 0) != "attack place=1 with=warrior"


def test_it_places_yielded_animals_on_the_table_not_on_the_discard_pile() -> None:
    state = table(side(hand="warrior", places=("deer 1",)), side(places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 1, "yield", 10_500)
    assert plan(state, 0) == "take place=1"


def test_it_serves_the_shogun_with_an_ordinary_warrior() -> None:
    state = table(side(deck="fox", score="deer deer deer"), side())
    act(state, 0, "draw", 10_000)
    assert plan(state, 0) == "serve with=warrior"


def test_it_draws_the_opponents_discard_when_it_fits_a_pile() -> None:
    state = table(side(places=("bear 2",)), side(discard="fox bear"))
    assert plan(state, 0) == "draw from=opponent"
    state = table(side(places=("cat 2",)), side(discard="fox bear"))
    assert plan(state, 0) == "draw"


def test_it_does_not_end_a_round_it_is_losing_by_drawing_its_last_card() -> None:
    state = table(side(deck="fox", score="deer deer deer"), side(score="bear bear bear bear"))
    assert plan(state, 0) is None
    state = table(side(deck="fox", score="deer deer deer deer"), side(score="bear bear bear"))
    assert plan(state, 0) == "draw"


def test_a_full_hand_discards_the_least_useful_animal_not_one_the_opponent_collects() -> None:
    full = ("pheasant 1", "macaque 1", "marten 1", "crane 1", "bear 2")
    state = table(side(hand="fox fox deer cat cat", places=full), side())
    assert plan(state, 0) == "discard animal=deer"  # a single, and the opponent has no deer pile
    state = table(side(hand="fox fox deer cat cat", places=full), side(places=("deer 2",)))
    assert plan(state, 0) == "discard animal=fox"


def test_bots_only_ever_choose_a_legal_action_or_nothing() -> None:
    rng = random.Random(3)
    for name in ("novice", "casual", "expert"):
        bot = bots.make("tessen", name)
        state = GAME.new(GAME.configure(2, ["dragon", "sacred-animal"]), 4)
        t = 0
        for _ in range(300):
            if GAME.result(state) is not None:
                break
            t += 450
            GAME.advance_time(state, t)
            for seat in GAME.deciders(state):
                legal = GAME.legal_actions(state, seat, t)
                choice = bot.choose(GAME.view(state, seat), legal, rng)
                assert choice is None or choice in legal
                if choice is not None:
                    GAME.apply(state, seat, choice, t)
                    break


def test_an_expert_beats_a_novice_in_seeded_matches() -> None:
    config = GAME.configure(2, [], {"wins": 1})
    wins = 0
    for seed in range(6):
        seats = [bots.make("tessen", "expert"), bots.make("tessen", "novice")]
        if seed % 2:
            seats.reverse()
        outcome, _ = play_realtime(GAME, config, seed, seats)
        wins += outcome.winners == [seed % 2]
    assert wins >= 5


def test_a_recorded_bot_match_replays_exactly() -> None:
    from warroom.engine.record import replay

    config = GAME.configure(2, ["dragon"], {"wins": 1})
    _outcome, match = play_realtime(GAME, config, 9, [bots.make("tessen", "expert"),
                                                     bots.make("tessen", "casual")], record=True)
    assert match is not None and match.record.steps
    assert all(step.t is not None for step in match.record.steps)
    last = None
    for step in replay(match.record, verify=True):
        last = step.state
    assert last is not None and GAME.result(last) == match.result()
