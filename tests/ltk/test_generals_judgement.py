"""Skills on judgements (generals/judgement.py)."""

from __future__ import annotations

from tests.ltk.scenario import act, asked, cid, hero, seat, table


def test_eight_trigrams_judgement_altered_by_guicai() -> None:
    s = table(seat("zhang_liao", "rebel", ["slash ♠7"]), hero("sima_yi", "monarch", ["peach ♥3"],
              equipment={"armor": "eight_diagram ♠2"}), current=0, draw=["slash ♠9"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 1, "use ability=eight_diagram")
    # the judgement is ♠9 (black): Sima Yi replaces it with his ♥3 Peach, which is red
    assert asked(s) == (1, "ability:guicai")
    act(s, 1, "use ability=guicai", f"pick card={cid('peach ♥3')}")
    assert s.seats[1].hp == 3  # undamaged (Sima Yi has 3 health)
    assert cid("slash ♠9") in s.discard and cid("peach ♥3") in s.discard


def test_tiandu_guo_jia_takes_his_own_judgement_card() -> None:
    s = table(seat("zhang_liao", "rebel", ["slash ♠7"]), hero("guo_jia", "monarch", equipment={"armor":
              "eight_diagram ♠2"}), current=0, draw=["peach ♥3"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 1, "use ability=eight_diagram", "use ability=tiandu")
    assert s.seats[1].hand == [cid("peach ♥3")] and s.seats[1].hp == 3


def test_luoshen_zhen_ji_keeps_black_judgements_until_a_red_one() -> None:
    s = table(hero("zhen_ji", "monarch"), seat("xu_chu", "rebel"), phase="start",
              draw=["slash ♠7", "slash ♣2", "peach ♥3", "jink ♥2", "jink ♦2"])
    act(s, 0, "use ability=luoshen", "use ability=luoshen", "use ability=luoshen")
    # ♠7 and ♣2 kept, ♥3 discarded; then the draw phase draws ♥2 ♦2
    assert sorted(s.seats[0].hand) == sorted(cid(c) for c in ["slash ♠7", "slash ♣2", "jink ♥2", "jink ♦2"])
    assert cid("peach ♥3") in s.discard


def test_tieqi_ma_chao_red_judgement_makes_the_kill_undodgeable() -> None:
    s = table(hero("ma_chao", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", ["jink ♥2"]), draw=["peach ♥3"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1", "use ability=tieqi")
    assert s.seats[1].hp == 3 and s.seats[1].hand == [cid("jink ♥2")]
