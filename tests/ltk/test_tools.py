"""Instant tools and Negate chains (cards/tools.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, hero, seat, table
from warroom.games.ltk.cards import SLOTS
from warroom.screens import ltk as screen

NEG1, NEG2, NEG3 = cid("nullification ♠J"), cid("nullification ♣Q"), cid("nullification ♣K")


def four(h0, h1=(), h2=(), h3=(), **kw):  # type: ignore[no-untyped-def]
    return table(seat("zhang_liao", "monarch", list(h0)), seat("xu_chu", "rebel", list(h1)),
                 seat("cao_ren", "rebel", list(h2)), seat("huang_gai", "defector", list(h3)), **kw)


def test_something_for_nothing_draws_two() -> None:
    s = four(["ex_nihilo ♥7"], draw=["jink ♥2", "peach ♥3"])
    act(s, 0, f"use card={cid('ex_nihilo ♥7')}")
    assert sorted(s.seats[0].hand) == sorted([cid("jink ♥2"), cid("peach ♥3")])
    assert s.discard[-1] == cid("ex_nihilo ♥7")


def test_a_negate_cancels_a_tool_and_the_chain_is_asked_from_the_current_player() -> None:
    s = four(["ex_nihilo ♥7"], [], ["nullification ♠J"])
    act(s, 0, f"use card={cid('ex_nihilo ♥7')}")
    assert asked(s) == (2, "window:negate")  # seats 0, 1 hold no Negate and are not asked
    act(s, 2, f"use card={NEG1}")
    assert s.seats[0].hand == [] and asked(s) == (0, "action")


def test_a_negate_chain_three_deep_lets_the_tool_through_then_stops_it() -> None:
    # 3 Negates: the first is negated by the second, the second by the third: the first stands
    s = four(["ex_nihilo ♥7", "nullification ♣Q"], [], ["nullification ♠J"], ["nullification ♣K"],
             draw=["jink ♥2", "peach ♥3"])
    act(s, 0, f"use card={cid('ex_nihilo ♥7')}")
    act(s, 0, "pass")
    act(s, 2, f"use card={NEG1}")  # Negate the Something for Nothing
    assert asked(s) == (0, "window:negate")
    act(s, 0, f"use card={NEG2}")  # Negate that Negate
    assert asked(s) == (3, "window:negate")
    act(s, 3, f"use card={NEG3}")  # Negate the second Negate: the first one stands
    assert s.seats[0].hand == [] and asked(s) == (0, "action")


def test_a_cancelled_negate_reopens_the_window_for_the_tool() -> None:
    s = four(["ex_nihilo ♥7", "nullification ♣Q"], [], ["nullification ♠J"], draw=["jink ♥2", "peach ♥3"])
    act(s, 0, f"use card={cid('ex_nihilo ♥7')}", "pass")
    act(s, 2, f"use card={NEG1}")
    act(s, 0, f"use card={NEG2}")
    # nobody holds another Negate: the card resolves
    assert sorted(s.seats[0].hand) == sorted([cid("jink ♥2"), cid("peach ♥3")])


def test_dismantle_discards_a_chosen_equipment_card_or_a_blind_hand_card() -> None:
    s = four(["dismantlement ♠3"], ["jink ♥2"], equipment=None)
    s.seats[1].equip[SLOTS.index("weapon")] = cid("axe ♦5")
    act(s, 0, f"use card={cid('dismantlement ♠3')} target=1")
    assert asked(s) == (0, "take")
    assert GAME.legal_actions(s, 0) == ["take zone=hand", f"take card={cid('axe ♦5')}"]
    act(s, 0, f"take card={cid('axe ♦5')}")
    assert s.seats[1].equip[0] == -1 and cid("axe ♦5") in s.discard
    s = four(["dismantlement ♠3"], ["jink ♥2"])
    act(s, 0, f"use card={cid('dismantlement ♠3')} target=1", "take zone=hand")
    assert s.seats[1].hand == [] and s.discard[-2:] == [cid("jink ♥2"), cid("dismantlement ♠3")]


def test_steal_needs_distance_one_and_takes_the_card() -> None:
    s = table(seat("zhang_liao", "monarch", ["snatch ♠3"]), seat("xu_chu", "rebel", ["jink ♥2"]),
              seat("cao_ren", "rebel", ["jink ♦2"]), seat("huang_gai", "defector"), seat("lu_meng", "minister"))
    legal = GAME.legal_actions(s, 0)
    assert f"use card={cid('snatch ♠3')} target=1" in legal
    assert f"use card={cid('snatch ♠3')} target=2" not in legal
    act(s, 0, f"use card={cid('snatch ♠3')} target=1", "take zone=hand")
    assert s.seats[0].hand == [cid("jink ♥2")]
    # a hand card taken is seen by its taker and its owner only
    assert cid("jink ♥2") not in s.seats[0].known


def test_duel_alternates_kills_from_the_target_and_the_first_who_fails_takes_damage() -> None:
    s = four(["duel ♠A", "slash ♠7"], ["slash ♠8"])
    act(s, 0, f"use card={cid('duel ♠A')} target=1")
    assert asked(s) == (1, "window:respond")
    act(s, 1, f"play card={cid('slash ♠8')}")
    assert asked(s) == (0, "window:respond")
    act(s, 0, "pass")
    assert s.seats[0].hp == 3 and s.seats[1].hp == 4
    assert s.used.get("kill", 0) == 0  # Kills played in a Duel do not count


def test_borrowed_sword_makes_the_holder_kill_or_give_up_the_weapon() -> None:
    s = four(["collateral ♣Q"], ["slash ♠8"], [], [], )
    s.seats[1].equip[0] = cid("blade ♠5")
    s.draw.remove(cid("blade ♠5")) if cid("blade ♠5") in s.draw else None
    act(s, 0, f"use card={cid('collateral ♣Q')} targets=1,3")
    assert asked(s) == (1, "window:respond")
    act(s, 1, f"use card={cid('slash ♠8')}")
    assert s.seats[3].hp == 3 and s.seats[1].equip[0] == cid("blade ♠5")


def test_borrowed_sword_refused_gives_the_weapon_to_the_user() -> None:
    s = table(seat("zhang_liao", "monarch", ["collateral ♣Q"]),
              seat("xu_chu", "rebel", [], equipment={"weapon": "blade ♠5"}), seat("cao_ren", "rebel"),
              seat("huang_gai", "defector"))
    act(s, 0, f"use card={cid('collateral ♣Q')} targets=1,2")
    assert s.seats[0].hand == [cid("blade ♠5")] and cid("blade ♠5") in s.seats[0].known


def test_borrowed_sword_refused_hands_the_weapon_over_in_one_public_event() -> None:
    """p2 holds a Kill but will not use it on p3: the Blade goes from p2's equipment into p1's hand.
    The log says so: the card's one target is p2 (p3 is whom p2 was to Kill), then p2 gives the
    Blade to p1; nothing is discarded and nothing equipped."""
    blade, sword = cid("blade ♠5"), cid("collateral ♣Q")
    s = table(seat("zhang_liao", "monarch", ["collateral ♣Q"]),
              seat("xu_chu", "rebel", ["slash ♠8"], equipment={"weapon": "blade ♠5"}), seat("cao_ren", "rebel"),
              seat("huang_gai", "defector"))
    events = act(s, 0, f"use card={sword} targets=1,2")
    assert asked(s) == (1, "window:respond")
    events += act(s, 1, "pass")
    public = [(e.kind, e.data) for e in events if e.kind in ("use", "give", "discard", "equip", "gain")]
    assert public == [("use", {"seat": 0, "card": "collateral", "cards": [sword], "targets": [1], "victim": 2}),
                      ("give", {"seat": 1, "to": 0, "card": blade, "zone": "equip", "why": "collateral"})]
    assert all(e.secret is None for e in events if e.kind == "give")  # everyone sees it
    assert s.seats[0].hand == [blade] and s.seats[0].known == [blade] and s.seats[0].equip[0] == -1
    assert s.seats[1].equip[0] == -1 and s.seats[1].hand == [cid("slash ♠8")] and blade not in s.discard
    assert s.seats[2].hp == 4 and sword in s.discard
    said = [screen.sentence({"kind": e.kind, **e.data}, 0) for e in events if e.kind in ("use", "give")]
    assert said == ["p1 uses Borrowed Sword ♣Q on p2 to Kill p3",
                    "p2 gives Green Dragon Crescent Blade ♠5 to p1 (Borrowed Sword)"]


def test_barbarian_invasion_asks_each_other_player_in_turn_for_a_kill() -> None:
    s = four(["savage_assault ♠7"], ["slash ♠8"], [], [])
    act(s, 0, f"use card={cid('savage_assault ♠7')}")
    assert asked(s) == (1, "window:respond")
    act(s, 1, f"play card={cid('slash ♠8')}")
    assert [x.hp for x in s.seats] == [4, 4, 3, 3]


def test_barbarian_invasion_killing_two_players_rewards_and_checks_victory_in_order() -> None:
    s = table(seat("zhang_liao", "monarch", ["savage_assault ♠7"]), seat("xu_chu", "rebel", hp=1),
              seat("cao_ren", "rebel", hp=1), seat("huang_gai", "defector"), draw=["jink ♥2", "jink ♦2", "jink ♦3"])
    act(s, 0, f"use card={cid('savage_assault ♠7')}")
    assert not s.seats[1].alive and not s.seats[2].alive and s.seats[3].hp == 3
    assert len(s.seats[0].hand) == 6  # 3 for each Rebel
    assert GAME.result(s) is None


def test_game_end_in_the_middle_of_an_area_attack() -> None:
    s = table(seat("zhang_liao", "monarch", ["archery_attack ♥A"]), seat("xu_chu", "rebel", hp=1),
              seat("cao_ren", "defector", hp=1), seat("huang_gai", "minister", hp=2))
    act(s, 0, f"use card={cid('archery_attack ♥A')}")
    result = GAME.result(s)
    assert result is not None and result.winners == [0, 3]
    assert s.seats[3].hp == 2  # the Minister after them was never reached
    assert GAME.decisions(s) == []


def test_arrow_barrage_asks_for_dodges() -> None:
    s = four(["archery_attack ♥A"], ["jink ♥2"])
    act(s, 0, f"use card={cid('archery_attack ♥A')}", )
    act(s, 1, f"play card={cid('jink ♥2')}")
    assert [x.hp for x in s.seats] == [4, 4, 3, 3]


def test_peach_garden_heals_every_wounded_player_from_the_user() -> None:
    s = table(seat("zhang_liao", "monarch", ["god_salvation ♥A"], hp=2), seat("xu_chu", "rebel", hp=3),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector", ["nullification ♠J"], hp=1))
    act(s, 0, f"use card={cid('god_salvation ♥A')}")
    # the Defector may Negate each healing; Cao Ren (unwounded) is skipped with no window
    assert asked(s) == (3, "window:negate")
    act(s, 3, f"use card={NEG1}")  # no healing for the Monarch; no Negate left for the others
    assert [x.hp for x in s.seats] == [2, 4, 4, 2]


def test_harvest_reveals_one_card_per_player_and_each_takes_one_in_turn() -> None:
    s = table(seat("zhang_liao", "monarch", ["amazing_grace ♥3"]), seat("xu_chu", "rebel"),
              draw=["jink ♥2", "peach ♥4"])
    act(s, 0, f"use card={cid('amazing_grace ♥3')}")
    assert asked(s) == (0, "select:harvest")
    view = GAME.view(s, 1)
    assert view["frames"][-1]["data"]["candidates"] == sorted([cid("jink ♥2"), cid("peach ♥4")])
    act(s, 0, f"pick card={cid('peach ♥4')}")
    assert s.seats[0].hand == [cid("peach ♥4")] and s.seats[1].hand == [cid("jink ♥2")]
    assert cid("jink ♥2") in s.seats[1].known


def test_uniform_windows_ask_every_seat_so_nothing_leaks() -> None:
    s = four(["ex_nihilo ♥7"], [], ["nullification ♠J"], options={"uniform_windows": 1})
    act(s, 0, f"use card={cid('ex_nihilo ♥7')}")
    # seats 0 and 1 hold no Negate but are asked too, with "pass" alone
    assert asked(s) == (0, "window:negate") and GAME.legal_actions(s, 0) == ["pass"]
    act(s, 0, "pass")
    assert asked(s) == (1, "window:negate") and GAME.legal_actions(s, 1) == ["pass"]
    act(s, 1, "pass")
    assert asked(s) == (2, "window:negate")


def test_a_kill_used_for_borrowed_sword_stays_on_the_table_through_a_reshuffle() -> None:
    """Lu Xun's last hand card is the Kill Borrowed Sword makes him use; Lianying draws him a card
    from an empty draw pile, so the discard pile is shuffled in. The Kill is being used, on the
    table, not in the discard pile: it is not shuffled away, and it still hits p3."""
    kill = cid("slash ♠8")
    s = table(seat("zhang_liao", "monarch", ["collateral ♣Q"]),
              hero("lu_xun", "rebel", ["slash ♠8"], equipment={"weapon": "blade ♠5"}),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector"))
    s.discard.extend(s.draw)  # an empty draw pile: the next draw reshuffles
    s.draw.clear()
    act(s, 0, f"use card={cid('collateral ♣Q')} targets=1,2")
    act(s, 1, f"use card={kill}")
    assert kill in s.table and kill not in s.discard
    events = act(s, 1, "use ability=lianying")
    assert "reshuffle" in [e.kind for e in events]
    assert kill not in s.draw and kill not in s.seats[1].hand
    assert s.seats[2].hp == s.seats[2].max_hp - 1
    assert kill in s.discard and kill not in s.table  # resolved: discarded as any used Kill
