"""An engagement's segments: Action, Strategy, Tactics, Resolution, End; and the battle around them.

One behaviour per test, literal set-ups and outcomes. The engine runs automatic steps itself and
passes for a side whose only answer is ``pass``; a test that wants a decision gives that side a
card to hold, and reads finished engagements from their events.

Units: Guan Yu G6, Liu Bei G4, Zhao Yun G5 (+1 vs General) for Good; Xiahou Dun G5, Xiahou Ba G5,
Xiahou Yan G6 for Evil. Swords I5 (+2 vs Ranged), Spears I4 (+2 vs Cavalry), Warriors I6 (+2 vs
Infantry), Foot I3 (+2 defending).
"""

from __future__ import annotations

import pytest

from tests.kessen.scenario import (
    EVIL,
    GOOD,
    Scenario,
    action_segment,
    fight_out,
    pending,
    refuse,
    resolution,
    stack,
)
from warroom.games.kessen.core import shown_step
from warroom.games.kessen.rules import once

# ===== Action segment =========================================================================


def test_the_action_segment_fills_each_hand_to_seven_defender_first() -> None:
    s = Scenario()
    s.unit(GOOD, "guan_yu", ["swords"])
    s.unit(EVIL, "xiahou_dun", ["spears"])
    s.hand(GOOD, "actions", ["ring", "box", "moon"])
    s.hand(EVIL, "actions", ["swan", "carp", "goose", "bowl", "asp"])
    action_segment(s, attacker=EVIL)
    assert [(d["side"], d["count"]) for d in s.events_of("draw")] == [("good", 4), ("evil", 2)]
    assert [len(side.actions) for side in s.state.sides] == [7, 7]
    assert s.state.step == "pick" and s.decider() == EVIL


def test_a_full_action_hand_draws_nothing() -> None:
    s = Scenario()
    s.unit(GOOD, "guan_yu", ["swords"])
    s.unit(EVIL, "xiahou_dun", ["spears"])
    s.hand(GOOD, "actions", ["ring", "box", "moon", "swan", "carp", "goose", "bowl"])
    action_segment(s, attacker=GOOD)
    assert [(d["side"], d["count"]) for d in s.events_of("draw")] == [("evil", 7)]


def test_an_extra_draw_above_seven_is_kept_until_the_end_segment_brings_both_hands_to_four() -> None:
    s = Scenario()
    huang_zhong = s.unit(GOOD, "huang_zhong", ["warriors"])  # extra draw; 4 + 6 (+2 vs Infantry) = 12
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["foot"])  # attacking: 5 + 3 = 8
    s.unit(EVIL, "zhang_liao", ["spears"])  # keeps the battle going after Xiahou Dun retreats
    held = s.hand(GOOD, "actions", ["ring", "box", "moon", "swan", "carp", "goose", "bowl"])
    action_segment(s, attacker=EVIL)
    # a full hand draws nothing to fill, but Huang Zhong still adds his card: eight are kept
    assert [(d["side"], d["count"]) for d in s.events_of("draw")] == [("good", 1), ("evil", 7)]
    good_hand = sorted(s.state.sides[GOOD].actions)
    evil_hand = sorted(s.state.sides[EVIL].actions)
    assert len(good_hand) == 8 and set(held) < set(good_hand)
    assert not s.state.frames and s.state.step == "pick" and s.decider() == EVIL
    refuse(s, GOOD, f"discard card={held[0]}")  # nobody discards before the End segment
    res = fight_out(s, xiahou_dun, huang_zhong)
    assert res["winner"] == "good"
    # End segment: the defender (Good) first brings eight down to four, then Evil seven to four
    assert pending(s.state) == [("discard", GOOD, "actions", 4), ("discard", EVIL, "actions", 4)]
    assert s.legal(GOOD) == once([f"discard card={c}" for c in good_hand]) and s.legal(EVIL) == []
    for c in good_hand[:4]:
        s.play(GOOD, f"discard card={c}")
    assert sorted(s.state.sides[GOOD].actions) == good_hand[4:]
    assert s.decider() == EVIL and s.legal(EVIL) == once([f"discard card={c}" for c in evil_hand])
    for c in evil_hand[-3:]:
        s.play(EVIL, f"discard card={c}")
    assert set(good_hand[:4] + evil_hand[-3:]) <= set(s.state.action_discard)
    # the next engagement (Good attacking) fills both hands of four to seven, plus Huang Zhong's card
    assert [(d["side"], d["count"]) for d in s.events_of("draw")][2:] == [("evil", 3), ("good", 3 + 1)]
    assert [len(side.actions) for side in s.state.sides] == [8, 7]
    assert s.state.step == "pick" and s.decider() == GOOD


def test_an_action_hand_above_seven_draws_nothing_but_the_extra_card() -> None:
    s = Scenario()
    s.unit(GOOD, "pang_tong", ["swords"])  # extra draw
    s.unit(EVIL, "xiahou_dun", ["spears"])
    nine = ["ring", "box", "moon", "swan", "carp", "goose", "bowl", "asp", "bull"]
    s.hand(GOOD, "actions", nine)
    s.hand(EVIL, "actions", nine)
    action_segment(s, attacker=GOOD)
    # Evil (no extra draw) fills nothing; Good's nine take Pang Tong's one card and no discard
    assert [(d["side"], d["count"]) for d in s.events_of("draw")] == [("good", 1)]
    assert [len(side.actions) for side in s.state.sides] == [10, 9]
    assert not s.state.frames and s.state.step == "pick"


def test_a_scout_looks_at_the_opponents_hand_at_the_end_of_the_action_segment() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["swords"])  # Scout
    s.unit(EVIL, "xiahou_dun", ["spears"])
    action_segment(s, attacker=EVIL)
    (look,) = [e for e in s.events if e.kind == "look"]
    assert look.data == {"side": "good", "at": "evil", "why": "scout"}
    assert look.to == (GOOD,) and look.secret == {"cards": sorted(s.state.sides[EVIL].actions)}
    assert len(s.state.sides[EVIL].actions) == 7  # looked at the full hand, after the draw


def test_cheng_yu_makes_the_opponent_discard_one_random_card_after_the_draw() -> None:
    s = Scenario()
    s.unit(GOOD, "guan_yu", ["swords"])
    s.unit(EVIL, "cheng_yu", ["spears"])
    action_segment(s, attacker=EVIL)
    (discard,) = s.events_of("discard")
    assert (discard["side"], discard["why"], discard["random"]) == ("good", "Cheng Yu", True)
    assert [len(side.actions) for side in s.state.sides] == [6, 7]


# ===== Strategy segment: the pick =============================================================


def test_the_attacker_picks_one_own_and_one_enemy_unit_still_in_the_battle() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    liu_bei = s.unit(GOOD, "liu_bei", ["foot"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["cavalry"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    xiahou_ba = s.unit(EVIL, "xiahou_ba", ["warriors"])
    s.state.retreated = [liu_bei]
    s.pick(attacker=EVIL, engaged=[guan_yu, liu_bei, xiahou_dun, xiahou_ba])  # Zhao Yun is elsewhere
    assert s.legal(EVIL) == [
        f"pick attacker={xiahou_dun} defender={guan_yu}",
        f"pick attacker={xiahou_ba} defender={guan_yu}",
    ]
    assert s.legal(GOOD) == []
    refuse(s, EVIL, f"pick attacker={xiahou_dun} defender={liu_bei}")  # retreated
    refuse(s, EVIL, f"pick attacker={xiahou_dun} defender={zhao_yun}")  # not in the battle
    refuse(s, EVIL, f"pick attacker={guan_yu} defender={xiahou_dun}")  # the wrong way round
    refuse(s, GOOD, f"pick attacker={guan_yu} defender={xiahou_dun}")  # Good does not pick
    s.play(EVIL, f"pick attacker={xiahou_ba} defender={guan_yu}")
    (pick,) = s.events_of("pick")
    assert (pick["attacker"], pick["defender"]) == (xiahou_ba, guan_yu)


# ===== Strategy segment: the exchange =========================================================


def test_the_strategy_exchange_starts_with_the_defender() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (stores,) = s.hand(GOOD, "actions", ["destroy_stores"])
    s.hand(EVIL, "actions", ["fake_attack"])
    s.pick(attacker=EVIL)
    s.play(EVIL, f"pick attacker={xiahou_dun} defender={guan_yu}")
    assert s.state.step == "strategy" and s.decider() == GOOD
    assert s.legal(GOOD) == [f"play card={stores}", "pass"]
    assert s.legal(EVIL) == []


def test_two_passes_in_a_row_end_the_strategy_exchange_and_a_play_restarts_the_count() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    s.hand(GOOD, "actions", ["destroy_stores", "ring"])
    (stores, _fake) = s.hand(EVIL, "actions", ["destroy_stores", "fake_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, "pass")
    s.play(EVIL, f"play card={stores}")  # Good has no Know Enemy: it resolves at once
    assert s.state.step == "strategy" and s.decider() == GOOD  # the count starts again
    s.play(GOOD, "pass")
    assert s.state.step == "strategy" and s.decider() == EVIL
    s.play(EVIL, "pass")
    assert s.state.step == "tactics"


def test_a_strategy_card_gives_the_turn_to_the_opponent() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (stores, _fake) = s.hand(GOOD, "actions", ["destroy_stores", "fake_attack"])
    s.hand(EVIL, "actions", ["destroy_stores"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={stores}")
    assert s.state.step == "strategy" and s.decider() == EVIL
    refuse(s, GOOD, "pass")


def test_liu_bei_attacked_lets_any_friendly_unit_intercept() -> None:
    s = Scenario()
    liu_bei = s.unit(GOOD, "liu_bei", ["foot"])
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["cavalry"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    s.hand(EVIL, "actions", ["destroy_stores"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=liu_bei, step="strategy")
    assert s.legal(GOOD) == [f"intercept unit={guan_yu}", f"intercept unit={zhao_yun}", "pass"]
    s.play(GOOD, f"intercept unit={guan_yu}")
    (event,) = s.events_of("intercept")
    assert (event["unit"], event["replaces"], event["rule"]) == (guan_yu, liu_bei, "Liu Bei")
    assert s.state.def_unit == guan_yu and s.decider() == EVIL


def test_without_liu_bei_defending_there_is_no_free_intercept() -> None:
    s = Scenario()
    liu_bei = s.unit(GOOD, "liu_bei", ["foot"])
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (stores,) = s.hand(GOOD, "actions", ["destroy_stores"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    assert s.legal(GOOD) == [f"play card={stores}", "pass"]
    refuse(s, GOOD, f"intercept unit={liu_bei}")


def test_zhou_cang_intercepts_one_attack_per_battle() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    zhou_cang = s.unit(GOOD, "zhou_cang", ["spears"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["swords"])
    xiahou_ba = s.unit(EVIL, "xiahou_ba", ["warriors"])
    s.hand(EVIL, "actions", ["destroy_stores"])
    (stores,) = s.hand(GOOD, "actions", ["destroy_stores"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    assert s.legal(GOOD) == [f"play card={stores}", f"intercept unit={zhou_cang}", "pass"]
    s.play(GOOD, f"intercept unit={zhou_cang}")
    assert s.state.def_unit == zhou_cang and s.state.intercepts_used == [zhou_cang]
    # a later engagement of the same battle: Guan Yu attacked again, Zhou Cang has no intercept left
    s.engagement(attacker=EVIL, att_unit=xiahou_ba, def_unit=guan_yu, step="strategy")
    assert s.legal(GOOD) == [f"play card={stores}", "pass"]
    refuse(s, GOOD, f"intercept unit={zhou_cang}")


# ===== The Know Enemy chain ===================================================================


def test_only_the_opponent_answers_a_strategy_card() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (fake, own_know) = s.hand(GOOD, "actions", ["fake_attack", "know_enemy"])
    (know,) = s.hand(EVIL, "actions", ["know_enemy"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={fake}")
    assert shown_step(s.state) == "respond" and s.decider() == EVIL
    assert s.legal(EVIL) == [f"play card={know}", "pass"]
    refuse(s, GOOD, f"play card={own_know}")  # not against one's own card


def test_passing_the_response_window_lets_the_card_resolve() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (stores,) = s.hand(GOOD, "actions", ["destroy_stores"])
    s.hand(EVIL, "actions", ["know_enemy"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={stores}")
    s.play(EVIL, "pass")
    # nobody holds another card the engagement could use: it resolves with the -1 in force
    assert resolution(s)["attacker"]["force"] == 5 + (4 - 1)


def test_know_enemy_on_know_enemy_lets_the_first_card_through() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (stores, good_know) = s.hand(GOOD, "actions", ["destroy_stores", "know_enemy"])
    (evil_know,) = s.hand(EVIL, "actions", ["know_enemy"])
    (box,) = s.hand(GOOD, "actions", ["box"])  # formations keep both sides in the tactics segment
    s.hand(EVIL, "actions", ["ring"])
    top = s.state.action_deck[-1]
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={stores}")
    s.play(EVIL, f"play card={evil_know}")
    assert shown_step(s.state) == "respond" and s.decider() == GOOD
    assert s.legal(GOOD) == [f"play card={good_know}", "pass"]
    s.play(GOOD, f"play card={good_know}")
    # Evil has no third Know Enemy: the chain resolves from the top
    assert [e["card"] for e in s.events_of("negated")] == [evil_know]
    assert s.state.troop_penalty == [0, 1]  # Destroy Stores took effect
    assert s.state.sides[GOOD].actions == [box, top]  # Good's Know Enemy drew a card
    assert len(s.state.sides[EVIL].actions) == 1  # the negated one drew nothing
    assert {stores, good_know, evil_know} <= set(s.state.action_discard)


def test_know_enemy_answers_a_card_played_before_the_pick() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (fake,) = s.hand(EVIL, "actions", ["fake_attack"])
    (know, ring, box) = s.hand(GOOD, "actions", ["know_enemy", "ring", "box"])
    s.pick(attacker=EVIL)
    s.play(EVIL, f"play card={fake}")
    s.play(GOOD, f"play card={know}")
    assert [e["card"] for e in s.events_of("negated")] == [fake]
    assert s.events_of("discard") == []
    assert {ring, box} <= set(s.state.sides[GOOD].actions)
    assert s.state.step == "pick" and s.legal(EVIL) == [f"pick attacker={xiahou_dun} defender={guan_yu}"]


def test_after_a_negated_card_the_exchange_turn_still_passes_to_the_opponent() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (stores, _fake) = s.hand(GOOD, "actions", ["destroy_stores", "fake_attack"])
    (know, _evil_stores) = s.hand(EVIL, "actions", ["know_enemy", "destroy_stores"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    s.play(GOOD, f"play card={stores}")
    s.play(EVIL, f"play card={know}")
    assert s.state.troop_penalty == [0, 0]
    assert s.state.step == "strategy" and s.decider() == EVIL


# ===== Tactics segment ========================================================================


def test_the_tactics_segment_starts_with_the_defender_and_alternates() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (ring, ambush) = s.hand(GOOD, "actions", ["ring", "ambush"])
    (box, _surprise) = s.hand(EVIL, "actions", ["box", "surprise_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu, step="strategy")
    assert s.state.step == "tactics" and s.decider() == GOOD  # nobody had a strategy card
    refuse(s, EVIL, f"play card={box}")
    s.play(GOOD, f"play card={ring}")
    assert s.decider() == EVIL
    refuse(s, GOOD, f"play card={ambush}")
    s.play(EVIL, f"play card={box}")
    assert s.decider() == GOOD


def test_two_passes_in_a_row_end_the_tactics_segment_and_a_play_restarts_the_count() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    s.hand(GOOD, "actions", ["ring"])
    (box, _surprise) = s.hand(EVIL, "actions", ["box", "surprise_attack"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu)
    s.play(GOOD, "pass")
    s.play(EVIL, f"play card={box}")
    s.play(GOOD, "pass")
    assert s.state.step == "tactics" and s.decider() == EVIL
    s.play(EVIL, "pass")
    res = resolution(s)
    assert (res["defender"]["force"], res["attacker"]["force"]) == (6 + 5, 5 + 4 + 2)


def test_strategy_cards_are_not_played_in_the_tactics_segment() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (council, ring) = s.hand(GOOD, "actions", ["war_council", "ring"])
    s.hand(EVIL, "actions", ["box"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu)
    assert s.legal(GOOD) == [f"play card={ring}", "pass"]
    refuse(s, GOOD, f"play card={council}")


# ===== Resolution =============================================================================


def test_the_attacker_with_the_higher_force_wins_and_the_defender_retreats() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=guan_yu)
    res = resolution(s)
    assert (res["attacker"]["force"], res["defender"]["force"]) == (6 + 6 + 2, 6 + 5)
    assert res["winner"] == "evil" and res["coin"] == -1
    assert [(r["side"], r["unit"]) for r in s.events_of("retreat")] == [("good", guan_yu)]
    assert res["attacker"]["parts"] == [("Xiahou Yan", 6), ("Warriors (+2)", 8)]


@pytest.mark.parametrize(("seed", "coin", "winner"), [(3, 0, "evil"), (1, 1, "good")])
def test_a_tie_is_settled_by_a_coin(seed: int, coin: int, winner: str) -> None:
    s = Scenario(seed=seed)
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=guan_yu)
    res = resolution(s)
    assert res["attacker"]["force"] == res["defender"]["force"] == 6 + 5
    assert (res["coin"], res["winner"]) == (coin, winner)  # coin 0: the attacker wins
    loser = guan_yu if winner == "evil" else xiahou_yan
    assert [r["unit"] for r in s.events_of("retreat")] == [loser]


def test_ma_su_retreating_takes_the_opposing_leader_with_her() -> None:
    s = Scenario()
    ma_su = s.unit(GOOD, "ma_su", ["foot"])
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_su)
    assert resolution(s)["winner"] == "evil"
    retreats = s.events_of("retreat")[:2]
    assert [(r["side"], r["unit"]) for r in retreats] == [("good", ma_su), ("evil", xiahou_yan)]
    assert retreats[1]["why"] == "Ma Su"
    # the battle goes on with the two units left
    assert s.state.retreated == [ma_su, xiahou_yan]
    assert s.state.step == "pick" and s.decider() == GOOD
    assert [a for a in s.legal(GOOD) if a.startswith("pick")] == [f"pick attacker={guan_yu} defender={xiahou_dun}"]


def test_ma_su_taking_both_last_units_gives_the_battle_to_the_engagement_winner() -> None:
    s = Scenario()
    ma_su = s.unit(GOOD, "ma_su", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_su)
    assert resolution(s)["winner"] == "evil"
    assert [r["unit"] for r in s.events_of("retreat")] == [ma_su, xiahou_yan]
    assert [e["winner"] for e in s.events_of("battle_end")] == ["evil"]


def test_the_winner_fights_again_and_the_loser_is_not_picked_again() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    liu_bei = s.unit(GOOD, "liu_bei", ["spears"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["foot"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=guan_yu)
    assert resolution(s)["winner"] == "evil"
    # next engagement: Good attacks; Guan Yu has retreated, Xiahou Yan may be attacked again
    assert s.state.step == "pick" and s.decider() == GOOD
    picks = [a for a in s.legal(GOOD) if a.startswith("pick")]
    assert sorted(picks) == sorted(
        [f"pick attacker={liu_bei} defender={xiahou_dun}", f"pick attacker={liu_bei} defender={xiahou_yan}"]
    )


# ===== End segment ============================================================================


def test_the_end_segment_discards_the_cards_played_in_the_engagement() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    (ring,) = s.hand(GOOD, "actions", ["ring"])
    (box,) = s.hand(EVIL, "actions", ["box"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu)
    s.play(GOOD, f"play card={ring}")
    s.play(EVIL, f"play card={box}")
    assert resolution(s)["winner"] == "good"
    assert s.state.played == []
    assert s.state.action_discard[-2:] == [ring, box]


def test_the_end_segment_discards_each_action_hand_down_to_four_defender_first() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    good = s.hand(GOOD, "actions", ["ring", "box", "moon", "swan", "carp", "goose"])
    evil = s.hand(EVIL, "actions", ["bowl", "asp", "bull", "dart", "awl"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu)
    s.play(GOOD, "pass")
    s.play(EVIL, "pass")
    assert resolution(s)["winner"] == "good"
    assert s.decider() == GOOD and s.legal(GOOD) == [f"discard card={c}" for c in sorted(good)]
    refuse(s, EVIL, f"discard card={evil[0]}")
    s.play(GOOD, f"discard card={good[0]}")
    s.play(GOOD, f"discard card={good[1]}")
    assert s.state.sides[GOOD].actions == good[2:]
    assert s.decider() == EVIL and s.legal(EVIL) == [f"discard card={c}" for c in sorted(evil)]
    s.play(EVIL, f"discard card={evil[4]}")
    assert s.state.sides[EVIL].actions == evil[:4]


def test_a_hand_of_four_keeps_every_card_at_the_end_segment() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    good = s.hand(GOOD, "actions", ["ring", "box", "moon", "swan"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu)
    s.play(GOOD, "pass")
    assert resolution(s)["winner"] == "good"
    assert s.state.sides[GOOD].actions == good
    assert [d for d in s.events_of("discard") if d["side"] == "good"] == []


# ===== Engagements in a battle ================================================================


@pytest.mark.parametrize(("seed", "first"), [(1, "evil"), (3, "good")])
def test_the_first_attacker_of_a_battle_is_decided_by_a_coin(seed: int, first: str) -> None:
    s = Scenario(seed=seed)
    s.unit(GOOD, "guan_yu", ["swords"])
    s.unit(EVIL, "xiahou_dun", ["spears"])
    s.deploy()  # nobody holds a recruit: both pass and the battle starts
    (battle,) = s.events_of("battle")
    assert battle["first_attacker"] == first
    assert [e["attacker"] for e in s.events_of("engagement")] == [first]
    assert s.state.step == "pick" and s.decider() == (GOOD if first == "good" else EVIL)


def test_the_attacker_alternates_from_one_engagement_to_the_next() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    s.unit(GOOD, "liu_bei", ["spears"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    s.unit(EVIL, "xiahou_dun", ["foot"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=guan_yu)
    assert resolution(s)["winner"] == "evil"  # Evil won, but Good attacks next
    assert s.events_of("engagement")[-1]["attacker"] == "good"
    assert s.state.attacker == GOOD and s.state.step == "pick" and s.decider() == GOOD


def test_the_side_left_with_units_wins_the_battle() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    s.unit(GOOD, "liu_bei", ["spears"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=guan_yu)
    assert resolution(s)["winner"] == "good"  # 6 + 5 against 5 + 4
    # Evil's only unit retreated: the battle is over and Good won it
    assert s.events_of("battle_end") == [{"kind": "battle_end", "winner": "good", "streak": 1}]
    assert s.state.sides[GOOD].battles_won == 1


def test_the_battle_ends_when_the_last_unretreated_unit_of_a_side_retreats() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    liu_bei = s.unit(GOOD, "liu_bei", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])
    s.state.retreated = [liu_bei]
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=guan_yu)
    assert resolution(s)["winner"] == "evil"
    assert [e["winner"] for e in s.events_of("battle_end")] == ["evil"]
    assert s.events_of("engagement") == []  # no further engagement started


def test_the_per_engagement_card_limits_start_afresh_in_the_next_engagement() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])
    s.unit(GOOD, "liu_bei", ["spears"])
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["spears"])
    xiahou_ba = s.unit(EVIL, "xiahou_ba", ["foot"])
    (crush, second_crush) = s.hand(GOOD, "actions", ["crush", "crush"])
    (ring,) = s.hand(EVIL, "actions", ["ring"])
    # the next Action segment's draws: Evil (defending then) draws 6, then Good 6
    stack(s, ["box", "moon", "swan", "carp", "goose", "bowl",
              "asp", "bull", "dart", "awl", "flat", "backup_effect"])
    s.engagement(attacker=EVIL, att_unit=xiahou_dun, def_unit=ma_chao)
    s.play(GOOD, f"play card={crush}")
    s.play(EVIL, "pass")  # Good's second Crush is over the limit: Good passes, the engagement resolves
    assert resolution(s)["defender"]["force"] == 5 + 5 + 3
    assert s.state.played == [] and s.state.sides[GOOD].actions[0] == second_crush
    # engagement 2: Good attacks with Ma Chao again
    assert s.state.step == "pick" and s.decider() == GOOD
    s.play(GOOD, f"pick attacker={ma_chao} defender={xiahou_ba}")
    assert s.state.step == "tactics" and s.decider() == EVIL  # no strategy card in either hand
    assert f"play card={ring}" in s.legal(EVIL)  # a new Formation for Xiahou Ba's Foot
    s.play(EVIL, "pass")
    assert f"play card={second_crush}" in s.legal(GOOD)
