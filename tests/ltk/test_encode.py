"""LTK's observation encoder (``Game.encode``) and action numbering (``Game.action_space``): the
encoding reads only what the seat's view shows, and changes when something it shows changes (the
numbering's test is tests/research/test_numbering.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, cid, seat, table
from tests.random_play import after_random_moves
from warroom.games.ltk import encode as enc
from warroom.games.ltk.cards import DECK_SIZE
from warroom.games.ltk.state import LtkState


def five() -> LtkState:
    return table(seat("zhang_liao", "monarch", ["slash ♠7", "jink ♥2"]), seat("xu_chu", "rebel", ["peach ♥3"]),
                 seat("cao_ren", "minister", ["jink ♦2"]), seat("huang_gai", "defector", ["slash ♣2"]),
                 seat("lu_meng", "rebel", ["duel ♠A"]))


def mid_game(players: int, seed: int, steps: int) -> LtkState:
    state: LtkState = after_random_moves(GAME, GAME.configure(players), seed, steps)
    return state


def test_worlds_the_seat_cannot_tell_apart_encode_the_same() -> None:
    checked = 0
    for players, seed, steps in ((5, 1, 10), (5, 2, 60), (8, 3, 90), (4, 4, 60), (2, 5, 40)):
        s = mid_game(players, seed, steps)
        assert GAME.result(s) is None  # (at the end every role is shown, so none is re-dealt)
        for viewer in range(players):
            mine = GAME.encode(s, viewer)
            assert len(mine) == GAME.observation_size(s.config)
            for world in range(3):  # other hands, unrevealed roles, offers, the draw pile re-dealt
                other = GAME.determinize(s, viewer, world)
                assert GAME.encode(other, viewer) == mine
                checked += GAME.to_json(other) != GAME.to_json(s)
    assert checked > 20


def test_another_seats_hand_and_role_are_not_read() -> None:
    s = five()
    before = GAME.encode(s, 1)
    s.seats[2].hand = [cid("peach ♥4")]  # Cao Ren's one hand card, swapped unseen
    s.seats[2].role, s.seats[3].role = s.seats[3].role, s.seats[2].role  # neither revealed
    s.draw.reverse()
    assert GAME.encode(s, 1) == before
    assert GAME.encode(s, 2) != GAME.encode(five(), 2)  # but Cao Ren sees his own hand and role


def test_the_blocks_show_my_hand_my_role_health_equipment_and_the_turn() -> None:
    s = five()
    lay = enc.layout(5)
    me = GAME.encode(s, 1)  # Xu Chu (seat 1): relative seat 0 is himself, 4 is the Monarch
    assert me[lay.hand + cid("peach ♥3")] == 1 and me[lay.hand + cid("slash ♠7")] == 0
    fields = lay.seats + 4 * DECK_SIZE
    assert me[fields + enc.SEAT_FIELDS.index("hand")] == 1
    role = fields + len(enc.SEAT_FIELDS)
    assert me[role + enc.ROLES.index("rebel")] == 1  # his own role
    monarch = lay.seats + 4 * lay.seat_size + 4 * DECK_SIZE + len(enc.SEAT_FIELDS)
    assert me[monarch + enc.ROLES.index("monarch")] == 1  # the Monarch's is public
    minister = lay.seats + 1 * lay.seat_size + 4 * DECK_SIZE + len(enc.SEAT_FIELDS)
    assert me[minister + len(enc.ROLES)] == 1  # Cao Ren's is unknown to him
    monarch_fields = lay.seats + 4 * lay.seat_size + 4 * DECK_SIZE
    assert me[monarch_fields + enc.SEAT_FIELDS.index("hand")] == 2
    assert me[lay.current + 4] == 1  # the Monarch's turn, four seats on from Xu Chu
    hp = me[monarch_fields + enc.SEAT_FIELDS.index("hp")]
    s.seats[0].hp -= 1
    s.seats[0].equip[0] = cid("crossbow ♣A")
    after = GAME.encode(s, 1)
    assert after[monarch_fields + enc.SEAT_FIELDS.index("hp")] == hp - 1
    assert after[lay.seats + 4 * lay.seat_size + cid("crossbow ♣A")] == 1  # his equipment, seen by all


def test_a_used_card_moves_from_my_hand_and_the_others_see_it_on_the_table() -> None:
    s = five()
    lay = enc.layout(5)
    kill = cid("slash ♠7")
    hp = s.seats[1].hp
    act(s, 0, f"use card={kill} target=1")  # Xu Chu has no Dodge: he is hit
    mine, theirs = GAME.encode(s, 0), GAME.encode(s, 3)
    assert mine[lay.hand + kill] == 0
    seen = lay.table + kill, lay.discard + kill, lay.frame_cards + kill
    assert any(mine[i] for i in seen) and any(theirs[i] for i in seen)
    assert s.seats[1].hp == hp - 1
    xu_chu = lay.seats + 3 * lay.seat_size + 4 * DECK_SIZE  # seat 1 is three on from seat 3
    assert theirs[xu_chu + enc.SEAT_FIELDS.index("hp")] == hp - 1
    (decider,) = GAME.deciders(s)
    assert [GAME.encode(s, p)[lay.scalars] for p in range(5)] == [int(p == decider) for p in range(5)]

