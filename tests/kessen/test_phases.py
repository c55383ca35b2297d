"""The game's sequence: set-up, the five phases of a round, the deploy alternation, hand limits,
the battle and its engagements, retreat, victory, the round limit and deck reshuffles."""

from __future__ import annotations

from typing import Any

import pytest

from tests.kessen.scenario import (
    EVIL,
    GOOD,
    Scenario,
    after_battle,
    battle_start,
    end_phase,
    fight,
    next_round,
    pending,
    refuse,
)
from warroom.engine import GameOver, NotYourTurn
from warroom.games.kessen.cards import CAO_CAO, DECK_IDS, KEY, KIND, LIU_BEI, MAIN_LEADERS
from warroom.games.kessen.positions import card_id
from warroom.games.kessen.rules import GAME, once
from warroom.games.kessen.state import KessenState


def answer_discards(s: Scenario) -> None:
    """Answer every pending discard with the first card offered. Hand limits are only applied at
    the End segment (actions down to 4) and in the End phase (recruits to 7, leaders to 4); a
    draw never asks for a discard (see docs/rules/paper-kessen.md, "Hands and limits")."""
    while s.state.frames and pending(s.state)[0][0] == "discard" and s.state.winner < 0:
        p = s.decider()
        s.play(p, s.legal(p)[0])


def pass_deploy(st: KessenState) -> None:
    """Both sides pass the Deploy phase without forming a unit. Liu Bei and Cao Cao have no troop,
    so the battle has no unit and no winner, and the game runs on to the End phase's discards."""
    while st.step == "deploy" and not st.frames and st.winner < 0:
        GAME.apply(st, GAME.decisions(st)[0].player, "pass")


def answer_first(st: KessenState) -> None:
    """Answer every pending discard of a game built with ``GAME.new`` with the first card offered."""
    while st.frames and st.winner < 0:
        p = GAME.decisions(st)[0].player
        GAME.apply(st, p, GAME.legal_actions(st, p)[0])


# ----- set-up -------------------------------------------------------------------------------

SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_liu_bei_and_cao_cao_start_in_play_without_a_troop(seed: int) -> None:
    st = GAME.new(GAME.configure(), seed)
    for side, main in ((GOOD, LIU_BEI), (EVIL, CAO_CAO)):
        (unit,) = st.sides[side].units
        assert (unit.leader, unit.troops, unit.mods) == (main, [], [])


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_good_gets_two_and_evil_three_random_leaders_then_each_draws_one(seed: int) -> None:
    st = GAME.new(GAME.configure(), seed)
    good, evil = st.sides[GOOD].leaders, st.sides[EVIL].leaders
    # the starting leaders come first; the Leader phase of round 1 adds one card of any kind
    assert len(good) == 2 + 1 and len(evil) == 3 + 1
    for start in good[:2] + evil[:3]:
        assert KIND[start] == "leader" and start not in MAIN_LEADERS
    assert all(c in DECK_IDS["good"] for c in good) and all(c in DECK_IDS["evil"] for c in evil)


def test_setup_starting_leaders_are_random() -> None:
    starts = {tuple(GAME.new(GAME.configure(), seed).sides[GOOD].leaders[:2]) for seed in SEEDS}
    assert len(starts) > 6


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_deals_seven_recruits_and_the_recruit_phase_makes_ten(seed: int) -> None:
    st = GAME.new(GAME.configure(), seed)
    assert [len(s.recruits) for s in st.sides] == [7 + 3, 7 + 3]
    assert len(st.recruit_deck) == 74 - 2 * 10
    assert [len(s.actions) for s in st.sides] == [0, 0] and len(st.action_deck) == 112
    assert (len(st.sides[GOOD].leader_deck), len(st.sides[EVIL].leader_deck)) == (22 - 1 - 3, 24 - 1 - 4)
    # ten recruits are kept into the Deploy phase: the limit of 7 waits for the End phase
    assert pending(st) == []
    (decision,) = GAME.decisions(st)
    assert (decision.player, decision.kind) == (st.initiative, "deploy")


def test_setup_first_round_initiative_is_a_coin_flip() -> None:
    assert {GAME.new(GAME.configure(), seed).initiative for seed in SEEDS} == {GOOD, EVIL}


@pytest.mark.parametrize("seed", [3, 5])
def test_setup_the_initiative_side_deploys_first_from_all_ten_recruits(seed: int) -> None:
    st = GAME.new(GAME.configure(), seed)
    first = st.initiative
    assert st.step == "deploy" and GAME.decisions(st)[0].player == first
    legal = GAME.legal_actions(st, first)
    assert not any(a.startswith("discard") for a in legal)
    assert GAME.legal_actions(st, 1 - first) == []
    # every troop of the ten-card hand may be deployed (Liu Bei or Cao Cao takes any troop)
    troops = {c for c in st.sides[first].recruits if KIND[c] == "troop"}
    offered = {int(a.split("troop=")[1]) for a in legal if a.startswith("deploy")}
    assert troops and offered == troops


# ----- round sequence -----------------------------------------------------------------------

def test_round_starts_with_leader_phase_then_recruit_phase_initiative_first() -> None:
    s = Scenario()
    s.hand(GOOD, "recruits", ["foot"])
    next_round(s, initiative=EVIL)
    assert s.state.round == 2
    draws = [(d["side"], d["hand"], d["count"]) for d in s.events_of("draw")]
    assert draws == [("evil", "leaders", 1), ("good", "leaders", 1),
                     ("evil", "recruits", 3), ("good", "recruits", 3)]
    assert [len(x.leaders) for x in s.state.sides] == [1, 1]
    assert [len(x.recruits) for x in s.state.sides] == [1 + 3, 3]
    assert s.state.step == "deploy" and s.decider() == EVIL


def test_round_end_clears_this_rounds_effects() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    st = s.state
    st.troop_penalty, st.unit_bonus, st.duty = [1, 1], [1, 0], [ma_chao]
    st.retreated, st.intercepts_used, st.engaged = [ma_chao], [ma_chao], [ma_chao]
    next_round(s)
    assert (st.troop_penalty, st.unit_bonus, st.duty, st.retreated, st.intercepts_used, st.engaged) == (
        [0, 0], [0, 0], [], [], [], [])


def test_round_keeps_units_and_their_modifiers() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"], ["training"])
    next_round(s)
    unit = s.state.find_unit(ma_chao)
    assert unit is not None and [KEY[c] for c in unit.troops + unit.mods] == ["foot", "training"]


# ----- deploy phase -------------------------------------------------------------------------

def _two_deployers(s: Scenario) -> tuple[int, int, list[int], list[int]]:
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["foot"])
    good = s.hand(GOOD, "recruits", ["training", "magical_weapon"])
    evil = s.hand(EVIL, "recruits", ["training", "magical_weapon"])
    return ma_chao, xiahou_yan, good, evil


@pytest.mark.parametrize("first", [GOOD, EVIL])
def test_deploy_phase_starts_with_the_side_that_has_initiative(first: int) -> None:
    s = Scenario()
    _two_deployers(s)
    s.deploy(first)
    assert s.decider() == first and s.legal(1 - first) == []


def test_deploy_actions_alternate_one_at_a_time() -> None:
    s = Scenario()
    ma_chao, xiahou_yan, good, evil = _two_deployers(s)
    s.deploy(GOOD)
    s.play(GOOD, f"attach card={good[0]} unit={ma_chao}")
    assert s.decider() == EVIL
    s.play(EVIL, f"attach card={evil[0]} unit={xiahou_yan}")
    assert s.decider() == GOOD


def test_deploy_side_that_passed_is_done_and_the_other_keeps_acting() -> None:
    s = Scenario()
    ma_chao, xiahou_yan, good, evil = _two_deployers(s)
    s.deploy(GOOD)
    s.play(GOOD, "pass")
    s.play(EVIL, f"attach card={evil[0]} unit={xiahou_yan}")
    assert s.decider() == EVIL  # Good has passed: Evil acts again
    refuse(s, GOOD, f"attach card={good[1]} unit={ma_chao}")
    s.play(EVIL, f"attach card={evil[1]} unit={xiahou_yan}")
    # Evil has nothing left: the Deploy phase ends and the battle starts
    assert s.events_of("battle")
    assert good[1] in s.state.sides[GOOD].recruits


def test_deploy_phase_ends_when_both_sides_have_passed() -> None:
    s = Scenario()
    _two_deployers(s)
    s.deploy(GOOD)
    s.play(GOOD, "pass")
    assert not s.events_of("battle")
    s.play(EVIL, "pass")
    assert s.events_of("battle")[0]["round"] == 1


def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    s = Scenario()
    _, xiahou_yan, _, evil = _two_deployers(s)
    s.deploy(GOOD)
    before = s.state.to_json()
    with pytest.raises(NotYourTurn):
        s.play(EVIL, f"attach card={evil[0]} unit={xiahou_yan}")
    assert s.state.to_json() == before


def test_deploy_offers_every_leader_in_hand_with_every_troop() -> None:
    s = Scenario()
    zhao_yun, ma_chao = s.hand(GOOD, "leaders", ["zhao_yun", "ma_chao"])
    foot, swords = s.hand(GOOD, "recruits", ["foot", "swords"])
    s.deploy(GOOD)
    deploys = [a for a in s.legal(GOOD) if a.startswith("deploy")]
    assert sorted(deploys) == sorted(
        f"deploy leader={leader} troop={t}" for leader in (LIU_BEI, zhao_yun, ma_chao) for t in (foot, swords)
    )


# ----- hand limits --------------------------------------------------------------------------

def test_increase_supplies_above_seven_recruits_is_kept_until_the_end_phase() -> None:
    s = Scenario()
    hand = s.hand(GOOD, "recruits", ["increase_supplies", "foot", "swords", "spears", "training",
                                     "fame", "experience"])
    top_two = s.state.recruit_deck[-2:]
    s.deploy(GOOD)
    s.play(GOOD, f"special card={hand[0]}")
    held = sorted(hand[1:] + top_two)
    assert sorted(s.state.sides[GOOD].recruits) == held
    # no discard now: Good keeps all eight and goes on deploying (Evil, with nothing, passed)
    assert not s.state.frames and s.state.step == "deploy" and s.decider() == GOOD
    assert not any(a.startswith("discard") for a in s.legal(GOOD))
    s.play(GOOD, "pass")  # no unit takes a troop: an empty battle, then the End phase
    assert pending(s.state) == [("discard", GOOD, "recruits", 7)]
    assert s.legal(GOOD) == once([f"discard card={c}" for c in held])
    s.play(GOOD, f"discard card={hand[2]}")  # the owner's choice
    assert hand[2] in s.state.recruit_discard and hand[2] not in s.state.sides[GOOD].recruits
    # the next round's Recruit phase draws three onto the seven kept
    assert s.state.round == 2 and len(s.state.sides[GOOD].recruits) == 7 + 3


def test_unexpected_aid_above_seven_leaders_is_kept_until_the_end_phase_trims_it_to_four() -> None:
    s = Scenario()
    leaders = s.hand(GOOD, "leaders", ["zhao_yun", "ma_chao", "guan_yu", "zhang_fei",
                                       "sun_li", "cai_mao", "ma_su"])
    aid, _ = s.hand(GOOD, "recruits", ["unexpected_aid", "stirring_oratory"])
    top = s.state.sides[GOOD].leader_deck[-1]
    s.deploy(GOOD)
    s.play(GOOD, f"special card={aid}")
    assert s.state.sides[GOOD].leaders == [*leaders, top]
    assert not s.state.frames and s.state.step == "deploy" and s.decider() == GOOD
    assert not any(a.startswith("discard") for a in s.legal(GOOD))
    s.play(GOOD, "pass")
    assert pending(s.state) == [("discard", GOOD, "leaders", 4)]
    assert s.legal(GOOD) == [f"discard card={c}" for c in sorted([*leaders, top])]
    for c in leaders[:4]:
        s.play(GOOD, f"discard card={c}")
    assert s.state.sides[GOOD].leader_discard == leaders[:4]
    # four kept, then the next round's Leader phase draws one
    assert s.state.round == 2 and s.state.sides[GOOD].leaders[:4] == [*leaders[4:], top]
    assert len(s.state.sides[GOOD].leaders) == 4 + 1


def test_a_steal_above_seven_recruits_is_kept_until_the_end_phase() -> None:
    s = Scenario()
    hand = s.hand(GOOD, "recruits", ["propaganda", "foot", "swords", "spears", "training",
                                     "fame", "experience"])
    stolen = s.hand(EVIL, "recruits", ["cavalry", "elephants"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={hand[0]}")
    held = sorted(hand[1:] + stolen)
    assert sorted(s.state.sides[GOOD].recruits) == held
    assert not s.state.frames and s.state.step == "deploy" and s.decider() == GOOD
    assert not any(a.startswith("discard") for a in s.legal(GOOD))
    s.play(GOOD, "pass")
    assert pending(s.state) == [("discard", GOOD, "recruits", 7)]
    assert s.legal(GOOD) == once([f"discard card={c}" for c in held])
    s.play(GOOD, f"discard card={stolen[0]}")
    assert stolen[0] in s.state.recruit_discard and s.state.round == 2


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_end_phase_trims_a_ten_card_recruit_hand_to_seven_initiative_first(seed: int) -> None:
    st = GAME.new(GAME.configure(), seed)
    dealt = [sorted(s.recruits) for s in st.sides]
    pass_deploy(st)
    # the empty battle had no winner, so a coin gave the initiative; it discards first
    first = st.initiative
    assert pending(st) == [("discard", first, "recruits", 7), ("discard", 1 - first, "recruits", 7)]
    for side in (first, 1 - first):
        assert GAME.decisions(st)[0].player == side
        assert GAME.legal_actions(st, side) == once([f"discard card={c}" for c in dealt[side]])
        chosen = dealt[side][-3:]  # the owner's choice: here the three highest ids
        for c in chosen:
            GAME.apply(st, side, f"discard card={c}")
        # (the last discard closes the round, and round 2's draws go after the seven kept)
        assert sorted(st.sides[side].recruits[:7]) == dealt[side][:7]
        assert set(chosen) <= set(st.recruit_discard)
        if side == first:
            assert len(st.sides[side].recruits) == 7 and GAME.decisions(st)[0].player == 1 - first
    # round 2: seven kept plus three drawn
    assert st.round == 2 and st.step == "deploy" and not st.frames
    assert [len(s.recruits) for s in st.sides] == [7 + 3, 7 + 3]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_end_phase_trims_a_leader_hand_that_grew_in_play_to_four(seed: int) -> None:
    st = GAME.new(GAME.configure(), seed)
    # Good starts with 2 leaders and Evil with 3; each Leader phase adds one
    assert [len(s.leaders) for s in st.sides] == [3, 4]
    pass_deploy(st)
    assert all(f[2] == "recruits" for f in pending(st))  # four leaders are within the limit
    answer_first(st)
    assert st.round == 2 and [len(s.leaders) for s in st.sides] == [4, 5]
    pass_deploy(st)
    first = st.initiative
    expected = [("discard", first, "recruits", 7)]
    if first == EVIL:
        expected.append(("discard", EVIL, "leaders", 4))
    expected.append(("discard", 1 - first, "recruits", 7))
    if first == GOOD:
        expected.append(("discard", EVIL, "leaders", 4))
    assert pending(st) == expected
    while pending(st)[0][2] != "leaders":
        p = GAME.decisions(st)[0].player
        GAME.apply(st, p, GAME.legal_actions(st, p)[0])
    evil = sorted(st.sides[EVIL].leaders)
    assert GAME.decisions(st)[0].player == EVIL
    assert GAME.legal_actions(st, EVIL) == [f"discard card={c}" for c in evil]
    GAME.apply(st, EVIL, f"discard card={evil[-1]}")
    assert evil[-1] in st.sides[EVIL].leader_discard
    answer_first(st)
    # round 3: Evil's four kept plus one drawn; Good's four untouched plus one
    assert st.round == 3 and [len(s.leaders) for s in st.sides] == [5, 5]
    assert sorted(st.sides[EVIL].leaders[:4]) == evil[:4]


def test_end_phase_discards_the_leader_hand_down_to_four_and_the_recruit_hand_down_to_seven() -> None:
    s = Scenario()
    good_leaders = s.hand(GOOD, "leaders", ["zhao_yun", "ma_chao", "guan_yu", "zhang_fei", "sun_li", "cai_mao"])
    evil_recruits = s.hand(EVIL, "recruits", ["foot", "swords", "spears", "warriors", "cavalry",
                                             "elephants", "archers", "rockets", "chariots"])
    end_phase(s, initiative=GOOD)
    assert s.decider() == GOOD
    assert s.legal(GOOD) == [f"discard card={c}" for c in sorted(good_leaders)]
    s.play(GOOD, f"discard card={good_leaders[0]}")
    s.play(GOOD, f"discard card={good_leaders[1]}")
    assert s.state.sides[GOOD].leaders == good_leaders[2:]
    assert s.decider() == EVIL
    s.play(EVIL, f"discard card={evil_recruits[0]}")
    s.play(EVIL, f"discard card={evil_recruits[1]}")
    assert s.state.sides[EVIL].recruits[:7] == evil_recruits[2:]
    assert s.state.round == 2  # the next round started


def test_end_phase_keeps_hands_within_the_limits() -> None:
    s = Scenario()
    leaders = s.hand(GOOD, "leaders", ["zhao_yun", "ma_chao", "guan_yu", "zhang_fei"])
    end_phase(s)
    assert s.events_of("discard") == []
    assert s.state.sides[GOOD].leaders[:4] == leaders


def test_end_segment_discards_the_action_hand_down_to_four() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    s.unit(EVIL, "zhang_liao", ["spears"])
    cards = s.hand(GOOD, "actions", ["ring", "box", "intercept", "evasion", "lure", "ruse"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=ma_chao)
    s.pass_both()
    assert s.events_of("resolution")
    assert pending(s.state)[0] == ("discard", GOOD, "actions", 4)
    assert s.legal(GOOD) == [f"discard card={c}" for c in sorted(cards)]
    s.play(GOOD, f"discard card={cards[0]}")
    s.play(GOOD, f"discard card={cards[1]}")
    assert s.state.sides[GOOD].actions == cards[2:] and cards[0] in s.state.action_discard


# ----- battle -------------------------------------------------------------------------------

def test_battle_engages_every_unit_with_a_troop() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    battle_start(s)
    assert sorted(s.events_of("battle")[0]["engaged"]) == sorted([ma_chao, zhao_yun, xiahou_yan])


def test_battle_first_attacker_is_a_coin_flip() -> None:
    firsts = set()
    for seed in range(10):
        s = Scenario(seed=seed)
        s.unit(GOOD, "ma_chao", ["foot"])
        s.unit(EVIL, "xiahou_yan", ["swords"])
        battle_start(s)
        first = s.events_of("battle")[0]["first_attacker"]
        assert s.events_of("engagement")[0]["attacker"] == first
        firsts.add(first)
    assert firsts == {"good", "evil"}


def test_engagement_starts_with_both_action_hands_filled_to_seven() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"])
    s.unit(EVIL, "xiahou_yan", ["swords"])
    s.hand(GOOD, "actions", ["ring", "box"])
    battle_start(s)
    assert [len(x.actions) for x in s.state.sides] == [7, 7]


def test_attacker_picks_one_of_its_units_and_one_enemy_unit() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    s.pick(GOOD)
    assert s.decider() == GOOD and s.legal(EVIL) == []
    picks = [a for a in s.legal(GOOD) if a.startswith("pick")]
    assert picks == [f"pick attacker={a} defender={xiahou_yan}" for a in sorted([ma_chao, zhao_yun])]
    s.play(GOOD, f"pick attacker={zhao_yun} defender={xiahou_yan}")
    (res,) = s.events_of("resolution")
    assert (res["attacker"]["unit"], res["defender"]["unit"]) == (zhao_yun, xiahou_yan)


def test_a_retreated_unit_cannot_be_picked() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    zhao_yun = s.unit(GOOD, "zhao_yun", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["swords"])
    s.state.retreated = [zhao_yun, zhang_liao]
    s.pick(GOOD)
    assert [a for a in s.legal(GOOD) if a.startswith("pick")] == [
        f"pick attacker={ma_chao} defender={xiahou_yan}"]
    refuse(s, GOOD, f"pick attacker={zhao_yun} defender={xiahou_yan}")
    refuse(s, GOOD, f"pick attacker={ma_chao} defender={zhang_liao}")


def test_a_unit_not_in_the_battle_cannot_be_picked() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["swords"])  # on Duty Elsewhere, say
    s.pick(GOOD, engaged=[ma_chao, xiahou_yan])
    refuse(s, GOOD, f"pick attacker={ma_chao} defender={zhang_liao}")


def test_the_loser_retreats_and_the_winner_may_fight_again_with_the_other_side_attacking() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["warriors"])  # 6 + 6 + 2 vs Infantry = 14 attacking
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["foot"])  # 6 + 3 + 2 defending = 11
    zhang_liao = s.unit(EVIL, "zhang_liao", ["spears"])
    res = fight(s, GOOD, guan_yu, xiahou_yan)
    assert res["winner"] == "good" and s.state.retreated == [xiahou_yan]
    assert s.events_of("retreat") == [{"kind": "retreat", "side": "evil", "unit": xiahou_yan}]
    # next engagement: Evil attacks, and Guan Yu may be attacked again
    assert s.state.step == "pick" and s.state.attacker == EVIL
    picks = [a for a in s.legal(EVIL) if a.startswith("pick")]
    assert picks == [f"pick attacker={zhang_liao} defender={d}" for d in sorted([guan_yu, ma_chao])]


def test_a_tie_is_decided_by_a_coin() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["swords"])  # 5 + 5
    hu_zhi = s.unit(EVIL, "hu_zhi", ["swords"])  # 5 + 5
    res = fight(s, GOOD, ma_chao, hu_zhi)
    assert res["attacker"]["force"] == res["defender"]["force"] == 10
    assert res["coin"] in (0, 1)
    assert res["winner"] == ("good" if res["coin"] == 0 else "evil")


def test_the_battle_goes_on_while_both_sides_have_units_left() -> None:
    s = Scenario()
    zhao_yun = s.unit(GOOD, "zhao_yun", ["foot"])  # 5 + 3 attacking = 8
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])  # 6 + 6 + 2 vs Infantry = 14
    fight(s, GOOD, zhao_yun, xiahou_yan)
    assert s.events_of("battle_end") == [] and s.state.step == "pick"
    fight(s, EVIL, xiahou_yan, ma_chao)
    answer_discards(s)
    (end,) = s.events_of("battle_end")
    assert end == {"kind": "battle_end", "winner": "evil", "streak": 1}
    assert [x.battles_won for x in s.state.sides] == [0, 1]


def test_a_side_with_units_wins_the_battle_when_the_enemy_has_none() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"])
    battle_start(s)
    assert s.events_of("engagement") == []
    assert s.events_of("battle_end")[0] == {"kind": "battle_end", "winner": "good", "streak": 1}


def test_no_battle_winner_when_neither_side_has_a_unit_and_the_streak_is_broken() -> None:
    s = Scenario()
    battle_start(s, streak=2, last_winner=GOOD)
    assert s.events_of("battle_end")[0] == {"kind": "battle_end", "winner": None, "streak": 0}
    assert (s.state.streak, s.state.last_winner) == (0, -1)


def test_initiative_next_round_goes_to_the_loser_of_the_battle() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"])
    battle_start(s)  # Good wins uncontested
    assert s.state.initiative == EVIL
    assert s.state.round == 2 and s.state.step == "deploy" and s.decider() == EVIL


def test_after_battle_window_alternates_starting_with_the_winner() -> None:
    s = Scenario()
    ma_chao = s.unit(GOOD, "ma_chao", ["foot"])
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["swords"])
    good = s.hand(GOOD, "recruits", ["experience", "elite_troops"])
    evil = s.hand(EVIL, "recruits", ["experience", "elite_troops"])
    after_battle(s, winner=EVIL, retreated=[ma_chao])
    assert s.decider() == EVIL
    s.play(EVIL, f"attach card={evil[0]} unit={xiahou_yan}")
    assert s.decider() == GOOD
    s.play(GOOD, f"attach card={good[0]} unit={ma_chao}")
    assert s.decider() == EVIL
    s.play(EVIL, "pass")
    s.play(GOOD, f"attach card={good[1]} unit={ma_chao}")
    # both done: the End phase runs and the next round begins
    assert s.state.round == 2
    assert evil[1] in s.state.sides[EVIL].recruits


# ----- victory and the round limit ----------------------------------------------------------

def test_three_battles_won_in_three_consecutive_rounds_wins_the_game() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"])
    s.state.sides[GOOD].battles_won = 2
    battle_start(s, streak=2, last_winner=GOOD)
    assert s.state.winner == GOOD and s.state.step == "over"
    result = GAME.result(s.state)
    assert result is not None and result.winners == [GOOD]
    assert result.scores["battles_won"] == [3, 0]
    assert s.events_of("game_over")[0]["winner"] == "good"
    assert GAME.decisions(s.state) == []
    with pytest.raises(GameOver):
        GAME.apply(s.state, GOOD, "pass")


def test_two_battles_won_in_a_row_do_not_end_the_game() -> None:
    s = Scenario()
    s.unit(EVIL, "xiahou_yan", ["foot"])
    battle_start(s, streak=1, last_winner=EVIL)
    assert s.state.winner == -1 and (s.state.streak, s.state.last_winner) == (2, EVIL)


def test_losing_a_battle_breaks_the_opponents_streak() -> None:
    s = Scenario()
    s.unit(EVIL, "xiahou_yan", ["foot"])
    battle_start(s, streak=2, last_winner=GOOD)
    assert s.state.winner == -1 and (s.state.streak, s.state.last_winner) == (1, EVIL)


def test_the_round_limit_ends_the_game_in_a_draw() -> None:
    s = Scenario(max_rounds=3)
    s.state.round = 3
    next_round(s)
    assert s.state.winner == 2 and s.state.step == "over"
    result = GAME.result(s.state)
    assert result is not None and result.winners == []
    assert s.events_of("game_over") == [
        {"kind": "game_over", "winner": None, "reason": "no side won 3 battles in a row within 3 rounds"}]


def test_the_game_goes_on_below_the_round_limit() -> None:
    s = Scenario(max_rounds=3)
    s.state.round = 2
    next_round(s)
    assert s.state.winner == -1 and s.state.round == 3


# ----- deck reshuffles ----------------------------------------------------------------------

def test_empty_recruit_deck_is_refilled_by_shuffling_its_discard_pile() -> None:
    s = Scenario()
    supplies, _ = s.hand(GOOD, "recruits", ["increase_supplies", "stirring_oratory"])
    st = s.state
    st.recruit_discard, st.recruit_deck = st.recruit_deck, []
    size = len(st.recruit_discard) + 1  # Increase Supplies is discarded before it draws
    s.deploy(GOOD)
    s.play(GOOD, f"special card={supplies}")
    assert s.events_of("reshuffle") == [{"kind": "reshuffle", "deck": "recruit", "size": size}]
    assert st.recruit_discard == [] and len(st.recruit_deck) == size - 2
    assert len(st.sides[GOOD].recruits) == 3


def test_empty_action_deck_is_refilled_by_shuffling_its_discard_pile() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["foot"])
    s.unit(EVIL, "xiahou_yan", ["swords"])
    st = s.state
    st.action_discard, st.action_deck = st.action_deck, []
    battle_start(s)
    assert s.events_of("reshuffle") == [{"kind": "reshuffle", "deck": "action", "size": 112}]
    assert len(st.action_deck) == 112 - 14


def test_empty_leader_deck_is_refilled_by_shuffling_its_discard_pile() -> None:
    s = Scenario()
    good = s.state.sides[GOOD]
    good.leader_discard, good.leader_deck = good.leader_deck, []
    next_round(s)
    assert s.events_of("reshuffle") == [{"kind": "reshuffle", "deck": "good leader", "size": 21}]
    assert len(good.leaders) == 1 and len(good.leader_deck) == 20


def test_a_draw_from_an_empty_deck_and_discard_draws_nothing() -> None:
    s = Scenario()

    def every_good_leader_in_play(d: dict[str, Any]) -> None:
        # every card is somewhere: with Good's whole leader deck in play, deck and discard are empty
        deck = d["good"]["leader_deck"]
        leaders = [n for n in deck if KIND[card_id(n)] == "leader"]
        mods = [n for n in deck if KIND[card_id(n)] == "leader_mod"]
        troops = [n for n in d["recruit_deck"] if KIND[card_id(n)] == "troop"][:len(leaders)]
        d["recruit_deck"] = [n for n in d["recruit_deck"] if n not in troops]
        units = [{"leader": lead, "troops": [t], "mods": []} for lead, t in zip(leaders, troops, strict=True)]
        for unit, mod in zip(units, mods, strict=False):
            unit["mods"].append(mod)
        d["good"]["units"] += units
        d["good"]["leader_deck"] = []

    s.edit(every_good_leader_in_play)
    good = s.state.sides[GOOD]
    assert good.leader_deck == good.leader_discard == []
    next_round(s)
    assert good.leaders == []
    assert [d["side"] for d in s.events_of("draw") if d["hand"] == "leaders"] == ["evil"]


def test_discarded_recruit_cards_go_to_the_shared_recruit_discard() -> None:
    s = Scenario()
    raids, _ = s.hand(GOOD, "recruits", ["raids", "stirring_oratory"])
    evil = s.hand(EVIL, "recruits", ["foot", "swords", "spears"])
    s.deploy(GOOD)
    s.play(GOOD, f"special card={raids}")
    for c in evil:
        s.play(EVIL, f"discard card={c}")
    assert s.state.recruit_discard == [raids, *evil]
