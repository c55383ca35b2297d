"""Step 7 of a round, rule by rule: the dice, every modifier, losses, capture, sieges, vacancy."""

from __future__ import annotations

from typing import Any

import pytest

from tests.kasl.scenario import dice, empty, legal, on, play, put
from warroom.engine import IllegalAction
from warroom.games.kasl.board import CITY, LORD
from warroom.games.kasl.rules import GAME

GREEN, RED = 0, 1


def test_two_cv_or_less_throws_two_dice_on_each_side() -> None:
    s = empty()
    put(s, 2, GREEN, inf=2)
    put(s, 3, RED, inf=1)
    dice(s, 5, 6, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["attack_dice"] == [[5], [6]]
    assert s.last_combat["defence_dice"] == [[1], [1]]
    assert s.last_combat["hits"] == [2, 0]


def test_three_cv_or_more_throws_three_dice() -> None:
    s = empty()
    put(s, 2, GREEN, inf=3)
    put(s, 3, RED, inf=1, arch=1)
    dice(s, 1, 2, 3, 4, 4, 4)
    play(s, GREEN, "attack from=2 to=3")
    assert len(s.last_combat["attack_dice"]) == 3 and len(s.last_combat["defence_dice"]) == 3
    assert on(s, 3)["units"] == [1, 1, 0, 0] and on(s, 2)["units"] == [3, 0, 0, 0]


def test_a_lord_adds_an_attack_die_and_throws_1s_again() -> None:
    s = empty()
    put(s, 2, GREEN, inf=2, lord=1)
    put(s, 3, RED, inf=1)
    dice(s, 1, 1, 4, 2, 3, 1, 4)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["attack_dice"] == [[1, 1, 4], [2], [3]]
    assert s.last_combat["defence_dice"] == [[1], [4]]  # no Lord: the defender's 1 stands


def test_a_defending_lord_throws_1s_again_but_adds_no_die() -> None:
    s = empty()
    put(s, 2, GREEN, inf=2)
    put(s, 3, RED, inf=2, lord=1)
    dice(s, 2, 2, 1, 5, 3)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["defence_dice"] == [[1, 5], [3]]
    assert s.last_combat["hits"] == [0, 1]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_stronghold_adds_a_defence_die_per_level(level: int) -> None:
    s = empty()
    put(s, 2, GREEN, inf=2)
    put(s, 3, RED, inf=1, level=level)
    dice(s, *([2] * (4 + level)))
    play(s, GREEN, "attack from=2 to=3")
    assert len(s.last_combat["defence_dice"]) == 2 + level


def test_a_war_machine_cancels_the_stronghold_dice() -> None:
    s = empty()
    put(s, 2, GREEN, inf=1, wm=1)
    put(s, 3, RED, inf=1, level=3)
    dice(s, 2, 2, 2, 2, 2)
    play(s, GREEN, "attack from=2 to=3")
    assert len(s.last_combat["attack_dice"]) == 3  # CV 3
    assert len(s.last_combat["defence_dice"]) == 2 and s.last_combat["war_machine"] is True


def test_only_5s_and_6s_hit() -> None:
    s = empty()
    put(s, 2, GREEN, inf=3)
    put(s, 3, RED, inf=3)
    dice(s, 3, 5, 6, 2, 4, 6)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["hits"] == [2, 1]
    assert on(s, 3)["units"] == [1, 0, 0, 0] and on(s, 2)["units"] == [2, 0, 0, 0]


def test_a_loss_removes_only_a_unit_whose_value_fits() -> None:
    """Rulebook: 1 CV lost with archers and cavalry on the territory costs no unit."""
    s = empty()
    put(s, 2, GREEN, inf=2)
    put(s, 3, RED, arch=1, cav=1)
    dice(s, 6, 1, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["hits"] == [1, 0]
    assert on(s, 3)["units"] == [0, 1, 1, 0]


def test_two_hits_on_infantry_and_archers_remove_the_archers() -> None:
    """Issue 34, item 8: the loss takes the largest combat value the hits allow; the infantry
    alone (1 of 2 hits) is not a choice, so nobody is asked."""
    s = empty()
    put(s, 2, GREEN, inf=3)
    put(s, 3, RED, inf=1, arch=1)
    dice(s, 5, 6, 1, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert RED not in GAME.deciders(s)
    assert on(s, 3)["units"] == [1, 0, 0, 0]
    assert s.supply[RED][1] == 20


def _three_hits_on_two_infantry_archers_and_cavalry() -> Any:
    s = empty()
    put(s, 2, GREEN, inf=3)
    put(s, 3, RED, inf=2, arch=1, cav=1)
    dice(s, 5, 6, 5, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    return s


def test_the_owner_chooses_among_the_losses_of_the_largest_value_only() -> None:
    """3 hits on 2 infantry, archers and cavalry: the cavalry, or an infantry with the archers
    (the rulebook's "1 infantry unit and 1 archers unit, or 1 cavalry unit"); 2 infantry (2 CV)
    fall short. Once an infantry is picked, the archers must follow."""
    s = _three_hits_on_two_infantry_archers_and_cavalry()
    assert GAME.deciders(s) == [RED]
    assert legal(s, RED) == ["pick unit=0", "pick unit=1", "pick unit=2"]
    play(s, RED, "pick unit=0")
    assert RED not in GAME.deciders(s)
    assert on(s, 3)["units"] == [1, 0, 1, 0]
    assert s.supply[RED][:3] == [40 - 1, 20, 12 - 1]


def test_the_cavalry_alone_is_a_whole_loss_of_three_hits() -> None:
    s = _three_hits_on_two_infantry_archers_and_cavalry()
    play(s, RED, "pick unit=2")
    assert on(s, 3)["units"] == [2, 1, 0, 0]


def test_hits_no_choice_can_absorb_are_lost() -> None:
    """2 hits on infantry and cavalry: the infantry goes, the cavalry (3) does not fit the hit left."""
    s = empty()
    put(s, 2, GREEN, inf=3)
    put(s, 3, RED, inf=1, cav=1)
    dice(s, 5, 6, 1, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert on(s, 3)["units"] == [0, 0, 1, 0]


def test_a_lord_left_alone_is_eliminated() -> None:
    s = empty()
    put(s, 2, GREEN, inf=2)
    put(s, 3, RED, inf=1, lord=1)
    dice(s, 6, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert on(s, 3)["lord"] == 0 and s.supply[RED][LORD] == 4


def test_cavalry_alone_takes_a_territory_without_a_stronghold_without_dice() -> None:
    s = empty()
    put(s, 2, GREEN, cav=2)
    put(s, 3, RED, inf=1, arch=2, wm=1)
    dice(s, 1, 1, 1, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["how"] == "cavalry" and "attack_dice" not in s.last_combat
    assert s.rng.dice == [1, 1, 1, 1, 1, 1]  # type: ignore[attr-defined]
    assert on(s, 3)["units"] == [0, 0, 0, 0]
    assert legal(s, GREEN) == ["pick unit=2", "done"]
    play(s, GREEN, "pick unit=2")
    assert on(s, 3) == {"owner": GREEN, "units": [0, 0, 1, 0], "lord": 0, "level": 0, "plague": 0}


def test_cavalry_alone_throws_dice_against_a_stronghold_or_cavalry() -> None:
    for defender in ({"inf": 1, "level": 1}, {"cav": 1}):
        s = empty()
        put(s, 2, GREEN, cav=2)
        put(s, 3, RED, **defender)
        dice(s, 2, 2, 2, 2, 2, 2)
        play(s, GREEN, "attack from=2 to=3")
        assert s.last_combat["how"] == "dice"


def test_a_lord_among_the_defenders_stops_a_cavalry_charge() -> None:
    """Issue 34, item 9: the charge needs a defender with nothing but infantry, archers or war
    machines; a Lord is more than that, so the dice are thrown."""
    s = empty()
    put(s, 2, GREEN, cav=2)
    put(s, 3, RED, inf=1, lord=1)
    dice(s, 2, 2, 2, 2, 2)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["how"] == "dice"
    assert s.last_combat["defence_dice"] == [[2], [2]]
    assert on(s, 3) == {"owner": RED, "units": [1, 0, 0, 0], "lord": 1, "level": 0, "plague": 0}


def test_a_lord_with_the_attacking_cavalry_stops_a_cavalry_charge() -> None:
    """The attacker must have "only cavalry units": his Lord is a unit too (docs/rules/kasl.md)."""
    s = empty()
    put(s, 2, GREEN, cav=2, lord=1)
    put(s, 3, RED, inf=1)
    dice(s, 2, 2, 2, 2, 2, 2)
    play(s, GREEN, "attack from=2 to=3")
    assert s.last_combat["how"] == "dice" and len(s.last_combat["attack_dice"]) == 4
    assert on(s, 3)["units"] == [1, 0, 0, 0]


def test_capture_leaves_a_unit_behind_and_the_lord_may_follow() -> None:
    s = empty()
    put(s, 2, GREEN, inf=3, lord=1)
    put(s, 3, RED, inf=1)
    dice(s, 6, 2, 2, 2, 1, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert legal(s, GREEN) == ["pick unit=0", "done"]  # the Lord only follows a unit
    play(s, GREEN, "pick unit=0")
    assert legal(s, GREEN) == ["pick unit=0", "pick unit=4", "done"]
    play(s, GREEN, "pick unit=0")
    assert legal(s, GREEN) == ["pick unit=4", "done"]  # the last infantry stays behind
    play(s, GREEN, "pick unit=4")
    assert on(s, 2)["units"] == [1, 0, 0, 0] and on(s, 2)["lord"] == 0
    assert on(s, 3) == {"owner": GREEN, "units": [2, 0, 0, 0], "lord": 1, "level": 0, "plague": 0}


def test_a_siege_replaces_the_stronghold_with_the_attackers() -> None:
    s = empty()
    put(s, 2, GREEN, inf=3)
    put(s, 3, RED, inf=1, level=2)
    dice(s, 6, 1, 1, 1, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3", "pick unit=0", "done")
    assert on(s, 3)["owner"] == GREEN and on(s, 3)["level"] == 2
    assert s.supply[RED][CITY:CITY + 2] == [4, 4] and s.supply[GREEN][CITY:CITY + 2] == [3, 3]


def test_a_siege_destroys_the_stronghold_of_an_attacker_with_four() -> None:
    s = empty()
    put(s, 2, GREEN, inf=3)
    for t in (9, 10, 17, 18):
        put(s, t, GREEN, inf=1, level=1)
    put(s, 3, RED, inf=1, level=1)
    dice(s, 6, 1, 1, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3", "pick unit=0", "done")
    assert on(s, 3)["owner"] == GREEN and on(s, 3)["level"] == 0
    assert s.supply[RED][CITY] == 4


def test_both_sides_wiped_out_leave_vacant_territories() -> None:
    s = empty()
    put(s, 2, GREEN, inf=2)
    put(s, 3, RED, inf=2)
    dice(s, 5, 5, 5, 5)
    play(s, GREEN, "attack from=2 to=3")
    assert on(s, 2)["owner"] == -1 and on(s, 3)["owner"] == -1
    # a vacant territory is taken later by an attack without dice
    put(s, 4, GREEN, inf=2)
    dice(s, 1, 1, 1, 1)
    play(s, GREEN, "attack from=4 to=3")
    assert s.last_combat["how"] == "vacant" and s.rng.dice == [1, 1, 1, 1]  # type: ignore[attr-defined]


def test_a_siege_changes_the_strongholds_colour_when_the_attacker_does_not_move_in() -> None:
    """Issue 34, item 10: the stronghold is the attacker's as soon as its defenders fall; the
    territory is his, vacant, even if he moves nobody in."""
    s = empty()
    put(s, 2, GREEN, inf=3)
    put(s, 3, RED, inf=1, level=2)
    dice(s, 6, 1, 1, 1, 1, 1, 1)
    events = play(s, GREEN, "attack from=2 to=3")
    assert [e.data["replaced"] for e in events if e.kind == "siege"] == [True]
    assert on(s, 3)["owner"] == GREEN and on(s, 3)["level"] == 2  # before any capture choice
    play(s, GREEN, "done")
    assert on(s, 3) == {"owner": GREEN, "units": [0, 0, 0, 0], "lord": 0, "level": 2, "plague": 0}
    assert on(s, 2)["units"] == [3, 0, 0, 0]
    assert s.supply[RED][CITY:CITY + 2] == [4, 4] and s.supply[GREEN][CITY:CITY + 2] == [3, 3]


def test_a_siege_happens_when_the_attackers_are_wiped_out_too() -> None:
    s = empty()
    put(s, 2, GREEN, inf=2)
    put(s, 3, RED, inf=1, level=1)
    dice(s, 6, 6, 5, 5, 1)
    play(s, GREEN, "attack from=2 to=3")
    assert on(s, 3) == {"owner": GREEN, "units": [0, 0, 0, 0], "lord": 0, "level": 1, "plague": 0}
    assert on(s, 2)["owner"] == -1
    assert s.supply[RED][CITY] == 4 and s.supply[GREEN][CITY] == 3


def test_a_siege_by_an_attacker_with_four_strongholds_leaves_the_territory_to_nobody() -> None:
    s = empty()
    put(s, 2, GREEN, inf=3)
    for t in (9, 10, 17, 18):
        put(s, t, GREEN, inf=1, level=1)
    put(s, 3, RED, inf=1, level=1)
    dice(s, 6, 1, 1, 1, 1, 1)
    play(s, GREEN, "attack from=2 to=3", "done")
    assert on(s, 3) == {"owner": -1, "units": [0, 0, 0, 0], "lord": 0, "level": 0, "plague": 0}
    assert s.supply[RED][CITY] == 4


def test_a_defender_emptying_the_attacking_stronghold_lays_no_siege() -> None:
    """The siege is the attacker's: the defender's dice emptying the attacker's stronghold leave
    it vacant and its owner's."""
    s = empty()
    put(s, 2, GREEN, inf=2, level=1)
    put(s, 3, RED, inf=2)
    dice(s, 1, 1, 5, 6)
    play(s, GREEN, "attack from=2 to=3")
    assert on(s, 2) == {"owner": GREEN, "units": [0, 0, 0, 0], "lord": 0, "level": 1, "plague": 0}
    assert on(s, 3)["owner"] == RED


def test_an_attack_on_a_vacant_stronghold_besieges_it_at_once() -> None:
    s = empty()
    put(s, 2, GREEN, inf=2)
    s.owner[2] = RED
    s.level[2] = 1
    s.supply[RED][CITY] -= 1
    events = play(s, GREEN, "attack from=2 to=3", "done")
    assert [e.kind for e in events if e.kind in ("siege", "capture")] == ["siege"]
    assert on(s, 3) == {"owner": GREEN, "units": [0, 0, 0, 0], "lord": 0, "level": 1, "plague": 0}


def test_an_attack_needs_two_units_with_a_combat_value_and_a_passable_border() -> None:
    s = empty()
    put(s, 3, GREEN, inf=1, lord=1)  # a Lord has no combat value
    put(s, 4, GREEN, inf=2)
    put(s, 2, RED, inf=1)
    put(s, 5, RED, inf=1)  # across the river 4-5
    put(s, 12, RED, inf=1)
    put(s, 13, RED, inf=1)  # over the bridge 12-13
    put(s, 11, GREEN, inf=2)
    attacks = [a for a in legal(s, GREEN) if a.startswith("attack") and "from=47" not in a]
    assert "attack from=4 to=12" in attacks and "attack from=3 to=2" not in attacks
    assert "attack from=4 to=5" not in attacks
    with pytest.raises(IllegalAction):
        GAME.apply(s, GREEN, "attack from=4 to=5")
    put(s, 12, RED, inf=0)
    s.owner[11] = GREEN
    s.units[11] = [2, 0, 0, 0]
    assert "attack from=12 to=13" in legal(s, GREEN)


def test_the_neutral_army_defends_but_never_plays() -> None:
    s = GAME.new(GAME.configure(2), 5)
    neutral = [t for t in range(48) if s.owner[t] == 2]
    assert len(neutral) == 16 and all(s.units[t] == [1, 0, 0, 0] for t in neutral)
    assert sorted(s.order) == [0, 1]
    s2 = empty()
    put(s2, 2, GREEN, inf=2)
    put(s2, 3, 2, inf=1)
    dice(s2, 1, 1, 6, 1)
    play(s2, GREEN, "attack from=2 to=3")
    assert s2.last_combat["defender"] == 2 and on(s2, 2)["units"] == [1, 0, 0, 0]


def test_a_refused_attack_says_why() -> None:
    s = empty()
    put(s, 4, GREEN, inf=2)
    put(s, 5, RED, inf=1)
    put(s, 2, GREEN, inf=1)
    put(s, 1, RED, inf=1)
    for action, reason in (("attack from=4 to=5", "a river without a bridge"),
                           ("attack from=2 to=1", "needs two units"),
                           ("attack from=4 to=30", "do not border")):
        with pytest.raises(IllegalAction, match=reason):
            GAME.apply(s, GREEN, action)


def _ends(events: list[Any]) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == "combat_end"]


def test_a_combat_ends_with_one_entry_of_each_sides_losses_and_the_capture() -> None:
    # the outcome the log's line and the browser's panel read: losses of both sides, taken or not
    s = empty()
    put(s, 2, GREEN, inf=3, lord=1)
    put(s, 3, RED, inf=1)
    dice(s, 6, 2, 2, 2, 1, 1)
    events = play(s, GREEN, "attack from=2 to=3")
    assert _ends(events) == []  # the capture is still to be chosen
    events = play(s, GREEN, "pick unit=0", "done")
    assert _ends(events) == [{"attacker": GREEN, "defender": RED, "from": 2, "to": 3,
                              "lost": [[0, 0, 0, 0, 0], [1, 0, 0, 0, 0]], "taken": True}]
    attack = s.last_combat
    assert attack["cv"] == [3, 1] and attack["lords"] == [1, 0]


def test_a_combat_that_takes_nothing_says_so_with_both_losses() -> None:
    s = empty()
    put(s, 2, GREEN, inf=2)
    put(s, 3, RED, inf=2, arch=1, level=1)
    dice(s, 5, 1, 6, 6, 1, 1)  # attack 5 1 (one hit), defence 6 6 1 1 (two hits)
    events = play(s, GREEN, "attack from=2 to=3")
    (end,) = _ends(events)
    assert end["lost"] == [[2, 0, 0, 0, 0], [1, 0, 0, 0, 0]] and end["taken"] is False


def test_a_vacant_territory_is_taken_without_losses() -> None:
    s = empty()
    put(s, 2, GREEN, inf=2)
    s.owner[2] = RED
    s.level[2] = 1
    events = play(s, GREEN, "attack from=2 to=3", "pick unit=0")  # the other infantry stays behind
    (end,) = _ends(events)
    assert end == {"attacker": GREEN, "defender": RED, "from": 2, "to": 3,
                   "lost": [[0] * 5, [0] * 5], "taken": True}


def test_the_terminal_log_says_each_combats_outcome() -> None:
    from warroom.screens import kasl as screen

    said = screen.sentence({"kind": "combat_end", "attacker": 0, "defender": 1, "from": 2, "to": 3,
                            "lost": [[1, 0, 0, 0, 0], [0, 2, 0, 0, 1]], "taken": True}, 0)
    assert said == f"Green takes 3 {screen.NAMES[2]} (attacker lost 1 infantry; defender lost 2 archers, 1 Lord)"
