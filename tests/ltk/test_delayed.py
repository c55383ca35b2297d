"""Delayed tools and the judgement phase (cards/delayed.py)."""

from __future__ import annotations

from typing import Any

from tests.ltk.scenario import GAME, act, asked, cid, seat, table
from warroom.engine import Event

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


def _effects(events: list[Event]) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == "judge_effect"]


def test_a_judgement_ends_with_one_entry_saying_what_it_decided() -> None:
    # the entry the log's line and the browser's panel read (p1 ends the turn: p2's judgement phase)
    cases = [
        ("indulgence ♠6", [], "slash ♠7", {"effect": "skip"}),
        ("indulgence ♠6", [], "jink ♥2", {"effect": "escaped"}),
        ("lightning ♠A", [], "slash ♠8", {"effect": "struck"}),
        ("lightning ♠A", [seat("cao_ren", "minister")], "jink ♥2", {"effect": "passes", "to": 2}),
        ("lightning ♠A", [], "jink ♥2", {"effect": "stays", "to": -1}),  # p1 holds a Lightning already
    ]
    for card, more, judged, expected in cases:
        first = ["lightning ♥Q"] if expected["effect"] == "stays" else []
        s = table(seat("zhang_liao", "monarch", judgement=first), seat("xu_chu", "rebel", judgement=[card]), *more,
                  current=0, draw=[judged, "peach ♥3", "peach ♥4"])
        effects = _effects(act(s, 0, "end"))
        kind = card.split(" ")[0]
        assert effects == [{"seat": 1, "reason": kind, "card": cid(judged), **expected}], (card, judged)


def test_an_eight_trigrams_judgement_says_whether_it_gave_a_dodge() -> None:
    for judged, effect in (("jink ♥2", "dodge"), ("slash ♠9", "no_dodge")):
        s = table(seat("zhang_liao", "rebel", ["slash ♠7"]), seat("xu_chu", "monarch",
                  equipment={"armor": "eight_diagram ♠2"}), current=0, draw=[judged])
        act(s, 0, f"use card={cid('slash ♠7')} target=1")
        events = act(s, 1, "use ability=eight_diagram")
        assert _effects(events) == [{"seat": 1, "reason": "eight_diagram", "card": cid(judged), "effect": effect}]


def test_the_terminal_log_says_what_a_judgement_decided() -> None:
    from warroom.screens import ltk as screen

    cases = (("indulgence", "escaped", -1), ("lightning", "passes", 2), ("eight_diagram", "no_dodge", -1))
    said = [screen.sentence({"kind": "judge_effect", "seat": 1, "reason": r, "card": 0, "effect": e, "to": t}, 0)
            for r, e, t in cases]
    assert said == ["p2 escapes Indulgence (a heart)", "Lightning misses p2: it moves on to p3",
                    "Eight Trigrams fails p2 (a black card)"]
