"""The Dragon and Sacred Animal expansions, the handicap, and all three together."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tessen.scenario import GAME, act, side, table
from warroom.engine import ConfigError, IllegalAction
from warroom.engine.record import Record, replay
from warroom.games.tessen.cards import KIND_OF, WITH

DRAGON = ("dragon",)
SACRED = ("sacred-animal",)


def test_a_warrior_may_attack_the_dragon_and_stays_there() -> None:
    state = table(side(hand="warrior super"), side(), variants=DRAGON)
    events = act(state, 0, "dragon with=warrior", 10_000)
    assert events[-1].kind == "dragon" and state.sides[0].dragon == [1, 0]
    act(state, 0, "dragon with=super", 10_500)
    assert events[-1].data["on_dragon"] == [1, 0] and state.sides[0].dragon == [1, 1]


def test_without_the_expansion_there_is_no_dragon() -> None:
    state = table(side(hand="warrior"), side())
    assert "dragon with=warrior" not in GAME.legal_actions(state, 0, 10_000)
    with pytest.raises(IllegalAction, match="without the dragon expansion"):
        act(state, 0, "dragon with=warrior", 10_000)


def test_the_attacked_player_cannot_attack_the_dragon_instead_of_answering() -> None:
    state = table(side(hand="warrior"), side(hand="warrior", places=("fox 1",)), variants=DRAGON)
    act(state, 0, "attack place=1 with=warrior", 10_000)
    assert GAME.legal_actions(state, 1, 10_500) == ["defend with=warrior", "yield"]
    with pytest.raises(IllegalAction, match="you are under attack on place 1: defend or yield"):
        act(state, 1, "dragon with=warrior", 10_500)
    assert state.sides[1].dragon == [0, 0] and state.sides[1].hand == [WITH["warrior"]]


UNDER_ATTACK = {"dragon_under_attack": 1}


def test_with_the_option_the_attacked_player_may_attack_the_dragon_and_still_answers() -> None:
    state = table(side(hand="warrior"), side(hand="warrior super", places=("fox 2",)), variants=DRAGON,
                  options=UNDER_ATTACK)
    act(state, 0, "attack place=1 with=warrior", 10_000)
    assert GAME.legal_actions(state, 1, 10_500) == ["defend with=warrior", "defend with=super", "yield",
                                                    "dragon with=warrior", "dragon with=super"]
    act(state, 1, "dragon with=warrior", 10_500)
    assert state.sides[1].dragon == [1, 0]
    assert state.attack == [0, 0, WITH["warrior"], 13_000]  # still to answer, on the same deadline
    with pytest.raises(IllegalAction, match="you are under attack on place 1"):
        act(state, 1, "draw", 10_900)  # the rest of the freeze stands
    assert GAME.legal_actions(state, 1, 10_900) == ["defend with=super", "yield", "dragon with=super"]
    events = act(state, 1, "yield", 11_000)
    assert events[-1].kind == "yield" and state.sides[0].take == [KIND_OF["fox"], 2, 14_000]
    assert state.sides[1].places[0] == [-1, 0, WITH["warrior"]]


def test_with_the_option_an_attack_left_after_the_dragon_is_yielded_at_its_deadline() -> None:
    state = table(side(hand="warrior"), side(hand="warrior", places=("fox 2",)), variants=DRAGON,
                  options=UNDER_ATTACK)
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 1, "dragon with=warrior", 10_500)
    events = GAME.advance_time(state, 13_000)
    assert [e.kind for e in events] == ["yield"] and events[0].data["timeout"] is True
    assert state.sides[1].dragon == [1, 0] and state.sides[1].places[0] == [-1, 0, WITH["warrior"]]


def test_the_option_needs_the_dragon() -> None:
    state = table(side(hand="warrior"), side(hand="warrior", places=("fox 1",)), options=UNDER_ATTACK)
    act(state, 0, "attack place=1 with=warrior", 10_000)
    assert GAME.legal_actions(state, 1, 10_500) == ["defend with=warrior", "yield"]


def test_a_game_recorded_before_the_option_replays_at_its_default() -> None:
    # recorded by rules version 1 before dragon_under_attack existed: the option, at its default,
    # is left out of the configuration, so every state (and hash) is the one recorded
    record = Record.load(Path(__file__).parent / "records" / "rules-1-dragon-seed7.json")
    assert "dragon_under_attack" not in record.config["options"]
    last = None
    for step in replay(record, verify=True):
        last = step.state
    assert len(record.steps) == 194 and GAME.result(last).to_json() == record.result
    assert "dragon_under_attack" not in GAME.configure(2, ["dragon"], {"dragon_under_attack": 0})["options"]
    assert GAME.configure(2, ["dragon"], UNDER_ATTACK)["options"]["dragon_under_attack"] == 1


def test_fewer_warriors_on_the_dragon_costs_five_kept_animals_before_counting() -> None:
    state = table(side(deck="fox", score="deer " * 7, dragon=[0, 0]),
                  side(score="bear " * 4, dragon=[1, 0]), variants=DRAGON)
    act(state, 0, "draw", 10_000)
    r = state.rounds[-1]
    assert r["dragon_loss"] == [5, 0] and r["points"] == [2, 4] and r["winner"] == 1


def test_a_super_warrior_counts_two_on_the_dragon() -> None:
    state = table(side(deck="fox", score="deer " * 3, dragon=[0, 1]),
                  side(score="bear " * 6, dragon=[1, 0]), variants=DRAGON)
    act(state, 0, "draw", 10_000)
    assert state.rounds[-1]["dragon_loss"] == [0, 5] and state.rounds[-1]["points"] == [3, 1]


def test_equal_warriors_on_the_dragon_cost_nobody_anything() -> None:
    state = table(side(deck="fox", score="deer " * 3, dragon=[2, 0]),
                  side(score="bear " * 4, dragon=[0, 1]), variants=DRAGON)
    act(state, 0, "draw", 10_000)
    assert state.rounds[-1]["dragon_loss"] == [0, 0] and state.rounds[-1]["points"] == [3, 4]


def test_warriors_on_the_dragon_stay_for_the_match_and_leave_the_deck() -> None:
    state = table(side(deck="fox", score="deer " * 3, dragon=[2, 1]), side(), variants=DRAGON)
    act(state, 0, "draw", 10_000)
    act(state, 0, "serve with=warrior", 10_500)
    assert state.sides[0].dragon == [2, 1]
    assert state.sides[0].deck.count(8) == 6 and 9 not in state.sides[0].deck
    assert len(state.sides[0].deck) == 38
    assert GAME.legal_actions(state, 0, 11_000).count("serve with=super") == 0


def test_an_animal_may_be_put_on_the_sacred_card_on_top_of_others() -> None:
    state = table(side(hand="fox"), side(hand="bear"), variants=SACRED)
    act(state, 0, "sacred animal=fox", 10_000)
    act(state, 1, "sacred animal=bear", 10_100)
    assert state.sacred == [5, 6]
    view = GAME.view(state, 0)
    assert view["sacred"] == {"top": "bear", "count": 2}


def test_the_kind_on_top_of_the_sacred_card_scores_double_in_both_score_piles() -> None:
    state = table(side(deck="fox", score="bear bear bear deer deer deer"),
                  side(score="bear bear bear bear cat cat cat"), variants=SACRED, sacred=[1, 6])
    act(state, 0, "draw", 10_000)
    assert state.rounds[-1]["sacred"] == "bear" and state.rounds[-1]["points"] == [9, 11]


def test_without_cards_on_the_sacred_card_nothing_is_sacred() -> None:
    state = table(side(deck="fox", score="bear bear bear"), side(score="cat cat"), variants=SACRED)
    act(state, 0, "draw", 10_000)
    assert state.rounds[-1]["sacred"] is None and state.rounds[-1]["points"] == [3, 2]


def test_the_dragon_takes_the_least_valuable_animals_first_when_one_kind_is_sacred() -> None:
    state = table(side(deck="fox", score="bear bear bear bear deer deer deer", dragon=[0, 0]),
                  side(dragon=[1, 0]), variants=("dragon", "sacred-animal"), sacred=[6])
    act(state, 0, "draw", 10_000)
    # 3 deer go first, then 2 bears: 2 bears left, worth 2 each
    assert state.rounds[-1]["dragon_loss"] == [5, 0] and state.rounds[-1]["points"] == [4, 0]


def test_handicap_removes_warriors_from_the_chosen_side() -> None:
    config = GAME.configure(2, ["handicap"], {"handicap_seat": "p2", "handicap_warriors": 3})
    state = GAME.new(config, 5)
    assert len(state.sides[0].deck) == 42
    assert len(state.sides[1].deck) == 39 and state.sides[1].deck.count(8) == 6
    assert state.sides[1].deck.count(9) == 1


def test_a_handicap_of_ten_warriors_removes_the_super_warrior_too() -> None:
    config = GAME.configure(2, ["handicap"], {"handicap_warriors": 10})
    state = GAME.new(config, 5)
    assert len(state.sides[0].deck) == 32 and not {8, 9} & set(state.sides[0].deck)


def test_the_handicap_holds_in_later_rounds() -> None:
    config = GAME.configure(2, ["handicap"], {"handicap_seat": "p1", "handicap_warriors": 2})
    state = GAME.new(config, 5)
    state.sides[0].deck = [5]
    state.sides[1].score[0] = 3
    act(state, 0, "draw", 1_000)
    act(state, 1, "serve with=warrior", 1_500)
    assert state.sides[0].deck.count(8) == 7 and state.sides[1].deck.count(8) == 8


def test_a_handicap_seat_must_be_p1_or_p2() -> None:
    with pytest.raises(ConfigError, match="handicap_seat must be p1 or p2"):
        GAME.new(GAME.configure(2, ["handicap"], {"handicap_seat": "p3"}), 1)


def test_the_variants_combine() -> None:
    config = GAME.configure(2, ["dragon", "sacred-animal", "handicap"], {"handicap_warriors": 1})
    state = GAME.new(config, 3)
    assert len(state.sides[0].deck) == 41
    state.sides[0].hand = [5, 8]
    state.cache = None
    legal = GAME.legal_actions(state, 0, 0)
    assert "dragon with=warrior" in legal and "sacred animal=fox" in legal
