"""Attack, defence, yielding, placing yielded animals, clearing, super-warriors."""

from __future__ import annotations

import pytest

from tests.tessen.scenario import GAME, act, kinds, side, table
from warroom.engine import IllegalAction


def test_an_attack_puts_a_warrior_before_a_pile_and_freezes_the_attacked_player() -> None:
    state = table(side(hand="warrior"), side(hand="warrior fox", places=("deer 2",)))
    events = act(state, 0, "attack place=1 with=warrior", 10_000)
    assert events[-1].kind == "attack" and events[-1].data["pile"] == "deer"
    assert state.attack == [0, 0, 8, 13_000]
    assert GAME.legal_actions(state, 1, 10_100) == ["defend with=warrior", "yield"]
    for action in ("draw", "play animal=fox place=2"):
        with pytest.raises(IllegalAction, match="you are under attack on place 1: defend or yield"):
            act(state, 1, action, 10_100)


def test_the_attacker_keeps_acting_while_the_attack_is_unanswered() -> None:
    state = table(side(hand="warrior fox"), side(hand="warrior", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 0, "play animal=fox place=1", 10_400)
    act(state, 0, "draw", 10_800)
    assert state.attack and len(state.sides[0].hand) == 1


def test_an_attacker_may_not_open_a_second_attack_while_the_first_is_unanswered() -> None:
    state = table(side(hand="warrior warrior"), side(places=("deer 2", "fox 1")))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    assert not [a for a in GAME.legal_actions(state, 0, 10_400) if a.startswith("attack")]
    with pytest.raises(IllegalAction, match="your attack on place 1 is not answered yet"):
        act(state, 0, "attack place=2 with=warrior", 10_400)


def test_the_attacked_player_cannot_attack_back_before_answering() -> None:
    state = table(side(hand="warrior", places=("fox 2",)), side(hand="warrior warrior", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    with pytest.raises(IllegalAction, match="under attack"):
        act(state, 1, "attack place=1 with=warrior", 10_100)


def test_an_empty_place_may_be_attacked() -> None:
    state = table(side(hand="warrior"), side())
    act(state, 0, "attack place=4 with=warrior", 10_000)
    act(state, 1, "yield", 10_300)
    assert state.sides[1].places[3] == [-1, 0, 8] and state.sides[0].take == []


def test_defending_sends_both_warriors_to_the_warrior_discard_and_keeps_the_pile() -> None:
    state = table(side(hand="warrior"), side(hand="warrior", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    events = act(state, 1, "defend with=warrior", 10_500)
    assert events[-1].kind == "defend"
    assert state.attack == [] and state.fallen == [8, 8]
    assert state.sides[1].places[0] == [1, 2, -1] and state.sides[1].hand == []


def test_only_a_super_warrior_defends_against_a_super_warrior() -> None:
    state = table(side(hand="super"), side(hand="warrior", places=("deer 2",)))
    act(state, 0, "attack place=1 with=super", 10_000)
    assert GAME.legal_actions(state, 1, 10_500) == ["yield"]
    with pytest.raises(IllegalAction, match="only a super-warrior defends against a super-warrior"):
        act(state, 1, "defend with=warrior", 10_500)


def test_a_super_warrior_defends_against_a_super_warrior() -> None:
    state = table(side(hand="super"), side(hand="warrior super", places=("deer 2",)))
    act(state, 0, "attack place=1 with=super", 10_000)
    act(state, 1, "defend with=super", 10_500)
    assert state.fallen == [9, 9] and state.sides[1].places[0] == [1, 2, -1]


def test_a_super_warrior_defends_against_an_ordinary_warrior() -> None:
    state = table(side(hand="warrior"), side(hand="super", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 1, "defend with=super", 10_500)
    assert state.fallen == [8, 9]


def test_yielding_gives_the_pile_and_the_attacking_warrior_blocks_the_place() -> None:
    state = table(side(hand="warrior"), side(hand="deer", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 1, "yield", 10_500)
    assert state.sides[1].places[0] == [-1, 0, 8]
    assert state.sides[0].take == [1, 2, 13_500]
    # no animal may go into the blocked place until it is cleared
    with pytest.raises(IllegalAction, match="an enemy warrior blocks your place 1: clear it first"):
        act(state, 1, "play animal=deer place=1", 11_000)


def test_yielded_animals_go_to_a_suitable_place_never_to_the_hand() -> None:
    state = table(side(hand="warrior", places=("fox 1", "deer 1")), side(places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 1, "yield", 10_500)
    assert GAME.legal_actions(state, 0, 10_600) == ["take place=2", "take place=discard"]
    act(state, 0, "take place=2", 10_600)
    assert state.sides[0].places[1] == [1, 3, -1] and state.sides[0].hand == []


def test_yielded_animals_may_start_a_pile_in_an_empty_place_or_go_to_the_discard_pile() -> None:
    state = table(side(hand="warrior", places=("fox 1",)), side(places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 1, "yield", 10_500)
    assert GAME.legal_actions(state, 0, 10_600) == [
        "take place=2", "take place=3", "take place=4", "take place=5", "take place=discard"]
    act(state, 0, "take place=discard", 10_600)
    assert kinds(state.sides[0].discard) == "deer deer"


def test_yielding_into_full_places_sends_the_animals_to_the_discard_pile() -> None:
    full = ("fox 1", "bear 1", "cat 1", "crane 1", "macaque 1")
    state = table(side(hand="warrior", places=full), side(places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    events = act(state, 1, "yield", 10_500)
    assert events[-1].kind == "take" and events[-1].data["place"] == "discard"
    assert kinds(state.sides[0].discard) == "deer deer" and state.sides[0].take == []


def test_the_attacker_must_place_yielded_animals_before_doing_anything_else() -> None:
    state = table(side(hand="fox warrior"), side(places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 1, "yield", 10_500)
    with pytest.raises(IllegalAction, match="place the animals your opponent yielded first"):
        act(state, 0, "draw", 10_600)


def test_a_player_placing_yielded_animals_when_attacked_finishes_placing_first() -> None:
    state = table(side(hand="warrior", places=("fox 1",)), side(hand="warrior", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 1, "yield", 10_500)
    act(state, 1, "attack place=1 with=warrior", 10_900)  # the defender is free again
    assert GAME.legal_actions(state, 0, 11_000)[-1] == "take place=discard"
    act(state, 0, "take place=2", 11_000)
    assert GAME.legal_actions(state, 0, 11_400) == ["yield"]


def test_clearing_removes_the_enemy_warrior_and_both_go_to_the_warrior_discard() -> None:
    state = table(side(hand="warrior fox", places=("blocked super",)))
    act(state, 0, "clear place=1 with=warrior", 10_000)
    assert state.sides[0].places[0] == [-1, 0, -1] and state.fallen == [9, 8]
    act(state, 0, "play animal=fox place=1", 10_500)
    assert state.sides[0].places[0] == [5, 1, -1]


def test_only_a_blocked_place_can_be_cleared() -> None:
    state = table(side(hand="warrior"))
    with pytest.raises(IllegalAction, match="no enemy warrior blocks your place 2"):
        act(state, 0, "clear place=2 with=warrior", 10_000)


def test_a_place_your_warrior_blocks_cannot_be_attacked_again() -> None:
    state = table(side(hand="warrior"), side(places=("blocked warrior",)))
    assert "attack place=1 with=warrior" not in GAME.legal_actions(state, 0, 10_000)
    with pytest.raises(IllegalAction, match="your own warrior already blocks"):
        act(state, 0, "attack place=1 with=warrior", 10_000)
