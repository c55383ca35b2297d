"""Tessen positions: written by hand, checked card by card, and round-tripped."""

from __future__ import annotations

import json
import random

import pytest

from warroom.engine import ConfigError
from warroom.games.tessen.rules import GAME


def test_a_position_round_trips_through_its_description_over_random_play() -> None:
    state = GAME.new(GAME.configure(2, ["dragon", "sacred-animal"]), 8)
    rng = random.Random(8)
    t = 0
    for step in range(600):
        if GAME.result(state) is not None:
            break
        t += 300
        GAME.advance_time(state, t)
        for seat in GAME.deciders(state):
            legal = GAME.legal_actions(state, seat, t)
            if legal:
                GAME.apply(state, seat, rng.choice(legal), t)
                break
        if step % 25 == 0:
            text = json.dumps(GAME.describe_position(state))
            again = GAME.position(json.loads(text))
            assert GAME.to_json(again) == GAME.to_json(state)


def test_a_hand_written_position_plays_on() -> None:
    deck = ["pheasant"] * 4 + ["deer"] * 4 + ["macaque"] * 4 + ["marten"] * 4 + ["crane"] * 4 + \
        ["fox"] * 4 + ["bear"] * 4 + ["cat"] * 4 + ["warrior"] * 9 + ["super"]
    theirs = list(deck)
    for card in ("fox", "fox", "warrior"):
        theirs.remove(card)
    description = {
        "clock": 5000,
        "seats": {
            "p1": {"deck": deck, "hand": []},
            "p2": {"deck": theirs, "hand": ["warrior"], "places": [{"animal": "fox", "count": 2}, None, None,
                                                                   None, None]},
        },
    }
    state = GAME.position(description)
    GAME.apply(state, 1, "attack place=1 with=warrior", 5000)
    assert GAME.legal_actions(state, 0, 5100) == ["yield"]


def test_every_fault_of_a_position_is_named() -> None:
    bad = {"seats": {"p1": {"hand": ["fox"] * 6, "places": [{"animal": "fox", "count": 1},
                                                              {"animal": "fox", "count": 2}, None, None, None]},
                     "p2": {"deck": ["dragonfly"]}}, "sacred": ["fox"]}
    with pytest.raises(ConfigError) as err:
        GAME.position(bad)
    text = str(err.value)
    assert "p1 holds 6 cards: at most 5" in text
    assert "p1 has two piles of fox: one pile per kind" in text
    assert "p2 deck: 'dragonfly' is not a card" in text
    assert "cards on the sacred card need the sacred-animal variant" in text
    assert "there are 18 warriors" not in text and "not 18" in text
    assert "\n" not in text


def test_a_position_needs_both_seats() -> None:
    with pytest.raises(ConfigError, match="seat p2 is missing"):
        GAME.position({"seats": {"p1": {}}})
    with pytest.raises(ConfigError, match="an object with"):
        GAME.position({"hands": []})
