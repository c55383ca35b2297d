"""Engine benchmarks on one core: playouts, decisions, clones and JSON round trips.

Each number measures what a client of the protocol pays, the way that client
calls it:

- ``decisions_per_second``: a random bot driving the engine (``result``,
  ``deciders``, ``legal_actions``, then ``apply_trusted`` of the chosen action:
  the loop of ``engine.runner.play_bots``),
  timed from the set-up state to the end of the game; set-up is excluded. The
  playouts run in a few rounds; the median round is reported (and the best).
  A real-time game is played instead by ``engine.realtime.play_realtime`` on its simulated
  clock (random bots with the default reaction model, every action re-checked when it lands),
  and a decision is an accepted action.
- ``games_per_second``: whole random games, set-up (``new``) included.
- ``clone_us``: median cost of one ``clone`` of a mid-game state (search bots).
- ``json_roundtrip_us``: median cost of ``from_json(to_json(state))`` (storage).
- ``hash_us``: median cost of the state hash that every recorded action pays.

The garbage collector stays on: simulations run with it on, so the numbers
include what it costs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from warroom.engine import registry
from warroom.engine.game import Game
from warroom.engine.rng import mix_seed
from warroom.sim.simulate import SimError
from warroom.sim.stats import median

# What each game's engine should reach on the reference machine (2 cores, CPython 3.11).
TARGETS: dict[str, dict[str, float]] = {
    "kessen": {"decisions_per_second": 60_000.0, "clone_us": 15.0},
    "tessen": {"games_per_second": 50.0},  # whole matches between its heuristic bots
    "kasl": {"games_per_second": 20.0},
    "ltk": {"decisions_per_second": 25_000.0, "clone_us": 20.0},
}
# the bot a real-time game's matches are benchmarked with, where it is not the game's default
REALTIME_BOTS: dict[str, str] = {"tessen": "heuristic"}  # the figure: heuristic bots
# games benchmarked at a few representative player counts rather than every one
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"ltk": (2, 5, 10)}
# Share of the per-configuration time budget given to each measurement.
SHARE = {"playouts": 0.6, "clone": 0.15, "json": 0.15, "hash": 0.1}
# Playouts run in rounds and the median round is reported: on a shared machine another
# process can take the core for a while, and one slow round should not move the figure.
ROUNDS = 5
MAX_DECISIONS = 1_000_000  # a random game longer than this is a stalled engine
SAMPLE_EVERY = 7  # keep every 7th state of the sampling playouts as a "mid-game" state
MAX_SAMPLES = 300


def bench_all(
    game_name: str | None = None, seconds: float = 3.0, seed: int = 0,
    on_start: Callable[[str, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Benchmark one game (or every registered game) at each of its player counts."""
    if seconds <= 0:
        raise SimError(f"--seconds must be positive, not {seconds}")
    games = [registry.get(game_name)] if game_name else registry.all_games()
    rows = []
    for game in games:
        for players in PLAYER_COUNTS.get(game.name, range(game.min_players, game.max_players + 1)):
            if on_start is not None:
                on_start(game.name, players)
            rows.append(bench_game(game, players, seconds, seed))
    return rows


def bench_game(game: Game[Any], players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """All measurements for one game and player count, within about ``seconds``."""
    config = game.configure(players)
    budget = seconds * SHARE["playouts"] / ROUNDS
    rounds = [playouts(game, config, budget, mix_seed(seed, 100 + r)) for r in range(ROUNDS)]
    play = {k: sum(r[k] for r in rounds) for k in rounds[0]}
    rates = [r["decisions"] / r["step_seconds"] for r in rounds]
    states = sample_states(game, config, mix_seed(seed, 1))
    clone_s = per_call(game.clone, states, seconds * SHARE["clone"], reps=50)
    json_s = per_call(
        lambda s: game.from_json(game.to_json(s)), states, seconds * SHARE["json"], reps=5
    )
    hash_s = per_call(game.hash, states, seconds * SHARE["hash"], reps=5)
    row: dict[str, Any] = {
        "game": game.name,
        "players": players,
        "games": play["games"],
        "decisions": play["decisions"],
        "mean_decisions": round(play["decisions"] / play["games"], 1),
        "decisions_per_second": round(median(rates), 1),
        "decisions_per_second_best": round(max(rates), 1),
        "games_per_second": round(median([r["games"] / r["total_seconds"] for r in rounds]), 2),
        "setup_us": round(play["setup_seconds"] / play["games"] * 1e6, 2),
        "clone_us": round(clone_s * 1e6, 3),
        "json_roundtrip_us": round(json_s * 1e6, 2),
        "hash_us": round(hash_s * 1e6, 2),
        "states_sampled": len(states),
    }
    targets = TARGETS.get(game.name)
    if targets:
        row["targets"] = dict(targets)
        row["meets_targets"] = meets(row, targets)
    return row


def meets(row: dict[str, Any], targets: dict[str, float]) -> bool:
    """Rates must reach their target, costs (``_us``) stay below it."""
    return all(
        row[k] < v if k.endswith("_us") else row[k] >= v for k, v in targets.items()
    )


def playouts(game: Game[Any], config: dict[str, Any], budget: float, seed: int) -> dict[str, Any]:
    """Random games until ``budget`` seconds are spent (at least one game)."""
    if game.realtime:
        return realtime_playouts(game, config, budget, seed)
    rng = random.Random(seed)
    # bound methods looked up once: the loop should measure the engine, not attribute lookups
    result, decide, legal_of, apply = (
        game.result, game.deciders, game.legal_actions, game.apply_trusted
    )
    clock = time.perf_counter
    games = decisions = 0
    setup = steps = 0.0
    deadline = clock() + budget
    while games == 0 or clock() < deadline:
        t0 = clock()
        state = game.new(config, mix_seed(seed, games))
        t1 = clock()
        n = 0
        while result(state) is None:
            pending = decide(state)
            if not pending or n >= MAX_DECISIONS:
                raise SimError(f"{game.name} stalled after {n} decisions (game {games})")
            player = pending[0]
            legal = legal_of(state, player)
            apply(state, player, legal[rng.randrange(len(legal))], None)
            n += 1
        t2 = clock()
        setup += t1 - t0
        steps += t2 - t1
        decisions += n
        games += 1
    return {
        "games": games,
        "decisions": decisions,
        "setup_seconds": setup,
        "step_seconds": steps,
        "total_seconds": setup + steps,
    }


def realtime_playouts(game: Game[Any], config: dict[str, Any], budget: float, seed: int) -> dict[str, Any]:
    """Games of a real-time game on the simulated clock (``engine.realtime.play_realtime``,
    every seat the bot of ``REALTIME_BOTS`` or the game's default bot, else a random bot with
    the default reaction model);
    ``decisions`` counts accepted actions, and the set-up is inside the timed game."""
    from warroom import bots as registry_bots
    from warroom.engine.realtime import play_realtime

    clock = time.perf_counter
    games = decisions = failed = 0
    steps = 0.0
    deadline = clock() + budget
    players = int(config["players"])
    while games == 0 or clock() < deadline:
        t0 = clock()
        # the game's own default bot (random for games without bots): a game with real bots is
        # measured the way its simulations run
        name = REALTIME_BOTS.get(game.name) or registry_bots.default_bot(game)
        seats = [registry_bots.make(game.name, name) for _ in range(players)]
        outcome, _ = play_realtime(game, config, mix_seed(seed, games), seats,
                                   max_actions=MAX_DECISIONS)
        steps += clock() - t0
        decisions += outcome.decisions
        failed += outcome.failed
        games += 1
    return {
        "games": games,
        "decisions": decisions,
        "setup_seconds": 0.0,
        "step_seconds": steps,
        "total_seconds": steps,
    }


def sample_states(game: Game[Any], config: dict[str, Any], seed: int) -> list[Any]:
    """Clones of states met during random games, spread over whole games."""
    rng = random.Random(seed)
    states: list[Any] = []
    index = 0
    while len(states) < MAX_SAMPLES and index < 200:
        state = game.new(config, mix_seed(seed, index))
        n = 0
        while game.result(state) is None and len(states) < MAX_SAMPLES and n < MAX_DECISIONS:
            if n % SAMPLE_EVERY == SAMPLE_EVERY // 2:
                states.append(game.clone(state))
            pending = game.deciders(state)
            if game.realtime:  # real time: a random seat acts 100 ms later (no seat may be free)
                game.advance_time(state, 100 * (n + 1))
                pending = game.deciders(state)
                if not pending:
                    n += 1
                    continue
            player = pending[rng.randrange(len(pending))] if game.realtime else pending[0]
            legal = game.legal_actions(state, player)
            game.apply_trusted(state, player, legal[rng.randrange(len(legal))],
                               100 * (n + 1) if game.realtime else None)
            n += 1
        index += 1
    if not states:
        states.append(game.new(config, seed))
    return states


def per_call(fn: Callable[[Any], Any], states: list[Any], budget: float, reps: int) -> float:
    """Median seconds per call of ``fn`` over ``states``, each sample timing ``reps`` calls.

    Timing a batch of calls keeps the clock's own cost and resolution out of
    sub-microsecond results; the median keeps a collection pause or a context
    switch from moving the figure.
    """
    clock = time.perf_counter
    samples: list[float] = []
    deadline = clock() + budget
    # every state is timed at least once, so the median covers the whole game even on a
    # tiny budget; after that, passes repeat until the budget is spent
    while len(samples) < len(states) or clock() < deadline:
        for state in states:
            t0 = clock()
            for _ in range(reps):
                fn(state)
            samples.append((clock() - t0) / reps)
            if len(samples) >= len(states) and clock() >= deadline:
                break
    return median(samples)
