"""Skirmish (tests/skirmish.py), the real-time test game: its rules in scenarios, and the
conformance suite on the simulated clock, as for a registered game."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests import conformance as cf
from tests.skirmish import GAME, SkirmishState, register
from warroom.engine import GameOver, IllegalAction, NotYourTurn

SETTINGS = cf.Settings(seeds=1)
CONFIGS = [GAME.configure(2), GAME.configure(2, options={"cards": 4, "hand": 2, "interval_ms": 0,
                                                         "answer_ms": 400})]


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)  # records replay through the registry


# ----- the conformance suite ------------------------------------------------------------------------
@pytest.mark.parametrize("config", CONFIGS, ids=["default", "fast"])
@pytest.mark.parametrize("seed", range(6))
def test_skirmish_keeps_every_promise_on_the_simulated_clock(config: dict[str, object], seed: int) -> None:
    stats = cf.check_playout(GAME, config, seed, SETTINGS)
    assert stats.result is not None and stats.deep_checks > 0 and stats.illegal_tried > 0
    assert stats.redealt


@pytest.mark.parametrize("config", CONFIGS, ids=["default", "fast"])
def test_skirmish_records_replay_exactly_with_their_times(config: dict[str, object]) -> None:
    for seed in range(4):
        assert cf.check_replay(GAME, config, seed) > 0
        cf.check_determinism(GAME, config, seed)


def test_skirmish_is_the_same_in_another_process() -> None:
    here = cf.trajectory_digest("skirmish", 2, [1, 2])
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from warroom.engine import registry; "
            "registry.register('skirmish', 'tests.skirmish'); from tests import conformance; "
            "print(conformance.trajectory_digest('skirmish', 2, [1, 2]))")
    env = {**os.environ, "PYTHONHASHSEED": "7"}
    out = subprocess.run([sys.executable, "-c", code, str(cf.TESTS_DIR.parent)], env=env,
                         capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == here


def test_the_suite_clock_meets_unanswered_attacks() -> None:
    """The fast configuration's 400 ms answer window is shorter than a suite tick, so every
    attack in it runs out: the playouts do exercise the clock's own moves."""
    match, _, events = cf.recorded_game(GAME, CONFIGS[1], 3)
    kinds = [e.kind for step in events for e in step]
    assert "unanswered" in kinds
    assert any(s.seat == cf.CLOCK_SEAT for s in match.record.steps)


# ----- the rules, scenario by scenario ------------------------------------------------------------------
def fresh(**options: int) -> SkirmishState:
    """West and east, each with a known deck (top card last) and empty hands."""
    config = GAME.configure(2, options={"cards": 4, "interval_ms": 100, "answer_ms": 1000, **options})
    state = GAME.new(config, 0)
    state.decks = [[0, 1, 2, 3], [4, 5, 6, 7]]  # values 1-4 in each; the top is the last
    return state


def test_both_seats_act_at_once() -> None:
    state = fresh()
    assert GAME.deciders(state) == [0, 1]
    GAME.apply(state, 0, "draw", 10)
    GAME.apply(state, 1, "draw", 20)
    assert state.hands == [[3], [7]]


def test_a_seat_waits_the_minimum_interval_between_its_actions() -> None:
    state = fresh()
    GAME.apply(state, 0, "draw", 10)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, "draw", 109)
    assert GAME.next_deadline(state) == 110
    GAME.apply(state, 0, "draw", 110)
    assert state.hands[0] == [3, 2]


def test_an_attack_interrupts_the_defender_who_may_only_answer() -> None:
    state = fresh()
    GAME.apply(state, 0, "draw", 0)
    GAME.apply(state, 1, "draw", 0)
    GAME.apply(state, 0, "attack card=3", 200)  # a 4
    assert GAME.legal_actions(state, 1, 300) == ["block card=7", "yield"]
    with pytest.raises(IllegalAction, match="block or yield"):
        GAME.apply(state, 1, "draw", 300)
    # the attacker carries on meanwhile
    GAME.apply(state, 0, "draw", 300)


def test_a_block_with_a_card_at_least_as_strong_discards_both() -> None:
    state = fresh()
    GAME.apply(state, 0, "draw", 0)
    GAME.apply(state, 1, "draw", 0)
    GAME.apply(state, 0, "attack card=3", 200)
    GAME.apply(state, 1, "block card=7", 500)
    assert state.attack == [-1, -1] and state.discard == [3, 7]


def test_a_weaker_card_cannot_block() -> None:
    state = fresh()
    state.hands = [[3], [4]]  # a 4 against a 1
    GAME.apply(state, 0, "attack card=3", 0)
    assert GAME.legal_actions(state, 1, 10) == ["yield"]
    with pytest.raises(IllegalAction, match="too weak"):
        GAME.apply(state, 1, "block card=4", 10)


def test_yielding_gives_the_attacker_the_last_banked_card() -> None:
    state = fresh()
    state.hands = [[3], [4]]
    state.banks = [[], [5, 6]]
    GAME.apply(state, 0, "attack card=3", 0)
    GAME.apply(state, 1, "yield", 100)
    assert state.banks == [[6], [5]]


def test_an_attack_not_answered_in_time_counts_as_unanswered() -> None:
    state = fresh(interval_ms=0)
    state.hands = [[3], [4]]
    state.banks = [[], [5]]
    GAME.apply(state, 0, "attack card=3", 0)
    assert GAME.next_deadline(state) == 1000
    assert GAME.legal_actions(state, 1, 999) == ["yield"]
    events = GAME.advance_time(state, 1000)
    assert [e.kind for e in events] == ["unanswered"] and state.banks == [[5], []]
    assert GAME.advance_time(state, 1000) == []  # idempotent
    # an answer that arrives after the deadline meets a state in which it is no longer attacked
    with pytest.raises(IllegalAction, match="nobody is attacking you"):
        GAME.apply(state, 1, "yield", 1001)


def test_one_attack_at_a_time_and_none_while_attacked() -> None:
    state = fresh(interval_ms=0)
    state.hands = [[2, 3], [4, 5]]
    GAME.apply(state, 0, "attack card=3", 0)
    assert "attack card=2" not in GAME.legal_actions(state, 0, 1)
    assert not any(a.startswith("attack") for a in GAME.legal_actions(state, 1, 1))


def test_the_game_ends_when_every_card_is_played_and_the_higher_bank_wins() -> None:
    state = fresh()
    state.decks = [[], []]
    state.hands = [[3], [4]]
    GAME.apply(state, 1, "bank card=4", 0)
    assert GAME.result(state) is None
    GAME.apply(state, 0, "bank card=3", 0)
    res = GAME.result(state)
    assert res is not None and res.winners == [0] and res.scores == {"banked": [4, 1]}
    with pytest.raises(GameOver):
        GAME.apply(state, 0, "draw", 10)


def test_time_never_runs_backwards() -> None:
    state = fresh()
    GAME.apply(state, 0, "draw", 500)
    assert GAME.advance_time(state, 100) == [] and state.now == 500
