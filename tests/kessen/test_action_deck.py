"""Every Action-deck card, shown in a real engagement.

One behaviour per test: a literal set-up, literal actions, a literal expected outcome. Force
sums are written out term by term (leader + troop + bonuses) so a reader can check them against
the card lists in the rulebook.

The engine runs every automatic step and passes for a side whose only answer is ``pass``, so a
test that wants the game to stop at a decision gives the waiting side a card to hold; the
results of a finished engagement are read from its ``resolution`` event.

Plain units used throughout (no ability that matters in the segment tested):
Liu Bei G4, Ma Chao G5, Guan Yu G6 (2 tactics), Pang Tong S6, Zhuge Liang S6 (2 spells) for
Good; Xiahou Dun G5, Xiahou Ba G5, Sima Yi S6, Cheng Yu S5 for Evil.
Swords I5 (+2 vs Ranged), Spears I4 (+2 vs Cavalry), Crossbows R5 (+2 vs Cavalry),
Cavalry C5 (+2 vs Ranged), Rockets R6 (+2 vs Ranged), Elephants C6 (+2 vs Cavalry).
"""

from __future__ import annotations

import pytest

from tests.kessen.scenario import EVIL, GOOD, Scenario, end_round, pending, played_keys, refuse, resolution
from warroom.games.kessen.core import shown_step
from warroom.games.kessen.rules import once

# ===== Strategy cards =========================================================================


def test_intercept_picks_a_different_defending_unit() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    ma_chao = s.unit(GOOD, "ma_chao", ["spears"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (intercept,) = s.hand(GOOD, "actions", ["intercept"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    assert s.legal(GOOD) == [f"play card={intercept} unit={ma_chao}", "pass"]
    refuse(s, GOOD, f"play card={intercept} unit={guan_yu}")  # already the defender
    s.play(GOOD, f"play card={intercept} unit={ma_chao}")
    res = resolution(s)
    assert res["defender"]["unit"] == ma_chao
    assert res["defender"]["force"] == 5 + 4  # Ma Chao + Spears


def test_intercept_cannot_pick_a_retreated_or_unengaged_unit() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    ma_chao = s.unit(GOOD, "ma_chao", ["spears"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["cavalry"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (intercept, council) = s.hand(GOOD, "actions", ["intercept", "war_council"])
    s.state.retreated = [ma_chao]
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy",
                 engaged=[guan_yu, ma_chao, xiahou_dun])  # Zhao Yun is not in this battle
    refuse(s, GOOD, f"play card={intercept} unit={ma_chao}")
    refuse(s, GOOD, f"play card={intercept} unit={zhao_yun}")
    assert s.legal(GOOD) == [f"play card={council}", "pass"]


def test_evasion_makes_the_opponent_choose_a_different_defender() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    ma_chao = s.unit(GOOD, "ma_chao", ["spears"])
    huang_zhong = s.unit(GOOD, "huang_zhong", ["crossbows"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (evasion,) = s.hand(GOOD, "actions", ["evasion"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={evasion}")
    # Evil has no Know Enemy, so Evasion resolves: Evil must pick one of the other two units
    assert s.decider() == EVIL
    assert s.legal(EVIL) == [f"choose unit={ma_chao}", f"choose unit={huang_zhong}"]
    refuse(s, EVIL, f"choose unit={guan_yu}")
    s.play(EVIL, f"choose unit={huang_zhong}")
    res = resolution(s)
    assert res["defender"]["unit"] == huang_zhong
    assert res["defender"]["force"] == 4 + 5  # Huang Zhong + Crossbows


def test_evasion_is_not_offered_when_the_defender_has_no_other_unit() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    xiahou_ba = s.unit(EVIL, "xiahou_ba", ["spears"])
    (evasion,) = s.hand(GOOD, "actions", ["evasion"])
    s.hand(GOOD, "actions", ["war_council"])  # keeps Good's decision open
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy",
                 engaged=[guan_yu, xiahou_dun, xiahou_ba])
    refuse(s, GOOD, f"play card={evasion}")


def test_lure_picks_a_different_attacking_unit() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    cheng_yu = s.unit(EVIL, "cheng_yu", ["spears"])
    (lure,) = s.hand(GOOD, "actions", ["lure"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    assert f"play card={lure} unit={cheng_yu}" in s.legal(GOOD)
    refuse(s, GOOD, f"play card={lure} unit={xiahou_dun}")  # already the attacker
    s.play(GOOD, f"play card={lure} unit={cheng_yu}")
    res = resolution(s)
    assert res["attacker"]["unit"] == cheng_yu
    assert res["attacker"]["force"] == 5 + 4  # Cheng Yu + Spears


def test_ruse_makes_the_opponent_choose_a_different_attacker() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    xiahou_ba = s.unit(EVIL, "xiahou_ba", ["spears"])
    cheng_yu = s.unit(EVIL, "cheng_yu", ["crossbows"])
    (ruse,) = s.hand(GOOD, "actions", ["ruse"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={ruse}")
    assert s.decider() == EVIL
    assert s.legal(EVIL) == [f"choose unit={xiahou_ba}", f"choose unit={cheng_yu}"]
    refuse(s, EVIL, f"choose unit={xiahou_dun}")
    s.play(EVIL, f"choose unit={cheng_yu}")
    assert resolution(s)["attacker"]["unit"] == cheng_yu


def test_ruse_is_not_offered_when_the_attacker_has_no_other_unit() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (ruse,) = s.hand(GOOD, "actions", ["ruse"])
    s.hand(GOOD, "actions", ["war_council"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy",
                 engaged=[guan_yu, xiahou_dun])
    refuse(s, GOOD, f"play card={ruse}")


def test_scouts_before_picking_discards_one_random_card_and_shows_the_hand() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (scouts,) = s.hand(EVIL, "actions", ["scouts"])
    good_hand = s.hand(GOOD, "actions", ["ring", "box", "volley"])
    s.pick(attacker=EVIL)
    assert f"play card={scouts}" in s.legal(EVIL)
    s.play(EVIL, f"play card={scouts}")
    (discard,) = s.events_of("discard")
    assert discard["side"] == "good" and discard["why"] == "Scouts" and discard["random"]
    assert discard["card"] in good_hand
    kept = sorted(c for c in good_hand if c != discard["card"])
    assert s.state.sides[GOOD].actions == [c for c in good_hand if c != discard["card"]]
    (look,) = [e for e in s.events if e.kind == "look"]
    assert look.to == (EVIL,) and look.secret == {"cards": kept}
    assert "cards" not in look.visible_to(GOOD)
    # back to the pick: Evil still picks the two units
    assert s.decider() == EVIL and f"pick attacker={xiahou_dun} defender={guan_yu}" in s.legal(EVIL)


def test_scouts_cannot_be_played_once_the_units_are_picked() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (scouts,) = s.hand(GOOD, "actions", ["scouts"])
    s.hand(GOOD, "actions", ["war_council"])  # keeps Good's exchange turn open
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    refuse(s, GOOD, f"play card={scouts}")


def test_only_scouts_war_council_fake_attack_and_destroy_stores_come_before_the_pick() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    hand = s.hand(EVIL, "actions", ["scouts", "war_council", "fake_attack", "destroy_stores",
                                    "intercept", "evasion", "lure", "ruse", "know_enemy", "ring"])
    s.pick(attacker=EVIL)
    assert s.legal(EVIL) == [f"pick attacker={xiahou_dun} defender={guan_yu}"] + [
        f"play card={c}" for c in sorted(hand[:4])
    ]
    for card in hand[4:]:
        refuse(s, EVIL, f"play card={card}")


def test_war_council_draws_three_action_cards() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (council, ring) = s.hand(GOOD, "actions", ["war_council", "ring"])
    s.hand(EVIL, "actions", ["box"])
    deck_top = s.state.action_deck[-3:]
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={council}")
    assert sorted(s.state.sides[GOOD].actions) == sorted([ring, *deck_top])
    assert council in s.state.action_discard


def test_war_council_can_take_the_action_hand_above_seven_until_the_end_segment() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])  # defending: 6 + 5 = 11
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])  # attacking: 5 + 5 = 10
    (council, *rest) = s.hand(GOOD, "actions", ["war_council", "ring", "box", "moon", "swan", "carp", "goose"])
    drawn = s.state.action_deck[-3:]
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={council}")
    hand = sorted(rest + drawn)
    assert sorted(s.state.sides[GOOD].actions) == hand and len(hand) == 6 + 3
    # no discard: the exchange goes on (nobody holds another strategy card) to the Tactics
    # segment, where Good may play from all nine cards
    assert not s.state.frames
    assert s.state.step == "tactics" and s.decider() == GOOD
    assert s.legal(GOOD) == [*once([f"play card={c}" for c in hand]), "pass"]
    s.play(GOOD, "pass")  # Evil has nothing to play: the engagement resolves
    assert resolution(s)["winner"] == "good"
    # the End segment brings the nine cards down to four, the owner choosing
    assert pending(s.state) == [("discard", GOOD, "actions", 4)]
    assert s.legal(GOOD) == once([f"discard card={c}" for c in hand])
    for c in hand[:5]:
        s.play(GOOD, f"discard card={c}")
    assert sorted(s.state.sides[GOOD].actions) == hand[5:]
    assert set(hand[:5]) <= set(s.state.action_discard) and not s.state.frames


def test_fake_attack_makes_the_opponent_discard_three_random_action_cards() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (fake,) = s.hand(GOOD, "actions", ["fake_attack"])
    evil_hand = s.hand(EVIL, "actions", ["ring", "box", "moon", "swan", "carp"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={fake}")
    discards = s.events_of("discard")
    assert [(d["side"], d["why"], d["random"]) for d in discards] == [("evil", "Fake Attack", True)] * 3
    gone = {d["card"] for d in discards}
    assert gone <= set(evil_hand)
    assert sorted(s.state.sides[EVIL].actions) == sorted(set(evil_hand) - gone)


def test_fake_attack_against_a_short_hand_discards_what_there_is() -> None:
    s = Scenario()
    s.unit(GOOD, "guan_yu", ["swords"])
    s.unit(EVIL, "xiahou_dun", ["swords"])
    (fake,) = s.hand(EVIL, "actions", ["fake_attack"])
    s.hand(GOOD, "actions", ["ring"])
    s.pick(attacker=EVIL)
    s.play(EVIL, f"play card={fake}")
    assert s.state.sides[GOOD].actions == []
    assert len(s.events_of("discard")) == 1


def test_know_enemy_negates_a_strategy_card_and_draws_one() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    ma_chao = s.unit(GOOD, "ma_chao", ["spears"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (intercept,) = s.hand(GOOD, "actions", ["intercept"])
    (know,) = s.hand(EVIL, "actions", ["know_enemy"])
    top = s.state.action_deck[-1]
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={intercept} unit={ma_chao}")
    assert shown_step(s.state) == "respond" and s.legal(EVIL) == [f"play card={know}", "pass"]
    s.play(EVIL, f"play card={know}")
    assert [e["card"] for e in s.events_of("negated")] == [intercept]
    assert s.state.def_unit == guan_yu  # the Intercept did nothing
    assert top in s.state.sides[EVIL].actions  # Know Enemy's draw
    assert {intercept, know} <= set(s.state.action_discard)


def test_know_enemy_is_not_a_strategy_play_of_its_own() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (know,) = s.hand(GOOD, "actions", ["know_enemy"])
    s.hand(GOOD, "actions", ["war_council"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    refuse(s, GOOD, f"play card={know}")


def test_destroy_stores_weakens_every_enemy_troop_for_the_rest_of_the_round() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    xiahou_ba = s.unit(EVIL, "xiahou_ba", ["spears"])
    (stores,) = s.hand(GOOD, "actions", ["destroy_stores"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={stores}")
    assert s.force(xiahou_dun) == 5 + (5 - 1)
    assert s.force(xiahou_ba, in_fight=False) == 5 + (4 - 1)  # every enemy troop, fighting or not
    assert s.force(guan_yu) == 6 + 5  # not Good's own troops
    # Evil's Ring is no strategy card: the exchange ends; in the tactics segment Evil passes
    assert s.state.step == "tactics" and s.decider() == EVIL
    s.play(EVIL, "pass")  # Guan Yu 11 beats Xiahou Dun 9
    assert resolution(s)["attacker"]["force"] == 5 + 4
    # the next engagement of the same round: still -1
    assert s.state.engagement == 2 and s.state.round == 1
    assert s.force(xiahou_ba, in_fight=False) == 5 + 3


def test_destroy_stores_ends_with_the_round() -> None:
    s = Scenario()
    s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (stores,) = s.hand(GOOD, "actions", ["destroy_stores"])
    s.hand(EVIL, "actions", ["ring"])
    s.pick(attacker=GOOD)
    s.play(GOOD, f"play card={stores}")
    assert s.force(xiahou_dun, in_fight=False) == 5 + 4
    end_round(s)
    assert s.state.round == 2
    assert s.force(xiahou_dun, in_fight=False) == 5 + 5


# ===== Tactics cards ==========================================================================
# Good's General defends and acts first; Evil holds a card so the segment waits for it.


def test_volley_gives_a_ranged_troop_three() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["crossbows"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (volley,) = s.hand(GOOD, "actions", ["volley"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    assert s.force(ma_chao) == 5 + 5
    s.play(GOOD, f"play card={volley}")
    assert s.force(ma_chao) == 5 + 5 + 3
    s.play(EVIL, "pass")
    res = resolution(s)
    assert (res["defender"]["force"], res["attacker"]["force"], res["winner"]) == (13, 9, "good")


def test_volley_needs_a_ranged_troop() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (volley, ring) = s.hand(GOOD, "actions", ["volley", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    assert s.legal(GOOD) == [f"play card={ring}", "pass"]
    refuse(s, GOOD, f"play card={volley}")


def test_snipe_gives_a_ranged_troop_two_and_the_opponent_discards_one_random_card() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["crossbows"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (snipe,) = s.hand(GOOD, "actions", ["snipe"])
    evil_hand = s.hand(EVIL, "actions", ["ring", "box"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={snipe}")
    (discard,) = s.events_of("discard")
    assert discard["side"] == "evil" and discard["why"] == "Snipe" and discard["card"] in evil_hand
    assert len(s.state.sides[EVIL].actions) == 1
    assert s.force(ma_chao) == 5 + 5 + 2


def test_snipe_needs_a_ranged_troop() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["cavalry"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (snipe, _ring) = s.hand(GOOD, "actions", ["snipe", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    refuse(s, GOOD, f"play card={snipe}")


def test_iron_wall_gives_an_infantry_troop_one_and_negates_the_enemy_spell() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    sima_yi = s.unit(EVIL, "sima_yi", ["spears"])
    (iron_wall,) = s.hand(GOOD, "actions", ["iron_wall"])
    (fire_storm,) = s.hand(EVIL, "actions", ["fire_storm"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=sima_yi)  # Evil defends, plays first
    s.play(EVIL, f"play card={fire_storm}")
    assert s.force(sima_yi) == 6 + 4 + 3
    s.play(GOOD, f"play card={iron_wall}")
    assert s.events_of("play")[1]["negates"] == fire_storm
    res = resolution(s)
    assert res["attacker"]["force"] == 5 + 5 + 1
    assert res["defender"]["force"] == 6 + 4  # Fire Storm negated
    assert res["winner"] == "good"


def test_iron_wall_without_an_enemy_spell_only_adds_one() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (iron_wall,) = s.hand(GOOD, "actions", ["iron_wall"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={iron_wall}")
    assert played_keys(s) == [("iron_wall", GOOD, "iron_wall", -1)]
    assert s.force(ma_chao) == 5 + 5 + 1


def test_iron_wall_needs_an_infantry_troop() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["crossbows"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (iron_wall, _ring) = s.hand(GOOD, "actions", ["iron_wall", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    refuse(s, GOOD, f"play card={iron_wall}")


def test_rally_gives_any_troop_one_and_negates_the_enemy_event() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["crossbows"])  # Rally needs no troop type
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (rally,) = s.hand(GOOD, "actions", ["rally"])
    (ambush,) = s.hand(EVIL, "actions", ["ambush"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=xiahou_dun)
    s.play(EVIL, f"play card={ambush}")
    assert s.force(xiahou_dun) == 5 + 4 + 4
    s.play(GOOD, f"play card={rally}")
    res = resolution(s)
    assert res["defender"]["force"] == 5 + 4
    assert res["attacker"]["force"] == 5 + 5 + 1
    assert played_keys(s) == [] and s.events_of("play")[1]["negates"] == ambush


def test_charge_gives_a_cavalry_troop_three() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["cavalry"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (charge,) = s.hand(GOOD, "actions", ["charge"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={charge}")
    assert s.force(ma_chao) == 5 + 5 + 3


def test_charge_needs_a_cavalry_troop() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (charge, _ring) = s.hand(GOOD, "actions", ["charge", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    refuse(s, GOOD, f"play card={charge}")


def test_outflank_gives_a_cavalry_troop_two_and_the_opponent_discards_one_random_card() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["cavalry"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (outflank,) = s.hand(GOOD, "actions", ["outflank"])
    s.hand(EVIL, "actions", ["ring", "box"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={outflank}")
    assert [(d["side"], d["why"]) for d in s.events_of("discard")] == [("evil", "Outflank")]
    assert len(s.state.sides[EVIL].actions) == 1
    assert s.force(ma_chao) == 5 + 5 + 2


def test_outflank_needs_a_cavalry_troop() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["crossbows"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (outflank, _ring) = s.hand(GOOD, "actions", ["outflank", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    refuse(s, GOOD, f"play card={outflank}")


def test_crush_gives_an_infantry_troop_three() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (crush,) = s.hand(GOOD, "actions", ["crush"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={crush}")
    assert s.force(ma_chao) == 5 + 5 + 3


def test_crush_needs_an_infantry_troop() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["cavalry"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (crush, _ring) = s.hand(GOOD, "actions", ["crush", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    refuse(s, GOOD, f"play card={crush}")


def test_battle_cry_doubles_the_generals_base_force() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"], mods=["experience"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (cry,) = s.hand(GOOD, "actions", ["battle_cry"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={cry}")
    assert s.force(ma_chao) == 5 * 2 + 5 + 1  # the Experience modifier is not base force


def test_tactician_gives_the_leader_one_and_negates_the_enemy_tactics_card() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["crossbows"])
    (tactician,) = s.hand(GOOD, "actions", ["tactician"])
    (volley,) = s.hand(EVIL, "actions", ["volley"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=xiahou_dun)
    s.play(EVIL, f"play card={volley}")
    assert s.force(xiahou_dun) == 5 + 5 + 3
    s.play(GOOD, f"play card={tactician}")
    res = resolution(s)
    assert res["defender"]["force"] == 5 + 5
    assert res["attacker"]["force"] == 5 + (5 + 2) + 1  # Swords +2 vs Ranged
    assert s.events_of("play")[1]["negates"] == volley


def test_tactician_without_an_enemy_tactics_card_only_adds_one() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    sima_yi = s.unit(EVIL, "sima_yi", ["spears"])
    (tactician,) = s.hand(GOOD, "actions", ["tactician"])
    (fire_storm,) = s.hand(EVIL, "actions", ["fire_storm"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=sima_yi)
    s.play(EVIL, f"play card={fire_storm}")
    s.play(GOOD, f"play card={tactician}")  # a Spell is no Tactics card
    res = resolution(s)
    assert res["defender"]["force"] == 6 + 4 + 3
    assert res["attacker"]["force"] == 5 + 5 + 1


def test_raid_gives_the_leader_one_and_negates_the_enemy_formation() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (raid,) = s.hand(GOOD, "actions", ["raid"])
    (ring,) = s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=xiahou_dun)
    s.play(EVIL, f"play card={ring}")
    assert s.force(xiahou_dun) == 5 + 4 + 2
    s.play(GOOD, f"play card={raid}")
    res = resolution(s)
    assert res["defender"]["force"] == 5 + 4
    assert res["attacker"]["force"] == 5 + 5 + 1


def test_duel_sets_the_opposing_generals_base_force_to_zero() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"], mods=["experience"])
    (duel,) = s.hand(GOOD, "actions", ["duel"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    assert s.force(xiahou_dun) == 5 + 4 + 1
    s.play(GOOD, f"play card={duel}")
    assert s.force(xiahou_dun) == 0 + 4 + 1  # only the base force goes
    assert s.force(ma_chao) == 5 + 5  # Duel adds nothing to its player


def test_duel_against_a_sorcerer_changes_nothing() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    sima_yi = s.unit(EVIL, "sima_yi", ["spears"])
    (duel,) = s.hand(GOOD, "actions", ["duel"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=sima_yi, def_unit=ma_chao)
    s.play(GOOD, f"play card={duel}")
    assert s.force(sima_yi) == 6 + 4


def test_duel_zeroes_cao_cao_who_is_also_a_general() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    cao_cao = s.unit(EVIL, "cao_cao", ["spears"])
    (duel,) = s.hand(GOOD, "actions", ["duel"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=cao_cao, def_unit=ma_chao)
    s.play(GOOD, f"play card={duel}")
    assert s.force(cao_cao) == 0 + 4


# ----- who may use Tactics cards, and how many ---------------------------------------------------


def test_a_general_uses_one_tactics_card_per_engagement() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (crush, cry, ring) = s.hand(GOOD, "actions", ["crush", "battle_cry", "ring"])
    s.hand(EVIL, "actions", ["box"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    assert f"play card={cry}" in s.legal(GOOD)
    s.play(GOOD, f"play card={crush}")
    s.play(EVIL, "pass")
    assert s.legal(GOOD) == [f"play card={ring}", "pass"]
    refuse(s, GOOD, f"play card={cry}")


def test_guan_yu_uses_two_tactics_cards_but_not_three() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (crush, cry, tactician, ring) = s.hand(GOOD, "actions", ["crush", "battle_cry", "tactician", "ring"])
    s.hand(EVIL, "actions", ["box", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu)
    s.play(GOOD, f"play card={crush}")
    s.play(EVIL, "pass")
    s.play(GOOD, f"play card={cry}")
    s.play(EVIL, "pass")
    assert s.force(guan_yu) == 6 * 2 + 5 + 3
    assert s.legal(GOOD) == [f"play card={ring}", "pass"]
    refuse(s, GOOD, f"play card={tactician}")


def test_a_sorcerer_cannot_use_tactics_cards() -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (crush, ring) = s.hand(GOOD, "actions", ["crush", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=pang_tong)
    assert s.legal(GOOD) == [f"play card={ring}", "pass"]
    refuse(s, GOOD, f"play card={crush}")


def test_a_sorcerer_with_companion_general_uses_one_tactics_card() -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["swords"], mods=["companion_general"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (crush, cry, ring) = s.hand(GOOD, "actions", ["crush", "battle_cry", "ring"])
    s.hand(EVIL, "actions", ["box"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=pang_tong)
    s.play(GOOD, f"play card={crush}")
    assert s.force(pang_tong) == 6 + 5 + 1 + 3  # Companion General is a +1 modifier
    s.play(EVIL, "pass")
    assert s.legal(GOOD) == [f"play card={ring}", "pass"]
    refuse(s, GOOD, f"play card={cry}")


def test_a_general_cannot_use_spells() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (fire_storm, ring) = s.hand(GOOD, "actions", ["fire_storm", "ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    assert s.legal(GOOD) == [f"play card={ring}", "pass"]
    refuse(s, GOOD, f"play card={fire_storm}")


def test_a_general_with_companion_sorcerer_uses_one_spell() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"], mods=["companion_sorcerer"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (fire_storm, hail, crush) = s.hand(GOOD, "actions", ["fire_storm", "hail", "crush"])
    s.hand(EVIL, "actions", ["box"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={fire_storm}")
    s.play(EVIL, "pass")
    assert s.legal(GOOD) == [f"play card={crush}", "pass"]  # still its own Tactics card
    refuse(s, GOOD, f"play card={hail}")


def test_cao_cao_uses_one_tactics_card_and_one_spell() -> None:
    s = Scenario()
    cao_cao = s.unit(EVIL, "cao_cao", ["swords"])
    ma_chao = s.unit(GOOD, "ma_chao", ["spears"])
    (crush, cry, fire_storm, hail, ring) = s.hand(EVIL, "actions",
                                                  ["crush", "battle_cry", "fire_storm", "hail", "ring"])
    s.hand(GOOD, "actions", ["box", "moon"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=cao_cao)
    s.play(EVIL, f"play card={crush}")
    s.play(GOOD, "pass")
    assert s.legal(EVIL) == [f"play card={fire_storm}", f"play card={hail}", f"play card={ring}", "pass"]
    s.play(EVIL, f"play card={fire_storm}")
    s.play(GOOD, "pass")
    assert s.force(cao_cao) == 6 + 5 + 3 + 3
    assert s.legal(EVIL) == [f"play card={ring}", "pass"]
    refuse(s, EVIL, f"play card={cry}")
    refuse(s, EVIL, f"play card={hail}")


# ===== Event cards ============================================================================
# Events need no General or Sorcerer, and a side may play as many as it likes.


def test_backup_effect_gives_the_troop_one_and_any_leader_may_play_it() -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (backup,) = s.hand(GOOD, "actions", ["backup_effect"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=pang_tong)
    s.play(GOOD, f"play card={backup}")
    assert s.force(pang_tong) == 6 + 5 + 1


def test_casualties_counts_every_action_card_its_player_played_this_engagement() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (stores, backup, casualties) = s.hand(GOOD, "actions", ["destroy_stores", "backup_effect", "casualties"])
    (ring,) = s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao, step="strategy")
    s.play(GOOD, f"play card={stores}")  # a Strategy card counts too
    assert s.state.step == "tactics" and s.decider() == GOOD
    s.play(GOOD, f"play card={backup}")
    s.play(EVIL, f"play card={ring}")  # the opponent's cards do not count
    s.play(GOOD, f"play card={casualties}")
    res = resolution(s)
    assert res["defender"]["force"] == 5 + 5 + 1 + 3  # Destroy Stores, Backup Effect, Casualties
    assert res["attacker"]["force"] == 5 + (4 - 1) + 2


def test_casualties_alone_adds_one() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (casualties,) = s.hand(GOOD, "actions", ["casualties"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={casualties}")
    assert s.force(ma_chao) == 5 + 5 + 1


@pytest.mark.parametrize("event", ["defend_bridge", "ambush"])
def test_defend_bridge_and_ambush_add_four_to_the_defender(event: str) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (card,) = s.hand(GOOD, "actions", [event])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={card}")
    assert s.force(ma_chao) == 5 + 5 + 4


@pytest.mark.parametrize("event", ["defend_bridge", "ambush"])
def test_defend_bridge_and_ambush_add_nothing_to_the_attacker(event: str) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (card,) = s.hand(GOOD, "actions", [event])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=xiahou_dun)
    s.play(EVIL, "pass")
    assert f"play card={card}" in s.legal(GOOD)  # playable, to no effect
    s.play(GOOD, f"play card={card}")
    assert s.force(ma_chao) == 5 + 5


def test_surprise_attack_adds_four_to_the_attacker_only() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (surprise,) = s.hand(GOOD, "actions", ["surprise_attack"])
    (theirs,) = s.hand(EVIL, "actions", ["surprise_attack"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=xiahou_dun)
    s.play(EVIL, f"play card={theirs}")
    s.play(GOOD, f"play card={surprise}")
    res = resolution(s)
    assert res["attacker"]["force"] == 5 + 5 + 4
    assert res["defender"]["force"] == 5 + 4


def test_confusion_adds_two_to_the_side_with_more_units_in_the_fight() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    s.unit(GOOD, "guan_yu", ["crossbows"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (confusion,) = s.hand(GOOD, "actions", ["confusion"])
    (theirs,) = s.hand(EVIL, "actions", ["confusion"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={confusion}")
    s.play(EVIL, f"play card={theirs}")
    res = resolution(s)
    assert res["defender"]["force"] == 5 + 5 + 2  # 2 units against 1
    assert res["attacker"]["force"] == 5 + 4  # fewer units: nothing


def test_confusion_adds_nothing_with_equal_units_and_retreated_units_do_not_count() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    guan_yu = s.unit(GOOD, "guan_yu", ["crossbows"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (confusion,) = s.hand(GOOD, "actions", ["confusion"])
    s.hand(EVIL, "actions", ["ring"])
    s.state.retreated = [guan_yu]
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={confusion}")
    assert s.force(ma_chao) == 5 + 5


def test_losses_makes_the_retreating_unit_discard_its_modifier() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"], mods=["experience"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    (losses,) = s.hand(EVIL, "actions", ["losses"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_chao)  # Good holds nothing: passes
    s.play(EVIL, f"play card={losses}")
    res = resolution(s)
    assert (res["defender"]["force"], res["attacker"]["force"]) == (5 + 5 + 1, 6 + 6 + 2)
    (experience,) = [d["card"] for d in s.events_of("discard") if d["why"] == "Losses"]
    assert s.state.find_unit(ma_chao).mods == []  # type: ignore[union-attr]
    assert experience in s.state.recruit_discard


def test_losses_lets_the_owner_choose_among_several_modifiers() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"], mods=["experience", "training"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    (losses,) = s.hand(EVIL, "actions", ["losses"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_chao)
    s.play(EVIL, f"play card={losses}")
    unit = s.state.find_unit(ma_chao)
    assert unit is not None
    experience, training = unit.mods
    assert s.decider() == GOOD
    assert s.legal(GOOD) == [f"discard card={experience}", f"discard card={training}"]
    refuse(s, GOOD, f"discard card={s.troop(ma_chao)}")  # a troop is no modifier
    s.play(GOOD, f"discard card={training}")
    assert unit.mods == [experience]


def test_losses_hits_whichever_unit_retreats_even_its_players_own() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"], mods=["experience"])
    (losses,) = s.hand(EVIL, "actions", ["losses"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu)
    s.play(EVIL, f"play card={losses}")
    res = resolution(s)
    assert (res["defender"]["force"], res["attacker"]["force"], res["winner"]) == (6 + 5, 5 + 4 + 1, "good")
    assert s.state.find_unit(xiahou_dun).mods == []  # type: ignore[union-attr]


def test_losses_against_a_unit_without_modifiers_does_nothing() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"], mods=["experience"])
    (losses,) = s.hand(EVIL, "actions", ["losses"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_chao)
    s.play(EVIL, f"play card={losses}")
    assert resolution(s)["winner"] == "evil"
    assert [d for d in s.events_of("discard") if d["why"] == "Losses"] == []
    assert len(s.state.find_unit(xiahou_yan).mods) == 1  # type: ignore[union-attr]


def test_slain_discards_the_retreating_unit() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"], mods=["experience"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    (slain,) = s.hand(EVIL, "actions", ["slain"])
    swords, experience = s.troop(ma_chao), s.state.find_unit(ma_chao).mods[0]  # type: ignore[union-attr]
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_chao)
    s.play(EVIL, f"play card={slain}")
    assert resolution(s)["winner"] == "evil"
    assert s.events_of("slain") == [{"kind": "slain", "side": "good", "unit": ma_chao}]
    assert s.state.find_unit(ma_chao) is None
    assert ma_chao in s.state.sides[GOOD].leader_discard
    assert {swords, experience} <= set(s.state.recruit_discard)


def test_slain_leaves_liu_bei_in_play_without_his_troop() -> None:
    s = Scenario()
    liu_bei = s.unit(GOOD, "liu_bei", ["swords"], mods=["experience"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    (slain,) = s.hand(EVIL, "actions", ["slain"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=liu_bei)
    s.play(EVIL, f"play card={slain}")
    assert resolution(s)["winner"] == "evil"
    unit = s.state.find_unit(liu_bei)
    assert unit is not None and unit.troops == [] and unit.mods == []


def test_events_have_no_limit_per_engagement() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (backup, ambush, bridge) = s.hand(GOOD, "actions", ["backup_effect", "ambush", "defend_bridge"])
    s.hand(EVIL, "actions", ["surprise_attack"])  # keeps Evil's turn open
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    for card in (backup, ambush, bridge):
        s.play(GOOD, f"play card={card}")
        s.play(EVIL, "pass")
    # Good has nothing left and passes too: the engagement resolves
    assert resolution(s)["defender"]["force"] == 5 + 5 + 1 + 4 + 4


# ===== Spell cards ============================================================================
# Good's Sorcerer Pang Tong (S6) defends and acts first.


def test_meteor_shower_doubles_the_sorcerers_base_force() -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (meteor,) = s.hand(GOOD, "actions", ["meteor_shower"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=pang_tong)
    s.play(GOOD, f"play card={meteor}")
    assert s.force(pang_tong) == 6 * 2 + 5


@pytest.mark.parametrize(
    ("spell", "enemy_troop", "bonus"),
    [
        ("fire_balls", "spears", 1 + 3),  # vs Infantry
        ("fire_balls", "elephants", 1),
        ("lightning", "elephants", 1 + 3),  # vs Cavalry
        ("lightning", "spears", 1),
        ("gale", "rockets", 1 + 3),  # vs Ranged
        ("gale", "spears", 1),
    ],
)
def test_fire_balls_lightning_and_gale_add_three_more_against_their_troop_type(
    spell: str, enemy_troop: str, bonus: int
) -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["foot"])  # Foot I3 +2 defending; no bonus vs anything
    xiahou_dun = s.unit(EVIL, "xiahou_dun", [enemy_troop])
    (card,) = s.hand(GOOD, "actions", [spell])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=pang_tong)
    s.play(GOOD, f"play card={card}")
    assert s.force(pang_tong) == 6 + (3 + 2) + bonus


def test_fire_storm_adds_three() -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (storm,) = s.hand(GOOD, "actions", ["fire_storm"])
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=pang_tong)
    s.play(GOOD, f"play card={storm}")
    assert s.force(pang_tong) == 6 + 5 + 3


def test_hail_adds_one_and_negates_the_enemy_event() -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (hail,) = s.hand(GOOD, "actions", ["hail"])
    (ambush,) = s.hand(EVIL, "actions", ["ambush"])
    s.engagement(attacker=GOOD, att_unit=pang_tong, def_unit=xiahou_dun)
    s.play(EVIL, f"play card={ambush}")
    s.play(GOOD, f"play card={hail}")
    assert s.events_of("play")[1]["negates"] == ambush
    res = resolution(s)
    assert (res["attacker"]["force"], res["defender"]["force"]) == (6 + 5 + 1, 5 + 4)


def test_ice_storm_adds_one_and_negates_the_enemy_tactics_card() -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["spears"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (ice,) = s.hand(GOOD, "actions", ["ice_storm"])
    (crush,) = s.hand(EVIL, "actions", ["crush"])
    s.engagement(attacker=GOOD, att_unit=pang_tong, def_unit=xiahou_dun)
    s.play(EVIL, f"play card={crush}")
    s.play(GOOD, f"play card={ice}")
    assert s.events_of("play")[1]["negates"] == crush
    res = resolution(s)
    assert (res["attacker"]["force"], res["defender"]["force"]) == (6 + 4 + 1, 5 + 5)


def test_fissure_adds_one_and_negates_the_enemy_formation() -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["spears"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    (fissure,) = s.hand(GOOD, "actions", ["fissure"])
    (box,) = s.hand(EVIL, "actions", ["box"])
    s.engagement(attacker=GOOD, att_unit=pang_tong, def_unit=xiahou_dun)
    s.play(EVIL, f"play card={box}")
    s.play(GOOD, f"play card={fissure}")
    assert s.events_of("play")[1]["negates"] == box
    res = resolution(s)
    assert (res["attacker"]["force"], res["defender"]["force"]) == (6 + 4 + 1, 5 + 5)


@pytest.mark.parametrize("spell", ["hail", "ice_storm", "fissure"])
def test_a_negating_spell_with_nothing_to_negate_only_adds_one(spell: str) -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (card,) = s.hand(GOOD, "actions", [spell])
    s.hand(EVIL, "actions", ["surprise_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=pang_tong)
    s.play(GOOD, f"play card={card}")
    assert played_keys(s) == [(spell, GOOD, spell, -1)]
    assert s.force(pang_tong) == 6 + 5 + 1


# ----- who may use Spells, and how many -------------------------------------------------------


def test_a_sorcerer_uses_one_spell_per_engagement() -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (storm, meteor, ring) = s.hand(GOOD, "actions", ["fire_storm", "meteor_shower", "ring"])
    s.hand(EVIL, "actions", ["box"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=pang_tong)
    s.play(GOOD, f"play card={storm}")
    s.play(EVIL, "pass")
    assert s.legal(GOOD) == [f"play card={ring}", "pass"]
    refuse(s, GOOD, f"play card={meteor}")


def test_zhuge_liang_uses_two_spells_but_not_three() -> None:
    s = Scenario()
    zhuge_liang = s.unit(GOOD, "zhuge_liang", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (storm, meteor, hail, ring) = s.hand(GOOD, "actions", ["fire_storm", "meteor_shower", "hail", "ring"])
    s.hand(EVIL, "actions", ["box", "surprise_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=zhuge_liang)
    s.play(GOOD, f"play card={storm}")
    s.play(EVIL, "pass")
    s.play(GOOD, f"play card={meteor}")
    s.play(EVIL, "pass")
    assert s.force(zhuge_liang) == 6 * 2 + 5 + 3
    assert s.legal(GOOD) == [f"play card={ring}", "pass"]
    refuse(s, GOOD, f"play card={hail}")


# ===== Formation cards ========================================================================


@pytest.mark.parametrize("formation", ["ring", "box"])
def test_ring_and_box_give_the_troop_two(formation: str) -> None:
    s = Scenario()
    pang_tong = s.unit(GOOD, "pang_tong", ["swords"])  # any leader may use Formations
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (card,) = s.hand(GOOD, "actions", [formation])
    s.hand(EVIL, "actions", ["surprise_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=pang_tong)
    s.play(GOOD, f"play card={card}")
    assert s.force(pang_tong) == 6 + 5 + 2


def test_dome_gives_the_troop_one_and_the_opponent_discards_one_random_card() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (dome,) = s.hand(GOOD, "actions", ["dome"])
    s.hand(EVIL, "actions", ["surprise_attack", "ambush"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={dome}")
    assert [(d["side"], d["why"]) for d in s.events_of("discard")] == [("evil", "Dome")]
    assert len(s.state.sides[EVIL].actions) == 1
    assert s.force(ma_chao) == 5 + 5 + 1


@pytest.mark.parametrize(
    ("formation", "troop", "good_defends", "bonus"),
    [
        ("moon", "swords", True, 1 + 2),
        ("moon", "swords", False, 1),
        ("swan", "swords", True, 1 + 2),
        ("swan", "swords", False, 1),
        ("asp", "swords", False, 1 + 2),
        ("asp", "swords", True, 1),
        ("bull", "swords", False, 1 + 2),
        ("bull", "swords", True, 1),
        ("carp", "swords", True, 1 + 2),  # Infantry
        ("carp", "crossbows", True, 1),
        ("goose", "crossbows", True, 1 + 2),  # Ranged
        ("goose", "cavalry", True, 1),
        ("bowl", "cavalry", True, 1 + 2),  # Cavalry
        ("bowl", "swords", True, 1),
    ],
)
def test_conditional_formations_add_two_more_when_their_condition_holds(
    formation: str, troop: str, good_defends: bool, bonus: int
) -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", [troop])  # Swords, Crossbows, Cavalry: 5 each, no bonus vs Foot
    cheng_yu = s.unit(EVIL, "cheng_yu", ["foot"])
    (card,) = s.hand(GOOD, "actions", [formation])
    s.hand(EVIL, "actions", ["surprise_attack"])
    if good_defends:
        s.engagement(attacker=EVIL, att_unit=cheng_yu, def_unit=ma_chao)
    else:
        s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=cheng_yu)
        s.play(EVIL, "pass")
    s.play(GOOD, f"play card={card}")
    assert s.force(ma_chao) == 5 + 5 + bonus


@pytest.mark.parametrize("formation", ["dart", "awl"])
@pytest.mark.parametrize(("leader", "base", "bonus"), [("ma_chao", 5, 1 + 2), ("pang_tong", 6, 1)])
def test_dart_and_awl_add_two_more_under_a_general(formation: str, leader: str, base: int, bonus: int) -> None:
    s = Scenario()
    unit = s.unit(GOOD, leader, ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (card,) = s.hand(GOOD, "actions", [formation])
    s.hand(EVIL, "actions", ["surprise_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=unit)
    s.play(GOOD, f"play card={card}")
    assert s.force(unit) == base + 5 + bonus


def test_flat_adds_two_more_while_the_enemy_has_no_formation() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (flat,) = s.hand(GOOD, "actions", ["flat"])
    (ring,) = s.hand(EVIL, "actions", ["ring"])
    s.hand(GOOD, "actions", ["surprise_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={flat}")
    assert s.force(ma_chao) == 5 + 5 + 1 + 2
    s.play(EVIL, f"play card={ring}")  # now the enemy has a Formation
    assert s.force(ma_chao) == 5 + 5 + 1


def test_flat_counts_a_negated_enemy_formation_as_none() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (flat, raid) = s.hand(GOOD, "actions", ["flat", "raid"])
    (ring,) = s.hand(EVIL, "actions", ["ring"])
    s.hand(EVIL, "actions", ["surprise_attack"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=xiahou_dun)
    s.play(EVIL, f"play card={ring}")
    s.play(GOOD, f"play card={flat}")
    assert s.force(ma_chao) == 5 + 5 + 1
    s.play(EVIL, "pass")
    s.play(GOOD, f"play card={raid}")
    assert s.force(ma_chao) == 5 + 5 + 1 + 2 + 1  # Flat's condition holds again, Raid +1


# ----- one Formation per troop ------------------------------------------------------------------


def test_a_troop_uses_one_formation_per_engagement() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (ring, box, ambush) = s.hand(GOOD, "actions", ["ring", "box", "ambush"])
    s.hand(EVIL, "actions", ["surprise_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={ring}")
    s.play(EVIL, "pass")
    assert s.legal(GOOD) == [f"play card={ambush}", "pass"]
    refuse(s, GOOD, f"play card={box}")


def test_cao_bu_with_two_troops_takes_one_formation_on_each() -> None:
    s = Scenario()
    cao_bu = s.unit(EVIL, "cao_bu", ["swords", "spears"])
    swords, spears = s.troop(cao_bu, 0), s.troop(cao_bu, 1)
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    (ring, box, moon) = s.hand(EVIL, "actions", ["ring", "box", "moon"])
    s.hand(EVIL, "actions", ["backup_effect"])  # keeps Evil's turn open once its troops are formed
    s.hand(GOOD, "actions", ["surprise_attack"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=cao_bu)
    assert f"play card={ring} on={swords}" in s.legal(EVIL)
    assert f"play card={ring} on={spears}" in s.legal(EVIL)
    refuse(s, EVIL, f"play card={ring}")  # with two troops the troop must be named
    s.play(EVIL, f"play card={ring} on={swords}")
    s.play(GOOD, "pass")
    assert f"play card={box} on={spears}" in s.legal(EVIL)
    refuse(s, EVIL, f"play card={box} on={swords}")
    s.play(EVIL, f"play card={box} on={spears}")
    s.play(GOOD, "pass")
    assert s.force(cao_bu) == 2 + 5 + 4 + 2 + 2
    refuse(s, EVIL, f"play card={moon} on={swords}")
    refuse(s, EVIL, f"play card={moon} on={spears}")


def test_conditional_formation_on_cao_bu_checks_the_troop_it_is_on() -> None:
    s = Scenario()
    cao_bu = s.unit(EVIL, "cao_bu", ["swords", "crossbows"])
    crossbows = s.troop(cao_bu, 1)
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    (goose,) = s.hand(EVIL, "actions", ["goose"])
    s.hand(GOOD, "actions", ["surprise_attack"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=cao_bu)
    s.play(EVIL, f"play card={goose} on={crossbows}")
    assert s.force(cao_bu) == 2 + 5 + 5 + 1 + 2


# ===== Negation ===============================================================================


def test_a_negated_negator_gives_back_the_card_it_negated() -> None:
    s = Scenario()
    cao_cao = s.unit(EVIL, "cao_cao", ["crossbows"])  # a General and a Sorcerer
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    (volley, ice) = s.hand(EVIL, "actions", ["volley", "ice_storm"])
    (tactician,) = s.hand(GOOD, "actions", ["tactician"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=cao_cao)
    s.play(EVIL, f"play card={volley}")
    s.play(GOOD, f"play card={tactician}")  # negates Volley
    assert s.force(cao_cao) == 6 + 5
    s.play(EVIL, f"play card={ice}")  # negates Tactician: Volley counts again
    assert [e.get("negates") for e in s.events_of("play")] == [None, volley, tactician]
    res = resolution(s)
    assert res["defender"]["force"] == 6 + 5 + 3 + 1
    assert res["attacker"]["force"] == 5 + (5 + 2)  # Swords +2 vs Ranged; Tactician's +1 is gone


def test_a_negated_iron_wall_gives_back_the_spell() -> None:
    s = Scenario()
    cao_cao = s.unit(EVIL, "cao_cao", ["spears"])
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    (storm, tactician) = s.hand(EVIL, "actions", ["fire_storm", "tactician"])
    (iron_wall,) = s.hand(GOOD, "actions", ["iron_wall"])
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=cao_cao)
    s.play(EVIL, f"play card={storm}")
    s.play(GOOD, f"play card={iron_wall}")
    s.play(EVIL, f"play card={tactician}")  # Iron Wall is a Tactics card
    res = resolution(s)
    assert res["defender"]["force"] == 6 + 4 + 3 + 1
    assert res["attacker"]["force"] == 5 + 5


def test_a_negating_card_takes_the_most_recent_effective_card_of_its_kind() -> None:
    s = Scenario()
    cao_bu = s.unit(EVIL, "cao_bu", ["swords", "spears"])
    swords, spears = s.troop(cao_bu, 0), s.troop(cao_bu, 1)
    liu_bei = s.unit(GOOD, "liu_bei", ["foot"], mods=["companion_sorcerer"])  # Raid and Fissure
    (ring, box, backup) = s.hand(EVIL, "actions", ["ring", "box", "backup_effect"])
    (raid, fissure) = s.hand(GOOD, "actions", ["raid", "fissure"])
    s.engagement(attacker=GOOD, att_unit=liu_bei, def_unit=cao_bu)
    s.play(EVIL, f"play card={ring} on={swords}")
    s.play(GOOD, "pass")
    s.play(EVIL, f"play card={box} on={spears}")
    s.play(GOOD, f"play card={raid}")
    assert s.events_of("play")[-1]["negates"] == box
    s.play(EVIL, "pass")
    s.play(GOOD, f"play card={fissure}")
    assert s.events_of("play")[-1]["negates"] == ring  # Box is already negated
    assert s.force(cao_bu) == 2 + 5 + 4
    assert backup in s.state.sides[EVIL].actions


def test_a_negating_card_never_negates_its_own_sides_card() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (ring, raid) = s.hand(GOOD, "actions", ["ring", "raid"])
    s.hand(EVIL, "actions", ["surprise_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={ring}")
    s.play(EVIL, "pass")
    s.play(GOOD, f"play card={raid}")
    assert played_keys(s) == [("ring", GOOD, "ring", -1), ("raid", GOOD, "raid", -1)]
    assert s.force(ma_chao) == 5 + 5 + 2 + 1


def test_a_random_discard_is_not_undone_when_its_card_is_negated() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (dome,) = s.hand(EVIL, "actions", ["dome"])
    raids = s.hand(GOOD, "actions", ["raid", "raid"])  # whichever Dome takes, one Raid is left
    s.engagement(attacker=GOOD, att_unit=ma_chao, def_unit=xiahou_dun)
    s.play(EVIL, f"play card={dome}")
    (lost,) = [d["card"] for d in s.events_of("discard")]
    (raid,) = [c for c in raids if c != lost]
    s.play(GOOD, f"play card={raid}")
    assert s.events_of("play")[-1]["negates"] == dome
    res = resolution(s)
    assert res["defender"]["force"] == 5 + 4  # Dome's +1 is gone...
    assert lost in s.state.action_discard and lost not in s.state.sides[GOOD].actions  # ...its discard stays
