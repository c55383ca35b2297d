"""Skills reacting to card moves and uses, and the lords' help (generals/reactions.py, lords.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, hero, seat, table


def test_lianying_lu_xun_draws_when_his_last_hand_card_goes() -> None:
    s = table(hero("lu_xun", "monarch", ["peach ♥3"], hp=2), seat("xu_chu", "rebel"))
    act(s, 0, f"use card={cid('peach ♥3')}", "use ability=lianying")
    assert len(s.seats[0].hand) == 1


def test_xiaoji_sun_shangxiang_draws_two_when_she_loses_equipment() -> None:
    s = table(seat("gan_ning", "rebel", ["dismantlement ♠3"]), hero("sun_shangxiang", "monarch",
              equipment={"weapon": "axe ♦5"}), current=0)
    act(s, 0, f"use card={cid('dismantlement ♠3')} target=1", f"take card={cid('axe ♦5')}")
    act(s, 1, "use ability=xiaoji")
    assert len(s.seats[1].hand) == 2


def test_jizhi_huang_yueying_draws_on_using_an_instant_tool() -> None:
    s = table(hero("huang_yueying", "monarch", ["ex_nihilo ♥7"]), seat("xu_chu", "rebel"))
    act(s, 0, f"use card={cid('ex_nihilo ♥7')}", "use ability=jizhi")
    assert len(s.seats[0].hand) == 3


def test_liuli_da_qiao_passes_a_kill_to_another_player_in_her_range() -> None:
    s = table(seat("xu_chu", "rebel", ["slash ♠7"]), hero("da_qiao", "monarch", ["jink ♥2"]),
              seat("cao_ren", "rebel"), current=0)
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    assert asked(s) == (1, "ability:liuli")
    act(s, 1, "use ability=liuli", f"liuli card={cid('jink ♥2')} to=2")
    assert s.seats[2].hp == 3 and s.seats[1].hp == 3  # Da Qiao has 3 health: undamaged


def test_hujia_when_nobody_answers_cao_cao_may_still_dodge() -> None:
    s = table(seat("gan_ning", "rebel", ["slash ♠7"]), hero("cao_cao", "monarch", ["jink ♥2"]),
              seat("sima_yi", "minister"), current=0)
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 1, "use ability=hujia")
    # Sima Yi (Wei) has no Dodge and is not asked: Cao Cao is asked for his own
    assert asked(s) == (1, "window:respond")
    act(s, 1, f"use card={cid('jink ♥2')}")
    assert s.seats[1].hp == 4


def test_hujia_a_wei_general_dodges_for_cao_cao() -> None:
    s = table(seat("gan_ning", "rebel", ["slash ♠7"]), hero("cao_cao", "monarch"),
              seat("sima_yi", "minister", ["jink ♥2"]), current=0)
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 1, "use ability=hujia")
    assert asked(s) == (2, "window:respond")
    act(s, 2, f"play card={cid('jink ♥2')}")
    assert s.seats[1].hp == 4 and s.seats[2].hand == []


def test_jizhi_draws_when_the_tool_is_used_before_any_negate_and_even_if_negated() -> None:
    s = table(hero("huang_yueying", "monarch", ["ex_nihilo ♥7"]), seat("xu_chu", "rebel", ["nullification ♠J"]),
              draw=["jink ♥2", "slash ♠8", "slash ♠9"])
    act(s, 0, f"use card={cid('ex_nihilo ♥7')}")
    assert asked(s) == (0, "ability:jizhi")  # asked before Xu Chu's Negate window opens
    act(s, 0, "use ability=jizhi")
    assert s.seats[0].hand == [cid("jink ♥2")] and asked(s) == (1, "window:negate")
    act(s, 1, f"use card={cid('nullification ♠J')}")
    assert s.seats[0].hand == [cid("jink ♥2")] and asked(s) == (0, "action")


def test_jizhi_draws_when_huang_yueying_uses_a_negate_in_another_players_turn() -> None:
    s = table(seat("xu_chu", "rebel", ["dismantlement ♠3"]),
              hero("huang_yueying", "monarch", ["nullification ♠J", "jink ♥2"]), current=0, draw=["slash ♠8"])
    act(s, 0, f"use card={cid('dismantlement ♠3')} target=1")
    act(s, 1, f"use card={cid('nullification ♠J')}")
    assert asked(s) == (1, "ability:jizhi")
    act(s, 1, "use ability=jizhi")
    assert sorted(s.seats[1].hand) == sorted([cid("jink ♥2"), cid("slash ♠8")]) and asked(s) == (0, "action")


def test_lianying_fires_once_when_the_axe_cost_takes_lu_xuns_last_two_hand_cards() -> None:
    s = table(hero("lu_xun", "monarch", ["slash ♠7", "jink ♥2", "peach ♥3"], equipment={"weapon": "axe ♦5"}),
              seat("xu_chu", "rebel", ["jink ♦2"]), draw=["slash ♠8", "slash ♠9"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 1, f"use card={cid('jink ♦2')}")
    act(s, 0, "use ability=axe", f"pick card={cid('jink ♥2')}", f"pick card={cid('peach ♥3')}")
    assert asked(s) == (0, "ability:lianying")  # the cost is paid: Lianying, then the Kill hits
    act(s, 0, "use ability=lianying")
    # one card for one move, and no second offer
    assert s.seats[0].hand == [cid("slash ♠8")] and s.seats[1].hp == 3 and asked(s) == (0, "action")


def test_lianying_fires_when_ganglie_makes_lu_xun_discard_his_last_two_hand_cards() -> None:
    s = table(hero("lu_xun", "rebel", ["slash ♠7", "jink ♥2", "peach ♥3"]), hero("xiahou_dun", "monarch"),
              current=0, draw=["slash ♠9", "slash ♠8"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 1, "use ability=ganglie")  # ♠9: not a heart
    act(s, 0, "discard", f"pick card={cid('jink ♥2')}", f"pick card={cid('peach ♥3')}")
    assert asked(s) == (0, "ability:lianying")
    act(s, 0, "use ability=lianying")
    assert s.seats[0].hand == [cid("slash ♠8")] and asked(s) == (0, "action")


def test_lianying_fires_when_lu_xun_gives_his_last_card_as_a_peach_to_a_dying_player() -> None:
    s = table(seat("xu_chu", "rebel", ["slash ♠7"]), seat("cao_ren", "monarch", hp=1),
              hero("lu_xun", "minister", ["peach ♥3"]), seat("huang_gai", "defector"), current=0,
              draw=["jink ♥2"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 2, f"use card={cid('peach ♥3')}")
    assert s.seats[1].hp == 1 and asked(s) == (2, "ability:lianying")
    act(s, 2, "use ability=lianying")
    assert s.seats[2].hand == [cid("jink ♥2")]


def test_liuli_paid_with_the_equipped_weapon_passes_the_kill_only_within_da_qiaos_range_without_it() -> None:
    s = table(seat("xu_chu", "rebel", ["slash ♠7"]),
              hero("da_qiao", "monarch", ["jink ♥2"], equipment={"weapon": "kylin_bow ♥5"}),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector"), seat("lu_meng", "minister"), current=0)
    act(s, 0, f"use card={cid('slash ♠7')} target=1", )
    act(s, 1, "use ability=liuli")
    legal = GAME.legal_actions(s, 1)
    bow, dodge = cid("kylin_bow ♥5"), cid("jink ♥2")
    assert f"liuli card={dodge} to=3" in legal  # the Kylin Bow's range 5
    assert f"liuli card={bow} to=2" in legal and f"liuli card={bow} to=3" not in legal  # range 1 without it


def test_lianying_fires_when_a_dismantle_takes_lu_xuns_last_hand_card() -> None:
    s = table(seat("gan_ning", "monarch", ["dismantlement ♠3"]), hero("lu_xun", "rebel", ["jink ♥2"]),
              draw=["slash ♠8"])
    act(s, 0, f"use card={cid('dismantlement ♠3')} target=1", "take zone=hand")
    assert asked(s) == (1, "ability:lianying")
    act(s, 1, "use ability=lianying")
    assert s.seats[1].hand == [cid("slash ♠8")]


def test_lianying_fires_when_the_monarch_lu_xun_discards_everything_for_killing_a_minister() -> None:
    s = table(hero("lu_xun", "monarch", ["slash ♠7", "jink ♥2"], equipment={"weapon": "axe ♦5"}),
              seat("xu_chu", "minister", hp=1), seat("cao_ren", "rebel"), seat("huang_gai", "defector"),
              draw=["slash ♠8"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    assert not s.seats[1].alive and s.seats[0].equip[0] == -1 and asked(s) == (0, "ability:lianying")
    act(s, 0, "use ability=lianying")
    assert s.seats[0].hand == [cid("slash ♠8")] and asked(s) == (0, "action")
