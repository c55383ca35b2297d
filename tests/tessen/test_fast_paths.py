"""The fast paths of Tessen's simulations tell the same truth as the slow ones: the bots' part of
the view holds nothing the view does not, ``next_chance`` never hides a legal action, and an
action inside the minimum interval is refused naming the wait (on the simulated clock)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.tessen.scenario import GAME, act, side, table
from warroom import bots
from warroom.engine import Game, IllegalAction
from warroom.engine.match import Match
from warroom.engine.realtime import play_realtime
from warroom.games.tessen.state import TessenState

VARIANTS = ((), ("dragon", "sacred-animal"), ("handicap",))


def states(variants: tuple[str, ...], seed: int, every: int = 9) -> list[TessenState]:
    """States met in a random real-time match, every ``every``th action."""
    rng = random.Random(seed)
    config = GAME.configure(2, list(variants))
    state = GAME.new(config, seed)
    out, t, n = [], 0, 0
    while GAME.result(state) is None and t < 3_000_000:
        t += rng.randint(40, 400)
        GAME.advance_time(state, t)
        for p in rng.sample((0, 1), 2):
            legal = GAME.legal_actions(state, p, t)
            if legal and GAME.result(state) is None:
                GAME.apply(state, p, rng.choice(legal), t)
                n += 1
                if n % every == 0:
                    out.append(GAME.clone(state))
    return out


@pytest.mark.parametrize("variants", VARIANTS)
def test_next_chance_never_hides_a_legal_action(variants: tuple[str, ...]) -> None:
    for state in states(variants, 5, every=3):
        for p in (0, 1):
            for dt in (0, 1, 150, 399, 400, 1000):
                now = state.clock + dt
                chance = GAME.next_chance(state, p, now)
                legal = GAME.legal_actions(state, p, now)
                if legal:
                    assert chance == now
                elif chance is not None and chance > now:
                    # nothing is legal until that chance unless the state changes
                    assert GAME.legal_actions(state, p, chance - 1) == [] or GAME.next_deadline(state) < chance


def test_an_action_inside_the_minimum_interval_names_the_wait() -> None:
    state = table(side(hand="fox"), side())
    act(state, 0, "draw", 10_000)
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "play animal=fox place=1", 10_220)
    assert str(err.value) == "too soon: p1 may act again in 180 ms (at least 400 ms between two actions of one player)"
    assert GAME.explain_illegal(state, 0, "play animal=fox place=1") == str(err.value)
    after = GAME.to_json(state)
    assert after["sides"] == before["sides"] and after["clock"] == 10_220  # only time moved
    assert GAME.next_chance(state, 0, 10_220) == 10_400
    GAME.apply(state, 0, "play animal=fox place=1", 10_400)
    assert state.sides[0].places[0] == [5, 1, -1]


def test_a_match_refuses_the_early_action_with_the_wait_and_records_nothing() -> None:
    match = Match(GAME, GAME.configure(2), 4, ["you", "bot"])
    match.act(0, "draw", 1_000)
    with pytest.raises(IllegalAction, match=r"^too soon: p1 may act again in 250 ms"):
        match.act(0, "draw", 1_150)
    assert [s.action for s in match.record.steps] == ["draw"]


def test_in_simulation_a_bot_is_never_asked_inside_its_minimum_interval() -> None:
    asked: list[tuple[int, int]] = []

    class Watch(bots.make("tessen", "expert").__class__):  # type: ignore[misc]
        def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str | None:
            assert legal  # the runner looks only when the seat may act
            asked.append((view["seat"] == "p2", len(legal)))
            return super().choose(view, legal, rng)

    outcome, match = play_realtime(GAME, GAME.configure(2), 2, [Watch(), Watch()], record=True)
    assert match is not None and outcome.decisions == len([s for s in match.record.steps if s.seat >= 0])
    # every accepted action was chosen, and few were asked for nothing
    assert outcome.decisions <= len(asked) <= outcome.decisions + outcome.failed + outcome.decisions // 4


# ----- the bots' lens and the direct legality check -----------------------------------------------------
def kinds_of_position(state: TessenState, p: int) -> str:
    """The kind of decision ``p`` has (so that a test can show it met every kind)."""
    if state.phase != "play":
        return state.phase
    if state.sides[p].take:
        return "take"
    return "answer" if state.attack and state.attack[0] != p else "play"


@pytest.mark.parametrize("variants", VARIANTS)
def test_the_direct_check_of_one_action_agrees_with_the_legal_list(variants: tuple[str, ...]) -> None:
    from warroom.games.tessen.core import ALL_ACTIONS
    from warroom.games.tessen.rules import action_legal, position_legal

    met = set()
    for state in states(variants, 21, every=2):
        for p in (0, 1):
            legal = set(position_legal(state, p))
            assert {a for a in ALL_ACTIONS if action_legal(state, p, a)} == legal
            met.add(kinds_of_position(state, p))
    assert met >= {"play", "answer", "take"}
    assert not action_legal(state, 0, "draw  ") and not action_legal(state, 0, ["draw"])  # type: ignore[arg-type]


@pytest.mark.parametrize("variants", VARIANTS)
def test_the_bots_lens_holds_what_the_view_says_and_nothing_more(variants: tuple[str, ...]) -> None:
    from warroom.games.tessen.views import lens_of_view

    seen = 0
    for state in states(variants, 13, every=3):
        for p in (0, 1):
            lens = GAME.bot_lens(state, p)
            # read off the view itself: the same facts
            assert lens == lens_of_view(GAME.view(state, p))
            assert lens["hand"] == state.sides[p].hand and lens["hand"] is not state.sides[p].hand  # a copy
            seen += 1
    assert seen > 50


@pytest.mark.parametrize("variants", VARIANTS)
def test_a_bot_plans_the_same_on_its_lens_as_on_the_view(variants: tuple[str, ...]) -> None:
    planned = 0
    for state in states(variants, 17, every=2):
        for p in (0, 1):
            legal = GAME.legal_actions(state, p, state.clock + 1_000)
            if not legal:
                continue
            for name in ("novice", "expert"):
                bot = bots.make("tessen", name)
                assert bot.plan(GAME.bot_lens(state, p), legal) == bot.plan(GAME.view(state, p), legal)
            planned += 1
    assert planned > 50


def test_the_short_way_of_apply_gives_what_game_apply_gives() -> None:
    from warroom.engine import Game, canonical
    from warroom.engine.errors import WarroomError
    from warroom.games.tessen.core import ALL_ACTIONS

    assert all(canonical(a) == a for a in ALL_ACTIONS)  # so a refused one is explained as it is
    rng = random.Random(4)
    outcomes: set[object] = set()
    for state in states(("dragon", "sacred-animal"), 3, every=4):
        for p in (0, 1):
            t = state.clock + rng.choice((0, 150, 400, 2_000, 4_000))
            legal = GAME.legal_actions(state, p, t)
            for action in [*legal[:3], "draw", "yield", "keep place=2", "draw   from=opponent", "fly", ""]:
                fast, slow = GAME.clone(state), GAME.clone(state)
                try:
                    got: object = GAME.apply(fast, p, action, t)
                except WarroomError as err:
                    got = (type(err), str(err))
                try:
                    want: object = Game.apply(GAME, slow, p, action, t)
                except WarroomError as err:
                    want = (type(err), str(err))
                assert got == want, (action, got, want)
                outcomes.add(got[0] if isinstance(got, tuple) else "accepted")
                assert GAME.to_json(fast) == GAME.to_json(slow)
    assert outcomes >= {"accepted", IllegalAction}


@pytest.mark.parametrize("variants", VARIANTS)
def test_waking_only_when_the_state_changes_plays_the_same_matches(variants: tuple[str, ...]) -> None:
    from warroom.engine.realtime import Scheduler

    config = GAME.configure(2, list(variants), {"wins": 1})
    for seed in range(3):
        seats = [bots.make("tessen", "casual"), bots.make("tessen", "novice")]
        _, fast = play_realtime(GAME, config, seed, seats, record=True)
        # the same bots woken at every deadline (the ends of minimum intervals too), as a table
        # with people is
        slow = Match(GAME, config, seed, ["casual", "novice"])
        sched = Scheduler(GAME, None, {0: bots.make("tessen", "casual"), 1: bots.make("tessen", "novice")},
                          seed, {0: seats[0].reaction, 1: seats[1].reaction}, match=slow)
        while GAME.result(slow.state) is None:
            t = sched.next_time()
            assert t is not None
            sched.run_until(t)
        assert fast is not None and fast.record.steps == slow.record.steps


def test_a_quiet_landing_changes_the_state_as_apply_does() -> None:
    from warroom.engine.errors import WarroomError

    rng = random.Random(8)
    answers: set[bool] = set()
    for variants in VARIANTS:
        for state in states(variants, 6, every=4):
            for p in (0, 1):
                t = state.clock + rng.choice((0, 150, 400, 2_000, 4_000))
                legal = GAME.legal_actions(state, p, t)
                for action in [*legal[:3], "draw", "yield", "take place=discard", "keep place=2",
                               "draw   from=opponent", "fly", ""]:
                    quiet, loud = GAME.clone(state), GAME.clone(state)
                    accepted = GAME.apply_quiet(quiet, p, action, t)
                    try:
                        GAME.apply(loud, p, action, t)
                    except WarroomError:
                        assert not accepted, action
                    else:
                        assert accepted, action
                    answers.add(accepted)
                    assert GAME.to_json(quiet) == GAME.to_json(loud)
                    assert quiet.interval_ms == loud.interval_ms == state.config["options"]["min_interval_ms"]
    assert answers == {True, False}


def _what_a_look_finds(state: TessenState, p: int, now: int) -> tuple[Any, ...]:
    """What the runner makes of a look at ``now``, asked the long way (next_chance, deciders,
    legal_actions)."""
    at = GAME.next_chance(state, p, now)
    if at is not None and at > now:
        return ("later", at)
    if at is None or p not in GAME.deciders(state):
        return ("nothing",)
    legal = GAME.legal_actions(state, p, now)
    return ("act", legal) if legal else ("nothing",)


def test_a_look_finds_in_one_call_what_the_long_way_finds() -> None:
    seen: set[str] = set()
    for variants in VARIANTS:
        for state in states(variants, 7, every=3):
            for p in (0, 1):
                for dt in (0, 1, 150, 399, 400, 1000, 3_000, 5_000):
                    now = state.clock + dt
                    found = GAME.perceive(GAME.clone(state), p, now)
                    got = ("later", found) if isinstance(found, int) else ("act", found) if found \
                        else ("nothing",)
                    assert got == _what_a_look_finds(GAME.clone(state), p, now), (p, now)
                    seen.add(got[0])
    assert seen == {"later", "nothing", "act"}


@pytest.mark.parametrize("variants", VARIANTS)
def test_the_runner_plays_the_same_matches_without_the_games_shortcuts(variants: tuple[str, ...]) -> None:
    from warroom.games.tessen.rules import Tessen

    class LongWay(Tessen):
        """Tessen with the engine's default hooks, which take the long way."""

        perceive = Game.perceive
        apply_quiet = Game.apply_quiet

    config = GAME.configure(2, list(variants), {"wins": 1})
    for seed in range(3):
        outcomes = []
        for game in (GAME, LongWay()):
            seats = [bots.make("tessen", "casual"), bots.make("tessen", "novice")]
            outcomes.append(play_realtime(game, config, seed, seats)[0])
        assert outcomes[0] == outcomes[1]
