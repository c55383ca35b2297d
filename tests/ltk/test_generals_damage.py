"""Skills after suffering damage (generals/damage.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, hero, seat, table

K7 = cid("slash ♠7")


def test_jianxiong_cao_cao_takes_the_kill_that_hurt_him() -> None:
    s = table(seat("gan_ning", "rebel", ["slash ♠7"]), hero("cao_cao", "monarch"), current=0)
    act(s, 0, f"use card={K7} target=1")
    assert asked(s) == (1, "ability:jianxiong")
    act(s, 1, "use ability=jianxiong")
    assert s.seats[1].hand == [K7] and K7 in s.seats[1].known and s.seats[1].hp == 3


def test_fankui_sima_yi_takes_a_card_of_the_source() -> None:
    s = table(seat("zhang_liao", "rebel", ["slash ♠7"], equipment={"weapon": "axe ♦5"}), hero("sima_yi", "monarch"),
              current=0)
    act(s, 0, f"use card={K7} target=1", )
    act(s, 1, "use ability=fankui", f"take card={cid('axe ♦5')}")
    assert s.seats[1].hand == [cid("axe ♦5")] and s.seats[0].equip[0] == -1


def test_ganglie_xiahou_dun_not_heart_the_source_discards_two_or_is_hurt() -> None:
    s = table(seat("zhang_liao", "rebel", ["slash ♠7", "jink ♥2", "jink ♦2"]), hero("xiahou_dun", "monarch"),
              current=0, draw=["slash ♠9"])
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, "use ability=ganglie")
    assert asked(s) == (0, "ganglie")
    assert GAME.legal_actions(s, 0) == ["discard", "suffer"]
    act(s, 0, "suffer")
    assert s.seats[0].hp == 3
    s = table(seat("zhang_liao", "rebel", ["slash ♠7"]), hero("xiahou_dun", "monarch"), current=0,
              draw=["jink ♥2"])
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, "use ability=ganglie")  # a heart: nothing happens
    assert s.seats[0].hp == 4 and asked(s) == (0, "action")


def test_yiji_guo_jia_hands_out_the_top_two_cards_per_point() -> None:
    s = table(seat("zhang_liao", "rebel", ["slash ♠7"]), hero("guo_jia", "monarch"), seat("cao_ren", "minister"),
              current=0, draw=["jink ♥2", "peach ♥3"])
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, "use ability=yiji")
    assert asked(s) == (1, "yiji")
    # the others see only how many cards Guo Jia looks at
    assert GAME.view(s, 0)["frames"][-1]["data"]["cards"] == 2
    act(s, 1, f"give card={cid('jink ♥2')} to=2", f"give card={cid('peach ♥3')} to=1")
    assert s.seats[2].hand == [cid("jink ♥2")] and s.seats[1].hand == [cid("peach ♥3")]


def test_jieming_xun_yu_makes_a_player_draw_up_to_their_maximum_health() -> None:
    s = table(seat("zhang_liao", "rebel", ["slash ♠7"]), hero("xun_yu", "monarch"), seat("cao_ren", "minister"),
              current=0)
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, "use ability=jieming", "choose target=2")
    assert len(s.seats[2].hand) == 4


def test_jianxiong_cao_cao_takes_the_lightning_that_struck_him() -> None:
    lightning = cid("lightning ♠A")
    s = table(hero("cao_cao", "monarch", judgement=["lightning ♠A"]), seat("xu_chu", "rebel"),
              current=0, phase="start", draw=["slash ♠8"])
    assert s.seats[0].hp == 1 and asked(s) == (0, "ability:jianxiong")
    act(s, 0, "use ability=jianxiong")
    assert lightning in s.seats[0].hand and lightning not in s.discard


def test_yiji_is_offered_once_per_point_each_with_its_own_look_and_decline() -> None:
    # Xu Chu's Luoyi Kill deals 2: Guo Jia is offered Yiji twice
    s = table(hero("xu_chu", "rebel", ["slash ♠7"]), hero("guo_jia", "monarch"), seat("cao_ren", "minister"),
              current=0, used={"luoyi": 1}, draw=["jink ♥2", "peach ♥3", "slash ♠8", "slash ♠9"])
    act(s, 0, f"use card={K7} target=1")
    act(s, 1, "use ability=yiji")
    assert GAME.view(s, 0)["frames"][-1]["data"]["cards"] == 2  # two cards for this point only
    act(s, 1, f"give card={cid('jink ♥2')} to=2", f"give card={cid('peach ♥3')} to=1")
    assert s.seats[1].hp == 1 and asked(s) == (1, "ability:yiji")  # the second point: asked again
    act(s, 1, "decline")
    assert asked(s) == (0, "action") and s.draw[-2:] == [cid("slash ♠9"), cid("slash ♠8")]
