"""Paper Kessen's observation encoder (``Game.encode``): it reads only what the seat's view
shows, and each block counts what its name says."""

from __future__ import annotations

from tests.kessen.scenario import EVIL, GOOD, Scenario
from tests.kessen.test_search import hidden_swapped, mid_game
from warroom.games.kessen import encode as enc
from warroom.games.kessen.cards import CARDS
from warroom.games.kessen.rules import GAME

CONFIG = GAME.configure()


def count(obs: bytearray, block: int, key: str) -> int:
    """How many cards of kind ``key`` a card block flags (a flag per card id)."""
    return sum(obs[block + c.id] for c in CARDS if c.key == key)


def test_two_states_the_seat_cannot_tell_apart_encode_the_same() -> None:
    checked = 0
    for game_seed, steps in ((4, 40), (11, 90), (7, 60)):
        state = mid_game(game_seed, steps)
        for seat in (GOOD, EVIL):
            if not [c for c in state.sides[1 - seat].actions if c not in state.known[1 - seat]]:
                continue  # nothing of the opponent's to swap here
            other = hidden_swapped(state, seat)
            assert GAME.to_json(other) != GAME.to_json(state)
            assert GAME.encode(other, seat) == GAME.encode(state, seat)
            # and a re-dealt world (what a search bot samples) too
            assert GAME.encode(GAME.determinize(state, seat, 3), seat) == GAME.encode(state, seat)
            checked += 1
    assert checked >= 4


def test_the_opponents_hand_changes_its_own_encoding_only() -> None:
    state = mid_game(4, 40)
    seat = GAME.deciders(state)[0]
    other = hidden_swapped(state, seat)
    assert GAME.encode(other, 1 - seat) != GAME.encode(state, 1 - seat)  # its hand was dealt anew


def test_the_blocks_flag_hands_table_battle_and_scalars() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"], ["training"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    s.hand(GOOD, "actions", ["charge", "charge", "ring"])
    s.hand(EVIL, "actions", ["volley"])
    s.engagement(GOOD, guan_yu, xiahou_dun)
    good = GAME.encode(s.state, GOOD)
    assert len(good) == GAME.observation_size(CONFIG) == enc.SIZE
    assert count(good, enc.HAND, "charge") == 2 and count(good, enc.HAND, "ring") == 1
    charges = [c for c in s.state.sides[GOOD].actions if CARDS[c].key == "charge"]
    assert [good[enc.HAND + c] for c in charges] == [1, 1]  # each copy by its id
    assert count(good, enc.HAND, "volley") == 0  # Evil's hand is not Good's to see
    assert count(good, enc.MINE, "guan_yu") == 1 and count(good, enc.MINE, "training") == 1
    assert count(good, enc.THEIRS, "xiahou_dun") == 1 and count(good, enc.THEIRS, "spears") == 1
    lslot = enc.LEADER_KEYS.index
    assert good[enc.ATTACKING + lslot("guan_yu")] == 1 and good[enc.DEFENDING + lslot("xiahou_dun")] == 1
    assert good[enc.FIGHTING_MINE + lslot("guan_yu")] == 1
    assert good[enc.FIGHTING_THEIRS + lslot("xiahou_dun")] == 1
    scalars = dict(zip(enc.SCALAR_NAMES, good[enc.REST:], strict=True))
    assert scalars["my_actions"] == 3 and scalars["their_actions"] == 1 and scalars["i_attack"] == 1
    # Evil sees the same table from its side
    evil = GAME.encode(s.state, EVIL)
    assert count(evil, enc.MINE, "xiahou_dun") == 1 and count(evil, enc.THEIRS, "guan_yu") == 1
    assert count(evil, enc.HAND, "volley") == 1 and count(evil, enc.HAND, "charge") == 0
    assert dict(zip(enc.SCALAR_NAMES, evil[enc.REST:], strict=True))["i_attack"] == 0


def test_a_played_card_moves_from_the_hand_to_the_played_block() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["cavalry"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    s.hand(GOOD, "actions", ["charge"])
    s.hand(EVIL, "actions", ["ring"])  # so that Evil answers and the engagement goes on
    s.engagement(GOOD, guan_yu, xiahou_dun)
    charge = next(c for c in s.state.sides[GOOD].actions if CARDS[c].key == "charge")
    if s.decider() == EVIL:  # the defender plays first
        s.play(EVIL, "pass")
    before = GAME.encode(s.state, GOOD)
    assert count(before, enc.HAND, "charge") == 1 and count(before, enc.PLAYED_MINE, "charge") == 0
    play = next(a for a in s.legal(GOOD) if f"card={charge}" in a)
    s.play(GOOD, play)
    after = GAME.encode(s.state, GOOD)
    assert count(after, enc.HAND, "charge") == 0 and count(after, enc.PLAYED_MINE, "charge") == 1
    assert GAME.encode(s.state, EVIL)[enc.PLAYED_THEIRS + charge] == 1


def test_the_opponents_cards_a_seat_has_seen_are_in_its_view_and_its_observation() -> None:
    """After Ma Chao scouts, Good's view and observation show Evil's action hand as seen, and
    Evil's show which of its cards Good has seen; a seen card that leaves the hand is dropped."""
    from tests.kessen.scenario import action_segment

    s = Scenario()
    s.unit(GOOD, "ma_chao", ["swords"])
    s.unit(EVIL, "xiahou_dun", ["spears"])
    action_segment(s, attacker=GOOD)
    seen = sorted(s.state.sides[EVIL].actions)
    assert seen
    good, evil = GAME.view(s.state, GOOD), GAME.view(s.state, EVIL)
    assert good["seen"] == {"theirs": seen, "yours": []}
    assert evil["seen"] == {"theirs": [], "yours": seen}
    flagged = [c for c in range(enc.C) if GAME.encode(s.state, GOOD)[enc.SEEN_THEIRS + c]]
    assert flagged == seen
    assert [c for c in range(enc.C) if GAME.encode(s.state, EVIL)[enc.SEEN_MINE + c]] == seen
    assert not any(GAME.encode(s.state, GOOD)[enc.SEEN_MINE:enc.SEEN_MINE + enc.C])
    # one of them leaves Evil's hand (to the discard pile, in sight of both): no longer "seen"
    gone = seen[0]
    s.state.sides[EVIL].actions.remove(gone)
    s.state.action_discard.append(gone)
    s.state.cache = None
    assert GAME.view(s.state, GOOD)["seen"]["theirs"] == seen[1:]
    assert not GAME.encode(s.state, GOOD)[enc.SEEN_THEIRS + gone]
    # nobody else's view learns anything from it
    assert "seen" not in GAME.view(s.state, None)
