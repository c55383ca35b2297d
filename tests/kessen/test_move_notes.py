"""Moves that explain themselves: each Tactics-segment card shows the Force it would give,
a card that would do nothing now is marked, and two copies of one card are offered once."""

from __future__ import annotations

from tests.kessen.scenario import EVIL, GOOD, Scenario, refuse
from warroom.games.kessen.cards import CARDS
from warroom.games.kessen.rules import GAME


def _fight() -> tuple[Scenario, int, int]:
    s = Scenario()
    liu_bei = s.unit(GOOD, "liu_bei", ["swords"])
    xu = s.unit(EVIL, "xiahou_yan", ["cavalry"])
    return s, liu_bei, xu


def test_a_defender_only_card_while_attacking_is_offered_marked_no_effect_now() -> None:
    s, liu_bei, xu = _fight()
    ambush, bridge, surprise = s.hand(GOOD, "actions", ["ambush", "defend_bridge", "surprise_attack"])
    s.engagement(attacker=GOOD, att_unit=liu_bei, def_unit=xu)
    assert s.decider() == GOOD  # Evil, the defender, had nothing to play: it passed
    before = s.force(liu_bei)
    view = GAME.view(s.state, GOOD)
    notes = view["action_notes"]
    assert notes[f"play card={ambush}"] == {"effect": "no effect now", "no_effect": True}
    assert notes[f"play card={bridge}"] == {"effect": "no effect now", "no_effect": True}
    assert notes[f"play card={surprise}"] == {"effect": f"Liu Bei {before} → {before + 4}", "no_effect": False}
    assert GAME.describe(s.state, GOOD, f"play card={ambush}").endswith("[no effect now]")
    assert GAME.describe(s.state, GOOD, f"play card={surprise}").endswith(f"[Liu Bei {before} → {before + 4}]")
    # still legal (a player may throw a card away), only marked
    assert f"play card={ambush}" in s.legal(GOOD)
    assert "action_notes" not in GAME.view(s.state, EVIL)  # the other seat has nothing to decide


def test_the_defender_sees_the_defender_cards_gain() -> None:
    s, liu_bei, xu = _fight()
    ambush, surprise = s.hand(EVIL, "actions", ["ambush", "surprise_attack"])
    s.engagement(attacker=GOOD, att_unit=liu_bei, def_unit=xu)
    before = s.force(xu)
    notes = GAME.view(s.state, EVIL)["action_notes"]
    assert notes[f"play card={ambush}"]["effect"] == f"Xiahou Yan {before} → {before + 4}"
    assert notes[f"play card={surprise}"]["no_effect"] is True


def test_a_card_that_lowers_the_opponent_shows_the_opponents_total() -> None:
    s, liu_bei, xu = _fight()
    (duel,) = s.hand(EVIL, "actions", ["duel"])
    s.engagement(attacker=GOOD, att_unit=liu_bei, def_unit=xu)
    before = s.force(liu_bei)
    effect = GAME.view(s.state, EVIL)["action_notes"][f"play card={duel}"]["effect"]
    # Liu Bei is a General: his printed base Force becomes 0
    assert effect == f"Liu Bei {before} → {before - CARDS[liu_bei].force}"


def test_a_card_with_an_effect_beyond_force_is_never_marked_no_effect() -> None:
    s, liu_bei, xu = _fight()
    (slain,) = s.hand(EVIL, "actions", ["slain"])
    s.engagement(attacker=GOOD, att_unit=liu_bei, def_unit=xu)
    assert GAME.view(s.state, EVIL)["action_notes"][f"play card={slain}"] == {"effect": "", "no_effect": False}


def test_two_copies_of_one_card_are_offered_once_and_the_other_copy_is_refused() -> None:
    s, liu_bei, xu = _fight()
    first, second = s.hand(EVIL, "actions", ["ambush", "ambush"])
    s.engagement(attacker=GOOD, att_unit=liu_bei, def_unit=xu)
    low, high = sorted([first, second])
    assert s.legal(EVIL) == [f"play card={low}", "pass"]
    refuse(s, EVIL, f"play card={high}")
    s.play(EVIL, f"play card={low}")
    assert high in s.state.sides[EVIL].actions


def test_two_copies_of_a_troop_form_one_deploy_move() -> None:
    s = Scenario()
    (zhao_yun,) = s.hand(GOOD, "leaders", ["zhao_yun"])
    a, _b = sorted(s.hand(GOOD, "recruits", ["foot", "foot"]))
    s.deploy(GOOD)
    deploys = [x for x in s.legal(GOOD) if x.startswith(f"deploy leader={zhao_yun}")]
    assert deploys == [f"deploy leader={zhao_yun} troop={a}"]


def test_the_refused_copy_names_the_offered_one() -> None:
    s, liu_bei, xu = _fight()
    first, second = sorted(s.hand(EVIL, "actions", ["ambush", "ambush"]))
    s.engagement(attacker=GOOD, att_unit=liu_bei, def_unit=xu)
    reason = GAME.explain_illegal(s.state, EVIL, f"play card={second}")
    assert reason == f"that is the same move as 'play card={first}' (identical copies are offered once): use that"
