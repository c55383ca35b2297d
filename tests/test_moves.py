"""``Move``: the one reader and writer of action text, round-tripping every game's legal moves."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warroom.engine import MalformedAction, registry
from warroom.engine.actions import Move

# (game, players): every game, LTK and Kasl at a small and a large table
TABLES = [("kessen", 2), ("ltk", 2), ("ltk", 6), ("kasl", 2), ("kasl", 4), ("tessen", 2)]


def legal_texts(game_name: str, players: int, seed: int, decisions: int = 400) -> set[str]:
    """Every legal action offered along one random game from ``seed`` (a real-time game is
    looked at every 150 ms of its clock)."""
    game = registry.get(game_name)
    state = game.new(game.configure(players), seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    now = 0
    for _ in range(decisions):
        if game.result(state) is not None:
            break
        if game.realtime:
            now += 150
            offers = {p: game.legal_actions(state, p, now) for p in game.deciders(state)}
            offers = {p: legal for p, legal in offers.items() if legal}
            for legal in offers.values():
                seen.update(legal)
            if offers:
                seat = rng.choice(sorted(offers))
                game.apply(state, seat, rng.choice(offers[seat]), now)
            else:
                game.advance_time(state, now)
            continue
        seat = game.deciders(state)[0]
        legal = game.legal_actions(state, seat)
        seen.update(legal)
        game.apply_trusted(state, seat, legal[rng.randrange(len(legal))], None)
    return seen


@pytest.mark.parametrize(("game_name", "players"), TABLES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_every_legal_move_round_trips_through_move(game_name: str, players: int, seed: int) -> None:
    for text in legal_texts(game_name, players, seed):
        move = Move.parse(text)
        assert str(move) == text
        assert Move.parse(str(move)) == move
        assert Move(move.verb, move.args) == move
        assert hash(Move(move.verb, move.args)) == hash(move)


def test_a_move_reads_its_arguments_typed() -> None:
    move = Move.parse("play card=12 targets=2,5 zone=hand")
    assert (move.verb, move.number("card"), move.numbers("targets"), move.word("zone")) == ("play", 12, (2, 5), "hand")
    assert move.numbers("card") == (12,)
    assert move["zone"] == "hand" and "zone" in move and "on" not in move and move.get("on") is None
    assert move.to_json() == {"verb": "play", "args": {"card": 12, "targets": [2, 5], "zone": "hand"},
                              "text": "play card=12 targets=2,5 zone=hand"}
    assert Move.of("play", card=12, targets=[2, 5], zone="hand") == move


def test_moves_are_ordered_as_their_text() -> None:
    texts = ["take place=discard", "take place=1", "draw", "attack place=2 with=warrior"]
    assert [str(m) for m in sorted(Move.parse(t) for t in texts)] == sorted(texts)


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty action"),
    ("play card", "expected key=value"),
    ("play card=١٩٠", "digits 0-9"),
    ("play card=1 card=2", "given twice"),
    ("play targets=1,,2", "empty item"),
])
def test_a_malformed_text_is_refused_in_one_line(text: str, reason: str) -> None:
    with pytest.raises(MalformedAction, match=reason) as caught:
        Move.parse(text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("key", "reason"), [("zone", "must be a whole number"), ("on", "has no 'on'")])
def test_reading_an_argument_as_what_it_is_not_is_refused(key: str, reason: str) -> None:
    move: Any = Move.parse("play card=3 zone=hand")
    with pytest.raises(MalformedAction, match=reason):
        move.number(key)
