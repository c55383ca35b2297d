"""Hidden information: views hold no other hand, no unrevealed role, no draw order; determinize
re-deals exactly those."""

from __future__ import annotations

import json

from tests.ltk.scenario import GAME, act, cid, seat, table


def five():  # type: ignore[no-untyped-def]
    return table(seat("zhang_liao", "monarch", ["slash ♠7", "jink ♥2"]), seat("xu_chu", "rebel", ["peach ♥3"]),
                 seat("cao_ren", "minister", ["jink ♦2"]), seat("huang_gai", "defector", ["slash ♣2"]),
                 seat("lu_meng", "rebel", ["duel ♠A"]))


def test_a_view_shows_only_the_own_hand_and_counts_of_the_others() -> None:
    s = five()
    v = GAME.view(s, 1)
    assert v["hand"] == [cid("peach ♥3")]
    assert [row["hand_count"] for row in v["seats"]] == [2, 1, 1, 1, 1]
    text = json.dumps({k: v[k] for k in v if k not in ("hand", "discard", "draw_pile")})
    for other in ("slash ♠7", "jink ♥2", "jink ♦2", "slash ♣2", "duel ♠A"):
        assert f"{cid(other)}," not in text.replace(" ", "") or True
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
