"""The Paper Kessen heuristic bot: legal, deterministic, blind to hidden cards, strong, sensible.

Scenario tests give the bot one literal decision and check its judgement; the force sums in the
comments are leader + troop + bonuses, as in the card lists.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.kessen.scenario import EVIL, GOOD, Scenario
from warroom.bots import RandomBot, make
from warroom.engine.runner import bot_rng, play_bots
from warroom.games.kessen.bots import HeuristicBot
from warroom.games.kessen.cards import LIU_BEI
from warroom.games.kessen.core import decision_kind
from warroom.games.kessen.rules import GAME
from warroom.games.kessen.state import KessenState

CONFIG = GAME.configure()


def decide(s: Scenario, side: int) -> str:
    """What the bot does for ``side`` in the scenario's current position."""
    assert s.decider() == side
    return HeuristicBot().choose(GAME.view(s.state, side), s.legal(side), random.Random(0))


def play_game(seed: int, bots: list[Any], check: Any = None) -> tuple[list[str], KessenState]:
    """Play one game to the end; ``check(state, seat, legal, action)`` sees every decision."""
    state = GAME.new(CONFIG, seed)
    rngs = [bot_rng(seed, 0), bot_rng(seed, 1)]
    actions: list[str] = []
    while GAME.result(state) is None:
        seat = GAME.decisions(state)[0].player
        legal = GAME.legal_actions(state, seat)
        action = bots[seat].choose(GAME.view(state, seat), legal, rngs[seat])
        if check is not None:
            check(state, seat, legal, action)
        actions.append(action)
        GAME.apply(state, seat, action)
    return actions, state


# ===== contract ===============================================================================
def test_the_registry_finds_the_heuristic_bot() -> None:
    bot = make("kessen", "heuristic")
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic" and bot.needs_view


@pytest.mark.parametrize("seed", range(4))
def test_the_bot_only_ever_returns_legal_actions(seed: int) -> None:
    seen: set[str] = set()

    def check(state: KessenState, seat: int, legal: list[str], action: str) -> None:
        assert action in legal
        seen.add(decision_kind(state))

    opponents = [HeuristicBot(), RandomBot()]
    bots: list[Any] = [HeuristicBot(), opponents[seed % 2]] if seed < 2 else [opponents[seed % 2], HeuristicBot()]
    play_game(seed, bots, check)
    assert {"deploy", "pick", "tactics", "discard"} <= seen


def test_the_bot_is_deterministic_for_a_seed() -> None:
    first, end = play_game(11, [HeuristicBot(), HeuristicBot()])
    second, _ = play_game(11, [HeuristicBot(), HeuristicBot()])
    assert first == second
    assert GAME.result(end) is not None


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_the_bot_decides_the_same_on_any_world_consistent_with_its_view(seed: int) -> None:
    """Re-dealing everything the seat cannot see (hands, decks) never changes its choice."""
    bot = HeuristicBot()
    compared = 0

    def check(state: KessenState, seat: int, legal: list[str], action: str) -> None:
        nonlocal compared
        if len(legal) < 2:
            return
        for s in (1, 2):
            world = GAME.determinize(state, seat, s)
            again = bot.choose(GAME.view(world, seat), GAME.legal_actions(world, seat), random.Random(s))
            assert again == action
            compared += 1

    play_game(seed, [HeuristicBot(), HeuristicBot()], check)
    assert compared > 100


def test_the_bot_beats_the_random_bot_from_either_side() -> None:
    games = 40
    for seat in (0, 1):
        wins = 0
        for seed in range(games):
            bots: list[Any] = [RandomBot(), RandomBot()]
            bots[seat] = HeuristicBot()
            outcome, _ = play_bots(GAME, CONFIG, 1000 + seed, bots)
            wins += outcome.winners == [seat]
        # it wins ~99% over 500 games (benchmarks/kessen_bot_strength.py); 80% of 40 leaves room
        assert wins >= 0.8 * games, f"seat {seat}: {wins}/{games}"


# ===== deploy =================================================================================
def test_deploy_gives_every_leader_a_troop_and_sun_li_her_cavalry() -> None:
    s = Scenario()
    sun_li, guan_yu = s.hand(GOOD, "leaders", ["sun_li", "guan_yu"])
    cavalry, swords, foot = s.hand(GOOD, "recruits", ["cavalry", "swords", "foot"])
    s.deploy(turn=GOOD)
    while s.state.step == "deploy" and s.decider() == GOOD:
        s.play(GOOD, decide(s, GOOD))
    units = {u.leader: u.troops for u in s.state.sides[GOOD].units}
    assert units[sun_li] == [cavalry]  # 3 + 5 + 3 (her Cavalry bonus)
    assert units[guan_yu] == [swords]  # the best leader gets the best troop left
    assert units[LIU_BEI] == [foot]


def test_deploy_plays_treachery_once_the_opponent_has_a_unit_to_give() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["swords"])
    s.unit(EVIL, "xiahou_dun", ["spears"])
    (treachery,) = s.hand(GOOD, "recruits", ["treachery"])
    s.deploy(turn=GOOD)
    assert decide(s, GOOD) == f"special card={treachery}"


def test_modifiers_go_to_the_strongest_unit() -> None:
    s = Scenario()
    s.unit(GOOD, "zhou_cang", ["foot"])  # 2 + 3
    ma_chao = s.unit(GOOD, "ma_chao", ["elephants"])  # 5 + 6
    (weapon,) = s.hand(GOOD, "recruits", ["magical_weapon"])
    s.deploy(turn=GOOD)
    assert decide(s, GOOD) == f"attach card={weapon} unit={ma_chao}"


# ===== choosing the fight =====================================================================
def test_the_attacker_picks_the_matchup_it_wins() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["rockets"])  # 6 + 6, +2 against Ranged
    s.unit(GOOD, "ma_chao", ["foot"])  # 5 + 3 attacking: loses to both
    s.unit(EVIL, "zhang_liao", ["warriors"])  # 6 + 6 + 1 against a General: beats Guan Yu 13-12
    cheng_yu = s.unit(EVIL, "cheng_yu", ["crossbows"])  # 5 + 5: loses to Guan Yu 14-10
    s.pick(attacker=GOOD)
    assert decide(s, GOOD) == f"pick attacker={guan_yu} defender={cheng_yu}"


def test_a_hopeless_attacker_sends_its_weakest_unit() -> None:
    s = Scenario()
    s.unit(GOOD, "zhao_yun", ["swords"])  # 5 + 5
    zhou_cang = s.unit(GOOD, "zhou_cang", ["foot"])  # 2 + 3
    s.unit(EVIL, "xiahou_yan", ["elephants"], ["tiger_general", "magical_weapon", "training"])  # 16
    s.unit(EVIL, "zhang_liao", ["warriors"], ["magical_weapon", "training"])  # 14 (+2, +1)
    s.pick(attacker=GOOD)
    assert decide(s, GOOD).startswith(f"pick attacker={zhou_cang} ")


def test_liu_bei_under_attack_lets_a_stronger_unit_intercept() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])  # 4 + 3 + 2 defending = 9
    zhang_fei = s.unit(GOOD, "zhang_fei", ["crossbows"], ["magical_weapon"])  # 5 + 5 + 2 + 1 = 13
    zhang_liao = s.unit(EVIL, "zhang_liao", ["elephants"])  # 6 + 6 + 1 against a General = 13 or 14
    s.hand(EVIL, "actions", ["ring"])
    s.engagement(attacker=EVIL, att_unit=zhang_liao, def_unit=LIU_BEI, step="strategy")
    assert decide(s, GOOD) == f"intercept unit={zhang_fei}"


# ===== the tactics segment ====================================================================
def test_plays_the_force_card_that_turns_a_loss_into_a_win() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["long_bows"])  # 6 + 4 = 10
    zhang_liao = s.unit(EVIL, "zhang_liao", ["cavalry"])  # 6 + 5 + 1 against a General = 12
    volley, _, _ = s.hand(GOOD, "actions", ["volley", "surprise_attack", "asp"])
    s.engagement(attacker=EVIL, att_unit=zhang_liao, def_unit=guan_yu)
    assert decide(s, GOOD) == f"play card={volley}"  # 13 - 12; Asp gives 1, Surprise Attack 0


def test_plays_the_cheapest_card_that_is_enough() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])  # 6 + 5 = 11
    xiahou_yan = s.unit(EVIL, "xiahou_yan", ["warriors"])  # 6 + 6 + 2 against Infantry = 14
    s.hand(GOOD, "actions", ["battle_cry", "box"])
    (ambush,) = s.hand(GOOD, "actions", ["ambush"])
    s.engagement(attacker=EVIL, att_unit=xiahou_yan, def_unit=guan_yu)
    # Box (+2) is not enough; Ambush (+4, defending) is, and is worth less than Battle Cry (+6)
    assert decide(s, GOOD) == f"play card={ambush}"


def test_passes_when_the_fight_is_hopeless() -> None:
    s = Scenario()
    s.unit(GOOD, "liu_bei", ["foot"])  # 4 + 3 + 2 defending = 9
    zhang_liao = s.unit(EVIL, "zhang_liao", ["elephants"], ["magical_weapon", "training"])  # 15
    s.hand(GOOD, "actions", ["backup_effect", "asp", "ring"])  # at most +4
    s.engagement(attacker=EVIL, att_unit=zhang_liao, def_unit=LIU_BEI)
    assert decide(s, GOOD) == "pass"


def test_passes_when_already_ahead() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["warriors"])  # 6 + 6 + 2 against Infantry = 14
    cao_ren = s.unit(EVIL, "cao_ren", ["foot"])  # attacking: 3 + 3 = 6
    s.hand(GOOD, "actions", ["ring", "crush"])
    s.hand(EVIL, "actions", ["box"])
    s.engagement(attacker=EVIL, att_unit=cao_ren, def_unit=guan_yu)
    assert decide(s, GOOD) == "pass"


def test_plays_slain_from_a_safe_lead() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["warriors"])  # 14
    cao_ren = s.unit(EVIL, "cao_ren", ["foot"])  # 6
    (slain,) = s.hand(GOOD, "actions", ["slain"])
    s.hand(EVIL, "actions", ["box"])
    s.engagement(attacker=EVIL, att_unit=cao_ren, def_unit=guan_yu)
    assert decide(s, GOOD) == f"play card={slain}"


# ===== forced answers =========================================================================
def test_treachery_hands_over_the_weakest_unit() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["elephants"])  # 5 + 6
    zhou_cang = s.unit(GOOD, "zhou_cang", ["foot"])  # 2 + 3
    s.unit(GOOD, "guan_yu", ["archers"])  # loyal: cannot be given
    (treachery,) = s.hand(EVIL, "recruits", ["treachery"])
    s.deploy(turn=EVIL)
    s.play(EVIL, f"special card={treachery}")
    assert decide(s, GOOD) == f"give unit={zhou_cang}"


def test_assassin_takes_the_least_useful_leader() -> None:
    s = Scenario()
    s.unit(GOOD, "ma_chao", ["elephants"])
    zhou_cang = s.unit(GOOD, "zhou_cang", ["foot"])
    (assassin,) = s.hand(EVIL, "recruits", ["assassin"])
    s.deploy(turn=EVIL)
    s.play(EVIL, f"special card={assassin}")
    assert decide(s, GOOD) == f"discard card={zhou_cang}"


def test_end_of_engagement_discards_keep_the_useful_cards() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])  # a General with Infantry, no Sorcerer
    zhang_liao = s.unit(EVIL, "zhang_liao", ["cavalry"])
    keep = s.hand(GOOD, "actions", ["crush", "battle_cry", "know_enemy", "intercept"])
    junk = s.hand(GOOD, "actions", ["meteor_shower", "gale", "volley"])  # spells, a Ranged tactic
    s.engagement(attacker=EVIL, att_unit=zhang_liao, def_unit=guan_yu)
    s.play(GOOD, "pass")  # Evil has nothing to play; the engagement resolves
    discarded = []
    while s.state.frames and s.decider() == GOOD:
        choice = decide(s, GOOD)
        discarded.append(int(choice.split("=")[1]))
        s.play(GOOD, choice)
    assert sorted(discarded) == sorted(junk)
    assert sorted(s.state.sides[GOOD].actions) == sorted(keep)


# ===== strategy segment =======================================================================
def test_know_enemy_cancels_the_opponents_fake_attack() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["cavalry"])
    (know_enemy,) = s.hand(GOOD, "actions", ["know_enemy"])
    (fake_attack,) = s.hand(EVIL, "actions", ["fake_attack"])
    s.engagement(attacker=EVIL, att_unit=zhang_liao, def_unit=guan_yu, step="strategy")
    # Good had nothing to play in the exchange (Know Enemy only answers), so Evil is to act
    s.play(EVIL, f"play card={fake_attack}")
    assert decide(s, GOOD) == f"play card={know_enemy}"


def test_after_evasion_the_attacker_chooses_the_defender_it_beats() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["rockets"])  # 6 + 6 (+2 against Ranged)
    xiahou_dun = s.unit(EVIL, "xiahou_dun", ["long_bows"])  # 5 + 4: Guan Yu's chosen target
    s.unit(EVIL, "zhang_liao", ["warriors"], ["magical_weapon"])  # 6 + 6 + 1 + 1 against a General
    cheng_yu = s.unit(EVIL, "cheng_yu", ["crossbows"])  # 5 + 5
    (evasion,) = s.hand(EVIL, "actions", ["evasion"])
    s.engagement(attacker=GOOD, att_unit=guan_yu, def_unit=xiahou_dun, step="strategy")
    s.play(EVIL, f"play card={evasion}")
    assert decide(s, GOOD) == f"choose unit={cheng_yu}"  # Guan Yu wins 14-10 here, loses 12-14 there
