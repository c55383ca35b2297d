"""The real-time rules, on explicit times: the minimum interval, the answer deadline, the
deadline for placing yielded animals, and actions at the same instant."""

from __future__ import annotations

import pytest

from tests.tessen.scenario import GAME, act, side, table
from warroom.engine import IllegalAction


def test_an_action_before_the_minimum_interval_is_refused_with_the_reason() -> None:
    state = table(side(), side())
    act(state, 0, "draw", 10_000)
    assert GAME.legal_actions(state, 0, 10_399) == []
    with pytest.raises(IllegalAction, match=r"too soon: p1 may act again in 101 ms \(at least 400 ms"):
        act(state, 0, "draw", 10_299)
    assert len(state.sides[0].hand) == 1
    act(state, 0, "draw", 10_400)
    assert len(state.sides[0].hand) == 2


def test_the_minimum_interval_is_per_player() -> None:
    state = table(side(), side())
    act(state, 0, "draw", 10_000)
    act(state, 1, "draw", 10_001)
    assert len(state.sides[1].hand) == 1


def test_the_minimum_interval_is_an_option() -> None:
    state = table(side(), side(), options={"min_interval_ms": 1000})
    act(state, 0, "draw", 10_000)
    with pytest.raises(IllegalAction, match="at least 1000 ms"):
        act(state, 0, "draw", 10_900)


def test_the_end_of_a_minimum_interval_is_a_deadline() -> None:
    state = table(side(), side())
    act(state, 0, "draw", 10_000)
    assert GAME.next_deadline(state) == 10_400


def test_an_unanswered_attack_counts_as_yielded_at_its_deadline() -> None:
    state = table(side(hand="warrior", places=("fox 1",)), side(hand="warrior", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    assert GAME.next_deadline(state) == 10_400  # p1's interval ends first
    GAME.advance_time(state, 10_400)
    assert GAME.next_deadline(state) == 13_000
    assert GAME.advance_time(state, 12_999) == [] and state.attack
    events = GAME.advance_time(state, 13_000)
    assert events[0].kind == "yield" and events[0].data["timeout"]
    assert state.sides[1].places[0] == [-1, 0, 8] and state.sides[0].take == [1, 2, 16_000]


def test_an_answer_at_the_deadline_is_too_late() -> None:
    state = table(side(hand="warrior"), side(hand="warrior", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    with pytest.raises(IllegalAction, match="nobody is attacking you"):
        act(state, 1, "defend with=warrior", 13_000)
    assert state.sides[1].places[0] == [-1, 0, 8]  # the time ran out even though the answer failed


def test_the_answer_time_is_an_option() -> None:
    state = table(side(hand="warrior"), side(hand="warrior", places=("deer 2",)), options={"answer_ms": 800})
    act(state, 0, "attack place=1 with=warrior", 10_000)
    assert GAME.legal_actions(state, 1, 10_799) == ["defend with=warrior", "yield"]
    assert "defend with=warrior" not in GAME.legal_actions(state, 1, 10_800)


def test_yielded_animals_not_placed_in_time_go_to_their_pile_else_the_first_free_place() -> None:
    state = table(side(hand="warrior", places=("blocked warrior", "fox 1")), side(places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 1, "yield", 10_500)
    events = GAME.advance_time(state, 13_500)
    assert events[0].kind == "take" and events[0].data["timeout"] and events[0].data["place"] == 3
    assert state.sides[0].places[2] == [1, 2, -1]


def test_legal_actions_at_a_later_instant_see_the_deadlines_before_it() -> None:
    state = table(side(hand="warrior"), side(hand="warrior fox", places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    later = GAME.legal_actions(state, 1, 13_100)
    assert "yield" not in later and "play animal=fox place=2" in later
    assert state.attack  # asking changes nothing


def test_of_two_attacks_at_the_same_instant_the_first_applied_wins() -> None:
    state = table(side(hand="warrior", places=("fox 2",)), side(hand="warrior", places=("deer 2",)))
    act(state, 1, "attack place=1 with=warrior", 10_000)
    with pytest.raises(IllegalAction, match="under attack on place 1"):
        act(state, 0, "attack place=1 with=warrior", 10_000)
    assert state.attack == [1, 0, 8, 13_000] and state.sides[0].hand == [8]


def test_an_attack_that_lands_first_refuses_the_draw_the_defender_began() -> None:
    state = table(side(hand="warrior"), side(places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    with pytest.raises(IllegalAction, match="under attack"):
        act(state, 1, "draw", 10_000)


def test_time_never_runs_backwards() -> None:
    state = table(side(), side(), clock=10_000)
    act(state, 0, "draw", 9_000)
    assert state.clock == 10_000 and state.sides[0].last == 10_000


def test_a_real_time_action_needs_its_time() -> None:
    state = table(side(), side())
    with pytest.raises(IllegalAction, match="needs the time"):
        GAME.apply(state, 0, "draw")
