"""Weapons and armor (cards/weapons.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, hero, seat, table

K7, K8, K9, D2, D3 = cid("slash ♠7"), cid("slash ♠8"), cid("slash ♠9"), cid("jink ♥2"), cid("jink ♦2")


def pair(hand0, hand1=(), eq0=None, eq1=None, g1="xu_chu", **kw):  # type: ignore[no-untyped-def]
    return table(seat("zhang_liao", "monarch", list(hand0), equipment=eq0 or {}),
                 seat(g1, "rebel", list(hand1), equipment=eq1 or {}), seat("cao_ren", "rebel"),
                 seat("huang_gai", "defector"), **kw)


def test_crossbow_lifts_the_kill_limit() -> None:
    s = pair(["slash ♠7", "slash ♠8"], eq0={"weapon": "crossbow ♣A"})
    act(s, 0, f"use card={K7} target=1")
    assert f"use card={K8} target=1" in GAME.legal_actions(s, 0)


def test_qinggang_sword_ignores_armor() -> None:
    s = pair(["slash ♠7"], eq0={"weapon": "qinggang_sword ♠6"}, eq1={"armor": "nioh_shield ♣2"})
    act(s, 0, f"use card={K7} target=1")
    assert s.seats[1].hp == 3


def test_renwang_shield_stops_black_kills_only() -> None:
    s = pair(["slash ♠7"], eq1={"armor": "nioh_shield ♣2"})
    act(s, 0, f"use card={K7} target=1")
    assert s.seats[1].hp == 4
    s = pair(["slash ♥10"], eq1={"armor": "nioh_shield ♣2"})
    act(s, 0, f"use card={cid('slash ♥10')} target=1")
    assert s.seats[1].hp == 3


def test_eight_trigrams_red_judgement_counts_as_a_dodge() -> None:
    s = pair(["slash ♠7"], eq1={"armor": "eight_diagram ♠2"}, draw=["peach ♥3"])
    act(s, 0, f"use card={K7} target=1")
    assert asked(s) == (1, "ability:eight_diagram")
    act(s, 1, "use ability=eight_diagram")
    assert s.seats[1].hp == 4 and cid("peach ♥3") in s.discard


def test_eight_trigrams_black_still_allows_a_real_dodge() -> None:
    s = pair(["slash ♠7"], ["jink ♥2"], eq1={"armor": "eight_diagram ♠2"}, draw=["slash ♠9"])
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, "use ability=eight_diagram")
    assert asked(s) == (1, "window:respond")
    act(s, 1, f"use card={D2}")
    assert s.seats[1].hp == 4


def test_ice_sword_discards_two_cards_instead_of_the_damage() -> None:
    s = pair(["slash ♠7"], ["peach ♥3"], eq0={"weapon": "ice_sword ♠2"}, eq1={"defense_horse": "dilu ♣5"})
    act(s, 0, f"use card={K7} target=1", "use ability=ice_sword", f"take card={cid('dilu ♣5')}")
    assert asked(s) == (0, "take")
    act(s, 0, "take zone=hand")
    assert s.seats[1].hp == 4 and s.seats[1].hand == [] and s.seats[1].equip[2] == -1


def test_double_swords_on_the_other_gender_discard_or_draw() -> None:
    s = pair(["slash ♠7"], ["jink ♦2"], eq0={"weapon": "double_swords ♠2"}, g1="zhen_ji", draw=["peach ♥3"])
    act(s, 0, f"use card={K7} target=1", "use ability=double_swords")
    assert asked(s) == (1, "double_swords")
    act(s, 1, "draw")
    assert s.seats[0].hand == [cid("peach ♥3")]
    s = pair(["slash ♠7"], eq0={"weapon": "double_swords ♠2"})
    assert asked(s) == (0, "action")
    act(s, 0, f"use card={K7} target=1")  # the same gender: nothing to ask
    assert s.seats[1].hp == 3


def test_green_dragon_blade_follows_a_dodged_kill_with_another() -> None:
    s = pair(["slash ♠7", "slash ♠8"], ["jink ♥2"], eq0={"weapon": "blade ♠5"})
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, f"use card={D2}")
    assert asked(s) == (0, "ability:blade")
    act(s, 0, "use ability=blade", f"use card={K8}")
    assert s.seats[1].hp == 3 and s.used["kill"] == 1


def test_axe_discards_two_cards_to_make_a_dodged_kill_hit() -> None:
    s = pair(["slash ♠7", "peach ♥3", "peach ♥4"], ["jink ♥2"], eq0={"weapon": "axe ♦5"})
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, f"use card={D2}")
    act(s, 0, "use ability=axe", f"pick card={cid('peach ♥3')}", f"pick card={cid('peach ♥4')}")
    assert s.seats[1].hp == 3 and s.seats[0].hand == []


def test_halberd_last_card_kill_takes_up_to_three_targets() -> None:
    s = pair(["slash ♠7"], eq0={"weapon": "halberd ♦Q"})
    act(s, 0, f"use card={K7} targets=1,2,3")
    assert [x.hp for x in s.seats] == [4, 3, 3, 3]


def test_kylin_bow_discards_a_horse_of_the_target() -> None:
    s = pair(["slash ♠7"], eq0={"weapon": "kylin_bow ♥5"}, eq1={"defense_horse": "dilu ♣5"})
    act(s, 0, f"use card={K7} target=1", "use ability=kylin_bow", f"pick card={cid('dilu ♣5')}")
    assert s.seats[1].equip[2] == -1 and s.seats[1].hp == 3


def test_serpent_spear_uses_two_hand_cards_as_a_kill() -> None:
    s = pair(["peach ♥3", "jink ♦2"], eq0={"weapon": "spear ♠Q"})
    act(s, 0, "spear target=1", f"pick card={cid('peach ♥3')}", f"pick card={D3}")
    assert s.seats[1].hp == 3 and s.used["kill"] == 1


P3, J2 = cid("peach ♥3"), cid("jink ♦2")


def test_serpent_spear_plays_two_hand_cards_as_a_kill_in_a_duel() -> None:
    s = pair(["duel ♠A", "slash ♠7"], ["peach ♥3", "jink ♦2"], eq1={"weapon": "spear ♠Q"})
    act(s, 0, f"use card={cid('duel ♠A')} target=1")
    assert asked(s) == (1, "window:respond") and "spear" in GAME.legal_actions(s, 1)
    act(s, 1, "spear")
    assert asked(s) == (1, "select:respond_cards")
    events = act(s, 1, f"pick card={P3}", f"pick card={J2}")
    assert any(e.kind == "play" and e.data["cards"] == [P3, J2] for e in events)
    assert asked(s) == (0, "window:respond")  # the Duel goes on: Zhang Liao owes a Kill
    act(s, 0, "pass")
    assert s.seats[0].hp == 3 and s.seats[1].hp == 4 and s.seats[1].hand == []
    assert P3 in s.discard and J2 in s.discard


def test_serpent_spear_needs_two_hand_cards_to_answer() -> None:
    s = pair(["duel ♠A"], ["peach ♥3"], eq1={"weapon": "spear ♠Q"})
    act(s, 0, f"use card={cid('duel ♠A')} target=1")
    assert s.seats[1].hp == 3  # one hand card and no Kill: not asked, the Duel hurts


def test_serpent_spear_answers_barbarian_invasion() -> None:
    s = pair(["savage_assault ♠7"], ["peach ♥3", "jink ♦2", "slash ♠8"], eq1={"weapon": "spear ♠Q"})
    act(s, 0, f"use card={cid('savage_assault ♠7')}")
    assert asked(s) == (1, "window:respond")
    assert GAME.legal_actions(s, 1) == [f"play card={K8}", "spear", "pass"]
    act(s, 1, "spear", f"pick card={P3}", f"pick card={J2}")
    assert s.seats[1].hp == 4 and s.seats[1].hand == [K8]
    assert [x.hp for x in s.seats[2:]] == [3, 3]


def test_serpent_spear_uses_two_cards_as_the_kill_a_borrowed_sword_demands() -> None:
    # the holder's weapon is the Spear itself; two black cards make a black Kill, stopped by Renwang
    s = table(seat("zhang_liao", "monarch", ["collateral ♣Q"]),
              seat("xu_chu", "rebel", ["dismantlement ♠3", "slash ♠8"], equipment={"weapon": "spear ♠Q"}),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector", equipment={"armor": "nioh_shield ♣2"}))
    act(s, 0, f"use card={cid('collateral ♣Q')} targets=1,3")
    assert asked(s) == (1, "window:respond") and "spear" in GAME.legal_actions(s, 1)
    act(s, 1, "spear", f"pick card={cid('dismantlement ♠3')}", f"pick card={K8}")
    assert s.seats[3].hp == 4 and s.seats[1].equip[0] == cid("spear ♠Q")
    s = table(seat("zhang_liao", "monarch", ["collateral ♣Q"]),
              seat("xu_chu", "rebel", ["peach ♥3", "jink ♦2"], equipment={"weapon": "spear ♠Q"}),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector"))
    act(s, 0, f"use card={cid('collateral ♣Q')} targets=1,3")
    act(s, 1, "spear", f"pick card={P3}", f"pick card={J2}")
    assert s.seats[3].hp == 3 and s.seats[1].equip[0] == cid("spear ♠Q") and s.seats[1].hand == []
    assert P3 in s.discard and J2 in s.discard


def test_serpent_spear_plays_a_kill_for_liu_bei_through_jijiang() -> None:
    s = table(hero("liu_bei", "monarch"), seat("xu_chu", "rebel"),
              hero("zhang_fei", "minister", ["peach ♥3", "jink ♦2"], blank=True, equipment={"weapon": "spear ♠Q"}))
    act(s, 0, "jijiang target=1")
    assert asked(s) == (2, "window:respond") and "spear" in GAME.legal_actions(s, 2)
    act(s, 2, "spear", f"pick card={P3}", f"pick card={J2}")
    assert s.seats[1].hp == 3 and s.seats[2].hand == []


def test_serpent_spear_twice_against_wushuang_in_a_duel() -> None:
    s = table(hero("lu_bu", "monarch", ["duel ♠A"]),
              seat("xu_chu", "rebel", ["peach ♥3", "jink ♦2", "jink ♥2", "dismantlement ♠3"],
                   equipment={"weapon": "spear ♠Q"}), seat("cao_ren", "rebel"))
    act(s, 0, f"use card={cid('duel ♠A')} target=1")
    act(s, 1, "spear", f"pick card={P3}", f"pick card={J2}")
    assert asked(s) == (1, "window:respond")  # Wushuang: a second Kill is owed
    act(s, 1, "spear", f"pick card={D2}", f"pick card={cid('dismantlement ♠3')}")
    assert s.seats[1].hand == [] and s.seats[1].hp == 4  # both Kills given: Lü Bu (no Kill) is hurt
    assert s.seats[0].hp == s.seats[0].max_hp - 1
