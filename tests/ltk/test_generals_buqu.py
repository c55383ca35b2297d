"""Buqu (generals/buqu.py): Zhou Tai lives on below 1 health while his cards' ranks differ."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, hero, seat, table


def test_buqu_keeps_zhou_tai_alive_at_zero_health() -> None:
    s = table(seat("xu_chu", "rebel", ["slash ♠7"]), hero("zhou_tai", "monarch", hp=1), current=0,
              draw=["jink ♥2"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    assert asked(s) == (1, "ability:buqu")
    act(s, 1, "use ability=buqu")
    assert s.seats[1].alive and s.seats[1].hp == 0 and s.seats[1].buqu == [cid("jink ♥2")]
    assert GAME.view(s, 0)["seats"][1]["buqu"] == [cid("jink ♥2")]


def test_buqu_two_cards_of_one_rank_mean_dying() -> None:
    s = table(seat("xu_chu", "rebel", ["slash ♠7"]), hero("zhou_tai", "monarch", hp=0, buqu=["jink ♦2"]),
              current=0, draw=["jink ♥2"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1", )
    act(s, 1, "use ability=buqu")
    # ♥2 matches the ♦2 already there: dying; nobody has a Peach, so Zhou Tai dies
    assert not s.seats[1].alive and GAME.result(s) is not None


def test_buqu_recovering_discards_a_card() -> None:
    s = table(hero("zhou_tai", "monarch", ["peach ♥3"], hp=0, buqu=["jink ♦2"]), seat("xu_chu", "rebel"))
    act(s, 0, f"use card={cid('peach ♥3')}")
    assert s.seats[0].hp == 1 and s.seats[0].buqu == [] and cid("jink ♦2") in s.discard
