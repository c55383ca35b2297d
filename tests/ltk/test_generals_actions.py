"""Action-phase skills (generals/actions.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, hero, seat, table


def test_zhiheng_sun_quan_discards_any_number_and_draws_as_many_once() -> None:
    s = table(hero("sun_quan", "monarch", ["jink ♥2", "jink ♦2"], equipment={"weapon": "axe ♦5"}),
              seat("xu_chu", "rebel"), draw=["peach ♥3", "peach ♥4"])
    act(s, 0, "zhiheng", f"pick card={cid('jink ♥2')}", f"pick card={cid('axe ♦5')}", "done")
    assert sorted(s.seats[0].hand) == sorted([cid("jink ♦2"), cid("peach ♥3"), cid("peach ♥4")])
    assert "zhiheng" not in GAME.legal_actions(s, 0)


def test_rende_liu_bei_gives_cards_and_heals_at_the_second() -> None:
    s = table(hero("liu_bei", "monarch", ["jink ♥2", "jink ♦2", "peach ♥3"], hp=3), seat("xu_chu", "rebel"),
              seat("cao_ren", "minister"))
    act(s, 0, "rende target=1", f"pick card={cid('jink ♥2')}", "done")
    assert s.seats[0].hp == 3
    act(s, 0, "rende target=2", f"pick card={cid('jink ♦2')}", "done")
    assert s.seats[0].hp == 4 and s.seats[2].hand == [cid("jink ♦2")]


def test_liu_bei_rende_then_jijiang() -> None:
    s = table(hero("liu_bei", "monarch", ["jink ♥2", "slash ♠7"]), seat("xu_chu", "rebel"),
              hero("zhang_fei", "minister", blank=True))
    # Liu Bei gives his Kill to Zhang Fei, then asks him for a Kill through Jijiang
    act(s, 0, "rende target=2", f"pick card={cid('slash ♠7')}", "done")
    act(s, 0, "jijiang target=1")
    assert asked(s) == (2, "window:respond")
    act(s, 2, f"play card={cid('slash ♠7')}")
    assert s.seats[1].hp == 3 and s.used["kill"] == 1  # Liu Bei's own Kill for this phase
    assert not any(a.startswith("jijiang") for a in GAME.legal_actions(s, 0))


def test_kurou_huang_gai_loses_one_health_and_draws_two() -> None:
    s = table(hero("huang_gai", "monarch"), seat("xu_chu", "rebel"))
    act(s, 0, "kurou")
    assert s.seats[0].hp == 3 and len(s.seats[0].hand) == 2


def test_kurou_into_dying_draws_only_after_being_saved() -> None:
    s = table(hero("huang_gai", "monarch", ["peach ♥3"], hp=1), seat("xu_chu", "rebel"))
    act(s, 0, "kurou")
    assert GAME.legal_actions(s, 0)[0] == f"use card={cid('peach ♥3')}"
    act(s, 0, f"use card={cid('peach ♥3')}")
    assert s.seats[0].hp == 1 and len(s.seats[0].hand) == 2


def test_jieyin_sun_shangxiang_and_a_wounded_male_recover() -> None:
    s = table(hero("sun_shangxiang", "monarch", ["jink ♥2", "jink ♦2"], hp=2), seat("xu_chu", "rebel", hp=2))
    act(s, 0, "jieyin target=1", f"pick card={cid('jink ♥2')}", f"pick card={cid('jink ♦2')}")
    assert s.seats[0].hp == 3 and s.seats[1].hp == 3


def test_qingnang_hua_tuo_heals_a_wounded_player() -> None:
    s = table(hero("hua_tuo", "monarch", ["jink ♥2"]), seat("xu_chu", "rebel", hp=2))
    act(s, 0, "qingnang target=1", f"pick card={cid('jink ♥2')}")
    assert s.seats[1].hp == 3


def test_lijian_diao_chan_makes_two_males_duel_without_being_the_source() -> None:
    s = table(hero("diao_chan", "monarch", ["jink ♥2"]), seat("xu_chu", "rebel"), seat("cao_ren", "rebel"))
    act(s, 0, "lijian targets=1,2", f"pick card={cid('jink ♥2')}")
    # Cao Ren (second) duels Xu Chu (first): Xu Chu has no Kill and takes 1 from Cao Ren
    assert s.seats[1].hp == 3


def test_fanjian_zhou_yu_the_wrong_suit_deals_damage() -> None:
    s = table(hero("zhou_yu", "monarch", ["jink ♥2"]), seat("xu_chu", "rebel"))
    act(s, 0, "fanjian target=1")
    act(s, 1, "name suit=spade")
    assert s.seats[1].hp == 3 and s.seats[1].hand == [cid("jink ♥2")]


def test_quhu_xun_yu_wins_the_point_duel_and_the_tiger_hurts_another() -> None:
    s = table(hero("xun_yu", "monarch", ["jink ♦J"]), seat("xu_chu", "rebel", ["slash ♠7"]), seat("cao_ren", "rebel"))
    act(s, 0, "quhu target=1", f"pick card={cid('jink ♦J')}")
    # Xu Chu cannot see the face-down card Xun Yu chose
    assert GAME.view(s, 1)["frames"][-2]["data"]["cards"] == 1
    act(s, 1, f"pick card={cid('slash ♠7')}")
    act(s, 0, "choose target=2")
    assert s.seats[2].hp == 3 and {cid("jink ♦J"), cid("slash ♠7")} <= set(s.discard)


def test_quhu_a_tie_is_the_initiators_loss() -> None:
    s = table(hero("xun_yu", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", ["slash ♣7"]))
    act(s, 0, "quhu target=1", f"pick card={cid('slash ♠7')}")
    act(s, 1, f"pick card={cid('slash ♣7')}")
    assert s.seats[0].hp == 2
