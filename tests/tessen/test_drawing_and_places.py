"""Decks, drawing, the hand limit, places and piles, Kept! and discarding."""

from __future__ import annotations

import pytest

from tests.tessen.scenario import GAME, act, cards, kinds, side, table
from warroom.engine import IllegalAction
from warroom.games.tessen.cards import fresh_deck


def test_each_deck_holds_eight_kinds_of_four_nine_warriors_and_one_super_warrior() -> None:
    state = GAME.new(GAME.configure(), 7)
    for s in state.sides:
        assert len(s.deck) == 42
        assert sorted(s.deck) == sorted(fresh_deck())
        assert s.deck.count(8) == 9 and s.deck.count(9) == 1
        assert all(s.deck.count(k) == 4 for k in range(8))
    assert state.sides[0].deck != state.sides[1].deck  # each shuffled on its own


def test_drawing_from_your_deck_takes_its_top_card() -> None:
    state = table(side(deck="deer fox bear"))
    act(state, 0, "draw", 10_000)
    assert kinds(state.sides[0].hand) == "bear" and kinds(state.sides[0].deck) == "deer fox"


def test_drawing_from_the_opponents_discard_takes_its_top_card() -> None:
    state = table(side(), side(discard="crane fox"))
    act(state, 0, "draw from=opponent", 10_000)
    assert kinds(state.sides[0].hand) == "fox" and kinds(state.sides[1].discard) == "crane"


def test_you_may_never_draw_from_your_own_discard_pile() -> None:
    state = table(side(discard="fox fox"), side())
    assert "draw from=opponent" not in GAME.legal_actions(state, 0, 10_000)
    with pytest.raises(IllegalAction, match="opponent's animal discard pile is empty"):
        act(state, 0, "draw from=opponent", 10_000)
    with pytest.raises(IllegalAction, match="not a Tessen action"):
        act(state, 0, "draw from=own", 10_000)


def test_with_five_cards_in_hand_you_must_play_or_discard_before_drawing() -> None:
    state = table(side(hand="fox deer bear crane cat"), side(discard="fox"))
    legal = GAME.legal_actions(state, 0, 10_000)
    assert "draw" not in legal and "draw from=opponent" not in legal
    with pytest.raises(IllegalAction, match="you hold 5 cards: play or discard one before you draw"):
        act(state, 0, "draw", 10_000)
    act(state, 0, "play animal=fox place=1", 10_000)
    act(state, 0, "draw", 10_500)
    assert len(state.sides[0].hand) == 5


def test_you_need_not_fill_your_hand_before_playing() -> None:
    state = table(side(hand="fox"))
    act(state, 0, "play animal=fox place=3", 10_000)
    assert state.sides[0].places[2] == [5, 1, -1] and state.sides[0].hand == []


def test_a_kind_goes_on_its_own_pile_and_nowhere_else() -> None:
    state = table(side(hand="fox", places=("", "fox 2")))
    legal = GAME.legal_actions(state, 0, 10_000)
    assert [a for a in legal if a.startswith("play")] == ["play animal=fox place=2"]
    with pytest.raises(IllegalAction, match="your Red Fox pile is in place 2: one pile per kind"):
        act(state, 0, "play animal=fox place=1", 10_000)
    act(state, 0, "play animal=fox place=2", 10_000)
    assert state.sides[0].places[1] == [5, 3, -1]


def test_a_new_kind_needs_an_empty_place() -> None:
    state = table(side(hand="deer", places=("fox 1", "bear 1", "cat 1", "crane 1", "macaque 2")))
    assert not [a for a in GAME.legal_actions(state, 0, 10_000) if a.startswith("play")]
    with pytest.raises(IllegalAction, match="place 1 holds your Red Fox pile"):
        act(state, 0, "play animal=deer place=1", 10_000)


def test_a_pile_of_three_or_more_may_be_kept_into_the_score_pile() -> None:
    state = table(side(places=("fox 3", "deer 2")))
    legal = GAME.legal_actions(state, 0, 10_000)
    assert "keep place=1" in legal and "keep place=2" not in legal
    events = act(state, 0, "keep place=1", 10_000)
    assert events[-1].kind == "keep" and events[-1].data["count"] == 3
    assert state.sides[0].score[5] == 3 and state.sides[0].places[0] == [-1, 0, -1]
    with pytest.raises(IllegalAction, match="at least 3 cards to be kept"):
        act(state, 0, "keep place=2", 10_500)


def test_a_kept_place_may_start_a_new_set() -> None:
    state = table(side(hand="bear", places=("fox 4",)))
    act(state, 0, "keep place=1", 10_000)
    act(state, 0, "play animal=bear place=1", 10_500)
    assert state.sides[0].places[0] == [6, 1, -1]


def test_discarding_needs_five_cards_in_hand_and_goes_to_your_animal_discard_pile() -> None:
    state = table(side(hand="fox deer bear crane"))
    with pytest.raises(IllegalAction, match="discard an animal only with 5 cards in hand"):
        act(state, 0, "discard animal=fox", 10_000)
    act(state, 0, "draw", 10_000)
    act(state, 0, "discard animal=fox", 10_500)
    assert kinds(state.sides[0].discard) == "fox" and len(state.sides[0].hand) == 4


def test_warriors_cannot_be_discarded_and_animals_on_the_table_cannot_be_discarded() -> None:
    state = table(side(hand="warrior warrior warrior warrior super", places=("fox 2",)))
    assert not [a for a in GAME.legal_actions(state, 0, 10_000) if a.startswith("discard")]
    with pytest.raises(IllegalAction, match="you hold no Red Fox"):
        act(state, 0, "discard animal=fox", 10_000)


def test_the_opponent_may_take_what_you_discard() -> None:
    state = table(side(hand="fox deer bear crane cat"), side())
    act(state, 0, "discard animal=cat", 10_000)
    act(state, 1, "draw from=opponent", 10_100)
    assert kinds(state.sides[1].hand) == "cat" and state.sides[0].discard == []


def test_cards_helper_reads_words() -> None:
    assert cards("fox warrior super") == [5, 8, 9]
