"""Skills at the start of a phase (generals/phases.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, hero, seat, table


def test_luoyi_xu_chu_draws_one_fewer_and_his_kill_deals_two() -> None:
    s = table(hero("xu_chu", "monarch", ["slash ♠7"]), seat("zhang_liao", "rebel"), phase="draw",
              draw=["jink ♥2", "jink ♦2"])
    act(s, 0, "use ability=luoyi")
    assert s.seats[0].hand.count(cid("jink ♥2")) == 1 and len(s.seats[0].hand) == 2
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    assert s.seats[1].hp == 2


def test_yingzi_zhou_yu_draws_three() -> None:
    s = table(hero("zhou_yu", "monarch"), seat("zhang_liao", "rebel"), phase="draw")
    act(s, 0, "use ability=yingzi")
    assert len(s.seats[0].hand) == 3


def test_tuxi_zhang_liao_takes_a_hand_card_from_two_players_instead_of_drawing() -> None:
    s = table(hero("zhang_liao", "monarch"), seat("xu_chu", "rebel", ["jink ♥2"]), seat("cao_ren", "rebel",
              ["jink ♦2"]), phase="draw")
    act(s, 0, "use ability=tuxi", "pick seat=1", "pick seat=2")
    assert sorted(s.seats[0].hand) == sorted([cid("jink ♥2"), cid("jink ♦2")])
    assert s.seats[1].hand == [] and len(s.draw) == 108 - 2


def test_keji_lu_meng_without_a_kill_skips_the_discard_phase() -> None:
    s = table(hero("lu_meng", "monarch", ["jink ♥2", "jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"], hp=1),
              seat("xu_chu", "rebel"))
    act(s, 0, "end", "use ability=keji")
    assert len(s.seats[0].hand) == 5 and s.current == 1


def test_biyue_diao_chan_draws_one_at_the_end_phase() -> None:
    s = table(hero("diao_chan", "monarch"), seat("xu_chu", "rebel"))
    act(s, 0, "end")
    assert asked(s) == (0, "ability:biyue")
    act(s, 0, "use ability=biyue")
    assert len(s.seats[0].hand) == 1


def test_jushou_cao_ren_draws_three_turns_face_down_and_skips_his_next_turn() -> None:
    s = table(hero("cao_ren", "monarch"), seat("xu_chu", "rebel"))
    act(s, 0, "end", "use ability=jushou")
    assert len(s.seats[0].hand) == 3 and s.seats[0].flipped
    act(s, 1, "end")
    assert s.current == 1 and not s.seats[0].flipped  # his turn was skipped


def test_guanxing_zhuge_liang_orders_the_top_cards() -> None:
    s = table(hero("zhuge_liang", "monarch"), seat("xu_chu", "rebel"), phase="start",
              draw=["jink ♥2", "peach ♥3", "slash ♠7"])
    act(s, 0, "use ability=guanxing")
    assert sorted(GAME.view(s, 0)["frames"][-1]["data"]["cards"]) == sorted([cid("jink ♥2"), cid("peach ♥3")])
    act(s, 0, f"bottom card={cid('jink ♥2')}", f"top card={cid('peach ♥3')}")
    # the draw phase draws ♥3 Peach and then ♠7
    assert sorted(s.seats[0].hand) == sorted([cid("peach ♥3"), cid("slash ♠7")])
    assert s.draw[0] == cid("jink ♥2")
