"""Buqu (generals/buqu.py): Zhou Tai lives on below 1 health while his cards' ranks differ."""

from __future__ import annotations

import random

from tests.ltk.scenario import GAME, act, asked, cid, hero, seat, table
from warroom.bots import make
from warroom.games.ltk.state import LtkState


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


def test_buqu_a_peach_that_discards_one_of_two_cards_of_a_rank_saves_zhou_tai() -> None:
    # at 0 with ♦2 on his general, Zhou Tai is hit: ♥2 matches, he is dying at -1
    s = table(seat("xu_chu", "rebel", ["slash ♠7"]),
              hero("zhou_tai", "monarch", ["peach ♥3"], hp=0, buqu=["jink ♦2"]), current=0, draw=["jink ♥2"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 1, "use ability=buqu")
    assert s.seats[1].hp == -1 and asked(s) == (1, "window:rescue")
    act(s, 1, f"use card={cid('peach ♥3')}")
    assert asked(s) == (1, "select:buqu")  # he chooses which card the recovery discards
    act(s, 1, f"pick card={cid('jink ♦2')}")
    # one card left for the one point below 1: he lives on at 0, no longer dying
    assert s.seats[1].alive and s.seats[1].hp == 0 and s.seats[1].buqu == [cid("jink ♥2")]
    assert GAME.result(s) is None and asked(s) == (0, "action")


def test_buqu_the_card_zhou_tai_discards_decides_whether_he_is_still_dying() -> None:
    def dying_at_minus_two() -> LtkState:
        s = table(seat("xu_chu", "rebel", ["slash ♠7"]), hero("zhou_tai", "monarch", ["peach ♥3"], hp=-1,
                  buqu=["jink ♦2", "slash ♣7"]), seat("cao_ren", "minister"), current=0, draw=["jink ♥2"])
        act(s, 0, f"use card={cid('slash ♠7')} target=1")
        act(s, 1, "use ability=buqu", f"use card={cid('peach ♥3')}")
        assert s.seats[1].hp == -1 and asked(s) == (1, "select:buqu")
        return s

    s = dying_at_minus_two()
    act(s, 1, f"pick card={cid('jink ♦2')}")  # ♣7 and ♥2 are left: two cards, two ranks
    assert s.seats[1].alive and asked(s) == (0, "action")
    s = dying_at_minus_two()
    act(s, 1, f"pick card={cid('slash ♣7')}")  # ♦2 and ♥2 are left: still dying, and nobody has a Peach
    assert not s.seats[1].alive and GAME.result(s) is not None


def test_the_bot_discards_a_buqu_card_of_the_repeated_rank() -> None:
    s = table(seat("xu_chu", "rebel", ["slash ♠7"]), hero("zhou_tai", "monarch", ["peach ♥3"], hp=-1,
              buqu=["slash ♣7", "jink ♦2"]), seat("cao_ren", "minister"), current=0, draw=["jink ♥2"])
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    act(s, 1, "use ability=buqu", f"use card={cid('peach ♥3')}")
    choice = make("ltk", "heuristic").choose(GAME.view(s, 1), GAME.legal_actions(s, 1), random.Random(0))
    assert choice in (f"pick card={cid('jink ♦2')}", f"pick card={cid('jink ♥2')}")
    act(s, 1, choice)
    assert s.seats[1].alive and asked(s) == (0, "action")
