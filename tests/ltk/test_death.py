"""Dying, rescue round the table, death, rewards and penalties, and victory by role."""

from __future__ import annotations

import pytest

from tests.ltk.scenario import GAME, act, asked, cid, kinds, seat, table
from warroom.games.ltk import core
from warroom.games.ltk.rules import role_counts

KILL, PEACH, PEACH2, PEACH3 = cid("slash ♠7"), cid("peach ♥3"), cid("peach ♥4"), cid("peach ♥6")


def test_dying_asks_from_the_current_player_round_the_table_then_death() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7", "peach ♥3"]), seat("xu_chu", "rebel", [], hp=1),
              seat("cao_ren", "rebel", ["peach ♥4"]), seat("huang_gai", "defector", ["peach ♥6"]))
    act(s, 0, f"use card={KILL} target=1")
    # seat 0 (the current player) first; seat 1 has no Peach and is not asked
    assert asked(s) == (0, "window:rescue")
    act(s, 0, "pass")
    assert asked(s) == (2, "window:rescue")
    act(s, 2, "pass")
    assert asked(s) == (3, "window:rescue")
    events = act(s, 3, "pass")
    assert not s.seats[1].alive and s.seats[1].revealed
    assert "death" in kinds(events)


def test_a_peach_saves_the_dying_and_ends_the_round() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", [], hp=1),
              seat("cao_ren", "rebel", ["peach ♥4"]), seat("huang_gai", "defector", ["peach ♥6"]))
    act(s, 0, f"use card={KILL} target=1")
    act(s, 2, f"use card={PEACH2}")
    assert s.seats[1].hp == 1 and s.seats[1].alive and asked(s) == (0, "action")
    assert s.seats[3].hand == [PEACH3]


def test_health_below_zero_needs_several_peaches_from_one_or_more_savers() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", ["peach ♥3", "peach ♥4"], hp=1),
              seat("cao_ren", "rebel", ["peach ♥6"]), seat("huang_gai", "defector"))
    events: list = []
    core.damage(s, 0, 1, 3, [], events)  # 3 damage at once (as Lightning deals): health -2
    core.RESOLVER.run(s, events)
    assert s.seats[1].hp == -2 and asked(s) == (1, "window:rescue")
    act(s, 1, f"use card={PEACH}")
    assert asked(s) == (1, "window:rescue")  # still dying: asked again
    act(s, 1, f"use card={PEACH2}")
    assert s.seats[1].hp == 0 and asked(s) == (2, "window:rescue")
    act(s, 2, f"use card={PEACH3}")
    assert s.seats[1].hp == 1 and s.seats[1].alive


def test_death_discards_every_card_and_the_killer_of_a_rebel_draws_three() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]),
              seat("xu_chu", "rebel", ["jink ♦3"], hp=1, equipment={"weapon": "axe ♦5"}, judgement=["indulgence ♠6"]),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector"))
    act(s, 0, f"use card={KILL} target=1")
    act(s, 1, "pass")  # keeps its Dodge
    assert not s.seats[1].alive
    assert {cid("jink ♦3"), cid("axe ♦5"), cid("indulgence ♠6")} <= set(s.discard)
    assert s.seats[1].hand == [] and s.seats[1].judge == []
    assert len(s.seats[0].hand) == 3  # the reward


def test_the_monarch_who_kills_a_minister_discards_hand_and_equipment() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7", "jink ♥2"], equipment={"armor": "eight_diagram ♠2"}),
              seat("xu_chu", "minister", [], hp=1), seat("cao_ren", "rebel"), seat("huang_gai", "defector"))
    act(s, 0, f"use card={KILL} target=1")
    assert not s.seats[1].alive and s.seats[1].revealed
    assert s.seats[0].hand == [] and s.seats[0].equip == [-1, -1, -1, -1]


def test_killing_a_defector_gives_nothing() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "defector", [], hp=1),
              seat("cao_ren", "rebel"), seat("huang_gai", "minister"))
    act(s, 0, f"use card={KILL} target=1")
    assert not s.seats[1].alive and s.seats[0].hand == []


def test_a_death_with_no_source_gives_no_reward() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", [], hp=1),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector"))
    events: list = []
    core.damage(s, -1, 1, 3, [], events)
    core.RESOLVER.run(s, events)
    assert not s.seats[1].alive and s.seats[0].hand == []


def test_killing_the_last_rebel_and_defector_wins_for_monarch_and_ministers_at_once() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", [], hp=1),
              seat("cao_ren", "minister", alive=False, hp=0), seat("huang_gai", "defector", alive=False, hp=0))
    act(s, 0, f"use card={KILL} target=1")
    result = GAME.result(s)
    assert result is not None and result.winners == [0, 2]  # the dead Minister wins too
    assert result.scores["winning_roles"] == ["minister", "monarch"]
    assert s.seats[0].hand == []  # the game ended before the reward
    assert GAME.decisions(s) == []


def test_the_monarch_dying_wins_for_the_rebels_alive_or_dead() -> None:
    s = table(seat("zhang_liao", "monarch", [], hp=1), seat("xu_chu", "rebel", ["slash ♠7"]),
              seat("cao_ren", "rebel", alive=False, hp=0), seat("huang_gai", "defector"), current=1)
    act(s, 1, f"use card={KILL} target=0")
    result = GAME.result(s)
    assert result is not None and result.winners == [1, 2]


def test_the_defector_wins_only_as_the_last_one_standing() -> None:
    s = table(seat("zhang_liao", "monarch", [], hp=1), seat("xu_chu", "rebel", alive=False, hp=0),
              seat("cao_ren", "minister", alive=False, hp=0), seat("huang_gai", "defector", ["slash ♠7"]), current=3)
    act(s, 3, f"use card={KILL} target=0")
    result = GAME.result(s)
    assert result is not None and result.winners == [3]
    # with a Rebel still alive the same kill wins for the Rebels
    s = table(seat("zhang_liao", "monarch", [], hp=1), seat("xu_chu", "rebel"),
              seat("cao_ren", "minister", alive=False, hp=0), seat("huang_gai", "defector", ["slash ♠7"]), current=3)
    act(s, 3, f"use card={KILL} target=0")
    assert GAME.result(s).winners == [1]  # type: ignore[union-attr]


GENERALS8 = ["zhang_liao", "xu_chu", "cao_ren", "huang_gai", "lu_meng", "zhou_tai", "xun_yu", "gan_ning",
             "sima_yi", "guo_jia"]


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize("last", ["monarch", "rebels", "defector"])
def test_victory_for_every_player_count_and_every_role(players: int, last: str) -> None:
    """Everybody but the Monarch and one more player is dead; the Kill decides the game."""
    _, mi, r, d = role_counts(players)
    roles = ["monarch"] + ["minister"] * mi + ["rebel"] * r + ["defector"] * d
    if last == "defector" and not d:
        pytest.skip("no Defector at this count")
    survivor = {"monarch": roles.index("rebel"), "rebels": roles.index("rebel"),
                "defector": roles.index("defector") if d else 0}[last]
    seats = []
    for i, role in enumerate(roles):
        living = i in (0, survivor)
        seats.append(seat(GENERALS8[i], role, ["slash ♠7"] if i == (0 if last == "monarch" else survivor) else [],
                          alive=living, hp=1 if living else 0))
    s = table(*seats, current=0 if last == "monarch" else survivor)
    killer, victim = (0, survivor) if last == "monarch" else (survivor, 0)
    act(s, killer, f"use card={KILL} target={victim}")
    result = GAME.result(s)
    assert result is not None
    expected = {"monarch": {"monarch", "minister"}, "rebels": {"rebel"}, "defector": {"defector"}}[last] & set(roles)
    assert {roles[w] for w in result.winners} == expected
    winners = [i for i, role in enumerate(roles) if role in expected]
    assert result.winners == (winners if last != "defector" else [survivor])
