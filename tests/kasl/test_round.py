"""Preparation and steps 1-6, 8, 9 of a round, the end of the game and the advanced rules."""

from __future__ import annotations

import pytest

from tests.kasl.scenario import dice, empty, legal, on, play, put
from warroom.engine import Event
from warroom.games.kasl import core, rules
from warroom.games.kasl.board import ARCH, CITY, INF, recruits
from warroom.games.kasl.rules import GAME

GREEN, RED, BLUE, YELLOW = 0, 1, 2, 3


# ----- preparation -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_preparation_deals_equal_piles_with_infantry_then_city_archers_and_lord(players: int) -> None:
    s, events = GAME.start(GAME.configure(players), 3)
    per = 48 // players
    assert GAME.deciders(s) == [s.order[0]]
    # everyone places a fortified city, three archers and a Lord, in the order of the die
    bot = 0
    while s.step == "setup" or s.frames:
        p = GAME.deciders(s)[0]
        play(s, p, legal(s, p)[bot % len(legal(s, p))])
        bot += 1
    for p in range(players):
        mine = [t for t in range(48) if s.owner[t] == p]
        assert len(mine) == per
        # the first player's fortified city has already recruited its infantry of round 1
        assert sum(s.units[t][INF] for t in mine) == per + (p == s.current)
        assert sum(s.units[t][ARCH] for t in mine) == 3
        assert sum(s.lord[t] for t in mine) == 1
        assert sum(1 for t in mine if s.level[t] == 1) == 1
    deal = [e for e in events if e.kind == "deal"]
    assert len(deal) == players


def test_the_lowest_die_places_first_and_ties_are_thrown_again() -> None:
    s = empty(players=3)
    events: list[Event] = []
    dice(s, 4, 2, 2, 5, 3)
    assert rules._ranked(s, [0, 1, 2], dict.fromkeys(range(3), 0), events, "placement") == [2, 1, 0]


def test_two_players_share_the_board_with_a_neutral_third_pile() -> None:
    s = GAME.new(GAME.configure(2), 9)
    assert [s.owner.count(p) for p in (0, 1, 2)] == [16, 16, 16]
    assert 2 not in s.order


# ----- 1. order of play ----------------------------------------------------------------------
def _order(s: rules.KaslState) -> list[int]:
    s.round = 0
    rules._start_round(s, [])
    return s.order


def test_the_smallest_principal_kingdom_plays_first() -> None:
    s = empty(players=3, reserve=False)
    put(s, 1, GREEN, inf=1, level=1)
    put(s, 2, GREEN, inf=1)
    put(s, 9, GREEN, inf=1)
    put(s, 20, RED, inf=1, level=1)
    put(s, 5, BLUE, inf=1, level=1)
    put(s, 6, BLUE, inf=1)
    assert _order(s) == [RED, BLUE, GREEN]


def test_without_a_stronghold_the_largest_group_counts() -> None:
    s = empty(players=2, reserve=False)
    put(s, 1, GREEN, inf=1)
    put(s, 2, GREEN, inf=1)
    put(s, 20, RED, inf=1, level=1)
    assert core.order_size(s, GREEN) == 2 and len(core.principal(s, GREEN)) == 0
    assert _order(s) == [RED, GREEN]


def test_ties_go_to_the_lower_stronghold_then_fewer_strongholds_then_fewer_lords_then_the_die() -> None:
    s = empty(players=2, reserve=False)
    put(s, 1, GREEN, inf=1, level=2)
    put(s, 20, RED, inf=1, level=1)
    assert _order(s) == [RED, GREEN]
    s = empty(players=2, reserve=False)
    put(s, 1, GREEN, inf=1, level=1)
    put(s, 2, GREEN, inf=1, level=1)
    put(s, 20, RED, inf=1, level=1)
    put(s, 21, RED, inf=1)
    assert _order(s) == [RED, GREEN]
    s = empty(players=2, reserve=False)
    put(s, 1, GREEN, inf=1, level=1)
    put(s, 20, RED, inf=1, level=1, lord=1)
    assert _order(s) == [GREEN, RED]
    s = empty(players=2, reserve=False)
    put(s, 1, GREEN, inf=1, level=1)
    put(s, 20, RED, inf=1, level=1)
    dice(s, 5, 2)
    assert _order(s) == [RED, GREEN]


# ----- 2-3. the black plague ---------------------------------------------------------------------
def test_the_plague_appears_on_a_number_of_the_round_square() -> None:
    s = empty(players=2, reserve=False)
    for t in range(1, 49):
        put(s, t, GREEN if t % 2 else RED, inf=1)
    put(s, 1, GREEN, level=1)  # no tie in the order of play (it would throw dice)
    s.round = 1  # round 2: the square shows 6
    events: list[Event] = []
    dice(s, 6)
    rules._start_round(s, events)
    hit = [t for t in range(48) if s.plague[t]]
    assert len(hit) == 1 and s.plague_round == 2
    assert s.owner[hit[0]] == -1 and s.units[hit[0]] == [0, 0, 0, 0]
    assert s.supply[GREEN][INF] + s.supply[RED][INF] == 80 - 47


def test_the_plague_stays_away_on_other_numbers_and_never_in_round_one() -> None:
    s = empty(players=2, reserve=False)
    s.round = 1
    dice(s, 5)
    rules._start_round(s, [])
    assert not any(s.plague)
    s = empty(players=2, reserve=False)
    s.round = 0
    dice(s, 6)
    events: list[Event] = []
    rules._start_round(s, events)
    assert not any(s.plague) and [e.data["numbers"] for e in events if e.kind == "plague_roll"] == [[]]


def test_the_plague_spreads_on_a_1_across_a_river() -> None:
    s = empty(players=2, reserve=False)
    put(s, 5, RED, inf=2, level=1)
    put(s, 48, GREEN, inf=1)  # no tie in the order of play
    s.plague[3] = 1  # territory 4; 4-5 is a river without a bridge
    s.plague_round, s.round, s.markers = 1, 1, 1
    dice(s, 6, 1, 6, 6)  # neighbours of 4 in order: 3, 5, 11, 12
    events: list[Event] = []
    rules._start_round(s, events)
    assert on(s, 5)["plague"] == 1 and on(s, 5)["owner"] == -1
    assert s.supply[RED][CITY] == 4
    rolled = next(e for e in events if e.kind == "spread_roll").data["rolls"]
    assert [t for t, _ in rolled] == [3, 5, 11, 12]


def test_the_plague_does_not_cross_mountains() -> None:
    s = empty(players=2, reserve=False)
    put(s, 48, GREEN, inf=1)  # no tie in the order of play
    s.plague[28] = 1  # territory 29: mountains towards 21, 22 and 38
    s.plague_round, s.round = 1, 1
    events: list[Event] = []
    dice(s, 1, 1, 1)
    rules._start_round(s, events)
    rolled = next(e for e in events if e.kind == "spread_roll").data["rolls"]
    assert [t for t, _ in rolled] == [28, 30, 37]
    assert [t + 1 for t in range(48) if s.plague[t]] == [28, 29, 30, 37]


def test_a_plagued_territory_cannot_be_entered() -> None:
    s = empty()
    put(s, 2, GREEN, inf=3)
    s.plague[2] = 1
    assert not any(a.endswith(" to=3") for a in legal(s, GREEN))


# ----- 4. automatic recruitment -------------------------------------------------------------------
def _turn(s: rules.KaslState) -> None:
    s.step = "turn"
    GAME._advance(s, [])


def test_each_stronghold_recruits_its_unit_on_its_territory() -> None:
    s = empty(step="turn")
    put(s, 1, GREEN, inf=1, level=1)
    put(s, 3, GREEN, inf=1, level=2)
    put(s, 5, GREEN, inf=1, level=3)
    _turn(s)
    assert on(s, 1)["units"] == [2, 0, 0, 0]
    assert on(s, 3)["units"] == [1, 1, 0, 0]
    assert on(s, 5)["units"] == [1, 0, 1, 0]
    assert s.step == "strategic"


def test_without_a_stronghold_you_build_a_city_with_archers_and_a_lord() -> None:
    s = empty(step="turn")
    put(s, 1, GREEN, inf=1)
    _turn(s)
    assert legal(s, GREEN) == ["pick territory=1", "pick territory=47"]
    play(s, GREEN, "pick territory=1")
    assert on(s, 1) == {"owner": GREEN, "units": [1, 1, 0, 0], "lord": 1, "level": 1, "plague": 0}


# ----- 5. service of a Lord --------------------------------------------------------------------------
def test_a_complete_fiefdom_brings_a_lord_where_you_choose() -> None:
    s = empty(step="turn")
    for t in (3, 4, 5, 11, 12, 13):
        put(s, t, GREEN, inf=1)
    put(s, 3, GREEN, level=1)
    s.plague[12] = 1  # 13 is plagued: the fiefdom still counts
    s.owner[12], s.units[12] = -1, [0, 0, 0, 0]
    _turn(s)
    assert legal(s, GREEN) == [f"pick territory={t}" for t in (3, 4, 5, 11, 12)]
    play(s, GREEN, "pick territory=11")
    assert on(s, 11)["lord"] == 1 and s.step == "strategic"


def test_no_lord_beyond_four_on_the_board() -> None:
    s = empty(step="turn")
    for t in (3, 4, 5, 11, 12, 13):
        put(s, t, GREEN, inf=1)
    put(s, 3, GREEN, level=1)
    for t in (3, 4, 5, 11):
        put(s, t, GREEN, lord=1)
    assert rules.lord_spots(s, GREEN) == []


# ----- 6. strategic choice --------------------------------------------------------------------------
CHART = {  # the rulebook's recruitment chart: size band -> level 1, 2, 3 (I/A/C/W)
    (1, 4): ([1, 1, 0, 0], [0, 1, 1, 0], [0, 0, 1, 1]),
    (5, 8): ([2, 1, 0, 0], [1, 1, 1, 0], [0, 1, 1, 1]),
    (9, 12): ([2, 2, 0, 0], [1, 2, 1, 0], [1, 1, 1, 1]),
    (13, 16): ([3, 2, 0, 0], [2, 2, 1, 0], [1, 2, 1, 1]),
    (17, 20): ([3, 3, 0, 0], [2, 2, 2, 0], [2, 2, 1, 1]),
    (21, 24): ([4, 3, 0, 0], [2, 3, 2, 0], [2, 2, 2, 1]),
}


@pytest.mark.parametrize("band", sorted(CHART))
def test_the_recruitment_chart_at_every_kingdom_size(band: tuple[int, int]) -> None:
    for size in range(band[0], band[1] + 1):
        for level in (1, 2, 3):
            assert recruits(size, level) == CHART[band][level - 1]


def test_recruitment_reads_the_kingdom_and_the_highest_stronghold_anywhere() -> None:
    s = empty(step="strategic")
    for t in (1, 2, 9, 10, 17):  # a kingdom of 5 with a city
        put(s, t, GREEN, inf=1)
    put(s, 1, GREEN, level=1)
    put(s, 33, GREEN, inf=1, level=2)  # a fortress apart from it
    # size 5 (the 5 of the kingdom; 33 and 47 stand apart), level 2: 1 I, 1 A, 1 C
    events = play(s, GREEN, "recruit")
    rec = next(e for e in events if e.kind == "recruit").data
    assert rec["kingdom"] == 5 and rec["level"] == 2 and rec["units"] == [1, 1, 1, 0]
    assert GAME.decisions(s)[0].kind == "select:recruit:infantry"
    while s.frames:
        play(s, GREEN, "pick territory=2")
    assert on(s, 2)["units"] == [2, 1, 1, 0]


def test_recruitment_makes_do_with_the_units_left() -> None:
    s = empty(step="strategic")
    put(s, 1, GREEN, inf=1, level=1)
    s.supply[GREEN][ARCH] = 0
    events = play(s, GREEN, "recruit")
    rec = next(e for e in events if e.kind == "recruit").data
    assert rec["chart"] == [1, 1, 0, 0] and rec["units"] == [1, 0, 0, 0]


def test_fortifying_raises_the_level_and_brings_infantry() -> None:
    s = empty(step="strategic")
    put(s, 1, GREEN, inf=1, level=1)
    play(s, GREEN, "fortify territory=1")
    assert on(s, 1)["level"] == 2 and on(s, 1)["units"] == [2, 0, 0, 0]
    assert s.supply[GREEN][CITY + 1] == 3


def test_a_new_fortified_city_brings_archers_and_four_is_the_most() -> None:
    s = empty(step="strategic")
    put(s, 1, GREEN, inf=1, level=1)
    put(s, 2, GREEN, inf=1)
    play(s, GREEN, "build territory=2")
    assert on(s, 2)["level"] == 1 and on(s, 2)["units"] == [1, 1, 0, 0]
    s = empty(step="strategic")
    for t in (1, 2, 3, 4):
        put(s, t, GREEN, inf=1, level=1)
    put(s, 9, GREEN, inf=1)
    assert not any(a.startswith("build") for a in legal(s, GREEN))


# ----- 8-9. redeployment ---------------------------------------------------------------------------
def test_redeployments_are_limited_by_the_strongholds_and_leave_a_unit() -> None:
    s = empty(step="attack")
    put(s, 1, GREEN, inf=3, level=1)
    put(s, 2, GREEN, inf=1)
    put(s, 30, RED, inf=1, level=1)  # Blue's turn comes next and waits on its choice
    play(s, GREEN, "end")
    assert s.step == "redeploy" and s.left == 1
    play(s, GREEN, "move from=1 to=2")
    assert legal(s, GREEN) == ["pick unit=0"]  # the first unit must go
    play(s, GREEN, "pick unit=0", "pick unit=0")
    assert on(s, 1)["units"] == [1, 0, 0, 0] and on(s, 2)["units"] == [3, 0, 0, 0]
    assert s.step != "redeploy"  # one stronghold: one redeployment


def test_lords_redeploy_to_an_adjacent_territory_with_units() -> None:
    s = empty(step="lords")
    put(s, 1, GREEN, inf=1, lord=1, level=1)
    put(s, 2, GREEN, inf=1)
    put(s, 9, GREEN, level=1)
    s.units[8] = [0, 0, 0, 0]
    s.left = 2
    assert legal(s, GREEN) == ["lord from=1 to=2", "end"]
    play(s, GREEN, "lord from=1 to=2")
    assert on(s, 2)["lord"] == 1 and on(s, 1)["lord"] == 0


# ----- end of the game ----------------------------------------------------------------------------
def test_the_final_count_and_its_tie_breaks() -> None:
    s = empty(players=2, reserve=False)
    put(s, 1, GREEN, inf=1, level=3, lord=1)
    put(s, 2, GREEN, inf=1)
    put(s, 6, RED, inf=1, level=1)
    for t in (7, 8, 14, 15):
        put(s, t, RED, inf=1)
    scores = [core.score(s, p) for p in (GREEN, RED)]
    assert scores[GREEN] == {"kingdom": 2, "strongholds": 6, "lords": 2, "stronghold_mission": 0,
                           "fiefdom_mission": 0, "total": 10}
    assert scores[RED]["total"] == 5 + 2
    assert core.winners_of(s, scores) == [GREEN]
    # equal VP: the larger kingdom wins
    tied = [dict(scores[0], total=9), dict(scores[1], total=9)]
    assert core.winners_of(s, tied) == [RED]
    # equal VP and kingdom: more stronghold levels; still equal: shared
    tied = [dict(scores[0], total=9, kingdom=5), dict(scores[1], total=9, kingdom=5)]
    assert core.winners_of(s, tied) == [GREEN]
    s.level[0] = 1
    assert core.winners_of(s, tied) == [GREEN, RED]


def test_a_game_ends_after_round_eight_with_a_result() -> None:
    s = GAME.new(GAME.configure(4), 2)
    import random

    r = random.Random(2)
    while GAME.result(s) is None:
        p = GAME.deciders(s)[0]
        GAME.apply(s, p, r.choice(GAME.legal_actions(s, p)))
    res = GAME.result(s)
    assert res is not None and s.round == 8 and res.winners
    assert set(res.scores["vp"]) == {"green", "red", "blue", "yellow"}


# ----- advanced rules ---------------------------------------------------------------------------------
def test_two_secret_mission_cards_each() -> None:
    s = GAME.new(GAME.configure(3, ["advanced"]), 4)
    assert s.missions == [[], [], []]  # dealt once every army is placed
    while s.step == "setup":
        p = GAME.deciders(s)[0]
        play(s, p, legal(s, p)[0])
    assert all(len(m) == 2 for m in s.missions)
    assert GAME.view(s, GREEN)["missions"] == [t + 1 for t in s.missions[GREEN]]
    assert "missions" not in GAME.view(s, None)
    assert str(s.missions[RED][0] + 1) not in str(GAME.view(s, GREEN).get("missions"))


@pytest.mark.parametrize(("level", "vp"), [(1, 10), (2, 15), (3, 20)])
def test_the_stronghold_mission(level: int, vp: int) -> None:
    s = empty(players=2, advanced=True, reserve=False)
    s.missions = [[0, 40], []]
    put(s, 1, GREEN, inf=1, level=level)
    assert core.mission_points(s, GREEN) == (vp, 0)


def test_the_fiefdom_mission_and_one_card_per_mission() -> None:
    s = empty(players=2, advanced=True, reserve=False)
    for t in (3, 4, 5, 11, 12, 13):
        put(s, t, GREEN, inf=1)
    put(s, 3, GREEN, level=2)
    s.missions = [[2, 40], []]  # only card 3: it serves one mission, the best
    assert core.mission_points(s, GREEN) == (15, 0)
    s.missions = [[2, 3], []]  # 3 and 4: the fortress on one, the fiefdom on the other
    assert core.mission_points(s, GREEN) == (15, 5)
    s.level[2] = 0
    assert core.mission_points(s, GREEN) == (0, 5)


def test_the_smallest_kingdom_may_declare_the_plague_once_by_sacrificing_a_card() -> None:
    s = empty(players=2, advanced=True, reserve=False)
    put(s, 1, GREEN, inf=1, level=1)
    for t in (6, 7, 8):
        put(s, t, RED, inf=1)
    put(s, 6, RED, level=1)
    s.missions = [[21, 40], [5, 6]]
    s.round, s.step = 0, "round"
    GAME._advance(s, [])
    assert s.step == "declare" and GAME.deciders(s) == [GREEN]
    assert legal(s, GREEN) == ["plague card=22", "plague card=41", "pass"]
    play(s, GREEN, "plague card=22")
    assert on(s, 22)["plague"] == 1 and on(s, 22)["owner"] == -1
    assert s.sacrificed[GREEN] == [21] and s.declared_by == GREEN
    assert core.mission_points(s, GREEN) == (0, 0)
    s.round, s.step, s.frames = 1, "round", []
    events: list[Event] = []
    rules._start_round(s, events)
    assert s.step == "turn"  # never a second time
    assert not any(e.kind == "plague_roll" for e in events)
