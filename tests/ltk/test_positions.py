"""LTK positions: description -> state -> description, and one-line refusals."""

from __future__ import annotations

import pytest

from tests.ltk.scenario import GAME, act, cid, seat, table
from warroom.engine import ConfigError


def test_a_position_places_every_card_and_starts_at_the_phase() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7", 30], equipment={"weapon": "crossbow ♣A"}),
              seat("xu_chu", "rebel", hp=2), draw=["jink ♥2"], discard=["peach ♥3"], used={"kill": 1})
    assert s.seats[0].hand == [cid("slash ♠7"), 30]
    assert s.draw[-1] == cid("jink ♥2") and s.discard == [cid("peach ♥3")]
    assert len(s.draw) + len(s.discard) + 3 == 108
    assert s.seats[1].hp == 2 and s.used == {"kill": 1} and s.phase == "action"


def test_describe_position_round_trips_mid_resolution() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", ["jink ♥2"]))
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    desc = GAME.describe_position(s)
    again = GAME.position(desc)
    assert GAME.describe_position(again) == desc
    assert GAME.legal_actions(again, 1) == GAME.legal_actions(s, 1)


@pytest.mark.parametrize(("change", "complaint"), [
    ({"seats": [seat("zhang_liao", "monarch", ["slash ♠7", "slash ♠7", "slash ♠7"]), seat("xu_chu", "rebel")]},
     "no unused card"),
    ({"seats": [seat("zhang_liao", "monarch", [5, 5]), seat("xu_chu", "rebel")]}, "placed twice"),
    ({"seats": [seat("zhang_liao", "rebel"), seat("xu_chu", "rebel")]}, "exactly one Monarch"),
    ({"seats": [seat("nobody", "monarch"), seat("xu_chu", "rebel")]}, "unknown general"),
    ({"seats": [seat("zhang_liao", "monarch", hp=7), seat("xu_chu", "rebel")]}, "above the maximum"),
    ({"seats": [seat("zhang_liao", "monarch", equipment={"armor": "axe ♦5"}), seat("xu_chu", "rebel")]},
     "not a armor"),
    ({"seats": [seat("zhang_liao", "monarch")], "players": 2}, "need 2 seats"),
])
def test_inconsistent_positions_are_refused_in_one_line(change: dict, complaint: str) -> None:
    with pytest.raises(ConfigError, match=complaint) as err:
        GAME.position(change)
    assert "\n" not in str(err.value)
