"""The rule options that offer the other reading of three rules (docs/rules/paper-kessen.md):
each reading, the default and the option, shown in a real game state."""

from __future__ import annotations

import pytest

from tests.kessen.scenario import EVIL, GOOD, Scenario, after_battle, pending, refuse
from warroom.engine import ConfigError
from warroom.games.kessen.rules import GAME


def test_the_options_are_off_by_default_and_take_only_0_or_1() -> None:
    opts = GAME.configure()["options"]
    assert (opts["specials_after_battle"], opts["duty_elsewhere_engagement"], opts["assassin_from_hand"]) == (0, 0, 0)
    assert GAME.configure(options={"assassin_from_hand": "1"})["options"]["assassin_from_hand"] == 1
    with pytest.raises(ConfigError):
        GAME.configure(options={"assassin_from_hand": 2})


# ----- Specials: Deploy phase only, or also after the battle ----------------------------------
def _after_battle_with_specials(options: dict[str, int] | None) -> tuple[Scenario, list[int]]:
    s = Scenario(options=options)
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    s.unit(EVIL, "zhang_liao", ["swords"])
    cards = s.hand(GOOD, "recruits", ["increase_supplies", "stirring_oratory", "duty_elsewhere", "experience"])
    after_battle(s, GOOD, engaged=[ma_chao])
    assert s.state.step == "after_battle" and s.decider() == GOOD
    return s, [*cards[:3], ma_chao, cards[3]]


def test_by_default_no_special_is_offered_after_the_battle() -> None:
    s, (supplies, _oratory, _duty, ma_chao, experience) = _after_battle_with_specials(None)
    assert s.legal(GOOD) == [f"attach card={experience} unit={ma_chao}", "pass"]
    refuse(s, GOOD, f"special card={supplies}")


def test_specials_after_battle_lets_a_special_be_played_in_the_after_battle_window() -> None:
    s, (supplies, oratory, duty, ma_chao, experience) = _after_battle_with_specials({"specials_after_battle": 1})
    # the round's own effects (Stirring Oratory, Duty Elsewhere, Cut Supply Lines) would do nothing
    assert s.legal(GOOD) == [f"attach card={experience} unit={ma_chao}", f"special card={supplies}", "pass"]
    refuse(s, GOOD, f"special card={oratory}")
    top_two = s.state.recruit_deck[-2:]
    s.play(GOOD, f"special card={supplies}")
    assert sorted(s.state.sides[GOOD].recruits) == sorted([oratory, duty, experience, *top_two])
    assert supplies in s.state.recruit_discard


# ----- Duty Elsewhere: out of the round's battle, or out of its first engagement ----------------
def _duty_played(options: dict[str, int] | None) -> tuple[Scenario, int, int, int]:
    s = Scenario(options=options)
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["spears"])
    (duty,) = s.hand(GOOD, "recruits", ["duty_elsewhere"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={duty} unit={zhang_liao}")
    return s, ma_chao, zhang_liao, xiahou_yan


def test_duty_elsewhere_by_default_keeps_the_unit_out_of_the_whole_battle() -> None:
    s, ma_chao, zhang_liao, xiahou_yan = _duty_played(None)
    assert sorted(s.events_of("battle")[0]["engaged"]) == sorted([ma_chao, xiahou_yan])
    if s.state.step == "pick" and s.state.attacker == EVIL:
        assert s.legal(EVIL)[0] == f"pick attacker={xiahou_yan} defender={ma_chao}"
        assert all(f"attacker={zhang_liao}" not in a for a in s.legal(EVIL))


def test_duty_elsewhere_engagement_keeps_the_unit_out_of_the_first_engagement_only() -> None:
    s, ma_chao, zhang_liao, xiahou_yan = _duty_played({"duty_elsewhere_engagement": 1})
    # the unit is engaged in the battle...
    assert sorted(s.events_of("battle")[0]["engaged"]) == sorted([ma_chao, zhang_liao, xiahou_yan])
    st = s.state
    assert st.step == "pick" and st.engagement == 1
    picks = [a for a in s.legal(st.attacker) if a.startswith("pick")]
    # ...but cannot be picked in its first engagement
    if st.attacker == EVIL:
        assert picks == [f"pick attacker={xiahou_yan} defender={ma_chao}"]
    else:
        assert picks == [f"pick attacker={ma_chao} defender={xiahou_yan}"]
    refuse(s, st.attacker, f"pick attacker={zhang_liao} defender={ma_chao}" if st.attacker == EVIL
           else f"pick attacker={ma_chao} defender={zhang_liao}")


def test_duty_elsewhere_engagement_unit_fights_from_the_second_engagement() -> None:
    s = Scenario(options={"duty_elsewhere_engagement": 1})
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    guan_yu = s.unit(GOOD, "guan_yu", ["warriors"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["spears"])
    s.state.duty = [zhang_liao]
    s.pick(GOOD)
    assert s.state.engagement == 1
    assert [a for a in s.legal(GOOD) if a.startswith("pick")] == [
        f"pick attacker={u} defender={xiahou_yan}" for u in sorted([ma_chao, guan_yu])
    ]
    s.state.engagement = 2
    s.state.cache = None
    assert f"pick attacker={ma_chao} defender={zhang_liao}" in s.legal(GOOD)


def test_duty_elsewhere_engagement_cannot_leave_a_side_nobody_to_pick() -> None:
    s = Scenario(options={"duty_elsewhere_engagement": 1})
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["swords"])
    s.state.duty = [zhang_liao]
    s.pick(GOOD)
    assert [a for a in s.legal(GOOD) if a.startswith("pick")] == [f"pick attacker={ma_chao} defender={zhang_liao}"]


# ----- Assassin: a leader in play when there is one, or the victim's choice -------------------
def _assassin_played(options: dict[str, int] | None) -> tuple[Scenario, int, int]:
    s = Scenario(options=options)
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    (zhao_yun,) = s.hand(GOOD, "leaders", ["zhao_yun"])
    assassin, _ = s.hand(EVIL, "recruits", ["assassin", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"special card={assassin}")
    assert pending(s.state) == [("assassin", GOOD)]
    return s, ma_chao, zhao_yun


def test_assassin_by_default_takes_a_leader_in_play_when_there_is_one() -> None:
    s, ma_chao, zhao_yun = _assassin_played(None)
    assert s.legal(GOOD) == [f"discard card={ma_chao}"]
    refuse(s, GOOD, f"discard card={zhao_yun}")


def test_assassin_from_hand_lets_the_victim_discard_a_leader_from_hand_instead() -> None:
    s, ma_chao, zhao_yun = _assassin_played({"assassin_from_hand": 1})
    assert s.legal(GOOD) == [f"discard card={ma_chao}", f"discard card={zhao_yun}"]
    s.play(GOOD, f"discard card={zhao_yun}")
    assert s.state.sides[GOOD].leaders == []
    assert s.state.sides[GOOD].leader_discard == [zhao_yun]
    assert s.state.find_unit(ma_chao) is not None  # the unit in play survives
