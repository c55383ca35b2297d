"""Two scenario tests that show the pattern the card tests follow.

Note: after an action the engine runs every automatic step until someone must decide, and a
decision whose only answer is ``pass`` is taken for the player. A side with no cards therefore
never stops the game: read what happened from ``s.events_of(kind)``, or give both sides cards.
"""

from tests.kessen.scenario import EVIL, GOOD, Scenario


def test_volley_adds_three_to_a_ranged_troop_of_a_general() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["long_bows"])
    zhang_liao = s.unit(EVIL, "zhang_liao", ["foot"])
    (volley,) = s.hand(GOOD, "actions", ["volley"])
    s.engagement(attacker=EVIL, att_unit=zhang_liao, def_unit=guan_yu)
    assert s.force(guan_yu) == 6 + 4 + 2  # Long Bows +2 vs Infantry
    s.play(GOOD, f"play card={volley}")
    # Evil has nothing to play, so the engagement resolves at once
    (res,) = s.events_of("resolution")
    assert res["defender"]["force"] == 6 + 4 + 2 + 3


def test_the_higher_force_wins_and_the_loser_retreats() -> None:
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["warriors"])  # 6 + 6 (+2 vs Infantry) = 14
    cao_ren = s.unit(EVIL, "cao_ren", ["foot"])  # attacking: 3 + 3 = 6
    s.engagement(attacker=EVIL, att_unit=cao_ren, def_unit=guan_yu)
    s.pass_both()
    (res,) = s.events_of("resolution")
    assert res["defender"]["force"] == 14 and res["attacker"]["force"] == 6
    assert res["winner"] == "good"
    # with no cards left to play the game runs on; the events tell what happened
    assert next(r["unit"] for r in s.events_of("retreat")) == cao_ren
