"""Compulsory rule-changing skills (generals/passive.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, hero, seat, table
from warroom.games.ltk import core

K7, K8 = cid("slash ♠7"), cid("slash ♠8")


def test_paoxiao_zhang_fei_uses_any_number_of_kills() -> None:
    s = table(hero("zhang_fei", "monarch", ["slash ♠7", "slash ♠8"]), seat("xu_chu", "rebel"))
    act(s, 0, f"use card={K7} target=1")
    act(s, 0, f"use card={K8} target=1")
    assert s.seats[1].hp == 2


def test_mashu_ma_chao_is_one_closer_to_everyone() -> None:
    s = table(hero("ma_chao", "monarch"), seat("xu_chu", "rebel"), seat("cao_ren", "rebel"),
              seat("huang_gai", "defector"), seat("lu_meng", "minister"))
    assert core.distance(s, 0, 2) == 1 and core.distance(s, 2, 0) == 2


def test_qicai_huang_yueying_steals_at_any_distance() -> None:
    s = table(hero("huang_yueying", "monarch", ["snatch ♠3"]), seat("xu_chu", "rebel"),
              seat("cao_ren", "rebel", ["jink ♥2"]), seat("huang_gai", "defector"), seat("lu_meng", "minister"))
    assert f"use card={cid('snatch ♠3')} target=2" in GAME.legal_actions(s, 0)


def test_kongcheng_zhuge_liang_with_no_hand_cannot_be_killed_or_dueled() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7", "duel ♠A"]), hero("zhuge_liang", "rebel"))
    assert GAME.legal_actions(s, 0) == ["end"]
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), hero("zhuge_liang", "rebel", ["jink ♥2"]))
    assert f"use card={K7} target=1" in GAME.legal_actions(s, 0)


def test_qianxun_lu_xun_cannot_be_stolen_from_or_indulged() -> None:
    s = table(seat("zhang_liao", "monarch", ["snatch ♠3", "indulgence ♠6", "dismantlement ♠4"]),
              hero("lu_xun", "rebel", ["jink ♥2"]))
    legal = GAME.legal_actions(s, 0)
    assert legal == [f"use card={cid('dismantlement ♠4')} target=1", "end"]


def test_wushuang_lu_bu_needs_two_dodges_and_two_kills_in_a_duel() -> None:
    s = table(hero("lu_bu", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", ["jink ♥2", "jink ♦2"]))
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, f"use card={cid('jink ♥2')}")
    act(s, 1, f"use card={cid('jink ♦2')}")
    assert s.seats[1].hp == 4
    s = table(hero("lu_bu", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", ["jink ♥2", "jink ♦2"]))
    act(s, 0, f"use card={K7} target=1", )
    act(s, 1, f"use card={cid('jink ♥2')}", "pass")
    assert s.seats[1].hp == 3  # one Dodge is not enough
    s = table(hero("lu_bu", "monarch", ["duel ♠A"]), seat("xu_chu", "rebel", ["slash ♠7"]))
    act(s, 0, f"use card={cid('duel ♠A')} target=1")
    act(s, 1, f"play card={K7}", )
    assert s.seats[1].hp == 3  # a single Kill does not answer Lü Bu


def test_jiuyuan_a_wu_peach_heals_the_dying_monarch_sun_quan_by_two() -> None:
    s = table(hero("sun_quan", "monarch", [], hp=1), seat("xu_chu", "rebel", ["slash ♠7"]),
              hero("gan_ning", "minister", ["peach ♥3"], blank=True), seat("huang_gai", "defector"), current=1)
    act(s, 1, f"use card={K7} target=0")
    act(s, 2, f"use card={cid('peach ♥3')}")
    assert s.seats[0].hp == 2


def test_wushuang_eight_trigrams_may_be_judged_once_for_each_of_the_two_dodges() -> None:
    s = table(hero("lu_bu", "monarch", ["slash ♠7"]),
              seat("xu_chu", "rebel", equipment={"armor": "eight_diagram ♠2"}), draw=["jink ♥2", "jink ♦2"])
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, "use ability=eight_diagram")  # ♥2: red, one Dodge
    assert asked(s) == (1, "ability:eight_diagram")  # a second chance for the second Dodge
    act(s, 1, "use ability=eight_diagram")  # ♦2: red, the second
    assert s.seats[1].hp == 4 and asked(s) == (0, "action")
