"""The speed-ups give what the plain definitions give: at every decision of random games, the
shortcuts of the hot paths (abilities in one go, the trigger registry's candidates, distances
from one seat, the action phase's one target list per card kind) are checked against the slow
way of asking the same question."""

from __future__ import annotations

import random

import pytest

from tests.ltk.scenario import GAME, hero, table
from warroom.engine.triggers import Triggers
from warroom.games.ltk import core
from warroom.games.ltk.cards import KIND
from warroom.games.ltk.state import LtkState

NAMES = sorted({*core.TRIGGERS.by_name, *core.EQUIP_ABILITIES, *(s for k in core._SKILLS for s in core._SKILLS[k])})
PLAIN = Triggers(core.holds)  # the engine's registry, asking holds of every ability
PLAIN.by_timing = core.TRIGGERS.by_timing
PLAIN.by_name = core.TRIGGERS.by_name


def _check(state: LtkState) -> None:
    order = core.order_from(state, state.current)
    for seat in range(state.n):
        assert core.abilities(state, seat) == {n for n in NAMES if core.holds(state, seat, n)}
        if state.seats[seat].alive:
            living = core.alive(state)
            assert core.distances_from(state, seat) == {
                t: core.distance_among(state, living, seat, t) for t in living if t != seat}
    for timing in core.TRIGGERS.by_timing:
        assert core.TRIGGERS.listening(state, timing, order) == PLAIN.listening(state, timing, order)
    frame = state.frames[-1] if state.frames else None
    if frame is not None and frame.kind == "act":
        seat = frame.seat
        hand = state.seats[seat].hand
        for card in hand if len(hand) > 1 else []:  # a kind's targets depend on the card only
            use = core.USES.get(KIND[card])         # through "the only hand card"
            for other in hand:
                if use is not None and KIND[other] == KIND[card]:
                    assert use.targets(state, seat, other) == use.targets(state, seat, card)


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (8, 2), (10, 3)])
def test_shortcuts_agree_with_the_plain_definitions_in_random_games(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(GAME.configure(players), seed)
    checked = 0
    while GAME.result(state) is None and checked < 400:
        if state.stage == "play":
            _check(state)
            checked += 1
        player = GAME.deciders(state)[0]
        legal = GAME.legal_actions(state, player)
        GAME.apply_trusted(state, player, legal[rng.randrange(len(legal))])
    assert checked > 50


def test_abilities_name_skills_weapons_and_lord_skills_only_for_the_monarch() -> None:
    s = table(hero("liu_bei", "monarch", equipment={"weapon": "crossbow ♣A"}), hero("cao_cao", "rebel"),
              hero("ma_chao", "minister", equipment={"armor": "eight_diagram ♠2"}), hero("sun_quan", "defector"))
    assert core.abilities(s, 0) == {"rende", "jijiang", "crossbow"}
    assert core.abilities(s, 1) == {"jianxiong"}  # Hujia is a lord skill: not for a Rebel
    assert core.abilities(s, 2) == {"mashu", "tieqi", "eight_diagram"}
    s.seats[2].alive = False
    assert core.abilities(s, 2) == frozenset()
    s.seats[3].blank = True  # a blank general keeps only what its equipment gives
    assert core.abilities(s, 3) == frozenset()


def test_seat_and_frame_clones_copy_every_field_and_share_no_list() -> None:
    from dataclasses import fields

    from warroom.engine.frames import Frame
    from warroom.games.ltk.frames import Kill
    from warroom.games.ltk.state import Seat

    seat = Seat(role="rebel", general="liu_bei", revealed=True, alive=True, hp=2, max_hp=4, hand=[1, 2],
                equip=[3, -1, -1, 4], judge=[5], offers=["cao_cao"], pick="liu_bei", known=[2], flipped=True,
                blank=True, buqu=[6])
    copy = seat.clone()
    for f in fields(Seat):  # a field added to Seat must be added to Seat.clone too
        value = getattr(seat, f.name)
        assert getattr(copy, f.name) == value
        assert not isinstance(value, list) or getattr(copy, f.name) is not value
    # a typed kind's data is cloned by its class, an untyped (engine) kind's dict as plain data
    kill = Frame("kill", 2, Kill(user=0, cards=[7], target=1, dodges=1), [[1, "pass"]],
                 [{"answered": True, "cards": [8]}])
    select = Frame("select", 2, {"candidates": [7], "picked": []})
    for frame in (kill, select):
        again = frame.clone()
        assert again == frame and again.data is not frame.data and again.to_json() == frame.to_json()
    again = kill.clone()
    assert again.data.cards is not kill.data.cards
    assert again.answers[0] is not kill.answers[0] and again.results[0] is not kill.results[0]
    assert select.clone().data["candidates"] is not select.data["candidates"]
