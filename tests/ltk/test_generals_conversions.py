"""Cards used or played as other cards (generals/conversions.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, cid, hero, seat, table
from warroom.games.ltk.state import LtkState


def test_wusheng_guan_yu_uses_a_red_card_even_equipped_as_kill() -> None:
    s = table(hero("guan_yu", "monarch", ["peach ♥3"], equipment={"offense_horse": "chitu ♥5"}),
              seat("xu_chu", "rebel"))
    legal = GAME.legal_actions(s, 0)
    assert f"use card={cid('peach ♥3')} as=slash target=1" in legal
    act(s, 0, f"use card={cid('chitu ♥5')} as=slash target=1")
    assert s.seats[1].hp == 3 and s.seats[0].equip[3] == -1 and cid("chitu ♥5") in s.discard


def test_wusheng_plays_a_red_card_as_kill_in_a_duel() -> None:
    s = table(seat("xu_chu", "monarch", ["duel ♠A"]), hero("guan_yu", "rebel", ["jink ♥2"]))
    act(s, 0, f"use card={cid('duel ♠A')} target=1")
    act(s, 1, f"play card={cid('jink ♥2')} as=slash")
    assert s.seats[0].hp == 3  # Xu Chu had no Kill


def test_longdan_zhao_yun_swaps_kill_and_dodge() -> None:
    s = table(hero("zhao_yun", "monarch", ["jink ♥2"]), seat("xu_chu", "rebel", ["slash ♠7"]))
    act(s, 0, f"use card={cid('jink ♥2')} as=slash target=1")
    assert s.seats[1].hp == 3
    s = table(seat("xu_chu", "monarch", ["slash ♠8"]), hero("zhao_yun", "rebel", ["slash ♠7"]))
    act(s, 0, f"use card={cid('slash ♠8')} target=1")
    act(s, 1, f"use card={cid('slash ♠7')} as=jink")
    assert s.seats[1].hp == 4


def test_qingguo_zhen_ji_uses_a_black_hand_card_as_dodge() -> None:
    s = table(seat("xu_chu", "monarch", ["slash ♠8"]), hero("zhen_ji", "rebel", ["duel ♠A"]))
    act(s, 0, f"use card={cid('slash ♠8')} target=1")
    act(s, 1, f"use card={cid('duel ♠A')} as=jink")
    assert s.seats[1].hp == 3  # Zhen Ji has 3 health: undamaged


def test_qixi_gan_ning_uses_a_black_card_as_dismantle() -> None:
    s = table(hero("gan_ning", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", ["jink ♥2"]))
    act(s, 0, f"use card={cid('slash ♠7')} as=dismantlement target=1", "take zone=hand")
    assert s.seats[1].hand == [] and s.seats[1].hp == 4


def test_guose_da_qiao_places_a_diamond_as_indulgence() -> None:
    s = table(hero("da_qiao", "monarch", ["jink ♦2"]), seat("xu_chu", "rebel"))
    act(s, 0, f"use card={cid('jink ♦2')} as=indulgence target=1")
    assert s.seats[1].judge == [cid("jink ♦2")] and s.virtual == {str(cid("jink ♦2")): "indulgence"}
    act(s, 0, "end")
    # Xu Chu's judgement phase: it works as Indulgence (the top card decides)
    assert cid("jink ♦2") in s.discard and s.virtual == {}


def test_jijiu_hua_tuo_saves_with_a_red_card_outside_his_turn() -> None:
    s = table(seat("xu_chu", "rebel", ["slash ♠7"]), seat("zhang_liao", "monarch", hp=1),
              hero("hua_tuo", "minister", ["jink ♥2"]), current=0)
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 2, f"use card={cid('jink ♥2')} as=peach")
    assert s.seats[1].hp == 1 and s.seats[1].alive


def _guan_yu_table(weapon_or_horse: dict[str, str], **kw: object) -> LtkState:
    return table(hero("guan_yu", "monarch", ["peach ♥3"], equipment=weapon_or_horse), seat("xu_chu", "rebel"),
                 seat("cao_ren", "rebel"), seat("huang_gai", "defector"), seat("lu_meng", "minister"), **kw)


def test_wusheng_kill_made_of_the_equipped_halberd_has_guan_yus_range_without_it() -> None:
    s = _guan_yu_table({"weapon": "halberd ♦Q"})
    legal = GAME.legal_actions(s, 0)
    halberd, peach = cid("halberd ♦Q"), cid("peach ♥3")
    assert f"use card={peach} as=slash target=2" in legal  # the Halberd's range 4 reaches Cao Ren
    assert f"use card={halberd} as=slash target=1" in legal
    assert f"use card={halberd} as=slash target=2" not in legal  # used, the Halberd no longer counts


def test_wusheng_kill_made_of_the_equipped_chitu_has_guan_yus_distance_without_it() -> None:
    s = _guan_yu_table({"offense_horse": "chitu ♥5"})
    legal = GAME.legal_actions(s, 0)
    assert f"use card={cid('peach ♥3')} as=slash target=2" in legal  # Chitu brings Cao Ren to 1
    assert f"use card={cid('chitu ♥5')} as=slash target=2" not in legal


def test_a_wusheng_kill_made_of_the_equipped_crossbow_gets_no_crossbow_exemption() -> None:
    s = _guan_yu_table({"weapon": "crossbow ♦A"}, used={"kill": 1})
    legal = GAME.legal_actions(s, 0)
    assert f"use card={cid('peach ♥3')} as=slash target=1" in legal  # the Crossbow lifts the limit
    assert not any(a.startswith(f"use card={cid('crossbow ♦A')} ") for a in legal)
