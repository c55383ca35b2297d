"""More rule-by-rule scenarios: sieges at every level, Lords, war machines, the neutral army."""

from __future__ import annotations

import random

import pytest

from tests.kasl.scenario import dice, empty, legal, on, play, put
from warroom.games.kasl import core
from warroom.games.kasl.board import CITY, LORD
from warroom.games.kasl.rules import GAME

GREEN, RED = 0, 1


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_siege_keeps_the_level_of_every_stronghold(level: int) -> None:
    s = empty()
    put(s, 2, GREEN, inf=2, wm=2)  # war machines: no stronghold dice (CV 6: 3 dice)
    put(s, 3, RED, inf=1, level=level)
    dice(s, 6, 1, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["hits"] == [1, 0] and len(s.last_combat["defence_dice"]) == 2
    play(s, GREEN, "pick unit=0", "done")
    assert on(s, 3)["owner"] == GREEN and on(s, 3)["level"] == level
    assert s.supply[RED][CITY:CITY + 3] == [4, 4, 4]
    assert s.supply[GREEN][CITY:CITY + 3] == [4 - (level >= 1), 4 - (level >= 2), 4 - (level >= 3)]


def test_a_vacant_stronghold_is_besieged_without_dice() -> None:
    s = empty()
    put(s, 2, GREEN, inf=3)
    put(s, 3, RED, level=2)  # a stronghold whose units are all gone
    dice(s, 1, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["how"] == "vacant"
    play(s, GREEN, "pick unit=0", "done")
    assert on(s, 3)["owner"] == GREEN and on(s, 3)["level"] == 2


def test_the_war_machine_advantage_goes_with_the_war_machine() -> None:
    s = empty()
    put(s, 2, GREEN, inf=3, wm=1)
    put(s, 3, RED, inf=1, arch=1, level=2)
    dice(s, 1, 1, 1, 5, 6, 1)  # the defence hits twice: it removes the war machine (CV 2)
    play(s, GREEN, "attack from=2 to=3")
    assert len(s.last_combat["defence_dice"]) == 3
    play(s, GREEN, "pick unit=3")
    assert on(s, 2)["units"] == [3, 0, 0, 0]
    dice(s, *([2] * 8))
    play(s, GREEN, "attack from=2 to=3")
    assert len(s.last_combat["defence_dice"]) == 3 + 2 and s.last_combat["war_machine"] is False


def test_only_one_lord_per_turn_and_never_on_an_empty_territory() -> None:
    s = empty(step="turn")
    for t in (3, 4, 5, 11, 12, 13, 19, 20, 27, 28, 35, 36, 44):  # Brévine and Dornach complete
        put(s, t, GREEN, inf=1)
    put(s, 3, GREEN, level=1)
    s.units[43] = [0, 0, 0, 0]  # 44 holds only its fortress: no unit to escort a Lord
    put(s, 44, GREEN, level=2)
    s.supply[GREEN][1] = 0  # and no archers left for the fortress to recruit
    s.step = "turn"
    GAME._advance(s, [])
    spots = [int(a.split("=")[1]) for a in legal(s, GREEN)]
    assert 44 not in spots and {3, 13, 19, 36} <= set(spots)
    play(s, GREEN, "pick territory=19")
    assert s.step == "strategic" and sum(s.lord) == 1 and s.supply[GREEN][LORD] == 3


def test_automatic_recruitment_stops_when_the_supply_is_empty() -> None:
    s = empty(step="turn")
    put(s, 1, GREEN, inf=1, level=2)
    s.supply[GREEN][1] = 0
    s.step = "turn"
    GAME._advance(s, [])
    assert on(s, 1)["units"] == [1, 0, 0, 0]


def test_redeploying_units_never_moves_the_lord() -> None:
    s = empty(step="redeploy")
    put(s, 1, GREEN, inf=2, lord=1, level=1)
    put(s, 2, GREEN, inf=1)
    s.left = 1
    play(s, GREEN, "move from=1 to=2")
    assert legal(s, GREEN) == ["pick unit=0"]


def test_the_fiefdom_mission_counts_with_the_plague_in_the_fiefdom() -> None:
    s = empty(players=2, advanced=True, reserve=False)
    for t in (25, 33, 34, 41, 42):
        put(s, t, GREEN, inf=1)
    s.plague[42] = 1  # 43
    s.missions = [[32, 0], []]  # 33 (Faucigny) and 1
    assert core.mission_points(s, GREEN) == (0, 5)


def test_a_player_without_territories_is_skipped() -> None:
    s = empty(step="turn", reserve=False)
    put(s, 30, RED, inf=1, level=1)
    s.order = [GREEN, RED]
    s.step = "turn"
    events: list[object] = []
    GAME._advance(s, events)  # type: ignore[arg-type]
    assert GAME.deciders(s) == [RED]
    assert any(getattr(e, "kind", "") == "skip" for e in events)


def test_the_neutral_army_never_decides_in_a_whole_game() -> None:
    s = GAME.new(GAME.configure(2), 21)
    r = random.Random(21)
    seen = set()
    while GAME.result(s) is None:
        p = GAME.deciders(s)[0]
        seen.add(p)
        GAME.apply(s, p, r.choice(GAME.legal_actions(s, p)))
    assert seen == {0, 1}
    assert GAME.result(s).winners  # type: ignore[union-attr]
