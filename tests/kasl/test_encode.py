"""Kasl's observation encoder (``Game.encode``) and action numbering (``Game.action_space``): the
board is encoded whole, the missions only the seat's own (the numbering's test is
tests/research/test_numbering.py)."""

from __future__ import annotations

from tests.kasl.scenario import GAME, empty, play, put
from tests.random_play import after_random_moves
from warroom.games.kasl import encode as enc
from warroom.games.kasl.board import N
from warroom.games.kasl.state import KaslState


def mid_game(players: int, seed: int, steps: int) -> KaslState:
    state: KaslState = after_random_moves(GAME, GAME.configure(players, ["advanced"]), seed, steps)
    return state


def at(lay: enc.Layout, plane: str, t: int) -> int:
    """Where printed territory ``t`` lies in ``plane``."""
    return lay.plane[plane] + t - 1


def owner(lay: enc.Layout, k: int, t: int) -> int:
    """Where printed territory ``t`` lies in owner plane ``k``."""
    return k * N + t - 1


def test_other_seats_missions_are_never_read() -> None:
    checked = 0
    for players, seed, steps in ((2, 1, 30), (3, 2, 80), (4, 3, 150)):
        s = mid_game(players, seed, steps)
        assert GAME.result(s) is None
        for viewer in range(players):
            mine = GAME.encode(s, viewer)
            assert len(mine) == GAME.observation_size(s.config)
            for world in range(3):
                other = GAME.determinize(s, viewer, world)
                assert GAME.encode(other, viewer) == mine
                checked += other.missions != s.missions
    assert checked >= 6


def test_my_missions_show_and_a_battle_changes_the_board_block() -> None:
    s = empty(2, advanced=True)
    s.missions = [[4, 9], [20, 30]]  # indices: printed territories 5, 10 and 21, 31
    put(s, 1, 0, inf=3, cav=1, lord=1)
    lay = enc.layout(2)
    mine, theirs = GAME.encode(s, 0), GAME.encode(s, 1)
    assert [mine[at(lay, "mission", t)] for t in (5, 10, 21, 31)] == [1, 1, 0, 0]
    assert [theirs[at(lay, "mission", t)] for t in (5, 10, 21, 31)] == [0, 0, 1, 1]
    assert mine[owner(lay, 0, 1)] == 1 and theirs[owner(lay, 1, 1)] == 1  # "me" for seat 0, the next for 1
    assert [mine[at(lay, p, 1)] for p in enc.PLANES[:5]] == [3, 0, 1, 0, 1]  # units and the Lord
    assert mine[owner(lay, 3, 2)] == 1 and mine[owner(lay, 0, 2)] == 0  # 2 is nobody's (after the neutral)
    before = GAME.encode(s, 1)
    s.missions[0] = [11, 12]  # seat 0's missions are not seat 1's to see
    assert GAME.encode(s, 1) == before
    assert GAME.encode(s, 0) != mine


def test_an_attack_shows_in_both_seats_encodings() -> None:
    s = empty(2)
    before = [GAME.encode(s, p) for p in (0, 1)]
    play(s, 0, "attack from=47 to=48")
    after = [GAME.encode(s, p) for p in (0, 1)]
    assert after[0] != before[0] and after[1] != before[1]
    lay = enc.layout(2)
    # the attacker chooses what moves in from 47 to 48, in the open, and both seats see it
    for mine in after:
        assert mine[at(lay, "from", 47)] == 1 and mine[at(lay, "to", 48)] == 1
        assert mine[lay.why + enc.WHYS.index("capture")] == 1
    assert after[0][lay.chooser + 0] == 1 and after[1][lay.chooser + 1] == 1  # me / the other seat

