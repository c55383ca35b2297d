"""The general pick after the Monarch's: the other seats choose secretly and at once
(``Game.simultaneous``), so runners ask them all from the same state."""

from __future__ import annotations

import random
from typing import Any

from tests.ltk.scenario import GAME
from warroom.engine.bot import Bot
from warroom.engine.runner import play_bots

# 5 players, seed 4: seat 3 is the Monarch; once it has chosen Cao Cao the others are offered
PICKS = {0: "hua_tuo", 1: "da_qiao", 2: "zhou_yu", 4: "zhao_yun"}


def _after_the_monarch() -> Any:
    state = GAME.new(GAME.configure(5), 4)
    assert state.current == 3 and not GAME.simultaneous(state)  # the Monarch chooses alone, in public
    GAME.apply(state, 3, "choose general=cao_cao")
    return state


def test_the_other_seats_pick_their_generals_at_once() -> None:
    state = _after_the_monarch()
    assert GAME.deciders(state) == [0, 1, 2, 4] and GAME.simultaneous(state)
    assert state.seats[1].offers == ["zhen_ji", "liu_bei", "da_qiao"]


def test_the_order_in_which_the_picks_arrive_changes_nothing() -> None:
    hashes = set()
    for order in ([0, 1, 2, 4], [4, 2, 1, 0], [2, 0, 4, 1]):
        state = _after_the_monarch()
        for seat in order:
            GAME.apply(state, seat, f"choose general={PICKS[seat]}")
        assert state.stage == "play" and not GAME.simultaneous(state)
        assert [s.general for s in state.seats] == ["hua_tuo", "da_qiao", "zhou_yu", "cao_cao", "zhao_yun"]
        hashes.add(GAME.hash(state))
    assert len(hashes) == 1


def test_a_pick_shows_in_no_other_seats_view_until_all_have_picked() -> None:
    seen = []
    for general in ("zhen_ji", "liu_bei", "da_qiao"):  # seat 1 picks each of its offers in turn
        state = _after_the_monarch()
        GAME.apply(state, 1, f"choose general={general}")
        assert state.seats[1].pick == general
        seen.append([GAME.view(state, seat) for seat in (0, 2, 3, 4, None)])
        assert GAME.legal_actions(state, 0) == [
            "choose general=cao_ren", "choose general=hua_tuo", "choose general=zhou_tai"]
    assert seen[0] == seen[1] == seen[2]
    assert seen[0][0]["seats"][1]["chosen"] is True  # that seat 1 has chosen is public, not what


class _Recorder(Bot):
    """Picks its first offer and notes which other seats its view showed as having chosen."""

    name = "recorder"

    def __init__(self, notes: dict[int, list[int]]) -> None:
        self.notes = notes

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if view["stage"] == "pick":
            self.notes[view["seat"]] = [r["seat"] for r in view["seats"] if r["chosen"] and r["seat"] != view["seat"]]
        return legal[0]


def test_bots_are_asked_for_their_picks_before_any_pick_lands() -> None:
    notes: dict[int, list[int]] = {}
    steps: list[tuple[int, str]] = []
    outcome, _ = play_bots(GAME, GAME.configure(5), 4, [_Recorder(notes) for _ in range(5)],
                           observe=lambda seat, action, events: steps.append((seat, action)))
    # every picker saw only the Monarch (seat 3) as having chosen: no other pick had landed yet
    assert notes == {0: [3], 1: [3], 2: [3], 4: [3]}
    # and the picks landed in seat order, as the records of earlier versions have them
    assert steps[:5] == [(3, "choose general=cao_cao"), (0, "choose general=cao_ren"),
                         (1, "choose general=da_qiao"), (2, "choose general=sima_yi"),
                         (4, "choose general=ma_chao")]
    assert outcome.decisions == len(steps)
