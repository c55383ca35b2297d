"""Every card of both Leader decks: each leader's Force and ability, and the leader-deck
modifiers (Tiger General and the five ninja companions), against the rulebook's lists.

Opponents without an ability that changes force are used as the other side of a fight:
Ma Chao (Good General, 5) and Xiahou Yan (Evil General, 6), Zhuge Liang / Sima Yi (Sorcerers).
"""

from __future__ import annotations

import pytest

from tests.kessen.scenario import (
    EVIL,
    GOOD,
    Scenario,
    action_segment,
    after_battle,
    battle_start,
    fight,
    next_round,
    pending,
    refuse,
)
from warroom.engine import ALL_SEEING
from warroom.games.kessen.cards import BY_KEY, CAO_CAO, CARDS, DECK_IDS, KEY, KIND, LIU_BEI

# ----- the decks ----------------------------------------------------------------------------


def test_good_leader_deck_holds_each_leader_once_five_tiger_generals_and_three_ninjas() -> None:
    keys = [KEY[c] for c in DECK_IDS["good"]]
    assert len(keys) == 22 and keys.count("tiger_general") == 5
    for key in ("mei_mei", "li_li", "luo_luo"):
        assert keys.count(key) == 1 and KIND[BY_KEY[key][0]] == "leader_mod"
    leaders = [k for k, c in zip(keys, DECK_IDS["good"], strict=True) if KIND[c] == "leader"]
    assert sorted(leaders) == sorted(k for _, k, _ in WITH_FOOT if k in GOOD_KEYS)


def test_evil_leader_deck_holds_each_leader_once_and_two_ninjas() -> None:
    keys = [KEY[c] for c in DECK_IDS["evil"]]
    assert len(keys) == 24
    for key in ("xi_xuanfeng", "dong_xuanfeng"):
        assert keys.count(key) == 1 and KIND[BY_KEY[key][0]] == "leader_mod"
    leaders = [k for k, c in zip(keys, DECK_IDS["evil"], strict=True) if KIND[c] == "leader"]
    assert sorted(leaders) == sorted(k for side, k, _ in WITH_FOOT if side == EVIL)


@pytest.mark.parametrize(("leader", "general", "sorcerer"), [
    ("liu_bei", True, False), ("zhuge_liang", False, True), ("mei_sanniang", False, True),
    ("pang_tong", False, True), ("ma_su", False, True), ("sun_li", True, False),
    ("cao_cao", True, True), ("xun_yu", False, True), ("himiko", False, True),
    ("sima_yi", False, True), ("guo_jai", False, True), ("cheng_yu", False, True),
    ("deng_ai", False, True), ("hu_zhi", True, False), ("zhang_he", True, False),
])
def test_leader_is_a_general_or_a_sorcerer_as_printed(leader: str, general: bool, sorcerer: bool) -> None:
    card = CARDS[BY_KEY[leader][0]]
    assert (card.general, card.sorcerer) == (general, sorcerer)


# ----- printed Force ------------------------------------------------------------------------

# (side, leader, Force of the leader with a Foot troop (3) outside an engagement)
WITH_FOOT = [
    (GOOD, "liu_bei", 4 + 3), (GOOD, "zhuge_liang", 6 + 3), (GOOD, "guan_yu", 6 + 3),
    (GOOD, "zhang_fei", 5 + 3), (GOOD, "zhao_yun", 5 + 3), (GOOD, "mei_sanniang", 4 + 3),
    (GOOD, "sun_li", 3 + 3), (GOOD, "ma_chao", 5 + 3), (GOOD, "huang_zhong", 4 + 3),
    (GOOD, "pang_tong", 6 + 3), (GOOD, "guan_ping", 2 + 3), (GOOD, "zhou_cang", 2 + 3),
    (GOOD, "ma_su", 2 + 3), (GOOD, "cai_mao", 3 + 3 + 3),  # Cai Mao: his Infantry +3
    (EVIL, "cao_cao", 6 + 3), (EVIL, "xun_yu", 6 + 3), (EVIL, "himiko", 6 + 3),
    (EVIL, "cao_bu", 2 + 3), (EVIL, "xiahou_yan", 6 + 3), (EVIL, "xiahou_dun", 5 + 3),
    (EVIL, "xiahou_ba", 5 + 3), (EVIL, "sima_yi", 6 + 3), (EVIL, "zhang_liao", 6 + 3),
    (EVIL, "guo_jai", 4 + 3), (EVIL, "cheng_yu", 5 + 3), (EVIL, "cao_ren", 3 + 3),
    (EVIL, "hu_zhi", 5 + 3), (EVIL, "yu_jin", 2 + 3), (EVIL, "xu_huang", 4 + 3),
    (EVIL, "zhang_he", 4 + 3), (EVIL, "pang_de", 5 + 3), (EVIL, "cao_hong", 2 + 3),
    (EVIL, "guo_shao", 4 + 3), (EVIL, "deng_ai", 3 + 3), (EVIL, "yue_jin", 2 + 3),
    (EVIL, "li_dian", 2 + 3),
]


GOOD_KEYS = {k for side, k, _ in WITH_FOOT if side == GOOD}


@pytest.mark.parametrize(("side", "leader", "force"), WITH_FOOT)
def test_leader_adds_its_printed_force_to_its_unit(side: int, leader: str, force: int) -> None:
    s = Scenario()
    lid = s.unit(side, leader, ["foot"])
    assert s.force(lid, in_fight=False) == force


# ----- Liu Bei ------------------------------------------------------------------------------

def test_liu_bei_starts_without_a_troop_and_is_not_a_unit_until_one_is_deployed() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    battle_start(s)
    (battle,) = s.events_of("battle")[:1]
    assert sorted(battle["engaged"]) == sorted([ma_chao, xiahou_yan])  # no Liu Bei, no Cao Cao


def test_liu_bei_takes_a_troop_in_the_deploy_phase() -> None:
    s = Scenario()
    foot, _ = s.hand(GOOD, "recruits", ["foot", "stirring_oratory"])
    s.deploy(GOOD)
    assert f"deploy leader={LIU_BEI} troop={foot}" in s.legal(GOOD)
    s.play(GOOD, f"deploy leader={LIU_BEI} troop={foot}")
    unit = s.state.find_unit(LIU_BEI)
    assert unit is not None and unit.troops == [foot]
    assert s.force(LIU_BEI, in_fight=False) == 4 + 3


def test_liu_bei_attacked_lets_any_other_friendly_unit_intercept() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["spears"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["foot"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=LIU_BEI, step="strategy")
    assert s.decider() == GOOD
    assert s.legal(GOOD) == [f"intercept unit={u}" for u in sorted([ma_chao, zhao_yun])] + ["pass"]
    s.play(GOOD, f"intercept unit={zhao_yun}")
    (res,) = s.events_of("resolution")
    assert res["defender"]["unit"] == zhao_yun
    assert s.events_of("intercept")[0]["rule"] == "Liu Bei"


def test_liu_bei_intercept_is_not_limited_to_once_per_battle() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["foot"])
    s.hand(GOOD, "actions", ["ring"])  # keeps Good deciding in the Tactics segment
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=LIU_BEI, step="strategy")
    s.play(GOOD, f"intercept unit={ma_chao}")
    assert s.state.intercepts_used == []
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=LIU_BEI, step="strategy")
    assert f"intercept unit={ma_chao}" in s.legal(GOOD)


def test_liu_bei_intercept_is_offered_only_when_liu_bei_is_the_defender() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["foot"])
    s.hand(GOOD, "actions", ["war_council"])  # keeps Good deciding in the Strategy segment
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_chao, step="strategy")
    assert s.decider() == GOOD
    refuse(s, GOOD, f"intercept unit={LIU_BEI}")


def test_liu_bei_intercept_cannot_bring_in_a_retreated_unit() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["spears"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["foot"])
    s.state.retreated = [ma_chao]
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=LIU_BEI, step="strategy")
    assert s.legal(GOOD) == [f"intercept unit={zhao_yun}", "pass"]
    refuse(s, GOOD, f"intercept unit={ma_chao}")


def test_liu_bei_slain_stays_in_play_without_troop_or_modifiers() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"], ["training"])  # 4 + 3 + 2 defending + 1 = 10
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])  # 6 + 6 + 2 vs Infantry = 14
    (slain,) = s.hand(EVIL, "actions", ["slain"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=LIU_BEI)
    s.play(EVIL, f"play card={slain}")
    assert s.events_of("slain") == [{"kind": "slain", "side": "good", "unit": LIU_BEI}]
    unit = s.state.find_unit(LIU_BEI)
    assert unit is not None and unit.troops == [] and unit.mods == []
    assert s.state.controller(LIU_BEI) == GOOD
    assert LIU_BEI not in s.state.sides[GOOD].leader_discard


def test_liu_bei_cannot_be_taken_by_treachery() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    treachery, _ = s.hand(EVIL, "recruits", ["treachery", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"special card={treachery}")
    assert s.legal(GOOD) == [f"give unit={ma_chao}"]
    refuse(s, GOOD, f"give unit={LIU_BEI}")


def test_liu_bei_cannot_be_assassinated() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    assassin, _ = s.hand(EVIL, "recruits", ["assassin", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"special card={assassin}")
    assert s.legal(GOOD) == [f"discard card={ma_chao}"]
    refuse(s, GOOD, f"discard card={LIU_BEI}")


# ----- Cao Cao ------------------------------------------------------------------------------

@pytest.mark.parametrize("streak_side", [GOOD, EVIL])
def test_cao_cao_fights_when_one_side_has_won_the_last_two_battles(streak_side: int) -> None:
    s = Scenario()
    s.unit(EVIL, "cao_cao", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    battle_start(s, streak=2, last_winner=streak_side)
    assert sorted(s.events_of("battle")[0]["engaged"]) == sorted([CAO_CAO, ma_chao])


@pytest.mark.parametrize("streak", [0, 1])
def test_cao_cao_stays_out_of_the_battle_without_a_two_battle_streak(streak: int) -> None:
    s = Scenario()
    s.unit(EVIL, "cao_cao", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["spears"])
    battle_start(s, streak=streak, last_winner=GOOD if streak else -1)
    assert sorted(s.events_of("battle")[0]["engaged"]) == sorted([ma_chao, xiahou_yan])


def test_cao_cao_uses_one_tactic_and_one_spell_in_an_engagement() -> None:
    s = Scenario()
    s.unit(EVIL, "cao_cao", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    tactician, raid, fire_storm = s.hand(EVIL, "actions", ["tactician", "raid", "fire_storm"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=CAO_CAO)
    legal = s.legal(EVIL)
    assert {f"play card={tactician}", f"play card={raid}", f"play card={fire_storm}"} <= set(legal)
    s.play(EVIL, f"play card={tactician}")  # Good has nothing: it passes, Evil acts again
    assert s.decider() == EVIL
    refuse(s, EVIL, f"play card={raid}")  # a second Tactic
    s.play(EVIL, f"play card={fire_storm}")
    # Cao Cao 6 + Foot 3 (+2 defending) + Tactician 1 + Fire Storm 3
    assert s.events_of("resolution")[0]["defender"]["force"] == 6 + 5 + 1 + 3


def test_cao_cao_slain_stays_in_play_without_troop_or_modifiers() -> None:
    s = Scenario()
    s.unit(EVIL, "cao_cao", ["foot"], ["training"])  # 6 + 3 + 2 defending + 1 = 12
    guan_yu = s.unit(GOOD, "guan_yu", ["warriors"], ["fame"])  # 6 + 6 + 2 + 2 = 16
    (slain,) = s.hand(GOOD, "actions", ["slain"])
    s.engagement(attacker=GOOD, att_unit=guan_yu, def_unit=CAO_CAO)  # Evil passes, Good plays
    s.play(GOOD, f"play card={slain}")
    assert s.events_of("slain") == [{"kind": "slain", "side": "evil", "unit": CAO_CAO}]
    unit = s.state.find_unit(CAO_CAO)
    assert unit is not None and unit.troops == [] and unit.mods == []
    assert s.state.controller(CAO_CAO) == EVIL


def test_cao_cao_cannot_be_assassinated_or_taken_by_treachery() -> None:
    s = Scenario()
    s.unit(EVIL, "cao_cao", ["foot"])
    assassin, treachery, _ = s.hand(GOOD, "recruits", ["assassin", "treachery", "stirring_oratory"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={assassin}")
    s.play(GOOD, f"special card={treachery}")
    assert [e["card"] for e in s.events_of("no_effect")] == [assassin, treachery]
    assert s.state.controller(CAO_CAO) == EVIL


# ----- two Tactics / two Spells ------------------------------------------------------------

@pytest.mark.parametrize(("side", "leader", "cards"), [
    (GOOD, "guan_yu", ["tactician", "raid", "duel"]),
    (EVIL, "xiahou_yan", ["tactician", "raid", "duel"]),
    (GOOD, "zhuge_liang", ["fire_storm", "hail", "ice_storm"]),
    (EVIL, "xun_yu", ["fire_storm", "hail", "ice_storm"]),
])
def test_leader_with_two_cards_of_a_kind_may_use_two_but_not_three(
    side: int, leader: str, cards: list[str]
) -> None:
    s = Scenario()
    lid = s.unit(side, leader, ["foot"])
    opp_side = 1 - side
    opp = s.unit(opp_side, "ma_chao" if opp_side == GOOD else "xun_yu", ["swords"])
    first, second, third, _ = s.hand(side, "actions", [*cards, "ring"])  # Ring keeps it deciding
    s.engagement(attacker=opp_side, att_unit=opp, def_unit=lid)
    s.play(side, f"play card={first}")
    assert s.decider() == side
    s.play(side, f"play card={second}")
    assert s.decider() == side
    refuse(s, side, f"play card={third}")


@pytest.mark.parametrize(("side", "leader", "cards"), [
    (GOOD, "ma_chao", ["tactician", "raid"]),
    (EVIL, "sima_yi", ["fire_storm", "hail"]),
])
def test_other_leaders_use_one_tactic_or_spell(side: int, leader: str, cards: list[str]) -> None:
    s = Scenario()
    lid = s.unit(side, leader, ["foot"])
    opp_side = 1 - side
    opp = s.unit(opp_side, "zhao_yun" if opp_side == GOOD else "xiahou_yan", ["swords"])
    first, second = s.hand(side, "actions", [*cards, "ring"])[:2]
    s.engagement(attacker=opp_side, att_unit=opp, def_unit=lid)
    s.play(side, f"play card={first}")
    refuse(s, side, f"play card={second}")


# ----- force abilities ------------------------------------------------------------------------

def test_zhang_fei_gets_force_plus_two_per_tactic_used_with_him() -> None:
    s = Scenario()
    zhang_fei = s.unit(GOOD, "zhang_fei", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    (tactician,) = s.hand(GOOD, "actions", ["tactician"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=zhang_fei)
    s.play(GOOD, f"play card={tactician}")
    # Zhang Fei 5 + Foot 3 (+2 defending) + Tactician 1 (+2 Zhang Fei)
    assert s.events_of("resolution")[0]["defender"]["force"] == 5 + 5 + 1 + 2


def test_zhang_fei_gets_nothing_extra_for_an_event() -> None:
    s = Scenario()
    zhang_fei = s.unit(GOOD, "zhang_fei", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    (backup,) = s.hand(GOOD, "actions", ["backup_effect"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=zhang_fei)
    s.play(GOOD, f"play card={backup}")
    assert s.events_of("resolution")[0]["defender"]["force"] == 5 + 5 + 1


def test_himiko_gets_force_plus_two_per_spell_used_with_her() -> None:
    s = Scenario()
    himiko = s.unit(EVIL, "himiko", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    (fire_storm,) = s.hand(EVIL, "actions", ["fire_storm"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=himiko)
    s.play(EVIL, f"play card={fire_storm}")
    # Himiko 6 + Foot 3 (+2 defending) + Fire Storm 3 (+2 Himiko)
    assert s.events_of("resolution")[0]["defender"]["force"] == 6 + 5 + 3 + 2


@pytest.mark.parametrize(("side", "leader", "opponent", "bonus"), [
    (GOOD, "zhao_yun", "xiahou_yan", 1),  # a General
    (GOOD, "zhao_yun", "sima_yi", 0),  # a Sorcerer
    (EVIL, "zhang_liao", "ma_chao", 1),
    (EVIL, "zhang_liao", "zhuge_liang", 0),
])
def test_force_plus_one_against_a_general(side: int, leader: str, opponent: str, bonus: int) -> None:
    s = Scenario()
    lid = s.unit(side, leader, ["swords"])
    opp = s.unit(1 - side, opponent, ["swords"])
    res = fight(s, side, lid, opp)
    base = {"zhao_yun": 5, "zhang_liao": 6}[leader]
    assert res["attacker"]["force"] == base + 5 + bonus


@pytest.mark.parametrize(("defending", "force"), [(True, 3 + 5 + 4), (False, 3 + 5)])
def test_cao_ren_gets_force_plus_four_when_defending(defending: bool, force: int) -> None:
    s = Scenario()
    cao_ren = s.unit(EVIL, "cao_ren", ["swords"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    if defending:
        assert fight(s, GOOD, ma_chao, cao_ren)["defender"]["force"] == force
    else:
        assert fight(s, EVIL, cao_ren, ma_chao)["attacker"]["force"] == force


@pytest.mark.parametrize(("mods", "force"), [
    ([], 2 + 3),
    (["training"], 2 + 3 + 1 + 1),
    (["training", "magical_weapon", "fame"], 2 + 3 + (1 + 1 + 2) + 3),
])
def test_guan_ping_gets_force_plus_one_per_modifier_on_his_unit(mods: list[str], force: int) -> None:
    s = Scenario()
    guan_ping = s.unit(GOOD, "guan_ping", ["foot"], mods)
    assert s.force(guan_ping, in_fight=False) == force


def test_guan_ping_counts_a_leader_deck_modifier_too() -> None:
    s = Scenario()
    guan_ping = s.unit(GOOD, "guan_ping", ["foot"], ["tiger_general", "mei_mei"])
    assert s.force(guan_ping, in_fight=False) == 2 + 3 + (2 + 1) + 2


@pytest.mark.parametrize(("side", "leader", "troop", "force"), [
    (GOOD, "sun_li", "cavalry", 3 + 5 + 3),
    (GOOD, "sun_li", "swords", 3 + 5),
    (GOOD, "cai_mao", "swords", 3 + 5 + 3),
    (GOOD, "cai_mao", "crossbows", 3 + 5),
    (EVIL, "zhang_he", "crossbows", 4 + 5 + 3),
    (EVIL, "zhang_he", "cavalry", 4 + 5),
])
def test_leader_strengthens_an_attached_troop_of_its_type_by_three(
    side: int, leader: str, troop: str, force: int
) -> None:
    s = Scenario()
    lid = s.unit(side, leader, [troop])
    assert s.force(lid, in_fight=False) == force


def test_ma_su_retreating_makes_the_opposing_unit_retreat_too() -> None:
    s = Scenario()
    ma_su = s.unit(GOOD, "ma_su", ["foot"])  # 2 + 3 + 2 defending = 7
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])  # 6 + 6 + 2 = 14
    s.unit(EVIL, "zhang_liao", ["spears"])
    s.unit(GOOD, "ma_chao", ["spears"])
    res = fight(s, EVIL, xiahou_yan, ma_su)
    assert res["winner"] == "evil"
    assert s.events_of("retreat") == [
        {"kind": "retreat", "side": "good", "unit": ma_su},
        {"kind": "retreat", "side": "evil", "unit": xiahou_yan, "why": "Ma Su"},
    ]
    assert s.state.retreated == [ma_su, xiahou_yan] and s.state.step == "pick"


def test_ma_su_winning_does_not_make_anyone_else_retreat() -> None:
    s = Scenario()
    ma_su = s.unit(GOOD, "ma_su", ["warriors"], ["fame", "fame"])  # 2 + 6 + 2 + 4 = 14
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["foot"])  # 6 + 3 = 9 attacking
    s.unit(EVIL, "zhang_liao", ["spears"])
    fight(s, EVIL, xiahou_yan, ma_su)
    assert s.events_of("retreat") == [{"kind": "retreat", "side": "evil", "unit": xiahou_yan}]
    assert s.state.retreated == [xiahou_yan] and s.state.step == "pick"


# ----- interceptors ---------------------------------------------------------------------------

@pytest.mark.parametrize(("side", "leader", "other"), [
    (GOOD, "zhou_cang", "ma_chao"),
    (EVIL, "yu_jin", "xiahou_yan"),
])
def test_interceptor_may_intercept_one_attack_per_battle(side: int, leader: str, other: str) -> None:
    s = Scenario()
    lid = s.unit(side, leader, ["foot"])
    defender = s.unit(side, other, ["swords"])
    attacker = s.unit(1 - side, "zhao_yun" if side == EVIL else "zhang_liao", ["spears"])
    s.engagement(attacker=1 - side, att_unit=attacker, def_unit=defender, step="strategy")
    assert s.legal(side) == [f"intercept unit={lid}", "pass"]
    s.play(side, f"intercept unit={lid}")
    assert s.events_of("resolution")[0]["defender"]["unit"] == lid
    # a second attack in the same battle: the interception is spent
    s.state.retreated = []
    s.hand(side, "actions", ["war_council"])
    s.engagement(attacker=1 - side, att_unit=attacker, def_unit=defender, step="strategy")
    assert s.decider() == side
    refuse(s, side, f"intercept unit={lid}")


def test_interceptor_gets_a_new_interception_in_the_next_battle() -> None:
    s = Scenario()
    zhou_cang = s.unit(GOOD, "zhou_cang", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["spears"])
    s.state.intercepts_used = [zhou_cang]  # spent in this round's battle
    next_round(s)
    assert s.state.intercepts_used == []
    s.engagement(attacker=EVIL, att_unit=zhang_liao, def_unit=ma_chao, step="strategy")
    assert f"intercept unit={zhou_cang}" in s.legal(GOOD)


def test_interceptor_does_not_intercept_an_attack_on_himself() -> None:
    s = Scenario()
    zhou_cang = s.unit(GOOD, "zhou_cang", ["foot"])
    s.unit(GOOD, "ma_chao", ["swords"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["spears"])
    s.hand(GOOD, "actions", ["war_council"])
    s.engagement(attacker=EVIL, att_unit=zhang_liao, def_unit=zhou_cang, step="strategy")
    refuse(s, GOOD, f"intercept unit={zhou_cang}")


def test_interceptor_that_retreated_cannot_intercept() -> None:
    s = Scenario()
    zhou_cang = s.unit(GOOD, "zhou_cang", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["spears"])
    s.hand(GOOD, "actions", ["war_council"])
    s.state.retreated = [zhou_cang]
    s.engagement(attacker=EVIL, att_unit=zhang_liao, def_unit=ma_chao, step="strategy")
    refuse(s, GOOD, f"intercept unit={zhou_cang}")


# ----- Cao Bu, Summon -------------------------------------------------------------------------

def test_cao_bu_can_attach_a_second_troop_but_not_a_third() -> None:
    s = Scenario()
    cao_bu = s.unit(EVIL, "cao_bu", ["foot"])
    swords, spears, _ = s.hand(EVIL, "recruits", ["swords", "spears", "stirring_oratory"])
    s.deploy(EVIL)
    assert f"deploy leader={cao_bu} troop={swords}" in s.legal(EVIL)
    s.play(EVIL, f"deploy leader={cao_bu} troop={swords}")
    assert s.force(cao_bu, in_fight=False) == 2 + 3 + 5
    refuse(s, EVIL, f"deploy leader={cao_bu} troop={spears}")


def test_cao_bu_forms_a_unit_from_the_hand_with_one_troop_then_takes_another() -> None:
    s = Scenario()
    (cao_bu,) = s.hand(EVIL, "leaders", ["cao_bu"])
    foot, swords, _ = s.hand(EVIL, "recruits", ["foot", "swords", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"deploy leader={cao_bu} troop={foot}")
    s.play(EVIL, f"deploy leader={cao_bu} troop={swords}")
    unit = s.state.find_unit(cao_bu)
    assert unit is not None and unit.troops == [foot, swords]


@pytest.mark.parametrize(("leader", "summoned"), [("xiahou_dun", "xiahou_ba"), ("xiahou_ba", "xiahou_dun")])
def test_summon_puts_the_other_brother_from_the_leader_deck_into_the_hand(
    leader: str, summoned: str
) -> None:
    s = Scenario()
    (lid,) = s.hand(EVIL, "leaders", [leader])
    foot, _ = s.hand(EVIL, "recruits", ["foot", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"deploy leader={lid} troop={foot}")
    hand = s.state.sides[EVIL].leaders
    assert [KEY[c] for c in hand] == [summoned]
    assert hand[0] not in s.state.sides[EVIL].leader_deck
    assert s.events_of("summon") == [{"kind": "summon", "side": "evil", "by": lid, "card": hand[0]}]


def test_summon_finds_nothing_when_the_other_brother_is_not_in_the_leader_deck() -> None:
    s = Scenario()
    s.unit(EVIL, "xiahou_ba", ["swords"])
    (dun,) = s.hand(EVIL, "leaders", ["xiahou_dun"])
    foot, _ = s.hand(EVIL, "recruits", ["foot", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"deploy leader={dun} troop={foot}")
    assert s.state.sides[EVIL].leaders == [] and s.events_of("summon") == []


def test_a_summon_above_seven_leaders_is_kept_until_the_end_phase_trims_the_hand_to_four() -> None:
    s = Scenario()
    dun, *others = s.hand(EVIL, "leaders", ["xiahou_dun", "cao_ren", "hu_zhi", "yu_jin", "zhang_he",
                                           "pang_de", "cao_hong"])
    # Stirring Oratory is held so that Evil still has a choice (and stays in the Deploy phase)
    aid, foot, _ = s.hand(EVIL, "recruits", ["unexpected_aid", "foot", "stirring_oratory"])
    top = s.state.sides[EVIL].leader_deck[-1]
    assert KEY[top] != "xiahou_ba"
    s.deploy(EVIL)
    s.play(EVIL, f"special card={aid}")  # eight leaders in hand, none discarded
    assert len(s.state.sides[EVIL].leaders) == 8 and not s.state.frames
    s.play(EVIL, f"deploy leader={dun} troop={foot}")  # 7 left, and the summon makes 8 again
    (summon,) = s.events_of("summon")
    ba = summon["card"]
    assert KEY[ba] == "xiahou_ba" and sorted(s.state.sides[EVIL].leaders) == sorted([*others, top, ba])
    assert not s.state.frames and s.state.step == "deploy" and s.decider() == EVIL
    s.play(EVIL, "pass")  # Good had nothing and passed: Evil wins the battle unopposed
    assert s.events_of("battle_end")[0]["winner"] == "evil"
    # the End phase (Good has the initiative now, but nothing to discard): Evil keeps four
    assert pending(s.state) == [("discard", EVIL, "leaders", 4)]
    assert s.legal(EVIL) == [f"discard card={c}" for c in sorted([*others, top, ba])]
    for c in others[:4]:
        s.play(EVIL, f"discard card={c}")
    assert s.state.round == 2 and s.state.sides[EVIL].leaders[:4] == [*others[4:], top, ba]


# ----- Action-segment abilities ---------------------------------------------------------------

@pytest.mark.parametrize(("side", "leader"), [(GOOD, "huang_zhong"), (GOOD, "pang_tong"), (EVIL, "sima_yi")])
def test_an_extra_draw_leader_holds_eight_action_cards(side: int, leader: str) -> None:
    s = Scenario()
    s.unit(side, leader, ["foot"])
    s.unit(1 - side, "ma_chao" if side == EVIL else "xiahou_yan", ["swords"])
    action_segment(s, attacker=GOOD)
    draws = {d["side"]: d["count"] for d in s.events_of("draw") if d["hand"] == "actions"}
    mine, theirs = ("good", "evil") if side == GOOD else ("evil", "good")
    assert draws == {mine: 7 + 1, theirs: 7}
    # the eighth card is kept: hands come down (to 4) only at the End segment
    assert len(s.state.sides[side].actions) == 8 and len(s.state.sides[1 - side].actions) == 7
    assert not s.state.frames and s.state.step == "pick" and s.decider() == GOOD
    assert not any(a.startswith("discard") for a in s.legal(GOOD))


def test_extra_draw_needs_the_leader_engaged_and_not_retreated() -> None:
    s = Scenario()
    huang_zhong = s.unit(GOOD, "huang_zhong", ["foot"])
    s.unit(GOOD, "zhao_yun", ["foot"])
    s.unit(EVIL, "xiahou_yan", ["swords"])
    s.state.retreated = [huang_zhong]
    action_segment(s, attacker=GOOD)
    draws = {d["side"]: d["count"] for d in s.events_of("draw") if d["hand"] == "actions"}
    assert draws == {"good": 7, "evil": 7}


def test_cheng_yu_makes_the_opponent_discard_a_random_action_card_after_the_action_segment() -> None:
    s = Scenario()
    s.unit(EVIL, "cheng_yu", ["foot"])
    s.unit(GOOD, "ma_chao", ["swords"])
    action_segment(s, attacker=GOOD)
    (discard,) = [d for d in s.events_of("discard") if d.get("why") == "Cheng Yu"]
    assert discard["side"] == "good" and discard["random"] is True
    assert len(s.state.sides[GOOD].actions) == 6 and len(s.state.sides[EVIL].actions) == 7
    assert discard["card"] in s.state.action_discard


def test_cheng_yu_retreated_has_no_effect() -> None:
    s = Scenario()
    cheng_yu = s.unit(EVIL, "cheng_yu", ["foot"])
    s.unit(EVIL, "xiahou_yan", ["foot"])
    s.unit(GOOD, "ma_chao", ["swords"])
    s.state.retreated = [cheng_yu]
    action_segment(s, attacker=GOOD)
    assert [d for d in s.events_of("discard") if d.get("why") == "Cheng Yu"] == []


SCOUTS = [
    (GOOD, "ma_chao", []),
    (GOOD, "zhao_yun", ["mei_mei"]),
    (GOOD, "zhao_yun", ["li_li"]),
    (GOOD, "zhao_yun", ["luo_luo"]),
    (EVIL, "xiahou_yan", ["xi_xuanfeng"]),
    (EVIL, "xiahou_yan", ["dong_xuanfeng"]),
]


@pytest.mark.parametrize(("side", "leader", "mods"), SCOUTS)
def test_scout_sees_the_opponents_action_hand_after_the_action_segment(
    side: int, leader: str, mods: list[str]
) -> None:
    s = Scenario()
    s.unit(side, leader, ["foot"], mods)
    s.unit(1 - side, "zhuge_liang" if side == EVIL else "xun_yu", ["swords"])
    action_segment(s, attacker=GOOD)
    (look,) = [e for e in s.events if e.kind == "look"]
    mine, theirs = ("good", "evil") if side == GOOD else ("evil", "good")
    seen = look.visible_to(side)
    assert seen["side"] == mine and seen["at"] == theirs and seen["why"] == "scout"
    assert seen["cards"] == sorted(s.state.sides[1 - side].actions) and len(seen["cards"]) == 7
    assert "cards" not in look.visible_to(1 - side) and "cards" not in look.visible_to(None)


def test_several_scouts_see_the_hand_once() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"], ["mei_mei"])
    s.unit(GOOD, "zhao_yun", ["foot"], ["li_li"])
    s.unit(EVIL, "xun_yu", ["swords"])
    action_segment(s, attacker=GOOD)
    assert [e["side"] for e in s.events_of("look")] == ["good"]


def test_scout_that_retreated_sees_nothing() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    s.unit(GOOD, "zhao_yun", ["foot"])
    s.unit(EVIL, "xun_yu", ["swords"])
    s.state.retreated = [ma_chao]
    action_segment(s, attacker=GOOD)
    assert s.events_of("look") == []


def test_leaders_without_scout_see_nothing() -> None:
    s = Scenario()
    s.unit(GOOD, "zhao_yun", ["foot"])
    s.unit(EVIL, "xiahou_yan", ["swords"])
    action_segment(s, attacker=GOOD)
    assert s.events_of("look") == []


# ----- "use any X card as Y" ----------------------------------------------------------------

# (side, leader, troop, card in hand, counts as, Force the card adds to the unit)
USE_AS = [
    (GOOD, "mei_sanniang", "foot", "tactician", "meteor_shower", 4),  # doubles her base 4
    (EVIL, "guo_jai", "foot", "fire_storm", "hail", 1),
    (EVIL, "deng_ai", "foot", "hail", "fire_balls", 1 + 3),  # +3 vs Infantry (Good has Swords)
    (EVIL, "hu_zhi", "foot", "tactician", "crush", 3),
    (EVIL, "xu_huang", "cavalry", "tactician", "charge", 3),
    (EVIL, "pang_de", "foot", "tactician", "raid", 1),
    (EVIL, "cao_hong", "foot", "tactician", "rally", 1),
    (EVIL, "guo_shao", "archers", "tactician", "volley", 3),
    (EVIL, "yue_jin", "foot", "tactician", "battle_cry", 2),  # doubles his base 2
    (EVIL, "li_dian", "foot", "tactician", "iron_wall", 1),
]
TROOP_FORCE = {"foot": 3, "cavalry": 5, "archers": 3}
LEADER_FORCE = {"mei_sanniang": 4, "guo_jai": 4, "deng_ai": 3, "hu_zhi": 5, "xu_huang": 4,
                "pang_de": 5, "cao_hong": 2, "guo_shao": 4, "yue_jin": 2, "li_dian": 2}


@pytest.mark.parametrize(("side", "leader", "troop", "card", "as_", "bonus"), USE_AS)
def test_leader_may_use_a_card_as_another(
    side: int, leader: str, troop: str, card: str, as_: str, bonus: int
) -> None:
    s = Scenario()
    lid = s.unit(side, leader, [troop])
    # the opponent attacks with a unit whose troops trigger no bonus of Foot, Cavalry or Archers
    opp = s.unit(1 - side, "ma_chao" if side == EVIL else "xiahou_yan", ["swords"])
    (cid,) = s.hand(side, "actions", [card])
    s.engagement(attacker=1 - side, att_unit=opp, def_unit=lid)
    assert f"play card={cid} as={as_}" in s.legal(side)
    s.play(side, f"play card={cid} as={as_}")
    (play,) = s.events_of("play")
    assert play["as"] == as_
    res = s.events_of("resolution")[0]["defender"]
    defending = 2 if troop in ("foot", "archers") else 0  # Foot and Archers: +2 if Defender
    assert res["force"] == LEADER_FORCE[leader] + TROOP_FORCE[troop] + defending + bonus


# (leader, card used, as, opposing leader, opposing card it negates, opposing unit's force after)
USE_AS_NEGATES = [
    ("pang_de", "tactician", "raid", "ma_chao", "ring", 5 + 5),  # Raid negates a Formation
    ("cao_hong", "tactician", "rally", "ma_chao", "backup_effect", 5 + 5),  # Rally: an Event
    ("li_dian", "tactician", "iron_wall", "zhuge_liang", "fire_storm", 6 + 5),  # Iron Wall: a Spell
    ("guo_jai", "fire_storm", "hail", "ma_chao", "backup_effect", 5 + 5),  # Hail: an Event
]


@pytest.mark.parametrize(("leader", "card", "as_", "opponent", "target", "opp_force"), USE_AS_NEGATES)
def test_a_card_used_as_a_negating_card_negates_like_it(
    leader: str, card: str, as_: str, opponent: str, target: str, opp_force: int
) -> None:
    s = Scenario()
    lid = s.unit(EVIL, leader, ["foot"])
    opp = s.unit(GOOD, opponent, ["swords"])
    (target_id,) = s.hand(GOOD, "actions", [target])
    (cid,) = s.hand(EVIL, "actions", [card])
    s.engagement(attacker=EVIL, att_unit=lid, def_unit=opp)
    s.play(GOOD, f"play card={target_id}")
    s.play(EVIL, f"play card={cid} as={as_}")
    assert s.events_of("play")[1]["negates"] == target_id
    assert s.events_of("resolution")[0]["defender"]["force"] == opp_force


def test_mei_sanniang_cannot_use_a_tactic_as_a_tactic() -> None:
    s = Scenario()
    mei = s.unit(GOOD, "mei_sanniang", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    (tactician,) = s.hand(GOOD, "actions", ["tactician"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=mei)
    assert s.legal(GOOD) == [f"play card={tactician} as=meteor_shower", "pass"]
    refuse(s, GOOD, f"play card={tactician}")


def test_use_as_leader_may_still_play_the_card_as_itself() -> None:
    s = Scenario()
    hu_zhi = s.unit(EVIL, "hu_zhi", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    (tactician,) = s.hand(EVIL, "actions", ["tactician"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=hu_zhi)
    assert s.legal(EVIL) == [f"play card={tactician}", f"play card={tactician} as=crush", "pass"]


def test_use_as_respects_the_troop_type_of_the_card_it_becomes() -> None:
    s = Scenario()
    xu_huang = s.unit(EVIL, "xu_huang", ["foot"])  # Charge needs Cavalry
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    (tactician,) = s.hand(EVIL, "actions", ["tactician"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=xu_huang)
    refuse(s, EVIL, f"play card={tactician} as=charge")


def test_a_leader_without_the_ability_cannot_use_a_card_as_another() -> None:
    s = Scenario()
    zhang_liao = s.unit(EVIL, "zhang_liao", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    (tactician,) = s.hand(EVIL, "actions", ["tactician"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=zhang_liao)
    refuse(s, EVIL, f"play card={tactician} as=crush")


# ----- Loyal --------------------------------------------------------------------------------

@pytest.mark.parametrize("loyal", ["guan_yu", "zhang_fei"])
def test_loyal_leader_cannot_be_given_away_by_treachery(loyal: str) -> None:
    s = Scenario()
    lid = s.unit(GOOD, loyal, ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    treachery, _ = s.hand(EVIL, "recruits", ["treachery", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"special card={treachery}")
    assert s.legal(GOOD) == [f"give unit={ma_chao}"]
    refuse(s, GOOD, f"give unit={lid}")


# ----- leader-deck modifiers ----------------------------------------------------------------

def test_tiger_general_attaches_to_a_general_in_the_deploy_phase_for_force_plus_two() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    (tiger,) = s.hand(GOOD, "leaders", ["tiger_general"])
    s.hand(GOOD, "recruits", ["stirring_oratory"])
    s.deploy(GOOD)
    s.play(GOOD, f"attach card={tiger} unit={ma_chao}")
    assert s.state.sides[GOOD].leaders == []
    assert s.force(ma_chao, in_fight=False) == 5 + 3 + 2


def test_tiger_general_cannot_attach_to_a_sorcerer() -> None:
    s = Scenario()
    zhuge_liang = s.unit(GOOD, "zhuge_liang", ["foot"])
    (tiger,) = s.hand(GOOD, "leaders", ["tiger_general"])
    s.hand(GOOD, "recruits", ["stirring_oratory"])
    s.deploy(GOOD)
    refuse(s, GOOD, f"attach card={tiger} unit={zhuge_liang}")


def test_at_most_one_tiger_general_per_general() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"], ["tiger_general"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["foot"])
    (tiger,) = s.hand(GOOD, "leaders", ["tiger_general"])
    s.hand(GOOD, "recruits", ["stirring_oratory"])
    s.deploy(GOOD)
    assert f"attach card={tiger} unit={zhao_yun}" in s.legal(GOOD)
    refuse(s, GOOD, f"attach card={tiger} unit={ma_chao}")


def test_tiger_general_is_refused_after_the_battle() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    (tiger,) = s.hand(GOOD, "leaders", ["tiger_general"])
    s.hand(GOOD, "recruits", ["experience"])
    after_battle(s, winner=GOOD)
    refuse(s, GOOD, f"attach card={tiger} unit={ma_chao}")


NINJAS = [(GOOD, "mei_mei"), (GOOD, "li_li"), (GOOD, "luo_luo"),
          (EVIL, "xi_xuanfeng"), (EVIL, "dong_xuanfeng")]


@pytest.mark.parametrize(("side", "ninja"), NINJAS)
def test_ninja_attaches_to_any_leader_in_the_deploy_phase_for_force_plus_one(side: int, ninja: str) -> None:
    s = Scenario()
    sorcerer = s.unit(side, "zhuge_liang" if side == GOOD else "sima_yi", ["foot"])
    (card,) = s.hand(side, "leaders", [ninja])
    s.hand(side, "recruits", ["stirring_oratory"])
    s.deploy(side)
    assert f"attach card={card} unit={sorcerer}" in s.legal(side)
    s.play(side, f"attach card={card} unit={sorcerer}")
    assert s.force(sorcerer, in_fight=False) == 6 + 3 + 1


@pytest.mark.parametrize(("side", "ninja"), NINJAS)
def test_ninja_is_refused_after_the_battle(side: int, ninja: str) -> None:
    s = Scenario()
    lid = s.unit(side, "zhao_yun" if side == GOOD else "xiahou_yan", ["foot"])
    (card,) = s.hand(side, "leaders", [ninja])
    s.hand(side, "recruits", ["experience"])
    after_battle(s, winner=side)
    refuse(s, side, f"attach card={card} unit={lid}")


@pytest.mark.parametrize("mod", ["tiger_general", "mei_mei"])
def test_a_leader_deck_modifier_cannot_lead_a_unit(mod: str) -> None:
    s = Scenario()
    (card,) = s.hand(GOOD, "leaders", [mod])
    foot, _ = s.hand(GOOD, "recruits", ["foot", "stirring_oratory"])
    s.deploy(GOOD)
    refuse(s, GOOD, f"deploy leader={card} troop={foot}")


def test_scout_look_is_addressed_only_to_the_scouting_side() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"])
    s.unit(EVIL, "xun_yu", ["swords"])
    action_segment(s, attacker=EVIL)
    (look,) = [e for e in s.events if e.kind == "look"]
    assert look.to == (GOOD,) and "cards" in look.visible_to(ALL_SEEING)
