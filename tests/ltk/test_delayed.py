"""Delayed tools and the judgement phase (cards/delayed.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, seat, table

LIGHTNING, INDULGENCE = cid("lightning ♠A"), cid("indulgence ♠6")


def test_indulgence_goes_to_another_players_judgement_area_once() -> None:
    s = table(seat("zhang_liao", "monarch", ["indulgence ♠6", "indulgence ♣6"]), seat("xu_chu", "rebel"))
    act(s, 0, f"use card={INDULGENCE} target=1")
    assert s.seats[1].judge == [INDULGENCE]
    assert not any(a.startswith(f"use card={cid('indulgence ♣6')}") for a in GAME.legal_actions(s, 0))


def test_indulgence_not_heart_skips_the_action_phase() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", judgement=["indulgence ♠6"]),
              current=1, phase="start", draw=["slash ♠7", "jink ♥2", "peach ♥3"])
    # the judgement card ♠7 is not a heart: Xu Chu draws but has no action phase
    assert s.current == 0 and INDULGENCE in s.discard and cid("slash ♠7") in s.discard
    assert sorted(s.seats[1].hand) == sorted([cid("jink ♥2"), cid("peach ♥3")])


def test_indulgence_on_a_heart_is_discarded_and_the_turn_goes_on() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", judgement=["indulgence ♠6"]),
              current=1, phase="start", draw=["jink ♥2"])
    assert asked(s) == (1, "action") and INDULGENCE in s.discard


def test_a_negated_indulgence_is_discarded_without_a_judgement() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", ["nullification ♠J"], judgement=["indulgence ♠6"]),
              current=1, phase="start", draw=["slash ♠7"])
    assert asked(s) == (1, "window:negate")
    act(s, 1, f"use card={cid('nullification ♠J')}")
    assert asked(s) == (1, "action") and INDULGENCE in s.discard and cid("slash ♠7") in s.seats[1].hand


def test_lightning_strikes_on_spades_two_to_nine_for_three_damage_without_a_source() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", judgement=["lightning ♠A"]),
              seat("cao_ren", "minister"), current=1, phase="start", draw=["slash ♠8"])
    assert s.seats[1].hp == 1 and LIGHTNING in s.discard


def test_lightning_moves_to_the_next_player_when_it_does_not_strike() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", judgement=["lightning ♠A"]),
              seat("cao_ren", "minister"), current=1, phase="start", draw=["jink ♥2"])
    assert s.seats[2].judge == [LIGHTNING] and s.seats[1].hp == 4


def test_lightning_passes_around_a_table_with_indulgence_in_the_same_area() -> None:
    # Xu Chu holds Lightning (placed first) and Indulgence (placed last): Indulgence is judged first
    s = table(seat("zhang_liao", "monarch"),
              seat("xu_chu", "rebel", judgement=["lightning ♠A", "indulgence ♠6"]),
              seat("cao_ren", "minister", judgement=["lightning ♥Q"]), seat("huang_gai", "defector"),
              current=1, phase="start", draw=["jink ♥2", "slash ♦7"])
    # ♥2 for Indulgence (a heart: no skip), ♦7 for Lightning (no strike): it skips Cao Ren, who has one
    assert s.seats[3].judge == [LIGHTNING] and INDULGENCE in s.discard
    assert asked(s) == (1, "action")


def test_a_negated_lightning_moves_on_instead_of_being_discarded() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", ["nullification ♠J"], judgement=["lightning ♠A"]),
              seat("cao_ren", "minister"), current=1, phase="start")
    act(s, 1, f"use card={cid('nullification ♠J')}")
    assert s.seats[2].judge == [LIGHTNING]


def test_a_rebel_killed_by_lightning_gives_no_reward() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", hp=3, judgement=["lightning ♠A"]),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector"), current=1, phase="start", draw=["slash ♠8"])
    assert not s.seats[1].alive
    assert s.current == 2  # the dead player's turn is over
    assert [len(x.hand) for x in s.seats] == [0, 0, 2, 0]  # only Cao Ren's own draw


def test_lightning_is_used_only_on_oneself() -> None:
    s = table(seat("zhang_liao", "monarch", ["lightning ♠A"]), seat("xu_chu", "rebel"))
    assert f"use card={LIGHTNING}" in GAME.legal_actions(s, 0)
    act(s, 0, f"use card={LIGHTNING}")
    assert s.seats[0].judge == [LIGHTNING]
