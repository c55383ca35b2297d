"""LTK positions: description -> state -> description, and one-line refusals."""

from __future__ import annotations

import pytest

from tests.ltk.scenario import GAME, act, cid, hero, seat, table
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


def test_a_position_states_what_other_seats_know_and_determinize_keeps_it() -> None:
    # p2 knows the ♥10 Kill in p1's hand (p1 took it from p2); p1 stacked the ♥2 Dodge on the draw
    desc = {"seats": [seat("zhang_liao", "monarch", ["slash ♥10", "peach ♥3"]), seat("xu_chu", "rebel"),
                      seat("cao_ren", "minister")],
            "draw": ["jink ♥2", "slash ♠7"], "seen": {"slash ♥10": [1], "jink ♥2": [0]}}
    s = GAME.position(desc)
    kill, dodge = cid("slash ♥10"), cid("jink ♥2")
    assert s.seen == {str(kill): [1], str(dodge): [0]}
    written = GAME.describe_position(s)
    assert written["seen"] == {str(kill): [1], str(dodge): [0]}
    assert GAME.position(written).to_json() == s.to_json()
    assert "seen" not in GAME.describe_position(table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel")))
    # p2 sees the Kill among p1's cards, p3 does not
    assert GAME.view(s, 1)["seats"][0]["known_hand"] == [kill]
    assert GAME.view(s, 2)["seats"][0]["known_hand"] == []
    for seed in range(8):
        by_p2 = GAME.determinize(s, 1, seed)
        assert kill in by_p2.seats[0].hand and by_p2.seen[str(kill)] == [1]
        assert GAME.determinize(s, 0, seed).draw[-1] == dodge
    assert any(kill not in GAME.determinize(s, 2, seed).seats[0].hand for seed in range(8))
    assert any(GAME.determinize(s, 1, seed).draw[-1] != dodge for seed in range(8))


@pytest.mark.parametrize(("seen", "complaint"), [
    ({str(cid("jink ♥2")): [1]}, "only a card in a hand or in the draw pile"),
    ({"slash ♥10": [5]}, "a list of seat numbers"),
    ({"slash ♥10": 1}, "a list of seat numbers"),
    (["slash ♥10"], "maps a card to the seats"),
])
def test_an_impossible_seen_is_refused_in_one_line(seen: object, complaint: str) -> None:
    desc = {"seats": [seat("zhang_liao", "monarch", ["slash ♥10"]), seat("xu_chu", "rebel")],
            "discard": ["jink ♥2"], "seen": seen}
    with pytest.raises(ConfigError, match=complaint) as err:
        GAME.position(desc)
    assert "\n" not in str(err.value)


def test_a_card_placed_as_indulgence_stays_one_through_describe_and_position() -> None:
    s = table(hero("da_qiao", "monarch", ["jink ♦2"]), seat("xu_chu", "rebel"))
    act(s, 0, f"use card={cid('jink ♦2')} as=indulgence target=1")
    assert s.virtual == {str(cid("jink ♦2")): "indulgence"}
    desc = GAME.describe_position(s)
    again = GAME.position(desc)
    assert again.virtual == s.virtual and GAME.describe_position(again) == desc
    assert again.to_json() == s.to_json()


def test_a_position_may_place_a_virtual_indulgence_by_its_face() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", judgement=["jink ♦2"]),
              virtual={"jink ♦2": "indulgence"}, reshuffles=2, moves=40)
    assert s.virtual == {str(cid("jink ♦2")): "indulgence"} and (s.reshuffles, s.moves) == (2, 40)


@pytest.mark.parametrize(("virtual", "complaint"), [
    ({"jink ♦3": "indulgence"}, "only a card in a judgement area"),
    ({"jink ♦2": "duel"}, "not a delayed tool"),
    (["jink ♦2"], "virtual maps"),
])
def test_a_wrong_virtual_card_is_refused_in_one_line(virtual: object, complaint: str) -> None:
    with pytest.raises(ConfigError, match=complaint) as err:
        table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", judgement=["jink ♦2"]), virtual=virtual)
    assert "\n" not in str(err.value)
