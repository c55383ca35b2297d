"""Every card of the Recruit deck: troops (force and bonus), modifiers (force and timing) and
specials (effect), each checked against the rulebook's card list.

Set-ups are literal: Ma Chao (Force 5, no force ability) leads the Good unit under test and
Xiahou Yan (Force 6, no force ability) the Evil one unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from tests.kessen.scenario import (
    EVIL,
    GOOD,
    Scenario,
    after_battle,
    fight,
    next_round,
    refuse,
)
from warroom.games.kessen.cards import CAO_CAO, DECK_IDS, KEY, LIU_BEI

# ----- the deck ---------------------------------------------------------------------------------

# the rulebook's "#" column
COPIES = {
    "foot": 2, "swords": 2, "spears": 2, "warriors": 2, "long_bows": 2, "archers": 2,
    "crossbows": 2, "rockets": 2, "cavalry": 2, "horse_archers": 2, "elephants": 2, "chariots": 2,
    "experience": 4, "elite_troops": 4, "companion_general": 2, "companion_sorcerer": 2,
    "magical_weapon": 4, "kill_man_eating_lion": 4, "training": 4, "quality_arms_armor": 4,
    "fame": 2, "morale_boost": 2,
    "unexpected_aid": 2, "increase_supplies": 2, "duty_elsewhere": 2, "treachery": 2,
    "assassin": 2, "cut_supply_lines": 2, "raids": 2, "propaganda": 2, "stirring_oratory": 2,
}


def test_recruit_deck_holds_the_rulebooks_cards_in_the_rulebooks_numbers() -> None:
    deck = DECK_IDS["recruit"]
    assert len(deck) == 74
    counts: dict[str, int] = {}
    for c in deck:
        counts[KEY[c]] = counts.get(KEY[c], 0) + 1
    assert counts == COPIES


# ----- troops ---------------------------------------------------------------------------------

# (troop, printed force)
PRINTED = [
    ("foot", 3), ("swords", 5), ("spears", 4), ("warriors", 6),
    ("long_bows", 4), ("archers", 3), ("crossbows", 5), ("rockets", 6),
    ("cavalry", 5), ("horse_archers", 3), ("elephants", 6), ("chariots", 4),
]


@pytest.mark.parametrize(("troop", "force"), PRINTED)
def test_troop_adds_its_printed_force_to_its_leader(troop: str, force: int) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", [troop])
    assert s.force(ma_chao, in_fight=False) == 5 + force


# (troop, Good attacks?, Evil's troop, Good's force in the engagement)
BONUSES = [
    # Foot 3: +2 if Defender
    ("foot", False, "swords", 5 + 3 + 2),
    ("foot", True, "swords", 5 + 3),
    # Swords 5: +2 vs Ranged
    ("swords", False, "archers", 5 + 5 + 2),
    ("swords", False, "foot", 5 + 5),
    # Spears 4: +2 vs Cavalry
    ("spears", False, "cavalry", 5 + 4 + 2),
    ("spears", False, "archers", 5 + 4),
    # Warriors 6: +2 vs Infantry
    ("warriors", False, "foot", 5 + 6 + 2),
    ("warriors", False, "cavalry", 5 + 6),
    # Long Bows 4: +2 vs Infantry
    ("long_bows", False, "swords", 5 + 4 + 2),
    ("long_bows", False, "cavalry", 5 + 4),
    # Archers 3: +2 if Defender
    ("archers", False, "swords", 5 + 3 + 2),
    ("archers", True, "swords", 5 + 3),
    # Crossbows 5: +2 vs Cavalry
    ("crossbows", False, "elephants", 5 + 5 + 2),
    ("crossbows", False, "foot", 5 + 5),
    # Rockets 6: +2 vs Ranged
    ("rockets", False, "long_bows", 5 + 6 + 2),
    ("rockets", False, "foot", 5 + 6),
    # Cavalry 5: +2 vs Ranged
    ("cavalry", False, "crossbows", 5 + 5 + 2),
    ("cavalry", False, "spears", 5 + 5),
    # Horse Archers 3: +2 vs Infantry
    ("horse_archers", False, "warriors", 5 + 3 + 2),
    ("horse_archers", False, "rockets", 5 + 3),
    # Elephants 6: +2 vs Cavalry
    ("elephants", False, "chariots", 5 + 6 + 2),
    ("elephants", False, "foot", 5 + 6),
    # Chariots 4: +2 if Attacker
    ("chariots", True, "foot", 5 + 4 + 2),
    ("chariots", False, "foot", 5 + 4),
]


@pytest.mark.parametrize(("troop", "good_attacks", "enemy_troop", "force"), BONUSES)
def test_troop_bonus_applies_only_when_its_condition_holds(
    troop: str, good_attacks: bool, enemy_troop: str, force: int
) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", [troop])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", [enemy_troop])
    if good_attacks:
        res = fight(s, GOOD, ma_chao, xiahou_yan)
        assert res["attacker"]["force"] == force
    else:
        res = fight(s, EVIL, xiahou_yan, ma_chao)
        assert res["defender"]["force"] == force


def test_troop_bonus_is_not_counted_outside_an_engagement() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])  # +2 if Defender
    assert s.force(ma_chao, in_fight=False) == 5 + 3


def test_vs_bonus_applies_when_any_troop_of_a_two_troop_unit_has_the_type() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])  # +2 vs Ranged
    cao_bu = s.unit(EVIL, "cao_bu", ["foot", "archers"])
    res = fight(s, EVIL, cao_bu, ma_chao)
    assert res["defender"]["force"] == 5 + 5 + 2


def test_each_of_two_troops_gets_its_own_bonus() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["cavalry"])
    cao_bu = s.unit(EVIL, "cao_bu", ["foot", "spears"])  # Foot +2 defending, Spears +2 vs Cavalry
    res = fight(s, GOOD, ma_chao, cao_bu)
    assert res["defender"]["force"] == 2 + (3 + 2) + (4 + 2)


def test_troop_is_deployed_with_a_leader_from_the_leader_hand_to_form_a_unit() -> None:
    s = Scenario()
    (zhao_yun,) = s.hand(GOOD, "leaders", ["zhao_yun"])
    foot, _ = s.hand(GOOD, "recruits", ["foot", "stirring_oratory"])
    s.deploy(GOOD)
    assert f"deploy leader={zhao_yun} troop={foot}" in s.legal(GOOD)
    s.play(GOOD, f"deploy leader={zhao_yun} troop={foot}")
    unit = s.state.find_unit(zhao_yun)
    assert unit is not None and unit.troops == [foot] and unit.mods == []
    assert zhao_yun not in s.state.sides[GOOD].leaders and foot not in s.state.sides[GOOD].recruits


def test_a_leader_with_a_troop_cannot_take_a_second_troop() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    (swords, _) = s.hand(GOOD, "recruits", ["swords", "stirring_oratory"])
    s.deploy(GOOD)
    refuse(s, GOOD, f"deploy leader={ma_chao} troop={swords}")


# ----- modifiers ------------------------------------------------------------------------------

DEPLOY_MODS = ["companion_general", "companion_sorcerer", "magical_weapon",
               "kill_man_eating_lion", "training", "quality_arms_armor"]
AFTER_BATTLE_MODS = ["experience", "elite_troops"]
WINNER_MODS = ["fame", "morale_boost"]


@pytest.mark.parametrize("mod", DEPLOY_MODS)
def test_deploy_modifier_attaches_in_the_deploy_phase_for_force_plus_one(mod: str) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    card, _ = s.hand(GOOD, "recruits", [mod, "stirring_oratory"])
    s.deploy(GOOD)
    assert f"attach card={card} unit={ma_chao}" in s.legal(GOOD)
    s.play(GOOD, f"attach card={card} unit={ma_chao}")
    unit = s.state.find_unit(ma_chao)
    assert unit is not None and unit.mods == [card]
    assert card not in s.state.sides[GOOD].recruits
    assert s.force(ma_chao, in_fight=False) == 5 + 3 + 1


@pytest.mark.parametrize("mod", DEPLOY_MODS)
def test_deploy_modifier_is_refused_after_the_battle(mod: str) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    card, _ = s.hand(GOOD, "recruits", [mod, "experience"])
    after_battle(s, winner=GOOD)
    assert s.state.step == "after_battle" and s.decider() == GOOD
    refuse(s, GOOD, f"attach card={card} unit={ma_chao}")


@pytest.mark.parametrize("mod", DEPLOY_MODS + AFTER_BATTLE_MODS + WINNER_MODS)
def test_modifier_needs_a_unit_not_a_troopless_main_leader(mod: str) -> None:
    s = Scenario()
    card, _ = s.hand(GOOD, "recruits", [mod, "stirring_oratory"])
    s.deploy(GOOD)
    refuse(s, GOOD, f"attach card={card} unit={LIU_BEI}")


@pytest.mark.parametrize("mod", AFTER_BATTLE_MODS + WINNER_MODS)
def test_after_battle_modifier_is_refused_in_the_deploy_phase(mod: str) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    card, _ = s.hand(GOOD, "recruits", [mod, "stirring_oratory"])
    s.deploy(GOOD)
    refuse(s, GOOD, f"attach card={card} unit={ma_chao}")


@pytest.mark.parametrize("mod", AFTER_BATTLE_MODS)
def test_after_battle_modifier_attaches_to_a_unit_that_fought_even_if_it_lost_and_retreated(
    mod: str,
) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    card, _ = s.hand(GOOD, "recruits", [mod, "experience"])
    after_battle(s, winner=EVIL, retreated=[ma_chao])
    assert s.decider() == GOOD  # the winner, Evil, had nothing to attach and passed
    assert f"attach card={card} unit={ma_chao}" in s.legal(GOOD)
    s.play(GOOD, f"attach card={card} unit={ma_chao}")
    unit = s.state.find_unit(ma_chao)
    assert unit is not None and card in unit.mods
    assert s.force(ma_chao, in_fight=False) == 5 + 3 + 1
    assert xiahou_yan not in [u.leader for u in s.state.sides[GOOD].units]


@pytest.mark.parametrize("mod", AFTER_BATTLE_MODS + WINNER_MODS)
def test_after_battle_modifier_is_refused_for_a_unit_that_did_not_fight(mod: str) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["swords"])  # on Duty Elsewhere, say: not in the battle
    card, _ = s.hand(GOOD, "recruits", [mod, "experience"])
    after_battle(s, winner=GOOD, engaged=[ma_chao])
    assert f"attach card={card} unit={ma_chao}" in s.legal(GOOD)
    refuse(s, GOOD, f"attach card={card} unit={zhao_yun}")


@pytest.mark.parametrize("mod", WINNER_MODS)
def test_winner_modifier_attaches_for_force_plus_two_to_a_winning_unit_that_did_not_retreat(
    mod: str,
) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    s.unit(EVIL, "xiahou_yan", ["swords"])
    card, _ = s.hand(GOOD, "recruits", [mod, "experience"])
    after_battle(s, winner=GOOD)
    s.play(GOOD, f"attach card={card} unit={ma_chao}")
    assert s.force(ma_chao, in_fight=False) == 5 + 3 + 2


@pytest.mark.parametrize("mod", WINNER_MODS)
def test_winner_modifier_is_refused_for_a_winning_unit_that_retreated(mod: str) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["swords"])
    s.unit(EVIL, "xiahou_yan", ["swords"])
    card, _ = s.hand(GOOD, "recruits", [mod, "experience"])
    after_battle(s, winner=GOOD, retreated=[ma_chao])
    assert f"attach card={card} unit={zhao_yun}" in s.legal(GOOD)
    refuse(s, GOOD, f"attach card={card} unit={ma_chao}")


@pytest.mark.parametrize("mod", WINNER_MODS)
def test_winner_modifier_is_refused_to_the_side_that_lost_the_battle(mod: str) -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    card, experience = s.hand(EVIL, "recruits", [mod, "experience"])
    after_battle(s, winner=GOOD)  # Good has no cards: it passes, then Evil acts
    assert s.decider() == EVIL
    assert f"attach card={experience} unit={xiahou_yan}" in s.legal(EVIL)
    refuse(s, EVIL, f"attach card={card} unit={xiahou_yan}")


def test_companion_general_lets_a_sorcerer_use_tactics() -> None:
    s = Scenario()
    zhuge_liang = s.unit(GOOD, "zhuge_liang", ["foot"], ["companion_general"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    (tactician,) = s.hand(GOOD, "actions", ["tactician"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=zhuge_liang)
    assert f"play card={tactician}" in s.legal(GOOD)
    assert s.force(zhuge_liang, in_fight=False) == 6 + 3 + 1


def test_a_sorcerer_without_companion_general_cannot_use_tactics() -> None:
    s = Scenario()
    zhuge_liang = s.unit(GOOD, "zhuge_liang", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    tactician, _ = s.hand(GOOD, "actions", ["tactician", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=zhuge_liang)
    refuse(s, GOOD, f"play card={tactician}")


def test_companion_sorcerer_lets_a_general_use_spells() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"], ["companion_sorcerer"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    (fire_storm,) = s.hand(GOOD, "actions", ["fire_storm"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_chao)
    assert f"play card={fire_storm}" in s.legal(GOOD)
    s.play(GOOD, f"play card={fire_storm}")
    # Ma Chao 5 + Foot 3 (+2 defending) + Companion Sorcerer 1 + Fire Storm 3
    assert s.events_of("resolution")[0]["defender"]["force"] == 5 + 5 + 1 + 3


def test_a_general_without_companion_sorcerer_cannot_use_spells() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    fire_storm, _ = s.hand(GOOD, "actions", ["fire_storm", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_chao)
    refuse(s, GOOD, f"play card={fire_storm}")


def test_modifiers_add_up_and_stay_from_round_to_round() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"], ["training", "magical_weapon", "fame"])
    assert s.force(ma_chao, in_fight=False) == 5 + 3 + 1 + 1 + 2
    next_round(s)
    unit = s.state.find_unit(ma_chao)
    assert unit is not None and [KEY[m] for m in unit.mods] == ["training", "magical_weapon", "fame"]
    assert s.force(ma_chao, in_fight=False) == 5 + 3 + 1 + 1 + 2


# ----- specials -------------------------------------------------------------------------------

def test_unexpected_aid_draws_the_top_card_of_your_leader_deck() -> None:
    s = Scenario()
    aid, _ = s.hand(GOOD, "recruits", ["unexpected_aid", "stirring_oratory"])
    top = s.state.sides[GOOD].leader_deck[-1]
    s.deploy(GOOD)
    assert f"special card={aid}" in s.legal(GOOD)
    s.play(GOOD, f"special card={aid}")
    assert s.state.sides[GOOD].leaders == [top]
    assert top not in s.state.sides[GOOD].leader_deck
    assert aid in s.state.recruit_discard and aid not in s.state.sides[GOOD].recruits


def test_increase_supplies_draws_two_recruit_cards() -> None:
    s = Scenario()
    supplies, oratory = s.hand(GOOD, "recruits", ["increase_supplies", "stirring_oratory"])
    top_two = s.state.recruit_deck[-2:]
    s.deploy(GOOD)
    s.play(GOOD, f"special card={supplies}")
    assert sorted(s.state.sides[GOOD].recruits) == sorted([oratory, *top_two])
    assert supplies in s.state.recruit_discard


def test_duty_elsewhere_keeps_the_unit_out_of_this_rounds_battle() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["spears"])
    (duty,) = s.hand(GOOD, "recruits", ["duty_elsewhere"])
    s.deploy(GOOD)
    assert f"special card={duty} unit={zhang_liao}" in s.legal(GOOD)
    assert f"special card={duty} unit={ma_chao}" in s.legal(GOOD)  # your own units too
    s.play(GOOD, f"special card={duty} unit={zhang_liao}")
    # nobody has anything else to do: the battle starts without Zhang Liao
    (battle,) = s.events_of("battle")[:1]
    assert sorted(battle["engaged"]) == sorted([ma_chao, xiahou_yan])


def test_duty_elsewhere_lasts_only_one_round() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["swords"])
    duty, _ = s.hand(GOOD, "recruits", ["duty_elsewhere", "stirring_oratory"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={duty} unit={zhang_liao}")
    assert s.state.duty == [zhang_liao]
    next_round(s)
    assert s.state.duty == []


def test_duty_elsewhere_keeps_cao_cao_out_even_when_a_streak_would_bring_him_in() -> None:
    s = Scenario()
    s.unit(EVIL, "cao_cao", ["foot"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    s.state.streak, s.state.last_winner = 2, GOOD
    (duty,) = s.hand(GOOD, "recruits", ["duty_elsewhere"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={duty} unit={CAO_CAO}")
    assert s.events_of("battle")[0]["engaged"] == [ma_chao]


@pytest.mark.parametrize("loyal", ["guan_yu", "zhang_fei"])
def test_duty_elsewhere_cannot_target_a_loyal_leader(loyal: str) -> None:
    s = Scenario()
    leader = s.unit(GOOD, loyal, ["foot"])
    (duty,) = s.hand(EVIL, "recruits", ["duty_elsewhere"])
    s.hand(GOOD, "recruits", ["stirring_oratory"])
    s.deploy(EVIL)
    refuse(s, EVIL, f"special card={duty} unit={leader}")


def test_duty_elsewhere_cannot_target_a_main_leader_without_a_troop() -> None:
    s = Scenario()
    (duty,) = s.hand(GOOD, "recruits", ["duty_elsewhere"])
    s.hand(EVIL, "recruits", ["stirring_oratory"])
    s.deploy(GOOD)
    refuse(s, GOOD, f"special card={duty} unit={CAO_CAO}")


def test_treachery_makes_the_opponent_give_you_one_of_their_units() -> None:
    s = Scenario()
    zhang_liao = s.unit(EVIL, "zhang_liao", ["swords"], ["training"])
    s.unit(EVIL, "cao_cao", ["foot"])
    treachery, _ = s.hand(GOOD, "recruits", ["treachery", "stirring_oratory"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={treachery}")
    # Evil chooses among its units that are neither Cao Cao nor Loyal
    assert s.decider() == EVIL
    assert s.legal(EVIL) == [f"give unit={zhang_liao}"]
    refuse(s, EVIL, f"give unit={CAO_CAO}")
    s.play(EVIL, f"give unit={zhang_liao}")
    assert s.state.controller(zhang_liao) == GOOD
    unit = s.state.find_unit(zhang_liao)
    assert unit is not None and [KEY[c] for c in unit.troops + unit.mods] == ["swords", "training"]
    assert s.events_of("treachery") == [{"kind": "treachery", "side": "good", "unit": zhang_liao}]


def test_a_leader_taken_by_treachery_goes_to_its_own_decks_discard_when_discarded() -> None:
    s = Scenario()
    zhang_liao = s.unit(EVIL, "zhang_liao", ["swords"])
    treachery, _ = s.hand(GOOD, "recruits", ["treachery", "stirring_oratory"])
    assassin, _ = s.hand(EVIL, "recruits", ["assassin", "stirring_oratory"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={treachery}")
    s.play(EVIL, f"give unit={zhang_liao}")
    s.play(EVIL, f"special card={assassin}")
    s.play(GOOD, f"discard card={zhang_liao}")
    assert s.state.sides[EVIL].leader_discard == [zhang_liao]
    assert s.state.sides[GOOD].leader_discard == []


def test_treachery_has_no_effect_when_every_enemy_unit_is_loyal_or_liu_bei() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])
    s.unit(GOOD, "guan_yu", ["swords"])
    s.unit(GOOD, "zhang_fei", ["spears"])
    treachery, _ = s.hand(EVIL, "recruits", ["treachery", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"special card={treachery}")
    assert s.events_of("no_effect") == [{"kind": "no_effect", "card": treachery}]
    assert len(s.state.sides[GOOD].units) == 3 and len(s.state.sides[EVIL].units) == 1


def test_assassin_makes_the_opponent_discard_a_leader_in_play_with_its_unit() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"], ["training"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["swords"])
    s.unit(GOOD, "liu_bei", ["spears"])
    assassin, _ = s.hand(EVIL, "recruits", ["assassin", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"special card={assassin}")
    assert s.decider() == GOOD
    assert s.legal(GOOD) == [f"discard card={c}" for c in sorted([ma_chao, zhao_yun])]
    refuse(s, GOOD, f"discard card={LIU_BEI}")
    troop, mod = s.state.find_unit(ma_chao).troops[0], s.state.find_unit(ma_chao).mods[0]  # type: ignore[union-attr]
    s.play(GOOD, f"discard card={ma_chao}")
    assert s.state.find_unit(ma_chao) is None
    assert s.state.sides[GOOD].leader_discard == [ma_chao]
    assert troop in s.state.recruit_discard and mod in s.state.recruit_discard
    assert [u.leader for u in s.state.sides[GOOD].units] == [LIU_BEI, zhao_yun]


def test_assassin_takes_a_leader_from_the_hand_when_none_is_in_play() -> None:
    s = Scenario()
    zhao_yun, tiger = s.hand(GOOD, "leaders", ["zhao_yun", "tiger_general"])
    assassin, _ = s.hand(EVIL, "recruits", ["assassin", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"special card={assassin}")
    # a single choice left: Good still answers it (the engine only auto-answers a lone "pass")
    assert s.legal(GOOD) == [f"discard card={zhao_yun}"]
    s.play(GOOD, f"discard card={zhao_yun}")
    assert s.state.sides[GOOD].leaders == [tiger]
    assert s.state.sides[GOOD].leader_discard == [zhao_yun]


def test_assassin_has_no_effect_when_the_opponent_has_no_leader_to_lose() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])
    s.hand(GOOD, "leaders", ["tiger_general"])
    assassin, _ = s.hand(EVIL, "recruits", ["assassin", "stirring_oratory"])
    s.deploy(EVIL)
    s.play(EVIL, f"special card={assassin}")
    assert s.events_of("no_effect") == [{"kind": "no_effect", "card": assassin}]
    assert s.state.sides[GOOD].leader_discard == []


def test_cut_supply_lines_makes_every_enemy_troop_force_minus_one_this_round() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    cao_bu = s.unit(EVIL, "cao_bu", ["foot", "archers"])
    cut, _ = s.hand(GOOD, "recruits", ["cut_supply_lines", "stirring_oratory"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={cut}")
    assert s.force(cao_bu, in_fight=False) == 2 + (3 - 1) + (3 - 1)
    assert s.force(ma_chao, in_fight=False) == 5 + 3  # your own troops are untouched
    next_round(s)
    assert s.force(cao_bu, in_fight=False) == 2 + 3 + 3


def test_cut_supply_lines_counts_in_the_engagement() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["foot"])
    s.state.troop_penalty[EVIL] = 1  # as Cut Supply Lines left it
    res = fight(s, GOOD, ma_chao, xiahou_yan)
    assert res["defender"]["force"] == 6 + (3 + 2 - 1)


def test_raids_makes_the_opponent_discard_three_recruit_cards_of_their_choice() -> None:
    s = Scenario()
    raids, _ = s.hand(GOOD, "recruits", ["raids", "stirring_oratory"])
    evil_hand = s.hand(EVIL, "recruits", ["foot", "swords", "spears", "training", "fame"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={raids}")
    assert s.decider() == EVIL
    assert s.legal(EVIL) == [f"discard card={c}" for c in sorted(evil_hand)]
    for card in evil_hand[:3]:
        s.play(EVIL, f"discard card={card}")
    assert s.state.sides[EVIL].recruits == evil_hand[3:]
    assert all(c in s.state.recruit_discard for c in evil_hand[:3])
    assert s.state.step == "deploy" and not s.state.frames


def test_raids_against_fewer_than_three_cards_discards_them_all() -> None:
    s = Scenario()
    raids, _ = s.hand(GOOD, "recruits", ["raids", "stirring_oratory"])
    evil_hand = s.hand(EVIL, "recruits", ["foot", "swords"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={raids}")
    for card in evil_hand:
        s.play(EVIL, f"discard card={card}")
    assert s.state.sides[EVIL].recruits == []


def test_propaganda_steals_two_random_recruit_cards() -> None:
    s = Scenario()
    propaganda, oratory = s.hand(GOOD, "recruits", ["propaganda", "stirring_oratory"])
    evil_hand = s.hand(EVIL, "recruits", ["foot", "swords", "spears"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={propaganda}")
    good = s.state.sides[GOOD].recruits
    stolen = [c for c in good if c != oratory]
    assert len(stolen) == 2 and set(stolen) <= set(evil_hand)
    assert len(s.state.sides[EVIL].recruits) == 1
    (steal,) = s.events_of("steal")
    assert sorted(steal["cards"]) == sorted(stolen)


def test_propaganda_shows_the_stolen_cards_only_to_the_two_players() -> None:
    s = Scenario()
    propaganda, _ = s.hand(GOOD, "recruits", ["propaganda", "stirring_oratory"])
    s.hand(EVIL, "recruits", ["foot", "swords", "spears"])
    s.deploy(GOOD)
    (event,) = [e for e in s.play(GOOD, f"special card={propaganda}") if e.kind == "steal"]
    assert "cards" in event.visible_to(GOOD) and "cards" in event.visible_to(EVIL)
    assert event.visible_to(None) == {"kind": "steal", "side": "good", "count": 2}


def test_propaganda_against_one_card_steals_it() -> None:
    s = Scenario()
    propaganda, _ = s.hand(GOOD, "recruits", ["propaganda", "stirring_oratory"])
    (foot,) = s.hand(EVIL, "recruits", ["foot"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={propaganda}")
    assert foot in s.state.sides[GOOD].recruits and s.state.sides[EVIL].recruits == []


def test_stirring_oratory_gives_all_your_units_force_plus_one_this_round() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["spears"])
    oratory, _ = s.hand(GOOD, "recruits", ["stirring_oratory", "raids"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={oratory}")
    assert s.force(ma_chao, in_fight=False) == 5 + 3 + 1
    assert s.force(zhao_yun, in_fight=False) == 5 + 5 + 1
    assert s.force(xiahou_yan, in_fight=False) == 6 + 4  # the enemy gets nothing
    next_round(s)
    assert s.force(ma_chao, in_fight=False) == 5 + 3


@pytest.mark.parametrize("special", ["unexpected_aid", "increase_supplies", "treachery", "assassin",
                                     "cut_supply_lines", "raids", "propaganda", "stirring_oratory"])
def test_special_is_played_only_in_the_deploy_phase(special: str) -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"])
    card, _ = s.hand(GOOD, "recruits", [special, "experience"])
    after_battle(s, winner=GOOD)
    assert s.decider() == GOOD
    refuse(s, GOOD, f"special card={card}")


def test_duty_elsewhere_is_played_only_in_the_deploy_phase() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    card, _ = s.hand(GOOD, "recruits", ["duty_elsewhere", "experience"])
    after_battle(s, winner=GOOD)
    refuse(s, GOOD, f"special card={card} unit={ma_chao}")
