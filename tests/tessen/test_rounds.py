"""The end of a round, scoring and its tie rule, Serving the Shogun, new rounds, the match."""

from __future__ import annotations

import pytest

from tests.tessen.scenario import GAME, act, side, table
from warroom.engine import IllegalAction


def test_drawing_the_last_card_of_your_deck_ends_the_round_at_once() -> None:
    state = table(side(deck="fox", score="deer deer deer"), side(score="bear bear bear bear"))
    events = act(state, 0, "draw", 10_000)
    tessen = [e for e in events if e.kind == "tessen"]
    assert tessen and tessen[0].data["points"] == [3, 4] and tessen[0].data["winner"] == 1
    assert state.sides[1].wins == 1 and state.phase == "serve"
    assert GAME.deciders(state) == [1]


def test_drawing_the_last_card_of_the_opponents_discard_does_not_end_the_round() -> None:
    state = table(side(), side(discard="fox"))
    act(state, 0, "draw from=opponent", 10_000)
    assert state.phase == "play" and state.rounds == []


def test_only_kept_cards_count_not_sets_and_not_cards_in_hand_or_places() -> None:
    state = table(side(deck="fox", hand="cat cat", places=("crane 2",), score="deer deer deer deer"),
                  side(score="bear bear bear pheasant pheasant pheasant"))
    act(state, 0, "draw", 10_000)
    assert state.rounds[-1]["points"] == [4, 6] and state.rounds[-1]["winner"] == 1


def test_a_tie_goes_to_the_player_who_drew_the_last_card() -> None:
    state = table(side(score="bear bear bear"), side(deck="fox", score="deer deer deer"))
    act(state, 1, "draw", 10_000)
    assert state.rounds[-1]["tie"] and state.rounds[-1]["winner"] == 1 and state.rounds[-1]["ender"] == 1


def test_an_unanswered_attack_ends_with_the_round() -> None:
    state = table(side(hand="warrior", deck="fox cat"), side(places=("deer 2",)))
    act(state, 0, "attack place=1 with=warrior", 10_000)
    act(state, 0, "draw", 10_400)
    act(state, 0, "draw", 10_800)
    assert state.attack == [] and state.phase == "serve"


def test_the_round_winner_serves_the_shogun_by_removing_a_warrior_for_the_rest_of_the_match() -> None:
    state = table(side(deck="fox", score="deer deer deer"), side())
    act(state, 0, "draw", 10_000)
    assert GAME.legal_actions(state, 0, 10_000) == ["serve with=warrior", "serve with=super"]
    assert GAME.legal_actions(state, 1, 10_000) == []
    events = act(state, 0, "serve with=super", 10_500)
    assert [e.kind for e in events] == ["shogun", "round"]
    assert state.round == 2 and state.phase == "play"
    assert len(state.sides[0].deck) == 41 and 9 not in state.sides[0].deck
    assert len(state.sides[1].deck) == 42


def test_removed_warriors_stay_out_in_every_later_round() -> None:
    state = table(side(deck="fox", score="deer deer deer"), side())
    act(state, 0, "draw", 10_000)
    act(state, 0, "serve with=warrior", 10_500)
    state.sides[0].deck = [5]
    state.sides[0].score[1] = 3
    act(state, 0, "draw", 11_000)
    act(state, 0, "serve with=warrior", 11_500)
    assert state.sides[0].plain_out == 2 and state.sides[0].deck.count(8) == 7
    assert len(state.sides[0].deck) == 40


def test_the_shogun_is_served_with_an_ordinary_warrior_when_the_winner_does_not_choose() -> None:
    state = table(side(deck="fox", score="deer deer deer"), side())
    act(state, 0, "draw", 10_000)
    assert GAME.next_deadline(state) == 13_000
    events = GAME.advance_time(state, 13_000)
    assert events[0].kind == "shogun" and events[0].data["timeout"]
    assert state.sides[0].plain_out == 1 and state.round == 2


def test_serving_is_refused_to_the_loser_and_during_play() -> None:
    state = table(side(deck="fox", score="deer deer deer"), side())
    with pytest.raises(IllegalAction, match="nobody serves the Shogun while the round is played"):
        act(state, 0, "serve with=warrior", 9_000)
    act(state, 0, "draw", 10_000)
    with pytest.raises(IllegalAction, match="has no decision"):
        act(state, 1, "serve with=warrior", 10_000)


def test_a_new_round_returns_every_card_to_its_deck_and_empties_the_table() -> None:
    state = table(side(deck="fox", hand="cat", places=("crane 2",), discard="bear",
                       score="deer deer deer"),
                  side(hand="warrior", places=("blocked warrior",), score="fox"))
    act(state, 0, "draw", 10_000)
    act(state, 0, "serve with=warrior", 10_500)
    for s in state.sides:
        assert s.hand == [] and s.discard == [] and s.score == [0] * 8
        assert all(p == [-1, 0, -1] for p in s.places)
    assert state.fallen == [] and state.attack == []
    assert sorted(state.sides[1].deck).count(8) == 9


def test_the_match_ends_when_a_player_has_won_the_rounds_chosen() -> None:
    state = table(side(deck="fox", score="deer deer deer", wins=2), side(wins=2))
    events = act(state, 0, "draw", 10_000)
    assert events[-1].kind == "match"
    res = GAME.result(state)
    assert res is not None and res.winners == [0] and res.scores["rounds_won"] == [3, 2]
    assert GAME.deciders(state) == []


def test_the_match_length_is_an_option() -> None:
    state = table(side(deck="fox", score="deer"), side(), options={"wins": 1})
    act(state, 0, "draw", 10_000)
    assert GAME.result(state) is not None and GAME.result(state).winners == [0]  # type: ignore[union-attr]


def test_a_player_with_nothing_to_do_has_no_decision_until_something_changes() -> None:
    # five warriors in hand and an own attack unanswered: no draw (hand full), no animal,
    # no second attack; the player waits for the answer
    state = table(side(hand="warrior warrior warrior warrior super"), side(places=("deer 2",)))
    state.attack = [0, 0, 8, 13_000]
    assert GAME.deciders(state) == [1]
    act(state, 1, "yield", 10_500)
    assert GAME.deciders(state) == [0, 1]
