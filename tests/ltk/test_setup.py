"""Set-up: roles, the Monarch's bonus, general selection, the deck and the first hands."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.ltk.scenario import GAME
from warroom.engine import ConfigError
from warroom.games.ltk.cards import EX, KIND, RANK, SUIT, deck_ids
from warroom.games.ltk.generals import GENERALS, LORDS

EXPECTED_ROLES = {
    2: (1, 0, 1, 0), 3: (1, 0, 1, 1), 4: (1, 1, 1, 1), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1),
    7: (1, 2, 3, 1), 8: (1, 2, 4, 1), 9: (1, 3, 4, 1), 10: (1, 3, 4, 2),
}


def choose_all(state, pick=0):  # type: ignore[no-untyped-def]
    while state.stage in ("lord", "pick"):
        p = GAME.deciders(state)[0]
        GAME.apply(state, p, GAME.legal_actions(state, p)[pick])


@pytest.mark.parametrize("players", range(2, 11))
def test_role_counts_follow_the_fact_sheet(players: int) -> None:
    state = GAME.new(GAME.configure(players), 3)
    c = Counter(s.role for s in state.seats)
    assert (c["monarch"], c["minister"], c["rebel"], c["defector"]) == EXPECTED_ROLES[players]


def test_the_alternative_ten_player_table_has_five_rebels() -> None:
    state = GAME.new(GAME.configure(10, options={"ten_player_roles": "1/3/5/1"}), 3)
    c = Counter(s.role for s in state.seats)
    assert (c["monarch"], c["minister"], c["rebel"], c["defector"]) == (1, 3, 5, 1)
    with pytest.raises(ConfigError):
        GAME.new(GAME.configure(10, options={"ten_player_roles": "2/2/2/2"}), 3)


def test_only_the_monarch_is_revealed_and_takes_the_first_turn() -> None:
    state = GAME.new(GAME.configure(6), 11)
    monarch = next(i for i, s in enumerate(state.seats) if s.role == "monarch")
    assert [s.revealed for s in state.seats] == [i == monarch for i in range(6)]
    assert GAME.deciders(state) == [monarch]
    choose_all(state)
    assert state.current == monarch and state.phase == "action"


def test_the_monarch_chooses_from_the_three_lords_and_two_others_in_public() -> None:
    state = GAME.new(GAME.configure(5), 2)
    monarch = state.current
    offers = state.seats[monarch].offers
    assert offers[:3] == list(LORDS) and len(offers) == 5 and not GENERALS[offers[3]].lord
    other = (monarch + 1) % 5
    assert GAME.view(state, other)["seats"][monarch]["offers"] == offers
    GAME.apply(state, monarch, "choose general=sun_quan")
    assert state.seats[monarch].general == "sun_quan"
    # everyone sees the Monarch's general before choosing their own
    assert GAME.view(state, other)["seats"][monarch]["general"] == "sun_quan"


@pytest.mark.parametrize(("players", "offered"), [(5, 3), (9, 3), (10, 2)])
def test_others_choose_secretly_from_three_offers_two_at_ten(players: int, offered: int) -> None:
    state = GAME.new(GAME.configure(players), 5)
    GAME.apply(state, state.current, "choose general=liu_bei")
    others = [i for i in range(players) if i != state.current]
    assert sorted(GAME.deciders(state)) == others
    assert all(len(state.seats[i].offers) == offered for i in others)
    offered_all = [g for i in others for g in state.seats[i].offers]
    assert len(set(offered_all)) == len(offered_all) and "liu_bei" not in offered_all
    a, b = others[0], others[1]
    GAME.apply(state, a, GAME.legal_actions(state, a)[0])
    # a's choice stays secret: b sees only that a has chosen
    seen = GAME.view(state, b)["seats"][a]
    assert seen["general"] == "" and seen["chosen"] is True
    assert "offers" not in seen and GAME.view(state, b)["offers"] == state.seats[b].offers
    choose_all(state)
    assert all(s.general for s in state.seats) and state.stage == "play"


@pytest.mark.parametrize(("players", "bonus"), [(4, 0), (5, 1), (10, 1)])
def test_the_monarch_gets_one_more_health_from_five_players(players: int, bonus: int) -> None:
    state = GAME.new(GAME.configure(players), 9)
    GAME.apply(state, state.current, "choose general=cao_cao")
    monarch = state.seats[state.current]
    assert monarch.max_hp == monarch.hp == 4 + bonus
    choose_all(state)
    for s in state.seats:
        if s.role != "monarch":
            assert s.max_hp == s.hp == GENERALS[s.general].hp


def test_every_player_starts_with_four_cards_and_the_monarch_draws_two() -> None:
    state = GAME.new(GAME.configure(4), 1)
    choose_all(state)
    sizes = [len(s.hand) for s in state.seats]
    assert sizes[state.current] == 6 and sorted(sizes) == [4, 4, 4, 6]
    assert len(state.draw) == 108 - 18


def test_the_deck_has_108_cards_with_exact_suits_and_ranks() -> None:
    ids = deck_ids(True)
    assert len(ids) == 108 and sum(EX) == 4
    counts = Counter(KIND[c] for c in ids)
    assert (counts["slash"], counts["jink"], counts["peach"], counts["nullification"]) == (30, 15, 8, 4)
    assert Counter(SUIT[c] for c in deck_ids(False)) == {"spade": 26, "heart": 26, "club": 26, "diamond": 26}
    ex = sorted((KIND[c], SUIT[c], RANK[c]) for c in ids if EX[c])
    assert ex == [("ice_sword", "spade", 2), ("lightning", "heart", 12), ("nioh_shield", "club", 2),
                  ("nullification", "diamond", 12)]
    negates = sorted((SUIT[c], RANK[c]) for c in deck_ids(False) if KIND[c] == "nullification")
    assert negates == [("club", 12), ("club", 13), ("spade", 11)]


def test_without_ex_the_deck_has_104_cards() -> None:
    state = GAME.new(GAME.configure(4, options={"ex": 0}), 1)
    assert len(state.draw) == 104 and not any(EX[c] for c in state.draw)


def test_extra_generals_can_be_left_out() -> None:
    for seed in range(10):
        state = GAME.new(GAME.configure(9, options={"extra_generals": 0}), seed)
        GAME.apply(state, state.current, "choose general=cao_cao")
        offered = {g for s in state.seats for g in s.offers}
        assert not offered & {"xun_yu", "cao_ren", "zhou_tai"}


def test_a_general_that_was_not_offered_is_refused_in_one_line() -> None:
    state = GAME.new(GAME.configure(5), 2)
    with pytest.raises(Exception, match="offered") as err:
        GAME.apply(state, state.current, "choose general=lu_bu" if "lu_bu" not in state.seats[state.current].offers
                   else "choose general=diao_chan")
    assert "\n" not in str(err.value)
