"""Paper Kessen's encoder memoises the blocks that change least (tables, fighting, discard piles)
on exactly what they are built from: every encoding equals one built with the memos empty."""

from __future__ import annotations

import random

import pytest

from warroom.games.kessen import encode as enc
from warroom.games.kessen.rules import GAME

CONFIG = GAME.configure()


def fresh(state: object, seat: int) -> bytearray:
    """The encoding with every memo emptied first (each block built from the state)."""
    enc._table_blocks.clear()
    enc._fighting_blocks.clear()
    enc._last_discards[0] = (None, None, None, None, b"")
    return GAME.encode(state, seat)  # type: ignore[arg-type]


def test_every_encoding_of_whole_games_equals_one_built_afresh() -> None:
    checked = 0
    for seed in (3, 8, 21):
        state = GAME.new(CONFIG, seed)  # one state, changed in place, as the environments do
        rng = random.Random(seed)
        while True:
            for seat in (0, 1):
                memoised = GAME.encode(state, seat)
                assert memoised == fresh(state, seat)
                checked += 1
            if GAME.result(state) is not None:
                break
            seat = GAME.deciders(state)[0]
            legal = GAME.legal_actions(state, seat)
            GAME.apply_trusted(state, seat, legal[rng.randrange(len(legal))], None)
    assert checked > 300


def test_a_full_memo_is_emptied_and_encodings_stay_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(enc, "MEMO_LIMIT", 2)
    state = GAME.new(CONFIG, 5)
    rng = random.Random(5)
    for _ in range(120):
        if GAME.result(state) is not None:
            break
        seat = GAME.deciders(state)[0]
        assert GAME.encode(state, seat) == fresh(state, seat)
        assert len(enc._table_blocks) <= 2 and len(enc._fighting_blocks) <= 2
        legal = GAME.legal_actions(state, seat)
        GAME.apply_trusted(state, seat, legal[rng.randrange(len(legal))], None)
