"""Kill, Dodge and Peach (cards/basic.py)."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, seat, table

KILL, KILL2, DODGE, PEACH = cid("slash ♠7"), cid("slash ♠9"), cid("jink ♥2"), cid("peach ♥3")


def duel_table(attacker: list[str], target: list[str], **kw):  # type: ignore[no-untyped-def]
    return table(seat("zhang_liao", "monarch", attacker), seat("xu_chu", "rebel", target, **kw),
                 seat("cao_ren", "rebel"), seat("huang_gai", "defector"))


def test_a_kill_that_is_not_dodged_deals_one_damage_from_its_user() -> None:
    s = duel_table(["slash ♠7"], [])
    events = act(s, 0, f"use card={KILL} target=1")
    assert s.seats[1].hp == 3
    damage = next(e for e in events if e.kind == "damage")
    assert damage.data["source"] == 0 and damage.data["amount"] == 1
    assert s.discard[-1] == KILL and s.table == []


def test_a_dodge_cancels_the_kill() -> None:
    s = duel_table(["slash ♠7"], ["jink ♥2"])
    act(s, 0, f"use card={KILL} target=1")
    assert asked(s) == (1, "window:respond")
    assert GAME.legal_actions(s, 1) == [f"use card={DODGE}", "pass"]
    act(s, 1, f"use card={DODGE}")
    assert s.seats[1].hp == 4 and asked(s) == (0, "action")
    assert s.discard[-2:] == [DODGE, KILL]


def test_the_target_may_keep_its_dodge_and_take_the_damage() -> None:
    s = duel_table(["slash ♠7"], ["jink ♥2"])
    act(s, 0, f"use card={KILL} target=1", )
    act(s, 1, "pass")
    assert s.seats[1].hp == 3 and s.seats[1].hand == [DODGE]


def test_one_kill_per_action_phase() -> None:
    s = duel_table(["slash ♠7", "slash ♠9"], [])
    act(s, 0, f"use card={KILL} target=1")
    assert not any(a.startswith("use card=") for a in GAME.legal_actions(s, 0))
    assert s.used == {"kill": 1}
    act(s, 0, "end")
    # the next player's phase starts with its own Kill
    assert "kill" not in s.used


def test_a_kill_needs_the_target_in_attack_range() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel"), seat("cao_ren", "rebel"),
              seat("huang_gai", "defector"), seat("lu_meng", "minister"))
    assert f"use card={KILL} target=2" not in GAME.legal_actions(s, 0)
    assert "Kill" in GAME.explain_illegal(s, 0, f"use card={KILL} target=2")


def test_a_dodge_cannot_be_used_on_its_own() -> None:
    s = duel_table(["jink ♥2"], [])
    assert GAME.legal_actions(s, 0) == ["end"]


def test_peach_heals_a_wounded_user_in_the_action_phase_only() -> None:
    s = duel_table(["peach ♥3"], [])
    assert GAME.legal_actions(s, 0) == ["end"]  # full health: no Peach
    s = table(seat("zhang_liao", "monarch", ["peach ♥3"], hp=2), seat("xu_chu", "rebel"))
    act(s, 0, f"use card={PEACH}")
    assert s.seats[0].hp == 3 and s.discard[-1] == PEACH


def test_describe_and_prompt_say_who_kills_whom() -> None:
    s = duel_table(["slash ♠7"], ["jink ♥2"])
    assert GAME.describe(s, 0, f"use card={KILL} target=1") == "Use Kill ♠7 on p2 Xu Chu"
    act(s, 0, f"use card={KILL} target=1")
    (d,) = GAME.decisions(s)
    assert d.prompt == "p1 Zhang Liao used Kill on you: use a Dodge?"
