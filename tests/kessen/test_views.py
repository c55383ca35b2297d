"""The derived facts a Kessen view carries, so that no renderer re-implements a rule."""

from __future__ import annotations

from typing import Any

from tests.kessen.scenario import EVIL, GOOD, Scenario
from warroom.games.kessen.force import unit_force


def units(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {u["leader"]: u for side in view["sides"] for u in side["units"]}


def test_a_negated_card_is_marked_in_the_view_and_its_negator_is_not() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    sima_yi = s.unit(EVIL, "sima_yi", ["spears"])
    (iron_wall, _ring) = s.hand(GOOD, "actions", ["iron_wall", "ring"])
    (fire_storm, _box) = s.hand(EVIL, "actions", ["fire_storm", "box"])  # so the segment goes on
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=sima_yi)
    s.play(EVIL, f"play card={fire_storm}")
    s.play(GOOD, f"play card={iron_wall}")
    for seat in (GOOD, EVIL, None):
        played = {p["card"]: p for p in s.game.view(s.state, seat)["battle"]["played"]}
        assert played[fire_storm]["negated"] is True
        assert played[iron_wall]["negated"] is False and played[iron_wall]["negates"] == fire_storm


def test_units_in_the_engagement_carry_their_role_and_total() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    sima_yi = s.unit(EVIL, "sima_yi", ["spears"])
    s.hand(GOOD, "actions", ["ring"])
    s.hand(EVIL, "actions", ["box"])  # something to play, so the engagement waits for a decision
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=sima_yi)
    view = s.game.view(s.state, GOOD)
    assert view["battle"]["attacker"] == "good" and view["battle"]["defender"] == "evil"
    shown = units(view)
    assert (shown[ma_chao]["fighting"], shown[ma_chao]["status"]) == ("attacking", "attacking")
    assert (shown[sima_yi]["fighting"], shown[sima_yi]["status"]) == ("defending", "defending")
    # the total is the rules' own (force.py), breakdown included: renderers only add up nothing
    for leader, side in ((ma_chao, GOOD), (sima_yi, EVIL)):
        unit = s.state.sides[side].unit(leader)
        assert unit is not None
        force, parts = unit_force(s.state, side, unit, True)
        assert shown[leader]["force"] == force == s.force(leader)
        assert shown[leader]["parts"] == [list(p) for p in parts]


def test_unit_status_outside_and_inside_a_battle() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    shown = units(s.game.view(s.state, None))
    assert shown[guan_yu]["status"] is None and shown[guan_yu]["fighting"] is None
    assert shown[s.state.sides[GOOD].units[0].leader]["status"] == "no_troop"  # Liu Bei, no troop yet
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    s.battle(engaged=[guan_yu])
    s.state.step = "pick"
    shown = units(s.game.view(s.state, None))
    assert shown[guan_yu]["status"] == "engaged"
    assert shown[xiahou_dun]["status"] == "not_engaged"
    s.state.step = "after_battle"  # the battle is over: the units that took part have fought
    assert units(s.game.view(s.state, None))[guan_yu]["status"] == "fought"


def test_the_rules_reference_explains_every_keyword_the_rules_use() -> None:
    from warroom.games.kessen.rules import GAME as KESSEN

    glossary = {g["term"]: g["text"] for g in KESSEN.rules_reference()["glossary"]}
    for term in ("Loyal", "Scout", "Summon", "Companion", "Intercept", "General", "Sorcerer", "Unit",
                 "Troop", "Modifier", "DP", "AB", "ABYW", "Special", "Strategy", "Tactic", "Spell",
                 "Formation", "Event", "Negate", "Force", "Retreat"):
        assert glossary[term], term
    assert glossary["Loyal"] == "Immune to Treachery and Duty Elsewhere (Guan Yu, Zhang Fei)."
