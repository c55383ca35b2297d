"""Hidden information: views hold no other hand, no unrevealed role, no draw order; determinize
re-deals exactly those."""

from __future__ import annotations

from typing import Any

from tests.ltk.scenario import GAME, act, cid, hero, seat, table


def five():  # type: ignore[no-untyped-def]
    return table(seat("zhang_liao", "monarch", ["slash ♠7", "jink ♥2"]), seat("xu_chu", "rebel", ["peach ♥3"]),
                 seat("cao_ren", "minister", ["jink ♦2"]), seat("huang_gai", "defector", ["slash ♣2"]),
                 seat("lu_meng", "rebel", ["duel ♠A"]))


def named_cards(node: Any, key: str = "") -> list[int]:
    """Every int under a key that holds cards (``card``, ``cards``, ``hand``...) in a view."""
    if isinstance(node, dict):
        return [c for k, v in node.items() for c in named_cards(v, k)]
    if isinstance(node, list):
        return [c for v in node for c in named_cards(v, key)]
    carded = key in ("card", "cards", "hand", "known", "discard", "table", "judgement", "equipment")
    return [node] if carded and isinstance(node, int) and not isinstance(node, bool) else []


def test_a_view_shows_only_the_own_hand_and_counts_of_the_others() -> None:
    s = five()
    v = GAME.view(s, 1)
    assert v["hand"] == [cid("peach ♥3")]
    assert [row["hand_count"] for row in v["seats"]] == [2, 1, 1, 1, 1]
    others = {cid(c) for c in ("slash ♠7", "jink ♥2", "jink ♦2", "slash ♣2", "duel ♠A")}
    assert not others & set(named_cards({k: v[k] for k in v if k != "hand"}))
    assert all("hand" not in row for row in v["seats"])
    assert v["draw_pile"] == 108 - 6 and "draw" not in v


def test_roles_are_hidden_until_death_but_the_own_and_the_monarchs_show() -> None:
    s = five()
    roles = [row["role"] for row in GAME.view(s, 1)["seats"]]
    assert roles == ["monarch", "rebel", None, None, None]
    assert [row["role"] for row in GAME.view(s, None)["seats"]] == ["monarch", None, None, None, None]


def test_a_dead_players_role_is_shown_to_everyone() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "defector", [], hp=1),
              seat("cao_ren", "rebel"), seat("huang_gai", "minister"), seat("lu_meng", "rebel"))
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    assert GAME.view(s, 2)["seats"][1]["role"] == "defector"


def test_determinize_redeals_other_hands_hidden_roles_and_the_draw_pile_only() -> None:
    s = five()
    seen_hands, seen_roles, seen_draw = set(), set(), set()
    for seed in range(12):
        d = GAME.determinize(s, 1, seed)
        assert GAME.view(d, 1) == GAME.view(s, 1)
        assert d.seats[1].hand == s.seats[1].hand and d.seats[1].role == "rebel" and d.seats[0].role == "monarch"
        assert [len(x.hand) for x in d.seats] == [len(x.hand) for x in s.seats]
        assert sorted(x.role for x in d.seats) == sorted(x.role for x in s.seats)
        seen_hands.add(tuple(d.seats[2].hand))
        seen_roles.add(tuple(x.role for x in d.seats))
        seen_draw.add(tuple(d.draw[-5:]))
    assert len(seen_hands) > 1 and len(seen_roles) > 1 and len(seen_draw) > 1


def test_cards_everyone_saw_enter_a_hand_stay_in_it() -> None:
    s = five()
    s.seats[2].known = [cid("jink ♦2")]
    for seed in range(6):
        assert GAME.determinize(s, 1, seed).seats[2].hand == [cid("jink ♦2")]


def test_a_discard_choice_of_another_seat_follows_its_redealt_hand() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7", "jink ♥2", "jink ♦2"], hp=1), seat("xu_chu", "rebel"))
    act(s, 0, "end")
    d = GAME.determinize(s, 1, 3)
    assert d.frames[-1].data["candidates"] == sorted(d.seats[0].hand)
    assert "candidates" not in GAME.view(s, 1)["frames"][-1]["data"]
    assert GAME.view(s, 0)["frames"][-1]["data"]["candidates"] == sorted(s.seats[0].hand)


def test_generals_offered_to_others_are_secret_and_redealt() -> None:
    s = GAME.new(GAME.configure(5), 4)
    GAME.apply(s, s.current, "choose general=cao_cao")
    me = (s.current + 1) % 5
    other = (s.current + 2) % 5
    assert "offers" not in GAME.view(s, me)["seats"][other]
    dealt = {tuple(GAME.determinize(s, me, seed).seats[other].offers) for seed in range(8)}
    assert len(dealt) > 1
    assert all(GAME.determinize(s, me, seed).seats[me].offers == s.seats[me].offers for seed in range(4))


def test_a_view_names_every_card_of_the_deck_the_same_for_every_seat() -> None:
    s = five()
    names = GAME.view(s, 0)["card_names"]
    assert names[cid("slash ♠7")] == "Kill ♠7" and names[cid("peach ♥3")] == "Peach ♥3" and len(names) == 108
    assert GAME.view(s, 3)["card_names"] == GAME.view(s, None)["card_names"] == names


def _after_a_snatch(other: str):  # type: ignore[no-untyped-def]
    """p1 Steals p2's only hand card (♥2 Dodge); p1 keeps ``other``: p2 cannot tell which it is."""
    s = table(seat("zhang_liao", "monarch", ["snatch ♠3", other]), seat("xu_chu", "rebel", ["jink ♥2"]),
              seat("cao_ren", "minister", ["jink ♦2"]), seat("huang_gai", "defector"), seat("lu_meng", "rebel"))
    act(s, 0, f"use card={cid('snatch ♠3')} target=1", "take zone=hand")
    return s


def test_a_card_snatched_from_a_hand_stays_in_the_takers_hand_in_its_owners_worlds() -> None:
    s = _after_a_snatch("slash ♠7")
    dodge = cid("jink ♥2")
    assert sorted(s.seats[0].hand) == sorted([dodge, cid("slash ♠7")]) and dodge not in s.seats[0].known
    # the owner saw which card went: its view names it in p1's hand, and its worlds keep it there
    assert GAME.view(s, 1)["seats"][0]["known_hand"] == [dodge]
    assert GAME.view(s, 2)["seats"][0]["known_hand"] == []
    for seed in range(12):
        d = GAME.determinize(s, 1, seed)
        assert dodge in d.seats[0].hand and GAME.view(d, 1) == GAME.view(s, 1)
    # a third seat saw a blind pick: for it the Dodge may be anywhere it cannot see
    assert any(dodge not in GAME.determinize(s, 2, seed).seats[0].hand for seed in range(12))


def test_two_states_differing_only_in_what_a_seat_cannot_see_give_it_the_same_worlds() -> None:
    """p1's other card (♠7 or ♠8 Kill) and so the draw pile differ; p2 sees the same table in both."""
    a, b = _after_a_snatch("slash ♠7"), _after_a_snatch("slash ♠8")
    assert a.seats[0].hand != b.seats[0].hand and a.draw != b.draw
    assert GAME.view(a, 1) == GAME.view(b, 1)
    for seed in range(6):
        da, db = GAME.determinize(a, 1, seed), GAME.determinize(b, 1, seed)
        assert da.to_json() == db.to_json()
        assert cid("jink ♥2") in da.seats[0].hand
    # p1 itself can tell them apart: its own hand stays its own
    assert GAME.determinize(a, 0, 1).seats[0].hand != GAME.determinize(b, 0, 1).seats[0].hand


def test_what_a_seat_knows_of_a_card_ends_when_the_card_leaves_the_hand() -> None:
    s = table(seat("zhang_liao", "monarch", ["snatch ♠3"]), seat("xu_chu", "rebel", ["slash ♥10"]),
              seat("cao_ren", "minister"), seat("huang_gai", "defector"))
    kill = cid("slash ♥10")
    act(s, 0, f"use card={cid('snatch ♠3')} target=1", "take zone=hand")
    assert s.seen == {str(kill): [1]} and GAME.from_json(GAME.to_json(s)).seen == s.seen
    assert s.clone().seen == s.seen and s.clone().seen is not s.seen
    act(s, 0, f"use card={kill} target=1")  # p1 uses the stolen Kill on p2: it is in the open now
    assert s.seen == {}


def test_zhuge_liang_knows_where_the_cards_he_stacked_lie_and_nobody_else_does() -> None:
    s = table(hero("zhuge_liang", "monarch"), seat("xu_chu", "rebel"), phase="start",
              draw=["jink ♥2", "peach ♥3", "slash ♠7"])
    act(s, 0, "use ability=guanxing")
    # while he places them the other seat sees how many go where, not which
    act(s, 0, f"bottom card={cid('jink ♥2')}")
    assert GAME.view(s, 1)["frames"][-1]["data"] == {"who": 0, "cards": 1, "top": 0, "bottom": 1}
    assert GAME.view(s, 0)["frames"][-1]["data"]["bottom"] == [cid("jink ♥2")]
    worlds = [GAME.determinize(s, 1, seed) for seed in range(12)]
    assert len({tuple(w.frames[-1].data.cards + w.frames[-1].data.bottom) for w in worlds}) > 1
    assert all(GAME.view(w, 1) == GAME.view(s, 1) for w in worlds)
    act(s, 0, f"top card={cid('peach ♥3')}")  # then the draw phase: he draws ♥3 Peach and ♠7 Kill
    assert s.draw[0] == cid("jink ♥2") and s.seen[str(cid("jink ♥2"))] == [0]
    for seed in range(8):
        assert GAME.determinize(s, 0, seed).draw[0] == cid("jink ♥2")
    assert any(GAME.determinize(s, 1, seed).draw[0] != cid("jink ♥2") for seed in range(8))


def test_at_the_end_every_role_is_shown_so_determinize_keeps_them() -> None:
    s = table(seat("zhang_liao", "rebel", ["slash ♠7"]), seat("xu_chu", "monarch", [], hp=1),
              seat("cao_ren", "minister"), seat("huang_gai", "defector"), seat("lu_meng", "rebel"), current=0)
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    while s.stage != "over":  # the Monarch's dying: nobody has a Peach, so everyone passes
        (d,) = GAME.decisions(s)
        act(s, d.player, "pass")
    assert [row["role"] for row in GAME.view(s, 2)["seats"]] == ["rebel", "monarch", "minister", "defector", "rebel"]
    for seed in range(6):
        assert [x.role for x in GAME.determinize(s, 2, seed).seats] == [x.role for x in s.seats]
