"""The turn: phases in order, skipping, drawing, the hand limit, reshuffling, distance and range."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, seat, table
from warroom.games.ltk import core


def four(**kw):  # type: ignore[no-untyped-def]
    hands = kw.pop("hands", [[], [], [], []])
    return table(seat("zhang_liao", "monarch", hands[0]), seat("xu_chu", "rebel", hands[1]),
                 seat("cao_ren", "minister", hands[2]), seat("huang_gai", "defector", hands[3]), **kw)


def test_the_draw_phase_draws_the_top_two_cards_then_the_action_phase_asks() -> None:
    s = four(phase="draw", draw=["jink ♥2", "peach ♥3", "slash ♠7"])
    assert sorted(s.seats[0].hand) == sorted([cid("jink ♥2"), cid("peach ♥3")])
    assert asked(s) == (0, "action") and s.phase == "action"


def test_discard_phase_discards_down_to_current_health_one_pick_at_a_time() -> None:
    hand = ["slash ♠7", "slash ♠8", "jink ♥2", "jink ♦2", "peach ♥3"]
    s = table(seat("zhang_liao", "monarch", hand, hp=3), seat("xu_chu", "rebel"), seat("cao_ren", "minister"),
              seat("huang_gai", "defector"))
    act(s, 0, "end")
    assert asked(s) == (0, "select:discard")
    assert "done" not in GAME.legal_actions(s, 0)
    act(s, 0, f"pick card={cid('slash ♠7')}")
    assert asked(s) == (0, "select:discard")
    act(s, 0, f"pick card={cid('jink ♦2')}")
    assert sorted(s.seats[0].hand) == sorted(cid(c) for c in ["slash ♠8", "jink ♥2", "peach ♥3"])
    assert s.discard[-2:] == sorted([cid("slash ♠7"), cid("jink ♦2")])
    # the end phase passes, and the next player's turn starts with the draw
    assert s.current == 1 and asked(s) == (1, "action") and len(s.seats[1].hand) == 2


def test_no_discard_when_the_hand_is_within_the_limit() -> None:
    s = four(hands=[["slash ♠7", "slash ♠8"], [], [], []])
    act(s, 0, "end")
    assert s.current == 1 and len(s.seats[0].hand) == 2


def test_a_skipped_phase_does_not_happen() -> None:
    s = four(phase="start", skip=["action"], draw=["jink ♥2", "peach ♥3"])
    # drew two, no action phase, hand within limit: the turn passed to seat 1
    assert len(s.seats[0].hand) == 2 and s.current == 1


def test_turns_pass_in_seat_order_skipping_the_dead() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", alive=False, hp=0),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector"))
    act(s, 0, "end")
    assert s.current == 2
    act(s, 2, "end")
    assert s.current == 3
    act(s, 3, "end")
    assert s.current == 0


def test_the_discard_pile_is_shuffled_into_a_new_draw_pile_when_it_runs_out() -> None:
    s = four(phase="action")
    # move every card of the draw pile but one to the discard pile
    s.discard = s.draw[:-1]
    s.draw = s.draw[-1:]
    act(s, 0, "end")
    assert len(s.seats[1].hand) == 2 and s.reshuffles == 1
    assert len(s.draw) == 108 - 2 and s.discard == []


def test_both_piles_exhausted_is_a_drawn_game() -> None:
    s = four(phase="action")
    s.seats[3].hand = s.draw[:]
    s.draw = []
    act(s, 0, "end")
    result = GAME.result(s)
    assert result is not None and result.winners == [] and "exhausted" in result.reason


def test_distance_counts_the_shorter_way_round_the_living() -> None:
    s = table(*[seat(g, r) for g, r in [("zhang_liao", "monarch"), ("xu_chu", "rebel"), ("cao_ren", "rebel"),
                                        ("huang_gai", "minister"), ("lu_meng", "defector")]])
    assert [core.distance(s, 0, t) for t in range(1, 5)] == [1, 2, 2, 1]
    s.seats[1].alive = False
    assert core.distance(s, 0, 2) == 1


def test_horses_change_distance_one_way_and_never_below_one() -> None:
    s = table(seat("zhang_liao", "monarch", equipment={"offense_horse": "chitu ♥5"}),
              seat("xu_chu", "rebel", equipment={"defense_horse": "jueying ♠5"}),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector"), seat("lu_meng", "minister"))
    assert core.distance(s, 0, 2) == 1  # 2 - 1
    assert core.distance(s, 0, 1) == 1  # 1 + 1 - 1
    assert core.distance(s, 2, 1) == 2  # 1 + 1
    assert core.distance(s, 1, 0) == 1  # horses act only in their own direction


def test_attack_range_is_one_or_the_weapon_range() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel"), seat("cao_ren", "rebel"),
              seat("huang_gai", "defector"), seat("lu_meng", "minister"))
    kill = cid("slash ♠7")
    targets = {a for a in GAME.legal_actions(s, 0) if a.startswith(f"use card={kill}")}
    assert targets == {f"use card={kill} target=1", f"use card={kill} target=4"}
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"], equipment={"weapon": "qinggang_sword ♠6"}),
              seat("xu_chu", "rebel"), seat("cao_ren", "rebel"), seat("huang_gai", "defector"),
              seat("lu_meng", "minister"))
    targets = {a for a in GAME.legal_actions(s, 0) if a.startswith(f"use card={kill}")}
    assert targets == {f"use card={kill} target={t}" for t in (1, 2, 3, 4)}
