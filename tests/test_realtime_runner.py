"""The discrete-event runner (`warroom.engine.realtime`) on the real-time test game Skirmish."""

from __future__ import annotations

import json
import random
import statistics
from typing import Any

import pytest

from tests.skirmish import GAME, GreedyBot
from warroom.bots import RandomBot
from warroom.engine import CLOCK_SEAT, WAIT, registry
from warroom.engine.bot import Bot
from warroom.engine.match import Match
from warroom.engine.realtime import (
    REACTION_LEVELS,
    FixedReaction,
    HumanReaction,
    play_realtime,
)
from warroom.engine.record import Record, replay

CONFIG = GAME.configure(2)


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.skirmish import register

    register(monkeypatch)


class Script(Bot):
    """A bot that plays its actions in order when they are legal, else chooses nothing."""

    name = "script"
    needs_view = False

    def __init__(self, actions: list[str], reaction: Any = None) -> None:
        self.actions = list(actions)
        self.seen: list[list[str]] = []
        self.views: list[dict[str, Any]] = []
        if reaction is not None:
            self.reaction = reaction

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str | None:
        self.seen.append(legal)
        self.views.append(view)
        if self.actions and self.actions[0] in legal:
            return self.actions.pop(0)
        return None


# ----- whole games --------------------------------------------------------------------------------
def test_both_seats_act_and_the_game_ends() -> None:
    outcome, match = play_realtime(GAME, CONFIG, 5, [RandomBot(), GreedyBot()], record=True)
    assert match is not None and match.result() is not None
    seats = {s.seat for s in match.record.steps}
    assert {0, 1} <= seats
    times = [s.t for s in match.record.steps]
    assert all(t is not None for t in times) and times == sorted(times)  # type: ignore[type-var]
    assert outcome.game_ms == times[-1]
    assert outcome.decisions == sum(1 for s in match.record.steps if s.seat != CLOCK_SEAT)


def test_the_same_seed_plays_the_same_game_and_another_seed_another() -> None:
    def run(seed: int) -> list[tuple[int, str, int | None]]:
        _, match = play_realtime(GAME, CONFIG, seed, [RandomBot(), RandomBot()], record=True)
        assert match is not None
        return [(s.seat, s.action, s.t) for s in match.record.steps]

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_a_record_replays_exactly_with_its_times() -> None:
    for seed in range(6):
        _, match = play_realtime(GAME, CONFIG, seed, [RandomBot(), GreedyBot()], record=True)
        assert match is not None
        record = Record.from_json(json.loads(json.dumps(match.record.to_json())))
        assert [s.t for s in record.steps] == [s.t for s in match.record.steps]
        last = None
        for step in replay(record, verify=True):  # every hash, so every time, is reproduced
            last = step.state
        assert GAME.to_json(last) == GAME.to_json(match.state)


def test_without_a_record_the_outcome_is_the_same() -> None:
    bots = [RandomBot(), GreedyBot()]
    with_record, _ = play_realtime(GAME, CONFIG, 8, bots, record=True)
    without, match = play_realtime(GAME, CONFIG, 8, bots)
    assert match is None and with_record == without


# ----- perception, reaction and failure -----------------------------------------------------------
def test_an_action_lands_after_the_seat_reaction_time() -> None:
    config = GAME.configure(2, options={"cards": 2, "interval_ms": 0})
    _, match = _run_until(config, [Script(["draw", "draw"], FixedReaction(300)),
                                   Script(["draw"], FixedReaction(450))], 2_000)
    assert [(s.seat, s.action, s.t) for s in match.record.steps] == [
        (0, "draw", 300), (1, "draw", 450), (0, "draw", 600)]


def _run_until(config: dict[str, Any], bots: list[Any], max_ms: int, seed: int = 1) -> tuple[None, Match]:
    """Play until ``max_ms`` (scripted games never end) and return the match as it stood."""
    match = Match(GAME, config, seed, [b.name for b in bots])
    with pytest.raises(RuntimeError, match="game still running"):
        play_realtime(GAME, config, seed, bots, max_ms=max_ms, match=match)
    return None, match


def test_an_action_that_became_illegal_while_reacting_fails_and_the_seat_looks_again() -> None:
    # east perceives an empty attack slot at 0 and attacks; west is faster and attacks first, so
    # east's attack lands while east is under attack and is refused
    config = GAME.configure(2, options={"cards": 3, "interval_ms": 0, "answer_ms": 5_000})
    state = GAME.new(config, 2)
    first_west, first_east = state.decks[0][-1], state.decks[1][-1]
    west = Script(["draw", f"attack card={first_west}"], FixedReaction(100))
    east = Script(["draw", f"attack card={first_east}", "yield"], FixedReaction(150))
    outcome_match = _run_until(config, [west, east], 2_000, seed=2)[1]
    steps = [(s.seat, s.action, s.t) for s in outcome_match.record.steps]
    assert steps[:3] == [(0, "draw", 100), (1, "draw", 150), (0, f"attack card={first_west}", 200)]
    # east chose its attack at 150 (legal then), it landed at 300 and was refused; east then
    # perceived the attack and yielded 150 ms later
    assert (1, f"attack card={first_east}", 300) not in steps
    assert (1, "yield", 450) in steps


def test_failed_actions_are_counted() -> None:
    failed = sum(play_realtime(GAME, CONFIG, s, [RandomBot(), RandomBot()])[0].failed for s in range(10))
    assert failed > 0


def test_an_unanswered_attack_is_resolved_by_the_clock_and_recorded() -> None:
    config = GAME.configure(2, options={"cards": 2, "interval_ms": 0, "answer_ms": 700})
    state = GAME.new(config, 4)
    card = state.decks[0][-1]
    west = Script(["draw", f"attack card={card}"], FixedReaction(100))
    east = Script([], FixedReaction(100))  # never answers
    _, match = _run_until(config, [west, east], 3_000, seed=4)
    steps = [(s.seat, s.action, s.t) for s in match.record.steps]
    assert steps == [(0, "draw", 100), (0, f"attack card={card}", 200), (CLOCK_SEAT, WAIT, 900)]
    assert match.state.attack == [-1, -1] and card in match.state.discard
    assert [e.kind for e in match.events][-1] == "unanswered"


def test_a_seat_that_chooses_nothing_looks_again_when_the_state_changes() -> None:
    config = GAME.configure(2, options={"cards": 2, "interval_ms": 0})
    west = Script(["draw"], FixedReaction(900))
    east = Script([], FixedReaction(10))
    east.needs_view = True
    _run_until(config, [west, east], 1_100)
    # east looked at 0, after each idle interval (250, 500, 750) and when west's draw landed
    # (900); the next idle look would be at 1150
    assert len(east.seen) == 5
    assert [v["hand_sizes"][0] for v in east.views] == [0, 0, 0, 0, 1]


def test_a_bot_is_handed_the_games_lens_only_if_it_asks_and_the_game_has_one() -> None:
    from tests.skirmish import Skirmish

    class Lensed(Skirmish):
        def bot_lens(self, state: Any, player: int) -> dict[str, Any]:
            return {"lens": player, "hand_size": len(state.hands[player])}

    config = GAME.configure(2, options={"cards": 2, "interval_ms": 0})

    def views(game: Any, **declared: bool) -> list[dict[str, Any]]:
        bot = Script(["draw"], FixedReaction(100))
        for key, value in declared.items():
            setattr(bot, key, value)
        match = Match(game, config, 1)
        with pytest.raises(RuntimeError):
            play_realtime(game, config, 1, [bot, Script([])], max_ms=300, match=match)
        return bot.views

    lensed = Lensed()
    assert views(lensed, needs_view=True, lens_view=True) == [{"lens": 0, "hand_size": 0}, {"lens": 0, "hand_size": 1}]
    # without the declaration, or on a game without a lens: the view (or nothing) as before
    assert views(lensed, needs_view=True)[0] == GAME.view(GAME.new(config, 1), 0)
    assert views(GAME, needs_view=True, lens_view=True)[0] == GAME.view(GAME.new(config, 1), 0)
    assert views(lensed, needs_view=False, lens_view=True)[0] == {}


def test_between_bots_the_runner_wakes_only_when_the_state_changes_if_the_game_says_when() -> None:
    from tests.skirmish import Skirmish
    from warroom.engine.realtime import Scheduler

    asked: list[str] = []

    class Hinted(Skirmish):
        def next_deadline(self, state: Any) -> int | None:
            asked.append("deadline")
            return super().next_deadline(state)

        def next_state_change(self, state: Any) -> int | None:
            asked.append("change")
            return super().next_deadline(state)  # Skirmish's deadlines all change the state

    game = Hinted()
    play_realtime(game, CONFIG, 3, [GreedyBot(), GreedyBot()])
    assert "change" in asked and "deadline" not in asked
    asked.clear()
    Scheduler(game, game.new(CONFIG, 3), {0: GreedyBot()}, 3).run_until(5_000)  # a person may sit in
    assert "deadline" in asked and "change" not in asked


def test_a_seat_without_a_decision_waits_for_the_next_deadline() -> None:
    # the minimum interval: after its draw at 100 west has no decision until 600
    config = GAME.configure(2, options={"cards": 3, "interval_ms": 500})
    west = Script(["draw", "draw"], FixedReaction(100))
    east = Script([], FixedReaction(100))
    _, match = _run_until(config, [west, east], 1_000)
    assert [(s.seat, s.action, s.t) for s in match.record.steps] == [(0, "draw", 100), (0, "draw", 700)]


def test_the_runner_overrides_the_bot_reaction_when_asked() -> None:
    config = GAME.configure(2, options={"cards": 2, "interval_ms": 0})
    _, match = _run_until(config, [Script(["draw"], FixedReaction(1_000)), Script([])], 600)
    assert match.record.steps == []
    match = Match(GAME, config, 1)
    with pytest.raises(RuntimeError):
        play_realtime(GAME, config, 1, [Script(["draw"], FixedReaction(1_000)), Script([])],
                      reactions=[FixedReaction(5), None], max_ms=600, match=match)
    assert [(s.seat, s.action, s.t) for s in match.record.steps] == [(0, "draw", 5)]


def test_a_stalled_game_is_reported() -> None:
    class Never(Bot):
        name = "never"
        needs_view = False

        def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str | None:
            return None

    with pytest.raises(RuntimeError, match="still running after 2000 ms"):
        play_realtime(GAME, CONFIG, 1, [Never(), Never()], max_ms=2_000)


def test_ties_at_one_millisecond_go_both_ways_over_seeds() -> None:
    config = GAME.configure(2, options={"cards": 2, "interval_ms": 0, "answer_ms": 5_000})
    first = set()
    for seed in range(12):
        state = GAME.new(config, seed)
        west = Script(["draw", f"attack card={state.decks[0][-1]}"], FixedReaction(100))
        east = Script(["draw", f"attack card={state.decks[1][-1]}"], FixedReaction(100))
        _, match = _run_until(config, [west, east], 500, seed=seed)
        attacks = [s.seat for s in match.record.steps if s.action.startswith("attack")]
        assert len(attacks) == 1  # both land at 200; the first one wins, the other is refused
        first.add(attacks[0])
    assert first == {0, 1}


# ----- the reaction models --------------------------------------------------------------------------
@pytest.mark.parametrize("level", sorted(REACTION_LEVELS))
def test_reaction_levels_match_their_documented_means(level: str) -> None:
    model = REACTION_LEVELS[level]
    rng = random.Random(1)
    for options in (1, 2, 8):
        samples = [model.delay_ms(rng, options) for _ in range(4000)]
        assert abs(statistics.mean(samples) - model.mean_ms(options)) < 15
        assert min(samples) >= model.perception_ms + model.motor_ms
        # right-skewed, as reaction times are
        assert statistics.mean(samples) > statistics.median(samples)


def test_reaction_levels_are_ordered_and_grounded() -> None:
    novice, casual, expert = (REACTION_LEVELS[k] for k in ("novice", "casual", "expert"))
    for options in (1, 2, 10):
        assert expert.mean_ms(options) < casual.mean_ms(options) < novice.mean_ms(options)
    # the reference: simple reactions about 220-250 ms, two-choice about 370-450 ms
    assert 200 <= expert.mean_ms(1) <= 300 and 370 <= casual.mean_ms(2) <= 450


def test_more_options_take_longer() -> None:
    model = HumanReaction(perception_ms=50, mu=50, sigma=0, tau=0, hick_ms_per_bit=100, motor_ms=50)
    rng = random.Random(0)
    assert [model.delay_ms(rng, n) for n in (1, 2, 4, 8)] == [150, 250, 350, 450]


@pytest.mark.parametrize("model", [*REACTION_LEVELS.values(),
                                   HumanReaction(perception_ms=50, mu=50, sigma=0, tau=0, hick_ms_per_bit=100,
                                                 motor_ms=50),
                                   HumanReaction(perception_ms=-300, mu=10, sigma=40, tau=20, hick_ms_per_bit=30,
                                                 motor_ms=0)])
def test_the_runners_draw_gives_the_numbers_delay_ms_gives(model: HumanReaction) -> None:
    # the runner draws through the model's sampler (constants bound once): the same numbers from
    # the same stream, read as at least 0 as the runner reads delay_ms
    slow, fast = random.Random(3), random.Random(3)
    draw = model.sampler(fast)
    options = [1 + i % 90 for i in range(2000)]  # past the sampler's table of choice times too
    assert [draw(n) for n in options] == [max(0, int(model.delay_ms(slow, n))) for n in options]
    assert slow.random() == fast.random()


def test_the_runner_serves_games_from_the_registry_too() -> None:
    game = registry.get("skirmish")
    outcome, _ = play_realtime(game, game.configure(2), 1, [GreedyBot(), GreedyBot()])
    assert outcome.reason == "every card is played"


def test_simulate_and_bench_play_real_time_games_on_the_simulated_clock() -> None:
    from warroom.sim.bench import bench_game
    from warroom.sim.simulate import make_spec, simulate, summarize

    summary = summarize(simulate(make_spec("skirmish", 7, bots=["random"]), 20, jobs=1))
    assert summary["errors"] == 0 and summary["completed"] == 20
    assert summary["mean_decisions"] > 10
    again = summarize(simulate(make_spec("skirmish", 7, bots=["random"]), 20, jobs=1))
    assert again["wins"] == summary["wins"]  # a run is a function of its seed
    row = bench_game(registry.get("skirmish"), 2, 0.2)
    assert row["decisions_per_second"] > 0 and row["games"] >= 1 and row["states_sampled"] > 0
